"""A tiny adapter: the turn's legal commands → a :class:`ScanMenu`.

The scanning package is deliberately independent of the session; this module
reads the session's :class:`~tavli_voice.events.TurnView` (``available``,
``plays``, ``dice``, ``position``) and builds the menu the scanner offers: the
phase's commands (roll, confirm, undo, yes/no …), each legal play with *every
legal order of its steps* (so long lists can be chosen step by step, R2), and
the usual extras (describe, repeat, hint, pips, score, help, resign, quit).
The terminal's scanner and the board window both use it.
"""

from __future__ import annotations

from ... import commands as C
from ...command_table import scanned_commands
from ...events import Phase, TurnView
from ...rules import Play, Position, Step, StepChooser
from ...scanning import PlayChoice, ScanMenu

#: Command names from ``TurnView.available`` → the command a scan option sends
#: (the command table's scanned rows). "select", "from", "to", "point",
#: "quarter" are left out: plays come as PlayChoice entries, points are not
#: scanned one by one.
NAME_COMMANDS: dict[str, C.Command] = scanned_commands()

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

    def walk(prefix: tuple[Step, ...]) -> bool:
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


def session_scan_menu(view: TurnView, spoken: dict[int, str] | None = None) -> ScanMenu:
    """The scan menu for the person acting now (see the module docstring).

    ``view`` is the session's :meth:`~tavli_voice.session.Session.state`;
    ``spoken`` optionally maps a 0-based play index to its spoken sentence
    (the option's long text).
    """
    commands = tuple(NAME_COMMANDS[n] for n in view.available if n in NAME_COMMANDS)
    plays: tuple[PlayChoice, ...] = ()
    if view.phase is Phase.PLAY and view.plays and view.dice is not None:
        seqs: list[list[StepSeq]] | None
        if view.choosing_steps:
            # the person started a play step by step with keys: let them finish
            # (or undo) with the keys; scanning offers the plays as a list
            seqs = None
        else:
            seqs = play_sequences(view.position, view.dice, view.plays)
        spoken = spoken or {}
        plays = tuple(
            PlayChoice(p.notation, spoken.get(i, ""),
                       tuple(seqs[i]) if seqs is not None else ())
            for i, p in enumerate(view.plays))
    return ScanMenu(commands=commands, plays=plays)
