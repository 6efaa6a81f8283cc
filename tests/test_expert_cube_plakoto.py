"""R9.1: the expert's cube in Plakoto (Tapa under ``vog``) comes from its Plakoto net's
pre-roll equity: a clearly won race doubles and is passed, a mars in sight plays on,
a clearly lost side neither doubles nor takes; Fevga has no cube (R0)."""

from __future__ import annotations

import pytest

from tavli_voice.bots.expert import ExpertBot
from tavli_voice.rules import Position
from tavli_voice.rules.position import opponent_point


def race(mine: dict[int, int], theirs: dict[int, int], off: tuple[int, int],
         game: str = "plakoto", preset: str = "vog") -> Position:
    """A position with the mover's checkers on ``mine`` and the opponent's on ``theirs``
    (each in its owner's numbering, point: checkers), ``off`` borne off (mover, other)."""
    pts = [0] * 24
    for p, n in mine.items():
        pts[p - 1] += n
    for p, n in theirs.items():
        pts[opponent_point(game, p) - 1] -= n
    return Position.from_json({"game": game, "preset": preset, "points": pts,
                               "off": list(off)})


@pytest.fixture(scope="module")
def bot() -> ExpertBot:
    b = ExpertBot(seed=0)
    assert b.usable("plakoto")  # the shipped Plakoto net, not the strong stand-in
    return b


# 4 checkers left against 6, both sides with checkers off (no mars possible)
AHEAD = race({1: 1, 2: 1, 4: 1, 5: 1}, {1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1}, (11, 9))
# 2 checkers left against 15 still in the far quarter, none off: a mars in sight
MARS = race({1: 1, 2: 1}, {19: 5, 20: 5, 21: 5}, (13, 0))


def test_r9_1_tapa_a_clearly_won_race_doubles_and_the_opponent_passes(bot: ExpertBot) -> None:
    assert 0.6 < bot.pre_roll_equity(AHEAD) < 1.0
    assert bot.cube_offer(AHEAD)
    assert not bot.cube_take(AHEAD.flip())  # the taker's side: clearly lost, so it passes


def test_r9_1_tapa_the_clearly_lost_side_never_doubles(bot: ExpertBot) -> None:
    lost = race({1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1}, {1: 1, 2: 1, 4: 1}, (9, 12))
    assert bot.pre_roll_equity(lost) < -0.6
    assert not bot.cube_offer(lost)


def test_r9_1_tapa_with_a_mars_in_sight_the_winner_plays_on(bot: ExpertBot) -> None:
    assert bot.pre_roll_equity(MARS) > 1.0  # worth more than the point a pass gives
    assert not bot.cube_offer(MARS)
    assert not bot.cube_take(MARS.flip())  # doubled anyway, the loser passes


def test_r9_1_tapa_the_start_is_no_double_and_a_take(bot: ExpertBot) -> None:
    start = Position.initial("plakoto", "vog")
    assert abs(bot.pre_roll_equity(start)) < 0.45
    assert not bot.cube_offer(start)
    assert bot.cube_take(start.flip())


def test_r9_1_tapa_no_double_when_the_stake_already_wins_the_match(bot: ExpertBot) -> None:
    assert bot.cube_offer(AHEAD, (50, 50), 61)
    assert not bot.cube_offer(AHEAD, (60, 50), 61)  # one point wins it: doubling gives nothing
    assert not bot.cube_offer(AHEAD, (50, 50), 61, may_double=False)  # the Crawford game
    # the taker who loses the match by passing takes even a lost position
    assert bot.cube_take(AHEAD.flip(), (50, 60), 61)


def test_r0_fevga_has_no_cube() -> None:
    with pytest.raises(ValueError, match="vog"):
        race({1: 1}, {1: 1}, (14, 14), game="fevga")
    pos = race({1: 1, 2: 1, 4: 1, 5: 1}, {1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1}, (11, 9),
               game="fevga", preset="traditional")
    assert not ExpertBot(seed=0).cube_offer(pos)
