"""Distilling the Portes net from labelled candidates: a tiny run learns, and the
weights record which ply the labels came from."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np

from tavli_voice.bots.net import Net, load_model
from tavli_voice.rules import Position, game_outcome, legal_plays

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from training.distill import decision_loss, distill, encode_boards, load_labels  # noqa: E402


def write_labels(path: Path, games: int, seed: int) -> None:
    """Label CSV in gnubg_label's format, the shipped Portes net standing in for gnubg."""
    teacher = load_model("portes")
    rng = random.Random(seed)
    with path.open("w") as f:
        for g in range(games):
            pos = Position.initial("portes")
            for turn in range(60):
                a, b = rng.randint(1, 6), rng.randint(1, 6)
                plays = legal_plays(pos, (a, b))
                if not plays:
                    pos = pos.flip()
                    continue
                if len(plays) > 1:
                    probs = teacher.evaluate([p.result for p in plays])
                    for pl, pr in zip(plays, probs):
                        r = pl.result
                        f.write(",".join([str(seed * 100000 + g), str(turn)]
                                         + [str(v) for v in r.points]
                                         + [str(v) for v in r.bar] + [str(v) for v in r.off]
                                         + [f"{v:.5f}" for v in pr]) + "\n")
                choice = rng.choice(plays)
                if game_outcome(choice.result) is not None:
                    break
                pos = choice.result.flip()


def test_a_tiny_distillation_learns_and_records_the_labels_ply(tmp_path: Path) -> None:
    labels = tmp_path / "labels-2ply-1.csv"
    write_labels(labels, games=6, seed=3)
    ids, boards, probs = load_labels(str(labels))
    x = encode_boards(boards)
    before = decision_loss(Net.new("portes", 8, 5), x, ids, probs)
    out = tmp_path / "tiny.npz"
    net = distill(str(labels), out, hidden=8, epochs=6, seed=5, lr=0.01, holdout=0.34,
                  quiet=True, label_ply=2)
    after = decision_loss(net, x, ids, probs)
    assert after < before
    assert np.isfinite(after)
    saved = Net.load(out)
    assert saved.meta["label_ply"] == "2"
    assert "2-ply" in saved.meta["method"]
    assert saved.meta["games"] == "6"
