"""R9: the time-out sentence counts against the match's own number of time-outs that lose the
game (``timeouts_to_lose``, 3 unless the saved match sets another), in Greek agreeing with
«φορές» (a digit is read as the neuter by a screen reader: «τέσσερις», never «4»)."""

from __future__ import annotations

import pytest

from tavli_voice import events as E
from tavli_voice.narration.phrases import NarrationContext, screen_text
from tavli_voice.rules import MatchConfig, TimerRules
from tavli_voice.session import Session

YOU_RITA = (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita"))


def screen(event: E.Event, lang: str) -> str:
    return screen_text(event, NarrationContext(lang=lang, listener=0, players=YOU_RITA))


def first_time_out(limit: int) -> E.TimedOut:
    """A person who never plays, in a seeded Plakoto match whose time-outs lose at ``limit``."""
    session = Session(MatchConfig(1, "plakoto", "tavlucky", 2, TimerRules(True, 45.0, 45.0, limit)), YOU_RITA)
    session.start()
    for now in range(0, 200, 10):
        for event in session.tick(float(now)):
            if isinstance(event, E.TimedOut):
                return event
    raise AssertionError("no time-out in 200 seconds")


@pytest.mark.parametrize("lang,limit,you,other", [
    ("en", 5, "Time-outs in a row: 1 of 5; run out of time 5 times in a row and you lose the game.",
     "Rita ran out of time: the game plays automatically. Time-outs in a row: 1 of 5."),
    ("en", 3, "Time-outs in a row: 1 of 3; run out of time 3 times in a row and you lose the game.",
     "Rita ran out of time: the game plays automatically. Time-outs in a row: 1 of 3."),
    ("el", 4, "Τέλος χρόνου (μία από τις τέσσερις φορές): το παιχνίδι παίζει για σένα· αν σου τελειώσει "
              "ο χρόνος τέσσερις φορές στη σειρά, χάνεις την παρτίδα.",
     "Η Ρίτα δεν πρόλαβε (μία από τις τέσσερις φορές): το παιχνίδι παίζει αυτόματα."),
    ("el", 5, "Τέλος χρόνου (μία από τις 5 φορές): το παιχνίδι παίζει για σένα· αν σου τελειώσει "
              "ο χρόνος 5 φορές στη σειρά, χάνεις την παρτίδα.",
     "Η Ρίτα δεν πρόλαβε (μία από τις 5 φορές): το παιχνίδι παίζει αυτόματα."),
])
def test_the_time_out_says_the_matchs_number_of_time_outs_that_lose(
        lang: str, limit: int, you: str, other: str) -> None:
    event = first_time_out(limit)
    assert (event.player, event.count, event.limit) == (0, 1, limit)
    assert you in screen(event, lang), screen(event, lang)
    # the opponent's time-out in the same match: its count against the same number
    rita = E.TimedOut(1, event.count, event.limit)
    assert other in screen(rita, lang), screen(rita, lang)


def test_a_single_time_out_that_loses_says_one_time_in_greek() -> None:
    text = screen(E.TimedOut(0, 1, 1), "el")
    assert "(μία από τη μία φορά)" in text and "ο χρόνος μία φορά στη σειρά" in text, text
