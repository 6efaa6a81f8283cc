"""Words for the match history and ``tavli-voice review``, English and Greek.

In the catalogue under the prefix ``review.`` (``text("review.list_empty", lang)``).
A match is «αγώνας», one game of it «παρτίδα», a play «κίνηση» (glossary of
``shared/greek-review.md``).
"""

from __future__ import annotations

from typing import Literal

#: The Greek gender and case of the ``{n}`` of ``<key>_one`` / ``<key>_many`` (neuter when not
#: listed: «λάθη»), for :func:`tavli_voice.words.number`.
COUNT_GENDER: dict[str, tuple[Literal["m", "f", "n"], Literal["nom", "acc"]]] = {
    "decisions": ("f", "nom"),  # «τρεις αποφάσεις»
    "games": ("f", "nom"),      # «τέσσερις παρτίδες στις εκατό»
    "matches": ("m", "acc"),    # «στους τρεις προηγούμενους αγώνες»
}

REVIEW_WORDS: dict[str, dict[str, str]] = {
    "usage": {
        "en": "Review kept matches: step through the mistakes of the newest match (or NAME) by "
              "key, voice (--voice) or one switch (--scan), list the matches (--list) or print "
              "the expert's judgement of every play (--jsonl). The history keeps the newest "
              "{max} finished or left matches; keeping one more removes the oldest, and that "
              "is said.",
        "el": "Ανασκόπηση των αγώνων που κρατήθηκαν: τα λάθη του πιο πρόσφατου αγώνα (ή του "
              "αγώνα ΟΝΟΜΑ) ένα ένα με πλήκτρα, με τη φωνή (--voice) ή με διακόπτη (--scan), η λίστα "
              "των αγώνων (--list) ή η κρίση του έμπειρου παίκτη για κάθε κίνηση (--jsonl). Το "
              "ιστορικό κρατά τους {max} πιο πρόσφατους αγώνες που τελείωσαν ή που άφησες· αν "
              "κρατηθεί ακόμα ένας, σβήνεται ο παλαιότερος και αυτό λέγεται."},
    "opt_list": {"en": "list the kept matches, newest first",
                 "el": "δείχνει τους αγώνες που κρατήθηκαν, πρώτα τον πιο πρόσφατο"},
    "opt_name": {"en": "the kept match to review (a name from --list, or the path of its file; the "
                       "newest if left out)",
                 "el": "ο αγώνας για ανασκόπηση (ένα όνομα από το --list ή η διαδρομή του αρχείου του· "
                       "αλλιώς ο πιο πρόσφατος)"},
    "opt_jsonl": {"en": "print one JSON line per judged play",
                  "el": "τυπώνει μία γραμμή JSON για κάθε κίνηση που κρίθηκε"},
    "opt_side": {"en": "whose plays are judged: the person's (the first player in a bot "
                       "match), 0, 1 or all",
                 "el": "ποιανού οι κινήσεις κρίνονται: του ανθρώπου (του πρώτου παίκτη όταν "
                       "παίζουν δύο υπολογιστές), 0, 1 ή all"},
    "opt_window": {"en": "open the review in the board window",
                   "el": "ανοίγει την ανασκόπηση στο παράθυρο με το ταμπλό"},
    "opt_side_metavar": {"en": "SIDE", "el": "ΠΑΙΚΤΗΣ"},
    "opt_all_plays": {"en": "include the plays that were not mistakes",
                      "el": "περιλαμβάνει και τις κινήσεις που δεν ήταν λάθη"},
    "list_header": {"en": "Kept matches, newest first ({n} of at most {max}):",
                    "el": "Αγώνες που κρατήθηκαν, πρώτα ο πιο πρόσφατος ({n} από {max} το "
                          "πολύ):"},
    "list_empty": {"en": "No match is kept yet: every finished or left match is kept in {path}.",
                   "el": "Δεν έχει κρατηθεί ακόμα κανένας αγώνας: κάθε αγώνας που τελειώνει ή "
                         "που αφήνεις κρατιέται στο {path}."},
    # the history folder's name taken by a file (or anything but a folder): left as it is
    "list_blocked": {"en": "No match can be kept: {path} is not a folder (it was left as it is). "
                           "Move it elsewhere and the next match is kept there.",
                     "el": "Δεν μπορεί να κρατηθεί κανένας αγώνας: το {path} δεν είναι φάκελος (έμεινε "
                           "όπως ήταν). Μετακίνησέ το αλλού και ο επόμενος αγώνας θα κρατηθεί εκεί."},
    "list_line": {"en": "{name}  {date}  {players}  {game}, {length}  {result}  ({plays})",
                  "el": "{name}  {date}  {players}  {game}, {length}  {result}  ({plays})"},
    "vs": {"en": "{a} against {b}", "el": "{a} – {b}"},
    # a kept match's file name: the players joined by this word, a person with no name as "you"
    "file_vs": {"en": "vs", "el": "με"},
    "file_you": {"en": "you", "el": "εσύ"},
    "finished": {"en": "{winner} won {a} to {b}", "el": "κέρδισε {winner} {a} προς {b}"},
    # the person who plays, in the list of kept matches: "You against Rita … you won 5 to 3"
    "you": {"en": "You", "el": "Εσύ"},
    "finished_you": {"en": "you won {a} to {b}", "el": "κέρδισες {a} προς {b}"},
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
    "not_a_match": {"en": "it does not hold a match kept by tavli-voice (it is damaged, or another kind of file)",
                    "el": "δεν περιέχει αγώνα που κράτησε το tavli-voice (είναι χαλασμένο ή άλλου είδους "
                          "αρχείο)"},
    "bad_side": {"en": "--side takes 0, 1 or all, not '{value}'",
                 "el": "το --side θέλει 0, 1 ή all, όχι «{value}»"},
    "list_alone": {"en": "--list lists every kept match, so it takes no name ('{name}'): "
                         "tavli-voice review {name} reviews that one",
                   "el": "το --list δείχνει όλους τους αγώνες, οπότε δεν παίρνει όνομα («{name}»)· "
                         "το tavli-voice review {name} κάνει ανασκόπηση σε αυτόν"},
    # --- the interactive review (review_walk.py) -------------------------------------
    "title": {"en": "Review of {name}.", "el": "Ανασκόπηση του αγώνα {name}."},
    # the review asked for at the end of the match: the match just played, not its file's name
    "title.this": {"en": "Review of this match.", "el": "Ανασκόπηση αυτού του αγώνα."},
    "header": {"en": "{who}: {n} in {decisions}; on average, the plays lost {rate}.",
               "el": "{who}: {n} σε {decisions}· κατά μέσο όρο, οι κινήσεις έχαναν {rate}."},
    "sizes": {"en": "Big mistakes: {big}, clear: {clear}, small: {small}.",
              "el": "Μεγάλα λάθη: {big}, καθαρά: {clear}, μικρά: {small}."},
    "no_mistakes": {"en": "{who}: no mistake in {decisions}.",
                    "el": "{who}: κανένα λάθος σε {decisions}."},
    "mistakes_one": {"en": "{n} mistake", "el": "{n} λάθος"},
    "mistakes_many": {"en": "{n} mistakes", "el": "{n} λάθη"},
    "decisions_one": {"en": "{n} decision", "el": "{n} απόφαση"},
    "decisions_many": {"en": "{n} decisions", "el": "{n} αποφάσεις"},
    "games_one": {"en": "{n} game in a hundred", "el": "{n} παρτίδα στις εκατό"},
    "games_many": {"en": "{n} games in a hundred", "el": "{n} παρτίδες στις εκατό"},
    # what a play cost, in hundredths of a point a game (a mistake) or thousandths a decision
    # (the error rate), said as whole points over a hundred games or a thousand decisions, so
    # two different losses never sound the same and no one hears "millipoints"
    # (review_walk.loss_words); {n}: «έναν», «τρεις» (masculine, as πόντους)
    "hundredths_none": {"en": "less than one point every hundred games",
                        "el": "λιγότερο από έναν πόντο κάθε εκατό παρτίδες"},
    "hundredths_one": {"en": "one point every hundred games",
                       "el": "έναν πόντο κάθε εκατό παρτίδες"},
    "hundredths_many": {"en": "{n} points every hundred games",
                        "el": "{n} πόντους κάθε εκατό παρτίδες"},
    "thousandths_none": {"en": "less than one point every thousand decisions",
                         "el": "λιγότερο από έναν πόντο κάθε χίλιες αποφάσεις"},
    "thousandths_one": {"en": "one point every thousand decisions",
                        "el": "έναν πόντο κάθε χίλιες αποφάσεις"},
    "thousandths_many": {"en": "{n} points every thousand decisions",
                         "el": "{n} πόντους κάθε χίλιες αποφάσεις"},
    "mistake": {"en": "Mistake {i} of {n}, {size}: game {game}, turn {turn}.",
                "el": "Λάθος {i} από {n}, {size}: παρτίδα {game}, γύρος {turn}."},
    "size_small": {"en": "a small one", "el": "μικρό"},
    "size_clear": {"en": "a clear one", "el": "καθαρό"},
    "size_big": {"en": "a big one", "el": "μεγάλο"},
    "size_none": {"en": "not a mistake", "el": "όχι λάθος"},
    "no_number": {"en": "There are plays 1 to {n}.", "el": "Οι κινήσεις είναι από 1 έως {n}."},
    "right": {"en": "Right, that is the expert's play: {play}.",
              "el": "Σωστά, αυτή είναι η κίνηση του έμπειρου παίκτη: {play}."},
    "wrong": {"en": "Not that one, it is not the expert's play: {play}.",
              "el": "Όχι αυτή, δεν είναι η κίνηση του έμπειρου παίκτη: {play}."},
    "best": {"en": "The expert's play: {best}.", "el": "Η κίνηση του έμπειρου παίκτη: {best}."},
    "made": {"en": "The play made: {played}.", "el": "Η κίνηση που έγινε: {played}."},
    # the listener's own mistake: their play, as the game's «γιατί» calls it
    "made_yours": {"en": "Your play: {played}.", "el": "Η κίνησή σου: {played}."},
    "cost": {"en": "The mistake cost about {games}, or {points}.",
             "el": "Το λάθος κόστισε περίπου {games}, ή {points}."},
    "why": {"en": "Why: {reasons}", "el": "Γιατί: {reasons}"},
    "first": {"en": "This is the first mistake.", "el": "Αυτό είναι το πρώτο λάθος."},
    "end": {"en": "End of the review.", "el": "Τέλος της ανασκόπησης."},
    # a typed player's way to review the kept match later: the command line
    "kept": {"en": "The match is kept in the history; review it with: {command}",
             "el": "Ο αγώνας κρατήθηκε στο ιστορικό· δες τα λάθη με: {command}"},
    # a voice or switch player types no command: the question or menu that follows names
    # the word to say («ναι», «σωστά») or the item to pick (App.kept_sentence)
    "kept_here": {"en": "The match is kept in the history.",
                  "el": "Ο αγώνας κρατήθηκε στο ιστορικό."},
    "opt_order": {"en": "the order of the mistakes: size (largest first) or play",
                  "el": "η σειρά των λαθών: size (πρώτα τα μεγαλύτερα) ή play (με τη σειρά "
                        "του παιχνιδιού)"},
    # --- the review offered at the end of a match (ui/review_mode.py) ------------------
    "offer": {"en": "Review your mistakes? Yes or no.",
              "el": "Να δούμε τα λάθη σου; Ναι ή όχι;"},
    # the same while the voice hears the room as noisy (ui/voice_noise.NoiseWatch.noisy): in Greek it asks
    # for «σωστά» or «λάθος», heard far better there than «ναι»; «ναι» and «όχι» are still taken
    "offer_noisy": {"en": "Review your mistakes? Yes or no.",
                    "el": "Να δούμε τα λάθη σου; Σωστά ή λάθος;"},
    # the same for a switch user whose end of the match is scanned as Review, New match, Quit
    # (ui/scan_driver.py): the labels of the scan menu, filled in from ``scan.``
    "offer_switch": {"en": "To go through your mistakes, press the switch at “{review}”; or pick "
                           "“{new}” or “{quit}”.",
                     "el": "Για να δεις τα λάθη σου, πάτησε τον διακόπτη στην «{review}»· ή διάλεξε "
                           "«{new}» ή «{quit}»."},
    # the same in the board window where the end's choices are its buttons, picked with the
    # keys or the mouse (App.end_choices): the buttons' labels, filled in from ``scan.``
    "offer_buttons": {"en": "To go through your mistakes, pick “{review}”; or pick “{new}” or "
                            "“{quit}”.",
                      "el": "Για να δεις τα λάθη σου, διάλεξε «{review}»· ή διάλεξε «{new}» ή "
                            "«{quit}»."},
    "judging": {"en": "The expert is judging your plays.",
                "el": "Ο έμπειρος παίκτης κρίνει τις κινήσεις σου."},
    # when the side reviewed is not the person listening (bot matches, --side): by name
    "judging_named": {"en": "The expert is judging {whose} plays.",
                      "el": "Ο έμπειρος παίκτης κρίνει τις κινήσεις {whose}."},
    "judging_both": {"en": "The expert is judging both players' plays.",
                     "el": "Ο έμπειρος παίκτης κρίνει τις κινήσεις και των δύο παικτών."},
    "cannot": {"en": "This match cannot be reviewed: {error}",
               "el": "Αυτός ο αγώνας δεν μπορεί να αναλυθεί: {error}"},
    "plays_on_request": {"en": "Type l for all {n} plays with their numbers, then the number "
                               "of the best play.",
                         "el": "Γράψε l για όλες τις {n} κινήσεις με τους αριθμούς τους, και "
                               "μετά τον αριθμό της καλύτερης."},
    # the same for a switch user, who cannot type: the scan menu's Try again opens every play
    "plays_on_request_scan": {"en": "Choose Try again for all {n} plays, by the checker moved, "
                                    "then the best play.",
                              "el": "Διάλεξε «Δοκίμασε ξανά» για όλες τις {n} κινήσεις, ανά πούλι "
                                    "που κινείται, και μετά την καλύτερη."},
    # a switch user's mistake of a few plays: the play made, the expert's and the cost are
    # read, not the whole numbered list; the rest waits under the scan menu's Try again
    "plays_under_try_again": {"en": "All {n} plays are under Try again.",
                              "el": "Όλες οι {n} κινήσεις είναι στο «Δοκίμασε ξανά»."},
    "prompt_cmd": {"en": "Try again: type the number of the best play. Or Enter next, < previous, "
                         "m repeat, x the expert's play, e why, q stop.",
                   "el": "Δοκίμασε ξανά: γράψε τον αριθμό της καλύτερης κίνησης. Ή Enter "
                         "επόμενο, < προηγούμενο, m ξανά, x η κίνηση του έμπειρου παίκτη, e "
                         "γιατί, q τέλος."},
    # the same for a switch user: the review's scan options, no typed key
    "prompt_scan": {"en": "Pick with the switch: Try again, then the best play; or the next or "
                          "previous mistake, repeat, the expert's play, why, or stop the review.",
                    "el": "Διάλεξε με τον διακόπτη: «Δοκίμασε ξανά» και μετά την καλύτερη κίνηση· "
                          "ή το επόμενο ή το προηγούμενο λάθος, επανάληψη, την κίνηση του έμπειρου "
                          "παίκτη, το γιατί, ή το τέλος της ανασκόπησης."},
    "say_cmd": {"en": "Say a play's number to try again, or next, previous, repeat, hint, why or "
                      "end.",
                "el": "Πες τον αριθμό μιας κίνησης για να δοκιμάσεις ξανά, ή επόμενο, "
                      "προηγούμενο, ξανά, συμβουλή, γιατί ή τέλος."},
    "help_next": {"en": "next: the next mistake (Enter alone too)",
                  "el": "επόμενο: το επόμενο λάθος (και μόνο το Enter)"},
    "help_more": {"en": "more: the next page of the answer in the window",
                  "el": "συνέχεια: η επόμενη σελίδα της απάντησης στο παράθυρο"},
    "help_previous": {"en": "previous: the mistake before", "el": "προηγούμενο: το προηγούμενο λάθος"},
    "matches_one": {"en": "In your last match", "el": "Στον προηγούμενο αγώνα σου"},
    "matches_many": {"en": "In your last {n} matches",
                     "el": "Στους {n} προηγούμενους αγώνες σου"},
    "compare": {"en": "{n} you lost {rate} on average.",
                "el": "{n} έχανες κατά μέσο όρο {rate}."},
    "compare_better": {"en": "This match was better.", "el": "Αυτός ο αγώνας πήγε καλύτερα."},
    "compare_worse": {"en": "This match was worse.", "el": "Αυτός ο αγώνας πήγε χειρότερα."},
    "compare_same": {"en": "This match was about the same.",
                     "el": "Αυτός ο αγώνας πήγε περίπου το ίδιο."},
    "help_end": {"en": "end: end the review", "el": "τέλος: τέλος της ανασκόπησης"},
    # --- the review in the board window (ui/board/model.py): its line and buttons --------
    "board_turn": {"en": "Review: mistake {n} of {total} ({name})",
                   "el": "Ανασκόπηση: λάθος {n} από {total} ({name})"},
    # the same on one row, where the panel has a row for it alone (the window at 480x360)
    "board_place": {"en": "Mistake {n} of {total} ({name})",
                    "el": "Λάθος {n} από {total} ({name})"},
    "button_next": {"en": "Next mistake", "el": "Επόμενο λάθος"},
    "button_previous": {"en": "Previous", "el": "Προηγούμενο"},
    "button_repeat": {"en": "Repeat", "el": "Επανάληψη"},
    "button_try_again": {"en": "Try again", "el": "Δοκίμασε ξανά"},
    "button_hint": {"en": "Hint", "el": "Συμβουλή"},
    "button_why": {"en": "Why", "el": "Γιατί"},
    "button_end": {"en": "Stop", "el": "Τέλος"},
    # the status shows a long answer a page at a time; "More" shows the next page
    "button_more": {"en": "More", "el": "Συνέχεια"},
    "status_more": {"en": "more… (page {page} of {pages})",
                    "el": "…συνέχεια (σελίδα {page} από {pages})"},
    "status_last": {"en": "end (page {page} of {pages})",
                    "el": "τέλος (σελίδα {page} από {pages})"},
    # the same where the long one does not fit its row (the window at 480x360)
    "status_more_short": {"en": "more… ({page}/{pages})", "el": "…συνέχεια ({page}/{pages})"},
    "status_last_short": {"en": "end ({page}/{pages})", "el": "τέλος ({page}/{pages})"},
}


