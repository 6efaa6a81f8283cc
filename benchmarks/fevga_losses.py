"""Where the Fevga (or Plakoto) expert loses equity, by phase and board facts.

Plays seeded single games (``tavlucky``, no cube) of the expert, with its
search, against ``strong`` and against itself, and looks at two things:

- **look-ahead gaps**: at every decision of the expert, the best few
  candidates by the net (0-ply) are valued one roll deeper
  (:meth:`ExpertBot.lookahead_many`); the gap is how much better, one roll
  deeper, the look-ahead's choice is than the net's 0-ply choice. The table
  also says how much of the gap the shipped search already covers (it looks
  only when the best candidates are within the game's search margin (``expert.search_settings``) at 0-ply);
- **swings in lost games**: the expert's 0-ply equity after each of its plays
  in the games it lost; the largest drops from one of its plays to its next
  and the position where each began.

Each decision is classified by the position before the play, from the
mover's side: its **phase** (``bear-off``: all the mover's checkers home;
``race``: no contact left either way; ``start``: a side still has checkers
in its starting quarter, own points 19–24; ``contact`` otherwise) and simple
**board facts** (a block of three or more held points within the six points
in front of the other side's rearmost checker, either way; a lone checker of
the mover in front of the opponent's starting stack; the race lead in pips).
The script prints a table per kind (count, mean gap, share of the total gap
per class) and the largest examples as position JSON (``position-format.md``).

``--compare`` instead measures a play-time lever with paired games against
``strong`` (the loop and dice of ``benchmarks/bots_compare.py``, each bot in both
seats): the shipped expert against one that searches wider (``--margin``,
``--width``) only at decisions of the phases named by ``--phases``, or against
several such variants at once (``--variant PHASES:MARGIN:WIDTH``, repeated; the
shipped expert's games are played once). ``--out`` keeps every pair's points so
a long detached run resumes; ``--recorded`` prints the comparison from the pairs
a file holds so far, playing none; ``--speed N`` times the same variants' decisions.

Usage::

    nice -n 10 python benchmarks/fevga_losses.py --game fevga --games 12 --seed 1
    nice -n 10 python benchmarks/fevga_losses.py --game fevga --compare --pairs 300 \\
        --phases start,contact --margin 0.08 --width 3
    nice -n 10 python benchmarks/fevga_losses.py --game fevga --compare --pairs 1000 \\
        --variant start:0.06:3 --variant contact:0.08:3 --out pairs.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tavli_voice import blas  # noqa: F401  (one BLAS thread; before numpy is imported)

import numpy as np
from numpy.typing import NDArray

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bots_compare import paired_points  # noqa: E402
from tavli_voice.bots import expert as expert_mod  # noqa: E402
from tavli_voice.bots.expert import ExpertBot  # noqa: E402
from tavli_voice.bots.net import Net  # noqa: E402
from tavli_voice.bots.strong import StrongBot  # noqa: E402
from tavli_voice.rules import Play, Position, game_outcome, legal_plays  # noqa: E402

MAX_TURNS = 4000
PHASES = ("start", "contact", "race", "bear-off")
#: How many of the best 0-ply candidates the analysis looks at one roll deeper.
LOOK_WIDTH = 4


# ------------------------------------------------------------ classification
def _held(pos: Position, point: int, *, theirs: bool) -> bool:
    """A point that blocks the other side: Fevga one checker (R7), else two or a pin."""
    n = pos.theirs(point) if theirs else pos.mine(point)
    if pos.game == "fevga":
        return n >= 1
    pin = pos.pins[point - 1] == (-1 if theirs else 1)
    return n >= 2 or pin


def _rear(pos: Position) -> int:
    """The mover's rearmost occupied point (own numbering), 0 when none is on the board."""
    return max((k for k in range(1, 25) if pos.mine(k) > 0), default=0)


def contact(pos: Position) -> bool:
    """True while a side can still meet the other's checkers ahead of its rearmost one."""
    for view in (pos, pos.flip()):
        rear = _rear(view)
        if any(view.theirs(k) > 0 for k in range(1, rear)):
            return True
    return False


def block_ahead(pos: Position) -> int:
    """The longest run of points the *opponent* holds within the six in front of the
    mover's rearmost checker (a block/prime in front of the mover's runners)."""
    rear = _rear(pos)
    best = run = 0
    for k in range(rear - 1, max(0, rear - 7), -1):
        run = run + 1 if _held(pos, k, theirs=True) else 0
        best = max(best, run)
    return best


