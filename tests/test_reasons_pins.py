"""Plakoto's pins as facts of a reason (bots/reasons.py, R5.2): which checkers are pinned
after each play, and where, said in English and Greek."""

from __future__ import annotations

from types import SimpleNamespace as D

from rules_support import by_notation, pos
from tavli_voice.bots.reasons import Kind, differences, facts
from tavli_voice.rules import Position
from tavli_voice.words import player_words
from tavli_voice.words.reasons import say_reasons


def pinned_slowly(p: Position) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(ours, theirs) pinned, from the position's JSON: [top, under] cells (R5.2)."""
    ours, theirs = [], []
    for point, cell in enumerate(p.points_json(), start=1):
        if isinstance(cell, list):
            (theirs if cell[0] > 0 else ours).append(point)
    return tuple(sorted(ours, reverse=True)), tuple(sorted(theirs, reverse=True))


def decision() -> tuple[Position, dict[str, object]]:
    """Plakoto 6-2: the opponent's lone checkers on 7 and 3 can be pinned from 13 and 9."""
    before = pos("plakoto", {24: 4, 13: 4, 9: 3, 6: 3, 7: -1, 3: -1, 1: -12,
                             18: [-1, 1]})
    return before, by_notation(before, (6, 2))  # type: ignore[return-value]


def test_the_points_pinned_are_those_of_the_position() -> None:
    before, plays = decision()
    for play in plays.values():
        f = facts(play.result)  # type: ignore[attr-defined]
        assert f.pinned == pinned_slowly(play.result)  # type: ignore[attr-defined]
        assert (f.lost, f.captured) == (len(f.pinned[0]), len(f.pinned[1]))
    assert facts(before).pinned == ((18,), ())
    assert facts(Position.initial("plakoto")).pinned == ((), ())


def test_a_play_that_pins_is_told_where() -> None:
    before, plays = decision()
    pins_two, pins_none = plays["9/7^ 9/3^"], plays["24/16"]
    diffs = {d.kind: d for d in differences(before, pins_none, pins_two)}  # type: ignore[arg-type]
    captured = diffs[Kind.CAPTURED]
    assert (captured.mine, captured.better, captured.points) == (0, 2, (7, 3))
    # the same pins after both plays: no difference in them
    same = differences(before, plays["13/7^ 6/4"], plays["13/7^ 9/7"])  # type: ignore[arg-type]
    assert Kind.CAPTURED not in {d.kind for d in same}
    assert Kind.LOST not in {d.kind for d in same}


def test_pins_are_said_where_in_both_languages() -> None:
    rita_en = player_words("Rita", "rita", 1, "en")
    rita_el = player_words("Rita", "rita", 1, "el")
    theirs = D(kind="captured", mine=0, better=2, points=(7, 3))
    assert say_reasons("plakoto", [theirs], "en", rita_en, speech=True) == (
        "Rita's checkers pinned: 2 after the hint's play, on points 7 and 3; 0 after yours.")
    assert say_reasons("plakoto", [theirs], "el", rita_el, speech=True) == (
        "Πλακωμένα πούλια της Ρίτας: 2 με την προτεινόμενη κίνηση, στο 7 και στο 3· 0 με τη "
        "δική σου.")
    ours = D(kind="lost", mine=1, better=0, points=(18,))
    assert say_reasons("plakoto", [ours], "en", rita_en, speech=True) == (
        "Your checkers pinned: 1 after your play, on point 18; 0 after the hint's play.")
    assert say_reasons("plakoto", [ours], "el", rita_el, speech=True) == (
        "Πλακωμένα πούλια σου: 1 με την κίνησή σου, στο 18· 0 με την προτεινόμενη.")
