"""``rita`` (Ρίτα): the beginner of the source rules, "plays patiently and makes
mistakes now and then" (seeds/002).

She values every play with the expert's net (0-ply) and picks one at random,
the better plays far more often: a play's chance is ``exp(equity / T)``
normalised over the turn (a softmax with temperature ``T`` in points a game).
With the default :data:`TEMPERATURE` she loses about 25–40 millipoints a
decision in Portes judged by GNU Backgammon (gnubg's "beginner" band), which
``benchmarks/portes_gnubg.py`` measures. Deterministic given her seed.

``values="strong"`` keeps her earlier way: the strong bot's evaluation, the
best play usually, and with probability ``p_mistake`` a uniform pick among the
worst ``mistake_depth`` share of the worse plays. She plays that way too in a
game whose expert weights do not load.
"""

from __future__ import annotations

import math
import random
from typing import Mapping, Sequence

import numpy as np

from tavli_voice.rules import Play, Position

from .base import Dice, check_plays
from .cube import CubeByEstimate, CubePolicy
from .evaluation import Weights
from .expert import ExpertBot
from .ranking import TIE, score_plays

#: Softmax temperature (points a game) over the expert's equities: her default level.
TEMPERATURE = 0.06
#: Default share of decisions (with a worse play on offer) she gets wrong (``values="strong"``).
P_MISTAKE = 0.25
#: Default share of the worse plays (the worst ones) her mistakes are drawn from.
MISTAKE_DEPTH = 0.5


class RitaBot(CubeByEstimate):
    """Mostly the best play, a controlled share of weaker ones; a cautious cube."""

    name = "rita"

    def __init__(self, seed: int | str = 0, *, p_mistake: float = P_MISTAKE,
                 mistake_depth: float = MISTAKE_DEPTH, weights: Mapping[str, Weights] | None = None,
                 cube: CubePolicy = CubePolicy(double_at=0.80, take_at=0.20),
                 values: str = "expert", temperature: float = TEMPERATURE) -> None:
        if not 0.0 <= p_mistake <= 1.0:
            raise ValueError("p_mistake is a probability, from 0 to 1")
        if not 0.0 < mistake_depth <= 1.0:
            raise ValueError("mistake_depth is a share, above 0 and at most 1")
        if values not in ("expert", "strong"):
            raise ValueError("values is 'expert' or 'strong'")
        if temperature <= 0.0:
            raise ValueError("temperature is above 0")
        self.values = values
        self.temperature = temperature
        self._expert: ExpertBot | None = None
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
        if self.values == "expert" and self._expert_bot().usable(position.game):
            return self._softmax(plays)
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

    def _expert_bot(self) -> ExpertBot:
        if self._expert is None:
            self._expert = ExpertBot(0, search=False)
        return self._expert

    def _softmax(self, plays: Sequence[Play]) -> Play:
        eq = self._expert_bot().equities(plays)
        w = np.exp((eq - eq.max()) / self.temperature)
        w /= w.sum()
        k = int(np.searchsorted(np.cumsum(w), self.rng.random() * (1.0 - 1e-12)))
        k = min(k, len(plays) - 1)
        if (eq < eq.max() - TIE).any():
            self.chances += 1
            if eq[k] < eq.max() - TIE:
                self.mistakes += 1
        return plays[k]
