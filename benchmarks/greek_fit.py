"""Fitting the Greek engine's decision (``speech/engine_rescore.py``) on recorded evidence.

Greek is heard by pocketsphinx proposing and the multilingual Whisper base scoring its
proposals; ``engine_rescore`` combines the two engines' scores. This script records, once,
what both engines made of each clip of the voice benchmark's TUNING part (``benchmarks/voice.py
--lang el --part tuning``: espeak-ng ``el`` at 3 rates x 3 pitches and the first 12 voice
variants; never the held-out variants), in quiet and in noise, cropped to the loudest speech as
the game's engine does, and then fits the decision on those records without running an engine.

    python benchmarks/greek_fit.py record --step 4 --out /tmp/el-evidence.jsonl
    python benchmarks/greek_fit.py fit /tmp/el-evidence.jsonl
    python benchmarks/greek_fit.py record --part held-out --step 20 --seed 40 --conditions "quiet,white 10 dB" \
        --out /tmp/el-held-out.jsonl
    python benchmarks/greek_fit.py compare /tmp/el-held-out.jsonl

``record`` writes one JSON line per clip and condition (appending; clips already in the file are
skipped, so a stopped run goes on where it stopped; the clips in a seeded random order, so a part of
a run is a fair sample); ``fit`` grid-searches the limits of ``engine_rescore.decide`` (AGREE,
OVERRULE) and prints the outcomes before and after per condition, and again fitted on two thirds of
the voices and judged on the rest; ``compare`` decides recorded evidence (e.g. of the held-out part,
never fitted on) with the limits before and the game's.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import noise as sound  # noqa: E402
from benchmarks.voice import record_clips  # noqa: E402
from tavli_voice.commands import Command  # noqa: E402
from tavli_voice.speech.crop import find_speech, snr_db  # noqa: E402
from tavli_voice.speech import engine_rescore as rescore  # noqa: E402
from tavli_voice.speech.engine_rescore import Evidence  # noqa: E402
from tavli_voice.speech.grammar import PHASE_COMMANDS, Options, Phrase, phrases  # noqa: E402
from tavli_voice.speech.heard import Heard, command_json  # noqa: E402
from tavli_voice.speech.listen_decide import should_confirm  # noqa: E402

#: The conditions recorded: (label, noise kind or None, SNR dB), as benchmarks/voice.py mixes them.
CONDITIONS: tuple[tuple[str, str | None, float], ...] = (
    ("quiet", None, 0.0), ("white 10 dB", "white", 10), ("pink 10 dB", "pink", 10),
    ("babble 10 dB", "babble", 10), ("white 5 dB", "white", 5), ("pink 5 dB", "pink", 5),
    ("babble 5 dB", "babble", 5),
)


def key(command: Command | None) -> str:
    """A command as a short stable string (its JSON)."""
    return json.dumps(command_json(command), sort_keys=True, ensure_ascii=False)


def record(args: argparse.Namespace) -> None:
    """Both engines' evidence on each tuning clip and condition, one JSON line each."""
    from tavli_voice.speech.recognizer import choose_engine

    engine: Any = choose_engine(None, "el")
    inner = engine.engine
    inner.everything = args.everything  # Whisper's scores of every phrase, to decide again with fewer
    items = phrases(Options(plays=args.plays, commands=PHASE_COMMANDS["play"]), "el")
    done: set[tuple[str, str]] = set()
    if args.out.exists():
        for line in args.out.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            done.add((row["clip"], row["condition"]))
    folder = args.clips
    clips = record_clips("el", Path(), args.step, args.variants, args.plays, folder, args.part)
    conditions = [c for c in CONDITIONS if args.conditions is None or c[0] in args.conditions.split(",")]
    order = np.random.default_rng(args.seed).permutation(len(clips))
    sources = {"babble": sound.espeak_talk(sound.BABBLE_TALK, folder)}
    print(f"{len(clips)} {args.part} clips x {len(conditions)} conditions; {len(done)} already recorded", flush=True)
    began = time.perf_counter()
    count = 0
    with open(args.out, "a", encoding="utf-8") as out:
        for index in order:
            row_name, name, held, said, meant, clip = clips[index]
            for label, kind, snr in conditions:
                if (name, label) in done:
                    continue
                rng = np.random.default_rng([args.seed, int(index), CONDITIONS.index((label, kind, snr))])
                x, _ = sound.mix(clip, kind, snr, rng, pad_s=0.5, sources=sources)
                start = time.perf_counter()
                span = find_speech(x, engine.detector, engine.speech_at, engine.margin_s, gap_s=engine.gap_s)
                crop_snr = None if span is None else snr_db(x, span)
                heard = x if span is None else x[span[0]:span[1]]
                found = inner.evidence(heard, items)
                ms = (time.perf_counter() - start) * 1000
                line: dict[str, Any] = {"clip": name, "row": row_name, "held_out": held, "condition": label,
                                        "said": said,
                                        "meant": key(meant), "snr": crop_snr, "ms": round(ms, 1)}
                if isinstance(found, Heard):
                    line["first"] = [found.text, key(found.command), found.score]
                else:
                    line["first"] = [found.first.text, key(found.first.command), found.first.score]
                    line["acoustic"] = [[key(c), round(v, 4)] for c, v in found.acoustic.items()]
                    line["chosen"] = [p.text for p in found.chosen]
                    line["heard"] = [None if not math.isfinite(v) else round(v, 4) for v in found.heard]
                out.write(json.dumps(line, ensure_ascii=False) + "\n")
                out.flush()
                count += 1
            if count and count % 70 < len(conditions):
                print(f"  {count} recorded in {time.perf_counter() - began:.0f} s, load "
                      f"{os.getloadavg()[0]:.1f}", flush=True)
    print(f"{count} recorded in {time.perf_counter() - began:.0f} s")


