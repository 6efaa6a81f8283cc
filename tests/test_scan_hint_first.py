"""A switch user who asks the hint finds its play first: once the hint is given in a turn
(picked by the switch, typed or said), the scan starts on "Suggested: <play>" («Πρόταση: …»),
one pick away, until the turn ends; undoing the choice offers it first again, and the next
turn scans as before (R2 plays in their usual order)."""

from __future__ import annotations

from tavli_voice import commands as C
from tavli_voice.scanning import ManualClock, ScanMode, ScanSettings, make_scanner
from tavli_voice.scanning.modes import is_command
from tavli_voice.session import Phase, new_session
from tavli_voice.ui.app import App
from tavli_voice.ui.scan_driver import ScanDriver


def leads_to(mode: ScanMode, index: int, target: C.Command, depth: int = 0) -> bool:
    """Picking option ``index`` of ``mode`` gives ``target`` (through single-option levels)."""
    choice = mode.choose(index)
    if is_command(choice):
        return choice == target
    if depth > 3 or not hasattr(choice, "options"):
        return False
    return len(choice.options) == 1 and leads_to(choice, 0, target, depth + 1)  # type: ignore[arg-type]


def to_plays(app: App, driver: ScanDriver, clock: ManualClock) -> None:
    """Roll (by the switch) until this person has more than one play to choose from."""
    session = app.session
    for _ in range(400):
        if session.phase is Phase.PLAY and len(session.plays) > 2:
            return
        h = driver.highlighted
        if h is not None and h.option.command in (C.Roll(), C.Confirm()):
            driver.press(t=clock.now())
        elif h is not None and session.phase is Phase.PLAY and h.index == 0:
            driver.press(t=clock.now())  # a turn of few plays: take the first and go on
        clock.advance(0.7)
        driver.tick()
    raise AssertionError("never a turn of several plays")


def options(driver: ScanDriver) -> list[str]:
    mode = driver.scanner.mode
    assert mode is not None
    return [o.key for o in mode.options]


def test_the_hint_asked_by_the_switch_is_scanned_first_and_again_after_undo() -> None:
    clock = ManualClock()
    app = App(new_session("portes", 3, seed=11), lang="en")
    settings = ScanSettings(interval=0.5, first_delay=0.0, pick_pause=0.0, ignore_repeat=0.0)
    driver = ScanDriver(app, make_scanner(settings), clock)
    driver.begin()
    to_plays(app, driver, clock)
    assert "suggested" not in options(driver)  # no hint asked, no suggestions: as before
    hints = [o for o in driver.scanner.mode.options if o.key == "hint"]  # type: ignore[union-attr]
    assert hints
    out = driver._handle(hints[0].command, clock.now())  # the switch picked Hint
    assert out == C.Hint()
    best = app.session.suggested_number()  # the hint's play, the one source of advice
    mode = driver.scanner.mode
    assert mode is not None and mode.options[0].key == "suggested"
    assert driver.highlighted is not None and driver.highlighted.index == 0
    assert leads_to(mode, 0, C.ChoosePlay(best))
    driver.press(t=clock.now())  # one pick plays it
    assert app.session.phase is Phase.CONFIRM
    assert app.session.pending == app.session.plays[best - 1]
    app.command(C.Undo())
    driver.sync(clock.now())
    mode = driver.scanner.mode
    assert mode is not None and leads_to(mode, 0, C.ChoosePlay(best))
    app.command(C.ChoosePlay(best))
    turn = app.session.turn_counter
    app.command(C.Confirm())
    driver.sync(clock.now())  # (Rita's turn is played here)
    to_plays(app, driver, clock)
    assert app.session.turn_counter > turn
    assert "suggested" not in options(driver)  # a new turn: the old hint is gone


def test_a_hint_typed_in_the_same_app_moves_the_scan_too() -> None:
    clock = ManualClock()
    app = App(new_session("plakoto", 3, seed=4), lang="el")
    driver = ScanDriver(app, make_scanner(ScanSettings(interval=0.5, first_delay=0.0,
                                                       pick_pause=0.0)), clock)
    driver.begin()
    to_plays(app, driver, clock)
    app.command(C.Hint())  # a key or the voice, not the switch
    best = app.session.suggested_number()
    driver.sync(clock.now())
    mode = driver.scanner.mode
    assert mode is not None and leads_to(mode, 0, C.ChoosePlay(best))
    assert mode.options[0].label("el").startswith("Πρόταση: ")
