"""A switch press or a remote's key made while Rita plays her turn in the board window (the
window paces it): nothing is done for the person, nothing waits to be applied later, and the
first press of her turn is answered "Wait: it is Rita's turn." («Περίμενε: είναι η σειρά της
Ρίτας.») where it was let go unheard."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

pygame = pytest.importorskip("pygame")

sys.path.insert(0, str(Path(__file__).parent))

from tavli_voice import events as E  # noqa: E402
from tavli_voice import words  # noqa: E402
from tavli_voice.scanning import ManualClock  # noqa: E402
from tavli_voice.session import new_session  # noqa: E402
from tavli_voice.ui.app import App  # noqa: E402
from window_helpers import FAST_SCAN, press_switch  # noqa: E402


def notices(app: App) -> list[str]:
    return [e.text for e in app.recent if isinstance(e, E.Notice)]


def key(k: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0))


@pytest.mark.usefixtures("window_home")
@pytest.mark.parametrize("lang", ["en", "el"])
@pytest.mark.parametrize("by", ["switch", "remote"])
def test_a_press_in_ritas_turn_is_answered_and_not_applied(lang: str, by: str) -> None:
    from tavli_voice.ui.board.window import BoardWindow

    clock = ManualClock()
    app = App(new_session(kind="portes", length=3, seed=11), lang=lang, save_path=None)
    win = BoardWindow(app, bot_delay=0.8, clock=clock,
                      scan_settings=FAST_SCAN if by == "switch" else None)
    win.open()
    app.start()
    win.frame()
    try:
        assert app.bot_to_act()  # Rita opens (seed 11); her roll waits 0.8 s
        wait = words.text("ui.wait_turn", lang, whose="της Ρίτας" if lang == "el" else "Rita's")
        assert wait not in notices(app)
        for _ in range(3):  # pressed again and again: said once
            if by == "switch":
                press_switch()
            else:
                key(pygame.K_1, "1")
                key(pygame.K_RETURN)
            win.frame()
        assert notices(app).count(wait) == 1
        assert app.bot_to_act() and win.nav.digits == ""
        for _ in range(20):  # Rita plays; then it is the person's roll, nothing applied
            clock.advance(1.0)
            win.frame()
            if not app.bot_to_act():
                break
        state = app.state()
        assert state.phase is E.Phase.ROLL and state.to_move == state.listener
        assert win.nav.digits == ""
        if by == "remote":  # the remote's OK now rolls, as in any turn of the person's
            key(pygame.K_RETURN)
            win.frame()
            assert app.state().phase is not E.Phase.ROLL
        assert notices(app).count(wait) == 1
    finally:
        win.close()
