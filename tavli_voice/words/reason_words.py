"""The words of :mod:`tavli_voice.words.reasons`, English and Greek: a table only.

The catalogue (``words/__init__.py``) registers it under ``why.``; this module
imports nothing from the package, so the catalogue and the functions that say
the reasons import one way.
"""

from __future__ import annotations

import re

#: Sentence parts: key → language → template (``{n}`` the hint's side or the count
#: that decides, ``{m}`` the other, ``{points}`` the points, ``{who}``/``{whose}`` the opponent).
#: In the catalogue under the prefix ``why.`` (``text("why.made", lang, points="5")``).
REASON_WORDS: dict[str, dict[str, str]] = {
    "none": {"en": "No single reason stands out: the expert prefers the hint's play for the "
                   "position as a whole.",
             "el": "Κανένας λόγος δεν ξεχωρίζει μόνος του: ο έμπειρος παίκτης προτιμά την "
                   "προτεινόμενη κίνηση για το σύνολο του παιχνιδιού."},
    "same": {"en": "By the expert's reckoning your play and the hint's come out the same: "
                   "either will do.",
             "el": "Κατά τον έμπειρο παίκτη η κίνησή σου και η προτεινόμενη βγαίνουν ίσες: "
                   "όποια κι αν παίξεις, το ίδιο κάνει."},
    "close": {"en": "By the expert's reckoning the two plays come out nearly the same, the "
                    "hint's play ahead by less than the expert's own margin of error.",
              "el": "Κατά τον έμπειρο παίκτη οι δύο κινήσεις βγαίνουν σχεδόν ίσες: η "
                    "προτεινόμενη είναι μπροστά λιγότερο από το δικό του περιθώριο λάθους."},
    "best": {"en": "Your play is the hint's play.",
             "el": "Η κίνησή σου είναι η προτεινόμενη."},
    "only": {"en": "There is only one play: nothing to compare.",
             "el": "Υπάρχει μόνο μία κίνηση: δεν έχει με τι να συγκριθεί."},
    "intro.next": {"en": "The hint's play: {hint}. The next best play: {other}.",
                   "el": "Η προτεινόμενη κίνηση: {hint}. Η δεύτερη καλύτερη κίνηση: {other}."},
    "intro.chosen": {"en": "Your play: {other}. The hint's play: {hint}.",
                     "el": "Η κίνησή σου: {other}. Η προτεινόμενη: {hint}."},
    "shots.hit": {"en": "your play leaves {blots} alone, and {who} can hit it with {n}; "
                        "{after}",
                  "el": "η κίνησή σου αφήνει {blots} μόνο του, και {who} μπορεί να το "
                        "χτυπήσει με {n}· {after}"},
    "shots.pin": {"en": "your play leaves {blots} alone, and {who} can pin it with {n}; "
                        "{after}",
                  "el": "η κίνησή σου αφήνει {blots} μόνο του, και {who} μπορεί να το "
                        "πλακώσει με {n}· {after}"},
    "shots.hit.many": {"en": "your play leaves {blots} alone, and {who} can hit one of them "
                             "with {n}; {after}",
                       "el": "η κίνησή σου αφήνει {blots} μόνα τους, και {who} μπορεί να "
                             "χτυπήσει κάποιο με {n}· {after}"},
    "shots.pin.many": {"en": "your play leaves {blots} alone, and {who} can pin one of them "
                             "with {n}; {after}",
                       "el": "η κίνησή σου αφήνει {blots} μόνα τους, και {who} μπορεί να "
                             "πλακώσει κάποιο με {n}· {after}"},
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
    "captured.plakoto.where": {"en": "{whose} checkers pinned: {n} after the hint's play, on "
                                     "{points}; {m} after yours",
                               "el": "πλακωμένα πούλια {whose}: {n} με την προτεινόμενη κίνηση, "
                                     "{points}· {m} με τη δική σου"},
    "lost.plakoto.where": {"en": "your checkers pinned: {n} after your play, on {points}; {m} "
                                 "after the hint's play",
                           "el": "πλακωμένα πούλια σου: {n} με την κίνησή σου, {points}· {m} με "
                                 "την προτεινόμενη"},
    "lost": {"en": "your checkers on the bar: {n} after your play, {m} after the hint's play",
             "el": "πούλια σου στην μπάρα: {n} με την κίνησή σου, {m} με την προτεινόμενη"},
    "lost.plakoto": {"en": "your checkers pinned: {n} after your play, {m} after the hint's "
                           "play",
                     "el": "πλακωμένα πούλια σου: {n} με την κίνησή σου, {m} με την "
                           "προτεινόμενη"},
    "their_mother": {"en": "the hint's play pins {whose} mother",
                     "el": "η προτεινόμενη κίνηση πλακώνει τη μάνα {whose}"},
    "mother_risk": {"en": "your play leaves your mother alone, and {who} can pin it with {n}",
                    "el": "η κίνησή σου αφήνει τη μάνα σου μόνη της, και {who} μπορεί να την "
                          "πλακώσει με {n}"},
    "start_left": {"en": "your checkers in your starting quarter: {n} after your play, {m} "
                         "after the hint's play",
                   "el": "πούλια σου στο τέταρτο της αφετηρίας: {n} με την κίνησή σου, {m} με "
                         "την προτεινόμενη"},
    "head": {"en": "your checkers still on your starting point, 24: {n} after your play, {m} "
                   "after the hint's play",
             "el": "πούλια σου ακόμα στην αφετηρία, στο 24: {n} με την κίνησή σου, {m} με την "
                   "προτεινόμενη"},
    "front": {"en": "points you hold just in front of {whose} checkers that have left their "
                    "starting point: {n} after the hint's play, {m} after yours",
              "el": "θέσεις που πιάνεις λίγο μπροστά από τα πούλια {whose} που έχουν φύγει από "
                    "την αφετηρία: {n} με την προτεινόμενη κίνηση, {m} με τη δική σου"},
    "start_block": {"en": "points you hold among the six in front of {whose} starting point, "
                          "with checkers still on it: {n} after the hint's play, {m} after yours",
                    "el": "θέσεις που πιάνεις στις έξι μπροστά από την αφετηρία {whose}, όσο έχει "
                          "ακόμα πούλια εκεί: {n} με την προτεινόμενη κίνηση, {m} με τη δική σου"},
    "blocked_rolls": {"en": "{whose} rolls that cannot be played in full: {n} of 36 after the "
                            "hint's play, {m} after yours",
                      "el": "ζαριές {whose} που δεν παίζονται ολόκληρες: {n} στις 36 με την "
                            "προτεινόμενη κίνηση, {m} με τη δική σου"},
    "held.only": {"en": "{reason}; only the hint's play holds {points}",
                  "el": "{reason}· μόνο η προτεινόμενη πιάνει {points}"},
    "points.more": {"en": "{n} more", "el": "άλλες {n} θέσεις"},
    "points.more.one": {"en": "1 more", "el": "άλλη μία θέση"},
    "pips": {"en": "the hint's play gains {n} pips in the race",
             "el": "η προτεινόμενη κίνηση κερδίζει {n} στο μέτρημα"},
    "gaps": {"en": "empty points in your home while bearing off: {n} after your play, {m} after "
                   "the hint's play",
             "el": "κενές θέσεις στο σπίτι σου στο μάζεμα: {n} με την κίνησή σου, {m} με την "
                   "προτεινόμενη"},
    "mars_lost": {"en": "by the expert's reckoning, your play loses with a mars {n} times in "
                        "100, the hint's play {m}",
                  "el": "κατά τον έμπειρο παίκτη, με την κίνησή σου χάνεις με μαρς {n} φορές "
                        "στις 100, με την προτεινόμενη {m}"},
    "mars_won": {"en": "by the expert's reckoning, the hint's play wins with a mars {n} times "
                       "in 100, yours {m}",
                 "el": "κατά τον έμπειρο παίκτη, με την προτεινόμενη κίνηση κερδίζεις με μαρς "
                       "{n} φορές στις 100, με τη δική σου {m}"},
    "bearoff": {"en": "to bear off you need about {n} rolls after your play, {m} after the "
                      "hint's play",
                "el": "για να μαζέψεις όλα τα πούλια σου χρειάζεσαι κατά μέσο όρο {n} ζαριές με "
                      "την κίνησή σου, {m} με την προτεινόμενη"},
    "lookahead": {"en": "looking one roll ahead, your play comes out worse than the hint's after "
                        "{n} of the 36 rolls {who} may roll next, and better after {m}; {rolls}",
                  "el": "κοιτώντας μία ζαριά μπροστά, η κίνησή σου βγαίνει χειρότερη από την "
                        "προτεινόμενη με {n} από τις τριάντα έξι ζαριές που μπορεί να φέρει {who} "
                        "και καλύτερη με {m}· {rolls}"},
    "lookahead.none": {"en": "looking one roll ahead, your play comes out worse than the hint's "
                             "after {n} of the 36 rolls {who} may roll next, and better after none; "
                             "{rolls}",
                       "el": "κοιτώντας μία ζαριά μπροστά, η κίνησή σου βγαίνει χειρότερη από την "
                             "προτεινόμενη με {n} από τις τριάντα έξι ζαριές που μπορεί να φέρει "
                             "{who} και με καμία καλύτερη· {rolls}"},
    "lookahead.all": {"en": "looking one roll ahead, your play comes out worse than the hint's "
                            "whatever {who} rolls next; {rolls}",
                      "el": "κοιτώντας μία ζαριά μπροστά, η κίνησή σου βγαίνει χειρότερη από την "
                            "προτεινόμενη με όποια ζαριά κι αν φέρει {who}· {rolls}"},
    "lookahead.rolls.one": {"en": "most of all after {a}", "el": "πιο πολύ με {a}"},
    "lookahead.rolls.two": {"en": "most of all after {a}, then after {b}",
                            "el": "πιο πολύ με {a}, ύστερα με {b}"},
    "checker": {"en": "one checker makes most of the difference: your play has one checker more "
                      "than the hint's on point {a} and one fewer on point {b}",
                "el": "ένα πούλι κάνει το μεγαλύτερο μέρος της διαφοράς: η κίνησή σου έχει ένα "
                      "παραπάνω από την προτεινόμενη στο {a} και ένα λιγότερο στο {b}"},
    "off": {"en": "checkers borne off: {n} after the hint's play, {m} after yours",
            "el": "μαζεμένα πούλια: {n} με την προτεινόμενη κίνηση, {m} με τη δική σου"},
}


