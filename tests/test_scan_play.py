"""Whole matches by switch scanning, with a fake clock and no terminal.

A scripted switch user plays against Rita through :class:`ScanDriver` — the
same driver the terminal loop uses — watching the highlight and pressing
when it leads to what they want: Roll, Confirm, and the strong bot's choice
of play (so they usually beat Rita; the seeds below are ones they win). In
automatic scanning they press only ONE switch. The terminal adapter (key
names, auto-repeat, hold to pick, the loop, the fallback when standard input
is not a terminal, Ctrl-C) is tested with fake keys and a pseudo-terminal.
"""

from __future__ import annotations

import io
import json
import os
import pty
import termios
from pathlib import Path
from typing import Any

import pytest

from tavli_voice import commands as C, words
from tavli_voice import events as E
from tavli_voice.bots import HINT_BOT, make_bot
from tavli_voice.narration.narrator import Narrator
from tavli_voice.narration.priorities import Priority
from tavli_voice.narration.speaker import RecordingSpeaker
from tavli_voice.scanning import (ListMode, ManualClock, ScanMode, ScanSettings,
                                  StepMode, Switch, make_scanner)
from tavli_voice.scanning.modes import is_command
from tavli_voice.scanning.steps import UNDO_STEP
from tavli_voice.session import Phase, new_session
from tavli_voice.ui.app import App
from tavli_voice.ui.scan_driver import ScanDriver
from tavli_voice.ui.scan_input import (KeyRepeatFilter, SwitchAction, TerminalScan, TtyKeys,
                                       decode_keys, highlight_speaker, key_roles, normalise_key,
                                       run_scanning)

YOU = 0  # new_session seats "you" first, Rita second

# ----------------------------------------------------------- the scripted user


def leads_to(mode: ScanMode, index: int, target: C.Command, depth: int = 0) -> bool:
    """True if picking option ``index`` of ``mode`` is on the way to ``target``."""
    option = mode.options[index]
    if option.is_back or option is UNDO_STEP or option.adjust is not None or depth > 6:
        return False
    choice = mode.choose(index)
    if is_command(choice):
        return choice == target
    if isinstance(choice, StepMode):
        return isinstance(target, C.ChoosePlay) and target.number - 1 in choice.plays_left()
    if isinstance(choice, ListMode):
        return any(leads_to(choice, i, target, depth + 1) for i in range(len(choice.options)))
    return False


def wanted(app: App) -> C.Command:
    """What the scripted user wants now: roll, confirm, the hint's play, leave at the end."""
    s = app.session
    if app.finished:
        return C.Quit()
    if s.phase is Phase.ROLL:
        return C.Roll()
    if s.phase is Phase.CONFIRM:
        return C.Confirm()
    if s.phase is Phase.ANSWER:
        return C.Take()
    if s.phase is Phase.ASK:
        return C.No()
    assert s.dice is not None
    best = make_bot(HINT_BOT, seed=0).choose_play(s.position, s.dice, s.plays)
    return C.ChoosePlay(s.plays.index(best) + 1)


class SwitchUser:
    """Watches the driver's highlight; presses once it has heard a wanted option.

    ``react`` is the reaction time (longer than the scanner's pause after a
    pick, during which presses are ignored on purpose).
    """

    def __init__(self, driver: ScanDriver, clock: ManualClock, react: float = 0.6) -> None:
        self.driver = driver
        self.clock = clock
        self.react = react
        self._seen: object = None
        self._since = 0.0
        self._pressed = False
        self._target_for: object = None
        self._target: C.Command | None = None
        self.choices = 0  # plays the user made

    def target(self) -> C.Command:
        key = self.driver.state_key()
        if key != self._target_for:
            self._target_for, self._target = key, wanted(self.driver.app)
            if isinstance(self._target, C.ChoosePlay):
                self.choices += 1
        assert self._target is not None
        return self._target

    def wants_highlighted(self) -> bool:
        h = self.driver.highlighted
        mode = self.driver.scanner.mode
        if h is None or mode is None:
            return False
        key = (id(mode), h.index)
        if key != self._seen:
            self._seen, self._since, self._pressed = key, self.clock.now(), False
        return leads_to(mode, h.index, self.target())

    def act_auto(self) -> None:
        """One switch: press it when a wanted option has been highlighted ``react`` seconds."""
        if (self.wants_highlighted() and not self._pressed
                and self.clock.now() - self._since >= self.react - 1e-9):
            self._pressed = True
            self.driver.press(Switch.PICK)


