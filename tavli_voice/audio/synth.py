"""Synthesizers: clean text to samples (no sound device here).

* :class:`EspeakProcessSynth` (default: one ``espeak-ng --stdout`` process per
  text segment);
* :class:`Pyttsx3Synth` (pyttsx3's espeak driver, ``save_to_file``).

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

import math
import os
import re
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from tavli_voice.audio.wav import AudioFileError, parse_wav, read_wav

#: espeak-ng's output rate; earcons and pauses are made at it too.
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


def parse_wav_stream(data: bytes) -> tuple[np.ndarray, int]:
    """Samples and rate of engine output (streamed WAV; see :func:`parse_wav`)."""
    try:
        return parse_wav(data)
    except AudioFileError as exc:
        raise SynthesisError(f"engine output is not usable WAV: {exc}") from exc


class EspeakProcessSynth:
    """One ``espeak-ng --stdout`` run per text; text goes through stdin.

    Stdin (not argv) so text starting with "-" is never read as an option.
    """

    name = "espeak-ng"
    #: processes kept started ahead of time (one per voice: game and system, per language)
    SPARES = 4

    def __init__(self, executable: str = "espeak-ng", timeout_s: float = 20.0) -> None:
        self.executable = executable
        self.timeout_s = timeout_s
        self._spares: dict[tuple[str, int, int], subprocess.Popen[bytes]] = {}
        self._spare_lock = threading.Lock()
        self._closed = False

    def _command(self, lang: str, rate: int, pitch: int) -> list[str]:
        return [self.executable, "--stdout", "-b", "1", "-v", lang, "-s", str(rate), "-p", str(pitch)]

    def synthesize(self, text: str, *, lang: str, rate: int, pitch: int) -> tuple[np.ndarray, int]:
        cmd = self._command(lang, rate, pitch)
        try:
            proc = subprocess.run(cmd, input=text.encode("utf-8"), capture_output=True,
                                  timeout=self.timeout_s, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise SynthesisError(f"espeak-ng failed: {exc}") from exc
        if proc.returncode != 0 or len(proc.stdout) <= 44:
            err = proc.stderr.decode("utf-8", "replace").strip()
            raise SynthesisError(f"espeak-ng gave no audio for {lang!r}: {err or proc.returncode}")
        return parse_wav_stream(proc.stdout)

    def stream(self, text: str, *, lang: str, rate: int, pitch: int,
               piece_bytes: int = 4096) -> Iterator[tuple[np.ndarray, int]]:
        """Samples as ``espeak-ng`` writes them, piece by piece (first audio sooner).

        On a busy machine the first piece arrives in about half the time the
        whole text takes. Closing the iterator early ends the process.
        """
        key = (lang, rate, pitch)
        proc = self._take_spare(key)
        if proc is None:
            try:
                proc = self._spawn(key)
            except OSError as exc:
                raise SynthesisError(f"espeak-ng failed: {exc}") from exc
        assert proc.stdin is not None and proc.stdout is not None
        deadline = time.monotonic() + self.timeout_s
        got_audio = False
        try:
            try:
                proc.stdin.write(text.encode("utf-8"))
                proc.stdin.close()
            except OSError as exc:
                raise SynthesisError(f"espeak-ng failed: {exc}") from exc
            head = b""
            sample_rate = 0
            while sample_rate == 0:  # the header: up to the start of the data chunk
                more = proc.stdout.read(piece_bytes)
                if not more:
                    break
                head += more
                sample_rate, start = _data_start(head)
                if sample_rate:
                    head = head[start:]
            if sample_rate == 0:
                proc.wait(timeout=max(0.1, deadline - time.monotonic()))
                err = proc.stderr.read().decode("utf-8", "replace").strip() if proc.stderr else ""
                raise SynthesisError(f"espeak-ng gave no audio for {lang!r}: {err or proc.returncode}")
            pending = head
            while True:
                usable = len(pending) - len(pending) % 2
                if usable:
                    got_audio = True
                    yield np.frombuffer(pending[:usable], dtype="<i2").astype(np.float32) / 32768.0, \
                        sample_rate
                    pending = pending[usable:]
                if time.monotonic() > deadline:
                    raise SynthesisError("espeak-ng took too long")
                more = proc.stdout.read(piece_bytes)
                if not more:
                    break
                pending += more
            if not got_audio:
                raise SynthesisError(f"espeak-ng gave no audio for {lang!r}")
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            for pipe in (proc.stdout, proc.stderr):
                if pipe is not None:
                    pipe.close()
            self._prepare(key)

    # A process started ahead of time has loaded its voice before the text comes: on a busy
    # machine that start-up is most of the time to the first sound.
    def _spawn(self, key: tuple[str, int, int]) -> subprocess.Popen[bytes]:
        from .priority import raise_for_interaction

        proc = subprocess.Popen(self._command(*key), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, bufsize=0)
        raise_for_interaction("espeak-ng process", proc.pid)
        return proc

    def _take_spare(self, key: tuple[str, int, int]) -> subprocess.Popen[bytes] | None:
        with self._spare_lock:
            proc = self._spares.pop(key, None)
        if proc is not None and proc.poll() is not None:
            return None
        return proc

    def _prepare(self, key: tuple[str, int, int]) -> None:
        """Start the process for the next text with the same voice (at most ``SPARES`` kept)."""
        with self._spare_lock:
            if self._closed or key in self._spares:
                return
            try:
                self._spares[key] = self._spawn(key)
            except OSError:
                return
            while len(self._spares) > self.SPARES:
                old = self._spares.pop(next(iter(self._spares)))
                old.kill()
                old.wait()

    def close(self) -> None:
        """End the processes started ahead of time."""
        with self._spare_lock:
            self._closed = True
            spares, self._spares = list(self._spares.values()), {}
        for proc in spares:
            proc.kill()
            proc.wait()


def _data_start(head: bytes) -> tuple[int, int]:
    """``(sample rate, offset of the first sample)`` once ``head`` holds the WAV header, else (0, 0)."""
    if len(head) < 12:
        return 0, 0
    if head[:4] != b"RIFF" or head[8:12] != b"WAVE":
        raise SynthesisError("engine output is not WAV")
    pos, rate = 12, 0
    while pos + 8 <= len(head):
        cid = head[pos:pos + 4]
        size = int.from_bytes(head[pos + 4:pos + 8], "little")
        if cid == b"fmt ":
            if pos + 16 > len(head):
                return 0, 0
            rate = int.from_bytes(head[pos + 12:pos + 16], "little")
        elif cid == b"data":
            return (rate, pos + 8) if rate else (0, 0)
        pos += 8 + size
    return 0, 0


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
                    samples, rate_hz = read_wav(path, max_seconds=math.inf)  # MAX_BYTES bounds it
                except (OSError, EOFError, ValueError, RuntimeError) as exc:
                    raise SynthesisError(f"pyttsx3 failed: {exc}") from exc
                finally:
                    path.unlink(missing_ok=True)
                if samples.size:
                    return samples, rate_hz
            raise SynthesisError(f"pyttsx3 gave no audio for {lang!r}")
