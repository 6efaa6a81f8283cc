"""The board window's input machines: remote keys, digits, pointer, dwell,
and the glue to the session and the scanner. Pure: no pygame, fake times.

Positions are the Portes opening from the mover's side (R1); with 6-5 the
legal plays are 24/13, 24/18 13/8, 24/18 8/3, 13/2, 13/7 13/8, 13/7 8/3 and
8/2 8/3 (R2).
"""

from __future__ import annotations

import pytest

from tavli_voice import commands as C
from tavli_voice.rules import Position, StepChooser, legal_plays
from tavli_voice.scanning import ScanSettings, StepMode, Switch, build_root, make_scanner
from tavli_voice.session import new_session
from tavli_voice.ui.board.model import THEIR_OFF, nav_context, to_viewer
from tavli_voice.ui.board.navigation import (DwellState, Key, Mode, NavContext,
                                             NavState, actions_for, dwell, dwell_progress,
                                             press_digit, press_key, screen_key,
                                             target_command)
from tavli_voice.ui.board.scan_menu import play_sequences, session_scan_menu
from tavli_voice.ui.board.scanview import scan_show

PLAY = NavContext(Mode.PLAY, sources=(24, 13, 8, 6), plays=7)


def keys(ctx: NavContext, *pressed: Key, state: NavState | None = None
         ) -> tuple[NavState, list[C.Command]]:
    state = state or NavState()
    out: list[C.Command] = []
    for k in pressed:
        state, cmd = press_key(state, k, ctx)
        if cmd is not None:
            out.append(cmd)
    return state, out


class TestRemote:
    def test_cursor_starts_on_the_highest_source(self) -> None:
        state = NavState().synced(PLAY)
        assert state.cursor == 24

    def test_left_right_follow_the_screen(self) -> None:
        """Top row left to right (13 … 24), then the bottom row left to right (12 … 1)."""
        state, _ = keys(PLAY, Key.RIGHT)
        assert state.cursor == 8  # from 24 (top right) to the bottom row's first: 8
        state, _ = keys(PLAY, Key.RIGHT, Key.RIGHT, Key.RIGHT)
        assert state.cursor == 13  # wraps to the top row's first
        state, _ = keys(PLAY, Key.LEFT)
        assert state.cursor == 13
        assert sorted((24, 13, 8, 6), key=screen_key) == [13, 24, 8, 6]

    def test_up_jumps_to_the_other_row(self) -> None:
        state, _ = keys(PLAY, Key.UP)
        assert state.cursor == 6  # nearest to 24's column on the bottom row
        state, _ = keys(PLAY, Key.UP, state=state)
        assert state.cursor == 24

    def test_ok_picks_up_then_puts_down(self) -> None:
        _, out = keys(PLAY, Key.RIGHT, Key.OK)
        assert out == [C.FromPoint(8)]
        held = NavContext(Mode.PLAY, held=8, destinations=(2, 3), plays=7)
        state, out = keys(held, Key.OK)
        assert out == [C.ToPoint(2)]
        state, out = keys(held, Key.RIGHT, Key.OK)
        assert out == [C.ToPoint(3)]

    def test_back_puts_back_then_undoes(self) -> None:
        held = NavContext(Mode.PLAY, held=8, destinations=(2, 3), plays=7, can_undo=True)
        assert keys(held, Key.BACK)[1] == [C.Cancel()]
        half = NavContext(Mode.PLAY, sources=(13,), plays=7, can_undo=True)
        assert keys(half, Key.BACK)[1] == [C.Undo()]
        assert keys(PLAY, Key.BACK)[1] == []  # nothing to take back

    def test_down_opens_the_list(self) -> None:
        state, out = keys(PLAY, Key.DOWN)
        assert state.list_open and state.list_index == 0 and not out
        state, out = keys(PLAY, Key.DOWN, Key.DOWN, Key.DOWN, Key.UP, Key.OK)
        assert out == [C.ChoosePlay(2)] and not state.list_open
        state, out = keys(PLAY, Key.DOWN, Key.UP)
        assert not state.list_open and not out  # Up at the top closes it
        state, out = keys(PLAY, Key.DOWN, Key.BACK)
        assert not state.list_open and not out
        for _ in range(10):
            state, _ = press_key(state if state.list_open else keys(PLAY, Key.DOWN)[0],
                                 Key.DOWN, PLAY)
        assert state.list_index == 6  # stops at the last play

    def test_confirm_and_undo(self) -> None:
        ctx = NavContext(Mode.CONFIRM, plays=7, can_undo=True, pending=3)
        assert keys(ctx, Key.OK)[1] == [C.Confirm()]
        assert keys(ctx, Key.BACK)[1] == [C.Undo()]
        assert keys(ctx, Key.UNDO)[1] == [C.Undo()]
        state, _ = keys(ctx, Key.DOWN)
        assert state.list_index == 2  # the list opens on the chosen play

    def test_roll_and_questions(self) -> None:
        assert keys(NavContext(Mode.ROLL), Key.OK)[1] == [C.Roll()]
        assert keys(NavContext(Mode.ROLL), Key.ROLL)[1] == [C.Roll()]
        ask = NavContext(Mode.ASK)
        assert actions_for(ask) == ("yes", "no")
        assert keys(ask, Key.OK)[1] == [C.No()]  # the safe answer is focused first
        assert keys(ask, Key.LEFT, Key.OK)[1] == [C.Yes()]
        assert keys(ask, Key.BACK)[1] == [C.No()]
        assert keys(NavContext(Mode.ANSWER), Key.OK)[1] == [C.Take()]
        assert keys(NavContext(Mode.ANSWER), Key.RIGHT, Key.OK)[1] == [C.Drop()]
        assert keys(NavContext(Mode.OVER), Key.OK)[1] == [C.Quit()]
        assert keys(NavContext(Mode.WAIT), Key.OK, Key.LEFT, Key.DOWN)[1] == []


