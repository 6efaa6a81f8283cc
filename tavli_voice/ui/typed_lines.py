"""Typed lines as an input of another front end (the board window).

While the board window is open the terminal keeps printing every event (a
screen-reader user follows it), so it must also take the same commands: a
:class:`TypedLines` is a :class:`~tavli_voice.ui.app.Source` that the window
polls every frame. It never waits: the lines are read by the terminal's own
:class:`~tavli_voice.ui.line_reader.LineReader` (a thread for a real file),
parsed by :func:`~tavli_voice.ui.keys.parse_line` exactly as in the terminal,
and what is not a command is answered on the terminal in the player's
language. It prompts when a person must act, as the terminal does.

Every line typed is read by the program, so nothing typed during the game is
left for the shell afterwards; :meth:`TypedLines.close` also throws away a
line typed but not yet ended with Enter (a terminal only).
"""

from __future__ import annotations

import logging
import os
from typing import Callable, TextIO

from .. import commands as C
from .. import words as M
from ..events import Phase
from ..rules import AmbiguousPlayError, IllegalPlayError, NotationError, parse_play
from ..rules.playgroups import group_of, group_source
from ..rules.plays import Play
from ..words.notation import r1_play, written_point
from .app import App
from .guard import visible
from .keys import UnknownInput, example_point, needs_number_example, parse_line
from .line_reader import LineReader

log = logging.getLogger(__name__)


def typed_play(exc: UnknownInput, app: App) -> C.ChoosePlay | None:
    """A play typed in its notation as the screen shows it ("24/15", "8/3 6/3", «μπάρα/22», R1) while
    the plays are on offer: that play's number; None for any other line."""
    s = app.state()
    if (exc.kind != "unknown" or "/" not in exc.text or s.phase is not Phase.PLAY
            or s.dice is None or s.choosing_steps):
        return None
    try:
        play = parse_play(r1_play(exc.text), s.position, s.dice, s.plays)
    except ValueError:
        return None
    return C.ChoosePlay(s.plays.index(play) + 1)


#: During the review after a match the keys go through the mistakes, as the window's remote
#: (Back is Previous there); Escape elsewhere is Back: it puts a held checker back, takes back a
#: chosen play, says No to a question (:class:`~tavli_voice.commands.Cancel`).
_REVIEW_KEYS: dict[str, C.Command] = {
    "left": C.Previous(), "up": C.Previous(), "pageup": C.Previous(), "escape": C.Previous(),
    "right": C.Next(), "down": C.Next(), "pagedown": C.Next(),
}


def key_command(exc: UnknownInput, app: App) -> C.Command | None:
    """What an arrow's or Escape's bytes typed as a line mean now: in the review the arrows
    and Page keys go to the previous or next mistake, Escape is Back; elsewhere Escape is
    Cancel and the other keys mean nothing (None: :func:`refusal_text` says what to type)."""
    if exc.kind != "key":
        return None
    if app.state().phase is Phase.REVIEW and app.review is not None:
        return _REVIEW_KEYS.get(exc.head)
    return C.Cancel() if exc.head == "escape" else None


def _not_on_offer(exc: UnknownInput, app: App) -> bool:
    """Whether the line is play notation that names no single play on offer now."""
    s = app.state()
    if "/" not in exc.text or s.phase is not Phase.PLAY or s.dice is None:
        return False
    try:
        parse_play(r1_play(exc.text), s.position, s.dice, s.plays)
    except (IllegalPlayError, AmbiguousPlayError):
        return True
    except NotationError:
        return False
    return s.choosing_steps  # on offer, but a play is being made step by step


def scanned_by_switch(app: App) -> bool:
    """Whether a switch scans the options (:attr:`App.switch_input`, the plays not listed by
    number): the terminal's lines say the switch's actions, never a typed key."""
    return app.switch_input and not app.list_plays


