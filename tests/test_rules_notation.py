"""Notation both ways (R1, R10) and choosing a play step by step (R2, StepChooser)."""

from __future__ import annotations

import random

import pytest

from rules_support import by_notation, pos
from tavli_voice.rules import (AmbiguousPlayError, IllegalPlayError, NotationError, Position,
                               Step, StepChooser, game_outcome, legal_plays, moves_of, notation,
                               parse_play)


class TestWriting:
    """R1: backgammon notation in the mover's numbering, highest source first."""

    def test_r1_two_checkers(self) -> None:
        assert "24/18 13/8" in by_notation(Position.initial("portes"), (6, 5))
        assert notation((Step(13, 8, 5), Step(24, 18, 6))) == "24/18 13/8"

    def test_r1_bar(self) -> None:
        p = pos("portes", {6: 14, 1: -15}, bar=(1, 0))
        assert "bar/22 6/5" in by_notation(p, (3, 1))

    def test_r1_off(self) -> None:
        p = pos("portes", {6: 2, 19: -15}, off=(13, 0))
        assert set(by_notation(p, (6, 6))) == {"6/off(2)"}
        assert set(by_notation(p, (6, 4))) == {"6/2 6/off"}  # same source: higher end first

    def test_r1_two_checkers_the_same_way(self) -> None:
        plays = by_notation(Position.initial("portes"), (3, 3))
        assert "8/5(2) 6/3(2)" in plays and "13/10(4)" in plays

    def test_r1_portes_hit(self) -> None:
        p = pos("portes", {13: 2, 7: -1, 1: -14}, off=(13, 0))
        plays = by_notation(p, (6, 4))
        assert set(plays) == {"13/9 13/7*", "13/7*/3", "13/3"}
        assert "13/9/3" not in plays  # 13/9/3 and 13/7*/3 are different positions
        assert "13/3" in plays

    def test_r1_plakoto_pin(self) -> None:
        p = pos("plakoto", {24: 13, 13: 1, 7: -1, 1: -14})
        plays = by_notation(p, (6, 1))
        assert "24/23 13/7^" in plays and "13/7^/6" in plays
        assert plays["13/7^/6"].result.points[7 - 1] == -1  # moved on: the pin was let go

    def test_r1_paths_joined(self) -> None:
        assert notation((Step(24, 18, 6), Step(18, 13, 5))) == "24/13"
        # played in the other order (6/3 first), still one checker's path (R2)
        assert notation((Step(6, 3, 3), Step(8, 6, 2))) == "8/3"
        assert moves_of((Step(6, 3, 3), Step(8, 6, 2))) == [(8, 6, 3)]
        # but not through a point where the later checker pinned: it stays there
        assert notation((Step(10, 7, 3), Step(12, 10, 2, True)), "^") == "12/10^ 10/7"
        assert notation((Step(24, 18, 6, True), Step(18, 13, 5)), "*") == "24/18*/13"
        assert notation(()) == ""

    @pytest.mark.parametrize("game", ["portes", "plakoto", "fevga"])
    def test_r2_notation_is_unique_per_play(self, game: str) -> None:
        rng = random.Random(game)
        position = Position.initial(game)
        for _ in range(60):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = legal_plays(position, dice)
            assert len({p.notation for p in plays}) == len(plays)
            for play in plays:
                assert parse_play(play.notation, position, dice, plays) is play
            if plays:
                position = rng.choice(plays).result
            if game_outcome(position) is not None:
                break
            position = position.flip()


class TestReading:
    """R10: parse_play(text, position, dice) and its three errors (all ValueError)."""

    P = Position.initial("portes")

    @pytest.mark.parametrize("text", ["24/18 13/8", "13/8 24/18", "  24/18   13/8 ",
                                      "24/18, 13/8", "13/8 24/18*"])
    def test_r10_spellings_of_one_play(self, text: str) -> None:
        assert parse_play(text, self.P, (6, 5)).notation == "24/18 13/8"

    @pytest.mark.parametrize("text", ["24/13", "24/18/13", "24/18 18/13", "24/19 19/13"])
    def test_r10_one_checker_both_dice(self, text: str) -> None:
        assert parse_play(text, self.P, (6, 5)).notation == "24/13"

    def test_r10_path_split_another_way(self) -> None:
        # Fevga tavlucky: 24/19 may not be played first (it would hold 24-19);
        # the play goes 23/18 then 24/23 and is written, and read, as 24/18
        p = pos("fevga", {24: 2, 23: 1, 22: 1, 21: 1, 20: 1, 13: -15})
        for text in ("24/18", "24/23/18", "24/23 23/18", "23/18 24/23", "24/19/18"):
            assert parse_play(text, p, (5, 1)).notation == "24/18"

    def test_r10_doubles_with_counts(self) -> None:
        play = parse_play("8/5(2) 6/3(2)", self.P, (3, 3))
        assert play.notation == "8/5(2) 6/3(2)"
        assert parse_play("6/3 8/5 6/3 8/5", self.P, (3, 3)) is not None

    def test_r10_bar_and_off(self) -> None:
        p = pos("portes", {6: 14, 1: -15}, bar=(1, 0))
        assert parse_play("BAR/22 6/5", p, (3, 1)).steps[0].from_point == 25
        q = pos("portes", {6: 2, 19: -15}, off=(13, 0))
        assert parse_play("6/off 6/off", q, (6, 6)).result.off == (15, 0)

    @pytest.mark.parametrize("text", ["", "hello", "24-18", "25/20", "24/18/", "0/5", "24/18 x"])
    def test_r10_notation_error(self, text: str) -> None:
        with pytest.raises(NotationError):
            parse_play(text, self.P, (6, 5))

    @pytest.mark.parametrize("text", ["24/17 13/8", "24/18", "6/off 6/off", "bar/20"])
    def test_r10_illegal_play_error(self, text: str) -> None:
        with pytest.raises(IllegalPlayError, match="not a legal play"):
            parse_play(text, self.P, (6, 5))

    def test_r10_ambiguous_play_error(self) -> None:
        # blots on 7 and 12: 13/6 hits one or the other on the way
        p = pos("portes", {13: 1, 12: -1, 7: -1, 1: -13}, off=(14, 0))
        with pytest.raises(AmbiguousPlayError, match="13/6 fits 2 plays"):
            parse_play("13/6", p, (6, 1))
        assert parse_play("13/7*/6", p, (6, 1)).result.bar == (0, 1)
        assert parse_play("13/12*/6", p, (6, 1)).result.points[7 - 1] == -1

    def test_r10_errors_are_value_errors(self) -> None:
        for cls in (NotationError, IllegalPlayError, AmbiguousPlayError):
            assert issubclass(cls, ValueError)


