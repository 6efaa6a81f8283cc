"""Enrolment: record the player's own words as templates (``tavli-voice enroll``).

The player says each word a few times (default 3) when asked. Words, not
phrases, are recorded: "twenty" and "one" cover 21, "from" and "thirteen"
cover "from thirteen" (``engine_templates`` joins takes end to end). The
recording step is a function given by the caller (the microphone in the CLI,
files or arrays in tests), and so is ``say`` (print, or the narrator).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable, Iterable

from .audio import RATE, Samples, resample
from ..audio.capture import Microphone
from .engine_templates import TemplateStore
from ..words import text
from .vad import EnergyVad, Utterance, VadSettings
from .words import BAR, COMMAND_WORDS, OFF, STEP_WORDS, Lang, number_variants, point_variants

#: Commands enrolled by default: the ones a game needs most.
DEFAULT_COMMANDS: tuple[str, ...] = (
    "roll", "undo", "yes", "no", "repeat", "position", "plays", "help", "stop", "resign",
)
#: Shortest take kept (shorter: probably a click, ask again).
MIN_TAKE_S = 0.15


def enrolment_words(lang: Lang, numbers: int = 12, commands: Iterable[str] = DEFAULT_COMMANDS,
                    steps: bool = False) -> list[str]:
    """The words to record, in order, each once: numbers 1..``numbers``, commands, step words."""
    out: list[str] = []

    def add(words: Iterable[str]) -> None:
        for word in words:
            if word not in out:
                out.append(word)

    for n in range(1, numbers + 1):
        add(number_variants(n, lang)[0])
    for name in commands:
        add(COMMAND_WORDS[name][lang][0])
    if steps:
        add(STEP_WORDS["from"][lang][0])
        add(STEP_WORDS["to"][lang][0])
        add(point_variants(BAR, lang)[0])
        add(point_variants(OFF, lang)[0])
        for point in range(numbers + 1, 25):
            add(number_variants(point, lang)[0])
    return out


def enrol(store: TemplateStore, lang: Lang, words: Iterable[str], takes: int,
          record: Callable[[], Samples | None], say: Callable[[str], None],
          retries: int = 3) -> int:
    """Ask for each word ``takes`` times, keep the takes; returns how many were saved.

    A word's old takes are replaced once its first new take is in.
    """
    saved = 0
    for word in words:
        cleared = False
        for take in range(1, takes + 1):
            for _ in range(retries):
                say(text("voice.enroll_say", lang, word=word, take=take, takes=takes))
                audio = record()
                if audio is not None and len(audio) >= MIN_TAKE_S * RATE:
                    break
                say(text("voice.enroll_nothing", lang))
            else:
                continue
            if not cleared:
                store.clear(lang, word)
                cleared = True
            store.add(lang, word, audio)
            saved += 1
    return saved


def microphone_recorder(mic: Microphone, settings: VadSettings = VadSettings(hangover_s=0.4),
                        timeout_s: float = 6.0,
                        clock: Callable[[], float] = time.monotonic) -> Callable[[], Samples | None]:
    """A ``record`` function: the next utterance from a started microphone (16 kHz), or None."""

    def record() -> Samples | None:
        vad = EnergyVad(settings, mic.rate)
        deadline = clock() + timeout_s
        while clock() < deadline:
            block = mic.read(0.1)
            if block is None:
                continue
            for event in vad.feed(block):
                if isinstance(event, Utterance):
                    return event.audio if event.rate == RATE else resample(event.audio, event.rate, RATE)
        for event in vad.flush():
            if isinstance(event, Utterance):
                return event.audio if event.rate == RATE else resample(event.audio, event.rate, RATE)
        return None

    return record


def recordings_from(store_root: Path, lang: Lang) -> dict[str, int]:
    """How many takes each enrolled word has (for reports)."""
    store = TemplateStore(store_root)
    return {w: len(store.takes(lang, w)) for w in store.words(lang)}

