"""What is scanned: the session's legal commands, turned into scan options.

The session (or the front end on its behalf) describes the moment with a
:class:`ScanMenu` — the commands that are legal now and the legal plays —
and :func:`build_root` turns it into the first :class:`~.modes.ScanMode`.
Placement and order come from one table (style guide 4.1: tables, not
``if`` chains): the frequent things first (the rest of a paged answer or question, a
pending question, Confirm, Roll,
the plays and the hint), then Undo (before the hint while a chosen play waits for
Confirm: :data:`RANK_WITHOUT_PLAYS`), Describe position and Repeat, then a "Menu" item that
opens the rare ones (hint, pip count, score, help, resign, settings, quit).
Every sub-menu and group ends with "Back".

Plays (R2): one legal play is a "Play it" item (or, with the setting
``single_play="confirm"``, an item that opens Confirm/Back); a few are listed
one by one; more are offered by the checker moved when the session supplies
their step sequences (:class:`CheckerMode`: "From 24: 8 plays" opens that
checker's whole plays, or its steps (:mod:`.steps`) when they are more than
``list_limit``), the suggested play first; else in groups of ``group_size``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Callable, Mapping, Sequence

from tavli_voice.commands import (
    Cancel, ChangeOpponent, ChoosePlay, Command, Confirm, Describe, Double, Drop, Help, Hint, ListPlays, No,
    Leave, More, PipCount, Quit, Repeat, Resign, Roll, Score, StopSpeech, Take, Undo, Why, Yes,
    command_name,
)

from .modes import BACK_OPTION, Choice, ListMode, ScanAdjust, ScanMode, ScanOption, follow, group_options
from .settings import ScanSettings
from .steps import BAR, StepMode, StepOrder, StepPair, normalise_sequences

__all__ = ["CheckerMode", "PlayChoice", "ScanMenu", "ScanOption", "build_root", "play_layout", "play_choices",
           "command_option", "settings_option", "MAIN", "MENU"]

MAIN = "main"
MENU = "menu"

#: Where each command goes and in which order (lower rank first). Plays sit
#: at rank 20 in the main list. Yes before No: the question that asks it
#: (resign) was reached by deliberate picks through the menu.
PLACEMENT: dict[type, tuple[str, int, str]] = {
    # the rest of a long answer or question in the board window's status, while a page
    # follows: first, so a question cut on its first page is read whole before Yes or Take
    More: ("more", -1, MAIN),
    Take: ("take", 0, MAIN),
    Drop: ("drop", 1, MAIN),
    Yes: ("yes", 2, MAIN),
    No: ("no", 3, MAIN),
    Confirm: ("confirm", 5, MAIN),
    Cancel: ("cancel", 6, MAIN),
    Roll: ("roll", 10, MAIN),
    Double: ("double", 11, MAIN),
    Undo: ("undo", 30, MAIN),
    Describe: ("describe", 40, MAIN),
    Repeat: ("repeat", 41, MAIN),
    Hint: ("hint", 25, MAIN),  # with the plays: the expert's play is one pick away
    Why: ("why", 100, MENU),
    PipCount: ("pips", 101, MENU),
    Score: ("score", 102, MENU),
    ListPlays: ("plays", 103, MENU),
    Help: ("help", 104, MENU),
    StopSpeech: ("stop", 105, MENU),
    Resign: ("resign", 110, MENU),
    ChangeOpponent: ("opponent", 115, MENU),
    Quit: ("quit", 130, MENU),
    Leave: ("leave", 131, MENU),
}
PLAYS_RANK = 20
#: Ranks that differ while no plays are on offer (a chosen play waits for Confirm): the hint
#: sits beside the plays so that the expert's play is one pick away; with none to pick, it
#: comes after Undo, which "Confirm or undo" names and a wrong pick needs.
RANK_WITHOUT_PLAYS: dict[type, int] = {Hint: 35}
SETTINGS_RANK = 120
UNKNOWN_RANK = 125
MENU_OPTION_KEY = "menu"


@dataclass(frozen=True, slots=True)
class PlayChoice:
    """One legal play as the session offers it (``ChoosePlay(i + 1)`` picks it).

    ``notation`` is the R1 text (``24/18 13/8``); ``spoken`` the sentence the
    narrator would say (the option's long text); ``sequences`` every legal
    order of its steps as ``(from, to)`` pairs (bar 25, off 0), needed only
    for step-by-step choice.
    """

    notation: str
    spoken: str = ""
    sequences: tuple[tuple[StepPair, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class ScanMenu:
    """The session's legal commands at one moment, for scanning.

    * ``commands``: the legal commands other than plays, e.g.
      ``(Roll(), Describe(), Repeat(), Resign(), Quit())``. A ``ChoosePlay``
      here is ignored (plays come from ``plays``).
    * ``plays``: the legal plays in the session's order (R2).
    * ``preferred``: 0-based index of a play to offer first (the strong
      bot's suggestion), or ``None`` for the session's order.
    """

    commands: tuple[Command, ...] = ()
    plays: tuple[PlayChoice, ...] = ()
    preferred: int | None = None

    def __post_init__(self) -> None:
        if self.preferred is not None and not 0 <= self.preferred < len(self.plays):
            raise ValueError(f"preferred play {self.preferred} is not one of "
                             f"{len(self.plays)} plays")


def _key_and_args(command: Command) -> tuple[str, tuple[str | int, ...], int, str]:
    """Message key, arguments, rank and place of a command (unknown ones go to the menu)."""
    entry = PLACEMENT.get(type(command))
    if isinstance(command, Describe):
        if command.length == "normal":
            return "describe", (), 40, MAIN
        return "describe_" + command.length, (), 39 if command.length == "brief" else 42, MAIN
    args = tuple(getattr(command, f.name) for f in fields(command))
    if entry is None:
        return command_name(command), args, UNKNOWN_RANK, MENU
    key, rank, place = entry
    return key, args, rank, place


def command_option(command: Command) -> ScanOption:
    """The scan option that emits ``command`` (labelled from the placement table)."""
    key, args, _rank, _place = _key_and_args(command)
    return ScanOption(key, args, command=command)


def settings_option(display: bool = False) -> ScanOption:
    """The Settings sub-menu: slower and faster scanning (a switch user can do it alone);
    with ``display`` (the board window) also bigger text, other colours and smaller text."""
    speed = (ScanOption("slower", adjust=ScanAdjust.SLOWER),
             ScanOption("faster", adjust=ScanAdjust.FASTER))
    look = (ScanOption("bigger", adjust=ScanAdjust.BIGGER),
            ScanOption("colours", adjust=ScanAdjust.COLOURS),
            ScanOption("smaller", adjust=ScanAdjust.SMALLER)) if display else ()
    return ScanOption("settings", children=speed + look)


def play_layout(n_plays: int, has_sequences: bool, settings: ScanSettings) -> str:
    """How ``n_plays`` plays are offered: ``none``, ``single``, ``list``, ``groups``,
    ``checker`` or ``steps``."""
    if n_plays == 0:
        return "none"
    if n_plays == 1:
        return "single"
    choice = settings.play_choice
    if choice == "steps" and not has_sequences:
        choice = "groups"
    if choice in ("steps", "checker") and not has_sequences:
        choice = "groups"
    if choice == "auto":
        if n_plays <= settings.list_limit:
            return "list"
        return "checker" if has_sequences else "groups"
    return choice


def _play_option(menu: ScanMenu, index: int, key: str = "play") -> ScanOption:
    play = menu.plays[index]
    return ScanOption(key, (play.notation,), long=play.spoken, command=ChoosePlay(index + 1),
                      group="plays")


def _single_play(menu: ScanMenu, settings: ScanSettings) -> ScanOption:
    play = menu.plays[0]
    if settings.single_play == "offer":
        return _play_option(menu, 0, "play_it")
    confirm = ScanOption("confirm", (play.notation,), long=play.spoken, command=ChoosePlay(1))
    return ScanOption("play_it", (play.notation,), long=play.spoken, children=(confirm,),
                      group="plays")


def _play_order(menu: ScanMenu) -> list[int]:
    order = list(range(len(menu.plays)))
    if menu.preferred is not None:
        order.remove(menu.preferred)
        order.insert(0, menu.preferred)
    return order


def _ranked_commands(menu: ScanMenu) -> tuple[list[ScanOption], list[ScanOption], list[ScanOption]]:
    """Main options before the plays, main options after them, and menu options."""
    before: list[tuple[int, int, ScanOption]] = []
    after: list[tuple[int, int, ScanOption]] = []
    rare: list[tuple[int, int, ScanOption]] = []
    # a double's answer: Take and Drop are offered, Yes and No (the same answers) are not, so
    # the scan reaches the hint two steps sooner
    answers = any(isinstance(c, (Take, Drop)) for c in menu.commands)
    for n, command in enumerate(menu.commands):
        if isinstance(command, ChoosePlay) or (answers and isinstance(command, (Yes, No))):
            continue
        key, args, rank, place = _key_and_args(command)
        if not menu.plays:
            rank = RANK_WITHOUT_PLAYS.get(type(command), rank)
        option = ScanOption(key, args, command=command)
        bucket = rare if place == MENU else before if rank < PLAYS_RANK else after
        bucket.append((rank, n, option))
    return ([o for *_r, o in sorted(before, key=lambda x: x[:2])],
            [o for *_r, o in sorted(after, key=lambda x: x[:2])],
            [o for *_r, o in sorted(rare, key=lambda x: x[:2])])


def _with_settings(rare: list[ScanOption], display: bool = False) -> tuple[ScanOption, ...]:
    """The menu items with Settings placed before Quit (rank order)."""
    quit_at = next((i for i, o in enumerate(rare) if isinstance(o.command, Quit)), len(rare))
    return tuple(rare[:quit_at]) + (settings_option(display),) + tuple(rare[quit_at:])


def build_root(menu: ScanMenu, settings: ScanSettings, *,
               with_settings: bool = True, step_order: StepOrder = "point",
               display: bool = False) -> ScanMode:
    """The first mode to scan for ``menu`` (see the module docstring for the order).

    ``with_settings`` adds the Settings sub-menu (slower/faster) to the menu;
    ``display`` (the board window) adds bigger, other colours and smaller to it.
    ``step_order`` orders the points of step-by-step choice: ``"point"``
    (highest first, the suggested play's first when there is one) or
    ``"frequency"`` (the points most plays start from first).
    """
    before, after, rare = _ranked_commands(menu)
    menu_items = _with_settings(rare, display) if with_settings else tuple(rare)
    tail = tuple(after) + ((ScanOption(MENU_OPTION_KEY, children=menu_items),)
                           if menu_items else ())
    lead = tuple(before)
    has_sequences = bool(menu.plays) and all(p.sequences for p in menu.plays)
    layout = play_layout(len(menu.plays), has_sequences, settings)
    if layout == "checker":
        # inside a checker, the destinations most of its plays take come first
        return CheckerMode.build(menu, settings, lead=lead, extras=tail, step_order="frequency")
    if layout == "steps":
        table = normalise_sequences((seq, i) for i, p in enumerate(menu.plays)
                                    for seq in p.sequences)
        # sources in point order, highest first (the suggested play's first when
        # suggestions are on), so a switch user can predict where a point comes
        return StepMode(table, preferred=menu.preferred, lead=lead, extras=tail, order=step_order)
    plays: tuple[ScanOption, ...]
    if layout == "single":
        plays = (_single_play(menu, settings),)
    elif layout == "list":
        plays = tuple(_play_option(menu, i) for i in _play_order(menu))
    elif layout == "groups":
        grouped = group_options([_play_option(menu, i) for i in range(len(menu.plays))],
                                settings.group_size)
        first = (() if menu.preferred is None
                 else (_play_option(menu, menu.preferred, "suggested"),))
        plays = first + grouped
    else:
        plays = ()
    return ListMode(lead + plays + tail)


def checker_source(choice: PlayChoice) -> int:
    """The point of the farthest checker a play moves (bar 25): the group it is offered in.

    The same as :func:`tavli_voice.rules.playgroups.group_source`, read off the
    play's step sequences so scanning needs no rules engine.
    """
    return max((a for a, _b in choice.sequences[0]), default=0) if choice.sequences else 0


def checker_groups(menu: ScanMenu) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """``(source, 0-based play indices)`` per checker, farthest first, plays in offered order."""
    by_source: dict[int, list[int]] = {}
    for index, choice in enumerate(menu.plays):
        by_source.setdefault(checker_source(choice), []).append(index)
    return tuple((src, tuple(found)) for src, found in
                 sorted(by_source.items(), key=lambda kv: -kv[0]))


def group_option(source: int, count: int) -> ScanOption:
    """"From 24: 8 plays" / «Από το 24: 8 κινήσεις» (the bar by name)."""
    key = "group_bar" if source == BAR else "group"
    return ScanOption(key + ("_one" if count == 1 else ""), (source, count), group="plays")


@dataclass(frozen=True, slots=True)
class CheckerMode:
    """The top level of a long play list, by the checker moved (a :class:`~.modes.ScanMode`).

    ``lead``, the suggested play ("Suggested: 24/18 13/8", when suggestions
    are on), then one option per checker ("From 24: 8 plays", farthest
    first, as the narrator tells the groups), then ``extras`` (Undo, Describe,
    Menu …). A checker of one play is offered as that play. Picking a checker
    opens its whole plays, each one pick away, when they are no more than
    ``limit``; else the steps of those plays (:class:`~.steps.StepMode`), the
    checker already picked, so only its destinations are offered.
    """

    options: tuple[ScanOption, ...]
    groups: tuple[tuple[int, tuple[int, ...]] | None, ...]
    menu: ScanMenu
    limit: int
    step_order: StepOrder = "point"
    trail: tuple[ScanOption, ...] = ()

    @classmethod
    def build(cls, menu: ScanMenu, settings: ScanSettings, *, lead: tuple[ScanOption, ...] = (),
              extras: tuple[ScanOption, ...] = (), step_order: StepOrder = "point") -> CheckerMode:
        """The top level for ``menu`` (plays with their step sequences)."""
        options = list(lead)
        groups: list[tuple[int, tuple[int, ...]] | None] = [None] * len(lead)
        if menu.preferred is not None:
            options.append(_play_option(menu, menu.preferred, "suggested"))
            groups.append(None)
        for source, members in checker_groups(menu):
            if len(members) == 1:
                options.append(_play_option(menu, members[0]))
                groups.append(None)
                continue
            options.append(group_option(source, len(members)))
            groups.append((source, members))
        options += extras
        groups += [None] * len(extras)
        return cls(tuple(options), tuple(groups), menu, settings.list_limit, step_order)

    def choose(self, index: int) -> Choice:
        """Pick option ``index``: a checker's plays or steps, a play, or a generic option."""
        option, group = self.options[index], self.groups[index]
        if group is None:
            return follow(option, self)
        source, members = group
        trail = self.trail + (option,)
        if len(members) <= self.limit:
            plays = tuple(_play_option(self.menu, i) for i in members)
            return ListMode(plays + (BACK_OPTION,), parent=self, trail=trail)
        wanted = frozenset(members)
        rows = [(seq, i) for i in members for seq in self.menu.plays[i].sequences]
        starting = [(seq, i) for seq, i in rows if seq[0][0] == source]
        whole = {i for _seq, i in starting} == wanted
        preferred = self.menu.preferred if self.menu.preferred in wanted else None
        steps = StepMode(normalise_sequences(starting if whole else rows), preferred=preferred,
                         source=source if whole else None, order=self.step_order,
                         parent=self, base_trail=trail)
        return steps.only_destination_taken()


def play_choices(plays: Sequence[Any], orders: Mapping[Any, Sequence[Sequence[Any]]] | None = None,
                 spoken: Callable[[Any], str] | None = None) -> tuple[PlayChoice, ...]:
    """:class:`PlayChoice` values from the rules engine's plays, without importing it.

    ``plays`` are objects with ``.notation`` (``legal_plays(position, dice)``
    in the session's order); ``orders`` maps each play to every legal order of
    its steps, each step an object with ``.from_point``/``.to_point``
    (``rules.play_sequences(position, dice)``); ``spoken`` gives a play's
    sentence for the long text. Without ``orders`` plays get no sequences,
    so long lists are grouped instead of chosen step by step.
    """
    choices = []
    for play in plays:
        found = () if orders is None else orders.get(play, ())
        sequences = tuple(tuple((int(st.from_point), int(st.to_point)) for st in order)
                          for order in found)
        choices.append(PlayChoice(str(play.notation), spoken(play) if spoken else "", sequences))
    return tuple(choices)


def sequences_from_steps(steps_per_order: Sequence[Sequence[tuple[int, int]]]
                         ) -> tuple[tuple[StepPair, ...], ...]:
    """Freeze a play's legal orders given as lists of ``(from, to)`` pairs."""
    return tuple(tuple((int(a), int(b)) for a, b in order) for order in steps_per_order)
