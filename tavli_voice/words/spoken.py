"""What speech says instead of a path, a command line or an option name.

The screen shows ``tavli-voice resume --save /home/maria/tavli/autosave.json``;
read out, espeak-ng would spell it letter by letter ("σαβε ομε μαρια …"). So
:func:`tavli_voice.narration.speechtext.clean_for_speech` says in Greek what
each one is: "την εντολή ριζιούμ", "την επιλογή σέιβ", "στον φάκελο
δεδομένων", "στο αρχείο". The words are here, in the catalogue under the
prefix ``spoken.``; :data:`SPOKEN_LATIN` adds the names of the program's
commands and options, said as a Greek says them (beside ``latin.``).
"""

from __future__ import annotations

#: key → language → text; in the catalogue under the prefix ``spoken.``.
SPOKEN_WORDS: dict[str, dict[str, str]] = {
    # "με: tavli-voice resume --save …" → "με την εντολή ριζιούμ"
    "command": {"en": "the {name} command", "el": "την εντολή {name}"},
    "pip": {"en": "with the pip install command", "el": "με την εντολή πιπ ίνσταλ"},
    # "Με το --no-save" → "Με την επιλογή νόου σέιβ"; "το --players θέλει" → "η επιλογή …"
    "option.acc": {"en": "the {name} option", "el": "την επιλογή {name}"},
    "option.nom": {"en": "the {name} option", "el": "η επιλογή {name}"},
    # a path: "στο /…/autosave.json" → "στο αρχείο του φακέλου δεδομένων"
    "file": {"en": "the file", "el": "αρχείο"},
    "data_file": {"en": "the file in the data folder", "el": "αρχείο του φακέλου δεδομένων"},
    "folder": {"en": "the folder", "el": "φάκελο"},
    "data_folder": {"en": "the data folder", "el": "φάκελο δεδομένων"},
}

#: Names of commands and options in Greek sounds (Latin word → {"en", "el"}).
SPOKEN_LATIN: dict[str, dict[str, str]] = {
    name: {"en": name, "el": sounds} for name, sounds in (
        ("save", "σέιβ"), ("no", "νόου"), ("players", "πλέιερς"), ("options", "όπσενς"),
        ("moves", "μουβς"), ("hear", "χίαρ"), ("models", "μόντελς"), ("enroll", "ενρόουλ"),
        ("review", "ριβιού"), ("fetch", "φετς"), ("list", "λιστ"), ("side", "σάιντ"),
        ("commands", "κομάντς"), ("takes", "τέικς"), ("numbers", "νάμπερς"),
        ("dice", "ντάις"), ("jsonl", "τζέισον ελ"), ("json", "τζέισον"),
        ("suggest", "σατζέστ"), ("seed", "σιντ"), ("lang", "λανγκ"), ("game", "γκέιμ"),
        ("points", "πόιντς"), ("preset", "πρίσετ"), ("opponent", "οπόουνεντ"),
        ("watch", "γουότς"), ("wait", "γουέιτ"), ("bot", "μποτ"), ("coach", "κόουτς"),
        ("timer", "τάιμερ"), ("speech", "σπιτς"), ("window", "γουίντοου"), ("scan", "σκαν"),
        ("rate", "ρέιτ"), ("volume", "βόλιουμ"), ("words", "γουόρντς"), ("help", "χελπ"),
        ("confirm", "κονφέρμ"), ("step", "στεπ"), ("engine", "έντζιν"), ("profile", "πρόφαϊλ"),
        ("phase", "φέιζ"), ("version", "βέρζιον"), ("whisper", "γουίσπερ"),
    )
}