def _switch_prompt(app: App) -> str | None:
    """What a switch user may do now, by the scan options' own labels ("Pick “Confirm” or
    “Undo” with the switch.", «Διάλεξε «Επιβεβαίωση» ή «Αναίρεση» με τον διακόπτη.»; at the
    match's end with its choices "Pick “Review”, “New match” or “Quit” with the switch.")."""
    s = app.state()
    lang = app.lang
    if s.phase is Phase.PLAY:
        return M.text("prompt.switch_play", lang)
    if s.phase is Phase.REVIEW:
        return app.review.prompt() if app.review is not None else None
    asked: dict[Phase, tuple[str, ...]] = {
        Phase.ROLL: ("roll", "double") if "double" in s.available else ("roll",),
        Phase.CONFIRM: ("confirm", "undo"), Phase.ANSWER: ("take", "drop"),
        Phase.ASK: ("yes", "no")}
    options = asked.get(s.phase)
    if app.end_choices and (app.review_question or app.finished):
        # the match's end offered as its choices (the board window's buttons, scanned)
        options = ("review",) * app.review_question + ("new_match", "quit")
    if options is None:
        return None
    quote = "«{}»" if lang == "el" else "“{}”"
    labels = [quote.format(M.text(f"scan.{name}", lang)) for name in options]
    return M.text("prompt.switch_pick", lang, options=M.join_list(labels, lang, "or"))


def prompt_line(app: App, plays_grouped: bool) -> str | None:
    """What the person may do now, in one line (None when nothing is asked);
    ``plays_grouped``: the plays on offer were told as groups, their numbers not shown.
    A switch user (:func:`scanned_by_switch`) is told the switch's actions."""
    if scanned_by_switch(app):
        return _switch_prompt(app)
    s = app.state()
    lang = app.lang
    if s.phase is Phase.ROLL:
        return M.text("prompt.roll_double" if "double" in s.available else "prompt.roll", lang)
    if s.phase is Phase.PLAY:
        if s.numbered and (s.source is not None or s.chosen):
            # a group open or steps taken: a number picks from that shorter list
            # the example names a point on offer now, as the voice hint does
            if s.source is not None:
                key, example = "prompt.to_numbered", example_point(s.step_targets, lang, 7)
            else:
                key, example = "prompt.from_numbered", example_point(s.step_sources, lang, 13)
            return M.text(key, lang, n=len(s.numbered), example=example)
        if s.source is not None:
            return M.text("prompt.to", lang, example=example_point(s.step_targets, lang, 7))
        if s.chosen:
            return M.text("prompt.from", lang, example=example_point(s.step_sources, lang, 13))
        if len(s.plays) == 1:
            return M.text("prompt.choose_one", lang)
        if plays_grouped:
            # «όλες τις … κινήσεις»: feminine, in words so a screen reader and espeak-ng agree
            return M.text("prompt.choose_grouped", lang,
                          n=M.number(len(s.plays), lang, "f", "acc", speech=True))
        return M.text("prompt.choose", lang, n=len(s.plays))
    if s.phase is Phase.CONFIRM:
        return M.text("prompt.confirm", lang)
    if s.phase is Phase.ANSWER:
        return M.text("prompt.take", lang)
    if s.phase is Phase.ASK:
        return M.text("prompt.yes_no", lang)
    if s.phase is Phase.REVIEW and app.review is not None:
        return app.review.prompt()
    return None


def hint_keys(play: Play, number: int, app: App) -> list[str] | None:
    """The keys that reach the hint's ``play`` (``number`` in the whole list) from plays told
    as groups: f and its group's point, then its number in the group ("f 10", "3"); step by
    step ("f 10", "t 5", "f 8", "t 5") when the group is too long to be numbered. None while
    a checker is picked or a step taken (the numbers then are another list's)."""
    s = app.state()
    if s.phase is not Phase.PLAY or s.source is not None or s.chosen or not s.plays:
        return None
    group = group_of(s.plays, group_source(play))
    if group is None or number not in group.numbers:
        return None
    lang = app.lang
    if len(group) <= app.session.options.group_above:
        return [f"f {written_point(group.source, lang)}", str(group.numbers.index(number) + 1)]
    return [f"{key} {written_point(point, lang)}" for st in play.steps
            for key, point in (("f", st.from_point), ("t", st.to_point))]


def enter_command(app: App) -> C.Command | None:
    """What Enter alone (a remote's OK) does now: it rolls when a roll is due, confirms a
    pending play, goes to the next mistake in the review; None: the prompt is said again."""
    if app.phase is Phase.ROLL and "roll" in app.state().available:
        return C.Roll()
    if app.phase is Phase.CONFIRM:
        return C.Confirm()
    if app.phase is Phase.REVIEW:
        return C.Next()
    return None