def play_auto(game: str, seed: int, settings: ScanSettings | None = None,
              save: Path | None = None) -> tuple[App, ScanDriver, SwitchUser]:
    clock = ManualClock()
    app = App(new_session(game, 1, seed=seed), save_path=save)
    driver = ScanDriver(app, make_scanner(settings or ScanSettings()), clock)
    user = SwitchUser(driver, clock)
    driver.begin()
    for _ in range(100_000):
        if driver.done:
            break
        user.act_auto()
        clock.advance(0.1)
        driver.tick()
    return app, driver, user


# ------------------------------------------------------------- whole matches


class TestWholeMatchesOneSwitch:
    """A whole match with one switch, won against Rita."""

    @pytest.mark.parametrize("game,seed", [("portes", 0), ("fevga", 2)])
    def test_one_switch_user_beats_rita(self, game: str, seed: int, tmp_path: Path) -> None:
        save = tmp_path / "save.json"
        app, driver, user = play_auto(game, seed, save=save)
        session = app.session
        assert driver.done and app.finished and app.quit
        assert session.phase is Phase.MATCH_OVER
        assert session.match.winner == YOU
        assert session.match.scores[YOU] >= 1 and session.match.scores[1 - YOU] == 0
        stats = driver.stats
        # one switch only, and never a wasted press: every press picked something
        assert stats.presses == stats.picks
        # each command the session got was one the user wanted, ending with Quit
        assert driver.last_command == C.Quit()
        assert user.choices >= 10
        # scanning is cheap: a few highlight moves per decision on average
        assert stats.steps / stats.commands < 3.0
        assert (tmp_path / "last-match.json").exists()  # App autosave, set aside at the end

    def test_counts_are_deterministic(self) -> None:
        first = play_auto("portes", 0)[1].stats
        again = play_auto("portes", 0)[1].stats
        assert first == again


class TestWholeMatchTwoSwitches:
    def test_step_scanning_plakoto_to_the_end(self) -> None:
        """Two switches (NEXT moves, PICK picks), nothing moves by itself."""
        clock = ManualClock()
        app = App(new_session("plakoto", 1, seed=4))
        driver = ScanDriver(app, make_scanner(ScanSettings(mode="step")), clock)
        user = SwitchUser(driver, clock)
        driver.begin()
        nexts = picks = 0
        for _ in range(50_000):
            if driver.done:
                break
            clock.advance(0.6)  # past the pick pause and the tremor filter
            h = driver.highlighted
            driver.tick()  # the step scanner never moves on a tick (it may end a pick pause)
            assert h is None or driver.highlighted == h
            if driver.highlighted is None:
                continue
            if user.wants_highlighted():
                driver.press(Switch.PICK)
                picks += 1
            else:
                before = driver.highlighted
                driver.press(Switch.NEXT)
                nexts += 1
                assert driver.highlighted != before
        assert driver.done and app.session.phase is Phase.MATCH_OVER
        assert app.session.match.winner is not None
        assert driver.stats.steps == nexts and driver.stats.picks == picks
        assert driver.stats.presses == nexts + picks


