"""A sentence, or a screen, says its counts one way: where one count is a word ("all six
entry points", "one from 2", «από τις τέσσερις»), the others beside it are words too ("two
checkers", «δύο φορές»), and Greek numbers agree with their nouns («δύο πούλια», «τρεις
κινήσεις»); points stay digits."""

from __future__ import annotations

import re

import pytest

from tavli_voice import events as E
from tavli_voice.narration.phrases import NarrationContext, phrase, screen_text
from tavli_voice.rules import PassReason, Position, Reason, legal_plays


def ctx(lang: str, game: str = "portes") -> NarrationContext:
    return NarrationContext(lang=lang, game=game, screen_notation=False)


@pytest.mark.parametrize("lang, said", [
    ("en", "You lose your turn: closed out, with two checkers on the bar and all six entry "
           "points closed."),
    ("el", "Χάνεις τη σειρά σου: τα δύο πούλια στην μπάρα δεν μπαίνουν, αφού και οι έξι θέσεις "
           "εισόδου είναι πόρτες."),
])
def test_checkers_closed_out_are_counted_in_words_beside_all_six(lang: str, said: str) -> None:
    reason = Reason.make(PassReason.CLOSED_OUT, checkers=2)
    assert screen_text(E.TurnPassed(0, None, reason), ctx(lang)) == said


@pytest.mark.parametrize("lang, said", [
    ("en", "You bore off two from 3 and one from 2."),
    ("el", "Μάζεψες δύο πούλια από το 3 και ένα από το 2."),
])
def test_checkers_borne_off_are_counted_in_words_beside_one(lang: str, said: str) -> None:
    points: list[int] = [0] * 24
    points[1], points[2], points[0] = 1, 2, 0
    points[23] = -15
    pos = Position.from_json({"game": "portes", "preset": "tavlucky", "points": points,
                              "bar": [0, 0], "off": [12, 0]})
    play = next(p for p in legal_plays(pos, (3, 3)) if p.notation == "3/off(2) 2/off")
    assert screen_text(E.PlayMade(0, play, (3, 3)), ctx(lang)) == said


def test_a_die_played_part_of_a_double_is_counted_in_greek_words_on_screen() -> None:
    reason = Reason.make(PassReason.PARTIAL_DOUBLE, die=1, played=2, of=4)
    shown = screen_text(E.TurnShortened(0, reason), ctx("el"))
    assert "το 1 παίζεται μόνο δύο φορές από τις τέσσερις" in shown, shown


def test_greek_groups_of_plays_count_in_words_as_the_prompt_after_them_does() -> None:
    """«Από το 23: ογδόντα τέσσερις κινήσεις. Από το 22: 56 κινήσεις.» mixed words and digits
    on one line, and the prompt says «όλες τις … κινήσεις» in words."""
    pos = Position.initial("portes", "tavlucky")
    plays = legal_plays(pos, (3, 3))  # 73 plays: told as groups
    line = screen_text(E.PlaysOffered(0, (3, 3), plays, pos), NarrationContext(lang="el"))
    groups = [part for part in line.splitlines() if part.startswith("Από το ")]
    assert groups, line
    assert not re.search(r"\d+ κινήσ", "\n".join(groups)), groups
    assert re.search(r": (μία κίνηση|[α-ώ ]+ κινήσεις)\.", groups[0]), groups
    assert line.splitlines()[0] == "Έχεις εβδομήντα τρεις κινήσεις να διαλέξεις:", line


def test_a_greek_list_counts_a_checker_moved_again_in_words_on_every_line() -> None:
    """«τέσσερις φορές 24 στο 23» beside «2 φορές 24 στο 23» in one list: «δύο φορές» too."""
    pos = Position.initial("plakoto", "tavlucky")
    shown = screen_text(E.PlaysOffered(0, (1, 1), legal_plays(pos, (1, 1)), pos),
                        NarrationContext(lang="el", game="plakoto"))
    assert "1: τέσσερις φορές 24 στο 23 (24/23(4))" in shown.splitlines(), shown
    assert "2: δύο φορές 24 στο 23, 24 στο 22 (24/23(2) 24/22)" in shown.splitlines(), shown
    assert not re.search(r"\d φορ", shown), shown


@pytest.mark.parametrize("lang, said", [
    ("en", "You played two checkers from 24 to 18, two checkers from 13 to 7."),
    ("el", "Έπαιξες δύο πούλια από το 24 στο 18, δύο πούλια από το 13 στο 7."),
])
def test_checkers_moved_together_are_counted_in_words_as_those_borne_off_are(
        lang: str, said: str) -> None:
    """"3 checkers from 1 to 3" reads like three points; "two from 3 and one from 2" is how a
    bear-off counts them: a play made counts its checkers the same way."""
    pos = Position.initial("portes", "tavlucky")
    play = next(p for p in legal_plays(pos, (6, 6)) if p.notation == "24/18(2) 13/7(2)")
    assert screen_text(E.PlayMade(0, play, (6, 6)), ctx(lang)) == said


READOUT_POS = Position.from_json({
    "game": "portes", "preset": "tavlucky",
    "points": [-2, 0, 0, 0, 0, 5, 0, 1, 0, 0, 0, -5, 3, 0, 0, 0, -3, 0, -5, 0, 2, 0, 0, 4],
    "bar": [0, 0], "off": [0, 0]})


@pytest.mark.parametrize("lang, yours, ritas", [
    ("en", "Yours: four on 24, two on 21, three on 13, one on 8, five on 6.",
     "Rita's: five on 19, three on 17, five on 12, two on 1."),
    ("el", "Δικά σου: τέσσερα στο 24, δύο στο 21, τρία στο 13, ένα στο 8, πέντε στο 6.",
     "Της Ρίτας: πέντε στο 19, τρία στο 17, πέντε στο 12, δύο στο 1."),
])
def test_a_board_readout_counts_checkers_in_words_and_names_points_in_digits(
        lang: str, yours: str, ritas: str) -> None:
    """"Yours: 4 on 24, 2 on 21" reads as pairs of bare numbers; the count is a word (Greek
    neuter, as πούλια: «τέσσερα», «τρία», «ένα»), the point a digit, on screen and in speech."""
    report = E.PositionReport(0, READOUT_POS, "normal", 0, (0, 0))
    c = NarrationContext(lang=lang)
    assert screen_text(report, c).splitlines()[:2] == [yours, ritas]
    spoken = [seg for seg in phrase(report, c).segments if isinstance(seg, str)]
    assert spoken[:2] == [yours, ritas]
