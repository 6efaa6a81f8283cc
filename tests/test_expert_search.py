"""The expert's look one roll ahead (``ExpertBot.scored``) against the rules' own plays (R2).

The search generates every reply of every roll with the bots' quick walk
(:mod:`tavli_voice.bots.fastgen`); here each searched value is rebuilt from the
rules' ``legal_plays`` one roll at a time, and the searched choice must be the same.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from tavli_voice.bots.expert import ROLL_WEIGHTS, ROLLS, ExpertBot, search_settings
from tavli_voice.bots.fastgen import _Walk, result_states
from tavli_voice.bots.playouts import random_decisions
from tavli_voice.rules import DiceSource, Play, Position, game_outcome, legal_plays
from tavli_voice.rules.dice import dice_list
from tavli_voice.rules.games import to_state


def reference_look_ahead(bot: ExpertBot, play: Play) -> float:
    """One roll deeper from the rules' plays: the opponent's best reply to each roll."""
    if game_outcome(play.result) is not None:
        return float(bot.equities([play])[0])
    opp = play.result.flip()
    out = 0.0
    for roll, w in zip(ROLLS, ROLL_WEIGHTS):
        replies = legal_plays(opp, roll)
        best = bot.equities(replies).max() if replies else bot.equities_of([opp]).max()
        out -= float(w) * float(best)
    return out


@pytest.mark.parametrize("game", ["portes", "plakoto", "fevga"])
def test_the_searched_choice_is_the_one_the_rules_plays_give(game: str) -> None:
    bot = ExpertBot(seed=1, search=True)
    margin, width = search_settings(game)
    searched = 0
    for _pos, _roll, plays in random_decisions(game, 60, seed=11, label="search-vs-rules"):
        scored = bot.scored(plays)
        eq = bot.equities(plays)
        order = np.argsort(-eq)
        top = [int(i) for i in order[:width] if eq[order[0]] - eq[i] <= margin]
        if len(top) < 2 or np.all(scored == eq):  # not searched (or exact bear-off tables)
            continue
        searched += 1
        want = {i: reference_look_ahead(bot, plays[i]) for i in top}
        for i, value in want.items():
            assert scored[i] == pytest.approx(value, abs=1e-5)
        best = max(want.values())
        if sorted(want.values())[-2] < best - 1e-4:  # a clear best: the same play is chosen
            assert int(np.argmax(scored)) == max(want, key=lambda i: want[i])
    assert searched >= 10


@pytest.mark.parametrize(("game", "preset"), [
    ("fevga", "traditional"), ("plakoto", "vog"), ("portes", "traditional"),
])
def test_the_quick_walk_records_what_the_watched_walk_records(game: str, preset: str) -> None:
    """result_states' walk and the one the reasons watch (_Walk.run) keep the same states in
    the same order, every roll of positions along seeded random games."""
    rng = random.Random(5)
    pos = Position.initial(game, preset)
    dice = DiceSource(f"quick-walk:{game}:{preset}")
    checked = 0
    while checked < 600:
        for roll in ROLLS[rng.randrange(3)::3]:
            walk = _Walk(pos)
            walk.run(to_state(pos), dice_list(roll), 0, 0)
            assert result_states(pos, roll) == walk.kept(roll)
            checked += 1
        plays = legal_plays(pos, dice.roll())
        if plays:
            pos = plays[rng.randrange(len(plays))].result
        if game_outcome(pos) is not None:
            pos = Position.initial(game, preset)
        else:
            pos = pos.flip()
