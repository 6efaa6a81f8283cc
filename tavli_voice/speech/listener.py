"""The listener: microphone → voice-activity detection → recogniser → queue.

Runs on its own thread and only *posts* to a ``queue.Queue`` that the main
loop drains (style.md 3.4): a ``Heard`` for every utterance (its ``command``
is None when not understood; ``explain`` gives the sentence to say), or a
``VoiceProblem`` when the microphone fails mid-game.

While the narrator speaks (``is_speaking()`` True, plus ``tail_s`` after it
stops, for the loudspeaker's last sound), what the microphone hears is
probably the narrator. Two settings:

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

import queue
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Literal

import numpy as np

from ..commands import COMMAND_NAMES, Command, Drop, Quit, Resign, StopSpeech
from .audio import RATE, Samples, resample
from .capture import AudioUnavailable, Microphone
from .echo import EchoGate
from .grammar import Options, Phrase, hint, phrases
from .heard import Heard, Recognizer
from ..words import text
from .vad import EnergyVad, Onset, Utterance, VadSettings
from .words import COMMAND_WORDS, Lang

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


#: Scores under which an engine counts as unsure. pocketsphinx: its margin over
#: the best rival command, 0.5 at ``engine_sphinx.MARGIN_HALF`` (measured there). Templates:
#: best/second-best ratio 0.9 or less was always right. Whisper (the winner's share
#: of the phrases scored): below 0.5 it asks for 27% of FSDD digits clean, in white
#: and in babble noise at 10 dB, and lets 1 of 34 errors through. Vosk: a guess.
UNSURE_BELOW: dict[str, float] = {"pocketsphinx": 0.5, "templates": 0.1, "whisper": 0.5, "vosk": 0.6}


def should_confirm(heard: Heard, policy: ConfirmPolicy, unsure_below: float | None = None) -> bool:
    """Whether to ask "did you say …?" before acting on ``heard`` (destructive: always).

    "Stop" is never asked back: stopping speech is harmless, so it is obeyed
    at once whatever the confidence.
    """
    if heard.command is None or isinstance(heard.command, StopSpeech):
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
                 clock: Callable[[], float] = time.monotonic, echo: EchoGate | None = None,
                 barge_check_s: float = 0.15, retry_s: float = 1.0,
                 fast_engine: Recognizer | None = None, speculate_s: float | None = 0.06) -> None:
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
        #: compares what the microphone hears with what the speaker played (None: no check)
        self.echo = echo
        self.barge_check_s = barge_check_s
        self.retry_s = retry_s
        self._fed = 0
        self._offset: float | None = None  # monotonic time of stream time 0
        self._onset: tuple[float, list[Samples]] | None = None
        #: utterances dropped as the game's own voice (read by benchmarks and tests)
        self.echoes = 0
        #: a quick engine for what is heard while the narrator speaks, where only "stop" counts
        self.fast_engine = fast_engine
        #: start recognising after this much quiet, while the hang-over still runs (None: off)
        self.speculate_s = speculate_s
        self._spec: Future[Heard] | None = None
        self._spec_options: Options | None = None
        self._spec_muted = False
        self._stopped_early = False
        self._barged = False  # a barge-in was posted for the utterance in progress
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tavli-recognizer")
        self._pool_closed = False

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
        if self._pool_closed:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tavli-recognizer")
            self._pool_closed = False
        self._thread = threading.Thread(target=self._run, name="tavli-listener", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop listening and close the source."""
        self._stop.set()
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool_closed = True
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
                    gone = getattr(self.source, "gone", None)
                    if gone is not None and gone():
                        self._reconnect()
                    continue
                self.process(block, getattr(self.source, "last_block_end", None))
        except AudioUnavailable as err:
            self.out.put(VoiceProblem("mic_failed", err.detail or err.key))
        except Exception as err:  # keep the game going; say why voice stopped
            self.out.put(VoiceProblem("mic_failed", f"{type(err).__name__}: {err}"))

    def _reconnect(self) -> None:
        """The sound system went away: say so once, retry until the microphone is back."""
        from ..audio.device import STATUS

        STATUS.lost("voice")
        self._vad = None
        self._fed = 0
        self._offset = None
        self._onset = None
        while not self._stop.wait(self.retry_s):
            try:
                self.source.restart()  # type: ignore[union-attr]
            except AudioUnavailable:
                continue
            STATUS.back("voice")
            return

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

    def process(self, block: Samples, captured_end: float | None = None) -> None:
        """Handle one block of microphone samples (the thread calls this; tests may too).

        ``captured_end``: the ``time.monotonic()`` at which the block's last
        sample was captured (the echo check lines the microphone up with the
        speaker by it); the listener's clock when not given.
        """
        muted = self._muted()
        self._fed += len(block)
        end = self._clock() if captured_end is None else captured_end
        # Blocks come in bursts, each stamped when the burst arrived: the earliest estimate of
        # stream time 0 is the true one (re-anchored if it drifts a quarter second late).
        offset = end - self._fed / self._rate()
        if self._offset is None or offset < self._offset or offset - self._offset > 0.25:
            self._offset = offset
        if self._ptt is not None:
            self._ptt.append(np.asarray(block, dtype=np.float32))
            self._ptt_muted = self._ptt_muted or muted
            return
        if self._vad is None or self._vad.rate != self._rate():
            self._vad = EnergyVad(self._vad_settings, self._rate())
        for event in self._vad.feed(block, muted):
            self._event(event)
        if self._onset is not None:
            self._check_barge_in(block)
        self._speculate()

    def _speculate(self) -> None:
        """Recognise the utterance so far once it has been quiet ``speculate_s``.

        The hang-over still runs; if it ends without more speech the result is
        used, so recognition and hang-over overlap instead of adding up. More
        speech throws the guess away. A guess of "stop" is obeyed at once
        (stopping speech is harmless), without waiting for the hang-over.
        """
        vad = self._vad
        if self.speculate_s is None or vad is None:
            return
        quiet = vad.quiet_frames
        if quiet == 0:
            self._spec = None
            self._stopped_early = False
            return
        if self._spec is None and quiet >= round(self.speculate_s * 100):
            audio = vad.speech_so_far()
            rate = vad.rate
            audio = audio if rate == RATE else resample(audio, rate, RATE)
            options = self.options
            muted = vad.muted_so_far
            quick = muted and self.barge_in == "ignore" and self.fast_engine is not None
            engine = self.fast_engine if quick and self.fast_engine is not None else self.engine
            self._spec_options = options
            self._spec_muted = muted
            if self.echo is not None and self._offset is not None:
                start = self._offset + self._fed / self._rate() - len(audio) / RATE
                verdict = self.echo.check(audio, start)
                if verdict.echo:  # the game's own voice: nothing to recognise
                    done: Future[Heard] = Future()
                    done.set_result(Heard("", None, 0.0, 0.0, "echo", "nothing"))
                    self._spec = done
                    return
                audio = verdict.remainder
            self._spec = self._pool.submit(self._recognize, engine, audio, options)
        if self._spec is not None and not self._stopped_early and self._spec.done():
            heard = self._spec.result()
            if isinstance(heard.command, StopSpeech):
                self._stopped_early = True
                self.out.put(heard)

    def flush(self) -> None:
        """End of input: recognise an utterance still in progress."""
        if self._vad is not None:
            for event in self._vad.flush():
                self._event(event)

    def _event(self, event: Onset | Utterance) -> None:
        if isinstance(event, Onset):
            if event.muted and self.barge_in == "interrupt":
                if self.echo is None:
                    self.out.put(Heard("", StopSpeech(), 1.0, 0.0, "vad", "barge_in"))
                else:  # decide once a little of it was heard: the player, or the game's own voice?
                    self._onset = (event.time, [])
            return
        if self._onset is not None:  # too short to decide on the onset: the utterance decides
            self._onset = None
        self._utterance(event)

    def _check_barge_in(self, block: Samples) -> None:
        """While sound goes on over the narrator, keep checking its newest part.

        The narrator's own voice is followed by the player's without a pause
        when they talk over it, so one check at the onset is not enough.
        """
        assert self._onset is not None and self.echo is not None
        if self._vad is None or not self._vad.in_speech:
            self._onset = None
            return
        since, blocks = self._onset
        blocks.append(np.asarray(block, dtype=np.float32))
        rate = self._rate()
        window = int(self.barge_check_s * rate)
        audio = np.concatenate(blocks)
        if len(audio) < window:
            self._onset = (since, [audio])
            return
        audio = audio[-window:]
        self._onset = (since, [audio[-int(0.1 * rate):]])  # check again after another 0.1 s
        start_t = (self._offset or 0.0) + self._fed / rate - len(audio) / rate
        verdict = self.echo.check(audio if rate == RATE else resample(audio, rate, RATE), start_t)
        if not verdict.echo:
            self._onset = None
            self._barged = True
            self.out.put(Heard("", StopSpeech(), 1.0, 0.0, "vad", "barge_in"))

    def _utterance(self, utt: Utterance) -> None:
        spec, self._spec = self._spec, None
        if self._stopped_early:  # "stop", already obeyed
            self._stopped_early = False
            return
        audio = utt.audio if utt.rate == RATE else resample(utt.audio, utt.rate, RATE)
        muted = utt.muted
        # checked even when the narrator was not speaking by then: a listener running behind
        # real time hears the end of the narrator's voice after the narrator has finished
        if self.echo is not None and self._offset is not None:
            verdict = self.echo.check(audio, self._offset + utt.start, self._offset + utt.end)
            barged, self._barged = self._barged, False
            if verdict.echo or (muted and self.barge_in == "interrupt" and not barged):
                # the game's own voice; over the narrator, only sound that made it barge in
                # (checked every 50 ms as it came) counts as the player's
                self.echoes += 1
                return
            audio = verdict.remainder  # the player, with the game's voice taken out
        if muted and self.barge_in == "interrupt":
            muted = False  # the player talked over the narrator on purpose
        options = self.options
        if spec is not None and self._spec_muted == utt.muted and self._spec_options == options:
            heard = spec.result()  # the guess made during the hang-over: same audio, same engine
        else:
            engine = self.fast_engine if muted and self.fast_engine is not None else self.engine
            heard = self._pool.submit(self._recognize, engine, audio, options).result()
        if heard.reason == "not_on_offer" and muted:
            return
        if muted and not isinstance(heard.command, StopSpeech):
            return  # the narrator's own voice, or talk over it: only "stop" counts
        self.out.put(heard)

    def _recognize(self, engine: Recognizer, audio: Samples, options: Options) -> Heard:
        """``engine`` on ``audio``; a command word not on offer comes back as "not_on_offer"."""
        offered = phrases(options, self.lang)
        heard = engine.recognize(audio, offered + decoys(options, self.lang, offered))
        if heard.command is not None and not any(p.command == heard.command for p in offered):
            # a command word that is not on offer now: say so, do not take the nearest offered word
            return Heard(heard.text, None, heard.score, heard.ms, heard.engine, "not_on_offer")
        return heard


@lru_cache(maxsize=64)
def decoys(options: Options, lang: Lang, offered: tuple[Phrase, ...]) -> tuple[Phrase, ...]:
    """The plain command words *not* on offer now, so that they are heard as what they are.

    Without them a small grammar forces "plays" said in the roll phase onto
    the nearest offered word ("roll"). Words that are also an offered phrase
    are left out.
    """
    taken = {p.words for p in offered}
    out: list[Phrase] = []
    for name, words in COMMAND_WORDS.items():
        if name in options.all_commands or name in NOT_BY_VOICE:
            continue
        for variant in words[lang]:
            if variant not in taken:
                taken.add(variant)
                out.append(Phrase(variant, COMMAND_NAMES[name]()))
    return tuple(out)


#: Commands never said by voice (too grave for a misheard word): not even as decoys.
NOT_BY_VOICE = frozenset({"leave"})


def command_of(item: object) -> Command | None:
    """The command carried by a queue item, if any (convenience for the main loop)."""
    return item.command if isinstance(item, Heard) else None
