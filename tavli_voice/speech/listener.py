"""The listener: microphone → voice-activity detection → recogniser → queue.

Runs on its own thread and only *posts* to a ``queue.Queue`` that the main
loop drains (style.md 3.4): a ``Heard`` for every utterance (its ``command``
is None when not understood; ``explain`` gives the sentence to say), or a
``VoiceProblem`` when the microphone fails mid-game.

While the narrator speaks (``is_speaking()`` True, plus ``tail_s`` after it
stops, for the loudspeaker's last sound), what the microphone hears is
probably the narrator. Two settings (issue 6):

- ``barge_in="ignore"`` (default): such audio is recognised against the
  phrases of the moment but only "stop" is posted ("a stop that always
  works"; the other phrases act as decoys, so the narrator's words rarely
  come out as "stop").
- ``barge_in="interrupt"``: the moment the player starts to speak, a
  ``StopSpeech`` is posted (reason "barge_in") and the utterance is then
  recognised normally. Use it with headphones.

Push-to-talk: ``push_to_talk(True)`` on key down, ``push_to_talk(False)``
on key up; the audio in between is one utterance (no hang-over delay).

Usage from the main loop::

    out = queue.Queue()
    listener = Listener(choose_engine(None, "el"), "el", out, narrator.is_speaking)
    listener.set_options(Options(plays=7, commands=frozenset({"undo"})))
    try:
        listener.start()
    except AudioUnavailable as err:
        narrator.say(text("voice." + err.key, "el"))        # and go on with the keyboard
    ...
    item = out.get_nowait()
    if isinstance(item, Heard):
        if item.command is not None: session.apply(item.command)
        else: narrator.say(explain(item, listener.options, "el"))
"""

from __future__ import annotations

import threading
import time
import queue
from dataclasses import dataclass
from typing import Any, Callable, Literal

import numpy as np

from ..commands import Command, Drop, Quit, Resign, StopSpeech
from .audio import RATE, Samples, resample
from .capture import AudioUnavailable, Microphone
from .grammar import Options, hint, phrases
from .heard import Heard, Recognizer
from ..words import text
from .vad import EnergyVad, Onset, Utterance, VadSettings
from .words import Lang

BargeIn = Literal["ignore", "interrupt"]
ConfirmPolicy = Literal["never", "unsure", "always"]

#: Commands that always ask "are you sure?" whatever the setting (R9).
DESTRUCTIVE: tuple[type, ...] = (Resign, Drop, Quit)


@dataclass(frozen=True, slots=True)
class VoiceProblem:
    """Voice input stopped working; ``key`` names the message (``voice.`` in tavli_voice.words)."""

    key: str
    detail: str = ""


def explain(heard: Heard, options: Options, lang: Lang) -> str:
    """What to say when ``heard`` was not understood: "Not understood: say a number from 1 to 7, …"."""
    key = "unsure" if heard.reason == "unsure" else "not_understood"
    return text("voice." + key, lang, hint=hint(options, lang))


#: Scores under which an engine counts as unsure. pocketsphinx measured on
#: FSDD digits: 99% right at 0.3 or more (2/3 of clips), 75% below. Templates:
#: best/second-best ratio 0.9 or less was always right. The others are guesses.
UNSURE_BELOW: dict[str, float] = {"pocketsphinx": 0.3, "templates": 0.1, "whisper": 0.5, "vosk": 0.6}


def should_confirm(heard: Heard, policy: ConfirmPolicy, unsure_below: float | None = None) -> bool:
    """Whether to ask "did you say …?" before acting on ``heard`` (destructive: always)."""
    if heard.command is None:
        return False
    if isinstance(heard.command, DESTRUCTIVE) or policy == "always":
        return True
    limit = unsure_below if unsure_below is not None else UNSURE_BELOW.get(heard.engine, 0.3)
    return policy == "unsure" and heard.score < limit


