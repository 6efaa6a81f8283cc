"""A second acoustic model weighing the same candidates as Whisper: Moonshine base-en, scored and fused.

Run: ``python benchmarks/voice_second_opinion.py [--step 4] [--conditions "tv 10 dB,pink 5 dB"]``

Needs ``moonshine-cpp`` (MIT; Moonshine base-en's encoder and merged decoder in ONNX Runtime's ``.ort`` format
and its SentencePiece vocabulary, 55 MB) and ``onnxruntime`` to run those two files: the wheel's own library
offers only free transcription (``moonshine_transcribe``), no scores of a given transcript. The scorer is the
game's own (``tavli_voice.speech.engine_moonshine``: both are in the ``whisper`` extra); Whisper here is the
game's English engine without it (``crop.SECOND_OPINION``).

FSDD digits 1-9 of both speakers (``../shared/speech/fsdd-dev``), the tuning takes only (0-39; every
``--step``-th file, as ``benchmarks/voice.py --lang en --part tuning`` picks them), each mixed into each
condition exactly as ``voice.py`` mixes it (``in_condition``, noise seed ``[seed, index]``, 0.5 s of noise each
side), offered among the play phase's phrases (9 plays + its commands, ``voice.play_options``). For each clip:

- Whisper: the game's English engine (``recognizer.choose_engine``: Whisper tiny.en on the Silero crop and its
  band-limited view, ``crop.SpeechCrop``), its command as the game takes it (top 1) and whether the said number
  is among its two likeliest commands (``Heard.shares``, top 2);
- Moonshine: every phrase teacher-forced through Moonshine's decoder on the same crop (``SpeechCrop.last_span``),
  each spelled as Whisper spells it (" Seven."; ``tavli_voice.speech.engine_moonshine``), scored by the mean
  log-probability a token of its best spelling, the end-of-text token included; the likeliest command (top 1);
- fused: each command's log-share under Whisper plus its log-share under Moonshine (a command Whisper's beam
  left out counts as Whisper's least likely one), the largest wins;
- fused over Whisper's shortlist: the same sum over Whisper's ``--top`` likeliest commands only, Moonshine
  scoring just their phrases (what a game would run: a few decoder rows instead of every phrase);
- close calls: Whisper's command unless its two likeliest commands are within ``margin`` nats of each other
  (log of the ratio of their shares); then whichever of those two Moonshine finds likelier (on the shortlist).

Per condition: top-1 right %, the process's CPU (every thread, ``time.process_time``) per decision of each
model (Moonshine on every phrase, and on the shortlist), and the process's resident memory at the start and
after every 200 clips.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import noise as sound  # noqa: E402
from benchmarks.voice import FSDD, CONDITIONS_OF_RECORD, in_condition, pct, play_options, record_clips  # noqa: E402
from tavli_voice.speech.audio import Samples  # noqa: E402
from tavli_voice.speech.engine_moonshine import END, START, MoonshineScorer  # noqa: E402
from tavli_voice.speech.fusion import band_limited, command_shares  # noqa: E402
from tavli_voice.speech.grammar import phrases  # noqa: E402

#: The conditions measured by default: (label, noise kind, SNR dB), as voice.py labels them.
CONDITIONS = (("quiet", None, 0.0), ("tv 10 dB", "tv", 10.0), ("babble 10 dB", "babble", 10.0),
              ("pink 10 dB", "pink", 10.0), ("pink 5 dB", "pink", 5.0))
#: Close-call margins tried (nats between Whisper's two likeliest commands' log-shares).
MARGINS = (0.5, 1.0, 2.0, 4.0)


def rss_mb() -> float:
    """The process's resident memory in MB (``/proc/self/status``)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def transcribe(moon: MoonshineScorer, audio: Samples, longest: int = 12) -> str:
    """Moonshine's free greedy transcription (for a look at what it hears; not used in scoring)."""
    hidden = moon._encoder.run(None, {"input_values": np.ascontiguousarray(audio, dtype=np.float32)[None]})[0]
    ids = [START]
    for _ in range(longest):
        token = int(np.argmax(moon._logits(hidden, np.array([ids], dtype=np.int64))[0, -1]))
        if token == END:
            break
        ids.append(token)
    return b"".join(moon.vocabulary[t] for t in ids[1:]).decode("utf-8", "replace").replace("\u2581", " ")


def log_shares(shares: Sequence[tuple[Any, float]], commands: Sequence[Any]) -> dict[Any, float]:
    """Each of ``commands``' log-share in ``shares``; one left out counts as the least likely one weighed."""
    given = {command: share for command, share in shares if share > 0}
    least = min(given.values()) if given else 1.0
    return {command: math.log(given.get(command, least)) for command in commands}