#: The reasons (``why.`` words) say "your play"; when the side reviewed is not the person
#: listening they name its player instead: each (pattern, replacement) in order, with
#: ``{whose}`` ("Rita's", «της Ρίτας»), ``{Whose}`` capitalised and ``{subject}`` ("Rita",
#: «η Ρίτα»); Greek second-person verbs become third-person ones
#: (:func:`tavli_voice.review.named_reason`).
NAMED_FORMS: dict[str, tuple[tuple[str, str], ...]] = {
    "en": ((r"\bIf you played\b", "If {subject} played"),
           (r"\bbear off you need\b", "bear off {subject} needs"),
           (r"\byou hold\b", "{subject} holds"),
           (r"\bYour\b", "{Whose}"), (r"\byours\b", "{whose}"), (r"\byour\b", "{whose}")),
    "el": ((r"\bΑν έπαιζες\b", "Αν {subject} έπαιζε"), (r"\bχάνεις\b", "χάνει"),
           (r"\bκερδίζεις\b", "κερδίζει {subject}"), (r"\bμαζέψεις\b", "μαζέψει"),
           (r"\bχρειάζεσαι\b", "χρειάζεται"), (r"\bπιάνεις\b", "πιάνει {subject}"),
           (r"\bέπαιζες\b", "έπαιζε"),
           (r"\bΗ κίνησή σου\b", "Η κίνηση {whose}"), (r"\bκίνησή σου\b", "κίνηση {whose}"),
           (r"\bτη δική σου\b", "την κίνηση {whose}"), (r"\bδική σου\b", "κίνηση {whose}"),
           (r"(\w) σου\b", "\\1 {whose}")),
}
