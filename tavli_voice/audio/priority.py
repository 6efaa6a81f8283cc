"""Thread priorities for the sound and the threads between a key or a word and its answer (Linux).

Raised where the system allows it (root, ``CAP_SYS_NICE`` or an
``RLIMIT_NICE`` allowance); elsewhere left as they are, and the reason goes to
the log. ``TAVLI_AUDIO_PRIORITY=0`` leaves every priority alone.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from pathlib import Path

log = logging.getLogger(__name__)


#: The audio callback thread's niceness when the system allows it (below the default 0: it
#: gets the CPU before ordinary work, and a busy machine starves the speaker less often).
AUDIO_NICE = -11


def raise_thread_priority(nice: int = AUDIO_NICE, target: int | None = None) -> str | None:
    """Give the calling thread (or the thread or process ``target``) a higher priority; why
    not, when it could not (None: done).

    Linux only (there the niceness is per thread). Usually needs privileges
    (root, ``CAP_SYS_NICE`` or a ``RLIMIT_NICE`` allowance); without them the
    thread keeps its priority and the reason is returned for the log.
    """
    if not sys.platform.startswith("linux") or not hasattr(os, "setpriority"):
        return f"not on {sys.platform}"
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id() if target is None else target, nice)
    except OSError as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


#: The niceness of the threads between a key or a word and its sound or action (the key reader,
#: the speech worker and its synthesizer, the listener, the recogniser, and the thread loading the
#: voice engine, which holds Python's lock in steps) when the system allows it: measured
#: on the rig with both cores kept busy at the game's own niceness, the Greek end of a word to
#: its action took 280 ms median and a key to its first sound 220 ms p95 without it.
INTERACTIVE_NICE = -5


def raise_for_interaction(what: str, pid: int | None = None) -> None:
    """Give the calling thread (or process ``pid``) ``INTERACTIVE_NICE`` if allowed, and log it once.

    Left as it is with ``TAVLI_AUDIO_PRIORITY=0``; without the privilege (root,
    ``CAP_SYS_NICE`` or an ``RLIMIT_NICE`` allowance) the log says why not.
    """
    if os.environ.get("TAVLI_AUDIO_PRIORITY", "1") == "0":
        return
    why = raise_thread_priority(INTERACTIVE_NICE, pid)
    if what not in _INTERACTIVE_SAID:
        _INTERACTIVE_SAID.add(what)
        log.info("%s priority %s", what, f"not raised ({why})" if why else f"raised to nice {INTERACTIVE_NICE}")


_INTERACTIVE_SAID: set[str] = set()


#: Threads of the sound libraries that move the samples (the PulseAudio client's event loop,
#: which ALSA's pulse plugin starts for every stream): raised with the callback's thread.
SOUND_THREADS = ("threaded-ml",)


def raise_sound_threads(done: set[int], nice: int = AUDIO_NICE) -> list[str]:
    """Raise the priority of this process's sound-library threads not in ``done`` (Linux).

    ``done`` collects the thread ids handled (raised or refused), so each is
    tried once; returns what was done, for the log.
    """
    said: list[str] = []
    tasks = Path("/proc/self/task")
    if not sys.platform.startswith("linux") or not tasks.is_dir():
        return said
    for task in tasks.iterdir():
        try:
            tid = int(task.name)
            if tid in done or (task / "comm").read_text().strip() not in SOUND_THREADS:
                continue
            done.add(tid)
            os.setpriority(os.PRIO_PROCESS, tid, nice)
            said.append(f"{tid} raised")
        except (OSError, ValueError) as exc:
            said.append(f"{task.name} not raised ({type(exc).__name__})")
    return said
