"""Train an expert net towards its own look-ahead (search-bootstrapped value iteration).

Each round:

1. **Play.** The current net plays games against itself, greedy at 0-ply, a share
   ``epsilon`` of its plays at random.
2. **Label.** At every decision the best few candidates (by the 0-ply net) and one
   other at random are labelled with the net's *one-roll look-ahead*: for each of
   the opponent's 21 rolls their best reply by the same net, the five outputs of
   that reply seen from our side, averaged with the rolls' weights (finished games
   are labelled with their true result). This is one step of value iteration,
   the expectimax backup, applied to the plays the greedy policy is choosing
   between: exactly the values whose errors decide its plays.
3. **Fit.** The net (starting from the current weights) is fitted to the labels of
   the last few rounds (cross-entropy, Adam), and becomes the next round's net.

So each round's 0-ply net learns what the previous one saw one roll deeper. Every
round is saved (``<out>-r<k>.npz``) with a row of the learning curve (the new
net at 0-ply against ``strong``); the command resumes from the last saved round::

    python -m training.lookahead_fit --game fevga --init models/fevga.npz \\
        --rounds 20 --games 150 --seed 1 --out fevga_la.npz
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from tavli_voice.rules import Position, game_outcome
from tavli_voice.rules.games import PIN, S_BAR, S_OFF, S_OPP_BAR, S_OPP_OFF, from_state, to_state
from tavli_voice.bots.expert import ROLL_WEIGHTS, ROLLS
from tavli_voice.bots.fastgen import result_states
from tavli_voice.bots.features import Boards, FloatArray, encode
from tavli_voice.bots.net import Net, equity, load_model, swap

from .policy_iter import fit
from .train import final_targets, match_vs_strong, walk_game


def lookahead_outputs(net: Net, results: Sequence[Position]) -> FloatArray:
    """The five outputs of each result position for the side that just moved, one
    roll deeper: the opponent's best reply (by ``net``'s equity) to each of their 21
    rolls, seen from our side and averaged with the rolls' weights. A finished game
    gives its true result; a roll the opponent cannot play leaves the board to us."""
    out = np.zeros((len(results), 5), np.float32)
    if not results:
        return out
    rows: list[tuple[int, ...]] = []
    starts: list[int] = []
    groups: list[int] = []
    weights: list[float] = []
    like = results[0]
    for j, res in enumerate(results):
        if game_outcome(res) is not None:
            out[j] = final_targets(res)
            continue
        opp = res.flip()
        for roll, w in zip(ROLLS, ROLL_WEIGHTS):
            states = result_states(opp, roll)
            starts.append(len(rows))
            groups.append(j)
            weights.append(float(w))
            rows.extend(states if states else [tuple(to_state(opp))])
    if not rows:
        return out
    a = np.array(rows, dtype=np.int32)
    pins = (a[:, PIN + 1:PIN + 25] if like.game == "plakoto"
            else np.zeros((len(a), 24), np.int32))
    b = Boards(like.game, a[:, 1:25], pins, a[:, [S_BAR, S_OPP_BAR]],
               a[:, [S_OFF, S_OPP_OFF]], like=like)
    o = net.outputs(encode(b))  # the replying side's outputs (they just moved)
    ended = a[:, S_OFF] == 15
    if like.game == "plakoto":
        ended |= a[:, PIN + 1] == -1
    for i in np.flatnonzero(ended):
        if game_outcome(b.position(int(i))) is not None:
            o[i] = final_targets(b.position(int(i)))
    eq = equity(o, like.preset)
    bounds = np.append(np.array(starts), len(rows))
    for g, (s, e) in enumerate(zip(bounds[:-1], bounds[1:])):
        k = s + int(np.argmax(eq[s:e]))
        out[groups[g]] += weights[g] * swap(o[k])
    return out


def play_and_label(net: Net, game: str, games: int, seed: int, *, top: int = 4,
                   epsilon: float = 0.1, quiet: bool = True) -> tuple[FloatArray, FloatArray]:
    """Self-play games of ``net``; feature rows of the labelled candidates and their
    look-ahead outputs."""
    rng = random.Random(f"la:{game}:{seed}")
    xs: list[FloatArray] = []
    ys: list[FloatArray] = []

    def choose(_side: int, pos: Position, states: list[tuple[int, ...]], x: FloatArray
               ) -> int:
        eq = equity(net.outputs(x))
        order = [int(i) for i in np.argsort(-eq)]
        chosen = order[:top]
        rest = order[top:]
        if rest:
            chosen.append(rest[rng.randrange(len(rest))])
        if len(states) > 1:  # a forced play teaches nothing about choosing
            results = [from_state(states[k], pos) for k in chosen]
            xs.append(x[chosen].copy())
            ys.append(lookahead_outputs(net, results))
        return rng.randrange(len(states)) if rng.random() < epsilon else order[0]

    t0 = time.time()
    for g in range(games):
        if not quiet and g and g % 25 == 0:
            print(f"{game}: game {g} of {games}, {sum(len(x) for x in xs)} labels, "
                  f"{time.time() - t0:.0f} s", file=sys.stderr, flush=True)
        walk_game(game, rng, choose)
    n_in = xs[0].shape[1] if xs else 0
    return (np.concatenate(xs) if xs else np.zeros((0, n_in), np.float32),
            np.concatenate(ys) if ys else np.zeros((0, 5), np.float32))


def fit_from(net: Net, x: FloatArray, y: FloatArray, epochs: int, *, lr: float = 0.0005,
             seed: int = 0) -> Net:
    """``net`` (a copy) fitted further to ``(x, y)``: :func:`.policy_iter.fit` from its
    weights (cross-entropy, Adam, minibatches)."""
    fitted, _held_out = fit(net.game, x, y, epochs, seed=seed, lr=lr, init=net)
    fitted.meta.update(net.meta)
    return fitted


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m training.lookahead_fit",
                                 description="Fit a net to its own one-roll look-ahead, "
                                             "round after round (resumes).")
    ap.add_argument("--game", required=True, choices=("portes", "plakoto", "fevga"))
    ap.add_argument("--init", type=Path, help="starting weights (default: the installed net)")
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--games", type=int, default=150, help="self-play games a round")
    ap.add_argument("--top", type=int, default=4, help="best candidates labelled a decision")
    ap.add_argument("--epsilon", type=float, default=0.1)
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--lr", type=float, default=0.0005)
    ap.add_argument("--keep", type=int, default=3, help="rounds of labels the fit uses")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--eval-games", type=int, default=200)
    ap.add_argument("--out", type=Path, required=True)
    a = ap.parse_args(argv)
    curve = a.out.with_name(f"{a.out.stem}-curve.jsonl")
    done = 0
    while a.out.with_name(f"{a.out.stem}-r{done + 1}.npz").exists():
        done += 1
    net = (Net.load(a.out.with_name(f"{a.out.stem}-r{done}.npz")) if done
           else Net.load(a.init) if a.init else load_model(a.game))
    if not done and a.eval_games:
        row0 = {"round": 0, **{k: round(v, 3) for k, v in
                               match_vs_strong(net, a.game, a.eval_games, seed=777).items()}}
        with curve.open("a") as f:
            f.write(json.dumps(row0) + "\n")
    for r in range(done + 1, a.rounds + 1):
        t0 = time.time()
        data = a.out.with_name(f"{a.out.stem}-labels-r{r}.npz")
        if data.exists():
            with np.load(data) as z:
                x, y = z["x"], z["y"]
        else:
            x, y = play_and_label(net, a.game, a.games, a.seed * 1000 + r, top=a.top,
                                  epsilon=a.epsilon, quiet=False)
            np.savez_compressed(data, x=x, y=y)
        xs, ys = [x], [y]
        for back in range(r - 1, max(0, r - a.keep), -1):
            old = a.out.with_name(f"{a.out.stem}-labels-r{back}.npz")
            if old.exists():
                with np.load(old) as z:
                    xs.append(z["x"])
                    ys.append(z["y"])
        net = fit_from(net, np.concatenate(xs), np.concatenate(ys), a.epochs, lr=a.lr,
                       seed=a.seed * 1000 + r)
        net.meta.update({"method": "fitted to its own one-roll look-ahead, round by round",
                         "round": str(r), "command": "python -m training.lookahead_fit "
                         + " ".join(sys.argv[1:] if argv is None else argv)})
        net.save(a.out.with_name(f"{a.out.stem}-r{r}.npz"))
        row: dict[str, object] = {"round": r, "labels": len(x),
                                  "minutes": round((time.time() - t0) / 60, 1)}
        if a.eval_games:
            row.update({k: round(v, 3) for k, v in
                        match_vs_strong(net, a.game, a.eval_games, seed=777).items()})
        with curve.open("a") as f:
            f.write(json.dumps(row) + "\n")
        print(json.dumps(row), flush=True)
    net.save(a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
