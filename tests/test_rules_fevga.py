"""Fevga (R7): one checker holds a point, the first checker, no blocking prime."""

from __future__ import annotations

import pytest

from rules_support import by_notation, notations, pos
from tavli_voice.rules import (PassReason, Play, Position, StepChooser, analyse, apply_steps,
                               legal_plays)
from tavli_voice.rules.games import prime_blocks, to_state

FEVGA_PRESETS = ["tavlucky", "traditional"]


def blocks_after_each_step(play: Play, start: Position) -> list[list[tuple[int, ...]]]:
    """R7.3 replay: the forbidden blocks standing after each single step of ``play``."""
    out = []
    for i in range(1, len(play.steps) + 1):
        after = apply_steps(start, [(st.from_point, st.to_point) for st in play.steps[:i]])
        out.append(held_blocks(after))
    return out


def held_blocks(position: Position) -> list[tuple[int, ...]]:
    """Every forbidden block in ``position`` (R7.3), looked for around every point we hold."""
    s = to_state(position)
    found: set[tuple[int, ...]] = set()
    for p in range(1, 25):
        if s[p] > 0:
            found.update(prime_blocks(s, p, position.preset))
    return sorted(found)


class TestOneCheckerHoldsAPoint:
    """R7.1: no landing on any opposing checker; no hitting, pinning or bar."""

    @pytest.mark.parametrize("preset", FEVGA_PRESETS)
    def test_r7_1_a_single_opposing_checker_holds_its_point(self, preset: str) -> None:
        p = pos("fevga", {24: 13, 10: 1, 5: -1, 4: -1, 12: -13}, preset=preset, off=(1, 0))
        for play in legal_plays(p, (5, 6)):
            assert all(s.to_point not in (5, 4) for s in play.steps)
            assert not any(s.capture for s in play.steps)
            assert play.result.bar == (0, 0) and not any(play.result.pins)
        assert "10/5" not in notations(p, (5, 6))
        assert "10/4" not in notations(p, (5, 6))

    def test_r7_1_the_opponent_moves_the_same_way_round(self) -> None:
        p = Position.initial("fevga")
        first = legal_plays(p, (6, 5))[0]
        their_view = first.result.flip()
        # we are on their 12 (our 24) and their 1 (our 13): they may not land there
        assert their_view.points[12 - 1] == -14 and their_view.points[1 - 1] == -1
        assert notations(their_view, (6, 5)) == {"24/13"}


class TestFirstChecker:
    """R7.2: until a checker passes their start (our 11 or lower, or off), only the front
    checker moves."""

    @pytest.mark.parametrize("preset", FEVGA_PRESETS)
    def test_r7_2_opening_both_dice_with_one_checker(self, preset: str) -> None:
        p = Position.initial("fevga", preset)
        assert notations(p, (6, 5)) == {"24/13"}
        assert notations(p, (1, 1)) == {"24/20"}
        # 3-3: 24/21/18/15, and 15/12 is their start: the fourth 3 is lost
        turn = analyse(p, (3, 3))
        assert {pl.notation for pl in turn.plays} == {"24/15"}
        assert turn.reason is not None and turn.reason.code is PassReason.PARTIAL_DOUBLE
        why = turn.reason.get("why")
        assert why.code is PassReason.FIRST_CHECKER_BLOCKED and why.get("point") == 15

    def test_r7_2_once_passed_the_other_die_moves_any_checker(self) -> None:
        p = pos("fevga", {24: 14, 13: 1, 12: -15})
        # 13/9 passes their start; then the 2 may move a checker from 24.
        # 24/22 first is not allowed (24 is not the front checker) - but the
        # same position is reached with 13/9 first, so it is one play (R2)
        assert notations(p, (4, 2)) == {"13/7", "24/20 13/11", "24/22 13/9"}
        chooser = StepChooser(p, (4, 2))
        assert chooser.sources() == (13,)  # step by step: only the front checker first
        chooser.choose(13, 9)
        assert chooser.sources() == (24, 9)

    def test_r7_2_our_12_has_not_passed_their_start(self) -> None:
        # they have left their start (our 12); our front checker may stop there
        p = pos("fevga", {24: 14, 14: 1, 8: -15})
        assert notations(p, (2, 3)) == {"14/9", "24/22 14/11"}
        # 14/12 then 24/21 would need 12 to count as passed: it does not
        assert "24/21 14/12" not in notations(p, (2, 3))
        chooser = StepChooser(p, (2, 3))
        chooser.choose(14, 12)
        assert chooser.sources() == (12,)

    def test_r7_2_front_checker_blocked_loses_the_turn(self) -> None:
        p = pos("fevga", {24: 14, 14: 1, 12: -13, 10: -1, 8: -1})
        turn = analyse(p, (4, 2))
        assert turn.passes
        assert turn.reason is not None and turn.reason.code is PassReason.FIRST_CHECKER_BLOCKED
        assert turn.reason.get("point") == 14 and turn.reason.get("dice") == (4, 2)
        # the checkers on 24 could have moved (24/20, 24/22) but may not
        assert legal_plays(pos("fevga", {24: 14, 14: 1, 12: -13, 10: -1, 8: -1}), (4, 2)) == ()

    def test_r7_2_borne_off_counts_as_passed(self) -> None:
        p = pos("fevga", {24: 13, 14: 1, 13: -15}, off=(1, 0))
        assert "24/22 14/11" in notations(p, (2, 3)) and "24/21 14/12" in notations(p, (2, 3))


