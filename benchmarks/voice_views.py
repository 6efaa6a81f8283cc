"""Which views of a word English's Whisper should hear and add up: each view scored once, every choice compared.

Run: ``python benchmarks/voice_views.py [--step 4] [--conditions quiet,white10,pink10,room,pink5,white5]``

The clips and conditions are the voice benchmark of record's (``benchmarks/voice.py --lang en``: FSDD digits
1-9 of both speakers, every ``--step``-th file, the play phase of 9 plays and its commands, noise mixed with
seed 40). The game's engine (``choose_engine(None, "en")``: Whisper tiny.en on the crop to the speech) decides
each clip exactly as in a game, once per choice of views; Whisper's scores of a view's sound are kept, so a
view is scored once per clip whatever the number of choices it is part of. Each choice's row gives what a game
does with the answer (``voice.record_outcome``); "right" is right at once plus right after asking back.

Views: "crop" and "band" (``tavli_voice/speech/fusion.py``), and "derev", the crop with the late
reverberation taken out (``dereverberated``: spectral subtraction of the power expected from a room with
``RT60_S`` of reverberation ``LATE_S`` after the direct sound; Lebart, Boucher and Denbigh 2001).
A choice written "crop+band|derev" hears the first views and, only when they leave the word to be asked
back, all of them (the extra view's cost on close calls only).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import noise as sound  # noqa: E402
from benchmarks.voice import FSDD, record_clips, record_outcome  # noqa: E402
from tavli_voice.speech import crop as crop_module  # noqa: E402
from tavli_voice.speech.fusion import band_limited  # noqa: E402
from tavli_voice.speech.grammar import PHASE_COMMANDS, Options, phrases  # noqa: E402
from tavli_voice.speech.listen_decide import UNSURE_BELOW  # noqa: E402

#: (label, noise kind, SNR dB, room) by short name
CONDITIONS = {"quiet": ("quiet", None, 0.0, False), "white10": ("white 10 dB", "white", 10, False),
              "pink10": ("pink 10 dB", "pink", 10, False), "room": ("room", None, 0.0, True),
              "pink5": ("pink 5 dB", "pink", 5, False), "white5": ("white 5 dB", "white", 5, False)}
#: the reverberation assumed by ``dereverberated`` (s; a living room's is 0.4-0.6) and where its late part begins
RT60_S, LATE_S = 0.5, 0.05


def dereverberated(audio: np.ndarray, rate: int = 16000, rt60: float = RT60_S, late: float = LATE_S,
                   floor: float = 0.1) -> np.ndarray:
    """``audio`` less its late reverberation: each 32 ms frame's power spectrum less the one ``late`` s
    before it decayed as a room of ``rt60`` would, the gain never under ``floor`` (float32, same length)."""
    x = np.asarray(audio, dtype=np.float64)
    size, hop = 512, 128
    if len(x) < size:
        return np.asarray(audio, dtype=np.float32)
    window = np.hanning(size + 1)[:-1]
    count = 1 + (len(x) - size) // hop
    index = np.arange(size)[None, :] + hop * np.arange(count)[:, None]
    spectra = np.fft.rfft(x[index] * window, axis=1)
    power = np.abs(spectra) ** 2
    shift = max(1, round(late * rate / hop))
    decay = np.exp(-2 * (3 * np.log(10) / rt60) * late)
    before = np.zeros_like(power)
    before[shift:] = power[:-shift]
    gain = np.maximum(1 - decay * before / (power + 1e-12), floor ** 2) ** 0.5
    frames = np.fft.irfft(spectra * gain, size, axis=1) * window
    out = np.zeros(len(x))
    norm = np.zeros(len(x))
    for k in range(count):
        out[k * hop:k * hop + size] += frames[k]
        norm[k * hop:k * hop + size] += window ** 2
    covered = norm > 0.1 * norm.max()
    out[covered] /= norm[covered]
    out[~covered] = x[~covered]
    return out.astype(np.float32)


MAKERS = {"crop": lambda s: s, "band": band_limited, "derev": dereverberated}


def install_views(engine: Any, cache: dict[bytes, np.ndarray]) -> None:
    """Let ``engine`` (a SpeechCrop) hear any view of MAKERS, and keep the scores of every sound scored."""
    scorer = engine.engine.scores

    def scores(audio: np.ndarray, items: tuple[Any, ...]) -> np.ndarray:
        key = hashlib.sha1(np.asarray(audio, dtype=np.float32).tobytes()).digest() + str(len(items)).encode()
        if key not in cache:
            cache[key] = np.asarray(scorer(audio, items), dtype=np.float64)
        return cache[key]

    engine.engine.scores = scores

    def fused(self: Any, speech: np.ndarray, items: tuple[Any, ...]) -> Any:
        from tavli_voice.speech.crop import candidates
        from tavli_voice.speech.heard import Heard
        from tavli_voice.speech.fusion import decide, fused_scores, rival

        views = [MAKERS[view](speech) for view in self.views]
        values, meanings = fused_scores(scores, views, items), [p.command for p in items]
        best, share = decide(values, meanings)
        return Heard(items[best].text, items[best].command, share, 0.0, self.engine.name,
                     rival=rival(values, meanings, best), why=candidates(values, items))

    crop_module.SpeechCrop._fused = fused  # type: ignore[method-assign]


def decide_with(engine: Any, clip: np.ndarray, items: tuple[Any, ...], choice: str) -> tuple[Any, bool]:
    """The game's decision on ``clip`` hearing the views of ``choice`` ("a+b", or "a+b|c": c on close calls),
    and whether the views after "|" were heard."""
    first, _, extra = choice.partition("|")
    engine.views = tuple(first.split("+"))
    heard = engine.recognize(clip, items)
    if extra and heard.command is not None and heard.score < UNSURE_BELOW.get(heard.engine, 0.5):
        engine.views = tuple(first.split("+")) + tuple(extra.split("+"))
        return engine.recognize(clip, items), True
    return heard, False


def main(argv: list[str] | None = None) -> None:
    from tavli_voice.speech.recognizer import choose_engine

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--step", type=int, default=4, help="every Nth FSDD file (default 4)")
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument("--conditions", default="quiet,white10,pink10,room,pink5,white5")
    parser.add_argument("--choices", default="crop+band,crop+derev,band+derev,crop+band+derev,crop+band|derev")
    parser.add_argument("--fsdd", type=Path, default=FSDD)
    args = parser.parse_args(argv)
    engine = choose_engine(None, "en")
    cache: dict[bytes, np.ndarray] = {}
    install_views(engine, cache)
    items = phrases(Options(plays=9, commands=PHASE_COMMANDS["play"]), "en")
    clips = record_clips("en", args.fsdd, args.step, 0, 9, Path("."), "all")
    room_ir = sound.room_response(np.random.default_rng([args.seed, 1]))
    choices = args.choices.split(",")
    print(f"FSDD digits 1-9, both speakers, every {args.step}th file: {len(clips)} clips "
          f"({sum(c[2] for c in clips)} held out, takes 40-49); play phase: 9 plays + its commands; seed {args.seed}; "
          f"engine {engine.name}")
    print(f"  {'condition':12} {'views':18} {'part':9} {'n':>4} {'right':>7} {'at once':>8} {'asked':>7} "
          f"{'asked, wrong':>12} {'acted wrongly':>13} {'extra view':>10}")
    for name in args.conditions.split(","):
        label, kind, snr, room = CONDITIONS[name]
        began = time.perf_counter()
        tallies: dict[tuple[str, str], Counter[str]] = {}
        for index, (_row, _name, held, _said, meant, clip) in enumerate(clips):
            rng = np.random.default_rng([args.seed, index])
            x = sound.convolve(clip.astype(np.float64), room_ir).astype(np.float32) if room else clip
            x, _ = sound.mix(x, kind, snr, rng, pad_s=0.5, sources={})
            for choice in choices:
                heard, extra = decide_with(engine, x, items, choice)
                outcome = record_outcome(heard, heard.command == meant)
                for part in ("all", "held out") if held else ("all",):
                    tally = tallies.setdefault((choice, part), Counter())
                    tally[outcome] += 1
                    tally["n"] += 1
                    tally["extra"] += extra
        for choice in choices:
            for part in ("all", "held out"):
                t = tallies[(choice, part)]
                n = t["n"]
                right = t["right at once"] + t["right after asking back"]
                asked = t["right after asking back"] + t["asked, then wrong"]
                print(f"  {label:12} {choice:18} {part:9} {n:4d} {100 * right / n:6.1f}% "
                      f"{100 * t['right at once'] / n:7.1f}% {100 * asked / n:6.1f}% "
                      f"{100 * t['asked, then wrong'] / n:11.1f}% {100 * t['acted on wrongly'] / n:12.1f}% "
                      f"{100 * t['extra'] / n:9.1f}%",
                      flush=True)
        print(f"  ({label}: {time.perf_counter() - began:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
