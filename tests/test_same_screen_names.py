"""Each side told apart by name: two people sharing the board window go by the names given
(never "You" for whoever moves), and a bot against the same bot is told first and second."""

from __future__ import annotations

import pytest

from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice.narration.phrases import NarrationContext, phrase, screen_text
from tavli_voice.session import new_session
from tavli_voice.ui.app import App
from tavli_voice.ui.board.model import Extras, build_view

SCORE = E.ScoreReport((0, 1), 5, "portes", 1)


@pytest.mark.parametrize("lang,first,second", [
    ("en", "the first Rita 0", "the second Rita 1"),
    ("el", "η πρώτη Ρίτα 0", "η δεύτερη Ρίτα 1")])
def test_a_bot_against_the_same_bot_is_told_first_and_second(lang: str, first: str,
                                                             second: str) -> None:
    ctx = NarrationContext(lang=lang, listener=None, names=("Rita", "Rita"), bots=("rita", "rita"))
    for said in (screen_text(SCORE, ctx), " ".join(map(str, phrase(SCORE, ctx).segments))):
        low = said.lower()
        assert first.lower() in low and second.lower() in low, said
    other = NarrationContext(lang=lang, listener=None, names=("Rita", "Expert"),
                             bots=("rita", "expert"))
    assert ("first" if lang == "en" else "πρώτη") not in screen_text(SCORE, other)


@pytest.mark.parametrize("lang,unnamed", [("en", "Player 1"), ("el", "Πρώτος παίκτης")])
def test_two_people_at_the_window_see_the_names_given(lang: str, unnamed: str) -> None:
    session = new_session(kind="portes", length=5, preset="tavlucky", seed=3,
                          players=(E.PlayerInfo("you"), E.PlayerInfo("Ann")))
    app = App(session, lang=lang, save_path=None)
    app.start()
    you = "You" if lang == "en" else "Εσύ"
    movers = set()
    for _ in range(2):  # each person's turn in turn
        state = app.state()
        view = build_view(state, Extras(lang=lang))
        assert "Ann: " in view.score and f"{unnamed}: " in view.score, view.score
        assert you not in view.score, view.score
        assert ("Ann" if state.to_move == 1 else unnamed) in view.turn, view.turn
        movers.add(state.to_move)
        for _ in range(6):  # the mover rolls and plays the first play, until the other's turn
            if app.state().to_move != state.to_move:
                break
            phase = app.state().phase
            app.command(C.Roll() if phase is E.Phase.ROLL else
                        C.ChoosePlay(1) if phase is E.Phase.PLAY else C.Confirm())
    assert movers == {0, 1}
