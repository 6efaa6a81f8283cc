"""Real matches between an expert net and a yardstick: ``strong`` or a frozen expert.

Plays whole matches (61 points by default, ``tavlucky``, one game kind) through
:class:`tavli_voice.session.Session`, exactly as ``tavli-voice play --players
expert,strong --game G --points 61 --seed S --speech off`` does, but with the
nets named on the command line: the candidate (``--net``, the shipped
``models/G.npz`` by default) sits in seat 0 and the yardstick in seat 1:

- ``--against strong``: the hand-written strong bot;
- ``--against expert-2026``: the expert as it was frozen in December 2026
  (``benchmarks/yardsticks/expert-2026-G.npz``, kept only here), with its search
  as it was then (:data:`FROZEN_SEARCH`), whatever the game's search is now;
- ``--against FILE.npz``: any other net, with the expert's search.

The candidate searches as the game's expert does (``search_settings``) unless
``--margin``/``--width`` say otherwise.

Each match's result is appended to ``--out`` (JSON lines) as it ends, and seeds
already in that file are skipped, so an interrupted run resumes. The script
prints every match and the candidate's share of all points::

    python benchmarks/expert_matches.py --game fevga --against expert-2026 --seeds 101-108

A new net (``--net new.npz``) is clearly stronger in Plakoto or Fevga when it takes
**at least 80% of the points against strong and at least 60% against expert-2026**,
each over 8 matches to 61 on seeds not used in tuning (the ``total … % of the
points`` line); run detached and niced, the results kept beside the earlier ones::

    nice -n 10 python benchmarks/expert_matches.py --game fevga --net new.npz \\
        --against strong --seeds 101-108 --out benchmarks/results/matches-fevga-new-vs-strong.jsonl
    nice -n 10 python benchmarks/expert_matches.py --game fevga --net new.npz \\
        --against expert-2026 --seeds 101-108 \\
        --out benchmarks/results/matches-fevga-new-vs-expert-2026.jsonl

(the same with ``--game plakoto``). The shipped ``models/G.npz`` is still the
frozen expert-2026 itself, so without ``--net`` the second check plays the expert
against its own copy.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

# one BLAS thread, as the program runs (tavli_voice/cli.py): with OpenBLAS's two threads
# waiting for a core on the busy 2-CPU machine the Fevga match on seed 101 took 2,173 s,
# against 180 s with one (the same 61-41); the expert's median decision 83 ms -> 33 ms and
# p95 2,066 ms -> 616 ms, side by side at load 12
from tavli_voice import blas  # noqa: F401  (before numpy is imported)
from tavli_voice import events as E
from tavli_voice.bots.base import Bot
from tavli_voice.bots.expert import ExpertBot, search_settings
from tavli_voice.bots.net import Net, model_source
from tavli_voice.events import Phase
from tavli_voice.rules.match import MatchConfig
from tavli_voice.session import Session, SessionOptions

HERE = Path(__file__).resolve().parent
YARDSTICKS = HERE / "yardsticks"
#: The search (margin, width) a frozen yardstick plays with: the one it had when frozen.
FROZEN_SEARCH = {"expert-2026": (0.03, 2)}


def yardstick_path(game: str, name: str) -> Path | None:
    """The frozen net a yardstick name stands for (None for ``strong``)."""
    if name == "strong":
        return None
    if name.endswith(".npz"):
        return Path(name)
    return YARDSTICKS / f"{name}-{game}.npz"


Search = tuple[float, int] | None  #: a seat's search (margin, width); None: the game's


class _Table(Session):
    """A session whose two computer seats play with the given nets (``None``: strong)
    and searches (``None``: the game's).

    Each decision's bot is made and seeded exactly as in a real match; only an
    expert's net and search are swapped for the seat's own."""

    def __init__(self, config: MatchConfig, nets: tuple[Net | None, Net | None],
                 search: tuple[Search, Search] = (None, None)) -> None:
        players = tuple(E.PlayerInfo(name, "strong" if net is None else "expert")
                        for name, net in zip(("candidate", "yardstick"), nets))
        super().__init__(config, (players[0], players[1]), SessionOptions(confirm_plays=False))
        self._nets = nets
        self._search = search

    def _bot(self, name: str, role: str) -> Bot:
        bot = super()._bot(name, role)
        seat = 0 if role == "bot0" else 1
        net = self._nets[seat]
        if isinstance(bot, ExpertBot) and net is not None:
            bot._nets[self.game] = net  # the seat's net instead of the installed one
            chosen = self._search[seat]
            if chosen is not None:
                bot.margin, bot.width = chosen
        return bot


def decision_times(ms: list[float]) -> dict[str, float]:
    """Median, 95th percentile and slowest of one seat's play decisions (ms), as
    ``benchmarks/bots_speed.py`` reports them (the aim: median < 50 ms, p95 < 200 ms).

    >>> decision_times([float(x) for x in range(1, 101)])
    {'median': 50.5, 'p95': 95.95, 'max': 100.0}
    """
    if not ms:
        return {"median": 0.0, "p95": 0.0, "max": 0.0}
    q = statistics.quantiles(ms, n=20) if len(ms) > 1 else [ms[0]] * 19
    return {"median": round(statistics.median(ms), 2), "p95": round(min(q[18], max(ms)), 2),
            "max": round(max(ms), 2)}


def play_match(game: str, seed: int, points: int, nets: tuple[Net | None, Net | None],
               search: tuple[Search, Search] = (None, None)) -> dict[str, Any]:
    """One match; the final scores (candidate, yardstick), its seconds and games, the
    candidate's play decisions' times (``candidate_ms``: the bot's whole step, the legal
    plays of the next turn included) and the load average at its start and end."""
    load = os.getloadavg()[0]
    start = time.perf_counter()
    table = _Table(MatchConfig(length=points, kind=game, preset="tavlucky", seed=seed), nets,
                   search)
    table.start()
    steps = 0
    ms: list[float] = []
    while table.bot_to_act():
        timed = table.phase is Phase.PLAY and table.actor() == 0
        t0 = time.perf_counter()
        table.bot_step()
        if timed:
            ms.append(1000 * (time.perf_counter() - t0))
        steps += 1
        if steps > 200_000:
            raise RuntimeError(f"match seed {seed} did not end")
    a, b = table.match.scores
    return {"seed": seed, "candidate": a, "yardstick": b,
            "seconds": round(time.perf_counter() - start, 1), "games": table.game_number,
            "candidate_ms": decision_times(ms),
            "load": [round(load, 1), round(os.getloadavg()[0], 1)]}


def seeds_of(text: str) -> list[int]:
    """``5-12,20`` → [5, …, 12, 20]."""
    out: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out.extend(range(int(lo), int(hi or lo) + 1))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="A new net is clearly stronger when it takes >= 80% of the points against "
               "strong and >= 60% against expert-2026, 8 matches to 61 each on held-out seeds: "
               "--net new.npz --against strong --seeds 101-108, then the same with "
               "--against expert-2026 (--out FILE.jsonl to resume).")
    ap.add_argument("--game", choices=("portes", "plakoto", "fevga"), required=True)
    ap.add_argument("--net", help="the candidate's weights (default: the shipped models/GAME.npz)")
    ap.add_argument("--against", default="strong", help="strong, expert-2026 or a weights file")
    ap.add_argument("--seeds", default="101-108", help="match seeds, e.g. 101-108 (not used in tuning)")
    ap.add_argument("--points", type=int, default=61)
    ap.add_argument("--out", type=Path, help="JSON lines, one per match; seeds in it are skipped")
    ap.add_argument("--margin", type=float, help="the candidate's search margin (default: the game's)")
    ap.add_argument("--width", type=int, help="the candidate's search width (default: the game's)")
    args = ap.parse_args(argv)
    margin, width = search_settings(args.game)
    mine = (margin if args.margin is None else args.margin, width if args.width is None else args.width)
    cand = Net.load(Path(args.net) if args.net else model_source(args.game), args.game)
    ypath = yardstick_path(args.game, args.against)
    yard = None if ypath is None else Net.load(ypath, args.game)
    done: dict[int, dict[str, Any]] = {}
    if args.out and args.out.exists():
        for line in args.out.read_text(encoding="utf-8").splitlines():
            if line.strip():
                rec = json.loads(line)
                done[int(rec["seed"])] = rec
    print(f"{args.game}: {args.net or 'models/' + args.game + '.npz'} searching within "
          f"{mine[0]:g} among the top {mine[1]} against {args.against}, "
          f"{args.points}-point matches", flush=True)
    results = []
    for seed in seeds_of(args.seeds):
        rec = done.get(seed)
        if rec is None:
            rec = play_match(args.game, seed, args.points, (cand, yard),
                             (mine, FROZEN_SEARCH.get(args.against)))
            rec.update(game=args.game, net=args.net or "models", against=args.against,
                       search=list(mine))
            if args.out:
                with args.out.open("a", encoding="utf-8") as fh:
                    fh.write(json.dumps(rec) + "\n")
        results.append(rec)
        times = rec.get("candidate_ms")
        extra = (f", {rec['games']} games, candidate's decisions median {times['median']} ms "
                 f"p95 {times['p95']} ms max {times['max']} ms, load {rec['load'][0]}-{rec['load'][1]}"
                 if times else "")
        print(f"seed {seed}: {rec['candidate']}-{rec['yardstick']} ({rec['seconds']} s{extra})",
              flush=True)
    won = sum(r["candidate"] for r in results)
    lost = sum(r["yardstick"] for r in results)
    wins = sum(r["candidate"] > r["yardstick"] for r in results)
    if won + lost:
        print(f"total {won}-{lost} = {100 * won / (won + lost):.1f}% of the points; "
              f"{wins} of {len(results)} matches won")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
