"""Voice commands as an input *source* for the terminal and the window.

The :class:`~tavli_voice.speech.listener.Listener` runs on its own thread and
posts what it heard to a queue; :meth:`VoiceSource.poll`, called by the
front end's main loop, drains it. After every batch of events the source
tells the listener what may be said now (the numbers of the plays on offer,
"from"/"to" points of the step-by-step choice, the commands available), which
keeps a small offline recognizer accurate. Anything not understood is
answered with what can be said instead; a missing microphone or engine is
said once and the game goes on with the keyboard.
"""

from __future__ import annotations

import logging
import math
import queue
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, cast

from .. import commands as C
from .. import events as E
from ..command_table import NOT_BY_VOICE as NOT_BY_VOICE  # commands offered but not listened for
from ..events import Phase
from ..narration.priorities import Verbosity
from .app import App
from .voice_decision import _PLAYING, GO_ON_S, Action, Reason, VoiceState, ask_runner_up, decide
# the thresholds, kept importable from here (the sound rig's tests read them)
from .voice_decision import ANSWER_AFTER_S as ANSWER_AFTER_S
from .voice_decision import NEARLY_NO as NEARLY_NO
from .voice_decision import _nearly_no as _nearly_no
from .voice_noise import QUESTIONS_IN_A_TURN, NoiseWatch, TurnQuestions, advice, given_up, snr_of

if TYPE_CHECKING:
    from ..speech.grammar import Options

log = logging.getLogger(__name__)


#: A number that begins longer ones on offer ("twenty": "twenty one" … "twenty nine"; «είκοσι»)
#: waits this long (seconds) after it was heard for the rest of the number, which is joined to
#: it, and the listener's next result while the listener is still hearing or recognising a sound
#: (up to ``GO_ON_MAX_S``): the listener ends an utterance after 0.15 s of quiet
#: (``VadSettings.hangover_s``), and the pause in "twenty … three" can be longer (on the sound rig
#: with a television on, "twenty three" came out as a sure "twenty", which made play 20, and
#: "twenty three" 0.2 s later). A guess made during the pause is never acted on early
#: (``final_enough``). Nothing follows: it acts as heard.
#: (``GO_ON_S`` lives with the decision rules, :mod:`.voice_decision`.)
GO_ON_MAX_S = 3.0

#: What ``VoiceSource._heard`` returns when polling goes on to the next item.
_GO_ON = object()


def _longer_than(heard: Any, options: "Options", lang: str) -> list[Any]:
    """The phrases on offer whose words begin with ``heard``'s and go on ("twenty" → "twenty one" …)."""
    from ..speech.grammar import phrases
    from ..speech.words import folded

    said = tuple(folded(w) for w in heard.text.split())
    try:
        offered = phrases(options, cast(Any, lang))
    except ValueError:
        return []
    return [p for p in offered if len(p.words) > len(said) and tuple(folded(w) for w in p.words[:len(said)]) == said]


def _may_go_on(heard: Any, options: "Options", lang: str) -> bool:
    """Whether ``heard`` is a number that a longer one on offer begins with (held for the rest)."""
    return bool(heard.text) and isinstance(heard.command, _PLAYING) and not heard.reason \
        and bool(_longer_than(heard, options, lang))


def _joined(opening: Any, heard: Any, options: "Options", lang: str) -> Any:
    """``opening`` ("twenty") with ``heard``, when together they are a number on offer: "three"
    makes "twenty three" (as unsure as the less sure of the two), a "twenty three" heard whole is
    taken as it is. None when ``heard`` is another word."""
    import dataclasses

    from ..speech.grammar import lookup, phrases

    if heard.command is None or heard.reason or not heard.text:
        return None
    why = f"after the held {opening.text!r} ({getattr(opening, 'why', '') or 'no scores told'}): " \
        f"{getattr(heard, 'why', '') or 'no scores told'}"
    if any(p.command == heard.command for p in _longer_than(opening, options, lang)):
        return dataclasses.replace(heard, began=opening.began if opening.began is not None else heard.began, why=why)
    try:
        phrase = lookup(phrases(options, cast(Any, lang)), f"{opening.text} {heard.text}")
    except ValueError:
        return None
    if phrase is None:
        return None
    return dataclasses.replace(heard, text=phrase.text, command=phrase.command,
                               score=min(opening.score, heard.score), began=opening.began,
                               doubtful=opening.doubtful or heard.doubtful, rival=None,
                               why=f"{why}; joined into {phrase.text!r}")


def _decided(heard: Any, rule: str) -> None:
    """One line in the session log (never said) for each word the voice acted on, asked back or dropped:
    the text heard, its command and score, the rival, how the engine came to it (``Heard.why``) and
    ``rule``, so that a wrong play tells its cause."""
    rival = getattr(heard, "rival", None)
    log.info("voice decision: heard %r as %s, score %.2f, %s%s; %s; %s", heard.text, heard.command, heard.score,
             heard.engine or "engine unnamed",
             "" if rival is None else f", rival {rival[0]} at {rival[1]:.2f}",
             getattr(heard, "why", "") or "no scores told", rule)


