"""The board window: a pygame loop around the shared :class:`~tavli_voice.ui.app.App`.

One more front end on the same session: inputs become commands
(``app.command``), outputs come back as events (``app.subscribe``), and the
loop drives what must move by itself — bots, paced so a person can follow
(``bot_delay`` seconds between bot actions), the R9 timer (``app.tick``),
the narrator (``app.pump``), the scanner's clock and dwell selection.
Autosave is the App's, after every change.

``run_window`` never lets a traceback reach the player: no pygame or no
display gives a short message in English and Greek and
:data:`EXIT_NO_DISPLAY` (the CLI then falls back to the terminal); any other
failure is logged, the match saved, a message printed and 1 returned.

Tests and demos drive :class:`BoardWindow` frame by frame (``frame()``) or
pass ``on_frame`` to :func:`run_window`, posting pygame events; with
``SDL_VIDEODRIVER=dummy`` everything runs headless and ``screenshot()``
saves what would be on screen.
"""

from __future__ import annotations

import logging
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, TextIO

from ... import commands as C
from ... import events as E
from ...events import Phase
from ...scanning import (Clock, Highlight, MonotonicClock, ScanOutput, ScanPaused, Scanner,
                         ScanSettings, SettingsChanged, StepMode, Switch, make_scanner)
from ..app import INTERRUPTED, App, Source
from ..scan_driver import ScanDriver
from ..scan_input import step_sentence
from .inputs import SCALE_STEP, Input, Kind, SwitchMap, switch_map, translate
from .layout import (HEADER_LINES, MIN_SIZE, REVIEW_BUTTONS, ROW_BUTTONS, SCANNED_PLAYS, STATUS_LINES,
                     BoardLayout, below_rows, compute_layout, hit_point, hit_rect, panel_geometry,
                     status_fit)
from .model import BoardView, Extras, build_view, nav_context, play_steps
from .navigation import (DEFAULT_DWELL, TRY_AGAIN, DwellState, Key, Mode, NavContext, NavState,
                         Target, actions_for, dwell, dwell_progress, open_list, press_digit,
                         press_key, press_page, target_command)
from .scanview import scan_show
from .theme import THEMES, Theme, find_theme
from ... import words
from ...scanning.modes import DISPLAY_ADJUSTS, ScanAdjust
from ...scanning.words import interval_text

log = logging.getLogger(__name__)

#: Exit code when no window can be opened (no pygame, no display): the CLI
#: then falls back to the terminal (:mod:`tavli_voice.startup` checks for 2).
EXIT_NO_DISPLAY = 2
#: Exit code when ``max_frames`` ran out (a runaway test or demo).
EXIT_FRAMES = 4
#: Exit code when the window stopped on an unexpected error (the match is saved).
EXIT_ERROR = 1
#: Rows of the status while reviewing: which mistake, whose roll, the expert's play and
#: the cost of the play made, each whole (a Greek cost in words, «είκοσι τέσσερις παρτίδες
#: στις εκατό», takes four rows of the narrowest panel).
REVIEW_STATUS_LINES = 7
#: The same while a switch scans a window whose panel is one column (the scan strip under it).
SCANNED_STATUS_LINES = 5
#: Rows of the status while a question waits (resign, leave, a double): no plays are
#: listed, so the question takes the list's room and is read whole (the Greek resign
#: question, «Παραιτείσαι από αυτή την παρτίδα; Έτσι η Ρίτα παίρνει …», takes five rows).
QUESTION_STATUS_LINES = 7
#: The remote's keys that act (the others only move the focus).
_ACTING_KEYS = (Key.OK, Key.ROLL, Key.UNDO)
#: Video drivers that show nothing to a person: a window there is no window.
_INVISIBLE_DRIVERS = ("offscreen", "dummy")

#: The window's usual size; on a smaller screen it opens at the screen's size.
DEFAULT_SIZE = (1280, 800)


def opening_size(asked: tuple[int, int] | None, screens: list[tuple[int, int]]
                 ) -> tuple[int, int]:
    """The size the window opens at: ``asked`` when given; else :data:`DEFAULT_SIZE`, each
    side no larger than the first of ``screens`` (the desktops' sizes): 1024x700 on a
    1024x700 screen, where 1280x800 put the panel and its buttons off the screen.

    >>> opening_size(None, [(1024, 700)]), opening_size(None, [(1920, 1080)])
    ((1024, 700), (1280, 800))
    """
    if asked is not None:
        return asked
    screen = next((s for s in screens if s[0] > 0 and s[1] > 0), None)
    if screen is None:
        return DEFAULT_SIZE
    return (min(DEFAULT_SIZE[0], int(screen[0])), min(DEFAULT_SIZE[1], int(screen[1])))


def screen_sizes(pg: Any) -> list[tuple[int, int]]:
    """The desktops' sizes, [] when the video driver shows nothing (the dummy driver's
    made-up 1024x768) or cannot tell."""
    if pg.display.get_driver() in _INVISIBLE_DRIVERS:
        return []
    try:
        return [(int(w), int(h)) for w, h in pg.display.get_desktop_sizes()]
    except (AttributeError, pg.error):
        return []


class WindowUnavailable(RuntimeError):
    """No window can be shown (``why`` says what was missing)."""

    def __init__(self, why: str, key: str = "no_display") -> None:
        super().__init__(why)
        self.why = why
        self.key = key


