"""The player's own confirmed words as templates: do they help the English engine in noise?

Run: ``nice -n 5 python benchmarks/voice_adapt.py [--k 1,2,3,5] [--conditions "quiet,tv 10 dB"] [--step 10]``

Every "yes" to "did you say nine?" leaves a sound of this player, in this room, saying a known number. This
measures, offline, whether a few such words per number would help the game pick the right number in noise,
before anything of the kind is built into the game.

Data: FSDD digits 1-9 (``../shared/speech/fsdd-dev``: two real speakers, jackson and lucas, 8 kHz), each speaker
against their own words only:

- test words: takes 40-49 (``voice.HELD_OUT_TAKES``, 180 a condition), never templates, never used to choose
  anything;
- "confirmed" templates: the first k of takes TEMPLATE_TAKES (0, 10, 20, 30, 5) of each number;
- tuning words: takes TUNING_TAKES (2, 7, ..., 37; 144 a condition), the only words the fusion's method and
  weight are chosen on.

Each word, template or not, is mixed into the condition with its own noise segment (``voice.in_condition``, noise
seed ``[seed, speaker, digit, take]``, 0.5 s of noise each side; babble and television as ``voice.bench_record``
makes them), then heard by the game's English engine (``recognizer.choose_engine(None, "en")``: Whisper tiny.en on
the Silero crop and its band view, Moonshine's second opinion) among the play phase's phrases (9 plays and the
phase's commands, ``voice.play_options``). The scores, each over the 9 numbers:

- a: the engine: its likeliest number by its command shares (``Heard.shares``, renormalised over the numbers);
  "a as heard" is its ``Heard.command`` itself (a command word heard counts wrong);
- b: MFCC DTW (``features.word_features``, ``dtw_distances``: the enrolment engine's measure) on the engine's crop
  (``SpeechCrop.last_span``), nearest template per number;
- c-dtw: DTW over Whisper tiny.en's encoder output (``WhisperRecognizer.encode``, the frames of the crop,
  each frame scaled to unit length) of the same crop; c-mean: cosine distance of the mean-pooled frames;
- d: a fused with the template method (b, c-dtw or c-mean) best on the tuning words: each number's log-share
  under a, minus w times its distance over the nearest number's distance less one; the method and w
  (WEIGHTS) chosen on the tuning words of that condition and k (most right, then the smallest w, then the
  likeliest truth), and again with b only ("d: a + b"); "d, one w" chooses them once over the tuning words of
  every condition run (a game that does not know its noise). Each row also counts the test words it gets right
  where a is wrong (+) and wrong where a is right (-).

Also, on the words the game would ask back (``voice.game_decision``: "did you say ...?" at a fresh play-phase
question), how often a and d put the right number first (the number the question would name), and the process's
CPU per decision: the engine's, and the templates' extra (features, encoder pass, distances to 9 x k templates).
"""

from __future__ import annotations

import argparse
import math
import os
import pickle
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

# one BLAS thread, as the program runs (tavli_voice/cli.py): with OpenBLAS's threads a DTW against 9 templates cost
# 15 ms of CPU here against 1 ms
from tavli_voice import blas  # noqa: F401, E402  (before numpy is imported)

import numpy as np  # noqa: E402

from benchmarks import noise as sound  # noqa: E402
from benchmarks.voice import FSDD, HELD_OUT_TAKES, game_decision, in_condition, pct, play_options  # noqa: E402
from tavli_voice.commands import ChoosePlay  # noqa: E402
from tavli_voice.speech import audio  # noqa: E402
from tavli_voice.speech.features import dtw_distances, word_features  # noqa: E402
from tavli_voice.speech.grammar import phrases  # noqa: E402
from tavli_voice.ui import voice_decision  # noqa: E402

SPEAKERS = ("jackson", "lucas")
DIGITS = tuple(range(1, 10))
#: The confirmed words: the first k of these takes of each number (spread over the speaker's session).
TEMPLATE_TAKES = (0, 10, 20, 30, 5)
#: The words the fusion is tuned on (never templates, never test words).
TUNING_TAKES = (2, 7, 12, 17, 22, 27, 32, 37)
KS = (1, 2, 3, 5)
#: (label, noise kind, SNR dB).
CONDITIONS = (("quiet", None, 0.0), ("tv 10 dB", "tv", 10.0), ("babble 10 dB", "babble", 10.0),
              ("pink 5 dB", "pink", 5.0), ("white 5 dB", "white", 5.0))
TEMPLATE_METHODS = ("b", "c-dtw", "c-mean")
#: The fusion's weights tried (the template term's, in units of a's log-share; the last: templates decide).
WEIGHTS = (0.0, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 1e6)
#: The relative distance of a number with no DTW path to any of its templates.
FAR = 1e3
#: A number the engine gave no share counts as this likely.
SHARE_FLOOR = 1e-6


