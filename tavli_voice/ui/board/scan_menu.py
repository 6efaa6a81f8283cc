"""A tiny adapter: the session's legal commands → a :class:`ScanMenu` (issue 5 §3).

The scanning package is deliberately independent of the session; this module
reads the session's public state (``available()``, ``plays``, ``dice``,
``position``) and builds the menu the scanner offers: the phase's commands
(roll, confirm, undo, yes/no …), each legal play with *every legal order of
its steps* (so long lists can be chosen step by step, R2), and the usual
extras (describe, repeat, hint, pips, score, help, resign, quit).

If the lead adds the same adapter to ``scanning/`` or ``ui/``, the window can
use that one instead; nothing else depends on this module.
"""

from __future__ import annotations

from typing import Any

from ... import commands as C
from ...rules import Play, Position, StepChooser
from ...scanning import PlayChoice, ScanMenu

#: Command names from ``Session.available()`` → the command a scan option sends.
#: "select", "from", "to", "point", "quarter" are left out: plays come as
#: PlayChoice entries, points are not scanned one by one.
NAME_COMMANDS: dict[str, C.Command] = {
    "roll": C.Roll(), "double": C.Double(), "confirm": C.Confirm(), "undo": C.Undo(),
    "cancel": C.Cancel(), "yes": C.Yes(), "no": C.No(), "take": C.Take(), "drop": C.Drop(),
    "resign": C.Resign(), "position": C.Describe(), "repeat": C.Repeat(), "hint": C.Hint(),
    "pips": C.PipCount(), "score": C.Score(), "help": C.Help(), "quit": C.Quit(),
    "leave": C.Leave(), "plays": C.ListPlays(),
}

#: Above this many step orders a turn is offered in groups instead. Measured:
#: 541 plays of 2-2 late in a Portes game have 8,545 orders, found in 0.16 s
#: once per turn; the limit keeps the worst turn under about a second.
SEQUENCE_LIMIT = 40000

StepSeq = tuple[tuple[int, int], ...]


def play_sequences(position: Position, dice: tuple[int, int], plays: tuple[Play, ...],
                   limit: int = SEQUENCE_LIMIT) -> list[list[StepSeq]] | None:
    """Every legal order of every play's steps (R2), per play; ``None`` above ``limit``.

    Walks the rules' :class:`StepChooser`, which only offers steps that lead
    to a legal play, so every walk ends in one of ``plays``.
    """
    chooser = StepChooser(position, dice, plays)
    index = {p.result: i for i, p in enumerate(plays)}
    out: list[list[StepSeq]] = [[] for _ in plays]
    count = 0

    def walk(prefix: tuple[Any, ...]) -> bool:
        nonlocal count
        for step in chooser.options():
            chooser.chosen = prefix + (step,)
            play = chooser.complete()
            if play is not None:
                seq = tuple((s.from_point, s.to_point) for s in chooser.chosen)
                out[index[play.result]].append(seq)
                count += 1
                if count > limit:
                    return False
            elif not walk(chooser.chosen):
                return False
            chooser.chosen = prefix
        return True

    if not walk(()):
        return None
    return out


def session_scan_menu(session: Any, spoken: dict[int, str] | None = None) -> ScanMenu:
    """The scan menu for the person acting now (see the module docstring).

    ``session`` is a :class:`tavli_voice.session.Session` (typed loosely so
    this module stays importable in isolation); ``spoken`` optionally maps a
    0-based play index to its spoken sentence (the option's long text).
    """
    names = session.available()
    commands = tuple(NAME_COMMANDS[n] for n in names if n in NAME_COMMANDS)
    plays: tuple[PlayChoice, ...] = ()
    phase = getattr(session.phase, "value", str(session.phase))
    if phase == "play" and session.plays and session.dice is not None:
        chooser = session.chooser
        if chooser is not None and (chooser.chosen or session.source is not None):
            # the person started a play step by step with keys: let them finish
            # (or undo) with the keys; scanning offers the plays as a list
            seqs = None
        else:
            seqs = play_sequences(session.position, session.dice, session.plays)
        spoken = spoken or {}
        plays = tuple(
            PlayChoice(p.notation, spoken.get(i, ""),
                       tuple(seqs[i]) if seqs is not None else ())
            for i, p in enumerate(session.plays))
    return ScanMenu(commands=commands, plays=plays)
