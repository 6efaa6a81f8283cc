"""Telling the game's own voice from the player's (loudspeakers, no headset).

With loudspeakers the microphone hears the narrator. :class:`EchoGate`
compares what the microphone heard with what the speaker really played at
that moment (``PlayedAudio.between`` of the output sink, which stamps every
block with the time it sounds): it finds the delay at which the played
signal best matches the microphone (normalised cross-correlation by FFT,
delays up to ``max_lag_s``), scales the played signal to the microphone
level at that delay and subtracts it.

* If what is left is quiet (the played signal explains at least
  ``explained`` of the energy), the sound was the game's own voice: the
  listener neither stops the speech nor acts on it.
* Otherwise the player spoke, perhaps over the narrator: barge-in works, and
  the recognizer gets the remainder (the player's words with the narrator's
  voice taken out).

This is a one-tap echo canceller: exact for a digital loop (a virtual
device, a monitor of the output) and for a direct path; a room's
reverberation leaves more remainder, which errs on the side of hearing the
player. Everything is plain numpy and runs in a few milliseconds per
utterance.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .audio import RATE, Samples, resample

#: (start, end) in ``time.monotonic`` seconds → the samples played then, at ``rate``.
PlayedBetween = Callable[[float, float], np.ndarray]


@dataclass(frozen=True, slots=True)
class EchoVerdict:
    """``echo``: the sound was the game's own; ``remainder``: the rest (16 kHz)."""

    echo: bool
    correlation: float
    explained: float
    lag_s: float
    remainder: Samples


class EchoGate:
    """See the module docstring; ``played`` gives the speaker's recent output."""

    def __init__(self, played: PlayedBetween, played_rate: int, *, max_lag_s: float = 0.5,
                 explained: float = 0.7, quiet_db: float = -60.0) -> None:
        self.played = played
        self.played_rate = played_rate
        self.max_lag_s = max_lag_s
        self.explained = explained
        self.quiet_db = quiet_db
        #: the microphone's clock may run a little ahead of the speaker's: look that far after too
        self.lead_s = 0.1

    def check(self, heard: Samples, start: float, end: float | None = None) -> EchoVerdict:
        """Judge ``heard`` (16 kHz), which the microphone captured from ``start`` (monotonic)."""
        x = np.asarray(heard, dtype=np.float64)
        if end is None:
            end = start + len(x) / RATE
        ref = self.played(start - self.max_lag_s, end + self.lead_s)
        ref16 = np.asarray(resample(ref, self.played_rate, RATE) if self.played_rate != RATE else ref,
                           dtype=np.float64)
        none = EchoVerdict(False, 0.0, 0.0, 0.0, np.asarray(heard, dtype=np.float32))
        if len(x) == 0 or len(ref16) < len(x):
            return none
        x_energy = float(np.dot(x, x))
        if 10 * np.log10(float(np.mean(ref16 ** 2)) + 1e-12) < self.quiet_db or x_energy <= 0:
            return none  # nothing was played: it cannot be an echo
        n = len(x)
        lags = len(ref16) - n + 1
        size = 1 << int(np.ceil(np.log2(len(ref16) + n)))
        # correlation of x with every window ref16[k:k+n], k = 0 .. lags-1
        corr = np.fft.irfft(np.fft.rfft(ref16, size) * np.conj(np.fft.rfft(x, size)), size)[:lags]
        csum = np.concatenate([[0.0], np.cumsum(ref16 ** 2)])
        win_energy = csum[n:n + lags] - csum[:lags]
        norm = corr / np.sqrt(np.maximum(win_energy, 1e-12) * x_energy)
        k = int(np.argmax(norm))
        seg = ref16[k:k + n]
        seg_energy = float(np.dot(seg, seg))
        if seg_energy <= 1e-12:
            return none
        gain = float(np.dot(x, seg)) / seg_energy
        rest = x - gain * seg
        explained = 1.0 - float(np.dot(rest, rest)) / x_energy
        lag_s = self.max_lag_s - k / RATE  # the microphone hears the speaker this much later
        return EchoVerdict(explained >= self.explained, float(norm[k]), explained, lag_s,
                           rest.astype(np.float32))
