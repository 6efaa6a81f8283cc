"""The Plakoto and Fevga hand-written evaluations on whole batches of boards (numpy).

:func:`static_scores` gives, for every row of a batch, exactly the value that
:func:`.evaluation.static_score` gives for the same position: the same
arithmetic in the same order, done column by column on arrays of rows instead
of point by point on one position, so the floating-point results are
bit-identical (the tests compare them on thousands of seeded positions). It is
what the expert nets' ``knowledge`` feature and the expert's search use; the
``strong`` bot itself keeps the one-position functions.

Rows are flat boards from the mover's side: ``points`` (n, 24) signed counts
(mover positive, own numbering), ``pins`` (n, 24) (Plakoto: +1 a mover checker
pinned under an opponent stack, −1 an opponent checker pinned under ours) and
``off`` (n, 2) checkers borne off (mover, opponent).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from .eval_fevga import FevgaWeights
from .eval_plakoto import PlakotoWeights
from .shots import MASKS

IntArray = NDArray[np.int64]
#: integer board arrays as given (any integer width)
BoardArray = NDArray[np.signedinteger[Any]]
F64 = NDArray[np.float64]

_MASKS = np.array(MASKS, dtype=np.int64)  # index = distance 0…24
#: ``_GATHER[i, d]``: the column ``d`` pips below column ``i`` (−1 → a padding column).
_DIST = np.arange(25)
_GATHER = np.arange(24)[:, None] - _DIST[None, :]
_GATHER_OK = (_GATHER >= 0) & (_DIST[None, :] > 0)
_GATHER = np.where(_GATHER_OK, _GATHER, 24)
#: ``_UP[j, d]``: the column ``d`` pips above column ``j``.
_UP = np.arange(24)[:, None] + _DIST[None, :]
_UP_OK = (_UP <= 23) & (_DIST[None, :] > 0)
_UP = np.where(_UP_OK, _UP, 24)
#: Fevga: ``_OTHER[m]`` is the mover's point m in the opponent's numbering (as in eval_fevga).
_OTHER = np.array((0,) + tuple(((m + 11) % 24) + 1 for m in range(1, 25)))


def _roll_sets(present: NDArray[np.bool_], gather: NDArray[np.int64],
               ok: NDArray[np.bool_]) -> IntArray:
    """Per row and column i: how many of the 36 rolls cover a distance from column i to
    some ``present`` column at ``gather[i, d]`` (the union of :data:`.shots.MASKS`)."""
    n = present.shape[0]
    pad = np.zeros((n, 25), dtype=bool)
    pad[:, :24] = present
    sel = pad[:, gather] & ok[None, :, :]                     # (n, 24, 25)
    bits = np.where(sel, _MASKS[None, None, :], np.int64(0))
    union = np.bitwise_or.reduce(bits, axis=2)
    counts: IntArray = np.bitwise_count(union).astype(np.int64)
    return counts


def plakoto_scores(points: BoardArray, pins: BoardArray, off: BoardArray,
                   w: PlakotoWeights = PlakotoWeights()) -> F64:
    """:func:`.eval_plakoto.evaluate_plakoto` for every row (bit-identical)."""
    pts = np.asarray(points, dtype=np.int64)
    pn = np.asarray(pins, dtype=np.int64)
    n = pts.shape[0]
    score = np.zeros(n)
    my_pips = np.zeros(n, dtype=np.int64)
    opp_pips = np.zeros(n, dtype=np.int64)
    stack = np.zeros(n, dtype=np.int64)
    zero = np.zeros(n)
    pos = pts > 0
    neg = pts < 0
    # highest point with a free mover checker, lowest with a free opponent one
    any_pos = pos.any(axis=1)
    my_back = np.where(any_pos, 24 - np.argmax(pos[:, ::-1], axis=1), 0)
    any_neg = neg.any(axis=1)
    opp_back = np.where(any_neg, np.argmax(neg, axis=1) + 1, 25)
    for i in range(24):
        p = i + 1
        v = pts[:, i]
        u = pn[:, i]
        my_pips += np.where(v > 0, p * v, 0)
        if p != 24:
            stack += np.where(v > 5, v - 5, 0)
        opp_pips += np.where(v < 0, -(25 - p) * v, 0)
        theirs_pinned = u == -1
        mine_pinned = u == 1
        opp_pips += np.where(theirs_pinned, 25 - p, 0)
        gain = w.mother_pin if p == 1 else w.pin_base + w.pin_pip * (25 - p)
        score += np.where(theirs_pinned, gain, zero)
        my_pips += np.where(mine_pinned, p, 0)
        loss = w.mother_pin if p == 24 else w.pin_base + w.pin_pip * p
        score -= np.where(mine_pinned, loss, zero)
    offd = off[:, 0].astype(np.int64) - off[:, 1].astype(np.int64)
    score += w.pip * (opp_pips - my_pips) + w.off * offd - w.stack * stack

    held = w.held
    prime = np.array(w.prime)
    run = np.zeros(n, dtype=np.int64)
    run_low = np.zeros(n, dtype=np.int64)
    orun = np.zeros(n, dtype=np.int64)
    for p in range(1, 25):
        v = pts[:, p - 1]
        u = pn[:, p - 1]
        mine_held = (v >= 2) | ((v == 1) & (u == -1))
        score += np.where(mine_held & (opp_back < p), held[p], zero)
        run_low = np.where(mine_held & (run == 0), p, run_low)
        ends = ~mine_held & (run >= 2) & (opp_back < run_low)
        score += np.where(ends, prime[np.minimum(run, 6)], zero)
        run = np.where(mine_held, run + 1, 0)
        their_held = (v <= -2) | ((v == -1) & (u == 1))
        score -= np.where(their_held & (my_back > p), held[25 - p], zero)
        oends = ~their_held & (orun >= 2) & (my_back > p - 1)
        score -= np.where(oends, prime[np.minimum(orun, 6)], zero)
        orun = np.where(their_held, orun + 1, 0)
    score += np.where((run >= 2) & (opp_back < run_low), prime[np.minimum(run, 6)], zero)

    # our lone checkers against their stacks (shooters below them), then theirs
    free = pn == 0
    blot_rolls = _roll_sets(neg, _GATHER, _GATHER_OK)
    lone = (pts == 1) & free
    for i in range(24):
        p = i + 1
        cost = w.mother if p == 24 else w.pin_base + w.pin_pip * p
        term = w.blot * blot_rolls[:, i] / 36.0 * cost
        score -= np.where(lone[:, i] & (blot_rolls[:, i] > 0), term, zero)
    if w.threat:
        threat_rolls = _roll_sets(pos, _UP, _UP_OK)
        their_lone = (pts == -1) & free
        for i in range(24):
            q = i + 1
            gain = w.mother if q == 1 else w.pin_base + w.pin_pip * (25 - q)
            term = w.threat * threat_rolls[:, i] / 36.0 * gain
            score += np.where(their_lone[:, i] & (threat_rolls[:, i] > 0), term, zero)
    return score


def _fevga_side(own: IntArray, other: IntArray, own_off: IntArray, other_off: IntArray,
                w: FevgaWeights) -> F64:
    """:func:`.eval_fevga._side` for every row: columns 1…24 are points (column 0 unused)."""
    n = own.shape[0]
    zero = np.zeros(n)
    m_no = np.arange(25)
    pips = (own * m_no).sum(axis=1)
    stack = np.maximum(own[:, 1:24] - 3, 0).sum(axis=1)
    outside = own[:, 7:].sum(axis=1)
    score = -w.pip * pips + w.off * own_off - w.stack * stack
    if w.deep:
        score -= np.where(outside > 0, w.deep * (own[:, 1] + own[:, 2] + own[:, 3]), zero)
    passed = (own_off > 0) | (own[:, 1:12].sum(axis=1) > 0)
    score += np.where(passed, w.passed, zero)
    held = np.zeros((n, 25), dtype=bool)
    held[:, _OTHER[1:]] = own[:, 1:] > 0
    enemy = np.zeros((n, 25), dtype=np.int64)
    enemy[:, _OTHER[1:]] = other[:, 1:]
    enemy_passed = (other_off > 0) | (enemy[:, 1:12].sum(axis=1) > 0)
    has = enemy[:, 1:] > 0
    any_enemy = has.any(axis=1)
    enemy_front = np.where(any_enemy, np.argmax(has, axis=1) + 1, 25)
    enemy_back = np.where(any_enemy, 24 - np.argmax(has[:, ::-1], axis=1), 0)
    cum = np.zeros((n, 26), dtype=np.int64)  # cum[:, k] = held points among 1 … k−1
    cum[:, 2:] = np.cumsum(held[:, 1:], axis=1)
    wall = np.array(w.wall)
    block = np.zeros(n)
    for k in range(2, 25):
        c = enemy[:, k]
        near = cum[:, k] - cum[:, max(1, k - 6)]
        has_c = c > 0
        block += np.where(has_c, wall[near] * np.minimum(c, w.wall_cap) * w.block, zero)
        runner = has_c & ~enemy_passed & (enemy_front == k)
        block += np.where(runner, near * w.runner_block, zero)
    run = np.zeros(n, dtype=np.int64)
    best = np.zeros(n, dtype=np.int64)
    ahead = np.zeros(n, dtype=np.int64)
    for j in range(1, 24):
        inside = j < enemy_back
        hj = held[:, j] & inside
        ahead += hj
        run = np.where(hj, run + 1, np.where(inside, 0, run))
        best = np.maximum(best, run)
    rest = score + block
    rest += w.held_ahead * ahead + np.array(w.prime)[np.minimum(best, 6)]
    side: F64 = np.where(enemy_back > 0, rest, score)
    return side


def fevga_scores(points: BoardArray, off: BoardArray, w: FevgaWeights = FevgaWeights()) -> F64:
    """:func:`.eval_fevga.evaluate_fevga` for every row (bit-identical)."""
    pts = np.asarray(points, dtype=np.int64)
    n = pts.shape[0]
    mine = np.zeros((n, 25), dtype=np.int64)
    theirs = np.zeros((n, 25), dtype=np.int64)
    mine[:, 1:] = np.maximum(pts, 0)
    theirs[:, 1:] = np.maximum(-pts, 0)
    mine_other = np.zeros_like(mine)
    theirs_own = np.zeros_like(theirs)
    mine_other[:, _OTHER[1:]] = mine[:, 1:]
    theirs_own[:, _OTHER[1:]] = theirs[:, 1:]
    off_me = off[:, 0].astype(np.int64)
    off_opp = off[:, 1].astype(np.int64)
    diff: F64 = (_fevga_side(mine, theirs, off_me, off_opp, w)
                 - _fevga_side(theirs_own, mine_other, off_opp, off_me, w))
    return diff


def static_scores(game: str, points: BoardArray, pins: BoardArray, off: BoardArray) -> F64:
    """The game's hand-written evaluation (default weights) for every row: Plakoto, Fevga."""
    if game == "plakoto":
        return plakoto_scores(points, pins, off)
    if game == "fevga":
        return fevga_scores(points, off)
    raise ValueError(f"no batched evaluation for {game}")
