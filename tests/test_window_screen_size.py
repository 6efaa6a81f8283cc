"""The board window opens at its usual 1280x800, or at the screen's size when the screen is
smaller (1024x700, 800x600), where 1280x800 put the panel's buttons off the screen; a size
asked for is kept; and at each size the panel (the play list, the buttons) is inside it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tavli_voice.session import new_session
from tavli_voice.ui.app import App


def test_the_opening_size_is_the_screens_when_smaller() -> None:
    from tavli_voice.ui.board.window import DEFAULT_SIZE, opening_size

    assert DEFAULT_SIZE == (1280, 800)
    assert opening_size(None, [(1024, 700)]) == (1024, 700)
    assert opening_size(None, [(800, 600), (1920, 1080)]) == (800, 600)  # the first screen
    assert opening_size(None, [(1920, 1080)]) == (1280, 800)
    assert opening_size(None, [(1366, 768)]) == (1280, 768)  # each side on its own
    assert opening_size(None, []) == (1280, 800)  # no screen known
    assert opening_size(None, [(0, 0)]) == (1280, 800)
    assert opening_size((1100, 720), [(800, 600)]) == (1100, 720)  # asked for: kept


@pytest.mark.parametrize("screen", [(1024, 700), (800, 600), (1920, 1080)])
def test_the_window_opens_inside_the_screen(window_home: Path, monkeypatch: pytest.MonkeyPatch,
                                            screen: tuple[int, int]) -> None:
    from tavli_voice.scanning import ManualClock
    from tavli_voice.ui.board import window as W

    monkeypatch.setattr(W, "screen_sizes", lambda _pg: [screen])
    app = App(new_session("portes", 1, seed=7), lang="el", save_path=None)
    win = W.BoardWindow(app, bot_delay=0, clock=ManualClock())
    win.open()
    try:
        win.frame()
        size = win.screen.get_size()
        assert size == (min(1280, screen[0]), min(800, screen[1]))
        width, height = size
        geo = win.geometry
        for _key, rect in [*geo.actions, *geo.plays]:
            assert 0 <= rect.x and rect.right <= width and 0 <= rect.y and rect.bottom <= height
        panel = win.layout.panel
        assert panel.area.right <= width and panel.area.bottom <= height
    finally:
        win.close()


def test_the_dummy_drivers_made_up_desktop_is_not_a_screen(window_home: Path) -> None:
    """SDL's dummy driver says 1024x768: no screen to fit, the usual size stays."""
    import pygame

    from tavli_voice.ui.board.window import screen_sizes

    pygame.display.init()
    try:
        assert pygame.display.get_driver() == "dummy"
        assert screen_sizes(pygame) == []
    finally:
        pygame.display.quit()
