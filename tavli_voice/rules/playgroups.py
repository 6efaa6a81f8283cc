"""Plays grouped by the checker moved, so a listener can reach one in a few words (R1, R2).

A play belongs to the group of the farthest checker it moves (the highest
point it moves a checker from, the bar first): the point its spoken form
starts with. Every play is in exactly one group; groups come farthest
first, and the plays inside a group keep the order they were offered in
(the suggested play first when there is one).

>>> from tavli_voice.rules.position import Position
>>> from tavli_voice.rules.movegen import legal_plays
>>> plays = legal_plays(Position.initial("portes"), (6, 5))
>>> [(g.source, len(g)) for g in group_plays(plays)]
[(24, 3), (13, 3), (8, 1)]
"""

from __future__ import annotations

from dataclasses import dataclass

from .plays import Play


@dataclass(frozen=True, slots=True)
class PlayGroup:
    """The plays whose farthest moved checker starts on ``source``.

    ``numbers`` are the plays' 1-based numbers in the offered tuple, in
    offered order; the play's number *inside* the group is its place here.
    """

    source: int
    numbers: tuple[int, ...]

    def __len__(self) -> int:
        return len(self.numbers)

    def number(self, local: int) -> int | None:
        """The offered number of the group's ``local``-th play (1-based), or None."""
        return self.numbers[local - 1] if 1 <= local <= len(self.numbers) else None


def group_source(play: Play) -> int:
    """The point of the farthest checker ``play`` moves (the bar is 25); 0 for no steps."""
    return max((st.from_point for st in play.steps), default=0)


def group_plays(plays: tuple[Play, ...]) -> tuple[PlayGroup, ...]:
    """``plays`` grouped by :func:`group_source`, farthest first; each play in one group."""
    by_source: dict[int, list[int]] = {}
    for number, play in enumerate(plays, start=1):
        by_source.setdefault(group_source(play), []).append(number)
    return tuple(PlayGroup(src, tuple(nums))
                 for src, nums in sorted(by_source.items(), key=lambda kv: -kv[0]))


def group_of(plays: tuple[Play, ...], source: int) -> PlayGroup | None:
    """The group of plays whose farthest moved checker starts on ``source``, if any."""
    for group in group_plays(plays):
        if group.source == source:
            return group
    return None
