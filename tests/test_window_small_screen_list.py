"""The line under the play list at 1024x700 and 800x600, English and Greek: "▼ More: 5–8
(Down or digits)" whole, a little smaller (18 to 21 px, never under large bold type's 18 px);
1280x800 keeps 22 px. It names keys a TV remote has too (Down, Up, the number keys)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_window_small_screen_header import own_turn

from tavli_voice import words


@pytest.mark.parametrize("size", [(1024, 700), (800, 600), (1280, 800)])
@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_more_line_is_whole_and_readable(window_home: Path, lang: str,
                                             size: tuple[int, int]) -> None:
    from tavli_voice.ui.board.render import LARGE_BOLD_PX, line_font, more_text, panel_styles

    win: object = own_turn(lang, size)
    try:
        geo = win.geometry  # type: ignore[attr-defined]
        view = win.view  # type: ignore[attr-defined]
        assert geo.more is not None and len(view.plays) > geo.capacity
        more = more_text(view, geo)
        start, end = geo.page
        assert more == words.text("board.more_below", lang, start=end + 1,
                                  end=min(len(view.plays), end + geo.capacity))
        style = panel_styles(win.theme, win.layout.panel.line_h)["more"]  # type: ignore[attr-defined]
        room = geo.more.w - 12
        font = line_font(win.fonts, more, room, style.size)  # type: ignore[attr-defined]
        assert font.size(more)[0] <= room  # whole, no "…"
        assert font.get_height() >= win.fonts.get(LARGE_BOLD_PX).get_height()  # type: ignore[attr-defined]
        if size == (1280, 800):
            assert font is win.fonts.get(style.size)  # type: ignore[attr-defined]
        else:
            assert win.fonts.get(style.size).size(more)[0] > room  # type: ignore[attr-defined]
    finally:
        win.close()  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang,down", [("en", "Down"), ("el", "Κάτω")])
def test_the_more_line_names_keys_a_remote_has_and_they_show_the_next_plays(
        window_home: Path, lang: str, down: str) -> None:
    """The line under the list names Down and the number keys, which a TV remote has as well
    as a keyboard (no Page Down), whole at 800x600 even with two-digit plays ("15–20"); and
    Down pressed through the list does show the next page's plays, as the line says."""
    import pygame

    from tavli_voice.ui.board.render import line_font, more_text, panel_styles

    win: object = own_turn(lang, (800, 600))
    try:
        geo = win.geometry  # type: ignore[attr-defined]
        view = win.view  # type: ignore[attr-defined]
        more = more_text(view, geo)
        assert "Page" not in more and f"({down} " in more, more
        room = geo.more.w - 12
        size = panel_styles(win.theme, win.layout.panel.line_h)["more"].size  # type: ignore[attr-defined]
        for key in ("board.more_below", "board.more_above"):
            widest = words.text(key, lang, start=15, end=20)
            assert "Page" not in widest
            font = line_font(win.fonts, widest, room, size)  # type: ignore[attr-defined]
            assert font.size(widest)[0] <= room, widest
        cap = geo.capacity
        for _ in range(cap + 1):  # Down opens the list, then walks past its last row
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0,
                                                 unicode="", scancode=0))
            win.frame()  # type: ignore[attr-defined]
        assert win.geometry.plays[0][0] == cap + 1  # type: ignore[attr-defined]
    finally:
        win.close()  # type: ignore[attr-defined]
