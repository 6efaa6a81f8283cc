"""A bot against the same bot is told first and second wherever the window and its review
name a player: "Wait: it is the first Rita's turn.", "The first Rita rolled 4 and 1."."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice import history
from tavli_voice.session import new_session
from tavli_voice.startup import main as play_main
from tavli_voice.ui.app import App
from tavli_voice.ui.board.model import Extras, build_view
from tavli_voice.ui.review_mode import ReviewMode


@pytest.mark.parametrize("lang,said", [
    ("en", "Wait: it is the first Rita's turn."),
    ("el", "Περίμενε: είναι η σειρά της πρώτης Ρίτας.")])
def test_a_key_in_a_bots_turn_names_which_of_two_ritas_plays(lang: str, said: str) -> None:
    session = new_session(kind="portes", length=1, preset="tavlucky", seed=3,
                          players=(E.PlayerInfo("Rita", "rita"), E.PlayerInfo("Rita", "rita")))
    app = App(session, lang=lang, save_path=None)
    app.start()
    assert app.bot_to_act() and app.session.actor() == 0
    notes = [e.text for e in app.command(C.Roll()) if isinstance(e, E.Notice)]
    assert notes == [said]


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_review_of_rita_against_rita_tells_them_apart(tmp_home: Path, lang: str) -> None:
    """Both sides reviewed: the summary, whose roll and the reasons say which Rita, where each
    was "Rita" ("Rita and Rita: 26 mistakes", "Rita's play gives up point 24")."""
    out = io.StringIO()
    assert play_main(["--speech", "off", "--players", "rita,rita", "--points", "1", "--game",
                      "portes", "--seed", "5"], out=out, inp=io.StringIO()) == 0
    (path,) = history.history_dir().iterdir()
    review = ReviewMode.open(path, lang, order="play", sides=[0, 1])
    lines = review.start() + review.handle(C.Why())
    text = "\n".join(lines)
    first, second = ("the first Rita", "the second Rita") if lang == "en" else \
        ("η πρώτη Ρίτα", "η δεύτερη Ρίτα")
    summary = next(line for line in lines if ("mistakes in" if lang == "en" else "λάθη σε") in line)
    assert summary.lower().startswith((f"{first} and {second}:" if lang == "en" else
                                       f"{first} · {second}:").lower()), summary
    if lang == "en":
        assert summary.startswith("The first Rita and the second Rita:"), summary
    rolled = next(line for line in lines if (" rolled " if lang == "en" else " έφερε ") in line)
    assert rolled.lower().startswith(first.lower()), rolled
    why = next(line for line in lines if line.startswith(("Why: ", "Γιατί: ")))
    whose = ("the first Rita's", "the second Rita's") if lang == "en" else \
        ("της πρώτης Ρίτας", "της δεύτερης Ρίτας")
    assert any(w in why for w in whose), why
    assert "Rita's play" not in why.replace("first Rita's", "").replace("second Rita's", ""), why
    assert " Ρίτας" not in why.replace("πρώτης Ρίτας", "").replace("δεύτερης Ρίτας", ""), why
    assert "Rita and Rita" not in text


@pytest.mark.parametrize("lang,score", [("en", "Player 1: 0 · Ann: 0"),
                                        ("el", "Πρώτος παίκτης: 0 · Ann: 0")])
def test_two_people_at_the_window_see_the_score_in_seat_order_whoever_moves(
        lang: str, score: str) -> None:
    """Two people sharing the window: the score line keeps the seats' order on both turns, where
    it put whoever moves first ('Ann: 0 · Player 1: 0' on Ann's turn)."""
    session = new_session(kind="portes", length=5, preset="tavlucky", seed=3,
                          players=(E.PlayerInfo("you"), E.PlayerInfo("Ann")))
    app = App(session, lang=lang, save_path=None)
    app.start()
    movers = set()
    for _ in range(2):  # each person's turn in turn
        state = app.state()
        assert build_view(state, Extras(lang=lang)).score.startswith(score), state.to_move
        movers.add(state.to_move)
        for _ in range(6):  # the mover rolls and plays the first play, until the other's turn
            if app.state().to_move != state.to_move:
                break
            phase = app.state().phase
            app.command(C.Roll() if phase is E.Phase.ROLL else
                        C.ChoosePlay(1) if phase is E.Phase.PLAY else C.Confirm())
    assert movers == {0, 1}


@pytest.mark.parametrize("size", [(1024, 700), (800, 600)])
@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_bot_against_the_same_bot_is_named_whole_in_the_windows_header(
        window_home: object, lang: str, size: tuple[int, int]) -> None:
    """Rita against Rita in the board window: each side's score on its own row with its name
    («Πρώτη Ρίτα: 0» «Δεύτερη Ρίτα: 0», where «0» began a row), and the legend's names whole on a
    row each («Πρώτη Ρίτα: λευκά ○», where one row read «Πρώτη Ρίτ… Δεύτερη Ρ…»)."""
    from tavli_voice.scanning import ManualClock
    from tavli_voice.ui.board import render
    from tavli_voice.ui.board.window import BoardWindow

    session = new_session(kind="portes", length=1, preset="tavlucky", seed=3,
                          players=(E.PlayerInfo("Rita", "rita"), E.PlayerInfo("Rita", "rita")))
    app = App(session, lang=lang, save_path=None)
    win = BoardWindow(app, bot_delay=0, clock=ManualClock(), size=size)
    win.open()
    try:
        app.start()
        win.frame()
        view, panel = win.view, win.layout.panel
        styles = render.panel_styles(win.theme, panel.line_h)
        width = panel.header.w - 12
        rows, font = render.score_rows(win.fonts, view.score, width, styles["score"].size)
        assert all(font.size(row)[0] <= width for row in rows), rows
        for side in view.score.split(" · ")[:2]:  # "First Rita: 0": a name with its score
            assert any(side in row for row in rows), (side, rows)
        labels = [label for _f, _e, label in render.legend_parts(view, win.theme)]
        legend = render.legend_rows(win.fonts.get(styles["legend"].size), labels, width,
                                    render.legend_icon(panel.line_h))
        shown = [text for row in legend for _x, text in row]
        assert all(text in (label, label.rsplit(" ", 1)[0])
                   for text, label in zip(shown, labels)), shown
        assert panel.header_lines == render.header_lines(win.fonts, win.theme, view, panel)
    finally:
        win.close()
