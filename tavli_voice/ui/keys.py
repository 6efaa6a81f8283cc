"""Typed lines → commands, from one table (style guide 4.1).

The one-letter commands are Latin letters, the same in both languages, so
help, documentation and muscle memory carry over; whole words in English or
Greek (``roll``, ``ρίξε``) work too, with or without accents. A bare number
picks that play. On a Greek keyboard layout the letter on the same key works as
the Latin one (``ρ`` = r, ``χ`` = x, ``φ 13`` = f 13, also ``ξ`` = x by sound), so a
Greek user need not switch layouts; ``;``, the Greek question mark, asks for help.

=======  =================================  ==========================
key      command                            words also accepted
=======  =================================  ==========================
number   choose that play                   
r        roll                               roll, ρίξε, ζάρια
c        confirm the chosen play            ok, confirm, εντάξει, επιβεβαίωση
u        undo this turn's choice            undo, αναίρεση
f N      step by step: the checker on N     from N, από N
t N      … to point N (0 = off)             to N, στο N
y / n    yes / no (resign, take a double)   yes, ναι / no, όχι
l        list the plays again               plays, κινήσεις
d        describe the board                 board, position, ταμπλό
b        brief position                     brief, σύντομα
a        all 24 points                      all, όλα
p N      what is on point N                 point N, θέση N, σημείο N
k N      quarter N (1 = your home)          quarter N, τέταρτο N, τεταρτημόριο N
i        pip counts                         pips, μέτρημα, πόντοι
s        match score                        score, σκορ
x        hint: the strong bot's choice      hint, συμβουλή
m        repeat the last message            repeat, ξανά
w        the last messages again            history, ιστορικό
.        stop speaking                      stop, σταμάτα
o        resign this game (asks first)      resign, παραίτηση
ll       leave: lose the whole match (asks) leave, αποχώρηση
dd       double (vog)                       double, διπλασιασμός, διπλό
y / n    take / drop a double               take, δέχομαι / drop, αρνούμαι
h / ?    help                               help, βοήθεια
q        quit (the match is saved)          quit, έξοδος
=======  =================================  ==========================
"""

from __future__ import annotations

import unicodedata

from .. import commands as C

#: key → (command factory, needs a number)
_SIMPLE: dict[str, C.Command] = {
    "r": C.Roll(), "c": C.Confirm(), "u": C.Undo(), "y": C.Yes(), "n": C.No(),
    "l": C.ListPlays(), "d": C.Describe("normal"), "b": C.Describe("brief"),
    "a": C.Describe("full"), "i": C.PipCount(), "s": C.Score(), "x": C.Hint(),
    "m": C.Repeat(), "w": C.History(), ".": C.StopSpeech(), "o": C.Resign(), "ll": C.Leave(), "dd": C.Double(),
    "h": C.Help(), "?": C.Help(), "q": C.Quit(),
}

_WORDS: dict[str, C.Command] = {
    "roll": C.Roll(), "ριξε": C.Roll(), "ρίξε": C.Roll(), "ζαρια": C.Roll(),
    "ok": C.Confirm(), "confirm": C.Confirm(), "εντάξει": C.Confirm(), "ενταξει": C.Confirm(),
    "undo": C.Undo(), "αναίρεση": C.Undo(), "αναιρεση": C.Undo(),
    "yes": C.Yes(), "ναι": C.Yes(), "no": C.No(), "όχι": C.No(), "οχι": C.No(),
    "plays": C.ListPlays(), "κινήσεις": C.ListPlays(), "κινησεις": C.ListPlays(),
    "position": C.Describe("normal"), "board": C.Describe("normal"),
    "ταμπλό": C.Describe("normal"), "brief": C.Describe("brief"), "σύντομα": C.Describe("brief"),
    "all": C.Describe("full"), "όλα": C.Describe("full"), "ολα": C.Describe("full"),
    "pips": C.PipCount(), "μέτρημα": C.PipCount(), "πόντοι": C.PipCount(),
    "score": C.Score(), "σκορ": C.Score(),
    "hint": C.Hint(), "συμβουλή": C.Hint(), "repeat": C.Repeat(), "history": C.History(),
    "ιστορικό": C.History(), "ιστορικο": C.History(), "ξανά": C.Repeat(), "ξανα": C.Repeat(),
    "stop": C.StopSpeech(), "σταμάτα": C.StopSpeech(), "σταματα": C.StopSpeech(),
    "resign": C.Resign(), "παραίτηση": C.Resign(), "παραιτηση": C.Resign(),
    "double": C.Double(), "διπλασιασμός": C.Double(), "διπλασιάζω": C.Double(),
    "διπλό": C.Double(),
    "take": C.Take(), "δέχομαι": C.Take(), "πάρε": C.Take(),
    "drop": C.Drop(), "αρνούμαι": C.Drop(), "άρνηση": C.Drop(),
    "επιβεβαίωση": C.Confirm(),
    "help": C.Help(), "βοήθεια": C.Help(), "βοηθεια": C.Help(),
    "leave": C.Leave(), "αποχώρηση": C.Leave(), "αποχωρηση": C.Leave(),
    "quit": C.Quit(), "exit": C.Quit(), "έξοδος": C.Quit(), "εξοδος": C.Quit(),
    "cancel": C.Cancel(), "άκυρο": C.Cancel(), "ακυρο": C.Cancel(),
}

