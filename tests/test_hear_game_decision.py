"""``tavli-voice hear`` says what the game would do with each word said on its own (``voice_decision.decide``),
while ``speech.cli.hear_main`` called without a decision keeps the score rule alone."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tavli_voice import cli
from tavli_voice import commands as C
from tavli_voice.speech import cli as speech_cli
from tavli_voice.speech.audio import write_wav
from tavli_voice.speech.grammar import Phrase
from tavli_voice.speech.heard import Heard

from speech_helpers import game_in_the_play_phase

#: "six" heard sure (share 0.9) 3 dB over the noise: the score alone acts, the game asks back (ACT_SNR_DB 7)
SURE_IN_NOISE = Heard("six", C.ChoosePlay(6), 0.9, 1.0, "whisper+crop",
                      shares=((C.ChoosePlay(6), 0.9), (C.ChoosePlay(5), 0.1)), snr=3.0, own=-0.5)
#: the same word 30 dB over the noise: both act on it
SURE_IN_QUIET = Heard("six", C.ChoosePlay(6), 0.9, 1.0, "whisper+crop",
                      shares=((C.ChoosePlay(6), 0.9), (C.ChoosePlay(5), 0.1)), snr=30.0, own=-0.5)
#: "from 21" heard sure 15 dB over the noise: a point is asked back under POINT_SNR_DB (21 dB)
POINT = Heard("from twenty one", C.FromPoint(21), 0.95, 1.0, "whisper+crop",
              shares=((C.FromPoint(21), 0.95), (C.FromPoint(20), 0.05)), snr=15.0, own=-0.4)
#: "six" heard unsure: both ask
UNSURE = Heard("six", C.ChoosePlay(6), 0.3, 1.0, "whisper+crop",
               shares=((C.ChoosePlay(6), 0.3), (C.ChoosePlay(5), 0.7)), snr=30.0, own=-1.0)
NOTHING = Heard("", None, 0.0, 1.0, "whisper+crop", reason="nothing")
#: "roll" («ρίξε») heard sure: a decoy while a play is chosen, the roll itself in the phase "turn"
ROLL = Heard("roll", C.Roll(), 0.95, 1.0, "whisper+crop", shares=((C.Roll(), 0.95),), snr=30.0, own=-0.3)
RIXE = Heard("ρίξε", C.Roll(), 0.95, 1.0, "whisper+crop", shares=((C.Roll(), 0.95),), snr=30.0, own=-0.3)
#: "plays" («κινήσεις») heard sure: before the roll there is nothing to list
PLAYS = Heard("plays", C.ListPlays(), 0.95, 1.0, "whisper+crop", shares=((C.ListPlays(), 0.95),), snr=30.0)
KINISEIS = Heard("κινήσεις", C.ListPlays(), 0.95, 1.0, "whisper+crop", shares=((C.ListPlays(), 0.95),), snr=30.0)


class FakeEngine:
    """Gives the Heard named by each file's stem, whatever the sound."""

    name = "whisper+crop"

    def __init__(self, by_stem: dict[str, Heard]) -> None:
        self.by_stem = by_stem
        self.files: list[str] = []
        self.items: tuple[Phrase, ...] = ()

    def recognize(self, audio: Any, items: tuple[Phrase, ...]) -> Heard:
        self.items = items
        return self.by_stem[self.files.pop(0)]


