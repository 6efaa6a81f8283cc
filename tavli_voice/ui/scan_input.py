"""``tavli-voice play --scan auto|step``: switch scanning in the terminal.

The options are printed one per line as they are highlighted (a screen
reader reads each new line) and spoken through the narrator at TEXT priority
(auditory scanning: a newer highlight replaces an older one not yet said).
One key is the switch: space by default, any key the scanning settings name
(``pick_key``). A second key (``next_key``, Enter by default) moves the
highlight on at once; in step mode (two switches) the defaults are
**space = next, Enter = pick**.

Pieces, each testable without a terminal:

* :mod:`.term_keys` — bytes from a terminal in cbreak mode → key names
  (:func:`~.term_keys.decode_keys`), and :class:`~.term_keys.TtyKeys`, a real
  terminal read with ``select()`` (restored on exit, also after Ctrl-C);
* :mod:`.key_repeat` — terminals send no key-release events and a held key
  auto-repeats: :class:`~.key_repeat.KeyRepeatFilter` counts a burst of
  repeats as the one press that started it; with *hold to pick* on, a held
  key is a press until the repeats stop, a tap a press too short to count;
* :class:`TerminalScan` — the loop: keys → switches → :class:`~.scan_driver.ScanDriver`
  (which applies commands through the App, lets bots play and rebuilds the
  options), ticking every ~30 ms;
* :func:`run_scanning` — the entry point start-up calls (:mod:`tavli_voice.startup`).

When standard input is not a terminal, scanning cannot read single keys: a
message in the user's language says so and the normal line input is used.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, TextIO

from .. import commands as C
from .. import events as E
from .. import words as M
from ..narration.priorities import TOLD_IN_FULL, Verbosity
from ..scanning import (Clock, Highlight, LoadedScanSettings, MonotonicClock, ScanOutput,
                        ScanPaused, ScanSettings, SettingsChanged, SettingsProblem, Switch,
                        load_scan_settings, make_scanner, save_scan_speed)
from ..scanning.options import CheckerMode
from ..scanning.steps import StepMode
from ..scanning.words import interval_text, settings_problem_text
from .app import INTERRUPTED
from .board.scanview import shown_label
from .key_repeat import BOUNCE, REPEAT_DELAY, REPEAT_GAP, KeyRepeatFilter, SwitchAction, key_roles
from .scan_driver import ScanDriver, ScanStats, suggested_first
from .term_keys import (CHARACTERS, ESCAPES, KEY_ALIASES, KeySource, TtyKeys, decode_keys,
                        normalise_key)

if TYPE_CHECKING:
    from .app import App
    from .terminal import TerminalPlayer

log = logging.getLogger(__name__)

#: Seconds between scanner ticks in the terminal loop (the select() timeout).
TICK = 0.03
#: Do not repeat the "how to use" line more often than this (seconds).
HINT_EVERY = 5.0


def key_word(name: str, lang: str) -> str:
    """A key name as the user reads it ("space", "διάστημα", "F5", "s")."""
    if "scankey." + name in M.ENTRIES:
        return M.text("scankey." + name, lang)
    return name.upper() if len(name) > 1 else name


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


@dataclass
class TerminalScan:
    """The terminal's scanning loop around one :class:`ScanDriver`.

    ``say`` prints one line; ``speak`` (optional) says a short text at the
    narrator's TEXT priority; ``tell`` (optional, speech on) says a line at its
    MESSAGE priority, queued with the game's messages and never replaced by a
    highlight (the intro); ``save_settings`` stores settings the user
    changed from the Settings sub-menu. The loop ends when the person quits
    (Quit in the menu, or Ctrl-D); Ctrl-C is handled by :func:`run_scanning`.
    """

    driver: ScanDriver
    keys: KeySource
    say: Callable[[str], None]
    lang: str = "en"
    speak: Callable[[str], None] | None = None
    save_settings: Callable[[ScanSettings], None] | None = None
    tell: Callable[[str], None] | None = None
    tick: float = TICK
    max_loops: int | None = None
    filter: KeyRepeatFilter = field(init=False)
    _last_hint: float = field(default=-1e9, init=False)
    _trail: tuple[Any, ...] = field(default=(), init=False)
    _order_told: int = field(default=-1, init=False)
    #: long turns of this match that heard the order of the points in full
    _order_full: int = field(default=0, init=False)
    #: the player seemed stuck since the order was last said (help, a refusal, a pause)
    _stuck: bool = field(default=False, init=False)

    def __post_init__(self) -> None:
        settings = self.driver.scanner.settings
        self.roles = key_roles(settings)
        self.filter = KeyRepeatFilter(self.roles, hold=settings.hold_min > 0)
        self.driver.subscribe(self.show)
        self.driver.app.subscribe(self._on_events)

    def _on_events(self, events: list[E.Event]) -> None:
        """A new match hears the order in full again; help or a refusal marks the player
        stuck, so the next long turn says the order in full."""
        for ev in events:
            if isinstance(ev, E.MatchStarted) and not ev.resumed:
                self._order_full = 0
            elif isinstance(ev, (E.HelpReport, E.CommandRejected)):
                self._stuck = True

    # ------------------------------------------------------------- output
    def intro(self) -> None:
        """Say once how the switches work (with the keys actually set): printed, and
        spoken with speech on (``tell``) before the first option is read, since auditory
        scanning waits while the narrator speaks."""
        settings = self.driver.scanner.settings
        names = {role: key for key, role in self.roles.items()}
        pick = key_word(names[Switch.PICK], self.lang)
        nxt = key_word(names.get(Switch.NEXT, names[Switch.PICK]), self.lang)
        lines = [M.text("scanui.intro_step" if settings.mode == "step" else "scanui.intro_auto",
                        self.lang, pick=pick, next=nxt)]
        saved = self.driver.app.save_path is not None
        lines.append(M.text("scanui.leave" if saved else "scanui.leave_unsaved", self.lang,
                            menu=M.text("scan.menu", self.lang),
                            quit=M.text("scan.quit", self.lang)))
        if settings.hold_min > 0:
            lines.append(M.text("scanui.intro_hold", self.lang, pick=pick))
        for line in lines:
            self.say(line)
            if self.tell is not None:
                self.tell(line)

    def _step_news(self, out: Highlight) -> list[str]:
        """What a new highlight adds to what was said: the step just taken ("From 13
        to 7; 4 to play.") and, as step choice starts, the order of the points."""
        news: list[str] = []
        mode = self.driver.scanner.mode
        trail = out.trail
        if isinstance(mode, CheckerMode) and not trail:
            # a long list by the checker moved: the same order as step choice's first step
            turn = self.driver.app.state().turn
            if turn != self._order_told:
                self._order_told = turn
                news.append(self._order(mode.menu.preferred is not None))
        elif isinstance(mode, StepMode):
            view = self.driver.app.state()
            if not mode.chosen and mode.source is None and not mode.base_trail:
                turn = view.turn
                if turn != self._order_told:
                    self._order_told = turn
                    news.append(self._order(mode.preferred is not None))
            elif (mode.source is None and mode.chosen and len(trail) > len(self._trail)
                  and view.dice is not None):
                news.append(step_sentence(mode.chosen, view.dice, self.lang))
        self._trail = trail
        return news

    def _order(self, suggested: bool) -> str:
        """The order of the points in full the first long turns of a match (every one when
        chatty, and after the player seemed stuck), else only "Pick the checker to move."."""
        verbosity = getattr(self.driver.app, "verbosity", Verbosity.NORMAL)
        limit = TOLD_IN_FULL.get(verbosity, TOLD_IN_FULL[Verbosity.NORMAL])
        if limit is not None and self._order_full >= limit and not self._stuck:
            return M.text("scanui.order_short", self.lang)
        self._order_full += 1
        self._stuck = False
        return M.text("scanui.order_suggested" if suggested else "scanui.order_point", self.lang)

    def show(self, out: ScanOutput) -> None:
        """Print (and speak) what the scanner reports."""
        if isinstance(out, ScanPaused):
            self._stuck = True  # the scan went round with nothing picked
        if isinstance(out, Highlight):
            for line in self._step_news(out):
                self.say(line)
                if self.speak is not None:
                    self.speak(line)
            text = out.option.label(self.lang)  # type: ignore[arg-type]
            shown = self._on_screen(out.option)
            self.say(shown)
            if self.speak is not None:
                self.speak(text)  # speech says the notation in words itself
            return
        elif isinstance(out, ScanPaused):
            text = M.text("scan.scan_paused", self.lang)
        elif isinstance(out, SettingsChanged):
            if self.save_settings is not None:
                try:
                    self.save_settings(out.settings)
                except OSError as exc:
                    self.say(M.text("scanui.settings_saved_failed", self.lang, error=str(exc)))
            text = interval_text(out.settings.interval, self.lang)  # type: ignore[arg-type]
        else:
            return
        self.say(text)
        if self.speak is not None:
            self.speak(text)

    def _on_screen(self, option: Any) -> str:
        """A play's label as the screen shows plays elsewhere: words first, then the notation
        ("Suggested: from 8 to 3, from 6 to 3 (8/3 6/3)"; words alone with ``--words``), so a
        screen reader does not read "8 slash 3" (the board window's strip shows the same)."""
        return shown_label(option, self.lang, self.driver.app.screen_notation)

    # -------------------------------------------------------------- input
    def handle_key(self, name: str, t: float) -> None:
        """One key from the terminal: a switch, Ctrl-D (leave), or a hint."""
        if name in self.roles:
            for action in self.filter.feed(name, t):
                self._act(action)
            return
        if name in ("ctrl-d", "eof"):
            self.driver.app.command(C.Quit())
            return
        if t - self._last_hint >= HINT_EVERY:
            self._last_hint = t
            pick = next(k for k, r in self.roles.items() if r is Switch.PICK)
            self.say(M.text("scanui.not_a_switch", self.lang, pick=key_word(pick, self.lang)))

    def _act(self, action: SwitchAction) -> None:
        if action.kind == "press":
            self.driver.press(action.switch, action.t)
        else:
            self.driver.release(action.switch, action.t)

    def step(self) -> None:
        """One turn of the loop: read keys (waiting up to one tick), then move time on."""
        for name, t in self.keys.read(self.tick):
            self.handle_key(name, t)
            if self.driver.done:
                return
        now = self.driver.clock.now()
        for action in self.filter.poll(now):
            self._act(action)
        if not self.filter.pending:  # a press not yet confirmed keeps the highlight still
            self.driver.tick(now)
        self.driver.app.tick(now)  # R9 timer (off unless asked for)
        self.driver.sync()
        self.driver.app.pump()

    def run(self, events: list[E.Event] | None = None) -> int:
        """Play until the person quits; 0 on a normal end."""
        self.intro()
        self.driver.begin(events)
        loops = 0
        while not self.driver.done:
            self.step()
            loops += 1
            if self.max_loops is not None and loops >= self.max_loops:
                break
        return 0


def dice_left(chosen: tuple[tuple[int, int], ...], dice: tuple[int, int]) -> tuple[int, ...]:
    """The dice not yet used by the steps ``chosen`` (R2; a bear-off may use a larger die)."""
    left = list(dice) if dice[0] != dice[1] else [dice[0]] * 4
    for a, b in chosen:
        need = (a - b) if b != 0 else a
        die = need if need in left else min((d for d in left if d > need), default=None)
        if die is not None:
            left.remove(die)
    return tuple(left)


def step_sentence(chosen: tuple[tuple[int, int], ...], dice: tuple[int, int], lang: str) -> str:
    """"From 13 to 7; 4 to play." for the last step of ``chosen``."""
    a, b = chosen[-1]
    if b == 0:
        step = M.text("move.bear_off", lang, a=a)
    elif a == 25:
        step = M.text("move.from_bar_to", lang, b=b)
    else:
        step = M.text("move.from_to", lang, a=a, b=b)
    left = dice_left(chosen, dice)
    if left:
        step = M.plural("step.left", len(left), lang, step=step,
                        dice=M.join_list([str(d) for d in left], lang))
    return M.capitalize(step) + "."


def highlight_speaker(app: App, *, message: bool = False) -> Callable[[str], None] | None:
    """Say scan highlights at TEXT priority (the newest replaces the older); with
    ``message``, lines such as the intro at MESSAGE priority (queued in order, tagged
    ``scan_intro``). None with speech off."""
    narrator = app.narrator
    if narrator is None:
        return None
    from ..narration.priorities import Priority
    from ..narration.utterance import Utterance

    priority, tag = (Priority.MESSAGE, "scan_intro") if message else (Priority.TEXT, "scan")

    def speak(text: str) -> None:
        try:
            narrator.say(Utterance.from_text(text, lang=app.lang, priority=priority,
                                             turn=app.turn, tag=tag))
        except Exception:  # speech must never stop the game
            log.exception("could not speak %r", text)

    return speak


def load_settings(path: Path | None, mode: str | None,
                  say: Callable[[str], None], lang: str) -> tuple[ScanSettings, Path | None]:
    """The scanning settings from the shared settings file, with ``mode`` from the command line."""
    if path is None:
        from ..narration.settings import default_settings_path
        path = default_settings_path()
    loaded: LoadedScanSettings = load_scan_settings(path)
    # a damaged or unreadable file as a whole is said once at start, for every section
    # (startup.say_settings_problem); only the scanning section's own faults are said here
    if loaded.problem not in (None, SettingsProblem.CORRUPT, SettingsProblem.UNREADABLE):
        say(settings_problem_text(loaded.problem, lang, loaded.bad_fields))  # type: ignore[arg-type]
    settings = loaded.settings
    if mode == "auto":
        settings = replace(settings, mode="auto")
    elif mode == "step":
        settings = replace(settings, mode="step")
    return settings, path


def run_scanning(app: App, player: TerminalPlayer | None, mode: str = "auto", *,
                 events: list[E.Event] | None = None, settings_path: Path | None = None,
                 keys: KeySource | None = None, clock: Clock | None = None,
                 out: TextIO | None = None) -> int:
    """Play the match by switch scanning in this terminal; 0 on a normal end.

    ``player`` is the :class:`~.terminal.TerminalPlayer` (its input stream is
    the keyboard, its ``say`` prints a line; it is also the fallback when
    standard input is not a terminal). ``events`` are a resumed match's
    events. ``keys``/``clock`` replace the terminal and the real clock (tests).
    """
    lang = app.lang if app.lang in ("en", "el") else "en"

    def say(line: str) -> None:
        if out is not None:
            out.write(line + "\n")
            out.flush()
        elif player is not None:
            player.say(line)

    if keys is None:
        if player is None:
            raise ValueError("scanning needs the player's keyboard, or keys to read")
        if not _isatty(player.inp):
            say(M.text("scanui.not_a_tty", lang))
            app.list_plays = True  # typed commands choose plays by the numbers of the list
            app.switch_input = False  # and the lines name typed keys, never the switch's picks
            review = app.review
            if review is not None and review.walk.scanned and review.index == 0 and not review.done:
                events = app.begin_review(review)  # the opening again, its plays offered as typed
            return player.run(events)
    settings, path = load_settings(settings_path, mode, say, lang)
    clock = clock or MonotonicClock()
    narrator = app.narrator
    scanner = make_scanner(settings, is_speaking=narrator.is_speaking if narrator else None)
    driver = ScanDriver(app, scanner, clock)

    def save(new: ScanSettings) -> None:
        if path is not None:
            save_scan_speed(path, new)  # the file keeps its mode (--scan is for this match)

    def loop(source: KeySource) -> int:
        term = TerminalScan(driver, source, say, lang, speak=highlight_speaker(app), save_settings=save,
                            tell=highlight_speaker(app, message=True))
        return term.run(events)

    try:
        if keys is not None:
            return loop(keys)
        assert player is not None  # checked above: keys come from the player's terminal
        with TtyKeys(player.inp.fileno(), clock) as tty_keys:
            return loop(tty_keys)
    except KeyboardInterrupt:  # Ctrl-C: kept as left (resumable), as Quit leaves it
        say(app.interrupted())
        return INTERRUPTED


__all__ = [
    "ScanDriver", "ScanStats", "suggested_first", "SwitchAction", "KeyRepeatFilter",
    "KeySource", "TtyKeys", "TerminalScan", "decode_keys", "normalise_key", "key_roles",
    "run_scanning", "load_settings", "highlight_speaker", "BOUNCE",
    "REPEAT_DELAY", "REPEAT_GAP", "CHARACTERS", "ESCAPES", "KEY_ALIASES",
]
