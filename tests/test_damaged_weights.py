"""The expert's weights missing or damaged: checked once when loaded, the strong
level stands in, the player is told in their language, and the match goes on.

Every damaged copy is made in ``tmp_path`` and found through
``$TAVLI_VOICE_MODELS``; the installed ``models/`` files are only read.
"""

from __future__ import annotations

import io
import json
import os
import pickle
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest

from tavli_voice.bots import make_bot
from tavli_voice.bots.coach import judge
from tavli_voice.bots.expert import ExpertBot
from tavli_voice.bots.net import (MODEL_FILES, MODELS_VARIABLE, Net, WeightsError,
                                  forget_models, load_model, model_source)
from tavli_voice.bots.registry import unusable_games
from tavli_voice.bots.strong import StrongBot
from tavli_voice.rules import Position, legal_plays

GAMES = tuple(MODEL_FILES)
REAL = {g: Path(model_source(g)).read_bytes() for g in GAMES}


def _npz(**arrays: np.ndarray) -> bytes:
    buf = io.BytesIO()
    np.savez(buf, **arrays)  # type: ignore[arg-type]
    return buf.getvalue()


def _arrays(game: str) -> dict[str, np.ndarray]:
    net = Net.load(REAL[game], game)
    out = {"game": np.array(game), "w1": net.w1, "b1": net.b1, "w2": net.w2, "b2": net.b2}
    if net.ws is not None:
        out["ws"] = net.ws
    return out


def _wrong_shapes(game: str) -> bytes:
    a = _arrays(game)
    a["w1"] = np.zeros((a["w1"].shape[0] + 3, a["w1"].shape[1]), np.float32)
    return _npz(**a)


def _nan(game: str) -> bytes:
    a = _arrays(game)
    a["w2"] = a["w2"].copy()
    a["w2"][0, 0] = np.nan
    return _npz(**a)


def _missing_arrays(game: str) -> bytes:
    a = _arrays(game)
    return _npz(game=a["game"], w1=a["w1"])


def _other_game(game: str) -> bytes:
    return REAL[GAMES[(GAMES.index(game) + 1) % len(GAMES)]]


