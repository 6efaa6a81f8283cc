"""Step-by-step choice of a play (R1/R2) and its scanning cost.

The main example is the Portes opening with 6-5 for the mover (checkers on 24,
13, 8, 6; the opponent holds the mover's 1, 12, 17 and 19), written out by
hand: 24/19 and 6/1 are blocked, 6/off is not allowed, so the 6 plays 24/18,
13/7 or 8/2 and the 5 plays 13/8, 8/3 or (after 24/18) 18/13.
"""

from __future__ import annotations

import itertools
import random

import pytest

from tavli_voice.commands import ChoosePlay, Describe, Quit, Undo
from tavli_voice.scanning import (
    AutoScanner, Highlight, ManualClock, PlayChoice, ScanMenu, ScanOption, ScanSettings,
    StepMode, StepScanner, Switch, build_root,
)
from tavli_voice.scanning.cost import (ScanCost, scan_cost_linear, scan_cost_steps,
                                       scan_costs_steps_all)
from tavli_voice.scanning.steps import normalise_sequences

#: Plays in the session's order (by source point), as notation.
OPENING_65 = ["24/13", "24/18 13/8", "24/18 8/3", "13/2", "13/7 13/8", "13/7 8/3", "8/2 8/3"]

#: Every legal order of every play → its 0-based index in OPENING_65.
SEQUENCES_65 = {
    ((24, 18), (18, 13)): 0,
    ((24, 18), (13, 8)): 1, ((13, 8), (24, 18)): 1,
    ((24, 18), (8, 3)): 2, ((8, 3), (24, 18)): 2,
    ((13, 7), (7, 2)): 3, ((13, 8), (8, 2)): 3, ((8, 2), (13, 8)): 3,  # three routes, one play
    ((13, 7), (13, 8)): 4, ((13, 8), (13, 7)): 4,
    ((13, 7), (8, 3)): 5, ((8, 3), (13, 7)): 5,
    ((8, 2), (8, 3)): 6, ((8, 3), (8, 2)): 6,
}


def labels(mode: StepMode, lang: str = "en") -> list[str]:
    return [o.label(lang) for o in mode.options]  # type: ignore[arg-type]


def walk(mode: StepMode, *picks: str) -> object:
    """Pick options by their English labels, one stage after another."""
    result: object = mode
    for text in picks:
        assert isinstance(result, StepMode), (text, result)
        result = result.choose(labels(result).index(text))
    return result


def opening(**kwargs: object) -> StepMode:
    return StepMode.build(SEQUENCES_65, **kwargs)


class TestNormalise:
    @pytest.mark.parametrize("bad", [
        {(): 0},
        {((26, 20),): 0},
        {((13, 25),): 0},
        {((13, 13),): 0},
        {((13, 7),): -1},
        [(((13, 7),), 0), (((13, 7),), 1)],
    ])
    def test_bad_input_is_refused(self, bad: object) -> None:
        with pytest.raises(ValueError):
            normalise_sequences(bad)  # type: ignore[arg-type]

    def test_lists_and_duplicates_are_accepted(self) -> None:
        table = normalise_sequences([([[24, 18], [18, 13]], 0), (((24, 18), (18, 13)), 0)])
        assert table == ((((24, 18), (18, 13)), 0),)


