"""``tavli-voice play``: the line-oriented terminal player, screen-reader first.

One event per line, no box drawing, no cursor tricks, no colour. Typed lines
become commands through :mod:`.keys`; everything the session says comes back
as events and is printed with :func:`~tavli_voice.narration.phrases.screen_text`
(and spoken by the narrator when speech is on). Optional inputs plug in as
*sources* polled by the same loop: voice commands and switch scanning.
"""

from __future__ import annotations

import logging
import time
from typing import TextIO

from .. import commands as C
from .. import events as E
from .. import words as M
from .app import INTERRUPTED, App, Source
from .keys import UnknownInput, parse_line
from .line_reader import LineReader
from .typed_lines import (TypedLines, enter_command, hint_keys, key_command, prompt_line, refusal_text,
                          typed_play)

log = logging.getLogger(__name__)


def pending_questions(lang: str) -> tuple[str, ...]:
    """The questions that end a chosen or only play's line, ". Confirm or undo." («.
    Επιβεβαίωσε ή αναίρεσε.»), ". Confirm to play it.", which the terminal's prompt asks in its
    own words ("Type c to confirm, u to undo.").

    >>> pending_questions("en")
    ('. Confirm or undo.', '. Confirm to play it.')
    """
    return tuple(M.text(key, lang, play="\x00").split("\x00", 1)[1]
                 for key in ("play.pending.you", "play.forced.you"))


class TerminalPlayer:
    """The read–apply–print loop over one :class:`App`."""

    def __init__(self, app: App, out: TextIO, inp: TextIO, *,
                 sources: list[Source] | None = None, show_prompts: bool = True) -> None:
        self.app = app
        self.out = out
        self.inp = inp
        self.sources = sources or []
        self.show_prompts = show_prompts
        #: the plays on offer were told as groups (numbers not shown) and not listed since
        self.plays_grouped = False
        self._reader = LineReader(inp)
        #: the R9 timer's clock (seconds; a test gives a fake one)
        self.clock = time.monotonic
        app.subscribe(self.print_events)
        for src in self.sources:  # a source that has something wakes the loop at once
            set_wake = getattr(src, "set_wake", None)
            if callable(set_wake):
                set_wake(self.wake)

    def wake(self) -> None:
        """Stop waiting for a line: a source has a command (from any thread)."""
        self._reader.wake()

    # ---------------------------------------------------------- output
    def say(self, line: str) -> None:
        """Print one line and flush (screen readers read whole lines)."""
        self.out.write(line + "\n")
        self.out.flush()

    def print_events(self, events: list[E.Event]) -> None:
        from ..narration.phrases import grouped_hint_text, plays_told_as_groups, screen_text

        ctx = self.app.context(self.app.reason)
        for ev in events:
            text = screen_text(ev, ctx)
            if isinstance(ev, E.HintReport) and self.plays_grouped:
                # the play's number was never shown: the hint names the keys that reach it
                keys = hint_keys(ev.play, ev.number, self.app)
                if keys is not None:
                    text = grouped_hint_text(ev, ctx, keys)
            if isinstance(ev, E.PlaysOffered) and text.strip():
                # told as groups, the plays' numbers were not shown: the prompt says so
                self.plays_grouped = ctx.list_plays and plays_told_as_groups(len(ev.plays), ctx)
                if self.plays_grouped and self.show_prompts:
                    # the prompt that follows says how to choose: said once, not twice
                    steps = M.text("plays.groups_hint_screen", self.app.lang)
                    text = "\n".join(line for line in text.splitlines() if line != steps)
            if isinstance(ev, E.PlayPending) and self.show_prompts:
                # the prompt after it says how to confirm or undo: asked once, not twice
                for ask in pending_questions(self.app.lang):
                    if text.endswith(ask):
                        text = text[:-len(ask)] + "."
            for line in text.splitlines():
                if line.strip():
                    self.say(line)

    def prompt(self) -> None:
        """What the person may do now, in one line."""
        line = prompt_line(self.app, self.plays_grouped)
        if line is not None:
            self.say(line)

    # ------------------------------------------------------------ input
    def typed_source(self) -> TypedLines:
        """This terminal's typed lines as a source for another front end's loop
        (the board window): the same commands, parsed the same way, never waiting."""
        return TypedLines(self.app, self._reader, self.inp, say=self.say, prompt=self.prompt)

    def _next_command(self) -> C.Command | None:
        """Block until a command arrives from the keyboard or another source; None = EOF."""
        while True:
            for src in self.sources:
                cmd = src.poll()
                if cmd is not None:
                    return cmd
            if self.app.tick(self.clock()) and self.app.bot_to_act():
                # a time-out played for the person: the computer moves at once, then
                # the person is asked again (no key needed to wake it)
                self._let_bots_play()
                if self.show_prompts and not (self.app.finished or self.app.quit):
                    self.prompt()
            if self.app.finished or self.app.quit:
                return C.Quit()
            line = self._readline(0.02 if self.sources or self.app.state().timer else None)
            if line is None:
                continue
            if line == "":
                return None
            try:
                cmd = parse_line(line)
            except UnknownInput as exc:
                # "24/15", as the list shows it; an arrow key in the review, Escape
                chosen = typed_play(exc, self.app) or key_command(exc, self.app)
                if chosen is not None:
                    return chosen
                self.say(refusal_text(exc, self.app))
                continue
            if cmd is None:  # Enter alone (a remote's OK) rolls or confirms a pending play,
                # else repeats the prompt
                enter = enter_command(self.app)
                if enter is not None:
                    return enter
                self.prompt()
                continue
            return cmd

    def _readline(self, timeout: float | None) -> str | None:
        """A line, "" at end of input, None when ``timeout`` passed first or a source
        woke the loop (:class:`~tavli_voice.ui.line_reader.LineReader`)."""
        return self._reader.read(timeout)

    # ------------------------------------------------------------- loop
    def _let_bots_play(self) -> None:
        """The computer players move until a person must act (or the match ends)."""
        while self.app.bot_to_act():
            self.app.bot_step()
            self.app.pump()

    def run(self, events: list[E.Event] | None = None) -> int:
        """Play until the match ends or the person quits; 0 on a normal end."""
        app = self.app
        app.start(events)
        try:
            while not app.finished and not app.quit:
                self._let_bots_play()
                if app.finished or app.quit:
                    break
                if self.show_prompts:
                    self.prompt()
                cmd = self._next_command()
                if cmd is None:  # end of input: leave, the match stays saved
                    app.command(C.Quit())
                    break
                try:
                    app.command(cmd)
                except BrokenPipeError:
                    raise  # nobody is reading any more: the CLI ends quietly
                except Exception:  # the edge: log it, say it, keep the game going
                    log.exception("command %r failed", cmd)
                    self.say(M.text("error.internal", app.lang))
            if app.finished and not app.quit:
                # the match, or the review after it, is over: leave as "q" does, so the goodbye
                # tells a screen reader's user that the program ends on purpose
                app.command(C.Quit())
        except KeyboardInterrupt:  # Ctrl-C: kept as left (resumable), as "q" leaves it
            self.say(app.interrupted())
            return INTERRUPTED
        finally:
            for src in self.sources:
                src.close()
        return 0
