"""The match benchmark between an expert net and a yardstick plays real matches and resumes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.expert_matches import main, play_match, seeds_of, yardstick_path  # noqa: E402
from tavli_voice.bots.net import Net, model_source  # noqa: E402


def test_seed_ranges_are_expanded() -> None:
    assert seeds_of("5-7,20") == [5, 6, 7, 20]
    assert seeds_of("3") == [3]


def test_the_frozen_yardsticks_load_as_nets_of_their_game() -> None:
    assert yardstick_path("fevga", "strong") is None
    for game in ("plakoto", "fevga"):
        path = yardstick_path(game, "expert-2026")
        assert path is not None and path.is_file()
        assert Net.load(path, game).game == game


def test_a_match_ends_with_one_side_reaching_the_length() -> None:
    net = Net.load(model_source("portes"), "portes")
    rec = play_match("portes", 3, 1, (net, None))
    assert max(rec["candidate"], rec["yardstick"]) >= 1
    assert min(rec["candidate"], rec["yardstick"]) < 1
    assert play_match("portes", 3, 1, (net, None))["yardstick"] == rec["yardstick"]  # seeded


def test_finished_seeds_are_read_back_not_played_again(tmp_path: Path, capsys) -> None:
    out = tmp_path / "m.jsonl"
    out.write_text(json.dumps({"seed": 4, "candidate": 61, "yardstick": 0, "seconds": 1}) + "\n")
    assert main(["--game", "portes", "--seeds", "4-5", "--points", "1", "--out", str(out)]) == 0
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [r["seed"] for r in lines] == [4, 5]
    assert lines[0]["candidate"] == 61  # the recorded match, not replayed
    printed = capsys.readouterr().out
    assert "seed 4: 61-0" in printed and "of the points" in printed


def test_the_matches_keep_blas_to_one_thread_unless_told_otherwise() -> None:
    # two OpenBLAS threads on a busy 2-CPU machine made a 3-minute match take 36 minutes
    root = Path(__file__).resolve().parents[1]
    code = ("import os, sys; sys.path.insert(0, sys.argv[1]); import benchmarks.expert_matches; "
            "print(os.environ['OPENBLAS_NUM_THREADS'])")
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    for given, expected in ((None, "1"), ("2", "2")):
        if given is not None:
            env["OPENBLAS_NUM_THREADS"] = given
        out = subprocess.run([sys.executable, "-c", code, str(root)], env=env,
                             capture_output=True, text=True, check=True)
        assert out.stdout.strip() == expected


def test_a_match_records_its_games_and_the_candidates_decision_times() -> None:
    net = Net.load(model_source("fevga"), "fevga")
    rec = play_match("fevga", 5, 3, (net, None))
    assert rec["games"] >= 2  # no single game is worth 3 points without the cube
    times = rec["candidate_ms"]
    assert 0 < times["median"] <= times["p95"] <= times["max"] < 1000 * rec["seconds"]
    assert len(rec["load"]) == 2 and all(x >= 0 for x in rec["load"])


def test_decision_times_are_the_median_p95_and_slowest() -> None:
    from benchmarks.expert_matches import decision_times
    assert decision_times([4.0, 1.0, 2.0, 3.0, 100.0]) == {"median": 3.0, "p95": 100.0,
                                                            "max": 100.0}
    assert decision_times([]) == {"median": 0.0, "p95": 0.0, "max": 0.0}


def test_the_candidate_searches_as_told_and_expert_2026_as_it_was_frozen() -> None:
    from benchmarks.expert_matches import FROZEN_SEARCH, _Table
    from tavli_voice.bots.expert import ExpertBot
    from tavli_voice.rules.match import MatchConfig
    net = Net.load(model_source("fevga"), "fevga")
    config = MatchConfig(length=3, kind="fevga", preset="tavlucky", seed=1)
    table = _Table(config, (net, net), ((0.1, 4), FROZEN_SEARCH["expert-2026"]))
    cand, yard = table._bot("expert", "bot0"), table._bot("expert", "bot1")
    assert isinstance(cand, ExpertBot) and isinstance(yard, ExpertBot)
    assert (cand.margin, cand.width) == (0.1, 4)
    assert (yard.margin, yard.width) == (0.03, 2)
    assert cand.net("fevga") is net and yard.net("fevga") is net
    plain = _Table(config, (net, net))._bot("expert", "bot0")
    assert isinstance(plain, ExpertBot) and (plain.margin, plain.width) == (None, None)


def test_the_candidates_search_is_recorded_with_each_match(tmp_path: Path, capsys) -> None:
    from tavli_voice.bots.expert import search_settings
    out = tmp_path / "m.jsonl"
    args = ["--game", "portes", "--seeds", "3", "--points", "1"]
    main(args + ["--out", str(out)])
    main(args + ["--out", str(out.with_suffix(".wide")), "--margin", "0.5", "--width", "3"])
    assert json.loads(out.read_text())["search"] == list(search_settings("portes"))
    assert json.loads(out.with_suffix(".wide").read_text())["search"] == [0.5, 3]
    assert "searching within 0.5 among the top 3 against strong" in capsys.readouterr().out
