"""Why one play is better than another: the facts that differ, each computed exactly.

For the position a play leaves (still seen from the player who made it),
:func:`facts` computes what a player can check on the board:

- the checkers left alone (*blots*) and, for each, how many of the
  opponent's 36 rolls hit it (Portes, R4) or pin it (Plakoto, R5.2): every
  roll's legal plays are generated (R2), so blocked paths, the bar and
  pinned checkers are all counted; ``shots`` is how many rolls hit at least one;
- the points the opponent cannot land on (*blocked* points: two or more
  checkers in Portes and Plakoto, or one pinning checker in Plakoto, any
  checker in Fevga, R7.1), the longest run of them along the opponent's path
  (the *prime*) and the longest run with an opponent's checker still behind it
  (the *wall*: in Fevga, the block in front of the opponent);
- the blocked points in the opponent's home (anchors), the checkers pinned on
  each side and the mothers (Plakoto, R5.4), the checkers still in the
  starting quarter and on the starting point (Fevga), the opponent's checkers on the bar (Portes), the
  pip counts and the checkers borne off.

:func:`differences` lists the facts in which two plays of one turn differ.
Nothing here is a sentence: the words catalogue says them.

>>> from tavli_voice.rules import Position, legal_plays
>>> start = Position.initial("portes")
>>> plays = {p.notation: p for p in legal_plays(start, (3, 1))}
>>> facts(plays["8/5 6/5"].result).made_points(start)
(5,)
>>> facts(plays["24/23 24/21"].result).blots
((23, 27), (21, 26))
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np

from tavli_voice.rules import Play, Position, game_outcome
from tavli_voice.rules.dice import dice_list
from tavli_voice.rules.games import PIN, game_for, to_state

from .expert import ExpertBot, exact_groups
from .net import LOSE_G, WIN_G
from .reason_bearoff import bearing_off, rolls_left
from .fastgen import State, _Walk, result_states
from .shots import MASKS

#: The 21 different rolls and how many of the 36 each stands for.
ROLLS: tuple[tuple[tuple[int, int], int], ...] = tuple(
    ((a, b), 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7))


@dataclass(frozen=True, slots=True)
class Facts:
    """Exact facts of one position, from the side of the player who just moved."""

    game: str
    #: (point, rolls of 36 that hit or pin it), highest point first.
    blots: tuple[tuple[int, int], ...]
    #: Rolls of 36 that hit or pin at least one blot.
    shots: int
    #: Points the opponent cannot land on, highest first.
    blocked: tuple[int, ...]
    #: Longest run of blocked points along the opponent's path.
    prime: int
    #: Longest such run with an opponent's checker behind it (on the bar counts).
    wall: int
    #: Blocked points in the opponent's home quarter.
    anchors: tuple[int, ...]
    #: Opponent's checkers on the bar (Portes) or pinned by ours (Plakoto).
    captured: int
    #: Our checkers pinned (Plakoto) or on the bar (Portes).
    lost: int
    #: Plakoto: the opponent's mother (their start, our point 1) is pinned.
    their_mother_pinned: bool
    #: Plakoto: our mother (point 24) is pinned.
    my_mother_pinned: bool
    #: Plakoto: rolls of 36 that pin our mother (a lone checker on 24), else 0.
    mother_risk: int
    #: Fevga: our checkers still in the starting quarter (points 19–24).
    start_left: int
    #: Pips left (ours, theirs).
    pips: tuple[int, int]
    #: Checkers borne off (ours, theirs).
    off: tuple[int, int]
    #: Bearing off (all ours home, R4): empty points of our home below our highest checker.
    gaps: int = 0
    #: Both sides bearing off (R6): tenths of the rolls we need, on average, to bear off
    #: (:mod:`~tavli_voice.bots.reason_bearoff`, exact), else 0.
    rolls: int = 0
    #: Fevga: our checkers still on our starting point (24, R7), else 0.
    head: int = 0
    #: Plakoto: the points where (ours, theirs) are pinned, highest first.
    pinned: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    #: Fevga: our points within six in front of an opponent's runner (:func:`fevga_blocks`).
    front: tuple[int, ...] = ()
    #: Fevga: our points among the six in front of the opponent's starting point while
    #: checkers of theirs are still on it (:func:`fevga_blocks`).
    start_block: tuple[int, ...] = ()
    #: Fevga: the opponent's rolls of 36 that cannot be played in full (R2, :func:`blocked_rolls`).
    blocked_rolls: int = 0

    def made_points(self, before: Position) -> tuple[int, ...]:
        """Points blocked now that were not blocked in ``before`` (highest first)."""
        old = set(blocked_points(before))
        return tuple(p for p in self.blocked if p not in old)

    def given_up(self, before: Position) -> tuple[int, ...]:
        """Points blocked in ``before`` and not any more (highest first)."""
        now = set(self.blocked)
        return tuple(p for p in blocked_points(before) if p not in now)


def blocked_points(pos: Position) -> tuple[int, ...]:
    """Points of ``pos`` the opponent cannot land on, highest first (R4, R5.2, R7.1)."""
    v, pins = pos.points, pos.pins
    out = []
    for p in range(24, 0, -1):
        top = v[p - 1]
        if pos.game == "fevga":
            held = top > 0
        elif pos.game == "plakoto":
            held = top >= 2 or (top == 1 and pins[p - 1] == -1)
        else:
            held = top >= 2
        if held:
            out.append(p)
    return tuple(out)


def _path(pos: Position) -> list[int]:
    """Our points in the order the opponent passes them: their 24 down to their 1."""
    g = game_for(pos)
    return [g.opponent_point(j) for j in range(24, 0, -1)]


def runs(pos: Position) -> tuple[int, int]:
    """(longest run of blocked points along the opponent's path, the same with one of theirs behind)."""
    held = set(blocked_points(pos))
    path = _path(pos)
    behind = pos.bar[1] > 0  # their bar is behind every point
    prime = wall = run = 0
    for p in path:
        if p in held:
            run += 1
            prime = max(prime, run)
            if behind:
                wall = max(wall, run)
        else:
            run = 0
        if pos.points[p - 1] < 0:  # theirs on top, free to move on (a pinned one is not)
            behind = True
    return prime, wall


def fevga_blocks(pos: Position) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Fevga (R7.1: one checker holds a point): our points, highest first, that block the
    opponent's checkers on their way.

    The first are those within the six points in front of a *runner* of theirs (a checker
    that has left their starting point, their 24, and is not yet home: their 7–23); the
    second those among the six points in front of their starting point (their 18–23, our
    6–11) while checkers of theirs are still on it. Both empty in the other games.

    >>> from tavli_voice.rules import Position
    >>> fevga_blocks(Position.initial("fevga"))
    ((), ())
    >>> p = Position.from_json('{"game": "fevga", "points": [0, -1, 0, 0, 0, 0, 0, 0, 1, 1, 0, '
    ...                        '-14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 13], "off": [0, 0]}')
    >>> fevga_blocks(p)
    ((24,), (10, 9))
    """
    if pos.game != "fevga":
        return (), ()
    g = game_for(pos)
    ours = {p for p in range(1, 25) if pos.mine(p)}
    front: set[int] = set()
    for j in range(7, 24):  # their runners, in their numbering
        if pos.theirs(g.opponent_point(j)):
            front |= {g.opponent_point(k) for k in range(max(1, j - 6), j)} & ours
    start: set[int] = set()
    if pos.theirs(g.opponent_point(24)):
        start = {g.opponent_point(k) for k in range(18, 24)} & ours
    return tuple(sorted(front, reverse=True)), tuple(sorted(start, reverse=True))


def home_gaps(pos: Position) -> int:
    """Bearing off (every checker of ours home or off, R4): the empty points of our home
    (1–6) below our highest checker there; 0 while a checker is still outside.

    >>> from tavli_voice.rules import Position
    >>> home_gaps(Position.initial("portes"))
    0
    """
    if pos.bar[0] or any(pos.mine(p) for p in range(7, 25)):
        return 0
    held = [p for p in range(1, 7) if pos.mine(p)]
    return sum(1 for p in range(1, max(held)) if not pos.mine(p)) if held else 0


def blots_of(pos: Position) -> tuple[int, ...]:
    """Our checkers the opponent could hit or pin: alone on a point (highest first)."""
    if pos.game == "fevga":
        return ()
    return tuple(p for p in range(24, 0, -1)
                 if pos.points[p - 1] == 1 and pos.pins[p - 1] == 0)


def hit_counts(pos: Position) -> tuple[tuple[tuple[int, int], ...], int]:
    """((blot, rolls of 36 that hit or pin it), …) and the rolls that hit any, exactly.

    A roll counts for a blot when some legal play of the opponent with it
    (R2, every rule of the game applied) captures that checker.
    """
    return _hit_counts(pos)


class _AllHit(Exception):
    """Every blot is hit by some play of this roll: the walk can stop."""


class _HitWalk(_Walk):
    """The quick generator's walk over one roll (:class:`~tavli_voice.bots.fastgen._Walk`,
    the same steps and records) that stops once every blot is hit by a play R2 surely keeps.

    An end that plays every die of the roll is always kept (no play uses more dice, and
    the larger-die rule only applies when one die is played), and so is a game-ending
    play (R2): a hit there counts. Otherwise the walk runs to the end and
    :meth:`~tavli_voice.bots.fastgen._Walk.kept` decides, as for every legal play.
    """

    __slots__ = ("at", "plakoto", "full", "hit")

    def __init__(self, pos: Position, at: list[tuple[int, int]], full: int) -> None:
        super().__init__(pos)
        self.at = at
        self.plakoto = pos.game == "plakoto"
        self.full = full
        self.hit: set[int] = set()

    def check(self, state: State) -> None:
        """Note the blots ``state`` hits (or pins); stop the walk once all are."""
        for blot, i in self.at:
            if (state[i] == -1) if self.plakoto else (state[i] >= 0):
                self.hit.add(blot)
        if len(self.hit) == len(self.at):
            raise _AllHit

    def reached(self, state: State, ends_game: bool, dice_used: int = 0) -> None:
        """A play that ends the game, or uses every die, is always kept (R2): check it."""
        if ends_game or dice_used == self.full:
            self.check(state)

def _hits_of_roll(opp: Position, dice: tuple[int, int], at: list[tuple[int, int]]) -> set[int]:
    """The blots (``at``: blot and its index in the opponent's flat state) some legal play
    of ``opp`` with ``dice`` hits or pins: in the opponent's state our blot is -1 on point k,
    and a result hits it when the point is no longer ours (Portes, R4) or pins it under
    theirs (Plakoto, R5.2)."""
    rolled = dice_list(dice)
    walk = _HitWalk(opp, at, len(rolled))
    try:
        walk.run(to_state(opp), rolled, 0, 0)
    except _AllHit:
        return {blot for blot, _i in at}
    hit: set[int] = set()
    for state in walk.kept(dice):  # the distinct results of every legal play (R2)
        for blot, i in at:
            if (state[i] == -1) if walk.plakoto else (state[i] >= 0):
                hit.add(blot)
    return hit


@lru_cache(maxsize=4096)
def _hit_counts(pos: Position) -> tuple[tuple[tuple[int, int], ...], int]:
    blots = blots_of(pos)
    if not blots or pos.off[0] == 15:
        return tuple((b, 0) for b in blots), 0
    g = game_for(pos)
    opp = pos.flip()
    targets = {b: g.opponent_point(b) for b in blots}
    # Rolls that could reach a blot at all (distance only): a superset to check exactly.
    sources = [25] if opp.bar[0] else []
    sources += [p for p in range(1, 25) if opp.points[p - 1] > 0]  # pinned ones cannot move
    reach = 0
    for k in targets.values():
        for s in sources:
            if 0 < s - k <= 24:
                reach |= MASKS[s - k]
    counts = dict.fromkeys(blots, 0)
    any_hit = 0
    at = [(blot, PIN + k if pos.game == "plakoto" else k) for blot, k in targets.items()]
    for (a, b), weight in ROLLS:
        if not (reach >> ((a - 1) * 6 + (b - 1))) & 1:
            continue
        hit = _hits_of_roll(opp, (a, b), at)
        for blot in hit:
            counts[blot] += weight
        if hit:
            any_hit += weight
    return tuple((b, counts[b]) for b in blots), any_hit


class _Full(Exception):
    """Some legal play of this roll uses every die: the roll is not blocked."""


class _FullWalk(_Walk):
    """The quick generator's walk over one roll that stops at the first play using every
    die, or ending the game (such a play is always kept, R2)."""

    __slots__ = ("full",)

    def __init__(self, pos: Position, full: int) -> None:
        super().__init__(pos)
        self.full = full

    def reached(self, state: State, ends_game: bool, dice_used: int = 0) -> None:
        if ends_game or dice_used == self.full:
            raise _Full


@lru_cache(maxsize=4096)
def blocked_rolls(pos: Position) -> int:
    """How many of the opponent's 36 rolls cannot be played in full after ``pos`` (R2: some
    die of the roll, or of a double, has no legal step): the block measured the way it hurts.
    0 when the game is over.

    At the start of Fevga our head (24, their 12) blocks their first checker's 3-3, 4-4
    and 6-6 (R7):

    >>> blocked_rolls(Position.initial("fevga"))
    3
    """
    if pos.off[0] == 15 or pos.off[1] == 15:
        return 0
    opp = pos.flip()
    start = to_state(opp)
    out = 0
    for (a, b), weight in ROLLS:
        rolled = dice_list((a, b))
        try:
            _FullWalk(opp, len(rolled)).run(list(start), rolled, 0, 0)
        except _Full:
            continue
        out += weight
    return out


def facts(pos: Position) -> Facts:
    """The :class:`Facts` of ``pos``, seen from its mover (the player who just moved)."""
    blots, shots = hit_counts(pos)
    blocked = blocked_points(pos)
    prime, wall = runs(pos)
    home = game_for(pos).their_home_quarter
    lo, hi = 6 * (home - 1) + 1, 6 * home
    anchors = tuple(p for p in blocked if lo <= p <= hi)
    plakoto = pos.game == "plakoto"
    if plakoto:
        captured = sum(1 for u in pos.pins if u == -1)
        lost = sum(1 for u in pos.pins if u == 1)
    else:
        captured, lost = pos.bar[1], pos.bar[0]
    mother_risk = 0
    if plakoto and pos.points[23] == 1 and pos.pins[23] == 0:
        mother_risk = dict(blots).get(24, 0)
    start_left = sum(pos.mine(p) for p in range(19, 25)) if pos.game == "fevga" else 0
    front, start_block = fevga_blocks(pos)
    return Facts(pos.game, blots, shots, blocked, prime, wall, anchors, captured, lost,
                 plakoto and pos.pins[0] == -1, plakoto and pos.pins[23] == 1, mother_risk,
                 start_left, pos.pip_count(), pos.off, home_gaps(pos),
                 round(10 * rolls_left(pos)[0]) if bearing_off(pos) else 0,
                 pos.mine(24) if pos.game == "fevga" else 0,
                 (tuple(p for p in range(24, 0, -1) if pos.pins[p - 1] == 1),
                  tuple(p for p in range(24, 0, -1) if pos.pins[p - 1] == -1)),
                 front, start_block, blocked_rolls(pos) if pos.game == "fevga" else 0)


class Kind(enum.StrEnum):
    """The kinds of facts a reason can name."""

    SHOTS = "shots"            #: rolls of 36 that hit or pin a blot
    MADE = "made"              #: points made this turn (new blocked points)
    GIVEN_UP = "given_up"      #: blocked points given up this turn
    PRIME = "prime"            #: longest run of blocked points
    WALL = "wall"              #: longest run with an opponent's checker behind it
    ANCHOR = "anchor"          #: blocked points in the opponent's home
    CAPTURED = "captured"      #: opponent's checkers hit (on the bar) or pinned
    LOST = "lost"              #: our checkers on the bar or pinned
    THEIR_MOTHER = "their_mother"  #: the opponent's mother pinned (1) or not (0)
    MOTHER_RISK = "mother_risk"    #: rolls of 36 that pin our mother
    START_LEFT = "start_left"  #: Fevga: checkers still in the starting quarter
    HEAD = "head"              #: Fevga: checkers still on the starting point (24)
    FRONT = "front"            #: Fevga: our points within six in front of their runners
    START_BLOCK = "start_block"  #: Fevga: our points in the six in front of their start
    BLOCKED_ROLLS = "blocked_rolls"  #: Fevga: the opponent's rolls of 36 not playable in full
    PIPS = "pips"              #: the race: our pips left minus theirs
    OFF = "off"                #: our checkers borne off
    GAPS = "gaps"              #: bearing off: empty points of our home below our highest
    BEAROFF = "bearoff"        #: both bearing off: tenths of the rolls we need (exact)
    MARS_LOST = "mars_lost"    #: the expert's chance (in 100) that we lose a mars (R9)
    MARS_WON = "mars_won"      #: the expert's chance (in 100) that we win a mars (R9)
    #: One roll ahead (:func:`look_ahead`): of the opponent's 36 rolls, those after which
    #: our play comes out worse than the better one (``mine``) and better (``better``)
    LOOKAHEAD = "lookahead"
    #: One checker (:func:`one_checker`): ``points`` (a, b), our play has one more of our
    #: checkers than the better play on a and one fewer on b; ``mine`` and ``better`` the
    #: expert's equity of our play as it is and with that checker moved, in hundredths
    CHECKER = "checker"


@dataclass(frozen=True, slots=True)
class Difference:
    """One fact in which the player's play (``mine``) and the better play differ.

    ``points`` names the points concerned: the blots for :attr:`Kind.SHOTS`
    (of the play that leaves more shots), the points for :attr:`Kind.MADE`,
    :attr:`Kind.GIVEN_UP` and :attr:`Kind.ANCHOR` (of the play that has them), and in
    Plakoto where checkers are pinned for :attr:`Kind.CAPTURED` and :attr:`Kind.LOST`
    (of the play with more). For Fevga's points held in front (:attr:`Kind.FRONT`,
    :attr:`Kind.START_BLOCK`) they are only the points the play with more holds there and
    the other play does not: what tells the two plays apart, not every point held.
    """

    kind: Kind
    mine: int
    better: int
    points: tuple[int, ...] = ()


def _values(f: Facts, before: Position) -> dict[Kind, tuple[int, tuple[int, ...]]]:
    made = f.made_points(before)
    given = f.given_up(before)
    shot_points = tuple(p for p, n in f.blots if n)
    return {
        Kind.SHOTS: (f.shots, shot_points),
        Kind.MADE: (len(made), made),
        Kind.GIVEN_UP: (len(given), given),
        Kind.PRIME: (f.prime, ()),
        Kind.WALL: (f.wall, ()),
        Kind.ANCHOR: (len(f.anchors), f.anchors),
        Kind.CAPTURED: (f.captured, f.pinned[1]),
        Kind.LOST: (f.lost, f.pinned[0]),
        Kind.THEIR_MOTHER: (int(f.their_mother_pinned), ()),
        Kind.MOTHER_RISK: (f.mother_risk, ()),
        Kind.START_LEFT: (f.start_left, ()),
        Kind.HEAD: (f.head, ()),
        Kind.FRONT: (len(f.front), f.front),
        Kind.START_BLOCK: (len(f.start_block), f.start_block),
        Kind.BLOCKED_ROLLS: (f.blocked_rolls, ()),
        Kind.PIPS: (f.pips[0] - f.pips[1], ()),
        Kind.OFF: (f.off[0], ()),
        Kind.GAPS: (f.gaps, ()),
        Kind.BEAROFF: (f.rolls, ()),
    }


def differences(before: Position, mine: Play | Position,
                better: Play | Position) -> tuple[Difference, ...]:
    """The facts in which two plays of the turn from ``before`` differ, in :class:`Kind` order.

    A play that ends the game (R5.4) has no opponent's roll after it: its
    shots count as none.
    """
    a = mine.result if isinstance(mine, Play) else mine
    b = better.result if isinstance(better, Play) else better
    va, vb = _values(facts(a), before), _values(facts(b), before)
    out = []
    for kind in va:
        (na, pa), (nb, pb) = va[kind], vb[kind]
        if na != nb or (kind in (Kind.MADE, Kind.GIVEN_UP) and pa != pb):
            points = pa if na >= nb else pb
            if kind in (Kind.FRONT, Kind.START_BLOCK):  # only those the other play lacks
                points = tuple(p for p in points if p not in (pb if na >= nb else pa))
            out.append(Difference(kind, na, nb, points))
    return tuple(out)


# ------------------------------------------------------------------ ranking
#: The sign a fact's weight must have: +1 when more of it is better for the player.
NATURAL_SIGN: dict[Kind, int] = {
    Kind.SHOTS: -1, Kind.MADE: 1, Kind.GIVEN_UP: -1, Kind.PRIME: 1, Kind.WALL: 1,
    Kind.ANCHOR: 1, Kind.CAPTURED: 1, Kind.LOST: -1, Kind.THEIR_MOTHER: 1,
    Kind.MOTHER_RISK: -1, Kind.START_LEFT: -1, Kind.HEAD: -1, Kind.FRONT: 1,
    Kind.START_BLOCK: 1, Kind.BLOCKED_ROLLS: 1, Kind.PIPS: -1, Kind.OFF: 1,
    Kind.GAPS: -1, Kind.BEAROFF: -1, Kind.MARS_LOST: -1, Kind.MARS_WON: 1,
}

#: Facts read from the expert's own probabilities: their part of the equity
#: difference is exact (a chance in 100 of a two-point result is worth 0.01 a
#: game), not a fitted weight.
EXACT = {Kind.MARS_LOST: -0.01, Kind.MARS_WON: 0.01}

#: Equity (points a game) each unit of a fact is worth, by game: fitted by
#: ``benchmarks/reasons.py --fit`` to the expert's 0-ply equity differences
#: between the best play and up to three other plays of seeded random-playout
#: decisions, each weight held to its natural sign (a fact whose fitted weight
#: had the wrong sign explains nothing), 250 decisions a game (about 720
#: pairs). Validated on 125 decisions of another seed: R² 0.44 in Portes, 0.51
#: in Plakoto, about 0 in Fevga (there the facts rarely explain the expert's
#: choice, and :func:`explain` mostly says that no single reason stands out).
#: Kept from that fit: ``--fit`` now takes the mars part (:data:`EXACT`) out of
#: each difference first, and those weights gave Fevga fewer reasons (20 -> 12 of
#: Rita's 50 clear mistakes) for the same Portes and Plakoto. Fevga's are refitted
#: (``--fit --games fevga --decisions 400``, mars part taken out, 1,023 pairs) with the
#: points held in front of the opponent's runners and of their start (:attr:`Kind.FRONT`,
#: :attr:`Kind.START_BLOCK`): validated R² 0.07 on 525 pairs of another seed, against
#: -0.01 for the same fit without those two facts. Fevga's head (:attr:`Kind.HEAD`) has
#: no weight: the playouts' fit gives it the wrong sign, and a fit on Rita's own
#: decisions against the expert (``--fit --from-games``) weighs it -0.014 a checker but
#: validates at R² -0.19, so it is not said. Refitted the same way (1,048 pairs) with the
#: opponent's rolls that cannot be played in full (:attr:`Kind.BLOCKED_ROLLS`, exact):
#: 0.0011 a roll, validated R² still 0.07 (525 pairs), and Rita's 50 clear mistakes
#: still get 30 reasons: in each of the 20 left neither play blocks any roll of theirs.
#: Our own rolls that could not be played in full from the position left (the same exact
#: count from our side) was fitted too, at -0.0119 a roll, R² 0.12, and not kept: Rita's
#: mistakes still got 30 reasons, the playouts' clear pairs fewer (1,034 -> 899 of 2,952)
#: and no more of them pointing the expert's way (96.9% -> 96.8%).
WEIGHTS: dict[str, dict[Kind, float]] = {
    "portes": {Kind.SHOTS: -0.0030, Kind.MADE: 0.1721, Kind.GIVEN_UP: -0.0967,
               Kind.WALL: 0.1658, Kind.CAPTURED: 0.2103, Kind.PIPS: -0.0089},
    "plakoto": {Kind.SHOTS: -0.0061, Kind.MADE: 0.1813, Kind.GIVEN_UP: -0.0598,
                Kind.CAPTURED: 0.2851, Kind.THEIR_MOTHER: 1.6719, Kind.MOTHER_RISK: -0.0425,
                Kind.PIPS: -0.0948, Kind.OFF: 0.0606},
    "fevga": {Kind.MADE: 0.0350, Kind.GIVEN_UP: -0.0278, Kind.PRIME: 0.0039,
              Kind.WALL: 0.0196, Kind.ANCHOR: 0.0049, Kind.START_LEFT: -0.0454,
              Kind.FRONT: 0.0292, Kind.START_BLOCK: 0.0511, Kind.BLOCKED_ROLLS: 0.0011,
              Kind.OFF: 0.0142},
}

#: The same for a race (:func:`in_contact` false, where points held are no reason):
#: checkers borne off, pips and gaps in the home, fitted by ``benchmarks/reasons.py
#: --fit --decisions 250`` to the expert's equity differences less the part its own
#: mars chances explain (:data:`EXACT`), on the race decisions among 1,500 of the
#: playouts' (about 310, 110 and 190 pairs). Validated R² is low (0.01 in Portes,
#: 0.31 in Plakoto, below 0 in Fevga): the ranking's shares (:data:`MOST`) keep
#: these for the differences they clearly explain.
RACE_WEIGHTS: dict[str, dict[Kind, float]] = {
    "portes": {Kind.PIPS: -0.0265, Kind.OFF: 0.0252, Kind.GAPS: -0.0143},
    "plakoto": {Kind.PIPS: -0.0138, Kind.OFF: 0.1026, Kind.GAPS: -0.0128},
    "fevga": {Kind.OFF: 0.1103},
}

#: A reason is said when it explains at least this share of the equity difference …
MIN_SHARE = 0.2
#: … and at least this much (points a game), whatever the difference: the expert's own
#: play loses 6 to 8 thousandths a decision (README), so a smaller part, such as one
#: chance in 100 of a mars more or less (0.01), is within its own error and is never
#: said as the cause, not even of a small difference (then the honest line is said).
MIN_PART = 0.02
#: … and the reasons said together explain at least this share (else none stands out).
MOST = 0.5
#: At most this many reasons are said.
MAX_REASONS = 3
#: Fevga's weights explain little (validated R² 0.07): there the reasons said must
#: together explain at least this share, else the honest "no single reason stands
#: out". Checked by ``benchmarks/reasons.py --agreement 300`` (2,952 pairs a clear
#: mistake apart in 263 seeded playout decisions): a reason for 1,034, and for 2,168 of
#: the 2,238 weighted reasons said the expert's mean equity of the turn's plays with the
#: better play's value of that fact is higher than with the other play's (97%; Portes
#: 7,766 of 8,014, 97%; Plakoto 7,978 of 8,328, 96%). With the look one roll ahead
#: (:func:`_looked_ahead`) where no board fact explains enough, the same weighted reasons
#: are said and a reason is given for 2,679 of Fevga's 2,952 clear pairs (Portes 5,606 of
#: 5,655, Plakoto 5,728 of 5,810); 2,847 when the look ahead needs to explain only
#: :data:`MOST`, as elsewhere (it is the expert's own equity, not these weights). With the
#: one checker that tells the plays apart (:func:`one_checker`, valued both ways) where the
#: look ahead does not explain enough either, a reason is given for 2,951 of Fevga's 2,952
#: (Portes 5,643 of 5,655, Plakoto 5,775 of 5,810), the weighted ones unchanged.
MOST_BY_GAME = {"fevga": 0.7}

#: Facts about points held: no reason once the checkers can no longer meet (a race or
#: a bear-off), where giving up a point only brings checkers home.
POINT_KINDS = frozenset({Kind.MADE, Kind.GIVEN_UP, Kind.PRIME, Kind.WALL, Kind.ANCHOR})
#: Checkers sent to the bar: the pips a hit costs are the hit's, never a race reason too.
HIT_KINDS = (Kind.CAPTURED, Kind.LOST)


def in_contact(pos: Position) -> bool:
    """Can checkers of the two sides still meet or block each other (R1)? False in a race.

    True while a checker is on the bar or some checker still has to pass one of
    the other side's (on its way home, each side's path in its own numbering).

    >>> in_contact(Position.initial("portes"))
    True
    """
    if pos.bar[0] or pos.bar[1]:
        return True
    g = game_for(pos)
    opp = pos.flip()
    ours = [p for p in range(1, 25) if pos.mine(p)]
    theirs = [q for q in range(1, 25) if opp.mine(q)]
    return any(g.opponent_point(p) < q or g.opponent_point(q) < p for p in ours for q in theirs)


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why ``better`` beats ``mine``: the reasons that explain it, largest first.

    ``reasons`` is empty when no computed fact explains most of ``equity_loss``
    (say "no single reason stands out", never a reason that is not the real one).
    ``shares[i]`` is the part of ``equity_loss`` reason ``i`` explains. ``close``: the plays
    are nearly alike (a bear-off whose difference is below :data:`MIN_PART`, the expert's
    own error), and ``reasons`` are what still tells them apart, none the cause.
    """

    equity_loss: float
    reasons: tuple[Difference, ...]
    shares: tuple[float, ...]
    close: bool = False


