"""Positions and their JSON (R0, R1, R10: the position JSON)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_support import pos, pos_json
from tavli_voice.rules import (BAR, GAMES, OFF, PRESETS, Cube, Position, find_game,
                               game_outcome, legal_plays)
from tavli_voice.rules.position import PRESET_GAMES, fevga_opponent_point

PORTES_OPENING = {
    "game": "portes", "preset": "tavlucky",
    "points": [-2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2],
    "bar": [0, 0], "off": [0, 0],
}


class TestPresets:
    """R0: three presets; vog offers Portes and Tapa only."""

    def test_r0_preset_names_and_games(self) -> None:
        assert PRESETS == ("tavlucky", "traditional", "vog")
        assert GAMES == ("portes", "plakoto", "fevga")
        assert PRESET_GAMES["tavlucky"] == PRESET_GAMES["traditional"] == GAMES
        assert PRESET_GAMES["vog"] == ("portes", "plakoto")

    def test_r0_default_preset_is_tavlucky(self) -> None:
        data = dict(PORTES_OPENING)
        del data["preset"]
        assert Position.from_json(data).preset == "tavlucky"

    def test_r0_vog_has_no_fevga(self) -> None:
        with pytest.raises(ValueError, match="fevga is not played under the vog preset"):
            Position.initial("fevga", "vog")
        with pytest.raises(ValueError, match="vog"):
            Position.from_json(pos_json("fevga", {24: 15, 12: -15}, preset="vog"))

    @pytest.mark.parametrize("name,game", [
        ("portes", "portes"), ("Πόρτες", "portes"), ("πλακωτό", "plakoto"), ("Tapa", "plakoto"),
        ("τάπα", "plakoto"), ("FEVGA", "fevga"), ("φεύγα", "fevga"), (" plakoto ", "plakoto")])
    def test_r0_find_game_by_latin_or_greek_name(self, name: str, game: str) -> None:
        assert find_game(name).name == game

    def test_r0_unknown_game(self) -> None:
        with pytest.raises(ValueError, match="unknown game 'chess'"):
            find_game("chess")


class TestSetup:
    """Opening positions: R4 (Portes), R5.1 (Plakoto, Tapa), R7.1 (Fevga)."""

    def test_r4_portes_setup(self) -> None:
        p = Position.initial("portes")
        assert Position.from_json(PORTES_OPENING) == p
        mine = {i: v for i, v in enumerate(p.points, start=1) if v > 0}
        theirs = {i: -v for i, v in enumerate(p.points, start=1) if v < 0}
        assert mine == {24: 2, 13: 5, 8: 3, 6: 5}
        # R1: the opponent's point k is our 25 - k
        assert theirs == {25 - k: n for k, n in mine.items()}

    @pytest.mark.parametrize("preset", ["tavlucky", "traditional"])
    def test_r5_1_plakoto_setup(self, preset: str) -> None:
        p = Position.initial("plakoto", preset)
        assert p.points[23] == 15 and p.points[0] == -15
        assert sum(1 for v in p.points if v) == 2 and p.bar == (0, 0)

    def test_r5_1_tapa_setup(self) -> None:
        p = Position.initial("plakoto", "vog")
        assert {i: v for i, v in enumerate(p.points, start=1) if v} == {
            24: 5, 23: 5, 22: 5, 1: -5, 2: -5, 3: -5}
        assert p.cube == Cube(1, None)  # R9.1: vog positions carry the cube

    @pytest.mark.parametrize("preset", ["tavlucky", "traditional"])
    def test_r7_1_fevga_setup(self, preset: str) -> None:
        p = Position.initial("fevga", preset)
        assert p.points[23] == 15 and p.points[11] == -15
        assert sum(1 for v in p.points if v) == 2

    @pytest.mark.parametrize("game,preset", [(g, p) for p in PRESETS for g in PRESET_GAMES[p]])
    def test_r1_fifteen_checkers_each(self, game: str, preset: str) -> None:
        p = Position.initial(game, preset)
        p.validate()
        assert sum(v for v in p.points if v > 0) == 15
        assert sum(-v for v in p.points if v < 0) == 15
        assert game_outcome(p) is None


class TestNumbering:
    """R1: every point in the mover's numbering; flip() changes sides."""

    def test_r1_portes_plakoto_opponent_point_is_25_minus_k(self) -> None:
        p = pos("plakoto", {24: 14, 10: 1, 1: -15})
        q = p.flip()
        # our checker on our 10 is, for the opponent, on their 15 (= 25 - 10)
        assert q.points[15 - 1] == -1 and q.points[1 - 1] == -14 and q.points[24 - 1] == 15

    def test_r1_fevga_opponent_point(self) -> None:
        assert fevga_opponent_point(24) == 12  # their start is on our 12
        assert [fevga_opponent_point(k) for k in range(1, 7)] == [13, 14, 15, 16, 17, 18]
        p = pos("fevga", {24: 14, 20: 1, 12: -15})
        q = p.flip()
        assert q.points[24 - 1] == 15  # their 15 on our 12 are on their own 24
        assert q.points[fevga_opponent_point(24) - 1] == -14
        assert q.points[fevga_opponent_point(20) - 1] == -1  # our 20 is their 8
        assert fevga_opponent_point(20) == 8

    def test_r1_bar_is_25_and_off_is_0(self) -> None:
        assert (BAR, OFF) == (25, 0)
        entry = legal_plays(pos("portes", {6: 14, 1: -15}, bar=(1, 0)), (3, 1))
        assert all(p.steps[0].from_point == 25 for p in entry)
        bear = legal_plays(pos("portes", {1: 1, 24: -15}), (1, 1))
        assert [s.to_point for s in bear[0].steps] == [0]

    def test_r1_flip_swaps_bar_off_and_cube(self) -> None:
        data = pos_json("portes", {6: 10, 19: -12}, preset="vog", bar=(1, 2), off=(4, 1))
        data["cube"] = {"value": 4, "owner": "mover"}
        p = Position.from_json(data)
        q = p.flip()
        assert q.bar == (2, 1) and q.off == (1, 4)
        assert q.cube == Cube(4, "opponent")

    @pytest.mark.parametrize("game", GAMES)
    def test_r1_opening_flip_is_symmetric(self, game: str) -> None:
        assert Position.initial(game).flip() == Position.initial(game)


