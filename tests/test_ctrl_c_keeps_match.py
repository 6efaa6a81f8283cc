"""Ctrl-C in the middle of a match keeps it as "q", SIGTERM and SIGHUP do: saved as it stood,
in the history as left (so it is among the matches to resume), its lock released, and the
goodbye says how to continue it; the program ends with 130, the shell's code for Ctrl-C."""

from __future__ import annotations

import io
import signal
from pathlib import Path

import pytest

from tavli_voice import history
from tavli_voice import words as M
from tavli_voice.scanning import ManualClock
from tavli_voice.session import new_session
from tavli_voice.ui.app import App
from tavli_voice.ui.scan_input import run_scanning
from tavli_voice.ui.terminal import TerminalPlayer

from test_stopped_by_signal import stop_mid_match


@pytest.mark.parametrize("lang", ["en", "el"])
def test_ctrl_c_keeps_the_match_as_left_and_resumable(tmp_home: Path, lang: str) -> None:
    stop_mid_match(tmp_home, lang, signal.SIGINT, 130, "goodbye.saved")  # 130: Ctrl-C's code


class CtrlCAfter:
    """Typed lines, then Ctrl-C at the next read (as a terminal's Ctrl-C interrupts it)."""

    def __init__(self, lines: str) -> None:
        self.lines = io.StringIO(lines)

    def readline(self) -> str:
        line = self.lines.readline()
        if not line:
            raise KeyboardInterrupt
        return line

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise io.UnsupportedOperation("no file")


@pytest.mark.parametrize("lang", ["en", "el"])
def test_ctrl_c_at_the_terminal_keeps_the_match_in_the_history(tmp_path: Path,
                                                               lang: str) -> None:
    save = tmp_path / "autosave.json"
    app = App(new_session("portes", 3, seed=3), lang=lang, save_path=save)
    app.resume_command = "tavli-voice resume"
    out = io.StringIO()
    player = TerminalPlayer(app, out, CtrlCAfter("1\nc\n"))  # type: ignore[arg-type]
    assert player.run() == 130
    last = out.getvalue().splitlines()[-1]
    assert last == M.text("goodbye.saved", lang, command="tavli-voice resume"), last
    kept = history.entries(tmp_path / history.FOLDER).entries
    assert [(e.ended, e.plays) for e in kept] == [("left", 2)], kept


def test_ctrl_c_after_the_match_ended_keeps_nothing_more(tmp_path: Path) -> None:
    app = App(new_session("portes", 1, seed=1), lang="el", save_path=tmp_path / "s.json")
    app.finished = True
    assert app.interrupted() == "Γεια σου."
    assert not (tmp_path / history.FOLDER).exists()


@pytest.mark.parametrize("lang,said", [("en", "Goodbye."), ("el", "Γεια σου.")])
def test_ctrl_c_while_scanning_ends_with_130(tmp_path: Path, lang: str, said: str) -> None:
    class Interrupting:
        def read(self, timeout: float) -> list[tuple[str, float]]:
            raise KeyboardInterrupt

    app = App(new_session("portes", 1, seed=1), lang=lang)
    out = io.StringIO()
    code = run_scanning(app, None, "auto", settings_path=tmp_path / "s.json",
                        keys=Interrupting(), clock=ManualClock(), out=out)
    assert code == 130
    assert out.getvalue().splitlines()[-1] == said  # no save: no claim of one
