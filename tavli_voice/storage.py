"""Autosave and resume: the session's snapshot as a JSON file in the user's data folder.

The session never touches files (style guide); front ends call :func:`save`
after every command and :func:`load` for ``tavli-voice resume``.

* Writes are atomic and never follow a symlink
  (:func:`tavli_voice.userfiles.atomic_write_text`), so a crash mid-write
  never loses the previous save. A write that fails raises ``OSError``; the
  front end says so at once and :func:`fallback_folders` offers places that
  work. Nothing here ever claims a save that did not happen.
* A save is checked whole against its format (:func:`check_save`, the
  format's one home being :mod:`tavli_voice.savefile`) before
  use. One that fails the check is kept aside whole (copied, the file staying
  where it is; one larger than :data:`MAX_SAVE_BYTES` is moved) and reported
  with a message key the narrator can speak. A path that is not ours (a
  folder, a device, a FIFO, another program's file) is refused and never
  renamed or replaced (:func:`refusal`).
* :class:`SaveLock` keeps two running copies from writing one save: the
  second copy learns the match is open elsewhere (and by which process).
"""

from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import savefile, userfiles
from .savefile import SaveInvalid

__all__ = [
    "DAMAGED_WORDS", "KEPT_PREFIXES", "MAX_SAVE_BYTES", "REFUSALS", "SAVE_NAME", "FinishNotKept",
    "LockUnavailable", "Loaded", "MatchOpenElsewhere", "SaveInvalid",
    "SaveLock", "check_save", "damaged_copy", "data_dir", "fallback_folders", "finish", "load", "looks_like_save",
    "other_save_path", "owned_name", "refusal", "save", "save_folders", "save_path", "saves_to_resume", "set_aside",
    "usable_folder",
]

SAVE_NAME = "autosave.json"
#: Far more than any real match (a 101-point match saves about 20 kB).
MAX_SAVE_BYTES = 8 << 20


def data_dir(env: Mapping[str, str] | None = None) -> Path:
    """``$TAVLI_VOICE_HOME``, else the user data folder (see :mod:`tavli_voice.userfiles`)."""
    return userfiles.data_dir(env)


def save_path(env: Mapping[str, str] | None = None) -> Path:
    """Where the running match is saved."""
    return data_dir(env) / SAVE_NAME


def save(snapshot: Mapping[str, Any], path: Path | None = None, *, durable: bool = True) -> Path:
    """Write ``snapshot`` atomically; returns the path. Raises ``OSError`` when it cannot.

    ``durable`` waits until the data is on the disk (a power cut keeps it);
    without it a crash of the program still never loses the save.
    """
    path = save_path() if path is None else path
    userfiles.atomic_write_text(path, json.dumps(snapshot, ensure_ascii=False,
                                                 separators=(",", ":")), durable=durable)
    return path


@dataclass(frozen=True, slots=True)
class Loaded:
    """What :func:`load` found: the data, or a message key and where a copy of a bad file went."""

    data: dict[str, Any] | None
    #: "no_save", "save_corrupt" (ours, damaged: copied aside), "save_unreadable" (not allowed
    #: to read it: left as it is) or "not_a_save" (not ours: never touched; see ``why``)
    problem: str | None = None
    kept_as: Path | None = None
    reason: str = ""  #: what was wrong, in English (for the log)
    why: str = ""  #: for "not_a_save": a :func:`refusal` code


#: Refusal codes of :func:`refusal`; each has the words ``save.why.<code>``.
REFUSALS = ("folder", "special", "not_a_save", "too_long", "unreadable")


#: The start of the name of an unfinished match kept aside when a new one starts, in each
#: language (``match-20261201-151300.json``, ``αγώνας-20261201-151300.json``): the words
#: catalogue's ``saved.file_name`` and a dash (a test checks they agree).
KEPT_PREFIXES: tuple[str, ...] = ("match-", "αγώνας-")


#: The word after ``.json.`` in a damaged save's copy, in each language (one home:
#: :data:`tavli_voice.userfiles.DAMAGED_WORDS`, which names a damaged settings file's too).
DAMAGED_WORDS = userfiles.DAMAGED_WORDS
damaged_copy = userfiles.damaged_copy


