"""The exact bear-off reckoning (R6): how many rolls, on average, a side needs to bear off.

A *one-sided* table: for every way of having at most 15 checkers on the six
points of a home (54,264 of them), the expected number of rolls to bear them
all off when every roll is played to need the fewest rolls after it. It is
exact for a pure race in the home (both sides bearing off, R6, so no checker
can meet another in any game): nothing else moves the checkers.

The table is :mod:`.bearoff`'s, the one the expert plays bear-offs by (built once a
process).

>>> round(expected_rolls((0, 0, 0, 0, 0, 1)), 4)  # one checker on 6: 9 rolls of 36 miss
1.25
>>> expected_rolls((1, 0, 0, 0, 0, 0))
1.0
>>> expected_rolls(())
0.0
"""

from __future__ import annotations

from collections.abc import Sequence
from tavli_voice.bots import bearoff
from tavli_voice.rules import Position

#: At most this many checkers of one side.
CHECKERS = bearoff.CHECKERS


def expected_rolls(home: Sequence[int]) -> float:
    """Expected rolls to bear off checkers ``home[i]`` on point ``i + 1`` (R6), playing best:
    the mean of the exact one-sided table the expert plays by (:mod:`.bearoff`)."""
    if len(home) > 6 or sum(home) > CHECKERS or any(n < 0 for n in home):
        raise ValueError(f"not a home of at most {CHECKERS} checkers: {tuple(home)}")
    return bearoff.mean_rolls(home)


#: Both sides bearing off (R6): the same test the expert's exact play uses.
bearing_off = bearoff.both_bearing_off


def rolls_left(pos: Position) -> tuple[float, float]:
    """(ours, theirs): the expected rolls each side needs to bear off from ``pos`` (R6)."""
    opp = pos.flip()
    return (expected_rolls([pos.mine(p) for p in range(1, 7)]),
            expected_rolls([opp.mine(p) for p in range(1, 7)]))
