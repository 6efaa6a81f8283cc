"""Events: what the session tells every output (narrator, terminal, board).

Frozen dataclasses, no sentences: ``narration/`` turns each event into words
in Greek or English. Players are absolute indexes 0 and 1; positions inside
events are seen from the player named in the event's ``view`` field (or the
mover), in that player's numbering (R1).

The closed sets of names events carry are enums here (:class:`Phase`,
:class:`RejectCode`, :class:`QuestionKind`; the game, preset and outcome
kinds come from :mod:`tavli_voice.rules`). They subclass :class:`str`, so
saves, JSON and the words tables keyed by the plain names keep working.
Front ends read the state of a turn through :class:`TurnView`, a frozen
snapshot the session makes (:meth:`tavli_voice.session.Session.state`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from .rules import Cube, GameName, OutcomeKind, Play, Position, Preset, Reason, Step


class Phase(enum.StrEnum):
    """What the session waits for."""

    ROLL = "roll"
    PLAY = "play"
    CONFIRM = "confirm"
    ANSWER = "answer"        #: the other player answers a double (R9.1)
    ASK = "ask"              #: a yes/no question (resign, leave)
    MATCH_OVER = "match_over"
    #: stepping through the mistakes after the match (the front end's review, never the session's)
    REVIEW = "review"


class RejectCode(enum.StrEnum):
    """Why a command was refused (:class:`CommandRejected`); each has words in both languages."""

    UNKNOWN_COMMAND = "unknown_command"
    MATCH_OVER = "match_over"
    NOT_NOW = "not_now"                  #: details: expected (the phase)
    NO_SUCH_PLAY = "no_such_play"        #: details: number, count (step_from, step_points mid-step)
    #: details: point, sources; why (a :class:`~.rules.blocked.StepRefusal`) and its details
    NO_CHECKER_TO_MOVE = "no_checker_to_move"
    SAY_FROM_FIRST = "say_from_first"    #: details: point
    ILLEGAL_STEP = "illegal_step"        #: details: source, point; why and its details
    NO_UNDO = "no_undo"
    NOTHING_TO_CONFIRM = "nothing_to_confirm"
    NOTHING_TO_CANCEL = "nothing_to_cancel"  #: details: steps (already made, for undo)
    NO_QUESTION = "no_question"
    CANNOT_DOUBLE = "cannot_double"
    NO_DOUBLE = "no_double"
    NO_PLAYS_NOW = "no_plays_now"
    #: details: point; for a step, step ("from" or "to") and, from, sources
    NO_SUCH_POINT = "no_such_point"
    NO_SUCH_QUARTER = "no_such_quarter"  #: details: quarter
    WRONG_GAME = "wrong_game"            #: details: game (of the position given)
    NO_BOT_OPPONENT = "no_bot_opponent"  #: the level changes only against one computer player


class QuestionKind(enum.StrEnum):
    """What a yes/no question is about (:class:`QuestionAsked`)."""

    RESIGN = "resign"   #: resign this game (R9)
    LEAVE = "leave"     #: leave the table: the whole match is lost (R9)
    TAKE = "take"       #: take the double (R9.1)


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

    kind: str  #: "tavli" or a game name (a :class:`~tavli_voice.rules.GameName`)
    length: int
    preset: Preset
    players: tuple[PlayerInfo, PlayerInfo]
    resumed: bool = False


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """A game began (R3): which, who starts and why, the opening rolls."""

    game: GameName
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
    #: With suggestions on, how many plays at the front are the expert's best, best first.
    leading: int = 0


@dataclass(frozen=True, slots=True)
class StepOptions(Event):
    """Step-by-step choice: the points to pick from (``source`` None) or to go to.

    With the first checker picked, ``plays`` are the whole plays of its group
    (:mod:`tavli_voice.rules.playgroups`), chosen by their number in the group.
    """

    player: int
    source: int | None
    points: tuple[int, ...]
    plays: tuple[Play, ...] = ()


@dataclass(frozen=True, slots=True)
class StepTaken(Event):
    """One step of a play made step by step; ``position`` after it."""

    player: int
    step: Step
    position: Position
    left: tuple[int, ...] = ()  #: the dice still to play after this step (R2)


@dataclass(frozen=True, slots=True)
class PlayPending(Event):
    """A play was chosen and waits for confirmation (undo still possible)."""

    player: int
    play: Play
    forced: bool = False  #: the only legal play, chosen for the player (R2)
    #: a forced play: the rule that leaves one play (``why``, a StepRefusal, and its details)
    why: tuple[tuple[str, Any], ...] = ()


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
    #: R6: why the checker outside the home board cannot move itself (``why`` and details)
    stuck: tuple[tuple[str, Any], ...] = ()


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
    """The session waits for yes or no from ``player``."""

    player: int
    kind: QuestionKind
    value: int = 0  #: the cube value for "take"; the points the opponent scores for "resign"
    #: "resign": the match score if the answer is yes, and whether that ends the match (R9)
    scores: tuple[int, int] | None = None
    ends_match: bool = False


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

    game: GameName
    winner: int | None
    points: int
    kind: OutcomeKind
    scores: tuple[int, int]
    #: the match's first game won this way: words a new player may not know are explained
    first_of_kind: bool = False


@dataclass(frozen=True, slots=True)
class MatchOver(Event):
    """Somebody reached the match length (R9), or a player left (``left``)."""

    winner: int
    scores: tuple[int, int]
    left: bool = False


@dataclass(frozen=True, slots=True)
class CommandRejected(Event):
    """A command was refused; state unchanged. ``code`` names why."""

    code: RejectCode
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
    #: The dice still to play after the steps chosen so far (``()``: a whole play
    #: is chosen, waiting for confirmation); None when nothing is chosen yet.
    left: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class PointReport(Event):
    """Answer to a point query, from ``view``'s side."""

    view: int
    position: Position
    point: int
    left: tuple[int, ...] | None = None  #: dice still to play (see PositionReport)


