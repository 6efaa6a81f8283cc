"""A game's words, in turn: does learning the player's confirmed numbers (``speech.own_words``) help as it goes?

Run: ``python benchmarks/voice_own_words.py [--conditions tv,babble,white5] [--words 60] [--seed 1]``

For each real speaker of FSDD (jackson, lucas) and each condition, one game's worth of play numbers is said in
turn: ``--words`` numbers drawn 1-9 (seeded), each a take of that speaker drawn without repeat, in the condition's
noise (``voice.in_condition``: the noise 0.5 s either side, seed per word). Each is heard by the game's English engine
(``choose_engine(None, "en")``: Whisper tiny.en on the crop and its band, Moonshine's second opinion) among the play
phase's phrases and the decoys the game listens for (``voice.record_items`` with ``--decoys``), and decided as the
game decides it at a fresh play-phase question (``voice.record_outcome``). Twice, on the same sounds: without the
player's own words, and with them - a word asked back and right is the player's "yes", and its sound is kept
(``OwnWords.add``, as ``VoiceSource`` does), so the templates grow with the game: none at first.

Printed per condition: the outcomes (right at once, right after asking back, asked then wrong, acted on wrongly,
no answer) without and with, the words whose outcome changed, and the same over the game's second half (more
templates by then). Takes 40-49 are the project's held-out ones; they are drawn here like the others (the templates
are the speaker's own words in either case; the weight was chosen in ``benchmarks/voice_adapt.py`` on other takes).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tavli_voice import blas  # noqa: F401, E402  (one BLAS thread as the game runs: before numpy is imported)

import numpy as np  # noqa: E402

from benchmarks import noise as sound  # noqa: E402
from benchmarks.voice import FSDD, RECORD_COLUMNS, in_condition, record_items, record_outcome  # noqa: E402
from tavli_voice.commands import ChoosePlay  # noqa: E402
from tavli_voice.speech import audio  # noqa: E402
from tavli_voice.speech.own_words import OwnWords  # noqa: E402

SPEAKERS = ("jackson", "lucas")
#: label -> (noise kind, SNR dB)
CONDITIONS = {"quiet": (None, 0.0), "tv": ("tv", 10.0), "babble": ("babble", 10.0), "white5": ("white", 5.0),
              "pink5": ("pink", 5.0)}


def game_words(speaker: str, count: int, rng: random.Random) -> list[tuple[int, int]]:
    """``count`` (number, take) of ``speaker``: numbers 1-9 drawn, takes without repeat per number."""
    takes = {d: rng.sample(range(50), 50) for d in range(1, 10)}
    out = []
    for _ in range(count):
        digit = rng.randint(1, 9)
        out.append((digit, takes[digit].pop()))
    return out


def play(engine, crop, items, offered, sounds: list[tuple[int, np.ndarray]], learn: bool) -> list[str]:  # type: ignore[no-untyped-def]
    """Each sound's outcome in turn, the engine learning confirmed numbers when ``learn``."""
    from tavli_voice.speech.listen_decide import on_offer_only

    crop.own_words = OwnWords() if learn else None
    out = []
    for digit, x in sounds:
        heard = on_offer_only(engine.recognize(x, items), offered)
        result = record_outcome(heard, heard.command == ChoosePlay(digit))
        if learn and result == "right after asking back":
            crop.own_words.add(heard.command, heard.sound)
        out.append(result)
    crop.own_words = None
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--conditions", default="tv,babble,white5")
    ap.add_argument("--words", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    from tavli_voice.speech.crop import SpeechCrop
    from tavli_voice.speech.recognizer import choose_engine

    engine = choose_engine(None, "en")
    crop = engine if isinstance(engine, SpeechCrop) else getattr(engine, "general", engine)
    assert isinstance(crop, SpeechCrop), f"not the crop engine: {engine!r}"
    items, offered = record_items(argparse.Namespace(plays=9, points=0, decoys=True), "en")
    with tempfile.TemporaryDirectory() as tmp:
        sources = {"babble": sound.espeak_talk(sound.BABBLE_TALK, Path(tmp)),
                   "tv": sound.espeak_talk(sound.TV_TALK, Path(tmp))}
        room_ir = sound.room_response(np.random.default_rng([a.seed, 1]))
        print(f"engine {crop.name}; {a.words} words a speaker and condition; seed {a.seed}")
        for label in a.conditions.split(","):
            kind, snr = CONDITIONS[label]
            totals: dict[str, Counter[str]] = {"without": Counter(), "with": Counter()}
            halves: dict[str, Counter[str]] = {"without": Counter(), "with": Counter()}
            changed: Counter[tuple[str, str]] = Counter()
            began = time.perf_counter()
            for s, speaker in enumerate(SPEAKERS):
                rng = random.Random(f"{a.seed}-{speaker}-{label}")
                sounds = []
                for i, (digit, take) in enumerate(game_words(speaker, a.words, rng)):
                    clip = audio.load(FSDD / f"{digit}_{speaker}_{take}.wav")
                    x = in_condition(clip, (kind, snr, False, None), np.random.default_rng([a.seed, s, i]), room_ir,
                                     0.5, sources)
                    sounds.append((digit, x))
                runs = {"without": play(engine, crop, items, offered, sounds, False),
                        "with": play(engine, crop, items, offered, sounds, True)}
                for key, outcomes in runs.items():
                    totals[key].update(outcomes)
                    halves[key].update(outcomes[len(outcomes) // 2:])
                changed.update((x, y) for x, y in zip(runs["without"], runs["with"]) if x != y)
            n = sum(totals["without"].values())
            print(f"\n{label} ({kind or 'none'} {snr:g} dB), {n} words ({time.perf_counter() - began:.0f} s)")
            print("  " + "".join(f"{c:>26}" for c in ("", *RECORD_COLUMNS)))
            for key in ("without", "with"):
                for name, counts in ((f"{key}, all", totals[key]), (f"{key}, second half", halves[key])):
                    m = sum(counts.values())
                    print("  " + f"{name:>26}" + "".join(f"{100 * counts[c] / m:25.1f}%" for c in RECORD_COLUMNS))
            print("  changed (without -> with):", dict(changed) or "none")


if __name__ == "__main__":
    main()
