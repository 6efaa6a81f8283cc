"""The board window's review shows every sentence it says whole: an answer longer than the
status's rows (the reasons after ``e``, "why") is shown a page at a time, each page but the
last ending in "more… (page 1 of 2)" («…συνέχεια (σελίδα 1 από 2)»), with a More button
(«Συνέχεια») that is focused, so Enter, a click or a switch shows the next page; after the
last page More is gone and Enter goes on to the next mistake."""

from __future__ import annotations

from pathlib import Path

import pytest
from match_support import play_to_the_end
from window_helpers import pick_when_highlighted, scan_strip, status_page

from tavli_voice import commands as C
from tavli_voice import words
from tavli_voice.session import Session
from tavli_voice.ui.app import App
from tavli_voice.ui.review_mode import ReviewMode


def shown_rows(win: object) -> tuple[list[str], int]:
    """The status's rows drawn now (as the renderer pages them) and the rows it holds."""
    from tavli_voice.ui.board import render

    return status_page(win)[0], render.status_fit(win.layout.panel)  # type: ignore[attr-defined]


def review_window(home: Path, lang: str) -> tuple[App, ReviewMode, object]:
    from tavli_voice.scanning import ManualClock
    from tavli_voice.ui.board.window import BoardWindow

    kept, _ = play_to_the_end(home, lang, offer=False)
    assert kept.history_kept is not None
    review = ReviewMode.open(kept.history_kept, lang, sides=[0])
    assert review.mistakes >= 2
    session, _ = Session.restore(review.walk.save)
    app = App(session, lang=lang, save_path=None)
    begun = app.begin_review(review)  # type: ignore[attr-defined]
    win = BoardWindow(app, bot_delay=0, clock=ManualClock())
    win.open()
    win.frame()  # type: ignore[attr-defined]
    app.publish(begun)
    win.frame()  # type: ignore[attr-defined]
    return app, review, win


def read_all_pages(win: object, press: object) -> list[list[str]]:
    """Every page of the status, pressing More (with ``press``) until it is gone."""
    pages = []
    for _ in range(20):
        rows, fit = shown_rows(win)
        assert len(rows) <= fit, (rows, fit)  # no page is cut at the bottom
        pages.append(rows)
        labels = dict(win.view.actions)  # type: ignore[attr-defined]
        if "more" not in labels:
            break
        press()  # type: ignore[operator]
        win.frame()  # type: ignore[attr-defined]
    return pages


@pytest.mark.parametrize("lang", ["en", "el"])
def test_why_is_shown_whole_across_the_status_pages_and_enter_reads_on_then_goes_next(
        window_home: Path, lang: str) -> None:
    import pygame

    app, review, win = review_window(window_home, lang)
    try:
        for first in range(review.mistakes - 1):  # the first mistake whose reasons are long
            if first:
                app.command(C.Next())  # type: ignore[attr-defined]
            said = [str(e.text) for e in app.command(C.Why())]  # type: ignore[attr-defined]
            win.frame()  # type: ignore[attr-defined]
            if "more" in dict(win.view.actions):  # type: ignore[attr-defined]
                break
        status = list(win.view.status)  # type: ignore[attr-defined]
        assert status == list(review.status) and len(status) == 2, status
        assert all(line in said for line in status)  # the terminal's own sentences
        more = words.text("review.button_more", lang)
        assert dict(win.view.actions).get("more") == more  # type: ignore[attr-defined]
        assert win.view.actions[win.view.action_focus][0] == "more"  # type: ignore[attr-defined]

        def enter() -> None:  # the Enter key, as pygame delivers it
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                                 unicode="\r", scancode=0))

        pages = read_all_pages(win, enter)
        n = len(pages)
        assert n >= 2, pages  # the reasons are longer than the status's six rows
        for k, page in enumerate(pages, 1):
            key = "review.status_more" if k < n else "review.status_last"
            assert page[-1] == words.text(key, lang, page=k, pages=n)
        text = " ".join(row for page in pages for row in page[:-1])
        assert text == " ".join(status)  # every word of every sentence, in order, once

        assert "more" not in dict(win.view.actions)  # type: ignore[attr-defined]
        assert review.index == first
        enter()  # after the last page Enter is Next again
        win.frame()  # type: ignore[attr-defined]
        assert review.index == first + 1
        rows, fit = shown_rows(win)
        assert rows == [r for r in rows if r] and len(rows) <= fit
        assert "more" not in dict(win.view.actions)  # type: ignore[attr-defined]
    finally:
        win.close()  # type: ignore[attr-defined]


