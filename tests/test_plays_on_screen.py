"""A play on screen reads as words first, with the notation to type after it in parentheses
(R1); ``--words`` leaves the words alone, and speech never says the notation."""

from __future__ import annotations

import re

import pytest

from tavli_voice import events as E
from tavli_voice.narration.phrases import NarrationContext, phrase, screen_text
from tavli_voice.rules import Position, legal_plays
from tavli_voice.rules.plays import Play

NAMES = ("you", "Rita")
BOTS = (None, "rita")


def ctx(lang: str, **kw: object) -> NarrationContext:
    return NarrationContext(lang=lang, names=NAMES, bots=BOTS, game="portes", **kw)  # type: ignore[arg-type]


def opening(dice: tuple[int, int], notation: str) -> Play:
    return next(p for p in legal_plays(Position.initial("portes"), dice) if p.notation == notation)


@pytest.mark.parametrize("lang, mine, theirs", [
    ("en", "You played from 8 to 5, from 6 to 5 (8/5 6/5).",
     "Rita played from 1 to 4 (1/4)."),
    ("el", "Έπαιξες από το 8 στο 5, από το 6 στο 5 (8/5 6/5).",
     "Η Ρίτα έπαιξε από το 1 στο 4 (1/4)."),
])
def test_r1_a_play_made_shows_words_then_the_notation(lang: str, mine: str, theirs: str) -> None:
    assert screen_text(E.PlayMade(0, opening((3, 1), "8/5 6/5"), (3, 1)), ctx(lang)) == mine
    # Rita's 24/21 is the listener's 1 to 4 (R1: one numbering, the listener's)
    assert screen_text(E.PlayMade(1, opening((2, 1), "24/21"), (2, 1)), ctx(lang)) == theirs


@pytest.mark.parametrize("lang", ["en", "el"])
def test_words_alone_with_the_words_option_and_in_speech(lang: str) -> None:
    for player, play, dice, shown in ((0, opening((3, 1), "8/5 6/5"), (3, 1), "8/5 6/5"),
                                      (1, opening((2, 1), "24/21"), (2, 1), "1/4")):
        made = E.PlayMade(player, play, dice)
        words_only = screen_text(made, ctx(lang, screen_notation=False))
        assert "/" not in words_only and "(" not in words_only
        assert screen_text(made, ctx(lang)) == f"{words_only[:-1]} ({shown})."
        said = phrase(made, ctx(lang)).text
        assert "/" not in said and "(" not in said
        if lang == "el":
            assert not re.search(r"[A-Za-z]", said), said


def test_the_chosen_play_waiting_for_confirmation_shows_words_then_the_notation() -> None:
    pending = E.PlayPending(0, opening((6, 5), "24/13"), forced=False)
    assert screen_text(pending, ctx("en")).startswith("Chosen: from 24 to 13 (24/13).")
    assert screen_text(pending, ctx("el")).startswith("Διάλεξες: από το 24 στο 13 (24/13).")
    assert screen_text(pending, ctx("en", screen_notation=False)).startswith(
        "Chosen: from 24 to 13.")


def test_a_bear_off_on_screen_is_the_sentence_a_player_says_then_the_notation() -> None:
    position = Position.from_json({"game": "portes", "points": [0] * 4 + [1, 2] + [0] * 17 + [-15],
                                   "off": [12, 0]})
    play = next(p for p in legal_plays(position, (6, 5)) if p.notation == "6/off 5/off")
    made = E.PlayMade(0, play, (6, 5))
    assert screen_text(made, ctx("en")) == "You bore off one from 6 and one from 5 (6/off 5/off)."
    assert screen_text(made, ctx("en", screen_notation=False)) == \
        "You bore off one from 6 and one from 5."
