"""The expert nets: installed weights, deterministic play, TD training that learns,
the levels in ``-h`` in both languages, ``moves --bot``, unknown bot names, the
coach and the cube from the expert's equity."""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
import zipfile
from pathlib import Path

import numpy as np
import pytest

# The repository's top folder: the training tools (training/) are not installed.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tavli_voice import events as E  # noqa: E402
from tavli_voice.bots import BOT_NAMES, ExpertBot, RitaBot, make_bot  # noqa: E402
from tavli_voice.bots.coach import judge  # noqa: E402
from tavli_voice.bots.net import MODEL_FILES, Net, load_model  # noqa: E402
from tavli_voice.bots.playouts import Decision, random_decisions  # noqa: E402
from tavli_voice.rules import Position, game_outcome, legal_plays  # noqa: E402
from training.train import lambda_returns, self_play_game, train_step, walk_game  # noqa: E402

REPO = Path(__file__).resolve().parents[1]


def samples(game: str, n: int, seed: int = 5) -> list[Decision]:
    """Decisions with two or more plays, from seeded random playouts."""
    return random_decisions(game, n, seed, label="expert-samples")


# ------------------------------------------------------------ weights
class TestWeights:
    @pytest.mark.parametrize("game", ["portes", "plakoto", "fevga"])
    def test_each_game_has_a_net_that_says_how_it_was_made(self, game: str) -> None:
        net = load_model(game)
        assert net.game == game
        assert net.meta.get("method")  # TD self-play or distillation, written in the file
        out = net.evaluate([Position.initial(game)])
        assert out.shape == (1, 5) and np.all((out >= 0) & (out <= 1))

    def test_the_wheel_carries_the_weights_and_the_net_loads_from_it(
            self, tmp_path: Path) -> None:
        """Build the wheel, unpack it elsewhere, and load the nets from there."""
        build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                                "-w", str(tmp_path / "dist"), str(REPO)],
                               capture_output=True, text=True, timeout=300, check=False)
        if build.returncode != 0 and "bdist_wheel" in build.stderr + build.stdout:
            pytest.skip("no wheel builder here: " + build.stderr[-200:])
        assert build.returncode == 0, build.stderr[-2000:]
        wheel = next((tmp_path / "dist").glob("tavli_voice-*.whl"))
        names = zipfile.ZipFile(wheel).namelist()
        for f in MODEL_FILES.values():
            assert f"tavli_voice/models/{f}" in names
        site = tmp_path / "site"
        zipfile.ZipFile(wheel).extractall(site)
        code = ("import tavli_voice, tavli_voice.bots.net as n; "
                "print(tavli_voice.__file__); "
                "print(n.model_source('fevga')); print(n.load_model('fevga').game)")
        env = dict(os.environ, PYTHONPATH=str(site))
        res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             cwd=tmp_path, env=env, timeout=120, check=False)
        assert res.returncode == 0, res.stderr
        pkg, source, game = res.stdout.split()
        assert pkg.startswith(str(site)) and source.startswith(str(site))
        assert game == "fevga"

    def test_save_and_load_round_trip(self, tmp_path: Path) -> None:
        net = Net.new("plakoto", hidden=8, seed=3)
        net.meta["method"] = "test"
        net.save(tmp_path / "n.npz")
        back = Net.load(tmp_path / "n.npz")
        x = np.ones((2, net.w1.shape[0]), np.float32)
        assert np.array_equal(net.outputs(x), back.outputs(x))
        assert back.meta["method"] == "test"


