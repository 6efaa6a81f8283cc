"""Train the Portes net on GNU Backgammon's evaluations (supervised distillation).

Input: the CSV files written by :mod:`.gnubg_label` (every candidate result
of every decision of Portes games our engine played with gnubg choosing,
each with gnubg's 0-ply probabilities). The net learns gnubg's five
probabilities (cross-entropy, Adam, mini-batches) plus a ranking term that
pushes the equity differences between candidates of one decision toward
gnubg's. A share of the *games* is held out; the figure printed after each
epoch is the held-out decisions' mean equity loss in millipoints (the net's
choice against gnubg's best), the same measure ``benchmarks/portes_gnubg.py``
reports.

    python -m training.distill --data '/work/train/portes/labels-*.csv' \\
        --out /work/train/portes/portes.npz --hidden 160 --epochs 20 --seed 1
"""

from __future__ import annotations

import argparse
import glob
import sys
import time
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from tavli_voice.bots.features import Boards, FloatArray, encode
from tavli_voice.bots.net import Net, equity


def load_labels(pattern: str) -> tuple[NDArray[np.int64], NDArray[np.int32], FloatArray]:
    """Decision ids, boards (points 24, bar 2, off 2) and gnubg's probabilities."""
    rows = []
    for path in sorted(glob.glob(pattern)):
        try:
            a = np.loadtxt(path, delimiter=",", dtype=np.float64, ndmin=2)
        except ValueError:  # a file cut mid-line by a stopped labeller: drop the last line
            lines = Path(path).read_text().splitlines()[:-1]
            a = np.loadtxt(lines, delimiter=",", dtype=np.float64, ndmin=2)
        if a.size:
            rows.append(a)
    data = np.concatenate(rows)
    ids = (data[:, 0].astype(np.int64) * 1000 + data[:, 1].astype(np.int64))
    boards = data[:, 2:30].astype(np.int32)
    probs = data[:, 30:35].astype(np.float32)
    return ids, boards, probs


def encode_boards(boards: NDArray[np.int32], chunk: int = 200_000) -> FloatArray:
    """Portes features for label rows, in chunks."""
    out = []
    for i in range(0, len(boards), chunk):
        b = boards[i:i + chunk]
        pts = b[:, :24]
        out.append(encode(Boards("portes", pts, np.zeros_like(pts), b[:, 24:26], b[:, 26:28])))
    return np.concatenate(out)


def decision_loss(net: Net, x: FloatArray, ids: NDArray[np.int64],
                  probs: FloatArray) -> float:
    """Mean equity loss (millipoints) of the net's choice over decisions with 2+ plays."""
    eq_true = equity(probs)
    eq_net = equity(net.outputs(x))
    order = np.argsort(ids, kind="stable")
    ids_s = ids[order]
    starts = np.flatnonzero(np.r_[True, ids_s[1:] != ids_s[:-1]])
    ends = np.r_[starts[1:], len(ids_s)]
    losses = []
    for s, e in zip(starts, ends):
        if e - s < 2:
            continue
        idx = order[s:e]
        t = eq_true[idx]
        losses.append(t.max() - t[int(np.argmax(eq_net[idx]))])
    return 1000.0 * float(np.mean(losses))


class Adam:
    def __init__(self, params: list[FloatArray], lr: float) -> None:
        self.params = params
        self.lr = lr
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]
        self.t = 0

    def step(self, grads: list[FloatArray]) -> None:
        self.t += 1
        b1, b2 = 0.9, 0.999
        for p, g, m, v in zip(self.params, grads, self.m, self.v):
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            mh = m / (1 - b1 ** self.t)
            vh = v / (1 - b2 ** self.t)
            p -= self.lr * mh / (np.sqrt(vh) + 1e-8)


def _grads(net: Net, x: FloatArray, target: FloatArray, rank: float,
           group: NDArray[np.int64] | None) -> list[FloatArray]:
    h, y = net.forward(x)
    d2 = (y - target) / len(x)
    if rank and group is not None:
        # pairwise-free ranking: match each candidate's equity offset from its
        # decision's mean to gnubg's (squared error on the centred equities)
        w = np.array([2.0, 1.0, 0.0, -1.0, 0.0], np.float32)
        e_net = y @ w
        e_true = target @ w
        _, inv, counts = np.unique(group, return_inverse=True, return_counts=True)
        mean_net = np.bincount(inv, e_net) / counts
        mean_true = np.bincount(inv, e_true) / counts
        diff = (e_net - mean_net[inv]) - (e_true - mean_true[inv])
        diff = np.where(counts[inv] > 1, diff, 0.0).astype(np.float32)
        d_e = rank * 2.0 * diff / len(x)
        d2 = d2 + (d_e[:, None] * w[None, :]) * y * (1 - y)
    d2 = d2.astype(np.float32)
    dh = (d2 @ net.w2.T) * h * (1.0 - h)
    return [x.T @ dh, dh.sum(axis=0), h.T @ d2, d2.sum(axis=0)]


