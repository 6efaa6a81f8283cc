"""Portes (R4): landing, hitting, the bar, entering, closed out."""

from __future__ import annotations

import pytest

from rules_support import by_notation, notations, pos, result_points
from tavli_voice.rules import (PassReason, Position, analyse, has_legal_play, is_closed_out,
                               legal_plays)

PRESETS = ["tavlucky", "traditional", "vog"]


class TestLanding:
    """R4: stop on empty, own, or a lone opposing checker; two or more close a point."""

    @pytest.mark.parametrize("preset", PRESETS)
    def test_r4_closed_point_cannot_be_landed_on(self, preset: str) -> None:
        # our checker on 13, their two checkers on our 7: 13/7 is impossible
        p = pos("portes", {13: 1, 7: -2, 1: -13}, preset=preset, off=(14, 0))
        assert "13/7" not in notations(p, (6, 1))
        assert "13/12 12/6" not in notations(p, (6, 1))
        assert notations(p, (6, 1)) == {"13/6"}  # via 12 only, not stopping on 7

    def test_r4_own_and_empty_points(self) -> None:
        p = pos("portes", {13: 2, 8: 1, 1: -15}, off=(12, 0))
        plays = by_notation(p, (5, 3))
        # 13/8 8/5 is the same position as 13/5: one play (R2)
        assert set(plays) == {"13/10 13/8", "13/10 8/3", "13/5"}
        assert result_points(plays["13/10 13/8"]) == {10: 1, 8: 2, 1: -15}

    def test_r4_hitting_a_blot_sends_it_to_the_bar(self) -> None:
        p = pos("portes", {13: 1, 7: -1, 1: -14}, off=(14, 0))
        plays = by_notation(p, (6, 2))
        hit = plays["13/7*/5"]
        assert hit.steps[0].capture and not hit.steps[1].capture
        assert hit.result.bar == (0, 1)
        assert result_points(hit) == {5: 1, 1: -14}
        assert hit.result.flip().bar == (1, 0)  # their checker waits on their bar

    def test_r4_a_two_checker_point_is_closed_even_at_the_edge(self) -> None:
        p = pos("portes", {2: 1, 1: -2}, off=(14, 13))
        # 2/1 closed; bearing off needs every checker home (it is): the 2 bears off exactly
        assert notations(p, (1, 2)) == {"2/off"}


class TestBar:
    """R4: bar checkers enter first, on point 25 - die, and may hit."""

    def test_r4_must_enter_before_moving_anything_else(self) -> None:
        p = pos("portes", {13: 5, 6: 5, 1: -15}, bar=(1, 0), off=(4, 0))
        for play in legal_plays(p, (6, 5)):
            assert play.steps[0].from_point == 25
        assert notations(p, (6, 5)) >= {"bar/19 13/8", "bar/20 13/7", "bar/14"}

    def test_r4_entry_point_is_25_minus_die(self) -> None:
        p = pos("portes", {6: 14, 1: -15}, bar=(1, 0))
        assert notations(p, (1, 1)) == {"bar/24 6/5(3)", "bar/23 6/5(2)", "bar/22 6/5",
                                        "bar/21", "bar/24 6/5 6/4", "bar/24 6/3", "bar/23 6/4"}
        assert all(pl.steps[0].to_point == 24 for pl in legal_plays(p, (1, 1)))
        assert {pl.steps[0].to_point for pl in legal_plays(p, (4, 2))} == {21, 23}

    def test_r4_entering_may_hit(self) -> None:
        p = pos("portes", {6: 14, 22: -1, 1: -14}, bar=(1, 0))
        plays = by_notation(p, (3, 3))
        assert set(plays) == {"bar/22* 6/3(3)", "bar/22*/13", "bar/22*/16 6/3",
                              "bar/22*/19 6/3(2)"}
        assert all(pl.result.bar == (0, 1) and pl.steps[0].capture for pl in plays.values())

    def test_r4_two_on_the_bar_enter_both_first(self) -> None:
        p = pos("portes", {6: 13, 1: -15}, bar=(2, 0))
        plays = legal_plays(p, (6, 5))
        assert {pl.notation for pl in plays} == {"bar/20 bar/19"}
        # one entry point closed: one enters, the other die cannot be used (R2)
        p = pos("portes", {6: 13, 19: -2, 1: -13}, bar=(2, 0))
        assert notations(p, (6, 5)) == {"bar/20"}
        turn = analyse(p, (6, 5))
        assert turn.reason is not None and turn.reason.code is PassReason.ONLY_ONE_DIE

    def test_r4_bar_entry_blocked_passes_the_turn(self) -> None:
        p = pos("portes", {6: 14, 19: -2, 20: -2, 1: -11}, bar=(1, 0))
        turn = analyse(p, (6, 5))
        assert turn.passes and turn.reason is not None
        assert turn.reason.code is PassReason.BAR_ENTRY_BLOCKED
        assert turn.reason.get("points") == (20, 19)
        assert not is_closed_out(p)  # other entry points are open: they roll normally
        assert not has_legal_play(p, (6, 5)) and has_legal_play(p, (6, 4))


