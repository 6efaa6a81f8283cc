"""The board window's review scanned by a switch at its usual 1280x800: the play list keeps
room for several plays beside the scan strip and the two rows of buttons (a shorter status,
its long answers paged; the list's title says which plays are shown), and every button's
label is drawn whole at a readable size ("Next mistake" on two lines rather than small)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_review_after_match import play_to_the_end

from tavli_voice.scanning import ManualClock, ScanSettings
from tavli_voice.session import Session
from tavli_voice.ui.app import App
from tavli_voice.ui.review_mode import ReviewMode


def scanned_review(home: Path, lang: str) -> tuple[App, object]:
    from tavli_voice.ui.board.window import BoardWindow

    kept, _ = play_to_the_end(home, lang, offer=False)
    assert kept.history_kept is not None
    review = ReviewMode.open(kept.history_kept, lang, sides=[0])
    session, _ = Session.restore(review.walk.save)
    app = App(session, lang=lang, save_path=None)
    begun = app.begin_review(review)  # type: ignore[attr-defined]
    win = BoardWindow(app, bot_delay=0, clock=ManualClock(), scan_settings=ScanSettings(mode="step"))
    win.open()
    win.frame()
    app.publish(begun)
    win.frame()
    return app, win


@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_scanned_review_shows_several_plays_and_readable_buttons(window_home: Path,
                                                                   lang: str) -> None:
    from tavli_voice.ui.board.render import LARGE_BOLD_PX, _fitting, _inside

    app, win = scanned_review(window_home, lang)
    try:
        geo = win.geometry  # type: ignore[attr-defined]
        plays = len(app.state().plays)
        assert plays > 3
        assert win.screen.get_size() == (1280, 800)  # type: ignore[attr-defined]
        assert geo.capacity >= 3 and len(geo.plays) >= 3, geo  # was one play a page
        assert geo.scan is not None and geo.plays[0][1].y >= geo.scan.bottom
        lowest = min(rect.y for _key, rect in geo.actions)
        assert geo.plays[-1][1].bottom <= lowest  # nothing under the buttons
        readable = win.fonts.get(LARGE_BOLD_PX).get_linesize()  # type: ignore[attr-defined]
        labels = dict(win.view.actions)  # type: ignore[attr-defined]
        for key, rect in geo.actions:
            inner = _inside(rect)
            lines, font = _fitting(win.fonts, labels[key], inner.w - 12, inner.h - 4,  # type: ignore[attr-defined]
                                   rect.h * 0.45)
            assert " ".join(lines) == labels[key], (key, lines)  # whole, never cut
            assert font.get_linesize() >= readable, (key, lines)
    finally:
        win.close()  # type: ignore[attr-defined]
