"""Scanning machines, settings, options and words, with a manual clock.

Step-by-step choice of plays and its costs are in ``test_scanning_steps.py``.
"""

from __future__ import annotations

import json
import math
from dataclasses import replace

import pytest

from tavli_voice.commands import (
    ChoosePlay, Confirm, Describe, FromPoint, Hint, No, QueryPoint, Quit, Repeat, Resign, Roll,
    Undo, Yes,
)
from tavli_voice.scanning import (
    AutoScanner, Highlight, ListMode, ManualClock, MonotonicClock, PlayChoice, ScanAdjust,
    ScanMenu, ScanOption, ScanPaused, ScanSettingError, ScanSettings, SettingsChanged,
    SettingsProblem, State, StepMode, StepScanner, Switch, build_root, group_options,
    load_scan_settings, make_scanner, play_layout, save_scan_settings,
)
from tavli_voice.scanning.cost import (
    ScanCost, level_cost, scan_cost_group, scan_cost_linear, scan_cost_tree,
)
from tavli_voice.scanning.modes import ScanMode, is_command
from tavli_voice.words import SCANNING_SETTING_NAMES, SCANNING_WORDS, text
from tavli_voice.scanning.words import (
    LANGUAGES, setting_error_text, settings_problem_text,
)

# -- helpers ------------------------------------------------------------------


def options(*keys: str) -> ListMode:
    """A flat list whose options emit ``Repeat`` except ``roll`` (emits Roll)."""
    return ListMode(tuple(ScanOption(k, command=Roll() if k == "roll" else Repeat())
                          for k in keys))


def keys_of(mode: ScanMode) -> list[str]:
    return [o.key for o in mode.options]


def quiet(**changes: object) -> ScanSettings:
    """Default settings with ``finish_speaking`` off unless asked (no speaker in most tests)."""
    base: dict[str, object] = {"finish_speaking": False}
    base.update(changes)
    return ScanSettings(**base)  # type: ignore[arg-type]


def run_ticks(scanner: AutoScanner, clock: ManualClock, until: float,
              dt: float = 0.05) -> list[tuple[float, object]]:
    """Tick every ``dt`` up to ``until``; return (time, output) for each non-None output."""
    seen: list[tuple[float, object]] = []
    while clock.now() + dt <= until + 1e-9:
        t = round(clock.advance(dt), 6)
        out = scanner.tick(t)
        if out is not None:
            seen.append((t, out))
    return seen


PLAYS_12 = tuple(PlayChoice(f"{24 - i}/{18 - i}") for i in range(12))


# -- clock ----------------------------------------------------------------------


class TestClock:
    def test_manual_clock_moves_only_forward(self) -> None:
        clock = ManualClock(1.0)
        assert clock.advance(0.5) == 1.5
        assert clock.set(2.0) == 2.0
        with pytest.raises(ValueError):
            clock.advance(-0.1)
        with pytest.raises(ValueError):
            clock.set(1.0)

    def test_monotonic_clock_never_goes_back(self) -> None:
        clock = MonotonicClock()
        a = clock.now()
        assert clock.now() >= a


# -- settings -------------------------------------------------------------------


