"""Seeded random games of every game under every preset, checked after every play.

Issue 2: thousands of games played to the end (random legal plays; half the
Plakoto and Fevga games greedy for pins, mother pins and held points, to
reach the rare rules more often), flipping with ``Position.flip()`` between turns and stopping at
``game_outcome()``. After every play:

- 15 checkers a side (``Position.validate`` from both sides), flip twice = identity;
- every single step is legal by the independent generator of rules_naive.py
  (so no checker lands on a closed point, pinned checkers never move, bar
  checkers enter first, bearing off only from home, Fevga's first checker):
  R2, R4, R5.2, R5.3, R6, R7.1, R7.2;
- pinned checkers of the mover are still pinned afterwards (R5.2);
- Fevga: after every step ``prime_blocks`` finds nothing, and no forbidden
  block stands anywhere for either side (R7.3, 24-19 under tavlucky);
- the game ends exactly when the rules say, with the points they give (R4,
  R5.4, R5.5, R7.4): a game-ending step is always the last of its play;
- a turn with no play is a pass with a pass reason (R8); Portes closed out
  passes every roll (R4);
- every few turns, the whole list of plays equals the independent generator's,
  and every play's notation is unique and reads back as that play (R1, R10).

``TAVLI_FUZZ_GAMES`` sets the games per game/preset (default 40, ~25 s in all);
``TAVLI_FUZZ_NAIVE_EVERY`` how often the full list is compared (default 6).
Run ``pytest tests/test_rules_fuzz.py -s`` to see the figures.
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

import rules_naive as naive
from tavli_voice.rules import (Outcome, OutcomeKind, PassReason, Play, Position, analyse,
                               game_outcome, has_legal_play, is_closed_out, legal_plays,
                               parse_play)
from tavli_voice.rules.games import game_for, prime_blocks, to_state

GAMES_PER_COMBO = int(os.environ.get("TAVLI_FUZZ_GAMES", "40"))
NAIVE_EVERY = int(os.environ.get("TAVLI_FUZZ_NAIVE_EVERY", "6"))
MAX_TURNS = 3000
COMBOS = [("portes", "tavlucky"), ("portes", "traditional"), ("portes", "vog"),
          ("plakoto", "tavlucky"), ("plakoto", "traditional"), ("plakoto", "vog"),
          ("fevga", "tavlucky"), ("fevga", "traditional")]


def choose(plays: tuple[Play, ...], rng: random.Random, greedy: bool) -> Play:
    """A random play; in greedy games, every other turn or so, one that ends the
    game, captures most, holds most points."""
    if not greedy or rng.random() < 0.5:
        return rng.choice(plays)

    def score(p: Play) -> tuple[bool, int, int, float]:
        held = sum(1 for v in p.result.points if v > 0)
        return (p.ends_game, sum(s.capture for s in p.steps), held, rng.random())
    return max(plays, key=score)


def expected_outcome(before: Position, result: Position, ended_by_step: bool) -> Outcome | None:
    """R4, R5.4, R5.5, R7.4 written out once more: the result of the mover's play."""
    if result.off[0] == 15:
        if result.off[1] > 0:
            return Outcome(0, 1, OutcomeKind.SINGLE)
        theirs_home = any(result.theirs(p) for p in range(1, 7))
        if result.preset == "vog" and (result.bar[1] > 0 or theirs_home):
            return Outcome(0, 3, OutcomeKind.TRIPLE)
        return Outcome(0, 2, OutcomeKind.MARS)
    if ended_by_step:
        own_mother_pinned = result.pins[23] == 1
        if result.preset == "tavlucky":
            return Outcome(0, 1 if own_mother_pinned else 2, OutcomeKind.MOTHER)
        if own_mother_pinned:
            return Outcome(None, 0, OutcomeKind.DRAW)
        return Outcome(0, 3 if result.preset == "vog" else 2, OutcomeKind.MOTHER)
    return None


