"""Echo cancellation: the narrator's voice taken out of the microphone (loudspeakers, no headset).

WebRTC's audio processing module (AEC3, through the ``livekit`` package's
prebuilt library; no network is used) learns the path from the loudspeaker
to the microphone and subtracts the narrator's voice, leaving the player's.
It needs two signals in step, 10 ms at a time:

* the *reverse* stream: what the speaker played, taken from the sink's
  :class:`~tavli_voice.narration.sinks.PlayedAudio` at the exact times the
  microphone's samples were captured, ``lead()`` ahead. The sink stamps each
  sample with the time it sounds (counted from the stream's last start), the
  microphone each block with the time it was captured (its callback minus
  the input latency PortAudio reports, which may be more than the real one:
  the echo then seems to come before its cause). That lead time (the reported
  latency and a little) makes the echo always come after its reference, and
  that reference has already been played when the block is processed;
  AEC3 finds the rest of the delay itself;
* the *near* stream: the microphone.

The listener runs every microphone block through :meth:`EchoCanceller.process`
before voice-activity detection, so the narrator's voice does not start an
utterance at all; the correlation check of ``speech/echo.py`` stays behind it
as a second line.

    >>> import numpy as np
    >>> from tavli_voice.narration.sinks import PlayedAudio
    >>> played = PlayedAudio(16000)
    >>> aec = EchoCanceller(played.at_rate, 16000)  # doctest: +SKIP
    >>> aec.process(np.zeros(320, dtype=np.float32), start=0.0).shape  # doctest: +SKIP
    (320,)
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from typing import Any

import numpy as np

from .audio import Samples

log = logging.getLogger(__name__)

#: (start, count, rate) → ``count`` samples at ``rate`` of what the speaker played from ``start``.
PlayedAt = Callable[[float, int, int], np.ndarray]

#: Sample rates the audio processing module accepts.
RATES = (8000, 16000, 32000, 48000)

#: 10 ms frames of the speaker playing out loud (over ``LOUD_REFERENCE_DB`` dBFS) on which
#: :meth:`EchoCanceller.hears_echo` judges whether the microphone hears the speaker (3 s)
ECHO_WINDOW = 300
LOUD_REFERENCE_DB = -40.0
#: the speaker's voice raises the microphone at least this much over its noise floor when
#: it reaches it (the voice-activity detector starts on 12 dB over the floor)
ECHO_RISE_DB = 6.0


class CancellerUnavailable(RuntimeError):
    """The echo canceller cannot run here (``reason`` says why, for the log and the player)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _load_rtc() -> Any:
    try:
        from livekit import rtc  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except Exception as exc:  # ImportError, or a library that fails to load (OSError)
        raise CancellerUnavailable(f"livekit: {type(exc).__name__}: {exc}") from exc
    return rtc


