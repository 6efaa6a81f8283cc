"""``rita`` (Ρίτα): the beginner of the source rules, "plays patiently and makes
mistakes now and then" (seeds/002).

She scores every play with the same evaluation as :class:`.strong.StrongBot`
and usually plays the best one. With probability ``p_mistake`` she makes a
mistake instead: she picks uniformly among the worse plays, from the worst
``mistake_depth`` share of them (1.0 = any worse play). When no play is
worse than the best (one play, or all equal) there is nothing to get wrong.
Deterministic given her seed.
"""

from __future__ import annotations

import math
import random
from typing import Mapping, Sequence

from tavli_voice.rules import Play, Position

from .base import Dice, check_plays
from .cube import CubeByEstimate, CubePolicy
from .evaluation import Weights
from .ranking import TIE, score_plays

#: Default share of decisions (with a worse play on offer) she gets wrong.
P_MISTAKE = 0.25
#: Default share of the worse plays (the worst ones) her mistakes are drawn from.
MISTAKE_DEPTH = 0.5


class RitaBot(CubeByEstimate):
    """Mostly the best play, a controlled share of weaker ones; a cautious cube."""

    name = "rita"

    def __init__(self, seed: int | str = 0, *, p_mistake: float = P_MISTAKE,
                 mistake_depth: float = MISTAKE_DEPTH, weights: Mapping[str, Weights] | None = None,
                 cube: CubePolicy = CubePolicy(double_at=0.80, take_at=0.20)) -> None:
        if not 0.0 <= p_mistake <= 1.0:
            raise ValueError("p_mistake is a probability, from 0 to 1")
        if not 0.0 < mistake_depth <= 1.0:
            raise ValueError("mistake_depth is a share, above 0 and at most 1")
        self.rng = random.Random(f"rita:{seed}")
        self.p_mistake = p_mistake
        self.mistake_depth = mistake_depth
        self.weights = weights
        self.cube = cube
        self.mistakes = 0    #: how many mistakes she made (for benchmarks)
        self.chances = 0     #: decisions where a worse play was on offer

    def choose_play(self, position: Position, dice: Dice, plays: Sequence[Play]) -> Play:
        """Usually the best member of ``plays``; now and then a worse one."""
        check_plays(plays)
        if len(plays) == 1:
            return plays[0]
        scores = score_plays(plays, self.weights)
        top = max(scores)
        best = [p for s, p in zip(scores, plays) if s >= top - TIE]
        worse = sorted(((s, p) for s, p in zip(scores, plays) if s < top - TIE),
                       key=lambda sp: sp[0])
        if worse:
            self.chances += 1
            if self.rng.random() < self.p_mistake:
                self.mistakes += 1
                pool = worse[:max(1, math.ceil(self.mistake_depth * len(worse)))]
                return pool[self.rng.randrange(len(pool))][1]
        return best[0] if len(best) == 1 else best[self.rng.randrange(len(best))]

