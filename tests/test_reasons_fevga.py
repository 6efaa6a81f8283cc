"""Fevga's facts of a reason (bots/reasons.py, R7): the checkers still on the starting point."""

from __future__ import annotations

from types import SimpleNamespace as D

from rules_support import by_notation, pos
from tavli_voice.bots.reasons import Kind, differences, facts
from tavli_voice.rules import Position
from tavli_voice.words import player_words
from tavli_voice.words.reasons import say_reasons


def test_the_head_counts_our_checkers_on_24_in_fevga_only() -> None:
    assert facts(Position.initial("fevga")).head == 15
    assert facts(Position.initial("portes")).head == 0
    assert facts(Position.initial("plakoto")).head == 0
    assert facts(pos("fevga", {24: 9, 19: 1, 15: 5, 12: -15})).head == 9


def test_a_play_that_takes_another_checker_off_the_head_differs_in_it() -> None:
    before = pos("fevga", {24: 13, 19: 1, 4: 1, 12: -12, 9: -1, 3: -1, 21: -1})
    plays = by_notation(before, (4, 1))
    diffs = {d.kind: d for d in differences(before, plays["24/23 19/15"], plays["24/23 24/20"])}
    assert (diffs[Kind.HEAD].mine, diffs[Kind.HEAD].better) == (12, 11)
    # both take one checker off the head: no difference in it
    same = differences(before, plays["24/20 19/18"], plays["24/23 19/15"])
    assert Kind.HEAD not in {d.kind for d in same}


def test_the_head_is_said_in_both_languages() -> None:
    fact = D(kind="head", mine=12, better=11, points=())
    en = say_reasons("fevga", [fact], "en", player_words("Rita", "rita", 1, "en"), speech=True)
    el = say_reasons("fevga", [fact], "el", player_words("Rita", "rita", 1, "el"), speech=True)
    assert en == ("Your checkers still on your starting point, 24: 12 after your play, 11 after "
                  "the hint's play.")
    assert el == ("Πούλια σου ακόμα στην αφετηρία, στο 24: 12 με την κίνησή σου, 11 με την "
                  "προτεινόμενη.")
