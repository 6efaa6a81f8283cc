"""The one table of commands: keys, typed and spoken words (English and Greek), phases, scanning.

Every input derives what it accepts from :data:`COMMANDS`:

* the terminal's keys and typed words (:mod:`tavli_voice.ui.keys`),
* the help lines that list those keys (:data:`HELP_ROWS`),
* the voice words and each phase's grammar (:mod:`tavli_voice.speech.words`,
  :mod:`tavli_voice.speech.grammar`),
* the commands a switch user can scan (:mod:`tavli_voice.ui.board.scan_menu`),
* what the session offers in each phase (:data:`PHASE_COMMANDS`,
  ``Session.available()``).

To add a command: add its class to :mod:`tavli_voice.commands` (and its name to
``COMMAND_NAMES``), give it a row here, a handler in the session and a help
line (``help.<name>``) in the words catalogue.

>>> by_name("roll").command, by_name("roll").keys
(Roll(), ('r',))
>>> typed_word("ρίξε"), typed_word("ριξε")
(Roll(), Roll())
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Literal

from . import commands as C

Lang = Literal["en", "el"]
#: The languages every word and sentence exists in (the one definition; words,
#: speech, scanning and narration import it).
LANGS: tuple[Lang, ...] = ("en", "el")
#: A spoken phrase: the words in order.
Variant = tuple[str, ...]
#: Words by language.
Words = dict[Lang, tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """One row: a command and every way to give it.

    ``command`` is the value sent, or ``None`` for a command that takes a
    number (``number`` is then its class, built with the number typed or
    said). ``keys`` are the terminal keys (Latin letters in both languages);
    ``help_only_keys`` are keys shown in help that parse to another command
    (``y`` for "take": the session treats Yes as Take while a double is
    offered). ``typed`` are whole words a person may type, ``spoken`` the
    phrases the recogniser listens for (few, short: every extra phrase is one
    more thing a number can be mistaken for). ``scanned``: offered as an
    option in the switch-scanning menus.
    """

    name: str
    command: C.Command | None
    help: str
    keys: tuple[str, ...] = ()
    typed: Words = field(default_factory=dict)
    spoken: dict[Lang, tuple[Variant, ...]] = field(default_factory=dict)
    number: type | None = None
    help_only_keys: tuple[str, ...] = ()
    scanned: bool = False


def _say(en: tuple[str, ...], el: tuple[str, ...]) -> dict[Lang, tuple[Variant, ...]]:
    return {"en": tuple(tuple(p.split()) for p in en), "el": tuple(tuple(p.split()) for p in el)}


#: Every command, in the order help lists them.
COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("select", None, "help.select", ("N",), number=C.ChoosePlay),
    CommandSpec("roll", C.Roll(), "help.roll", ("r",),
                {"en": ("roll",), "el": ("ρίξε", "ζάρια")}, _say(("roll",), ("ρίξε",)),
                scanned=True),
    CommandSpec("confirm", C.Confirm(), "help.confirm", ("c",),
                {"en": ("ok", "confirm"), "el": ("εντάξει", "επιβεβαίωση")},
                _say(("confirm",), ("επιβεβαίωση", "εντάξει")), scanned=True),
    CommandSpec("undo", C.Undo(), "help.undo", ("u",), {"en": ("undo",), "el": ("αναίρεση",)},
                _say(("undo",), ("αναίρεση",)), scanned=True),
    CommandSpec("from", None, "help.from", ("f",), {"en": ("from",), "el": ("από",)},
                _say(("from",), ("από",)), number=C.FromPoint),
    CommandSpec("to", None, "help.to", ("t",), {"en": ("to",), "el": ("στο", "στη", "στην")},
                _say(("to",), ("στο", "στη", "στην")), number=C.ToPoint),
    # «σωστά» and «λάθος» beside the short «ναι»/«όχι»: said to "did you say …?" with babble 10 dB
    # under them heard right 91% and 100% of 33 espeak-ng Greek voices («ναι» 18%), with a
    # television 64% and 94% («ναι» 6%), and no more «όχι» taken as a yes (1 of 198 before and
    # after); «μάλιστα» and «ακριβώς» took «όχι»/«λάθος» for a yes, and English "wrong" was heard
    # as "that's right" (benchmarks/results/voice-yes-no-words.txt). The first form is the one prompts
    # say; in a noisy room the last one (speech/grammar.NOISY_LAST_FORM; the questions' ``_noisy`` forms).
    CommandSpec("yes", C.Yes(), "help.yes", ("y",), {"en": ("yes",), "el": ("ναι",)},
                _say(("yes",), ("ναι", "σωστά")), scanned=True),
    CommandSpec("no", C.No(), "help.no", ("n",), {"en": ("no",), "el": ("όχι",)},
                _say(("no",), ("όχι", "λάθος")), scanned=True),
    CommandSpec("take", C.Take(), "help.take", help_only_keys=("y",),
                typed={"en": ("take",), "el": ("δέχομαι", "πάρε")},
                spoken=_say(("take",), ("δέχομαι",)), scanned=True),
    # Greek per the glossary: "πάσο" is a lost turn, never a dropped double; "θέση" is a
    # point (θέση 13), the whole board is "ταμπλό"; the pip count is "μέτρημα".
    CommandSpec("drop", C.Drop(), "help.drop", help_only_keys=("n",),
                typed={"en": ("drop",), "el": ("αρνούμαι", "άρνηση")},
                spoken=_say(("drop",), ("αρνούμαι",)), scanned=True),
    CommandSpec("cancel", C.Cancel(), "help.cancel", ("cancel",),
                {"en": ("cancel",), "el": ("άκυρο",)}, _say(("cancel",), ("άκυρο",)),
                scanned=True),
    CommandSpec("plays", C.ListPlays(), "help.plays", ("l",),
                {"en": ("plays",), "el": ("κινήσεις",)}, _say(("plays",), ("κινήσεις",)),
                scanned=True),
    CommandSpec("position", C.Describe("normal"), "help.position", ("d",),
                {"en": ("position", "board"), "el": ("ταμπλό",)},
                _say(("board", "position"), ("ταμπλό",)), scanned=True),
    CommandSpec("position", C.Describe("brief"), "help.position_brief", ("b",),
                {"en": ("brief",), "el": ("σύντομα",)}),
    CommandSpec("position", C.Describe("full"), "help.position_full", ("a",),
                {"en": ("all",), "el": ("όλα",)}),
    CommandSpec("point", None, "help.point", ("p",), {"en": ("point",), "el": ("θέση", "σημείο")},
                _say(("point",), ("θέση", "σημείο")), number=C.QueryPoint),
    CommandSpec("quarter", None, "help.quarter", ("k",),
                {"en": ("quarter",), "el": ("τέταρτο", "τεταρτημόριο")},
                _say(("quarter",), ("τέταρτο", "τεταρτημόριο")), number=C.QueryQuarter),
    CommandSpec("pips", C.PipCount(), "help.pips", ("i",),
                {"en": ("pips",), "el": ("μέτρημα", "πόντοι")},
                _say(("pips",), ("μέτρημα",)), scanned=True),
    CommandSpec("score", C.Score(), "help.score", ("s",), {"en": ("score",), "el": ("σκορ",)},
                _say(("score",), ("σκορ",)), scanned=True),
    CommandSpec("hint", C.Hint(), "help.hint", ("x",), {"en": ("hint",), "el": ("συμβουλή",)},
                _say(("hint",), ("συμβουλή",)), scanned=True),
    CommandSpec("why", C.Why(), "help.why", ("e",), {"en": ("why", "explain"), "el": ("γιατί",)},
                _say(("why",), ("γιατί",)), scanned=True),
    CommandSpec("repeat", C.Repeat(), "help.repeat", ("m",), {"en": ("repeat",), "el": ("ξανά",)},
                _say(("repeat",), ("ξανά",)), scanned=True),
    CommandSpec("history", C.History(), "help.history", ("w",),
                {"en": ("history",), "el": ("ιστορικό",)}),
    CommandSpec("stop", C.StopSpeech(), "help.stop", (".",), {"en": ("stop",), "el": ("σταμάτα",)},
                _say(("stop",), ("σταμάτα",))),
    CommandSpec("resign", C.Resign(), "help.resign", ("o",),
                {"en": ("resign",), "el": ("παραίτηση",)}, _say(("resign",), ("παραίτηση",)),
                scanned=True),
    CommandSpec("double", C.Double(), "help.double", ("dd",),
                {"en": ("double",), "el": ("διπλασιασμός", "διπλασιάζω", "διπλό")},
                _say(("double",), ("διπλασιασμός", "διπλό")), scanned=True),
    CommandSpec("help", C.Help(), "help.help", ("h", "?"), {"en": ("help",), "el": ("βοήθεια",)},
                _say(("help",), ("βοήθεια",)), scanned=True),
    CommandSpec("opponent", C.ChangeOpponent(), "help.opponent", ("v",),
                {"en": ("opponent", "level"), "el": ("αντίπαλος", "επίπεδο")},
                _say(("opponent",), ("αντίπαλος",)), scanned=True),
    # the review after a match (ui/review_mode.py); Enter alone is "next" there too
    CommandSpec("next", C.Next(), "review.help_next", (">",),
                {"en": ("next",), "el": ("επόμενο",)}, _say(("next",), ("επόμενο",)),
                scanned=True),
    CommandSpec("previous", C.Previous(), "review.help_previous", ("<",),
                {"en": ("previous",), "el": ("προηγούμενο",)},
                _say(("previous",), ("προηγούμενο",)), scanned=True),
    CommandSpec("end", C.EndReview(), "review.help_end", (),
                {"en": ("end",), "el": ("τέλος",)}, _say(("end",), ("τέλος",)), scanned=True,
                help_only_keys=("q",)),  # q (quit) ends a review
    # the board window's review: its status's next page (j, or Enter on its focused More
    # button; "more", «συνέχεια» by voice, offered only while a page follows; the terminal
    # prints every sentence whole, so there it only says what to type)
    CommandSpec("more", C.More(), "review.help_more", ("j",),
                {"en": ("more", "continue"), "el": ("συνέχεια",)},
                _say(("more",), ("συνέχεια",)), scanned=True),
    # once the match is over: another with the same options (the one-switch end menu,
    # ui/scan_driver.py; typed as words, no key)
    CommandSpec("new_match", C.NewMatch(), "help.new_match", (),
                {"en": ("new match",), "el": ("νέος αγώνας", "νέο αγώνα")}, scanned=True,
                help_only_keys=("new match",)),
    CommandSpec("leave", C.Leave(), "help.leave", ("ll",),
                {"en": ("leave",), "el": ("αποχώρηση",)}, _say(("leave",), ("αποχώρηση",)),
                scanned=True),
    CommandSpec("quit", C.Quit(), "help.quit", ("q",), {"en": ("quit", "exit"), "el": ("έξοδος",)},
                _say(("quit",), ("έξοδος",)), scanned=True),
)

#: Names of the special points in the step-by-step choice and point queries (R1).
POINT_WORDS: dict[int, Words] = {
    25: {"en": ("bar",), "el": ("μπάρα",)},
    0: {"en": ("off",), "el": ("έξω",)},
}

#: What the session offers in each phase, in the order help and the scan menu list
#: them; "double" (only when the cube may be turned), "opponent" (only against one
#: computer player), "undo"/"cancel" in the play phase (only once a step or a
#: checker was picked) and "why" in the roll phase (only after the person's own
#: play, to explain it) are offered conditionally.
PHASE_COMMANDS: dict[str, tuple[str, ...]] = {
    "roll": ("roll", "why", "resign", "leave", "double", "opponent"),
    "play": ("select", "from", "to", "plays", "hint", "why", "resign", "leave", "undo", "cancel"),
    "confirm": ("confirm", "undo", "select", "plays", "hint", "why", "resign", "leave"),
    "answer": ("take", "drop", "yes", "no", "hint", "why"),
    "ask": ("yes", "no", "cancel"),
    "match_over": (),
    # the review after a match: try again by number, the expert's play (hint), its reasons (why)
    "review": ("next", "previous", "select", "plays", "hint", "why", "end"),
}
#: Offered in every phase, after the phase's own.
ALWAYS_OFFERED: tuple[str, ...] = ("position", "point", "quarter", "pips", "score", "repeat",
                                   "help", "stop", "quit")
#: Offered but not listened for by voice: "point N"/"quarter N" would add 28 phrases to every turn's grammar;
#: "leave" (lose the whole match) is too grave for a misheard word: keys and the scanning menu only.
NOT_BY_VOICE: frozenset[str] = frozenset({"point", "quarter", "leave"})


def fold(text: str) -> str:
    """Lower case without accents, as typed words are compared ("Ρίξε" → "ριξε")."""
    decomposed = unicodedata.normalize("NFD", text.strip().lower())
    return unicodedata.normalize("NFC", "".join(c for c in decomposed
                                                if not unicodedata.combining(c)))


def by_name(name: str) -> CommandSpec:
    """The first (main) row of the command called ``name``; KeyError if none."""
    for spec in COMMANDS:
        if spec.name == name:
            return spec
    raise KeyError(name)


def _typed_table() -> tuple[dict[str, C.Command], dict[str, type]]:
    """Typed word (folded) → command, and word → class for the commands with a number."""
    plain: dict[str, C.Command] = {}
    numbered: dict[str, type] = {}
    for spec in COMMANDS:
        words = [w for lang_words in spec.typed.values() for w in lang_words]
        words += [" ".join(v) for variants in spec.spoken.values() for v in variants]
        for word in words:
            key = fold(word)
            if spec.number is not None:
                target: dict[str, type] | dict[str, C.Command] = numbered
                value: object = spec.number
            else:
                assert spec.command is not None
                target, value = plain, spec.command
            if key in target and target[key] != value:
                raise ValueError(f"the typed word {word!r} would mean two commands")
            target[key] = value  # type: ignore[assignment]
    return plain, numbered


TYPED_WORDS, NUMBER_WORDS = _typed_table()


def typed_word(text: str) -> C.Command | None:
    """The command a typed word means ("roll", "ρίξε", "ριξε"), if any."""
    return TYPED_WORDS.get(fold(text))


def spoken_words() -> dict[str, dict[Lang, tuple[Variant, ...]]]:
    """Voice words of the commands without a number, by command name."""
    return {spec.name: spec.spoken for spec in COMMANDS
            if spec.spoken and spec.number is None}


def help_rows() -> tuple[tuple[str, str, str], ...]:
    """``(key as shown, command name, help message key)`` for every key, in help order.

    A command with a number shows its key with ``N`` ("f N"); choosing a play is ``N`` alone.
    """
    rows: list[tuple[str, str, str]] = []
    for spec in COMMANDS:
        for key in spec.keys + spec.help_only_keys:
            shown = f"{key} N" if spec.number is not None and key != "N" else key
            rows.append((shown, spec.name, spec.help))
    return tuple(rows)


def key_commands() -> tuple[dict[str, C.Command], dict[str, type]]:
    """Terminal keys → command, and the keys that take a number → the command's class."""
    plain: dict[str, C.Command] = {}
    numbered: dict[str, type] = {}
    for spec in COMMANDS:
        for key in spec.keys:
            if spec.number is not None:
                if key != "N":
                    numbered[key] = spec.number
            elif spec.command is not None:
                plain[key] = spec.command
    return plain, numbered


def scanned_commands() -> dict[str, C.Command]:
    """The commands a switch user can scan, by command name."""
    out: dict[str, C.Command] = {}
    for spec in COMMANDS:
        if spec.scanned and spec.command is not None and spec.name not in out:
            out[spec.name] = spec.command
    return out


def _check() -> None:
    names = {spec.name for spec in COMMANDS}
    missing = set(C.COMMAND_NAMES) - names
    extra = names - set(C.COMMAND_NAMES)
    if missing or extra:
        raise ValueError(f"command table and COMMAND_NAMES differ: {missing or ''} {extra or ''}")
    for spec in COMMANDS:
        kind = spec.number if spec.command is None else type(spec.command)
        if C.COMMAND_NAMES[spec.name] is not kind:
            raise ValueError(f"row {spec.name!r} sends {kind}, not {C.COMMAND_NAMES[spec.name]}")
    offered = {n for names_ in PHASE_COMMANDS.values() for n in names_} | set(ALWAYS_OFFERED)
    if not offered <= names:
        raise ValueError(f"phases offer unknown commands {offered - names}")


_check()
