"""The review offered at the end of a match, in the same session and front end (R9: the
match's record), stepped through by commands: keys, voice and one switch alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from match_support import play_to_the_end
from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice.events import Phase
from tavli_voice.rules import legal_plays
from tavli_voice.ui.app import App

OFFER = {"en": "Review your mistakes? Yes or no.", "el": "Να δούμε τα λάθη σου; Ναι ή όχι;"}


@pytest.fixture
def home(tmp_home: Path) -> Path:
    """Every user folder inside ``tmp_path``."""
    return tmp_home


def notices(events: list[E.Event]) -> list[str]:
    return [e.text for e in events if isinstance(e, E.Notice)]


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_end_of_a_match_asks_and_yes_steps_through_the_mistakes(home: Path,
                                                                     lang: str) -> None:
    app, seen = play_to_the_end(home, lang)
    over = next(i for i, e in enumerate(seen) if isinstance(e, E.MatchOver))
    assert notices(seen[over:])[-1] == OFFER[lang]  # asked after the match is over
    assert not app.finished and app.state().phase is Phase.ASK
    assert app.state().available[:2] == ("yes", "no")
    said = notices(app.command(C.Yes()))
    title = "Review of this match." if lang == "en" else "Ανασκόπηση αυτού του αγώνα."
    assert title in said, said
    review = app.review
    assert review is not None and review.mistakes >= 2, said
    first = "Mistake 1 of" if lang == "en" else "Λάθος 1 από"
    assert any(line.startswith(first) for line in said)
    view = app.state()
    mistake = review.walk.mistakes[0]
    assert view.phase is Phase.REVIEW and view.dice == mistake.dice
    assert view.plays == legal_plays(mistake.position, mistake.dice)
    assert "previous" not in view.available and "next" in view.available
    second = "Mistake 2 of" if lang == "en" else "Λάθος 2 από"
    assert any(line.startswith(second) for line in notices(app.command(C.Next())))
    assert "previous" in app.state().available
    assert any(line.startswith(first) for line in notices(app.command(C.Previous())))
    best = view.plays.index(mistake.best) + 1
    right = "Right, " if lang == "en" else "Σωστά, "
    answer = notices(app.command(C.ChoosePlay(best)))
    assert answer[0].startswith(right) and answer[0].endswith(f" ({mistake.best.notation}).")
    wrong = view.plays.index(mistake.played) + 1
    assert not notices(app.command(C.ChoosePlay(wrong)))[0].startswith(right)
    end = notices(app.command(C.EndReview()))
    assert end[0] == ("End of the review." if lang == "en" else "Τέλος της ανασκόπησης.")
    assert app.finished and app.review is None and app.state().phase is Phase.MATCH_OVER


@pytest.mark.parametrize("lang", ["en", "el"])
def test_another_word_asks_again_and_in_a_noisy_room_the_greek_offer_asks_for_sosta_or_lathos(
        home: Path, lang: str) -> None:
    app, _ = play_to_the_end(home, lang)
    assert notices(app.command(C.Roll())) == [OFFER[lang]]
    app.noisy_answers = True  # set by the voice while most of the last words stood poorly over the noise
    noisy = {"en": OFFER["en"], "el": "Να δούμε τα λάθη σου; Σωστά ή λάθος;"}[lang]
    assert notices(app.command(C.Roll())) == [noisy]
    assert app.review_question and not app.finished


def test_no_ends_the_match_without_a_review(home: Path) -> None:
    app, _ = play_to_the_end(home)
    assert notices(app.command(C.No())) == []
    assert app.finished and app.review is None


@pytest.mark.parametrize("lang, typed, goodbye", [
    ("en", "n\n", "Goodbye."), ("el", "όχι\n", "Γεια σου."),
    ("en", "y\nend\n", "Goodbye."), ("el", "ναι\nτέλος\n", "Γεια σου."),
])
def test_the_terminal_says_goodbye_when_the_review_is_declined_or_ended(
        home: Path, lang: str, typed: str, goodbye: str) -> None:
    """The program ends on purpose, and says so: a screen reader's user hears no silent exit."""
    import io

    from tavli_voice.ui.terminal import TerminalPlayer

    app, _ = play_to_the_end(home, lang)
    out = io.StringIO()
    assert TerminalPlayer(app, out, io.StringIO(typed)).run([]) == 0
    lines = out.getvalue().splitlines()
    assert lines[-1] == goodbye, lines[-6:]
    assert lines.count(goodbye) == 1 and app.finished and app.quit
    if "\n" in typed.rstrip("\n"):  # the review was walked: its summary comes before
        assert any(line in ("End of the review.", "Τέλος της ανασκόπησης.") for line in lines)


