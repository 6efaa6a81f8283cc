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
    "only": {"en": "There is only one play: nothing to compare.",
             "el": "Υπάρχει μόνο μία κίνηση: δεν έχει με τι να συγκριθεί."},
    "intro.considered": {"en": "The hint's play: {hint}. If you played {other} instead:",
                         "el": "Η προτεινόμενη κίνηση: {hint}. Αν έπαιζες αντί γι' αυτήν "
                               "{other}:"},
    "intro.chosen": {"en": "Your play: {other}. The hint's play: {hint}.",
                     "el": "Η κίνησή σου: {other}. Η προτεινόμενη: {hint}."},
    "shots.hit": {"en": "your play leaves {blots} alone, and {who} hits it with {n}; {after}",
                  "el": "η κίνησή σου αφήνει {blots} μόνο του, και {who} το χτυπάει με {n}· "
                        "{after}"},
    "shots.pin": {"en": "your play leaves {blots} alone, and {who} pins it with {n}; {after}",
                  "el": "η κίνησή σου αφήνει {blots} μόνο του, και {who} το πλακώνει με {n}· "
                        "{after}"},
    "shots.hit.many": {"en": "your play leaves {blots} alone, and {who} hits one with {n}; "
                             "{after}",
                       "el": "η κίνησή σου αφήνει {blots} μόνα τους, και {who} χτυπάει κάποιο "
                             "με {n}· {after}"},
    "shots.pin.many": {"en": "your play leaves {blots} alone, and {who} pins one with {n}; "
                             "{after}",
                       "el": "η κίνησή σου αφήνει {blots} μόνα τους, και {who} πλακώνει κάποιο "
                             "με {n}· {after}"},
    "shots.after": {"en": "after the hint's play, {m}", "el": "με την προτεινόμενη κίνηση, με {m}"},
    "shots.none.hit": {"en": "the hint's play leaves no shot",
                       "el": "η προτεινόμενη κίνηση δεν αφήνει χτύπημα"},
    "shots.none.pin": {"en": "the hint's play leaves nothing to pin",
                       "el": "η προτεινόμενη κίνηση δεν αφήνει πούλι για πλάκωμα"},
    "blot.one": {"en": "a checker on {points}", "el": "το πούλι {points}"},
    "blot.many": {"en": "checkers on {points}", "el": "πούλια {points}"},
    "rolls.one": {"en": "{n} roll of 36", "el": "{n} ζαριά στις 36"},
    "rolls.many": {"en": "{n} rolls of 36", "el": "{n} ζαριές στις 36"},
    "made": {"en": "the hint's play makes {points}",
             "el": "η προτεινόμενη κίνηση κλείνει πόρτα {points}"},
    "made.many": {"en": "the hint's play makes {points}",
                  "el": "η προτεινόμενη κίνηση κλείνει πόρτες {points}"},
    "made.fevga": {"en": "the hint's play takes {points}",
                   "el": "η προτεινόμενη κίνηση πιάνει {points}"},
    "given_up": {"en": "your play gives up {points}",
                 "el": "η κίνησή σου χαλάει την πόρτα {points}"},
    "given_up.many": {"en": "your play gives up {points}",
                      "el": "η κίνησή σου χαλάει τις πόρτες {points}"},
    "given_up.fevga": {"en": "your play leaves {points} empty",
                       "el": "η κίνησή σου αφήνει άδειο {points}"},
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
    "anchor": {"en": "the hint's play keeps a closed point in {whose} home: {points}",
               "el": "η προτεινόμενη κίνηση κρατάει πόρτα στο σπίτι {whose}, {points}"},
    "anchor.fevga": {"en": "the hint's play holds a point in {whose} home: {points}",
                     "el": "η προτεινόμενη κίνηση πιάνει θέση στο σπίτι {whose}, {points}"},
    "captured": {"en": "{whose} checkers on the bar: {n} after the hint's play, {m} after yours",
                 "el": "πούλια {whose} στην μπάρα: {n} με την προτεινόμενη κίνηση, {m} με τη "
                       "δική σου"},
    "captured.plakoto": {"en": "{whose} checkers pinned: {n} after the hint's play, {m} after "
                               "yours",
                         "el": "πλακωμένα πούλια {whose}: {n} με την προτεινόμενη κίνηση, {m} "
                               "με τη δική σου"},
    "lost": {"en": "your checkers on the bar: {n} after your play, {m} after the hint's play",
             "el": "πούλια σου στην μπάρα: {n} με την κίνησή σου, {m} με την προτεινόμενη"},
    "lost.plakoto": {"en": "your checkers pinned: {n} after your play, {m} after the hint's "
                           "play",
                     "el": "πλακωμένα πούλια σου: {n} με την κίνησή σου, {m} με την "
                           "προτεινόμενη"},
    "their_mother": {"en": "the hint's play pins {whose} mother",
                     "el": "η προτεινόμενη κίνηση πλακώνει τη μάνα {whose}"},
    "mother_risk": {"en": "your play leaves your mother alone, and {who} pins it with {n}",
                    "el": "η κίνησή σου αφήνει τη μάνα σου μόνη της, και {who} την πλακώνει "
                          "με {n}"},
    "start_left": {"en": "your checkers in your starting quarter: {n} after your play, {m} "
                         "after the hint's play",
                   "el": "πούλια σου στο τέταρτο της αφετηρίας: {n} με την κίνησή σου, {m} με "
                         "την προτεινόμενη"},
    "pips": {"en": "the hint's play gains {n} pips in the race",
             "el": "η προτεινόμενη κίνηση κερδίζει {n} στο μέτρημα"},
    "off": {"en": "checkers borne off: {n} after the hint's play, {m} after yours",
            "el": "μαζεμένα πούλια: {n} με την προτεινόμενη κίνηση, {m} με τη δική σου"},
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
    """The game's own form of ``key`` where it has one (``made.fevga``), else its plural
    form for several points (``made.many``: «κλείνει πόρτες στο 12 και στο 5»)."""
    points = kw.pop("points_count", 0)
    if f"{key}.{game}" in REASON_WORDS:
        return _t(f"{key}.{game}", lang, **kw)
    many = f"{key}.many"
    return _t(many if isinstance(points, int) and points > 1 and many in REASON_WORDS else key,
              lang, **kw)


