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
import numpy.typing as npt

from .wav import RATE, Samples, resample

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


#: The length (samples at 16 kHz) of the filter of :meth:`EchoGate.fitted_remainder`. Measured
#: on the rig (speaker routed into the microphone), 23 Greek numbers said over the narrator:
#: fitted over 0.6 s before the word and the word, it left the narrator's voice 8-31 dB
#: under the word (median about 18) where one gain per 50 ms piece left it 2 dB over to 15
#: dB under, and took part of the word out where the narrator was quiet.
FIT_TAPS = 16
#: the end of the stretch before a sound that is not counted on to be the narrator alone
FIT_GUARD_S = 0.1


class EchoGate:
    """See the module docstring; ``played`` gives the speaker's recent output."""

    def __init__(self, played: PlayedBetween, played_rate: int, *, max_lag_s: float = 0.5,
                 explained: float = 0.6, quiet_db: float = -60.0, piece_s: float = 0.05) -> None:
        self.played = played
        self.played_rate = played_rate
        self.max_lag_s = max_lag_s
        self.explained = explained
        self.quiet_db = quiet_db
        self.piece_s = piece_s
        #: the microphone's clock may run a little ahead of the speaker's: look that far after too
        self.lead_s = 0.5

    def check(self, heard: Samples, start: float, end: float | None = None) -> EchoVerdict:
        """Judge ``heard`` (16 kHz), which the microphone captured from ``start`` (monotonic).

        The sound is judged in pieces of ``piece_s``, each with its own delay:
        the delay drifts a little within an utterance (an underrun, a
        re-anchored clock), and one delay for the whole would miss the rest.
        """
        x = np.asarray(heard, dtype=np.float64)
        if end is None:
            end = start + len(x) / RATE
        ref = self.played(start - self.max_lag_s, end + self.lead_s)
        ref16 = np.asarray(resample(ref, self.played_rate, RATE) if self.played_rate != RATE else ref,
                           dtype=np.float64)
        none = EchoVerdict(False, 0.0, 0.0, 0.0, np.asarray(heard, dtype=np.float32))
        x_energy = float(np.dot(x, x))
        if len(x) == 0 or len(ref16) < len(x) or x_energy <= 0:
            return none
        if 10 * np.log10(float(np.mean(ref16 ** 2)) + 1e-12) < self.quiet_db:
            return none  # nothing was played: it cannot be an echo
        piece = max(1, int(self.piece_s * RATE))
        rest = np.empty_like(x)
        best_corr, lags = 0.0, []
        pieces: list[tuple[float, float]] = []  # (energy heard, energy left) per piece
        for a in range(0, len(x), piece):
            seg_x = x[a:a + piece]
            if len(seg_x) < piece // 2 and a > 0:  # a short tail: extend the previous piece
                seg_x = x[a - piece:]
                a -= piece
                pieces.pop()
            corr, lag, left = self._one_tap(seg_x, ref16[a:a + len(seg_x) + len(ref16) - len(x)])
            rest[a:a + len(seg_x)] = left
            best_corr = max(best_corr, corr)
            lags.append(lag)
            pieces.append((float(np.dot(seg_x, seg_x)), float(np.dot(left, left))))
        explained = 1.0 - float(np.dot(rest, rest)) / x_energy
        return EchoVerdict(not self._someone_else(pieces), best_corr, explained,
                           float(np.median(lags)) if lags else 0.0, rest.astype(np.float32))

    def fitted_remainder(self, heard: Samples, start: float, skip: int, taps: int = FIT_TAPS,
                         need_db: float | None = None, known: int | None = None) -> Samples | None:
        """``heard[skip:]`` with the played signal taken out by one filter fitted on all of ``heard``.

        ``heard`` (16 kHz, captured from monotonic ``start``) is a sound over
        the narrator with ``skip`` samples of the microphone before it. The
        path from the speaker to the microphone is learnt as one short filter
        (``taps`` samples around the best delay, least squares over the whole
        stretch): it follows a fractional delay and the resampling on the way,
        which one gain per piece does not, and the player's voice, which does
        not follow what was played, hardly biases it over a second of sound.
        None when nothing was played then, or (with ``need_db``) when the
        filter took less than ``need_db`` of the narrator out of ``heard[:skip]``
        (but its last ``FIT_GUARD_S``)
        (the path is not known well enough: no narrator there, a room's long
        echo, or a delay that moved).

        ``known``: only ``heard[:known]`` (the narrator alone) and ``heard[skip:]``
        are fitted on and judged (``skip`` by default: all of it); what lies
        between (the start of a sound checked further on) is left out, which
        keeps the fit as quick however long the sound has gone on.
        """
        x = np.asarray(heard, dtype=np.float64)
        if len(x) <= max(skip, taps * 4) or float(np.dot(x, x)) <= 0.0:
            return None
        ref = self.played(start - self.max_lag_s, start + len(x) / RATE + self.lead_s)
        ref16 = np.asarray(resample(ref, self.played_rate, RATE) if self.played_rate != RATE else ref,
                           dtype=np.float64)
        if len(ref16) < len(x) or 10 * np.log10(float(np.mean(ref16 ** 2)) + 1e-12) < self.quiet_db:
            return None
        n = len(x)
        k = int(np.argmax(window_correlation(x, ref16)))
        # x[i] is about ref16[i + k]; row i holds ref16[i + k - taps // 2 ...] (taps samples)
        aligned = np.zeros(n + taps)
        src = np.arange(len(aligned)) + k - taps // 2
        ok = (src >= 0) & (src < len(ref16))
        aligned[ok] = ref16[src[ok]]
        rows = np.lib.stride_tricks.sliding_window_view(aligned, taps)[:n]
        if known is None or known >= skip:
            known = skip
            h, *_ = np.linalg.lstsq(rows, x, rcond=None)
        else:
            used = np.r_[0:known, skip:n]
            h, *_ = np.linalg.lstsq(rows[used], x[used], rcond=None)
        rest = x - rows @ h
        if need_db is not None:
            known = max(0, known - int(FIT_GUARD_S * RATE))  # the sound may begin a little before it is found
            before = float(np.dot(x[:known], x[:known]))
            if before <= 0.0 or 10 * np.log10(before / max(float(np.dot(rest[:known], rest[:known])), 1e-12)) < need_db:
                return None
        return rest[skip:].astype(np.float32)

    def _someone_else(self, pieces: list[tuple[float, float]]) -> bool:
        """True when two pieces in a row are loud and mostly not the played signal.

        Judged piece by piece, not over the whole: a player's short word over a
        long stretch of the narrator's voice is a small share of the energy.
        """
        loudest = max((heard for heard, _ in pieces), default=0.0)
        floor = max(loudest * 0.05, 1e-9)
        run = 0
        for heard, left in pieces:
            other = heard > 0 and left / heard > 1.0 - self.explained and left >= floor
            run = run + 1 if other else 0
            if run >= 2:
                return True
        return False

    def _one_tap(self, x: np.ndarray, ref: np.ndarray) -> tuple[float, float, np.ndarray]:
        """Best delay of ``ref`` against ``x``: (correlation, delay s, ``x`` minus the scaled match)."""
        n = len(x)
        if len(ref) < n or float(np.dot(x, x)) <= 0:
            return 0.0, 0.0, x
        norm = window_correlation(x, ref)
        k = int(np.argmax(norm))
        seg = ref[k:k + n]
        seg_energy = float(np.dot(seg, seg))
        if seg_energy <= 1e-12:
            return 0.0, 0.0, x
        gain = float(np.dot(x, seg)) / seg_energy
        return float(norm[k]), self.max_lag_s - k / RATE, x - gain * seg


def window_correlation(x: npt.NDArray[np.float64], ref: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Normalised correlation of ``x`` with every window ``ref[k:k + len(x)]`` (by FFT), k = 0 ..
    ``len(ref) - len(x)``: 1.0 where a window is ``x`` scaled, 0 where either is silent.

    >>> ref = np.array([0.0, 0.0, 1.0, 2.0, 0.0])
    >>> [round(float(c), 3) + 0.0 for c in window_correlation(np.array([2.0, 4.0]), ref)]
    [0.0, 0.894, 1.0, 0.447]
    """
    n = len(x)
    lags = len(ref) - n + 1
    x_energy = float(np.dot(x, x))
    if lags < 1 or x_energy <= 0.0:
        return np.zeros(max(lags, 0))
    size = 1 << int(np.ceil(np.log2(len(ref) + n)))
    corr = np.fft.irfft(np.fft.rfft(ref, size) * np.conj(np.fft.rfft(x, size)), size)[:lags]
    csum = np.concatenate([[0.0], np.cumsum(ref ** 2)])
    return np.asarray(corr / np.sqrt(np.maximum(csum[n:n + lags] - csum[:lags], 1e-12) * x_energy))
