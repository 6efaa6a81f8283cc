"""The microphone's samples as the listener takes them: their clock, the last seconds kept, the echo taken out.

``MicFrames`` counts the samples fed (``fed``) and keeps when stream time 0
was captured (``offset``, by the earliest stamp of the blocks' bursts), so
that any sample can be lined up with what the speaker played; keeps the last
seconds of the microphone as heard (``raw_tail``) and the last half second
after echo cancellation (``clean``); and runs the ``EchoCanceller`` on every
block (``keep``), leaving it out while the microphone does not hear the
speaker (a headset).
"""

from __future__ import annotations

import logging
import math
import time
from typing import TYPE_CHECKING, Callable

import numpy as np

from .audio import RATE, Samples, resample
from .listen_tuning import ListenerTuning

if TYPE_CHECKING:
    from ..audio.aec import EchoCanceller

log = logging.getLogger(__name__)


class MicFrames:
    """The microphone's clock and the last of its sound (see the module docstring)."""

    def __init__(self, tuning: ListenerTuning, keep_s: float, rate_of: Callable[[], int]) -> None:
        self.tuning = tuning
        #: how much of the microphone as heard is kept (seconds)
        self.keep_s = keep_s
        self._rate_of = rate_of
        self.fed = 0
        self.offset: float | None = None  # monotonic time of stream time 0
        self.late: tuple[int, float] | None = None  # (samples fed then, the least late offset since)
        #: when the microphone's clock was last set again by at least ``mic_move_s`` (the path to the
        #: speaker seems to move then; less is within the fitted filter's 1 ms, and is frequent:
        #: the earliest of the bursts' time stamps is taken: 47 of 62 moves in a run on the rig)
        self.mic_moved_at = -math.inf
        #: the microphone as heard (before echo cancellation), for the correlation check
        self.raw: list[Samples] = []
        self.raw_len = 0
        #: the last half second after echo cancellation
        self.clean: list[Samples] = []
        #: whether the canceller found the speaker's echo in the microphone (else it is left out)
        self.echo_heard = True
        self._cancel_warned = False

    @property
    def rate(self) -> int:
        """The microphone's sample rate."""
        return self._rate_of()

    def reset(self) -> None:
        """The sound system went away: the stream starts again from nothing."""
        self.fed = 0
        self.offset = None
        self.late = None
        self.raw, self.raw_len = [], 0
        self.clean = []

    def count(self, block: Samples, captured_end: float) -> float:
        """Count ``block`` (its last sample captured at ``captured_end``); when its first was captured."""
        self.fed += len(block)
        end = captured_end
        # Blocks come in bursts, each stamped when the burst arrived: the earliest estimate of
        # stream time 0 is the true one (re-anchored when blocks stay a quarter second late).
        offset = self.anchor(end - self.fed / self.rate)
        if self.offset is None or offset < self.offset or offset - self.offset > self.tuning.late_s:
            if self.offset is not None:
                log.debug("microphone clock moved by %.1f ms", (offset - self.offset) * 1000)
                if abs(offset - self.offset) >= self.tuning.mic_move_s:
                    self.mic_moved_at = end
            self.offset = offset
        return self.offset + (self.fed - len(block)) / self.rate

    def keep(self, raw: Samples, canceller: "EchoCanceller | None") -> Samples:
        """Keep ``raw`` (the block just counted) and return it with the narrator's voice taken out."""
        self.keep_raw(raw)
        heard = self.cancel_echo(raw, canceller)  # fed all the time: the canceller follows the room
        if canceller is not None:
            self.clean.append(heard)
            while len(self.clean) > 1 and sum(len(b) for b in self.clean[1:]) >= self.rate // 2:
                self.clean.pop(0)
        return heard

    def anchor(self, offset: float) -> float:
        """The estimate of stream time 0 to go by, from ``offset`` (this block's).

        One more than ``late_s`` later than the one in force counts only once
        every block for ``late_for_s`` of the microphone was as late (samples
        were lost); before that the one in force stands. A burst of blocks held
        back (a busy machine: measured on the rig with both cores busy, bursts
        300 ms late 9 times in 5 minutes) is late only at its start: taken as a
        new anchor, it set the microphone's time 250-350 ms late and then walked
        it back 20 ms a block, the echo canceller lost the narrator meanwhile,
        and the listener paused the narrator on its own voice.
        """
        if self.offset is None or offset - self.offset <= self.tuning.late_s:
            self.late = None
            return offset
        if self.late is None:
            self.late = (self.fed, offset)
            log.debug("microphone block %.0f ms late", (offset - self.offset) * 1000)
        since, least = self.late
        least = min(least, offset)
        self.late = (since, least)
        if self.fed - since < self.tuning.late_for_s * self.rate:
            return self.offset
        self.late = None
        return least

    def cancel_echo(self, raw: Samples, aec: "EchoCanceller | None") -> Samples:
        """The block with the narrator's voice taken out (as is without a canceller)."""
        if aec is None or self.offset is None:
            return raw
        rate = self.rate
        if aec.rate != rate:
            if not self._cancel_warned:
                self._cancel_warned = True
                log.warning("echo canceller at %d Hz, microphone at %d Hz: not used", aec.rate, rate)
            return raw
        clean = aec.process(raw, self.offset + (self.fed - len(raw)) / rate)
        # With no echo to take out (a headset) the canceller still damps the player by 10-50 dB
        # whenever the narrator is loud (measured offline with AEC3: "stop" / "σταμάτα" over the
        # help, with the microphone hearing none of it); the voice-activity detector then cut the
        # word up or dropped it, and "stop" was missed. Then the microphone is used as heard.
        echo = aec.hears_echo()
        if echo != self.echo_heard:
            self.echo_heard = echo
            log.info("the microphone %s the speaker: echo cancellation %s", "hears" if echo else "does not hear",
                     "on" if echo else "left out until it does")
        return clean if echo else raw

    def keep_raw(self, raw: Samples) -> None:
        """Keep the last ``keep_s`` of the microphone as heard."""
        self.raw.append(raw)
        self.raw_len += len(raw)
        keep = int(self.keep_s * self.rate)
        while self.raw and self.raw_len - len(self.raw[0]) >= keep:
            self.raw_len -= len(self.raw.pop(0))

    def raw_tail(self, count: int) -> Samples:
        """The last ``count`` samples the microphone heard (before echo cancellation)."""
        if count <= 0 or not self.raw:
            return np.zeros(0, dtype=np.float32)
        audio = np.concatenate(self.raw)
        return audio[-count:]

    def as_rate(self, audio: Samples) -> Samples:
        """Microphone samples at the recognizers' rate."""
        rate = self.rate
        return audio if rate == RATE else resample(audio, rate, RATE)

    def behind(self) -> float:
        """How long ago the newest sample counted was captured."""
        if self.offset is None:
            return 0.0
        return time.monotonic() - (self.offset + self.fed / self.rate)
