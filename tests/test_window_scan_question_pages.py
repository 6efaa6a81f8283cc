"""A question cut on the board window's first status page, answered with one switch: the
scan offers the rest of it ("More") before Yes, No and Cancel, so it is read whole first."""

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
    app, win, clock = open_window("el", seed=11, scan_settings=FAST_SCAN)
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
