"""The few words scanning needs, in English and Greek side by side.

Scanning options carry a message *key* and its arguments, never finished
text (style guide 2.4: words live in one place); this table turns them into
labels for the screen and the narrator. The words themselves are in the
catalogue :mod:`tavli_voice.words` (sections ``scan.`` and ``setting.``); every
key exists in both languages (a test checks).
Greek terms follow the glossary in ``shared/seeds`` (μπάρα, μάζεμα, θέση).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..command_table import LANGS
from ..command_table import Lang as Lang
from ..words import ENTRIES, number, text

if TYPE_CHECKING:  # only for annotations: this module stays a leaf
    from .settings import ScanSettingError, SettingsProblem

#: The languages of the scan words (the one tuple, ``command_table.LANGS``).
LANGUAGES = LANGS


#: Options whose second argument counts plays («κινήσεις», feminine in Greek).
_PLAY_COUNTS = ("group", "group_bar")


def label(key: str, args: Sequence[object], lang: Lang = "en") -> str:
    """The short label of a scan option (its key and arguments) in ``lang``.

    >>> label("from", (13,), "el"), label("group", (24, 3), "el"), label("group", (24, 5), "el")
    ('Από το 13', 'Από το 24: τρεις κινήσεις', 'Από το 24: 5 κινήσεις')

    Bar and off have keys of their own (``from_bar``, ``to_off``), so point
    numbers in labels are always 1–24 (R1). A count of plays is a number that
    agrees with its noun (:func:`tavli_voice.words.number`).
    """
    if key in _PLAY_COUNTS and len(args) > 1 and isinstance(args[1], int):
        args = (args[0], number(args[1], lang, "f"), *args[2:])
    return text("scan." + key, lang, *args)


def interval_text(seconds: float, lang: Lang = "en") -> str:
    """The scan interval said after a change ("1 second", "1,5 δευτερόλεπτα").

    >>> interval_text(1.0, "el"), interval_text(1.5, "el")
    ('Χρόνος σάρωσης 1 δευτερόλεπτο.', 'Χρόνος σάρωσης 1,5 δευτερόλεπτα.')
    """
    return text("scan.scan_interval_one" if seconds == 1 else "scan.scan_interval", lang,
                float(seconds))


def setting_name(name: str, lang: Lang = "en") -> str:
    """A setting's name as the user reads it (the field name if unknown)."""
    key = "setting." + name
    return text(key, lang) if key in ENTRIES else name


def setting_error_text(error: ScanSettingError, lang: Lang = "en") -> str:
    """Say a :class:`~tavli_voice.scanning.settings.ScanSettingError` in ``lang``."""
    name = setting_name(error.name, lang)
    if error.choices:
        return text("scan.setting_choice", lang, name, ", ".join(error.choices))
    if error.low is not None and error.high is not None:
        return text("scan.setting_range", lang, name, error.low, error.high, error.value)
    return text("scan.setting_bad", lang, name)


def settings_problem_text(problem: SettingsProblem, lang: Lang = "en",
                          bad_fields: Sequence[str] = ()) -> str:
    """Say what was wrong with the settings file (see ``load_scan_settings``)."""
    key = "settings_" + problem.value
    if problem.value == "bad_values":
        return text("scan." + key, lang, ", ".join(setting_name(f, lang) for f in bad_fields))
    return text("scan." + key, lang)
