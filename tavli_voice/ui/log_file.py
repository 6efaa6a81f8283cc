"""The log file's handler: when the log cannot be written it falls silent, and says so once.

Python's own handlers print "--- Logging error ---" and a traceback to standard
error for every record they fail to write (a full disk: one for each warning,
on the player's screen, read out by their screen reader). :class:`QuietHandler`
stops at the first failure instead, lets go of the file, and calls
``on_failure`` once with the reason, so the player hears one sentence in their
language (:func:`tavli_voice.startup.log_to_file`).

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
import sys
from collections.abc import Callable
from typing import TextIO


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
