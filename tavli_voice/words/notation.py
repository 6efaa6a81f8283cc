"""A play's notation as a reader of each language sees it: the bar and off in their words.

The notation (R1) is "bar/22 6/off(2) 13/7*"; a Greek screen shows «μπάρα/22 6/έξω(2) 13/7*", the first of the
words typed and said for those points (``command_table.POINT_WORDS``), so what is shown can be typed back.
Digits, "/", "*", "^" and a count are the same in every language.
"""

from __future__ import annotations

import re

from tavli_voice.command_table import LANGS, POINT_WORDS, fold

#: The word the bar and off are written with in a play's notation, by language: point → word.
NOTATION_WORDS: dict[str, dict[int, str]] = {
    lang: {point: POINT_WORDS[point][lang][0] for point in POINT_WORDS} for lang in LANGS}
#: Every language's written word for a named point → the point.
NAMED_POINTS: dict[str, int] = {word: point for words in NOTATION_WORDS.values() for point, word in words.items()}
_NAMED_RE = re.compile("|".join(NAMED_POINTS), re.IGNORECASE)
#: Every word typed or said for the bar or off, either language, folded ("μπαρα", "off") → R1's word.
_R1_WORDS = {fold(word): NOTATION_WORDS["en"][point]
             for point, by_lang in POINT_WORDS.items() for words in by_lang.values() for word in words}


def written_point(point: int, lang: str) -> str:
    """A point as the screen writes it and the keys take it in ``lang``: its number, the bar and off by their word.

    >>> written_point(13, "el"), written_point(0, "el"), written_point(25, "en")
    ('13', 'έξω', 'bar')
    """
    return NOTATION_WORDS["el" if lang == "el" else "en"].get(point, str(point))


def r1_play(text: str) -> str:
    """Notation typed with the bar and off in either language, with or without accents, as R1 writes it:
    «μπάρα/22 6/Έξω» (as the Greek screen shows plays) → "bar/22 6/off"; other words are left as they are.

    >>> r1_play("μπαρα/22 6/Έξω(2) bar/20 8/5")
    'bar/22 6/off(2) bar/20 8/5'
    """
    return re.sub(r"[^\W\d_]+", lambda m: _R1_WORDS.get(fold(m.group(0)), m.group(0)), text)


def written_play(notation: str, lang: str) -> str:
    """A play's notation (R1) as the screen shows it in ``lang``: the bar and off in the language's words.

    >>> written_play("bar/22 6/off(2) 13/7*", "el")
    'μπάρα/22 6/έξω(2) 13/7*'
    >>> written_play("bar/22 6/off(2)", "en")
    'bar/22 6/off(2)'
    """
    words = NOTATION_WORDS[lang]
    return _NAMED_RE.sub(lambda m: words[NAMED_POINTS[m.group(0).lower()]], notation)
