"""Scan options and the modes that hold them (what is offered, not when).

A *mode* is one level of choices: the main list, a sub-menu, a group, one
stage of step-by-step choice. In the manner of the python-tcod tutorial's
input handlers (style guide 4.3), picking option ``i`` of a mode returns
either a :data:`~tavli_voice.commands.Command` for the session, the next mode
(a sub-menu, a group, the parent on "Back"), or a :class:`ScanAdjust` that
the scanner applies to its own settings. Modes are frozen values: going back
returns the parent object itself, so nothing is rebuilt or mutated.

Timing (which option is highlighted, when a press counts) lives in
:mod:`tavli_voice.scanning.scanner`; this module has no clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Protocol, Sequence, TypeGuard, Union, get_args, runtime_checkable

from tavli_voice.commands import Command

from .words import Lang, label

#: Every Command class, for ``isinstance`` checks on a mode's answer.
COMMAND_TYPES: tuple[type, ...] = get_args(Command)

BACK = "back"


class ScanAdjust(Enum):
    """A setting change picked from the Settings sub-menu: the scanner changes its speed
    (slower, faster); the board window its own look (bigger, smaller, other colours)."""

    SLOWER = "slower"
    FASTER = "faster"
    BIGGER = "bigger"
    SMALLER = "smaller"
    COLOURS = "colours"


#: The board window's display changes (the scanner passes them on unchanged).
DISPLAY_ADJUSTS = (ScanAdjust.BIGGER, ScanAdjust.SMALLER, ScanAdjust.COLOURS)


@dataclass(frozen=True, slots=True, repr=False)
class ScanOption:
    """One thing that can be highlighted and picked.

    * ``key``/``args``: the label as a message key of
      :mod:`~tavli_voice.scanning.words` and its arguments
      (``ScanOption("from", (13,))`` is "From 13" / "Από το 13").
    * ``long``: the full text said on request (for a play, the session's
      spoken sentence: "from 24 to 18, from 13 to 8"); may be empty.
    * ``command``: the Command emitted when picked, if any.
    * ``children``: a sub-menu opened when picked (a "Back" item is added).
    * ``adjust``: a settings change the scanner applies itself.
    * ``group``: the name of the group the option belongs to, if any.

    An option with none of command/children/adjust is interpreted by its mode
    (step choices, "Back", "Undo last step").
    """

    key: str
    args: tuple[str | int, ...] = ()
    long: str = ""
    command: Command | None = None
    children: tuple[ScanOption, ...] = ()
    adjust: ScanAdjust | None = None
    group: str | None = None

    def __repr__(self) -> str:
        """The constructor call with only the fields that are not defaults."""
        parts = [repr(self.key)]
        if self.args:
            parts.append(repr(self.args))
        for name in ("long", "command", "children", "adjust", "group"):
            value = getattr(self, name)
            if value:
                parts.append(f"{name}={value!r}")
        return f"ScanOption({', '.join(parts)})"

    def label(self, lang: Lang = "en") -> str:
        """The short text shown and spoken while this option is highlighted."""
        return label(self.key, self.args, lang)

    @property
    def is_back(self) -> bool:
        """True for the "Back" item of a sub-menu or group."""
        return self.key == BACK


BACK_OPTION = ScanOption(BACK)


@runtime_checkable
class ScanMode(Protocol):
    """One level of choices.

    ``options`` are in scanning order; ``trail`` is the options picked to
    reach this level (empty at the root), for "where am I" and the window.
    """

    @property
    def options(self) -> tuple[ScanOption, ...]: ...

    @property
    def trail(self) -> tuple[ScanOption, ...]: ...

    def choose(self, index: int) -> Choice:
        """Pick option ``index``: a Command, the next mode, or a settings change."""
        ...


Choice = Union[Command, ScanMode, ScanAdjust]


def follow(option: ScanOption, parent: ScanMode) -> Choice:
    """What picking a generic ``option`` inside ``parent`` leads to.

    Shared by every mode: a command is emitted, a settings change returned,
    "Back" returns to the parent's own parent (or stays, at the root), and
    children open as a :class:`ListMode` whose "Back" returns to ``parent``.
    """
    if option.command is not None:
        return option.command
    if option.adjust is not None:
        return option.adjust
    if option.children:
        return ListMode(option.children + (BACK_OPTION,), parent=parent,
                        trail=parent.trail + (option,))
    if option.is_back:
        grandparent = getattr(parent, "parent", None)
        return parent if grandparent is None else grandparent
    raise ValueError(f"option {option.key!r} does nothing in {type(parent).__name__}")


@dataclass(frozen=True, slots=True)
class ListMode:
    """A plain list of options: the main list, a sub-menu or a group.

    >>> from tavli_voice.commands import Roll
    >>> menu = ListMode((ScanOption("roll", command=Roll()),))
    >>> menu.choose(0)
    Roll()
    """

    options: tuple[ScanOption, ...]
    parent: ScanMode | None = field(default=None, compare=False, repr=False)
    trail: tuple[ScanOption, ...] = ()

    def choose(self, index: int) -> Choice:
        """Pick option ``index`` (see :func:`follow`)."""
        return follow(self.options[index], self)


def is_command(value: object) -> TypeGuard[Command]:
    """True if ``value`` is one of the session's Command dataclasses."""
    return isinstance(value, COMMAND_TYPES)


def group_options(options: Sequence[ScanOption], size: int, *,
                  key: str = "plays_group") -> tuple[ScanOption, ...]:
    """Split ``options`` into groups of ``size`` for group scanning.

    Each group is an option with the group's items as children (so picking
    it opens them, with "Back" added at the end). The group's arguments are
    its first and last 1-based positions and the first item's first argument
    (its notation, for plays), for the label "Plays 1 to 5, starting 24/18 13/8".
    A list that fits one group is returned unchanged; a last group of a
    single item is offered as that item itself (a group of one wastes a pick).
    When there would be more than ``2 * size`` groups (a list of hundreds of
    plays), the groups are grouped again, so no level is much longer than
    twice the group size.
    """
    if size < 2:
        raise ValueError(f"group size must be at least 2, got {size}")
    level: list[tuple[int, int, ScanOption]] = [(n, n, o) for n, o in enumerate(options, 1)]
    if len(level) <= size:
        return tuple(o for _first, _last, o in level)
    while True:
        grouped: list[tuple[int, int, ScanOption]] = []
        for start in range(0, len(level), size):
            chunk = level[start:start + size]
            if len(chunk) == 1:
                grouped.append(chunk[0])
                continue
            first, last = chunk[0][0], chunk[-1][1]
            lead = chunk[0][2]
            name = lead.args[-1] if lead.key == key else lead.args[0] if lead.args else lead.key
            grouped.append((first, last, ScanOption(
                key, (first, last, name), children=tuple(o for *_n, o in chunk),
                group=f"{first}-{last}")))
        level = grouped
        if len(level) <= 2 * size:
            return tuple(o for *_n, o in level)
