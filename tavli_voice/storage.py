"""Autosave and resume: the session's snapshot as a JSON file in the user's data folder.

The session never touches files (style guide); front ends call :func:`save`
after every command and :func:`load` for ``tavli-voice resume``. Writes are
atomic (write a temporary file, then rename), so a crash mid-write never
loses the previous save. A save that cannot be read is moved aside (never
deleted) and reported with a message key the narrator can speak.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

SAVE_NAME = "autosave.json"


def data_dir(env: Mapping[str, str] | None = None) -> Path:
    """``$TAVLI_VOICE_HOME`` or ``$XDG_DATA_HOME/tavli_voice`` (``~/.local/share/tavli_voice``)."""
    env = os.environ if env is None else env
    if env.get("TAVLI_VOICE_HOME"):
        return Path(env["TAVLI_VOICE_HOME"])
    base = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "tavli_voice"


def save_path(env: Mapping[str, str] | None = None) -> Path:
    """Where the running match is saved."""
    return data_dir(env) / SAVE_NAME


def save(snapshot: Mapping[str, Any], path: Path | None = None) -> Path:
    """Write ``snapshot`` atomically; returns the path."""
    path = save_path() if path is None else path
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(snapshot, ensure_ascii=False), encoding="utf-8")
    os.replace(tmp, path)
    return path


@dataclass(frozen=True, slots=True)
class Loaded:
    """What :func:`load` found: the data, or a message key and where a bad file went."""

    data: dict[str, Any] | None
    problem: str | None = None  #: "no_save" or "save_corrupt"
    kept_as: Path | None = None


def load(path: Path | None = None) -> Loaded:
    """Read the save; a corrupt one is renamed ``*.corrupt-<time>`` and reported."""
    path = save_path() if path is None else path
    if not path.exists():
        return Loaded(None, "no_save")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not an object")
    except (OSError, ValueError):
        return Loaded(None, "save_corrupt", set_aside(path))
    return Loaded(data)


def set_aside(path: Path) -> Path:
    """Move a bad save out of the way (kept for the user, never deleted)."""
    target = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
        n += 1
    os.replace(path, target)
    return target


def finish(path: Path | None = None) -> None:
    """A finished match: keep its save as ``last-match.json`` so a resume starts fresh."""
    path = save_path() if path is None else path
    if path.exists():
        os.replace(path, path.with_name("last-match.json"))
