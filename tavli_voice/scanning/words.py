"""The few words scanning needs, in English and Greek side by side.

Scanning options carry a message *key* and its arguments, never finished
text (style guide 2.4: words live in one place); this table turns them into
labels for the screen and the narrator. The lead may merge it into
``narration/messages.py``; every key exists in both languages (a test checks).
Greek terms follow the glossary in ``shared/seeds`` (μπάρα, μάζεμα, θέση).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Sequence

if TYPE_CHECKING:  # only for annotations: this module stays a leaf
    from .settings import ScanSettingError, SettingsProblem

Lang = Literal["en", "el"]
LANGUAGES: tuple[Lang, ...] = ("en", "el")

#: message key → language → text; ``{0}``, ``{1}`` … are the option's arguments.
WORDS: dict[str, dict[str, str]] = {
    # What is scanned (R2 plays, R9 match commands).
    "roll": {"en": "Roll", "el": "Ρίξε τα ζάρια"},
    "play_it": {"en": "Play it: {0}", "el": "Παίξε: {0}"},
    "play": {"en": "{0}", "el": "{0}"},
    "select": {"en": "Play {0}", "el": "Κίνηση {0}"},
    "suggested": {"en": "Suggested: {0}", "el": "Πρόταση: {0}"},
    "plays_group": {"en": "Plays {0} to {1}, starting {2}",
                    "el": "Κινήσεις {0} έως {1}, πρώτη η {2}"},
    "from": {"en": "From {0}", "el": "Από το {0}"},
    "from_bar": {"en": "From the bar", "el": "Από τη μπάρα"},
    "to": {"en": "To {0}", "el": "Στο {0}"},
    "to_off": {"en": "Bear off", "el": "Μάζεμα"},
    "bar": {"en": "bar", "el": "μπάρα"},
    "off": {"en": "off", "el": "έξω"},
    "undo_step": {"en": "Undo last step", "el": "Αναίρεση του τελευταίου βήματος"},
    "back": {"en": "Back", "el": "Πίσω"},
    "menu": {"en": "Menu", "el": "Μενού"},
    "settings": {"en": "Settings", "el": "Ρυθμίσεις"},
    "slower": {"en": "Slower scanning", "el": "Πιο αργή σάρωση"},
    "faster": {"en": "Faster scanning", "el": "Πιο γρήγορη σάρωση"},
    "undo": {"en": "Undo", "el": "Αναίρεση"},
    "confirm": {"en": "Confirm", "el": "Επιβεβαίωση"},
    "cancel": {"en": "Cancel", "el": "Ακύρωση"},
    "yes": {"en": "Yes", "el": "Ναι"},
    "no": {"en": "No", "el": "Όχι"},
    "resign": {"en": "Resign", "el": "Παραίτηση"},
    "double": {"en": "Double", "el": "Διπλασιασμός"},
    "take": {"en": "Take", "el": "Δέχομαι"},
    "drop": {"en": "Drop", "el": "Δεν δέχομαι"},
    "describe": {"en": "Describe position", "el": "Περιγραφή της θέσης"},
    "describe_brief": {"en": "Brief position", "el": "Σύντομη περιγραφή"},
    "describe_full": {"en": "Full position", "el": "Πλήρης περιγραφή"},
    "point": {"en": "Point {0}", "el": "Θέση {0}"},
    "quarter": {"en": "Quarter {0}", "el": "Τέταρτο {0}"},
    "plays": {"en": "List plays", "el": "Λίστα κινήσεων"},
    "pips": {"en": "Pip count", "el": "Μέτρημα πόντων"},
    "score": {"en": "Score", "el": "Σκορ"},
    "repeat": {"en": "Repeat", "el": "Επανάληψη"},
    "stop": {"en": "Stop speech", "el": "Σταμάτα την ομιλία"},
    "help": {"en": "Help", "el": "Βοήθεια"},
    "hint": {"en": "Hint", "el": "Συμβουλή"},
    "quit": {"en": "Quit", "el": "Έξοδος"},
    # What the scanner itself reports.
    "scan_paused": {"en": "Scanning paused. Press the switch to go on.",
                    "el": "Η σάρωση σταμάτησε. Πάτησε τον διακόπτη για να συνεχίσει."},
    "scan_interval": {"en": "Scan interval {0} seconds.",
                      "el": "Χρόνος σάρωσης {0} δευτερόλεπτα."},
    "setting_range": {"en": "The setting {0} must be between {1} and {2}, not {3}.",
                      "el": "Η ρύθμιση {0} πρέπει να είναι από {1} έως {2}, όχι {3}."},
    "setting_choice": {"en": "The setting {0} must be one of: {1}.",
                       "el": "Η ρύθμιση {0} πρέπει να είναι ένα από: {1}."},
    "setting_bad": {"en": "The setting {0} has a value that cannot be used.",
                    "el": "Η ρύθμιση {0} έχει τιμή που δεν μπορεί να χρησιμοποιηθεί."},
    "settings_unreadable": {
        "en": "The settings file could not be read; default scanning settings are used.",
        "el": "Το αρχείο ρυθμίσεων δεν διαβάστηκε· χρησιμοποιούνται οι αρχικές ρυθμίσεις σάρωσης."},
    "settings_corrupt": {
        "en": "The settings file is damaged; default scanning settings are used.",
        "el": "Το αρχείο ρυθμίσεων είναι χαλασμένο· χρησιμοποιούνται οι αρχικές ρυθμίσεις σάρωσης."},
    "settings_bad_section": {
        "en": "The scanning settings are damaged; the defaults are used.",
        "el": "Οι ρυθμίσεις σάρωσης είναι χαλασμένες· χρησιμοποιούνται οι αρχικές."},
    "settings_bad_values": {
        "en": "Some scanning settings could not be used and were reset: {0}.",
        "el": "Κάποιες ρυθμίσεις σάρωσης δεν ήταν σωστές και επανήλθαν: {0}."},
    "settings_kept_aside": {
        "en": "The damaged settings file was kept as {0}.",
        "el": "Το χαλασμένο αρχείο ρυθμίσεων κρατήθηκε ως {0}."},
}

#: Names of the settings as the user reads them.
SETTING_NAMES: dict[str, dict[str, str]] = {
    "mode": {"en": "scanning mode", "el": "τρόπος σάρωσης"},
    "interval": {"en": "scan interval", "el": "χρόνος σάρωσης"},
    "first_delay": {"en": "extra time on the first item",
                    "el": "επιπλέον χρόνος στο πρώτο στοιχείο"},
    "loops": {"en": "loops before pausing", "el": "γύροι πριν από την παύση"},
    "pick_pause": {"en": "pause after a pick", "el": "παύση μετά την επιλογή"},
    "ignore_repeat": {"en": "ignore repeated presses", "el": "αγνόηση επαναλαμβανόμενων πατημάτων"},
    "hold_min": {"en": "hold to pick", "el": "κράτημα για επιλογή"},
    "finish_speaking": {"en": "finish speaking before moving on",
                        "el": "τέλος ομιλίας πριν από την επόμενη επιλογή"},
    "single_play": {"en": "single play", "el": "μοναδική κίνηση"},
    "group_size": {"en": "group size", "el": "μέγεθος ομάδας"},
    "play_choice": {"en": "how plays are chosen", "el": "τρόπος επιλογής κίνησης"},
    "list_limit": {"en": "plays listed one by one", "el": "κινήσεις σε απλή λίστα"},
    "pick_key": {"en": "pick key", "el": "πλήκτρο επιλογής"},
    "next_key": {"en": "next key", "el": "πλήκτρο επόμενου"},
}


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
