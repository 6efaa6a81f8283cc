"""A key that does nothing in the board window says so in the player's language ("The key
“z” does nothing here. Press h for help.", «Το πλήκτρο «z» δεν κάνει τίποτα εδώ…»), shown in
the status and given to the narrator, and changes nothing: the turn, the chosen play and the
save stay as they were. Keys that mean something (Greek letters on the same keys too) still
act. A window made smaller than everything needs (``layout.MIN_SIZE``) goes back to that size
and says why, so no button or message is cut off (SDL dummy driver)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

pygame = pytest.importorskip("pygame")

from tavli_voice import commands as C  # noqa: E402
from tavli_voice import events as E  # noqa: E402
from tavli_voice import words  # noqa: E402
from tavli_voice.events import Phase  # noqa: E402
from tavli_voice.scanning import ManualClock  # noqa: E402
from tavli_voice.session import new_session  # noqa: E402
from tavli_voice.ui.app import App  # noqa: E402
from tavli_voice.ui.board.inputs import Kind, translate  # noqa: E402
from tavli_voice.ui.board.window import BoardWindow  # noqa: E402


@pytest.fixture
def home(tmp_home: Path) -> Path:
    return tmp_home


def keydown(key: int, text: str) -> object:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0)


def test_a_letter_that_is_no_command_is_told_and_known_ones_act() -> None:
    z = translate(keydown(pygame.K_z, "z"), None)
    assert z is not None and z.kind is Kind.UNKNOWN and z.text == "z"
    chi = translate(keydown(pygame.K_x, "χ"), None)  # a Greek keyboard's x: the hint
    assert chi is not None and chi.kind is Kind.COMMAND and chi.command == C.Hint()
    assert translate(keydown(pygame.K_F7, ""), None) is None  # no character: nothing to say
    assert translate(keydown(pygame.K_TAB, "\t"), None) is None


@pytest.mark.parametrize("lang", ["en", "el"])
def test_unknown_keys_mid_turn_say_so_and_change_nothing(home: Path, lang: str) -> None:
    save = home / "autosave.json"
    app = App(new_session(kind="portes", length=3, seed=11), lang=lang, save_path=save)
    heard: list[E.Event] = []
    app.subscribe(heard.extend)
    win = BoardWindow(app, bot_delay=0, clock=ManualClock())
    win.open()
    try:
        app.start()
        win.frame()
        while app.bot_to_act():
            app.bot_step()
            win.frame()
        app.command(C.Roll())
        app.command(C.ChoosePlay(1))  # a play chosen, waiting for confirmation
        win.frame()
        assert app.state().phase is Phase.CONFIRM
        before = (app.state().pending, app.state().turn, save.read_text(encoding="utf-8"))
        for key, text in ((pygame.K_z, "z"), (pygame.K_RIGHTBRACKET, "]"), (pygame.K_q, "ζ")):
            heard.clear()
            pygame.event.post(keydown(key, text))
            win.frame()
            said = words.text("board.unknown_key", lang, key=text)
            assert win.status[-1] == said
            assert [ev.text for ev in heard if isinstance(ev, E.Notice)] == [said]
            assert (app.state().pending, app.state().turn,
                    save.read_text(encoding="utf-8")) == before
        pygame.event.post(keydown(pygame.K_c, "c"))  # and the game goes on
        win.frame()
        assert app.state().turn > before[1] or app.state().phase is not Phase.CONFIRM
    finally:
        win.close()


def inside(rect: object, size: tuple[int, int]) -> bool:
    x, y, w, h = rect.x, rect.y, rect.w, rect.h  # type: ignore[attr-defined]
    return x >= 0 and y >= 0 and x + w <= size[0] and y + h <= size[1]


@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_window_made_too_small_keeps_the_smallest_size_that_shows_everything(
        home: Path, lang: str) -> None:
    from tavli_voice.ui.board.layout import MIN_SIZE

    app = App(new_session(kind="plakoto", length=3, seed=3), lang=lang, save_path=None)
    win = BoardWindow(app, bot_delay=0, clock=ManualClock())
    win.open()
    try:
        app.start()
        win.frame()
        turn = app.state().turn
        said = words.text("board.min_size", lang, width=MIN_SIZE[0], height=MIN_SIZE[1])
        win.resize((320, 200))  # the window manager's resize
        win.frame()
        assert win.screen.get_size() == MIN_SIZE
        assert win.status[-1] == said and app.state().turn == turn
        # resized behind the window's back (the display surface shrinks): put back on drawing
        pygame.display.set_mode((400, 500), pygame.RESIZABLE)
        win.screen = pygame.display.get_surface()
        win.frame()
        size = win.screen.get_size()
        assert size == (MIN_SIZE[0], 500)
        for _name, rect in win.geometry.actions:
            assert inside(rect, size), (_name, rect, size)
        for _n, rect in win.geometry.plays:
            assert inside(rect, size)
        win.status = []
        win.resize((900, 600))  # big enough: nothing said
        win.frame()
        assert win.screen.get_size() == (900, 600) and said not in win.status
    finally:
        win.close()


class Heard:
    """A voice source: one command a frame, as the recognizer gives them."""

    def __init__(self) -> None:
        self.queue: list[C.Command] = []

    def poll(self) -> C.Command | None:
        return self.queue.pop(0) if self.queue else None

    def close(self) -> None:
        pass


def rita_opening(seed: int) -> object:
    """Rita's first play in this match in the window when nobody interferes."""
    clock = ManualClock()
    app = App(new_session(kind="portes", length=3, seed=seed), lang="en", save_path=None)
    made: list[E.Event] = []
    app.subscribe(made.extend)
    win = BoardWindow(app, bot_delay=1.0, clock=clock)
    win.open()
    try:
        app.start()
        for _ in range(10):
            clock.advance(1.0)
            win.frame()
    finally:
        win.close()
    return next(ev.play for ev in made if isinstance(ev, E.PlayMade))


