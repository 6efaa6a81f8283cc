"""The board window offers the end of a match as buttons, the terminal's scanned choices and
words: while the review is offered "Review", "New match", "Quit" («Ανασκόπηση», «Νέος αγώνας»,
«Έξοδος»), after it "New match", "Quit", the likely choice first; scanned with one switch,
clickable and reached with the keys without. New match starts another match with the same
options in the same window, spoken from its start; the closing line names what to pick; the
buttons are whole in large type at 480x360 and 1024x700 (English and Greek; seeded dice, a
manual clock, a recording speaker, ``SDL_VIDEODRIVER=dummy``)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from match_support import play_on_to_the_end
from window_helpers import FAST_SCAN, press_through, status_page

from tavli_voice import commands as C
from tavli_voice.events import Phase
from tavli_voice.narration.narrator import Narrator
from tavli_voice.narration.speaker import RecordingSpeaker
from tavli_voice.scanning import ManualClock, ScanSettings
from tavli_voice.session import new_session
from tavli_voice.ui.app import App

LABELS = {"en": ("Review", "New match", "Quit"), "el": ("Ανασκόπηση", "Νέος αγώνας", "Έξοδος")}
OFFER = {"en": "To go through your mistakes, press the switch at “Review”; or pick “New match” or "
               "“Quit”.",
         "el": "Για να δεις τα λάθη σου, πάτησε τον διακόπτη στην «Ανασκόπηση»· ή διάλεξε "
               "«Νέος αγώνας» ή «Έξοδος»."}
OFFER_KEYS = {"en": "To go through your mistakes, pick “Review”; or pick “New match” or “Quit”.",
              "el": "Για να δεις τα λάθη σου, διάλεξε «Ανασκόπηση»· ή διάλεξε «Νέος αγώνας» ή "
                    "«Έξοδος»."}
CLOSING = {"en": ("Pick “New match” or “Quit”.", "Press the switch at “New match” or at “Quit”."),
           "el": ("Διάλεξε «Νέος αγώνας» ή «Έξοδος».",
                  "Πάτησε τον διακόπτη στο «Νέος αγώνας» ή στην «Έξοδος».")}
START = {"en": "New match: ", "el": "Νέος αγώνας: "}


def _key(win: Any, name: str) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=getattr(pygame, name), mod=0,
                                         unicode="", scancode=0))
    win.frame()


def end_window(home: Path, lang: str, scan: ScanSettings | None = None,
               size: tuple[int, int] | None = None) -> tuple[App, Any, ManualClock,
                                                             RecordingSpeaker]:
    """A 1-point match in the board window with the end's choices on (as ``--window`` starts
    it), the person taking the last play on the list against Rita, played to its end."""
    from tavli_voice.ui.board.window import BoardWindow

    speaker = RecordingSpeaker(auto_finish=True)
    clock = ManualClock()
    app = App(new_session(kind="portes", length=1, seed=5), lang=lang,
              save_path=home / "match.json", narrator=Narrator(speaker))
    app.offer_review = True
    app.end_choices = True
    win = BoardWindow(app, bot_delay=0, clock=clock, scan_settings=scan, size=size)
    win.open()  # (starts the match)
    win.frame()
    play_on_to_the_end(app, win.frame)
    assert app.review_question
    clock.advance(1.0)
    win.frame()
    return app, win, clock, speaker


def buttons(win: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The action buttons shown: their keys and their labels."""
    acts = win.view.actions
    return tuple(k for k, _ in acts), tuple(label for _, label in acts)


