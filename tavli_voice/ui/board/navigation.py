"""Remote, keyboard, pointer and dwell input as pure state machines → commands.

Nothing here knows pygame or the session object: the window describes the
moment with a :class:`NavContext` (built from the session each frame), feeds
keys, digits, pointer targets and the time, and gets back a new state and at
most one :mod:`tavli_voice.commands` value (style guide 4.1 and 4.3: input
becomes commands through tables; modes are small frozen states).

The TV remote model:

* **arrows** move the cursor from checker to checker — the *sources* of
  legal steps (R2, from the session's step chooser) — or, once a checker is
  picked up, from destination to destination; Left/Right go along the screen
  (top row left to right, then the bottom row), Up jumps to the other row;
* **OK** rolls, picks a checker up (``FromPoint``), puts it down
  (``ToPoint``), confirms a chosen play, or answers the focused button;
* **Down** opens the list of numbered plays (Up/Down move in it, OK picks,
  Back or Up at the top closes it);
* **Back** closes the list, puts a held checker back (``Cancel``), takes back
  steps or a chosen play (``Undo``) until the turn is confirmed, and says No
  to a question;
* **digits** pick a numbered play (``ChoosePlay``); with ten or more plays a
  first digit that a longer number could start waits, shown beside the turn,
  for a second digit or OK (Back clears it): never for a time, so a slow
  second press still makes 12, not play 1.

During the review after a match (``Mode.REVIEW``) the buttons are Next,
Previous (after the first mistake), Repeat, Try again (it opens the list of
the roll's plays: OK, a digit or a click on a play tries that one), Hint,
Why and Stop; Enter (OK) presses the focused one, Next at first; Back is
Previous. While the status holds an answer longer than its rows, More comes
first and is focused: each press shows the next page, and after the last page
it is gone, so Enter goes on to Next. Everything the review's scan menu offers is a button or a key.

Dwell selection (eye trackers, head pointers: their devices move the mouse):
resting the pointer on one button for ``dwell`` seconds picks it once; the
pointer must leave the button before it can fire again.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Hashable

from ... import commands as C

#: Default dwell time in seconds (common eye-tracking defaults are 0.8–1.5 s).
DEFAULT_DWELL = 1.0

BAR = 25
OFF = 0


class Key(Enum):
    """The remote's keys (the window maps keyboard, remote and gamepad keys to these)."""

    LEFT = "left"
    RIGHT = "right"
    UP = "up"
    DOWN = "down"
    OK = "ok"
    BACK = "back"
    UNDO = "undo"
    ROLL = "roll"


class Mode(Enum):
    """What the person is asked for (the session's phase as the window sees it)."""

    WAIT = "wait"            #: a bot (or nobody) acts; keys do nothing but Back
    ROLL = "roll"
    PLAY = "play"
    CONFIRM = "confirm"
    ASK = "ask"              #: yes / no (resign, quit)
    ANSWER = "answer"        #: take / drop a double (R9.1)
    OVER = "over"            #: the match is over: OK closes
    REVIEW = "review"        #: stepping through the mistakes after a match


#: Action button key → the command it sends.
ACTION_COMMANDS: dict[str, C.Command] = {
    "roll": C.Roll(), "double": C.Double(), "confirm": C.Confirm(), "undo": C.Undo(),
    "cancel": C.Cancel(), "yes": C.Yes(), "no": C.No(), "take": C.Take(), "drop": C.Drop(),
    "close": C.Quit(),
    # the end of a match with its choices (NavContext.end): the review offered ("Review" is its
    # yes), another match with the same options, leave
    "review": C.Yes(), "new_match": C.NewMatch(), "quit": C.Quit(),
    # the review after a match (ui/review_mode.py); "try_again" opens the list of plays
    "next": C.Next(), "previous": C.Previous(), "repeat": C.Repeat(), "hint": C.Hint(),
    "why": C.Why(), "end": C.EndReview(), "more": C.More(),
}

#: The review's button that opens the list of plays rather than sending a command.
TRY_AGAIN = "try_again"
#: The review's button that shows the status's next page (``More``: the window turns it).
MORE = "more"

#: A thing on screen a pointer can rest on or click: ("point", 13), ("play", 2), ("action", "roll").
Target = tuple[str, Hashable]


