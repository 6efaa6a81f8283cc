"""Why a position file or a system call failed, in the user's language.

``rules/`` raises :class:`ValueError` with an English message for the log (it
holds no words, style guide 2.4); the command line says the same fault in the
user's language through :func:`position_fault` (each message of
``rules/position.py`` and ``moves_cli.py`` has a pattern here). An ``OSError``
is said through :func:`os_fault` by its ``errno`` ("το αρχείο δεν υπάρχει"),
never by the system's English ``strerror``.

>>> position_fault(ValueError("'points' must be a list of 24 entries"), "el")
'το «points» πρέπει να είναι λίστα με 24 τιμές, μία για κάθε θέση'
>>> os_fault(FileNotFoundError(2, "No such file or directory"), "el")
'το αρχείο δεν υπάρχει'
"""

from __future__ import annotations

import errno
import re

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

_POINT = r"point (?P<point>\d+): "
#: (pattern of the English message, key): the first that matches names the fault.
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p), k) for p, k in (
        (r"^position is not valid JSON", "not_json"),
        (r"^'utf-8' codec can't decode", "not_text"),
        (r"^position must be a JSON object", "not_object"),
        (r"^unknown position field\(s\): (?P<names>.*)$", "unknown_fields"),
        (r"^unknown preset '?(?P<name>[^';]*)'?; expected one of (?P<names>.*)$",
         "unknown_preset"),
        (r"^unknown game '?(?P<name>[^';]*)'?; expected", "unknown_game"),
        (r"^position needs a 'game'", "needs_game"),
        (r"^(?P<game>\w+) is not played under the (?P<preset>\w+) preset$", "game_preset"),
        (r"^'points' must be a list of 24", "points_list"),
        (_POINT + r"pinned points exist only", "pin_not_plakoto"),
        (_POINT + r"a pinned point is \[top, under\]", "pin_pair"),
        (_POINT + r"\[top, under\] needs", "pin_sides"),
        (_POINT + r"at most 15 checkers", "too_many"),
        (_POINT + r"expected an integer", "point_value"),
        (_POINT + r"a pinned checker needs a pinner", "pinner"),
        (r"^(?P<game>\w+) has no bar", "no_bar"),
        (r"^the cube exists only", "cube_vog"),
        (r"^'cube' must be", "cube_form"),
        (r"^cube owner must be", "cube_owner"),
        (r"^'(?P<name>bar|off)' must be \[mover, opponent\]", "pair"),
        (r"negative bar or off count", "negative"),
        (r"^the mover has (?P<total>\d+) checkers", "count.mover"),
        (r"^the opponent has (?P<total>\d+) checkers", "count.opponent"),
        (r"^'dice' must be", "dice"),
    ))

#: errno values said in words (others: "σφάλμα συστήματος με αριθμό N").
_ERRNOS = ("ENOENT", "EACCES", "EPERM", "EISDIR", "ENOTDIR", "ENAMETOOLONG", "ELOOP", "ENXIO",
           "ENOSPC", "EROFS", "EIO", "EFBIG", "EDQUOT", "EBUSY", "EMFILE")
_ERRNO_KEYS = {getattr(errno, name): name for name in _ERRNOS if hasattr(errno, name)}


def _say(key: str, lang: str, **kw: str) -> str:
    from . import text

    return text(f"fault.{key}", lang, **kw)


def position_fault(exc: BaseException, lang: str) -> str:
    """A bad position file's fault (a ``ValueError`` from ``rules/``) in ``lang``.

    English keeps the exception's own, more detailed message. In Greek a message
    with no pattern here is said as "the file does not hold a valid position".
    """
    if isinstance(exc, RecursionError):
        return _say("nested", lang)
    message = str(exc)
    if lang == "en":
        return message
    for pattern, key in _PATTERNS:
        found = pattern.search(message)
        if found:
            return _say(key, lang, **{k: v for k, v in found.groupdict().items() if v})
    return _say("position", lang)


def os_fault(exc: OSError, lang: str) -> str:
    """Why a system call failed, by its errno, in ``lang`` (Greek: never the English strerror)."""
    number = exc.errno
    if lang == "en" and exc.strerror:
        return exc.strerror
    name = _ERRNO_KEYS.get(number) if isinstance(number, int) else None
    if name is not None:
        return _say(f"os.{name}", lang)
    return _say("os.other", lang, number=str(number if number is not None else "?"))
