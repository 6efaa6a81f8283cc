"""Bot strength ladder: expert vs strong vs Rita vs random, per game.

Plays seeded single games for each pairing and each of Portes, Plakoto and
Fevga, alternating who starts (game i: the first-named bot starts when i is
even), and prints each pairing's win rate with a 95% Wilson interval, the
average points won per game, games per second and the mean time per bot
decision. Every game is reproducible from ``--seed``: its dice come from
``DiceSource(f"{seed}:{game}:{pairing}:{i}")`` (R3) and each bot gets its own
seed.

Targets: strong beats Rita in at least 70% of single games in each game, and
Rita beats random in at least 70%; the expert takes at least 75% of the points
against strong in Plakoto and Fevga ("pts%": the first-named bot's share of
all points scored).

Usage::

    python benchmarks/bots.py                 # 1000 games per pairing and game
    python benchmarks/bots.py --games 200 --game fevga --pairs strong:rita
    python benchmarks/bots.py --games 200 --pairs expert:strong,expert:rita
    python benchmarks/bots.py --jobs 2        # split the games over 2 processes
    python benchmarks/bots.py --calibrate 300 # fit the cube's score→chance scale
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from tavli_voice import blas  # noqa: F401  (one BLAS thread; before numpy is imported)
from tavli_voice.bots import make_bot, pre_roll_score
from tavli_voice.bots.base import Bot
from tavli_voice.rules import DiceSource, Position, game_outcome, legal_plays

GAMES = ("portes", "plakoto", "fevga")
PAIRS = ("strong:rita", "rita:random", "strong:random", "expert:strong")
MAX_TURNS = 3000  # a safety net; no real game comes near it


@dataclass
class Tally:
    """Results of one pairing in one game: wins of the first-named bot, etc."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    points_for: int = 0
    points_against: int = 0
    seconds: float = 0.0
    decisions: list[int] = field(default_factory=lambda: [0, 0])
    decision_seconds: list[float] = field(default_factory=lambda: [0.0, 0.0])

    def add(self, other: "Tally") -> None:
        """Merge another tally into this one."""
        self.games += other.games
        self.wins += other.wins
        self.draws += other.draws
        self.points_for += other.points_for
        self.points_against += other.points_against
        self.seconds += other.seconds
        for k in (0, 1):
            self.decisions[k] += other.decisions[k]
            self.decision_seconds[k] += other.decision_seconds[k]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (centre - half, centre + half)


def play_game(game: str, bots: tuple[Bot, Bot], starter: int, dice: DiceSource,
              preset: str = "tavlucky", tally: Tally | None = None,
              trace: list[tuple[int, float]] | None = None) -> tuple[int | None, int]:
    """One single game; returns (winner 0/1 or None for a draw, points).

    The starter's first roll is a non-double in a ``tavlucky`` Portes game
    (R3: the opening dice are played at once, so it never opens with a double).
    ``trace`` collects ``(player to roll, pre-roll score)`` for calibration.
    """
    pos = Position.initial(game, preset)
    mover = starter
    first = True
    for _ in range(MAX_TURNS):
        if trace is not None:
            trace.append((mover, pre_roll_score(pos)))
        roll = dice.non_double() if (first and game == "portes" and preset == "tavlucky") \
            else dice.roll()
        first = False
        plays = legal_plays(pos, roll)
        if plays:
            t0 = time.perf_counter()
            play = bots[mover].choose_play(pos, roll, plays)
            if tally is not None:
                tally.decision_seconds[mover] += time.perf_counter() - t0
                tally.decisions[mover] += 1
            pos = play.result
        out = game_outcome(pos)
        if out is not None:
            if out.winner is None:
                return None, 0
            return (mover if out.winner == 0 else 1 - mover), out.points
        pos = pos.flip()
        mover = 1 - mover
    return None, 0


def run_block(game: str, pair: str, start: int, stop: int, seed: int, preset: str) -> Tally:
    """Games ``start … stop-1`` of one pairing in one game."""
    a, b = pair.split(":")
    tally = Tally()
    t0 = time.perf_counter()
    for i in range(start, stop):
        bots = (make_bot(a, f"{seed}:{i}:0"), make_bot(b, f"{seed}:{i}:1"))
        dice = DiceSource(f"{seed}:{game}:{pair}:{i}")
        winner, points = play_game(game, bots, i % 2, dice, preset, tally)
        tally.games += 1
        if winner is None:
            tally.draws += 1
        elif winner == 0:
            tally.wins += 1
            tally.points_for += points
        else:
            tally.points_against += points
    tally.seconds = time.perf_counter() - t0
    return tally


