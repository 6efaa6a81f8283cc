"""Legal-play generation speed (R2/R10): ``python benchmarks/movegen.py``.

For each game (and preset), a fixed set of positions is taken from seeded
random games (every few turns, random legal plays, both sides), and
``legal_plays(position, dice)`` is timed for **all 36 rolls** of each
position (ordered rolls, so each non-double counts twice and every double
once, as they fall). Figures printed per game:

- median and 95th percentile of the time of one ``legal_plays`` call
  (one position, one roll), in milliseconds: the aim is a median under 1 ms;
- the mean time per roll, and per position for all 36 rolls together;
- plays per second: distinct legal plays produced per second of generation.

Each call is timed ``--repeat`` times and the fastest kept, to shave off
noise from other processes on a shared machine. ``--profile GAME`` runs
cProfile over one game's set instead and prints the top functions.

Options: ``--positions N`` (per game, default 200), ``--repeat R``
(default 3), ``--seed S``, ``--presets tavlucky,traditional,vog``.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
import time

from tavli_voice.rules import Position, game_outcome, legal_plays
from tavli_voice.rules.position import PRESET_GAMES

ROLLS = tuple((a, b) for a in range(1, 7) for b in range(1, 7))


def sample_positions(game: str, preset: str, count: int, seed: int) -> list[Position]:
    """``count`` positions from seeded random games, every third turn, both sides to move."""
    rng = random.Random(f"bench:{game}:{preset}:{seed}")
    out: list[Position] = []
    game_no = 0
    while len(out) < count:
        pos = Position.initial(game, preset)
        turn = 0
        while len(out) < count:
            if turn % 3 == 1:
                out.append(pos)
            plays = legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))
            if plays:  # choose in a fixed order, so the set stays the same
                # whatever order the engine lists its plays in
                pos = rng.choice(sorted(plays, key=lambda p: p.result.result_key())).result
            if game_outcome(pos) is not None:
                break
            pos = pos.flip()
            turn += 1
        game_no += 1
    return out


def time_calls(positions: list[Position], repeat: int) -> tuple[list[float], int, float]:
    """Fastest-of-``repeat`` seconds per (position, roll) call; plays made; total seconds."""
    best = [float("inf")] * (len(positions) * len(ROLLS))
    plays_made = 0
    for r in range(repeat):
        i = 0
        for pos in positions:
            for dice in ROLLS:
                t0 = time.perf_counter()
                plays = legal_plays(pos, dice)
                dt = time.perf_counter() - t0
                if dt < best[i]:
                    best[i] = dt
                if r == 0:
                    plays_made += len(plays)
                i += 1
    return best, plays_made, sum(best)


def report(game: str, preset: str, positions: list[Position], repeat: int) -> None:
    """Print one line of figures for ``game`` under ``preset``."""
    times, plays_made, total = time_calls(positions, repeat)
    ms = sorted(t * 1000 for t in times)
    median = statistics.median(ms)
    p95 = ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))]
    per_position = total / len(positions) * 1000
    print(f"{game:8} {preset:12} positions {len(positions):4}  calls {len(ms):6}  "
          f"median {median:6.3f} ms  p95 {p95:6.3f} ms  max {ms[-1]:6.2f} ms  "
          f"mean {statistics.fmean(ms):6.3f} ms  per position (36 rolls) {per_position:7.2f} ms  "
          f"plays/s {plays_made / total:9.0f}  {'OK' if median < 1.0 else 'SLOW'}")


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; see the module docstring for options."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--presets", default="tavlucky,traditional,vog")
    ap.add_argument("--profile", metavar="GAME", help="cProfile one game (tavlucky) instead")
    args = ap.parse_args(argv)
    if args.profile:
        positions = sample_positions(args.profile, "tavlucky", args.positions, args.seed)
        prof = cProfile.Profile()
        prof.enable()
        time_calls(positions, 1)
        prof.disable()
        pstats.Stats(prof, stream=sys.stdout).sort_stats("cumulative").print_stats(18)
        return 0
    print(f"python {sys.version.split()[0]}; legal_plays per (position, roll), all 36 rolls, "
          f"fastest of {args.repeat}")
    for preset in args.presets.split(","):
        for game in PRESET_GAMES[preset]:
            positions = sample_positions(game, preset, args.positions, args.seed)
            report(game, preset, positions, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
