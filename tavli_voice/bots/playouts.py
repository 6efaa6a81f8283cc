"""Seeded random playouts: decisions and result positions to test and time the bots on.

A game is played by random legal plays (any game, any preset) with its own dice
(:class:`~tavli_voice.rules.DiceSource` seeded by ``label``, ``seed`` and the game's
number), so pins, primes, hits and bear-offs all occur; every decision with at
least ``min_plays`` plays is kept with chance ``keep``.

>>> [len(plays) >= 2 for _pos, _roll, plays in random_decisions("fevga", 3, seed=1)]
[True, True, True]
"""

from __future__ import annotations

import random

from tavli_voice.rules import DiceSource, Play, Position, game_outcome, legal_plays

#: A decision: the position, the dice and the legal plays.
Decision = tuple[Position, tuple[int, int], tuple[Play, ...]]


def random_decisions(game: str, n: int, seed: int = 0, *, preset: str = "tavlucky",
                     keep: float = 0.3, label: str = "playouts", min_plays: int = 2
                     ) -> list[Decision]:
    """``n`` decisions with ``min_plays`` or more plays from seeded random playouts."""
    rng = random.Random(f"{label}:{seed}")
    out: list[Decision] = []
    g = 0
    while len(out) < n:
        pos = Position.initial(game, preset)
        dice = DiceSource(f"{label}:{game}:{preset}:{seed}:{g}")
        g += 1
        for _ in range(400):
            roll = dice.roll()
            plays = tuple(legal_plays(pos, roll))
            if len(plays) >= min_plays and rng.random() < keep:
                out.append((pos, roll, plays))
                if len(out) >= n:
                    break
            if plays:
                pos = plays[rng.randrange(len(plays))].result
                if game_outcome(pos) is not None:
                    break
            pos = pos.flip()
    return out


def random_results(game: str, n: int, seed: int = 0, *, preset: str = "tavlucky") -> list[Position]:
    """``n`` result positions: every candidate result of the playouts' turns (forced
    ones too, so game-ending results are among them)."""
    out: list[Position] = []
    for _pos, _roll, plays in random_decisions(game, n, seed, preset=preset, keep=1.0,
                                               label="results", min_plays=1):
        out.extend(p.result for p in plays)
        if len(out) >= n:
            break
    return out[:n]
