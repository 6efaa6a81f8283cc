"""Sound for the recognizers: 16 kHz, trimming and padding for decoders.

Reading WAV files and resampling live in :mod:`tavli_voice.audio.wav` (shared
with speech output); they are re-exported here.

Everything inside speech input works on mono float32 arrays at ``RATE``
(16 kHz, the rate of pocketsphinx's acoustic model and of small Vosk models),
scaled to -1..1. Files at any rate are resampled here; the microphone is opened at 16 kHz directly
(``audio/capture.py``).

Decoders get the utterance trimmed to its loud part, padded with 0.2 s of
silence (real recordings come trimmed tight, as the FSDD clips, or with long
silences) plus a faint fixed noise floor (about -64 dBFS). Both matter for
pocketsphinx: digital silence makes log filter-bank energies collapse (FSDD
digits went from 82% to 92% with the noise floor), and the share of silence
shifts its per-utterance cepstral mean (see ``benchmarks/voice.py``). A
microphone already has a noise floor, so that part changes nothing there.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..audio import wav as _wav
from ..audio.wav import RATE, AudioFileError, Samples, read_wav, resample

#: Silence added before and after an utterance for the decoders, in seconds.
PAD_SECONDS = 0.2
#: Frames quieter than the loudest minus this are trimmed off the ends first.
TRIM_DB = 40.0
FRAME = 400   # 25 ms at 16 kHz
HOP = 160     # 10 ms
#: Level of the noise floor mixed into decoder input (about -64 dBFS).
NOISE_FLOOR = 20 / 32768
#: Level an utterance is brought to for the decoders (its 99.9th percentile of
#: |sample|; FSDD recordings have 0.25-0.88, median 0.39), and the most gain used.
LEVEL = 0.4
MAX_GAIN_DB = 40.0

__all__ = ["AudioFileError", "RATE", "Samples", "read_wav", "write_wav", "resample", "to_rate",
           "load", "pad", "frames", "frame_energy_db", "trim", "normalise", "for_decoder"]


def write_wav(path: str | Path, samples: Samples, rate: int = RATE) -> None:
    """Write mono 16-bit PCM (used for enrolment recordings and tests)."""
    _wav.write_wav(path, samples, rate)


def to_rate(samples: Samples, rate: int) -> Samples:
    """``samples`` at 16 kHz (resampled when needed)."""
    return resample(samples, rate, RATE)


def load(path: str | Path) -> Samples:
    """A WAV file as mono float32 at 16 kHz: at most 10 s (:data:`~tavli_voice.audio.wav.MAX_SECONDS`),
    read boundedly; AudioFileError (with its ``key``) for anything else, ``"empty"`` for no sound."""
    samples, rate = read_wav(path)
    if len(samples) == 0:
        raise AudioFileError("no sound", "empty")
    return to_rate(samples, rate)


def pad(samples: Samples, seconds: float = PAD_SECONDS, rate: int = RATE) -> Samples:
    """``samples`` with ``seconds`` of silence before and after."""
    zeros = np.zeros(int(round(seconds * rate)), dtype=np.float32)
    return np.concatenate([zeros, np.asarray(samples, dtype=np.float32), zeros])


def frames(samples: npt.NDArray[np.floating[Any]]) -> npt.NDArray[np.float64]:
    """Overlapping 25 ms frames with a 10 ms hop (one per row)."""
    x = np.asarray(samples, dtype=np.float64)
    if len(x) < FRAME:
        x = np.concatenate([x, np.zeros(FRAME - len(x))])
    count = 1 + (len(x) - FRAME) // HOP
    index = np.arange(FRAME)[None, :] + HOP * np.arange(count)[:, None]
    return x[index]


def frame_energy_db(samples: Samples) -> npt.NDArray[np.float64]:
    """Energy of each 25 ms frame (10 ms hop) in dB relative to full scale."""
    parts = frames(samples)
    return 10 * np.log10(np.mean(parts ** 2, axis=1) + 1e-12)


def trim(samples: Samples, below_peak_db: float = 35.0, margin: int = 3) -> Samples:
    """Cut leading and trailing frames quieter than the loudest frame minus ``below_peak_db``."""
    energy = frame_energy_db(samples)
    loud = np.nonzero(energy > energy.max() - below_peak_db)[0]
    first = max(0, loud[0] - margin)
    last = min(len(energy) - 1, loud[-1] + margin)
    return np.asarray(samples[first * HOP: last * HOP + FRAME], dtype=np.float32)


def normalise(samples: Samples, level: float = LEVEL, max_gain_db: float = MAX_GAIN_DB) -> Samples:
    """``samples`` scaled so that their 99.9th percentile of |sample| is ``level`` (gain at most ``max_gain_db``)."""
    if len(samples) == 0:
        return samples
    peak = float(np.percentile(np.abs(samples), 99.9))
    gain = min(level / peak, 10 ** (max_gain_db / 20)) if peak > 0 else 1.0
    return np.clip(np.asarray(samples, dtype=np.float32) * gain, -1.0, 1.0).astype(np.float32)


def for_decoder(samples: Samples, seconds: float = PAD_SECONDS, noise: float = NOISE_FLOOR,
                seed: int = 0, trim_db: float | None = TRIM_DB, level: float | None = LEVEL) -> bytes:
    """16-bit little-endian PCM for a decoder: trimmed, at a set level, padded, with a faint fixed noise floor.

    Trimming first makes the amount of silence the same whatever the source
    (a tight file, a long file, a microphone segment with pre-roll): the
    decoder normalises cepstra over the whole utterance, so the share of
    silence changes what it hears. The level is set before the noise floor is
    added, so a quiet speaker is not buried under it (FSDD digits 30 dB
    quieter: pocketsphinx 53% without, see ``benchmarks/voice.py --speakers``).
    The noise is seeded so that the same audio always decodes the same way.
    """
    if trim_db is not None and len(samples) > 0:
        samples = trim(samples, trim_db)
    if level is not None:
        samples = normalise(samples, level)
    padded = pad(samples, seconds).astype(np.float64)
    if noise > 0:
        padded += noise * np.random.default_rng(seed).standard_normal(len(padded))
    ints = np.clip(np.round(padded * 32768), -32768, 32767).astype("<i2")
    return ints.tobytes()
