"""Reasons in words (words/reasons.py): every kind in both languages, Greek speech clean."""

from __future__ import annotations

import re

import pytest

from tavli_voice.bots.reasons import Difference, Kind
from tavli_voice.words import ENTRIES, player_words
from tavli_voice.words.reasons import REASON_WORDS, say_reasons

#: One difference per kind, in the direction the ranking says it (for the hint's play).
EXAMPLES = [
    Difference(Kind.SHOTS, 11, 0, (7,)),
    Difference(Kind.SHOTS, 21, 3, (9, 4)),
    Difference(Kind.SHOTS, 4, 1, (20,)),
    Difference(Kind.MADE, 0, 2, (7, 5)),
    Difference(Kind.GIVEN_UP, 1, 0, (8,)),
    Difference(Kind.PRIME, 2, 4),
    Difference(Kind.WALL, 1, 3),
    Difference(Kind.ANCHOR, 0, 1, (20,)),
    Difference(Kind.CAPTURED, 0, 1),
    Difference(Kind.LOST, 1, 0),
    Difference(Kind.THEIR_MOTHER, 0, 1),
    Difference(Kind.MOTHER_RISK, 13, 0),
    Difference(Kind.START_LEFT, 6, 4),
    Difference(Kind.PIPS, 10, -3),
    Difference(Kind.OFF, 1, 3),
    Difference(Kind.FRONT, 1, 3, (22, 21, 20)),
    Difference(Kind.START_BLOCK, 0, 4, (11, 10, 9, 7)),
]
GAMES = ("portes", "plakoto", "fevga")


def test_every_kind_has_words() -> None:
    """Each kind of fact has a sentence part, and the parts are in the catalogue under why."""
    for kind in Kind:
        assert kind.value in REASON_WORDS or f"{kind.value}.hit" in REASON_WORDS, kind
    for key in REASON_WORDS:
        assert ENTRIES[f"why.{key}"] == REASON_WORDS[key]


@pytest.mark.parametrize("game", GAMES)
def test_greek_speech_has_no_latin_letters_notation_or_gendered_digits(game: str) -> None:
    """Greek speech: no Latin letters, no '/', '*' or '^'; feminine counts written as words."""
    rita = player_words("Rita", "rita", 1, "el")
    for d in EXAMPLES:
        said = say_reasons(game, [d], "el", rita, speech=True)
        assert not re.search(r"[A-Za-z/*^]", said), said
        if d.kind in (Kind.SHOTS, Kind.MOTHER_RISK):
            # rolls are feminine: «έντεκα ζαριές», «μία ζαριά», never the digit before ζαρι-
            assert not re.search(r"\d+ ζαρι", said), said
        if d.kind in (Kind.PRIME, Kind.WALL):
            assert not re.search(r"\d", said), said  # πόρτες / θέσεις counted in words
            assert "τέσσερις" in said or "τρεις" in said, said
        if d.kind in (Kind.FRONT, Kind.START_BLOCK):  # θέσεις counted in words, points digits
            assert not re.search(r"\d+ με", said), said
            assert "τέσσερις με" in said or "τρεις με" in said, said
        screen = say_reasons(game, [d], "el", rita)
        assert not re.search(r"[A-Za-z]", screen), screen


def test_the_spoken_greek_of_a_blot_and_a_made_point() -> None:
    rita = player_words("Rita", "rita", 1, "el")
    said = say_reasons("portes", [Difference(Kind.SHOTS, 1, 0, (7,)),
                                  Difference(Kind.MADE, 0, 1, (5,))], "el", rita, speech=True)
    assert said == ("Η κίνησή σου αφήνει το πούλι στο 7 μόνο του, και η Ρίτα μπορεί να το "
                    "χτυπήσει με μία ζαριά στις 36· η προτεινόμενη κίνηση δεν αφήνει χτύπημα. "
                    "Η προτεινόμενη κίνηση κλείνει πόρτα στο 5.")


def test_english_from_the_listeners_side() -> None:
    rita = player_words("Rita", "rita", 1, "en")
    said = say_reasons("portes", [Difference(Kind.SHOTS, 11, 0, (7,)),
                                  Difference(Kind.MADE, 0, 1, (5,))], "en", rita)
    assert said == ("Your play leaves a checker on 7 alone, and Rita can hit it with 11 rolls "
                    "of 36; the hint's play leaves no shot. The hint's play makes point 5.")
    pinned = say_reasons("plakoto", [Difference(Kind.SHOTS, 5, 1, (9, 4))], "en", rita)
    assert "can pin one of them with 5 rolls of 36; after the hint's play, 1 roll of 36" in pinned
    assert "checkers on 9 and 4" in pinned


def test_no_reason_is_said_plainly_in_both_languages() -> None:
    for lang in ("en", "el"):
        said = say_reasons("fevga", [], lang, player_words("Rita", "rita", 1, lang))
        assert said == ENTRIES["why.none"][lang]


@pytest.mark.parametrize("lang", ["en", "el"])
@pytest.mark.parametrize("game", GAMES)
def test_before_a_play_is_chosen_every_reason_speaks_of_the_other_play(lang: str,
                                                                        game: str) -> None:
    """Not chosen: each kind says "the other play" («η άλλη κίνηση») where the player's
    play would be named, and never "your play", "yours", «κίνησή σου» or «δική σου»."""
    rita = player_words("Rita", "rita", 1, lang)
    own = ("your play", "yours") if lang == "en" else ("κίνησή σου", "δική σου")
    for d in EXAMPLES:
        mine = say_reasons(game, [d], lang, rita)
        other = say_reasons(game, [d], lang, rita, chosen=False)
        for words in own:
            assert words not in other.lower(), other
        if any(words in mine.lower() for words in own):
            assert ("the other play" if lang == "en" else "άλλη") in other.lower(), other
        else:
            assert other == mine