@dataclass
class Word:
    """One word in one condition: what the engine made of it and its features for the templates."""

    speaker: str
    digit: int
    take: int
    log_shares: np.ndarray  # a's log-share of each number 1-9, renormalised over the numbers
    heard_right: bool  # a's Heard.command is the number said
    asked: bool  # the game would ask it back
    mfcc: np.ndarray
    frames: np.ndarray  # encoder frames of the crop, each of unit length
    pooled: np.ndarray  # their mean, of unit length
    cpu_engine: float  # ms
    cpu_mfcc: float  # ms
    cpu_encoder: float  # ms: the encoder pass over the crop
    cpu_distances: dict[tuple[int, str], float] = field(default_factory=dict)  # ms, by (k, method)
    distances: dict[tuple[int, str], np.ndarray] = field(default_factory=dict)  # (k, method) -> 9 distances


def number_log_shares(shares: tuple[tuple[object, float], ...]) -> np.ndarray:
    """Each number's log-share among ``shares`` (a Heard's), renormalised over the 9 numbers."""
    given = dict(shares)
    values = np.array([max(given.get(ChoosePlay(d), 0.0), SHARE_FLOOR) for d in DIGITS])
    return np.log(values / values.sum())


def encoder_frames(whisper: object, word: np.ndarray) -> np.ndarray:
    """Whisper's encoder output over ``word`` (the frames its padded, trimmed sound covers), each of unit length."""
    encoded, _ = whisper.encode(word)  # type: ignore[attr-defined]
    clip = audio.pad(audio.trim(word), 0.2)  # what encode() gives the encoder before padding to its window
    count = max(1, min(encoded.shape[1], int(math.ceil(len(clip) / audio.RATE * 50))))
    out = np.asarray(encoded[0, :count], dtype=np.float64)
    return (out / (np.linalg.norm(out, axis=1, keepdims=True) + 1e-9)).astype(np.float32)


def hear(engine: object, whisper: object, items: tuple, x: np.ndarray, speaker: str, digit: int, take: int) -> Word:
    """``x`` heard by the engine, and the features of the engine's crop of it."""
    at = time.process_time()
    heard = engine.recognize(x, items)  # type: ignore[attr-defined]
    cpu_engine = (time.process_time() - at) * 1000
    span = getattr(engine, "last_span", None)
    word = x if span is None else x[span[0]:span[1]]
    at = time.process_time()
    mfcc = word_features(word)
    cpu_mfcc = (time.process_time() - at) * 1000
    at = time.process_time()
    frames = encoder_frames(whisper, word)
    pooled = frames.mean(axis=0)
    cpu_encoder = (time.process_time() - at) * 1000
    asked = heard.command is not None and game_decision(heard).action is voice_decision.Action.ASK_BACK
    return Word(speaker, digit, take, number_log_shares(heard.shares), heard.command == ChoosePlay(digit), asked,
                mfcc, frames, pooled / (np.linalg.norm(pooled) + 1e-9), cpu_engine, cpu_mfcc, cpu_encoder)


def nearest(distances: np.ndarray, digits: list[int]) -> np.ndarray:
    """The smallest of ``distances`` (one per template, of number ``digits``) for each number 1-9."""
    out = np.full(len(DIGITS), np.inf)
    for value, digit in zip(distances, digits):
        out[digit - 1] = min(out[digit - 1], float(value))
    return out


def measure(word: Word, templates: dict[str, list[Word]], k: int) -> None:
    """``word``'s distances to the first ``k`` templates of each number of its speaker, by each method."""
    chosen = [t for t in templates[word.speaker] if t.take in TEMPLATE_TAKES[:k]]
    digits = [t.digit for t in chosen]
    for method, measured in (("b", lambda: dtw_distances(word.mfcc, [t.mfcc for t in chosen])),
                             ("c-dtw", lambda: dtw_distances(word.frames, [t.frames for t in chosen])),
                             ("c-mean", lambda: 1.0 - np.array([float(word.pooled @ t.pooled) for t in chosen]))):
        at = time.process_time()
        word.distances[k, method] = nearest(measured(), digits)
        word.cpu_distances[k, method] = (time.process_time() - at) * 1000


def fused(word: Word, k: int, method: str, weight: float) -> np.ndarray:
    """a's log-shares minus ``weight`` times the relative template distance (0 for the nearest number)."""
    d = word.distances[k, method]
    finite = np.isfinite(d)
    if not finite.any():
        return word.log_shares
    relative = np.where(finite, d / max(float(d[finite].min()), 1e-9) - 1.0, FAR)  # no DTW path: far
    return word.log_shares - weight * relative


