"""Words for why a play is better (bots/reasons.py), English and Greek.

One sentence part per kind of fact, from the listener's side: "your play" is
theirs, "the hint's play" the expert's, ``{who}`` the opponent. Each part is
said only in the direction in which it favours the hint's play (the ranking
keeps only those). Counted rolls (also the opponent's rolls that cannot be
played in full), closed points and held points are feminine in Greek (ζαριές,
πόρτες, θέσεις): in speech their numbers are written as words; point numbers
and πούλια (neuter) stay digits, which espeak-ng reads right.

>>> from types import SimpleNamespace as D
>>> from tavli_voice.words import player_words
>>> rita = player_words("Rita", "rita", 1, "el")
>>> said = say_reasons("portes", [D(kind="shots", mine=11, better=0, points=(7,))], "el",
...                    rita, speech=True)
>>> for part in said.split("· "):
...     print(part)
Η κίνησή σου αφήνει το πούλι στο 7 μόνο του, και η Ρίτα μπορεί να το χτυπήσει με έντεκα ζαριές στις 36
η προτεινόμενη κίνηση δεν αφήνει χτύπημα.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from . import Gender, PlayerWords, capitalize, dice_words, join_list, number
from .reason_words import OTHER_REASON_WORDS, REASON_WORDS as REASON_WORDS


#: Kinds whose numbers count feminine Greek nouns (πόρτες, θέσεις, φορές).
_FEMININE = {"prime", "wall", "gaps", "mars_lost", "mars_won", "front", "start_block",
             "blocked_rolls", "lookahead"}

#: Kinds whose ``points`` are the opponent's rolls (``10 × high die + low die``), not points:
#: never renumbered for a listener.
ROLL_KINDS = frozenset({"lookahead"})


class Fact(Protocol):
    """What a reason carries (``bots.reasons.Difference``): its kind, both values, points."""

    @property
    def kind(self) -> str: ...
    @property
    def mine(self) -> int: ...
    @property
    def better(self) -> int: ...
    @property
    def points(self) -> tuple[int, ...]: ...


def _t(key: str, lang: str, chosen: bool = True, **kw: object) -> str:
    """The part ``key``; said of the next best play, not the player's, when not ``chosen``."""
    from . import text  # the one lookup (defined after this module is imported)

    if not chosen and key in OTHER_REASON_WORDS:
        return text(f"why.other.{key}", lang, **kw)
    return text(f"why.{key}", lang, **kw)


def _w(key: str, lang: str, game: str, chosen: bool = True, **kw: object) -> str:
    """The game's own form of ``key`` where it has one (``made.fevga``), else its plural
    form for several points (``made.many``: «κλείνει πόρτες στο 12 και στο 5»)."""
    points = kw.pop("points_count", 0)
    if f"{key}.{game}" in REASON_WORDS:
        return _t(f"{key}.{game}", lang, chosen, **kw)
    many = f"{key}.many"
    return _t(many if isinstance(points, int) and points > 1 and many in REASON_WORDS else key,
              lang, chosen, **kw)


def _rolls(n: int, lang: str, speech: bool) -> str:
    words = number(n, lang, "f", speech=speech)
    return _t("rolls.one" if n == 1 else "rolls.many", lang, n=words)


#: At most this many points are named in one reason; more are counted ("and 2 more"),
#: so a listener hears what tells the plays apart, not a long list.
MAX_NAMED = 3


def _points(points: Sequence[int], lang: str, lead: str = "στο", *,
            speech: bool = False, bare: bool = False) -> str:
    """"point 7", "points 9 and 4"; Greek with its article on each: «στο 9 και στο 4».

    More than :data:`MAX_NAMED` points: the first three named, the rest counted.

    >>> _points((24, 23, 20, 19, 9), "en")
    'points 24, 23, 20 and 2 more'
    >>> _points((24, 23, 20, 19, 9), "el", "το", speech=True)
    'το 24, το 23, το 20 και άλλες δύο θέσεις'
    >>> _points((24, 23, 20, 19), "el")
    'στο 24, στο 23, στο 20 και σε άλλη μία θέση'
    """
    named = [str(p) for p in points[:MAX_NAMED]]
    rest = len(points) - len(named)
    more = (_t("points.more.one", lang) if rest == 1 else
            _t("points.more", lang, n=number(rest, lang, "f", speech=speech)) if rest else "")
    if lang == "el":
        return join_list([f"{lead} {p}" for p in named]
                         + ([f"σε {more}" if lead == "στο" else more] if more else []), lang)
    listed = join_list(named + [more], lang)
    if bare:  # English without "points": "checkers on 22, 19 and 2 more"
        return listed
    return f"point {listed}" if len(points) == 1 else f"points {listed}"


def _tenths(n: int, lang: str) -> str:
    """Tenths as a decimal: "4.3" in English, «4,3» in Greek (espeak-ng reads «τέσσερα κόμμα
    τρία», the neuter Greek says a decimal in); a whole number without its ",0".

    >>> _tenths(43, "el"), _tenths(43, "en"), _tenths(20, "el")
    ('4,3', '4.3', '2')
    """
    whole, tenth = divmod(n, 10)
    if not tenth:
        return str(whole)
    return f"{whole}{',' if lang == 'el' else '.'}{tenth}"