# --------------------------------------------------------- the bot
class TestExpertPlay:
    @pytest.mark.parametrize("game", ["portes", "plakoto", "fevga"])
    def test_same_seed_same_choices(self, game: str) -> None:
        decisions = samples(game, 25)
        a, b = ExpertBot(seed=4), ExpertBot(seed=4)
        ca = [a.choose_play(p, r, plays) for p, r, plays in decisions]
        cb = [b.choose_play(p, r, plays) for p, r, plays in decisions]
        assert ca == cb
        assert all(c in plays for c, (_, _, plays) in zip(ca, decisions))

    def test_plays_the_best_valued_play_without_search(self) -> None:
        bot = ExpertBot(seed=1, search=False)
        for pos, roll, plays in samples("plakoto", 20):
            eq = bot.equities(plays)
            assert bot.choose_play(pos, roll, plays) == plays[int(np.argmax(eq))]

    @pytest.mark.parametrize("game", ["portes", "plakoto", "fevga"])
    def test_look_ahead_averages_the_best_reply_to_each_of_the_21_rolls(self, game: str) -> None:
        from tavli_voice.bots.expert import ROLL_WEIGHTS, ROLLS
        from tavli_voice.rules import game_outcome

        bot = ExpertBot(seed=1)
        plays = [p for _, _, ps in samples(game, 4, seed=9) for p in ps[:2]
                 if game_outcome(p.result) is None]
        batched = bot.lookahead_many(plays)
        for play, got in zip(plays, batched):
            opp = play.result.flip()
            want = 0.0
            for roll, w in zip(ROLLS, ROLL_WEIGHTS):
                replies = legal_plays(opp, roll)
                if replies:
                    want -= w * bot.equities(replies).max()
                else:  # they pass: their view of the same board, valued for them
                    want -= w * bot.equities_of([opp]).max()
            assert got == pytest.approx(want, abs=1e-5)
        assert abs(float(ROLL_WEIGHTS.sum()) - 1.0) < 1e-12 and len(ROLLS) == 21

    @pytest.mark.parametrize(("ours_off", "points"), [(0, 2.0), (1, 1.0)])
    def test_look_ahead_counts_the_opponents_finishing_reply_as_tavlucky_does(
            self, ours_off: int, points: float) -> None:
        """R4/R7: the opponent's last checker goes off with any roll: a mars (2) while we
        have none off, else a single game, whatever the net would say."""
        pts = [0] * 24
        pts[23] = -1                    # their last checker, on their 1-point
        if ours_off:
            pts[0] = 15 - ours_off      # ours home, one already off
        else:
            pts[18] = 15                # ours far from home: none can go off this turn
        pos = Position.from_json({"game": "portes", "points": pts, "off": [ours_off, 14]})
        plays = legal_plays(pos, (1, 2))
        assert plays and all(game_outcome(p.result) is None for p in plays)
        assert all(p.result.off[0] == 0 for p in plays) == (ours_off == 0)
        got = ExpertBot(seed=1).lookahead_many(plays)
        np.testing.assert_allclose(got, -points, atol=1e-12)

    def test_search_settings_choose_how_many_close_candidates_look_ahead(self) -> None:
        """Width 1 never searches; a wide margin searches the top ``width`` by 0-ply."""
        decisions = [d for d in samples("portes", 12, seed=13) if len(d[2]) >= 3]
        assert decisions
        for _, _, plays in decisions:
            eq = ExpertBot(seed=1).equities(plays)
            narrow = ExpertBot(seed=1, search=True, width=1).scored(plays)
            assert np.array_equal(narrow, eq)
            wide = ExpertBot(seed=1, search=True, margin=10.0, width=3).scored(plays)
            top = np.argsort(-eq)[:3]
            want = ExpertBot(seed=1).lookahead_many([plays[int(i)] for i in top])
            np.testing.assert_allclose(wide[top], want, atol=1e-9)
            rest = np.setdiff1d(np.arange(len(plays)), top)
            assert np.all(wide[rest] < wide[top].min())

    @pytest.mark.parametrize("game", ["portes", "plakoto", "fevga"])
    def test_search_picks_a_legal_play_the_same_way_for_a_seed(self, game: str) -> None:
        decisions = samples(game, 12, seed=11)
        a, b = ExpertBot(seed=3, search=True), ExpertBot(seed=3, search=True)
        for pos, roll, plays in decisions:
            pa, pb = a.choose_play(pos, roll, plays), b.choose_play(pos, roll, plays)
            assert pa == pb and pa in plays

    def test_a_game_ending_play_is_worth_its_points(self) -> None:
        # Portes: the mover bears off the last checker, the opponent has none off: mars
        pts = [0] * 24
        pts[0] = 1
        pts[23] = -15
        pos = Position.from_json({"game": "portes", "points": pts, "off": [14, 0]})
        plays = legal_plays(pos, (6, 5))
        bot = ExpertBot(seed=0)
        assert bot.equities(plays).max() == 2.0

    def test_cube_from_equity(self) -> None:
        bot = ExpertBot(seed=0)
        start = Position.initial("portes", "vog")
        assert not bot.cube_offer(start)
        assert bot.cube_take(start.flip())
        # far ahead in a race: 2 checkers left against 15 on our side of the board
        pts = [0] * 24
        pts[0] = 1
        pts[1] = 1
        pts[23] = -15
        ahead = Position.from_json({"game": "portes", "preset": "vog", "points": pts,
                                    "off": [13, 0]})
        assert bot.pre_roll_equity(ahead) > 0.9
        assert not bot.cube_take(ahead.flip())  # the opponent drops a hopeless double


