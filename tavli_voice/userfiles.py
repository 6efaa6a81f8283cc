"""The user's files: where they live, how they are written, the shared settings file.

Folders come from :mod:`platformdirs` (on Linux ``$XDG_DATA_HOME/tavli_voice``
for saves, logs, voice profiles and models, ``$XDG_CONFIG_HOME/tavli_voice``
for ``settings.json``). ``$TAVLI_VOICE_HOME``, when set, holds all of them
(one folder for everything: tests, a portable copy on a USB stick).

Every file is written the same safe way (:func:`atomic_write_text`): a fresh
temporary file created with ``O_EXCL`` in the target's folder (never an
existing name, so never through a symlink planted there), flushed to disk,
then renamed over the target. A crash, a full disk or a read-only folder
leaves the old file whole; the error is raised for the caller to say.

The settings file is shared, one section per part of the program
(``"speech"``, ``"scanning"``, ``"voice"`` …); :func:`read_section` and
:func:`write_section` are the only ways in. A damaged file never raises on
reading: its sections read as missing and the problem is reported; the
start that finds it keeps a copy named as a damaged save's is
(``settings.json.χαλασμένο-20261207-153000`` in Greek, :func:`keep_damaged`)
and says so, once (later starts find the copy and stay quiet); the next write
replaces it.

>>> read_document(Path("/nonexistent/settings.json"))
({}, <DocumentProblem.MISSING: 'missing'>)
"""

from __future__ import annotations

import enum
import errno
import json
import os
import shutil
import stat
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import platformdirs

__all__ = [
    "APP", "HOME_VARIABLE", "DocumentProblem", "NotRegularFile", "atomic_write_bytes",
    "atomic_write_text", "cache_dir", "check_settings", "config_dir", "data_dir", "keep_aside",
    "kept_before", "move_to_new", "DAMAGED_WORDS", "damaged_copy", "keep_damaged", "kept_damaged",
    "open_append_private", "read_document", "read_regular", "read_section", "settings_path",
    "write_section",
]

APP = "tavli_voice"
#: One folder for everything, when set (saves, logs, settings, models).
HOME_VARIABLE = "TAVLI_VOICE_HOME"
SETTINGS_NAME = "settings.json"
#: A settings file larger than this is not a settings file.
MAX_SETTINGS_BYTES = 1 << 20


def _home(env: Mapping[str, str] | None) -> Path | None:
    env = os.environ if env is None else env
    value = env.get(HOME_VARIABLE, "")
    return Path(value).expanduser() if value.strip() else None


def data_dir(env: Mapping[str, str] | None = None) -> Path:
    """``$TAVLI_VOICE_HOME``, else the platform's user data folder for tavli_voice."""
    return _home(env) or platformdirs.user_data_path(APP, appauthor=False)


def config_dir(env: Mapping[str, str] | None = None) -> Path:
    """``$TAVLI_VOICE_HOME``, else the platform's user config folder for tavli_voice."""
    return _home(env) or platformdirs.user_config_path(APP, appauthor=False)


def cache_dir() -> Path:
    """The platform's user cache folder for tavli_voice (``$XDG_CACHE_HOME/tavli_voice`` on Linux).

    It holds only files made from installed ones (safe to delete, made again
    when needed), so it stays there with ``$TAVLI_VOICE_HOME`` set too.
    """
    return platformdirs.user_cache_path(APP, appauthor=False)


def settings_path(env: Mapping[str, str] | None = None) -> Path:
    """The shared settings file."""
    return config_dir(env) / SETTINGS_NAME


# ------------------------------------------------------------------ writing

def atomic_write_text(path: Path, text: str, *, durable: bool = True) -> None:
    """Replace ``path`` with ``text`` (UTF-8) atomically; raises ``OSError`` on failure.

    The temporary file gets a fresh name (``mkstemp``: ``O_CREAT | O_EXCL``,
    mode 0600) in the same folder, so nothing is ever written through a
    symlink and the rename cannot cross file systems. Nothing of it is left
    behind on failure. ``durable`` flushes the data to disk before the rename.
    """
    atomic_write_bytes(path, text.encode("utf-8"), durable=durable)


def atomic_write_bytes(path: Path, data: bytes, *, durable: bool = True) -> None:
    """:func:`atomic_write_text` for bytes as they are."""
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        if durable:
            os.fsync(fd)
        os.close(fd)
        fd = -1
        os.replace(tmp, path)
    except BaseException:
        if fd >= 0:
            os.close(fd)
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


class NotRegularFile(OSError):
    """A folder, device, FIFO or socket where a file of ours is expected (never opened to read)."""


