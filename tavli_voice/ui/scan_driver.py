"""Switch scanning over the shared App, with no terminal and no window.

:class:`ScanDriver` is the glue between the pure scanning machines
(:mod:`tavli_voice.scanning`) and a match in progress (:class:`~.app.App`):

* it builds what is scanned from the session's state — the legal commands
  and plays, via :func:`tavli_voice.ui.board.scan_menu.session_scan_menu`
  (shared with the board window), with the session's suggested play offered
  first when suggestions are on — and starts the scanner on it;
* it feeds the scanner switch presses, releases and clock ticks (the time
  always comes from the injected clock, a :class:`~tavli_voice.scanning.ManualClock`
  in tests);
* when the scanner answers a command it gives it to ``app.command`` (so the
  App narrates and autosaves as usual), lets the bots play their turns, and
  scans the new state from its first item;
* every other output (a highlight, a pause, a settings change) goes to the
  listeners given with :meth:`ScanDriver.subscribe` — the terminal prints
  and speaks it, a test watches it.

One-way flow (style guide): switches → scanner → Command → session → events.
The driver never prints or sleeps; the terminal loop (:mod:`.scan_input`)
and tests drive it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Callable

from .. import commands as C
from .. import events as E
from ..scanning import (Clock, Highlight, ScanMenu, ScanOption, ScanOutput, Scanner,
                        ScanPaused, SettingsChanged, State, Switch, build_root)
from ..scanning.modes import ListMode, ScanMode, is_command
from ..scanning.options import command_option
from ..events import Phase, TurnView
from .board.scan_menu import session_scan_menu

if TYPE_CHECKING:
    from .app import App

log = logging.getLogger(__name__)

#: Something that names the play to offer first: the turn's view → 0-based index or None.
Preferred = Callable[[TurnView], "int | None"]
#: A listener for what the scanner reports (not commands: those go to the App).
Listener = Callable[[ScanOutput], None]


def suggested_first(view: TurnView) -> int | None:
    """The session's suggested play (0-based), for "preferred first": the hint, never another.

    ``None`` unless suggestions are on (``--suggest``) and there is a choice.
    """
    if view.suggested is None or len(view.plays) < 2:
        return None
    return view.suggested - 1


@dataclass
class ScanStats:
    """What scanning cost so far: highlight moves, presses, picks, commands sent."""

    steps: int = 0      #: highlight moves (by the clock, or by the NEXT switch)
    presses: int = 0    #: switch presses handed to the scanner (both switches)
    picks: int = 0      #: presses that picked something (a command or a level)
    commands: int = 0   #: commands given to the session


class ScanDriver:
    """Scan the session's legal commands and apply what the switch user picks.

    ``scanner`` is from :func:`tavli_voice.scanning.make_scanner`; ``clock``
    any object with ``now()``. With ``play_bots`` the driver lets the bots
    play as soon as a person's command is through; the board window paces them
    itself. ``preferred`` puts one play first; by default
    (:func:`suggested_first`) the session's suggestion, when the session was
    started with suggestions on (``--suggest``).
    """

    def __init__(self, app: App, scanner: Scanner, clock: Clock, *,
                 preferred: Preferred | None = None, play_bots: bool = True) -> None:
        self.app = app
        self.play_bots = play_bots  #: False: the caller paces the bots (the board window)
        self.scanner = scanner
        self.clock = clock
        self.preferred = suggested_first if preferred is None else preferred
        self.stats = ScanStats()
        #: the Settings sub-menu offers the board window's look too (bigger, colours, smaller)
        self.display = False
        self._listeners: list[Listener] = []
        self._state_key: object = None
        self.last_command: C.Command | None = None
        #: the hint asked this turn: (turn, 1-based play number); its play is then scanned
        #: first, so a switch user who asked it reaches it with one pick
        self.hinted: tuple[int, int] | None = None
        app.subscribe(self._on_events)

    # ------------------------------------------------------------ plumbing
    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(output)`` for every highlight, pause and settings change."""
        self._listeners.append(listener)

    def _emit(self, out: ScanOutput | None) -> None:
        if out is None:
            return
        for listener in self._listeners:
            try:
                listener(out)
            except Exception:  # an output must never stop the game
                log.exception("scan listener failed on %r", out)

    def _on_events(self, events: list[E.Event]) -> None:
        """Remember the hint asked (by the switch, a key or the voice) for this turn."""
        for ev in events:
            if isinstance(ev, E.HintReport):
                self.hinted = (self.app.state().turn, ev.number)

    def _hint_first(self, view: TurnView) -> int | None:
        """The play the hint named this turn (0-based), while plays are offered."""
        if self.hinted is None or self.hinted[0] != view.turn or len(view.plays) < 2:
            return None
        return self.hinted[1] - 1

    @property
    def done(self) -> bool:
        """True once the person quit (Quit picked, or the App was told to quit)."""
        return bool(self.app.quit)

    @property
    def highlighted(self) -> Highlight | None:
        """The highlight now (``None`` while paused, waiting or idle)."""
        return self.scanner.current()

    # -------------------------------------------------------------- state
    def state_key(self) -> object:
        """What decides the scanned options: it changes whenever they must be rebuilt."""
        s = self.app.state()
        return (s.turn, s.phase, s.source, len(s.chosen), s.pending is not None,
                self.app.finished, self.app.quit, s.bot_to_act, self._hint_first(s))

    def menu(self) -> ScanMenu:
        """The legal commands and plays now, with the preferred play if there is one (the
        hint's, once asked this turn)."""
        view = self.app.state()
        menu = session_scan_menu(view)
        if self.preferred is not None and len(menu.plays) > 1:
            try:
                best = self.preferred(view)
            except Exception:  # a suggestion must never stop the game
                log.exception("could not find the preferred play")
                best = None
            if best is None:
                best = self._hint_first(view)
            if best is not None and 0 <= best < len(menu.plays):
                menu = replace(menu, preferred=best)
        return menu

    def root(self) -> ScanMode | None:
        """What to scan now: the menu, the end's choices after the match (:meth:`end_root`),
        nothing for a bot."""
        if self.app.quit:
            return None
        if self.app.finished:
            return self.end_root()
        if not self.app.waiting_for_person():
            return None
        if self.app.review_question and self.app.end_choices:
            return self.end_root()
        if self.app.phase is Phase.REVIEW:  # the review after the match (ui/review_mode.py)
            from .review_mode import review_scan_root
            return review_scan_root(self.app.state(), self.scanner.settings)
        return build_root(self.menu(), self.scanner.settings, display=self.display)

    def end_root(self) -> ListMode:
        """The match is over. With the end's choices (:attr:`App.end_choices`, the terminal):
        while the review is offered "Review" (its yes), "New match", "Quit"; after the review
        (or without one) "New match", "Quit", the likely choice first. Else "Quit" alone, so
        one press leaves (the board window closes)."""
        if not self.app.end_choices:
            return ListMode((command_option(C.Quit()),))
        first = (ScanOption("review", command=C.Yes()),) if self.app.review_question else ()
        return ListMode(first + (command_option(C.NewMatch()), command_option(C.Quit())))

    def run_bots(self) -> None:
        """Let the bots play until a person must act (their events are narrated by the App)."""
        if not self.play_bots:
            return
        guard = 0
        while self.app.bot_to_act() and guard < 1000:
            self.app.bot_step()
            self.app.pump()
            guard += 1

    def refresh(self, t: float | None = None) -> None:
        """Scan the current state from its first item (after any change)."""
        now = self.clock.now() if t is None else t
        self._state_key = self.state_key()
        self._emit(self.scanner.start(self.root(), now))

    def sync(self, t: float | None = None) -> None:
        """Rebuild the options if the session changed behind the scanner's back (R9 timer)."""
        self.run_bots()
        if self.state_key() != self._state_key:
            self.refresh(t)

    def begin(self, events: list[E.Event] | None = None) -> None:
        """Start (or resume) the match, let bots act first if they must, and start scanning.

        ``events`` are a resumed match's events (from ``Session.restore``). A
        session that has already started is never started again: without
        ``events`` it is announced as resumed.
        """
        view = self.app.state()
        if events is None and view.turn > 0:
            events = [E.MatchStarted(view.kind, view.length, view.preset, view.players,
                                     resumed=True)]
        self.app.start(events)
        self.run_bots()
        self.refresh()

    # ------------------------------------------------------------- inputs
    def tick(self, t: float | None = None) -> ScanOutput | None:
        """Time passes: the highlight may move, a hold may finish, a pause may end."""
        now = self.clock.now() if t is None else t
        moving = self.scanner.state is State.SCANNING
        level = self.scanner.mode
        out = self.scanner.tick(now)
        if isinstance(out, Highlight) and moving:
            if self.scanner.mode is level:
                self.stats.steps += 1
            else:  # a hold long enough opened a level
                self.stats.picks += 1
        elif out is not None and moving and not isinstance(out, ScanPaused):
            self.stats.picks += 1  # a hold long enough picked a command or a setting
        return self._handle(out, now)

    def press(self, switch: Switch = Switch.PICK, t: float | None = None) -> ScanOutput | None:
        """A switch went down at ``t`` (default: now)."""
        now = self.clock.now() if t is None else t
        self.stats.presses += 1
        before = self.scanner.state
        picked_from = self.scanner.mode
        out = self.scanner.press(now, switch)
        if before is State.SCANNING and out is not None:
            if switch is Switch.NEXT and isinstance(out, Highlight):
                self.stats.steps += 1
            elif switch is Switch.PICK or self.scanner.mode is not picked_from:
                self.stats.picks += 1
        return self._handle(out, now)

    def release(self, switch: Switch = Switch.PICK, t: float | None = None) -> ScanOutput | None:
        """A switch came up at ``t`` (matters only with hold to pick)."""
        now = self.clock.now() if t is None else t
        out = self.scanner.release(now, switch)
        if out is not None and not isinstance(out, (Highlight, ScanPaused)):
            self.stats.picks += 1
        return self._handle(out, now)

    def _handle(self, out: ScanOutput | None, now: float) -> ScanOutput | None:
        """Commands go to the App (then bots, then a fresh menu); the rest to listeners."""
        if out is None:
            return None
        if is_command(out):
            self.stats.commands += 1
            self.last_command = out
            if isinstance(out, C.NewMatch):
                self.hinted = None  # the new match's turns count from 0 again
            self.app.command(out)
            self.run_bots()
            self.refresh(now)
            return out
        if isinstance(out, SettingsChanged):
            self._emit(out)
            return out
        self._emit(out)
        return out


__all__ = ["ScanDriver", "ScanStats", "suggested_first", "Preferred", "Listener"]
