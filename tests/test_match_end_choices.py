"""The end of a match scanned with one switch in the terminal offers its choices: while the
review is offered "Review", "New match", "Quit"; after it "New match", "Quit", the likely choice
first. New match starts another match with the same options, spoken; Quit leaves with one pick
(English and Greek; seeded dice, a manual clock, a recording speaker, user folders in
``tmp_path``)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from match_support import play_to_the_end
from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice.events import Phase
from tavli_voice.narration.narrator import Narrator
from tavli_voice.narration.speaker import RecordingSpeaker
from tavli_voice.scanning import ManualClock, ScanSettings, Switch, make_scanner
from tavli_voice.ui.app import App
from tavli_voice.ui.scan_driver import ScanDriver

LABELS = {"en": ("Review", "New match", "Quit"), "el": ("Ανασκόπηση", "Νέος αγώνας", "Έξοδος")}
OFFER = {"en": "To go through your mistakes, press the switch at “Review”; or pick “New match” or "
               "“Quit”.",
         "el": "Για να δεις τα λάθη σου, πάτησε τον διακόπτη στην «Ανασκόπηση»· ή διάλεξε "
               "«Νέος αγώνας» ή «Έξοδος»."}


def _switch_end(tmp_home: Path, lang: str) -> tuple[App, ScanDriver, ManualClock, RecordingSpeaker,
                                                    list[E.Event]]:
    """A match played to its end by a one-switch player of the terminal (the scanner reads the
    options, the end's choices on), then scanned from the end."""
    speaker = RecordingSpeaker(auto_finish=True)

    def switch(app: App) -> None:
        app.narrator = Narrator(speaker)
        app.list_plays = False
        app.end_choices = True

    app, seen = play_to_the_end(tmp_home, lang, setup=switch)
    clock = ManualClock()
    driver = ScanDriver(app, make_scanner(ScanSettings()), clock)
    driver.refresh()
    return app, driver, clock, speaker, seen


def _labels(driver: ScanDriver, lang: str) -> tuple[str, ...]:
    mode = driver.scanner.mode
    assert mode is not None
    return tuple(o.label(lang) for o in mode.options)  # type: ignore[arg-type]


def _pick(driver: ScanDriver, clock: ManualClock, label: str, lang: str) -> None:
    """Wait for ``label`` to be highlighted, a person's 0.6 s, then press the one switch."""
    since, at = 0.0, None
    for _ in range(2000):
        h, mode = driver.highlighted, driver.scanner.mode
        if h is not None and mode is not None:
            if (id(mode), h.index) != at:
                since, at = clock.now(), (id(mode), h.index)
            if (mode.options[h.index].label(lang) == label  # type: ignore[arg-type]
                    and clock.now() - since >= 0.6 - 1e-9):
                driver.press(Switch.PICK)
                return
        clock.advance(0.1)
        driver.tick()
    raise AssertionError(f"{label!r} never highlighted")


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_end_offers_review_new_match_and_quit_and_new_match_starts_another_match(
        tmp_home: Path, lang: str) -> None:
    app, driver, clock, speaker, seen = _switch_end(tmp_home, lang)
    over = next(i for i, e in enumerate(seen) if isinstance(e, E.MatchOver))
    said = [e.text for e in seen[over:] if isinstance(e, E.Notice)]
    assert said[-1] == OFFER[lang], said
    assert _labels(driver, lang) == LABELS[lang]  # the review first: the question asked
    old = app.session
    _pick(driver, clock, LABELS[lang][1], lang)
    new = app.session
    assert new is not old and not app.finished and not app.review_question
    # the same options, new dice
    assert new.config == replace(old.config, seed=new.config.seed) and new.config.seed != old.config.seed
    assert new.players == old.players and new.options == old.options
    assert new.phase is not Phase.MATCH_OVER and app.waiting_for_person()
    assert driver.scanner.mode is not None and _labels(driver, lang) != LABELS[lang]
    for _ in range(50):
        app.pump()
    spoken = [u.text for u in speaker.spoken()]
    start = {"en": "New match: ", "el": "Νέος αγώνας: "}[lang]
    # the new match is said, though its turns count from 0 again
    assert sum(t.startswith(start) for t in spoken) == 2, spoken[-12:]
    game = {"en": "Game 1: ", "el": "Παρτίδα 1: "}[lang]
    last = max(i for i, t in enumerate(spoken) if t.startswith(start))
    assert spoken[last + 1].startswith(game), spoken[last:]


@pytest.mark.parametrize("lang", ["en", "el"])
def test_after_the_review_new_match_comes_first_and_quit_leaves_with_one_pick(
        tmp_home: Path, lang: str) -> None:
    app, driver, clock, _speaker, _seen = _switch_end(tmp_home, lang)
    _pick(driver, clock, LABELS[lang][0], lang)
    assert app.review is not None
    _pick(driver, clock, {"en": "Stop the review", "el": "Τέλος της ανασκόπησης"}[lang], lang)
    assert app.finished and app.review is None
    assert _labels(driver, lang) == LABELS[lang][1:]
    _pick(driver, clock, LABELS[lang][2], lang)
    assert driver.done and app.quit and driver.stats.presses == driver.stats.picks


@pytest.mark.parametrize("lang", ["en", "el"])
def test_quit_at_the_end_leaves_with_one_pick_and_one_goodbye(tmp_home: Path, lang: str) -> None:
    app, driver, clock, _speaker, seen = _switch_end(tmp_home, lang)
    _pick(driver, clock, LABELS[lang][2], lang)
    assert driver.done and app.quit and app.finished
    assert sum(isinstance(e, E.Goodbye) for e in seen) == 1
    assert driver.stats.presses == 1


def test_without_the_ends_choices_the_end_is_yes_or_no_then_quit_alone(tmp_home: Path) -> None:
    """The board window closes at the end: its switch keeps Yes and No, then Quit alone."""
    app, _ = play_to_the_end(tmp_home, setup=lambda a: setattr(a, "list_plays", False))
    driver = ScanDriver(app, make_scanner(ScanSettings()), ManualClock())
    driver.refresh()
    assert _labels(driver, "en")[:2] == ("Yes", "No")
    app.command(C.No())
    driver.refresh()
    assert _labels(driver, "en") == ("Quit",)


@pytest.mark.parametrize("lang, typed", [("en", "new match"), ("el", "νέος αγώνας")])
def test_a_typed_player_may_start_a_new_match_at_the_question(tmp_home: Path, lang: str,
                                                              typed: str) -> None:
    from tavli_voice.ui.keys import parse_line

    app, _ = play_to_the_end(tmp_home, lang)
    cmd = parse_line(typed)
    assert cmd == C.NewMatch()
    old = app.session
    app.command(cmd)
    assert app.session is not old and app.session.phase is not Phase.MATCH_OVER
    assert not app.finished and not app.review_question and app.history_kept is None
