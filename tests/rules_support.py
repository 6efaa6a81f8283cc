"""Small helpers for the rules tests (not a test file).

``pos(game, {point: count})`` writes a position as the JSON of
``shared/position-format.md`` (points not named are empty, ``[top, under]``
is a Plakoto pin) and reads it back through ``Position.from_json``; checkers
not on the board or the bar are counted as borne off unless ``off`` is given,
so a test names only the points that matter.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Mapping

from conftest import shared_dir
from tavli_voice.rules import Play, Position, legal_plays


def pos_json(game: str, points: Mapping[int, int | list[int]], *, preset: str = "tavlucky",
             bar: tuple[int, int] = (0, 0), off: tuple[int, int] | None = None) -> dict[str, Any]:
    """The position JSON for the sparse ``points`` (mover's numbering, R1)."""
    pts: list[Any] = [0] * 24
    for p, v in points.items():
        pts[p - 1] = v
    if off is None:
        mine = theirs = 0
        for v in points.values():
            for c in (v if isinstance(v, list) else [v]):
                if c > 0:
                    mine += c
                else:
                    theirs -= c
        off = (15 - mine - bar[0], 15 - theirs - bar[1])
    return {"game": game, "preset": preset, "points": pts, "bar": list(bar), "off": list(off)}


def pos(game: str, points: Mapping[int, int | list[int]], *, preset: str = "tavlucky",
        bar: tuple[int, int] = (0, 0), off: tuple[int, int] | None = None) -> Position:
    """A validated :class:`Position` (see :func:`pos_json`)."""
    return Position.from_json(pos_json(game, points, preset=preset, bar=bar, off=off))


def notations(position: Position, dice: Iterable[int]) -> set[str]:
    """The notations of every legal play."""
    return {p.notation for p in legal_plays(position, tuple(dice))}


def by_notation(position: Position, dice: Iterable[int]) -> dict[str, Play]:
    """Legal plays keyed by notation (asserting notations are unique, R2)."""
    plays = legal_plays(position, tuple(dice))
    out = {p.notation: p for p in plays}
    assert len(out) == len(plays), [p.notation for p in plays]
    return out


def result_points(play: Play) -> dict[int, Any]:
    """The non-empty points of a play's result, as ``{point: json entry}``."""
    return {i: v for i, v in enumerate(play.result.points_json(), start=1) if v != 0}


def fixtures_dir() -> Path:
    """The cross-check fixtures: ``shared/fixtures``."""
    return shared_dir() / "fixtures"
