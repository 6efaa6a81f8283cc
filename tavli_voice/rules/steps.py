"""Single steps: one die moves one checker (R2, R4–R7 through the :class:`.Game` hooks).

The loop sees a game only through :class:`StepHooks`, the four hooks it calls,
so it needs nothing from :mod:`.games` (which calls it for Fevga's reasons).

The one place that tries each die from each point. The move generator, the
pass reasons and the step-by-step chooser all walk the same loop, in the same
order: larger die first, then the game's sources (highest point first).

>>> from tavli_voice.rules import Position
>>> from tavli_voice.rules.games import game_for, to_state
>>> pos = Position.initial("portes")
>>> [(st.from_point, st.to_point) for st, _ in legal_steps(game_for(pos), to_state(pos), (6,))]
[(24, 18), (13, 7), (8, 2)]
"""

from __future__ import annotations

from typing import Iterator, Protocol

from .plays import Step


class StepHooks(Protocol):
    """The :class:`.Game` hooks a single step needs (every ``Game`` has them)."""

    def sources(self, s: list[int]) -> Iterator[int]: ...

    def destination(self, s: list[int], src: int, die: int) -> int: ...

    def apply(self, s: list[int], src: int, dst: int) -> bool: ...

    def step_allowed(self, s_after: list[int], dst: int) -> bool: ...


def remove_die(dice_left: tuple[int, ...], die: int) -> tuple[int, ...]:
    """``dice_left`` with one ``die`` used."""
    i = dice_left.index(die)
    return dice_left[:i] + dice_left[i + 1:]


def landings(game: StepHooks, s: list[int], dice: tuple[int, ...]
             ) -> Iterator[tuple[int, int, int, bool, list[int]]]:
    """``(die, from, to, captured, state after)`` for each checker a die can move and land.

    Larger die first, each die once; the game's after-the-fact check
    (:meth:`.Game.step_allowed`, Fevga's prime) is *not* applied here.
    """
    sources = tuple(game.sources(s)) if dice else ()
    for die in sorted(set(dice), reverse=True):
        for src in sources:
            dst = game.destination(s, src, die)
            if dst < 0:
                continue
            t = s[:]
            cap = game.apply(t, src, dst)
            yield die, src, dst, cap, t


def legal_steps(game: StepHooks, s: list[int], dice: tuple[int, ...]
                ) -> Iterator[tuple[Step, list[int]]]:
    """Every single step the dice allow from state ``s``, with the state after it."""
    for die, src, dst, cap, t in landings(game, s, dice):
        if game.step_allowed(t, dst):
            yield Step(src, dst, die, cap), t


def can_step(game: StepHooks, s: list[int], dice: tuple[int, ...]) -> bool:
    """True when at least one of ``dice`` can be played from state ``s``."""
    return next(legal_steps(game, s, dice), None) is not None
