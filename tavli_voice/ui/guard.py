"""Guards at the program's edges: unsafe text shown safely, OS errors said in words.

* :func:`visible` makes any text from outside (a typed line, a file name)
  safe to print and to speak: control characters, escape sequences and
  undecodable bytes become visible escapes (``\\x1b``), and long text is
  shortened, so nothing typed can move the cursor, retitle the terminal or
  flood a screen reader.
* :func:`os_error_text` says why a file could not be written, in the user's
  language ("the disk is full", "ο δίσκος είναι γεμάτος").
* :func:`ending_signals` turns SIGTERM and SIGHUP into an orderly exit (every
  ``finally`` and ``with`` runs, so the terminal gets its modes back) by raising
  :class:`Stopped`, which a match catches to keep itself as left;
  :func:`signals_held` keeps them (and Ctrl-C) waiting while a save is written.
* :func:`start_up_interrupts` makes Ctrl-C during start-up say the goodbye and end the
  program at once (code 130), until a front end takes Ctrl-C (:func:`release_ctrl_c`);
  :func:`pause_at` holds start-up at a named stage for tests.
* :class:`CbreakMode` puts a terminal in cbreak mode and gives the shell its
  normal modes back on exit, on Ctrl-Z (and takes cbreak again on ``fg``).

>>> visible("\\x1b]0;owned\\x07ok")
'\\\\x1b]0;owned\\\\x07ok'
>>> visible("9" * 100, limit=10)
'999999999…'
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import sys
import threading
import unicodedata
from collections.abc import Callable, Iterator
from typing import Any

from .. import words as M

__all__ = ["PAUSE_VARIABLE", "SHOW_LIMIT", "CbreakMode", "Stopped", "ending_signals",
           "interrupted_starting", "os_error_text", "pause_at", "release_ctrl_c", "say_goodbye",
           "signals_held", "start_up_interrupts", "visible"]

#: Longest piece of outside text repeated back to the user (characters).
SHOW_LIMIT = 40

_ERRNO_KEYS = {errno.ENOSPC: "ENOSPC", errno.EROFS: "EROFS", errno.EACCES: "EACCES",
               errno.EPERM: "EACCES", errno.ENOTDIR: "ENOTDIR", errno.EEXIST: "ENOTDIR",
               errno.EIO: "EIO", getattr(errno, "EDQUOT", -1): "EDQUOT"}


def _escape(ch: str) -> str:
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # an undecodable byte kept by "surrogateescape"
        return f"\\x{code - 0xDC00:02x}"
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def visible(text: str, limit: int = SHOW_LIMIT) -> str:
    """``text`` with every control/format/surrogate character escaped, cut to ``limit``."""
    out: list[str] = []
    length = 0
    for ch in text:
        piece = _escape(ch) if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn",
                                                             "Zl", "Zp") else ch
        if length + len(piece) > limit - 1:
            out.append("…")
            break
        out.append(piece)
        length += len(piece)
    return "".join(out)


def os_error_text(exc: BaseException, lang: str) -> str:
    """Why a file operation failed, as words in ``lang``."""
    number = getattr(exc, "errno", None)
    key = _ERRNO_KEYS.get(number) if isinstance(number, int) else None
    if key is not None:
        return M.text(f"oserror.{key}", lang)
    if lang != "en" and isinstance(exc, OSError):  # never the system's English strerror
        from tavli_voice.words.faults import os_fault

        return os_fault(exc, lang)
    detail = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
    return M.text("oserror.other", lang, error=visible(str(detail), 120))


# ------------------------------------------------------------------ signals

_ENDING = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


class Stopped(SystemExit):
    """The program was told to stop (SIGTERM, SIGHUP: a closed terminal window, a logout);
    its code is ``128 + signal``, unless a match catches it to keep itself first."""

    def __init__(self, signum: int) -> None:
        super().__init__(128 + signum)
        self.signum = signum


def _end(signum: int, frame: object) -> None:
    for sig in _ENDING:  # a second signal must not cut the way out (the save, the lock)
        try:
            signal.signal(sig, signal.SIG_IGN)
        except (OSError, ValueError):
            pass
    raise Stopped(signum)


@contextlib.contextmanager
def ending_signals() -> Iterator[None]:
    """While inside, SIGTERM and SIGHUP raise :class:`Stopped` (``SystemExit(128 + signal)``;
    main thread only); after the first, others are ignored until the block is left."""
    if not _main_thread():
        yield
        return
    previous: dict[int, Any] = {}
    for sig in _ENDING:
        try:
            previous[sig] = signal.signal(sig, _end)
        except (OSError, ValueError):
            pass
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Hold Ctrl-C, SIGTERM and SIGHUP until the block is done (a save is never cut)."""
    held = {signal.SIGINT, *_ENDING}
    try:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    except (AttributeError, OSError, ValueError):
        yield
        return
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


# ------------------------------------------------------------ terminal modes

