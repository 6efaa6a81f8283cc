"""Fevga evaluation (R7): race, blocks in front of the enemy, the first checker.

Read from the mover's side of a result position (opponent to roll next).
Both sides run the same way round the board (R1): the opponent's point k is
the mover's ``((k + 11) mod 24) + 1``, so the opponent starts on the mover's
12, runs through the mover's home board and bears off from the mover's
13–18. One checker holds a point (R7.1), so every held point blocks.

The evaluation is symmetric: each side is scored with the same function on
its own track (its own numbering) and the opponent's score is subtracted.
A side's score counts

- its race (pips) and checkers off;
- passing the opponent's start (R7.2): until then only the front checker
  may move, so getting one checker past early matters a lot;
- its held points within six pips in front of enemy checkers (weighted by
  the size of the enemy stack, and extra in front of an enemy front checker
  that has not passed yet), every held point the enemy still has to pass,
  and its longest run of held points ahead of the enemy's rearmost checker
  (a prime of at most five, R7.3);
- a cost for tall stacks away from the start and for checkers piled on the
  deepest points (1–3) while others are still outside home: wasted pips.

The weights were tuned by head-to-head matches of weight variants
(strong against strong, a few hundred seeded games each).
"""

from __future__ import annotations

from dataclasses import dataclass

from tavli_voice.rules import Position

#: ``_OTHER[m]``: the same board point in the other side's numbering (R1, symmetric).
_OTHER = (0,) + tuple(((m + 11) % 24) + 1 for m in range(1, 25))


@dataclass(frozen=True, slots=True)
class FevgaWeights:
    """Weights of the Fevga evaluation (tunable, see ``benchmarks/bots.py``)."""

    pip: float = 1.0
    passed: float = 12.0         #: a checker past the enemy start (R7.2)
    block: float = 1.0           #: scale of ``wall`` per enemy checker (up to ``wall_cap``) behind it
    runner_block: float = 4.0    #: held point ≤ 6 pips ahead of an enemy front checker not yet passed
    held_ahead: float = 2.0      #: any held point the enemy still has to pass
    prime: tuple[float, ...] = (0.0, 0.0, 1.0, 3.0, 6.0, 10.0, 10.0)
    #: value by how many of the six points in front of an enemy stack we hold
    wall: tuple[float, ...] = (0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0)
    wall_cap: int = 15           #: enemy checkers per stack counted for ``block``
    stack: float = 3.0           #: per checker above three on one point (not the start)
    deep: float = 4.0            #: per checker on points 1–3 while some are still outside home
    off: float = 1.0             #: per checker borne off, beyond its pips


def _side(own: list[int], other: list[int], own_off: int, other_off: int,
          w: FevgaWeights) -> float:
    """Score one side: ``own[m]``/``other[m]`` count checkers on ``m`` in *own* numbering."""
    pips = 0
    stack = 0
    outside = 0
    for m in range(1, 25):
        c = own[m]
        if c:
            pips += m * c
            if c > 3 and m != 24:
                stack += c - 3
            if m > 6:
                outside += c
    score = -w.pip * pips + w.off * own_off - w.stack * stack
    if outside and w.deep:
        score -= w.deep * (own[1] + own[2] + own[3])
    passed = own_off > 0 or any(own[m] for m in range(1, 12))
    if passed:
        score += w.passed
    # The enemy, in the enemy's own numbering: other_k[k] for k in 1..24.
    # Our point m is the enemy's point _OTHER[m]; our holdings in their numbering:
    held = [False] * 25
    for m in range(1, 25):
        if own[m]:
            held[_OTHER[m]] = True
    enemy = [0] * 25
    for m in range(1, 25):
        if other[m]:
            enemy[_OTHER[m]] = other[m]
    enemy_passed = other_off > 0 or any(enemy[k] for k in range(1, 12))
    enemy_back = 0
    enemy_front = 25
    for k in range(1, 25):
        if enemy[k]:
            if enemy_front == 25:
                enemy_front = k
            enemy_back = k
    if not enemy_back:
        return score
    block = 0.0
    wall = w.wall
    cap = w.wall_cap
    for k in range(2, 25):
        c = enemy[k]
        if c:
            near = 0
            for j in range(max(1, k - 6), k):
                if held[j]:
                    near += 1
            block += wall[near] * (c if c < cap else cap) * w.block
            if not enemy_passed and k == enemy_front:
                block += near * w.runner_block
    score += block
    run = 0
    best = 0
    ahead = 0
    for j in range(1, enemy_back):
        if held[j]:
            ahead += 1
            run += 1
            if run > best:
                best = run
        else:
            run = 0
    score += w.held_ahead * ahead + w.prime[min(best, 6)]
    return score


def evaluate_fevga(pos: Position, w: FevgaWeights) -> float:
    """Score a Fevga result position for its mover (see module docstring)."""
    pts = pos.points
    mine = [0] * 25
    theirs_own = [0] * 25   # opponent checkers, in the opponent's numbering
    mine_other = [0] * 25   # our checkers, in the opponent's numbering
    theirs = [0] * 25       # opponent checkers, in our numbering
    for m in range(1, 25):
        v = pts[m - 1]
        if v > 0:
            mine[m] = v
            mine_other[_OTHER[m]] = v
        elif v < 0:
            theirs[m] = -v
            theirs_own[_OTHER[m]] = -v
    off_me, off_opp = pos.off
    return (_side(mine, theirs, off_me, off_opp, w)
            - _side(theirs_own, mine_other, off_opp, off_me, w))
