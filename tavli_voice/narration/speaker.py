"""Speakers: the only code that makes sound (style guide 2.5).

Three layers, each injectable, each in its own module:

* a **synthesizer** turns clean text into samples (``audio/synth.py``:
  :class:`EspeakProcessSynth`, :class:`Pyttsx3Synth`);
* an **audio sink** plays samples and can stop at once
  (``audio/sinks.py``: :class:`SoundDeviceSink`, :class:`RecordingSink`);
* a **speaker** (here: :class:`EngineSpeaker`) owns both in ONE worker thread.

Why not pyttsx3's own ``say()``: its espeak driver plays through a blocking
``aplay`` that cannot be interrupted, drops the first of two queued
utterances, and hangs when called from two threads. Here synthesis and
playback are split: the worker synthesises segment by segment and hands the
samples to the sink, which ``cancel()`` empties at once.

The names of the other two modules are re-exported here.
"""

from __future__ import annotations

import logging
import queue as queue_mod
import threading
from typing import Protocol

import numpy as np

from tavli_voice.audio.earcons import EARCONS, earcon
from tavli_voice.audio.sinks import (
    AudioSink, PlaybackBuffer, RecordingSink, SoundDeviceSink,
)
from tavli_voice.audio.synth import (
    CHUNK_CHARS, DEFAULT_RATE, EspeakProcessSynth, Pyttsx3Synth, SynthesisError, Synthesizer,
    parse_wav_stream, speech_chunks,
)
from tavli_voice.audio.wav import resample
from tavli_voice.narration.speechtext import clean_for_speech
from tavli_voice.narration.utterance import Pause, Utterance, VoiceKind

log = logging.getLogger(__name__)

#: espeak pitch (0–99) per voice kind: the system voice is lower.
PITCH = {VoiceKind.GAME: 50, VoiceKind.SYSTEM: 35}

# ------------------------------------------------------------------ speakers
class Speaker(Protocol):
    """What the narrator drives. ``speak`` replaces anything being spoken."""

    def speak(self, utterance: Utterance) -> None:
        """Start saying ``utterance`` (non-blocking)."""
        ...

    def cancel(self) -> None:
        """Stop at once; nothing of the current utterance is heard after this."""
        ...

    def is_speaking(self) -> bool:
        """True from ``speak`` until the audio finished or ``cancel``."""
        ...

    def configure(self, *, rate: int, volume: float, earcons: bool) -> None:
        """Apply speech settings to later utterances."""
        ...

    def close(self) -> None:
        """Release threads and devices."""
        ...


class SilentSpeaker:
    """Says nothing and is never busy: speech off, or no speech available."""

    def speak(self, utterance: Utterance) -> None:
        pass

    def cancel(self) -> None:
        pass

    def is_speaking(self) -> bool:
        return False

    def configure(self, *, rate: int, volume: float, earcons: bool) -> None:
        pass

    def close(self) -> None:
        pass


class RecordingSpeaker:
    """Records speak/cancel calls; the test says when speech ends (``finish``).

    ``log`` holds ``("speak", utterance)`` and ``("cancel", None)`` in order;
    ``transcript()`` gives the same as short strings (``"speak:<text>"``,
    ``"cancel"``) for readable exact-sequence assertions. With
    ``auto_finish=True`` every utterance ends as soon as it starts.
    """

    def __init__(self, *, auto_finish: bool = False) -> None:
        self.auto_finish = auto_finish
        self.log: list[tuple[str, Utterance | None]] = []
        self.current: Utterance | None = None
        self.settings: dict[str, object] = {}

    def speak(self, utterance: Utterance) -> None:
        self.log.append(("speak", utterance))
        self.current = None if self.auto_finish else utterance

    def cancel(self) -> None:
        self.log.append(("cancel", None))
        self.current = None

    def is_speaking(self) -> bool:
        return self.current is not None

    def finish(self) -> None:
        """The current utterance has been heard to the end."""
        self.current = None

    def configure(self, *, rate: int, volume: float, earcons: bool) -> None:
        self.settings = {"rate": rate, "volume": volume, "earcons": earcons}

    def close(self) -> None:
        pass

    def transcript(self) -> list[str]:
        return [f"speak:{u.text}" if u is not None else kind for kind, u in self.log]

    def spoken(self) -> list[Utterance]:
        return [u for kind, u in self.log if kind == "speak" and u is not None]