def phase(pos: Position) -> str:
    """``bear-off``, ``race``, ``start`` or ``contact`` (see the module docstring)."""
    if all(pos.mine(k) == 0 for k in range(7, 25)):
        return "bear-off"
    if not contact(pos):
        return "race"
    opp = pos.flip()
    if any(pos.mine(k) for k in range(19, 25)) or any(opp.mine(k) for k in range(19, 25)):
        return "start"
    return "contact"


def facts(pos: Position) -> list[str]:
    """The board facts of ``pos`` (mover's side) that the tables count."""
    out: list[str] = []
    opp = pos.flip()
    if block_ahead(opp) >= 3:
        out.append("our block in front of their runners")
    if block_ahead(pos) >= 3:
        out.append("their block in front of our runners")
    if opp.mine(24) > 0 and any(opp.theirs(k) == 1 for k in range(18, 24)):
        out.append("our lone checker in front of their start")
    mine, theirs = pos.pip_count()
    lead = theirs - mine
    out.append("race lead >= 10 pips" if lead >= 10 else
               "race lead <= -10 pips" if lead <= -10 else "race lead within 10 pips")
    return out


# ----------------------------------------------------------------- records
@dataclass
class Record:
    """One decision of the expert: its position, dice, and the analysis's figures."""

    position: Position
    dice: tuple[int, int]
    gap: float                #: look-ahead value of its best candidate minus the 0-ply choice's
    covered: bool             #: the shipped search would have looked at the look-ahead's choice
    zero_play: str
    deep_play: str
    zero_margin: float        #: 0-ply equity of the net's choice minus the look-ahead's choice
    after: float = 0.0        #: 0-ply equity after the play actually made
    swing: float = 0.0        #: drop of ``after`` to the expert's next play (lost games)
    classes: list[str] = field(default_factory=list)


def analyse(bot: ExpertBot, pos: Position, roll: tuple[int, int], plays: Sequence[Play]) -> Record:
    """The look-ahead gap of one decision (``plays`` has two or more members)."""
    eq = bot.equities(plays)
    order = [int(i) for i in np.argsort(-eq, kind="stable")[:LOOK_WIDTH]]
    deep = bot.lookahead_many([plays[i] for i in order])
    k = int(np.argmax(deep))
    gap = float(deep[k] - deep[0])
    margin = float(eq[order[0]] - eq[order[k]])
    search_margin, search_width = expert_mod.search_settings(pos.game)
    covered = k < search_width and margin <= search_margin
    return Record(pos, roll, gap, covered or k == 0, plays[order[0]].notation,
                  plays[order[k]].notation, margin,
                  classes=[phase(pos), *facts(pos)])


def _dice(rng: random.Random) -> tuple[int, int]:
    return rng.randint(1, 6), rng.randint(1, 6)


def play_game(game: str, seed: int, g: int, opponent: str, bot: ExpertBot, strong: StrongBot,
              max_turns: int = MAX_TURNS) -> tuple[list[list[Record]], int | None]:
    """One game; the records of each expert side (seat 0, 1) and the winning seat.

    Against ``strong`` the expert sits in seat ``g % 2``; in self-play both seats
    are the expert and both are analysed."""
    rng = random.Random(f"fevga-losses:{game}:{seed}:{opponent}:{g}")
    expert_seats = {0, 1} if opponent == "self" else {g % 2}
    recs: list[list[Record]] = [[], []]
    pos = Position.initial(game, "tavlucky")
    side = 0
    for _turn in range(max_turns):
        roll = _dice(rng)
        plays = legal_plays(pos, roll)
        if not plays:
            pos, side = pos.flip(), side ^ 1
            continue
        if side in expert_seats:
            play = bot.choose_play(pos, roll, plays)
            if len(plays) >= 2:
                rec = analyse(bot, pos, roll, plays)
                rec.after = float(bot.equities([play])[0])
                recs[side].append(rec)
        else:
            play = strong.choose_play(pos, roll, plays)
        end = game_outcome(play.result)
        if end is not None:
            winner = None if end.winner is None else (side if end.winner == 0 else side ^ 1)
            return recs, winner
        pos, side = play.result.flip(), side ^ 1
    return recs, None


def largest_swings(records: Sequence[Record], k: int = 3) -> list[Record]:
    """The ``k`` records of one side's game after which its equity dropped most by its
    next play (each record's ``swing`` is set)."""
    for a, b in zip(records, records[1:]):
        a.swing = a.after - b.after
    return sorted(records[:-1], key=lambda r: -r.swing)[:k]


