"""The one checker that tells two plays apart (bots/reasons.py, ``one_checker``): of the
moves of one of the player's checkers to where the better play has one more, the one the
expert values most, checked against a slow, obvious search over every pair of points
(boards rebuilt from their JSON, each valued on its own); when nothing else explains a
clear difference it is the reason said, in both languages."""

from __future__ import annotations

import json

import re
from typing import Any

import pytest

from test_reasons_lookahead import sample_pairs
from pinned_nets import PINNED_FEVGA_EXPERT
from tavli_voice.bots.expert import ExpertBot
from tavli_voice.bots.reasons import (MOST, Difference, Kind, checker_moves, explain,
                                      look_ahead, one_checker)
from tavli_voice.rules import Position, legal_plays
from tavli_voice.words import player_words
from tavli_voice.words.reasons import say_reasons

EXPERT = ExpertBot(0, search=False)


def ours_on(entry: Any) -> int:
    """Our free checkers on a point of ``points_json``: none where a pin is (R5.2)."""
    return entry if isinstance(entry, int) and entry > 0 else 0


def naive_one_checker(mine: Position, better: Position, bot: ExpertBot = EXPERT
                      ) -> tuple[tuple[int, int], float] | None:
    """Slow and obvious: every (from, to) pair of points, from where ``mine`` has more of our
    checkers than ``better`` to where ``better`` has more, no pin on either point in either
    board, and no checker of the opponent's where a checker lands (``to`` in ``mine``,
    ``from`` in ``better``); each moved board rebuilt from JSON and valued alone. A move's
    part is the smaller of ``mine``'s gain with it and ``better``'s loss with it undone. The
    move with the largest part and that part, or None. The boards are valued together, in one
    batch, as the expert values a set of boards (exactly only when every one of them is a race:
    ``ExpertBot.equities_of``)."""
    a, b = mine.to_json(), better.to_json()
    values: dict[str, float] = {}

    def value(board: dict[str, Any]) -> float:
        return values[json.dumps(board, sort_keys=True)]

    def move(board: dict[str, Any], p: int, q: int) -> dict[str, Any]:
        moved = dict(board, points=list(board["points"]))
        moved["points"][p - 1] -= 1
        moved["points"][q - 1] += 1
        return moved

    pairs = []
    for p in range(24, 0, -1):
        for q in range(24, 0, -1):
            cells = (a["points"][p - 1], b["points"][p - 1], a["points"][q - 1], b["points"][q - 1])
            if any(isinstance(c, list) for c in cells):
                continue
            if not (ours_on(cells[0]) > ours_on(cells[1]) and ours_on(cells[3]) > ours_on(cells[2])
                    and cells[1] >= 0 and cells[2] >= 0):
                continue
            pairs.append((p, q))
    boards = [a, b] + [move(a, p, q) for p, q in pairs] + [move(b, q, p) for p, q in pairs]
    valued = bot.equities_of([Position.from_json(board) for board in boards])
    values.update({json.dumps(board, sort_keys=True): float(v) for board, v in zip(boards, valued)})
    best: tuple[tuple[int, int], float] | None = None
    for p, q in pairs:
        part = min(value(move(a, p, q)) - value(a), value(b) - value(move(b, q, p)))
        if best is None or part > best[1]:
            best = ((p, q), part)
    return best


def check_against_naive(mine: Position, better: Position, bot: ExpertBot = EXPERT) -> Difference | None:
    """one_checker's move and gain equal the slow search's (None when there is no move), by ``bot``'s values."""
    found = one_checker(mine, better, bot)
    want = naive_one_checker(mine, better, bot)
    if want is None:
        assert found is None
        return None
    assert found is not None
    diff, gain = found
    assert diff.kind is Kind.CHECKER and diff.points == want[0], (mine, better, diff, want)
    assert abs(gain - want[1]) < 1e-5
    base = float(bot.equities_of([mine])[0])
    p, q = want[0]
    moved = mine.to_json()
    moved["points"][p - 1] -= 1
    moved["points"][q - 1] += 1
    after = float(bot.equities_of([Position.from_json(moved)])[0])
    assert (diff.mine, diff.better) == (round(100 * base), round(100 * after))
    return diff


def check_pairs(game: str, n: int, seed: int) -> None:
    moved = 0
    for mine, better in sample_pairs(game, n, seed):
        moved += check_against_naive(mine, better) is not None
    assert moved >= n // 2  # most pairs of one turn's plays differ by a checker's place


@pytest.mark.parametrize("game", ["portes", "plakoto", "fevga"])
def test_the_one_checker_agrees_with_a_slow_search(game: str) -> None:
    """On 12 seeded pairs of one turn's results in each game."""
    check_pairs(game, 12, 61)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["portes", "plakoto", "fevga"])
