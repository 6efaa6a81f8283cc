"""The late-reverberation view measured by benchmarks/voice_views.py (``dereverberated``)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import noise as sound  # noqa: E402
from benchmarks.voice_views import dereverberated  # noqa: E402


def level_db(x: np.ndarray) -> float:
    return float(10 * np.log10(np.mean(np.asarray(x, dtype=np.float64) ** 2) + 1e-12))


def test_the_tail_a_room_adds_after_a_word_is_cut_and_the_word_kept() -> None:
    rng = np.random.default_rng(7)
    rate = sound.RATE
    t = np.arange(int(0.4 * rate)) / rate
    word = 0.3 * np.sin(2 * np.pi * 220 * t) * np.sin(np.pi * t / 0.4)  # a 0.4 s voiced burst
    dry = np.concatenate([np.zeros(rate // 4), word, np.zeros(rate)])
    wet = sound.convolve(dry, sound.room_response(rng))[: len(dry)].astype(np.float32)
    out = dereverberated(wet)
    assert out.shape == wet.shape and out.dtype == np.float32
    end = rate // 4 + len(word)
    tail = slice(end + rate // 10, end + rate // 2)  # 0.1-0.5 s after the word: reverberation alone
    inside = slice(rate // 4 + rate // 20, end - rate // 20)
    assert level_db(out[tail]) < level_db(wet[tail]) - 5.0  # 6.5 dB less with this room
    assert abs(level_db(out[inside]) - level_db(wet[inside])) < 3.0


def test_sound_with_no_reverberation_in_it_passes_nearly_unchanged() -> None:
    rng = np.random.default_rng(3)
    t = np.arange(sound.RATE) / sound.RATE
    chirps = (0.2 * np.sin(2 * np.pi * (200 + 600 * t) * t) * (np.sin(2 * np.pi * 2 * t) > 0.7)).astype(np.float32)
    chirps += (0.001 * rng.standard_normal(len(t))).astype(np.float32)
    out = dereverberated(chirps)
    loud = np.abs(chirps) > 0.05
    assert abs(level_db(out[loud]) - level_db(chirps[loud])) < 1.5
    assert len(dereverberated(chirps[:100])) == 100  # shorter than a frame: as it was
