"""The board window says each step the switch takes in step-by-step choice, as the terminal
prints it ("From 6 to 5; 1, 1 and 1 to play.", «Από το 6 στο 5, μένουν 1, 1 και 1.»), with the
option highlighted next, and shows it in the status: a checker with one place to go moves
there with the pick, so a listener would otherwise hear only the next checker, and a reader
would have only the arrow drawn to read it."""

from __future__ import annotations

from pathlib import Path

import pytest

from window_helpers import FAST_SCAN, open_window, press_switch, press_through, to_my_roll

from tavli_voice.events import Phase
from tavli_voice.scanning import StepMode


@pytest.mark.parametrize("lang,said", [
    ("en", "; 1, 1 and 1 to play. "),
    ("el", ", μένουν 1, 1 και 1. "),
])
def test_a_step_taken_by_the_switch_is_said_with_the_next_option(window_home: Path, lang: str,
                                                                  said: str) -> None:
    app, win, clock = open_window(lang, seed=47, scan_settings=FAST_SCAN)  # Portes: 1-1 first
    spoken: list[str] = []
    win._speak = spoken.append
    to_my_roll(app, win)
    press_through(win, clock, ["roll"])
    view = app.state()
    assert view.phase is Phase.PLAY and view.dice == (1, 1)
    limit = FAST_SCAN.list_limit
    for _ in range(100):  # a checker with more plays than the list shows: step by step
        option = win.scanner.highlighted
        if option is not None and option.key == "group" and option.args[1] > limit:
            break
        clock.advance(1.0)
        win.frame()
    else:
        raise AssertionError("no large checker group was scanned")
    source = int(option.args[0])
    spoken.clear()
    press_switch()
    win.frame()
    mode = win.scanner.mode
    assert isinstance(mode, StepMode) and mode.chosen == ((source, source - 1),)
    start = "From" if lang == "en" else "Από το"
    assert spoken and spoken[-1].startswith(f"{start} {source} ")
    assert said in spoken[-1]
    assert spoken[-1].endswith(win.scanner.highlighted.label(lang))
    # and shown: the status's newest line is the step in words, not only the arrow drawn
    shown = win.build_view(clock.now()).status
    assert shown and spoken[-1] == f"{shown[-1]} {win.scanner.highlighted.label(lang)}"
    assert shown[-1].startswith(f"{start} {source} ") and said.rstrip() in shown[-1] + " "
    clock.advance(1.0)  # the next highlight alone says its label
    win.frame()
    assert spoken[-1] == win.scanner.highlighted.label(lang)
    win.close()


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_strips_head_keeps_the_newest_pick_and_the_place_in_sight(lang: str) -> None:
    """A trail too long for the strip loses its earliest picks, not the step just taken
    (it was cut at its end: "Scanning: From 24: 7 plays › From 24 › T…")."""
    from tavli_voice import words
    from tavli_voice.ui.board.model import ScanStrip
    from tavli_voice.ui.board.render import scan_head

    lead = words.text("board.scanning", lang)
    strip = ScanStrip(("From 24: 7 plays", "From 24", "To 23"), ("From 22", "From 24"), 0)
    assert scan_head(lang, strip, lambda text: True) == (
        f"{lead}: From 24: 7 plays › From 24 › To 23  (1/2)")
    short = scan_head(lang, strip, lambda text: len(text) <= len(lead) + 30)
    assert short == f"{lead}: … › From 24 › To 23  (1/2)"
    assert scan_head(lang, ScanStrip((), ("Roll",), None), lambda text: False) == lead