def evidence_of(row: dict[str, Any], items: tuple[Phrase, ...]) -> tuple[Evidence | Heard, Command | None]:
    """The recorded line as ``engine_rescore``'s Evidence (or pocketsphinx's Heard) and the meant command."""
    commands = {key(p.command): p.command for p in items}
    by_text = {p.text: p for p in items}
    text, first_key, score = row["first"]
    first = Heard(text, commands.get(first_key), float(score), 0.0, "pocketsphinx")
    meant = commands[row["meant"]]
    if "acoustic" not in row:
        return first, meant
    acoustic = {commands[k]: float(v) for k, v in row["acoustic"]}
    chosen = tuple(by_text[t] for t in row["chosen"])
    heard = tuple(-math.inf if v is None else float(v) for v in row["heard"])
    return Evidence(first, acoustic, chosen, heard), meant


# --- fitting -------------------------------------------------------------------------------

OUTCOMES = ("right at once", "right after asking back", "asked, then wrong", "acted on wrongly", "no answer")


def outcome(heard: Heard, meant: Command | None) -> str:
    """What a game on the default settings does with ``heard`` (benchmarks/voice.py's record_outcome)."""
    if heard.command is None:
        return "no answer"
    asked = should_confirm(dataclasses.replace(heard, engine="pocketsphinx+whisper+crop"), "unsure")
    if heard.command == meant:
        return "right after asking back" if asked else "right at once"
    return "asked, then wrong" if asked else "acted on wrongly"


@dataclass
class Case:
    """One recorded clip and condition, ready for fitting."""

    condition: str
    voice: str
    found: Evidence | Heard
    meant: Command | None


def cases_of(path: Path, plays: int) -> list[Case]:
    items = phrases(Options(plays=plays, commands=PHASE_COMMANDS["play"]), "el")
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        found, meant = evidence_of(row, items)
        out.append(Case(row["condition"], row["clip"].split(":")[0], found, meant))
    return out


Limits = tuple[float, float, float]


def tally(cases: list[Case], agree: Limits, overrule: Limits) -> dict[str, Counter[str]]:
    """Outcomes per condition (and "all") of ``decide`` with these limits; pocketsphinx's own results
    (nothing proposed) as they are."""
    out: dict[str, Counter[str]] = {}
    for c in cases:
        heard = c.found if isinstance(c.found, Heard) else rescore.decide(c.found, agree=agree, overrule=overrule)
        result = outcome(heard, c.meant)
        for k in (c.condition, "all"):
            out.setdefault(k, Counter())[result] += 1
    return out


def table(title: str, seen: dict[str, Counter[str]]) -> None:
    print(f"  {title}")
    print(f"    {'condition':14s} {'n':>5s} " + " ".join(f"{o[:14]:>14s}" for o in OUTCOMES) + f" {'right':>7s}")
    for cond in [c[0] for c in CONDITIONS] + ["all"]:
        if cond not in seen:
            continue
        n = sum(seen[cond].values())
        cells = " ".join(f"{100 * seen[cond][o] / n:13.1f}%" for o in OUTCOMES)
        right = 100 * (seen[cond][OUTCOMES[0]] + seen[cond][OUTCOMES[1]]) / n
        print(f"    {cond:14s} {n:5d} {cells} {right:6.1f}%")


OFF: Limits = (math.inf, math.inf, math.inf)
#: The limits tried: Whisper's log-probability, its own lead, the combined lead (natural log).
LIKELY = (-3.5, -3.0, -2.75, -2.5, -2.25, -2.0, -1.5)
OWN_LEAD = (0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0)
LEAD = (0.0, 0.5, 1.0, 1.5, 2.0)


def best_limits(cases: list[Case], agree: Limits | None, wrong_at_most: int) -> Limits:
    """The limits (of agreement when ``agree`` is None, else of overruling with ``agree`` fixed) that act
    at once on the most right words while acting wrongly on at most ``wrong_at_most`` of ``cases``; of
    equals, the strictest."""
    best: tuple[int, float, Limits] = (-1, 0.0, OFF)
    for likely in LIKELY:
        for own in OWN_LEAD:
            for lead in LEAD:
                limits = (likely, own, lead)
                seen = (tally(cases, limits, OFF) if agree is None else tally(cases, agree, limits))["all"]
                if seen["acted on wrongly"] <= wrong_at_most:
                    key = (seen["right at once"], likely + own + lead, limits)
                    if key[:2] > best[:2]:
                        best = key
    return best[2]


