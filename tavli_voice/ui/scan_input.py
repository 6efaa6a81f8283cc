"""``tavli-voice play --scan auto|step``: switch scanning in the terminal (issue 5 §5).

The options are printed one per line as they are highlighted (a screen
reader reads each new line) and spoken through the narrator at TEXT priority
(auditory scanning: a newer highlight replaces an older one not yet said).
One key is the switch: space by default, any key the scanning settings name
(``pick_key``). A second key (``next_key``, Enter by default) moves the
highlight on at once; in step mode (two switches) the defaults are
**space = next, Enter = pick**.

Pieces, each testable without a terminal:

* :func:`decode_keys` — bytes from a terminal in cbreak mode → key names;
* :class:`KeyRepeatFilter` — terminals send no key-release events and a held
  key auto-repeats: a burst of repeats counts as the one press that started
  it; with *hold to pick* on, a held key (recognised by its auto-repeat) is a
  press until the repeats stop, a tap is a press too short to count;
* :class:`TtyKeys` — a real terminal in cbreak mode, read with ``select()``
  (restored on exit, also after Ctrl-C);
* :class:`TerminalScan` — the loop: keys → switches → :class:`~.scan_driver.ScanDriver`
  (which applies commands through the App, lets bots play and rebuilds the
  options), ticking every ~30 ms;
* :func:`run_scanning` — the entry point ``ui/terminal.py`` calls.

When standard input is not a terminal, scanning cannot read single keys: a
message in the user's language says so and the normal line input is used.
"""

from __future__ import annotations

import logging
import os
import select
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Literal, Mapping, Protocol, TextIO

from .. import commands as C
from ..narration import messages as M
from ..scanning import (Clock, Highlight, LoadedScanSettings, MonotonicClock, ScanOutput,
                        ScanPaused, ScanSettings, SettingsChanged, Switch, load_scan_settings,
                        make_scanner, save_scan_speed)
from ..scanning.steps import StepMode
from ..scanning.words import say as scan_say
from ..scanning.words import settings_problem_text
from .scan_driver import ScanDriver, ScanStats, strong_bot_preferred
from ..narration.messages import SCAN_TERMINAL_WORDS, SCAN_KEY_WORDS

log = logging.getLogger(__name__)

#: Seconds between scanner ticks in the terminal loop (the select() timeout).
TICK = 0.03
#: Key events closer than this are one key's auto-repeat (terminals repeat
#: every 30–50 ms once repeating; a person cannot press twice this fast).
REPEAT_GAP = 0.12
#: Longest wait between a key going down and its first auto-repeat
#: (X11 default 660 ms, Linux console 250 ms, macOS ~500 ms).
REPEAT_DELAY = 0.8
#: A burst of key events over within this time is one press of a bouncy switch
#: (bounce lasts a few ms; a held key's auto-repeat lasts longer).
BOUNCE = 0.05
#: Do not repeat the "how to use" line more often than this (seconds).
HINT_EVERY = 5.0

WORDS = SCAN_TERMINAL_WORDS  # the words live in narration/messages.py

KEY_WORDS = SCAN_KEY_WORDS  # the words live in narration/messages.py


def word(key: str, lang: str, **kw: str) -> str:
    """One of :data:`WORDS` in ``lang`` (English for an unknown language)."""
    table = WORDS[key]
    return table.get(lang, table["en"]).format(**kw)


def key_word(name: str, lang: str) -> str:
    """A key name as the user reads it ("space", "διάστημα", "F5", "s")."""
    if name in KEY_WORDS:
        return KEY_WORDS[name].get(lang, KEY_WORDS[name]["en"])
    return name.upper() if len(name) > 1 else name


# ------------------------------------------------------------------ key names

