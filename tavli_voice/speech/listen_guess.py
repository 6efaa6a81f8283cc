"""Guessing early: recognising a word while the voice-activity detector's hang-over still runs.

``EarlyGuess`` is the part of the ``Listener`` (``listener.py``) that starts
recognising the utterance so far after ``ListenerTuning.speculate_s`` of
quiet (``_speculate``), throws the guess away when speech goes on (the
engine gives up at its next step, ``while_wanted``), obeys a guessed "stop"
at once, and acts on a sure guess that no longer phrase on offer begins
with before the hang-over ends (``final_enough``); otherwise the utterance
takes the guess when it ends (``_take_spec``). Over the narrator it uses the
checks of ``NarratorOverlap`` (``listen_overlap.py``).
"""

from __future__ import annotations

import logging
from concurrent.futures import Future
from typing import Any, Callable

from ..commands import StopSpeech
from .audio import RATE, resample
from .grammar import Options
from .heard import Heard, Recognizer, Superseded, while_wanted
from .listen_decide import final_enough, recognize_best, recognize_over_narrator, recognize_stop_first
from .listen_overlap import NarratorOverlap

log = logging.getLogger(__name__)


class EarlyGuess(NarratorOverlap):
    """Guesses made during the hang-over for the ``Listener`` that derives from it (its state is
    set by ``_init_guess``; what it reads of the listener is declared here)."""

    # --- of the listener ------------------------------------------------------------
    fast_engine: Recognizer | None

    @property
    def options(self) -> Options:
        raise NotImplementedError

    def _background(self, audio: Any, rate: int, said: bool = False, start: float | None = None) -> bool:
        raise NotImplementedError

    # --- its own state ----------------------------------------------------------------
    def _init_guess(self) -> None:
        self._spec: Future[Heard] | None = None
        #: counts the guesses thrown away because speech went on (a guess older than this gives up)
        self._spec_thrown = 0
        self._spec_options: Options | None = None
        self._spec_muted = False
        self._spec_engine: Recognizer | None = None  # the engine that made the guess
        self._spec_echo = False  # the guess found the game's own voice: nothing was recognised
        self._spec_barge = False  # the guess is of a sound over the narrator that passed the checks
        self._stopped_early = False

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
            if self._background(vad.speech_so_far(), vad.rate, start=vad.started):
                return  # a television across the room: not guessed on (the utterance drops it)
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
        self._act_on_guess(vad)

    def _act_on_guess(self, vad: Any) -> None:
        """Obey a guessed "stop", or act on a sure guess without waiting for the hang-over's end."""
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

    def _take_spec(self) -> "Future[Heard] | None":
        """The guess made during the hang-over, if it recognised something (it is forgotten here)."""
        spec, self._spec = self._spec, None
        if self._spec_echo:  # a guess that found only the game's own voice recognised nothing
            spec, self._spec_echo = None, False
        return spec

    def _guess(self, thrown: int, engine: Recognizer, recognize: Callable[..., Heard], *args: Any) -> Heard:
        """``recognize(*args)`` for a guess made during the hang-over, given up between the engine's
        steps once speech goes on (nothing recognised: the guess is thrown away anyway)."""
        try:
            with while_wanted(lambda: self._spec_thrown == thrown):
                return recognize(*args)
        except Superseded:
            log.debug("voice: a guess given up (speech went on)")
            return Heard("", None, 0.0, 0.0, engine.name, "nothing")