class EchoCanceller:
    """AEC3 on the microphone, fed with what the speaker played (see the module docstring)."""

    def __init__(self, played_at: PlayedAt, rate: int, *, lead: Callable[[], float] = lambda: 0.02,
                 noise_suppression: bool = False, restarts: Callable[[], int] = lambda: 0) -> None:
        if rate not in RATES:
            raise CancellerUnavailable(f"microphone rate {rate} Hz (needs one of {RATES})")
        self._rtc = _load_rtc()
        self.played_at = played_at
        self.rate = rate
        self.lead = lead
        self.frame = rate // 100
        try:
            self._apm = self._rtc.AudioProcessingModule(echo_cancellation=True, high_pass_filter=True,
                                                        noise_suppression=noise_suppression)
        except Exception as exc:
            raise CancellerUnavailable(f"livekit: {type(exc).__name__}: {exc}") from exc
        self._pending = np.zeros(0, dtype=np.float32)
        self._pending_start = 0.0
        #: 10 ms frames processed, and those in which something had been played since the
        #: output stream last restarted (each restart may move the echo's delay a little)
        self.frames = 0
        self.frames_with_reference = 0
        self.restarts = restarts
        self._restarts_seen = 0
        #: the microphone's level (dBFS) in the last ``ECHO_WINDOW`` frames in which the speaker
        #: played out loud, and in the last ``ECHO_WINDOW`` frames of all
        self._near_loud: deque[float] = deque(maxlen=ECHO_WINDOW)
        self._near_all: deque[float] = deque(maxlen=ECHO_WINDOW)

    def reset(self) -> None:
        """Forget a partial frame (the microphone restarted: its clock starts again)."""
        self._pending = np.zeros(0, dtype=np.float32)

    def hears_echo(self) -> bool:
        """Whether the microphone hears the speaker (False: a headset, or the speaker far or off).

        Judged on the last :data:`ECHO_WINDOW` frames in which the speaker
        played out loud: when the microphone was, in most of them (their
        median), less than :data:`ECHO_RISE_DB` above its own noise floor (the
        quietest tenth of all recent frames), the speaker's voice does not
        reach it. The player's own speech in those frames only makes the
        microphone louder, so this errs on the side of an echo. True until
        enough frames were seen.
        """
        if len(self._near_loud) < ECHO_WINDOW // 3:
            return True
        floor = float(np.percentile(np.fromiter(self._near_all, dtype=np.float64), 10))
        loud = float(np.median(np.fromiter(self._near_loud, dtype=np.float64)))
        return loud - floor >= ECHO_RISE_DB

    def process(self, block: Samples, start: float) -> Samples:
        """``block`` (captured from monotonic time ``start``) with the speaker's echo removed.

        Samples are processed in whole 10 ms frames; a remainder waits for the
        next block, so the output lags the input by less than 10 ms (and has the
        same length over time).
        """
        x = np.asarray(block, dtype=np.float32)
        if len(self._pending) == 0:
            self._pending_start = start
        data = np.concatenate([self._pending, x])
        usable = len(data) - len(data) % self.frame
        t0 = self._pending_start
        out = np.empty(usable, dtype=np.float32)
        if usable:
            ref = self.played_at(t0 + self.lead(), usable, self.rate)
            for k in range(0, usable, self.frame):
                out[k:k + self.frame] = self._frame(data[k:k + self.frame], ref[k:k + self.frame])
        self._pending = data[usable:]
        self._pending_start = t0 + usable / self.rate
        return out

    def _frame(self, near: np.ndarray, far: np.ndarray) -> np.ndarray:
        rtc = self._rtc
        self.frames += 1
        restarts = self.restarts()
        if restarts != self._restarts_seen:
            self._restarts_seen = restarts
            self.frames_with_reference = 0
        near_db = _level_db(near)
        self._near_all.append(near_db)
        if np.any(far):
            self.frames_with_reference += 1
            if _level_db(far) > LOUD_REFERENCE_DB:
                self._near_loud.append(near_db)
        reverse = rtc.AudioFrame(_pcm(far), self.rate, 1, self.frame)
        self._apm.process_reverse_stream(reverse)
        frame = rtc.AudioFrame(_pcm(near), self.rate, 1, self.frame)
        self._apm.process_stream(frame)
        return np.frombuffer(frame.data, dtype=np.int16).astype(np.float32) / 32768.0


def _level_db(samples: np.ndarray) -> float:
    """Mean power of ``samples`` in dBFS (-120 for digital silence)."""
    return float(10.0 * np.log10(float(np.mean(np.square(samples, dtype=np.float64))) + 1e-12))


def _pcm(samples: np.ndarray) -> bytes:
    pcm: bytes = (np.clip(samples, -1.0, 1.0) * 32767.0).astype(np.int16).tobytes()
    return pcm


def make_canceller(played_at: PlayedAt, rate: int, lead: Callable[[], float],
                   restarts: Callable[[], int] = lambda: 0) -> EchoCanceller:
    """An :class:`EchoCanceller`, or :class:`CancellerUnavailable` saying why not (also logged)."""
    try:
        return EchoCanceller(played_at, rate, lead=lead, restarts=restarts)
    except CancellerUnavailable as exc:
        log.warning("echo canceller unavailable: %s", exc.reason)
        raise
