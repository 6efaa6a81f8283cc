"""Vosk engine: used when a Vosk model for the language is installed.

Small models take a runtime grammar: the recogniser is given exactly the
phrases valid now (those whose words the model knows) plus ``[unk]`` when the
model has it, so anything else comes back as ``[unk]``. Big models (the only
Greek one is about 1 GB) transcribe freely; their text is matched to the
phrases (``match_text``). Recognisers are cached per phrase set.

A model folder holding anything but folders and regular files (a FIFO would
make Kaldi wait forever) is refused before Vosk opens it, and a model Vosk
cannot load is said to be damaged (``voice.model_damaged``), never a crash.
"""

from __future__ import annotations

import difflib
import json
import logging
import os
import stat
import time
import unicodedata
from collections import OrderedDict
from typing import Any, Callable

from .audio import RATE, Samples, for_decoder
from .grammar import Phrase
from .heard import EngineUnavailable, Heard
from .models import ModelInfo

log = logging.getLogger(__name__)

CACHE_SIZE = 8
#: Most entries looked at in a model folder (a Vosk model has a few dozen).
MAX_MODEL_ENTRIES = 10_000
#: Smallest similarity (0..1) for a free-text match by spelling.
FUZZY_MIN = 0.75


def model_problem(path: os.PathLike[str] | str) -> str | None:
    """What makes the model folder ``path`` unsafe to open (a FIFO, a device, too many entries), or None."""
    seen = 0
    for folder, dirs, files in os.walk(path):
        for name in files + dirs:
            seen += 1
            if seen > MAX_MODEL_ENTRIES:
                return f"more than {MAX_MODEL_ENTRIES} entries"
            whole = os.path.join(folder, name)
            try:
                mode = os.stat(whole).st_mode
            except OSError as err:
                return f"{os.path.relpath(whole, path)}: {err.strerror or err}"
            if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
                return f"{os.path.relpath(whole, path)} is not an ordinary file"
    return None


def normalise(text: str) -> str:
    """Lower case, no accents, final sigma folded: for comparing free text with phrases."""
    text = unicodedata.normalize("NFD", text.lower())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return text.replace("ς", "σ")


def match_text(text: str, items: tuple[Phrase, ...]) -> Phrase | None:
    """The phrase ``text`` says: exact, else the longest one contained in it, else by spelling."""
    said = normalise(text).split()
    if not said:
        return None
    by_words = {tuple(normalise(w) for w in p.words): p for p in items}
    whole = by_words.get(tuple(said))
    if whole is not None:
        return whole
    best: tuple[int, Phrase] | None = None
    for words, phrase in by_words.items():
        n = len(words)
        if any(tuple(said[i:i + n]) == words for i in range(len(said) - n + 1)):
            if best is None or n > best[0]:
                best = (n, phrase)
    if best is not None:
        return best[1]
    joined = " ".join(said)
    scored = [(difflib.SequenceMatcher(None, joined, " ".join(w)).ratio(), p) for w, p in by_words.items()]
    ratio, phrase = max(scored, key=lambda s: s[0])
    return phrase if ratio >= FUZZY_MIN else None


class VoskRecognizer:
    """Vosk with a runtime grammar (small models) or free text matched to phrases."""

    name = "vosk"

    def __init__(self, model: ModelInfo, clock: Callable[[], float] = time.perf_counter) -> None:
        try:
            import vosk
        except ImportError as err:  # pragma: no cover - a declared dependency
            raise EngineUnavailable("engine_missing", engine=self.name, detail=str(err)) from err
        vosk.SetLogLevel(-1)
        self.info = model
        self._vosk = vosk
        self._clock = clock
        problem = model_problem(model.path)
        if problem is None:
            try:
                self._model = vosk.Model(str(model.path))
            except Exception as err:  # vosk raises a bare Exception when the folder is wrong
                problem = str(err)
        if problem is not None:
            log.warning("Vosk model %s (%s) cannot be loaded: %s", model.name, model.path, problem)
            raise EngineUnavailable("model_damaged", name=model.name, where=model.path, detail=problem)
        self._known: dict[str, bool] = {}
        self._cache: OrderedDict[tuple[str, ...], Any] = OrderedDict()

    def knows(self, word: str) -> bool:
        """True when the model's vocabulary has ``word``."""
        if word not in self._known:
            self._known[word] = self._model.vosk_model_find_word(word) != -1
        return self._known[word]

    def usable(self, items: tuple[Phrase, ...]) -> tuple[Phrase, ...]:
        """The phrases whose words the model knows (the others cannot be heard)."""
        return tuple(p for p in items if all(self.knows(w) for w in p.words))

    def _recognizer(self, items: tuple[Phrase, ...]) -> Any:
        if not self.info.grammar:
            key: tuple[str, ...] = ()
        else:
            key = tuple(sorted({p.text for p in self.usable(items)}))
        rec = self._cache.get(key)
        if rec is not None:
            self._cache.move_to_end(key)
            return rec
        if key:
            words = list(key) + (["[unk]"] if self.knows("[unk]") else [])
            rec = self._vosk.KaldiRecognizer(self._model, RATE, json.dumps(words, ensure_ascii=False))
        else:
            rec = self._vosk.KaldiRecognizer(self._model, RATE)
        rec.SetWords(True)
        self._cache[key] = rec
        if len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        return rec

    def recognize(self, audio: Samples, items: tuple[Phrase, ...]) -> Heard:
        """Decode one utterance and map its text to one of ``items``."""
        start = self._clock()
        rec = self._recognizer(items)
        rec.AcceptWaveform(for_decoder(audio))
        result = json.loads(rec.FinalResult())
        ms = (self._clock() - start) * 1000
        text = " ".join(w for w in result.get("text", "").split() if w != "[unk]")
        words = result.get("result", [])
        conf = float(sum(w.get("conf", 0.0) for w in words) / len(words)) if words else 0.0
        if not text:
            return Heard("", None, 0.0, ms, self.name, "nothing")
        phrase = match_text(text, items)
        if phrase is None:
            return Heard(text, None, conf, ms, self.name, "no_match")
        return Heard(phrase.text, phrase.command, conf, ms, self.name)
