"""pygame events → the window's inputs, from tables (style guide 4.1).

Keyboard and TV remote: arrows, Enter/OK (also keypad Enter, keypad 5),
Escape/Backspace/the remote's Back key, digits (top row and keypad), and the
terminal's one-letter commands (``ui/keys.py``: r roll, c confirm, u undo,
d describe, m repeat, i pips, s score, x hint, h help, o resign, q quit …).
F2 switches theme, + and − change the scale.

Gamepads (many TV remotes and switch interfaces present themselves as
one): button 0 (A) is OK, 1 (B) Back, 2 Undo, 3 opens the list; the hat
moves the cursor.

While scanning, the switch inputs go to the scanner instead: the configured
pick and next keys (``ScanSettings.pick_key``/``next_key``: space and Enter
by default), mouse buttons (left picks, right moves on) and joystick buttons
(0 picks, 1 moves on, any other picks).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from ... import commands as C
from ...scanning import Switch
from ..keys import UnknownInput, parse_line
from .navigation import Key


#: How much + and − (and the scan menu's Bigger and Smaller) change the window's scale.
SCALE_STEP = 0.125


class Kind(Enum):
    """What one pygame event means to the window."""

    KEY = "key"
    DIGIT = "digit"
    COMMAND = "command"
    SWITCH_DOWN = "switch_down"
    SWITCH_UP = "switch_up"
    CLICK = "click"
    POINTER = "pointer"
    QUIT = "quit"
    THEME = "theme"
    SCALE = "scale"
    TALK = "talk"  #: push-to-talk key down (step 1) or up (step 0)
    PAGE = "page"  #: Page Down (step 1) or Page Up (step -1) in the list of plays
    UNKNOWN = "unknown"  #: a letter or sign that is no command here (``text``: which)


@dataclass(frozen=True, slots=True)
class Input:
    """One translated input."""

    kind: Kind
    key: Key | None = None
    digit: int = 0
    command: C.Command | None = None
    switch: Switch | None = None
    pos: tuple[int, int] = (0, 0)
    step: float = 0.0
    mouse: bool = False  #: a mouse button (or touch) used as a switch: ``pos`` is where
    text: str = ""  #: the character typed, for :attr:`Kind.UNKNOWN`


#: Key names the scanning settings may use that pygame spells differently.
_KEY_ALIASES = {"enter": "return", "esc": "escape", "spacebar": "space"}


def key_code(name: str) -> int | None:
    """A pygame key code for a settings key name ("space", "enter", "f5" …)."""
    import pygame

    text = _KEY_ALIASES.get(name.strip().lower(), name.strip().lower())
    try:
        return int(pygame.key.key_code(text))
    except (ValueError, pygame.error):
        return None


def _tables() -> tuple[dict[int, Key], dict[int, int]]:
    import pygame as pg

    keys = {
        pg.K_LEFT: Key.LEFT, pg.K_RIGHT: Key.RIGHT, pg.K_UP: Key.UP, pg.K_DOWN: Key.DOWN,
        pg.K_KP4: Key.LEFT, pg.K_KP6: Key.RIGHT, pg.K_KP8: Key.UP, pg.K_KP2: Key.DOWN,
        pg.K_RETURN: Key.OK, pg.K_KP_ENTER: Key.OK, pg.K_SPACE: Key.OK, pg.K_KP5: Key.OK,
        pg.K_ESCAPE: Key.BACK, pg.K_BACKSPACE: Key.BACK, pg.K_AC_BACK: Key.BACK,
    }
    digits = {getattr(pg, f"K_{i}"): i for i in range(10)}
    # keypad digits arrive as K_KP0..9 only with NumLock on; then they are digits
    return keys, digits


def _keypad_digits() -> frozenset[int]:
    import pygame as pg

    return frozenset(getattr(pg, f"K_KP{i}") for i in range(10))


#: Gamepad buttons when not scanning.
PAD_BUTTONS = {0: Key.OK, 1: Key.BACK, 2: Key.UNDO, 3: Key.DOWN}
#: Gamepad / joystick buttons as switches while scanning.
PAD_SWITCHES = {0: Switch.PICK, 1: Switch.NEXT}


@dataclass(frozen=True, slots=True)
class SwitchMap:
    """Which inputs are switches while scanning."""

    pick_keys: frozenset[int] = frozenset()
    next_keys: frozenset[int] = frozenset()
    mouse: bool = True
    joystick: bool = True


def switch_map(pick_key: str, next_key: str, *, mouse: bool = True,
               joystick: bool = True) -> SwitchMap:
    """The switch map from the scanning settings' key names."""
    pick = key_code(pick_key)
    nxt = key_code(next_key)
    return SwitchMap(frozenset({pick} if pick is not None else ()),
                     frozenset({nxt} if nxt is not None and nxt != pick else ()), mouse, joystick)