class TestScanSettings:
    def test_defaults_are_slow_enough_to_follow(self) -> None:
        s = ScanSettings()
        assert (s.mode, s.interval, s.first_delay, s.loops) == ("auto", 1.0, 0.7, 2)
        assert s.pick_pause == 0.5 and s.ignore_repeat == 0.3 and s.hold_min == 0.0
        assert s.finish_speaking is True and s.single_play == "offer"

    @pytest.mark.parametrize("value", [0.29, 10.01, -1.0, math.nan])
    def test_interval_out_of_range_is_refused_clearly(self, value: float) -> None:
        with pytest.raises(ScanSettingError) as info:
            ScanSettings(interval=value)
        assert info.value.name == "interval"
        assert "between 0.3 and 10 seconds" in str(info.value)
        assert isinstance(info.value, ValueError)

    @pytest.mark.parametrize("value", [0.3, 10.0, 10])
    def test_interval_limits_are_allowed(self, value: float) -> None:
        assert ScanSettings(interval=value).interval == float(value)

    @pytest.mark.parametrize("field,value", [
        ("mode", "row"), ("single_play", "auto"), ("loops", 2.5), ("loops", True),
        ("group_size", 1), ("hold_min", "long"), ("finish_speaking", 1), ("pick_key", ""),
    ])
    def test_bad_values_are_refused(self, field: str, value: object) -> None:
        with pytest.raises(ScanSettingError) as info:
            ScanSettings(**{field: value})  # type: ignore[arg-type]
        assert info.value.name == field

    def test_error_is_said_in_both_languages(self) -> None:
        with pytest.raises(ScanSettingError) as info:
            ScanSettings(interval=0.1)
        assert setting_error_text(info.value, "en") == (
            "The setting scan interval must be between 0.3 and 10, not 0.1.")
        assert setting_error_text(info.value, "el") == (
            "Η ρύθμιση «χρόνος σάρωσης» πρέπει να είναι από 0,3 έως 10, όχι 0,1.")
        with pytest.raises(ScanSettingError) as choice:
            ScanSettings(mode="row")  # type: ignore[arg-type]
        assert "auto, step" in setting_error_text(choice.value, "el")

    def test_slower_and_faster_stay_in_range(self) -> None:
        s = ScanSettings()
        assert s.slower().interval == 1.25 and s.faster().interval == 0.8
        assert ScanSettings(interval=9.0).slower().interval == 10.0
        assert ScanSettings(interval=0.35).faster().interval == 0.3

    def test_from_dict_keeps_good_values_and_names_bad_ones(self) -> None:
        settings, bad = ScanSettings.from_dict(
            {"interval": 2.0, "loops": "many", "unknown": 1, "mode": "step"})
        assert settings.interval == 2.0 and settings.mode == "step" and settings.loops == 2
        assert bad == ("loops",)


class TestSettingsFile:
    def test_missing_file_gives_defaults_without_problem(self, tmp_path) -> None:
        loaded = load_scan_settings(tmp_path / "none.json")
        assert loaded.settings == ScanSettings() and loaded.problem is None

    def test_round_trip_keeps_other_sections(self, tmp_path) -> None:
        path = tmp_path / "settings.json"
        path.write_text(json.dumps({"speech": {"rate": 180}, "scanning": {"interval": 3}}))
        assert load_scan_settings(path).settings.interval == 3.0
        wanted = ScanSettings(interval=1.5, mode="step", hold_min=0.4)
        assert save_scan_settings(path, wanted) is None
        document = json.loads(path.read_text())
        assert document["speech"] == {"rate": 180}
        assert load_scan_settings(path).settings == wanted
        assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]  # no temp file left

    @pytest.mark.parametrize("text", ["{not json", "[1, 2]", "\x00\x01"])
    def test_corrupt_file_gives_defaults_and_no_traceback(self, tmp_path, text: str) -> None:
        path = tmp_path / "settings.json"
        path.write_text(text)
        loaded = load_scan_settings(path)
        assert loaded.settings == ScanSettings()
        assert loaded.problem is SettingsProblem.CORRUPT
        assert "damaged" in settings_problem_text(loaded.problem, "en")

    def test_saving_over_a_corrupt_file_keeps_it_aside(self, tmp_path) -> None:
        path = tmp_path / "settings.json"
        path.write_text("{broken")
        aside = save_scan_settings(path, ScanSettings(interval=2.0))
        assert aside is not None and aside.read_text() == "{broken"
        assert load_scan_settings(path).settings.interval == 2.0

    def test_bad_section_and_bad_values(self, tmp_path) -> None:
        path = tmp_path / "settings.json"
        path.write_text(json.dumps({"scanning": [1]}))
        assert load_scan_settings(path).problem is SettingsProblem.BAD_SECTION
        path.write_text(json.dumps({"scanning": {"interval": 0.01, "loops": 3}}))
        loaded = load_scan_settings(path)
        assert loaded.settings.interval == 1.0 and loaded.settings.loops == 3
        assert loaded.problem is SettingsProblem.BAD_VALUES and loaded.bad_fields == ("interval",)
        assert settings_problem_text(loaded.problem, "el", loaded.bad_fields).endswith(
            "χρόνος σάρωσης.")


# -- words ----------------------------------------------------------------------