class _Posted(queue.Queue):  # type: ignore[type-arg]
    """The listener's queue; ``on_put`` is called after each item (it wakes the main loop)."""

    def __init__(self) -> None:
        super().__init__()
        self.on_put: Any = None

    def put(self, item: Any, block: bool = True, timeout: float | None = None) -> None:
        super().put(item, block, timeout)
        wake = self.on_put
        if wake is not None:
            wake()


class VoiceSource:
    """Listener output → commands, with the options kept up to date.

    A command that must be confirmed (resign, drop and quit always; an unsure
    one when ``confirm`` is "unsure"; every one when "always") is held back:
    the player hears "Did you say …? Say yes or no", the grammar shrinks to
    yes and no, and only "yes" lets the command through.

    An answer is tied to the question open when its sound began (``Heard.began``,
    against ``clock``, the listener's ``time.monotonic()``): a word begun before
    the open question was asked is dropped (logged), and the question stays
    open. Else a "yes" said to "did you say six?", heard only after a second
    question ("did you say one?") was asked, would confirm the second one.

    A question is dropped (logged) once the game moves on without its answer
    (a play typed, the turn over, a step taken): else a "yes" heard later
    confirmed the old command in the new turn (on the sound rig: "did you say
    from eight?" left open when the play was typed; a misheard "yes" in the
    next turn took "from 8" there, and the number typed next was a point).

    A word the player refused ("did you say three?" — "no") is asked back, never acted on at
    once, when it is heard again while the game is where it was asked: the recogniser that
    made "three" of the player's word is likely to do it again (on the sound rig with a
    television on, "eight" was heard as an unsure "three", refused, said again, and heard as
    a sure "three", which made play 3).

    The next word after that "no" is listened for with the refused word kept among the phrases, and is
    decided as any word: acted on at once only when sure with the refused word weighed beside it; heard as
    the refused word again (most likely the player insisting: the "no" was a yes misheard) it is asked about
    again. Once it was listened for without the refused word, and the number said again after a «ναι»
    heard as a sure «όχι» was heard as its neighbour and played (on the sound rig with a television on,
    «έντεκα» heard without 11 as «εννιά» at 0.50). That next word, when unsure, is weighed with the refused
    one (``VoiceState.first``): a number the first attempt found next likeliest, heard nearly sure again
    (with the refused word among its candidates), is acted on without a second question
    (``voice_decision.BOTH_NEEDED``).

    Before that, when the recogniser's runner-up for the refused word (a number on offer, not refused
    here before) was likely enough (``voice_decision.RUNNER_UP_NEEDED``), it is asked about at once
    ("Nine, then? Say yes or no."): the player need not say the number again over the noise. A yes
    plays it; after a no the number said again is asked back if heard as either.

    A play's number whose sound began before the plays on offer were (the roll, another
    turn) is dropped (logged): it was meant for other plays (on the sound rig, the "no" said
    to a question in one turn was recognised just after the next roll, against its 49 plays,
    as a sure "three", and play 3 was made).

    A number that begins longer ones on offer ("twenty" while "twenty one" … are) waits
    ``GO_ON_S`` for the rest, and while the listener still hears a sound (``busy``): "twenty",
    then "three", is "twenty three"; another word, or nothing, and it acts as heard.

    A turn costs at most ``voice_noise.QUESTIONS_IN_A_TURN`` questions about words heard (resign, drop and
    quit, always asked, aside): a "no" to the last one, or any word that would be asked back after it, is
    answered instead with what works (say it again, type it, the plays with l, or the switch:
    ``voice_noise.given_up``), once in full, then short; the open question is dropped, nothing is acted on, and
    a word heard sure is still acted on. A yes to the last question still plays it.
    """

    def __init__(self, app: App, listener: Any, out: "queue.Queue[Any]",
                 confirm: str = "unsure", clock: Callable[[], float] = time.monotonic) -> None:
        self.app = app
        self.listener = listener
        self.out = out
        self.confirm = confirm
        self.clock = clock
        self.closed = False
        self.held: C.Command | None = None
        #: what was heard of the held command (its question is asked again after an unsure yes)
        self.held_heard: Any = None
        #: whether the held command was heard while another question was open
        self.held_over_question = False
        #: whether a word not understood or not on offer came while the open question waited (voice_decision.
        #: VoiceState.unclear_over_question)
        self.unclear_over_question = False
        #: while the runner-up's question ("Nine, then?") is open, the word refused whose runner-up it is
        #: (its Heard); None while the open question is "did you say …?"
        self.runner_of: Any = None
        #: the rule that took the last decision (``_decide``), for the session log
        self._rule = ""
        #: when the open question was asked (``clock``); -inf while none is open
        self.asked_at = -math.inf
        #: where the game was when it was asked (``_where``)
        self.asked_in: tuple[object, ...] = ()
        #: the commands refused ("no" to "did you say …?") and where the game was then
        self.refused: list[tuple[C.Command, tuple[object, ...]]] = []
        #: the command just refused, whose next word heard is weighed with it; when it was refused (``clock``)
        #: and where the game was then (``_where``)
        self.just_refused: C.Command | None = None
        #: the word refused (its Heard), weighed with the next word heard (voice_decision.BOTH_NEEDED)
        self.just_refused_heard: Any = None
        self.just_refused_at = -math.inf
        self.just_refused_in: tuple[object, ...] = ()
        #: the turn and phase whose plays are on offer, and since when (``clock``)
        self.offered: tuple[object, ...] = self._turn_phase()
        self.offered_at = -math.inf
        #: a number that begins longer ones on offer ("twenty"), held for its continuation
        #: ("three"), and when it came (``clock``); later words already taken from the queue
        self.opening: Any = None
        self.opening_at = -math.inf
        self.later: list[Any] = []
        #: whether the room is too noisy to hear the player well (told once: .voice_noise), and why,
        #: while the telling waits for the open question to be answered
        self.noise = NoiseWatch(clock)
        self.noisy: str | None = None
        # the game's own yes/no questions name the answers heard best in noise until the room is known quiet
        app.noisy_answers = self._noisy_answers()
        app.voice_input = True  # what is said names words to say, never a command to type
        #: the questions about words heard this turn has cost (at most ``QUESTIONS_IN_A_TURN``: .voice_noise)
        self.questions = TurnQuestions()
        #: the player's own confirmed numbers (``speech.own_words.OwnWords``) the engine weighs doubtful words with;
        #: None: not learnt
        self.own_words: Any = None
        app.subscribe(self._on_events)
        self.refresh()

    def options(self) -> "Options":
        """What may be said now, from the turn's state."""
        from ..speech.grammar import options_from

        view = self.app.state()
        names = [n for n in view.available if n not in NOT_BY_VOICE]
        # after a checker picked or a step taken on a long list, a number picks from the shorter
        # list then offered (as typed: the session refuses the whole list's numbers there)
        return options_from(names, len(view.numbered or view.plays), view.step_sources, view.step_targets)

    def refresh(self) -> None:
        """Tell the listener what the session accepts now."""
        from ..speech.grammar import Options, phrases

        try:
            if self.held is not None:
                # yes and no, and every command on offer: that command is an answer too
                now = self.options()
                try:
                    asked = Options(now.plays, now.commands | {"yes", "no"}, now.from_points,
                                    now.to_points)
                    phrases(asked, self._lang())
                except ValueError:  # words of "yes"/"no" clash with an offered phrase
                    asked = Options(commands=frozenset({"yes", "no"}))
                self.listener.set_options(asked)
                return
            if self.just_refused is not None and self._where() != self.just_refused_in:
                self._forget_refused()
            self.listener.set_options(self.options())
        except ValueError:  # a command without voice words: leave it to the keyboard
            log.exception("voice options")

    def _forget_refused(self) -> None:
        """The word just refused is no longer weighed with the next word heard (that word came, or the game is
        elsewhere)."""
        self.just_refused, self.just_refused_heard = None, None

    def _where(self) -> tuple[object, ...]:
        """The turn, its phase and the steps taken: a question asked elsewhere is not answered here."""
        view = self.app.state()
        return (getattr(self.app, "turn", None), view.phase, view.chosen, view.source, len(view.plays))

    def _turn_phase(self) -> tuple[object, ...]:
        return (getattr(self.app, "turn", None), self.app.state().phase)

    def _on_events(self, events: list[E.Event]) -> None:
        if any(not isinstance(e, E.Notice) for e in events):
            if self._turn_phase() != self.offered:
                self.offered, self.offered_at = self._turn_phase(), self.clock()
            if self.held is not None and self._where() != self.asked_in:
                log.info("voice: the game moved on: the question about %r dropped", self.held)
                self.held, self.asked_at, self.runner_of = None, -math.inf, None
            self.refresh()

    def poll(self) -> C.Command | None:
        """The next command heard, if any (never blocks)."""
        from ..speech.heard import Heard
        from ..speech.listener import VoiceProblem
        from ..words import text

        while not self.closed:
            try:
                item = self.later.pop(0) if self.later else self.out.get_nowait()
            except queue.Empty:
                return self._release_opening()
            if isinstance(item, _Loaded):  # the engine loaded, or could not
                self.app.notice(item.said)
                if item.failed:
                    self.close()
                    return None
                continue
            if isinstance(item, VoiceProblem):
                self.app.notice(text("voice." + item.key, self._lang(), detail=item.detail))
                self.close()
                return None
            if isinstance(item, Heard):
                goes_on = False
                if self.opening is not None:
                    opening, self.opening = self.opening, None
                    joined = _joined(opening, item, self.listener.options, self._lang())
                    if joined is None:  # another word: the opening acts as before, this one after it
                        self.later.append(item)
                    item = opening if joined is None else joined
                else:
                    # "twenty" of "twenty … three": the pause in it may have ended the utterance
                    goes_on = _may_go_on(item, self.listener.options, self._lang())
                command = self._heard(item, goes_on=goes_on)
                if command is not _GO_ON:
                    return cast("C.Command | None", command)
        return None

    def _release_opening(self) -> C.Command | None:
        """The number held for a continuation (``opening``), once none came: acted on as heard."""
        opening = self.opening
        if opening is None:
            return None
        now = self.clock()
        busy = getattr(self.listener, "busy", None)
        if now < self.opening_at + GO_ON_S or callable(busy) and busy() and now < self.opening_at + GO_ON_MAX_S:
            return None
        self.opening = None
        command = self._heard(opening)
        return None if command is _GO_ON else cast("C.Command | None", command)

    def _heard(self, item: Any, *, goes_on: bool = False) -> object:
        """What ``item`` (a ``Heard``) does: a command to play, None (stop polling), or ``_GO_ON``;
        the session log tells why (``_decided``). ``goes_on``: a number that begins longer ones."""
        refused = self.just_refused
        # the word said after the "no" (not a silence, nor the barge-in that only stops the narrator)
        after_no = refused is not None and item.reason not in ("nothing", "barge_in") \
            and (item.began is None or item.began >= self.just_refused_at)
        held, asked_in = self.held, self.asked_in
        done = self._decide(item, goes_on, self.just_refused_heard if after_no else None)
        _decided(item, self._rule)
        # a "no" that answered the open question (the runner-up's question may follow it) tells of noise
        self._watch_noise(item, asked_in if held is not None and self.held != held
                          and isinstance(item.command, (C.No, C.Cancel)) else None)
        if after_no and self.just_refused is refused:  # not a refusal made by this very word (a new "no")
            self._forget_refused()
        return done

    def _watch_noise(self, item: Any, refused_in: tuple[object, ...] | None) -> None:
        """Tell the player once that the room is too noisy to hear them well (:mod:`.voice_noise`), after
        ``item`` (a word heard; ``refused_in``: where the question it said no to was asked), when no
        question is open (the telling waits for its answer)."""
        why = self.noise.word(snr_of(item)) if item.reason not in ("nothing", "barge_in") else None
        if refused_in is not None:
            why = self.noise.refused(refused_in) or why
        self.noisy = why or self.noisy
        self.app.noisy_answers = self._noisy_answers()  # the session's own questions (resign, leave) too
        if self.noisy is not None and self.held is None and self.opening is None:
            log.info("voice: the room is noisy (%s): the player is told what helps", self.noisy)
            self.noisy = None
            self.noise.told()
            self.app.notice(advice(self._lang(), getattr(self.app, "verbosity", None) or Verbosity.NORMAL))

    def _decide(self, item: Any, goes_on: bool = False, first: Any = None) -> object:
        """Do what :func:`~.voice_decision.decide` decides for ``item``; ``_rule`` names the
        rule that took it. ``first``: the word just refused, when ``item`` is the next word said."""
        from ..speech.listener import explain

        state = VoiceState(confirm=self.confirm, offered_at=self.offered_at, held=self.held,
                           asked_at=self.asked_at, held_over_question=self.held_over_question,
                           unclear_over_question=self.unclear_over_question, first=first,
                           runner_up=self.held is not None and self.runner_of is not None,
                           noisy_room=self.noise.noisy())
        decision = decide(item, state, self._was_refused, goes_on=goes_on)
        self._rule = decision.rule
        action, reason = decision.action, decision.reason
        if action is Action.HOLD:
            self.opening, self.opening_at = item, self.clock()
            return _GO_ON
        if reason is Reason.BEFORE_PLAYS:
            log.info("voice: %r began %.2f s before these plays were offered: dropped", item.text,
                     self.offered_at - item.began)
        elif reason is Reason.BEFORE_QUESTION:
            log.info("voice: %r began %.2f s before the open question: dropped", item.text,
                     self.asked_at - item.began)
        if action is Action.DROP:
            return _GO_ON
        if action is Action.SAY_SO:
            if self.held is not None and item.reason in ("no_match", "not_on_offer"):
                self.unclear_over_question = True  # a word while the question waited: its answer, likely, misheard
            if item.reason == "not_on_offer":
                self.app.notice(self._not_on_offer(item))
            else:
                self.app.notice(explain(item, self.listener.options, self._lang(), noisy=self._noisy_answers()))
            return _GO_ON
        if action is Action.ASK_BACK:
            if self._may_ask(item.command):
                self._ask(item)
            return _GO_ON
        if action is Action.ASK_AGAIN:
            if self._may_ask(self.held):
                log.info("voice: an unsure %r (%.2f) to the open question: asked again", item.text,
                         item.score)
                self._ask(self.held_heard, self.runner_of)
            return _GO_ON
        if action is Action.ANSWER:
            return self._answer(item.command, item)
        return item.command

    def _turn(self) -> object:
        return getattr(self.app, "turn", None)

    def _may_ask(self, command: C.Command | None) -> bool:
        """Whether ``command`` may be asked about: always resign, drop and quit; else while this turn has not
        cost its ``QUESTIONS_IN_A_TURN`` questions. When not, the player is told so (``_give_up``)."""
        from ..speech.listen_decide import DESTRUCTIVE

        if isinstance(command, DESTRUCTIVE) or self.questions.may_ask(self._turn()):
            return True
        self._rule += f"; not asked: {QUESTIONS_IN_A_TURN} questions in this turn already"
        self._give_up()
        return False

    def _give_up(self) -> None:
        """Stop asking about guesses for the rest of the turn: the open question is dropped and the player hears
        what works instead (in full the first time in a turn, then short)."""
        if self.held is not None:
            log.info("voice: the question about %r dropped: no more questions in this turn", self.held)
            self.held, self.held_heard, self.asked_at, self.runner_of = None, None, -math.inf, None
            self.refresh()
        first = self.questions.give_up(self._turn())
        log.info("voice: %d questions in this turn: the player is told to say it again or type it%s",
                 QUESTIONS_IN_A_TURN, "" if first else " (again, short)")
        verbosity = getattr(self.app, "verbosity", None) or Verbosity.NORMAL
        self.app.notice(given_up(self._lang(), verbosity, scanning=not getattr(self.app, "list_plays", True),
                                 again=not first))

    def _ask(self, heard: Any, runner_of: Any = None) -> None:
        """Hold ``heard``'s command and ask "Did you say …? Say yes or no", or, when it is the runner-up of
        the word refused ``runner_of``, "Nine, then? Say yes or no" (terse: "Nine, then?"). Unless the room is
        known to be quiet the ``_noisy`` form of the question (``_noisy_answers``): in Greek it asks for «σωστά»
        or «λάθος» (``ναι``/``όχι`` are still taken)."""
        from ..speech.listen_decide import DESTRUCTIVE
        from ..words import text

        self.held_over_question = self.held is not None
        self.unclear_over_question = False
        self.held = heard.command
        self.held_heard = heard
        self.runner_of = runner_of
        key = "voice.did_you_say"
        if runner_of is not None:
            verbosity = getattr(self.app, "verbosity", None) or Verbosity.NORMAL
            key = "voice.runner_up_terse" if verbosity is Verbosity.TERSE else "voice.runner_up"
        if self._noisy_answers():
            key += "_noisy"
        self.asked_at = self.clock()
        self.asked_in = self._where()
        self.refresh()
        question = text(key, self._lang(), text=heard.text)
        if not isinstance(heard.command, DESTRUCTIVE):
            self.questions.asked(self._turn())
        self.app.notice(question[:1].upper() + question[1:])  # "Nine, then?" begins with the number

    def _noisy_answers(self) -> bool:
        """Whether the question and the hints name the answers heard best in noise (the ``_noisy`` forms: in Greek
        «σωστά ή λάθος», not «ναι ή όχι»): unless the room is known to be quiet (``NoiseWatch.noisy_answers``, the rule
        the game's own questions follow too), not only once it is noisy. On the sound rig with a television 10 dB under
        the player the words stood 8-13 dB over it, the room was seldom "noisy", and the player answered «ναι» in 50 of
        the 51 sounds of a yes (a «ναι» came out as a sure «όχι», the number said again as another and a wrong play was
        made); asked for «σωστά» the yes got through 49 times of 65 (14 of 34), 67 plays by voice of 83 (42 of 83
        before). On benchmarks/voice_yes_no.py --forms (espeak-ng Greek, 33 voices) right «ναι» against «σωστά»:
        television 10 dB 7 against 24, babble 10 dB 8 against 29, quiet 29 against 32, white and pink 10 dB 29 and 32
        against 24 and 30; a no heard as a yes: «όχι» 1 (white 10 dB), «λάθος» none
        (benchmarks/results/e2e-sound-el-losses.txt)."""
        return self.noise.noisy_answers()

    def _ask_runner_up(self, refused: Any) -> bool:
        """After a "no" to ``refused`` (its Heard): ask "Nine, then?" about its runner-up, when likely enough
        (``voice_decision.ask_runner_up``); whether it was asked."""
        import dataclasses

        from ..speech.grammar import phrases

        if refused is None or not dataclasses.is_dataclass(refused):
            return False
        where = self._where()
        refused_here = {c for c, at in self.refused if at == where}
        try:
            offered: dict[C.Command, str] = {}
            for phrase in phrases(self.options(), self._lang()):
                offered.setdefault(phrase.command, phrase.text)
        except ValueError:
            return False
        decision = ask_runner_up(refused, lambda c: c in refused_here, lambda c: c in offered)
        if decision is None:
            return False
        command = cast(C.Command, decision.facts["runner_up"])
        said = dataclasses.replace(cast(Any, refused), text=offered[command], command=command,
                                   score=float(cast(float, decision.facts["share"])), rival=None)
        _decided(said, decision.rule)
        self._ask(said, refused)
        return True

    def _answer(self, command: C.Command, heard: Any = None) -> C.Command | None:
        """Yes lets the held command through; no drops it; stop only silences.

        Any other command on offer is taken as itself (the held one is
        dropped): after "did you say stop?", "undo" means undo, not "no"
        (when heard sure; an unsure one, or a play, is asked back first, see ``poll``).

        A no heard unsure (``heard``, the answer's Heard) still drops the held command, but the next word is
        not weighed with the refused one (``voice_decision.BOTH_NEEDED``): the "no" may have been a yes, and
        the number said again, weighed with the first attempt without the refused word, could come out as its
        neighbour and look sure over both attempts (on the sound rig with a television on, «ναι» to «Είπες είκοσι
        εννέα;» came out as «όχι» at 0.38, and the 29 said again, then listened for without 29, as 21, sure over
        both, which was played).
        """
        if isinstance(command, C.StopSpeech):
            return command  # the question stays open
        held, self.held = self.held, None
        runner_of, self.runner_of = self.runner_of, None
        if isinstance(command, (C.No, C.Cancel)) and held is not None \
                and not isinstance(held, C.StopSpeech):
            # the number said again is weighed with this attempt (listened for with the refused word kept:
            # heard as it again, it is asked about again)
            self.just_refused, self.just_refused_at, self.just_refused_in = held, self.clock(), self.asked_in
            from ..speech.listen_decide import should_confirm

            unsure_no = heard is not None and should_confirm(heard, "unsure")
            self.just_refused_heard = None if unsure_no else runner_of if runner_of is not None else \
                self.held_heard if getattr(self.held_heard, "command", None) == held else None
            log.info("voice: %r refused%s", held,
                     f" by an unsure no ({heard.score:.2f}): the next word is not weighed with it" if unsure_no else "")
        self.refresh()
        if not isinstance(command, (C.Yes, C.Confirm, C.No, C.Cancel)):
            return command
        if isinstance(command, (C.Yes, C.Confirm)):
            self._learn(held)
            if isinstance(held, C.Resign):
                # the session asks again for a resign: the spoken yes answers both
                self.app.command(held)
                return C.Yes()
            return held
        from ..words import text
        if held is not None:
            self.refused.append((held, self.asked_in))
        if not self._may_ask(held):  # the turn's last question refused: what works instead
            return None
        if runner_of is None and isinstance(held, _PLAYING) and getattr(self.held_heard, "command", None) == held \
                and self._ask_runner_up(self.held_heard):
            return None
        self.app.notice(text("voice.cancelled", self._lang()))
        return None

    def _learn(self, confirmed: C.Command | None) -> None:
        """A play's number the player confirmed: the sound it was heard in is kept as one of their own words
        (``own_words``), so that the engine hears it better next time."""
        heard = self.held_heard
        if self.own_words is not None and isinstance(confirmed, C.ChoosePlay) \
                and getattr(heard, "command", None) == confirmed:
            self.own_words.add(confirmed, getattr(heard, "sound", None))

    def _was_refused(self, command: C.Command) -> bool:
        """Whether the player said "no" to ``command`` where the game is now (the turn, its phase, its steps)."""
        where = self._where()
        self.refused = [(c, at) for c, at in self.refused if at == where]
        if any(c == command for c, _ in self.refused):
            log.info("voice: %r was refused here before: asked back", command)
            return True
        return False

    def _not_on_offer(self, heard: Any) -> str:
        """ "Nothing to list yet" for the plays before the roll; else "“x” is not possible now"
        (``listen_decide.not_on_offer``, which ``tavli-voice hear`` says too)."""
        from ..speech.listen_decide import not_on_offer

        return not_on_offer(heard, self.listener.options, self._lang(), noisy=self._noisy_answers(),
                            before_roll=self.app.phase is Phase.ROLL)

    def set_wake(self, wake: Any) -> None:
        """Call ``wake()`` whenever the listener posts something (the main loop then polls at once)."""
        if isinstance(self.out, _Posted):
            self.out.on_put = wake

    def push_to_talk(self, pressed: bool) -> None:
        """Push-to-talk: the audio while the key is held is one utterance."""
        if not self.closed:
            self.listener.push_to_talk(pressed)

    def _lang(self) -> Literal["en", "el"]:
        return cast(Literal["en", "el"], self.app.lang)

    def close(self) -> None:
        """Stop listening."""
        if not self.closed:
            self.closed = True
            try:
                # the engine first: sound held while it loads is dropped, so the listener's
                # thread is not kept waiting for it (quitting then took up to 2 s)
                close = getattr(getattr(self.listener, "engine", None), "close", None)
                if callable(close):  # the engine's loading thread (see speech/loading.py)
                    close()
                self.listener.stop()
            except Exception:  # closing must never fail the game
                log.exception("stopping the listener")


