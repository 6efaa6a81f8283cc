"""Events into words: one small phrasing function per event class (Orca style).

:data:`PHRASES` maps each event class of :mod:`tavli_voice.events` to a
:class:`PhraseRule`: the phrasing function, the speech priority (NVDA
style, :mod:`~tavli_voice.narration.priorities`), the voice and an optional
earcon. A phrasing function is a flat run of the small pieces in
:class:`~tavli_voice.narration.pieces.Say` (``dice``, ``play``, ``reason``,
``point`` …) and returns *blocks*: one line each on screen, one spoken
segment each with a pause between them.

* :func:`phrase` → an :class:`~tavli_voice.narration.utterance.Utterance`
  for the narrator: words only (R1), Greek gendered numbers as words.
* :func:`screen_text` → the line(s) for the terminal and the window:
  digits, and plays in notation (``13/7*``) unless the context asks for words.

An empty result (nothing to say, e.g. the plays on offer to a bot) is an
empty string or an empty utterance: callers skip it. An event class with no
rule, or a phrasing function that fails, gives a generic phrase and a log
line, never an exception: the words must not stop the game.

>>> from tavli_voice.events import DiceRolled
>>> ctx = NarrationContext(lang="el")
>>> screen_text(DiceRolled(0, (6, 6), 5), ctx)
'Έφερες εξάρες.'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from tavli_voice import events as E
from tavli_voice import words as M
from tavli_voice.narration import readout
from tavli_voice.narration.pieces import NarrationContext, PresentationReason, Say, log
from tavli_voice.narration.priorities import TOLD_IN_FULL, Priority, Verbosity
from tavli_voice.narration.speechtext import BAR_WRITTEN, OFF_WRITTEN
from tavli_voice.narration.utterance import LIST_PAUSE_MS, Pause, Segment, Utterance, VoiceKind
from tavli_voice.rules.plays import Play
from tavli_voice.rules.playgroups import group_plays
from tavli_voice.rules.position import BAR

Blocks = list[str]
Phraser = Callable[[Any, Say], Blocks]
EarconRule = Callable[[Any, Say], "str | None"]


@dataclass(frozen=True, slots=True)
class PhraseRule:
    """How one event class is said: words, priority, voice, earcon."""

    fn: Phraser
    priority: Priority = Priority.MESSAGE
    voice: VoiceKind = VoiceKind.GAME
    earcon: EarconRule | None = None


# ------------------------------------------------------------------- match
def _match_started(e: E.MatchStarted, s: Say) -> Blocks:
    s = s.with_players(e.players)
    game = M.game_name(e.kind, s.lang, e.preset)
    first = s.t("match.resumed" if e.resumed else "match.new", game=game,
                length=s.n("board.length", e.length))
    if s.ctx.terse:
        return [first]
    out = [first, s.t("match.players", a=s.subject(0), b=s.subject(1))]
    if e.preset != "tavlucky" or s.ctx.chatty:
        out.append(s.t("match.rules", preset=M.preset_name(e.preset, s.lang)))
    return [" ".join(out)]


def _game_started(e: E.GameStarted, s: Say) -> Blocks:
    out = [s.t("game.start", number=e.number, game=M.game_name(e.game, s.lang, s.ctx.preset))]
    if e.why == "previous_winner":
        out.append(s.by("start.winner", e.starter))
        return [" ".join(out)]
    if not s.ctx.terse:
        # "ξαναρίχνετε" when the listener rolls too; after a tie "Ξανά: …", not the heading again
        you = ".you" if s.ctx.listener in (0, 1) else ""
        for i, (a, b) in enumerate(e.rolls):
            if a == b:
                out.append(s.t(("opening.tie.again" if i > 0 else "opening.tie") + you, die=a))
            else:
                out.append(s.t("opening.again" if i > 0 else "opening.roll", entries=s.entries((a, b))))
    if e.first_dice is None or s.ctx.terse:
        # with the opening dice, the dice line says who starts ("You start; your dice are …")
        out.append(s.by("start", e.starter))
    return [" ".join(out)]


def _match_over(e: E.MatchOver, s: Say) -> Blocks:
    loser = 1 - e.winner
    if e.left:  # "Rita wins the match, 0 to 0" would call the standing a winning score
        return [" ".join([s.by("match.left", loser),
                          s.by("match.won_left", e.winner, entries=s.entries(e.scores))])]
    out = [s.by("match.won", e.winner, a=e.scores[e.winner], b=e.scores[loser])]
    return [" ".join(out)]


def _game_over(e: E.GameOver, s: Say) -> Blocks:
    if e.winner is None:
        out = [s.t("game.draw")]
    else:
        how_key = f"how.{e.kind}"
        if e.first_of_kind and f"{how_key}.explained" in M.MESSAGES:
            how_key += ".explained"  # the first time in the match: what the word means
        if how_key not in M.MESSAGES:
            log.warning("no words for game outcome %r", e.kind)
            how_key = "how.single"
        points = s.n("count.point_acc", e.points)
        if e.kind == "drop":
            # "Ο δυνατός παίκτης αρνήθηκε τον διπλασιασμό: η Ρίτα κερδίζει …"
            winner = (s.t("game.won_after.you", points=points) if s.you(e.winner) else
                      s.t("game.won_after.other", who=s.subject(e.winner), points=points))
            out = [s.by("game.dropped", 1 - e.winner, winner=winner)]
        else:
            out = [s.by("game.won", e.winner, how=s.t(how_key), points=points)]
    out.append(s.score(e.scores))
    return [" ".join(out)]


# ------------------------------------------------------------------- turns
def _turn_started(e: E.TurnStarted, s: Say) -> Blocks:
    out = [readout.turn(e.player, None, s)[0]]
    if e.can_double and s.you(e.player) and not s.ctx.terse:
        out.append(s.t("turn.can_double"))
    if s.ctx.chatty and (s.ctx.listener is None or s.you(e.player)):
        # once a round: at the listener's turn (each turn when nobody listens)
        out += s.pips(e.player, e.position.pip_count())
    return [" ".join(out)]


def _turn_started_earcon(e: E.TurnStarted, s: Say) -> str | None:
    return "your_turn" if s.you(e.player) else None


def _dice_rolled(e: E.DiceRolled, s: Say) -> Blocks:
    if s.ctx.terse:
        return [s.by("dice.terse", e.player, dice=s.dice(e.dice, "nom"))]
    key = "dice.auto" if e.automatic else "dice.rolled"
    out = [s.by(key, e.player, dice=s.dice(e.dice, "acc"))]
    if s.ctx.chatty and e.dice[0] == e.dice[1]:
        out.append(s.t("dice.four_moves", die=e.dice[0]))
    return [" ".join(out)]


def _dice_earcon(e: E.DiceRolled, s: Say) -> str | None:
    return None if e.automatic else "dice"


def _plays_offered(e: E.PlaysOffered, s: Say) -> Blocks:
    if s.is_silent_player(e.player):
        return []
    count = len(e.plays)
    grouped = (s.ctx.list_plays or s.ctx.on_request) and \
        plays_told_as_groups(count, s.ctx, speech=s.speech)
    # told as groups, a Greek screen counts in words throughout, as the groups and the prompt
    # do («Έχεις ογδόντα εννέα κινήσεις … Από το 24: σαράντα πέντε κινήσεις»)
    counted = M.plural("count.play", count, s.lang, speech=True) if grouped else \
        s.n("count.play", count)
    if s.ctx.terse:
        intro = s.t("plays.intro.terse")
    elif s.you(e.player):
        intro = M.capitalize(s.t("plays.intro.you", count=counted))
    else:
        intro = M.capitalize(s.t("plays.intro.other", who=s.subject(e.player), count=counted))
    if not s.ctx.list_plays and not s.ctx.on_request:
        return [intro.rstrip(":").rstrip() + "."]
    items = []
    for i, play in enumerate(e.plays, start=1):
        suggested = e.suggested == i or (e.suggested is not None and i <= e.leading)
        key = "plays.item_suggested" if suggested else "plays.item"
        items.append(s.t(key, n=i, play=_listed(play, e.player, s)))
    if grouped:
        # a long list is told as groups by the checker moved (the suggested play
        # first); the whole list on request. One to three plays left are read.
        first = (items[:e.leading] if e.leading else
                 [items[e.suggested - 1]] if e.suggested else [])
        hint = "plays.groups_hint" if s.speech else "plays.groups_hint_screen"
        if s.speech and s.ctx.steps_known:  # heard in full already this match
            hint = "plays.groups_hint_short"
        return [intro] + first + [_play_groups(e, s), s.t(hint)]
    return [intro] + items


#: A long list is cut only when more than this many plays would be left unread.
SHORT_REST = 3


@dataclass
class ToldInFull:
    """How often this match told how to choose step by step in full, in speech ("Choose step
    by step: say from and a point, then a number or to and a point; or ask for the list of
    plays."): the first long turns (:data:`~.priorities.TOLD_IN_FULL`, by verbosity) say it
    in full, later ones short, until the player seems stuck (help asked, a command refused,
    a number not on offer among them). The App keeps one and feeds it every batch of events.

    >>> told = ToldInFull()
    >>> told.known(Verbosity.NORMAL)
    False
    """

    full: int = 0  #: long turns told the hint in full this match
    stuck: bool = False  #: the player seemed stuck since it was last told in full

    def known(self, verbosity: Verbosity) -> bool:
        """True when the next long turn says the hint short."""
        limit = TOLD_IN_FULL.get(verbosity, TOLD_IN_FULL[Verbosity.NORMAL])
        return limit is not None and self.full >= limit and not self.stuck

    def feed(self, events: list[E.Event], ctx: NarrationContext) -> None:
        """Count what ``events`` told, phrased with ``ctx``."""
        for ev in events:
            if isinstance(ev, E.MatchStarted) and not ev.resumed:
                self.full, self.stuck = 0, False
            elif isinstance(ev, (E.HelpReport, E.CommandRejected)):
                self.stuck = True
            elif (isinstance(ev, E.PlaysOffered) and not ctx.steps_known and ctx.list_plays
                  and not ctx.on_request and not Say(ctx, True).is_silent_player(ev.player)
                  and plays_told_as_groups(len(ev.plays), ctx, speech=True)):
                self.full += 1
                self.stuck = False


def plays_told_as_groups(count: int, ctx: NarrationContext, *, speech: bool = False) -> bool:
    """True when ``count`` plays on offer are told as groups by the checker moved, with no
    numbers shown (a long list, not asked for; the whole list comes with ``l``).

    >>> plays_told_as_groups(24, NarrationContext()), plays_told_as_groups(15, NarrationContext())
    (True, False)
    """
    limit = ctx.max_spoken_plays if speech else ctx.max_listed_plays
    return (not ctx.on_request and not ctx.chatty and limit > 0
            and count - limit > SHORT_REST)


def listed_play(play: Play, mover: int, ctx: NarrationContext) -> str:
    """A play as a list on screen shows it: the words a listener hears, then what to type.

    One form per checker group with the hit where it happens, so ``6/5(2) 6/5*``
    is not read as three moves: "3 times 6 to 5 hitting (6/5(2) 6/5*)"; the
    notation in the numbering as set (R1). Plays in words on screen
    (``screen_notation`` off) are the words alone.

    >>> from tavli_voice.rules import Position
    >>> from tavli_voice.rules.movegen import legal_plays
    >>> play = legal_plays(Position.initial("portes"), (3, 3))[0]
    >>> listed_play(play, 0, NarrationContext())
    '2 times 24 to 21, 2 times 13 to 10 (24/21(2) 13/10(2))'
    >>> listed_play(play, 0, NarrationContext(lang="el"))
    'δύο φορές 24 στο 21, δύο φορές 13 στο 10 (24/21(2) 13/10(2))'
    """
    return _listed(play, mover, Say(ctx, speech=False))


def _listed(play: Play, mover: int, s: Say) -> str:
    # a list is heard in the short form ("24 to 18, 13 to 8"): more plays in less time; on
    # screen that form comes before the notation, the words alone in the long form (--words)
    if s.speech or s.ctx.screen_notation:
        return s.play(play, mover, terse=True)
    return s.play(play, mover)


def _play_groups(e: E.PlaysOffered, s: Say) -> str:
    """"From 24: 8 plays. From 13: 12 plays." (the mover's groups, R1 numbering as set).

    Heard, the groups after the first are said as the point and the count
    alone ("From 24: 8 plays. 20: 10, 13: 6, 6: 1."), so a listener reaches a
    checker far down a long turn in a few seconds.
    """
    game = e.position.game
    seen = s.listener_view(e.player)
    parts: list[str] = []
    for group in group_plays(e.plays):
        point = s.seen(group.source, game) if seen and group.source != BAR else group.source
        if s.speech and parts:
            parts.append(f"{point}: {s.num(len(group), 'f')},")
            continue
        # «Από το 23: ογδόντα τέσσερις κινήσεις. Από το 22: πενήντα έξι κινήσεις.»: in Greek
        # every count in words, as some must be and as the prompt after them says the whole
        parts.append(s.t("plays.group", a=s.point_from(point),
                         count=M.plural("count.play", len(group), s.lang, speech=True)))
    if s.speech and len(parts) > 1:
        parts[-1] = parts[-1][:-1] + "."
    return " ".join(parts)


def _step_options(e: E.StepOptions, s: Say) -> Blocks:
    if not e.points:
        line = s.t("step.none")
    elif e.source is None:
        line = s.t("step.pick_from", points=s.join([s.point_from(p) for p in e.points], "or"))
    else:
        line = s.t("step.pick_to", a=s.point_from(e.source),
                   points=s.join([s.point_to(p) for p in e.points], "or"))
    out = [_for(e.player, M.capitalize(line), s)]
    if e.plays:  # the checker's group: its whole plays, numbered in the group
        out.append(s.t("step.group"))
        out += [s.t("plays.item", n=i, play=_listed(play, e.player, s))
                for i, play in enumerate(e.plays, start=1)]
    return out


def _for(player: int, line: str, s: Say) -> str:
    """Prefix a prompt meant for another player with their name (hot seat)."""
    if s.ctx.listener is None or s.you(player):
        return line
    return s.t("prefix.who", who=s.words(player).name, text=line)


def _step_taken(e: E.StepTaken, s: Say) -> Blocks:
    words = s.step(e.step, e.player, e.position.game)
    if e.left:  # R2: the dice still to play, so the next step is chosen knowingly
        words = s.n("step.left", len(e.left), step=words, dice=s.join([str(d) for d in e.left]))
    if s.you(e.player):
        return [M.capitalize(s.t("step.taken.you", step=words))]
    return [s.t("step.taken.other", who=M.capitalize(s.subject(e.player)), step=words)]


def _play_pending(e: E.PlayPending, s: Say) -> Blocks:
    play = s.play(e.play, e.player)
    why = _step_why(dict(e.why).get, s, 0) if e.forced and e.why else ""
    if why:  # the rule that leaves one play (R4's bar, R7.2's first checker)
        return [s.by("play.forced.why", e.player, play=play, why=why)]
    if e.forced:
        return [s.by("play.forced", e.player, play=play)]
    if s.you(e.player) and s.ctx.terse:
        return [M.capitalize(s.t("play.pending.terse", play=play))]
    return [s.by("play.pending", e.player, play=play)]


def _play_made(e: E.PlayMade, s: Say) -> Blocks:
    play = s.play(e.play, e.player, past=True)
    bore = s.bear_offs(e.play, e.player, past=True) if not s.ctx.terse else None
    if e.by_timer:
        out = [s.by("play.timer", e.player, play=play)]
    elif bore:  # «Έπαιξες από το 8 στο 3 και μάζεψες ένα από το 6» / «Μάζεψες ένα από το 6»,
        # as a player says it; on screen the notation after the sentence's words
        said = s.by("play.moved_bore_off", e.player, play=bore[0], checkers=bore[1]) \
            if bore[0] else s.by("play.bore_off", e.player, checkers=bore[1])
        stop = "." if said.endswith(".") else ""
        out = [s.noted(said[:len(said) - len(stop)], e.play, e.player) + stop]
    elif s.ctx.terse:
        out = [s.by("play.terse", e.player, play=play)]
    else:
        out = [s.by("play.made", e.player, play=play)]
    out += s.effects(e.play, e.player) + s.freed(e.play, e.player)
    return [" ".join(out)]


def _turn_passed(e: E.TurnPassed, s: Say) -> Blocks:
    why = s.reason(e.reason, mover=e.player)
    theirs = s.listener_view(e.player) and s.ctx.game != ""  # the stuck checker's points too
    stuck = _step_why(dict(e.stuck).get, s, 0, theirs=theirs) if e.stuck else ""
    if stuck:  # R6: why the checker outside cannot come home itself
        why = s.t("reason.outside_stuck", reason=why, why=stuck)
    if s.ctx.terse:
        return [s.t("pass.terse", reason=why)]
    return [s.by("pass", e.player, reason=why)]


def _turn_shortened(e: E.TurnShortened, s: Say) -> Blocks:
    why = s.reason(e.reason, mover=e.player)
    if s.ctx.terse:
        return [M.capitalize(why) + "."]
    return [s.by("short", e.player, reason=why)]


def _mother_pinned(e: E.MotherPinned, s: Say) -> Blocks:
    if s.you(e.pinner):
        first = s.t("mother.pinned.you", whose_other=s.whose(1 - e.pinner))
    elif s.ctx.listener is not None:
        first = M.capitalize(s.t("mother.pinned.yours", who=s.subject(e.pinner)))
    else:
        first = M.capitalize(s.t("mother.pinned.other", who=s.subject(e.pinner),
                                 whose_other=s.whose(1 - e.pinner)))
    second = s.t("mother.ends") if e.ends_game else s.by("mother.goes_on", e.pinner)
    return [f"{first} {second}"]


def _undone(e: E.Undone, s: Say) -> Blocks:
    return [s.by("undone", e.player)]


# --------------------------------------------------------- questions, cube
def _question_asked(e: E.QuestionAsked, s: Say) -> Blocks:
    if s.ctx.players[e.player].is_bot:
        return []  # a bot answers at once; nothing to ask aloud
    if e.kind == "resign" and e.scores is not None and e.value:
        # R9: the price before the question: the opponent's points and the score after
        key = _noisy("ask.resign.match" if e.ends_match else "ask.resign.price", s)
        return [_for(e.player, s.t(key, who=s.subject(1 - e.player),
                                   points=s.n("count.point_acc", e.value),
                                   entries=s.entries(e.scores)), s)]
    key = _noisy(f"ask.{e.kind}" if f"ask.{e.kind}" in M.MESSAGES else "ask.other", s)
    if e.kind == "take" and ((s.ctx.window and not s.speech) or not s.ctx.list_plays):
        # the window's buttons and a switch's scan offer Take and Drop, never Yes and No
        key = "ask.take.buttons"
    value = s.n("count.point_acc", e.value) if isinstance(e.value, int) else e.value
    return [_for(e.player, s.t(key, value=value), s)]


def _noisy(key: str, s: Say) -> str:
    """``key``'s ``_noisy`` form unless the room is known quiet (``NarrationContext.noisy_answers``), if it has
    one."""
    return f"{key}_noisy" if s.ctx.noisy_answers and f"{key}_noisy" in M.MESSAGES else key


def _double_offered(e: E.DoubleOffered, s: Say) -> Blocks:
    return [s.by("double.offer", e.player, value=s.n("count.point_acc", e.value))]


def _double_answered(e: E.DoubleAnswered, s: Say) -> Blocks:
    if e.took:
        return [s.by("double.took", e.player, value=s.n("count.point_acc", e.value))]
    return [s.by("double.dropped", e.player)]


# ------------------------------------------------------------ refusals
_NO_DETAILS = ("no_undo", "nothing_to_confirm", "nothing_to_cancel", "no_question",
               "cannot_double", "no_double", "no_plays_now", "match_over", "unknown_command",
               "no_bot_opponent")


def _no_such_step_point(e: E.CommandRejected, s: Say) -> str:
    """"f 30", "t 30", "from off", "to the bar": no such point to step from or to, then
    where a checker can move from."""
    point, step = e.get("point", 0), e.get("step")
    if step == "from" and point == 0:
        line = s.t("reject.no_such_point.from_off")
    elif step == "to" and point == 25:
        line = s.t("reject.no_such_point.to_bar")
    else:
        line = s.t("reject.no_such_point", point=point)
    sources = tuple(e.get("sources", ()))
    if sources:
        line += " " + s.t("reject.sources", points=s.join([s.point_from(p) for p in sources], "or"))
    return line


def _command_rejected(e: E.CommandRejected, s: Say) -> Blocks:
    code = e.code
    if code == "not_now":
        what = _noisy(f"expected.{e.get('expected')}", s)  # "answer yes or no first" names the words asked for
        if what in M.MESSAGES:
            return [s.t("reject.not_now", what=s.t(what))]
        return [s.t("reject.generic")]
    if code == "no_such_play":
        return [_no_such_play(e, s)]
    if code == "nothing_to_cancel" and e.get("steps"):
        key = "reject.nothing_to_cancel.steps"
        return [s.t(key if s.ctx.show_keys and not s.speech else key + ".say")]
    if code == "no_checker_to_move":
        point = s.point_from(e.get("point", 0))
        why = _step_why(e.get, s, e.get("point", 0))
        line = M.capitalize(s.t("reject.no_checker_to_move.why", point=point, why=why) if why
                            else s.t("reject.no_checker_to_move", point=point))
        sources = tuple(e.get("sources", ()))
        if sources:
            line += " " + s.t("reject.sources",
                              points=s.join([s.point_from(p) for p in sources], "or"))
        return [line]
    if code == "say_from_first":
        return [s.t("reject.say_from_first", point=s.point(e.get("point", 0)))]
    if code == "illegal_step":
        source, point = s.point_from(e.get("source", 0)), s.point(e.get("point", 0))
        why = _step_why(e.get, s, e.get("source", 0), e.get("point", 0))
        if why:
            return [M.capitalize(s.t("reject.illegal_step.why", source=source, point=point,
                                     why=why))]
        return [M.capitalize(s.t("reject.illegal_step", source=source, point=point))]
    if code == "no_such_point" and e.get("step"):
        return [_no_such_step_point(e, s)]
    if code in ("no_such_point", "no_such_quarter"):
        details = {"point": e.get("point"), "quarter": e.get("quarter")}
        return [M.capitalize(s.t(f"reject.{code}", **details))]
    if code == "wrong_game":
        game = str(e.get("game", ""))
        return [s.t("reject.wrong_game", game=M.game_name(game, s.lang, s.ctx.preset))]
    if code in _NO_DETAILS:
        return [s.t(f"reject.{code}")]
    log.warning("no words for refusal %r %r", code, e.details)
    return [s.t("reject.generic")]


def _no_such_play(e: E.CommandRejected, s: Say) -> str:
    """A play number out of range: the range, or the step asked for mid-way through a play."""
    count = int(e.get("count", 0))
    points = tuple(e.get("step_points", ()))
    if points:  # mid-way through a step-by-step play: the step asked for now
        src = e.get("step_from")
        if src is None:
            step = s.t("step.pick_from", points=s.join([s.point_from(p) for p in points], "or"))
        else:
            step = s.t("step.pick_to", a=s.point_from(src),
                       points=s.join([s.point_to(p) for p in points], "or"))
        return s.t("reject.no_such_play.steps", number=e.get("number")) + " " + M.capitalize(step)
    if count <= 0:
        return s.t("reject.no_plays_now")
    key = "reject.no_such_play.one" if count == 1 else "reject.no_such_play"
    return s.t(key, number=e.get("number"), count=count)


def _step_why(get: Callable[..., Any], s: Say, source: int, target: int | None = None, *,
              theirs: bool = False) -> str:
    """The rule that refused a step, as a clause ("" when the refusal names none).

    ``get`` reads the details (a refusal's ``get``, or a dict's for other events);
    ``theirs``: another player's step told to the listener, its points in the listener's
    numbering and the points held, or the starting point to pass, the listener's.
    """
    yours = ".yours" if theirs else ""
    why = get("why")
    if why is None:
        return ""
    if why == "distance":
        left = tuple(get("dice", ()))
        if len(left) == 1:
            dice = s.t("step.dice.one", die=left[0])
        elif len(set(left)) == 1:
            dice = s.t("step.dice.same", die=left[0])
        else:
            dice = s.t("step.dice.two", a=left[0], b=left[1])
        if target == 0:
            return s.t("step.why.distance_off", source=s.point_from(source),
                       n=get("distance"), dice=dice)
        return s.t("step.why.distance", source=s.point(source), point=s.point(target or 0),
                   n=get("distance"), dice=dice)
    if why == "one_die_at_a_time":
        return s.t("step.why.one_die_at_a_time", n=get("distance"))
    if why == "all_held":
        targets = tuple(get("targets", ()))
        if theirs:
            targets = tuple(sorted(s.seen(p, s.ctx.game) for p in targets))
        key = "step.why.all_held.one" if len(targets) == 1 else "step.why.all_held"
        return s.t(key + yours, points=s.points(targets, "or"))
    if why == "first_checker":
        front = get("front")
        return s.t("step.why.first_checker" + yours,
                   front=s.seen(front, s.ctx.game) if theirs and isinstance(front, int) else front)
    if why == "cannot_bear_off":
        return s.t("reason.cannot_bear_off", point=get("outside"))
    if why == "bar_first":
        return s.bar_first(int(get("checkers", 1)))
    key = f"step.why.{why}"
    if key + yours in M.MESSAGES:  # another player's checker told to the listener
        key += yours
    if key in M.MESSAGES:
        return s.t(key, point=s.point(target or 0))
    log.warning("no words for a refused step %r", why)
    return ""


# -------------------------------------------------------------- reports
def _position_report(e: E.PositionReport, s: Say) -> Blocks:
    return readout.describe(e, s)


def _point_report(e: E.PointReport, s: Say) -> Blocks:
    return readout.point(e, s)


def _quarter_report(e: E.QuarterReport, s: Say) -> Blocks:
    return readout.quarter(e, s)


def _pip_report(e: E.PipReport, s: Say) -> Blocks:
    return [" ".join(s.pips(e.view, e.pips, lead=not s.ctx.terse))]


def _score_report(e: E.ScoreReport, s: Say) -> Blocks:
    out = [s.score(e.scores), s.t("score.length", length=s.n("board.length", e.length))]
    if e.game and e.number:
        out.append(s.t("score.game", number=e.number,
                       game=M.game_name(e.game, s.lang, s.ctx.preset)))
    return [" ".join(out)]


def _help_report(e: E.HelpReport, s: Say) -> Blocks:
    if s.ctx.listener is not None and not s.you(e.player):
        intro = M.capitalize(s.t("help.intro.other", who=s.subject(e.player)))
    else:
        intro = s.t("help.intro")
    window = s.ctx.window and not s.speech
    # switch scanning in the terminal (the scanner reads the options, so no list): no
    # typed letters, which the switch cannot press, no play numbers, and where its speed is
    switch = not s.ctx.list_plays and not s.ctx.window
    lines = M.help_lines(s.lang, e.commands, e.plays, speech=s.speech,
                         keys=s.ctx.show_keys and not switch, saving=s.ctx.saving, window=window,
                         scanned=switch, noisy=s.ctx.noisy_answers)
    if switch:
        lines = ([s.t("help.select.scan")] if "select" in e.commands else []) + lines
        lines.append(s.t("help.scan.settings"))
    if window:
        lines.append(s.t("help.window.display"))
    if s.ctx.show_keys and not switch and not s.speech and s.lang == "el":
        # typed Greek words work too ("ρίξε", "θέση 13"); English screens hold no Greek letters
        lines.append(s.t("ui.help.words"))
    if s.ctx.show_keys and not switch and not s.speech and s.ctx.screen_notation:
        # a screen reader reads every play twice, in words and as 24/21: the way to words alone
        lines.append(s.t("ui.help.words_only"))
    return [intro] + lines


def _hint_report(e: E.HintReport, s: Say) -> Blocks:
    play = s.play(e.play, e.player)
    if not s.ctx.list_plays:
        # switch scanning numbers no plays: name the play the way it is scanned
        return [s.t("hint.play", play=play)]
    if e.shown and (s.you(e.player) or s.ctx.listener is None):
        # a checker picked or steps taken on a long turn: a number picks from the shorter
        # list offered now, so the hint names the play's number there, or how to get back
        if e.local:
            return [s.t("hint", n=e.local, play=play)]
        if s.speech and plays_told_as_groups(e.count or e.number, s.ctx, speech=True):
            return [s.t("hint.elsewhere.play", play=play)]
        return [s.t("hint.elsewhere", play=play, n=e.number)]
    if s.speech and plays_told_as_groups(e.count or e.number, s.ctx, speech=True):
        # a list this long was told aloud as groups, its numbers unsaid: the play in words,
        # the words that choose it by voice ("from 10 to 5")
        if s.you(e.player) or s.ctx.listener is None:
            return [s.t("hint.play", play=play)]
        return [s.t("hint.other.play", who=s.subject(e.player), play=play)]
    if s.you(e.player) or s.ctx.listener is None:
        return [s.t("hint", n=e.number, play=play)]
    return [s.t("hint.other", who=s.subject(e.player), n=e.number, play=play)]


def grouped_hint_text(e: E.HintReport, ctx: NarrationContext, keys: list[str]) -> str:
    """The hint on screen when the plays were told as groups, their numbers not shown: the
    play in words, then the ``keys`` that reach it from the groups ("f 10 then 3"), its
    number in the whole list last (typed, it works too).

    >>> from tavli_voice.rules import Position
    >>> from tavli_voice.rules.movegen import legal_plays
    >>> play = legal_plays(Position.initial("portes"), (6, 5))[0]
    >>> grouped_hint_text(E.HintReport(0, 1, play), NarrationContext(), ["f 24", "1"])
    'Hint: from 24 to 18, from 13 to 8 (24/18 13/8). Type f 24 then 1 (or 1, its number in the whole list).'
    """
    s = Say(ctx, speech=False)
    return s.t("hint.grouped", play=s.play(e.play, e.player),
               keys=M.join_list(keys, s.lang, "then"), n=e.number)


def _cube_hint_report(e: E.CubeHintReport, s: Say) -> Blocks:
    said = s.t("hint.take" if e.take else "hint.drop")
    if e.reason is None:
        return [said]
    key = "match" if e.reason == "match" else "take" if e.take else "drop"
    return [f"{said} {s.t(f'hint.cube_why.{key}')}"]


def _opponent_changed(e: E.OpponentChanged, s: Say) -> Blocks:
    # the level by its name in words ("ο δυνατός παίκτης, …"), never the bot's id
    level = f"level.{e.bot}"
    return [s.t("opponent.changed", level=s.t(level) if level in M.ENTRIES else e.bot)]


def _reasons(s: Say, player: int, game: str, reasons: tuple[E.ReasonFact, ...],
             chosen: bool = True) -> str:
    """The reasons said from ``player``'s side ("your play …", before a play is chosen
    "the other play …"), or that none stands out."""
    from tavli_voice.words.reasons import ROLL_KINDS, say_reasons

    if s.listener_view(player):  # points in the listener's numbering; rolls stay rolls
        reasons = tuple(r if r.kind in ROLL_KINDS else
                        E.ReasonFact(r.kind, r.mine, r.better,
                                     tuple(s.seen(p, game) for p in r.points)) for r in reasons)
    return say_reasons(game, reasons, s.lang, s.words(1 - player), speech=s.speech,
                       chosen=chosen)


def _why_report(e: E.WhyReport, s: Say) -> Blocks:
    if e.other is None:
        return [s.t("why.best" if e.chosen else "why.only")]
    hint, other = s.play(e.hint, e.player), s.play(e.other, e.player)
    intro = s.t("why.intro.chosen" if e.chosen else "why.intro.next", hint=hint, other=other)
    if e.same:  # valued alike: no reason to give, and the hint's play is no better
        return [intro, s.t("why.same" if e.chosen else "why.other.same")]
    said = _reasons(s, e.player, e.hint.result.game, e.reasons, e.chosen)
    if e.close:  # nearly alike: what still tells the plays apart, none the cause
        return [intro, f"{s.t('why.close')} {said}"]
    return [intro, said]


def _coach_note(e: E.CoachNote, s: Say) -> Blocks:
    play = s.play(e.better, e.player)
    why = [] if e.reasons is None else [_reasons(s, e.player, e.better.result.game, e.reasons)]
    if e.win_gain >= 1:
        return [s.t("coach.mistake", play=play, pct=e.win_gain)] + why
    return [s.t("coach.mistake.points", play=play,
                points=M.point_share(e.equity_loss, s.lang))] + why


def _time_warning(e: E.TimeWarning, s: Say) -> Blocks:
    if s.you(e.player):
        return [s.n("time.left.you", e.seconds)]
    return [s.n("time.left.other", e.seconds, who=s.words(e.player).name)]


def _timed_out(e: E.TimedOut, s: Say) -> Blocks:
    # «μία από τις τρεις φορές … αν σου τελειώσει ο χρόνος τρεις φορές στη σειρά»: feminine, as φορές
    return [s.by("time.timed_out", e.player, count=s.num(e.count, "f"),
                 of=s.n("count.time_of", e.limit), times=s.n("count.time", e.limit))]


def _history_report(e: E.HistoryReport, s: Say) -> Blocks:
    if not e.events:
        return [s.t("history.empty")]
    out = [s.t("history.intro")]
    for inner in e.events:
        out += _blocks(inner, rule_for(inner), s)
    return out


#: A play's notation in parentheses after its words (:meth:`Say.noted`): "(8/5 6/5)",
#: "(bar/22 6/off(2))", «(μπάρα/22 6/έξω(2))», "(13/7*)". A notice (a review's line) shows it; speech
#: leaves it out.
_NOTED_STEP = rf"(?:{BAR_WRITTEN}|\d{{1,2}})(?:/(?:\d{{1,2}}|{OFF_WRITTEN})[*^]?)+(?:\(\d\))?"
NOTED = re.compile(rf" \({_NOTED_STEP}(?: {_NOTED_STEP})*\)")


def _notice(e: E.Notice, s: Say) -> Blocks:
    """The notice as it is; in speech without a play's notation after its words.

    >>> NOTED.sub("", "The expert's play: from 8 to 5, from 6 to 5 (8/5 6/5).")
    "The expert's play: from 8 to 5, from 6 to 5."
    >>> NOTED.sub("", "1: 3 times 7 to 6, 1 off (7/6(3) 1/off) (not this)")
    '1: 3 times 7 to 6, 1 off (not this)'
    >>> NOTED.sub("", "1: από την μπάρα στο 22, 2 φορές 6 έξω (μπάρα/22 6/έξω(2)).")
    '1: από την μπάρα στο 22, 2 φορές 6 έξω.'
    """
    return [NOTED.sub("", e.text) if s.speech else e.text]


def _goodbye(e: E.Goodbye, s: Say) -> Blocks:
    both = "" if any(p.is_bot for p in s.ctx.players) else ".both"  # «Γεια σας» to two people
    return [s.t(("goodbye.saved" if e.saved else "goodbye") + both,
                command=s.ctx.resume_command)]


def _generic(e: object, s: Say) -> Blocks:
    return [s.t("generic.event", name=type(e).__name__)]


def _error_earcon(e: object, s: Say) -> str | None:
    return "error"


IMP, MSG, TXT = Priority.IMPORTANT, Priority.MESSAGE, Priority.TEXT
SYSTEM = VoiceKind.SYSTEM

#: The table: event class → how it is said (style guide 2.1, 3.1).
PHRASES: dict[type, PhraseRule] = {
    E.MatchStarted: PhraseRule(_match_started, MSG),
    E.GameStarted: PhraseRule(_game_started, MSG),
    E.TurnStarted: PhraseRule(_turn_started, MSG, earcon=_turn_started_earcon),
    E.DiceRolled: PhraseRule(_dice_rolled, MSG, earcon=_dice_earcon),
    E.PlaysOffered: PhraseRule(_plays_offered, MSG),
    E.StepOptions: PhraseRule(_step_options, TXT),
    E.StepTaken: PhraseRule(_step_taken, MSG),
    E.PlayPending: PhraseRule(_play_pending, MSG),
    E.PlayMade: PhraseRule(_play_made, MSG),
    E.TurnPassed: PhraseRule(_turn_passed, IMP),
    E.TurnShortened: PhraseRule(_turn_shortened, IMP),
    E.MotherPinned: PhraseRule(_mother_pinned, IMP),
    E.Undone: PhraseRule(_undone, MSG),
    E.QuestionAsked: PhraseRule(_question_asked, IMP),
    E.DoubleOffered: PhraseRule(_double_offered, MSG),
    E.DoubleAnswered: PhraseRule(_double_answered, MSG),
    E.GameOver: PhraseRule(_game_over, IMP),
    E.MatchOver: PhraseRule(_match_over, IMP),
    E.CommandRejected: PhraseRule(_command_rejected, IMP, SYSTEM, _error_earcon),
    E.PositionReport: PhraseRule(_position_report, MSG),
    E.PointReport: PhraseRule(_point_report, MSG),
    E.QuarterReport: PhraseRule(_quarter_report, MSG),
    E.PipReport: PhraseRule(_pip_report, MSG),
    E.ScoreReport: PhraseRule(_score_report, MSG),
    E.HelpReport: PhraseRule(_help_report, MSG, SYSTEM),
    E.HintReport: PhraseRule(_hint_report, MSG),
    E.CubeHintReport: PhraseRule(_cube_hint_report, MSG),
    E.CoachNote: PhraseRule(_coach_note, MSG),
    E.WhyReport: PhraseRule(_why_report, MSG),
    E.OpponentChanged: PhraseRule(_opponent_changed, IMP),
    E.TimeWarning: PhraseRule(_time_warning, MSG),
    E.TimedOut: PhraseRule(_timed_out, IMP),
    E.Goodbye: PhraseRule(_goodbye, IMP, SYSTEM),
    E.Notice: PhraseRule(_notice, IMP, SYSTEM),
    E.HistoryReport: PhraseRule(_history_report, MSG),
}

_GENERIC = PhraseRule(_generic, MSG, SYSTEM)


def rule_for(event: object) -> PhraseRule:
    """The rule for ``event``'s class (or a base class); generic, with a log line, if none."""
    for cls in type(event).__mro__:
        rule = PHRASES.get(cls)
        if rule is not None:
            return rule
    log.warning("no phrase for event %s; using a generic one", type(event).__name__)
    return _GENERIC


def _blocks(event: object, rule: PhraseRule, say: Say) -> Blocks:
    try:
        return [b for b in rule.fn(event, say) if b]
    except Exception:  # the edge: words must never stop the game
        log.exception("phrasing %s failed", type(event).__name__)
        return _generic(event, say)


def phrase(event: E.Event, ctx: NarrationContext) -> Utterance:
    """What the narrator says for ``event``: words only, blocks separated by pauses."""
    rule = rule_for(event)
    say = Say(ctx, speech=True)
    segments: list[Segment] = []
    for block in _blocks(event, rule, say):
        if segments:
            segments.append(Pause(LIST_PAUSE_MS))
        segments.append(block)
    earcon = rule.earcon(event, say) if rule.earcon is not None and segments else None
    return Utterance(tuple(segments), rule.priority, rule.voice, ctx.lang, ctx.turn, earcon,
                     type(event).__name__)


def screen_text(event: E.Event, ctx: NarrationContext) -> str:
    """The screen line(s) for ``event`` ("" when there is nothing to show)."""
    return "\n".join(_blocks(event, rule_for(event), Say(ctx, speech=False)))


def render(event: E.Event, ctx: NarrationContext) -> tuple[str, Utterance]:
    """Both at once: ``(screen_text, phrase)``."""
    return screen_text(event, ctx), phrase(event, ctx)


__all__ = ["NarrationContext", "PresentationReason", "PhraseRule", "PHRASES", "phrase",
           "screen_text", "render", "rule_for", "grouped_hint_text", "ToldInFull"]
