"""Exact one-sided bear-off tables for the expert: how many rolls a side needs, as a distribution.

For every home of at most 15 checkers on points 1-6 (54,264 of them) two
tables, built once with numpy (about 0.6 s of CPU) and kept for the process:
in the background from the expert's first decision near a bear-off
(:func:`near_bear_off`, :func:`warm_up`), else at first use:

- **to bear off**: the chance of bearing every checker off in exactly ``n``
  rolls (``n`` = 0 … 45; every roll takes at least two pips), every roll played
  to need the fewest rolls on average after it (R6; a double plays four times);
- **to save the mars**: for a home of 15 checkers (none off yet), the chance that
  the first checker comes off on roll ``n``, every roll played to bring one off
  the soonest on average.

When both sides are bearing off (every checker in its own home, none on the
bar, none pinned: two races that can no longer meet), a result's cubeless
equity follows from the two sides' tables (:func:`race_equity`), the rolls of
the two sides being independent: the side to roll wins when it needs no more
rolls than the other, and a loser that has borne off no checker loses double (a
mars). This holds in all three games and every preset: the bear-off is R6's in
each, a win is 1 and a mars 2 (R4, R5.5, R7.4), and neither ``vog``'s triple
(a loser's checker on the bar or in the winner's home) nor a mother pin (R5.4,
it needs a pin) can happen once both sides bear off; Fevga's opponent bears
off from the mover's 13-18 (R1), which :meth:`~tavli_voice.rules.Position.flip`
turns into its own 1-6. The expert uses it in place of its net for such plays
(:class:`.expert.ExpertBot`).

>>> round(float(mean_rolls((0, 0, 0, 0, 0, 1))), 4)  # one checker on 6: 9 rolls of 36 miss
1.25
>>> [round(float(x), 4) for x in rolls_distribution((0, 0, 0, 0, 0, 1))[:3]]
[0.0, 0.75, 0.25]
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from tavli_voice.rules import GAMES, Position, game_outcome
from tavli_voice.rules.position import opponent_point

#: At most this many checkers of one side.
CHECKERS = 15
#: Rolls counted in a distribution: 0 … MAX_ROLLS (every roll takes at least two pips, 90 at most).
MAX_ROLLS = 45

_UNIT = 16 ** np.arange(6, dtype=np.int64)


def _homes() -> NDArray[np.int64]:
    """Every home of at most 15 checkers as counts on points 1–6 (rows), sorted by key."""
    counts = np.zeros((1, 0), dtype=np.int64)
    for _ in range(6):
        room = CHECKERS - counts.sum(axis=1)            # how many more each row may take
        rows = np.repeat(np.arange(len(counts)), room + 1)
        added = np.arange(len(rows)) - np.repeat(np.cumsum(room + 1) - (room + 1), room + 1)
        counts = np.concatenate([counts[rows], added[:, None]], axis=1)
    return counts[np.argsort(counts @ _UNIT, kind="stable")]


def _successors(counts: NDArray[np.int64], keys: NDArray[np.int64]) -> NDArray[np.int64]:
    """succ[d - 1][i, p - 1]: the home after one checker from point p moves die d (R6), or,
    where that is not legal, the first legal one; an empty home stays empty."""
    n = len(keys)
    occupied = counts > 0
    highest = np.where(occupied.any(axis=1), 6 - np.argmax(occupied[:, ::-1], axis=1), 0)
    succ = np.zeros((6, n, 6), dtype=np.int64)
    for d in range(1, 7):
        cand = np.zeros((n, 6), dtype=np.int64)
        legal = np.zeros((n, 6), dtype=bool)
        for p in range(1, 7):
            key = keys - _UNIT[p - 1] + (_UNIT[p - d - 1] if p > d else 0)
            ok = occupied[:, p - 1] & ((p >= d) | (highest == p))
            legal[:, p - 1] = ok
            cand[:, p - 1] = np.searchsorted(keys, np.where(ok, key, keys))
        first = np.argmax(legal, axis=1)
        fallback = np.where(legal.any(axis=1), cand[np.arange(n), first], np.arange(n))
        succ[d - 1] = np.where(legal, cand, fallback[:, None])
    return succ


def _solve(pips: NDArray[np.int64], succ: NDArray[np.int64], done: NDArray[np.bool_]
           ) -> NDArray[np.float64]:
    """Distribution of the rolls to reach a ``done`` home, each roll played to need the fewest
    rolls on average after it (a move always lowers the pips, so homes are solved in order)."""
    n = len(pips)
    value = np.zeros(n)                                # expected rolls
    dist = np.zeros((n, MAX_ROLLS + 1))
    dist[done, 0] = 1.0
    rows = np.arange(n)
    # reach[k][i, d]: the home after k + 1 moves of die d from i, chosen for the fewest rolls
    reach = np.repeat(np.repeat(rows[None, :, None], 6, axis=2), 3, axis=0)
    weights = np.array([1.0 if a == b else 2.0 for a in range(6) for b in range(a, 6)])  # of 36
    for pip in np.unique(pips):
        layer = np.flatnonzero((pips == pip) & ~done)
        if not len(layer):
            continue
        # the 21 rolls' candidate homes side by side: (home, roll, candidate)
        cands = []
        for a in range(6):
            for b in range(a, 6):
                if a == b:
                    c = reach[2][succ[a][layer], a]
                    cands.append(np.concatenate([c, c], axis=1))
                else:
                    cands.append(np.concatenate([reach[0][succ[a][layer], b],
                                                 reach[0][succ[b][layer], a]], axis=1))
        cand = np.stack(cands, axis=1)
        best = np.take_along_axis(cand, np.argmin(value[cand], axis=2)[:, :, None], axis=2)[:, :, 0]
        value[layer] = 1.0 + (value[best] @ weights) / 36.0
        # every roll takes two pips or more: no more than ceil(pip / 2) rolls are left
        m = min(MAX_ROLLS, (int(pip) + 1) // 2)
        dist[layer, 1:m + 1] = np.einsum("r,lrn->ln", weights, dist[best, :m]) / 36.0
        for d in range(6):
            for k in range(3):
                prev = succ[d][layer] if k == 0 else reach[k - 1][succ[d][layer], d]
                reach[k][layer, d] = prev[np.arange(len(layer)), np.argmin(value[prev], axis=1)]
    return dist


_Tables = tuple[NDArray[np.int64], NDArray[np.float64], NDArray[np.float64]]
_built: list[_Tables] = []
_lock = threading.Lock()
_warming: list[threading.Thread] = []


def _tables() -> _Tables:
    """(sorted keys, rolls to bear off, rolls to the first checker off) of every home, built
    once per process (a caller while another thread builds them waits for that build)."""
    with _lock:
        if not _built:
            _built.append(_build())
        return _built[0]


#: Per game, index q: the lowest point, in the mover's numbering, that a checker of the
#: other side on its own point q stands on or has still to pass (R1): ``25 - q`` in
#: Portes and Plakoto; in Fevga 13 from their 1-12 (our 13-24), 1 from their 13-24.
_PATH_LOW = {g: [0] + [min(opponent_point(g, k) for k in range(1, q + 1)) for q in range(1, 25)]
             for g in GAMES}

#: :func:`near_bear_off` when each side has at most this many checkers outside its home.
NEAR_OUTSIDE = 5


def near_bear_off(pos: Position) -> bool:
    """True when the tables may soon be wanted: none on the bar or pinned, and no checker of
    either side can meet one of the other's any more (a race: no point that a checker of
    one side has still to pass or reach is one the other's has) or each side has at most
    :data:`NEAR_OUTSIDE` checkers outside its home.

    >>> near_bear_off(Position.initial("portes")), near_bear_off(Position.initial("fevga"))
    (False, False)
    """
    if pos.bar[0] or pos.bar[1] or any(pos.pins):
        return False
    opp = pos.flip()
    ours = [p for p in range(1, 25) if pos.mine(p)]
    lowest = _PATH_LOW[pos.game]
    theirs = [lowest[q] for q in range(1, 25) if opp.mine(q)]
    if not ours or not theirs or max(ours) < min(theirs):
        return True
    outside = (sum(pos.mine(p) for p in range(7, 25)), sum(opp.mine(p) for p in range(7, 25)))
    return max(outside) <= NEAR_OUTSIDE


def warm_up() -> None:
    """Start building the tables in a background thread, once per process, so that the first
    decision that needs them does not pay the build (about 0.6 s of CPU); a decision that
    needs them before the build ends waits for it."""
    if _built or _warming:
        return
    t = threading.Thread(target=_tables, name="bear-off tables", daemon=True)
    _warming.append(t)
    t.start()


def _build() -> _Tables:
    """Build the tables (:func:`_tables`)."""
    counts = _homes()
    keys = counts @ _UNIT
    pips = counts @ np.arange(1, 7)
    total = counts.sum(axis=1)
    succ = _successors(counts, keys)
    off = _solve(pips, succ, total == 0)
    first = _solve(pips, succ, total < CHECKERS)
    return keys, off, first


def _index(home: Sequence[int]) -> int:
    counts = np.zeros(6, dtype=np.int64)
    counts[:len(home)] = home
    if counts.sum() > CHECKERS or (counts < 0).any() or len(home) > 6:
        raise ValueError(f"not a home of at most {CHECKERS} checkers: {tuple(home)}")
    keys = _tables()[0]
    return int(np.searchsorted(keys, int(counts @ _UNIT)))


def rolls_distribution(home: Sequence[int]) -> NDArray[np.float64]:
    """Chance of bearing off the checkers ``home[i]`` on point ``i + 1`` in exactly n rolls
    (index n), playing for the fewest rolls on average (R6)."""
    row: NDArray[np.float64] = _tables()[1][_index(home)]
    return row


def first_off_distribution(home: Sequence[int]) -> NDArray[np.float64]:
    """Chance that the first checker of a home of 15 comes off on roll n (index n); for a home
    of fewer checkers (one already off) all the chance is at n = 0."""
    row: NDArray[np.float64] = _tables()[2][_index(home)]
    return row


def mean_rolls(home: Sequence[int]) -> float:
    """Expected rolls to bear off ``home`` (R6), playing for the fewest."""
    d = rolls_distribution(home)
    return float(d @ np.arange(MAX_ROLLS + 1))


def both_bearing_off(pos: Position) -> bool:
    """True when every checker of both sides still on the board is in its own home (R6),
    none is on the bar and none pinned (R5.2): two races that can no longer meet, in any
    game. The other side's home is read through :meth:`~Position.flip` (R1: the mover's
    19-24 in Portes and Plakoto, 13-18 in Fevga).

    >>> both_bearing_off(Position.initial("portes"))
    False
    >>> fevga = Position.from_json({"game": "fevga", "points": [14] + [0] * 11 + [-14]
    ...                             + [0] * 11, "off": [1, 1]})
    >>> both_bearing_off(fevga), both_bearing_off(fevga.flip())
    (True, True)
    """
    if pos.bar[0] or pos.bar[1] or any(pos.pins):
        return False
    opp = pos.flip()
    return not any(pos.mine(p) or opp.mine(p) for p in range(7, 25))


def _lose(d_us: NDArray[np.float64], d_them: NDArray[np.float64]) -> float:
    """The chance that the side to roll (rolls ``d_them``) finishes no later than the other
    (rolls ``d_us``): they win when m <= n, sum over m of d_them[m] * P(n >= m)."""
    after_us = 1.0 - np.cumsum(d_us)      # P(we need more than n rolls)
    return float(d_them @ (after_us + d_us))


def race_win_chance(result: Position) -> float:
    """The chance that the side that just moved wins ``result``, where both sides are
    bearing off (:func:`both_bearing_off`) or the game is over; the opponent rolls next.

    >>> p = Position.from_json({"game": "portes", "points": [1] + [0] * 22 + [-1],
    ...                         "off": [14, 14]})
    >>> race_win_chance(p)
    0.0
    """
    out = game_outcome(result)
    if out is not None:
        return 0.5 if out.winner is None else float(out.winner == 0)
    if not both_bearing_off(result):
        raise ValueError("both sides must be bearing off")
    opp = result.flip()
    ours = rolls_distribution([result.mine(p) for p in range(1, 7)])
    theirs = rolls_distribution([opp.mine(p) for p in range(1, 7)])
    return 1.0 - _lose(ours, theirs)


def race_equity(result: Position) -> float:
    """Cubeless equity, for the side that just moved, of ``result`` where both sides are
    bearing off (:func:`both_bearing_off`) or the game is over; the opponent rolls next.

    Win 1, mars 2 (R4), per unit of stake.

    >>> p = Position.from_json({"game": "portes", "points": [1] + [0] * 22 + [-1],
    ...                         "off": [14, 14]})
    >>> race_equity(p)  # they take their last checker off with any roll
    -1.0
    """
    out = game_outcome(result)
    if out is not None:
        if out.winner is None:
            return 0.0
        stake = result.cube.value if result.cube else 1
        return (out.points if out.winner == 0 else -out.points) / stake
    if not both_bearing_off(result):
        raise ValueError("both sides must be bearing off")
    opp = result.flip()
    ours = [result.mine(p) for p in range(1, 7)]
    theirs = [opp.mine(p) for p in range(1, 7)]
    d_us = rolls_distribution(ours)       # we finish on our roll n ...
    d_them = rolls_distribution(theirs)   # ... they on their roll m, and they roll first
    eq = 1.0 - 2.0 * _lose(d_us, d_them)
    if result.off[1] == 0:
        # we mars them when we finish before their first checker comes off: n < K
        k_them = first_off_distribution(theirs)
        eq += float(d_us @ (1.0 - np.cumsum(k_them)))
    if result.off[0] == 0:
        # they mars us when they finish on roll m before our first checker is off: K >= m
        k_us = first_off_distribution(ours)
        at_least = 1.0 - np.cumsum(k_us) + k_us  # P(K >= m)
        eq -= float(d_them @ at_least)
    return eq
