"""WAV files and resampling: the one copy used by speech output and speech input.

All samples are mono float32 in [-1, 1]; channels are averaged on reading.
:func:`parse_wav` also reads *streamed* WAV (``espeak-ng --stdout`` writes
placeholder chunk sizes because it does not know the length in advance): a
chunk that claims to run past the end of the data simply runs to the end.
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

Samples = npt.NDArray[np.float32]


class AudioFileError(ValueError):
    """Sound data that cannot be read (not RIFF/WAVE, unknown format, cut short)."""


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
        raise AudioFileError("not a RIFF/WAVE file")
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


def read_wav(path: str | Path) -> tuple[Samples, int]:
    """Mono float samples and the sample rate of a WAV file."""
    return parse_wav(Path(path).read_bytes())


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
