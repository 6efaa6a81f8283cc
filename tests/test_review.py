"""The match history and ``tavli-voice review`` (R9: a match's record; R3: seeds replay it)."""

from __future__ import annotations

import io
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from tavli_voice import commands as C
from tavli_voice import history, storage
from tavli_voice.cli import main as cli_main
from tavli_voice.rules import Position, legal_plays
from tavli_voice.review import size
from tavli_voice.startup import main as play_main
from tavli_voice.ui.review_mode import ReviewMode


@pytest.fixture
def home(tmp_home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every user folder inside ``tmp_path``; returns the history folder."""
    monkeypatch.setenv("LANGUAGE", "en")
    return history.history_dir()


def play(*argv: str, typed: str = "") -> str:
    out = io.StringIO()
    code = play_main(["--speech", "off", *argv], out=out, inp=io.StringIO(typed))
    assert code == 0, out.getvalue()[-2000:]
    return out.getvalue()


def review(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli_main(["review", *argv])
    got = capsys.readouterr()
    return code, got.out, got.err


def bot_match(seed: int, game: str = "tavli") -> None:
    play("--players", "rita,rita", "--points", "1", "--game", game, "--seed", str(seed))


class TestMatchHistory:
    def test_twenty_bot_matches_are_kept_and_listed_newest_first(
            self, home: Path, capsys: pytest.CaptureFixture[str]) -> None:
        kept: list[str] = []
        for seed in range(1, 21):
            before = set(os.listdir(home)) if home.exists() else set()
            bot_match(seed, ("portes", "plakoto", "fevga", "tavli")[seed % 4])
            new = set(os.listdir(home)) - before
            assert len(new) == 1, new  # one file per match, never one overwriting another
            kept.append(new.pop())
        code, out, err = review(capsys, "--list")
        assert code == 0 and err == ""
        lines = out.splitlines()
        assert lines[0] == "Kept matches, newest first (20 of at most 200):"
        listed = [line.split()[0] for line in lines[1:]]
        assert listed == [Path(k).stem for k in reversed(kept)]
        for line in lines[1:]:
            assert "The first Rita against the second Rita" in line
            assert re.search(r"The (first|second) Rita won", line), line

    def test_the_whole_match_is_kept_with_seed_players_preset_and_every_play(
            self, home: Path) -> None:
        play("--players", "rita,strong", "--points", "3", "--game", "plakoto", "--seed", "11")
        (path,) = home.iterdir()
        data = json.loads(path.read_text(encoding="utf-8"))
        history.check(data)
        save = data["save"]
        assert data["ended"] == "finished"
        assert save["config"] == {**save["config"], "seed": "11", "kind": "plakoto", "length": 3}
        assert [p["bot"] for p in save["players"]] == ["rita", "strong"]
        results = [t["result"] for t in data["turns"] if "result" in t]
        assert len(results) == save["checkpoint"]["match"]["games_played"] >= 2
        plays = [t for t in data["turns"] if t.get("play")]
        assert {t["side"] for t in plays} == {0, 1}
        for t in plays:  # each play is legal in the position and dice kept with it (R2)
            pos = Position.from_json(t["position"])
            assert t["play"] in [p.notation for p in legal_plays(pos, t["dice"])]
        # the turns of a game count up from 1
        first_game = [t["turn"] for t in data["turns"] if t["game"] == 1 and "play" in t]
        assert first_game[0] == 1 and first_game == sorted(first_game)

    def test_a_damaged_history_file_is_set_aside_and_the_others_still_list(
            self, home: Path, capsys: pytest.CaptureFixture[str]) -> None:
        for seed in (1, 2, 3):
            bot_match(seed)
        damaged = sorted(home.iterdir())[1]
        raw = damaged.read_bytes()[:500]
        damaged.write_bytes(raw)
        code, out, err = review(capsys, "--list")
        assert code == 0
        assert f"The kept match {damaged} is damaged; a copy is kept as " in err
        assert out.splitlines()[0] == "Kept matches, newest first (2 of at most 200):"
        listed = [line.split()[0] for line in out.splitlines()[1:]]
        assert len(listed) == 2 and damaged.stem not in listed
        copies = [p for p in home.iterdir() if ".json.corrupt-" in p.name]
        assert len(copies) == 1 and copies[0].read_bytes() == raw
        assert damaged.read_bytes() == raw  # left where it was
        review(capsys, "--list")  # listing again keeps one copy, not two
        assert len([p for p in home.iterdir() if ".json.corrupt-" in p.name]) == 1
        code, out, err = review(capsys, "--list", "--lang", "el")
        assert "έχει χαλάσει" in err and out.startswith("Αγώνες που κρατήθηκαν")
        # the counts agree with «αγώνες», so a screen reader does not read them as neuter
        assert out.splitlines()[0].endswith("(2 από διακόσιους το πολύ):"), out

    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_a_file_that_is_no_kept_match_is_refused_in_plain_words_of_the_players_language(
            self, home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str) -> None:
        from tavli_voice.words import text

        other = tmp_path / "notes.json"
        other.write_text("not a match at all")
        code, out, err = review(capsys, str(other), "--lang", lang)
        assert code == 1 and out == ""
        assert err.strip() == text("review.bad_match", lang, name=str(other),
                                   error=text("review.not_a_match", lang))
        code, out, err = review(capsys, str(tmp_path), "--lang", lang)  # a folder
        assert code == 1 and err.startswith(text("review.bad_match", lang, name=str(tmp_path), error=""))
        if lang == "el":  # English says the system's own words ("not an ordinary file")
            assert err.strip().endswith(text("fault.os.EISDIR", lang))
        if os.path.exists("/dev/zero"):  # a device is never read (it has no end)
            code, out, err = review(capsys, "/dev/zero", "--lang", lang)
            assert code == 1 and "/dev/zero" in err
            assert "Errno" not in err and "Error" not in err
        if lang == "el":
            assert not re.search(r"[A-Za-z]{3,}", err.replace("/dev/zero", "").replace("tavli-voice", ""))

    def test_keeping_one_more_than_the_limit_removes_the_oldest_and_says_so(
            self, home: Path, monkeypatch: pytest.MonkeyPatch,
            capsys: pytest.CaptureFixture[str]) -> None:
        monkeypatch.setattr(history, "MAX_KEPT", 2)
        bot_match(1)
        oldest = next(home.iterdir()).name
        bot_match(2)
        out = io.StringIO()
        assert play_main(["--speech", "off", "--players", "rita,rita", "--points", "1",
                          "--seed", "3"], out=out, inp=io.StringIO()) == 0
        said = f"The history keeps the newest 2 matches: the oldest, {oldest}, was removed."
        assert said in out.getvalue()
        assert oldest not in os.listdir(home) and len(os.listdir(home)) == 2
        with pytest.raises(SystemExit):
            cli_main(["review", "--help"])
        text = capsys.readouterr().out
        assert "newest 2 finished or left matches" in " ".join(text.split())

    def test_a_left_match_is_kept_and_replaced_when_it_is_resumed_and_left_again(
            self, home: Path, capsys: pytest.CaptureFixture[str]) -> None:
        play("--opponent", "rita", "--game", "portes", "--seed", "1", "--no-confirm",
             typed="1\nq\n")
        (first,) = home.iterdir()
        before = json.loads(first.read_text(encoding="utf-8"))
        assert before["ended"] == "left" and any(t.get("play") for t in before["turns"])
        out = io.StringIO()
        play_main(["--resume", "--speech", "off", "--no-confirm"], out=out,
                  inp=io.StringIO("r\n1\nq\n"))
        (second,) = home.iterdir()  # one entry for the one match
        after = json.loads(second.read_text(encoding="utf-8"))
        assert after["turns"][:len(before["turns"])] == before["turns"]
        assert len(after["turns"]) > len(before["turns"])
        code, text, _err = review(capsys, "--list")
        assert "left at 0 to 0" in text

    def test_nothing_is_kept_with_no_save(self, home: Path) -> None:
        play("--players", "rita,rita", "--points", "1", "--seed", "1", "--no-save")
        assert not home.exists() or not os.listdir(home)

    def test_a_write_that_fails_leaves_the_kept_matches_whole(
            self, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        bot_match(1)
        (kept,) = home.iterdir()
        whole = kept.read_bytes()

        def refuse(src: object, dst: object) -> None:
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(os, "replace", refuse)
        with pytest.raises(OSError):
            history.keep(json.loads(whole)["save"], [], ended="finished", folder=home,
                         when=json.loads(whole)["when"])
        assert [p.name for p in home.iterdir()] == [kept.name]
        assert kept.read_bytes() == whole
        storage.check_save(json.loads(whole)["save"])


NO_REASON = {"en": "No single reason stands out", "el": "Κανένας λόγος δεν ξεχωρίζει"}


def judged_lines(capsys: pytest.CaptureFixture[str], *argv: str) -> list[dict[str, object]]:
    code, out, err = review(capsys, "--jsonl", *argv)
    assert code == 0 and err == "", err
    return [json.loads(line) for line in out.splitlines()]


class TestReviewJsonl:
    @pytest.mark.parametrize("game", ["portes", "plakoto", "fevga"])
    def test_ritas_mistakes_against_the_expert_with_played_best_loss_and_reasons(
            self, game: str, home: Path, capsys: pytest.CaptureFixture[str]) -> None:
        from tavli_voice.bots.expert import ExpertBot
        from tavli_voice.review import MISTAKE

        play("--players", "rita,expert", "--points", "3", "--game", game, "--seed", "5")
        english = judged_lines(capsys, "--side", "all")
        greek = judged_lines(capsys, "--side", "all", "--lang", "el")
        ritas = [line for line in english if line["side"] == 0]
        assert len(ritas) >= 5, english  # Rita slips now and then; the match is seeded
        bot = ExpertBot(0, search=False)
        for line in english:
            assert line["kind"] == game and line["player"] in ("Rita", "Expert")
            pos = Position.from_json(line["position"])
            plays = legal_plays(pos, line["dice"])
            notations = [p.notation for p in plays]
            assert line["played"] in notations and line["best"] in notations
            assert line["played"] != line["best"]
            eq = bot.equities(plays)
            loss = float(eq.max() - eq[notations.index(line["played"])])
            assert line["loss"] == pytest.approx(loss, abs=1e-4)
            assert line["loss"] >= MISTAKE
            assert line["size"] in ("small", "clear", "big")
            why = line["why"]
            assert isinstance(why, list) and why and all(isinstance(s, str) and s for s in why)
        # a reason named (not only "no single reason") for some of Rita's mistakes
        assert any(not line["why"][0].startswith(NO_REASON["en"]) for line in ritas)
        # the same plays judged in Greek, only the words differ
        strip = [{k: v for k, v in line.items() if k not in ("why", "who")} for line in english]
        assert [{k: v for k, v in line.items() if k not in ("why", "who")}
                for line in greek] == strip
        for line in greek:
            said = " ".join(line["why"])
            assert any("\u0370" <= ch <= "\u03ff" for ch in said), said
            assert "play" not in said and "rolls" not in said
        greek_rita = [line for line in greek if line["side"] == 0]
        assert any(not line["why"][0].startswith(NO_REASON["el"]) for line in greek_rita)
        # nobody listening played this bot match: each side's reasons name its player
        for lines, named in ((english, ("Rita's", "the expert's", "The expert's")),
                             (greek, ("της Ρίτας", "του έμπειρου παίκτη"))):
            for line in lines:
                said = " ".join(line["why"])
                assert not re.search(r"\b(you|your|yours|Your|σου|χάνεις|κερδίζεις|"
                                     r"χρειάζεσαι|μαζέψεις|έπαιζες)\b", said), said
            ritas_why = " ".join(" ".join(line["why"]) for line in lines if line["side"] == 0)
            assert f"{named[0]} play" in ritas_why or f"κίνηση {named[0]}" in ritas_why

    def test_all_plays_and_the_default_side(self, home: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
        play("--players", "rita,rita", "--points", "1", "--game", "portes", "--seed", "2")
        every = judged_lines(capsys, "--side", "all", "--all-plays")
        (path,) = home.iterdir()
        turns = json.loads(path.read_text(encoding="utf-8"))["turns"]
        with_choice = [t for t in turns if t.get("play") and len(legal_plays(
            Position.from_json(t["position"]), t["dice"])) > 1]
        assert [(line["game"], line["turn"], line["side"]) for line in every] == \
            [(t["game"], t["turn"], t["side"]) for t in with_choice]
        best = [line for line in every if line["played"] == line["best"]]
        # nobody listening played: the player is named by seat ("The first Rita's play is
        # the hint's play.")
        assert best and all(line["loss"] == 0 and len(line["why"]) == 1
                            and re.fullmatch(r"The (first|second) Rita's play is the hint's play\.",
                                             line["why"][0]) for line in best), best[:3]
        first = judged_lines(capsys, "--all-plays")  # a bot match: the first player's plays
        assert first == [line for line in every if line["side"] == 0]
        assert judged_lines(capsys, path.stem, "--side", "1", "--all-plays") == \
            [line for line in every if line["side"] == 1]

    def test_an_unknown_match_or_side_is_said_in_the_users_language(
            self, home: Path, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, err = review(capsys, "--jsonl", "--lang", "el")
        assert code == 1 and out == "" and "Δεν έχει κρατηθεί ακόμα κανένας αγώνας" in err
        bot_match(1)
        code, out, err = review(capsys, "--jsonl", "nothing-here")
        assert code == 1 and "There is no kept match called nothing-here" in err
        code, out, err = review(capsys, "--jsonl", "--side", "3", "--lang", "el")
        assert code == 2 and "το --side θέλει 0, 1 ή all, όχι «3»" in err

    @pytest.mark.parametrize("how", ["--lang", "LANG"])
    def test_the_greek_help_names_the_match_and_the_side_in_greek(
            self, home: Path, capsys: pytest.CaptureFixture[str],
            monkeypatch: pytest.MonkeyPatch, how: str) -> None:
        """``review -h`` in Greek (``--lang el`` or a Greek system language) shows its
        placeholders in Greek words, as the other subcommands do; English keeps NAME, SIDE."""
        argv = ["review", "-h"]
        if how == "--lang":
            argv += ["--lang", "el"]
        else:
            monkeypatch.delenv("LANGUAGE", raising=False)
            monkeypatch.delenv("LC_ALL", raising=False)
            monkeypatch.delenv("LC_MESSAGES", raising=False)
            monkeypatch.setenv("LANG", "el_GR.UTF-8")
        with pytest.raises(SystemExit):
            cli_main(argv)
        text = capsys.readouterr().out
        assert text.startswith("χρήση: tavli-voice review")
        assert "--side ΠΑΙΚΤΗΣ" in text and "[ΟΝΟΜΑ]" in text and "\n  ΟΝΟΜΑ  " in text
        assert "αγώνα ΟΝΟΜΑ)" in " ".join(text.split())
        assert "NAME" not in text and "SIDE" not in text
        with pytest.raises(SystemExit):
            cli_main(["review", "-h", "--lang", "en"])
        english = capsys.readouterr().out
        assert "--side SIDE" in english and "[NAME]" in english and "ΟΝΟΜΑ" not in english

    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_the_reviewed_side_is_named_when_it_is_not_the_listeners(
            self, home: Path, lang: str) -> None:
        """A bot match (or ``--side`` the other player): "The expert is judging Rita's plays",
        and the reasons say "Rita's play" where a person's review says "your play"."""
        from tavli_voice.review_cli import main as review_main
        from tavli_voice.startup import run_review

        play("--players", "rita,expert", "--points", "1", "--game", "portes", "--seed", "5")
        said: dict[str, str] = {}
        for side in ("0", "1", "all"):
            out = io.StringIO()
            assert review_main(["--speech", "off", "--lang", lang, "--side", side, "--order",
                                "play"], out=out, err=io.StringIO(),
                               inp=io.StringIO("e\n" + "\ne\n" * 8 + "q\n"),
                               walk=run_review) == 0
            said[side] = out.getvalue()
        first = {side: text.splitlines()[0] for side, text in said.items()}
        if lang == "en":
            assert first == {"0": "The expert is judging Rita's plays.",
                             "1": "The expert is judging the expert's plays.",
                             "all": "The expert is judging both players' plays."}
        else:
            assert first == {"0": "Ο έμπειρος παίκτης κρίνει τις κινήσεις της Ρίτας.",
                             "1": "Ο έμπειρος παίκτης κρίνει τις κινήσεις του έμπειρου παίκτη.",
                             "all": "Ο έμπειρος παίκτης κρίνει τις κινήσεις και των δύο παικτών."}
        reasons = [line for line in said["0"].splitlines() if line.startswith(("Why: ", "Γιατί: "))]
        assert len(reasons) >= 3, said["0"][-3000:]
        text = " ".join(reasons)
        assert not re.search(r"\b(your|yours|Your|σου|χάνεις|κερδίζεις)\b", text), text
        assert ("Rita's play" if lang == "en" else "κίνηση της Ρίτας") in text, text


def walk(capsys: pytest.CaptureFixture[str], typed: str, *argv: str) -> list[str]:
    """``tavli-voice review`` as a person types to it (the keys of a game: Enter or > next,
    < previous, m repeat, x the expert's play, e why, q stop); the lines after "judging"."""
    from tavli_voice.review_cli import main as review_main
    from tavli_voice.startup import run_review

    out, err = io.StringIO(), io.StringIO()
    code = review_main(["--speech", "off", *argv], out=out, err=err, inp=io.StringIO(typed),
                       walk=run_review)
    assert code == 0, err.getvalue()
    lines = out.getvalue().splitlines()
    # Rita against the expert: nobody listening played, Rita is named; a person's: "your"
    assert lines[0] in ("The expert is judging Rita's plays.",
                        "Ο έμπειρος παίκτης κρίνει τις κινήσεις της Ρίτας.",
                        "The expert is judging your plays.")
    return lines[1:]


class TestInteractiveReview:
    @pytest.fixture
    def kept(self, home: Path) -> dict[str, object]:
        play("--players", "rita,expert", "--points", "3", "--game", "portes", "--seed", "5")
        (path,) = home.iterdir()
        return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]

    def test_mistakes_largest_first_with_try_again_right_wrong_best_cost_and_reasons(
            self, kept: dict[str, object], capsys: pytest.CaptureFixture[str]) -> None:
        from tavli_voice.review import judge

        mistakes = sorted((j for j in judge(kept["turns"], [0]) if j.mistake),  # type: ignore[arg-type]
                          key=lambda j: -j.loss)
        first, second = mistakes[0], mistakes[1]
        plays = [p.notation for p in legal_plays(first.position, first.dice)]
        right = plays.index(first.best.notation) + 1
        wrong = next(i for i, p in enumerate(plays, 1) if p != first.best.notation)
        lines = walk(capsys, f"l\n{wrong}\n{right}\n<\n\nx\nq\n")  # l: all plays, numbered
        said = "\n".join(lines)
        assert lines[1].startswith(f"Rita: {len(mistakes)} mistakes in ")
        assert f"Mistake 1 of {len(mistakes)}" in lines[2]
        assert any(line.startswith(f"{right}: ") for line in lines)  # listed, numbered
        # each play once, in words, as the terminal shows plays: no notation after them
        words = worded(kept, first)
        assert not [line for line in lines if re.search(r"\(\S*\d/", line)], lines
        assert f"{right}: {words(first.best, listed=True)}" in lines
        tried = legal_plays(first.position, first.dice)[wrong - 1]
        assert f"Not that one, it is not the expert's play: {words(tried)}." in lines
        assert f"Right, that is the expert's play: {words(first.best)}." in lines
        assert lines.count(f"The expert's play: {words(first.best)}.") == 2
        assert f"The play made: {words(first.played, past=True)}." in lines
        assert said.count("The mistake cost about ") == 3
        assert "This is the first mistake." in said
        assert f"Mistake 2 of {len(mistakes)}" in said
        second_words = worded(kept, second)
        assert f"The expert's play: {second_words(second.best)}." in lines
        assert said.count("Why: ") == 2  # each try's answer; x gives no reasons
        assert lines[-3] == "End of the review." and lines[-2] == lines[1]
        assert lines[-1] == "Goodbye."  # the program ends on purpose, and says so

    def test_in_the_order_of_play_in_greek_until_the_input_ends(
            self, kept: dict[str, object], capsys: pytest.CaptureFixture[str]) -> None:
        from tavli_voice.review import judge

        mistakes = [j for j in judge(kept["turns"], [0]) if j.mistake]  # type: ignore[arg-type]
        lines = walk(capsys, "\n>\n\n", "--order", "play", "--lang", "el")
        heads = [line for line in lines if line.startswith("Λάθος ")]
        assert heads == [f"Λάθος {i} από {len(mistakes)}, "
                         f"{ {'small': 'μικρό', 'clear': 'καθαρό', 'big': 'μεγάλο'}[size(j.loss)] }"
                         f": παρτίδα {j.game}, γύρος {j.turn}." for i, j in
                         enumerate(mistakes[:4], 1)]
        assert lines[-3] == "Τέλος της ανασκόπησης." and lines[-1] == "Γεια σου."
        assert "Η Ρίτα διαλέγει από" in "\n".join(lines)

    def test_a_person_hears_at_the_end_of_a_match_how_to_review_it(
            self, home: Path, capsys: pytest.CaptureFixture[str]) -> None:
        said = play("--opponent", "rita", "--points", "1", "--seed", "3", "--no-confirm",
                    typed="r\n1\n" * 400)
        (path,) = home.iterdir()
        assert json.loads(path.read_text(encoding="utf-8"))["ended"] == "finished"
        assert "The match is kept in the history; review it with: " in said
        assert f" review {path.stem}\n" in said
        lines = walk(capsys, "\n" * 50)
        assert lines[1].startswith("You: ")
        assert any(line.startswith("You rolled ") for line in lines)


