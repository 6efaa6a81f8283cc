"""Fevga's facts of a reason (bots/reasons.py, R7): the checkers still on the starting point,
and the points held in front of the opponent's runners and of their starting point, checked
against a slow, obvious count from the stacks (``rules_naive``)."""

from __future__ import annotations

import re
from types import SimpleNamespace as D

import pytest

import rules_naive as naive
from rules_support import by_notation, pos
from test_reasons_facts import sample_results
from tavli_voice.bots.reasons import Kind, differences, facts
from tavli_voice.rules import Position
from tavli_voice.words import player_words
from tavli_voice.words.reasons import say_reasons


def test_the_head_counts_our_checkers_on_24_in_fevga_only() -> None:
    assert facts(Position.initial("fevga")).head == 15
    assert facts(Position.initial("portes")).head == 0
    assert facts(Position.initial("plakoto")).head == 0
    assert facts(pos("fevga", {24: 9, 19: 1, 15: 5, 12: -15})).head == 9


def test_a_play_that_takes_another_checker_off_the_head_differs_in_it() -> None:
    before = pos("fevga", {24: 13, 19: 1, 4: 1, 12: -12, 9: -1, 3: -1, 21: -1})
    plays = by_notation(before, (4, 1))
    diffs = {d.kind: d for d in differences(before, plays["24/23 19/15"], plays["24/23 24/20"])}
    assert (diffs[Kind.HEAD].mine, diffs[Kind.HEAD].better) == (12, 11)
    # both take one checker off the head: no difference in it
    same = differences(before, plays["24/20 19/18"], plays["24/23 19/15"])
    assert Kind.HEAD not in {d.kind for d in same}


def test_the_head_is_said_in_both_languages() -> None:
    fact = D(kind="head", mine=12, better=11, points=())
    en = say_reasons("fevga", [fact], "en", player_words("Rita", "rita", 1, "en"), speech=True)
    el = say_reasons("fevga", [fact], "el", player_words("Rita", "rita", 1, "el"), speech=True)
    assert en == ("Your checkers still on your starting point, 24: 12 after your play, 11 after "
                  "the hint's play.")
    assert el == ("Πούλια σου ακόμα στην αφετηρία, στο 24: 12 με την κίνησή σου, 11 με την "
                  "προτεινόμενη.")


# ------------------------------------------------------------------ blocks in front (R7.1)
def naive_their_number(ours: int) -> int:
    """The opponent's own number for our point ``ours`` in Fevga, found by walking their path."""
    for j in range(1, 25):
        if naive.opp_path_point(j) == ours:
            return j
    raise AssertionError(ours)