def collect(game: str, games: int, seed: int, max_turns: int = MAX_TURNS
            ) -> tuple[list[Record], list[Record]]:
    """Every analysed decision, and the swings of the expert's sides that lost."""
    bot = ExpertBot(seed)
    strong = StrongBot(seed)
    decisions: list[Record] = []
    swings: list[Record] = []
    for opponent in ("strong", "self"):
        for g in range(games):
            recs, winner = play_game(game, seed, g, opponent, bot, strong, max_turns)
            for seat, rs in enumerate(recs):
                decisions.extend(rs)
                if winner is not None and winner != seat:
                    swings.extend(largest_swings(rs))
    return decisions, swings


# ------------------------------------------------------------------- tables
def table(records: Iterable[Record], value: Callable[[Record], float], title: str) -> list[str]:
    """Rows ``class: count, mean, share of the total`` (phases first, then the facts)."""
    recs = list(records)
    total = sum(value(r) for r in recs) or 1.0
    classes: dict[str, list[float]] = {}
    for r in recs:
        for c in r.classes:
            classes.setdefault(c, []).append(value(r))
    names = [p for p in PHASES if p in classes] + sorted(c for c in classes if c not in PHASES)
    out = [title, f"  {'class':44s} {'count':>6s} {'mean':>7s} {'share':>7s}"]
    for c in names:
        v = classes[c]
        out.append(f"  {c:44s} {len(v):6d} {sum(v) / len(v):7.4f} {100 * sum(v) / total:6.1f}%")
    out.append(f"  {'all':44s} {len(recs):6d} {total / max(1, len(recs)):7.4f} {100.0:6.1f}%")
    return out


def report(game: str, games: int, seed: int, max_turns: int = MAX_TURNS) -> list[str]:
    """The whole printed report of an analysis run (deterministic for a seed)."""
    decisions, swings = collect(game, games, seed, max_turns)
    search_margin, search_width = expert_mod.search_settings(game)
    lines = [f"{game}: {games} games against strong + {games} expert self-play games, seed {seed}; "
             f"{len(decisions)} expert decisions with a choice, {len(swings)} swings in lost games",
             f"(the look-ahead values the best {LOOK_WIDTH} candidates at 0-ply; the shipped search "
             f"looks at {search_width} within {search_margin})", ""]
    lines += table(decisions, lambda r: r.gap, "look-ahead gap (equity), all decisions:")
    lines += [""]
    lines += table(decisions, lambda r: 0.0 if r.covered else r.gap,
                   "look-ahead gap the shipped search does not cover:")
    lines += [""]
    lines += table(swings, lambda r: max(0.0, r.swing),
                   "largest drops of the expert's equity in its lost games (3 a game):")
    lines += ["", "largest look-ahead gaps:"]
    for r in sorted(decisions, key=lambda r: -r.gap)[:4]:
        lines.append(f"  gap {r.gap:.3f} ({'covered' if r.covered else 'not covered'}, "
                     f"0-ply margin {r.zero_margin:.3f}) dice {r.dice[0]}-{r.dice[1]}: "
                     f"net {r.zero_play} / look-ahead {r.deep_play}; {', '.join(r.classes)}")
        lines.append("    " + json.dumps(r.position.to_json(), separators=(",", ":")))
    lines += ["", "largest swings in lost games:"]
    for r in sorted(swings, key=lambda r: -r.swing)[:3]:
        lines.append(f"  drop {r.swing:.3f} after dice {r.dice[0]}-{r.dice[1]} "
                     f"({r.zero_play} at 0-ply); {', '.join(r.classes)}")
        lines.append("    " + json.dumps(r.position.to_json(), separators=(",", ":")))
    return lines


