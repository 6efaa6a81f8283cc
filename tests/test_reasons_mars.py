"""The mars facts of a reason (bots/reasons.py): the expert's own chances of a two-point
result (R9) after each play, and their exact part of the equity difference."""

from __future__ import annotations

import numpy as np

from rules_support import by_notation, pos
from tavli_voice.bots.expert import ExpertBot
from tavli_voice.bots.net import LOSE_G, WIN_G
from tavli_voice.bots.reasons import EXACT, Kind, explain, mars_differences
from tavli_voice.rules import Position, legal_plays

EXPERT = ExpertBot(0, search=False)


def straggler() -> Position:
    """Portes, R4: the opponent has borne off 10; three of ours are still on 24 and 18."""
    return pos("portes", {1: 2, 2: 2, 3: 2, 4: 3, 5: 2, 6: 1, 18: 1, 22: -3, 23: -2, 24: 2})


def test_mars_chances_are_the_experts_own_outputs_in_100() -> None:
    before = straggler()
    plays = by_notation(before, (5, 3))
    mine, better = plays["6/1 4/1"], plays["18/10"]
    diffs = {d.kind: d for d in mars_differences(mine.result, better.result)}
    out = EXPERT.net("portes").evaluate([mine.result, better.result])
    lost = diffs[Kind.MARS_LOST]
    assert (lost.mine, lost.better) == (round(100 * float(out[0, LOSE_G])),
                                        round(100 * float(out[1, LOSE_G])))
    # leaving the straggler out loses a mars clearly more often
    assert lost.mine >= lost.better + 5
    won = diffs.get(Kind.MARS_WON)
    assert won is None or (won.mine, won.better) == (round(100 * float(out[0, WIN_G])),
                                                     round(100 * float(out[1, WIN_G])))


def test_the_mars_reason_is_said_when_it_explains_the_difference() -> None:
    before = straggler()
    plays = by_notation(before, (5, 3))
    mine, better = plays["6/1 4/1"], plays["18/10"]
    eq = EXPERT.equities([mine, better])
    ex = explain(before, mine, better, float(eq[1] - eq[0]))
    assert ex.reasons and ex.reasons[0].kind is Kind.MARS_LOST
    # its share is its exact part of the equity difference (0.01 a chance in 100), from
    # the expert's unrounded chances, not the whole chances in 100 said
    out = EXPERT.net("portes").evaluate([mine.result, better.result]).astype(np.float64)
    part = 100 * EXACT[Kind.MARS_LOST] * (out[1, LOSE_G] - out[0, LOSE_G])
    assert abs(ex.shares[0] - min(1.0, part / float(eq[1] - eq[0]))) <= 0.006


def test_no_mars_fact_for_equal_chances_or_a_play_that_ends_the_game() -> None:
    start = Position.initial("portes")
    play = legal_plays(start, (3, 1))[0]
    assert mars_differences(play.result, play.result) == ()
    last = pos("portes", {1: 1, 24: -15}, off=(14, 0))
    ends = [p for p in legal_plays(last, (6, 5)) if p.result.off[0] == 15]
    assert ends and mars_differences(ends[0].result, play.result) == ()


def test_mars_facts_fire_only_when_the_rounded_chances_differ() -> None:
    """Over every pair of plays of a few turns: a mars fact exactly when the chances differ."""
    before = straggler()
    fired = quiet = 0
    for dice in ((5, 3), (6, 1), (2, 2), (4, 2)):
        plays = legal_plays(before, dice)
        out = EXPERT.net("portes").evaluate([p.result for p in plays])
        chances = np.rint(100 * out[:, LOSE_G].astype(np.float64)).astype(int)
        for i in range(len(plays)):
            for j in range(len(plays)):
                kinds = {d.kind for d in mars_differences(plays[i].result, plays[j].result)}
                assert (Kind.MARS_LOST in kinds) == (chances[i] != chances[j])
                fired += Kind.MARS_LOST in kinds
                quiet += Kind.MARS_LOST not in kinds
    assert fired and quiet