#: The nine ways the weights were found damaged: name → bytes of the file (None: no file).
DAMAGE: dict[str, Callable[[str], bytes | None]] = {
    "empty": lambda g: b"",
    "text": lambda g: b"these are not weights\n" * 20,
    "pickle": lambda g: pickle.dumps({"game": g, "w1": [[1.0, 2.0]]}),
    "wrong_shapes": _wrong_shapes,
    "nan": _nan,
    "missing_arrays": _missing_arrays,
    "other_game": _other_game,
    "truncated_zip": lambda g: REAL[g][: len(REAL[g]) // 2],
    "missing_file": lambda g: None,
}


@pytest.fixture(autouse=True)
def fresh_models() -> Iterator[None]:
    """Every test reads the weights anew, and leaves the real ones loaded after."""
    forget_models()
    yield
    forget_models()


def damage(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str,
           games: tuple[str, ...] = GAMES) -> Path:
    """A models folder in tmp_path with ``games`` damaged as ``case`` (others intact)."""
    folder = tmp_path / "models"
    folder.mkdir(exist_ok=True)
    for game in GAMES:
        data = DAMAGE[case](game) if game in games else REAL[game]
        if data is not None:
            (folder / MODEL_FILES[game]).write_bytes(data)
    monkeypatch.setenv(MODELS_VARIABLE, str(folder))
    forget_models()
    return folder


def test_the_installed_weights_pass_their_check() -> None:
    for game in GAMES:
        assert load_model(game).game == game
    assert unusable_games(GAMES) == []


@pytest.mark.parametrize("case", sorted(DAMAGE))
def test_each_damage_is_refused_once_with_a_reason(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   case: str) -> None:
    folder = damage(tmp_path, monkeypatch, case, ("portes",))
    with pytest.raises(WeightsError) as first:
        load_model("portes")
    assert first.value.game == "portes" and first.value.reason
    # checked once: the file is not read again, the same answer comes back
    (folder / "portes.npz").write_bytes(REAL["portes"])
    with pytest.raises(WeightsError) as second:
        load_model("portes")
    assert second.value is first.value
    assert load_model("fevga").game == "fevga"  # the other games' weights still load
    assert unusable_games(["portes", "plakoto", "fevga", "portes"]) == ["portes"]


@pytest.mark.parametrize("case, reason", [
    ("empty", "empty"), ("nan", "not finite"), ("wrong_shapes", "shape"),
    ("missing_arrays", "arrays missing"), ("other_game", "made for plakoto"),
    ("missing_file", "missing"), ("text", "damaged"), ("pickle", "damaged")])
def test_the_reason_names_what_is_wrong(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        case: str, reason: str) -> None:
    damage(tmp_path, monkeypatch, case, ("portes",))
    with pytest.raises(WeightsError, match=reason):
        load_model("portes")


def test_an_object_array_is_never_unpickled(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    a = _arrays("portes")
    a["meta"] = np.array([{"x": 1}], dtype=object)
    buf = io.BytesIO()
    np.savez(buf, **a)  # type: ignore[arg-type]
    folder = damage(tmp_path, monkeypatch, "empty", ())
    (folder / "portes.npz").write_bytes(buf.getvalue())
    forget_models()
    with pytest.raises(WeightsError, match="damaged"):
        load_model("portes")


def test_a_file_too_big_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tavli_voice.bots import net
    folder = damage(tmp_path, monkeypatch, "empty", ())
    monkeypatch.setattr(net, "MAX_FILE_BYTES", 1000)
    with pytest.raises(WeightsError, match="more than weights take"):
        net.Net.load(folder / "portes.npz", "portes")


def _turns(game: str, n: int, seed: int) -> Iterator[tuple[Position, tuple[int, int], list]]:
    rng = random.Random(seed)
    pos = Position.initial(game)
    for _ in range(n):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = list(legal_plays(pos, dice))
        if not plays:
            pos = pos.flip()
            continue
        yield pos, dice, plays
        pos = plays[rng.randrange(len(plays))].result.flip()


@pytest.mark.parametrize("case", sorted(DAMAGE))
@pytest.mark.parametrize("game", GAMES)
def test_the_expert_plays_as_the_strong_bot_where_weights_fail(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str, game: str) -> None:
    damage(tmp_path, monkeypatch, case, (game,))
    expert, strong = ExpertBot(3), StrongBot(3)
    assert not expert.usable(game)
    for pos, dice, plays in _turns(game, 12, seed=len(case)):
        assert expert.choose_play(pos, dice, plays) == strong.choose_play(pos, dice, plays)
        assert set(expert.ranked(pos, plays)) == set(plays)
    pos = Position.initial(game, "vog" if game != "fevga" else "tavlucky")
    assert expert.cube_offer(pos) == strong.cube_offer(pos)
    assert expert.cube_take(pos) == strong.cube_take(pos)
    # Rita plays on (her strong-valued way) and the coach stays quiet
    rita = make_bot("rita", seed=1)
    for pos, dice, plays in _turns(game, 6, seed=2):
        assert rita.choose_play(pos, dice, plays) in plays
        assert judge(plays, plays[-1]) is None


def test_the_expert_still_uses_the_weights_that_load(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    damage(tmp_path, monkeypatch, "nan", ("plakoto",))
    expert = ExpertBot(0)
    assert expert.usable("portes") and not expert.usable("plakoto")
    pos, dice, plays = next(_turns("portes", 5, seed=9))
    eq = expert.equities(plays)
    assert expert.choose_play(pos, dice, plays) == plays[int(np.argmax(eq))]


# ------------------------------------------------- the player's side: told, and the game goes on

TOLD = {"en": "The expert player's weights for {games} are missing or damaged",
        "el": "Τα βάρη του έμπειρου παίκτη για {games} λείπουν ή είναι χαλασμένα"}
REINSTALL = {"en": "reinstall tavli-voice: pip install --force-reinstall tavli_voice",
             "el": "εγκατάστησε ξανά το tavli-voice: pip install --force-reinstall tavli_voice"}
HINT = {"en": "Hint: play ", "el": "Συμβουλή: παίξε την "}
GAME_NAMES = {"en": {"portes": "Portes", "plakoto": "Plakoto", "fevga": "Fevga"},
              "el": {"portes": "Πόρτες", "plakoto": "Πλακωτό", "fevga": "Φεύγα"}}
#: The three ways the expert's weights are used: a hint, the suggested play listed first,
#: and a match between bots (expert against Rita).
WAYS = {
    "hint": (["--opponent", "expert"], "r\nx\n1\ny\n" * 4 + "q\n"),
    "suggest": (["--opponent", "expert", "--suggest"], "r\n1\ny\n" * 4 + "q\n"),
    "bot_match": (["--players", "expert,rita", "--points", "1"], ""),
}


def play(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str],
         typed: str) -> tuple[int, str]:
    from tavli_voice.startup import main
    monkeypatch.setenv("TAVLI_VOICE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("HOME", str(tmp_path / "h"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdgc"))
    out = io.StringIO()
    code = main(argv + ["--speech", "off"], out=out, inp=io.StringIO(typed))
    return code, out.getvalue()


@pytest.mark.parametrize("lang", ["en", "el"])
@pytest.mark.parametrize("way", sorted(WAYS))
@pytest.mark.parametrize("case", sorted(DAMAGE))
def test_the_player_is_told_and_the_game_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 case: str, way: str, lang: str) -> None:
    game = GAMES[sorted(DAMAGE).index(case) % 3]
    damage(tmp_path, monkeypatch, case, (game,))
    options, typed = WAYS[way]
    code, said = play(tmp_path, monkeypatch, ["--game", game, "--lang", lang, "--seed", "5",
                                              "--no-save"] + options, typed)
    lines = said.splitlines()
    told = [x for x in lines if x.startswith(TOLD[lang].format(games=GAME_NAMES[lang][game]))]
    assert len(told) == 1 and told[0].endswith(REINSTALL[lang]), said[:400]
    assert lines[0] == told[0]  # before the match starts
    if way == "hint":
        assert sum(x.startswith(HINT[lang]) for x in lines) >= 2
    if way == "bot_match":
        won = {"en": " wins the match, ", "el": " κέρδισε τον αγώνα, "}[lang]
        assert code == 0 and won in lines[-2], lines[-3:]
        assert lines[-1] == {"en": "Goodbye.", "el": "Γεια σου."}[lang]  # then the program ends


