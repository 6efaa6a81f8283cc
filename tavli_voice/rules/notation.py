"""Reading play notation back (R1): ``parse_play("24/18 13/8", position, dice)``.

Errors are precise :class:`ValueError` subclasses so the narrator can say
*why* a typed play was refused:

- :class:`NotationError`: the text is not notation at all;
- :class:`IllegalPlayError`: it is notation, but no legal play moves so;
- :class:`AmbiguousPlayError`: it fits more than one legal play.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Iterable

from .movegen import legal_plays
from .plays import Play, moves_of
from .position import BAR, OFF, Position


class NotationError(ValueError):
    """The text is not play notation."""


class IllegalPlayError(ValueError):
    """The notation names no legal play in this position."""


class AmbiguousPlayError(ValueError):
    """The notation fits more than one legal play."""


_TOKEN = re.compile(r"^(bar|\d{1,2})((?:/(?:\d{1,2}|off)[*^]?)+)(?:\((\d)\))?$")


def _point(text: str) -> int:
    if text == "bar":
        return BAR
    if text == "off":
        return OFF
    value = int(text)
    if not 1 <= value <= 24:
        raise NotationError(f"point {value} is not on the board (1 to 24, bar, off)")
    return value


def parse_moves(text: str) -> Counter[tuple[int, int]]:
    """Notation → multiset of whole checker moves ``(from, to)``; NotationError if malformed."""
    tokens = text.strip().lower().replace(",", " ").split()
    if not tokens:
        raise NotationError("empty play")
    moves: Counter[tuple[int, int]] = Counter()
    for tok in tokens:
        m = _TOKEN.match(tok)
        if not m:
            raise NotationError(f"{tok!r} is not a move like 24/18, bar/22 or 6/off")
        points = [_point(m.group(1))] + [_point(p.rstrip("*^")) for p in m.group(2).split("/")[1:]]
        count = int(m.group(3) or 1)
        moves[(points[0], points[-1])] += count
    return moves


def _play_moves(play: Play) -> Counter[tuple[int, int]]:
    return Counter((path[0], path[-1]) for path in moves_of(play.steps))


def parse_play(text: str, position: Position, dice: Iterable[int],
               plays: tuple[Play, ...] | None = None) -> Play:
    """The legal play that ``text`` names (R1); see the module docstring for errors.

    Tried in turn: the play's own notation; the same checker moves (paths
    from → to, marks ignored); the same net movement of our checkers, so a
    path may be split or joined another way (``24/23 23/18`` or ``24/18``).
    """
    wanted = parse_moves(text)
    candidates = legal_plays(position, dice) if plays is None else plays
    exact = [p for p in candidates if p.notation == " ".join(text.lower().split())]
    if len(exact) == 1:
        return exact[0]
    found = [p for p in candidates if _play_moves(p) == wanted]
    if not found:
        net = _net(wanted)
        found = [p for p in candidates if _net(_play_moves(p)) == net]
    if not found:
        raise IllegalPlayError(f"{text.strip()} is not a legal play with these dice")
    if len(found) > 1:
        raise AmbiguousPlayError(
            f"{text.strip()} fits {len(found)} plays: " + ", ".join(p.notation for p in found))
    return found[0]


def _net(moves: Counter[tuple[int, int]]) -> dict[int, int]:
    """How many of our checkers each point (bar, off) gains or loses."""
    net: Counter[int] = Counter()
    for (src, dst), n in moves.items():
        net[src] -= n
        net[dst] += n
    return {p: n for p, n in net.items() if n}