class TestOpening65:
    def test_only_movable_checkers_are_offered_most_frequent_first(self) -> None:
        root = opening()
        # 13 and 8 each start four plays, 24 three; ties go to the higher point.
        assert labels(root) == ["From 13", "From 8", "From 24"]
        assert labels(root, "el") == ["Από το 13", "Από το 8", "Από το 24"]

    def test_destinations_then_the_next_checker(self) -> None:
        after_source = walk(opening(), "From 13")
        assert labels(after_source) == ["To 8", "To 7", "Back"]
        after_step = walk(after_source, "To 8")
        assert labels(after_step) == ["From 24", "From 13", "From 8", "Undo last step"]
        assert [o.label("en") for o in after_step.trail] == ["From 13", "To 8"]

    def test_forced_rest_is_finished_for_the_user(self) -> None:
        assert walk(opening(), "From 13", "To 8", "From 24") == ChoosePlay(2)
        # 24/19 is blocked: From 24 goes to 18 with the pick, and 18 has one play left
        assert walk(opening(), "From 24", "From 18") == ChoosePlay(1)

    def test_every_step_chosen_when_finishing_is_off(self) -> None:
        root = opening(finish_forced=False)
        stage = walk(root, "From 13", "To 8", "From 24")
        assert labels(stage) == ["To 18", "Back"]
        assert walk(stage, "To 18") == ChoosePlay(2)

    @pytest.mark.parametrize("route", [
        ("From 13", "To 7", "From 7", "To 2"),
        ("From 13", "To 8", "From 8", "To 2"),
        ("From 8", "To 2", "From 13", "To 8"),
    ])
    def test_every_route_to_the_same_position_is_the_same_play(self, route) -> None:
        assert walk(opening(finish_forced=False), *route) == ChoosePlay(4)  # 13/2

    def test_back_and_undo_last_step(self) -> None:
        root = opening(lead=(ScanOption("undo", command=Undo()),),
                       extras=(ScanOption("describe", command=Describe()),))
        assert labels(root) == ["Undo", "From 13", "From 8", "From 24", "Describe position"]
        source = walk(root, "From 8")
        assert walk(source, "Back") == root
        stage = walk(root, "From 8", "To 3")
        assert "Describe position" not in labels(stage)  # extras only at the first stage
        assert walk(stage, "Undo last step") == root
        assert root.choose(0) == Undo() and root.choose(4) == Describe()

    def test_back_at_the_first_stage_only_with_a_parent(self) -> None:
        parent = build_root(ScanMenu(commands=(Quit(),)), ScanSettings())
        root = opening(parent=parent)
        assert labels(root)[-1] == "Back" and root.choose(len(root.options) - 1) is parent

    def test_preferred_play_is_offered_first_at_every_stage(self) -> None:
        root = opening(preferred=2)  # 24/18 8/3: its best-ranked first source is 8
        assert labels(root) == ["From 8", "From 13", "From 24"]
        assert labels(walk(root, "From 8")) == ["To 3", "To 2", "Back"]
        assert labels(walk(root, "From 8", "To 3"))[0] == "From 24"
        assert scan_cost_steps(SEQUENCES_65, 2, ScanSettings(), preferred=2) == ScanCost(0, 3)

    def test_order_by_point_only(self) -> None:
        assert labels(opening(order="point")) == ["From 24", "From 13", "From 8"]
        assert (scan_cost_steps(SEQUENCES_65, 0, ScanSettings(), order="point")
                == ScanCost(0, 2))

    def test_plays_left(self) -> None:
        assert opening().plays_left() == frozenset(range(7))
        assert walk(opening(), "From 24").plays_left() == frozenset({0, 1, 2})

    def test_costs_against_a_flat_list(self) -> None:
        auto = ScanSettings()
        steps = [scan_cost_steps(SEQUENCES_65, i, auto) for i in range(7)]
        flat = [scan_cost_linear(7, i, auto) for i in range(7)]
        # e.g. 24/13: From 24 (2 steps; to 18, its one place, with the pick), From 18
        # (ties go to the higher point)
        assert steps == [ScanCost(2, 2), ScanCost(0, 3), ScanCost(1, 3), ScanCost(2, 3),
                         ScanCost(1, 3), ScanCost(2, 3), ScanCost(3, 3)]
        assert sum(c.steps for c in steps) < sum(c.steps for c in flat)
        two = ScanSettings(mode="step")
        assert scan_cost_steps(SEQUENCES_65, 0, two) == ScanCost(2, 4)
        with pytest.raises(ValueError):
            scan_cost_steps(SEQUENCES_65, 9, auto)

    def test_bar_and_off(self) -> None:
        mode = StepMode.build({((25, 20), (6, 0)): 0, ((6, 0), (25, 20)): 0,
                               ((25, 19), (6, 1)): 1, ((6, 1), (25, 19)): 1})
        assert labels(mode) == ["From the bar", "From 6"]
        assert labels(walk(mode, "From 6"), "el") == ["Στο 1", "Μάζεμα", "Πίσω"]