def contributions(game: str, diffs: tuple[Difference, ...], *, race: bool = False,
                  exact: dict[Kind, float] | None = None) -> list[tuple[float, Difference]]:
    """Each difference's part of the equity difference by :data:`WEIGHTS` (:data:`RACE_WEIGHTS`
    in a race; positive: for ``better``); the expert's own chances (:data:`EXACT`) count
    exactly: from ``exact`` (their parts from the unrounded chances, :func:`mars_parts`)
    when given, else from the chances in 100 the differences carry."""
    w = {**(RACE_WEIGHTS if race else WEIGHTS)[game], **EXACT}
    exact = exact or {}
    return [(exact[d.kind] if d.kind in exact else w.get(d.kind, 0.0) * (d.better - d.mine), d)
            for d in diffs]


_EXPERT: list[ExpertBot] = []


def mars_differences(mine: Position, better: Position,
                     bot: ExpertBot | None = None) -> tuple[Difference, ...]:
    """The expert's chances (0-ply, in 100) of losing and of winning a mars (two points
    or more, R9) after each play, where they differ; none when a play ends the game or
    the game's weights do not load.
    """
    return tuple(d for _c, d in mars_parts(mine, better, bot))


def mars_parts(mine: Position, better: Position,
               bot: ExpertBot | None = None) -> tuple[tuple[float, Difference], ...]:
    """:func:`mars_differences` with each one's exact part of the equity difference (points
    a game, positive: for ``better``), from the unrounded chances: a mars is worth one point
    more than a single game (R9), so the part is the difference of the chances themselves.
    The chances said are rounded to whole ones in 100, and "14 against 13 in 100" may stand
    for a difference of a few thousandths; the rounded numbers would count it as 0.01.
    """
    if game_outcome(mine) is not None or game_outcome(better) is not None:
        return ()
    bot = bot or _expert()
    if not bot.usable(mine.game):
        return ()
    out = bot.net(mine.game).evaluate([mine, better]).astype(np.float64)
    parts = []
    for kind, col in ((Kind.MARS_LOST, LOSE_G), (Kind.MARS_WON, WIN_G)):
        a, b = float(out[0, col]), float(out[1, col])
        if round(100 * a) != round(100 * b):
            part = 100 * EXACT[kind] * (b - a)
            parts.append((part, Difference(kind, round(100 * a), round(100 * b))))
    return tuple(parts)


