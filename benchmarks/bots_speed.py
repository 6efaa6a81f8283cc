"""How long the expert takes to decide: its net alone (0-ply) and with its search.

Samples seeded decisions (two or more legal plays) from random playouts of
each game and times ``ExpertBot.choose_play`` with and without the search,
plus the batched net evaluation of a turn's candidates alone (features and
two matrix products). Prints the median, 95th percentile and slowest in
milliseconds and the mean number of candidates. Targets: the expert with its
search under 50 ms median; the 0-ply net in a few ms.

In Portes it also prints the decisions where both sides bear off (the expert
plays them by the exact bear-off tables, :mod:`tavli_voice.bots.bearoff`), the
first of them apart (``--cold``: timed first in the process, it pays the
tables' build, about 0.6 s of CPU). ``--games N`` instead times every decision
of N seeded Portes games the expert plays against itself in a fresh process,
the tables building in the background from the first decision near a bear-off
(:func:`tavli_voice.bots.bearoff.near_bear_off`; ``--no-warm-up``: built by the
first decision that needs them, which may be a race decision whose look-ahead
meets only replies that bear off), with ``--pause S`` seconds untimed after each
decision, as in a match the other side's turn and the narration take::

    python benchmarks/bots_speed.py --game portes --games 20 --pause 0.3
    python benchmarks/bots_speed.py --game portes --games 20 --pause 0.3 --no-warm-up

Usage::

    python benchmarks/bots_speed.py              # 200 decisions per game
    python benchmarks/bots_speed.py --decisions 500 --game portes
    python benchmarks/bots_speed.py --game portes --margin 0.06 --width 3
    python benchmarks/bots_speed.py --game fevga --cpu   # CPU ms: two versions compared under load
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

# one BLAS thread, as the program runs (tavli_voice/cli.py): OpenBLAS's threads waiting for a
# core on a busy machine made the search's p95 217 ms here against 45 ms with one thread
from tavli_voice import blas  # noqa: F401  (before numpy is imported)
from tavli_voice.bots import ExpertBot, StrongBot
from tavli_voice.bots.playouts import Decision, random_decisions

GAMES = ("portes", "plakoto", "fevga")


def decisions(game: str, n: int, seed: int) -> list[Decision]:
    return random_decisions(game, n, seed, keep=0.25, label="speed")


#: The clock decisions are timed by: wall time, or (``--cpu``) this process's CPU time, which
#: other work on a busy machine barely moves (to compare two versions of the same code).
CLOCK = time.perf_counter


def timed(fn, items) -> list[float]:  # type: ignore[no-untyped-def]
    out = []
    for it in items:
        t = CLOCK()
        fn(*it)
        out.append(1000.0 * (CLOCK() - t))
    return out


def row(label: str, ms: list[float]) -> str:
    if not ms:
        return f"  {label:24s} none"
    q = statistics.quantiles(ms, n=20) if len(ms) > 1 else [ms[0]] * 19
    p95 = min(q[18], max(ms))
    return (f"  {label:24s} median {statistics.median(ms):7.2f} ms   p95 {p95:7.2f} ms"
            f"   max {max(ms):7.2f} ms   ({len(ms)})")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--decisions", type=int, default=200)
    ap.add_argument("--game", choices=GAMES, action="append")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--margin", type=float, default=None,
                    help="the search's margin (equity) instead of the game's")
    ap.add_argument("--width", type=int, default=None,
                    help="how many candidates the search looks at instead of the game's")
    ap.add_argument("--cold", action="store_true",
                    help="Portes: time the bear-off decisions first, in a process whose tables "
                         "are not built yet")
    ap.add_argument("--games", type=int, default=0,
                    help="Portes: time every decision of this many seeded expert games instead")
    ap.add_argument("--no-warm-up", action="store_true",
                    help="with --games: no background build of the bear-off tables")
    ap.add_argument("--pause", type=float, default=0.0,
                    help="with --games: seconds untimed after each decision")
    ap.add_argument("--cpu", action="store_true",
                    help="time by this process's CPU time instead of wall time")
    a = ap.parse_args(argv)
    global CLOCK
    CLOCK = time.process_time if a.cpu else time.perf_counter
    if a.games:
        print(game_rows(a))
        return 0
    for game in a.game or GAMES:
        if game == "portes" and a.cold:
            print(bear_off_rows(decisions(game, a.decisions, a.seed), a, cold=True))
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
        if game == "portes" and not a.cold:
            print(bear_off_rows(ds, a, cold=False), flush=True)
    return 0


def bear_off_rows(ds: list[Decision], a: argparse.Namespace, *, cold: bool) -> str:
    """The expert's time on the decisions where both sides bear off, the first one apart
    (in a fresh process with ``cold``, it builds the tables)."""
    from tavli_voice.bots.expert import exact_race_results
    bot = ExpertBot(1, search=True, margin=a.margin, width=a.width)
    bot.net("portes")
    exact = [d for d in ds if exact_race_results([p.result for p in d[2]])]
    if cold:
        from tavli_voice.bots import bearoff
        assert not bearoff._built, "the tables are already built"
    ms = timed(bot.choose_play, exact)
    label = "cold process" if cold else "after the other decisions"
    return "\n".join([f"portes decisions with both sides bearing off ({label}):",
                      row("first one", ms[:1]), row("the others", ms[1:])])



def game_rows(a: argparse.Namespace) -> str:
    """Every decision of ``a.games`` seeded Portes games of the expert against itself (its
    search on), timed in this process, and the first where both sides bear off."""
    from tavli_voice.bots import expert
    from tavli_voice.rules import DiceSource, Position, game_outcome, legal_plays
    if a.no_warm_up:
        expert.warm_up = lambda: None  # type: ignore[assignment]
    bot = ExpertBot(a.seed, search=True, margin=a.margin, width=a.width)
    bot.net("portes")
    every: list[float] = []
    first: list[float] = []
    for g in range(a.games):
        pos = Position.initial("portes")
        dice = DiceSource(f"speed-games:{a.seed}:{g}")
        for _ in range(400):
            roll = dice.roll()
            plays = legal_plays(pos, roll)
            if plays:
                t = time.perf_counter()
                play = bot.choose_play(pos, roll, plays)
                ms = 1000.0 * (time.perf_counter() - t)
                time.sleep(a.pause)
                if len(plays) > 1:
                    every.append(ms)
                    if not first and expert.exact_race_results([p.result for p in plays]):
                        first.append(ms)
                pos = play.result
                if game_outcome(pos) is not None:
                    break
            pos = pos.flip()
    warm = "no warm-up" if a.no_warm_up else "tables warmed up near a bear-off"
    return "\n".join([f"portes: {a.games} expert games ({warm}, {a.pause} s between)",
                      row("every decision", every),
                      row("first both bearing off", first)])


if __name__ == "__main__":
    sys.exit(main())
