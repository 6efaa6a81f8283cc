"""A double answered with one switch in the board window (the vog preset's cube): the scan
offers Take and Drop first and not Yes and No besides (the same answers, two steps more
before the hint), the question whole in the status, and Take picked takes the double."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

pytest.importorskip("pygame")

sys.path.insert(0, str(Path(__file__).parent))

from tavli_voice import events as E  # noqa: E402
from tavli_voice.scanning import ManualClock  # noqa: E402
from tavli_voice.session import new_session  # noqa: E402
from tavli_voice.ui.app import App  # noqa: E402
from window_helpers import FAST_SCAN, press_through, status_page  # noqa: E402


@pytest.mark.usefixtures("window_home")
@pytest.mark.parametrize("lang,end", [("en", "Take or Drop."), ("el", "Δέχομαι ή Αρνούμαι.")])
def test_a_double_is_answered_take_or_drop_first(lang: str, end: str) -> None:
    from tavli_voice.ui.board.window import BoardWindow

    clock = ManualClock()
    session = new_session(kind="portes", length=5, preset="vog", seed=3,
                          players=(E.PlayerInfo("you"), E.PlayerInfo("Ann")))
    app = App(session, lang=lang, save_path=None)
    win = BoardWindow(app, bot_delay=0, clock=clock, scan_settings=FAST_SCAN, size=(1024, 700))
    win.open()
    app.start()
    win.frame()
    try:
        for _ in range(20):  # each side plays its first listed play until a double is offered
            state = app.state()
            keys = [o.key for o in win.scanner.mode.options]
            if state.phase is E.Phase.ROLL and "double" in keys:
                break
            step = {E.Phase.ROLL: "roll", E.Phase.CONFIRM: "confirm"}.get(state.phase, keys[0])
            press_through(win, clock, [step])
            clock.advance(1.0)
            win.frame()
        else:
            raise AssertionError("no double was offered")
        press_through(win, clock, ["double"])
        clock.advance(1.0)
        win.frame()
        assert app.state().phase is E.Phase.ANSWER
        keys = [o.key for o in win.scanner.mode.options]
        assert keys[:2] == ["take", "drop"] and "yes" not in keys and "no" not in keys, keys
        page, pages = status_page(win)
        assert pages == 1 and " ".join(page).endswith(end), page
        press_through(win, clock, ["take"])
        win.frame()
        assert app.state().phase is not E.Phase.ANSWER
        cube = app.state().cube
        assert cube is not None and cube.value == 2
    finally:
        win.close()
