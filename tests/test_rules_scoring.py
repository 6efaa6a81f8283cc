"""Game end and points (R4, R5.4, R5.5, R7.4; resign and drop R9, R9.1)."""

from __future__ import annotations

from typing import Any

import pytest

from rules_support import pos_json
from tavli_voice.rules import (Outcome, OutcomeKind, Position, drop_outcome, game_outcome,
                               resign_outcome)


def won(game: str, loser: dict[int, Any], *, preset: str = "tavlucky", loser_off: int = 0,
        bar: int = 0, cube: int | None = None) -> Position:
    """A position where the mover has just borne off all 15; ``loser`` are their checkers."""
    data = pos_json(game, loser, preset=preset, bar=(0, bar), off=(15, loser_off))
    if cube is not None:
        data["cube"] = {"value": cube, "owner": "opponent"}
    return Position.from_json(data)


class TestPortes:
    """R4: 1, mars 2; vog backgammon 3 and the cube."""

    @pytest.mark.parametrize("preset", ["tavlucky", "traditional", "vog"])
    def test_r4_single_win(self, preset: str) -> None:
        p = won("portes", {19: -3, 2: -2}, preset=preset, loser_off=10)
        assert game_outcome(p) == Outcome(0, 1, OutcomeKind.SINGLE)

    @pytest.mark.parametrize("preset", ["tavlucky", "traditional", "vog"])
    def test_r4_mars(self, preset: str) -> None:
        p = won("portes", {19: -15}, preset=preset)
        assert game_outcome(p) == Outcome(0, 2, OutcomeKind.MARS)

    @pytest.mark.parametrize("preset", ["tavlucky", "traditional"])
    def test_r4_no_triple_outside_vog(self, preset: str) -> None:
        assert game_outcome(won("portes", {19: -14}, preset=preset, bar=1)) == Outcome(
            0, 2, OutcomeKind.MARS)
        assert game_outcome(won("portes", {3: -1, 19: -14}, preset=preset)) == Outcome(
            0, 2, OutcomeKind.MARS)

    def test_r4_vog_backgammon_is_three(self) -> None:
        assert game_outcome(won("portes", {19: -14}, preset="vog", bar=1)) == Outcome(
            0, 3, OutcomeKind.TRIPLE)
        assert game_outcome(won("portes", {6: -1, 19: -14}, preset="vog")) == Outcome(
            0, 3, OutcomeKind.TRIPLE)
        # one borne off: no mars, however deep the rest
        assert game_outcome(won("portes", {6: -1, 19: -13}, preset="vog", loser_off=1)) == Outcome(
            0, 1, OutcomeKind.SINGLE)

    def test_r4_r9_1_vog_points_times_the_cube(self) -> None:
        assert game_outcome(won("portes", {19: -14}, preset="vog", bar=1, cube=4)) == Outcome(
            0, 12, OutcomeKind.TRIPLE)
        assert game_outcome(won("portes", {19: -15}, preset="vog", cube=2)) == Outcome(
            0, 4, OutcomeKind.MARS)
        assert game_outcome(won("portes", {19: -5}, preset="vog", cube=8, loser_off=10)) == Outcome(
            0, 8, OutcomeKind.SINGLE)

    def test_r4_game_not_over(self) -> None:
        assert game_outcome(Position.initial("portes")) is None
        almost = Position.from_json(pos_json("portes", {1: 1, 19: -15}, off=(14, 0)))
        assert game_outcome(almost) is None

    def test_r4_winner_seen_from_the_loser(self) -> None:
        p = won("portes", {19: -15})
        assert game_outcome(p.flip()) == Outcome(1, 2, OutcomeKind.MARS)
        assert game_outcome(p.flip()) == game_outcome(p).swapped()  # type: ignore[union-attr]


class TestPlakotoAndFevga:
    """R5.5 and R7.4: 1, mars 2; Tapa (vog) 3 with a checker in the winner's home."""

    @pytest.mark.parametrize("game,preset", [("plakoto", "tavlucky"), ("plakoto", "traditional"),
                                             ("plakoto", "vog"), ("fevga", "tavlucky"),
                                             ("fevga", "traditional")])
    def test_r5_5_r7_4_single_and_mars(self, game: str, preset: str) -> None:
        far = {20: -15} if game == "plakoto" else {16: -15}
        assert game_outcome(won(game, far, preset=preset)) == Outcome(0, 2, OutcomeKind.MARS)
        some = {20: -5} if game == "plakoto" else {16: -5}
        assert game_outcome(won(game, some, preset=preset, loser_off=10)) == Outcome(
            0, 1, OutcomeKind.SINGLE)

    def test_r5_5_tapa_triple_with_a_checker_in_our_home(self) -> None:
        assert game_outcome(won("plakoto", {5: -1, 20: -14}, preset="vog")) == Outcome(
            0, 3, OutcomeKind.TRIPLE)
        assert game_outcome(won("plakoto", {5: -1, 20: -14}, preset="vog", cube=2)) == Outcome(
            0, 6, OutcomeKind.TRIPLE)
        assert game_outcome(won("plakoto", {5: -1, 20: -14}, preset="traditional")) == Outcome(
            0, 2, OutcomeKind.MARS)

    @pytest.mark.parametrize("preset", ["tavlucky", "traditional"])
    def test_r7_4_fevga_never_triple(self, preset: str) -> None:
        # their checkers left in our home (our 1-6) make no difference outside vog
        assert game_outcome(won("fevga", {5: -1, 16: -14}, preset=preset)) == Outcome(
            0, 2, OutcomeKind.MARS)


