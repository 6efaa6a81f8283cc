"""The words catalogue: every user-facing word, English and Greek side by side.

Inputs (keys, voice, scanning) and outputs (narration, terminal, board window,
command line) all take their words from here and from nowhere else, by *key*,
so the language can change at run time (style guide 2.4).

**One lookup.** ``text(key, lang, *args, **kw)`` returns the entry ``key`` of
:data:`ENTRIES` in ``lang`` ("en" or "el"), formatted with ``str.format``
(named fields from ``kw``, positional ``{0}`` fields from ``args``)::

    from tavli_voice.words import text
    text("dice.rolled.you", "el", dice="6 και 5")   # narration, no prefix
    text("board.roll", lang)                        # the board window's labels
    text("scan.from", lang, 13)                     # scan options
    text("voice.did_you_say", lang, text="ρίξε")    # voice input

:data:`ENTRIES` is built from the sections below, each under its prefix
(:data:`SECTIONS`): ``""`` :data:`MESSAGES` (narration, terminal, command
line, help), ``board.``, ``scan.``, ``scanui.``, ``scankey.``, ``setting.``,
``speechoff.``, ``symbol.`` (words for notation in speech), ``voice.``.

**To add a sentence**, add one line to the section it belongs to, with both
languages and the same placeholders in each::

    "pass.you": {"en": "You lose your turn: {reason}.",
                 "el": "Χάνεις τη σειρά σου: {reason}."},

and call ``text("pass.you", lang, reason=...)``. Tests fail when a language is
missing, when the placeholders differ, or when the Greek breaks the glossary
(``shared/greek-review.md``: "την μπάρα", "θέση" for a point, "ταμπλό" for the
whole board, "μέτρημα" for the pip count, no ``;`` between list items; a Greek
question ends in ``;`` on screen and is spoken rising). Greek uses the
familiar singular ("έφερες", "χάνεις τη σειρά σου").

The rest of the catalogue:

* :data:`PLURALS` — key → ``{"en": (one, many), "el": (one, many)}``;
  :func:`plural` picks the form for ``n`` and fills ``{n}`` with
  :func:`number`, which writes Greek masculine and feminine numbers as words
  in speech ("τρεις κινήσεις", "ένας πόντος"): espeak-ng, and a screen
  reader with it, would read the digit as the neuter ("τρία"). Screen text
  keeps digits but where the gender is heard ("τρεις κινήσεις", "25
  κινήσεις"). Give the Greek gender of a new counted noun in
  :data:`PLURAL_GENDER`.
* Names: :func:`game_name`, :func:`preset_name`, :func:`player_words` (bots
  have Greek names with their article: "η Ρίτα", "ο δυνατός παίκτης").
* Dice: :func:`dice_words` ("6 and 5", "double sixes"; "6 και 5",
  "εξάρες") with the Greek names of doubles: άσοι, δυάρες, τριάρες,
  ντόρτια, πεντάρες, εξάρες.
* The terminal's one-letter commands: :data:`COMMAND_KEYS` and :func:`help_lines`.
* :func:`default_lang` reads the locale (``--lang`` overrides, in the caller).

>>> text("dice.rolled.you", "el", dice=dice_words((6, 6), "el", case="acc"))
'Έφερες εξάρες.'
>>> plural("count.play", 3, "el", speech=True)
'τρεις κινήσεις'
>>> plural("count.play", 3, "el"), plural("count.play", 5, "el")
('τρεις κινήσεις', '5 κινήσεις')
"""

from __future__ import annotations

import os
import re
import string
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from tavli_voice.command_table import LANGS as LANGS  # the languages every message exists in
from tavli_voice.command_table import Lang as Lang
from tavli_voice.command_table import help_rows, scanned_commands

#: Grammatical gender of a counted Greek noun: masculine, feminine, neuter.
Gender = Literal["m", "f", "n"]
Case = Literal["nom", "acc"]

