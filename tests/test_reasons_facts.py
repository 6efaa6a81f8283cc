"""The facts a reason states (bots/reasons.py), checked against a slow, obvious count.

The independent side reads the board as stacks (``rules_naive.state_of``),
generates the opponent's plays for each of the 36 ordered rolls with the
naive generator (``rules_naive.legal_results``, R2, R4, R5.2, R7) and counts
a roll as hitting a blot when some resulting position no longer has our lone
checker alone on its point. Blocked points, runs along the opponent's path
(R1), pins and mothers (R5.2, R5.4), the starting quarter and the pips are
written out plainly from the stacks.
"""

from __future__ import annotations

import json
import random

import pytest

import rules_naive as naive
from rules_support import pos
from tavli_voice.bots.reasons import Kind, blots_of, differences, facts
from tavli_voice.rules import Position, legal_plays


def sample_results(game: str, n: int, seed: int) -> list[Position]:
    """``n`` positions just after a play (from the player who made it), seeded random games."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < n:
        p = Position.initial(game)
        for _turn in range(rng.randint(4, 70)):
            plays = legal_plays(p, (rng.randint(1, 6), rng.randint(1, 6)))
            if not plays:
                p = p.flip()
                continue
            play = rng.choice(plays)
            if play.ends_game or play.result.off[0] == 15:
                break
            p = play.result.flip()
        else:
            out.append(p.flip())
    return out


def their_point(game: str, ours: int) -> int:
    return naive.opp_path_point(ours) if game == "fevga" else 25 - ours


def naive_blocked(game: str, stack: naive.Stack) -> bool:
    if not stack or stack[-1] != 1:
        return False
    return game == "fevga" or len(stack) >= 2


def naive_hits(position: Position) -> tuple[dict[int, int], int]:
    stacks = naive.state_of(position)[0]
    blots = [p for p in range(1, 25) if stacks[p - 1] == (1,)] if position.game != "fevga" else []
    counts = dict.fromkeys(blots, 0)
    anyhit = 0
    opp = position.flip()
    for a in range(1, 7):
        for b in range(1, 7):
            results, _ends = naive.legal_results(opp, (a, b))
            hit = set()
            for key in results:
                points = json.loads(key)[0]
                for blot in blots:
                    # our lone checker, seen by them as -1 on their point
                    k = 25 - blot if position.game != "fevga" else blot
                    if points[k - 1] != -1:
                        hit.add(blot)
            for blot in hit:
                counts[blot] += 1
            anyhit += bool(hit)
    return counts, anyhit


def naive_runs(position: Position) -> tuple[int, int]:
    stacks, bar, _off = naive.state_of(position)
    game = position.game
    # the opponent's path: their point 24 first, in our numbering
    path = [(25 - j if game != "fevga" else their_point(game, j)) for j in range(24, 0, -1)]
    best = best_wall = 0
    for i in range(24):
        for j in range(i, 24):
            if not all(naive_blocked(game, stacks[p - 1]) for p in path[i:j + 1]):
                break
            best = max(best, j - i + 1)
            behind = bar[1] > 0 or any(stacks[p - 1] and stacks[p - 1][-1] == -1
                                       for p in path[:i])
            if behind:
                best_wall = max(best_wall, j - i + 1)
    return best, best_wall


@pytest.mark.parametrize("game,seed", [("portes", 11), ("plakoto", 12), ("fevga", 13)])
def test_facts_agree_with_a_slow_obvious_count(game: str, seed: int) -> None:
    """R2/R4/R5.2/R7: shots, blocked points, runs, pins and pips on 40 seeded positions."""
    check_facts(game, 40, seed)


@pytest.mark.slow
@pytest.mark.parametrize("game,seed", [("portes", 21), ("plakoto", 22), ("fevga", 23)])
def test_facts_agree_on_three_hundred_positions(game: str, seed: int) -> None:
    """The same check on 300 seeded positions of each game."""
    check_facts(game, 300, seed)


def check_facts(game: str, n: int, seed: int) -> None:
    checked_shots = pins = 0
    for position in sample_results(game, n, seed):
        f = facts(position)
        stacks, bar, off = naive.state_of(position)
        blocked = tuple(p for p in range(24, 0, -1) if naive_blocked(game, stacks[p - 1]))
        assert f.blocked == blocked, position
        assert (f.prime, f.wall) == naive_runs(position), position
        their_home = range(13, 19) if game == "fevga" else range(19, 25)
        assert set(f.anchors) == {p for p in blocked if p in their_home}
        pips = sum(p * sum(1 for c in stacks[p - 1] if c == 1) for p in range(1, 25)) + 25 * bar[0]
        assert f.pips[0] == pips and f.off == off
        if game == "plakoto":
            assert f.captured == sum(1 for s in stacks if s and s[0] == -1 and s[-1] == 1)
            assert f.lost == sum(1 for s in stacks if s and s[0] == 1 and s[-1] == -1)
            assert f.their_mother_pinned == (stacks[0][:1] == (-1,) and stacks[0][-1:] == (1,))
            assert f.my_mother_pinned == (stacks[23][:1] == (1,) and stacks[23][-1:] == (-1,))
            # where (R5.2): ours pinned under theirs, theirs under ours, highest point first
            assert f.pinned == tuple(
                tuple(p for p in range(24, 0, -1)
                      if stacks[p - 1][:1] == (side,) and stacks[p - 1][-1:] == (-side,))
                for side in (1, -1)), position
        elif game == "portes":
            assert (f.captured, f.lost) == (bar[1], bar[0])
        else:
            assert f.start_left == sum(len(stacks[p - 1]) for p in range(19, 25)
                                       if stacks[p - 1][:1] == (1,))
        if game == "fevga":
            assert f.blots == () and f.shots == 0
            continue
        counts, anyhit = naive_hits(position)
        assert dict(f.blots) == counts, position
        assert f.shots == anyhit, position
        if game == "plakoto":
            assert f.mother_risk == counts.get(24, 0)
        checked_shots += bool(counts)
        pins += bool(f.pinned[0] or f.pinned[1])
    if game != "fevga":
        assert checked_shots >= n // 4  # blots were really there to count
    if game == "plakoto":
        assert pins >= n // 10  # pinned checkers were really there to place


def test_shots_count_blocked_paths() -> None:
    """R4: 6-6 and 3-3 must stop on a closed point on the way; only 4-4 hits (bots/shots.py says 3)."""
    # our blot on 13; their checker on our 1 (their 24), 12 away; our points 7 and 4 closed
    position = pos("portes", {13: 1, 7: 2, 4: 2, 6: 10, 1: -1, 24: -14})
    f = facts(position)
    assert dict(f.blots) == dict(naive_hits(position)[0])
    assert f.blots == ((13, 1),) and f.shots == 1


def test_differences_between_two_opening_plays() -> None:
    """R4: 3-1 made point versus splitting the back checkers."""
    start = Position.initial("portes")
    plays = {p.notation: p for p in legal_plays(start, (3, 1))}
    diffs = {d.kind: d for d in differences(start, plays["24/23 24/21"], plays["8/5 6/5"])}
    assert diffs[Kind.MADE].better == 1 and diffs[Kind.MADE].points == (5,)
    assert diffs[Kind.SHOTS].mine > 0 and diffs[Kind.SHOTS].better == 0
    assert diffs[Kind.SHOTS].points == (23, 21)
    assert Kind.PIPS not in diffs  # both plays move four pips
    for d in differences(start, plays["8/5 6/5"], plays["8/5 6/5"]):
        raise AssertionError(f"a play differs from itself: {d}")


def test_blots_of_fevga_is_empty_and_plakoto_pinner_is_no_blot() -> None:
    """R5.2: a lone checker pinning one of theirs cannot be pinned; R7.1: no hitting in Fevga."""
    p = pos("plakoto", {24: 13, 10: [1, -1], 9: 1, 1: -14})
    assert blots_of(p) == (9,)
    assert blots_of(Position.initial("fevga")) == ()


def test_explain_names_true_facts_largest_first_or_none() -> None:
    """The ranking: the opening 3-1 split against making the 5 point (R4)."""
    from tavli_voice.bots.reasons import explain

    start = Position.initial("portes")
    plays = {p.notation: p for p in legal_plays(start, (3, 1))}
    mine, better = plays["24/23 24/21"], plays["8/5 6/5"]
    true_facts = set(differences(start, mine, better))
    ex = explain(start, mine, better, 0.15)
    assert ex.reasons and len(ex.reasons) <= 3
    assert set(ex.reasons) <= true_facts
    assert ex.reasons[0].kind in (Kind.MADE, Kind.WALL, Kind.SHOTS)
    assert list(ex.shares) == sorted(ex.shares, reverse=True)
    # the same facts cannot explain a difference ten times larger: no reason is said
    assert explain(start, mine, better, 5.0).reasons == ()


def test_why_compares_with_the_experts_best_play() -> None:
    from tavli_voice.bots.reasons import runner_up, why

    start = Position.initial("portes")
    plays = legal_plays(start, (3, 1))
    best = runner_up(plays)
    assert best is not None
    ex = why(start, plays, best)
    assert ex is not None and ex.equity_loss > 0


def rule_generator_hits(position: Position) -> tuple[tuple[tuple[int, int], ...], int]:
    """Shots counted from every legal play (rules/movegen.py) of each of the 36 rolls."""
    opp = position.flip()
    blots = blots_of(position)
    counts = dict.fromkeys(blots, 0)
    anyhit = 0
    for a in range(1, 7):
        for b in range(1, 7):
            hit = set()
            for play in legal_plays(opp, (a, b)):
                for blot in blots:
                    k = 25 - blot
                    if position.game == "plakoto":
                        if play.result.pins[k - 1] == -1:
                            hit.add(blot)
                    elif play.result.theirs(k) < opp.theirs(k):
                        hit.add(blot)
            for blot in hit:
                counts[blot] += 1
            anyhit += bool(hit)
    return tuple((b, counts[b]) for b in blots), anyhit


@pytest.mark.parametrize("game,seed", [("portes", 31), ("plakoto", 32)])
def test_quick_shot_count_matches_every_legal_play_of_the_rule_generator(game: str,
                                                                          seed: int) -> None:
    """The quick turn generator with its stop once every blot is hit counts what legal_plays does."""
    several = 0
    for position in sample_results(game, 60, seed):
        f = facts(position)
        assert (f.blots, f.shots) == rule_generator_hits(position), position
        several += sum(1 for _p, n in f.blots if n) >= 2
    assert several >= 5  # rolls that hit two blots at once were really counted
