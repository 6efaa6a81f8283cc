"""Pick a speaker, or fall back to text and say why.

:func:`make_speaker` checks, in order: speech switched off (silent, no
message), the engine (``espeak-ng`` on the path and able to speak the
language, or pyttsx3 importable), PortAudio (``sounddevice`` importable) and
an output device. Any failure gives a :class:`SilentSpeaker` and a *message
key*; the caller prints :func:`fallback_message` once, in the player's
language, and carries on with text. Nothing here raises for a missing piece.

Every probe is injectable (``finder``, ``audio_probe``, ``sink``) so tests can
pretend espeak-ng or the sound card is missing.

The sentences live with every other word in :mod:`tavli_voice.words`
(section ``speechoff.``).
"""

from __future__ import annotations

import logging
import shutil
from typing import Any, Callable, Literal

from tavli_voice.narration.settings import SpeechSettings
from tavli_voice.narration.speaker import (
    AudioSink, EngineSpeaker, EspeakProcessSynth, Pyttsx3Synth, SilentSpeaker, SoundDeviceSink,
    Speaker, SynthesisError, Synthesizer,
)
from tavli_voice.words import LANGS, text

log = logging.getLogger(__name__)

NO_ESPEAK = "speech_unavailable_no_espeak"
NO_VOICE = "speech_unavailable_no_voice"
NO_PORTAUDIO = "speech_unavailable_no_portaudio"
NO_AUDIO = "speech_unavailable_no_audio"

Engine = Literal["espeak-ng", "pyttsx3"]


def fallback_message(key: str, lang: str) -> str:
    """The sentence for ``key`` in ``lang`` (English if the language is unknown)."""
    return text("speechoff." + key, lang if lang in LANGS else "en")


def probe_audio() -> str | None:
    """``None`` if PortAudio and an output device are there, else a message key."""
    from tavli_voice.audio.device import load_sounddevice

    try:
        sd = load_sounddevice()
    except (OSError, ImportError):  # OSError: "PortAudio library not found"
        return NO_PORTAUDIO
    try:
        sd.query_devices(kind="output")
    except (sd.PortAudioError, ValueError):
        return NO_AUDIO
    return None


def _check_engine(synth: Synthesizer, lang: str) -> str | None:
    """Speak one word; a failure means no usable voice."""
    try:
        samples, _rate = synth.synthesize("ok", lang=lang, rate=175, pitch=50)
    except SynthesisError as exc:
        log.info("speech engine check failed: %s", exc)
        return NO_VOICE
    return None if samples.size else NO_VOICE


def make_speaker(
    settings: SpeechSettings,
    lang: str,
    *,
    sink: AudioSink | None = None,
    engine: Engine = "espeak-ng",
    finder: Callable[[str], str | None] = shutil.which,
    audio_probe: Callable[[], str | None] = probe_audio,
) -> tuple[Speaker, str | None]:
    """A ready speaker and ``None``, or a ``SilentSpeaker`` and a message key.

    ``sink`` replaces the sound device (tests: ``RecordingSink``), which also
    skips the audio probe. ``engine`` picks the synthesizer (see
    ``speaker.py`` for why ``espeak-ng`` is the default). Settings off →
    ``(SilentSpeaker(), None)``: silence by choice needs no message.
    """
    if not settings.enabled:
        return SilentSpeaker(), None
    exe = finder("espeak-ng")
    if engine == "pyttsx3":
        synth: Synthesizer = Pyttsx3Synth()
    elif exe is None:
        return SilentSpeaker(), NO_ESPEAK
    else:
        synth = EspeakProcessSynth(exe)
    problem = _check_engine(synth, lang)
    if problem is not None:
        # pyttsx3 without libespeak-ng and a missing binary read the same to the player.
        return SilentSpeaker(), (NO_ESPEAK if exe is None else problem)
    if sink is None:
        problem = audio_probe()
        if problem is not None:
            return SilentSpeaker(), problem
        device_sink = SoundDeviceSink(**_sink_tuning())
        try:
            device_sink.open()
        except Exception as exc:  # PortAudioError and friends: any failure means no audio
            log.info("opening the sound device failed: %s", exc)
            return SilentSpeaker(), NO_AUDIO
        sink = device_sink
    speaker = EngineSpeaker(synth, sink, rate=settings.rate, volume=settings.volume, earcons=settings.earcons,
                            stream=isinstance(sink, SoundDeviceSink))
    return speaker, None


def _sink_tuning() -> dict[str, Any]:
    """Output buffer settings from ``TAVLI_OUTPUT_LATENCY`` (seconds) and ``TAVLI_OUTPUT_RESTART``.

    For a machine whose speech crackles (underruns: a longer buffer) and for
    the benchmarks; the defaults are the ones measured best on the rig.
    """
    import os

    tuning: dict[str, Any] = {}
    try:
        if os.environ.get("TAVLI_OUTPUT_LATENCY"):
            tuning["latency"] = float(os.environ["TAVLI_OUTPUT_LATENCY"])
    except ValueError:
        log.warning("TAVLI_OUTPUT_LATENCY is not a number of seconds: %r", os.environ["TAVLI_OUTPUT_LATENCY"])
    if os.environ.get("TAVLI_OUTPUT_RESTART") == "1":
        tuning["restart_when_idle"] = True
    return tuning
