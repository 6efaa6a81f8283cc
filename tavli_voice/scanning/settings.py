"""Scanning settings: the knobs switch users know from Android Switch Access,
iOS Switch Control and Grid 3, validated, and kept in the shared settings file.

One frozen :class:`ScanSettings` snapshot is handed to the scanners (style
guide 2.3: settings arrive as a frozen snapshot; nothing reads a global).
Changing a setting means building a new snapshot with
:func:`dataclasses.replace`, which validates again.

The settings file is shared with the other parts of the program (speech rate,
language …): :func:`save_scan_settings` rewrites only the ``"scanning"``
section and keeps every other section as it found it. A damaged file never
raises: :func:`load_scan_settings` falls back to defaults and says what was
wrong in :attr:`LoadedScanSettings.problem` so the front end can tell the
user (the words are in :mod:`tavli_voice.scanning.words`).
"""

from __future__ import annotations

import math
import os
from dataclasses import asdict, dataclass, fields, replace
from enum import Enum
from pathlib import Path
from typing import Any, Literal, Mapping

from .. import userfiles
from ..userfiles import DocumentProblem

#: The section of the shared settings file that belongs to scanning.
SECTION = "scanning"

ScanStyle = Literal["auto", "step"]
SinglePlay = Literal["offer", "confirm"]
PlayChoiceMode = Literal["auto", "list", "groups", "steps", "checker"]

#: Allowed ranges (inclusive) of the numeric settings, with their unit.
RANGES: dict[str, tuple[float, float, str]] = {
    "interval": (0.3, 10.0, "s"),
    "first_delay": (0.0, 10.0, "s"),
    "loops": (0, 20, ""),
    "pick_pause": (0.0, 5.0, "s"),
    "ignore_repeat": (0.0, 2.0, "s"),
    "hold_min": (0.0, 5.0, "s"),
    "group_size": (2, 12, ""),
    "list_limit": (1, 30, ""),
}

#: Allowed values of the settings that are a choice among words.
CHOICES: dict[str, tuple[str, ...]] = {
    "mode": ("auto", "step"),
    "single_play": ("offer", "confirm"),
    "play_choice": ("auto", "list", "groups", "steps", "checker"),
}

_INTEGER = frozenset({"loops", "group_size", "list_limit"})
_BOOLEAN = frozenset({"finish_speaking", "enabled"})
_KEYS = frozenset({"pick_key", "next_key"})

#: How much one "slower"/"faster" pick changes the scan interval (a factor).
SPEED_STEP = 1.25


class ScanSettingError(ValueError):
    """A scanning setting out of its range or not one of its choices.

    Carries the facts (``name``, ``value``, ``low``/``high`` or ``choices``) so
    a front end can say it in the user's language with
    :func:`tavli_voice.scanning.words.setting_error_text`; ``str()`` is English.
    """

    def __init__(self, name: str, value: object, *, low: float | None = None,
                 high: float | None = None, choices: tuple[str, ...] = ()) -> None:
        self.name = name
        self.value = value
        self.low = low
        self.high = high
        self.choices = choices
        if choices:
            text = f"scan setting {name!r} must be one of {', '.join(choices)}; got {value!r}"
        elif low is not None and high is not None:
            unit = RANGES.get(name, (0, 0, ""))[2]
            unit_text = " seconds" if unit == "s" else ""
            text = (f"scan setting {name!r} must be between {low:g} and {high:g}{unit_text}; "
                    f"got {value!r}")
        else:
            text = f"scan setting {name!r} has a bad value {value!r}"
        super().__init__(text)


