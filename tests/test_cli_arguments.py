"""Every value of the command line is checked by argparse and refused in the user's language.

Each case runs the real parser (``startup.build_parser``); a refused value
ends the run with exit code 2 and one sentence on the error stream, before
any match is made or saved.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tavli_voice import startup, storage
from tavli_voice import words as M
from tavli_voice.rules import MatchConfig
from tavli_voice.rules.match import MAX_MATCH_LENGTH, MAX_SEED_TEXT


def refused(argv: list[str], lang: str, capsys: pytest.CaptureFixture[str]) -> str:
    """The error argparse prints for ``argv`` (asserting it ends the run with 2)."""
    with pytest.raises(SystemExit) as ended:
        startup.build_parser(lang).parse_args(argv)
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    first, hint = err.strip().splitlines()  # the refusal, then how to list the options: no usage
    assert hint == M.text("cli.options_hint", lang, prog="tavli-voice play")
    return first


class TestRefusedValues:
    @pytest.mark.parametrize("argv, english, greek", [
        (["--rate", "-100000"], "argument --rate: takes a whole number from 80 to 450, not "
         "'-100000'", "το --rate θέλει ακέραιο αριθμό από 80 έως 450, όχι «-100000»"),
        (["--rate", "79"], "from 80 to 450, not '79'", "από 80 έως 450, όχι «79»"),
        (["--rate", "0"], "from 80 to 450, not '0'", "από 80 έως 450, όχι «0»"),
        (["--rate", "451"], "not '451'", "όχι «451»"),
        (["--volume", "nan"], "argument --volume: takes a number from 0 to 1, not 'nan'",
         "το --volume θέλει αριθμό από 0 έως 1, όχι «nan»"),
        (["--volume", "inf"], "not 'inf'", "όχι «inf»"),
        (["--volume", "-0.1"], "not '-0.1'", "όχι «-0.1»"),
        (["--scale", "nan"], "from 0.75 to 3, not 'nan'", "από 0,75 έως 3, όχι «nan»"),
        (["--dwell", "inf"], "argument --dwell:", "το --dwell θέλει αριθμό"),
        (["--points", "10001"], "argument --points: takes a whole number from 1 to 10000, not "
         "'10001'", "το --points θέλει ακέραιο αριθμό από 1 έως 10000, όχι «10001»"),
        (["--points", "0"], "not '0'", "όχι «0»"),
        (["--seed", "\udcff\udcfe"], "argument --seed: takes text, and '\\xff\\xfe' has bytes "
         "that are not UTF-8", "το --seed θέλει κείμενο, και το «\\xff\\xfe» έχει bytes"),
        (["--seed", "s" * (MAX_SEED_TEXT + 1)], "argument --seed: takes a seed of at most 200 "
         "characters", "το --seed θέλει σπόρο έως διακόσιους χαρακτήρες"),
    ])
    def test_refused_in_both_languages(self, argv: list[str], english: str, greek: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
        assert english in refused(argv, "en", capsys)
        assert greek in refused(argv, "el", capsys)

    @pytest.mark.parametrize("limit, greek", [(1000, "δέχεται έως χίλιους χαρακτήρες"),
                                              (201, "δέχεται έως διακόσιους έναν χαρακτήρες"),
                                              (100, "δέχεται έως 100 χαρακτήρες")])
    def test_a_greek_limit_agrees_with_χαρακτήρες(self, limit: int, greek: str) -> None:
        """A screen reader reads «200» as «διακόσια»: the masculine limit is in words."""
        from tavli_voice import arguments as A
        for lang, said in (("el", greek), ("en", f"takes at most {limit} characters")):
            with pytest.raises(argparse.ArgumentTypeError, match=said):
                A.text(lang, limit)("x" * (limit + 1))

    def test_a_long_value_is_shortened_in_the_message(
            self, capsys: pytest.CaptureFixture[str]) -> None:
        line = refused(["--rate", "9" * 5000], "en", capsys)
        assert len(line) < 200 and line.endswith("…'")


class TestAcceptedValues:
    def test_the_limits_themselves_are_accepted(self) -> None:
        args = startup.build_parser("en").parse_args(
            ["--rate", "80", "--volume", "0", "--points", str(MAX_MATCH_LENGTH),
             "--seed", "σ" * MAX_SEED_TEXT, "--scale", "3", "--dwell", "0"])
        assert (args.rate, args.volume, args.points, args.scale, args.dwell) == \
            (80, 0.0, MAX_MATCH_LENGTH, 3.0, 0.0)
        assert args.seed == "σ" * MAX_SEED_TEXT

    def test_help_says_the_ranges(self, capsys: pytest.CaptureFixture[str]) -> None:
        for lang, words in (("en", ("from 80 to 450", "from 1 to 10000", "up to 200")),
                            ("el", ("από 80 έως 450", "από 1 έως 10000", "έως διακόσιους χαρακτήρες"))):
            with pytest.raises(SystemExit):
                startup.build_parser(lang).parse_args(["--help"])
            shown = " ".join(capsys.readouterr().out.split())
            assert all(w in shown for w in words), lang


class TestOneHomeForTheLimits:
    """What the command line accepts, a save keeps and resumes (R9)."""

    def test_the_longest_accepted_match_and_seed_pass_the_save_check(self) -> None:
        from tavli_voice import events as E
        from tavli_voice.session import Session
        args = startup.build_parser("en").parse_args(
            ["--points", str(MAX_MATCH_LENGTH), "--seed", "x" * MAX_SEED_TEXT])
        config = MatchConfig(args.points, "tavli", "tavlucky", args.seed)
        session = Session(config, (E.PlayerInfo("a", "random"), E.PlayerInfo("b", "random")))
        storage.check_save(session.snapshot())

    @pytest.mark.parametrize("length, seed", [(MAX_MATCH_LENGTH + 1, 1),
                                              (3, "x" * (MAX_SEED_TEXT + 1)), (3, "\udcff")])
    def test_a_match_the_save_would_refuse_is_not_made(self, length: int,
                                                       seed: int | str) -> None:
        with pytest.raises(ValueError):
            MatchConfig(length, "tavli", "tavlucky", seed)


ROOT = Path(__file__).resolve().parents[1]


def run(tmp_path: Path, *argv: str, stdin: int | None = subprocess.DEVNULL,
        env: dict[str, str] | None = None, pass_fds: tuple[int, ...] = (),
        preexec: Any = None) -> subprocess.CompletedProcess[bytes]:
    """``tavli-voice ARGV`` as a user runs it, in a temporary home (never the real one)."""
    base = dict(os.environ, HOME=str(tmp_path / "h"), XDG_DATA_HOME=str(tmp_path / "d"),
                XDG_CONFIG_HOME=str(tmp_path / "c"), XDG_CACHE_HOME=str(tmp_path / "k"),
                XDG_STATE_HOME=str(tmp_path / "s"), TAVLI_VOICE_HOME=str(tmp_path / "t"),
                LANG="en_US.UTF-8", PYTHONPATH=str(ROOT), SDL_AUDIODRIVER="dummy",
                SDL_VIDEODRIVER="dummy")
    base.update(env or {})
    return subprocess.run([sys.executable, "-m", "tavli_voice.cli", *argv], stdin=stdin,
                          capture_output=True, env=base, cwd=tmp_path, timeout=60,
                          preexec_fn=preexec)


class TestOtherCommands:
    @pytest.mark.parametrize("argv, english, greek", [
        (["moves", "--wait", "inf", "x.json", "--dice", "1", "2"],
         "argument --wait: takes a number from 0 to 3600, not 'inf'",
         "το --wait θέλει αριθμό από 0 έως 3600, όχι «inf»"),
        (["moves", "--bot", "rita", "--seed", "\udcff", "--jsonl"],
         "argument --seed: takes text, and '\\xff' has bytes that are not UTF-8",
         "το --seed θέλει κείμενο, και το «\\xff» έχει bytes που δεν είναι UTF-8"),
        (["moves", "x.json", "--dice", "7", "1"],
         "argument --dice: takes a whole number from 1 to 6, not '7'",
         "το --dice θέλει ακέραιο αριθμό από 1 έως 6, όχι «7»"),
        (["hear", "--options", "1000", "x.wav"],
         "argument --options: takes a whole number from 0 to 999, not '1000'",
         "το --options θέλει ακέραιο αριθμό από 0 έως 999, όχι «1000»"),
        (["models", "--models", "m" * 300], "argument --models: takes a file or folder name the "
         "system accepts; this one is too long", "το --models θέλει όνομα αρχείου ή φακέλου"),
        (["hear", "x.wav", "--profile", "p/" * 3000], "argument --profile: takes a file or folder",
         "το --profile θέλει όνομα αρχείου ή φακέλου"),
        (["enroll", "--takes", "0"], "argument --takes: takes a whole number from 1 to 20",
         "το --takes θέλει ακέραιο αριθμό από 1 έως 20"),
    ])
    def test_refused_in_both_languages(self, tmp_path: Path, argv: list[str], english: str,
                                       greek: str) -> None:
        raw = [a.encode("utf-8", "surrogateescape") for a in argv]
        for lang, words in (("en", english), ("el", greek)):
            proc = run(tmp_path, *[os.fsdecode(a) for a in raw], "--lang", lang)
            err = proc.stderr.decode("utf-8")
            assert proc.returncode == 2 and "Traceback" not in err
            assert words in err, err


class TestRefusalFirst:
    """A refused option is the first line said, then how to list the options: no usage to read through."""

    @pytest.mark.parametrize("argv, prog", [
        (["--game", "tavla"], "tavli-voice play"),
        (["resume", "--rate", "1"], "tavli-voice resume"),
        (["moves", "--dice", "7", "1"], "tavli-voice moves"),
        (["review", "--order", "x"], "tavli-voice review"),
        (["hear", "--options", "x", "a.wav"], "tavli-voice hear"),
        (["models", "--bogus"], "tavli-voice models"),
        (["enroll", "--takes", "0"], "tavli-voice enroll"),
    ])
    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_two_lines_in_the_users_language(self, argv: list[str], prog: str, lang: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
        from tavli_voice.cli import main
        try:
            code = main(argv + ["--lang", lang])
        except SystemExit as ended:
            code = ended.code  # type: ignore[assignment]
        assert code == 2
        lines = capsys.readouterr().err.splitlines()
        assert len(lines) == 2, lines
        assert lines[0].startswith(prog + (": error: " if lang == "en" else ": σφάλμα: ")), lines
        assert lines[1] == M.text("cli.options_hint", lang, prog=prog)
        assert ("-h" in lines[1]) and ("usage" not in lines[0]) and ("χρήση" not in lines[0])


class TestLanguageBeforeTheCommand:
    """``tavli-voice --lang el moves …`` runs ``moves``, as ``tavli-voice moves --lang el …`` does."""

    def test_the_command_after_the_language_runs(self, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
        from tavli_voice.cli import main
        position = tmp_path / "start.json"
        position.write_text(json.dumps({"game": "portes", "points": [2, 0, 0, 0, 0, -5, 0, -3, 0, 0, 0, 5,
                                                                   -5, 0, 0, 0, 3, 0, 5, 0, 0, 0, 0, -2]}))
        assert main(["--lang", "el", "moves", str(position), "--dice", "6", "5"]) == 0
        before = capsys.readouterr()
        assert main(["moves", str(position), "--dice", "6", "5", "--lang=el"]) == 0
        assert capsys.readouterr() == before
        assert before.out.startswith("1. ") and not before.err, before
        with pytest.raises(SystemExit):
            main(["--lang=el", "moves", "--dice", "9", "1", str(position)])
        assert capsys.readouterr().err.startswith("tavli-voice moves: σφάλμα: το --dice")

    @pytest.mark.parametrize("argv, lang", [(["--lang", "en", "--lang", "el"], "el"),
                                            (["--lang=el", "--lang", "en"], "en")])
    def test_asked_twice_the_last_language_is_used_as_argparse_uses_it(
            self, argv: list[str], lang: str, capsys: pytest.CaptureFixture[str]) -> None:
        from tavli_voice.cli import main
        from tavli_voice.speech.cli import hear_main
        assert main([*argv, "-h"]) == 0
        assert capsys.readouterr().out == M.text("cli.usage", lang) + "\n"
        assert hear_main([*argv, "-h"]) == 0  # the program's words and argparse's agree
        usage = capsys.readouterr().out
        assert usage.startswith({"en": "usage: ", "el": "χρήση: "}[lang]), usage
        assert M.text("hear.files", lang) in usage, usage

    def test_a_play_option_before_a_command_word_is_not_moved(
            self, capsys: pytest.CaptureFixture[str]) -> None:
        from tavli_voice.cli import main
        with pytest.raises(SystemExit):  # "moves" is then play's stray argument, refused as such
            main(["--game", "fevga", "moves"])
        assert "moves" in capsys.readouterr().err.splitlines()[0]


def finished(mover_off: int) -> dict[str, Any]:
    """A Portes position whose mover (or opponent) has borne off all 15."""
    pts = [0] * 24
    if mover_off == 15:
        pts[18] = -15
        return {"game": "portes", "points": pts, "off": [15, 0]}
    pts[0] = 15
    return {"game": "portes", "points": pts, "off": [0, 15]}


class TestFinishedPosition:
    """R4: a side with all 15 off has won; nobody plays in that position."""

    def test_the_position_is_valid_but_not_in_play(self) -> None:
        from tavli_voice.rules import Position
        from tavli_voice.rules.position import GameOverError
        for side, off in ((0, 15), (1, 0)):
            pos = Position.from_json(finished(off))
            with pytest.raises(GameOverError) as over:
                pos.check_in_play()
            assert over.value.side == side
        Position.initial("plakoto").check_in_play()

    def test_moves_jsonl_answers_an_error_not_no_legal_play(self) -> None:
        from tavli_voice.moves_cli import answer_line
        for off, who in ((15, "the player to move"), (0, "the opponent")):
            line = json.dumps({"position": finished(off), "dice": [6, 5]}).encode()
            assert answer_line(line) == {
                "error": f"the game is over: {who} has borne off all 15 checkers"}

    def test_moves_file_refuses_it_in_both_languages(self, tmp_path: Path) -> None:
        path = tmp_path / "won.json"
        path.write_text(json.dumps(finished(15)))
        en = run(tmp_path, "moves", str(path), "--dice", "6", "5")
        el = run(tmp_path, "moves", str(path), "--dice", "6", "5", "--lang", "el")
        assert en.returncode == el.returncode == 2 and en.stdout == el.stdout == b""
        assert en.stderr.decode() == ("tavli-voice moves: the game in this position is over: "
                                      "the player to move has borne off all 15 checkers, so "
                                      "there is no play to list.\n")
        assert "αυτός που παίζει έχει μαζέψει και τα 15 πούλια" in el.stderr.decode()


def close_fds(*fds: int) -> Any:
    def close() -> None:
        for fd in fds:
            os.close(fd)
    return close


class TestStandardStreams:
    """``<&-`` and ``>&-``: the program runs on (input ends, output goes nowhere)."""

    @pytest.mark.parametrize("argv", [["play", "--speech", "off", "--no-save"],
                                      ["play", "--speech", "off"],
                                      ["resume", "--speech", "off"],
                                      ["moves", "--jsonl"],
                                      ["moves", "--bot", "rita", "--jsonl"]])
    @pytest.mark.parametrize("closed", [(0,), (1,), (0, 1)])
    def test_closed_streams_end_without_a_traceback(self, tmp_path: Path, argv: list[str],
                                                    closed: tuple[int, ...]) -> None:
        proc = run(tmp_path, *argv, stdin=None, preexec=close_fds(*closed))
        err = proc.stderr.decode()
        assert "Traceback" not in err and "Error" not in err, err
        assert proc.returncode in (0, 1)
        if 1 not in closed and argv[0] == "play":
            assert b"Goodbye" in proc.stdout  # input ended: the game ends as at end of file

    def test_a_closed_output_is_not_reused_for_the_save(self, tmp_path: Path) -> None:
        proc = run(tmp_path, "play", "--speech", "off", stdin=None, preexec=close_fds(0, 1))
        assert proc.returncode == 0
        saves = list(tmp_path.rglob("autosave.json"))
        assert saves, list(tmp_path.rglob("*"))
        json.loads(saves[0].read_text())  # a whole save, nothing else written into it


class TestTerminalEncoding:
    """Greek to a terminal that cannot show it: escapes, never a traceback."""

    @pytest.mark.parametrize("argv", [["--help"], ["--version"], ["play", "--help"],
                                      ["moves", "--help"], ["play", "--rate", "5"],
                                      ["hear", "--help"]])
    def test_greek_to_an_ascii_terminal(self, tmp_path: Path, argv: list[str]) -> None:
        proc = run(tmp_path, *argv, "--lang", "el", env={"PYTHONIOENCODING": "ascii"})
        out = proc.stdout + proc.stderr
        assert proc.returncode in (0, 2) and b"Traceback" not in out
        out.decode("ascii")  # what was written is what the terminal can show
        assert b"\\u03" in out  # the Greek letters are there, as escapes

    def test_greek_to_a_greek_8bit_terminal(self, tmp_path: Path) -> None:
        proc = run(tmp_path, "play", "--help", "--lang", "el",
                   env={"PYTHONIOENCODING": "iso8859-7"})
        assert proc.returncode == 0
        assert "ταχύτητα ομιλίας" in proc.stdout.decode("iso8859-7")