# ------------------------------------------------------------ training
def _race_start(rng: random.Random) -> Position:
    """A Portes race: each side's 15 checkers spread over its home board."""
    pts = [0] * 24
    for sign in (1, -1):
        for _ in range(15):
            p = rng.randint(1, 6)
            idx = p - 1 if sign == 1 else 24 - p
            pts[idx] += sign
    return Position.from_json({"game": "portes", "points": pts})


def _log_loss(net: Net, games: list[tuple[np.ndarray, list[int], np.ndarray]]) -> float:
    total = n = 0.0
    for xs, sides, final in games:
        win = net.outputs(xs)[:, 0].clip(1e-6, 1 - 1e-6)
        winner_side = sides[-1] if final[0] == 1.0 else 1 - sides[-1]
        target = np.array([1.0 if s == winner_side else 0.0 for s in sides])
        total += float(-(target * np.log(win) + (1 - target) * np.log(1 - win)).sum())
        n += len(sides)
    return total / n


class TestTraining:
    def test_td_training_improves_a_tiny_net(self) -> None:
        """A few hundred self-play races make the net predict the winner better."""
        net = Net.new("portes", hidden=8, seed=2)
        rng = random.Random(11)
        test_rng = random.Random(99)
        referee = Net.new("portes", hidden=8, seed=5)  # plays the held-out games
        held_out = []
        for _ in range(60):
            xs, _ys, sides, final = self_play_game(referee, test_rng, "portes",
                                                    start=_race_start(test_rng))
            assert final is not None
            held_out.append((xs, sides, final))
        before = _log_loss(net, held_out)
        for _ in range(300):
            xs, ys, sides, final = self_play_game(net, rng, "portes", start=_race_start(rng))
            train_step(net, xs, lambda_returns(ys, sides, final, 0.7), 0.05)
        after = _log_loss(net, held_out)
        assert after < before - 0.03, (before, after)

    def test_a_game_against_the_strong_evaluation_plays_its_choices_on_that_side(
            self, monkeypatch: pytest.MonkeyPatch) -> None:
        from training import train as train_mod

        turns: list[np.ndarray] = []
        real = train_mod.candidate_states

        def recording(pos: Position, dice: tuple[int, int]):  # type: ignore[no-untyped-def]
            states, x = real(pos, dice)
            if states:
                turns.append(x)
            return states, x

        monkeypatch.setattr(train_mod, "candidate_states", recording)
        net = Net.new("fevga", hidden=8, seed=1)
        assert net.ws is not None
        net.ws[-1, 0] = -2.0  # the net itself prefers what the strong judgement likes least
        for side in (0, 1):
            turns.clear()
            xs, _ys, sides, _final = self_play_game(net, random.Random(7), "fevga",
                                                    strong_side=side, max_turns=60)
            assert len(turns) == len(sides) and side in sides and 1 - side in sides
            for x, row, s in zip(turns, xs, sides):
                want = x[:, -1].max() if s == side else x[:, -1].min()
                assert row[-1] == want

    def test_with_the_win_output_fixed_only_the_mars_outputs_learn(self) -> None:
        net = Net.new("plakoto", hidden=8, seed=3)
        rng = random.Random(5)
        xs, ys, sides, final = self_play_game(net, rng, "plakoto", max_turns=80)
        before = net.outputs(xs)
        target = lambda_returns(ys, sides, final, 0.7)
        target[:, 1] = 0.9  # far from the start: the mars outputs must move
        for _ in range(20):
            train_step(net, xs, target, 0.05, fixed_win=True)
        after = net.outputs(xs)
        assert np.array_equal(after[:, 0], before[:, 0])
        assert (after[:, 1] > before[:, 1] + 0.05).all()

    @pytest.mark.parametrize("game", ["portes", "plakoto", "fevga"])
    def test_a_walked_game_plays_what_the_chooser_picks_to_the_end(self, game: str) -> None:
        """Every play is the chooser's pick from the legal results of that roll; a
        roll without a play passes to the other side; the game ends on the finished
        result, made by the side that is returned."""
        rng = random.Random(3)
        pick = random.Random(4)
        seen: list[tuple[int, Position]] = []

        def choose(side: int, pos: Position, states: list[tuple[int, ...]],
                   x: np.ndarray) -> int:
            assert len(states) == len(x) >= 1
            if seen:  # the previous mover's result, turned round, or a pass
                assert side != seen[-1][0] or pos != seen[-1][1]
            seen.append((side, pos))
            return pick.randrange(len(states))

        end, side = walk_game(game, rng, choose, side=1)
        assert end is not None and game_outcome(end) is not None
        assert seen[0][0] == 1 and seen[0][1] == Position.initial(game)
        assert side == seen[-1][0]
        # the same seeds walk the same game
        again: list[tuple[int, Position]] = []
        pick = random.Random(4)

        def choose_again(side: int, pos: Position, states: list[tuple[int, ...]],
                         x: np.ndarray) -> int:
            again.append((side, pos))
            return pick.randrange(len(states))

        assert walk_game(game, random.Random(3), choose_again, side=1) == (end, side)
        assert again == seen

    def test_a_walk_that_runs_out_of_turns_returns_no_result(self) -> None:
        calls: list[int] = []

        def first(side: int, pos: Position, states: list[tuple[int, ...]],
                  x: np.ndarray) -> int:
            calls.append(side)
            return 0

        end, _side = walk_game("fevga", random.Random(1), first, max_turns=5)
        assert end is None and 1 <= len(calls) <= 5

    def test_lambda_returns_end_at_the_result_and_swap_sides(self) -> None:
        ys = np.array([[0.5, 0.1, 0.0, 0.1, 0.0], [0.4, 0.2, 0.0, 0.05, 0.0]], np.float32)
        final = np.array([1.0, 1.0, 0.0, 0.0, 0.0], np.float32)
        g = lambda_returns(ys, [0, 1], final, lam=1.0)
        assert g[1].tolist() == final.tolist()
        assert g[0][0] == 0.0 and g[0][3] == 1.0  # the other side won a mars


