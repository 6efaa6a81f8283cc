"""Sound conditions for the voice benchmark: noise at a measured SNR, a made room, a telephone band.

Everything is made here from a seed, so a condition gives the same bytes every time:

- ``noise(kind, n, rng, sources)``: white, pink (1/f power), babble (several espeak-ng
  voices talking at once) or tv (speech with music-like tones under it);
- ``mix(speech, noise_kind, snr, rng, ...)``: the word padded with the noise around it, as a
  microphone hears it, the noise scaled so that the SNR over the speech part is ``snr`` dB;
- ``room_response(rng)`` and ``in_room(speech, rng)``: reverberation by convolution with a
  made impulse response (direct sound, early reflections, an exponentially decaying tail);
- ``telephone(x)``: an 8 kHz microphone: nothing above 4 kHz.

Sounds are float32 at 16 kHz (``tavli_voice.speech.audio.RATE``).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np

RATE = 16000
#: Frames (25 ms, 10 ms hop) within this many dB of the loudest are the speech part.
SPEECH_WITHIN_DB = 30.0
FRAME, HOP = 400, 160
NOISES = ("white", "pink", "babble", "tv")

#: Babble: what the talkers say, and in which espeak-ng voice (English and Greek).
BABBLE_TALK = (
    ("en-us", "the weather will be fine tomorrow morning, could you pass me the salt please"),
    ("el", "η θάλασσα είναι ήσυχη σήμερα το απόγευμα και ο καφές κρύωσε πάνω στο τραπέζι"),
    ("en-gb+f3", "we are meeting at the station at noon, I told him the story twice already"),
    ("el+f2", "τα παιδιά παίζουν στην αυλή και η γιαγιά μαγειρεύει φασολάδα"),
    ("en-us+m3", "the train was late again so we took a taxi to the old town"),
    ("el+m3", "αύριο θα πάμε στο χωριό με το πρωινό λεωφορείο"),
)
#: TV: one voice reading, under music.
TV_TALK = (("en-gb", "and now the news, the minister said on tuesday that the new bridge will open in "
                     "the spring, after three years of work"),)


def speech_mask(speech: np.ndarray) -> np.ndarray:
    """Samples of ``speech`` inside frames within SPEECH_WITHIN_DB of the loudest frame."""
    x = np.asarray(speech, dtype=np.float64)
    if len(x) < FRAME:
        x = np.concatenate([x, np.zeros(FRAME - len(x))])
    count = 1 + (len(x) - FRAME) // HOP
    index = np.arange(FRAME)[None, :] + HOP * np.arange(count)[:, None]
    energy = 10 * np.log10(np.mean(x[index] ** 2, axis=1) + 1e-12)
    mask = np.zeros(len(speech), dtype=bool)
    for k in np.nonzero(energy > energy.max() - SPEECH_WITHIN_DB)[0]:
        mask[k * HOP: k * HOP + FRAME] = True
    return mask


def snr_db(speech: np.ndarray, noise: np.ndarray, mask: np.ndarray) -> float:
    """Power of ``speech`` over ``noise`` in dB, both measured on the samples in ``mask``."""
    s = np.asarray(speech, dtype=np.float64)[mask]
    n = np.asarray(noise, dtype=np.float64)[mask]
    return float(10 * np.log10(np.mean(s ** 2) / np.mean(n ** 2)))


def pink(n: int, rng: np.random.Generator) -> np.ndarray:
    """``n`` samples of noise whose power falls as 1/f (3 dB per octave), unit power."""
    spectrum = rng.standard_normal(n // 2 + 1) + 1j * rng.standard_normal(n // 2 + 1)
    f = np.fft.rfftfreq(n)
    f[0] = f[1] if n > 1 else 1.0
    x = np.fft.irfft(spectrum / np.sqrt(f), n)
    return x / np.sqrt(np.mean(x ** 2))


def tones(n: int, rng: np.random.Generator) -> np.ndarray:
    """Music-like sound: a seeded tune of notes (with harmonics and a decay) over a bass line, unit power."""
    out = np.zeros(n)
    t = np.arange(int(0.25 * RATE)) / RATE
    scale = np.array([0, 2, 4, 5, 7, 9, 11, 12])
    for voice, (base, length) in enumerate(((220.0, 0.25), (110.0, 0.5))):
        step = int(length * RATE)
        t = np.arange(step) / RATE
        for start in range(0, n, step):
            freq = base * 2 ** (scale[int(rng.integers(0, len(scale)))] / 12)
            note = sum(np.sin(2 * np.pi * freq * h * t) / h for h in (1, 2, 3))
            note = note * np.exp(-t * (6.0 if voice == 0 else 3.0))
            end = min(n, start + step)
            out[start:end] += note[: end - start]
    return out / np.sqrt(np.mean(out ** 2))


def espeak_talk(talk: tuple[tuple[str, str], ...], folder: Path) -> list[np.ndarray]:
    """The talkers of ``talk`` as unit-power 16 kHz sounds, made once by espeak-ng into ``folder``."""
    from tavli_voice.speech import audio

    out = []
    for k, (voice, sentence) in enumerate(talk):
        path = folder / f"talk_{voice}_{k}_{len(sentence)}.wav"
        if not path.exists():
            folder.mkdir(parents=True, exist_ok=True)
            subprocess.run(["espeak-ng", "-v", voice, "-s", "165", "-w", str(path), sentence], check=True)
        x = audio.load(path).astype(np.float64)
        out.append(x / np.sqrt(np.mean(x ** 2)))
    return out


def _loop(x: np.ndarray, n: int, offset: int) -> np.ndarray:
    """``n`` samples of ``x`` played in a loop from ``offset``."""
    reps = 1 + (offset + n) // max(1, len(x))
    return np.tile(x, reps + 1)[offset: offset + n]


def noise(kind: str, n: int, rng: np.random.Generator, sources: dict[str, list[np.ndarray]] | None = None,
          ) -> np.ndarray:
    """``n`` samples of noise of ``kind`` (one of NOISES), unit power over the whole length.

    ``sources``: for babble and tv, the talkers (``espeak_talk``) under those keys.
    """
    if kind == "white":
        x = rng.standard_normal(n)
    elif kind == "pink":
        x = pink(n, rng)
    elif kind == "babble":
        talkers = (sources or {})["babble"]
        x = sum(_loop(v, n, int(rng.integers(0, len(v)))) for v in talkers)
    elif kind == "tv":
        voice = (sources or {})["tv"][0]
        x = _loop(voice, n, int(rng.integers(0, len(voice)))) + 0.7 * tones(n, rng)
    else:
        raise ValueError(f"unknown noise {kind!r}: one of {', '.join(NOISES)}")
    x = np.asarray(x, dtype=np.float64)
    return x / np.sqrt(np.mean(x ** 2))


def mix(speech: np.ndarray, kind: str | None, snr: float, rng: np.random.Generator, *, pad_s: float = 0.5,
        sources: dict[str, list[np.ndarray]] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(``speech`` with ``pad_s`` s around it and noise throughout, the noise alone), float32.

    The noise is scaled so that speech power over noise power, both measured on the speech
    part (``speech_mask``), is ``snr`` dB. ``kind`` None: silence around the word, no noise.
    """
    pad = np.zeros(int(round(pad_s * RATE)))
    clean = np.concatenate([pad, np.asarray(speech, dtype=np.float64), pad])
    if kind is None:
        return clean.astype(np.float32), np.zeros(len(clean), dtype=np.float32)
    mask = np.concatenate([np.zeros(len(pad), bool), speech_mask(speech), np.zeros(len(pad), bool)])
    n = noise(kind, len(clean), rng, sources)
    n = n * np.sqrt(np.mean(clean[mask] ** 2) / 10 ** (snr / 10) / np.mean(n[mask] ** 2))
    return (clean + n).astype(np.float32), n.astype(np.float32)