#: One roll ahead, a roll after which the two plays' equities are closer than this (points
#: a game) leaves neither play worse (:func:`look_ahead`).
EVEN = 0.001
#: At most this many of the opponent's rolls are named as hurting our play the most.
ROLLS_NAMED = 2


def roll_equities(results: Sequence[Position], bot: ExpertBot) -> np.ndarray:
    """For each result position (seen from the player who just moved), the expert's equity
    for that player after each of the opponent's 21 rolls (:data:`ROLLS`) is answered by the
    opponent's best reply by the same net (0-ply): the expert's own look one roll ahead
    (:meth:`~tavli_voice.bots.expert.ExpertBot.lookahead_many`), kept roll by roll. A roll
    the opponent cannot play leaves the position as it is (R2); a finished game is worth
    its points. Every distinct reply (the same board reached by several rolls, or from
    several results) is valued once, all in one batch; in Portes, a roll whose replies all
    leave both sides bearing off (or end the game) has them valued exactly, as the expert
    values one roll's replies to choose among them (:meth:`ExpertBot.equities_of`).
    """
    out = np.zeros((len(results), len(ROLLS)))
    rows: list[tuple[int, ...]] = []      # the distinct replies, each valued once
    seen: dict[tuple[int, ...], int] = {}
    which: list[int] = []                 # each roll's replies, as rows of ``rows``
    starts: list[int] = []
    cells: list[tuple[int, int]] = []
    for j, res in enumerate(results):
        if game_outcome(res) is not None:
            out[j, :] = float(bot.equities_of([res])[0])
            continue
        opp = res.flip()
        for r, (roll, _weight) in enumerate(ROLLS):
            states = result_states(opp, roll)
            starts.append(len(which))
            cells.append((j, r))
            for state in (states if states else [tuple(to_state(opp))]):
                k = seen.setdefault(state, len(rows))
                if k == len(rows):
                    rows.append(state)
                which.append(k)
    if not rows:
        return out
    like = results[0].flip()
    values = bot.state_equities(like, rows)[np.array(which)]
    # the expert values a roll's replies exactly when every one of them is over or leaves
    # both sides bearing off (ExpertBot.equities_of): so it picks its reply; a board
    # valued by the net among other rolls' replies is valued exactly here too
    replies = np.array(rows, dtype=np.int32)[np.array(which)]
    for start, end in exact_groups(like, replies, starts):
        values[start:end] = bot.state_equities(like, [rows[k] for k in which[start:end]])
    best = np.maximum.reduceat(values, np.array(starts))
    for (j, r), value in zip(cells, best):
        out[j, r] = -value  # the opponent's best reply, from our side
    return out