class TestClosedOut:
    """R4: a bar checker and all six entry points closed: the turn passes without rolling."""

    CLOSED = {19: -2, 20: -2, 21: -2, 22: -3, 23: -3, 24: -3}

    @pytest.mark.parametrize("preset", PRESETS)
    def test_r4_closed_out(self, preset: str) -> None:
        p = pos("portes", {6: 14, **self.CLOSED}, preset=preset, bar=(1, 0))
        assert is_closed_out(p)
        for a in range(1, 7):
            for b in range(1, 7):
                assert legal_plays(p, (a, b)) == ()
                turn = analyse(p, (a, b))
                assert turn.reason is not None and turn.reason.code is PassReason.CLOSED_OUT
                assert turn.reason.code.is_pass

    def test_r4_one_open_point_is_not_closed_out(self) -> None:
        board = dict(self.CLOSED)
        board[22] = -1  # a blot: a point they do not close
        p = pos("portes", {6: 14, **board}, bar=(1, 0))
        assert not is_closed_out(p)
        # the blot on 22 is hit; 19 is closed, so the entered checker stops there
        assert notations(p, (3, 3)) == {"bar/22* 6/3(3)"}

    def test_r4_no_bar_checker_is_not_closed_out(self) -> None:
        p = pos("portes", {6: 15, **self.CLOSED})
        assert not is_closed_out(p)
        assert not is_closed_out(Position.initial("plakoto"))

    def test_r4_closed_out_keeps_passing_until_a_point_opens(self) -> None:
        # they move a checker off 22 (three there): still shut out
        board = {**self.CLOSED, 22: -2, 10: -1}
        assert is_closed_out(pos("portes", {6: 14, **board}, bar=(1, 0)))
        # they leave a blot on 19: the point opens, we roll and a 6 enters (hitting)
        board = {**self.CLOSED, 19: -1, 10: -1}
        p = pos("portes", {6: 14, **board}, bar=(1, 0))
        assert not is_closed_out(p)
        assert legal_plays(p, (6, 6))[0].notation.startswith("bar/19*")
        assert analyse(p, (5, 4)).reason.code is PassReason.BAR_ENTRY_BLOCKED  # type: ignore[union-attr]


class TestHitWhileBearingOff:
    """R4 / R6: hit while bearing off: re-enter and come home before bearing off again."""

    def test_r4_bar_checker_stops_bearing_off(self) -> None:
        p = pos("portes", {6: 4, 5: 5, 1: -14}, bar=(1, 0), off=(5, 1))
        for play in legal_plays(p, (6, 5)):
            assert all(s.to_point != 0 for s in play.steps)

    def test_r4_entered_checker_must_come_home_first(self) -> None:
        p = pos("portes", {4: 10, 1: -15}, bar=(1, 0), off=(4, 0))
        # 6-6: the entered checker runs bar/19/13/7; their 15 close our 1, so it
        # cannot reach home, and the fourth 6 may not bear off from 4
        assert notations(p, (6, 6)) == {"bar/7"}
        # 5-5 with the way open: all four fives take the checker from the bar home
        p = pos("portes", {4: 10, 24: -15}, bar=(1, 0), off=(4, 0))
        assert notations(p, (5, 5)) == {"bar/5"}
        # back home, bearing off resumes next turn
        home = legal_plays(p, (5, 5))[0].result
        assert notations(home, (5, 5)) == {"5/off 4/off(3)"}
