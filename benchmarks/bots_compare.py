"""Compare expert nets against ``strong`` on the same dice: paired single games.

Each net plays ``--pairs`` pairs of single games (no cube) against the strong
bot at 0-ply (``--search`` for the expert's look-ahead); both games of pair
``p`` draw their dice from ``random.Random(f"dup:{seed}:{p}")``, the net moving
first in one and second in the other. Every net meets the same dice, so the
difference between two nets is measured pair by pair: the script prints each
net's share of the points, its points a game with their standard error, and
its difference in points a game from the first net named, with the standard
error of that paired difference (what decides whether a change is real; one
61-point match is far too short to tell 2 points of share apart).

``--settings`` compares the expert's search settings instead, with one net (the
shipped one unless named): each ``MARGIN/WIDTH`` searches the best ``WIDTH``
candidates when within ``MARGIN`` of the best at 0-ply (``inf/3``: always the top
3); the first setting named is the one the others are measured against. ``--block``
plays the pairs in blocks, every candidate in turn, and prints the running figures
after each block, so a run cut short still compares all of them on the same pairs.
``--against NET`` makes the opponent the expert with that net (at 0-ply, or with its
search under ``--search``) instead of ``strong``: e.g. the frozen yardstick
``benchmarks/yardsticks/expert-2026-plakoto.npz``, a quick 0-ply check before matches.
``--against-search MARGIN/WIDTH`` gives that opponent a search of its own; a frozen
yardstick named as in ``expert_matches.py`` (``--against expert-2026``) plays with the
search it was frozen with (:data:`expert_matches.FROZEN_SEARCH`, top 2 within 0.03)
unless told otherwise, as in the real matches: the quick way to rank search settings
against the yardstick of the 60% aim, on dice of seeds kept apart from 101-108.

Usage::

    python benchmarks/bots_compare.py --game plakoto --pairs 2000 models/plakoto.npz new.npz
    python benchmarks/bots_compare.py --game fevga --pairs 400 --block 50 --settings 0.03/2 0.1/4 inf/3
    python benchmarks/bots_compare.py --game plakoto --pairs 600 \
        --against benchmarks/yardsticks/expert-2026-plakoto.npz models/plakoto.npz new.npz
    python benchmarks/bots_compare.py --game plakoto --pairs 200 --block 20 --seed 7000 \
        --against expert-2026 --settings 0.08/3 0.16/5
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

from tavli_voice import blas  # noqa: F401  (one BLAS thread; before numpy is imported)

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/ as a package

from benchmarks.expert_matches import FROZEN_SEARCH, yardstick_path  # noqa: E402
from tavli_voice.bots.base import Bot  # noqa: E402
from tavli_voice.bots.expert import ExpertBot  # noqa: E402
from tavli_voice.bots.net import Net, model_source  # noqa: E402
from tavli_voice.bots.strong import StrongBot  # noqa: E402
from tavli_voice.rules import Position, game_outcome, legal_plays  # noqa: E402

MAX_TURNS = 4000


def dice(rng: random.Random, first: bool, game: str) -> tuple[int, int]:
    """A roll; a Portes game never opens on a double (R3)."""
    a, b = rng.randint(1, 6), rng.randint(1, 6)
    while first and game == "portes" and a == b:
        a, b = rng.randint(1, 6), rng.randint(1, 6)
    return a, b


def paired_points(bot: Bot, game: str, pairs: int, seed: int,
                  opponent: Bot | None = None, start: int = 0) -> np.ndarray:
    """Points ``bot`` won and points it lost against ``opponent`` (``StrongBot(seed)`` by
    default), per pair of single games on the same dice, ``bot`` first in one and second
    in the other: shape (pairs, 2). Any two bots (or two expert variants) meet this way.
    ``start`` skips to pair ``start`` (its dice as in a longer run, to resume one)."""
    other: Bot = StrongBot(seed) if opponent is None else opponent
    out = np.zeros((pairs, 2))
    for i in range(pairs):
        p = start + i
        for bot_side in (0, 1):
            rng = random.Random(f"dup:{seed}:{p}")
            pos = Position.initial(game, "tavlucky")
            side = 0
            for turn in range(MAX_TURNS):
                roll = dice(rng, turn == 0, game)
                plays = legal_plays(pos, roll)
                if not plays:
                    pos, side = pos.flip(), side ^ 1
                    continue
                mover = bot if side == bot_side else other
                play = mover.choose_play(pos, roll, plays)
                end = game_outcome(play.result)
                if end is not None:
                    if end.winner is not None:
                        winner = side if end.winner == 0 else side ^ 1
                        out[i, 0 if winner == bot_side else 1] += end.points
                    break
                pos, side = play.result.flip(), side ^ 1
    return out


def search_setting(text: str) -> tuple[float, int]:
    """``0.06/3`` → (0.06, 3); ``inf/3`` → (inf, 3): always the top 3.

    >>> search_setting("0.1/4"), search_setting("inf/3")
    ((0.1, 4), (inf, 3))
    """
    margin, _, width = text.partition("/")
    return float(margin), int(width)


def opponent_bot(game: str, against: str, seed: int, search: bool,
                 setting: tuple[float, int] | None) -> tuple[ExpertBot, str]:
    """The expert opponent ``against`` names (a weights file, or a frozen yardstick's name
    such as ``expert-2026``) and a line saying how it plays: with ``setting`` as its search
    when given, else a frozen yardstick's own search (:data:`FROZEN_SEARCH`), else the
    game's search under ``search`` and 0-ply without."""
    path = yardstick_path(game, against)
    if path is None:
        raise SystemExit("--against names an expert's weights; strong is the default opponent")
    setting = setting or FROZEN_SEARCH.get(against)
    if setting is not None:
        bot = ExpertBot(seed + 1, search=True, nets={game: Net.load(path, game)},
                        margin=setting[0], width=setting[1])
        return bot, f"against {path} (searching within {setting[0]:g} among the top {setting[1]})"
    bot = ExpertBot(seed + 1, search=search, nets={game: Net.load(path, game)})
    return bot, f"against {path} ({'search' if search else '0-ply'})"


