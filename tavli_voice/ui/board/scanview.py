"""What the scanner's highlight means on the board (pure; no pygame).

The scanner (``tavli_voice.scanning``) highlights options; the window shows
each one where it lives, so a sighted switch user sees what the switch would
do:

* a play (``ChoosePlay(n)``) → its numbered button, and its steps drawn as
  arrows on the board;
* "From 13" in step-by-step choice → point 13 framed, and the destinations
  of that checker (move help) marked — read off the next stage of the
  frozen :class:`~tavli_voice.scanning.StepMode` without changing anything;
* "To 7" → point 7 framed and the arrow from the chosen checker;
* Roll, Confirm, Undo, Yes/No … → the action button with that command;
* anything else (Menu, Describe, Settings …) only in the scanning strip.

Steps already chosen in step-by-step choice are drawn as arrows too.
"""

from __future__ import annotations

from dataclasses import dataclass

from ... import commands as C
from ... import words
from ...events import TurnView
from ...scanning import ScanOption, Scanner, StepMode
from .model import ScanStrip, StepPair
from .navigation import ACTION_COMMANDS, Target

BAR = 25
OFF = 0


@dataclass(frozen=True, slots=True)
class ScanShow:
    """The board-side part of a highlight (see the module docstring)."""

    highlight: Target | None = None
    preview: tuple[StepPair, ...] = ()
    destinations: tuple[int, ...] = ()
    held: int | None = None
    strip: ScanStrip | None = None


def _action_key(command: C.Command | None, among: tuple[str, ...] | None = None) -> str | None:
    """The action button that sends ``command``: of the buttons ``among`` (those shown) first,
    as "Review" and the question's "Yes" send the same yes."""
    keys = [k for k in among or () if k in ACTION_COMMANDS] + list(ACTION_COMMANDS)
    for key in keys:
        if command is not None and ACTION_COMMANDS[key] == command:
            return key
    return None


def _option_point(option: ScanOption) -> int | None:
    if option.key in ("from_bar", "group_bar", "group_bar_one"):
        return BAR
    if option.key == "to_off":
        return OFF
    if option.key in ("from", "to", "group", "group_one") and option.args:
        return int(option.args[0])
    return None


#: The scan options that name one play by its notation (their first argument).
PLAY_KEYS = frozenset({"play", "suggested", "play_it"})
#: Options that name a group of plays by its first play's notation (their last argument).
GROUP_KEYS = frozenset({"plays_group"})


def shown_label(option: ScanOption, lang: str = "en", notation: bool = True) -> str:
    """``option``'s label as the screen shows plays elsewhere: a play's notation in words
    first, then the notation in brackets ("Suggested: from 8 to 3, from 6 to 3 (8/3 6/3)",
    «Πρόταση: από το 24 στο 20, από το 8 στο 5 με χτύπημα (24/20 8/5*)»); with ``notation``
    off (``--words``) the words alone, a sentence's capital first ("From 13 to 8, …").
    Other options keep their label.

    >>> shown_label(ScanOption("suggested", ("8/3 6/3",)))
    'Suggested: from 8 to 3, from 6 to 3 (8/3 6/3)'
    >>> shown_label(ScanOption("play", ("13/7*",)), "el", notation=False)
    'Από το 13 στο 7 με χτύπημα'

    The notation is written as the screen writes plays in ``lang`` (bar and off in its words):

    >>> shown_label(ScanOption("play", ("bar/20 3/off",)), "el")[-16:]
    '(μπάρα/20 3/έξω)'
    """
    label = option.label(lang)  # type: ignore[arg-type]
    played = _played(option)
    if played is None:
        return label
    from ...narration.speechtext import speak_play, written_play

    said = speak_play(played, lang)
    if notation:
        said = f"{said} ({written_play(played, lang)})"
    return words.capitalize(label.replace(played, said, 1))


def _played(option: ScanOption) -> str | None:
    """The notation of the play ``option`` names (R1), or None (not a play, or one named
    by its number only)."""
    if option.key in PLAY_KEYS and option.args:
        played = option.args[0]
    elif option.key in GROUP_KEYS and option.args:
        played = option.args[-1]
    else:
        return None
    return played if isinstance(played, str) and "/" in played else None


def written_label(option: ScanOption, lang: str = "en") -> str:
    """``option``'s short label with a play's notation written in ``lang`` (the trail of
    options picked: «Παίξε: μπάρα/20», "Play it: bar/20").

    >>> written_label(ScanOption("play_it", ("bar/20",)), "el")
    'Παίξε: μπάρα/20'
    """
    label = option.label(lang)  # type: ignore[arg-type]
    played = _played(option)
    if played is None:
        return label
    from ...narration.speechtext import written_play

    return label.replace(played, written_play(played, lang), 1)


def play_preview(view: TurnView, number: int) -> tuple[StepPair, ...]:
    """Steps of play ``number`` (1-based) on offer, mover's numbering."""
    plays = view.plays
    if not 1 <= number <= len(plays):
        return ()
    return tuple((s.from_point, s.to_point) for s in plays[number - 1].steps)


def scan_show(scanner: Scanner | None, view: TurnView, lang: str = "en",
              notation: bool = True, actions: tuple[str, ...] | None = None) -> ScanShow:
    """Translate the scanner's state into what the board and panel show; plays are in
    words, then their notation unless ``notation`` is off (:func:`shown_label`); an option
    sending a button's command highlights that button, of ``actions`` (those shown) first."""
    if scanner is None:
        return ScanShow()
    mode = scanner.mode
    state = scanner.state.value
    option = scanner.highlighted
    labels: tuple[str, ...] = ()
    trail: tuple[str, ...] = ()
    index = None
    chosen: tuple[StepPair, ...] = ()
    if mode is not None:
        labels = tuple(shown_label(o, lang, notation) for o in mode.options)
        trail = tuple(written_label(o, lang) for o in mode.trail)
        if isinstance(mode, StepMode):
            chosen = tuple(mode.chosen)
    current = scanner.current()
    if current is not None:
        index = current.index
    strip = ScanStrip(trail, labels, index, paused=state == "paused")
    if option is None or mode is None or current is None:
        return ScanShow(preview=chosen, strip=strip)
    highlight: Target | None = None
    preview = chosen
    dests: tuple[int, ...] = ()
    held = None
    command = option.command
    if isinstance(command, C.ChoosePlay):
        highlight = ("play", command.number)
        preview = play_preview(view, command.number)
    elif _action_key(command, actions) is not None:
        highlight = ("action", _action_key(command, actions))
    else:
        point = _option_point(option)
        if point is not None and isinstance(mode, StepMode):
            highlight = ("point", point)
            if mode.source is None:
                nxt = mode.choose(current.index)
                if isinstance(nxt, StepMode) and len(nxt.chosen) > len(chosen):
                    # one place to go: the pick takes that step at once
                    preview = tuple(nxt.chosen)
                    dests = (nxt.chosen[len(chosen)][1],)
                elif isinstance(nxt, StepMode):
                    dests = tuple(p for p in (_option_point(o) for o in nxt.options)
                                  if p is not None)
                elif isinstance(nxt, C.ChoosePlay):
                    preview = play_preview(view, nxt.number)
                    dests = tuple(b for a, b in preview[len(chosen):len(chosen) + 1])
                held = point
            else:
                held = mode.source
                preview = chosen + ((mode.source, point),)
        elif point is not None:  # a checker's group of whole plays ("From 24: 8 plays")
            highlight, held = ("point", point), point
    return ScanShow(highlight, preview, dests, held, strip)
