"""The Greek engine's decision tried again on recorded evidence: the weight between the engines and near-homophones.

Run (evidence recorded by ``benchmarks/greek_noise.py --out FILE``, one file a condition, tuning voices):

    python benchmarks/greek_margin.py /tmp/white.jsonl /tmp/pink.jsonl /tmp/quiet.jsonl \
        --weights 10,20,40 --letters none,4,5 --margins 0,1,2 --losers

Each recorded clip (pocketsphinx's proposals and Whisper's scores of them, ``engine_rescore.Evidence``) is
decided again by ``engine_rescore.decide`` with each setting, no engine run, and counted as
``benchmarks/greek_fit.py`` counts it: right at once, right after asking back, asked then wrong, acted on
wrongly, no answer. ``--letters``/``--margins``/``--likely``: the near-homophone rule
(``engine_rescore.SIBLING_LETTERS``, ``SIBLING_MARGIN``, ``SIBLING_LIKELY``); ``--losers`` prints, for the
clips whose word was proposed and lost, which engine preferred the word said (Whisper alone, pocketsphinx
alone, neither) and by how much, and ``--changed`` the clips a setting decides differently from the first.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.greek_fit import OUTCOMES, evidence_of, outcome  # noqa: E402
from tavli_voice.commands import Command  # noqa: E402
from tavli_voice.speech import engine_rescore as rescore  # noqa: E402
from tavli_voice.speech.engine_rescore import Evidence  # noqa: E402
from tavli_voice.speech.grammar import PHASE_COMMANDS, Options, Phrase, phrases  # noqa: E402
from tavli_voice.speech.heard import Heard  # noqa: E402

Case = tuple[str, str, Evidence | Heard, Command | None]


def cases(paths: list[Path], items: tuple[Phrase, ...], view: str = "crop") -> list[Case]:
    """(condition, clip, evidence, meant) of every recorded line, Whisper's scores those of ``view``: "crop" (as
    the game), a recorded view ("band", "whole": ``greek_noise.py --whisper-views``), "A+B" their mean or "A|B"
    the better of the two for each phrase; a line without the view is left out."""
    out: list[Case] = []
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            row: dict[str, Any] = json.loads(line)
            found, meant = evidence_of(row, items)
            if isinstance(found, Evidence) and view != "crop":
                names = view.replace("|", "+").split("+")
                if any(n != "crop" and f"heard_{n}" not in row for n in names):
                    continue
                rows = [row["heard"] if n == "crop" else row[f"heard_{n}"] for n in names]
                values = [[-math.inf if v is None else float(v) for v in r] for r in rows]
                fused = [max(vs) if "|" in view else sum(vs) / len(vs) for vs in zip(*values)]
                found = dataclasses.replace(found, heard=tuple(fused))
            out.append((row["condition"], row["clip"], found, meant))
    return out


def decided(found: Evidence | Heard, items: tuple[Phrase, ...], weight: float, letters: int | None,
            margin: float, likely: float = rescore.SIBLING_LIKELY) -> Heard:
    """``found`` decided with these settings (pocketsphinx's own result when it proposed nothing)."""
    if isinstance(found, Heard):
        return found
    return rescore.decide(found, weight, turn=items, sibling_letters=letters, sibling_margin=margin,
                          sibling_likely=likely)


def losers(rows: list[Case], weight: float) -> None:
    """Which engine preferred the word said, in the clips where it was proposed and another won."""
    kinds: Counter[str] = Counter()
    for condition, clip, found, meant in rows:
        if not isinstance(found, Evidence) or meant not in found.acoustic:
            continue
        heard = rescore.decide(found, weight)
        if heard.command == meant:
            continue
        total, likely = rescore._totals(found, weight, rescore.OUTSIDE)
        if meant not in likely or heard.command not in likely:
            kinds[f"{condition}: the word said pruned by Whisper"] += 1
            continue
        whisper = likely[meant] - likely[heard.command]  # > 0: Whisper alone preferred the word said
        sphinx = found.acoustic[meant] - found.acoustic.get(heard.command, -math.inf)
        kind = ("Whisper alone preferred it" if whisper > 0 else "pocketsphinx alone preferred it" if sphinx > 0
                else "neither preferred it")
        kinds[f"{condition}: {kind}"] += 1
        print(f"  {condition:12s} {clip:42s} -> «{total[heard.command][1].text}»: Whisper {whisper:+.2f} "
              f"(said {likely[meant]:.2f}), pocketsphinx {sphinx:+.2f} nats; {kind}")
    for kind, n in sorted(kinds.items()):
        print(f"  {kind}: {n}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("evidence", type=Path, nargs="+")
    parser.add_argument("--plays", type=int, default=9)
    parser.add_argument("--weights", default=f"{rescore.WEIGHT:g}")
    parser.add_argument("--letters", default="none", help="comma-separated SIBLING_LETTERS (none: no rule)")
    parser.add_argument("--margins", default="0")
    parser.add_argument("--likely", default=f"{rescore.SIBLING_LIKELY:g}", help="comma-separated SIBLING_LIKELY")
    parser.add_argument("--views", default="crop", help="comma-separated views Whisper's scores are taken from "
                        "(crop, band, whole; A+B their mean, A|B the better), one table each")
    parser.add_argument("--losers", action="store_true")
    parser.add_argument("--changed", action="store_true")
    args = parser.parse_args()
    items = phrases(Options(plays=args.plays, commands=PHASE_COMMANDS["play"]), "el")
    for view in args.views.split(","):
        rows = cases(args.evidence, items, view)
        print(f"Whisper's scores on: {view}")
        report(args, rows, items)


def report(args: argparse.Namespace, rows: list[Case], items: tuple[Phrase, ...]) -> None:
    """The outcome table of every setting of ``args`` on ``rows``."""
    margins, likelies = args.margins.split(","), args.likely.split(",")
    settings = [(float(w), None if k == "none" else int(k), float(m), float(v)) for w in args.weights.split(",")
                for k in args.letters.split(",") for m in margins for v in likelies
                if not (k == "none" and (m, v) != (margins[0], likelies[0]))]
    conditions = sorted({r[0] for r in rows}, key=[r[0] for r in rows].index)
    print(f"{len(rows)} recorded decisions: " + ", ".join(f"{c} {sum(r[0] == c for r in rows)}" for c in conditions))
    print("  weight letters margin likely  condition     " + " | ".join(OUTCOMES) + " | right")
    first: list[str] = []
    for weight, letters, margin, likely in settings:
        seen: dict[str, Counter[str]] = {}
        results = []
        for condition, _clip, found, meant in rows:
            heard = decided(found, items, weight, letters, margin, likely)
            result = outcome(heard, meant)
            results.append(f"{result} «{heard.text}» ({heard.score:.2f})")
            seen.setdefault(condition, Counter())[result] += 1
        for condition in conditions:
            c = seen[condition]
            right = c["right at once"] + c["right after asking back"]
            print(f"  {weight:6g} {letters!s:7s} {margin:6g} {likely:6g}  {condition:12s}  "
                  + " | ".join(f"{c[o]:3d}" for o in OUTCOMES) + f" | {right} ({100 * right / sum(c.values()):.1f}%)")
        if args.changed and first:
            for (condition, clip, _, _), before, after in zip(rows, first, results):
                if before != after:
                    print(f"    {condition:12s} {clip}: {before} -> {after}")
        first = first or results
    if args.losers:
        print(f"The words proposed and outscored (weight {settings[0][0]:g}):")
        losers(rows, settings[0][0])


if __name__ == "__main__":
    main()
