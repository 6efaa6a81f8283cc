"""A play's notation as a reader of each language sees it: the bar and off in their words.

The notation (R1) is "bar/22 6/off(2) 13/7*"; a Greek screen shows «μπάρα/22 6/έξω(2) 13/7*", the first of the
words typed and said for those points (``command_table.POINT_WORDS``), so what is shown can be typed back.
Digits, "/", "*", "^" and a count are the same in every language.
"""

from __future__ import annotations

import re

from tavli_voice.command_table import LANGS, POINT_WORDS

#: The word the bar and off are written with in a play's notation, by language: point → word.
NOTATION_WORDS: dict[str, dict[int, str]] = {
    lang: {point: POINT_WORDS[point][lang][0] for point in POINT_WORDS} for lang in LANGS}
#: Every language's written word for a named point → the point.
NAMED_POINTS: dict[str, int] = {word: point for words in NOTATION_WORDS.values() for point, word in words.items()}
_NAMED_RE = re.compile("|".join(NAMED_POINTS), re.IGNORECASE)


def written_play(notation: str, lang: str) -> str:
    """A play's notation (R1) as the screen shows it in ``lang``: the bar and off in the language's words.

    >>> written_play("bar/22 6/off(2) 13/7*", "el")
    'μπάρα/22 6/έξω(2) 13/7*'
    >>> written_play("bar/22 6/off(2)", "en")
    'bar/22 6/off(2)'
    """
    words = NOTATION_WORDS[lang]
    return _NAMED_RE.sub(lambda m: words[NAMED_POINTS[m.group(0).lower()]], notation)