@pytest.mark.parametrize("lang", ["en", "el"])
def test_commands_during_ritas_turn_wait_for_the_players_turn(home: Path, lang: str) -> None:
    """Words heard or keys pressed while Rita is to move (the window gives her a moment
    before each action) never roll, play, resign or leave for her; questions are answered."""
    seed = 11
    expected = rita_opening(seed)
    source = Heard()
    clock = ManualClock()
    app = App(new_session(kind="portes", length=3, seed=seed), lang=lang, save_path=None)
    seen: list[E.Event] = []
    app.subscribe(seen.extend)
    win = BoardWindow(app, bot_delay=1.0, clock=clock, sources=[source])
    win.open()
    try:
        app.start()
        win.frame()
        assert app.bot_to_act()  # Rita starts (seed 11)
        said = words.text("ui.wait_turn", lang, whose=words.player_words("Rita", "rita", 1,
                                                                         lang).whose)
        for cmd in (C.Resign(), C.ChoosePlay(3), C.Leave(), C.Confirm()):
            seen.clear()
            source.queue.append(cmd)
            win.frame()
            assert [ev.text for ev in seen if isinstance(ev, E.Notice)] == [said]
            assert not any(isinstance(ev, (E.QuestionAsked, E.PlayMade)) for ev in seen)
            assert win.status[-1] == said
        pygame.event.post(keydown(pygame.K_o, "o"))  # resign by key, as the voice
        win.frame()
        assert app.state().phase is not Phase.ASK
        seen.clear()
        source.queue.append(C.PipCount())  # a question is answered at once
        win.frame()
        assert any(isinstance(ev, E.PipReport) for ev in seen)
        for _ in range(10):
            clock.advance(1.0)
            win.frame()
        plays = [ev for ev in seen if isinstance(ev, E.PlayMade)]
        assert plays and plays[0].play == expected  # Rita's own play, not play 3
        assert not app.bot_to_act() and app.state().phase is Phase.ROLL
    finally:
        win.close()
