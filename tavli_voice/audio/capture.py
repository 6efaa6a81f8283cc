"""The microphone, through ``sounddevice`` (PortAudio), 16 kHz mono.

``Microphone.start()`` raises ``AudioUnavailable`` with a message key when
there is no PortAudio library (``portaudio_missing``) or no input device
(``mic_missing``): the game says it once and goes on with the keyboard.
Blocks arrive on PortAudio's thread and are only queued here; the
listener's thread reads them (``read``).

When the device cannot record at 16 kHz it is opened at its own rate and
``rate`` says which; the listener resamples whole utterances.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from types import ModuleType
from typing import Any

import numpy as np

from tavli_voice.audio.device import stream_gone
from tavli_voice.audio.wav import RATE, Samples


class AudioUnavailable(RuntimeError):
    """Sound input cannot be used; ``key`` names the message (``voice.`` in tavli_voice.words)."""

    def __init__(self, key: str, detail: str = "") -> None:
        super().__init__(f"{key}: {detail}" if detail else key)
        self.key = key
        self.detail = detail


def load_sounddevice() -> ModuleType:
    """The ``sounddevice`` module; AudioUnavailable("portaudio_missing") without PortAudio."""
    from .device import load_sounddevice as _load

    try:
        sounddevice = _load()
    except (ImportError, OSError) as err:  # OSError: "PortAudio library not found"
        raise AudioUnavailable("portaudio_missing", str(err)) from err
    return sounddevice


class Microphone:
    """A running input stream whose blocks can be read from another thread."""

    #: the input latency PortAudio reported for the microphone opened last (the echo canceller's lead)
    last_input_latency = 0.0

    def __init__(self, device: int | str | None = None, block_s: float = 0.02,
                 sd: ModuleType | None = None, latency: str | float = "low") -> None:
        self.device = device
        self.block_s = block_s
        #: PortAudio's input latency: "low" hands blocks over sooner (through PulseAudio the
        #: default, "high", delivered them in bursts up to 0.3 s late)
        self.latency = latency
        self._sd = sd
        self._blocks: queue.Queue[tuple[Samples, float]] = queue.Queue(maxsize=500)
        self._stream: Any = None
        self._ended = threading.Event()
        self._in_latency = 0.0
        self.rate = RATE
        self.overflows = 0
        #: ``time.monotonic()`` at which the last block read was captured (its end)
        self.last_block_end: float | None = None
        self.generation = 0

    def _callback(self, indata: Any, frames: int, time_info: Any, status: Any) -> None:
        if status:
            self.overflows += 1
        try:
            self._blocks.put_nowait((np.array(indata[:, 0], dtype=np.float32),
                                     time.monotonic() - self._in_latency))
        except queue.Full:
            self.overflows += 1

    def gone(self) -> bool:
        """True when the stream ended by itself (the sound system went away)."""
        return stream_gone(self._stream, self._ended)

    def start(self) -> None:
        """Open the device and start recording (AudioUnavailable when impossible)."""
        sd = self._sd if self._sd is not None else load_sounddevice()
        self._sd = sd
        from . import device

        self.generation = device.generation()
        self._ended.clear()
        try:
            info = sd.query_devices(self.device, kind="input")
        except Exception as err:  # PortAudioError or ValueError: no such device
            raise AudioUnavailable("mic_missing", str(err)) from err
        if not info or int(info.get("max_input_channels", 0)) < 1:
            raise AudioUnavailable("mic_missing", "no input channels")
        try:
            sd.check_input_settings(device=self.device, samplerate=RATE, channels=1, dtype="float32")
            self.rate = RATE
        except Exception:
            self.rate = int(info.get("default_samplerate", RATE))
        try:
            self._stream = sd.InputStream(
                samplerate=self.rate, channels=1, dtype="float32", device=self.device,
                blocksize=int(self.rate * self.block_s), callback=self._callback, latency=self.latency,
                finished_callback=self._ended.set)
            self._stream.start()
            self._in_latency = float(self._stream.latency)
            Microphone.last_input_latency = self._in_latency
            logging.getLogger(__name__).debug("audio input: %d Hz, latency %.0f ms", self.rate,
                                              self._in_latency * 1000)
        except Exception as err:
            raise AudioUnavailable("mic_missing", str(err)) from err

    def read(self, timeout: float = 0.1) -> Samples | None:
        """The next block, or None after ``timeout`` seconds without one."""
        try:
            block, self.last_block_end = self._blocks.get(timeout=timeout)
        except queue.Empty:
            return None
        return block

    def restart(self) -> None:
        """Open the device again after the sound system came back (AudioUnavailable if not yet)."""
        from . import device

        self.stop()
        if self._sd is not None:
            try:
                device.restart_portaudio(self._sd, self.generation)
            except Exception as err:
                raise AudioUnavailable("mic_missing", str(err)) from err
        self.start()

    def stop(self) -> None:
        """Stop and close the stream (safe to call twice)."""
        if self._stream is not None:
            try:
                self._stream.stop()
                self._stream.close()
            except Exception:  # noqa: BLE001, S110 - a stream of a sound system that is gone
                pass
            finally:
                self._stream = None


class ArraySource:
    """Plays prepared samples as if from a microphone (tests, recorded sessions).

    ``read`` returns blocks of ``block_s`` until the samples run out, then
    None with ``exhausted`` set, so a listener thread flushes and stops.
    """

    def __init__(self, samples: Samples, rate: int = RATE, block_s: float = 0.02) -> None:
        self.rate = rate
        self._samples = np.asarray(samples, dtype=np.float32)
        self._block = max(1, int(rate * block_s))
        self._pos = 0
        self.exhausted = False

    def read(self, timeout: float = 0.1) -> Samples | None:
        """The next block, or None at the end."""
        if self._pos >= len(self._samples):
            self.exhausted = True
            return None
        block = self._samples[self._pos:self._pos + self._block]
        self._pos += self._block
        return block