def test_a_click_on_more_turns_the_page_and_a_new_answer_starts_on_its_first(window_home: Path) -> None:
    app, review, win = review_window(window_home, "el")
    try:
        app.command(C.Why())  # type: ignore[attr-defined]
        win.frame()  # type: ignore[attr-defined]
        first, _ = shown_rows(win)
        assert first[-1].startswith("…συνέχεια (σελίδα 1 από ")
        import pygame

        place = dict(win.geometry.actions)["more"]  # type: ignore[attr-defined]
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=place.center, button=1))
        win.frame()  # type: ignore[attr-defined]
        win.frame()  # type: ignore[attr-defined]
        second, _ = shown_rows(win)
        assert second != first and second[-1].split("(")[1].startswith("σελίδα 2 από ")
        assert win.status_page == 1  # type: ignore[attr-defined]
        app.command(C.Why())  # the answer again, from its first page; j shows the next
        win.frame()  # type: ignore[attr-defined]
        assert shown_rows(win)[0] == first
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_j, mod=0, unicode="j",
                                             scancode=0))
        win.frame()  # type: ignore[attr-defined]
        win.frame()  # type: ignore[attr-defined]
        assert shown_rows(win)[0] == second
        app.command(C.Why())  # type: ignore[attr-defined]
        win.frame()  # type: ignore[attr-defined]
        assert shown_rows(win)[0] == first  # the answer again, from its first page
    finally:
        win.close()  # type: ignore[attr-defined]


def test_a_short_answer_has_one_page_and_no_more_button(window_home: Path) -> None:
    app, review, win = review_window(window_home, "en")
    try:
        rows, fit = shown_rows(win)
        assert rows and len(rows) <= fit
        assert not any(r.startswith(("more…", "end (page")) for r in rows)
        assert "more" not in dict(win.view.actions)  # type: ignore[attr-defined]
        win.more()  # type: ignore[attr-defined]
        said = [str(e.text) for e in app.command(C.More())]  # type: ignore[attr-defined]
        assert said == [words.text("review.say_cmd", "en")] and review.more_asked == 0
        win.frame()  # type: ignore[attr-defined]
        assert win.status_page == 0  # type: ignore[attr-defined]
    finally:
        win.close()  # type: ignore[attr-defined]


def test_status_pages_keeps_every_row_and_says_which_page(window_home: Path) -> None:
    import pygame

    from tavli_voice.ui.board.render import status_pages

    pygame.font.init()
    font = pygame.font.Font(None, 20)
    long = " ".join(f"word{i}" for i in range(60))
    pages = status_pages(font, ["Short.", long], 150, 4, "en", newest=False)
    assert len(pages) >= 3 and all(len(p) <= 4 for p in pages)
    assert " ".join(r for p in pages for r in p[:-1]) == "Short. " + long
    assert pages[0][-1] == f"more… (page 1 of {len(pages)})"
    assert pages[-1][-1] == f"end (page {len(pages)} of {len(pages)})"
    # a game's status keeps its newest messages whole and drops older ones
    assert status_pages(font, ["Old one.", "New one."], 150, 1, "en") == [["New one."]]
    assert status_pages(font, ["A.", "B."], 150, 3, "en", newest=False) == [["A.", "B."]]


