"""The board window's status in a game shows a long answer (the reasons after ``e``, "why";
the hint's) a page at a time like the review's: each page but the last ends in a More
button ("more… (page 1 of 3)", «…συνέχεια (σελίδα 1 από 3)») that a click, ``j``, the switch
or the voice ("more", «συνέχεια») turns; the focused button stays the one it was, so Enter
still rolls; after the last page More is gone."""

from __future__ import annotations

from pathlib import Path

import pytest

from window_helpers import open_window, pick_when_highlighted, scan_strip, status_page

from tavli_voice import commands as C
from tavli_voice import words
from tavli_voice.events import Phase
from tavli_voice.scanning import ScanSettings
from tavli_voice.ui.app import App


def shown(win: object) -> tuple[list[str], int]:
    """The status page drawn now and how many pages the status has."""
    return status_page(win)


def game_window(lang: str, kind: str = "plakoto", seed: int = 7,
                scanning: bool = False) -> tuple[App, object]:
    app, win, _clock = open_window(lang, kind=kind, seed=seed,
                                   scan_settings=ScanSettings() if scanning else None)
    return app, win


def until_long(app: App, win: object, ask: C.Command, phase: Phase) -> bool:
    """Play on (the first play each turn) until ``ask`` in ``phase`` needs a second page."""
    for _ in range(600):
        if app.finished:
            return False
        if app.bot_to_act():
            app.bot_step()
        elif app.state().phase is phase:
            app.command(ask)
            win.frame()  # type: ignore[attr-defined]
            if "more" in dict(win.view.actions):  # type: ignore[attr-defined]
                return True
            app.command(C.Roll() if phase is Phase.ROLL else C.ChoosePlay(1))
        elif app.state().phase is Phase.ROLL:
            app.command(C.Roll())
        elif app.state().phase is Phase.PLAY:
            app.command(C.ChoosePlay(1))
        elif app.state().phase is Phase.CONFIRM:
            app.command(C.Confirm())
        else:
            app.command(C.No())
        win.frame()  # type: ignore[attr-defined]
    return False


@pytest.mark.parametrize("lang", ["en", "el"])
def test_why_in_a_game_is_read_whole_page_by_page_with_j_and_more_then_goes(
        window_home: Path, lang: str) -> None:
    import pygame

    app, win = game_window(lang)
    try:
        assert until_long(app, win, C.Why(), Phase.PLAY)
        said = win.view.status[-1]  # type: ignore[attr-defined]
        assert dict(win.view.actions)["more"] == words.text(  # type: ignore[attr-defined]
            "review.button_more", lang)
        assert app.state().available[0] == "more"  # offered to the voice and the switch
        pages = []
        for _ in range(20):
            page, n = shown(win)
            pages.append(page)
            if "more" not in dict(win.view.actions):  # type: ignore[attr-defined]
                break
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_j, mod=0,
                                                 unicode="j", scancode=0))
            win.frame()  # type: ignore[attr-defined]
            win.frame()  # type: ignore[attr-defined]
        n = len(pages)
        assert n >= 2, pages
        for k, page in enumerate(pages, 1):
            key = "review.status_more" if k < n else "review.status_last"
            assert page[-1] == words.text(key, lang, page=k, pages=n)
        assert " ".join(r for p in pages for r in p[:-1]) == said  # every word, once, in order
        assert "more" not in app.state().available and app.state().phase is Phase.PLAY
        assert app.command(C.More()) and app.more_asked == n - 1  # no page: refused, said
    finally:
        win.close()  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang,said", [("en", "more"), ("el", "συνέχεια")])
def test_a_click_or_the_spoken_word_turns_a_games_status_page(window_home: Path, lang: str,
                                                              said: str) -> None:
    import pygame

    from tavli_voice.speech.grammar import lookup, options_from, phrases
    from tavli_voice.ui.voice_input import NOT_BY_VOICE

    app, win = game_window(lang)
    try:
        assert until_long(app, win, C.Why(), Phase.PLAY)
        first, n = shown(win)
        place = dict(win.geometry.actions)["more"]  # type: ignore[attr-defined]
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=place.center, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=place.center, button=1))
        win.frame()  # type: ignore[attr-defined]
        win.frame()  # type: ignore[attr-defined]
        second, _ = shown(win)
        assert second != first and win.status_page == 1  # type: ignore[attr-defined]
        view = app.state()
        options = options_from([a for a in view.available if a not in NOT_BY_VOICE],
                               len(view.plays), view.step_sources, view.step_targets)
        if n > 2:
            heard = lookup(phrases(options, lang), said)  # type: ignore[arg-type]
            assert heard is not None and heard.command == C.More()
            app.command(heard.command)
            win.frame()  # type: ignore[attr-defined]
            assert win.status_page == 2  # type: ignore[attr-defined]
    finally:
        win.close()  # type: ignore[attr-defined]


def test_with_more_shown_enter_still_rolls(window_home: Path) -> None:
    """After the person's play, why (explained before the roll) is long: Roll keeps the
    focus, so Enter rolls."""
    import pygame

    app, win = game_window("el")
    try:
        assert until_long(app, win, C.Why(), Phase.ROLL)
        acts = [k for k, _ in win.view.actions]  # type: ignore[attr-defined]
        assert acts[0] == "more" and acts[win.view.action_focus] == "roll"  # type: ignore[attr-defined]
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                             unicode="\r", scancode=0))
        win.frame()  # type: ignore[attr-defined]
        win.frame()  # type: ignore[attr-defined]
        assert app.state().phase is not Phase.ROLL and win.status_page == 0  # type: ignore[attr-defined]
    finally:
        win.close()  # type: ignore[attr-defined]


def test_the_switch_scans_more_before_roll_and_picks_it(window_home: Path) -> None:
    from tavli_voice.scanning.words import label

    app, win = game_window("el", scanning=True)
    more, roll = label("more", (), "el"), label("roll", (), "el")

    def menu() -> list[str]:
        return scan_strip(win, app, "el")

    try:
        assert until_long(app, win, C.Why(), Phase.ROLL)
        assert more in menu() and menu().index(more) < menu().index(roll)
        first, n = shown(win)
        pick_when_highlighted(win, win.clock, menu, more)  # type: ignore[attr-defined]
        assert shown(win)[0] != first and win.status_page == 1  # type: ignore[attr-defined]
        assert app.state().phase is Phase.ROLL  # only the page turned
    finally:
        win.close()  # type: ignore[attr-defined]


def test_navigation_offers_more_first_but_focuses_the_games_own_button() -> None:
    from tavli_voice.ui.board.navigation import Mode, NavContext, actions_for, default_action

    ctx = NavContext(mode=Mode.ROLL, more=True, can_double=True)
    assert actions_for(ctx) == ("more", "roll", "double") and default_action(ctx) == 1
    assert actions_for(NavContext(mode=Mode.PLAY, more=True)) == ("more",)
    assert default_action(NavContext(mode=Mode.ASK, more=True)) == 2  # "no", the safe answer
    review = NavContext(mode=Mode.REVIEW, more=True)
    assert actions_for(review)[:2] == ("more", "next") and default_action(review) == 0
