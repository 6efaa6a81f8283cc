"""``tavli-voice play``: the line-oriented terminal player, screen-reader first.

One event per line, no box drawing, no cursor tricks, no colour. Typed lines
become commands through :mod:`.keys`; everything the session says comes back
as events and is printed with :func:`~tavli_voice.narration.phrases.screen_text`
(and spoken by the narrator when speech is on). Optional inputs plug in as
*sources* polled by the same loop: voice commands and switch scanning.
"""

from __future__ import annotations

import logging
import select
import time
from typing import Protocol, TextIO

from .. import commands as C
from .. import events as E
from .. import words as M
from ..session import Phase
from .app import App
from .keys import UnknownInput, parse_line

log = logging.getLogger(__name__)


class Source(Protocol):
    """An extra input (voice, switch): returns a command when it has one."""

    def poll(self) -> C.Command | None: ...

    def close(self) -> None: ...


class TerminalPlayer:
    """The read–apply–print loop over one :class:`App`."""

    def __init__(self, app: App, out: TextIO, inp: TextIO, *,
                 sources: list[Source] | None = None, show_prompts: bool = True) -> None:
        self.app = app
        self.out = out
        self.inp = inp
        self.sources = sources or []
        self.show_prompts = show_prompts
        app.subscribe(self.print_events)

    # ---------------------------------------------------------- output
    def say(self, line: str) -> None:
        """Print one line and flush (screen readers read whole lines)."""
        self.out.write(line + "\n")
        self.out.flush()

    def print_events(self, events: list[E.Event]) -> None:
        from ..narration.phrases import screen_text

        ctx = self.app.context(self.app.reason)
        for ev in events:
            text = screen_text(ev, ctx)  # type: ignore[arg-type]
            for line in text.splitlines():
                if line.strip():
                    self.say(line)

    def prompt(self) -> None:
        """What the person may do now, in one line."""
        s = self.app.session
        lang = self.app.lang
        if s.phase is Phase.ROLL:
            key = "prompt.roll_double" if "double" in s.available() else "prompt.roll"
            self.say(M.text(key, lang))
        elif s.phase is Phase.PLAY:
            if s.source is not None:
                self.say(M.text("prompt.to", lang))
            elif s.chooser is not None and s.chooser.chosen:
                self.say(M.text("prompt.from", lang))
            elif len(s.plays) == 1:
                self.say(M.text("prompt.choose_one", lang))
            else:
                self.say(M.text("prompt.choose", lang, n=len(s.plays)))
        elif s.phase is Phase.CONFIRM:
            self.say(M.text("prompt.confirm", lang))
        elif s.phase is Phase.ANSWER:
            self.say(M.text("prompt.take", lang))
        elif s.phase is Phase.ASK:
            self.say(M.text("prompt.yes_no", lang))

    # ------------------------------------------------------------ input
    def _next_command(self) -> C.Command | None:
        """Block until a command arrives from the keyboard or another source; None = EOF."""
        while True:
            for src in self.sources:
                cmd = src.poll()
                if cmd is not None:
                    return cmd
            self.app.tick(time.monotonic())
            if self.app.finished or self.app.quit:
                return C.Quit()
            line = self._readline(0.02 if self.sources or self.app.session.config.timer.enabled
                                  else None)
            if line is None:
                continue
            if line == "":
                return None
            try:
                cmd = parse_line(line)
            except UnknownInput as exc:
                key = "input.needs_number" if exc.kind == "needs_number" else "input.unknown"
                self.say(M.text(key, self.app.lang, text=exc.text, example=exc.example))
                continue
            if cmd is None:  # Enter alone confirms a pending play, else repeats the prompt
                if self.app.session.phase is Phase.CONFIRM:
                    return C.Confirm()
                self.prompt()
                continue
            return cmd

    def _readline(self, timeout: float | None) -> str | None:
        """A line, "" at end of input, None when ``timeout`` passed first."""
        if timeout is not None:
            try:
                ready, _, _ = select.select([self.inp], [], [], timeout)
            except (ValueError, OSError, TypeError):  # not a real file (tests): just read
                ready = [self.inp]
            if not ready:
                return None
        line = self.inp.readline()
        if line == "":
            return ""
        return line.rstrip("\n") or " "

    # ------------------------------------------------------------- loop
    def run(self, events: list[E.Event] | None = None) -> int:
        """Play until the match ends or the person quits; 0 on a normal end."""
        app = self.app
        app.start(events)
        try:
            while not app.finished and not app.quit:
                while app.bot_to_act():
                    app.bot_step()
                    app.pump()
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
        except KeyboardInterrupt:
            if app.save_path is not None:
                self.say(M.text("goodbye.saved", app.lang, command=app.resume_command))
            else:
                self.say(M.text("goodbye", app.lang))
        finally:
            for src in self.sources:
                src.close()
        return 0


def main(argv: list[str], out: TextIO | None = None, inp: TextIO | None = None) -> int:
    """``tavli-voice play``: the options are read and the pieces wired in :mod:`tavli_voice.startup`."""
    from ..startup import main as start

    return start(argv, out, inp)
