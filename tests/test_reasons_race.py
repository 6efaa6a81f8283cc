"""Reasons in a race and a bear-off (bots/reasons.py, R4): gaps in the home, checkers
borne off and pips, with the race's own weights."""

from __future__ import annotations

from types import SimpleNamespace as D

from rules_support import by_notation, pos
from tavli_voice.bots.expert import ExpertBot
from tavli_voice.bots.reasons import (POINT_KINDS, RACE_WEIGHTS, Kind, differences, explain,
                                      facts, home_gaps, in_contact)
from tavli_voice.rules import Position
from tavli_voice.words import player_words
from tavli_voice.words.reasons import say_reasons


def test_gaps_count_empty_home_points_below_the_highest_while_bearing_off() -> None:
    assert home_gaps(pos("portes", {6: 3, 4: 2, 1: 1, 24: -15}, off=(9, 0))) == 3  # 5, 3, 2
    assert home_gaps(pos("portes", {3: 4, 2: 2, 1: 1, 24: -15}, off=(8, 0))) == 0
    # a checker still outside: not bearing off yet, no gaps counted
    assert home_gaps(pos("portes", {8: 1, 6: 3, 1: 1, 24: -15}, off=(10, 0))) == 0
    assert home_gaps(pos("portes", {6: 3, 1: 1, 24: -15}, bar=(1, 0), off=(10, 0))) == 0
    assert home_gaps(Position.initial("plakoto")) == 0
    # Plakoto: a pinned checker of ours still stands on its point
    assert home_gaps(pos("plakoto", {5: [1, -1], 3: 2, 24: -14}, off=(12, 0))) == 3


def test_a_bear_off_that_leaves_gaps_is_told_by_its_facts() -> None:
    """Portes 1-4 with 5, 5, 4, 4, 3 and 1 home: 5/4 5/1 keeps all on board, 4/off 1/off
    bears two off; both sides bear off (R6), so the reason is the exact rolls each play
    needs, not the race weights."""
    race = pos("portes", {5: 2, 4: 2, 3: 4, 2: 3, 1: 4, 24: -2, 23: -3, 22: -4, 21: -2},
               off=(0, 4))
    assert not in_contact(race)
    plays = by_notation(race, (1, 4))
    mine, better = plays["5/4 5/1"], plays["4/off 1/off"]
    kinds = {d.kind: d for d in differences(race, mine, better)}
    assert (kinds[Kind.OFF].mine, kinds[Kind.OFF].better) == (0, 2)
    assert facts(mine.result).off[0] == 0 and facts(better.result).off[0] == 2
    eq = ExpertBot(0, search=False).equities([mine, better])
    ex = explain(race, mine, better, float(eq[1] - eq[0]))
    assert ex.reasons, ex
    assert not {d.kind for d in ex.reasons} & POINT_KINDS
    assert all(d.kind is Kind.BEAROFF or d.kind.startswith("mars") for d in ex.reasons)
    rolls = next(d for d in ex.reasons if d.kind is Kind.BEAROFF)
    assert rolls.better < rolls.mine


def test_a_race_with_a_checker_still_outside_keeps_the_race_weights() -> None:
    """Portes 6-5, one checker of ours still on 9: not both bearing off (R6)."""
    race = pos("portes", {9: 1, 5: 2, 4: 2, 3: 4, 2: 3, 1: 3, 24: -2, 23: -3, 22: -4, 21: -2},
               off=(0, 4))
    assert not in_contact(race)
    plays = by_notation(race, (6, 5))
    eq = ExpertBot(0, search=False).equities(list(plays.values()))
    best = list(plays.values())[int(eq.argmax())]
    for other, e in zip(plays.values(), eq):
        if other is not best:
            ex = explain(race, other, best, float(eq.max() - e))
            assert all(d.kind in RACE_WEIGHTS["portes"] or d.kind.startswith("mars")
                       for d in ex.reasons)


def test_gaps_are_said_in_both_languages_greek_numbers_in_words() -> None:
    fact = D(kind="gaps", mine=3, better=1, points=())
    en = say_reasons("portes", [fact], "en", player_words("Rita", "rita", 1, "en"), speech=True)
    el = say_reasons("portes", [fact], "el", player_words("Rita", "rita", 1, "el"), speech=True)
    assert en == ("Empty points in your home while bearing off: 3 after your play, 1 "
                  "after the hint's play.")
    assert el == ("Κενές θέσεις στο σπίτι σου στο μάζεμα: τρεις με την κίνησή σου, μία με την "
                  "προτεινόμενη.")
