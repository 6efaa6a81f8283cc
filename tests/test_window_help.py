"""Help in the board window is shown, not only spoken: ``h``, the Help button or the switch's
Menu → Help put what can be done now into the status as one message ("You can: … · …",
«Μπορείς: … · …»), read whole a page at a time with More, in English and Greek. At the
match's end a switch user is told to press the switch to close, not OK or Esc."""

from __future__ import annotations

from pathlib import Path

import pytest

from window_helpers import FAST_SCAN, open_window, press_through, status_page, to_my_roll

from tavli_voice import commands as C
from tavli_voice import words
from tavli_voice.events import Phase


def pages_text(win: object) -> list[str]:
    """Every status page the window shows for the newest message, turned with More (j)."""
    import pygame

    seen: list[str] = []
    for _ in range(20):
        view = win.view  # type: ignore[attr-defined]
        seen += status_page(win, newest=True)[0]
        if "more" not in dict(view.actions):
            return seen
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_j, mod=0,
                                             unicode="j", scancode=0))
        win.frame()  # type: ignore[attr-defined]
    raise AssertionError("More never ended")


@pytest.mark.parametrize("lang", ["en", "el"])
def test_h_shows_what_can_be_done_in_the_status_page_by_page(window_home: Path, lang: str) -> None:
    import pygame

    app, win, _clock = open_window(lang)
    to_my_roll(app, win)
    app.command(C.Roll())
    win.frame()  # type: ignore[attr-defined]
    before = list(win.status)  # type: ignore[attr-defined]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h",
                                         scancode=0))
    win.frame()  # type: ignore[attr-defined]
    status = list(win.status)  # type: ignore[attr-defined]
    assert status != before
    newest = status[-1]
    assert newest.startswith(words.text("help.intro", lang))
    for key in ("help.hint", "help.pips", "help.score"):
        assert words.text(key, lang) in newest  # the lines of the help, keys left out
    assert "\n" not in newest and " · " in newest
    shown = " ".join(pages_text(win))
    assert words.text("help.intro", lang) in shown and words.text("help.score", lang) in shown
    win.close()  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_switch_reaches_help_through_the_menu_and_sees_it(window_home: Path, lang: str) -> None:
    app, win, clock = open_window(lang, scan_settings=FAST_SCAN)
    to_my_roll(app, win)
    press_through(win, clock, ["roll", "menu", "help"])
    assert win.status[-1].startswith(words.text("help.intro", lang))  # type: ignore[attr-defined]
    assert words.text("help.hint", lang) in win.status[-1]  # type: ignore[attr-defined]
    # where a switch changes the window's look: Settings in the Menu
    assert words.text("help.window.scan_settings", lang) in win.status[-1]  # type: ignore[attr-defined]
    win.close()  # type: ignore[attr-defined]


def test_the_status_is_taller_while_the_help_is_read_then_as_before(window_home: Path) -> None:
    from tavli_voice.ui.board.layout import STATUS_LINES
    from tavli_voice.ui.board.window import REVIEW_STATUS_LINES

    app, win, _clock = open_window("el")
    to_my_roll(app, win)
    app.command(C.Roll())
    win.frame()  # type: ignore[attr-defined]
    assert win.layout.status_lines == STATUS_LINES  # type: ignore[attr-defined]
    app.command(C.Help())
    win.frame()  # type: ignore[attr-defined]
    assert win.layout.status_lines == REVIEW_STATUS_LINES  # type: ignore[attr-defined]
    tall = len(pages_text(win))
    app.command(C.PipCount())  # the next message: the usual status again
    win.frame()  # type: ignore[attr-defined]
    assert win.layout.status_lines == STATUS_LINES  # type: ignore[attr-defined]
    assert tall > REVIEW_STATUS_LINES  # (the help was read over several tall pages)
    win.close()  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["en", "el"])
def test_at_the_match_end_a_switch_user_is_told_to_press_the_switch(window_home: Path,
                                                                     lang: str) -> None:
    import pygame

    app, win, clock = open_window(lang, scan_settings=FAST_SCAN)
    for _ in range(50):
        if app.bot_to_act():
            app.bot_step()
        elif app.state().phase is Phase.ROLL:
            app.command(C.Leave())
            app.command(C.Yes())  # leave the table: the match is over
        if app.finished:
            break
        win.frame()  # type: ignore[attr-defined]
    assert app.finished
    clock.advance(1.0)  # type: ignore[attr-defined]
    win.frame()  # type: ignore[attr-defined]
    assert win.view.status[-1] == words.text("board.close_prompt_switch", lang)  # type: ignore[attr-defined]
    assert [o.key for o in win.scanner.mode.options] == ["quit"]  # type: ignore[attr-defined]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0,
                                         unicode="", scancode=0))
    win.frame()  # type: ignore[attr-defined]  # the remote's keys in use: OK or Esc closes
    assert win.view.status[-1] == words.text("board.close_prompt", lang)  # type: ignore[attr-defined]
    win.close()  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_windows_help_says_how_to_step_there_not_the_typed_bar_and_off(
        window_home: Path, lang: str) -> None:
    """While choosing a play the window's help names the window's way to step (click, or the
    arrows and OK) and F2, + and −; never the terminal's typed «bar ή μπάρα» or «off ή έξω»."""
    import pygame

    app, win, _clock = open_window(lang)
    to_my_roll(app, win)
    app.command(C.Roll())
    win.frame()  # type: ignore[attr-defined]
    assert "from" in app.state().available
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h",
                                         scancode=0))
    win.frame()  # type: ignore[attr-defined]
    newest = win.status[-1]  # type: ignore[attr-defined]
    assert newest.startswith(words.text("help.intro", lang))
    for key in ("help.from.window", "help.to.window", "help.window.display"):
        assert words.text(key, lang) in newest, newest
    for typed in ("help.from", "help.to", "help.window.scan_settings"):  # no switch: no Menu
        assert words.text(typed, lang) not in newest, newest
    assert "bar ή" not in newest and "off ή" not in newest and "(bar for" not in newest
    assert "(off to" not in newest
    win.close()  # type: ignore[attr-defined]
    terminal = words.help_lines(lang, ("from", "to"))  # the terminal keeps its typed words
    assert any(words.text("help.from", lang) in line for line in terminal)
