"""Dice and the obligation to play (R2), the dice source (R3), the play values (R10)."""

from __future__ import annotations

from collections import Counter

import pytest

from rules_support import by_notation, notations, pos
from tavli_voice.rules import (DiceSource, PassReason, Play, Position, analyse, check_dice,
                               has_legal_play, legal_plays)

ALL_ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]


class TestDice:
    """R2: a non-double gives two steps, a double four; dice are two numbers 1-6."""

    @pytest.mark.parametrize("game", ["portes", "plakoto", "fevga"])
    def test_r2_two_steps_or_four(self, game: str) -> None:
        p = Position.initial(game)
        for a, b in ALL_ROLLS:
            plays = legal_plays(p, (a, b))
            assert plays, (a, b)
            used = {len(pl.steps) for pl in plays}
            if a == b and game != "fevga":
                assert used == {4}
            elif a != b:
                assert used == {2}
                assert all(sorted(pl.dice_used) == sorted((a, b)) for pl in plays)

    def test_r2_order_of_the_dice_does_not_matter(self) -> None:
        p = Position.initial("portes")
        for a, b in ALL_ROLLS:
            assert legal_plays(p, (a, b)) == legal_plays(p, (b, a))

    @pytest.mark.parametrize("dice", [(0, 3), (7, 1), (1,), (1, 2, 3), ("6", 5), (2.0, 3)])
    def test_r2_bad_dice_are_refused(self, dice: tuple[object, ...]) -> None:
        with pytest.raises(ValueError, match="dice must be two numbers from 1 to 6"):
            legal_plays(Position.initial("portes"), dice)  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            check_dice(dice)  # type: ignore[arg-type]

    def test_r3_dice_source_replays_from_its_seed(self) -> None:
        a, b = DiceSource("match:1"), DiceSource("match:1")
        rolls = [a.roll() for _ in range(50)]
        assert rolls == [b.roll() for _ in range(50)]
        assert rolls != [DiceSource("match:2").roll() for _ in range(50)]
        assert all(1 <= x <= 6 for r in rolls for x in r)
        assert DiceSource(7).roll() == DiceSource("7").roll()  # ints and strings alike

    def test_r3_dice_are_roughly_uniform(self) -> None:
        src = DiceSource(12345)
        counts = Counter(src.roll() for _ in range(36_000))
        assert set(counts) == set(ALL_ROLLS)
        assert all(800 < n < 1200 for n in counts.values())


class TestOneCheckerBothDice:
    """R2: one checker may use both dice if it can stop on the intermediate point."""

    def test_r2_intermediate_point_must_be_open(self) -> None:
        p = pos("portes", {13: 1, 6: 14, 7: -2, 8: -2, 1: -11})
        assert "13/2" not in notations(p, (6, 5))  # 8 and 7 both closed
        p = pos("portes", {13: 1, 6: 14, 7: -2, 1: -13})
        plays = by_notation(p, (6, 5))
        assert "13/2" in plays  # through 8
        assert [(s.from_point, s.to_point) for s in plays["13/2"].steps] == [(13, 8), (8, 2)]


class TestMaximumUsage:
    """R2: play as many dice as any sequence can; the larger die if only one fits."""

    def test_r2_both_dice_when_some_order_plays_both(self) -> None:
        # 12/7 first would leave the 6 unplayable (our 1 is closed): not offered
        p = pos("portes", {12: 1, 7: 1, 1: -2})
        turn = analyse(p, (6, 5))
        assert [pl.notation for pl in turn.plays] == ["12/6 7/2"]
        assert turn.reason is None

    def test_r2_larger_die_when_only_one_fits(self) -> None:
        # 24/18 or 24/19, but 13 is closed: never both; the 6 must be played
        p = pos("portes", {24: 1, 13: -2, 1: -13}, off=(14, 0))
        turn = analyse(p, (6, 5))
        assert [pl.notation for pl in turn.plays] == ["24/18"]
        assert turn.reason is not None and turn.reason.code is PassReason.LARGER_DIE_RULE
        assert turn.reason.get("dice") == (6, 5)
        assert not turn.reason.code.is_pass

    def test_r2_smaller_die_when_the_larger_cannot_be_played(self) -> None:
        p = pos("portes", {24: 1, 13: -2, 18: -2, 1: -11}, off=(14, 0))
        turn = analyse(p, (6, 5))
        assert [pl.notation for pl in turn.plays] == ["24/19"]
        assert turn.reason is not None and turn.reason.code is PassReason.ONLY_ONE_DIE
        assert (turn.reason.get("die"), turn.reason.get("other")) == (5, 6)

    def test_r2_doubles_as_many_as_fit(self) -> None:
        p = pos("portes", {24: 1, 12: -2, 1: -13}, off=(14, 0))
        turn = analyse(p, (4, 4))
        assert [pl.notation for pl in turn.plays] == ["24/16"]
        assert turn.reason is not None and turn.reason.code is PassReason.PARTIAL_DOUBLE
        assert (turn.reason.get("played"), turn.reason.get("of")) == (2, 4)

    def test_r2_no_step_at_all_passes(self) -> None:
        p = pos("portes", {24: 1, 18: -2, 19: -2, 1: -11}, off=(14, 0))
        turn = analyse(p, (6, 5))
        assert turn.passes and turn.plays == ()
        assert turn.reason is not None and turn.reason.code.is_pass
        assert not has_legal_play(p, (6, 5))

    def test_r2_winning_bear_off_with_one_die_counts_both(self) -> None:
        # 3/off with the 6, or 3/1/off with both: the same position, no shortened turn
        p = pos("portes", {3: 1, 19: -15}, off=(14, 0))
        turn = analyse(p, (6, 2))
        assert [pl.notation for pl in turn.plays] == ["3/off"]
        assert turn.reason is None


