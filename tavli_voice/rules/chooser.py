"""Step-by-step choice of a play (R2): a checker first, then where it goes.

Voice ("from 13", "to 7"), switch scanning and the remote build a play die by
die with :class:`StepChooser`; it only offers steps that lead to one of the
turn's legal plays.

>>> from tavli_voice.rules import Position
>>> chooser = StepChooser(Position.initial("portes"), (6, 5))
>>> chooser.sources()
(24, 13, 8)
>>> [st.to_point for st in chooser.destinations(24)]
[18]
"""

from __future__ import annotations

from typing import Iterable

from .dice import check_dice, dice_list
from .games import from_state, game_for, to_state
from .movegen import legal_plays
from .plays import Play, Step
from .position import Position
from .steps import legal_steps, remove_die


def play_for_result(plays: Iterable[Play], result: Position) -> Play | None:
    """The play among ``plays`` that leads to ``result``, if any."""
    for p in plays:
        if p.result == result:
            return p
    return None


def apply_steps(position: Position, steps: Iterable[tuple[int, int]]) -> Position:
    """Apply single steps ``(from, to)`` without legality checks (for step-by-step UI).

    The caller (:class:`StepChooser`) only applies steps it was offered.
    """
    game = game_for(position)
    s = to_state(position)
    for src, dst in steps:
        game.apply(s, src, dst)
    return from_state(s, position)


class StepChooser:
    """Step-by-step choice of a play: checker first, then its destination (R2).

    Offers only single steps that lead to one of the legal plays, whatever
    order the player takes them in, so voice ("from 13", "to 7"), scanning
    and the remote can build a play die by die.
    """

    def __init__(self, position: Position, dice: Iterable[int],
                 plays: tuple[Play, ...] | None = None) -> None:
        self.position = position
        self.dice = check_dice(dice)
        self.plays = legal_plays(position, self.dice) if plays is None else plays
        self._game = game_for(position)
        self._targets = {tuple(to_state(p.result)): p for p in self.plays}
        self._ending = {k for k, p in self._targets.items() if p.ends_game}
        self._reach: dict[tuple[tuple[int, ...], tuple[int, ...]], frozenset[tuple[int, ...]]] = {}
        self.chosen: tuple[Step, ...] = ()

    # state after the chosen steps
    def _state(self) -> tuple[list[int], tuple[int, ...]]:
        s = to_state(self.position)
        left = dice_list(self.dice)
        for st in self.chosen:
            self._game.apply(s, st.from_point, st.to_point)
            left = remove_die(left, st.die)
        return s, left

    def _reachable(self, s: list[int], left: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
        key = (tuple(s), left)
        hit = self._reach.get(key)
        if hit is not None:
            return hit
        found: set[tuple[int, ...]] = set()
        moved = False
        for step, t in self._steps(s, left):
            moved = True
            tk = tuple(t)
            if tk in self._ending:
                found.add(tk)
                continue
            found |= self._reachable(t, remove_die(left, step.die))
        if not moved and key[0] in self._targets:
            found.add(key[0])
        out = frozenset(found & self._targets.keys())
        self._reach[key] = out
        return out

    def _steps(self, s: list[int], left: tuple[int, ...]) -> list[tuple[Step, list[int]]]:
        return list(legal_steps(self._game, s, left))

    def options(self) -> tuple[Step, ...]:
        """Single steps that can start or continue a legal play from here."""
        if self.complete() is not None:
            return ()
        s, left = self._state()
        return tuple(step for step, t in self._steps(s, left)
                     if tuple(t) in self._ending or self._reachable(t, remove_die(left, step.die)))

    def sources(self) -> tuple[int, ...]:
        """Points a checker may be picked from now, highest first."""
        return tuple(sorted({st.from_point for st in self.options()}, reverse=True))

    def destinations(self, source: int) -> tuple[Step, ...]:
        """Steps for the checker on ``source`` (one per destination, largest die first)."""
        seen: dict[int, Step] = {}
        for st in self.options():
            if st.from_point == source and st.to_point not in seen:
                seen[st.to_point] = st
        return tuple(seen.values())

    def choose(self, source: int, target: int) -> Step:
        """Take the step ``source``→``target``; ValueError if it leads to no legal play."""
        for st in self.options():
            if st.from_point == source and st.to_point == target:
                self.chosen = self.chosen + (st,)
                return st
        raise ValueError(f"no legal step from {source} to {target}")

    def undo(self) -> None:
        """Take back the last chosen step."""
        self.chosen = self.chosen[:-1]

    def complete(self) -> Play | None:
        """The play the chosen steps make, once they make one."""
        if not self.chosen:
            return None
        s, left = self._state()
        key = tuple(s)
        play = self._targets.get(key)
        if play is None:
            return None
        if key in self._ending or not self._steps(s, left):
            return play
        return None

    def remaining(self) -> tuple[Play, ...]:
        """The legal plays the chosen steps still lead to, in the plays' order.

        >>> chooser = StepChooser(Position.initial("portes"), (6, 5))
        >>> _ = chooser.choose(24, 18)
        >>> [p.notation for p in chooser.remaining()]
        ['24/18 13/8', '24/18 8/3', '24/13']
        """
        s, left = self._state()
        keys = set(self._reachable(s, left))
        if tuple(s) in self._ending:
            keys.add(tuple(s))
        return tuple(p for p in self.plays if tuple(to_state(p.result)) in keys)

    def current(self) -> Position:
        """The position after the chosen steps (for showing the half-made play)."""
        s, _ = self._state()
        return from_state(s, self.position)