class CbreakMode:
    """A terminal in cbreak mode (keys at once, no echo; Ctrl-C and Ctrl-Z still work).

    :meth:`enter` saves the modes and sets cbreak; :meth:`leave` puts the
    saved modes back (safe to call twice). On Ctrl-Z (SIGTSTP) the modes are
    given back before the program stops, and cbreak is taken again when it
    goes on (``fg``), so the shell is never left without echo.
    """

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self._saved: Any = None
        self._previous_tstp: Any = None

    def enter(self) -> None:
        """Save the modes, set cbreak, and watch for Ctrl-Z."""
        import termios
        import tty

        self._saved = termios.tcgetattr(self.fd)
        tty.setcbreak(self.fd, termios.TCSANOW)
        if _main_thread() and hasattr(signal, "SIGTSTP"):
            try:
                self._previous_tstp = signal.signal(signal.SIGTSTP, self._suspend)
            except (OSError, ValueError):
                self._previous_tstp = None

    def leave(self) -> None:
        """Give the saved modes back and stop watching for Ctrl-Z."""
        if self._previous_tstp is not None:
            try:
                signal.signal(signal.SIGTSTP, self._previous_tstp)
            except (OSError, ValueError):
                pass
            self._previous_tstp = None
        self._put_back()

    def _put_back(self) -> None:
        if self._saved is None:
            return
        import termios

        try:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)
        except termios.error:  # the terminal is gone (hang-up): nothing to give back
            pass
        finally:
            self._saved = None

    def _suspend(self, signum: int, frame: object) -> None:
        import termios
        import tty

        self._put_back()
        signal.signal(signal.SIGTSTP, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTSTP)  # stops here until "fg" (SIGCONT)
        signal.signal(signal.SIGTSTP, self._suspend)
        try:
            self._saved = termios.tcgetattr(self.fd)
            tty.setcbreak(self.fd, termios.TCSANOW)
        except termios.error:
            self._saved = None


# ------------------------------------------------------------ Ctrl-C while starting

#: The goodbye said when Ctrl-C ends the program before a match runs, in the user's language.
_GOODBYE: list[str] = []

#: Start-up's stage to wait at (``TAVLI_VOICE_PAUSE_AT=imports``), for tests of Ctrl-C.
PAUSE_VARIABLE = "TAVLI_VOICE_PAUSE_AT"


def start_up_interrupts(args: list[str], prepare: Callable[[], None]) -> Any:
    """Until a game takes Ctrl-C (:func:`release_ctrl_c`), Ctrl-C says the goodbye and ends
    the program with code 130 at once, wherever start-up is: importing numpy, pygame or a
    speech engine, loading a voice, asking about a saved match. No exception is raised in
    the middle of an import, where a library would turn it into an ImportError or a
    half-imported module, and no thread is waited for. The standard streams are made usable
    and the goodbye's words loaded first, with Ctrl-C held meanwhile. The handler it
    replaced (None: not installed, as in another thread or when Ctrl-C is ignored).
    ``prepare`` (the standard streams made usable) runs first, with Ctrl-C held."""
    if not _main_thread() or signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        prepare()
        _GOODBYE[:] = [_goodbye_words(args)]
        return None
    held = _hold_ctrl_c()
    previous = signal.signal(signal.SIGINT, interrupted_starting)
    try:
        prepare()
        _GOODBYE[:] = [_goodbye_words(args)]
    finally:
        if held is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)  # a Ctrl-C held is handled now
    return previous


def _hold_ctrl_c() -> "set[int] | None":
    try:
        return set(signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}))
    except (AttributeError, OSError, ValueError):  # no signal masks here
        return None


def _goodbye_words(args: list[str]) -> str:
    """«Γεια σου.» / «Γεια σας.» to two people at one keyboard (``--opponent friend``)."""
    friend = any(a == "--opponent=friend" or (a == "--opponent" and b == "friend")
                 for a, b in zip(args, args[1:] + [""]))
    return M.text("goodbye.both" if friend else "goodbye", M.lang_from_argv(args))


def say_goodbye() -> None:
    line = (_GOODBYE[0] if _GOODBYE else "") + "\n"
    try:
        sys.stdout.write(line)
        sys.stdout.flush()
        return
    except BaseException:  # output in use when Ctrl-C came (a print half done), or closed
        pass
    try:
        os.write(1, line.encode(getattr(sys.stdout, "encoding", None) or "utf-8",
                                "backslashreplace"))
    except (OSError, LookupError):
        pass


def interrupted_starting(signum: int, frame: object) -> None:
    """Ctrl-C during start-up: the goodbye, and the program ends (code 130). Nothing of the
    user's is lost: no match is played yet, saves are written with Ctrl-C held
    (``guard.signals_held``) and the save's lock is the kernel's, gone with the process."""
    say_goodbye()
    os._exit(130)


def release_ctrl_c() -> None:
    """From here the running command's own Ctrl-C path runs: a match is kept as left, then
    the goodbye (the terminal's, the window's and the scanner's ``except KeyboardInterrupt``);
    ``hear`` and ``enroll`` stop listening; anything else ends with the goodbye (code 130)."""
    if _main_thread() and signal.getsignal(signal.SIGINT) is interrupted_starting:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def pause_at(stage: str) -> None:
    """With ``TAVLI_VOICE_PAUSE_AT=stage`` in the environment, start-up says "paused at
    stage" on the error stream and waits there until a signal ends the program: a test
    sends Ctrl-C at a known moment instead of after a guessed delay."""
    if os.environ.get(PAUSE_VARIABLE) != stage:
        return
    print(f"paused at {stage}", file=sys.stderr, flush=True)
    while True:
        signal.pause()
