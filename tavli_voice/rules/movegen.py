"""Every legal play of a turn, as distinct resulting positions (R2, R10).

The search walks single steps die by die over a flat state (see
:mod:`.games`), remembering ``(state, dice left)`` pairs already expanded, so
two orders that meet in the same state are explored once. Where no further
step is possible the sequence ends; a Plakoto step that ends the game ends
it at once (R2's exception, R5.4). Then R2's obligation is applied to the
other sequences: as many dice as any sequence can play, and the larger die
when only one of two can be played.

>>> from tavli_voice.rules import Position
>>> plays = legal_plays(Position.initial("portes"), (6, 5))
>>> [p.notation for p in plays][:3]
['24/18 13/8', '24/18 8/3', '24/13']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from .games import PIN, S_BAR, Game, from_state, game_for, prime_blocks, to_state
from .plays import Play, Step, _chain, paths_notation
from .position import Position
from .reasons import PassReason, Reason

Dice = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Turn:
    """The answer for one position and roll: the plays and, if any, the reason (R8)."""

    position: Position
    dice: Dice
    plays: tuple[Play, ...]
    reason: Reason | None

    @property
    def passes(self) -> bool:
        """True when no play is possible: the turn passes."""
        return not self.plays


def check_dice(dice: Iterable[int]) -> Dice:
    """Two dice of 1–6, as a tuple; ValueError otherwise."""
    d = tuple(dice)
    # exactly int: True is not a 1 (bool is a subclass of int)
    if len(d) != 2 or not all(type(x) is int and 1 <= x <= 6 for x in d):
        raise ValueError(f"dice must be two numbers from 1 to 6, got {list(d)!r:.60}")
    return (d[0], d[1])


def _dice_list(dice: Dice) -> tuple[int, ...]:
    a, b = dice
    if a == b:
        return (a, a, a, a)
    return (max(a, b), min(a, b))


def _remove(dice_left: tuple[int, ...], die: int) -> tuple[int, ...]:
    i = dice_left.index(die)
    return dice_left[:i] + dice_left[i + 1:]


class _Search:
    """One search: endpoints by state, with the first route found to each."""

    __slots__ = ("game", "preset", "seen", "ends", "endings")

    def __init__(self, game: Game, preset: str) -> None:
        self.game = game
        self.preset = preset
        self.seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
        self.ends: dict[tuple[int, ...], tuple[Step, ...]] = {}
        self.endings: dict[tuple[int, ...], tuple[Step, ...]] = {}

    def run(self, s: list[int], dice_left: tuple[int, ...], steps: tuple[Step, ...]) -> None:
        key = tuple(s)
        memo = (key, dice_left)
        if memo in self.seen:
            return
        self.seen.add(memo)
        game = self.game
        moved = False
        # the sources are the same for every die (none needed once the dice are used)
        sources = tuple(game.sources(s)) if dice_left else ()
        for die in sorted(set(dice_left), reverse=True):
            rest = _remove(dice_left, die)
            for src in sources:
                dst = game.destination(s, src, die)
                if dst < 0:
                    continue
                t = s[:]
                cap = game.apply(t, src, dst)
                if not game.step_allowed(t, dst):
                    continue
                moved = True
                seq = steps + (Step(src, dst, die, cap),)
                if game.ends_game(s, t, src, dst, self.preset):
                    self.endings.setdefault(tuple(t), seq)
                    continue
                self.run(t, rest, seq)
        if not moved:
            # Keep the longest route to each end state: bearing off the last
            # checker with the 6 alone or via 3/1/off ends in the same state,
            # and R2 counts the dice the *longest* legal sequence plays.
            known = self.ends.get(key)
            if known is None or len(known) < len(steps):
                self.ends[key] = steps


def _search(pos: Position, dice: Dice) -> _Search:
    search = _Search(game_for(pos), pos.preset)
    search.run(to_state(pos), _dice_list(dice), ())
    return search


def _kept(search: _Search, dice: Dice) -> dict[tuple[int, ...], tuple[Step, ...]]:
    """R2: keep sequences using the most dice, the larger die if only one fits."""
    ends = search.ends
    if not ends:
        kept: dict[tuple[int, ...], tuple[Step, ...]] = {}
    else:
        most = max(len(seq) for seq in ends.values())
        kept = {k: seq for k, seq in ends.items() if len(seq) == most} if most else {}
        if most == 1 and dice[0] != dice[1]:
            hi = max(dice)
            if any(seq[0].die == hi for seq in kept.values()):
                kept = {k: seq for k, seq in kept.items() if seq[0].die == hi}
    for k, seq in search.endings.items():  # R2 exception: game-ending plays always offered
        kept.setdefault(k, seq)
    return kept


def _order_key(paths: list[tuple[int, ...]], n_steps: int) -> tuple[tuple[int, int], ...]:
    """Listing order: by the checker moves as written, highest source first."""
    parts = sorted(((m[0], m[-1]) for m in paths), reverse=True)
    return tuple((-f, -t) for f, t in parts) + ((0, n_steps),)


def _plays(pos: Position, dice: Dice, search: _Search) -> tuple[Play, ...]:
    kept = _kept(search, dice)
    mark = search.game.capture_mark or "*"
    keyed = []
    for k, seq in kept.items():
        paths = _chain(seq)  # once per play: for its notation and its listing order
        play = Play(seq, from_state(k, pos), paths_notation(paths, mark), k in search.endings)
        keyed.append((_order_key([tuple(m.path) for m in paths], len(seq)), play))
    keyed.sort(key=lambda kp: kp[0])
    return tuple(play for _key, play in keyed)


def legal_plays(position: Position, dice: Iterable[int]) -> tuple[Play, ...]:
    """Every legal play for ``position`` and ``dice``, one per resulting position (R2).

    Ordered by source point, highest first (a stable order for listing).
    An empty tuple means the turn passes; :func:`analyse` says why.
    """
    d = check_dice(dice)
    return _plays(position, d, _search(position, d))


def has_legal_play(position: Position, dice: Iterable[int]) -> bool:
    """True when at least one step can be played."""
    d = check_dice(dice)
    game = game_for(position)
    s = to_state(position)
    for die in set(d):
        for src in tuple(game.sources(s)):
            dst = game.destination(s, src, die)
            if dst >= 0:
                t = s[:]
                game.apply(t, src, dst)
                if game.step_allowed(t, dst):
                    return True
    return False


def is_closed_out(position: Position) -> bool:
    """R4: a Portes checker on the bar and all six entry points closed (no roll)."""
    if position.game != "portes" or not position.bar[0]:
        return False
    return all(position.points[p - 1] <= -2 for p in range(19, 25))


def analyse(position: Position, dice: Iterable[int]) -> Turn:
    """The plays and the R8 reason for a pass or a shortened turn."""
    d = check_dice(dice)
    search = _search(position, d)
    plays = _plays(position, d, search)
    return Turn(position, d, plays, _reason(position, d, search, plays))


# --------------------------------------------------------------------- reasons
def _reason(pos: Position, dice: Dice, search: _Search, plays: tuple[Play, ...]) -> Reason | None:
    game = search.game
    s = to_state(pos)
    if not plays:
        return _blocked_reason(pos, game, s, tuple(sorted(set(dice), reverse=True)), dice)
    normal = [p for p in plays if not p.ends_game]
    if not normal or normal[0].result.off[0] == 15:
        return None  # the game is over: no die was lost
    used = len(normal[0].steps)
    if dice[0] == dice[1]:
        if used == 4:
            return None
        after = to_state(normal[0].result)
        return Reason.make(PassReason.PARTIAL_DOUBLE, die=dice[0], played=used, of=4,
                           why=_blocked_reason(pos, game, after, (dice[0],), dice))
    if used == 2:
        return None
    hi, lo = max(dice), min(dice)
    played = normal[0].steps[0].die
    if played == hi and any(seq[0].die == lo for seq in search.ends.values() if len(seq) == 1):
        return Reason.make(PassReason.LARGER_DIE_RULE, dice=(hi, lo))
    other = lo if played == hi else hi
    start_blocked = not _can_step(game, s, other)
    basis = s if start_blocked else to_state(normal[0].result)
    return Reason.make(PassReason.ONLY_ONE_DIE, die=played, other=other,
                       why=_blocked_reason(pos, game, basis, (other,), dice))


def _can_step(game: Game, s: list[int], die: int) -> bool:
    for src in tuple(game.sources(s)):
        dst = game.destination(s, src, die)
        if dst >= 0:
            t = s[:]
            game.apply(t, src, dst)
            if game.step_allowed(t, dst):
                return True
    return False


def _blocked_reason(pos: Position, game: Game, s: list[int], dice_set: tuple[int, ...],
                    dice: Dice) -> Reason:
    """Why no step is possible from state ``s`` with these dice (R8)."""
    if game.has_bar and s[S_BAR]:
        if all(s[p] <= -2 for p in range(19, 25)):
            return Reason.make(PassReason.CLOSED_OUT)
        return Reason.make(PassReason.BAR_ENTRY_BLOCKED,
                           points=tuple(sorted({25 - d for d in dice_set}, reverse=True)))
    if pos.game == "fevga":
        r = _fevga_reason(game, s, dice_set, dice, pos.preset)
        if r is not None:
            return r
    if pos.game == "plakoto":
        pinned = tuple(p for p in range(24, 0, -1) if s[PIN + p] == 1)
        if pinned and any(_pinned_could_move(game, s, p, d) for p in pinned for d in dice_set):
            return Reason.make(PassReason.PINNED, points=pinned)
    if not game.may_bear_off(s):
        home = [p for p in range(1, 7) if s[p] > 0]
        if home and any(d >= p for p in home for d in dice_set):
            outside = max(p for p in range(7, 25) if s[p] > 0 or s[PIN + p] == 1)
            return Reason.make(PassReason.CANNOT_BEAR_OFF, point=outside)
    else:
        # R6 / R5.3: a die larger than a point may not bear it off while one of
        # our checkers (a pinned one included) stands on a higher point
        highest = max((p for p in range(1, 7) if s[p] > 0 or s[PIN + p] == 1), default=0)
        free = [p for p in range(1, 7) if s[p] > 0]
        if any(p < highest and d > p for p in free for d in dice_set):
            return Reason.make(PassReason.CANNOT_BEAR_OFF, point=highest)
    return Reason.make(PassReason.ALL_BLOCKED, dice=dice)


def _pinned_could_move(game: Game, s: list[int], p: int, die: int) -> bool:
    dst = p - die
    return dst >= 1 and game.can_land(s, dst)


def _fevga_reason(game: Game, s: list[int], dice_set: tuple[int, ...], dice: Dice,
                  preset: str) -> Reason | None:
    sources = tuple(game.sources(s))
    blocks: list[tuple[int, ...]] = []
    landable = False
    for die in dice_set:
        for src in sources:
            dst = game.destination(s, src, die)
            if dst < 0:
                continue
            landable = True
            t = s[:]
            game.apply(t, src, dst)
            blocks.extend(prime_blocks(t, dst, preset))
    first_rule = s[0] == 0 and not any(s[p] > 0 for p in range(1, 12))
    if first_rule and not landable and sources:
        return Reason.make(PassReason.FIRST_CHECKER_BLOCKED, point=sources[0], dice=dice)
    if landable and blocks:
        return Reason.make(PassReason.PRIME_RULE, points=blocks[0])
    return None


# ------------------------------------------------------------ step by step
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
        left = _dice_list(self.dice)
        for st in self.chosen:
            self._game.apply(s, st.from_point, st.to_point)
            left = _remove(left, st.die)
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
            found |= self._reachable(t, _remove(left, step.die))
        if not moved and key[0] in self._targets:
            found.add(key[0])
        out = frozenset(found & self._targets.keys())
        self._reach[key] = out
        return out

    def _steps(self, s: list[int], left: tuple[int, ...]) -> list[tuple[Step, list[int]]]:
        game = self._game
        out: list[tuple[Step, list[int]]] = []
        for die in sorted(set(left), reverse=True):
            for src in tuple(game.sources(s)):
                dst = game.destination(s, src, die)
                if dst < 0:
                    continue
                t = s[:]
                cap = game.apply(t, src, dst)
                if game.step_allowed(t, dst):
                    out.append((Step(src, dst, die, cap), t))
        return out

    def options(self) -> tuple[Step, ...]:
        """Single steps that can start or continue a legal play from here."""
        if self.complete() is not None:
            return ()
        s, left = self._state()
        return tuple(step for step, t in self._steps(s, left)
                     if tuple(t) in self._ending or self._reachable(t, _remove(left, step.die)))

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

    def current(self) -> Position:
        """The position after the chosen steps (for showing the half-made play)."""
        s, _ = self._state()
        return from_state(s, self.position)
