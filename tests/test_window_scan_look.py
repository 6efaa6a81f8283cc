"""A switch user changes the board window's look from the scan menu: Menu → Settings →
Bigger text and buttons, Other colours, Smaller text and buttons, as F2, + and − do by keys;
each change is said in words (English and Greek) and handed on to be kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from tavli_voice import words
from tavli_voice.scanning import ManualClock, ScanSettings
from tavli_voice.scanning.options import settings_option
from tavli_voice.session import new_session
from tavli_voice.ui.app import App
from test_window_help import to_my_roll


@pytest.fixture
def home(tmp_home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    pytest.importorskip("pygame")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    return tmp_home


def open_scanning(lang: str, kept: list[tuple[str, float]]):  # type: ignore[no-untyped-def]
    from tavli_voice.ui.board.window import BoardWindow

    clock = ManualClock()
    settings = ScanSettings(interval=1.0, first_delay=0.0, pick_pause=0.0, ignore_repeat=0.0,
                            loops=0)
    app = App(new_session(kind="portes", length=3, seed=11), lang=lang, save_path=None)
    win = BoardWindow(app, bot_delay=0, clock=clock, scan_settings=settings,
                      on_display=lambda name, scale: kept.append((name, scale)))
    win.open()
    app.start()
    win.frame()
    return app, win, clock


def press_through(win, clock, wanted: list[str]) -> None:  # type: ignore[no-untyped-def]
    """Let automatic scanning run and press the one switch on each of ``wanted`` in turn."""
    import pygame

    for _ in range(400):
        clock.advance(1.0)
        win.frame()
        scanner = win.scanner
        option = scanner.highlighted if scanner else None
        if option is not None and wanted and option.key == wanted[0]:
            wanted.pop(0)
            pygame.event.post(pygame.event.Event(pygame.JOYBUTTONDOWN, joy=0, instance_id=0,
                                                 button=0))
            pygame.event.post(pygame.event.Event(pygame.JOYBUTTONUP, joy=0, instance_id=0,
                                                 button=0))
            win.frame()
        if not wanted:
            return
    raise AssertionError(f"the switch never reached {wanted}")


def test_the_terminals_settings_offer_only_the_scanning_speed() -> None:
    assert [o.key for o in settings_option().children] == ["slower", "faster"]
    assert [o.key for o in settings_option(display=True).children] == [
        "slower", "faster", "bigger", "colours", "smaller"]


@pytest.mark.parametrize("lang", ["en", "el"])
def test_one_switch_makes_the_window_bigger_and_changes_its_colours(home: Path,
                                                                    lang: str) -> None:
    kept: list[tuple[str, float]] = []
    app, win, clock = open_scanning(lang, kept)
    to_my_roll(app, win)
    scale, theme = win.theme.scale, win.theme.name
    press_through(win, clock, ["menu", "settings", "bigger"])
    assert win.theme.scale == scale + 0.125 and win.theme.name == theme
    assert win.status[-1] == words.text("board.size", lang, pct=round((scale + 0.125) * 100))
    assert kept == [(theme, scale + 0.125)]
    assert win.scan_settings.interval == 1.0  # the scanning speed is left alone
    # the new look is seen at once: scanning goes back where the user was, not Settings
    assert [o.key for o in win.scanner.mode.options] == [
        o.key for o in win.scan_driver.root().options]
    assert "bigger" not in [o.key for o in win.scanner.mode.options]
    press_through(win, clock, ["menu", "settings", "colours"])
    assert win.theme.name != theme and win.theme.scale == scale + 0.125
    name = words.text(f"board.theme_{win.theme.name}", lang)
    assert win.status[-1] == words.text("board.colours_now", lang, name=name)
    assert kept[-1] == (win.theme.name, scale + 0.125)
    press_through(win, clock, ["menu", "settings", "smaller"])
    assert win.theme.scale == scale and kept[-1][1] == scale
    win.close()


def test_slower_scanning_stays_in_settings_to_try_the_new_speed(home: Path) -> None:
    kept: list[tuple[str, float]] = []
    app, win, clock = open_scanning("en", kept)
    to_my_roll(app, win)
    press_through(win, clock, ["menu", "settings", "slower"])
    assert win.scan_settings.interval > 1.0 and not kept
    assert [o.key for o in win.scanner.mode.options][:2] == ["slower", "faster"]
    win.close()


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_keys_say_the_change_too_and_the_limit(home: Path, lang: str) -> None:
    import pygame

    kept: list[tuple[str, float]] = []
    app, win, _clock = open_scanning(lang, kept)
    to_my_roll(app, win)
    for _ in range(30):  # + past the largest size
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PLUS, mod=0,
                                             unicode="+", scancode=0))
        win.frame()
    assert win.status[-1] == words.text("board.size_limit", lang, pct=300)
    assert kept[-1][1] == 3.0
    win.close()


def test_the_look_chosen_is_kept_in_the_settings_file_for_the_next_window(
        tmp_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The look changed in the window (its ``on_display``) is written to the settings file,
    its other sections kept; the next window opens with it unless --theme/--scale say else."""
    import json

    from tavli_voice import startup
    from tavli_voice.narration.settings import default_settings_path
    from tavli_voice.ui.board import window

    path = default_settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"speech": {"rate": 1.2}}))
    opened: list[tuple[str, float]] = []

    def fake_window(app: App, **kw):  # type: ignore[no-untyped-def]
        opened.append((kw["theme"], kw["scale"]))
        if len(opened) == 1:
            kw["on_display"]("classic", 1.5)  # as F2 and + would, or the scan menu
        return 0

    monkeypatch.setattr(window, "run_window", fake_window)
    app = App(new_session(kind="portes", length=1, seed=3), lang="en", save_path=None)
    parser = startup.build_parser("en")
    for argv in ([], [], ["--theme", "high_contrast", "--scale", "2"]):
        startup.run_window(app, parser.parse_args(argv), [], None, lambda line: None)
    assert opened == [("high_contrast", 1.0), ("classic", 1.5), ("high_contrast", 2.0)]
    kept = json.loads(path.read_text())
    assert kept == {"speech": {"rate": 1.2}, "window": {"theme": "classic", "scale": 1.5}}
    path.write_text(json.dumps({"window": {"theme": "paisley", "scale": 99}}))
    startup.run_window(app, parser.parse_args([]), [], None, lambda line: None)
    assert opened[-1] == ("high_contrast", 1.0)  # a look that cannot be used is left out