def look_ahead(mine: Position, better: Position,
               bot: ExpertBot | None = None) -> tuple[Difference, float] | None:
    """One roll ahead by the expert (:func:`roll_equities`): a :attr:`Kind.LOOKAHEAD`
    difference (of the opponent's 36 rolls, those after which ``mine`` comes out worse than
    ``better`` by at least :data:`EVEN`, and those after which it comes out better; its
    ``points`` are up to :data:`ROLLS_NAMED` rolls that hurt ``mine`` the most against
    ``better``, each written ``10 × high die + low die``, largest first) and the expert's
    one-roll-ahead equity difference (``better`` − ``mine``). None when a play ends the
    game or the game's weights do not load.
    """
    if game_outcome(mine) is not None or game_outcome(better) is not None:
        return None
    bot = bot or _expert()
    if not bot.usable(mine.game):
        return None
    v = roll_equities([mine, better], bot)
    gap = v[1] - v[0]
    weights = np.array([w for _roll, w in ROLLS], dtype=np.float64)
    worse = int(weights[gap > EVEN].sum())
    fine = int(weights[gap < -EVEN].sum())
    order = sorted(range(len(ROLLS)), key=lambda i: -gap[i])[:ROLLS_NAMED]
    named = tuple(10 * ROLLS[i][0][1] + ROLLS[i][0][0] for i in order if gap[i] > EVEN)
    return (Difference(Kind.LOOKAHEAD, worse, fine, named),
            float(np.dot(weights, gap)) / 36.0)