class TestDigits:
    def test_one_digit_picks_at_once(self) -> None:
        state, cmd = press_digit(NavState(), 3, PLAY)
        assert cmd == C.ChoosePlay(3) and state.digits == ""

    def test_two_digits_with_many_plays(self) -> None:
        ctx = NavContext(Mode.PLAY, sources=(24,), plays=23)
        state, cmd = press_digit(NavState(), 1, ctx)
        assert cmd is None and state.digits == "1"
        state, cmd = press_digit(state, 2, ctx)
        assert cmd == C.ChoosePlay(12)
        state, cmd = press_digit(NavState(), 3, ctx)
        assert cmd == C.ChoosePlay(3)  # 30 > 23: no longer number is possible

    def test_a_lone_digit_waits_for_ok_or_a_second_digit(self) -> None:
        ctx = NavContext(Mode.PLAY, sources=(24,), plays=23)
        state, cmd = press_digit(NavState(), 2, ctx)
        assert cmd is None and state.synced(ctx).digits == "2"
        assert press_key(state, Key.OK, ctx)[1] == C.ChoosePlay(2)
        state, cmd = press_key(state, Key.BACK, ctx)
        assert cmd is None and state.digits == ""

    def test_digits_only_when_plays_are_offered(self) -> None:
        assert press_digit(NavState(), 1, NavContext(Mode.ROLL))[1] is None
        assert press_digit(NavState(), 0, PLAY)[1] is None


class TestPointer:
    def test_clicks(self) -> None:
        assert target_command(("point", 13), PLAY) == C.FromPoint(13)
        assert target_command(("point", 12), PLAY) is None
        held = NavContext(Mode.PLAY, sources=(24, 13), held=13, destinations=(7, 8), plays=7)
        assert target_command(("point", 7), held) == C.ToPoint(7)
        assert target_command(("point", 13), held) == C.Cancel()
        assert target_command(("point", 24), held) == C.Cancel()
        assert target_command(("play", 4), PLAY) == C.ChoosePlay(4)
        assert target_command(("action", "roll"), NavContext(Mode.ROLL)) == C.Roll()
        assert target_command(("action", "roll"), PLAY) is None  # not on screen now
        assert target_command(None, PLAY) is None

    def test_dwell_fires_once(self) -> None:
        s = DwellState()
        s, fired = dwell(s, ("action", "roll"), 0.0, 1.0)
        assert fired is None
        s, fired = dwell(s, ("action", "roll"), 0.6, 1.0)
        assert fired is None and dwell_progress(s, 0.6, 1.0) == pytest.approx(0.6)
        s, fired = dwell(s, ("action", "roll"), 1.0, 1.0)
        assert fired == ("action", "roll")
        s, fired = dwell(s, ("action", "roll"), 5.0, 1.0)
        assert fired is None and dwell_progress(s, 5.0, 1.0) == 0.0
        s, _ = dwell(s, None, 5.1, 1.0)
        s, _ = dwell(s, ("action", "roll"), 5.2, 1.0)
        s, fired = dwell(s, ("action", "roll"), 6.2, 1.0)
        assert fired == ("action", "roll")

    def test_moving_restarts_the_dwell(self) -> None:
        s, _ = dwell(DwellState(), ("play", 1), 0.0, 1.0)
        s, _ = dwell(s, ("play", 2), 0.9, 1.0)
        s, fired = dwell(s, ("play", 2), 1.5, 1.0)
        assert fired is None


