"""The terminal's Greek numbers read right by a screen reader.

A screen reader (Orca or NVDA with espeak-ng Greek) reads a digit as the neuter:
"23 κινήσεις" is heard «είκοσι τρία κινήσεις». So on screen a Greek number before a
masculine or feminine noun is written as words where its gender is heard (1, 3, 4, 13,
14, 21, 23 …); the rest, neuter counts and English keep their digits.
"""

from __future__ import annotations

import io

import pytest

from rules_support import pos
from tavli_voice import events as E
from tavli_voice.rules import GameName, MatchConfig, OutcomeKind, Preset, legal_plays
from tavli_voice.session import Session
from tavli_voice.ui.app import App
from tavli_voice.ui.terminal import TerminalPlayer

#: 23 plays of 2-1 (R2), told to the listener
POSITION = pos("portes", {24: 2, 13: 4, 8: 3, 6: 4, 5: 2, 1: -2, 12: -5, 17: -3, 19: -5})
PLAYERS = (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita"))


def terminal_lines(lang: str, *events: E.Event) -> list[str]:
    """What the terminal prints for ``events``, line by line."""
    out = io.StringIO()
    app = App(Session(MatchConfig(5, "portes", "tavlucky", 3), PLAYERS), lang=lang)
    TerminalPlayer(app, out, io.StringIO("")).print_events(list(events))
    return out.getvalue().splitlines()


def test_the_list_of_23_plays_says_the_count_in_words_in_greek() -> None:
    plays = legal_plays(POSITION, (2, 1))
    assert len(plays) == 23
    offered = E.PlaysOffered(0, (2, 1), plays, POSITION)
    el = terminal_lines("el", offered)
    assert el[0] == "Έχεις είκοσι τρεις κινήσεις να διαλέξεις:", el[0]
    assert el[1].startswith("1: ")  # a play's own number stays a digit
    assert terminal_lines("en", offered)[0] == "23 plays to choose from:"


@pytest.mark.parametrize("points,el,en", [
    (1, "και παίρνει έναν πόντο.", "the game: 1 point."),
    (3, "και παίρνει τρεις πόντους.", "the game: 3 points."),
    (2, "και παίρνει 2 πόντους.", "the game: 2 points."),  # «δύο» either way: digits
])
def test_a_game_s_points_are_words_where_their_gender_is_heard(points: int, el: str,
                                                                en: str) -> None:
    over = E.GameOver(GameName("portes"), 1, points, OutcomeKind.SINGLE, (0, points))
    assert el in terminal_lines("el", over)[0]
    assert en in terminal_lines("en", over)[0]


def test_a_match_to_21_points_in_greek_words_and_to_5_in_digits() -> None:
    twenty_one = E.MatchStarted("portes", 21, Preset("tavlucky"), PLAYERS)
    assert "στους είκοσι έναν πόντους" in terminal_lines("el", twenty_one)[0]
    assert "to 21 points" in terminal_lines("en", twenty_one)[0]
    five = E.MatchStarted("portes", 5, Preset("tavlucky"), PLAYERS)
    assert "στους 5 πόντους" in terminal_lines("el", five)[0]


def test_a_neuter_count_keeps_its_digit() -> None:
    """«3 πούλια»: the digit's neuter reading is right, so the screen keeps it."""
    from tavli_voice import words as M
    assert M.plural("count.checker", 3, "el") == "3 πούλια"
    assert M.plural("count.checker", 21, "el") == "21 πούλια"
