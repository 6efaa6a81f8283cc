"""Why dice cannot be played (R8): the reason a turn passes or is shortened.

Game-specific reasons (Portes' bar, Plakoto's pinned checkers, Fevga's first
checker and prime) come from :meth:`.Game.pass_reason`; the reasons every
game shares (bearing off, all blocked) are worked out here.
"""

from __future__ import annotations

from .games import PIN, Game, game_for, to_state
from .plays import Play
from .position import Position
from .reasons import PassReason, Reason
from .steps import can_step

Dice = tuple[int, int]


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