class EngineSpeaker:
    """A synthesizer and a sink driven by one worker thread.

    ``speak`` and ``cancel`` only post and flip state, so they return at once
    from any thread. The worker cleans each text segment
    (:func:`clean_for_speech`), cuts long text at sentence ends
    (:func:`speech_chunks`), synthesises each piece and hands it to the sink
    as soon as it is ready (the next piece is synthesised while this one
    plays); ``Pause`` segments become silence. Every job carries a
    generation number: ``cancel``/``speak`` bump it under the lock the worker
    holds while handing audio to the sink, so no sample of a cancelled
    utterance is played after ``cancel`` returns.

    With ``stream=True`` a synthesizer that can stream (``espeak-ng``) hands
    its audio over piece by piece as it is made: the first sound comes sooner
    on a busy machine (the game does this; tests see whole segments).

    Synthesis failures are logged and kept in ``last_error``; the utterance
    then counts as spoken (text output goes on; the narrator never blocks).
    """

    def __init__(self, synth: Synthesizer, sink: AudioSink, *, rate: int = 175,
                 volume: float = 1.0, earcons: bool = True, poll_s: float = 0.005,
                 stream: bool = False) -> None:
        self.synth = synth
        #: hand audio to the sink piece by piece as the synthesizer makes it (when it can)
        self.stream = stream
        self.sink = sink
        self._rate = rate
        self._volume = volume
        self._earcons = earcons
        self._poll_s = poll_s
        self._cond = threading.Condition()
        self._gen = 0
        self._busy = False
        self._jobs: queue_mod.SimpleQueue[tuple[int, Utterance] | None] = queue_mod.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._closed = False
        self._first_pending = 0
        #: the generation whose first sound has not been handed over yet (its leading silence is cut)
        self._leading = 0
        self.last_error: str | None = None

    # -- Speaker protocol --------------------------------------------------
    def speak(self, utterance: Utterance) -> None:
        with self._cond:
            if self._closed:
                return
            if self._busy:
                self.sink.stop()
            self._gen += 1
            self._busy = True
            self._jobs.put((self._gen, utterance))
            self._ensure_worker()
            self._first_pending = self._gen
            log.debug("speak #%d (%d segments)", self._gen, len(utterance.segments))

    def cancel(self) -> None:
        with self._cond:
            self._gen += 1
            self._busy = False
            self.sink.stop()
            self._cond.notify_all()

    def is_speaking(self) -> bool:
        return self._busy

    def pause(self, paused: bool) -> None:
        """Hold the speech in silence (True) or go on from where it was (False), if the sink can."""
        call = getattr(self.sink, "pause" if paused else "resume", None)
        if callable(call):
            call()

    def flush(self) -> None:
        """Cancel, and drop what the sound device still holds (a sink that can: at once)."""
        with self._cond:
            self._gen += 1
            self._busy = False
            flush = getattr(self.sink, "flush", None)
            (flush if callable(flush) else self.sink.stop)()
            self._cond.notify_all()

    def configure(self, *, rate: int, volume: float, earcons: bool) -> None:
        with self._cond:
            self._rate, self._volume, self._earcons = rate, volume, earcons

    def close(self) -> None:
        self.cancel()
        with self._cond:
            self._closed = True
            thread, self._thread = self._thread, None
        self._jobs.put(None)
        if thread is not None:
            thread.join(timeout=2.0)
        for part in (self.synth, self.sink):
            close = getattr(part, "close", None)
            if callable(close):
                close()

    # -- extras ---------------------------------------------------------------
    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Block until not speaking (tests, scripts); False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._busy, timeout=timeout)

    # -- worker -----------------------------------------------------------------
    def _ensure_worker(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="tavli-speech", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        from ..audio.priority import raise_for_interaction

        raise_for_interaction("speech worker thread")
        while True:
            job = self._jobs.get()
            if job is None:
                return
            gen, utterance = job
            if gen != self._gen:
                continue
            try:
                self._render(gen, utterance)
            except Exception as exc:  # the edge: log, remember, carry on
                self.last_error = f"{type(exc).__name__}: {exc}"
                log.warning("speech failed: %s", self.last_error)
            self._wait_playback(gen)

    def _hand_over(self, gen: int, samples: np.ndarray, rate: int, *, leading: bool = False) -> bool:
        """Give samples to the sink unless cancelled meanwhile.

        ``leading``: the utterance's first sound; its leading silence is left
        out (espeak-ng begins every text with ~50 ms of it: measured, that is
        50 ms more from a key to the first sound).
        """
        if leading and self._leading == gen:
            samples = _without_leading_silence(samples, rate)
            if samples.size == 0:
                return gen == self._gen  # all silence so far: the sound is still to come
            self._leading = 0
        with self._cond:
            if gen != self._gen:
                return False
            if self._volume != 1.0:
                samples = samples * np.float32(self._volume)
            self.sink.play(samples, rate)
            if self._first_pending == gen:
                self._first_pending = 0
                log.debug("speak #%d: first audio to the sink", gen)
            return True

    def _render(self, gen: int, utterance: Utterance) -> None:
        with self._cond:
            rate_wpm, earcons_on = self._rate, self._earcons
        last_rate = DEFAULT_RATE
        self._leading = gen
        if earcons_on and utterance.earcon is not None:
            if utterance.earcon in EARCONS:
                if not self._hand_over(gen, earcon(utterance.earcon), DEFAULT_RATE, leading=True):
                    return
            else:
                log.warning("unknown earcon %r", utterance.earcon)
        pitch = PITCH[utterance.voice]
        for seg in utterance.segments:
            if isinstance(seg, Pause):
                samples, rate = np.zeros(seg.ms * last_rate // 1000, dtype=np.float32), last_rate
                self._leading = 0  # a pause asked for is kept, even first
            else:
                stream = getattr(self.synth, "stream", None) if self.stream else None
                for text in speech_chunks(clean_for_speech(seg, utterance.lang)):
                    if stream is not None:  # hand each piece over as it is made
                        pieces = stream(text, lang=utterance.lang, rate=rate_wpm, pitch=pitch)
                        try:
                            for samples, rate in pieces:
                                last_rate = rate
                                if not self._hand_over(gen, samples, rate, leading=True):
                                    return
                        finally:
                            pieces.close()
                        continue
                    samples, rate = self.synth.synthesize(text, lang=utterance.lang, rate=rate_wpm,
                                                          pitch=pitch)
                    last_rate = rate
                    if not self._hand_over(gen, samples, rate, leading=True):
                        return
                continue
            if not self._hand_over(gen, samples, rate):
                return

    def _wait_playback(self, gen: int) -> None:
        while True:
            with self._cond:
                if gen != self._gen:
                    return
                if not self.sink.is_playing():
                    self._busy = False
                    self._cond.notify_all()
                    log.debug("speak #%d: played to the end", gen)
                    return
                self._cond.wait(self._poll_s)


#: Samples quieter than this (dBFS) before an utterance's first sound are left out.
LEADING_SILENCE_DB = -50.0
#: and this much is kept before that first sound (its onset is not clipped)
LEADING_KEEP_S = 0.003


def _without_leading_silence(samples: np.ndarray, rate: int) -> np.ndarray:
    """``samples`` from a little before their first sound on (empty when all are silent)."""
    loud = np.flatnonzero(np.abs(samples) > 10 ** (LEADING_SILENCE_DB / 20))
    if loud.size == 0:
        return samples[:0]
    return samples[max(0, int(loud[0]) - int(LEADING_KEEP_S * rate)):]


class EspeakSpeaker(EngineSpeaker):
    """:class:`EngineSpeaker` with the ``espeak-ng`` process synthesizer (default)."""

    def __init__(self, sink: AudioSink, *, executable: str = "espeak-ng", **kwargs: object) -> None:
        super().__init__(EspeakProcessSynth(executable), sink, **kwargs)  # type: ignore[arg-type]


class Pyttsx3Speaker(EngineSpeaker):
    """:class:`EngineSpeaker` with the pyttsx3 ``save_to_file`` synthesizer."""

    def __init__(self, sink: AudioSink, **kwargs: object) -> None:
        super().__init__(Pyttsx3Synth(), sink, **kwargs)  # type: ignore[arg-type]


__all__ = [
    "AudioSink", "EngineSpeaker", "EspeakProcessSynth", "EspeakSpeaker", "PlaybackBuffer",
    "Pyttsx3Speaker", "Pyttsx3Synth", "RecordingSink", "RecordingSpeaker", "SilentSpeaker",
    "SoundDeviceSink", "Speaker", "SynthesisError", "Synthesizer", "parse_wav_stream", "resample",
    "CHUNK_CHARS", "DEFAULT_RATE", "PITCH", "speech_chunks",
]