def test_the_one_checker_agrees_on_two_hundred_pairs(game: str) -> None:
    """The same check on 200 seeded pairs of each game."""
    check_pairs(game, 200, 62)


def test_no_checker_moves_between_equal_boards_nor_onto_the_opponents() -> None:
    start = Position.initial("fevga")
    assert checker_moves(start, start) == [] and one_checker(start, start, EXPERT) is None
    plays = {p.notation: p for p in legal_plays(Position.initial("portes"), (3, 1))}
    mine, better = plays["24/23 24/21"].result, plays["8/5 6/5"].result
    # from where the first play has more (23, 21, 8, 6) to where the other has more (24, 5)
    assert checker_moves(mine, better) == [(p, q) for p in (23, 21, 8, 6) for q in (24, 5)]
    # a checker of the opponent's on a point keeps our checker from landing there either way
    hit = {p.notation: p for p in legal_plays(
        Position.from_json({"game": "portes", "points": [-1, 0, 0, 0, -1, 5, 0, 3, 0, 0, 0, -5,
                                                        5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2],
                            "off": [0, 0], "bar": [0, 0]}), (3, 1))}
    hitter, quiet = hit["8/5* 6/5"].result, hit["24/23 24/21"].result
    assert 5 in {p for p, _q in checker_moves(hitter, Position.initial("portes"))}
    assert all(5 not in move for move in checker_moves(hitter, quiet) + checker_moves(quiet, hitter))


def fevga(points: dict[int, int]) -> Position:
    v = [0] * 24
    for p, n in points.items():
        v[p - 1] = n
    return Position.from_json({"game": "fevga", "points": v, "off": [0, 0]})


#: Two clear mistakes in Fevga (a seeded playout's decisions, three plays in ten random) that no
#: board fact nor the look one roll ahead explains: a checker left on 20 instead of brought
#: to 3, and a checker left on the starting point (24) instead of on 16.
TWENTY = fevga({4: -1, 6: -1, 7: -1, 8: -2, 9: -1, 10: 1, 11: 1, 12: -8, 13: 2, 14: 1, 19: -1,
                22: 2, 23: 1, 24: 7})
HEAD = fevga({1: -2, 2: -1, 7: 1, 10: -2, 11: -1, 12: -7, 15: -1, 16: 1, 18: 1, 19: 1, 20: 2,
              21: 1, 23: -1, 24: 8})


@pytest.mark.parametrize("before,dice,mine,better,move", [
    (TWENTY, (5, 2), "22/20 22/17", "10/3", (20, 3)),
    (HEAD, (4, 2), "21/17 16/14", "24/22 18/14", (24, 16))])
def test_when_nothing_else_explains_it_the_one_checker_is_said(
        before: Position, dice: tuple[int, int], mine: str, better: str,
        move: tuple[int, int]) -> None:
    """A clear difference (at least LOOK_FROM) that the weighted facts and the look one
    roll ahead leave unexplained: moving the one checker explains at least MOST of it."""
    plays = {p.notation: p for p in legal_plays(before, dice)}
    a, b = plays[mine], plays[better]
    eq = PINNED_FEVGA_EXPERT.equities([a, b])
    loss = float(eq[1] - eq[0])
    ahead = look_ahead(a.result, b.result, PINNED_FEVGA_EXPERT)
    assert ahead is not None and ahead[1] < MOST * loss  # the look ahead explains too little
    ex = explain(before, a, b, loss, bot=PINNED_FEVGA_EXPERT)
    assert [d.kind for d in ex.reasons] == [Kind.CHECKER]
    assert ex.reasons[0].points == move and ex.shares[0] >= MOST
    assert check_against_naive(a.result, b.result, PINNED_FEVGA_EXPERT) == ex.reasons[0]


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_one_checker_is_said_in_both_languages(lang: str) -> None:
    who = player_words("Rita", "rita", 1, lang)
    fact = Difference(Kind.CHECKER, -60, -53, (6, 3))
    said = say_reasons("fevga", [fact], lang, who, speech=True)
    other = say_reasons("fevga", [fact], lang, who, speech=True, chosen=False)
    if lang == "en":
        assert said == ("One checker makes most of the difference: your play has one checker "
                        "more than the hint's on point 6 and one fewer on point 3.")
        assert other.startswith("One checker makes most of the difference: the other play has")
    else:
        assert said == ("Ένα πούλι κάνει το μεγαλύτερο μέρος της διαφοράς: η κίνησή σου έχει ένα "
                        "παραπάνω από την προτεινόμενη στο 6 και ένα λιγότερο στο 3.")
        assert "η άλλη κίνηση έχει ένα παραπάνω" in other
        assert not re.search(r"[A-Za-z/*^]", said + other)
