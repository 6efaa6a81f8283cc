"""The player's own words: a number confirmed is kept, and helps choose the number asked back next time (off as
shipped: ``own_words.LEARN``; measured in benchmarks/voice_own_words.py).

Real speakers (FSDD) for the templates' measure; scripted scores for the engine around it, so that what the
templates change is what is tested.
"""

from __future__ import annotations

import queue
from typing import Any

import numpy as np
import pytest

from speech_helpers import fsdd, game_in_the_play_phase, in_silence, needs_fsdd
from tavli_voice import commands as C
from tavli_voice.commands import ChoosePlay, Roll
from tavli_voice.speech.audio import Samples
from tavli_voice.speech.crop import SpeechCrop, load_detector
from tavli_voice.speech.grammar import PHASE_COMMANDS, Options, Phrase, phrases
from tavli_voice.speech.heard import Heard
from tavli_voice.speech.listener import should_confirm
from tavli_voice.speech.own_words import KEEP, OwnWords

PLAY = Options(plays=9, commands=PHASE_COMMANDS["play"])


class Scripted:
    """An engine whose phrase scores are given by the command each phrase means."""

    name = "whisper"

    def __init__(self, by_command: dict[object, float]) -> None:
        self.by_command = by_command

    def scores(self, audio: Samples, items: tuple[Phrase, ...]) -> np.ndarray:
        return np.array([self.by_command.get(p.command, -9.0) for p in items])

    def recognize(self, audio: Samples, items: tuple[Phrase, ...]) -> Heard:
        raise AssertionError("the crop scores the views itself")


def taught(*words: tuple[int, str, int]) -> OwnWords:
    """A store holding FSDD takes (digit, speaker, take) as the player's confirmed numbers."""
    own = OwnWords()
    for digit, speaker, take in words:
        assert own.add(ChoosePlay(digit), fsdd(digit, speaker, take))
    return own


@needs_fsdd
class TestTheStore:
    def test_only_a_plays_number_with_enough_sound_is_kept_and_the_newest_few_of_each(self) -> None:
        own = OwnWords()
        assert not own.add(Roll(), fsdd(3, "lucas", 1))  # a command word: not a number to learn
        assert not own.add(ChoosePlay(3), None) and not own.add(ChoosePlay(3), np.zeros(800, np.float32))
        for take in range(KEEP + 2):
            assert own.add(ChoosePlay(3), fsdd(3, "lucas", take))
        assert len(own) == KEEP and own.known() == {ChoosePlay(3)}

    def test_the_number_said_is_nearest_to_its_own_template(self) -> None:
        own = taught(*((d, "jackson", 0) for d in range(1, 10)))
        for digit in (2, 6, 8):
            far = own.relative(fsdd(digit, "jackson", 44), [ChoosePlay(d) for d in range(1, 10)])
            assert far[ChoosePlay(digit)] == 0.0 and all(v > 0 for c, v in far.items() if c != ChoosePlay(digit))

    def test_a_number_with_no_template_counts_as_near_as_the_nearest(self) -> None:
        own = taught((2, "lucas", 0), (3, "lucas", 0))
        far = own.relative(fsdd(2, "lucas", 45), [ChoosePlay(2), ChoosePlay(3), ChoosePlay(7)])
        assert far[ChoosePlay(2)] == 0.0 and far[ChoosePlay(7)] == 0.0 and far[ChoosePlay(3)] > 0

    def test_weighing_puts_the_number_said_first_when_the_engine_had_it_second(self) -> None:
        own = taught(*((d, "lucas", 0) for d in range(1, 10)))
        shares = ((ChoosePlay(3), 0.5), (ChoosePlay(2), 0.4), (Roll(), 0.1))  # "two" said, heard as three
        weighed = own.weigh(fsdd(2, "lucas", 47), shares)
        assert weighed is not None and weighed[0][0] == ChoosePlay(2)
        assert sum(s for _, s in weighed) == pytest.approx(1.0) and {c for c, _ in weighed} == {c for c, _ in shares}

    def test_nothing_is_weighed_without_two_numbers_heard_that_have_templates(self) -> None:
        own = taught((5, "lucas", 0), (2, "lucas", 0))
        assert own.weigh(fsdd(2, "lucas", 47), ((ChoosePlay(3), 0.6), (ChoosePlay(2), 0.4))) is None
        assert OwnWords().weigh(fsdd(2, "lucas", 47), ((ChoosePlay(2), 1.0),)) is None

    def test_only_the_numbers_with_templates_share_out_their_share_again(self) -> None:
        own = taught((2, "lucas", 0), (3, "lucas", 0))
        shares = ((C.Yes(), 0.4), (ChoosePlay(3), 0.3), (ChoosePlay(7), 0.2), (ChoosePlay(2), 0.1))
        weighed = own.weigh(fsdd(2, "lucas", 47), shares)
        assert weighed is not None
        new = dict(weighed)
        assert new[C.Yes()] == 0.4 and new[ChoosePlay(7)] == 0.2  # a decoy and a number not yet confirmed keep theirs
        assert new[ChoosePlay(2)] + new[ChoosePlay(3)] == pytest.approx(0.4) and new[ChoosePlay(2)] > new[ChoosePlay(3)]


