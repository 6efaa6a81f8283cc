"""Voice engines' resident memory over a long game: does it grow with every word decided?

Run: ``nice -n 5 python benchmarks/voice_memory.py --lang en -n 1500`` (``--lang el -n 600``)

The engine is the one a game with ``--voice`` loads: ``choose_engine(None, lang)`` built on its own thread by
``LoadingEngine`` (English: Whisper tiny.en cropped to the speech Silero VAD finds, Moonshine base-en's second
opinion where it would ask back; Greek: pocketsphinx rescored by the multilingual Whisper base, cropped), with an
empty voice profile (no enrolled words). It then decides ``n`` words from file audio, drawn with a seed:

- English: FSDD digits 1-9 (``shared/speech/fsdd-dev``) in a turn's grammar of 9-20 plays and the turn's commands;
- Greek: espeak-ng ``el`` at 3 rates x 3 pitches saying every way of saying 1-20 and every command word, each in
  the grammar of the phase where it is valid (as ``benchmarks/voice.py --greek`` makes them);

a third of the words quiet, a third in white noise at 10 dB, a third in pink noise at 5 dB (``noise.mix``), so
that the engine asks back often and Moonshine's second opinion runs. Resident memory (``VmRSS`` of
``/proc/self/status``) is printed before loading, once loaded, after the first word, after the first 50, every
``--every`` words, and the slope per 1,000 words after ``--warm`` words (least squares over the samples).

``--moonshine-alone``: Moonshine base-en's ``scores`` alone (``engine_moonshine.MoonshineScorer``, as the game
builds it: ONNX Runtime's CPU arena on), on FSDD digits padded with white noise to 0.3-4 s and 1-20 phrases
scored at once, so every call brings new input shapes (an arena that kept a block for each would grow).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tavli_voice import blas  # noqa: F401, E402  (one BLAS thread as the game runs: before numpy is imported)

import numpy as np  # noqa: E402

from noise import mix  # noqa: E402
from tavli_voice.commands import ChoosePlay  # noqa: E402
from tavli_voice.speech import audio  # noqa: E402
from tavli_voice.speech.engine_moonshine import MoonshineScorer  # noqa: E402
from tavli_voice.speech.grammar import PHASE_COMMANDS, Options, Phrase, phrases  # noqa: E402
from tavli_voice.speech.loading import LoadingEngine  # noqa: E402
from tavli_voice.speech.recognizer import choose_engine  # noqa: E402
from tavli_voice.speech.words import COMMAND_WORDS, number_variants  # noqa: E402

FSDD = Path(__file__).resolve().parents[2] / "shared" / "speech" / "fsdd-dev"
TURN = frozenset({"undo", "position", "plays", "pips", "score", "hint", "resign"})
#: (noise kind, SNR dB) in turn: quiet, white 10 dB, pink 5 dB.
CONDITIONS: tuple[tuple[str | None, float], ...] = ((None, 0.0), ("white", 10.0), ("pink", 5.0))


def rss_mb() -> float:
    """This process's resident memory in MB (``VmRSS``)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def english_words(rng: np.random.Generator, n: int) -> list[tuple[np.ndarray, tuple[Phrase, ...], object]]:
    """``n`` FSDD digits drawn with ``rng``, each with a turn's grammar of 9-20 plays, and the command meant."""
    files = sorted(FSDD.glob("[1-9]_*_*.wav"))
    clips = {path: audio.load(path) for path in files}
    out = []
    for _ in range(n):
        path = files[int(rng.integers(len(files)))]
        items = phrases(Options(plays=int(rng.integers(9, 21)), commands=TURN), "en")
        out.append((clips[path], items, ChoosePlay(int(path.name.split("_")[0]))))
    return out


def greek_words(rng: np.random.Generator, n: int, folder: Path) -> list[tuple[np.ndarray, tuple[Phrase, ...], object]]:
    """``n`` espeak-ng Greek words drawn with ``rng``: (sound, the grammar of its phase, the words said)."""
    said = [(" ".join(v), "play") for k in range(1, 21) for v in number_variants(k, "el")]
    for name, by_lang in COMMAND_WORDS.items():
        phase = next((p for p in ("roll", "play", "confirm", "ask", "answer") if name in PHASE_COMMANDS[p]), None)
        said += [(" ".join(v), phase) for v in by_lang["el"] if phase is not None]  # words of no phase: left out
    voices = [(speed, pitch) for speed in (140, 175, 210) for pitch in (30, 50, 70)]
    grammars = {phase: phrases(Options(plays=20 if phase in ("play", "confirm") else 0,
                                       commands=PHASE_COMMANDS[phase]), "el") for phase in {p for _, p in said}}
    made: dict[tuple[int, int], np.ndarray] = {}
    out = []
    for _ in range(n):
        k, v = int(rng.integers(len(said))), int(rng.integers(len(voices)))
        if (k, v) not in made:
            path = folder / f"el_{k}_{v}.wav"
            speed, pitch = voices[v]
            subprocess.run(["espeak-ng", "-v", "el", "-s", str(speed), "-p", str(pitch), "-w", str(path),
                            said[k][0]], check=True)
            made[(k, v)] = audio.load(path)
        out.append((made[(k, v)], grammars[said[k][1]], said[k][0]))
    return out