def voice_source(app: App, lang_name: str, engine: str | None = None, *,
                 confirm: str = "unsure", barge_in: str = "ignore"
                 ) -> tuple[VoiceSource | None, str | None]:
    """A started voice source, or ``None`` and one sentence saying why not.

    The microphone opens at once; the engine loads on a thread meanwhile
    (:class:`~tavli_voice.speech.loading.LoadingEngine`), so the game does not
    wait for it. When it is loaded the player hears "Voice is ready." (and which
    engine stands in when the best one cannot run); when it cannot load, why,
    and voice input stops (the keyboard goes on). Sound heard before then is
    recognised once the engine is there.
    """
    lang = cast(Literal["en", "el"], lang_name)
    try:
        from ..speech.listener import Listener
        from ..speech.loading import LoadingEngine
        from ..speech.recognizer import ENGINES, choose_engine
        from ..words import text
    except ImportError as exc:
        return None, f"{exc}"
    if engine is not None and engine not in ENGINES:  # a mistyped name is said before the game
        return None, text("voice.engine_unknown", lang, engine=engine, choices=", ".join(ENGINES))
    out: "queue.Queue[Any]" = _Posted()
    speaking = app.narrator.is_speaking if app.narrator is not None else (lambda: False)
    canceller, note = _canceller(app, lang)

    def loaded(recognizer: Any, error: BaseException | None) -> None:
        # on the loading thread (started below, once the listener exists), before any sound held
        # meanwhile is recognised
        if recognizer is None:
            out.put(_Loaded(_problem_text(error, lang) + " " + text("voice.off", lang), failed=True))
            return
        if getattr(recognizer, "name", "") == "pocketsphinx":
            listener.fast_engine = None  # the engine is the quick one itself
        learns = _learns_own_words(recognizer, lang)
        if learns is not None:
            source.own_words = learns
        said = text("voice.ready", lang)
        from ..speech.engine_templates import skipped_message
        from ..speech.recognizer import skipped_takes

        left_out = skipped_message(skipped_takes(recognizer), lang)
        if left_out:  # damaged enrolled takes: said once, the others and the general engine go on
            said = left_out + " " + said
        instead = _stand_in(recognizer)
        if instead is not None:  # the best engine cannot run here: which one listens instead, and why
            said = text("voice.engine_instead", lang, wanted=instead.wanted, why=instead.why,
                        engine=instead.name) + " " + said
        out.put(_Loaded(said))

    def load() -> Any:
        # Building the engine holds Python's lock in short steps (speech/bpe.py, model_folder),
        # and every other thread, the keys' and the speaker's included, waits for each step: at the
        # interactive priority a busy machine does not stretch them. The model's own threads,
        # started here, keep that priority when they decide later.
        from ..audio.priority import raise_for_interaction

        raise_for_interaction("engine loading thread")
        if engine != "pocketsphinx":  # "stop" over the narrator works while the rest loads (0.1 s)
            listener.fast_engine = _quick_engine(lang)
        return choose_engine(engine, lang)

    loading = LoadingEngine(load, loaded)
    listener = Listener(loading, lang, out, speaking, echo=_echo_gate(app),
                        canceller=canceller,
                        on_stop=_stop_now(app, flush=barge_in == "ignore"), on_pause=_pause_now(app),
                        output_steady=_output_steady(app),
                        barge_in=barge_in)  # type: ignore[arg-type]
    source = VoiceSource(app, listener, out, confirm=confirm)
    try:
        listener.start()
    except Exception as exc:  # AudioUnavailable: no microphone or PortAudio (nothing to load for)
        key = getattr(exc, "key", "no_microphone")
        source.closed = True
        try:
            return None, text("voice." + key, lang)
        except Exception:
            return None, str(exc)
    loading.start()
    return source, note