#: Escape sequences of the keys a switch interface may send (xterm, VT100, Linux console).
ESCAPES: dict[str, str] = {
    "\x1b[A": "up", "\x1b[B": "down", "\x1b[C": "right", "\x1b[D": "left",
    "\x1bOA": "up", "\x1bOB": "down", "\x1bOC": "right", "\x1bOD": "left",
    "\x1b[H": "home", "\x1b[F": "end", "\x1bOH": "home", "\x1bOF": "end",
    "\x1bOP": "f1", "\x1bOQ": "f2", "\x1bOR": "f3", "\x1bOS": "f4",
    "\x1b[[A": "f1", "\x1b[[B": "f2", "\x1b[[C": "f3", "\x1b[[D": "f4", "\x1b[[E": "f5",
    "\x1b[11~": "f1", "\x1b[12~": "f2", "\x1b[13~": "f3", "\x1b[14~": "f4",
    "\x1b[15~": "f5", "\x1b[17~": "f6", "\x1b[18~": "f7", "\x1b[19~": "f8",
    "\x1b[20~": "f9", "\x1b[21~": "f10", "\x1b[23~": "f11", "\x1b[24~": "f12",
    "\x1b[2~": "insert", "\x1b[3~": "delete", "\x1b[5~": "pageup", "\x1b[6~": "pagedown",
}
_ESCAPES_LONGEST = sorted(ESCAPES, key=len, reverse=True)

#: Single characters with names.
CHARACTERS: dict[str, str] = {
    " ": "space", "\r": "enter", "\n": "enter", "\t": "tab", "\x7f": "backspace",
    "\x08": "backspace", "\x1b": "escape", "\x03": "ctrl-c", "\x04": "ctrl-d",
}

#: Other spellings of key names in the settings file.
KEY_ALIASES: dict[str, str] = {
    " ": "space", "spacebar": "space", "return": "enter", "esc": "escape", "del": "delete",
    "page up": "pageup", "page down": "pagedown", "pgup": "pageup", "pgdn": "pagedown",
}


def normalise_key(name: str) -> str:
    """A settings key name in the form :func:`decode_keys` gives ("Return" → "enter")."""
    if name == " ":
        return "space"
    text = name.strip().lower()
    return KEY_ALIASES.get(text, text)


def decode_keys(data: bytes | str) -> list[str]:
    """Key names in what a terminal in cbreak mode sent.

    >>> decode_keys(b" \\n\\x1b[A")
    ['space', 'enter', 'up']
    >>> decode_keys("Σs".encode())
    ['σ', 's']
    """
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    keys: list[str] = []
    i = 0
    while i < len(text):
        if text[i] == "\x1b":
            for seq in _ESCAPES_LONGEST:
                if text.startswith(seq, i):
                    keys.append(ESCAPES[seq])
                    i += len(seq)
                    break
            else:
                keys.append("escape")
                i += 1
            continue
        ch = text[i]
        if ch in CHARACTERS:
            keys.append(CHARACTERS[ch])
        elif ord(ch) < 32:
            keys.append("ctrl-" + chr(ord(ch) + 96))
        else:
            keys.append(ch.lower())
        i += 1
    return keys


def key_roles(settings: ScanSettings) -> dict[str, Switch]:
    """Which key is which switch.

    The settings name the keys (``pick_key``, ``next_key``). In step mode
    with the default keys, space moves and Enter picks (the first, biggest
    key does the frequent thing: moving); keys the user set are used as set.
    """
    pick, nxt = normalise_key(settings.pick_key), normalise_key(settings.next_key)
    if settings.mode == "step" and (pick, nxt) == ("space", "enter"):
        pick, nxt = "enter", "space"
    roles = {pick: Switch.PICK}
    if nxt != pick:
        roles[nxt] = Switch.NEXT
    return roles


# --------------------------------------------------------- repeats and holds

@dataclass(frozen=True, slots=True)
class SwitchAction:
    """A switch going down (``press``) or up (``release``) at time ``t``."""

    kind: Literal["press", "release"]
    switch: Switch
    t: float


@dataclass
class _Burst:
    """Key events of one key close together: a tap, or a held key's auto-repeat."""

    times: list[float]
    resolved: bool = False  # its press was sent, or it is known to send none
    held: bool = False      # hold mode: a press was sent and its release is due
    follows: bool = False   # repeats that began soon after the previous burst ended


