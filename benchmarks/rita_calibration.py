"""Rita's level in Portes as a function of her softmax temperature.

Rita picks a play with probability ``exp(equity / T)`` over the expert's 0-ply
equities. Her expected error per decision, judged by GNU Backgammon, is
computed exactly (no sampling) on gnubg-labelled decisions written by
``training/gnubg_label.py`` — positions of our own labelling games,
not the evaluation file — for a range of temperatures, next to the expert's
own (greedy) error. ``rita.TEMPERATURE`` was chosen from this table for
gnubg's "beginner" band (25–40 mp); ``benchmarks/portes_gnubg.py`` then
measures her on the evaluation file.

Usage::

    python benchmarks/rita_calibration.py --labels '/work/train/portes/val-*.csv'
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # training/ is not installed

from tavli_voice.bots.net import equity, load_model  # noqa: E402
from training.distill import encode_boards, load_labels  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--labels", required=True, help="glob of gnubg label CSV files")
    ap.add_argument("--temperatures", default="0.01,0.02,0.03,0.04,0.05,0.055,0.06,0.07,0.1")
    a = ap.parse_args(argv)
    ids, boards, probs = load_labels(a.labels)
    net = load_model("portes")
    eq_t = equity(probs)
    eq_n = equity(net.outputs(encode_boards(boards)))
    order = np.argsort(ids, kind="stable")
    s_ids = ids[order]
    starts = np.flatnonzero(np.r_[True, s_ids[1:] != s_ids[:-1]])
    ends = np.r_[starts[1:], len(s_ids)]
    groups = [order[s:e] for s, e in zip(starts, ends) if e - s >= 2]
    greedy = np.mean([eq_t[g].max() - eq_t[g][np.argmax(eq_n[g])] for g in groups])
    print(f"{len(groups)} decisions; expert (greedy) {1000 * greedy:.1f} mp")
    for temp in (float(t) for t in a.temperatures.split(",")):
        loss = 0.0
        for g in groups:
            w = np.exp((eq_n[g] - eq_n[g].max()) / temp)
            loss += float((w / w.sum() * (eq_t[g].max() - eq_t[g])).sum())
        print(f"  T = {temp:<6g} Rita {1000 * loss / len(groups):6.1f} mp per decision")
    return 0


if __name__ == "__main__":
    sys.exit(main())
