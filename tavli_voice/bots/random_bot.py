"""``random``: picks any legal play, uniformly. The floor of the strength ladder."""

from __future__ import annotations

import random
from typing import Sequence

from tavli_voice.rules import Play, Position

from .base import Dice, Scores, can_double, check_plays, cube_value, drop_loses_match


class RandomBot:
    """Uniformly random plays; doubles now and then, takes half the time (R9.1)."""

    name = "random"

    def __init__(self, seed: int | str = 0, *, double_chance: float = 0.05,
                 take_chance: float = 0.5) -> None:
        self.rng = random.Random(f"random:{seed}")
        self.double_chance = double_chance
        self.take_chance = take_chance

    def choose_play(self, position: Position, dice: Dice, plays: Sequence[Play]) -> Play:
        """Any member of ``plays``."""
        check_plays(plays)
        return plays[self.rng.randrange(len(plays))]

    def cube_offer(self, position: Position, match_scores: Scores = (0, 0),
                   match_length: int = 0, *, may_double: bool = True) -> bool:
        """Doubles with a small fixed chance when allowed."""
        if not can_double(position, may_double):
            return False
        if match_length and match_scores[0] + cube_value(position) >= match_length:
            return False
        return self.rng.random() < self.double_chance

    def cube_take(self, position: Position, match_scores: Scores = (0, 0),
                  match_length: int = 0) -> bool:
        """Takes with a fixed chance (always, if dropping would lose the match)."""
        if drop_loses_match(position, match_scores, match_length):
            return True
        return self.rng.random() < self.take_chance