class BoardWindow:
    """The window's state and one frame of its loop (see the module docstring).

    ``scan_settings`` turns switch scanning on (auto or step, as the settings
    say); ``dwell`` (seconds) turns dwell selection on; ``clock`` is any
    object with ``now()`` (a :class:`~tavli_voice.scanning.ManualClock` in
    tests). ``on_scan_settings`` is called with new settings when the user
    makes scanning slower or faster from the scan menu (the CLI saves them).
    """

    def __init__(self, app: App, *, scan_settings: ScanSettings | None = None,
                 sources: list[Source] | None = None,
                 resumed_events: list[E.Event] | None = None,
                 theme: str | Theme = "high_contrast", scale: float = 1.0,
                 size: tuple[int, int] | None = None, fullscreen: bool = False,
                 bot_delay: float = 0.8, dwell: float | None = None,
                 clock: Clock | None = None, mouse_switch: bool = True,
                 on_scan_settings: Callable[[ScanSettings], None] | None = None,
                 on_display: Callable[[str, float], None] | None = None,
                 close_when_over: bool = False) -> None:
        self.app = app
        #: called with the theme's name and the scale after either changes (the CLI keeps them)
        self.on_display = on_display
        self.lang = app.lang if app.lang in ("en", "el") else "en"
        self.theme = theme if isinstance(theme, Theme) else find_theme(theme, scale)
        #: the size asked for; None: :data:`DEFAULT_SIZE`, or the screen's when smaller
        self.size: tuple[int, int] = size or DEFAULT_SIZE
        self._size_asked = size
        self.fullscreen = fullscreen
        self.bot_delay = max(0.0, bot_delay)
        self.dwell_time = dwell
        self.clock: Clock = clock or MonotonicClock()
        self.close_when_over = close_when_over
        self.on_scan_settings = on_scan_settings
        self.scan_settings = scan_settings
        self.sources = list(sources or [])
        self.resumed_events = resumed_events
        self.scanner: Scanner | None = None
        self.scan_driver: ScanDriver | None = None
        #: the steps already said in step-by-step choice (a new one is said with the next option)
        self._steps_said: tuple[tuple[int, int], ...] = ()
        if scan_settings is not None:
            narrator = app.narrator
            speaking = (narrator.is_speaking if narrator is not None else None)
            self.scanner = make_scanner(scan_settings, is_speaking=speaking)
            # the same driver as the terminal's scanning; the window paces the bots itself
            self.scan_driver = ScanDriver(app, self.scanner, self.clock, play_bots=False)
            self.scan_driver.display = True  # Settings: bigger, other colours, smaller too
            app.switch_input = True  # a review said from now on offers its scan items
            app.list_plays = False  # the scanner reads the options, as in the terminal's scanning
            self.scan_driver.subscribe(self._scan_output)
        self._mouse_switch = mouse_switch
        self.switches: SwitchMap | None = None
        self.nav = NavState()
        self.dwell_state = DwellState()
        self.status: list[str] = []
        #: the status's page shown; whether a page follows it (the review's More button);
        #: whether the status is new (More, when it appears, takes the focus)
        self.status_page = 0
        self._status_more = False
        self._status_new = False
        self._more_asked = 0  #: the review's More commands already acted on
        self._game_more_asked = 0  #: a game's More commands already acted on (App.more_asked)
        #: the newest message is the help: the status is as tall as the review's to read it
        self._help_shown = False
        self.last_move: tuple[tuple[int, int], ...] = ()
        self.question: tuple[str, int] | None = None
        self.view: BoardView | None = None
        self.geometry: Any = None
        self.layout: Any = None
        self.frames = 0
        #: rows of the panel's header (one more while the score takes two)
        self._header_lines = HEADER_LINES
        self.closing = False
        self._bot_due: float | None = None
        self._pointer: tuple[int, int] | None = None
        self._remote_used = False
        self._click_down = False
        #: the turn (``session.turn_counter``) a press made during the computer's turn was
        #: answered "Wait: it is Rita's turn." in; the next presses that turn are let go quietly
        self._told_wait: int | None = None
        self._pg: Any = None
        self.screen: Any = None
        self.fonts: Any = None
        self.joysticks: list[Any] = []
        app.subscribe(self._on_events)

    # ------------------------------------------------------------ opening
    def open(self) -> None:
        """Open the display; raises :class:`WindowUnavailable` when none can be shown."""
        try:
            import pygame
        except ImportError as exc:
            raise WindowUnavailable(str(exc), "no_pygame") from None
        self._pg = pygame
        requested = os.environ.get("SDL_VIDEODRIVER", "")
        if (sys.platform.startswith("linux") and not requested
                and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))):
            # nothing to show a window on: say so without asking SDL (which would
            # print its own English error lines onto the player's terminal)
            raise WindowUnavailable("neither DISPLAY nor WAYLAND_DISPLAY is set")
        try:
            with _stderr_to_log():
                pygame.display.init()
        except pygame.error as exc:
            raise WindowUnavailable(str(exc)) from None
        driver = pygame.display.get_driver()
        if driver in _INVISIBLE_DRIVERS and driver not in requested:
            pygame.display.quit()
            raise WindowUnavailable(f"video driver {driver!r}")
        self.size = opening_size(self._size_asked, screen_sizes(pygame))
        try:
            self._set_mode(self.size)
        except pygame.error as exc:
            pygame.display.quit()
            raise WindowUnavailable(str(exc)) from None
        pygame.display.set_caption(words.text("board.title", self.lang))
        pygame.font.init()
        try:
            pygame.joystick.init()
            self.joysticks = [pygame.joystick.Joystick(i)
                              for i in range(pygame.joystick.get_count())]
        except pygame.error:  # no joystick subsystem: keys and mouse still work
            self.joysticks = []
        from .render import Fonts

        self.fonts = Fonts()
        if self.scan_settings is not None:
            self.switches = switch_map(self.scan_settings.pick_key, self.scan_settings.next_key,
                                       mouse=self._mouse_switch)
        if self.resumed_events is not None:
            self.app.start(self.resumed_events)
        elif self.app.state().game_number == 0:
            self.app.start()

    def _set_mode(self, size: tuple[int, int]) -> bool:
        """Open or resize the window, never smaller than the layout's :data:`MIN_SIZE`
        (below it the panel would be cut off); True when ``size`` was too small."""
        pg = self._pg
        flags = pg.FULLSCREEN if self.fullscreen else pg.RESIZABLE
        kept = (max(int(size[0]), MIN_SIZE[0]), max(int(size[1]), MIN_SIZE[1]))
        self.screen = pg.display.set_mode(kept if not self.fullscreen else (0, 0), flags)
        self.layout = self._compute_layout(self.screen.get_width(), self.screen.get_height())
        return not self.fullscreen and kept != tuple(size)

    def _keep_min_size(self) -> None:
        """The window was made smaller than everything needs: it goes back to the smallest
        size that shows it all, and the player is told why (shown and spoken)."""
        width, height = self.screen.get_size()
        if self.fullscreen or (width >= MIN_SIZE[0] and height >= MIN_SIZE[1]):
            return
        self.size = (max(width, MIN_SIZE[0]), max(height, MIN_SIZE[1]))
        self._set_mode(self.size)
        self._tell_min_size()

    def _tell_min_size(self) -> None:
        if self.app.review is None:  # (the review's status keeps its answer)
            self.app.notice(words.text("board.min_size", self.lang, width=MIN_SIZE[0],
                                       height=MIN_SIZE[1]))

    def _status_lines(self) -> int:
        """Rows of the status: more while reviewing (the mistake, the roll, the expert's play
        and its cost stay whole), the usual three in a game."""
        if self.app.review is not None or self._help_shown:
            return REVIEW_STATUS_LINES
        if self._question_open():
            return QUESTION_STATUS_LINES
        return STATUS_LINES

    def _question_open(self) -> bool:
        """A yes-or-no question or a double waits, or the match's end offers its choices:
        nothing is listed under the status (its closing line is read whole)."""
        return self.app.review is None and (self.app.state().phase in (Phase.ASK, Phase.ANSWER)
                                            or self._end())

    def _compute_layout(self, width: int, height: int) -> BoardLayout:
        lines = self._status_lines()
        head = self._header_lines
        layout = compute_layout(width, height, self.theme.scale, status_lines=lines,
                                header_lines=head)
        if self.scanner is not None and lines > SCANNED_STATUS_LINES \
                and not layout.panel.two_columns and not self._question_open():
            # the scan strip sits under the status in one column: a shorter status (a long
            # answer has pages) leaves the list room for several plays
            layout = compute_layout(width, height, self.theme.scale, status_lines=SCANNED_STATUS_LINES,
                                    header_lines=head)
            crowded = panel_geometry(layout, SCANNED_PLAYS + 1, None, ("",) * (ROW_BUTTONS + 1), True)
            if crowded.capacity < SCANNED_PLAYS:
                # a short window (1024x700): the status's usual three rows, the answer paged,
                # so that a page of the list holds several plays
                layout = compute_layout(width, height, self.theme.scale, status_lines=STATUS_LINES,
                                        header_lines=head)
                crowded = panel_geometry(layout, SCANNED_PLAYS + 1, None,
                                         ("",) * (ROW_BUTTONS + 1), True)
                if crowded.capacity < SCANNED_PLAYS and head > HEADER_LINES:
                    # and the usual header: a score on two rows takes the marks' second
                    # row (a review shows one mark, the frame)
                    layout = compute_layout(width, height, self.theme.scale,
                                            status_lines=STATUS_LINES)
        elif self.scanner is None and lines > STATUS_LINES and not self._question_open():
            # a short panel in one column (the review at 800x600): the status gives up rows
            # (a long answer has pages) until a play shows whole above two rows of buttons
            while lines > STATUS_LINES and not _play_row_fits(layout):
                lines -= 1
                layout = compute_layout(width, height, self.theme.scale, status_lines=lines,
                                        header_lines=head)
            if self.app.review is not None and layout.side_panel and not _review_fits(layout):
                layout = _buttons_below(width, height, self.theme.scale, self._status_lines(), head)
        if self.scanner is not None and self.app.review is not None and layout.side_panel \
                and not _review_fits(layout, scanning=True):
            layout = _buttons_below(width, height, self.theme.scale, self._status_lines(), head,
                                    scanning=True)
        if self.app.review is None and layout.side_panel \
                and not _game_row_fits(width, height, self.theme.scale, head):
            # a game at 480x360: a play's row held one line of its words at 13 px, cut; the
            # scan strip covered the Roll button
            layout = _buttons_below(width, height, self.theme.scale, lines, head, GAME_BUTTONS,
                                    scanning=self.scanner is not None)
            if self._end():
                # the match's end: the status (who won, then the offer of the review, whole:
                # six rows in Greek beside the scan strip) takes the header's rows
                layout = compute_layout(width, height, self.theme.scale, status_lines=lines,
                                        header_lines=0,
                                        below=below_rows(width, height, GAME_BUTTONS,
                                                         self.theme.scale),
                                        scanning=self.scanner is not None, listed=False)
        return layout

    def resize(self, size: tuple[int, int]) -> None:
        """Resize the window (what the window manager does; used by tests)."""
        if self._set_mode(size):
            self._tell_min_size()
        self.size = self.screen.get_size()

    def close(self) -> None:
        """Close the display (pygame itself stays importable)."""
        if self._pg is not None:
            self._pg.display.quit()

    # ------------------------------------------------------------- events
    def _on_events(self, events: list[E.Event]) -> None:
        """Subscriber: remember the last play, the question, and the screen lines."""
        view = self.app.state()
        viewer = view.listener
        if self.app.review is not None and events \
                and all(isinstance(ev, E.Notice) for ev in events):
            # the review answers each command anew: which mistake, whose roll, the expert's
            # play and the cost, as the terminal says them (the plays are listed)
            shown = list(self.app.review.status)
            texts = [ev.text for ev in events]  # type: ignore[attr-defined]
            self.status = shown if shown and set(shown) <= set(texts) else review_status(texts)
            self.status_page, self._status_new = 0, True
            return
        for ev in events:
            if isinstance(ev, E.PlayMade):
                same = ev.player == viewer
                self.last_move = () if same else play_steps(ev.play, view.game, False)
            elif isinstance(ev, E.GameStarted):
                self.last_move = ()
            elif isinstance(ev, E.MatchStarted):
                self._new_match()
            if isinstance(ev, E.QuestionAsked):
                self.question = (ev.kind, ev.value)
            elif not isinstance(ev, (E.CommandRejected,)) and self.question is not None \
                    and view.phase not in (Phase.ASK, Phase.ANSWER):
                self.question = None
            line = self._screen_line(ev)
            if line:
                self.status = (self.status + line.splitlines())[-3:]
                self.status_page = 0
                self._help_shown = isinstance(ev, E.HelpReport)

    def _new_match(self) -> None:
        """A match starts (another after "New match"): nothing of the one before is left on
        screen, and its turns count from 0 again."""
        self.status, self.status_page, self._status_more = [], 0, False
        self.last_move, self.question, self._told_wait = (), None, None
        self.nav, self._game_more_asked = NavState(), 0
        self._steps_said = ()
        if self.scan_driver is not None:
            self.scan_driver.hinted = None  # (a hint of the match before is not this one's)

    def _screen_line(self, ev: E.Event) -> str:
        if isinstance(ev, (E.PlaysOffered, E.StepOptions, E.TurnStarted)):
            return ""
        try:
            from dataclasses import replace as _replace

            from ...narration.phrases import screen_text

            ctx = _replace(self.app.context(), show_keys=False, window=True)
            if isinstance(ev, E.HelpReport):
                # what can be done now, as one message the status shows whole, a page at a
                # time (More), not only aloud: "You can: roll the dice · … · quit"
                intro, *lines = screen_text(ev, ctx).splitlines()
                if self.scanner is not None:  # a switch changes the look in Menu → Settings
                    lines.append(words.text("help.window.scan_settings", self.lang))
                return " ".join([intro, " · ".join(lines)]) if lines else intro
            return screen_text(ev, ctx)
        except Exception:  # words must never stop the game
            log.debug("no screen text for %r", ev, exc_info=True)
            if isinstance(ev, E.CommandRejected):
                return words.text("board.rejected", self.lang)
            return ""

    def send(self, command: C.Command | None) -> None:
        """Give one person's command to the app (the one way in)."""
        if command is None:
            return
        if isinstance(command, C.Quit) and self.app.finished:
            self.app.command(command)
            self.closing = True
            return
        self.app.command(command)

    def _ctx(self) -> NavContext:
        view = self.app.state()
        return nav_context(view, view.listener, self.app.finished, more=self._status_more,
                           end=self._end())

    def _end(self) -> bool:
        """The match is over and its choices are buttons (``App.end_choices``): "Review" while
        the review is offered, "New match", "Quit"."""
        app = self.app
        return app.end_choices and app.review is None and (app.review_question or app.finished)

    def handle(self, inp: Input, now: float) -> None:
        """Act on one translated input."""
        ctx = self._ctx()
        if inp.kind is Kind.QUIT:
            self.app.command(C.Quit())
            self.closing = True
        elif inp.kind is Kind.KEY and inp.key is not None:
            self._remote_used = True
            self.nav, cmd = press_key(self.nav, inp.key, ctx)
            if cmd is not None and isinstance(cmd, C.Quit):
                self.closing = True
            self.send(cmd)
        elif inp.kind is Kind.DIGIT:
            self.nav, cmd = press_digit(self.nav, inp.digit, ctx)
            self.send(cmd)
        elif inp.kind is Kind.COMMAND:
            if isinstance(inp.command, C.Quit) and self.app.review is None:
                self.closing = True  # (in the review q ends it: its summary stays on screen)
            self.send(inp.command)
        elif inp.kind is Kind.CLICK:
            self.press_target(self.target_at(inp.pos), ctx)
        elif inp.kind is Kind.POINTER:
            self._pointer = inp.pos
        elif inp.kind in (Kind.SWITCH_DOWN, Kind.SWITCH_UP):
            self._switch(inp, ctx, now)
        elif inp.kind is Kind.TALK:
            for source in self.sources:
                talk = getattr(source, "push_to_talk", None)
                if callable(talk):
                    talk(inp.step > 0)
        elif inp.kind in (Kind.PAGE, Kind.THEME, Kind.SCALE):
            self._display(inp, ctx)
        elif inp.kind is Kind.UNKNOWN and self.app.review is None:
            # a key that does nothing says so (shown and spoken), and nothing changes
            self.app.notice(words.text("board.unknown_key", self.lang, key=inp.text))

    def _pressed_in_bots_turn(self, inp: Input) -> bool:
        """A switch press, a digit or the remote's OK, Roll or Undo while a computer player
        plays (the window paces its turn): nothing is done, and the first such press of the
        turn is answered "Wait: it is Rita's turn." (shown and spoken) so it is not lost
        unheard. A click on a button goes on (its command says the same)."""
        if self.app.review is not None or not self.app.bot_to_act():
            return False
        if inp.kind in (Kind.SWITCH_DOWN, Kind.SWITCH_UP):
            if inp.mouse and self.target_at(inp.pos) is not None:
                return False
            pressed = inp.kind is Kind.SWITCH_DOWN
        elif inp.kind is Kind.DIGIT or (inp.kind is Kind.KEY and inp.key in _ACTING_KEYS):
            pressed = True
        else:
            return False
        turn = self.app.session.turn_counter
        if pressed and self._told_wait != turn:
            self._told_wait = turn
            self.app.not_your_turn()
        return True

    def _display(self, inp: Input, ctx: NavContext) -> None:
        """Inputs that change only what is shown: the page of plays, the theme, the scale."""
        if inp.kind is Kind.PAGE:
            page = self.geometry.capacity if self.geometry is not None else 1
            self.nav = press_page(self.nav, int(inp.step), ctx, page)
        elif inp.kind is Kind.THEME:
            self.change_look(colours=True)
        elif inp.kind is Kind.SCALE:
            self.change_look(step=inp.step)

    def change_look(self, *, colours: bool = False, step: float = 0.0) -> None:
        """Other colours, or text and buttons ``step`` bigger (F2, + and −, or the scan menu's
        Settings): redrawn, said in words, and given to ``on_display`` to keep."""
        if colours:
            names = list(THEMES)
            nxt = names[(names.index(self.theme.name) + 1) % len(names)]
            self.theme = find_theme(nxt, self.theme.scale)
            said = words.text("board.colours_now", self.lang,
                              name=words.text(f"board.theme_{nxt}", self.lang))
        else:
            before = self.theme.scale
            self.theme = self.theme.with_scale(before + step)
            if self.screen is not None:
                self.layout = self._compute_layout(self.screen.get_width(),
                                                   self.screen.get_height())
            said = words.text("board.size" if self.theme.scale != before else "board.size_limit",
                              self.lang, pct=round(self.theme.scale * 100))
        if self.on_display is not None:
            try:
                self.on_display(self.theme.name, self.theme.scale)
            except OSError as exc:
                log.warning("could not save the window's look: %s", exc)
        if self.app.review is None:
            self.app.notice(said)  # shown and spoken
        else:  # the review's status keeps its answer
            self._speak(said)

    def _clicked_button(self, inp: Input, ctx: NavContext) -> bool:
        """A mouse press on a button or play acts on it (True); elsewhere it is a switch."""
        if not inp.mouse:
            return False
        target = self.target_at(inp.pos)
        if inp.kind is Kind.SWITCH_DOWN:
            self._click_down = target is not None and target[0] != "point"
            if self._click_down:
                self.press_target(target, ctx)
            return self._click_down
        was, self._click_down = self._click_down, False
        return was  # the release of a press that clicked a button

    def _switch(self, inp: Input, ctx: NavContext, now: float) -> None:
        """A switch went down or up (a key, a joystick button, or the mouse as a switch)."""
        if self._clicked_button(inp, ctx):
            return  # a click or touch on a button does what the button says, scanning or not
        if self.scan_driver is None:
            return
        self._remote_used = False  # the switch is in use: its highlight is the one shown
        self._sync_scanner(now)
        act = self.scan_driver.press if inp.kind is Kind.SWITCH_DOWN else self.scan_driver.release
        act(inp.switch or Switch.PICK, now)

    def press_target(self, target: Target | None, ctx: NavContext) -> None:
        """A click or dwell on ``target``: its command, or the review's Try again opening
        the list of plays (a click on a play then tries it)."""
        if target == ("action", TRY_AGAIN) and ctx.mode is Mode.REVIEW:
            self.nav = open_list(self.nav.synced(ctx), ctx)
            return
        self.send(target_command(target, ctx))

    def more(self) -> None:
        """Show the status's next page (the review's ``More``: its button, Enter on it, a
        click, a dwell or the switch all send it). On the last page More is gone, and the
        focus stays on the button it was on."""
        if not self._status_more:
            return
        self.status_page += 1
        self._status_more = self.status_page < self._status_pages() - 1
        if not self._status_more and self.nav.action_index > 0:
            self.nav = replace(self.nav, action_index=self.nav.action_index - 1)

    def _status_pages(self, status: tuple[str, ...] | None = None) -> int:
        """How many pages the status needs in the window as laid out now."""
        from .render import shown_status_pages

        if self.fonts is None or self.layout is None:
            return 1
        if status is None:
            status = self.view.status if self.view is not None else tuple(self.status)
        return len(shown_status_pages(self.fonts, self.theme, self.layout.panel, status,
                                      self.lang, newest=self.app.review is None))

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        """The button or point under ``pos`` (buttons first; generous point targets)."""
        geo = self.geometry
        if geo is not None:
            i = hit_rect([r for _, r in geo.plays], *pos)
            if i is not None:
                return ("play", geo.plays[i][0])
            i = hit_rect([r for _, r in geo.actions], *pos)
            if i is not None:
                return ("action", geo.actions[i][0])
        if self.layout is not None:
            p = hit_point(self.layout, *pos)
            if p is not None:
                return ("point", p)
        return None

    # ----------------------------------------------------------- scanning
    def _sync_scanner(self, now: float) -> None:
        """Rebuild the scanned options whenever the session's state changed."""
        if self.scan_driver is not None:
            self.scan_driver.sync(now)

    def _scan_output(self, out: ScanOutput) -> None:
        """What the scanner reports besides commands (those the driver gives the app)."""
        if isinstance(out, Highlight):
            news = self._step_news()
            if news:  # shown too, so the step is read in words, not only from its arrow
                self.status = (self.status + [news])[-3:]
                self.status_page = 0
            label = out.option.label(self.lang)  # type: ignore[arg-type]
            self._speak(f"{news} {label}" if news else label)
        elif isinstance(out, ScanPaused):
            self._speak(words.text("scan.scan_paused", self.lang))
        elif isinstance(out, SettingsChanged) and out.adjust in DISPLAY_ADJUSTS:
            if out.adjust is ScanAdjust.COLOURS:
                self.change_look(colours=True)
            else:
                self.change_look(step=SCALE_STEP if out.adjust is ScanAdjust.BIGGER
                                 else -SCALE_STEP)
        elif isinstance(out, SettingsChanged):
            self.scan_settings = out.settings
            if self.on_scan_settings is not None:
                try:
                    self.on_scan_settings(out.settings)
                except OSError as exc:
                    log.warning("could not save scanning settings: %s", exc)
            self._speak(interval_text(out.settings.interval, self.lang))  # type: ignore[arg-type]

    def _step_news(self) -> str:
        """The step just taken in step-by-step choice, shown in the status and said before the
        next option ("From 24 to 23; 1, 1 and 1 to play."), as the terminal prints it; "" when
        none was taken."""
        mode = self.scanner.mode if self.scanner is not None else None
        chosen = tuple(mode.chosen) if isinstance(mode, StepMode) else ()
        said, self._steps_said = self._steps_said, chosen
        dice = self.app.state().dice
        if len(chosen) <= len(said) or chosen[:len(said)] != said or dice is None:
            return ""
        return step_sentence(chosen, dice, self.lang)

    def _speak(self, text: str) -> None:
        narrator = self.app.narrator
        if narrator is None or not text:
            return
        try:
            from ...narration.priorities import Priority
            from ...narration.utterance import Utterance

            narrator.say(Utterance.from_text(text, lang=self.lang, priority=Priority.TEXT,
                                             turn=self.app.turn, tag="scan"))
        except Exception:  # speech must never stop the game
            log.exception("could not speak %r", text)

    # -------------------------------------------------------------- frame
    def frame(self) -> bool:
        """Run one frame: inputs, timers, bots, narrator, drawing. False when closing."""
        pg = self._pg
        now = self.clock.now()
        for event in pg.event.get():
            if event.type == pg.JOYDEVICEADDED:  # a switch interface plugged in while playing
                try:
                    self.joysticks.append(pg.joystick.Joystick(event.device_index))
                except pg.error:
                    log.warning("could not open joystick %s", event.device_index)
                continue
            inp = translate(event, self.switches)
            if inp is not None and not self._pressed_in_bots_turn(inp):
                self.handle(inp, now)
            if self.closing:
                break
        self._poll_sources()
        if self.closing or self.app.quit:
            return False
        self.nav = self.nav.synced(self._ctx())  # (a typed first digit waits for OK or the next)
        self._sync_scanner(now)
        if self.scan_driver is not None:
            self.scan_driver.tick(now)
        self._dwell(now)
        if self.app.bot_to_act():
            if self._bot_due is None:
                self._bot_due = now + self.bot_delay
            if now >= self._bot_due:
                self._bot_due = None
                self.app.bot_step()
        else:
            self._bot_due = None
        self.app.tick(now)
        self.app.pump()
        if self.closing or self.app.quit:
            return False
        if self.close_when_over and self.app.finished:
            return False
        self.draw(now)
        self.frames += 1
        return True

    def _poll_sources(self) -> None:
        """Commands from other inputs (the voice recognizer …): ``poll()`` → command or None."""
        for source in self.sources:
            for _ in range(8):  # a few per frame at most: drawing must go on
                try:
                    cmd = source.poll()
                except Exception:  # an input must never stop the game
                    log.exception("input source failed")
                    break
                if cmd is None:
                    break
                if isinstance(cmd, C.Quit) and self.app.review is None:
                    self.closing = True
                self.send(cmd)

    def _dwell(self, now: float) -> None:
        if self.dwell_time is None or self._pointer is None:
            return
        target = self.target_at(self._pointer)
        if target is not None and target[0] == "point":
            target = None  # reading the board with the eyes must not move checkers
        self.dwell_state, fired = dwell(self.dwell_state, target, now, self.dwell_time)
        if fired is not None:
            self.press_target(fired, self._ctx())

    def build_view(self, now: float) -> BoardView:
        """This frame's :class:`BoardView`."""
        review = self.app.review
        if review is not None and review.more_asked != self._more_asked:
            turned = review.more_asked > self._more_asked  # (a new review counts from 0)
            self._more_asked = review.more_asked
            if turned:
                self.more()  # More came as a command (a key, a button, the switch)
        if review is None and self.app.more_asked != self._game_more_asked:
            self._game_more_asked = self.app.more_asked
            self.more()  # a game's status: More by key, button, switch or voice
        view = self.app.state()
        ctx = self._ctx()
        show = scan_show(self.scanner, view, self.lang, self.app.screen_notation,
                         actions=actions_for(ctx)) if self.scanner is not None else None
        self.nav = self.nav.synced(ctx)
        dwell_view = None
        if self.dwell_time is not None and self.dwell_state.target is not None:
            dwell_view = (self.dwell_state.target,
                          dwell_progress(self.dwell_state, now, self.dwell_time))
        status = tuple(self.status)
        if self.app.finished:
            # a switch user closes with the switch (Quit scanned alone, or "New match", "Quit")
            switch = self.scanner is not None and not self._remote_used
            key = "board.close_prompt" + ("_end" if self._end() else "") + ("_switch" if switch else "")
            status = status + (words.text(key, self.lang,
                                          new=words.text("scan.new_match", self.lang),
                                          quit=words.text("scan.quit", self.lang)),)
        # one highlight at a time: the keys' cursor while they are in use, else the switch's
        marks = show if show is not None and not self._remote_used else None
        extras = Extras(
            lang=self.lang, nav=self.nav, status=status, last_move=self.last_move,
            highlight=marks.highlight if marks else None,
            highlight_preview=marks.preview if marks and ctx.mode is Mode.PLAY else (),
            highlight_destinations=marks.destinations if marks else (),
            highlight_held=marks.held if marks else None,
            scan=show.strip if show and self.scanner is not None else None,
            dwell=dwell_view, finished=self.app.finished, end=self._end(),
            show_cursor=self.scanner is None or self._remote_used,
            question=self.question[0] if self.question else None,
            question_value=self.question[1] if self.question else 0,
            review=self._review_place(), status_page=self.status_page,
            status_all=self.app.review is not None, notation=self.app.screen_notation)
        board = build_view(view, extras)
        pages = self._status_pages(board.status)
        page = min(self.status_page, pages - 1)
        more = page < pages - 1
        if self._status_new and more:  # a long answer: More takes the focus
            self.nav = replace(self.nav, action_index=0)
        elif review is None and more != self._status_more and board.actions:
            # a game's More comes and goes first: the button focused stays focused (Enter rolls)
            step = 1 if more else -1 if self.nav.action_index > 0 else 0
            self.nav = replace(self.nav, action_index=self.nav.action_index + step)
        self._status_new = False
        shown = review.more_shown if review is not None else self.app.status_more
        if shown != more:  # "more" offered (first) to the switch and the voice, or not
            if review is not None:
                review.more_shown = more
            else:
                self.app.status_more = more
            if self.scan_driver is not None:
                self.scan_driver.refresh(now)
            view = self.app.state()
        if (page, more) != (self.status_page, self._status_more) or more:
            self.status_page, self._status_more = page, more
            board = build_view(view, replace(extras, nav=self.nav, status_page=page,
                                             status_more=more))
        return board

    def _review_place(self) -> tuple[int, int, int] | None:
        """During the review: the mistake read (1-based), how many, and its game."""
        review = self.app.review
        if review is None or review.done or not review.walk.mistakes:
            return None
        return (review.index + 1, review.mistakes, review.walk.mistakes[review.index].game)

    def draw(self, now: float | None = None) -> None:
        """Draw the current state and show it."""
        from .render import geometry_for, header_lines, render

        now = self.clock.now() if now is None else now
        self._keep_min_size()  # a window manager's resize below what shows everything
        size = self.screen.get_size()
        if self.layout is None or (self.layout.width, self.layout.height) != size \
                or self.layout.status_lines != self._status_lines():
            self.layout = self._compute_layout(size[0], size[1])
        self.view = self.build_view(now)
        rows = header_lines(self.fonts, self.theme, self.view, self.layout.panel)
        if rows != self._header_lines:  # the score takes two rows (or one again)
            self._header_lines = rows
            self.layout = self._compute_layout(size[0], size[1])
            self.view = self.build_view(now)
        self.geometry = geometry_for(self.view, self.layout)
        render(self.screen, self.view, self.layout, self.theme, self.fonts, self.geometry)
        self._pg.display.flip()

    def screenshot(self, path: str | Path) -> Path:
        """Save what is on screen as a PNG (drawing first if nothing was drawn)."""
        if self.view is None:
            self.draw()
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        self._pg.image.save(self.screen, str(target))
        return target