class Listener:
    """Ties an engine to a sound source; see the module docstring."""

    def __init__(self, engine: Recognizer, lang: Lang, out: "queue.Queue[Any]",
                 is_speaking: Callable[[], bool] = lambda: False, *,
                 source: Any | None = None, vad: VadSettings = VadSettings(),
                 barge_in: BargeIn = "ignore", tail_s: float = 0.3,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.engine = engine
        self.lang: Lang = lang
        self.out = out
        self.is_speaking = is_speaking
        self.source = source
        self.barge_in: BargeIn = barge_in
        self.tail_s = tail_s
        self._clock = clock
        self._vad_settings = vad
        self._vad: EnergyVad | None = None
        self._options = Options()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._spoke_at = float("-inf")
        self._ptt: list[Samples] | None = None
        self._ptt_muted = False

    # --- what may be said now -------------------------------------------------
    @property
    def options(self) -> Options:
        """The options in force."""
        with self._lock:
            return self._options

    def set_options(self, options: Options) -> None:
        """Change what may be said (call on every new turn or question)."""
        with self._lock:
            self._options = options

    # --- lifecycle ------------------------------------------------------------
    def start(self) -> None:
        """Open the microphone (unless a source was given) and listen on a thread.

        Raises ``AudioUnavailable`` (key "mic_missing"/"portaudio_missing").
        """
        if self.source is None:
            self.source = Microphone()
        start = getattr(self.source, "start", None)
        if start is not None:
            start()
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="tavli-listener", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop listening and close the source."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
            self._thread = None
        stop = getattr(self.source, "stop", None)
        if stop is not None:
            stop()

    def _run(self) -> None:
        try:
            while not self._stop.is_set():
                block = self.source.read(0.1)  # type: ignore[union-attr]
                if block is None:
                    if getattr(self.source, "exhausted", False):
                        self.flush()
                        return
                    continue
                self.process(block)
        except AudioUnavailable as err:
            self.out.put(VoiceProblem("mic_failed", err.detail or err.key))
        except Exception as err:  # keep the game going; say why voice stopped
            self.out.put(VoiceProblem("mic_failed", f"{type(err).__name__}: {err}"))

    # --- audio in -------------------------------------------------------------
    def _rate(self) -> int:
        return int(getattr(self.source, "rate", RATE))

    def _muted(self) -> bool:
        now = self._clock()
        if self.is_speaking():
            self._spoke_at = now
            return True
        return now - self._spoke_at < self.tail_s

    def push_to_talk(self, pressed: bool) -> None:
        """Key down starts an utterance, key up ends and recognises it."""
        if pressed:
            self._ptt = []
            self._ptt_muted = False
            return
        chunks, self._ptt = self._ptt, None
        if chunks:
            audio = np.concatenate(chunks)
            self._utterance(Utterance(audio, self._rate(), 0.0, len(audio) / self._rate(),
                                      self._ptt_muted and self.barge_in == "ignore"))

    def process(self, block: Samples) -> None:
        """Handle one block of microphone samples (the thread calls this; tests may too)."""
        muted = self._muted()
        if self._ptt is not None:
            self._ptt.append(np.asarray(block, dtype=np.float32))
            self._ptt_muted = self._ptt_muted or muted
            return
        if self._vad is None or self._vad.rate != self._rate():
            self._vad = EnergyVad(self._vad_settings, self._rate())
        for event in self._vad.feed(block, muted):
            self._event(event)

    def flush(self) -> None:
        """End of input: recognise an utterance still in progress."""
        if self._vad is not None:
            for event in self._vad.flush():
                self._event(event)

    def _event(self, event: Onset | Utterance) -> None:
        if isinstance(event, Onset):
            if event.muted and self.barge_in == "interrupt":
                self.out.put(Heard("", StopSpeech(), 1.0, 0.0, "vad", "barge_in"))
            return
        self._utterance(event if self.barge_in == "ignore" else
                        Utterance(event.audio, event.rate, event.start, event.end, False))

    def _utterance(self, utt: Utterance) -> None:
        audio = utt.audio if utt.rate == RATE else resample(utt.audio, utt.rate, RATE)
        options = self.options
        heard = self.engine.recognize(audio, phrases(options, self.lang))
        if utt.muted and not isinstance(heard.command, StopSpeech):
            return  # the narrator's own voice, or talk over it: only "stop" counts
        self.out.put(heard)


def command_of(item: object) -> Command | None:
    """The command carried by a queue item, if any (convenience for the main loop)."""
    return item.command if isinstance(item, Heard) else None