def close_call(whisper: Sequence[tuple[Any, float]], moon: dict[Any, float], margin: float) -> Any:
    """Whisper's command, or, when its two likeliest are within ``margin`` nats, the one Moonshine prefers."""
    if len(whisper) < 2 or math.log(whisper[0][1] / whisper[1][1]) > margin:
        return whisper[0][0] if whisper else None
    first, second = whisper[0][0], whisper[1][0]
    return second if moon.get(second, -math.inf) > moon.get(first, -math.inf) else first


def ms_text(values: list[float]) -> str:
    return f"median {statistics.median(values):5.0f} ms, p95 {float(np.percentile(values, 95)):5.0f} ms" \
        if values else "n/a"


def memory_run(args: argparse.Namespace, count: int) -> None:
    """Moonshine alone (no Whisper, no crop) scoring every phrase on ``count`` sounds in turn: the clips whole,
    quiet and with a television at 10 dB in turn, the process's resident memory every 100."""
    moon = MoonshineScorer(threads=args.threads, arena=not args.no_arena)
    items = phrases(play_options(9), "en")
    print(f"memory: Moonshine alone, onnxruntime arena {'off' if args.no_arena else 'on'}; "
          f"rss loaded {rss_mb():.0f} MB", flush=True)
    trace: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        sources = {"tv": sound.espeak_talk(sound.TV_TALK, Path(tmp))}
        clips = record_clips("en", args.fsdd, args.step, 0, 9, Path(tmp), "tuning", args.offset)
        for k in range(count):
            index = k % len(clips)
            kind = None if (k // len(clips)) % 2 == 0 else "tv"
            x = in_condition(clips[index][5], (kind, 10.0, False, None), np.random.default_rng([args.seed, index]),
                             np.zeros(1), args.pad, sources)
            moon.scores(x, items)
            if (k + 1) % 100 == 0:
                trace.append(f"{k + 1}: {rss_mb():.0f} MB")
                print(f"    rss after {k + 1} sounds {rss_mb():.0f} MB", flush=True)
    print(f"memory, Moonshine alone: {', '.join(trace)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fsdd", type=Path, default=FSDD)
    parser.add_argument("--step", type=int, default=4, help="every Nth FSDD file (default 4)")
    parser.add_argument("--offset", type=int, default=0)
    parser.add_argument("--seed", type=int, default=40, help="seed of the noise (voice.py's default, 40)")
    parser.add_argument("--pad", type=float, default=0.5, help="seconds of noise each side of the word")
    parser.add_argument("--conditions", default=None,
                        help="labels joined by commas (default: " + ", ".join(c[0] for c in CONDITIONS) + ")")
    parser.add_argument("--threads", type=int, default=1, help="onnxruntime's threads for Moonshine (default 1: "
                                                               "two cost more CPU a decision)")
    parser.add_argument("--no-arena", action="store_true", help="onnxruntime's memory arena off (default on)")
    parser.add_argument("--top", type=int, default=3, help="the shortlist: Whisper's likeliest commands that "
                                                           "Moonshine scores again alone (default 3)")
    parser.add_argument("--moon-views", default="crop", help="views Moonshine scores, averaged: crop or crop,band")
    parser.add_argument("--transcribe", type=int, default=0, help="also print Moonshine's free transcription of "
                                                                  "the first N clips of each condition")
    parser.add_argument("--memory", type=int, default=0,
                        help="only Moonshine's memory: every phrase scored on this many sounds, rss every 100")
    args = parser.parse_args()
    if args.memory:
        memory_run(args, args.memory)
        return

    from tavli_voice.speech.recognizer import choose_engine

    known = {c[0]: c for c in (*CONDITIONS, *((c[0], c[1], float(c[2])) for c in CONDITIONS_OF_RECORD))}
    conditions = [known[name] for name in args.conditions.split(",")] if args.conditions else list(CONDITIONS)
    print(f"rss at start {rss_mb():.0f} MB", flush=True)
    whisper = choose_engine(None, "en")
    if getattr(whisper, "second", None) is not None:  # Whisper+crop alone: Moonshine is weighed here, not in it
        whisper.second, whisper.name = None, whisper.name.removesuffix("+" + whisper.second.name)
    print(f"rss with {getattr(whisper, 'name', '?')} loaded {rss_mb():.0f} MB", flush=True)
    moon = MoonshineScorer(threads=args.threads, arena=not args.no_arena)
    print(f"rss with {moon.name} loaded too {rss_mb():.0f} MB (onnxruntime arena {'off' if args.no_arena else 'on'}, "
          f"{args.threads} thread(s))", flush=True)
    items = phrases(play_options(9), "en")
    meanings = [p.command for p in items]
    commands = list(dict.fromkeys(meanings))
    views = args.moon_views.split(",")
    done = 0
    rss_trace: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        sources = {"babble": sound.espeak_talk(sound.BABBLE_TALK, folder),
                   "tv": sound.espeak_talk(sound.TV_TALK, folder)}
        clips = record_clips("en", args.fsdd, args.step, 0, 9, folder, "tuning", args.offset)
        print(f"FSDD digits 1-9, both speakers, tuning takes (0-39), every {args.step}th file from {args.offset}: "
              f"{len(clips)} clips; {len(items)} phrases (9 plays + the play phase's commands); seed {args.seed}; "
              f"Moonshine views {'+'.join(views)}", flush=True)
        table: list[str] = []
        for label, kind, snr in conditions:
            right: dict[str, int] = {}
            cpu_w: list[float] = []
            cpu_m: list[float] = []
            cpu_s: list[float] = []
            began = time.perf_counter()
            for index, (_, name, _, _, meant, clip) in enumerate(clips):
                x = in_condition(clip, (kind, snr, False, None), np.random.default_rng([args.seed, index]),
                                 np.zeros(1), args.pad, sources)
                at = time.process_time()
                heard = whisper.recognize(x, items)
                cpu_w.append((time.process_time() - at) * 1000)
                span = getattr(whisper, "last_span", None)
                speech = x if span is None else x[span[0]:span[1]]
                seen = [band_limited(speech) if v == "band" else speech for v in views]
                at = time.process_time()
                moon_scores = np.mean([moon.scores(view, items) for view in seen], axis=0)
                cpu_m.append((time.process_time() - at) * 1000)
                moon_shares = command_shares(moon_scores, meanings)
                moon_log = log_shares(moon_shares, commands)
                whisper_log = log_shares(heard.shares, commands)
                fused = max(commands, key=lambda c: whisper_log[c] + moon_log[c])
                # the shortlist: Moonshine scores only Whisper's likeliest commands' phrases
                listed = [c for c, _ in heard.shares[:args.top]]
                short = tuple(p for p in items if p.command in listed)
                at = time.process_time()
                short_scores = np.mean([moon.scores(view, short) for view in seen], axis=0) if short else np.zeros(0)
                cpu_s.append((time.process_time() - at) * 1000)
                short_log = log_shares(command_shares(short_scores, [p.command for p in short]), listed)
                fused_short = max(listed, key=lambda c: whisper_log[c] + short_log[c]) if listed else None
                top2 = [c for c, _ in heard.shares[:2]]
                got = {"whisper top 1": heard.command == meant, "whisper top 2": meant in top2,
                       "moonshine top 1": moon_shares[0][0] == meant, "fused top 1": fused == meant,
                       f"fused over whisper's top {args.top}": fused_short == meant}
                for margin in MARGINS:
                    got[f"close calls {margin:g}"] = close_call(heard.shares, short_log, margin) == meant
                for key, ok in got.items():
                    right[key] = right.get(key, 0) + int(ok)
                if index < args.transcribe:
                    print(f"    {name}: whisper {heard.text!r}, moonshine scored {moon_shares[0][0]}, "
                          f"free {transcribe(moon, speech)!r}", flush=True)
                done += 1
                if done % 200 == 0:
                    rss_trace.append(f"{done}: {rss_mb():.0f} MB")
                    print(f"    rss after {done} clips {rss_mb():.0f} MB", flush=True)
            n = len(clips)
            line = f"  {label} (n={n}):\n" + "\n".join(f"    {key:32s} {pct(ok, n)}" for key, ok in right.items())
            line += (f"\n    CPU per decision: whisper+crop {ms_text(cpu_w)}; "
                     f"moonshine, every phrase {ms_text(cpu_m)}; "
                     f"moonshine, whisper's top {args.top} {ms_text(cpu_s)}"
                     f"\n    ({time.perf_counter() - began:.0f} s, load average {os.getloadavg()[0]:.1f})")
            table.append(line)
            print(line, flush=True)
    print("\nper condition (top-1 right; whisper top 2: the said number among Whisper's two likeliest):")
    print("\n".join(table))
    print(f"rss at the end {rss_mb():.0f} MB; after every 200 clips: {', '.join(rss_trace) or 'n/a'}")


if __name__ == "__main__":
    main()
