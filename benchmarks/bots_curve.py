"""The expert nets' learning curves: strength against ``strong`` while training.

Training (``python -m training.train ... --curve FILE``) appends a
line every N self-play games: games trained, minutes, and the net's share of
the points, win rate and points per game over seeded single games against
``strong`` (no search, no cube). This prints the recorded curves in
``benchmarks/curves/`` as a table; ``--measure WEIGHTS --game G`` measures one
more point for a weights file with the same method.

Usage::

    python benchmarks/bots_curve.py
    python benchmarks/bots_curve.py --measure models/plakoto.npz --game plakoto --games 200
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # training/ is not installed

from tavli_voice import blas  # noqa: F401, E402  (one BLAS thread; before numpy is imported)
from tavli_voice.bots.net import Net  # noqa: E402
from training.train import match_vs_strong  # noqa: E402

CURVES = Path(__file__).resolve().parent / "curves"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--measure", type=Path, help="weights (.npz) to measure now")
    ap.add_argument("--game", choices=("portes", "plakoto", "fevga"))
    ap.add_argument("--games", type=int, default=200)
    a = ap.parse_args(argv)
    if a.measure:
        net = Net.load(a.measure)
        res = match_vs_strong(net, a.game or net.game, a.games)
        print(json.dumps({"weights": str(a.measure), "games": a.games,
                          **{k: round(v, 3) for k, v in res.items()}}))
        return 0
    for path in sorted(CURVES.glob("*.jsonl")):
        rows = [json.loads(s) for s in path.read_text().splitlines() if s.strip()]
        print(f"{path.stem}: net (0-ply) against strong, {rows[0]['eval_games'] if rows else 0}"
              " single games per point")
        print(f"  {'games':>7} {'minutes':>8} {'points share':>13} {'win rate':>9} {'pts/game':>9}")
        for r in rows:
            print(f"  {r['games']:7d} {r['minutes']:8.1f} {r['vs_strong_share']:13.1%}"
                  + (f" {r['vs_strong_win_rate']:9.1%}" if "vs_strong_win_rate" in r
                     else f" {'-':>9}")
                  + f" {r['vs_strong_ppg']:+9.2f}"
                  + (f"  {r['note']}" if r.get("note") else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