def _rolls(n: int, lang: str, speech: bool) -> str:
    words = number(n, lang, "f", speech=speech)
    return _t("rolls.one" if n == 1 else "rolls.many", lang, n=words)


def _points(points: Sequence[int], lang: str, lead: str = "στο") -> str:
    """"point 7", "points 9 and 4"; Greek with its article on each: «στο 9 και στο 4»."""
    if lang == "el":
        return join_list([f"{lead} {p}" for p in points], lang)
    listed = join_list([str(p) for p in points], lang)
    return f"point {listed}" if len(points) == 1 else f"points {listed}"


def reason_part(game: str, fact: Fact, lang: str, who: PlayerWords, *,
                speech: bool = False) -> str:
    """One reason as a sentence part (lower case first), in ``lang``."""
    kind = str(fact.kind)
    gender: Gender = "f" if kind in _FEMININE else "n"
    lead = "το" if (kind, game) in (("made", "fevga"), ("given_up", "fevga")) else "στο"
    pts = _points(fact.points, lang, lead)
    if kind == "shots":
        verb = "pin" if game == "plakoto" else "hit"
        many = len(fact.points) > 1
        blot = _t("blot.many" if many else "blot.one", lang,
                  points=pts if lang == "el" else join_list([str(p) for p in fact.points], lang))
        if fact.better:
            after = _t("shots.after", lang, m=_rolls(fact.better, lang, speech))
        else:
            after = _t(f"shots.none.{verb}", lang)
        return _t(f"shots.{verb}" + (".many" if many else ""), lang, blots=blot, who=who.subject,
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
              points=pts, points_count=len(fact.points), who=who.subject, whose=who.whose)


def say_reasons(game: str, facts: Sequence[Fact], lang: str, who: PlayerWords, *,
                speech: bool = False) -> str:
    """The reasons, largest first, as sentences; "no single reason stands out" when none."""
    if not facts:
        return _t("none", lang)
    parts = [capitalize(reason_part(game, f, lang, who, speech=speech)) for f in facts]
    return ". ".join(parts) + "."
