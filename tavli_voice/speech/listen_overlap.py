"""Sound over the narrator: is it the narrator's own voice, or the player talking over it?

``NarratorOverlap`` is the part of the ``Listener`` (``listener.py``) that
judges sound heard while the narrator speaks, or just after (``_muted``):
with a check against what was played (``EchoGate``) and an echo canceller,
sound over the narrator is checked as it comes (``_check_barge_in``: what the
canceller left of it, and a filter fitted on the speaker-to-microphone path,
``_player_under_narrator``), the narrator is paused while it may be the
player (``on_pause``), and stopped only for a word on offer (``_worded``);
a barge-in on sound alone when no words are required. The listener feeds it
(``listen_frames.MicFrames`` keeps the microphone) and posts what it decides.
"""

from __future__ import annotations

import dataclasses
import logging
import math
import os
import time
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Callable, Literal

import numpy as np

from ..audio.echo import EchoGate, EchoVerdict
from ..commands import StopSpeech
from .audio import RATE, Samples, resample
from .grammar import Options
from .heard import Heard, Recognizer
from .listen_decide import DUMP_FOLDER, recognize_over_narrator, word_stops
from .listen_frames import MicFrames
from .listen_tuning import ListenerTuning
from .vad import EnergyVad, Utterance, VadSettings
from .words import Lang

if TYPE_CHECKING:
    from ..audio.aec import EchoCanceller

log = logging.getLogger(__name__)

BargeIn = Literal["ignore", "interrupt"]


class NarratorOverlap:
    """Judges sound over the narrator for the ``Listener`` that derives from it (its state is set
    by ``_init_overlap``; what it reads of the listener is declared here)."""

    # --- of the listener ------------------------------------------------------------
    tuning: ListenerTuning
    frames: MicFrames
    echo: EchoGate | None
    canceller: "EchoCanceller | None"
    is_speaking: Callable[[], bool]
    on_pause: Callable[[bool], None] | None
    output_steady: Callable[[], bool] | None
    barge_in: BargeIn
    engine: Recognizer
    lang: Lang
    _clock: Callable[[], float]
    _vad_settings: VadSettings
    _vad: EnergyVad | None
    _pool: ThreadPoolExecutor

    def _rate(self) -> int:
        raise NotImplementedError

    def _post(self, heard: Heard, why: str) -> None:
        raise NotImplementedError

    # --- its own state ----------------------------------------------------------------
    def _init_overlap(self) -> None:
        self._spoke_at = float("-inf")
        self._was_speaking = False  # the narrator's state at the last block (logged when it changes)
        #: sound over the narrator being checked as it comes: (when it began in stream time, its newest blocks)
        self._onset: tuple[float, list[Samples]] | None = None
        self._barged = False  # a barge-in was posted for the utterance in progress
        self._barged_at = 0  # the sample count then
        #: the sound over the narrator passed the checks (not its echo, loud enough after
        #: cancellation): a word on offer recognised in it stops the narrator
        self._barge_ready = False
        #: sound over the narrator dropped because no word on offer was recognised in it
        self.unworded = 0
        self._paused = False
        #: times the narrator was paused and then went on (no word on offer was heard)
        self.resumed = 0
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

    def _answer_over_narrator(self, verdict: EchoVerdict) -> bool:
        """Whether a sound over the narrator's reading (``barge_in="ignore"``) may be the player's
        answer: hardly any of it is explained by what was played (``alone_explained``; the
        narrator's own voice through a loudspeaker is mostly explained, and dropped).

        Measured on the rig with a television on: the player's "ναι" said over "did you say
        …?", and play numbers said over a long list of plays, were dropped as "voice over the
        narrator, not stop" (62 drops against 46 words said), and the match stalled.
        """
        return self.tuning.answers_over_narrator and not verdict.echo \
            and verdict.explained < self.tuning.alone_explained

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
