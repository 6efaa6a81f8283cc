"""How long the expert takes to decide: its net alone (0-ply) and with its search.

Samples seeded decisions (two or more legal plays) from random playouts of
each game and times ``ExpertBot.choose_play`` with and without the search,
plus the batched net evaluation of a turn's candidates alone (features and
two matrix products). Prints the median and 95th percentile in milliseconds
and the mean number of candidates. Targets: the expert with its search under
50 ms median; the 0-ply net in a few ms.

Usage::

    python benchmarks/bots_speed.py              # 200 decisions per game
    python benchmarks/bots_speed.py --decisions 500 --game portes
    python benchmarks/bots_speed.py --game portes --margin 0.06 --width 3
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

# one BLAS thread, as the program runs (tavli_voice/cli.py): OpenBLAS's threads waiting for a
# core on a busy machine made the search's p95 217 ms here against 45 ms with one thread
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from tavli_voice.bots import ExpertBot, StrongBot
from tavli_voice.bots.playouts import Decision, random_decisions

GAMES = ("portes", "plakoto", "fevga")


def decisions(game: str, n: int, seed: int) -> list[Decision]:
    return random_decisions(game, n, seed, keep=0.25, label="speed")


def timed(fn, items) -> list[float]:  # type: ignore[no-untyped-def]
    out = []
    for it in items:
        t = time.perf_counter()
        fn(*it)
        out.append(1000.0 * (time.perf_counter() - t))
    return out


def row(label: str, ms: list[float]) -> str:
    q = statistics.quantiles(ms, n=20)
    return f"  {label:24s} median {statistics.median(ms):7.2f} ms   p95 {q[18]:7.2f} ms"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--decisions", type=int, default=200)
    ap.add_argument("--game", choices=GAMES, action="append")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--margin", type=float, default=None,
                    help="the search's margin (equity) instead of the game's")
    ap.add_argument("--width", type=int, default=None,
                    help="how many candidates the search looks at instead of the game's")
    a = ap.parse_args(argv)
    for game in a.game or GAMES:
        ds = decisions(game, a.decisions, a.seed)
        zero = ExpertBot(1, search=False)
        search = ExpertBot(1, search=True, margin=a.margin, width=a.width)
        strong = StrongBot(1)
        zero.net(game)  # load the weights before timing
        cands = statistics.fmean(len(p) for _, _, p in ds)
        print(f"{game}: {len(ds)} decisions, {cands:.1f} candidate plays on average")
        print(row("net only (batched)", timed(lambda p, r, plays, z=zero: z.equities(plays), ds)))
        print(row("expert 0-ply", timed(zero.choose_play, ds)))
        print(row("expert with search", timed(search.choose_play, ds)))
        print(row("strong (for scale)", timed(strong.choose_play, ds)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
