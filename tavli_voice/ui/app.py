"""What every front end shares: the session, the narrator, autosave and pacing.

The terminal player and the board window are thin shells around one
:class:`App`. Inputs (keys, voice, switch scanning) call :meth:`App.command`;
outputs subscribe with :meth:`App.subscribe` and receive every batch of
events. The app applies the one rule of speech that belongs to no single
output: **a user's action interrupts stale speech** (NVDA style), then the
events of that action are narrated.

Nothing here blocks or sleeps: the caller's main loop drives bots
(:meth:`bot_step`), the R9 timer (:meth:`tick`) and the narrator (:meth:`pump`).
"""

from __future__ import annotations

import logging
import random
from collections import deque
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Protocol

from .. import commands as C
from .. import events as E
from .. import history, storage
from .. import words as M
from ..narration.narrator import Narrator
from ..narration.priorities import Verbosity
from ..events import Phase
from ..session import Session
from .saved import shell_word

if TYPE_CHECKING:
    from ..narration.phrases import NarrationContext
    from .review_mode import ReviewMode

log = logging.getLogger(__name__)

Listener = Callable[[list[E.Event]], None]


class Source(Protocol):
    """An extra input (voice, switch): returns a command when it has one."""

    def poll(self) -> C.Command | None: ...

    def close(self) -> None: ...

HISTORY_LENGTH = 10
#: The program's code when Ctrl-C ends a match (128 + SIGINT), as shells expect of a program
#: stopped by Ctrl-C; the match is kept as left first (:meth:`App.interrupted`).
INTERRUPTED = 130

#: Answers and lists are not history: only what happened in the game is.
_NOT_HISTORY = (E.PositionReport, E.PointReport, E.QuarterReport, E.PipReport, E.ScoreReport,
                E.HelpReport, E.HintReport, E.CubeHintReport, E.WhyReport, E.PlaysOffered, E.StepOptions,
                E.HistoryReport, E.CommandRejected, E.TurnStarted)

#: What the question "Review your mistakes?" accepts.
REVIEW_QUESTION_OFFERS: tuple[str, ...] = ("yes", "no", "repeat", "help", "stop", "quit")

#: Why an answer is said: asked-for answers are never cut short (Orca's reasons).
_REASONS: dict[type, str] = {
    C.Repeat: "repeat", C.ListPlays: "where_am_i", C.Describe: "where_am_i",
    C.QueryPoint: "where_am_i", C.QueryQuarter: "where_am_i", C.Help: "where_am_i",
}

#: What a person may ask while a computer player is to move (answered, nothing changes);
#: any other command of theirs waits for their turn (it would act for the bot).
_WHILE_BOT_PLAYS = (C.Describe, C.QueryPoint, C.QueryQuarter, C.PipCount, C.Score,
                    C.ListPlays, C.Help, C.Hint, C.Why, C.Repeat, C.StopSpeech, C.History,
                    C.Quit, C.More)


