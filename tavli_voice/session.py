"""The game controller: takes commands, applies them to the rules, emits events.

One :class:`Session` owns a match (R9) and its current game. Every input —
keys, voice, switch scanning, bots — sends the same :mod:`~tavli_voice.commands`
to :meth:`Session.handle`; every output renders the :mod:`~tavli_voice.events`
it returns. The session does no I/O: no files, audio, clocks or printing.
Time comes in through :meth:`Session.tick` (only when the R9 timer is on) and
saving is done by :mod:`tavli_voice.storage` from :meth:`Session.snapshot`.

Flow of a turn::

    ROLL ──Roll──▶ PLAY ──ChoosePlay/FromPoint+ToPoint──▶ CONFIRM ──Confirm──▶ next turn
      │  (vog) Double ─▶ ANSWER ─Take/Drop─▶ ROLL / game over      │ Undo ─▶ PLAY

Replay: every state-changing command of the current game is logged; at the
start of each game the match state is kept as a checkpoint and the log
starts empty. A session rebuilt from the checkpoint and the log (with the
same seed) reaches exactly the same state, dice included (R3: one seeded
dice source per game), which is how ``tavli-voice resume`` works; resuming
and saving cost the same in game 1 and game 100. Bots are asked again during
replay, so their own seeded choices repeat too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

from . import commands as C
from . import events as E
from . import savefile
from .bots import BOT_NAMES, HINT_BOT, bot_name, make_bot
from .bots.base import Bot
from .command_table import ALWAYS_OFFERED, PHASE_COMMANDS
from .events import Phase, QuestionKind, RejectCode
from .rules import (Cube, DiceSource, GameName, MatchConfig, MatchState, Outcome, OutcomeKind,
                    PassReason, Play, Position, Preset, Reason, StepChooser, analyse,
                    game_outcome, game_seed, is_closed_out, opening)
from .rules.blocked import StepRefusal, why_forced, why_no_step
from .rules.games import game_for
from .rules.outcome import drop_outcome, resign_outcome
from .rules.playgroups import group_of



@dataclass(frozen=True, slots=True)
class SessionOptions:
    """How the session behaves for people (not rules)."""

    confirm_plays: bool = True   #: a chosen play waits for Confirm (undo until then)
    suggestions: bool = False    #: list the suggested play first (PlaysOffered.suggested)
    coach: bool = False          #: after a person's clear mistake, say how much better the hint is
    auto_single: bool = False    #: play a turn's only legal play without asking
    hint_bot: str = HINT_BOT     #: the bot whose play is the hint, the suggestion and the time-out play
    #: Above this many plays, picking a checker offers its group's whole plays,
    #: numbered 1, 2 … in the group (:mod:`tavli_voice.rules.playgroups`).
    group_above: int = 12
    #: With suggestions on, how many of the hint bot's best plays come first, best first.
    suggest_top: int = 3


class Session:
    """A match in progress; see the module docstring for the flow."""

    def __init__(self, config: MatchConfig, players: tuple[E.PlayerInfo, E.PlayerInfo],
                 options: SessionOptions | None = None) -> None:
        self.config = config
        self.players = players
        self.options = options or SessionOptions()
        self.match = MatchState(config)
        self.log: list[list[Any]] = []  #: the current game's commands
        self.turn_counter = 0
        #: the match state and turn count when the current game started
        self.checkpoint: dict[str, Any] = {"match": self.match.to_json(), "turn": 0}
        #: the options a restored save held values of that could not be used (their
        #: defaults are taken): name -> the saved value (:func:`savefile.unusable_options`)
        self.options_reset: dict[str, Any] = {}
        for p in players:
            if p.bot is not None:
                make_bot(p.bot, seed=0)  # fail early on an unknown bot name
        self._closed_passes = 0
        self._best: tuple[int, Play] | None = None  #: (turn, the strong bot's play)
        self._leading = 0  #: how many of the hint bot's best plays lead the offer
        #: each person's last play, to explain it: player → (game number, position, dice,
        #: the plays on offer, the play made, the hint's play if it was asked for)
        self._made: dict[int, tuple[int, Position, tuple[int, int], tuple[Play, ...], Play,
                                    Play | None]] = {}
        self.timeouts = [0, 0]
        self.deadline: float | None = None
        self._warned = False
        self._question: tuple[QuestionKind, int] | None = None
        self._return_phase = Phase.ROLL
        # per-game state, set by _start_game
        self.game = GameName(config.game_name(0))
        self.game_number = 0
        self.position: Position = Position.initial(config.game_name(0), config.preset)
        self.to_move = 0
        self.dice: tuple[int, int] | None = None
        self.plays: tuple[Play, ...] = ()
        self.pending: Play | None = None
        self.chooser: StepChooser | None = None
        self.source: int | None = None
        self.phase = Phase.ROLL
        self.dice_source = DiceSource(0)
        self._last_events: list[E.Event] = []
        #: a restored session: the events of replaying the current game (for history)
        self.replayed: list[E.Event] = []

    # ------------------------------------------------------------------ start
    def start(self) -> list[E.Event]:
        """Begin the match: MatchStarted, then the first game."""
        out: list[E.Event] = [E.MatchStarted(self.config.kind, self.config.length,
                                             Preset(self.config.preset), self.players)]
        out += self._start_game()
        return self._done(out)

    def _mark_game_start(self) -> None:
        """A new game (or the match's end): checkpoint the match, start an empty log."""
        self.checkpoint = {"match": self.match.to_json(), "turn": self.turn_counter}
        self.log = []

    def _start_game(self) -> list[E.Event]:
        self._mark_game_start()
        index = self.match.games_played
        self.game = GameName(self.match.next_game)
        self.game_number = index + 1
        self.dice_source = DiceSource(game_seed(self.config.seed, index))
        op = opening(self.config.preset, self.game, self.dice_source,
                     self.match.previous_winner, first_game=index == 0)
        pos = Position.initial(self.game, self.config.preset)
        self.to_move = op.starter
        self.position = pos
        self.timeouts = [0, 0]
        out: list[E.Event] = [E.GameStarted(self.game, self.game_number, op.starter, op.why,
                                            op.rolls, op.first_dice)]
        if op.first_dice is not None:
            out += self._begin_turn(dice=op.first_dice)
        else:
            out += self._begin_turn()
        return out

    # ------------------------------------------------------------------ turns
    def _begin_turn(self, dice: tuple[int, int] | None = None) -> list[E.Event]:
        self.turn_counter += 1
        self.dice = None
        self.plays = ()
        self.pending = None
        self.chooser = None
        self.source = None
        self._warned = False
        if is_closed_out(self.position) and self._closed_passes < 2:
            # R4: passes without rolling, and is not a time-out (R9). The guard
            # stops two closed-out players passing to each other for ever.
            self._closed_passes += 1
            reason = Reason.make(PassReason.CLOSED_OUT, checkers=self.position.bar[0])
            return [E.TurnPassed(self.to_move, None, reason)] + self._next_turn()
        self._closed_passes = 0
        if dice is not None:
            return self._rolled(dice, automatic=True)
        self.phase = Phase.ROLL
        return [E.TurnStarted(self.to_move, self.position, self._can_double())]

    def _can_double(self) -> bool:
        cube = self.position.cube
        return (self.match.doubling_allowed() and cube is not None
                and cube.owner in (None, "mover"))

    def _rolled(self, dice: tuple[int, int], automatic: bool = False) -> list[E.Event]:
        turn = analyse(self.position, dice)
        self.dice = dice
        self.plays = turn.plays
        self._leading = 0
        if self.options.suggestions and len(turn.plays) > 1 and not self._is_bot(self.to_move):
            # the person asked for suggestions: the hint bot's best plays come first
            best = self._best_plays(self.options.suggest_top)
            self.plays = best + tuple(p for p in self.plays if p not in best)
            self._leading = len(best)
        out: list[E.Event] = [E.DiceRolled(self.to_move, dice, len(turn.plays), automatic)]
        if not turn.plays:
            assert turn.reason is not None
            out.append(E.TurnPassed(self.to_move, dice, turn.reason, _stuck(self.position,
                                                                             dice, turn.reason)))
            return out + self._next_turn()
        if turn.reason is not None:
            out.append(E.TurnShortened(self.to_move, turn.reason))
        self.chooser = StepChooser(self.position, dice, self.plays)
        self.phase = Phase.PLAY
        if len(self.plays) == 1 and not self._is_bot(self.to_move):
            # a forced play: announced and played on one confirmation (at once with
            # auto_single), never "1" and then "confirm"
            self.pending = self.plays[0]
            forced = why_forced(self.position)
            why = () if forced is None else tuple(sorted({"why": forced[0].value,
                                                          **forced[1]}.items()))
            if self.options.auto_single:
                return out + [E.PlayPending(self.to_move, self.pending, True, why)] \
                    + self._commit()
            self.phase = Phase.CONFIRM
            return out + [E.PlayPending(self.to_move, self.pending, True, why)]
        out.append(self._offer())
        return out

    def _offer(self) -> E.PlaysOffered:
        suggested = None
        if self.options.suggestions and self.dice is not None and not self._is_bot(self.to_move):
            suggested = self.suggested_number()
        return E.PlaysOffered(self.to_move, self.dice or (0, 0), self.plays, self.position,
                              suggested, self._leading if suggested is not None else 0)

    def _best_plays(self, count: int) -> tuple[Play, ...]:
        """The hint bot's ``count`` best plays, best first: its choice, then its choice of the rest."""
        best = [self.plays[self.suggested_number() - 1]]
        hint_bot = self._bot(self.options.hint_bot, "hint")
        assert self.dice is not None
        while len(best) < min(count, len(self.plays)):
            rest = tuple(p for p in self.plays if p not in best)
            best.append(hint_bot.choose_play(self.position, self.dice, rest))
        return tuple(best)

    def suggested_number(self) -> int:
        """1-based number of the suggested play (the hint), the same all turn long.

        The one source of advice: the hint, the suggestion listed first, the
        switch scanner's play offered first and the play made at a time-out
        all come from here (the ``hint_bot`` option names the bot).
        """
        assert self.dice is not None
        if self._best is None or self._best[0] != self.turn_counter:
            hint_bot = self._bot(self.options.hint_bot, "hint")
            self._best = (self.turn_counter,
                          hint_bot.choose_play(self.position, self.dice, self.plays))
        return self.plays.index(self._best[1]) + 1

    def _choose(self, play: Play) -> list[E.Event]:
        self.pending = play
        if self.options.confirm_plays and not self._is_bot(self.to_move):
            self.phase = Phase.CONFIRM
            return [E.PlayPending(self.to_move, play)]
        return self._commit()

    def _commit(self, by_timer: bool = False) -> list[E.Event]:
        play = self.pending
        assert play is not None and self.dice is not None
        out: list[E.Event] = [E.PlayMade(self.to_move, play, self.dice, by_timer)]
        if not self._is_bot(self.to_move):
            asked = self._best[1] if self._best and self._best[0] == self.turn_counter else None
            self._made[self.to_move] = (self.game_number, self.position, self.dice, self.plays,
                                        play, asked)
        if self.options.coach and not by_timer and not self._is_bot(self.to_move):
            out += self._coach(play)
        before = self.position
        after = play.result
        if game_for(after).pins_mother(before, after):
            out.append(E.MotherPinned(self.to_move, game_outcome(after) is not None))
        self.position = after
        outcome = game_outcome(after)
        if outcome is not None:
            return out + self._game_over(outcome)
        return out + self._next_turn()

    def _coach(self, play: Play) -> list[E.Event]:
        """The coach's word on a clear mistake (by the expert's judgement), else nothing."""
        from .bots.coach import judge

        note = judge(self.plays, play, before=self.position)
        if note is None:
            return []
        reasons = None if note.why is None else _reason_facts(note.why.reasons)
        return [E.CoachNote(self.to_move, note.better, note.win_gain, note.equity_loss, reasons)]

    def _cube_hint(self, why: bool) -> list[E.Event]:
        """While a double waits, whether the expert would take it or drop it (R9.1), and
        asked why, what that rests on: a drop that loses the match, else the stake."""
        from .bots.base import drop_loses_match

        taker, seen = 1 - self.to_move, self.position.flip()
        scores = self._scores_for(taker)
        take = self._bot(self.options.hint_bot, "hint").cube_take(seen, scores, self.config.length)
        reason = None if not why else \
            "match" if drop_loses_match(seen, scores, self.config.length) else "stake"
        return [E.CubeHintReport(taker, take, reason)]

    def _hint(self) -> list[E.Event]:
        """The expert's play (also once a play is chosen: a second opinion), or while a
        double waits, whether the expert would take it or drop it (R9.1)."""
        if self.phase is Phase.ANSWER:
            return self._cube_hint(why=False)
        if self.phase not in (Phase.PLAY, Phase.CONFIRM) or self.dice is None:
            return self._reject(RejectCode.NO_PLAYS_NOW)
        n = self.suggested_number()
        play = self.plays[n - 1]
        # a checker picked or steps taken on a long turn: a number picks from a shorter list
        numbered = (self._numbered() or ()) if self.phase is Phase.PLAY else ()
        local = numbered.index(play) + 1 if play in numbered else 0
        return [E.HintReport(self.to_move, n, play, len(self.plays), len(numbered), local)]

    def _why(self) -> list[E.Event]:
        """Why the hint's play is better: than the pending play, than the person's last
        play (before rolling again), or than the play most likely considered; while a
        double waits, why the expert would take it or drop it."""
        from .bots.reasons import against_hint

        player = self.to_move
        if self.phase is Phase.ANSWER:
            return self._cube_hint(why=True)
        if self.phase in (Phase.PLAY, Phase.CONFIRM) and self.dice is not None:
            before, plays = self.position, self.plays
            hint = plays[self.suggested_number() - 1]
            mine = self.pending if self.phase is Phase.CONFIRM else None
        elif self.phase is Phase.ROLL and self._last_play(player) is not None:
            _n, before, dice, plays, mine, asked = self._made[player]
            hint = asked or self._bot(self.options.hint_bot, "hint").choose_play(before, dice,
                                                                                 plays)
        else:
            return self._reject(RejectCode.NO_PLAYS_NOW)
        if len(plays) < 2:  # a forced play: nothing to compare, chosen or not
            return [E.WhyReport(player, hint, None, False)]
        if mine == hint:
            return [E.WhyReport(player, hint, None, True)]
        answer = against_hint(before, plays, hint, mine)
        if answer is None:
            return [E.WhyReport(player, hint, mine, mine is not None)]
        other, why = answer
        return [E.WhyReport(player, hint, other, mine is not None, _reason_facts(why.reasons),
                            same=why.equity_loss == 0.0, close=why.close)]

    def _last_play(self, player: int) -> Play | None:
        """``player``'s play of their last turn in this game (a person's), else None."""
        made = self._made.get(player)
        return made[4] if made is not None and made[0] == self.game_number else None

    def _next_turn(self) -> list[E.Event]:
        self.position = self.position.flip()
        self.to_move = 1 - self.to_move
        return self._begin_turn()

    def _game_over(self, rel: Outcome) -> list[E.Event]:
        """``rel`` is relative to ``self.position``'s mover (``self.to_move``)."""
        winner = None if rel.winner is None else (self.to_move if rel.winner == 0
                                                   else 1 - self.to_move)
        absolute = Outcome(winner, rel.points, rel.kind)
        first = all(r[3] != rel.kind for r in self.match.results)
        self.match = self.match.record(self.game, absolute)
        self._mark_game_start()
        out: list[E.Event] = [E.GameOver(self.game, winner, rel.points, rel.kind,
                                         self.match.scores, first)]
        self.dice = None
        self.plays = ()
        self.pending = None
        self.chooser = None
        if self.match.is_over:
            self.phase = Phase.MATCH_OVER
            w = self.match.winner
            assert w is not None
            return out + [E.MatchOver(w, self.match.scores)]
        return out + self._start_game()

    def set_position(self, position: Position, to_move: int | None = None) -> list[E.Event]:
        """Continue the current game from ``position`` (seen from ``to_move``).

        For practice positions and tutorials; logged, so a resumed match
        replays it. The game must be the one being played.
        """
        if position.game != self.game or position.preset != self.config.preset:
            return self._done(self._reject(RejectCode.WRONG_GAME, game=position.game))
        position.validate()
        if to_move is not None:
            self.to_move = to_move
        self.position = position
        self.log.append(["position", position.to_json(), self.to_move])
        return self._done(self._begin_turn())

    # --------------------------------------------------------------- commands
    def handle(self, command: C.Command) -> list[E.Event]:
        """Apply one command for the player who must act now; return the events."""
        if isinstance(command, _QUERIES):
            return self._done(self._query(command))
        events = self._apply(command)
        return self._done(events)

    def _done(self, events: list[E.Event]) -> list[E.Event]:
        self._last_events = events
        return events

    def _reject(self, code: RejectCode, **details: Any) -> list[E.Event]:
        return [E.CommandRejected(code, tuple(sorted(details.items())))]

    def _apply(self, cmd: C.Command) -> list[E.Event]:
        handler = _HANDLERS.get(type(cmd))
        if handler is None:
            return self._reject(RejectCode.UNKNOWN_COMMAND)
        if self.phase is Phase.MATCH_OVER and not isinstance(cmd, C.Quit):
            return self._reject(RejectCode.MATCH_OVER)
        actor = self.actor()
        games = self.match.games_played
        result: list[E.Event] = handler(self, cmd)
        if result and not isinstance(result[0], E.CommandRejected) and _logged(cmd):
            if self.match.games_played == games:  # a game it ended is in the checkpoint
                self.log.append(_encode(cmd))
            self.timeouts[actor] = 0  # R9: acting breaks a run of time-outs
            self.deadline = None
        return result

    def _on_roll(self, cmd: C.Roll) -> list[E.Event]:
        if self.phase is Phase.CONFIRM:
            return self._on_confirm(C.Confirm())
        if self.phase is not Phase.ROLL:
            return self._reject(RejectCode.NOT_NOW, expected=self.phase)
        return self._rolled(self.dice_source.roll())

    def _on_choose(self, cmd: C.ChoosePlay) -> list[E.Event]:
        if self.phase is Phase.CONFIRM and self.pending is not None:
            # choosing again replaces the pending play (a change of mind); a number not on
            # offer (mistyped, misheard) is refused and the chosen play stays chosen, as a
            # replay of the save (which keeps no refused command) has it
            self.phase = Phase.PLAY
            events = self._on_choose(cmd)
            if self.phase is Phase.PLAY and events and isinstance(events[0], E.CommandRejected):
                self.phase = Phase.CONFIRM
            return events
        if self.phase is not Phase.PLAY:
            return self._reject(RejectCode.NOT_NOW, expected=self.phase)
        numbered = self._numbered()
        if numbered is not None:
            # a checker picked or a step taken: the number is the play's place in the
            # shorter list offered then (its group, or the plays the steps lead to)
            if not 1 <= cmd.number <= len(numbered):
                return self._reject(RejectCode.NO_SUCH_PLAY, number=cmd.number,
                                    count=len(numbered))
            self.source = None
            return self._choose(numbered[cmd.number - 1])
        if not 1 <= cmd.number <= len(self.plays):
            chooser = self.chooser
            if chooser is not None and (chooser.chosen or self.source is not None):
                # mid-way through a step-by-step play: answer for the step asked for now
                src = self.source
                points = (tuple(st.to_point for st in chooser.destinations(src))
                          if src is not None else chooser.sources())
                return self._reject(RejectCode.NO_SUCH_PLAY, number=cmd.number,
                                    count=len(self.plays), step_from=src, step_points=points)
            return self._reject(RejectCode.NO_SUCH_PLAY, number=cmd.number, count=len(self.plays))
        self.source = None
        return self._choose(self.plays[cmd.number - 1])

    def _on_from(self, cmd: C.FromPoint) -> list[E.Event]:
        if self.phase is not Phase.PLAY or self.chooser is None:
            return self._reject(RejectCode.NOT_NOW, expected=self.phase)
        if not 0 < cmd.point <= 25:  # points 1-24 and the bar (25); nothing moves from off (0)
            return self._reject(RejectCode.NO_SUCH_POINT, point=cmd.point, step="from",
                                sources=self.chooser.sources())
        dests = self.chooser.destinations(cmd.point)
        if not dests:
            return self._reject(RejectCode.NO_CHECKER_TO_MOVE, point=cmd.point,
                                sources=self.chooser.sources(), **self._why_no_step(cmd.point))
        self.source = cmd.point
        return [E.StepOptions(self.to_move, cmd.point, tuple(s.to_point for s in dests),
                              self._numbered() or ())]

    def _numbered(self) -> tuple[Play, ...] | None:
        """The shorter list a number picks from now, on a turn above ``group_above`` plays.

        After a step, the plays it still leads to; with only a checker picked, the
        whole plays of its group (:mod:`tavli_voice.rules.playgroups`); either
        only when no more than the limit (else a step narrows them further).
        Otherwise None: the whole list.
        """
        chooser = self.chooser
        limit = self.options.group_above
        if chooser is None or len(self.plays) <= limit:
            return None
        if chooser.chosen:
            left = chooser.remaining()
        else:
            group = group_of(self.plays, self.source) if self.source is not None else None
            left = tuple(self.plays[n - 1] for n in group.numbers) if group is not None else ()
        return left if 0 < len(left) <= limit else None

    def _on_to(self, cmd: C.ToPoint) -> list[E.Event]:
        if self.phase is not Phase.PLAY or self.chooser is None:
            return self._reject(RejectCode.NOT_NOW, expected=self.phase)
        if not 0 <= cmd.point < 25:  # points 1-24 and off (0); no play goes to the bar (25)
            return self._reject(RejectCode.NO_SUCH_POINT, point=cmd.point, step="to")
        src = self.source
        if src is None:  # "to 7" alone: fine when exactly one checker can go there
            froms = [s for s in self.chooser.options() if s.to_point == cmd.point]
            if len({s.from_point for s in froms}) != 1:
                return self._reject(RejectCode.SAY_FROM_FIRST, point=cmd.point)
            src = froms[0].from_point
        try:
            step = self.chooser.choose(src, cmd.point)
        except ValueError:
            return self._reject(RejectCode.ILLEGAL_STEP, source=src, point=cmd.point,
                                **self._why_no_step(src, cmd.point))
        self.source = None
        play = self.chooser.complete()
        left = () if play is not None else (self.dice_left() or ())
        out: list[E.Event] = [E.StepTaken(self.to_move, step, self.chooser.current(), left)]
        if play is not None:
            return out + self._choose(play)
        out.append(E.StepOptions(self.to_move, None, self.chooser.sources(),
                                 self._numbered() or ()))
        return out

    def _why_no_step(self, source: int, target: int | None = None) -> dict[str, Any]:
        """The rule that refuses a step, as refusal details: ``why`` and its own (R2, R8)."""
        assert self.chooser is not None and self.dice is not None
        left = self.dice_left()
        if left is None:
            left = self.dice if self.dice[0] != self.dice[1] else (self.dice[0],) * 4
        why, details = why_no_step(self.chooser.current(), left, source, target)
        return {"why": why.value, **details}

    def _on_undo(self, cmd: C.Undo) -> list[E.Event]:
        if self.phase is Phase.CONFIRM or (self.phase is Phase.PLAY and self.chooser is not None
                                            and (self.chooser.chosen or self.source is not None)):
            self.pending = None
            self.source = None
            assert self.dice is not None
            self.chooser = StepChooser(self.position, self.dice, self.plays)
            self.phase = Phase.PLAY
            return [E.Undone(self.to_move), self._offer()]
        return self._reject(RejectCode.NO_UNDO)

    def _on_confirm(self, cmd: C.Confirm) -> list[E.Event]:
        if self.phase is Phase.CONFIRM and self.pending is not None:
            return self._commit()
        if self.phase is Phase.ASK:
            return self._on_yes(C.Yes())
        return self._reject(RejectCode.NOTHING_TO_CONFIRM)

    def _on_cancel(self, cmd: C.Cancel) -> list[E.Event]:
        if self.phase is Phase.ASK:
            return self._on_no(C.No())
        if self.source is not None:
            self.source = None
            assert self.chooser is not None
            return [E.StepOptions(self.to_move, None, self.chooser.sources())]
        if self.phase is Phase.CONFIRM:
            return self._on_undo(C.Undo())
        if self.phase is Phase.PLAY and self.chooser is not None and self.chooser.chosen:
            # steps already made are taken back by undo, not cancel: say so
            return self._reject(RejectCode.NOTHING_TO_CANCEL, steps=len(self.chooser.chosen))
        return self._reject(RejectCode.NOTHING_TO_CANCEL)

    def _on_resign(self, cmd: C.Resign) -> list[E.Event]:
        if self.phase not in (Phase.ROLL, Phase.PLAY, Phase.CONFIRM):
            return self._reject(RejectCode.NOT_NOW, expected=self.phase)
        # R9: the price first, the points the opponent scores and the match score after
        points = resign_outcome(self.position, resigner=0).points
        after = self.match.record(self.game, Outcome(1 - self.to_move, points,
                                                     OutcomeKind.RESIGN))
        self._return_phase = self.phase
        self._question = (QuestionKind.RESIGN, points)
        self.phase = Phase.ASK
        return [E.QuestionAsked(self.to_move, QuestionKind.RESIGN, points, after.scores,
                                after.is_over)]

    def _on_leave(self, cmd: C.Leave) -> list[E.Event]:
        if self.phase not in (Phase.ROLL, Phase.PLAY, Phase.CONFIRM):
            return self._reject(RejectCode.NOT_NOW, expected=self.phase)
        return self._ask(QuestionKind.LEAVE)

    def _bot_opponent(self) -> int | None:
        """The seat of the one computer player facing one person, else None."""
        bots = [i for i, p in enumerate(self.players) if p.is_bot]
        return bots[0] if len(bots) == 1 else None

    def _on_opponent(self, cmd: C.ChangeOpponent) -> list[E.Event]:
        seat = self._bot_opponent()
        if seat is None:
            return self._reject(RejectCode.NO_BOT_OPPONENT)
        if self.phase is not Phase.ROLL or self.actor() == seat:
            return self._reject(RejectCode.NOT_NOW, expected=self.phase)
        current = bot_name(self._seat_bot(seat))
        nxt = BOT_NAMES[(BOT_NAMES.index(current) + 1) % len(BOT_NAMES)]
        seats = list(self.players)
        seats[seat] = E.PlayerInfo(nxt, nxt)
        self.players = (seats[0], seats[1])
        return [E.OpponentChanged(seat, nxt)]

    def _on_quit(self, cmd: C.Quit) -> list[E.Event]:
        return [E.Goodbye(saved=self.phase is not Phase.MATCH_OVER)]

    def _ask(self, kind: QuestionKind, value: int = 0) -> list[E.Event]:
        self._return_phase = self.phase
        self._question = (kind, value)
        self.phase = Phase.ASK
        return [E.QuestionAsked(self.to_move, kind, value)]

    def _on_yes(self, cmd: C.Yes) -> list[E.Event]:
        if self.phase is Phase.ANSWER:
            return self._on_take(C.Take())
        if self.phase is Phase.CONFIRM:
            return self._on_confirm(C.Confirm())
        if self.phase is not Phase.ASK or self._question is None:
            return self._reject(RejectCode.NO_QUESTION)
        kind, _ = self._question
        self._question = None
        if kind is QuestionKind.RESIGN:
            rel = resign_outcome(self.position, resigner=0)
            return self._game_over(rel)
        if kind is QuestionKind.LEAVE:  # R9: leaving the table loses the whole match
            self.phase = Phase.MATCH_OVER
            self.dice, self.plays, self.pending, self.chooser = None, (), None, None
            return [E.MatchOver(1 - self.to_move, self.match.scores, left=True)]
        self.phase = self._return_phase
        return self._reject(RejectCode.NO_QUESTION)

    def _on_no(self, cmd: C.No) -> list[E.Event]:
        if self.phase is Phase.ANSWER:
            return self._on_drop(C.Drop())
        if self.phase is not Phase.ASK:
            return self._reject(RejectCode.NO_QUESTION)
        self._question = None
        self.phase = self._return_phase
        return self._resume_prompt()

    def _resume_prompt(self) -> list[E.Event]:
        if self.phase is Phase.ROLL:
            return [E.TurnStarted(self.to_move, self.position, self._can_double())]
        if self.phase is Phase.CONFIRM and self.pending is not None:
            return [E.PlayPending(self.to_move, self.pending)]
        return [self._offer()]

    # cube (R9.1)
    def _on_double(self, cmd: C.Double) -> list[E.Event]:
        if self.phase is not Phase.ROLL or not self._can_double():
            return self._reject(RejectCode.CANNOT_DOUBLE)
        cube = self.position.cube or Cube()
        self.phase = Phase.ANSWER
        return [E.DoubleOffered(self.to_move, cube.value * 2),
                E.QuestionAsked(1 - self.to_move, QuestionKind.TAKE, cube.value * 2)]

    def _on_take(self, cmd: C.Take) -> list[E.Event]:
        if self.phase is not Phase.ANSWER:
            return self._reject(RejectCode.NO_DOUBLE)
        cube = self.position.cube or Cube()
        self.position = self.position.with_cube(Cube(cube.value * 2, "opponent"))
        self.phase = Phase.ROLL
        return [E.DoubleAnswered(1 - self.to_move, True, cube.value * 2),
                E.TurnStarted(self.to_move, self.position, False)]

    def _on_drop(self, cmd: C.Drop) -> list[E.Event]:
        if self.phase is not Phase.ANSWER:
            return self._reject(RejectCode.NO_DOUBLE)
        cube = self.position.cube or Cube()
        out: list[E.Event] = [E.DoubleAnswered(1 - self.to_move, False, cube.value)]
        rel = drop_outcome(self.position, dropper=1)  # the opponent of the mover drops
        return out + self._game_over(rel)

    # ---------------------------------------------------------------- queries
    def listener(self) -> int:
        """Whose side readouts are told from: the one person, else the mover."""
        humans = [i for i, p in enumerate(self.players) if not p.is_bot]
        if len(humans) == 1:
            return humans[0]
        return self.to_move

    def state(self) -> E.TurnView:
        """A frozen snapshot of the match now, for front ends (see :class:`~.events.TurnView`)."""
        chooser = self.chooser
        chosen = chooser.chosen if chooser is not None and self.phase is Phase.PLAY else ()
        playing = self.phase is Phase.PLAY and chooser is not None
        sources = chooser.sources() if playing and chooser is not None else ()
        targets: tuple[int, ...] = ()
        if playing and chooser is not None and self.source is not None:
            targets = tuple(st.to_point for st in chooser.destinations(self.source))
        elif playing and chooser is not None:
            targets = tuple(sorted({st.to_point for st in chooser.options()}, reverse=True))
        suggested = None
        if (self.options.suggestions and self.phase in (Phase.PLAY, Phase.CONFIRM)
                and self.dice is not None and self.plays and not self._is_bot(self.to_move)):
            suggested = self.suggested_number()
        return E.TurnView(
            phase=self.phase, kind=self.config.kind, game=self.game, preset=Preset(self.config.preset),
            game_number=self.game_number, length=self.config.length,
            scores=self.match.scores, winner=self.match.winner, players=self.players,
            to_move=self.to_move,
            actor=self.actor(), listener=self.listener(), turn=self.turn_counter,
            position=self.position, dice=self.dice, plays=self.plays, pending=self.pending,
            chosen=chosen, current=chooser.current() if chosen and chooser else self.position,
            source=self.source, step_sources=sources, step_targets=targets,
            available=self.available(), bot_to_act=self.bot_to_act(),
            can_double=self.phase is Phase.ROLL and self._can_double(),
            cube=self.position.cube, timer=self.config.timer.enabled, suggested=suggested,
            numbered=(self._numbered() or ()) if self.phase is Phase.PLAY else ())

    def view(self, player: int) -> Position:
        """The current position from ``player``'s side."""
        return self.position if player == self.to_move else self.position.flip()

    def shown(self, player: int) -> Position:
        """The board from ``player``'s side as it stands *now*: after the steps of a
        half-made play, or after a chosen play waiting for confirmation (R2)."""
        pos = self.position
        if self.phase is Phase.CONFIRM and self.pending is not None:
            pos = self.pending.result
        elif self.phase is Phase.PLAY and self.chooser is not None and self.chooser.chosen:
            pos = self.chooser.current()
        return pos if player == self.to_move else pos.flip()

    def dice_left(self) -> tuple[int, ...] | None:
        """The dice still to play when part of the roll is chosen (R2), else None.

        ``()`` once a whole play is chosen and waits for confirmation.
        """
        if self.dice is None:
            return None
        if self.phase is Phase.CONFIRM and self.pending is not None:
            return ()
        if self.phase is not Phase.PLAY or self.chooser is None or not self.chooser.chosen:
            return None
        left = list(self.dice) if self.dice[0] != self.dice[1] else [self.dice[0]] * 4
        for step in self.chooser.chosen:
            if step.die in left:
                left.remove(step.die)
        return tuple(left)

    def _query(self, cmd: C.Command) -> list[E.Event]:
        who = self.listener()
        pos = self.shown(who)
        if isinstance(cmd, C.Describe):
            return [E.PositionReport(who, pos, cmd.length, self.to_move, self.match.scores,
                                     self.dice, self.dice_left())]
        if isinstance(cmd, C.QueryPoint):
            if not 0 <= cmd.point <= 25:
                return self._reject(RejectCode.NO_SUCH_POINT, point=cmd.point)
            return [E.PointReport(who, pos, cmd.point, self.dice_left())]
        if isinstance(cmd, C.QueryQuarter):
            if not 1 <= cmd.quarter <= 4:
                return self._reject(RejectCode.NO_SUCH_QUARTER, quarter=cmd.quarter)
            return [E.QuarterReport(who, pos, cmd.quarter, self.dice_left())]
        if isinstance(cmd, C.PipCount):
            return [E.PipReport(who, pos.pip_count())]
        if isinstance(cmd, C.Score):
            return [E.ScoreReport(self.match.scores, self.config.length, self.game,
                                  self.game_number)]
        if isinstance(cmd, C.ListPlays):
            if self.phase in (Phase.PLAY, Phase.CONFIRM):
                return [self._offer()]
            return self._reject(RejectCode.NO_PLAYS_NOW)
        if isinstance(cmd, C.Help):
            # history is answered by the outputs (what was said), so always there
            return [E.HelpReport(self.to_move, self.available() + ("history",), len(self.plays))]
        if isinstance(cmd, C.Hint):
            return self._hint()
        if isinstance(cmd, C.Why):
            return self._why()
        if isinstance(cmd, C.Repeat):
            return list(self._last_events)
        return []  # StopSpeech, History: the outputs act on them; nothing changes here

    def available(self) -> tuple[str, ...]:
        """Command names that make sense now (for help, voice grammars, scanning).

        The phase's commands from the command table, less those that need more
        than the phase: "double" when the cube may not be turned, "undo" and
        "cancel" while nothing of a play was picked yet.
        """
        names = PHASE_COMMANDS[self.phase]
        if self.phase is Phase.ROLL and not self._can_double():
            names = tuple(n for n in names if n != "double")
        if self.phase is Phase.ROLL and self._bot_opponent() in (None, self.actor()):
            names = tuple(n for n in names if n != "opponent")
        if self.phase is Phase.PLAY and not (self.chooser and (self.chooser.chosen or self.source)):
            names = tuple(n for n in names if n not in ("undo", "cancel"))
        if self.phase is Phase.ROLL and self._last_play(self.actor()) is None:
            names = tuple(n for n in names if n != "why")
        return names + ALWAYS_OFFERED

    # ------------------------------------------------------------------- bots
    def _is_bot(self, player: int) -> bool:
        return self.players[player].is_bot

    def _seat_bot(self, player: int) -> str:
        """The bot name of a computer player's seat."""
        name = self.players[player].bot
        assert name is not None, "not a computer player"
        return name

    def _bot(self, name: str, role: str) -> Bot:
        """A bot seeded for this very decision, so a replayed match decides alike."""
        seed = _seed_int(f"{self.config.seed}:{role}:{self.game_number}:{self.turn_counter}"
                         f":{self.phase.value}")
        return make_bot(name, seed=seed)

    def actor(self) -> int:
        """The player who must act now (the answerer of a double, else the mover)."""
        if self.phase is Phase.ANSWER:
            return 1 - self.to_move
        return self.to_move

    def bot_to_act(self) -> bool:
        """True when the next command must come from a bot."""
        return self.phase is not Phase.MATCH_OVER and self._is_bot(self.actor())

    def bot_command(self) -> C.Command:
        """The command the acting bot chooses now (it never sees future dice)."""
        bot = self._bot(self._seat_bot(self.actor()), f"bot{self.actor()}")
        if self.phase is Phase.ROLL:
            if self._can_double() and bot.cube_offer(self.position, self._scores_for(self.to_move),
                                                     self.config.length):
                return C.Double()
            return C.Roll()
        if self.phase is Phase.ANSWER:
            view = self.position.flip()
            return C.Take() if bot.cube_take(view, self._scores_for(1 - self.to_move),
                                             self.config.length) else C.Drop()
        if self.phase is Phase.PLAY and self.dice is not None:
            play = bot.choose_play(self.position, self.dice, self.plays)
            return C.ChoosePlay(self.plays.index(play) + 1)
        if self.phase is Phase.CONFIRM:
            return C.Confirm()
        return C.No()

    def _scores_for(self, player: int) -> tuple[int, int]:
        s = self.match.scores
        return (s[player], s[1 - player])

    def bot_step(self) -> list[E.Event]:
        """Let the acting bot make one command."""
        return self.handle(self.bot_command())

    # ------------------------------------------------------------------ timer
    def tick(self, now: float) -> list[E.Event]:
        """R9 timer (only when enabled): warn, then play for the player at time-out."""
        rules = self.config.timer
        if not rules.enabled or self.phase not in (Phase.ROLL, Phase.PLAY, Phase.CONFIRM):
            self.deadline = None
            return []
        if self._is_bot(self.to_move):
            return []
        if self.deadline is None:
            limit = rules.roll_seconds if self.phase is Phase.ROLL else rules.play_seconds
            self.deadline = now + limit
            return []
        left = self.deadline - now
        if left > 0:
            if left <= 10 and not self._warned:
                self._warned = True
                return [E.TimeWarning(self.to_move, int(left + 0.999))]
            return []
        return self._timeout()

    def _timeout(self) -> list[E.Event]:
        player = self.to_move
        self.timeouts[player] += 1
        self.deadline = None
        self.log.append(["timeout"])
        limit = self.config.timer.timeouts_to_lose
        out: list[E.Event] = [E.TimedOut(player, self.timeouts[player], limit)]
        if self.timeouts[player] >= limit:
            stake = self.position.cube.value if self.position.cube else 1
            return self._done(out + self._game_over(Outcome(1, stake, OutcomeKind.TIMEOUT)))
        if self.phase is Phase.ROLL:
            out += self._rolled(self.dice_source.roll())
        if self.phase in (Phase.PLAY, Phase.CONFIRM) and self.dice is not None \
                and self.to_move == player:
            self.pending = self.plays[self.suggested_number() - 1]
            out += self._commit(by_timer=True)
        return self._done(out)

    # ------------------------------------------------------------- save/load
    def snapshot(self) -> dict[str, Any]:
        """Everything needed to resume exactly (R3: seeds plus choices), as :mod:`~tavli_voice.savefile` lays it out."""
        return savefile.build(self.config, self.players, self.options, self.checkpoint, self.log,
                              over=self.phase is Phase.MATCH_OVER)

    @classmethod
    def restore(cls, data: dict[str, Any]) -> tuple["Session", list[E.Event]]:
        """Rebuild a session from :meth:`snapshot` data: its checkpoint, then its log.

        Version 1 saves (the whole match's log, no checkpoint) still replay.
        Raises ValueError (naming the fault) when the data does not replay;
        check the data first with :func:`tavli_voice.storage.check_save`.
        """
        try:
            session = cls._restore(data)
        except ValueError:
            raise
        except Exception as exc:  # anything else a damaged save provokes is a bad save too
            raise ValueError(f"save does not replay: {type(exc).__name__}: {exc}"[:300]) from None
        config = session.config
        events: list[E.Event] = [
            E.MatchStarted(config.kind, config.length, Preset(config.preset), session.players,
                           resumed=True),
            E.ScoreReport(session.match.scores, config.length, session.game,
                          session.game_number)]
        if session.phase in (Phase.PLAY, Phase.CONFIRM) and session.dice is not None:
            # remind the player of the dice before the plays (or pending play) again
            events.append(E.DiceRolled(session.to_move, session.dice, len(session.plays)))
        if session.phase is Phase.ANSWER:
            cube = session.position.cube or Cube()
            events.append(E.QuestionAsked(1 - session.to_move, QuestionKind.TAKE, cube.value * 2))
        elif session.phase is not Phase.MATCH_OVER:
            events += session._resume_prompt()
        return session, events

    @classmethod
    def _restore(cls, data: dict[str, Any]) -> "Session":
        saved = savefile.read(data)
        config, log, checkpoint = saved.config, saved.log, saved.checkpoint
        # an option whose saved value cannot be used takes its default (said by the caller)
        unusable = savefile.unusable_options(saved.options, SessionOptions())
        try:
            options = SessionOptions(**{k: v for k, v in saved.options.items()
                                        if k not in unusable})
        except TypeError as exc:
            raise ValueError(f"save data is incomplete: {exc}") from None
        session = cls(config, saved.players, options)
        session.options_reset = unusable
        if checkpoint is None:
            session.start()
        else:
            session.match = MatchState.from_json(config, checkpoint["match"])
            session.turn_counter = int(checkpoint["turn"])
            if session.match.is_over:
                session._mark_game_start()
                session.phase = Phase.MATCH_OVER
                results = session.match.results
                session.game = GameName(results[-1][0] if results else session.match.next_game)
                session.game_number = session.match.games_played
            else:
                session.replayed = session._start_game()
        for entry in log:
            session.replayed += session.replay_entry(entry)
        return session

    def replay_entry(self, entry: Any) -> list[E.Event]:
        """Apply one saved log entry (a command, a time-out or a set position); its events.

        Raises ValueError when the entry is not one the session accepts now.
        """
        if entry == ["timeout"]:
            return self._timeout()
        if isinstance(entry, list) and entry and entry[0] == "position":
            if len(entry) != 3 or entry[2] not in (0, 1) or isinstance(entry[2], bool):
                raise ValueError(f"bad position entry in save: {entry!r:.200}")
            return self.set_position(Position.from_json(entry[1]), int(entry[2]))
        cmd = _decode(entry)
        events = self.handle(cmd)
        if events and isinstance(events[0], E.CommandRejected):
            raise ValueError(f"save does not replay at {entry!r:.200}")
        return events


def _stuck(position: Position, dice: tuple[int, int], reason: Reason) -> tuple[tuple[str, Any], ...]:
    """R6/R8: why the checker that keeps bearing off back cannot move itself (or nothing)."""
    if reason.code is not PassReason.CANNOT_BEAR_OFF:
        return ()
    left = dice if dice[0] != dice[1] else (dice[0],) * 4
    why, details = why_no_step(position, left, int(reason.get("point", 0)))
    if why not in (StepRefusal.PINNED, StepRefusal.ALL_HELD, StepRefusal.FIRST_CHECKER):
        return ()
    return tuple(sorted({"why": why.value, **details}.items()))


def _reason_facts(reasons: Any) -> tuple[E.ReasonFact, ...]:
    """``bots.reasons.Difference`` values as event values."""
    return tuple(E.ReasonFact(str(d.kind), d.mine, d.better, d.points) for d in reasons)


_QUERIES = (C.Describe, C.QueryPoint, C.QueryQuarter, C.PipCount, C.Score, C.ListPlays,
            C.Help, C.Hint, C.Why, C.Repeat, C.StopSpeech, C.History)

_HANDLERS: dict[type, Callable[[Session, Any], list[E.Event]]] = {
    C.Roll: Session._on_roll,
    C.ChoosePlay: Session._on_choose,
    C.FromPoint: Session._on_from,
    C.ToPoint: Session._on_to,
    C.Undo: Session._on_undo,
    C.Confirm: Session._on_confirm,
    C.Cancel: Session._on_cancel,
    C.Yes: Session._on_yes,
    C.No: Session._on_no,
    C.Resign: Session._on_resign,
    C.Double: Session._on_double,
    C.Take: Session._on_take,
    C.Drop: Session._on_drop,
    C.Leave: Session._on_leave,
    C.ChangeOpponent: Session._on_opponent,
    C.Quit: Session._on_quit,
}


def _logged(cmd: C.Command) -> bool:
    # a change of opponent is not replayed: the save names the seats as they are now,
    # and the plays the earlier level made are in the log already
    return not isinstance(cmd, (C.Quit, C.ChangeOpponent) + _QUERIES)


def _encode(cmd: C.Command) -> list[Any]:
    name = C.command_name(cmd)
    for attr in ("number", "point"):
        if hasattr(cmd, attr):
            return [name, getattr(cmd, attr)]
    return [name]


def _decode(entry: list[Any]) -> C.Command:
    if not isinstance(entry, list) or not entry or not isinstance(entry[0], str) \
            or entry[0] not in C.COMMAND_NAMES:
        raise ValueError(f"unknown entry in save: {entry!r:.200}")
    cls = C.COMMAND_NAMES[entry[0]]
    return cls(*entry[1:])  # type: ignore[no-any-return]


def _seed_int(text: str) -> int:
    return random.Random(text).randrange(2**31)


def new_session(kind: str = "tavli", length: int = 5, preset: str = "tavlucky",
                seed: int | str | None = None, players: tuple[E.PlayerInfo, E.PlayerInfo] | None = None,
                options: SessionOptions | None = None, timer: bool = False) -> Session:
    """A session with sensible defaults: you against Rita, a 5-point Tavli match."""
    from .rules import TimerRules

    if seed is None:
        seed = random.SystemRandom().randrange(10**9)
    cfg = MatchConfig(length, kind, preset, seed, TimerRules(enabled=timer))
    if players is None:
        players = (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita"))
    return Session(cfg, players, options)


__all__ = ["Phase", "Session", "SessionOptions", "new_session"]
