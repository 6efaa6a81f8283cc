"""Passed and shortened turns and their reasons (R8), one test per code, via analyse()."""

from __future__ import annotations

import json

import pytest

from rules_support import pos
from tavli_voice.rules import PassReason, Position, Reason, Turn, analyse


def reason_of(position: Position, dice: tuple[int, int]) -> Reason:
    turn = analyse(position, dice)
    assert isinstance(turn, Turn) and turn.dice == dice and turn.position == position
    assert turn.reason is not None, [p.notation for p in turn.plays]
    return turn.reason


class TestPasses:
    """R8: codes that pass the whole turn."""

    def test_r8_closed_out(self) -> None:
        p = pos("portes", {6: 14, 19: -2, 20: -2, 21: -2, 22: -3, 23: -3, 24: -3}, bar=(1, 0))
        r = reason_of(p, (4, 2))
        assert r.code is PassReason.CLOSED_OUT and r.details == (("checkers", 1),)
        assert r.to_json() == {"code": "closed_out", "checkers": 1}

    def test_r8_bar_entry_blocked(self) -> None:
        p = pos("portes", {6: 14, 19: -2, 22: -2, 1: -11}, bar=(1, 0))
        r = reason_of(p, (6, 3))
        assert r.code is PassReason.BAR_ENTRY_BLOCKED
        assert r.to_json() == {"code": "bar_entry_blocked", "checkers": 1, "points": [22, 19]}
        r = reason_of(p, (3, 3))
        assert r.to_json() == {"code": "bar_entry_blocked", "checkers": 1, "points": [22]}

    def test_r8_all_blocked(self) -> None:
        p = pos("portes", {24: 1, 18: -2, 19: -2, 1: -11}, off=(14, 0))
        r = reason_of(p, (6, 5))
        assert r.code is PassReason.ALL_BLOCKED and r.get("dice") == (6, 5)
        assert r.to_json() == {"code": "all_blocked", "dice": [6, 5]}

    def test_r8_first_checker_blocked(self) -> None:
        p = pos("fevga", {24: 14, 14: 1, 12: -13, 10: -1, 8: -1})
        r = reason_of(p, (4, 2))
        assert r.to_json() == {"code": "first_checker_blocked", "point": 14, "dice": [4, 2]}

    def test_r8_prime_rule(self) -> None:
        p = pos("fevga", {23: 1, 20: 1, 19: 1, 18: 1, 16: 1, 15: 1,
                          14: -1, 13: -1, 12: -2, 10: -1, 9: -1}, preset="traditional")
        r = reason_of(p, (6, 6))
        assert r.to_json() == {"code": "prime_rule", "points": [20, 19, 18, 17, 16, 15]}

    def test_r8_prime_rule_tavlucky_home_block(self) -> None:
        # the only 5 is 24/19, which would hold all of 24-19 (tavlucky R7.3);
        # their checkers are all home (our 13-18): nobody is behind
        board = {24: 2, 23: 1, 22: 1, 21: 1, 20: 1, 18: -2, 17: -2, 16: -2, 15: -2, 13: -7}
        p = pos("fevga", board, preset="tavlucky")
        turn = analyse(p, (5, 5))
        assert turn.passes, [pl.notation for pl in turn.plays]
        assert turn.reason is not None and turn.reason.code is PassReason.PRIME_RULE
        assert turn.reason.get("points") == (24, 23, 22, 21, 20, 19)
        trad = pos("fevga", board, preset="traditional")
        assert {pl.notation for pl in analyse(trad, (5, 5)).plays} == {
            "24/4", "24/19 24/9", "24/14(2)"}

    def test_r8_pinned(self) -> None:
        p = pos("plakoto", {24: [-1, 1], 12: 1, 8: -2, 6: -2, 1: -10}, off=(13, 0))
        r = reason_of(p, (6, 4))
        assert r.to_json() == {"code": "pinned", "points": [24]}

    def test_r8_cannot_bear_off(self) -> None:
        p = pos("portes", {9: 1, 2: 14, 3: -2, 4: -2, 24: -11})
        r = reason_of(p, (6, 5))
        assert r.to_json() == {"code": "cannot_bear_off", "point": 9}

    def test_r8_cannot_bear_off_pinned_outside(self) -> None:
        p = pos("plakoto", {9: [-1, 1], 2: 14, 3: -2, 4: -2, 24: -10})
        r = reason_of(p, (6, 5))
        # the pinned checker could not have moved anyway (3 and 4 closed)
        assert r.to_json() == {"code": "cannot_bear_off", "point": 9}


