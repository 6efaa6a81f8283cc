"""Echo cancellation: the narrator's voice taken out of the microphone (loudspeakers, no headset).

WebRTC's audio processing module (AEC3, through the ``livekit`` package's
prebuilt library; no network is used) learns the path from the loudspeaker
to the microphone and subtracts the narrator's voice, leaving the player's.
It needs two signals in step, 10 ms at a time:

* the *reverse* stream: what the speaker played, taken from the sink's
  :class:`~tavli_voice.audio.sinks.PlayedAudio` at the exact times the
  microphone's samples were captured, ``lead()`` ahead. The sink stamps each
  sample with the time it sounds (counted from the stream's last start), the
  microphone each block with the time it was captured (its callback minus
  the input latency PortAudio reports, which may be more than the real one:
  the echo then seems to come before its cause). That lead time (the reported
  latency and a little) makes the echo come after its reference at first, and
  that reference has already been played when the block is processed;
  AEC3 finds the rest of the delay itself. The two clocks drift apart, so
  where the echo lies is measured as the narrator speaks and the reference
  moved to keep ahead of it (``ALIGN_*``, :class:`EchoAlignment`);
* the *near* stream: the microphone.

The listener runs every microphone block through :meth:`EchoCanceller.process`
before voice-activity detection, so the narrator's voice does not start an
utterance at all; the correlation check of ``audio/echo.py`` stays behind it
as a second line.

    >>> import numpy as np
    >>> from tavli_voice.audio.sinks import PlayedAudio
    >>> played = PlayedAudio(16000)
    >>> aec = EchoCanceller(played.at_rate, 16000)  # doctest: +SKIP
    >>> aec.process(np.zeros(320, dtype=np.float32), start=0.0).shape  # doctest: +SKIP
    (320,)
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

import numpy as np

from .echo import window_correlation
from .wav import Samples

log = logging.getLogger(__name__)

class PlayedAt(Protocol):
    """``count`` samples at ``rate`` of what the speaker played from ``start``, ``speed / rate`` apart."""

    def __call__(self, start: float, count: int, rate: int, speed: float = 1.0) -> np.ndarray: ...


#: Sample rates the audio processing module accepts.
RATES = (8000, 16000, 32000, 48000)

#: 10 ms frames of the speaker playing out loud (over ``LOUD_REFERENCE_DB`` dBFS) on which
#: :meth:`EchoCanceller.hears_echo` judges whether the microphone hears the speaker (3 s)
ECHO_WINDOW = 300
LOUD_REFERENCE_DB = -40.0
#: the speaker's voice raises the microphone at least this much over its noise floor when
#: it reaches it (the voice-activity detector starts on 12 dB over the floor)
ECHO_RISE_DB = 6.0

#: AEC3 cancels only an echo that comes after its reference. The speaker's time stamps and the
#: microphone's drift apart (measured on the rig: the echo came 0.15 ms a second earlier
#: against its stamp, 9 ms a minute; a sound card's clock is as far off), and with a fixed
#: lead the echo came before its reference a few minutes into the narration: measured offline
#: with Greek narration and a 60 ms lead, 37 dB taken out with the echo 55 ms before its
#: stamp, 2-11 dB from 60 ms on. So where the echo is (:class:`EchoAlignment`) is measured
#: as the narrator speaks, and the reference is kept ``ALIGN_MARGIN_S`` ahead of it whenever it
#: comes less than ``ALIGN_LOW_S`` or more than ``ALIGN_HIGH_S`` ahead (AEC3 must still find
#: the echo: measured offline, it took 38 dB out with the reference up to 360 ms ahead, 3 dB
#: at 510 ms).
ALIGN_MARGIN_S = 0.025
ALIGN_LOW_S = 0.012
ALIGN_HIGH_S = 0.25
#: the reference is moved smoothly, by at most this much a second (a stretch AEC3 follows as
#: it follows the drift itself; measured offline, it took 19-24 dB out while the reference
#: moved at 1e-3, 25-38 dB at 5e-4), except where the echo came before it: then at once (the
#: speaker's clock set again after lost samples moves the echo 30 ms or more, and AEC3 takes
#: nothing out meanwhile)
ALIGN_SLEW = 5e-4


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


class EchoAlignment:
    """Where the speaker's echo lies in the microphone against the time stamps of what was played.

    :meth:`feed` takes the microphone as heard (before cancellation) with the
    time its first sample was captured; once ``every_s`` more of it came while
    the speaker played out loud, the last ``window_s`` (``search_s[1]`` and a
    little before the newest sample, so that all of what was played is known) is
    correlated with what was played, and ``ahead`` is set: a sample stamped
    ``s`` is heard in the microphone at ``s - ahead``. Estimates where the
    microphone does not follow what was played (the player talking over it, a
    headset) are dropped (``min_correlation``).
    """

    def __init__(self, played_at: PlayedAt, rate: int, *, window_s: float = 1.0, every_s: float = 2.0,
                 search_s: tuple[float, float] = (-0.1, 0.4), min_correlation: float = 0.5) -> None:
        self.played_at = played_at
        self.rate = rate
        self.window_s = window_s
        self.every_s = every_s
        self.search_s = search_s
        self.min_correlation = min_correlation
        self._near: deque[np.ndarray] = deque()
        self._near_len = 0
        self._end = 0.0  # capture time just after the newest sample
        self._loud = 0  # samples fed with the speaker loud since the last estimate
        #: the last estimate (None: none yet) and its correlation
        self.ahead: float | None = None
        self.correlation = 0.0
        self.estimates = 0

    def reset(self) -> None:
        """Forget the microphone kept (its clock starts again)."""
        self._near.clear()
        self._near_len = 0
        self._loud = 0

    def feed(self, near: np.ndarray, start: float, loud: int) -> float | None:
        """Keep ``near`` (captured from ``start``; ``loud`` of its samples with the speaker loud);
        a new estimate of ``ahead`` when one was made."""
        if len(near) == 0:
            return None
        if self._near and abs(start - self._end) > 0.5 / self.rate:
            self.reset()  # not the continuation of what is kept
        self._near.append(np.asarray(near, dtype=np.float32))
        self._near_len += len(near)
        self._end = start + len(near) / self.rate
        self._loud += loud
        keep = int((self.window_s + self.search_s[1] + 0.1) * self.rate)
        while self._near and self._near_len - len(self._near[0]) >= keep:
            self._near_len -= len(self._near.popleft())
        if self._loud < self.every_s * self.rate or self._near_len < keep:
            return None
        self._loud = 0
        return self._estimate()

    def _estimate(self) -> float | None:
        rate = self.rate
        n = int(self.window_s * rate)
        lo, hi = self.search_s
        tail = np.concatenate(self._near)
        end = len(tail) - int((hi + 0.05) * rate)
        x = tail[end - n:end].astype(np.float64)
        x_start = self._end - (len(tail) - (end - n)) / rate
        lags = int((hi - lo) * rate) + 1
        ref = np.asarray(self.played_at(x_start + lo, n + lags - 1, rate), dtype=np.float64)
        if float(np.dot(x, x)) <= 0.0 or float(np.mean(ref ** 2)) < 10 ** (LOUD_REFERENCE_DB / 10):
            return None
        norm = window_correlation(x, ref)
        k = int(np.argmax(norm))
        if norm[k] < self.min_correlation:
            return None
        frac = 0.0
        if 0 < k < lags - 1:  # the peak between samples (a parabola through three)
            a, b, c = norm[k - 1], norm[k], norm[k + 1]
            if a - 2 * b + c < 0:
                frac = 0.5 * (a - c) / (a - 2 * b + c)
        self.ahead = lo + (k + frac) / rate
        self.correlation = float(norm[k])
        self.estimates += 1
        return self.ahead


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
        #: where the echo lies against what was played, and what is added to ``lead()`` to keep
        #: the reference ahead of it (``ALIGN_MARGIN_S``); the shift being moved to, if any
        self.alignment = EchoAlignment(played_at, rate)
        self.shift = 0.0
        self._shift_to: float | None = None
        self._last_ahead: float | None = None
        #: times the reference was moved (smoothly or at once)
        self.moves = 0
        self._far_loud = False  # the last frame's reference was loud

    def reset(self) -> None:
        """Forget a partial frame (the microphone restarted: its clock starts again)."""
        self._pending = np.zeros(0, dtype=np.float32)
        self.alignment.reset()

    @property
    def margin(self) -> float | None:
        """How far the reference is ahead of its echo (seconds; None until the echo was found)."""
        ahead = self.alignment.ahead
        return None if ahead is None else self.lead() + self.shift - ahead

    def _align(self, ahead: float) -> None:
        """A new estimate of where the echo lies: move the reference if it is not well ahead of it."""
        previous, self._last_ahead = self._last_ahead, ahead
        margin = self.lead() + self.shift - ahead
        if ALIGN_LOW_S <= margin <= ALIGN_HIGH_S:
            return
        target = ahead + ALIGN_MARGIN_S - self.lead()
        if margin < 0.0:  # nothing is taken out: no need to move smoothly
            if previous is None or abs(previous - ahead) > 0.002:
                return  # a jump only once a second estimate agrees
            log.debug("echo canceller: the reference %.0f ms ahead of its echo: moved at once by %+.0f ms",
                      margin * 1000, (target - self.shift) * 1000)
            self.shift, self._shift_to = target, None
            self.moves += 1
            return
        if self._shift_to is None:
            self.moves += 1
            log.debug("echo canceller: the reference %.1f ms ahead of its echo: moving it by %+.1f ms",
                      margin * 1000, (target - self.shift) * 1000)
        self._shift_to = target

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
            span = usable / self.rate
            step = 0.0  # the shift moves smoothly within the block: the reference is stretched a little
            if self._shift_to is not None:
                step = float(np.clip(self._shift_to - self.shift, -ALIGN_SLEW * span, ALIGN_SLEW * span))
            ref = self.played_at(t0 + self.lead() + self.shift, usable, self.rate, 1.0 + step / span)
            self.shift += step
            if self._shift_to is not None and abs(self._shift_to - self.shift) < 1e-9:
                self._shift_to = None
            loud = 0
            for k in range(0, usable, self.frame):
                out[k:k + self.frame] = self._frame(data[k:k + self.frame], ref[k:k + self.frame])
                loud += self.frame if self._far_loud else 0
            ahead = self.alignment.feed(data[:usable], t0, loud)
            if ahead is not None:
                self._align(ahead)
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
        self._far_loud = False
        if np.any(far):
            self.frames_with_reference += 1
            if _level_db(far) > LOUD_REFERENCE_DB:
                self._far_loud = True
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
