"""Earcons: short sounds made in code (numpy), no files, no downloads.

Each earcon is a few hundred milliseconds of mono float32 audio in [-1, 1],
quieter than speech (peak 0.5), with soft attacks so it never clicks:

* ``your_turn`` — two rising notes (a fifth): "over to you".
* ``dice`` — a short rattle of clicks (seeded, so identical every time).
* ``not_understood`` — two falling notes: "say that again".
* ``error`` — a low, slightly buzzy tone.

Earcons are optional (``SpeechSettings.earcons``); an utterance names one in
``Utterance.earcon`` and the speaker plays it just before the words.

>>> sorted(EARCONS)
['dice', 'error', 'not_understood', 'your_turn']
>>> earcon("dice").dtype.name
'float32'
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

import numpy as np

#: Rate earcons are generated at (espeak-ng's own output rate).
EARCON_RATE = 22050
_PEAK = 0.5


def _envelope(n: int, rate: int, attack_s: float = 0.005, release_s: float = 0.03) -> np.ndarray:
    env = np.ones(n, dtype=np.float64)
    a = min(n, max(1, int(attack_s * rate)))
    r = min(n, max(1, int(release_s * rate)))
    env[:a] = np.linspace(0.0, 1.0, a)
    env[n - r:] *= np.linspace(1.0, 0.0, r)
    return env


def _tone(freq: float, dur_s: float, rate: int, harmonics: tuple[float, ...] = (1.0,)) -> np.ndarray:
    n = int(dur_s * rate)
    t = np.arange(n) / rate
    wave = np.zeros(n, dtype=np.float64)
    for k, amp in enumerate(harmonics):
        wave += amp * np.sin(2 * np.pi * freq * (k + 1) * t)
    out: np.ndarray = wave * _envelope(n, rate)
    return out


def _silence(dur_s: float, rate: int) -> np.ndarray:
    return np.zeros(int(dur_s * rate))


def _your_turn(rate: int) -> np.ndarray:
    return np.concatenate([_tone(659.3, 0.09, rate), _silence(0.02, rate), _tone(987.8, 0.14, rate)])


def _not_understood(rate: int) -> np.ndarray:
    return np.concatenate([_tone(587.3, 0.1, rate), _silence(0.02, rate), _tone(440.0, 0.16, rate)])


def _error(rate: int) -> np.ndarray:
    return _tone(196.0, 0.22, rate, harmonics=(1.0, 0.5, 0.33, 0.25))


def _dice(rate: int) -> np.ndarray:
    rng = np.random.default_rng(6)  # fixed: the rattle is the same every time
    out = _silence(0.26, rate)
    click_n = int(0.012 * rate)
    decay = np.exp(-np.linspace(0.0, 6.0, click_n))
    for start_s in (0.0, 0.045, 0.085, 0.14, 0.2):
        start = int(start_s * rate)
        out[start:start + click_n] += rng.uniform(-1.0, 1.0, click_n) * decay
    return out


EARCONS: dict[str, Callable[[int], np.ndarray]] = {
    "your_turn": _your_turn,
    "dice": _dice,
    "not_understood": _not_understood,
    "error": _error,
}


@lru_cache(maxsize=None)
def earcon(name: str, rate: int = EARCON_RATE) -> np.ndarray:
    """The named earcon as read-only float32 samples at ``rate`` (KeyError if unknown)."""
    raw = EARCONS[name](rate)
    peak = float(np.max(np.abs(raw))) or 1.0
    samples = (raw * (_PEAK / peak)).astype(np.float32)
    samples.setflags(write=False)
    return samples
