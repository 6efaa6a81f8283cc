"""The scanning machines: which option is highlighted, and when a press counts.

Two machines share one core (:class:`Scanner`):

* :class:`AutoScanner` — single-switch automatic scanning: the highlight moves
  every ``interval`` (plus ``first_delay`` whenever it arrives on the first
  item); the switch picks. After ``loops`` passes with no pick it pauses; a
  press resumes at the first item. A second switch, if there is one, moves
  the highlight on at once (``Switch.NEXT``).
* :class:`StepScanner` — two-switch step scanning: ``Switch.NEXT`` moves the
  highlight, ``Switch.PICK`` picks; nothing moves by itself.

Group scanning and step-by-step play choice are *modes* (what is offered,
:mod:`.modes`, :mod:`.steps`), so they work with both machines.

The machines are pure state: every call takes the time ``t`` in seconds
(from an injected :class:`~.clock.Clock`) and returns at most one output:

* ``None`` — nothing to tell;
* :class:`Highlight` — the option now highlighted (speak its label at TEXT
  priority, draw it);
* :class:`ScanPaused` — scanning stopped after its loops; a press resumes;
* :class:`SettingsChanged` — the user made scanning slower or faster from the
  Settings sub-menu (save it; scanning stays in Settings, to try the new speed), or
  changed the board window's look (scanning goes back to the root, where the user was);
* a :data:`~tavli_voice.commands.Command` — give it to the session.

Rules common to both (the settings users know from switch software):

* **ignore repeats** (tremor): a press of a switch within ``ignore_repeat``
  of the previous press of the *same* switch is ignored, whether that one
  counted or not, so a burst of tremor presses (or a key's auto-repeat)
  counts as one press;
* **hold to pick**: with ``hold_min`` > 0 a press acts only once the switch
  has been held that long (on the tick that sees it, or on release); shorter
  presses are ignored; the highlight stays put while the switch is held;
* **pause after a pick**: for ``pick_pause`` after any pick, presses are
  ignored. Opening a sub-menu, a group or the next stage highlights its first
  item at once, and its time starts when the pause ends. After a command (or a
  settings change) nothing is highlighted until the pause has passed; then
  scanning restarts at the first item of the root given by :meth:`start`
  (call it again with the new options once the session has answered);
* **finish speaking** (auto only): while ``is_speaking()`` is true the
  highlight does not move, and it stays at least one ``interval`` after the
  speech was last seen, so the interval is the time to react to what was heard.

A press picks the option highlighted when it is made — the one the user saw
or heard — even if its time ran out and no tick has moved it yet.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from typing import Callable, Union

from tavli_voice.commands import Command

from .modes import DISPLAY_ADJUSTS, ScanAdjust, ScanMode, ScanOption, is_command
from .settings import ScanSettings

#: Tolerance for float times (0.1 + 0.2 is not 0.3).
EPSILON = 1e-9


class Switch(Enum):
    """The role of a switch: pick the highlighted option, or move to the next."""

    PICK = "pick"
    NEXT = "next"


class State(Enum):
    """What a scanner is doing."""

    IDLE = "idle"          # nothing to scan (no root or no options)
    SCANNING = "scanning"  # an option is highlighted
    PAUSED = "paused"      # loops ran out; a press resumes
    WAITING = "waiting"    # after a command: restarts when the pick pause ends


@dataclass(frozen=True, slots=True)
class Highlight:
    """The option now highlighted: ``index`` of ``count`` in the current mode.

    ``trail`` is the options picked to reach this level (empty at the root),
    e.g. ``(Menu,)`` or ``(From 13,)`` while choosing where 13 goes.
    """

    option: ScanOption
    index: int
    count: int
    trail: tuple[ScanOption, ...] = ()


@dataclass(frozen=True, slots=True)
class ScanPaused:
    """Automatic scanning stopped after its loops with no pick; any press resumes."""


@dataclass(frozen=True, slots=True)
class SettingsChanged:
    """The user changed a setting from the Settings sub-menu: scanning (save ``settings``),
    or with a display ``adjust`` the board window's look (``settings`` unchanged)."""

    settings: ScanSettings
    adjust: ScanAdjust


