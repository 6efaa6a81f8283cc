"""Every kind of reason as the narrator sends it to espeak-ng in Greek (the coach's note and
the hint's "why", before and after a play is chosen): no notation, no Latin letters, every
count of a feminine noun (ζαριές, φορές, θέσεις, πόρτες) in words with the feminine form,
and espeak-ng reads it all as Greek (it switches to English for nothing)."""

from __future__ import annotations

import re
import subprocess

import pytest

from speech_helpers import needs_espeak
from tavli_voice import events as E
from tavli_voice.bots.reasons import Kind
from tavli_voice.narration.phrases import phrase
from tavli_voice.narration.pieces import NarrationContext
from tavli_voice.narration.speechtext import clean_for_speech
from tavli_voice.narration.utterance import Pause
from tavli_voice.rules import Position, legal_plays

#: One fact of every kind, with counts whose Greek feminine differs from the neuter
#: (1, 3, 4, 13, 14, 21, 24, 31): (kind, the player's play, the hint's play, points).
FACTS = [
    ("shots", 31, 13, (24, 15, 7)), ("shots", 21, 0, (9,)), ("shots", 1, 0, (20,)),
    ("made", 0, 1, (3,)), ("given_up", 1, 0, (24,)), ("prime", 3, 4, ()), ("wall", 1, 3, ()),
    ("anchor", 0, 1, (20,)), ("captured", 0, 1, (13,)), ("lost", 1, 0, (4,)),
    ("their_mother", 0, 1, ()), ("mother_risk", 13, 0, ()), ("start_left", 6, 4, ()),
    ("head", 3, 1, ()), ("front", 1, 3, (22, 21, 20)), ("start_block", 0, 4, (11, 10, 9, 7)),
    ("blocked_rolls", 3, 14, ()), ("pips", 10, -3, ()), ("off", 1, 3, ()), ("gaps", 3, 1, ()),
    ("bearoff", 43, 31, ()), ("mars_lost", 21, 14, ()), ("mars_won", 1, 24, ()),
    ("lookahead", 31, 4, (66, 65)), ("lookahead", 36, 0, (11,)), ("lookahead", 1, 0, (42,)),
    ("checker", -60, -53, (6, 3)), ("checker", -12, -4, (24, 13)),
]
FEMININE = r"(?:ζαρι|φορ|θέσ|πόρτ)"
#: Neuter (or masculine) forms where the feminine differs: ένα/μία, τρία/τρεις, τέσσερα/τέσσερις.
NOT_FEMININE = re.compile(r"(?:^|[\s,·:])(?:ένα|ενός|τρία|τέσσερα|δεκατρία|δεκατέσσερα)\s+"
                          r"(?:από τις |στις )?" + FEMININE)
#: A count in digits read before a feminine noun (espeak-ng would say it in the neuter);
#: a decimal of rolls (4,3 ζαριές) is said as a number, and «στις 36» / «στις 100» do not vary.
DIGIT_COUNT = re.compile(r"(?<![,\d])\d+\s+(?:από τις\s+)?" + FEMININE)
GAMES = ("portes", "plakoto", "fevga")
PLAYERS = (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita"))


def sent_to_espeak(event: E.Event, game: str) -> str:
    """The exact Greek text the narrator gives the speech engine for ``event``."""
    ctx = NarrationContext(lang="el", players=PLAYERS, listener=0)
    return " ".join(clean_for_speech(s, "el") for s in phrase(event, ctx).segments
                    if not isinstance(s, Pause))


def events(game: str, fact: tuple[str, int, int, tuple[int, ...]]) -> list[E.Event]:
    """The coach's note and the hint's answer, chosen and not, carrying one reason."""
    plays = legal_plays(Position.initial(game), (6, 5))
    hint, other = plays[0], plays[-1]
    reasons = (E.ReasonFact(*fact),)
    return [E.CoachNote(0, hint, 5, 0.2, reasons),
            E.WhyReport(0, hint, other, True, reasons),
            E.WhyReport(0, hint, other, False, reasons)]


def test_every_kind_of_reason_is_among_the_facts() -> None:
    assert {str(k) for k in Kind} == {kind for kind, *_rest in FACTS}


@pytest.mark.parametrize("game", GAMES)
def test_the_greek_speech_of_every_reason_is_clean(game: str) -> None:
    for fact in FACTS:
        for event in events(game, fact):
            said = sent_to_espeak(event, game)
            reason = said.split("περισσότερες παρτίδες.")[-1]  # the coach's lead has a %
            assert not re.search(r"[A-Za-z/*^]", said), (fact, said)
            assert not NOT_FEMININE.search(said), (fact, said)
            assert not DIGIT_COUNT.search(reason), (fact, said)


def test_the_checks_find_what_they_look_for() -> None:
    """The patterns catch a neuter count and a digit before a feminine noun."""
    assert NOT_FEMININE.search("με τέσσερα ζαριές") and NOT_FEMININE.search("ένα από τις ζαριές")
    assert DIGIT_COUNT.search("με 13 ζαριές στις 36") and not DIGIT_COUNT.search("4,3 ζαριές")
    assert not NOT_FEMININE.search("ένα πούλι, τέσσερις θέσεις, μία ζαριά")


@needs_espeak
def test_espeak_ng_reads_every_reason_as_greek() -> None:
    """espeak-ng's phonemes (``-x``) mark a switch of language as ``(en)``: none, for every
    kind said in every game, the look one roll ahead and the one checker included."""
    lines = sorted({sent_to_espeak(event, game) for game in GAMES for fact in FACTS
                    for event in events(game, fact)})
    out = subprocess.run(["espeak-ng", "-v", "el", "-q", "-x", "\n".join(lines)],
                         capture_output=True, text=True, check=True).stdout
    assert out.strip() and "(en)" not in out, out
    english = subprocess.run(["espeak-ng", "-v", "el", "-q", "-x", "from 24/15 hello"],
                             capture_output=True, text=True, check=True).stdout
    assert "(en)" in english  # the check would see a Latin word