def _fold_race_into_hit(parts: list[tuple[float, Difference]]) -> list[tuple[float, Difference]]:
    """With a hit among the differences, the race's part goes to the hit that explains it."""
    if not any(d.kind in HIT_KINDS for _c, d in parts):
        return parts
    race = sum(c for c, d in parts if d.kind is Kind.PIPS)
    parts = [(c, d) for c, d in parts if d.kind is not Kind.PIPS]
    hits = [i for i, (c, d) in enumerate(parts) if d.kind in HIT_KINDS and c > 0]
    if hits and race > 0:
        c, d = parts[hits[0]]
        parts[hits[0]] = (c + race, d)
    return parts


def _expert() -> ExpertBot:
    """The one 0-ply expert the reasons read their mars chances from when given none."""
    if not _EXPERT:
        _EXPERT.append(ExpertBot(0, search=False))
    return _EXPERT[0]


def _bearoff_parts(diffs: Sequence[Difference], equity_loss: float,
                   mars: dict[Kind, float]) -> list[tuple[float, Difference]]:
    """Both sides bearing off (R6): the race is all that is left, so the rolls each play
    needs (exact) explain what the expert's mars chances (``mars``, their exact parts,
    :func:`mars_parts`) do not, when the better play needs fewer; the fitted race weights
    are not used."""
    exact = [(mars[d.kind], d) for d in diffs if d.kind in mars]
    rest = equity_loss - sum(c for c, _d in exact)
    rolls = [(rest, d) for d in diffs if d.kind is Kind.BEAROFF and d.better < d.mine]
    return sorted(((c, d) for c, d in exact + rolls if c > 0), key=lambda cd: -cd[0])


