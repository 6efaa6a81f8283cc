"""Cheap shot counting: which of the 36 rolls can reach a distance (R2).

Each distance 1–24 gets a 36-bit mask of the ordered rolls that can cover
it with one checker: either die alone, their sum, or 2–4 steps of a double.
Blocked intermediate points are ignored on purpose (it keeps the count
cheap and errs on the side of caution). The union of the masks of every
shooter of a blot, counted, is the number of rolls that hit it.

>>> hit_rolls([6])   # 11 with a six, 5-1, 4-2, 3-3, 2-2
17
>>> hit_rolls([1, 2]) >= hit_rolls([2])
True
"""

from __future__ import annotations

from typing import Iterable


def _build() -> tuple[int, ...]:
    masks = [0] * 25
    for a in range(1, 7):
        for b in range(1, 7):
            bit = 1 << ((a - 1) * 6 + (b - 1))
            reach = {a, 2 * a, 3 * a, 4 * a} if a == b else {a, b, a + b}
            for d in reach:
                if d <= 24:
                    masks[d] |= bit
    return tuple(masks)


#: ``MASKS[d]``: the rolls (as bits) that move one checker exactly ``d`` pips.
MASKS = _build()


def hit_rolls(distances: Iterable[int]) -> int:
    """How many of the 36 rolls reach at least one of ``distances`` (1–24)."""
    m = 0
    for d in distances:
        if 0 < d <= 24:
            m |= MASKS[d]
    return m.bit_count()