# ---------------------------------------------------------------------------
# Messages: key -> language -> template
# ---------------------------------------------------------------------------
MESSAGES: dict[str, dict[str, str]] = {
    # --- general glue --------------------------------------------------------
    "word.and": {"en": "and", "el": "και"},
    "word.or": {"en": "or", "el": "ή"},
    "word.then": {"en": "then", "el": "και μετά"},
    "word.you": {"en": "you", "el": "εσύ"},
    "word.bar": {"en": "the bar", "el": "την μπάρα"},
    "word.bar_short": {"en": "bar", "el": "μπάρα"},
    "word.off": {"en": "off", "el": "έξω"},
    "word.none": {"en": "none", "el": "κανένα"},
    # between items that hold commas themselves; ";" is the Greek question mark, and the
    # Greek «·» (ano teleia) follows its word with no space, as ";" does in English
    "word.list_sep": {"en": "; ", "el": "· "},
    "error.match_length": {"en": "a match is at least 1 point long",
                           "el": "χρειάζεται τουλάχιστον έναν πόντο"},
    "error.players": {"en": "--players takes two names, like rita,strong",
                      "el": "το --players θέλει δύο ονόματα, π.χ. rita,strong"},
    "error.preset_game": {"en": "{game} is not played under the {preset} rules",
                          "el": "η {game} δεν παίζεται με τους κανόνες {preset}"},
    # a value argparse refuses, after "argument --rate:" (Greek: "το --rate")
    "arg.path_too_long": {"en": "takes a file or folder name the system accepts; this one is too "
                                "long",
                          "el": "θέλει όνομα αρχείου ή φακέλου που δέχεται το σύστημα· αυτό είναι "
                                "πολύ μεγάλο"},
    "arg.whole_number": {"en": "takes a whole number from {0} to {1}, not '{value}'",
                         "el": "θέλει ακέραιο αριθμό από {0} έως {1}, όχι «{value}»"},
    "arg.number": {"en": "takes a number from {0} to {1}, not '{value}'",
                   "el": "θέλει αριθμό από {0} έως {1}, όχι «{value}»"},
    "arg.seed_long": {"en": "takes a seed of at most {0} characters",
                      "el": "θέλει σπόρο έως {0} χαρακτήρες"},
    "arg.too_long": {"en": "takes at most {0} characters", "el": "δέχεται έως {0} χαρακτήρες"},
    "arg.empty": {"en": "takes a name, not an empty one", "el": "θέλει όνομα, όχι κενό"},
    "arg.not_utf8": {"en": "takes text, and '{value}' has bytes that are not UTF-8",
                     "el": "θέλει κείμενο, και το «{value}» έχει bytes που δεν είναι UTF-8"},
    "entry": {"en": "{who} {n}", "el": "{who} {n}"},
    "sentence.because": {"en": "{what}, because {why}", "el": "{what}, γιατί {why}"},
    "prefix.who": {"en": "{who}: {text}", "el": "{who}: {text}"},

    # --- dice ----------------------------------------------------------------
    "dice.pair": {"en": "{hi} and {lo}", "el": "{hi} και {lo}"},
    "dice.double": {"en": "double {name}", "el": "{name}"},
    "dice.rolled.you": {"en": "You rolled {dice}.", "el": "Έφερες {dice}."},
    "dice.rolled.other": {"en": "{who} rolled {dice}.", "el": "{who} έφερε {dice}."},
    "dice.auto.you": {"en": "You start; your dice are {dice}.",
                      "el": "Αρχίζεις εσύ και παίζεις {dice}."},
    "dice.auto.other": {"en": "{who} starts; the dice are {dice}.",
                        "el": "Αρχίζει {who} και παίζει {dice}."},
    "dice.terse.you": {"en": "{dice}.", "el": "{dice}."},
    "dice.terse.other": {"en": "{who}: {dice}.", "el": "{who}: {dice}."},
    "dice.four_moves": {"en": "Four moves of {die}.", "el": "Τέσσερις φορές το {die}."},

    # --- match and game start (R3, R9) ---------------------------------------
    "match.new": {"en": "New match: {game}, {length}.",
                  "el": "Νέος αγώνας: {game}, {length}."},
    "match.resumed": {"en": "Match resumed: {game}, {length}.",
                      "el": "Ο αγώνας συνεχίζεται: {game}, {length}."},
    "match.players": {"en": "Players: {a} and {b}.", "el": "Παίκτες: {a} και {b}."},
    "match.rules": {"en": "Rules: {preset}.", "el": "Κανόνες: {preset}."},
    "game.start": {"en": "Game {number}: {game}.", "el": "Παρτίδα {number}: {game}."},
    "opening.roll": {"en": "Opening roll: {entries}.", "el": "Ποιος αρχίζει: {entries}."},
    "opening.tie": {"en": "Opening roll: both {die}, roll again.",
                    "el": "Ποιος αρχίζει: {die} και οι δύο, ξαναρίχνουν."},
    # a tie when the listener is one of the two ("ξαναρίχνετε": you and the other)
    "opening.tie.you": {"en": "Opening roll: both {die}, roll again.",
                        "el": "Ποιος αρχίζει: {die} και οι δύο, ξαναρίχνετε."},
    # a tie after a tie: the heading once in the line, so a screen reader never hears one sentence twice
    "opening.tie.again": {"en": "Again: both {die}, roll again.",
                          "el": "Ξανά: {die} και οι δύο, ξαναρίχνουν."},
    "opening.tie.again.you": {"en": "Again: both {die}, roll again.",
                              "el": "Ξανά: {die} και οι δύο, ξαναρίχνετε."},
    # the roll after a tie: the heading is not said twice in one line
    "opening.again": {"en": "Again: {entries}.", "el": "Ξανά: {entries}."},
    "start.you": {"en": "You start.", "el": "Αρχίζεις εσύ."},
    "start.other": {"en": "{who} starts.", "el": "Αρχίζει {who}."},
    "start.winner.you": {"en": "You start, as the winner of the last game.",
                         "el": "Αρχίζεις εσύ, γιατί κέρδισες την προηγούμενη παρτίδα."},
    "start.winner.other": {"en": "{who} starts, as the winner of the last game.",
                           "el": "Αρχίζει {who}, που κέρδισε την προηγούμενη παρτίδα."},

    # --- turns -----------------------------------------------------------------
    "turn.you": {"en": "Your turn.", "el": "Σειρά σου."},
    "turn.other": {"en": "{whose} turn.", "el": "Σειρά {whose}."},
    "turn.can_double": {"en": "You may double before you roll.",
                        "el": "Μπορείς να διπλασιάσεις πριν ρίξεις."},

    # --- one checker's move, in words (R1: never symbols aloud) ---------------
    "move.from_to": {"en": "from {a} to {b}", "el": "από το {a} στο {b}"},
    "move.from_bar_to": {"en": "from the bar to {b}", "el": "από την μπάρα στο {b}"},
    "move.bear_off": {"en": "from {a} off the board", "el": "από το {a} έξω"},
    "move.then_to": {"en": "then to {b}", "el": "και μετά στο {b}"},
    "move.then_off": {"en": "then off the board", "el": "και μετά έξω"},
    "move.hit.you": {"en": "hitting", "el": "και χτυπάς"},
    "move.hit.other": {"en": "hitting", "el": "και χτυπάει"},
    "move.pin.you": {"en": "pinning", "el": "και πλακώνεις"},
    "move.pin.other": {"en": "pinning", "el": "και πλακώνει"},
    # a play already made is told in the past, one tense per sentence ("Έπαιξες … και χτύπησες")
    "move.hit.you.past": {"en": "hitting", "el": "και χτύπησες"},
    "move.hit.other.past": {"en": "hitting", "el": "και χτύπησε"},
    "move.pin.you.past": {"en": "pinning", "el": "και πλάκωσες"},
    "move.pin.other.past": {"en": "pinning", "el": "και πλάκωσε"},
    "move.count": {"en": "{n} checkers {move}", "el": "{n} πούλια {move}"},
    "move.terse.from_to": {"en": "{a} to {b}", "el": "{a} στο {b}"},
    "move.terse.from_bar_to": {"en": "bar to {b}", "el": "μπάρα στο {b}"},
    "move.terse.bear_off": {"en": "{a} off", "el": "{a} έξω"},
    "move.terse.then_to": {"en": "to {b}", "el": "στο {b}"},
    "move.terse.then_off": {"en": "off", "el": "έξω"},
    "move.terse.count": {"en": "{n} times {move}", "el": "{n} φορές {move}"},
    "move.none": {"en": "no move", "el": "καμία κίνηση"},

    # --- plays on offer, chosen, made -----------------------------------------
    "plays.intro.you": {"en": "{count} to choose from:", "el": "Έχεις {count} να διαλέξεις:"},
    "plays.intro.other": {"en": "{who} chooses from {count}:",
                          "el": "{who} διαλέγει από {count}:"},
    "plays.intro.terse": {"en": "Plays:", "el": "Κινήσεις:"},
    "plays.item": {"en": "{n}: {play}", "el": "{n}: {play}"},
    "plays.item_suggested": {"en": "{n}: {play}, suggested", "el": "{n}: {play} (προτείνεται)"},
    "help.select.one": {"en": "play the only play", "el": "παίξε τη μόνη κίνηση"},
    "error.internal": {"en": "Something went wrong inside the program; that command was not "
                             "done, and the game goes on. Please try again or type h for help.",
                       "el": "Κάτι πήγε στραβά μέσα στο πρόγραμμα, και η εντολή δεν έγινε· το "
                             "παιχνίδι συνεχίζεται. Δοκίμασε ξανά ή γράψε h για βοήθεια."},
    "help.history": {"en": "the last messages again", "el": "τα τελευταία μηνύματα ξανά"},
    "history.intro": {"en": "The last messages:", "el": "Τα τελευταία μηνύματα:"},
    "history.empty": {"en": "Nothing has been said yet.", "el": "Δεν έχει ειπωθεί τίποτα ακόμα."},
    "help.leave": {"en": "leave the table: the whole match is lost (asks first)",
                   "el": "φύγε από το τραπέζι: χάνεις όλο τον αγώνα (ρωτάει πρώτα)"},
    "help.new_match": {"en": "once the match is over, another with the same options and new dice",
                       "el": "όταν τελειώσει ο αγώνας, άλλος ένας με τις ίδιες επιλογές και νέα ζάρια"},
    "cli.usage": {"en": "usage: tavli-voice [COMMAND] [options]   (tavli-voice COMMAND -h: its options)\n"
                        "\n"
                        "  (none)    start a 5-point Tavli match against Rita in the terminal\n"
                        "  play      start a match: choose the game, opponent, language, "
                        "speech, scanning …\n"
                        "  resume    continue the saved match (resume NAME: one kept under a "
                        "name)\n"
                        "  window    play with the board window as well as the terminal\n"
                        "  moves     list the legal plays of a position and dice\n"
                        "  review    the kept matches (review --list) and the expert's judgement "
                        "of every play (review --jsonl)\n"
                        "  hear      try voice commands: prints what was understood\n"
                        "  models    list the installed speech models, or fetch one\n"
                        "  enroll    record your own voice for the voice commands\n"
                        "\n"
                        "  --version show the version",
                  "el": "χρήση: tavli-voice [ΕΝΤΟΛΗ] [επιλογές]   (tavli-voice ΕΝΤΟΛΗ -h: οι "
                        "επιλογές της)\n"
                        "\n"
                        "  (καμία)   ξεκινά αγώνα τάβλι στους 5 πόντους με τη Ρίτα στο τερματικό\n"
                        "  play      ξεκινά αγώνα: παιχνίδι, αντίπαλος, γλώσσα, ομιλία, "
                        "σάρωση …\n"
                        "  resume    συνεχίζει τον αποθηκευμένο αγώνα (resume ΟΝΟΜΑ: αγώνα που "
                        "κρατήθηκε με όνομα)\n"
                        "  window    ξεκινά αγώνα και με το παράθυρο του ταμπλό\n"
                        "  moves     γράφει τις επιτρεπτές κινήσεις για ένα ταμπλό και μια ζαριά\n"
                        "  review    δείχνει τους αγώνες που κρατήθηκαν (review --list) και την κρίση του "
                        "έμπειρου παίκτη για κάθε κίνηση (review --jsonl)\n"
                        "  hear      δοκιμάζει τις φωνητικές εντολές: γράφει τι κατάλαβε\n"
                        "  models    δείχνει τα εγκατεστημένα μοντέλα ομιλίας ή κατεβάζει ένα\n"
                        "  enroll    ηχογραφεί τη δική σου φωνή για τις φωνητικές εντολές\n"
                        "\n"
                        "  --version η έκδοση"},
    "cli.no_voice": {"en": "tavli-voice {name}: speech input is not available ({error}).",
                     "el": "tavli-voice {name}: η φωνητική είσοδος δεν είναι διαθέσιμη ({error})."},
    "moves.usage": {"en": "tavli-voice moves: give a position file and --dice A B, or --jsonl",
                    "el": "tavli-voice moves: δώσε ένα αρχείο με το ταμπλό και --dice A B, ή "
                          "--jsonl"},
    "moves.cannot_read": {"en": "tavli-voice moves: cannot read {path}: {error}",
                          "el": "tavli-voice moves: δεν μπορώ να διαβάσω το {path}: {error}"},
    "moves.bad_position": {"en": "tavli-voice moves: {error}",
                           "el": "tavli-voice moves: {error}"},
    # names of the values in usage lines ("--points POINTS" / "--points ΠΟΝΤΟΙ")
    "metavar.points": {"en": "POINTS", "el": "ΠΟΝΤΟΙ"},
    "metavar.players": {"en": "BOT,BOT", "el": "ΜΠΟΤ,ΜΠΟΤ"},
    "metavar.seed": {"en": "SEED", "el": "ΣΠΟΡΟΣ"},
    "metavar.bot": {"en": "BOT", "el": "ΜΠΟΤ"},
    "metavar.rate": {"en": "WORDS", "el": "ΛΕΞΕΙΣ"},
    "metavar.volume": {"en": "VOLUME", "el": "ΕΝΤΑΣΗ"},
    "metavar.engine": {"en": "ENGINE", "el": "ΜΗΧΑΝΗ"},
    "metavar.scale": {"en": "SIZE", "el": "ΜΕΓΕΘΟΣ"},
    "metavar.seconds": {"en": "SECONDS", "el": "ΔΕΥΤΕΡΟΛΕΠΤΑ"},
    "metavar.file": {"en": "FILE", "el": "ΑΡΧΕΙΟ"},
    "metavar.plays": {"en": "PLAYS", "el": "ΚΙΝΗΣΕΙΣ"},
    "metavar.folder": {"en": "FOLDER", "el": "ΦΑΚΕΛΟΣ"},
    "metavar.commands": {"en": "COMMANDS", "el": "ΕΝΤΟΛΕΣ"},
    "metavar.name": {"en": "NAME", "el": "ΟΝΟΜΑ"},
    "metavar.times": {"en": "TIMES", "el": "ΦΟΡΕΣ"},
    "metavar.action": {"en": "ACTION", "el": "ΕΝΕΡΓΕΙΑ"},
    "moves.bot": {"en": "with --jsonl: add \"choice\", the index of this bot's play in \"plays\" "
                        "(random, rita, strong, expert)",
                  "el": "με το --jsonl: προσθέτει το \"choice\", τον αριθμό της κίνησης αυτού του "
                        "μποτ στο \"plays\" (random, rita, strong, expert)"},
    "moves.seed": {"en": "the bot's seed", "el": "ο σπόρος του μποτ"},
    "hear.description": {"en": "Recognise recorded files as if N plays were on offer. Each line says what a game "
                               "would do with the word said on its own (\"act\": now, or ask \"did you say "
                               "…?\"; \"rule\": why), on the default settings (what it is unsure of asked "
                               "back), with no question open, the plays offered long before, the room not noisy. "
                               "A command word not possible in the phase is reported as the game says so (\"say\").",
                         "el": "Αναγνώριση ηχογραφημένων αρχείων σαν να υπήρχαν N κινήσεις για "
                               "επιλογή. Κάθε γραμμή λέει τι θα έκανε το παιχνίδι με τη λέξη, αν ειπωνόταν "
                               "μόνη της (\"act\": now για αμέσως, ask για «Είπες…;»· \"rule\": γιατί), με τις "
                               "προεπιλεγμένες ρυθμίσεις (ό,τι δεν είναι σίγουρο ρωτιέται), χωρίς ανοιχτή "
                               "ερώτηση, με τις κινήσεις προσφερμένες πολύ πριν, σε δωμάτιο χωρίς θόρυβο. "
                               "Μια εντολή που δεν γίνεται σε αυτή τη φάση αναφέρεται όπως το λέει το "
                               "παιχνίδι (\"say\")."},
    "hear.files": {"en": "recorded sound files (WAV)", "el": "ηχογραφημένα αρχεία ήχου (WAV)"},
    "hear.lang": {"en": "language spoken in the files and of the messages: en or el (default: from the "
                        "system locale)",
                  "el": "γλώσσα των αρχείων και των μηνυμάτων: en ή el (προεπιλογή: η γλώσσα του "
                        "συστήματος)"},
    "hear.options": {"en": "plays on offer (default 9)",
                     "el": "πόσες κινήσεις υπάρχουν για επιλογή (προεπιλογή: 9)"},
    "hear.engine": {"en": "speech recogniser (default: auto)",
                    "el": "μηχανή αναγνώρισης ομιλίας (προεπιλογή: auto)"},
    "hear.phase": {"en": "listen as the game does in this phase of a turn: its commands on offer, the other "
                         "command words heard as not possible now (default {phase}: while a play is chosen; "
                         "turn: roll, play and yes/no together)",
                   "el": "ακούει όπως το παιχνίδι σε αυτή τη φάση της σειράς: οι εντολές της για επιλογή, "
                         "και οι υπόλοιπες λέξεις εντολών ακούγονται ως «δεν γίνεται τώρα» (προεπιλογή: "
                         "{phase}, όσο διαλέγεις κίνηση· turn: ζαριά, κίνηση και ναι/όχι μαζί)"},
    "hear.commands": {"en": "commands on offer instead, comma separated ('' for none)",
                      "el": "εντολές για επιλογή αντί γι' αυτές, χωρισμένες με κόμμα (κενό «» για "
                            "καμία)"},
    "hear.step": {"en": "also accept 'from N' / 'to N' (points 0-25)",
                  "el": "δέχεται και «από N» / «στο N» (θέσεις 0 έως 25)"},
    "hear.models": {"en": "folder with Vosk models", "el": "φάκελος με μοντέλα Vosk"},
    "hear.profile": {"en": "voice profile folder (enrolled words)",
                     "el": "φάκελος με τις δικές σου ηχογραφημένες λέξεις"},
    "hear.unknown_commands": {"en": "tavli-voice hear: unknown commands: {names}",
                              "el": "tavli-voice hear: άγνωστες εντολές: {names}"},
    "hear.bad_options": {"en": "tavli-voice hear: --options must be 0 or more",
                         "el": "tavli-voice hear: το --options θέλει αριθμό από 0 και πάνω"},
    "models.description": {"en": "List or fetch Vosk speech models.",
                           "el": "Λίστα ή κατέβασμα μοντέλων ομιλίας Vosk."},
    "models.action": {"en": "list (default) or fetch", "el": "list (προεπιλογή) ή fetch"},
    "models.name": {"en": "model to fetch", "el": "το μοντέλο που θα κατέβει"},
    "models.models": {"en": "extra folder to search and fetch into",
                      "el": "επιπλέον φάκελος για αναζήτηση και κατέβασμα"},
    "models.lang": {"en": "language of the messages: en or el (default: from the system locale)",
                    "el": "γλώσσα των μηνυμάτων: en ή el (προεπιλογή: η γλώσσα του συστήματος)"},
    "models.which": {"en": "tavli-voice models fetch: which model? Choose from: {names}",
                     "el": "tavli-voice models fetch: ποιο μοντέλο; Διάλεξε από: {names}"},
    "enroll.description": {"en": "Record your own words so the game knows your voice.",
                           "el": "Ηχογραφεί τις δικές σου λέξεις, για να αναγνωρίζει το "
                                 "παιχνίδι τη φωνή σου."},
    "enroll.lang": {"en": "language of the words: en or el (default: from the system locale)",
                    "el": "γλώσσα των λέξεων: en ή el (προεπιλογή: η γλώσσα του συστήματος)"},
    "enroll.takes": {"en": "times to say each word (default 3)",
                     "el": "πόσες φορές λες κάθε λέξη (προεπιλογή: 3)"},
    "enroll.numbers": {"en": "record the numbers 1 to N (default 12)",
                       "el": "ηχογραφεί τους αριθμούς 1 έως N (προεπιλογή: 12)"},
    "enroll.commands": {"en": "commands to record, comma separated",
                        "el": "εντολές για ηχογράφηση, χωρισμένες με κόμμα"},
    "enroll.steps": {"en": "also record from/to, bar, off and the points",
                     "el": "ηχογραφεί και τα «από», «στο», μπάρα, έξω και τις θέσεις"},
    "enroll.profile": {"en": "voice profile folder", "el": "φάκελος με τις ηχογραφημένες λέξεις"},
    "enroll.bad": {"en": "tavli-voice enroll: bad --commands, --takes or --numbers",
                   "el": "tavli-voice enroll: λάθος --commands, --takes ή --numbers"},
    "moves.reason": {"en": "reason: {reason}", "el": "αιτία: {reason}"},
    # sizes in MB in both languages, as the models list says them
    "moves.too_big": {"en": "tavli-voice moves: {path} is larger than {limit} MB; a position "
                            "file is far smaller.",
                      "el": "tavli-voice moves: το {path} είναι μεγαλύτερο από {limit} MB· ένα "
                            "αρχείο ταμπλό είναι πολύ μικρότερο."},
    "moves.wait": {"en": "how long to wait for a pipe or FIFO to send the position, up to {0} "
                         "seconds (default 60)",
                   "el": "πόση ώρα να περιμένει το ταμπλό από σωλήνα ή FIFO, έως {0} δευτερόλεπτα "
                         "(προεπιλογή: 60)"},
    "moves.waiting": {"en": "tavli-voice moves: waiting for a position from {path} (Ctrl-C "
                            "stops)…",
                      "el": "tavli-voice moves: περιμένω το ταμπλό από το {path} (το Ctrl-C "
                            "σταματά)…"},
    "moves.gave_up": {"en": "tavli-voice moves: nothing came from {path} in {seconds} seconds; "
                            "stopping.",
                      "el": "tavli-voice moves: δεν ήρθε τίποτα από το {path} σε {seconds} "
                            "δευτερόλεπτα· σταματώ."},
    "moves.game_over_mover": {
        "en": "tavli-voice moves: the game in this position is over: the player to move has "
              "borne off all 15 checkers, so there is no play to list.",
        "el": "tavli-voice moves: το παιχνίδι σε αυτή τη θέση έχει τελειώσει: αυτός που παίζει "
              "έχει μαζέψει και τα 15 πούλια, οπότε δεν υπάρχουν κινήσεις."},
    "moves.game_over_opponent": {
        "en": "tavli-voice moves: the game in this position is over: the opponent has borne off "
              "all 15 checkers, so there is no play to list.",
        "el": "tavli-voice moves: το παιχνίδι σε αυτή τη θέση έχει τελειώσει: ο αντίπαλος έχει "
              "μαζέψει και τα 15 πούλια, οπότε δεν υπάρχουν κινήσεις."},
    "moves.none": {"en": "no legal play: the turn passes",
                   "el": "καμία επιτρεπτή κίνηση: η σειρά χάνεται"},
    "voice.cancelled": {"en": "Cancelled. Nothing was done.",
                        "el": "Ακυρώθηκε. Δεν έγινε τίποτα."},
    "plays.more_hint_screen": {"en": "Type l to list them all, or choose step by step: f and a "
                                      "checker's point, then t and where it goes.",
                               "el": "Γράψε l για να τις δεις όλες, ή διάλεξε βήμα βήμα: f και τη "
                                     "θέση ενός πουλιού, μετά t και πού πηγαίνει."},
    "plays.more_hint": {"en": "Ask for the list of plays to hear them all.",
                        "el": "Ζήτησε τη λίστα κινήσεων για να τις ακούσεις όλες."},
    # a long list told as groups by the checker moved: "From 24: 8 plays."
    "plays.group": {"en": "From {a}: {count}.", "el": "Από {a}: {count}."},
    "plays.groups_hint": {"en": "Choose step by step: say from and a point, then a number or "
                                "to and a point; or ask for the list of plays.",
                          "el": "Διάλεξε βήμα βήμα: πες «από» και μια θέση, μετά έναν αριθμό ή "
                                "«στο» και μια θέση· ή ζήτησε τη λίστα κινήσεων."},
    # the same, heard in full already this match (narration.priorities.TOLD_IN_FULL)
    "plays.groups_hint_short": {"en": "Say from and a point, or ask for the list.",
                                "el": "Πες «από» και μια θέση, ή ζήτησε τη λίστα."},
    "plays.groups_hint_screen": {"en": "Choose step by step: f and a point, then a number or t "
                                       "and a point; or l to list them all.",
                                 "el": "Διάλεξε βήμα βήμα: f και μια θέση, μετά έναν αριθμό ή t "
                                       "και μια θέση· ή l για να τις δεις όλες."},
    "step.group": {"en": "Or a whole play by its number:",
                   "el": "Ή μια ολόκληρη κίνηση με τον αριθμό της:"},
    "play.pending.you": {"en": "Chosen: {play}. Confirm or undo.",
                         "el": "Διάλεξες: {play}. Επιβεβαίωσε ή αναίρεσε."},
    "play.pending.other": {"en": "{who} chose {play}.", "el": "{who} διάλεξε {play}."},
    "play.pending.terse": {"en": "{play}. Confirm?", "el": "{play}. Επιβεβαιώνεις;"},
    "play.made.you": {"en": "You played {play}.", "el": "Έπαιξες {play}."},
    "play.made.other": {"en": "{who} played {play}.", "el": "{who} έπαιξε {play}."},
    # a play that only bears off, as a player says it («Μάζεψες ένα από το 6»); lists of
    # plays on offer keep "6 off" / «6 έξω» (move.bear_off)
    "play.bore_off.you": {"en": "You bore off {checkers}.", "el": "Μάζεψες {checkers}."},
    "play.bore_off.other": {"en": "{who} bore off {checkers}.", "el": "{who} μάζεψε {checkers}."},
    "play.moved_bore_off.you": {"en": "You played {play} and bore off {checkers}.",
                                "el": "Έπαιξες {play} και μάζεψες {checkers}."},
    "play.moved_bore_off.other": {"en": "{who} played {play} and bore off {checkers}.",
                                  "el": "{who} έπαιξε {play} και μάζεψε {checkers}."},
    "bore_off.one": {"en": "one from {a}", "el": "ένα από το {a}"},
    "bore_off.many": {"en": "{n} from {a}", "el": "{n} πούλια από το {a}"},
    "play.terse.you": {"en": "You: {play}.", "el": "Εσύ: {play}."},
    "play.terse.other": {"en": "{who}: {play}.", "el": "{who}: {play}."},
    "play.timer.you": {"en": "Time ran out, so the game played for you: {play}.",
                       "el": "Τελείωσε ο χρόνος, και το παιχνίδι έπαιξε για σένα: {play}."},
    "play.timer.other": {"en": "{who} ran out of time; the game played {play}.",
                         "el": "{who} δεν πρόλαβε, και το παιχνίδι έπαιξε αυτόματα: {play}."},

    # --- step by step -----------------------------------------------------------
    "step.pick_from": {"en": "Move a checker from {points}.",
                       "el": "Διάλεξε πούλι: από {points}."},
    "step.pick_to": {"en": "From {a}: {points}.", "el": "Από {a}: {points}."},
    "step.none": {"en": "No checker can move.", "el": "Δεν κινείται κανένα πούλι."},
    "step.to_point": {"en": "to {p}", "el": "στο {p}"},
    "step.to_off": {"en": "bear off", "el": "μάζεμα"},
    "step.from_point": {"en": "{p}", "el": "το {p}"},
    "step.taken.you": {"en": "{step}.", "el": "{step}."},
    "step.taken.other": {"en": "{who}: {step}.", "el": "{who}: {step}."},

    # --- passes and short turns (R8) ---------------------------------------------
    "pass.you": {"en": "You lose your turn: {reason}.", "el": "Χάνεις τη σειρά σου: {reason}."},
    # «τη σειρά της/του»: the first word of the genitive («της Ρίτας», «του παίκτη Mary»)
    "pass.other": {"en": "{who} loses the turn{whose:.0}: {reason}.",
                   "el": "{who} χάνει τη σειρά {whose:.3}: {reason}."},
    "pass.terse": {"en": "Pass: {reason}.", "el": "Πάσο: {reason}."},
    "short.you": {"en": "You can play only part of your roll: {reason}.",
                  "el": "Παίζεις μόνο μέρος της ζαριάς: {reason}."},
    "short.other": {"en": "{who} can play only part of the roll: {reason}.",
                    "el": "{who} παίζει μόνο μέρος της ζαριάς: {reason}."},
    "reason.closed_out": {
        "en": "closed out, with a checker on the bar and all six entry points closed",
        "el": "το πούλι στην μπάρα δεν μπαίνει, αφού και οι έξι θέσεις εισόδου είναι πόρτες"},
    "reason.closed_out.many": {
        "en": "closed out, with {n} checkers on the bar and all six entry points closed",
        "el": "τα {n} πούλια στην μπάρα δεν μπαίνουν, αφού και οι έξι θέσεις εισόδου είναι πόρτες"},
    "reason.all_blocked": {"en": "with {dice} no checker can land anywhere",
                           "el": "με {dice} κανένα πούλι δεν έχει πού να πάει"},
    "reason.all_blocked.die": {"en": "no checker can land anywhere with the {die}",
                               "el": "το {die} δεν παίζεται πουθενά"},
    "reason.first_checker_blocked": {
        "en": "the front checker, on {point}, cannot move with {dice}, and no other checker "
              "may move before it passes the opponent's starting point",
        "el": "το πρώτο πούλι, στη θέση {point}, δεν κινείται με {dice}, και κανένα άλλο δεν "
              "κινείται πριν αυτό περάσει την αφετηρία του αντιπάλου"},
    "reason.first_checker_blocked.die": {
        "en": "the front checker, on {point}, cannot move with the {die}, and no other "
              "checker may move before it passes the opponent's starting point",
        "el": "το πρώτο πούλι, στη θέση {point}, δεν κινείται με το {die}, και κανένα άλλο δεν "
              "κινείται πριν αυτό περάσει την αφετηρία του αντιπάλου"},
    # the mover is another player, told to the listener: the starting point passed is the
    # listener's, the checker blocked the listener's
    "reason.first_checker_blocked.yours": {
        "en": "the front checker, on {point}, cannot move with {dice}, and no other checker "
              "may move before it passes your starting point",
        "el": "το πρώτο πούλι, στη θέση {point}, δεν κινείται με {dice}, και κανένα άλλο δεν "
              "κινείται πριν αυτό περάσει την αφετηρία σου"},
    "reason.first_checker_blocked.die.yours": {
        "en": "the front checker, on {point}, cannot move with the {die}, and no other "
              "checker may move before it passes your starting point",
        "el": "το πρώτο πούλι, στη θέση {point}, δεν κινείται με το {die}, και κανένα άλλο δεν "
              "κινείται πριν αυτό περάσει την αφετηρία σου"},
    "reason.prime_rule.yours": {
        "en": "every possible move would hold six points in a row, {points}, in front of "
              "a checker of yours, and that is not allowed",
        "el": "κάθε δυνατή κίνηση θα έπιανε έξι συνεχόμενες θέσεις, {points}, μπροστά από "
              "πούλι σου, και αυτό απαγορεύεται"},
    "reason.prime_rule": {
        "en": "every possible move would hold six points in a row, {points}, in front of "
              "an opposing checker, and that is not allowed",
        "el": "κάθε δυνατή κίνηση θα έπιανε έξι συνεχόμενες θέσεις, {points}, μπροστά από "
              "πούλι του αντιπάλου, και αυτό απαγορεύεται"},
    "reason.cannot_bear_off": {
        "en": "a checker on {point} is still outside the home board, so bearing off is not "
              "allowed yet",
        "el": "υπάρχει ακόμα πούλι στη θέση {point}, έξω από το σπίτι, οπότε δεν επιτρέπεται το "
              "μάζεμα"},
    "reason.only_one_die": {"en": "only the {die} can be played, not the {other}",
                            "el": "παίζεται μόνο το {die}, όχι το {other}"},
    "reason.larger_die_rule": {
        "en": "only one of the two dice can be played, so it must be the larger, the {hi}",
        "el": "παίζεται μόνο ένα από τα δύο ζάρια, και πρέπει να είναι το μεγαλύτερο, "
              "το {hi}"},
    "reason.unknown": {"en": "the rules allow no other play", "el": "οι κανόνες δεν επιτρέπουν άλλη κίνηση"},

    # --- Plakoto mother (R5.4) -----------------------------------------------------
    "mother.pinned.you": {"en": "You pinned {whose_other} mother!",
                          "el": "Πλάκωσες τη μάνα {whose_other}!"},
    "mother.pinned.yours": {"en": "{who} pinned your mother!", "el": "{who} πλάκωσε τη μάνα σου!"},
    "mother.pinned.other": {"en": "{who} pinned {whose_other} mother!",
                            "el": "{who} πλάκωσε τη μάνα {whose_other}!"},
    "mother.ends": {"en": "That ends the game.", "el": "Η παρτίδα τελειώνει."},
    "mother.goes_on.you": {
        "en": "The game goes on until your last checker leaves your starting point.",
        "el": "Η παρτίδα συνεχίζεται ώσπου να φύγει από την αφετηρία το τελευταίο σου πούλι."},
    "mother.goes_on.other": {
        "en": "The game goes on until {whose} last checker leaves the starting point.",
        "el": "Η παρτίδα συνεχίζεται ώσπου να φύγει από την αφετηρία το τελευταίο πούλι {whose}."},

    # --- undo, questions, cube (R9, R9.1) ------------------------------------------
    "undone.you": {"en": "Undone. Choose again.", "el": "Αναιρέθηκε. Διάλεξε ξανά."},
    "undone.other": {"en": "{who} took the play back.", "el": "{who} πήρε πίσω την κίνηση."},
    "ask.resign": {"en": "Resign this game? Yes or no.",
                   "el": "Παραιτείσαι από αυτή την παρτίδα; Ναι ή όχι;"},
    "ask.resign.price": {"en": "Resign this game? That gives {who} {points}, and the score "
                               "would be {entries}. Yes or no.",
                         "el": "Παραιτείσαι από αυτή την παρτίδα; Έτσι {who} παίρνει {points} "
                               "και το σκορ γίνεται {entries}. Ναι ή όχι;"},
    "ask.resign.match": {"en": "Resign this game? That gives {who} {points} and the match, "
                               "{entries}. Yes or no.",
                         "el": "Παραιτείσαι από αυτή την παρτίδα; Έτσι {who} παίρνει {points} "
                               "και κερδίζει τον αγώνα, {entries}. Ναι ή όχι;"},
    "ask.leave": {"en": "Leave the table and lose the whole match? Yes or no.",
                  "el": "Φεύγεις από το τραπέζι και χάνεις όλο τον αγώνα; Ναι ή όχι;"},
    "ask.quit": {"en": "Leave the table? Yes or no.", "el": "Φεύγεις από το τραπέζι; Ναι ή όχι;"},
    # the questions about the player's own command unless the voice knows the room is quiet
    # (ui/voice_noise.NoiseWatch.noisy_answers): in Greek they ask for «σωστά» or «λάθος», heard far better in
    # noise than «ναι» (benchmarks/results/voice-yes-no-el-noise.txt); «ναι» and «όχι» are still taken
    "ask.resign_noisy": {"en": "Resign this game? Yes or no.",
                         "el": "Παραιτείσαι από αυτή την παρτίδα; Σωστά ή λάθος;"},
    "ask.resign.price_noisy": {"en": "Resign this game? That gives {who} {points}, and the score "
                                     "would be {entries}. Yes or no.",
                               "el": "Παραιτείσαι από αυτή την παρτίδα; Έτσι {who} παίρνει {points} "
                                     "και το σκορ γίνεται {entries}. Σωστά ή λάθος;"},
    "ask.resign.match_noisy": {"en": "Resign this game? That gives {who} {points} and the match, "
                                     "{entries}. Yes or no.",
                               "el": "Παραιτείσαι από αυτή την παρτίδα; Έτσι {who} παίρνει {points} "
                                     "και κερδίζει τον αγώνα, {entries}. Σωστά ή λάθος;"},
    "ask.leave_noisy": {"en": "Leave the table and lose the whole match? Yes or no.",
                        "el": "Φεύγεις από το τραπέζι και χάνεις όλο τον αγώνα; Σωστά ή λάθος;"},
    "ask.quit_noisy": {"en": "Leave the table? Yes or no.", "el": "Φεύγεις από το τραπέζι; Σωστά ή λάθος;"},
    "ask.take": {"en": "Take the double? The game would be worth {value}. Yes to take, "
                       "no to drop.",
                 "el": "Δέχεσαι τον διπλασιασμό; Η παρτίδα θα αξίζει {value}. Ναι για να "
                       "δεχτείς, όχι για να αρνηθείς."},
    # the opponent's double unless the room is known quiet: «σωστά» takes it and «λάθος» drops it (the answer
    # phase hears them as yes and no, which the session treats as take and drop; «ναι»/«όχι» still taken)
    "ask.take_noisy": {"en": "Take the double? The game would be worth {value}. Yes to take, "
                             "no to drop.",
                       "el": "Δέχεσαι τον διπλασιασμό; Η παρτίδα θα αξίζει {value}. Σωστά για να "
                             "δεχτείς, λάθος για να αρνηθείς."},
    # the board window's buttons and a switch's scan: the answers as they are labelled (board.take, board.drop)
    "ask.take.buttons": {"en": "Take the double? The game would be worth {value}. Take or Drop.",
                         "el": "Δέχεσαι τον διπλασιασμό; Η παρτίδα θα αξίζει {value}. Δέχομαι ή "
                               "Αρνούμαι."},
    "ask.other": {"en": "Yes or no?", "el": "Ναι ή όχι;"},
    "ask.other_noisy": {"en": "Yes or no?", "el": "Σωστά ή λάθος;"},
    "double.offer.you": {"en": "You offer to double: the game would be worth {value}.",
                         "el": "Διπλασιάζεις: η παρτίδα θα αξίζει {value}."},
    "double.offer.other": {"en": "{who} offers to double: the game would be worth {value}.",
                           "el": "{who} διπλασιάζει: η παρτίδα θα αξίζει {value}."},
    "double.took.you": {"en": "You take: the game is now worth {value}.",
                        "el": "Δέχεσαι: η παρτίδα αξίζει πια {value}."},
    "double.took.other": {"en": "{who} takes: the game is now worth {value}.",
                          "el": "{who} δέχεται: η παρτίδα αξίζει πια {value}."},
    "double.dropped.you": {"en": "You drop the double.", "el": "Αρνείσαι τον διπλασιασμό."},
    "double.dropped.other": {"en": "{who} drops the double.",
                             "el": "{who} αρνείται τον διπλασιασμό."},

    # --- game and match over (R4, R5, R7, R9) ----------------------------------------
    "game.won.you": {"en": "You win the game{how}: {points}.",
                     "el": "Κερδίζεις την παρτίδα{how} και παίρνεις {points}."},
    "game.won.other": {"en": "{who} wins the game{how}: {points}.",
                       "el": "{who} κερδίζει την παρτίδα{how} και παίρνει {points}."},
    "game.draw": {"en": "The game is a draw: both mothers are pinned. Nobody scores.",
                  "el": "Ισοπαλία: πλακώθηκαν και οι δύο μάνες. Κανείς δεν παίρνει πόντους."},
    "how.single": {"en": "", "el": ""},
    "how.mars": {"en": " with a mars", "el": " με μαρς"},
    "how.mars.explained": {"en": " with a mars (a double win)", "el": " με μαρς (διπλή νίκη)"},
    "how.triple": {"en": " with a backgammon", "el": " με τριπλή νίκη"},
    "how.mother": {"en": " by pinning the mother", "el": " με το πλάκωμα της μάνας"},
    "how.resign": {"en": " by resignation", "el": " λόγω παραίτησης"},
    "how.drop": {"en": " because the double was dropped",
                 "el": " γιατί ο διπλασιασμός δεν έγινε δεκτός"},
    # a dropped double ends the game: who dropped, then who wins ("game.won_after")
    "game.dropped.you": {"en": "You dropped the double, so {winner}",
                         "el": "Αρνήθηκες τον διπλασιασμό: {winner}"},
    "game.dropped.other": {"en": "{who} dropped the double, so {winner}",
                           "el": "{who} αρνήθηκε τον διπλασιασμό: {winner}"},
    "game.won_after.you": {"en": "you win the game: {points}.",
                           "el": "κερδίζεις την παρτίδα και παίρνεις {points}."},
    "game.won_after.other": {"en": "{who} wins the game: {points}.",
                             "el": "{who} κερδίζει την παρτίδα και παίρνει {points}."},
    "how.timeout": {"en": " on time", "el": " λόγω χρόνου"},
    "how.draw": {"en": "", "el": ""},
    "score.line": {"en": "Score: {entries}.", "el": "Σκορ: {entries}."},
    "score.length": {"en": "Match {length}.", "el": "Ο αγώνας είναι {length}."},
    "score.game": {"en": "Game {number}: {game}.", "el": "Παρτίδα {number}: {game}."},
    "match.won.you": {"en": "You win the match, {a} to {b}!",
                      "el": "Κέρδισες τον αγώνα, {a} προς {b}!"},
    "match.won.other": {"en": "{who} wins the match, {a} to {b}.",
                        "el": "{who} κέρδισε τον αγώνα, {a} προς {b}."},
    "match.left.you": {"en": "You left the table.", "el": "Έφυγες από το τραπέζι."},
    "match.left.other": {"en": "{who} left the table.", "el": "{who} έφυγε από το τραπέζι."},
    # after one player left: the score is where the match stopped, not a winning score
    "match.won_left.you": {"en": "You win the match; the score stood at {entries}.",
                           "el": "Κερδίζεις τον αγώνα· το σκορ ήταν {entries}."},
    "match.won_left.other": {"en": "{who} wins the match; the score stood at {entries}.",
                             "el": "{who} κερδίζει τον αγώνα· το σκορ ήταν {entries}."},

    # --- refused commands (CommandRejected codes from session.py) -----------------------
    "reject.no_bot_opponent": {"en": "Only a game against one computer player can change its "
                                     "level.",
                               "el": "Το επίπεδο αλλάζει μόνο όταν παίζεις με έναν "
                                     "αντίπαλο υπολογιστή."},
    # the subject of "view.*", said just before in "play.made": Greek leaves it out
    # («Η Ρίτα έπαιξε 13/19^. Πλάκωσε το πούλι σου στο 19.»), English repeats it
    # ("{who:.0}" formats to nothing: no characters of the name)
    "view.subject": {"en": "{who}", "el": "{who:.0}"},
    # each point after the first in "view.entered": "στο 3 και στο 5"
    "view.entered.next": {"en": "{point}", "el": "στο {point}"},
    "opponent.changed": {"en": "Your opponent from now on: {level}.",
                         "el": "Αντίπαλός σου από τώρα: {level}."},
    # the level said by name (never the bot's command-line id), after "opponent.changed"
    "level.random": {"en": "the random player, who makes any legal play at random",
                     "el": "ο τυχαίος παίκτης, που κάνει οποιαδήποτε επιτρεπτή κίνηση στην τύχη"},
    "level.rita": {"en": "Rita, a patient beginner who slips now and then",
                   "el": "η Ρίτα, υπομονετική αρχάρια που πού και πού κάνει λάθη"},
    # docs/levels.md: an intermediate by GNU Backgammon's scale in Portes (15 mp a decision)
    "level.strong": {"en": "the strong player, an intermediate player who slips now and then in "
                           "Portes",
                     "el": "ο δυνατός παίκτης, παίκτης μέσου επιπέδου που στις Πόρτες κάνει "
                           "πού και πού μικρά λάθη"},
    "level.expert": {"en": "the expert, the strongest: a neural network trained for each game",
                     "el": "ο έμπειρος παίκτης, ο πιο δυνατός: νευρωνικό δίκτυο εκπαιδευμένο "
                           "για κάθε παιχνίδι"},
    "reject.generic": {"en": "That cannot be done now.", "el": "Αυτό δεν γίνεται τώρα."},
    "reject.unknown_command": {"en": "That command is not known.", "el": "Άγνωστη εντολή."},
    "reject.match_over": {"en": "The match is over.", "el": "Ο αγώνας έχει τελειώσει."},
    "reject.not_now": {"en": "Not now: {what}.", "el": "Όχι τώρα: {what}."},
    "expected.roll": {"en": "roll the dice first", "el": "πρώτα ρίξε τα ζάρια"},
    "expected.play": {"en": "choose a play first", "el": "πρώτα διάλεξε κίνηση"},
    "expected.confirm": {"en": "confirm or undo your play first",
                         "el": "πρώτα επιβεβαίωσε ή αναίρεσε την κίνησή σου"},
    "expected.answer": {"en": "the double must be answered first",
                        "el": "πρώτα πρέπει να απαντηθεί ο διπλασιασμός"},
    "expected.ask": {"en": "answer yes or no first", "el": "πρώτα απάντησε ναι ή όχι"},
    # the same unless the voice knows the room is quiet (the questions' ``_noisy`` forms, above)
    "expected.ask_noisy": {"en": "answer yes or no first", "el": "πρώτα απάντησε σωστά ή λάθος"},
    "expected.match_over": {"en": "the match is over", "el": "ο αγώνας έχει τελειώσει"},
    "reject.no_such_play": {"en": "There is no play {number}: choose 1 to {count}.",
                            "el": "Δεν υπάρχει κίνηση {number}: διάλεξε από 1 έως {count}."},
    "reject.no_such_play.one": {"en": "There is no play {number}: there is only play 1.",
                                "el": "Δεν υπάρχει κίνηση {number}: υπάρχει μόνο η κίνηση 1."},
    "reject.no_such_play.steps": {"en": "There is no play {number}: you are moving step by step.",
                                  "el": "Δεν υπάρχει κίνηση {number}: παίζεις βήμα βήμα."},
    "reject.nothing_to_cancel.steps": {
        "en": "There is nothing to cancel: no checker is picked up. To take back the steps "
              "already made, type u.",
        "el": "Δεν υπάρχει τίποτα για ακύρωση: δεν έχεις διαλέξει πούλι. Για να πάρεις πίσω τα "
              "βήματα που έκανες, γράψε u."},
    "reject.nothing_to_cancel.steps.say": {
        "en": "There is nothing to cancel: no checker is picked up. To take back the steps "
              "already made, choose undo.",
        "el": "Δεν υπάρχει τίποτα για ακύρωση: δεν έχεις διαλέξει πούλι. Για να πάρεις πίσω τα "
              "βήματα που έκανες, διάλεξε αναίρεση."},
    "reject.no_plays_now": {"en": "There are no plays to choose now.",
                            "el": "Δεν υπάρχουν κινήσεις για να διαλέξεις τώρα."},
    "reject.no_checker_to_move": {"en": "No checker can move from {point}.",
                                  "el": "Από {point} δεν κινείται κανένα πούλι."},
    "reject.sources": {"en": "You can move from {points}.", "el": "Μπορείς να παίξεις από {points}."},
    "reject.no_checker_to_move.why": {"en": "No checker can move from {point}: {why}.",
                                      "el": "Από {point} δεν κινείται κανένα πούλι: {why}."},
    "reject.illegal_step.why": {"en": "The checker on {source} cannot go to {point}: {why}.",
                                "el": "Από {source} δεν πας στο {point}: {why}."},
    # why a step is refused (rules/blocked.StepRefusal), after "cannot go to 15:"
    "step.why.not_yours": {"en": "you have no checker there", "el": "δεν έχεις πούλι εκεί"},
    "step.why.pinned": {"en": "your checker there is pinned, and a pinned checker cannot move",
                        "el": "το πούλι σου εκεί είναι πλακωμένο, και πλακωμένο πούλι δεν "
                              "κινείται"},
    # another player's checker told to the listener: not "your checker"
    "step.why.pinned.yours": {"en": "it is pinned, and a pinned checker cannot move",
                              "el": "είναι πλακωμένο, και πλακωμένο πούλι δεν κινείται"},
    "step.why.bar_first": {"en": "a checker on the bar must enter first",
                           "el": "πρώτα πρέπει να μπει το πούλι από την μπάρα"},
    "step.why.bar_first.many": {"en": "the {n} checkers on the bar must enter first",
                                "el": "πρώτα πρέπει να μπουν τα {n} πούλια από την μπάρα"},
    "step.why.first_checker": {
        "en": "the first checker, on {front}, must pass the opponent's starting point before "
              "another may leave",
        "el": "το πρώτο πούλι, στη θέση {front}, πρέπει να περάσει την αφετηρία του αντιπάλου "
              "πριν φύγει άλλο"},
    # another player's checker told to the listener: the starting point to pass is theirs
    "step.why.first_checker.yours": {
        "en": "the first checker, on {front}, must pass your starting point before another "
              "may leave",
        "el": "το πρώτο πούλι, στη θέση {front}, πρέπει να περάσει την αφετηρία σου πριν "
              "φύγει άλλο"},
    "step.why.backwards": {"en": "checkers move down, from 24 toward 1",
                           "el": "τα πούλια πηγαίνουν από το 24 προς το 1"},
    "step.why.distance": {"en": "{source} to {point} is {n}, and {dice}",
                          "el": "από το {source} στο {point} είναι {n}, και {dice}"},
    "step.why.distance_off": {"en": "bearing off from {source} needs a {n} or more, and {dice}",
                              "el": "το μάζεμα από {source} θέλει {n} ή παραπάνω, και {dice}"},
    "step.why.one_die_at_a_time": {"en": "that is {n}, more than one die: a step uses one die",
                                   "el": "αυτό είναι {n}, πάνω από ένα ζάρι: κάθε βήμα παίζει "
                                         "ένα ζάρι"},
    "step.dice.two": {"en": "the dice are {a} and {b}", "el": "τα ζάρια είναι {a} και {b}"},
    "step.dice.one": {"en": "the die left is {die}", "el": "έμεινε το {die}"},
    "step.dice.same": {"en": "every step is {die}", "el": "κάθε βήμα είναι {die}"},
    "step.why.held": {"en": "the opponent holds {point}", "el": "το {point} το κρατάει ο αντίπαλος"},
    "step.why.all_held.one": {"en": "it could only land on {points}, and the opponent holds it",
                              "el": "θα πήγαινε μόνο στο {points}, και το κρατάει ο αντίπαλος"},
    "step.why.all_held": {"en": "it could only land on {points}, and the opponent holds both",
                          "el": "θα πήγαινε μόνο στο {points}, και τα κρατάει ο αντίπαλος"},
    # another player's checker told to the listener: the points are held by the listener
    "step.why.all_held.one.yours": {"en": "it could only land on {points}, and you hold it",
                                    "el": "θα πήγαινε μόνο στο {points}, και το κρατάς εσύ"},
    "step.why.all_held.yours": {"en": "it could only land on {points}, and you hold both",
                                "el": "θα πήγαινε μόνο στο {points}, και τα κρατάς εσύ"},
    "step.why.prime": {"en": "that would hold six points in a row in front of an opposing "
                             "checker, and that is not allowed",
                       "el": "θα έπιανες έξι συνεχόμενες θέσεις μπροστά από πούλι του "
                             "αντιπάλου, και αυτό απαγορεύεται"},
    "step.why.whole_roll": {"en": "then the rest of the roll could not be played, and as much "
                                  "of the roll as possible must be played",
                            "el": "τότε δεν θα παιζόταν η υπόλοιπη ζαριά, και πρέπει να "
                                  "παίζεται όσο περισσότερη ζαριά γίνεται"},
    "reject.say_from_first": {"en": "Choose the checker first: no single checker goes to {point}.",
                              "el": "Διάλεξε πρώτα πούλι: για το {point} δεν υπάρχει ένα "
                                    "μοναδικό πούλι."},
    "reject.illegal_step": {"en": "The checker on {source} cannot go to {point}.",
                            "el": "Από {source} δεν πας στο {point}."},
    "reject.no_undo": {"en": "There is nothing to undo.",
                       "el": "Δεν υπάρχει τίποτα για αναίρεση."},
    "reject.nothing_to_confirm": {"en": "There is nothing to confirm.",
                                  "el": "Δεν υπάρχει τίποτα για επιβεβαίωση."},
    "reject.nothing_to_cancel": {"en": "There is nothing to cancel.",
                                 "el": "Δεν υπάρχει τίποτα για ακύρωση."},
    "reject.no_question": {"en": "There is no question to answer.",
                           "el": "Δεν υπάρχει ερώτηση για απάντηση."},
    "reject.cannot_double": {"en": "Doubling is not possible now.",
                             "el": "Δεν μπορείς να διπλασιάσεις τώρα."},
    "reject.no_double": {"en": "No double has been offered.",
                         "el": "Δεν έχει προταθεί διπλασιασμός."},
    "reject.no_such_point": {"en": "There is no point {point}: points go from 1 to 24.",
                             "el": "Δεν υπάρχει θέση {point}: οι θέσεις είναι από 1 έως 24."},
    "reject.no_such_point.from_off": {
        "en": "No checker moves from off: a checker borne off stays off.",
        "el": "Τα μαζεμένα πούλια δεν ξαναπαίζουν."},
    "reject.no_such_point.to_bar": {"en": "No play moves a checker to the bar.",
                                    "el": "Καμία κίνηση δεν πάει πούλι στην μπάρα."},
    "reject.no_such_quarter": {"en": "There is no quarter {quarter}: choose 1 to 4.",
                               "el": "Δεν υπάρχει τέταρτο {quarter}: διάλεξε από 1 έως 4."},
    "reject.wrong_game": {"en": "That position belongs to another game ({game}).",
                          "el": "Αυτό το ταμπλό είναι από άλλο παιχνίδι ({game})."},

    # --- reports: pips, score, help, hint, time ------------------------------------------
    "pips.line": {"en": "Pips: {entries}.", "el": "Μέτρημα: {entries}."},
    "pips.lead.you": {"en": "You lead by {n}.", "el": "Προηγείσαι κατά {n}."},
    "pips.behind.you": {"en": "You are {n} behind.", "el": "Είσαι πίσω κατά {n}."},
    "pips.lead.other": {"en": "{who} leads by {n}.", "el": "{who} προηγείται κατά {n}."},
    "pips.level": {"en": "The race is level.", "el": "Ίδιο μέτρημα."},
    "help.intro": {"en": "You can:", "el": "Μπορείς:"},
    "help.intro.other": {"en": "{who} can:", "el": "{who} μπορεί:"},
    "help.item": {"en": "{key}: {what}", "el": "{key}: {what}"},
    "help.select.plays": {"en": "choose play 1 to {n}", "el": "διάλεξε κίνηση από 1 έως {n}"},
    # switch scanning in the terminal: the plays are read out, not numbered
    "help.select.scan": {"en": "choose a play as the plays are read out",
                         "el": "διάλεξε κίνηση καθώς διαβάζονται οι κινήσεις"},
    "help.scan.settings": {"en": "with the switch, Settings in the Menu: slower or faster "
                                 "scanning",
                           "el": "με τον διακόπτη, Ρυθμίσεις στο Μενού: πιο αργή ή πιο γρήγορη "
                                 "σάρωση"},
    "hint": {"en": "Hint: play {n}, {play}.", "el": "Συμβουλή: παίξε την κίνηση {n}: {play}."},
    # the plays told as groups, their numbers not shown: the keys that reach the play first
    "hint.grouped": {"en": "Hint: {play}. Type {keys} (or {n}, its number in the whole list).",
                     "el": "Συμβουλή: {play}. Γράψε {keys} (ή {n}, τον αριθμό της σε όλη τη "
                           "λίστα)."},
    "hint.take": {"en": "Hint: take the double.", "el": "Συμβουλή: δέξου τον διπλασιασμό."},
    "hint.drop": {"en": "Hint: drop the double.", "el": "Συμβουλή: αρνήσου τον διπλασιασμό."},
    # why, while a double waits: what the expert's take or drop rests on (bots/expert.py)
    "hint.cube_why.match": {"en": "Dropping would lose you the match anyway.",
                            "el": "Αν τον αρνηθείς, χάνεις τον αγώνα έτσι κι αλλιώς."},
    "hint.cube_why.take": {"en": "Playing on for twice the stake is expected to cost you no more "
                                 "than the points you give away by dropping now.",
                           "el": "Αν συνεχίσεις στο διπλάσιο, οι πόντοι που αναμένεται να χάσεις δεν "
                                 "ξεπερνούν αυτούς που δίνεις τώρα αν αρνηθείς."},
    "hint.cube_why.drop": {"en": "Playing on for twice the stake is expected to cost you more than "
                                 "the points you give away by dropping now.",
                           "el": "Αν συνεχίσεις στο διπλάσιο, οι πόντοι που αναμένεται να χάσεις "
                                 "ξεπερνούν αυτούς που δίνεις τώρα αν αρνηθείς."},
    "hint.play": {"en": "Hint: {play}.", "el": "Συμβουλή: {play}."},
    "coach.mistake": {"en": "A clear mistake: the hint's play, {play}, wins about {pct}% more "
                            "games.",
                      "el": "Καθαρό λάθος: η προτεινόμενη κίνηση, {play}, κερδίζει περίπου "
                            "{pct}% περισσότερες παρτίδες."},
    # {points}: "0.25 points" / "ένα τέταρτο του πόντου" (point_share: no decimals in Greek)
    "coach.mistake.points": {"en": "A clear mistake: the hint's play, {play}, is worth about "
                                   "{points} more a game, counting mars.",
                             "el": "Καθαρό λάθος: η προτεινόμενη κίνηση, {play}, κερδίζει κατά "
                                   "μέσο όρο {points} παραπάνω ανά παρτίδα, με τα μαρς."},
    "hint.other": {"en": "Hint for {who}: play {n}, {play}.",
                   "el": "Συμβουλή για {who}: παίξε την κίνηση {n}: {play}."},
    "hint.other.play": {"en": "Hint for {who}: {play}.", "el": "Συμβουλή για {who}: {play}."},
    # a checker picked or steps taken: the hint's play is not in the shorter list offered now;
    # {n}: its number in the whole list, which undo brings back (.play: that list told as groups)
    "hint.elsewhere": {"en": "Hint: {play}. It is not among these plays: undo first, then play {n}.",
                       "el": "Συμβουλή: {play}. Δεν είναι ανάμεσα σε αυτές τις κινήσεις: "
                             "πρώτα αναίρεση, μετά η κίνηση {n}."},
    "hint.elsewhere.play": {"en": "Hint: {play}. It is not among these plays: undo first.",
                            "el": "Συμβουλή: {play}. Δεν είναι ανάμεσα σε αυτές τις κινήσεις: "
                                  "πρώτα αναίρεση."},
    # the match's time-outs in a row that lose the game (3 unless set): {of} «τις τρεις φορές» / "3",
    # {times} «τρεις φορές» / "3 times" (count.time_of, count.time)
    "time.timed_out.you": {"en": "Time is up: the game plays for you. Time-outs in a row: "
                                 "{count} of {of}; run out of time {times} in a row and you lose the game.",
                           "el": "Τέλος χρόνου ({count} από {of}): το παιχνίδι παίζει για σένα· "
                                 "αν σου τελειώσει ο χρόνος {times} στη σειρά, χάνεις την παρτίδα."},
    "time.timed_out.other": {"en": "{who} ran out of time: the game plays automatically. "
                                   "Time-outs in a row: {count} of {of}.",
                             "el": "{who} δεν πρόλαβε ({count} από {of}): το παιχνίδι παίζει "
                                   "αυτόματα."},
    "goodbye.saved": {"en": "Goodbye. The match is saved; continue it with: {command}",
                      "el": "Γεια σου. Ο αγώνας αποθηκεύτηκε, συνέχισέ τον με: {command}"},
    "goodbye": {"en": "Goodbye.", "el": "Γεια σου."},
    # the program told to stop (SIGTERM, SIGHUP): said where a terminal is still there
    "stopped.saved": {"en": "The program was stopped. The match is saved as it stood; continue "
                            "it with: {command}",
                      "el": "Το πρόγραμμα σταμάτησε. Ο αγώνας αποθηκεύτηκε όπως ήταν· συνέχισέ "
                            "τον με: {command}"},
    "stopped.unsaved": {"en": "The program was stopped. The match was not saved.",
                        "el": "Το πρόγραμμα σταμάτησε. Ο αγώνας δεν αποθηκεύτηκε."},
    "stopped": {"en": "The program was stopped.", "el": "Το πρόγραμμα σταμάτησε."},
    # two people at the keyboard («Γεια σας»)
    "goodbye.both": {"en": "Goodbye.", "el": "Γεια σας."},
    "goodbye.saved.both": {"en": "Goodbye. The match is saved; continue it with: {command}",
                           "el": "Γεια σας. Ο αγώνας αποθηκεύτηκε, συνεχίστε τον με: {command}"},
    "sound.lost": {"en": "The sound stopped: the sound system is not answering. Speech and voice "
                         "input are paused; play on with the keyboard. They come back by themselves "
                         "when the sound system is back.",
                   "el": "Ο ήχος σταμάτησε: το σύστημα ήχου δεν απαντά. Η ομιλία και οι φωνητικές "
                         "εντολές σταμάτησαν προσωρινά· συνέχισε με το πληκτρολόγιο. Θα ξαναρχίσουν "
                         "μόνες τους μόλις επιστρέψει ο ήχος."},
    "sound.back": {"en": "The sound is back.", "el": "Ο ήχος επέστρεψε."},
    "voice.nothing_to_list": {"en": "Nothing to list yet: roll first.",
                              "el": "Δεν υπάρχουν ακόμα κινήσεις: ρίξε πρώτα τα ζάρια."},
    "voice.not_now": {"en": "“{text}” is not possible now. {hint}",
                      "el": "Το «{text}» δεν γίνεται τώρα. {hint}"},
    "generic.event": {"en": "Something happened: {name}.", "el": "Κάτι έγινε: {name}."},

    # --- position readouts (readout.py) ---------------------------------------------------
    "readout.group.you": {"en": "Yours: {items}.", "el": "Δικά σου: {items}."},
    "readout.group.other": {"en": "{whose}: {items}.", "el": "{whose}: {items}."},
    "readout.group.empty": {"en": "none on the board", "el": "κανένα στο ταμπλό"},
    "readout.stack": {"en": "{n} on {p}", "el": "{n} στο {p}"},
    "readout.pinned_item": {"en": "one pinned on {p}", "el": "ένα πλακωμένο στο {p}"},
    "readout.bar": {"en": "On the bar: {entries}.", "el": "Στην μπάρα: {entries}."},
    "readout.off": {"en": "Borne off: {entries}.", "el": "Μαζεμένα: {entries}."},
    # a side with none there, beside the other's count in words ("none of Rita's")
    "readout.none_of_you": {"en": "none of yours", "el": "κανένα δικό σου"},
    "readout.none_of_other": {"en": "none of {whose}", "el": "κανένα {whose}"},
    "readout.none": {"en": "none", "el": "κανένα"},  # both sides ("On the bar: none.")
    "readout.dice": {"en": "Dice: {dice}.", "el": "Ζάρια: {dice}."},
    "readout.empty": {"en": "empty", "el": "άδεια"},
    "readout.no_bar": {"en": "There is no bar in this game.",
                       "el": "Σε αυτό το παιχνίδι δεν υπάρχει μπάρα."},
    "readout.point_item": {"en": "{p}: {what}", "el": "{p}: {what}"},
    "readout.point_query": {"en": "Point {p}: {what}.", "el": "Θέση {p}: {what}."},
    "readout.quarter": {"en": "Points {a} to {b}{name}:", "el": "Θέσεις {a} έως {b}{name}:"},
    "readout.quarter_home.you": {"en": ", your home board", "el": ", το σπίτι σου"},
    "readout.quarter_home.other": {"en": ", {whose} home board", "el": ", το σπίτι {whose}"},
    "readout.mother.alone.you": {"en": "Your mother stands alone on {p} and can be pinned.",
                                 "el": "Η μάνα σου είναι μοναχή στο {p} και κινδυνεύει να "
                                       "πλακωθεί."},
    "readout.mother.alone.other": {
        "en": "{whose} mother stands alone on {p} and can be pinned.",
        "el": "Η μάνα {whose} είναι μοναχή στο {p} και κινδυνεύει να πλακωθεί."},
    "readout.mother.pinned.you": {"en": "Your mother is pinned.",
                                  "el": "Η μάνα σου είναι πλακωμένη."},
    "readout.mother.pinned.other": {"en": "{whose} mother is pinned.",
                                    "el": "Η μάνα {whose} είναι πλακωμένη."},
    "readout.cube": {"en": "The game is worth {value}.", "el": "Η παρτίδα αξίζει {value}."},

    # --- terminal player (ui/terminal.py) ---------------------------------------------------
    "ui.welcome": {"en": "Welcome to Tavli Voice. Type h for help at any time, q to quit.",
                   "el": "Καλώς ήρθες στο Tavli Voice. Γράψε h για βοήθεια όποτε θέλεις, "
                         "q για έξοδο."},
    "ui.prompt": {"en": "> ", "el": "> "},
    "prompt.roll": {"en": "Type r to roll.", "el": "Γράψε r για να ρίξεις τα ζάρια."},
    "prompt.roll_double": {"en": "Type r to roll, or dd to double.",
                           "el": "Γράψε r για να ρίξεις τα ζάρια, ή dd για διπλασιασμό."},
    "prompt.choose": {"en": "Choose a play, 1 to {n}, or h for help.",
                      "el": "Διάλεξε κίνηση, από 1 έως {n}, ή h για βοήθεια."},
    # the plays told as groups, their numbers not shown: no "1 to 24" to choose blind
    # the terminal shows it in place of plays.groups_hint_screen, so the two are one line
    "prompt.choose_grouped": {"en": "Choose a play: f and a point, then a number or t and a "
                                    "point; l for the list of all {n} plays by number, or h "
                                    "for help.",
                              "el": "Διάλεξε κίνηση: f και μια θέση, μετά έναν αριθμό ή t και "
                                    "μια θέση· l για τη λίστα με όλες τις {n} κινήσεις και "
                                    "τους αριθμούς τους, ή h για βοήθεια."},
    "prompt.choose_one": {"en": "Type 1 to play it, or h for help.",
                          "el": "Γράψε 1 για να την παίξεις, ή h για βοήθεια."},
    "prompt.confirm": {"en": "Type c to confirm, u to undo.",
                       "el": "Γράψε c για επιβεβαίωση, u για αναίρεση."},
    "prompt.yes_no": {"en": "Type y for yes, n for no.", "el": "Γράψε y για ναι, n για όχι."},
    "prompt.take": {"en": "Type y to take the double, n to drop it.",
                    "el": "Γράψε y για να δεχτείς τον διπλασιασμό, n για να τον αρνηθείς."},
    "prompt.to": {"en": "Type t and the point to go to, for example t {example}, or cancel.",
                  "el": "Γράψε t και τη θέση όπου πηγαίνει, π.χ. t {example}, ή άκυρο για ακύρωση."},
    "prompt.from": {"en": "Type f and the point of a checker, for example f {example}.",
                    "el": "Γράψε f και τη θέση ενός πουλιού, π.χ. f {example}."},
    "prompt.to_numbered": {"en": "Choose a play, 1 to {n}, or type t and the point to go to, "
                                 "for example t {example}, or cancel.",
                           "el": "Διάλεξε κίνηση, από 1 έως {n}, ή γράψε t και τη θέση όπου "
                                 "πηγαίνει, π.χ. t {example}, ή άκυρο για ακύρωση."},
    "prompt.from_numbered": {"en": "Choose a play, 1 to {n}, or type f and the point of a "
                                   "checker, for example f {example}.",
                             "el": "Διάλεξε κίνηση, από 1 έως {n}, ή γράψε f και τη θέση ενός "
                                   "πουλιού, π.χ. f {example}."},
    # the same moments for a switch user beside the scanning board window: the switch's
    # actions, never a typed key; {options}: the scan options' own labels, quoted, "or" between
    "prompt.switch_pick": {"en": "Pick {options} with the switch.",
                           "el": "Διάλεξε {options} με τον διακόπτη."},
    "prompt.switch_play": {"en": "Pick your play with the switch as the options are highlighted.",
                           "el": "Διάλεξε την κίνησή σου με τον διακόπτη καθώς φωτίζονται οι "
                                 "επιλογές."},
    "ui.wait": {"en": "{who} is thinking.", "el": "{who} σκέφτεται."},
    "ui.wait_turn": {"en": "Wait: it is {whose} turn.", "el": "Περίμενε: είναι η σειρά {whose}."},
    "ui.help.title": {"en": "Commands (the same letters in every language):",
                      "el": "Εντολές (τα ίδια γράμματα σε κάθε γλώσσα):"},
    "ui.help.words_only": {"en": "Each play is shown in words and then in signs, such as "
                                 "(24/21 24/20); to have the words alone, start with "
                                 "tavli-voice play --words.",
                           "el": "Κάθε κίνηση γράφεται με λέξεις και μετά με σύμβολα, όπως "
                                 "(24/21 24/20)· για να γράφονται μόνο οι λέξεις, ξεκίνα με "
                                 "tavli-voice play --words."},
    "ui.help.words": {"en": "Whole words work too, in English or Greek: roll, undo, hint, take, "
                            "drop, pips, board, point 13, quarter 2, or ρίξε, αναίρεση. Greek "
                            "letters on the same keys work as well: ρ for r, χ for x.",
                      "el": "Δουλεύουν και ολόκληρες λέξεις, ελληνικά ή αγγλικά: ρίξε, αναίρεση, "
                            "συμβουλή, δέχομαι, αρνούμαι, μέτρημα, ταμπλό, θέση 13, τέταρτο 2. "
                            "Και τα ελληνικά γράμματα στα ίδια πλήκτρα: ρ για r, χ για x."},
    "input.unknown": {"en": "I do not know “{text}”. Type h for help.",
                      "el": "Δεν ξέρω την εντολή «{text}». Γράψε h για βοήθεια."},
    # a line that is no command while a yes-or-no question (or a double) waits: the answers it takes,
    # since the question's own line is not printed again
    "input.unknown_answer": {"en": "I do not know “{text}”. {answers}",
                             "el": "Δεν ξέρω την εντολή «{text}». {answers}"},
    "input.needs_number": {"en": "“{text}” needs a point number, for example {example}.",
                           "el": "Το «{text}» θέλει αριθμό θέσης, για παράδειγμα {example}."},
    "input.play_not_on_offer": {"en": "“{text}” is not one of the plays on offer now: type "
                                      "the number of one, or h for help.",
                                "el": "Το «{text}» δεν είναι μία από τις κινήσεις που παίζονται "
                                      "τώρα: γράψε τον αριθμό μιας από αυτές ή h για βοήθεια."},
    # an arrow key typed at the terminal, then what works in this phase: the prompt's line, or one of
    # the .roll/.confirm lines below (Enter rolls and confirms at the terminal), or .help
    "input.special_key": {"en": "The arrow keys work in the board window, not here.",
                          "el": "Τα βελάκια λειτουργούν στο παράθυρο του ταμπλό, όχι εδώ."},
    "input.special_key.roll": {"en": "Type r or press Enter to roll the dice, or h for help.",
                               "el": "Γράψε r ή πάτα Enter για να ρίξεις τα ζάρια, ή h για βοήθεια."},
    "input.special_key.roll_double": {"en": "Type r or press Enter to roll the dice, dd to double, "
                                            "or h for help.",
                                      "el": "Γράψε r ή πάτα Enter για να ρίξεις τα ζάρια, dd για "
                                            "διπλασιασμό, ή h για βοήθεια."},
    "input.special_key.confirm": {"en": "Type c or press Enter to confirm, u to undo.",
                                  "el": "Γράψε c ή πάτα Enter για επιβεβαίωση, u για αναίρεση."},
    "input.special_key.help": {"en": "Type h for help.", "el": "Γράψε h για βοήθεια."},
    "input.not_a_number": {"en": "“{text}” is not a number.",
                           "el": "Το «{text}» δεν είναι αριθμός."},
    "ui.eof": {"en": "End of input. The match is saved.",
               "el": "Τέλος εισόδου. Ο αγώνας αποθηκεύτηκε."},
    "ui.interrupted": {"en": "Stopped. The match is saved.",
                       "el": "Διακοπή. Ο αγώνας αποθηκεύτηκε."},
    "resume.none": {"en": "There is no saved match to resume in {path}.",
                    "el": "Δεν υπάρχει αποθηκευμένος αγώνας για συνέχεια στο {path}."},
    "resume.corrupt": {"en": "The saved match could not be read. It was kept aside as {path}; "
                             "start a new match with: {command}",
                       "el": "Ο αποθηκευμένος αγώνας δεν μπόρεσε να διαβαστεί. Κρατήθηκε ως "
                             "{path}· ξεκίνα νέο αγώνα με: {command}"},
    # a saved option whose value cannot be used (group_above: -5): its default is taken
    "resume.option_reset": {"en": "The saved match's setting {name} held {value}, which cannot be "
                                  "used; its default, {default}, is used instead.",
                            "el": "Η ρύθμιση {name} του αποθηκευμένου αγώνα είχε την τιμή {value}, "
                                  "που δεν γίνεται να χρησιμοποιηθεί· ισχύει η προεπιλογή της, "
                                  "{default}."},
    "resume.option_on": {"en": "on", "el": "ναι"},
    "resume.option_off": {"en": "off", "el": "όχι"},
    "saved.ask": {"en": "A match you have not finished is saved: {game}, {length}. Type r to "
                        "resume it, or n to start a new one (the saved match is kept).",
                  "el": "Υπάρχει αποθηκευμένος αγώνας που δεν τελείωσε: {game}, {length}. "
                        "Γράψε r για να τον συνεχίσεις, ή n για νέο αγώνα (ο αποθηκευμένος "
                        "κρατιέται)."},
    "saved.again": {"en": "Type r to resume the saved match, n to start a new one, or q to leave.",
                    "el": "Γράψε r για να συνεχίσεις τον αποθηκευμένο αγώνα, n για νέο αγώνα, ή q "
                          "για έξοδο."},
    "saved.unanswered": {"en": "No answer came (end of input), so no match was started and the "
                               "saved one is as it was. Continue it with: {command} (or start again "
                               "and type n for a new match).",
                         "el": "Δεν ήρθε απάντηση (τέλος εισόδου), οπότε δεν ξεκίνησε αγώνας και ο "
                               "αποθηκευμένος έμεινε όπως ήταν. Συνέχισέ τον με: {command} (ή ξεκίνα "
                               "ξανά και γράψε n για νέο αγώνα)."},
    "saved.kept": {"en": "The unfinished match is kept as {name}; continue it later with: "
                         "{command}",
                   "el": "Ο αγώνας που δεν τελείωσε κρατήθηκε ως {name}· συνέχισέ τον αργότερα "
                         "με: {command}"},
    "saved.not_kept": {"en": "The unfinished match could not be kept aside ({error}), so no new "
                             "match was started; it is still in {path}. Continue it with: "
                             "{command}",
                       "el": "Ο αγώνας που δεν τελείωσε δεν μπόρεσε να φυλαχτεί στην άκρη "
                             "({error}), γι' αυτό δεν ξεκίνησε νέος αγώνας· είναι ακόμα στο "
                             "{path}. Συνέχισέ τον με: {command}"},
    # an unfinished match kept aside is named by this word and the time: match-20261201-151300
    "saved.file_name": {"en": "match", "el": "αγώνας"},
    # a damaged save's copy is named by this word and the time: autosave.json.corrupt-20261201-151300
    "saved.damaged_name": {"en": "corrupt", "el": "χαλασμένο"},
    "resume.kept": {"en": "Matches kept under a name: {names}. Continue one with: {command} NAME",
                    "el": "Αγώνες που κρατήθηκαν με όνομα: {names}. Συνέχισε έναν με: "
                          "{command} ΟΝΟΜΑ"},
    # the expert's weights missing or damaged: the strong player stands in (bots.registry)
    "weights.unusable": {
        "en": "The expert player's weights for {games} are missing or damaged, so the strong "
              "player plays in its place and gives the hints. To get the expert back, reinstall "
              "tavli-voice: {command}",
        "el": "Τα βάρη του έμπειρου παίκτη για {games} λείπουν ή είναι χαλασμένα, γι' αυτό στη "
              "θέση του παίζει ο δυνατός παίκτης, που δίνει και τις συμβουλές. Για να ξαναβρείς "
              "τον έμπειρο παίκτη, εγκατάστησε ξανά το tavli-voice: {command}"},
    # save paths that are not the program's, saves that may not be read, the lock, which save
    "save.refused": {
        "en": "{path} cannot be used for a saved match: {why}. It was left as it is; name "
              "another file with --save.",
        "el": "Το {path} δεν μπορεί να χρησιμοποιηθεί για αποθηκευμένο αγώνα: {why}. Έμεινε "
              "όπως ήταν· δώσε άλλο αρχείο με το --save."},
    "save.why.folder": {"en": "it is a folder", "el": "είναι φάκελος"},
    "save.why.special": {"en": "it is not an ordinary file (a device, a pipe or a socket)",
                         "el": "δεν είναι κανονικό αρχείο (είναι συσκευή, σωλήνωση ή υποδοχή)"},
    "save.why.not_a_save": {"en": "it holds something that is not a tavli-voice save",
                            "el": "περιέχει κάτι που δεν είναι αποθηκευμένος αγώνας του "
                                  "tavli-voice"},
    "save.why.too_long": {"en": "the name is too long", "el": "το όνομα είναι πολύ μεγάλο"},
    "save.why.unreadable": {"en": "reading it is not allowed",
                            "el": "δεν επιτρέπεται η ανάγνωσή του"},
    "resume.unreadable": {
        "en": "The saved match in {path} may not be read ({error}). It was left as it is; "
              "allow reading it and resume again.",
        "el": "Ο αποθηκευμένος αγώνας στο {path} δεν επιτρέπεται να διαβαστεί ({error}). "
              "Έμεινε όπως ήταν· επίτρεψε την ανάγνωσή του και συνέχισε ξανά."},
    "save.no_folder": {
        "en": "There is no folder {folder} to save the match in, so no match was started and "
              "nothing was made; make the folder first ({mkdir}) or name a file in a folder that "
              "exists with --save.",
        "el": "Δεν υπάρχει ο φάκελος {folder} για να αποθηκευτεί ο αγώνας, οπότε δεν ξεκίνησε "
              "αγώνας και δεν φτιάχτηκε τίποτα· φτιάξε πρώτα τον φάκελο ({mkdir}) ή δώσε με το "
              "--save ένα αρχείο σε φάκελο που υπάρχει."},
    "save.unwritable_new": {
        "en": "Nothing can be written in the folder of {path}, so this new match is saved in "
              "{new}.",
        "el": "Στον φάκελο του αρχείου {path} δεν μπορεί να γραφτεί τίποτα, οπότε αυτός ο νέος "
              "αγώνας αποθηκεύεται στο {new}."},
    "save.unreadable_new": {
        "en": "The saved match in {path} may not be read, so it is left as it is; this new "
              "match is saved in {new}.",
        "el": "Ο αποθηκευμένος αγώνας στο {path} δεν επιτρέπεται να διαβαστεί, οπότε έμεινε "
              "όπως ήταν· αυτός ο νέος αγώνας αποθηκεύεται στο {new}."},
    "resume.no_save": {
        "en": "With --no-save there is no saved match to resume. Leave out --no-save to "
              "resume the saved match.",
        "el": "Με το --no-save δεν υπάρχει αποθηκευμένος αγώνας για συνέχεια. Βγάλε το "
              "--no-save για να συνεχίσεις τον αποθηκευμένο αγώνα."},
    "resume.took": {"en": "Resuming the newest saved match, in {path}.",
                    "el": "Συνεχίζεται ο πιο πρόσφατος αποθηκευμένος αγώνας, στο {path}."},
    "save.lock_failed": {
        "en": "The lock file {lock} cannot be used ({error}), so another tavli-voice could not "
              "tell this match is open; to keep both safe, this match is saved in {new}.",
        "el": "Το αρχείο κλειδώματος {lock} δεν μπορεί να χρησιμοποιηθεί ({error}), οπότε άλλο "
              "tavli-voice δεν θα ήξερε ότι ο αγώνας είναι ανοιχτός· για να μη χαθεί κανένας, "
              "αυτός ο αγώνας αποθηκεύεται στο {new}."},
    "settings.damaged": {
        "en": "The settings file {path} is damaged, so the default settings are used. Your old "
              "file is kept as {copy}.",
        "el": "Το αρχείο ρυθμίσεων {path} είναι χαλασμένο, γι' αυτό χρησιμοποιούνται οι "
              "προεπιλεγμένες ρυθμίσεις. Το παλιό σου αρχείο κρατήθηκε ως {copy}."},
    "settings.unreadable": {
        "en": "The settings file {path} cannot be read; the default settings are used and "
              "the file is left as it is.",
        "el": "Το αρχείο ρυθμίσεων {path} δεν διαβάζεται· χρησιμοποιούνται οι προεπιλεγμένες "
              "ρυθμίσεις και το αρχείο έμεινε όπως ήταν."},
    # the same two aloud: the place in words, never the path spelled out (settings.json
    # lives in the settings folder, not the data folder of the saves)
    "settings.damaged.spoken": {
        "en": "The settings file in your settings folder is damaged, so the default settings "
              "are used. Your old file is kept beside it, in the same folder.",
        "el": "Το αρχείο ρυθμίσεων στον φάκελο ρυθμίσεων είναι χαλασμένο, γι' αυτό "
              "χρησιμοποιούνται οι προεπιλεγμένες ρυθμίσεις. Το παλιό σου αρχείο κρατήθηκε "
              "δίπλα του, στον ίδιο φάκελο."},
    "settings.unreadable.spoken": {
        "en": "The settings file in your settings folder cannot be read; the default settings "
              "are used and the file is left as it is.",
        "el": "Το αρχείο ρυθμίσεων στον φάκελο ρυθμίσεων δεν διαβάζεται· χρησιμοποιούνται οι "
              "προεπιλεγμένες ρυθμίσεις και το αρχείο έμεινε όπως ήταν."},
    "save.finish_not_kept": {
        "en": "The finished match could not be kept as {path}: {error}. It stays in {save}, "
              "marked finished; the next match starts fresh.",
        "el": "Ο αγώνας που τελείωσε δεν κρατήθηκε ως {path}: {error}. Μένει στο {save}, "
              "σημειωμένος ως τελειωμένος· ο επόμενος αγώνας ξεκινά από την αρχή."},
    "resume.finished": {
        "en": "The match saved in {path} is finished; there is nothing to continue. Start a "
              "new match with: {command}",
        "el": "Ο αγώνας που είναι αποθηκευμένος στο {path} έχει τελειώσει· δεν υπάρχει τίποτα "
              "για συνέχεια. Ξεκίνα νέο αγώνα με: {command}"},
    # the log file cannot be written any more (startup.log_to_file): said once
    "log.failed": {"en": "The log file {path} cannot be written any more (the disk may be full); "
                         "the game goes on without it.",
                   "el": "Το αρχείο καταγραφής {path} δεν γράφεται πια (ίσως γέμισε ο "
                         "δίσκος)· το παιχνίδι συνεχίζει χωρίς αυτό."},
    "save.failed": {"en": "The match could not be saved: {error}.",
                    "el": "Ο αγώνας δεν αποθηκεύτηκε: {error}."},
    # saves that cannot be written, a match open in two copies, watching it
    "save.failed_moved": {
        "en": "The match could not be saved in {path}: {error}. It is saved in {new} from now "
              "on; continue it later with: {command}",
        "el": "Ο αγώνας δεν αποθηκεύτηκε στο {path}: {error}. Από τώρα αποθηκεύεται στο {new}· "
              "συνέχισέ τον αργότερα με: {command}"},
    "save.failed_nowhere": {
        "en": "The match could not be saved in {path}: {error}. No other folder works either, "
              "so moves from now on are not saved. The game goes on.",
        "el": "Ο αγώνας δεν αποθηκεύτηκε στο {path}: {error}. Δεν δουλεύει ούτε άλλος φάκελος, "
              "οπότε οι κινήσεις από εδώ και πέρα δεν αποθηκεύονται. Το παιχνίδι συνεχίζεται."},
    "save.works_again": {"en": "The match is saved again, in {path}.",
                         "el": "Ο αγώνας αποθηκεύεται ξανά, στο {path}."},
    "save.not_saved": {"en": "The match is not saved: {error}.",
                       "el": "Ο αγώνας δεν είναι αποθηκευμένος: {error}."},
    "save.locked": {
        "en": "This match is open in another tavli-voice (process {pid}), which saves it in "
              "{path}. Type w to watch it, n to start a new match, or q to leave.",
        "el": "Αυτός ο αγώνας είναι ανοιχτός σε άλλο tavli-voice (διεργασία {pid}), που τον "
              "αποθηκεύει στο {path}. Γράψε w για να τον παρακολουθήσεις, n για νέο αγώνα ή q "
              "για έξοδο."},
    "save.locked_new": {
        "en": "Another tavli-voice (process {pid}) is playing the match saved in {path}; this new "
              "match is saved in {new}.",
        "el": "Άλλο tavli-voice (διεργασία {pid}) παίζει τον αγώνα που είναι αποθηκευμένος στο "
              "{path}· αυτός ο νέος αγώνας αποθηκεύεται στο {new}."},
    "watch.start": {"en": "Watching the match in {path}; you cannot move here. Type q to stop "
                          "watching.",
                    "el": "Παρακολουθείς τον αγώνα στο {path}· από εδώ δεν παίζεις. Γράψε q για "
                          "να σταματήσεις."},
    "watch.ended": {"en": "The other tavli-voice has closed the match. Continue it with: "
                          "tavli-voice resume --save {path}",
                    "el": "Το άλλο tavli-voice έκλεισε τον αγώνα. Συνέχισέ τον με: "
                          "tavli-voice resume --save {path}"},
    "watch.stopped": {"en": "You stopped watching.", "el": "Σταμάτησες να παρακολουθείς."},
    "output.failed": {"en": "tavli-voice: cannot write the output: {error}.",
                      "el": "tavli-voice: δεν μπορώ να γράψω την έξοδο: {error}."},
    # why a file could not be written (errno names), said inside other sentences
    "oserror.ENOSPC": {"en": "the disk is full", "el": "ο δίσκος είναι γεμάτος"},
    "oserror.EDQUOT": {"en": "your disk space is used up", "el": "ο χώρος σου στον δίσκο τελείωσε"},
    "oserror.EROFS": {"en": "the folder is read-only", "el": "ο φάκελος είναι μόνο για ανάγνωση"},
    "oserror.EACCES": {"en": "writing there is not allowed",
                       "el": "δεν επιτρέπεται η εγγραφή εκεί"},
    "oserror.ENOTDIR": {"en": "a file stands where the folder should be",
                        "el": "στη θέση του φακέλου υπάρχει αρχείο"},
    "oserror.EIO": {"en": "the disk reported an error", "el": "ο δίσκος ανέφερε σφάλμα"},
    "oserror.other": {"en": "the system said “{error}”", "el": "το σύστημα απάντησε «{error}»"},
    "error.options": {"en": "Cannot start the match: {error}.",
                      "el": "Ο αγώνας δεν μπορεί να ξεκινήσει: {error}."},
    "window.unavailable": {"en": "The board window is not available ({error}); the game goes "
                                 "on here in the terminal.",
                           "el": "Το παράθυρο του ταμπλό δεν είναι διαθέσιμο ({error}), οπότε το "
                                 "παιχνίδι συνεχίζεται εδώ στο τερματικό."},
    # the board window's turn line while a remote's first digit waits for a second one or OK
    "window.digits_wait": {"en": "[{digits}] OK: play {digits}",
                           "el": "[{digits}] OK: κίνηση {digits}"},
    "window.typed_input": {"en": "The board window is open. Type commands here too, as in the "
                                 "window: a number for a play, h for help, q to quit.",
                           "el": "Το παράθυρο του ταμπλό άνοιξε. Γράψε εντολές και εδώ, όπως στο "
                                 "παράθυρο: έναν αριθμό για κίνηση, h για βοήθεια, q για έξοδο."},
    # the same beside a window a switch scans: what the switch does, no typed keys
    "window.typed_input_switch": {"en": "The board window is open: pick with the switch as its "
                                        "options are highlighted. What happens is written here too.",
                                  "el": "Το παράθυρο του ταμπλό άνοιξε: διάλεξε με τον διακόπτη "
                                        "καθώς φωτίζονται οι επιλογές του. Ό,τι γίνεται γράφεται "
                                        "και εδώ."},
    "player.you": {"en": "you", "el": "εσύ"},
    "player.first": {"en": "Player 1", "el": "Πρώτος παίκτης"},
    "player.second": {"en": "Player 2", "el": "Δεύτερος παίκτης"},
    "ui.lang.unknown": {"en": "Unknown language {lang}: use en or el.",
                        "el": "Άγνωστη γλώσσα {lang}: διάλεξε en ή el."},
    "ui.result": {"en": "Result: {winner} wins {a} to {b}.",
                  "el": "Αποτέλεσμα: κερδίζει {winner}, {a} προς {b}."},

    # --- command line option help (for argparse in ui/terminal.py) -------------------------
    "cli.description": {"en": "Play Tavli (Portes, Plakoto, Fevga) with the keyboard, by "
                              "voice or with a switch, in Greek or English.",
                        "el": "Παίζει τάβλι (Πόρτες, Πλακωτό, Φεύγα) με το πληκτρολόγιο, με "
                              "τη φωνή ή με διακόπτη, στα ελληνικά ή στα αγγλικά."},
    "cli.game": {"en": "game: tavli (the three in turn), portes, plakoto or fevga",
                 "el": "παιχνίδι: tavli (και τα τρία με τη σειρά), portes, plakoto ή fevga"},
    "cli.points": {"en": "match length in points, from 1 to {0} (usually 3, 5 or 7)",
                   "el": "μήκος αγώνα σε πόντους, από 1 έως {0} (συνήθως 3, 5 ή 7)"},
    "cli.preset": {"en": "rules: tavlucky (default: the TavLucky app's rules), traditional "
                         "(the usual Greek coffee-house rules) or vog (VOG rules: Portes and "
                         "Tapa with the doubling cube)",
                   "el": "κανόνες: tavlucky (προεπιλογή: οι κανόνες της εφαρμογής TavLucky), "
                         "traditional (οι συνηθισμένοι κανόνες του καφενείου) ή vog (κανόνες "
                         "VOG: Πόρτες και Τάπα με διπλασιασμό)"},
    "cli.opponent": {"en": "opponent, the levels weakest first: random (any legal play, at "
                           "random), rita (Rita, a patient beginner who slips now and then; the "
                           "default), strong (an intermediate player: in Portes the expert's "
                           "judgement with small slips, in Plakoto and Fevga rules written by "
                           "hand), expert (the strongest: a neural network trained for each "
                           "game), or friend (two people at one keyboard)",
                     "el": "αντίπαλος, τα επίπεδα από το πιο αδύναμο: random (οποιαδήποτε "
                           "επιτρεπτή κίνηση, στην τύχη), rita (η Ρίτα, υπομονετική αρχάρια που "
                           "πού και πού κάνει λάθη· προεπιλογή), strong (παίκτης μέσου "
                           "επιπέδου: στις Πόρτες η κρίση του έμπειρου με μικρά λάθη, στο Πλακωτό "
                           "και στη Φεύγα κανόνες γραμμένους με το χέρι), expert (ο έμπειρος, ο "
                           "πιο δυνατός: νευρωνικό δίκτυο εκπαιδευμένο για κάθε παιχνίδι), ή "
                           "friend (δύο άνθρωποι στο ίδιο πληκτρολόγιο)"},
    "cli.players": {"en": "two bots, e.g. expert,strong: a whole match bot against bot "
                          "(random, rita, strong, expert)",
                    "el": "δύο μποτ, π.χ. expert,strong: ολόκληρος αγώνας μποτ με μποτ "
                          "(random, rita, strong, expert)"},
    "cli.version": {"en": "tavli-voice {version}", "el": "tavli-voice, έκδοση {version}"},
    # a word first on the command line that names no command ("tavli-voice reveiw")
    "cli.unknown_command": {"en": "tavli-voice: “{word}” is not a command{close}; tavli-voice --help "
                                  "lists them.",
                            "el": "tavli-voice: το «{word}» δεν είναι εντολή{close}· το tavli-voice "
                                  "--help τις δείχνει."},
    "cli.did_you_mean": {"en": " (did you mean {name}?)", "el": " (μήπως εννοείς {name};)"},
    "cli.options_hint": {"en": "{prog} -h lists every option.", "el": "Όλες οι επιλογές: {prog} -h"},
    "moves.description": {
        "en": "List the legal plays of a position with given dice (each play once, as the "
              "resulting positions differ).",
        "el": "Οι επιτρεπτές κινήσεις για ένα ταμπλό και μια ζαριά (κάθε κίνηση μία φορά)."},
    "moves.position": {
        "en": 'a position JSON file, seen from the player to move, e.g. {{"game": "portes", '
              '"points": [24 numbers: + yours, - the opponent\'s, from your point 1 to 24], '
              '"bar": [0, 0], "off": [0, 0]}}; - reads it from standard input',
        "el": 'αρχείο JSON με το ταμπλό, από τη μεριά αυτού που παίζει, π.χ. {{"game": "portes", '
              '"points": [24 αριθμοί: + δικά σου, - του αντιπάλου, από τη θέση 1 ως τη θέση 24], '
              '"bar": [0, 0], "off": [0, 0]}}· με - διαβάζεται από την τυπική είσοδο'},
    # the file name "-" in the messages that name the file read
    "moves.stdin": {"en": "- (standard input)", "el": "- (τυπική είσοδος)"},
    "moves.dice": {"en": "the two dice, each from 1 to 6 (e.g. --dice 6 5)",
                   "el": "τα δύο ζάρια, από 1 έως 6 το καθένα (π.χ. --dice 6 5)"},
    "moves.jsonl": {"en": 'read {{"position": …, "dice": [a, b]}} lines on standard input, write '
                          'one answer per line',
                    "el": 'διαβάζει γραμμές {{"position": …, "dice": [a, b]}} από την τυπική '
                          'είσοδο και γράφει μία απάντηση ανά γραμμή'},
    "cli.seed": {"en": "seed for the dice and the bots, up to {0} characters (replays a match "
                       "exactly)",
                 "el": "σπόρος για τα ζάρια και τα μποτ, έως {0} χαρακτήρες (ξαναπαίζει έναν "
                       "αγώνα ακριβώς)"},
    "cli.lang": {"en": "language: en or el (default: from the system locale)",
                 "el": "γλώσσα: en ή el (προεπιλογή: η γλώσσα του συστήματος)"},
    "cli.timer": {"en": "turn on the match timer (about 45 s to roll and 45 s to play)",
                  "el": "ενεργοποιεί το χρονόμετρο (περίπου 45 δευτερόλεπτα για ζαριά και "
                        "45 για κίνηση)"},
    "cli.speech": {"en": "speech output: on or off", "el": "ομιλία: on ή off"},
    "cli.verbosity": {"en": "how much is said: terse, normal or chatty",
                      "el": "πόσα λέγονται: terse, normal ή chatty"},
    "cli.suggest": {"en": "say the expert's three best plays first, as suggested; kept for "
                          "the next matches until --no-suggest",
                    "el": "λέει πρώτες τις τρεις καλύτερες κινήσεις του έμπειρου παίκτη, ως "
                          "προτεινόμενες· μένει και για τους επόμενους αγώνες ως το --no-suggest"},
    "cli.group_above": {"en": "above this many plays ({0} to {1}, default {2}), a turn's plays are "
                              "offered by checker and step by step; kept for the next matches",
                        "el": "πάνω από τόσες κινήσεις ({0} έως {1}, προεπιλογή {2}), οι κινήσεις "
                              "δίνονται ανά πούλι και βήμα βήμα· μένει και για τους επόμενους "
                              "αγώνες"},
    "cli.coach": {"en": "coach: after a clear mistake, say how much better the hint's play is",
                  "el": "προπονητής: μετά από καθαρό λάθος, λέει πόσο καλύτερη είναι η "
                        "κίνηση της συμβουλής"},
    "cli.words": {"en": "write plays in words alone on screen, without the notation after "
                        "them (13/7*), even with --notation (without it they always are, in the "
                        "terminal and the board window)",
                  "el": "γράφει τις κινήσεις μόνο με λέξεις στην οθόνη, χωρίς τα σύμβολα μετά "
                        "από αυτές (13/7*), ακόμα και με το --notation (χωρίς αυτό γράφονται πάντα "
                        "έτσι, στο τερματικό και στο παράθυρο με το ταμπλό)"},
    "cli.notation": {"en": "write each play's notation (13/7*) after its words, in the terminal "
                           "and the board window; a screen reader then reads every play twice",
                     "el": "γράφει τα σύμβολα κάθε κίνησης (13/7*) μετά από τις λέξεις της, στο "
                           "τερματικό και στο παράθυρο με το ταμπλό· ένας αναγνώστης οθόνης τότε "
                           "διαβάζει κάθε κίνηση δύο φορές"},
    "cli.rate": {"en": "speech rate in words per minute, from {0} to {1} (default {2})",
                 "el": "ταχύτητα ομιλίας σε λέξεις το λεπτό, από {0} έως {1} (προεπιλογή {2})"},
    "cli.volume": {"en": "speech volume from 0 to 1", "el": "ένταση ομιλίας από 0 έως 1"},
    "cli.scan": {"en": "switch scanning: auto (one switch, also --scan alone) or step (two "
                       "switches)",
                 "el": "σάρωση με διακόπτη: auto (ένας διακόπτης, και σκέτο το --scan) ή step "
                       "(δύο διακόπτες)"},
    "cli.voice": {"en": "voice commands from the microphone",
                  "el": "φωνητικές εντολές από το μικρόφωνο"},
    "cli.voice_engine": {"en": "voice engine: auto, pocketsphinx, vosk, whisper, pocketsphinx+whisper or "
                               "templates",
                         "el": "μηχανή αναγνώρισης: auto, pocketsphinx, vosk, whisper, pocketsphinx+whisper ή "
                               "templates"},
    "cli.voice_confirm": {"en": "ask \"did you say …?\" before a voice command: never, unsure "
                                "(default) or always (resign, drop and quit always ask)",
                          "el": "ερώτηση «είπες …;» πριν από φωνητική εντολή: never, unsure "
                                "(προεπιλογή) ή always (για παραίτηση, άρνηση διπλασιασμού και "
                                "έξοδο ρωτάει πάντα)"},
    "cli.barge_in": {"en": "while the program speaks: ignore what the microphone hears except "
                           "\"stop\" (default), or interrupt the speech when you start talking",
                     "el": "όσο μιλάει το πρόγραμμα: ignore (προεπιλογή) αγνοεί ό,τι ακούει το "
                           "μικρόφωνο εκτός από «σταμάτα», interrupt σταματά την ομιλία μόλις "
                           "μιλήσεις"},
    "cli.window": {"en": "open the board window", "el": "ανοίγει το παράθυρο με το ταμπλό"},
    "cli.theme": {"en": "board window colours: high_contrast (default) or classic; without it, "
                        "the colours last chosen in the window",
                  "el": "χρώματα ταμπλό: high_contrast (προεπιλογή) ή classic· χωρίς αυτό, τα "
                        "χρώματα που διάλεξες τελευταία στο παράθυρο"},
    "cli.scale": {"en": "board window size of text and buttons (1 = normal); without it, the "
                        "size last chosen in the window",
                  "el": "μέγεθος γραμμάτων και κουμπιών στο παράθυρο (1 = κανονικό)· χωρίς αυτό, "
                        "το μέγεθος που διάλεξες τελευταία στο παράθυρο"},
    "cli.dwell": {"en": "board window: pick a button by resting the pointer on it this many seconds",
                  "el": "παράθυρο: επιλογή κουμπιού όταν ο δείκτης μένει πάνω του τόσα δευτερόλεπτα"},
    "cli.fullscreen": {"en": "board window fills the screen",
                       "el": "το παράθυρο γεμίζει την οθόνη"},
    "cli.resume": {"en": "continue the saved match", "el": "συνεχίζει τον αποθηκευμένο αγώνα"},
    "cli.no_confirm": {"en": "play a chosen play at once (no confirm step, no undo)",
                       "el": "παίζει αμέσως την κίνηση που διάλεξες (χωρίς επιβεβαίωση και αναίρεση)"},
    "cli.save": {"en": "autosave file (default: in the data folder)",
                 "el": "αρχείο αυτόματης αποθήκευσης (προεπιλογή: στον φάκελο δεδομένων)"},
    "cli.no_save": {"en": "do not save the match", "el": "δεν αποθηκεύει τον αγώνα"},
    "cli.watch": {"en": "watch the saved match another tavli-voice is playing (read-only)",
                  "el": "παρακολουθεί τον αποθηκευμένο αγώνα που παίζει άλλο tavli-voice "
                        "(μόνο ανάγνωση)"},
    "readout.left.none": {"en": "The whole play is chosen: confirm it or undo it.",
                          "el": "Η κίνηση είναι διαλεγμένη: επιβεβαίωσέ την ή αναίρεσέ την."},
    "play.forced.you": {"en": "Only one play is possible: {play}. Confirm to play it.",
                        "el": "Μόνο μία κίνηση γίνεται: {play}. Επιβεβαίωσε για να παιχτεί."},
    "play.forced.why.you": {"en": "Only one play is possible, {play}, because {why}. Confirm "
                                  "to play it.",
                            "el": "Μόνο μία κίνηση γίνεται, {play}, γιατί {why}. Επιβεβαίωσε "
                                  "για να παιχτεί."},
    "play.forced.why.other": {"en": "{who} has only one play, {play}, because {why}.",
                              "el": "{who} έχει μόνο μία κίνηση, {play}, γιατί {why}."},
    "reason.outside_stuck": {"en": "{reason}, and that checker cannot move: {why}",
                             "el": "{reason}, και αυτό το πούλι δεν κινείται: {why}"},
    "play.forced.other": {"en": "{who} has only one play: {play}.",
                          "el": "{who} έχει μόνο μία κίνηση: {play}."},
    "cli.resume_name": {"en": "continue a match kept under a name (tavli-voice resume NAME)",
                        "el": "συνεχίζει αγώνα που κρατήθηκε με όνομα (tavli-voice resume ΟΝΟΜΑ)"},
    "cli.two_names": {"en": "two names for the match to continue: {a} and {b}; give one",
                      "el": "δύο ονόματα για τον αγώνα που συνεχίζεται: {a} και {b}· δώσε ένα"},
    "cli.numbering": {
        "en": "points of the opponent's plays: mine (default: in your numbering, like the "
              "position) or mover (in the opponent's own numbering, as backgammon notation)",
        "el": "θέσεις στις κινήσεις του αντιπάλου: mine (προεπιλογή: με τη δική σου αρίθμηση, "
              "όπως η περιγραφή του ταμπλό) ή mover (με την αρίθμηση του αντιπάλου)"},

    # --- help for each command (COMMAND_KEYS) ------------------------------------------------
    "help.select": {"en": "choose a play by its number", "el": "διάλεξε κίνηση με τον αριθμό της"},
    "help.roll": {"en": "roll the dice", "el": "ρίξε τα ζάρια"},
    "help.confirm": {"en": "confirm the chosen play", "el": "επιβεβαίωσε την κίνηση που διάλεξες"},
    "help.undo": {"en": "undo this turn's choice", "el": "αναίρεσε την επιλογή αυτής της ζαριάς"},
    "help.from": {"en": "step by step: pick the checker on a point (bar for the bar)",
                  # «f μπάρα», «t έξω» typed: Greek words (bar and off work too, unsaid)
                  "el": "βήμα βήμα: διάλεξε το πούλι σε μια θέση (f μπάρα για την μπάρα)"},
    "help.to": {"en": "move the picked checker to a point (off to bear off)",
                "el": "πήγαινε το πούλι σε μια θέση (t έξω για μάζεμα)"},
    # spoken help names only the words the voice grammar takes (command_table.POINT_WORDS):
    # a Greek speaker says «μπάρα» and «έξω», never the typed Latin "bar" or "off"
    "help.from.say": {"en": "step by step: pick the checker on a point (bar for the bar)",
                      "el": "βήμα βήμα: διάλεξε το πούλι σε μια θέση (μπάρα για την μπάρα)"},
    "help.to.say": {"en": "move the picked checker to a point (off to bear off)",
                    "el": "πήγαινε το πούλι σε μια θέση (έξω για μάζεμα)"},
    # the board window's own way (no typed "bar" or "off" there): click, or arrows and OK
    "help.from.window": {"en": "step by step: pick up a checker: click it, or reach it with the "
                               "arrows and press OK",
                         "el": "βήμα βήμα: σήκωσε ένα πούλι: πάτα πάνω του ή φτάσε σε αυτό με "
                               "τα βέλη και πάτησε OK"},
    "help.to.window": {"en": "put the picked-up checker down: click a point, or reach it with the "
                             "arrows and press OK (your tray to bear off)",
                       "el": "άφησε κάτω το πούλι που σήκωσες: πάτα πάνω σε μια θέση ή φτάσε σε "
                             "αυτήν με τα βέλη και πάτησε OK (τη θήκη σου για μάζεμα)"},
    "help.window.display": {"en": "F2 changes the colours, + and − the size",
                            "el": "το F2 αλλάζει τα χρώματα, τα + και − το μέγεθος"},
    # the board window scanned by a switch: its look and the scanning speed are in Menu, Settings
    "help.window.scan_settings": {
        "en": "with the switch, Settings in the Menu: bigger or smaller text and buttons, other "
              "colours, slower or faster scanning",
        "el": "με τον διακόπτη, Ρυθμίσεις στο Μενού: μεγαλύτερα ή μικρότερα γράμματα και "
              "κουμπιά, άλλα χρώματα, πιο αργή ή πιο γρήγορη σάρωση"},
    "help.yes": {"en": "yes", "el": "ναι"},
    "help.no": {"en": "no", "el": "όχι"},
    # the same unless the voice knows the room is quiet: the answers heard best in noise first
    # (speech/grammar.NOISY_LAST_FORM, the questions' ``_noisy`` forms)
    "help.yes_noisy": {"en": "yes", "el": "σωστά ή ναι"},
    "help.no_noisy": {"en": "no", "el": "λάθος ή όχι"},
    "help.take": {"en": "take the double", "el": "δέξου τον διπλασιασμό"},
    "help.drop": {"en": "drop the double", "el": "αρνήσου τον διπλασιασμό"},
    "help.cancel": {"en": "cancel the question or the picked checker",
                    "el": "ακύρωσε την ερώτηση ή το πούλι που διάλεξες"},
    "help.plays": {"en": "list the plays again", "el": "ξαναδιάβασε τις κινήσεις"},
    "help.position": {"en": "describe the board: the points with checkers",
                      "el": "περιγραφή του ταμπλό: οι θέσεις που έχουν πούλια"},
    "help.position_brief": {"en": "brief position: pips, bar, borne off, whose turn",
                            "el": "σύνοψη: μέτρημα, μπάρα, μαζεμένα, ποιος παίζει"},
    "help.position_full": {"en": "all 24 points", "el": "όλες οι θέσεις, από 1 έως 24"},
    "help.point": {"en": "what is on a point", "el": "τι έχει μια θέση"},
    "help.quarter": {"en": "a quarter of the board: 1 is points 1 to 6, 4 is points 19 to 24",
                     "el": "ένα τέταρτο του ταμπλό: το 1 είναι οι θέσεις 1 έως 6, το 4 οι θέσεις "
                           "19 έως 24"},
    "help.pips": {"en": "pip counts", "el": "μέτρημα: πόσο δρόμο έχει ακόμα ο καθένας"},
    "help.score": {"en": "match score", "el": "σκορ του αγώνα"},
    "help.hint": {"en": "hint: the expert's choice",
                  "el": "συμβουλή: τι θα έπαιζε ο έμπειρος παίκτης"},
    "help.why": {"en": "why: what makes the hint's play better (than yours, once you chose), "
                       "or whether to take or drop a double",
                 "el": "γιατί: τι κάνει καλύτερη την προτεινόμενη κίνηση (από τη δική σου, αν "
                       "διάλεξες), ή αν πρέπει να δεχτείς ή να αρνηθείς έναν διπλασιασμό"},
    "help.repeat": {"en": "repeat the last message", "el": "επανάλαβε το τελευταίο μήνυμα"},
    "help.stop": {"en": "stop speaking", "el": "σταμάτα την ομιλία"},
    "help.resign": {"en": "resign this game (asks first)",
                    "el": "παραιτήσου από την παρτίδα (ρωτάει πρώτα)"},
    "help.double": {"en": "double the stake (VOG rules)", "el": "διπλασίασε (κανόνες VOG)"},
    "help.help": {"en": "help", "el": "βοήθεια"},
    "help.opponent": {"en": "change your computer opponent to the next level (random, Rita, "
                               "strong, expert)",
                      "el": "άλλαξε αντίπαλο υπολογιστή στο επόμενο επίπεδο (τυχαίος, Ρίτα, "
                            "δυνατός, έμπειρος)"},
    "help.quit": {"en": "quit; the match is saved", "el": "βγες· ο αγώνας αποθηκεύεται"},
    "help.quit.unsaved": {"en": "quit; this match is not being saved",
                          "el": "βγες· αυτός ο αγώνας δεν αποθηκεύεται"},
    "key.number": {"en": "number", "el": "αριθμός"},
    "key.with_number": {"en": "{key} number", "el": "{key} και αριθμός"},
    "key.cancel": {"en": "cancel", "el": "άκυρο"},
    "key.dot": {"en": "dot", "el": "τελεία"},
    # the leave key shown in the Greek help: what to type, in words («ll» alone reads as a word)
    "key.ll": {"en": "ll", "el": "ll (δύο φορές το l)"},
    "key.new_match": {"en": "new match", "el": "νέος αγώνας"},
    "key.question": {"en": "question mark", "el": "ερωτηματικό"},
}

