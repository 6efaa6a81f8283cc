"""The yes/no benchmark (benchmarks/voice_yes_no.py) counts each answer in the column of what the game does with
it: a no heard as a yes that answers the question is the wrong play; an unsure yes the rules doubt is asked again."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.voice_yes_no import ANSWER_COLUMNS, answer_outcome, english_voices, number_outcome  # noqa: E402
from tavli_voice import commands as C  # noqa: E402
from tavli_voice.speech.heard import Heard  # noqa: E402


def _heard(command: C.Command | None, score: float, **fields: object) -> Heard:
    return Heard("x", command, score, 0.0, "whisper+crop", **fields)  # type: ignore[arg-type]


def test_each_answer_is_counted_in_the_column_of_what_the_game_does() -> None:
    sure_yes = _heard(C.Yes(), 0.9, shares=((C.Yes(), 0.9), (C.No(), 0.1)))
    assert answer_outcome(sure_yes, C.Yes(), False) == "right"
    assert answer_outcome(sure_yes, C.No(), False) == "NO HEARD AS A YES"
    assert answer_outcome(_heard(C.No(), 0.9), C.Yes(), False) == "yes heard as a no"
    assert answer_outcome(_heard(C.Hint(), 0.9), C.No(), False) == "another command"
    assert answer_outcome(_heard(None, 0.0, reason="nothing"), C.No(), False) == "not understood"
    assert set(ANSWER_COLUMNS) >= {"right", "NO HEARD AS A YES", "asked again"}


def test_an_unsure_yes_with_a_small_share_is_asked_again_only_after_the_runner_ups_question() -> None:
    unsure = _heard(C.Yes(), 0.1, shares=((C.Yes(), 0.17), (C.ChoosePlay(101), 0.17), (C.No(), 0.1)))
    assert answer_outcome(unsure, C.No(), True) == "asked again"
    assert answer_outcome(unsure, C.No(), False) == "NO HEARD AS A YES"
    near_no = _heard(C.Yes(), 0.3, rival=(C.No(), 0.44), shares=((C.Yes(), 0.65), (C.No(), 0.29)))
    assert answer_outcome(near_no, C.No(), False) == "asked again"


def test_a_number_is_right_at_once_asked_back_or_acted_on_wrongly() -> None:
    assert number_outcome(_heard(C.ChoosePlay(3), 0.9), C.ChoosePlay(3)) == "right at once"
    assert number_outcome(_heard(C.ChoosePlay(3), 0.9), C.ChoosePlay(8)) == "acted on wrongly"
    assert number_outcome(_heard(C.ChoosePlay(3), 0.2), C.ChoosePlay(8)) == "asked back"
    lone = _heard(C.ChoosePlay(3), 1.0, shares=((C.ChoosePlay(3), 1.0),), snr=3.0)
    assert number_outcome(lone, C.ChoosePlay(8)) == "asked back"


def test_some_english_voices_are_held_out_of_tuning() -> None:
    voices = english_voices()
    held = {v for v, _s, _p, out in voices if out}
    tuning = {v for v, _s, _p, out in voices if not out}
    assert held and tuning and not held & tuning


def test_the_candidate_answer_forms_join_the_questions_grammar_as_yes_or_no_once_each() -> None:
    from benchmarks.voice_yes_no import CANDIDATE_FORMS, question_items

    for lang in ("en", "el"):
        plain = question_items(lang, 30, False)
        grown = question_items(lang, 30, True)
        assert grown[:len(plain)] == plain
        added = {p.text: p.command for p in grown[len(plain):]}
        assert set(added) == set(CANDIDATE_FORMS[lang]["yes"] + CANDIDATE_FORMS[lang]["no"]) - {p.text for p in plain}
        for form in CANDIDATE_FORMS[lang]["yes"]:
            assert added.get(form, C.Yes()) == C.Yes()
        for form in CANDIDATE_FORMS[lang]["no"]:
            assert added.get(form, C.No()) == C.No()
        assert len({p.words for p in grown}) == len(grown)
