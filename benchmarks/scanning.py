"""How much scanning a chosen play costs: ``python benchmarks/scanning.py``.

Positions come from seeded 1-point games of two bots (Rita against Rita by
default: a beginner standing in for a person). At every turn with a real
choice (two or more legal plays, R2) the *chosen play* is the one the
``--chooser`` bot makes there. Each way of offering the plays is built as the
program builds it (:func:`tavli_voice.scanning.build_root` on a
:class:`~tavli_voice.scanning.ScanMenu` with the PLAY phase's other commands,
step orders from :func:`tavli_voice.ui.board.scan_menu.play_sequences`), and
the cheapest way to the chosen play is walked the way
:mod:`tavli_voice.scanning.cost` walks it (fewest highlight moves, then fewest
presses, never Back or Undo; ``--check`` confirms every figure against
``scanning.cost.scan_cost_tree``). Columns:

* **steps** — highlight moves before the play is made: the mean, the 90th
  percentile, and the share of choices within 12 (automatic scanning: each
  is one scan interval of waiting; step scanning: one press of NEXT);
* **press 1sw** — presses of the one switch in automatic scanning (one per
  level: a group, a checker, a destination …);
* **press 2sw** — presses with two switches (step scanning: steps + picks);
* **secs** — time to make the play in automatic scanning with the default
  settings (interval 1 s, 0.7 s more on a first item, 0.5 s pause after each
  pick) and a ``--reaction`` of 0.5 s per pick; speech would add to it.

Methods and orderings (the rows):

* ``linear`` — every play one by one in one flat list;
* ``group`` — the same list in groups of ``--group-size`` (a group, then a
  play in it; ``+ bot first`` adds a "Suggested" item before the groups);
* ``steps`` — step by step: the checker (source point), then where it goes,
  die by die, offering only choices that lead to a legal play;
* ``auto`` — the program's default: a flat list up to ``list_limit`` (6)
  plays, step by step above that.

``by source`` orders plays (or checkers and destinations) by point, highest
first, as plays are written (R1); ``by frequency`` (step by step) puts first
the checkers and destinations shared by the most plays, then the higher
point; ``+ bot first`` puts the strong bot's preferred play (its steps) first
— what ``tavli-voice play --scan auto --suggest`` does.

The aim: under 12 scan steps per chosen play on average with the
best method. Options: ``--games N`` per game type (default 5), ``--seed S``,
``--chooser rita|strong|random``, ``--group-size G``, ``--only GAME``,
``--check``. The default run takes about 15 seconds.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from dataclasses import dataclass, field

from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice.bots import make_bot
from tavli_voice.rules import Play
from tavli_voice.scanning import (ListMode, PlayChoice, ScanMenu, ScanMode, ScanSettings,
                                  StepMode, build_root)
from tavli_voice.scanning.cost import scan_cost_tree
from tavli_voice.scanning.modes import is_command
from tavli_voice.scanning.steps import UNDO_STEP
from tavli_voice.session import Phase, new_session
from tavli_voice.ui.board.scan_menu import play_sequences

GAMES = ("portes", "plakoto", "fevga")
AIM = 12.0
#: The PLAY phase's other commands, as the session offers them to scanning.
COMMANDS: tuple[C.Command, ...] = (C.Describe(), C.Repeat(), C.Hint(), C.PipCount(),
                                    C.Score(), C.Help(), C.Resign(), C.Quit())
Steps = tuple[tuple[int, int], ...]


@dataclass
class Turn:
    """One decision: the plays, their step orders, the chosen and the suggested play."""

    plays: tuple[Play, ...]
    sequences: list[list[Steps]] | None
    chosen: int
    suggested: int


@dataclass(frozen=True)
class Path:
    """The option index picked at each level on the way to the play."""

    indices: tuple[int, ...]

    @property
    def steps(self) -> int:
        return sum(self.indices)

    @property
    def presses_one(self) -> int:
        return len(self.indices)

    @property
    def presses_two(self) -> int:
        return self.steps + len(self.indices)

    def seconds(self, s: ScanSettings, reaction: float) -> float:
        """Automatic scanning: per level the pick pause, the wait for the item, the reaction."""
        return sum(s.pick_pause + reaction + (s.first_delay + i * s.interval if i else 0.0)
                   for i in self.indices)


@dataclass
class Tally:
    """The paths of one method over all turns."""

    paths: list[Path] = field(default_factory=list)


def source_key(play: Play) -> Steps:
    """Plays by source point, highest first (then destination), as R1 writes them."""
    return tuple(sorted(((s.from_point, s.to_point) for s in play.steps), reverse=True))


def collect_turns(game: str, games: int, seed: int, chooser: str) -> list[Turn]:
    """Every turn with 2+ plays in ``games`` seeded 1-point games of two ``chooser`` bots."""
    turns: list[Turn] = []
    for n in range(games):
        players = (E.PlayerInfo("A", chooser), E.PlayerInfo("B", chooser))
        session = new_session(game, 1, seed=f"scanbench:{seed}:{n}", players=players)
        session.start()
        guard = 0
        while session.phase is not Phase.MATCH_OVER and guard < 5000:
            guard += 1
            if session.phase is Phase.PLAY and len(session.plays) > 1 and session.dice:
                command = session.bot_command()
                assert isinstance(command, C.ChoosePlay)
                strong = make_bot("strong", seed=f"scan:{seed}:{session.turn_counter}")
                best = strong.choose_play(session.position, session.dice, session.plays)
                seqs = play_sequences(session.position, session.dice, session.plays)
                turns.append(Turn(session.plays, seqs, command.number - 1,
                                  session.plays.index(best)))
                session.handle(command)
                continue
            session.bot_step()
    return turns


def cheapest_path(root: ScanMode, target: C.ChoosePlay, max_depth: int = 12) -> Path:
    """Fewest steps, then fewest presses, from ``root`` to ``target`` (no Back, no Undo).

    The walk of :func:`tavli_voice.scanning.cost.scan_costs_all`, but only
    into step-by-step stages from which the play can still be made, which
    keeps turns with thousands of step orders fast.
    """
    play = target.number - 1
    memo: dict[object, tuple[int, ...] | None] = {}

    def walk(mode: ScanMode, depth: int) -> tuple[int, ...] | None:
        key = (mode.chosen, mode.source) if isinstance(mode, StepMode) else None
        if key is not None and key in memo:
            return memo[key]
        best: tuple[int, ...] | None = None
        for index, option in enumerate(mode.options):
            if (option.is_back or option is UNDO_STEP or option.adjust is not None
                    or depth >= max_depth):
                continue
            choice = mode.choose(index)
            rest: tuple[int, ...] | None = None
            if is_command(choice):
                rest = () if choice == target else None
            elif isinstance(choice, StepMode):
                rest = walk(choice, depth + 1) if play in choice.plays_left() else None
            elif isinstance(choice, ListMode):
                rest = walk(choice, depth + 1)
            if rest is None:
                continue
            path = (index,) + rest
            if best is None or (sum(path), len(path)) < (sum(best), len(best)):
                best = path
        if key is not None:
            memo[key] = best
        return best

    found = walk(root, 0)
    assert found is not None, f"{target} cannot be reached"
    return Path(found)


def roots(turn: Turn, group_size: int) -> dict[str, tuple[ScanMode, C.ChoosePlay]]:
    """Every method's first level for this turn, and the command that makes the chosen play."""
    n = len(turn.plays)
    order = sorted(range(n), key=lambda i: source_key(turn.plays[i]), reverse=True)
    where = {play: k for k, play in enumerate(order)}  # session index → menu index
    choices = tuple(PlayChoice(turn.plays[i].notation, "",
                               tuple(turn.sequences[i]) if turn.sequences else ())
                    for i in order)
    plain = ScanMenu(COMMANDS, choices)
    bot = dataclasses.replace(plain, preferred=where[turn.suggested])
    target = C.ChoosePlay(where[turn.chosen] + 1)

    def built(menu: ScanMenu, how: str) -> ScanMode:
        settings = ScanSettings(play_choice=how, group_size=group_size)  # type: ignore[arg-type]
        return build_root(menu, settings)

    frequency = built(plain, "steps")
    by_source = (dataclasses.replace(frequency, order="point")
                 if isinstance(frequency, StepMode) else frequency)
    out: dict[str, ScanMode] = {
        "linear  by source": built(plain, "list"),
        "linear  + bot first": built(bot, "list"),
        "group   by source": built(plain, "groups"),
        "group   + bot first": built(bot, "groups"),
        "steps   by source": by_source,
        "steps   by frequency": frequency,
        "steps   + bot first": built(bot, "steps"),
        "auto    by frequency": built(plain, "auto"),
        "auto    + bot first": built(bot, "auto"),
    }
    return {name: (root, target) for name, root in out.items()}


