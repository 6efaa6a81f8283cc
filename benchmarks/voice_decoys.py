"""Decoys while a play is chosen: numbers said in noise, and the decoy words themselves, under ``crop.DECOY_HANDICAP``.

Run: ``python benchmarks/voice_decoys.py [--step 4] [--part tuning] [--seed 40] [--handicaps 0,0.5,1]``

While a play is chosen the game listens for the phrases on offer and for the command words not on offer
(``listen_decide.decoys``: "yes", "no", "roll", "take" …), so that such a word is heard as what it is. Two sides:

- numbers: FSDD digits 1-9 of both speakers (every ``--step``-th file, ``--part`` as ``voice.py`` splits the takes),
  mixed into each condition as ``voice.py`` mixes them (``in_condition``, noise seed ``[seed, index]``), heard
  among the play phase's phrases and the decoys, decided as the game decides (``voice.record_outcome``; a decoy
  heard is "no answer");
- decoy words: each decoy word said by every ``--voice-step``-th espeak-ng English voice (``voice.english_voices``:
  from the first for tuning, from the ``step // 2``-th held out), mixed in the same way (seed
  ``[seed, 1000 + index]``): heard as a word not on offer (right), a number or an offered word acted on at once
  (wrong), asked back, or nothing.

The game's English engine (``recognizer.choose_engine``: Whisper tiny.en on the Silero crop and its band, with
Moonshine's second opinion) hears every sound once per handicap; Whisper's and Moonshine's scores of a view are kept
(the handicap is taken off after them), so each further handicap costs little. A number heard as a decoy is counted
"by the second opinion" where Moonshine's vote made the decoy the word heard (``crop.SpeechCrop._second_opinion``).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import noise as sound  # noqa: E402
from benchmarks.voice import (FSDD, english_voices, game_decision, in_condition, pct, play_options,  # noqa: E402
                              record_clips, record_outcome)
from tavli_voice.commands import ChoosePlay  # noqa: E402
from tavli_voice.speech import audio, crop  # noqa: E402
from tavli_voice.speech.grammar import Phrase, phrases  # noqa: E402
from tavli_voice.speech.heard import Heard  # noqa: E402
from tavli_voice.speech.listen_decide import decoys, on_offer_only  # noqa: E402
from tavli_voice.ui import voice_decision  # noqa: E402

CONDITIONS = "quiet,white 10 dB,pink 5 dB,babble 10 dB,tv 10 dB"
NUMBER_COLUMNS = ("right at once", "right after asking back", "asked, then wrong", "acted on wrongly", "no answer")
WORD_COLUMNS = ("heard as not on offer", "acted on at once", "asked back", "nothing heard")


def parse_condition(label: str) -> tuple[str | None, float, bool, str | None]:
    """(noise kind, SNR, room, band) of a label such as "tv 10 dB" or "quiet"."""
    if label == "quiet":
        return (None, 0.0, False, None)
    kind, snr, _ = label.split()
    return (kind, float(snr), False, None)


def memo(scorer: Callable[..., Any]) -> Callable[..., Any]:
    """``scorer(audio, items)`` kept by the sound's bytes and the phrases (other arguments: not kept)."""
    kept: dict[tuple[object, ...], Any] = {}

    def scores(view: np.ndarray, items: tuple[Phrase, ...], *rest: Any, **named: Any) -> Any:
        if rest or named:
            return scorer(view, items, *rest, **named)
        key = (hashlib.blake2b(np.ascontiguousarray(view).tobytes(), digest_size=16).digest(),
               tuple((p.words, p.decoy) for p in items))
        if key not in kept:
            kept[key] = scorer(view, items)
        return np.array(kept[key], copy=True)

    return scores


def word_outcome(heard: Heard) -> str:
    """One of WORD_COLUMNS for a decoy word said, ``heard`` as the game takes it (``on_offer_only``)."""
    if heard.command is None:
        return WORD_COLUMNS[0] if heard.reason == "not_on_offer" else WORD_COLUMNS[3]
    return WORD_COLUMNS[1] if game_decision(heard).action is voice_decision.Action.ACT else WORD_COLUMNS[2]


