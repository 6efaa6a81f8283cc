"""Train an expert net by self-play with temporal-difference learning, TD(λ).

The TD-Gammon recipe: the net plays both sides, always choosing the play
whose result it values most (0-ply, every candidate of a turn valued in one
matrix product). After each game the positions it passed through are
trained toward their λ-returns (the forward view of TD(λ), computed offline
over the game): the value of the next position seen from the same side,
mixed with later ones by λ, and the real result at the end (win, mars,
triple). One gradient step per game (cross-entropy on the five outputs).

One command, seeded and resumable::

    python -m training.train --game plakoto --games 50000 --seed 1 \\
        --out /work/train/plakoto.npz --curve benchmarks/curves/plakoto.jsonl

Every ``--every`` games it saves a checkpoint (the weights plus the RNG
state and the games played, so a rerun of the same command resumes) and
measures the net against the ``strong`` bot over ``--eval-games`` seeded
games, appending a line to the learning curve.
"""

from __future__ import annotations

import argparse
import json
import pickle
import random
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path

import numpy as np

from tavli_voice.rules import Position, game_outcome, legal_plays
from tavli_voice.rules.games import from_state
from tavli_voice.bots.features import FloatArray, candidate_states
from tavli_voice.bots.net import N_OUT, WIN, Net, equity, swap
from tavli_voice.bots.strong import StrongBot

from .distill import Adam


def _dice(rng: random.Random, first: bool, game: str) -> tuple[int, int]:
    a, b = rng.randint(1, 6), rng.randint(1, 6)
    while first and game == "portes" and a == b:  # R3: a Portes game never opens on a double
        a, b = rng.randint(1, 6), rng.randint(1, 6)
    return a, b


def final_targets(pos: Position) -> FloatArray:
    """The outputs' true values for the mover of a finished result position."""
    out = game_outcome(pos)
    assert out is not None
    t = np.zeros(N_OUT, np.float32)
    if out.winner is None:
        t[0] = 0.5
        return t
    t[0] = 1.0
    t[1] = float(out.points >= 2)
    t[2] = float(out.points >= 3)
    return t if out.winner == 0 else swap(t)


#: A turn's chooser for :func:`walk_game`: given the side to move (0/1), the
#: position (its mover to play), the distinct result states of the roll and their
#: feature rows, the index of the play.
Chooser = Callable[[int, Position, list[tuple[int, ...]], FloatArray], int]


def walk_game(game: str, rng: random.Random, choose: Chooser, *, side: int = 0,
              start: Position | None = None, preset: str = "tavlucky",
              max_turns: int = 2000) -> tuple[Position | None, int]:
    """Play one game with ``rng``'s dice, every play chosen by ``choose``.

    From the opening (its first roll by the opening rule), or from ``start`` with
    its mover to roll. A roll without a legal play passes the turn. Returns the
    finished result position and the side (0/1) that made it, or ``None`` and the
    side to move when ``max_turns`` ran out. Every self-play walker of the
    trainers goes through here, so their seeded games draw the dice and the
    choosers' random numbers in one order."""
    pos = start if start is not None else Position.initial(game, preset)
    for turn in range(max_turns):
        states, x = candidate_states(pos, _dice(rng, turn == 0 and start is None, game))
        if not states:
            pos = pos.flip()
            side ^= 1
            continue
        res = from_state(states[choose(side, pos, states, x)], pos)
        if game_outcome(res) is not None:
            return res, side
        pos = res.flip()
        side ^= 1
    return None, side