def explain(before: Position, mine: Play, better: Play, equity_loss: float, *,
            bot: ExpertBot | None = None) -> Explanation:
    """The reasons ``better`` is worth ``equity_loss`` more than ``mine`` (both from ``before``).

    When both sides are bearing off (R6) the reason is the exact rolls each play
    needs (:func:`_bearoff_parts`). Else, in a race (:func:`in_contact` false)
    points held are no reason; a hit's pips are said as the hit, not as the race
    too; in Fevga the reasons said must explain more of it (:data:`MOST_BY_GAME`) than
    elsewhere. The expert's chances of a mars (:func:`mars_differences`) count with
    their exact part of the difference, from the unrounded chances (:func:`mars_parts`).
    A reason is said only when its part is at least :data:`MIN_SHARE` of the difference
    and :data:`MIN_PART`. When no board fact explains enough of a clear
    difference (:data:`LOOK_FROM`), the expert's own look one roll ahead may
    (:func:`_looked_ahead`), when it explains :data:`MOST` of it in every game (the
    larger Fevga share is for its fitted weights), or else the one checker that tells the
    plays apart (:func:`one_checker`), when moving it explains as much.
    """
    found = mars_parts(mine.result, better.result, bot)
    mars = {d.kind: c for c, d in found}
    diffs = differences(before, mine, better) + tuple(d for _c, d in found)
    race, home = not in_contact(before), bearing_off(before)
    if home:
        parts = _bearoff_parts(diffs, equity_loss, mars)
    else:
        if race:
            diffs = tuple(d for d in diffs if d.kind not in POINT_KINDS)
        diffs = tuple(d for d in diffs if d.kind is not Kind.BEAROFF)
        parts = sorted(((c, d) for c, d in _fold_race_into_hit(
            contributions(before.game, diffs, race=race, exact=mars)) if c > 0),
            key=lambda cd: -cd[0])
    loss = max(equity_loss, 1e-9)
    most = MOST if home else MOST_BY_GAME.get(before.game, MOST)  # weak weights: explain more
    said = [(c, d) for c, d in parts[:MAX_REASONS] if c >= max(MIN_SHARE * loss, MIN_PART)]
    if home and not said and 0 < equity_loss < MIN_PART:
        return _close_bearoff(mine, better, diffs, equity_loss)
    if sum(c for c, _d in said) < most * loss:
        # the look ahead is the expert's own equity, not the fitted weights: the share the
        # weights must explain in Fevga (MOST_BY_GAME) does not apply to it
        return _looked_ahead(mine.result, better.result, equity_loss, MOST, bot)
    return Explanation(equity_loss, tuple(d for _c, d in said),
                       tuple(round(min(1.0, c / loss), 2) for c, _d in said))