def all_options(mode: ScanMode, depth: int = 0) -> list[ScanOption]:
    found = list(mode.options)
    if depth > 4:
        return found
    for i, option in enumerate(mode.options):
        if option.is_back or option.key == "undo_step":
            continue
        choice = mode.choose(i)
        if not is_command(choice) and not isinstance(choice, ScanAdjust):
            found += all_options(choice, depth + 1)  # type: ignore[arg-type]
    return found


class TestWords:
    def test_every_key_in_both_languages(self) -> None:
        for key, table in {**SCANNING_WORDS, **SCANNING_SETTING_NAMES}.items():
            for lang in LANGUAGES:
                assert table.get(lang, "").strip(), (key, lang)

    def test_placeholders_match_between_languages(self) -> None:
        for key, table in SCANNING_WORDS.items():
            assert sorted(set(_fields(table["en"]))) == sorted(set(_fields(table["el"]))), key

    def test_every_label_a_menu_can_show_exists(self) -> None:
        menus = [
            ScanMenu(commands=(Roll(), Undo(), Describe(), Describe("brief"), Repeat(), Hint(),
                               Resign(), Quit(), QueryPoint(5), Yes(), No())),
            ScanMenu(plays=PLAYS_12),
            ScanMenu(plays=PLAYS_12[:1]),
        ]
        for menu in menus:
            for settings in (ScanSettings(), ScanSettings(single_play="confirm")):
                for option in all_options(build_root(menu, settings)):
                    for lang in LANGUAGES:
                        assert option.label(lang).strip(), option

    def test_labels(self) -> None:
        assert ScanOption("from", (13,)).label("en") == "From 13"
        assert ScanOption("to", (7,)).label("el") == "Στο 7"
        assert ScanOption("from_bar", (25,)).label("el") == "Από την μπάρα"
        assert ScanOption("to_off", (0,)).label("en") == "Bear off"
        assert text("scan.scan_interval", "el", 1.25) == "Χρόνος σάρωσης 1,25 δευτερόλεπτα."


def _fields(text: str) -> list[str]:
    import string
    return [name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name]


# -- options --------------------------------------------------------------------


