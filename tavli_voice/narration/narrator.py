"""``Narrator``: the speech policy (a :class:`NarrationQueue`) applied to a speaker.

Threading model — written down because several threads talk to it:

* Every public method takes one lock, so the terminal loop, the recognizer
  thread, the scanning timer and the window may all call it.
* ``say``, ``interrupt``, ``stop`` and ``repeat`` act at once: if the speaker
  is free the next item starts inside the call, so first audio never waits
  for a timer.
* ``pump()`` notices that the speaker finished, starts the next item and
  fires ``speaking_changed``. Call it from the main loop (each pygame frame,
  each terminal tick), or, where the main thread blocks on input, run
  :class:`PumpThread` (``narrator.start_pump_thread()``), which calls it
  every 20 ms. Tests call it by hand: with :class:`RecordingSpeaker` nothing
  depends on wall time, so sequences are exact (NVDA's test harness style).
* ``speaking_changed(bool)`` listeners run after the lock is released, in the
  thread that caused the change; they must be quick and thread-safe (a
  recognizer sets a flag or posts to its own queue). ``is_speaking()`` may be
  polled instead.

Typical use::

    speaker, problem = make_speaker(settings, settings.lang)
    if problem:
        print(fallback_message(problem, settings.lang))
    narrator = Narrator(speaker, settings=settings)
    narrator.say(Utterance.from_text("Your dice: 6 5.", lang="en", turn=7))
    narrator.interrupt(turn=7)     # the player typed or said something
    narrator.pump()                # in the main loop
"""

from __future__ import annotations

import dataclasses
import threading
from typing import Callable

from tavli_voice.narration.priorities import Priority, Verbosity
from tavli_voice.narration.queue import NarrationQueue
from tavli_voice.narration.settings import SpeechSettings
from tavli_voice.narration.speaker import Speaker
from tavli_voice.narration.utterance import Utterance

__all__ = ["Narrator", "PumpThread", "Verbosity", "Priority"]

SpeakingListener = Callable[[bool], None]


