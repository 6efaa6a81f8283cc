"""Steps and plays: small value objects that carry their notation (R1, R2).

A :class:`Step` moves one checker by one die. A :class:`Play` is one turn's
movement: its steps in the order played, the resulting position (still seen
from the same mover, as the fixtures write it) and its canonical notation,
such as ``24/18 13/8``, ``bar/22``, ``6/off``, ``8/5(2)``, ``13/7*`` (a Portes
hit) or ``13/7^`` (a Plakoto pin).
"""

from __future__ import annotations

from dataclasses import dataclass

from .position import BAR, OFF, Position


@dataclass(frozen=True, slots=True)
class Step:
    """One checker moved by one die: ``from_point`` → ``to_point`` (R1 numbering)."""

    from_point: int
    to_point: int
    die: int
    capture: bool = False  #: a Portes hit or a Plakoto pin on landing

    def __str__(self) -> str:
        return f"{_pt(self.from_point)}/{_pt(self.to_point)}"


@dataclass(frozen=True, slots=True)
class Play:
    """One legal play: steps as played, the result, and the notation (R1, R2).

    Plays compare by their resulting position: two routes to the same
    position are one play (R2).
    """

    steps: tuple[Step, ...]
    result: Position
    notation: str
    ends_game: bool = False  #: R2/R5.4: this play ended the game at once

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Play) and self.result == other.result

    def __hash__(self) -> int:
        return hash(self.result)

    def __repr__(self) -> str:
        return f"<Play {self.notation}>"

    @property
    def dice_used(self) -> tuple[int, ...]:
        """The dice this play used, in order."""
        return tuple(s.die for s in self.steps)

    def to_json(self) -> dict[str, object]:
        """``{"notation", "steps", "result"}`` as ``tavli-voice moves --jsonl`` prints."""
        return {
            "notation": self.notation,
            "steps": [[s.from_point, s.to_point] for s in self.steps],
            "result": {"points": self.result.points_json(), "bar": list(self.result.bar),
                       "off": list(self.result.off)},
        }


def _pt(p: int) -> str:
    if p == BAR:
        return "bar"
    if p == OFF:
        return "off"
    return str(p)


@dataclass(slots=True)
class _Move:
    """One checker's path within a play, for notation."""

    path: list[int]
    marks: list[bool]  # marks[i]: a capture on landing at path[i+1]


def moves_of(steps: tuple[Step, ...]) -> list[tuple[int, ...]]:
    """Group steps into checker paths: ``24/18 18/13`` → ``[(24, 18, 13)]``."""
    return [tuple(m.path) for m in _chain(steps)]


def _chain(steps: tuple[Step, ...]) -> list[_Move]:
    """Checker paths of a play: steps joined where a checker moves on (R1 notation)."""
    moves: list[_Move] = []
    for st in steps:
        for m in reversed(moves):
            # the same checker moving on: one path, captures marked on the way
            if m.path[-1] == st.from_point and m.path[-1] != OFF:
                m.path.append(st.to_point)
                m.marks.append(st.capture)
                break
        else:
            moves.append(_Move([st.from_point, st.to_point], [st.capture]))
    return _join_relays(moves)


def _join_relays(moves: list[_Move]) -> list[_Move]:
    """Join a path onto one that ends where it starts, even if it was played first.

    Checkers are alike, so ``6/3`` played before ``8/6`` leaves the same
    position as ``8/6/3``: the play is written ``8/3`` whatever order the
    search found, and "8/3" typed or spoken names it (R1, R2). Not when the
    later path landed there with a hit or pin: that checker stays on the point.
    """
    joined = True
    while joined:
        joined = False
        for a in moves:
            if a.path[-1] == OFF or a.marks[-1]:
                continue
            b = next((m for m in moves if m is not a and m.path[0] == a.path[-1]), None)
            if b is not None:
                a.path.extend(b.path[1:])
                a.marks.extend(b.marks)
                moves.remove(b)
                joined = True
                break
    return moves


def notation(steps: tuple[Step, ...], mark: str = "*") -> str:
    """Canonical notation of a play, highest source first (R1).

    Intermediate points of one checker's path are dropped unless it captured
    there (``24/18*/13``); identical moves are counted (``8/5(2)``).
    """
    return paths_notation(_chain(steps), mark)


def paths_notation(paths: list[_Move], mark: str = "*") -> str:
    """:func:`notation` from checker paths already chained by :func:`_chain`."""
    if not paths:
        return ""
    parts: list[tuple[int, int, str]] = []
    for m in paths:
        text = _pt(m.path[0])
        for i, p in enumerate(m.path[1:]):
            last = i == len(m.path) - 2
            if m.marks[i]:
                text += f"/{_pt(p)}{mark}"
            elif last:
                text += f"/{_pt(p)}"
        parts.append((m.path[0], m.path[-1], text))
    parts.sort(key=lambda t: (-t[0], -t[1], t[2]))
    out: list[str] = []
    i = 0
    while i < len(parts):
        j = i
        while j + 1 < len(parts) and parts[j + 1][2] == parts[i][2]:
            j += 1
        n = j - i + 1
        out.append(parts[i][2] + (f"({n})" if n > 1 else ""))
        i = j + 1
    return " ".join(out)
