"""Plakoto and Fevga races: once both sides bear off (R6; nothing on a bar, nothing pinned) the
two sides can never meet again, a win is 1 and a mars 2 (R5.5, R7.4), and the expert plays,
looks ahead and explains by the exact bear-off equity as in Portes (bots/bearoff.py,
bots/expert.py, bots/reasons.py)."""

from __future__ import annotations

import numpy as np
import pytest

from rules_support import pos
from tavli_voice.bots import bearoff, expert, reasons
from tavli_voice.bots.bearoff import both_bearing_off, race_equity
from tavli_voice.bots.expert import (ROLL_WEIGHTS, ROLLS, ExpertBot, exact_race_equities,
                                     exact_race_results)
from tavli_voice.bots.fastgen import result_states
from tavli_voice.bots.net import result_equities
from tavli_voice.bots.strong import StrongBot
from tavli_voice.rules import DiceSource, Position, game_outcome, legal_plays
from tavli_voice.rules.games import from_state

#: Races reached by the strong bot playing itself (``race_after_strong_play`` of seed 39 and
#: 34), before the roll: the mover's home on 1-6, the other's on its own 1-6, which is the
#: mover's 19-24 in Plakoto and 13-18 in Fevga (R1). In each, on some rolls, the shipped net
#: alone prefers a play with a worse exact equity.
PLAKOTO_RACE = {"game": "plakoto", "points": [8, 3, 2, 0, 0, 1] + [0] * 16 + [-3, -11],
                "off": [1, 1]}
FEVGA_RACE = {"game": "fevga", "points": [4, 2, 1, 1, 4, 3] + [0] * 6
              + [-4, -5, 0, -3, -2, -1] + [0] * 6, "off": [0, 0]}


def races_after_strong_play(game: str, preset: str, seed: int, games: int = 1,
                            every: bool = False, want: int = 1000) -> list[Position]:
    """Positions (mover to roll) of ``games`` seeded strong-against-strong games where both
    sides bear off and neither has borne off all: the first of each game, or ``every`` one
    (a Plakoto game may end by a mother pin, with none); no more games once ``want`` are
    found."""
    bot = StrongBot(seed)
    out: list[Position] = []
    for g in range(games):
        if len(out) >= want:
            break
        p = Position.initial(game, preset)
        dice = DiceSource(f"race:{game}:{preset}:{seed}:{g}")
        for _ in range(600):
            roll = dice.roll()
            plays = legal_plays(p, roll)
            if plays:
                p = bot.choose_play(p, roll, plays).result if len(plays) > 1 else plays[0].result
                if game_outcome(p) is not None:
                    break
            p = p.flip()
            if both_bearing_off(p):
                out.append(p)
                if not every:
                    break
    return out


def race_after_strong_play(game: str, preset: str, seed: int) -> Position:
    """The first race (:func:`races_after_strong_play`) of a seeded game that has one."""
    return races_after_strong_play(game, preset, seed, games=20, want=1)[0]


def mirrored_in_portes(p: Position) -> Position:
    """The Portes position with the same two homes and the same checkers off."""
    opp = p.flip()
    cells = {k: p.mine(k) for k in range(1, 7) if p.mine(k)}
    cells.update({25 - k: -opp.mine(k) for k in range(1, 7) if opp.mine(k)})
    return pos("portes", cells, off=p.off)


class TestBothBearingOff:
    def test_fevga_reads_the_other_sides_home_on_the_movers_13_to_18_R1(self) -> None:
        race = Position.from_json(FEVGA_RACE)
        assert both_bearing_off(race) and both_bearing_off(race.flip())
        assert race.flip().mine(1) == 4 and race.flip().mine(6) == 1  # the mover's 13 and 18
        # one of theirs on the mover's 19 is on their 7, outside their home
        out = pos("fevga", {1: 11, 13: -13, 19: -1}, off=(4, 1))
        assert not both_bearing_off(out) and not both_bearing_off(out.flip())
        # nor does a checker of theirs on the mover's 19-24 count as home in Fevga
        portes_like = pos("fevga", {1: 11, 24: -14}, off=(4, 1))
        assert not both_bearing_off(portes_like)

    def test_plakoto_reads_the_other_sides_home_on_the_movers_19_to_24_R1(self) -> None:
        race = Position.from_json(PLAKOTO_RACE)
        assert both_bearing_off(race) and both_bearing_off(race.flip())
        assert not both_bearing_off(pos("plakoto", {1: 11, 18: -1, 24: -10}, off=(4, 4)))

    def test_a_pin_is_never_a_race_in_plakoto_R5_2(self) -> None:
        pinned = pos("plakoto", {1: 10, 19: [1, -1], 24: -9}, off=(4, 5))
        assert not both_bearing_off(pinned) and not both_bearing_off(pinned.flip())
        assert not exact_race_results([pinned])

    def test_a_checker_on_the_bar_is_never_a_race_in_portes(self) -> None:
        on_bar = pos("portes", {1: 10, 24: -10}, bar=(1, 0), off=(4, 5))
        assert not both_bearing_off(on_bar) and not exact_race_results([on_bar])


