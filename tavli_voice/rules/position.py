"""Positions: immutable, hashable, always seen from the side to move (R1).

A :class:`Position` is the board as the mover sees it, in the mover's own
numbering: the mover's checkers run from point 24 toward point 1, their home
board is points 1–6, the bar is 25 and borne off is 0. It reads and writes
the position JSON (``docs/rules.md`` R10) and rejects anything that is not a
legal Tavli position with a :class:`ValueError` that says what is wrong.

Plakoto pins (R5.2) are kept apart from the stacks: ``points[i]`` is the top
stack on point ``i + 1`` (positive = the mover's, negative = the opponent's)
and ``pins[i]`` is the single checker pinned under it (+1 the mover's, -1 the
opponent's, 0 none).

>>> p = Position.initial("portes")
>>> p.points[23], p.points[12], p.points[0]
(2, 5, -2)
>>> p.flip() == p
True
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field
from typing import Any, Iterable, Literal, Mapping

Point = int
"""A point in the mover's numbering: 1–24; 25 is the bar, 0 is off (R1)."""

BAR: Point = 25
OFF: Point = 0
CHECKERS = 15
#: The highest cube value a position may hold (2^12: far beyond any real match).
MAX_CUBE = 4096

class GameName(enum.StrEnum):
    """The three games (R0); equal to their plain names ("portes" …)."""

    PORTES = "portes"
    PLAKOTO = "plakoto"
    FEVGA = "fevga"


class Preset(enum.StrEnum):
    """The rule sets (R0): Tavlucky's, the traditional Greek rules, and vog (with the cube)."""

    TAVLUCKY = "tavlucky"
    TRADITIONAL = "traditional"
    VOG = "vog"


#: Every game by its Latin name, in the order of :class:`GameName` (the one definition).
GAMES = tuple(g.value for g in GameName)
#: Other names each game is known by, Greek and Latin, lower case (``find_game``).
GAME_ALIASES: dict[GameName, tuple[str, ...]] = {
    GameName.PORTES: ("portes", "πόρτες", "portes", "backgammon", "tavli-portes"),
    GameName.PLAKOTO: ("plakoto", "πλακωτό", "πλακωτο", "tapa", "ταπα", "τάπα"),
    GameName.FEVGA: ("fevga", "φεύγα", "φευγα", "moultezim"),
}


def game_name(name: str) -> GameName:
    """The game called ``name`` (Latin or Greek, any case); ValueError if none.

    >>> game_name(" Τάπα ")
    <GameName.PLAKOTO: 'plakoto'>
    """
    key = name.strip().lower()
    for game, aliases in GAME_ALIASES.items():
        if key == game.value or key in aliases:
            return game
    raise ValueError(f"unknown game {name!r}; expected portes, plakoto or fevga")
PRESETS = tuple(p.value for p in Preset)
#: R0: games each preset offers (``plakoto`` is Tapa under ``vog``).
PRESET_GAMES: dict[str, tuple[str, ...]] = {
    "tavlucky": GAMES,
    "traditional": GAMES,
    "vog": ("portes", "plakoto"),
}

Owner = Literal["mover", "opponent"]


@dataclass(frozen=True, slots=True)
class Cube:
    """The doubling cube (R9.1, ``vog`` only): its value and who owns it."""

    value: int = 1
    owner: Owner | None = None

    def flipped(self) -> "Cube":
        """The same cube seen from the other player."""
        other: Owner | None = None
        if self.owner == "mover":
            other = "opponent"
        elif self.owner == "opponent":
            other = "mover"
        return Cube(self.value, other)


def fevga_opponent_point(k: Point) -> Point:
    """Fevga (R1): the opponent's point ``k`` in the mover's numbering."""
    return ((k + 11) % 24) + 1


def opponent_point(game: str, k: Point) -> Point:
    """R1: the other player's point ``k`` (1–24) in this player's numbering.

    Portes and Plakoto run in opposite directions (``25 - k``); in Fevga both
    run the same way from opposite corners.

    >>> opponent_point("portes", 1), opponent_point("fevga", 1)
    (24, 13)
    """
    return fevga_opponent_point(k) if game == "fevga" else 25 - k


def _empty24() -> tuple[int, ...]:
    return (0,) * 24


class GameOverError(ValueError):
    """A position in which nobody moves: one side has borne off all 15 (R4).

    ``side`` is 0 when the mover has, 1 when the opponent has.
    """

    def __init__(self, side: int) -> None:
        who = "the player to move" if side == 0 else "the opponent"
        super().__init__(f"the game is over: {who} has borne off all {CHECKERS} checkers")
        self.side = side


