"""The terminal while the board window is open: it says where input goes, takes the
same typed commands as the window (through the same ``App.command`` path), prompts
when the person must act, and leaves nothing typed for the shell (SDL dummy driver)."""

from __future__ import annotations

import io
import os
import time
from pathlib import Path
from typing import Any, Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

pygame = pytest.importorskip("pygame")

from tavli_voice import events as E  # noqa: E402
from tavli_voice.events import Phase  # noqa: E402
from tavli_voice.rules import MatchConfig  # noqa: E402
from tavli_voice.scanning import ManualClock  # noqa: E402
from tavli_voice.session import Session  # noqa: E402
from tavli_voice.ui.app import App  # noqa: E402
from tavli_voice.ui.board.window import BoardWindow  # noqa: E402
from tavli_voice.ui.terminal import TerminalPlayer  # noqa: E402


def you_and_rita(seed: int = 5) -> Session:
    return Session(MatchConfig(1, "portes", "tavlucky", seed),
                   (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita")))


@pytest.fixture
def home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    for name in ("HOME", "TAVLI_VOICE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME"):
        monkeypatch.setenv(name, str(tmp_path))
    return tmp_path


@pytest.fixture
def pipe() -> Iterator[tuple[Any, Any]]:
    """A real standard input (a pipe read by the terminal's reader thread)."""
    r, w = os.pipe()
    inp = os.fdopen(r, "r", encoding="utf-8")
    feed = os.fdopen(w, "w", encoding="utf-8")
    yield inp, feed
    feed.close()
    inp.close()


def frames_until(win: BoardWindow, done: Any, seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        win.frame()
        if done():
            return
        time.sleep(0.005)
    raise AssertionError("never happened")


def my_turn_to(win: BoardWindow, phase: Phase) -> bool:
    return win.app.phase is phase and not win.app.bot_to_act()


@pytest.mark.parametrize("lang,intro,roll,unknown", [
    ("en", "The board window is open. Type commands here too", "Type r to roll.",
     "I do not know “zz”. Type h for help."),
    ("el", "Το παράθυρο του ταμπλό άνοιξε. Γράψε εντολές και εδώ",
     "Γράψε r για να ρίξεις τα ζάρια.", "Δεν ξέρω την εντολή «zz». Γράψε h για βοήθεια.")])
def test_typed_lines_roll_choose_and_confirm_a_play_in_the_window(
        lang: str, intro: str, roll: str, unknown: str, pipe: tuple[Any, Any], home: Path) -> None:
    inp, feed = pipe
    out = io.StringIO()
    app = App(you_and_rita(), lang=lang)
    made: list[E.PlayMade] = []
    app.subscribe(lambda evs: made.extend(e for e in evs if isinstance(e, E.PlayMade)))
    player = TerminalPlayer(app, out, inp)
    typed = player.typed_source()
    win = BoardWindow(app, sources=[typed], bot_delay=0, clock=ManualClock())
    win.open()
    try:
        # the terminal prompts like the terminal game when the person is to roll
        frames_until(win, lambda: out.getvalue().endswith(roll + "\n"))
        assert my_turn_to(win, Phase.ROLL)
        for _ in range(5):
            win.frame()
        lines = out.getvalue().splitlines()
        assert sum(intro in line for line in lines) == 1  # said once, where input goes
        assert lines.count(roll) == 1  # once, not every frame
        feed.write("zz\nr\n")
        feed.flush()
        frames_until(win, lambda: app.session.dice is not None and my_turn_to(win, Phase.PLAY))
        assert unknown in out.getvalue()
        mine = len(made)
        feed.write("1\n\n")  # play 1, then Enter confirms it
        feed.flush()
        frames_until(win, lambda: len(made) > mine)
        assert made[-1].player == app.state().listener
        assert not win.closing
    finally:
        typed.close()
        win.close()


def test_q_typed_in_the_terminal_closes_the_window_and_the_match_is_saved(
        monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    from tavli_voice import startup
    from tavli_voice.ui.board import window as board_window

    real = board_window.run_window
    monkeypatch.setattr(board_window, "run_window",
                        lambda app, **kw: real(app, **{**kw, "fps": 0, "bot_delay": 0,
                                                      "max_frames": 500}))
    out = io.StringIO()
    code = startup.main(["--window", "--game", "portes", "--points", "1", "--seed", "5",
                         "--speech", "off"], out, io.StringIO("q\n"))
    text = out.getvalue()
    assert code == 0, text
    assert text.count("The board window is open. Type commands here too") == 1
    assert "Goodbye. The match is saved" in text.splitlines()[-1]


def test_the_end_of_typed_input_leaves_the_window_playing(home: Path) -> None:
    app = App(you_and_rita())
    player = TerminalPlayer(app, io.StringIO(), io.StringIO(""))
    typed = player.typed_source()
    win = BoardWindow(app, sources=[typed], bot_delay=0, clock=ManualClock())
    win.open()
    try:
        for _ in range(5):
            assert win.frame()
        assert typed.ended and not win.closing and not app.quit
    finally:
        win.close()


def test_a_line_typed_without_enter_is_not_left_for_the_shell(home: Path) -> None:
    import pty

    master, slave = pty.openpty()
    inp = os.fdopen(slave, "r", encoding="utf-8")
    try:
        app = App(you_and_rita())
        typed = TerminalPlayer(app, io.StringIO(), inp).typed_source()
        os.write(master, b"6")  # typed, Enter not pressed, when the window closed
        time.sleep(0.1)
        typed.close()
        os.write(master, b"ls\n")  # what the shell reads next
        time.sleep(0.1)
        assert os.read(slave, 100) == b"ls\n"  # the "6" is gone
    finally:
        inp.close()
        os.close(master)