class TestDriver:
    def test_suggestion_is_offered_first(self) -> None:
        """With --suggest the strong bot's play is the first thing scanned (R2 plays)."""
        from tavli_voice.session import SessionOptions

        clock = ManualClock()
        session = new_session("portes", 1, seed=0, options=SessionOptions(suggestions=True))
        app = App(session)
        driver = ScanDriver(app, make_scanner(ScanSettings()), clock)
        driver.begin()
        for _ in range(200):
            if session.phase is Phase.PLAY and len(session.plays) > 1:
                break
            h = driver.highlighted
            if h is not None and h.option.command in (C.Roll(), C.Confirm()):
                clock.advance(0.6)
                driver.press()
            else:
                clock.advance(0.2)
                driver.tick()
        assert session.phase is Phase.PLAY and len(session.plays) > 1
        hint = session.handle(C.Hint())[0]
        assert isinstance(hint, E.HintReport)
        best = hint.number - 1  # the scanner offers the hint's play first: one source of advice
        assert session.state().suggested == hint.number
        assert driver.menu().preferred == best
        clock.advance(0.6)  # the pause after the last pick
        driver.tick()
        mode = driver.scanner.mode
        h = driver.highlighted
        assert mode is not None and h is not None and h.index == 0
        assert leads_to(mode, 0, C.ChoosePlay(best + 1))

    def test_bot_turns_run_between_picks_and_menu_follows_the_phase(self) -> None:
        clock = ManualClock()
        app = App(new_session("portes", 1, seed=1))
        driver = ScanDriver(app, make_scanner(ScanSettings()), clock)
        driver.begin()
        assert app.waiting_for_person()
        turn = app.session.turn_counter
        for _ in range(400):
            h = driver.highlighted
            if h is not None and app.session.phase is Phase.CONFIRM:
                assert h.option.command == C.Confirm()  # the pending question comes first
                clock.advance(0.6)
                driver.press()
                break
            if h is not None and (h.option.command == C.Roll() or h.index == 0
                                  and app.session.phase is Phase.PLAY):
                clock.advance(0.6)
                driver.press()
            clock.advance(0.1)
            driver.tick()
        # after Confirm, Rita's whole turn ran and the person is asked again
        assert app.session.turn_counter >= turn + 2
        assert app.waiting_for_person() and app.session.to_move == YOU

    def test_a_resumed_match_is_not_started_again(self) -> None:
        from tavli_voice.session import Session

        clock = ManualClock()
        first = App(new_session("portes", 1, seed=6))
        driver = ScanDriver(first, make_scanner(ScanSettings()), clock)
        driver.begin()
        for _ in range(300):  # a few turns
            if first.session.turn_counter >= 5:
                break
            h = driver.highlighted
            if h is not None and (h.option.command is not None or h.index == 0):
                clock.advance(0.6)
                driver.press()
            clock.advance(0.1)
            driver.tick()
        restored, _events = Session.restore(first.session.snapshot())
        log, turn = list(restored.log), restored.turn_counter
        heard: list[Any] = []
        again = App(restored)
        again.subscribe(heard.extend)
        ScanDriver(again, make_scanner(ScanSettings()), clock).begin()  # no events given
        assert restored.log[:len(log)] == log and restored.turn_counter >= turn
        assert heard and getattr(heard[0], "resumed", False)

    def test_quit_from_the_menu_ends(self) -> None:
        clock = ManualClock()
        app = App(new_session("fevga", 1, seed=3))
        driver = ScanDriver(app, make_scanner(ScanSettings(mode="step")), clock)
        driver.begin()
        path = ["menu", "quit"]
        for _ in range(200):
            if driver.done:
                break
            clock.advance(0.6)
            h = driver.highlighted
            assert h is not None
            if h.option.key == path[0]:
                path.pop(0)
                driver.press(Switch.PICK)
            else:
                driver.press(Switch.NEXT)
        assert driver.done and app.quit and not app.finished

    def test_slower_from_settings_reports_and_keeps_scanning(self) -> None:
        clock = ManualClock()
        app = App(new_session("portes", 1, seed=1))
        driver = ScanDriver(app, make_scanner(ScanSettings(mode="step")), clock)
        seen: list[Any] = []
        driver.subscribe(seen.append)
        driver.begin()
        path = ["menu", "settings", "slower"]
        for _ in range(100):
            if not path:
                break
            clock.advance(0.6)
            h = driver.highlighted
            assert h is not None
            if h.option.key == path[0]:
                path.pop(0)
                driver.press(Switch.PICK)
            else:
                driver.press(Switch.NEXT)
        changed = [o for o in seen if type(o).__name__ == "SettingsChanged"]
        assert changed and changed[0].settings.interval == 1.25
        assert driver.scanner.settings.interval == 1.25


