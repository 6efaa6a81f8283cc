"""Every sentence speech input says to the player, in English and Greek.

Kept as one table keyed by message key (the lead may merge it into
``narration/messages.py``). Values are ``str.format`` templates; the Greek
uses the polite plural, as the narrator does.
"""

from __future__ import annotations

from typing import Final

from .words import Lang

MESSAGES: Final[dict[str, dict[Lang, str]]] = {
    "not_understood": {
        "en": "Not understood: {hint}.",
        "el": "Δεν κατάλαβα: {hint}.",
    },
    "unsure": {
        "en": "I am not sure what you said: {hint}.",
        "el": "Δεν είμαι σίγουρος τι είπατε: {hint}.",
    },
    "hint_numbers": {
        "en": "say a number from 1 to {n}",
        "el": "πείτε έναν αριθμό από 1 έως {n}",
    },
    "hint_one": {
        "en": "say one",
        "el": "πείτε ένα",
    },
    "hint_from": {
        "en": "say from and a point, for example from {example}",
        "el": "πείτε από και ένα σημείο, για παράδειγμα από {example}",
    },
    "hint_to": {
        "en": "say to and a point, for example to {example}",
        "el": "πείτε στο και ένα σημείο, για παράδειγμα στο {example}",
    },
    "hint_commands": {
        "en": "say {commands}",
        "el": "πείτε {commands}",
    },
    "hint_or": {
        "en": "{first}, or {rest}",
        "el": "{first}, ή {rest}",
    },
    "word_or": {"en": "or", "el": "ή"},
    "did_you_say": {
        "en": "Did you say {text}? Say yes or no.",
        "el": "Είπατε {text}; Πείτε ναι ή όχι.",
    },
    "mic_missing": {
        "en": "No microphone was found, so voice input is off. The keyboard still works.",
        "el": "Δεν βρέθηκε μικρόφωνο, οπότε η φωνητική είσοδος είναι κλειστή. Το πληκτρολόγιο λειτουργεί.",
    },
    "portaudio_missing": {
        "en": "The sound input library PortAudio is missing, so voice input is off. "
              "The keyboard still works. Install the package libportaudio2.",
        "el": "Λείπει η βιβλιοθήκη ήχου PortAudio, οπότε η φωνητική είσοδος είναι κλειστή. "
              "Το πληκτρολόγιο λειτουργεί. Εγκαταστήστε το πακέτο libportaudio2.",
    },
    "mic_failed": {
        "en": "The microphone stopped working ({detail}). Voice input is off; the keyboard still works.",
        "el": "Το μικρόφωνο σταμάτησε να λειτουργεί ({detail}). Η φωνητική είσοδος είναι κλειστή· "
              "το πληκτρολόγιο λειτουργεί.",
    },
    "engine_missing": {
        "en": "The speech recogniser {engine} is not installed: {detail}.",
        "el": "Ο αναγνωριστής ομιλίας {engine} δεν είναι εγκατεστημένος: {detail}.",
    },
    "engine_unknown": {
        "en": "Unknown speech recogniser {engine}. Choose one of: {choices}.",
        "el": "Άγνωστος αναγνωριστής ομιλίας {engine}. Διαλέξτε ένα από: {choices}.",
    },
    "model_missing": {
        "en": "No Vosk model for {lang} was found in {where}. Run: tavli-voice models.",
        "el": "Δεν βρέθηκε μοντέλο Vosk για {lang} στο {where}. Εκτελέστε: tavli-voice models.",
    },
    "not_enrolled": {
        "en": "No personal words are recorded yet for this language. Run: tavli-voice enroll.",
        "el": "Δεν έχουν ηχογραφηθεί ακόμη προσωπικές λέξεις για αυτή τη γλώσσα. "
              "Εκτελέστε: tavli-voice enroll.",
    },
    "file_unreadable": {
        "en": "Cannot read the sound file {file}: {detail}.",
        "el": "Δεν μπορώ να διαβάσω το αρχείο ήχου {file}: {detail}.",
    },
    "models_installed": {
        "en": "Installed speech models:",
        "el": "Εγκατεστημένα μοντέλα ομιλίας:",
    },
    "models_none": {
        "en": "No Vosk model is installed (looked in {where}). The built-in English recogniser "
              "(pocketsphinx) is used for English and Greek.",
        "el": "Δεν είναι εγκατεστημένο κανένα μοντέλο Vosk (έψαξα στο {where}). Χρησιμοποιείται ο "
              "ενσωματωμένος αγγλικός αναγνωριστής (pocketsphinx) για αγγλικά και ελληνικά.",
    },
    "models_known": {
        "en": "Models that can be fetched by name:",
        "el": "Μοντέλα που μπορούν να κατέβουν με το όνομά τους:",
    },
    "models_offline": {
        "en": "Cannot fetch {name}: this computer is not connected to the internet ({detail}). "
              "Download {url} on another computer and unpack it into {where}.",
        "el": "Δεν μπορώ να κατεβάσω το {name}: ο υπολογιστής δεν είναι συνδεδεμένος στο διαδίκτυο "
              "({detail}). Κατεβάστε το {url} σε άλλον υπολογιστή και αποσυμπιέστε το στο {where}.",
    },
    "models_unknown": {
        "en": "Unknown model {name}. Known models: {names}.",
        "el": "Άγνωστο μοντέλο {name}. Γνωστά μοντέλα: {names}.",
    },
    "models_fetched": {
        "en": "Model {name} is installed in {where}.",
        "el": "Το μοντέλο {name} εγκαταστάθηκε στο {where}.",
    },
    "models_present": {
        "en": "Model {name} is already installed in {where}.",
        "el": "Το μοντέλο {name} είναι ήδη εγκατεστημένο στο {where}.",
    },
    "enroll_intro": {
        "en": "Personal words: say each word when asked, {takes} times. Speak as you will in the game. "
              "Press Control C to stop; what was recorded so far is kept.",
        "el": "Προσωπικές λέξεις: πείτε κάθε λέξη όταν σας ζητηθεί, {takes} φορές. Μιλήστε όπως θα "
              "μιλάτε στο παιχνίδι. Πατήστε Control C για διακοπή· ό,τι ηχογραφήθηκε κρατιέται.",
    },
    "enroll_say": {
        "en": "Say: {word} ({take} of {takes})",
        "el": "Πείτε: {word} ({take} από {takes})",
    },
    "enroll_nothing": {
        "en": "I heard nothing. Please say it again.",
        "el": "Δεν άκουσα τίποτα. Πείτε το ξανά, παρακαλώ.",
    },
    "enroll_done": {
        "en": "Saved {count} recordings in {where}. Your own words are used first from now on.",
        "el": "Αποθηκεύτηκαν {count} ηχογραφήσεις στο {where}. Οι δικές σας λέξεις χρησιμοποιούνται "
              "πρώτες από τώρα.",
    },
    "enroll_stopped": {
        "en": "Stopped. Saved {count} recordings in {where}.",
        "el": "Διακοπή. Αποθηκεύτηκαν {count} ηχογραφήσεις στο {where}.",
    },
}


def message(key: str, lang: Lang, /, **values: object) -> str:
    """The sentence ``key`` in ``lang`` with ``values`` filled in."""
    return MESSAGES[key][lang].format(**values)
