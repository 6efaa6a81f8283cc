"""Input features of the expert nets, one encoding per game, computed in batches.

A feature row describes a *result* position (``Play.result``): the board
right after a play, seen from the side that just moved (the "mover"), with
the other side ("the opponent") to roll next. Every row of a batch is one
candidate play of the same turn, so a whole turn is encoded with a handful
of numpy operations and evaluated with one matrix product.

Shared by all three games (Tesauro's TD-Gammon encoding):

- for each side, in that side's *own* numbering (1–24 toward home), four
  units per point: at least 1, at least 2, at least 3 checkers, and the
  excess above 3 (scaled);
- checkers on the bar (Portes) and borne off, pip counts and their difference.

Per game:

- Portes: a race flag (no contact left), blots of each side, home points held;
- Plakoto (R5): pinned checkers of each side per point, the mothers (a
  side's last checker on its start, alone or pinned, R5.4), checkers still
  on the start;
- Fevga (R7): whether each side has passed the opponent's start (R7.2),
  checkers still in the starting quarter, the longest run of held points
  (a prime) of each side, points held in the opponent's path ahead of them;
- Plakoto and Fevga also get the strong bot's judgement of the position
  (:func:`knowledge`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from tavli_voice.rules import Position

FloatArray = NDArray[np.float32]
IntArray = NDArray[np.int32]

#: Portes/Plakoto: the opponent's own point k is the mover's point 25 − k (R1).
_MIRROR = np.arange(23, -1, -1)
#: Fevga: the opponent's own point k is the mover's point ((k + 11) mod 24) + 1 (R1);
#: column k−1 of the opponent's own board reads mover column _FEVGA[k−1].
_FEVGA = np.array([((k + 11) % 24) for k in range(1, 25)])
_POINT_NO = np.arange(1, 25, dtype=np.float32)


class Boards:
    """A batch of result positions as arrays (rows = positions).

    ``mine``/``theirs``: checkers per point, each side in its *own* numbering
    (column ``k − 1`` is that side's point ``k``), pinned checkers excluded;
    ``mine_pinned``/``theirs_pinned`` likewise for Plakoto pins; ``bar``/``off``
    are ``(mover, opponent)`` columns.
    """

    __slots__ = (
        "bar",
        "game",
        "like",
        "mine",
        "mine_pinned",
        "off",
        "pins",
        "points",
        "positions",
        "theirs",
        "theirs_pinned",
    )

    def __init__(self, game: str, points: IntArray, pins: IntArray, bar: IntArray,
                 off: IntArray, positions: Sequence[Position] | None = None,
                 like: Position | None = None) -> None:
        self.game = game
        self.points = points
        self.pins = pins
        self.positions = positions
        #: game, preset and cube of every row (read only to score a finished game)
        self.like = like if like is not None else (positions[0] if positions else None)
        cols = _FEVGA if game == "fevga" else _MIRROR
        mine = np.where(points > 0, points, 0)
        theirs_m = np.where(points < 0, -points, 0)
        self.mine = mine
        self.theirs = theirs_m[:, cols]
        self.mine_pinned = (pins == 1).astype(np.int32)
        self.theirs_pinned = (pins == -1).astype(np.int32)[:, cols]
        self.bar = bar
        self.off = off

    @classmethod
    def of(cls, positions: Sequence[Position]) -> Boards:
        """Arrays for ``positions`` (all of one game)."""
        game = positions[0].game
        points = np.array([p.points for p in positions], dtype=np.int32)
        pins = (np.array([p.pins for p in positions], dtype=np.int32) if game == "plakoto"
                else np.zeros_like(points))
        bar = np.array([p.bar for p in positions], dtype=np.int32)
        off = np.array([p.off for p in positions], dtype=np.int32)
        return cls(game, points, pins, bar, off, positions)

    def position(self, i: int) -> Position:
        """Row ``i`` as a :class:`Position` (game, preset and cube of ``like``)."""
        if self.positions is not None:
            return self.positions[i]
        like = self.like
        if like is None:
            raise ValueError("the rows need a position to take the game's preset from")
        return Position(like.game, like.preset, tuple(self.points[i].tolist()),
                        tuple(self.pins[i].tolist()), (int(self.bar[i, 0]), int(self.bar[i, 1])),
                        (int(self.off[i, 0]), int(self.off[i, 1])), like.cube)


def _tesauro(counts: IntArray, excess_scale: float) -> FloatArray:
    """Four units per point: ≥1, ≥2, ≥3 checkers, and (n − 3) scaled."""
    n = counts.shape[0]
    out = np.empty((n, 24, 4), dtype=np.float32)
    out[:, :, 0] = counts >= 1
    out[:, :, 1] = counts >= 2
    out[:, :, 2] = counts >= 3
    out[:, :, 3] = np.maximum(counts - 3, 0) / excess_scale
    return out.reshape(n, 96)


def _pips(counts: IntArray, bar: IntArray) -> FloatArray:
    return (counts @ _POINT_NO + 25.0 * bar).astype(np.float32)


def _longest_run(held: NDArray[np.bool_]) -> FloatArray:
    run = np.zeros(held.shape[0], dtype=np.float32)
    best = np.zeros_like(run)
    for j in range(held.shape[1]):
        run = (run + 1.0) * held[:, j]
        np.maximum(best, run, out=best)
    return best


def encode(b: Boards) -> FloatArray:
    """The feature matrix (rows = positions) for the batch ``b``."""
    game = b.game
    excess = 2.0 if game == "portes" else 4.0
    mine_all = b.mine + b.mine_pinned
    theirs_all = b.theirs + b.theirs_pinned
    pip_m = _pips(mine_all, b.bar[:, 0])
    pip_t = _pips(theirs_all, b.bar[:, 1])
    scale = 170.0 if game == "portes" else 360.0
    parts: list[FloatArray] = [
        _tesauro(b.mine, excess), _tesauro(b.theirs, excess),
        (b.bar / 2.0).astype(np.float32), (b.off / 15.0).astype(np.float32),
        np.stack([pip_m / scale, pip_t / scale, (pip_t - pip_m) / 60.0], axis=1),
    ]
    if game == "portes":
        # contact: the mover's rearmost checker (own numbering) vs the opponent's
        back_m = np.where(b.bar[:, 0] > 0, 25, _rear(b.mine))
        back_t = np.where(b.bar[:, 1] > 0, 25, _rear(b.theirs))
        race = (back_m + back_t <= 25).astype(np.float32)
        blots_m = (b.mine == 1).sum(axis=1) / 5.0
        blots_t = (b.theirs == 1).sum(axis=1) / 5.0
        home_m = (b.mine[:, :6] >= 2).sum(axis=1) / 6.0
        home_t = (b.theirs[:, :6] >= 2).sum(axis=1) / 6.0
        # the opponent rolls next: how many of the 36 rolls hit one of our blots,
        # and the same for theirs on our next roll; the longest prime of each side
        hit_m, far_m = _shots(b.mine, b.theirs, b.bar[:, 1])
        hit_t, far_t = _shots(b.theirs, b.mine, b.bar[:, 0])
        made_m = b.mine >= 2
        made_t = b.theirs >= 2
        parts.append(np.stack([race, blots_m, blots_t, home_m, home_t,
                               hit_m, far_m, hit_t, far_t,
                               _longest_run(made_m) / 6.0, _longest_run(made_t) / 6.0],
                              axis=1).astype(np.float32))
    elif game == "plakoto":
        start_m = b.mine[:, 23]
        start_t = b.theirs[:, 23]
        extra = np.stack([
            (start_m == 1) & (b.mine_pinned[:, 23] == 0),   # our mother alone on the start
            b.mine_pinned[:, 23] == 1,                      # our mother pinned
            (start_t == 1) & (b.theirs_pinned[:, 23] == 0),  # their mother alone
            b.theirs_pinned[:, 23] == 1,                    # their mother pinned
        ], axis=1).astype(np.float32)
        parts += [b.mine_pinned.astype(np.float32), b.theirs_pinned.astype(np.float32), extra,
                  np.stack([start_m / 15.0, start_t / 15.0,
                            b.mine_pinned.sum(axis=1) / 3.0,
                            b.theirs_pinned.sum(axis=1) / 3.0], axis=1).astype(np.float32)]
    else:  # fevga
        passed_m = (b.mine[:, :11].sum(axis=1) > 0) | (b.off[:, 0] > 0)
        passed_t = (b.theirs[:, :11].sum(axis=1) > 0) | (b.off[:, 1] > 0)
        quarter_m = b.mine[:, 18:].sum(axis=1) / 15.0
        quarter_t = b.theirs[:, 18:].sum(axis=1) / 15.0
        held_m = b.mine > 0
        held_t = b.theirs > 0
        # our held points in the opponent's own numbering, and theirs in ours
        held_m_in_t = held_m[:, _FEVGA]
        held_t_in_m = held_t[:, _FEVGA_INV]
        parts.append(np.stack([
            passed_m, passed_t, quarter_m, quarter_t,
            _longest_run(held_m) / 6.0, _longest_run(held_t) / 6.0,
            held_m_in_t[:, 12:].sum(axis=1) / 6.0,  # our points on their way to home
            held_t_in_m[:, 12:].sum(axis=1) / 6.0,
        ], axis=1).astype(np.float32))
    if game in KNOWLEDGE_GAMES:
        parts.append(knowledge_of(b))
    return np.concatenate(parts, axis=1)


#: Games whose features include the strong bot's judgement of the position (its
#: hand-written evaluation as a winning chance, scaled to −1…1): the net starts from
#: that knowledge and self-play teaches it where the judgement is wrong.
KNOWLEDGE_GAMES = ("plakoto", "fevga")


def knowledge(positions: Sequence[Position]) -> FloatArray:
    """``tanh(score / 2·scale)``: the strong evaluation as 2·(winning chance) − 1."""
    from .cube import SCALE
    from .evaluation import evaluate

    scale = SCALE[positions[0].game]
    x = np.array([evaluate(p) for p in positions], dtype=np.float64) / (2.0 * scale)
    return np.tanh(np.clip(x, -30.0, 30.0)).astype(np.float32)[:, None]


#: Below this many rows :func:`knowledge_of` evaluates position by position (the same
#: values; quicker for a few rows, measured).
SMALL_BATCH = {"plakoto": 24, "fevga": 10}


def knowledge_of(b: Boards) -> FloatArray:
    """:func:`knowledge` of every row of ``b``, the same values, computed on the arrays
    (:mod:`.fast_eval`); only rows that may be a finished game are read one by one."""
    from .cube import SCALE
    from .evaluation import evaluate
    from .fast_eval import static_scores

    n = len(b.points)
    if n < SMALL_BATCH[b.game]:  # a few rows: the one-position evaluation is quicker
        return knowledge([b.position(i) for i in range(n)])
    scores = static_scores(b.game, b.points, b.pins, b.off)
    over = (b.off[:, 0] == 15) | (b.off[:, 1] == 15)
    if b.game == "plakoto":  # a mother pinned may end the game (R5.4)
        over |= (b.pins[:, 0] == -1) | (b.pins[:, 23] == 1)
    for i in np.flatnonzero(over):
        scores[i] = evaluate(b.position(int(i)))
    x = scores / (2.0 * SCALE[b.game])
    return np.tanh(np.clip(x, -30.0, 30.0)).astype(np.float32)[:, None]


#: inverse of :data:`_FEVGA`: mover column c reads opponent column _FEVGA_INV[c]
_FEVGA_INV = np.argsort(_FEVGA)


def _roll_masks() -> NDArray[np.float32]:
    """``M[d - 1, r]``: roll ``r`` of 36 can move one checker exactly ``d`` pips."""
    m = np.zeros((24, 36), dtype=np.float32)
    for a in range(1, 7):
        for c in range(1, 7):
            reach = {a, 2 * a, 3 * a, 4 * a} if a == c else {a, c, a + c}
            for d in reach:
                if d <= 24:
                    m[d - 1, (a - 1) * 6 + c - 1] = 1.0
    return m


_ROLL_MASKS = _roll_masks()


def _shots(blots_of: IntArray, shooters_of: IntArray, shooter_bar: IntArray
           ) -> tuple[FloatArray, FloatArray]:
    """Portes: the share of the shooter's 36 rolls that hit at least one blot of the
    other side (blocking points ignored), and the pips the furthest-travelled blot
    they can hit would lose.

    ``blots_of`` in its owner's numbering; the shooter moves the other way, so a
    shooter on its own point k stands on the owner's point q = 25 − k and hits a
    blot on the owner's point p > q at distance p − q. Shooter bar checkers enter
    from the owner's "point 0".
    """
    n = blots_of.shape[0]
    blot = blots_of == 1
    # shooters by the blot owner's point (index q = point q, 0 = the bar)
    sh = np.zeros((n, 25), dtype=bool)
    sh[:, 0] = shooter_bar > 0
    sh[:, 1:25] = (shooters_of > 0)[:, ::-1]
    reach = np.zeros((n, 24), dtype=np.float32)  # reach[:, d-1]: some blot at distance d
    far = np.zeros(n, dtype=np.float32)
    for p in range(1, 25):
        bp = blot[:, p - 1]
        if not bp.any():
            continue
        hits = sh[:, 0:p] & bp[:, None]        # shooters on q = 0 … p−1
        reach[:, :p] += hits[:, ::-1]          # distance p − q → column p − q − 1
        far = np.where(hits.any(axis=1), np.maximum(far, 25 - p), far)
    rolls = (reach @ _ROLL_MASKS) > 0
    return (rolls.sum(axis=1) / 36.0).astype(np.float32), (far / 24.0).astype(np.float32)


def _rear(counts: IntArray) -> IntArray:
    """The highest occupied point (own numbering) per row, 0 when none."""
    occupied = counts > 0
    idx = 24 - np.argmax(occupied[:, ::-1], axis=1)
    return np.where(occupied.any(axis=1), idx, 0).astype(np.int32)


def n_features(game: str) -> int:
    """The width of :func:`encode`'s rows for ``game``."""
    return int(encode(Boards.of([Position.initial(game)])).shape[1])


def features(positions: Sequence[Position]) -> FloatArray:
    """Feature rows for result positions of one game (see module docstring)."""
    return encode(Boards.of(positions))


def candidate_states(pos: Position, dice: tuple[int, int]
                     ) -> tuple[list[tuple[int, ...]], FloatArray]:
    """The distinct results of a turn as the move generator's flat states (see
    :mod:`tavli_voice.rules.games`), and their feature rows: the same set as
    ``legal_plays`` without building plays and notation (for speed)."""
    from tavli_voice.rules.games import (
        PIN,
        S_BAR,
        S_OFF,
        S_OPP_BAR,
        S_OPP_OFF,
    )
    from .fastgen import result_states

    states = result_states(pos, dice)
    if not states:
        return states, np.zeros((0, 0), np.float32)
    a = np.array(states, dtype=np.int32)
    pins = a[:, PIN + 1:PIN + 25] if pos.game == "plakoto" else np.zeros((len(a), 24), np.int32)
    b = Boards(pos.game, a[:, 1:25], pins, a[:, [S_BAR, S_OPP_BAR]], a[:, [S_OFF, S_OPP_OFF]],
               like=pos)
    return states, encode(b)
