"""The board window as a blind, low-vision or switch player meets it: scanning only
when asked, a click on a button does what it says, one highlight, whole labels,
"You" in the header, the terminal kept informed (SDL dummy driver)."""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

pygame = pytest.importorskip("pygame")

from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice.rules import MatchConfig
from tavli_voice.scanning import ManualClock, ScanSettings, save_scan_settings
from tavli_voice.session import Session
from tavli_voice.ui.app import App
from tavli_voice.ui.board.model import Extras, build_view
from tavli_voice.ui.board.window import BoardWindow


def you_and_rita(points: int = 1, seed: int = 5) -> Session:
    return Session(MatchConfig(points, "portes", "tavlucky", seed),
                   (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita")))


def window(app: App, **kw: Any) -> BoardWindow:
    win = BoardWindow(app, bot_delay=0, clock=kw.pop("clock", ManualClock()), **kw)
    win.open()
    return win


def until_roll(win: BoardWindow) -> None:
    for _ in range(50):
        win.frame()
        if win.app.session.phase.value == "roll" and not win.app.session.bot_to_act():
            return
    raise AssertionError("never my turn to roll")


def click(win: BoardWindow, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, button=1, pos=pos))
    win.frame()


@pytest.mark.parametrize("scanning", [False, True])
def test_a_click_on_roll_rolls_with_or_without_scanning(scanning: bool) -> None:
    app = App(you_and_rita())
    win = window(app, scan_settings=ScanSettings() if scanning else None)
    try:
        until_roll(win)
        assert (win.scanner is not None) is scanning
        roll = dict(win.geometry.actions)["roll"]
        click(win, roll.center)
        assert app.session.dice is not None and app.session.phase.value in ("play", "confirm")
    finally:
        win.close()


def test_the_window_scans_only_when_asked(monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    from tavli_voice import startup
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    seen: list[Any] = []
    monkeypatch.setattr("tavli_voice.ui.board.window.run_window",
                        lambda app, **kw: seen.append(kw.get("scan_settings")) or 0)
    args = startup.build_parser().parse_args(["--window"])
    assert startup.run_window(App(you_and_rita()), args, [], None, print) == 0
    assert seen[-1] is None  # nothing asked, nothing saved: no scanning
    args = startup.build_parser().parse_args(["--window", "--scan", "step"])
    startup.run_window(App(you_and_rita()), args, [], None, print)
    assert seen[-1] is not None and seen[-1].mode == "step"
    from tavli_voice.narration.settings import default_settings_path
    save_scan_settings(default_settings_path(), ScanSettings(enabled=True, mode="auto"))
    args = startup.build_parser().parse_args(["--window"])
    startup.run_window(App(you_and_rita()), args, [], None, print)
    assert seen[-1] is not None and seen[-1].mode == "auto"  # the saved choice


def test_one_highlight_at_a_time_keys_or_switch() -> None:
    clock = ManualClock()
    app = App(you_and_rita())
    win = window(app, scan_settings=ScanSettings(), clock=clock)
    try:
        until_roll(win)
        for _ in range(5):
            clock.advance(0.3)
            win.frame()
        view = win.view
        assert view is not None and view.highlight is not None  # the switch's
        assert view.cursor is None and view.action_focus is None and view.list_focus is None
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0,
                                             unicode="", scancode=0))
        win.frame()
        view = win.view
        assert view is not None and view.highlight is None  # now the keys' only
        assert (view.cursor, view.action_focus, view.list_focus) != (None, None, None)
    finally:
        win.close()


def test_a_long_label_is_shown_whole(tmp_path: Path) -> None:
    from tavli_voice.ui.board.render import Fonts, _fitting
    pygame.display.init()
    pygame.font.init()
    fonts = Fonts()
    for text in ("Scanning paused: press the switch.",
                 "Η σάρωση σταμάτησε: πάτησε τον διακόπτη."):
        lines, font = _fitting(fonts, text, 396, 58, 29)
        assert " ".join(lines) == text and not any(line.endswith("…") for line in lines)
        assert all(font.size(line)[0] <= 396 for line in lines)


@pytest.mark.parametrize("lang,points,score,title", [
    ("en", 1, "You: 0 · Rita: 0 · match to 1 point", "Portes, game 1"),
    ("en", 5, "You: 0 · Rita: 0 · match to 5 points", "Portes, game 1"),
    ("el", 1, "Εσύ: 0 · Ρίτα: 0 · αγώνας στον έναν πόντο", "Πόρτες, παρτίδα 1"),
    ("el", 5, "Εσύ: 0 · Ρίτα: 0 · αγώνας στους 5 πόντους", "Πόρτες, παρτίδα 1")])
def test_the_header_says_you_with_the_right_number(lang: str, points: int, score: str,
                                                   title: str) -> None:
    session = you_and_rita(points)
    session.start()
    view = build_view(session.state(), Extras(lang=lang))
    assert view.score == score and view.title == title


def test_the_terminal_prints_while_the_window_is_open_and_q_says_goodbye(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from tavli_voice import startup
    monkeypatch.setenv("TAVLI_VOICE_HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))

    def fake_window(app: App, *_: object) -> int:  # the person rolls, then presses q
        app.start()
        while app.bot_to_act():
            app.bot_step()
        app.command(C.Roll())
        app.command(C.Quit())
        return 0

    monkeypatch.setattr(startup, "run_window", fake_window)
    out = io.StringIO()
    startup.main(["--window", "--game", "portes", "--points", "1", "--seed", "5",
                  "--speech", "off"], out, io.StringIO())
    text = out.getvalue()
    assert "New match: Portes" in text and "You rolled" in text
    assert "Goodbye. The match is saved" in text.splitlines()[-1]


@pytest.mark.parametrize("lang,message,other", [
    ("el", "Το παράθυρο του ταμπλό δεν μπορεί να ανοίξει: δεν βρέθηκε οθόνη.", "board window"),
    ("en", "The board window cannot open: no display was found.", "ταμπλό")])
def test_no_display_is_one_plain_message_and_the_game_goes_on(lang: str, message: str,
                                                              other: str, tmp_path: Path) -> None:
    import subprocess
    import sys
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(TAVLI_VOICE_HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-m", "tavli_voice.cli", "window", "--lang", lang,
                           "--speech", "off", "--game", "portes", "--points", "1"],
                          input="q\n", env=env, capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).resolve().parents[1], check=False)
    text = done.stdout + done.stderr
    assert text.count(message) == 1, text
    assert other not in text.split("\n", 1)[0] and "SDL" not in text and "Error" not in text
    assert "tavli-voice play" not in text  # no advice to do what is already happening
    assert done.returncode == 0