# ---------------------------------------------------------------------------
# Plurals: key -> language -> (one, many); {n} is filled by number()
# ---------------------------------------------------------------------------
PLURALS: dict[str, dict[str, tuple[str, str]]] = {
    "count.play": {"en": ("{n} play", "{n} plays"), "el": ("{n} κίνηση", "{n} κινήσεις")},
    "count.point": {"en": ("{n} point", "{n} points"), "el": ("{n} πόντος", "{n} πόντοι")},
    "count.point_acc": {"en": ("{n} point", "{n} points"), "el": ("{n} πόντο", "{n} πόντους")},
    "count.checker": {"en": ("{n} checker", "{n} checkers"), "el": ("{n} πούλι", "{n} πούλια")},
    "count.time": {"en": ("{n} time", "{n} times"), "el": ("{n} φορά", "{n} φορές")},
    # "{count} of 3" / «(μία) από τις τρεις φορές»
    "count.time_of": {"en": ("{n}", "{n}"), "el": ("τη {n} φορά", "τις {n} φορές")},
    "count.recording": {"en": ("{n} recording", "{n} recordings"),
                        "el": ("{n} ηχογράφηση", "{n} ηχογραφήσεις")},
    "count.second": {"en": ("{n} second", "{n} seconds"),
                     "el": ("{n} δευτερόλεπτο", "{n} δευτερόλεπτα")},
    "plays.more": {"en": ("And {n} more.", "And {n} more."),
                   "el": ("Και άλλη {n}.", "Και άλλες {n}.")},
    "time.left.you": {"en": ("{n} second left.", "{n} seconds left."),
                      "el": ("Σου μένει {n} δευτερόλεπτο.", "Σου μένουν {n} δευτερόλεπτα.")},
    "time.left.other": {"en": ("{who}: {n} second left.", "{who}: {n} seconds left."),
                        "el": ("{who}: μένει {n} δευτερόλεπτο.", "{who}: μένουν {n} δευτερόλεπτα.")},
    # {first}: "step.why.bar_first" (one checker on the bar) or its ".many" (two or more)
    "reason.bar_entry_blocked": {
        "en": ("{first}, and the entry point {points} is closed",
               "{first}, and the entry points {points} are closed"),
        "el": ("{first}, και το {points} είναι πόρτα",
               "{first}, και οι θέσεις εισόδου {points} είναι πόρτες")},
    "reason.pinned": {
        "en": ("the checker on {points} is pinned, and no other can move",
               "the checkers on {points} are pinned, and no other can move"),
        "el": ("το πούλι στη θέση {points} είναι πλακωμένο, και κανένα άλλο δεν κινείται",
               "τα πούλια στις θέσεις {points} είναι πλακωμένα, και κανένα άλλο δεν κινείται")},
    "reason.partial_double": {
        "en": ("only {n} of the {of} moves of {die} can be played",
               "only {n} of the {of} moves of {die} can be played"),
        "el": ("το {die} παίζεται μόνο {n} φορά από τις {of}",
               "το {die} παίζεται μόνο {n} φορές από τις {of}")},
    "readout.of_you": {"en": ("{n} of yours", "{n} of yours"),
                       "el": ("{n} δικό σου", "{n} δικά σου")},
    "readout.of_other": {"en": ("{n} of {whose}", "{n} of {whose}"),
                         "el": ("{n} {whose}", "{n} {whose}")},
    "readout.pinning": {"en": ("{top}, pinning {under}", "{top}, pinning {under}"),
                        "el": ("{top}, που πλακώνει {under}", "{top}, που πλακώνουν {under}")},
    "readout.pinned.you": {
        "en": ("Your checker on {points} is pinned.", "Your checkers on {points} are pinned."),
        "el": ("Το πούλι σου στη θέση {points} είναι πλακωμένο.",
               "Τα πούλια σου στις θέσεις {points} είναι πλακωμένα.")},
    "readout.pinned.other": {
        "en": ("{whose} checker on {points} is pinned.", "{whose} checkers on {points} are pinned."),
        "el": ("Το πούλι {whose} στη θέση {points} είναι πλακωμένο.",
               "Τα πούλια {whose} στις θέσεις {points} είναι πλακωμένα.")},
    "readout.left": {"en": ("Still to play: {dice}.", "Still to play: {dice}."),
                     "el": ("Μένει να παιχτεί το {dice}.", "Μένουν να παιχτούν: {dice}.")},
    "step.left": {"en": ("{step}; {dice} to play", "{step}; {dice} to play"),
                  "el": ("{step}, μένει το {dice}", "{step}, μένουν {dice}")},
    "board.length": {"en": ("to {n} point", "to {n} points"),
                     "el": ("στον {n} πόντο", "στους {n} πόντους")},
    # --- one point of view: another player's play told in the listener's numbering
    "view.entered": {
        "en": ("{who} entered on your {points}.", "{who} entered on your {points}."),
        "el": ("{who} μπήκε από την μπάρα στο {points}.",
               "{who} μπήκε από την μπάρα στο {points}.")},
    "view.hit": {
        "en": ("{who} hit your checker on {points}.", "{who} hit your checkers on {points}."),
        "el": ("{who} χτύπησε το πούλι σου στο {points}.",
               "{who} χτύπησε τα πούλια σου στις θέσεις {points}.")},
    "view.pinned": {
        "en": ("{who} pinned your checker on {points}.",
               "{who} pinned your checkers on {points}."),
        "el": ("{who} πλάκωσε το πούλι σου στο {points}.",
               "{who} πλάκωσε τα πούλια σου στις θέσεις {points}.")},
    # Plakoto (R5.2): the last checker pinning one left its point (Say.freed)
    "view.freed.yours": {
        "en": ("Your checker on {points} is free again.", "Your checkers on {points} are free again."),
        "el": ("Το πούλι σου στο {points} ελευθερώθηκε.",
               "Τα πούλια σου στις θέσεις {points} ελευθερώθηκαν.")},
    "view.freed.other": {
        "en": ("{whose} checker on {points} is free again.",
               "{whose} checkers on {points} are free again."),
        "el": ("Το πούλι {whose} στο {points} ελευθερώθηκε.",
               "Τα πούλια {whose} στις θέσεις {points} ελευθερώθηκαν.")},
    "reason.bar_entry_blocked.yours": {
        "en": ("{first}, and you hold the entry point, {points}",
               "{first}, and you hold the entry points, {points}"),
        "el": ("{first}, και έχεις πόρτα τη θέση εισόδου, το {points}",
               "{first}, και έχεις πόρτες τις θέσεις εισόδου, {points}")},
}

