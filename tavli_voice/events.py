"""Events: what the session tells every output (narrator, terminal, board).

Frozen dataclasses, no sentences: ``narration/`` turns each event into words
in Greek or English. Players are absolute indexes 0 and 1; positions inside
events are seen from the player named in the event's ``view`` field (or the
mover), in that player's numbering (R1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .rules import Play, Position, Reason, Step


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """A seat at the table: a display name, and the bot's name for a bot."""

    name: str
    bot: str | None = None  #: "random", "rita", "strong", "expert"; None for a person

    @property
    def is_bot(self) -> bool:
        """True for a computer player."""
        return self.bot is not None


@dataclass(frozen=True, slots=True)
class Event:
    """Base class of all events."""


@dataclass(frozen=True, slots=True)
class MatchStarted(Event):
    """A match began or was resumed (R9)."""

    kind: str  #: "tavli" or a game name
    length: int
    preset: str
    players: tuple[PlayerInfo, PlayerInfo]
    resumed: bool = False


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """A game began (R3): which, who starts and why, the opening rolls."""

    game: str
    number: int  #: 1-based game number in the match
    starter: int
    why: str  #: "opening_roll" or "previous_winner"
    rolls: tuple[tuple[int, int], ...]  #: (player 0's die, player 1's die) per opening roll
    first_dice: tuple[int, int] | None  #: dice the starter plays without rolling


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    """``player`` is to roll (or, in vog, may double first)."""

    player: int
    position: Position  #: from ``player``'s side
    can_double: bool = False


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """``player`` rolled ``dice``; ``count`` plays are legal."""

    player: int
    dice: tuple[int, int]
    count: int
    automatic: bool = False  #: the opening dice or a winner's first dice (R3), not rolled


@dataclass(frozen=True, slots=True)
class PlaysOffered(Event):
    """The numbered plays on offer (1-based as shown)."""

    player: int
    dice: tuple[int, int]
    plays: tuple[Play, ...]
    position: Position  #: from ``player``'s side
    suggested: int | None = None  #: 1-based, when suggestions are on


@dataclass(frozen=True, slots=True)
class StepOptions(Event):
    """Step-by-step choice: the points to pick from (``source`` None) or to go to."""

    player: int
    source: int | None
    points: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StepTaken(Event):
    """One step of a play made step by step; ``position`` after it."""

    player: int
    step: Step
    position: Position


@dataclass(frozen=True, slots=True)
class PlayPending(Event):
    """A play was chosen and waits for confirmation (undo still possible)."""

    player: int
    play: Play


@dataclass(frozen=True, slots=True)
class PlayMade(Event):
    """``player`` played ``play`` with ``dice`` (final)."""

    player: int
    play: Play
    dice: tuple[int, int]
    by_timer: bool = False


@dataclass(frozen=True, slots=True)
class TurnPassed(Event):
    """``player`` cannot play (R8): ``dice`` None when closed out without rolling."""

    player: int
    dice: tuple[int, int] | None
    reason: Reason


@dataclass(frozen=True, slots=True)
class TurnShortened(Event):
    """Only part of the roll can be played (R8 ``only_one_die`` …)."""

    player: int
    reason: Reason


@dataclass(frozen=True, slots=True)
class MotherPinned(Event):
    """Plakoto (R5.4): ``pinner`` pinned the other player's mother."""

    pinner: int
    ends_game: bool


@dataclass(frozen=True, slots=True)
class Undone(Event):
    """The turn's choice was taken back."""

    player: int


@dataclass(frozen=True, slots=True)
class QuestionAsked(Event):
    """The session waits for yes or no: ``kind`` is "resign", "quit" or "take"."""

    player: int
    kind: str
    value: int = 0  #: the cube value for "take"


@dataclass(frozen=True, slots=True)
class DoubleOffered(Event):
    """R9.1: ``player`` offers to double to ``value``."""

    player: int
    value: int


@dataclass(frozen=True, slots=True)
class DoubleAnswered(Event):
    """R9.1: ``player`` took (cube now ``value``) or dropped."""

    player: int
    took: bool
    value: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """A game ended: winner (None = draw), points, how, and the match score."""

    game: str
    winner: int | None
    points: int
    kind: str  #: an OutcomeKind value
    scores: tuple[int, int]


@dataclass(frozen=True, slots=True)
class MatchOver(Event):
    """Somebody reached the match length (R9), or a player left (``left``)."""

    winner: int
    scores: tuple[int, int]
    left: bool = False


@dataclass(frozen=True, slots=True)
class CommandRejected(Event):
    """A command was refused; state unchanged. ``code`` names why."""

    code: str  #: e.g. "not_now", "no_such_play", "not_your_turn", "illegal_step", "no_undo"
    details: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str, default: Any = None) -> Any:
        """One detail by name."""
        return dict(self.details).get(name, default)


@dataclass(frozen=True, slots=True)
class PositionReport(Event):
    """Answer to Describe: ``position`` from ``view``'s side."""

    view: int
    position: Position
    length: str  #: "brief", "normal", "full"
    to_move: int
    scores: tuple[int, int]
    dice: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class PointReport(Event):
    """Answer to a point query, from ``view``'s side."""

    view: int
    position: Position
    point: int


@dataclass(frozen=True, slots=True)
class QuarterReport(Event):
    """Answer to a quarter query (1 = points 1–6 … 4 = 19–24), from ``view``'s side."""

    view: int
    position: Position
    quarter: int


@dataclass(frozen=True, slots=True)
class PipReport(Event):
    """Pip counts: (``view``'s, the other's)."""

    view: int
    pips: tuple[int, int]


@dataclass(frozen=True, slots=True)
class ScoreReport(Event):
    """The match score and length."""

    scores: tuple[int, int]
    length: int
    game: str
    number: int


@dataclass(frozen=True, slots=True)
class HelpReport(Event):
    """What can be done now: command names and the number of plays on offer."""

    player: int
    commands: tuple[str, ...]
    plays: int = 0


@dataclass(frozen=True, slots=True)
class HintReport(Event):
    """The hint bot's choice (the expert): play ``number`` (1-based)."""

    player: int
    number: int
    play: Play


@dataclass(frozen=True, slots=True)
class CoachNote(Event):
    """The coach (off by default): ``player``'s play was a clear mistake; the hint's
    play ``better`` wins ``win_gain`` more games in a hundred and is worth
    ``equity_loss`` more points a game."""

    player: int
    better: Play
    win_gain: int
    equity_loss: float


@dataclass(frozen=True, slots=True)
class TimeWarning(Event):
    """R9 timer: ``seconds`` left for ``player``."""

    player: int
    seconds: int


@dataclass(frozen=True, slots=True)
class TimedOut(Event):
    """R9 timer ran out: the game played for ``player``; ``count`` in a row."""

    player: int
    count: int


@dataclass(frozen=True, slots=True)
class HistoryReport(Event):
    """Answer to History: the recent game events, oldest first."""

    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Notice(Event):
    """Feedback from an input, already in the user's language (e.g. a voice
    command not understood, with what can be said instead). Not from the session."""

    text: str
    important: bool = True


@dataclass(frozen=True, slots=True)
class Goodbye(Event):
    """The player left; the match is saved (``saved``) and can be resumed."""

    saved: bool = True
