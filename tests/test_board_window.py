"""The board window, headless (issue 7 §5): SDL_VIDEODRIVER=dummy, SDL_AUDIODRIVER=dummy.

Renders each game's opening and a Plakoto position with pins, saves the
screenshots under the test output directory ($TAVLI_TEST_OUTPUT, default
``test-output/`` in the repository, git-ignored) and checks by pixels what
must be there: checkers where they stand, the scanned item's highlight, the
pinned checker's marker (R5.2), move help. Then whole 1-point Portes matches
against Rita are played through the real loop by posting pygame events:
digits + Enter, the remote's arrows and OK, and one joystick button used as
a single switch (automatic scanning with a fake clock).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable, Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

pygame = pytest.importorskip("pygame")

from tavli_voice import commands as C  # noqa: E402
from tavli_voice.rules import Position  # noqa: E402
from tavli_voice.scanning import ManualClock, ScanSettings  # noqa: E402
from tavli_voice.session import new_session  # noqa: E402
from tavli_voice.ui.app import App  # noqa: E402
from tavli_voice.ui.board.layout import compute_layout, point_stack  # noqa: E402
from tavli_voice.ui.board.model import BoardView, ScanStrip  # noqa: E402
from tavli_voice.ui.board.navigation import Mode  # noqa: E402
from tavli_voice.ui.board.render import Fonts, geometry_for, render  # noqa: E402
from tavli_voice.ui.board.theme import CLASSIC, HIGH_CONTRAST, Theme  # noqa: E402
from tavli_voice.session import Session  # noqa: E402
from tavli_voice.ui.board.window import (EXIT_ERROR, EXIT_NO_DISPLAY, BoardWindow,  # noqa: E402
                                         run_window)

SIZE = (1280, 800)
ROOT = Path(__file__).resolve().parents[1]

#: A Plakoto position (R5.2) from the mover's side: the mover pins one of the
#: opponent's checkers on 13 and the opponent's mother (their starting point,
#: the mover's 1); the opponent pins one of the mover's on 19.
PLAKOTO_PINS = {
    "game": "plakoto",
    "points": [[2, -1], -10, 0, 0, 0, 3, 0, 2, 0, 0, 0, 0, [1, -1], 0, 0, 0, 0, 0,
               [-3, 1], 0, 0, 0, 0, 6],
    "bar": [0, 0], "off": [0, 0],
}


@pytest.fixture(scope="module")
def out_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    env = os.environ.get("TAVLI_TEST_OUTPUT")
    path = Path(env) if env else ROOT / "test-output"
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        path = tmp_path_factory.mktemp("board")
    return path


@pytest.fixture(scope="module")
def display() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield


@pytest.fixture(scope="module")
def fonts(display: None) -> Fonts:
    return Fonts()


def draw(view: BoardView, theme: Theme = HIGH_CONTRAST, fonts: Fonts | None = None,
         size: tuple[int, int] = SIZE) -> Any:
    surface = pygame.Surface(size)
    lay = compute_layout(*size, scale=theme.scale)
    render(surface, view, lay, theme, fonts or Fonts())
    return surface


def px(surface: Any, xy: tuple[int, int]) -> tuple[int, int, int]:
    c = surface.get_at((int(xy[0]), int(xy[1])))
    return (c.r, c.g, c.b)


def region_has(surface: Any, rect: tuple[int, int, int, int], colour: tuple[int, int, int]) -> int:
    """How many pixels of ``colour`` lie in ``rect`` (x, y, w, h)."""
    x, y, w, h = rect
    n = 0
    for i in range(x, x + w):
        for j in range(y, y + h):
            c = surface.get_at((i, j))
            if (c.r, c.g, c.b) == colour:
                n += 1
    return n


def near(a: tuple[int, int, int], b: tuple[int, int, int], tol: int = 8) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def checker_fill_point(lay: Any, number: int, index: int = 0, pinned: bool = False
                       ) -> tuple[int, int]:
    """A pixel inside the fill ring of checker ``index`` on ``number`` (not the centre ring)."""
    stack = point_stack(lay, number, index + 1, pinned)
    x, y = stack.centres[index]
    return (x + int(lay.checker * 0.38), y)


# -------------------------------------------------------------- rendering
class TestOpenings:
    """Each game's opening (R4, R5.1, R7.1) drawn where a player expects it."""

    @pytest.mark.parametrize("game,mine,theirs", [
        ("portes", {24: 2, 13: 5, 8: 3, 6: 5}, {1: 2, 12: 5, 17: 3, 19: 5}),
        ("plakoto", {24: 15}, {1: 15}),
        ("fevga", {24: 15}, {12: 15}),
    ])
    def test_opening(self, game: str, mine: dict[int, int], theirs: dict[int, int],
                     fonts: Fonts, out_dir: Path) -> None:
        pos = Position.initial(game)
        view = BoardView(pos, title=game, turn="Your turn", viewer_to_move=True, dice=(6, 5))
        surface = draw(view, fonts=fonts)
        pygame.image.save(surface, str(out_dir / f"opening_{game}.png"))
        lay = compute_layout(*SIZE)
        t = HIGH_CONTRAST
        for n in range(1, 25):
            spot = checker_fill_point(lay, n)
            if n in mine:
                assert px(surface, spot) == t.mine, (game, n)
            elif n in theirs:
                assert px(surface, spot) == t.theirs, (game, n)
            else:
                assert px(surface, spot) not in (t.mine, t.theirs), (game, n)
        # fifteen on one point: five drawn, the last one labelled with the count
        tall = [n for n, k in {**mine, **theirs}.items() if k > 5]
        for n in tall:
            stack = point_stack(lay, n, 15)
            assert stack.label
            r = lay.checker // 3
            (ax, ay), (bx, by) = stack.centres[-1], stack.centres[-2]
            differ = sum(px(surface, (ax + i, ay + j)) != px(surface, (bx + i, by + j))
                         for i in range(-r, r) for j in range(-r, r))
            assert differ > 30, n  # the count label on the last checker drawn
        # the dice in the viewer's half
        die = lay.die_rects(True)[0]
        assert px(surface, (die.x + 3, die.center[1])) == t.die

    @pytest.mark.parametrize("game,title", [("portes", "Portes"), ("plakoto", "Plakoto"),
                                            ("fevga", "Fevga")])
    def test_window_opening(self, game: str, title: str, out_dir: Path) -> None:
        """The real window on a new match: board, game name, score, whose turn."""
        clock = ManualClock()
        session = new_session(game, 1, seed=4)
        win = BoardWindow(App(session), bot_delay=60.0, clock=clock)  # Rita waits: the opening
        win.open()
        try:
            assert win.frame()
            path = win.screenshot(out_dir / f"window_opening_{game}.png")
            assert path.stat().st_size > 10_000
            view = win.view
            assert view is not None and title in view.title and "Rita" in view.score
            assert view.position == session.view(session.listener())
            assert px(win.screen, checker_fill_point(win.layout, 24)) == HIGH_CONTRAST.mine
        finally:
            win.close()

    def test_classic_theme(self, fonts: Fonts, out_dir: Path) -> None:
        view = BoardView(Position.initial("portes"), viewer_to_move=False, dice=(3, 3),
                         dice_used=(3,))
        surface = draw(view, CLASSIC, fonts)
        pygame.image.save(surface, str(out_dir / "opening_portes_classic.png"))
        lay = compute_layout(*SIZE)
        assert px(surface, checker_fill_point(lay, 24)) == CLASSIC.mine
        dice = lay.die_rects(False, 4)
        assert px(surface, (dice[0].x + 3, dice[0].center[1])) == CLASSIC.die_used
        assert px(surface, (dice[1].x + 3, dice[1].center[1])) == CLASSIC.die


