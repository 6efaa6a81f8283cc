"""Words for why a play is better (bots/reasons.py), English and Greek.

One sentence part per kind of fact, from the listener's side: "your play" is
theirs, "the hint's play" the expert's, ``{who}`` the opponent. Each part is
said only in the direction in which it favours the hint's play (the ranking
keeps only those). Counted rolls, closed points and held points are feminine
in Greek (ζαριές, πόρτες, θέσεις): in speech their numbers are written as
words; point numbers and πούλια (neuter) stay digits, which espeak-ng reads
right.

>>> from types import SimpleNamespace as D
>>> from tavli_voice.words import player_words
>>> rita = player_words("Rita", "rita", 1, "el")
>>> said = say_reasons("portes", [D(kind="shots", mine=11, better=0, points=(7,))], "el",
...                    rita, speech=True)
>>> for part in said.split("· "):
...     print(part)
Η κίνησή σου αφήνει το πούλι στο 7 μόνο του, και η Ρίτα το χτυπάει με έντεκα ζαριές στις 36
η προτεινόμενη κίνηση δεν αφήνει χτύπημα.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from . import Gender, PlayerWords, capitalize, join_list, number

#: Sentence parts: key → language → template (``{n}`` the hint's side or the count
#: that decides, ``{m}`` the other, ``{points}`` the points, ``{who}``/``{whose}`` the opponent).
#: In the catalogue under the prefix ``why.`` (``text("why.made", lang, points="5")``).
REASON_WORDS: dict[str, dict[str, str]] = {
    "none": {"en": "No single reason stands out: the expert prefers the hint's play for the "
                   "position as a whole.",
             "el": "Κανένας λόγος δεν ξεχωρίζει μόνος του: ο ειδικός προτιμά την προτεινόμενη "
                   "κίνηση για το σύνολο του παιχνιδιού."},
    "best": {"en": "Your play is the hint's play.",
             "el": "Η κίνησή σου είναι η προτεινόμενη."},
    "shots.hit": {"en": "your play leaves {blots} alone, and {who} hits it with {n}; {after}",
                  "el": "η κίνησή σου αφήνει {blots} μόνο του, και {who} το χτυπάει με {n}· "
                        "{after}"},
    "shots.pin": {"en": "your play leaves {blots} alone, and {who} pins it with {n}; {after}",
                  "el": "η κίνησή σου αφήνει {blots} μόνο του, και {who} το πλακώνει με {n}· "
                        "{after}"},
    "shots.after": {"en": "after the hint's play, {m}", "el": "με την προτεινόμενη κίνηση, με {m}"},
    "shots.none.hit": {"en": "the hint's play leaves no shot",
                       "el": "η προτεινόμενη κίνηση δεν αφήνει χτύπημα"},
    "shots.none.pin": {"en": "the hint's play leaves nothing to pin",
                       "el": "η προτεινόμενη κίνηση δεν αφήνει πούλι για πλάκωμα"},
    "blot.one": {"en": "a checker on {points}", "el": "το πούλι στο {points}"},
    "blot.many": {"en": "checkers on {points}", "el": "πούλια στο {points}"},
    "rolls.one": {"en": "{n} roll of 36", "el": "{n} ζαριά στις 36"},
    "rolls.many": {"en": "{n} rolls of 36", "el": "{n} ζαριές στις 36"},
    "made": {"en": "the hint's play makes your {points} point",
             "el": "η προτεινόμενη κίνηση κλείνει πόρτα στο {points}"},
    "made.fevga": {"en": "the hint's play takes your {points} point",
                   "el": "η προτεινόμενη κίνηση πιάνει το {points}"},
    "given_up": {"en": "your play gives up your {points} point",
                 "el": "η κίνησή σου χαλάει την πόρτα στο {points}"},
    "given_up.fevga": {"en": "your play leaves your {points} point empty",
                       "el": "η κίνησή σου αφήνει άδειο το {points}"},
    "prime": {"en": "the hint's play has {n} closed points in a row, yours {m}",
              "el": "η προτεινόμενη κίνηση έχει {n} πόρτες στη σειρά, η δική σου {m}"},
    "prime.fevga": {"en": "the hint's play holds {n} points in a row, yours {m}",
                    "el": "η προτεινόμενη κίνηση πιάνει {n} θέσεις στη σειρά, η δική σου {m}"},
    "wall": {"en": "the hint's play blocks {whose} checkers with {n} closed points in a row, "
                   "yours with {m}",
             "el": "η προτεινόμενη κίνηση κλείνει τον δρόμο στα πούλια {whose} με {n} πόρτες "
                   "στη σειρά, η δική σου με {m}"},
    "wall.fevga": {"en": "the hint's play blocks {whose} checkers with {n} points in a row, "
                         "yours with {m}",
                   "el": "η προτεινόμενη κίνηση κλείνει τον δρόμο στα πούλια {whose} με {n} "
                         "θέσεις στη σειρά, η δική σου με {m}"},
    "anchor": {"en": "the hint's play keeps a closed point in {whose} home, on {points}",
               "el": "η προτεινόμενη κίνηση κρατάει πόρτα στο σπίτι {whose}, στο {points}"},
    "anchor.fevga": {"en": "the hint's play holds a point in {whose} home, on {points}",
                     "el": "η προτεινόμενη κίνηση πιάνει θέση στο σπίτι {whose}, στο {points}"},
    "captured": {"en": "after the hint's play {who} has {n} on the bar, after yours {m}",
                 "el": "με την προτεινόμενη κίνηση {who} έχει {n} πούλια στην μπάρα, με τη δική "
                       "σου {m}"},
    "captured.plakoto": {"en": "after the hint's play {n} of {whose} checkers are pinned, "
                               "after yours {m}",
                         "el": "με την προτεινόμενη κίνηση είναι πλακωμένα {n} πούλια {whose}, "
                               "με τη δική σου {m}"},
    "lost": {"en": "after your play {n} of your checkers stay on the bar, after the hint's "
                   "play {m}",
             "el": "με την κίνησή σου μένουν {n} πούλια σου στην μπάρα, με την προτεινόμενη {m}"},
    "lost.plakoto": {"en": "after your play {n} of your checkers stay pinned, after the hint's "
                           "play {m}",
                     "el": "με την κίνησή σου μένουν πλακωμένα {n} πούλια σου, με την "
                           "προτεινόμενη {m}"},
    "their_mother": {"en": "the hint's play pins {whose} mother",
                     "el": "η προτεινόμενη κίνηση πλακώνει τη μάνα {whose}"},
    "mother_risk": {"en": "your play leaves your mother alone, and {who} pins it with {n}",
                    "el": "η κίνησή σου αφήνει τη μάνα σου μόνη της, και {who} την πλακώνει "
                          "με {n}"},
    "start_left": {"en": "your play keeps {n} checkers in your starting quarter, the hint's "
                         "play {m}",
                   "el": "η κίνησή σου κρατάει {n} πούλια στο τέταρτο της αφετηρίας σου, η "
                         "προτεινόμενη {m}"},
    "pips": {"en": "the hint's play gains {n} pips in the race",
             "el": "η προτεινόμενη κίνηση κερδίζει {n} στο μέτρημα"},
    "off": {"en": "the hint's play bears off {n} checkers, yours {m}",
            "el": "η προτεινόμενη κίνηση μαζεύει {n} πούλια, η δική σου {m}"},
}

#: Kinds whose numbers count feminine Greek nouns (πόρτες, θέσεις).
_FEMININE = {"prime", "wall"}


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


def _t(key: str, lang: str, **kw: object) -> str:
    from . import text  # the one lookup (defined after this module is imported)

    return text(f"why.{key}", lang, **kw)


def _w(key: str, lang: str, game: str, **kw: object) -> str:
    """The game's own form of ``key`` where it has one (``made.fevga``)."""
    return _t(f"{key}.{game}" if f"{key}.{game}" in REASON_WORDS else key, lang, **kw)


