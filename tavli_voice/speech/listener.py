"""The listener: microphone → voice-activity detection → recogniser → queue.

Runs on its own thread and only *posts* to a ``queue.Queue`` that the main
loop drains (style.md 3.4): a ``Heard`` for every utterance (its ``command``
is None when not understood; ``explain`` gives the sentence to say), or a
``VoiceProblem`` when the microphone fails mid-game.

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
import os
import queue
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Literal

import numpy as np

from ..commands import Command, StopSpeech
from .audio import RATE, Samples, resample
from ..audio.capture import AudioUnavailable, Microphone
from ..audio.echo import EchoGate, EchoVerdict

if TYPE_CHECKING:
    from ..audio.aec import EchoCanceller
from .grammar import Options
from .heard import Heard, Recognizer, Superseded, while_wanted
from .listen_frames import MicFrames
from .listen_decide import (DESTRUCTIVE, DUMP_FOLDER, NOT_BY_VOICE, UNSURE_BELOW, ConfirmPolicy, decoys,
                            explain, final_enough, recognize, recognize_best, recognize_over_narrator,
                            recognize_stop_first, should_confirm, word_stops)
from .listen_tuning import ListenerTuning
from .vad import EnergyVad, Onset, Utterance, VadSettings
from .words import Lang

__all__ = ["DESTRUCTIVE", "NOT_BY_VOICE", "UNSURE_BELOW", "BargeIn", "ConfirmPolicy", "Listener", "ListenerTuning",
           "VoiceProblem", "command_of", "decoys", "explain", "final_enough", "should_confirm"]

log = logging.getLogger(__name__)

BargeIn = Literal["ignore", "interrupt"]

@dataclass(frozen=True, slots=True)
class VoiceProblem:
    """Voice input stopped working; ``key`` names the message (``voice.`` in tavli_voice.words)."""

    key: str
    detail: str = ""


class Listener:
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
        self._spoke_at = float("-inf")
        self._was_speaking = False  # the narrator's state at the last block (logged when it changes)
        self._ptt: list[Samples] | None = None
        self._ptt_muted = False
        #: compares what the microphone hears with what the speaker played (None: no check)
        self.echo = echo
        self._onset: tuple[float, list[Samples]] | None = None
        #: when the sound now heard began (monotonic): stamped on what is posted (``Heard.began``)
        self._began: float | None = None
        #: utterances dropped as the game's own voice (read by benchmarks and tests)
        self.echoes = 0
        #: a quick engine for what is heard while the narrator speaks, where only "stop" counts
        self.fast_engine = fast_engine
        self._spec: Future[Heard] | None = None
        #: counts the guesses thrown away because speech went on (a guess older than this gives up)
        self._spec_thrown = 0
        self._spec_options: Options | None = None
        self._spec_muted = False
        self._spec_engine: Recognizer | None = None  # the engine that made the guess
        self._spec_echo = False  # the guess found the game's own voice: nothing was recognised
        self._stopped_early = False
        self._barged = False  # a barge-in was posted for the utterance in progress
        self._barged_at = 0  # the sample count then
        self._pool = _recognizer_pool()
        self._pool_closed = False
        #: takes the narrator's voice out of the microphone before voice-activity detection
        self.canceller = canceller
        #: silences the narrator from this thread the moment "stop" (or a barge-in) is heard,
        #: without waiting for the main loop to take the command from the queue
        self.on_stop = on_stop
        #: the sound over the narrator passed the checks (not its echo, loud enough after
        #: cancellation): a word on offer recognised in it stops the narrator
        self._barge_ready = False
        self._spec_barge = False
        #: sound over the narrator dropped because no word on offer was recognised in it
        self.unworded = 0
        #: holds the narrator in silence (True) or lets it go on (False): while the sound over
        #: it is recognised, so that the rest of the player's word is heard without it
        self.on_pause = on_pause
        self._paused = False
        #: times the narrator was paused and then went on (no word on offer was heard)
        self.resumed = 0
        #: whether the speaker's clock has been steady lately (no lost samples): not pausing at
        #: the onset meanwhile (the canceller lets the narrator through then); the checks still run
        self.output_steady = output_steady
        #: what the fitted filter left in its last judgement (dB; None: it concluded nothing)
        self._fitted_judged: float | None = None
        #: the most the fitted filter left of the sound in progress (dB; -inf: it did not know the path)
        self._fitted_left = -math.inf

    @property
    def barge_on_words(self) -> bool:
        """Over the narrator, stop it only once a word on offer is recognised (``ListenerTuning``):
        by default whenever a check against what was played is given."""
        chosen = self.tuning.barge_on_words
        return self.echo is not None if chosen is None else chosen

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

    def _muted(self, captured_at: float) -> bool:
        """Whether a block captured from ``captured_at`` on may hold the narrator's voice.

        True while the narrator speaks, and for a block captured less than
        ``tail_s`` after it was last seen speaking. The tail counts from when
        the block was *captured*, not from when this thread gets to it: the
        listener runs 50–100 ms behind the microphone (more on a busy
        machine), and a tail counted when the block is handled took the
        player's answer said right after the narrator stopped (a number said
        0.4 s after a "." silenced it, measured on the rig) for talk over it.
        """
        now = self._clock()
        speaking = self.is_speaking()
        if speaking != self._was_speaking:
            self._was_speaking = speaking
            log.debug("voice: the narrator %s", "speaks" if speaking else "is silent")
            if not speaking:  # it may have spoken until now (this thread may have been busy)
                self._spoke_at = now
        if speaking:
            self._spoke_at = now
            return True
        return captured_at - self._spoke_at < self.tuning.tail_s

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
                                      self._ptt_muted and not self._interrupting()))

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
        for event in self._vad.feed(vad_in, muted):
            self._event(event)
        if self._onset is not None:
            self._check_barge_in(raw)
        self._speculate()
        if self._paused and not self._vad.in_speech:
            self._pause(False)  # the sound ended without a word on offer (a stop releases it first)

    def _interrupting(self) -> bool:
        """Whether talking over the narrator interrupts it now.

        With an echo canceller, only once it has heard ``settle_frames`` of the
        narrator since the start or the output's last restart (a stop flushes
        the output; it learns the room, or the delay that moved, meanwhile and
        lets some of the narrator's voice through: measured on the rig, the game
        then interrupted itself, often twice in a row). Until then it is as
        ``barge_in="ignore"``: only a recognised "stop" counts over the narrator.
        """
        if self.barge_in != "interrupt":
            return False
        aec = self.canceller
        return aec is None or aec.frames_with_reference >= self.tuning.settle_frames

    def _after_barge_in(self, clean: Samples, barged: bool) -> Samples:
        """``clean`` (the utterance so far, after echo cancellation) with the part after a barge-in as heard.

        Over the narrator the canceller also damps the player (double talk);
        once the barge-in silenced the narrator there is nothing to cancel,
        and the microphone's own sound is the better one to recognise.
        """
        if self.canceller is None or not barged:
            return clean
        rate = self._rate()
        # samples since the speaker fell silent
        after = self.frames.fed - self._barged_at - int(self.tuning.settle_s * rate)
        if after <= 0 or after >= len(clean):
            return clean
        raw = self.frames.raw_tail(len(clean))
        if len(raw) < len(clean):
            return clean
        cut = len(clean) - after
        return np.concatenate([clean[:cut], raw[cut:]]).astype(np.float32)

    def _speech_went_on(self) -> None:
        """Speech after a quiet: the guess made in it is thrown away (still running, it gives up)."""
        if self._spec is not None:
            self._spec = None
            self._spec_thrown += 1
        self._stopped_early = False

    def _speculate(self) -> None:
        """Recognise the utterance so far once it has been quiet ``speculate_s``.

        The hang-over still runs; if it ends without more speech the result is
        used, so recognition and hang-over overlap instead of adding up. More
        speech throws the guess away. A guess of "stop" is obeyed at once
        (stopping speech is harmless), without waiting for the hang-over.
        """
        vad = self._vad
        guess_s = self.tuning.speculate_s
        if guess_s is None or vad is None:
            return
        quiet = vad.quiet_frames
        if quiet == 0:
            self._speech_went_on()
            return
        # over the narrator only "stop" counts, and a wrong guess is thrown away: guess sooner
        wait_s = min(guess_s, self.tuning.speculate_muted_s) if vad.muted_so_far else guess_s
        if self._spec is None and quiet >= round(wait_s * 100):
            heard_audio = self._after_barge_in(vad.speech_so_far(), self._barged)
            rate = vad.rate
            audio = heard_audio if rate == RATE else resample(heard_audio, rate, RATE)
            options = self.options
            muted = vad.muted_so_far
            quick = muted and not self._interrupting() and self.fast_engine is not None
            engine = self.fast_engine if quick and self.fast_engine is not None else self.engine
            self._spec_options = options
            self._spec_muted = muted
            self._spec_engine = engine
            self._spec_barge = self._worded_barge_in(muted) and self._barge_ready
            self._spec_echo = False
            versions = [audio]
            prefer: int | None = None  # the version whose word is asked back when they disagree
            if self.echo is not None and self.frames.offset is not None:
                start = self.frames.offset + self.frames.fed / self._rate() - len(heard_audio) / rate
                verdict = self.echo.check(self.frames.as_rate(self.frames.raw_tail(len(heard_audio))), start)
                if verdict.echo:  # the game's own voice: nothing to recognise (and not a result)
                    self._spec_echo = True
                    self._spec_barge = False
                    done: Future[Heard] = Future()
                    done.set_result(Heard("", None, 0.0, 0.0, "echo", "nothing"))
                    self._spec = done
                    return
                if self.canceller is None:
                    versions = [verdict.remainder]
                elif self._spec_barge:
                    rest, fitted = self._double_talk_remainder(len(heard_audio), start, verdict.remainder)
                    versions.append(rest)
                    prefer = 1 if fitted else None
                elif self._stop_only(muted):
                    versions.append(verdict.remainder)  # double talk: see _utterance
            if self._stop_only(muted):
                job: tuple[Any, ...] = (recognize_stop_first, engine, versions, options, self.lang)
            elif self._spec_barge:
                job = (recognize_over_narrator, engine, versions, options, self.lang,
                       self.tuning.barge_word_share, prefer)
            else:
                job = (recognize_best, engine, versions, options, self.lang)
            self._spec = self._pool.submit(self._guess, self._spec_thrown, engine, *job)
            log.debug("voice: guessing after %d ms of quiet, listener behind by %.0f ms", quiet * 10,
                      self.frames.behind() * 1000)
        if self._spec is not None and not self._stopped_early and self._spec.done():
            heard = self._spec.result()
            if isinstance(heard.command, StopSpeech):
                self._stopped_early = True
                self._post(heard, "early stop")
            elif self._spec_barge and self._barge_ready and self._spec_options == self.options \
                    and final_enough(heard, self._spec_options, self.lang):
                # a sure word on offer over the narrator: stop it and act, without the hang-over
                self._spec = None
                vad.cut()
                self._onset = None
                self._barge_ready = False
                self._post(Heard("", StopSpeech(), 1.0, 0.0, "vad", "barge_in"), "barge-in on a word")
                self._post(heard, "early, over the narrator")
            elif self.tuning.early and not self._spec_muted and self._spec_options == self.options \
                    and final_enough(heard, self._spec_options, self.lang):
                # sure, and no longer phrase begins with it: act now, the hang-over is not needed
                self._spec = None
                vad.cut()
                self._onset = None
                self._barged = False
                self._post(heard, "early")

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
        window = int(self.tuning.barge_check_s * rate)
        audio = np.concatenate(blocks)
        if len(audio) < window:
            self._onset = (since, [audio])
            return
        audio = audio[-window:]
        self._onset = (since, [audio[-int(0.1 * rate):]])  # check again after another 0.1 s
        level = 10.0 * math.log10(float(np.mean(np.square(audio, dtype=np.float64))) + 1e-12)
        if level < self._vad_settings.min_level_db:
            # the sound has ended (the voice-activity detector's hang-over runs behind the microphone):
            # nothing left to judge. Judged, digital silence was "not the narrator's echo, nothing
            # taken out by the canceller", and the narrator was paused on its own voice (on the rig)
            log.debug("voice over the narrator: the microphone at %.0f dBFS: not judged", level)
            return
        start_t = (self.frames.offset or 0.0) + self.frames.fed / rate - len(audio) / rate
        verdict = self.echo.check(audio if rate == RATE else resample(audio, rate, RATE), start_t)
        log.debug("voice over the narrator: echo %s (explained %.2f, correlation %.2f, delay %.0f ms)",
                  verdict.echo, verdict.explained, verdict.correlation, verdict.lag_s * 1000)
        cancelled_db = self._left_db(audio)
        # The filter fitted on the narrator, where it knows the speaker-to-microphone path well,
        # is the surer judge of both other checks: the one gain per piece takes a player under
        # the narrator for its echo, and the canceller damps a player talking over it (double
        # talk) as if it were the narrator's voice: measured on the rig, Greek numbers the
        # fitted filter left at -5 to 0 dB were left at -19 to -37 dB by the canceller.
        # It also overrules the one gain per piece where it finds the narrator alone: measured on
        # the rig, that check found "someone else" in the narrator's own voice (72-89 % explained,
        # correlation 0.94-0.99) with the fitted filter leaving -26 to -51 dB, and paused it.
        self._fitted_judged = None
        player = self._player_under_narrator(len(audio), start_t, since=(self.frames.offset or 0.0) + since)
        narrator_alone = not player and self._fitted_judged is not None
        if verdict.echo and player:
            verdict = dataclasses.replace(verdict, echo=False)
        if not verdict.echo and not player and (cancelled_db < self.tuning.barge_left_db or narrator_alone):
            # the canceller took most of it away, or the fitted filter found only the narrator's voice
            log.debug("voice over the narrator: %.0f dB left after echo cancellation, not a barge-in",
                      cancelled_db)
            return
        if not verdict.echo and self.barge_on_words:
            # the narrator goes on until a word on offer is recognised in this sound
            self._onset = None
            self._barge_ready = True
            log.debug("voice over the narrator: may be the player; stopping once a word on offer is heard")
            self._pause_for_player()
            return
        if not verdict.echo:
            self._onset = None
            self._barged = True
            self._barged_at = self.frames.fed
            self._post(Heard("", StopSpeech(), 1.0, 0.0, "vad", "barge_in"), "barge-in")

    def _left_db(self, raw: Samples) -> float:
        """How loud the end of the sound is after echo cancellation, in dB against before (0: none)."""
        if self.canceller is None or not self.frames.clean:
            return 0.0
        clean = np.concatenate(self.frames.clean)[-len(raw):]
        before = float(np.dot(raw[-len(clean):], raw[-len(clean):]))
        if before <= 0.0:
            return 0.0
        return 10.0 * float(np.log10(max(float(np.dot(clean, clean)), 1e-12) / before))

    def _player_under_narrator(self, count: int, start: float, since: float | None = None) -> bool:
        """Whether the last ``count`` samples (captured from ``start``) hold a voice under the narrator's.

        The one gain per piece of the echo check takes a player quieter than
        the narrator for its echo (measured on the rig: Greek numbers said
        6 dB under the narrator were 33-89 % "explained" by it, piece after
        piece, and never barged in). The filter fitted over this and the
        ``fit_s`` before it takes the narrator out far better (46-75 dB on the
        rig), so what it leaves, at least ``under_narrator_db`` of the sound,
        is someone else; only when it took at least ``fitted_known_db`` out of
        the narrator's voice just before (else nothing is concluded: the path
        is not known well, as in a room with a long echo, or the speaker's
        clock moved; measured on the rig without that condition, the
        narrator's own voice passed 4 times in 20 s).

        ``since``: when the sound began (captured), if before ``start``: the
        filter is then fitted from ``fit_s`` before it and judged on that
        stretch, the narrator's alone (fitted and judged on the ``fit_s``
        before the window, a check made 0.3 s into a word found the player's
        voice in that stretch, knew the path no better than 25 dB, and
        concluded nothing: measured on the rig, Greek numbers missed so).
        """
        rate = self._rate()
        if since is not None:  # the sound may have begun a little before it was found, as with the
            since -= self._vad_settings.preroll_s  # canceller damping its start (see VadSettings)
        gap = 0 if since is None else max(0, round((start - since) * rate))  # the sound before the window
        if gap > self.tuning.since_max_s * rate:
            gap = 0  # long ago: the path may have moved since (the speaker's clock); judged as before
        if not self._path_steady(start - gap / rate - self.tuning.fit_s):
            log.debug("voice over the narrator: a clock was set again meanwhile: the fitted filter concludes nothing")
            return False
        fitted = self._fitted(count + gap, start - gap / rate, need_db=self.tuning.fitted_known_db,
                              skip_s=gap / rate)
        if fitted is None:
            log.debug("voice over the narrator: the fitted filter does not know the path here")
            return False
        rest, raw = fitted
        heard = self.frames.as_rate(raw[len(raw) - count:]).astype(np.float64)
        rest = rest[max(0, len(rest) - len(heard)):]
        if float(np.mean(heard ** 2)) < 1e-8:  # under -80 dBFS: nothing to judge
            return False
        left = 10.0 * math.log10(max(float(np.dot(rest, rest)), 1e-12) / max(float(np.dot(heard, heard)), 1e-12))
        log.debug("voice over the narrator: %.0f dB left after the fitted filter", left)
        if left > self.tuning.fitted_worse_db:  # taking the narrator out added sound: the filter does not fit here
            return False
        self._fitted_judged = left
        self._fitted_left = max(self._fitted_left, left)
        return left >= self.tuning.under_narrator_db

    def _path_steady(self, since: float) -> bool:
        """Whether neither clock was set again since ``since`` (monotonic): the microphone's, nor
        the speaker's (samples lost: the delay to the microphone seems to move) in its last 2 s.

        Measured on the rig with both cores busy: a filter fitted before the speaker's clock
        jumped left "4 dB" of the narrator's own voice after it (more than there was), and the
        game asked "Did you say board?" on its own voice.
        """
        if since <= self.frames.mic_moved_at:
            return False
        return self.output_steady is None or self.output_steady()

    def _said_after_the_narrator(self, explained: float) -> bool:
        """Whether a sound that began over the narrator is the player's alone, said as it stopped.

        The narrator is silent by the end of it and the echo check found
        almost none of what was played in it (``explained`` under
        ``alone_explained``). Measured on the rig: a "ναι" said just as the
        narrator's question ended began in its last sound, never went through
        the checks made while the narrator spoke, and was dropped as its own
        voice with 0 % of it explained by what was played.
        """
        return explained < self.tuning.alone_explained and not self.is_speaking()

    def _dump_double_talk(self, utt: Utterance) -> None:
        """Keep the microphone as heard and what was played around ``utt`` over the narrator (``TAVLI_VOICE_DUMP``)."""
        if not DUMP_FOLDER or not utt.muted or self.echo is None or self.frames.offset is None:
            return
        rate = self._rate()
        raw = self.frames.raw_tail(self.frames.raw_len)
        start = self.frames.offset + self.frames.fed / rate - len(raw) / rate  # when raw[0] was captured
        played = self.echo.played(start - 0.5, start + len(raw) / rate + 0.5)
        name = f"{time.time():.3f}-double-talk.npz"
        try:
            os.makedirs(DUMP_FOLDER, exist_ok=True)
            raw_at = self.frames.fed / rate - len(raw) / rate  # stream time of raw[0]
            np.savez(os.path.join(DUMP_FOLDER, name), raw=raw, rate=rate, played=played,
                     played_rate=self.echo.played_rate, utt_start=utt.start - raw_at, utt_end=utt.end - raw_at)
        except OSError:
            log.debug("could not write %s", name, exc_info=True)

    def _double_talk_remainder(self, count: int, start: float, one_tap: Samples) -> tuple[Samples, bool]:
        """The player's sound over the narrator (the last ``count`` samples, captured from ``start``)
        with the narrator's voice subtracted by a filter fitted on it and the ``fit_s`` before it
        (``EchoGate.fitted_remainder``).

        Measured on the rig: the one gain per piece of ``EchoGate.check`` left the
        narrator's voice at -2 to 15 dB under the player's word and, in pieces that
        are mostly the player, took part of the word out too; Greek numbers then
        came out as other words. ``one_tap`` (that remainder) when nothing was played;
        the flag says whether the filter knew the path (took ``fitted_known_db`` out of
        the narrator before the sound: not in a room's long echo).
        """
        known = self._fitted(count, start, need_db=self.tuning.fitted_known_db)
        if known is not None:
            return known[0], True
        fitted = self._fitted(count, start)
        return (one_tap, False) if fitted is None else (fitted[0], False)

    def _fitted(self, count: int, start: float, need_db: float | None = None, skip_s: float = 0.0
                ) -> "tuple[Samples, Samples] | None":
        """The last ``count`` samples (captured from ``start``) with the narrator's voice
        subtracted by a filter fitted on them and the ``fit_s`` before, and the raw
        microphone it came from; None when too little was kept or nothing could be fitted
        (``need_db``: see ``EchoGate.fitted_remainder``). ``skip_s`` of the sound's start
        are left out of the fit (it is judged on the ``fit_s`` before the sound and its
        part after them)."""
        assert self.echo is not None
        rate = self._rate()
        fit = int(self.tuning.fit_s * rate)
        raw = self.frames.raw_tail(count + fit)
        if len(raw) < count + fit:
            return None
        skip = round((self.tuning.fit_s + skip_s) * RATE) if skip_s > 0 else round(self.tuning.fit_s * RATE)
        rest = self.echo.fitted_remainder(self.frames.as_rate(raw), start - fit / rate, skip,
                                          need_db=need_db, known=round(self.tuning.fit_s * RATE))
        return None if rest is None else (rest, raw)

    def _take_spec(self) -> "Future[Heard] | None":
        """The guess made during the hang-over, if it recognised something (it is forgotten here)."""
        spec, self._spec = self._spec, None
        if self._spec_echo:  # a guess that found only the game's own voice recognised nothing
            spec, self._spec_echo = None, False
        return spec

    def _utterance(self, utt: Utterance) -> None:
        spec = self._take_spec()
        ready, self._barge_ready = self._barge_ready, False
        if self._stopped_early:  # "stop", already obeyed
            self._stopped_early = False
            return
        audio = utt.audio if utt.rate == RATE else resample(utt.audio, utt.rate, RATE)
        muted = utt.muted
        worded = self._worded_barge_in(muted) and ready
        spec_barge = self._spec_barge
        also: list[Samples] = []  # other versions of the same sound to recognise
        prefer: int | None = None  # the version whose word is asked back when they disagree
        stop_also: list[Samples] = []  # over the narrator: other versions in which to look for "stop"
        # checked even when the narrator was not speaking by then: a listener running behind
        # real time hears the end of the narrator's voice after the narrator has finished
        if self.echo is not None and self.frames.offset is not None:
            raw = self.frames.as_rate(self.frames.raw_tail(len(utt.audio))) if self.canceller is not None else audio
            verdict = self.echo.check(raw, self.frames.offset + utt.start, self.frames.offset + utt.end)
            muted = muted and not self._said_after_the_narrator(verdict.explained)
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
        if heard.reason == "not_on_offer" and muted:
            return
        if muted and not isinstance(heard.command, StopSpeech):
            log.debug("voice over the narrator, not stop: %r dropped", heard.text)
            return  # the narrator's own voice, or talk over it: only "stop" counts
        self._post(heard, "utterance")

    def _echo_rechecked(self, verdict: EchoVerdict, utt: Utterance, passed: bool) -> EchoVerdict:
        """``verdict`` on a sound over the narrator, judged again by the fitted filter where the
        one gain per piece called it an echo, if the checks made as it came let it through (``passed``).

        Measured on the rig: a Greek number the fitted filter left at -4 dB, 72 % "explained"
        by what was played, was dropped as the narrator's voice after the narrator was paused.
        """
        if passed and verdict.echo and self.frames.offset is not None \
                and self._player_under_narrator(len(utt.audio), self.frames.offset + utt.start):
            return dataclasses.replace(verdict, echo=False)
        return verdict

    def _pause_at_onset(self) -> None:
        """Pause the narrator at once when the sound starting over it is loud after echo cancellation.

        The narrator's voice let through by the canceller is much quieter
        than what the microphone heard (its residue), the player's is not:
        over the last ``onset_check_s`` at least ``onset_left_db`` must be left.
        But the canceller damps a player talking over the narrator too (double
        talk): then the filter fitted on the narrator, where it knows the path,
        judges the last ``onset_fit_s`` (measured offline, a number 11 dB under
        the narrator: paused 0.14 s sooner, before most of the word was said).
        """
        if self.output_steady is not None and not self.output_steady():
            log.debug("voice over the narrator starts just after the speaker's clock jumped: no pause yet")
            return
        margin = getattr(self.canceller, "margin", None)
        if margin is not None and margin < 0.0:  # AEC3 takes out no echo that comes before its reference
            log.debug("voice over the narrator starts while the echo comes %.0f ms before the canceller's "
                      "reference: no pause yet", -margin * 1000)
            return
        raw = self.frames.raw_tail(int(self.tuning.onset_check_s * self._rate()))
        left = self._left_db(raw)
        log.debug("voice over the narrator starts: %.0f dB left after echo cancellation (its reference %s)",
                  left, "not placed yet" if margin is None else f"{margin * 1000:.0f} ms ahead of the echo")
        if left >= self.tuning.onset_left_db:
            self._pause_for_player()
            return
        # the canceller damps a player talking over the narrator too (double talk): where the
        # fitted filter knows the path, it finds the player at the onset already
        rate = self._rate()
        count = int(self.tuning.onset_fit_s * rate)
        if self._onset is not None and self.frames.offset is not None and \
                self._player_under_narrator(count, self.frames.offset + self.frames.fed / rate - count / rate,
                                            since=self.frames.offset + self._onset[0]):
            self._pause_for_player()

    def _pause_for_player(self) -> None:
        """Pause the narrator while the sound over it is recognised (the rest is heard without it)."""
        if self.on_pause is None or self._paused:
            return
        self._pause(True)
        self._barged = True  # from here on the microphone hears the player alone
        self._barged_at = self.frames.fed

    def _pause(self, paused: bool) -> None:
        """Pause the narrator or let it go on (``on_pause``), once each way."""
        if self.on_pause is None or paused == self._paused:
            return
        self._paused = paused
        if not paused:
            self.resumed += 1
            log.debug("voice over the narrator: no word on offer, the narrator goes on")
        try:
            self.on_pause(paused)
        except Exception:
            log.exception("pausing the narrator")

    def _stop_only(self, muted: bool) -> bool:
        """Whether sound over the narrator is only looked at for "stop" (and an echo canceller runs)."""
        return muted and self.canceller is not None and self.echo is not None and not self._interrupting()

    def _worded_barge_in(self, muted: bool) -> bool:
        """Whether sound over the narrator stops it only once a word on offer is recognised."""
        return muted and self.barge_on_words and self._interrupting()

    def _worded(self, audio: Samples, also: list[Samples], options: Options,
                spec: "Future[Heard] | None", utt: Utterance | None = None, prefer: int | None = None) -> None:
        """Sound over the narrator that passed the checks: stop the narrator and act on a sure word on offer.

        Anything else (not understood, unsure, a word not on offer) is taken as
        the narrator's voice, or talk not meant for the game: the narrator goes on.
        """
        if spec is not None:
            heard = spec.result()
        else:
            heard = self._pool.submit(recognize_over_narrator, self.engine, [audio, *also], options, self.lang,
                                      self.tuning.barge_word_share, prefer).result()
        if isinstance(heard.command, StopSpeech):
            self._post(heard, "utterance")
            return
        if not word_stops(heard, self.tuning.barge_word_share) and word_stops(heard, self.tuning.clear_word_share) \
                and self._found_by_the_fitted_filter(utt):
            # under the floor, but the narrator's voice is not what was heard: ask, do not drop
            log.debug("voice over the narrator: %r (%.2f) under the floor, in a sound the fitted filter "
                      "found the player in: asked back", heard.text, heard.score)
            heard = dataclasses.replace(heard, doubtful=True)
        elif not word_stops(heard, self.tuning.barge_word_share):
            self.unworded += 1
            log.debug("voice over the narrator: no word on offer (%r, %s, %.2f): the narrator goes on",
                      heard.text, heard.reason or "unsure", heard.score)
            return
        if heard.doubtful:
            log.debug("voice over the narrator: %r heard, not sure of it over the narrator: asked back", heard.text)
        self._post(Heard("", StopSpeech(), 1.0, 0.0, "vad", "barge_in"), "barge-in on a word")
        self._post(heard, "over the narrator")

    def _found_by_the_fitted_filter(self, utt: Utterance | None) -> bool:
        """Whether the fitted filter, knowing the path, left at least ``under_narrator_db`` of the
        sound over the narrator (in a check made as it came, or in the whole of ``utt``)."""
        left, self._fitted_left = self._fitted_left, -math.inf
        if left < self.tuning.under_narrator_db and utt is not None and self.frames.offset is not None \
                and self.echo is not None:
            self._player_under_narrator(len(utt.audio), self.frames.offset + utt.start)
            left, self._fitted_left = max(left, self._fitted_left), -math.inf
        return left >= self.tuning.under_narrator_db

    def _guess(self, thrown: int, engine: Recognizer, recognize: Callable[..., Heard], *args: Any) -> Heard:
        """``recognize(*args)`` for a guess made during the hang-over, given up between the engine's
        steps once speech goes on (nothing recognised: the guess is thrown away anyway)."""
        try:
            with while_wanted(lambda: self._spec_thrown == thrown):
                return recognize(*args)
        except Superseded:
            log.debug("voice: a guess given up (speech went on)")
            return Heard("", None, 0.0, 0.0, engine.name, "nothing")

    def _post(self, heard: Heard, why: str) -> None:
        """Hand ``heard`` to the main loop (logged with how far behind real time the listener is)."""
        log.debug("voice %s: %r %s (%.2f, %s, %.0f ms%s) listener behind by %.0f ms", why, heard.text,
                  type(heard.command).__name__ if heard.command is not None else heard.reason,
                  heard.score, heard.engine, heard.ms, ", doubtful" if heard.doubtful else "",
                  self.frames.behind() * 1000)
        if heard.began is None and self._began is not None:
            heard = dataclasses.replace(heard, began=self._began)
        if isinstance(heard.command, StopSpeech):
            self._paused = False  # stopping ends the pause too
        if self.on_stop is not None and isinstance(heard.command, StopSpeech):
            try:
                self.on_stop()
            except Exception:  # the main loop still gets the command and stops the speech
                log.exception("stopping the speech from the listener")
        self.out.put(heard)


def _recognizer_pool() -> ThreadPoolExecutor:
    """The one thread that recognises (at the priority of the threads between a word and its action)."""
    from ..audio.priority import raise_for_interaction

    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="tavli-recognizer",
                              initializer=raise_for_interaction, initargs=("recogniser thread",))


def command_of(item: object) -> Command | None:
    """The command carried by a queue item, if any (convenience for the main loop)."""
    return item.command if isinstance(item, Heard) else None