def self_play_game(net: Net, rng: random.Random, game: str, preset: str = "tavlucky",
                   epsilon: float = 0.0, max_turns: int = 2000, start: Position | None = None,
                   strong_side: int | None = None
                   ) -> tuple[FloatArray, FloatArray, list[int], FloatArray | None]:
    """One greedy self-play game (from the opening, or from ``start`` with its mover
    to roll): the features, outputs and side (0/1) of each result position played,
    and the true final outputs for the last one.

    With ``strong_side`` (0 or 1) that side plays by the strong bot's evaluation
    instead (the best ``knowledge`` feature, Plakoto and Fevga): a game against
    the fixed yardstick, its positions learnt like any other."""
    xs: list[FloatArray] = []
    ys: list[FloatArray] = []
    sides: list[int] = []

    def choose(side: int, _pos: Position, states: list[tuple[int, ...]], x: FloatArray
               ) -> int:
        y = net.outputs(x)
        if side == strong_side:
            k = int(np.argmax(x[:, -1]))
        elif epsilon and rng.random() < epsilon:
            k = rng.randrange(len(states))
        else:
            k = int(np.argmax(equity(y, preset)))
        xs.append(x[k])
        ys.append(y[k])
        sides.append(side)
        return k

    first = rng.randrange(2)
    end, _side = walk_game(game, rng, choose, side=first, start=start, preset=preset,
                           max_turns=max_turns)
    final = final_targets(end) if end is not None else None
    return np.array(xs), np.array(ys), sides, final


def lambda_returns(ys: FloatArray, sides: list[int], final: FloatArray | None,
                   lam: float) -> FloatArray:
    """TD(λ) targets (forward view) for each position of one game."""
    n = len(sides)
    g = np.empty_like(ys)
    if final is None:  # an unfinished game (turn limit): bootstrap from the last value
        final = ys[-1]
    g[n - 1] = final
    for t in range(n - 2, -1, -1):
        nxt_v = ys[t + 1]
        nxt_g = g[t + 1]
        if sides[t + 1] != sides[t]:
            nxt_v = swap(nxt_v)
            nxt_g = swap(nxt_g)
        g[t] = (1.0 - lam) * nxt_v + lam * nxt_g
    return g


def train_step(net: Net, x: FloatArray, target: FloatArray, lr: float,
               train_linear: bool = False, fixed_win: bool = False) -> float:
    """One gradient step of cross-entropy toward ``target``; returns the mean squared error.

    The linear path (the strong judgement, :meth:`.net.Net.new`) stays as it is unless
    ``train_linear``: self-play only teaches the hidden layer's corrections to it. With
    ``fixed_win`` only the mars and triple outputs learn (the win output stays as it is)."""
    h, y = net.forward(x)
    d2 = (y - target).astype(np.float32)
    if fixed_win:
        d2[:, WIN] = 0.0
    dh = (d2 @ net.w2.T) * h * (1.0 - h)
    net.w2 -= lr * (h.T @ d2)
    net.b2 -= lr * d2.sum(axis=0)
    if net.ws is not None and train_linear:
        net.ws -= lr * (x.T @ d2)
    net.w1 -= lr * (x.T @ dh)
    net.b1 -= lr * dh.sum(axis=0)
    return float((d2 ** 2).mean())


def imitate_strong(net: Net, game: str, games: int, rng: random.Random, epochs: int = 4,
                   lr: float = 0.003, quiet: bool = False) -> float:
    """Start a net from the strong bot's judgement (before TD): fit its win output to
    the strong evaluation's winning chance (its ``knowledge`` feature) on every
    candidate result of games the strong bot plays against itself (one play in ten
    at random, for variety). Returns the final mean squared error."""
    xs: list[FloatArray] = []

    def choose(_side: int, _pos: Position, states: list[tuple[int, ...]], x: FloatArray
               ) -> int:
        xs.append(x)
        if rng.random() < 0.1:
            return rng.randrange(len(states))
        return int(np.argmax(x[:, -1]))

    for _ in range(games):
        walk_game(game, rng, choose, max_turns=600)
    x_all = np.concatenate(xs)
    target = (1.0 + x_all[:, -1]) / 2.0  # the knowledge feature is 2·chance − 1
    opt = Adam([net.w1, net.b1, net.w2, net.b2], lr)
    err = 0.0
    for ep in range(epochs):
        perm = np.random.default_rng(ep).permutation(len(x_all))
        for i in range(0, len(perm), 256):
            rows = perm[i:i + 256]
            x = x_all[rows]
            h, y = net.forward(x)
            d2 = np.zeros_like(y)
            d2[:, 0] = (y[:, 0] - target[rows]) / len(rows)
            # mars outputs start low and even: TD teaches them
            d2[:, 1:] = (y[:, 1:] - 0.05) / len(rows) * 0.2
            dh = (d2 @ net.w2.T) * h * (1.0 - h)
            opt.step([x.T @ dh, dh.sum(axis=0), h.T @ d2, d2.sum(axis=0)])
        err = float(((net.outputs(x_all[:5000])[:, 0] - target[:5000]) ** 2).mean())
        if not quiet:
            print(f"imitation epoch {ep + 1}: {len(x_all)} positions, mse {err:.4f}",
                  file=sys.stderr, flush=True)
    return err