def check_play(position: Position, dice: tuple[int, int], play: Play) -> bool:
    """Replay ``play`` step by step against rules_naive; return True if a step ended the game."""
    game, preset = position.game, position.preset
    st = naive.state_of(position)
    s = to_state(position)
    hooks = game_for(position)
    left = [dice[0]] * 4 if dice[0] == dice[1] else list(dice)
    ended = False
    for i, step in enumerate(play.steps):
        assert not ended, f"{play.notation}: a step after the game ended"
        assert step.die in left, (play.notation, step)
        left.remove(step.die)
        legal = {(a, b): after for a, b, after in naive.single_steps(game, preset, st, step.die)}
        assert (step.from_point, step.to_point) in legal, (
            f"{position!r} {dice}: step {step} of {play.notation} is not legal")
        after = legal[(step.from_point, step.to_point)]
        if game == "plakoto":
            ended = naive.ends_game(st, after, preset)
        hooks.apply(s, step.from_point, step.to_point)
        if game == "fevga":
            if step.to_point:
                assert prime_blocks(s, step.to_point, preset) == [], play.notation
            assert naive.fevga_blocks(after[0], preset) == set(), play.notation
        st = after
    assert naive.key_of(st) == play.result.result_key(), play.notation
    assert play.ends_game == ended, play.notation
    return ended


def check_after(position: Position, play: Play) -> None:
    """Counts, pins and flips after a play."""
    result = play.result
    result.validate()
    flipped = result.flip()
    flipped.validate()
    assert flipped.flip() == result
    assert (result.game, result.preset, result.cube) == (position.game, position.preset,
                                                         position.cube)
    for p in position.pinned_points(1):  # R5.2: only the opponent can free them
        assert result.pins[p - 1] == 1, (play.notation, p)
    if result.game == "fevga":  # the opponent's blocks are still legal too (R7.3)
        assert naive.fevga_blocks(naive.state_of(flipped)[0], result.preset) == set()


def play_games(game: str, preset: str, count: int) -> Counter[str]:
    """Play ``count`` seeded games; every assertion of the module docstring; figures."""
    stats: Counter[str] = Counter()
    for g in range(count):
        rng = random.Random(f"fuzz:{game}:{preset}:{g}")
        # greedy Plakoto and Fevga games pin and block more; Portes stays random
        # (two greedy hitters can hit each other for ever)
        greedy = g % 2 == 1 and game != "portes"
        position = Position.initial(game, preset)
        for turn in range(MAX_TURNS):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = legal_plays(position, dice)
            stats["turns"] += 1
            assert has_legal_play(position, dice) == bool(plays)
            if NAIVE_EVERY and turn % NAIVE_EVERY == 0:
                results, endings = naive.legal_results(position, dice)
                assert {p.result.result_key() for p in plays} == results, (position, dice)
                assert {p.result.result_key() for p in plays if p.ends_game} == endings
                # R1, R2: one notation per play, and it reads back as that play
                assert len({p.notation for p in plays}) == len(plays)
                for p in plays:
                    assert parse_play(p.notation, position, dice, plays) is p
                stats["naive compared"] += 1
            if game == "portes" and is_closed_out(position):
                stats["closed out"] += 1
                assert not plays
            if not plays:
                reason = analyse(position, dice).reason
                assert reason is not None and reason.code.is_pass
                assert (reason.code is PassReason.CLOSED_OUT) == is_closed_out(position)
                stats[f"pass {reason.code.value}"] += 1
                position = position.flip()
                continue
            play = choose(plays, rng, greedy)
            ended = check_play(position, dice, play)
            check_after(position, play)
            outcome = game_outcome(play.result)
            assert outcome == expected_outcome(position, play.result, ended), (play, outcome)
            if outcome is not None:
                stats[f"end {outcome.kind.value} {outcome.points}"] += 1
                stats["games"] += 1
                break
            position = play.result.flip()
            assert game_outcome(position) is None
        else:
            raise AssertionError(f"{game}/{preset} game {g} did not end in {MAX_TURNS} turns")
    return stats


@pytest.mark.slow
@pytest.mark.parametrize("game,preset", COMBOS)
def test_r2_r4_r5_r6_r7_fuzz_games_to_the_end(game: str, preset: str) -> None:
    stats = play_games(game, preset, GAMES_PER_COMBO)
    assert stats["games"] == GAMES_PER_COMBO
    figures = ", ".join(f"{k} {v}" for k, v in sorted(stats.items()))
    print(f"\n{game}/{preset}: {figures}")
