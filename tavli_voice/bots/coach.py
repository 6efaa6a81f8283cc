"""The coach: after a person's play, is it a clear mistake by the expert's judgement?

Off by default (``SessionOptions.coach``, ``--coach``). The expert values every
play of the turn (its net alone, 0-ply, so the answer is instant); when the
chosen play's equity is at least :data:`THRESHOLD` below the best play's, the
coach reports the better play, how many more games in a hundred it wins, how
much more it is worth in points a game (mars counted) and, given the position
before the play, why (:func:`tavli_voice.bots.reasons.explain`, the hint's
"why" too).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from tavli_voice.rules import Play, Position

from .expert import ExpertBot
from .reasons import Explanation, explain

#: Equity (points a game) a play must lose to count as a clear mistake.
THRESHOLD = 0.08


@dataclass(frozen=True, slots=True)
class Mistake:
    """The better play, its extra games won in a hundred, its extra points a game, and why."""

    better: Play
    win_gain: int
    equity_loss: float
    why: Explanation | None = None


def judge(plays: Sequence[Play], chosen: Play, threshold: float = THRESHOLD,
          bot: ExpertBot | None = None, before: Position | None = None) -> Mistake | None:
    """A :class:`Mistake` when ``chosen`` is clearly worse than the best of ``plays``.

    With ``before`` (the position the plays start from) it says why as well.
    """
    if len(plays) < 2:
        return None
    bot = bot or ExpertBot(0, search=False)
    if not bot.usable(chosen.result.game):  # no weights, no judgement: the coach stays quiet
        return None
    eq = bot.equities(plays)
    best = int(np.argmax(eq))
    mine = list(plays).index(chosen)
    loss = float(eq[best] - eq[mine])
    if best == mine or loss < threshold:
        return None
    wins = bot.win_chances([plays[best], chosen])
    gain = max(0, round(100.0 * float(wins[0] - wins[1])))
    why = explain(before, chosen, plays[best], loss) if before is not None else None
    return Mistake(plays[best], gain, round(loss, 2), why)