def test_next_past_the_last_mistake_ends_the_review_with_the_summary(home: Path) -> None:
    app, _ = play_to_the_end(home)
    app.command(C.Yes())
    assert app.review is not None
    for _ in range(app.review.mistakes - 1):
        app.command(C.Next())
    said = notices(app.command(C.Next()))
    assert said[0] == "End of the review."
    assert "mistakes in" in said[1] and "on average, the plays lost" in said[1]
    assert app.finished


def test_without_the_offer_the_match_simply_ends(home: Path) -> None:
    app, seen = play_to_the_end(home, offer=False)
    assert app.finished and OFFER["en"] not in notices(seen)


# ------------------------------------------------------------- one switch


def _leads_to(mode: object, index: int, target: C.Command, depth: int = 0) -> bool:
    """True if picking option ``index`` of ``mode`` is on the way to ``target``."""
    from tavli_voice.scanning import ListMode
    from tavli_voice.scanning.modes import is_command

    assert isinstance(mode, ListMode)
    option = mode.options[index]
    if option.is_back or option.adjust is not None or depth > 4:
        return False
    choice = mode.choose(index)
    if is_command(choice):
        return choice == target
    if isinstance(choice, ListMode):
        return any(_leads_to(choice, i, target, depth + 1) for i in range(len(choice.options)))
    return False


def test_one_switch_walks_a_whole_review_trying_each_mistake_again(home: Path) -> None:
    """Automatic scanning, one switch: yes to the review, at each mistake Try again ->
    the expert's play (heard right), then Next; past the last one the review ends and
    Quit leaves. Every press picks something."""
    from tavli_voice.scanning import ManualClock, ScanSettings, Switch, make_scanner
    from tavli_voice.ui.scan_driver import ScanDriver

    app, _ = play_to_the_end(home)
    said: list[str] = []
    app.subscribe(lambda evs: said.extend(notices(evs)))
    clock = ManualClock()
    driver = ScanDriver(app, make_scanner(ScanSettings()), clock)
    driver.refresh()
    labels: set[str] = set()
    tried: list[int] = []

    def wanted() -> C.Command:
        if app.review_question:
            return C.Yes()
        if app.review is None:
            return C.Quit()
        index = app.review.index
        if tried[-1:] == [index]:
            return C.Next()
        mistake = app.review.walk.mistakes[index]
        return C.ChoosePlay(app.state().plays.index(mistake.best) + 1)

    since, seen = 0.0, None
    for _ in range(200_000):
        if driver.done:
            break
        h, mode = driver.highlighted, driver.scanner.mode
        if h is not None and mode is not None:
            labels.add(mode.options[h.index].key)
            if (id(mode), h.index) != seen:
                seen, since = (id(mode), h.index), clock.now()
            target = wanted()
            if clock.now() - since >= 0.6 - 1e-9 and _leads_to(mode, h.index, target):
                out = driver.press(Switch.PICK)
                seen = None
                if isinstance(out, C.ChoosePlay) and app.review is not None:
                    tried.append(app.review.index)
        clock.advance(0.1)
        driver.tick()
    assert driver.done and app.finished and driver.last_command == C.Quit()
    assert {"next", "repeat", "try_again", "play"} <= labels
    mistakes = len(tried)
    assert mistakes >= 2 and tried == list(range(mistakes))  # every mistake, in turn
    assert sum(line.startswith("Right, ") for line in said) == mistakes
    assert "End of the review." in said
    stats = driver.stats
    assert stats.presses == stats.picks  # one switch, never a wasted press