def push_to_talk_key() -> int:
    """F5: hold it while speaking a voice command (push-to-talk)."""
    import pygame as pg

    return int(pg.K_F5)


def translate(event: Any, switches: SwitchMap | None) -> Input | None:
    """One pygame event → one :class:`Input` (``None`` to ignore it).

    ``switches`` is ``None`` when scanning is off.
    """
    import pygame as pg

    t = event.type
    if t == pg.QUIT:
        return Input(Kind.QUIT)
    if t in (pg.KEYDOWN, pg.KEYUP):
        key = event.key
        if key == push_to_talk_key():
            return Input(Kind.TALK, step=1.0 if t == pg.KEYDOWN else 0.0)
        if switches is not None and (key in switches.pick_keys or key in switches.next_keys):
            sw = Switch.PICK if key in switches.pick_keys else Switch.NEXT
            return Input(Kind.SWITCH_DOWN if t == pg.KEYDOWN else Kind.SWITCH_UP, switch=sw)
        if t == pg.KEYUP:
            return None
        return _keydown(event)
    if t in (pg.MOUSEBUTTONDOWN, pg.MOUSEBUTTONUP):
        if event.button not in (1, 3):
            return None
        if switches is not None and switches.mouse:
            sw = Switch.PICK if event.button == 1 else Switch.NEXT
            return Input(Kind.SWITCH_DOWN if t == pg.MOUSEBUTTONDOWN else Kind.SWITCH_UP,
                         switch=sw, pos=tuple(event.pos), mouse=True)
        if t == pg.MOUSEBUTTONDOWN and event.button == 1:
            return Input(Kind.CLICK, pos=tuple(event.pos))
        return None
    if t == pg.MOUSEMOTION:
        return Input(Kind.POINTER, pos=tuple(event.pos))
    if t in (pg.JOYBUTTONDOWN, pg.JOYBUTTONUP):
        if switches is not None and switches.joystick:
            sw = PAD_SWITCHES.get(event.button, Switch.PICK)
            return Input(Kind.SWITCH_DOWN if t == pg.JOYBUTTONDOWN else Kind.SWITCH_UP, switch=sw)
        if t == pg.JOYBUTTONDOWN and event.button in PAD_BUTTONS:
            return Input(Kind.KEY, key=PAD_BUTTONS[event.button])
        return None
    if t == pg.JOYHATMOTION:
        x, y = event.value
        hat = {(-1, 0): Key.LEFT, (1, 0): Key.RIGHT, (0, 1): Key.UP, (0, -1): Key.DOWN}
        k = hat.get((x, y))
        return Input(Kind.KEY, key=k) if k is not None else None
    return None


def _keydown(event: Any) -> Input | None:
    import pygame as pg

    keys, digits = _tables()
    key = event.key
    if key == pg.K_F2:
        return Input(Kind.THEME)
    if key in (pg.K_PAGEDOWN, pg.K_PAGEUP):
        return Input(Kind.PAGE, step=1 if key == pg.K_PAGEDOWN else -1)
    text = getattr(event, "unicode", "") or ""
    if text in ("+", "=") or key in (pg.K_PLUS, pg.K_KP_PLUS):
        return Input(Kind.SCALE, step=+SCALE_STEP)
    if text == "-" or key in (pg.K_MINUS, pg.K_KP_MINUS):
        return Input(Kind.SCALE, step=-SCALE_STEP)
    if key in digits:
        return Input(Kind.DIGIT, digit=digits[key])
    if key in _keypad_digits() and text.isdigit():
        return Input(Kind.DIGIT, digit=int(text))
    if key in keys:
        return Input(Kind.KEY, key=keys[key])
    if text and text.isprintable() and not text.isspace():
        try:
            cmd = parse_line(text)
        except UnknownInput:
            return Input(Kind.UNKNOWN, text=text)  # the window says so, in the player's language
        if isinstance(cmd, C.Undo):
            return Input(Kind.KEY, key=Key.UNDO)
        if isinstance(cmd, C.Roll):
            return Input(Kind.KEY, key=Key.ROLL)
        if cmd is not None:
            return Input(Kind.COMMAND, command=cmd)
    return None