def word_clips(part: str, folder: Path, words: tuple[str, ...], every: int) -> list[tuple[str, str, np.ndarray]]:
    """(voice, word, sound) for each decoy word said by every ``every``-th English voice, from the first (tuning)
    or from the ``every // 2``-th (held out)."""
    voices = english_voices()
    chosen = voices[::every] + voices[every // 2::every] if part == "all" else \
        voices[every // 2 if part == "held-out" else 0::every]
    out = []
    for voice in chosen:
        for word in words:
            path = folder / f"decoy_{voice}_{word}.wav"
            if not path.exists():  # written aside, then moved: another run may read it meanwhile
                aside = path.with_suffix(f".{os.getpid()}.tmp")
                subprocess.run(["espeak-ng", "-v", voice, "-w", str(aside), word], check=True)
                os.replace(aside, path)
            out.append((voice, word, audio.load(path)))
    return out


def main() -> None:
    from tavli_voice.speech.recognizer import choose_engine

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fsdd", type=Path, default=FSDD)
    parser.add_argument("--step", type=int, default=4)
    parser.add_argument("--part", choices=("all", "tuning", "held-out"), default="tuning")
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument("--handicaps", default="0,0.5,1",
                        help="DECOY_HANDICAP values tried (nats a token, on the decoys yes and no as the game does; "
                             "all0.5: on every decoy; 0.5/0: Whisper's 0.5, the second opinion's 0, else as shipped)")
    parser.add_argument("--conditions", default=CONDITIONS)
    parser.add_argument("--plays", type=int, default=9)
    parser.add_argument("--no-words", action="store_true", help="numbers only")
    parser.add_argument("--voice-step", type=int, default=16, help="every Nth espeak-ng English voice (default 16)")
    args = parser.parse_args()

    engine: Any = choose_engine(None, "en")
    inner = engine.engine
    inner.scores = memo(inner.scores)
    if hasattr(inner, "scores_whole"):
        inner.scores_whole = memo(inner.scores_whole)
    if getattr(engine, "second", None) is not None:
        engine.second.scores = memo(engine.second.scores)
    options = play_options(args.plays)
    offered = phrases(options, "en")
    items = offered + decoys(options, "en", offered)
    words = tuple(p.text for p in decoys(options, "en", offered))
    folder = Path(tempfile.gettempdir()) / "tavli-voice-bench-clips"
    folder.mkdir(parents=True, exist_ok=True)
    sources = {"babble": sound.espeak_talk(sound.BABBLE_TALK, folder), "tv": sound.espeak_talk(sound.TV_TALK, folder)}
    room_ir = sound.room_response(np.random.default_rng([args.seed, 1]))
    clips = record_clips("en", args.fsdd, args.step, 12, args.plays, folder, args.part)
    said = [] if args.no_words else word_clips(args.part, folder, words, args.voice_step)
    conditions = args.conditions.split(",")
    print(f"en, play phase ({args.plays} plays + its commands, decoys {', '.join(words)}); engine {engine.name}; "
          f"FSDD {len(clips)} clips ({args.part}, every {args.step}th), decoy words {len(said)} clips "
          f"({len(said) // max(1, len(words))} espeak-ng voices); seed {args.seed}")
    shipped = crop.handicapped
    second = getattr(engine, "second", None)
    shipped_second = crop.DECOY_HANDICAP.get(getattr(second, "name", ""), 0.0)
    for given in args.handicaps.split(","):
        given, _, theirs = given.partition("/")  # "0.5/0": Whisper's handicap, then the second opinion's
        every = given.startswith("all")  # the handicap on every decoy, not only on "yes" and "no"
        value = float(given.removeprefix("all"))
        crop.DECOY_HANDICAP[inner.name] = value
        if second is not None:
            crop.DECOY_HANDICAP[second.name] = float(theirs) if theirs else shipped_second
        crop.handicapped = shipped if not every else (  # type: ignore[assignment]
            lambda scores, items, handicap: scores - handicap * np.array(
                [p.decoy for p in items], dtype=np.float64) if handicap else scores)
        began = time.perf_counter()
        numbers: dict[str, Counter[str]] = {}
        spoken: dict[str, Counter[str]] = {}
        taken: dict[str, Counter[str]] = {}
        seconded: dict[str, Counter[str]] = {}
        for label in conditions:
            condition = parse_condition(label)
            for index, (_, _, _, _, meant, clip) in enumerate(clips):
                x = in_condition(clip, condition, np.random.default_rng([args.seed, index]), room_ir, 0.5, sources)
                heard = on_offer_only(engine.recognize(x, items), offered)
                numbers.setdefault(label, Counter())[record_outcome(heard, heard.command == meant)] += 1
                if heard.reason == "not_on_offer":
                    taken.setdefault(label, Counter())[heard.text] += 1
                    if heard.why.endswith(f"{heard.text!r} asked back"):  # Moonshine's vote made it first
                        seconded.setdefault(label, Counter())[heard.text] += 1
            for index, (_, word, clip) in enumerate(said):
                x = in_condition(clip, condition, np.random.default_rng([args.seed, 1000 + index]), room_ir, 0.5,
                                 sources)
                heard = on_offer_only(engine.recognize(x, items), offered)
                outcome = word_outcome(heard)
                spoken.setdefault(label, Counter())[outcome] += 1
                if outcome in WORD_COLUMNS[1:3]:
                    kind = "number" if isinstance(heard.command, ChoosePlay) else "word"
                    spoken[label][f"{outcome} ({kind}): {word}"] += 1
        print(f"\nDECOY_HANDICAP {value:g} {'on every decoy' if every else 'on yes and no'}" +
              (f", the second opinion's {crop.DECOY_HANDICAP[second.name]:g}" if second is not None else "") +
              f" "
              f"({time.perf_counter() - began:.0f} s)")
        print(f"  {'numbers':16}{'n':>5}" + "".join(f"{c:>25}" for c in NUMBER_COLUMNS) + "   decoys heard instead")
        for label in conditions:
            row = numbers[label]
            n = sum(row[c] for c in NUMBER_COLUMNS)
            print(f"  {label:16}{n:>5}" + "".join(f"{pct(row[c], n):>25}" for c in NUMBER_COLUMNS) + "   " +
                  ", ".join(f"{w} {k}" for w, k in taken.get(label, Counter()).most_common()) +
                  f" (by the second opinion {sum(seconded.get(label, Counter()).values())})")
        if said:
            print(f"  {'decoy words':16}{'n':>5}" + "".join(f"{c:>25}" for c in WORD_COLUMNS) + "   which")
            for label in conditions:
                row = spoken[label]
                n = sum(row[c] for c in WORD_COLUMNS)
                which = sorted((k, v) for k, v in row.items() if k not in WORD_COLUMNS)
                print(f"  {label:16}{n:>5}" + "".join(f"{row[c]:>25}" for c in WORD_COLUMNS) + "   " +
                      ", ".join(f"{k} x{v}" for k, v in which))


if __name__ == "__main__":
    main()
