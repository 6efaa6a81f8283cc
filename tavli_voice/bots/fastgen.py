"""The distinct results of a turn, quickly: the move generator's walk without its records.

:func:`result_states` returns the same flat states, in the same order, as the
rules' move generator (``movegen._kept(movegen._search(pos, dice), dice)``):
the same walk over single steps through the same :class:`~tavli_voice.rules.games.Game`
hooks, the same R2 obligations (most dice, the larger die, game-ending steps
always offered). It only keeps, per end state, the number of steps and the
first die instead of the steps themselves, and works out once per state
whether the mover may bear off. The bots' look-ahead and self-play training
call it thousands of times a second; the tests compare it with the move
generator on thousands of seeded turns.
"""

from __future__ import annotations

from tavli_voice.rules import Position
from tavli_voice.rules.games import PIN, game_for, to_state
from tavli_voice.rules.dice import dice_list
from tavli_voice.rules.steps import remove_die

State = tuple[int, ...]


class _Walk:
    """One turn's walk: end states with (steps, first die), game-ending states."""

    __slots__ = ("bear_off", "can_land", "apply", "allowed", "ends_game", "preset", "sources",
                 "seen", "ends", "endings")

    def __init__(self, pos: Position) -> None:
        game = game_for(pos)
        self.preset = pos.preset
        self.sources = game.sources
        self.can_land = game.can_land
        self.apply = game.apply
        self.allowed = game.step_allowed
        self.ends_game = game.ends_game
        self.bear_off = game.may_bear_off
        self.seen: set[tuple[State, tuple[int, ...]]] = set()
        self.ends: dict[State, tuple[int, int]] = {}
        self.endings: dict[State, None] = {}

    def destination(self, s: list[int], src: int, die: int, bear: list[bool]) -> int:
        """``Game.destination``, with may-bear-off worked out once per state (``bear``)."""
        dst = src - die
        if dst >= 1:
            return dst if self.can_land(s, dst) else -1
        if not bear:
            bear.append(self.bear_off(s))
        if not bear[0]:
            return -1
        if dst < 0 and any(s[p] > 0 or s[PIN + p] == 1 for p in range(src + 1, 7)):
            return -1  # overshoot (R6): only from the highest occupied point
        return 0

    def run(self, s: list[int], dice_left: tuple[int, ...], n: int, first: int) -> None:
        key = tuple(s)
        memo = (key, dice_left)
        if memo in self.seen:
            return
        self.seen.add(memo)
        moved = False
        if dice_left:
            sources = tuple(self.sources(s))
            bear: list[bool] = []
            for die in sorted(set(dice_left), reverse=True):
                rest = remove_die(dice_left, die)
                for src in sources:
                    dst = self.destination(s, src, die, bear)
                    if dst < 0:
                        continue
                    t = s[:]
                    self.apply(t, src, dst)
                    if not self.allowed(t, dst):
                        continue
                    moved = True
                    if self.ends_game(s, t, src, dst, self.preset):
                        end = tuple(t)
                        self.endings.setdefault(end, None)
                        self.reached(end, True)
                        continue
                    self.run(t, rest, n + 1, die if n == 0 else first)
        if not moved:
            known = self.ends.get(key)
            if known is None or known[0] < n:
                self.ends[key] = (n, first)
            self.reached(key, False, n)

    def reached(self, state: State, ends_game: bool, dice_used: int = 0) -> None:
        """Called at every state where a play stops (it ends the game, or no die is left or
        can be played, after ``dice_used`` dice): a hook for walks that watch the results."""

    def kept(self, dice: tuple[int, int]) -> list[State]:
        """R2: the ends that use the most dice (the larger die when only one can be
        played), then every game-ending state."""
        kept: dict[State, None] = {}
        if self.ends:
            most = max(n for n, _ in self.ends.values())
            if most:
                chosen = [(k, f) for k, (n, f) in self.ends.items() if n == most]
                if most == 1 and dice[0] != dice[1]:
                    hi = max(dice)
                    if any(f == hi for _, f in chosen):
                        chosen = [(k, f) for k, f in chosen if f == hi]
                kept = dict.fromkeys(k for k, _ in chosen)
        for k in self.endings:
            kept.setdefault(k, None)
        return list(kept)


def result_states(pos: Position, dice: tuple[int, int]) -> list[State]:
    """Every distinct result state of ``pos`` (mover to play) with ``dice`` (R2)."""
    walk = _Walk(pos)
    walk.run(to_state(pos), dice_list(dice), 0, 0)
    return walk.kept(dice)