#: Greek gender of the ``{n}`` in each plural (neuter when not listed).
PLURAL_GENDER: dict[str, Gender] = {
    "count.play": "f",
    "count.point": "m",
    "count.point_acc": "m",
    "board.length": "m",
    "plays.more": "f",
    "count.time": "f",
    "count.time_of": "f",
    "count.recording": "f",
    "reason.partial_double": "f",
}
#: Greek case of the ``{n}`` in each plural (nominative when not listed).
PLURAL_CASE: dict[str, Case] = {"count.point_acc": "acc", "board.length": "acc", "count.time_of": "acc"}

# ---------------------------------------------------------------------------
# Names
# ---------------------------------------------------------------------------
GAME_NAMES: dict[str, dict[str, str]] = {
    "tavli": {"en": "Tavli", "el": "Τάβλι"},
    "portes": {"en": "Portes", "el": "Πόρτες"},
    "plakoto": {"en": "Plakoto", "el": "Πλακωτό"},
    "fevga": {"en": "Fevga", "el": "Φεύγα"},
    "tapa": {"en": "Tapa", "el": "Τάπα"},
}

PRESET_NAMES: dict[str, dict[str, str]] = {
    "tavlucky": {"en": "TavLucky", "el": "TavLucky"},
    "traditional": {"en": "traditional", "el": "παραδοσιακοί"},
    "vog": {"en": "VOG, with the doubling cube", "el": "VOG, με κύβο διπλασιασμού"},
}

