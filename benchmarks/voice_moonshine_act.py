"""English words asked back for the noise alone: is Whisper and Moonshine agreeing enough to act at once?

Run: ``python benchmarks/voice_moonshine_act.py --part tuning --step 4 --seed 40 --jsonl out.jsonl``
then ``python benchmarks/voice_moonshine_act.py --fit out40.jsonl out41.jsonl``.

FSDD digits 1-9 of both speakers, mixed into each condition as ``benchmarks/voice.py --lang en`` mixes them
(``in_condition``, noise seed ``[seed, index]``, 0.5 s of noise each side), offered among the play phase's phrases
(9 plays + its commands). Each clip is heard by the game's English engine (``recognizer.choose_engine``: Whisper
tiny.en on the crop and its band, Moonshine's second opinion where Whisper would ask back or the word stood under
``crop.SECOND_UNDER_SNR_DB``) and decided as the game decides it (``voice.game_decision``). For each clip the lines
(``--jsonl``) also hold:

- Whisper's own command shares (its fused scores of every phrase, ``SpeechCrop._scores``, before Moonshine) and
  its winning phrase's own score;
- Moonshine's shares of Whisper's three likeliest commands on the same crop (``engine_moonshine.MoonshineScorer``,
  ``fusion.command_shares``), the same as the second opinion computes (computed here too where the game did not
  run it: a word Whisper is sure of, asked back for the noise around it), and its best phrase's own score.

``--fit`` reads such lines and, for the words asked back for the noise or their score alone
(``voice_decision.Reason`` LOW_IN_NOISE, or UNSURE by the score with Whisper's own score over its floor,
``crop.SCORE_FLOOR``; SECONDED in lines measured with that rule in the game), counts how many a rule "both put the
same command first, Moonshine's share >= m, Whisper's share >= w, at least s dB over the noise" would act on,
right and wrong, on a grid; the loosest rules with none wrong are listed. ``--rule M,W,S``: the outcomes by
condition without such a rule and with it (benchmarks/results/voice-en-moonshine-act.txt).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import noise as sound  # noqa: E402
from benchmarks.voice import (FSDD, game_decision, in_condition, play_options, record_clips,  # noqa: E402
                              record_outcome)
from tavli_voice.speech.fusion import command_shares  # noqa: E402
from tavli_voice.speech.grammar import phrases  # noqa: E402
from tavli_voice.speech.heard import command_json  # noqa: E402
from tavli_voice.ui import voice_decision  # noqa: E402

#: (label, noise kind, SNR dB) measured.
CONDITIONS = (("white 10 dB", "white", 10.0), ("white 5 dB", "white", 5.0), ("pink 10 dB", "pink", 10.0),
              ("pink 5 dB", "pink", 5.0), ("babble 10 dB", "babble", 10.0), ("tv 10 dB", "tv", 10.0))
#: The grid of --fit.
MOON = (0.5, 0.55, 0.6, 0.65, 0.7, 0.8, 0.9)
WHISPER = (0.0, 0.5, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9)
SNR = (-5.0, 0.0, 3.0, 4.0, 5.0, 5.5, 6.0, 6.5)


def name(command: object) -> str:
    """A command as the lines write it ("select 7")."""
    described = command_json(command)  # type: ignore[arg-type]
    return "none" if described is None else " ".join(str(v) for v in described.values())


def measure(args: argparse.Namespace) -> None:
    from tavli_voice.speech.recognizer import choose_engine

    engine = choose_engine(None, "en")
    moon = engine.second
    items = phrases(play_options(9), "en")
    meanings = [p.command for p in items]
    sources = {"babble": sound.espeak_talk(sound.BABBLE_TALK, args.clips),
               "tv": sound.espeak_talk(sound.TV_TALK, args.clips)}
    room_ir = sound.room_response(np.random.default_rng([args.seed, 1]))
    clips = record_clips("en", args.fsdd, args.step, 0, 9, args.clips, args.part)
    wanted = [c for c in CONDITIONS if not args.conditions or c[0] in args.conditions.split(",")]
    print(f"engine {engine.name}; {len(clips)} clips ({args.part}); seed {args.seed}", flush=True)
    with open(args.jsonl, "w", encoding="utf-8") as out:
        for label, kind, snr in wanted:
            began, cpu, extra = time.perf_counter(), [], []
            for index, (_row, clip_name, held, _said, meant, clip) in enumerate(clips):
                x = in_condition(clip, (kind, snr, False, None), np.random.default_rng([args.seed, index]), room_ir,
                                 0.5, sources)
                at = time.process_time()
                heard = engine.recognize(x, items)
                cpu.append((time.process_time() - at) * 1000)
                whisper = command_shares(engine._scores, meanings) if len(engine._scores) == len(items) else ()
                top = [c for c, _ in whisper[:3]]
                span = engine.last_span
                speech = x if span is None else x[span[0]:span[1]]
                at = time.process_time()
                chosen = tuple(p for p in items if p.command in top)
                theirs = moon.scores(speech, chosen) if top else np.zeros(0)  # a lone one: its own score only
                extra.append((time.process_time() - at) * 1000)
                moonshine = command_shares(theirs, [p.command for p in chosen]) if len(theirs) else ()
                decision = game_decision(heard)
                out.write(json.dumps({
                    "condition": label, "seed": args.seed, "clip": clip_name, "held_out": held,
                    "meant": name(meant), "heard": name(heard.command), "engine": heard.engine,
                    "score": round(heard.score, 4), "snr": None if heard.snr is None else round(float(heard.snr), 2),
                    "decided": decision.reason.value, "because": decision.facts.get("because"),
                    "outcome": record_outcome(heard, heard.command == meant),
                    "whisper": [[name(c), round(s, 4)] for c, s in whisper[:3]],
                    "whisper_own": None if engine._top is None else round(float(engine._top), 3),
                    "moonshine": [[name(c), round(s, 4)] for c, s in moonshine],
                    "moonshine_own": round(float(np.max(theirs)), 3) if len(theirs) else None,
                    "cpu_ms": round(cpu[-1], 1)}) + "\n")
                out.flush()
            print(f"  {label}: {len(clips)} clips in {time.perf_counter() - began:.0f} s; CPU a decision median "
                  f"{statistics.median(cpu):.0f} ms, Moonshine here median {statistics.median(extra):.0f} ms; load "
                  f"{os.getloadavg()[0]:.1f}", flush=True)


def noise_only(line: dict) -> bool:
    """Whether the game asked this word back for the noise or its score alone: LOW_IN_NOISE, or UNSURE by its
    score (not destructive, not heard over the game's voice) with its own score over Whisper's floor
    (``crop.SCORE_FLOOR``)."""
    from tavli_voice.speech.crop import SCORE_FLOOR

    if line["decided"] in (voice_decision.Reason.LOW_IN_NOISE.value, voice_decision.Reason.SECONDED.value):
        return True  # (lines measured with the rule in the game: a word it acted on was asked back before it)
    return line["decided"] == voice_decision.Reason.UNSURE.value and line["because"] == "score" \
        and line["whisper_own"] is not None and line["whisper_own"] >= SCORE_FLOOR["whisper"]


def agreed(line: dict) -> tuple[str, float, float] | None:
    """(the command both put first, Moonshine's share of it, Whisper's) or None: they differ, or Whisper
    weighed one command alone (nothing for Moonshine to share out)."""
    if len(line["whisper"]) < 2 or not line["moonshine"] or line["whisper"][0][0] != line["moonshine"][0][0]:
        return None
    return line["whisper"][0][0], line["moonshine"][0][1], line["whisper"][0][1]


def without_rule(line: dict) -> str:
    """The line's outcome as the game decided it without ``voice_decision.SECONDED_SHARE``'s rule (a word it acted
    on was asked back, the same word)."""
    if line["decided"] != voice_decision.Reason.SECONDED.value:
        return str(line["outcome"])
    return "right after asking back" if line["heard"] == line["meant"] else "asked, then wrong"


def by_rule(lines: list[dict], m: float, w: float, s: float) -> None:
    """Per condition, the outcomes as the game decided (before) and with the rule acting on the words it takes."""
    print(f"\n  the rule m {m:.2f} w {w:.2f} s {s:.1f}: right at once / after asking back / asked then wrong / "
          "acted on wrongly, before -> after")
    for condition in dict.fromkeys(line["condition"] for line in lines):
        seen = [line for line in lines if line["condition"] == condition]
        before: Counter[str] = Counter(without_rule(line) for line in seen)
        after: Counter[str] = Counter()
        for line in seen:
            a = agreed(line) if noise_only(line) else None
            acts = a is not None and a[1] >= m and a[2] >= w and line["snr"] is not None and line["snr"] >= s
            after[("right at once" if a[0] == line["meant"] else "acted on wrongly") if acts and a
                  else without_rule(line)] += 1
        cells = " | ".join(f"{100 * before[c] / len(seen):5.1f} -> {100 * after[c] / len(seen):5.1f}%"
                           for c in ("right at once", "right after asking back", "asked, then wrong",
                                     "acted on wrongly"))
        print(f"    {condition:14s} n {len(seen):4d}  {cells}")


def fit(paths: list[Path], rule: tuple[float, float, float] | None) -> None:
    lines = [json.loads(text) for path in paths for text in path.read_text().splitlines() if text.strip()]
    print(f"{len(lines)} decisions from {', '.join(p.name for p in paths)}")
    by_condition: Counter[tuple[str, str]] = Counter()
    for line in lines:
        by_condition[line["condition"], line["decided"]] += 1
    print("\nrules that fired, by condition (all decisions):")
    for condition in sorted({c for c, _ in by_condition}):
        print(f"  {condition:14s} " + ", ".join(f"{r} {n}" for (c, r), n in sorted(by_condition.items())
                                                if c == condition))
    asked = [line for line in lines if noise_only(line)]
    right = [line for line in asked if line["heard"] == line["meant"]]
    print(f"\nasked back for the noise or the score alone: {len(asked)} ({len(right)} of them right)")
    both = [(line, agreed(line)) for line in asked]
    agree = [(line, a) for line, a in both if a is not None]
    print(f"  both put the same command first: {len(agree)}, right {sum(1 for x, a in agree if a[0] == x['meant'])}; "
          f"lone (Whisper weighed one command): {sum(1 for x in asked if len(x['whisper']) == 1)}")
    wrong_agree = [(line, a) for line, a in agree if a[0] != line["meant"]]
    print("  the wrong ones both agreed on (condition, seed, clip, heard, Moonshine's share, Whisper's, snr, rule):")
    for line, a in sorted(wrong_agree, key=lambda la: -la[1][1]):
        print(f"    {line['condition']:13s} {line['seed']} {line['clip']:18s} {a[0]:10s} m {a[1]:.3f} w {a[2]:.3f} "
              f"snr {line['snr']} {line['decided']}")
    print("\n  rule grid: acted on at once right/wrong (both seeds), by Moonshine's share m, Whisper's w, SNR s")
    best: list[tuple[int, float, float, float]] = []
    for m, w, s in itertools.product(MOON, WHISPER, SNR):
        acted = [(line, a) for line, a in agree if a[1] >= m and a[2] >= w and line["snr"] is not None
                 and line["snr"] >= s]
        ok = sum(1 for line, a in acted if a[0] == line["meant"])
        bad = len(acted) - ok
        seeds = {line["seed"] for line in lines}
        bad_each = [sum(1 for line, a in acted if a[0] != line["meant"] and line["seed"] == seed) for seed in seeds]
        if bad == 0:
            best.append((ok, m, w, s))
        if s in (0.0, 5.5, 6.0) and w in (0.0, 0.5, 0.65):
            print(f"    m {m:.2f} w {w:.2f} s {s:4.1f}: right {ok:4d} wrong {bad:3d} (by seed {bad_each})")
    print("\n  zero wrong, most acted on right first (right, m, w, s); then those with s over 5.1 dB:")
    for ok, m, w, s in sorted(best, reverse=True)[:12] + sorted((b for b in best if b[3] > 5.1), reverse=True)[:20]:
        print(f"    {ok:4d}  m {m:.2f} w {w:.2f} s {s:.1f}")
    if rule is not None:
        by_rule(lines, *rule)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fit", nargs="+", type=Path, default=None, help="fit a rule on these --jsonl files")
    parser.add_argument("--rule", default=None, help="with --fit, M,W,S: the outcomes by condition with this rule")
    parser.add_argument("--fsdd", type=Path, default=FSDD)
    parser.add_argument("--part", choices=("all", "tuning", "held-out"), default="tuning")
    parser.add_argument("--step", type=int, default=4)
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument("--conditions", default=None, help="labels joined by commas (default: all of CONDITIONS)")
    parser.add_argument("--clips", type=Path, default=Path(tempfile.gettempdir()) / "tavli-voice-bench-clips")
    parser.add_argument("--jsonl", type=Path, default=None)
    args = parser.parse_args()
    if args.fit:
        fit(args.fit, tuple(map(float, args.rule.split(","))) if args.rule else None)  # type: ignore[arg-type]
        return
    if args.jsonl is None:
        raise SystemExit("--jsonl: where to write the lines")
    measure(args)


if __name__ == "__main__":
    main()
