"""Sound as numbers: reading files, resampling to 16 kHz, padding for decoders.

Everything inside speech input works on mono float32 arrays at ``RATE``
(16 kHz, the rate of pocketsphinx's acoustic model and of small Vosk models),
scaled to -1..1. Files at any rate are resampled here; the microphone is opened at 16 kHz directly
(``capture.py``).

Decoders get the utterance trimmed to its loud part, padded with 0.2 s of
silence (real recordings come trimmed tight, as the FSDD clips, or with long
silences) plus a faint fixed noise floor (about -64 dBFS). Both matter for
pocketsphinx: digital silence makes log filter-bank energies collapse (FSDD
digits went from 82% to 92% with the noise floor), and the share of silence
shifts its per-utterance cepstral mean (see ``benchmarks/voice.py``). A
microphone already has a noise floor, so that part changes nothing there.
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

RATE = 16000
Samples = npt.NDArray[np.float32]

#: Silence added before and after an utterance for the decoders, in seconds.
PAD_SECONDS = 0.2
#: Frames quieter than the loudest minus this are trimmed off the ends first.
TRIM_DB = 40.0
FRAME = 400   # 25 ms at 16 kHz
HOP = 160     # 10 ms
#: Level of the noise floor mixed into decoder input (about -64 dBFS).
NOISE_FLOOR = 20 / 32768


class AudioFileError(ValueError):
    """A sound file that cannot be read (not RIFF/WAVE, unknown format, cut short)."""


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
    return samples[:usable].reshape(-1, channels).mean(axis=1).astype(np.float32)


def read_wav(path: str | Path) -> tuple[Samples, int]:
    """Mono float samples and the sample rate of a WAV file (PCM 8/16/24/32 bit or float)."""
    blob = Path(path).read_bytes()
    if len(blob) < 12 or blob[:4] != b"RIFF" or blob[8:12] != b"WAVE":
        raise AudioFileError("not a RIFF/WAVE file")
    pos, fmt_chunk, data = 12, None, None
    while pos + 8 <= len(blob):
        cid, size = blob[pos:pos + 4], struct.unpack("<I", blob[pos + 4:pos + 8])[0]
        body = blob[pos + 8:pos + 8 + size]
        if cid == b"fmt ":
            fmt_chunk = body
        elif cid == b"data":
            data = body
        pos += 8 + size + (size & 1)
    if fmt_chunk is None or data is None or len(fmt_chunk) < 16:
        raise AudioFileError("missing fmt or data chunk")
    fmt, channels, rate, _, _, bits = struct.unpack("<HHIIHH", fmt_chunk[:16])
    if fmt == 0xFFFE and len(fmt_chunk) >= 26:
        fmt = struct.unpack("<H", fmt_chunk[24:26])[0]
    if channels < 1 or rate < 1000:
        raise AudioFileError(f"odd header: {channels} channels at {rate} Hz")
    frame = channels * bits // 8
    data = data[: len(data) - len(data) % frame] if frame else data
    return _decode_pcm(data, fmt, bits, channels), rate


def write_wav(path: str | Path, samples: Samples, rate: int = RATE) -> None:
    """Write mono 16-bit PCM (used for enrolment recordings and tests)."""
    ints = np.clip(np.round(np.asarray(samples, dtype=np.float64) * 32767), -32768, 32767).astype("<i2")
    data = ints.tobytes()
    header = b"RIFF" + struct.pack("<I", 36 + len(data)) + b"WAVE"
    header += b"fmt " + struct.pack("<IHHIIHH", 16, 1, 1, rate, rate * 2, 2, 16)
    Path(path).write_bytes(header + b"data" + struct.pack("<I", len(data)) + data)


def resample(samples: Samples, rate: int, to: int = RATE) -> Samples:
    """Band-limited resampling by the FFT (exact for short utterances, any ratio).

    The spectrum is cut (or zero-extended) at the new Nyquist frequency with a
    short raised-cosine taper so no ringing is added at the cut.
    """
    if rate == to or len(samples) == 0:
        return np.asarray(samples, dtype=np.float32)
    x = np.asarray(samples, dtype=np.float64)
    n = len(x)
    m = max(1, int(round(n * to / rate)))
    spectrum = np.fft.rfft(x)
    out = np.zeros(m // 2 + 1, dtype=complex)
    keep = min(len(spectrum), len(out))
    out[:keep] = spectrum[:keep]
    if to < rate:  # taper the top 5% below the new Nyquist to avoid ringing
        width = max(1, keep // 20)
        out[keep - width:keep] *= 0.5 * (1 + np.cos(np.linspace(0, np.pi, width)))
    return (np.fft.irfft(out, m) * (m / n)).astype(np.float32)


def to_rate(samples: Samples, rate: int) -> Samples:
    """``samples`` at 16 kHz (resampled when needed)."""
    return resample(samples, rate, RATE)


def load(path: str | Path) -> Samples:
    """A WAV file as mono float32 at 16 kHz."""
    samples, rate = read_wav(path)
    return to_rate(samples, rate)


def pad(samples: Samples, seconds: float = PAD_SECONDS, rate: int = RATE) -> Samples:
    """``samples`` with ``seconds`` of silence before and after."""
    zeros = np.zeros(int(round(seconds * rate)), dtype=np.float32)
    return np.concatenate([zeros, np.asarray(samples, dtype=np.float32), zeros])


def frames(samples: npt.NDArray[np.floating[Any]]) -> npt.NDArray[np.float64]:
    """Overlapping 25 ms frames with a 10 ms hop (one per row)."""
    x = np.asarray(samples, dtype=np.float64)
    if len(x) < FRAME:
        x = np.concatenate([x, np.zeros(FRAME - len(x))])
    count = 1 + (len(x) - FRAME) // HOP
    index = np.arange(FRAME)[None, :] + HOP * np.arange(count)[:, None]
    return x[index]


def frame_energy_db(samples: Samples) -> npt.NDArray[np.float64]:
    """Energy of each 25 ms frame (10 ms hop) in dB relative to full scale."""
    parts = frames(samples)
    return 10 * np.log10(np.mean(parts ** 2, axis=1) + 1e-12)


def trim(samples: Samples, below_peak_db: float = 35.0, margin: int = 3) -> Samples:
    """Cut leading and trailing frames quieter than the loudest frame minus ``below_peak_db``."""
    energy = frame_energy_db(samples)
    loud = np.nonzero(energy > energy.max() - below_peak_db)[0]
    first = max(0, loud[0] - margin)
    last = min(len(energy) - 1, loud[-1] + margin)
    return np.asarray(samples[first * HOP: last * HOP + FRAME], dtype=np.float32)


def for_decoder(samples: Samples, seconds: float = PAD_SECONDS, noise: float = NOISE_FLOOR,
                seed: int = 0, trim_db: float | None = TRIM_DB) -> bytes:
    """16-bit little-endian PCM for a decoder: trimmed, padded, with a faint fixed noise floor.

    Trimming first makes the amount of silence the same whatever the source
    (a tight file, a long file, a microphone segment with pre-roll): the
    decoder normalises cepstra over the whole utterance, so the share of
    silence changes what it hears. The noise is seeded so that the same
    audio always decodes the same way.
    """
    if trim_db is not None and len(samples) > 0:
        samples = trim(samples, trim_db)
    padded = pad(samples, seconds).astype(np.float64)
    if noise > 0:
        padded += noise * np.random.default_rng(seed).standard_normal(len(padded))
    ints = np.clip(np.round(padded * 32768), -32768, 32767).astype("<i2")
    return ints.tobytes()
