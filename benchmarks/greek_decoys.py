"""The Greek engine with the decoys the game listens for: the play phase's words and the answers to "did you say …?".

Run: ``python benchmarks/greek_decoys.py --noise tv --snr 10 [--part held-out] [--step 15] [--margins 0.2,0.08]
[--words-step 3] [--handicap 0]``

The voice benchmark of record (``benchmarks/voice.py --lang el``) gives the engine only the phrases on offer;
the game also gives it the plain command words *not* on offer (``listen_decide.decoys``), so that "ρίξε" said
while playing is heard as what it is and said so. In the spoken match with a television at 10 dB
(``benchmarks/results/e2e-sound-el-losses.txt``) a decoy won 70 times, every time unsure, and the player's
short «ναι» was lost to one 26 times. This benchmark hears the same espeak-ng Greek voices as the benchmark
of record (``voice.greek_voices``; tuning: ``el`` at 3 rates x 3 pitches and the first 12 variants, held out:
the rest), in the two phases of a turn, through ``listen_decide.recognize`` as the game does:

- the play phase (``--plays`` plays and its commands): every way of saying 1..``--plays`` and the phase's
  command words (every ``--step``-th clip), the outcome as ``voice.record_outcome`` counts it, a decoy that
  won counted as "not understood";
- "did you say …?" open (the play phase's words, yes and no: ``voice.asked_options``, as
  ``ui/voice_input.VoiceSource`` offers them): «ναι» and «όχι» by every voice, and in noise the noise alone
  (nothing said): a yes is an answer unless its rival is a no at least ``voice_decision.NEARLY_NO`` as likely
  (asked again); a «όχι» or nothing taken for a yes would confirm a command asked about wrongly.

- with ``--words-step``: the decoys themselves said while a play is chosen (every ``--words-step``-th of each
  voice's «ρίξε», «ναι», «όχι», «λάθος» …): heard as a word not on offer (itself or another), asked back or acted on
  as a word on offer, or nothing understood.

``--handicap``: the engine's ``engine_rescore.DECOY_HANDICAP`` instead of the game's (0: none).

``--margins``: the crop's margin each side of the speech found (``crop.SpeechCrop.margin_s``; the game's:
``crop.MARGIN_BY_LANG``), one table each, on the same clips and noise.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import noise as sound  # noqa: E402
from benchmarks.voice import asked_options, greek_voices, in_condition, record_outcome  # noqa: E402
from tavli_voice.commands import COMMAND_NAMES, No, Yes  # noqa: E402
from tavli_voice.speech import audio, listen_decide  # noqa: E402
from tavli_voice.speech.grammar import PHASE_COMMANDS, Options, phrases  # noqa: E402
from tavli_voice.speech.heard import Heard  # noqa: E402
from tavli_voice.ui.voice_decision import NEARLY_NO  # noqa: E402

TUNING = 12
#: The noise seeds' index of the first decoy said (the clips before take one each from 0).
WORDS_INDEX = 100_000


def clip(voice: str, speed: int, pitch: int, text: str, folder: Path) -> np.ndarray:
    """espeak-ng's ``text`` in that voice, made once in ``folder``."""
    name = hashlib.sha1(f"{voice}|{speed}|{pitch}|{text}".encode()).hexdigest()[:16]
    path = folder / f"el_{name}.wav"
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed), "-p", str(pitch), "-w", str(path), text],
                       check=True)
    return audio.load(path)


