"""The few words scanning needs, in English and Greek side by side.

Scanning options carry a message *key* and its arguments, never finished
text (style guide 2.4: words live in one place); this table turns them into
labels for the screen and the narrator. The tables themselves live with every
other word in ``narration/messages.py``; every key exists in both languages
(a test checks).
Greek terms follow the glossary in ``shared/seeds`` (μπάρα, μάζεμα, θέση).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Sequence
from ..narration.messages import SCANNING_WORDS, SCANNING_SETTING_NAMES

if TYPE_CHECKING:  # only for annotations: this module stays a leaf
    from .settings import ScanSettingError, SettingsProblem

Lang = Literal["en", "el"]
LANGUAGES: tuple[Lang, ...] = ("en", "el")

WORDS = SCANNING_WORDS  # the words live in narration/messages.py

SETTING_NAMES = SCANNING_SETTING_NAMES  # the words live in narration/messages.py


def _value_text(value: object, lang: Lang) -> str:
    """Numbers as the language writes them (Greek uses a decimal comma)."""
    if isinstance(value, float):
        text = f"{value:g}"
    else:
        text = str(value)
    if lang == "el" and isinstance(value, float):
        text = text.replace(".", ",")
    return text


def say(key: str, lang: Lang = "en", args: Sequence[object] = ()) -> str:
    """The text of message ``key`` in ``lang`` with ``args`` filled in.

    >>> say("from", "el", (13,))
    'Από το 13'
    """
    table = WORDS[key]
    return table[lang].format(*(_value_text(a, lang) for a in args))


def label(key: str, args: Sequence[object], lang: Lang = "en") -> str:
    """The short label of a scan option (its key and arguments) in ``lang``.

    Bar and off have keys of their own (``from_bar``, ``to_off``), so point
    numbers in labels are always 1–24 (R1).
    """
    return say(key, lang, args)


def setting_name(name: str, lang: Lang = "en") -> str:
    """A setting's name as the user reads it (the field name if unknown)."""
    return SETTING_NAMES.get(name, {}).get(lang, name)


def setting_error_text(error: ScanSettingError, lang: Lang = "en") -> str:
    """Say a :class:`~tavli_voice.scanning.settings.ScanSettingError` in ``lang``."""
    name = setting_name(error.name, lang)
    if error.choices:
        return say("setting_choice", lang, (name, ", ".join(error.choices)))
    if error.low is not None and error.high is not None:
        return say("setting_range", lang, (name, error.low, error.high, error.value))
    return say("setting_bad", lang, (name,))


def settings_problem_text(problem: SettingsProblem, lang: Lang = "en",
                          bad_fields: Sequence[str] = ()) -> str:
    """Say what was wrong with the settings file (see ``load_scan_settings``)."""
    key = "settings_" + problem.value
    if problem.value == "bad_values":
        return say(key, lang, (", ".join(setting_name(f, lang) for f in bad_fields),))
    return say(key, lang)