@dataclass(frozen=True, slots=True)
class QuarterReport(Event):
    """Answer to a quarter query (1 = points 1–6 … 4 = 19–24), from ``view``'s side."""

    view: int
    position: Position
    quarter: int
    left: tuple[int, ...] | None = None  #: dice still to play (see PositionReport)


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
    game: GameName
    number: int


@dataclass(frozen=True, slots=True)
class HelpReport(Event):
    """What can be done now: command names and the number of plays on offer."""

    player: int
    commands: tuple[str, ...]
    plays: int = 0


@dataclass(frozen=True, slots=True)
class HintReport(Event):
    """The hint bot's choice (the expert): play ``number`` (1-based) of the ``count`` plays on
    offer (0: not told, ``number`` stands for it). While a checker is picked or steps are taken
    on a long turn, a number picks from a shorter list of ``shown`` plays (0: none, the whole
    list's numbers hold), in which the play is ``local`` (0: not in it)."""

    player: int
    number: int
    play: Play
    count: int = 0
    shown: int = 0
    local: int = 0


@dataclass(frozen=True, slots=True)
class CubeHintReport(Event):
    """The hint bot's (the expert's) answer to the double offered to ``player``: ``take``
    it, or drop it (R9.1); asked why, also ``reason``: "match" (dropping loses the match)
    or "stake" (what playing on for twice the stake is expected to cost against a drop)."""

    player: int
    take: bool
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class ReasonFact:
    """One reason a play is better (``bots.reasons.Difference`` as plain values): the kind
    of fact, its value after the player's play (``mine``) and after the better one, and
    the points concerned, in the mover's numbering (R1)."""

    kind: str
    mine: int
    better: int
    points: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class WhyReport(Event):
    """Why the hint's play ``hint`` is better than ``other``: ``player``'s own play when
    ``chosen`` (pending or just made), else the play most likely considered. ``other`` is
    None when there is nothing to compare (the only play, or the player's play is the
    hint's). ``reasons`` largest first; empty: no single reason stands out. ``same``: the
    expert values both plays alike (a race whose end is already settled, valued exactly),
    so either will do. ``close``: nearly alike (a bear-off within the expert's own error),
    and ``reasons`` are what still tells them apart, none the cause."""

    player: int
    hint: Play
    other: Play | None
    chosen: bool
    reasons: tuple[ReasonFact, ...] = ()
    same: bool = False
    close: bool = False


@dataclass(frozen=True, slots=True)
class OpponentChanged(Event):
    """``player``'s seat is now played by the bot ``bot`` (a level: random, rita, strong or expert)."""

    player: int
    bot: str


@dataclass(frozen=True, slots=True)
class CoachNote(Event):
    """The coach (off by default): ``player``'s play was a clear mistake; the hint's
    play ``better`` wins ``win_gain`` more games in a hundred and is worth
    ``equity_loss`` more points a game."""

    player: int
    better: Play
    win_gain: int
    equity_loss: float
    #: why, largest first (empty: no single reason stands out; None: not asked)
    reasons: tuple[ReasonFact, ...] | None = None


@dataclass(frozen=True, slots=True)
class TimeWarning(Event):
    """R9 timer: ``seconds`` left for ``player``."""

    player: int
    seconds: int


@dataclass(frozen=True, slots=True)
class TimedOut(Event):
    """R9 timer ran out: the game played for ``player``; ``count`` in a row, of the ``limit``
    in a row that lose the game (the match's ``timeouts_to_lose``)."""

    player: int
    count: int
    limit: int = 3


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


@dataclass(frozen=True, slots=True)
class TurnView:
    """A read-only snapshot of the match for front ends (never the session's insides).

    Positions are seen from the mover (``to_move``), as the session keeps
    them; :meth:`seen_by` gives another player's side.
    """

    phase: Phase
    kind: str                       #: the match: "tavli" or a game name
    game: GameName
    preset: Preset
    game_number: int
    length: int
    scores: tuple[int, int]
    winner: int | None              #: the match's winner, once it is over
    players: tuple[PlayerInfo, PlayerInfo]
    to_move: int
    actor: int                      #: who must act now (the answerer of a double, else the mover)
    listener: int                   #: whose side readouts are told from
    turn: int                       #: counts turns across the match (for cutting stale speech)
    position: Position              #: from the mover's side
    dice: tuple[int, int] | None
    plays: tuple[Play, ...]
    pending: Play | None            #: chosen, waiting for Confirm
    chosen: tuple[Step, ...]        #: steps of a play being made step by step
    current: Position               #: the position after ``chosen`` (= ``position`` if none)
    source: int | None              #: the checker picked, its destination not yet
    step_sources: tuple[int, ...]   #: points a checker may be picked from now
    step_targets: tuple[int, ...]   #: where the picked checker may go (none picked: any step's)
    available: tuple[str, ...]      #: command names that make sense now
    bot_to_act: bool
    can_double: bool
    cube: Cube | None
    timer: bool                     #: the R9 timer is on
    suggested: int | None           #: 1-based number of the suggested play, when suggestions are on
    #: The shorter list a number picks from now (a picked checker's group, or the
    #: plays the steps taken lead to); empty: numbers are those of ``plays``.
    numbered: tuple[Play, ...] = ()

    def seen_by(self, player: int) -> Position:
        """The position from ``player``'s side."""
        return self.position if player == self.to_move else self.position.flip()

    @property
    def choosing_steps(self) -> bool:
        """True while a play is being built step by step (a step or a checker picked)."""
        return bool(self.chosen) or self.source is not None