class KeyRepeatFilter:
    """Terminal key events → switch presses (terminals have no key release).

    Without hold to pick: a key event starts a *burst*; events of the same
    key each within ``repeat_gap`` of the last are auto-repeat and join it.
    A burst is one press at the time of its first event. A burst that starts
    within ``repeat_delay`` of the previous burst's end is the auto-repeat of
    a key held since then and is no press at all, so holding a key down is
    exactly one press — unless it is over within ``bounce`` (a new press of a
    switch whose contacts bounce). With keyboard repeat turned off (common
    for people with tremor) every key event is simply a press. A lone event is confirmed as a press once
    ``repeat_gap`` has passed with no repeat (:meth:`poll`); meanwhile
    :attr:`pending` is true and the caller holds the scanner's clock, so the
    press still picks the option that was highlighted when it was made.

    With hold to pick (``hold=True``): a held key is recognised when its
    auto-repeat starts (within ``repeat_delay`` of the first event, then
    fast repeats); it is a press from its first event until the repeats stop
    (the release). A tap is a press released at once — too short to pick.
    """

    def __init__(self, roles: Mapping[str, Switch], *, hold: bool = False,
                 repeat_gap: float = REPEAT_GAP, repeat_delay: float = REPEAT_DELAY,
                 bounce: float = BOUNCE) -> None:
        self.roles = dict(roles)
        self.bounce = bounce
        self.hold = hold
        self.repeat_gap = repeat_gap
        self.repeat_delay = repeat_delay
        self._bursts: dict[str, _Burst] = {}
        self._ended: dict[str, float] = {}

    @property
    def pending(self) -> bool:
        """True while a key event is not yet known to be a press, a hold or a repeat."""
        return any(not b.resolved for b in self._bursts.values())

    def _joins(self, burst: _Burst, t: float) -> bool:
        gap = t - burst.times[-1]
        if gap <= self.repeat_gap:
            return True
        return (self.hold and not burst.resolved and len(burst.times) == 1
                and gap <= self.repeat_delay)

    def feed(self, key: str, t: float) -> list[SwitchAction]:
        """A key event at ``t``; returns the switch actions now known (maybe none)."""
        switch = self.roles.get(key)
        if switch is None:
            return []
        burst = self._bursts.get(key)
        out: list[SwitchAction] = []
        if burst is not None and self._joins(burst, t):
            burst.times.append(t)
            fast = t - burst.times[-2] <= self.repeat_gap
            if fast and not burst.resolved and not burst.follows:
                if self.hold:  # it repeats: the key is held down
                    burst.resolved = burst.held = True
                    out.append(SwitchAction("press", switch, burst.times[0]))
                elif self._continues(key, burst):
                    burst.follows = True  # a held key's repeat, or a bouncy new press
                else:
                    burst.resolved = True
                    out.append(SwitchAction("press", switch, burst.times[0]))
            return out
        if burst is not None:
            out += self._close(key)
        self._bursts[key] = _Burst([t])
        return out

    def _continues(self, key: str, burst: _Burst) -> bool:
        """True if ``burst`` is the auto-repeat of a key held since the previous burst."""
        ended = self._ended.get(key)
        return ended is not None and burst.times[0] - ended <= self.repeat_delay

    def poll(self, t: float) -> list[SwitchAction]:
        """Time passes: close the bursts that ended (and say the presses they make)."""
        out: list[SwitchAction] = []
        for key, burst in list(self._bursts.items()):
            lone = self.hold and not burst.resolved and len(burst.times) == 1
            wait = self.repeat_delay if lone else self.repeat_gap
            if t - burst.times[-1] > wait:
                out += self._close(key)
        out.sort(key=lambda a: a.t)
        return out

    def _close(self, key: str) -> list[SwitchAction]:
        burst = self._bursts.pop(key)
        switch = self.roles[key]
        self._ended[key] = burst.times[-1]
        if burst.held:
            return [SwitchAction("release", switch, burst.times[-1])]
        if burst.resolved:
            return []
        if burst.follows:  # auto-repeat of the key held since the last burst: no press,
            # unless it was over at once (a switch that bounces on a new press)
            if burst.times[-1] - burst.times[0] <= self.bounce:
                return [SwitchAction("press", switch, burst.times[0])]
            return []
        if self.hold:  # taps: presses too short to pick
            out: list[SwitchAction] = []
            for t in burst.times:
                out += [SwitchAction("press", switch, t), SwitchAction("release", switch, t)]
            return out
        return [SwitchAction("press", switch, burst.times[0])]


