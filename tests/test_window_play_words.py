"""The board window lists plays as the terminal writes them: in words ("from 24 to 23, from 24
to 20", «από το 24 στο 23, …»), the chosen play's row too, whole in large type where it showed
the notation alone ("24/23 24/20 ✓"); the notation follows the words only with ``--notation``,
as in the terminal (one wording: ``narration.phrases.listed_play``), and the chosen play's row
then shows both where they fit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_window_review_small import recording
from window_helpers import to_my_roll

from tavli_voice import commands as C
from tavli_voice.events import Phase
from tavli_voice.narration.phrases import listed_play
from tavli_voice.narration.pieces import NarrationContext
from tavli_voice.session import new_session
from tavli_voice.ui.app import App


def chosen_window(lang: str, notation: bool, size: tuple[int, int]) -> tuple[App, Any]:
    """A window whose person has rolled and chosen play 1, waiting for Confirm."""
    from tavli_voice.scanning import ManualClock
    from tavli_voice.ui.board.window import BoardWindow

    app = App(new_session(kind="portes", length=3, seed=11), lang=lang, save_path=None,
              screen_notation=notation)
    win = BoardWindow(app, bot_delay=0, clock=ManualClock(), size=size)
    win.open()
    app.start()
    win.frame()
    to_my_roll(app, win)
    app.command(C.Roll())
    win.frame()
    app.command(C.ChoosePlay(1))
    win.frame()
    assert app.state().phase is Phase.CONFIRM
    return app, win


def row_text(win: Any, number: int) -> str:
    """The words drawn in play ``number``'s row (its badge's digits left out)."""
    rect = dict(win.geometry.plays)[number]
    texts = [text for text, _px, box in recording(win).texts
             if rect.contains(*box.center) and text != str(number)]
    return " ".join(texts)


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (480, 360)])
@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_chosen_play_reads_in_words_as_in_the_terminal(window_home: Path, lang: str,
                                                          size: tuple[int, int]) -> None:
    app, win = chosen_window(lang, False, size)
    try:
        view = app.state()
        play = view.pending
        assert play is not None
        said = listed_play(play, view.actor, NarrationContext(lang=lang, screen_notation=False,
                                                              listener=view.actor))
        assert said.startswith("from " if lang == "en" else "από ") and "/" not in said, said
        number = win.view.pending
        assert win.view.plays[number - 1] == said
        assert all("/" not in label for label in win.view.plays)
        # the rows it wraps onto, in order, in large type; the tick where it fits (480x360:
        # the words alone, the row edged thickly)
        shown = " ".join(row_text(win, number).split())
        assert shown in (" ".join(said.split()) + " ✓", " ".join(said.split())), (shown, said)
        rect = dict(win.geometry.plays)[number]
        assert all(px >= 18 for text, px, box in recording(win).texts
                   if rect.contains(*box.center)), recording(win).texts
    finally:
        win.close()


@pytest.mark.parametrize("lang", ["en", "el"])
def test_with_notation_the_words_are_followed_by_the_notation(window_home: Path,
                                                              lang: str) -> None:
    app, win = chosen_window(lang, True, (1280, 800))
    try:
        play = app.state().pending
        assert play is not None
        number = win.view.pending
        label = win.view.plays[number - 1]
        assert label.endswith(")") and "/" in label.rpartition(" (")[2], label
        shown = " ".join(row_text(win, number).split())
        assert shown == " ".join(label.split()) + " ✓", (shown, label)  # not the notation alone
    finally:
        win.close()


def test_the_window_shows_the_notation_only_with_notation() -> None:
    from tavli_voice.startup import build_parser, shows_notation

    ap = build_parser("en")
    assert not shows_notation(ap.parse_args(["--window"]))
    assert shows_notation(ap.parse_args(["--window", "--notation"]))


@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_game_scanned_at_480x360_is_whole_with_its_strip_above_the_buttons(
        window_home: Path, lang: str) -> None:
    """With one switch at 480x360 the scan strip sits under the status, over no button (it
    covered Roll), every text of the panel whole in large type, on screen; the plays are
    scanned in the strip («Από το 13: 6 κινήσεις»), the list giving it its room."""
    from window_helpers import FAST_SCAN

    from tavli_voice.scanning import ManualClock
    from tavli_voice.ui.board.render import LARGE_BOLD_PX
    from tavli_voice.ui.board.window import BoardWindow

    clock = ManualClock()
    app = App(new_session(kind="portes", length=3, seed=11), lang=lang, save_path=None,
              screen_notation=False)
    win = BoardWindow(app, bot_delay=0, clock=clock, size=(480, 360), scan_settings=FAST_SCAN)
    win.open()
    try:
        app.start()
        win.frame()
        to_my_roll(app, win)
        for phase in ("roll", "play"):
            if phase == "play":
                app.command(C.Roll())
                win.frame()
            clock.advance(1.0)
            win.frame()
            geo = win.geometry
            boxes = [r for _k, r in geo.actions] + [r for _n, r in geo.plays]
            assert geo.scan is not None and win.view.scan is not None
            assert all(geo.scan.bottom <= r.y or r.bottom <= geo.scan.y for r in boxes), phase
            for text, px, box in recording(win).texts:
                if win.layout.board.contains(*box.center):
                    continue
                assert px >= int(LARGE_BOLD_PX) and not text.endswith("…"), (phase, text, px)
                assert box.right <= 480 and box.bottom <= 360, (phase, text, box)
        shown = win.view.scan.options[win.view.scan.index or 0]
        assert any(text in shown for text, _px, _box in recording(win).texts), shown
    finally:
        win.close()