#: Before a play is chosen the hint's play is compared with the expert's next best play:
#: the same parts then say "the other play" where they say "your play" (each pair in turn,
#: whole words; the longer Greek phrase first, so «με την κίνησή σου» keeps its case).
OTHER_PLAY: dict[str, tuple[tuple[str, str], ...]] = {
    "en": (("your play", "the other play"), ("yours", "the other play")),
    "el": (("με την κίνησή σου", "με την άλλη κίνηση"), ("με τη δική σου", "με την άλλη"),
           ("η κίνησή σου", "η άλλη κίνηση"), ("η δική σου", "η άλλη")),
}

#: Parts that are never said about the other play (they answer for the player's own play).
_OWN_ONLY = frozenset({"best", "only", "intro.next", "intro.chosen"})


def _as_other(template: str, lang: str) -> str:
    for mine, other in OTHER_PLAY[lang]:
        template = re.sub(rf"\b{mine}\b", other, template)
    return template


#: :data:`REASON_WORDS` said of the next best play, for the parts that name the player's
#: play; in the catalogue under the prefix ``why.other.``.
OTHER_REASON_WORDS: dict[str, dict[str, str]] = {
    key: {lang: _as_other(said, lang) for lang, said in texts.items()}
    for key, texts in REASON_WORDS.items()
    if key not in _OWN_ONLY and any(_as_other(said, lang) != said for lang, said in texts.items())
}