class TestBuildRoot:
    def test_roll_first_when_rolling_is_all_there_is_to_do(self) -> None:
        menu = ScanMenu(commands=(Quit(), Repeat(), Describe(), Resign(), Roll()))
        root = build_root(menu, ScanSettings())
        assert keys_of(root) == ["roll", "describe", "repeat", "menu"]
        sub = root.choose(3)
        assert keys_of(sub) == ["resign", "settings", "quit", "back"]
        assert sub.trail == (root.options[3],)
        assert sub.choose(3) is root  # Back returns to the very same root
        settings_menu = sub.choose(1)
        assert keys_of(settings_menu) == ["slower", "faster", "back"]
        assert settings_menu.choose(0) is ScanAdjust.SLOWER

    def test_question_and_unknown_commands(self) -> None:
        menu = ScanMenu(commands=(No(), Yes(), QueryPoint(7), ChoosePlay(3)))
        root = build_root(menu, ScanSettings(), with_settings=False)
        assert keys_of(root) == ["yes", "no", "menu"]
        assert root.choose(2).options[0] == ScanOption("point", (7,), command=QueryPoint(7))

    def test_a_chosen_play_offers_confirm_then_undo_before_the_hint(self) -> None:
        """"Confirm or undo.": a wrong pick is undone one step after Confirm (the hint, put
        beside the plays while they are on offer, comes after Undo once one is chosen)."""
        menu = ScanMenu(commands=(Confirm(), Hint(), Undo(), Describe(), Repeat(), Quit()))
        root = build_root(menu, ScanSettings())
        assert keys_of(root) == ["confirm", "undo", "hint", "describe", "repeat", "menu"]
        plays = PLAYS_12[:4]
        offered = build_root(ScanMenu(commands=(Hint(), Undo(), Describe()), plays=plays),
                             ScanSettings())
        assert keys_of(offered) == ["play"] * 4 + ["hint", "undo", "describe", "menu"]

    def test_single_play_offer_and_confirm(self) -> None:
        menu = ScanMenu(commands=(Describe(),), plays=(PlayChoice("24/18 13/8", "from 24 …"),))
        offer = build_root(menu, ScanSettings())
        assert offer.options[0].label("en") == "Play it: 24/18 13/8"
        assert offer.choose(0) == ChoosePlay(1)
        confirm = build_root(menu, ScanSettings(single_play="confirm"))
        inner = confirm.choose(0)
        assert keys_of(inner) == ["confirm", "back"]
        assert inner.choose(0) == ChoosePlay(1) and inner.choose(1) is confirm

    def test_few_plays_listed_with_the_suggestion_first(self) -> None:
        plays = PLAYS_12[:4]
        root = build_root(ScanMenu(commands=(Undo(), Describe()), plays=plays, preferred=2),
                          ScanSettings())
        assert keys_of(root)[:4] == ["play"] * 4 and keys_of(root)[4:] == ["undo", "describe", "menu"]
        assert [root.choose(i) for i in range(4)] == [ChoosePlay(n) for n in (3, 1, 2, 4)]

    def test_many_plays_without_sequences_are_grouped_with_back(self) -> None:
        root = build_root(ScanMenu(commands=(Describe(),), plays=PLAYS_12), ScanSettings())
        assert keys_of(root) == ["plays_group"] * 3 + ["describe", "menu"]
        assert root.options[0].label("en") == "Plays 1 to 5, starting 24/18"
        for g, size in enumerate((5, 5, 2)):
            group = root.choose(g)
            assert keys_of(group) == ["play"] * size + ["back"]
            assert group.choose(size) is root
        assert root.choose(1).choose(2) == ChoosePlay(8)

    def test_grouped_with_suggestion_first(self) -> None:
        root = build_root(ScanMenu(plays=PLAYS_12, preferred=9), ScanSettings())
        assert root.options[0].key == "suggested" and root.choose(0) == ChoosePlay(10)

    def test_layout_choice(self) -> None:
        s = ScanSettings()
        assert play_layout(0, True, s) == "none" and play_layout(1, True, s) == "single"
        assert play_layout(6, True, s) == "list" and play_layout(7, True, s) == "checker"
        assert play_layout(7, False, s) == "groups"
        assert play_layout(3, True, replace(s, play_choice="steps")) == "steps"
        assert play_layout(9, False, replace(s, play_choice="checker")) == "groups"
        assert play_layout(30, True, replace(s, play_choice="list")) == "list"

    def test_many_plays_with_sequences_go_step_by_step(self) -> None:
        plays = tuple(PlayChoice(f"{24 - i}/{20 - i}", sequences=(((24 - i, 20 - i),),))
                      for i in range(8))
        root = build_root(ScanMenu(commands=(Describe(),), plays=plays),
                          ScanSettings(play_choice="steps"))
        assert isinstance(root, StepMode)
        assert keys_of(root) == ["from"] * 8 + ["describe", "menu"]
        assert root.choose(0) == ChoosePlay(1)  # only one play starts on 24: finished at once

    def test_very_long_lists_are_grouped_twice(self) -> None:
        items = [ScanOption("play", (f"p{i}",), command=ChoosePlay(i + 1)) for i in range(60)]
        top = group_options(items, 5)
        assert len(top) == 3 and top[0].label("en") == "Plays 1 to 25, starting p0"
        assert top[0].children[1].label("en") == "Plays 6 to 10, starting p5"
        root = ListMode(top)
        reached = {cmd for cmd in _reachable_commands(root)}
        assert reached == {ChoosePlay(n) for n in range(1, 61)}
        assert scan_cost_group(60, 59, ScanSettings(group_size=5)) == ScanCost(2 + 1 + 4, 3)

    def test_group_options_does_not_make_groups_of_one(self) -> None:
        items = [ScanOption("play", (str(i),), command=ChoosePlay(i + 1)) for i in range(6)]
        grouped = group_options(items, 5)
        assert [o.key for o in grouped] == ["plays_group", "play"]
        assert group_options(items[:5], 5) == tuple(items[:5])
        with pytest.raises(ValueError):
            group_options(items, 1)


# -- automatic scanning ---------------------------------------------------------


