"""The board window's review scanned by a switch at its usual 1280x800: the play list keeps
room for several plays beside the scan strip and the two rows of buttons (a shorter status,
its long answers paged; the list's title says which plays are shown), and every button's
label is drawn whole at a readable size ("Next mistake" on two lines rather than small, a
Greek word too long for a button split at a syllable: «Επανά-» «ληψη»)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_review_after_match import play_to_the_end

from tavli_voice import words
from tavli_voice.scanning import ManualClock, ScanSettings
from tavli_voice.session import Session
from tavli_voice.ui.app import App
from tavli_voice.ui.board.layout import more_rows, status_fit
from tavli_voice.ui.review_mode import ReviewMode


def unbroken(lines: list[str]) -> str:
    """A label's lines joined back: a word split at a syllable ("Επανά-" "ληψη") whole."""
    text = lines[0]
    for line in lines[1:]:
        text = text[:-1] + line if text.endswith("-") and text[-2:-1].isalpha() \
            else text + " " + line
    return text


def scanned_review(home: Path, lang: str, size: tuple[int, int] = (1280, 800)
                   ) -> tuple[App, object]:
    from tavli_voice.ui.board.window import BoardWindow

    kept, _ = play_to_the_end(home, lang, offer=False)
    assert kept.history_kept is not None
    review = ReviewMode.open(kept.history_kept, lang, sides=[0])
    session, _ = Session.restore(review.walk.save)
    app = App(session, lang=lang, save_path=None)
    begun = app.begin_review(review)  # type: ignore[attr-defined]
    win = BoardWindow(app, bot_delay=0, clock=ManualClock(), scan_settings=ScanSettings(mode="step"),
                      size=size)
    win.open()
    win.frame()
    app.publish(begun)
    win.frame()
    return app, win


@pytest.mark.parametrize("size", [(1280, 800), (1024, 700)])
@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_scanned_review_shows_several_plays_and_readable_buttons(
        window_home: Path, lang: str, size: tuple[int, int]) -> None:
    """Three plays a page or more at 1280x800 and at 1024x700 (one there before, the
    status's five rows, the scan strip and two rows of buttons leaving room for one): a short
    window keeps the status's usual three rows (the answer paged) and shorter play rows."""
    from tavli_voice.ui.board.render import LARGE_BOLD_PX, _fit, _fitting, _inside, panel_styles

    app, win = scanned_review(window_home, lang, size)
    try:
        geo = win.geometry  # type: ignore[attr-defined]
        plays = len(app.state().plays)
        assert plays > 3
        assert win.screen.get_size() == size  # type: ignore[attr-defined]
        assert geo.capacity >= 3 and len(geo.plays) >= 3, geo  # was one play a page
        assert geo.scan is not None and geo.plays[0][1].y >= geo.scan.bottom
        lowest = min(rect.y for _key, rect in geo.actions)
        assert geo.plays[-1][1].bottom <= lowest  # nothing under the buttons
        rows = [rect for _n, rect in geo.plays]
        assert all(a.bottom <= b.y for a, b in zip(rows, rows[1:]))  # none over another
        assert rows[0].y >= geo.list_title.bottom
        # the list's title whole ("Plays 1–3 of 14"), nothing under the list cut off
        styles = panel_styles(win.theme, win.layout.panel.line_h)  # type: ignore[attr-defined]
        title_font = win.fonts.get(styles["list_title"].size)  # type: ignore[attr-defined]
        start, end = geo.page
        title = words.text("board.plays_more", lang, start=start + 1, end=end, count=plays)
        assert _fit(title_font, title, geo.list_title.w - 12) == title
        assert geo.more is None or geo.more.bottom <= lowest
        # the status keeps at least two rows of the answer above its More button
        panel = win.layout.panel  # type: ignore[attr-defined]
        assert status_fit(panel) - more_rows(panel) >= 2
        readable = win.fonts.get(LARGE_BOLD_PX).get_linesize()  # type: ignore[attr-defined]
        labels = dict(win.view.actions)  # type: ignore[attr-defined]
        for key, rect in geo.actions:
            inner = _inside(rect)
            lines, font = _fitting(win.fonts, labels[key], inner.w - 12, inner.h - 4,  # type: ignore[attr-defined]
                                   rect.h * 0.45)
            assert unbroken(lines) == labels[key], (key, lines)  # whole, never cut
            assert font.get_linesize() >= readable, (key, lines)
    finally:
        win.close()  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", [(1280, 800), (1024, 700)])
@pytest.mark.parametrize("lang", ["en", "el"])
def test_every_play_label_is_whole_in_large_bold_type(window_home: Path, lang: str,
                                                      size: tuple[int, int]) -> None:
    """Each of the mistake's plays, on a row of the list as drawn, is whole and no smaller
    than large bold type: its words and notation where they fit so, else its notation alone
    ("13/8(2) 13/3*", where "2 times 13 to 8, 13 to 3 hitting (13/8(2)…" was cut at 16 px
    on the 42 px rows of 1024x700)."""
    from tavli_voice.ui.board.render import LARGE_BOLD_PX, play_label_fit

    app, win = scanned_review(window_home, lang, size)
    try:
        geo = win.geometry  # type: ignore[attr-defined]
        fonts = win.fonts  # type: ignore[attr-defined]
        readable = fonts.get(LARGE_BOLD_PX).get_linesize()
        labels = win.view.plays  # type: ignore[attr-defined]
        assert len(labels) == len(app.state().plays) > 3
        rect = geo.plays[0][1]
        shortened = 0
        for label in labels:
            lines, font, _left = play_label_fit(fonts, label, rect)
            shown = " ".join(lines)
            assert font.get_linesize() >= readable, (label, lines)
            notation = label[label.index(" (") + 2:-1]
            assert shown in (label, notation), (label, lines)
            shortened += shown == notation
        if size == (1024, 700):
            assert shortened > 0  # the narrow panel shows some plays by their notation
    finally:
        win.close()  # type: ignore[attr-defined]