# ------------------------------------------------------------------ lever
class PhaseSearchBot(ExpertBot):
    """The expert, searching wider (``margin``, ``width``) at decisions of ``phases``."""

    def __init__(self, seed: int | str, phases: Sequence[str], margin: float, width: int,
                 nets: dict[str, Net] | None = None) -> None:
        super().__init__(seed, search=True, nets=nets)
        self.phases = set(phases)
        # not the expert's own ``margin`` / ``width``: those stay the shipped search's
        self.wide_margin = margin
        self.wide_width = width
        self._wide = False

    def choose_play(self, position: Position, dice: tuple[int, int], plays: Sequence[Play]) -> Play:
        self._wide = len(plays) > 1 and phase(position) in self.phases
        return super().choose_play(position, dice, plays)

    def scored(self, plays: Sequence[Play]) -> NDArray[np.float64]:
        if not self._wide:
            return super().scored(plays)
        eq = self.equities(plays)
        order = np.argsort(-eq)
        top = [int(i) for i in order[:self.wide_width] if eq[order[0]] - eq[i] <= self.wide_margin]
        if len(top) < 2:
            return eq
        out = eq - 10.0
        deep = self.lookahead_many([plays[i] for i in top])
        for i, v in zip(top, deep):
            out[i] = v
        return out


@dataclass(frozen=True)
class Variant:
    """A wider search (``width`` candidates within ``margin``) at decisions of ``phases``."""

    phases: tuple[str, ...]
    margin: float
    width: int

    @classmethod
    def parse(cls, text: str) -> Variant:
        """``start,contact:0.08:3`` → phases start and contact, margin 0.08, width 3."""
        phases, margin, width = text.split(":")
        names = tuple(phases.split(","))
        unknown = [n for n in names if n not in PHASES]
        if unknown or int(width) < 2:
            raise ValueError(f"not a variant (phases {'/'.join(PHASES)}, width >= 2): {text}")
        return cls(names, float(margin), int(width))

    @property
    def label(self) -> str:
        return f"width {self.width}, margin {self.margin} in {','.join(self.phases)}"

    def bot(self, seed: int | str) -> PhaseSearchBot:
        return PhaseSearchBot(seed, self.phases, self.margin, self.width)


SHIPPED = "shipped"


def net_points(bot: ExpertBot, game: str, pairs: int, seed: int, *, label: str = SHIPPED,
               out: Path | None = None) -> NDArray[np.float64]:
    """Net points of ``bot`` per pair of games against strong: the paired games of
    ``benchmarks/bots_compare.py`` (the same dice, each bot in both seats).

    With ``out`` (JSON lines) every pair is appended as it ends and the pairs of this
    ``label``, game and seed already there are read back instead of played, so a long
    run resumes (the resumed part draws its tie-breaks afresh)."""
    done: dict[int, float] = {}
    if out is not None and out.exists():
        for line in out.read_text(encoding="utf-8").splitlines():
            rec = json.loads(line) if line.strip() else {}
            if (rec.get("bot"), rec.get("game"), rec.get("seed")) == (label, game, seed):
                done[int(rec["pair"])] = float(rec["points"])
    strong = StrongBot(seed)
    pts = np.zeros(pairs)
    for p in range(pairs):
        if p in done:
            pts[p] = done[p]
            continue
        won, lost = paired_points(bot, game, 1, seed, opponent=strong, start=p)[0]
        pts[p] = won - lost
        if out is not None:
            with out.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps({"bot": label, "game": game, "seed": seed, "pair": p,
                                     "points": pts[p]}) + "\n")
    return pts


def compare(game: str, pairs: int, seed: int, variants: Sequence[Variant],
            out: Path | None = None) -> list[str]:
    """The shipped expert and each wider-searching variant, paired over the same dice
    (the shipped expert's games are played once for all the variants)."""
    t0 = time.time()
    base = net_points(ExpertBot(seed, search=True), game, pairs, seed, out=out)
    search_margin, search_width = expert_mod.search_settings(game)
    lines = [f"{game}: {2 * pairs} games each against strong, seed {seed}",
             f"  shipped expert (width {search_width}, margin {search_margin}) "
             f"ppg {base.mean() / 2:+.3f}  ({(time.time() - t0) / 60:.1f} min)"]
    for v in variants:
        t1 = time.time()
        wide = net_points(v.bot(seed), game, pairs, seed, label=v.label, out=out)
        d = (wide - base) / 2
        n = len(d)
        se = float(d.std(ddof=1) / math.sqrt(n)) if n > 1 else float("nan")
        lines += [f"  {v.label}: ppg {wide.mean() / 2:+.3f}  ({(time.time() - t1) / 60:.1f} min)",
                  f"    paired difference {d.mean():+.3f} ± {se:.3f} points a game"]
    return lines


