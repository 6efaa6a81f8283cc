"""What the window shows, as plain frozen data: :class:`BoardView` (no pygame).

The window builds one :class:`BoardView` per frame from the session's
:class:`~tavli_voice.events.TurnView` (phase, dice, plays, the half-made
play), its own input state (remote cursor, open list, scanner highlight,
dwell) and the last events; the renderer draws exactly that. Tests build views by hand, e.g. a Plakoto
position with pins, and render them without a session.

Everything on the board is in the *viewer's* numbering (R1): the person at
the table (``TurnView.listener``). Plays of the other side are converted
with :func:`to_viewer`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...events import Phase, TurnView
from ...rules import Play, Position, find_game
from .layout import THEIR_BAR, THEIR_OFF
from .navigation import MORE, Mode, NavContext, NavState, Target, actions_for
from ... import words
from ...narration.phrases import listed_play
from ...narration.pieces import NarrationContext, Say

StepPair = tuple[int, int]


@dataclass(frozen=True, slots=True)
class ScanStrip:
    """The scanning level shown in the panel: where we are, the options, the highlight."""

    trail: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    index: int | None = None
    paused: bool = False


@dataclass(frozen=True, slots=True)
class BoardView:
    """One frame's content. Points are in the viewer's numbering (bar 25, off 0)."""

    position: Position
    lang: str = "en"
    title: str = ""
    score: str = ""
    me: str = ""                          #: the viewer's name in the legend ("You")
    other: str = ""                       #: the other side's name in the legend
    turn: str = ""
    #: the review's place without "Review:" ("Mistake 2 of 5 (Rita)"), for a header with one row
    #: for it; "" outside the review
    place: str = ""
    viewer_to_move: bool | None = None
    dice: tuple[int, int] | None = None
    dice_used: tuple[int, ...] = ()
    plays: tuple[str, ...] = ()           #: words and notation, play ``i + 1`` at index ``i``
    #: each play in the short words a list is heard in ("24 to 23, 24 to 20") and in notation
    #: ("24/23 24/20"), for a row too small for its words in ``plays`` (``render.play_lines``)
    plays_short: tuple[str, ...] = ()
    plays_notation: tuple[str, ...] = ()
    list_open: bool = False
    list_focus: int | None = None         #: 0-based play under the remote's list cursor
    pending: int | None = None            #: 1-based play awaiting confirmation
    actions: tuple[tuple[str, str], ...] = ()   #: (key, label) buttons
    action_focus: int | None = None
    cursor: int | None = None             #: the remote's board cursor
    held: int | None = None               #: the checker picked up (its point)
    sources: tuple[int, ...] = ()         #: checkers that may move (R2)
    destinations: tuple[int, ...] = ()    #: move help: where the held/highlighted checker may go
    preview: tuple[StepPair, ...] = ()    #: steps of the highlighted or half-made play
    last_move: tuple[StepPair, ...] = ()  #: the previous play, for following the opponent
    highlight: Target | None = None       #: the scanned (or dwelt-on) item
    status: tuple[str, ...] = ()
    scan: ScanStrip | None = None
    dwell: tuple[Target, float] | None = None   #: target under the pointer and dwell progress
    digits: str = ""
    status_page: int = 0     #: the status's page shown (a long review answer has several)
    status_all: bool = False  #: all the status's sentences paged, not only the newest kept




def to_viewer(point: int, game: str, same_side: bool) -> int:
    """A point in a mover's numbering → the viewer's (R1).

    The other side's bar and borne-off tray become :data:`THEIR_BAR` and
    :data:`THEIR_OFF`, so arrows of the opponent's play go to the right place.
    """
    if same_side:
        return point
    if point == 0:
        return THEIR_OFF
    if point == 25:
        return THEIR_BAR
    return find_game(game).opponent_point(point)


def play_steps(play: Play, game: str, same_side: bool) -> tuple[StepPair, ...]:
    """A play's steps as (from, to) in the viewer's numbering."""
    return tuple((to_viewer(s.from_point, game, same_side), to_viewer(s.to_point, game, same_side))
                 for s in play.steps)


#: The input mode of each phase the viewer acts in.
_MODES = {Phase.ROLL: Mode.ROLL, Phase.PLAY: Mode.PLAY, Phase.CONFIRM: Mode.CONFIRM,
          Phase.ANSWER: Mode.ANSWER, Phase.ASK: Mode.ASK, Phase.REVIEW: Mode.REVIEW}


def mode_of(view: TurnView, viewer: int, finished: bool = False) -> Mode:
    """The input mode for the viewer: what the session waits for, if it waits for them."""
    if view.phase is Phase.MATCH_OVER or finished:
        return Mode.OVER
    if view.phase is Phase.REVIEW:
        return Mode.REVIEW
    if view.bot_to_act:
        return Mode.WAIT
    return _MODES.get(view.phase, Mode.WAIT)


def offered_plays(view: TurnView) -> tuple[Play, ...]:
    """The plays a number picks from now, in their order: the shorter list the session
    numbers (a picked checker's group, or the plays the steps lead to) or the whole list."""
    return view.numbered or view.plays


def nav_context(view: TurnView, viewer: int, finished: bool = False,
                more: bool = False, end: bool = False) -> NavContext:
    """The :class:`NavContext` for this moment (``more``: the status, a game's or the
    review's, has a page after the one shown; ``end``: the match is over and its choices
    are offered, :attr:`NavContext.end`)."""
    mode = mode_of(view, viewer, finished)
    names = view.available if mode is not Mode.OVER else ()
    sources: tuple[int, ...] = ()
    held = None
    dests: tuple[int, ...] = ()
    if mode is Mode.PLAY:
        held = view.source
        if held is None:
            sources = view.step_sources
        else:
            dests = view.step_targets
    pending = None
    if mode is Mode.CONFIRM and view.pending is not None and view.pending in view.plays:
        pending = view.plays.index(view.pending) + 1
    return NavContext(mode=mode, sources=sources, held=held, destinations=dests,
                      plays=len(offered_plays(view)) if mode in _LISTED else 0,
                      can_undo="undo" in names, can_double="double" in names, pending=pending,
                      can_previous=mode is Mode.REVIEW and "previous" in names,
                      more=more, end=end and mode in (Mode.ASK, Mode.OVER))


#: The modes whose plays are listed (a number picks one; in the review it tries again).
_LISTED = (Mode.PLAY, Mode.CONFIRM, Mode.REVIEW)


def shown_position(view: TurnView, viewer: int) -> Position:
    """The board to draw: the half-made or chosen play previewed for its maker."""
    shown = view.seen_by(viewer)
    if view.to_move == viewer:
        if view.phase is Phase.CONFIRM and view.pending is not None:
            shown = view.pending.result
        elif view.phase is Phase.PLAY and view.chosen:
            shown = view.current
    return shown


@dataclass(frozen=True, slots=True)
class Extras:
    """What the window adds to the session's state when building a view."""

    lang: str = "en"
    nav: NavState = NavState()
    status: tuple[str, ...] = ()
    last_move: tuple[StepPair, ...] = ()
    highlight: Target | None = None
    highlight_preview: tuple[StepPair, ...] = ()
    highlight_destinations: tuple[int, ...] = ()
    highlight_held: int | None = None
    scan: ScanStrip | None = None
    dwell: tuple[Target, float] | None = None
    finished: bool = False
    #: the match is over and its choices are offered as buttons (:attr:`NavContext.end`)
    end: bool = False
    show_cursor: bool = True   #: False while scanning until a remote key is used
    question: str | None = None
    question_value: int = 0
    #: during the review: (the mistake read, 1-based; how many; the game it was made in)
    review: tuple[int, int, int] | None = None
    #: the status's page shown (0-based), whether all its sentences are paged (the review's
    #: answer) rather than the newest kept, and whether a page follows (the More button)
    status_page: int = 0
    status_all: bool = False
    status_more: bool = False
    #: plays listed with their notation after the words ("from 24 to 23, from 24 to 20" alone
    #: unless ``--notation``, as the terminal writes them: ``App.screen_notation``)
    notation: bool = True


#: The end's choices are labelled as the terminal's scanning names them ("Review", "New match",
#: "Quit"; «Ανασκόπηση», «Νέος αγώνας», «Έξοδος»)
_END_LABELS = {"review": "scan.review", "new_match": "scan.new_match", "quit": "scan.quit"}


def build_view(view: TurnView, extras: Extras) -> BoardView:
    """The :class:`BoardView` of this frame (see the module docstring)."""
    lang = extras.lang
    viewer = view.listener
    ctx = nav_context(view, viewer, extras.finished, more=extras.status_more, end=extras.end)
    nav = extras.nav.synced(ctx)
    players = view.players

    seats = [(p.name, p.bot) for p in players]
    # the one person at the window is "You" / "Εσύ"; two people sharing it go by their names
    alone = sum(not p.bot for p in players) == 1

    def named(i: int) -> words.PlayerWords:
        return words.seat_words(seats, i, lang)

    def shown(i: int) -> str:
        if i == viewer and not players[i].bot and alone:
            return words.text("board.you", lang)
        return named(i).name

    me = shown(viewer)
    other_i = 1 - viewer
    other = shown(other_i)
    scores = view.scores
    review = extras.review if ctx.mode is Mode.REVIEW else None
    title = words.text("board.game_no", lang, game=words.game_name(view.game, lang, view.preset),
                       number=review[2] if review else view.game_number)
    # the one person's score first; two people sharing the window (or two bots) in seat order,
    # the same whoever moves, so a listener follows one order
    left = viewer if alone else 0
    score = words.text("board.score", lang, me=shown(left), a=scores[left], other=shown(1 - left),
                       b=scores[1 - left], length=words.plural("board.length", view.length, lang))
    mover_is_viewer = view.to_move == viewer
    place = ""
    if ctx.mode is Mode.OVER or ctx.end:  # (the review offered: who won, over its choices)
        winner = view.winner
        turn = ""
        if winner is not None:
            # "Κέρδισες τον αγώνα, 5 προς 3!" / "Κέρδισε η Ρίτα, 5 προς 3." (never "Νικητής: Ρίτα")
            who = named(winner)
            key = "board.match_won.you" if winner == viewer and not players[winner].bot and alone \
                else "board.match_won.other"
            turn = words.capitalize(words.text(key, lang, who=who.subject, a=max(scores),
                                               b=min(scores)))
    elif ctx.mode is Mode.REVIEW:
        # "Review: mistake 2 of 5 (Rita)" — whose play it was, when it is not the viewer's
        actor = view.actor
        n, total = review[:2] if review else (1, 1)
        turn = words.text("review.board_turn", lang, n=n, total=total,
                          name=shown(actor) if actor in (0, 1) else "")
        place = words.text("review.board_place", lang, n=n, total=total,
                           name=shown(actor) if actor in (0, 1) else "")
    elif ctx.mode is Mode.WAIT:
        actor = view.actor
        name = named(actor).name
        turn = words.text("board.thinking" if players[actor].bot else "board.turn_other", lang, name=name)
    else:  # two people at one window: whose turn by name
        turn = (words.text("board.turn_mine", lang) if alone else
                words.text("board.turn_other", lang, name=shown(view.to_move)))
    dice = view.dice
    used: tuple[int, ...] = ()
    if mover_is_viewer and view.phase is Phase.PLAY:
        used = tuple(s.die for s in view.chosen)
    elif view.phase is Phase.CONFIRM and view.pending is not None:
        used = view.pending.dice_used
    # as the terminal lists them: the words alone ("from 24 to 23, from 24 to 20"), or with
    # --notation the merged form a listener hears, then the notation ("3 times 6 to 5 hitting
    # (6/5(2) 6/5*)")
    listed = NarrationContext(lang=lang, listener=view.actor if view.actor in (0, 1) else None,
                              screen_notation=extras.notation)
    plays = tuple(listed_play(p, view.actor, listed) for p in offered_plays(view)) \
        if ctx.mode in _LISTED else ()
    short = Say(replace(listed, screen_notation=False), speech=False)
    plays_short = tuple(short.play(p, view.actor, terse=True) for p in offered_plays(view)) \
        if plays and not extras.notation else ()
    plays_notation = tuple(short.notation(p, view.actor) for p in offered_plays(view)) \
        if plays_short else ()
    acts = actions_for(ctx)
    section = "review.button_" if ctx.mode is Mode.REVIEW else "board."
    action_labels = tuple((k, words.text("review.button_more" if k == MORE else
                                         _END_LABELS[k] if ctx.end and k in _END_LABELS else
                                         section + k, lang)) for k in acts)
    preview: tuple[StepPair, ...] = ()
    if mover_is_viewer and view.phase is Phase.PLAY and view.chosen:
        preview = tuple((s.from_point, s.to_point) for s in view.chosen)
    elif ctx.mode is Mode.CONFIRM and view.pending is not None:
        preview = play_steps(view.pending, view.game, True)
    if extras.highlight_preview:
        preview = extras.highlight_preview
    dests = ctx.destinations or extras.highlight_destinations
    held = ctx.held if ctx.held is not None else extras.highlight_held
    status = extras.status
    if extras.question == "resign":
        status = (words.text("board.question_resign", lang),) + status
    elif extras.question == "take":
        status = (words.text("board.question_take", lang,
                             value=words.number(extras.question_value, lang, "m", "acc")),) + status
    return BoardView(
        position=shown_position(view, viewer), lang=lang, title=title, score=score, me=me,
        other=other,
        turn=turn, place=place, viewer_to_move=(mover_is_viewer if ctx.mode is not Mode.OVER else None),
        dice=dice, dice_used=used, plays=plays, plays_short=plays_short,
        plays_notation=plays_notation, list_open=nav.list_open,
        list_focus=nav.list_index if nav.list_open else None, pending=ctx.pending,
        actions=action_labels,
        action_focus=(nav.action_index if acts and not nav.list_open and extras.show_cursor
                      and ctx.mode is not Mode.PLAY else None),
        cursor=(nav.cursor if ctx.mode is Mode.PLAY and not nav.list_open and extras.show_cursor
                else None),
        held=held, sources=ctx.sources, destinations=dests, preview=preview,
        last_move=extras.last_move, highlight=extras.highlight, status=status, scan=extras.scan,
        dwell=extras.dwell, digits=nav.digits, status_page=extras.status_page,
        status_all=extras.status_all)
