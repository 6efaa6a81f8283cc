"""The Portes judge's helpers (benchmarks/portes_judge.py; gnubg itself runs it outside the tests)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.portes_judge import done_lines, exact_equity, gnubg_board  # noqa: E402
from tavli_voice.rules import Position  # noqa: E402


def test_a_torn_last_line_is_cut_off_so_the_run_resumes_after_the_last_whole_line(tmp_path: Path) -> None:
    out = tmp_path / "judged.jsonl"
    whole = [{"game": 1, "turn": 0}, {"game": 1, "turn": 1}]
    out.write_text("".join(json.dumps(r) + "\n" for r in whole) + '{"game": 1, "tu', encoding="utf-8")
    assert done_lines(str(out)) == whole
    assert out.read_text(encoding="utf-8").endswith('"turn": 1}\n')
    assert done_lines(str(tmp_path / "missing.jsonl")) == []


def test_gnubg_board_counts_every_checker_from_each_sides_own_numbering() -> None:
    pos = Position.initial("portes")
    mover, opp = gnubg_board(pos)
    assert sum(mover) == 15 and sum(opp) == 15
    # Portes starts with two checkers on each side's own 24-point.
    assert mover[23] == 2 and opp[23] == 2


def test_a_finished_game_is_scored_exactly_and_a_live_one_left_to_gnubg() -> None:
    assert exact_equity(Position.initial("portes")) is None
    won = Position.from_json({"game": "portes", "preset": "tavlucky", "points": [0] * 23 + [-15],
                              "bar": [0, 0], "off": [15, 0]})
    assert exact_equity(won) == 2.0


def test_the_head_to_head_report_gives_the_share_of_points_and_a_standard_error_over_pairs(tmp_path: Path) -> None:
    from benchmarks.portes_vs_gnubg import report

    games = [(0, True, 1, 0), (0, False, 0, 2), (1, True, 2, 0), (1, False, 1, 0)]
    out = tmp_path / "h2h.jsonl"
    out.write_text("".join(json.dumps({"pair": p, "bot_starts": s, "ours": o, "gnubg": g, "bot": "expert"}) + "\n"
                           for p, s, o, g in games), encoding="utf-8")
    text = report(out)
    # 4 points to 2; pair means (1-2)/2 = -0.5 and (2+1)/2 = +1.5: mean +0.5, stdev 1.414, SE 1.0.
    assert "4 games (2 pairs)" in text and "points 4-2 = 66.7%" in text
    assert "+0.500 ± 1.000 points a game" in text