ScanEvent = Union[Highlight, ScanPaused, SettingsChanged]
ScanOutput = Union[ScanEvent, Command]


class Scanner:
    """The part both machines share: modes, presses, tremor, hold, pick pause.

    Subclasses decide how the highlight moves (:meth:`_advance_due` on ticks,
    :meth:`_next` on the NEXT switch).
    """

    def __init__(self, settings: ScanSettings | None = None, *,
                 is_speaking: Callable[[], bool] | None = None) -> None:
        self._settings = settings if settings is not None else ScanSettings()
        self._is_speaking: Callable[[], bool] = is_speaking or (lambda: False)
        self._root: ScanMode | None = None
        self._mode: ScanMode | None = None
        self._index = 0
        self._state = State.IDLE
        self._blocked_until = -math.inf
        self._next_at = math.inf
        self._loops = 0
        self._last_press: dict[Switch, float] = {}
        self._holding: dict[Switch, float] = {}

    # -- what the front ends read -------------------------------------------

    @property
    def settings(self) -> ScanSettings:
        """The settings in force (changed by Settings picks or :meth:`update_settings`)."""
        return self._settings

    @property
    def state(self) -> State:
        """Idle, scanning, paused or waiting after a pick."""
        return self._state

    @property
    def mode(self) -> ScanMode | None:
        """The level being scanned."""
        return self._mode

    @property
    def highlighted(self) -> ScanOption | None:
        """The option highlighted now, or ``None`` when nothing is."""
        if self._state is not State.SCANNING or self._mode is None:
            return None
        return self._mode.options[self._index]

    def current(self) -> Highlight | None:
        """The current highlight again (to redraw it or say it once more)."""
        return self._highlight() if self.highlighted is not None else None

    def update_settings(self, settings: ScanSettings) -> None:
        """Use new settings from the next decision on (the current timer is kept)."""
        self._settings = settings

    # -- inputs --------------------------------------------------------------

    def start(self, root: ScanMode | None, t: float) -> Highlight | None:
        """Scan ``root`` from its first item (call again whenever the options change).

        During the pause after a pick the new root waits for the pause to
        end (the next :meth:`tick` highlights it) and ``None`` is returned.
        """
        self._root = root
        self._mode = root
        if t < self._blocked_until - EPSILON:
            self._state = State.WAITING
            return None
        return self._restart(t)

    def press(self, t: float, switch: Switch = Switch.PICK) -> ScanOutput | None:
        """The switch went down at ``t``."""
        last = self._last_press.get(switch)
        self._last_press[switch] = t
        if t < self._blocked_until - EPSILON:
            return None
        if last is not None and t - last < self._settings.ignore_repeat - EPSILON:
            return None
        if self._settings.hold_min > 0:
            self._holding[switch] = t
            return None
        return self._act(switch, t)

    def release(self, t: float, switch: Switch = Switch.PICK) -> ScanOutput | None:
        """The switch came up at ``t`` (matters only for hold to pick)."""
        start = self._holding.pop(switch, None)
        if start is None:
            return None
        held = t - start
        if held >= self._settings.hold_min - EPSILON:
            return self._act(switch, t)
        if self._state is State.SCANNING and not self._holding:
            self._next_at += held  # the item gets back the time it stood frozen
        return None

    def tick(self, t: float) -> ScanOutput | None:
        """Time passes: finish holds, end the pick pause, move the highlight."""
        for switch, start in list(self._holding.items()):
            if t - start >= self._settings.hold_min - EPSILON:
                del self._holding[switch]
                return self._act(switch, t)
        if self._state is State.WAITING and t >= self._blocked_until - EPSILON:
            return self._restart(t)
        if self._holding or self._state is not State.SCANNING:
            return None
        return self._advance_due(t)

    # -- the shared machinery ------------------------------------------------

    def _highlight(self) -> Highlight:
        assert self._mode is not None
        options = self._mode.options
        return Highlight(options[self._index], self._index, len(options), self._mode.trail)

    def _restart(self, t: float) -> Highlight | None:
        """Highlight the first item of the current mode, with a fresh timer."""
        self._index = 0
        self._loops = 0
        if self._mode is None or not self._mode.options:
            self._state = State.IDLE
            self._next_at = math.inf
            return None
        self._state = State.SCANNING
        self._next_at = t + self._settings.first_delay + self._settings.interval
        return self._highlight()

    def _act(self, switch: Switch, t: float) -> ScanOutput | None:
        """An accepted press (held long enough if hold to pick is on)."""
        if self._state in (State.PAUSED, State.WAITING):
            return self._restart(t)
        if self._state is State.IDLE:
            return None
        if switch is Switch.NEXT:
            return self._next(t)
        return self._pick(t)

    def _pick(self, t: float) -> ScanOutput | None:
        assert self._mode is not None
        choice = self._mode.choose(self._index)
        self._blocked_until = t + self._settings.pick_pause
        self._holding.clear()
        if isinstance(choice, ScanAdjust):
            changed = (self._settings.slower() if choice is ScanAdjust.SLOWER
                       else self._settings.faster() if choice is ScanAdjust.FASTER
                       else self._settings)  # the window's look: passed on, speed unchanged
            self._settings = changed
            self._state = State.WAITING
            if choice in DISPLAY_ADJUSTS:  # the new look is seen at once: back where the user was
                self._mode = self._root
            return SettingsChanged(changed, choice)
        if is_command(choice):
            self._mode = self._root
            self._state = State.WAITING
            return choice
        self._mode = choice  # type: ignore[assignment]
        restarted = self._restart(self._blocked_until)
        return restarted

    def _advance_due(self, t: float) -> ScanOutput | None:
        """Move the highlight if its time is up (auto scanning only)."""
        return None

    def _next(self, t: float) -> ScanOutput | None:
        """The NEXT switch: move to the following option, wrapping round."""
        assert self._mode is not None
        self._index = (self._index + 1) % len(self._mode.options)
        self._loops = 0
        extra = self._settings.first_delay if self._index == 0 else 0.0
        self._next_at = t + extra + self._settings.interval
        return self._highlight()


