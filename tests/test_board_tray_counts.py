"""The borne-off counts drawn between the two trays do not touch at 800x600, 1024x700 and
1280x800: "15" (the viewer's) sat on "7" (the opponent's); they are drawn as large as the gap
between the trays holds both."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest

pygame = pytest.importorskip("pygame")

from tavli_voice.ui.board.layout import compute_layout  # noqa: E402
from tavli_voice.ui.board.render import Fonts, tray_count_size  # noqa: E402


@pytest.mark.parametrize("size", [(800, 600), (1024, 700), (1280, 800)])
def test_the_two_counts_fit_the_gap_between_the_trays(size: tuple[int, int]) -> None:
    pygame.display.init()
    try:
        fonts = Fonts()
        lay = compute_layout(*size)
        d = lay.checker
        px = tray_count_size(fonts, lay, d)
        font = fonts.get(px)
        h = font.get_height()
        mine = pygame.Rect(0, 0, *font.size("15"))
        mine.center = (lay.tray_mine.center[0], lay.tray_mine.y - h // 2 - 2)
        theirs = pygame.Rect(0, 0, *font.size("15"))
        theirs.center = (lay.tray_theirs.center[0], lay.tray_theirs.bottom + h // 2 + 2)
        assert theirs.bottom <= mine.top, (size, px, theirs, mine)
        largest = max(8, int(min(lay.tray_mine.w * 0.45, d * 0.5)))
        assert px >= 8
        if px < largest:  # made smaller to fit: at the larger size they touched
            assert 2 * (fonts.get(largest).get_height() + 2) > lay.tray_mine.y - lay.tray_theirs.bottom
        if size == (800, 600):
            assert px < largest
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", [(480, 360), (560, 420), (640, 480), (800, 600), (1024, 700)])
def test_the_counts_stay_apart_readable_and_off_the_field(size: tuple[int, int]) -> None:
    """At 480x360 the gap between the trays holds no two counts (they were drawn over each other
    at 8 px): each goes on the rim at its tray's outer end, at 10 px or more, clear of the other,
    the trays, the field, the board's edge and the point numbers beside it."""
    from tavli_voice.ui.board.render import TRAY_COUNT_MIN_PX, tray_count_places

    pygame.display.init()
    try:
        fonts = Fonts()
        lay = compute_layout(*size)
        px, mine_at, theirs_at = tray_count_places(fonts, lay, lay.checker)
        assert px >= TRAY_COUNT_MIN_PX, (size, px)
        font = fonts.get(px)
        mine = pygame.Rect(0, 0, *font.size("15"))
        mine.center = mine_at
        theirs = pygame.Rect(0, 0, *font.size("15"))
        theirs.center = theirs_at
        assert not mine.inflate(2, 2).colliderect(theirs), (size, mine, theirs)
        board = pygame.Rect(lay.board.tuple())
        assert board.contains(mine) and board.contains(theirs), (size, board, mine, theirs)
        for rect in (lay.tray_mine, lay.tray_theirs):
            tray = pygame.Rect(rect.tuple())
            assert not tray.colliderect(mine) and not tray.colliderect(theirs), (size, tray)
        if theirs.bottom <= lay.field.y:  # on the rim: clear of the field and the point numbers
            assert mine.top >= lay.field.bottom, (size, mine)
            rim = lay.field.y - lay.board.y
            numbers = fonts.get(min(rim * 0.62, lay.checker * 0.55))
            for g in lay.points:
                label = pygame.Rect(0, 0, *numbers.size(str(g.number)))
                label.center = g.label
                assert not label.colliderect(mine) and not label.colliderect(theirs), (size, g)
    finally:
        pygame.display.quit()
