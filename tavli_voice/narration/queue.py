"""``NarrationQueue``: what to say next, as plain state (no sound, no threads).

Written after NVDA's ``SpeechManager`` (style guide 3.2): the queue only
decides; the narrator applies its answers to a ``Speaker``. Every method
returns what the caller must do (``True`` = "cut the speech now playing").

Flow
----
1. ``enqueue(u)``: an empty utterance is ignored. ``IMPORTANT`` and
   ``MESSAGE`` items join one first-in first-out line, so causes are heard
   before effects (the dice before "no legal play", R2/R8). A ``TEXT`` item
   removes every older pending ``TEXT`` and joins the end of the line; if a
   ``TEXT`` item is being spoken it must be cut (returns ``True``): only the
   newest scan cue matters. A non-``IMPORTANT`` item already older than the
   known turn is stale on arrival and is not queued. ``MESSAGE`` and
   ``IMPORTANT`` items go into the history (``TEXT`` does not).
2. ``next()``: when nothing is being spoken, the head of the line becomes
   ``current`` and is returned for the speaker; otherwise ``None``.
3. ``done()``: the speaker finished ``current``; go back to 2.
4. ``interrupt(turn)`` — any user action: the known turn becomes ``turn``;
   every ``TEXT`` item, every ``MESSAGE`` about an older turn and every
   *answer* to an earlier request (a report, help, a hint, a refusal: see
   ``ANSWER_TAGS``) is dropped, pending or current (returns ``True`` if
   ``current`` was dropped): a new request cuts the previous answer, as a
   screen reader cuts speech on every key, and only game events the player
   has not heard yet are kept. Other ``IMPORTANT`` items are never dropped
   here, and a current one keeps playing.
5. ``drop_stale(turn)`` — the game moved on without the player acting (new
   game, undo): like ``interrupt`` but ``TEXT`` of the current turn stays.
6. ``cancel()`` — the player said *stop*: everything goes, ``IMPORTANT``
   included (it stays in the history, so *repeat* and *history* still work).

History keeps the last ``history_size`` messages in the order they were said,
including those dropped before they were heard: the player catches up with
*read history*. ``last()`` is what *repeat* says again.
"""

from __future__ import annotations

from collections import deque
from typing import Final

from tavli_voice.narration.priorities import Priority
from tavli_voice.narration.utterance import Utterance

#: Tags (event class names) of answers to a request: a newer request makes them obsolete.
ANSWER_TAGS: Final = frozenset({
    "PositionReport", "PointReport", "QuarterReport", "PipReport", "ScoreReport", "HelpReport",
    "HintReport", "CubeHintReport", "WhyReport", "HistoryReport", "CommandRejected",
})


def is_answer(utterance: Utterance) -> bool:
    """True for the answer to a request (see ``ANSWER_TAGS``)."""
    return utterance.tag in ANSWER_TAGS


class NarrationQueue:
    """Pending speech, the item being spoken, and the history (see module doc)."""

    def __init__(self, history_size: int = 200) -> None:
        self._pending: list[Utterance] = []
        self._current: Utterance | None = None
        self._history: deque[Utterance] = deque(maxlen=history_size)
        self._turn = 0

    # -- state -----------------------------------------------------------
    @property
    def current(self) -> Utterance | None:
        """The item being spoken, if any."""
        return self._current

    @property
    def pending(self) -> tuple[Utterance, ...]:
        """Items waiting, in the order they will be spoken."""
        return tuple(self._pending)

    @property
    def turn(self) -> int:
        """The newest turn the player acted on (staleness threshold)."""
        return self._turn

    @property
    def is_idle(self) -> bool:
        """Nothing being spoken and nothing waiting."""
        return self._current is None and not self._pending

    def history(self) -> tuple[Utterance, ...]:
        """Messages said so far, oldest first (``TEXT`` cues excluded)."""
        return tuple(self._history)

    def last(self) -> Utterance | None:
        """The newest message in the history (what *repeat* says)."""
        return self._history[-1] if self._history else None

    # -- flow ------------------------------------------------------------
    def enqueue(self, utterance: Utterance, *, record: bool = True) -> bool:
        """Add ``utterance`` (step 1); ``True`` if the current item must be cut.

        ``record=False`` keeps it out of the history (used by *repeat*).
        """
        if utterance.is_empty:
            return False
        if record and utterance.priority is not Priority.TEXT:
            self._history.append(utterance)
        if utterance.priority is not Priority.IMPORTANT and utterance.turn < self._turn:
            return False
        cut = False
        if utterance.priority is Priority.TEXT:
            self._pending = [u for u in self._pending if u.priority is not Priority.TEXT]
            if self._current is not None and self._current.priority is Priority.TEXT:
                self._current = None
                cut = True
        self._pending.append(utterance)
        return cut

    def next(self) -> Utterance | None:
        """Start the head of the line if nothing is being spoken (step 2)."""
        if self._current is not None or not self._pending:
            return None
        self._current = self._pending.pop(0)
        return self._current

    def done(self) -> Utterance | None:
        """The speaker finished the current item (step 3); returns it."""
        finished, self._current = self._current, None
        return finished

    def interrupt(self, turn: int) -> bool:
        """A user action at ``turn`` (step 4); ``True`` if current must be cut."""
        return self._drop(turn, drop_all_text=True)

    def drop_stale(self, turn: int) -> bool:
        """The game moved to ``turn`` (step 5); ``True`` if current must be cut."""
        return self._drop(turn, drop_all_text=False)

    def restart(self) -> bool:
        """A new match in the same program: its turns count from 0 again, so no turn is stale
        yet; what waits of the match before (``IMPORTANT`` items aside) is dropped, its turns
        no longer comparable. ``True`` if current must be cut."""
        self._turn = 0
        self._pending = [u for u in self._pending if u.priority is Priority.IMPORTANT]
        if self._current is not None and self._current.priority is not Priority.IMPORTANT:
            self._current = None
            return True
        return False

    def cancel(self) -> tuple[Utterance, ...]:
        """Drop everything, ``IMPORTANT`` included (step 6); returns what was dropped."""
        dropped = ([self._current] if self._current is not None else []) + self._pending
        self._current = None
        self._pending = []
        return tuple(dropped)

    # -- helpers ---------------------------------------------------------
    def _drop(self, turn: int, *, drop_all_text: bool) -> bool:
        self._turn = max(self._turn, turn)

        def stale(u: Utterance) -> bool:
            if drop_all_text and is_answer(u):
                return True
            if u.priority is Priority.IMPORTANT:
                return False
            if drop_all_text and u.priority is Priority.TEXT:
                return True
            return u.turn < self._turn

        self._pending = [u for u in self._pending if not stale(u)]
        if self._current is not None and stale(self._current):
            self._current = None
            return True
        return False
