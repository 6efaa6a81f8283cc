"""Typed lines, waited for with a time limit, none held back.

Waiting for a file with ``select`` and then reading one line leaves every
other line that came at the same moment in the reader's buffer, where
``select`` does not see it (measured: a key typed right after another was
read only at the next key, 5 s later). So from a real file (a terminal, a
pipe) a thread of its own reads the lines into a queue, and the waits are on
the queue. A text stream without a file (tests) is just read line by line.
"""

from __future__ import annotations

import logging
import queue
import select
import threading
from typing import TextIO

log = logging.getLogger(__name__)


class LineReader:
    """:meth:`read` gives the next line of ``inp``: without its line end, an empty
    line as ``" "``, ``""`` at the end of input, ``None`` when the time ran out
    first or :meth:`wake` was called."""

    def __init__(self, inp: TextIO, *, name: str = "tavli-keys") -> None:
        self.inp = inp
        self.name = name
        #: the lines read by the thread (a real file), None before the first read;
        #: None in it is a :meth:`wake`
        self._lines: queue.Queue[str | None] | None = None

    def read(self, timeout: float | None) -> str | None:
        """The next line, ``""`` at the end, ``None`` after ``timeout`` seconds or a wake."""
        if self._lines is None:
            try:
                select.select([self.inp], [], [], 0)
            except (ValueError, OSError, TypeError):  # not a real file: just read
                line = self.inp.readline()
                return "" if line == "" else line.rstrip("\n") or " "
            self._lines = queue.Queue()
            threading.Thread(target=self._read_lines, args=(self._lines,), name=self.name,
                             daemon=True).start()
        try:
            return self._lines.get(timeout=timeout)
        except queue.Empty:
            return None

    def wake(self) -> None:
        """End a :meth:`read` that is waiting (from any thread)."""
        lines = self._lines
        if lines is not None:
            lines.put(None)

    def _read_lines(self, into: "queue.Queue[str | None]") -> None:
        """Read lines until the end of input (``""`` then), on the reader's own thread.

        The thread runs at the interactive priority where the system allows it:
        a key is the start of what the player waits for (measured with both
        cores busy while the voice engine loaded: a key read 57 ms late).
        """
        from ..audio.priority import raise_for_interaction

        raise_for_interaction(f"{self.name} thread")
        while True:
            try:
                line = self.inp.readline()
            except (OSError, ValueError):  # closed under us: the end of input
                line = ""
            log.debug("input line %r", line)
            into.put("" if line == "" else line.rstrip("\n") or " ")
            if line == "":
                return
