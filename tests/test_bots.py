"""Bots: registry, legality, determinism, Rita's mistake share,
the strong bot's tactics, per-game evaluation sanity and cube decisions (R9.1).

Positions are built inline (``position-format.md``) or sampled by seeded
random playouts; everything is deterministic.
"""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

from tavli_voice.bots import (BOT_NAMES, WIN, Bot, RandomBot, RitaBot, StrongBot, bot_name,
                              evaluate, make_bot, pre_roll_score, rank_plays, score_plays,
                              win_chance)
from tavli_voice.bots.playouts import random_decisions
from tavli_voice.bots.net import load_model, result_equities
from tavli_voice.bots.ranking import TIE
from tavli_voice.bots.strong import SOFTMAX_BY_GAME
from tavli_voice.rules import Cube, DiceSource, Play, Position, game_outcome, legal_plays

GAMES = ("portes", "plakoto", "fevga")
Sample = tuple[Position, tuple[int, int], tuple[Play, ...]]


def pos(game: str, spec: dict[int, int], *, off: tuple[int, int] = (0, 0),
        bar: tuple[int, int] = (0, 0), preset: str = "tavlucky",
        pins: dict[int, list[int]] | None = None) -> Position:
    """A position from {point: signed count} (mover's numbering, R1)."""
    pts: list[object] = [0] * 24
    for p, v in spec.items():
        pts[p - 1] = v
    for p, pair in (pins or {}).items():
        pts[p - 1] = pair
    return Position.from_json({"game": game, "preset": preset, "points": pts,
                               "off": list(off), "bar": list(bar)})


@lru_cache(maxsize=None)
def samples(game: str, n: int = 120, seed: int = 7) -> tuple[Sample, ...]:
    """``n`` decisions with at least two plays, from seeded random playouts."""
    return tuple(random_decisions(game, n, seed, label="samples"))


# ------------------------------------------------------------------ registry
class TestRegistry:
    @pytest.mark.parametrize("name,cls", [("random", RandomBot), ("rita", RitaBot),
                                          ("strong", StrongBot), ("ρίτα", RitaBot),
                                          ("Ρίτα", RitaBot), (" RITA ", RitaBot),
                                          ("δυνατό", StrongBot), ("τυχαίο", RandomBot)])
    def test_make_bot_by_latin_or_greek_name(self, name: str, cls: type) -> None:
        bot = make_bot(name, seed=3)
        assert isinstance(bot, cls)
        assert isinstance(bot, Bot)
        assert bot.name == bot_name(name)

    def test_names_weakest_first(self) -> None:
        assert BOT_NAMES == ("random", "rita", "strong", "expert")

    def test_unknown_name_is_a_clear_value_error(self) -> None:
        with pytest.raises(ValueError, match=r"unknown bot 'gnubg'.*random, rita, strong"):
            make_bot("gnubg", seed=1)

    def test_no_plays_is_an_error(self) -> None:
        p = Position.initial("portes")
        for name in BOT_NAMES:
            with pytest.raises(ValueError):
                make_bot(name, 1).choose_play(p, (6, 5), ())


