"""Words for the match history and ``tavli-voice review``, English and Greek.

In the catalogue under the prefix ``review.`` (``text("review.list_empty", lang)``).
A match is «αγώνας», one game of it «παρτίδα», a play «κίνηση» (glossary of
``shared/greek-review.md``).
"""

from __future__ import annotations

REVIEW_WORDS: dict[str, dict[str, str]] = {
    "usage": {
        "en": "Review kept matches: the list of them, or the expert's judgement of every play. "
              "The history keeps the newest {max} finished or left matches; keeping one more "
              "removes the oldest, and that is said.",
        "el": "Ανασκόπηση των αγώνων που κρατήθηκαν: η λίστα τους, ή η κρίση του ειδικού για "
              "κάθε κίνηση. Το ιστορικό κρατά τους {max} πιο πρόσφατους αγώνες που τελείωσαν ή "
              "που άφησες· αν κρατηθεί ακόμα ένας, σβήνεται ο παλαιότερος και αυτό λέγεται."},
    "opt_list": {"en": "list the kept matches, newest first",
                 "el": "δείχνει τους αγώνες που κρατήθηκαν, πρώτα τον πιο πρόσφατο"},
    "opt_name": {"en": "the kept match to review (a name from --list; the newest if left out)",
                 "el": "ο αγώνας για ανασκόπηση (ένα όνομα από το --list· αλλιώς ο πιο "
                       "πρόσφατος)"},
    "opt_jsonl": {"en": "print one JSON line per judged play",
                  "el": "τυπώνει μία γραμμή JSON για κάθε κίνηση που κρίθηκε"},
    "opt_side": {"en": "whose plays are judged: the person's (the first player in a bot "
                       "match), 0, 1 or all",
                 "el": "ποιανού οι κινήσεις κρίνονται: του ανθρώπου (του πρώτου παίκτη όταν "
                       "παίζουν δύο υπολογιστές), 0, 1 ή all"},
    "opt_all_plays": {"en": "include the plays that were not mistakes",
                      "el": "περιλαμβάνει και τις κινήσεις που δεν ήταν λάθη"},
    "list_header": {"en": "Kept matches, newest first ({n} of at most {max}):",
                    "el": "Αγώνες που κρατήθηκαν, πρώτα ο πιο πρόσφατος ({n} από {max} το "
                          "πολύ):"},
    "list_empty": {"en": "No match is kept yet: every finished or left match is kept in {path}.",
                   "el": "Δεν έχει κρατηθεί ακόμα κανένας αγώνας: κάθε αγώνας που τελειώνει ή "
                         "που αφήνεις κρατιέται στο {path}."},
    "list_line": {"en": "{name}  {date}  {players}  {game}, {length}  {result}  ({plays})",
                  "el": "{name}  {date}  {players}  {game}, {length}  {result}  ({plays})"},
    "vs": {"en": "{a} against {b}", "el": "{a} – {b}"},
    "finished": {"en": "{winner} won {a} to {b}", "el": "κέρδισε {winner} {a} προς {b}"},
    "left": {"en": "left at {a} to {b}", "el": "έμεινε στο {a} προς {b}"},
    "damaged": {"en": "The kept match {path} is damaged; a copy is kept as {copy}. The others "
                      "are listed.",
                "el": "Ο αγώνας {path} που κρατήθηκε έχει χαλάσει· ένα αντίγραφο κρατήθηκε ως "
                      "{copy}. Οι άλλοι εμφανίζονται κανονικά."},
    "unreadable": {"en": "The kept match {path} cannot be read; it is left as it is. The others "
                         "are listed.",
                   "el": "Ο αγώνας {path} που κρατήθηκε δεν διαβάζεται· μένει όπως είναι. Οι "
                         "άλλοι εμφανίζονται κανονικά."},
    "trimmed": {"en": "The history keeps the newest {max} matches: the oldest, {names}, was "
                      "removed.",
                "el": "Το ιστορικό κρατά τους {max} πιο πρόσφατους αγώνες: ο παλαιότερος, "
                      "{names}, σβήστηκε."},
    "not_kept": {"en": "This match could not be kept in the history ({error}).",
                 "el": "Αυτός ο αγώνας δεν κρατήθηκε στο ιστορικό ({error})."},
    "no_match": {"en": "There is no kept match called {name}; tavli-voice review --list lists "
                       "them.",
                 "el": "Δεν υπάρχει αγώνας με το όνομα {name}· το tavli-voice review --list "
                       "τους δείχνει."},
    "none_kept": {"en": "No match is kept yet, so there is nothing to review.",
                  "el": "Δεν έχει κρατηθεί ακόμα κανένας αγώνας, άρα δεν υπάρχει τίποτα για "
                        "ανασκόπηση."},
    "bad_match": {"en": "The kept match {name} cannot be reviewed: {error}",
                  "el": "Ο αγώνας {name} δεν μπορεί να αναλυθεί: {error}"},
    "bad_side": {"en": "--side takes 0, 1 or all, not '{value}'",
                 "el": "το --side θέλει 0, 1 ή all, όχι «{value}»"},
}
