"""A question in the board window, answered with one switch: it takes the room the list of
plays leaves (nothing is listed while it waits), so the Greek resign question shows whole at
1280x800, 1024x700 and 800x600; one still cut on its first status page (large type) has the
rest of it ("More") offered before Yes, No and Cancel, so it is read whole first."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

pytest.importorskip("pygame")

sys.path.insert(0, str(Path(__file__).parent))

from tavli_voice.events import Phase  # noqa: E402
from window_helpers import FAST_SCAN, open_window, press_through, status_page, to_my_roll  # noqa: E402


@pytest.mark.usefixtures("window_home")
def test_a_paged_resign_question_offers_more_first() -> None:
    app, win, clock = open_window("el", seed=11, scan_settings=FAST_SCAN, size=(800, 600),
                                  scale=1.5)
    try:
        to_my_roll(app, win)
        press_through(win, clock, ["menu", "resign"])
        clock.advance(1.0)
        win.frame()
        assert app.state().phase is Phase.ASK
        _page, pages = status_page(win)
        assert pages > 1  # «Παραιτείσαι από αυτή την παρτίδα; …» does not fit one page
        keys = [o.key for o in win.scanner.mode.options]
        assert keys[:4] == ["more", "yes", "no", "cancel"]
        press_through(win, clock, ["more"])
        assert win.status_page == 1
    finally:
        win.close()


@pytest.mark.usefixtures("window_home")
@pytest.mark.parametrize("size", [(1280, 800), (1024, 700), (800, 600)])
@pytest.mark.parametrize("lang,end", [("en", "Yes or no."), ("el", "Ναι ή όχι;")])
def test_the_resign_question_shows_whole_while_it_waits(size: tuple[int, int], lang: str,
                                                         end: str) -> None:
    from tavli_voice.ui.board.layout import STATUS_LINES, status_fit

    app, win, clock = open_window(lang, seed=11, scan_settings=FAST_SCAN, size=size)
    try:
        to_my_roll(app, win)
        assert status_fit(win.layout.panel) == STATUS_LINES  # a game's status: three rows
        press_through(win, clock, ["menu", "resign"])
        clock.advance(1.0)
        win.frame()
        assert app.state().phase is Phase.ASK
        page, pages = status_page(win)
        assert pages == 1 and page[-1].endswith(end), page
        assert len(page) >= 5 and status_fit(win.layout.panel) >= 5
        assert "more" not in [o.key for o in win.scanner.mode.options]
        assert win.geometry.scan is not None and win.geometry.scan.y > win.layout.panel.status.bottom
        press_through(win, clock, ["no"])
        win.frame()
        assert app.state().phase is not Phase.ASK
        assert status_fit(win.layout.panel) == STATUS_LINES  # the list's room back
    finally:
        win.close()
