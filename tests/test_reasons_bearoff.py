"""The exact bear-off reckoning of a reason (bots/reason_bearoff.py, R6): the rolls a side
needs to bear off, checked against the rules' own legal plays, and said in both languages."""

from __future__ import annotations

import itertools
from functools import lru_cache
from types import SimpleNamespace as D

import pytest

from rules_support import by_notation, pos
from tavli_voice.bots.expert import ExpertBot
from tavli_voice.bots.reason_bearoff import bearing_off, expected_rolls, rolls_left
from tavli_voice.bots.reasons import Kind, differences, explain, facts
from tavli_voice.rules import Position, legal_plays
from tavli_voice.words import player_words
from tavli_voice.words.reasons import say_reasons

EXPERT = ExpertBot(0, search=False)
#: The opponent far away, all in their own home (our 19–24): no checker can meet ours.
THEIRS = {24: -5, 23: -5, 22: -5}


def home_of(p: Position) -> tuple[int, ...]:
    return tuple(p.mine(k) for k in range(1, 7))


@lru_cache(maxsize=None)
def slow_rolls(home: tuple[int, ...]) -> float:
    """Expected rolls by the rules' own legal plays (R2, R6) and plain recursion."""
    if not any(home):
        return 0.0
    cells = {k: n for k, n in enumerate(home, start=1) if n} | THEIRS
    p = pos("portes", cells, off=(15 - sum(home), 0))
    total = 0.0
    for a in range(1, 7):
        for b in range(1, 7):
            total += min(slow_rolls(home_of(play.result)) for play in legal_plays(p, (a, b)))
    return 1.0 + total / 36.0


def small_homes(most: int) -> list[tuple[int, ...]]:
    return [h for h in itertools.product(range(most + 1), repeat=6) if 0 < sum(h) <= most]


def test_the_table_agrees_with_the_rules_legal_plays_for_every_home_of_up_to_3() -> None:
    homes = small_homes(3)
    assert len(homes) == 83
    for home in homes:
        assert expected_rolls(home) == pytest.approx(slow_rolls(home), abs=1e-9), home


def test_known_bear_offs() -> None:
    assert expected_rolls((0, 0, 0, 0, 0, 1)) == pytest.approx(1.25)  # 9 rolls of 36 miss
    assert expected_rolls((2, 0, 0, 0, 0, 0)) == 1.0
    assert expected_rolls((3,)) == pytest.approx(1 + 30 / 36)  # only a double takes all three
    assert expected_rolls((0, 0, 0, 0, 0, 15)) > expected_rolls((15,)) > 6.5
    with pytest.raises(ValueError):
        expected_rolls((16,))


def test_bearing_off_needs_both_sides_home_and_nothing_pinned_or_on_the_bar() -> None:
    home = pos("portes", {6: 3, 2: 2} | THEIRS, off=(10, 0))
    assert bearing_off(home)
    assert not bearing_off(pos("portes", {7: 1, 2: 2} | THEIRS, off=(12, 0)))  # one of ours out
    assert not bearing_off(pos("portes", {6: 3, 2: 2, 18: -1, 24: -14}, off=(10, 0)))  # theirs out
    assert not bearing_off(pos("portes", {6: 3, 2: 1} | THEIRS, bar=(1, 0), off=(10, 0)))
    assert not bearing_off(Position.initial("fevga"))
    # Fevga: the opponent bears off from our 13-18
    assert bearing_off(pos("fevga", {3: 2, 1: 1, 13: -4, 15: -3}, off=(12, 8)))
    assert rolls_left(home)[0] == pytest.approx(expected_rolls((0, 2, 0, 0, 0, 3)))


def test_the_rolls_are_a_fact_only_while_both_sides_bear_off() -> None:
    home = pos("portes", {6: 3, 2: 2} | THEIRS, off=(10, 0))
    assert facts(home).rolls == round(10 * expected_rolls((0, 2, 0, 0, 0, 3)))
    assert facts(pos("portes", {7: 1, 2: 2} | THEIRS, off=(12, 0))).rolls == 0
    assert facts(Position.initial("plakoto")).rolls == 0


def bear_off_decision() -> tuple[Position, dict[str, object]]:
    """Portes 6-5 with 6, 6, 5 and 1 home: 6/off 5/off needs fewer rolls than 6/1 5/off
    (against five checkers, a race the rolls decide: the exact equity prefers it)."""
    before = pos("portes", {6: 2, 5: 1, 1: 1, 24: -2, 23: -2, 22: -1}, off=(11, 10))
    return before, by_notation(before, (6, 5))  # type: ignore[return-value]


def test_the_play_that_needs_fewer_rolls_is_explained_by_them() -> None:
    before, plays = bear_off_decision()
    mine, better = plays["6/1 6/off"], plays["6/off 5/off"]
    diffs = {d.kind: d for d in differences(before, mine, better)}  # type: ignore[arg-type]
    rolls = diffs[Kind.BEAROFF]
    assert rolls.mine == round(10 * expected_rolls(home_of(mine.result)))  # type: ignore[attr-defined]
    assert rolls.better < rolls.mine
    eq = EXPERT.equities([mine, better])  # type: ignore[list-item]
    assert eq[1] > eq[0]
    ex = explain(before, mine, better, float(eq[1] - eq[0]))  # type: ignore[arg-type]
    assert ex.reasons and ex.reasons[0].kind is Kind.BEAROFF
    assert not {d.kind for d in ex.reasons} & {Kind.OFF, Kind.PIPS, Kind.GAPS}
    # the other way round the rolls favour the play said to be worse: no bear-off reason
    back = explain(before, better, mine, 0.1)  # type: ignore[arg-type]
    assert Kind.BEAROFF not in {d.kind for d in back.reasons}


def test_the_rolls_are_said_in_both_languages() -> None:
    fact = D(kind="bearoff", mine=43, better=38, points=())
    en = say_reasons("portes", [fact], "en", player_words("Rita", "rita", 1, "en"), speech=True)
    el = say_reasons("portes", [fact], "el", player_words("Rita", "rita", 1, "el"), speech=True)
    assert en == ("To bear off you need about 4.3 rolls after your play, 3.8 after the "
                  "hint's play.")
    assert el == ("Για να μαζέψεις όλα τα πούλια σου χρειάζεσαι κατά μέσο όρο 4,3 ζαριές με "
                  "την κίνησή σου, 3,8 με την προτεινόμενη.")
    assert not any("a" <= c.lower() <= "z" for c in el)