class TestPlakotoException:
    """R2 exception: a game-ending step ends the turn at once (R5.4)."""

    def test_r2_ending_sequences_are_left_out_of_maximum_usage(self) -> None:
        # tavlucky: 7/1^ pins their mother and ends the game (with the 6).
        # Otherwise only 7/5 (the 2) can be played: 24/18, 22/16 are closed.
        p = pos("plakoto", {24: 14, 7: 1, 1: -1, 18: -2, 16: -2, 10: -10})
        plays = by_notation(p, (6, 2))
        assert set(plays) == {"7/1^", "24/22 7/1^", "7/5"}
        assert plays["7/1^"].ends_game and plays["24/22 7/1^"].ends_game
        assert not plays["7/5"].ends_game
        # the larger die rule is worked out without the ending plays: 7/5 (the 2)
        # stays although the 6 can be played (only as the mother pin)
        turn = analyse(p, (6, 2))
        assert turn.reason is not None and turn.reason.code is PassReason.ONLY_ONE_DIE
        # never stop short while a step is possible: 24/22 alone is no play
        assert "24/22" not in plays

    @pytest.mark.parametrize("preset", ["traditional", "vog"])
    def test_r2_ordinary_mother_pin_follows_maximum_usage(self, preset: str) -> None:
        start = {24: 14, 6: 1, 19: -14, 1: -1} if preset == "traditional" else {
            24: 5, 23: 5, 22: 4, 6: 1, 19: -14, 1: -1}
        plays = by_notation(pos("plakoto", start, preset=preset), (5, 4))
        assert "6/1^" not in plays
        assert all(len(pl.steps) == 2 and not pl.ends_game for pl in plays.values())

    def test_r2_every_sequence_ending_with_a_pin_still_counts(self) -> None:
        # reference fixture line 99 (plakoto_ref_tavlucky): all plays end the game
        p = Position.from_json({
            "game": "plakoto", "preset": "tavlucky",
            "points": [-1, 5, 1, 1, [-1, 1], 0, -1, 0, -2, -2, -1, 0, 1, 1, 0, 0, -1, 0, 0,
                       [-2, 1], -2, 0, -2, 4], "bar": [0, 0], "off": [0, 0]})
        plays = by_notation(p, (3, 3))
        assert set(plays) == {"14/11^ 4/1^", "14/11^/8 4/1^", "4/1^"}
        assert all(pl.ends_game for pl in plays.values())
        assert analyse(p, (3, 3)).reason is None


class TestDistinctPlays:
    """R2: plays are distinct resulting positions, each with one notation (R10)."""

    @pytest.mark.parametrize("game", ["portes", "plakoto", "fevga"])
    def test_r2_one_play_per_resulting_position(self, game: str) -> None:
        p = Position.initial(game)
        for dice in ALL_ROLLS:
            plays = legal_plays(p, dice)
            assert len({pl.result for pl in plays}) == len(plays)
            assert len({pl.notation for pl in plays}) == len(plays)

    def test_r2_two_routes_one_play(self) -> None:
        plays = by_notation(Position.initial("portes"), (6, 5))
        assert set(plays) == {"24/18 13/8", "24/18 8/3", "24/13", "13/8 13/7", "13/7 8/3",
                              "13/2", "8/3 8/2"}
        assert list(plays)[0] == "24/18 13/8"  # listing order: highest source first

    def test_r10_a_play_carries_steps_result_and_notation(self) -> None:
        play = by_notation(Position.initial("portes"), (6, 5))["24/18 13/8"]
        assert isinstance(play, Play)
        assert [(s.from_point, s.to_point, s.die) for s in play.steps] == [(24, 18, 6), (13, 8, 5)]
        assert play.dice_used == (6, 5)
        assert play.to_json() == {
            "notation": "24/18 13/8", "steps": [[24, 18], [13, 8]],
            "result": {"points": [-2, 0, 0, 0, 0, 5, 0, 4, 0, 0, 0, -5, 4, 0, 0, 0, -3, 1, -5, 0,
                                  0, 0, 0, 1], "bar": [0, 0], "off": [0, 0]}}
        assert play.result.game == "portes"  # same mover as the input (R10, fixtures)
        assert repr(play) == "<Play 24/18 13/8>"
        assert play == by_notation(Position.initial("portes"), (5, 6))["24/18 13/8"]
