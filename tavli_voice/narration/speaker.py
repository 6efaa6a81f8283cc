"""Speakers: the only code that makes sound (style guide 2.5).

Three layers, each injectable:

* a **synthesizer** turns clean text into samples —
  :class:`EspeakProcessSynth` (default: one ``espeak-ng --stdout`` process per
  text segment) or :class:`Pyttsx3Synth` (pyttsx3's espeak driver,
  ``save_to_file``);
* an **audio sink** plays samples and can stop at once —
  :class:`SoundDeviceSink` (PortAudio via ``sounddevice``) or
  :class:`RecordingSink` (keeps the arrays: real synthesis, no playback);
* a **speaker** (:class:`EngineSpeaker`) owns both in ONE worker thread.

Why not pyttsx3's own ``say()``: its espeak driver plays through a blocking
``aplay`` that cannot be interrupted, drops the first of two queued
utterances, and hangs when called from two threads. Here synthesis and
playback are split: the worker synthesises segment by segment and hands the
samples to the sink, which ``cancel()`` empties at once.

Why the ``espeak-ng`` process is the default (measured on this machine, see
``benchmarks/speech_out.py``): it is as fast (7–8 ms for "six and five",
18 ms for a 14-second message, process start included) as pyttsx3's
``save_to_file`` (≥ 10 ms: its loop sleeps 10 ms), deterministic, stateless
(no process-wide engine that two threads could share), quiet (pyttsx3 2.99
prints "Audio saved to …" on stdout for every file) and complete (pyttsx3
2.99 dropped all audio for 2 of 600 short utterances in a worker thread:
samples arriving with ``EVENT_MSG_TERMINATED`` are not appended).

All audio is mono float32 in [-1, 1] with its sample rate.
"""

from __future__ import annotations

import logging
import os
import queue as queue_mod
import re
import subprocess
import tempfile
import threading
import time
import wave
from collections import deque
from pathlib import Path
from typing import Any, Callable, Protocol

import numpy as np

from tavli_voice.narration.earcons import EARCONS, earcon
from tavli_voice.narration.speechtext import clean_for_speech
from tavli_voice.narration.utterance import Pause, Utterance, VoiceKind

log = logging.getLogger(__name__)

#: espeak pitch (0–99) per voice kind: the system voice is lower.
PITCH = {VoiceKind.GAME: 50, VoiceKind.SYSTEM: 35}
DEFAULT_RATE = 22050


#: Long text is synthesised in pieces of about this many characters, cut at
#: sentence ends, so the first sentence plays while the rest is synthesised.
CHUNK_CHARS = 120
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+")


def speech_chunks(text: str, min_chars: int = CHUNK_CHARS) -> list[str]:
    """Split clean text at sentence ends into pieces of at least ``min_chars``.

    >>> speech_chunks("One. Two. Three.", min_chars=4)
    ['One.', 'Two.', 'Three.']
    >>> speech_chunks("One. Two. Three.")
    ['One. Two. Three.']
    """
    pieces: list[str] = []
    for sentence in _SENTENCE_END.split(text):
        if pieces and len(pieces[-1]) < min_chars:
            pieces[-1] = f"{pieces[-1]} {sentence}"
        else:
            pieces.append(sentence)
    return [p for p in pieces if p.strip()]


class SynthesisError(RuntimeError):
    """The engine produced no audio (missing voice, engine failure)."""


# ---------------------------------------------------------------- synthesis
class Synthesizer(Protocol):
    """Text (already clean) to samples; called from one thread only."""

    name: str

    def synthesize(self, text: str, *, lang: str, rate: int, pitch: int) -> tuple[np.ndarray, int]:
        """Return ``(samples, sample_rate)``; raise :class:`SynthesisError`."""
        ...


def _pcm16_to_float(data: bytes) -> np.ndarray:
    usable = len(data) - len(data) % 2
    return np.frombuffer(data[:usable], dtype="<i2").astype(np.float32) / 32768.0


def parse_wav_stream(data: bytes) -> tuple[np.ndarray, int]:
    """Samples and rate of a 16-bit mono WAV, tolerating streaming headers.

    ``espeak-ng --stdout`` writes placeholder sizes (0x7ffff…) because it
    streams, so the chunk sizes cannot be trusted: the data runs to the end.
    """
    if len(data) < 44 or data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        raise SynthesisError("engine output is not WAV")
    rate = int.from_bytes(data[24:28], "little")
    pos = 12
    while pos + 8 <= len(data):
        cid = data[pos:pos + 4]
        size = int.from_bytes(data[pos + 4:pos + 8], "little")
        if cid == b"data":
            return _pcm16_to_float(data[pos + 8:]), rate
        pos += 8 + size
    raise SynthesisError("WAV without data chunk")