def right(scores: np.ndarray, word: Word) -> bool:
    return int(np.argmax(scores)) == word.digit - 1


def truth_nll(scores: np.ndarray, word: Word) -> float:
    """-log of the right number's softmax share of ``scores``."""
    s = scores - scores.max()
    return float(-(s[word.digit - 1] - math.log(np.exp(s).sum())))


def choose(words: list[Word], k: int, methods: tuple[str, ...] = TEMPLATE_METHODS) -> tuple[str, float]:
    """The (template method, weight) whose fusion puts the right number first on most of ``words``; of those,
    the smallest weight (the least change to the engine's answer), then the one giving the right number the
    highest share."""
    best: tuple[tuple[int, float, float], str, float] | None = None
    for method in methods:
        for weight in WEIGHTS:
            scored = [fused(w, k, method, weight) for w in words]
            key = (sum(right(s, w) for s, w in zip(scored, words)), -weight,
                   -sum(truth_nll(s, w) for s, w in zip(scored, words)))
            if best is None or key > best[0]:
                best = (key, method, weight)
    assert best is not None
    return best[1], best[2]


def hear_condition(engine: object, whisper: object, items: tuple, condition: tuple[str, str | None, float],
                   args: argparse.Namespace, sources: dict) -> dict[str, list[Word]]:
    """Templates, tuning and test words of both speakers heard in ``condition``."""
    label, kind, snr = condition
    takes = {"templates": TEMPLATE_TAKES[:max(args.k)],
             "tuning": TUNING_TAKES[::args.step] if args.step > 1 else TUNING_TAKES,
             "test": tuple(HELD_OUT_TAKES)}
    out: dict[str, list[Word]] = {}
    for role, chosen in takes.items():
        words = [(speaker, digit, take) for speaker in SPEAKERS for digit in DIGITS for take in chosen]
        if role == "test" and args.step > 1:
            words = words[::args.step]
        out[role] = []
        for speaker, digit, take in words:
            clip = audio.load(args.fsdd / f"{digit}_{speaker}_{take}.wav")
            x = in_condition(clip, (kind, snr, False, None),
                             np.random.default_rng([args.seed, SPEAKERS.index(speaker), digit, take]),
                             np.zeros(1), args.pad, sources)
            out[role].append(hear(engine, whisper, items, x, speaker, digit, take))
    return out


Choice = dict[tuple[int, str], tuple[str, float]]


def choices(words: list[Word], ks: list[int]) -> Choice:
    """(method, weight) of the fusion by (k, "best": any template method; "b": MFCC DTW only), chosen on ``words``."""
    return {(k, which): choose(words, k, TEMPLATE_METHODS if which == "best" else ("b",))
            for k in ks for which in ("best", "b")}