def owned_name(path: Path) -> bool:
    """True for the names the program gives its saves (``autosave.json``, ``autosave-2.json``,
    ``match-….json`` or ``αγώνας-….json``, ``last-match.json`` and copies kept aside as
    ``….corrupt-…`` or ``….χαλασμένο-…``).

    >>> [owned_name(Path(n)) for n in ("autosave.json", "autosave-3.json", "notes.json")]
    [True, True, False]
    >>> owned_name(Path("αγώνας-20261201-151300.json"))
    True
    """
    name = path.name
    if damaged_copy(name):
        return True
    stem, dot, ext = name.rpartition(".")
    if ext != "json" or not dot:
        return False
    if stem == "autosave" or stem == "last-match" or stem.startswith(KEPT_PREFIXES):
        return True
    return stem.startswith("autosave-") and stem[len("autosave-"):].isdigit()


def looks_like_save(raw: bytes) -> bool:
    """True when ``raw`` is (or was, before damage) a save this program wrote.

    >>> looks_like_save(b'{"version":2,"log":[]}'), looks_like_save(b'{"version":2,"conf')
    (True, True)
    >>> looks_like_save(b"my notes"), looks_like_save(b'{"name": "other"}')
    (False, False)
    """
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        return raw.lstrip().startswith(b'{"version":')  # ours, cut short or damaged
    return isinstance(data, dict) and "version" in data and "log" in data


def refusal(path: Path) -> str | None:
    """Why ``path`` may not be used as a save (a code of :data:`REFUSALS`), or None.

    A save path must name a file the program owns: missing (it will be made),
    empty, one of its own names (:func:`owned_name`) or holding a save. A
    folder, a device, a FIFO (or a symlink to one), a file that is not a save
    and a name too long for the disk are refused, never renamed or replaced;
    the type is checked before anything is opened, so nothing blocks.
    """
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            return "too_long"
        if exc.errno == errno.ENOTDIR:
            return None  # a file where a folder should be: saving fails, is said and moves
        return "unreadable"
    if stat.S_ISDIR(info.st_mode):
        return "folder"
    if not stat.S_ISREG(info.st_mode):
        return "special"
    if info.st_size == 0 or owned_name(path):
        return None
    if info.st_size > MAX_SAVE_BYTES:
        return "not_a_save"
    try:
        raw = userfiles.read_regular(path, MAX_SAVE_BYTES)
    except OSError:
        return "unreadable"
    return None if looks_like_save(raw) else "not_a_save"


def load(path: Path | None = None, *, keep_bad: bool = True, damaged: str = "corrupt") -> Loaded:
    """Read and check the save; a damaged save is copied to ``*.<damaged>-<time>`` and
    reported (``damaged``: the word in the person's language, one of :data:`DAMAGED_WORDS`).

    A file that is not ours (a folder, a device or FIFO, a file that does not
    hold a save) is refused and never touched; an empty file holds no match
    (``"no_save"``, a new match may be saved there); a save the user may not read
    is reported as such, not called damaged. ``keep_bad=False`` makes no copy
    (a watcher reads the running copy's save).
    """
    path = save_path() if path is None else path
    why = refusal(path)
    if why in ("folder", "special", "too_long"):
        return Loaded(None, "not_a_save", reason=why, why=why)
    try:
        raw = userfiles.read_regular(path, MAX_SAVE_BYTES)
    except FileNotFoundError:
        return Loaded(None, "no_save")
    except OSError as exc:
        return Loaded(None, "save_unreadable", reason=f"{type(exc).__name__}: {exc}"[:300])
    if why == "not_a_save":
        return Loaded(None, "not_a_save", reason=why, why=why)
    if not raw.strip():  # an empty file (``touch``): no match in it, nothing to keep aside
        return Loaded(None, "no_save")
    try:
        if len(raw) > MAX_SAVE_BYTES:
            raise SaveInvalid(f"larger than {MAX_SAVE_BYTES} bytes")
        data = json.loads(raw.decode("utf-8"))
        check_save(data)
    except (ValueError, RecursionError) as exc:
        reason = f"{type(exc).__name__}: {exc}"[:300]
        kept = set_aside(path, raw, damaged) if keep_bad else None
        return Loaded(None, "save_corrupt", kept, reason)
    return Loaded(data)


