"""Lines typed into the terminal player: none is held back when several come at once."""

from __future__ import annotations

import io
import os
import time

from tavli_voice.ui.terminal import TerminalPlayer


class NoApp:
    def subscribe(self, listener: object) -> None:
        pass


def test_two_lines_that_arrive_together_are_both_read_at_once() -> None:
    read_fd, write_fd = os.pipe()
    with open(read_fd, encoding="utf-8") as inp:
        player = TerminalPlayer(NoApp(), io.StringIO(), inp)  # type: ignore[arg-type]
        os.write(write_fd, b".\ni\n")  # a key typed right after another
        begun = time.monotonic()
        first = player._readline(2.0)
        second = player._readline(2.0)
        took = time.monotonic() - begun
        assert (first, second) == (".", "i")
        assert took < 1.0  # the second line did not wait for more input
        assert player._readline(0.05) is None  # nothing more: the wait times out
        os.close(write_fd)
        assert player._readline(2.0) == ""  # end of input


def test_a_text_stream_without_a_file_is_read_line_by_line() -> None:
    player = TerminalPlayer(NoApp(), io.StringIO(), io.StringIO("h\n\nq\n"))  # type: ignore[arg-type]
    assert [player._readline(0.02) for _ in range(4)] == ["h", " ", "q", ""]


class Heard:
    """A source that hands its wake-up to the terminal (as the voice source does)."""

    def __init__(self) -> None:
        self.wake = None

    def set_wake(self, wake: object) -> None:
        self.wake = wake

    def poll(self) -> None:
        return None


def test_a_source_with_a_command_wakes_the_loop_waiting_for_a_line() -> None:
    import threading

    read_fd, write_fd = os.pipe()
    source = Heard()
    with open(read_fd, encoding="utf-8") as inp:
        player = TerminalPlayer(NoApp(), io.StringIO(), inp, sources=[source])  # type: ignore[arg-type,list-item]
        assert source.wake is not None
        assert player._readline(0.01) is None  # the reader is running, nothing typed
        threading.Timer(0.1, source.wake).start()  # the listener posts from its thread
        begun = time.monotonic()
        assert player._readline(5.0) is None  # not a line: the loop goes to poll its sources
        assert time.monotonic() - begun < 2.0
        os.close(write_fd)


def test_watching_reads_lines_that_arrive_together_at_once(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A question and ``q`` typed together while watching another copy's match: both
    are read at once, the watcher answers and stops (it does not wait for more)."""
    from tavli_voice import storage
    from tavli_voice.session import new_session
    from tavli_voice.ui.app import App
    from tavli_voice.ui.watch import watch

    path = tmp_path / "autosave.json"
    app = App(new_session("portes", seed=2), lang="en", save_path=path)
    app.lock = storage.SaveLock.acquire(path)
    app.start()
    said: list[str] = []
    read_fd, write_fd = os.pipe()
    try:
        with open(read_fd, encoding="utf-8") as inp:
            os.write(write_fd, b"p\nq\n")
            begun = time.monotonic()
            code = watch(path, said.append, inp, "en", poll=0.2, max_seconds=6.0)
            took = time.monotonic() - begun
            os.close(write_fd)  # the end of input lets the reading thread finish
    finally:
        app.lock.release()
    assert code == 0 and said[-1] == "You stopped watching."
    assert took < 3.0
