"""The board window's status during ``tavli-voice review NAME --window`` says what the
terminal's review says, in the same words (R9: the match's record): which mistake of how
many, its size, whose roll; after the expert's play, that play and what the play made cost;
each sentence whole in the status's rows."""

from __future__ import annotations

from pathlib import Path

import pytest
from match_support import play_to_the_end

from tavli_voice import commands as C
from tavli_voice.session import Session
from tavli_voice.ui.app import App
from tavli_voice.ui.review_mode import ReviewMode


@pytest.fixture
def home(tmp_home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every user folder inside ``tmp_path``; the window headless."""
    pytest.importorskip("pygame")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    return tmp_home


def rows_and_room(win: object) -> tuple[int, int]:
    """The status as the renderer draws it: its sentences wrapped to the status's width,
    counted, and how many rows the status holds."""
    from tavli_voice.ui.board import render

    panel = win.layout.panel  # type: ignore[attr-defined]
    size = render.panel_styles(win.theme, panel.line_h)["status"].size  # type: ignore[attr-defined]
    small = win.fonts.get(size)  # type: ignore[attr-defined]
    rows = sum(len(render._wrap(small, text, panel.status.w - 12))
               for text in win.view.status)  # type: ignore[attr-defined]
    return rows, (panel.status.h - 2) // panel.line_h


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_windows_review_status_says_the_mistake_the_roll_the_best_play_and_the_cost(
        home: Path, lang: str) -> None:
    from tavli_voice.scanning import ManualClock
    from tavli_voice.ui.board.window import BoardWindow

    kept, _ = play_to_the_end(home, lang, offer=False)
    assert kept.history_kept is not None
    review = ReviewMode.open(kept.history_kept, lang, sides=[0])
    assert review.mistakes >= 2
    session, _ = Session.restore(review.walk.save)
    app = App(session, lang=lang, save_path=None)
    terminal = [str(e.text) for e in app.begin_review(review)]  # type: ignore[attr-defined]
    win = BoardWindow(app, bot_delay=0, clock=ManualClock())
    win.open()
    try:
        win.frame()  # type: ignore[attr-defined]
        app.publish([*map(_notice, terminal)], "where_am_i")
        win.frame()  # type: ignore[attr-defined]
        j = review.walk.mistakes[0]
        mistake = ("Mistake 1 of " if lang == "en" else "Λάθος 1 από ") + str(review.mistakes)
        from tavli_voice.words import dice_words
        rolled = ("You rolled " if lang == "en" else "Έφερες ") + (
            dice_words(j.dice, lang, "acc") if j.dice[0] == j.dice[1] else f"{max(j.dice)} ")
        status = list(win.view.status)  # type: ignore[attr-defined]
        assert len(status) == 2 and status[0].startswith(mistake), status
        assert status[1].startswith(rolled), status
        assert all(line in terminal for line in status)  # the terminal's own sentences
        rows, room = rows_and_room(win)
        assert rows <= room, (rows, room)  # every sentence drawn whole

        said = [str(e.text) for e in app.command(C.Hint())]  # type: ignore[attr-defined]
        win.frame()  # type: ignore[attr-defined]
        status = list(win.view.status)  # type: ignore[attr-defined]
        assert status == [said[0], said[2]], (status, said)  # the play made is on the board
        assert status[0].endswith(f" ({j.best.notation}).") and j.played.notation in said[1]
        assert status[1].startswith("The mistake cost " if lang == "en" else "Το λάθος κόστισε ")
        rows, room = rows_and_room(win)
        assert rows <= room, (rows, room)
    finally:
        win.close()  # type: ignore[attr-defined]


def _notice(line: str) -> object:
    from tavli_voice import events as E

    return E.Notice(line, important=False)


def test_the_status_is_taller_only_while_reviewing() -> None:
    from tavli_voice.ui.board.layout import STATUS_LINES, compute_layout
    from tavli_voice.ui.board.window import REVIEW_STATUS_LINES

    game, review = compute_layout(1280, 800), compute_layout(1280, 800,
                                                             status_lines=REVIEW_STATUS_LINES)
    assert game.status_lines == STATUS_LINES < REVIEW_STATUS_LINES == review.status_lines
    assert review.panel.status.h > game.panel.status.h
    assert review.panel.list.y >= review.panel.status.bottom  # the plays start below it