def recorded(out: Path, game: str, seed: int) -> list[str]:
    """The comparison from the pairs an ``--out`` file holds, playing none: each variant
    against the shipped expert over the pairs both have played (a run still going, or
    one stopped short, read so far)."""
    points: dict[str, dict[int, float]] = {}
    for line in out.read_text(encoding="utf-8").splitlines():
        rec = json.loads(line) if line.strip() else {}
        if (rec.get("game"), rec.get("seed")) == (game, seed):
            points.setdefault(rec["bot"], {})[int(rec["pair"])] = float(rec["points"])
    base = points.pop(SHIPPED, {})
    lines = [f"{game}: pairs recorded in {out.name}, seed {seed}",
             f"  shipped expert: {len(base)} pairs, ppg {np.mean(list(base.values())) / 2:+.3f}"
             if base else "  shipped expert: no pairs"]
    for label, wide in points.items():
        both = sorted(set(wide) & set(base))
        if not both:
            lines.append(f"  {label}: no pairs the shipped expert has played")
            continue
        d = np.array([wide[p] - base[p] for p in both]) / 2
        se = float(d.std(ddof=1) / math.sqrt(len(d))) if len(d) > 1 else float("nan")
        lines += [f"  {label}: {len(both)} pairs, ppg {np.mean([wide[p] for p in both]) / 2:+.3f}"
                  f" (the shipped expert {np.mean([base[p] for p in both]) / 2:+.3f} on them)",
                  f"    paired difference {d.mean():+.3f} ± {se:.3f} points a game"]
    return lines


def speed(game: str, n: int, seed: int, variants: Sequence[Variant]) -> list[str]:
    """Decision times (CPU ms of this process, so a loaded machine reads fair) of the
    shipped expert and each wider-searching variant over the seeded decisions of
    ``benchmarks/bots_speed.py``."""
    from statistics import median, quantiles

    from tavli_voice.bots.playouts import random_decisions

    ds = random_decisions(game, n, seed, keep=0.25, label="speed")
    out = [f"{game}: {len(ds)} decisions (bots_speed.py's, seed {seed}), CPU ms a decision"]
    bots: list[tuple[str, ExpertBot]] = [("shipped expert", ExpertBot(1, search=True))]
    bots += [(v.label, v.bot(1)) for v in variants]
    ms: list[list[float]] = [[] for _ in bots]
    for _label, bot in bots:
        bot.net(game)
    for pos, roll, plays in ds:  # every bot on each decision in turn: a load that
        for k, (_label, bot) in enumerate(bots):  # changes meanwhile weighs on all alike
            t = time.process_time()
            bot.choose_play(pos, roll, plays)
            ms[k].append(1000.0 * (time.process_time() - t))
    for (label, _bot), times in zip(bots, ms):
        out.append(f"  {label:36s} median {median(times):7.2f}   "
                   f"p95 {quantiles(times, n=20)[18]:7.2f}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--game", choices=("plakoto", "fevga"), default="fevga")
    ap.add_argument("--games", type=int, default=12, help="games of each kind to analyse")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--compare", action="store_true", help="measure the wider search instead")
    ap.add_argument("--speed", type=int, metavar="N",
                    help="time N decisions of both searches instead")
    ap.add_argument("--pairs", type=int, default=200)
    ap.add_argument("--phases", default="start,contact")
    ap.add_argument("--margin", type=float, default=0.08)
    ap.add_argument("--width", type=int, default=3)
    ap.add_argument("--variant", action="append", metavar="PHASES:MARGIN:WIDTH",
                    help="a search variant to measure, e.g. start:0.06:3 (repeat for more; "
                         "instead of --phases/--margin/--width)")
    ap.add_argument("--out", type=Path, help="--compare: JSON lines, one per pair and bot; "
                    "pairs already there are read back, so a run resumes")
    ap.add_argument("--recorded", action="store_true",
                    help="with --out: the comparison from the pairs already there, playing none")
    a = ap.parse_args(argv)
    if a.recorded:
        if a.out is None:
            ap.error("--recorded reads the pairs of --out")
        print("\n".join(recorded(a.out, a.game, a.seed)), flush=True)
        return 0
    try:
        variants = ([Variant.parse(v) for v in a.variant] if a.variant else
                    [Variant.parse(f"{a.phases}:{a.margin}:{a.width}")])
    except ValueError as exc:
        ap.error(str(exc))
    if a.speed:
        lines = speed(a.game, a.speed, a.seed, variants)
    elif a.compare:
        lines = compare(a.game, a.pairs, a.seed, variants, a.out)
    else:
        lines = report(a.game, a.games, a.seed)
    print("\n".join(lines), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