def naive_fevga_blocks(position: Position) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Slow and obvious, from the stacks: each point of ours, is a runner of theirs (their
    7–23) one to six points behind it on their path? Is it one of the six in front of their
    starting point (their 18–23) while a checker of theirs is on that point (their 24)?"""
    stacks = naive.state_of(position)[0]
    theirs_on = {naive_their_number(p): len(stacks[p - 1]) for p in range(1, 25)
                 if stacks[p - 1] and stacks[p - 1][-1] == -1}
    front, start = [], []
    for p in range(24, 0, -1):
        if not stacks[p - 1] or stacks[p - 1][-1] != 1:
            continue
        j = naive_their_number(p)
        if any(theirs_on.get(j + d, 0) and 7 <= j + d <= 23 for d in range(1, 7)):
            front.append(p)
        if theirs_on.get(24, 0) and 18 <= j <= 23:
            start.append(p)
    return tuple(front), tuple(start)


def check_blocks(n: int, seed: int) -> None:
    seen_front = seen_start = 0
    for position in sample_results("fevga", n, seed):
        f = facts(position)
        assert (f.front, f.start_block) == naive_fevga_blocks(position), position
        seen_front += bool(f.front)
        seen_start += bool(f.start_block)
    assert seen_front > n // 10 and seen_start > n // 10  # both facts found on many


def test_blocks_in_front_agree_with_a_slow_obvious_count() -> None:
    """R7.1: the points held in front of the runners and of the starting point, on 40
    seeded Fevga positions."""
    check_blocks(40, 42)


@pytest.mark.slow
def test_blocks_in_front_agree_on_three_hundred_positions() -> None:
    """The same check on 300 seeded Fevga positions."""
    check_blocks(300, 41)


def test_the_difference_names_the_points_of_the_play_with_more_blocks() -> None:
    """A play that steps in front of the opponent's starting point (their 18–23, our 6–11)
    holds a point there; one that stays back holds more in front of their runner on our 2
    (their 14: our 1 and 24–20 are the six in front of it). Each difference names the
    points the play with more holds there and the other play does not."""
    before = pos("fevga", {24: 12, 14: 1, 13: 1, 3: 1, 12: -14, 2: -1})
    plays = by_notation(before, (3, 2))
    mine, better = plays["24/22 24/21"], plays["14/11 13/11"]
    diffs = {d.kind: d for d in differences(before, mine, better)}
    start, front = diffs[Kind.START_BLOCK], diffs[Kind.FRONT]
    assert (start.mine, start.better, start.points) == (0, 1, (11,))
    assert (front.mine, front.better, front.points) == (3, 1, (22, 21))
    assert facts(mine.result).front == (24, 22, 21) and facts(better.result).front == (24,)
    assert facts(plays["13/10 3/1"].result).front == (24, 1)


def test_no_blocks_in_front_are_counted_in_other_games() -> None:
    for game in ("portes", "plakoto"):
        f = facts(Position.initial(game))
        assert f.front == () and f.start_block == ()


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_blocks_in_front_are_said_with_their_points(lang: str) -> None:
    """The counts of both plays, then only the points the hint's play holds and the
    player's does not."""
    who = player_words("Rita", "rita", 1, lang)
    front = D(kind="front", mine=1, better=2, points=(10,))
    start = D(kind="start_block", mine=0, better=1, points=(8,))
    said = say_reasons("fevga", [front, start], lang, who, speech=True)
    if lang == "en":
        assert said == ("Points you hold just in front of Rita's checkers that have left their "
                        "starting point: 2 after the hint's play, 1 after yours; only the "
                        "hint's play holds point 10. Points you hold among the six in front of "
                        "Rita's starting point, with checkers still on it: 1 after the hint's "
                        "play, 0 after yours; only the hint's play holds point 8.")
    else:  # θέσεις: feminine counts in words, no Latin letters
        assert said == ("Θέσεις που πιάνεις λίγο μπροστά από τα πούλια της Ρίτας που έχουν "
                        "φύγει από την αφετηρία: δύο με την προτεινόμενη κίνηση, μία με τη "
                        "δική σου· μόνο η προτεινόμενη πιάνει το 10. Θέσεις που πιάνεις στις "
                        "έξι μπροστά από την αφετηρία της Ρίτας, όσο έχει ακόμα πούλια εκεί: "
                        "μία με την προτεινόμενη κίνηση, μηδέν με τη δική σου· μόνο η "
                        "προτεινόμενη πιάνει το 8.")
        assert not re.search(r"[A-Za-z/*^]", said)


@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_long_list_of_points_held_names_three_and_counts_the_rest(lang: str) -> None:
    """Eight points held in front are counted, but at most three are named aloud."""
    who = player_words("Rita", "rita", 1, lang)
    front = D(kind="front", mine=3, better=8, points=(24, 21, 20, 18, 16))
    said = say_reasons("fevga", [front], lang, who, speech=True)
    if lang == "en":
        assert said.endswith(": 8 after the hint's play, 3 after yours; only the hint's play "
                             "holds points 24, 21, 20 and 2 more."), said
    else:
        assert said.endswith(": οκτώ με την προτεινόμενη κίνηση, τρεις με τη δική σου· μόνο η "
                             "προτεινόμενη πιάνει το 24, το 21, το 20 και άλλες δύο θέσεις."), said
    assert "18" not in said and "16" not in said