def _key_text(app: App) -> str:
    """An arrow or Page key typed at the terminal: they work in the board window, and what works
    here in this phase (r or Enter to roll, the numbers of the plays, c or Enter to confirm)."""
    from ..narration.phrases import plays_told_as_groups

    s = app.state()
    lang = app.lang
    if s.phase is Phase.ROLL and "roll" in s.available:
        here = M.text("input.special_key.roll_double" if "double" in s.available
                      else "input.special_key.roll", lang)
    elif s.phase is Phase.CONFIRM:
        here = M.text("input.special_key.confirm", lang)
    else:
        ctx = app.context()
        grouped = ctx.list_plays and plays_told_as_groups(len(s.plays), ctx)
        here = prompt_line(app, grouped) or M.text("input.special_key.help", lang)
    return f"{M.text('input.special_key', lang)} {here}"


def refusal_text(exc: UnknownInput, app: App) -> str:
    """What a typed line that is no command gets: what is wrong, with an example that works
    now (``t`` alone: a point a checker can reach, as the step prompts give; a play's
    notation that is no play on offer: that it is not; an arrow key: what to type instead in
    the phase the player is in, never its bytes)."""
    if exc.kind == "key":
        return _key_text(app)
    if exc.kind != "needs_number":
        asked = app.state().phase in (Phase.ASK, Phase.ANSWER) and not scanned_by_switch(app)
        if asked:  # a question waits: its answers, not only "h for help"
            return M.text("input.unknown_answer", app.lang, text=visible(exc.text),
                          answers=prompt_line(app, False))
        key = "input.play_not_on_offer" if _not_on_offer(exc, app) else "input.unknown"
        return M.text(key, app.lang, text=visible(exc.text))
    s = app.state()
    example = needs_number_example(exc, s.step_sources, s.step_targets, app.lang)
    return M.text("input.needs_number", app.lang, text=visible(exc.text), example=example)


class TypedLines:
    """Commands typed in the terminal while another front end runs the loop.

    ``say`` prints one line, ``prompt`` prints what the person may do now.
    ``poll()`` gives the next typed command or None at once; at the end of
    input (a pipe or file ran out) it gives None from then on: the game goes
    on in the window.
    """

    def __init__(self, app: App, reader: LineReader, inp: TextIO, *,
                 say: Callable[[str], None], prompt: Callable[[], None]) -> None:
        self.app = app
        self.reader = reader
        self.inp = inp
        self.say = say
        self.prompt = prompt
        self.ended = False
        self.introduced = False
        self._prompted: tuple[object, ...] | None = None

    def _moment(self) -> tuple[object, ...] | None:
        """What the person is asked now (None while a computer player acts)."""
        if self.app.finished or self.app.quit or self.app.bot_to_act():
            return None
        s = self.app.state()
        if s.phase not in (Phase.ROLL, Phase.PLAY, Phase.CONFIRM, Phase.ANSWER, Phase.ASK):
            return None
        return (self.app.turn, s.phase, s.source, bool(s.chosen), len(s.plays))

    def poll(self) -> C.Command | None:
        """The next typed command, or None (never waits)."""
        if not self.introduced:  # the first poll: the window is open, say where input goes
            self.introduced = True
            switch = "_switch" if scanned_by_switch(self.app) else ""
            self.say(M.text("window.typed_input" + switch, self.app.lang))
        moment = self._moment()
        if moment is not None and moment != self._prompted:
            self.prompt()  # a person is asked something new: say what to type
        self._prompted = moment
        while not self.ended:
            line = self.reader.read(0)
            if line is None:
                return None
            if line == "":  # the end of input: the window goes on alone
                self.ended = True
                return None
            try:
                cmd = parse_line(line)
            except UnknownInput as exc:
                chosen = typed_play(exc, self.app) or key_command(exc, self.app)
                if chosen is not None:
                    return chosen
                self.say(refusal_text(exc, self.app))
                continue
            if cmd is None:  # Enter alone rolls or confirms a pending play, as in the terminal,
                # else repeats the prompt
                enter = enter_command(self.app)
                if enter is not None:
                    return enter
                self.prompt()
                continue
            return cmd
        return None

    def close(self) -> None:
        """Throw away what was typed but not read (a line without Enter), so the
        shell never runs it after the game."""
        try:
            fd = self.inp.fileno()
            if not os.isatty(fd):
                return
            import termios

            termios.tcflush(fd, termios.TCIFLUSH)
        except (OSError, ValueError, AttributeError, ImportError):
            log.debug("typed input not flushed", exc_info=True)
