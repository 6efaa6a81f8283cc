"""Watching a match another running tavli-voice plays: read-only, line by line.

The other copy saves after every command; the watcher reads that save when
it changes (never moving or writing it) and prints what happened since:
the new log entries replayed on its own copy of the session, or, when a
new game began, the resumed match's summary. Queries (``d``, ``s``, ``p 13``
…) answer from the watched position; ``q`` (or the end of input) stops.
Watching ends by itself when the other copy lets go of the match.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from .. import commands as C
from .. import events as E
from .. import storage
from .. import words as M
from ..session import _QUERIES, Session
from .guard import visible
from .keys import UnknownInput, parse_line
from .line_reader import LineReader

__all__ = ["Watcher", "watch"]

_STOP = ("q", "quit", "exit", "έξοδος", "εξοδος", ";")


class Watcher:
    """Follows one save file; :meth:`refresh` prints what changed since last time."""

    def __init__(self, path: Path, say: Callable[[str], None], lang: str) -> None:
        self.path = path
        self.say = say
        self.lang = lang
        self.session: Session | None = None
        self._stamp: tuple[int, int, int] | None = None

    def _print(self, events: list[E.Event]) -> None:
        from ..narration.phrases import screen_text
        from .app import App

        if self.session is None:
            return
        ctx = App(self.session, lang=self.lang).context()
        for ev in events:
            for line in screen_text(ev, ctx).splitlines():
                if line.strip():
                    self.say(line)

    def refresh(self) -> bool:
        """Read the save if it changed and print the news; False when there is no save."""
        try:
            info = self.path.stat()
        except OSError:
            return False
        stamp = (info.st_mtime_ns, info.st_size, info.st_ino)
        if stamp == self._stamp:
            return True
        self._stamp = stamp
        loaded = storage.load(self.path, keep_bad=False)
        if loaded.data is not None:
            self.update(loaded.data)
        return True

    def update(self, data: dict[str, Any]) -> None:
        """Catch up with ``data`` (a checked save)."""
        log = data.get("log", [])
        s = self.session
        if s is not None and data.get("checkpoint") == s.checkpoint and log[:len(s.log)] == s.log:
            try:
                for entry in log[len(s.log):]:
                    self._print(s.replay_entry(entry))
                return
            except ValueError:
                pass  # read mid-change: start again from the save
        try:
            self.session, events = Session.restore(data)
        except ValueError:
            return
        self._print(events)

    def query(self, cmd: C.Command) -> None:
        """Answer a question about the watched match."""
        if self.session is not None and isinstance(cmd, _QUERIES):
            self._print(self.session.handle(cmd))


def watch(path: Path, say: Callable[[str], None], inp: TextIO, lang: str, *,
          poll: float = 0.5, max_seconds: float | None = None) -> int:
    """Follow the match saved in ``path`` until ``q``, the end of input or its copy closes."""
    watcher = Watcher(path, say, lang)
    lines = LineReader(inp, name="tavli-watch-keys")
    say(M.text("watch.start", lang, path=str(path)))
    start = time.monotonic()
    while max_seconds is None or time.monotonic() - start < max_seconds:
        watcher.refresh()
        if storage.SaveLock.holder(path) is None:
            say(M.text("watch.ended", lang, path=str(path)))
            return 0
        line = lines.read(poll)
        if line is None:
            continue
        if line == "" or line.strip().lower() in _STOP:
            say(M.text("watch.stopped", lang))
            return 0
        try:
            cmd = parse_line(line)
        except UnknownInput as exc:
            say(M.text("input.unknown", lang, text=visible(exc.text)))
            continue
        if cmd is not None and isinstance(cmd, _QUERIES):
            watcher.query(cmd)
        else:
            say(M.text("watch.start", lang, path=str(path)))
    return 0
