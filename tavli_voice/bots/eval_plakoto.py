"""Plakoto evaluation (R5): pins, the mother, blots open to a pin, blocks.

Read from the mover's side of a result position (opponent to roll next).
The opponent moves from the mover's point 1 (their start, where their
mother stands) toward 24 (R1: their point k is the mover's 25−k), so an
opponent stack on the mover's point q can pin a lone mover checker on
p > q at distance p − q (R5.2).

A pin is worth more the further the pinned checker is from its home: a
checker pinned deep in the pinner's home board stays there for most of the
game and stops its owner bearing off (R5.3). The mother (our last checker on
our point 24, R5.4) left alone in reach of enemy checkers is priced as a
likely lost game; pinning the opponent's mother ends the game under
``tavlucky`` and is scored by :func:`.evaluation.evaluate` through
``game_outcome`` before this runs.
"""

from __future__ import annotations

from dataclasses import dataclass

from tavli_voice.rules import Position

from .shots import MASKS


def _held_values() -> tuple[float, ...]:
    v = [0.0] * 25
    for p in range(1, 25):
        v[p] = 3.0 if p <= 6 else 2.0 if p <= 12 else 1.5 if p <= 18 else 1.0
    return tuple(v)


@dataclass(frozen=True, slots=True)
class PlakotoWeights:
    """Weights of the Plakoto evaluation (tunable, see ``benchmarks/bots.py``)."""

    pip: float = 1.0
    pin_base: float = 12.0       #: a pinned checker: fixed part …
    pin_pip: float = 1.2         #: … plus this per pip it still has to travel
    mother: float = 160.0        #: cost of our mother pinned, charged per chance of it (R5.4)
    mother_pin: float = 400.0    #: a mother held pinned while play goes on (traditional, vog)
    held: tuple[float, ...] = _held_values()  #: a held point with enemy checkers behind it
    prime: tuple[float, ...] = (0.0, 0.0, 1.0, 3.0, 6.0, 10.0, 16.0)
    blot: float = 1.0            #: share of the pin cost charged per chance of being pinned
    threat: float = 0.2          #: share of our own chances to pin counted (they move first)
    off: float = 1.0             #: per checker borne off, beyond its pips
    stack: float = 0.3           #: per checker above five on one point (not the start)


def evaluate_plakoto(pos: Position, w: PlakotoWeights) -> float:
    """Score a Plakoto result position for its mover (see module docstring)."""
    pts = pos.points
    pins = pos.pins
    my_pips = 0
    opp_pips = 0
    my_back = 0     # highest point with a free mover checker
    opp_back = 25   # lowest point with a free opponent checker
    score = 0.0
    stack = 0
    pin_base, pin_pip = w.pin_base, w.pin_pip
    for i in range(24):
        p = i + 1
        v = pts[i]
        u = pins[i]
        if v > 0:
            my_pips += p * v
            if my_back < p:
                my_back = p
            if v > 5 and p != 24:
                stack += v - 5
        elif v < 0:
            opp_pips -= (25 - p) * v
            if opp_back > p:
                opp_back = p
        if u == -1:    # we pin one of theirs (on our point 1: their mother, R5.4)
            opp_pips += 25 - p
            score += w.mother_pin if p == 1 else pin_base + pin_pip * (25 - p)
        elif u == 1:   # they pin one of ours
            my_pips += p
            score -= (w.mother_pin if p == 24 else pin_base + pin_pip * p)
    score += w.pip * (opp_pips - my_pips) + w.off * (pos.off[0] - pos.off[1]) - w.stack * stack

    # Blocks: held points (2+, or a pinning stack) that enemy checkers must still pass.
    held = w.held
    prime = w.prime
    run = 0
    run_low = 0
    orun = 0
    for p in range(1, 25):
        v = pts[p - 1]
        if v >= 2 or (v == 1 and pins[p - 1] == -1):
            if opp_back < p:
                score += held[p]
            if run == 0:
                run_low = p
            run += 1
        else:
            if run >= 2 and opp_back < run_low:
                score += prime[min(run, 6)]
            run = 0
        if v <= -2 or (v == -1 and pins[p - 1] == 1):
            if my_back > p:
                score -= held[25 - p]
            orun += 1
        else:
            if orun >= 2 and my_back > p - 1:
                score -= prime[min(orun, 6)]
            orun = 0
    if run >= 2 and opp_back < run_low:
        score += prime[min(run, 6)]

    # Our lone checkers against their stacks (they roll next).
    shooters = [q for q in range(1, 25) if pts[q - 1] < 0]
    if shooters:
        for p in range(shooters[0] + 1, 25):
            if pts[p - 1] == 1 and pins[p - 1] == 0:
                m = 0
                for q in shooters:
                    if q >= p:
                        break
                    m |= MASKS[p - q]
                if m:
                    cost = w.mother if p == 24 else pin_base + pin_pip * p
                    score -= w.blot * m.bit_count() / 36.0 * cost
    # Their lone checkers against ours, a little (they move first).
    if w.threat:
        mine = [p for p in range(24, 0, -1) if pts[p - 1] > 0]
        for q in range(1, 25):
            if pts[q - 1] == -1 and pins[q - 1] == 0:
                m = 0
                for p in mine:
                    if p <= q:
                        break
                    m |= MASKS[p - q]
                if m:
                    gain = w.mother if q == 1 else pin_base + pin_pip * (25 - q)
                    score += w.threat * m.bit_count() / 36.0 * gain
    return score