def test_a_match_saved_elsewhere_is_kept_beside_its_save(home: Path, tmp_path: Path) -> None:
    save = tmp_path / "elsewhere" / "match-1.json"
    save.parent.mkdir()  # --save names a file in a folder that exists
    play("--players", "rita,rita", "--points", "1", "--seed", "1", "--save", str(save))
    assert not home.exists()  # the data folder is not touched
    (kept,) = (save.parent / "history").iterdir()
    assert history.load_entry(str(kept))[1]["ended"] == "finished"


def test_killing_a_review_changes_no_kept_match(home: Path) -> None:
    import signal
    import subprocess
    import sys

    bot_match(1)
    before = {p.name: p.read_bytes() for p in home.iterdir()}
    proc = subprocess.Popen([sys.executable, "-m", "tavli_voice.cli", "review", "--order", "play",
                             "--speech", "off"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=dict(os.environ))
    assert proc.stdout is not None
    assert proc.stdout.readline().startswith(b"The expert is judging")
    assert proc.stdout.readline().startswith(b"Review of ")  # the review is under way
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert {p.name: p.read_bytes() for p in home.iterdir()} == before


class TestCostWords:
    """What a mistake cost is said as whole points every hundred games, the error rate as points
    every thousand decisions: two different losses never sound the same (0.13 and 0.07 were both
    «ένα δέκατο»), and no fraction of a point ("thousandths", «χιλιοστά») is named."""

    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_losses_a_hundredth_apart_are_said_differently(self, lang: str) -> None:
        from tavli_voice.review_walk import loss_words

        said = [loss_words(n / 100, lang) for n in range(0, 160)]
        assert len(set(said)) == len(said)
        rates = [loss_words(n / 1000, lang, "thousandths") for n in range(0, 200)]
        assert len(set(rates)) == len(rates)

    def test_the_words_players_understand_in_both_languages(self) -> None:
        from tavli_voice.review_walk import loss_words

        assert loss_words(0.13, "el") == "δεκατρείς πόντους κάθε εκατό παρτίδες"
        assert loss_words(0.07, "el") == "7 πόντους κάθε εκατό παρτίδες"
        assert loss_words(0.13, "en") == "13 points every hundred games"
        assert loss_words(0.011, "en") == "one point every hundred games"
        assert loss_words(0.0049, "el") == "λιγότερο από έναν πόντο κάθε εκατό παρτίδες"
        assert loss_words(0.0234, "el", "thousandths") == "είκοσι τρεις πόντους κάθε χίλιες αποφάσεις"
        assert loss_words(0.001, "en", "thousandths") == "one point every thousand decisions"

    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_the_review_says_the_cost_and_rate_in_those_words(
            self, home: Path, capsys: pytest.CaptureFixture[str], lang: str) -> None:
        from tavli_voice.review import judge
        from tavli_voice.review_walk import loss_words

        play("--players", "rita,expert", "--points", "1", "--game", "portes", "--seed", "5")
        (path,) = home.iterdir()
        data = json.loads(path.read_text(encoding="utf-8"))
        judged = list(judge(data["turns"], [0], reasons=False))
        first = max((j for j in judged if j.mistake), key=lambda j: j.loss)
        rate = sum(j.loss for j in judged) / len(judged)
        said = "\n".join(walk(capsys, "1\nq\n", "--lang", lang))  # try again: the answer
        cost, average = ((", ή ", "κατά μέσο όρο, οι κινήσεις έχαναν ") if lang == "el" else
                         (", or ", "on average, the plays lost "))
        assert f"{cost}{loss_words(first.loss, lang)}." in said, said
        assert f"{average}{loss_words(rate, lang, 'thousandths')}." in said, said
        for jargon in ("δέκατ", "εκατοστ", "χιλιοστ", "hundredth", "thousandth", "equity"):
            assert jargon not in said


class TestStandaloneReviewByOneSwitch:
    """``tavli-voice review --scan auto``: the same review walk as after a match, scanned."""

    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_typed_lines_when_input_is_not_a_terminal(self, home: Path, lang: str) -> None:
        """``review --scan step`` with a pipe for input falls back to typed commands, and its
        lines then name the typed keys: no "Choose Try again" nor "Pick with the switch"."""
        from tavli_voice import words as M
        from tavli_voice.review_cli import main as review_main
        from tavli_voice.startup import run_review

        play("--players", "rita,expert", "--points", "1", "--game", "portes", "--seed", "5")
        out = io.StringIO()
        assert review_main(["--speech", "off", "--lang", lang, "--scan", "step"], out=out,
                           err=io.StringIO(), inp=io.StringIO("\nq\n"), walk=run_review) == 0
        said = out.getvalue()
        assert M.text("scanui.not_a_tty", lang) in said
        typed = M.text("review.prompt_cmd", lang)
        assert typed in said, said[-2000:]
        assert M.text("review.prompt_scan", lang) not in said
        for key, shown in (("plays_on_request_scan", False), ("plays_on_request", True)):
            before_n = M.text(f"review.{key}", lang, n="NN").split("NN")[0]
            assert (before_n in said) is shown, (key, said[-2000:])

    def test_one_switch_walks_a_whole_standalone_review(self, home: Path) -> None:
        """Auto scanning, one key (space), the person reading the screen: at each mistake
        Try again, then the expert's play (heard right), then Next mistake; past the last
        one the review ends and Quit leaves. Every press picks something."""
        from functools import partial

        from tavli_voice.narration.speechtext import speak_play
        from tavli_voice.review import judge
        from tavli_voice.review_cli import main as review_main
        from tavli_voice.scanning import ManualClock
        from tavli_voice.startup import run_review
        from tavli_voice.words import capitalize

        play("--players", "rita,expert", "--points", "1", "--game", "portes", "--seed", "5")
        (path,) = home.iterdir()
        data = json.loads(path.read_text(encoding="utf-8"))
        mistakes = sorted((j for j in judge(data["turns"], [0], reasons=False) if j.mistake),
                          key=lambda j: -j.loss)
        assert len(mistakes) >= 2
        out = io.StringIO()
        clock = ManualClock()
        state = {"lines": 0, "since": 0.0, "pressed": False, "presses": 0, "groups": 0}

        def wanted(lines: list[str]) -> str:
            if "End of the review." in lines:
                return "Quit"
            heads = [line for line in lines if line.startswith("Mistake ")]
            if not heads:
                return ""
            at = int(heads[-1].split()[1]) - 1
            after = lines[len(lines) - 1 - lines[::-1].index(heads[-1]):]
            if any(line.startswith("Right, ") for line in after):
                return "Next mistake"
            # Try again at the top of the menu, then the expert's play among the plays
            # a play's scan line is its words alone in the terminal ("From 13 to 8, …")
            best = capitalize(speak_play(mistakes[at].best.notation, "en"))
            last = lines[-1]
            return last if last in ("Try again", best) \
                or _holds_the_play(last, mistakes[at]) else ""

        def plan(now: float) -> list[str]:
            if now > 20_000:
                return ["ctrl-d"]  # stuck: leave (the asserts below say so)
            lines = out.getvalue().splitlines()
            if len(lines) != state["lines"]:
                state.update(lines=len(lines), since=now, pressed=False)
            if state["pressed"] or now - state["since"] < 0.6 or not lines:
                return []
            if lines[-1] == wanted(lines):
                state["pressed"] = True
                state["presses"] += 1
                # a checker's group ("From 13: 4 plays") or a run of plays, never a play itself
                state["groups"] += bool(re.match(r"(From [^,]*: \d+ plays?|Plays \d)", lines[-1]))
                return ["space"]
            return []

        code = review_main(["--speech", "off", "--scan", "auto"], out=out, err=io.StringIO(),
                           inp=io.StringIO(""),
                           walk=partial(run_review, keys=_Keys(clock, plan), clock=clock))
        said = out.getvalue().splitlines()
        assert code == 0 and clock.now() <= 20_000, said[-20:]
        assert said[0] == "The expert is judging Rita's plays."
        from tavli_voice.words import text
        assert said[1] == text("scanui.intro_auto", "en", pick="space", next="Enter")
        heads = [line for line in said if line.startswith("Mistake ")]
        assert heads == [f"Mistake {i} of {len(mistakes)}, " + line.split(", ", 1)[1]
                         for i, line in enumerate(heads, 1)]
        assert len(heads) == len(mistakes)  # every mistake, once, in turn
        rights = [line for line in said if line.startswith("Right, ")]
        assert len(rights) == len(mistakes)
        assert rights == [f"Right, that is the expert's play: {worded(data, j)(j.best)}."
                          for j in mistakes]
        assert "End of the review." in said
        assert not any(line.startswith("Type l ") for line in said)  # a switch types nothing
        # one switch, never a wasted press: Try again, the checker and group holding the expert's
        # play where the list is long, the play and Next at each, then Quit
        assert state["groups"] > 0  # some mistake's plays came by the checker moved
        assert state["presses"] == 3 * len(mistakes) + state["groups"] + 1


def _holds_the_play(label: str, judged: Any) -> bool:
    """Whether a scan line of a mistake's long list of plays opens the expert's play: the checker it
    moves farthest ("From 19: 23 plays", "From the bar: …") or that checker's group of plays holding it
    ("Plays 6 to 10, starting …", numbered inside the checker's plays)."""
    from tavli_voice.rules import legal_plays
    from tavli_voice.rules.playgroups import group_of, group_source

    plays = legal_plays(judged.position, judged.dice)
    number = next(n for n, p in enumerate(plays, 1) if p.notation == judged.best.notation)
    source = group_source(plays[number - 1])
    group = group_of(plays, source)
    assert group is not None
    if label.startswith("From "):
        return label.startswith(f"From {source}: " if source != 25 else "From the bar")
    if label.startswith("Plays "):
        first, last = (int(w) for w in label.split(",")[0].split()[1::2])
        return first <= group.numbers.index(number) + 1 <= last
    return False


class _Keys:
    """A keyboard driven by a script: ``plan(now) -> keys`` once per read."""

    def __init__(self, clock: object, plan: object) -> None:
        self.clock = clock
        self.plan = plan

    def read(self, timeout: float) -> list[tuple[str, float]]:
        self.clock.advance(timeout)  # type: ignore[attr-defined]
        now = self.clock.now()  # type: ignore[attr-defined]
        return [(k, now) for k in self.plan(now)]  # type: ignore[operator]


class _SpokenMic:
    """The microphone of a person who reads the review's screen and answers by voice: quiet
    room, then a word (espeak-ng audio) when ``decide(lines)`` gives one, in real time."""

    def __init__(self, out: io.StringIO, decide: object, voice: str) -> None:
        self.out = out
        self.decide = decide
        self.voice = voice
        self.clip: object = None
        self.pos = 0
        self.waiting_since = 0.0
        self.lines_then = -1
        self.said: list[str] = []
        self.exhausted = False

    def start(self) -> None:
        pass

    def stop(self) -> None:
        pass

    def read(self, timeout: float = 0.1) -> object:
        import time

        import numpy as np

        from speech_helpers import espeak, in_silence

        time.sleep(0.02)
        if self.clip is not None:
            block = self.clip[self.pos:self.pos + 320]  # type: ignore[index]
            self.pos += 320
            if self.pos >= len(self.clip):  # type: ignore[arg-type]
                self.clip = None
                self.waiting_since = time.monotonic()
                self.lines_then = len(self.out.getvalue().splitlines())
            return block
        lines = self.out.getvalue().splitlines()
        if len(lines) == self.lines_then and time.monotonic() - self.waiting_since < 6:
            return np.zeros(320, dtype=np.float32)  # waiting for the answer to the last word
        word = self.decide(lines)  # type: ignore[operator]
        if word and len(self.said) < 16:
            self.said.append(word)
            self.clip, self.pos = in_silence(espeak(word, self.voice), seed=len(self.said)), 0
        else:
            self.lines_then = len(lines)
            self.waiting_since = time.monotonic()
        return np.zeros(320, dtype=np.float32)


@pytest.mark.espeak
@pytest.mark.parametrize("lang,voice,stop", [("en", "en", "stop"), ("el", "el", "σταμάτα")])
def test_the_standalone_review_by_voice_next_a_try_again_number_and_stop(
        home: Path, monkeypatch: pytest.MonkeyPatch, lang: str, voice: str, stop: str) -> None:
    """``tavli-voice review --voice``: spoken audio files, heard through the listener as from
    a microphone: "next" / «επόμενο» moves to the second mistake, its expert play's number
    is tried (right), and "stop" / «σταμάτα» ends the review with its summary.

    English is spoken by espeak-ng's "en" voice: pocketsphinx hears its "en-us" voice's
    "next" as "repeat" (0 of 10 noise seeds right in the review's words) and "six" as
    "three" (7 of 10), so with it this test reached the second mistake only when a late
    "next" of its 16 words got through; "en" is heard right in 4 of 4 for "next", "six",
    "ten" and "stop" (how well each voice is heard is the speech benchmarks' business)."""
    import threading

    from tavli_voice.review import judge
    from tavli_voice.review_cli import main as review_main
    from tavli_voice.speech import listener as listener_module
    from tavli_voice.speech.words import COMMAND_WORDS, number_text
    from tavli_voice.startup import run_review
    from tavli_voice.words import text

    play("--players", "rita,expert", "--points", "1", "--game", "portes", "--seed", "5")
    (path,) = home.iterdir()
    data = json.loads(path.read_text(encoding="utf-8"))
    mistakes = sorted((j for j in judge(data["turns"], [0], reasons=False) if j.mistake),
                      key=lambda j: -j.loss)
    second = mistakes[1]
    number = legal_plays(second.position, second.dice).index(second.best) + 1
    head2 = ("Mistake 2 of " if lang == "en" else "Λάθος 2 από ")
    right = "Right, " if lang == "en" else "Σωστά, "
    asked = text("voice.did_you_say", lang, text="\x00").split("\x00")[0]
    out = io.StringIO()

    def decide(lines: list[str]) -> str | None:
        if text("voice.ready", lang) not in lines:
            return None
        if lines and asked and lines[-1].startswith(asked):
            return " ".join(COMMAND_WORDS["yes"][lang][0])
        if not any(line.startswith(head2) for line in lines):
            return " ".join(COMMAND_WORDS["next"][lang][0])
        at = max(i for i, line in enumerate(lines) if line.startswith(head2))
        if not any(line.startswith(right) for line in lines[at:]):
            return number_text(number, lang)  # type: ignore[arg-type]
        return stop

    mic = _SpokenMic(out, decide, voice)
    monkeypatch.setattr(listener_module, "Microphone", lambda: mic)
    read_end, write_end = os.pipe()  # the keyboard: nothing typed, open until the end
    inp = os.fdopen(read_end, "r")
    timer = threading.Timer(240, os.close, (write_end,))  # stuck: end of input ends it
    timer.start()
    try:
        code = review_main(["--speech", "off", "--voice", "--voice-engine", "pocketsphinx",
                            "--voice-confirm", "never", "--lang", lang], out=out,
                           err=io.StringIO(), inp=inp, walk=run_review)
    finally:
        timer.cancel()
        try:
            os.close(write_end)
        except OSError:
            pass
        inp.close()
    lines = out.getvalue().splitlines()
    assert code == 0
    assert mic.said[-1] == stop, (mic.said, lines[-15:])
    assert any(line.startswith(head2) for line in lines)
    at = max(i for i, line in enumerate(lines) if line.startswith(head2))
    # the terminal writes the play once, in words (no notation after them)
    assert any(line.startswith(right) and line.endswith(f": {worded(data, second, lang)(second.best)}.")
               for line in lines[at:]), lines[at:]
    end = "End of the review." if lang == "en" else "Τέλος της ανασκόπησης."
    assert end in lines[at:] and lines[-2] == lines[lines.index(end) + 1]  # then the summary
    assert lines[-1] == ("Goodbye." if lang == "en" else "Γεια σου.")
    assert not any(line.startswith(head2.replace("2", "3")) for line in lines)  # no further


class TestReviewInTheWindow:
    """``tavli-voice review --window``: a kept match's review in the board window, as
    ``tavli-voice window`` opens a game (the terminal still prints what is said)."""

    def test_review_window_opens_the_mistakes_with_buttons_and_ends_by_keys(
            self, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        pygame = pytest.importorskip("pygame")
        monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
        from tavli_voice.review_cli import main as review_main
        from tavli_voice.startup import run_review
        from tavli_voice.ui.board import window as W

        play("--players", "rita,expert", "--points", "1", "--game", "portes", "--seed", "5")
        seen: list[tuple[str, tuple[str, ...], tuple[str, ...], bool]] = []
        keys = {3: pygame.K_RETURN, 6: pygame.K_q, 9: pygame.K_ESCAPE}
        frame = W.BoardWindow.frame

        def watched(win: W.BoardWindow) -> bool:  # what a person sees, then one key
            if win.view is not None:
                seen.append((win.view.turn, tuple(k for k, _ in win.view.actions),
                             tuple(win.view.status), win.app.finished))
            key = keys.get(win.frames)
            if key is not None:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, scancode=0,
                                                     unicode="q" if key == pygame.K_q else ""))
            return False if win.frames > 50 else frame(win)

        monkeypatch.setattr(W.BoardWindow, "frame", watched)
        out, err = io.StringIO(), io.StringIO()
        code = review_main(["--window", "--speech", "off"], out, err, io.StringIO(),
                           walk=run_review)
        assert code == 0 and err.getvalue() == "", err.getvalue()
        turn, actions, status, finished = seen[0]
        total = int(turn.split(" of ")[1].split()[0])
        assert turn == f"Review: mistake 1 of {total} (Rita)" and total >= 2
        assert actions == ("next", "repeat", "try_again", "hint", "why", "end")
        # the mistake and whose roll, as the terminal says them (the title is the window's)
        assert status[0].startswith("Mistake 1 of ") and status[1].startswith("Rita rolled ")
        after_enter = next(s for s in seen if s[0].startswith("Review: mistake 2"))
        assert after_enter[1][:2] == ("next", "previous")
        assert after_enter[2][0].startswith("Mistake 2 of ")
        assert not any(line[:1].isdigit() for s in seen for line in s[2])  # plays: the panel's
        assert seen[-1][3] and seen[-1][1] == ("close",)  # q ended the review; Esc closed
        printed = out.getvalue()
        assert "Mistake 2 of" in printed and "End of the review." in printed
        assert len(seen) < 15  # closed by the keys, not by the frame limit