class TestThroughTheScanners:
    def test_one_switch_makes_24_18_13_8(self) -> None:
        """Auto scanning over the 6-5 opening, from the session's menu, with a manual clock."""
        plays = tuple(PlayChoice(n, sequences=tuple(s for s, i in SEQUENCES_65.items() if i == k))
                      for k, n in enumerate(OPENING_65))
        settings = ScanSettings(finish_speaking=False, play_choice="steps")
        root = build_root(ScanMenu(commands=(Describe(), Quit()), plays=plays), settings,
                          step_order="frequency")
        assert isinstance(root, StepMode) and labels(root)[-2:] == ["Describe position", "Menu"]
        scanner = AutoScanner(settings)
        clock = ManualClock()
        first = scanner.start(root, clock.now())
        assert first.option.label("en") == "From 13"
        to = scanner.press(clock.advance(0.4))
        assert isinstance(to, Highlight) and to.option.label("en") == "To 8"
        assert scanner.press(clock.advance(0.3)) is None  # pause after the pick
        nxt = scanner.press(clock.advance(0.3))
        assert nxt.option.label("en") == "From 24" and len(nxt.trail) == 2
        assert scanner.press(clock.advance(0.6)) == ChoosePlay(2)

    def test_two_switches_make_13_7_8_3(self) -> None:
        scanner = StepScanner(ScanSettings(mode="step"))
        scanner.start(opening(), 0.0)
        assert scanner.press(1.0, Switch.PICK).option.label("en") == "To 8"
        assert scanner.press(2.0, Switch.NEXT).option.label("en") == "To 7"
        stage = scanner.press(3.0, Switch.PICK)
        assert [o.label("en") for o in scanner.mode.options] == [
            "From 13", "From 8", "From 7", "Undo last step"]
        assert stage.option.label("en") == "From 13"
        scanner.press(4.0, Switch.NEXT)
        assert scanner.press(5.0, Switch.PICK) == ChoosePlay(6)


def _double_table(checkers: tuple[int, ...], die: int, steps: int) -> dict:
    """Every legal order of ``steps`` moves of ``die`` on an empty board (no blocks, no
    bearing off), each mapped to the index of its resulting position."""
    table: dict = {}
    results: dict[tuple[int, ...], int] = {}

    def grow(stones: tuple[int, ...], done: tuple) -> None:
        if len(done) == steps:
            key = tuple(sorted(stones))
            table[done] = results.setdefault(key, len(results))
            return
        for point in sorted(set(stones), reverse=True):
            if point - die >= 1:
                moved = list(stones)
                moved.remove(point)
                grow(tuple(moved + [point - die]), done + ((point, point - die),))

    grow(checkers, ())
    return table


