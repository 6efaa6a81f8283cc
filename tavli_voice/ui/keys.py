"""Typed lines → commands, from the command table (:mod:`tavli_voice.command_table`).

The one-letter commands are Latin letters, the same in both languages, so
help, documentation and muscle memory carry over; whole words in English or
Greek (``roll``, ``ρίξε``, with or without accents) work too. A bare number
picks that play; ``f 13`` / ``t 7`` (or ``από 13`` / ``στο 7``) make a play
step by step, ``bar``/``μπάρα`` and ``off``/``έξω`` naming the special points.

>>> parse_line("r"), parse_line("ΡΙΞΕ"), parse_line("f 13"), parse_line("στο έξω")
(Roll(), Roll(), FromPoint(point=13), ToPoint(point=0))
"""

from __future__ import annotations

import unicodedata

from .. import commands as C
from ..command_table import NUMBER_WORDS, POINT_WORDS, fold, key_commands, typed_word

#: key → command; keys that take a number → the command's class (from the command table)
_SIMPLE, _KEYS_WITH_NUMBER = key_commands()
#: key or word → the class of a command that takes a number ("f 13", "από 13")
_WITH_NUMBER: dict[str, type] = {**NUMBER_WORDS, **_KEYS_WITH_NUMBER}
#: "bar", "μπάρα", "off", "έξω" (folded) → the point (R1: 25 the bar, 0 off)
_POINT_WORDS = {fold(w): point for point, by_lang in POINT_WORDS.items()
                for words in by_lang.values() for w in words}


class UnknownInput(ValueError):
    """A typed line that is no command; ``kind`` says what was wrong."""

    def __init__(self, kind: str, text: str) -> None:
        super().__init__(f"{kind}: {text}")
        self.kind = kind  #: "unknown", "needs_number"
        self.text = text


def _fold(text: str) -> str:
    return unicodedata.normalize("NFC", text.strip().lower())


def parse_line(line: str) -> C.Command | None:
    """One typed line → a command; ``None`` for an empty line; UnknownInput otherwise."""
    text = _fold(line)
    if not text:
        return None
    if text.isdigit():
        return C.ChoosePlay(int(text))
    if text in _SIMPLE:
        return _SIMPLE[text]
    word = typed_word(text)
    if word is not None:
        return word
    head, _, rest = text.partition(" ")
    head = head if head in _WITH_NUMBER else fold(head)
    if head in _WITH_NUMBER:
        arg = fold(rest)
        if arg.isdigit():
            return _WITH_NUMBER[head](int(arg))  # type: ignore[no-any-return]
        if arg in _POINT_WORDS:
            return _WITH_NUMBER[head](_POINT_WORDS[arg])  # type: ignore[no-any-return]
        raise UnknownInput("needs_number", line.strip())
    # "f13" / "t7" without a space
    if text[0] in _KEYS_WITH_NUMBER and text[1:].isdigit():
        return _KEYS_WITH_NUMBER[text[0]](int(text[1:]))  # type: ignore[no-any-return]
    raise UnknownInput("unknown", line.strip())
