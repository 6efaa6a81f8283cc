"""Portes evaluation (R4): race, blots and shots, points, primes, the bar.

Read from the mover's side of a result position (opponent to roll next).
The opponent moves from the mover's low points toward the high ones (R1:
their point k is the mover's 25−k), so an opponent checker on the mover's
point q can hit a mover's blot on point p > q at distance p − q; from the
bar it enters at the mover's point d, i.e. from "point 0".

Structure (made points, primes) only counts while some enemy checker still
has to pass it, so the score slides smoothly into a pure race (pips and
checkers off) once contact is broken.
"""

from __future__ import annotations

from dataclasses import dataclass

from tavli_voice.rules import Position

from .shots import MASKS


def _point_values() -> tuple[float, ...]:
    v = [0.0] * 25
    for p, val in {1: 0.5, 2: 1.5, 3: 2.5, 4: 4.5, 5: 6.0, 6: 5.5, 7: 4.5, 8: 3.0, 9: 2.0,
                   10: 1.5, 11: 1.0, 12: 1.0, 13: 1.0, 18: 2.0, 19: 1.5, 20: 4.0,
                   21: 3.5, 22: 2.0, 23: 1.0, 24: 1.0}.items():
        v[p] = val
    return tuple(v)


@dataclass(frozen=True, slots=True)
class PortesWeights:
    """Weights of the Portes evaluation (tunable, see ``benchmarks/bots.py``)."""

    pip: float = 1.0
    #: value of a made point (2+) by point number, while enemy checkers are behind it
    point: tuple[float, ...] = _point_values()
    #: bonus by length of a run of made points with an enemy checker behind it
    prime: tuple[float, ...] = (0.0, 0.0, 1.0, 3.0, 7.0, 12.0, 20.0)
    bar_base: float = 8.0        #: per checker on the bar
    bar_board: float = 2.5       #: more per closed point of the home board it must enter
    blot_base: float = 6.0       #: cost of being hit: fixed part …
    blot_pip: float = 0.8        #: … plus this per pip lost
    blot_board: float = 1.5      #: … plus this per closed point it must re-enter against
    threat: float = 0.15         #: share of our own attack on enemy blots counted
    off: float = 1.0             #: per checker borne off, beyond its pips
    stack: float = 0.6           #: per checker above five on one point


def evaluate_portes(pos: Position, w: PortesWeights) -> float:
    """Score a Portes result position for its mover (see module docstring)."""
    pts = pos.points
    bar_me, bar_opp = pos.bar
    my_pips = 25 * bar_me
    opp_pips = 25 * bar_opp
    my_back = 25 if bar_me else 0      # highest point holding a mover checker
    opp_back = 0 if bar_opp else 25    # lowest point holding an opponent checker
    stack = 0
    for i in range(24):
        v = pts[i]
        if v > 0:
            my_pips += (i + 1) * v
            if my_back < i + 1:
                my_back = i + 1
            if v > 5:
                stack += v - 5
        elif v < 0:
            opp_pips -= (24 - i) * v
            if opp_back > i + 1:
                opp_back = i + 1
    score = w.pip * (opp_pips - my_pips) + w.off * (pos.off[0] - pos.off[1]) - w.stack * stack
    if my_back < opp_back:  # no contact left: a pure race
        return score

    point_val = w.point
    prime = w.prime
    my_board = 0   # mover's closed points in their home (1–6): where the opponent enters
    opp_board = 0  # opponent's closed points in their home (mover's 19–24)
    run = 0
    run_low = 0
    opp_run = 0
    for p in range(1, 25):
        v = pts[p - 1]
        if v >= 2:
            if p <= 6:
                my_board += 1
            if opp_back < p:
                score += point_val[p]
            if run == 0:
                run_low = p
            run += 1
        else:
            if run >= 2 and opp_back < run_low:
                score += prime[min(run, 6)]
            run = 0
        if v <= -2:
            if p >= 19:
                opp_board += 1
            if my_back > p:
                score -= point_val[25 - p]
            opp_run += 1
        else:
            if opp_run >= 2 and my_back > p - 1:
                score -= prime[min(opp_run, 6)]
            opp_run = 0
    if run >= 2 and opp_back < run_low:
        score += prime[min(run, 6)]
    if opp_run >= 2 and my_back > 24:
        score -= prime[min(opp_run, 6)]

    score += bar_opp * (w.bar_base + w.bar_board * my_board)
    score -= bar_me * (w.bar_base + w.bar_board * opp_board)

    # Our blots against their shots (they roll next).
    shooters = [0] if bar_opp else []
    shooters += [q for q in range(1, 25) if pts[q - 1] < 0]
    hit_cost_board = w.blot_base + w.blot_board * opp_board
    for p in range(1, 25):
        if pts[p - 1] == 1:
            m = 0
            for q in shooters:
                if q >= p:
                    break
                m |= MASKS[p - q]
            if m:
                score -= m.bit_count() / 36.0 * (hit_cost_board + w.blot_pip * (25 - p))
    # Their blots against our shots, a little (they move first and may mend them).
    if w.threat:
        mine = [p for p in range(24, 0, -1) if pts[p - 1] > 0]
        if bar_me:
            mine.insert(0, 25)
        my_hit_board = w.blot_base + w.blot_board * my_board
        for q in range(1, 25):
            if pts[q - 1] == -1:
                m = 0
                for p in mine:
                    if p <= q:
                        break
                    m |= MASKS[p - q]
                if m:
                    score += w.threat * m.bit_count() / 36.0 * (my_hit_board + w.blot_pip * q)
    return score