class TestPrime:
    """R7.3: no step may hold six points in a row along their path with them behind it."""

    # Ours on 20, 19 (two), 18, 16, 15 - along their path their 8, 7, 6, 4, 3:
    # one gap (our 17) short of a six-point block.
    BLOCK = {20: 1, 19: 2, 18: 1, 16: 1, 15: 1}

    @pytest.mark.parametrize("preset", FEVGA_PRESETS)
    def test_r7_3_no_step_may_close_six_in_a_row(self, preset: str) -> None:
        # their checker on our 5 (their 17) still has to pass our 20 … 15
        p = pos("fevga", {**self.BLOCK, 14: -1, 5: -1}, preset=preset)
        plays = legal_plays(p, (2, 5))
        assert len(plays) == 14
        for play in plays:
            assert blocks_after_each_step(play, p) == [[]] * len(play.steps), play.notation
        # 19/17 only once 20, 18, 16 or 15 has been left
        assert "19/17" not in {str(pl.steps[0]) for pl in plays}
        assert "20/15 19/17" in {pl.notation for pl in plays}
        # landing on 17 would make exactly that block
        filled = pos("fevga", {20: 1, 19: 1, 18: 1, 17: 1, 16: 1, 15: 1, 14: -1, 5: -1},
                     preset=preset, off=(9, 13))
        assert prime_blocks(to_state(filled), 17, preset) == [(20, 19, 18, 17, 16, 15)]

    @pytest.mark.parametrize("preset", FEVGA_PRESETS)
    def test_r7_3_checked_after_every_single_step(self, preset: str) -> None:
        p = pos("fevga", {**self.BLOCK, 14: -1, 5: -1}, preset=preset)
        # 19/17/12 would end with no block (17 empty again), but its first step
        # closes 20 … 15; the other route 19/14/12 is blocked by their checker
        assert "19/12" not in notations(p, (2, 5))
        end = pos("fevga", {20: 1, 19: 1, 18: 1, 16: 1, 15: 1, 12: 1, 14: -1, 5: -1},
                  preset=preset, off=(9, 13))
        assert held_blocks(end) == []

    def test_r7_3_a_block_with_nobody_behind_is_allowed_traditional(self) -> None:
        # their only checker left is on our 14 (their 2): past the block
        p = pos("fevga", {**self.BLOCK, 14: -1}, preset="traditional")
        assert "19/12" in notations(p, (2, 5))
        assert "19/17 15/10" in notations(p, (2, 5))

    def test_r7_3_block_across_their_start(self) -> None:
        # along their path our 1 (their 13) is followed by our 24 (their 12)
        p = pos("fevga", {1: 1, 24: 6, 23: 1, 21: 1, 20: 2, 6: -1, 12: -5},
                preset="traditional", off=(4, 9))
        plays = legal_plays(p, (2, 6))
        assert plays
        for play in plays:
            assert blocks_after_each_step(play, p) == [[]] * len(play.steps), play.notation
        # 24/22 comes only after 23 is left (23/17 first), never to close 1, 24 … 20
        assert "24/22 23/17" in {pl.notation for pl in plays}
        assert all(str(pl.steps[0]) != "24/22" for pl in plays)

    def test_r7_3_prime_rule_passes_the_turn(self) -> None:
        # the only steps possible would close a block: the turn passes with that reason
        # 23/17 would close 20 … 15 before their checkers on our 12, 10, 9;
        # every other 6 lands on one of their checkers
        p = pos("fevga", {23: 1, 20: 1, 19: 1, 18: 1, 16: 1, 15: 1,
                          14: -1, 13: -1, 12: -2, 10: -1, 9: -1}, preset="traditional")
        turn = analyse(p, (6, 6))
        assert turn.passes, [pl.notation for pl in turn.plays]
        assert turn.reason is not None and turn.reason.code is PassReason.PRIME_RULE
        assert turn.reason.get("points") == (20, 19, 18, 17, 16, 15)
        assert turn.reason.code.is_pass


