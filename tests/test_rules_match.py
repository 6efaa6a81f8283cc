"""Who starts (R3), the match and its rotation (R9), the cube and Crawford (R9.1)."""

from __future__ import annotations

import pytest

from tavli_voice.rules import (ROTATION, DiceSource, MatchConfig, MatchState, Opening, Outcome,
                               OutcomeKind, TimerRules, game_seed, opening)


def first_seed_with_a_tie() -> int:
    for seed in range(1000):
        src = DiceSource(seed)
        if src.one() == src.one():
            return seed
    raise AssertionError("no tie in 1000 seeds")


class TestOpening:
    """R3: the opening roll, and what the starter plays, per preset."""

    def test_r3_first_game_one_die_each_higher_starts(self) -> None:
        for seed in range(40):
            op = opening("traditional", "plakoto", DiceSource(seed), None, first_game=True)
            a, b = op.rolls[-1]
            assert a != b and op.starter == (0 if a > b else 1)
            assert op.why == "opening_roll"

    def test_r3_ties_roll_again(self) -> None:
        seed = first_seed_with_a_tie()
        op = opening("tavlucky", "portes", DiceSource(seed), None, first_game=True)
        assert len(op.rolls) >= 2
        assert all(a == b for a, b in op.rolls[:-1]) and op.rolls[-1][0] != op.rolls[-1][1]
        assert op.first_dice == op.rolls[-1]

    def test_r3_tavlucky_portes_starter_plays_the_opening_dice(self) -> None:
        for seed in range(40):
            op = opening("tavlucky", "portes", DiceSource(seed), None, first_game=True)
            assert op.first_dice == op.rolls[-1]
            assert op.first_dice[0] != op.first_dice[1]  # never a double

    @pytest.mark.parametrize("game", ["plakoto", "fevga"])
    def test_r3_tavlucky_plakoto_fevga_starter_rolls_normally(self, game: str) -> None:
        op = opening("tavlucky", game, DiceSource(3), None, first_game=True)
        assert op.first_dice is None and op.rolls

    @pytest.mark.parametrize("game", ["portes", "plakoto", "fevga"])
    def test_r3_traditional_starter_rerolls_both_dice(self, game: str) -> None:
        op = opening("traditional", game, DiceSource(5), None, first_game=True)
        assert op.first_dice is None
        later = opening("traditional", game, DiceSource(5), 1, first_game=False)
        assert later == Opening(1, (), None, "previous_winner")

    def test_r3_tavlucky_winner_starts_and_gets_a_non_double_in_portes(self) -> None:
        firsts = set()
        for seed in range(300):
            op = opening("tavlucky", "portes", DiceSource(seed), 0, first_game=False)
            assert op.starter == 0 and op.rolls == () and op.why == "previous_winner"
            assert op.first_dice is not None and op.first_dice[0] != op.first_dice[1]
            firsts.add(op.first_dice)
        assert len(firsts) == 30  # every ordered non-double comes up

    @pytest.mark.parametrize("game", ["plakoto", "fevga"])
    def test_r3_tavlucky_winner_rolls_in_plakoto_and_fevga(self, game: str) -> None:
        assert opening("tavlucky", game, DiceSource(1), 1, first_game=False) == Opening(
            1, (), None, "previous_winner")

    @pytest.mark.parametrize("preset", ["tavlucky", "traditional"])
    def test_r3_after_a_draw_a_fresh_opening_roll(self, preset: str) -> None:
        op = opening(preset, "fevga", DiceSource(9), None, first_game=False)
        assert op.why == "opening_roll" and op.rolls

    @pytest.mark.parametrize("game", ["portes", "plakoto"])
    def test_r3_vog_every_game_a_fresh_roll_played_at_once(self, game: str) -> None:
        for first in (True, False):
            op = opening("vog", game, DiceSource(11), 1, first_game=first)
            assert op.why == "opening_roll" and op.first_dice == op.rolls[-1]

    def test_r3_non_double_is_uniform(self) -> None:
        src = DiceSource("uniform")
        counts: dict[tuple[int, int], int] = {}
        for _ in range(30_000):
            d = src.non_double()
            counts[d] = counts.get(d, 0) + 1
        assert len(counts) == 30 and all(800 < n < 1200 for n in counts.values())

    def test_r3_one_dice_source_per_game(self) -> None:
        assert game_seed(42, 0) != game_seed(42, 1)
        a = [DiceSource(game_seed(42, 3)).roll() for _ in range(3)]
        assert a == [DiceSource(game_seed(42, 3)).roll() for _ in range(3)]