def moonshine_words(rng: np.random.Generator, n: int) -> list[tuple[np.ndarray, tuple[Phrase, ...], object]]:
    """``n`` FSDD digits padded with quiet white noise to 0.3-4 s, each with 1-20 of a turn's phrases."""
    turn = phrases(Options(plays=20, commands=TURN), "en")
    out = []
    for clip, _, meant in english_words(rng, n):
        total = int(rng.uniform(0.3, 4.0) * audio.RATE)
        sound = (0.003 * rng.standard_normal(max(total, len(clip)))).astype(np.float32)
        at = int(rng.integers(0, len(sound) - len(clip) + 1))
        sound[at:at + len(clip)] += clip
        out.append((sound, tuple(turn[k] for k in sorted(rng.choice(len(turn), int(rng.integers(1, 21)),
                                                                      replace=False))), meant))
    return out


def slope_per_1000(points: list[tuple[int, float]]) -> float:
    """Least-squares slope of (words decided, MB) in MB per 1,000 words."""
    x = np.array([p[0] for p in points], dtype=np.float64)
    y = np.array([p[1] for p in points], dtype=np.float64)
    return float(np.polyfit(x, y, 1)[0] * 1000) if len(points) >= 2 else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lang", choices=("en", "el"), default="en")
    parser.add_argument("-n", type=int, default=1500, help="words decided")
    parser.add_argument("--every", type=int, default=100, help="print memory every this many words")
    parser.add_argument("--warm", type=int, default=200, help="words before the slope is measured")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--moonshine-alone", action="store_true", help="Moonshine's scores alone (English)")
    parser.add_argument("--no-arena", action="store_true", help="with --moonshine-alone: ONNX Runtime's CPU arena off")
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    before = rss_mb()
    with tempfile.TemporaryDirectory(prefix="tavli-voice-memory-") as tmp:
        profile = Path(tmp) / "profile"
        profile.mkdir()
        if args.moonshine_alone:
            clock = time.monotonic()
            scorer = MoonshineScorer(arena=not args.no_arena)
            name, load_s = (f"{scorer.name} alone (decoder {scorer.decoder_file.suffix}, CPU arena "
                            f"{'off' if args.no_arena else 'on'})"), time.monotonic() - clock
        else:
            loading = LoadingEngine(lambda: choose_engine(None, args.lang, profile=profile))
            loading.start()
            loading.wait()
            if loading.engine is None:
                raise SystemExit(f"the engine did not load: {loading.error}")
            name, load_s = loading.name, loading.load_s or 0.0
        loaded = rss_mb()
        words = (moonshine_words(rng, args.n) if args.moonshine_alone else
                 english_words(rng, args.n) if args.lang == "en" else greek_words(rng, args.n, Path(tmp)))
        prepared = rss_mb()
        print(f"voice memory, {args.lang}: engine {name} (loaded in {load_s:.1f} s), {args.n} words, "
              f"seed {args.seed}; " + ("0.3-4 s sounds, 1-20 phrases" if args.moonshine_alone else
                                       "quiet / white 10 dB / pink 5 dB in turn"))
        print(f"  resident memory: before loading {before:.0f} MB, engine loaded {loaded:.0f} MB, "
              f"sounds ready {prepared:.0f} MB (the sounds: {prepared - loaded:+.0f} MB)")
        points: list[tuple[int, float]] = []
        seconded = asked = right = 0
        start = time.monotonic()
        for i, (clip, items, meant) in enumerate(words, 1):
            if args.moonshine_alone:
                scores = scorer.scores(clip, items)
                seconded += 1
                right += items[int(np.argmax(scores))].command == meant
            else:
                kind, snr = CONDITIONS[i % len(CONDITIONS)]
                heard = loading.recognize(mix(clip, kind, snr, rng, pad_s=0.3)[0], items)
                seconded += "moonshine" in heard.engine
                asked += heard.score < 0.5
                right += heard.command == meant if args.lang == "en" else heard.text == meant
            if i in (1, 50) or i % args.every == 0 or i == args.n:
                mb = rss_mb()
                points.append((i, mb))
                print(f"  after {i:5d} words: {mb:7.1f} MB ({mb - prepared:+6.1f} MB since the sounds were ready)"
                      f"  {time.monotonic() - start:6.0f} s", flush=True)
        if not args.moonshine_alone:
            loading.close()
    after = [p for p in points if p[0] >= args.warm]
    late = [p for p in points if p[0] >= args.n // 2]
    first50 = next(mb for k, mb in points if k == 50) if args.n >= 50 else float("nan")
    print(f"  slope after {args.warm} words: {slope_per_1000(after):+.1f} MB per 1,000 words "
          f"(second half alone {slope_per_1000(late):+.1f}); after 50 words {first50:.0f} MB, "
          f"peak {max(mb for _, mb in points):.0f} MB, last {points[-1][1]:.0f} MB")
    ms = (time.monotonic() - start) / args.n * 1000
    if args.moonshine_alone:  # the phrases offered are drawn at random, the word said often not among them
        print(f"  {ms:.0f} ms a word")
    else:
        print(f"  words with Moonshine's second opinion: {seconded}/{args.n}; right {right}/{args.n}; "
              f"score under 0.5 {asked}/{args.n}; {ms:.0f} ms a word")


if __name__ == "__main__":
    main()