class TestSessionGlue:
    def session_at_65(self):  # type: ignore[no-untyped-def]
        s = new_session("portes", 1, seed=3)
        s.start()
        while s.bot_to_act() or s.phase.value != "play":
            s.bot_step() if s.bot_to_act() else s.handle(C.Roll())
        return s

    def test_nav_context_follows_the_session(self) -> None:
        s = self.session_at_65()
        ctx = nav_context(s.state(), s.listener())
        assert ctx.mode is Mode.PLAY and ctx.plays == len(s.plays)
        assert ctx.sources == s.chooser.sources()
        s.handle(C.FromPoint(ctx.sources[0]))
        ctx = nav_context(s.state(), s.listener())
        assert ctx.held == s.source and ctx.destinations
        s.handle(C.ToPoint(ctx.destinations[0]))
        ctx = nav_context(s.state(), s.listener())
        assert ctx.can_undo

    def test_every_order_of_every_play(self) -> None:
        """R2: the step orders the scanner offers all end in their play."""
        pos = Position.initial("portes")
        plays = legal_plays(pos, (6, 5))
        seqs = play_sequences(pos, (6, 5), plays)
        assert seqs is not None and all(seqs)
        for play, orders in zip(plays, seqs):
            for order in orders:
                ch = StepChooser(pos, (6, 5), plays)
                for a, b in order:
                    ch.choose(a, b)
                assert ch.complete() == play
        assert sum(map(len, seqs)) == 14  # the hand count in tests/test_scanning_steps.py

    def test_scan_menu_and_board_highlight(self) -> None:
        s = self.session_at_65()
        menu = session_scan_menu(s.state())
        assert len(menu.plays) == len(s.plays)
        settings = ScanSettings(play_choice="steps")
        scanner = make_scanner(settings)
        scanner.start(build_root(menu, settings), 0.0)
        assert isinstance(scanner.mode, StepMode)
        seen_from = False
        for i in range(len(scanner.mode.options)):
            show = scan_show(scanner, s.state())
            opt = scanner.highlighted
            if opt is not None and opt.key == "from":
                seen_from = True
                point = int(opt.args[0])
                assert show.highlight == ("point", point)
                legal = {st.to_point for st in s.chooser.destinations(point)}
                assert show.destinations and set(show.destinations) <= legal | {0}
            scanner.press(10.0 * (i + 1), Switch.NEXT)
        assert seen_from

    def test_a_checker_with_one_place_to_go_shows_its_step(self) -> None:
        """6-5 with 24/19 blocked: the highlighted "From 24" frames 18 as its one destination
        and draws 24 to 18, the step its pick takes at once."""
        s = self.session_at_65()
        table = {((24, 18), (18, 13)): 0, ((24, 18), (13, 8)): 1, ((13, 8), (24, 18)): 1,
                 ((13, 7), (13, 8)): 2, ((13, 8), (13, 7)): 2}
        scanner = make_scanner(ScanSettings())
        scanner.start(StepMode.build(table), 0.0)
        while scanner.highlighted is None or scanner.highlighted.args != (24,):
            scanner.press(1.0, Switch.NEXT)
        show = scan_show(scanner, s.state())
        assert show.highlight == ("point", 24) and show.held == 24
        assert show.destinations == (18,) and show.preview == ((24, 18),)

    def test_roll_comes_first(self) -> None:
        s = new_session("portes", 1, seed=3)
        s.start()
        while s.bot_to_act() or s.phase.value != "roll":
            if s.bot_to_act():
                s.bot_step()
            else:
                s.handle(C.ChoosePlay(1) if s.phase.value == "play" else C.Confirm())
        root = build_root(session_scan_menu(s.state()), ScanSettings())
        assert root.options[0].command == C.Roll()

    def test_opponent_points_in_the_viewer_numbering(self) -> None:
        assert to_viewer(24, "portes", False) == 1
        assert to_viewer(24, "fevga", False) == 12
        assert to_viewer(0, "portes", False) == THEIR_OFF
        assert to_viewer(13, "plakoto", True) == 13


def test_f5_is_push_to_talk_down_and_up() -> None:
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame as pg
    from tavli_voice.ui.board.inputs import Kind, translate

    down = translate(pg.event.Event(pg.KEYDOWN, key=pg.K_F5, unicode=""), None)
    up = translate(pg.event.Event(pg.KEYUP, key=pg.K_F5, unicode=""), None)
    assert down is not None and down.kind is Kind.TALK and down.step == 1.0
    assert up is not None and up.kind is Kind.TALK and up.step == 0.0