def _review_fits(layout: BoardLayout, scanning: bool = False) -> bool:
    """The review's panel holds its whole header, three rows of status and a play's row at
    full height above the review's buttons (false at 640x480 and 480x360); ``scanning``: a
    play's row, however short, under the scan strip."""
    panel = layout.panel
    pad = max(4, round(8 * layout.scale))
    if panel.header.h < panel.line_h * panel.header_lines + 2 * pad \
            or status_fit(panel) < STATUS_LINES:
        return False
    if not scanning:
        return _play_row_fits(layout)
    geo = panel_geometry(layout, 99, None, ("",) * REVIEW_BUTTONS, True)
    top = min(rect.y for _key, rect in geo.actions)
    return bool(geo.plays) and all(rect.bottom <= top for _n, rect in geo.plays) \
        and (geo.scan is None or geo.scan.bottom <= top)


#: The status's rows under the board's buttons (:func:`_buttons_below`): four where the panel
#: holds them and a play's row, else three (two rows of the answer and its More).
BELOW_STATUS = (4, STATUS_LINES)


#: The most action buttons of a game (Confirm and Undo; More sits in the status).
GAME_BUTTONS = 2


def _game_row_fits(width: int, height: int, scale: float, head: int) -> bool:
    """A game's play row, in the panel as usual, is at full height: two rows of a play's
    words in large bold type ("from 24 to 21, from 24 to" "20 ✓"); false at 480x360,
    whatever the phase, so the board stays where it is from turn to turn."""
    layout = compute_layout(width, height, scale, status_lines=STATUS_LINES, header_lines=head)
    geo = panel_geometry(layout, 99, None, ("",) * GAME_BUTTONS, False)
    return all(rect.h >= layout.panel.row_h for _n, rect in geo.plays)


