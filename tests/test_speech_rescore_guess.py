"""The Greek fall-back whose phrases Whisper's own transcript chooses (engine_rescore.FALLBACK_GUESS): where Whisper
finds none of pocketsphinx's proposals likely, the turn's commands nearest its transcript are scored, and one it
clearly prefers and that is nearer the transcript than every proposal is asked back (fixed scores, no engine)."""

from __future__ import annotations

import math

import numpy as np

from tavli_voice.commands import ChoosePlay, Command, Describe, QueryPoint, StopSpeech
from tavli_voice.speech.engine_rescore import (FALLBACK, FALLBACK_GUESS, OVERRULED_SCORE, Evidence, RescoredRecognizer,
                                               nearest_commands)
from tavli_voice.speech.grammar import PHASE_COMMANDS, Options, Phrase, phrases
from tavli_voice.speech.heard import Heard
from tavli_voice.speech.listen_decide import should_confirm

ITEMS = phrases(Options(plays=9, commands=PHASE_COMMANDS["play"]), "el")
#: A crop with room around the word: its edges far under it (a quiet room, ``engine_rescore.TAIL_NOISE_BELOW``)
AUDIO = np.concatenate([np.zeros(3200), 0.3 * np.ones(8000), np.zeros(3200)]).astype(np.float32)
#: A noisy crop: its edges as loud as the word
NOISY = np.full(14400, 0.3, dtype=np.float32)
_LOG_BASE = math.log(1.0001)


def phrase(command: Command) -> Phrase:
    return next(p for p in ITEMS if p.command == command)


class Sphinx:
    """pocketsphinx proposing short words (log units of base 1.0001)."""

    lang = "el"

    def __init__(self, nbest: list[tuple[Command, float]]) -> None:
        self.nbest = nbest

    def recognize(self, audio: np.ndarray, items: tuple[Phrase, ...]) -> Heard:
        best = self.nbest[0][0]
        return Heard(phrase(best).text, best, 0.9, 1.0, "pocketsphinx")

    def candidates(self, items: tuple[Phrase, ...], depth: int = 30) -> list[tuple[Phrase, float]]:
        return [(phrase(c), s) for c, s in self.nbest[:depth]]


class Whisper:
    """Whisper's mean log-probability per token, given per command, and its own transcript of the word."""

    def __init__(self, values: dict[Command, float], said: str) -> None:
        self.values, self.said = values, said
        self.asked: list[tuple[Phrase, ...]] = []
        self.encoded = self.transcribed = 0

    def encode(self, audio: np.ndarray) -> tuple[np.ndarray, int]:
        self.encoded += 1
        return audio[None, :10], 1

    def transcript(self, audio: np.ndarray, encoding: tuple[np.ndarray, int] | None = None) -> str:
        assert encoding is not None  # the encoding made beside pocketsphinx, not a second encoder pass
        self.transcribed += 1
        return self.said

    def scores(self, audio: np.ndarray, items: tuple[Phrase, ...], encoding: tuple[np.ndarray, int] | None = None,
               whole: int = 0, beam: int | None = None) -> np.ndarray:
        self.asked.append(items)
        return np.array([self.values.get(p.command, -math.inf) for p in items])


def engine(whisper: Whisper, nbest: list[tuple[Command, float]]) -> RescoredRecognizer:
    assert (FALLBACK, FALLBACK_GUESS) == (-3.5, 5)  # the game's
    return RescoredRecognizer(Sphinx(nbest), whisper, tail_lead=None)  # type: ignore[arg-type]


