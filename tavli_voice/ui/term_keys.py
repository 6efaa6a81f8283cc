"""Keys from a terminal in cbreak mode: names for the bytes, and a raw-key reader.

Switch interfaces and remotes often send arrow or function keys; a terminal
turns them into escape sequences. :func:`decode_keys` names them the way the
scanning settings do ("space", "enter", "f5"); :class:`TtyKeys` reads them
from a real terminal in cbreak mode and restores the terminal on exit.
"""

from __future__ import annotations

import os
import select
from typing import Any, Protocol

from ..scanning import Clock

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
