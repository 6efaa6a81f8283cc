"""The spoken help for step-by-step play names only point words the voice grammar takes.

Typed, "f bar" and "f μπάρα" both work (``ui/keys.py``); aloud, the Greek grammar knows
«μπάρα» and «έξω» only (``command_table.POINT_WORDS``, R1: 25 the bar, 0 off), so the help a
Greek speaker hears must not tell them to say "bar" or "off".
"""

from __future__ import annotations

import re

import pytest

from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice import words as M
from tavli_voice.command_table import POINT_WORDS
from tavli_voice.narration.phrases import NarrationContext, phrase, screen_text
from tavli_voice.speech.grammar import Options, lookup, phrases
from tavli_voice.speech.words import STEP_WORDS, Lang

#: Every name of the bar or off in either language ("bar", "μπάρα", "off", "έξω").
ALL_POINT_NAMES = {word for by_lang in POINT_WORDS.values() for names in by_lang.values()
                   for word in names}


def _named_points(line: str) -> set[str]:
    return {w for w in re.findall(r"\w+", line) if w in ALL_POINT_NAMES}


def _spoken_help(lang: str) -> list[str]:
    utterance = phrase(E.HelpReport(0, ("from", "to")), NarrationContext(lang=lang))
    return [seg for seg in utterance.segments if isinstance(seg, str)]


@pytest.mark.parametrize("lang", ["en", "el"])
def test_r1_spoken_step_help_names_only_words_the_voice_grammar_takes(lang: Lang) -> None:
    spoken = _spoken_help(lang)
    named = set().union(*(_named_points(line) for line in spoken))
    own = {POINT_WORDS[25][lang][0], POINT_WORDS[0][lang][0]}
    assert named == own, spoken  # the bar and off are named, each in the speaker's language
    steps = phrases(Options(from_points=frozenset({25}), to_points=frozenset({0})), lang)
    say_from = " ".join(STEP_WORDS["from"][lang][0])
    say_to = " ".join(STEP_WORDS["to"][lang][0])
    heard_from = lookup(steps, f"{say_from} {POINT_WORDS[25][lang][0]}")
    heard_to = lookup(steps, f"{say_to} {POINT_WORDS[0][lang][0]}")
    assert heard_from is not None and heard_from.command == C.FromPoint(25)
    assert heard_to is not None and heard_to.command == C.ToPoint(0)


def test_r1_greek_speech_never_tells_a_speaker_to_say_the_latin_bar_or_off() -> None:
    spoken = " ".join(_spoken_help("el"))
    assert "μπάρα" in spoken and "έξω" in spoken
    assert not re.search(r"\b(bar|off)\b", spoken), spoken


def test_r1_greek_screen_names_the_bar_and_off_in_greek_with_the_key_to_type() -> None:
    shown = screen_text(E.HelpReport(0, ("from", "to")), NarrationContext(lang="el"))
    assert "f μπάρα" in shown and "t έξω" in shown
    assert not re.search(r"\b(bar|off)\b", shown), shown


def test_greek_help_says_b_briefly_describes_and_how_to_type_ll() -> None:
    """«σύντομα» alone also means "soon": b gives a summary (σύνοψη); ll is explained as the l
    key typed twice, never a bare «ll»."""
    shown = screen_text(E.HelpReport(0, ("position", "leave")),
                        NarrationContext(lang="el")).splitlines()
    assert "b: σύνοψη: μέτρημα, μπάρα, μαζεμένα, ποιος παίζει" in shown, shown
    assert any(line.startswith("ll (δύο φορές το l): φύγε από το τραπέζι") for line in shown), shown
    english = screen_text(E.HelpReport(0, ("leave",)), NarrationContext(lang="en")).splitlines()
    assert any(line.startswith("ll: leave the table") for line in english), english
    assert M.help_lines("el", ("from",), speech=True) != M.help_lines("el", ("from",))


@pytest.mark.parametrize("lang, words", [("en", "tavli-voice play --words"),
                                         ("el", "ξεκίνα με tavli-voice play --words")])
def test_typed_help_says_how_to_show_plays_in_words_alone_until_it_is_on(lang: str,
                                                                          words: str) -> None:
    """Each play is shown twice, in words and notation (24/21): the typed help names --words,
    which shows the words alone; with it on, or heard, the line is not there."""
    shown = screen_text(E.HelpReport(0, ("roll",)), NarrationContext(lang=lang))
    assert words in shown.splitlines()[-1], shown
    alone = screen_text(E.HelpReport(0, ("roll",)), NarrationContext(lang=lang, screen_notation=False))
    assert "--words" not in alone
    heard = phrase(E.HelpReport(0, ("roll",)), NarrationContext(lang=lang)).segments
    assert not any("--words" in seg for seg in heard if isinstance(seg, str))
