"""Scoring and ranking plays with the evaluation (1-ply), shared by the bots."""

from __future__ import annotations

import random
from typing import Mapping, Sequence

from tavli_voice.rules import Play

from .evaluation import Weights, evaluate

#: Scores closer than this are a tie (broken by the bot's own seeded RNG).
TIE = 1e-9


def score_plays(plays: Sequence[Play],
                weights: Mapping[str, Weights] | None = None) -> list[float]:
    """The evaluation of each play's result, for its mover (bigger is better)."""
    if not plays:
        return []
    w = weights.get(plays[0].result.game) if weights else None
    return [evaluate(p.result, w) for p in plays]


def rank_plays(plays: Sequence[Play], weights: Mapping[str, Weights] | None = None,
               rng: random.Random | None = None) -> list[tuple[float, Play]]:
    """``(score, play)`` best first; equal scores keep the given order unless ``rng`` shuffles."""
    scored = list(zip(score_plays(plays, weights), plays))
    if rng is not None:
        keys = [rng.random() for _ in scored]
        order = sorted(range(len(scored)), key=lambda i: (-scored[i][0], keys[i]))
        return [scored[i] for i in order]
    return sorted(scored, key=lambda sp: -sp[0])


def best_play(plays: Sequence[Play], rng: random.Random,
              weights: Mapping[str, Weights] | None = None) -> tuple[Play, float]:
    """The best play (seeded tie break among equal scores) and its score."""
    scores = score_plays(plays, weights)
    top = max(scores)
    ties = [p for s, p in zip(scores, plays) if s >= top - TIE]
    choice = ties[0] if len(ties) == 1 else ties[rng.randrange(len(ties))]
    return choice, top
