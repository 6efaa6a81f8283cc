"""Every value of the command line is checked by argparse and refused in the user's language.

Each case runs the real parser (``startup.build_parser``); a refused value
ends the run with exit code 2 and one sentence on the error stream, before
any match is made or saved.
"""

from __future__ import annotations

import pytest

from tavli_voice import startup, storage
from tavli_voice.rules import MatchConfig
from tavli_voice.rules.match import MAX_MATCH_LENGTH, MAX_SEED_TEXT


def refused(argv: list[str], lang: str, capsys: pytest.CaptureFixture[str]) -> str:
    """The error argparse prints for ``argv`` (asserting it ends the run with 2)."""
    with pytest.raises(SystemExit) as ended:
        startup.build_parser(lang).parse_args(argv)
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err.strip().splitlines()[-1]


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
         "characters", "το --seed θέλει σπόρο έως 200 χαρακτήρες"),
    ])
    def test_refused_in_both_languages(self, argv: list[str], english: str, greek: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
        assert english in refused(argv, "en", capsys)
        assert greek in refused(argv, "el", capsys)

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
                            ("el", ("από 80 έως 450", "από 1 έως 10000", "έως 200"))):
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