def sound(digit: int, take: int) -> np.ndarray:
    return in_silence(fsdd(digit, "lucas", take), seed=take)


@needs_fsdd
class TestTheEngine:
    """The crop weighs a word it would ask back with the player's own words; the number asked back may change,
    whether it is asked back never does."""

    def test_a_word_asked_back_is_asked_as_the_number_the_players_own_words_prefer(self) -> None:
        whisper = Scripted({ChoosePlay(3): -1.0, ChoosePlay(2): -1.2, ChoosePlay(5): -1.6})
        crop = SpeechCrop(whisper, load_detector(), views=("crop", "band"))  # type: ignore[arg-type]
        items = phrases(PLAY, "en")
        x = sound(2, 46)
        before = crop.recognize(x, items)
        assert before.command == ChoosePlay(3) and should_confirm(before, "unsure") and before.sound is None
        crop.own_words = taught(*((d, "lucas", 0) for d in range(1, 10)))
        after = crop.recognize(x, items)
        assert after.command == ChoosePlay(2) and after.text == "two" and should_confirm(after, "unsure")
        assert after.score == before.score and "own words" in after.why and "'two' asked back" in after.why
        assert after.sound is not None and 0.2 * 16000 < len(after.sound) < len(x)  # the crop, kept to learn from

    def test_a_word_acted_on_at_once_is_never_changed(self) -> None:
        whisper = Scripted({ChoosePlay(3): -0.3, ChoosePlay(2): -5.0})
        crop = SpeechCrop(whisper, load_detector(), views=("crop", "band"))  # type: ignore[arg-type]
        crop.own_words = taught(*((d, "lucas", 0) for d in range(1, 10)))
        heard = crop.recognize(sound(2, 46), phrases(PLAY, "en"))
        assert heard.command == ChoosePlay(3) and not should_confirm(heard, "unsure")
        assert "own words" not in heard.why


class TestTheGameLearns:
    """A yes to "did you say …?" about a play keeps the word's sound as one of the player's own words."""

    class Store:
        def __init__(self) -> None:
            self.kept: list[tuple[Any, Any]] = []

        def add(self, command: Any, sound: Any) -> bool:
            self.kept.append((command, sound))
            return True

    def asked(self, lang: str = "en") -> tuple[Any, Any, "queue.Queue[object]", Any]:
        app, source, _, out, _ = game_in_the_play_phase(lang)
        source.own_words = self.Store()
        word = np.ones(4000, np.float32)
        out.put(Heard("two", ChoosePlay(2), 0.3, 5.0, "whisper+crop", sound=word,
                      shares=((ChoosePlay(2), 0.5), (ChoosePlay(3), 0.5))))
        assert source.poll() is None and source.held == ChoosePlay(2)  # asked back
        return app, source, out, word

    def test_a_yes_keeps_the_number_and_its_sound(self) -> None:
        _, source, out, word = self.asked()
        out.put(Heard("yes", C.Yes(), 0.95, 5.0, "whisper+crop", shares=((C.Yes(), 0.95), (C.No(), 0.05))))
        assert source.poll() == ChoosePlay(2)
        assert [(c, s is word) for c, s in source.own_words.kept] == [(ChoosePlay(2), True)]

    def test_a_no_keeps_nothing(self) -> None:
        _, source, out, _ = self.asked()
        out.put(Heard("no", C.No(), 0.95, 5.0, "whisper+crop", shares=((C.No(), 0.95), (C.Yes(), 0.05))))
        assert source.poll() is None and source.own_words.kept == []


class TestWhoLearns:
    def test_learning_is_off_as_shipped(self, english_engine: Any) -> None:
        from tavli_voice.speech import own_words
        from tavli_voice.ui.voice_input import _learns_own_words

        assert not own_words.LEARN and _learns_own_words(english_engine, "en") is None

    def test_the_english_whisper_crop_learns_and_greek_does_not(self, english_engine: Any,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
        from tavli_voice.speech import own_words
        from tavli_voice.ui.voice_input import _learns_own_words

        monkeypatch.setattr(own_words, "LEARN", True)
        crop = english_engine if isinstance(english_engine, SpeechCrop) else english_engine.general
        assert crop.own_words is None
        store = _learns_own_words(english_engine, "en")
        assert isinstance(store, OwnWords) and crop.own_words is store
        assert _learns_own_words(english_engine, "el") is None  # not measured in Greek
        crop.own_words = None
