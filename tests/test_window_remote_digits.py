"""A TV remote's number keys in the board window, at a slow hand's pace: with ten or more
plays a first digit waits for the second (or OK) however long it takes, and the turn line
says what OK does now."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

pygame = pytest.importorskip("pygame")

sys.path.insert(0, str(Path(__file__).parent))

from tavli_voice.events import Phase  # noqa: E402
from tavli_voice.ui.board.model import offered_plays  # noqa: E402
from tavli_voice.ui.board.render import turn_line  # noqa: E402
from window_helpers import open_window, to_my_roll  # noqa: E402


def _key(key: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, unicode=text, mod=0))


def _many_plays(app, win, clock):  # type: ignore[no-untyped-def]
    """Roll until the person has twelve or more plays (R2) and return them."""
    for _ in range(12):
        to_my_roll(app, win)
        _key(pygame.K_RETURN)  # OK rolls
        win.frame()
        view = app.state()
        if view.phase is Phase.PLAY and len(offered_plays(view)) >= 12:
            return offered_plays(view)
        for _ in range(2):  # a few plays: take the first and confirm it
            if app.state().phase is not Phase.PLAY:
                break
            _key(pygame.K_1, "1")
            clock.advance(0.1)
            win.frame()
            _key(pygame.K_RETURN)
            win.frame()
    raise AssertionError("never ten or more plays")


@pytest.mark.usefixtures("window_home")
@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_slow_second_digit_still_makes_twelve(lang: str) -> None:
    app, win, clock = open_window(lang, seed=11)
    try:
        plays = _many_plays(app, win, clock)
        _key(pygame.K_1, "1")
        win.frame()
        for _ in range(50):  # five seconds between the two presses
            clock.advance(0.1)
            win.frame()
        assert app.state().pending is None, "a lone first digit was taken by a timer"
        # shown beside the turn, with what OK does now
        said = {"en": "[1] OK: play 1", "el": "[1] OK: κίνηση 1"}[lang]
        assert turn_line(win.build_view(clock.now())).endswith(said)
        _key(pygame.K_2, "2")
        win.frame()
        assert app.state().pending == plays[11]
    finally:
        win.close()
