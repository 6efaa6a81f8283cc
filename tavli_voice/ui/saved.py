"""Saved matches are never replaced silently, and messages name a command that works.

* :func:`keep_aside` moves the unfinished autosave to a named file in the person's
  language (``match-20261201-151300.json``, ``αγώνας-20261201-151300.json`` in the data
  folder) before a new match starts, never over another file;
  ``tavli-voice resume αγώνας-20261201-151300`` continues it (:func:`named_save`), and
  names kept in the other language still list and resume.
* :func:`program` is how the person started the program, so "continue it with:
  …" names a command that works where they are: ``tavli-voice`` when that is
  on the PATH, else the path they typed (``.venv/bin/tavli-voice``).
* :func:`shell_word` writes a file name into such a command so that it can be
  pasted into a shell as it is (quoted only when it holds a space or the like; a byte
  that is not UTF-8 in bash's ``$'\\xff'`` form).

No sentences here: the words are in :mod:`tavli_voice.words`.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path

from .. import storage, userfiles
from .. import words as M

#: The start of a kept match's name in each language (``saved.file_name`` and a dash);
#: the English one is the name kept before names followed the language.
PREFIXES: dict[str, str] = {lang: M.text("saved.file_name", lang) + "-" for lang in M.LANGS}
PREFIX = PREFIXES["en"]


def program(argv0: str | None = None, which: str | None = "") -> str:
    """The command that starts this program from the person's current folder."""
    argv0 = sys.argv[0] if argv0 is None else argv0
    on_path = shutil.which("tavli-voice") if which == "" else which
    name = Path(argv0).name
    if name in ("cli.py", "__main__.py", "-c", ""):
        # started as ``python -m tavli_voice.cli``: the same way again
        if on_path:
            return "tavli-voice"
        return f"{sys.executable} -m tavli_voice.cli"
    if on_path and Path(on_path).resolve() == Path(argv0).resolve():
        return "tavli-voice"
    if on_path and os.sep not in argv0:
        return "tavli-voice"
    try:
        relative = os.path.relpath(argv0)
    except ValueError:  # another drive (Windows)
        return argv0
    if not relative.startswith(".."):
        return relative if os.sep in relative else "." + os.sep + relative
    return argv0


#: A word a POSIX shell takes as it is: letters of any alphabet, digits and ``@%+=:,./-_``.
_PLAIN_WORD = re.compile(r"[\w@%+=:,./-]+")


def shell_word(value: object) -> str:
    """``value`` as one word of a shell command: unchanged when plain (Greek letters are),
    quoted when it holds a space, a quote or another character the shell reads.

    >>> shell_word("20261207-145638-εσύ-με-ρίτα"), shell_word("/home/m/οι αγώνες μου/a.json")
    ('20261207-145638-εσύ-με-ρίτα', "'/home/m/οι αγώνες μου/a.json'")
    >>> print(shell_word("it's"), shell_word(""))
    'it'"'"'s' ''
    """
    text = str(value)
    if _PLAIN_WORD.fullmatch(text):
        return text
    if any(_unprintable(ch) for ch in text):
        return _ansi_c_word(text)
    return shlex.quote(text)


def _unprintable(ch: str) -> bool:
    """A byte that is not UTF-8 (kept by "surrogateescape") or a control character: it
    cannot be pasted between plain quotes."""
    import unicodedata

    return unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


def _ansi_c_word(text: str) -> str:
    """``text`` in bash's ``$'…'`` quotes, each byte that is not UTF-8 or not printable as
    ``\\xHH`` (its UTF-8 bytes for a control character), so pasting gives the same bytes.

    >>> print(_ansi_c_word(b"\\xff'a.json".decode("utf-8", "surrogateescape")))
    $'\\xff\\'a.json'
    """
    out = ["$'"]
    for ch in text:
        code = ord(ch)
        if 0xDC80 <= code <= 0xDCFF:  # the byte itself
            out.append(f"\\x{code - 0xDC00:02x}")
        elif _unprintable(ch):
            out.extend(f"\\x{b:02x}" for b in ch.encode("utf-8", "surrogatepass"))
        elif ch in "\\'":
            out.append("\\" + ch)
        else:
            out.append(ch)
    out.append("'")
    return "".join(out)


