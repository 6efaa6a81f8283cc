"""The listener's microphone clock and buffers (``speech/listen_frames.py``)."""

from __future__ import annotations

import numpy as np

from tavli_voice.speech.listen_frames import MicFrames
from tavli_voice.speech.listen_tuning import ListenerTuning

RATE = 16000
BLOCK = 320  # 20 ms


def frames(keep_s: float = 1.0) -> MicFrames:
    return MicFrames(ListenerTuning(), keep_s, lambda: RATE)


def block(value: float) -> np.ndarray:
    return np.full(BLOCK, value, dtype=np.float32)


def test_blocks_stamped_late_in_a_burst_keep_the_earliest_clock() -> None:
    mic = frames()
    starts = [mic.count(block(0.0), 10.0 + (k + 1) * BLOCK / RATE) for k in range(5)]
    assert starts[0] == 10.0 and np.allclose(np.diff(starts), BLOCK / RATE)
    # a burst stamped 300 ms late (a busy machine): the clock stays where it was
    late = mic.count(block(0.0), 10.0 + 6 * BLOCK / RATE + 0.3)
    assert mic.offset == 10.0 and abs(late - (10.0 + 5 * BLOCK / RATE)) < 1e-9
    assert mic.mic_moved_at == -np.inf


def test_blocks_that_stay_late_move_the_clock_and_mark_when() -> None:
    mic = frames()
    mic.count(block(0.0), 10.0 + BLOCK / RATE)
    tuning = ListenerTuning()
    end = 0.0
    for k in range(2, 2 + int(tuning.late_for_s * RATE / BLOCK) + 2):  # samples lost: every block 0.3 s late
        end = 10.3 + k * BLOCK / RATE
        mic.count(block(0.0), end)
    assert mic.offset is not None and abs(mic.offset - 10.3) < 1e-9
    assert mic.mic_moved_at <= end and mic.mic_moved_at > 10.3


def test_the_microphone_as_heard_is_kept_for_keep_s_and_given_back_newest_last() -> None:
    mic = frames(keep_s=0.1)
    for k in range(20):
        mic.count(block(float(k)), 1.0 + (k + 1) * BLOCK / RATE)
        assert mic.keep(block(float(k)), None) is not None
    assert mic.raw_len >= int(0.1 * RATE) - BLOCK and mic.raw_len <= int(0.1 * RATE) + BLOCK
    tail = mic.raw_tail(2 * BLOCK)
    assert list(tail[:1]) == [18.0] and list(tail[-1:]) == [19.0]
    assert mic.clean == []  # nothing after echo cancellation without a canceller
    mic.reset()
    assert mic.fed == 0 and mic.offset is None and len(mic.raw_tail(BLOCK)) == 0
