"""Spoken words for voice input, in English and Greek.

Numbers (plays are numbered from 1, and a turn can offer hundreds of plays),
points for the step-by-step choice (R1 numbering from the mover's side: the
bar is 25, borne off is 0) and the command words. Each entry is a *variant*:
a tuple of words the recogniser hears in sequence. Several variants may mean
the same thing ("seven"; Greek "επτά"/"εφτά", feminine "τρεις" for plays,
which are feminine in Greek: "κίνηση τρία/τρεις").

The command words come from the command table (:mod:`tavli_voice.command_table`);
what a phrase *means* (which Command) is decided in ``grammar.py``; how a
word *sounds* lives in ``lexicon.py``.

>>> number_variants(21, "en")
(('twenty', 'one'),)
>>> number_variants(3, "el")
(('τρία',), ('τρεις',))
"""

from __future__ import annotations

import unicodedata
from itertools import product

from ..command_table import LANGS as LANGS
from ..command_table import POINT_WORDS, by_name, spoken_words
from ..command_table import Lang as Lang
from ..command_table import Variant as Variant

#: Largest number that has words (plays are numbered 1..MAX_NUMBER).
MAX_NUMBER = 999

_EN_SMALL = (
    "zero one two three four five six seven eight nine ten eleven twelve "
    "thirteen fourteen fifteen sixteen seventeen eighteen nineteen"
).split()
_EN_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()

# Greek units: neuter first, then the feminine form where it differs.
_EL_UNITS: dict[int, tuple[str, ...]] = {
    1: ("ένα", "μία", "μια"),
    2: ("δύο",),
    3: ("τρία", "τρεις"),
    4: ("τέσσερα", "τέσσερις"),
    5: ("πέντε",),
    6: ("έξι",),
    7: ("επτά", "εφτά"),
    8: ("οκτώ", "οχτώ"),
    9: ("εννέα", "εννιά"),
}
_EL_TEENS: dict[int, tuple[str, ...]] = {
    10: ("δέκα",),
    11: ("έντεκα",),
    12: ("δώδεκα",),
    13: ("δεκατρία", "δεκατρείς"),
    14: ("δεκατέσσερα", "δεκατέσσερις"),
    15: ("δεκαπέντε",),
    16: ("δεκαέξι", "δεκάξι"),
    17: ("δεκαεπτά", "δεκαεφτά"),
    18: ("δεκαοκτώ", "δεκαοχτώ"),
    19: ("δεκαεννέα", "δεκαεννιά"),
}
_EL_TENS: dict[int, str] = {
    2: "είκοσι", 3: "τριάντα", 4: "σαράντα", 5: "πενήντα", 6: "εξήντα",
    7: "εβδομήντα", 8: "ογδόντα", 9: "ενενήντα",
}
# Hundreds: neuter and feminine ("διακόσιες κινήσεις").
_EL_HUNDREDS: dict[int, tuple[str, ...]] = {
    2: ("διακόσια", "διακόσιες"),
    3: ("τριακόσια", "τριακόσιες"),
    4: ("τετρακόσια", "τετρακόσιες"),
    5: ("πεντακόσια", "πεντακόσιες"),
    6: ("εξακόσια", "εξακόσιες"),
    7: ("επτακόσια", "επτακόσιες"),
    8: ("οκτακόσια", "οκτακόσιες"),
    9: ("εννιακόσια", "εννιακόσιες"),
}


def _en_below_100(n: int) -> Variant:
    if n < 20:
        return (_EN_SMALL[n],)
    tens, unit = divmod(n, 10)
    return (_EN_TENS[tens],) if unit == 0 else (_EN_TENS[tens], _EN_SMALL[unit])


def _en_number(n: int) -> tuple[Variant, ...]:
    if n < 100:
        return (_en_below_100(n),)
    hundreds, rest = divmod(n, 100)
    heads: list[Variant] = [(_EN_SMALL[hundreds], "hundred")]
    if hundreds == 1:
        heads.append(("a", "hundred"))
    if rest == 0:
        return tuple(heads)
    tail = _en_below_100(rest)
    return tuple(h + tail for h in heads) + tuple(h + ("and",) + tail for h in heads)


def _el_below_100(n: int) -> tuple[Variant, ...]:
    if n < 10:
        return tuple((w,) for w in _EL_UNITS[n])
    if n < 20:
        return tuple((w,) for w in _EL_TEENS[n])
    tens, unit = divmod(n, 10)
    if unit == 0:
        return ((_EL_TENS[tens],),)
    return tuple((_EL_TENS[tens], w) for w in _EL_UNITS[unit])


def _el_number(n: int) -> tuple[Variant, ...]:
    if n < 100:
        return _el_below_100(n)
    hundreds, rest = divmod(n, 100)
    if hundreds == 1:
        if rest == 0:
            return (("εκατό",),)
        return tuple(("εκατόν",) + v for v in _el_below_100(rest))
    heads = _EL_HUNDREDS[hundreds]
    if rest == 0:
        return tuple((h,) for h in heads)
    return tuple((h,) + v for h, v in product(heads, _el_below_100(rest)))