def test_one_switch_scans_more_first_and_picks_it_through_the_pages(
        window_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Scanning in the window: while the answer has another page, the review's menu starts
    with «Συνέχεια της απάντησης»; one press on it shows the next page; after the last
    page the menu starts with the next mistake again."""
    from tavli_voice.scanning import ManualClock, ScanSettings
    from tavli_voice.scanning.words import label
    from tavli_voice.ui.board.window import BoardWindow

    kept, _ = play_to_the_end(window_home, "el", offer=False)
    assert kept.history_kept is not None
    review = ReviewMode.open(kept.history_kept, "el", sides=[0])
    session, _ = Session.restore(review.walk.save)
    app = App(session, lang="el", save_path=None)
    begun = app.begin_review(review)
    clock = ManualClock()
    win = BoardWindow(app, scan_settings=ScanSettings(), bot_delay=0, clock=clock)
    win.open()
    more = label("more", (), "el")
    assert more == "Συνέχεια της απάντησης"

    def menu() -> list[str]:
        return scan_strip(win, app, "el")

    try:
        app.publish(begun)
        win.frame()
        assert more not in menu()  # the mistake and its roll fit: no More
        app.command(C.Why())
        win.frame()
        pages = [shown_rows(win)[0]]
        for _ in range(10):
            if more not in menu():
                break
            assert menu()[0] == more and win.scanner is not None
            pick_when_highlighted(win, clock, menu, more)
            pages.append(shown_rows(win)[0])
        assert len(pages) >= 2 and win.status_page == len(pages) - 1
        assert pages[-1][-1] == words.text("review.status_last", "el", page=len(pages),
                                           pages=len(pages))
        assert menu()[0] == "Επόμενο λάθος" and review.index == 0
        text = " ".join(row for page in pages for row in page[:-1])
        assert text == " ".join(review.status)
    finally:
        win.close()


@pytest.mark.parametrize("lang", ["en", "el"])
def test_every_status_of_a_whole_review_is_shown_whole_across_its_pages(window_home: Path,
                                                                        lang: str) -> None:
    """Each mistake of a seeded match, and after it the expert's play, why, and a try: every
    sentence the status holds is drawn whole across its pages, none longer than the rows."""
    app, review, win = review_window(window_home, lang)
    paged = 0
    try:
        for i in range(review.mistakes):
            for cmd in ((C.Next(),) if i else ()) + (C.Hint(), C.Why(), C.ChoosePlay(1)):
                app.command(cmd)  # type: ignore[attr-defined]
                win.frame()  # type: ignore[attr-defined]
                status = list(win.view.status)  # type: ignore[attr-defined]
                assert status, (i, cmd)

                def more() -> None:
                    app.command(C.More())  # type: ignore[attr-defined]

                pages = read_all_pages(win, more)
                rows = [r for p in pages for r in (p[:-1] if len(pages) > 1 else p)]
                assert " ".join(rows) == " ".join(status), (i, cmd, pages)
                paged += len(pages) > 1
        assert review.index == review.mistakes - 1
    finally:
        win.close()  # type: ignore[attr-defined]
    assert paged >= 1  # some answers of this match need more than one page


def long_answer(app: App, review: ReviewMode, win: object) -> None:
    """Ask why at each mistake in turn until the answer needs another page (More shown)."""
    for first in range(review.mistakes):
        if first:
            app.command(C.Next())  # type: ignore[attr-defined]
        app.command(C.Why())  # type: ignore[attr-defined]
        win.frame()  # type: ignore[attr-defined]
        if "more" in dict(win.view.actions):  # type: ignore[attr-defined]
            return
    raise AssertionError("no answer of this match needs a second page")


def voice_phrases(app: App, lang: str) -> tuple[object, ...]:
    """What the voice input listens for now, as it builds it from the review's turn view."""
    from tavli_voice.speech.grammar import options_from, phrases
    from tavli_voice.ui.voice_input import NOT_BY_VOICE

    view = app.state()
    options = options_from([n for n in view.available if n not in NOT_BY_VOICE],
                           len(view.plays), view.step_sources, view.step_targets)
    return phrases(options, lang)  # type: ignore[arg-type]


@pytest.mark.parametrize("lang,said", [("en", "more"), ("el", "συνέχεια")])
def test_saying_more_turns_the_status_page_and_is_heard_only_while_a_page_follows(
        window_home: Path, lang: str, said: str) -> None:
    """Voice users reach the rest of a long answer: "more" («συνέχεια») is in the review's
    grammar while the window's status has another page, means More and turns the page;
    on the last page it is no longer listened for."""
    from tavli_voice.speech.grammar import lookup

    app, review, win = review_window(window_home, lang)
    try:
        assert lookup(voice_phrases(app, lang), said) is None  # a short status: no More
        long_answer(app, review, win)
        index = review.index
        first, _ = shown_rows(win)
        heard = lookup(voice_phrases(app, lang), said)
        assert heard is not None and heard.command == C.More()  # type: ignore[attr-defined]
        for _ in range(20):  # said again while a page follows
            heard = lookup(voice_phrases(app, lang), said)
            if heard is None:
                break
            app.command(heard.command)  # type: ignore[attr-defined]
            win.frame()  # type: ignore[attr-defined]
        assert win.status_page >= 1 and shown_rows(win)[0] != first  # type: ignore[attr-defined]
        assert shown_rows(win)[0][-1] == words.text(
            "review.status_last", lang, page=win.status_page + 1,  # type: ignore[attr-defined]
            pages=win.status_page + 1)  # type: ignore[attr-defined]
        assert review.index == index  # nothing but the page moved
    finally:
        win.close()  # type: ignore[attr-defined]


@pytest.mark.espeak
@pytest.mark.parametrize("lang,voices", [("en", ("en-us", "en-gb", "en-us+f2")),
                                         ("el", ("el", "el+m3", "el+f2"))])
def test_more_spoken_is_told_apart_from_the_play_numbers(window_home: Path, lang: str,
                                                         voices: tuple[str, ...]) -> None:
    """espeak-ng's "more" («συνέχεια») is heard as More, and "four" («τέσσερα») as play 4,
    with the review's grammar while More is offered (English "more" rhymes with "four")."""
    from speech_helpers import espeak
    from tavli_voice.speech.engine_sphinx import SphinxRecognizer
    from tavli_voice.speech.words import COMMAND_WORDS, number_text

    app, review, win = review_window(window_home, lang)
    try:
        long_answer(app, review, win)
        assert "more" in app.state().available and len(app.state().plays) >= 4
        items = voice_phrases(app, lang)
        engine = SphinxRecognizer(lang)  # type: ignore[arg-type]
        more = " ".join(COMMAND_WORDS["more"][lang][0])  # type: ignore[index]
        four = number_text(4, lang)  # type: ignore[arg-type]
        for voice in voices:
            assert engine.recognize(espeak(more, voice), items).command == C.More(), voice
            assert engine.recognize(espeak(four, voice), items).command == C.ChoosePlay(4), voice
    finally:
        win.close()  # type: ignore[attr-defined]
