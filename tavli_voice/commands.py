"""Commands: what every input (keys, voice, switch scanning, bots) turns into.

The flow is one way (see ``docs/ARCHITECTURE.md``): inputs build these small
frozen values from tables, the session applies them and answers with events.
No input touches the board or the narrator directly, and a bot's play enters
the session exactly as a human's does (``ChoosePlay``).

Numbers in ``ChoosePlay`` are 1-based, as spoken and shown to the player.
Points in ``FromPoint``/``ToPoint`` are in the mover's numbering (R1): the bar
is 25, borne off is 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Union


@dataclass(frozen=True, slots=True)
class Roll:
    """Roll the dice (R2); also accepts the opening roll (R3)."""


@dataclass(frozen=True, slots=True)
class ChoosePlay:
    """Pick play number ``number`` (1-based) from the list on offer."""

    number: int


@dataclass(frozen=True, slots=True)
class FromPoint:
    """Step-by-step choice, first half: the checker on ``point`` (25 = bar)."""

    point: int


@dataclass(frozen=True, slots=True)
class ToPoint:
    """Step-by-step choice, second half: move the picked checker to ``point`` (0 = off)."""

    point: int


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the steps of this turn (until it is confirmed)."""


@dataclass(frozen=True, slots=True)
class Confirm:
    """Confirm the pending play or the pending question."""


@dataclass(frozen=True, slots=True)
class Cancel:
    """Back out of a pending question or a half-made step."""


@dataclass(frozen=True, slots=True)
class Yes:
    """Answer yes to a pending question (resign, take a double …)."""


@dataclass(frozen=True, slots=True)
class No:
    """Answer no to a pending question."""


@dataclass(frozen=True, slots=True)
class Resign:
    """Resign the current game (R9); always asks for confirmation."""


@dataclass(frozen=True, slots=True)
class Double:
    """Offer to double the stake before rolling (R9.1, ``vog`` only)."""


@dataclass(frozen=True, slots=True)
class Take:
    """Accept an offered double (R9.1)."""


@dataclass(frozen=True, slots=True)
class Drop:
    """Refuse an offered double and lose the game at the current stake (R9.1)."""


DescribeLength = Literal["brief", "normal", "full"]


@dataclass(frozen=True, slots=True)
class Describe:
    """Describe the position: brief, occupied points (normal) or all 24 points."""

    length: DescribeLength = "normal"


@dataclass(frozen=True, slots=True)
class QueryPoint:
    """What stands on one point (mover's numbering, from the listener's side)."""

    point: int


@dataclass(frozen=True, slots=True)
class QueryQuarter:
    """What stands in one quarter: 1 = points 1–6 (home) … 4 = points 19–24."""

    quarter: int


@dataclass(frozen=True, slots=True)
class ListPlays:
    """List the plays on offer again."""


@dataclass(frozen=True, slots=True)
class PipCount:
    """Say both pip counts."""


@dataclass(frozen=True, slots=True)
class Score:
    """Say the match score."""


@dataclass(frozen=True, slots=True)
class Repeat:
    """Repeat the last message."""


@dataclass(frozen=True, slots=True)
class History:
    """Say the last messages again (what the narrator said recently)."""


@dataclass(frozen=True, slots=True)
class StopSpeech:
    """Stop speaking now (always works)."""


@dataclass(frozen=True, slots=True)
class Help:
    """Say what can be done now."""


@dataclass(frozen=True, slots=True)
class Hint:
    """Ask the strong bot which play it would choose."""


@dataclass(frozen=True, slots=True)
class Why:
    """Say why the hint's play is better: than the play chosen (pending or just made),
    else than the play the player would most likely consider."""


@dataclass(frozen=True, slots=True)
class ChangeOpponent:
    """Play on against the next level of computer opponent (random → rita → strong →
    expert → random), from the next decision on; only against one computer player."""


@dataclass(frozen=True, slots=True)
class Next:
    """In a review after the match: the next mistake."""


@dataclass(frozen=True, slots=True)
class Previous:
    """In a review after the match: the mistake before."""


@dataclass(frozen=True, slots=True)
class More:
    """In a review after the match: the next page of an answer longer than the board
    window's status (offered only there; the terminal prints every sentence whole)."""


@dataclass(frozen=True, slots=True)
class EndReview:
    """End the review after the match (its summary is said)."""


@dataclass(frozen=True, slots=True)
class NewMatch:
    """Once a match is over: another match with the same options (the game, its length, the
    rules, the players), new dice."""


@dataclass(frozen=True, slots=True)
class Leave:
    """Leave the table for good: the whole match is lost (R9); always asks first."""


@dataclass(frozen=True, slots=True)
class Quit:
    """Leave the table (the match is saved and can be resumed)."""


Command = Union[
    Roll, ChoosePlay, FromPoint, ToPoint, Undo, Confirm, Cancel, Yes, No,
    Resign, Double, Take, Drop, Describe, QueryPoint, QueryQuarter, ListPlays,
    PipCount, Score, Repeat, History, StopSpeech, Help, Hint, Why, ChangeOpponent, Next, Previous,
    EndReview, More, NewMatch, Leave, Quit,
]

#: Command names used by recognizers and key tables (``hear`` prints these).
COMMAND_NAMES: dict[str, type] = {
    "roll": Roll,
    "select": ChoosePlay,
    "from": FromPoint,
    "to": ToPoint,
    "undo": Undo,
    "confirm": Confirm,
    "cancel": Cancel,
    "yes": Yes,
    "no": No,
    "resign": Resign,
    "double": Double,
    "take": Take,
    "drop": Drop,
    "position": Describe,
    "point": QueryPoint,
    "quarter": QueryQuarter,
    "plays": ListPlays,
    "pips": PipCount,
    "score": Score,
    "repeat": Repeat,
    "history": History,
    "stop": StopSpeech,
    "help": Help,
    "hint": Hint,
    "why": Why,
    "opponent": ChangeOpponent,
    "next": Next,
    "previous": Previous,
    "end": EndReview,
    "more": More,
    "new_match": NewMatch,
    "leave": Leave,
    "quit": Quit,
}


def command_name(command: Command) -> str:
    """The table name of ``command`` (``ChoosePlay(3)`` → ``"select"``)."""
    for name, cls in COMMAND_NAMES.items():
        if type(command) is cls:
            return name
    raise KeyError(type(command).__name__)
