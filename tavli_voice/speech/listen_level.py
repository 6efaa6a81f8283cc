"""Background speech: sound much quieter than the player's own words is not a word for the game.

A television across the room talks too, and its voice starts utterances in
the voice-activity detector (``vad.py``) like the player's: recognised, it
came out as words on offer (the game asked "did you say …?" on words the
player never said) and its recognition kept the listener seconds behind the
microphone. ``LevelGate`` drops such sound before it is recognised, by its
level (``utterance_level``: its loudest ``LOUDEST_S``, so neither the quiet
pre-roll and hang-over around a word nor the television's talk around a word
said over it, in a 6 s utterance, pull it down):

- once the player's level is known (``words_known`` words the listener was
  sure of, their median), sound more than ``player_gap_db`` under it is
  background;
- once the microphone's long-run median level is known (over at least
  ``floor_known_s``: in a quiet room the silence, with a television on its
  voice and music), sound less than ``floor_gap_db`` over it is background.
  Both hold together: a television word the listener was sure of in the first
  seconds lowers the player's level, and the room's level still drops it.

Measured offline on the sound rig's Greek match at 10 dB SNR (the player's
espeak-ng numbers and ``benchmarks/noise.py``'s tv): the player's words at
-20 to -16 dBFS (the same said over the television), the 14 utterances the
television started alone in 60 s at -30 to -27, the long-run median -33.
Pure state, no audio device.

>>> gate = LevelGate()
>>> gate.background(-40.0) is None  # nothing known yet: nothing is background
True
>>> for level in (-18.0, -20.0, -17.0):
...     gate.learn(level)
>>> gate.background(-30.0)
'quieter than the player'
>>> gate.background(-22.0) is None
True
"""

from __future__ import annotations

from collections import deque

import numpy as np

from .audio import Samples

#: an utterance's level is that of its loudest stretch this long (s)
LOUDEST_S = 0.2


def frame_levels(samples: Samples, rate: int) -> np.ndarray:
    """The level of each whole 10 ms frame of ``samples`` (dBFS)."""
    frame = max(1, rate // 100)
    x = np.asarray(samples, dtype=np.float64)
    n = len(x) // frame
    if n == 0:
        return np.zeros(0)
    power = np.mean(np.square(x[:n * frame].reshape(n, frame)), axis=1)
    return np.asarray(10.0 * np.log10(power + 1e-12))


def utterance_level(samples: Samples, rate: int) -> float:
    """The level of a sound (dBFS): of its loudest ``LOUDEST_S`` (all of it if shorter; -120 for none).

    >>> t = np.arange(16000) / 16000
    >>> round(utterance_level(0.1 * np.sin(2 * np.pi * 440 * t), 16000))
    -23
    >>> round(utterance_level(np.concatenate([0.001 * np.ones(16000), 0.1 * np.ones(3200)]), 16000))
    -20
    """
    levels = frame_levels(samples, rate)
    if not len(levels):
        return -120.0
    power = 10.0 ** (levels / 10.0)
    width = max(1, min(len(power), round(LOUDEST_S * 100)))
    loudest = float(np.max(np.convolve(power, np.ones(width) / width, mode="valid")))
    return float(10.0 * np.log10(loudest + 1e-12))


def loud_start(samples: Samples, rate: int, within_db: float = 3.0) -> float:
    """When (s from the start of ``samples``) the sound first comes within ``within_db`` of its
    ``utterance_level``, less 0.1 s: where the player's word begins in an utterance that a
    television's talk started seconds before (and kept going), never after the word's start.

    >>> x = np.concatenate([0.003 * np.ones(32000), 0.1 * np.ones(8000)])
    >>> round(loud_start(x, 16000), 2)
    1.9
    """
    levels = frame_levels(samples, rate)
    if not len(levels):
        return 0.0
    loud = np.flatnonzero(levels >= utterance_level(samples, rate) - within_db)
    return max(0.0, float(loud[0]) / 100.0 - 0.1) if len(loud) else 0.0


class LevelGate:
    """Tells background sound from the player's by level (see the module docstring)."""

    def __init__(self, player_gap_db: float = 8.0, floor_gap_db: float = 8.0, words_known: int = 2,
                 words_kept: int = 5, floor_known_s: float = 10.0, floor_window_s: float = 30.0) -> None:
        self.player_gap_db = player_gap_db
        self.floor_gap_db = floor_gap_db
        self.words_known = words_known
        self.floor_known = int(floor_known_s * 100)
        self._words: deque[float] = deque(maxlen=words_kept)
        self._frames: deque[float] = deque(maxlen=int(floor_window_s * 100))
        self._pending = np.zeros(0)

    def hear(self, block: Samples, rate: int) -> None:
        """Add the microphone's newest samples to the long-run level."""
        data = np.concatenate([self._pending, np.asarray(block, dtype=np.float64).ravel()])
        frame = max(1, rate // 100)
        usable = len(data) - len(data) % frame
        self._pending = data[usable:]
        self._frames.extend(frame_levels(data[:usable], rate).tolist())

    def learn(self, level: float) -> None:
        """``level``: of a word the listener was sure the player said."""
        self._words.append(level)

    @property
    def player(self) -> float | None:
        """The player's level (the median of the words learnt), None while too few are known."""
        return float(np.median(self._words)) if len(self._words) >= self.words_known else None

    @property
    def floor(self) -> float | None:
        """The microphone's long-run median level, None while too little was heard."""
        if len(self._frames) < self.floor_known:
            return None
        return float(np.median(np.fromiter(self._frames, dtype=np.float64)))

    @property
    def cutoff(self) -> float | None:
        """The level (dBFS) under which a sound is background, None while neither the player nor the room is known.

        >>> gate = LevelGate()
        >>> gate.cutoff is None
        True
        >>> for level in (-18.0, -20.0):
        ...     gate.learn(level)
        >>> gate.cutoff
        -27.0
        """
        player = self.player
        floor = self.floor
        levels = [v for v in (None if player is None else player - self.player_gap_db,
                              None if floor is None else floor + self.floor_gap_db) if v is not None]
        return max(levels) if levels else None

    def background(self, level: float) -> str | None:
        """Why a sound at ``level`` (``utterance_level``) is background, or None if it may be the player."""
        player = self.player
        if player is not None and level < player - self.player_gap_db:
            return "quieter than the player"
        floor = self.floor
        if floor is not None and level < floor + self.floor_gap_db:
            return "hardly above the room's sound"
        return None

    def reset(self) -> None:
        """Forget the long-run level (the microphone was opened again); the player's level stays."""
        self._frames.clear()
        self._pending = np.zeros(0)