@dataclass(frozen=True, slots=True)
class Position:
    """One position from the mover's side (R1, ``position-format.md``).

    Build positions with :meth:`initial` or :meth:`from_json`; both validate.
    ``repr`` is the one-line JSON, so a failing assert reads like a record.
    """

    game: str
    preset: str = "tavlucky"
    points: tuple[int, ...] = field(default_factory=_empty24)
    pins: tuple[int, ...] = field(default_factory=_empty24)
    bar: tuple[int, int] = (0, 0)
    off: tuple[int, int] = (0, 0)
    cube: Cube | None = None

    # ----------------------------------------------------------- construction
    @classmethod
    def initial(cls, game: str, preset: str = "tavlucky") -> "Position":
        """The opening position of ``game`` under ``preset`` (R4, R5.1, R7.1)."""
        game = _check_game(game, preset)
        pts = [0] * 24
        if game == "portes":
            for p, n in ((24, 2), (13, 5), (8, 3), (6, 5)):
                pts[p - 1] += n
                pts[(25 - p) - 1] -= n
        elif game == "plakoto":
            if preset == "vog":  # R5.1 Tapa
                for p in (24, 23, 22):
                    pts[p - 1] = 5
                    pts[(25 - p) - 1] = -5
            else:
                pts[23] = 15
                pts[0] = -15
        else:  # fevga R7.1
            pts[23] = 15
            pts[fevga_opponent_point(24) - 1] = -15
        cube = Cube() if preset == "vog" else None
        return cls(game, preset, tuple(pts), _empty24(), (0, 0), (0, 0), cube)

    @classmethod
    def from_json(cls, data: str | Mapping[str, Any]) -> "Position":
        """Read ``position-format.md`` JSON (a string or a parsed dict).

        Raises :class:`ValueError` naming the fault for anything invalid.
        """
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as exc:
                raise ValueError(f"position is not valid JSON: {exc.msg}") from None
        if not isinstance(data, Mapping):
            raise ValueError("position must be a JSON object")
        unknown = set(data) - {"game", "preset", "points", "bar", "off", "cube"}
        if unknown:
            raise ValueError(f"unknown position field(s): {', '.join(sorted(unknown))}")
        preset = data.get("preset", "tavlucky")
        if preset not in PRESETS:
            raise ValueError(f"unknown preset {preset!r}; expected one of {', '.join(PRESETS)}")
        game = data.get("game")
        if not isinstance(game, str):
            raise ValueError("position needs a 'game': portes, plakoto or fevga")
        game = _check_game(game, preset)
        raw = data.get("points")
        if not isinstance(raw, list) or len(raw) != 24:
            raise ValueError("'points' must be a list of 24 entries")
        pts: list[int] = []
        pins: list[int] = []
        for i, entry in enumerate(raw, start=1):
            if isinstance(entry, list):
                if game != "plakoto":
                    raise ValueError(f"point {i}: pinned points exist only in Plakoto")
                if len(entry) != 2 or not all(_is_int(x) and -CHECKERS <= x <= CHECKERS
                                              for x in entry):
                    raise ValueError(f"point {i}: a pinned point is [top, under]")
                top, under = entry
                if top == 0 or under not in (1, -1) or (top > 0) == (under > 0):
                    raise ValueError(
                        f"point {i}: [top, under] needs a pinning stack and one pinned "
                        "checker of the other side")
                pts.append(top)
                pins.append(under)
            elif _is_int(entry):
                if not -CHECKERS <= entry <= CHECKERS:
                    raise ValueError(f"point {i}: at most 15 checkers stand on a point")
                pts.append(entry)
                pins.append(0)
            else:
                raise ValueError(f"point {i}: expected an integer or [top, under]")
        bar = _pair(data.get("bar", [0, 0]), "bar")
        off = _pair(data.get("off", [0, 0]), "off")
        if game != "portes" and bar != (0, 0):
            raise ValueError(f"{game} has no bar: 'bar' must be [0, 0]")
        cube = None
        if "cube" in data and data["cube"] is not None:
            if preset != "vog":
                raise ValueError("the cube exists only under the vog preset")
            c = data["cube"]
            if not isinstance(c, Mapping) or set(c) - {"value", "owner"}:
                raise ValueError("'cube' must be {\"value\": n, \"owner\": ...}")
            value = c.get("value")
            if not isinstance(value, int) or isinstance(value, bool) \
                    or not 1 <= value <= MAX_CUBE or value & (value - 1):
                raise ValueError("'cube' must be {\"value\": n, \"owner\": ...} with n a power "
                                 f"of two from 1 to {MAX_CUBE}")
            owner = c.get("owner")
            if owner not in ("mover", "opponent", None):
                raise ValueError("cube owner must be 'mover', 'opponent' or null")
            cube = Cube(value, owner)
        elif preset == "vog":
            cube = Cube()
        pos = cls(game, preset, tuple(pts), tuple(pins), bar, off, cube)
        pos.validate()
        return pos

    def validate(self) -> None:
        """Check the checker counts and layout; raise ValueError naming the fault."""
        if len(self.points) != 24 or len(self.pins) != 24:
            raise ValueError("a position has 24 points")
        for side, sign, name in ((0, 1, "the mover"), (1, -1, "the opponent")):
            if self.bar[side] < 0 or self.off[side] < 0:
                raise ValueError(f"{name}: negative bar or off count")
            on_board = sum(v * sign for v in self.points if v * sign > 0)
            on_board += sum(1 for u in self.pins if u == sign)
            total = on_board + self.bar[side] + self.off[side]
            if total != CHECKERS:
                raise ValueError(
                    f"{name} has {total} checkers (points {on_board}, bar "
                    f"{self.bar[side]}, off {self.off[side]}); each side has exactly 15")
        if self.game == "plakoto":
            for i, u in enumerate(self.pins, start=1):
                if u and (self.points[i - 1] == 0 or (self.points[i - 1] > 0) == (u > 0)):
                    raise ValueError(f"point {i}: a pinned checker needs a pinner of the other side")

    def check_in_play(self) -> None:
        """Raise :class:`GameOverError` when a side has borne off all 15 (R4): a finished
        game's position is valid (its outcome is read from it) but has no turn to play.

        >>> Position.initial("portes").check_in_play()
        """
        for side in (0, 1):
            if self.off[side] == CHECKERS:
                raise GameOverError(side)

    # ---------------------------------------------------------------- output
    def to_json(self) -> dict[str, Any]:
        """The position as a ``position-format.md`` dict."""
        out: dict[str, Any] = {
            "game": self.game,
            "preset": self.preset,
            "points": self.points_json(),
            "bar": list(self.bar),
            "off": list(self.off),
        }
        if self.cube is not None:
            out["cube"] = {"value": self.cube.value, "owner": self.cube.owner}
        return out

    def points_json(self) -> list[Any]:
        """``points`` as in the JSON: pinned points as ``[top, under]``."""
        return [[t, u] if u else t for t, u in zip(self.points, self.pins)]

    def result_key(self) -> str:
        """``json.dumps([points, bar, off])`` compact: the fixtures' result form."""
        return json.dumps([self.points_json(), list(self.bar), list(self.off)],
                          separators=(",", ":"))

    def __repr__(self) -> str:
        return f"Position.from_json({json.dumps(self.to_json(), separators=(',', ':'))!r})"

    # --------------------------------------------------------------- queries
    def mine(self, point: Point) -> int:
        """How many of the mover's checkers stand on ``point`` (pinned one included)."""
        if point == BAR:
            return self.bar[0]
        if point == OFF:
            return self.off[0]
        v = self.points[point - 1]
        return (v if v > 0 else 0) + (1 if self.pins[point - 1] == 1 else 0)

    def theirs(self, point: Point) -> int:
        """How many of the opponent's checkers stand on the mover's ``point``."""
        v = self.points[point - 1]
        return (-v if v < 0 else 0) + (1 if self.pins[point - 1] == -1 else 0)

    def pinned_points(self, side: Literal[1, -1] = 1) -> tuple[Point, ...]:
        """Points where a checker of ``side`` (+1 mover, -1 opponent) is pinned (R5.2)."""
        return tuple(i for i, u in enumerate(self.pins, start=1) if u == side)

    def pip_count(self) -> tuple[int, int]:
        """Pips left to bear off for (mover, opponent), each in their own numbering."""
        return (self._own_pips(), self.flip()._own_pips())

    def _own_pips(self) -> int:
        pips = self.bar[0] * BAR
        for i in range(1, 25):
            pips += i * self.mine(i)
        return pips

    def flip(self) -> "Position":
        """The same position seen from the other player (R1 numbering)."""
        src = _FLIP_INDEX[self.game]
        pts = tuple(-self.points[j] for j in src)
        pins = tuple(-self.pins[j] for j in src)
        cube = self.cube.flipped() if self.cube else None
        return Position(self.game, self.preset, pts, pins, self.bar[::-1], self.off[::-1], cube)

    def with_cube(self, cube: Cube | None) -> "Position":
        """A copy with another cube state."""
        return Position(self.game, self.preset, self.points, self.pins, self.bar, self.off, cube)


#: For :meth:`Position.flip`: the index each point's stack comes from (R1).
_FLIP_INDEX = {g: [opponent_point(g, k) - 1 for k in range(1, 25)] for g in GAMES}


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _pair(value: object, name: str) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(_is_int(x) and 0 <= x <= CHECKERS for x in value)):
        raise ValueError(f"'{name}' must be [mover, opponent] with two counts from 0 to 15")
    return (value[0], value[1])


def _check_game(game: str, preset: str) -> str:
    name = game_name(game).value
    if name not in PRESET_GAMES[preset]:
        raise ValueError(f"{name} is not played under the {preset} preset")
    return name


def parse_position_lines(lines: Iterable[str]) -> list[Position]:
    """Positions from JSON lines (blank lines skipped); for tools and tests."""
    return [Position.from_json(line) for line in lines if line.strip()]
