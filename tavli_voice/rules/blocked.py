"""Why dice cannot be played (R8): the reason a turn passes or is shortened.

Game-specific reasons (Portes' bar, Plakoto's pinned checkers, Fevga's first
checker and prime) come from :meth:`.Game.pass_reason`; the reasons every
game shares (bearing off, all blocked) are worked out here.
"""

from __future__ import annotations

import enum
from typing import Any

from .games import PIN, S_BAR, Game, game_for, to_state
from .plays import Play
from .position import Position
from .reasons import PassReason, Reason
from .dice import Dice
from .steps import can_step, legal_steps


def why_not_played(pos: Position, dice: Dice, plays: tuple[Play, ...],
                   one_step_dice: tuple[int, ...]) -> Reason | None:
    """R8: why ``plays`` (the legal plays) leave dice unplayed; None when all are played.

    ``one_step_dice`` are the dice of the one-step sequences the search found
    (for the larger-die rule: the smaller die alone was playable too).
    """
    game = game_for(pos)
    s = to_state(pos)
    if not plays:
        return blocked_reason(game, s, tuple(sorted(set(dice), reverse=True)), dice)
    normal = [p for p in plays if not p.ends_game]
    if not normal or normal[0].result.off[0] == 15:
        return None  # the game is over: no die was lost
    used = len(normal[0].steps)
    if dice[0] == dice[1]:
        if used == 4:
            return None
        after = to_state(normal[0].result)
        return Reason.make(PassReason.PARTIAL_DOUBLE, die=dice[0], played=used, of=4,
                           why=blocked_reason(game, after, (dice[0],), dice))
    if used == 2:
        return None
    hi, lo = max(dice), min(dice)
    played = normal[0].steps[0].die
    if played == hi and lo in one_step_dice:
        return Reason.make(PassReason.LARGER_DIE_RULE, dice=(hi, lo))
    other = lo if played == hi else hi
    start_blocked = not can_step(game, s, (other,))
    basis = s if start_blocked else to_state(normal[0].result)
    return Reason.make(PassReason.ONLY_ONE_DIE, die=played, other=other,
                       why=blocked_reason(game, basis, (other,), dice))


def blocked_reason(game: Game, s: list[int], dice_set: tuple[int, ...], dice: Dice) -> Reason:
    """Why no step is possible from state ``s`` with these dice (R8)."""
    special = game.pass_reason(s, dice_set, dice)
    if special is not None:
        return special
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


class StepRefusal(enum.StrEnum):
    """Why one step of a step-by-step play is refused (R2, R4–R8): the rule in the way."""

    NOT_YOURS = "not_yours"              #: no checker of the mover's there
    PINNED = "pinned"                    #: R5.2: the mover's checker there is pinned
    BAR_FIRST = "bar_first"              #: R4: details ``checkers`` (on the bar, entering first)
    FIRST_CHECKER = "first_checker"      #: R7.2: details ``front``
    BACKWARDS = "backwards"              #: R1: checkers move from 24 toward 1
    DISTANCE = "distance"                #: details ``distance``, ``dice`` (the dice left)
    ONE_DIE_AT_A_TIME = "one_die_at_a_time"  #: R2: details ``distance`` (two dice or more)
    HELD = "held"                        #: R4/R5.2/R7.1: the opponent holds the point
    ALL_HELD = "all_held"                #: details ``targets`` (every landing is held)
    CANNOT_BEAR_OFF = "cannot_bear_off"  #: R6: details ``outside`` (the checker in the way)
    PRIME = "prime"                      #: R7.3: six points in a row before an opposing checker
    WHOLE_ROLL = "whole_roll"            #: R2: the rest of the roll could then not be played