# ------------------------------------------------------------ terminal adapter


class TestKeyNames:
    def test_decode(self) -> None:
        assert decode_keys(b" ") == ["space"]
        assert decode_keys(b"\n\r\t\x7f") == ["enter", "enter", "tab", "backspace"]
        assert decode_keys(b"\x1b[A\x1b[B\x1bOP\x1b[15~") == ["up", "down", "f1", "f5"]
        assert decode_keys(b"\x1b") == ["escape"]
        assert decode_keys(b"Sx\x04") == ["s", "x", "ctrl-d"]
        assert decode_keys("ς".encode()) == ["ς"]
        assert decode_keys(b"   ") == ["space"] * 3

    def test_settings_names(self) -> None:
        assert normalise_key(" ") == "space"
        assert normalise_key("Return") == "enter"
        assert normalise_key("SpaceBar") == "space"
        assert normalise_key("F5") == "f5"

    def test_roles(self) -> None:
        assert key_roles(ScanSettings()) == {"space": Switch.PICK, "enter": Switch.NEXT}
        # step mode with the default keys: space moves, Enter picks
        assert key_roles(ScanSettings(mode="step")) == {"enter": Switch.PICK,
                                                         "space": Switch.NEXT}
        # keys the user set are used as set, in both modes
        mine = ScanSettings(mode="step", pick_key="S", next_key="f5")
        assert key_roles(mine) == {"s": Switch.PICK, "f5": Switch.NEXT}
        assert key_roles(ScanSettings(pick_key="x", next_key="x")) == {"x": Switch.PICK}


def run_filter(f: KeyRepeatFilter, events: list[tuple[str, float]],
               until: float) -> list[SwitchAction]:
    """Feed events and poll every 10 ms until ``until``; all actions in order."""
    out: list[SwitchAction] = []
    pending = sorted(events, key=lambda e: e[1])
    t = 0.0
    while t <= until + 1e-9:
        while pending and pending[0][1] <= t + 1e-9:
            key, at = pending.pop(0)
            out += f.feed(key, at)
        out += f.poll(t)
        t = round(t + 0.01, 6)
    return out


def held(key: str, start: float, length: float, delay: float = 0.5,
         rate: float = 0.033) -> list[tuple[str, float]]:
    """A key held down: one event, auto-repeat after ``delay``, then every ``rate``."""
    events = [(key, start)]
    t = start + delay
    while t <= start + length:
        events.append((key, round(t, 4)))
        t += rate
    return events


