"""Cube decisions for ``vog`` (R9.1) from the evaluation: simple thresholds.

The evaluation score is turned into a rough winning chance with a logistic
curve whose scale was fitted per game on bot-against-bot games (see
``benchmarks/bots.py --calibrate``). A bot doubles when it is clearly ahead
and takes unless it is clearly lost; match scores only switch off doubles
that cannot matter (the current stake already wins the match) and force takes
that cannot hurt (dropping would lose the match anyway).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Mapping

from tavli_voice.rules import Position

from .base import Scores, can_double, cube_value, drop_loses_match
from .evaluation import Weights, evaluate, pre_roll_score

#: Score units per logit of winning chance, per game (fitted; see module docstring).
SCALE = {"portes": 24.0, "plakoto": 60.0, "fevga": 38.0}


def win_chance(score: float, game: str) -> float:
    """A rough chance of winning the game for a score of ``game``'s evaluation."""
    x = score / SCALE.get(game, 20.0)
    if x > 40:
        return 1.0
    if x < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


@dataclass(frozen=True, slots=True)
class CubePolicy:
    """Double at ``double_at`` or better (before rolling); take at ``take_at`` or better."""

    double_at: float = 0.70
    take_at: float = 0.25

    def offer(self, position: Position, match_scores: Scores = (0, 0), match_length: int = 0,
              *, may_double: bool = True, weights: Weights | None = None) -> bool:
        """R9.1: should the mover of ``position`` double before rolling?"""
        if not can_double(position, may_double):
            return False
        if match_length and match_scores[0] + cube_value(position) >= match_length:
            return False  # the current stake already wins the match
        p = win_chance(pre_roll_score(position, weights), position.game)
        return p >= self.double_at

    def take(self, position: Position, match_scores: Scores = (0, 0), match_length: int = 0,
             *, weights: Weights | None = None) -> bool:
        """R9.1: take a double? ``position`` from the taker's side, the doubler on roll."""
        if drop_loses_match(position, match_scores, match_length):
            return True  # dropping loses the match anyway
        p = win_chance(evaluate(position, weights), position.game)
        return p >= self.take_at


class CubeByEstimate:
    """Cube decisions from the bot's own evaluation (R9.1), shared by Rita and the
    strong bot; each sets ``cube`` (its thresholds) and ``weights``."""

    cube: CubePolicy
    weights: Mapping[str, Weights] | None

    def cube_offer(self, position: Position, match_scores: Scores = (0, 0),
                   match_length: int = 0, *, may_double: bool = True) -> bool:
        """R9.1: double when the estimated winning chance reaches ``cube.double_at``."""
        w = self.weights.get(position.game) if self.weights else None
        return self.cube.offer(position, match_scores, match_length, may_double=may_double,
                               weights=w)

    def cube_take(self, position: Position, match_scores: Scores = (0, 0),
                  match_length: int = 0) -> bool:
        """R9.1: take unless the estimated winning chance is below ``cube.take_at``."""
        w = self.weights.get(position.game) if self.weights else None
        return self.cube.take(position, match_scores, match_length, weights=w)
