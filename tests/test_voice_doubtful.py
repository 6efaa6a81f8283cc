"""Never act on a doubtful word: the English engine's acting rule on words logged on the sound rig.

On the rig with a television at 10 dB an English match acted on four wrong plays
(benchmarks/results/e2e-sound-tv-match.txt, the `voice decision:` lines). Each case is
rebuilt here from its logged values (share of the phrases scored, the crop's "dB over the
noise" or none, the winning phrase's own score) through the crop's rule and the voice
decision: each is asked back. Sure words from a quiet room are still acted on at once.
"""

from __future__ import annotations

import numpy as np
import pytest

from speech_helpers import espeak, needs_espeak
from tavli_voice.commands import ChoosePlay
from tavli_voice.speech.audio import RATE
from tavli_voice.speech.crop import NOISY_SHARE, SCORE_FLOOR, SpeechCrop, acting_score, load_detector
from tavli_voice.speech.grammar import Phrase
from tavli_voice.speech.heard import Heard
from tavli_voice.ui.voice_decision import Action, VoiceState, decide


def heard_from_log(text: str, number: int, share: float, snr: float | None, top: float) -> Heard:
    """The Heard the crop gives for a word logged with ``share``, ``snr`` dB over the noise and its own ``top``."""
    score, rule = acting_score(share, snr, top, "whisper")
    return Heard(text, ChoosePlay(number), score, 10.0, "whisper+crop", why=rule)


def action(heard: Heard) -> Action:
    return decide(heard, VoiceState(), lambda command: False).action


#: (heard, number, share, dB over the noise, its own score) of the rig's wrong plays with no noise measure
UNMEASURED = [("ten", 10, 0.66, None, -2.95),   # the television 1 s after the start, before the player spoke
              ("three", 3, 0.70, None, -2.59)]  # "one" said
#: the rig's lone candidates, whose share is 1.00 however poorly they scored
LONE = [("one", 1, 1.00, 9.6, -5.71),  # "eleven" said, the crop measured 9.6 dB over the noise
        ("one", 1, 1.00, None, -4.56)]  # "ten" said
#: sure words of the voice benchmark's tuning takes in quiet (FSDD, seed 41), acted on rightly before and after
SURE_QUIET = [("two", 2, 1.00, 96.8, -2.45), ("four", 4, 0.95, 96.3, -2.36), ("five", 5, 0.82, 96.8, -2.48),
              ("two", 2, 0.95, 37.9, -2.39)]


@pytest.mark.parametrize("case", UNMEASURED, ids=[c[0] for c in UNMEASURED])
def test_a_word_with_no_noise_measure_needs_the_noisiest_share_and_is_asked_back(case) -> None:  # type: ignore[no-untyped-def]
    heard = heard_from_log(*case)
    assert action(heard) is Action.ASK_BACK
    assert "no noise measure" in heard.why and f"{NOISY_SHARE:.2f} needed" in heard.why
    # the same share measured in a quiet room is acted on: the missing measure is what asks it back
    assert action(heard_from_log(case[0], case[1], case[2], 30.0, case[4])) is Action.ACT


@pytest.mark.parametrize("case", LONE, ids=["eleven", "ten"])
def test_a_lone_candidate_scored_far_below_sure_words_is_asked_back_however_large_its_share(case) -> None:  # type: ignore[no-untyped-def]
    heard = heard_from_log(*case)
    assert action(heard) is Action.ASK_BACK and f"under the floor {SCORE_FLOOR['whisper']:.2f}" in heard.why
    # the same share in a quiet room, with the score of a sure word, is acted on: the score is what asks it back
    assert action(heard_from_log(case[0], case[1], case[2], 30.0, -2.5)) is Action.ACT


def test_the_floor_asks_back_only_words_under_it() -> None:
    floor = SCORE_FLOOR["whisper"]
    assert action(heard_from_log("two", 2, 1.0, 30.0, floor - 0.01)) is Action.ASK_BACK
    assert action(heard_from_log("two", 2, 1.0, 30.0, floor + 0.01)) is Action.ACT
    assert acting_score(1.0, 30.0, floor - 3.0, "an engine with no floor")[0] == 1.0


@pytest.mark.parametrize("case", SURE_QUIET, ids=[f"{c[0]}-{c[2]}" for c in SURE_QUIET])
def test_sure_words_in_a_quiet_room_are_still_acted_on_at_once(case) -> None:  # type: ignore[no-untyped-def]
    assert action(heard_from_log(*case)) is Action.ACT


@needs_espeak
def test_a_sound_with_no_room_around_the_word_has_no_measure_and_needs_the_noisiest_share() -> None:
    class Share:
        name = "whisper"

        def recognize(self, audio: np.ndarray, items: tuple[Phrase, ...]) -> Heard:
            return Heard("seven", ChoosePlay(7), 0.75, 1.0, self.name)

    said = espeak("seven")
    loud = np.nonzero(np.abs(said) > 0.05 * np.abs(said).max())[0]
    word = said[loud[0]:loud[-1] + 1]  # as the listener cuts it: its pre-roll is inside the crop's margin
    crop = SpeechCrop(Share(), load_detector())
    heard = crop.recognize(word, ())
    assert crop.last_span is not None and crop.last_snr is None
    assert heard.score < 0.5 and action(heard) is Action.ASK_BACK
    rng = np.random.default_rng(7)
    padded = np.concatenate([np.zeros(RATE // 2, np.float32), word, np.zeros(RATE // 2, np.float32)])
    padded += (0.001 * rng.standard_normal(len(padded))).astype(np.float32)
    quiet = crop.recognize(padded, ())
    assert crop.last_snr is not None and quiet.score > 0.5 and action(quiet) is Action.ACT