def why_no_step(pos: Position, dice_left: tuple[int, ...], source: int,
                target: int | None = None) -> tuple[StepRefusal, dict[str, Any]]:
    """Why no checker may move from ``source`` (to ``target``, when given) now (R2, R8).

    ``pos`` is the position after the steps already chosen and ``dice_left``
    the dice still to play; the step itself must be one the turn's legal plays
    do not allow. Returns the rule in the way and its details.

    >>> pos = Position.initial("portes")
    >>> why_no_step(pos, (5, 3), 19)
    (<StepRefusal.NOT_YOURS: 'not_yours'>, {})
    >>> why_no_step(pos, (5, 3), 13, 9)
    (<StepRefusal.DISTANCE: 'distance'>, {'distance': 4, 'dice': (5, 3)})
    """
    game = game_for(pos)
    s = to_state(pos)
    left = tuple(sorted(dice_left, reverse=True))
    if source == S_BAR:
        if s[S_BAR] <= 0:
            return StepRefusal.NOT_YOURS, {}
    elif not 1 <= source <= 24 or s[source] <= 0:
        if 1 <= source <= 24 and s[PIN + source] == 1:
            return StepRefusal.PINNED, {}
        return StepRefusal.NOT_YOURS, {}
    movable = tuple(game.sources(s))
    if source not in movable:
        if s[S_BAR] > 0:
            return StepRefusal.BAR_FIRST, {"checkers": s[S_BAR]}
        if movable:
            return StepRefusal.FIRST_CHECKER, {"front": movable[0]}
    if target is None:
        return _why_not_from(game, s, source, left)
    return _why_not_to(game, s, source, target, left)


def _outside(s: list[int]) -> int:
    """The mover's highest checker (a pinned one included) that keeps bearing off back (R6)."""
    return max((p for p in range(1, 25) if s[p] > 0 or s[PIN + p] == 1), default=0)


def _why_not_from(game: Game, s: list[int], source: int, left: tuple[int, ...]
                  ) -> tuple[StepRefusal, dict[str, Any]]:
    dice = tuple(sorted(set(left), reverse=True))
    if all(game.destination(s, source, d) < 0 for d in dice):
        held = tuple(source - d for d in dice if source - d >= 1)
        if len(held) == len(dice):
            return StepRefusal.ALL_HELD, {"targets": held}
        return StepRefusal.CANNOT_BEAR_OFF, {"outside": _outside(s)}
    if not any(st.from_point == source for st, _ in legal_steps(game, s, dice)):
        return StepRefusal.PRIME, {}
    return StepRefusal.WHOLE_ROLL, {}


def _why_not_to(game: Game, s: list[int], source: int, target: int, left: tuple[int, ...]
                ) -> tuple[StepRefusal, dict[str, Any]]:
    if target != 0 and target >= source:
        return StepRefusal.BACKWARDS, {}
    if target == 0:
        if not game.may_bear_off(s):
            return StepRefusal.CANNOT_BEAR_OFF, {"outside": _outside(s)}
        if not any(d >= source for d in left):
            return StepRefusal.DISTANCE, {"distance": source, "dice": left}
        if all(game.destination(s, source, d) < 0 for d in left if d >= source):
            return StepRefusal.CANNOT_BEAR_OFF, {"outside": _outside(s)}
        return StepRefusal.WHOLE_ROLL, {}
    distance = source - target
    if distance not in left:
        if any(sum(left[:k]) == distance or sum(left[-k:]) == distance
               for k in range(2, len(left) + 1)):
            return StepRefusal.ONE_DIE_AT_A_TIME, {"distance": distance}
        return StepRefusal.DISTANCE, {"distance": distance, "dice": left}
    if not game.can_land(s, target):
        return StepRefusal.HELD, {}
    if not any((st.from_point, st.to_point) == (source, target)
               for st, _ in legal_steps(game, s, (distance,))):
        return StepRefusal.PRIME, {}
    return StepRefusal.WHOLE_ROLL, {}


def why_forced(pos: Position) -> tuple[StepRefusal, dict[str, Any]] | None:
    """The rule that leaves a turn one play (R4's bar, R7.2's first checker), if one does.

    >>> why_forced(Position.initial("fevga"))
    (<StepRefusal.FIRST_CHECKER: 'first_checker'>, {'front': 24})
    >>> why_forced(Position.initial("portes")) is None
    True
    """
    game = game_for(pos)
    s = to_state(pos)
    if s[S_BAR] > 0:
        return StepRefusal.BAR_FIRST, {"checkers": s[S_BAR]}
    front = game.first_checker(s)
    if front is not None:
        return StepRefusal.FIRST_CHECKER, {"front": front}
    return None
