"""The R9 timer in the terminal: after a time-out plays for the person, the computer
opponent moves at once, without waiting for a key (a fake clock, no real waiting)."""

from __future__ import annotations

import io
import os
import threading
from collections.abc import Iterator

import pytest

from tavli_voice import events as E
from tavli_voice.session import new_session
from tavli_voice.ui.app import App
from tavli_voice.ui.terminal import TerminalPlayer


class FakeClock:
    """Each reading is ``step`` seconds after the last: a person who never types."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


@pytest.fixture()
def silent_keyboard() -> Iterator[io.TextIOWrapper]:
    """A keyboard that stays open and never sends a key (a pipe nobody writes to)."""
    r, w = os.pipe()
    inp = os.fdopen(r, "r", encoding="utf-8")
    yield inp
    os.close(w)
    inp.close()


def _run(seed: int, inp: io.TextIOWrapper) -> tuple[App, list[E.Event], str, bool]:
    session = new_session("portes", length=1, seed=seed, timer=True)
    app = App(session, lang="en")
    seen: list[E.Event] = []
    app.subscribe(seen.extend)
    out = io.StringIO()
    player = TerminalPlayer(app, out, inp)
    player.clock = FakeClock(step=2.0)
    done = threading.Event()
    thread = threading.Thread(target=lambda: (player.run(), done.set()), daemon=True)
    thread.start()
    finished = done.wait(60)
    if not finished:  # unblock the loop so the thread ends with the test
        app.quit = True
    return app, seen, out.getvalue(), finished


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_opponent_moves_after_a_time_out_without_a_key(
        seed: int, silent_keyboard: io.TextIOWrapper) -> None:
    app, seen, said, finished = _run(seed, silent_keyboard)
    assert finished, said[-600:]
    timed_out = [i for i, e in enumerate(seen) if isinstance(e, E.TimedOut)]
    assert timed_out
    # after the first time-out's play, the opponent made a play of its own, no key pressed
    by_timer = next(i for i, e in enumerate(seen)
                    if isinstance(e, E.PlayMade) and e.by_timer)
    assert any(isinstance(e, E.PlayMade) and not e.by_timer and e.player == 1
               for e in seen[by_timer:])
    # three time-outs in a row lose the game (R9): the match ends by itself
    assert app.finished and any(isinstance(e, E.MatchOver) for e in seen)