@dataclass(frozen=True, slots=True)
class NavContext:
    """The moment as the input machines need it (built by the window from the session).

    ``sources`` are the points a checker may be picked from (R2, highest
    first); ``held`` the point picked up (the session's step source) and
    ``destinations`` where it may go; ``plays`` the number of plays on offer;
    ``can_undo`` whether steps or a chosen play can be taken back;
    ``pending`` the 1-based number of a chosen play awaiting confirmation;
    ``can_previous`` whether the review has a mistake before this one.
    """

    mode: Mode = Mode.WAIT
    sources: tuple[int, ...] = ()
    held: int | None = None
    destinations: tuple[int, ...] = ()
    plays: int = 0
    can_undo: bool = False
    can_double: bool = False
    pending: int | None = None
    can_previous: bool = False
    more: bool = False  #: the status has a page after the one shown (More is offered)
    #: the match is over and its choices are offered (``App.end_choices``): while the review
    #: is offered (``ASK``) "Review", "New match", "Quit"; after it (``OVER``) "New match",
    #: "Quit", where a question's Yes and No and then Close alone are shown otherwise
    end: bool = False

    @property
    def candidates(self) -> tuple[int, ...]:
        """Where the board cursor may stand now."""
        if self.mode is not Mode.PLAY:
            return ()
        return self.destinations if self.held is not None else self.sources


def actions_for(ctx: NavContext) -> tuple[str, ...]:
    """The action buttons shown now, in order (keys of :data:`ACTION_COMMANDS`); More
    first while the status has another page (drawn at the status's foot)."""
    if ctx.more and ctx.mode is not Mode.REVIEW:
        return (MORE,) + _game_actions(ctx)
    return _game_actions(ctx)


def _game_actions(ctx: NavContext) -> tuple[str, ...]:
    if ctx.mode is Mode.ROLL:
        return ("roll", "double") if ctx.can_double else ("roll",)
    if ctx.mode is Mode.PLAY:
        out: tuple[str, ...] = ()
        if ctx.held is not None:
            out += ("cancel",)
        if ctx.can_undo:
            out += ("undo",)
        return out
    if ctx.mode is Mode.CONFIRM:
        return ("confirm", "undo")
    if ctx.mode is Mode.ASK:
        return ("review", "new_match", "quit") if ctx.end else ("yes", "no")
    if ctx.mode is Mode.ANSWER:
        return ("take", "drop")
    if ctx.mode is Mode.OVER:
        return ("new_match", "quit") if ctx.end else ("close",)
    if ctx.mode is Mode.REVIEW:
        # More first while the answer has another page: Enter reads on, then goes next
        return (((MORE,) if ctx.more else ()) + ("next",)
                + (("previous",) if ctx.can_previous else ()) + ("repeat",)
                + ((TRY_AGAIN,) if ctx.plays else ()) + ("hint", "why", "end"))
    return ()


def default_action(ctx: NavContext) -> int:
    """The action focused first: "No" for a question (the safe answer), else the first
    (in a game the first after More: Enter still rolls; the review focuses More; the end's
    choices their likely one, first)."""
    acts = actions_for(ctx)
    if ctx.mode is Mode.ASK and "no" in acts:
        return acts.index("no")
    if ctx.mode is not Mode.REVIEW and acts[:1] == (MORE,) and len(acts) > 1:
        return 1
    return 0


def screen_key(point: int) -> tuple[int, float]:
    """(row, column) of a point on screen, for arrow moves (viewer's numbering).

    Top row 13–24 left to right, bottom row 12–1 left to right; the bar sits
    between columns 5 and 6 of the top row (the viewer's bar checkers are
    drawn above the middle) and the tray right of column 11 on the bottom.
    """
    if point == BAR:
        return (0, 5.5)
    if point == OFF:
        return (1, 12.5)
    if point >= 13:
        return (0, float(point - 13))
    return (1, float(12 - point))


def _screen_sorted(points: tuple[int, ...]) -> list[int]:
    return sorted(points, key=screen_key)


@dataclass(frozen=True, slots=True)
class NavState:
    """The remote's own state: cursor, list, focused action button, typed digits."""

    cursor: int | None = None       #: point under the board cursor
    list_open: bool = False
    list_index: int = 0             #: 0-based play under the list cursor
    action_index: int = 0           #: focused action button (questions, roll)
    digits: str = ""                #: a first digit waiting for a second one or OK
    mode: Mode = Mode.WAIT          #: the mode this state was made for

    def synced(self, ctx: NavContext) -> "NavState":
        """This state made valid for ``ctx``: a new mode resets list and buttons,
        a cursor off the candidates moves to the first (highest) candidate."""
        state = self
        if ctx.mode is not state.mode:
            state = NavState(cursor=state.cursor, mode=ctx.mode,
                             action_index=default_action(ctx),
                             list_index=(ctx.pending - 1) if ctx.pending else 0)
        cands = ctx.candidates
        if cands and state.cursor not in cands:
            first = cands[0]
            if ctx.held is None and state.cursor is not None:
                # keep the cursor where the person was looking: nearest source on screen
                here = screen_key(state.cursor)
                first = min(cands, key=lambda p: _distance(screen_key(p), here))
            state = replace(state, cursor=first)
        if not cands and state.cursor is not None and ctx.mode is not Mode.PLAY:
            state = replace(state, cursor=None)
        acts = actions_for(ctx)
        if state.action_index >= max(1, len(acts)):
            state = replace(state, action_index=0)
        if ctx.plays and state.list_index >= ctx.plays:
            state = replace(state, list_index=ctx.plays - 1)
        return state