class TestKeyRepeatFilter:
    ROLES = {"space": Switch.PICK, "enter": Switch.NEXT}

    def test_a_tap_is_one_press_at_its_own_time(self) -> None:
        f = KeyRepeatFilter(self.ROLES)
        assert f.feed("space", 1.0) == []
        assert f.pending  # not yet known: a repeat may follow
        assert f.poll(1.05) == []
        assert f.poll(1.2) == [SwitchAction("press", Switch.PICK, 1.0)]
        assert not f.pending

    def test_a_held_key_is_one_press(self) -> None:
        f = KeyRepeatFilter(self.ROLES)
        actions = run_filter(f, held("space", 0.0, 2.0), until=3.0)
        assert actions == [SwitchAction("press", Switch.PICK, 0.0)]

    def test_deliberate_presses_count_each(self) -> None:
        f = KeyRepeatFilter(self.ROLES)
        events = [("space", 0.0), ("space", 0.5), ("enter", 0.7), ("space", 1.9)]
        actions = run_filter(f, events, until=3.0)
        assert [(a.switch, a.t) for a in actions] == [
            (Switch.PICK, 0.0), (Switch.PICK, 0.5), (Switch.NEXT, 0.7), (Switch.PICK, 1.9)]
        assert all(a.kind == "press" for a in actions)

    def test_a_bouncy_switch_soon_after_a_press_still_counts(self) -> None:
        f = KeyRepeatFilter(self.ROLES)
        events = [("space", 0.0), ("space", 0.6), ("space", 0.61)]
        actions = run_filter(f, events, until=2.0)
        assert [a.t for a in actions] == [0.0, 0.6]

    def test_other_keys_are_not_switches(self) -> None:
        f = KeyRepeatFilter(self.ROLES)
        assert f.feed("x", 0.0) == [] and not f.pending

    def test_hold_mode_tap_and_hold(self) -> None:
        f = KeyRepeatFilter(self.ROLES, hold=True)
        tap = run_filter(f, [("space", 0.0)], until=1.0)
        assert tap == [SwitchAction("press", Switch.PICK, 0.0),
                       SwitchAction("release", Switch.PICK, 0.0)]
        f = KeyRepeatFilter(self.ROLES, hold=True)
        events = held("space", 1.0, 1.5)
        hold = run_filter(f, events, until=4.0)
        assert hold == [SwitchAction("press", Switch.PICK, 1.0),
                        SwitchAction("release", Switch.PICK, events[-1][1])]


class FakeKeys:
    """A keyboard driven by a script: ``plan(clock_now) -> keys`` once per read."""

    def __init__(self, clock: ManualClock, plan: Any) -> None:
        self.clock = clock
        self.plan = plan
        self.reads = 0

    def read(self, timeout: float) -> list[tuple[str, float]]:
        self.reads += 1
        self.clock.advance(timeout)
        now = self.clock.now()
        return [(k, now) for k in self.plan(now)]