# ------------------------------------------------------------------ voice


#: espeak-ng voices a spoken word is tried in (the first is the one the test goes on with)
VOICES = {"en": ("en-us", "en-gb", "en-us+m3", "en-us+f2", "en"), "el": ("el", "el+m3", "el+f2")}


@pytest.mark.espeak
@pytest.mark.parametrize("lang,voice", [("en", "en-us"), ("el", "el")])
def test_the_review_answers_next_and_a_try_again_number_by_voice(home: Path, lang: str,
                                                                 voice: str) -> None:
    """Spoken audio (espeak-ng files) recognised with the grammar of the review's turn
    view: "yes", "next" / «επόμενο», then a play's number to try again."""
    from speech_helpers import espeak
    from tavli_voice.speech.engine_sphinx import SphinxRecognizer
    from tavli_voice.speech.grammar import options_from, phrases
    from tavli_voice.speech.words import COMMAND_WORDS, number_text
    from tavli_voice.ui.voice_input import NOT_BY_VOICE

    app, _ = play_to_the_end(home, lang)
    engine = SphinxRecognizer(lang)  # type: ignore[arg-type]

    def hear(words: str, by: str = voice) -> C.Command | None:
        view = app.state()
        options = options_from([n for n in view.available if n not in NOT_BY_VOICE],
                               len(view.plays), view.step_sources, view.step_targets)
        heard = engine.recognize(espeak(words, by), phrases(options, lang))  # type: ignore[arg-type]
        return heard.command

    def word(name: str) -> str:
        return " ".join(COMMAND_WORDS[name][lang][0])  # type: ignore[index]

    assert word("next") == ("next" if lang == "en" else "επόμενο")
    first = "Mistake 1 of" if lang == "en" else "Λάθος 1 από"
    assert hear(word("yes")) == C.Yes()
    app.command(C.Yes())
    assert app.review is not None and app.review.mistakes >= 2
    # "next" in several espeak voices: mostly heard right; a miss is only ever "repeat"
    # (pocketsphinx's English model hears espeak's "next" as "repeat" in some voices),
    # which reads the same mistake again and moves nothing
    takes = [hear(word("next"), by) for by in VOICES[lang]]
    assert sum(t == C.Next() for t in takes) >= 0.6 * len(takes), takes
    assert set(takes) <= {C.Next(), C.Repeat()}, takes
    for take in takes:  # said again until heard, as a person would
        assert take is not None
        said = notices(app.command(take))
        if take == C.Next():
            break
        assert app.review.index == 0 and said[0].startswith(first)  # read again, not moved
    assert app.review.index == 1
    mistake = app.review.walk.mistakes[1]
    plays = app.state().plays
    number = plays.index(mistake.best) + 1
    heard = hear(number_text(number, lang))  # type: ignore[arg-type]
    assert heard == C.ChoosePlay(number), (number, len(plays))
    said = notices(app.command(heard))
    assert said[0].startswith("Right, " if lang == "en" else "Σωστά, ")
    assert hear(word("end")) == C.EndReview()


# -------------------------------------------------- narrator, d a i, the comparison


def test_the_narrator_speaks_the_question_and_the_review(home: Path) -> None:
    from tavli_voice.narration.narrator import Narrator
    from tavli_voice.narration.speaker import RecordingSpeaker

    app, _ = play_to_the_end(home)
    speaker = RecordingSpeaker(auto_finish=True)
    app.narrator = Narrator(speaker)
    app.command(C.Repeat())  # the question again, asked for
    app.command(C.Yes())
    for _ in range(200):
        app.pump()
    spoken = [u.text for u in speaker.spoken()]
    assert OFFER["en"] in spoken
    assert any(text.startswith("Mistake 1 of") for text in spoken), spoken
    assert any(text.startswith("You rolled") or "rolled" in text for text in spoken), spoken