def run(game: str, pair: str, games: int, seed: int, preset: str, jobs: int) -> Tally:
    """All games of one pairing in one game, split over ``jobs`` processes."""
    if jobs <= 1:
        return run_block(game, pair, 0, games, seed, preset)
    bounds = [games * k // jobs for k in range(jobs + 1)]
    total = Tally()
    wall = time.perf_counter()
    with ProcessPoolExecutor(jobs) as pool:
        futures = [pool.submit(run_block, game, pair, bounds[k], bounds[k + 1], seed, preset)
                   for k in range(jobs)]
        for f in futures:
            total.add(f.result())
    total.seconds = time.perf_counter() - wall
    return total


def report_line(game: str, pair: str, t: Tally) -> str:
    """One table row."""
    lo, hi = wilson(t.wins + 0.5 * t.draws, t.games)
    rate = (t.wins + 0.5 * t.draws) / t.games if t.games else 0.0
    a, b = pair.split(":")
    ms = [1000 * t.decision_seconds[k] / t.decisions[k] if t.decisions[k] else 0.0
          for k in (0, 1)]
    ppg = (t.points_for - t.points_against) / t.games if t.games else 0.0
    share = t.points_for / max(1, t.points_for + t.points_against)
    return (f"{game:8} {a + ' vs ' + b:17} {t.games:5} {rate:7.1%}  [{lo:6.1%}, {hi:6.1%}]"
            f" {t.draws:5} {ppg:+7.2f} {share:6.1%} {t.games / t.seconds if t.seconds else 0:8.1f}"
            f"   {a} {ms[0]:.2f} / {b} {ms[1]:.2f}")


def calibrate(games: int, seed: int) -> None:
    """Fit the logistic scale score→winning chance per game (strong vs strong)."""
    for game in GAMES:
        samples: list[tuple[float, int]] = []
        for i in range(games):
            trace: list[tuple[int, float]] = []
            bots = (make_bot("strong", f"c{i}:0"), make_bot("strong", f"c{i}:1"))
            winner, _ = play_game(game, bots, i % 2, DiceSource(f"cal:{seed}:{game}:{i}"),
                                  trace=trace)
            if winner is None:
                continue
            samples += [(s, 1 if who == winner else 0) for who, s in trace[::3]]
        best = min((_log_loss(samples, sc), sc) for sc in range(4, 120, 2))
        print(f"{game:8} scale {best[1]:4d}  (log loss {best[0]:.4f}, {len(samples)} samples)")


def _log_loss(samples: list[tuple[float, int]], scale: float) -> float:
    total = 0.0
    for s, y in samples:
        p = 1 / (1 + math.exp(-max(-40.0, min(40.0, s / scale))))
        p = min(max(p, 1e-6), 1 - 1e-6)
        total -= math.log(p if y else 1 - p)
    return total / max(1, len(samples))


def main(argv: list[str] | None = None) -> int:
    """Run the ladder and print the table."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000, help="games per pairing and game")
    ap.add_argument("--game", choices=GAMES, action="append", help="only this game (repeatable)")
    ap.add_argument("--pairs", default=",".join(PAIRS), help="comma-separated a:b pairings")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--preset", default="tavlucky", choices=("tavlucky", "traditional"))
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--calibrate", type=int, metavar="N",
                    help="instead: fit the cube's score scale on N strong-vs-strong games")
    args = ap.parse_args(argv)
    if args.calibrate:
        calibrate(args.calibrate, args.seed)
        return 0
    print(f"# bots benchmark: {args.games} games per row, seed {args.seed}, preset {args.preset}")
    print(f"{'game':8} {'pairing':17} {'n':>5} {'wins':>7}  {'95% Wilson':^18} {'draws':>5}"
          f" {'pts/g':>7} {'pts%':>6} {'games/s':>8}   ms per decision")
    wall = time.perf_counter()
    for game in args.game or GAMES:
        for pair in args.pairs.split(","):
            t = run(game, pair, args.games, args.seed, args.preset, args.jobs)
            print(report_line(game, pair, t), flush=True)
    print(f"# total {time.perf_counter() - wall:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