def _buttons_below(width: int, height: int, scale: float, lines: int, head: int,
                   buttons: int = REVIEW_BUTTONS, scanning: bool = False) -> BoardLayout:
    """A short window (the review up to 800x600, a game at 480x360): the ``buttons`` in rows
    across the window under the board, where the board left room, and in the panel beside the
    board the most rows of the header (``head`` at most) that leave the status
    :data:`BELOW_STATUS` rows and a play's row at full height; the header's place alone on
    one row where nothing more fits (the review at 480x360); ``scanning``, the scan strip
    under the status, and the list under it only where it fits (:func:`column_layout`)."""
    rows = below_rows(width, height, buttons, scale)
    for least in BELOW_STATUS:
        for kept in range(head, 0, -1):
            layout = compute_layout(width, height, scale, status_lines=lines, header_lines=kept,
                                    below=rows, scanning=scanning)
            panel = layout.panel
            if (status_fit(panel) >= least
                    and panel.list.h - panel.line_h - 4 >= panel.row_h):
                return layout
    for least in BELOW_STATUS if scanning else ():  # no list: the plays are scanned in the strip
        for kept in range(head, 0, -1):
            layout = compute_layout(width, height, scale, status_lines=lines, header_lines=kept,
                                    below=rows, scanning=True)
            if status_fit(layout.panel) >= least:
                return layout
    return compute_layout(width, height, scale, status_lines=lines, header_lines=1, below=rows,
                          scanning=scanning)


