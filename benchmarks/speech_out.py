"""Speech-out latency: from ``Narrator.say()`` to the first sample handed to the sink.

Real synthesis (espeak-ng process or pyttsx3), a recording sink instead of
the sound device, so the figure is our pipeline's own latency (the device
adds its output latency, typically 10–40 ms with PortAudio "low").

    python benchmarks/speech_out.py [--runs 30] [--engine espeak-ng|pyttsx3|both]

Prints median and 95th percentile of: first audio (the figure that matters
most; aim < 150 ms median for a dice message) and all audio handed over.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time

import numpy as np

from tavli_voice.narration.narrator import Narrator
from tavli_voice.narration.settings import SpeechSettings
from tavli_voice.narration.speaker import (
    EngineSpeaker, EspeakProcessSynth, Pyttsx3Synth, RecordingSink, Synthesizer,
)
from tavli_voice.narration.utterance import Utterance

MESSAGES: dict[str, tuple[str, str]] = {
    "short en": ("en", "six and five"),
    "short el": ("el", "έξι και πέντε"),
    "dice en": ("en", "Your dice: 6 5."),
    "dice el": ("el", "Τα ζάρια σας: 6 5."),
    "long en": ("en", "Your opponent played 13/7* 8/7. You are on the bar. Your dice are 6 and 5. "
                      "You have three plays: 1, bar/20 20/14. 2, bar/19 19/14. 3, bar/20 13/8."),
    "long el": ("el", "Ο αντίπαλος έπαιξε 13/7* 8/7. Είστε στη μπάρα. Τα ζάρια σας είναι 6 και 5. "
                      "Έχετε τρεις κινήσεις: 1, bar/20 20/14. 2, bar/19 19/14. 3, bar/20 13/8."),
    "board en": ("en", " ".join(f"Point {p}: {p % 5 + 1} white checkers." for p in range(24, 0, -1))),
}


class TimingSink(RecordingSink):
    """Records like RecordingSink and signals the first play."""

    def __init__(self) -> None:
        super().__init__()
        self.first = threading.Event()

    def play(self, samples: np.ndarray, rate: int) -> None:
        super().play(samples, rate)
        self.first.set()


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def measure(synth: Synthesizer, runs: int) -> None:
    sink = TimingSink()
    speaker = EngineSpeaker(synth, sink)
    narrator = Narrator(speaker, settings=SpeechSettings(earcons=False))
    try:
        # Cold start: worker thread creation and first engine use included.
        t0 = time.perf_counter()
        narrator.say(Utterance.from_text("ready", lang="en"))
        sink.first.wait(10)
        cold = (sink.play_times[0] - t0) * 1000
        speaker.wait_idle(10)
        narrator.pump()
        print(f"\n[{synth.name}] cold start, first audio: {cold:.1f} ms")
        print(f"{'message':10} {'audio s':>7} | {'first audio median':>18} {'p95':>7} | "
              f"{'all audio median':>16} {'p95':>7}")
        for label, (lang, text) in MESSAGES.items():
            first: list[float] = []
            full: list[float] = []
            dur = 0.0
            for _ in range(runs):
                sink.clear()
                sink.first.clear()
                t = time.perf_counter()
                narrator.say(Utterance.from_text(text, lang=lang))
                if not speaker.wait_idle(20):
                    raise RuntimeError("speech did not finish")
                narrator.pump()
                first.append((sink.play_times[0] - t) * 1000)
                full.append((sink.play_times[-1] - t) * 1000)
                dur = sink.audio().size / 22050
            print(f"{label:10} {dur:7.1f} | {statistics.median(first):15.1f} ms {pct(first, .95):7.1f} | "
                  f"{statistics.median(full):13.1f} ms {pct(full, .95):7.1f}")
    finally:
        narrator.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--engine", choices=["espeak-ng", "pyttsx3", "both"], default="both")
    args = ap.parse_args(argv)
    if args.engine in ("espeak-ng", "both"):
        measure(EspeakProcessSynth(), args.runs)
    if args.engine in ("pyttsx3", "both"):
        measure(Pyttsx3Synth(), args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