class App:
    """A session with narration, autosave and subscribers (see module docstring)."""

    def __init__(self, session: Session, *, lang: str = "en",
                 narrator: Narrator | None = None, save_path: Path | None = None,
                 verbosity: Verbosity = Verbosity.NORMAL, screen_notation: bool = True) -> None:
        self.session = session
        self.lang = lang
        self.narrator = narrator
        self.save_path = save_path
        self.verbosity = verbosity
        #: whether the yes/no questions take their ``_noisy`` form (Greek «σωστά ή λάθος»), set by the voice source:
        #: unless it knows the room is quiet (``voice_input.VoiceSource._noisy_answers``); not whether the room is
        #: judged noisy now (``voice_decision.VoiceState.noisy_room``)
        self.noisy_answers = False
        self.screen_notation = screen_notation  #: False: plays in words on screen too
        self.list_plays = True  #: False while scanning: the scanner reads the options
        #: True: the player's input is a switch (scanning, in the terminal or the window), so
        #: what is said names the scan menu's items, never a key to type
        self.switch_input = False
        #: True: the player speaks their commands (set by the voice source)
        self.voice_input = False
        #: True: the other player's plays in their own numbering (default: the listener's)
        self.mover_numbering = False
        #: the command that started this program (``saved.program()``), for the commands said
        self.program = "tavli-voice"
        #: how the person continues this match later (named in "Goodbye …")
        self.resume_command = f"{self.program} resume"
        #: how this player plays, as options to repeat on resuming (" --voice …")
        self.resume_way = ""
        #: why the events being published are said ("event", "where_am_i" …)
        self.reason = "event"
        from ..narration.phrases import ToldInFull
        #: how often this match told how to choose step by step in full (then it is said short)
        self.told = ToldInFull()
        self._listeners: list[Listener] = []
        self.finished = False
        self.quit = False
        self.save_error: str | None = None  #: why the match is not being saved now
        #: the lock on the save this copy writes (see :class:`storage.SaveLock`)
        self.lock: storage.SaveLock | None = None
        #: recent game events, for History ("what was just said?")
        self.recent: deque[E.Event] = deque(maxlen=HISTORY_LENGTH)
        #: the match's turns, kept in the match history when it ends or is left
        self.journal = history.Journal()
        self.history_kept: Path | None = None  #: where the match history keeps this match
        #: True: a person is asked at the end of the match whether to review their mistakes
        self.offer_review = False
        self.review_order = "size"  #: the mistakes largest first ("size") or as played ("play")
        self.review_question = False  #: "Review your mistakes?" waits for yes or no
        self.review: ReviewMode | None = None  #: the review going on after the match
        #: True: a switch user's end of the match is scanned as its choices, Review (while the
        #: review is offered), New match and Quit (the terminal's scanning, ``scan_driver``); the
        #: board window closes at the end instead
        self.end_choices = False
        #: set by the board window: a game's status has a page after the one shown, so "more"
        #: is offered (first); how many times More was asked for (the window turns a page)
        self.status_more = False
        self.more_asked = 0

    # ------------------------------------------------------------ plumbing
    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(events)`` for every batch of events from now on."""
        self._listeners.append(listener)

    def context(self, reason: str = "event") -> NarrationContext:
        """The frozen narration context for this moment (language, verbosity, listener)."""
        from ..narration.phrases import NarrationContext, PresentationReason

        s = self.session
        humans = [i for i, p in enumerate(s.players) if not p.is_bot]
        # "you" only when exactly one person plays; friends and bots are named
        listener = humans[0] if len(humans) == 1 else None
        return NarrationContext(lang=self.lang, verbosity=self.verbosity,
                                listener=listener, players=s.players,
                                turn=s.turn_counter, preset=s.config.preset,
                                screen_notation=self.screen_notation,
                                list_plays=self.list_plays,
                                game=s.game, mover_numbering=self.mover_numbering,
                                resume_command=self.resume_command,
                                saving=self.save_path is not None, noisy_answers=self.noisy_answers,
                                steps_known=self.told.known(self.verbosity),
                                reason=PresentationReason(reason))

    def publish(self, events: list[E.Event], reason: str = "event") -> None:
        """Hand events to every subscriber and to the narrator."""
        if not events:
            return
        if self.save_path is None:  # --no-save: never say the match is saved
            events = [E.Goodbye(saved=False) if isinstance(e, E.Goodbye) and e.saved else e
                      for e in events]
        self.recent.extend(e for e in events if not isinstance(e, _NOT_HISTORY))
        self.reason = reason  # listeners phrase with it: an asked-for list comes in full
        for listener in self._listeners:
            listener(events)
        if self.narrator is not None:
            from ..narration.phrases import phrase

            ctx = self.context(reason)
            for ev in events:
                try:
                    self.narrator.say(phrase(ev, ctx))
                except Exception:  # an output must never stop the game
                    log.exception("could not narrate %r", ev)
        self.told.feed(events, self.context(reason))  # after every output phrased them
        ask = False
        for ev in events:
            if isinstance(ev, E.MatchOver):
                if self._offers_review():
                    ask = self.review_question = True
                else:
                    self.finished = True
            if isinstance(ev, E.Goodbye):
                self.quit = True
        if ask:
            self.publish([E.Notice(self._review_offer())])

    def _review_offer(self) -> str:
        """"Review your mistakes? Yes or no.", unless the room is known quiet its ``_noisy`` form (Greek: «Σωστά ή
        λάθος.»); to a switch user offered the end's choices (:attr:`end_choices`) the items to pick ("… press
        the switch at “Review”; or pick “New match” or “Quit”."), to the board window's keys and mouse its
        buttons ("… pick “Review”; or pick …")."""
        if self.end_choices and self.way_in in ("switch", "keys"):  # (keys: the window's buttons)
            key = "review.offer_switch" if self.way_in == "switch" else "review.offer_buttons"
            return M.text(key, self.lang, review=M.text("scan.review", self.lang),
                          new=M.text("scan.new_match", self.lang), quit=M.text("scan.quit", self.lang))
        return M.text("review.offer_noisy" if self.noisy_answers else "review.offer", self.lang)

    def _offers_review(self) -> bool:
        """A person played, the match is kept in the history, and the review is offered."""
        return (self.offer_review and self.review is None and not self.quit
                and self.history_kept is not None and self.history_kept.is_file()
                and any(not p.is_bot for p in self.session.players))

    @property
    def way_in(self) -> str:
        """How the person gives commands, for what is said to them: ``"switch"`` (scanning, in
        the terminal or the window), ``"voice"`` (a voice source listens) or ``"keys"``
        (typed, the window's keys and mouse). Sentences that name a way to act (a command to
        type, a word to say, an item to pick) follow it."""
        if self.switch_input or not self.list_plays:
            return "switch"
        return "voice" if self.voice_input else "keys"

    def kept_sentence(self, kept: Path) -> str:
        """The match just finished is kept in the history: how to review it, in the person's way
        in. Typed: the command ("… review it with: tavli-voice review NAME"); by voice or
        switch, which type nothing, only that it is kept (the question or menu that follows
        names what to say or pick)."""
        if self.way_in == "keys":
            return M.text("review.kept", self.lang,
                          command=f"{self.program} review {_review_name(kept)}")
        return M.text("review.kept_here", self.lang)

    def notice(self, text: str) -> None:
        """Tell the person something from an input (already in their language)."""
        self.publish([E.Notice(text)])

    # -------------------------------------------------------------- actions
    def start(self, events: list[E.Event] | None = None) -> list[E.Event]:
        """Start the match (or announce a resumed one) and narrate it."""
        evs = self.session.start() if events is None else events
        if events is not None:  # resumed: what happened in this game so far comes first
            self.recent.extend(e for e in self.session.replayed if not isinstance(e, _NOT_HISTORY))
            self.journal.feed(self.session.replayed)
        self._after(evs)
        return evs

    def command(self, cmd: C.Command) -> list[E.Event]:
        """A person's command: cut stale speech, apply, narrate, autosave."""
        if self.review_question or self.review is not None:
            return self._review_command(cmd)
        if isinstance(cmd, C.NewMatch) and self.session.phase is Phase.MATCH_OVER:
            return self.new_match()
        if isinstance(cmd, C.More) and self.status_more:
            self.more_asked += 1  # the window shows its status's next page; nothing is said
            return []
        if isinstance(cmd, C.History):
            if self.narrator is not None:
                self.narrator.interrupt(self.session.turn_counter)
            history: list[E.Event] = [E.HistoryReport(tuple(self.recent))]
            self.publish(history, "where_am_i")
            return history
        if self.bot_to_act() and not isinstance(cmd, _WHILE_BOT_PLAYS):
            # a key, a word heard or a click during the bot's turn (the window paces the
            # bots) must not roll, play, resign or leave for it: say whose turn it is
            return self._not_your_turn()
        if self.narrator is not None:
            if isinstance(cmd, C.StopSpeech):
                self.narrator.stop()
                return []
            if isinstance(cmd, C.Repeat):
                self.narrator.interrupt(self.session.turn_counter)
                if self.narrator.repeat():
                    return []
            else:
                self.narrator.interrupt(self.session.turn_counter)
        evs = self.session.handle(cmd)
        self._after(evs, _REASONS.get(type(cmd), "event"))
        return evs

    def not_your_turn(self) -> list[E.Event]:
        """"Wait: it is Rita's turn." («Περίμενε: είναι η σειρά της Ρίτας.»), nothing done
        (a switch press or a remote's key during a computer player's turn)."""
        return self._not_your_turn()

    def _not_your_turn(self) -> list[E.Event]:
        """"Wait: it is Rita's turn." («Περίμενε: είναι η σειρά της Ρίτας.»), nothing done."""
        seat = self.session.actor()
        lang = self.lang if self.lang in ("en", "el") else "en"
        # a bot against the same bot: "the first Rita's turn"
        whose = M.seat_words([(p.name, p.bot) for p in self.session.players], seat, lang).whose
        note: list[E.Event] = [E.Notice(M.text("ui.wait_turn", lang, whose=whose))]
        self.publish(note)
        return note

    # ------------------------------------------------------------- review
    def _review_command(self, cmd: C.Command) -> list[E.Event]:
        """A command while the review is offered or going on (:mod:`.review_mode`)."""
        if self.narrator is not None:
            if isinstance(cmd, C.StopSpeech):
                self.narrator.stop()
            else:
                self.narrator.interrupt(self.session.turn_counter)
        if isinstance(cmd, C.StopSpeech) and self.review is None:
            return []  # the question stays open; during the review "stop" ends it
        evs: list[E.Event]
        if self.review_question:
            if isinstance(cmd, C.Yes):
                return self._start_review()
            if isinstance(cmd, C.NewMatch):
                return self.new_match()
            if isinstance(cmd, (C.No, C.Quit, C.Cancel)):
                self.review_question = False
                self.finished = True
                if isinstance(cmd, C.Quit):  # leave now: one pick of Quit, one goodbye
                    evs = self.session.handle(cmd)
                    self._after(evs)
                    return evs
                return []
            evs = [E.Notice(self._review_offer())]
            self.publish(evs, "where_am_i")
            return evs
        assert self.review is not None
        evs = [E.Notice(line, important=False) for line in self.review.handle(cmd)]
        if self.review.done:
            self.review = None
            self.finished = True
        self.publish(evs, "where_am_i")
        return evs

    def _start_review(self) -> list[E.Event]:
        """Judge the match just kept and read its first mistake."""
        from .review_mode import ReviewMode

        self.review_question = False
        evs: list[E.Event] = [E.Notice(M.text("review.judging", self.lang), important=False)]
        self.publish(evs)
        assert self.history_kept is not None
        try:
            review = ReviewMode.open(self.history_kept, self.lang, order=self.review_order)
        except (OSError, ValueError) as exc:
            log.warning("the match cannot be reviewed: %s", exc)
            self.finished = True
            said: list[E.Event] = [E.Notice(M.text("review.cannot", self.lang,
                                                   error=str(exc)[:300]))]
            self.publish(said)
            return evs + said
        review.just_played = True
        lines = self.begin_review(review)
        self.publish(lines, "where_am_i")
        return evs + lines

    def new_match(self) -> list[E.Event]:
        """Once the match is over, another with the same options (the game, its length, the
        rules, the players and the session's options) and new dice, drawn from the last match's
        seed (a seeded match is followed by the same matches again); started and narrated."""
        old = self.session
        seed = random.Random(str(old.config.seed)).randrange(10**9)
        self.session = Session(replace(old.config, seed=seed), old.players, old.options)
        self.finished = self.review_question = False
        self.review = None
        self.history_kept = None
        self.journal = history.Journal()
        self.recent.clear()
        self.status_more, self.more_asked = False, 0
        if self.narrator is not None:
            self.narrator.new_match()  # its turns count from 0 again
        return self.start()

    def begin_review(self, review: ReviewMode) -> list[E.Event]:
        """Take ``review`` (judged already) as the review going on, here or in ``tavli-voice
        review``: its title, summary and first mistake, as notices not yet published."""
        review.walk.scanned = self.way_in == "switch"
        review.walk.notation = self.screen_notation
        lines: list[E.Event] = [E.Notice(line, important=False) for line in review.start()]
        if review.done:
            self.finished = True
        else:
            self.review = review
        return lines

    def bot_to_act(self) -> bool:
        """True when a bot must move next."""
        return self.session.bot_to_act() and not self.finished and not self.quit

    def bot_step(self) -> list[E.Event]:
        """One bot command, narrated and saved like a person's."""
        evs = self.session.bot_step()
        self._after(evs, durable=False)  # a bot's seeded move is made again on resume
        return evs

    def tick(self, now: float) -> list[E.Event]:
        """R9 timer (off unless the user turned it on)."""
        evs = self.session.tick(now)
        if evs:
            self._after(evs)
        return evs

    def pump(self) -> None:
        """Let the narrator move its queue on (call from the main loop)."""
        if self.narrator is not None:
            self.narrator.pump()

    def waiting_for_person(self) -> bool:
        """True when a person must act (not a bot, not finished)."""
        return not self.finished and not self.quit and not self.session.bot_to_act()

    @property
    def phase(self) -> Phase:
        """The session's phase (``ASK`` while the review is offered, ``REVIEW`` during it)."""
        if self.review_question:
            return Phase.ASK
        if self.review is not None:
            return Phase.REVIEW
        return self.session.phase

    def state(self) -> E.TurnView:
        """The turn as front ends see it: a frozen :class:`~tavli_voice.events.TurnView`.

        While the review is offered it is a yes/no question; during the review
        the mistake being read: its position, dice and plays (try again picks
        one by number) and the review's commands. In a game, "more" is offered first
        while the board window's status has a page after the one shown
        (:attr:`status_more`).
        """
        view = self.session.state()
        if not (self.review_question or self.review is not None):
            if self.status_more and "more" not in view.available:
                view = replace(view, available=("more",) + view.available)
            return view
        view = replace(view, pending=None, chosen=(), source=None, step_sources=(),
                       step_targets=(), bot_to_act=False, suggested=None, plays=(),
                       numbered=())
        if self.review_question or self.review is None:
            return replace(view, phase=Phase.ASK, available=REVIEW_QUESTION_OFFERS)
        review = self.review
        j = review.walk.mistakes[review.index]
        return replace(view, phase=Phase.REVIEW, position=j.position, current=j.position,
                       dice=j.dice, plays=review.plays(), to_move=j.side, actor=j.side,
                       available=review.available())

    @property
    def turn(self) -> int:
        """The turn counter (speech of older turns is cut when a newer one starts)."""
        return self.session.turn_counter

    def _after(self, evs: list[E.Event], reason: str = "event", *, durable: bool = True) -> None:
        self.journal.feed(evs)
        notice = self.autosave(durable=durable)  # first: a failing output must not lose the move
        kept = self.keep_in_history(evs)
        if kept is not None:
            notice = kept if notice is None else f"{notice} {kept}"
        if self.save_error is not None or self.save_path is None:
            # never claim a save that did not happen
            evs = [E.Goodbye(saved=False) if isinstance(e, E.Goodbye) and e.saved else e
                   for e in evs]
        if notice is not None:
            if any(isinstance(e, E.Goodbye) for e in evs):
                evs = [e for e in evs if not isinstance(e, E.Goodbye)] + [E.Notice(notice)] \
                    + [e for e in evs if isinstance(e, E.Goodbye)]
            else:
                evs = list(evs) + [E.Notice(notice)]
        self.publish(evs, reason)

    def stopped(self) -> str:
        """The program is told to stop (SIGTERM, SIGHUP: a closed terminal window, a logout):
        the match is saved as it stands and kept in the history as left (resumable), as "q"
        leaves it; the line to print where a terminal is still there, in the person's
        language."""
        if self.session.phase is Phase.MATCH_OVER or self.finished:
            return M.text("stopped", self.lang)  # kept when it ended
        said = self._keep_as_left()
        if self.saved:
            said.append(M.text("stopped.saved", self.lang, command=self.resume_command))
        else:
            said.append(M.text("stopped.unsaved", self.lang))
        return " ".join(said)

    def interrupted(self) -> str:
        """Ctrl-C: the match is saved as it stands and kept in the history as left (resumable),
        as "q" and SIGTERM leave it; the goodbye to print, in the person's language, with how
        to continue the match ("Goodbye. The match is saved; continue it with: …")."""
        both = "" if any(p.is_bot for p in self.session.players) else ".both"  # «Γεια σας»
        if self.session.phase is Phase.MATCH_OVER or self.finished or self.quit:
            return M.text("goodbye" + both, self.lang)  # kept when it ended or was left
        said = self._keep_as_left()
        key = "goodbye.saved" if self.saved else "goodbye"  # never claim a save not made
        said.append(M.text(key + both, self.lang, command=self.resume_command))
        return " ".join(said)

    def _keep_as_left(self) -> list[str]:
        """The match saved as it stands and kept in the history as left (resumable), for a
        program stopped or interrupted; what there is to say about either."""
        notices = [self.autosave(), self.keep_in_history([], left=True)]
        return [n for n in notices if n is not None]

    def keep_in_history(self, evs: list[E.Event], *, left: bool = False) -> str | None:
        """Keep a finished or left match in the match history (once); a sentence to say, or None.
        ``left``: the match is left now (the program is stopped), whatever ``evs`` hold.

        Nothing is kept with ``--no-save``; the history is the folder ``history``
        beside the save (in the data folder, unless ``--save`` names another
        folder, as tests do). The sentence says when the oldest
        kept match was removed to stay within :data:`history.MAX_KEPT`, or why
        the match could not be kept.
        """
        if self.save_path is None or self.history_kept is not None:
            return None
        if self.session.phase is Phase.MATCH_OVER:
            ended = "finished"
        elif (left or any(isinstance(e, E.Goodbye) for e in evs)) and self.journal.turns:
            ended = "left"
        else:
            return None
        from .guard import os_error_text

        try:
            # beside the save: the data folder, unless --save names another folder
            snapshot = self.session.snapshot()
            kept = history.keep(snapshot, self.journal.turns, ended=ended,
                                folder=self.save_path.parent / history.FOLDER,
                                names=self._history_names(snapshot),
                                joiner=M.text("review.file_vs", self.lang))
        except OSError as exc:
            log.warning("match not kept in the history: %s", exc)
            self.history_kept = Path()  # said once
            return M.text("review.not_kept", self.lang, error=os_error_text(exc, self.lang))
        self.history_kept = kept.path
        said = []
        if kept.removed:
            said.append(M.text("review.trimmed", self.lang,
                               max=M.number(history.MAX_KEPT, self.lang, "m", "acc"),
                               names=", ".join(kept.removed)))
        if ended == "finished" and any(not p.is_bot for p in self.session.players):
            said.append(self.kept_sentence(kept.path))
        return " ".join(said) or None

    def _history_names(self, snapshot: dict[str, Any]) -> list[str]:
        """The players as the kept match's file name calls them, in the person's language:
        a person with no name is "you" / «εσύ», a bot or a named player by their name, told
        apart from a namesake by seat ("first-rita-vs-second-rita"). Old entries keep their
        names: a left match is found again by what it holds, never by its name."""
        players = snapshot.get("players") or []
        seats = [(str(p.get("name", "")), p.get("bot")) for p in players]
        names = []
        for i, (name, bot) in enumerate(seats):
            if bot is None and name.strip().lower() in ("", "you", "εσύ"):
                names.append(M.text("review.file_you", self.lang))
            else:
                names.append(M.seat_words(seats, i, self.lang).name)
        return names

    @property
    def saved(self) -> bool:
        """True when the match as it stands now is really on disk."""
        return self.save_path is not None and self.save_error is None

    def autosave(self, *, durable: bool = True) -> str | None:
        """Save after every change; a finished match is set aside as the last match.

        A save that fails is said at once (the returned sentence, in the
        user's language) and moved to a folder that works, if there is one;
        :attr:`save_error` stays set while nothing is being saved.
        """
        if self.save_path is None:
            return None
        from .guard import os_error_text

        try:
            self._write_save(durable)
        except storage.FinishNotKept as exc:  # saved, marked over: nothing to move elsewhere
            log.warning("finished match not kept as %s: %s", exc.filename, exc)
            return M.text("save.finish_not_kept", self.lang, path=str(exc.filename),
                          error=os_error_text(exc, self.lang), save=str(self.save_path))
        except OSError as exc:
            if self.save_error is None:
                log.warning("autosave to %s failed: %s", self.save_path, exc)
            failed, error = self.save_path, os_error_text(exc, self.lang)
            moved = self._save_elsewhere(failed)
            if moved is not None:
                self.save_error = None
                self.resume_command = f"{self.program} resume --save {shell_word(moved)}{self.resume_way}"
                return M.text("save.failed_moved", self.lang, path=str(failed), error=error,
                              new=str(moved), command=self.resume_command)
            first = self.save_error is None
            self.save_error = error
            return M.text("save.failed_nowhere", self.lang, path=str(failed),
                          error=error) if first else None
        if self.save_error is not None:
            self.save_error = None
            return M.text("save.works_again", self.lang, path=str(self.save_path))
        return None

    def _write_save(self, durable: bool = True) -> None:
        from .guard import signals_held

        assert self.save_path is not None
        with signals_held():  # Ctrl-C or SIGTERM wait until the save is whole
            storage.save(self.session.snapshot(), self.save_path, durable=durable)
            if self.session.phase is Phase.MATCH_OVER:
                storage.finish(self.save_path)

    def _save_elsewhere(self, failed: Path) -> Path | None:
        """Save in the first folder that works (locking the new save); its path, or None."""
        for folder in storage.fallback_folders(failed):
            target = folder / failed.name
            try:
                try:
                    lock = storage.SaveLock.acquire(target)
                except storage.MatchOpenElsewhere:
                    target = storage.other_save_path(target)
                    lock = storage.SaveLock.acquire(target)
            except (storage.MatchOpenElsewhere, OSError):
                continue
            try:
                self.save_path = target
                self._write_save()
            except OSError:
                lock.release()
                self.save_path = failed
                continue
            if self.lock is not None:
                self.lock.release()
            self.lock = lock
            log.warning("the match is now saved in %s", target)
            return target
        return None


def _review_name(kept: Path) -> str:
    """How ``tavli-voice review`` finds the match kept at ``kept``: its name when it is in
    the history folder ``review`` reads, else its whole path (``--save`` elsewhere, a full
    disk's other folder), written so that it can be pasted into a shell."""
    try:
        usual = kept.parent.samefile(history.history_dir())
    except OSError:
        usual = False
    return kept.stem if usual else shell_word(kept)