#: Names of the doubles (R2): English after "double", Greek from the glossary
#: in ``shared/seeds/002_*`` (there "άσσοι"; written here "άσοι" as the dictionary does,
#: and espeak-ng says it right), as (nominative, accusative): "Ζάρια: άσοι", "Έφερες άσους".
DOUBLE_NAMES: dict[str, dict[int, tuple[str, str]]] = {
    "en": {1: ("ones", "ones"), 2: ("twos", "twos"), 3: ("threes", "threes"),
           4: ("fours", "fours"), 5: ("fives", "fives"), 6: ("sixes", "sixes")},
    "el": {1: ("άσοι", "άσους"), 2: ("δυάρες", "δυάρες"), 3: ("τριάρες", "τριάρες"),
           4: ("ντόρτια", "ντόρτια"), 5: ("πεντάρες", "πεντάρες"), 6: ("εξάρες", "εξάρες")},
}


@dataclass(frozen=True, slots=True)
class PlayerWords:
    """How to name one player in one language.

    ``name`` stands alone (lists, headings: "Rita", "Ρίτα"); ``subject`` is
    the subject of a sentence ("Rita rolled", "η Ρίτα έφερε"); ``whose`` owns
    something ("Rita's checkers", "τα πούλια της Ρίτας").
    """

    name: str
    subject: str
    whose: str


#: Bots by their ``PlayerInfo.bot`` name: (name, subject, whose) per language.
BOT_NAMES: dict[str, dict[str, tuple[str, str, str]]] = {
    "rita": {"en": ("Rita", "Rita", "Rita's"),
             "el": ("Ρίτα", "η Ρίτα", "της Ρίτας")},
    "strong": {"en": ("Strong player", "the strong player", "the strong player's"),
               "el": ("Δυνατός παίκτης", "ο δυνατός παίκτης", "του δυνατού παίκτη")},
    "random": {"en": ("Random player", "the random player", "the random player's"),
               "el": ("Τυχαίος παίκτης", "ο τυχαίος παίκτης", "του τυχαίου παίκτη")},
    "expert": {"en": ("Expert", "the expert", "the expert's"),
               "el": ("Έμπειρος παίκτης", "ο έμπειρος παίκτης", "του έμπειρου παίκτη")},
}

