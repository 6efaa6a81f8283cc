"""Typed lines → commands, from one table (style guide 4.1).

The one-letter commands are Latin letters, the same in both languages, so
help, documentation and muscle memory carry over; whole words in English or
Greek (``roll``, ``ρίξε``) work too. A bare number picks that play.

=======  =================================  ==========================
key      command                            words also accepted
=======  =================================  ==========================
number   choose that play                   
r        roll                               roll, ρίξε, ζάρια
c        confirm the chosen play            ok, confirm, εντάξει
u        undo this turn's choice            undo, αναίρεση
f N      step by step: the checker on N     from N, από N
t N      … to point N (0 = off)             to N, στο N
y / n    yes / no (resign, take a double)   yes, ναι / no, όχι
l        list the plays again               plays, κινήσεις
d        describe the position              position, θέση
b        brief position                     brief, σύντομα
a        all 24 points                      all, όλα
p N      what is on point N                 point N, θέση N
k N      quarter N (1 = your home)          quarter N, τεταρτημόριο N
i        pip counts                         pips, πόντοι
s        match score                        score, σκορ
x        hint: the strong bot's choice      hint, βοήθεια κίνησης
m        repeat the last message            repeat, ξανά
w        the last messages again            history, ιστορικό
.        stop speaking                      stop, σταμάτα
o        resign this game (asks first)      resign, παραίτηση
ll       leave: lose the whole match (asks) leave, αποχώρηση
dd       double (vog)                       double, διπλό
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
    "position": C.Describe("normal"), "board": C.Describe("normal"), "θέση": C.Describe("normal"),
    "θεση": C.Describe("normal"), "brief": C.Describe("brief"), "σύντομα": C.Describe("brief"),
    "all": C.Describe("full"), "όλα": C.Describe("full"), "ολα": C.Describe("full"),
    "pips": C.PipCount(), "πόντοι": C.PipCount(), "score": C.Score(), "σκορ": C.Score(),
    "hint": C.Hint(), "repeat": C.Repeat(), "history": C.History(),
    "ιστορικό": C.History(), "ιστορικο": C.History(), "ξανά": C.Repeat(), "ξανα": C.Repeat(),
    "stop": C.StopSpeech(), "σταμάτα": C.StopSpeech(), "σταματα": C.StopSpeech(),
    "resign": C.Resign(), "παραίτηση": C.Resign(), "παραιτηση": C.Resign(),
    "double": C.Double(), "διπλό": C.Double(), "διπλο": C.Double(),
    "take": C.Take(), "πάρε": C.Take(), "drop": C.Drop(),
    "help": C.Help(), "βοήθεια": C.Help(), "βοηθεια": C.Help(),
    "leave": C.Leave(), "αποχώρηση": C.Leave(), "αποχωρηση": C.Leave(),
    "quit": C.Quit(), "exit": C.Quit(), "έξοδος": C.Quit(), "εξοδος": C.Quit(),
    "cancel": C.Cancel(), "άκυρο": C.Cancel(), "ακυρο": C.Cancel(),
}

_WITH_NUMBER: dict[str, type] = {
    "f": C.FromPoint, "from": C.FromPoint, "από": C.FromPoint, "απο": C.FromPoint,
    "t": C.ToPoint, "to": C.ToPoint, "στο": C.ToPoint, "στη": C.ToPoint, "στην": C.ToPoint,
    "p": C.QueryPoint, "point": C.QueryPoint, "σημείο": C.QueryPoint,
    "k": C.QueryQuarter, "quarter": C.QueryQuarter, "τεταρτημόριο": C.QueryQuarter,
}

_POINT_WORDS = {"bar": 25, "μπάρα": 25, "μπαρα": 25, "off": 0, "έξω": 0, "εξω": 0}


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
    return unicodedata.normalize("NFC", text.strip().lower())


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