# ------------------------------------------------------- legality, determinism
class TestChoices:
    @pytest.mark.parametrize("game", GAMES)
    @pytest.mark.parametrize("name", BOT_NAMES)
    def test_always_a_member_of_plays(self, game: str, name: str) -> None:
        bot = make_bot(name, seed=11)
        for position, roll, plays in samples(game, 60):
            shuffled = list(plays)
            random.Random(len(plays)).shuffle(shuffled)  # R2: the order may be ignored
            choice = bot.choose_play(position, roll, shuffled)
            assert any(choice is p for p in shuffled)

    @pytest.mark.parametrize("game", GAMES)
    @pytest.mark.parametrize("name", BOT_NAMES)
    def test_same_seed_same_choices(self, game: str, name: str) -> None:
        a, b = make_bot(name, seed=5), make_bot(name, seed=5)
        data = samples(game, 60)
        first = [a.choose_play(p, d, pl).notation for p, d, pl in data]
        random.seed(12345)  # the global RNG must not matter: bots own their RNG
        second = [b.choose_play(p, d, pl).notation for p, d, pl in data]
        assert first == second

    def test_different_seeds_differ_for_random(self) -> None:
        data = samples("portes", 60)
        a = [RandomBot(1).choose_play(p, d, pl) for p, d, pl in data]
        b = [RandomBot(2).choose_play(p, d, pl) for p, d, pl in data]
        assert a != b

    def test_single_play_is_returned(self) -> None:
        p = Position.initial("fevga")
        plays = legal_plays(p, (6, 5))
        assert len(plays) == 1
        for name in BOT_NAMES:
            assert make_bot(name, 0).choose_play(p, (6, 5), plays) is plays[0]

    @pytest.mark.parametrize("game", [g for g in GAMES if g not in SOFTMAX_BY_GAME])
    def test_strong_plays_a_best_scoring_play(self, game: str) -> None:
        bot = StrongBot(seed=3)
        for position, roll, plays in samples(game, 40):
            best = max(score_plays(plays))
            assert evaluate(bot.choose_play(position, roll, plays).result) >= best - TIE

    def test_strong_in_portes_plays_the_experts_judgement_with_small_slips(self) -> None:
        bot = StrongBot(seed=3)
        best = slips = big = 0
        for position, roll, plays in samples("portes", 120):
            if len(plays) < 2:
                continue
            eq = result_equities(load_model("portes"), [p.result for p in plays])
            chosen = eq[plays.index(bot.choose_play(position, roll, plays))]
            best += chosen >= eq.max() - TIE
            slips += chosen < eq.max() - TIE
            big += chosen < eq.max() - 0.2
        assert best > 2 * slips > 0  # mostly the expert's play, but not always
        assert big <= 0.05 * (best + slips)  # and hardly ever a big mistake

    def test_strong_in_portes_plays_by_hand_written_rules_when_asked(self) -> None:
        bot = StrongBot(seed=3, hand_written=True)
        for position, roll, plays in samples("portes", 40):
            best = max(score_plays(plays))
            assert evaluate(bot.choose_play(position, roll, plays).result) >= best - TIE

    def test_ranked_is_every_play_best_first(self) -> None:
        position, roll, plays = samples("portes", 10)[3]
        ranked = StrongBot(0).ranked(position, plays)
        assert sorted(ranked, key=id) == sorted(plays, key=id)
        scores = [evaluate(p.result) for p in ranked]
        assert scores == sorted(scores, reverse=True)


