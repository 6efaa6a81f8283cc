"""Several nets of one game as one: their output logits averaged (an ensemble).

Nets trained differently make different mistakes; averaging their judgements
cancels part of them. The average is itself a :class:`~.net.Net`: the members'
hidden layers side by side, each member's output weights (and linear path) scaled
by ``1/k`` (or by the weights given, which sum to 1), so the expert loads and runs it
like any other net::

    python -m training.ensemble --out models/plakoto.npz A.npz B.npz C.npz
    python -m training.ensemble --weights 0.6 0.4 --out p.npz models/plakoto.npz T.npz
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from tavli_voice.bots.net import Net


def merge(nets: Sequence[Net], weights: Sequence[float] | None = None) -> Net:
    """One net whose output logits are the mean of ``nets``' logits (same game, same
    features), or their mean weighted by ``weights`` (one per net, scaled to sum to 1)."""
    if not nets:
        raise ValueError("an ensemble needs at least one net")
    if weights is None:
        weights = [1.0] * len(nets)
    if len(weights) != len(nets) or any(w <= 0 for w in weights):
        raise ValueError("an ensemble needs one positive weight per net")
    share = [w / sum(weights) for w in weights]
    game = nets[0].game
    if any(n.game != game or n.w1.shape[0] != nets[0].w1.shape[0] for n in nets):
        raise ValueError("the nets of an ensemble must be of one game and one feature set")
    n_in, n_out = nets[0].w1.shape[0], nets[0].w2.shape[1]
    ws = np.sum([w * (n.ws if n.ws is not None else np.zeros((n_in, n_out), np.float32))
                 for n, w in zip(nets, share)], axis=0)
    b2 = np.sum([w * n.b2 for n, w in zip(nets, share)], axis=0)
    equal = len(set(share)) == 1
    meta = {"method": f"ensemble of {len(nets)} nets (output logits averaged"
                      + ("" if equal else ", weighted " + " ".join(f"{w:.3g}" for w in share))
                      + ")",
            "members": json.dumps([n.meta for n in nets], ensure_ascii=False)}
    return Net(game,
               np.concatenate([n.w1 for n in nets], axis=1).astype(np.float32),
               np.concatenate([n.b1 for n in nets]).astype(np.float32),
               np.concatenate([n.w2 * w for n, w in zip(nets, share)], axis=0).astype(np.float32),
               b2.astype(np.float32),
               meta, ws.astype(np.float32))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m training.ensemble",
                                 description="Average several nets of one game into one file.")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--weights", type=float, nargs="+", metavar="W",
                    help="one weight per net (default: equal)")
    ap.add_argument("nets", type=Path, nargs="+")
    a = ap.parse_args(argv)
    if a.weights is not None and (len(a.weights) != len(a.nets) or min(a.weights) <= 0):
        ap.error(f"--weights needs {len(a.nets)} positive numbers, one per net")
    merged = merge([Net.load(p) for p in a.nets], a.weights)
    merged.meta["command"] = "python -m training.ensemble " + " ".join(
        sys.argv[1:] if argv is None else argv)
    merged.save(a.out)
    print(f"{a.out}: {len(a.nets)} nets, {merged.w1.shape[1]} hidden units")
    return 0


if __name__ == "__main__":
    sys.exit(main())
