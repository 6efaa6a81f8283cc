"""Typed lines → commands, from the command table (:mod:`tavli_voice.command_table`).

The one-letter commands are Latin letters, the same in both languages, so
help, documentation and muscle memory carry over; whole words in English or
Greek (``roll``, ``ρίξε``, with or without accents) work too. A bare number
picks that play; ``f 13`` / ``t 7`` (or ``από 13`` / ``στο 7``) make a play
step by step, ``bar``/``μπάρα`` and ``off``/``έξω`` naming the special points.
On a Greek keyboard layout the letter on the same key works as the Latin one
(``ρ`` = r, ``χ`` = x, ``φ 13`` = f 13, also ``ξ`` = x by sound), so a Greek
user need not switch layouts; ``;``, the Greek question mark, asks for help.

>>> parse_line("r"), parse_line("ΡΙΞΕ"), parse_line("f 13"), parse_line("στο έξω")
(Roll(), Roll(), FromPoint(point=13), ToPoint(point=0))
>>> parse_line("ρ"), parse_line("φ 13"), parse_line(";")
(Roll(), FromPoint(point=13), Help())
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from .. import commands as C
from ..command_table import NUMBER_WORDS, POINT_WORDS, fold, key_commands, typed_word
from ..words.notation import written_point
from .term_keys import ESCAPES, decode_keys

#: key → command; keys that take a number → the command's class (from the command table)
_SIMPLE, _KEYS_WITH_NUMBER = key_commands()
#: key or word → the class of a command that takes a number ("f 13", "από 13")
_WITH_NUMBER: dict[str, type] = {**NUMBER_WORDS, **_KEYS_WITH_NUMBER}
#: "bar", "μπάρα", "off", "έξω" (folded) → the point (R1: 25 the bar, 0 off)
_POINT_WORDS = {fold(w): point for point, by_lang in POINT_WORDS.items()
                for words in by_lang.values() for w in words}
#: ";" is the Greek question mark (on the q key of a Greek layout): help.
_SIMPLE = {**_SIMPLE, ";": C.Help()}

#: A Greek keyboard layout's letter → the Latin letter on the same key (ρ is on r, χ on x …);
#: ξ (on j, unused) is x by sound as well.
GREEK_KEYS: dict[str, str] = {
    "ς": "w", "ε": "e", "ρ": "r", "τ": "t", "υ": "y", "θ": "u", "ι": "i", "ο": "o", "π": "p",
    "α": "a", "σ": "s", "δ": "d", "φ": "f", "γ": "g", "η": "h", "κ": "k", "λ": "l",
    "ζ": "z", "χ": "x", "ψ": "c", "ω": "v", "β": "b", "ν": "n", "μ": "m", "ξ": "x",
}


def latin_keys(text: str) -> str:
    """Greek-layout letters as the Latin keys they share ("ρ" → "r", "φ 13" → "f 13").

    Only a short key (one or two letters, before any number) is changed: Greek words stay.
    """
    head, sep, rest = text.partition(" ")
    if 1 <= len(head) <= 2 and all(c in GREEK_KEYS for c in head):
        return "".join(GREEK_KEYS[c] for c in head) + sep + rest
    if head and head[0] in GREEK_KEYS and head[1:].isdigit():  # "φ13"
        return GREEK_KEYS[head[0]] + head[1:] + sep + rest
    return text


class UnknownInput(ValueError):
    """A typed line that is no command; ``kind`` says what was wrong."""

    def __init__(self, kind: str, text: str, example: str = "p 13", head: str = "") -> None:
        super().__init__(f"{kind}: {text}")
        self.kind = kind  #: "unknown", "needs_number", "key" (an arrow or Escape key's bytes)
        self.text = text
        self.example = example  #: the same command with a number ("t 7" for "t")
        self.head = head  #: the command's key or word, folded ("t", "στο"); a key's name ("up")


#: A typical number for each command that needs one (used in the example).
_EXAMPLE_NUMBER: dict[type, str] = {C.FromPoint: "13", C.ToPoint: "7", C.QueryPoint: "13",
                                    C.QueryQuarter: "1"}


def example_point(points: Iterable[int], lang: str, default: int) -> str:
    """The point a step prompt's example names: the highest on offer (as the voice hint's),
    the bar and off by their word, ``default`` when none is on offer.

    >>> example_point((13, 8, 6), "en", 7), example_point((0,), "el", 7), example_point((), "en", 7)
    ('13', 'έξω', '7')
    """
    return written_point(max(points, default=default), lang)


def _example(head: str) -> str:
    """``t`` → ``"t 7"``: the command the person typed, with a number."""
    return f"{head} {_EXAMPLE_NUMBER.get(_WITH_NUMBER[head], '1')}"


def needs_number_example(exc: UnknownInput, sources: Iterable[int], targets: Iterable[int],
                         lang: str) -> str:
    """The example for a step command typed without its point: the word typed with a point
    on offer now, as the step prompts give (``t`` → "t 20" when 20 is the highest a checker
    can reach, ``f`` → "f 24"; 7 and 13 when none is); any other command keeps its own.

    >>> def bare(word: str) -> UnknownInput:
    ...     try:
    ...         parse_line(word)
    ...     except UnknownInput as exc:
    ...         return exc
    ...     raise AssertionError(word)
    >>> needs_number_example(bare("t"), (24, 13), (20, 18), "en")
    't 20'
    >>> needs_number_example(bare("από"), (25, 6), (), "el"), needs_number_example(bare("p"), (), (), "en")
    ('από μπάρα', 'p 13')
    """
    command = _WITH_NUMBER.get(exc.head)
    typed = exc.text.split()[0] if exc.text.split() else exc.head
    if command is C.ToPoint:
        return f"{typed} {example_point(targets, lang, 7)}"
    if command is C.FromPoint:
        return f"{typed} {example_point(sources, lang, 13)}"
    return exc.example


#: Longest number a line may hold (plays and points are far smaller).
MAX_DIGITS = 6
#: Longest line still read as a (wrong) play number, sign included: "-3" or twenty
#: digits get the plays' range as an answer; longer runs of digits are no number.
MAX_PLAY_NUMBER_CHARS = 40


def _number(text: str) -> bool:
    """ASCII digits only, and not absurdly many (``²``, ``①`` and 5,000 digits are no number)."""
    return text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS


def _out_of_range_number(text: str) -> bool:
    """A negative or over-long whole number ("-3", twenty digits): a play number out of range."""
    digits = text[1:] if text.startswith("-") else text
    return (len(text) <= MAX_PLAY_NUMBER_CHARS and digits.isascii() and digits.isdigit()
            and (text != digits or len(digits) > MAX_DIGITS))


def _fold(text: str) -> str:
    return unicodedata.normalize("NFC", " ".join(text.split()).lower())


def special_key(line: str) -> str | None:
    """The key a line holds when it is a key's escape sequence (an arrow, Escape, Page Up …,
    as a terminal sends them, :data:`~tavli_voice.ui.term_keys.ESCAPES`): its name, the first
    one's when several were pressed; None for any other line, also one that holds other bytes
    after an escape (a terminal's control sequence such as a title or a clear screen is text,
    answered as an unknown command with its bytes shown escaped).

    >>> special_key("\\x1b[A"), special_key("\\x1b\\x1b[6~\\n"), special_key("\\x1b"), special_key("r")
    ('up', 'escape', 'escape', None)
    >>> special_key("\\x1b]0;owned\\x07"), special_key("\\x1b[2J\\x1b[H")
    (None, None)
    """
    text = line.strip(" \r\n")
    if not text.startswith("\x1b"):
        return None
    keys = decode_keys(text)
    if not all(k == "escape" or k in _KEY_NAMES for k in keys):
        return None
    return keys[0]


#: The names of the keys a terminal sends as escape sequences (arrows, Page Up …).
_KEY_NAMES = frozenset(ESCAPES.values())


def parse_line(line: str) -> C.Command | None:
    """One typed line → a command; ``None`` for an empty line; UnknownInput otherwise
    (kind ``"key"`` for an arrow's or Escape's bytes, whose meaning depends on the moment:
    :func:`~tavli_voice.ui.typed_lines.key_command`)."""
    key = special_key(line)
    if key is not None:
        raise UnknownInput("key", line.strip(), head=key)
    text = _fold(line)
    if not text:
        return None
    if _number(text) or _out_of_range_number(text):
        return C.ChoosePlay(int(text))
    if text in _SIMPLE:
        return _SIMPLE[text]
    word = typed_word(text)
    if word is not None:
        return word
    text = latin_keys(text)
    if text in _SIMPLE:
        return _SIMPLE[text]
    head, _, rest = text.partition(" ")
    head = head if head in _WITH_NUMBER else fold(head)
    if head in _WITH_NUMBER:
        arg = fold(rest)
        if _number(arg):
            return _WITH_NUMBER[head](int(arg))  # type: ignore[no-any-return]
        if arg in _POINT_WORDS:
            return _WITH_NUMBER[head](_POINT_WORDS[arg])  # type: ignore[no-any-return]
        raise UnknownInput("needs_number", line.strip(), _example(head), head)
    # "f13" / "t7" without a space
    if text[0] in _KEYS_WITH_NUMBER and _number(text[1:]):
        return _KEYS_WITH_NUMBER[text[0]](int(text[1:]))  # type: ignore[no-any-return]
    raise UnknownInput("unknown", line.strip())
