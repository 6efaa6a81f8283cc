"""Speech settings: a frozen snapshot, saved in one small JSON file.

The file is shared by modules, one section each, so scanning and voice
settings can live beside these without clobbering each other::

    {"speech": {"enabled": true, "verbosity": "normal", "rate": 175,
                "volume": 1.0, "earcons": true, "lang": "el"},
     "scanning": {...}, "voice": {...}}

:func:`read_section` / :func:`write_section` are the generic load-modify-save
helpers (other modules may use them for their own section); writing replaces
only the named section, atomically (temporary file + rename). A missing file
gives defaults; a corrupt file or bad values give defaults too, plus a status
the caller can report — never a traceback. A corrupt file is kept aside as
``settings.json.bad`` before it is rewritten.

>>> SpeechSettings().rate
175
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields, replace
from enum import Enum
from pathlib import Path
from typing import Any, Mapping

from tavli_voice.narration.priorities import Verbosity
from tavli_voice.narration.utterance import LANGS

__all__ = [
    "SpeechSettings", "SettingsStatus", "Verbosity", "default_settings_path",
    "load_speech_settings", "save_speech_settings", "read_section", "write_section",
    "RATE_RANGE", "SECTION",
]

SECTION = "speech"
#: espeak-ng words per minute: its own limits are 80…450, default 175.
RATE_RANGE = (80, 450)


class SettingsStatus(Enum):
    """How loading went (the values are stable codes for messages)."""

    OK = "ok"
    MISSING = "missing"        # no file yet: defaults, nothing to report
    CORRUPT = "corrupt"        # not JSON / not an object: defaults
    INVALID = "invalid"        # some values unusable: those fields defaulted


@dataclass(frozen=True, slots=True)
class SpeechSettings:
    """What the narrator needs to know; passed around, never read globally.

    ``rate`` is in words per minute (espeak-ng's unit), ``volume`` a factor
    0.0…1.0 applied to the samples, ``lang`` ``"en"`` or ``"el"``.
    """

    enabled: bool = True
    verbosity: Verbosity = Verbosity.NORMAL
    rate: int = 175
    volume: float = 1.0
    earcons: bool = True
    lang: str = "en"

    def __post_init__(self) -> None:
        if not RATE_RANGE[0] <= self.rate <= RATE_RANGE[1]:
            raise ValueError(f"rate must be in {RATE_RANGE}, not {self.rate}")
        if not 0.0 <= self.volume <= 1.0:
            raise ValueError(f"volume must be in 0.0…1.0, not {self.volume}")
        if self.lang not in LANGS:
            raise ValueError(f"lang must be one of {LANGS}, not {self.lang!r}")

    def to_json(self) -> dict[str, Any]:
        """The JSON section (enums as their values)."""
        data = asdict(self)
        data["verbosity"] = self.verbosity.value
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> tuple[SpeechSettings, bool]:
        """Settings from a section; unusable or unknown fields are skipped.

        Returns the settings and ``True`` if every field present was usable.
        """
        ok = True
        result = cls()
        known = {f.name for f in fields(cls)}
        for key, value in data.items():
            if key not in known:
                ok = False
                continue
            try:
                result = replace(result, **{key: _coerce(key, value)})
            except (TypeError, ValueError):
                ok = False
        return result, ok


def _coerce(key: str, value: Any) -> Any:
    """Strict per-field conversion (``True`` is not a rate, ``"1"`` not a bool)."""
    if key in ("enabled", "earcons"):
        if not isinstance(value, bool):
            raise TypeError(key)
        return value
    if key == "verbosity":
        return Verbosity(value)
    if key == "rate":
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(key)
        return value
    if key == "volume":
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(key)
        return float(value)
    if key == "lang":
        if not isinstance(value, str):
            raise TypeError(key)
        return value
    raise KeyError(key)


def default_settings_path(env: Mapping[str, str] | None = None) -> Path:
    """``$XDG_CONFIG_HOME/tavli_voice/settings.json`` (else ``~/.config/…``)."""
    env = os.environ if env is None else env
    base = env.get("XDG_CONFIG_HOME") or ""
    root = Path(base) if base and Path(base).is_absolute() else Path(env.get("HOME", "~")).expanduser() / ".config"
    return root / "tavli_voice" / "settings.json"


def _read_document(path: Path) -> tuple[dict[str, Any], SettingsStatus]:
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}, SettingsStatus.MISSING
    except (OSError, UnicodeDecodeError):
        return {}, SettingsStatus.CORRUPT
    try:
        doc = json.loads(raw)
    except ValueError:
        return {}, SettingsStatus.CORRUPT
    if not isinstance(doc, dict):
        return {}, SettingsStatus.CORRUPT
    return doc, SettingsStatus.OK


def read_section(path: Path, section: str) -> tuple[dict[str, Any], SettingsStatus]:
    """One section of the settings file (``{}`` if absent) and how reading went."""
    doc, status = _read_document(path)
    value = doc.get(section, {})
    if not isinstance(value, dict):
        return {}, SettingsStatus.INVALID
    return value, status


def write_section(path: Path, section: str, values: Mapping[str, Any]) -> None:
    """Replace one section, keeping the others; atomic. May raise ``OSError``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    doc, status = _read_document(path)
    if status is SettingsStatus.CORRUPT and path.exists():
        os.replace(path, path.with_name(path.name + ".bad"))
    doc[section] = dict(values)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(doc, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def load_speech_settings(path: Path) -> tuple[SpeechSettings, SettingsStatus]:
    """The ``speech`` section as settings, and a status (never raises)."""
    values, status = read_section(path, SECTION)
    settings, ok = SpeechSettings.from_json(values)
    if not ok and status is SettingsStatus.OK:
        status = SettingsStatus.INVALID
    return settings, status


def save_speech_settings(settings: SpeechSettings, path: Path) -> None:
    """Write the ``speech`` section, leaving other sections as they are."""
    write_section(path, SECTION, settings.to_json())