def _rolls(n: int, lang: str, speech: bool) -> str:
    words = number(n, lang, "f", speech=speech)
    return _t("rolls.one" if n == 1 else "rolls.many", lang, n=words)


def _points(points: Sequence[int], lang: str) -> str:
    if lang == "el":  # «στο 7 και στο 9»: the article repeats
        return join_list([str(p) for p in points], lang).replace(" και ", " και στο ")
    return join_list([str(p) for p in points], lang)


def reason_part(game: str, fact: Fact, lang: str, who: PlayerWords, *,
                speech: bool = False) -> str:
    """One reason as a sentence part (lower case first), in ``lang``."""
    kind = str(fact.kind)
    gender: Gender = "f" if kind in _FEMININE else "n"
    pts = _points(fact.points, lang)
    if kind == "shots":
        verb = "pin" if game == "plakoto" else "hit"
        blot = _t("blot.one" if len(fact.points) == 1 else "blot.many", lang, points=pts)
        if fact.better:
            after = _t("shots.after", lang, m=_rolls(fact.better, lang, speech))
        else:
            after = _t(f"shots.none.{verb}", lang)
        return _t(f"shots.{verb}", lang, blots=blot, who=who.subject,
                  n=_rolls(fact.mine, lang, speech), after=after)
    if kind == "mother_risk":
        return _w(kind, lang, game, who=who.subject, n=_rolls(fact.mine, lang, speech))
    if kind in ("pips",):
        n = fact.mine - fact.better
        return _w(kind, lang, game, n=number(n, lang, speech=speech))
    if kind in ("given_up", "lost", "start_left"):  # the count that is worse is mine
        n, m = fact.mine, fact.better
    else:
        n, m = fact.better, fact.mine
    return _w(kind, lang, game,
              n=number(n, lang, gender, speech=speech), m=number(m, lang, gender, speech=speech),
              points=pts, who=who.subject, whose=who.whose)


def say_reasons(game: str, facts: Sequence[Fact], lang: str, who: PlayerWords, *,
                speech: bool = False) -> str:
    """The reasons, largest first, as sentences; "no single reason stands out" when none."""
    if not facts:
        return _t("none", lang)
    parts = [capitalize(reason_part(game, f, lang, who, speech=speech)) for f in facts]
    return ". ".join(parts) + "."
