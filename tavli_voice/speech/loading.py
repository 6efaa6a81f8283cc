"""An engine that loads on its own thread while the game starts.

Loading Greek's engine (pocketsphinx and a multilingual Whisper) takes about
two seconds; the game need not wait for it. :class:`LoadingEngine` is a
``Recognizer`` at once: the listener can start, and the keyboard and the
first prompts work, while the real engine is built on a thread. Sound heard
before then is held: ``recognize`` waits for the engine and then decides with
it (its ``ms`` counts the wait), so no word said early is lost. When loading
fails, ``recognize`` returns "nothing" and ``on_done`` has been told why
first (the voice source says it and stops listening).

>>> import threading
>>> from tavli_voice.speech.heard import Heard
>>> gate = threading.Event()
>>> class Quick:
...     name = "quick"
...     def recognize(self, audio, items):
...         return Heard("one", None, 1.0, 5.0, "quick")
>>> def load():
...     gate.wait()
...     return Quick()
>>> engine = LoadingEngine(load)
>>> engine.start()
>>> engine.name, engine.ready
('loading', False)
>>> gate.set()
>>> engine.wait(5)
True
>>> engine.name, engine.recognize(None, ()).text
('quick', 'one')
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from typing import Callable

from .audio import Samples
from .grammar import Phrase
from .heard import Heard, Recognizer

log = logging.getLogger(__name__)

#: ``on_done(engine, None)`` once loaded, ``on_done(None, error)`` when loading failed.
OnDone = Callable[[Recognizer | None, BaseException | None], None]


class LoadingEngine:
    """A ``Recognizer`` whose engine is built by ``load()`` on a thread (see the module doc).

    ``on_done`` is called on the loading thread before any held sound is
    recognised, so what it posts comes before the results of that sound.
    """

    def __init__(self, load: Callable[[], Recognizer], on_done: OnDone | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._load = load
        self._on_done = on_done
        self._clock = clock
        self._done = threading.Event()
        self._closed = threading.Event()
        #: set once loading ended or the engine was closed: what waits for the engine goes on
        self._settled = threading.Event()
        self._thread: threading.Thread | None = None
        self.engine: Recognizer | None = None
        self.error: BaseException | None = None
        #: seconds the loading took (None until it ended)
        self.load_s: float | None = None
        #: the loaded engine's name; "loading" until then, "none" when it failed
        self.name = "loading"

    @property
    def ready(self) -> bool:
        """True once loading ended (well or not)."""
        return self._done.is_set()

    def start(self) -> None:
        """Begin loading on a thread (once)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="tavli-engine-load", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        start = self._clock()
        engine: Recognizer | None = None
        error: BaseException | None = None
        try:
            engine = self._load()
        except Exception as exc:  # EngineUnavailable, or a model that does not load: said by on_done
            error = exc
            log.warning("speech engine did not load: %s", exc)
        self.load_s = self._clock() - start
        self.engine, self.error = engine, error
        self.name = engine.name if engine is not None else "none"
        if engine is not None:
            log.info("speech engine %s loaded in %.2f s", engine.name, self.load_s)
        try:
            if self._on_done is not None:
                self._on_done(engine, error)
        except Exception:  # telling must not keep held sound waiting for ever
            log.exception("after loading the speech engine")
        finally:
            self._done.set()
            self._settled.set()
        # The thread that built the engine stays until ``close``: a Whisper model whose
        # building thread had ended decided 3-10 times slower (measured: its first encoding
        # 983 ms against 41 ms, then 165-212 ms a decision against 54-82 ms).
        self._closed.wait()

    def close(self) -> None:
        """Let the loading thread end (once the engine is no longer used); sound still held
        for the engine is then dropped (quitting does not wait for the engine to load)."""
        self._closed.set()
        self._settled.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until loading ended; False on timeout."""
        return self._done.wait(timeout)

    def recognize(self, audio: Samples, items: tuple[Phrase, ...]) -> Heard:
        """The loaded engine's decision, once it is there (the wait counts in ``ms``)."""
        start = self._clock()
        self._settled.wait()
        waited_ms = (self._clock() - start) * 1000.0
        engine = self.engine if self._done.is_set() else None
        if engine is None:
            return Heard("", None, 0.0, waited_ms, self.name, "nothing")
        heard = engine.recognize(audio, items)
        if waited_ms >= 1.0:
            log.debug("voice: sound held %.0f ms while the engine loaded", waited_ms)
            heard = dataclasses.replace(heard, ms=heard.ms + waited_ms)
        return heard
