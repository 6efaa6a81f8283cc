"""Plakoto (R5.2): a pinned checker is freed when every checker pinning it has left its point;
the play that frees it says so, from the listener's side ("Your checker on 18 is free again.",
«Το πούλι σου στο 18 ελευθερώθηκε.»), whoever moved."""

from __future__ import annotations

import pytest

from tavli_voice import events as E
from tavli_voice.narration.phrases import NarrationContext, phrase, screen_text
from tavli_voice.rules import Play, Position, Step, legal_plays


def position(stacks: dict[int, int | list[int]]) -> Position:
    """A Plakoto position from the mover's side: ``stacks`` (a point's ``[top, under]`` pins
    ``under``), the rest of each side's 15 checkers on its start."""
    points: list[int | list[int]] = [0] * 24
    for p, v in stacks.items():
        points[p - 1] = v
    checkers = [c for v in stacks.values() for c in (v if isinstance(v, list) else [v])]
    points[23] = 15 - sum(c for c in checkers if c > 0)
    points[0] = -15 - sum(c for c in checkers if c < 0)
    return Position.from_json({"game": "plakoto", "preset": "tavlucky", "points": points,
                               "bar": [0, 0], "off": [0, 0]})


def the_play(pos: Position, dice: tuple[int, int], notation: str) -> Play:
    return next(p for p in legal_plays(pos, dice) if p.notation == notation)


def ctx(lang: str, speech: bool = False) -> NarrationContext:
    return NarrationContext(lang=lang, game="plakoto", screen_notation=not speech)


def spoken(event: E.Event, context: NarrationContext) -> str:
    return " ".join(seg for seg in phrase(event, context).segments if isinstance(seg, str))


#: the mover's checker on 7 pins one of the other side's (R5.2)
PINNING = position({7: [1, -1]})


@pytest.mark.parametrize("lang, said", [
    ("en", "You played from 24 to 23, from 7 to 4 (24/23 7/4). Rita's checker on 7 is free "
           "again."),
    ("el", "Έπαιξες από το 24 στο 23, από το 7 στο 4 (24/23 7/4). Το πούλι της Ρίτας στο 7 "
           "ελευθερώθηκε."),
])
def test_the_listeners_play_that_leaves_a_pinned_point_frees_the_other_players_checker(
        lang: str, said: str) -> None:
    play = the_play(PINNING, (3, 1), "24/23 7/4")
    assert screen_text(E.PlayMade(0, play, (3, 1)), ctx(lang)) == said


@pytest.mark.parametrize("lang, freed", [
    ("en", "Your checker on 18 is free again."),
    ("el", "Το πούλι σου στο 18 ελευθερώθηκε."),
])
def test_rita_leaving_the_point_where_she_pins_frees_the_listeners_checker_in_its_numbering(
        lang: str, freed: str) -> None:
    """Rita's 7 is the listener's 18: the listener hears their own point."""
    play = the_play(PINNING, (3, 1), "24/23 7/4")
    for speech in (False, True):
        said = (spoken if speech else screen_text)(E.PlayMade(1, play, (3, 1)), ctx(lang, speech))
        assert said.endswith(" " + freed), said
        assert said.count(freed) == 1


@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_checker_pinned_and_left_in_the_same_play_was_never_pinned_so_nothing_is_freed(
        lang: str) -> None:
    """8/7^ then 7/4: the lone checker on 7 was free before the play and is free after it."""
    pos = position({7: -1, 8: 1})
    moved = the_play(pos, (3, 1), "8/4")  # the same play as 8/7^/4 (R2), told by its steps
    play = Play((Step(8, 7, 1, capture=True), Step(7, 4, 3)), moved.result, "8/7^/4")
    for mover in (0, 1):
        said = screen_text(E.PlayMade(mover, play, (3, 1)), ctx(lang))
        assert "free again" not in said and "ελευθερώθηκε" not in said, said


@pytest.mark.parametrize("lang, freed", [
    ("en", "Your checkers on 17 and 18 are free again."),
    ("el", "Τα πούλια σου στις θέσεις 17 και 18 ελευθερώθηκαν."),
])
def test_two_checkers_freed_in_one_play_are_said_together(lang: str, freed: str) -> None:
    pos = position({7: [1, -1], 8: [1, -1]})
    play = the_play(pos, (4, 3), "8/4 7/4")
    said = screen_text(E.PlayMade(1, play, (4, 3)), ctx(lang))
    assert said.endswith(" " + freed), said


@pytest.mark.parametrize("lang, freed", [
    ("en", "Rita's checker on 7 is free again."),
    ("el", "Το πούλι της Ρίτας στο 7 ελευθερώθηκε."),
])
def test_the_listeners_own_play_names_whose_checker_it_freed(lang: str, freed: str) -> None:
    play = the_play(PINNING, (3, 1), "24/23 7/4")
    for speech in (False, True):
        said = (spoken if speech else screen_text)(E.PlayMade(0, play, (3, 1)), ctx(lang, speech))
        assert said.endswith(" " + freed), said


@pytest.mark.parametrize("lang, pinned", [("en", "Rita pinned your mother!"),
                                          ("el", "Η Ρίτα πλάκωσε τη μάνα σου!")])
def test_ritas_pin_of_the_listeners_mother_is_said_once(lang: str, pinned: str) -> None:
    """R5.4: «Πλάκωσε το πούλι σου στο 24.» then «Η Ρίτα πλάκωσε τη μάνα σου!» said the same pin
    twice; the play says its move and the mother's sentence says the pin."""
    points: list[int] = [0] * 24
    points[0], points[11], points[2], points[23] = -1, -14, 1, 14  # the listener's mother alone on Rita's 1
    pos = Position.from_json({"game": "plakoto", "preset": "tavlucky", "points": points,
                              "bar": [0, 0], "off": [0, 0]})
    play = the_play(pos, (2, 1), "24/23 3/1^")
    made = screen_text(E.PlayMade(1, play, (2, 1)), ctx(lang))
    assert "24" not in made.split(").", 1)[1] and "πλάκωσε" not in made.lower(), made
    assert "pinned" not in made, made
    assert screen_text(E.MotherPinned(1, True), ctx(lang)).startswith(pinned)