def _play_row_fits(layout: BoardLayout) -> bool:
    """A play's row of a long list, at its full height, and the "▼ More" line under it fit
    whole above the review's rows of action buttons."""
    geo = panel_geometry(layout, 99, None, ("",) * REVIEW_BUTTONS, False)
    top = min(rect.y for _key, rect in geo.actions)
    if geo.more is not None:
        top, below = geo.more.y, geo.more.bottom <= top
    else:
        below = True
    return below and all(rect.bottom <= top and rect.h >= layout.panel.row_h
                         for _n, rect in geo.plays)


def review_status(lines: list[str], keep: int = 3) -> list[str]:
    """The review's sentences for the window's status: the first ``keep``, without the
    numbered plays (the panel lists them) nor the line that introduces them.

    >>> review_status(["Mistake 1 of 2.", "Rita rolled 3 and 1.", "Rita chooses from 2 plays:",
    ...                "1: 23 to 20 (23/20)", "2: 9 to 5 (9/5)"])
    ['Mistake 1 of 2.', 'Rita rolled 3 and 1.']
    """
    import re

    listed = [bool(re.match(r"\d+: ", line)) for line in lines]
    kept = [line for i, line in enumerate(lines)
            if not listed[i] and not (i + 1 < len(lines) and listed[i + 1] and line.endswith(":"))]
    return kept[:keep]


