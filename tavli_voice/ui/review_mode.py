"""The review after a match, driven by commands: keys, voice and one switch alike.

At the end of a match a person is asked "Review your mistakes? Yes or no."
(:class:`~tavli_voice.ui.app.App`, when ``App.offer_review`` is on). Yes
judges the match just kept in the history and steps through the mistakes in
the same session and front end: the App routes every command here while the
review lasts and shows a :class:`~tavli_voice.events.TurnView` whose phase is
``Phase.REVIEW``, whose position and dice are the mistake's and whose plays
are the plays of that roll. The terminal's keys, the voice grammar and the
scan menu all follow from that view, as in a game:

- ``Next`` (Enter alone, ``>``, "next", «επόμενο»), ``Previous`` (``<``,
  "previous", «προηγούμενο»), ``Repeat`` (``m``, "repeat", «ξανά»);
- a play's number (``ChoosePlay``): try again, hear right or wrong, then the
  expert's play, the cost and the reasons; ``ListPlays`` (``l``): every play
  numbered, where a long list (over 23 plays) was read in groups as in a game;
- ``Hint`` (``x``): the expert's play with the cost, ``Why`` (``e``): the same
  with the reasons;
- ``EndReview`` ("end", «τέλος»), ``Quit`` (``q``, "quit") or ``StopSpeech``
  ("stop", «σταμάτα», ``.``: the speech stops first): the summary, and the
  review ends;
- ``More`` (``j``, "more", «συνέχεια»), offered only while the board window says its
  status has a page after the one shown (:attr:`ReviewMode.more_shown`): nothing is said, the
  window shows the next page (it counts :attr:`ReviewMode.more_asked`).

The sentences are :class:`~tavli_voice.review_walk.Walk`'s, the same as
``tavli-voice review`` prints; each one goes out as a
:class:`~tavli_voice.events.Notice`, so the screen prints it and the narrator
says it. Nothing is written: stopping at any moment loses nothing.
"""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

from .. import commands as C
from .. import history
from ..command_table import ALWAYS_OFFERED, PHASE_COMMANDS
from ..events import TurnView
from ..review_walk import COMPARED, Walk, open_walk, past_rate
from ..rules import Play, legal_plays
from ..rules.playgroups import group_plays
from ..scanning import ListMode, ScanOption, ScanSettings, group_options
from ..scanning.options import command_option, group_option

#: What a review offers besides its own commands ("score", "point" and "quarter" say nothing
#: of a mistake; "stop" stops the speech as always).
REVIEW_ALWAYS: tuple[str, ...] = tuple(n for n in ALWAYS_OFFERED
                                       if n not in ("score", "point", "quarter"))