def read_regular(path: Path, limit: int) -> bytes:
    """Up to ``limit + 1`` bytes of ``path``, which must be a regular file (a symlink to one is fine).

    The type is checked before opening, and the file is opened without
    blocking, so a FIFO or a device never hangs the program: they raise
    :class:`NotRegularFile`, a missing file ``FileNotFoundError``, anything
    else that stops reading ``OSError``.
    """
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        raise NotRegularFile(errno.EISDIR if stat.S_ISDIR(info.st_mode) else errno.ENODEV,
                             "not an ordinary file", str(path))
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped in between
            raise NotRegularFile(errno.ENODEV, "not an ordinary file", str(path))
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def open_append_private(path: Path) -> int:
    """Open ``path`` to append (created 0600), refusing a symlink; returns the fd."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
    flags |= getattr(os, "O_CLOEXEC", 0)
    return os.open(path, flags, 0o600)


#: A damaged file up to this size is copied aside; a larger one is moved aside whole.
MAX_COPY_BYTES = 64 << 20


def keep_aside(path: Path, tag: str, data: bytes | None = None) -> Path:
    """Keep a damaged file whole as ``<name>.<tag>`` (numbered if taken); returns that name.

    ``data`` is its content when already read. A file read whole is copied and
    stays where the user put it; a copy with the same bytes made before is
    reused, so reading a damaged file twice keeps one copy. A file larger than
    its reader's limit (``data`` cut short, or over :data:`MAX_COPY_BYTES`) is
    moved to that name in its folder, never copied in part, so whatever is
    written at ``path`` next loses none of it.
    """
    size = os.stat(path).st_size
    if data is None and size <= MAX_COPY_BYTES:
        data = read_regular(path, MAX_COPY_BYTES)
    if data is not None and len(data) != size:  # cut short (or changing while read)
        data = None
    if data is not None:
        same = kept_before(path, tag, data)
        if same is not None:
            return same
    number = 0
    while True:
        target = path.with_name(f"{path.name}.{tag}" + (f".{number}" if number else ""))
        number += 1
        if target.exists() or target.is_symlink():
            continue
        if data is None:
            if move_to_new(path, target):
                return target
            continue
        atomic_write_bytes(target, data)
        return target


#: The word after ``.json.`` in a damaged file's copy, in each language
#: (``autosave.json.corrupt-20261206-070403``, ``settings.json.χαλασμένο-20261206-070403``):
#: the words catalogue's ``saved.damaged_name`` (a test checks they agree).
DAMAGED_WORDS: tuple[str, ...] = ("corrupt", "χαλασμένο")


def damaged_copy(name: str) -> bool:
    """True for the name of a damaged file's copy kept aside, in either language.

    >>> damaged_copy("autosave.json.χαλασμένο-20261206-070403"), damaged_copy("autosave.json")
    (True, False)
    """
    return any(f".json.{word}-" in name for word in DAMAGED_WORDS)


def keep_damaged(path: Path, damaged: str = "corrupt", data: bytes | None = None) -> Path:
    """Keep a damaged file of ours aside whole as ``<name>.<damaged>-<time>`` (``damaged``: the
    word in the person's language, one of :data:`DAMAGED_WORDS`; :func:`keep_aside` copies
    it, or moves one larger than a read takes); where it was kept. Raises ``OSError``.

    A copy kept aside before is not copied again (its own name is returned), nor is a file
    whose copy with the same bytes was kept under either language's word.
    """
    if damaged_copy(path.name):
        return path
    size = os.stat(path).st_size
    if data is None and size <= MAX_COPY_BYTES:
        data = read_regular(path, MAX_COPY_BYTES)
    if data is not None and len(data) == size:
        same = kept_damaged(path, data)
        if same is not None:
            return same
    return keep_aside(path, f"{damaged}-{time.strftime('%Y%m%d-%H%M%S')}", data)


def kept_damaged(path: Path, data: bytes) -> Path | None:
    """A copy of ``data`` kept aside beside ``path`` under either language's word, or None."""
    for word in DAMAGED_WORDS:
        same = kept_before(path, word, data)
        if same is not None:
            return same
    return None


def move_to_new(path: Path, target: Path) -> bool:
    """Move ``path`` to ``target`` only if no file (nor link) is there; False if one is.

    A hard link makes the new name, failing if it is taken, and only then is the old
    name removed, so no file is replaced even if one appears meanwhile; where a
    folder has no hard links, an exclusive whole copy does the same (a copy cut short
    by a full disk is removed and raised: the file itself stays whole). When the old name
    cannot be removed, the new one is removed again and the error raised: the file stays
    where it was, never in two places."""
    if target.exists() or target.is_symlink():
        return False
    try:
        os.link(path, target, follow_symlinks=False)
    except FileExistsError:
        return False
    except OSError:
        if not path.exists():
            raise
        with open(path, "rb") as source:
            try:
                copy = open(target, "xb")
            except FileExistsError:
                return False
            try:
                with copy:
                    shutil.copyfileobj(source, copy)
                    copy.flush()
                    os.fsync(copy.fileno())
            except OSError:
                target.unlink()
                raise
    try:
        os.unlink(path)
    except OSError:  # the file cannot leave (an immutable file, a folder it may not leave)
        try:
            os.unlink(target)  # so no second copy of it stays behind: it is where it was
        except OSError:
            pass
        raise
    return True


