"""The Fevga loss analysis classifies positions by phase and board facts, and repeats itself."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.fevga_losses import (  # noqa: E402
    PhaseSearchBot,
    Record,
    block_ahead,
    contact,
    facts,
    largest_swings,
    phase,
    report,
    table,
)
from pinned_nets import PINNED_FEVGA  # noqa: E402
from tavli_voice.bots.expert import ExpertBot  # noqa: E402
from tavli_voice.rules import Position, legal_plays  # noqa: E402


def fevga(points: dict[int, int], off: tuple[int, int] = (0, 0)) -> Position:
    """A Fevga position from ``{mover point: checkers}`` (negative: the opponent's)."""
    pts = [0] * 24
    for k, n in points.items():
        pts[k - 1] = n
    return Position.from_json({"game": "fevga", "points": pts, "off": list(off)})


class TestPhase:
    def test_r7_1_the_opening_is_the_start_phase_with_contact(self) -> None:
        pos = Position.initial("fevga")
        assert contact(pos)
        assert phase(pos) == "start"
        assert phase(Position.initial("plakoto")) == "start"

    def test_r7_a_race_once_both_sides_have_passed_each_other(self) -> None:
        # ours on 1–10 (their 13–22 in their numbering), theirs in their home (our 13–18)
        pos = fevga({1: 3, 2: 3, 5: 3, 8: 3, 10: 3, 13: -5, 15: -5, 18: -5})
        assert not contact(pos)
        assert phase(pos) == "race"

    def test_r7_bear_off_when_every_checker_of_the_mover_is_home(self) -> None:
        pos = fevga({1: 3, 2: 3, 4: 3, 6: 2, 13: -5, 15: -5, 18: -5}, off=(4, 0))
        assert phase(pos) == "bear-off"

    def test_r7_contact_when_their_checker_still_waits_in_front_of_ours(self) -> None:
        # all start quarters empty, our 14 must still pass their checker on our 5
        pos = fevga({14: 5, 10: 5, 3: 5, 5: -1, 15: -7, 16: -7})
        assert contact(pos)
        assert phase(pos) == "contact"


class TestFacts:
    def test_r7_3_three_held_points_in_front_of_our_rearmost_checker_are_a_block(self) -> None:
        # our rearmost on 20; they hold 19, 18 and 17 (one checker holds a point in Fevga)
        pos = fevga({20: 1, 6: 14, 19: -1, 18: -1, 17: -1, 15: -12})
        assert block_ahead(pos) == 3
        assert "their block in front of our runners" in facts(pos)
        assert "our block in front of their runners" not in facts(pos)
        # the same board from their side is our block in front of their runners
        assert "our block in front of their runners" in facts(pos.flip())

    def test_two_held_points_are_no_block(self) -> None:
        pos = fevga({20: 1, 6: 14, 19: -1, 17: -1, 15: -13})
        assert block_ahead(pos) == 1
        assert not any("block" in f for f in facts(pos))

    def test_r7_1_a_lone_checker_in_front_of_their_starting_stack(self) -> None:
        # their start is our 12; our single checker on 10 stands in its way
        pos = fevga({24: 14, 10: 1, 12: -15})
        assert "our lone checker in front of their start" in facts(pos)
        assert "our lone checker in front of their start" not in facts(Position.initial("fevga"))

    def test_the_race_lead_counts_pips_from_the_movers_side(self) -> None:
        ahead = fevga({1: 15, 12: -15})   # 15 pips against their 15 × 24
        assert "race lead >= 10 pips" in facts(ahead)
        assert "race lead <= -10 pips" in facts(ahead.flip())
        assert "race lead within 10 pips" in facts(Position.initial("fevga"))


def _rec(after: float, classes: list[str], gap: float = 0.0) -> Record:
    return Record(Position.initial("fevga"), (1, 2), gap, False, "", "", 0.0, after=after,
                  classes=classes)


def test_largest_swings_are_the_biggest_drops_to_the_next_play() -> None:
    recs = [_rec(0.5, ["start"]), _rec(0.4, ["start"]), _rec(-0.3, ["contact"]),
            _rec(-0.2, ["contact"]), _rec(-0.9, ["race"])]
    top = largest_swings(recs, 2)
    assert [round(r.swing, 3) for r in top] == [0.7, 0.7]
    assert {r.after for r in top} == {0.4, -0.2}


def test_the_table_gives_each_class_its_share_of_the_total() -> None:
    recs = [_rec(0, ["start", "x"], 0.1), _rec(0, ["start"], 0.1), _rec(0, ["race", "x"], 0.2)]
    rows = table(recs, lambda r: r.gap, "t")
    by_class = {line.split()[0]: line.split() for line in rows[2:]}
    assert by_class["start"][1:] == ["2", "0.1000", "50.0%"]
    assert by_class["race"][1:] == ["1", "0.2000", "50.0%"]
    assert by_class["x"][1:] == ["2", "0.1500", "75.0%"]
    assert by_class["all"][1] == "3"


def test_a_tiny_seeded_run_prints_the_same_report_twice() -> None:
    first = report("fevga", 1, 5, max_turns=10)
    assert first == report("fevga", 1, 5, max_turns=10)
    assert any(line.startswith("look-ahead gap") for line in first)
    assert any('"game":"fevga"' in line for line in first)
    assert first[1:] != report("fevga", 1, 6, max_turns=10)[1:]


def test_the_wider_search_looks_at_more_candidates_only_in_its_phases() -> None:
    import numpy as np

    # a contact decision where the look-ahead's best (9/6 7/5) is the net's fourth choice
    pos = fevga({1: -1, 2: -1, 3: -1, 4: -1, 5: 2, 6: 3, 7: 1, 8: 1, 9: 4, 12: 1, 13: -2,
                 14: -1, 15: 1, 16: -1, 17: 1, 18: 1, 19: -3, 21: -2, 22: -1, 24: -1})
    assert phase(pos) == "contact"
    roll = (2, 3)
    plays = legal_plays(pos, roll)
    nets = {"fevga": PINNED_FEVGA}
    shipped = ExpertBot(3, search=True, nets=nets)
    eq = shipped.equities(plays)
    top = [plays[int(i)] for i in np.argsort(-eq, kind="stable")[:4]]
    best = top[int(np.argmax(shipped.lookahead_many(top)))]
    assert best not in top[:2]
    wide = PhaseSearchBot(3, ["contact"], margin=1.0, width=4, nets=nets)
    assert wide.choose_play(pos, roll, plays) == best
    assert shipped.choose_play(pos, roll, plays) != best
    elsewhere = PhaseSearchBot(3, ["race"], margin=1.0, width=4, nets=nets)
    assert elsewhere.choose_play(pos, roll, plays) == shipped.choose_play(pos, roll, plays)


def test_a_variant_reads_its_phases_margin_and_width() -> None:
    import pytest

    from benchmarks.fevga_losses import Variant

    v = Variant.parse("start,contact:0.06:3")
    assert v == Variant(("start", "contact"), 0.06, 3)
    assert v.label == "width 3, margin 0.06 in start,contact"
    bot = v.bot(2)
    assert isinstance(bot, PhaseSearchBot) and bot.phases == {"start", "contact"}
    for bad in ("opening:0.06:3", "start:0.06:1", "start:0.06"):
        with pytest.raises(ValueError):
            Variant.parse(bad)


def test_kept_pairs_are_read_back_and_only_the_missing_ones_played(tmp_path: Path) -> None:
    import json

    from benchmarks.fevga_losses import net_points
    from tests.test_bots_compare import ByDice

    whole = net_points(ByDice(), "plakoto", 3, 8)  # type: ignore[arg-type]
    out = tmp_path / "pairs.jsonl"
    out.write_text(json.dumps({"bot": "shipped", "game": "plakoto", "seed": 8, "pair": 1,
                               "points": 99.0}) + "\n"
                   + json.dumps({"bot": "other", "game": "plakoto", "seed": 8, "pair": 0,
                                 "points": 50.0}) + "\n")
    bot = ByDice()
    resumed = net_points(bot, "plakoto", 3, 8, out=out)  # type: ignore[arg-type]
    assert resumed.tolist() == [whole[0], 99.0, whole[2]]
    kept = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["bot"], r["pair"]) for r in kept] == [("shipped", 1), ("other", 0),
                                                     ("shipped", 0), ("shipped", 2)]
    calls = bot.calls
    assert (net_points(bot, "plakoto", 3, 8, out=out) == resumed).all()
    assert bot.calls == calls  # every pair read back, none played