def worded(kept: dict[str, Any], j: Any, lang: str = "en") -> Any:
    """The words of a play of mistake ``j`` alone, as the terminal writes them (no notation):
    ``listed`` as in the numbered list, ``past`` as a play made."""
    from tavli_voice.narration.phrases import listed_play
    from tavli_voice.review_walk import Walk

    w = Walk("m", kept, [j], [0], lang, io.StringIO())
    w.notation = False

    def words(play: Any, *, listed: bool = False, past: bool = False) -> str:
        return listed_play(play, j.side, w.context(j)) if listed else \
            w.play_words(j, play, past=past)
    return words


def noted(lines: list[str], head: str, notation: str) -> bool:
    """Is there a line ``head``, a play in words, then its ``notation`` in parentheses?"""
    return any(line.startswith(head) and line.endswith(f" ({notation}).")
               and "/" not in line[len(head):-len(notation) - 4] for line in lines)


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_reviews_plays_are_words_then_notation_on_screen_and_words_alone_in_speech(
        lang: str) -> None:
    """The expert's play, the play made and a try show the play in words with its notation
    after them (as the play list does); the narrator says the same lines without it."""
    from tavli_voice import events as E
    from tavli_voice.narration.phrases import phrase
    from tavli_voice.review import Judged
    from tavli_voice.review_walk import Walk

    before = Position.initial("portes")
    plays = {p.notation: p for p in legal_plays(before, (3, 1))}
    best, made = plays["8/5 6/5"], plays["24/23 24/21"]
    judged = Judged(1, "portes", 1, 0, before, (3, 1), made, best, 0.2, None)
    data = {"save": {"players": [{"name": "Rita", "bot": "rita"},
                                 {"name": "Expert", "bot": "expert"}],
                     "config": {"preset": "tavlucky"}}}
    out = io.StringIO()
    w = Walk("m", data, [judged], [0], lang, out)
    w.try_play(0, list(plays.values()).index(made) + 1)
    w.say(w.text("review.best", best=w.play_words(judged, best)))
    lines = out.getvalue().splitlines()
    # said as the narrator says a play made, each move «από το … στο …» ("from … to …")
    words = {"en": ("from 8 to 5, from 6 to 5", "from 24 to 23, from 24 to 21"),
             "el": ("από το 8 στο 5, από το 6 στο 5", "από το 24 στο 23, από το 24 στο 21")}[lang]
    assert lines[0].endswith(f": {words[1]} (24/23 24/21)."), lines  # the try
    assert lines[2].endswith(f": {words[1]} (24/23 24/21)."), lines  # the play made
    assert lines[-1].endswith(f": {words[0]} (8/5 6/5)."), lines
    for line in lines:
        spoken = " ".join(seg for seg in phrase(E.Notice(line), w.context(judged)).segments
                          if isinstance(seg, str))
        assert not re.search(r"\d/\d", spoken), spoken
        if "(" in line and "/" in line:
            assert spoken == line.replace(" (24/23 24/21)", "").replace(" (8/5 6/5)", ""), spoken