_UNNAMED = {"", "you", "εσύ", "me", "player", "παίκτης"}
_DEFAULT_NAME = re.compile(r"^(?:player|παίκτης)\s*(\d+)$")
_GREEK_ORDINAL_NAME = {"πρώτος παίκτης": 1, "δεύτερος παίκτης": 2}
#: Seats with no name, in Greek: ordinals, never "Παίκτης 1" (the digit would run into
#: the values read after it: "ο Παίκτης 1 1").
_EL_SEATS = {1: ("Πρώτος παίκτης", "ο πρώτος παίκτης", "του πρώτου παίκτη"),
             2: ("Δεύτερος παίκτης", "ο δεύτερος παίκτης", "του δεύτερου παίκτη")}
_GREEK_LETTERS = re.compile(r"^[\u0370-\u03ff\u1f00-\u1fff]+$")


def greek_name_words(name: str) -> PlayerWords | None:
    """A one-word Greek first name with its article, by its ending (None if not known).

    >>> greek_name_words("Μαρία"), greek_name_words("Νίκος").whose, greek_name_words("Κώστας").whose
    (PlayerWords(name='Μαρία', subject='η Μαρία', whose='της Μαρίας'), 'του Νίκου', 'του Κώστα')
    """
    if not _GREEK_LETTERS.match(name):
        return None
    low = name.lower()
    if low.endswith(("ος", "ός")):
        return PlayerWords(name, f"ο {name}", f"του {name[:-2]}{'ου' if low[-2] == 'ο' else 'ού'}")
    if low.endswith(("ης", "ής", "ας", "άς")):
        return PlayerWords(name, f"ο {name}", f"του {name[:-1]}")
    if low.endswith(("α", "ά", "η", "ή", "ώ", "ω")):  # «η Φρόσω», «της Φρόσως»
        return PlayerWords(name, f"η {name}", f"της {name}ς")
    return None


def player_words(name: str, bot: str | None, index: int, lang: str) -> PlayerWords:
    """Words for player ``index`` (0 or 1): a known bot, a default or a given name.

    A person with no real name (``""``, ``"you"``, ``"Player 2"``) becomes
    "Player 1" / "ο πρώτος παίκτης" (by seat, or by the number given). In
    Greek a one-word Greek name takes its article by its ending ("η Μαρία",
    "του Νίκου"); any other name stands without one and owns things as "του
    παίκτη Mary".
    """
    _check_lang(lang)
    if bot is not None and bot in BOT_NAMES:
        return PlayerWords(*BOT_NAMES[bot][lang])
    clean = name.strip()
    default = _DEFAULT_NAME.match(clean.lower())
    ordinal = _GREEK_ORDINAL_NAME.get(clean.lower())
    if clean.lower() in _UNNAMED or default or ordinal:
        n = int(default.group(1)) if default else ordinal or index + 1
        if lang == "el":
            if n in _EL_SEATS:
                return PlayerWords(*_EL_SEATS[n])
            return PlayerWords(f"Παίκτης {n}", f"ο Παίκτης {n}", f"του Παίκτη {n}")
        return PlayerWords(f"Player {n}", f"Player {n}", f"Player {n}'s")
    if lang == "el":
        return greek_name_words(clean) or PlayerWords(clean, clean, f"του παίκτη {clean}")
    return PlayerWords(clean, clean, f"{clean}'" if clean.endswith("s") else f"{clean}'s")


#: Greek ordinals after an article, by the article: "η πρώτη Ρίτα", "του δεύτερου έμπειρου παίκτη".
_EL_NTH = {"η": ("πρώτη", "δεύτερη"), "της": ("πρώτης", "δεύτερης"),
           "ο": ("πρώτος", "δεύτερος"), "του": ("πρώτου", "δεύτερου")}


def _nth_words(words: PlayerWords, index: int, lang: str) -> PlayerWords:
    """``words`` told apart from a namesake by seat: "the first Rita", «η δεύτερη Ρίτα»."""
    if lang == "el":
        def nth(form: str) -> str:
            article, _, rest = form.partition(" ")
            return f"{article} {_EL_NTH[article][index]} {rest}" if article in _EL_NTH and rest else form

        subject = nth(words.subject)
        if subject == words.subject:  # a name with no article: «ο πρώτος παίκτης Ann»
            subject = f"ο {_EL_NTH['ο'][index]} παίκτης {words.name}"
        return PlayerWords(capitalize(subject.partition(" ")[2]), subject, nth(words.whose))
    ordinal = ("first", "second")[index]

    def the_nth(form: str) -> str:
        return f"the {ordinal} {form.removeprefix('the ')}"

    subject = the_nth(words.subject)
    return PlayerWords(capitalize(subject.removeprefix("the ")), subject, the_nth(words.whose))


def seat_words(seats: Sequence[tuple[str, str | None]], index: int, lang: str) -> PlayerWords:
    """Words for seat ``index`` of the two ``seats`` (name, bot): :func:`player_words`, and
    when both seats have the same name (a bot against itself, two people both "Ann") each
    told apart by seat, first and second.

    >>> seat_words([("Rita", "rita"), ("Rita", "rita")], 1, "el")
    PlayerWords(name='Δεύτερη Ρίτα', subject='η δεύτερη Ρίτα', whose='της δεύτερης Ρίτας')
    >>> seat_words([("Expert", "expert"), ("Expert", "expert")], 0, "en")
    PlayerWords(name='First expert', subject='the first expert', whose="the first expert's")
    >>> seat_words([("Rita", "rita"), ("Ann", None)], 0, "en").subject
    'Rita'
    """
    both = [player_words(name, bot, i, lang) for i, (name, bot) in enumerate(seats)]
    words = both[index]
    if len(both) == 2 and both[0].name.casefold() == both[1].name.casefold():
        return _nth_words(words, index, lang)
    return words


def game_name(game: str, lang: str, preset: str | None = None) -> str:
    """``"plakoto"`` → "Plakoto" / "Πλακωτό" ("Tapa" / "Τάπα" under ``vog``, R5.1)."""
    _check_lang(lang)
    key = game.lower()
    if key == "plakoto" and preset == "vog":
        key = "tapa"
    names = GAME_NAMES.get(key)
    return names[lang] if names else game


#: A preset's bare name after "the … rules" / "τους κανόνες …".
PRESET_SHORT_NAMES: dict[str, dict[str, str]] = {
    "tavlucky": {"en": "TavLucky", "el": "TavLucky"},
    "traditional": {"en": "traditional", "el": "παραδοσιακούς"},
    "vog": {"en": "VOG", "el": "VOG"},
}


def preset_short_name(preset: str, lang: str) -> str:
    """A preset's name after "the … rules": "VOG", "παραδοσιακούς"."""
    _check_lang(lang)
    return PRESET_SHORT_NAMES.get(preset, {}).get(lang, preset)


def preset_name(preset: str, lang: str) -> str:
    """A rule preset (R0) in words."""
    _check_lang(lang)
    names = PRESET_NAMES.get(preset)
    return names[lang] if names else preset


# ---------------------------------------------------------------------------
# Formatting
# ---------------------------------------------------------------------------
def _check_lang(lang: str) -> None:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGS)}")


def plural(key: str, n: int, lang: str, /, *, speech: bool = False, in_words: bool = False,
           **kw: Any) -> str:
    """The form of plural ``key`` for ``n``, with ``{n}`` filled by :func:`number`, or by
    :func:`count_words` on screen too with ``in_words`` (beside counts said in words).

    >>> plural("count.point", 1, "el", speech=True)
    'ένας πόντος'
    >>> plural("count.checker", 2, "en")
    '2 checkers'
    """
    _check_lang(lang)
    one, many = PLURALS[key][lang]
    template = one if n == 1 else many
    gender, case = PLURAL_GENDER.get(key, "n"), PLURAL_CASE.get(key, "nom")
    words = count_words(n, lang, gender, case) if in_words else number(n, lang, gender, case,
                                                                        speech=speech)
    return template.format(n=words, **kw)


def number(n: int, lang: str, gender: Gender = "n", case: Case = "nom", *,
           speech: bool = False) -> str:
    """``n`` as digits, or as Greek words where the digit would be read wrongly.

    espeak-ng reads a Greek digit as the neuter ("3" → "τρία", "23" → "είκοσι
    τρία"), right for πούλια but wrong for κινήσεις (τρεις) and πόντοι (τρεις,
    ένας); a screen reader reading the terminal uses the same voice. So in
    speech every Greek masculine and feminine number is written as words, and
    on screen those whose gender is heard (:func:`el_gender_heard`: 1, 3, 4, 13,
    14, 21, 200 …: "μία κίνηση", "τρεις πόντοι"), so a screen reader says them
    right while a sighted player still sees digits for the rest ("25 κινήσεις").
    Neuter numbers and English stay digits.

    >>> number(23, "el", "f"), number(25, "el", "f"), number(1, "el", "m", "acc")
    ('είκοσι τρεις', '25', 'έναν')
    >>> number(25, "el", "f", speech=True), number(3, "el"), number(3, "en", "f")
    ('είκοσι πέντε', '3', '3')
    """
    _check_lang(lang)
    if lang == "el" and gender != "n" and (speech or el_gender_heard(n, gender, case)):
        return el_number(n, gender, case)
    return str(n)


_EN_COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "eleven", "twelve", "thirteen", "fourteen", "fifteen")


def count_words(n: int, lang: str, gender: Gender = "n", case: Case = "nom") -> str:
    """A count of checkers in words on screen too, for a sentence that says a count in words
    beside it ("two from 3 and one from 2", "two checkers … all six entry points"), so a
    sentence counts one way and a count is not read like the point beside it; Greek agrees
    with its noun («δύο πούλια», «τρεις φορές»). English above fifteen stays digits.

    >>> count_words(2, "en"), count_words(3, "el", "f"), count_words(16, "en")
    ('two', 'τρεις', '16')
    """
    _check_lang(lang)
    if lang == "el":
        return el_number(n, gender, case)
    return _EN_COUNTS[n] if 0 <= n < len(_EN_COUNTS) else str(n)


def el_gender_heard(n: int, gender: Gender, case: Case = "nom") -> bool:
    """Whether Greek ``n`` before a ``gender`` noun is said otherwise than the neuter a digit
    is read as: its last word is ένα, τρία or τέσσερα (1, 3, 4, 13, 14, 21, 23 …, not 11 or
    12), or its hundreds agree (200 «διακόσιες»).

    >>> [k for k in range(1, 25) if el_gender_heard(k, "f")]
    [1, 3, 4, 13, 14, 21, 23, 24]
    >>> el_gender_heard(1, "m", "acc"), el_gender_heard(25, "m"), el_gender_heard(200, "f")
    (True, False, True)
    """
    return gender != "n" and el_number(n, gender, case) != el_number(n, "n")


#: Greek halves above one point: "ενάμιση πόντο", "δυόμισι πόντους".
_EL_HALVES = {1: "ενάμιση πόντο", 2: "δυόμισι πόντους", 3: "τρεισήμισι πόντους",
              4: "τεσσερισήμισι πόντους"}


def point_share(points: float, lang: str) -> str:
    """A share of a point as a Greek speaker says it; no decimal digits in Greek.

    A decimal such as "0,25" is read digit by digit by espeak-ng ("μηδέν κόμμα δύο
    πέντε"), so Greek says quarters, halves and tenths in words (accusative, after
    "κερδίζει"); English keeps two decimals.

    >>> point_share(0.25, "el"), point_share(0.31, "el"), point_share(1.4, "el")
    ('ένα τέταρτο του πόντου', '3 δέκατα του πόντου', 'ενάμιση πόντο')
    >>> point_share(0.25, "en")
    '0.25 points'
    """
    _check_lang(lang)
    if lang == "en":
        return f"{points:.2f} points"
    x = abs(points)
    if x < 0.95:
        if abs(x - 0.25) < 0.03:
            return "ένα τέταρτο του πόντου"
        if abs(x - 0.75) < 0.03:
            return "τρία τέταρτα του πόντου"
        tenths = int(x * 10 + 0.5)
        if tenths == 0:
            return "λιγότερο από ένα δέκατο του πόντου"
        if tenths == 5:
            return "μισό πόντο"
        return "ένα δέκατο του πόντου" if tenths == 1 else f"{tenths} δέκατα του πόντου"
    whole, half = divmod(int(x * 2 + 0.5), 2)
    if half and whole in _EL_HALVES:
        return _EL_HALVES[whole]
    whole = max(whole, 1)
    return f"{el_number(whole, 'm', 'acc')} {'πόντο' if whole == 1 else 'πόντους'}"


_EL_ONES: dict[Gender, tuple[str, ...]] = {
    "n": ("μηδέν", "ένα", "δύο", "τρία", "τέσσερα", "πέντε", "έξι", "επτά", "οκτώ", "εννέα"),
    "m": ("μηδέν", "ένας", "δύο", "τρεις", "τέσσερις", "πέντε", "έξι", "επτά", "οκτώ", "εννέα"),
    "f": ("μηδέν", "μία", "δύο", "τρεις", "τέσσερις", "πέντε", "έξι", "επτά", "οκτώ", "εννέα"),
}
_EL_TEENS: dict[Gender, tuple[str, ...]] = {
    "n": ("δέκα", "έντεκα", "δώδεκα", "δεκατρία", "δεκατέσσερα", "δεκαπέντε", "δεκαέξι",
          "δεκαεπτά", "δεκαοκτώ", "δεκαεννέα"),
    "m": ("δέκα", "έντεκα", "δώδεκα", "δεκατρείς", "δεκατέσσερις", "δεκαπέντε", "δεκαέξι",
          "δεκαεπτά", "δεκαοκτώ", "δεκαεννέα"),
}
_EL_TEENS["f"] = _EL_TEENS["m"]
_EL_TENS = ("", "", "είκοσι", "τριάντα", "σαράντα", "πενήντα", "εξήντα", "εβδομήντα",
            "ογδόντα", "ενενήντα")
_EL_HUNDREDS_STEM = ("", "", "διακόσι", "τριακόσι", "τετρακόσι", "πεντακόσι", "εξακόσι",
                     "επτακόσι", "οκτακόσι", "εννιακόσι")
_EL_PLURAL_END = {"m": "οι", "f": "ες", "n": "α"}


def _el_below_1000(n: int, gender: Gender) -> list[str]:
    words: list[str] = []
    h, rest = divmod(n, 100)
    if h == 1:
        words.append("εκατόν" if rest else "εκατό")
    elif h > 1:
        words.append(_EL_HUNDREDS_STEM[h] + _EL_PLURAL_END[gender])
    t, u = divmod(rest, 10)
    if t == 1:
        words.append(_EL_TEENS[gender][u])
    else:
        if t > 1:
            words.append(_EL_TENS[t])
        if u or (not words and n == 0):
            words.append(_EL_ONES[gender][u])
    return words


def el_number(n: int, gender: Gender = "n", case: Case = "nom") -> str:
    """``n`` (0 – 999 999) in Greek words agreeing with ``gender`` and ``case``.

    >>> el_number(3, "f"), el_number(21, "m", "acc"), el_number(234, "f")
    ('τρεις', 'είκοσι έναν', 'διακόσιες τριάντα τέσσερις')
    """
    if not 0 <= n < 1_000_000:
        return str(n)
    if n == 0:
        return "μηδέν"
    thousands, rest = divmod(n, 1000)
    words: list[str] = []
    if thousands == 1:
        words.append({"m": "χίλιοι", "f": "χίλιες", "n": "χίλια"}[gender])
    elif thousands > 1:
        words += _el_below_1000(thousands, "f") + ["χιλιάδες"]
    if rest:
        words += _el_below_1000(rest, gender)
    if case == "acc" and gender == "m":
        words = [("έναν" if w == "ένας" else w[:-2] + "ους" if w.endswith("οι") else w)
                 for w in words]
    return " ".join(words)


def join_list(items: Sequence[str], lang: str, word: str = "and") -> str:
    """``["19", "20", "22"]`` → "19, 20 and 22" / "19, 20 και 22" (``word``: and, or)."""
    items = [i for i in items if i]
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    glue = text(f"word.{word}", lang)
    return f"{', '.join(items[:-1])} {glue} {items[-1]}"


def dice_words(dice: tuple[int, int], lang: str, case: Case = "nom") -> str:
    """Two dice in words, larger first: "6 and 5", "double sixes"; "6 και 5", "εξάρες".

    ``case`` matters only for Greek double ones: "άσοι" (nominative) after
    "Ζάρια:", "άσους" (accusative) after "έφερες".
    """
    _check_lang(lang)
    hi, lo = max(dice), min(dice)
    if hi == lo:
        nom, acc = DOUBLE_NAMES[lang][hi]
        return text("dice.double", lang, name=acc if case == "acc" else nom)
    return text("dice.pair", lang, hi=hi, lo=lo)


def capitalize(sentence: str) -> str:
    """Upper-case the first letter ("η Ρίτα έφερε" → "Η Ρίτα έφερε")."""
    for i, ch in enumerate(sentence):
        if ch.isalpha():
            return sentence[:i] + ch.upper() + sentence[i + 1:]
        if not ch.isspace() and ch not in "«“\"'(":
            return sentence
    return sentence


def placeholders(template: str) -> set[str]:
    """The ``{names}`` in a template (for the completeness test)."""
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


# ---------------------------------------------------------------------------
# Terminal commands: one-letter keys, the same in both languages
# ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CommandKey:
    """One row of the terminal's command table.

    ``key`` is what to type (``N`` stands for a number); ``command`` is the
    name in :data:`tavli_voice.commands.COMMAND_NAMES`; ``help`` a message key.
    """

    key: str
    command: str
    help: str


#: The terminal's one-letter commands (Latin letters in both languages, so help,
#: documentation and muscle memory carry over), from the command table.
COMMAND_KEYS: tuple[CommandKey, ...] = tuple(CommandKey(*row) for row in help_rows())


def keys_for(command: str) -> tuple[CommandKey, ...]:
    """The rows of :data:`COMMAND_KEYS` for one command name (may be several)."""
    return tuple(k for k in COMMAND_KEYS if k.command == command)


def key_label(key: str, lang: str, *, speech: bool = False) -> str:
    """A key as shown ("f N") or as said ("f number", "dot"); "cancel" is "άκυρο" in Greek."""
    if key == "cancel":
        return text("key.cancel", lang)
    if key == "new match":  # typed as words, in the player's language
        return text("key.new_match", lang)
    if not speech:
        return text("key.ll", lang) if key == "ll" else key
    if key == "N":
        return text("key.number", lang)
    if key == ".":
        return text("key.dot", lang)
    if key == "?":
        return text("key.question", lang)
    head, _, rest = key.partition(" ")
    if rest == "N":
        return text("key.with_number", lang, key=head)
    return key


def help_lines(lang: str, commands: Iterable[str] | None = None, plays: int = 0,
               *, speech: bool = False, keys: bool = True, saving: bool = True,
               window: bool = False, scanned: bool = False, noisy: bool = False) -> list[str]:
    """"key: what it does" for ``commands`` (all when None), in table order.

    With ``plays`` > 0 the number row says "1 to N" ("choose play 1 to 7").
    ``keys=False`` leaves the letters out (for voice or switch users).
    ``saving=False`` (``--no-save``): quitting does not promise a saved match.
    ``window``: the board window's own way where it has one (``help.from.window``: click,
    or the arrows and OK, where the terminal types "f 13", "f bar", "t off"); ``speech``: the
    spoken form where it has one (``help.from.say``: «μπάρα», never the typed "bar", in Greek).
    ``scanned``: only what the switch-scanning menus offer. ``noisy``: the voice does not know the room is quiet,
    and yes and no are named by the Greek answers heard best in noise first (``help.yes_noisy``: «σωστά ή ναι»).

    >>> help_lines("el", ["yes", "no"], keys=False), help_lines("el", ["yes", "no"], keys=False, noisy=True)
    (['ναι', 'όχι'], ['σωστά ή ναι', 'λάθος ή όχι'])
    """
    wanted = None if commands is None else set(commands)
    if scanned:
        wanted = set(scanned_commands()) & (set(scanned_commands()) if wanted is None else wanted)
    if wanted is not None and "take" in wanted:
        wanted -= {"yes", "no"}  # answering a double: y takes, n drops
    rows: list[tuple[list[str], CommandKey]] = []  # keys sharing one meaning: "h / ?"
    for row in COMMAND_KEYS:
        if wanted is not None and row.command not in wanted:
            continue
        if rows and rows[-1][1].command == row.command and rows[-1][1].help == row.help:
            rows[-1][0].append(row.key)
        else:
            rows.append(([row.key], row))
    out: list[str] = []
    for row_keys, row in rows:
        if row.command == "select" and plays > 0:
            one = plays == 1
            what = text("help.select.one", lang) if one else text("help.select.plays", lang, n=plays)
            out.append(what if (speech or not keys) else
                       text("help.item", lang, key="1" if one else f"1-{plays}", what=what))
            continue
        key = "help.quit.unsaved" if row.help == "help.quit" and not saving else row.help
        if window and f"{key}.window" in ENTRIES:
            key = f"{key}.window"
        elif speech and f"{key}.say" in ENTRIES:  # aloud: only the words a speaker can say
            key = f"{key}.say"
        if noisy and f"{key}_noisy" in ENTRIES:
            key = f"{key}_noisy"
        what = text(key, lang)
        if speech:  # "point N" aloud: "point number"
            what = re.sub(r"\bN\b", text("key.number", lang), what)
        if not keys:
            out.append(what)
            continue
        label = f" {text('word.or', lang)} ".join(key_label(k, lang, speech=speech)
                                                  for k in row_keys) if speech else \
            " / ".join(key_label(k, lang) for k in row_keys)
        out.append(text("help.item", lang, key=label, what=what))
    return out


# ---------------------------------------------------------------------------
# Language from the environment
# ---------------------------------------------------------------------------
def lang_from_argv(argv: Sequence[str], env: Mapping[str, str] | None = None) -> str:
    """The language a command line asks for (``--lang el`` / ``--lang=el``), else the locale's;
    asked for twice, the last, as argparse takes it.

    >>> lang_from_argv(["-h", "--lang", "el"]), lang_from_argv(["--lang=en"])
    ('el', 'en')
    >>> lang_from_argv(["--lang", "en", "--lang=el", "-h"])
    'el'
    """
    found = None
    for i, arg in enumerate(argv):
        value = argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else \
            arg.partition("=")[2] if arg.startswith("--lang=") else None
        if value in LANGS:
            found = value
    return found if found is not None else default_lang(env)


def default_lang(env: Mapping[str, str] | None = None) -> str:
    """``"el"`` when the locale is Greek, else ``"en"`` (``--lang`` overrides, in the caller).

    Reads, as gettext does, ``LANGUAGE`` (first entry) unless the locale is
    ``C``/``POSIX``, then ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` (first
    non-empty wins). Any value starting with ``el`` (``el_GR.UTF-8``, ``el``)
    means Greek.

    >>> default_lang({"LANG": "el_GR.UTF-8"}), default_lang({"LC_ALL": "C", "LANG": "el_GR"})
    ('el', 'en')
    """
    env = os.environ if env is None else env
    locale = ""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "").strip()
        if value:
            locale = value
            break
    if locale in ("C", "POSIX") or locale.startswith(("C.", "POSIX.")):
        return "en"
    language = env.get("LANGUAGE", "").strip()
    if language:
        locale = language.split(":")[0]
    return "el" if locale.lower().startswith("el") else "en"