class AutoScanner(Scanner):
    """Single-switch automatic scanning (the highlight moves by itself)."""

    def _advance_due(self, t: float) -> ScanOutput | None:
        settings = self._settings
        if settings.finish_speaking and self._is_speaking():
            self._next_at = max(self._next_at, t + settings.interval)
            return None
        output: ScanOutput | None = None
        while t >= self._next_at - EPSILON:
            base = t if settings.finish_speaking else self._next_at
            output = self._forward(base)
            if isinstance(output, ScanPaused) or settings.finish_speaking:
                break
        return output

    def _forward(self, base: float) -> Highlight | ScanPaused:
        """One automatic move from the time ``base`` the last one fell due."""
        assert self._mode is not None
        settings = self._settings
        self._index += 1
        if self._index < len(self._mode.options):
            self._next_at = base + settings.interval
            return self._highlight()
        self._loops += 1
        if settings.loops and self._loops >= settings.loops:
            self._state = State.PAUSED
            self._index = 0
            self._next_at = math.inf
            return ScanPaused()
        self._index = 0
        self._next_at = base + settings.first_delay + settings.interval
        return self._highlight()


class StepScanner(Scanner):
    """Two-switch step scanning: NEXT moves the highlight, PICK picks; no timer."""

    def _advance_due(self, t: float) -> ScanOutput | None:
        return None


def make_scanner(settings: ScanSettings, *,
                 is_speaking: Callable[[], bool] | None = None) -> Scanner:
    """The machine ``settings.mode`` asks for: auto (one switch) or step (two)."""
    if settings.mode == "step":
        return StepScanner(settings, is_speaking=is_speaking)
    return AutoScanner(settings, is_speaking=is_speaking)