def kept_before(path: Path, tag: str, data: bytes) -> Path | None:
    """A copy of ``data`` already kept aside beside ``path`` by :func:`keep_aside`, or None."""
    prefix = f"{path.name}.{tag.split('-')[0]}"
    try:
        siblings = sorted(p for p in path.parent.iterdir() if p.name.startswith(prefix))
    except OSError:
        siblings = []
    for old in siblings:
        try:
            if read_regular(old, len(data)) == data:
                return old
        except OSError:
            continue
    return None


# --------------------------------------------------------- settings document

class DocumentProblem(enum.Enum):
    """What was wrong when reading the settings file."""

    MISSING = "missing"        #: no file yet: nothing to report
    UNREADABLE = "unreadable"  #: exists but cannot be read (permissions, a folder …)
    CORRUPT = "corrupt"        #: not UTF-8 JSON, not an object, empty or far too big


def read_document(path: Path) -> tuple[dict[str, Any], DocumentProblem | None]:
    """The whole settings file as a dict (``{}`` when missing or damaged) and the problem.

    A FIFO, device or folder in its place is unreadable, found without
    opening it (so it never blocks). Numbers that are not finite (``NaN``,
    ``Infinity``) make the file damaged: JSON has none.
    """
    try:
        raw = read_regular(path, MAX_SETTINGS_BYTES)
    except FileNotFoundError:
        return {}, DocumentProblem.MISSING
    except OSError:
        return {}, DocumentProblem.UNREADABLE
    if len(raw) > MAX_SETTINGS_BYTES:
        return {}, DocumentProblem.CORRUPT
    try:
        document = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except (ValueError, RecursionError):
        return {}, DocumentProblem.CORRUPT
    if not isinstance(document, dict):
        return {}, DocumentProblem.CORRUPT
    return document, None


def check_settings(path: Path, damaged: str = "corrupt") -> tuple[DocumentProblem | None, Path | None]:
    """At start-up: the settings file's problem (MISSING is none) and where a damaged one was
    kept (:func:`keep_damaged`, named with ``damaged``, the word in the person's language; the
    file itself is left until settings are next saved), for the caller to say.

    A damaged file is said once: when a copy with the same bytes was kept aside at an earlier
    start, it was said then, and this start is clean (the defaults are used quietly). A file
    damaged again in another way is a new copy, never over the old one.
    """
    _document, problem = read_document(path)
    if problem is DocumentProblem.MISSING:
        return None, None
    if problem is DocumentProblem.CORRUPT:
        try:
            size = os.stat(path).st_size
            data = read_regular(path, MAX_COPY_BYTES)
            if len(data) == size and kept_damaged(path, data) is not None:
                return None, None
            return problem, keep_damaged(path, damaged, data)
        except OSError:
            return DocumentProblem.UNREADABLE, None
    return problem, None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def read_section(path: Path, section: str) -> tuple[dict[str, Any] | None, DocumentProblem | None]:
    """One section (``{}`` if absent); ``None`` when the section is not an object."""
    document, problem = read_document(path)
    value = document.get(section, {})
    if not isinstance(value, dict):
        return None, problem
    return value, problem


def write_section(path: Path, section: str, values: Mapping[str, Any],
                  damaged: str = "corrupt") -> Path | None:
    """Replace one section, keeping the others; atomic.

    A damaged file is first kept aside whole (:func:`keep_damaged`, named with
    ``damaged``; the copy the start made is reused) and where is returned, so
    the caller can say; otherwise returns ``None``. Raises ``OSError`` when
    the folder cannot be written.
    """
    document, problem = read_document(path)
    if problem is DocumentProblem.UNREADABLE:  # never clobber what could not be read
        raise PermissionError(f"cannot read {path} to keep its other settings")
    aside = None
    if problem is DocumentProblem.CORRUPT and (path.exists() or path.is_symlink()):
        aside = keep_damaged(path, damaged)  # kept whole: the damaged file is then replaced
    document[section] = dict(values)
    atomic_write_text(path, json.dumps(document, ensure_ascii=False, indent=2,
                                       sort_keys=True) + "\n")
    return aside
