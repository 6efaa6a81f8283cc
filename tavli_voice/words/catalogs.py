"""gettext catalogs for the words the program does not write itself.

Python's ``argparse`` writes its own words (``usage:``, ``options:``, ``show
this help message and exit``, its error messages) through :mod:`gettext`. The
Greek for them is in ``locale/el/LC_MESSAGES/argparse.po``, compiled to the
``argparse.mo`` beside it and shipped as package data. :func:`use_argparse_language`
makes argparse use it, so ``tavli-voice play -h --lang el`` is Greek from the
usage line to the last error.

The ``.mo`` file is written reproducibly from the ``.po`` by :func:`compile_po`
(the GNU ``.mo`` layout, as the standard library's ``Tools/i18n/msgfmt.py``
writes it); rebuild it after editing the ``.po`` with::

    python -m tavli_voice.words.catalogs

A test checks that the shipped ``.mo`` is exactly what the ``.po`` compiles to.
"""

from __future__ import annotations

import argparse
import array
import ast
import gettext
import re
import struct
import sys
from collections.abc import Callable
from pathlib import Path

#: Where the catalogs live (``<lang>/LC_MESSAGES/<domain>.mo``).
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: The gettext domain of argparse's words.
ARGPARSE_DOMAIN = "argparse"


def argparse_translation(lang: str) -> gettext.NullTranslations:
    """argparse's words in ``lang`` (English, argparse's own, for "en" or a missing catalog)."""
    return gettext.translation(ARGPARSE_DOMAIN, localedir=str(LOCALE_DIR), languages=[lang],
                               fallback=True)


def use_argparse_language(lang: str) -> None:
    """Make every argparse parser built or run from now on speak ``lang``.

    argparse looks its words up through the module-level names ``_`` and
    ``ngettext`` when a parser is built, prints help or reports an error, so
    call this before building the parser of a command line.
    """
    translation = argparse_translation(lang)
    names = vars(argparse)  # argparse's module globals, where it looks its words up
    names["_"] = translation.gettext if lang == "en" else _unquoting(translation.gettext)
    names["ngettext"] = translation.ngettext


#: argparse's refusal of a value outside ``choices=``; it joins the choices with
#: Python's ``repr``, so they come quoted ('tavli', 'portes'), after the message is looked up.
INVALID_CHOICE = "invalid choice: %(value)r (choose from %(choices)s)"
_REPR_QUOTED = re.compile(r"'([^']*)'")


class _ChoicesUnquoted(str):
    """A looked-up message whose ``%`` drops the repr quotes of its ``choices``.

    >>> _ChoicesUnquoted("διάλεξε από: %(choices)s") % {"choices": "'tavli', 'portes'"}
    'διάλεξε από: tavli, portes'
    """

    __slots__ = ()

    def __mod__(self, args: object) -> str:
        if isinstance(args, dict) and isinstance(args.get("choices"), str):
            args = {**args, "choices": _REPR_QUOTED.sub(r"\1", args["choices"])}
        return str.__mod__(self, args)


def _unquoting(gettext_: Callable[[str], str]) -> Callable[[str], str]:
    """``gettext_`` that gives the invalid-choice message as :class:`_ChoicesUnquoted`.

    In Greek the program quotes with «», and a list of choices reads best bare:
    «διάλεξε από: tavli, portes, plakoto, fevga».
    """
    def lookup(message: str) -> str:
        found = gettext_(message)
        return _ChoicesUnquoted(found) if message == INVALID_CHOICE else found
    return lookup


# ---------------------------------------------------------------------------
# .po → .mo
# ---------------------------------------------------------------------------
def parse_po(text: str) -> dict[bytes, bytes]:
    """The messages of a ``.po`` file: msgid (``id\\0plural`` for plurals) → msgstr."""
    messages: dict[bytes, bytes] = {}
    fields: dict[str, list[str]] = {}
    current: str | None = None

    def flush() -> None:
        if "msgid" in fields:
            msgid = "".join(fields["msgid"])
            if "msgid_plural" in fields:
                msgid += "\0" + "".join(fields["msgid_plural"])
                forms = sorted(k for k in fields if k.startswith("msgstr["))
                msgstr = "\0".join("".join(fields[k]) for k in forms)
            else:
                msgstr = "".join(fields.get("msgstr", []))
            if msgstr:
                messages[msgid.encode("utf-8")] = msgstr.encode("utf-8")
        fields.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith('"'):
            if current is None:
                raise ValueError(f"a string with no keyword: {raw!r}")
            fields[current].append(ast.literal_eval(line))
            continue
        keyword, _, rest = line.partition(" ")
        if keyword == "msgid" and "msgid" in fields:
            flush()
        current = keyword
        fields[keyword] = [ast.literal_eval(rest.strip())]
    flush()
    return messages


def compile_po(text: str) -> bytes:
    """The GNU ``.mo`` bytes for a ``.po`` text (keys sorted: the same input, the same bytes)."""
    messages = parse_po(text)
    keys = sorted(messages)
    ids = strs = b""
    offsets: list[tuple[int, int, int, int]] = []
    for key in keys:
        offsets.append((len(ids), len(key), len(strs), len(messages[key])))
        ids += key + b"\0"
        strs += messages[key] + b"\0"
    key_start = 7 * 4 + 16 * len(keys)
    value_start = key_start + len(ids)
    key_offsets: list[int] = []
    value_offsets: list[int] = []
    for o1, l1, o2, l2 in offsets:
        key_offsets += [l1, o1 + key_start]
        value_offsets += [l2, o2 + value_start]
    header = struct.pack("<Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + len(keys) * 8, 0, 0)
    table = array.array("i", key_offsets + value_offsets)
    if sys.byteorder != "little":
        table.byteswap()
    return header + table.tobytes() + ids + strs


def po_files() -> list[Path]:
    """Every ``.po`` file shipped with the package."""
    return sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po"))


def build() -> list[Path]:
    """Write each ``.mo`` beside its ``.po``; return the files written."""
    written = []
    for po in po_files():
        mo = po.with_suffix(".mo")
        mo.write_bytes(compile_po(po.read_text(encoding="utf-8")))
        written.append(mo)
    return written


if __name__ == "__main__":
    for path in build():
        print(path)