def test_the_speed_table_has_a_row_for_the_shipped_search_and_each_variant() -> None:
    from benchmarks.fevga_losses import Variant, speed

    lines = speed("fevga", 6, 3, [Variant.parse("start:0.06:3"), Variant.parse("contact:0.08:4")])
    assert lines[0].startswith("fevga: ") and "CPU ms a decision" in lines[0]
    rows = [line.split() for line in lines[1:]]
    assert [" ".join(r[:r.index("median")]) for r in rows] == [
        "shipped expert", "width 3, margin 0.06 in start", "width 4, margin 0.08 in contact"]
    for r in rows:
        med, p95 = float(r[r.index("median") + 1]), float(r[r.index("p95") + 1])
        assert 0.0 <= med <= p95


def test_recorded_pairs_compare_each_variant_on_the_pairs_both_played(tmp_path: Path) -> None:
    import json

    from benchmarks.fevga_losses import main, recorded

    rows = [("shipped", 0, 2.0), ("shipped", 1, -1.0), ("shipped", 2, 0.0),
            ("wide", 0, 4.0), ("wide", 2, 2.0), ("wide", 5, 9.0),  # pair 5: no shipped game
            ("shipped", 3, 7.0)]
    out = tmp_path / "pairs.jsonl"
    out.write_text("".join(json.dumps({"bot": b, "game": "fevga", "seed": 3, "pair": p,
                                       "points": x}) + "\n" for b, p, x in rows)
                   + json.dumps({"bot": "wide", "game": "fevga", "seed": 4, "pair": 1,
                                 "points": 50.0}) + "\n")
    lines = recorded(out, "fevga", 3)
    assert "shipped expert: 4 pairs, ppg +1.000" in lines[1]
    # pairs 0 and 2: differences (4-2)/2 = 1 and (2-0)/2 = 1 a game
    assert "wide: 2 pairs, ppg +1.500 (the shipped expert +0.500 on them)" in lines[2]
    assert "paired difference +1.000 ± 0.000 points a game" in lines[3]
    assert main(["--game", "fevga", "--seed", "3", "--out", str(out), "--recorded"]) == 0
