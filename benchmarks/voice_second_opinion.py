"""A second acoustic model weighing the same candidates as Whisper: Moonshine base-en, scored and fused.

Run: ``python benchmarks/voice_second_opinion.py [--step 4] [--conditions "tv 10 dB,pink 5 dB"]``

Needs ``moonshine-cpp`` (MIT; Moonshine base-en's encoder and merged decoder in ONNX Runtime's ``.ort`` format
and its SentencePiece vocabulary, 55 MB) and ``onnxruntime`` to run those two files: the wheel's own library
offers only free transcription (``moonshine_transcribe``), no scores of a given transcript. Neither is a
dependency of the game: ``pip install moonshine-cpp onnxruntime`` into the environment that runs this.

FSDD digits 1-9 of both speakers (``../shared/speech/fsdd-dev``), the tuning takes only (0-39; every
``--step``-th file, as ``benchmarks/voice.py --lang en --part tuning`` picks them), each mixed into each
condition exactly as ``voice.py`` mixes it (``in_condition``, noise seed ``[seed, index]``, 0.5 s of noise each
side), offered among the play phase's phrases (9 plays + its commands, ``voice.play_options``). For each clip:

- Whisper: the game's English engine (``recognizer.choose_engine``: Whisper tiny.en on the Silero crop and its
  band-limited view, ``crop.SpeechCrop``), its command as the game takes it (top 1) and whether the said number
  is among its two likeliest commands (``Heard.shares``, top 2);
- Moonshine: every phrase teacher-forced through Moonshine's decoder on the same crop (``SpeechCrop.last_span``),
  each spelled as Whisper spells it (" Seven."; with ``--digits`` also " 7."), scored by the mean
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
from tavli_voice.speech.engine_whisper import _digits  # noqa: E402
from tavli_voice.speech.fusion import band_limited, command_shares  # noqa: E402
from tavli_voice.speech.grammar import Phrase, phrases  # noqa: E402

#: Moonshine's special tokens (its SentencePiece vocabulary: <unk>, <s>, </s>).
START, END = 1, 2
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


def read_vocabulary(path: Path) -> list[bytes]:
    """Moonshine's ``tokenizer.bin``: each token's bytes, in id order, each after its length (one byte; a second
    byte, the high bits, when the first has its top bit set)."""
    raw = path.read_bytes()
    out: list[bytes] = []
    i = 0
    while i < len(raw):
        size = raw[i]
        i += 1
        if size >= 128:
            size = (size & 0x7F) | (raw[i] << 7)
            i += 1
        out.append(raw[i:i + size])
        i += size
    return out


class Moonshine:
    """Moonshine base-en from the ``moonshine-cpp`` wheel, run by onnxruntime: phrases scored by teacher forcing.

    ``scores(audio, items)`` is the engine protocol Whisper's ``scores`` follows: the mean log-probability a
    token of each phrase's best spelling (its tokens, then the end of text), every spelling in one decoder
    pass (the sequences padded at the end: the decoder is causal, so padding changes no earlier row).
    """

    name = "moonshine base-en"

    def __init__(self, threads: int = 1, arena: bool = True, digits: bool = False) -> None:
        import moonshine_cpp  # type: ignore[import-untyped]
        import onnxruntime as ort  # type: ignore[import-untyped]

        folder = Path(moonshine_cpp.__file__).parent / "models" / "base-en"
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.enable_cpu_mem_arena = arena
        options.log_severity_level = 3
        providers = ["CPUExecutionProvider"]
        self._encoder = ort.InferenceSession(str(folder / "encoder_model.ort"), options, providers=providers)
        self._decoder = ort.InferenceSession(str(folder / "decoder_model_merged.ort"), options, providers=providers)
        self._past = [(i.name, int(i.shape[1]), int(i.shape[3])) for i in self._decoder.get_inputs()
                      if i.name.startswith("past_key_values")]
        self.vocabulary = read_vocabulary(folder / "tokenizer.bin")
        self._ids = {piece: k for k, piece in enumerate(self.vocabulary) if k > END}
        self._longest = max(len(p) for p in self._ids)
        self._spellings: dict[str, list[list[int]]] = {}
        self.digits = digits

    def tokens(self, text: str) -> list[int]:
        """``text`` (" Seven.") as the fewest tokens of the vocabulary (spaces as "▁"); the segmentation
        SentencePiece's merges give for the short words of a turn."""
        data = text.replace(" ", "\u2581").encode("utf-8")
        best: list[tuple[int, list[int]] | None] = [None] * (len(data) + 1)
        best[0] = (0, [])
        for end in range(1, len(data) + 1):
            for start in range(max(0, end - self._longest), end):
                token = self._ids.get(data[start:end])
                before = best[start]
                if token is not None and before is not None and (best[end] is None or before[0] + 1 < best[end][0]):
                    best[end] = (before[0] + 1, before[1] + [token])
        found = best[len(data)]
        if found is None:
            raise ValueError(f"{text!r} cannot be spelled in Moonshine's vocabulary")
        return found[1]

    def spellings(self, phrase: Phrase) -> list[list[int]]:
        """Token sequences of the transcripts standing for ``phrase``, as Whisper spells them (" Seven."; with
        ``digits`` also " 7."), each followed by the end of text."""
        key = phrase.text + "\x00" + repr(phrase.command)
        cached = self._spellings.get(key)
        if cached is None:
            texts = [" " + phrase.text[:1].upper() + phrase.text[1:] + "."]
            digits = _digits(phrase, "en") if self.digits else None
            texts += [digits] if digits is not None else []
            cached = []
            for text in texts:
                tokens = self.tokens(text) + [END]
                if tokens not in cached:
                    cached.append(tokens)
            self._spellings[key] = cached
        return cached

    def transcribe(self, audio: Samples, longest: int = 12) -> str:
        """Free greedy transcription (for a look at what Moonshine hears; not used in scoring)."""
        hidden = self._encode(audio)
        ids = [START]
        for _ in range(longest):
            token = int(np.argmax(self._logits(hidden, np.array([ids], dtype=np.int64))[0, -1]))
            if token == END:
                break
            ids.append(token)
        return b"".join(self.vocabulary[t] for t in ids[1:]).decode("utf-8", "replace").replace("\u2581", " ")

    def _encode(self, audio: Samples) -> Any:
        x = np.ascontiguousarray(audio, dtype=np.float32)[None]
        return self._encoder.run(None, {"input_values": x})[0]

    def _logits(self, hidden: Any, ids: np.ndarray) -> Any:
        rows = ids.shape[0]
        feed: dict[str, Any] = {"input_ids": ids, "encoder_hidden_states": np.repeat(hidden, rows, axis=0),
                                "use_cache_branch": np.array([False])}
        for name, heads, width in self._past:
            frames = 0 if ".decoder." in name else hidden.shape[1]
            feed[name] = np.zeros((rows, heads, frames, width), dtype=np.float32)
        return self._decoder.run(["logits"], feed)[0]

    def scores(self, audio: Samples, items: tuple[Phrase, ...]) -> np.ndarray:
        """Mean log-probability a token of each phrase's best spelling, the end of text included."""
        hidden = self._encode(audio)
        seqs = [s for p in items for s in self.spellings(p)]
        longest = max(len(s) for s in seqs)
        ids = np.full((len(seqs), longest), END, dtype=np.int64)
        ids[:, 0] = START
        for row, seq in enumerate(seqs):
            ids[row, 1:len(seq)] = seq[:-1]
        logits = self._logits(hidden, ids)[:, :, :len(self.vocabulary)].astype(np.float64)
        logits -= logits.max(axis=2, keepdims=True)
        logp = logits - np.log(np.exp(logits).sum(axis=2, keepdims=True))
        means = [float(np.mean([logp[row, k, t] for k, t in enumerate(seq)])) for row, seq in enumerate(seqs)]
        out = np.full(len(items), -np.inf)
        row = 0
        for index, phrase in enumerate(items):
            for _ in self.spellings(phrase):
                out[index] = max(out[index], means[row])
                row += 1
        return out


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
    moon = Moonshine(args.threads, not args.no_arena, args.digits)
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
    parser.add_argument("--digits", action="store_true", help="Moonshine also scores numbers spelled in digits")
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
    print(f"rss with {getattr(whisper, 'name', '?')} loaded {rss_mb():.0f} MB", flush=True)
    moon = Moonshine(args.threads, not args.no_arena, args.digits)
    print(f"rss with {moon.name} loaded too {rss_mb():.0f} MB (onnxruntime arena {'off' if args.no_arena else 'on'}, "
          f"{args.threads} thread(s), spellings: words{' and digits' if args.digits else ''})", flush=True)
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
                          f"free {moon.transcribe(speech)!r}", flush=True)
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
