"""The exact one-sided bear-off tables (bots/bearoff.py, R4 mars, R6 bearing off) and the
Portes expert playing by them when both sides are bearing off."""

from __future__ import annotations

import itertools
import random
from functools import lru_cache

import numpy as np
import pytest

from rules_support import by_notation, pos
from tavli_voice.bots import bearoff
from tavli_voice.bots.bearoff import (
    MAX_ROLLS,
    both_bearing_off,
    first_off_distribution,
    mean_rolls,
    race_equity,
    rolls_distribution,
)
from tavli_voice.bots.expert import ExpertBot, exact_race_equities
from tavli_voice.rules import Position, legal_plays

#: The opponent far away, all in their own home (our 19–24): no checker can meet ours.
THEIRS = {24: -5, 23: -5, 22: -5}
ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]


def home_of(p: Position) -> tuple[int, ...]:
    return tuple(p.mine(k) for k in range(1, 7))


def lone(home: tuple[int, ...]) -> Position:
    cells = {k: n for k, n in enumerate(home, start=1) if n} | THEIRS
    return pos("portes", cells, off=(15 - sum(home), 0))


@lru_cache(maxsize=None)
def slow_rolls(home: tuple[int, ...]) -> tuple[float, float]:
    """(expected rolls, chance of finishing in one roll) by the rules' legal plays (R2, R6)."""
    if not any(home):
        return 0.0, 1.0
    total = 0.0
    once = 0
    for dice in ROLLS:
        after = [home_of(play.result) for play in legal_plays(lone(home), dice)]
        total += min(slow_rolls(h)[0] for h in after)
        once += any(not any(h) for h in after)
    return 1.0 + total / 36.0, once / 36.0


def test_each_distribution_sums_to_one_and_its_mean_keeps_the_rules_one_roll_equation(
        ) -> None:
    """E(home) = 1 + the mean over the 36 rolls of the best legal result's E (R2, R6)."""
    rng = random.Random(45)
    for _ in range(60):
        n = rng.randint(1, 15)
        home = [0] * 6
        for _ in range(n):
            home[rng.randrange(6)] += 1
        d = rolls_distribution(home)
        assert d.min() >= 0.0 and d.sum() == pytest.approx(1.0, abs=1e-12)
        assert d[0] == 0.0
        best = [min(mean_rolls(home_of(play.result))
                    for play in legal_plays(lone(tuple(home)), dice)) for dice in ROLLS]
        assert mean_rolls(home) == pytest.approx(1.0 + sum(best) / 36.0, abs=1e-9), home


def test_known_entries() -> None:
    assert list(rolls_distribution((0, 0, 0, 0, 0, 1))[:3]) == pytest.approx([0, 27 / 36, 9 / 36])
    assert rolls_distribution(())[0] == 1.0
    assert rolls_distribution((3,))[1] == pytest.approx(6 / 36)  # only a double takes all three
    assert len(rolls_distribution((0, 0, 0, 0, 0, 15))) == MAX_ROLLS + 1
    # fifteen on the 6 point: the first comes off with a 6, 5-1, 4-2, 3-3 or 2-2 (17 of 36)
    assert first_off_distribution((0, 0, 0, 0, 0, 15))[1] == pytest.approx(17 / 36)
    assert first_off_distribution((1, 0, 0, 0, 0, 13))[0] == 1.0  # one is already off
    with pytest.raises(ValueError):
        rolls_distribution((16,))


@pytest.mark.slow
def test_the_table_agrees_with_the_rules_legal_plays_for_every_home_of_up_to_3() -> None:
    homes = [h for h in itertools.product(range(4), repeat=6) if 0 < sum(h) <= 3]
    assert len(homes) == 83
    for home in homes:
        e, once = slow_rolls(home)
        assert mean_rolls(home) == pytest.approx(e, abs=1e-9), home
        assert rolls_distribution(home)[1] == pytest.approx(once, abs=1e-12), home