class TestAutoScanner:
    def test_first_item_gets_extra_time_then_one_interval_each(self) -> None:
        clock = ManualClock()
        scanner = AutoScanner(quiet(loops=0))
        first = scanner.start(options("roll", "describe", "repeat"), clock.now())
        assert first == Highlight(ScanOption("roll", command=Roll()), 0, 3)
        moves = run_ticks(scanner, clock, until=5.0)
        # 0.7 extra on the first item, 1.0 each, and the extra again on wrapping round
        assert [(t, o.index) for t, o in moves] == [(1.7, 1), (2.7, 2), (3.7, 0)]
        assert scanner.tick(5.39) is None
        assert scanner.tick(5.4).index == 1

    def test_exact_boundaries(self) -> None:
        scanner = AutoScanner(quiet())
        scanner.start(options("a_", "b_"), 10.0)
        assert scanner.tick(11.69) is None
        assert scanner.tick(10.0 + 0.7 + 1.0).index == 1  # exactly due: moves

    def test_loops_then_pause_and_a_press_resumes_without_picking(self) -> None:
        clock = ManualClock()
        scanner = AutoScanner(quiet(loops=2))
        scanner.start(options("roll", "describe", "repeat"), 0.0)
        outputs = run_ticks(scanner, clock, until=10.0)
        indices = [o.index if isinstance(o, Highlight) else "pause" for _t, o in outputs]
        assert indices == [1, 2, 0, 1, 2, "pause"]
        assert outputs[-1][0] == pytest.approx(0.7 + 1 + 1 + 1 + 0.7 + 1 + 1 + 1)
        assert scanner.state is State.PAUSED and scanner.highlighted is None
        assert run_ticks(scanner, clock, until=30.0) == []  # stays paused
        resumed = scanner.press(30.0)
        assert isinstance(resumed, Highlight) and resumed.index == 0  # not a pick
        assert scanner.tick(31.69) is None and scanner.tick(31.7).index == 1

    def test_zero_loops_never_pauses(self) -> None:
        clock = ManualClock()
        scanner = AutoScanner(quiet(loops=0))
        scanner.start(options("a_", "b_"), 0.0)
        outputs = run_ticks(scanner, clock, until=60.0, dt=0.1)
        assert not any(isinstance(o, ScanPaused) for _t, o in outputs)
        assert len(outputs) > 30

    def test_press_picks_what_is_highlighted(self) -> None:
        scanner = AutoScanner(quiet())
        scanner.start(options("roll", "describe"), 0.0)
        assert scanner.press(0.5) == Roll()
        scanner.start(options("describe", "roll"), 0.6)
        assert scanner.tick(0.99) is None  # still in the pause after the pick
        first = scanner.tick(1.05)
        assert isinstance(first, Highlight) and first.option.key == "describe"
        scanner.tick(2.75)  # moves to "roll" at 1.05 + 1.7
        assert scanner.press(2.9) == Roll()

    def test_repeated_presses_within_the_tremor_window_are_ignored(self) -> None:
        scanner = AutoScanner(quiet(loops=1, ignore_repeat=0.3))
        scanner.start(options("roll", "describe"), 0.0)
        assert isinstance(scanner.tick(3.7), ScanPaused)
        assert isinstance(scanner.press(4.0), Highlight)  # resumes
        assert scanner.press(4.29) is None  # a tremor double hit: ignored
        assert scanner.press(4.6) == Roll()  # 0.31 s after the previous press

    def test_a_burst_of_presses_counts_as_one(self) -> None:
        scanner = AutoScanner(quiet(loops=1, ignore_repeat=0.3))
        scanner.start(options("roll", "describe"), 0.0)
        scanner.tick(3.7)
        scanner.press(4.0)
        for t in (4.2, 4.4, 4.6):  # each within 0.3 s of the one before: one burst
            assert scanner.press(t) is None
        assert scanner.press(4.95) == Roll()  # 0.35 s after the last of the burst

    def test_presses_ignored_in_the_pick_pause_still_chain(self) -> None:
        """A held key's auto-repeat (every 33 ms) never picks twice."""
        scanner = AutoScanner(quiet(loops=0, ignore_repeat=0.3, pick_pause=0.5))
        scanner.start(options("roll", "describe"), 0.0)
        outputs = [scanner.press(round(0.5 + 0.033 * i, 3)) for i in range(60)]
        assert outputs[0] == Roll() and outputs[1:] == [None] * 59

    def test_tremor_filter_off(self) -> None:
        scanner = AutoScanner(quiet(loops=1, ignore_repeat=0.0, pick_pause=0.0))
        scanner.start(options("roll", "describe"), 0.0)
        scanner.tick(3.7)
        scanner.press(4.0)
        assert scanner.press(4.01) == Roll()

    def test_hold_to_pick_needs_a_long_enough_press(self) -> None:
        scanner = AutoScanner(quiet(hold_min=0.5))
        scanner.start(options("roll", "describe", "repeat"), 0.0)
        assert scanner.press(0.5) is None
        assert scanner.release(0.8) is None  # 0.3 s: too short, ignored
        assert scanner.tick(1.9) is None  # the item got back its 0.3 s frozen
        assert scanner.tick(2.0).index == 1
        assert scanner.press(2.5) is None
        assert scanner.tick(2.9) is None  # held: no pick yet, and no move
        assert scanner.tick(3.0) == Repeat()  # held 0.5 s: picks "describe" (emits Repeat)
        assert scanner.release(3.2) is None

    def test_hold_highlight_stays_put_while_held(self) -> None:
        scanner = AutoScanner(quiet(hold_min=1.0))
        scanner.start(options("roll", "describe"), 0.0)
        scanner.press(1.6)  # the highlight was due to move at 1.7
        assert scanner.tick(2.5) is None and scanner.highlighted.key == "roll"
        assert scanner.release(2.6) == Roll()  # completed on release, no tick needed

    def test_pause_after_pick_ignores_presses_and_delays_the_first_item(self) -> None:
        root = ListMode((ScanOption("menu", children=(ScanOption("quit", command=Quit()),
                                                       ScanOption("resign", command=Resign()))),))
        scanner = AutoScanner(quiet(pick_pause=0.5))
        scanner.start(root, 0.0)
        opened = scanner.press(0.2)
        assert isinstance(opened, Highlight)
        assert opened.option.key == "quit" and opened.trail == (root.options[0],)
        assert scanner.press(0.6) is None  # within the pause after the pick
        # the first item's time starts when the pause ends: 0.7 + 0.7 + 1.0
        assert scanner.tick(2.39) is None
        assert scanner.tick(2.4).option.key == "resign"
        assert scanner.press(2.5) == Resign()

    def test_nothing_to_scan_is_idle(self) -> None:
        scanner = AutoScanner(quiet())
        assert scanner.start(ListMode(()), 0.0) is None
        assert scanner.state is State.IDLE
        assert scanner.press(1.0) is None and scanner.tick(5.0) is None

    def test_next_switch_moves_at_once_in_auto_mode(self) -> None:
        scanner = AutoScanner(quiet())
        scanner.start(options("a_", "b_", "c_"), 0.0)
        assert scanner.press(0.2, Switch.NEXT).index == 1
        assert scanner.tick(1.19) is None and scanner.tick(1.2).index == 2

    def test_settings_menu_makes_scanning_slower(self) -> None:
        root = build_root(ScanMenu(commands=(Roll(), Quit())), quiet(pick_pause=0.0))
        scanner = AutoScanner(quiet(pick_pause=0.0))
        scanner.start(root, 0.0)
        scanner.tick(1.7)  # Menu
        menu = scanner.press(1.8)
        assert [o.key for o in menu.trail] == ["menu"] and menu.option.key == "settings"
        settings_menu = scanner.press(2.2)
        assert settings_menu.option.key == "slower"
        assert [o.key for o in settings_menu.trail] == ["menu", "settings"]
        changed = scanner.press(2.6)
        assert changed == SettingsChanged(quiet(pick_pause=0.0, interval=1.25),
                                          ScanAdjust.SLOWER)
        assert scanner.settings.interval == 1.25
        again = scanner.tick(2.65)
        assert again.option.key == "slower"  # stays in Settings, from its first item
        assert scanner.tick(2.65 + 0.7 + 1.24) is None
        assert scanner.tick(2.65 + 0.7 + 1.25).option.key == "faster"


