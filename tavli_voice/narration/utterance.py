"""``Utterance``: one thing the narrator may say, as data.

Like Orca's speech output (style guide 2.5) an utterance is not a string but a
tuple of segments: text pieces and :class:`Pause` markers, plus who says it
(:class:`VoiceKind`), in which language, at which priority
(:mod:`~tavli_voice.narration.priorities`), about which turn (for staleness,
NVDA-style) and with which optional earcon played before it.

Phrasers (``narration/phrases.py``) build these; the queue orders them; only a
``Speaker`` turns them into sound. Text here may still hold symbols such as
``13/7*``: the speaker cleans every text segment with
:func:`tavli_voice.narration.speechtext.clean_for_speech` before synthesis.

>>> u = Utterance.from_text("Your dice: 6 5.", lang="en", turn=3)
>>> u.text
'Your dice: 6 5.'
>>> Utterance.from_items(["24/18", "13/8"], intro="Plays:", lang="en").segments
('Plays:', Pause(ms=250), '24/18', Pause(ms=250), '13/8')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Iterable, Union

from tavli_voice.narration.priorities import Priority
#: Languages the narrator speaks (espeak-ng voices ``en`` and ``el``).
from tavli_voice.words import LANGS as LANGS

#: Default pause between list items, in milliseconds.
LIST_PAUSE_MS = 250


@dataclass(frozen=True, slots=True)
class Pause:
    """Silence of ``ms`` milliseconds between text segments."""

    ms: int

    def __post_init__(self) -> None:
        if not isinstance(self.ms, int) or isinstance(self.ms, bool) or self.ms < 0:
            raise ValueError(f"Pause.ms must be a non-negative int, not {self.ms!r}")


Segment = Union[str, Pause]


class VoiceKind(Enum):
    """Who speaks: the game (events) or the system (settings, fallbacks, help).

    Engines render ``SYSTEM`` with a lower pitch so the player can tell a
    program notice from a game event without words.
    """

    GAME = "game"
    SYSTEM = "system"


@dataclass(frozen=True, slots=True)
class Utterance:
    """One message: segments plus how and when to say it.

    ``turn`` is the session's turn counter when the event happened; speech
    about a turn older than the one the player acts on is stale (see
    :meth:`tavli_voice.narration.queue.NarrationQueue.interrupt`).
    ``earcon`` names a sound from :mod:`tavli_voice.audio.earcons`.
    """

    segments: tuple[Segment, ...]
    priority: Priority = Priority.MESSAGE
    voice: VoiceKind = VoiceKind.GAME
    lang: str = "en"
    turn: int = 0
    earcon: str | None = None
    #: Free tag for callers (e.g. the event class name); not spoken.
    tag: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.segments, tuple):
            raise TypeError("Utterance.segments must be a tuple")
        for seg in self.segments:
            if not isinstance(seg, (str, Pause)):
                raise TypeError(f"segment must be str or Pause, not {type(seg).__name__}")
        if self.lang not in LANGS:
            raise ValueError(f"lang must be one of {LANGS}, not {self.lang!r}")
        if not isinstance(self.priority, Priority):
            raise TypeError("priority must be a Priority")

    @classmethod
    def from_text(
        cls,
        text: str,
        *,
        lang: str = "en",
        priority: Priority = Priority.MESSAGE,
        turn: int = 0,
        voice: VoiceKind = VoiceKind.GAME,
        earcon: str | None = None,
        tag: str = "",
    ) -> Utterance:
        """One text segment."""
        return cls((text,), priority, voice, lang, turn, earcon, tag)

    @classmethod
    def from_items(
        cls,
        items: Iterable[str],
        *,
        intro: str | None = None,
        pause_ms: int = LIST_PAUSE_MS,
        lang: str = "en",
        priority: Priority = Priority.MESSAGE,
        turn: int = 0,
        voice: VoiceKind = VoiceKind.GAME,
        earcon: str | None = None,
        tag: str = "",
    ) -> Utterance:
        """A list read aloud: optional intro, then items with pauses between."""
        segs: list[Segment] = []
        for item in ([intro] if intro else []) + list(items):
            if segs:
                segs.append(Pause(pause_ms))
            segs.append(item)
        return cls(tuple(segs), priority, voice, lang, turn, earcon, tag)

    @property
    def text(self) -> str:
        """The words as one line (pauses become spaces): for screens and logs."""
        parts = [s.strip() for s in self.segments if isinstance(s, str) and s.strip()]
        return " ".join(parts)

    @property
    def is_empty(self) -> bool:
        """True if there is nothing to say (no non-blank text, no earcon)."""
        return not self.text and self.earcon is None
