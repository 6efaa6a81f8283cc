"""The words that answer "did you say …?": «σωστά» and «λάθος» are heard best in noise beside
«ναι»/«όχι», so both engines' grammars take them as yes and no, no other command sounds the same,
the question still says the short words, and the noisy-room advice names the longer ones."""

from __future__ import annotations

import re

from tavli_voice import commands as C
from tavli_voice.command_table import COMMANDS, by_name, fold, typed_word
from tavli_voice.narration.priorities import Verbosity
from tavli_voice.speech.grammar import Options, hint, jsgf, lookup, phrases
from tavli_voice.speech.lexicon import pronunciations
from tavli_voice.ui.voice_noise import advice
from tavli_voice.words import text

QUESTION = Options(plays=30, commands=frozenset({"yes", "no", "plays", "hint", "why", "resign", "leave",
                                                 "undo", "cancel"}))


def test_the_greek_question_grammar_takes_swsta_as_yes_and_lathos_as_no() -> None:
    items = phrases(QUESTION, "el")
    for said, meant in (("ναι", C.Yes()), ("σωστά", C.Yes()), ("όχι", C.No()), ("λάθος", C.No()),
                        ("σωστα", C.Yes()), ("ΛΑΘΟΣ", C.No())):
        phrase = lookup(items, said)
        assert phrase is not None and phrase.command == meant, said
    grammar = jsgf(items)
    assert "σωστά" in grammar and "λάθος" in grammar
    assert typed_word("σωστά") == C.Yes() and typed_word("λαθος") == C.No()


def test_english_answers_stay_yes_and_no_alone() -> None:
    assert by_name("yes").spoken["en"] == (("yes",),) and by_name("no").spoken["en"] == (("no",),)
    assert lookup(phrases(QUESTION, "en"), "wrong") is None


def test_no_answer_word_is_another_commands_word_and_each_has_greek_phones() -> None:
    answers = {fold(" ".join(v)) for name in ("yes", "no") for v in by_name(name).spoken["el"]}
    others = {fold(w) for spec in COMMANDS if spec.name not in ("yes", "no")
              for words in [*spec.typed.values(), *(tuple(" ".join(v) for v in vs) for vs in spec.spoken.values())]
              for w in words}
    assert answers == {"ναι", "σωστα", "οχι", "λαθος"}
    assert not answers & others
    for word in ("σωστά", "λάθος"):
        phones = pronunciations(word, "el")
        assert phones and all(p.split() for p in phones)
    assert pronunciations("σωστά", "el") != pronunciations("λάθος", "el")


def test_the_question_and_the_hint_still_say_the_short_words() -> None:
    assert text("voice.did_you_say", "el", text="πέντε") == "Είπες πέντε; Πες ναι ή όχι."
    assert text("voice.did_you_say", "en", text="five") == "Did you say five? Say yes or no."
    said = hint(Options(commands=frozenset({"yes", "no"})), "el")
    assert "ναι" in said and "όχι" in said and "σωστά" not in said and "λάθος" not in said


def test_in_a_noisy_room_the_hint_names_the_greek_answers_heard_best_there_and_english_is_unchanged() -> None:
    both = Options(plays=4, commands=frozenset({"yes", "no", "undo"}))
    assert hint(both, "el", noisy=True) == hint(both, "el").replace("ναι, όχι", "σωστά, λάθος")
    assert "σωστά, λάθος" in hint(both, "el", noisy=True)
    assert hint(both, "en", noisy=True) == hint(both, "en")
    for lang in ("en", "el"):  # and each word named is one the grammar takes for yes or no
        answers = Options(commands=frozenset({"yes", "no"}))
        named = hint(answers, lang, noisy=True).split(" ", 1)[1].split(", ")[:2]
        found = [lookup(phrases(answers, lang), w) for w in named]
        assert [p.command if p else None for p in found] == [C.Yes(), C.No()], named


def test_the_greek_noisy_advice_names_answer_words_the_grammar_takes() -> None:
    spoken = {" ".join(v): name for name in ("yes", "no") for v in by_name(name).spoken["el"]}
    for verbosity in (Verbosity.NORMAL, Verbosity.TERSE):
        named = re.findall(r"«([^»]+)»", advice("el", verbosity))
        assert {"σωστά", "λάθος"} <= set(named)
        assert all(word in spoken for word in named), named
    assert "σωστά" not in advice("en") and "yes" not in advice("en")
