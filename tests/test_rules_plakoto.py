"""Plakoto and Tapa (R5): landing, pinning, freeing, the mother in every preset."""

from __future__ import annotations

import pytest

from rules_support import by_notation, notations, pos, pos_json, result_points
from tavli_voice.rules import Outcome, OutcomeKind, Position, game_outcome, legal_plays


class TestLandingAndPinning:
    """R5.2: empty, own, own pinning stack, or a lone opposing checker (which is pinned)."""

    @pytest.mark.parametrize("preset", ["tavlucky", "traditional", "vog"])
    def test_r5_2_landing_on_a_lone_checker_pins_it(self, preset: str) -> None:
        p = pos("plakoto", {24: 14, 13: 1, 7: -1, 1: -14}, preset=preset)
        plays = by_notation(p, (6, 1))
        pin = plays["24/23 13/7^"]
        assert [s.capture for s in pin.steps if s.from_point == 13] == [True]
        assert result_points(pin) == {24: 13, 23: 1, 7: [1, -1], 1: -14}
        assert pin.result.bar == (0, 0)  # R5.1: no bar in Plakoto
        assert pin.result.theirs(7) == 1 and pin.result.pinned_points(-1) == (7,)

    def test_r5_2_joining_our_pinning_stack(self) -> None:
        p = pos("plakoto", {24: 13, 13: 1, 7: [1, -1], 1: -14})
        plays = by_notation(p, (6, 1))
        assert result_points(plays["24/23 13/7"]) == {24: 12, 23: 1, 7: [2, -1], 1: -14}
        assert not any(s.capture for s in plays["24/23 13/7"].steps)  # joining is no new pin

    def test_r5_2_freed_when_the_last_pinner_leaves(self) -> None:
        p = pos("plakoto", {24: 13, 13: 1, 7: [1, -1], 1: -14})
        plays = by_notation(p, (6, 1))
        # 7/6 takes our only pinner off: their checker on 7 is free again
        assert result_points(plays["24/18 7/6"]) == {24: 12, 18: 1, 13: 1, 7: -1, 6: 1, 1: -14}
        # with two pinners, one leaving keeps the pin
        p = pos("plakoto", {24: 12, 13: 1, 7: [2, -1], 1: -14})
        after = by_notation(p, (6, 1))["24/18 7/6"]
        assert result_points(after)[7] == [1, -1]

    def test_r5_2_a_pinned_checker_never_moves(self) -> None:
        p = pos("plakoto", {24: 14, 10: [-1, 1], 1: -14})
        assert notations(p, (6, 1)) == {"24/23 24/18", "24/17"}
        for play in legal_plays(p, (6, 1)):
            assert all(s.from_point != 10 for s in play.steps)
            assert result_points(play)[10] == [-1, 1]

    def test_r5_2_the_pinner_cannot_be_pinned(self) -> None:
        # a single opposing checker on our 15 pins one of ours: 15 is closed to us
        p = pos("plakoto", {24: 13, 20: 1, 15: [-1, 1], 1: -14})
        assert notations(p, (5, 4)) == {"24/20 24/19", "24/19 20/16", "20/11"}
        for play in legal_plays(p, (5, 4)):
            assert all(s.to_point != 15 for s in play.steps)

    def test_r5_2_two_opposing_checkers_close_a_point(self) -> None:
        p = pos("plakoto", {24: 14, 20: 1, 15: -2, 1: -13})
        assert notations(p, (5, 4)) == {"24/20 24/19", "24/19 20/16", "20/11"}

    def test_r5_2_pinned_by_us_is_still_theirs_in_the_count(self) -> None:
        p = pos("plakoto", {24: 13, 7: [2, -1], 1: -14})
        assert p.mine(7) == 2 and p.theirs(7) == 1
        p.validate()
        assert p.flip().points_json()[25 - 7 - 1] == [-2, 1]


class TestMotherTavlucky:
    """R5.4 tavlucky: pinning their mother ends the game at once: 2, or 1 if ours is pinned."""

    def test_r5_4_mother_pin_ends_the_game_with_dice_left(self) -> None:
        p = pos("plakoto", {24: 14, 6: 1, 19: -14, 1: -1})
        plays = by_notation(p, (5, 4))
        assert set(plays) == {"6/1^", "24/20 6/1^", "24/15"}
        pin = plays["6/1^"]
        assert pin.ends_game and len(pin.steps) == 1
        assert game_outcome(pin.result) == Outcome(0, 2, OutcomeKind.MOTHER)
        assert plays["24/20 6/1^"].ends_game and not plays["24/15"].ends_game
        assert game_outcome(plays["24/15"].result) is None

    def test_r5_4_one_point_when_our_own_mother_is_pinned(self) -> None:
        p = pos("plakoto", {24: [-1, 1], 6: 1, 12: 13, 19: -13, 1: -1})
        pin = by_notation(p, (5, 4))["6/1^"]
        assert pin.ends_game
        assert game_outcome(pin.result) == Outcome(0, 1, OutcomeKind.MOTHER)

    def test_r5_4_the_mother_is_their_last_checker_on_their_start(self) -> None:
        # their start is our 1; a lone checker anywhere else is pinned like any other
        p = pos("plakoto", {24: 14, 7: 1, 2: -1, 1: -14})
        pin = by_notation(p, (5, 1))["24/23 7/2^"]
        assert not pin.ends_game and game_outcome(pin.result) is None