def measure(turns: list[Turn], group_size: int, check: bool = False) -> dict[str, Tally]:
    """The cheapest path of every method for every turn (``check``: against scanning.cost)."""
    tallies: dict[str, Tally] = {}
    for turn in turns:
        for name, (root, target) in roots(turn, group_size).items():
            path = cheapest_path(root, target)
            tallies.setdefault(name, Tally()).paths.append(path)
            if check:
                for settings, presses in ((ScanSettings(), path.presses_one),
                                          (ScanSettings(mode="step"), path.presses_two)):
                    cost = scan_cost_tree(root, target, settings)
                    assert cost is not None and (cost.steps, cost.presses) == (
                        path.steps, presses), (name, cost, path)
    return tallies


def report(game: str, turns: list[Turn], tallies: dict[str, Tally], reaction: float) -> str:
    """One table for one game type."""
    plays = [len(t.plays) for t in turns]
    agree = sum(t.chosen == t.suggested for t in turns) / max(1, len(turns))
    grouped = sum(t.sequences is None for t in turns)
    lines = [f"{game}: {len(turns)} choices, {statistics.mean(plays):.1f} plays on average "
             f"(median {statistics.median(plays):.0f}, max {max(plays)}); the chosen play "
             f"is the strong bot's in {agree:.0%}"
             + (f"; {grouped} turns too long for step by step (grouped)" if grouped else ""),
             f"  {'method  ordering':22} {'steps':>6} {'p90':>4} {'<=12':>5} "
             f"{'press 1sw':>9} {'press 2sw':>9} {'secs':>6}"]
    means = {name: statistics.mean(p.steps for p in t.paths) for name, t in tallies.items()}
    best = min(means, key=lambda k: means[k])
    settings = ScanSettings()
    for name, tally in tallies.items():
        steps = sorted(p.steps for p in tally.paths)
        p90 = steps[int(0.9 * (len(steps) - 1))]
        within = sum(s <= AIM for s in steps) / len(steps)
        mark = "  <- fewest steps" if name == best else ""
        lines.append(
            f"  {name:22} {means[name]:6.2f} {p90:4d} {within:5.0%} "
            f"{statistics.mean(p.presses_one for p in tally.paths):9.2f} "
            f"{statistics.mean(p.presses_two for p in tally.paths):9.2f} "
            f"{statistics.mean(p.seconds(settings, reaction) for p in tally.paths):6.1f}{mark}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Scan steps and presses per chosen play.")
    ap.add_argument("--games", type=int, default=5, help="seeded games per game type")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--chooser", default="rita", choices=["rita", "strong", "random"])
    ap.add_argument("--group-size", type=int, default=5)
    ap.add_argument("--reaction", type=float, default=0.5, help="seconds to react to an item")
    ap.add_argument("--only", default=None, choices=GAMES, help="one game type")
    ap.add_argument("--check", action="store_true",
                    help="confirm every figure with scanning.cost.scan_cost_tree (slow)")
    args = ap.parse_args(argv)
    started = time.perf_counter()
    print(f"Scanning cost of a chosen play: chooser {args.chooser}, {args.games} seeded "
          f"1-point games per game type (seed {args.seed}), group size {args.group_size}.")
    print("steps = highlight moves (mean, 90th percentile, share within 12); presses with one "
          "switch (auto) and two (step); secs = auto scanning at the default timing.")
    overall: dict[str, list[float]] = {}
    for game in ((args.only,) if args.only else GAMES):
        t0 = time.perf_counter()
        turns = collect_turns(game, args.games, args.seed, args.chooser)
        tallies = measure(turns, args.group_size, check=args.check)
        print()
        print(report(game, turns, tallies, args.reaction))
        note = "; every figure checked against scanning.cost" if args.check else ""
        print(f"  ({time.perf_counter() - t0:.1f} s{note})")
        for name, tally in tallies.items():
            overall.setdefault(name, []).append(statistics.mean(p.steps for p in tally.paths))
    means = {name: statistics.mean(v) for name, v in overall.items()}
    best = min(means, key=lambda k: means[k])
    plain = min((k for k in means if "bot" not in k), key=lambda k: means[k])
    print()
    print(f"Mean of the game types: fewest steps with '{' '.join(best.split())}' "
          f"({means[best]:.2f}); without the bot's suggestion '{' '.join(plain.split())}' "
          f"({means[plain]:.2f}); the program's default 'auto by frequency' "
          f"({means['auto    by frequency']:.2f}). Aim: under {AIM:g}.")
    print(f"Total {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