class TestConfig:
    """R9: lengths, the rotation, single-game matches, the timer as data."""

    @pytest.mark.parametrize("length", [3, 5, 7, 1, 11])
    def test_r9_lengths(self, length: int) -> None:
        assert MatchConfig(length=length).length == length

    @pytest.mark.parametrize("length", [0, -3])
    def test_r9_bad_length(self, length: int) -> None:
        with pytest.raises(ValueError, match="at least 1 point"):
            MatchConfig(length=length)

    def test_r9_unknown_preset_or_game(self) -> None:
        with pytest.raises(ValueError, match="unknown preset"):
            MatchConfig(preset="modern")
        with pytest.raises(ValueError, match="fevga is not played under the vog preset"):
            MatchConfig(kind="fevga", preset="vog")

    def test_r9_tavli_rotation(self) -> None:
        cfg = MatchConfig(kind="tavli")
        assert ROTATION == ("portes", "plakoto", "fevga")
        assert [cfg.game_name(i) for i in range(7)] == [
            "portes", "plakoto", "fevga", "portes", "plakoto", "fevga", "portes"]

    @pytest.mark.parametrize("game", ["portes", "plakoto", "fevga"])
    def test_r9_single_game_match(self, game: str) -> None:
        cfg = MatchConfig(kind=game, preset="traditional")
        assert {cfg.game_name(i) for i in range(6)} == {game}

    def test_r9_timer_is_data_and_off_by_default(self) -> None:
        t = MatchConfig().timer
        assert t == TimerRules(False, 45.0, 45.0, 3)
        assert not t.enabled and t.timeouts_to_lose == 3


class TestMatchState:
    """R9: record() adds a finished game; the first to the length wins."""

    def test_r9_record_scores_and_history(self) -> None:
        m = MatchState(MatchConfig(length=3))
        assert m.next_game == "portes" and m.scores == (0, 0) and not m.is_over
        m = m.record("portes", Outcome(1, 2, OutcomeKind.MARS))
        assert m.scores == (0, 2) and m.games_played == 1 and m.previous_winner == 1
        assert m.next_game == "plakoto" and m.winner is None
        m = m.record("plakoto", Outcome(None, 0, OutcomeKind.DRAW))
        assert m.scores == (0, 2) and m.previous_winner is None and m.next_game == "fevga"
        m = m.record("fevga", Outcome(0, 1, OutcomeKind.SINGLE))
        assert m.results == (("portes", 1, 2, "mars"), ("plakoto", None, 0, "draw"),
                             ("fevga", 0, 1, "single"))
        m = m.record("portes", Outcome(1, 1, OutcomeKind.RESIGN))
        assert m.scores == (1, 3) and m.is_over and m.winner == 1

    def test_r9_record_is_immutable(self) -> None:
        m = MatchState(MatchConfig(length=5))
        m2 = m.record("portes", Outcome(0, 1, OutcomeKind.SINGLE))
        assert m.scores == (0, 0) and m2.scores == (1, 0)

    def test_r9_resign_loses_the_game_only(self) -> None:
        m = MatchState(MatchConfig(length=5)).record("portes", Outcome(1, 1, OutcomeKind.RESIGN))
        assert m.scores == (0, 1) and not m.is_over and m.next_game == "plakoto"

    def test_r9_winner_may_overshoot_the_length(self) -> None:
        m = MatchState(MatchConfig(length=3)).record("plakoto", Outcome(0, 4, OutcomeKind.MOTHER))
        assert m.winner == 0 and m.scores == (4, 0)


class TestCube:
    """R9.1: doubling under vog only; never in the Crawford game."""

    def test_r9_1_only_vog_doubles(self) -> None:
        assert not MatchState(MatchConfig(preset="tavlucky")).doubling_allowed()
        assert not MatchState(MatchConfig(preset="traditional")).doubling_allowed()
        assert MatchState(MatchConfig(preset="vog", kind="portes")).doubling_allowed()

    def test_r9_1_crawford_game(self) -> None:
        m = MatchState(MatchConfig(length=5, preset="vog", kind="portes"))
        m = m.record("portes", Outcome(0, 2, OutcomeKind.MARS))
        assert m.crawford_game is None and m.doubling_allowed()
        m = m.record("portes", Outcome(0, 2, OutcomeKind.MARS))  # 4 = one short of 5
        assert m.crawford_game == 2 and not m.doubling_allowed()  # the very next game
        m = m.record("portes", Outcome(1, 1, OutcomeKind.SINGLE))
        assert m.doubling_allowed()  # after the Crawford game, doubling again
        m = m.record("portes", Outcome(1, 3, OutcomeKind.TRIPLE))  # they reach 4 too
        assert m.crawford_game == 2 and m.doubling_allowed()  # only the first time counts

    def test_r9_1_no_crawford_when_jumping_to_the_end(self) -> None:
        m = MatchState(MatchConfig(length=3, preset="vog", kind="portes"))
        m = m.record("portes", Outcome(1, 3, OutcomeKind.TRIPLE))
        assert m.is_over and m.crawford_game is None