def _close_bearoff(mine: Play, better: Play, diffs: Sequence[Difference],
                   equity_loss: float) -> Explanation:
    """Both sides bearing off (R6) and the plays within :data:`MIN_PART` of each other: nearly
    alike, and what still tells them apart: the checkers each bears off, and the rolls each
    needs to bear off the rest (exact, in tenths, said even when they round alike).

    >>> pos = Position.from_json('{"game": "plakoto", "points": [8, 5, 1, 0, 1, 0, 0, 0, 0, '
    ...                          '0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -2, 0, -10], "off": [0, 3]}')
    >>> from tavli_voice.rules.notation import parse_play
    >>> mine, hint = parse_play("5/off 3/2", pos, (5, 1)), parse_play("5/off 1/off", pos, (5, 1))
    >>> found = _close_bearoff(mine, hint, differences(pos, mine, hint), 0.002)
    >>> [(str(d.kind), d.mine, d.better) for d in found.reasons], found.close
    ([('off', 1, 2), ('bearoff', 61, 61)], True)
    """
    shown = tuple(d for d in diffs if d.kind is Kind.OFF) + (
        Difference(Kind.BEAROFF, facts(mine.result).rolls, facts(better.result).rolls),)
    return Explanation(equity_loss, shown, tuple(0.0 for _d in shown), close=True)


#: The look one roll ahead is computed only for a difference at least this large (the
#: coach's clear mistake, :data:`tavli_voice.bots.coach.THRESHOLD`): below it the honest
#: "no single reason stands out" is said, and explaining stays quick.
LOOK_FROM = 0.08