class TestJsonErrors:
    """position-format.md: bad JSON is a ValueError naming the fault, never a traceback."""

    @pytest.mark.parametrize("data,message", [
        ('{"game": "portes"', "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        ({"points": [0] * 24}, "needs a 'game'"),
        ({"game": "chess", "points": [0] * 24}, "unknown game 'chess'"),
        ({"game": "portes", "preset": "modern", "points": [0] * 24}, "unknown preset 'modern'"),
        ({"game": "portes", "points": [0] * 23}, "24 entries"),
        ({"game": "portes", "points": [0] * 24, "colour": "red", "off": [15, 15]},
         "unknown position field.*colour"),
        ({"game": "portes", "points": [1.5] + [0] * 23, "off": [14, 15]},
         "point 1: expected an integer"),
        ({"game": "portes", "points": [0] * 24, "off": [15]}, "'off' must be"),
        ({"game": "portes", "points": [0] * 24, "bar": [-1, 0], "off": [16, 15]}, "'bar' must be"),
    ])
    def test_r10_position_format_errors(self, data: Any, message: str) -> None:
        with pytest.raises(ValueError, match=message):
            Position.from_json(data)

    def test_r1_wrong_counts_name_the_side_and_the_numbers(self) -> None:
        data = pos_json("portes", {6: 5, 19: -5}, off=(9, 10))
        with pytest.raises(ValueError,
                           match=r"the mover has 14 checkers \(points 5, bar 0, off 9\)"):
            Position.from_json(data)
        data = pos_json("portes", {6: 5, 19: -5}, off=(10, 11))
        with pytest.raises(ValueError, match=r"the opponent has 16 checkers"):
            Position.from_json(data)
        data = pos_json("portes", {6: 5, 19: -5}, bar=(1, 0), off=(10, 10))
        with pytest.raises(ValueError,
                           match=r"the mover has 16 checkers \(points 5, bar 1, off 10\)"):
            Position.from_json(data)

    @pytest.mark.parametrize("entry,message", [
        ([1, 1], "one pinned checker of the other side"),
        ([-1, -1], "one pinned checker of the other side"),
        ([2, -2], "one pinned checker of the other side"),
        ([0, -1], "one pinned checker of the other side"),
        ([1, -1, 3], r"a pinned point is \[top, under\]"),
        ([1, True], r"a pinned point is \[top, under\]"),
    ])
    def test_r5_2_bad_pins(self, entry: list[Any], message: str) -> None:
        data = pos_json("plakoto", {24: 13, 1: -14})
        data["points"][9] = entry
        data["off"] = [0, 0]
        with pytest.raises(ValueError, match="point 10: .*" + message):
            Position.from_json(data)

    @pytest.mark.parametrize("game", ["portes", "fevga"])
    def test_r4_r7_1_pins_only_in_plakoto(self, game: str) -> None:
        data = pos_json(game, {24: 14, 20: [1, -1]}, off=(0, 14))
        with pytest.raises(ValueError, match="point 20: pinned points exist only in Plakoto"):
            Position.from_json(data)

    @pytest.mark.parametrize("game", ["plakoto", "fevga"])
    def test_r5_1_r7_1_no_bar(self, game: str) -> None:
        data = pos_json(game, {24: 14}, bar=(1, 0), off=(0, 15))
        with pytest.raises(ValueError, match=f"{game} has no bar"):
            Position.from_json(data)

    def test_r9_1_cube_only_under_vog(self) -> None:
        data = dict(PORTES_OPENING, cube={"value": 2, "owner": None})
        with pytest.raises(ValueError, match="the cube exists only under the vog preset"):
            Position.from_json(data)
        data = dict(PORTES_OPENING, preset="vog", cube={"value": 0, "owner": None})
        with pytest.raises(ValueError, match="'cube' must be"):
            Position.from_json(data)
        data = dict(PORTES_OPENING, preset="vog", cube={"value": 2, "owner": "me"})
        with pytest.raises(ValueError, match="cube owner"):
            Position.from_json(data)

    @settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.recursive(
        st.none() | st.booleans() | st.integers(-20, 20) | st.floats(allow_nan=False)
        | st.text(max_size=8),
        lambda kids: st.lists(kids, max_size=25) | st.dictionaries(
            st.sampled_from(["game", "preset", "points", "bar", "off", "cube", "value", "owner",
                             "x"]),
            kids, max_size=6),
        max_leaves=60))
    def test_r10_only_value_errors_escape_on_garbage(self, data: Any) -> None:
        try:
            p = Position.from_json(data)
        except ValueError:
            return
        p.validate()  # anything accepted is a real position

    @settings(max_examples=200, deadline=None)
    @given(st.data())
    def test_r10_only_value_errors_escape_on_near_miss_positions(self, data: st.DataObject) -> None:
        """Valid-looking positions with one field bent: accepted only if valid."""
        base = random_position_json(data.draw(st.integers(0, 10**6)))
        field = data.draw(st.sampled_from(["points", "bar", "off", "game", "preset"]))
        if field == "points":
            i = data.draw(st.integers(0, 23))
            base["points"][i] = data.draw(st.integers(-3, 3) | st.lists(st.integers(-2, 2),
                                                                        max_size=3))
        elif field in ("bar", "off"):
            base[field] = data.draw(st.lists(st.integers(-1, 16), max_size=3))
        else:
            base[field] = data.draw(st.text(max_size=10)
                                    | st.sampled_from(list(GAMES) + list(PRESETS)))
        try:
            p = Position.from_json(base)
        except ValueError as exc:
            assert str(exc)
            return
        p.validate()
        assert Position.from_json(p.to_json()) == p


