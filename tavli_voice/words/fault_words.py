"""The words of :mod:`tavli_voice.words.faults`, English and Greek: a table only.

The catalogue (``words/__init__.py``) registers it under ``fault.``; this module
imports nothing from the package, so the catalogue and the functions that say
the faults import one way.
"""

from __future__ import annotations

#: key → language → text; in the catalogue under the prefix ``fault.``.
FAULT_WORDS: dict[str, dict[str, str]] = {
    # a position file (rules/position.py, moves_cli.py); {name}: a JSON field, kept as typed
    "not_json": {"en": "the file is not valid JSON",
                 "el": "το αρχείο δεν είναι έγκυρο JSON"},
    "not_text": {"en": "the file is not UTF-8 text",
                 "el": "το αρχείο δεν είναι κείμενο UTF-8"},
    "nested": {"en": "the file is nested too deeply",
               "el": "το αρχείο έχει πάρα πολλά επίπεδα το ένα μέσα στο άλλο"},
    "not_object": {"en": "the position must be a JSON object",
                   "el": "το ταμπλό πρέπει να είναι αντικείμενο JSON"},
    "unknown_fields": {"en": "unknown fields: {names}", "el": "άγνωστα πεδία: {names}"},
    "unknown_preset": {"en": "unknown rules {name}; choose one of: {names}",
                       "el": "άγνωστοι κανόνες {name}· διάλεξε ένα από: {names}"},
    "unknown_game": {"en": "unknown game {name}; choose portes, plakoto or fevga",
                     "el": "άγνωστο παιχνίδι {name}· διάλεξε portes, plakoto ή fevga"},
    "needs_game": {"en": "the position needs a «game»: portes, plakoto or fevga",
                   "el": "το ταμπλό χρειάζεται «game»: portes, plakoto ή fevga"},
    "game_preset": {"en": "{game} is not played under the {preset} rules",
                    "el": "το παιχνίδι {game} δεν παίζεται με τους κανόνες {preset}"},
    "points_list": {"en": "«points» must be a list of 24 entries, one for each point",
                    "el": "το «points» πρέπει να είναι λίστα με 24 τιμές, μία για κάθε θέση"},
    "pin_not_plakoto": {"en": "point {point}: pinned points exist only in Plakoto",
                        "el": "θέση {point}: πλακωμένα πούλια υπάρχουν μόνο στο Πλακωτό"},
    "pin_pair": {"en": "point {point}: a pinned point is written [top, under]",
                 "el": "θέση {point}: μια πλακωμένη θέση γράφεται [πάνω, κάτω]"},
    "pin_sides": {"en": "point {point}: [top, under] needs a pinning stack and one pinned "
                        "checker of the other side",
                  "el": "θέση {point}: το [πάνω, κάτω] θέλει πούλια που πλακώνουν και ένα "
                        "πλακωμένο πούλι του άλλου παίκτη"},
    "too_many": {"en": "point {point}: at most 15 checkers stand on a point",
                 "el": "θέση {point}: σε μια θέση χωρούν το πολύ 15 πούλια"},
    "point_value": {"en": "point {point}: expected a whole number or [top, under]",
                    "el": "θέση {point}: περίμενα ακέραιο αριθμό ή [πάνω, κάτω]"},
    "no_bar": {"en": "{game} has no bar: «bar» must be [0, 0]",
               "el": "το παιχνίδι {game} δεν έχει μπάρα: το «bar» πρέπει να είναι [0, 0]"},
    "cube_vog": {"en": "the doubling cube exists only under the VOG rules",
                 "el": "ο κύβος διπλασιασμού υπάρχει μόνο με τους κανόνες VOG"},
    "cube_form": {"en": "«cube» must be {{\"value\": n, \"owner\": …}}, n a power of two",
                  "el": "το «cube» πρέπει να είναι {{\"value\": n, \"owner\": …}}, με n δύναμη "
                        "του δύο"},
    "cube_owner": {"en": "the cube's owner must be mover, opponent or null",
                   "el": "ο κάτοχος του κύβου πρέπει να είναι mover, opponent ή null"},
    "pair": {"en": "«{name}» must be [mover, opponent], two counts from 0 to 15",
             "el": "το «{name}» πρέπει να είναι [αυτός που παίζει, αντίπαλος], δύο αριθμοί "
                   "από 0 έως 15"},
    "negative": {"en": "a negative count on the bar or off the board",
                 "el": "αρνητικός αριθμός πουλιών στην μπάρα ή έξω"},
    "count.mover": {"en": "the player to move has {total} checkers; each side has exactly 15",
                    "el": "αυτός που παίζει έχει {total} πούλια· κάθε παίκτης έχει ακριβώς 15"},
    "count.opponent": {"en": "the opponent has {total} checkers; each side has exactly 15",
                       "el": "ο αντίπαλος έχει {total} πούλια· κάθε παίκτης έχει ακριβώς 15"},
    "pinner": {"en": "point {point}: a pinned checker needs a pinner of the other side",
               "el": "θέση {point}: ένα πλακωμένο πούλι θέλει από πάνω του πούλι του άλλου "
                     "παίκτη"},
    "dice": {"en": "the dice must be two whole numbers from 1 to 6",
             "el": "τα ζάρια πρέπει να είναι δύο ακέραιοι αριθμοί από 1 έως 6"},
    "position": {"en": "the file does not hold a valid position",
                 "el": "το αρχείο δεν περιγράφει σωστό ταμπλό"},
    # an OSError by its errno, inside another sentence ("cannot read {path}: {error}")
    "os.ENOENT": {"en": "the file does not exist", "el": "το αρχείο δεν υπάρχει"},
    "os.EACCES": {"en": "access is not allowed", "el": "δεν επιτρέπεται η πρόσβαση"},
    "os.EPERM": {"en": "the operation is not allowed", "el": "η ενέργεια δεν επιτρέπεται"},
    "os.EISDIR": {"en": "it is a folder, not a file", "el": "είναι φάκελος, όχι αρχείο"},
    "os.ENOTDIR": {"en": "a part of the path is not a folder",
                   "el": "ένα μέρος της διαδρομής δεν είναι φάκελος"},
    "os.ENAMETOOLONG": {"en": "the name is too long", "el": "το όνομα είναι πολύ μεγάλο"},
    "os.ELOOP": {"en": "the links go round in a circle",
                 "el": "οι συντομεύσεις οδηγούν η μία στην άλλη σε κύκλο"},
    "os.ENXIO": {"en": "no device answers there", "el": "δεν απαντά καμία συσκευή εκεί"},
    "os.ENODEV": {"en": "it is not an ordinary file (a device, a pipe or a socket)",
                  "el": "δεν είναι κανονικό αρχείο (είναι συσκευή, σωλήνας ή υποδοχή)"},
    "os.ENOSPC": {"en": "the disk is full", "el": "ο δίσκος είναι γεμάτος"},
    "os.EROFS": {"en": "the disk is read-only", "el": "ο δίσκος είναι μόνο για ανάγνωση"},
    "os.EIO": {"en": "the disk reported an error", "el": "ο δίσκος ανέφερε σφάλμα"},
    "os.EFBIG": {"en": "the file has grown too large", "el": "το αρχείο έγινε πολύ μεγάλο"},
    "os.EDQUOT": {"en": "your disk space is used up", "el": "ο χώρος σου στον δίσκο τελείωσε"},
    "os.EBUSY": {"en": "the file is in use", "el": "το αρχείο χρησιμοποιείται"},
    "os.EMFILE": {"en": "too many files are open", "el": "είναι ανοιχτά πάρα πολλά αρχεία"},
    "os.other": {"en": "system error number {number}",
                 "el": "σφάλμα συστήματος με αριθμό {number}"},
}
