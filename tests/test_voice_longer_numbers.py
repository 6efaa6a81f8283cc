"""A tens word heard in noise is weighed against the longer numbers it begins: ``crop.with_longer``.

On the sound rig with a television on, "twenty nine" came out as a sure "twenty" (share 0.91) with "twenty nine" never
scored (pruned by Whisper's beam), and play 20 was made. In noise the longer numbers on offer that begin with the
winner's words are scored whole beside it, so such a "twenty" is asked back, not acted on.
"""

from __future__ import annotations

import numpy as np

from tavli_voice.commands import ChoosePlay, Yes
from tavli_voice.speech.crop import LONGER_UNDER_SNR_DB, with_longer
from tavli_voice.speech.fusion import decide
from tavli_voice.speech.grammar import Phrase

TWENTY = Phrase(("twenty",), ChoosePlay(20))
TWENTY_NINE = Phrase(("twenty", "nine"), ChoosePlay(29))
TWENTY_THREE = Phrase(("twenty", "three"), ChoosePlay(23))
ONE = Phrase(("one",), ChoosePlay(1))
YES = Phrase(("yes",), Yes(), decoy=True)
ITEMS = (TWENTY, TWENTY_NINE, TWENTY_THREE, ONE, YES)


def test_the_pruned_longer_numbers_are_scored_beside_the_winner() -> None:
    asked: list[tuple[Phrase, ...]] = []

    def whole(chosen: tuple[Phrase, ...]) -> np.ndarray:
        asked.append(chosen)
        return np.array([-3.0, -3.7, -3.8])

    scores = with_longer(np.array([-3.9, -np.inf, -np.inf, -6.2, -7.0]), ITEMS, whole)
    assert asked == [(TWENTY, TWENTY_NINE, TWENTY_THREE)]
    assert np.allclose(scores, [-3.9, -4.6, -4.7, -6.2, -7.0])


def test_the_sure_twenty_of_the_rig_is_no_longer_sure_once_they_are_scored() -> None:
    meanings = [p.command for p in ITEMS]
    before = np.array([-3.89, -np.inf, -np.inf, -6.22, -np.inf])
    assert decide(before, meanings)[1] > 0.9  # acted on at once before: play 20 for "twenty nine"
    after = with_longer(before, ITEMS, lambda chosen: np.array([-3.92, -4.66, -4.64]))
    best, share = decide(after, meanings)
    assert meanings[best] == ChoosePlay(20) and share < 0.5  # asked back


def test_nothing_changes_when_the_longer_numbers_were_scored_or_the_winner_begins_none() -> None:
    def never(chosen: tuple[Phrase, ...]) -> np.ndarray:
        raise AssertionError("scored again")

    scored = np.array([-3.9, -5.0, -6.0, -6.2, -7.0])
    assert with_longer(scored, ITEMS, never) is scored
    one_first = np.array([-5.0, -np.inf, -np.inf, -2.0, -7.0])
    assert with_longer(one_first, ITEMS, never) is one_first
    yes_first = np.array([-5.0, -np.inf, -np.inf, -6.0, -1.0])
    assert with_longer(yes_first, ITEMS, never) is yes_first


def test_only_in_noise() -> None:
    assert 9.0 < LONGER_UNDER_SNR_DB < 21.0  # the rig's words (6-14 dB over a television) yes, a quiet room no
