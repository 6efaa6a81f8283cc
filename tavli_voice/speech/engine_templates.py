"""Personal words: recognise the player's own recordings (enrolment templates).

``tavli-voice enroll`` records each word a few times (default 3) into the
player's profile: ``<profile>/<lang>/<word>/take-<n>.wav`` (16 kHz mono
WAV, kept as sound so features can change later). A phrase of several words
("twenty one", "από δεκατρία") is matched against the enrolled takes of its
words joined end to end, so enrolling "twenty" and "one" covers 21.

Decision: the DTW distance of the utterance to each allowed phrase is the
smallest over that phrase's takes; the best phrase wins unless the engine is
unsure: best/second-best distance above ``reject_ratio`` (two phrases fit
almost equally well), or the best distance far above the typical distance
between takes of one word (``reject_scale``; probably not a known word).

A take that cannot be read (damaged, empty, a folder, a FIFO, a text file, or
longer than 30 s: see :func:`~tavli_voice.audio.wav.read_wav`) is left out and
logged, and :func:`skipped_message` says so once; the other takes and the
general engine behind them go on.
"""

from __future__ import annotations

import logging
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

import numpy as np

from .audio import AudioFileError, Samples, load, write_wav
from .features import Features, dtw_distances, word_features
from .grammar import Phrase
from .heard import EngineUnavailable, Heard
from .words import Lang
from ..words import number, text

log = logging.getLogger(__name__)

#: Reject when best / second-best distance is above this (measured on FSDD:
#: 0.95 keeps 94% of utterances with 1 error in 2,538; see benchmarks/voice.py).
REJECT_RATIO = 0.95
#: Reject when the best distance is above this many times the typical
#: distance between two takes of the same word (a cough, a door). Loose on
#: purpose: very even takes (a synthetic voice) make the typical distance small.
REJECT_SCALE = 2.0


#: The name of a take written by ``add``; other ``take-*.wav`` names are still tried, after these.
TAKE_NAME = re.compile(r"take-(\d+)\.wav")


def _take_order(path: Path) -> tuple[int, int, str]:
    match = TAKE_NAME.fullmatch(path.name)
    return (0, int(match.group(1)), "") if match else (1, 0, path.name)


def profile_dir(env: dict[str, str] | None = None) -> Path:
    """The player's voice profile: ``voice`` in the data folder (:func:`~tavli_voice.userfiles.data_dir`)."""
    from ..userfiles import data_dir

    return data_dir(env) / "voice"


@dataclass(frozen=True)
class TemplateStore:
    """Enrolled takes on disk: ``root/<lang>/<word>/take-<n>.wav``."""

    root: Path

    def word_dir(self, lang: Lang, word: str) -> Path:
        """Folder of one word's takes."""
        return self.root / lang / word

    def words(self, lang: Lang) -> list[str]:
        """Words with at least one take, sorted."""
        folder = self.root / lang
        if not folder.is_dir():
            return []
        return sorted(d.name for d in folder.iterdir() if d.is_dir() and any(d.glob("take-*.wav")))

    def takes(self, lang: Lang, word: str) -> list[Path]:
        """The take files of ``word``, in order."""
        return sorted(self.word_dir(lang, word).glob("take-*.wav"), key=_take_order)

    def add(self, lang: Lang, word: str, samples: Samples) -> Path:
        """Save one more take of ``word`` (16 kHz samples); returns its path."""
        folder = self.word_dir(lang, word)
        folder.mkdir(parents=True, exist_ok=True)
        numbers = [_take_order(p)[1] for p in folder.glob("take-*.wav")]
        path = folder / f"take-{max(numbers, default=0) + 1}.wav"
        write_wav(path, samples)
        return path

    def clear(self, lang: Lang, word: str) -> None:
        """Remove every take of ``word`` (before enrolling it again)."""
        for path in self.takes(lang, word):
            if path.is_dir() and not path.is_symlink():
                continue  # not a take the program wrote: left as it is
            path.unlink()


def skipped_message(skipped: tuple[tuple[Path, AudioFileError], ...], lang: Lang) -> str | None:
    """One sentence saying which enrolled takes were left out (None when none were)."""
    if not skipped:
        return None
    path, problem = skipped[0]
    shown = str(path).encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    detail = text("voice.audio_" + problem.key, lang, **problem.values)
    if len(skipped) == 1:
        return text("voice.take_skipped", lang, file=shown, detail=detail)
    return text("voice.takes_skipped", lang, count=number(len(skipped), lang, "f"), file=shown,
                detail=detail)


