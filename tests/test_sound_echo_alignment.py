"""The echo canceller keeps its reference ahead of the narrator's echo while the clocks drift apart.

The "speaker" is a ``PlayedAudio`` stamped by its sample count; the
"microphone" hears the narrator's Greek sentences with a time that drifts
against those stamps, as measured on the rig (the echo came 0.15 ms a
second earlier against its stamp), or jumps (the speaker's clock set
again after lost samples). Seeded noise; no timing.
"""

from __future__ import annotations

import importlib.util

import numpy as np
import pytest
from speech_helpers import espeak, needs_espeak

from tavli_voice.audio.sinks import PlayedAudio
from tavli_voice.audio.aec import ALIGN_HIGH_S, EchoAlignment
from tavli_voice.speech.audio import RATE

needs_livekit = pytest.mark.skipif(importlib.util.find_spec("livekit") is None,
                                   reason="the echo canceller's library (livekit) is not installed")

SENTENCES = ("Μπορείς να πεις έναν αριθμό από ένα έως δέκα για να διαλέξεις κίνηση.",
             "Η ζαριά σου: έξι και πέντε. Δώδεκα κινήσεις για να διαλέξεις.")
START = 0.5  # the first sample played is stamped here
LEAD = 0.06  # the canceller's fixed lead (the game's: the microphone's latency and 20 ms)


def narration(seconds: float) -> np.ndarray:
    """The narrator's Greek sentences one after another with pauses between, ``seconds`` long."""
    rng = np.random.default_rng(5)
    clips = [espeak(text, "el") for text in SENTENCES]
    parts: list[np.ndarray] = []
    while sum(len(p) for p in parts) < seconds * RATE:
        parts += [clips[len(parts) // 2 % 2], np.zeros(int(rng.uniform(0.2, 1.2) * RATE), dtype=np.float32)]
    return np.concatenate(parts)[:int(seconds * RATE)]


def heard(voice: np.ndarray, ahead: np.ndarray) -> np.ndarray:
    """The microphone, from time 0: at time ``t`` it hears what was stamped ``t + ahead[t]`` (quieter, with noise)."""
    t = np.arange(len(ahead)) / RATE
    src = (t + ahead - START) * RATE
    inside = (src >= 0) & (src < len(voice) - 1)
    mic = np.where(inside, np.interp(src, np.arange(len(voice)), voice), 0.0) * 0.4
    return (mic + 0.0005 * np.random.default_rng(1).standard_normal(len(mic))).astype(np.float32)


def cancelled(voice: np.ndarray, mic: np.ndarray) -> tuple[np.ndarray, object]:
    """``mic`` through an echo canceller fed with ``voice`` as played (stamped as it is written, 0.5 s ahead)."""
    from tavli_voice.audio.aec import EchoCanceller

    played = PlayedAudio(RATE, keep_s=10.0)
    aec = EchoCanceller(played.at_rate, RATE, lead=lambda: LEAD)
    out = np.zeros(len(mic), dtype=np.float32)
    written = 0
    for k in range(0, len(mic), 320):
        while written < len(voice) and START + written / RATE < (k + 320) / RATE + 0.5:
            played.add(START + written / RATE, voice[written:written + 320])
            written += 320
        out[k:k + 320] = aec.process(mic[k:k + 320], k / RATE)
    return out, aec


def left_db(out: np.ndarray, mic: np.ndarray, from_s: float, to_s: float) -> float:
    """How much of the microphone is left after cancellation from ``from_s`` to ``to_s`` (dB)."""
    a, b = int(from_s * RATE), int(to_s * RATE)
    return float(10 * np.log10(np.mean(out[a:b].astype(np.float64) ** 2) / np.mean(mic[a:b].astype(np.float64) ** 2)))


@needs_espeak
def test_where_the_echo_lies_is_found_to_a_fraction_of_a_millisecond() -> None:
    voice = narration(12.0)
    played = PlayedAudio(RATE, keep_s=30.0)
    for k in range(0, len(voice), 320):
        played.add(START + k / RATE, voice[k:k + 320])
    for ahead in (-0.02, 0.035, 0.0731):
        mic = heard(voice, np.full(int((START + 12.0) * RATE), ahead))
        found = EchoAlignment(played.at_rate, RATE)
        estimates = [e for k in range(0, len(mic), 320)
                     if (e := found.feed(mic[k:k + 320], k / RATE, 320)) is not None]
        assert estimates and all(abs(e - ahead) < 0.0002 for e in estimates)


@needs_espeak
def test_a_microphone_that_does_not_hear_the_speaker_gives_no_estimate() -> None:
    voice = narration(8.0)
    played = PlayedAudio(RATE, keep_s=30.0)
    for k in range(0, len(voice), 320):
        played.add(START + k / RATE, voice[k:k + 320])
    headset = (0.0005 * np.random.default_rng(2).standard_normal(int(9.0 * RATE))).astype(np.float32)
    found = EchoAlignment(played.at_rate, RATE)
    assert [found.feed(headset[k:k + 320], k / RATE, 320) for k in range(0, len(headset), 320)] == [None] * 450
    assert found.ahead is None


@needs_espeak
@needs_livekit
def test_the_echo_drifting_earlier_against_its_stamp_is_still_taken_out() -> None:
    # 10 ms behind the reference at first, 0.3 ms a second earlier: before its reference after ~30 s
    seconds = 60.0
    voice = narration(seconds)
    n = int((START + seconds) * RATE)
    mic = heard(voice, 0.05 + 3e-4 * np.arange(n) / RATE)
    out, aec = cancelled(voice, mic)
    assert left_db(out, mic, 5.0, 25.0) < -25.0
    assert left_db(out, mic, 40.0, 60.0) < -25.0  # a fixed lead left -3 to -11 dB here
    assert 0.005 < aec.margin < ALIGN_HIGH_S  # type: ignore[attr-defined]


@needs_espeak
@needs_livekit
def test_an_echo_that_jumps_behind_the_reference_is_caught_up_with_at_once() -> None:
    # the speaker's clock set again 40 ms later 20 s in: its echo now comes 15 ms before the reference
    seconds = 45.0
    voice = narration(seconds)
    n = int((START + seconds) * RATE)
    t = np.arange(n) / RATE
    mic = heard(voice, 0.035 + np.where(t >= 20.0, 0.04, 0.0))
    out, aec = cancelled(voice, mic)
    assert left_db(out, mic, 30.0, 45.0) < -25.0  # a fixed lead left -1 to -11 dB here
    assert aec.moves == 1  # type: ignore[attr-defined]
