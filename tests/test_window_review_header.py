"""The board window's review at 1024x700 and 800x600: the header's place in the review ("Review:
mistake 1 of 11 (You)", «Ανασκόπηση: λάθος 1 από 11 (Εσύ)») whole in large type, a play of the
list whole above the buttons, and the status's More button saying its page whole."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from match_support import play_to_the_end

from tavli_voice import commands as C
from tavli_voice import words
from tavli_voice.session import Session
from tavli_voice.ui.app import App
from tavli_voice.ui.review_mode import ReviewMode


def font_px(win: Any, font: Any) -> int:
    """The size in pixels the window's font cache made ``font`` at."""
    return next(s for s in range(8, 80) if win.fonts.get(s) is font)


def review_window(home: Path, lang: str, size: tuple[int, int]) -> tuple[App, Any]:
    from tavli_voice.scanning import ManualClock
    from tavli_voice.ui.board.window import BoardWindow

    kept, _ = play_to_the_end(home, lang, offer=False)
    assert kept.history_kept is not None
    review = ReviewMode.open(kept.history_kept, lang, sides=[0])
    session, _ = Session.restore(review.walk.save)
    app = App(session, lang=lang, save_path=None)
    lines = app.begin_review(review)
    win = BoardWindow(app, bot_delay=0, clock=ManualClock(), size=size)
    win.open()
    win.frame()
    app.publish(lines, "where_am_i")
    win.frame()
    return app, win


@pytest.mark.parametrize("size", [(1024, 700), (800, 600)])
@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_reviews_place_is_whole_in_large_type_and_a_play_shows_above_the_buttons(
        window_home: Path, lang: str, size: tuple[int, int]) -> None:
    """The review's place in the header keeps its size, on two rows where one would shrink it
    (the Greek one was drawn at 17 px at 1024x700), and the header holds every row; a play of
    the list is whole above the two rows of buttons (at 800x600 the buttons covered it); a long
    answer's More button says "more… (page 1 of 4)" whole (it was cut at 800x600)."""
    from tavli_voice.ui.board import render

    app, win = review_window(window_home, lang, size)
    try:
        view, panel = win.view, win.layout.panel
        styles = render.panel_styles(win.theme, panel.line_h)
        width = panel.header.w - 12
        turn = render.turn_line(view)
        assert turn.startswith("Review: " if lang == "en" else "Ανασκόπηση: "), turn
        rows, font = render.turn_rows(win.fonts, turn, width, styles["turn"].size)
        assert " ".join(rows) == turn and all(font.size(row)[0] <= width for row in rows)
        assert font_px(win, font) >= int(render.LARGE_BOLD_PX), (rows, font_px(win, font))
        score, _font = render.score_rows(win.fonts, view.score, width, styles["score"].size)
        above_marks = 1 + len(score) + 1 + len(rows)  # title, score, legend, turn
        assert (above_marks + 1) * panel.line_h <= panel.header.h, (above_marks, panel.header)
        geo = win.geometry
        buttons = min(rect.y for key, rect in geo.actions if key != "more")
        assert geo.plays and all(rect.bottom <= buttons for _n, rect in geo.plays), geo
        assert geo.more is None or (geo.plays[-1][1].bottom <= geo.more.y
                                    and geo.more.bottom <= buttons), geo

        app.command(C.Why())
        win.frame()
        pages = render.shown_status_pages(win.fonts, win.theme, panel, win.view.status, lang,
                                          newest=False)
        marker = pages[0][-1]
        if len(pages) > 1:
            more = dict(win.geometry.actions)["more"]
            lines, _font = render._fitting(win.fonts, marker, more.w - 12, more.h - 4,
                                           more.h * 0.45)
            assert marker == words.text("review.status_more", lang, page=1, pages=len(pages))
            assert " ".join(lines) == marker, lines
    finally:
        win.close()


@pytest.mark.parametrize("lang", ["en", "el"])
def test_at_640x480_a_play_shows_above_the_reviews_buttons(window_home: Path, lang: str) -> None:
    """At 640x480 the status is at its fewest rows and a play's row still had no room above the
    review's two rows of buttons, which covered it: the row is made shorter to fit (not under
    SHORTEST_ROW), and the header's place in the review stays whole, on one row where two
    do not fit (it showed «Ανασκόπηση:» alone)."""
    from tavli_voice.ui.board import render
    from tavli_voice.ui.board.layout import SHORTEST_ROW

    _app, win = review_window(window_home, lang, (640, 480))
    try:
        geo, panel = win.geometry, win.layout.panel
        buttons = min(rect.y for key, rect in geo.actions if key != "more")
        assert geo.plays and all(SHORTEST_ROW <= rect.h and rect.bottom <= buttons
                                 for _n, rect in geo.plays), geo
        styles = render.panel_styles(win.theme, panel.line_h)
        rows, _font = render.turn_rows(win.fonts, render.turn_line(win.view), panel.header.w - 12,
                                       styles["turn"].size)
        score, _font = render.score_rows(win.fonts, win.view.score, panel.header.w - 12,
                                         styles["score"].size)
        room = (panel.header.h - 2) // panel.line_h - 1 - len(score) - 1  # under the legend
        if len(rows) > room:  # drawn on one row instead, whole
            lines, font = render._fitting(win.fonts, render.turn_line(win.view),
                                          panel.header.w - 12, panel.line_h, styles["turn"].size)
            assert lines == [render.turn_line(win.view)], lines
    finally:
        win.close()
