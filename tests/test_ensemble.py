"""Averaging nets into one (training.ensemble)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

# The repository's top folder: the training tools (training/) are not installed.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tavli_voice.bots.features import features  # noqa: E402
from tavli_voice.bots.net import Net  # noqa: E402
from tavli_voice.bots.playouts import random_results  # noqa: E402
from training.ensemble import main, merge  # noqa: E402


def _logits(p: np.ndarray) -> np.ndarray:
    p = np.clip(p.astype(np.float64), 1e-6, 1 - 1e-6)
    return np.log(p / (1 - p))


def test_the_merged_net_averages_the_members_logits(tmp_path) -> None:  # type: ignore[no-untyped-def]
    members = [Net.new("plakoto", 12, seed) for seed in (1, 2, 3)]
    for i, m in enumerate(members):  # make them disagree
        m.w2 += np.random.default_rng(i).normal(0, 0.5, m.w2.shape).astype(np.float32)
    x = features(random_results("plakoto", 200, seed=2))
    merged = merge(members)
    want = np.mean([_logits(m.outputs(x)) for m in members], axis=0)
    np.testing.assert_allclose(_logits(merged.outputs(x)), want, atol=2e-3)
    assert merged.w1.shape[1] == 36
    # through files, as the command does
    paths = []
    for i, m in enumerate(members):
        paths.append(tmp_path / f"m{i}.npz")
        m.save(paths[-1])
    assert main(["--out", str(tmp_path / "e.npz")] + [str(p) for p in paths]) == 0
    loaded = Net.load(tmp_path / "e.npz")
    np.testing.assert_allclose(loaded.outputs(x), merged.outputs(x), atol=1e-6)
    assert "ensemble of 3" in loaded.meta["method"]


def test_nets_of_different_games_are_refused() -> None:
    with pytest.raises(ValueError):
        merge([Net.new("plakoto", 4, 0), Net.new("fevga", 4, 0)])
    with pytest.raises(ValueError):
        merge([])


def test_weighted_members_weigh_their_logits(tmp_path) -> None:  # type: ignore[no-untyped-def]
    members = [Net.new("plakoto", 10, seed) for seed in (4, 5)]
    for i, m in enumerate(members):
        m.w2 += np.random.default_rng(10 + i).normal(0, 0.5, m.w2.shape).astype(np.float32)
    x = features(random_results("plakoto", 200, seed=3))
    merged = merge(members, [3.0, 1.0])
    want = 0.75 * _logits(members[0].outputs(x)) + 0.25 * _logits(members[1].outputs(x))
    np.testing.assert_allclose(_logits(merged.outputs(x)), want, atol=2e-3)
    assert "weighted 0.75 0.25" in merged.meta["method"]
    with pytest.raises(ValueError):
        merge(members, [1.0])
    with pytest.raises(ValueError):
        merge(members, [1.0, 0.0])
    for i, m in enumerate(members):
        m.save(tmp_path / f"w{i}.npz")
    with pytest.raises(SystemExit):
        main(["--weights", "1", "--out", str(tmp_path / "e.npz"),
              str(tmp_path / "w0.npz"), str(tmp_path / "w1.npz")])
    assert main(["--weights", "3", "1", "--out", str(tmp_path / "e.npz"),
                 str(tmp_path / "w0.npz"), str(tmp_path / "w1.npz")]) == 0
    np.testing.assert_allclose(Net.load(tmp_path / "e.npz").outputs(x), merged.outputs(x), atol=1e-6)
