"""The few words only the board window shows, in English and Greek side by side.

Game events are worded by ``narration`` (``screen_text`` / ``messages``);
this table holds the window's own labels: buttons, headings, the no-display
message. The lead may merge it into ``narration/messages.py``; a test checks
that every key has both languages and the same placeholders.
"""

from __future__ import annotations

import string
from typing import Any

LANGS = ("en", "el")

WORDS: dict[str, dict[str, str]] = {
    "title": {"en": "Tavli — accessible board", "el": "Τάβλι — προσβάσιμο ταμπλό"},
    "roll": {"en": "Roll", "el": "Ρίξε"},
    "confirm": {"en": "Confirm", "el": "Επιβεβαίωση"},
    "undo": {"en": "Undo", "el": "Αναίρεση"},
    "cancel": {"en": "Back", "el": "Πίσω"},
    "double": {"en": "Double", "el": "Διπλό"},
    "take": {"en": "Take", "el": "Δέχομαι"},
    "drop": {"en": "Drop", "el": "Δεν δέχομαι"},
    "yes": {"en": "Yes", "el": "Ναι"},
    "no": {"en": "No", "el": "Όχι"},
    "close": {"en": "Close", "el": "Κλείσιμο"},
    "plays": {"en": "Plays", "el": "Κινήσεις"},
    "plays_more": {"en": "Plays {start}–{end} of {count}", "el": "Κινήσεις {start}–{end} από {count}"},
    "turn_mine": {"en": "Your turn", "el": "Σειρά σου"},
    "turn_other": {"en": "{name} to play", "el": "Παίζει: {name}"},
    "thinking": {"en": "{name} is playing…", "el": "Παίζει: {name}…"},
    "score": {"en": "{me}: {a} · {other}: {b} · match to {length}",
              "el": "{me}: {a} · {other}: {b} · αγώνας στους {length}"},
    "game_no": {"en": "{game}, game {number}", "el": "{game}, παιχνίδι {number}"},
    "dice": {"en": "Dice {a} {b}", "el": "Ζάρια {a} {b}"},
    "pending": {"en": "Chosen: {play}. Confirm or undo.", "el": "Επιλογή: {play}. Επιβεβαίωσε ή αναίρεσε."},
    "picked": {"en": "Checker on {point}: choose where it goes.",
               "el": "Πούλι στο {point}: διάλεξε πού πάει."},
    "roll_prompt": {"en": "Press OK or R to roll.", "el": "Πάτησε OK ή R για να ρίξεις."},
    "choose_prompt": {"en": "Arrows: checker · OK: pick up · Down: list · digits: play",
                      "el": "Βέλη: πούλι · OK: σήκωσε · Κάτω: λίστα · αριθμός: κίνηση"},
    "confirm_prompt": {"en": "OK confirms, Back undoes.", "el": "OK επιβεβαιώνει, Πίσω αναιρεί."},
    "question_resign": {"en": "Resign this game?", "el": "Παραίτηση από αυτό το παιχνίδι;"},
    "question_take": {"en": "Take the double to {value}?", "el": "Δέχεσαι το διπλό στα {value};"},
    "question_quit": {"en": "Quit?", "el": "Έξοδος;"},
    "match_over": {"en": "Match over: {name} wins {a}–{b}.",
                   "el": "Τέλος αγώνα: κερδίζει {name} {a}–{b}."},
    "game_over": {"en": "Game over: {name} wins {points}.",
                  "el": "Τέλος παιχνιδιού: κερδίζει {name} ({points})."},
    "close_prompt": {"en": "Press OK or Esc to close.", "el": "Πάτησε OK ή Esc για κλείσιμο."},
    "scanning": {"en": "Scanning", "el": "Σάρωση"},
    "scan_paused": {"en": "Scanning paused: press the switch.",
                    "el": "Η σάρωση σταμάτησε: πάτησε τον διακόπτη."},
    "bar": {"en": "bar", "el": "μπάρα"},
    "off": {"en": "off", "el": "έξω"},
    "pinned": {"en": "pinned", "el": "πλακωμένο"},
    "no_display": {
        "en": "The board window cannot open: no display was found ({why}). "
              "Play in the terminal instead: tavli-voice play",
        "el": "Το παράθυρο του ταμπλό δεν μπορεί να ανοίξει: δεν βρέθηκε οθόνη ({why}). "
              "Παίξε στο τερματικό: tavli-voice play"},
    "no_pygame": {
        "en": "The board window needs pygame, which is not installed ({why}).",
        "el": "Το παράθυρο του ταμπλό χρειάζεται το pygame, που δεν είναι εγκατεστημένο ({why})."},
    "window_error": {
        "en": "The board window stopped because of an error ({why}). The match is saved.",
        "el": "Το παράθυρο του ταμπλό σταμάτησε λόγω σφάλματος ({why}). Ο αγώνας αποθηκεύτηκε."},
    "rejected": {"en": "Not possible now.", "el": "Δεν γίνεται τώρα."},
}


def word(key: str, lang: str = "en", **kw: Any) -> str:
    """The label ``key`` in ``lang`` (English for an unknown language)."""
    table = WORDS[key]
    return table.get(lang, table["en"]).format(**kw)


def placeholders(template: str) -> set[str]:
    """Names of the ``{…}`` fields of a template (for the completeness test)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def game_title(game: str, lang: str, preset: str | None = None) -> str:
    """A game's name from ``narration.messages`` (the game key itself as fallback)."""
    try:
        from ...narration.messages import game_name
        return game_name(game, lang, preset)
    except Exception:  # messages not there yet or unknown language
        return game.capitalize()


def player_name(name: str, bot: str | None, index: int, lang: str) -> str:
    """How to show a player, from ``narration.messages`` when present."""
    try:
        from ...narration.messages import player_words
        return player_words(name, bot, index, lang).name
    except Exception:
        return name or f"Player {index + 1}"