class TestFinishSpeaking:
    def test_does_not_move_while_speaking_and_leaves_an_interval_after(self) -> None:
        speaking = {"now": True}
        scanner = AutoScanner(ScanSettings(finish_speaking=True),
                              is_speaking=lambda: speaking["now"])
        clock = ManualClock()
        scanner.start(options("roll", "describe"), 0.0)
        assert run_ticks(scanner, clock, until=2.5) == []  # due at 1.7, but still speaking
        speaking["now"] = False  # speech ended after the tick at 2.5
        assert scanner.tick(3.49) is None
        assert scanner.tick(3.5).index == 1  # one interval after speech was last heard

    def test_short_speech_does_not_slow_anything(self) -> None:
        calls = {"n": 0}

        def speaking() -> bool:
            calls["n"] += 1
            return calls["n"] <= 2  # spoken during the first two ticks only

        scanner = AutoScanner(ScanSettings(finish_speaking=True), is_speaking=speaking)
        clock = ManualClock()
        scanner.start(options("roll", "describe"), 0.0)
        moves = run_ticks(scanner, clock, until=2.0)
        assert [(t, o.index) for t, o in moves] == [(1.7, 1)]

    def test_setting_off_ignores_speech(self) -> None:
        scanner = AutoScanner(quiet(), is_speaking=lambda: True)
        scanner.start(options("roll", "describe"), 0.0)
        assert scanner.tick(1.7).index == 1


