"""The batched (numpy) Plakoto and Fevga evaluations give exactly the values of the
one-position evaluations that ``strong`` plays by, on thousands of seeded positions."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tavli_voice.bots.evaluation import static_score
from tavli_voice.bots.fast_eval import static_scores
from tavli_voice.bots.features import Boards, candidate_states, knowledge, knowledge_of
from tavli_voice.bots.playouts import random_results
from tavli_voice.rules import DiceSource, Position, game_outcome, legal_plays


def result_positions(game: str, preset: str, n: int, seed: int) -> list[Position]:
    """Every candidate result of the turns of seeded random playouts."""
    return random_results(game, n, seed, preset=preset)


def arrays(positions: list[Position]) -> Boards:
    return Boards.of(positions)


@pytest.mark.parametrize(("game", "preset", "seed"), [
    ("plakoto", "tavlucky", 1), ("plakoto", "traditional", 2), ("fevga", "tavlucky", 3),
    ("fevga", "traditional", 4), ("plakoto", "vog", 5),
])
def test_batched_scores_equal_the_strong_evaluation_exactly(game: str, preset: str,
                                                            seed: int) -> None:
    positions = result_positions(game, preset, 4000, seed)
    b = arrays(positions)
    fast = static_scores(game, b.points, b.pins, b.off)
    slow = np.array([static_score(p) for p in positions])
    assert len(set(positions)) > 2000 and len(set(slow.tolist())) > 100  # varied
    np.testing.assert_array_equal(fast, slow)


@pytest.mark.parametrize("game", ["plakoto", "fevga"])
def test_knowledge_feature_from_arrays_equals_the_one_from_positions(game: str) -> None:
    positions = result_positions(game, "tavlucky", 3000, 7)
    finished = [p for p in positions if game_outcome(p) is not None]
    assert finished  # game-ending results are part of the sample
    np.testing.assert_array_equal(knowledge_of(Boards.of(positions)), knowledge(positions))


def test_candidate_features_carry_the_strong_judgement_of_each_result() -> None:
    pos = Position.initial("plakoto")
    for _ in range(12):  # a few turns in
        plays = legal_plays(pos, (6, 4))
        pos = plays[0].result.flip()
    states, x = candidate_states(pos, (5, 3))
    plays = legal_plays(pos, (5, 3))
    assert len(states) == len(plays)
    by_state = sorted(x[:, -1].tolist())
    assert by_state == sorted(knowledge([p.result for p in plays])[:, 0].tolist())


def test_other_games_are_refused() -> None:
    with pytest.raises(ValueError):
        static_scores("portes", np.zeros((1, 24), int), np.zeros((1, 24), int),
                      np.zeros((1, 2), int))


@pytest.mark.parametrize(("game", "preset"), [
    ("plakoto", "tavlucky"), ("plakoto", "traditional"), ("fevga", "tavlucky"),
    ("portes", "tavlucky"),
])
def test_quick_result_states_are_the_move_generators_in_its_order(game: str,
                                                                   preset: str) -> None:
    from tavli_voice.bots.expert import ROLLS
    from tavli_voice.bots.fastgen import result_states
    from tavli_voice.rules.movegen import _kept, _search

    rng = random.Random(3)
    turns = 0
    g = 0
    while turns < 1500:
        pos = Position.initial(game, preset)
        dice = DiceSource(f"fastgen:{game}:{preset}:{g}")
        g += 1
        for _ in range(300):
            for roll in ROLLS[rng.randrange(3)::3]:
                assert result_states(pos, roll) == list(_kept(_search(pos, roll), roll))
                turns += 1
            plays = legal_plays(pos, dice.roll())
            if plays:
                pos = plays[rng.randrange(len(plays))].result
                if game_outcome(pos) is not None:
                    break
            pos = pos.flip()