class TestShortenedTurns:
    """R8: codes that only shorten the turn; never a pass."""

    def test_r8_only_one_die(self) -> None:
        p = pos("portes", {24: 1, 13: -2, 18: -2, 1: -11}, off=(14, 0))
        r = reason_of(p, (6, 5))
        assert r.code is PassReason.ONLY_ONE_DIE and not r.code.is_pass
        j = r.to_json()
        assert (j["code"], j["die"], j["other"]) == ("only_one_die", 5, 6)
        assert j["why"] == {"code": "all_blocked", "dice": [6, 5]}

    def test_r8_only_one_die_because_the_bar_entry_is_closed(self) -> None:
        p = pos("portes", {6: 13, 19: -2, 1: -13}, bar=(2, 0))
        r = reason_of(p, (6, 5))
        assert r.code is PassReason.ONLY_ONE_DIE
        assert (r.get("die"), r.get("other")) == (5, 6)
        assert r.get("why").code is PassReason.BAR_ENTRY_BLOCKED
        assert r.get("why").get("points") == (19,)

    def test_r8_larger_die_rule(self) -> None:
        p = pos("portes", {24: 1, 13: -2, 1: -13}, off=(14, 0))
        r = reason_of(p, (5, 6))
        assert r.code is PassReason.LARGER_DIE_RULE and not r.code.is_pass
        assert r.to_json() == {"code": "larger_die_rule", "dice": [6, 5]}

    def test_r8_partial_double(self) -> None:
        r = reason_of(Position.initial("fevga"), (6, 6))
        assert r.code is PassReason.PARTIAL_DOUBLE and not r.code.is_pass
        assert r.to_json() == {"code": "partial_double", "die": 6, "played": 1, "of": 4,
                               "why": {"code": "first_checker_blocked", "point": 18,
                                       "dice": [6, 6]}}

    def test_r8_full_turn_has_no_reason(self) -> None:
        assert analyse(Position.initial("portes"), (6, 5)).reason is None
        assert not analyse(Position.initial("portes"), (6, 5)).passes

    def test_r8_game_ending_play_is_no_shortened_turn(self) -> None:
        # R2 / R5.4: a one-die mother pin among two-dice plays is not "only one die"
        p = pos("plakoto", {24: 14, 6: 1, 19: -14, 1: -1})
        turn = analyse(p, (5, 4))
        assert turn.reason is None and any(pl.ends_game for pl in turn.plays)


class TestReasonValues:
    """R8: reasons are structured data; words come from narration/ only."""

    @pytest.mark.parametrize("code", list(PassReason))
    def test_r8_every_code_is_json_and_knows_if_it_passes(self, code: PassReason) -> None:
        r = Reason.make(code, points=(3, 2), dice=(6, 5))
        data = r.to_json()
        assert data["code"] == code.value and data["points"] == [3, 2]
        json.dumps(data)
        shortened = {PassReason.ONLY_ONE_DIE, PassReason.LARGER_DIE_RULE, PassReason.PARTIAL_DOUBLE}
        assert code.is_pass == (code not in shortened)

    def test_r8_the_table_codes_are_all_there(self) -> None:
        assert {c.value for c in PassReason} >= {
            "closed_out", "bar_entry_blocked", "all_blocked", "first_checker_blocked",
            "prime_rule", "pinned", "cannot_bear_off", "only_one_die", "larger_die_rule"}

    def test_r8_reason_details(self) -> None:
        r = Reason.make(PassReason.ONLY_ONE_DIE, other=6, die=5)
        assert r.details == (("die", 5), ("other", 6))  # sorted by name
        assert r.get("die") == 5 and r.get("nothing", "x") == "x"
        assert r == Reason.make(PassReason.ONLY_ONE_DIE, die=5, other=6)
        assert hash(r) == hash(Reason.make(PassReason.ONLY_ONE_DIE, die=5, other=6))
