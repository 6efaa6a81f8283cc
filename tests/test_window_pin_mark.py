"""Plakoto's pinned checker (a double ring and hatching) explained in the panel's key of
marks while one is on the board, in words beside the mark as drawn ("Red hatched ring:
pinned", «Κόκκινες ρίγες: πλακωμένο»), whole on its row at 1024x700 and 800x600
with "can move" and "selected" above it; no such row without a pin."""

from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest

pygame = pytest.importorskip("pygame")

from tavli_voice.rules import Position  # noqa: E402
from tavli_voice.ui.board.layout import HEADER_LINES, compute_layout  # noqa: E402
from tavli_voice.ui.board.model import BoardView  # noqa: E402
from tavli_voice.ui.board.render import (MARK_ROWS, Fonts, header_lines, legend_icon,  # noqa: E402
                                         marks_fit, marks_parts, panel_styles, render)
from tavli_voice.ui.board.theme import CLASSIC, HIGH_CONTRAST, Theme  # noqa: E402

#: The mover pins one of the opponent's checkers on 13 and the opponent's mother (the
#: mover's 1); the opponent pins one of the mover's on 19.
PINS = {"game": "plakoto",
        "points": [[2, -1], -10, 0, 0, 0, 3, 0, 2, 0, 0, 0, 0, [1, -1], 0, 0, 0, 0, 0,
                   [-3, 1], 0, 0, 0, 0, 6],
        "bar": [0, 0], "off": [0, 0]}


def pinned_view(lang: str) -> BoardView:
    """The mover's turn, dice rolled, in a Plakoto position with pins: 6, 8 and 24 can move."""
    return BoardView(Position.from_json(PINS), title="Plakoto", score="You 0 · Rita 0",
                     lang=lang, viewer_to_move=True, dice=(3, 1), sources=(6, 8, 24))


@pytest.mark.parametrize("theme,lang,said", [
    (HIGH_CONTRAST, "en", "Red hatched ring: pinned"),
    (HIGH_CONTRAST, "el", "Κόκκινες ρίγες: πλακωμένο"),
    (CLASSIC, "en", "Blue hatched ring: pinned"),
    (CLASSIC, "el", "Μπλε ρίγες: πλακωμένο")])
def test_a_pinned_checker_is_explained_beside_its_mark(theme: Theme, lang: str,
                                                       said: str) -> None:
    view = pinned_view(lang)
    assert [kind for kind, *_ in marks_parts(view, theme)] == ["underline", "frame", "pin"]
    assert marks_parts(view, theme)[-1] == ("pin", theme.pin_mark, said)
    plain = replace(view, position=Position.initial("plakoto"))
    assert [kind for kind, *_ in marks_parts(plain, theme)] == ["underline", "frame"]
    # the header takes one row more while a checker is pinned, none without
    pygame.display.init()
    pygame.font.init()
    fonts = Fonts()
    for size in ((1024, 700), (800, 600), (1280, 800)):
        panel = compute_layout(*size).panel
        assert header_lines(fonts, theme, plain, panel) == HEADER_LINES
        rows = header_lines(fonts, theme, view, panel)
        assert rows == HEADER_LINES + 1
        lay = compute_layout(*size, header_lines=rows)
        panel = lay.panel
        # title, score, legend, turn and the three marks, each whole on one row
        assert (4 + MARK_ROWS + 1) * panel.line_h <= panel.header.h - 2, size
        labels = [label for _k, _c, label in marks_parts(view, theme)]
        font = fonts.get(panel_styles(theme, panel.line_h)["marks"].size)
        room = panel.header.w - 12 - legend_icon(panel.line_h) - 8
        assert marks_fit(font, labels, room, MARK_ROWS + 1) == [[label] for label in labels], size
        # the mark is drawn beside its words, in the pin's colour (nowhere else in the header)
        surface = pygame.Surface(size)
        render(surface, view, lay, theme, fonts)
        row = pygame.Rect(panel.header.x + 6, panel.header.y, legend_icon(panel.line_h),
                          panel.header.h)
        hits = sum(1 for i in range(row.w) for j in range(row.h)
                   if tuple(surface.get_at((row.x + i, row.y + j)))[:3] == theme.pin_mark)
        assert hits > 10, (size, hits)
