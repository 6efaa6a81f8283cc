"""WAV files and resampling: the one copy used by speech output and speech input.

All samples are mono float32 in [-1, 1]; channels are averaged on reading.
:func:`parse_wav` also reads *streamed* WAV (``espeak-ng --stdout`` writes
placeholder chunk sizes because it does not know the length in advance): a
chunk that claims to run past the end of the data simply runs to the end.

:func:`read_wav` reads a *file* boundedly: only regular files (checked with
``os.stat`` before opening, and again on the open file: a folder, a device, a
FIFO or an endless pipe is refused at once), the header read and checked
first, and only ``max_seconds`` of sound at most (:data:`MAX_SECONDS`, 10 s:
a spoken word or command lasts a second or two, and 10 s leave room for the
silence around it while decoding stays under a second: 10 s of noise took
pocketsphinx 0.97 s with both cores of a 2-core machine busy, load 14, where
30 s took 3.0 s); a longer file is refused from its header, before any sample is read,
so memory and time stay bounded whatever the file (a 2 GB sparse WAV is
answered at once). Every refusal is an :class:`AudioFileError` whose ``key``
names the sentence to say (``voice.audio_<key>`` in :mod:`tavli_voice.words`).
"""

from __future__ import annotations

import math
import os
import stat
import struct
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

Samples = npt.NDArray[np.float32]

#: The rate of speech input: the microphone is opened at it and the recognizers take it (16 kHz).
RATE = 16000


#: Longest sound read from a file, in seconds (one word or phrase and the silence around it).
MAX_SECONDS = 10.0
#: Highest sample rate and most channels read from a file: with MAX_SECONDS they bound memory.
MAX_RATE = 96_000
MAX_CHANNELS = 8
#: Most bytes of sound read from a file (10 s of 96 kHz stereo 32-bit is 7.7 MB).
MAX_BYTES = 16 << 20
#: Chunks looked at before ``data`` (``fmt ``, ``LIST``, ``fact``...); a file with more is damaged.
MAX_CHUNKS = 64


class AudioFileError(ValueError):
    """Sound data that cannot be read (not RIFF/WAVE, unknown format, cut short).

    ``key`` names the sentence for the player (``voice.audio_<key>``):
    ``damaged``, ``not_wav``, ``not_regular``, ``too_long`` (``values`` has
    ``seconds`` and ``limit``), ``missing``, ``denied`` or ``unreadable``; the
    message itself is English, for the log.
    """

    def __init__(self, message: str, key: str = "damaged", **values: object) -> None:
        super().__init__(message)
        self.key = key
        self.values = values


def _decode_pcm(data: bytes, fmt: int, bits: int, channels: int) -> Samples:
    samples: npt.NDArray[np.floating[Any]]
    if fmt == 3:
        if bits == 32:
            samples = np.frombuffer(data, dtype="<f4").astype(np.float32)
        elif bits == 64:
            samples = np.frombuffer(data, dtype="<f8").astype(np.float32)
        else:
            raise AudioFileError(f"unsupported float size {bits} bits")
    elif fmt == 1:
        if bits == 8:
            samples = (np.frombuffer(data, dtype=np.uint8).astype(np.float32) - 128) / 128
        elif bits == 16:
            samples = np.frombuffer(data, dtype="<i2").astype(np.float32) / 32768
        elif bits == 24:
            raw = np.frombuffer(data, dtype=np.uint8).reshape(-1, 3).astype(np.int32)
            ints = raw[:, 0] | (raw[:, 1] << 8) | (raw[:, 2] << 16)
            ints = np.where(ints >= 1 << 23, ints - (1 << 24), ints)
            samples = ints.astype(np.float32) / (1 << 23)
        elif bits == 32:
            samples = np.frombuffer(data, dtype="<i4").astype(np.float32) / 2**31
        else:
            raise AudioFileError(f"unsupported sample size {bits} bits")
    else:
        raise AudioFileError(f"unsupported WAV format code {fmt}")
    usable = len(samples) - len(samples) % channels
    mono: Samples = samples[:usable].reshape(-1, channels).mean(axis=1).astype(np.float32)
    return mono


def parse_wav(blob: bytes) -> tuple[Samples, int]:
    """Mono float samples and the sample rate of WAV bytes (PCM 8/16/24/32 bit or float).

    >>> import io
    >>> parse_wav(b"not a wav")
    Traceback (most recent call last):
    ...
    tavli_voice.audio.wav.AudioFileError: not a RIFF/WAVE file
    """
    if len(blob) < 12 or blob[:4] != b"RIFF" or blob[8:12] != b"WAVE":
        raise AudioFileError("not a RIFF/WAVE file", "not_wav")
    pos, fmt_chunk, data = 12, None, None
    while pos + 8 <= len(blob):
        cid, size = blob[pos:pos + 4], struct.unpack("<I", blob[pos + 4:pos + 8])[0]
        body = blob[pos + 8:pos + 8 + size]  # a streamed size runs to the end
        if cid == b"fmt ":
            fmt_chunk = body
        elif cid == b"data":
            data = body
            break
        pos += 8 + size + (size & 1)
    if fmt_chunk is None or data is None or len(fmt_chunk) < 16:
        raise AudioFileError("missing fmt or data chunk")
    fmt, channels, rate, _, _, bits = struct.unpack("<HHIIHH", fmt_chunk[:16])
    if fmt == 0xFFFE and len(fmt_chunk) >= 26:
        fmt = struct.unpack("<H", fmt_chunk[24:26])[0]
    if channels < 1 or rate < 1000 or bits < 8:
        raise AudioFileError(f"odd header: {channels} channels at {rate} Hz, {bits} bits")
    frame = channels * bits // 8
    data = data[: len(data) - len(data) % frame] if frame else data
    return _decode_pcm(data, fmt, bits, channels), rate