def random_position_json(seed: int) -> dict[str, Any]:
    """A valid position JSON with checkers scattered at random (pins in Plakoto)."""
    rng = random.Random(seed)
    preset = rng.choice(PRESETS)
    game = rng.choice(PRESET_GAMES[preset])
    stacks: list[list[int]] = [[] for _ in range(24)]
    bar = [0, 0]
    off = [0, 0]
    for side in (1, -1):
        for _ in range(15):
            r = rng.random()
            idx = 0 if side == 1 else 1
            if r < 0.1:
                off[idx] += 1
            elif r < 0.15 and game == "portes":
                bar[idx] += 1
            else:
                for _try in range(50):
                    p = rng.randrange(24)
                    s = stacks[p]
                    if game == "plakoto":
                        ok = not s or s[-1] == side or (len(s) == 1 and s[0] == -side)
                    else:
                        ok = not s or s[0] == side
                    if ok:
                        s.append(side)
                        break
                else:
                    off[idx] += 1
    points: list[Any] = []
    for s in stacks:
        if len(set(s)) == 2:
            points.append([sum(s[1:]), s[0]])
        else:
            points.append(sum(s))
    return {"game": game, "preset": preset, "points": points, "bar": bar, "off": off}


class TestRoundTrip:
    """R10: read → write → read is stable; repr is the one-line JSON; flip twice is identity."""

    @settings(max_examples=400, deadline=None)
    @given(st.integers(0, 10**9))
    def test_r10_json_round_trip(self, seed: int) -> None:
        data = random_position_json(seed)
        p = Position.from_json(data)
        assert p.to_json()["points"] == data["points"]
        assert Position.from_json(p.to_json()) == p
        assert Position.from_json(json.dumps(p.to_json())) == p
        assert eval(repr(p), {"Position": Position}) == p  # noqa: S307 - our own repr
        assert hash(Position.from_json(p.to_json())) == hash(p)

    @settings(max_examples=400, deadline=None)
    @given(st.integers(0, 10**9))
    def test_r1_flip_twice_is_identity(self, seed: int) -> None:
        p = Position.from_json(random_position_json(seed))
        q = p.flip()
        q.validate()
        assert q.flip() == p
        assert q.pip_count() == p.pip_count()[::-1]

    def test_r10_result_key_is_the_fixture_form(self) -> None:
        p = pos("plakoto", {24: 13, 10: [1, -1], 1: -13})
        assert p.result_key() == json.dumps(
            [p.points_json(), [0, 0], [1, 1]], separators=(",", ":"))
        assert p.points_json()[9] == [1, -1]
        assert p.mine(10) == 1 and p.theirs(10) == 1
        assert p.pinned_points(-1) == (10,) and p.pinned_points(1) == ()

    def test_r1_positions_are_immutable_and_hashable(self) -> None:
        p = Position.initial("portes")
        with pytest.raises(AttributeError):
            p.points = ()  # type: ignore[misc]
        assert len({p, Position.initial("portes"), p.flip()}) == 1
        assert p != Position.initial("portes", "traditional")

    def test_r1_pip_count(self) -> None:
        assert Position.initial("portes").pip_count() == (167, 167)
        assert pos("portes", {3: 1, 19: -1}, bar=(1, 0)).pip_count() == (28, 6)