class TestALongListInTheReview:
    """A mistake with over 23 plays on offer is read as in a game, in groups by the checker
    moved, and ``l`` lists them all numbered; a short list is numbered at once."""

    @staticmethod
    def mode(dice: tuple[int, int], lang: str) -> ReviewMode:
        from tavli_voice.review import Judged
        from tavli_voice.review_walk import Walk

        pts = [-5, 0, 0, 0, -2, -4, -4] + [0] * 10 + [5, 0, 1, 1, 3, 0, 5]
        pos = Position.from_json({"game": "plakoto", "preset": "tavlucky", "points": pts,
                                  "bar": [0, 0], "off": [0, 0]})
        plays = legal_plays(pos, dice)
        judged = Judged(1, "plakoto", 9, 0, pos, dice, plays[0], plays[1], 0.2, None)
        save = {"players": [{"name": "you"}, {"name": "Expert", "bot": "expert"}],
                "config": {"preset": "tavlucky"}}
        return ReviewMode(Walk("m", {"save": save}, [judged], [0], lang, io.StringIO()))

    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_groups_first_then_every_play_numbered_on_request(self, lang: str) -> None:
        from tavli_voice.words import text

        mode = self.mode((4, 4), lang)
        mode.walk.read(0)
        read = mode._lines()
        numbered = [line for line in read if re.match(r"\d+: ", line)]
        assert numbered == [], read
        # a Greek screen of groups counts in words throughout, as the prompt's «ογδόντα εννέα»
        group = "From 24: 45 plays." if lang == "en" else "Από το 24: σαράντα πέντε κινήσεις."
        intro = "89 plays to choose from:" if lang == "en" else \
            "Έχεις ογδόντα εννέα κινήσεις να διαλέξεις:"
        assert intro in read, read
        assert any(line.startswith(group) for line in read), read
        assert text("plays.groups_hint_screen", lang) not in read  # no steps in a review
        assert read[-1] == text("review.plays_on_request", lang,
                                n="89" if lang == "en" else "ογδόντα εννέα")
        listed = mode.handle(C.ListPlays())
        assert [line.split(":")[0] for line in listed
                if re.match(r"\d+: ", line)] == [str(n) for n in range(1, 90)]
        assert "plays" in mode.available()

    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_a_switch_user_is_offered_try_again_never_a_letter_to_type(self, lang: str) -> None:
        from tavli_voice.words import text

        mode = self.mode((4, 4), lang)
        mode.walk.scanned = True
        mode.walk.read(0)
        read = mode._lines()
        assert read[-1] == text("review.plays_on_request_scan", lang,
                                n="89" if lang == "en" else "ογδόντα εννέα")
        button = text("scan.try_again", lang)
        assert f"«{button}»" in read[-1] if lang == "el" else f"Choose {button} " in read[-1]
        assert not any(re.search(r"\b(Type|Γράψε) l\b", line) for line in read), read

    @pytest.mark.parametrize("lang,said", [
        ("en", "Pick with the switch: Try again, then the best play; or the next or previous "
               "mistake, repeat, the expert's play, why, or stop the review."),
        ("el", "Διάλεξε με τον διακόπτη: «Δοκίμασε ξανά» και μετά την καλύτερη κίνηση· ή το "
               "επόμενο ή το προηγούμενο λάθος, επανάληψη, την κίνηση του έμπειρου παίκτη, το "
               "γιατί, ή το τέλος της ανασκόπησης.")])
    def test_a_switch_users_review_prompt_names_no_key(self, lang: str, said: str) -> None:
        from tavli_voice.words import text

        mode = self.mode((4, 4), lang)
        assert mode.prompt() == text("review.prompt_cmd", lang)  # the keyboard's: keys to type
        mode.walk.scanned = True
        assert mode.prompt() == said
        assert not re.search(r"\b(type|γράψε|Enter|q)\b|<", said, re.IGNORECASE)

    @pytest.mark.parametrize("scanning", [False, True])
    def test_the_app_tells_the_review_whether_the_input_is_a_switch(self, scanning: bool) -> None:
        from tavli_voice.events import Notice, PlayerInfo
        from tavli_voice.rules import MatchConfig
        from tavli_voice.session import Session
        from tavli_voice.ui.app import App

        app = App(Session(MatchConfig(1, "portes", "tavlucky", 4),
                          (PlayerInfo("you"), PlayerInfo("Rita", "rita"))), lang="en")
        app.switch_input = scanning
        mode = self.mode((4, 4), "en")
        said = [e.text for e in app.begin_review(mode) if isinstance(e, Notice)]
        assert mode.walk.scanned is scanning
        assert said[-1].startswith("Choose Try again for all 89 plays" if scanning
                                   else "Type l for all 89 plays")

    @pytest.mark.parametrize("notation", [False, True])
    def test_the_review_shows_plays_as_the_app_does(self, notation: bool) -> None:
        """The terminal writes a play once, in words; the board window (or --notation) adds
        the notation after them: the review's list and answers follow the App."""
        from tavli_voice.events import PlayerInfo
        from tavli_voice.rules import MatchConfig
        from tavli_voice.session import Session
        from tavli_voice.ui.app import App

        app = App(Session(MatchConfig(1, "portes", "tavlucky", 4),
                          (PlayerInfo("you"), PlayerInfo("Rita", "rita"))), lang="en",
                  screen_notation=notation)
        mode = self.mode((2, 1), "el")
        app.begin_review(mode)
        mode.walk.list_plays(0)
        mode.walk.answer(0, why=False)
        lines = mode._lines()
        listed = [line for line in lines if re.match(r"\d+: ", line)]
        assert listed and all(line.endswith(")") is notation for line in listed), listed
        best = next(line for line in lines if line.startswith("Η κίνηση του έμπειρου παίκτη: "))
        assert ("/" in best) is notation, best

    def test_a_short_list_is_numbered_at_once(self) -> None:
        mode = self.mode((2, 1), "en")
        mode.walk.read(0)
        read = mode._lines()
        count = len(legal_plays(mode.walk.mistakes[0].position, (2, 1)))
        assert count <= 23
        assert [line.split(":")[0] for line in read
                if re.match(r"\d+: ", line)] == [str(n) for n in range(1, count + 1)]


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_persons_own_mistake_says_the_dice_once_and_calls_the_play_theirs(lang: str) -> None:
    """Reviewing the one person's mistake: the dice are said once ("You rolled 3 and 1."), the
    position ends on whose turn it is without saying them again, and their play is "Your play",
    «Η κίνησή σου», not the impersonal «Η κίνηση που έγινε» that a screen reader reads alone."""
    from tavli_voice.review import Judged
    from tavli_voice.review_walk import Walk

    before = Position.initial("portes")
    plays = {p.notation: p for p in legal_plays(before, (3, 1))}
    best, made = plays["8/5 6/5"], plays["24/23 24/21"]
    judged = Judged(1, "portes", 1, 0, before, (3, 1), made, best, 0.2, None)
    data = {"save": {"players": [{"name": "Nikos"}, {"name": "Rita", "bot": "rita"}],
                     "config": {"preset": "tavlucky"}}}
    out = io.StringIO()
    w = Walk("m", data, [judged], [0], lang, out)
    w.read(0)
    w.answer(0)
    said = out.getvalue()
    rolled, dice, yours, made_line = {
        "en": ("You rolled 3 and 1.", "Dice:", "Your play: ", "The play made"),
        "el": ("Έφερες 3 και 1.", "Ζάρια:", "Η κίνησή σου: ", "Η κίνηση που έγινε")}[lang]
    assert rolled in said.splitlines(), said
    assert dice not in said, said
    assert any(line.startswith(yours) and line.endswith("(24/23 24/21).")
               for line in said.splitlines()), said
    assert made_line not in said, said


def test_the_hint_in_the_review_gives_the_play_and_why_adds_the_reasons(
        home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``x`` (the expert's play) and ``e`` (why) are two answers, not one said twice: x says the
    expert's play, the play made and the cost; e says them with the reasons ("Why: …")."""
    play("--players", "rita,expert", "--points", "3", "--game", "portes", "--seed", "5")
    lines = walk(capsys, "x\ne\nq\n")
    hint = next(i for i, line in enumerate(lines) if line.startswith("The expert's play: "))
    why = next(i for i, line in enumerate(lines) if i > hint and line.startswith("The expert's play: "))
    assert not any(line.startswith("Why: ") for line in lines[hint:why]), lines
    assert lines[why + 3].startswith("Why: "), lines
