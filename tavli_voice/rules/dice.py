"""The dice of one turn (R2): the ``Dice`` pair, its check and the dice it gives to play.

>>> check_dice([6, 5]), dice_list((6, 5)), dice_list((3, 3))
((6, 5), (6, 5), (3, 3, 3, 3))
"""

from __future__ import annotations

from typing import Iterable

#: The two dice of a roll, each 1–6, in the order rolled.
Dice = tuple[int, int]


def check_dice(dice: Iterable[int]) -> Dice:
    """Two dice of 1–6, as a tuple; ValueError otherwise."""
    d = tuple(dice)
    # exactly int: True is not a 1 (bool is a subclass of int)
    if len(d) != 2 or not all(type(x) is int and 1 <= x <= 6 for x in d):
        raise ValueError(f"dice must be two numbers from 1 to 6, got {list(d)!r:.60}")
    return (d[0], d[1])


def dice_list(dice: Dice) -> tuple[int, ...]:
    """The dice to play, larger first; a double is four of its die (R2)."""
    a, b = dice
    if a == b:
        return (a, a, a, a)
    return (max(a, b), min(a, b))