def set_aside(path: Path, data: bytes | None = None, damaged: str = "corrupt") -> Path | None:
    """Keep a bad save aside whole as ``<name>.<damaged>-<time>`` (``damaged``: the word in the
    person's language, one of :data:`DAMAGED_WORDS`): copied, the file itself left where it
    is, or, when larger than a read takes (``data`` cut short at a limit), moved there
    whole (:func:`tavli_voice.userfiles.keep_aside`), so the next save loses nothing.
    Where it was kept, or None.

    A copy kept aside before (``….corrupt-…``, ``….χαλασμένο-…``) is not copied again:
    its own name is returned; nor is a file whose copy with the same bytes was kept
    under either language's word.
    """
    try:
        return userfiles.keep_damaged(path, damaged, data)
    except OSError:
        return None


class FinishNotKept(OSError):
    """A finished match's save could not be renamed ``last-match.json`` (``filename`` names
    that file); the save stays where it is, marked finished, so it is never resumed."""


def finish(path: Path | None = None) -> None:
    """A finished match: keep its save as ``last-match.json`` so a resume starts fresh.

    Raises :class:`FinishNotKept` when that name cannot be written (a folder
    stands there, …): the save itself was written and says the match is over.
    """
    path = save_path() if path is None else path
    if path.exists():
        last = path.with_name("last-match.json")
        try:
            os.replace(path, last)
        except OSError as exc:
            raise FinishNotKept(exc.errno or errno.EIO, exc.strerror or str(exc),
                                str(last)) from None


# ------------------------------------------------------------- where to save

def usable_folder(folder: Path) -> bool:
    """True when a file can really be written in ``folder`` (tried, then removed)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(prefix=".tavli-voice-probe.", dir=folder)
        try:
            os.write(fd, b"{}")
            os.fsync(fd)
        finally:
            os.close(fd)
            os.unlink(name)
    except OSError:
        return False
    return True


def _temp_root() -> Path | None:
    """The system's temporary folder, or None when there is none usable (every candidate
    full or read-only: ``tempfile`` raises then, and a save must never crash on it)."""
    try:
        return Path(tempfile.gettempdir())
    except OSError:
        return None


def _private_temp_folder() -> Path | None:
    """``$TMPDIR/tavli_voice-<uid>``, ours alone (created 0700; refused if anyone else's)."""
    getuid = getattr(os, "getuid", None)
    root = _temp_root()
    if root is None:
        return None
    folder = root / f"tavli_voice-{getuid() if getuid else 'user'}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        info = os.lstat(folder)
    except OSError:
        return None
    if not stat.S_ISDIR(info.st_mode) or (getuid and info.st_uid != getuid()) \
            or info.st_mode & 0o077:
        return None
    return folder


def fallback_folders(failed: Path, env: Mapping[str, str] | None = None) -> list[Path]:
    """Folders where a save works now, best first, other than ``failed``'s folder.

    The data folder comes first (``$TAVLI_VOICE_HOME`` when set, as for everything else,
    never the platform's folder the person did not choose), then ``~/tavli_voice-saves``,
    then a private folder in the system's temporary folder.
    """
    candidates: list[Path | None] = [data_dir(env), Path.home() / "tavli_voice-saves",
                                     _private_temp_folder()]
    out: list[Path] = []
    for folder in candidates:
        if folder is None or folder == failed.parent or folder in out:
            continue
        if usable_folder(folder):
            out.append(folder)
    return out


def _private_temp_path() -> Path | None:
    """:func:`_private_temp_folder` when it exists and is ours alone (never made here)."""
    getuid = getattr(os, "getuid", None)
    root = _temp_root()
    if root is None:
        return None
    folder = root / f"tavli_voice-{getuid() if getuid else 'user'}"
    try:
        info = os.lstat(folder)
    except OSError:
        return None
    if not stat.S_ISDIR(info.st_mode) or (getuid and info.st_uid != getuid()) \
            or info.st_mode & 0o077:
        return None
    return folder


def save_folders(env: Mapping[str, str] | None = None) -> list[Path]:
    """The data folder, then the folders in the person's home a full disk moves the save to
    (:func:`fallback_folders`), each once; they need not exist. The system's temporary
    folder, the last resort, is not among them."""
    out: list[Path] = []
    for folder in (data_dir(env), userfiles.data_dir({}), Path.home() / "tavli_voice-saves"):
        if folder not in out:
            out.append(folder)
    return out


def saves_to_resume(env: Mapping[str, str] | None = None) -> list[Path]:
    """The autosaves a plain ``resume`` may continue, newest first: the usual one and those
    in the folders a full disk moves the save to (:func:`fallback_folders`).

    Only regular files count (nothing is opened here); a finished match is
    not among them (:func:`finish` renames it).
    """
    found: list[tuple[float, int, Path]] = []
    for i, folder in enumerate(save_folders(env) + [p for p in [_private_temp_path()] if p is not None]):
        path = folder / SAVE_NAME
        try:
            info = os.stat(path)
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode) and info.st_size > 0:
            found.append((-info.st_mtime, i, path))
    return [path for _, _, path in sorted(found)]


