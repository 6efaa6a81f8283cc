"""The exact bear-off reckoning (R6): how many rolls, on average, a side needs to bear off.

A *one-sided* table: for every way of having at most 15 checkers on the six
points of a home (54,264 of them), the expected number of rolls to bear them
all off when every roll is played to need the fewest rolls after it. It is
exact for a pure race in the home (both sides bearing off, R6, so no checker
can meet another in any game): nothing else moves the checkers.

Computed once, with numpy, layer by layer in order of pips (a move always
lowers the pips, so every position after a die is already known), and kept for
the process (about a second, 0.4 MB).

>>> round(expected_rolls((0, 0, 0, 0, 0, 1)), 4)  # one checker on 6: 9 rolls of 36 miss
1.25
>>> expected_rolls((1, 0, 0, 0, 0, 0))
1.0
>>> expected_rolls(())
0.0
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from tavli_voice.rules import Position

#: At most this many checkers of one side.
CHECKERS = 15


def _positions() -> np.ndarray:
    """Every home of at most 15 checkers as counts on points 1–6 (rows)."""
    rows: list[tuple[int, ...]] = []

    def fill(prefix: tuple[int, ...], left: int) -> None:
        if len(prefix) == 6:
            rows.append(prefix)
            return
        for n in range(left + 1):
            fill(prefix + (n,), left - n)

    fill((), CHECKERS)
    return np.array(rows, dtype=np.int64)


def _keys(counts: np.ndarray) -> np.ndarray:
    """One integer a home (base 16, point 1 lowest)."""
    return np.asarray(counts @ (16 ** np.arange(6, dtype=np.int64)), dtype=np.int64)


@lru_cache(maxsize=1)
def _table() -> tuple[np.ndarray, np.ndarray]:
    """(sorted keys, expected rolls) of every home."""
    counts = _positions()
    pips = counts @ np.arange(1, 7)
    order = np.argsort(_keys(counts), kind="stable")
    counts, pips = counts[order], pips[order]
    keys = _keys(counts)
    n = len(keys)
    occupied = counts > 0
    highest = np.where(occupied.any(axis=1), 6 - np.argmax(occupied[:, ::-1], axis=1), 0)
    # succ[d - 1][i, p - 1]: the home after moving one checker from point p with die d (R6),
    # or the first legal one where that move is not legal; an empty home stays empty.
    succ = np.zeros((6, n, 6), dtype=np.int64)
    unit = 16 ** np.arange(6, dtype=np.int64)
    for d in range(1, 7):
        cand = np.zeros((n, 6), dtype=np.int64)
        legal = np.zeros((n, 6), dtype=bool)
        for p in range(1, 7):
            key = keys - unit[p - 1] + (unit[p - d - 1] if p > d else 0)
            ok = occupied[:, p - 1] & ((p >= d) | (highest == p))
            legal[:, p - 1] = ok
            cand[:, p - 1] = np.searchsorted(keys, np.where(ok, key, keys))
        first = np.argmax(legal, axis=1)
        fallback = np.where(legal.any(axis=1), cand[np.arange(n), first], np.arange(n))
        succ[d - 1] = np.where(legal, cand, fallback[:, None])
    e = np.zeros(n)
    after = np.zeros((3, n, 6))  # best expected rolls after 1, 2 and 3 more moves of die d
    for pip in range(1, int(pips.max()) + 1):
        layer = np.flatnonzero(pips == pip)
        total = np.zeros(len(layer))
        for a in range(6):
            sa = succ[a][layer]
            for b in range(a, 6):
                if a == b:
                    total += after[2][sa, a].min(axis=1)
                else:
                    sb = succ[b][layer]
                    total += 2 * np.minimum(after[0][sa, b].min(axis=1),
                                            after[0][sb, a].min(axis=1))
        e[layer] = 1.0 + total / 36.0
        for d in range(6):
            sd = succ[d][layer]
            after[0][layer, d] = e[sd].min(axis=1)
            after[1][layer, d] = after[0][sd, d].min(axis=1)
            after[2][layer, d] = after[1][sd, d].min(axis=1)
    return keys, e


def expected_rolls(home: Sequence[int]) -> float:
    """Expected rolls to bear off checkers ``home[i]`` on point ``i + 1`` (R6), playing best."""
    counts = np.zeros(6, dtype=np.int64)
    counts[:len(home)] = home
    if counts.sum() > CHECKERS or (counts < 0).any():
        raise ValueError(f"not a home of at most {CHECKERS} checkers: {tuple(home)}")
    keys, e = _table()
    return float(e[int(np.searchsorted(keys, _keys(counts[None, :])[0]))])


def bearing_off(pos: Position) -> bool:
    """Both sides bearing off (R6): every checker on the board in its own home, none on
    the bar or pinned, so the rest of the game is two races that cannot meet.

    >>> bearing_off(Position.initial("portes"))
    False
    """
    if pos.bar[0] or pos.bar[1] or any(pos.pins):
        return False
    opp = pos.flip()
    return not any(pos.mine(p) or opp.mine(p) for p in range(7, 25))


def rolls_left(pos: Position) -> tuple[float, float]:
    """(ours, theirs): the expected rolls each side needs to bear off from ``pos`` (R6)."""
    opp = pos.flip()
    return (expected_rolls([pos.mine(p) for p in range(1, 7)]),
            expected_rolls([opp.mine(p) for p in range(1, 7)]))