class Narrator:
    """Say utterances by priority, cut stale speech, remember what was said."""

    def __init__(self, speaker: Speaker, *, settings: SpeechSettings | None = None,
                 on_speaking_changed: SpeakingListener | None = None,
                 history_size: int = 200) -> None:
        self._speaker = speaker
        self._settings = settings or SpeechSettings()
        self._queue = NarrationQueue(history_size)
        self._lock = threading.RLock()
        self._listeners: list[SpeakingListener] = []
        if on_speaking_changed is not None:
            self._listeners.append(on_speaking_changed)
        self._speaking = False  # last state reported to listeners
        speaker.configure(rate=self._settings.rate, volume=self._settings.volume,
                          earcons=self._settings.earcons)

    # -- settings ---------------------------------------------------------
    @property
    def settings(self) -> SpeechSettings:
        return self._settings

    @property
    def verbosity(self) -> Verbosity:
        """How much the phrasers should say (they read it; the narrator does not)."""
        return self._settings.verbosity

    @property
    def lang(self) -> str:
        return self._settings.lang

    @property
    def speaker(self) -> Speaker:
        return self._speaker

    def apply_settings(self, settings: SpeechSettings) -> None:
        """New rate/volume/earcons apply from the next utterance on."""
        with self._lock:
            self._settings = settings
            self._speaker.configure(rate=settings.rate, volume=settings.volume, earcons=settings.earcons)

    def add_speaking_listener(self, listener: SpeakingListener) -> None:
        """Call ``listener(True)`` when speech starts and ``(False)`` when all is said."""
        with self._lock:
            self._listeners.append(listener)

    # -- speech -------------------------------------------------------------
    def say(self, utterance: Utterance) -> None:
        """Queue ``utterance`` by its priority (see ``queue.py`` for the flow)."""
        with self._lock:
            self._reap()
            cut = self._queue.enqueue(utterance)
            self._after_change(cut)
        self._notify()

    def interrupt(self, turn: int) -> None:
        """The player acted at ``turn``: drop stale speech and all cues.

        Call it for every user command *before* saying the answer. Never
        drops ``IMPORTANT`` items.
        """
        with self._lock:
            self._reap()
            cut = self._queue.interrupt(turn)
            self._after_change(cut)
        self._notify()

    def new_match(self) -> None:
        """A new match starts in this program: its turns count from 0 again (the old match's
        speech still waiting is dropped, ``IMPORTANT`` items aside)."""
        with self._lock:
            self._reap()
            cut = self._queue.restart()
            self._after_change(cut)
        self._notify()

    def drop_stale(self, turn: int) -> None:
        """The game moved on to ``turn`` without the player (new game, undo)."""
        with self._lock:
            self._reap()
            cut = self._queue.drop_stale(turn)
            self._after_change(cut)
        self._notify()

    def stop(self) -> None:
        """Silence now and forget everything pending, ``IMPORTANT`` included."""
        with self._lock:
            self._queue.cancel()
            self._speaker.cancel()
        self._notify()

    def repeat(self) -> bool:
        """Say the last message again (not added to the history twice).

        It is spoken as a response to the player, so it counts as the current
        turn. Returns False if nothing has been said yet.
        """
        with self._lock:
            self._reap()
            last = self._queue.last()
            if last is None:
                return False
            again = dataclasses.replace(last, turn=max(last.turn, self._queue.turn))
            cut = self._queue.enqueue(again, record=False)
            self._after_change(cut)
        self._notify()
        return True

    def history(self) -> tuple[Utterance, ...]:
        """Messages said so far, oldest first, including ones cut short."""
        with self._lock:
            return self._queue.history()

    def last(self) -> Utterance | None:
        with self._lock:
            return self._queue.last()

    def pending(self) -> tuple[Utterance, ...]:
        with self._lock:
            return self._queue.pending

    def is_speaking(self) -> bool:
        """True while something is being said or waits to be said."""
        with self._lock:
            return self._speaker.is_speaking() or not self._queue.is_idle

    # -- main loop -------------------------------------------------------------
    def pump(self) -> None:
        """Advance when the speaker is done; fire ``speaking_changed``."""
        with self._lock:
            self._advance()
        self._notify()

    def start_pump_thread(self, interval_s: float = 0.02) -> PumpThread:
        """Pump from a daemon thread (for loops that block on input)."""
        thread = PumpThread(self, interval_s)
        thread.start()
        return thread

    def close(self) -> None:
        """Stop speaking and release the speaker."""
        self.stop()
        self._speaker.close()

    # -- internals -----------------------------------------------------------
    def _after_change(self, cut: bool) -> None:
        if cut:
            self._speaker.cancel()
        self._advance()

    def _reap(self) -> None:
        """Note that the speaker finished, so a finished item is not 'cut'."""
        if self._queue.current is not None and not self._speaker.is_speaking():
            self._queue.done()

    def _advance(self) -> None:
        # Loops only for speakers that finish at once (silent, auto-finish).
        while True:
            self._reap()
            nxt = self._queue.next()
            if nxt is None:
                return
            self._speaker.speak(nxt)
            if self._speaker.is_speaking():
                return

    def _notify(self) -> None:
        with self._lock:
            now = not self._queue.is_idle or self._speaker.is_speaking()
            if now == self._speaking:
                return
            self._speaking = now
            listeners = list(self._listeners)
        for listener in listeners:
            listener(now)


class PumpThread(threading.Thread):
    """Calls ``narrator.pump()`` every ``interval_s`` until ``stop()``."""

    def __init__(self, narrator: Narrator, interval_s: float = 0.02) -> None:
        super().__init__(name="tavli-narrator-pump", daemon=True)
        self._narrator = narrator
        self._interval = interval_s
        self._halt = threading.Event()

    def run(self) -> None:
        while not self._halt.wait(self._interval):
            self._narrator.pump()

    def stop(self) -> None:
        self._halt.set()
        self.join(timeout=1.0)
