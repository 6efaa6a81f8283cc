"""An arrow key's bytes typed at the terminal get what works in the phase the player is in:
the number of a play while a play is chosen, r or Enter when a roll is due, c or Enter when a
play waits for confirming; never "r to roll" while the plays are on offer."""

from __future__ import annotations

import io
import time

import pytest

from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice import words as M
from tavli_voice.events import Phase
from tavli_voice.rules import MatchConfig
from tavli_voice.session import Session
from tavli_voice.ui.app import App
from tavli_voice.ui.terminal import TerminalPlayer

ARROW = "\x1b[A\n"
ROLL_WORDS = {"en": "r to roll", "el": "r για να ρίξεις"}


def seeded(lang: str, game: str, seed: int) -> App:
    app = App(Session(MatchConfig(1, game, "tavlucky", seed),
                      (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita"))), lang=lang)
    app.start()
    return app


def said_for_an_arrow(app: App) -> str:
    out = io.StringIO()
    assert TerminalPlayer(app, out, io.StringIO(ARROW))._next_command() is None  # refused, then end of input
    lines = out.getvalue().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


@pytest.mark.parametrize("lang,expected", [
    ("en", "The arrow keys work in the board window, not here. Choose a play, 1 to 16, or h for help."),
    ("el", "Τα βελάκια λειτουργούν στο παράθυρο του ταμπλό, όχι εδώ. Διάλεξε κίνηση, από 1 έως 16, "
           "ή h για βοήθεια."),
])
def test_while_a_play_is_chosen_an_arrow_gets_the_numbers_of_the_plays_not_the_roll(
        lang: str, expected: str) -> None:
    app = seeded(lang, "portes", 4)  # the person starts with 3-1: sixteen plays on offer
    assert app.phase is Phase.PLAY and len(app.state().plays) == 16
    said = said_for_an_arrow(app)
    assert said == expected
    assert ROLL_WORDS[lang] not in said


@pytest.mark.parametrize("lang,expected", [
    ("en", "The arrow keys work in the board window, not here. Type r or press Enter to roll the dice, "
           "or h for help."),
    ("el", "Τα βελάκια λειτουργούν στο παράθυρο του ταμπλό, όχι εδώ. Γράψε r ή πάτα Enter για να ρίξεις "
           "τα ζάρια, ή h για βοήθεια."),
])
def test_when_a_roll_is_due_an_arrow_gets_r_or_enter(lang: str, expected: str) -> None:
    app = seeded(lang, "plakoto", 2)  # the person won the opening roll and rolls first
    assert app.phase is Phase.ROLL and not app.bot_to_act()
    assert said_for_an_arrow(app) == expected


@pytest.mark.parametrize("lang,expected", [
    ("en", "The arrow keys work in the board window, not here. Type c or press Enter to confirm, "
           "u to undo."),
    ("el", "Τα βελάκια λειτουργούν στο παράθυρο του ταμπλό, όχι εδώ. Γράψε c ή πάτα Enter για "
           "επιβεβαίωση, u για αναίρεση."),
])
def test_when_a_play_waits_for_confirming_an_arrow_gets_c_or_enter(lang: str, expected: str) -> None:
    app = seeded(lang, "portes", 4)
    app.command(C.ChoosePlay(1))
    assert app.phase is Phase.CONFIRM
    said = said_for_an_arrow(app)
    assert said == expected
    assert ROLL_WORDS[lang] not in said and M.text("prompt.choose", lang, n=16) not in said


def test_enter_rolls_when_a_roll_is_due_also_while_the_board_window_is_open() -> None:
    """The sentence's "press Enter" holds for lines typed beside the board window too."""
    app = seeded("en", "plakoto", 2)
    said: list[str] = []
    player = TerminalPlayer(app, io.StringIO(), io.StringIO("\n"))
    lines = player.typed_source()
    lines.say, lines.prompt = said.append, lambda: None
    for _ in range(200):  # the reader thread hands the line over within a few polls
        cmd = lines.poll()
        if cmd is not None or lines.ended:
            break
        time.sleep(0.01)
    assert cmd == C.Roll()