# ------------------------------------------------------------ levels
class TestLevels:
    def test_four_levels_weakest_first(self) -> None:
        assert BOT_NAMES == ("random", "rita", "strong", "expert")
        assert isinstance(make_bot("expert"), ExpertBot)
        assert isinstance(make_bot("έμπειρος"), ExpertBot)

    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_help_lists_every_level_in_both_languages(self, lang: str) -> None:
        from tavli_voice.startup import build_parser
        text = " ".join(build_parser(lang).format_help().split())
        for name in BOT_NAMES:
            assert f"{name} (" in text
        words = {"en": ("patient beginner", "the strongest", "neural network"),
                 "el": ("υπομονετική αρχάρια", "ο έμπειρος", "νευρωνικό δίκτυο")}
        for w in words[lang]:
            assert w in text
        from tavli_voice import words
        said = [words.text(f"level.{name}", lang) for name in BOT_NAMES]
        assert len(set(said)) == len(BOT_NAMES) and all(said), said

    def test_unknown_player_name_fails_with_a_message(self, tmp_path: Path) -> None:
        from tavli_voice.startup import main
        for lang, words in (("en", "unknown bot 'grandpa'"), ("el", "άγνωστο μποτ «grandpa»")):
            out = io.StringIO()
            code = main(["--players", "rita,grandpa", "--speech", "off", "--lang", lang,
                         "--save", str(tmp_path / "s.json")], out=out, inp=io.StringIO(""))
            assert code == 2
            assert words in out.getvalue()