class TestMotherTraditional:
    """R5.4 traditional (and vog): the pinner must have left their own start."""

    def test_r5_4_pin_with_our_checkers_still_on_start_is_ordinary(self) -> None:
        p = pos("plakoto", {24: 14, 6: 1, 19: -14, 1: -1}, preset="traditional")
        plays = by_notation(p, (5, 4))
        # an ordinary step: both dice must be played, no shorter play
        assert set(plays) == {"24/20 6/1^", "24/15"}
        pin = plays["24/20 6/1^"]
        assert not pin.ends_game and game_outcome(pin.result) is None
        assert pin.result.pinned_points(-1) == (1,)
        # their pinned mother cannot move on their turn (R5.2)
        theirs = pin.result.flip()
        assert all(s.from_point != 24 for pl in legal_plays(theirs, (1, 2)) for s in pl.steps)

    def test_r5_4_pin_with_nothing_on_start_wins_at_once(self) -> None:
        p = pos("plakoto", {6: 1, 5: 14, 19: -14, 1: -1}, preset="traditional")
        plays = by_notation(p, (5, 4))
        assert set(plays) == {"6/2 5/off", "6/1^", "5/1^", "5/1^ 5/off"}
        assert plays["6/1^"].ends_game and not plays["6/2 5/off"].ends_game
        assert game_outcome(plays["5/1^"].result) == Outcome(0, 2, OutcomeKind.MOTHER)

    def test_r5_4_last_checker_leaving_start_wins(self) -> None:
        # their mother already pinned under ours on our 1; our last checker on 24
        p = pos("plakoto", {24: 1, 1: [1, -1], 13: 13, 19: -14}, preset="traditional")
        plays = by_notation(p, (3, 5))
        # 24/19 is closed; 24/21 wins at once, alone or after 13/8 (the win comes last)
        assert set(plays) == {"24/21", "24/21 13/8", "13/10 13/8", "13/5"}
        for n in ("24/21", "24/21 13/8"):
            assert plays[n].ends_game and plays[n].steps[-1].from_point == 24
            assert game_outcome(plays[n].result) == Outcome(0, 2, OutcomeKind.MOTHER)
        # the mover may also keep the checker on 24 (no step is skipped): no win yet
        assert game_outcome(plays["13/5"].result) is None

    def test_r5_4_both_mothers_pinned_is_a_draw(self) -> None:
        # their pinner sits on our mother (our 24); we pin theirs on our 1
        p = pos("plakoto", {24: [-2, 1], 6: 1, 3: 13, 19: -12, 1: -1}, preset="traditional")
        plays = by_notation(p, (5, 4))
        draw = plays["6/1^"]
        assert draw.ends_game and len(draw.steps) == 1
        assert game_outcome(draw.result) == Outcome(None, 0, OutcomeKind.DRAW)
        # and never a play that goes on after the draw
        assert all(len(pl.steps) == 1 for pl in plays.values() if pl.ends_game)

    def test_r5_4_draw_whichever_mother_came_first(self) -> None:
        # we pinned theirs first (our checkers were still on 24), then they pin ours:
        # from their side it is "their mother is pinned and they pin ours"
        ours_first = pos("plakoto", {24: 1, 1: [1, -1], 10: 13, 20: -13, 23: -1},
                         preset="traditional")
        theirs = ours_first.flip()
        plays = by_notation(theirs, (1, 3))
        assert set(plays) == {"5/4 5/2", "5/1^", "2/1^"}
        draw = plays["2/1^"]
        assert draw.ends_game and plays["5/1^"].ends_game
        assert game_outcome(draw.result) == Outcome(None, 0, OutcomeKind.DRAW)
        assert game_outcome(draw.result.flip()) == Outcome(None, 0, OutcomeKind.DRAW)


class TestMotherVog:
    """R5.4 vog (Tapa): as traditional, worth 3 times the cube."""

    def test_r5_1_r5_4_tapa_mother_is_on_their_24(self) -> None:
        data = pos_json("plakoto", {6: 1, 5: 14, 19: -14, 1: -1}, preset="vog")
        data["cube"] = {"value": 2, "owner": "opponent"}
        p = Position.from_json(data)
        plays = by_notation(p, (5, 4))
        assert plays["6/1^"].ends_game
        assert game_outcome(plays["6/1^"].result) == Outcome(0, 6, OutcomeKind.MOTHER)

    def test_r5_4_vog_pin_with_checkers_on_start_is_ordinary(self) -> None:
        p = pos("plakoto", {24: 5, 23: 5, 22: 4, 6: 1, 19: -14, 1: -1}, preset="vog")
        plays = by_notation(p, (5, 4))
        assert "6/1^" not in plays
        assert not plays["24/20 6/1^"].ends_game and not plays["22/18 6/1^"].ends_game
        assert game_outcome(plays["24/20 6/1^"].result) is None
