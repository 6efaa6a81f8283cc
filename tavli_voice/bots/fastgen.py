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

:func:`result_states` walks with :class:`_Quick`, the same walk with the game's
default hooks skipped and its innermost calls in line (a quarter less CPU in each
game, ``benchmarks/results/bots_speed_plakoto_fevga.txt``); :class:`_Walk` stays
for the walks that watch the results (:mod:`.reasons`).
"""

from __future__ import annotations

from tavli_voice.rules import Position
from tavli_voice.rules.games import PIN, Game, game_for, to_state
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
        return _kept(self.ends, self.endings, dice)


def _kept(ends: dict[State, tuple[int, int]], endings: dict[State, None],
          dice: tuple[int, int]) -> list[State]:
    """:meth:`_Walk.kept` of a walk's ``ends`` and ``endings``."""
    kept: dict[State, None] = {}
    if ends:
        most = max(n for n, _ in ends.values())
        if most:
            chosen = [(k, f) for k, (n, f) in ends.items() if n == most]
            if most == 1 and dice[0] != dice[1]:
                hi = max(dice)
                if any(f == hi for _, f in chosen):
                    chosen = [(k, f) for k, f in chosen if f == hi]
            kept = dict.fromkeys(k for k, _ in chosen)
    for k in endings:
        kept.setdefault(k, None)
    return list(kept)


#: ``dice_left`` → each distinct die, larger first, with the dice left after it.
_SPLITS: dict[tuple[int, ...], tuple[tuple[int, tuple[int, ...]], ...]] = {}


def _splits(dice_left: tuple[int, ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    got = _SPLITS.get(dice_left)
    if got is None:
        got = _SPLITS[dice_left] = tuple((die, remove_die(dice_left, die))
                                         for die in sorted(set(dice_left), reverse=True))
    return got


class _Quick(_Walk):
    """:meth:`_Walk.run`'s walk without its hook for watchers (:meth:`_Walk.reached`):
    the same steps through the same game hooks in the same order and the same ends
    recorded, with the hooks a game leaves as :class:`Game`'s done in line (moving a
    checker) or skipped (every step allowed, no step ends the game), the destination
    worked out in line while on the board and each state looked up once."""

    __slots__ = ("plain_apply", "check_allowed", "check_ends")

    def __init__(self, pos: Position) -> None:
        super().__init__(pos)
        game = type(game_for(pos))
        self.plain_apply = game.apply is Game.apply
        self.check_allowed = game.step_allowed is not Game.step_allowed
        self.check_ends = game.ends_game is not Game.ends_game

    def walk(self, s: list[int], dice: tuple[int, int]) -> list[State]:
        """:func:`result_states` from the state ``s`` (as :meth:`_Walk.run` then
        :meth:`_Walk.kept`)."""
        key = tuple(s)
        dice_left = dice_list(dice)
        self.seen.add((key, dice_left))
        self._go(s, key, dice_left, 0, 0)
        return self.kept(dice)

    def _go(self, s: list[int], key: State, dice_left: tuple[int, ...], n: int, first: int) -> None:
        """:meth:`_Walk.run` from ``s`` (``key``, already marked seen with ``dice_left``)."""
        seen = self.seen
        ends = self.ends
        can_land, sources = self.can_land, self.sources
        apply = None if self.plain_apply else self.apply
        allowed = self.allowed if self.check_allowed else None
        ends_game = self.ends_game if self.check_ends else None
        moved = False
        srcs = tuple(sources(s))
        bear: list[bool] = []
        for die, rest in _splits(dice_left):
            f = die if n == 0 else first
            for src in srcs:
                dst = src - die
                if dst >= 1:
                    if not can_land(s, dst):
                        continue
                else:  # bearing off (R6)
                    dst = self.destination(s, src, die, bear)
                    if dst < 0:
                        continue
                t = s[:]
                if apply is not None:
                    apply(t, src, dst)
                else:  # Game.apply
                    t[src] -= 1
                    t[dst] += 1  # S_OFF is 0: a checker borne off
                if allowed is not None and not allowed(t, dst):
                    continue
                moved = True
                end = tuple(t)
                if ends_game is not None and ends_game(s, t, src, dst, self.preset):
                    self.endings.setdefault(end, None)
                    continue
                if rest:
                    memo = (end, rest)
                    if memo not in seen:
                        seen.add(memo)
                        self._go(t, end, rest, n + 1, f)
                    continue
                # every die played: _Walk.run's call with none left, which records ``end``
                # unless it already has (every die is played at the same depth, n + 1)
                known = ends.get(end)
                if known is None or known[0] <= n:
                    ends[end] = (n + 1, f)
        if not moved:
            known = ends.get(key)
            if known is None or known[0] < n:
                ends[key] = (n, first)


def result_states(pos: Position, dice: tuple[int, int]) -> list[State]:
    """Every distinct result state of ``pos`` (mover to play) with ``dice`` (R2)."""
    return _Quick(pos).walk(to_state(pos), dice)