class TemplateRecognizer:
    """DTW against the player's enrolled takes; rejects when unsure."""

    name = "templates"

    def __init__(self, templates: dict[str, list[Features]], reject_ratio: float = REJECT_RATIO,
                 reject_scale: float = REJECT_SCALE,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.templates = {w: t for w, t in templates.items() if t}
        self.reject_ratio = reject_ratio
        self.reject_scale = reject_scale
        self._clock = clock
        self.scale = self._typical_distance()
        #: Takes left out because they cannot be read (see :func:`skipped_message`).
        self.skipped: tuple[tuple[Path, AudioFileError], ...] = ()

    @classmethod
    def from_store(cls, store: TemplateStore, lang: Lang, **kwargs: object) -> "TemplateRecognizer":
        """Load every enrolled word of ``lang``, leaving out (and logging) takes that cannot be read.

        EngineUnavailable when no take can be used, unless ``allow_empty``
        (then the recognizer covers nothing, and ``skipped`` says why).
        """
        allow_empty = bool(kwargs.pop("allow_empty", False))
        templates: dict[str, list[Features]] = {}
        skipped: list[tuple[Path, AudioFileError]] = []
        for word in store.words(lang):
            for path in store.takes(lang, word):
                try:
                    templates.setdefault(word, []).append(word_features(load(path)))
                except AudioFileError as problem:
                    log.warning("enrolled take %s left out: %s (%s)", path, problem, problem.key)
                    skipped.append((path, problem))
        if not any(templates.values()) and not allow_empty:
            if skipped:
                raise EngineUnavailable("takes_unusable", count=number(len(skipped), lang, "f"),
                                        where=store.root / lang)
            raise EngineUnavailable("not_enrolled")
        recognizer = cls(templates, **kwargs)  # type: ignore[arg-type]
        recognizer.skipped = tuple(skipped)
        return recognizer

    @classmethod
    def from_samples(cls, recordings: dict[str, Iterable[Samples]], **kwargs: object) -> "TemplateRecognizer":
        """Build from in-memory takes (16 kHz), e.g. in tests and the benchmark."""
        return cls({w: [word_features(s) for s in takes] for w, takes in recordings.items()},
                   **kwargs)  # type: ignore[arg-type]

    def _typical_distance(self) -> float:
        """Median distance from each take to the closest other take of the same word."""
        found: list[float] = []
        for takes in self.templates.values():
            for k, take in enumerate(takes):
                others = takes[:k] + takes[k + 1:]
                if others:
                    found.append(float(dtw_distances(take, others).min()))
        finite = [d for d in found if np.isfinite(d)]
        return float(np.median(finite)) if finite else float("inf")

    def covers(self, phrase: Phrase) -> bool:
        """True when every word of ``phrase`` has been enrolled."""
        return all(w in self.templates for w in phrase.words)

    def _phrase_templates(self, phrase: Phrase) -> list[Features]:
        per_word = [self.templates[w] for w in phrase.words]
        if len(per_word) == 1:
            return per_word[0]
        count = max(len(t) for t in per_word)
        return [np.concatenate([t[k % len(t)] for t in per_word]) for k in range(count)]

    def recognize(self, audio: Samples, items: tuple[Phrase, ...]) -> Heard:
        """Best enrolled phrase among ``items``, or not understood ("unsure")."""
        start = self._clock()
        covered = [p for p in items if self.covers(p)]
        if not covered:
            return Heard("", None, 0.0, (self._clock() - start) * 1000, self.name, "nothing")
        query = word_features(audio)
        flat: list[Features] = []
        owner: list[int] = []
        for index, phrase in enumerate(covered):
            temps = self._phrase_templates(phrase)
            flat += temps
            owner += [index] * len(temps)
        distances = dtw_distances(query, flat)
        per_phrase = np.full(len(covered), np.inf)
        np.minimum.at(per_phrase, np.array(owner), distances)
        # Several phrases may mean the same command ("seven"/"επτά"): rank commands.
        best_by_command: dict[object, tuple[float, int]] = {}
        for index, dist in enumerate(per_phrase):
            command = covered[index].command
            if command not in best_by_command or dist < best_by_command[command][0]:
                best_by_command[command] = (float(dist), index)
        ranked = sorted(best_by_command.values())
        ms = (self._clock() - start) * 1000
        best, index = ranked[0]
        phrase = covered[index]
        if not np.isfinite(best):
            return Heard("", None, 0.0, ms, self.name, "nothing")
        second = ranked[1][0] if len(ranked) > 1 else float("inf")
        ratio = best / second if np.isfinite(second) and second > 0 else 0.0
        score = float(max(0.0, 1.0 - ratio))
        # Joined takes never fit fluent speech as well as one word's take: the
        # distance check is for single words only.
        far = len(phrase.words) == 1 and best > self.reject_scale * self.scale
        if ratio > self.reject_ratio or far:
            return Heard(phrase.text, None, score, ms, self.name, "unsure")
        return Heard(phrase.text, phrase.command, score, ms, self.name)