class TestPins:
    """Plakoto (R5.2): the pinned checker under its pinner, marked by shape and pattern."""

    def test_pinned_checkers_are_marked(self, fonts: Fonts, out_dir: Path) -> None:
        pinned = Position.from_json(PLAKOTO_PINS)
        assert pinned.pinned_points(-1) == (1, 13) and pinned.pinned_points(1) == (19,)
        surface = draw(BoardView(pinned, title="Plakoto"), fonts=fonts)
        pygame.image.save(surface, str(out_dir / "plakoto_pins.png"))
        lay = compute_layout(*SIZE)
        t = HIGH_CONTRAST
        d = lay.checker
        for n in (1, 13, 19):
            stack = point_stack(lay, n, 1, pinned=True)
            assert stack.pinned is not None
            x, y = stack.pinned
            visible = (x - d // 2, y - d // 2, d, d // 3) if lay.point(n).top \
                else (x - d // 2, y + d // 6, d, d // 3)
            assert region_has(surface, visible, t.pin_mark) > 20, n
        # the pinner on top keeps its own colour (mover's two on the mother point)
        assert px(surface, checker_fill_point(lay, 1, 0, pinned=True)) == t.mine
        assert px(surface, checker_fill_point(lay, 19, 0, pinned=True)) == t.theirs
        # no pin mark anywhere without pins
        plain = draw(BoardView(Position.initial("plakoto")), fonts=fonts)
        assert region_has(plain, lay.field.tuple(), t.pin_mark) == 0
        assert region_has(surface, lay.field.tuple(), t.pin_mark) > 100


class TestAids:
    def test_scanned_play_is_highlighted_on_the_list_and_the_board(self, fonts: Fonts,
                                                                   out_dir: Path) -> None:
        pos = Position.initial("portes")
        plays = ("24/13", "24/18 13/8", "24/18 8/3", "13/2", "13/7 13/8", "13/7 8/3", "8/2 8/3")
        base = BoardView(pos, viewer_to_move=True, dice=(6, 5), plays=plays,
                         actions=(("undo", "Undo"),), sources=(24, 13, 8, 6),
                         scan=ScanStrip((), plays, None))
        lay = compute_layout(*SIZE)
        t = HIGH_CONTRAST
        plain = draw(base, fonts=fonts)
        lit_view = BoardView(**{**_fields(base), "highlight": ("play", 2),
                                "preview": ((24, 18), (13, 8)),
                                "scan": ScanStrip((), plays, 1)})
        lit = draw(lit_view, fonts=fonts)
        pygame.image.save(lit, str(out_dir / "scan_highlight_play.png"))
        geo = geometry_for(lit_view, lay)
        row = dict(geo.plays)[2]
        other = dict(geo.plays)[3]
        assert region_has(lit, row.tuple(), t.highlight) > row.w * row.h // 3
        assert region_has(plain, row.tuple(), t.highlight) == 0
        assert region_has(lit, other.tuple(), t.highlight) == 0
        assert geo.scan is not None and region_has(lit, geo.scan.tuple(), t.highlight) > 1000
        # the play's steps drawn as arrows on the board (24 → 18 runs along the top row)
        y = lay.point(24).triangle.center[1]
        between = (lay.point(19).triangle.x, y - 3, lay.point(21).triangle.w * 2, 6)
        assert region_has(lit, between, t.highlight) > 20
        assert region_has(plain, between, t.highlight) == 0

    def test_scanned_point_and_move_help(self, fonts: Fonts, out_dir: Path) -> None:
        pos = Position.initial("portes")
        view = BoardView(pos, viewer_to_move=True, dice=(6, 5), sources=(24, 13, 8, 6),
                         highlight=("point", 13), held=13, destinations=(7, 8))
        surface = draw(view, fonts=fonts)
        pygame.image.save(surface, str(out_dir / "scan_highlight_point.png"))
        plain = draw(BoardView(pos, viewer_to_move=True, dice=(6, 5)), fonts=fonts)
        lay = compute_layout(*SIZE)
        t = HIGH_CONTRAST
        col = lay.point(13).target
        frame = (col.x - 2, lay.field.y + lay.field.h // 4, 8, 20)  # the frame's left side
        assert region_has(surface, frame, t.highlight) > 10
        assert region_has(plain, frame, t.highlight) == 0
        for dest in (7, 8):
            tri = lay.point(dest).triangle
            assert region_has(surface, tri.tuple(), t.help) > 100, dest
            assert region_has(plain, tri.tuple(), t.help) == 0
        assert region_has(surface, lay.point(10).triangle.tuple(), t.help) == 0

    def test_cursor_and_resize(self, fonts: Fonts, out_dir: Path) -> None:
        view = BoardView(Position.initial("fevga"), viewer_to_move=True, dice=(4, 2),
                         cursor=24, sources=(24,), plays=("24/18",), list_open=False)
        size = (700, 1000)
        surface = draw(view, fonts=fonts, size=size)
        pygame.image.save(surface, str(out_dir / "portrait_fevga.png"))
        lay = compute_layout(*size)
        col = lay.point(24).target
        assert region_has(surface, (col.x - 2, lay.field.y + 40, 8, 20), HIGH_CONTRAST.highlight)


def _fields(view: BoardView) -> dict[str, Any]:
    return {f: getattr(view, f) for f in view.__dataclass_fields__}


# ---------------------------------------------------------- whole matches
def post_key(key: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text,
                                         scancode=0))


def play_match(driver: Callable[[BoardWindow], None], *, seed: int, game: str = "portes",
               lang: str = "en", save: Path | None = None, **kwargs: Any
               ) -> tuple[int, App, list[str]]:
    session = new_session(game, 1, seed=seed)
    app = App(session, lang=lang, save_path=save)
    sent: list[str] = []
    real = app.command

    def command(cmd: C.Command) -> Any:  # record the person's commands (bots use bot_step)
        sent.append(C.command_name(cmd))
        return real(cmd)

    app.command = command  # type: ignore[method-assign]

    def on_frame(win: BoardWindow) -> None:
        if win.frames:
            driver(win)

    rc = run_window(app, bot_delay=0, fps=0, on_frame=on_frame, max_frames=6000, **kwargs)
    return rc, app, sent


class TestWholeMatches:
    """Done when: a match can be played to the end with digits, remote keys, one switch."""

    def test_digits_and_enter(self, out_dir: Path, tmp_path: Path) -> None:
        shots: dict[str, bool] = {}

        def digits(win: BoardWindow) -> None:
            ctx = win._ctx()
            if ctx.mode is Mode.ROLL:
                post_key(pygame.K_RETURN)
            elif ctx.mode is Mode.PLAY:
                n = ctx.plays  # the last play: digits beyond 9 too
                for ch in str(n):
                    post_key(getattr(pygame, f"K_{ch}"), ch)
                if len(str(n)) < len(str(ctx.plays)) or n * 10 <= ctx.plays:
                    post_key(pygame.K_RETURN)
            elif ctx.mode is Mode.CONFIRM:
                if "confirm" not in shots:
                    shots["confirm"] = True
                    win.screenshot(out_dir / "match_digits_confirm.png")
                post_key(pygame.K_RETURN)
            elif ctx.mode is Mode.OVER:
                win.screenshot(out_dir / "match_digits_over.png")
                post_key(pygame.K_RETURN)

        save = tmp_path / "current.json"
        rc, app, log = play_match(digits, seed=2024, save=save)
        assert rc == 0 and app.finished and app.quit
        assert app.session.phase.value == "match_over"
        assert "select" in log and "confirm" in log and "from" not in log and "roll" in log
        assert len(log) > 20  # a real game, not a resignation
        assert (tmp_path / "last-match.json").exists()  # the App's autosave, set aside at the end

    def test_remote_arrows_and_ok(self, out_dir: Path) -> None:
        count = {"n": 0}

        def remote(win: BoardWindow) -> None:
            ctx = win._ctx()
            count["n"] += 1
            if ctx.mode is Mode.PLAY and ctx.held is None and count["n"] % 3 == 0:
                post_key(pygame.K_RIGHT)
            elif ctx.mode is Mode.PLAY and ctx.held is not None and "held" not in count:
                count["held"] = 1
                win.screenshot(out_dir / "match_remote_held.png")
                post_key(pygame.K_RETURN)
            else:
                post_key(pygame.K_RETURN)

        rc, app, log = play_match(remote, seed=77)
        assert rc == 0 and app.session.phase.value == "match_over"
        assert "from" in log and "to" in log and "select" not in log

    def test_one_joystick_button_as_a_switch(self, out_dir: Path) -> None:
        """Single-switch automatic scanning: the player presses only joystick button 0."""
        clock = ManualClock()
        settings = ScanSettings(interval=0.3, first_delay=0.0, pick_pause=0.0,
                                ignore_repeat=0.0, loops=0, play_choice="steps")
        wanted = {"roll", "confirm", "play_it", "play", "from", "from_bar", "to", "to_off",
                  "plays_group", "suggested", "quit"}
        shots: dict[str, bool] = {}
        presses = {"n": 0}

        def switch_user(win: BoardWindow) -> None:
            clock.advance(0.3)
            option = win.scanner.highlighted if win.scanner else None
            if option is not None and option.key == "to" and "to" not in shots:
                shots["to"] = True
                win.draw()
                win.screenshot(out_dir / "match_switch_scanning.png")
            if option is not None and option.key in wanted:
                presses["n"] += 1
                pygame.event.post(pygame.event.Event(pygame.JOYBUTTONDOWN, joy=0,
                                                     instance_id=0, button=0))
                pygame.event.post(pygame.event.Event(pygame.JOYBUTTONUP, joy=0,
                                                     instance_id=0, button=0))

        rc, app, log = play_match(switch_user, seed=5, scan_settings=settings, clock=clock)
        assert rc == 0 and app.quit and app.session.phase.value == "match_over"
        assert set(log) <= {"roll", "select", "confirm", "quit"} and "select" in log
        assert presses["n"] > len(log)
        assert shots

    def test_greek_window_and_mouse_dwell(self, out_dir: Path) -> None:
        """Greek labels render; resting the pointer on Roll picks it (dwell)."""
        clock = ManualClock()
        session = new_session("plakoto", 1, seed=9)
        app = App(session, lang="el")
        win = BoardWindow(app, bot_delay=0, dwell=1.0, clock=clock)
        win.open()
        try:
            for _ in range(50):
                if win._ctx().mode is Mode.ROLL:
                    break
                if win._ctx().mode is Mode.PLAY:
                    app.command(C.ChoosePlay(1))
                elif win._ctx().mode is Mode.CONFIRM:
                    app.command(C.Confirm())
                clock.advance(0.1)
                win.frame()
            assert win._ctx().mode is Mode.ROLL
            win.draw()
            roll = dict(win.geometry.actions)["roll"]
            turn = session.turn_counter
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=roll.center,
                                                 rel=(0, 0), buttons=(0, 0, 0)))
            win.frame()
            clock.advance(0.5)
            win.frame()
            win.screenshot(out_dir / "dwell_greek.png")
            assert session.phase.value == "roll" and session.turn_counter == turn
            clock.advance(0.6)
            win.frame()
            assert session.phase.value in ("play", "confirm") or session.turn_counter > turn
        finally:
            win.close()

    def test_auditory_scanning_speaks_the_highlight(self) -> None:
        """Issue 5 §4: each highlighted option is said at the narrator's TEXT priority."""
        from tavli_voice.narration.narrator import Narrator
        from tavli_voice.narration.priorities import Priority
        from tavli_voice.narration.speaker import RecordingSpeaker

        speaker = RecordingSpeaker(auto_finish=True)
        clock = ManualClock()
        session = new_session("fevga", 1, seed=12)
        app = App(session, narrator=Narrator(speaker))
        settings = ScanSettings(interval=0.5, first_delay=0.0, finish_speaking=False)
        win = BoardWindow(app, scan_settings=settings, bot_delay=0, clock=clock)
        win.open()
        try:
            for _ in range(40):
                clock.advance(0.25)
                win.frame()
                if win.scanner is not None and win.scanner.highlighted is not None:
                    break
            option = win.scanner.highlighted if win.scanner else None
            assert option is not None
            said = [u for u in speaker.spoken() if u.tag == "scan"]
            assert said and said[-1].priority is Priority.TEXT
            assert said[-1].text == option.label("en")
        finally:
            win.close()

    def test_click_a_checker_then_its_destination(self) -> None:
        session = new_session("portes", 1, seed=31)
        app = App(session)
        win = BoardWindow(app, bot_delay=0)
        win.open()
        try:
            for _ in range(50):
                mode = win._ctx().mode
                if mode is Mode.PLAY:
                    break
                if mode is Mode.ROLL:
                    app.command(C.Roll())
                elif mode is Mode.CONFIRM:
                    app.command(C.Confirm())
                win.frame()
            ctx = win._ctx()
            assert ctx.mode is Mode.PLAY
            src = ctx.sources[0]
            click = win.layout.point(src).target.center
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=click, button=1))
            win.frame()
            ctx = win._ctx()
            assert ctx.held == src and ctx.destinations
            dest = ctx.destinations[0]
            spot = (win.layout.tray_mine.center if dest == 0
                    else win.layout.point(dest).triangle.center)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1))
            win.frame()
            assert session.log[-1][:2] == ["to", dest]
            win.resize((800, 1100))
            win.frame()
            assert not win.layout.side_panel and win.screen.get_size() == (800, 1100)
        finally:
            win.close()


