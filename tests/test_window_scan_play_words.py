"""The board window's scan strip shows a play as the terminal and the play buttons do: in
words first, then its notation («Πρόταση: από το 24 στο 20, … (24/20 8/5*)»), words alone
with the words option (``--words``), and the whole of it fitting the strip's box."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from window_helpers import FAST_SCAN, to_my_roll

from tavli_voice.events import Phase
from tavli_voice.narration.speechtext import speak_play
from tavli_voice.scanning import ManualClock
from tavli_voice.session import new_session
from tavli_voice.ui.app import App
from tavli_voice.scanning import ScanOption
from tavli_voice.ui.board.scanview import PLAY_KEYS, shown_label


def _window(lang: str, notation: bool) -> tuple[App, Any, ManualClock]:
    from tavli_voice.ui.board.window import BoardWindow

    clock = ManualClock()
    app = App(new_session(kind="portes", length=3, seed=11), lang=lang, save_path=None,
              screen_notation=notation)
    win = BoardWindow(app, bot_delay=0, clock=clock, scan_settings=FAST_SCAN)
    win.open()
    app.start()
    win.frame()
    return app, win, clock


def _roll_and_scan_to_a_play(app: App, win: Any, clock: ManualClock) -> Any:
    """Roll with the switch, then let scanning run to the first play highlighted."""
    from window_helpers import press_through

    to_my_roll(app, win)
    press_through(win, clock, ["roll"])
    assert app.state().phase is Phase.PLAY
    for _ in range(60):
        option = win.scanner.highlighted
        if option is not None and option.key in PLAY_KEYS:
            return option
        clock.advance(1.0)
        win.frame()
    raise AssertionError("no play was scanned")


@pytest.mark.parametrize("lang", ["en", "el"])
@pytest.mark.parametrize("notation", [True, False])
def test_the_strips_big_box_shows_the_scanned_play_in_words(window_home: Path, lang: str,
                                                            notation: bool) -> None:
    import pygame

    app, win, clock = _window(lang, notation)
    option = _roll_and_scan_to_a_play(app, win, clock)
    played = str(option.args[0])
    win.frame()
    strip = win.view.scan
    assert strip is not None and strip.index is not None
    shown = strip.options[strip.index]
    said = speak_play(played, lang)
    assert said[1:] in shown and said[1:] not in option.label(lang)
    assert (f"({played})" in shown) is notation
    if not notation:
        assert "/" not in shown
    # the whole label fits the strip's box, and so does a four-step play with two hits
    long = shown_label(ScanOption("suggested", ("24/20 13/9 8/5* 6/2*",)), lang, notation)
    for label in (shown, long):
        lines, font = _strip_lines(win, label)
        assert " ".join(lines) == label and not any(row.endswith("…") for row in lines)
    pygame.image.save(win.screen, str(window_home / f"scan_play_{lang}_{notation}.png"))
    win.close()


def _strip_lines(win: Any, label: str, height: int | None = None) -> tuple[list[str], Any]:
    """The lines and font the strip's big box draws ``label`` with (as ``render`` does)."""
    from tavli_voice.ui.board import render

    box = win.geometry.scan
    assert box is not None
    line = win.layout.panel.line_h
    h = box.h - line if height is None else height
    lines, font = render.box_lines(win.fonts, label, box.w - 12, h - 4, h * 0.5,
                                   max(12.0, line * 0.55))
    assert all(font.size(row)[0] <= box.w - 12 for row in lines)
    assert font.get_linesize() * len(lines) <= h - 4
    return lines, font


def test_a_play_too_long_for_a_small_box_keeps_its_words_and_gives_up_the_notation(
        window_home: Path) -> None:
    app, win, _clock = _window("el", True)
    to_my_roll(app, win)
    win.frame()
    label = shown_label(ScanOption("suggested", ("24/20 13/9 8/5* 6/2*",)), "el")
    words_only = label[:label.rindex(" (")]
    big, big_font = _strip_lines(win, label)
    assert " ".join(big) == label
    small, small_font = _strip_lines(win, label, height=int(big_font.get_linesize() * 1.6))
    assert " ".join(small) == words_only or small[-1].endswith("…")
    assert "(" not in " ".join(small) and small[0].startswith("Πρόταση: από το 24")
    win.close()


def test_the_terminal_and_the_window_show_a_scanned_play_alike() -> None:
    suggested = ScanOption("suggested", ("24/20 8/5*",))
    assert shown_label(suggested, "el") == \
        "Πρόταση: από το 24 στο 20, από το 8 στο 5 με χτύπημα (24/20 8/5*)"
    assert shown_label(suggested, "en", notation=False) == \
        "Suggested: from 24 to 20, from 8 to 5, hitting"
    group = ScanOption("plays_group", (1, 5, "13/7 13/8"))
    assert shown_label(group, "en") == \
        "Plays 1 to 5, starting from 13 to 7, from 13 to 8 (13/7 13/8)"
    # a play named by its number only (as the cost model scans) keeps its label
    assert shown_label(ScanOption("play", ("3",)), "en") == "3"
    assert shown_label(ScanOption("roll", ()), "el") == "Ρίξε τα ζάρια"


@pytest.mark.parametrize(("lang", "label"), [
    ("en", "From 13 to 8, from 6 to 5 (13/8 6/5)"),
    ("el", "Από το 13 στο 8, από το 6 στο 5 (13/8 6/5)"),
])
def test_a_scanned_play_reads_as_a_sentence_with_its_capital(lang: str, label: str) -> None:
    assert shown_label(ScanOption("play", ("13/8 6/5",)), lang) == label