def room_response(rng: np.random.Generator, rt60: float = 0.5, reflections: int = 12) -> np.ndarray:
    """A made impulse response: the direct sound, ``reflections`` early ones (3-40 ms, weaker and
    weaker) and a noise tail decaying by 60 dB in ``rt60`` s; unit energy."""
    n = int(rt60 * RATE)
    t = np.arange(n) / RATE
    tail = rng.standard_normal(n) * 10 ** (-3 * t / rt60) * 0.3
    tail[: int(0.005 * RATE)] = 0.0
    h = tail
    h[0] = 1.0
    for delay in np.sort(rng.uniform(0.003, 0.040, reflections)):
        h[int(delay * RATE)] += float(rng.uniform(0.2, 0.7)) * (1 - delay / 0.05) * float(rng.choice([-1, 1]))
    return h / np.sqrt(np.sum(h ** 2))


def convolve(x: np.ndarray, h: np.ndarray) -> np.ndarray:
    """Full linear convolution of ``x`` and ``h`` (by FFT)."""
    size = len(x) + len(h) - 1
    fft_n = 1 << (size - 1).bit_length()
    return np.fft.irfft(np.fft.rfft(x, fft_n) * np.fft.rfft(h, fft_n), fft_n)[:size]


def in_room(speech: np.ndarray, rng: np.random.Generator, rt60: float = 0.5) -> np.ndarray:
    """``speech`` as heard across a room (``room_response``), its tail kept, same power over the word."""
    wet = convolve(np.asarray(speech, dtype=np.float64), room_response(rng, rt60))
    gain = np.sqrt(np.mean(np.asarray(speech, dtype=np.float64) ** 2) / np.mean(wet[: len(speech)] ** 2))
    return (wet * gain).astype(np.float32)


def telephone(x: np.ndarray) -> np.ndarray:
    """``x`` through an 8 kHz microphone: nothing above 4 kHz (300 Hz-3.8 kHz with a smooth edge)."""
    n = len(x)
    spectrum = np.fft.rfft(np.asarray(x, dtype=np.float64))
    f = np.fft.rfftfreq(n, 1 / RATE)
    gain = np.clip((f - 200) / 100, 0, 1) * np.clip((3900 - f) / 200, 0, 1)
    return np.fft.irfft(spectrum * gain, n).astype(np.float32)


def band_energy_db(x: np.ndarray, above_hz: float) -> float:
    """Energy of ``x`` above ``above_hz`` relative to its whole energy, in dB."""
    spectrum = np.abs(np.fft.rfft(np.asarray(x, dtype=np.float64))) ** 2
    f = np.fft.rfftfreq(len(x), 1 / RATE)
    return float(10 * np.log10(spectrum[f > above_hz].sum() / spectrum.sum() + 1e-300))


def decay_time(x: np.ndarray, below_db: float = 40.0) -> float:
    """Seconds from the loudest 10 ms frame to the last frame within ``below_db`` of it."""
    frames = np.asarray(x, dtype=np.float64)[: len(x) // HOP * HOP].reshape(-1, HOP)
    energy = 10 * np.log10(np.mean(frames ** 2, axis=1) + 1e-20)
    top = int(np.argmax(energy))
    loud = np.nonzero(energy > energy[top] - below_db)[0]
    return float((loud[-1] - top) * HOP / RATE)
