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

from .fault_words import FAULT_WORDS as FAULT_WORDS


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
        (r"^each line must be an object", "line.object"),
        (r"^each line needs", "line.needs"),
        (r"^the game is over: the (?P<who>player to move|opponent) has borne off", "game_over"),
    ))

#: errno values said in words (others: "σφάλμα συστήματος με αριθμό N").
_ERRNOS = ("ENOENT", "EACCES", "EPERM", "EISDIR", "ENOTDIR", "ENAMETOOLONG", "ELOOP", "ENXIO", "ENODEV",
           "ENOSPC", "EROFS", "EIO", "EFBIG", "EDQUOT", "EBUSY", "EMFILE")
_ERRNO_KEYS = {getattr(errno, name): name for name in _ERRNOS if hasattr(errno, name)}


def _say(key: str, lang: str, **kw: str) -> str:
    from . import text

    return text(f"fault.{key}", lang, **kw)


def position_fault(exc: BaseException, lang: str) -> str:
    """A bad position file's fault (a ``ValueError`` from ``rules/``) in ``lang``.

    English keeps the exception's own, more detailed message, but for bytes that are not
    UTF-8, which both languages say as "the file is not UTF-8 text". In Greek a message
    with no pattern here is said as "the file does not hold a valid position".
    """
    if isinstance(exc, RecursionError):
        return _say("nested", lang)
    if isinstance(exc, UnicodeDecodeError):  # Python's "'utf-8' codec can't decode byte 0xff …"
        return _say("not_text", lang)
    message = str(exc)
    if lang == "en":
        return message
    for pattern, key in _PATTERNS:
        found = pattern.search(message)
        if found:
            found_words = {k: v for k, v in found.groupdict().items() if v}
            if key == "game_over":  # whose checkers are all off, in the language's words
                side = "mover" if found_words["who"] == "player to move" else "opponent"
                found_words["who"] = _say(f"game_over.{side}", lang)
            return _say(key, lang, **found_words)
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
