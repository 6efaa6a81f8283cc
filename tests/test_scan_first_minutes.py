"""A new player's first minutes with ``tavli-voice --scan``: the plays to choose from are
there to choose, the help names what the switch does, ``--scan`` alone starts scanning.

Every run is in ``tmp_path`` (HOME and XDG_* there), headless, with seeded dice.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from tavli_voice.startup import main


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh player: home, data, config and cache folders all inside ``tmp_path``."""
    for name, sub in (("HOME", "h"), ("XDG_DATA_HOME", "xd"), ("XDG_CONFIG_HOME", "xc"),
                      ("XDG_CACHE_HOME", "xk")):
        (tmp_path / sub).mkdir()
        monkeypatch.setenv(name, str(tmp_path / sub))
    monkeypatch.delenv("TAVLI_VOICE_HOME", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def play(argv: list[str], typed: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv + ["--speech", "off", "--no-save", "--game", "portes", "--seed", "3"],
                out=out, inp=io.StringIO(typed))
    return code, out.getvalue()


class TestTypedInsteadOfScanning:
    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_the_plays_are_listed_to_type_when_scanning_needs_a_terminal(self, lang: str) -> None:
        # seed 3: the person starts with 6 and 1 and ten plays
        _code, said = play(["--scan", "auto", "--lang", lang], "1\nc\nq\n")
        numbered = [line for line in said.splitlines() if re.match(r"^\d+: ", line)]
        assert len(numbered) == 10, said
        assert [line.split(":")[0] for line in numbered] == [str(n) for n in range(1, 11)]
        played = "You played" if lang == "en" else "Έπαιξες"
        assert played in said, said  # the number typed chose that play


class TestScanAlone:
    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_scan_alone_starts_one_switch_scanning(self, lang: str) -> None:
        from tavli_voice import words
        from tavli_voice.review_cli import build_parser as review_parser
        from tavli_voice.startup import build_parser

        assert build_parser(lang).parse_args(["--scan", "--speech", "off"]).scan == "auto"
        assert build_parser(lang).parse_args(["--scan", "step"]).scan == "step"
        assert build_parser(lang).parse_args([]).scan is None
        assert review_parser(lang).parse_args(["--scan"]).scan == "auto"
        code, said = play(["--scan", "--lang", lang], "q\n")
        assert code == 0 and said.splitlines()[0] == words.text("scanui.not_a_tty", lang), said