def number_variants(n: int, lang: Lang) -> tuple[Variant, ...]:
    """All ways to say ``n`` (1..MAX_NUMBER) in ``lang``; the first is the usual one."""
    if not 1 <= n <= MAX_NUMBER:
        raise ValueError(f"no words for {n}: numbers run from 1 to {MAX_NUMBER}")
    return _en_number(n) if lang == "en" else _el_number(n)


def _unaccented(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


def written_forms(variant: Variant, lang: Lang) -> tuple[str, ...]:
    """Every way of writing the spoken ``variant``, the usual one first.

    Greek players write (and Whisper may transcribe) a tens word and its unit as
    one word, the tens word losing its accent: «τριάντα δύο» is also «τριανταδύο»,
    «είκοσι ένα» also «εικοσιένα».

    >>> written_forms(("τριάντα", "δύο"), "el")
    ('τριάντα δύο', 'τριανταδύο')
    >>> written_forms(("είκοσι", "μία"), "el")
    ('είκοσι μία', 'εικοσιμία')
    """
    forms = [" ".join(variant)]
    if lang == "el":
        tens = set(_EL_TENS.values())
        units = {w for ws in _EL_UNITS.values() for w in ws}
        joined = [variant[0]]
        for word in variant[1:]:
            if joined[-1] in tens and word in units:
                joined[-1] = _unaccented(joined[-1]) + word
            else:
                joined.append(word)
        if len(joined) < len(variant):
            forms.append(" ".join(joined))
    return tuple(forms)


def folded(text: str) -> str:
    """``text`` as compared with what was said: lower case, no accents, no spaces, final sigma as σ.

    >>> folded("Τριάντα Δύο") == folded("τριανταδύο")
    True
    """
    return _unaccented(text).casefold().replace("ς", "σ").replace(" ", "")


def number_text(n: int, lang: Lang) -> str:
    """The usual words for ``n`` (``7`` → ``"seven"`` / ``"επτά"``)."""
    return " ".join(number_variants(n, lang)[0])


#: Special points of the step-by-step choice (R1: 25 is the bar, 0 borne off).
BAR, OFF = 25, 0
_POINT_WORDS: dict[Lang, dict[int, tuple[Variant, ...]]] = {
    lang: {point: tuple((w,) for w in by_lang[lang]) for point, by_lang in POINT_WORDS.items()}
    for lang in LANGS
}


def point_variants(point: int, lang: Lang) -> tuple[Variant, ...]:
    """Ways to name a point 0..25 (0 = off, 25 = bar, else its number)."""
    if not 0 <= point <= 25:
        raise ValueError(f"no point {point}: points run from 0 (off) to 25 (bar)")
    special = _POINT_WORDS[lang].get(point)
    return special if special is not None else number_variants(point, lang)


#: Words that start a step: "from thirteen", "to seven"; Greek "από", "στο"/"στη".
STEP_WORDS: dict[str, dict[Lang, tuple[Variant, ...]]] = {
    name: by_name(name).spoken for name in ("from", "to")}

#: The order commands are listed in when a hint says what can be said.
_LISTING = ("roll", "undo", "confirm", "cancel", "yes", "no", "resign", "double", "take", "drop",
            "position", "plays", "pips", "score", "repeat", "stop", "help", "hint", "why", "opponent",
            "more", "next", "previous", "end", "leave", "quit")

#: Command words without a number, by command name (from the command table).
#: One word each, as far as possible: every extra phrase is one more thing a
#: number can be mistaken for (with "again", "take back" and "pip count" in a
#: turn's grammar, FSDD's "eight" and "six" were often heard as those).
COMMAND_WORDS: dict[str, dict[Lang, tuple[Variant, ...]]] = dict(
    sorted(spoken_words().items(), key=lambda item: _LISTING.index(item[0])))

#: Words before a number for the query commands ("point thirteen", "quarter two").
QUERY_WORDS: dict[str, dict[Lang, tuple[Variant, ...]]] = {
    name: by_name(name).spoken for name in ("point", "quarter")}


def all_words(lang: Lang, max_number: int = MAX_NUMBER) -> frozenset[str]:
    """Every single word the tables can produce in ``lang`` (for lexicon checks)."""
    words: set[str] = set()
    tables = (COMMAND_WORDS, STEP_WORDS, QUERY_WORDS)
    for table in tables:
        for by_lang in table.values():
            for variant in by_lang[lang]:
                words.update(variant)
    for n in range(1, max_number + 1):
        for variant in number_variants(n, lang):
            words.update(variant)
    for variants in _POINT_WORDS[lang].values():
        for variant in variants:
            words.update(variant)
    return frozenset(words)