def test_the_installed_weights_say_nothing(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    code, said = play(tmp_path, monkeypatch, ["--game", "plakoto", "--seed", "5", "--no-save"]
                      + WAYS["bot_match"][0], "")
    assert code == 0 and "weights" not in said


def test_a_saved_match_resumes_with_the_strong_player_standing_in(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    damage(tmp_path, monkeypatch, "truncated_zip")
    save = tmp_path / "match.json"
    base = ["--save", str(save), "--seed", "8", "--opponent", "expert", "--points", "3"]
    code, first = play(tmp_path, monkeypatch, base, "r\n1\ny\n" * 3 + "q\n")
    assert save.is_file() and first.startswith(TOLD["en"].format(games="Portes, Plakoto, Fevga"))
    forget_models()  # a new run of the program
    code, again = play(tmp_path, monkeypatch, base + ["--resume"], "r\n1\ny\n" * 3 + "q\n")
    assert again.startswith(TOLD["en"].format(games="Portes, Plakoto, Fevga"))
    assert "could not be read" not in again and save.is_file()
    assert "The expert played" in first and "The expert played" in again


# ------------------------------------------- moves --bot expert, and the narrator says it too

ROOT = Path(__file__).resolve().parents[1]
PLAKOTO_LINE = json.dumps({"position": {"game": "plakoto", "points": [
    2, 0, 0, 0, 0, -5, 0, -3, 0, 0, 0, 5, -5, 0, 0, 0, 3, 0, 5, 0, 0, 0, 0, -2]}, "dice": [6, 5]})


def moves(lang: str, bot: str = "expert") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tavli_voice.cli", "moves", "--jsonl", "--bot", bot,
                           "--lang", lang], input=PLAKOTO_LINE + "\n", capture_output=True, text=True,
                          cwd=ROOT, timeout=120, env=dict(os.environ, PYTHONPATH=str(ROOT)))


@pytest.mark.parametrize("lang", ["en", "el"])
def test_moves_with_the_expert_says_the_strong_player_stands_in(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    damage(tmp_path, monkeypatch, "truncated_zip", ("plakoto",))
    proc = moves(lang)
    assert proc.returncode == 0, proc.stderr
    told = TOLD[lang].format(games=GAME_NAMES[lang]["plakoto"])
    assert proc.stderr.splitlines() == [proc.stderr.strip()]  # one line: no log warning, no traceback
    assert proc.stderr.startswith(told) and proc.stderr.strip().endswith(REINSTALL[lang])
    answer = json.loads(proc.stdout)
    assert answer["choice"] is not None and 0 <= answer["choice"] < len(answer["plays"])


def test_moves_says_nothing_with_the_installed_weights_or_another_bot(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert moves("en").stderr == ""
    damage(tmp_path, monkeypatch, "text", ("plakoto",))
    proc = moves("en", bot="strong")
    assert proc.returncode == 0 and proc.stderr == "" and json.loads(proc.stdout)["choice"] is not None


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_narrator_says_the_weights_notice_before_the_match(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    from tavli_voice.narration import backend
    from tavli_voice.narration.speaker import RecordingSpeaker
    from tavli_voice.startup import main

    speaker = RecordingSpeaker(auto_finish=True)
    monkeypatch.setattr(backend, "make_speaker", lambda settings, lang: (speaker, None))
    damage(tmp_path, monkeypatch, "nan", ("fevga",))
    out = io.StringIO()
    code = main(["--game", "fevga", "--opponent", "expert", "--lang", lang, "--seed", "5", "--no-save",
                 "--speech", "on"], out=out, inp=io.StringIO("r\n1\ny\nq\n"))
    assert code in (0, 1)
    told = TOLD[lang].format(games=GAME_NAMES[lang]["fevga"])
    spoken = [u.text for u in speaker.spoken()]
    assert spoken and spoken[0].startswith(told), spoken[:3]
    assert sum(s.startswith(told) for s in spoken) == 1
    assert out.getvalue().startswith(told)
