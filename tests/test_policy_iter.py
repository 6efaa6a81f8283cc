"""Policy iteration on self-play games: the data it plays and the net it fits."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

# The repository's top folder: the training tools (training/) are not installed.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tavli_voice.bots.features import n_features  # noqa: E402
from tavli_voice.bots.net import Net  # noqa: E402
from training.policy_iter import cross_entropy, fit, play_games  # noqa: E402


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


def test_saved_game_sets_are_fitted_alone_as_one_set(tmp_path: Path) -> None:
    from training.policy_iter import main

    first = play_games("plakoto", 6, seed=11)
    second = play_games("plakoto", 6, seed=12)
    for name, (x, y) in (("a-games-1.npz", first), ("b-games-2.npz", second)):
        np.savez_compressed(tmp_path / name, x=x, y=y)
    out = tmp_path / "big.npz"
    assert main(["--game", "plakoto", "--games", "0", "--hidden", "12", "--epochs", "2",
                 "--seed", "3", "--eval-games", "0", "--out", str(out),
                 "--data", str(tmp_path / "a-games-1.npz"), str(tmp_path / "b-games-2.npz")]) == 0
    fitted = Net.load(out)
    # the same net as a fit on the two sets joined in that order
    direct, _ = fit("plakoto", np.concatenate([first[0], second[0]]),
                    np.concatenate([first[1], second[1]]), epochs=2, hidden=12, seed=3)
    np.testing.assert_allclose(fitted.outputs(first[0][:40]), direct.outputs(first[0][:40]),
                               rtol=1e-5, atol=1e-6)
    assert fitted.meta["data"] == "a-games-1.npz b-games-2.npz"
    assert not list(tmp_path.glob("big-games-*.npz"))  # no games of its own were played


def test_a_game_set_of_another_game_is_refused(tmp_path: Path) -> None:
    from training.policy_iter import load_games

    x, y = play_games("fevga", 2, seed=1)
    np.savez_compressed(tmp_path / "f.npz", x=x, y=y)
    with pytest.raises(ValueError, match="not a saved plakoto game set"):
        load_games(tmp_path / "f.npz", "plakoto")


def test_a_killed_fit_resumes_from_its_checkpoint_to_the_same_weights(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    import training.policy_iter as pi

    x, y = play_games("fevga", 12, seed=21)
    whole, whole_ce = fit("fevga", x, y, epochs=4, hidden=10, seed=5, lr=0.003,
                          schedule="cosine")
    ckpt, curve = tmp_path / "net-fit.npz", tmp_path / "curve.jsonl"
    real = pi.cross_entropy
    calls = []

    def killed_in_epoch_three(*args: object) -> float:
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt  # the session ends in the third epoch
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(pi, "cross_entropy", killed_in_epoch_three)
    with pytest.raises(KeyboardInterrupt):
        fit("fevga", x, y, epochs=4, hidden=10, seed=5, lr=0.003, schedule="cosine",
            checkpoint=ckpt, curve=curve)
    monkeypatch.setattr(pi, "cross_entropy", real)
    assert ckpt.exists() and len(curve.read_text().splitlines()) == 2
    resumed, resumed_ce = fit("fevga", x, y, epochs=4, hidden=10, seed=5, lr=0.003,
                              schedule="cosine", checkpoint=ckpt, curve=curve)
    np.testing.assert_array_equal(resumed.w1, whole.w1)
    np.testing.assert_array_equal(resumed.w2, whole.w2)
    assert resumed_ce == whole_ce
    rows = [json.loads(line) for line in curve.read_text().splitlines()]
    assert [r["epoch"] for r in rows] == [1, 2, 3, 4]
    # cosine: the step size falls every epoch, to a twentieth of --lr at the last
    lrs = [r["lr"] for r in rows]
    assert lrs[0] == 0.003 and all(a > b for a, b in zip(lrs, lrs[1:]))
    assert lrs[-1] == pytest.approx(0.003 / 20)


def test_a_checkpoint_of_another_fit_is_refused(tmp_path: Path) -> None:
    x, y = play_games("fevga", 4, seed=22)
    ckpt = tmp_path / "net-fit.npz"
    fit("fevga", x, y, epochs=1, hidden=6, seed=1, checkpoint=ckpt)
    with pytest.raises(ValueError, match="another fit"):
        fit("fevga", x, y, epochs=1, hidden=8, seed=1, checkpoint=ckpt)


def test_the_command_writes_its_curve_and_removes_its_checkpoint(tmp_path: Path) -> None:
    import json

    from training.policy_iter import main

    x, y = play_games("plakoto", 5, seed=13)
    np.savez_compressed(tmp_path / "a-games-13.npz", x=x, y=y)
    out, curve = tmp_path / "wide.npz", tmp_path / "curves" / "wide.jsonl"
    assert main(["--game", "plakoto", "--games", "0", "--hidden", "9", "--epochs", "3",
                 "--seed", "4", "--lr", "0.002", "--schedule", "cosine", "--eval-games", "0",
                 "--hold-out", "blocks",
                 "--curve", str(curve), "--keep-every", "2", "--out", str(out),
                 "--data", str(tmp_path / "a-games-13.npz")]) == 0
    rows = [json.loads(line) for line in curve.read_text().splitlines()]
    assert [r.get("epoch") for r in rows] == [1, 2, 3, None]
    assert rows[-1]["out"] == str(out) and rows[-1]["positions"] == len(x)
    assert not (tmp_path / "wide-fit.npz").exists()
    meta = Net.load(out).meta
    assert meta["epochs"] == "3" and meta["lr"] == "0.002 cosine"
    assert meta["hold_out"] == "blocks"
    # the net after epoch 2 is kept beside it, with its own method, and is not the last
    kept = Net.load(tmp_path / "wide-e2.npz")
    assert kept.meta["method"] == "policy iteration fit after epoch 2 of 3"
    assert not np.array_equal(kept.w1, Net.load(out).w1)
    assert sorted(f.name for f in tmp_path.glob("wide-e*.npz")) == ["wide-e2.npz"]


def test_holding_out_whole_blocks_shows_a_long_fit_learning_its_games_by_heart(
        tmp_path: Path) -> None:
    import json

    x, y = play_games("fevga", 60, seed=31)
    curves = {}
    for hold_out in ("rows", "blocks"):
        curve = tmp_path / f"{hold_out}.jsonl"
        fit("fevga", x, y, epochs=40, hidden=32, seed=1, lr=0.003, hold_out=hold_out,
            curve=curve)
        curves[hold_out] = [json.loads(line)["held_out_cross_entropy"]
                            for line in curve.read_text().splitlines()]
    rows, blocks = curves["rows"], curves["blocks"]
    # every 20th row: its game's other rows are in the fit, so it only keeps falling
    assert rows[-1] == min(rows) and rows[-1] < rows[0] - 0.05
    # whole blocks of games never seen: it turns up once the net memorises its games
    assert blocks[-1] > min(blocks) + 0.03
    assert int(np.argmin(blocks)) < 20


def test_an_unknown_hold_out_is_refused() -> None:
    x, y = play_games("fevga", 2, seed=1)
    with pytest.raises(ValueError, match="hold-out"):
        fit("fevga", x, y, epochs=1, hidden=4, hold_out="games")