def figures(label: str, won_lost: np.ndarray, first: np.ndarray | None) -> str:
    """One candidate's line: share of the points, points a game ± standard error and,
    after the first, the paired difference from it ± its standard error."""
    pts = won_lost[:, 0] - won_lost[:, 1]
    n = len(pts)
    share = won_lost[:, 0].sum() / max(1.0, won_lost.sum())
    se = pts.std(ddof=1) / 2 / math.sqrt(n)
    line = f"{label:28} share {100 * share:.1f}%  ppg {pts.mean() / 2:+.3f} ± {se:.3f}  over {2 * n} games"
    if first is not None:
        d = (pts - (first[:, 0] - first[:, 1])) / 2
        line += f"  vs first {d.mean():+.3f} ± {d.std(ddof=1) / math.sqrt(n):.3f}"
    return line


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=["portes", "plakoto", "fevga"], required=True)
    ap.add_argument("--pairs", type=int, default=500)
    ap.add_argument("--seed", type=int, default=777)
    ap.add_argument("--search", action="store_true", help="the expert's look-ahead on")
    ap.add_argument("--settings", type=search_setting, nargs="+", metavar="MARGIN/WIDTH",
                    help="compare these search settings of one net (search on)")
    ap.add_argument("--block", type=int, default=0, help="pairs a block (default: all at once)")
    ap.add_argument("--against", metavar="NET",
                    help="the opponent: the expert with this net (a file, or a frozen "
                         "yardstick's name: expert-2026), not strong")
    ap.add_argument("--against-search", type=search_setting, metavar="MARGIN/WIDTH",
                    help="the opponent's search (default: a yardstick's frozen one, else "
                         "--search's)")
    ap.add_argument("nets", type=Path, nargs="*")
    args = ap.parse_args()
    opponent: Bot | None = None
    if args.against is not None:
        opponent, said = opponent_bot(args.game, args.against, args.seed, args.search,
                                      args.against_search)
        print(said, flush=True)
    paths = args.nets or [Path(model_source(args.game))]
    candidates: list[tuple[str, Bot]] = []
    if args.settings:
        net = Net.load(paths[0])
        for margin, width in args.settings:
            candidates.append((f"{paths[0].name} {margin:g}/{width}",
                               ExpertBot(args.seed, search=True, nets={args.game: net},
                                         margin=margin, width=width)))
    else:
        candidates = [(path.name, ExpertBot(args.seed, search=args.search,
                                            nets={args.game: Net.load(path)})) for path in paths]
    block = args.block or args.pairs
    done: list[list[np.ndarray]] = [[] for _ in candidates]
    minutes = [0.0 for _ in candidates]
    for start in range(0, args.pairs, block):
        size = min(block, args.pairs - start)
        for k, (_label, bot) in enumerate(candidates):
            t0 = time.time()
            done[k].append(paired_points(bot, args.game, size, args.seed,
                                         opponent=opponent, start=start))
            minutes[k] += (time.time() - t0) / 60
        first = np.concatenate(done[0])
        for k, (label, _bot) in enumerate(candidates):
            won_lost = np.concatenate(done[k])
            print(figures(label, won_lost, None if k == 0 else first)
                  + f"  ({minutes[k]:.1f} min)", flush=True)
        if start + size < args.pairs:
            print("", flush=True)


if __name__ == "__main__":
    main()