class TestLoopEdges:
    def test_voice_source_and_resume(self) -> None:
        """Commands from another input (the recognizer) enter like keys; a saved match resumes."""
        first = new_session("portes", 3, seed=21)
        first.start()
        while first.bot_to_act() or first.phase.value != "roll":
            if first.bot_to_act():
                first.bot_step()
            else:
                first.handle(C.ChoosePlay(1) if first.phase.value == "play" else C.Confirm())
        session, events = Session.restore(first.snapshot())
        assert session.position == first.position

        class Voice:
            def __init__(self) -> None:
                self.queue: list[C.Command] = [C.Roll()]

            def poll(self) -> C.Command | None:
                return self.queue.pop(0) if self.queue else None

            def close(self) -> None:
                pass

        app = App(session)
        seen: list[object] = []
        app.subscribe(seen.extend)
        voice = Voice()
        frames = {"n": 0}

        def stop_after_roll(win: BoardWindow) -> None:
            frames["n"] += 1
            if frames["n"] > 3:
                win.closing = True

        rc = run_window(app, sources=[voice], resumed_events=events, bot_delay=60.0, fps=0,
                        on_frame=stop_after_roll)
        assert rc == 0
        assert any(type(e).__name__ == "MatchStarted" and e.resumed for e in seen)  # type: ignore[attr-defined]
        assert any(type(e).__name__ == "DiceRolled" for e in seen)
        assert not voice.queue

    def test_an_error_is_said_not_thrown(self) -> None:
        import io

        err = io.StringIO()

        def broken(win: BoardWindow) -> None:
            raise RuntimeError("boom")

        rc = run_window(App(new_session("fevga", 1, seed=1)), fps=0, on_frame=broken, err=err)
        text = err.getvalue()
        assert rc == EXIT_ERROR and "boom" in text and "error" in text
        assert "σφάλματος" not in text  # one message, in the player's language
        assert "Traceback" not in text


class TestNoDisplay:
    """Without a display: one clear message in the player's language, exit code 2, no traceback."""

    @pytest.mark.parametrize("driver", ["x11", None])
    def test_message_and_code(self, driver: str | None, tmp_path: Path) -> None:
        env = {k: v for k, v in os.environ.items()
               if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
        if driver:
            env["SDL_VIDEODRIVER"] = driver
        env["TAVLI_VOICE_HOME"] = str(tmp_path)
        log_file = tmp_path / "tavli-voice.log"
        code = ("import logging, sys\n"
                f"logging.basicConfig(filename={str(log_file)!r})  # as the program does\n"
                "from tavli_voice.session import new_session\n"
                "from tavli_voice.ui.app import App\n"
                "from tavli_voice.ui.board.window import run_window\n"
                "sys.exit(run_window(App(new_session('portes', 1, seed=1))))\n")
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                              text=True, timeout=60)
        assert done.returncode == EXIT_NO_DISPLAY, done.stderr
        assert "Traceback" not in done.stderr
        # one message, in the player's language only, and no raw SDL line; the detail is logged
        assert done.stderr.strip() == "The board window cannot open: no display was found."
        assert "no_display" in log_file.read_text()