_WITH_NUMBER: dict[str, type] = {
    "f": C.FromPoint, "from": C.FromPoint, "από": C.FromPoint, "απο": C.FromPoint,
    "t": C.ToPoint, "to": C.ToPoint, "στο": C.ToPoint, "στη": C.ToPoint, "στην": C.ToPoint,
    "p": C.QueryPoint, "point": C.QueryPoint, "θέση": C.QueryPoint, "σημείο": C.QueryPoint,
    "k": C.QueryQuarter, "quarter": C.QueryQuarter, "τέταρτο": C.QueryQuarter,
    "τεταρτημόριο": C.QueryQuarter,
}

#: A Greek keyboard layout's letter → the Latin letter on the same key (ρ is on r, χ on x …);
#: ξ (on j, unused) is x by sound as well. ";" (on q) is the Greek question mark: help.
GREEK_KEYS: dict[str, str] = {
    "ς": "w", "ε": "e", "ρ": "r", "τ": "t", "υ": "y", "θ": "u", "ι": "i", "ο": "o", "π": "p",
    "α": "a", "σ": "s", "δ": "d", "φ": "f", "γ": "g", "η": "h", "κ": "k", "λ": "l",
    "ζ": "z", "χ": "x", "ψ": "c", "ω": "v", "β": "b", "ν": "n", "μ": "m", "ξ": "x",
}

_POINT_WORDS = {"bar": 25, "μπάρα": 25, "off": 0, "έξω": 0}


def _plain(text: str) -> str:
    """Lower case without accents ("Ρίξε" → "ριξε"), so both spellings are one word."""
    decomposed = unicodedata.normalize("NFD", text.lower())
    return unicodedata.normalize("NFC", "".join(c for c in decomposed
                                                 if not unicodedata.combining(c)))


_SIMPLE.update({";": C.Help()})
_WORDS = {**_WORDS, **{_plain(k): v for k, v in _WORDS.items()}}
_WITH_NUMBER = {**_WITH_NUMBER, **{_plain(k): v for k, v in _WITH_NUMBER.items()}}
_POINT_WORDS = {**_POINT_WORDS, **{_plain(k): v for k, v in _POINT_WORDS.items()}}


def latin_keys(text: str) -> str:
    """Greek-layout letters as the Latin keys they share ("ρ" → "r", "φ 13" → "f 13").

    Only a short key (one or two letters, before any number) is changed: Greek words stay.
    """
    head, sep, rest = text.partition(" ")
    if 1 <= len(head) <= 2 and all(c in GREEK_KEYS for c in head):
        return "".join(GREEK_KEYS[c] for c in head) + sep + rest
    if head and head[0] in GREEK_KEYS and head[1:].isdigit():  # "φ13"
        return GREEK_KEYS[head[0]] + head[1:] + sep + rest
    return text


class UnknownInput(ValueError):
    """A typed line that is no command; ``kind`` says what was wrong."""

    def __init__(self, kind: str, text: str, example: str = "p 13") -> None:
        super().__init__(f"{kind}: {text}")
        self.kind = kind  #: "unknown", "needs_number"
        self.text = text
        self.example = example  #: the same command with a number ("t 7" for "t")


#: A typical number for each command that needs one (used in the example).
_EXAMPLE_NUMBER: dict[type, str] = {C.FromPoint: "13", C.ToPoint: "7", C.QueryPoint: "13",
                                    C.QueryQuarter: "1"}


def _example(head: str) -> str:
    """``t`` → ``"t 7"``: the command the person typed, with a number."""
    return f"{head} {_EXAMPLE_NUMBER.get(_WITH_NUMBER[head], '1')}"


def _fold(text: str) -> str:
    return _plain(" ".join(text.split()))


def parse_line(line: str) -> C.Command | None:
    """One typed line → a command; ``None`` for an empty line; UnknownInput otherwise."""
    text = _fold(line)
    if not text:
        return None
    if text.isdigit():
        return C.ChoosePlay(int(text))
    if text in _SIMPLE:
        return _SIMPLE[text]
    if text in _WORDS:
        return _WORDS[text]
    text = latin_keys(text)
    if text in _SIMPLE:
        return _SIMPLE[text]
    head, _, rest = text.partition(" ")
    if head in _WITH_NUMBER:
        arg = rest.strip()
        if arg.isdigit():
            return _WITH_NUMBER[head](int(arg))  # type: ignore[no-any-return]
        if arg in _POINT_WORDS:
            return _WITH_NUMBER[head](_POINT_WORDS[arg])  # type: ignore[no-any-return]
        raise UnknownInput("needs_number", line.strip(), _example(head))
    # "f13" / "t7" without a space
    if text[0] in "ftpk" and text[1:].isdigit():
        return _WITH_NUMBER[text[0]](int(text[1:]))  # type: ignore[no-any-return]
    raise UnknownInput("unknown", line.strip())
