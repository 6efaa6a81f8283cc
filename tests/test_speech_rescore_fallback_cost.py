"""The Greek fall-back's cost: Whisper scores the ~100 numbered phrases it adds in a few decoder rows, keeping only
its likeliest prefix as it walks their prefix tree, and decides as the walk that kept eight did (real engines)."""

from __future__ import annotations

import os

import pytest

from speech_helpers import espeak, needs_espeak
from tavli_voice.commands import Command, QueryPoint, QueryQuarter
from tavli_voice.speech.engine_rescore import FALLBACK_BEAM, OVERRULED_SCORE, Evidence, RescoredRecognizer
from tavli_voice.speech.engine_sphinx import SphinxRecognizer
from tavli_voice.speech.engine_whisper import WhisperRecognizer, find_weights
from tavli_voice.speech.grammar import PHASE_COMMANDS, Options, phrases

#: The play phase of 9 plays, as benchmarks/voice.py listens to it: 98 numbered phrases of two words or more.
ITEMS = phrases(Options(plays=9, commands=PHASE_COMMANDS["play"]), "el")


class Rows:
    """A Whisper model that counts the rows (sequences) of its decoder calls."""

    def __init__(self, real: object) -> None:
        self.real = real
        self.rows = 0

    def __getattr__(self, name: str) -> object:
        return getattr(self.real, name)

    def generate(self, features: object, prompts: list[list[int]], **kwargs: object) -> object:
        self.rows += len(prompts)
        return self.real.generate(features, prompts, **kwargs)  # type: ignore[attr-defined]

    def align(self, features: object, start: list[int], texts: list[list[int]], *args: object,
              **kwargs: object) -> object:
        self.rows += len(texts)
        return self.real.align(features, start, texts, *args, **kwargs)  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def engines() -> tuple[SphinxRecognizer, WhisperRecognizer]:
    weights = find_weights(lang="el")
    if weights is None:
        why = "no multilingual Whisper installed (the README's install line has the whisper-multilingual extra)"
        if os.environ.get("CI") == "true":
            pytest.fail(why)
        pytest.skip(why)
    return SphinxRecognizer("el"), WhisperRecognizer(weights, "el")


def fall_back_rows(sphinx: SphinxRecognizer, whisper: WhisperRecognizer, said: str, voice: str,
                   beam: int) -> tuple[int, Evidence, Command | None, float]:
    """The decoder rows the fall-back cost on ``said`` (those of the evidence with it, less those without it; once
    warmed, the walk's lengths sized), its evidence and the decision."""
    clip = espeak(said, voice, 175)
    engine = RescoredRecognizer(sphinx, whisper, overlap=False, fallback=-3.5, fallback_beam=beam, fallback_guess=None,
                                fallback_lead=1.5)
    plain = RescoredRecognizer(sphinx, whisper, overlap=False, fallback=None)
    engine.evidence(clip, ITEMS)  # the walk's lengths found once
    counting = Rows(whisper._model)
    real, whisper._model = whisper._model, counting
    try:
        found = engine.evidence(clip, ITEMS)
        with_it = counting.rows
        counting.rows = 0
        plain.evidence(clip, ITEMS)
        without = counting.rows
    finally:
        whisper._model = real
    heard = engine.recognize(clip, ITEMS)
    assert isinstance(found, Evidence)
    return with_it - without, found, heard.command, heard.score


@needs_espeak
@pytest.mark.parametrize("said, voice, meant", [("σημείο τρία", "el+kaukovalta", QueryPoint(3)),
                                                ("τεταρτημόριο μία", "el+kaukovalta", QueryQuarter(1))])
def test_the_fall_back_scores_its_phrases_in_a_few_decoder_rows_and_decides_as_the_wide_walk(
        engines: tuple[SphinxRecognizer, WhisperRecognizer], said: str, voice: str, meant: Command) -> None:
    """pocketsphinx proposes neither (the board, a number, ...); Whisper's likeliest added phrase is the word said,
    found walking one prefix at a time in half the rows or fewer of the walk that kept eight (9 against 22 and 17
    against 44 rows here), and asked back as before."""
    sphinx, whisper = engines
    narrow, found, heard, score = fall_back_rows(sphinx, whisper, said, voice, FALLBACK_BEAM)
    wide, wide_found, wide_heard, wide_score = fall_back_rows(sphinx, whisper, said, voice, 8)
    assert found.fell_back and wide_found.fell_back
    assert meant not in found.acoustic  # the word said was added by the fall-back, not proposed
    assert (heard, score) == (wide_heard, wide_score) == (meant, OVERRULED_SCORE)  # asked back, as before
    assert 2 * narrow <= wide, (narrow, wide)
