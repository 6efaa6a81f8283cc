"""Policy iteration on self-play games: the data it plays and the net it fits."""

from __future__ import annotations

import numpy as np

from tavli_voice.bots.features import n_features
from tavli_voice.bots.net import Net
from tavli_voice.bots.policy_iter import cross_entropy, fit, play_games


def test_the_games_are_the_same_for_a_seed_and_differ_for_another() -> None:
    x1, y1 = play_games("plakoto", 4, seed=5)
    x2, y2 = play_games("plakoto", 4, seed=5)
    x3, _ = play_games("plakoto", 4, seed=6)
    assert np.array_equal(x1, x2) and np.array_equal(y1, y2)
    assert x1.shape != x3.shape or not np.array_equal(x1, x3)


def test_every_played_position_is_labelled_with_how_its_game_ended() -> None:
    x, y = play_games("fevga", 6, seed=1)
    assert x.shape[1] == n_features("fevga")
    assert len(x) == len(y) > 6 * 20
    # each label is a real result: won or lost, a mars only with its win or loss
    assert set(np.unique(y[:, 0])) <= {0.0, 1.0}
    assert np.all(y[:, 1] <= y[:, 0]) and np.all(y[:, 3] <= 1.0 - y[:, 0])
    # the two sides' labels of one game are mirror images: both wins and losses occur
    assert 0.2 < y[:, 0].mean() < 0.8


def test_fitting_the_results_predicts_unseen_games_better_than_the_untrained_net() -> None:
    x, y = play_games("plakoto", 120, seed=2)
    x_new, y_new = play_games("plakoto", 40, seed=3)
    before = cross_entropy(Net.new("plakoto", 16, 0), x_new, y_new)
    net, _held = fit("plakoto", x, y, epochs=3, hidden=16, seed=0)
    after = cross_entropy(net, x_new, y_new)
    assert after < before - 0.01, (before, after)


def test_against_strong_only_the_policys_own_plays_are_recorded() -> None:
    both_x, _ = play_games("plakoto", 12, seed=4)
    one_x, one_y = play_games("plakoto", 12, seed=4, against_strong=True)
    assert 0.3 < len(one_x) / len(both_x) < 0.7  # one side of each game, not both
    assert set(np.unique(one_y[:, 0])) <= {0.0, 1.0}
    # reproducible for a seed, and not the self-play games
    again_x, _ = play_games("plakoto", 12, seed=4, against_strong=True)
    assert np.array_equal(one_x, again_x)


def test_a_fit_can_start_from_earlier_weights() -> None:
    x, y = play_games("fevga", 20, seed=7)
    start, _ = fit("fevga", x, y, epochs=1, hidden=8, seed=0)
    nudged, _ = fit("fevga", x, y, epochs=1, hidden=8, seed=0, init=start, lr=1e-6)
    # a tiny learning rate from the earlier weights stays next to them (a fresh net would not)
    np.testing.assert_allclose(nudged.outputs(x[:50]), start.outputs(x[:50]), atol=1e-3)
    assert not np.shares_memory(nudged.w1, start.w1)