def _distance(a: tuple[int, float], b: tuple[int, float]) -> float:
    return abs(a[0] - b[0]) * 6 + abs(a[1] - b[1])


NavResult = tuple[NavState, C.Command | None]


def press_key(state: NavState, key: Key, ctx: NavContext) -> NavResult:
    """One remote key: the new state and the command it sends, if any."""
    state = state.synced(ctx)
    if key is Key.UNDO:
        return state, (C.Undo() if ctx.can_undo or ctx.mode is Mode.CONFIRM else None)
    if key is Key.ROLL:
        return state, (C.Roll() if ctx.mode is Mode.ROLL else None)
    if state.list_open:
        return _list_key(state, key, ctx)
    handler = _BOARD_KEYS[key]
    return handler(state, ctx)


def press_page(state: NavState, step: int, ctx: NavContext, page: int) -> NavState:
    """Page Down (``step`` 1) or Page Up (-1): the list of plays opens on the first
    play of the next or previous page of ``page`` rows (nothing is chosen)."""
    state = state.synced(ctx)
    if ctx.mode not in _LISTED or not ctx.plays:
        return state
    page = max(1, page)
    first = (state.list_index // page + (step if state.list_open else max(0, step))) * page
    return replace(state, list_open=True, list_index=max(0, min(ctx.plays - 1, first)))


#: The modes that show a list of plays a number picks from.
_LISTED = (Mode.PLAY, Mode.CONFIRM, Mode.REVIEW)


def open_list(state: NavState, ctx: NavContext) -> NavState:
    """The list of plays opened on its first play (the review's Try again)."""
    if ctx.mode not in _LISTED or not ctx.plays:
        return state
    return replace(state, list_open=True, list_index=0)


def _list_key(state: NavState, key: Key, ctx: NavContext) -> NavResult:
    if key in (Key.BACK, Key.LEFT) or (key is Key.UP and state.list_index == 0):
        return replace(state, list_open=False), None
    if key is Key.UP:
        return replace(state, list_index=state.list_index - 1), None
    if key in (Key.DOWN, Key.RIGHT):
        return replace(state, list_index=min(ctx.plays - 1, state.list_index + 1)), None
    if key is Key.OK and ctx.plays:
        return replace(state, list_open=False), C.ChoosePlay(state.list_index + 1)
    return state, None


def _move(state: NavState, ctx: NavContext, step: int) -> NavResult:
    acts = actions_for(ctx)
    if ctx.mode is Mode.PLAY and ctx.candidates:
        order = _screen_sorted(ctx.candidates)
        at = order.index(state.cursor) if state.cursor in order else 0
        return replace(state, cursor=order[(at + step) % len(order)]), None
    if len(acts) > 1:
        return replace(state, action_index=(state.action_index + step) % len(acts)), None
    return state, None


def _left(state: NavState, ctx: NavContext) -> NavResult:
    return _move(state, ctx, -1)


def _right(state: NavState, ctx: NavContext) -> NavResult:
    return _move(state, ctx, +1)


def _up(state: NavState, ctx: NavContext) -> NavResult:
    """Jump to the nearest candidate in the other row of the board."""
    cands = ctx.candidates
    if ctx.mode is not Mode.PLAY or not cands or state.cursor is None:
        return _move(state, ctx, -1)
    row, col = screen_key(state.cursor)
    other = [p for p in cands if screen_key(p)[0] != row]
    if not other:
        return state, None
    return replace(state, cursor=min(other, key=lambda p: abs(screen_key(p)[1] - col))), None


def _down(state: NavState, ctx: NavContext) -> NavResult:
    if ctx.mode in _LISTED and ctx.plays:
        index = (ctx.pending - 1) if ctx.pending else min(state.list_index, ctx.plays - 1)
        return replace(state, list_open=True, list_index=max(0, index)), None
    return _move(state, ctx, +1)


def _ok(state: NavState, ctx: NavContext) -> NavResult:
    if state.digits:
        return _commit_digits(state, ctx)
    mode = ctx.mode
    if mode is Mode.PLAY:
        if state.cursor is None:
            return state, None
        if ctx.held is None:
            return state, (C.FromPoint(state.cursor) if state.cursor in ctx.sources else None)
        return state, (C.ToPoint(state.cursor) if state.cursor in ctx.destinations else None)
    if mode is Mode.CONFIRM:
        return state, C.Confirm()
    acts = actions_for(ctx)
    if acts:
        act = acts[min(state.action_index, len(acts) - 1)]
        if act == TRY_AGAIN:
            return open_list(state, ctx), None
        return state, ACTION_COMMANDS[act]
    return state, None


def _back(state: NavState, ctx: NavContext) -> NavResult:
    if state.digits:
        return replace(state, digits=""), None
    if ctx.mode is Mode.PLAY and ctx.held is not None:
        return state, C.Cancel()
    if ctx.mode is Mode.CONFIRM or (ctx.mode is Mode.PLAY and ctx.can_undo):
        return state, C.Undo()
    if ctx.mode is Mode.ASK:
        return state, C.No()
    if ctx.mode is Mode.OVER:
        return state, C.Quit()
    if ctx.mode is Mode.REVIEW and ctx.can_previous:
        return state, C.Previous()
    return state, None


_BOARD_KEYS = {
    Key.LEFT: _left, Key.RIGHT: _right, Key.UP: _up, Key.DOWN: _down,
    Key.OK: _ok, Key.BACK: _back,
}


# ------------------------------------------------------------------ digits
def press_digit(state: NavState, digit: int, ctx: NavContext) -> NavResult:
    """A digit key: pick play ``n`` at once, or wait (for the next digit or OK, however long
    it takes) when a longer number could follow."""
    state = state.synced(ctx)
    if ctx.mode not in _LISTED or not ctx.plays:
        return state, None
    typed = state.digits + str(digit)
    if typed == "0":
        return replace(state, digits=""), None
    n = int(typed)
    if n * 10 > ctx.plays or len(typed) >= len(str(ctx.plays)):
        # no longer number is possible: pick now (or refuse a number too large)
        # (a number too large is sent anyway: the session says why it is refused)
        return replace(state, digits="", list_open=False), C.ChoosePlay(n)
    return replace(state, digits=typed), None


def _commit_digits(state: NavState, ctx: NavContext) -> NavResult:
    n = int(state.digits)
    return replace(state, digits="", list_open=False), C.ChoosePlay(n)


# ----------------------------------------------------------------- pointer
def target_command(target: Target | None, ctx: NavContext) -> C.Command | None:
    """What a click (or a dwell) on ``target`` sends, given the moment.

    A source point picks its checker up, a destination puts the held one
    down, the held point itself puts it back; a play button chooses that
    play; an action button sends its command (the review's Try again sends
    none: the window opens the list, :func:`open_list`).
    """
    if target is None:
        return None
    kind, value = target
    if kind == "play" and isinstance(value, int) and ctx.mode in _LISTED:
        return C.ChoosePlay(value)
    if kind == "action" and isinstance(value, str) and value in ACTION_COMMANDS \
            and value in actions_for(ctx):
        return ACTION_COMMANDS[value]
    if kind == "point" and isinstance(value, int) and ctx.mode is Mode.PLAY:
        if ctx.held is None:
            return C.FromPoint(value) if value in ctx.sources else None
        if value == ctx.held:
            return C.Cancel()
        if value in ctx.destinations:
            return C.ToPoint(value)
        if value in ctx.sources:  # change of mind: put back, the next click picks that one
            return C.Cancel()
    return None


@dataclass(frozen=True, slots=True)
class DwellState:
    """Which target the pointer rests on, since when, and whether it already fired."""

    target: Target | None = None
    since: float = 0.0
    fired: bool = False


def dwell(state: DwellState, target: Target | None, now: float,
          dwell_time: float) -> tuple[DwellState, Target | None]:
    """Feed the target under the pointer at ``now``; returns the target picked, if any.

    A target fires once after resting ``dwell_time`` seconds on it; moving
    off it (or onto another) starts again. Only buttons should be passed as
    targets (reading the board with the eyes must not move checkers).
    """
    if target != state.target:
        return DwellState(target, now, False), None
    if target is None or state.fired:
        return state, None
    if now - state.since >= dwell_time:
        return replace(state, fired=True), target
    return state, None


def dwell_progress(state: DwellState, now: float, dwell_time: float) -> float:
    """How far the dwell on the current target has gone, 0 to 1 (for a filling ring)."""
    if state.target is None or state.fired or dwell_time <= 0:
        return 0.0
    return max(0.0, min(1.0, (now - state.since) / dwell_time))