def test_d_a_and_i_read_the_mistakes_position_as_in_a_game(home: Path) -> None:
    from tavli_voice.ui.keys import parse_line

    app, _ = play_to_the_end(home)
    app.command(C.Yes())
    assert app.review is not None
    app.command(C.Next())
    mistake = app.review.walk.mistakes[1]
    normal = " ".join(notices(app.command(parse_line("d") or C.Help())))
    full = " ".join(notices(app.command(parse_line("a") or C.Help())))
    pips = " ".join(notices(app.command(parse_line("i") or C.Help())))
    assert normal and len(full) > len(normal)
    mine, theirs = mistake.position.pip_count()
    assert str(mine) in pips and str(theirs) in pips
    assert app.review.index == 1 and app.state().dice == mistake.dice  # nothing moved on


def test_the_summary_compares_the_error_rate_with_the_last_match(home: Path) -> None:
    from tavli_voice.review import error_rate

    first, _ = play_to_the_end(home, seed=5, offer=False)
    assert first.history_kept is not None
    import json
    data = json.loads(first.history_kept.read_text(encoding="utf-8"))
    before, decisions = error_rate(data["turns"], [0])
    assert decisions > 0
    app, _ = play_to_the_end(home, seed=8)
    said = notices(app.command(C.Yes()))
    assert app.review is not None
    rate = sum(j.loss for j in app.review.walk.judged) / len(app.review.walk.judged)
    summary = next(line for line in said if "on average, the plays lost" in line)
    assert "In your last match you lost" in summary
    verdict = ("better" if rate < before - 0.005 else "worse" if rate > before + 0.005
               else "about the same")
    assert summary.endswith(f"This match was {verdict}."), (summary, rate, before)


def test_the_summary_compares_only_with_matches_of_the_same_game(home: Path) -> None:
    first, _ = play_to_the_end(home, seed=5, offer=False, kind="plakoto")
    assert first.history_kept is not None
    app, _ = play_to_the_end(home, seed=8)  # Portes: the Plakoto match before it is no yardstick
    said = notices(app.command(C.Yes()))
    assert app.review is not None and app.review.walk.past is None
    summary = next(line for line in said if "on average, the plays lost" in line)
    assert "last match" not in summary and "This match was" not in summary
    again, _ = play_to_the_end(home, seed=9)  # a second Portes match is compared with the first one
    said = notices(again.command(C.Yes()))
    assert again.review is not None and again.review.walk.past is not None and again.review.walk.past[1] == 1
    assert "In your last match you lost" in next(line for line in said if "on average, the plays lost" in line)


# ------------------------------------------------------------- stop ends the review


@pytest.mark.parametrize("cmd", [C.StopSpeech(), C.Quit(), C.EndReview()])
def test_stop_quit_or_end_silences_the_narrator_and_ends_the_review(home: Path,
                                                                    cmd: C.Command) -> None:
    from tavli_voice.narration.narrator import Narrator
    from tavli_voice.narration.speaker import RecordingSpeaker

    app, _ = play_to_the_end(home)
    speaker = RecordingSpeaker(auto_finish=False)
    app.narrator = Narrator(speaker)
    assert notices(app.command(C.StopSpeech())) == []  # the question stays open
    assert app.review_question and not app.finished
    app.command(C.Yes())
    app.pump()
    assert app.review is not None and app.narrator.is_speaking()
    said = notices(app.command(cmd))
    assert said[0] == "End of the review." and "on average, the plays lost" in said[1]
    assert app.finished and app.review is None and app.state().phase is Phase.MATCH_OVER


# ------------------------------------------------------------- the board window