@pytest.fixture
def hear(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """Runs ``hear`` on one file a Heard, by the top-level dispatcher (``top=True``) or ``hear_main`` alone;
    returns the JSON lines."""
    heards = {"sure_in_noise": SURE_IN_NOISE, "sure_in_quiet": SURE_IN_QUIET, "point": POINT, "unsure": UNSURE,
              "nothing": NOTHING, "roll": ROLL, "rixe": RIXE, "plays": PLAYS,
              "kiniseis": KINISEIS}
    engine = FakeEngine(heards)
    monkeypatch.setattr(speech_cli, "choose_engine", lambda *args, **kwargs: engine)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    for stem in heards:
        write_wav(tmp_path / f"{stem}.wav", np.zeros(1600, dtype=np.float32))

    def run(stems: list[str], top: bool, lang: str = "en", more: tuple[str, ...] = ()) -> list[dict[str, Any]]:
        engine.files = list(stems)
        out, err = io.StringIO(), io.StringIO()
        files = [str(tmp_path / f"{stem}.wav") for stem in stems]
        if top:
            real = speech_cli.hear_main
            monkeypatch.setattr(speech_cli, "hear_main", lambda argv, **kw: real(argv, out, err, **kw))
            assert cli.main(["hear", "--lang", lang, "--step", *more, *files]) == 0, err.getvalue()
            monkeypatch.setattr(speech_cli, "hear_main", real)
        else:
            assert speech_cli.hear_main(["--lang", lang, "--step", *more, *files], out, err) == 0, err.getvalue()
        return [json.loads(line) for line in out.getvalue().splitlines()]

    run.engine = engine  # type: ignore[attr-defined]
    return run


class TestHearGameDecision:
    def test_a_sure_word_3_db_over_the_noise_is_asked_back_as_the_game_does(self, hear: Any) -> None:
        (line,) = hear(["sure_in_noise"], top=True)
        assert line["command"] == {"name": "select", "number": 6}
        assert (line["act"], line["ask"]) == ("ask", True)
        assert line["rule"] == "asked back: 3.0 dB over the noise (7.0 needed to act at once)"

    def test_the_score_rule_alone_acts_on_it_when_no_decision_is_given(self, hear: Any) -> None:
        (line,) = hear(["sure_in_noise"], top=False)
        assert line["act"] == "now" and "ask" not in line and "rule" not in line

    def test_a_point_under_its_level_over_the_noise_is_asked_back(self, hear: Any) -> None:
        game, score = hear(["point"], top=True), hear(["point"], top=False)
        assert game[0]["act"] == "ask" and game[0]["rule"].startswith("asked back: a point heard 15.0 dB")
        assert score[0]["act"] == "now"

    def test_where_both_agree_the_lines_differ_only_by_the_rule_and_its_words(self, hear: Any) -> None:
        stems = ["sure_in_quiet", "unsure", "nothing"]
        game, score = hear(stems, top=True), hear(stems, top=False)
        assert [line.pop("rule", None) for line in game] == [
            "acted on at once (score 0.90, confirm unsure)", "asked back: unsure (score 0.30, confirm unsure)",
            None]
        assert [line.pop("why", None) for line in game] == [
            "acted on at once: the recogniser was sure of it (score 0.90)",
            "asked back: the recogniser was unsure of it (score 0.30)", None]
        assert game == score
        assert [line.get("act") for line in score] == ["now", "ask", None]
        assert [line.get("ask", False) for line in score] == [False, True, False]

    def test_the_game_decision_is_that_of_a_fresh_game(self) -> None:
        assert cli.game_decision(SURE_IN_NOISE) == (
            "ask", "asked back: 3.0 dB over the noise (7.0 needed to act at once)",
            "asked back: the word stood only 3.0 dB over the noise (7.0 needed to act at once)")
        assert cli.game_decision(Heard("resign", C.Resign(), 0.99, 1.0, "whisper+crop", snr=30.0))[0] == "ask"
        assert cli.game_decision(Heard("stop", C.StopSpeech(), 0.1, 1.0, "whisper+crop", snr=1.0))[0] == "now"


class TestHearSnrAndWhy:
    """``"snr"`` is the Heard's own measure (null when not measured); ``"why"`` the rule in the user's words."""

    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_snr_is_the_words_level_over_the_noise_and_null_when_not_measured(self, hear: Any, lang: str) -> None:
        for top in (True, False):
            lines = hear(["sure_in_noise", "point", "nothing"], top=top, lang=lang)
            assert [line["snr"] for line in lines] == [3.0, 15.0, None]

    @pytest.mark.parametrize("lang, why", [
        ("en", ["asked back: the word stood only 3.0 dB over the noise (7.0 needed to act at once)",
                "asked back: a point heard only 15.0 dB over the noise (21.0 dB needed to act on a point)",
                "acted on at once: the recogniser was sure of it (score 0.90)"]),
        ("el", ["ρωτάει πρώτα: η λέξη ακούστηκε μόνο 3,0 ντεσιμπέλ πάνω από τον θόρυβο (χρειάζονται 7,0 για να "
                "γίνει αμέσως)",
                "ρωτάει πρώτα: θέση που ακούστηκε μόνο 15,0 ντεσιμπέλ πάνω από τον θόρυβο (για θέση χρειάζονται "
                "21,0 ντεσιμπέλ)",
                "γίνεται αμέσως: η αναγνώριση ήταν σίγουρη (βαθμός 0,90)"]),
    ])
    def test_why_says_the_games_decision_in_the_users_language_and_the_rule_stays_english(
            self, hear: Any, lang: str, why: list[str]) -> None:
        lines = hear(["sure_in_noise", "point", "sure_in_quiet", "nothing"], top=True, lang=lang)
        assert [line.get("why") for line in lines] == [*why, None]
        assert [line.get("act") for line in lines] == ["ask", "ask", "now", None]
        assert lines[0]["rule"] == "asked back: 3.0 dB over the noise (7.0 needed to act at once)"
        assert lines[2]["rule"] == "acted on at once (score 0.90, confirm unsure)"

    def test_the_score_rule_alone_names_no_why(self, hear: Any) -> None:
        assert all("why" not in line and "rule" not in line for line in hear(["sure_in_noise", "unsure"], top=False))


class TestHearAsTheGameHears:
    """``hear`` listens as the game does in the phase asked ("play" unless said): the phase's phrases and, as decoys,
    the command words not on offer (``listen_decide.decoys``); a decoy heard is said not possible now, in the game's
    words (``listen_decide.not_on_offer``)."""

    @pytest.mark.parametrize("lang, stem, said", [
        ("en", "roll", "“roll” is not possible now. Say a number from 1 to 9, say from and a point"),
        ("el", "rixe", "Το «ρίξε» δεν γίνεται τώρα. Πες έναν αριθμό από 1 έως 9, πες «από» και μια θέση"),
    ], ids=["en", "el"])
    def test_a_roll_while_a_play_is_chosen_is_said_not_possible_now_in_the_games_words(
            self, hear: Any, lang: str, stem: str, said: str) -> None:
        from tavli_voice import events as E
        from tavli_voice.command_table import NOT_BY_VOICE
        from tavli_voice.speech.grammar import ALL_POINTS, PHASE_COMMANDS, Options

        (line,) = hear([stem], top=True, lang=lang)
        assert line["command"] is None and line["reason"] == "not_on_offer"
        assert line["heard"] == {"en": "roll", "el": "ρίξε"}[lang]
        assert "act" not in line and "rule" not in line
        assert line["say"].startswith(said)
        # the game, listening for what hear listens for, says the same
        _, source, listener, out, seen = game_in_the_play_phase(lang)
        listener.options = Options(plays=9, commands=PHASE_COMMANDS["play"] - NOT_BY_VOICE,
                                   from_points=ALL_POINTS, to_points=ALL_POINTS)
        out.put(Heard(line["heard"], None, 0.95, 1.0, "whisper+crop", "not_on_offer"))
        assert source.poll() is None
        assert [e.text for e in seen if isinstance(e, E.Notice)][-1] == line["say"]

    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_the_decoys_are_the_games_own(self, hear: Any, lang: str) -> None:
        from tavli_voice.speech.grammar import phrases
        from tavli_voice.speech.listen_decide import decoys

        _, _, listener, _, _ = game_in_the_play_phase(lang)
        game = listener.options
        hear(["sure_in_quiet"], top=True, lang=lang, more=("--options", str(game.plays),
                                                           "--commands", ",".join(sorted(game.commands))))
        items = hear.engine.items
        assert {p.text for p in items if p.decoy} == {p.text for p in decoys(game, lang, phrases(game, lang))}
        assert {p.command for p in items if not p.decoy and not isinstance(p.command, (C.FromPoint, C.ToPoint))} \
            == {p.command for p in phrases(game, lang)
                if not isinstance(p.command, (C.FromPoint, C.ToPoint))}

    def test_by_default_roll_yes_and_no_are_decoys_and_leave_and_the_point_queries_are_not_listened_for(
            self, hear: Any) -> None:
        hear(["sure_in_quiet"], top=True)
        items = hear.engine.items
        assert {type(p.command) for p in items if p.decoy} >= {C.Roll, C.Yes, C.No}
        assert not any(isinstance(p.command, (C.Roll, C.Yes, C.No)) for p in items if not p.decoy)
        assert not any(isinstance(p.command, (C.Leave, C.QueryPoint, C.QueryQuarter)) for p in items)
        assert {p.command for p in items if not p.decoy} >= {C.ChoosePlay(9), C.Undo(), C.ListPlays()}

    def test_in_the_phase_turn_roll_is_the_roll(self, hear: Any) -> None:
        (line,) = hear(["roll"], top=True, more=("--phase", "turn"))
        assert line["command"] == {"name": "roll"} and line["act"] == "now" and "say" not in line

    @pytest.mark.parametrize("lang, stem, said", [
        ("en", "plays", "Nothing to list yet: roll first."),
        ("el", "kiniseis", "Δεν υπάρχουν ακόμα κινήσεις: ρίξε πρώτα τα ζάρια."),
    ], ids=["en", "el"])
    def test_plays_asked_for_in_the_roll_phase_is_nothing_to_list_yet(
            self, hear: Any, lang: str, stem: str, said: str) -> None:
        (line,) = hear([stem], top=True, lang=lang, more=("--phase", "roll"))
        assert line["reason"] == "not_on_offer" and line["say"] == said
        (line,) = hear(["roll" if lang == "en" else "rixe"], top=True, lang=lang, more=("--phase", "roll"))
        assert line["command"] == {"name": "roll"} and "say" not in line

    def test_a_number_is_heard_as_before_and_says_nothing_more(self, hear: Any) -> None:
        for top in (True, False):
            (line,) = hear(["sure_in_quiet"], top=top)
            assert line["command"] == {"name": "select", "number": 6} and line["act"] == "now" and "say" not in line


def _heard(command: C.Command, **fields: Any) -> Heard:
    base: dict[str, Any] = {"score": 0.9, "shares": ((command, 0.9), (C.ChoosePlay(9), 0.1)), "snr": 30.0,
                            "own": -0.5}
    base.update(fields)
    return Heard("x", command, base.pop("score"), 1.0, "whisper+crop", **base)


@pytest.mark.parametrize("lang", ["en", "el"])
def test_every_decision_is_said_in_both_languages_with_its_numbers_written_the_languages_way(lang: str) -> None:
    """Each Reason has its words; the commands in its facts are said as words, not as their repr."""
    from tavli_voice.ui.voice_decision import REASONS, Decision, Reason

    facts: dict[str, object] = {"go_on": 0.5, "why": "nothing", "held": C.ChoosePlay(6), "rival": C.ChoosePlay(5),
                                "ratio": 1.02, "needed": 0.95, "share": 0.17, "score": 0.3, "confirm": "unsure",
                                "snr": 4.9, "own": -1.9, "level": "4.9 dB over the noise", "both": 0.9,
                                "alone": 0.4, "refused": C.FromPoint(21), "second": 0.97, "needed_own": 0.65,
                                "needed_snr": 6.0}
    said = {reason: Decision(reason, facts).said(lang) for reason in REASONS}
    assert len(set(said.values())) == len(Reason)
    for reason, words in said.items():
        assert "ChoosePlay" not in words and "FromPoint" not in words and "{" not in words, (reason, words)
    assert ("“six”" if lang == "en" else "«έξι»") in said[Reason.ANSWERS]
    assert ("“from twenty one”" if lang == "en" else "«από είκοσι ένα»") in said[Reason.RUNNER_UP]
    assert ("4.9" if lang == "en" else "4,9") in said[Reason.LOW_IN_NOISE]
    if lang == "el":
        assert not any(re.search("[A-Za-z]", words) for words in said.values()), said


@pytest.mark.parametrize("lang", ["en", "el"])
def test_why_a_sure_word_is_asked_back_names_the_cause_the_rule_does(lang: str) -> None:
    """Resign is always asked, a word heard over the game's voice is doubtful, a point unmeasured in noise."""
    resign = cli.game_decision(_heard(C.Resign(), score=0.99), lang)
    doubtful = cli.game_decision(_heard(C.ChoosePlay(6), doubtful=True), lang)
    point = cli.game_decision(_heard(C.FromPoint(21), snr=None), lang)
    assert [d[0] for d in (resign, doubtful, point)] == ["ask", "ask", "ask"]
    assert point[1] == "asked back: a point heard with no noise measure (21.0 dB over it needed to act on a point)"
    words = {"en": ("always asked", "the game's own voice", "no noise around it to measure"),
             "el": ("ρωτιούνται πάντα", "φωνή του παιχνιδιού", "χωρίς θόρυβο γύρω της για μέτρηση")}[lang]
    assert [w in d[2] for w, d in zip(words, (resign, doubtful, point))] == [True, True, True], \
        (resign, doubtful, point)


@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_word_not_understood_is_written_with_what_the_game_says_then(hear: Any, lang: str) -> None:
    from tavli_voice.command_table import NOT_BY_VOICE
    from tavli_voice.speech.grammar import ALL_POINTS, PHASE_COMMANDS, Options
    from tavli_voice.speech.listen_decide import explain

    (line,) = hear(["nothing"], top=True, lang=lang)
    assert line["command"] is None and "act" not in line
    options = Options(plays=9, commands=PHASE_COMMANDS["play"] - NOT_BY_VOICE, from_points=ALL_POINTS,
                      to_points=ALL_POINTS)
    assert line["say"] == explain(NOTHING, options, lang)  # type: ignore[arg-type]
    assert line["say"].startswith({"en": "Not understood", "el": "Δεν κατάλαβα"}[lang]), line["say"]


@pytest.mark.parametrize("locale, asked, start", [
    ("el_GR.UTF-8", [], "Δεν μπορώ να διαβάσω το αρχείο ήχου "),
    ("el_GR.UTF-8", ["--lang", "en"], "Cannot read the sound file "),
    ("en_US.UTF-8", [], "Cannot read the sound file "),
    ("en_US.UTF-8", ["--lang", "en", "--lang", "el"], "Δεν μπορώ να διαβάσω το αρχείο ήχου ")])
def test_hear_speaks_the_locales_language_unless_another_is_asked_for(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, locale: str, asked: list[str], start: str) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", locale)
    empty = tmp_path / "empty.wav"
    empty.write_bytes(b"")
    out, err = io.StringIO(), io.StringIO()
    assert speech_cli.hear_main([str(empty), "--engine", "templates", *asked], out, err) == 1
    assert json.loads(out.getvalue())["error"].startswith(start), out.getvalue()