class _Loaded:
    """Posted by the loading thread: what to say, and whether voice input stops."""

    def __init__(self, said: str, failed: bool = False) -> None:
        self.said = said
        self.failed = failed


def _learns_own_words(recognizer: Any, lang: str) -> Any:
    """The store of the player's own confirmed numbers (``speech.own_words.OwnWords``), given to the English
    engine that hears the crop of the sound with Whisper (alone, behind the player's enrolled words or standing in
    for another), while ``own_words.LEARN``; None where there is no such engine (Greek: not measured there) or
    learning is off."""
    from ..speech import own_words
    from ..speech.crop import SpeechCrop
    from ..speech.own_words import OwnWords
    from ..speech.recognizer import Instead

    if lang != "en" or not own_words.LEARN:
        return None
    for engine in (recognizer, getattr(recognizer, "general", None)):
        engine = engine.engine if isinstance(engine, Instead) else engine
        if isinstance(engine, SpeechCrop) and hasattr(engine.engine, "scores"):
            engine.own_words = OwnWords()
            return engine.own_words
    return None


def _stand_in(recognizer: Any) -> Any:
    """The ``Instead`` in ``recognizer`` (alone, or behind the player's enrolled words), else None."""
    from ..speech.recognizer import Instead

    for engine in (recognizer, getattr(recognizer, "general", None)):
        if isinstance(engine, Instead):
            return engine
    return None


