"""The listener: microphone → voice-activity detection → recogniser → queue.

Runs on its own thread and only *posts* to a ``queue.Queue`` that the main
loop drains (style.md 3.4): a ``Heard`` for every utterance (its ``command``
is None when not understood; ``explain`` gives the sentence to say), or a
``VoiceProblem`` when the microphone fails mid-game.

This module is the thread, the queue and the coordination; each job has its
own module: ``listen_frames`` (the microphone's clock and the sound kept),
``listen_guess`` (guessing while the hang-over runs), ``listen_overlap``
(sound over the narrator: its echo, pausing it, barge-in), ``listen_decide``
(what was heard: the phrases on offer, how sure, what is asked back), and
``listen_tuning`` (``ListenerTuning``: every tuning value, in one frozen value).

While the narrator speaks (``is_speaking()`` True, plus ``tail_s`` after it
stops, for the loudspeaker's last sound, counted from when the sound was
captured), what the microphone hears is probably the narrator. Two settings:

- ``barge_in="ignore"`` (default): such audio is recognised against the
  phrases of the moment but only "stop" is posted ("a stop that always
  works"; the other phrases act as decoys, so the narrator's words rarely
  come out as "stop").
- ``barge_in="interrupt"``: without a check against what was played (no
  ``echo``), the moment the player starts to speak a ``StopSpeech`` is posted
  (reason "barge_in") and the utterance is then recognised normally. With
  one (``barge_on_words``), the narrator is paused (``on_pause``) while the
  sound over it is recognised, and stopped only for a word on offer (then
  acted on); anything else lets it go on from the same sample: the
  canceller lets a little of the narrator through at moments, and sound
  alone stopped it on its own voice.

With loudspeakers the microphone hears the narrator too. An
``EchoCanceller`` (``audio/aec.py``, WebRTC's AEC3) takes the narrator's
voice out of every block before voice-activity detection, so it rarely starts
an utterance (with a headset, where no echo reaches the microphone, it is
left out: it would only damp the player); when one starts anyway, the ``EchoGate`` (``audio/echo.py``)
compares what the microphone heard then with what was played, as a second
line (an utterance that is mostly the narrator is dropped). "Stop" (and a barge-in) is obeyed
from this thread through ``on_stop`` as soon as it is heard; a sure result
that no longer phrase on offer begins with is posted before the hang-over
ends (``final_enough``).

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

import dataclasses
import logging
import math
import queue
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

import numpy as np

from ..commands import Cancel, ChoosePlay, Command, Confirm, No, StopSpeech, Yes
from .audio import RATE, Samples, resample
from ..audio.capture import AudioUnavailable, Microphone
from ..audio.echo import EchoGate

if TYPE_CHECKING:
    from ..audio.aec import EchoCanceller
from .grammar import Options
from .heard import Heard, Recognizer
from .listen_frames import MicFrames
from .listen_guess import EarlyGuess
from .listen_level import LevelGate, loud_start, utterance_level
from .listen_overlap import BargeIn
from .listen_decide import (DESTRUCTIVE, NOT_BY_VOICE, UNSURE_BELOW, ConfirmPolicy, decoys,
                            explain, final_enough, recognize, recognize_stop_first, should_confirm)
from .listen_tuning import ListenerTuning
from .vad import EnergyVad, Onset, Utterance, VadSettings
from .words import Lang

__all__ = ["DESTRUCTIVE", "NOT_BY_VOICE", "UNSURE_BELOW", "BargeIn", "ConfirmPolicy", "Listener", "ListenerTuning",
           "VoiceProblem", "command_of", "decoys", "explain", "final_enough", "should_confirm"]

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class VoiceProblem:
    """Voice input stopped working; ``key`` names the message (``voice.`` in tavli_voice.words)."""

    key: str
    detail: str = ""


class Listener(EarlyGuess):
    """Ties an engine to a sound source; see the module docstring."""

    def __init__(self, engine: Recognizer, lang: Lang, out: "queue.Queue[Any]",
                 is_speaking: Callable[[], bool] = lambda: False, *,
                 source: Any | None = None, vad: VadSettings = VadSettings(),
                 tuning: ListenerTuning = ListenerTuning(),
                 barge_in: BargeIn = "ignore", clock: Callable[[], float] = time.monotonic,
                 fast_engine: Recognizer | None = None,
                 echo: EchoGate | None = None, canceller: "EchoCanceller | None" = None,
                 on_stop: Callable[[], None] | None = None,
                 on_pause: Callable[[bool], None] | None = None,
                 output_steady: Callable[[], bool] | None = None) -> None:
        #: the tuning values (``listen_tuning.py``; defaults measured on the sound rig)
        self.tuning = tuning
        self.engine = engine
        self.lang: Lang = lang
        self.out = out
        self.is_speaking = is_speaking
        self.source = source
        self.barge_in: BargeIn = barge_in
        self._clock = clock
        self._vad_settings = vad
        #: the microphone's samples: their clock, the last seconds kept, the echo taken out
        self.frames = MicFrames(tuning, vad.max_s + 2.0, self._rate)
        self._vad: EnergyVad | None = None
        self._options = Options()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._ptt: list[Samples] | None = None
        self._ptt_muted = False
        #: compares what the microphone hears with what the speaker played (None: no check)
        self.echo = echo
        #: when the sound now heard began (monotonic): stamped on what is posted (``Heard.began``)
        self._began: float | None = None
        #: utterances dropped as the game's own voice (read by benchmarks and tests)
        self.echoes = 0
        #: a quick engine for what is heard while the narrator speaks, where only "stop" counts
        self.fast_engine = fast_engine
        self._pool = _recognizer_pool()
        self._pool_closed = False
        #: takes the narrator's voice out of the microphone before voice-activity detection
        self.canceller = canceller
        #: silences the narrator from this thread the moment "stop" (or a barge-in) is heard,
        #: without waiting for the main loop to take the command from the queue
        self.on_stop = on_stop
        #: holds the narrator in silence (True) or lets it go on (False): while the sound over
        #: it is recognised, so that the rest of the player's word is heard without it
        self.on_pause = on_pause
        #: whether the speaker's clock has been steady lately (no lost samples): not pausing at
        #: the onset meanwhile (the canceller lets the narrator through then); the checks still run
        self.output_steady = output_steady
        #: background speech (a television across the room) by its level; None: off
        self.level_gate = None if tuning.background_player_db is None else \
            LevelGate(tuning.background_player_db, tuning.background_floor_db)
        #: the level of the sound last recognised (learnt as the player's when a sure word is posted)
        self._level: float | None = None
        #: utterances dropped as background before recognition (read by benchmarks and tests)
        self.background = 0
        #: an utterance is being recognised on the listener's thread (``busy``)
        self._deciding = False
        self._init_overlap()
        self._init_guess()

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

    def busy(self) -> bool:
        """Whether an utterance is being heard or recognised now: its result is still to come
        (``VoiceSource`` waits for it before acting on a number that it may continue)."""
        vad = self._vad
        return self._deciding or (vad is not None and vad.in_speech) or self._ptt is not None

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
            self._pool = _recognizer_pool()
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
        from ..audio.priority import raise_for_interaction

        raise_for_interaction("listener thread")
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
        self.frames.reset()
        if self.level_gate is not None:
            self.level_gate.reset()
        self._onset = None
        self._barge_ready = False
        self._paused = False
        if self.canceller is not None:
            self.canceller.reset()
        while not self._stop.wait(self.tuning.retry_s):
            try:
                self.source.restart()  # type: ignore[union-attr]
            except AudioUnavailable:
                continue
            STATUS.back("voice")
            return

    # --- audio in -------------------------------------------------------------
    def _rate(self) -> int:
        return int(getattr(self.source, "rate", RATE))

    def push_to_talk(self, pressed: bool) -> None:
        """Key down starts an utterance, key up ends and recognises it."""
        if pressed:
            self._began = self._clock()
            self._ptt = []
            self._ptt_muted = False
            return
        chunks, self._ptt = self._ptt, None
        if chunks:
            audio = np.concatenate(chunks)
            self._utterance(Utterance(audio, self._rate(), 0.0, len(audio) / self._rate(),
                                      self._ptt_muted and not self._interrupting()), gated=False)

    def process(self, block: Samples, captured_end: float | None = None) -> None:
        """Handle one block of microphone samples (the thread calls this; tests may too).

        ``captured_end``: the ``time.monotonic()`` at which the block's last
        sample was captured (the echo check lines the microphone up with the
        speaker by it); the listener's clock when not given.
        """
        end = self._clock() if captured_end is None else captured_end
        muted = self._muted(self.frames.count(block, end))
        raw = np.asarray(block, dtype=np.float32)
        heard = self.frames.keep(raw, self.canceller)
        if self._ptt is not None:
            self._ptt.append(heard)
            self._ptt_muted = self._ptt_muted or muted
            return
        if self._vad is None or self._vad.rate != self._rate():
            self._vad = EnergyVad(self._vad_settings, self._rate())
        # While the narrator is held silent for the player, the canceller (still suppressing the
        # narrator's last sound) would damp the player's word too: measured on the rig, "three"
        # over the narration paused it at the onset, then the detector heard under 0.12 s of
        # the word after cancellation, dropped it as a click, and the narrator went on.
        vad_in = raw if self._paused and self.canceller is not None else heard
        if self.level_gate is not None:
            self.level_gate.hear(vad_in, self._rate())
            # a television's talk no longer holds an utterance open to the detector's cap
            self._vad.cutoff = self.level_gate.cutoff
        for event in self._vad.feed(vad_in, muted):
            self._event(event)
        if self._onset is not None:
            self._check_barge_in(raw)
        self._speculate()
        if self._paused and not self._vad.in_speech:
            self._pause(False)  # the sound ended without a word on offer (a stop releases it first)

    def flush(self) -> None:
        """End of input: recognise an utterance still in progress."""
        if self._vad is not None:
            for event in self._vad.flush():
                self._event(event)

    def _event(self, event: Onset | Utterance) -> None:
        if isinstance(event, Onset):
            if self.frames.offset is not None:
                self._began = self.frames.offset + event.time
            if event.muted and self._interrupting():
                if self.echo is None:
                    self._post(Heard("", StopSpeech(), 1.0, 0.0, "vad", "barge_in"), "barge-in")
                else:  # decide once a little of it was heard: the player, or the game's own voice?
                    self._onset = (event.time, [])
                    self._fitted_left = -math.inf
                    if self.barge_on_words and self.tuning.pause_at_onset:
                        self._pause_at_onset()
            return
        if self._onset is not None:  # too short to decide on the onset: the utterance decides
            self._onset = None
        self._utterance(event)

    def _background(self, audio: Samples, rate: int, said: bool = False, start: float | None = None) -> bool:
        """Whether ``audio`` is background speech by its level (``LevelGate``); ``said``: log it.

        ``start``: its stream time; a sound kept is then taken to have begun where it first came
        near its loudest (``loud_start``): a television's talk keeps an utterance going for
        seconds, and a "no" said in it to a question asked meanwhile was stamped with the
        television's start, before the question, and dropped as not its answer (on the rig).
        """
        self._level = utterance_level(audio, rate)
        if start is not None and self.frames.offset is not None:
            self._began = max(self._began or -math.inf, self.frames.offset + start + loud_start(audio, rate))
        why = None if self.level_gate is None else self.level_gate.background(self._level)
        if why is not None and said:
            log.debug("voice: %.2f s at %.0f dBFS dropped as background, %s (the player at %s, the room at %s)",
                      len(audio) / rate, self._level, why, _db(self.level_gate.player if self.level_gate else None),
                      _db(self.level_gate.floor if self.level_gate else None))
        return why is not None

    def _utterance(self, utt: Utterance, gated: bool = True) -> None:
        self._deciding = True
        try:
            self._decide_utterance(utt, gated)
        finally:
            self._deciding = False

    def _decide_utterance(self, utt: Utterance, gated: bool) -> None:
        spec = self._take_spec()
        ready, self._barge_ready = self._barge_ready, False
        if self._stopped_early:  # "stop", already obeyed
            self._stopped_early = False
            return
        self._level = None  # measured by the gate below (push-to-talk: none, nothing learnt from it)
        if gated and self._background(utt.audio, utt.rate, said=True, start=utt.start):
            self.background += 1
            return
        self._recognised(utt, spec, ready)

    def _recognised(self, utt: Utterance, spec: "Future[Heard] | None", ready: bool) -> None:
        """Recognise ``utt`` (or take the guess ``spec`` made of it) and post what was heard."""
        audio = utt.audio if utt.rate == RATE else resample(utt.audio, utt.rate, RATE)
        muted = utt.muted
        worded = self._worded_barge_in(muted) and ready
        spec_barge = self._spec_barge
        also: list[Samples] = []  # other versions of the same sound to recognise
        prefer: int | None = None  # the version whose word is asked back when they disagree
        stop_also: list[Samples] = []  # over the narrator: other versions in which to look for "stop"
        answer = False  # said over the narrator's reading, and only an answer counts
        # checked even when the narrator was not speaking by then: a listener running behind
        # real time hears the end of the narrator's voice after the narrator has finished
        if self.echo is not None and self.frames.offset is not None:
            raw = self.frames.as_rate(self.frames.raw_tail(len(utt.audio))) if self.canceller is not None else audio
            verdict = self.echo.check(raw, self.frames.offset + utt.start, self.frames.offset + utt.end)
            muted = muted and not self._said_after_the_narrator(verdict.explained)
            answer = muted and not self._interrupting() and self._answer_over_narrator(verdict)
            worded = worded and muted
            barged, self._barged = self._barged, False
            verdict = self._echo_rechecked(verdict, utt, worded)
            if verdict.echo or (muted and self._interrupting() and not barged and not worded):
                # the game's own voice; over the narrator, only sound that made it barge in
                # (checked every 50 ms as it came) counts as the player's
                log.debug("voice: %.2f s taken as the game's own voice (echo %s, explained %.2f, "
                          "over the narrator %s, barged in %s)", utt.end - utt.start, verdict.echo,
                          verdict.explained, muted, barged)
                self.echoes += 1
                return
            if self.canceller is None:
                audio = verdict.remainder  # the player, with the game's voice taken out
            else:
                audio = self.frames.as_rate(self._after_barge_in(np.asarray(utt.audio, dtype=np.float32), barged))
                if barged or worded:
                    # over the narrator the canceller damps the player's first sounds too (double
                    # talk), where subtracting the played voice does not: both are recognised, the
                    # surer result counts (measured on the rig: "three" came out as "yes" from the
                    # canceller and right from the subtraction; "seven" the other way round)
                    rest, fitted = self._double_talk_remainder(len(utt.audio), self.frames.offset + utt.start,
                                                               verdict.remainder)
                    also.append(rest)
                    prefer = 1 if fitted else None
                elif self._stop_only(muted):
                    # while the narrator is loud the canceller damps the player by up to ~18 dB
                    # (measured: "σταμάτα" over the help, 1 time in 4 nothing was recognised, and
                    # the narrator went on): look for "stop" in the subtraction's remainder too
                    stop_also.append(verdict.remainder)
        options = self.options
        self._dump_double_talk(utt)
        if worded:
            self._worded(audio, also, options, spec if spec_barge and self._spec_options == options else None, utt,
                         prefer)
            return
        if muted and self._interrupting():
            muted = False  # the player talked over the narrator on purpose
        if answer:
            muted = False  # recognised as any word; below, only an answer counts
        engine = self.fast_engine if muted and self.fast_engine is not None else self.engine
        # the guess made during the hang-over (same audio) counts only if made by the same engine:
        # a sound begun over the narrator was guessed by the quick engine, which only looks for
        # "stop"; found to be the player's alone, it is heard again by the main one (measured on
        # the rig with a television on: the news reader's voice, begun over the narrator and
        # ending after it, came out of the quick engine as "eleven", sure, and a play was made)
        if spec is not None and self._spec_engine is engine and self._spec_muted == utt.muted \
                and self._spec_options == options and not also:
            heard = spec.result()
        else:
            heard = self._pool.submit(recognize, engine, audio, options, self.lang).result()
            for other in also:
                second = self._pool.submit(recognize, engine, other, options, self.lang).result()
                if second.score > heard.score:
                    heard = second
            if stop_also and not isinstance(heard.command, StopSpeech):
                heard = self._pool.submit(recognize_stop_first, engine, [audio, *stop_also],
                                          options, self.lang, heard).result()
        self._post_heard(heard, muted, answer)

    def _post_heard(self, heard: Heard, muted: bool, answer: bool) -> None:
        """Post ``heard``, unless it was said over the narrator and is not "stop" (``muted``), or not
        an answer (``answer``: over the narrator's reading, see ``answers_over_narrator``)."""
        if heard.reason == "not_on_offer" and muted:
            return
        if muted and not isinstance(heard.command, StopSpeech):
            log.debug("voice over the narrator, not stop: %r dropped", heard.text)
            return  # the narrator's own voice, or talk over it: only "stop" counts
        if answer and not _an_answer(heard):
            log.debug("voice over the narrator, not a sure answer: %r (%s, %.2f) dropped", heard.text,
                      heard.reason or type(heard.command).__name__, heard.score)
            return
        if answer and not isinstance(heard.command, REPLIES) and self.level_gate is not None \
                and self.level_gate.cutoff is None:
            # neither the player's level nor the room's known yet (the first seconds): a television's
            # talk over the narrator is not dropped by its level, and was taken as a sure "ten" on the
            # sound rig (play 10 made before the player said a word); a play is said again after it
            log.debug("voice over the narrator, background not known yet: %r dropped", heard.text)
            return
        self._post(heard, "answer over the narrator" if answer else "utterance")

    def _post(self, heard: Heard, why: str) -> None:
        """Hand ``heard`` to the main loop (logged with how far behind real time the listener is)."""
        log.debug("voice %s: %r %s (%.2f, %s, %.0f ms%s) listener behind by %.0f ms", why, heard.text,
                  type(heard.command).__name__ if heard.command is not None else heard.reason,
                  heard.score, heard.engine, heard.ms, ", doubtful" if heard.doubtful else "",
                  self.frames.behind() * 1000)
        if heard.began is None and self._began is not None:
            heard = dataclasses.replace(heard, began=self._began)
        if self.level_gate is not None and self._level is not None and heard.command is not None \
                and not heard.reason and not heard.doubtful and heard.engine != "vad" \
                and not should_confirm(heard, "unsure"):
            self.level_gate.learn(self._level)  # a word the player surely said: their level
        if isinstance(heard.command, StopSpeech):
            self._paused = False  # stopping ends the pause too
        if self.on_stop is not None and isinstance(heard.command, StopSpeech):
            try:
                self.on_stop()
            except Exception:  # the main loop still gets the command and stops the speech
                log.exception("stopping the speech from the listener")
        self.out.put(heard)


#: Answers to a question ("did you say …?"), taken over the narrator reading it as they are
#: after it (``voice_input.VoiceSource`` takes them whatever the score) ...
REPLIES: tuple[type, ...] = (Yes, No, Confirm, Cancel, StopSpeech)
#: ... and what else counts over the narrator's reading with ``barge_in="ignore"`` when sure (the
#: player knows the play they want from a long list): ``ListenerTuning.answers_over_narrator``
SURE_ANSWERS: tuple[type, ...] = (ChoosePlay,)


def _an_answer(heard: Heard) -> bool:
    """Whether ``heard``, said over the narrator's reading, counts as an answer (``answers_over_narrator``)."""
    if heard.command is None or heard.reason or heard.doubtful:
        return False
    if isinstance(heard.command, REPLIES):
        return True
    return isinstance(heard.command, SURE_ANSWERS) and not should_confirm(heard, "unsure")


def _db(value: float | None) -> str:
    return "?" if value is None else f"{value:.0f} dBFS"


def _recognizer_pool() -> ThreadPoolExecutor:
    """The one thread that recognises (at the priority of the threads between a word and its action)."""
    from ..audio.priority import raise_for_interaction

    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="tavli-recognizer",
                              initializer=raise_for_interaction, initargs=("recogniser thread",))


def command_of(item: object) -> Command | None:
    """The command carried by a queue item, if any (convenience for the main loop)."""
    return item.command if isinstance(item, Heard) else None