def fit(cases: list[Case], wrong_share: float) -> tuple[Limits, Limits]:
    """AGREE, then OVERRULE, allowed ``wrong_share`` of the cases acted on wrongly beyond those no limit
    stops (pocketsphinx sure of a word Whisper vouches for)."""
    allowed = int(wrong_share * len(cases)) + tally(cases, OFF, OFF)["all"]["acted on wrongly"]
    agree = best_limits(cases, None, allowed)
    already = tally(cases, agree, OFF)["all"]["acted on wrongly"]
    return agree, best_limits(cases, agree, max(already, allowed))


def fit_and_report(args: argparse.Namespace) -> None:
    cases = cases_of(args.evidence, args.plays)
    voices = sorted({c.voice for c in cases})
    print(f"{len(cases)} recorded decisions, {len(voices)} tuning voice settings, "
          f"{', '.join(sorted({c.condition for c in cases}))}")
    table(f"before: AGREE {rescore.AGREE}, OVERRULE {rescore.OVERRULE}",
          tally(cases, rescore.AGREE, rescore.OVERRULE))
    agree, overrule = fit(cases, args.wrong)
    print(f"  fitted: AGREE = {agree}, OVERRULE = {overrule}")
    table("fitted on all tuning data, judged on it", tally(cases, agree, overrule))
    # Honest check without the held-out part: fit on some tuning voices, judge the others.
    shuffled = list(np.random.default_rng(5).permutation(voices))
    merged: dict[str, Counter[str]] = {}
    for k in range(args.folds):
        out = set(shuffled[k::args.folds])
        a, o = fit([c for c in cases if c.voice not in out], args.wrong)
        print(f"    fold {k + 1}: AGREE {a}, OVERRULE {o}")
        for cond, seen in tally([c for c in cases if c.voice in out], a, o).items():
            merged.setdefault(cond, Counter()).update(seen)
    table(f"fitted on {args.folds - 1}/{args.folds} of the tuning voices, judged on the rest", merged)


#: The limits before this fit (AGREE; OVERRULE: never acted on at once).
BEFORE: tuple[Limits, Limits] = ((-2.5, 0.5, 1.0), OFF)


def compare(args: argparse.Namespace) -> None:
    """The limits before and the game's (engine_rescore.AGREE, OVERRULE) on the same recorded evidence."""
    cases = cases_of(args.evidence, args.plays)
    times = [json.loads(line)["ms"] for line in args.evidence.read_text(encoding="utf-8").splitlines()]
    print(f"{len(cases)} recorded decisions, {len({c.voice for c in cases})} voice settings; "
          f"recording each (crop, pocketsphinx and Whisper) took a median {np.median(times):.0f} ms, "
          f"p95 {np.percentile(times, 95):.0f} ms")
    table(f"before: AGREE {BEFORE[0]}, OVERRULE {BEFORE[1]}", tally(cases, *BEFORE))
    table(f"after: AGREE {rescore.AGREE}, OVERRULE {rescore.OVERRULE}", tally(cases, rescore.AGREE, rescore.OVERRULE))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    rec = sub.add_parser("record", help="record both engines' evidence on the tuning clips")
    rec.add_argument("--step", type=int, default=10, help="every Nth clip of the tuning part (default 10)")
    rec.add_argument("--variants", type=int, default=1000, help="espeak-ng variants listed (default: all)")
    rec.add_argument("--plays", type=int, default=9)
    rec.add_argument("--seed", type=int, default=41)
    rec.add_argument("--out", type=Path, required=True)
    rec.add_argument("--part", choices=("tuning", "held-out"), default="tuning",
                     help="held-out: only to measure a fitted decision on, never to fit")
    rec.add_argument("--conditions", default=None, help="comma-separated labels of CONDITIONS (default all)")
    rec.add_argument("--everything", action="store_true",
                     help="Whisper scores every phrase of the turn (slow), so that proposals-only, a "
                          "fall-back or other choices of what Whisper hears can be decided again")
    rec.add_argument("--clips", type=Path, default=Path(tempfile.gettempdir()) / "tavli-voice-bench-clips")
    fitting = sub.add_parser("fit", help="fit the decision on recorded evidence")
    fitting.add_argument("evidence", type=Path)
    fitting.add_argument("--plays", type=int, default=9)
    fitting.add_argument("--wrong", type=float, default=0.0, help="share acted on wrongly allowed (default 0)")
    fitting.add_argument("--folds", type=int, default=3)
    comparing = sub.add_parser("compare", help="the limits before and now, decided again on recorded evidence")
    comparing.add_argument("evidence", type=Path)
    comparing.add_argument("--plays", type=int, default=9)
    args = parser.parse_args()
    if args.what == "record":
        record(args)
    elif args.what == "compare":
        compare(args)
    else:
        fit_and_report(args)


if __name__ == "__main__":
    main()
