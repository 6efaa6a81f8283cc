"""Speech settings: a frozen snapshot, saved in one small JSON file.

The file is shared by modules, one section each, so scanning and voice
settings can live beside these without clobbering each other::

    {"speech": {"enabled": true, "verbosity": "normal", "rate": 175,
                "volume": 1.0, "earcons": true, "lang": "el"},
     "scanning": {...}, "voice": {...}}

:func:`read_section` / :func:`write_section` are the generic load-modify-save
helpers, over :mod:`tavli_voice.userfiles` (the one settings-file module);
writing replaces only the named section, atomically (temporary file + rename). A missing file
gives defaults; a corrupt file or bad values give defaults too, plus a status
the caller can report — never a traceback. A corrupt file is kept aside whole, named as a
damaged save is (``settings.json.corrupt-<time>``), before it is rewritten.

>>> SpeechSettings().rate
175
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from enum import Enum
from pathlib import Path
from typing import Any, Mapping

from tavli_voice import userfiles
from tavli_voice.narration.priorities import Verbosity
from tavli_voice.narration.utterance import LANGS
from tavli_voice.userfiles import DocumentProblem

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
    """The shared settings file (see :func:`tavli_voice.userfiles.settings_path`)."""
    return userfiles.settings_path(env)


_STATUS = {None: SettingsStatus.OK, DocumentProblem.MISSING: SettingsStatus.MISSING,
           DocumentProblem.UNREADABLE: SettingsStatus.CORRUPT,
           DocumentProblem.CORRUPT: SettingsStatus.CORRUPT}


def read_section(path: Path, section: str) -> tuple[dict[str, Any], SettingsStatus]:
    """One section of the settings file (``{}`` if absent) and how reading went."""
    value, problem = userfiles.read_section(path, section)
    if value is None:
        return {}, SettingsStatus.INVALID
    return value, _STATUS[problem]


def write_section(path: Path, section: str, values: Mapping[str, Any]) -> None:
    """Replace one section, keeping the others; atomic. May raise ``OSError``."""
    userfiles.write_section(path, section, values)


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