def test_the_commands_nearest_a_transcript_keep_the_phrases_shape() -> None:
    """Whisper's transcript of a voice pocketsphinx cannot hear is nonsense, but its letters are near the phrase's."""
    nearest = nearest_commands(" Σε μόνο εκοσέ. Σε μόνο εκοσέ.", ITEMS, 5)
    assert [p.text for p in nearest][:2] == ["σημείο είκοσι", "σημείο είκοσι ένα"]
    assert all(p.text.startswith("σημείο") for p in nearest)
    assert len({p.command for p in nearest}) == 5  # one phrase a command
    assert [p.text for p in nearest_commands(" Βεσύνε κανέ", ITEMS, 2)] == ["θέση δεκαπέντε", "θέση δεκαεννέα"]
    assert [p.command for p in nearest_commands(" 8. 8.", ITEMS, 1)] == [ChoosePlay(8)]  # digits read as words
    assert nearest_commands(" ...", ITEMS, 3) == ()  # no letters: nothing to go by


def test_a_phrase_never_proposed_that_whisper_prefers_and_its_transcript_names_is_asked_back() -> None:
    nbest = [(Describe(), -100.0), (ChoosePlay(3), -100.0 - 0.2 / _LOG_BASE)]  # ταμπλό... short words for a long one
    whisper = Whisper({Describe(): -4.2, ChoosePlay(3): -4.4, QueryPoint(19): -2.9, QueryPoint(10): -3.6},
                      " Σε μορτή κανέα. Σε μορ")
    recognizer = engine(whisper, nbest)
    found = recognizer.evidence(AUDIO, ITEMS)
    assert isinstance(found, Evidence) and found.fell_back and found.said == whisper.said
    assert whisper.encoded == 1 and whisper.transcribed == 1 and len(whisper.asked) == 2
    added = whisper.asked[1]
    assert QueryPoint(19) in {p.command for p in added} and len({p.command for p in added}) == 5
    assert not {p.command for p in added} & {Describe(), ChoosePlay(3), StopSpeech()}  # proposals, "stop" left out
    heard = recognizer.recognize(AUDIO, ITEMS)
    assert heard.command == QueryPoint(19) and heard.score <= OVERRULED_SCORE and should_confirm(heard, "unsure")


def test_a_short_phrase_whisper_prefers_but_its_transcript_does_not_name_leaves_the_proposals() -> None:
    """Whisper's mean per token favours short phrases: «τέσσερα» over «θέση ένα» said, its transcript «Φεσίερα»."""
    nbest = [(QueryPoint(1), -100.0), (ChoosePlay(3), -100.0 - 0.5 / _LOG_BASE)]
    whisper = Whisper({QueryPoint(1): -4.0, ChoosePlay(3): -4.6, ChoosePlay(4): -2.3}, " Θέσι ένα! Θέσι")
    heard = engine(whisper, nbest).recognize(AUDIO, ITEMS)
    assert ChoosePlay(4) in {p.command for p in whisper.asked[1]}  # scored, and 1.7 ahead by Whisper alone
    assert heard.command == QueryPoint(1) and should_confirm(heard, "unsure")


def test_a_proposal_whisper_finds_likely_costs_no_transcript() -> None:
    nbest = [(QueryPoint(19), -100.0), (ChoosePlay(3), -100.0 - 0.5 / _LOG_BASE)]
    whisper = Whisper({QueryPoint(19): -2.0, ChoosePlay(3): -4.6, QueryPoint(10): -1.0}, " Σημείο δέκα.")
    heard = engine(whisper, nbest).recognize(AUDIO, ITEMS)
    assert whisper.transcribed == 0 and len(whisper.asked) == 1 and heard.command == QueryPoint(19)


def test_on_a_noisy_crop_whisper_writes_no_transcript() -> None:
    """In noise the fall-back would fire on a fifth of the words, for a few: the word is decided as before."""
    nbest = [(Describe(), -100.0), (ChoosePlay(3), -100.0 - 0.2 / _LOG_BASE)]
    whisper = Whisper({Describe(): -4.2, ChoosePlay(3): -4.4, QueryPoint(19): -2.9}, " Σε μορτή κανέα.")
    heard = engine(whisper, nbest).recognize(NOISY, ITEMS)
    assert whisper.transcribed == 0 and len(whisper.asked) == 1 and heard.command == Describe()
