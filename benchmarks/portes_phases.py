"""Where a Portes bot's loss concentrates: per-decision losses split by the kind of position.

Reads a decisions file judged by GNU Backgammon (``--file``, e.g.
``shared/fixtures/portes_decisions_gnubg_2ply.jsonl``) and one or more
``--losses`` files written by ``benchmarks/portes_gnubg.py --losses`` (each
decision's loss in points, in the file's order), and prints, per phase, the
number of decisions, their share of all decisions, their share of the bot's
total loss and the mean millipoints lost there; gnubg 0-ply's own mean on the
same decisions beside it when the file carries ``equities0``.

Each decision falls in exactly one *phase* (first that applies):

- ``bear-off``: no contact (every checker of the mover is past every checker of
  the opponent) and every checker of the mover in its home (R6);
- ``race``: no contact, some checker still outside the home;
- ``bar entry``: contact, the mover has a checker on the bar (R4);
- ``back game``: contact, the mover holds two or more points (2+ checkers) in
  the opponent's home (points 19-24);
- ``anchor``: contact, the mover holds one such point;
- ``other contact``: the rest.

and may also carry *tags* (they overlap): ``a hit on offer`` (some legal play
hits), ``doubles`` (the roll is a double), ``mover behind 30+`` (the mover's pip
count exceeds the opponent's by 30 or more, with contact), ``both bearing off``
(every checker of both sides in its own home, none on the bar: the exact
one-sided bear-off tables of :mod:`tavli_voice.bots.bearoff` apply).

Usage::

    python benchmarks/portes_gnubg.py --file ../shared/fixtures/portes_decisions_gnubg_2ply.jsonl \\
        --bots expert --losses expert.json
    python benchmarks/portes_phases.py --file ../shared/fixtures/portes_decisions_gnubg_2ply.jsonl \\
        --losses expert.json
    python benchmarks/portes_phases.py --file ../shared/fixtures/portes_decisions_gnubg_2ply.jsonl \
        --losses after.json --against before.json     # paired, phase by phase
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections.abc import Sequence
from pathlib import Path

from tavli_voice.bots.bearoff import both_bearing_off
from tavli_voice.rules import Position, legal_plays

PHASES = ("bear-off", "race", "bar entry", "back game", "anchor", "other contact")
TAGS = ("a hit on offer", "doubles", "mover behind 30+", "both bearing off")


def contact(pos: Position) -> bool:
    """True when some checker of the mover can still meet one of the opponent's.

    The mover moves down from 24 (bar 25) to 1; the opponent's checkers, on the
    mover's numbering, move up from their bar (0) to 24.

    >>> contact(Position.initial("portes"))
    True
    """
    mine = [p for p in range(1, 25) if pos.mine(p)] + ([25] if pos.bar[0] else [])
    theirs = [p for p in range(1, 25) if pos.theirs(p)] + ([0] if pos.bar[1] else [])
    if not mine or not theirs:
        return False
    return max(mine) > min(theirs)


def phase(pos: Position) -> str:
    """The one phase of ``pos`` (see the module's list).

    >>> phase(Position.initial("portes"))
    'anchor'
    """
    if not contact(pos):
        home = pos.bar[0] == 0 and all(pos.mine(p) == 0 for p in range(7, 25))
        return "bear-off" if home else "race"
    if pos.bar[0]:
        return "bar entry"
    anchors = sum(1 for p in range(19, 25) if pos.mine(p) >= 2)
    if anchors >= 2:
        return "back game"
    return "anchor" if anchors == 1 else "other contact"


def tags(pos: Position, dice: tuple[int, int]) -> set[str]:
    """The overlapping tags of a decision (see the module's list)."""
    out: set[str] = set()
    if any(s.capture for play in legal_plays(pos, dice) for s in play.steps):
        out.add("a hit on offer")
    if dice[0] == dice[1]:
        out.add("doubles")
    ours, theirs = pos.pip_count()
    if contact(pos) and ours - theirs >= 30:
        out.add("mover behind 30+")
    if both_bearing_off(pos):
        out.add("both bearing off")
    return out


def gnubg0_losses(lines: Sequence[dict[str, object]]) -> list[float] | None:
    """gnubg 0-ply's own loss on each line by the file's judge, or None without ``equities0``."""
    out: list[float] = []
    for rec in lines:
        eqs: dict[str, float] = rec["equities"]  # type: ignore[assignment]
        eq0: dict[str, float] | None = rec.get("equities0")  # type: ignore[assignment]
        if eq0 is None:
            return None
        choice = max(eq0, key=lambda k: eq0[k])
        out.append(max(eqs.values()) - eqs[choice])
    return out


def table(groups: dict[str, list[int]], losses: Sequence[float],
          reference: Sequence[float] | None, n: int) -> list[str]:
    """Rows: group, count, share of decisions, share of total loss, mean mp (and gnubg 0-ply's).

    >>> for row in table({"a": [0], "b": [1, 2]}, [0.010, 0.0, 0.002], None, 3):
    ...     print(row)
    group                     count  of all  of loss   mean mp
    a                             1   33.3%    83.3%      10.0
    b                             2   66.7%    16.7%       1.0
    """
    total = sum(losses) or 1.0
    head = f"{'group':24s} {'count':>6s}  {'of all':>6s}  {'of loss':>7s}  {'mean mp':>8s}"
    rows = [head + ("  gnubg0 mp" if reference is not None else "")]
    for name, idx in groups.items():
        if not idx:
            continue
        loss = [losses[i] for i in idx]
        row = (f"{name:24s} {len(idx):6d}  {100 * len(idx) / n:5.1f}%  "
               f"{100 * sum(loss) / total:6.1f}%  {1000 * statistics.fmean(loss):8.1f}")
        if reference is not None:
            row += f"  {1000 * statistics.fmean(reference[i] for i in idx):9.1f}"
        rows.append(row)
    return rows


def paired_rows(groups: dict[str, list[int]], losses: Sequence[float],
                other: Sequence[float]) -> list[str]:
    """Rows: group, count, the paired mean difference (these losses minus ``other``) in mp
    and its standard error.

    >>> for row in paired_rows({"a": [0, 1]}, [0.010, 0.0], [0.012, 0.004]):
    ...     print(row)
    group                     count  paired mp  (standard error)
    a                             2       -3.0  (1.0)
    """
    rows = [f"{'group':24s} {'count':>6s}  {'paired mp':>9s}  (standard error)"]
    for name, idx in groups.items():
        if not idx:
            continue
        diffs = [1000.0 * (losses[i] - other[i]) for i in idx]
        se = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("nan")
        rows.append(f"{name:24s} {len(idx):6d}  {statistics.fmean(diffs):+9.1f}  ({se:.1f})")
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--file", type=Path, required=True)
    ap.add_argument("--losses", type=Path, action="append", required=True,
                    help="a --losses file of benchmarks/portes_gnubg.py (may be repeated)")
    ap.add_argument("--against", type=Path, default=None,
                    help="another --losses file on the same decisions: print, per phase and "
                         "tag, the paired difference of each --losses file from it")
    a = ap.parse_args(argv)
    lines = [json.loads(s) for s in a.file.read_text().splitlines() if s.strip()]
    n = len(lines)
    phases: dict[str, list[int]] = {p: [] for p in PHASES}
    tagged: dict[str, list[int]] = {t: [] for t in TAGS}
    for i, rec in enumerate(lines):
        pos = Position.from_json(rec["position"])
        dice = (int(rec["dice"][0]), int(rec["dice"][1]))
        phases[phase(pos)].append(i)
        for t in tags(pos, dice):
            tagged[t].append(i)
    ref = gnubg0_losses(lines)
    judge = str(lines[0].get("judge", "0-ply")) if lines else "0-ply"
    for path in a.losses:
        losses = json.loads(path.read_text())
        if len(losses) != n:
            raise SystemExit(f"{path}: {len(losses)} losses for {n} decisions")
        print(f"{path.name}: {n} Portes decisions judged by gnubg {judge} ({a.file.name}); "
              f"{1000 * statistics.fmean(losses):.1f} mp per decision in all")
        print("\nphases (each decision in one):")
        print("\n".join(table(phases, losses, ref, n)))
        print("\ntags (overlapping):")
        print("\n".join(table(tagged, losses, ref, n)))
        if a.against:
            other = json.loads(a.against.read_text())
            if len(other) != n:
                raise SystemExit(f"{a.against}: {len(other)} losses for {n} decisions")
            print(f"\npaired against {a.against.name} (negative: {path.name} loses less):")
            print("\n".join(paired_rows({"all": list(range(n))} | phases | tagged, losses, other)))
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
