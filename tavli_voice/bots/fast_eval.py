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
#: Fevga: enemy stacks on 2…24 and the first of the six points in front of each
_K = np.arange(2, 25)
_K_LOW = np.maximum(1, _K - 6)
_J = np.arange(1, 24)


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


def _runs_before(held: NDArray[np.bool_]) -> IntArray:
    """Per column p: how many columns right before p are ``held`` in a row (then p = 25)."""
    n = held.shape[0]
    total = np.cumsum(held, axis=1)
    reset = np.maximum.accumulate(np.where(held, 0, total), axis=1)
    out = np.zeros((n, 25), dtype=np.int64)
    out[:, 1:] = total - reset
    return out


_P = np.arange(1, 25)


def plakoto_scores(points: BoardArray, pins: BoardArray, off: BoardArray,
                   w: PlakotoWeights = PlakotoWeights()) -> F64:
    """:func:`.eval_plakoto.evaluate_plakoto` for every row (bit-identical).

    Every amount the one-position function adds to its score is put in a column, in
    the order it adds them, and the columns are summed left to right."""
    pts = np.asarray(points, dtype=np.int64)
    pn = np.asarray(pins, dtype=np.int64)
    n = pts.shape[0]
    pos = pts > 0
    neg = pts < 0
    any_pos = pos.any(axis=1)
    my_back = np.where(any_pos, 24 - np.argmax(pos[:, ::-1], axis=1), 0)[:, None]
    any_neg = neg.any(axis=1)
    opp_back = np.where(any_neg, np.argmax(neg, axis=1) + 1, 25)[:, None]
    theirs_pinned = pn == -1
    mine_pinned = pn == 1
    cols: list[NDArray[np.float64]] = []
    # 1. pinned checkers, point by point
    gain = np.array([w.mother_pin if p == 1 else w.pin_base + w.pin_pip * (25 - p) for p in _P])
    loss = np.array([w.mother_pin if p == 24 else w.pin_base + w.pin_pip * p for p in _P])
    cols.append(np.where(theirs_pinned, gain, np.where(mine_pinned, -loss, 0.0)))
    # 2. race, checkers off, tall stacks
    my_pips = (np.where(pos, _P * pts, 0) + np.where(mine_pinned, _P, 0)).sum(axis=1)
    opp_pips = (np.where(neg, -(25 - _P) * pts, 0)
                + np.where(theirs_pinned, 25 - _P, 0)).sum(axis=1)
    stack = np.where(pts[:, :23] > 5, pts[:, :23] - 5, 0).sum(axis=1)
    offd = off[:, 0].astype(np.int64) - off[:, 1].astype(np.int64)
    cols.append((w.pip * (opp_pips - my_pips) + w.off * offd - w.stack * stack)[:, None])
    # 3. held points and primes, ours then theirs at each point
    held = np.array(w.held)
    prime = np.array(w.prime)
    mine_held = (pts >= 2) | ((pts == 1) & theirs_pinned)
    their_held = (pts <= -2) | ((pts == -1) & mine_pinned)
    run = _runs_before(mine_held)
    orun = _runs_before(their_held)
    rb = run[:, :24]
    ob = orun[:, :24]
    ours = np.where(mine_held, np.where(opp_back < _P, held[_P], 0.0),
                    np.where((rb >= 2) & (opp_back < _P - rb), prime[np.minimum(rb, 6)], 0.0))
    theirs = np.where(their_held, np.where(my_back > _P, -held[25 - _P], 0.0),
                      np.where((ob >= 2) & (my_back > _P - 1), -prime[np.minimum(ob, 6)], 0.0))
    both = np.empty((n, 48))
    both[:, 0::2] = ours
    both[:, 1::2] = theirs
    cols.append(both)
    last = run[:, 24]
    cols.append(np.where((last >= 2) & (opp_back[:, 0] < 25 - last),
                         prime[np.minimum(last, 6)], 0.0)[:, None])
    # 4. our lone checkers against their stacks below them, then theirs against ours
    free = pn == 0
    blot_rolls = _roll_sets(neg, _GATHER, _GATHER_OK)
    cost = np.array([w.mother if p == 24 else w.pin_base + w.pin_pip * p for p in _P])
    lone = (pts == 1) & free & (blot_rolls > 0)
    cols.append(np.where(lone, -(w.blot * blot_rolls / 36.0 * cost), 0.0))
    if w.threat:
        threat_rolls = _roll_sets(pos, _UP, _UP_OK)
        tgain = np.array([w.mother if q == 1 else w.pin_base + w.pin_pip * (25 - q) for q in _P])
        their_lone = (pts == -1) & free & (threat_rolls > 0)
        cols.append(np.where(their_lone, w.threat * threat_rolls / 36.0 * tgain, 0.0))
    terms = np.concatenate(cols, axis=1)
    score: F64 = np.cumsum(terms, axis=1)[:, -1]  # a running sum, left to right
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
    # held points among the six in front of each enemy stack k (enemy numbering 2…24)
    near = cum[:, _K] - cum[:, _K_LOW]
    c = enemy[:, _K]
    has_c = c > 0
    terms = np.zeros((n, 2 * len(_K)))     # in the one-position order: wall, runner, …
    terms[:, 0::2] = np.where(has_c, np.array(w.wall)[near] * np.minimum(c, w.wall_cap)
                              * w.block, 0.0)
    runner = has_c & ~enemy_passed[:, None] & (enemy_front[:, None] == _K[None, :])
    terms[:, 1::2] = np.where(runner, near * w.runner_block, 0.0)
    block = np.cumsum(terms, axis=1)[:, -1]  # a running sum, left to right
    # held points the enemy still has to pass (1 … enemy_back − 1) and the longest run
    ahead_mask = held[:, 1:24] & (_J[None, :] < enemy_back[:, None])
    ahead = ahead_mask.sum(axis=1)
    total = np.cumsum(ahead_mask, axis=1)
    reset = np.maximum.accumulate(np.where(ahead_mask, 0, total), axis=1)
    best: IntArray = (total - reset).max(axis=1)
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