# --------------------------------------------------------------- evaluation
def net_choice(net: Net, plays: Iterable, preset: str) -> int:  # type: ignore[type-arg]
    plays = list(plays)
    return int(np.argmax(net.equities([p.result for p in plays])))


def match_vs_strong(net: Net, game: str, games: int, seed: int = 12345,
                    preset: str = "tavlucky") -> dict[str, float]:
    """Single games (no cube), the net against ``strong``, each starting half the games.

    Returns the net's share of the points, its win rate and points per game.
    """
    rng = random.Random(f"eval:{seed}")
    strong = StrongBot(seed)
    won = lost = wins = 0
    for g in range(games):
        pos = Position.initial(game, preset)
        net_side = g % 2          # 0: the net moves first
        side = 0
        for turn in range(4000):
            plays = legal_plays(pos, _dice(rng, turn == 0, game))
            if plays:
                if side == net_side:
                    play = plays[net_choice(net, plays, preset)]
                else:
                    play = strong.choose_play(pos, (1, 1), plays)
                out = game_outcome(play.result)
                if out is not None:
                    if out.winner is not None:
                        winner = side if out.winner == 0 else side ^ 1
                        if winner == net_side:
                            won += out.points
                            wins += 1
                        else:
                            lost += out.points
                    break
                pos = play.result.flip()
            else:
                pos = pos.flip()
            side ^= 1
    total = max(1, won + lost)
    return {"share": won / total, "win_rate": wins / games, "ppg": (won - lost) / games}


# ------------------------------------------------------------------ driver
def _progress(total: int, initial: int) -> Callable[[int, str], None]:
    try:
        from tqdm import tqdm  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - tqdm is in the dev environment
        start = time.time()

        def simple(n: int, text: str) -> None:
            if n % 50 == 0:
                rate = (n - initial) / max(1e-9, time.time() - start)
                print(f"\r{n}/{total} games {rate:.1f}/s {text}", end="", file=sys.stderr)
        return simple
    bar = tqdm(total=total, initial=initial, unit="game", mininterval=5.0)

    def update(n: int, text: str) -> None:
        bar.update(1)
        if text:
            bar.set_postfix_str(text, refresh=False)
    return update


