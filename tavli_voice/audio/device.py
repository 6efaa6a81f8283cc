"""PortAudio without noise on the player's screen.

The C libraries under ``sounddevice`` write to file descriptor 2 whenever
they like: ALSA's ``ALSA lib pcm.c:…(snd_pcm_recover) underrun occurred``
from the audio thread, PortAudio's ``Expression … failed`` lines when the
sound server goes away, JACK's probing messages at start-up. On a terminal
that is the player's screen, and their screen reader reads every line.

Two layers keep them off it:

* :func:`quiet_alsa` installs an ALSA error handler (``snd_lib_error_set_handler``
  through ``ctypes``) that sends ALSA's messages to the log instead of stderr;
* :func:`divert_c_stderr` points file descriptor 2 at the log file for the
  rest of the program, while Python's own ``sys.stderr`` keeps writing to the
  terminal (through a duplicate of the original descriptor), so a real
  Python error is still seen.

:func:`load_sounddevice` imports ``sounddevice`` after both are in place.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import io
import logging
import os
import sys
import threading
from types import ModuleType
from typing import Any

log = logging.getLogger("tavli_voice.audio")

_lock = threading.Lock()
_alsa_handler: Any = None  # kept alive: ALSA holds a pointer to it
_diverted_to: str | None = None
#: ALSA messages passed to the log (the handler counts them; tests read it).
alsa_messages = 0

_HANDLER = ctypes.CFUNCTYPE(None, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_int,
                            ctypes.c_char_p)


def _on_alsa_error(file: bytes | None, line: int, function: bytes | None, err: int,
                   fmt: bytes | None) -> None:
    global alsa_messages
    alsa_messages += 1
    try:
        log.info("ALSA %s:%d (%s) %s [err %d]", (file or b"?").decode(errors="replace"), line,
                 (function or b"?").decode(errors="replace"), (fmt or b"").decode(errors="replace"), err)
    except Exception:  # noqa: BLE001, S110 - nothing may raise into C
        pass


def quiet_alsa() -> bool:
    """Send ALSA's error messages to the log; False when libasound is not there."""
    global _alsa_handler
    with _lock:
        if _alsa_handler is not None:
            return True
        name = ctypes.util.find_library("asound") or "libasound.so.2"
        try:
            lib = ctypes.CDLL(name)
            setter = lib.snd_lib_error_set_handler
        except (OSError, AttributeError):
            return False
        handler = _HANDLER(_on_alsa_error)
        setter.argtypes = [_HANDLER]
        setter.restype = ctypes.c_int
        setter(handler)
        _alsa_handler = handler
        return True


def log_file_path() -> str | None:
    """The file the root logger writes to, if any."""
    for handler in logging.getLogger().handlers:
        if isinstance(handler, logging.FileHandler):
            return handler.baseFilename
    return None


def divert_c_stderr(target: str | None = None) -> str:
    """Point fd 2 at ``target`` (the log file, else ``/dev/null``); Python keeps the terminal.

    Returns where fd 2 now goes. Calling it again does nothing. When fd 2 is
    not a terminal (tests capture it; a pipe reads it) it is diverted too:
    the audio libraries' lines are never part of the game's output.
    """
    global _diverted_to
    with _lock:
        if _diverted_to is not None:
            return _diverted_to
        target = target or log_file_path() or os.devnull
        try:
            sys.stderr.flush()
        except (OSError, ValueError, AttributeError):
            pass
        try:
            keep = os.dup(2)
            fd = os.open(target, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        except OSError:
            log.warning("could not divert stderr to %s", target)
            return "stderr"
        os.dup2(fd, 2)
        os.close(fd)
        try:
            real = sys.stderr
            if real is not None and real.fileno() == 2:
                encoding = getattr(real, "encoding", None) or "utf-8"
                sys.stderr = io.TextIOWrapper(os.fdopen(keep, "wb", buffering=0), encoding=encoding,
                                              errors="backslashreplace", line_buffering=True,
                                              write_through=True)
            else:
                os.close(keep)
        except (OSError, ValueError, io.UnsupportedOperation):
            os.close(keep)
        _diverted_to = target
        log.info("audio libraries' stderr goes to %s", target)
        return target


def load_sounddevice() -> ModuleType:
    """``sounddevice`` with ALSA's messages sent to the log (ImportError/OSError as usual)."""
    quiet_alsa()
    import sounddevice  # type: ignore[import-untyped]

    module: ModuleType = sounddevice
    return module


class SoundStatus:
    """Whether the sound system answers, as seen by every stream of this process.

    Streams call :meth:`lost` and :meth:`back`; the front end drains
    :meth:`changes` from its main loop and tells the player, once per change.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._alive = True
        self._changes: list[bool] = []
        self._down: set[str] = set()

    @property
    def alive(self) -> bool:
        with self._lock:
            return self._alive

    def lost(self, who: str) -> None:
        with self._lock:
            self._down.add(who)
            if self._alive:
                self._alive = False
                self._changes.append(False)
                log.warning("sound system lost (%s)", who)

    def back(self, who: str) -> None:
        with self._lock:
            self._down.discard(who)
            if not self._alive and not self._down:
                self._alive = True
                self._changes.append(True)
                log.warning("sound system back")

    def changes(self) -> list[bool]:
        """State changes since the last call (False: lost, True: back)."""
        with self._lock:
            out, self._changes = self._changes, []
            return out


#: The process-wide status (one sound system per process).
STATUS = SoundStatus()

_restart_lock = threading.Lock()
_generation = 0


def generation() -> int:
    """How many times PortAudio was restarted; a stream opened before a restart is gone."""
    return _generation


def restart_portaudio(sd: ModuleType, seen: int) -> int:
    """Restart PortAudio unless someone did since generation ``seen``; the new generation.

    Raises when PortAudio cannot start again (no server yet).
    """
    global _generation
    with _restart_lock:
        if _generation != seen:
            return _generation
        try:
            sd._terminate()
        except Exception:  # already terminated
            log.debug("PortAudio terminate failed", exc_info=True)
        sd._initialize()
        _generation += 1
        return _generation


def stream_gone(stream: Any, ended: threading.Event) -> bool:
    """True when a PortAudio ``stream`` ended by itself (the sound system went away).

    ``ended`` is the event its finished-callback sets; no stream means nothing to lose.
    """
    if stream is None:
        return False
    try:
        return ended.is_set() or not stream.active
    except Exception:  # noqa: BLE001 - any PortAudio failure means the stream is gone
        return True
