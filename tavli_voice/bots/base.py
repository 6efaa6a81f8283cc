"""The bot protocol every opponent implements, and small shared helpers.

A bot sees only the rules core (``tavli_voice.rules``) and what a player at
the table sees: the position from its own side, the dice it rolled, the
legal plays on offer, the match score. It never sees future dice: it gets
no dice source, only its own seeded :class:`random.Random` (R3: dice belong
to the game, not to the players).

Positions handed to a bot are always seen **from the bot's side** (R1):

- ``choose_play``: the bot is the mover and has rolled ``dice``;
- ``cube_offer``: the bot is the mover, before rolling (R9.1);
- ``cube_take``: the bot has been doubled, so the *opponent* is on roll;
  the caller passes the board flipped to the bot's side
  (``position.flip()`` of the doubler's position).

``match_scores`` is ``(bot's score, opponent's score)``; ``match_length`` 0
means "no match context" (money play).
"""

from __future__ import annotations

from typing import Protocol, Sequence, runtime_checkable

from tavli_voice.rules import Play, Position
from tavli_voice.rules.dice import Dice as Dice  # the one Dice; the bots import it from here

Scores = tuple[int, int]


@runtime_checkable
class Bot(Protocol):
    """What the session needs from any opponent (human seats use no bot)."""

    name: str

    def choose_play(self, position: Position, dice: Dice, plays: Sequence[Play]) -> Play:
        """One member of ``plays`` (non-empty; their order does not matter)."""
        ...

    def cube_offer(self, position: Position, match_scores: Scores = (0, 0),
                   match_length: int = 0, *, may_double: bool = True) -> bool:
        """R9.1: double before rolling? ``may_double`` is False in the Crawford game."""
        ...

    def cube_take(self, position: Position, match_scores: Scores = (0, 0),
                  match_length: int = 0) -> bool:
        """R9.1: take the double just offered (``position`` from the bot's side)?"""
        ...


def can_double(position: Position, may_double: bool = True) -> bool:
    """R9.1: a cube exists, the caller allows it, and it is centred or ours."""
    cube = position.cube
    return may_double and cube is not None and cube.owner in (None, "mover")


def cube_value(position: Position) -> int:
    """The current stake (1 without a cube)."""
    return position.cube.value if position.cube is not None else 1


def drop_loses_match(position: Position, match_scores: Scores, match_length: int) -> bool:
    """R9.1: dropping the double just offered (``position`` and ``match_scores`` from the
    taker's side) gives the doubler the match, so every bot takes it."""
    return bool(match_length) and match_scores[1] + cube_value(position) >= match_length


def check_plays(plays: Sequence[Play]) -> None:
    """A bot is only asked when there is something to choose (R2: a pass has no plays)."""
    if not plays:
        raise ValueError("a bot needs at least one legal play to choose from")
