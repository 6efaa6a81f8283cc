"""When the game would tell the player the room is too noisy (``tavli_voice/ui/voice_noise.py``), by condition.

Run: ``python benchmarks/voice_noisy_room.py [--step 10] [--conditions quiet,tv20,tv10,white10,pink10,pink5]``

The clips are the voice benchmark's English ones (FSDD digits 1-9 of both speakers in ``../shared/speech/fsdd-dev``,
every ``--step``-th file) with noise mixed as ``benchmarks/voice.py`` mixes it (``benchmarks/noise.py``, seed 40,
``--pad`` s of noise each side). Each clip goes through the game's crop to the speech (``SpeechCrop`` with the
Silero detector, as ``choose_engine`` builds it) in front of a stand-in engine that recognises nothing costly, so
the word's level over the noise is the crop's own, read back from the ``why`` the session log shows
(``voice_noise.snr_of``). For each condition: how many words are measured, how many under ``POOR_SNR_DB``, and,
the clips said one after another (``--gap`` s apart on a fake clock, shuffled with the seed) to a ``NoiseWatch``,
after how many words the player is first told and how many times over all of them (the quiet time, QUIET_S,
between). The "no"s rule needs the recogniser's mistakes and is not measured here.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import noise as sound  # noqa: E402
from tavli_voice.commands import ChoosePlay  # noqa: E402
from tavli_voice.speech import audio  # noqa: E402
from tavli_voice.speech.crop import GAP_S, WIDE, SpeechCrop, load_detector  # noqa: E402
from tavli_voice.speech.heard import Heard  # noqa: E402
from tavli_voice.ui import voice_noise  # noqa: E402
from tavli_voice.ui.voice_noise import NoiseWatch, snr_of  # noqa: E402

CONDITIONS = {"quiet": (None, 0.0), "tv20": ("tv", 20.0), "tv10": ("tv", 10.0), "white10": ("white", 10.0),
              "pink10": ("pink", 10.0), "pink5": ("pink", 5.0), "babble10": ("babble", 10.0)}


class _Stand:
    """An engine that hears every word as the first phrase (only the crop's measure matters here)."""

    name = "stand-in"

    def recognize(self, sound_: object, items: tuple[object, ...]) -> Heard:
        return Heard("one", ChoosePlay(1), 0.9, 0.0, self.name)


class _Clock:
    """The words' fake clock (seconds)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--step", type=int, default=10)
    parser.add_argument("--conditions", default="quiet,tv20,tv10,white10,pink10,pink5")
    parser.add_argument("--pad", type=float, default=0.5)
    parser.add_argument("--gap", type=float, default=15.0, help="seconds between two words said (fake clock)")
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument("--fsdd", type=Path, default=Path(__file__).resolve().parents[2] / "shared/speech/fsdd-dev")
    args = parser.parse_args()
    files = sorted(p for p in args.fsdd.glob("*.wav") if p.name[0] in "123456789")[::args.step]
    crop = SpeechCrop(_Stand(), load_detector(), gap_s=GAP_S.get("en", 0.2), wide=WIDE.get("en"), rescale=False)
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        sources = {"babble": sound.espeak_talk(sound.BABBLE_TALK, Path(tmp)),
                   "tv": sound.espeak_talk(sound.TV_TALK, Path(tmp))}
        print(f"{len(files)} FSDD clips (digits 1-9, every {args.step}th), pad {args.pad} s, seed {args.seed}; "
              f"poor under {voice_noise.POOR_SNR_DB:g} dB, {voice_noise.POOR_OF_RECENT} of the last "
              f"{voice_noise.RECENT} measured; quiet time {voice_noise.QUIET_S:g} s, words {args.gap:g} s apart")
        print(f"{'condition':10} {'measured':>9} {'poor':>10} {'median dB':>10} {'first told':>11} {'told':>5}")
        for name in args.conditions.split(","):
            kind, snr = CONDITIONS[name]
            rng = np.random.default_rng(args.seed)
            levels: list[float | None] = []
            for path in files:
                x, _ = sound.mix(audio.load(path), kind, snr, rng, pad_s=args.pad, sources=sources)
                levels.append(snr_of(crop.recognize(x, ())))
            random.Random(args.seed).shuffle(levels)
            clock = _Clock()
            watch = NoiseWatch(clock)
            first, told = None, 0
            for i, level in enumerate(levels, 1):
                clock.now += args.gap
                if watch.word(level) is not None:
                    watch.told()
                    told += 1
                    first = first or i
            measured = [v for v in levels if v is not None]
            poor = sum(v < voice_noise.POOR_SNR_DB for v in measured)
            median = f"{statistics.median(measured):.1f}" if measured else "-"
            share = 100 * poor / max(1, len(measured))
            print(f"{name:10} {len(measured):>4}/{len(levels):<4} {poor:>4} ({share:3.0f}%)"
                  f" {median:>10} {first or '-':>11} {told:>5}")


if __name__ == "__main__":
    main()