# ------------------------------------------------------------ moves --bot
class TestMovesBot:
    def _run(self, args: list[str], lines: list[dict]) -> tuple[int, list[dict], str]:
        stdin = "\n".join(json.dumps(x) for x in lines) + "\n"
        res = subprocess.run([sys.executable, "-m", "tavli_voice.cli", "moves", "--jsonl"]
                             + args, input=stdin, capture_output=True, text=True, cwd=REPO,
                             timeout=120, check=False)
        out = [json.loads(s) for s in res.stdout.splitlines() if s.strip()]
        return res.returncode, out, res.stderr

    def test_choice_is_the_bots_play(self) -> None:
        decisions = samples("portes", 6)
        lines = [{"position": p.to_json(), "dice": list(r)} for p, r, _ in decisions]
        code, out, _ = self._run(["--bot", "expert", "--seed", "3"], lines)
        assert code == 0 and len(out) == len(lines)
        bot = ExpertBot(seed=3)
        for (pos, roll, plays), ans in zip(decisions, out):
            assert len(ans["plays"]) == len(plays)
            assert plays[ans["choice"]] == bot.choose_play(pos, roll, plays)

    def test_no_bot_no_choice_and_a_pass_has_none(self) -> None:
        pts = [0] * 24            # closed out (R4): on the bar, their six points made
        pts[5] = 14
        for i in range(18, 24):
            pts[i] = -2
        pts[0] = -3
        pos = {"game": "portes", "points": pts, "bar": [1, 0]}
        code, out, _ = self._run([], [{"position": Position.initial("fevga").to_json(),
                                       "dice": [6, 5]}])
        assert "choice" not in out[0]
        code, out, _ = self._run(["--bot", "strong"], [{"position": pos, "dice": [6, 6]}])
        assert code == 0 and out[0]["plays"] == [] and out[0]["choice"] is None

    def test_unknown_bot_is_a_clear_error(self) -> None:
        code, out, err = self._run(["--bot", "gnubg"], [])
        assert code == 2 and out == []
        assert "gnubg" in err and "expert" in err


# ------------------------------------------------------------ coach and Rita
class TestCoach:
    def test_a_clear_mistake_is_named_with_the_better_play(self) -> None:
        bot = ExpertBot(seed=0, search=False)
        found = 0
        for _pos, _roll, plays in samples("portes", 40):
            eq = bot.equities(plays)
            worst = plays[int(np.argmin(eq))]
            best = plays[int(np.argmax(eq))]
            note = judge(plays, worst, bot=bot)
            if eq.max() - eq.min() >= 0.08:
                assert note is not None and note.better == best
                assert note.equity_loss >= 0.08
                found += 1
            assert judge(plays, best, bot=bot) is None
        assert found >= 10

    def test_session_coach_speaks_in_both_languages(self) -> None:
        from tavli_voice.bots.coach import Mistake
        from tavli_voice.narration.phrases import screen_text
        plays = legal_plays(Position.initial("portes"), (6, 5))
        note = E.CoachNote(0, plays[0], 8, 0.15)
        for lang, words in (("en", "wins about 8% more games"),
                            ("el", "κερδίζει περίπου 8% περισσότερες παρτίδες")):
            from tavli_voice.narration.phrases import NarrationContext
            ctx = NarrationContext(lang=lang, listener=0)  # type: ignore[call-arg]
            assert words in screen_text(note, ctx)
        assert Mistake(plays[0], 8, 0.15).win_gain == 8


class TestRita:
    def test_rita_is_seeded_and_usually_near_the_best(self) -> None:
        decisions = samples("portes", 60, seed=8)
        a, b = RitaBot(seed=3), RitaBot(seed=3)
        expert = ExpertBot(seed=0, search=False)
        losses = []
        for pos, roll, plays in decisions:
            pa = a.choose_play(pos, roll, plays)
            assert pa == b.choose_play(pos, roll, plays)
            eq = expert.equities(plays)
            losses.append(eq.max() - eq[list(plays).index(pa)])
        assert 0 < a.mistakes < a.chances
        assert 0.0 < float(np.mean(losses)) < 0.1


def test_the_program_keeps_blas_to_one_thread_unless_told_otherwise() -> None:
    code = "import os, tavli_voice.cli, numpy; print(os.environ['OPENBLAS_NUM_THREADS'])"
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "1"
    env["OPENBLAS_NUM_THREADS"] = "2"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "2"