# ------------------------------------------------------------------- Rita
class TestRita:
    @staticmethod
    def mistake_share(p_mistake: float, depth: float = 1.0) -> tuple[float, int]:
        rita = RitaBot(seed=9, p_mistake=p_mistake, mistake_depth=depth, values="strong")
        chances = differs = 0
        for game in GAMES:
            for position, roll, plays in samples(game):
                scores = score_plays(plays)
                if min(scores) >= max(scores) - TIE:
                    continue  # nothing to get wrong
                chances += 1
                mine = evaluate(rita.choose_play(position, roll, plays).result)
                differs += mine < max(scores) - TIE
        return differs / chances, chances

    def test_default_share_is_about_a_quarter(self) -> None:
        share, n = self.mistake_share(0.25)
        assert n >= 300
        assert 0.19 <= share <= 0.31

    @pytest.mark.parametrize("p", [0.1, 0.5])
    def test_share_follows_the_setting(self, p: float) -> None:
        share, _ = self.mistake_share(p)
        assert abs(share - p) <= 0.07

    def test_never_and_always(self) -> None:
        assert self.mistake_share(0.0)[0] == 0.0
        assert self.mistake_share(1.0)[0] == 1.0

    def test_mistakes_come_from_the_worse_part(self) -> None:
        rita = RitaBot(seed=4, p_mistake=1.0, mistake_depth=0.5, values="strong")
        for position, roll, plays in samples("plakoto", 60):
            scores = sorted(score_plays(plays))
            worse = [s for s in scores if s < scores[-1] - TIE]
            if not worse:
                continue
            limit = worse[max(1, -(-len(worse) // 2)) - 1]  # the worst half, rounded up
            assert evaluate(rita.choose_play(position, roll, plays).result) <= limit + TIE

    def test_counts_her_mistakes(self) -> None:
        rita = RitaBot(seed=2)
        for position, roll, plays in samples("portes", 80):
            rita.choose_play(position, roll, plays)
        assert 0 < rita.mistakes < rita.chances

    def test_bad_settings_rejected(self) -> None:
        with pytest.raises(ValueError):
            RitaBot(p_mistake=1.5)
        with pytest.raises(ValueError):
            RitaBot(mistake_depth=0.0)


# ------------------------------------------------------------ strong tactics
class TestStrongTactics:
    def test_portes_hits_and_makes_the_point(self) -> None:
        """R4: 8/5* 6/5 hits their blot and makes our 5 point."""
        p = pos("portes", {24: 2, 13: 5, 8: 3, 6: 5, 1: -1, 5: -1, 12: -5, 17: -3, 19: -5})
        play = StrongBot(1).choose_play(p, (3, 1), legal_plays(p, (3, 1)))
        assert play.result.bar == (0, 1)
        assert play.result.points[4] == 2

    def test_portes_enters_and_hits_from_the_bar(self) -> None:
        """R4: bar/20* (hit their blot on entering) rather than a quiet entry."""
        p = pos("portes", {24: 1, 13: 5, 8: 3, 6: 5, 20: -1, 1: -2, 12: -4, 17: -3, 19: -5},
                bar=(1, 0))
        play = StrongBot(1).choose_play(p, (5, 2), legal_plays(p, (5, 2)))
        assert play.result.bar[1] == 1

    def test_plakoto_pins_the_mother(self) -> None:
        """R5.4 tavlucky: pinning their lone mother wins at once."""
        p = pos("plakoto", {24: 10, 3: 1, 13: 4, 1: -1, 10: -14})
        play = StrongBot(1).choose_play(p, (2, 6), legal_plays(p, (2, 6)))
        assert play.ends_game
        out = game_outcome(play.result)
        assert out is not None and out.winner == 0 and out.kind.value == "mother"

    def test_plakoto_pins_a_blot(self) -> None:
        """R5.2: 8/5^ pins their lone checker in our home."""
        p = pos("plakoto", {24: 13, 8: 2, 1: -10, 5: -1, 7: -4})
        play = StrongBot(1).choose_play(p, (3, 5), legal_plays(p, (3, 5)))
        assert play.result.pins[4] == -1

    def test_plakoto_keeps_the_mother_covered(self) -> None:
        """R5.4: with enemy checkers in range, do not leave our mother alone on 24."""
        p = pos("plakoto", {24: 2, 6: 5, 5: 4, 4: 4, 20: -5, 19: -5, 18: -5})
        play = StrongBot(1).choose_play(p, (4, 2), legal_plays(p, (4, 2)))
        assert play.result.points[23] == 2

    def test_fevga_bears_off_two(self) -> None:
        """R6/R7.4: with everything home, 6/off 5/off beats moving inside."""
        p = pos("fevga", {6: 2, 5: 2, 1: 1, 16: -5, 17: -5}, off=(10, 5))
        play = StrongBot(1).choose_play(p, (6, 5), legal_plays(p, (6, 5)))
        assert play.result.off[0] == 12

    def test_strong_beats_random_in_a_few_games(self) -> None:
        """A smoke test of strength (the real ladder is benchmarks/bots.py)."""
        for game in GAMES:
            wins = 0
            for i in range(6):
                bots: tuple[Bot, Bot] = (StrongBot(i), RandomBot(i))
                mover = i % 2
                position = Position.initial(game)
                dice = DiceSource(f"smoke:{game}:{i}")
                while True:
                    roll = dice.roll()
                    plays = legal_plays(position, roll)
                    if plays:
                        position = bots[mover].choose_play(position, roll, plays).result
                    out = game_outcome(position)
                    if out is not None:
                        wins += (out.winner == 0) == (mover == 0)
                        break
                    position = position.flip()
                    mover = 1 - mover
            assert wins >= 4, game


# ---------------------------------------------------------- evaluation sanity
class TestEvaluation:
    @pytest.mark.parametrize("game", GAMES)
    @pytest.mark.parametrize("preset", ["tavlucky", "traditional"])
    def test_opening_is_even(self, game: str, preset: str) -> None:
        assert evaluate(Position.initial(game, preset)) == pytest.approx(0.0)

    def test_game_over_is_decisive(self) -> None:
        won = pos("portes", {1: -15}, off=(15, 0))
        assert evaluate(won) == 2 * WIN  # mars (R4)
        lost = pos("portes", {1: 15}, off=(0, 15))
        assert evaluate(lost) == -2 * WIN
        single = pos("fevga", {1: 3}, off=(12, 15))
        assert evaluate(single) == -WIN

    def test_portes_race_lead_is_good(self) -> None:
        ahead = pos("portes", {1: 5, 2: 5, 3: 5, 24: -5, 23: -5, 22: -5})
        behind = pos("portes", {6: 5, 5: 5, 4: 5, 24: -5, 23: -5, 22: -5})
        assert evaluate(ahead) > evaluate(behind) + 20

    def test_portes_enemy_on_bar_is_good(self) -> None:
        base = {24: 2, 13: 5, 8: 3, 6: 5, 12: -5, 17: -3, 19: -5}
        hit = pos("portes", {**base, 1: -1}, bar=(0, 1))
        quiet = pos("portes", {**base, 1: -2})
        assert evaluate(hit) > evaluate(quiet) + 10

    def test_portes_exposed_blot_costs(self) -> None:
        """A blot in direct range of their checkers costs more than one far away."""
        enemy = {1: -2, 12: -5, 17: -3, 19: -5}
        near = pos("portes", {24: 2, 13: 5, 8: 3, 6: 4, 7: 1, **enemy})  # 6 from their 1
        far = pos("portes", {24: 2, 13: 5, 8: 3, 6: 4, 4: 1, **enemy})
        safe = pos("portes", {24: 2, 13: 5, 8: 3, 6: 5, **enemy})
        assert evaluate(safe) > evaluate(near)
        assert evaluate(far) > evaluate(near)

    def test_portes_home_points_and_primes_count(self) -> None:
        enemy = {24: -2, 23: -13}
        prime = pos("portes", {7: 3, 6: 3, 5: 3, 4: 3, 3: 3, **enemy})
        heap = pos("portes", {7: 3, 6: 6, 4: 3, 3: 3, **enemy})  # fewer points, same pips ±1
        assert evaluate(prime) > evaluate(heap)

    def test_plakoto_our_pin_is_worth_much(self) -> None:
        pinning = pos("plakoto", {24: 12, 8: 2, 1: -10, 7: -4}, pins={5: [1, -1]})
        free = pos("plakoto", {24: 12, 8: 2, 5: 1, 1: -10, 7: -4, 6: -1})
        assert evaluate(pinning) > evaluate(free) + 20

    def test_plakoto_our_pinned_checker_is_bad(self) -> None:
        pinned = pos("plakoto", {24: 14, 1: -10, 7: -4}, pins={20: [-1, 1]})
        free = pos("plakoto", {24: 14, 20: 1, 1: -10, 7: -4, 2: -1})
        assert evaluate(pinned) < evaluate(free) - 20

    def test_plakoto_deeper_pins_weigh_more(self) -> None:
        """A checker pinned far from home (in the pinner's home board) hurts most (R5.3)."""
        deep = pos("plakoto", {24: 14, 1: -10, 7: -4}, pins={20: [-1, 1]})
        shallow = pos("plakoto", {24: 14, 1: -10, 7: -4}, pins={4: [-1, 1]})
        assert evaluate(deep) < evaluate(shallow)

    def test_plakoto_lone_mother_in_range_is_dangerous(self) -> None:
        """R5.4: our last checker on 24 alone, with their checkers 1-6 pips away."""
        exposed = pos("plakoto", {24: 1, 6: 6, 5: 4, 4: 4, 20: -5, 19: -5, 18: -5})
        covered = pos("plakoto", {24: 2, 6: 5, 5: 4, 4: 4, 20: -5, 19: -5, 18: -5})
        assert evaluate(exposed) < evaluate(covered) - 30

    def test_plakoto_traditional_mother_pin_is_huge(self) -> None:
        """R5.4 traditional: their mother pinned while we still have checkers on 24."""
        p = pos("plakoto", {24: 13, 10: -14}, pins={1: [2, -1]}, preset="traditional")
        assert game_outcome(p) is None
        assert evaluate(p) > 100

    def test_fevga_evaluation_is_antisymmetric(self) -> None:
        """R7.1: no hitting, so Fevga's score is the same from either side, negated."""
        for _position, _, plays in samples("fevga", 40):
            r = plays[0].result
            if game_outcome(r) is None:
                assert evaluate(r) == pytest.approx(-evaluate(r.flip()))

    def test_fevga_passing_their_start_is_good(self) -> None:
        """R7.2: a checker past the opponent's start frees the rest."""
        passed = pos("fevga", {24: 14, 10: 1, 12: -14, 1: -1})
        not_yet = pos("fevga", {24: 13, 18: 1, 16: 1, 12: -14, 1: -1})
        assert passed.pip_count()[0] == not_yet.pip_count()[0]
        assert evaluate(passed) > evaluate(not_yet)

    def test_fevga_blocks_in_front_of_their_stack(self) -> None:
        """R7.1: held points just in front of their start stack block it."""
        blocking = pos("fevga", {24: 11, 11: 1, 10: 1, 9: 1, 8: 1, 12: -14, 1: -1})
        behind = pos("fevga", {24: 11, 5: 2, 4: 2, 12: -14, 1: -1})  # 20 pips further on
        assert behind.pip_count()[0] < blocking.pip_count()[0]
        assert evaluate(blocking) > evaluate(behind)

    def test_fevga_tall_stacks_cost(self) -> None:
        spread = pos("fevga", {6: 3, 5: 3, 4: 3, 8: 3, 7: 3, 12: -15})
        heaped = pos("fevga", {6: 9, 4: 3, 8: 3, 12: -15})
        assert evaluate(spread) > evaluate(heaped)


# ------------------------------------------------------------------ the cube
class TestCube:
    @staticmethod
    def crushing() -> Position:
        """vog Portes: we are far ahead in a race, on roll."""
        return pos("portes", {1: 5, 2: 5, 3: 5, 24: -5, 23: -5, 13: -5}, preset="vog")

    def test_strong_doubles_when_clearly_ahead(self) -> None:
        assert StrongBot(0).cube_offer(self.crushing(), (0, 0), 5)

    def test_strong_does_not_double_at_the_start(self) -> None:
        assert not StrongBot(0).cube_offer(Position.initial("portes", "vog"), (0, 0), 5)

    def test_no_double_when_not_allowed(self) -> None:
        p = self.crushing()
        bots: list[Bot] = [StrongBot(0), RitaBot(0), RandomBot(0, double_chance=1.0)]
        for bot in bots:
            assert not bot.cube_offer(p, (0, 0), 5, may_double=False)  # Crawford (R9.1)
            assert not bot.cube_offer(p.with_cube(Cube(2, "opponent")), (0, 0), 5)
            assert not bot.cube_offer(pos("portes", {1: 15, 24: -15}), (0, 0), 5)  # no cube
            assert not bot.cube_offer(p, (4, 0), 5)  # the current stake already wins

    def test_take_unless_clearly_lost(self) -> None:
        bot = StrongBot(0)
        # the doubler is on roll; the taker sees the board from their own side
        assert bot.cube_take(Position.initial("portes", "vog"), (0, 0), 5)
        hopeless = self.crushing().flip().with_cube(Cube(1, None))
        assert not bot.cube_take(hopeless, (0, 0), 5)
        assert bot.cube_take(hopeless, (0, 4), 5)  # dropping loses the match anyway

    def test_win_chance_is_monotone(self) -> None:
        assert win_chance(0.0, "portes") == pytest.approx(0.5)
        assert win_chance(50, "fevga") > win_chance(10, "fevga") > 0.5
        assert win_chance(-1e9, "plakoto") == 0.0

    def test_pre_roll_score_is_the_opponents_view_negated(self) -> None:
        p = self.crushing()
        assert pre_roll_score(p) == -evaluate(p.flip())
        assert pre_roll_score(p) > 30


def test_rank_plays_orders_by_score() -> None:
    position, _, plays = samples("plakoto", 5)[0]
    ranked = rank_plays(plays)
    assert [s for s, _ in ranked] == sorted((s for s, _ in ranked), reverse=True)
    assert rank_plays(plays, rng=random.Random(1))[0][0] == ranked[0][0]