# ---------------------------------------------------------------------------
# Sections: the words of one part of the program, found through ``text()``
# under the section's prefix (see SECTIONS at the end).
# ---------------------------------------------------------------------------
#: ``scanui.`` The terminal scanner's own sentences (``ui/scan_input.py``).
SCAN_TERMINAL_WORDS: dict[str, dict[str, str]] = {
    "order_point": {"en": "Pick the checker to move: points from the highest down.",
                    "el": "Διάλεξε ποιο πούλι θα παίξεις: οι θέσεις από τη μεγαλύτερη προς τη "
                          "μικρότερη."},
    "order_suggested": {"en": "Pick the checker to move: the suggested play's first, then the "
                              "points from the highest down.",
                        "el": "Διάλεξε ποιο πούλι θα παίξεις: πρώτα αυτό της προτεινόμενης "
                              "κίνησης, μετά οι θέσεις από τη μεγαλύτερη προς τη μικρότερη."},
    # the same, once the order is known (narration.priorities.TOLD_IN_FULL)
    "order_short": {"en": "Pick the checker to move.", "el": "Διάλεξε ποιο πούλι θα παίξεις."},
    "not_a_tty": {
        "en": "Switch scanning needs a terminal keyboard; standard input is not one. "
              "Using typed commands instead.",
        "el": "Η σάρωση με διακόπτη χρειάζεται πληκτρολόγιο τερματικού, και η είσοδος δεν είναι "
              "τερματικό. Χρησιμοποιούνται γραπτές εντολές.",
    },
    "intro_auto": {
        "en": "Switch scanning: the options are read one after another. Press {pick} when you "
              "hear the one you want. {next} moves on at once.",
        "el": "Σάρωση με διακόπτη: οι επιλογές διαβάζονται η μία μετά την άλλη. Πάτησε το {pick} "
              "όταν ακούσεις αυτή που θέλεις. Το {next} πάει αμέσως στην επόμενη.",
    },
    # leaving as the switch does it ({menu}, {quit}: the scan's labels), not a key
    "leave": {"en": "To leave, pick “{menu}”, then “{quit}”; the match is saved.",
              "el": "Για έξοδο, διάλεξε «{menu}» και μετά «{quit}»· ο αγώνας αποθηκεύεται."},
    "leave_unsaved": {"en": "To leave, pick “{menu}”, then “{quit}”; this match is not being "
                            "saved.",
                      "el": "Για έξοδο, διάλεξε «{menu}» και μετά «{quit}»· αυτός ο αγώνας "
                            "δεν αποθηκεύεται."},
    "intro_step": {
        "en": "Switch scanning with two switches: {next} moves to the next option, {pick} picks "
              "it.",
        "el": "Σάρωση με δύο διακόπτες: το {next} πάει στην επόμενη επιλογή, το {pick} την "
              "επιλέγει.",
    },
    "intro_hold": {
        "en": "Hold to pick is on: keep {pick} down until the choice is made. A terminal sees "
              "a held key only once it starts repeating, so hold it a little longer.",
        "el": "Είναι ενεργό το κράτημα για επιλογή: κράτα πατημένο το {pick} μέχρι να γίνει η "
              "επιλογή. Το τερματικό καταλαβαίνει το κράτημα μόνο όταν το πλήκτρο αρχίσει να "
              "επαναλαμβάνεται, οπότε κράτα το λίγο περισσότερο.",
    },
    "not_a_switch": {
        "en": "That key is not a switch here. Press {pick} to pick the option read out.",
        "el": "Αυτό το πλήκτρο δεν είναι διακόπτης εδώ. Πάτησε το {pick} για να επιλέξεις αυτό "
              "που διαβάζεται.",
    },
    "settings_saved_failed": {
        "en": "The scanning settings could not be saved: {error}",
        "el": "Οι ρυθμίσεις σάρωσης δεν αποθηκεύτηκαν: {error}",
    },
}

#: ``scankey.`` How key names are said to the user.
SCAN_KEY_WORDS: dict[str, dict[str, str]] = {
    "space": {"en": "space", "el": "διάστημα"},
    "enter": {"en": "Enter", "el": "Enter"},
    "tab": {"en": "Tab", "el": "Tab"},
    "escape": {"en": "Escape", "el": "Escape"},
    "backspace": {"en": "Backspace", "el": "Backspace"},
}

#: ``board.`` The board window's own labels (buttons, headings, questions).
BOARD_WORDS: dict[str, dict[str, str]] = {
    "title": {"en": "Tavli — accessible board", "el": "Τάβλι — προσβάσιμο ταμπλό"},
    "roll": {"en": "Roll", "el": "Ρίξε"},
    "confirm": {"en": "Confirm", "el": "Επιβεβαίωση"},
    "undo": {"en": "Undo", "el": "Αναίρεση"},
    "cancel": {"en": "Back", "el": "Πίσω"},
    "double": {"en": "Double", "el": "Διπλασιασμός"},
    "take": {"en": "Take", "el": "Δέχομαι"},
    "drop": {"en": "Drop", "el": "Αρνούμαι"},
    "yes": {"en": "Yes", "el": "Ναι"},
    "no": {"en": "No", "el": "Όχι"},
    "close": {"en": "Close", "el": "Κλείσιμο"},
    "plays": {"en": "Plays", "el": "Κινήσεις"},
    "plays_more": {"en": "Plays {start}–{end} of {count}", "el": "Κινήσεις {start}–{end} από {count}"},
    "turn_mine": {"en": "Your turn", "el": "Σειρά σου"},
    "turn_other": {"en": "{name} to play", "el": "Παίζει: {name}"},
    "thinking": {"en": "{name} is playing…", "el": "Παίζει: {name}…"},
    "score": {"en": "{me}: {a} · {other}: {b} · match {length}",
              "el": "{me}: {a} · {other}: {b} · αγώνας {length}"},
    "game_no": {"en": "{game}, game {number}", "el": "{game}, παρτίδα {number}"},
    "dice": {"en": "Dice {a} {b}", "el": "Ζάρια {a} {b}"},
    "pending": {"en": "Chosen: {play}. Confirm or undo.", "el": "Επιλογή: {play}. Επιβεβαίωσε ή αναίρεσε."},
    "picked": {"en": "Checker on {point}: choose where it goes.",
               "el": "Πούλι στο {point}: διάλεξε πού πάει."},
    "roll_prompt": {"en": "Press OK or R to roll.", "el": "Πάτησε OK ή R για να ρίξεις."},
    "choose_prompt": {"en": "Arrows: checker · OK: pick up · Down: list · digits: play",
                      "el": "Βέλη: πούλι · OK: σήκωσε · Κάτω: λίστα · αριθμός: κίνηση"},
    "confirm_prompt": {"en": "OK confirms, Back undoes.", "el": "OK επιβεβαιώνει, Πίσω αναιρεί."},
    "question_resign": {"en": "Resign this game?", "el": "Παραιτείσαι από αυτή την παρτίδα;"},
    "question_take": {"en": "Take the double? The game would be worth {value} points.",
                      "el": "Δέχεσαι τον διπλασιασμό; Η παρτίδα θα αξίζει {value} πόντους."},
    "question_quit": {"en": "Quit?", "el": "Έξοδος;"},
    # the window's last line, by the winner: "Κέρδισες!" / "Κέρδισε η Ρίτα, 5 προς 3."
    "match_won.you": {"en": "You won the match, {a} to {b}!",
                      "el": "Κέρδισες τον αγώνα, {a} προς {b}!"},
    "match_won.other": {"en": "{who} won the match, {a} to {b}.",
                        "el": "Κέρδισε {who}, {a} προς {b}."},
    "close_prompt": {"en": "Press OK or Esc to close.", "el": "Πάτησε OK ή Esc για κλείσιμο."},
    "close_prompt_switch": {"en": "Press the switch to close.",
                            "el": "Πάτησε τον διακόπτη για κλείσιμο."},
    # the same where the match's end offers its choices as buttons (App.end_choices), named by
    # their labels (``scan.new_match``, ``scan.quit``)
    # (short: whole in the status of a window at 480x360)
    "close_prompt_end": {"en": "Pick “{new}” or “{quit}”.", "el": "Διάλεξε «{new}» ή «{quit}»."},
    "close_prompt_end_switch": {"en": "Press the switch at “{new}” or at “{quit}”.",
                                "el": "Πάτησε τον διακόπτη στο «{new}» ή στην «{quit}»."},
    "scanning": {"en": "Scanning", "el": "Σάρωση"},
    "scan_paused": {"en": "Scanning paused: press the switch.",
                    "el": "Η σάρωση σταμάτησε: πάτησε τον διακόπτη."},
    "bar": {"en": "bar", "el": "μπάρα"},
    "off": {"en": "off", "el": "έξω"},
    "pinned": {"en": "pinned", "el": "πλακωμένο"},
    "no_display": {
        "en": "The board window cannot open: no display was found.",
        "el": "Το παράθυρο του ταμπλό δεν μπορεί να ανοίξει: δεν βρέθηκε οθόνη."},
    "no_pygame": {
        "en": "The board window needs pygame, which is not installed.",
        "el": "Το παράθυρο του ταμπλό χρειάζεται το pygame, που δεν είναι εγκατεστημένο."},
    "window_error": {
        "en": "The board window stopped because of an error ({why}). The match is saved.",
        "el": "Το παράθυρο του ταμπλό σταμάτησε λόγω σφάλματος ({why}). Ο αγώνας αποθηκεύτηκε."},
    "rejected": {"en": "Not possible now.", "el": "Δεν γίνεται τώρα."},
    # the window's look changed (scan menu Settings, F2, + and −), said in words
    "size": {"en": "Text and buttons at {pct}%.", "el": "Γράμματα και κουμπιά στο {pct}%."},
    "size_limit": {"en": "Text and buttons stay at {pct}%: that is the limit.",
                   "el": "Τα γράμματα και τα κουμπιά μένουν στο {pct}%: αυτό είναι το όριο."},
    "colours_now": {"en": "Colours: {name}.", "el": "Χρώματα: {name}."},
    "theme_high_contrast": {"en": "high contrast", "el": "υψηλή αντίθεση"},
    "theme_classic": {"en": "classic", "el": "κλασικά"},
    "unknown_key": {"en": "The key “{key}” does nothing here. Press h for help.",
                    "el": "Το πλήκτρο «{key}» δεν κάνει τίποτα εδώ. Πάτησε h για βοήθεια."},
    "min_size": {"en": "The window cannot be smaller than {width} by {height} pixels, so that "
                       "nothing is cut off.",
                 "el": "Το παράθυρο δεν μπορεί να γίνει μικρότερο από {width} επί {height} "
                       "εικονοστοιχεία, ώστε να μην κόβεται τίποτα."},
    "you": {"en": "You", "el": "Εσύ"},
    # the legend: each side's checkers by colour name and shape, never colour alone
    "legend_side": {"en": "{name}: {colour} {shape}", "el": "{name}: {colour} {shape}"},
    "colour_white": {"en": "white", "el": "λευκά"},
    "colour_black": {"en": "black", "el": "μαύρα"},
    "colour_light": {"en": "light", "el": "ανοιχτά"},
    "colour_dark": {"en": "dark", "el": "σκούρα"},
    # each mark's words on one row of the panel at 1024x700 (288 px at 20 px), both languages
    "mark_help_green": {"en": "Green underline: can move",
                        "el": "Πράσινη γραμμή: κινείται"},
    # a selected point is framed thickly, a selected button filled and thickly edged (the
    # key's drawn frame shows how thick)
    "mark_focus_magenta": {"en": "Magenta frame: selected",
                           "el": "Ματζέντα πλαίσιο: επιλογή"},
    "mark_focus_cyan": {"en": "Cyan frame: selected",
                        "el": "Γαλάζιο πλαίσιο: επιλογή"},
    # a Plakoto checker pinned under its pinner: a double ring and hatching
    "mark_pin_red": {"en": "Red hatched ring: pinned",
                     "el": "Κόκκινες ρίγες: πλακωμένο"},
    "mark_pin_blue": {"en": "Blue hatched ring: pinned",
                      "el": "Μπλε ρίγες: πλακωμένο"},
    # keys a TV remote has as well as a keyboard (Down/Up, the number keys; Page Down and
    # Page Up work too but no remote has them)
    "more_below": {"en": "▼ More: {start}–{end} (Down or digits)",
                   "el": "▼ Άλλες: {start}–{end} (Κάτω ή αριθμός)"},
    "more_above": {"en": "▲ Back: {start}–{end} (Up or digits)",
                   "el": "▲ Πίσω: {start}–{end} (Πάνω ή αριθμός)"},
    # while scanning: what the scan highlights next (a checker's group, a play), no key to press
    "more_below_scan": {"en": "▼ Next: {label}", "el": "▼ Μετά: {label}"},
}

#: ``scan.`` Scan options and the scanner's reports; ``{0}``, ``{1}`` … are the
#: option's arguments.
SCANNING_WORDS: dict[str, dict[str, str]] = {
    # What is scanned (R2 plays, R9 match commands).
    "roll": {"en": "Roll", "el": "Ρίξε τα ζάρια"},
    "play_it": {"en": "Play it: {0}", "el": "Παίξε: {0}"},
    "play": {"en": "{0}", "el": "{0}"},
    "select": {"en": "Play {0}", "el": "Κίνηση {0}"},
    "suggested": {"en": "Suggested: {0}", "el": "Πρόταση: {0}"},
    "plays_group": {"en": "Plays {0} to {1}, starting {2}",
                    "el": "Κινήσεις {0} έως {1}· πρώτη: {2}"},
    "from": {"en": "From {0}", "el": "Από το {0}"},
    "from_bar": {"en": "From the bar", "el": "Από την μπάρα"},
    "group": {"en": "From {0}: {1} plays", "el": "Από το {0}: {1} κινήσεις"},
    "group_one": {"en": "From {0}: 1 play", "el": "Από το {0}: μία κίνηση"},
    "group_bar": {"en": "From the bar: {1} plays", "el": "Από την μπάρα: {1} κινήσεις"},
    "group_bar_one": {"en": "From the bar: 1 play", "el": "Από την μπάρα: μία κίνηση"},
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
    # the board window's look, in its scan menu's Settings (F2, + and − by keys)
    "bigger": {"en": "Bigger text and buttons", "el": "Μεγαλύτερα γράμματα και κουμπιά"},
    "smaller": {"en": "Smaller text and buttons", "el": "Μικρότερα γράμματα και κουμπιά"},
    "colours": {"en": "Other colours", "el": "Άλλα χρώματα"},
    "undo": {"en": "Undo", "el": "Αναίρεση"},
    "confirm": {"en": "Confirm", "el": "Επιβεβαίωση"},
    "cancel": {"en": "Cancel", "el": "Ακύρωση"},
    "yes": {"en": "Yes", "el": "Ναι"},
    "no": {"en": "No", "el": "Όχι"},
    "resign": {"en": "Resign", "el": "Παραίτηση"},
    "double": {"en": "Double", "el": "Διπλασιασμός"},
    "take": {"en": "Take", "el": "Δέχομαι"},
    "drop": {"en": "Drop", "el": "Αρνούμαι"},
    "describe": {"en": "Describe position", "el": "Περιγραφή ταμπλό"},
    "describe_brief": {"en": "Brief position", "el": "Σύντομη περιγραφή"},
    "describe_full": {"en": "Full position", "el": "Πλήρης περιγραφή"},
    "point": {"en": "Point {0}", "el": "Θέση {0}"},
    "quarter": {"en": "Quarter {0}", "el": "Τέταρτο {0}"},
    "plays": {"en": "List plays", "el": "Λίστα κινήσεων"},
    "pips": {"en": "Pip count", "el": "Μέτρημα"},
    "score": {"en": "Score", "el": "Σκορ"},
    "repeat": {"en": "Repeat", "el": "Επανάληψη"},
    "stop": {"en": "Stop speech", "el": "Σταμάτα την ομιλία"},
    "help": {"en": "Help", "el": "Βοήθεια"},
    "hint": {"en": "Hint", "el": "Συμβουλή"},
    "why": {"en": "Why is the hint better", "el": "Γιατί είναι καλύτερη η συμβουλή"},
    "quit": {"en": "Quit", "el": "Έξοδος"},
    "leave": {"en": "Leave the match (lose it)", "el": "Αποχώρηση (χάνεις τον αγώνα)"},
    "opponent": {"en": "Next opponent level", "el": "Επόμενο επίπεδο αντιπάλου"},
    # the review after a match (ui/review_mode.py)
    "next": {"en": "Next mistake", "el": "Επόμενο λάθος"},
    "previous": {"en": "Previous mistake", "el": "Προηγούμενο λάθος"},
    "try_again": {"en": "Try again", "el": "Δοκίμασε ξανά"},
    "end": {"en": "Stop the review", "el": "Τέλος της ανασκόπησης"},
    "more": {"en": "More of the answer", "el": "Συνέχεια της απάντησης"},
    # the end of a match, scanned with one switch (ui/scan_driver.py): review its mistakes,
    # another match with the same options, or leave
    "review": {"en": "Review", "el": "Ανασκόπηση"},
    "new_match": {"en": "New match", "el": "Νέος αγώνας"},
    # What the scanner itself reports.
    "scan_paused": {"en": "Scanning paused. Press the switch to go on.",
                    "el": "Η σάρωση σταμάτησε. Πάτησε τον διακόπτη για να συνεχίσει."},
    "scan_interval": {"en": "Scan interval {0} seconds.",
                      "el": "Χρόνος σάρωσης {0} δευτερόλεπτα."},
    "scan_interval_one": {"en": "Scan interval {0} second.",
                          "el": "Χρόνος σάρωσης {0} δευτερόλεπτο."},
    "setting_range": {"en": "The setting {0} must be between {1} and {2}, not {3}.",
                      "el": "Η ρύθμιση «{0}» πρέπει να είναι από {1} έως {2}, όχι {3}."},
    "setting_choice": {"en": "The setting {0} must be one of: {1}.",
                       "el": "Η ρύθμιση «{0}» πρέπει να είναι ένα από: {1}."},
    "setting_bad": {"en": "The setting {0} has a value that cannot be used.",
                    "el": "Η ρύθμιση «{0}» έχει τιμή που δεν μπορεί να χρησιμοποιηθεί."},
    "settings_unreadable": {
        "en": "The settings file could not be read; default scanning settings are used.",
        "el": "Το αρχείο ρυθμίσεων δεν διαβάστηκε, οπότε χρησιμοποιούνται οι προεπιλεγμένες "
              "ρυθμίσεις σάρωσης."},
    "settings_corrupt": {
        "en": "The settings file is damaged; default scanning settings are used.",
        "el": "Το αρχείο ρυθμίσεων είναι χαλασμένο, οπότε χρησιμοποιούνται οι προεπιλεγμένες "
              "ρυθμίσεις σάρωσης."},
    "settings_bad_section": {
        "en": "The scanning settings are damaged; the defaults are used.",
        "el": "Οι ρυθμίσεις σάρωσης είναι χαλασμένες, οπότε χρησιμοποιούνται οι προεπιλεγμένες."},
    "settings_bad_values": {
        "en": "Some scanning settings could not be used and were reset: {0}.",
        "el": "Κάποιες ρυθμίσεις σάρωσης δεν ήταν σωστές και πήραν τις προεπιλεγμένες τιμές: {0}."},
    "settings_kept_aside": {
        "en": "The damaged settings file was kept as {0}.",
        "el": "Το χαλασμένο αρχείο ρυθμίσεων κρατήθηκε ως {0}."},
}

#: ``setting.`` Names of the scanning settings as the user reads them.
SCANNING_SETTING_NAMES: dict[str, dict[str, str]] = {
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
    "next_key": {"en": "next key", "el": "πλήκτρο «επόμενο»"},
}

#: ``speechoff.`` Why speech output is off (``narration/backend.py``).
SPEECH_FALLBACK_MESSAGES: dict[str, dict[str, str]] = {
    "speech_unavailable_no_espeak": {
        "en": "Speech is off: the espeak-ng speech engine is not installed. The game goes on in text.",
        "el": "Η ομιλία είναι απενεργοποιημένη: η μηχανή ομιλίας espeak-ng δεν είναι εγκατεστημένη. "
              "Το παιχνίδι συνεχίζεται με κείμενο.",
    },
    "speech_unavailable_no_voice": {
        "en": "Speech is off: the speech engine has no voice for this language. The game goes on in text.",
        "el": "Η ομιλία είναι απενεργοποιημένη: η μηχανή ομιλίας δεν έχει φωνή για αυτή τη γλώσσα. "
              "Το παιχνίδι συνεχίζεται με κείμενο.",
    },
    "speech_unavailable_no_portaudio": {
        "en": "Speech is off: the PortAudio sound library is missing. The game goes on in text.",
        "el": "Η ομιλία είναι απενεργοποιημένη: λείπει η βιβλιοθήκη ήχου PortAudio. "
              "Το παιχνίδι συνεχίζεται με κείμενο.",
    },
    "speech_unavailable_no_audio": {
        "en": "Speech is off: no sound output device was found. The game goes on in text.",
        "el": "Η ομιλία είναι απενεργοποιημένη: δεν βρέθηκε συσκευή εξόδου ήχου. Το παιχνίδι συνεχίζεται με κείμενο.",
    },
}

#: ``symbol.`` Words for play notation and symbols in speech (``narration/speechtext.py``).
SPEECH_SYMBOL_WORDS: dict[str, dict[str, str]] = {
    "from": {"en": "from {p}", "el": "από το {p}"},
    "from_bar": {"en": "from the bar", "el": "από την μπάρα"},
    "to": {"en": "to {p}", "el": "στο {p}"},
    "off": {"en": "bearing off", "el": "έξω"},
    "hit": {"en": "hitting", "el": "με χτύπημα"},
    "pin": {"en": "pinning", "el": "με πλάκωμα"},
    "count": {"en": "{move}, {n} checkers", "el": "{n} πούλια {move}"},
    "range": {"en": "{a} to {b}", "el": "{a} έως {b}"},
    "and": {"en": "and", "el": "και"},
    "plus": {"en": "plus", "el": "συν"},
}

#: ``latin.`` Latin letters and names inside Greek speech, as a Greek says them: the
#: Greek voice must hear Greek words, never switch to English ("r" → "αρ", "VOG").
#: Words not listed are read letter by letter in Greek sounds (see speechtext.py).
LATIN_SPOKEN: dict[str, dict[str, str]] = {
    letter: {"en": letter, "el": name} for letter, name in zip(
        "abcdefghijklmnopqrstuvwxyz",
        ("έι", "μπι", "σι", "ντι", "ιι", "εφ", "τζι", "έιτς", "άι", "τζέι", "κέι", "ελ", "εμ",
         "εν", "όου", "πι", "κιου", "αρ", "ες", "τι", "γιου", "βι", "ντάμπλιου", "εξ", "ουάι",
         "ζεντ"))
}
LATIN_SPOKEN.update({
    "vog": {"en": "VOG", "el": "βι όου τζι"},
    "tavlucky": {"en": "TavLucky", "el": "Ταβλάκι"},
    "tavli": {"en": "Tavli", "el": "τάβλι"},
    "voice": {"en": "voice", "el": "βόις"},
    "ok": {"en": "OK", "el": "οκέι"},
    "enter": {"en": "Enter", "el": "έντερ"},
    "esc": {"en": "Esc", "el": "εσκέιπ"},
    "escape": {"en": "Escape", "el": "εσκέιπ"},
    "tab": {"en": "Tab", "el": "ταμπ"},
    "backspace": {"en": "Backspace", "el": "μπάκσπεϊς"},
    "ctrl": {"en": "Ctrl", "el": "κοντρόλ"},
    "control": {"en": "Control", "el": "κοντρόλ"},
    "resume": {"en": "resume", "el": "ριζιούμ"},
    "play": {"en": "play", "el": "πλέι"},
    "cancel": {"en": "cancel", "el": "κάνσελ"},
    "bar": {"en": "bar", "el": "μπαρ"},
    "off": {"en": "off", "el": "οφ"},
    "dd": {"en": "dd", "el": "ντι ντι"},
    "ll": {"en": "ll", "el": "ελ ελ"},
    "vosk": {"en": "Vosk", "el": "βοσκ"},
    "portaudio": {"en": "PortAudio", "el": "πορτ όντιο"},
    "pocketsphinx": {"en": "pocketsphinx", "el": "πόκετ σφινξ"},
    "espeak": {"en": "espeak", "el": "ι σπικ"},
    "ng": {"en": "ng", "el": "εν τζι"},
    "pygame": {"en": "pygame", "el": "πάι γκέιμ"},
    "libportaudio2": {"en": "libportaudio2", "el": "λιμπ πορτ όντιο δύο"},
})