def print_table(label: str, heard: dict[str, list[Word]], ks: list[int], chosen: Choice,
                pooled: Choice | None) -> None:
    """One condition: top-1 right per method and k on the test words, and on those the game would ask back;
    each row's words right where a is wrong (+) and wrong where a is right (-)."""
    test = heard["test"]
    asked = [w for w in test if w.asked]
    print(f"\n{label}: {len(test)} test words (takes 40-49), {len(asked)} of them asked back by the game; "
          f"{len(heard['tuning'])} tuning words; templates: the first k of takes {TEMPLATE_TAKES}")
    print(f"  {'method':36s} {'k':>2s}  {'top-1 right':>16s}  {'vs a':>7s}  {'asked back: right first':>23s}")
    base = [right(w.log_shares, w) for w in test]

    def row(name: str, k: int | str, ok: list[bool]) -> None:
        ok_asked = [o for o, w in zip(ok, test) if w.asked]
        changed = f"+{sum(o and not b for o, b in zip(ok, base))} -{sum(b and not o for o, b in zip(ok, base))}"
        print(f"  {name:36s} {k!s:>2s}  {pct(sum(ok), len(ok)):>16s}  {changed:>7s}  "
              f"{pct(sum(ok_asked), len(ok_asked)):>23s}")

    row("a as heard (Heard.command)", "-", [w.heard_right for w in test])
    row("a (likeliest number)", "-", base)
    for k in ks:
        for method in TEMPLATE_METHODS:
            row(f"{method} (templates alone)", k, [right(-w.distances[k, method], w) for w in test])
        for name, choice in (("d", chosen), ("d, one w", pooled)):
            if choice is None:
                continue
            for which in ("best", "b"):
                method, weight = choice[k, which]
                if which == "b" and choice[k, "best"][0] == "b":
                    continue  # the same row
                row(f"{name}: a + {method}, w {weight:g}", k, [right(fused(w, k, method, weight), w) for w in test])
    every = [w for role in heard.values() for w in role]

    def median(values: list[float]) -> str:
        return f"{statistics.median(values):.1f}"

    print(f"  CPU per decision (the process's, every thread; medians, ms): engine "
          f"{median([w.cpu_engine for w in every])}"
          f" (p95 {float(np.percentile([w.cpu_engine for w in every], 95)):.0f}); the templates' extra: MFCC "
          f"{median([w.cpu_mfcc for w in every])}, encoder pass {median([w.cpu_encoder for w in every])}; distances to "
          f"9 x k templates, " + "; ".join(f"{method} " + ", ".join(
              f"k={k} {median([w.cpu_distances[k, method] for w in test])}" for k in ks) for method in TEMPLATE_METHODS)
          + f"; load average {os.getloadavg()[0]:.1f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fsdd", type=Path, default=FSDD)
    parser.add_argument("--k", default=",".join(map(str, KS)), help="templates per number, joined by commas "
                                                                    "(default 1,2,3,5; at most 5)")
    parser.add_argument("--conditions", default=None,
                        help="labels joined by commas (default: " + ", ".join(c[0] for c in CONDITIONS) + ")")
    parser.add_argument("--step", type=int, default=1, help="every Nth test and tuning word (a quick run: 10)")
    parser.add_argument("--seed", type=int, default=40, help="seed of the noise (voice.py's default, 40)")
    parser.add_argument("--pad", type=float, default=0.5, help="seconds of noise each side of the word")
    parser.add_argument("--keep", type=Path, default=None,
                        help="a folder where the words heard in each condition are kept, and read again by a "
                             "later run with the same seed, step, pad and largest k (the tables again, no engine)")
    args = parser.parse_args()
    args.k = sorted({int(k) for k in args.k.split(",")})
    if not args.k or min(args.k) < 1 or max(args.k) > len(TEMPLATE_TAKES):
        parser.error(f"--k: 1 to {len(TEMPLATE_TAKES)}")
    wanted = args.conditions.split(",") if args.conditions else [c[0] for c in CONDITIONS]
    conditions = [c for c in CONDITIONS if c[0] in wanted]
    if len(conditions) != len(wanted):
        parser.error("--conditions: of " + ", ".join(c[0] for c in CONDITIONS))

    from tavli_voice.speech.recognizer import choose_engine

    engine = choose_engine(None, "en")
    whisper = getattr(engine, "engine", engine)
    if not hasattr(whisper, "encode"):
        raise SystemExit(f"the English engine {getattr(engine, 'name', engine)} has no Whisper encoder")
    items = phrases(play_options(9), "en")
    print(f"engine {engine.name}; play phase: 9 plays + its commands; seed {args.seed}; step {args.step}; "
          f"k {args.k}; load average {os.getloadavg()[0]:.1f}", flush=True)
    heard: dict[str, dict[str, list[Word]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        sources = {"babble": sound.espeak_talk(sound.BABBLE_TALK, Path(tmp)),
                   "tv": sound.espeak_talk(sound.TV_TALK, Path(tmp))}
        for condition in conditions:
            began = time.perf_counter()
            kept = None if args.keep is None else args.keep / (
                f"{condition[0].replace(' ', '_')}-seed{args.seed}-step{args.step}-pad{args.pad:g}-"
                f"templates{max(args.k)}.pickle")
            if kept is not None and kept.exists():
                words = pickle.loads(kept.read_bytes())
            else:
                words = hear_condition(engine, whisper, items, condition, args, sources)
                if kept is not None:
                    kept.parent.mkdir(parents=True, exist_ok=True)
                    kept.write_bytes(pickle.dumps(words))
            heard[condition[0]] = words
            for k in args.k:
                for word in words["tuning"] + words["test"]:
                    measure(word, by_speaker(words["templates"]), k)
            chosen = choices(words["tuning"], args.k)
            print(f"  ({condition[0]}: heard in {time.perf_counter() - began:.0f} s)", flush=True)
            print_table(condition[0], words, args.k, chosen, None)
    if len(heard) > 1:
        every_tuning = [w for words in heard.values() for w in words["tuning"]]
        pooled = choices(every_tuning, args.k)
        print("\nOne w for every condition (chosen on the tuning words of all of them): " + ", ".join(
            f"k={k} ({which}): a + {m}, w {w:g}" for (k, which), (m, w) in pooled.items()))
        for label, words in heard.items():
            chosen = choices(words["tuning"], args.k)
            print_table(label, words, args.k, chosen, pooled)


def by_speaker(words: list[Word]) -> dict[str, list[Word]]:
    out: dict[str, list[Word]] = {s: [] for s in SPEAKERS}
    for w in words:
        out[w.speaker].append(w)
    return out


if __name__ == "__main__":
    main()
