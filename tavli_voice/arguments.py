"""Argument types for the command lines: every value checked by argparse, said in words.

Each function here returns a ``type=`` for :meth:`argparse.ArgumentParser.add_argument`
that turns the text typed into a value or raises
:class:`argparse.ArgumentTypeError` with a sentence in the user's language,
which argparse prints after ``argument --rate:`` (Greek: ``το --rate``)
and ends the run with exit code 2, before anything else happens.

>>> rate = whole_number("en", 80, 450)
>>> rate("175")
175
>>> rate("79")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: takes a whole number from 80 to 450, not '79'
>>> number("el", 0.0, 1.0)("nan")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: θέλει αριθμό από 0 έως 1, όχι «nan»
"""

from __future__ import annotations

import argparse
import errno
import math
import os
from pathlib import Path
from typing import Callable, NoReturn

from . import words as M
from .rules.match import MAX_SEED_TEXT

#: Longest ``--dwell`` (seconds a pointer rests on a button before it is picked).
MAX_DWELL = 60.0

#: Allowed range of the board window's scale (text and buttons), ``--scale``.
SCALE_RANGE = (0.75, 3.0)

#: Longest piece of a refused value repeated in a message (characters).
SHOWN = 40


class Parser(argparse.ArgumentParser):
    """A command line's options whose refusal is one sentence, then how to list the options.

    argparse prints the whole usage before an error (twenty lines for ``play``),
    so a screen reader reads all of it before the one sentence that matters.
    Here the error comes first, in argparse's own words (Greek through its
    catalog), then one line in ``lang`` naming ``-h``; the exit code stays 2.

    >>> import contextlib, io
    >>> ap = Parser(prog="tavli-voice play", lang="en")
    >>> _ = ap.add_argument("--lang", choices=["en", "el"])
    >>> err = io.StringIO()
    >>> with contextlib.redirect_stderr(err):
    ...     try:
    ...         ap.parse_args(["--lang", "xx"])
    ...     except SystemExit as stop:
    ...         print(stop.code)
    2
    >>> print(err.getvalue(), end="")
    tavli-voice play: error: argument --lang: invalid choice: 'xx' (choose from 'en', 'el')
    tavli-voice play -h lists every option.
    """

    def __init__(self, *args: object, lang: str = "en", **options: object) -> None:
        super().__init__(*args, **options)  # type: ignore[arg-type]
        self.lang = lang

    def error(self, message: str) -> NoReturn:
        said: Callable[[str], str] = getattr(argparse, "_")  # argparse's words, in the chosen language
        self.exit(2, said("%(prog)s: error: %(message)s\n") % {"prog": self.prog, "message": message}
                  + M.text("cli.options_hint", self.lang, prog=self.prog) + "\n")


def shown(value: str, limit: int | None = SHOWN) -> str:
    """A typed value as a message may repeat it: printable, shortened to ``limit``
    characters (None: whole, for a file's path).

    >>> shown("\\udcff1"), shown("x" * 50)[-3:], shown("/data/\\udcff.json", None)
    ('\\\\xff1', 'xx…', '/data/\\\\xff.json')
    """
    if limit is not None and len(value) > limit:
        value = value[:limit - 1] + "…"
    printable = value.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in printable)


def whole_number(lang: str, low: int, high: int) -> Callable[[str], int]:
    """A whole number from ``low`` to ``high``."""
    def parse(value: str) -> int:
        try:
            number = int(value.strip())
        except ValueError:
            number = None
        if number is None or not low <= number <= high:
            raise argparse.ArgumentTypeError(
                M.text("arg.whole_number", lang, low, high, value=shown(value)))
        return number
    return parse


def number(lang: str, low: float, high: float) -> Callable[[str], float]:
    """A finite number from ``low`` to ``high`` (``nan`` and ``inf`` are refused)."""
    def parse(value: str) -> float:
        try:
            result = float(value)
        except ValueError:
            result = math.nan
        if not (math.isfinite(result) and low <= result <= high):
            raise argparse.ArgumentTypeError(
                M.text("arg.number", lang, float(low), float(high), value=shown(value)))
        return result
    return parse


def seed(lang: str) -> Callable[[str], str]:
    """A seed: text of at most :data:`~tavli_voice.rules.match.MAX_SEED_TEXT` characters,
    all of it UTF-8 (the limits a save is checked against)."""
    as_text = text(lang, limit=None)

    def parse(value: str) -> str:
        if len(value) > MAX_SEED_TEXT:
            raise argparse.ArgumentTypeError(M.text("arg.seed_long", lang, M.number(MAX_SEED_TEXT, lang, "m", "acc")))
        return as_text(value)
    return parse


def text(lang: str, limit: int | None = 1000) -> Callable[[str], str]:
    """Any UTF-8 text of at most ``limit`` characters (names, engines, lists; None: any length)."""
    def parse(value: str) -> str:
        if limit is not None and len(value) > limit:
            raise argparse.ArgumentTypeError(M.text("arg.too_long", lang, M.number(limit, lang, "m", "acc")))
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise argparse.ArgumentTypeError(
                M.text("arg.not_utf8", lang, value=shown(value))) from None
        return value
    return parse


def name(lang: str) -> Callable[[str], str]:
    """A name of a file or a kept match, not empty (``--save ""`` would quietly be the autosave).

    >>> name("el")("")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: θέλει όνομα, όχι κενό
    """
    def parse(value: str) -> str:
        if not value.strip():
            raise argparse.ArgumentTypeError(M.text("arg.empty", lang))
        return value
    return parse


def path(lang: str) -> Callable[[str], Path]:
    """A file or folder name the system can look up (not too long); it need not exist."""
    def parse(value: str) -> Path:
        try:
            os.stat(value)
        except OSError as exc:
            if exc.errno == errno.ENAMETOOLONG:
                raise argparse.ArgumentTypeError(M.text("arg.path_too_long", lang)) from None
        except ValueError:  # a NUL character
            raise argparse.ArgumentTypeError(M.text("arg.path_too_long", lang)) from None
        return Path(value)
    return parse


__all__ = ["SHOWN", "name", "number", "path", "seed", "shown", "text", "whole_number"]