class EspeakProcessSynth:
    """One ``espeak-ng --stdout`` run per text; text goes through stdin.

    Stdin (not argv) so text starting with "-" is never read as an option.
    """

    name = "espeak-ng"

    def __init__(self, executable: str = "espeak-ng", timeout_s: float = 20.0) -> None:
        self.executable = executable
        self.timeout_s = timeout_s

    def synthesize(self, text: str, *, lang: str, rate: int, pitch: int) -> tuple[np.ndarray, int]:
        cmd = [self.executable, "--stdout", "-b", "1", "-v", lang, "-s", str(rate), "-p", str(pitch)]
        try:
            proc = subprocess.run(cmd, input=text.encode("utf-8"), capture_output=True,
                                  timeout=self.timeout_s, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise SynthesisError(f"espeak-ng failed: {exc}") from exc
        if proc.returncode != 0 or len(proc.stdout) <= 44:
            err = proc.stderr.decode("utf-8", "replace").strip()
            raise SynthesisError(f"espeak-ng gave no audio for {lang!r}: {err or proc.returncode}")
        return parse_wav_stream(proc.stdout)


class Pyttsx3Synth:
    """pyttsx3's espeak driver, ``save_to_file`` to a private temporary WAV.

    The engine is created lazily in the calling (worker) thread. pyttsx3 keeps
    one engine per process and libespeak-ng is process-global, so every use
    goes through one class-wide lock. Its driver prints a line per saved file;
    that ``print`` is silenced in the driver module only. An empty result (a
    pyttsx3 2.99 bug, see the module doc) is retried once.
    """

    name = "pyttsx3"
    _lock = threading.Lock()

    def __init__(self) -> None:
        self._engine: Any = None

    def _get_engine(self) -> Any:
        if self._engine is None:
            try:
                import pyttsx3  # type: ignore[import-untyped]
                import pyttsx3.drivers.espeak as espeak_driver  # type: ignore[import-untyped]
                espeak_driver.print = lambda *args, **kwargs: None
                self._engine = pyttsx3.init("espeak")
            except Exception as exc:  # ImportError, RuntimeError: no libespeak
                raise SynthesisError(f"pyttsx3 unavailable: {exc}") from exc
        return self._engine

    def synthesize(self, text: str, *, lang: str, rate: int, pitch: int) -> tuple[np.ndarray, int]:
        with Pyttsx3Synth._lock:
            engine = self._get_engine()
            for _attempt in range(2):
                fd, name = tempfile.mkstemp(prefix="tavli_voice_", suffix=".wav")
                os.close(fd)
                path = Path(name)
                try:
                    engine.setProperty("voice", lang)
                    engine.setProperty("rate", rate)
                    engine.setProperty("pitch", pitch)
                    engine.save_to_file(text, str(path))
                    engine.runAndWait()
                    with wave.open(str(path), "rb") as w:
                        rate_hz = w.getframerate()
                        samples = _pcm16_to_float(w.readframes(w.getnframes()))
                except (OSError, EOFError, wave.Error, ValueError, RuntimeError) as exc:
                    raise SynthesisError(f"pyttsx3 failed: {exc}") from exc
                finally:
                    path.unlink(missing_ok=True)
                if samples.size:
                    return samples, rate_hz
            raise SynthesisError(f"pyttsx3 gave no audio for {lang!r}")


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
        pcm = (np.clip(self.audio(rate), -1.0, 1.0) * 32767).astype("<i2")
        with wave.open(str(path), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(rate)
            w.writeframes(pcm.tobytes())


def resample(samples: np.ndarray, rate: int, target: int) -> np.ndarray:
    """Linear-interpolation resampling (speech and earcons need no better)."""
    if rate == target or samples.size == 0:
        return samples.astype(np.float32, copy=False)
    n = int(round(samples.size * target / rate))
    x = np.linspace(0.0, samples.size - 1, n)
    return np.asarray(np.interp(x, np.arange(samples.size), samples), dtype=np.float32)


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


class SoundDeviceSink:
    """PortAudio output through ``sounddevice``: one stream, stopped by emptying.

    The output stream is opened once (``open()``, or at the first ``play``)
    and keeps running, writing silence when idle, so speech starts without
    stream start-up cost and ``stop()`` takes effect within one audio block.
    ``is_playing()`` stays True for the device latency after the last sample
    left the buffer, so a recognizer does not hear the narrator's tail.
    """

    def __init__(self, device: int | str | None = None, rate: int = DEFAULT_RATE,
                 latency: str | float = "low") -> None:
        self.device = device
        self.rate = rate
        self.latency = latency
        self._buffer = PlaybackBuffer()
        self._lock = threading.Lock()
        self._stream: Any = None
        self._drained_at = 0.0
        self._tail_s = 0.05

    def open(self) -> None:
        """Open and start the stream (raises sounddevice/PortAudio errors)."""
        if self._stream is not None:
            return
        import sounddevice as sd  # type: ignore[import-untyped]

        stream = sd.OutputStream(samplerate=self.rate, channels=1, dtype="float32",
                                 device=self.device, latency=self.latency, callback=self._callback)
        stream.start()
        self._tail_s = float(stream.latency) + 0.02
        self._stream = stream

    def _callback(self, outdata: np.ndarray, frames: int, time_info: object, status: object) -> None:
        with self._lock:
            had = self._buffer.pending > 0
            outdata[:, 0] = self._buffer.fill(frames)
            if had and self._buffer.pending == 0:
                self._drained_at = time.monotonic()

    def play(self, samples: np.ndarray, rate: int) -> None:
        self.open()
        data = resample(np.asarray(samples, dtype=np.float32), rate, self.rate)
        with self._lock:
            self._buffer.push(data)

    def stop(self) -> None:
        with self._lock:
            self._buffer.clear()
            self._drained_at = 0.0

    def is_playing(self) -> bool:
        with self._lock:
            if self._buffer.pending > 0:
                return True
            return self._drained_at > 0.0 and time.monotonic() < self._drained_at + self._tail_s

    def close(self) -> None:
        """Stop and close the stream."""
        stream, self._stream = self._stream, None
        if stream is not None:
            try:
                stream.abort()
                stream.close()
            except Exception:  # closing at exit must never raise
                log.debug("closing audio stream failed", exc_info=True)


# ------------------------------------------------------------------ speakers
class Speaker(Protocol):
    """What the narrator drives. ``speak`` replaces anything being spoken."""

    def speak(self, utterance: Utterance) -> None:
        """Start saying ``utterance`` (non-blocking)."""
        ...

    def cancel(self) -> None:
        """Stop at once; nothing of the current utterance is heard after this."""
        ...

    def is_speaking(self) -> bool:
        """True from ``speak`` until the audio finished or ``cancel``."""
        ...

    def configure(self, *, rate: int, volume: float, earcons: bool) -> None:
        """Apply speech settings to later utterances."""
        ...

    def close(self) -> None:
        """Release threads and devices."""
        ...


class SilentSpeaker:
    """Says nothing and is never busy: speech off, or no speech available."""

    def speak(self, utterance: Utterance) -> None:
        pass

    def cancel(self) -> None:
        pass

    def is_speaking(self) -> bool:
        return False

    def configure(self, *, rate: int, volume: float, earcons: bool) -> None:
        pass

    def close(self) -> None:
        pass


class RecordingSpeaker:
    """Records speak/cancel calls; the test says when speech ends (``finish``).

    ``log`` holds ``("speak", utterance)`` and ``("cancel", None)`` in order;
    ``transcript()`` gives the same as short strings (``"speak:<text>"``,
    ``"cancel"``) for readable exact-sequence assertions. With
    ``auto_finish=True`` every utterance ends as soon as it starts.
    """

    def __init__(self, *, auto_finish: bool = False) -> None:
        self.auto_finish = auto_finish
        self.log: list[tuple[str, Utterance | None]] = []
        self.current: Utterance | None = None
        self.settings: dict[str, object] = {}

    def speak(self, utterance: Utterance) -> None:
        self.log.append(("speak", utterance))
        self.current = None if self.auto_finish else utterance

    def cancel(self) -> None:
        self.log.append(("cancel", None))
        self.current = None

    def is_speaking(self) -> bool:
        return self.current is not None

    def finish(self) -> None:
        """The current utterance has been heard to the end."""
        self.current = None

    def configure(self, *, rate: int, volume: float, earcons: bool) -> None:
        self.settings = {"rate": rate, "volume": volume, "earcons": earcons}

    def close(self) -> None:
        pass

    def transcript(self) -> list[str]:
        return [f"speak:{u.text}" if u is not None else kind for kind, u in self.log]

    def spoken(self) -> list[Utterance]:
        return [u for kind, u in self.log if kind == "speak" and u is not None]


class EngineSpeaker:
    """A synthesizer and a sink driven by one worker thread.

    ``speak`` and ``cancel`` only post and flip state, so they return at once
    from any thread. The worker cleans each text segment
    (:func:`clean_for_speech`), cuts long text at sentence ends
    (:func:`speech_chunks`), synthesises each piece and hands it to the sink
    as soon as it is ready (the next piece is synthesised while this one
    plays); ``Pause`` segments become silence. Every job carries a
    generation number: ``cancel``/``speak`` bump it under the lock the worker
    holds while handing audio to the sink, so no sample of a cancelled
    utterance is played after ``cancel`` returns.

    Synthesis failures are logged and kept in ``last_error``; the utterance
    then counts as spoken (text output goes on; the narrator never blocks).
    """

    def __init__(self, synth: Synthesizer, sink: AudioSink, *, rate: int = 175,
                 volume: float = 1.0, earcons: bool = True, poll_s: float = 0.005) -> None:
        self.synth = synth
        self.sink = sink
        self._rate = rate
        self._volume = volume
        self._earcons = earcons
        self._poll_s = poll_s
        self._cond = threading.Condition()
        self._gen = 0
        self._busy = False
        self._jobs: queue_mod.SimpleQueue[tuple[int, Utterance] | None] = queue_mod.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._closed = False
        self.last_error: str | None = None

    # -- Speaker protocol --------------------------------------------------
    def speak(self, utterance: Utterance) -> None:
        with self._cond:
            if self._closed:
                return
            if self._busy:
                self.sink.stop()
            self._gen += 1
            self._busy = True
            self._jobs.put((self._gen, utterance))
            self._ensure_worker()

    def cancel(self) -> None:
        with self._cond:
            self._gen += 1
            self._busy = False
            self.sink.stop()
            self._cond.notify_all()

    def is_speaking(self) -> bool:
        return self._busy

    def configure(self, *, rate: int, volume: float, earcons: bool) -> None:
        with self._cond:
            self._rate, self._volume, self._earcons = rate, volume, earcons

    def close(self) -> None:
        self.cancel()
        with self._cond:
            self._closed = True
            thread, self._thread = self._thread, None
        self._jobs.put(None)
        if thread is not None:
            thread.join(timeout=2.0)
        close = getattr(self.sink, "close", None)
        if callable(close):
            close()

    # -- extras ---------------------------------------------------------------
    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Block until not speaking (tests, scripts); False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._busy, timeout=timeout)

    # -- worker -----------------------------------------------------------------
    def _ensure_worker(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="tavli-speech", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            gen, utterance = job
            if gen != self._gen:
                continue
            try:
                self._render(gen, utterance)
            except Exception as exc:  # the edge: log, remember, carry on
                self.last_error = f"{type(exc).__name__}: {exc}"
                log.warning("speech failed: %s", self.last_error)
            self._wait_playback(gen)

    def _hand_over(self, gen: int, samples: np.ndarray, rate: int) -> bool:
        """Give samples to the sink unless cancelled meanwhile."""
        with self._cond:
            if gen != self._gen:
                return False
            if self._volume != 1.0:
                samples = samples * np.float32(self._volume)
            self.sink.play(samples, rate)
            return True

    def _render(self, gen: int, utterance: Utterance) -> None:
        with self._cond:
            rate_wpm, earcons_on = self._rate, self._earcons
        last_rate = DEFAULT_RATE
        if earcons_on and utterance.earcon is not None:
            if utterance.earcon in EARCONS:
                if not self._hand_over(gen, earcon(utterance.earcon), DEFAULT_RATE):
                    return
            else:
                log.warning("unknown earcon %r", utterance.earcon)
        pitch = PITCH[utterance.voice]
        for seg in utterance.segments:
            if isinstance(seg, Pause):
                samples, rate = np.zeros(seg.ms * last_rate // 1000, dtype=np.float32), last_rate
            else:
                for text in speech_chunks(clean_for_speech(seg, utterance.lang)):
                    samples, rate = self.synth.synthesize(text, lang=utterance.lang, rate=rate_wpm,
                                                          pitch=pitch)
                    last_rate = rate
                    if not self._hand_over(gen, samples, rate):
                        return
                continue
            if not self._hand_over(gen, samples, rate):
                return

    def _wait_playback(self, gen: int) -> None:
        while True:
            with self._cond:
                if gen != self._gen:
                    return
                if not self.sink.is_playing():
                    self._busy = False
                    self._cond.notify_all()
                    return
                self._cond.wait(self._poll_s)


class EspeakSpeaker(EngineSpeaker):
    """:class:`EngineSpeaker` with the ``espeak-ng`` process synthesizer (default)."""

    def __init__(self, sink: AudioSink, *, executable: str = "espeak-ng", **kwargs: object) -> None:
        super().__init__(EspeakProcessSynth(executable), sink, **kwargs)  # type: ignore[arg-type]


class Pyttsx3Speaker(EngineSpeaker):
    """:class:`EngineSpeaker` with the pyttsx3 ``save_to_file`` synthesizer."""

    def __init__(self, sink: AudioSink, **kwargs: object) -> None:
        super().__init__(Pyttsx3Synth(), sink, **kwargs)  # type: ignore[arg-type]


__all__ = [
    "AudioSink", "EngineSpeaker", "EspeakProcessSynth", "EspeakSpeaker", "PlaybackBuffer",
    "Pyttsx3Speaker", "Pyttsx3Synth", "RecordingSink", "RecordingSpeaker", "SilentSpeaker",
    "SoundDeviceSink", "Speaker", "SynthesisError", "Synthesizer", "parse_wav_stream", "resample",
]