def test_the_board_windows_switch_menu_tries_again_through_the_review(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In the window, one switch scans the review's menu (Next mistake, Repeat, Try again,
    Hint, Why, Stop the review); Try again opens the plays, the expert's play is heard
    right, and Stop the review ends it (then one press closes)."""
    pytest.importorskip("pygame")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from tavli_voice.scanning import ManualClock, ScanSettings, Switch
    from tavli_voice.ui.board.scanview import scan_show
    from tavli_voice.ui.board.window import BoardWindow

    app, _ = play_to_the_end(home)
    app.command(C.Yes())
    assert app.review is not None
    said: list[str] = []
    app.subscribe(lambda evs: said.extend(notices(evs)))
    clock = ManualClock()
    win = BoardWindow(app, scan_settings=ScanSettings(), bot_delay=0, clock=clock)
    win.open()
    driver = win.scan_driver
    assert driver is not None and win.scanner is not None
    best = app.state().plays.index(app.review.walk.mistakes[0].best)
    seen_menus: list[tuple[str, ...]] = []

    def pick(label: str) -> None:
        since, at = 0.0, None
        for _ in range(2000):
            clock.advance(0.1)
            win.frame()
            strip = scan_show(win.scanner, app.state(), "en").strip
            if strip is not None and strip.options and strip.options not in seen_menus:
                seen_menus.append(strip.options)
            h = win.scanner.current() if win.scanner else None
            if h is None or strip is None:
                continue
            if (id(win.scanner.mode), h.index) != at:  # a new highlight: a person reads it
                since, at = clock.now(), (id(win.scanner.mode), h.index)
            shown = strip.options[h.index]  # a play: its words, then its notation in brackets
            if ((shown == label or shown.endswith(f"({label})"))
                    and clock.now() - since >= 0.6 - 1e-9):
                driver.press(Switch.PICK)
                win.frame()
                return
        raise AssertionError(f"{label!r} never highlighted in {seen_menus}")

    try:
        pick("Try again")
        target = C.ChoosePlay(best + 1)
        for _ in range(4):  # a long list comes by the checker moved, then in groups
            if any(line.startswith("Right, ") for line in said):
                break
            mode = win.scanner.mode
            on_way = next(i for i in range(len(mode.options)) if _leads_to(mode, i, target))
            pick(scan_show(win.scanner, app.state(), "en").strip.options[on_way])
        assert any(line.startswith("Right, ") for line in said), said
        pick("Stop the review")
        assert "End of the review." in said and app.finished and app.review is None
    finally:
        win.close()
    assert seen_menus[0] == ("Next mistake", "Repeat", "Try again", "Hint",
                             "Why is the hint better", "Stop the review")


def _window(app: App) -> object:
    """The board window on ``app``, headless, without scanning; drawn once."""
    from tavli_voice.scanning import ManualClock
    from tavli_voice.ui.board.window import BoardWindow

    win = BoardWindow(app, bot_delay=0, clock=ManualClock())
    win.open()
    win.frame()
    return win


def _key(win: object, name: str, text: str = "") -> None:
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=getattr(pygame, name), mod=0,
                                         unicode=text, scancode=0))
    win.frame()  # type: ignore[attr-defined]


def _click(win: object, target: tuple[str, object]) -> None:
    """A left click on the button ``target`` where the last frame drew it."""
    import pygame

    geo = win.geometry  # type: ignore[attr-defined]
    rects = dict(geo.actions) if target[0] == "action" else dict(geo.plays)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rects[target[1]].center,
                                         button=1))
    win.frame()  # type: ignore[attr-defined]


def test_the_board_window_reviews_by_keyboard_arrows_and_mouse_without_scanning(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without scanning the window shows the review: the mistake's line, its roll's plays
    and the buttons Next mistake, (Previous), Repeat, Try again, Hint, Why, Stop. Enter is
    Next, Back is Previous, Try again opens the list (Down and Enter try the focused play,
    a digit tries that number), and clicks on Hint and Stop do what the scan menu does."""
    pytest.importorskip("pygame")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    app, _ = play_to_the_end(home)
    app.command(C.Yes())
    review = app.review
    assert review is not None and review.mistakes >= 2
    said: list[str] = []
    app.subscribe(lambda evs: said.extend(notices(evs)))
    win = _window(app)
    try:
        view = win.view  # type: ignore[attr-defined]
        keys = [k for k, _ in view.actions]
        assert keys == ["next", "repeat", "try_again", "hint", "why", "end"]
        assert [label for _, label in view.actions] == [
            "Next mistake", "Repeat", "Try again", "Hint", "Why", "Stop"]
        assert view.turn == f"Review: mistake 1 of {review.mistakes} (You)"
        assert view.title.endswith(f"game {review.walk.mistakes[0].game}")
        assert len(view.plays) == len(app.state().plays) > 1 and view.action_focus == 0
        assert view.dice == review.walk.mistakes[0].dice
        _key(win, "K_RETURN")  # Enter: the focused button, Next mistake
        assert review.index == 1 and any(s.startswith("Mistake 2 of") for s in said)
        keys = [k for k, _ in win.view.actions]  # type: ignore[attr-defined]
        assert keys[:2] == ["next", "previous"]
        assert win.view.turn.startswith("Review: mistake 2 of")  # type: ignore[attr-defined]
        _key(win, "K_ESCAPE")  # Back: the mistake before
        assert review.index == 0 and win.view.actions[1][0] == "repeat"  # type: ignore[attr-defined]
        mistake = review.walk.mistakes[0]
        plays = app.state().plays
        best, played = plays.index(mistake.best), plays.index(mistake.played)
        for _ in range(2):  # Right, Right: Try again
            _key(win, "K_RIGHT")
        assert win.view.action_focus == 2  # type: ignore[attr-defined]
        said.clear()
        _key(win, "K_RETURN")  # opens the list of plays on the first one
        assert win.view.list_open and win.view.list_focus == 0 and not said  # type: ignore[attr-defined]
        for _ in range(best):
            _key(win, "K_DOWN")
        assert win.view.list_focus == best  # type: ignore[attr-defined]
        _key(win, "K_RETURN")
        assert said[0].startswith("Right, that is the expert's play: "), said
        assert said[0].endswith(f" ({mistake.best.notation})."), said
        assert not win.view.list_open  # type: ignore[attr-defined]
        if played < 9:  # a digit tries that play at once
            said.clear()
            _key(win, f"K_{played + 1}", str(played + 1))
            assert said[0].startswith("Not that one, "), said
        said.clear()
        # a click on a play tries it too: the best one if its button is on the first page,
        # else the first play shown, another one
        shown = dict(win.geometry.plays)  # type: ignore[attr-defined]
        target = best + 1 if best + 1 in shown else min(shown)
        _click(win, ("play", target))
        assert said[0].startswith("Right, " if target == best + 1 else "Not that one, "), said
        said.clear()
        _click(win, ("action", "hint"))
        assert any(line.startswith("The expert's play: ") and
                   line.endswith(f" ({mistake.best.notation}).") for line in said), said
        said.clear()
        _click(win, ("action", "end"))
        assert said[0] == "End of the review." and app.finished and app.review is None
        assert [k for k, _ in win.view.actions] == ["close"]  # type: ignore[attr-defined]
    finally:
        win.close()  # type: ignore[attr-defined]


def test_the_board_windows_review_buttons_and_line_are_greek_in_greek(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("pygame")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    app, _ = play_to_the_end(home, "el")
    app.command(C.Yes())
    assert app.review is not None
    app.command(C.Next())
    win = _window(app)
    try:
        view = win.view  # type: ignore[attr-defined]
        assert [label for _, label in view.actions] == [
            "Επόμενο λάθος", "Προηγούμενο", "Επανάληψη", "Δοκίμασε ξανά", "Συμβουλή",
            "Γιατί", "Τέλος"]
        assert view.turn == f"Ανασκόπηση: λάθος 2 από {app.review.mistakes} (Εσύ)"
        geo = win.geometry  # type: ignore[attr-defined]
        # seven buttons in rows of three (four in a row cut "Previous"), none over another
        rects = [r for _, r in geo.actions]
        assert len({r.y for r in rects}) == 3
        assert all(not (a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom)
                   for i, a in enumerate(rects) for b in rects[i + 1:])
        lowest_play = max(r.bottom for _, r in geo.plays)
        assert lowest_play <= min(r.y for r in rects)  # the list ends above the buttons
    finally:
        win.close()  # type: ignore[attr-defined]