def keep_aside(path: Path, now: float | None = None, lang: str = "en") -> str:
    """Move the unfinished save at ``path`` to a named file beside it, named in ``lang``
    (``αγώνας-20261201-151300``); its name. A file already there under that name is never
    replaced: the next free number is added (``…-1``). Raises OSError (the save stays)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    prefix = PREFIXES.get(lang, PREFIX)
    name = f"{prefix}{stamp}"
    n = 1
    while not userfiles.move_to_new(path, path.with_name(name + ".json")):
        name = f"{prefix}{stamp}-{n}"
        n += 1
    return name


def named_save(name: str, folder: Path | None = None) -> Path:
    """The file of a match kept under ``name`` (a path, or a name in the data folder).

    A name with a folder in it is that path (``.json`` added when the file has no such
    ending and is not there as written), never a file of the same name in the data folder.

    >>> str(named_save("elsewhere/b", Path("data"))), str(named_save("b", Path("data")))
    ('elsewhere/b.json', 'data/b.json')
    """
    given = Path(name)
    if given.suffix == ".json" and given.exists():
        return given
    if os.sep in name or (os.altsep is not None and os.altsep in name):
        if given.suffix == ".json" or given.is_file():
            return given
        return given.with_name(given.name + ".json")
    folder = storage.data_dir() if folder is None else folder
    return folder / (given.name if given.suffix == ".json" else given.name + ".json")


def choose_save(path: Path | None, *, resume: bool, plain: bool, lang: str,
                say: Callable[[str], None]) -> tuple[Path | None, int | None]:
    """The save this run reads and writes, or an exit code after saying why (in ``lang``).

    * ``resume`` with ``--no-save`` (``path`` None) has nothing to resume: said.
    * A plain ``resume`` (``plain``: no ``--save``, no name) takes the newest
      autosave, those a full disk moved to another folder included, and says
      which when it is not the usual one (:func:`storage.saves_to_resume`).
    * A path that is not the program's (a folder, a device or FIFO, a file that
      is not a save, a name too long) is refused and left as it is
      (:func:`storage.refusal`).
    * A save of ours the user may not read is left as it is: a new match is
      saved beside it (said); a resume says it on loading.
    * A new match named by ``--save`` in a folder that is not there is refused, and one
      in a folder nothing can be written in is saved elsewhere, said before it starts
      (:func:`_place_named`).
    """
    if path is None:
        if resume:
            say(M.text("resume.no_save", lang))
            return None, 2
        return None, None
    if resume and plain:
        newest = storage.saves_to_resume()
        if newest and newest[0] != path:
            path = newest[0]
            say(M.text("resume.took", lang, path=str(path)))
    why = storage.refusal(path)
    if why is not None and (why != "unreadable" or not storage.owned_name(path)):
        say(M.text("save.refused", lang, path=str(path), why=M.text(f"save.why.{why}", lang)))
        return None, 2
    if not resume and not plain:  # a new match in a file the person named
        placed = _place_named(path, lang, say)
        if isinstance(placed, int):
            return None, placed
        path = placed
    if not resume and storage.owned_name(path) and not _readable(path):
        new = storage.other_save_path(path)
        say(M.text("save.unreadable_new", lang, path=str(path), new=str(new)))
        return new, None
    return path, None


def _place_named(path: Path, lang: str, say: Callable[[str], None]) -> Path | int:
    """Where a new match named by ``--save`` is saved, said before it starts: a folder that
    is not there is refused (exit 2; a mistyped folder is not made), and a folder nothing
    can be written in (``/proc``, read-only) gives way to the first that works
    (:func:`storage.fallback_folders`)."""
    from ..arguments import shown

    folder = path.parent
    if not os.path.lexists(folder):
        say(M.text("save.no_folder", lang, folder=shown(str(folder), None),
                   mkdir=f"mkdir -p {shell_word(folder)}"))
        return 2
    if not folder.is_dir() or storage.usable_folder(folder):
        return path  # a file where a folder should be: saving fails, is said and moves
    for other in storage.fallback_folders(path):
        new = other / path.name
        if new.exists():
            new = storage.other_save_path(new)
        say(M.text("save.unwritable_new", lang, path=shown(str(path), None),
                   new=shown(str(new), None)))
        return new
    return path  # nowhere works: the first save says so


def _readable(path: Path) -> bool:
    """False only for a file that is there but may not be read."""
    try:
        userfiles.read_regular(path, 0)
    except PermissionError:
        return False
    except OSError:  # missing, or under a file: saving there fails, is said and moves
        return True
    return True


def kept_matches(folder: Path | None = None) -> list[str]:
    """Names of the matches kept aside, in either language, oldest first."""
    folder = storage.data_dir() if folder is None else folder
    if not folder.is_dir():
        return []
    prefixes = tuple(set(PREFIXES.values()))
    names = [p.stem for p in folder.iterdir()
             if p.suffix == ".json" and p.name.startswith(prefixes)]

    def when(name: str) -> tuple[str, str]:
        rest = name[len(next(p for p in prefixes if name.startswith(p))):]
        return rest, name

    return sorted(names, key=when)


__all__ = ["choose_save", "keep_aside", "kept_matches", "named_save", "program"]
