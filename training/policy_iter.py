"""Train an expert net by policy iteration on self-play games.

Each round is one step of policy iteration:

1. **Play.** A fixed policy plays games against itself: the strong bot's
   judgement in the first round (the best play by the ``knowledge`` feature),
   after that the previous round's net (greedy, 0-ply). A share ``epsilon`` of
   the plays is random, so that plays the policy never makes are seen too.
2. **Evaluate.** The net is fitted to the true results of those games: every
   result position the policy played is labelled with how that game ended for
   the side that had just moved (win, mars, triple; Monte-Carlo returns, the
   TD(λ = 1) target). Cross-entropy on the five outputs, Adam, minibatches,
   5% of the positions held out to report the fit.
3. **Improve.** Playing greedily by the fitted values is the improved policy
   for the next round.

Because the policy is fixed while its games are played, the targets do not move
under the learner, unlike in on-line TD self-play (whose Plakoto and Fevga
curves swung by ±10% of the points from one checkpoint to the next).

One command, seeded; a round's games are saved beside the output (one file a
part) and reused when the same command runs again::

    python -m training.policy_iter --game fevga --games 6000 --seed 1 \\
        --out fevga_r1.npz
    python -m training.policy_iter --game fevga --games 6000 --parts 3 --seed 1 \\
        --out fevga_r1.npz    # 18,000 games in three seeded parts

``--data`` adds game sets saved by earlier rounds (their ``…-games-N.npz``
files) to the fit; with ``--games 0`` the net is fitted to those alone, so one
larger net can learn from several rounds' games::

    python -m training.policy_iter --game plakoto --games 0 --hidden 240 \
        --epochs 10 --seed 41 --data c2-games-2.npz c3-games-3.npz --out big.npz

A long fit is resumable: after every epoch it is saved beside the output
(``…-fit.npz``: the weights and the optimiser's moments) and the same command run
again after a kill goes on from there to the same weights, to the bit; the file
goes once the net is saved. ``--schedule cosine`` lowers the learning rate from
``--lr`` to a twentieth of it over the epochs, and ``--curve`` appends one JSON
line an epoch (held-out cross-entropy, step size, seconds) and the result.
``training/README.md`` has the wide, long Fevga fit ready to run detached.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from pathlib import Path
from typing import Callable

import numpy as np

from tavli_voice.rules import Position

from tavli_voice.bots.features import FloatArray, n_features
from tavli_voice.bots.net import Net, equity, swap

from .distill import Adam
from .train import final_targets, match_vs_strong, walk_game


def play_games(game: str, games: int, seed: int, policy: Net | None = None,
               epsilon: float = 0.05, quiet: bool = True, *, against_strong: bool = False
               ) -> tuple[FloatArray, FloatArray]:
    """Feature rows of every result position the policy played, and the true outputs
    of each (the game's end, seen from the side that had just moved).

    With ``against_strong`` the policy plays only one side (the first mover in
    even-numbered games), the strong bot's judgement the other, and only the
    policy's plays are recorded: their values are then those of play against
    ``strong``, a fixed opponent, so each round is a step of policy iteration
    towards the best reply to it."""
    rng = random.Random(f"pe:{game}:{seed}" + (":vs-strong" if against_strong else ""))

    def one_game(mine: int) -> tuple[list[FloatArray], list[int], Position | None, int]:
        """The rows the policy played (side ``mine`` against strong), their sides,
        the finished result and the side that made it."""
        xs: list[FloatArray] = []
        sides: list[int] = []

        def choose(side: int, _pos: Position, states: list[tuple[int, ...]], x: FloatArray
                   ) -> int:
            strong_turn = against_strong and side != mine
            if rng.random() < epsilon and not strong_turn:
                k = rng.randrange(len(states))
            elif policy is None or strong_turn:
                k = int(np.argmax(x[:, -1]))  # the strong bot's judgement
            else:
                k = int(np.argmax(equity(policy.outputs(x))))
            if not strong_turn:
                xs.append(x[k].copy())  # a copy: a view would keep the whole turn's matrix
                sides.append(side)
            return k

        end, final_side = walk_game(game, rng, choose,
                                    side=0 if against_strong else rng.randrange(2))
        return xs, sides, end, final_side

    xs_all: list[FloatArray] = []
    ys_all: list[FloatArray] = []
    for g in range(games):
        if not quiet and g % 1000 == 0:
            print(f"{game}: game {g} of {games}", file=sys.stderr, flush=True)
        xs, sides, end, final_side = one_game(g % 2)  # g % 2: the policy's side against strong
        if end is None:  # the turn limit: no true result to learn from
            continue
        final = final_targets(end)  # for the side whose play ended the game
        for x_row, s in zip(xs, sides):
            xs_all.append(x_row)
            ys_all.append(final if s == final_side else swap(final))
    n_in = len(xs_all[0]) if xs_all else 0
    return (np.array(xs_all, np.float32).reshape(-1, n_in),
            np.array(ys_all, np.float32).reshape(-1, 5))


def load_games(path: Path, game: str) -> tuple[FloatArray, FloatArray]:
    """A game set saved by :func:`main` (feature rows and their true outputs)."""
    with np.load(path) as z:
        x, y = z["x"], z["y"]
    if x.ndim != 2 or y.shape != (len(x), 5) or x.shape[1] != n_features(game):
        raise ValueError(f"{path}: not a saved {game} game set of this feature set")
    return x, y


def cross_entropy(net: Net, x: FloatArray, y: FloatArray) -> float:
    """Mean cross-entropy of the win and mars outputs on ``x`` against ``y``."""
    out = net.outputs(x)[:, :2].astype(np.float64)
    t = y[:, :2]
    return float(-(t * np.log(out + 1e-7) + (1 - t) * np.log(1 - out + 1e-7)).mean())


#: rows in one held-out block (``hold_out="blocks"``): about 11 Fevga or 4 Plakoto games
HOLD_OUT_BLOCK = 1000


def learning_rate(lr: float, epoch: int, epochs: int, schedule: str = "constant") -> float:
    """The step size of ``epoch`` (0-based) of ``epochs``: ``lr`` throughout, or with
    ``cosine`` from ``lr`` down to a twentieth of it by the last epoch.

    >>> learning_rate(0.002, 0, 80, "cosine"), round(learning_rate(0.002, 79, 80, "cosine"), 6)
    (0.002, 0.0001)
    >>> learning_rate(0.002, 40, 80)
    0.002
    """
    if schedule == "constant" or epochs < 2:
        return lr
    if schedule != "cosine":
        raise ValueError(f"unknown learning-rate schedule {schedule!r}")
    floor = lr / 20
    return floor + (lr - floor) * 0.5 * (1.0 + math.cos(math.pi * epoch / (epochs - 1)))


def _save_checkpoint(path: Path, net: Net, opt: Adam, epoch: int, ce: float, sig: str) -> None:
    """The fit after ``epoch`` epochs (weights, the optimiser's moments), written whole
    or not at all (a kill mid-write leaves the previous checkpoint)."""
    arrays: dict[str, object] = {"sig": np.array(sig), "epoch": np.array(epoch),
                                 "ce": np.array(ce), "t": np.array(opt.t)}
    for i, (p, m, v) in enumerate(zip(opt.params, opt.m, opt.v)):
        arrays[f"p{i}"], arrays[f"m{i}"], arrays[f"v{i}"] = p, m, v
    tmp = path.with_name(path.name + ".tmp.npz")
    np.savez(tmp, **arrays)  # type: ignore[arg-type]
    os.replace(tmp, path)


def _load_checkpoint(path: Path, opt: Adam, sig: str) -> tuple[int, float]:
    """Restore a fit saved by :func:`_save_checkpoint` into ``opt``'s arrays (the
    net's own); its epochs done and held-out cross-entropy."""
    with np.load(path) as z:
        if str(z["sig"]) != sig:
            raise ValueError(f"{path}: a checkpoint of another fit ({z['sig']}), not {sig}")
        for i, (p, m, v) in enumerate(zip(opt.params, opt.m, opt.v)):
            p[...], m[...], v[...] = z[f"p{i}"], z[f"m{i}"], z[f"v{i}"]
        opt.t = int(z["t"])
        return int(z["epoch"]), float(z["ce"])


def fit(game: str, x: FloatArray, y: FloatArray, epochs: int, *, hidden: int = 80,
        seed: int = 0, lr: float = 0.001, quiet: bool = True, init: Net | None = None,
        schedule: str = "constant", checkpoint: Path | None = None, curve: Path | None = None,
        snapshot: Callable[[int, Net], None] | None = None, hold_out: str = "rows"
        ) -> tuple[Net, float]:
    """A net fitted to ``(x, y)`` (a fresh one, or a copy of ``init``); returns it and
    its held-out cross-entropy.

    ``schedule`` is the learning rate's (:func:`learning_rate`). With ``checkpoint``
    the fit is saved there after every epoch and, when that file exists, resumed
    from it: a fit killed and run again ends with the same weights as one never
    stopped. ``curve`` gets one JSON line an epoch (its held-out cross-entropy);
    ``snapshot(epoch, net)`` is called after every epoch (to keep some nets on the way).

    ``hold_out`` picks the 5% of ``x`` the fit never sees: every 20th row (``rows``,
    as the recorded commands ran), or every 20th block of :data:`HOLD_OUT_BLOCK`
    rows (``blocks``; smaller blocks when there are fewer than 20 of them). A game's rows
    sit together and share its result, so with ``rows`` the held-out rows have their
    games' neighbours in the fit and their cross-entropy keeps falling while the net
    learns those games by heart; whole
    blocks are mostly whole games, so ``blocks`` measures positions of unseen
    games, what a long fit needs to stop at the right epoch."""
    net = Net.new(game, hidden, seed) if init is None else Net(
        init.game, init.w1.copy(), init.b1.copy(), init.w2.copy(), init.b2.copy(), {},
        None if init.ws is None else init.ws.copy())
    params = [net.w1, net.b1, net.w2, net.b2] + ([net.ws] if net.ws is not None else [])
    opt = Adam(params, lr)
    if hold_out == "rows":
        held = np.arange(len(x)) % 20 == 0
    elif hold_out == "blocks":
        block = max(1, min(HOLD_OUT_BLOCK, len(x) // 20))  # 20 blocks at least: 5% held
        held = (np.arange(len(x)) // block) % 20 == 0
    else:
        raise ValueError(f"unknown hold-out {hold_out!r}: rows or blocks")
    train_rows = np.flatnonzero(~held)
    test_rows = np.flatnonzero(held)
    ce = float("nan")
    sig = (f"{game} hidden {net.w1.shape[1]} rows {len(x)} seed {seed} epochs {epochs} "
           f"lr {lr} {schedule}" + ("" if hold_out == "rows" else f" hold-out {hold_out}"))
    done = 0
    if checkpoint is not None and checkpoint.exists():
        done, ce = _load_checkpoint(checkpoint, opt, sig)
        if not quiet:
            print(f"resumed after epoch {done} from {checkpoint}", file=sys.stderr, flush=True)
    for ep in range(done, epochs):
        t0 = time.time()
        opt.lr = learning_rate(lr, ep, epochs, schedule)
        perm = np.random.default_rng(ep + 100 * seed).permutation(train_rows)
        for i in range(0, len(perm), 512):
            rows = perm[i:i + 512]
            xb = x[rows]
            h, out = net.forward(xb)
            d2 = (out - y[rows]) / len(rows)
            dh = (d2 @ net.w2.T) * h * (1.0 - h)
            grads = [xb.T @ dh, dh.sum(axis=0), h.T @ d2, d2.sum(axis=0)]
            if net.ws is not None:
                grads.append(xb.T @ d2)
            opt.step(grads)
        if len(test_rows):
            ce = cross_entropy(net, x[test_rows], y[test_rows])
        if checkpoint is not None:
            _save_checkpoint(checkpoint, net, opt, ep + 1, ce, sig)
        if curve is not None:
            curve.parent.mkdir(parents=True, exist_ok=True)
            with open(curve, "a") as f:
                f.write(json.dumps({"game": game, "epoch": ep + 1, "epochs": epochs,
                                    "lr": round(opt.lr, 7), "hidden": net.w1.shape[1],
                                    "positions": len(x), "held_out_cross_entropy": round(ce, 5),
                                    "seconds": round(time.time() - t0, 1)}) + "\n")
        if snapshot is not None:
            snapshot(ep + 1, net)
        if not quiet:
            print(f"epoch {ep + 1}: held-out cross-entropy {ce:.4f} (lr {opt.lr:.2g}, "
                  f"{time.time() - t0:.0f} s)", file=sys.stderr, flush=True)
    return net, ce


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m training.policy_iter",
                                 description="One round of policy iteration on self-play games.")
    ap.add_argument("--game", required=True, choices=("portes", "plakoto", "fevga"))
    ap.add_argument("--games", type=int, default=5000, help="games per part")
    ap.add_argument("--parts", type=int, default=1,
                    help="parts of --games games each, seeded --seed, --seed + 1, …")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--hidden", type=int, default=80)
    ap.add_argument("--epsilon", type=float, default=0.05)
    ap.add_argument("--against-strong", action="store_true",
                    help="the policy plays its games against strong's judgement (its own "
                         "side recorded) instead of against itself")
    ap.add_argument("--init", type=Path, help="start the fit from these weights (default: "
                                              "a fresh net)")
    ap.add_argument("--lr", type=float, default=0.001)
    ap.add_argument("--schedule", choices=("constant", "cosine"), default="constant",
                    help="the learning rate through the epochs: constant, or cosine from "
                         "--lr down to a twentieth of it")
    ap.add_argument("--hold-out", choices=("rows", "blocks"), default="rows",
                    help="the 5%% held out of the fit: every 20th row (as the recorded commands "
                         "ran) or every 20th block of 1,000 rows, mostly whole games, which "
                         "shows when a long fit starts to learn its games by heart")
    ap.add_argument("--keep-every", type=int, default=0, metavar="K",
                    help="also keep the net after every K epochs (…-eK.npz, …-e2K.npz, …) "
                         "beside the output, to compare the fit on the way")
    ap.add_argument("--curve", type=Path, help="append the fit's learning curve here (JSON "
                                               "lines: one an epoch, then the result)")
    ap.add_argument("--policy", type=Path, help="the previous round's net (default: the strong "
                                                "bot's judgement)")
    ap.add_argument("--data", type=Path, nargs="+", default=[],
                    help="game sets saved by earlier rounds (…-games-N.npz), fitted after "
                         "this round's games (with --games 0: alone)")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--eval-games", type=int, default=400,
                    help="games of the new net (0-ply) against strong afterwards")
    a = ap.parse_args(argv)
    t0 = time.time()
    policy = Net.load(a.policy) if a.policy else None
    xs: list[FloatArray] = []
    ys: list[FloatArray] = []
    for part in range(a.parts if a.games else 0):  # each part its own seed and saved games,
        seed = a.seed + part                           # reused on a rerun
        data = a.out.with_name(f"{a.out.stem}-games-{seed}.npz")
        if data.exists():
            x, y = load_games(data, a.game)
        else:
            x, y = play_games(a.game, a.games, seed, policy, a.epsilon, quiet=False,
                              against_strong=a.against_strong)
            a.out.parent.mkdir(parents=True, exist_ok=True)
            np.savez_compressed(data, x=x, y=y)
        xs.append(x)
        ys.append(y)
    for path in a.data:
        x, y = load_games(path, a.game)
        xs.append(x)
        ys.append(y)
    if not xs:
        ap.error("no games to fit: --games 0 needs --data")
    x, y = np.concatenate(xs), np.concatenate(ys)
    xs.clear()  # the parts are in x now: not held twice through a long fit
    ys.clear()
    # the fit is saved after every epoch beside the output and resumed from there when the
    # same command runs again (its games are reused too); removed once the net is saved
    checkpoint = a.out.with_name(f"{a.out.stem}-fit.npz")
    a.out.parent.mkdir(parents=True, exist_ok=True)

    def keep(epoch: int, net: Net) -> None:
        if a.keep_every and epoch % a.keep_every == 0 and epoch < a.epochs:
            kept = Net(net.game, net.w1, net.b1, net.w2, net.b2, dict(net.meta), net.ws)
            kept.meta.update({"method": f"policy iteration fit after epoch {epoch} of {a.epochs}",
                              "command": "python -m training.policy_iter "
                                         + " ".join(sys.argv[1:] if argv is None else argv)})
            kept.save(a.out.with_name(f"{a.out.stem}-e{epoch}.npz"))

    net, ce = fit(a.game, x, y, a.epochs, hidden=a.hidden, seed=a.seed, quiet=False,
                  init=Net.load(a.init) if a.init else None, lr=a.lr, schedule=a.schedule,
                  checkpoint=checkpoint, curve=a.curve, snapshot=keep, hold_out=a.hold_out)
    net.meta.update({
        "method": ("policy iteration: fitted to the results of self-play games of "
                   + (a.policy.name if a.policy else "the strong judgement")) if a.games
                  else "fitted to the results of saved game sets",
        "game": a.game, "games": str(a.games * a.parts), "seed": str(a.seed), "epsilon": str(a.epsilon),
        "hidden": str(a.hidden), "data": " ".join(p.name for p in a.data),
        "epochs": str(a.epochs), "lr": f"{a.lr} {a.schedule}", "hold_out": a.hold_out,
        "opponent": "strong" if a.against_strong else "itself",
        "command": "python -m training.policy_iter "
                   + " ".join(sys.argv[1:] if argv is None else argv)})
    net.save(a.out)
    checkpoint.unlink(missing_ok=True)
    row: dict[str, object] = {"game": a.game, "out": str(a.out), "positions": len(x),
                              "held_out_cross_entropy": round(ce, 4)}
    if a.eval_games:
        row.update({k: round(v, 3) for k, v in
                    match_vs_strong(net, a.game, a.eval_games, seed=777).items()})
    row["minutes"] = round((time.time() - t0) / 60, 1)
    print(json.dumps(row), flush=True)
    if a.curve is not None:
        with open(a.curve, "a") as f:
            f.write(json.dumps(row) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