@pytest.mark.parametrize("lang", ["en", "el"])
def test_one_switch_is_offered_review_new_match_and_quit_and_new_match_starts_another(
        window_home: Path, lang: str) -> None:
    app, win, clock, speaker = end_window(window_home, lang, FAST_SCAN)
    try:
        assert OFFER[lang] in win.status
        assert buttons(win) == (("review", "new_match", "quit"), LABELS[lang])
        mode = win.scanner.mode
        assert tuple(o.label(lang) for o in mode.options) == LABELS[lang]
        # the option highlighted is the button it picks ("Review" sends the question's yes)
        seen = set()
        for _ in range(3):
            seen.add(win.view.highlight)
            clock.advance(1.0)
            win.frame()
        assert seen == {("action", "review"), ("action", "new_match"), ("action", "quit")}
        old = app.session
        press_through(win, clock, ["new_match"])
        new = app.session
        assert new is not old and not app.finished and not app.review_question
        assert new.config == replace(old.config, seed=new.config.seed)
        assert new.players == old.players and new.options == old.options
        assert win.frame() and new.phase is not Phase.MATCH_OVER
        assert buttons(win)[0] in ((), ("roll",)) or "new_match" not in buttons(win)[0]
        # the window shows the new match from its start, nothing of the match before
        game = {"en": "Game 1: ", "el": "Παρτίδα 1: "}[lang]
        assert any(line.startswith(game) for line in win.status), win.status
        assert OFFER[lang] not in win.status
        for _ in range(50):
            app.pump()
        spoken = [u.text for u in speaker.spoken()]
        assert sum(t.startswith(START[lang]) for t in spoken) == 2, [t for t in spoken if t.startswith(START[lang])]
        # the second match is played in the same window, scanned, to its end again
        for _ in range(3000):
            if app.review_question:
                break
            if app.bot_to_act():
                app.bot_step()
            elif app.state().phase is Phase.ROLL:
                app.command(C.Roll())
            elif app.state().phase is Phase.PLAY:
                app.command(C.ChoosePlay(1))
            elif app.state().phase is Phase.CONFIRM:
                app.command(C.Confirm())
            clock.advance(0.2)
            win.frame()
        assert app.review_question and app.session is new
        win.frame()
        assert buttons(win) == (("review", "new_match", "quit"), LABELS[lang])
    finally:
        win.close()


@pytest.mark.parametrize("lang", ["en", "el"])
def test_after_the_review_the_switch_gets_new_match_and_quit_and_quit_closes(
        window_home: Path, lang: str) -> None:
    app, win, clock, _speaker = end_window(window_home, lang, FAST_SCAN)
    try:
        press_through(win, clock, ["review"])
        assert app.review is not None
        press_through(win, clock, ["end"])
        assert app.finished and app.review is None
        clock.advance(1.0)
        win.frame()
        assert buttons(win) == (("new_match", "quit"), LABELS[lang][1:])
        assert tuple(o.label(lang) for o in win.scanner.mode.options) == LABELS[lang][1:]
        assert win.view.status[-1] == CLOSING[lang][1]
        press_through(win, clock, ["quit"])
        assert app.quit and not win.frame()
    finally:
        win.close()


@pytest.mark.parametrize("lang", ["en", "el"])
def test_without_a_switch_the_choices_are_keys_and_clicks(window_home: Path, lang: str) -> None:
    app, win, _clock, _speaker = end_window(window_home, lang)
    try:
        assert OFFER_KEYS[lang] in win.status  # (not "Review your mistakes? Yes or no.")
        assert buttons(win) == (("review", "new_match", "quit"), LABELS[lang])
        assert win.view.action_focus == 0  # the likely choice first: Enter reviews
        _key(win, "K_ESCAPE")  # Back: no review
        assert app.finished and not app.quit
        assert buttons(win) == (("new_match", "quit"), LABELS[lang][1:])
        assert win.view.action_focus == 0
        assert win.view.status[-1] == CLOSING[lang][0]
        old = app.session
        _key(win, "K_RETURN")  # New match, focused
        assert app.session is not old and not app.finished
        assert app.session.phase is not Phase.MATCH_OVER
        assert not any(line == CLOSING[lang][0] for line in win.view.status)
    finally:
        win.close()


@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_click_on_new_match_or_quit_does_it(window_home: Path, lang: str) -> None:
    app, win, _clock, _speaker = end_window(window_home, lang)
    try:
        old = app.session
        win.press_target(("action", "new_match"), win._ctx())
        assert app.session is not old and not app.review_question
    finally:
        win.close()
    app, win, _clock, _speaker = end_window(window_home, lang)
    try:
        win.press_target(("action", "quit"), win._ctx())
        assert app.quit and not win.frame()
    finally:
        win.close()


