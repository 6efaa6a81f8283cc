"""The context of a presentation and the tiny word pieces phrasers add together.

Orca builds a frozen generator context once per presentation (style guide
2.3) and makes every role function a flat run of small ``_generate_<fact>``
pieces (2.1). Here :class:`NarrationContext` is that snapshot and
:class:`Say` carries the pieces (:meth:`Say.dice`, :meth:`Say.play`,
:meth:`Say.reason`, :meth:`Say.point` …) for one language and one medium:
``speech=True`` writes words only (R1: "from 13 to 7 hitting", never
``13/7*``; Greek feminine and masculine numbers as words), ``speech=False``
writes screen text (digits, and notation when the context asks for it).

All words come from :mod:`tavli_voice.words`.
"""

from __future__ import annotations

import enum
import logging
from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Sequence

from tavli_voice.events import PlayerInfo
from tavli_voice import words as M
from tavli_voice.narration.priorities import Verbosity
from tavli_voice.narration.speechtext import written_play
from tavli_voice.rules import BAR, OFF, Play, Reason, Step, find_game, notation

log = logging.getLogger("tavli_voice.narration")


class PresentationReason(enum.Enum):
    """Why something is said, which decides how much (Orca's PresentationReason).

    * ``EVENT`` — it just happened: long lists are cut short in speech.
    * ``REPEAT`` — the player asked to hear it again: lists in full.
    * ``WHERE_AM_I`` — the player asked where things stand: lists in full.
    * ``WHERE_AM_I_DETAILED`` — as above, plus the extras of ``CHATTY``.
    """

    EVENT = "event"
    REPEAT = "repeat"
    WHERE_AM_I = "where_am_i"
    WHERE_AM_I_DETAILED = "where_am_i_detailed"


def _default_players() -> tuple[PlayerInfo, PlayerInfo]:
    return (PlayerInfo("you"), PlayerInfo("Rita", "rita"))


@dataclass(frozen=True, slots=True)
class NarrationContext:
    """Everything a phraser may read, frozen for one presentation.

    ``listener`` is the player the words address as "you" and whose side
    readouts are told from (``None``: nobody; everyone is named, as for
    bot-against-bot or two people sharing a keyboard with no fixed side; a
    bot as listener is taken as ``None``).
    ``players`` gives the names; ``turn`` is the session's turn counter,
    stamped on every utterance for staleness. ``preset`` names Plakoto
    "Tapa" under ``vog``. ``screen_notation`` shows plays as ``13/7*`` on
    screen (speech always uses words); ``show_keys`` puts the terminal's
    letters into help. ``max_spoken_plays`` cuts a long list of plays in
    speech for an ``EVENT`` at normal verbosity (the screen always lists all).
    ``names``/``bots`` may be given instead of ``players`` (they build it).
    """

    lang: str = "en"
    verbosity: Verbosity = Verbosity.NORMAL
    listener: int | None = 0
    players: tuple[PlayerInfo, PlayerInfo] = field(default_factory=_default_players)
    turn: int = 0
    reason: PresentationReason = PresentationReason.EVENT
    preset: str = "tavlucky"
    screen_notation: bool = True
    show_keys: bool = True
    #: the board window's screen: help says how to do things there (click, arrows and OK,
    #: F2, + and −), not the terminal's typed "f bar" and "t off"
    window: bool = False
    max_spoken_plays: int = 9
    #: On screen, a longer list is cut to this many (``l`` lists them all).
    max_listed_plays: int = 20
    #: False while switch scanning: the scanner speaks the options itself, so an
    #: offer is only counted (the whole list still comes on request).
    list_plays: bool = True
    #: The game being played ("portes" …): needed to tell the other player's
    #: points in the listener's numbering (R1); "" when unknown.
    game: str = ""
    #: True: the other player's plays and pass reasons in that player's own
    #: numbering, as in backgammon notation. False (the default): every point
    #: in the listener's numbering, the same as the position readouts.
    mover_numbering: bool = False
    #: The command that continues the saved match, as the person can type it where
    #: they are (``.venv/bin/tavli-voice resume`` after the README's install).
    resume_command: str = "tavli-voice resume"
    #: False when the match is not being saved (``--no-save``): nothing then says it is.
    saving: bool = True
    #: True unless the voice knows the room is quiet (``ui/voice_noise.NoiseWatch.noisy_answers``): a question about
    #: the player's own command (resign, leave) and the opponent's double take their ``_noisy`` form, which in
    #: Greek asks for «σωστά» or «λάθος».
    noisy_answers: bool = False
    #: True: this match has told how to choose step by step in full often enough
    #: (:class:`~tavli_voice.narration.phrases.ToldInFull`), and the player has not seemed
    #: stuck since, so a long turn heard says it short ("Say from and a point, or ask for the
    #: list.").
    steps_known: bool = False
    #: Shortcut for ``players``: display names and bot names per seat (both or neither).
    names: tuple[str, str] | None = None
    bots: tuple[str | None, str | None] | None = None

    def __post_init__(self) -> None:
        if self.names is not None or self.bots is not None:
            names = self.names or tuple(p.name for p in self.players)
            bots = self.bots or tuple(p.bot for p in self.players)
            object.__setattr__(self, "players", (PlayerInfo(names[0], bots[0]),
                                                 PlayerInfo(names[1], bots[1])))
        if self.lang not in M.LANGS:
            raise ValueError(f"lang must be one of {M.LANGS}, not {self.lang!r}")
        if self.listener not in (None, 0, 1):
            raise ValueError(f"listener must be 0, 1 or None, not {self.listener!r}")
        if len(self.players) != 2:
            raise ValueError("players must be a pair")
        if self.listener is not None and self.players[self.listener].is_bot:
            object.__setattr__(self, "listener", None)  # "you" never addresses a bot

    @property
    def terse(self) -> bool:
        """Bare facts only (``Verbosity.TERSE``)."""
        return self.verbosity is Verbosity.TERSE

    @property
    def chatty(self) -> bool:
        """Extras such as pip counts (``CHATTY``, or a detailed where-am-I)."""
        return (self.verbosity is Verbosity.CHATTY
                or self.reason is PresentationReason.WHERE_AM_I_DETAILED)

    @property
    def on_request(self) -> bool:
        """Said because the player asked (repeat, where am I): never cut short."""
        return self.reason is not PresentationReason.EVENT