def answer_outcome(heard: Heard, said: object) -> str:
    """What the game does with ``heard`` as the answer to "did you say …?" when ``said`` (Yes, No or None:
    nothing) was said: "yes taken", "no taken", "asked again", "lost to a decoy", "lost" (nothing
    understood), "another word" (asked back as itself)."""
    if heard.command is None:
        return "lost to a decoy" if heard.reason == "not_on_offer" else "lost"
    if isinstance(heard.command, Yes):
        rival = heard.rival
        nearly_no = rival is not None and isinstance(rival[0], No) and rival[1] >= NEARLY_NO
        return "asked again" if nearly_no else "yes taken"
    if isinstance(heard.command, No):
        return "no taken"
    return "another word"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--noise", choices=("white", "pink", "babble", "tv"), default=None)
    ap.add_argument("--snr", type=float, default=10.0)
    ap.add_argument("--part", choices=("tuning", "held-out"), default="tuning")
    ap.add_argument("--variants", type=int, default=1000, help="espeak-ng variants (the first 12 tune)")
    ap.add_argument("--plays", type=int, default=9)
    ap.add_argument("--step", type=int, default=5, help="every Nth play-phase clip")
    ap.add_argument("--voice-step", type=int, default=1, help="every Nth voice")
    ap.add_argument("--seed", type=int, default=40)
    ap.add_argument("--margins", default=None, help="the crop's margins to compare, seconds, e.g. 0.2,0.08")
    ap.add_argument("--words-step", type=int, default=0, help="every Nth decoy word said (0: none)")
    ap.add_argument("--handicap", type=float, default=None, help="the decoy yes/no handicap (nats)")
    ap.add_argument("--clips", type=Path, default=Path(tempfile.gettempdir()) / "tavli-voice-bench-clips")
    args = ap.parse_args()

    from tavli_voice.speech.recognizer import choose_engine

    tuning = set(greek_voices(TUNING))
    voices = [v for v in greek_voices(args.variants) if (v in tuning) == (args.part == "tuning")][::args.voice_step]
    play = Options(plays=args.plays, commands=PHASE_COMMANDS["play"])
    asked = asked_options()
    play_items = phrases(play, "el")
    said_items = [(v, p) for v in voices for p in play_items][::args.step]
    sources = {"babble": sound.espeak_talk(sound.BABBLE_TALK, args.clips),
               "tv": sound.espeak_talk(sound.TV_TALK, args.clips)}
    room = np.zeros(1, dtype=np.float64)
    condition = (args.noise, args.snr, False, None)
    engine = choose_engine(None, "el")
    if args.handicap is not None:
        engine.engine.decoy_handicap = args.handicap
    decoy_words = listen_decide.decoys(play, "el", play_items)
    words_said = [(v, p) for v in voices for p in decoy_words][::args.words_step] if args.words_step else []
    margins = [getattr(engine, "margin_s", None)] if args.margins is None else \
        [float(x) for x in args.margins.split(",")]
    label = f"{args.noise} {args.snr:g} dB" if args.noise else "quiet"
    times: list[float] = []
    for margin in margins:
        if margin is not None:
            engine.margin_s = margin
        results: list[tuple[str, object, Heard]] = []
        times.clear()
        index = 0

        def hear(said: np.ndarray | None, options: Options, like: np.ndarray) -> Heard:
            """``said`` in the condition (None: the noise alone that ``like`` would have had)."""
            nonlocal index
            rng = np.random.default_rng([args.seed, index])
            index += 1
            if said is None and not args.noise:
                raise ValueError("nothing said needs noise")
            x = in_condition(like if said is None else said, condition, rng, room, 0.5, sources)
            if said is None:  # the same mix without the word: the noise alone
                pad = np.zeros(int(0.5 * audio.RATE), dtype=np.float32)
                x = x - np.concatenate([pad, like.astype(np.float32), pad])
            begun = time.process_time()
            heard = listen_decide.recognize(engine, x.astype(np.float32), options, "el")
            times.append((time.process_time() - begun) * 1000)
            return heard

        started = time.perf_counter()
        for (voice, speed, pitch), phrase in said_items:
            word = clip(voice, speed, pitch, phrase.text, args.clips)
            results.append(("play", phrase.command, hear(word, play, word)))
        for voice, speed, pitch in voices:
            yes = clip(voice, speed, pitch, "ναι", args.clips)
            results.append(("asked", Yes(), hear(yes, asked, yes)))
            results.append(("asked", No(), hear(clip(voice, speed, pitch, "όχι", args.clips), asked, yes)))
            if args.noise:
                results.append(("asked", None, hear(None, asked, yes)))
        index = WORDS_INDEX  # the decoys said: noise of their own, whatever the clips before
        for (voice, speed, pitch), phrase in words_said:
            word = clip(voice, speed, pitch, phrase.text, args.clips)
            results.append(("word", phrase.command, hear(word, play, word)))
        print(f"Greek engine with the game's decoys, {label}, {args.part} ({len(voices)} voices), crop margin "
              f"{margin} s: {sum(r[0] == 'play' for r in results)} play-phase clips, "
              f"{sum(r[0] == 'asked' for r in results)} answers, {sum(r[0] == 'word' for r in results)} decoys said; "
              f"{time.perf_counter() - started:.0f} s; "
              f"decision CPU median {statistics.median(times):.0f} ms")
        print_tables(results)


def word_outcome(heard: Heard, said: object) -> str:
    """What the game does with ``heard`` when the decoy ``said`` was said while a play is chosen: "itself" (heard as
    the word it is: "not possible now"), "another decoy", "asked back" or "acted on" (as a word on offer: a play
    asked about or made), "nothing" (not understood)."""
    if heard.reason == "not_on_offer":
        return "itself" if heard.text in _said_as(said) else "another decoy"
    done = record_outcome(heard, True)
    return {"no answer": "nothing", "right after asking back": "asked back", "right at once": "acted on"}[done]


def _said_as(command: object) -> set[str]:
    """The Greek words the decoy ``command`` is said with."""
    from tavli_voice.speech.words import COMMAND_WORDS

    return {" ".join(words) for name, forms in COMMAND_WORDS.items() if COMMAND_NAMES[name] is type(command)
            for words in forms["el"]}


def print_tables(results: list[tuple[str, object, Heard]]) -> None:
    """The play phase's outcomes, the answers' and the decoys said, as ``main`` heard them."""
    play_tally: Counter[str] = Counter()
    ans: Counter[tuple[str, str]] = Counter()
    words: Counter[str] = Counter()
    for phase, meant, heard in results:
        if phase == "word":
            words[word_outcome(heard, meant)] += 1
        elif phase == "play":
            outcome = "not understood (a decoy)" if heard.reason == "not_on_offer" else \
                record_outcome(heard, heard.command == meant)
            play_tally[outcome] += 1
        else:
            said = "ναι" if isinstance(meant, Yes) else "όχι" if isinstance(meant, No) else "nothing"
            ans[(said, answer_outcome(heard, meant))] += 1
    n = sum(play_tally.values())
    right = play_tally["right at once"] + play_tally["right after asking back"]
    print(f"  play phase: right {right}/{n} ({100 * right / max(n, 1):.1f}%), at once "
          f"{play_tally['right at once']}, acted on wrongly {play_tally['acted on wrongly']}, "
          f"asked then wrong {play_tally['asked, then wrong']}, not understood (a decoy) "
          f"{play_tally['not understood (a decoy)']}, other not understood {play_tally['no answer']}")
    for said in ("ναι", "όχι", "nothing"):
        row = {o: c for (s, o), c in ans.items() if s == said}
        if row:
            kinds = sorted(row.items(), key=lambda kv: -kv[1])
            print(f"  said {said:7s}: " + ", ".join(f"{o} {c}" for o, c in kinds))
    if words:
        print(f"  decoys said ({sum(words.values())}): " + ", ".join(
            f"{o} {words[o]}" for o in ("itself", "another decoy", "asked back", "acted on", "nothing")))

if __name__ == "__main__":
    main()