def _looked_ahead(mine: Position, better: Position, equity_loss: float, most: float,
                  bot: ExpertBot | None) -> Explanation:
    """When no board fact explains enough: the look one roll ahead (:func:`look_ahead`),
    said when most of the opponent's rolls leave ``mine`` worse and the expert's
    one-roll-ahead difference explains ``most`` of ``equity_loss``; else the one checker
    that tells the plays apart (:func:`one_checker`) when moving it explains ``most``;
    else no reason."""
    none = Explanation(equity_loss, (), ())
    if equity_loss < LOOK_FROM:
        return none
    found = look_ahead(mine, better, bot)
    if found is None:
        return none
    diff, gain = found
    if diff.mine <= diff.better or gain < most * equity_loss:
        moved = one_checker(mine, better, bot)
        if moved is None or moved[1] < most * equity_loss:
            return none
        diff, gain = moved
    return Explanation(equity_loss, (diff,), (round(min(1.0, gain / equity_loss), 2),))


def checker_moves(mine: Position, better: Position) -> list[tuple[int, int]]:
    """The moves of one of our checkers that bring ``mine`` one step nearer to ``better``,
    and back: from a point where ``mine`` has more of our checkers than ``better`` to a point
    where it has fewer, neither point holding a checker of the opponent's in the board the
    checker lands in (R1); a point where a checker is pinned, on either side (R5.2), is left
    alone. Highest points first.

    >>> start = Position.initial("fevga")
    >>> checker_moves(start, start)
    []
    """
    def ours(pos: Position, p: int) -> int:
        return max(0, pos.points[p - 1]) if pos.pins[p - 1] == 0 else 0

    free = [p for p in range(24, 0, -1) if mine.pins[p - 1] == 0 and better.pins[p - 1] == 0]
    sources = [p for p in free if ours(mine, p) > ours(better, p) and better.points[p - 1] >= 0]
    targets = [q for q in free if ours(better, q) > ours(mine, q) and mine.points[q - 1] >= 0]
    return [(p, q) for p in sources for q in targets]


def _moved(pos: Position, p: int, q: int) -> Position:
    """``pos`` with one of our checkers moved from point ``p`` to point ``q``."""
    v = list(pos.points)
    v[p - 1] -= 1
    v[q - 1] += 1
    return replace(pos, points=tuple(v))


def one_checker(mine: Position, better: Position,
                bot: ExpertBot | None = None) -> tuple[Difference, float] | None:
    """The one checker that tells two plays apart the most, by the expert's own evaluation
    of positions that change one thing at a time, both ways: of :func:`checker_moves` (one
    of our checkers moved where ``better`` has one more), the move whose part of the
    difference is largest, that part being the smaller of the gain of ``mine`` with the
    checker moved (0-ply equity) and the loss of ``better`` with it moved back. A
    :attr:`Kind.CHECKER` difference (its ``points`` the move's two points, ``mine`` and
    ``better`` the equity of ``mine`` as it is and with that checker moved, in hundredths of
    a point) and that part (points a game). None when a play ends the game, no checker can
    be moved so, or the game's weights do not load.
    """
    if game_outcome(mine) is not None or game_outcome(better) is not None:
        return None
    moves = checker_moves(mine, better)
    bot = bot or _expert()
    if not moves or not bot.usable(mine.game):
        return None
    eq = bot.equities_of([mine] + [_moved(mine, p, q) for p, q in moves]
                         + [better] + [_moved(better, q, p) for p, q in moves])
    n = len(moves)
    gains = np.minimum(eq[1:n + 1] - eq[0], eq[n + 1] - eq[n + 2:])
    k = int(np.argmax(gains))
    return (Difference(Kind.CHECKER, round(100 * float(eq[0])), round(100 * float(eq[k + 1])),
                       moves[k]), float(gains[k]))


def why(before: Position, plays: Sequence[Play], chosen: Play, *,
        bot: ExpertBot | None = None) -> Explanation | None:
    """Why the expert's best play of ``plays`` beats ``chosen`` (0-ply equities).

    ``None`` when ``chosen`` is the best play (or the only one). When
    ``chosen`` is the best, compare it with the second best: call
    :func:`runner_up` first to get that play.
    """
    bot = bot or ExpertBot(0, search=False)
    if len(plays) < 2 or not bot.usable(before.game):
        return None
    eq = bot.equities(plays)
    best = int(np.argmax(eq))
    mine = list(plays).index(chosen)
    if best == mine:
        return None
    return explain(before, chosen, plays[best], float(eq[best] - eq[mine]), bot=bot)


def runner_up(plays: Sequence[Play], *, bot: ExpertBot | None = None) -> Play | None:
    """The expert's second-best play (0-ply), to say why the best beats it; None with one play."""
    bot = bot or ExpertBot(0, search=False)
    if len(plays) < 2:
        return None
    eq = bot.equities(plays)
    return plays[int(np.argsort(-eq, kind="stable")[1])]


def against_hint(before: Position, plays: Sequence[Play], hint: Play, mine: Play | None = None,
                 *, bot: ExpertBot | None = None) -> tuple[Play, Explanation] | None:
    """Why the hint's play beats ``mine``, or the expert's best other play when ``mine`` is None.

    The one explanation of the hint ("why" after ``x``) and of the coach's
    note: returns the play compared with and its :class:`Explanation`. None
    when there is nothing to compare (one play, ``mine`` is the hint, or no
    expert weights). When the expert (0-ply) does not rank the hint above the
    other play, no reason is given: the hint's own search prefers it.
    """
    bot = bot or ExpertBot(0, search=False)
    if len(plays) < 2 or mine == hint or not bot.usable(before.game):
        return None
    eq = bot.equities(plays)
    h = list(plays).index(hint)
    if mine is None:
        mine = next(plays[int(i)] for i in np.argsort(-eq, kind="stable") if int(i) != h)
    loss = float(eq[h] - eq[list(plays).index(mine)])
    if loss <= 0:
        return mine, Explanation(loss, (), ())
    return mine, explain(before, mine, hint, loss, bot=bot)
