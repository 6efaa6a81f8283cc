"""Speech input: what the player says becomes the same Commands as keys.

Modules: ``words`` (number and command words, English and Greek), ``lexicon``
(their phones), ``grammar`` (``Options`` → allowed phrases, JSGF, hints),
``audio`` (files, resampling, decoder input), ``vad`` and ``capture`` (the
microphone), engines ``engine_sphinx``, ``engine_vosk``, ``engine_whisper``
(optional) and ``engine_templates`` (enrolled words), ``recognizer``
(``choose_engine``), ``listener`` (thread → queue; its parts ``listen_frames``,
``listen_guess``, ``listen_overlap``, ``listen_decide``, ``listen_tuning``), ``enroll``, ``models``,
and ``cli`` (``hear``, ``models``, ``enroll``); its words are in :mod:`tavli_voice.words` (``voice.``).

Typical use::

    engine = choose_engine(None, "el")
    listener = Listener(engine, "el", out_queue, narrator.is_speaking)
    listener.set_options(options_from(session.available(), len(session.plays)))
    listener.start()   # AudioUnavailable when there is no microphone
"""

from ..audio.capture import AudioUnavailable
from .grammar import Options, options_from, phrases
from .heard import EngineUnavailable, Heard
from .listener import Listener, VoiceProblem, explain, should_confirm
from .recognizer import choose_engine

__all__ = [
    "AudioUnavailable", "EngineUnavailable", "Heard", "Listener", "Options", "VoiceProblem",
    "choose_engine", "explain", "options_from", "phrases", "should_confirm",
]