class TestRaceEquity:
    @pytest.mark.parametrize("race", [PLAKOTO_RACE, FEVGA_RACE])
    def test_is_the_portes_equity_of_the_same_two_homes_R6(self, race: dict[str, object]) -> None:
        p = Position.from_json(race)
        for q in (p, p.flip()):
            assert race_equity(q) == pytest.approx(race_equity(mirrored_in_portes(q)), abs=1e-12)

    def test_counts_a_mars_in_fevga_R7_4(self) -> None:
        # they have none off and need at least two rolls; we bear off our last two at once
        fevga = pos("fevga", {1: 2, 18: -15}, off=(13, 0))
        assert race_equity(fevga) == pytest.approx(race_equity(mirrored_in_portes(fevga)))
        assert race_equity(fevga) > 1.0

    def test_is_per_stake_under_the_cube_in_tapa_R9_1(self) -> None:
        plain = Position.from_json({**PLAKOTO_RACE, "preset": "vog"})
        doubled = Position.from_json({**PLAKOTO_RACE, "preset": "vog",
                                      "cube": {"value": 4, "owner": "opponent"}})
        assert race_equity(doubled) == pytest.approx(race_equity(plain), abs=1e-12)
        assert race_equity(plain) == pytest.approx(
            race_equity(Position.from_json(PLAKOTO_RACE)), abs=1e-12)
        # their 15 on their 6 when we bear off our last: a mars, not the triple (R5.5)
        won = Position.from_json({"game": "plakoto", "preset": "vog",
                                  "points": [0] * 18 + [-15] + [0] * 5, "off": [15, 0],
                                  "cube": {"value": 4, "owner": "mover"}})
        assert race_equity(won) == 2.0

    @pytest.mark.parametrize(("game", "preset", "seed"), [
        ("plakoto", "tavlucky", 1), ("plakoto", "traditional", 2), ("plakoto", "vog", 3),
        ("fevga", "tavlucky", 4), ("fevga", "traditional", 5)])
    def test_of_races_from_real_play_is_near_the_nets_on_average(
            self, game: str, preset: str, seed: int) -> None:
        # the side that just moved, as race_equity reads it
        results = [p.flip() for p in races_after_strong_play(game, preset, seed, 5, every=True)]
        assert len(results) >= 10
        exact = np.array([race_equity(r) for r in results])
        assert np.allclose(exact, [race_equity(mirrored_in_portes(r)) for r in results],
                           atol=1e-12)
        net = result_equities(ExpertBot(0).net(game), results)
        # a side read in the wrong frame would be off by about a point: the net is a guess
        # (0.05-0.11 off on average in these), the tables the truth
        assert float(np.mean(np.abs(net - exact))) < 0.2
        assert float(np.corrcoef(net, exact)[0, 1]) > 0.9


