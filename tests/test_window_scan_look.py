"""A switch user changes the board window's look from the scan menu: Menu → Settings →
Bigger text and buttons, Other colours, Smaller text and buttons, as F2, + and − do by keys;
each change is said in words (English and Greek) and handed on to be kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from window_helpers import FAST_SCAN, open_window, press_through, to_my_roll

from tavli_voice import words
from tavli_voice.scanning.options import settings_option
from tavli_voice.session import new_session
from tavli_voice.ui.app import App


def test_the_terminals_settings_offer_only_the_scanning_speed() -> None:
    assert [o.key for o in settings_option().children] == ["slower", "faster"]
    assert [o.key for o in settings_option(display=True).children] == [
        "slower", "faster", "bigger", "colours", "smaller"]


@pytest.mark.parametrize("lang", ["en", "el"])
def test_one_switch_makes_the_window_bigger_and_changes_its_colours(window_home: Path,
                                                                    lang: str) -> None:
    kept: list[tuple[str, float]] = []
    app, win, clock = open_window(lang, scan_settings=FAST_SCAN, on_display=lambda *look: kept.append(look))
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


def test_slower_scanning_stays_in_settings_to_try_the_new_speed(window_home: Path) -> None:
    kept: list[tuple[str, float]] = []
    app, win, clock = open_window("en", scan_settings=FAST_SCAN, on_display=lambda *look: kept.append(look))
    to_my_roll(app, win)
    press_through(win, clock, ["menu", "settings", "slower"])
    assert win.scan_settings.interval > 1.0 and not kept
    assert [o.key for o in win.scanner.mode.options][:2] == ["slower", "faster"]
    win.close()


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_keys_say_the_change_too_and_the_limit(window_home: Path, lang: str) -> None:
    import pygame

    kept: list[tuple[str, float]] = []
    app, win, _clock = open_window(lang, scan_settings=FAST_SCAN, on_display=lambda *look: kept.append(look))
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