def _over(a: Any, b: Any) -> bool:
    return bool(a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom)


def _whole(win: Any, where: str) -> None:
    """The end's buttons on the window, apart, their labels whole in large type inside them,
    the scan strip (if any) over none of them."""
    from test_window_review_small import recording

    from tavli_voice.ui.board.render import LARGE_BOLD_PX

    width, height = win.screen.get_size()
    acts = win.geometry.actions
    assert len(acts) == len(win.view.actions), where
    for key, rect in acts:
        assert 0 <= rect.x and rect.right <= width and 0 <= rect.y and rect.bottom <= height
        for other, orect in acts:
            assert key == other or not _over(rect, orect), (where, key, other)
        if win.geometry.scan is not None:
            assert not _over(rect, win.geometry.scan), (where, key)
    drawn = recording(win).texts
    for key, rect in acts:
        if key == "more":  # (a long status's More, at its foot: its own paged label)
            continue
        inside = [(t, px, r) for t, px, r in drawn if rect.contains(*r.center)]
        assert inside, (where, key)
        label = ""
        for text, px, r in inside:  # on one row, or two («Ανασκό-» «πηση», "New" "match")
            assert px >= int(LARGE_BOLD_PX) and not text.endswith("…"), (where, text, px)
            assert rect.x <= r.left and r.right <= rect.right and rect.y <= r.top \
                and r.bottom <= rect.bottom, (where, text)
            label = label[:-1] + text if label.endswith("-") else f"{label} {text}".strip()
        assert label == dict(win.view.actions)[key], (where, key, label)


@pytest.mark.parametrize("size", [(480, 360), (1024, 700)])
@pytest.mark.parametrize("lang", ["en", "el"])
@pytest.mark.parametrize("scan", [None, FAST_SCAN])
def test_the_end_buttons_are_whole_at_480x360_and_1024x700(
        window_home: Path, lang: str, size: tuple[int, int], scan: ScanSettings | None) -> None:
    app, win, clock, _speaker = end_window(window_home, lang, scan, size)
    try:
        _whole(win, f"{size} offered")
        # the offer is read whole on one page, no More to press first
        offer = (OFFER if scan else OFFER_KEYS)[lang]
        assert win.view.status[-1] == offer
        rows, pages = status_page(win, newest=True)
        assert pages == 1 and "more" not in dict(win.view.actions), (size, rows)
        assert " ".join(rows).replace("- ", "").endswith(offer), rows
        app.command(C.No())
        clock.advance(1.0)
        win.frame()
        assert app.finished and [k for k, _ in win.view.actions if k != "more"] == [
            "new_match", "quit"]
        _whole(win, f"{size} over")
        assert win.view.status[-1] == CLOSING[lang][1 if scan else 0]
        # the closing line is read whole on one page, no More to press first
        rows, pages = status_page(win, newest=True)
        assert pages == 1 and "more" not in dict(win.view.actions), (size, rows)
        assert " ".join(rows).replace("- ", "") .endswith(CLOSING[lang][1 if scan else 0]), rows
    finally:
        win.close()


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_terminal_beside_the_window_names_the_ends_choices_to_a_switch_user(
        window_home: Path, lang: str) -> None:
    from tavli_voice.ui.typed_lines import prompt_line

    said = {"en": ("Pick “Review”, “New match” or “Quit” with the switch.",
                   "Pick “New match” or “Quit” with the switch."),
            "el": ("Διάλεξε «Ανασκόπηση», «Νέος αγώνας» ή «Έξοδος» με τον διακόπτη.",
                   "Διάλεξε «Νέος αγώνας» ή «Έξοδος» με τον διακόπτη.")}[lang]
    app, win, _clock, _speaker = end_window(window_home, lang, FAST_SCAN)
    try:
        assert prompt_line(app, False) == said[0]  # where "Pick “Yes” or “No”" was printed
        app.command(C.No())
        assert prompt_line(app, False) == said[1]
    finally:
        win.close()
