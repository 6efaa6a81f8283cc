"""English's second opinion where Whisper's likeliest phrase scored under its floor: Moonshine weighs every number.

With a television on, Whisper's likeliest phrase often scores under its floor (``crop.SCORE_FLOOR``) and the number
said is among the phrases its beam pruned, so Moonshine, weighing only Whisper's three likeliest commands, could not
find it. There Moonshine weighs every play's number on offer too, a pruned one counting for Whisper as much as the
least likely it weighed (``fusion.with_unweighed``); the word is asked back still, never acted on at once. Scores
here are fixed (scripted engines), the sound only lets the crop find a word.
"""

from __future__ import annotations

import numpy as np

from speech_helpers import espeak, needs_espeak
from tavli_voice.commands import ChoosePlay, No, StopSpeech
from tavli_voice.speech.audio import Samples
from tavli_voice.speech.crop import SCORE_FLOOR, SECOND_EVERY_FLOORED, SpeechCrop, load_detector
from tavli_voice.speech.fusion import with_unweighed
from tavli_voice.speech.grammar import PHASE_COMMANDS, Options, Phrase, phrases
from tavli_voice.speech.heard import Heard
from tavli_voice.speech.listen_decide import decoys
from tavli_voice.speech.listener import should_confirm

PLAY = Options(plays=9, commands=PHASE_COMMANDS["play"])


class Scripted:
    """An engine whose phrase scores are given by the command each phrase means (``default`` for the rest: -inf,
    pruned, as Whisper's beam leaves a phrase); records the phrases it was asked to score."""

    def __init__(self, name: str, by_command: dict[object, float], default: float = -np.inf) -> None:
        self.name = name
        self.by_command = by_command
        self.default = default
        self.calls: list[tuple[Phrase, ...]] = []

    def scores(self, audio: Samples, items: tuple[Phrase, ...]) -> np.ndarray:
        self.calls.append(items)
        return np.array([self.by_command.get(p.command, self.default) for p in items], dtype=np.float64)

    def recognize(self, audio: Samples, items: tuple[Phrase, ...]) -> Heard:
        raise AssertionError("the crop scores the views itself")


def sound() -> np.ndarray:
    """Espeak-ng's "seven" in faint noise: the scripted engines decide what is heard in it."""
    rng = np.random.default_rng(5)
    pad = np.zeros(8000)
    x = np.concatenate([pad, espeak("seven"), pad])
    return (x + 0.001 * rng.standard_normal(len(x))).astype(np.float32)


def items() -> tuple[Phrase, ...]:
    offered = phrases(PLAY, "en")
    return offered + decoys(PLAY, "en", offered)


def crops(whisper: Scripted, moon: Scripted) -> tuple[SpeechCrop, SpeechCrop]:
    """The crop with Moonshine weighing every number too where Whisper is floored, and as before (three likeliest)."""
    every = SpeechCrop(whisper, load_detector(), views=("crop", "band"), second=moon,  # type: ignore[arg-type]
                       second_every_floored=True)
    three = SpeechCrop(whisper, load_detector(), views=("crop", "band"), second=moon,  # type: ignore[arg-type]
                       second_every_floored=False)
    return every, three


class TestWithUnweighed:
    def test_a_pruned_command_counts_as_much_as_the_least_likely_weighed(self) -> None:
        shares = with_unweighed([("one", 0.5), ("no", 0.3), ("three", 0.2)], ["one", "seven", "no", "three"])
        assert [c for c, _ in shares] == ["one", "no", "three", "seven"]
        assert dict(shares)["seven"] == dict(shares)["three"] and abs(sum(s for _, s in shares) - 1) < 1e-9

    def test_nothing_weighed_stays_nothing(self) -> None:
        assert with_unweighed([], ["one"]) == ()


@needs_espeak
class TestEveryCommandWhereFloored:
    def test_the_number_whisper_pruned_is_asked_back_when_moonshine_hears_it(self) -> None:
        # Whisper: "one" first at -4.5 a token (under its floor), then the decoy "no" and "three"; "seven" pruned
        whisper = Scripted("whisper", {ChoosePlay(1): -4.5, No(): -4.3, ChoosePlay(3): -5.0})
        moon = Scripted("moonshine", {ChoosePlay(7): -0.5}, default=-3.0)
        every, three = crops(whisper, moon)
        x = sound()
        before, after = three.recognize(x, items()), every.recognize(x, items())
        assert -4.5 < SCORE_FLOOR["whisper"]
        assert before.command in (ChoosePlay(1), ChoosePlay(3), No()) and before.floored
        assert after.command == ChoosePlay(7) and after.text == "seven"
        assert should_confirm(after, "unsure") and after.score == before.score  # asked back, never acted on
        assert after.floored and after.seconded is None
        numbers = {ChoosePlay(n) for n in range(1, 10)}  # every play's number on offer, and Whisper's three likeliest
        assert {p.command for p in moon.calls[-1]} == numbers | {No()}
        assert "'seven' asked back" in after.why
        shipped = SpeechCrop(whisper, load_detector(), views=("crop", "band"), second=moon)  # type: ignore[arg-type]
        assert SECOND_EVERY_FLOORED["moonshine"] and shipped.recognize(x, items()).command == ChoosePlay(7)

    def test_a_word_scored_over_the_floor_is_weighed_on_its_three_likeliest_only(self) -> None:
        whisper = Scripted("whisper", {ChoosePlay(1): -2.0, ChoosePlay(3): -2.2, ChoosePlay(5): -2.4,
                                       ChoosePlay(4): -2.6})
        moon = Scripted("moonshine", {ChoosePlay(7): -0.5}, default=-3.0)
        every, three = crops(whisper, moon)
        x = sound()
        after, before = every.recognize(x, items()), three.recognize(x, items())
        assert not after.floored and should_confirm(after, "unsure")
        assert {p.command for p in moon.calls[-1]} == {ChoosePlay(1), ChoosePlay(3), ChoosePlay(5)}
        assert after.command != ChoosePlay(7) and after.command == before.command

    def test_a_decoy_moonshine_hears_clearly_stays_a_decoy(self) -> None:
        whisper = Scripted("whisper", {No(): -4.5, ChoosePlay(1): -4.8, ChoosePlay(3): -5.0})
        moon = Scripted("moonshine", {No(): -0.2}, default=-4.0)
        every, _ = crops(whisper, moon)
        after = every.recognize(sound(), items())
        assert after.command == No() and should_confirm(after, "unsure")

    def test_stop_heard_by_moonshine_alone_is_not_made_the_word(self) -> None:
        whisper = Scripted("whisper", {ChoosePlay(1): -4.5, ChoosePlay(3): -5.0})
        moon = Scripted("moonshine", {StopSpeech(): -0.1}, default=-4.0)
        every, _ = crops(whisper, moon)
        after = every.recognize(sound(), items())
        assert after.command == ChoosePlay(1) and should_confirm(after, "unsure")
