"""Fitting a net to its own one-roll look-ahead (training.lookahead_fit)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np
import pytest

# The repository's top folder: the training tools (training/) are not installed.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tavli_voice.bots.expert import ExpertBot  # noqa: E402
from tavli_voice.bots.net import equity, load_model  # noqa: E402
from tavli_voice.rules import Position, game_outcome, legal_plays  # noqa: E402
from training.lookahead_fit import fit_from, lookahead_outputs, play_and_label  # noqa: E402


@pytest.mark.parametrize("game", ["plakoto", "fevga"])
def test_labels_are_the_experts_look_ahead(game: str) -> None:
    """The labels' equity is exactly the value the expert's search gives the same plays."""
    net = load_model(game)
    expert = ExpertBot(0, nets={game: net}, search=True)
    rng = random.Random(5)
    pos = Position.initial(game)
    checked = 0
    for _ in range(30):
        plays = legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))
        if not plays:
            pos = pos.flip()
            continue
        some = plays[:3]
        labels = lookahead_outputs(net, [p.result for p in some])
        assert labels.shape == (len(some), 5)
        assert np.all((labels >= 0) & (labels <= 1))
        np.testing.assert_allclose(equity(labels), expert.lookahead_many(some), atol=1e-5)
        checked += len(some)
        play = plays[rng.randrange(len(plays))]
        if game_outcome(play.result) is not None:
            break
        pos = play.result.flip()
    assert checked > 20


def test_a_finished_game_is_labelled_with_its_true_result() -> None:
    # Fevga: the mover's last checker comes off from a board where the opponent has
    # borne off nothing: a mars (2 points) for the mover
    start = Position.initial("fevga")
    points = [0] * 24
    points[0] = 1
    for i in range(12, 18):
        points[i] = -2 if i < 17 else -5
    pos = Position("fevga", start.preset, tuple(points), start.pins, (0, 0), (14, 0), start.cube)
    (play,) = [p for p in legal_plays(pos, (1, 2)) if game_outcome(p.result) is not None][:1]
    label = lookahead_outputs(load_model("fevga"), [play.result])[0]
    assert label[0] == 1.0 and label[1] == 1.0 and label[3] == 0.0


def test_one_round_moves_the_net_towards_its_labels() -> None:
    net = load_model("plakoto")
    x, y = play_and_label(net, "plakoto", 1, seed=3, top=2)
    assert len(x) == len(y) > 20
    before = float(np.abs(net.outputs(x) - y).mean())
    # the installed net is wide and already close to its own look-ahead: small steps
    fitted = fit_from(net, x, y, epochs=30, lr=0.0002)
    after = float(np.abs(fitted.outputs(x) - y).mean())
    assert after < 0.8 * before
    # the starting net is left as it was
    assert float(np.abs(net.outputs(x) - y).mean()) == pytest.approx(before)
    # seeded: the same games and labels again
    x2, y2 = play_and_label(net, "plakoto", 1, seed=3, top=2)
    np.testing.assert_array_equal(x, x2)
    np.testing.assert_array_equal(y, y2)
