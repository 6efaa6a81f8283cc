"""Speech priorities and verbosity: a tiny leaf module anything may import.

Modelled on NVDA's ``speech/priorities.py``: few levels, each with one written
meaning. The queue that applies them is :mod:`tavli_voice.narration.queue`.

* ``IMPORTANT`` — never dropped by an interruption or by staleness: why a turn
  passed (R8), errors, refused commands, game and match over (R9). Only the
  player's explicit *stop speech* silences it (it stays in the history).
* ``MESSAGE`` — queued in order: dice, plays, whose turn it is. Dropped when it
  goes stale (it is about an older turn than the player is acting on).
* ``TEXT`` — transient cues (scan highlights, list items under a cursor):
  only the newest one matters, so a new ``TEXT`` replaces any older one, even
  one being spoken, and any user action drops them all.

``IMPORTANT`` and ``MESSAGE`` share one first-in first-out order, so a pass
reason is never spoken before the dice that caused it (R2, R8); the priority
only decides what survives an interruption.
"""

from __future__ import annotations

from enum import Enum, IntEnum


class Priority(IntEnum):
    """How an utterance survives interruption (higher survives more)."""

    TEXT = 0
    MESSAGE = 1
    IMPORTANT = 2


class Verbosity(Enum):
    """How much the phrasers say; stored by the narrator, read by phrasers.

    ``TERSE``: the bare facts ("6 5", "13 to 7"). ``NORMAL``: short sentences.
    ``CHATTY``: adds context such as pip counts or whose turn comes next.
    """

    TERSE = "terse"
    NORMAL = "normal"
    CHATTY = "chatty"


#: How many long turns of a match hear how to choose in full (the order of the points while
#: scanning, the step-by-step hint in speech), by verbosity; ``None``: every one. Later long
#: turns hear the short form, unless the player seemed stuck since (help asked, a command
#: refused, the scan paused with nothing picked).
TOLD_IN_FULL: dict[Verbosity, int | None] = {Verbosity.TERSE: 1, Verbosity.NORMAL: 2,
                                             Verbosity.CHATTY: None}
