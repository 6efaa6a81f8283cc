"""Portes decisions judged by GNU Backgammon: equity lost per decision, per bot.

Reads ``shared/fixtures/portes_decisions_gnubg.jsonl`` (or ``--file``): each
line is a non-forced Portes decision with gnubg's 0-ply cubeless equity
(mars = 2, as under ``tavlucky``) for every legal result. Each bot chooses
among our engine's legal plays for that position and roll; its error on the
line is gnubg's best equity minus the equity of the result it chose. The
mean over lines × 1000 is millipoints per decision (gnubg's bands: expert
5–8, intermediate 12–18, beginner 26–35). Also prints the median time a
decision took.

Usage::

    python benchmarks/portes_gnubg.py                       # random rita strong expert
    python benchmarks/portes_gnubg.py --bots expert,expert0 --limit 500
    python benchmarks/portes_gnubg.py --file held_out.jsonl

``expert0`` is the expert without its search (the net alone, 0-ply);
``expert1`` the expert with its one-roll look-ahead at the game's settings and
``expert1:MARGIN:WIDTH`` with the look-ahead over at most WIDTH candidates
within MARGIN (equity) of the best::

    python benchmarks/portes_gnubg.py --bots expert1:0.06:3 --against expert0.json

A file judged at more than 0-ply (``"judge": "2-ply"`` on its lines, made by
``benchmarks/portes_judge.py``; ``shared/fixtures/portes_decisions_gnubg_2ply.jsonl``)
carries the 0-ply equities too (``equities0``): then ``gnubg0`` is also scored,
gnubg 0-ply's own choice judged by the deeper judge::

    python benchmarks/portes_gnubg.py --file ../shared/fixtures/portes_decisions_gnubg_2ply.jsonl \
        --bots gnubg0,expert0,expert
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from tavli_voice.bots import ExpertBot, make_bot
from tavli_voice.bots.base import Bot
from tavli_voice.rules import Position, legal_plays

DEFAULT = Path(__file__).resolve().parents[1] / ".." / "shared" / "fixtures" / \
    "portes_decisions_gnubg.jsonl"


def load(path: Path, limit: int | None) -> list[dict[str, object]]:
    lines = [json.loads(s) for s in path.read_text().splitlines() if s.strip()]
    return lines[:limit] if limit else lines


def bot_for(name: str, seed: int) -> Bot:
    """The bot called ``name``: a level, ``expert0``, ``expert1`` or ``expert1:MARGIN:WIDTH``.

    >>> b = bot_for("expert1:0.06:3", 1)
    >>> b.search, b.margin, b.width
    (True, 0.06, 3)
    """
    if name == "expert0":
        return ExpertBot(seed, search=False)
    if name == "expert1" or name.startswith("expert1:"):
        parts = name.split(":")
        if len(parts) not in (1, 3):
            raise SystemExit(f"{name}: expected expert1 or expert1:MARGIN:WIDTH")
        if len(parts) == 1:
            return ExpertBot(seed, search=True)
        return ExpertBot(seed, search=True, margin=float(parts[1]), width=int(parts[2]))
    return make_bot(name, seed)


def judge_gnubg0(lines: list[dict[str, object]]) -> tuple[float, int]:
    """(mean millipoints lost, decisions judged) by gnubg 0-ply's own choices."""
    losses: list[float] = []
    for rec in lines:
        eqs: dict[str, float] = rec["equities"]  # type: ignore[assignment]
        eq0: dict[str, float] | None = rec.get("equities0")  # type: ignore[assignment]
        if eq0 is None:
            raise SystemExit("gnubg0 needs a file with 0-ply equities beside the judge's (equities0)")
        choice = max(eq0, key=lambda k: eq0[k])
        losses.append(max(eqs.values()) - eqs[choice])
    return 1000.0 * statistics.fmean(losses), len(losses)


def judge(bot: Bot, lines: list[dict[str, object]], losses: list[float] | None = None
          ) -> tuple[float, float, int]:
    """(mean millipoints lost, median ms per decision, decisions judged); each decision's loss
    is appended to ``losses`` when given."""
    losses = [] if losses is None else losses
    times: list[float] = []
    for rec in lines:
        pos = Position.from_json(rec["position"])  # type: ignore[arg-type]
        dice = tuple(rec["dice"])  # type: ignore[arg-type]
        eqs: dict[str, float] = rec["equities"]  # type: ignore[assignment]
        plays = legal_plays(pos, dice)
        t = time.perf_counter()
        play = bot.choose_play(pos, (dice[0], dice[1]), plays)
        times.append(time.perf_counter() - t)
        key = play.result.result_key()
        if key not in eqs:
            raise SystemExit(f"result {key} is not among gnubg's plays (line {rec.get('game')})")
        losses.append(max(eqs.values()) - eqs[key])
    return 1000.0 * statistics.fmean(losses), 1000.0 * statistics.median(times), len(losses)


def paired(mine: list[float], other: list[float], name: str) -> str:
    """The paired difference of two bots' losses on the same decisions, in mp, with its SE.

    >>> paired([0.010, 0.0, 0.002], [0.012, 0.0, 0.006], "b")
    'against b: -2.0 mp per decision (standard error 1.2, 3 decisions; negative: this net loses less)'
    """
    if len(mine) != len(other):
        raise SystemExit(f"{name} has {len(other)} decisions, this run {len(mine)}")
    diffs = [1000.0 * (x - y) for x, y in zip(mine, other)]
    se = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("nan")
    return (f"against {name}: {statistics.fmean(diffs):+.1f} mp per decision (standard error {se:.1f}, "
            f"{len(diffs)} decisions; negative: this net loses less)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--file", type=Path, default=DEFAULT.resolve())
    ap.add_argument("--bots", default="random,rita,strong,expert0,expert")
    ap.add_argument("--limit", type=int, default=None, help="only the first N decisions")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--losses", type=Path, default=None,
                    help="write each decision's loss (points) of the one bot in --bots, a JSON list")
    ap.add_argument("--against", type=Path, default=None,
                    help="a --losses file of another net on the same decisions: print the paired "
                         "difference in mp and its standard error")
    a = ap.parse_args(argv)
    lines = load(a.file, a.limit)
    judge_name = str(lines[0].get("judge", "0-ply")) if lines else "0-ply"
    print(f"{len(lines)} Portes decisions judged by GNU Backgammon {judge_name} ({a.file.name})")
    for name in a.bots.split(","):
        if name.strip() == "gnubg0":
            mp0, _n = judge_gnubg0(lines)
            print(f"{'gnubg0':8s} {mp0:7.1f} mp per decision", flush=True)
            continue
        losses: list[float] = []
        mp, ms, _n = judge(bot_for(name.strip(), a.seed), lines, losses)
        print(f"{name:8s} {mp:7.1f} mp per decision   median {ms:6.2f} ms a decision",
              flush=True)
        if a.losses:
            a.losses.write_text(json.dumps(losses))
        if a.against:
            print(paired(losses, json.loads(a.against.read_text()), a.against.name), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