def train(game: str, games: int, seed: int, out: Path, *, hidden: int = 80, lam: float = 0.7,
          lr: float = 0.03, epsilon: float = 0.0, every: int = 1000, eval_games: int = 100,
          curve: Path | None = None, init: Path | None = None, quiet: bool = False,
          max_turns: int = 2000, imitate: int = 0, vs_strong: float = 0.0,
          fixed_win: bool = False) -> Net:
    """Train (or resume) a net for ``game``; see the module docstring."""
    ckpt = out.with_suffix(".ckpt")
    if ckpt.exists():
        with open(ckpt, "rb") as f:
            state = pickle.load(f)
        net = Net.load(out)
        rng: random.Random = state["rng"]
        done: int = state["games"]
        elapsed: float = state["elapsed"]
    else:
        net = Net.load(init) if init else Net.new(game, hidden, seed)
        rng = random.Random(f"td:{game}:{seed}")
        done = 0
        elapsed = 0.0
        if imitate and init is None:
            imitate_strong(net, game, imitate, rng, quiet=quiet)
            net.meta["start"] = f"imitation of the strong evaluation ({imitate} games)"
    net.meta.update({"method": "TD(lambda) self-play", "game": game, "seed": str(seed),
                     "lambda": str(lam), "hidden": str(net.w1.shape[1]), "lr": str(lr)})
    if vs_strong:
        net.meta["method"] = ("TD(lambda) self-play, part of the games against the strong "
                              "evaluation")
        net.meta["vs_strong"] = str(vs_strong)
    if fixed_win:
        net.meta["method"] += "; only the mars and triple outputs trained"
    update = (lambda n, t: None) if quiet else _progress(games, done)
    t0 = time.time() - elapsed
    err = 0.0
    while done < games:
        rate = lr * (1.0 if done < games // 2 else max(0.3, 2.0 * (1.0 - done / games)))
        strong_side = rng.randrange(2) if vs_strong and rng.random() < vs_strong else None
        xs, ys, sides, final = self_play_game(net, rng, game, epsilon=epsilon,
                                              max_turns=max_turns, strong_side=strong_side)
        if len(sides):
            g = lambda_returns(ys, sides, final, lam)
            err = 0.99 * err + 0.01 * train_step(net, xs, g, rate, fixed_win=fixed_win)
        done += 1
        update(done, f"err {err:.4f}" if done % 50 == 0 else "")
        if done % every == 0 or done == games:
            net.meta["games"] = str(done)
            out.parent.mkdir(parents=True, exist_ok=True)
            net.save(out)
            net.save(out.with_name(f"{out.stem}-{done}.npz"))  # every checkpoint kept
            with open(ckpt, "wb") as f:
                pickle.dump({"rng": rng, "games": done, "elapsed": time.time() - t0}, f)
            if curve is not None and eval_games:
                res = match_vs_strong(net, game, eval_games)
                row = {"game": game, "games": done, "minutes": round((time.time() - t0) / 60, 1),
                       "vs_strong_share": round(res["share"], 3),
                       "vs_strong_win_rate": round(res["win_rate"], 3),
                       "vs_strong_ppg": round(res["ppg"], 3), "eval_games": eval_games}
                curve.parent.mkdir(parents=True, exist_ok=True)
                with open(curve, "a") as f:
                    f.write(json.dumps(row) + "\n")
                if not quiet:
                    print(json.dumps(row), file=sys.stderr, flush=True)
    return net


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m training.train",
                                 description="Train an expert net by TD(lambda) self-play.")
    ap.add_argument("--game", required=True, choices=("portes", "plakoto", "fevga"))
    ap.add_argument("--games", type=int, default=50000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, required=True, help="weights (.npz); checkpoint beside it")
    ap.add_argument("--hidden", type=int, default=80)
    ap.add_argument("--lam", type=float, default=0.7)
    ap.add_argument("--lr", type=float, default=0.03)
    ap.add_argument("--epsilon", type=float, default=0.0)
    ap.add_argument("--every", type=int, default=1000, help="checkpoint and measure every N games")
    ap.add_argument("--eval-games", type=int, default=100)
    ap.add_argument("--curve", type=Path, help="append the learning curve (JSON lines) here")
    ap.add_argument("--init", type=Path, help="start from these weights instead of random ones")
    ap.add_argument("--imitate", type=int, default=0, metavar="GAMES",
                    help="first fit the net to the strong evaluation on this many games "
                         "(Plakoto, Fevga)")
    ap.add_argument("--vs-strong", type=float, default=0.0, metavar="SHARE",
                    help="play this share of the games against the strong evaluation "
                         "(Plakoto, Fevga) instead of against the net itself")
    ap.add_argument("--fixed-win", action="store_true",
                    help="train only the mars and triple outputs; the win output stays as it "
                         "starts (the strong judgement in Plakoto and Fevga)")
    a = ap.parse_args(argv)
    if a.vs_strong and a.game == "portes":
        ap.error("--vs-strong needs the strong judgement among the features (Plakoto, Fevga)")
    train(a.game, a.games, a.seed, a.out, hidden=a.hidden, lam=a.lam, lr=a.lr,
          epsilon=a.epsilon, every=a.every, eval_games=a.eval_games, curve=a.curve,
          init=a.init, imitate=a.imitate, vs_strong=a.vs_strong, fixed_win=a.fixed_win)
    return 0


if __name__ == "__main__":
    sys.exit(main())
