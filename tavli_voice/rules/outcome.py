"""How a game ended and for how many points (R4, R5.4, R5.5, R7.4, R9).

The values, the stake and the outcomes that need no game hook (resigning,
dropping a double); reading a finished game from a position
(``game_outcome``) is in :mod:`.games`, beside the hooks it calls.
``winner`` in an :class:`Outcome` is relative to the position it was read
from: 0 is that position's mover, 1 the opponent, ``None`` a draw. The match
turns it into a player.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .position import Position



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


def stake(position: Position) -> int:
    """The points a single game is worth now: the cube's value, else 1 (R9.1)."""
    return position.cube.value if position.cube is not None else 1


def resign_outcome(position: Position, resigner: int = 0) -> Outcome:
    """R9: resigning loses the game; the other side scores 1 (vog: times the cube)."""
    return Outcome(1 - resigner, 1 * stake(position), OutcomeKind.RESIGN)


def drop_outcome(position: Position, dropper: int = 0) -> Outcome:
    """R9.1: refusing a double loses the game at the current stake."""
    return Outcome(1 - dropper, stake(position), OutcomeKind.DROP)