# ------------------------------------------------------------ the terminal

class KeySource(Protocol):
    """Where key names come from: ``read(timeout)`` → ``[(name, time), …]``."""

    def read(self, timeout: float) -> list[tuple[str, float]]: ...


class TtyKeys:
    """A real terminal in cbreak mode (no line buffering, no echo; Ctrl-C still works).

    Use as a context manager: the terminal's settings are restored on exit,
    whatever the exit (an exception, Ctrl-C).
    """

    def __init__(self, fd: int, clock: Clock) -> None:
        self.fd = fd
        self.clock = clock
        self._saved: Any = None

    def __enter__(self) -> TtyKeys:
        import termios
        import tty

        self._saved = termios.tcgetattr(self.fd)
        tty.setcbreak(self.fd, termios.TCSANOW)
        return self

    def __exit__(self, *exc: object) -> None:
        self.restore()

    def restore(self) -> None:
        """Put the terminal back as it was (safe to call twice)."""
        if self._saved is None:
            return
        import termios

        try:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)
        finally:
            self._saved = None

    def read(self, timeout: float) -> list[tuple[str, float]]:
        """Keys typed within ``timeout`` seconds (none if nothing came); "eof" at end of input."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return []
        data = os.read(self.fd, 256)
        now = self.clock.now()
        if not data:
            return [("eof", now)]
        return [(name, now) for name in decode_keys(data)]


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


@dataclass
class TerminalScan:
    """The terminal's scanning loop around one :class:`ScanDriver`.

    ``say`` prints one line; ``speak`` (optional) says a short text at the
    narrator's TEXT priority; ``save_settings`` stores settings the user
    changed from the Settings sub-menu. The loop ends when the person quits
    (Quit in the menu, or Ctrl-D); Ctrl-C is handled by :func:`run_scanning`.
    """

    driver: ScanDriver
    keys: KeySource
    say: Callable[[str], None]
    lang: str = "en"
    speak: Callable[[str], None] | None = None
    save_settings: Callable[[ScanSettings], None] | None = None
    tick: float = TICK
    max_loops: int | None = None
    filter: KeyRepeatFilter = field(init=False)
    _last_hint: float = field(default=-1e9, init=False)
    _trail: tuple[Any, ...] = field(default=(), init=False)
    _order_told: int = field(default=-1, init=False)

    def __post_init__(self) -> None:
        settings = self.driver.scanner.settings
        self.roles = key_roles(settings)
        self.filter = KeyRepeatFilter(self.roles, hold=settings.hold_min > 0)
        self.driver.subscribe(self.show)

    # ------------------------------------------------------------- output
    def intro(self) -> None:
        """Say once how the switches work (with the keys actually set)."""
        settings = self.driver.scanner.settings
        names = {role: key for key, role in self.roles.items()}
        pick = key_word(names[Switch.PICK], self.lang)
        nxt = key_word(names.get(Switch.NEXT, names[Switch.PICK]), self.lang)
        self.say(word("intro_step" if settings.mode == "step" else "intro_auto", self.lang,
                      pick=pick, next=nxt))
        if settings.hold_min > 0:
            self.say(word("intro_hold", self.lang, pick=pick))

    def _step_news(self, out: Highlight) -> list[str]:
        """What a new highlight adds to what was said: the step just taken ("From 13
        to 7; 4 to play.") and, as step choice starts, the order of the points."""
        news: list[str] = []
        mode = self.driver.scanner.mode
        trail = out.trail
        if isinstance(mode, StepMode):
            session = self.driver.app.session
            if not mode.chosen and mode.source is None:
                turn = session.turn_counter
                if turn != self._order_told:
                    self._order_told = turn
                    key = "order_suggested" if mode.preferred is not None else "order_point"
                    news.append(word(key, self.lang))
            elif (mode.source is None and mode.chosen and len(trail) > len(self._trail)
                  and session.dice is not None):
                news.append(step_sentence(mode.chosen, session.dice, self.lang))
        self._trail = trail
        return news

    def show(self, out: ScanOutput) -> None:
        """Print (and speak) what the scanner reports."""
        if isinstance(out, Highlight):
            for line in self._step_news(out):
                self.say(line)
                if self.speak is not None:
                    self.speak(line)
            text = out.option.label(self.lang)  # type: ignore[arg-type]
        elif isinstance(out, ScanPaused):
            text = scan_say("scan_paused", self.lang)  # type: ignore[arg-type]
        elif isinstance(out, SettingsChanged):
            if self.save_settings is not None:
                try:
                    self.save_settings(out.settings)
                except OSError as exc:
                    self.say(word("settings_saved_failed", self.lang, error=str(exc)))
            text = scan_say("scan_interval", self.lang, (out.settings.interval,))  # type: ignore[arg-type]
        else:
            return
        self.say(text)
        if self.speak is not None:
            self.speak(text)

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
            self.say(word("not_a_switch", self.lang, pick=key_word(pick, self.lang)))

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

    def run(self, events: list[Any] | None = None) -> int:
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


def highlight_speaker(app: Any) -> Callable[[str], None] | None:
    """Say scan highlights at TEXT priority (the newest replaces the older)."""
    narrator = app.narrator
    if narrator is None:
        return None
    from ..narration.priorities import Priority
    from ..narration.utterance import Utterance

    def speak(text: str) -> None:
        try:
            narrator.say(Utterance.from_text(text, lang=app.lang, priority=Priority.TEXT,
                                             turn=app.session.turn_counter, tag="scan"))
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
    if loaded.problem is not None:
        say(settings_problem_text(loaded.problem, lang, loaded.bad_fields))  # type: ignore[arg-type]
    settings = loaded.settings
    if mode == "auto":
        settings = replace(settings, mode="auto")
    elif mode == "step":
        settings = replace(settings, mode="step")
    return settings, path


def run_scanning(app: Any, player: Any, mode: str = "auto", *,
                 events: list[Any] | None = None, settings_path: Path | None = None,
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
        if out is None:
            player.say(line)
        else:
            out.write(line + "\n")
            out.flush()

    if keys is None and not _isatty(player.inp):
        say(word("not_a_tty", lang))
        return int(player.run(events))
    settings, path = load_settings(settings_path, mode, say, lang)
    clock = clock or MonotonicClock()
    narrator = app.narrator
    scanner = make_scanner(settings, is_speaking=narrator.is_speaking if narrator else None)
    driver = ScanDriver(app, scanner, clock)

    def save(new: ScanSettings) -> None:
        if path is not None:
            save_scan_speed(path, new)  # the file keeps its mode (--scan is for this match)

    def loop(source: KeySource) -> int:
        term = TerminalScan(driver, source, say, lang, speak=highlight_speaker(app), save_settings=save)
        return term.run(events)

    try:
        if keys is not None:
            return loop(keys)
        with TtyKeys(player.inp.fileno(), clock) as tty_keys:
            return loop(tty_keys)
    except KeyboardInterrupt:
        say(M.text("goodbye.saved" if app.save_path is not None else "goodbye", lang,
                   command=app.resume_command))
        return 0


__all__ = [
    "ScanDriver", "ScanStats", "strong_bot_preferred", "SwitchAction", "KeyRepeatFilter",
    "KeySource", "TtyKeys", "TerminalScan", "decode_keys", "normalise_key", "key_roles",
    "run_scanning", "load_settings", "highlight_speaker", "WORDS", "word",
]