class TestTerminalLoop:
    def test_space_bar_alone_wins_a_portes_match_with_spoken_highlights(self) -> None:
        """The terminal loop: space only (some presses held so they auto-repeat)."""
        clock = ManualClock()
        speaker = RecordingSpeaker(auto_finish=True)
        app = App(new_session("portes", 1, seed=0), narrator=Narrator(speaker))
        driver = ScanDriver(app, make_scanner(ScanSettings()), clock)
        user = SwitchUser(driver, clock)
        lines: list[str] = []
        state = {"repeat_from": -1.0, "repeat_until": -1.0, "n": 0}

        def plan(now: float) -> list[str]:
            if state["repeat_from"] <= now < state["repeat_until"]:
                return ["space"]  # the key is still held: auto-repeat every tick
            if now < state["repeat_until"] + 0.3:
                return []  # a person needs a moment between letting go and pressing again
            if (user.wants_highlighted() and not user._pressed
                    and now - user._since >= user.react - 1e-9):
                user._pressed = True
                state["n"] += 1
                if state["n"] % 4 == 0:  # every fourth press is held: it repeats after 0.4 s
                    state.update(repeat_from=now + 0.4, repeat_until=now + 1.2)
                return ["space"]
            return []

        keys = FakeKeys(clock, plan)
        term = TerminalScan(driver, keys, lines.append, "en", speak=highlight_speaker(app),
                            max_loops=200_000)
        assert term.run() == 0
        assert driver.done and app.session.match.winner == YOU
        assert driver.stats.presses == state["n"]  # held keys counted once each
        assert lines[0].startswith("Switch scanning")
        assert "Roll" in lines and "Quit" in lines and "Confirm" in lines
        spoken = [u for kind, u in speaker.log if kind == "speak" and u is not None
                  and u.tag == "scan"]
        assert spoken and all(u.priority is Priority.TEXT for u in spoken)
        assert {u.text for u in spoken} >= {"Roll", "Confirm", "Quit"}

    def test_run_scanning_with_configured_key_in_greek(self, tmp_path: Path) -> None:
        """The pick key comes from the settings file; the user reads the screen; Ctrl-D leaves."""
        settings = tmp_path / "settings.json"
        settings.write_text(json.dumps({"speech": {"rate": 170},
                                        "scanning": {"pick_key": "s", "interval": 0.5}}))
        clock = ManualClock()
        app = App(new_session("fevga", 1, seed=2), lang="el")
        out = io.StringIO()
        skip = {"Περιγραφή της θέσης", "Επανάληψη", "Μενού", "Πίσω", "Αναίρεση",
                "Αναίρεση του τελευταίου βήματος"}
        seen = {"lines": 0, "since": 0.0, "pressed": False, "hint": False}

        def plan(now: float) -> list[str]:
            if not seen["hint"]:
                seen["hint"] = True
                return ["x"]  # not a switch: a hint is printed
            if app.session.turn_counter > 6:
                return ["ctrl-d"]
            lines = out.getvalue().splitlines()
            if len(lines) != seen["lines"]:
                seen.update(lines=len(lines), since=now, pressed=False)
            if (not seen["pressed"] and now - seen["since"] >= 0.6
                    and lines and lines[-1] not in skip):
                seen["pressed"] = True
                return ["s"]
            return []

        code = run_scanning(app, player=None, mode="auto", settings_path=settings,
                            keys=FakeKeys(clock, plan), clock=clock, out=out)
        text = out.getvalue()
        assert code == 0 and app.quit
        first = text.splitlines()[0]
        assert first == words.text("scanui.intro_auto", "el", pick="s", next="Enter")
        assert words.text("scanui.not_a_switch", "el", pick="s") in text
        assert "Ρίξε τα ζάρια" in text  # the Roll option, in Greek
        assert app.session.turn_counter > 6  # the s key rolled and played
        # the settings file kept its other section
        assert json.loads(settings.read_text())["speech"] == {"rate": 170}

    def test_step_mode_space_moves_enter_picks(self) -> None:
        clock = ManualClock()
        app = App(new_session("portes", 1, seed=5))
        driver = ScanDriver(app, make_scanner(ScanSettings(mode="step")), clock)
        lines: list[str] = []
        script = ["space", "space", "enter"]

        def plan(now: float) -> list[str]:
            if script and round(now * 100) % 60 == 0:  # one key every 0.6 s
                return [script.pop(0)]
            return []

        term = TerminalScan(driver, FakeKeys(clock, plan), lines.append, "en", max_loops=400)
        term.run()
        assert lines[0] == words.text("scanui.intro_step", "en", pick="Enter", next="space")
        assert driver.stats.steps == 2 and driver.stats.picks == 1
        assert driver.stats.presses == 3
        # this match has no save file: leaving does not promise one
        assert lines[1] == words.text("scanui.leave_unsaved", "en", menu="Menu", quit="Quit")

    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_the_introduction_says_whether_leaving_keeps_the_match(self, lang: str,
                                                                   tmp_path: Path) -> None:
        said = {}
        for saved in (True, False):
            app = App(new_session("portes", 1, seed=5), lang=lang,
                      save_path=tmp_path / "autosave.json" if saved else None)
            driver = ScanDriver(app, make_scanner(ScanSettings(mode="auto")), ManualClock())
            lines: list[str] = []
            TerminalScan(driver, FakeKeys(ManualClock(), lambda now: []), lines.append,
                         lang).intro()
            said[saved] = lines[1]
        labels = {"menu": words.text("scan.menu", lang), "quit": words.text("scan.quit", lang)}
        assert said[True] == words.text("scanui.leave", lang, **labels)
        assert said[False] == words.text("scanui.leave_unsaved", lang, **labels)

    def test_not_a_terminal_falls_back_to_typed_commands(self, tmp_path: Path) -> None:
        from tavli_voice.ui.terminal import TerminalPlayer

        for lang, expected in (("en", "Using typed commands"), ("el", "γραπτές εντολές")):
            out = io.StringIO()
            app = App(new_session("portes", 1, seed=1), lang=lang)
            player = TerminalPlayer(app, out, io.StringIO("q\n"))
            assert run_scanning(app, player, "auto", settings_path=tmp_path / "s.json") == 0
            assert expected in out.getvalue() and app.quit

    def test_ctrl_c_says_the_match_is_saved(self, tmp_path: Path) -> None:
        class Interrupting:
            def read(self, timeout: float) -> list[tuple[str, float]]:
                raise KeyboardInterrupt

        out = io.StringIO()
        app = App(new_session("portes", 1, seed=1), save_path=tmp_path / "save.json")
        code = run_scanning(app, None, "auto", settings_path=tmp_path / "s.json",
                            keys=Interrupting(), clock=ManualClock(), out=out)
        assert code == 130 and "match is saved" in out.getvalue()

    def test_play_scan_option_with_piped_input(self, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
        """``tavli-voice play --scan auto`` with standard input from a pipe: typed commands."""
        from tavli_voice.startup import main

        monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
        out = io.StringIO()
        code = main(["--scan", "auto", "--speech", "off", "--game", "portes", "--seed", "3",
                     "--lang", "en", "--save", str(tmp_path / "save.json")],
                    out=out, inp=io.StringIO("q\n"))
        assert code == 0
        assert out.getvalue().splitlines()[0] == words.text("scanui.not_a_tty", "en")


class TestTty:
    """The real terminal reader on a pseudo-terminal (no keyboard needed)."""

    def test_cbreak_keys_and_restore_even_after_ctrl_c(self) -> None:
        master, slave = pty.openpty()
        try:
            before = termios.tcgetattr(slave)
            clock = ManualClock(5.0)
            with pytest.raises(KeyboardInterrupt):
                with TtyKeys(slave, clock) as keys:
                    mode = termios.tcgetattr(slave)
                    assert not mode[3] & termios.ICANON and not mode[3] & termios.ECHO
                    os.write(master, b" \x1b[A")
                    assert keys.read(1.0) == [("space", 5.0), ("up", 5.0)]
                    assert keys.read(0.01) == []
                    raise KeyboardInterrupt
            assert termios.tcgetattr(slave) == before
        finally:
            os.close(master)
            os.close(slave)


class TestLeavingBySwitch:
    @pytest.mark.parametrize("lang", ["en", "el"])
    @pytest.mark.parametrize("saved", [True, False])
    def test_the_introduction_names_the_scanned_way_out_not_a_key(self, lang: str, saved: bool,
                                                                  tmp_path: Path) -> None:
        """One switch and no keyboard: leaving is Menu, then Quit, as scanned ('To leave, pick
        “Menu”, then “Quit”'), where it said 'Ctrl-C leaves', a key the person cannot press."""
        app = App(new_session("plakoto", 1, seed=4), lang=lang,
                  save_path=tmp_path / "autosave.json" if saved else None)
        driver = ScanDriver(app, make_scanner(ScanSettings(mode="auto")), ManualClock())
        lines: list[str] = []
        TerminalScan(driver, FakeKeys(ManualClock(), lambda now: []), lines.append,
                     lang).intro()
        leave = lines[1]
        assert "Ctrl" not in leave, leave
        menu, quit_ = words.text("scan.menu", lang), words.text("scan.quit", lang)
        assert leave.index(menu) < leave.index(quit_), leave
        driver.begin()  # the way out is where the line says: Menu, then Quit
        root = driver.scanner.mode
        assert root is not None
        opened = root.choose([o.label(lang) for o in root.options].index(menu))
        assert isinstance(opened, ListMode)
        labels = [o.label(lang) for o in opened.options]
        assert opened.choose(labels.index(quit_)) == C.Quit()
        negation = "not" if lang == "en" else "δεν"
        assert (negation in leave) is not saved, leave  # whether leaving keeps the match