class TestStepChooser:
    """Step by step: only steps that lead to a legal play, in any order (R2)."""

    def test_r2_only_steps_leading_to_a_legal_play(self) -> None:
        p = pos("portes", {12: 1, 7: 1, 1: -2})
        c = StepChooser(p, (6, 5))
        # 12/7 would leave the 6 unplayable: not offered (maximum usage)
        assert {(s.from_point, s.to_point) for s in c.options()} == {(12, 6), (7, 2)}
        assert c.destinations(12) == (c.options()[0],)
        with pytest.raises(ValueError, match="no legal step from 12 to 7"):
            c.choose(12, 7)

    def test_r2_larger_die_rule_step_by_step(self) -> None:
        c = StepChooser(pos("portes", {24: 1, 13: -2, 1: -13}, off=(14, 0)), (6, 5))
        assert [(s.from_point, s.to_point) for s in c.options()] == [(24, 18)]
        c.choose(24, 18)
        done = c.complete()
        assert done is not None and done.notation == "24/18"
        assert c.options() == ()

    @pytest.mark.parametrize("order", [[(24, 18), (13, 8)], [(13, 8), (24, 18)]])
    def test_r2_different_orders_make_the_same_play(self, order: list[tuple[int, int]]) -> None:
        c = StepChooser(Position.initial("portes"), (6, 5))
        assert c.sources() == (24, 13, 8)
        c.choose(*order[0])
        assert c.complete() is None
        c.choose(*order[1])
        play = c.complete()
        assert play is not None and play.notation == "24/18 13/8"
        assert play == by_notation(Position.initial("portes"), (6, 5))["24/18 13/8"]

    def test_r2_one_checker_by_both_dice(self) -> None:
        c = StepChooser(Position.initial("portes"), (6, 5))
        assert {s.to_point for s in c.destinations(24)} == {18}  # their 5 close our 19
        assert {s.to_point for s in c.destinations(13)} == {8, 7}
        c.choose(13, 7)
        assert {s.to_point for s in c.destinations(7)} == {2}
        c.choose(7, 2)
        done = c.complete()
        assert done is not None and done.notation == "13/2"

    def test_r2_undo_and_current(self) -> None:
        c = StepChooser(Position.initial("portes"), (6, 5))
        c.choose(13, 8)
        assert c.current().points[8 - 1] == 4 and c.current().points[13 - 1] == 4
        c.undo()
        assert c.chosen == () and c.current() == Position.initial("portes")
        c.undo()  # nothing to undo: harmless
        assert c.chosen == ()

    def test_r2_doubles_step_by_step(self) -> None:
        c = StepChooser(Position.initial("portes"), (3, 3))
        for src, dst in [(8, 5), (8, 5), (6, 3), (6, 3)]:
            c.choose(src, dst)
        done = c.complete()
        assert done is not None and done.notation == "8/5(2) 6/3(2)"

    def test_r2_r5_4_mother_pin_completes_the_play_at_once(self) -> None:
        p = pos("plakoto", {24: 14, 6: 1, 19: -14, 1: -1})
        c = StepChooser(p, (5, 4))
        c.choose(6, 1)
        play = c.complete()
        assert play is not None and play.ends_game and play.notation == "6/1^"
        assert c.options() == ()

    def test_r4_bar_first_step_by_step(self) -> None:
        c = StepChooser(pos("portes", {6: 14, 1: -15}, bar=(1, 0)), (3, 1))
        assert c.sources() == (25,)
        assert {s.to_point for s in c.destinations(25)} == {22, 24}

    def test_r2_chooser_reaches_every_legal_play(self) -> None:
        rng = random.Random(7)
        for game in ("portes", "plakoto", "fevga"):
            position = Position.initial(game)
            for _ in range(25):
                dice = (rng.randint(1, 6), rng.randint(1, 6))
                plays = legal_plays(position, dice)
                for play in plays:
                    c = StepChooser(position, dice, plays)
                    for st in play.steps:
                        assert st in c.options(), (play.notation, st)
                        c.choose(st.from_point, st.to_point)
                    assert c.complete() == play
                if plays:
                    position = rng.choice(plays).result
                if game_outcome(position) is not None:
                    break
                position = position.flip()