# -- two-switch step scanning ---------------------------------------------------


class TestStepScanner:
    def test_next_moves_pick_picks_and_time_does_nothing(self) -> None:
        scanner = make_scanner(ScanSettings(mode="step"))
        assert isinstance(scanner, StepScanner)
        scanner.start(options("describe", "repeat", "roll"), 0.0)
        assert scanner.tick(100.0) is None and scanner.highlighted.key == "describe"
        assert scanner.press(100.5, Switch.NEXT).index == 1
        assert scanner.press(101.0, Switch.NEXT).index == 2
        assert scanner.press(101.5, Switch.PICK) == Roll()

    def test_wraps_round_and_never_pauses(self) -> None:
        scanner = StepScanner(ScanSettings(mode="step", loops=1))
        scanner.start(options("a_", "b_"), 0.0)
        indices = [scanner.press(1.0 + i, Switch.NEXT).index for i in range(5)]
        assert indices == [1, 0, 1, 0, 1]

    def test_tremor_is_per_switch(self) -> None:
        scanner = StepScanner(ScanSettings(mode="step"))
        scanner.start(options("a_", "roll"), 0.0)
        assert scanner.press(1.0, Switch.NEXT).index == 1
        assert scanner.press(1.1, Switch.NEXT) is None  # same switch, 0.1 s later
        assert scanner.press(1.15, Switch.PICK) == Roll()  # other switch: accepted

    def test_group_choice_with_back_by_two_switches(self) -> None:
        root = build_root(ScanMenu(plays=PLAYS_12), ScanSettings(mode="step"))
        scanner = StepScanner(ScanSettings(mode="step", pick_pause=0.0))
        scanner.start(root, 0.0)
        t = 1.0
        scanner.press(t, Switch.NEXT)
        group = scanner.press(t + 0.5, Switch.PICK)
        assert group.count == 6 and group.option.args == ("19/13",)
        for i in range(5):
            out = scanner.press(t + 1 + i, Switch.NEXT)
        assert out.option.key == "back"
        back = scanner.press(t + 7, Switch.PICK)
        assert back.index == 0 and back.count == 4 and back.trail == ()
        scanner.press(t + 8, Switch.NEXT)
        scanner.press(t + 9, Switch.PICK)
        scanner.press(t + 10, Switch.NEXT)
        assert scanner.press(t + 11, Switch.PICK) == ChoosePlay(7)


# -- group scanning with one switch, through the clock ---------------------------


class TestGroupScanning:
    def test_pick_a_group_then_an_item_and_back(self) -> None:
        settings = quiet(loops=0)
        root = build_root(ScanMenu(commands=(Describe(),), plays=PLAYS_12), settings)
        scanner = AutoScanner(settings)
        clock = ManualClock()
        scanner.start(root, 0.0)
        run_ticks(scanner, clock, until=1.75)  # group 2 highlighted at 1.7
        assert scanner.highlighted.args[0] == 6
        opened = scanner.press(clock.now())
        assert opened.trail == (root.options[1],) and opened.count == 6
        # the pause (0.5) then the first item's time (0.7 + 1.0), then one item a second
        moves = run_ticks(scanner, clock, until=clock.now() + 0.5 + 1.7 + 4 + 0.01)
        assert [o.option.key for _t, o in moves] == ["play"] * 4 + ["back"]
        back = scanner.press(clock.now())
        assert back.trail == () and back.option.key == "plays_group" and back.index == 0
        clock.advance(0.5 + 1.7)
        assert scanner.tick(clock.now()).index == 1
        scanner.press(clock.advance(0.1))
        clock.advance(0.5 + 1.7 + 0.5)
        assert scanner.tick(clock.now()).index == 1
        assert scanner.highlighted.command == ChoosePlay(7)
        assert scanner.press(clock.advance(0.1)) == ChoosePlay(7)