def _os_problem(err: OSError) -> AudioFileError:
    key = "missing" if isinstance(err, FileNotFoundError) else \
        "denied" if isinstance(err, PermissionError) else "unreadable"
    return AudioFileError(f"{err.strerror or err}", key)


def _read_exactly(fd: int, count: int) -> bytes:
    parts: list[bytes] = []
    while count > 0:
        part = os.read(fd, min(count, 1 << 20))
        if not part:
            break
        parts.append(part)
        count -= len(part)
    return b"".join(parts)


def _header(fd: int, size: int) -> tuple[bytes, int, int]:
    """The ``fmt `` chunk's body, and where the sound starts and how many bytes it has."""
    head = _read_exactly(fd, 12)
    if len(head) < 12 or head[:4] != b"RIFF" or head[8:12] != b"WAVE":
        raise AudioFileError("not a RIFF/WAVE file", "not_wav")
    pos, fmt_chunk = 12, b""
    for _ in range(MAX_CHUNKS):
        os.lseek(fd, pos, os.SEEK_SET)
        chunk = _read_exactly(fd, 8)
        if len(chunk) < 8:
            break
        cid, length = chunk[:4], struct.unpack("<I", chunk[4:])[0]
        if cid == b"fmt ":
            fmt_chunk = _read_exactly(fd, min(length, 64))
        elif cid == b"data":
            if not fmt_chunk:
                break
            return fmt_chunk, pos + 8, min(length, size - pos - 8)  # a streamed size runs to the end
        pos += 8 + length + (length & 1)
    raise AudioFileError("missing fmt or data chunk")


def read_wav(path: str | Path, max_seconds: float = MAX_SECONDS) -> tuple[Samples, int]:
    """Mono float samples and the sample rate of a WAV file of at most ``max_seconds``.

    Reads only a regular file, its header first, then at most ``max_seconds``
    of sound: AudioFileError (with its ``key``, see the class) otherwise.

    >>> read_wav("/dev/null")
    Traceback (most recent call last):
    ...
    tavli_voice.audio.wav.AudioFileError: not a regular file
    """
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise AudioFileError("not a regular file", "not_regular")
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as err:
        raise _os_problem(err) from err
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):  # replaced between the check and the opening
            raise AudioFileError("not a regular file", "not_regular")
        fmt_chunk, start, length = _header(fd, info.st_size)
        if len(fmt_chunk) < 16:
            raise AudioFileError("missing fmt or data chunk")
        _, channels, rate, _, _, bits = struct.unpack("<HHIIHH", fmt_chunk[:16])
        if not (1 <= channels <= MAX_CHANNELS and 1000 <= rate <= MAX_RATE and 8 <= bits <= 64 and bits % 8 == 0):
            raise AudioFileError(f"odd header: {channels} channels at {rate} Hz, {bits} bits")
        frame = channels * bits // 8
        length = max(length, 0)
        seconds = length // frame / rate
        limit = min(max_seconds, MAX_BYTES // frame / rate)
        if seconds > limit:
            raise AudioFileError(f"{seconds:.1f} s of sound, more than {limit:g} s", "too_long",
                                 seconds=math.ceil(seconds), limit=math.floor(limit))
        os.lseek(fd, start, os.SEEK_SET)
        data = _read_exactly(fd, length - length % frame)
    except OSError as err:
        raise _os_problem(err) from err
    finally:
        os.close(fd)
    code = struct.unpack("<H", fmt_chunk[:2])[0]
    if code == 0xFFFE and len(fmt_chunk) >= 26:
        code = struct.unpack("<H", fmt_chunk[24:26])[0]
    return _decode_pcm(data[: len(data) - len(data) % frame], code, bits, channels), rate


def wav_bytes(samples: npt.ArrayLike, rate: int) -> bytes:
    """Mono 16-bit PCM WAV bytes."""
    ints = np.clip(np.round(np.asarray(samples, dtype=np.float64) * 32767), -32768, 32767).astype("<i2")
    data = ints.tobytes()
    header = b"RIFF" + struct.pack("<I", 36 + len(data)) + b"WAVE"
    header += b"fmt " + struct.pack("<IHHIIHH", 16, 1, 1, rate, rate * 2, 2, 16)
    return header + b"data" + struct.pack("<I", len(data)) + data


def write_wav(path: str | Path, samples: npt.ArrayLike, rate: int) -> None:
    """Write mono 16-bit PCM."""
    Path(path).write_bytes(wav_bytes(samples, rate))


def resample(samples: npt.ArrayLike, rate: int, to: int) -> Samples:
    """Band-limited resampling by the FFT (exact for short utterances, any ratio).

    The spectrum is cut (or zero-extended) at the new Nyquist frequency with a
    short raised-cosine taper so no ringing is added at the cut.

    >>> resample(np.ones(100, dtype=np.float32), 8000, 16000).shape
    (200,)
    """
    x = np.asarray(samples, dtype=np.float64)
    if rate == to or len(x) == 0:
        return np.asarray(samples, dtype=np.float32)
    n = len(x)
    m = max(1, round(n * to / rate))
    spectrum = np.fft.rfft(x)
    out = np.zeros(m // 2 + 1, dtype=complex)
    keep = min(len(spectrum), len(out))
    out[:keep] = spectrum[:keep]
    if to < rate:  # taper the top 5% below the new Nyquist to avoid ringing
        width = max(1, keep // 20)
        out[keep - width:keep] *= 0.5 * (1 + np.cos(np.linspace(0, np.pi, width)))
    return (np.fft.irfft(out, m) * (m / n)).astype(np.float32)