class TestDoubles:
    TABLE = _double_table((24, 13, 13, 8, 6), 2, 4)

    def test_table_is_rich(self) -> None:
        plays = set(self.TABLE.values())
        assert len(plays) > 20 and len(self.TABLE) > 3 * len(plays)

    def test_random_walks_always_end_in_a_legal_play(self) -> None:
        rng = random.Random(5)
        for finish in (False, True):
            for _ in range(300):
                mode: object = StepMode.build(self.TABLE, finish_forced=finish)
                walked: list[tuple[int, int]] = []
                while isinstance(mode, StepMode):
                    picks = [i for i, o in enumerate(mode.options) if o.key in ("from", "to")]
                    i = rng.choice(picks)
                    option = mode.options[i]
                    if option.key == "to":
                        walked.append((mode.source, option.args[0]))
                    mode = mode.choose(i)
                    if isinstance(mode, StepMode):
                        walked = list(mode.chosen)  # a step taken at once is in ``chosen``
                assert isinstance(mode, ChoosePlay)
                index = mode.number - 1
                matches = [s for s, k in self.TABLE.items() if s[:len(walked)] == tuple(walked)]
                assert matches and {self.TABLE[s] for s in matches} >= {index}
                if not finish:
                    assert self.TABLE[tuple(walked)] == index

    def test_every_play_reachable_and_cheaper_than_a_flat_list(self) -> None:
        settings = ScanSettings()
        plays = sorted(set(self.TABLE.values()))
        every = scan_costs_steps_all(self.TABLE, settings)
        assert sorted(every) == plays
        costs = [every[i] for i in plays]
        assert costs[3] == scan_cost_steps(self.TABLE, 3, settings)
        mean_steps = sum(c.steps for c in costs) / len(costs)
        mean_flat = sum(range(len(plays))) / len(plays)
        assert mean_steps < mean_flat / 2
        assert all(1 <= c.presses <= 8 for c in costs)

    def test_a_checker_with_one_place_to_go_takes_the_step_when_picked(self) -> None:
        """Under a double every checker has one destination: "From 24" moves it to 22 at
        once (the stage that offered "To 22" and "Back" alone cost a pick), and "Undo last
        step" takes it back."""
        root = StepMode.build(self.TABLE)
        stage = walk(root, "From 24")
        assert isinstance(stage, StepMode)
        assert stage.chosen == ((24, 22),) and stage.source is None
        assert labels(stage)[-1] == "Undo last step"
        assert [o.label("en") for o in stage.trail] == ["From 24", "To 22"]
        assert walk(stage, "Undo last step") == root
        asked = walk(StepMode.build(self.TABLE, finish_forced=False), "From 24")
        assert labels(asked) == ["To 22", "Back"]

    def test_one_place_to_go_costs_one_pick_a_step(self) -> None:
        """24/20 13/9: four picks, one a step (the last finishes the play), where a source
        and then its one destination were seven (eight with every step asked)."""
        play = self.TABLE[((24, 22), (22, 20), (13, 11), (11, 9))]
        assert scan_cost_steps(self.TABLE, play, ScanSettings()).presses == 4
        assert scan_cost_steps(self.TABLE, play, ScanSettings(), finish_forced=False).presses == 8

    def test_a_checkers_group_of_a_double_starts_with_its_step_taken(self) -> None:
        """"From 24: n plays" under a double: its one destination is taken with the pick."""
        plays: dict[int, list] = {}
        for seq, index in self.TABLE.items():
            plays.setdefault(index, []).append(seq)
        choices = tuple(PlayChoice(f"play {i}", sequences=tuple(plays[i])) for i in sorted(plays))
        root = build_root(ScanMenu(commands=(Quit(),), plays=choices), ScanSettings())
        group = next(i for i, o in enumerate(root.options) if o.key == "group" and o.args[0] == 24)
        stage = root.choose(group)
        assert isinstance(stage, StepMode) and stage.chosen == ((24, 22),)
        assert [o.label("en") for o in stage.trail][-2:] == ["From 24", "To 22"]

    def test_all_orders_of_one_play_give_one_index(self) -> None:
        for seq, index in self.TABLE.items():
            for other in itertools.permutations(seq):
                if other in self.TABLE:
                    assert self.TABLE[other] == index


def test_hand_written_65_table_agrees_with_the_rules_engine() -> None:
    """Cross-check (R2): the same 14 orders, grouped into the same 7 plays."""
    from tavli_voice.rules import Position, StepChooser, legal_plays

    position = Position.initial("portes")
    plays = legal_plays(position, (6, 5))
    chooser = StepChooser(position, (6, 5), plays)
    found: dict[tuple[tuple[int, int], ...], int] = {}

    def explore() -> None:
        done = chooser.complete()
        if done is not None:
            found[tuple((s.from_point, s.to_point) for s in chooser.chosen)] = plays.index(done)
            return
        for step in chooser.options():
            chooser.choose(step.from_point, step.to_point)
            explore()
            chooser.undo()

    explore()

    def partition(table: dict) -> set[frozenset]:
        return {frozenset(s for s, i in table.items() if i == k) for k in set(table.values())}

    assert partition(found) == partition(SEQUENCES_65)
    assert sorted(p.notation for p in plays) == sorted(
        n.replace("13/7 13/8", "13/8 13/7").replace("8/2 8/3", "8/3 8/2") for n in OPENING_65)


def test_play_choices_from_engine_like_objects() -> None:
    from dataclasses import dataclass

    from tavli_voice.scanning import play_choices

    @dataclass(frozen=True)
    class FakeStep:
        from_point: int
        to_point: int

    @dataclass(frozen=True)
    class FakePlay:
        notation: str

    a, b = FakePlay("24/18 13/8"), FakePlay("13/7 13/8")
    orders = {a: ((FakeStep(24, 18), FakeStep(13, 8)), (FakeStep(13, 8), FakeStep(24, 18))),
              b: ((FakeStep(13, 7), FakeStep(13, 8)),)}
    choices = play_choices([a, b], orders, spoken=lambda p: "said " + p.notation)
    assert choices[0] == PlayChoice("24/18 13/8", "said 24/18 13/8",
                                    (((24, 18), (13, 8)), ((13, 8), (24, 18))))
    assert choices[1].sequences == (((13, 7), (13, 8)),)
    assert play_choices([a])[0] == PlayChoice("24/18 13/8")
