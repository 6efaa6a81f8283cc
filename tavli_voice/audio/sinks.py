"""Audio sinks: where samples go, and how they stop at once.

* :class:`SoundDeviceSink` — PortAudio through ``sounddevice`` (one stream,
  kept open; survives the sound server going away and coming back);
* :class:`RecordingSink` — keeps the arrays: real synthesis, no playback
  (tests, files, benchmarks).

All audio is mono float32 in [-1, 1] with its sample rate.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from tavli_voice.audio.device import stream_gone
from tavli_voice.audio.priority import AUDIO_NICE, raise_sound_threads, raise_thread_priority
from tavli_voice.audio.wav import resample, write_wav
from tavli_voice.audio.synth import DEFAULT_RATE

log = logging.getLogger(__name__)

# --------------------------------------------------------------- audio sinks
class AudioSink(Protocol):
    """Where samples go. ``play`` appends after anything already queued."""

    def play(self, samples: np.ndarray, rate: int) -> None:
        """Queue mono float32 ``samples`` at ``rate``; start playing if idle."""
        ...

    def stop(self) -> None:
        """Silence now and forget everything queued."""
        ...

    def is_playing(self) -> bool:
        """True while queued audio is still sounding."""
        ...


class RecordingSink:
    """Keeps every array it is asked to play (tests, files, benchmarks).

    Without a clock, playback is instant (``is_playing()`` is always False).
    With a clock (e.g. a fake one), audio "plays" in that clock's time, so a
    test can cancel mid-utterance. ``log`` lists ``"play"`` / ``"stop"``;
    ``play_times`` holds ``time.perf_counter()`` of each play call.
    """

    def __init__(self, clock: Callable[[], float] | None = None) -> None:
        self.clock = clock
        self.chunks: list[tuple[np.ndarray, int]] = []
        self.log: list[str] = []
        self.play_times: list[float] = []
        self._end = 0.0
        self._lock = threading.Lock()

    def play(self, samples: np.ndarray, rate: int) -> None:
        with self._lock:
            self.play_times.append(time.perf_counter())
            self.chunks.append((np.array(samples, dtype=np.float32, copy=True), rate))
            self.log.append("play")
            if self.clock is not None:
                self._end = max(self._end, self.clock()) + len(samples) / rate

    def stop(self) -> None:
        with self._lock:
            self.log.append("stop")
            if self.clock is not None:
                self._end = self.clock()

    def is_playing(self) -> bool:
        with self._lock:
            return self.clock is not None and self.clock() < self._end

    def clear(self) -> None:
        """Forget what was recorded so far."""
        with self._lock:
            self.chunks.clear()
            self.log.clear()
            self.play_times.clear()

    def audio(self, rate: int = DEFAULT_RATE) -> np.ndarray:
        """Everything recorded, joined (chunks at other rates resampled)."""
        with self._lock:
            parts = [resample(s, r, rate) for s, r in self.chunks]
        return np.concatenate(parts) if parts else np.zeros(0, dtype=np.float32)

    def write_wav(self, path: Path, rate: int = DEFAULT_RATE) -> None:
        """Write what was recorded as a 16-bit mono WAV file."""
        write_wav(path, self.audio(rate), rate)


def _close_quietly(stream: Any) -> None:
    try:
        stream.abort()
        stream.close()
    except Exception:  # noqa: BLE001 - a stream of a sound system that is gone
        log.debug("closing the lost stream failed", exc_info=True)


class PlaybackBuffer:
    """FIFO of sample arrays read in fixed blocks by an audio callback.

    Pure (no device), so the callback logic is tested headless.
    """

    def __init__(self) -> None:
        self._chunks: deque[np.ndarray] = deque()
        self._offset = 0
        self.pending = 0

    def push(self, samples: np.ndarray) -> None:
        if samples.size:
            self._chunks.append(samples)
            self.pending += samples.size

    def clear(self) -> None:
        self._chunks.clear()
        self._offset = 0
        self.pending = 0

    def fill(self, frames: int) -> np.ndarray:
        """The next ``frames`` samples, zero-padded when the queue runs dry."""
        out = np.zeros(frames, dtype=np.float32)
        pos = 0
        while pos < frames and self._chunks:
            head = self._chunks[0]
            take = min(frames - pos, head.size - self._offset)
            out[pos:pos + take] = head[self._offset:self._offset + take]
            pos += take
            self._offset += take
            if self._offset >= head.size:
                self._chunks.popleft()
                self._offset = 0
        self.pending -= pos
        return out


@lru_cache(maxsize=8)
def _lowpass(cutoff: float, taps: int = 63) -> np.ndarray:
    """A windowed-sinc low-pass filter; ``cutoff`` as a fraction of the sample rate."""
    n = np.arange(taps) - (taps - 1) / 2
    h = 2 * cutoff * np.sinc(2 * cutoff * n) * np.hamming(taps)
    filt: np.ndarray = (h / h.sum()).astype(np.float32)
    return filt


class PlayedAudio:
    """What the sink really sent to the device lately, with the time each block sounds.

    The listener compares microphone input with it to tell the narrator's own
    voice from the player's (``audio/echo.py``). Thread-safe.
    """

    def __init__(self, rate: int, keep_s: float = 4.0) -> None:
        self.rate = rate
        self._blocks: deque[tuple[float, np.ndarray]] = deque()
        self._keep_s = keep_s
        self._lock = threading.Lock()
        self.last_sound_at = float("-inf")

    def add(self, at: float, samples: np.ndarray) -> None:
        """``samples`` start sounding at monotonic time ``at``."""
        with self._lock:
            self._blocks.append((at, samples.copy()))
            if np.any(samples):
                self.last_sound_at = at + len(samples) / self.rate
            while self._blocks and self._blocks[0][0] < at - self._keep_s:
                self._blocks.popleft()

    def at_rate(self, start: float, count: int, rate: int, speed: float = 1.0) -> np.ndarray:
        """``count`` samples at ``rate`` of what sounded from ``start`` on (zeros where nothing did).

        Each output sample is interpolated at its exact time (``start + i * speed / rate``;
        ``speed`` a little off 1 stretches the reference to follow a clock that drifts)
        from the played blocks, low-passed below the new rate's Nyquist frequency
        first (a sound above it would fold into what a microphone at that rate
        never hears). Successive calls for successive times join without a
        sample's jitter: an echo canceller's reference must be one continuous
        signal.
        """
        out = np.zeros(count, dtype=np.float32)
        if count <= 0:
            return out
        taps = _lowpass(rate / 2 * 0.9 / self.rate) if rate < self.rate else np.ones(1)
        margin = (len(taps) + 2) / self.rate
        end = start + count * speed / rate
        with self._lock:
            blocks = [(at, s) for at, s in self._blocks
                      if at < end + margin and at + len(s) / self.rate > start - margin]
        if not blocks:
            return out
        times = start + np.arange(count) * (speed / rate)
        # runs of blocks that follow each other without a gap, each filtered and interpolated on its own
        run_at, run = blocks[0][0], [blocks[0][1]]
        runs: list[tuple[float, np.ndarray]] = []
        for at, samples in blocks[1:]:
            if abs(at - (run_at + sum(len(r) for r in run) / self.rate)) < 0.5 / self.rate:
                run.append(samples)
            else:
                runs.append((run_at, np.concatenate(run)))
                run_at, run = at, [samples]
        runs.append((run_at, np.concatenate(run)))
        for at, samples in runs:
            smooth = np.convolve(samples, taps, mode="same") if len(taps) > 1 else samples
            grid = at + np.arange(len(samples)) / self.rate
            inside = (times >= grid[0]) & (times <= grid[-1])
            if np.any(inside):
                out[inside] = np.interp(times[inside], grid, smooth)
        return out

    def between(self, start: float, end: float) -> np.ndarray:
        """The samples that sounded from ``start`` to ``end`` (zeros where nothing was sent)."""
        n = max(0, round((end - start) * self.rate))
        out = np.zeros(n, dtype=np.float32)
        with self._lock:
            blocks = list(self._blocks)
        for at, samples in blocks:
            first = round((at - start) * self.rate)
            lo, hi = max(0, first), min(n, first + len(samples))
            if lo < hi:
                out[lo:hi] = samples[lo - first:hi - first]
        return out


class SoundDeviceSink:
    """PortAudio output through ``sounddevice``: one stream, flushed to stop.

    The output stream is opened once (``open()``, or at the first ``play``)
    and keeps running, writing silence when idle, so speech starts without
    stream start-up cost. ``stop()`` empties the queue; ``flush()`` (a
    spoken "stop" with barge-in off) also *aborts* the stream (PortAudio drops
    what the device still holds: through PulseAudio the sound stops within
    ~10 ms instead of the buffer's length), then starts it again (~1 ms).

    New speech waits behind the silence the device holds, so the latency is
    still a compromise (50 ms: key to first sound ~120 ms; underruns remain
    under heavy load). ``restart_when_idle=True`` flushes that silence too
    (the first sample sounds at once whatever the latency, so the buffer
    can be long: ``TAVLI_OUTPUT_LATENCY=0.15 TAVLI_OUTPUT_RESTART=1``), but
    every restart moves the delay from the speaker to the microphone a
    little and the echo canceller needs a moment to find it again: on the
    rig, speaker into microphone, the game then stopped itself twice in
    24 s of narration (none with the defaults). Off by default.

    All PortAudio calls on the stream after it opened run on one device
    thread (``_device_loop``): on a sound server that just died, ``start``
    can block for good, and neither the speech worker nor the main loop may.

    ``is_playing()`` stays True for the device latency after the last sample
    left the buffer, so a recognizer does not hear the narrator's tail.
    ``underruns`` counts underruns, ``speech_underruns`` those while speech
    was queued (the audible ones); the counts are logged when the sink closes.

    The sound system going away (a PulseAudio crash or restart) ends the
    stream: a watcher thread notices within ``watch_s``, forgets the queued
    audio (so the narrator is not "speaking" for ever), reports it to
    :data:`tavli_voice.audio.device.STATUS` and then tries to reopen the
    stream every ``retry_s``; the status reports it back once it works.
    """

    def __init__(self, device: int | str | None = None, rate: int = DEFAULT_RATE,
                 latency: str | float = 0.05, block_s: float = 0.01, *,
                 watch_s: float = 0.2, retry_s: float = 1.0, restart_when_idle: bool = False) -> None:
        self.device = device
        self.rate = rate
        self.latency = latency
        self.blocksize = max(64, int(rate * block_s))
        self.watch_s = watch_s
        self.retry_s = retry_s
        self.played = PlayedAudio(rate, keep_s=12.0)  # an utterance is at most 6 s, plus delays
        self.underruns = 0
        #: underruns while speech was waiting to be played (the audible ones)
        self.speech_underruns = 0
        self._buffer = PlaybackBuffer()
        self._lock = threading.Lock()
        self._stream: Any = None
        self._sd: Any = None
        self._generation = 0
        self._ended = threading.Event()
        self._down = False
        self._drained_at = 0.0
        self._tail_s = 0.05
        self._out_latency = 0.0
        self._clock_anchor = 0.0
        self._clock_frames = 0
        self._watcher: threading.Thread | None = None
        self._closed = threading.Event()
        #: held while the stream is aborted and started again (the watcher must not call it lost)
        self._cycle_lock = threading.Lock()
        self._cycling = False
        self.restarts = 0
        self.restart_when_idle = restart_when_idle
        self._cycle_request = threading.Event()
        self._cycler: threading.Thread | None = None
        self._cycling_since = 0.0
        #: play silence without taking from the queue until the requested restart is done
        self._hold = False
        #: times the played audio's clock was set again from the wall clock (lost samples)
        self.reanchored = 0
        self.reanchored_at = float("-inf")
        #: monotonic time until which the queue is paused (silence is played, nothing is dropped)
        self._paused_until = 0.0
        #: raise the callback thread's priority (``TAVLI_AUDIO_PRIORITY=0``: leave it)
        self.raise_priority = os.environ.get("TAVLI_AUDIO_PRIORITY", "1") != "0"
        self._priority_thread: int | None = None
        self._raised: set[int] = set()

    @property
    def output_latency(self) -> float:
        """The output latency PortAudio reported (0 before the stream opened)."""
        return self._out_latency

    @property
    def down(self) -> bool:
        """True while the sound system is gone."""
        return self._down

    def open(self) -> None:
        """Open and start the stream (raises sounddevice/PortAudio errors)."""
        if self._stream is not None:
            return
        from tavli_voice.audio import device

        if self._sd is None:
            self._sd = device.load_sounddevice()
            self._generation = device.generation()
        self._open_stream()
        if self._watcher is None:
            self._watcher = threading.Thread(target=self._watch, name="tavli-sound-watch", daemon=True)
            self._watcher.start()
            self._cycler = threading.Thread(target=self._device_loop, name="tavli-sound-device", daemon=True)
            self._cycler.start()

    def _open_stream(self) -> None:
        self._ended.clear()
        stream = self._sd.OutputStream(samplerate=self.rate, channels=1, dtype="float32",
                                       device=self.device, latency=self.latency,
                                       blocksize=self.blocksize, callback=self._callback,
                                       finished_callback=self._finished)
        stream.start()
        self._out_latency = float(stream.latency)
        self._tail_s = self._out_latency + 0.02
        log.debug("audio output: %d Hz, latency %.0f ms, blocks of %d", self.rate, self._out_latency * 1000,
                  self.blocksize)
        self._stream = stream

    def _finished(self) -> None:
        if not self._cycling:  # an abort of ours is not the sound system going away
            self._ended.set()

    def _request_restart(self, hold: bool) -> None:
        """Ask the restart thread to flush the device; ``hold``: play nothing new until it did.

        PortAudio's abort and start run on a thread of their own: on a sound
        server that just died, ``start`` blocks (measured: for good), and the
        caller (the speech worker, or the main loop for a stop) must not.
        """
        if self._stream is None or self._down or self._cycler is None:
            return
        if hold:
            self._hold = True
        self._cycle_request.set()

    def _device_loop(self) -> None:
        """Every PortAudio call on the stream after it opened, on this one thread.

        Restarts on request; notices a stream that ended by itself (the sound
        system went away), closes it and reopens one every ``retry_s`` until
        the sound system is back. Nothing else touches the stream, so no two
        PortAudio calls on it ever run at once, and a call that blocks for
        good blocks only this thread (the watcher then reports the loss).
        """
        from tavli_voice.audio import device

        while not self._closed.is_set():
            if self._down:
                stream, self._stream = self._stream, None
                if stream is not None:
                    _close_quietly(stream)
                if self._closed.wait(self.retry_s):
                    return
                try:
                    self._generation = device.restart_portaudio(self._sd, self._generation)
                    self._open_stream()
                except Exception as exc:  # noqa: BLE001 - still no sound system
                    log.debug("sound output still unavailable: %s", exc)
                    self._stream = None
                    continue
                self._down = False
                device.STATUS.back("speech")
                continue
            requested = self._cycle_request.wait(self.watch_s)
            if self._closed.is_set():
                return
            if self._stream_gone():
                self._lose()
                continue
            if requested:
                self._cycle_request.clear()
                self._restart_stream()
                self._hold = False

    def _restart_stream(self) -> None:
        """Drop what the device holds and start again: silence now, the next sample at once."""
        with self._cycle_lock:
            stream = self._stream
            if stream is None or self._down:
                return
            self._cycling = True
            self._cycling_since = time.monotonic()
            try:
                stream.abort()
                with self._lock:
                    # the device is empty: the next sample sounds as soon as it is written
                    self._clock_anchor, self._clock_frames = time.monotonic(), 0
                stream.start()
                self.restarts += 1
            except Exception:  # noqa: BLE001 - the watcher finds a stream that is really gone
                log.debug("restarting the output stream failed", exc_info=True)
            finally:
                self._cycling = False

    def _callback(self, outdata: np.ndarray, frames: int, time_info: Any, status: Any) -> None:
        if self.raise_priority and self._priority_thread != threading.get_native_id():
            self._priority_thread = threading.get_native_id()  # once per stream thread
            why = raise_thread_priority()
            log.info("audio output thread priority %s",
                     f"not raised ({why})" if why else f"raised to nice {AUDIO_NICE}")
        if status and status.output_underflow:
            self.underruns += 1
            if self._buffer.pending > 0:
                self.speech_underruns += 1
        if self._hold:  # a restart is coming: what is written now would be dropped
            outdata.fill(0)
            return
        with self._lock:
            paused = time.monotonic() < self._paused_until
            had = self._buffer.pending > 0 and not paused
            block = self._buffer.fill(frames) if not paused else np.zeros(frames, dtype=np.float32)
            if had and self._buffer.pending == 0:
                self._drained_at = time.monotonic()
        outdata[:, 0] = block
        # Stamps follow the sample count from the last (re)start, not the callback's wall time:
        # callbacks come in uneven bursts, and the echo check and the echo canceller need the
        # played signal without gaps or overlaps. A block sounds between now (device empty)
        # and now + the latency (device full); the wall clock past the samples' clock means
        # samples were lost (an underrun): start again from it.
        wall = time.monotonic()
        at = self._clock_anchor + self._clock_frames / self.rate
        if wall - at > 0.03 or at - (wall + self._out_latency) > 0.1:
            self.reanchored += 1
            self.reanchored_at = wall
            self._clock_anchor, self._clock_frames, at = wall, 0, wall
        self._clock_frames += frames
        if had:
            self.played.add(at, block)

    # -- the sound system going and coming back ---------------------------
    def _stream_gone(self) -> bool:
        return stream_gone(self._stream, self._ended)

    def _watch(self) -> None:
        """A restart that does not come back within a second: the sound system is gone."""
        ticks = 0
        while not self._closed.wait(self.watch_s):
            if not self._down and self._cycling and time.monotonic() - self._cycling_since > 1.0:
                self._lose()
            if self.raise_priority and ticks % 25 == 0:  # new streams (the microphone, a restart)
                done = raise_sound_threads(self._raised)
                if done:
                    log.info("sound library threads: %s", ", ".join(done))
            ticks += 1

    def _lose(self) -> None:
        """The sound system is gone: forget the queue, say so (the device thread closes the stream)."""
        from tavli_voice.audio import device

        with self._lock:
            if self._down:
                return
            self._down = True
            self._hold = False
            self._buffer.clear()
            self._drained_at = 0.0
        device.STATUS.lost("speech")

    # -- AudioSink ---------------------------------------------------------------
    def play(self, samples: np.ndarray, rate: int) -> None:
        if self._down:
            return  # nobody can hear it; the text is on the screen
        if self._stream is None:
            self.open()
        data = resample(np.asarray(samples, dtype=np.float32), rate, self.rate)
        with self._lock:
            idle = self._buffer.pending == 0 and time.monotonic() > self._drained_at + self._tail_s
        if idle and self.restart_when_idle:  # the device holds only silence: drop it
            self._request_restart(hold=True)
        with self._lock:
            self._buffer.push(data)

    def stop(self) -> None:
        """Forget the queue; what the device holds (up to the latency) still sounds."""
        with self._lock:
            self._buffer.clear()
            self._drained_at = 0.0
            self._paused_until = 0.0

    def steady(self, for_s: float = 2.0) -> bool:
        """Whether the played audio's clock has not jumped (samples lost, a restart) for ``for_s``.

        After a jump the delay from the speaker to the microphone seems to
        move, and the echo canceller lets the narrator through until it has
        found it again (measured on the rig: the narrator's voice then starts
        sound over itself, in bursts after each underrun).
        """
        return time.monotonic() - self.reanchored_at >= for_s

    def pause(self, at_most_s: float = 2.0) -> None:
        """Play silence, keeping the queue, until :meth:`resume` (or ``at_most_s``, whichever first).

        The stream goes on (no restart: the echo canceller's delay stays), so
        the narrator can go on from the same sample when what interrupted it
        was not for the game.
        """
        with self._lock:
            self._paused_until = time.monotonic() + at_most_s

    def resume(self) -> None:
        """Go on playing the queue after :meth:`pause`."""
        with self._lock:
            self._paused_until = 0.0

    def flush(self) -> None:
        """Silence now: forget the queue and drop what the device still holds.

        For a spoken "stop" with barge-in off. Not for every cut (a key that
        replaces the answer), nor with barge-in on: each restart moves the
        echo's delay, and the echo canceller then lets the narrator through
        for a long time (``audio/aec.py``, ``ui/voice_input.py``).
        """
        with self._lock:
            was = self._buffer.pending > 0 or time.monotonic() < self._drained_at + self._tail_s
            self._buffer.clear()
            self._drained_at = 0.0
            self._paused_until = 0.0
        if was:  # what the device still holds would sound for up to the latency: drop it
            self._request_restart(hold=False)
        log.debug("speech stopped (the device flushed: %s)", was)

    def is_playing(self) -> bool:
        with self._lock:
            if self._down:
                return False
            if self._buffer.pending > 0:
                return True
            return self._drained_at > 0.0 and time.monotonic() < self._drained_at + self._tail_s

    def close(self) -> None:
        """Stop and close the stream."""
        from tavli_voice.audio import device

        if self.underruns or device.alsa_messages:
            log.warning("audio output: %d underruns (%d in speech), %d ALSA messages", self.underruns,
                        self.speech_underruns, device.alsa_messages)
        log.info("audio output: %d restarts, played clock set again %d times", self.restarts, self.reanchored)
        self._closed.set()
        stream, self._stream = self._stream, None
        if stream is not None:
            try:
                stream.abort()
                stream.close()
            except Exception:  # closing at exit must never raise
                log.debug("closing audio stream failed", exc_info=True)
