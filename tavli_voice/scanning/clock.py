"""Clocks for the scanners: one protocol, a real clock and a hand-driven one.

The scanning machines never read the time themselves; every call takes the
time ``t`` as an argument (see ``shared/style.md``: inject clocks, no hidden
globals). Front ends read ``clock.now()`` and pass it on; tests use
:class:`ManualClock` so every timing rule is checked exactly.
"""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    """Anything that tells the time in seconds (only differences matter)."""

    def now(self) -> float:
        """The current time in seconds."""
        ...


class MonotonicClock:
    """The real clock: ``time.monotonic()``, which never jumps backwards."""

    def now(self) -> float:
        """Seconds from an arbitrary start, monotonic."""
        return time.monotonic()


class ManualClock:
    """A clock that only moves when told to, for tests.

    >>> clock = ManualClock()
    >>> clock.advance(0.5)
    0.5
    >>> clock.now()
    0.5
    """

    def __init__(self, start: float = 0.0) -> None:
        self._now = float(start)

    def now(self) -> float:
        """The time set so far."""
        return self._now

    def advance(self, dt: float) -> float:
        """Move forward by ``dt`` seconds (never backwards) and return the new time."""
        if dt < 0:
            raise ValueError(f"a clock cannot go back: advance({dt})")
        self._now += dt
        return self._now

    def set(self, t: float) -> float:
        """Jump to time ``t`` (not earlier than now) and return it."""
        if t < self._now:
            raise ValueError(f"a clock cannot go back: set({t}) at {self._now}")
        self._now = float(t)
        return self._now

    def __repr__(self) -> str:
        return f"ManualClock({self._now!r})"