def other_save_path(path: Path) -> Path:
    """A save name beside ``path`` that no running copy holds (``autosave-2.json`` …)."""
    stem, suffix = path.stem, path.suffix or ".json"
    for n in range(2, 1000):
        candidate = path.with_name(f"{stem}-{n}{suffix}")
        if not candidate.exists() and SaveLock.holder(candidate) is None:
            return candidate
    raise OSError(errno.EEXIST, "no free save name", str(path))


# ----------------------------------------------------------------- the lock

class MatchOpenElsewhere(Exception):
    """Another running copy holds this save (``pid`` when it could be read)."""

    def __init__(self, path: Path, pid: int | None) -> None:
        super().__init__(f"{path} is open in process {pid}")
        self.path = path
        self.pid = pid


class LockUnavailable(OSError):
    """The lock file exists but cannot be used (a folder, a symlink, another user's file)."""


class SaveLock:
    """An exclusive ``flock`` on ``<save>.lock``, held while a copy plays that save.

    The kernel drops the lock when the process ends, however it ends
    (``kill -9`` included), so a lock is never stale. The file holds the
    holder's process id, only to say who it is. Use :meth:`acquire`.
    """

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path = path
        self._fd = fd

    @staticmethod
    def lock_path(save: Path) -> Path:
        """The lock file of a save."""
        return save.with_name(save.name + ".lock")

    @classmethod
    def acquire(cls, save: Path) -> SaveLock:
        """Lock ``save``; raises :class:`MatchOpenElsewhere` when another copy has it.

        When the folder cannot hold a lock file (read-only …) a lock that holds
        nothing is returned: the save itself will fail and be reported. A lock
        file that is there but cannot be used raises :class:`LockUnavailable`:
        the caller must save elsewhere, or two copies could write one save.
        """
        try:
            import fcntl
        except ImportError:  # not POSIX: no lock, as before
            return cls(save, None)
        lock = cls.lock_path(save)
        try:
            lock.parent.mkdir(parents=True, exist_ok=True)
            try:
                kind = os.lstat(lock).st_mode
            except FileNotFoundError:
                kind = stat.S_IFREG
            if not stat.S_ISREG(kind):  # a folder, link, FIFO (opening it would block) …
                raise OSError(errno.EISDIR if stat.S_ISDIR(kind) else errno.ENODEV,
                              "not an ordinary file", str(lock))
            fd = userfiles.open_append_private(lock)
        except OSError as exc:
            if os.path.lexists(lock):
                raise LockUnavailable(exc.errno or errno.EACCES, exc.strerror or str(exc),
                                      str(lock)) from None
            return cls(save, None)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise MatchOpenElsewhere(save, _read_pid(lock)) from None
        try:
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError:
            pass
        return cls(save, fd)

    @classmethod
    def holder(cls, save: Path) -> int | None:
        """The process id holding ``save`` now (0 if unknown), or None when nobody does."""
        try:
            import fcntl
        except ImportError:
            return None
        lock = cls.lock_path(save)
        try:
            fd = os.open(lock, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            return None
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError:
            return _read_pid(lock) or 0
        finally:
            os.close(fd)
        return None

    @property
    def held(self) -> bool:
        """True when this copy really holds the lock."""
        return self._fd is not None

    def release(self) -> None:
        """Let go (safe to call twice); the lock file stays for the next copy."""
        if self._fd is not None:
            os.close(self._fd)  # closing drops the flock
            self._fd = None


def _read_pid(lock: Path) -> int | None:
    try:
        with open(lock, "rb") as stream:
            text = stream.read(32).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isascii() and text.isdigit() and len(text) < 12 else None


# ------------------------------------------------------------- the format

def check_save(data: object) -> None:
    """Check a whole save against the format (:func:`tavli_voice.savefile.check_save`) and the
    session's options; raise :class:`SaveInvalid` naming the fault."""
    from .session import SessionOptions

    savefile.check_save(data, SessionOptions())
