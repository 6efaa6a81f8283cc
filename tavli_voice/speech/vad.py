"""Voice-activity detection by energy, with a short hang-over.

Pure state, no audio device: blocks of samples go in (from the microphone or,
in tests, from arrays), events come out: ``Onset`` as soon as speech starts
(used to stop the narrator when the player talks over it) and ``Utterance``
once speech has been followed by ``hangover_s`` of quiet.

The noise floor is the quietest frame of the last 2 s, so a fan or a noisy
room raises the threshold instead of triggering it (speech always has quieter
moments between syllables, steady noise does not).
Frames are 10 ms; an utterance carries ``preroll_s`` of sound from before the
onset so soft first consonants are not cut off.

The hang-over is the main part of the delay from the end of speech to the
command: 0.15 s by default (a shorter one splits words at stop closures such
as the "k" of "six"); push-to-talk has none.

Background sound (a television across the room) keeps the level over the
noise floor between words, so without more the utterance ran on to ``max_s``
(53 of 121 background drops in a rig match were 6 s cuts) and a word said
across a cut was split. The listener sets ``cutoff`` (dBFS, from its
``LevelGate``: the level under which a sound is background) once it is known:
inside an utterance ``cutoff_hangover_s`` of frames under it ends the
utterance too. It is longer than ``hangover_s`` because a word's own weak
syllables fall under the cut-off: the longest such stretch inside a number
said by espeak-ng at the player's level, a cut-off 6 dB under its loudest
0.2 s, was 0.17 s («θέση δεκαεπτά» 0.14 s, «είκοσι τέσσερα» 0.10 s,
"twenty four" 0.17 s).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

import numpy as np

from .audio import RATE, Samples


@dataclass(frozen=True, slots=True)
class VadSettings:
    """Thresholds and timings of the detector (dB relative to the noise floor)."""

    start_db: float = 12.0
    stop_db: float = 7.0
    min_level_db: float = -55.0   # nothing quieter than this (dBFS) is speech
    start_frames: int = 3         # loud frames in a row to start (30 ms)
    min_speech_s: float = 0.12    # shorter bursts (clicks, knocks) are dropped
    hangover_s: float = 0.15
    preroll_s: float = 0.2
    max_s: float = 6.0
    floor_window_s: float = 2.0   # the noise floor is the quietest frame this far back
    cutoff_hangover_s: float = 0.35  # frames under ``EnergyVad.cutoff`` this long end an utterance


@dataclass(frozen=True, slots=True)
class Onset:
    """Speech started at ``time`` seconds (stream time); ``muted``: the narrator was speaking."""

    time: float
    muted: bool


@dataclass(frozen=True, slots=True)
class Utterance:
    """One stretch of speech: its samples, its stream times and whether the narrator spoke during it."""

    audio: Samples = field(repr=False)
    rate: int
    start: float
    end: float
    muted: bool


VadEvent = Onset | Utterance


class EnergyVad:
    """Cuts a stream of blocks into utterances (see the module docstring)."""

    def __init__(self, settings: VadSettings = VadSettings(), rate: int = RATE) -> None:
        self.settings = settings
        self.rate = rate
        self.frame = rate // 100
        self._pending = np.zeros(0, dtype=np.float32)
        self._frames_seen = 0
        self._levels: deque[float] = deque(maxlen=max(1, int(settings.floor_window_s * 100)))
        self._pre: deque[tuple[Samples, bool]] = deque(maxlen=max(1, int(settings.preroll_s * 100)))
        self._speech: list[Samples] = []
        self._muted = False
        self._loud_run = 0
        self._quiet_run = 0
        self._under_run = 0
        self._voiced = 0
        self._start = 0.0
        self.in_speech = False
        #: frames under this level (dBFS) are background: inside an utterance, ``cutoff_hangover_s``
        #: of them end it (None: not known, only the hang-over over the noise floor ends it)
        self.cutoff: float | None = None

    def feed(self, block: Samples, muted: bool = False) -> list[VadEvent]:
        """Add samples; ``muted`` marks them as heard while the narrator spoke."""
        data = np.concatenate([self._pending, np.asarray(block, dtype=np.float32).ravel()])
        usable = len(data) - len(data) % self.frame
        self._pending = data[usable:]
        events: list[VadEvent] = []
        for k in range(0, usable, self.frame):
            events += self._frame(data[k:k + self.frame], muted)
        return events

    @property
    def started(self) -> float:
        """When the utterance in progress (its pre-roll included) began, in stream time."""
        return self._start

    @property
    def quiet_frames(self) -> int:
        """Quiet 10 ms frames in a row since the last loud one, inside an utterance."""
        return self._quiet_run if self.in_speech else 0

    @property
    def muted_so_far(self) -> bool:
        """Whether the utterance in progress was heard (partly) while the narrator spoke."""
        return self.in_speech and self._muted

    def speech_so_far(self) -> Samples:
        """The samples of the utterance in progress (pre-roll included)."""
        return np.concatenate(self._speech) if self._speech else np.zeros(0, dtype=np.float32)

    def cut(self) -> None:
        """End the utterance in progress here without an event (it was already acted on)."""
        self.in_speech = False
        self._speech = []
        self._loud_run = 0
        self._quiet_run = 0
        self._under_run = 0
        self._pre.clear()

    def flush(self) -> list[VadEvent]:
        """End of stream: close an utterance in progress."""
        return self._close() if self.in_speech else []

    def _frame(self, frame: Samples, muted: bool) -> list[VadEvent]:
        s = self.settings
        level = 10 * np.log10(float(np.mean(frame.astype(np.float64) ** 2)) + 1e-12)
        now = self._frames_seen / 100
        self._frames_seen += 1
        self._levels.append(level)
        floor = min(self._levels)
        if not self.in_speech:
            loud = level > max(floor + s.start_db, s.min_level_db)
            self._loud_run = self._loud_run + 1 if loud else 0
            self._pre.append((frame, muted))
            if self._loud_run >= s.start_frames:
                self.in_speech = True
                self._speech = [f for f, _ in self._pre]
                # the narrator spoke during the utterance if it did while the loud frames that
                # started it were heard: the quiet pre-roll before them does not count (a word
                # said right after the narrator stopped is the player's answer, not talk over it)
                self._muted = any(m for _, m in list(self._pre)[-s.start_frames:])
                self._pre.clear()
                self._voiced = self._loud_run
                self._quiet_run = 0
                self._under_run = 0
                self._start = max(0.0, now + 0.01 - len(self._speech) / 100)
                return [Onset(now - (s.start_frames - 1) / 100, muted)]
            return []
        self._speech.append(frame)
        self._muted = self._muted or muted
        if level > max(floor + s.stop_db, s.min_level_db):
            self._quiet_run = 0
            self._voiced += 1
        else:
            self._quiet_run += 1
        self._under_run = self._under_run + 1 if self.cutoff is not None and level < self.cutoff else 0
        if self._quiet_run >= round(s.hangover_s * 100) or len(self._speech) >= s.max_s * 100 \
                or self._under_run >= round(s.cutoff_hangover_s * 100):
            return self._close()
        return []

    def _close(self) -> list[VadEvent]:
        audio = np.concatenate(self._speech) if self._speech else np.zeros(0, dtype=np.float32)
        voiced = self._voiced
        self.in_speech = False
        self._speech = []
        self._loud_run = 0
        self._quiet_run = 0
        self._under_run = 0
        if voiced < self.settings.min_speech_s * 100:
            return []
        end = self._start + len(audio) / self.rate
        return [Utterance(audio, self.rate, self._start, end, self._muted)]