def _message(key: str, lang: str, why: str) -> str:
    """The message in the user's language (the technical detail goes to the log)."""
    log.warning("board window: %s: %s", key, why)
    return words.text("board." + key, lang if lang in ("en", "el") else "en", why=why)


class _stderr_to_log:
    """Catch what a C library writes to standard error (SDL's own error lines) and log it."""

    def __enter__(self) -> "_stderr_to_log":
        import tempfile

        self._saved: int | None = None
        try:
            sys.stderr.flush()
            self._file = tempfile.TemporaryFile()
            self._saved = os.dup(2)
            os.dup2(self._file.fileno(), 2)
        except (OSError, ValueError, AttributeError):  # no real fd 2: nothing to catch
            self._saved = None
        return self

    def __exit__(self, *exc: object) -> None:
        if self._saved is None:
            return
        os.dup2(self._saved, 2)
        os.close(self._saved)
        self._file.seek(0)
        text = self._file.read().decode("utf-8", "replace").strip()
        self._file.close()
        if text:
            log.warning("display start-up said: %s", text)


def run_window(app: App, *, scan: str | None = None, scan_settings: ScanSettings | None = None,
               sources: list[Source] | None = None, resumed_events: list[E.Event] | None = None,
               theme: str = "high_contrast", scale: float = 1.0,
               size: tuple[int, int] | None = None, fullscreen: bool = False,
               bot_delay: float = 0.8, dwell: float | None = None, fps: int = 30,
               clock: Clock | None = None, mouse_switch: bool = True,
               on_scan_settings: Callable[[ScanSettings], None] | None = None,
               on_display: Callable[[str, float], None] | None = None,
               on_frame: Callable[[BoardWindow], None] | None = None,
               max_frames: int | None = None, close_when_over: bool = False,
               err: TextIO | None = None) -> int:
    """Play ``app``'s match in the board window until it ends or the player leaves.

    * ``scan``: "auto" or "step" turns switch scanning on with default
      settings; ``scan_settings`` gives them all (saved ones), and wins.
    * ``sources``: other inputs polled every frame (objects with ``poll()``
      returning a command or None, like the terminal's voice source).
    * ``resumed_events``: the events of ``Session.restore``, announced by
      ``app.start(resumed_events)``; otherwise the match is started with
      ``app.start()`` unless the caller started it already.

    Returns 0 when the player closed the window or quit (the App saved the
    match), 130 after Ctrl-C (the match kept as left, resumable),
    :data:`EXIT_NO_DISPLAY` (2) when no window can be shown (the message is
    printed in both languages), :data:`EXIT_ERROR` after an
    unexpected error (logged, match saved). ``fps`` 0 runs frames as fast as
    possible (tests); ``on_frame`` is called before every frame;
    ``max_frames`` stops a runaway test (:data:`EXIT_FRAMES`).
    """
    stream = err if err is not None else sys.stderr
    if scan_settings is None and scan in ("auto", "step"):
        scan_settings = ScanSettings(mode=scan)  # type: ignore[arg-type]
    lang = app.lang if app.lang in ("en", "el") else "en"
    win = BoardWindow(app, scan_settings=scan_settings, sources=sources,
                      resumed_events=resumed_events, theme=theme, scale=scale, size=size,
                      fullscreen=fullscreen, bot_delay=bot_delay, dwell=dwell, clock=clock,
                      mouse_switch=mouse_switch, on_scan_settings=on_scan_settings,
                      on_display=on_display, close_when_over=close_when_over)
    try:
        win.open()
    except WindowUnavailable as exc:
        print(_message(exc.key, lang, exc.why), file=stream)
        return EXIT_NO_DISPLAY
    try:
        pace = win._pg.time.Clock()
        while True:
            if on_frame is not None:
                on_frame(win)
            if not win.frame():
                break
            if max_frames is not None and win.frames >= max_frames:
                return EXIT_FRAMES
            if fps:
                pace.tick(fps)
    except KeyboardInterrupt:  # Ctrl-C in the terminal: kept as left (resumable), as "q" leaves it
        app.notice(app.interrupted())  # the terminal beside the window prints it
        return INTERRUPTED
    except Exception as exc:  # the edge: log it, save, and say it in words
        log.error("board window failed: %s: %s", type(exc).__name__, exc)
        log.debug("board window failure", exc_info=True)
        app.autosave()
        print(_message("window_error", lang, f"{type(exc).__name__}: {exc}"), file=stream)
        return EXIT_ERROR
    finally:
        win.close()
    return 0


__all__ = ["BoardWindow", "WindowUnavailable", "run_window", "opening_size", "DEFAULT_SIZE",
           "EXIT_NO_DISPLAY", "EXIT_ERROR", "EXIT_FRAMES", "DEFAULT_DWELL"]