def _problem_text(exc: BaseException | None, lang: Literal["en", "el"]) -> str:
    """An engine's problem in words (its message key and values when it has them)."""
    from ..words import text

    key = getattr(exc, "key", "engine_unavailable")
    kw = getattr(exc, "values", {}) or {}
    try:
        return text("voice." + key, lang, **kw)
    except Exception:
        return str(exc)


def _pause_now(app: App) -> Any:
    """Hold the narrator in silence (True) or let it go on (False), from the listener's thread.

    Used while a sound over the narrator is recognised: the rest of the player's word is
    heard without the narrator, and the narrator goes on from the same place when it was
    not a word on offer (its own voice let through by the echo canceller, or a cough).
    """
    narrator = app.narrator
    pause = getattr(getattr(narrator, "speaker", None), "pause", None)
    return pause if callable(pause) else None


def _output_steady(app: App) -> Any:
    """Whether the narrator's sound device has played without losing samples lately (None: cannot tell)."""
    sink = getattr(getattr(app.narrator, "speaker", None), "sink", None)
    steady = getattr(sink, "steady", None)
    return steady if callable(steady) else None


def _stop_now(app: App, flush: bool) -> Any:
    """Silence the narrator from the listener's thread: its queue, and with ``flush`` what the device holds.

    Not with barge-in on: flushing restarts the output stream, which moves the echo's delay,
    and the echo canceller then let the narrator's voice through for a long time (measured on
    the rig, speaker into microphone, 300 s: 33 self-interruptions with the flush, 3 without).
    """
    narrator = app.narrator
    if narrator is None:
        return None

    def stop() -> None:
        drop = getattr(narrator.speaker, "flush", None)
        if flush and callable(drop):  # first: it flushes only while something is still sounding
            drop()
        narrator.stop()

    return stop


