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

import os
import re
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from tavli_voice.audio.wav import AudioFileError, parse_wav, read_wav
from tavli_voice.narration.utterance import VoiceKind

#: espeak pitch (0–99) per voice kind: the system voice is lower.
PITCH = {VoiceKind.GAME: 50, VoiceKind.SYSTEM: 35}
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
                    samples, rate_hz = read_wav(path)
                except (OSError, EOFError, ValueError, RuntimeError) as exc:
                    raise SynthesisError(f"pyttsx3 failed: {exc}") from exc
                finally:
                    path.unlink(missing_ok=True)
                if samples.size:
                    return samples, rate_hz
            raise SynthesisError(f"pyttsx3 gave no audio for {lang!r}")