@pytest.mark.slow
def test_the_first_checker_off_agrees_with_the_rules_legal_plays() -> None:
    rng = random.Random(6)
    homes = [(0, 0, 0, 0, 0, 15), (0, 0, 0, 0, 5, 10), (0, 0, 0, 3, 6, 6)]
    for _ in range(5):
        h = [0] * 6
        for _ in range(15):
            h[rng.randrange(2, 6)] += 1
        homes.append(tuple(h))
    for home in homes:
        p = pos("portes", {k: n for k, n in enumerate(home, start=1) if n} | THEIRS, off=(0, 0))
        hits = sum(any(play.result.off[0] > 0 for play in legal_plays(p, dice)) for dice in ROLLS)
        assert first_off_distribution(home)[1] == pytest.approx(hits / 36, abs=1e-12), home


def test_race_equity_of_two_lone_checkers_on_the_6_point() -> None:
    # they roll first and need one or two rolls (9 of 36 miss, and then any roll takes it
    # off): they win at once 27/36, or on their second roll when we miss too: 3/4 + 1/16
    p = pos("portes", {6: 1, 19: -1}, off=(14, 14))
    assert both_bearing_off(p)
    assert race_equity(p) == pytest.approx(1 - 2 * (0.75 + 1 / 16), abs=1e-12)


def test_race_equity_counts_a_mars_both_ways() -> None:
    # our last checker comes off next roll; they (15 on their 6 point) save the mars 17/36
    ours = pos("portes", {1: 1, 19: -15}, off=(14, 0))
    assert race_equity(ours) == pytest.approx(1 + 19 / 36, abs=1e-12)
    # they take their last checker off at once while we have none off: a mars against us
    theirs = pos("portes", {6: 15, 24: -1}, off=(0, 14))
    assert race_equity(theirs) == pytest.approx(-2.0, abs=1e-12)


def test_race_equity_of_a_finished_game_is_its_points() -> None:
    won = Position.from_json({"game": "portes", "points": [0] * 23 + [-3], "off": [15, 12]})
    assert race_equity(won) == 1.0
    marsed = Position.from_json({"game": "portes", "points": [0] * 23 + [-15], "off": [15, 0]})
    assert race_equity(marsed) == 2.0


def test_with_contact_the_net_judges() -> None:
    start = Position.initial("portes")
    assert exact_race_equities(legal_plays(start, (3, 1))) is None
    with pytest.raises(ValueError):
        race_equity(start)


#: Both bearing off (gnubg 2-ply's best in shared/fixtures/portes_decisions_gnubg_2ply.jsonl,
#: where the net alone lost 0.110 and 0.046 points): (points, off, dice, the exact best)
FIXED = [
    ({4: 2, 6: 3, 24: -7}, (10, 8), (4, 2), "6/off"),
    ({2: 1, 3: 1, 4: 2, 22: -1, 24: -3}, (11, 11), (1, 6), "4/off 3/2"),
]


@pytest.mark.parametrize("search", [True, False])
@pytest.mark.parametrize(("cells", "off", "dice", "best"), FIXED)
def test_the_expert_plays_the_exact_best_bear_off(cells: dict[int, int], off: tuple[int, int],
                                                  dice: tuple[int, int], best: str,
                                                  search: bool) -> None:
    p = pos("portes", cells, off=off)
    plays = by_notation(p, dice)
    assert best in plays
    eq = {n: race_equity(play.result) for n, play in plays.items()}
    assert max(eq, key=lambda n: eq[n]) == best
    assert ExpertBot(3, search=search).choose_play(p, dice, list(plays.values())).notation == best


def test_the_expert_picks_the_best_exact_equity_on_seeded_bear_offs() -> None:
    rng = random.Random(2045)
    bot = ExpertBot(1)
    checked = 0
    while checked < 25:
        ours, theirs = rng.randint(1, 15), rng.randint(1, 15)
        cells: dict[int, int] = {}
        for _ in range(ours):
            k = rng.randint(1, 6)
            cells[k] = cells.get(k, 0) + 1
        for _ in range(theirs):
            k = rng.randint(19, 24)
            cells[k] = cells.get(k, 0) - 1
        p = pos("portes", cells, off=(15 - ours, 15 - theirs))
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(p, dice)
        if len(plays) < 2:
            continue
        eq = np.array([race_equity(q.result) for q in plays])
        chosen = bot.choose_play(p, dice, plays)
        assert race_equity(chosen.result) == pytest.approx(eq.max(), abs=1e-12)
        checked += 1


def test_the_tables_are_built_once() -> None:
    assert bearoff._tables() is bearoff._tables()