class ReviewMode:
    """One review: which mistake is read, and the sentences each command brings."""

    def __init__(self, walk: Walk) -> None:
        self.walk = walk
        self.index = 0
        self.done = False
        #: The sentences of the last answer that a short status (the board window's) shows,
        #: in the review's words: at a mistake which one of how many, its size, and whose
        #: roll; after the expert's play (``x``) that play and what the play made cost;
        #: after ``e`` that play and why; after a try right or wrong, the play and the cost.
        self.status: tuple[str, ...] = ()
        #: set by the board window: its status has a page after the one shown, so "more"
        #: is offered (first); how many times More was asked for (the window turns a page)
        self.more_shown = False
        self.more_asked = 0
        #: the match was just played (the review asked for at its end): the title says "this
        #: match", not the kept file's name
        self.just_played = False

    @classmethod
    def open(cls, path: Path, lang: str, *, order: str = "size",
             sides: list[int] | None = None) -> ReviewMode:
        """Judge the kept match at ``path`` (``sides``, by default the person's side).
        Raises OSError or ValueError."""
        path, data = history.load_entry(str(path))
        walk = open_walk(path, data, lang, io.StringIO(), order=order, sides=sides)
        if walk.listener is not None:
            person = walk.players[walk.listener]["name"]
            kind = data["save"]["config"]["kind"]
            walk.past = past_rate(history.earlier(path, person, COMPARED, kind), person)
        return cls(walk)

    # ------------------------------------------------------------ what is shown
    @property
    def mistakes(self) -> int:
        """How many mistakes there are to step through."""
        return len(self.walk.mistakes)

    def plays(self) -> tuple[Play, ...]:
        """The plays of the mistake being read (try again picks one by number)."""
        if self.done or not self.walk.mistakes:
            return ()
        j = self.walk.mistakes[self.index]
        return legal_plays(j.position, j.dice)

    def available(self) -> tuple[str, ...]:
        """The command names a review accepts now (``TurnView.available``)."""
        names = PHASE_COMMANDS["review"]
        if self.index == 0:
            names = tuple(n for n in names if n != "previous")
        if self.more_shown and not self.done:
            names = ("more",) + names
        return names + REVIEW_ALWAYS

    def _lines(self) -> list[str]:
        out = self.walk.out
        assert isinstance(out, io.StringIO)
        lines = [line for line in out.getvalue().splitlines() if line.strip()]
        out.seek(0)
        out.truncate()
        return lines

    # ------------------------------------------------------------ commands
    def start(self) -> list[str]:
        """The title, the summary and the first mistake (or the end, when there is none)."""
        w = self.walk
        w.say(w.text("review.title.this") if self.just_played
              else w.text("review.title", name=w.name))
        w.say(w.summary())
        if not w.mistakes:
            self.done = True
            w.say(w.text("review.end"))
        else:
            w.read(0)
        lines = self._lines()
        # the title and the summary first; then the mistake and whose roll it was
        self.status = tuple(lines[-1:] if self.done else lines[2:4])
        return lines

    def prompt(self) -> str:
        """What can be typed now, in one line; for a switch user (``walk.scanned``) what the
        switch can pick."""
        return self.walk.text("review.prompt_scan" if self.walk.scanned else "review.prompt_cmd")

    def handle(self, cmd: C.Command) -> list[str]:
        """The sentences that answer ``cmd``; :attr:`done` is set once the review ends."""
        w = self.walk
        if self.done:
            return []
        if isinstance(cmd, C.More) and self.more_shown:
            self.more_asked += 1  # the window shows its status's next page; nothing is said
            return []
        shown: tuple[int, ...] = (0, 1, 2)  # which of the answer's sentences a status shows
        if isinstance(cmd, (C.EndReview, C.Quit, C.StopSpeech)):
            self.finish()
        elif isinstance(cmd, C.Next):
            if self.index + 1 >= self.mistakes:
                self.finish()
            else:
                self.index += 1
                w.read(self.index)
                shown = (0, 1)  # the mistake, whose roll (the board shows the rest)
        elif isinstance(cmd, C.Previous):
            if self.index == 0:
                w.say(w.text("review.first"))
            else:
                self.index -= 1
                w.read(self.index)
                shown = (0, 1)
        elif isinstance(cmd, C.Repeat):
            w.read(self.index)
            shown = (0, 1)
        elif isinstance(cmd, C.ListPlays):
            w.list_plays(self.index)
            shown = (0,)
        elif isinstance(cmd, C.Describe):
            w.describe(self.index, cmd.length)
        elif isinstance(cmd, C.PipCount):
            w.pips(self.index)
        elif isinstance(cmd, (C.Hint, C.Why)):
            # the expert's play, the play made, the cost; Why adds the reasons
            w.answer(self.index, why=isinstance(cmd, C.Why))
            shown = (0, 2) if isinstance(cmd, C.Hint) else (0, 3)
        elif isinstance(cmd, C.ChoosePlay):
            w.try_play(self.index, cmd.number)  # right or wrong, then as the expert's play
            shown = (0, 3)  # the play tried, right or wrong; the cost
        elif isinstance(cmd, C.Help):
            w.say(w.text("review.say_cmd"))
            w.say(self.prompt())
        else:
            w.say(w.text("review.say_cmd"))
        lines = self._lines()
        self.status = tuple(lines[i] for i in shown if i < len(lines))
        return lines

    def finish(self) -> None:
        """End the review: its end and the summary."""
        self.done = True
        self.walk.say(self.walk.text("review.end"))
        self.walk.say(self.walk.summary())


TRY_AGAIN = "try_again"


def try_again_option(plays: tuple[Play, ...], settings: ScanSettings) -> ScanOption:
    """Try again, opening a mistake's plays (numbered as on screen) as a game offers them: a
    few one by one; more by the checker moved, farthest first, as the mistake is read ("From
    13: 32 plays"), a checker of one play as that play and a checker's plays beyond the list
    limit in groups (:func:`~tavli_voice.scanning.modes.group_options`)."""
    items = [ScanOption("play", (p.notation,), command=C.ChoosePlay(i + 1), group="plays")
             for i, p in enumerate(plays)]
    if len(items) <= settings.list_limit:
        return ScanOption(TRY_AGAIN, children=tuple(items))
    checkers: list[ScanOption] = []
    for group in group_plays(plays):
        members = [items[n - 1] for n in group.numbers]
        if len(members) == 1:
            checkers.append(members[0])
            continue
        inner = (tuple(members) if len(members) <= settings.list_limit
                 else group_options(members, settings.group_size))
        checkers.append(replace(group_option(group.source, len(members)), children=inner))
    return ScanOption(TRY_AGAIN, children=tuple(checkers))


def review_scan_root(view: TurnView, settings: ScanSettings | None = None) -> ListMode:
    """What a switch user scans during the review: More (while the board window's status
    has another page), Next, Previous (after the first mistake), Repeat, Try again
    (:func:`try_again_option`, with the list limit and group size of ``settings``), the
    expert's play (hint), Why and Stop the review."""
    names = set(view.available)
    options: list[ScanOption] = [command_option(C.More())] if "more" in names else []
    options.append(command_option(C.Next()))
    if "previous" in names:
        options.append(command_option(C.Previous()))
    options.append(command_option(C.Repeat()))
    if view.plays:
        options.append(try_again_option(view.plays, settings or ScanSettings()))
    options += [command_option(C.Hint()), command_option(C.Why()),
                command_option(C.EndReview())]
    return ListMode(tuple(options))


__all__ = ["ReviewMode", "REVIEW_ALWAYS", "review_scan_root", "try_again_option"]
