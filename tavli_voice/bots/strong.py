"""``strong``: plays the best play by the game's hand-written evaluation (1-ply).

Every legal play's result is scored with :func:`.evaluation.evaluate`
(Portes, Plakoto and Fevga each have their own) and the best is played;
equal scores are broken by the bot's own seeded RNG. It also answers the
player's "hint" and "best guess first" requests through :meth:`StrongBot.ranked`.
"""

from __future__ import annotations

import random
from typing import Mapping, Sequence

from tavli_voice.rules import Play, Position

from .base import Dice, check_plays
from .cube import CubeByEstimate, CubePolicy
from .evaluation import Weights
from .ranking import best_play, rank_plays


class StrongBot(CubeByEstimate):
    """Best play by evaluation; doubles when clearly ahead, takes unless clearly lost."""

    name = "strong"

    def __init__(self, seed: int | str = 0, *, weights: Mapping[str, Weights] | None = None,
                 cube: CubePolicy = CubePolicy(double_at=0.70, take_at=0.25)) -> None:
        self.rng = random.Random(f"strong:{seed}")
        self.weights = weights
        self.cube = cube

    def choose_play(self, position: Position, dice: Dice, plays: Sequence[Play]) -> Play:
        """The best-scoring member of ``plays``."""
        check_plays(plays)
        if len(plays) == 1:
            return plays[0]
        return best_play(plays, self.rng, self.weights)[0]

    def ranked(self, position: Position, plays: Sequence[Play]) -> tuple[Play, ...]:
        """``plays`` best first (for hints and a "suggested first" listing); no RNG used."""
        return tuple(p for _, p in rank_plays(plays, self.weights))

