"""The board window's header at 1024x700, English and Greek: every line of it whole in its
width, at the size the panel's styles give it: each side's legend ("You: white", its checker
drawn beside it, where "You: whit…" was cut) and the marks' key, one row each ("Magenta frame:
selected", where "Magenta, thick frame: sel…" was cut), under a score on one row or two."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_window_review_scan_room import scanned_review


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)])
@pytest.mark.parametrize("lang", ["en", "el"])
def test_every_header_line_is_whole(window_home: Path, lang: str, size: tuple[int, int]) -> None:
    from tavli_voice.ui.board.render import (MARK_ROWS, legend_fit, legend_icon, legend_parts,
                                             marks_fit, marks_parts, panel_styles, score_rows)

    _app, win = scanned_review(window_home, lang, size)
    try:
        panel = win.layout.panel  # type: ignore[attr-defined]
        styles = panel_styles(win.theme, panel.line_h)  # type: ignore[attr-defined]
        width = panel.header.w - 12
        icon = legend_icon(panel.line_h)
        # title, score, legend, turn, then the marks' rows: all inside the header
        assert (4 + MARK_ROWS) * panel.line_h <= panel.header.h
        font = win.fonts.get(styles["legend"].size)  # type: ignore[attr-defined]
        labels = [label for _f, _e, label in legend_parts(win.view, win.theme)]  # type: ignore[attr-defined]
        assert len(labels) == 2
        if size == (1024, 700):  # the words do not fit in half the row each
            assert max(font.size(label)[0] for label in labels) > width // 2 - icon - 14
        shown = legend_fit(font, labels, width, icon)
        for (left, text), label in zip(shown, labels):
            assert text in (label, label.rsplit(" ", 1)[0]), (text, label)  # whole, or no shape
            assert left + icon + 6 + font.size(text)[0] <= width, (text, left)
        assert shown[0][0] + icon + 6 + font.size(shown[0][1])[0] < shown[1][0]  # side by side
        font = win.fonts.get(styles["marks"].size)  # type: ignore[attr-defined]
        marks = [label for _k, _c, label in marks_parts(win.view, win.theme)]  # type: ignore[attr-defined]
        room = width - icon - 8
        # the rows under the title, the score (one row or two), the legend and whose turn
        score, _font = score_rows(win.fonts, win.view.score, width,  # type: ignore[attr-defined]
                                  styles["score"].size)
        left = min(MARK_ROWS, (panel.header.h - 2) // panel.line_h - 3 - len(score))
        fitted = marks_fit(font, marks, room, left)
        assert sum(len(lines) for lines in fitted) <= left
        for lines, label in zip(fitted, marks):
            assert lines == [label]  # one row each, whole
            assert all(font.size(text)[0] <= room for text in lines), lines
    finally:
        win.close()  # type: ignore[attr-defined]