def distill(pattern: str, out: Path, *, hidden: int = 160, epochs: int = 20, seed: int = 1,
            lr: float = 0.003, batch_decisions: int = 64, rank: float = 4.0,
            holdout: float = 0.05, init: Path | None = None, quiet: bool = False,
            label_ply: int = 0) -> Net:
    """Fit a Portes net to gnubg's labels; saves the best epoch (held-out loss) to ``out``."""
    t0 = time.time()
    ids, boards, probs = load_labels(pattern)
    x = encode_boards(boards)
    games = ids // 1000
    rng = np.random.default_rng(seed)
    uniq = np.unique(games)
    held = set(rng.choice(uniq, max(1, int(holdout * len(uniq))), replace=False).tolist())
    is_val = np.array([g in held for g in games])
    tr = np.flatnonzero(~is_val)
    va = np.flatnonzero(is_val)
    if not quiet:
        print(f"{len(ids)} rows, {len(uniq)} games ({len(held)} held out), "
              f"{x.shape[1]} features; {time.time() - t0:.0f}s", file=sys.stderr, flush=True)
    net = Net.load(init) if init else Net.new("portes", hidden, seed)
    net.meta.update({"method": f"supervised distillation of GNU Backgammon {label_ply}-ply "
                     "evaluations of self-play positions", "game": "portes",
                     "label_ply": str(label_ply), "games": str(len(uniq)),
                     "hidden": str(net.w1.shape[1]), "rows": str(len(tr)), "seed": str(seed)})
    opt = Adam([net.w1, net.b1, net.w2, net.b2], lr)
    # mini-batches of whole decisions, so the ranking term compares candidates of one turn
    tr_ids = ids[tr]
    order = np.argsort(tr_ids, kind="stable")
    tr_sorted = tr[order]
    s_ids = tr_ids[order]
    starts = np.flatnonzero(np.r_[True, s_ids[1:] != s_ids[:-1]])
    ends = np.r_[starts[1:], len(s_ids)]
    best = float("inf")
    for ep in range(epochs):
        perm = rng.permutation(len(starts))
        opt.lr = lr * (0.5 ** (ep // max(1, epochs // 4)))
        for i in range(0, len(perm), batch_decisions):
            sel = perm[i:i + batch_decisions]
            rows = np.concatenate([tr_sorted[starts[k]:ends[k]] for k in sel])
            opt.step(_grads(net, x[rows], probs[rows], rank, ids[rows]))
        mp = decision_loss(net, x[va], ids[va], probs[va])
        if not quiet:
            print(f"epoch {ep + 1}/{epochs}: held-out {mp:.2f} mp per decision "
                  f"({time.time() - t0:.0f}s)", file=sys.stderr, flush=True)
        if mp < best:
            best = mp
            net.meta["holdout_mp"] = f"{mp:.2f}"
            net.meta["epochs"] = str(ep + 1)
            out.parent.mkdir(parents=True, exist_ok=True)
            net.save(out)
    return Net.load(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m training.distill",
                                 description="Fit the Portes net to gnubg's labels.")
    ap.add_argument("--data", required=True, help="glob of label CSV files")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--hidden", type=int, default=160)
    ap.add_argument("--epochs", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lr", type=float, default=0.003)
    ap.add_argument("--rank", type=float, default=4.0)
    ap.add_argument("--init", type=Path)
    ap.add_argument("--label-ply", type=int, default=0,
                    help="the ply gnubg labelled at (LABEL_PLY), recorded in the weights' meta")
    a = ap.parse_args(argv)
    distill(a.data, a.out, hidden=a.hidden, epochs=a.epochs, seed=a.seed, lr=a.lr,
            rank=a.rank, init=a.init, label_ply=a.label_ply)
    return 0


if __name__ == "__main__":
    sys.exit(main())