def _look_ahead(fact: Fact, lang: str, who: PlayerWords, speech: bool,
                chosen: bool = True) -> str:
    """One roll ahead (``bots.reasons.look_ahead``): the opponent's rolls after which the
    player's play comes out worse and better, then the rolls that hurt it the most.

    >>> from types import SimpleNamespace as D
    >>> from tavli_voice.words import player_words
    >>> fact = D(kind="lookahead", mine=30, better=4, points=(66, 65))
    >>> said = _look_ahead(fact, "el", player_words("Rita", "rita", 1, "el"), True)
    >>> for part in said.split(" με "):
    ...     print(part)
    κοιτώντας μία ζαριά μπροστά, η κίνησή σου βγαίνει χειρότερη από την προτεινόμενη
    τριάντα από τις τριάντα έξι ζαριές που μπορεί να φέρει η Ρίτα και καλύτερη
    τέσσερις· πιο πολύ
    εξάρες, ύστερα
    6 και 5
    """
    named = [dice_words(divmod(r, 10), lang, "acc") for r in fact.points]
    rolls = (_t("lookahead.rolls.two", lang, a=named[0], b=named[1]) if len(named) > 1 else
             _t("lookahead.rolls.one", lang, a=named[0]) if named else "")
    key = ("lookahead.all" if fact.mine == 36 else
           "lookahead.none" if fact.better == 0 else "lookahead")
    said = _t(key, lang, chosen, n=number(fact.mine, lang, "f", speech=speech),
              m=number(fact.better, lang, "f", speech=speech), who=who.subject,
              whose=who.whose, rolls=rolls)
    return said if rolls else said.rstrip("; ·")


def reason_part(game: str, fact: Fact, lang: str, who: PlayerWords, *,
                speech: bool = False, chosen: bool = True) -> str:
    """One reason as a sentence part (lower case first), in ``lang``: about the player's
    play, or when not ``chosen`` (nothing chosen yet) about the next best play."""
    kind = str(fact.kind)
    if kind == "lookahead":
        return _look_ahead(fact, lang, who, speech, chosen)
    if kind == "checker":  # the move of one checker: from a point, to a point
        return _t(kind, lang, chosen, a=fact.points[0], b=fact.points[1])
    gender: Gender = "f" if kind in _FEMININE else "n"
    lead = "το" if kind in ("front", "start_block") or (kind, game) in (
        ("made", "fevga"), ("given_up", "fevga")) else "στο"
    pts = _points(fact.points, lang, lead, speech=speech)
    if kind == "shots":
        verb = "pin" if game == "plakoto" else "hit"
        many = len(fact.points) > 1
        blot = _t("blot.many" if many else "blot.one", lang,
                  points=pts if lang == "el" else _points(fact.points, lang, speech=speech,
                                                          bare=True))
        if fact.better:
            after = _t("shots.after", lang, m=_rolls(fact.better, lang, speech))
        else:
            after = _t(f"shots.none.{verb}", lang)
        return _t(f"shots.{verb}" + (".many" if many else ""), lang, chosen, blots=blot,
                  who=who.subject,
                  n=_rolls(fact.mine, lang, speech), after=after)
    if kind == "mother_risk":
        return _w(kind, lang, game, chosen, who=who.subject, n=_rolls(fact.mine, lang, speech))
    if kind == "bearoff":  # tenths of a roll, said as a decimal («4,3»: τέσσερα κόμμα τρία)
        return _t(kind, lang, chosen, n=_tenths(fact.mine, lang), m=_tenths(fact.better, lang))
    if kind in ("pips",):
        n = fact.mine - fact.better
        return _w(kind, lang, game, n=number(n, lang, speech=speech))
    if kind in ("given_up", "lost", "start_left", "head", "gaps", "mars_lost"):  # the count that is worse is mine
        n, m = fact.mine, fact.better
    else:
        n, m = fact.better, fact.mine
    if kind in ("captured", "lost") and game == "plakoto" and fact.points:  # where they are pinned
        kind = f"{kind}.plakoto.where"
    if kind in ("front", "start_block"):  # the counts, then the points only the hint's holds
        said = _t(kind, lang, chosen, n=number(n, lang, gender, speech=speech),
                  m=number(m, lang, gender, speech=speech), whose=who.whose)
        return _t("held.only", lang, reason=said, points=pts) if fact.points else said
    return _w(kind, lang, game, chosen,
              n=number(n, lang, gender, speech=speech), m=number(m, lang, gender, speech=speech),
              points=pts, points_count=len(fact.points), who=who.subject, whose=who.whose)


def say_reasons(game: str, facts: Sequence[Fact], lang: str, who: PlayerWords, *,
                speech: bool = False, chosen: bool = True) -> str:
    """The reasons, largest first, as sentences; "no single reason stands out" when none.

    ``chosen``: the hint's play is compared with the player's play; else (nothing chosen
    yet) with the next best play, "the other play" («η άλλη κίνηση»).
    """
    if not facts:
        return _t("none", lang)
    parts = [capitalize(reason_part(game, f, lang, who, speech=speech, chosen=chosen))
             for f in facts]
    return ". ".join(parts) + "."