class TestHomeBlock2419:
    """R7.3 tavlucky also: never hold all of 24-19, even with nobody behind."""

    HOME = {24: 2, 23: 1, 22: 1, 21: 1, 20: 1, 13: -15}

    def test_r7_3_tavlucky_24_19_rule(self) -> None:
        p = pos("fevga", self.HOME, preset="tavlucky")
        plays = by_notation(p, (5, 1))
        # 24/19 may only come once 20 or 24 is left (21/20 or 24/23 first)
        assert "24/19 21/20" in plays and "24/23 24/19" in plays
        for play in plays.values():
            s = to_state(p)
            for step in play.steps:  # replay: never all six held after any step
                s[step.from_point] -= 1
                if step.to_point:
                    s[step.to_point] += 1
                assert not all(s[q] > 0 for q in range(19, 25)), play.notation
        # 24/19 then 19/18 is not a route here; 24/18 is reached through 23
        assert [(s.from_point, s.to_point) for s in plays["24/18"].steps] in (
            [(23, 18), (24, 23)], [(24, 23), (23, 18)])

    def test_r7_3_traditional_allows_24_19_with_nobody_behind(self) -> None:
        trad = by_notation(pos("fevga", self.HOME, preset="traditional"), (5, 1))
        taken = [(s.from_point, s.to_point) for s in trad["24/18"].steps]
        assert taken == [(24, 19), (19, 18)]  # straight through 19: allowed
        assert analyse(pos("fevga", {24: 1, 23: 1, 22: 1, 21: 1, 20: 1, 13: -15},
                           preset="traditional", off=(10, 0)), (5, 5)).plays

    def test_r7_3_both_presets_forbid_24_19_with_them_behind(self) -> None:
        for preset in FEVGA_PRESETS:
            p = pos("fevga", {24: 2, 23: 1, 22: 1, 21: 1, 20: 1, 13: -14, 5: -1}, preset=preset)
            assert "24/18" in notations(p, (5, 1))  # through 23 only
            plays = by_notation(p, (5, 1))
            assert (24, 19) not in [(s.from_point, s.to_point) for s in plays["24/18"].steps]



def test_the_quick_prime_check_agrees_with_the_full_one() -> None:
    """makes_prime's shortcut (the run of held points through the landing point)
    gives the same answer as listing the forbidden blocks, on random boards."""
    import random as _random

    from tavli_voice.rules.games import makes_prime, prime_blocks

    rng = _random.Random(11)
    seen = {True: 0, False: 0}
    for _ in range(20000):
        s = [0] * 25 + [0] * 25
        for p in range(1, 25):
            r = rng.random()
            s[p] = rng.randint(1, 3) if r < 0.55 else (-rng.randint(1, 3) if r < 0.8 else 0)
        dst = rng.randint(1, 24)
        s[dst] = 1
        for preset in ("tavlucky", "traditional"):
            want = bool(prime_blocks(s, dst, preset))
            assert makes_prime(s, dst, preset) is want
            seen[want] += 1
    assert seen[True] > 500 and seen[False] > 500
