"""The line under the play list at 1024x700 and 800x600, English and Greek: "▼ More: plays
5–8 (Page Down)" whole, a little smaller (19 to 21 px, never under large bold type's 18 px),
where at its 22 px it was cut ("▼ More: plays 5–8 (Page D…"); 1280x800 keeps 22 px."""

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
