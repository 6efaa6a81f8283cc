"""The spoken-match benchmark reads the game's lines right: a play made is compared by its notation."""

from __future__ import annotations

from benchmarks.e2e_sound import count_of, notation, numbered, turn_plays


def test_the_play_made_is_compared_by_its_notation() -> None:
    listed = numbered(["Choose a play:", "1: 8 to 2, 6 to 5 (8/2 6/5)", "2: from 13 to 6 (13/6)"])
    assert listed == {1: "8/2 6/5", 2: "13/6"}
    # "You played from 13 to 6 (13/6)." is the second play, not another one
    assert notation("from 13 to 6 (13/6)") == listed[2]
    assert notation("from 13 to 6 (13/6)") != listed[1]
    assert notation("13/6") == "13/6"


def test_only_the_last_list_is_read() -> None:
    lines = ["1: 24 to 23 (24/23)", "2: 13 to 11 (13/11)", "You played 24 to 23.", "Rita played 6/1.",
             "1: 6 to 1 (6/1)"]
    assert numbered(lines) == {1: "6/1"}


def test_a_turn_whose_plays_are_grouped_reads_no_earlier_turns_list() -> None:
    lines = ["You rolled 6 and 2.", "3 plays to choose from:", "1: 24 to 22, 20 to 14 (24/22 20/14)",
             "2: 24 to 18, 8 to 6 (24/18 8/6)", "3: 13 to 5 (13/5)", "Choose a play, 1 to 3, or h for help.",
             "You played from 24 to 22, from 20 to 14 (24/22 20/14).", "Type r to roll.",
             "You rolled 4 and 1.", "2 plays to choose from:", "From 22: 1 play. From 14: 1 play.",
             "Choose a play, 1 to 2, or h for help."]
    began = lines.index("Type r to roll.") + 1
    # nothing listed in this turn: the player lists them ("l") rather than take the old numbers
    assert turn_plays(lines, began, len(lines) - 1) == {}
    listed = turn_plays(lines, 0, 5)
    assert listed == {1: "24/22 20/14", 2: "24/18 8/6", 3: "13/5"}


def test_the_count_of_plays_is_read_in_digits_or_in_greek_or_english_words() -> None:
    assert count_of("23, or h for help.", "en") == 23
    assert count_of("twenty three plays", "en") == 23 and count_of("twenty plays", "en") == 20
    assert count_of("είκοσι τρεις κινήσεις και τους αριθμούς τους", "el") == 23
    assert count_of("είκοσι μία κινήσεις", "el") == 21 and count_of("δεκατρείς κινήσεις", "el") == 13
    assert count_of("τρεις κινήσεις", "el") == 3


def test_the_games_questions_are_read_for_the_word_asked_about_in_both_languages() -> None:
    """The spoken match answers "did you say …?" and, after a "no", the runner-up's "nine, then?" by the number
    each asks about, read from the game's own words (every form, the terse one too)."""
    from benchmarks.e2e_sound import QUESTIONS, asked_about, is_number
    from tavli_voice import words
    from tavli_voice.speech.words import number_text

    for lang in ("en", "el"):
        for key in QUESTIONS:
            for k in (3, 9, 21):
                line = words.text(key, lang, text=number_text(k, lang))
                line = line[:1].upper() + line[1:]  # as the game prints it: "Nine, then?"
                heard = asked_about(line, lang)
                assert heard is not None and is_number(heard, k, lang), (key, line)
                assert not is_number(heard, k + 1, lang)
        for other in ("voice.cancelled", "voice.ready"):
            assert asked_about(words.text(other, lang), lang) is None


class _Lines:
    """A game whose printed lines (time, line) are given."""

    def __init__(self, lines: list[tuple[float, str]]) -> None:
        self.lines = lines

    def stretch(self) -> float:
        return 1.0


def test_after_a_no_the_runner_ups_question_is_told_apart_from_cancelled() -> None:
    from benchmarks.e2e_sound import runner_up_asked

    asked = _Lines([(1.0, "Did you say five? Say yes or no."), (3.0, "Nine, then? Say yes or no.")])
    assert runner_up_asked(asked, "en", since=2.0, timeout=0.1) == "nine"
    cancelled = _Lines([(1.0, "Did you say five? Say yes or no."), (3.0, "Cancelled. Nothing was done.")])
    assert runner_up_asked(cancelled, "en", since=2.0, timeout=0.1) is None
    greek = _Lines([(3.0, "Μήπως εννιά; Πες ναι ή όχι.")])
    assert runner_up_asked(greek, "el", since=2.0, timeout=0.1) == "εννιά"
    assert runner_up_asked(greek, "el", since=4.0, timeout=0.1) is None  # asked before the no: not its answer


def test_the_spoken_match_answers_each_question_with_the_words_it_names() -> None:
    """The player says «σωστά»/«λάθος» to the Greek question that names them (a noisy room), else yes/no, ναι/όχι;
    every answer is a word the game takes for yes or no."""
    from benchmarks.e2e_sound import QUESTIONS, answer_to
    from tavli_voice import words
    from tavli_voice.command_table import by_name, fold

    for key in QUESTIONS:
        for lang in ("en", "el"):
            line = words.text(key, lang, text="εννιά" if lang == "el" else "nine")
            said = {ours: answer_to(line, lang, ours) for ours in (True, False)}
            if lang == "en":
                assert said == {True: "yes", False: "no"}, key
                continue
            noisy = key.endswith("_noisy")
            assert said == ({True: "σωστά", False: "λάθος"} if noisy else {True: "ναι", False: "όχι"}), key
            for ours, name in ((True, "yes"), (False, "no")):
                assert fold(said[ours]) in {fold(" ".join(v)) for v in by_name(name).spoken["el"]}, key