# -- costs of linear and group choice ---------------------------------------------


class TestCost:
    def test_linear(self) -> None:
        assert scan_cost_linear(10, 0, ScanSettings()) == ScanCost(0, 1)
        assert scan_cost_linear(10, 7, ScanSettings()) == ScanCost(7, 1)
        assert scan_cost_linear(10, 7, ScanSettings(mode="step")) == ScanCost(7, 8)
        with pytest.raises(ValueError):
            scan_cost_linear(3, 3, ScanSettings())
        with pytest.raises(ValueError):
            level_cost(-1, ScanSettings())

    @pytest.mark.parametrize("n,size", [(12, 5), (25, 5), (30, 4), (7, 6), (40, 6)])
    def test_group_matches_the_closed_form(self, n: int, size: int) -> None:
        settings = ScanSettings(group_size=size)
        for target in range(n):
            group, inside = divmod(target, size)
            single_last = n % size == 1 and target == n - 1
            expected = ScanCost(group, 1) if single_last else ScanCost(group + inside, 2)
            assert scan_cost_group(n, target, settings) == expected, target

    def test_group_with_leading_options_and_suggestion(self) -> None:
        s = ScanSettings(group_size=5)
        assert scan_cost_group(12, 0, s, leading=2) == ScanCost(2, 2)
        assert scan_cost_group(12, 9, s, preferred=9) == ScanCost(0, 1)
        assert scan_cost_group(12, 0, s, preferred=9) == ScanCost(1, 2)

    def test_tree_cost_matches_a_simulated_switch_user(self) -> None:
        """A scripted user waits for the cheapest path and presses: same steps as the model."""
        settings = quiet(loops=0, group_size=4)
        root = build_root(ScanMenu(commands=(Describe(), Repeat(), Quit()), plays=PLAYS_12),
                          settings)
        for target in (1, 6, 11):
            want = ChoosePlay(target + 1)
            model = scan_cost_tree(root, want, settings)
            scanner = AutoScanner(settings)
            clock = ManualClock()
            scanner.start(root, 0.0)
            steps = presses = 0
            result = None
            while result is None and clock.now() < 200:
                current = scanner.current()
                if current is not None and current.index == _best_index(scanner.mode, want,
                                                                        settings):
                    presses += 1
                    out = scanner.press(clock.now())
                    if out == want:
                        result = out
                    continue
                out = scanner.tick(round(clock.advance(0.05), 6))
                if isinstance(out, Highlight) and out.index > 0:
                    steps += 1
            assert result == want and ScanCost(steps, presses) == model


def _best_index(mode: ScanMode, want: ChoosePlay, settings: ScanSettings) -> int | None:
    best: tuple[ScanCost, int] | None = None
    for i, option in enumerate(mode.options):
        if option.is_back:
            continue
        here = level_cost(i, settings)
        choice = mode.choose(i)
        if is_command(choice):
            rest = ScanCost(0, 0) if choice == want else None
        elif isinstance(choice, ScanAdjust):
            rest = None
        else:
            rest = scan_cost_tree(choice, want, settings)  # type: ignore[arg-type]
        if rest is not None:
            total = ScanCost(here.steps + rest.steps, here.presses + rest.presses)
            if best is None or total < best[0]:
                best = (total, i)
    return None if best is None else best[1]


def test_is_command_and_fromPoint_label() -> None:
    assert is_command(FromPoint(13)) and not is_command(ScanAdjust.SLOWER)
    root = build_root(ScanMenu(commands=(FromPoint(13),)), ScanSettings(), with_settings=False)
    assert root.choose(0).options[0].label("en") == "From 13"


def _reachable_commands(mode: ScanMode) -> list[object]:
    found: list[object] = []
    for i, option in enumerate(mode.options):
        if option.is_back:
            continue
        choice = mode.choose(i)
        found += [choice] if is_command(choice) else _reachable_commands(choice)  # type: ignore
    return found
