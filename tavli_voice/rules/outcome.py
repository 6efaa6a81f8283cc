"""Game end and points (R4, R5.4, R5.5, R7.4, R9).

``winner`` in an :class:`Outcome` is relative to the position it was read
from: 0 is that position's mover, 1 the opponent, ``None`` a draw. The match
turns it into a player.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .position import CHECKERS, Position


class OutcomeKind(enum.StrEnum):
    """How a game ended."""

    SINGLE = "single"        #: bore off all 15, loser bore some off: 1 point
    MARS = "mars"            #: loser bore off none (R4, R5.5, R7.4): 2
    TRIPLE = "triple"        #: vog κοκς (R4, R5.5): 3
    MOTHER = "mother"        #: Plakoto mother pin (R5.4)
    DRAW = "draw"            #: both mothers pinned (R5.4, R5.5): no points
    RESIGN = "resign"        #: R9: the opponent scores 1 (times the cube)
    DROP = "drop"            #: R9.1: a double refused, current stake
    TIMEOUT = "timeout"      #: R9: three time-outs in a row


@dataclass(frozen=True, slots=True)
class Outcome:
    """Who won (0 mover, 1 opponent, None draw), how many points, how."""

    winner: int | None
    points: int
    kind: OutcomeKind

    def swapped(self) -> "Outcome":
        """The same outcome seen from the other player."""
        return Outcome(None if self.winner is None else 1 - self.winner, self.points, self.kind)


def _stake(pos: Position) -> int:
    return pos.cube.value if pos.cube is not None else 1


def _wins_from(pos: Position) -> Outcome | None:
    """Has the mover of ``pos`` won (or drawn)? Points from the preset (R4, R5, R7)."""
    vog = pos.preset == "vog"
    if pos.off[0] == CHECKERS:
        if pos.off[1] > 0:
            return Outcome(0, 1 * _stake(pos), OutcomeKind.SINGLE)
        in_home = any(pos.theirs(p) for p in range(1, 7))
        if vog and (pos.bar[1] > 0 or in_home):
            return Outcome(0, 3 * _stake(pos), OutcomeKind.TRIPLE)
        return Outcome(0, 2 * _stake(pos), OutcomeKind.MARS)
    if pos.game == "plakoto" and pos.pins[0] == -1:
        # the opponent's checker pinned on their start (mover's point 1) is their mother
        own_mother_pinned = pos.pins[23] == 1
        if pos.preset == "tavlucky":
            return Outcome(0, 1 if own_mother_pinned else 2, OutcomeKind.MOTHER)
        if own_mother_pinned:
            return Outcome(None, 0, OutcomeKind.DRAW)
        if pos.mine(24) == 0:
            return Outcome(0, (3 if vog else 2) * _stake(pos), OutcomeKind.MOTHER)
    return None


def game_outcome(position: Position) -> Outcome | None:
    """The outcome if the game is over in ``position``, else ``None``."""
    mine = _wins_from(position)
    if mine is not None:
        return mine
    theirs = _wins_from(position.flip())
    return theirs.swapped() if theirs is not None else None


def resign_outcome(position: Position, resigner: int = 0) -> Outcome:
    """R9: resigning loses the game; the other side scores 1 (vog: times the cube)."""
    return Outcome(1 - resigner, 1 * _stake(position), OutcomeKind.RESIGN)


def drop_outcome(position: Position, dropper: int = 0) -> Outcome:
    """R9.1: refusing a double loses the game at the current stake."""
    return Outcome(1 - dropper, _stake(position), OutcomeKind.DROP)