# ------------------------------------------------------------------ the opponent's blocked rolls (R2, R7.1)
def naive_blocked_rolls(position: Position) -> int:
    """Slow and obvious: for each of the 36 rolls, try every order of single steps of the
    opponent (``rules_naive``); the roll is blocked when no order plays every die (a play
    that bears off their last checker plays the roll out)."""
    start = naive.state_of(position.flip())

    def full(st: naive.State, left: tuple[int, ...]) -> bool:
        if not left or st[2][0] == 15:
            return True
        return any(full(after, left[:i] + left[i + 1:])
                   for i, die in enumerate(left)
                   for _src, _dst, after in naive.single_steps("fevga", position.preset, st, die))

    return sum(not full(start, (a,) * 4 if a == b else (a, b))
               for a in range(1, 7) for b in range(1, 7))


def check_blocked_rolls(n: int, seed: int) -> None:
    seen = 0
    for position in sample_results("fevga", n, seed):
        got = facts(position).blocked_rolls
        assert got == naive_blocked_rolls(position), position
        seen += got > 0
    assert seen >= 1  # some position blocks some roll


def test_blocked_rolls_agree_with_a_slow_obvious_count() -> None:
    """The opponent's rolls that cannot be played in full, on 30 seeded Fevga positions."""
    check_blocked_rolls(30, 43)


@pytest.mark.slow
def test_blocked_rolls_agree_on_three_hundred_positions() -> None:
    """The same check on 300 seeded Fevga positions."""
    check_blocked_rolls(300, 44)


def test_at_the_start_our_head_blocks_three_doubles_of_the_opponent() -> None:
    """R7: at the start only the opponent's first checker may move until it passes our
    starting point; with 3-3, 4-4 or 6-6 its fourth, third or second step lands on our 24
    (their 12), which we hold, so those three rolls cannot be played in full. Any other roll
    can (5-5 stops on their 4, past it)."""
    start = Position.initial("fevga")
    assert facts(start).blocked_rolls == 3 == naive_blocked_rolls(start)
    assert facts(Position.initial("portes")).blocked_rolls == 0
    assert facts(Position.initial("plakoto")).blocked_rolls == 0


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_blocked_rolls_are_said_from_the_listeners_side(lang: str) -> None:
    """The opponent's rolls counted as ζαριές: feminine numbers in words in Greek speech."""
    who = player_words("Rita", "rita", 1, lang)
    said = say_reasons("fevga", [D(kind="blocked_rolls", mine=3, better=11, points=())], lang,
                       who, speech=True)
    if lang == "en":
        assert said == ("Rita's rolls that cannot be played in full: 11 of 36 after the hint's "
                        "play, 3 after yours.")
    else:
        assert said == ("Ζαριές της Ρίτας που δεν παίζονται ολόκληρες: έντεκα στις 36 με την "
                        "προτεινόμενη κίνηση, τρεις με τη δική σου.")
        assert not re.search(r"[A-Za-z/*^]", said)


def test_a_difference_in_blocked_rolls_carries_both_plays_slow_counts() -> None:
    """Over seeded Fevga turns, two plays whose results block a different number of the
    opponent's rolls differ in :attr:`Kind.BLOCKED_ROLLS` with exactly the slow counts."""
    from tavli_voice.rules import legal_plays

    found = 0
    for before in sample_results("fevga", 40, 45):
        turn = before.flip()  # the opponent's turn, seen from them
        for dice in ((6, 5), (4, 4), (3, 1)):
            plays = legal_plays(turn, dice)
            if len(plays) < 2:
                continue
            a, b = plays[0], plays[-1]
            diffs = {d.kind: d for d in differences(turn, a, b)}
            want = (naive_blocked_rolls(a.result), naive_blocked_rolls(b.result))
            if want[0] != want[1]:
                found += 1
                d = diffs[Kind.BLOCKED_ROLLS]
                assert (d.mine, d.better) == want, (turn, dice)
            else:
                assert Kind.BLOCKED_ROLLS not in diffs
    assert found >= 10  # 21 of the 114 pairs differ