#: ``voice.`` Voice input: recognizers, microphone, enrolment, "did you say".
VOICE_MESSAGES: dict[str, dict[str, str]] = {
    "not_understood": {
        "en": "Not understood: {hint}.",
        "el": "Δεν κατάλαβα: {hint}.",
    },
    "unsure": {
        "en": "I am not sure what you said: {hint}.",
        "el": "Δεν είμαι σίγουρος τι είπες: {hint}.",
    },
    "hint_numbers": {
        "en": "say a number from 1 to {n}",
        "el": "πες έναν αριθμό από 1 έως {n}",
    },
    "hint_one": {
        "en": "say one",
        "el": "πες ένα",
    },
    "hint_from": {
        "en": "say from and a point, for example from {example}",
        "el": "πες «από» και μια θέση, για παράδειγμα «από {example}»",
    },
    "hint_to": {
        "en": "say to and a point, for example to {example}",
        "el": "πες «στο» και μια θέση, για παράδειγμα «στο {example}»",
    },
    "hint_commands": {
        "en": "say {commands}",
        "el": "πες {commands}",
    },
    "hint_or": {
        "en": "{first}, or {rest}",
        "el": "{first}, ή {rest}",
    },
    "word_or": {"en": "or", "el": "ή"},
    "did_you_say": {
        "en": "Did you say {text}? Say yes or no.",
        "el": "Είπες {text}; Πες ναι ή όχι.",
    },
    # after a "no", the recogniser's next likeliest number for the same word: "Nine, then?"
    "runner_up": {
        "en": "{text}, then? Say yes or no.",
        "el": "Μήπως {text}; Πες ναι ή όχι.",
    },
    "runner_up_terse": {
        "en": "{text}, then?",
        "el": "Μήπως {text};",
    },
    # the same questions unless the room is known quiet (ui/voice_noise.NoiseWatch.noisy_answers): in Greek they
    # ask for «σωστά» or «λάθος», heard far better than «ναι» over talk or a television
    # (benchmarks/results/voice-yes-no-el-noise.txt); «ναι» and «όχι» are still taken
    "did_you_say_noisy": {
        "en": "Did you say {text}? Say yes or no.",
        "el": "Είπες {text}; Πες σωστά ή λάθος.",
    },
    "runner_up_noisy": {
        "en": "{text}, then? Say yes or no.",
        "el": "Μήπως {text}; Πες σωστά ή λάθος.",
    },
    "runner_up_terse_noisy": {
        "en": "{text}, then?",
        "el": "Μήπως {text}; Σωστά ή λάθος;",
    },
    # what the game does with a word heard and why (ui/voice_decision.Decision.said: the rule the session log writes
    # in English, said in the user's language; ``tavli-voice hear`` prints it as "why"); {held}, {rival} and
    # {refused} are words said ("six", «από είκοσι ένα»), the numbers written the language's way (3,0 in Greek)
    "why.goes_on": {"en": "held {go_on} s for the rest of the number: longer numbers on offer begin with it",
                    "el": "περιμένει {go_on} δευτερόλεπτα το υπόλοιπο του αριθμού: με αυτόν αρχίζουν "
                          "μεγαλύτεροι αριθμοί που μπορούν να ειπωθούν"},
    "why.before_plays": {"en": "dropped: the word began before these plays were offered",
                         "el": "αγνοείται: η λέξη άρχισε πριν προταθούν αυτές οι κινήσεις"},
    "why.not_understood": {"en": "not understood: the player hears what can be said",
                           "el": "δεν έγινε κατανοητή: ο παίκτης ακούει τι μπορεί να πει"},
    "why.before_question": {"en": "dropped: the word began before the open question could be heard",
                            "el": "αγνοείται: η λέξη άρχισε πριν προλάβει να ακουστεί η ερώτηση"},
    "why.over_question": {"en": "asked back: another word while a question waits for its answer",
                          "el": "ρωτάει πρώτα: άλλη λέξη ενώ μια ερώτηση περιμένει απάντηση"},
    "why.unsure_yes_over_question": {
        "en": "asked again: an unsure yes to a word heard while another question was open",
        "el": "ξαναρωτάει: αβέβαιο ναι για λέξη που ακούστηκε ενώ περίμενε απάντηση άλλη ερώτηση"},
    "why.unsure_yes_after_unclear": {
        "en": "asked again: an unsure yes after a word not understood while the question waited for its answer",
        "el": "ξαναρωτάει: αβέβαιο ναι μετά από λέξη που δεν έγινε κατανοητή ενώ η ερώτηση περίμενε απάντηση"},
    "why.unsure_yes_near_no": {"en": "asked again: an unsure yes with a no close behind",
                               "el": "ξαναρωτάει: αβέβαιο ναι, με το όχι σχεδόν εξίσου πιθανό"},
    "why.unsure_yes_near_rival": {
        "en": "asked again: an unsure yes with “{rival}” close behind ({ratio} times as likely, {needed} enough)",
        "el": "ξαναρωτάει: αβέβαιο ναι, με το «{rival}» σχεδόν εξίσου πιθανό ({ratio} φορές όσο το ναι, "
              "αρκεί {needed})"},
    "why.unsure_yes_to_runner_up": {
        "en": "asked again: an unsure yes to the question about the next likeliest word (share {share}, "
              "{needed} needed)",
        "el": "ξαναρωτάει: αβέβαιο ναι στην ερώτηση για τη δεύτερη πιθανότερη λέξη (μερίδιο {share}, "
              "χρειάζεται {needed})"},
    "why.unsure_yes_lone": {
        "en": "asked again: an unsure yes its recogniser weighed alone, with no rival to measure it by",
        "el": "ξαναρωτάει: αβέβαιο ναι που η αναγνώριση το βρήκε μόνο του, χωρίς άλλη λέξη για σύγκριση"},
    "why.unsure_yes_floored": {"en": "asked again: a yes scored under its recogniser's lowest sure score",
                               "el": "ξαναρωτάει: ναι με βαθμό κάτω από το κατώτερο όριο της αναγνώρισης"},
    "why.answers": {"en": "the answer to the open question about “{held}”",
                    "el": "η απάντηση στην ερώτηση για το «{held}»"},
    "why.unsure.score": {"en": "asked back: the recogniser was unsure of it (score {score})",
                         "el": "ρωτάει πρώτα: η αναγνώριση δεν ήταν σίγουρη (βαθμός {score})"},
    "why.unsure.destructive": {
        "en": "asked back: resigning, dropping a double and leaving the table are always asked",
        "el": "ρωτάει πρώτα: η παραίτηση, η άρνηση του διπλασιασμού και η αποχώρηση ρωτιούνται πάντα"},
    "why.unsure.doubtful": {"en": "asked back: heard over the game's own voice, and not sure",
                            "el": "ρωτάει πρώτα: η λέξη ακούστηκε πάνω στη φωνή του παιχνιδιού, χωρίς σιγουριά"},
    "why.unsure.always": {"en": "asked back: every word is asked (confirm always)",
                          "el": "ρωτάει πρώτα: ρωτιέται κάθε λέξη (επιβεβαίωση πάντα)"},
    "why.refused_before": {"en": "asked back: the player said no to it here before",
                           "el": "ρωτάει πρώτα: ο παίκτης το αρνήθηκε ήδη εδώ"},
    "why.unmeasured_in_noise": {
        "en": "asked back: the word had no noise around it to measure (the sound was all word), in a room where "
              "the last words hardly stood over the noise",
        "el": "ρωτάει πρώτα: γύρω από τη λέξη δεν είχε θόρυβο για μέτρηση (όλος ο ήχος ήταν λέξη), σε δωμάτιο "
              "όπου οι τελευταίες λέξεις μόλις ξεχώριζαν από τον θόρυβο"},
    "why.low_in_noise": {
        "en": "asked back: the word stood only {snr} dB over the noise ({needed} needed to act at once)",
        "el": "ρωτάει πρώτα: η λέξη ακούστηκε μόνο {snr} ντεσιμπέλ πάνω από τον θόρυβο (χρειάζονται {needed} για να "
              "γίνει αμέσως)"},
    "why.clear_lone": {
        "en": "acted on at once: the only word its recogniser weighed, scored {own} a token ({needed} enough), "
              "{snr} dB over the noise",
        "el": "γίνεται αμέσως: η μόνη λέξη που βρήκε η αναγνώριση, με βαθμό {own} ανά τμήμα (αρκεί {needed}), "
              "{snr} ντεσιμπέλ πάνω από τον θόρυβο"},
    "why.seconded": {
        "en": "acted on at once: both recognisers found it likeliest, with shares {own} and {second} ({needed_own} and "
              "{needed} enough), {snr} dB over the noise ({needed_snr} enough)",
        "el": "γίνεται αμέσως: και οι δύο αναγνωρίσεις τη βρήκαν πιθανότερη, με μερίδια {own} και {second} (αρκούν "
              "{needed_own} και {needed}), {snr} ντεσιμπέλ πάνω από τον θόρυβο (αρκούν {needed_snr})"},
    "why.point_in_noise": {
        "en": "asked back: a point heard only {snr} dB over the noise ({needed} dB needed to act on a point)",
        "el": "ρωτάει πρώτα: θέση που ακούστηκε μόνο {snr} ντεσιμπέλ πάνω από τον θόρυβο (για θέση χρειάζονται "
              "{needed} ντεσιμπέλ)"},
    "why.point_in_noise.unmeasured": {
        "en": "asked back: a point heard with no noise around it to measure ({needed} dB over the noise needed "
              "to act on a point)",
        "el": "ρωτάει πρώτα: θέση που ακούστηκε χωρίς θόρυβο γύρω της για μέτρηση (για θέση χρειάζονται "
              "{needed} ντεσιμπέλ πάνω από τον θόρυβο)"},
    "why.sure_with_first": {
        "en": "acted on at once: said again after a no, share {both} over both attempts ({needed} needed; "
              "score {score} alone, {alone} needed)",
        "el": "γίνεται αμέσως: ειπώθηκε ξανά μετά από ένα όχι, μερίδιο {both} και στις δύο φορές (χρειάζεται "
              "{needed}· η δεύτερη φορά μόνη της βαθμός {score}, χρειάζεται {alone})"},
    "why.sure": {"en": "acted on at once: the recogniser was sure of it (score {score})",
                 "el": "γίνεται αμέσως: η αναγνώριση ήταν σίγουρη (βαθμός {score})"},
    "why.runner_up": {
        "en": "asked back: the next likeliest word for “{refused}”, which the player refused (share {share} "
              "without it, {needed} needed)",
        "el": "ρωτάει πρώτα: η δεύτερη πιθανότερη λέξη για το «{refused}», που ο παίκτης αρνήθηκε (μερίδιο "
              "{share} χωρίς αυτό, χρειάζεται {needed})"},
    # said once when the room is too noisy for the voice (ui/voice_noise.py)
    "noisy": {
        "en": "It is noisy here and I cannot hear you well. It helps to speak closer to the microphone "
              "or to turn the television down; you can also type the number.",
        "el": "Έχει θόρυβο εδώ και δεν σε ακούω καλά. Βοηθάει να μιλάς πιο κοντά στο μικρόφωνο ή να "
              "χαμηλώσεις την τηλεόραση· μπορείς και να γράψεις τον αριθμό. Όταν σε ρωτάω, στον θόρυβο "
              "ακούω καλύτερα «σωστά» αντί για «ναι» και «λάθος» αντί για «όχι».",
    },
    "noisy_terse": {
        "en": "Too noisy to hear you well: come closer to the microphone or type the number.",
        "el": "Πολύς θόρυβος, δεν σε ακούω καλά: έλα πιο κοντά στο μικρόφωνο ή γράψε τον αριθμό. "
              "Απάντα «σωστά» ή «λάθος».",
    },
    # said when a turn has cost its questions about words heard and the game stops guessing (ui/voice_noise.py)
    "given_up": {
        "en": "I cannot make out your number, so I will stop asking about it. Say it again, type the number, "
              "or press l to hear the plays.",
        "el": "Δεν ξεχωρίζω τον αριθμό σου, οπότε δεν θα ρωτήσω άλλο. Πες τον ξανά, γράψε τον αριθμό ή πάτα "
              "l για να ακούσεις τις κινήσεις.",
    },
    "given_up_terse": {
        "en": "Cannot make out your number: say it again or type it; l lists the plays.",
        "el": "Δεν ξεχωρίζω τον αριθμό σου: πες τον ξανά ή γράψε τον· με το l ακούς τις κινήσεις.",
    },
    "given_up_scan": {
        "en": "I cannot make out your number, so I will stop asking about it. Say it again, or pick the "
              "play with the switch as the plays are read out.",
        "el": "Δεν ξεχωρίζω τον αριθμό σου, οπότε δεν θα ρωτήσω άλλο. Πες τον ξανά ή διάλεξε την κίνηση "
              "με τον διακόπτη καθώς διαβάζονται οι κινήσεις.",
    },
    "given_up_scan_terse": {
        "en": "Cannot make out your number: say it again or pick the play with the switch.",
        "el": "Δεν ξεχωρίζω τον αριθμό σου: πες τον ξανά ή διάλεξε την κίνηση με τον διακόπτη.",
    },
    "mic_missing": {
        "en": "No microphone was found, so voice input is off. The keyboard still works.",
        "el": "Δεν βρέθηκε μικρόφωνο, οπότε η φωνητική είσοδος είναι κλειστή. Το πληκτρολόγιο λειτουργεί.",
    },
    "portaudio_missing": {
        "en": "The sound input library PortAudio is missing, so voice input is off. "
              "The keyboard still works. Install the package libportaudio2.",
        "el": "Λείπει η βιβλιοθήκη ήχου PortAudio, οπότε η φωνητική είσοδος είναι κλειστή. Το "
              "πληκτρολόγιο λειτουργεί. Εγκατάστησε το πακέτο libportaudio2.",
    },
    "no_echo_canceller": {
        "en": "The echo canceller cannot run here ({detail}), so the game may mistake its own voice "
              "for yours when it speaks through loudspeakers. Headphones avoid that.",
        "el": "Η ακύρωση ηχούς δεν μπορεί να τρέξει εδώ ({detail}), οπότε το παιχνίδι μπορεί να "
              "μπερδέψει τη δική του φωνή με τη δική σου όταν μιλάει από ηχεία. Με ακουστικά "
              "αυτό δεν συμβαίνει.",
    },
    "enroll_mic_missing": {
        "en": "No microphone was found: recording your words needs one. Connect a microphone and run "
              "tavli-voice enroll again.",
        "el": "Δεν βρέθηκε μικρόφωνο: για να γραφτούν οι λέξεις σου χρειάζεται ένα. Σύνδεσε μικρόφωνο και "
              "τρέξε ξανά το tavli-voice enroll.",
    },
    "enroll_portaudio_missing": {
        "en": "The sound input library PortAudio is missing, so your words cannot be recorded. Install the "
              "package libportaudio2 and run tavli-voice enroll again.",
        "el": "Λείπει η βιβλιοθήκη ήχου PortAudio, οπότε οι λέξεις σου δεν μπορούν να γραφτούν. Εγκατάστησε "
              "το πακέτο libportaudio2 και τρέξε ξανά το tavli-voice enroll.",
    },
    "mic_failed": {
        "en": "The microphone stopped working ({detail}). Voice input is off; the keyboard still works.",
        "el": "Το μικρόφωνο σταμάτησε να λειτουργεί ({detail}). Η φωνητική είσοδος είναι "
              "κλειστή, αλλά το πληκτρολόγιο λειτουργεί.",
    },
    "ready": {
        "en": "Voice is ready.",
        "el": "Η φωνή είναι έτοιμη.",
    },
    "off": {
        "en": "Voice input is off; the keyboard still works.",
        "el": "Η φωνητική είσοδος είναι κλειστή, αλλά το πληκτρολόγιο λειτουργεί.",
    },
    "engine_missing": {
        "en": "The speech recogniser {engine} is not installed: {detail}.",
        "el": "Η μηχανή αναγνώρισης ομιλίας {engine} δεν είναι εγκατεστημένη: {detail}.",
    },
    "engine_instead": {
        "en": "The speech recogniser {wanted} cannot run here ({why}); {engine} listens instead.",
        "el": "Η μηχανή αναγνώρισης ομιλίας {wanted} δεν μπορεί να τρέξει εδώ ({why}), οπότε "
              "ακούει στη θέση της η μηχανή {engine}.",
    },
    "engine_unknown": {
        "en": "Unknown speech recogniser {engine}. Choose one of: {choices}.",
        "el": "Άγνωστη μηχανή αναγνώρισης ομιλίας {engine}. Διάλεξε μία από: {choices}.",
    },
    "model_damaged": {
        "en": "The Vosk model {name} in {where} cannot be loaded: it is damaged or incomplete. "
              "Fetch it again (tavli-voice models fetch {name}) or remove that folder.",
        "el": "Το μοντέλο Vosk {name} στο {where} δεν φορτώνεται: είναι χαλασμένο ή ελλιπές. "
              "Κατέβασέ το ξανά (tavli-voice models fetch {name}) ή σβήσε αυτόν τον φάκελο.",
    },
    "model_missing": {
        "en": "No Vosk model for {lang} was found in {where}. Run: tavli-voice models.",
        "el": "Δεν βρέθηκε μοντέλο Vosk για {lang} στο {where}. Τρέξε: tavli-voice models.",
    },
    "not_enrolled": {
        "en": "No personal words are recorded yet for this language. Run: tavli-voice enroll.",
        "el": "Δεν έχουν ηχογραφηθεί ακόμη προσωπικές λέξεις για αυτή τη γλώσσα. "
              "Τρέξε: tavli-voice enroll.",
    },
    "file_unreadable": {
        "en": "Cannot read the sound file {file}: {detail}.",
        "el": "Δεν μπορώ να διαβάσω το αρχείο ήχου {file}: {detail}.",
    },
    # why a sound file is not read ({detail} above; tavli_voice.audio.wav.AudioFileError.key)
    "audio_not_regular": {"en": "it is not an ordinary file (a folder, a device or a pipe)",
                          "el": "δεν είναι κανονικό αρχείο (είναι φάκελος, συσκευή ή σωλήνωση)"},
    "audio_too_long": {"en": "it lasts {seconds} seconds, and at most {limit} seconds are read "
                             "(one word or phrase): keep only the part with the word",
                       "el": "διαρκεί {seconds} δευτερόλεπτα, ενώ διαβάζονται το πολύ {limit} "
                             "(μία λέξη ή φράση): κράτησε μόνο το κομμάτι με τη λέξη"},
    "audio_not_wav": {"en": "it is not a WAV file", "el": "δεν είναι αρχείο WAV"},
    "audio_damaged": {"en": "the WAV file is damaged or in a format not read here",
                      "el": "το αρχείο WAV είναι χαλασμένο ή σε μορφή που δεν διαβάζεται εδώ"},
    "audio_empty": {"en": "it has no sound in it", "el": "δεν έχει καθόλου ήχο"},
    "audio_missing": {"en": "there is no such file", "el": "δεν υπάρχει τέτοιο αρχείο"},
    "audio_denied": {"en": "you may not read it", "el": "δεν έχεις δικαίωμα να το διαβάσεις"},
    "audio_unreadable": {"en": "the system could not read it", "el": "το σύστημα δεν μπόρεσε να το διαβάσει"},
    "take_skipped": {
        "en": "A recording of one of your words is left out, {file}: {detail}. The other "
              "recordings still work; record that word again with tavli-voice enroll.",
        "el": "Μία ηχογράφηση λέξης σου μένει έξω, {file}: {detail}. Οι άλλες ηχογραφήσεις "
              "δουλεύουν κανονικά· ηχογράφησε ξανά αυτή τη λέξη με το tavli-voice enroll."},
    "takes_unusable": {
        "en": "None of the recordings of your words in {where} ({count} in all) can be used (damaged "
              "or unreadable). Record the words again with tavli-voice enroll.",
        "el": "Καμία από τις ηχογραφήσεις των λέξεών σου στο {where} ({count} συνολικά) δεν "
              "μπορεί να χρησιμοποιηθεί (είναι χαλασμένες ή δεν διαβάζονται). Ηχογράφησε ξανά τις λέξεις με "
              "το tavli-voice enroll."},
    "takes_skipped": {
        "en": "{count} recordings of your words are left out; the first, {file}: {detail}. The "
              "other recordings still work; record those words again with tavli-voice enroll.",
        "el": "Μένουν έξω {count} ηχογραφήσεις των λέξεών σου· η πρώτη, {file}: {detail}. Οι άλλες "
              "ηχογραφήσεις δουλεύουν κανονικά· ηχογράφησε ξανά αυτές τις λέξεις με το "
              "tavli-voice enroll."},
    "models_installed": {
        "en": "Installed speech models:",
        "el": "Εγκατεστημένα μοντέλα ομιλίας:",
    },
    "models_none": {
        "en": "No Vosk model is installed (looked in {where}). The other recognisers listen: "
              "Whisper when it is installed, and the built-in pocketsphinx.",
        "el": "Δεν είναι εγκατεστημένο κανένα μοντέλο Vosk (έψαξα στους φακέλους: {where}). Ακούνε "
              "οι άλλες μηχανές αναγνώρισης: η μηχανή Whisper, αν είναι εγκατεστημένη, και η "
              "ενσωματωμένη μηχανή pocketsphinx.",
    },
    "models_other": {
        "en": "Also installed, but not for playing (the game understands English and Greek "
              "only; such a model serves the tests):",
        "el": "Επίσης εγκατεστημένα, αλλά όχι για το παιχνίδι (το παιχνίδι καταλαβαίνει μόνο "
              "αγγλικά και ελληνικά· τέτοιο μοντέλο χρησιμεύει στις δοκιμές):",
    },
    "models_whisper": {
        "en": "Whisper models (languages, size):",
        "el": "Μοντέλα Whisper (γλώσσες, μέγεθος):",
    },
    "models_known": {
        "en": "Models that can be fetched by name:",
        "el": "Μοντέλα που μπορούν να κατέβουν με το όνομά τους:",
    },
    "models_offline": {
        "en": "Cannot fetch {name}: this computer is not connected to the internet ({detail}). "
              "Download {url} on another computer and unpack it into {where}.",
        "el": "Δεν μπορώ να κατεβάσω το {name}: ο υπολογιστής δεν είναι συνδεδεμένος στο διαδίκτυο "
              "({detail}). Κατέβασε το {url} σε άλλον υπολογιστή και αποσυμπίεσέ το στο {where}.",
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
        "en": "Personal words: say each word when asked, {takes}. Speak as you will in the game. "
              "Press Control C to stop; what was recorded so far is kept.",
        "el": "Προσωπικές λέξεις: πες κάθε λέξη όταν σου ζητηθεί, {takes}. Μίλα όπως θα "
              "μιλάς στο παιχνίδι. Πάτησε Control C για διακοπή, και ό,τι ηχογραφήθηκε κρατιέται.",
    },
    "enroll_say": {
        "en": "Say: {word} ({take} of {takes})",
        "el": "Πες: {word} ({take} από {takes})",
    },
    "enroll_nothing": {
        "en": "I heard nothing. Please say it again.",
        "el": "Δεν άκουσα τίποτα. Πες το ξανά, σε παρακαλώ.",
    },
    "enroll_done": {
        "en": "Saved {count} in {where}. Your own words are used first from now on.",
        "el": "Αποθήκευσα {count} στο {where}. Από τώρα χρησιμοποιούνται πρώτα "
              "οι δικές σου λέξεις.",
    },
    "enroll_stopped": {
        "en": "Stopped. Saved {count} in {where}.",
        "el": "Διακοπή. Αποθήκευσα {count} στο {where}.",
    },
}


# ---------------------------------------------------------------------------
# The one table and the one lookup
# ---------------------------------------------------------------------------
#: Each section of the catalogue under the prefix its keys take in :data:`ENTRIES`
#: (the narration's :data:`MESSAGES` have no prefix).
from .fault_words import FAULT_WORDS  # noqa: E402  (why a position file or a system call failed)
from .reason_words import OTHER_REASON_WORDS, REASON_WORDS  # noqa: E402  (why a play is better)
from .spoken import SPOKEN_LATIN, SPOKEN_WORDS  # noqa: E402  (speech: no path, option or command)
from .review import REVIEW_WORDS  # noqa: E402  (the match history and its review)

SECTIONS: dict[str, dict[str, dict[str, str]]] = {
    "": MESSAGES,
    "board.": BOARD_WORDS,
    "scan.": SCANNING_WORDS,
    "scanui.": SCAN_TERMINAL_WORDS,
    "scankey.": SCAN_KEY_WORDS,
    "setting.": SCANNING_SETTING_NAMES,
    "speechoff.": SPEECH_FALLBACK_MESSAGES,
    "symbol.": SPEECH_SYMBOL_WORDS,
    "latin.": LATIN_SPOKEN,
    "voice.": VOICE_MESSAGES,
    "why.": REASON_WORDS,
    "why.other.": OTHER_REASON_WORDS,
    "fault.": FAULT_WORDS,
    "spoken.": SPOKEN_WORDS,
    "spoken.latin.": SPOKEN_LATIN,
    "review.": REVIEW_WORDS,
}


def _all_entries() -> dict[str, dict[str, str]]:
    entries: dict[str, dict[str, str]] = {}
    for prefix, section in SECTIONS.items():
        for key, texts in section.items():
            full = prefix + key
            if full in entries:
                raise ValueError(f"the words catalogue has the key {full!r} twice")
            entries[full] = texts
    return entries


#: Every sentence, label and word of the program: key → ``{"en": …, "el": …}``.
ENTRIES: dict[str, dict[str, str]] = _all_entries()


def _value_text(value: object, lang: str) -> str:
    """A positional argument as the language writes it (Greek: decimal comma)."""
    if isinstance(value, float):
        written = f"{value:g}"
        return written.replace(".", ",") if lang == "el" else written
    return str(value)


def text(key: str, lang: str, /, *args: object, **kw: object) -> str:
    """The entry ``key`` of :data:`ENTRIES` in ``lang``, filled in.

    Named fields (``{who}``) come from ``kw``; positional fields (``{0}``) from
    ``args``, where a float is written the language's way ("1,5" in Greek).
    KeyError for an unknown key, ValueError for an unknown language.

    >>> text("board.roll", "el"), text("scan.from", "el", 13), text("voice.hint_one", "en")
    ('Ρίξε', 'Από το 13', 'say one')
    """
    _check_lang(lang)
    return ENTRIES[key][lang].format(*(_value_text(a, lang) for a in args), **kw)


__all__ = [
    "BOT_NAMES",
    "COMMAND_KEYS",
    "DOUBLE_NAMES",
    "ENTRIES",
    "GAME_NAMES",
    "LANGS",
    "MESSAGES",
    "PLURALS",
    "PLURAL_GENDER",
    "PRESET_NAMES",
    "SECTIONS",
    "CommandKey",
    "PlayerWords",
    "capitalize",
    "default_lang",
    "dice_words",
    "el_gender_heard",
    "el_number",
    "game_name",
    "help_lines",
    "join_list",
    "key_label",
    "keys_for",
    "lang_from_argv",
    "number",
    "placeholders",
    "player_words",
    "seat_words",
    "plural",
    "point_share",
    "preset_name",
    "preset_short_name",
    "text",
]
