"""The search judge's two-rolls-deep value and its games' decisions (benchmarks/search_judge.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.search_judge import game_decisions, two_ply  # noqa: E402
from tavli_voice.bots.expert import ROLL_WEIGHTS, ROLLS, ExpertBot  # noqa: E402
from tavli_voice.bots.playouts import random_decisions  # noqa: E402
from tavli_voice.rules import Play, legal_plays  # noqa: E402


def reference_two_ply(bot: ExpertBot, play: Play) -> float:
    """From the rules' plays: for each of the opponent's rolls their best reply at 0-ply,
    valued for them one roll deeper; a pass hands the same board back to us."""
    opp = play.result.flip()
    out = 0.0
    for roll, w in zip(ROLLS, ROLL_WEIGHTS):
        replies = legal_plays(opp, roll)
        reply = (replies[int(np.argmax(bot.equities(replies)))] if replies
                 else Play((), opp, ""))
        out -= float(w) * bot.lookahead(reply)
    return out


def test_two_rolls_deep_is_the_best_reply_valued_one_roll_deeper() -> None:
    bot = ExpertBot(1, search=False)
    (_pos, _roll, plays), = random_decisions("plakoto", 1, 4, label="judge")
    for play in plays[:2]:
        got = two_ply(bot, play)
        assert got == pytest.approx(reference_two_ply(bot, play), abs=1e-5)
        # a different value from one roll deeper: the judge looks further than any setting
        assert abs(got - bot.lookahead(play)) > 1e-4


def test_the_games_give_both_sides_decisions_with_a_choice_the_same_for_a_seed() -> None:
    me, other = ExpertBot(1, search=False), ExpertBot(2, search=False)
    a = game_decisions(me, other, "plakoto", 1, 7000)
    b = game_decisions(me, other, "plakoto", 1, 7000)
    assert [(p, r) for p, r, _ in a] == [(p, r) for p, r, _ in b]
    assert len(a) > 20 and all(len(plays) >= 2 for _, _, plays in a)
