"""A number said in noise is not swallowed by a decoy: ``crop.DECOY_HANDICAP``.

While a play is chosen the game listens also for the command words not on offer (``listen_decide.decoys``), so that
such a word is heard as what it is. In noise the short "no" and "yes" came out a little likelier than the player's
number; the English engine takes DECOY_HANDICAP off a decoy's own score, so a decoy wins only when clearly said.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from speech_helpers import espeak, fsdd, needs_espeak, needs_fsdd
from tavli_voice.commands import ChoosePlay, No
from tavli_voice.speech import crop, listen_decide
from tavli_voice.speech.audio import RATE
from tavli_voice.speech.crop import DECOY_HANDICAP, SpeechCrop, load_detector
from tavli_voice.speech.grammar import PHASE_COMMANDS, Options, Phrase, phrases
from tavli_voice.speech.listen_decide import decoys, on_offer_only
from tests.test_voice_noise import whisper_or_skip

PLAY = Options(plays=9, commands=PHASE_COMMANDS["play"])
NINE, NO = Phrase(("nine",), ChoosePlay(9)), Phrase(("no",), No(), decoy=True)


class Scores:
    """Whisper's scores of "nine" and the decoy "no", as given."""

    name = "whisper"

    def __init__(self, nine: float, no: float) -> None:
        self.given = {NINE: nine, NO: no}

    def scores(self, audio: np.ndarray, items: tuple[Phrase, ...]) -> np.ndarray:
        return np.array([self.given[p] for p in items])


def padded(said: np.ndarray, seed: int = 5) -> np.ndarray:
    rng = np.random.default_rng(seed)
    x = np.concatenate([np.zeros(RATE // 2, np.float32), said, np.zeros(RATE // 2, np.float32)])
    return x + (0.001 * rng.standard_normal(len(x))).astype(np.float32)


def test_the_english_engine_handicaps_decoys() -> None:
    assert DECOY_HANDICAP["whisper"] > 0


@needs_espeak
def test_a_decoy_no_scored_just_over_a_number_loses_to_it() -> None:
    handicap = DECOY_HANDICAP["whisper"]
    engine = SpeechCrop(Scores(nine=-2.0, no=-2.0 + handicap / 2), load_detector(), views=("crop", "band"))
    heard = engine.recognize(padded(espeak("nine")), (NINE, NO))
    assert heard.command == ChoosePlay(9), heard.why
    assert on_offer_only(heard, (NINE,)).command == ChoosePlay(9)


@needs_espeak
def test_the_same_no_without_the_handicap_would_have_taken_the_number(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(crop.DECOY_HANDICAP, "whisper", 0.0)
    handicap = DECOY_HANDICAP["whisper"] or 1.0
    engine = SpeechCrop(Scores(nine=-2.0, no=-2.0 + handicap / 2), load_detector(), views=("crop", "band"))
    assert engine.recognize(padded(espeak("nine")), (NINE, NO)).command == No()


@needs_espeak
def test_a_clearly_said_no_still_wins_and_is_said_to_be_not_on_offer() -> None:
    engine = SpeechCrop(Scores(nine=-3.5, no=-0.8), load_detector(), views=("crop", "band"))
    heard = engine.recognize(padded(espeak("no")), (NINE, NO))
    assert heard.command == No()
    assert on_offer_only(heard, (NINE,)).reason == "not_on_offer"


@needs_espeak
@pytest.mark.parametrize("word", ["yes", "no", "roll", "take", "next"])
def test_a_decoy_word_said_while_a_play_is_chosen_is_heard_as_not_on_offer(
        word: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    engine = whisper_or_skip(tmp_path, monkeypatch)
    offered = phrases(PLAY, "en")
    heard = on_offer_only(engine.recognize(padded(espeak(word)), offered + decoys(PLAY, "en", offered)), offered)
    assert heard.command is None and heard.reason == "not_on_offer", heard.why


@needs_fsdd
def test_a_six_said_in_white_noise_is_asked_back_not_taken_for_the_decoy_yes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """FSDD 6_jackson_16 in white noise 10 dB under it (the voice benchmark's tuning clip 102, noise seed 40): without
    the handicaps (Whisper's and Moonshine's) the decoy "yes" took it ("not possible now"); with them "six" is asked
    back."""
    from benchmarks import noise as sound

    engine = whisper_or_skip(tmp_path, monkeypatch)
    offered = phrases(PLAY, "en")
    items = offered + decoys(PLAY, "en", offered)
    x, _ = sound.mix(fsdd(6, "jackson", 16), "white", 10.0, np.random.default_rng([40, 102]), pad_s=0.5, sources={})
    heard = on_offer_only(engine.recognize(x, items), offered)
    assert heard.command == ChoosePlay(6), heard.why
    monkeypatch.setitem(crop.DECOY_HANDICAP, "whisper", 0.0)
    monkeypatch.setitem(crop.DECOY_HANDICAP, "moonshine", 0.0)  # Moonshine's second opinion weighs the "yes" too
    monkeypatch.setattr(listen_decide, "DECOY_ASKED_BACK", {})  # an unsure decoy not asked back as the number
    before = on_offer_only(engine.recognize(x, items), offered)
    assert before.command is None and before.reason == "not_on_offer" and before.text == "yes", before.why
