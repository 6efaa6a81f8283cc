"""Switch scanning tells the order of the points in full only while it is news.

The first long turns of a match say "Pick the checker to move: points from the
highest down." (Greek «Διάλεξε ποιο πούλι θα παίξεις: …»); later ones say only
"Pick the checker to move.", unless the player seemed stuck since (help asked,
a command refused) or the verbosity is chatty, which says it every time.
"""

from __future__ import annotations

import pytest

from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice import words as M
from tavli_voice.narration.priorities import Verbosity
from tavli_voice.rules import MatchConfig
from tavli_voice.scanning import ManualClock, ScanSettings, make_scanner
from tavli_voice.session import Session
from tavli_voice.ui.app import App
from tavli_voice.ui.scan_driver import ScanDriver
from tavli_voice.ui.scan_input import TerminalScan

FULL = "scanui.order_point"
SHORT = "scanui.order_short"


def scanned_match(lang: str, verbosity: Verbosity = Verbosity.NORMAL
                  ) -> tuple[App, ScanDriver, list[str]]:
    session = Session(MatchConfig(5, "portes", "tavlucky", "order-said-7"),
                      (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita")))
    app = App(session, lang=lang, verbosity=verbosity)
    app.list_plays = False
    driver = ScanDriver(app, make_scanner(ScanSettings(mode="step", play_choice="steps")),
                        ManualClock())
    lines: list[str] = []
    TerminalScan(driver, keys=None, say=lines.append, lang=lang)  # type: ignore[arg-type]
    driver.begin()
    return app, driver, lines


def play_turns(app: App, driver: ScanDriver, turns: int, *, stuck_at: int | None = None,
               help_at: int | None = None) -> None:
    """Play ``turns`` of the person's turns (the first play each time); on turn
    ``stuck_at`` a number not on offer is given first, on ``help_at`` help is asked."""
    done = 0
    guard = 0
    while done < turns and guard < 400:
        guard += 1
        view = app.state()
        if view.plays:
            if done == stuck_at:
                app.command(C.ChoosePlay(len(view.plays) + 5))
            if done == help_at:
                app.command(C.Help())
            app.command(C.ChoosePlay(1))
            if app.state().pending is not None:
                app.command(C.Confirm())
            done += 1
        elif "roll" in view.available:
            app.command(C.Roll())
        elif "confirm" in view.available:
            app.command(C.Confirm())
        else:
            raise AssertionError(f"no way on: {view.phase} {view.available}")
        driver.sync()
    assert done == turns


def said(lines: list[str], lang: str) -> list[str]:
    """The order sentences said, in turn, as "full" or "short"."""
    full = {M.text("scanui.order_point", lang), M.text("scanui.order_suggested", lang)}
    short = M.text(SHORT, lang)
    return ["full" if line in full else "short" for line in lines if line in full | {short}]


@pytest.mark.parametrize("lang,short", [("en", "Pick the checker to move."),
                                        ("el", "Διάλεξε ποιο πούλι θα παίξεις.")])
def test_the_order_is_said_in_full_the_first_two_long_turns_then_short(lang: str,
                                                                       short: str) -> None:
    app, driver, lines = scanned_match(lang)
    play_turns(app, driver, 6)
    order = said(lines, lang)
    assert len(order) >= 5
    assert order[:2] == ["full", "full"]
    assert set(order[2:]) == {"short"}
    assert short in lines
    assert M.text(FULL, lang).startswith(short.rstrip("."))


def test_chatty_says_the_order_in_full_every_long_turn() -> None:
    app, driver, lines = scanned_match("en", Verbosity.CHATTY)
    play_turns(app, driver, 6)
    order = said(lines, "en")
    assert len(order) >= 5 and set(order) == {"full"}


def test_terse_says_the_order_in_full_once() -> None:
    app, driver, lines = scanned_match("el", Verbosity.TERSE)
    play_turns(app, driver, 5)
    order = said(lines, "el")
    assert order[0] == "full" and set(order[1:]) == {"short"} and len(order) >= 4


@pytest.mark.parametrize("how", ["refused", "help"])
def test_a_stuck_player_hears_the_order_in_full_again(how: str) -> None:
    app, driver, lines = scanned_match("en")
    if how == "refused":
        play_turns(app, driver, 6, stuck_at=3)
    else:
        play_turns(app, driver, 6, help_at=3)
    order = said(lines, "en")
    # the turn after the one the player was stuck on hears it in full, then short again
    assert order[:2] == ["full", "full"] and order[2:4] == ["short", "short"]
    assert order[4] == "full" and set(order[5:]) == {"short"}