def _canceller(app: App, lang: str) -> tuple[Any, str | None]:
    """An echo canceller fed with what the narrator's sound device plays, and what to say if none.

    Without a sound device (speech off, or to a file) there is no echo to cancel and nothing
    to say; with one, a canceller that cannot load is said once (the correlation check of
    ``audio/echo.py`` still works, less well).
    """
    speaker = app.narrator.speaker if app.narrator is not None else None
    sink = getattr(speaker, "sink", None)
    played = getattr(sink, "played", None)
    if played is None:
        return None, None
    from ..audio.aec import CancellerUnavailable, make_canceller
    from ..speech.audio import RATE
    from ..audio.capture import Microphone
    from ..words import text

    def lead() -> float:  # the microphone's reported latency, and a little (see audio/aec.py)
        return Microphone.last_input_latency + 0.02

    try:
        return make_canceller(played.at_rate, RATE, lead, lambda: int(getattr(sink, "restarts", 0))), None
    except CancellerUnavailable as exc:
        return None, text("voice.no_echo_canceller", lang, detail=exc.reason)


def _echo_gate(app: App) -> Any:
    """An echo check fed with what the narrator's sound device played (None without one)."""
    from ..audio.echo import EchoGate

    speaker = app.narrator.speaker if app.narrator is not None else None
    sink = getattr(speaker, "sink", None)
    played = getattr(sink, "played", None)
    if played is None:
        return None
    return EchoGate(played.between, played.rate)


def _quick_engine(lang: str) -> Any:
    """pocketsphinx for what is heard while the narrator speaks (only "stop" counts then).

    "Stop" must silence the narrator in well under 0.3 s; a slower engine
    (Whisper scoring every phrase) keeps deciding everything else. It loads in
    about 0.1 s, so "stop" works while that engine still loads.
    """
    try:
        from ..speech.engine_sphinx import SphinxRecognizer

        return SphinxRecognizer(lang)  # type: ignore[arg-type]
    except Exception:  # EngineUnavailable: the main engine decides stop too
        log.info("no quick engine for stop", exc_info=True)
        return None
