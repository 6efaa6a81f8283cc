"""What the board window's tests share: a headless window on a seeded match, the match
played on to the person's roll, the switch pressed on the options wanted, and the status
page drawn now (the ``window_home`` fixture in ``conftest.py`` gives the user folders)."""

from __future__ import annotations

from typing import Any, Callable

from tavli_voice.events import Phase
from tavli_voice.scanning import ManualClock, ScanSettings
from tavli_voice.session import new_session
from tavli_voice.ui.app import App

#: Automatic scanning a test steps through with the clock: one second an option, no pauses.
FAST_SCAN = ScanSettings(interval=1.0, first_delay=0.0, pick_pause=0.0, ignore_repeat=0.0,
                         loops=0)


def open_window(lang: str, *, kind: str = "portes", seed: int = 11,
                scan_settings: ScanSettings | None = None,
                **options: Any) -> tuple[App, Any, ManualClock]:
    """A started 3-point match of ``kind`` in an open board window on a manual clock
    (scanned with ``scan_settings``; ``options`` go to the window, e.g. ``on_display``)."""
    from tavli_voice.ui.board.window import BoardWindow

    clock = ManualClock()
    app = App(new_session(kind=kind, length=3, seed=seed), lang=lang, save_path=None)
    win = BoardWindow(app, bot_delay=0, clock=clock, scan_settings=scan_settings, **options)
    win.open()
    app.start()
    win.frame()
    return app, win, clock


def to_my_roll(app: App, win: Any) -> None:
    """Let the computer play until the person is to roll."""
    for _ in range(50):
        if app.state().phase is Phase.ROLL and not app.bot_to_act():
            return
        if app.bot_to_act():
            app.bot_step()
        win.frame()
    raise AssertionError("never my roll")


def press_switch() -> None:
    """The one switch (a joystick button) pressed and let go; the next frame reads it."""
    import pygame

    for kind in (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, joy=0, instance_id=0, button=0))


def press_through(win: Any, clock: ManualClock, wanted: list[str]) -> None:
    """Let automatic scanning run and press the one switch on each of ``wanted`` (option
    keys) in turn; ``wanted`` is emptied."""
    for _ in range(400):
        clock.advance(1.0)
        win.frame()
        scanner = win.scanner
        option = scanner.highlighted if scanner else None
        if option is not None and wanted and option.key == wanted[0]:
            wanted.pop(0)
            press_switch()
            win.frame()
        if not wanted:
            return
    raise AssertionError(f"the switch never reached {wanted}")


def scan_strip(win: Any, app: App, lang: str) -> list[str]:
    """The labels of the scan menu's strip drawn now (empty when there is none)."""
    from tavli_voice.ui.board.scanview import scan_show

    strip = scan_show(win.scanner, app.state(), lang).strip
    return list(strip.options) if strip is not None else []


def pick_when_highlighted(win: Any, clock: ManualClock, menu: Callable[[], list[str]],
                          wanted: str) -> None:
    """Wait (in 0.1 s steps) for the option labelled ``wanted`` to be highlighted, then pick it."""
    from tavli_voice.scanning import Switch

    for _ in range(200):
        h = win.scanner.current()
        if h is not None and menu()[h.index] == wanted:
            break
        clock.advance(0.1)
        win.frame()
    win.scan_driver.press(Switch.PICK)
    win.frame()


def status_page(win: Any, newest: bool | None = None) -> tuple[list[str], int]:
    """The status page drawn now (as the renderer pages it) and how many pages there are;
    ``newest`` pages only the newest message (by default: unless the status shows all)."""
    from tavli_voice.ui.board import render

    view = win.view
    pages = render.shown_status_pages(win.fonts, win.theme, win.layout.panel, view.status,
                                      view.lang, newest=not view.status_all if newest is None
                                      else newest)
    return pages[min(view.status_page, len(pages) - 1)], len(pages)
