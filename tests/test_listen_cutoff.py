"""The voice-activity detector ends an utterance on the level gate's cut-off (a television on).

A television's talk keeps the level over the noise floor between words, so
without the cut-off an utterance ran on to the detector's 6 s cap and a word
said across the cut was split. With it the player's word is cut out whole,
and a number of two words («είκοσι τέσσερα», «θέση δεκαεπτά») is not split at
its short inner pause. Real espeak-ng clips, the benchmarks' television
(``benchmarks/noise.py``: a news reader over a tune) under them.
"""

from __future__ import annotations

import queue
from pathlib import Path

import numpy as np
import pytest

from speech_helpers import espeak, needs_espeak
from tavli_voice.commands import ChoosePlay
from tavli_voice.speech.audio import RATE
from tavli_voice.speech.grammar import Options
from tavli_voice.speech.heard import Heard
from tavli_voice.speech.listen_level import LevelGate, utterance_level
from tavli_voice.speech.listener import Listener, ListenerTuning
from tavli_voice.speech.vad import EnergyVad, Utterance

#: the player's words' level and the television's (its loudest 0.2 s), as on the rig at 10 dB
PLAYER_DB, TV_DB = -18.0, -28.0


def at_db(x: np.ndarray, db: float) -> np.ndarray:
    """``x`` scaled so that its ``utterance_level`` is ``db`` dBFS."""
    return (x * 10 ** ((db - utterance_level(x, RATE)) / 20)).astype(np.float32)


def television(seconds: float, seed: int, folder: Path) -> np.ndarray:
    from benchmarks import noise as sound

    rng = np.random.default_rng(seed)
    sources = {"tv": sound.espeak_talk(sound.TV_TALK, folder)}
    tv = at_db(sound.noise("tv", int(seconds * RATE), rng, sources).astype(np.float32), TV_DB)
    return (tv + 0.0003 * rng.standard_normal(len(tv))).astype(np.float32)


def utterances(mic: np.ndarray, cutoff: float | None) -> list[Utterance]:
    vad = EnergyVad()
    vad.cutoff = cutoff
    found: list[Utterance] = []
    block = RATE // 50
    for k in range(0, len(mic), block):
        found += [e for e in vad.feed(mic[k:k + block]) if isinstance(e, Utterance)]
    return found + [e for e in vad.flush() if isinstance(e, Utterance)]


def word_span(word: np.ndarray, at: float) -> tuple[float, float]:
    """Where the word's sound (over -50 dBFS a sample) begins and ends in the stream."""
    loud = np.flatnonzero(np.abs(word) > 10 ** (-50 / 20))
    return at + loud[0] / RATE, at + loud[-1] / RATE


def gate_cutoff(tv: np.ndarray) -> float:
    gate = LevelGate()
    gate.hear(tv, RATE)
    for level in (PLAYER_DB, PLAYER_DB - 1):  # the player's two sure words before
        gate.learn(level)
    cutoff = gate.cutoff
    assert cutoff is not None
    return cutoff


@needs_espeak
@pytest.mark.parametrize("text, voice", [("είκοσι τέσσερα", "el"), ("θέση δεκαεπτά", "el"),
                                         ("είκοσι τέσσερα", "el+f2"), ("twenty four", "en-us")])
def test_a_number_said_across_the_televisions_6_s_cut_is_cut_out_whole(
        text: str, voice: str, tmp_path: Path) -> None:
    tv = television(30.0, 11, tmp_path)
    cutoff = gate_cutoff(tv[:12 * RATE])
    # where the television alone holds the detector to its cap
    capped = [u for u in utterances(tv, None) if u.start > 12 and u.end - u.start >= 5.9]
    assert capped, "the television holds the detector in speech to its cap"
    word = at_db(espeak(text, voice=voice), PLAYER_DB)
    begin, end = word_span(word, 0.0)
    at = capped[0].end - (begin + end) / 2  # the word's middle at the cut
    mic = tv.copy()
    start = int(at * RATE)
    mic[start:start + len(word)] += word
    begin, end = begin + start / RATE, end + start / RATE

    split = utterances(mic, None)  # without the cut-off: the word is split at the cap
    assert any(begin + 0.05 < u.end < end - 0.05 for u in split)

    whole = [u for u in utterances(mic, cutoff) if u.end > begin and u.start < end]
    assert len(whole) == 1  # one utterance holds the whole word, its inner pause included
    assert whole[0].start <= begin and whole[0].end >= end
    assert whole[0].end - end < 0.6  # ended soon after the word, the television still talking
    assert whole[0].end - whole[0].start < 3.0


@needs_espeak
def test_the_quiet_room_hang_over_is_unchanged_with_a_cutoff_far_under_the_word() -> None:
    word = at_db(espeak("είκοσι τέσσερα", voice="el"), PLAYER_DB)
    rng = np.random.default_rng(3)
    mic = np.concatenate([np.zeros(RATE // 2), word, np.zeros(RATE)]).astype(np.float32)
    mic = (mic + 0.0005 * rng.standard_normal(len(mic))).astype(np.float32)
    for cutoff in (None, -60.0):
        found = utterances(mic, cutoff)
        assert len(found) == 1 and found[0].end - found[0].start < len(word) / RATE + 0.5


class Engine:
    """Hears every sound as play 24 (sure), and keeps the sounds it was given."""

    def __init__(self) -> None:
        self.sounds: list[np.ndarray] = []

    def recognize(self, audio: np.ndarray, items: tuple[object, ...]) -> Heard:
        self.sounds.append(audio)
        return Heard("twenty four", ChoosePlay(24), 1.0, 1.0, "whisper")


@needs_espeak
def test_the_listener_cuts_a_word_inside_television_talk_out_whole(tmp_path: Path) -> None:
    tv = television(24.0, 5, tmp_path)
    word = at_db(espeak("είκοσι τέσσερα", voice="el"), PLAYER_DB)
    at = int(16.3 * RATE)
    mic = tv.copy()
    mic[at:at + len(word)] += word
    out: queue.Queue[object] = queue.Queue()
    now = [0.0]
    engine = Engine()
    listener = Listener(engine, "el", out, clock=lambda: now[0],  # type: ignore[arg-type]
                        tuning=ListenerTuning(speculate_s=None))
    listener.set_options(Options(plays=30))
    assert listener.level_gate is not None
    for level in (PLAYER_DB, PLAYER_DB - 1):
        listener.level_gate.learn(level)
    block = RATE // 50
    for k in range(0, len(mic), block):
        now[0] = (k + block) / RATE
        listener.process(mic[k:k + block], captured_end=now[0])
    listener.flush()
    heard = [h for h in list(out.queue) if isinstance(h, Heard) and h.command is not None]
    assert [h.command for h in heard] == [ChoosePlay(24)]
    assert len(engine.sounds) == 1  # the television alone was dropped as background
    sound = engine.sounds[0]
    assert len(word) / RATE <= len(sound) / RATE < len(word) / RATE + 1.5  # the word whole, no 6 s of talk