class Say:
    """Word pieces for one context and one medium (speech or screen)."""

    __slots__ = ("ctx", "speech", "lang")

    def __init__(self, ctx: NarrationContext, speech: bool) -> None:
        self.ctx = ctx
        self.speech = speech
        self.lang = ctx.lang

    def with_players(self, players: tuple[PlayerInfo, PlayerInfo]) -> "Say":
        """The same pieces with other player names (MatchStarted carries its own)."""
        return Say(replace(self.ctx, players=players), self.speech)

    # ------------------------------------------------------------ messages
    def t(self, key: str, /, **kw: Any) -> str:
        """A message in this language."""
        return M.text(key, self.lang, **kw)

    def n(self, key: str, n: int, /, **kw: Any) -> str:
        """A plural message; Greek gendered numbers become words in speech."""
        return M.plural(key, n, self.lang, speech=self.speech, **kw)

    def num(self, n: int, gender: M.Gender = "n", case: M.Case = "nom") -> str:
        """A number that agrees with a Greek noun (digits on screen)."""
        return M.number(n, self.lang, gender, case, speech=self.speech)

    def join(self, items: Sequence[str], word: str = "and") -> str:
        """"a, b and c" / "a, b ή c"."""
        return M.join_list(items, self.lang, word)

    # ------------------------------------------------------------- players
    def you(self, player: int) -> bool:
        """Is ``player`` the listener, addressed as "you"?"""
        return self.ctx.listener is not None and player == self.ctx.listener

    def words(self, player: int) -> M.PlayerWords:
        """The name forms of ``player`` (0 or 1)."""
        return M.seat_words([(p.name, p.bot) for p in self.ctx.players], player, self.lang)

    def subject(self, player: int) -> str:
        """"you" / "εσύ" for the listener, else the name as a subject ("η Ρίτα")."""
        return self.t("word.you") if self.you(player) else self.words(player).subject

    def whose(self, player: int) -> str:
        """The owner form of a player who is not the listener ("Rita's", "της Ρίτας")."""
        return self.words(player).whose

    def by(self, base: str, player: int, /, **kw: Any) -> str:
        """Message ``base.you`` for the listener, else ``base.other`` with the name.

        The result is capitalised, since names may start a sentence ("Η Ρίτα …").
        """
        if self.you(player):
            return M.capitalize(self.t(f"{base}.you", **kw))
        return M.capitalize(self.t(f"{base}.other", who=self.subject(player),
                                   whose=self.whose(player), **kw))

    def is_silent_player(self, player: int) -> bool:
        """True for a bot, or for the other player when there is a listener.

        Choices on offer to such a player (plays, questions) are not read out.
        """
        if self.ctx.players[player].is_bot:
            return True
        return self.ctx.listener is not None and player != self.ctx.listener

    def listener_view(self, mover: int) -> bool:
        """Are ``mover``'s points told in the listener's numbering (one point of view)?"""
        return (self.ctx.listener is not None and mover != self.ctx.listener
                and not self.ctx.mover_numbering)

    def seen(self, p: int, game: str) -> int:
        """The other player's point ``p`` in the listener's numbering (R1); bar and off stay."""
        return find_game(game).opponent_point(p)

    def _seen_steps(self, steps: tuple[Step, ...], game: str) -> tuple[Step, ...]:
        return tuple(Step(self.seen(st.from_point, game), self.seen(st.to_point, game), st.die,
                          st.capture) for st in steps)

    def effects(self, play: Play, mover: int) -> list[str]:
        """What another player's play did to the listener, in the listener's numbering:
        "Rita hit your checker on 7.", "Rita pinned your checker on 19.",
        "Rita entered on your 20." (none when the play is not told from the listener's side).
        """
        if not self.listener_view(mover):
            return []
        game = play.result.game
        who = self.t("view.subject", who=self.subject(mover))
        # where a checker entered, when it then moved on: the play's words end its path
        # elsewhere ("from the bar to 7"); one that stayed was just said ("from the bar to 3")
        entered = [self.seen(st.to_point, game) for i, st in enumerate(play.steps)
                   if st.from_point == BAR
                   and any(later.from_point == st.to_point for later in play.steps[i + 1:])]
        # a pin on the mover's 1 is the listener's mother (R5.4): its own sentence follows
        # («Η Ρίτα πλάκωσε τη μάνα σου!»), so it is not said twice
        captured = sorted({self.seen(st.to_point, game) for st in play.steps if st.capture
                           and not (find_game(game).pins and st.to_point == 1)})
        out = []
        if entered:
            where = [self.point(p) for p in sorted(set(entered))]
            where[1:] = [self.t("view.entered.next", point=p) for p in where[1:]]
            out.append(M.capitalize(self.n("view.entered", len(where), who=who,
                                           points=self.join(where)).strip()))
        if captured:
            key = "view.pinned" if find_game(game).pins else "view.hit"
            out.append(M.capitalize(self.n(key, len(captured), who=who,
                                           points=self.points(captured)).strip()))
        return out

    def freed(self, play: Play, mover: int) -> list[str]:
        """Plakoto (R5.2): the other side's checkers ``play`` freed, the last checker pinning
        each having left its point, from the listener's side: "Your checker on 18 is free
        again." (the listener's numbering), "Rita's checker on 7 is free again." (none when
        nothing was freed; a checker pinned and left in the same play was never pinned).
        """
        game = play.result.game
        if not find_game(game).pins:
            return []
        pinned_now = {st.to_point for st in play.steps if st.capture}
        left = sorted({st.from_point for st in play.steps
                       if 1 <= st.from_point <= 24 and st.from_point not in pinned_now
                       and play.result.points[st.from_point - 1] == -1
                       and play.result.pins[st.from_point - 1] == 0})
        if not left:
            return []
        owner = 1 - mover
        if self.you(owner):
            seen = sorted(self.seen(p, game) for p in left)
            return [self.n("view.freed.yours", len(seen), points=self.points(seen))]
        return [M.capitalize(self.n("view.freed.other", len(left), whose=self.whose(owner),
                                    points=self.points(left)))]

    def entries(self, values: tuple[int, int], first: int | None = None) -> str:
        """"you 3, Rita 1": both players with a number (indexed by player).

        The listener comes first; with no listener, ``first`` (default player 0).
        """
        lead = self.ctx.listener if self.ctx.listener is not None else (first or 0)
        order = (lead, 1 - lead)
        return ", ".join(self.t("entry", who=self.subject(p), n=values[p]) for p in order)

    # ---------------------------------------------------------- dice, points
    def dice(self, dice: tuple[int, int], case: M.Case = "nom") -> str:
        """"6 and 5", "double sixes" / "6 και 5", "εξάρες" (R2)."""
        return M.dice_words(dice, self.lang, case)

    def point(self, p: int) -> str:
        """A point as a bare label: "13", "bar", "off" (R1 numbering)."""
        if p == BAR:
            return self.t("word.bar_short")
        if p == OFF:
            return self.t("word.off")
        return str(p)

    def point_from(self, p: int) -> str:
        """A point after "from": "13" / "το 13"; "the bar" / "την μπάρα"."""
        if p == BAR:
            return self.t("word.bar")
        return self.t("step.from_point", p=p)

    def point_to(self, p: int) -> str:
        """A destination: "to 7" / "στο 7"; "bear off" / "μάζεμα" for 0."""
        if p == OFF:
            return self.t("step.to_off")
        return self.t("step.to_point", p=p)

    def points(self, points: Iterable[int], word: str = "and") -> str:
        """"19, 20 and 22" (bar and off as words)."""
        return self.join([self.point(p) for p in points], word)

    # ----------------------------------------------------------- plays (R1)
    def play(self, play: Play, mover: int, *, terse: bool | None = None,
             past: bool = False) -> str:
        """One play in words; on screen the notation follows in parentheses, unless the
        context wants words alone (``--words``).

        Speech: "from 24 to 18, from 13 to 8"; "2 checkers from 8 to 5";
        "from 13 to 7 hitting" / "από το 13 στο 7 και χτυπάς". Terse: "13 to 7".
        Screen: "from 13 to 7 hitting (13/7*)", so a screen reader reads words first
        and what to type after them.
        ``past``: a play already made, its captures in the past tense like the
        sentence around it ("Έπαιξες από το 13 στο 7 και χτύπησες").
        """
        game = play.result.game
        brief = self.ctx.terse if terse is None else terse
        if self.listener_view(mover):
            # one point of view: the listener's numbering; what it did to the
            # listener is said in sentences of its own (:meth:`effects`)
            words = self.steps(self._seen_steps(play.steps, game), mover, game, terse=brief,
                               past=past, marks=False)
        else:
            words = self.steps(play.steps, mover, game, terse=brief, past=past)
        return self.noted(words, play, mover)

    def noted(self, words: str, play: Play, mover: int) -> str:
        """``words`` with the play's notation after them in parentheses, on screen when the
        context shows notation; ``words`` alone in speech, with ``--words`` and for no move."""
        if self.speech or not self.ctx.screen_notation or not play.steps:
            return words
        return f"{words} ({self.notation(play, mover)})"

    def notation(self, play: Play, mover: int) -> str:
        """The play in notation, ``13/7*``, in the numbering as set (R1), the bar and off in the
        language's words ("bar/22 6/off", «μπάρα/22 6/έξω»: ``speechtext.written_play``)."""
        written = play.notation
        if self.listener_view(mover):
            game = play.result.game
            written = notation(self._seen_steps(play.steps, game), find_game(game).capture_mark or "*")
        return written_play(written, self.lang) if written else self.t("move.none")

    def steps(self, steps: tuple[Step, ...], mover: int, game: str, *, terse: bool = False,
              past: bool = False, marks: bool = True) -> str:
        """Steps in words, grouped into checker paths like the notation (R1)."""
        if not steps:
            return self.t("move.none")
        paths = _paths(steps)
        paths.sort(key=lambda pm: (-pm[0][0], -pm[0][-1]))
        # one form per checker group: checkers going the same way are counted
        # once, with the hit where it happens ("3 checkers from 6 to 5 hitting")
        texts: list[str] = []
        counts: dict[str, int] = {}
        said: dict[str, str] = {}
        for path, flags in paths:
            plain = self._path(path, [False] * len(flags), mover, game, terse, past)
            words = self._path(path, flags, mover, game, terse, past) if marks else plain
            if plain not in counts:
                texts.append(plain)
                counts[plain] = 0
            if plain not in said or words != plain:
                said[plain] = words
            counts[plain] += 1
        out = []
        for plain in texts:
            k, words = counts[plain], said[plain]
            if k > 1:
                # «δύο φορές», «τέσσερις φορές»: a list's Greek counts all in words, as some must be
                words = (self.t("move.terse.count", n=M.number(k, self.lang, "f", speech=True),
                                move=words) if terse
                         # "two checkers from 8 to 5" («δύο πούλια»): a count of checkers in
                         # words, as when they are borne off, never read like the points
                         else self.t("move.count", n=M.count_words(k, self.lang), move=words))
            out.append(words)
        return ", ".join(out)

    def bear_offs(self, play: Play, mover: int, *, past: bool = False) -> tuple[str, str] | None:
        """A play that bears off, as a player tells it: the other moves in words ("" when
        none) and the checkers borne off counted by point, "one from 6 and 2 from 5" /
        «ένα από το 6 και 2 πούλια από το 5» (the listener's numbering as in
        :meth:`play`); None for a play that bears none off.
        """
        game = play.result.game
        seen = self.listener_view(mover)
        steps = self._seen_steps(play.steps, game) if seen else play.steps
        # R1: in the mover's own numbering its home is 1–6; a step from outside it is a move
        # of its own ("from 17 to 22 and bore off one from 22"), never "one from 17"
        home = {st: st_own.from_point <= 6 for st, st_own in zip(steps, play.steps)}
        off: list[int] = []
        moved: list[Step] = []
        for st in steps:  # a checker's path in home ends off: each of its steps goes with it
            path_start = next((o for o in reversed(moved)
                               if o.to_point == st.from_point and home[o]), None)
            if st.to_point == OFF and path_start is not None:
                moved.remove(path_start)
                while (earlier := next((o for o in reversed(moved)
                                        if o.to_point == path_start.from_point and home[o]),
                                       None)):
                    moved.remove(earlier)
                    path_start = earlier
                off.append(path_start.from_point)
            elif st.to_point == OFF:
                off.append(st.from_point)
            else:
                moved.append(st)
        if not off:
            return None
        counts: dict[int, int] = {}
        for a in off:
            counts[a] = counts.get(a, 0) + 1
        # "two from 3 and one from 2": counted in words, as "one" is, never like the points
        parts = [self.t("bore_off.one", a=a) if n == 1
                 else self.t("bore_off.many", n=M.count_words(n, self.lang), a=a)
                 for a, n in sorted(counts.items(), reverse=True)]
        others = (self.steps(tuple(moved), mover, game, past=past, marks=not seen)
                  if moved else "")
        return others, M.join_list(parts, self.ctx.lang)

    def step(self, step: Step, mover: int, game: str) -> str:
        """One single step in words ("from 13 to 7 hitting")."""
        if self.listener_view(mover):
            return self.steps(self._seen_steps((step,), game), mover, game,
                              terse=self.ctx.terse)
        return self.steps((step,), mover, game, terse=self.ctx.terse)

    def _path(self, path: list[int], marks: list[bool], mover: int, game: str,
              terse: bool, past: bool = False) -> str:
        pre = "move.terse." if terse else "move."
        capture = ("move.pin." if find_game(game).pins else "move.hit.") + (
            "you" if self.you(mover) else "other") + (".past" if past else "")
        # like the notation: keep the points where it captured, and the last
        kept = [(p, mark) for i, (p, mark) in enumerate(zip(path[1:], marks))
                if mark or i == len(marks) - 1]
        src = path[0]
        parts: list[str] = []
        for i, (dst, mark) in enumerate(kept):
            if i == 0:
                if dst == OFF:
                    words = self.t(pre + "bear_off", a=src)
                elif src == BAR:
                    words = self.t(pre + "from_bar_to", b=dst)
                else:
                    words = self.t(pre + "from_to", a=src, b=dst)
            else:
                words = (self.t(pre + "then_off") if dst == OFF
                         else self.t(pre + "then_to", b=dst))
            if mark:
                words = f"{words} {self.t(capture)}"
            parts.append(words)
        return ", ".join(parts)

    # --------------------------------------------------------- reasons (R8)
    def reason(self, reason: Reason | None, die: int | None = None,
               mover: int | None = None) -> str:
        """An R8 reason as a clause (no capital, no full stop).

        ``die`` is given for a nested reason (why one die of the roll cannot
        be played), so "with 6 and 5 no checker can land" becomes "no checker
        can land anywhere with the 5".
        """
        if reason is None:
            return ""
        code = reason.code.value
        get = reason.get
        game = self.ctx.game
        theirs = mover is not None and self.listener_view(mover) and game != ""

        def pt(p: Any) -> Any:  # a point of the mover, told in the listener's numbering
            return self.seen(p, game) if theirs and isinstance(p, int) else p

        def pts_of(name: str) -> tuple[int, ...]:
            return tuple(sorted((pt(p) for p in get(name, ())), reverse=not theirs))

        if code == "closed_out":
            on_bar = int(get("checkers", 1))
            # "two checkers …, all six entry points": the counts of a sentence in words
            return (self.t("reason.closed_out.many", n=M.count_words(on_bar, self.lang))
                    if on_bar > 1
                    else self.t("reason.closed_out"))
        if code == "bar_entry_blocked":
            pts = pts_of("points")
            key = "reason.bar_entry_blocked.yours" if theirs else "reason.bar_entry_blocked"
            return self.n(key, len(pts), points=self.points(pts),
                          first=self.bar_first(int(get("checkers", 1))))
        if code == "all_blocked":
            if die is not None:
                return self.t("reason.all_blocked.die", die=die)
            dice = get("dice")
            if dice is None:
                return self.t("reason.unknown")
            return self.t("reason.all_blocked", dice=self.dice(tuple(dice), "acc"))
        yours = ".yours" if theirs else ""  # the starting point or checker is the listener's
        if code == "first_checker_blocked":
            point = pt(get("point", ""))
            if die is not None or get("dice") is None:
                return self.t("reason.first_checker_blocked.die" + yours, point=point,
                              die=die if die is not None else "")
            return self.t("reason.first_checker_blocked" + yours, point=point,
                          dice=self.dice(tuple(get("dice")), "acc"))
        if code == "prime_rule":
            return self.t("reason.prime_rule" + yours, points=self.points(pts_of("points")))
        if code == "pinned":
            pts = pts_of("points")
            return self.n("reason.pinned", len(pts), points=self.points(pts))
        if code == "cannot_bear_off":
            return self.t("reason.cannot_bear_off", point=pt(get("point", "")))
        if code == "only_one_die":
            other = get("other")
            what = self.t("reason.only_one_die", die=get("die"), other=other)
            return self._because(what, get("why"), other, mover)
        if code == "larger_die_rule":
            dice = tuple(get("dice", (0, 0)))
            return self.t("reason.larger_die_rule", hi=max(dice) if dice else "")
        if code == "partial_double":
            d = get("die")
            # «μόνο δύο φορές από τις τέσσερις»: in Greek both counts in words, as they agree
            what = M.plural("reason.partial_double", int(get("played", 0)), self.lang,
                            speech=True, of=M.number(int(get("of", 4)), self.lang, "f", "acc",
                                                     speech=True), die=d)
            return self._because(what, get("why"), d, mover)
        log.warning("no words for pass reason %r", code)
        return self.t("reason.unknown")

    def bar_first(self, checkers: int) -> str:
        """R4: "a checker on the bar must enter first", or "the 2 checkers …" when more are there."""
        if checkers > 1:
            return self.t("step.why.bar_first.many", n=checkers)
        return self.t("step.why.bar_first")

    def _because(self, what: str, why: Any, die: int | None, mover: int | None) -> str:
        if not isinstance(why, Reason):
            return what
        return self.t("sentence.because", what=what, why=self.reason(why, die=die, mover=mover))

    # ------------------------------------------------------- pips and score
    def pips(self, view: int, pips: tuple[int, int], *, lead: bool = True) -> list[str]:
        """"Pips: you 167, Rita 160. You are 7 behind." (``pips``: view's, other's).

        The listener comes first; with no listener, the view does.
        """
        other = 1 - view
        values = (pips[0], pips[1]) if view == 0 else (pips[1], pips[0])
        out = [self.t("pips.line", entries=self.entries(values, first=view))]
        if not lead:
            return out
        diff = pips[1] - pips[0]  # fewer pips to go is better
        if diff == 0:
            out.append(self.t("pips.level"))
            return out
        leader, by = (view, diff) if diff > 0 else (other, -diff)
        if self.you(leader):
            out.append(self.t("pips.lead.you", n=by))
        elif self.you(1 - leader):
            out.append(self.t("pips.behind.you", n=by))
        else:
            out.append(M.capitalize(self.t("pips.lead.other", who=self.subject(leader), n=by)))
        return out

    def score(self, scores: tuple[int, int]) -> str:
        """"Score: you 2, Rita 1." (the listener first)."""
        return self.t("score.line", entries=self.entries(scores))


def _paths(steps: Iterable[Step]) -> list[tuple[list[int], list[bool]]]:
    """Group steps into checker paths, captures marked (as ``rules.plays`` does)."""
    paths: list[tuple[list[int], list[bool]]] = []
    for st in steps:
        for path, marks in reversed(paths):
            if path[-1] == st.from_point and path[-1] != OFF:
                path.append(st.to_point)
                marks.append(st.capture)
                break
        else:
            paths.append(([st.from_point, st.to_point], [st.capture]))
    return paths


__all__ = ["NarrationContext", "PresentationReason", "Say"]
