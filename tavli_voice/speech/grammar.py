"""What may be said now: from an ``Options`` description to phrases and a grammar.

The recogniser listens only for what makes sense at this moment:
the numbers of the plays on offer, the step words when choosing step by step
("from 13", "to 7"), and the commands the session accepts now. Limiting the
vocabulary this way is what makes a small offline recogniser accurate.

``options_from(session.available(), plays, ...)`` builds ``Options`` from
the session; ``phrases(options, lang)`` gives every phrase with the Command it stands for;
``jsgf(phrases)`` writes them as one *flat* JSGF rule (pocketsphinx returned
empty results for a third of clips with nested rule references); ``hint``
says, in words, what can be said now ("say a number from 1 to 7, or roll").

>>> opts = Options(plays=3, commands=frozenset({"roll"}))
>>> [p.text for p in phrases(opts, "en")][:4]
['one', 'two', 'three', 'roll']
>>> hint(opts, "en")
'say a number from 1 to 3, or say roll, repeat, stop, help'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable

from ..command_table import ALWAYS_OFFERED
from ..command_table import PHASE_COMMANDS as TABLE_PHASES
from ..commands import COMMAND_NAMES, ChoosePlay, Command, FromPoint, QueryPoint, QueryQuarter, ToPoint
from ..words import text
from .words import (
    COMMAND_WORDS, QUERY_WORDS, STEP_WORDS, Lang, Variant, folded, number_variants, point_variants,
)

#: Commands that can always be said: "stop" must always work.
ALWAYS: frozenset[str] = frozenset({"stop", "repeat", "help"})

#: Commands with words of their own and no number.
PLAIN_COMMANDS: frozenset[str] = frozenset(COMMAND_WORDS)

ALL_POINTS: frozenset[int] = frozenset(range(26))

#: Commands the session offers in every phase (``Session.available()``).
_COMMON: frozenset[str] = frozenset(ALWAYS_OFFERED)

#: Commands with voice words on offer per phase of a turn, from the command
#: table (plays are on offer in "play" and "confirm"). "turn" is a player's
#: own turn from roll to confirmation: the roll and play phases together and
#: the yes/no of "are you sure?" — what ``tavli-voice hear`` offers by default,
#: so that any word of a turn can be tried without naming its phase.
PHASE_COMMANDS: dict[str, frozenset[str]] = {
    phase: (frozenset(names) | _COMMON) & (PLAIN_COMMANDS | set(QUERY_WORDS))
    for phase, names in TABLE_PHASES.items() if phase != "match_over"
}
PHASE_COMMANDS["turn"] = PHASE_COMMANDS["roll"] | PHASE_COMMANDS["play"] | frozenset({"yes", "no"})


@dataclass(frozen=True, slots=True)
class Options:
    """What the session accepts now, as far as voice is concerned.

    ``plays``: number of plays on offer (ChoosePlay 1..plays); 0 when none.
    ``commands``: names from ``COMMAND_NAMES`` without a number ("roll",
    "undo", ...) plus "point"/"quarter" for the queries; ``ALWAYS`` is added.
    ``from_points``/``to_points``: points that may follow "from"/"to" in the
    step-by-step choice (R1 numbering: 25 bar, 0 off); empty outside it.
    """

    plays: int = 0
    commands: frozenset[str] = field(default_factory=frozenset)
    from_points: frozenset[int] = field(default_factory=frozenset)
    to_points: frozenset[int] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        unknown = set(self.commands) - PLAIN_COMMANDS - set(QUERY_WORDS)
        if unknown:
            raise ValueError(f"no voice words for commands {sorted(unknown)}")
        if self.plays < 0:
            raise ValueError("plays must be 0 or more")
        if not (self.from_points | self.to_points) <= ALL_POINTS:
            raise ValueError("points run from 0 (off) to 25 (bar)")

    @property
    def all_commands(self) -> frozenset[str]:
        """``commands`` plus the ones that always work."""
        return self.commands | ALWAYS


@dataclass(frozen=True, slots=True)
class Phrase:
    """One way to say one thing: the words in order and the Command they mean.

    ``decoy``: a command word *not* on offer, listened for only so that it is heard as what it is
    (``listen_decide.decoys``): its yes or no does not mean that a question is open.
    """

    words: Variant
    command: Command
    decoy: bool = field(default=False, repr=False)

    @property
    def text(self) -> str:
        """The words joined by spaces (what ``hear`` prints as ``heard``)."""
        return " ".join(self.words)


def options_from(available: Iterable[str], plays: int = 0, from_points: Iterable[int] = (),
                 to_points: Iterable[int] = ()) -> Options:
    """Options from the session's ``available()`` command names and its current choice.

    "select" admits ``plays`` numbers, "from"/"to" admit the given points
    (e.g. ``chooser.sources()`` and the destinations after "from N"); other
    names without voice words are left out.
    """
    names = set(available)
    return Options(
        plays=plays if "select" in names else 0,
        commands=frozenset(names & (PLAIN_COMMANDS | set(QUERY_WORDS))),
        from_points=frozenset(from_points) if "from" in names else frozenset(),
        to_points=frozenset(to_points) if "to" in names else frozenset(),
    )


def _plain(name: str) -> Command:
    return COMMAND_NAMES[name]()  # type: ignore[no-any-return]


def _build(options: Options, lang: Lang) -> tuple[Phrase, ...]:
    out: list[Phrase] = []
    for n in range(1, options.plays + 1):
        out += [Phrase(v, ChoosePlay(n)) for v in number_variants(n, lang)]
    for key, points, make in (("from", options.from_points, FromPoint), ("to", options.to_points, ToPoint)):
        for point in sorted(points):
            for head in STEP_WORDS[key][lang]:
                out += [Phrase(head + v, make(point)) for v in point_variants(point, lang)]
    for name in sorted(options.all_commands & PLAIN_COMMANDS, key=list(COMMAND_WORDS).index):
        out += [Phrase(v, _plain(name)) for v in COMMAND_WORDS[name][lang]]
    if "point" in options.commands:
        for point in range(1, 25):
            for head in QUERY_WORDS["point"][lang]:
                out += [Phrase(head + v, QueryPoint(point)) for v in number_variants(point, lang)]
    if "quarter" in options.commands:
        for quarter in range(1, 5):
            for head in QUERY_WORDS["quarter"][lang]:
                out += [Phrase(head + v, QueryQuarter(quarter)) for v in number_variants(quarter, lang)]
    seen: dict[Variant, Command] = {}
    unique: list[Phrase] = []
    for phrase in out:
        earlier = seen.get(phrase.words)
        if earlier is not None:
            if earlier != phrase.command:
                raise ValueError(f"{phrase.text!r} would mean both {earlier} and {phrase.command}")
            continue
        seen[phrase.words] = phrase.command
        unique.append(phrase)
    return tuple(unique)


_build_cached = lru_cache(maxsize=64)(_build)


def phrases(options: Options, lang: Lang) -> tuple[Phrase, ...]:
    """Every phrase valid under ``options`` in ``lang``, numbers first (cached)."""
    return _build_cached(options, lang)


def words_for(command: Command, lang: Lang) -> str:
    """The first phrase that says ``command`` in ``lang``, or its repr when none does.

    >>> words_for(ChoosePlay(6), "el"), words_for(FromPoint(21), "en"), words_for(COMMAND_NAMES["yes"](), "el")
    ('έξι', 'from twenty one', 'ναι')
    """
    number = command.number if isinstance(command, ChoosePlay) else 0
    try:
        options = Options(plays=number, commands=PLAIN_COMMANDS | frozenset(QUERY_WORDS), from_points=ALL_POINTS,
                          to_points=ALL_POINTS)
        return next(p.text for p in phrases(options, lang) if p.command == command)
    except (ValueError, StopIteration):
        return repr(command)


def jsgf(items: tuple[Phrase, ...], name: str = "tavli") -> str:
    """A flat JSGF grammar: one public rule listing every phrase."""
    if not items:
        raise ValueError("a grammar needs at least one phrase")
    body = " | ".join(" ".join(p.words) for p in items)
    return f"#JSGF V1.0;\ngrammar {name};\npublic <say> = {body};\n"


def lookup(items: tuple[Phrase, ...], text: str) -> Phrase | None:
    """The phrase whose words are exactly ``text`` (space separated), if any; else the one
    ``text`` writes another way (capitals, accents left out, «τριανταδύο» for «τριάντα δύο»:
    ``words.folded``)."""
    wanted = tuple(text.split())
    for phrase in items:
        if phrase.words == wanted:
            return phrase
    key = folded(text)
    for phrase in items:
        if folded(phrase.text) == key:
            return phrase
    return None


#: Commands whose last spoken form, not their first, is named unless the room is known quiet: the Greek «σωστά» and
#: «λάθος», heard far better in noise than «ναι» (command_table; the question then asks for them too).
NOISY_LAST_FORM = frozenset({"yes", "no"})


def _command_list(names: list[str], lang: Lang, noisy: bool = False) -> str:
    return ", ".join(" ".join(COMMAND_WORDS[n][lang][-1 if noisy and n in NOISY_LAST_FORM else 0]) for n in names)


def hint(options: Options, lang: Lang, *, noisy: bool = False) -> str:
    """What can be said now, in words: "say a number from 1 to 7, or say roll, stop, ...". ``noisy``: the room
    is not known to be quiet, and yes and no are named by the forms heard best in noise (``NOISY_LAST_FORM``).

    >>> hint(Options(commands=frozenset({"yes", "no"})), "el", noisy=True)
    'πες σωστά, λάθος, ξανά, σταμάτα, βοήθεια'
    """
    parts: list[str] = []
    if options.plays == 1:
        parts.append(text("voice.hint_one", lang))
    elif options.plays > 1:
        parts.append(text("voice.hint_numbers", lang, n=options.plays))
    if options.from_points:
        parts.append(text("voice.hint_from", lang, example=max(options.from_points)))
    if options.to_points:
        parts.append(text("voice.hint_to", lang, example=max(options.to_points)))
    names = [n for n in COMMAND_WORDS if n in options.commands] + \
        [n for n in COMMAND_WORDS if n in ALWAYS and n not in options.commands]
    if names:
        parts.append(text("voice.hint_commands", lang, commands=_command_list(names, lang, noisy)))
    if len(parts) == 1:
        return parts[0]
    return text("voice.hint_or", lang, first=", ".join(parts[:-1]), rest=parts[-1])
