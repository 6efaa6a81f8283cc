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

from .blocked import why_not_played
from .games import Game, from_state, game_for, to_state
from .plays import Play, Step, _chain, paths_notation
from .position import Position
from .reasons import Reason
from .dice import Dice, check_dice, dice_list
from .steps import can_step, legal_steps, remove_die


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
        for step, t in legal_steps(game, s, dice_left):
            moved = True
            seq = steps + (step,)
            if game.ends_game(s, t, step.from_point, step.to_point, self.preset):
                self.endings.setdefault(tuple(t), seq)
                continue
            self.run(t, remove_die(dice_left, step.die), seq)
        if not moved:
            # Keep the longest route to each end state: bearing off the last
            # checker with the 6 alone or via 3/1/off ends in the same state,
            # and R2 counts the dice the *longest* legal sequence plays.
            known = self.ends.get(key)
            if known is None or len(known) < len(steps):
                self.ends[key] = steps


def _search(pos: Position, dice: Dice) -> _Search:
    search = _Search(game_for(pos), pos.preset)
    search.run(to_state(pos), dice_list(dice), ())
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
    return can_step(game_for(position), to_state(position), d)


def is_closed_out(position: Position) -> bool:
    """R4: a Portes checker on the bar and all six entry points closed (no roll)."""
    if not game_for(position).has_bar or not position.bar[0]:
        return False
    return all(position.points[p - 1] <= -2 for p in range(19, 25))


def analyse(position: Position, dice: Iterable[int]) -> Turn:
    """The plays and the R8 reason for a pass or a shortened turn."""
    d = check_dice(dice)
    search = _search(position, d)
    plays = _plays(position, d, search)
    return Turn(position, d, plays, _reason(position, d, search, plays))


def _reason(pos: Position, dice: Dice, search: _Search, plays: tuple[Play, ...]) -> Reason | None:
    """R8: why the turn passes or is shortened; None when every die is played."""
    longest = [seq for seq in search.ends.values() if len(seq) == 1]
    return why_not_played(pos, dice, plays, one_step_dice=tuple(seq[0].die for seq in longest))


__all__ = ["Turn", "analyse", "check_dice", "has_legal_play", "is_closed_out", "legal_plays"]
