"""A long turn's spoken plays end with how to choose step by step in full only while it is
news: the first two long turns of a match ("Choose step by step: say from and a point, then a
number or to and a point; or ask for the list of plays."), one when terse; later ones hear
"Say from and a point, or ask for the list." («Πες «από» και μια θέση, ή ζήτησε τη λίστα.»),
until the player seems stuck (help asked, a number not on offer) and hears it in full again."""

from __future__ import annotations

import pytest

from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice import words as M
from tavli_voice.narration.phrases import ToldInFull, phrase
from tavli_voice.narration.priorities import Verbosity
from tavli_voice.rules import MatchConfig
from tavli_voice.session import Session
from tavli_voice.ui.app import App


def spoken_match(lang: str, verbosity: Verbosity = Verbosity.NORMAL) -> tuple[App, list[str]]:
    session = Session(MatchConfig(7, "portes", "tavlucky", "steps-hint-2"),
                      (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita")))
    app = App(session, lang=lang, verbosity=verbosity)
    heard: list[str] = []
    # what the narrator would say of each offer of plays to the player
    app.subscribe(lambda evs: heard.extend(phrase(e, app.context(app.reason)).text for e in evs
                                           if isinstance(e, E.PlaysOffered) and e.player == 0))
    app.start()
    return app, heard


def play_long_turns(app: App, heard: list[str], lang: str, turns: int, *,
                    stuck_at: int | None = None, help_at: int | None = None) -> list[str]:
    """Play until ``turns`` long turns were heard; "full" or "short" for each. On long turn
    ``stuck_at`` a number not on offer comes first; on ``help_at`` help is asked."""
    full, short = M.text("plays.groups_hint", lang), M.text("plays.groups_hint_short", lang)
    told: list[str] = []
    guard = 0
    while len(told) < turns and guard < 2000 and not app.finished:
        guard += 1
        while app.bot_to_act():
            app.bot_step()
        view = app.state()
        if view.plays:
            said = heard[-1] if heard else ""
            if full in said or short in said:
                told.append("full" if full in said else "short")
                heard.clear()
                if len(told) - 1 == stuck_at:
                    app.command(C.ChoosePlay(len(view.plays) + 5))
                if len(told) - 1 == help_at:
                    app.command(C.Help())
            app.command(C.ChoosePlay(1))
            if app.state().pending is not None:
                app.command(C.Confirm())
        elif "roll" in view.available:
            app.command(C.Roll())
        elif "confirm" in view.available:
            app.command(C.Confirm())
        else:
            raise AssertionError(f"no way on: {view.phase} {view.available}")
    assert len(told) == turns, told
    return told


@pytest.mark.parametrize("lang,short", [
    ("en", "Say from and a point, or ask for the list."),
    ("el", "Πες «από» και μια θέση, ή ζήτησε τη λίστα.")])
def test_the_step_hint_is_said_in_full_twice_then_short(lang: str, short: str) -> None:
    app, heard = spoken_match(lang)
    assert play_long_turns(app, heard, lang, 5) == ["full", "full", "short", "short", "short"]
    assert M.text("plays.groups_hint_short", lang) == short


def test_terse_says_the_step_hint_in_full_once() -> None:
    app, heard = spoken_match("el", Verbosity.TERSE)
    assert play_long_turns(app, heard, "el", 4) == ["full", "short", "short", "short"]


@pytest.mark.parametrize("how", ["refused", "help"])
def test_a_stuck_player_hears_the_step_hint_in_full_again(how: str) -> None:
    app, heard = spoken_match("en")
    kw = {"stuck_at": 2} if how == "refused" else {"help_at": 2}
    assert play_long_turns(app, heard, "en", 6, **kw) == [  # type: ignore[arg-type]
        "full", "full", "short", "full", "short", "short"]


def test_a_new_match_tells_it_in_full_again() -> None:
    told = ToldInFull(full=2)
    assert told.known(Verbosity.NORMAL) and not told.known(Verbosity.CHATTY)
    app = App(Session(MatchConfig(1, "portes", "tavlucky", "1"),
                      (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita"))))
    app.told = told
    app.start()
    assert not told.known(Verbosity.NORMAL)