class TestTheExpertInARace:
    @pytest.mark.parametrize(("game", "seed"), [("plakoto", 11), ("fevga", 12)])
    def test_plays_the_best_exact_equity_in_a_real_race(self, game: str, seed: int) -> None:
        p = race_after_strong_play(game, "tavlucky", seed)
        bot = ExpertBot(0)
        dice = DiceSource(f"race-dice:{seed}")
        seen = 0
        while game_outcome(p) is None:
            roll = dice.roll()
            plays = legal_plays(p, roll)
            if len(plays) > 1:
                exact = exact_race_equities(plays)
                assert exact is not None
                chosen = bot.choose_play(p, roll, plays)
                assert race_equity(chosen.result) == pytest.approx(exact.max(), abs=1e-12)
                assert np.array_equal(bot.scored(plays), exact)
                seen += 1
                p = chosen.result
            elif plays:
                p = plays[0].result
            p = p.flip()
        assert seen >= 2

    @pytest.mark.parametrize("race", [PLAKOTO_RACE, FEVGA_RACE])
    def test_plays_the_best_exact_equity_where_the_net_alone_does_not(
            self, race: dict[str, object]) -> None:
        p = Position.from_json(race)
        bot = ExpertBot(0)
        net_misses = 0
        for roll in ROLLS:
            plays = legal_plays(p, roll)
            if len(plays) < 2:
                continue
            exact = np.array([race_equity(q.result) for q in plays])
            chosen = bot.choose_play(p, roll, plays)
            assert race_equity(chosen.result) == pytest.approx(exact.max(), abs=1e-12)
            net = result_equities(bot.net(p.game), [q.result for q in plays])
            net_misses += bool(exact[int(np.argmax(net))] < exact.max() - 1e-9)
        assert net_misses >= 1

    def test_leaves_to_its_net_a_plakoto_turn_with_a_pin(self) -> None:
        p = pos("plakoto", {1: 10, 19: [1, -1], 24: -9}, off=(4, 5))
        plays = legal_plays(p, (6, 1))
        assert exact_race_equities(plays) is None
        bot = ExpertBot(0, search=False)
        want = result_equities(bot.net("plakoto"), [q.result for q in plays])
        assert np.allclose(bot.equities(plays), want, atol=1e-6)

    def test_leaves_to_its_net_a_fevga_turn_with_a_checker_outside_home(self) -> None:
        p = pos("fevga", {1: 5, 2: 5, 9: 1, 13: -7, 14: -7}, off=(4, 1))
        plays = legal_plays(p, (1, 2))
        assert any(not both_bearing_off(q.result) for q in plays)
        assert exact_race_equities(plays) is None

    @pytest.mark.parametrize(("game", "cells", "off"), [
        # their last checker outside home: on the mover's 16 (their 9), or the mover's 22
        # (their 10) in Fevga; some of their rolls bring it home, some do not
        ("portes", {6: 3, 5: 3, 4: 3, 16: -1, 20: -7, 22: -7}, (6, 0)),
        ("plakoto", {6: 3, 5: 3, 4: 3, 16: -1, 20: -7, 22: -7}, (6, 0)),
        ("fevga", {6: 3, 5: 3, 4: 3, 22: -1, 14: -7, 16: -7}, (6, 0))])
    def test_looks_ahead_exactly_at_each_roll_whose_replies_all_bear_off(
            self, game: str, cells: dict[int, int], off: tuple[int, int]) -> None:
        p = pos(game, cells, off=off)
        bot = ExpertBot(0)
        net = bot.net(game)
        play = legal_plays(p, (2, 1))[0]
        opp = play.result.flip()
        want = 0.0
        kinds = set()
        for roll, w in zip(ROLLS, ROLL_WEIGHTS):
            replies = [r.result for r in legal_plays(opp, roll)]
            exact = all(both_bearing_off(r) for r in replies)
            kinds.add(exact)
            values = ([race_equity(r) for r in replies] if exact
                      else list(result_equities(net, replies)))
            want -= float(w) * max(values)
        assert kinds == {True, False}
        assert bot.lookahead(play) == pytest.approx(want, abs=1e-5)
        # the reasons look one roll ahead the same way
        by_roll = reasons.roll_equities([play.result], bot)[0]
        assert float(np.dot(ROLL_WEIGHTS, by_roll)) == pytest.approx(want, abs=1e-5)

    @pytest.mark.parametrize("race", [PLAKOTO_RACE, FEVGA_RACE])
    def test_values_the_quick_generators_rows_exactly(self, race: dict[str, object]) -> None:
        opp = Position.from_json(race)
        rows = [s for roll in ROLLS for s in result_states(opp, roll)]
        got = ExpertBot(0).state_equities(opp, rows)
        assert np.allclose(got, [race_equity(from_state(s, opp)) for s in rows], atol=1e-12)


class TestWarmUp:
    def test_a_fevga_race_is_near_a_bear_off_and_the_start_is_not(self) -> None:
        assert not bearoff.near_bear_off(Position.initial("fevga"))
        # ours all on 1-12, theirs all on their 1-12 (our 13-24): no one can meet
        assert bearoff.near_bear_off(pos("fevga", {12: 5, 5: 10, 24: -15}))
        # theirs on their 13 (our 1) still pass our 1-12: contact, many outside
        assert not bearoff.near_bear_off(pos("fevga", {12: 8, 5: 7, 1: -8, 24: -7}))

    @pytest.mark.parametrize(("game", "race"), [
        ("plakoto", {12: 5, 5: 10, 13: -15}), ("fevga", {12: 5, 5: 10, 24: -15})])
    def test_the_expert_starts_it_in_a_race(self, monkeypatch: pytest.MonkeyPatch, game: str,
                                            race: dict[int, int]) -> None:
        calls: list[int] = []
        monkeypatch.setattr(expert, "warm_up", lambda: calls.append(1))
        bot = ExpertBot(0, search=False)
        start = Position.initial(game)
        bot.choose_play(start, (3, 1), legal_plays(start, (3, 1)))
        assert calls == []
        p = pos(game, race)
        bot.choose_play(p, (3, 1), legal_plays(p, (3, 1)))
        assert calls == [1]
