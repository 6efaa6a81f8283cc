"""Bearing off (R6) in every game, with pinned checkers counted (R5.3, R7.4)."""

from __future__ import annotations

import pytest

from rules_support import by_notation, notations, pos
from tavli_voice.rules import PassReason, analyse, legal_plays

# our checkers home on 6 and 5; the opponent far away, per game
FAR = {"portes": {19: -15}, "plakoto": {20: -15}, "fevga": {18: -15}}


class TestWhenAllowed:
    """R6: only when every checker still on the board is on points 1-6."""

    @pytest.mark.parametrize("game", ["portes", "plakoto", "fevga"])
    def test_r6_one_checker_outside_stops_bearing_off(self, game: str) -> None:
        p = pos(game, {7: 1, 5: 3, **FAR[game]}, off=(11, 0))
        for play in legal_plays(p, (2, 1)):
            assert all(s.to_point != 0 for s in play.steps), play.notation
        # once it comes home, bearing off follows in the same turn (R6, R2)
        assert notations(p, (6, 5)) == {"7/1 5/off", "7/2 5/off"}

    @pytest.mark.parametrize("game", ["portes", "plakoto", "fevga"])
    def test_r6_exact_die_bears_off_from_its_point(self, game: str) -> None:
        p = pos(game, {6: 2, 4: 1, **FAR[game]}, off=(12, 0))
        assert "6/off 4/off" in notations(p, (6, 4))

    @pytest.mark.parametrize("game", ["portes", "plakoto", "fevga"])
    def test_r6_larger_die_from_the_highest_point(self, game: str) -> None:
        p = pos(game, {4: 2, 2: 1, **FAR[game]}, off=(12, 0))
        # both dice larger than 4: both bear off from the highest point
        assert notations(p, (6, 5)) == {"4/off(2)"}

    @pytest.mark.parametrize("game", ["portes", "plakoto", "fevga"])
    def test_r6_no_overshoot_while_a_higher_point_is_occupied(self, game: str) -> None:
        p = pos(game, {5: 2, 3: 2, **FAR[game]}, off=(11, 0))
        # the 4 may not bear off from 3 while 5 is occupied: 5/1, then the 6 bears 5 off
        assert notations(p, (6, 4)) == {"5/1 5/off"}

    @pytest.mark.parametrize("game", ["portes", "plakoto", "fevga"])
    def test_r6_moving_inside_instead_of_bearing_off(self, game: str) -> None:
        p = pos(game, {6: 1, 5: 1, **FAR[game]}, off=(13, 0))
        assert notations(p, (6, 5)) == {"6/off 5/off", "6/1 5/off"}
        # but maximum usage still holds (R2): 6/1 alone, leaving the 6 unused, is no play
        assert "6/1" not in notations(p, (6, 5))

    def test_r6_bearing_off_the_last_checker_wins(self) -> None:
        p = pos("portes", {2: 1, 19: -15}, off=(14, 0))
        play = legal_plays(p, (5, 1))[0]
        assert play.result.off == (15, 0)


class TestPinnedCheckers:
    """R5.3: our own pinned checkers count: outside home they stop bearing off."""

    def test_r5_3_pinned_outside_home_stops_bearing_off(self) -> None:
        p = pos("plakoto", {10: [-1, 1], 3: 2, 20: -14}, off=(12, 0))
        turn = analyse(p, (6, 4))
        assert turn.passes
        # the checker that could have moved (10/6, 10/4) is the pinned one
        assert turn.reason is not None and turn.reason.code is PassReason.PINNED
        assert turn.reason.get("points") == (10,)

    def test_r5_3_pinned_outside_home_while_others_move(self) -> None:
        p = pos("plakoto", {10: [-1, 1], 3: 2, 5: 1, 20: -14}, off=(11, 0))
        plays = legal_plays(p, (2, 1))
        assert plays
        for play in plays:
            assert all(s.to_point != 0 for s in play.steps), play.notation

    def test_r5_3_pinned_on_a_higher_home_point_blocks_overshoot(self) -> None:
        # ours pinned on 5: the 6 and the 4 may not bear off from 3
        p = pos("plakoto", {5: [-1, 1], 3: 2, 2: -2, 1: -2, 20: -10}, off=(12, 0))
        turn = analyse(p, (6, 4))
        assert turn.passes
        assert turn.reason is not None and turn.reason.code is PassReason.CANNOT_BEAR_OFF
        assert turn.reason.get("point") == 5
        # the same with the pinned checker freed: the 6 bears it off from 5
        freed = pos("plakoto", {5: 1, 3: 2, 2: -2, 1: -2, 20: -11}, off=(12, 0))
        assert "5/off 3/off" in notations(freed, (6, 4))

    def test_r5_3_exact_die_from_a_lower_point_is_fine(self) -> None:
        p = pos("plakoto", {5: [-1, 1], 3: 2, 20: -14}, off=(12, 0))
        assert notations(p, (3, 3)) == {"3/off(2)"}

    def test_r5_3_their_pinned_checker_is_no_obstacle(self) -> None:
        # we pin one of theirs on our 5: our pinner bears off and frees it
        p = pos("plakoto", {5: [1, -1], 3: 2, 20: -14}, off=(12, 0))
        plays = by_notation(p, (6, 4))
        assert set(plays) == {"5/off 3/off", "5/1 3/off"}
        assert plays["5/off 3/off"].result.points[5 - 1] == -1  # freed
