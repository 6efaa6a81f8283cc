"""``expert`` (έμπειρος): plays by a trained neural network, one per game.

Every candidate play of a turn is valued in one batch by the game's net
(:mod:`.net`): the cubeless equity of its result for the mover, from the
net's probabilities of winning, of a mars either way and (under ``vog``) of a
triple. The Portes net was distilled from GNU Backgammon's evaluations. The
Plakoto and Fevga nets are ensembles (:mod:`.ensemble`: several nets' output
logits averaged, stored as one net) of nets that carry the strong bot's
judgement as an input, trained in different ways: TD(λ) self-play
(:mod:`.train`), fitting the results of self-play games (of the strong
judgement, or of an earlier ensemble) and policy iteration against ``strong``
(:mod:`.policy_iter`); how each file was made:
``models/README.md`` and the file's ``meta``.

With ``search`` on (by default in every game, :data:`SEARCH_BY_GAME`),
close decisions get a look one roll ahead: for the best
few candidates, each of the opponent's 21 rolls is answered by their best
reply (by the same net), and the candidate with the best average after those
replies wins. Every reply of every roll is valued in one batch (the bots' quick
turn generator, :mod:`.fastgen`, and the batched strong evaluation,
:mod:`.fast_eval`). Cube decisions (``vog``, R9.1) come from the same equity.

When a game's weights are missing or damaged (:class:`.net.WeightsError`) the
expert plays that game as the strong bot does, the nearest level below it
(:meth:`ExpertBot.usable`); the player is told at start-up
(:func:`tavli_voice.startup.say_unusable_weights`).

In every game, once both sides bear off (every checker in its own home, none
on the bar or pinned: two races that can no longer meet), the expert values
plays exactly, by the one-sided bear-off tables (:mod:`.bearoff`), not by its
net: its choice, the look-ahead's replies, the hint, the coach and the reasons.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from tavli_voice.rules import GAMES, Play, Position, game_outcome
from tavli_voice.rules.games import PIN, S_BAR, S_OFF, S_OPP_BAR, S_OPP_OFF, to_state
from tavli_voice.rules.position import opponent_point

from .bearoff import both_bearing_off, near_bear_off, race_equity, race_win_chance, warm_up
from .base import Dice, Scores, can_double, check_plays, cube_value, drop_loses_match
from .fastgen import result_states
from .features import Boards, encode
from .net import Net, WeightsError, equity, load_model, result_equities
from .strong import StrongBot

#: The 21 distinct rolls and how many of the 36 each stands for.
ROLLS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
ROLL_WEIGHTS = np.array([1.0 if a == b else 2.0 for a, b in ROLLS]) / 36.0

#: Games where the expert searches by default (``search=None``): all three. In Portes,
#: judged by GNU Backgammon 2-ply, its look-ahead (top 2 within 0.03) loses less than the
#: net alone, paired on the same decisions: 7.3 → 6.6 mp a decision (−0.7 ± 0.5) on the
#: shared ``portes_decisions_gnubg_2ply.jsonl`` and 7.6 → 6.2 (−1.4 ± 0.4) on 1,600
#: decisions of the 2-ply training labels of seeds 204-205, which the net never saw, about
#: −1.1 ± 0.3 together; a wider search (0.06/3, 0.1/4) loses more
#: (``benchmarks/results/portes_search_2ply.txt``). (Judged by gnubg 0-ply, a judge that
#: shares the net's 0-ply view, it had looked worse.)
SEARCH_BY_GAME = {"portes": True, "plakoto": True, "fevga": True}
#: Search only when the best candidates are this close (equity) at 0-ply …
SEARCH_MARGIN = 0.03
#: … and look at this many of them.
SEARCH_WIDTH = 2
#: Games whose search looks at other than (:data:`SEARCH_MARGIN`, :data:`SEARCH_WIDTH`).
#: Plakoto looks at the best 3 within 0.08: its one-roll look-ahead beats the net's 0-ply
#: choice by 0.0048 equity a decision, of which top 2 within 0.03 covered 58%, the rest
#: mostly in the start phase; in 61-point matches against the frozen expert-2026 it took
#: 55.9% of the points on tuning seeds 201-208 (53.0% with 0.03/2) and 57.6% on the
#: held-out seeds 101-108 (54.1%), CPU a decision median 10 ms, p95 70 ms
#: (``benchmarks/results/plakoto_search_wide.txt``).
SEARCH_SETTINGS_BY_GAME: dict[str, tuple[float, int]] = {"plakoto": (0.08, 3)}


def search_settings(game: str) -> tuple[float, int]:
    """(margin, width) of the expert's search in ``game``.

    >>> search_settings("fevga")
    (0.03, 2)
    >>> search_settings("plakoto")
    (0.08, 3)
    """
    return SEARCH_SETTINGS_BY_GAME.get(game, (SEARCH_MARGIN, SEARCH_WIDTH))


def exact_race_results(results: Sequence[Position]) -> bool:
    """True when ``results`` (of any game) are each a finished game or leave both sides
    bearing off (:func:`.bearoff.both_bearing_off`): the expert values them exactly, not by
    its net.

    >>> plakoto = Position.from_json({"game": "plakoto", "points": [2] + [0] * 22 + [-1],
    ...                               "off": [13, 14]})
    >>> exact_race_results([plakoto]), exact_race_results([Position.initial("plakoto")])
    (True, False)
    """
    return bool(results) and all(
        game_outcome(r) is not None or both_bearing_off(r) for r in results)


def exact_race_equities(plays: Sequence[Play]) -> NDArray[np.float64] | None:
    """The exact equity of each play when every result is a finished game or leaves both
    sides bearing off (:mod:`.bearoff`), else None (the net judges)."""
    results = [p.result for p in plays]
    if not exact_race_results(results):
        return None
    return np.array([race_equity(r) for r in results])


#: For :func:`_exact_mask`: per game, True on the points (mover's numbering, 1-24 at
#: index 0-23) outside the other side's home (R1: its 1-6 are the mover's 19-24 in
#: Portes and Plakoto, 13-18 in Fevga).
_OUTSIDE_THEIR_HOME = {
    g: np.array([p not in {opponent_point(g, k) for k in range(1, 7)} for p in range(1, 25)])
    for g in GAMES}


def _exact_rows(like: Position, a: NDArray[np.int32]) -> bool:
    """True when every row of ``a`` (quick-generator states of ``like``'s game) is a finished
    game or a state with both sides bearing off (:func:`_exact_mask`)."""
    return bool(len(a)) and bool(_exact_mask(like, a).all())


def exact_groups(like: Position, a: NDArray[np.int32], starts: Sequence[int]
                 ) -> list[tuple[int, int]]:
    """The (start, end) row ranges of the groups of ``a`` (each from one of ``starts`` to
    the next, none empty) whose rows are all :func:`_exact_rows`."""
    mask = _exact_mask(like, a)
    if not mask.any():
        return []
    whole = np.logical_and.reduceat(mask, np.array(starts))
    ends = list(starts[1:]) + [len(a)]
    return [(starts[int(i)], ends[int(i)]) for i in np.flatnonzero(whole)]


def _exact_mask(like: Position, a: NDArray[np.int32]) -> NDArray[np.bool_]:
    """Each row of ``a`` (quick-generator states of ``like``'s game): is it a finished game or
    a state with both sides bearing off (as :func:`.bearoff.both_bearing_off`): no checker
    on a bar or pinned, none of the side that moved above its 6 point, none of the other
    outside its home."""
    board = a[:, 1:25]
    mine_out = (board[:, 6:] > 0).any(axis=1)
    theirs_out = ((board < 0) & _OUTSIDE_THEIR_HOME[like.game]).any(axis=1)
    on_bar = (a[:, S_BAR] > 0) | (a[:, S_OPP_BAR] > 0)
    pinned = (a[:, PIN + 1:PIN + 25] != 0).any(axis=1)
    finished = (a[:, S_OFF] == 15) | (a[:, S_OPP_OFF] == 15)
    exact: NDArray[np.bool_] = finished | ~(mine_out | theirs_out | on_bar | pinned)
    return exact


class ExpertBot:
    """The strongest level: a per-game neural net, optionally with a short search."""

    name = "expert"

    def __init__(self, seed: int | str = 0, *, search: bool | None = None,
                 nets: dict[str, Net] | None = None, margin: float | None = None,
                 width: int | None = None) -> None:
        self.rng = random.Random(f"expert:{seed}")
        self.search = search
        #: the search's margin and width when given, else the game's (:func:`search_settings`)
        self.margin = margin
        self.width = width
        self._nets = dict(nets or {})
        self._stand_in = StrongBot(seed)  #: plays the games whose weights do not load

    def usable(self, game: str) -> bool:
        """True when ``game``'s weights load and pass their check (else the strong bot plays)."""
        try:
            self.net(game)
        except WeightsError:
            return False
        return True

    # ------------------------------------------------------------- values
    def net(self, game: str) -> Net:
        """The net for ``game`` (loaded once from the installed models)."""
        n = self._nets.get(game)
        if n is None:
            n = self._nets[game] = load_model(game)
        return n

    def equities(self, plays: Sequence[Play]) -> NDArray[np.float64]:
        """Cubeless equity (points a game) of each play's result for its mover, 0-ply (exact
        where every result leaves both sides bearing off, as :meth:`equities_of`)."""
        return self.equities_of([p.result for p in plays])

    def equities_of(self, results: Sequence[Position]) -> NDArray[np.float64]:
        """Cubeless equity of result positions for the side that just moved, 0-ply; when
        every result is over or leaves both sides bearing off, the exact equity from the
        one-sided bear-off tables (:func:`.bearoff.race_equity`), the one the bot plays by:
        the hint, the coach, the review and the reasons value such plays as the bot does."""
        if not results:
            return np.zeros(0)
        if exact_race_results(results):
            return np.array([race_equity(r) for r in results])
        return result_equities(self.net(results[0].game), results)

    def win_chances(self, plays: Sequence[Play]) -> NDArray[np.float64]:
        """The chance of winning the game after each play (0-ply): the net's, or the exact
        one where every result leaves both sides bearing off (as :meth:`equities_of`)."""
        if not plays:
            return np.zeros(0)
        results = [p.result for p in plays]
        if exact_race_results(results):
            return np.array([race_win_chance(r) for r in results])
        w = self.net(results[0].game).evaluate(results)[:, 0].astype(np.float64)
        for i, r in enumerate(results):
            out = game_outcome(r)
            if out is not None:
                w[i] = 0.5 if out.winner is None else float(out.winner == 0)
        return w

    def lookahead(self, play: Play) -> float:
        """Equity of ``play`` one roll deeper: the opponent's best reply to each roll."""
        return float(self.lookahead_many([play])[0])

    def lookahead_many(self, plays: Sequence[Play]) -> NDArray[np.float64]:
        """:meth:`lookahead` of several plays, every reply of every roll valued in one
        batch (one feature matrix, one pass through the net); a roll whose replies all
        leave both sides bearing off is valued exactly (:mod:`.bearoff`)."""
        out = np.zeros(len(plays))
        rows: list[tuple[int, ...]] = []
        starts: list[int] = []          # first row of each (play, roll) group
        groups: list[int] = []          # which play each group belongs to
        weights: list[float] = []
        opps: list[Position] = []
        searched: list[int] = []
        for j, play in enumerate(plays):
            res = play.result
            if game_outcome(res) is not None:
                out[j] = float(self.equities([play])[0])
                continue
            opp = res.flip()
            searched.append(j)
            opps.append(opp)
            for roll, w in zip(ROLLS, ROLL_WEIGHTS):
                states = result_states(opp, roll)
                starts.append(len(rows))
                groups.append(j)
                weights.append(float(w))
                if states:
                    rows.extend(states)
                else:
                    # they pass: we roll again on the same board (their view, ``opp``,
                    # reads as a result position of theirs with us to roll)
                    rows.append(tuple(to_state(opp)))
        if not searched:
            return out
        a = np.array(rows, dtype=np.int32)
        eq = self._row_equities(opps[0], a)
        # a roll whose replies all leave both sides bearing off (or end the game) has them
        # valued exactly, as the opponent's choice among them (:meth:`equities_of`) and
        # the reasons' look ahead (:func:`.reasons.roll_equities`) do
        for start, end in exact_groups(opps[0], a, starts):
            eq[start:end] = self._row_equities(opps[0], a[start:end])
        best = np.maximum.reduceat(eq, np.array(starts))
        np.add.at(out, np.array(groups), -np.array(weights) * best)
        return out

    def state_equities(self, like: Position, rows: Sequence[tuple[int, ...]]) -> NDArray[np.float64]:
        """Equity of each of ``rows`` (the quick turn generator's result states of the side
        to move in ``like``'s game and preset) for the player who made them, in one batch of
        the net; a finished game is worth its points (mars and the cube counted). When
        every row is over or leaves both sides bearing off, each is valued exactly
        (:func:`.bearoff.race_equity`), as :meth:`equities_of` does."""
        return self._row_equities(like, np.array(rows, dtype=np.int32))

    def _row_equities(self, like: Position, a: NDArray[np.int32]) -> NDArray[np.float64]:
        """:meth:`state_equities` of the rows already in one array."""
        pins = (a[:, PIN + 1:PIN + 25] if like.game == "plakoto"
                else np.zeros((len(a), 24), np.int32))
        b = Boards(like.game, a[:, 1:25], pins, a[:, [S_BAR, S_OPP_BAR]],
                   a[:, [S_OFF, S_OPP_OFF]], like=like)
        if _exact_rows(like, a):
            return np.array([race_equity(b.position(i)) for i in range(len(a))])
        eq = equity(self.net(like.game).outputs(encode(b)), like.preset)
        ended = a[:, S_OFF] == 15
        if like.game == "plakoto":
            ended |= a[:, PIN + 1] == -1
        for i in np.flatnonzero(ended):
            done = game_outcome(b.position(int(i)))
            if done is not None:
                eq[i] = 0.0 if done.winner is None else (
                    done.points if done.winner == 0 else -done.points) / cube_value(like)
        return eq

    def scored(self, plays: Sequence[Play]) -> NDArray[np.float64]:
        """Equity of each play as the bot judges it (0-ply, searched when close); in a
        race where every result leaves both sides bearing off, the exact equity from the
        one-sided bear-off tables instead (:func:`.bearoff.race_equity`)."""
        exact = exact_race_equities(plays)
        if exact is not None:
            return exact
        eq = self.equities(plays)
        search = self.search
        if search is None:
            search = SEARCH_BY_GAME.get(plays[0].result.game, False)
        if not search or len(plays) < 2:
            return eq
        margin, width = search_settings(plays[0].result.game)
        margin = margin if self.margin is None else self.margin
        width = width if self.width is None else self.width
        order = np.argsort(-eq)
        top = [int(i) for i in order[:width] if eq[order[0]] - eq[i] <= margin]
        if len(top) < 2:
            return eq
        out = eq - 10.0  # candidates not searched stay below the searched ones
        for i in top:
            out[i] = self.lookahead(plays[i])
        return out

    def ranked(self, position: Position, plays: Sequence[Play]) -> tuple[Play, ...]:
        """``plays`` best first by :meth:`equities` (0-ply, exact where every result leaves
        both sides bearing off, as the bot's choice); no RNG used."""
        if not self.usable(position.game):
            from .ranking import rank_plays
            return tuple(p for _, p in rank_plays(plays))
        eq = self.equities(plays)
        return tuple(plays[int(i)] for i in np.argsort(-eq, kind="stable"))

    # ----------------------------------------------------------- decisions
    def choose_play(self, position: Position, dice: Dice, plays: Sequence[Play]) -> Play:
        """The member of ``plays`` with the best equity.

        Near a bear-off the exact bear-off tables start building in the background
        (:func:`.bearoff.warm_up`), ready before both sides bear off."""
        check_plays(plays)
        if near_bear_off(position):
            warm_up()
        if len(plays) == 1:
            return plays[0]
        if not self.usable(position.game):
            return self._stand_in.choose_play(position, dice, plays)
        s = self.scored(plays)
        best = np.flatnonzero(s >= s.max() - 1e-9)
        k = int(best[0]) if len(best) == 1 else int(best[self.rng.randrange(len(best))])
        return plays[k]

    def pre_roll_equity(self, position: Position) -> float:
        """Cubeless equity for the mover of ``position`` before rolling."""
        other = position.flip()  # the opponent "just moved" and we are to roll
        out = self.net(position.game).evaluate([other])
        return -float(equity(out, position.preset)[0])

    def cube_offer(self, position: Position, match_scores: Scores = (0, 0),
                   match_length: int = 0, *, may_double: bool = True) -> bool:
        """R9.1: double when the opponent's take is marginal or a drop (not too good)."""
        if not can_double(position, may_double):
            return False
        if match_length and match_scores[0] + cube_value(position) >= match_length:
            return False  # the current stake already wins the match
        if not self.usable(position.game):
            return self._stand_in.cube_offer(position, match_scores, match_length,
                                             may_double=may_double)
        e = self.pre_roll_equity(position)
        # in the window: from just before their take point up to "too good" (playing on
        # for a mars is worth more than the point a drop gives)
        return 0.45 <= e <= 1.0

    def cube_take(self, position: Position, match_scores: Scores = (0, 0),
                  match_length: int = 0) -> bool:
        """R9.1: take when losing twice the stake is no worse than dropping, with
        the cube's ownership worth a little (``position`` from the taker's side)."""
        if drop_loses_match(position, match_scores, match_length):
            return True  # dropping loses the match anyway
        if not self.usable(position.game):
            return self._stand_in.cube_take(position, match_scores, match_length)
        doubler = self.pre_roll_equity(position.flip())
        return doubler <= 0.6