class TestMother:
    """R5.4: mother pins, per preset, read from the position alone."""

    def mother(self, preset: str, ours: dict[int, Any], cube: int | None = None) -> Position:
        data = pos_json("plakoto", {1: [1, -1], **ours, 20: -14}, preset=preset)
        if cube is not None:
            data["cube"] = {"value": cube, "owner": None}
        return Position.from_json(data)

    def test_r5_4_tavlucky_two_points(self) -> None:
        assert game_outcome(self.mother("tavlucky", {24: 3, 10: 11})) == Outcome(
            0, 2, OutcomeKind.MOTHER)

    def test_r5_4_tavlucky_one_point_with_our_mother_pinned(self) -> None:
        p = Position.from_json(pos_json("plakoto", {1: [1, -1], 24: [-1, 1], 10: 13, 20: -13},
                                        preset="tavlucky"))
        assert game_outcome(p) == Outcome(0, 1, OutcomeKind.MOTHER)

    def test_r5_4_traditional_not_over_while_we_are_on_our_start(self) -> None:
        assert game_outcome(self.mother("traditional", {24: 3, 10: 11})) is None
        assert game_outcome(self.mother("vog", {24: 3, 10: 11})) is None
        assert game_outcome(self.mother("traditional", {10: 14})) == Outcome(
            0, 2, OutcomeKind.MOTHER)

    def test_r5_4_vog_three_times_the_cube(self) -> None:
        assert game_outcome(self.mother("vog", {10: 14})) == Outcome(0, 3, OutcomeKind.MOTHER)
        assert game_outcome(self.mother("vog", {10: 14}, cube=2)) == Outcome(
            0, 6, OutcomeKind.MOTHER)

    @pytest.mark.parametrize("preset", ["traditional", "vog"])
    def test_r5_4_r5_5_both_mothers_pinned_is_a_draw(self, preset: str) -> None:
        p = Position.from_json(pos_json("plakoto", {1: [1, -1], 24: [-1, 1], 10: 13, 20: -13},
                                        preset=preset))
        assert game_outcome(p) == Outcome(None, 0, OutcomeKind.DRAW)
        assert game_outcome(p.flip()) == Outcome(None, 0, OutcomeKind.DRAW)

    def test_r5_4_their_win_read_from_our_side(self) -> None:
        # they pinned our mother and have left their start: we lost 2 (traditional)
        p = Position.from_json(pos_json("plakoto", {24: [-1, 1], 10: 14, 5: -14},
                                        preset="traditional"))
        assert game_outcome(p) == Outcome(1, 2, OutcomeKind.MOTHER)


class TestResignAndDrop:
    """R9: resigning gives the opponent 1 (vog: times the cube); R9.1: a drop, the stake."""

    def test_r9_resign(self) -> None:
        p = Position.initial("portes")
        assert resign_outcome(p) == Outcome(1, 1, OutcomeKind.RESIGN)
        assert resign_outcome(p, resigner=1) == Outcome(0, 1, OutcomeKind.RESIGN)
        assert resign_outcome(Position.initial("plakoto", "traditional")).points == 1

    def test_r9_resign_vog_times_the_cube(self) -> None:
        data = Position.initial("portes", "vog").to_json()
        data["cube"] = {"value": 4, "owner": "mover"}
        assert resign_outcome(Position.from_json(data)) == Outcome(1, 4, OutcomeKind.RESIGN)

    def test_r9_1_drop_loses_the_current_stake(self) -> None:
        data = Position.initial("plakoto", "vog").to_json()
        data["cube"] = {"value": 2, "owner": "opponent"}
        # we offered 2 -> 4; they drop and lose what the cube said before (2)
        assert drop_outcome(Position.from_json(data), dropper=1) == Outcome(0, 2, OutcomeKind.DROP)
        assert drop_outcome(Position.initial("portes", "vog")) == Outcome(1, 1, OutcomeKind.DROP)

    def test_r10_outcome_swapped(self) -> None:
        assert Outcome(0, 2, OutcomeKind.MARS).swapped() == Outcome(1, 2, OutcomeKind.MARS)
        assert Outcome(None, 0, OutcomeKind.DRAW).swapped() == Outcome(None, 0, OutcomeKind.DRAW)
