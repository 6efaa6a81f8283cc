"""The log file's handler: when the log cannot be written it falls silent, and says so once.

Python's own handlers print "--- Logging error ---" and a traceback to standard
error for every record they fail to write (a full disk: one for each warning,
on the player's screen, read out by their screen reader). :class:`QuietHandler`
stops at the first failure instead, lets go of the file, and calls
``on_failure`` once with the reason, so the player hears one sentence in their
language (:func:`log_to_file`).

>>> import io, logging
>>> told = []
>>> class Full(io.StringIO):
...     def flush(self) -> None:
...         raise OSError(28, "No space left on device")
>>> handler = QuietHandler(Full(), on_failure=told.append)
>>> log = logging.getLogger("doctest.quiet")
>>> log.addHandler(handler)
>>> log.propagate = False
>>> for i in range(3):
...     log.warning("problem %d", i)
>>> told, handler.failed
(['No space left on device'], True)
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from . import userfiles


class QuietHandler(logging.StreamHandler[TextIO]):
    """A stream handler that never prints a traceback: the first failure to write
    stops it for good and is reported once through ``on_failure(reason)``."""

    def __init__(self, stream: TextIO, on_failure: Callable[[str], None] | None = None) -> None:
        super().__init__(stream)
        self.failed = False
        self.on_failure = on_failure

    def emit(self, record: logging.LogRecord) -> None:
        if not self.failed:
            super().emit(record)  # a failure comes back through handleError

    def flush(self) -> None:
        if self.failed:
            return
        try:
            super().flush()
        except (OSError, ValueError) as exc:
            self._fall_silent(exc)

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 - logging's name
        self._fall_silent(sys.exc_info()[1])

    def close(self) -> None:
        if self.failed:
            logging.Handler.close(self)  # the stream was let go of already
            return
        try:
            super().close()
        except (OSError, ValueError):
            pass

    def _fall_silent(self, exc: BaseException | None) -> None:
        if self.failed:
            return
        self.failed = True
        stream = self.stream
        try:
            stream.close()
        except (OSError, ValueError):  # the buffered bytes cannot go anywhere: drop them
            pass
        if self.on_failure is not None:
            reason = getattr(exc, "strerror", None) or str(exc or "the log cannot be written")
            try:
                self.on_failure(reason)
            except Exception:  # telling must never break the game either
                pass


def log_to_file(on_failure: Callable[[Path], None] | None = None) -> None:
    """Problems go to a log file in the data folder, never onto the player's screen.

    The file is opened to append without following a symlink (a link planted
    in its place is refused, and nothing is logged to a file then). When the
    log cannot be written (a full disk) it falls silent: no traceback is ever
    printed, and ``on_failure(log path)`` is called once to say so.
    """
    root = logging.getLogger()
    if root.handlers:  # already configured (tests, an embedding program)
        return
    logging.raiseExceptions = False  # no "--- Logging error ---" tracebacks from any handler
    try:
        folder = userfiles.data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "tavli-voice.log"
        stream = os.fdopen(userfiles.open_append_private(path), "a",
                           encoding="utf-8", errors="backslashreplace")
        tell = None if on_failure is None else (lambda _reason: on_failure(path))
        handler: logging.Handler = QuietHandler(stream, tell)
    except OSError:
        handler = logging.NullHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    # TAVLI_LOG_LEVEL=DEBUG: the timings of voice and sound (benchmarks/e2e_sound.py reads them)
    level = os.environ.get("TAVLI_LOG_LEVEL", "WARNING").upper()
    root.setLevel(level if level in ("DEBUG", "INFO", "WARNING", "ERROR") else logging.WARNING)

