"""The board window's header during the player's own turn (both marks explained) at
1024x700 and 1280x800, English and Greek: each mark's words whole on one row ("Magenta
frame: selected", where "Magenta, thick frame: sel…" was cut); the score readable (18 px or more, where it shrank
to 12 px at 1024x700 in Greek) and whole, on two rows where one cannot hold it ("Εσύ: 0 ·
Ρίτα: 0" "αγώνας στον έναν πόντο"), the header one row taller for it so that the marks'
key below stays whole. At 800x600 the panel is 320 px wide (it was 256, where the legend,
the marks and the score were cut or shrunk), the board square beside it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tavli_voice.session import new_session
from tavli_voice.ui.app import App


def own_turn(lang: str, size: tuple[int, int]) -> object:
    """A window at ``size`` in a 1-point Portes match against Rita, the player's dice rolled."""
    import pygame

    from tavli_voice.scanning import ManualClock
    from tavli_voice.ui.board.navigation import Mode
    from tavli_voice.ui.board.window import BoardWindow

    app = App(new_session("portes", 1, seed=7), lang=lang, save_path=None)
    win = BoardWindow(app, bot_delay=0, clock=ManualClock(), size=size)
    win.open()
    for _ in range(100):
        win.frame()
        mode = win._ctx().mode
        if mode is Mode.PLAY:
            win.frame()
            return win
        if mode is Mode.ROLL:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                                 unicode="", scancode=0))
    win.close()
    raise AssertionError("the player's turn never came")


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800), (800, 600)])
@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_score_is_readable_and_whole(window_home: Path, lang: str,
                                         size: tuple[int, int]) -> None:
    from tavli_voice.ui.board.layout import HEADER_LINES
    from tavli_voice.ui.board.render import (LARGE_BOLD_PX, MARK_ROWS, legend_fit, legend_icon,
                                             legend_parts, marks_fit, marks_parts, panel_styles,
                                             score_rows)

    win: object = own_turn(lang, size)
    try:
        view = win.view  # type: ignore[attr-defined]
        panel = win.layout.panel  # type: ignore[attr-defined]
        width = panel.header.w - 12
        style = panel_styles(win.theme, panel.line_h)["score"]  # type: ignore[attr-defined]
        rows, font = score_rows(win.fonts, view.score, width, style.size)  # type: ignore[attr-defined]
        assert font.get_height() >= win.fonts.get(LARGE_BOLD_PX).get_height()  # type: ignore[attr-defined]
        assert all(font.size(row)[0] <= width for row in rows), rows
        assert " · ".join(rows) == view.score  # whole, nothing cut
        if lang == "el" and size == (1024, 700):
            assert len(rows) == 2 and rows[1].startswith("αγώνας"), rows  # was one row at 12 px
        # title, the score's rows, legend, turn and the marks' two rows: all in the header
        assert panel.header_lines == HEADER_LINES + len(rows) - 1
        needed = 1 + len(rows) + 1 + 1 + MARK_ROWS
        assert needed * panel.line_h <= panel.header.h - 2, (needed, panel.header)
        # both marks explained, each whole on one row beside its sample ("Magenta frame:
        # selected", where "Magenta, thick frame: sel…" was cut at 1024x700)
        marks = [label for _k, _c, label in marks_parts(view, win.theme)]  # type: ignore[attr-defined]
        assert len(marks) == 2
        mark_font = win.fonts.get(panel_styles(win.theme, panel.line_h)["marks"].size)  # type: ignore[attr-defined]
        room = width - legend_icon(panel.line_h) - 8
        assert marks_fit(mark_font, marks, room, MARK_ROWS) == [[label] for label in marks]
        # each side's legend whole beside its checker ("You: white", not "You: wh…")
        icon = legend_icon(panel.line_h)
        legend_font = win.fonts.get(panel_styles(win.theme, panel.line_h)["legend"].size)  # type: ignore[attr-defined]
        sides = [label for _f, _e, label in legend_parts(view, win.theme)]  # type: ignore[attr-defined]
        for (left, text), label in zip(legend_fit(legend_font, sides, width, icon), sides):
            assert text in (label, label.rsplit(" ", 1)[0]), (text, label)
            assert left + icon + 6 + legend_font.size(text)[0] <= width
        # the list and the buttons still inside the window, under the header
        geo = win.geometry  # type: ignore[attr-defined]
        assert geo.list_title.y >= panel.status.bottom >= panel.header.bottom
        for _key, rect in [*geo.plays, *geo.actions]:
            assert rect.bottom <= size[1] and rect.right <= size[0]
    finally:
        win.close()  # type: ignore[attr-defined]


def test_score_rows_break_before_the_match_length(window_home: Path) -> None:
    import pygame

    from tavli_voice.ui.board.render import Fonts, score_rows

    pygame.display.init()
    try:
        fonts = Fonts()
        text = "Εσύ: 0 · Ρίτα: 0 · αγώνας στον έναν πόντο"
        assert score_rows(fonts, text, 600, 20) == ([text], fonts.get(20))  # room: one row
        one, font = score_rows(fonts, text, 390, 20)  # at 18 px it fits, at 20 px not
        assert one == [text] and font is fonts.get(18)
        rows, font = score_rows(fonts, text, 316, 20)
        assert rows == ["Εσύ: 0 · Ρίτα: 0", "αγώνας στον έναν πόντο"] and font is fonts.get(20)
    finally:
        pygame.display.quit()
