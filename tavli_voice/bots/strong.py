"""``strong``: a good club player.

In Plakoto and Fevga every legal play's result is scored with the game's
hand-written evaluation (:func:`.evaluation.evaluate`, 1-ply) and the best is
played; equal scores are broken by the bot's own seeded RNG. In Portes the
hand-written evaluation plays badly (45 millipoints lost a decision judged by
GNU Backgammon 2-ply, worse than Rita's 32), so there the strong player
values the plays with the expert's net and picks among them with small
slips (:data:`SOFTMAX_BY_GAME`: a softmax over the equities, 15 millipoints a
decision, gnubg's "intermediate" band; ``benchmarks/portes_gnubg.py``); it
falls back to the hand-written evaluation when the net cannot load. It also answers the
player's "hint" and "best guess first" requests through :meth:`StrongBot.ranked`.
"""

from __future__ import annotations

import random
from typing import Mapping, Sequence

import numpy as np

from tavli_voice.rules import Play, Position

from .base import Dice, check_plays
from .cube import CubeByEstimate, CubePolicy
from .evaluation import Weights
from .net import WeightsError, load_model, result_equities
from .ranking import best_play, rank_plays

#: Games where the strong player picks by a softmax over the expert net's equities, and its
#: temperature (points a game). Measured on the 1,500 Portes decisions judged by gnubg 2-ply:
#: 0.005 → 7.9 mp, 0.01 → 8.8, 0.02 → 11.9, 0.03 → 16.3 (Rita's 0.06 → 32); 0.025 → 15.0 (seeds 1 and 2: 15.1, 14.9).
SOFTMAX_BY_GAME = {"portes": 0.025}


class StrongBot(CubeByEstimate):
    """Best play by evaluation; doubles when clearly ahead, takes unless clearly lost."""

    name = "strong"

    def __init__(self, seed: int | str = 0, *, weights: Mapping[str, Weights] | None = None,
                 cube: CubePolicy = CubePolicy(double_at=0.70, take_at=0.25),
                 hand_written: bool = False) -> None:
        """``hand_written`` (or tuned ``weights``): every game by the hand-written evaluation."""
        self.rng = random.Random(f"strong:{seed}")
        self.weights = weights
        self.cube = cube
        self.hand_written = hand_written or weights is not None

    def choose_play(self, position: Position, dice: Dice, plays: Sequence[Play]) -> Play:
        """The best-scoring member of ``plays``."""
        check_plays(plays)
        if len(plays) == 1:
            return plays[0]
        temperature = SOFTMAX_BY_GAME.get(position.game)
        if temperature is not None and not self.hand_written:
            try:
                eq = result_equities(load_model(position.game), [p.result for p in plays])
            except WeightsError:  # said at start-up; the hand-written evaluation plays
                eq = None
            if eq is not None:
                w = np.exp((eq - eq.max()) / temperature)
                k = int(np.searchsorted(np.cumsum(w / w.sum()), self.rng.random() * (1.0 - 1e-12)))
                return plays[min(k, len(plays) - 1)]
        return best_play(plays, self.rng, self.weights)[0]

    def ranked(self, position: Position, plays: Sequence[Play]) -> tuple[Play, ...]:
        """``plays`` best first (for hints and a "suggested first" listing); no RNG used."""
        return tuple(p for _, p in rank_plays(plays, self.weights))