@dataclass(frozen=True, slots=True)
class ScanSettings:
    """Every scanning setting, validated on construction.

    Defaults and why:

    * ``mode`` ``"auto"``: one switch, the highlight moves by itself; ``"step"``
      is two-switch scanning (one switch moves, the other picks).
    * ``interval`` 1.0 s (0.3–10 s): time on each item.
    * ``first_delay`` 0.7 s: extra time whenever the highlight arrives on the
      first item (a start, a restart and each wrap round), because the first
      item is the most likely one (Roll, the suggested play …).
    * ``loops`` 2: after two full passes with no pick, scanning pauses (a
      press resumes); 0 means never pause.
    * ``pick_pause`` 0.5 s: after each pick, presses are ignored this long, so
      one long or shaky press does not also pick the next thing.
    * ``ignore_repeat`` 0.3 s (tremor): a press of a switch within 0.3 s of
      the previous press of the same switch is ignored, so a burst of presses
      each closer than 0.3 s to the last counts as one. Switch bounce and
      tremor double hits come within about 50–250 ms, while deliberate
      repeated presses by switch users are rarely faster than three a second
      (0.33 s); 0.3 s is also the shortest allowed scan interval, so auto
      scanning never needs two presses closer than this. 0 turns it off.
    * ``hold_min`` 0 s (off): when above 0, a press counts only once the
      switch has been held that long (hold to pick); the highlight stays put
      while the switch is held.
    * ``finish_speaking`` on: in auditory scanning the highlight does not move
      while speech is playing, and stays at least one ``interval`` after the
      speech ends, so the interval is the user's time to react to what was
      heard. With speech off it changes nothing.
    * ``single_play`` ``"offer"``: a turn with one legal play shows a single
      "Play it" item; ``"confirm"`` makes that item open a Confirm/Back pair.
    * ``group_size`` 5: items per group in group scanning (about the square
      root of a typical 20–30-play list, which minimises scan steps).
    * ``play_choice`` ``"auto"``: up to ``list_limit`` plays are listed one by
      one; more are offered by the checker moved (``"checker"``: "From 24: 8
      plays", opening that checker's whole plays, or its steps when there are
      more than ``list_limit``) when the session supplies the step sequences,
      else in groups. ``"steps"`` chooses every play step by step.
    * ``list_limit`` 6: what fits one short pass.
    * ``pick_key`` / ``next_key``: the front end's key names for the two
      switches (space picks by default; ``next_key`` is for step scanning).
    * ``enabled`` off: scanning starts only when asked for (``--scan``); on,
      every match starts scanning in ``mode`` (a switch user's saved choice).
    """

    mode: ScanStyle = "auto"
    interval: float = 1.0
    first_delay: float = 0.7
    loops: int = 2
    pick_pause: float = 0.5
    ignore_repeat: float = 0.3
    hold_min: float = 0.0
    finish_speaking: bool = True
    single_play: SinglePlay = "offer"
    group_size: int = 5
    play_choice: PlayChoiceMode = "auto"
    list_limit: int = 6
    pick_key: str = "space"
    next_key: str = "enter"
    enabled: bool = False

    def __post_init__(self) -> None:
        for name, choices in CHOICES.items():
            value = getattr(self, name)
            if value not in choices:
                raise ScanSettingError(name, value, choices=choices)
        for name, (low, high, _unit) in RANGES.items():
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise ScanSettingError(name, value, low=low, high=high)
            if name in _INTEGER and not isinstance(value, int):
                if not float(value).is_integer():
                    raise ScanSettingError(name, value, low=low, high=high)
                object.__setattr__(self, name, int(value))
            if math.isnan(value) or not low <= value <= high:
                raise ScanSettingError(name, value, low=low, high=high)
            if name not in _INTEGER:
                object.__setattr__(self, name, float(value))
        for name in _BOOLEAN:
            if not isinstance(getattr(self, name), bool):
                raise ScanSettingError(name, getattr(self, name), choices=("true", "false"))
        for name in _KEYS:
            value = getattr(self, name)
            if not isinstance(value, str) or not value.strip():
                raise ScanSettingError(name, value)

    def slower(self) -> ScanSettings:
        """A copy with a longer scan interval (× 1.25, capped at the maximum)."""
        return self._with_interval(self.interval * SPEED_STEP)

    def faster(self) -> ScanSettings:
        """A copy with a shorter scan interval (÷ 1.25, floored at the minimum)."""
        return self._with_interval(self.interval / SPEED_STEP)

    def _with_interval(self, value: float) -> ScanSettings:
        low, high, _unit = RANGES["interval"]
        return replace(self, interval=round(min(high, max(low, value)), 2))

    def to_dict(self) -> dict[str, Any]:
        """The settings as plain JSON values."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> tuple[ScanSettings, tuple[str, ...]]:
        """Build settings from a (possibly hand-edited) mapping.

        Unknown keys are ignored; a value that is missing keeps its default,
        and a value that is invalid is replaced by its default and its name
        returned in the second element, so one typo does not lose the rest.
        """
        good: dict[str, Any] = {}
        bad: list[str] = []
        defaults = cls()
        for f in fields(cls):
            if f.name not in data:
                continue
            try:
                replace(defaults, **{f.name: data[f.name]})
            except (ScanSettingError, TypeError):
                bad.append(f.name)
            else:
                good[f.name] = data[f.name]
        return replace(defaults, **good), tuple(bad)


class SettingsProblem(Enum):
    """What was wrong with the settings file when it was read."""

    UNREADABLE = "unreadable"      # the file exists but could not be read
    CORRUPT = "corrupt"            # not JSON, or not a JSON object
    BAD_SECTION = "bad_section"    # the "scanning" section is not an object
    BAD_VALUES = "bad_values"      # some values were invalid and were reset


@dataclass(frozen=True, slots=True)
class LoadedScanSettings:
    """The result of reading the settings file: settings plus what went wrong."""

    settings: ScanSettings
    problem: SettingsProblem | None = None
    bad_fields: tuple[str, ...] = ()


_PROBLEMS = {None: None, DocumentProblem.MISSING: None,
             DocumentProblem.UNREADABLE: SettingsProblem.UNREADABLE,
             DocumentProblem.CORRUPT: SettingsProblem.CORRUPT}


def load_scan_settings(path: str | os.PathLike[str]) -> LoadedScanSettings:
    """Read the ``"scanning"`` section of the settings file at ``path``.

    A missing file or section gives the defaults with no problem; a damaged
    file, section or value gives defaults (for what is damaged) and names the
    problem. Never raises.
    """
    section, problem = userfiles.read_section(Path(path), SECTION)
    if problem not in (None, DocumentProblem.MISSING):
        return LoadedScanSettings(ScanSettings(), _PROBLEMS[problem])
    if section is None:
        return LoadedScanSettings(ScanSettings(), SettingsProblem.BAD_SECTION)
    settings, bad = ScanSettings.from_dict(section)
    return LoadedScanSettings(settings, SettingsProblem.BAD_VALUES if bad else None, bad)


def save_scan_speed(path: str | os.PathLike[str], changed: ScanSettings) -> Path | None:
    """Keep the speed the user picked while scanning ("slower"/"faster"), and nothing else.

    The running settings may hold choices made for this match only (``--scan
    step`` on the command line); the file keeps its own mode and the rest.
    """
    stored = load_scan_settings(path).settings
    return save_scan_settings(path, replace(stored, interval=changed.interval))


def save_scan_settings(path: str | os.PathLike[str], settings: ScanSettings) -> Path | None:
    """Write ``settings`` into the ``"scanning"`` section of the file at ``path``.

    Read-modify-write through :func:`tavli_voice.userfiles.write_section`:
    every other section is kept as it was and the file is replaced
    atomically. If the existing file is damaged it is not overwritten but
    kept aside as ``<name>.corrupt-<time>`` (returned, so the front end can say so) and
    a fresh file is written; otherwise returns ``None``.
    Raises ``OSError`` only if the file cannot be written.
    """
    return userfiles.write_section(Path(path), SECTION, settings.to_dict())
