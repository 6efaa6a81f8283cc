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


class TestHelpWhileScanning:
    @staticmethod
    def help_text(lang: str, scanning: bool, speech: bool = False) -> list[str]:
        from tavli_voice import commands as C
        from tavli_voice import events as E
        from tavli_voice.narration.phrases import phrase, screen_text
        from tavli_voice.session import new_session
        from tavli_voice.ui.app import App

        app = App(new_session("portes", 1, seed=3), lang=lang, save_path=None)
        app.list_plays = not scanning  # as run_scanning's caller sets it
        app.start()  # seed 3: the person starts, with ten plays on offer
        report = [e for e in app.command(C.Help()) if isinstance(e, E.HelpReport)]
        assert len(report) == 1 and report[0].plays == 10
        if speech:
            return [phrase(report[0], app.context()).text]
        return screen_text(report[0], app.context()).splitlines()

    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_the_help_names_what_the_switch_picks_not_typed_keys(self, lang: str) -> None:
        from tavli_voice import words

        typed = self.help_text(lang, scanning=False)
        scanned = self.help_text(lang, scanning=True)
        assert any(line.startswith("x: ") for line in typed)  # the keyboard's help keeps keys
        key = re.compile(r"^(?:[a-z]{1,2}|[.?])(?: / \S)?: ")  # "r: ", "ll: ", "h / ?: "
        assert sum(bool(key.match(line)) for line in typed) > 10
        assert not any(key.match(line) for line in scanned), scanned
        assert not any(re.search(r"\b1\b.*\b10\b", line) for line in scanned), scanned
        assert words.text("help.select.scan", lang) == scanned[1]
        assert scanned[-1] == words.text("help.scan.settings", lang)
        assert words.text("help.hint", lang) in scanned
        if lang == "el":  # no Latin letter: no key names, no English words
            assert not any(re.search(r"[A-Za-z]", line) for line in scanned), scanned

    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_spoken_help_while_scanning_names_no_key(self, lang: str) -> None:
        from tavli_voice import words

        spoken = self.help_text(lang, scanning=True, speech=True)[0]
        assert words.text("help.scan.settings", lang) in spoken
        said_key = words.key_label("r", lang, speech=True)
        assert f"{said_key}:" not in spoken, spoken


class TestPlaysOnTheScanLines:
    @staticmethod
    def scanned_lines(lang: str, *, notation: bool = True) -> tuple[list[str], list[str]]:
        """What the terminal prints and speaks while the scanner goes round the opening plays
        once, nobody pressing (seed 3: the person starts with 6 and 1, ten plays)."""
        from tavli_voice.narration.narrator import Narrator
        from tavli_voice.narration.speaker import RecordingSpeaker
        from tavli_voice.scanning import ManualClock, ScanSettings, make_scanner
        from tavli_voice.session import new_session
        from tavli_voice.ui.app import App
        from tavli_voice.ui.scan_driver import ScanDriver
        from tavli_voice.ui.scan_input import TerminalScan, highlight_speaker

        class NoKeys:
            def __init__(self, clock: ManualClock) -> None:
                self.clock = clock

            def read(self, timeout: float) -> list[tuple[str, float]]:
                self.clock.advance(timeout)
                return []

        clock = ManualClock()
        speaker = RecordingSpeaker(auto_finish=True)
        app = App(new_session("portes", 1, seed=3), lang=lang, narrator=Narrator(speaker), screen_notation=notation)
        app.list_plays = False
        settings = ScanSettings(interval=1.0, first_delay=0.0, loops=1, play_choice="list",
                                list_limit=20)
        driver = ScanDriver(app, make_scanner(settings), clock)
        lines: list[str] = []
        TerminalScan(driver, NoKeys(clock), lines.append, lang, speak=highlight_speaker(app),
                     max_loops=400).run()
        spoken = [u.text for u in speaker.spoken() if u.tag == "scan"]
        return lines, spoken

    @pytest.mark.parametrize("lang, words", [("en", "From 24 to 23, from 24 to 18"),
                                             ("el", "Από το 24 στο 23, από το 24 στο 18")])
    def test_a_play_is_shown_in_words_then_notation(self, lang: str, words: str) -> None:
        lines, spoken = self.scanned_lines(lang)
        assert f"{words} (24/23 24/18)" in lines, lines
        plays = [line for line in lines if "/" in line]
        assert len(plays) == 10 and all(line.endswith(")") for line in plays), plays
        assert not any(re.fullmatch(r"[\d/* ()]+", line) for line in lines), lines
        assert "24/23 24/18" in spoken  # speech reads the notation as words itself, once
        only_words, _ = self.scanned_lines(lang, notation=False)  # --words
        assert words in only_words and not any("/" in line for line in only_words)
