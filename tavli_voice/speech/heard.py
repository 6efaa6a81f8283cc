"""What a recogniser heard: the ``Heard`` value every engine returns.

A leaf module (no engine imports) so the listener, the CLI and the session
can all import it cheaply.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from ..commands import Command, command_name
from .audio import Samples
from .grammar import Phrase

#: Why nothing was understood: no speech at all, the engine was unsure
#: (rejected), free text matched no phrase, or the words are a command that is
#: not on offer now ("not_on_offer": ``command`` is None). Empty when understood.
Reason = Literal["", "nothing", "unsure", "no_match", "barge_in", "not_on_offer"]


@dataclass(frozen=True, slots=True)
class Heard:
    """One recognition result.

    ``text``: the words heard ("seven", "από δεκατρία"; "" for nothing).
    ``command``: the Command they mean, or None when not understood.
    ``score``: confidence 0..1 (engine specific but higher is surer).
    ``ms``: time from the end of the audio to this result, in milliseconds.
    ``engine``: which engine decided ("pocketsphinx", "vosk", "whisper", "templates").
    ``reason``: see ``Reason``; "" when ``command`` is set.
    ``note``: why ``engine`` decided rather than the engine asked for ("" when it was
    the one asked for), e.g. "whisper: not installed (pip install ...)".
    ``doubtful``: heard over the game's own voice and not sure: asked back
    ("did you say …?") whatever the setting.
    ``began``: when the sound began (``time.monotonic()`` of its capture; None: not known),
    so that a word said before a question was asked is not taken as its answer.
    ``rival``: the likeliest phrase meaning another command, and its probability over the
    winner's phrases' (0..1; None: not known), so that a "yes" nearly as much a "no" is not an answer.
    ``why``: how the engine came to it, for the log, never said: the sound heard, the likeliest
    candidates with their scores, a rule that changed the answer ("" when the engine tells nothing).
    ``shares``: each command the engine weighed and its share of the probability over them (summing
    to 1, likeliest first; empty when the engine tells none), so that a word said again after a "no"
    can be weighed with the first attempt (``fusion.with_first``).
    ``snr``: the word's level over the noise around it (dB), measured by the crop (None: not measured),
    so that the game can tell the player when the room is too noisy (``ui.voice_noise``).
    ``floored``: the winning phrase's own score was under its engine's floor (``crop.SCORE_FLOOR``, or
    ``crop.LONE_FLOOR`` when it was the only one scored), so that a yes that low asks its question again.
    ``own``: the winning phrase's own score (its mean log-probability a token over the crop's views; None: not
    known), so that a word its engine weighed alone can be acted on in noise when it scored well
    (``voice_decision.LONE_CLEAR_OWN``).
    ``seconded``: where a second engine weighed the engine's likeliest commands again (``crop.SECOND_OPINION``) and
    put the engine's own likeliest first too, (the engine's share, the second engine's share) of it; None
    otherwise (no second opinion, or it put another command first), so that a word both engines agree on can be
    acted on in noise (``voice_decision.SECONDED_SHARE``).
    ``unsure``: heard unsure whatever its ``score`` says, so asked back under the "unsure" policy, never acted on at
    once: a command word not on offer (a decoy) its engine was unsure of, made the likeliest offered command beside
    it (``listen_decide.on_offer_only``, ``DECOY_ASKED_BACK``).
    ``narrow``: the sound came through a narrow band (nothing above 4 kHz: an 8 kHz microphone, a telephone;
    ``fusion.narrow_band``, told by the crop), where a number badly heard comes out as a command word not on offer
    with the number right behind it (``listen_decide.DECOY_RUNNER_UP_ASKED_BACK``).
    ``sound``: the word as the engine heard it (16 kHz; the crop), kept where the game learns the player's own
    words (``own_words.OwnWords``) so that a number confirmed can be kept as one of them; None otherwise.
    """

    text: str
    command: Command | None
    score: float
    ms: float
    engine: str = ""
    reason: Reason = ""
    note: str = ""
    doubtful: bool = False
    began: float | None = None
    rival: tuple[Command, float] | None = None
    why: str = ""
    shares: tuple[tuple[Command, float], ...] = ()
    snr: float | None = None
    floored: bool = False
    own: float | None = None
    seconded: tuple[float, float] | None = None
    unsure: bool = False
    narrow: bool = False
    sound: Samples | None = dataclasses.field(default=None, compare=False, repr=False)

    @property
    def understood(self) -> bool:
        """True when a command was recognised."""
        return self.command is not None

    def to_json(self) -> dict[str, Any]:
        """The ``hear`` output fields: heard, command (name + fields or None), score, ms, engine,
        and "reason" when another engine decided than the one asked for, or nothing was understood."""
        out: dict[str, Any] = {
            "heard": self.text,
            "command": command_json(self.command),
            "score": round(self.score, 3),
            "ms": round(self.ms, 1),
            "engine": self.engine,
        }
        if self.note or self.reason:
            out["reason"] = self.note or self.reason
        return out


def command_json(command: Command | None) -> dict[str, Any] | None:
    """``ChoosePlay(7)`` → ``{"name": "select", "number": 7}``; None stays None."""
    if command is None:
        return None
    out: dict[str, Any] = {"name": command_name(command)}
    for f in dataclasses.fields(command):
        out[f.name] = getattr(command, f.name)
    return out


class Recognizer(Protocol):
    """A speech engine: 16 kHz mono audio of one utterance + allowed phrases → Heard."""

    name: str

    def recognize(self, audio: Samples, items: tuple[Phrase, ...]) -> Heard:
        """Decide which of ``items`` was said in ``audio`` (or none)."""
        ...


class EngineUnavailable(RuntimeError):
    """An engine cannot be used here; ``key`` names the message to say (``voice.`` in tavli_voice.words)."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(f"{key}: {values}")
        self.key = key
        self.values = values


class Superseded(Exception):
    """The recognition was given up: the sound it was for is no longer wanted (see ``while_wanted``)."""


#: What the running recognition asks before each costly step: is its sound still wanted?
_WANTED: ContextVar[Callable[[], bool] | None] = ContextVar("tavli_voice_wanted", default=None)


@contextmanager
def while_wanted(wanted: Callable[[], bool]) -> Iterator[None]:
    """Recognitions in this block give up (``Superseded``) between steps once ``wanted()`` is False.

    The listener guesses while an utterance may still go on (after a short
    quiet); when the player goes on speaking the guess is of no use, and an
    engine with several steps stops at the next one instead of holding the
    recogniser thread until the real end of the word.
    """
    token = _WANTED.set(wanted)
    try:
        yield
    finally:
        _WANTED.reset(token)


def give_up_if_unwanted() -> None:
    """Raise ``Superseded`` when the recognition in progress is no longer wanted (engines call it between
    their steps; outside ``while_wanted`` it does nothing)."""
    wanted = _WANTED.get()
    if wanted is not None and not wanted():
        raise Superseded
