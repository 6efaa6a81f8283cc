"""Ctrl-C in the middle of a match keeps it as "q", SIGTERM and SIGHUP do: saved as it stood,
in the history as left (so it is among the matches to resume), its lock released, and the
goodbye says how to continue it; the program ends with 130, the shell's code for Ctrl-C."""

from __future__ import annotations

import io
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tavli_voice import history, startup, storage
from tavli_voice import words as M
from tavli_voice.scanning import ManualClock
from tavli_voice.session import new_session
from tavli_voice.ui.app import App
from tavli_voice.ui.scan_input import run_scanning
from tavli_voice.ui.terminal import TerminalPlayer

from test_stopped_by_signal import ROOT, lines_of, user_env, wait_for


@pytest.mark.parametrize("lang", ["en", "el"])
def test_ctrl_c_keeps_the_match_as_left_and_resumable(tmp_home: Path, lang: str) -> None:
    home = tmp_home  # the same folders as this process's
    proc = subprocess.Popen([sys.executable, "-m", "tavli_voice.cli", "play", "--seed", "3",
                             "--speech", "off", "--lang", lang],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=user_env(home), cwd=ROOT)
    try:
        assert proc.stdin is not None
        lines, reader = lines_of(proc)
        proc.stdin.write("1\nc\n")  # the first play, confirmed; Rita plays; our roll next
        proc.stdin.flush()
        wait_for(lines, M.text("prompt.roll", lang))
        proc.send_signal(signal.SIGINT)  # Ctrl-C
        assert proc.wait(timeout=60) == 130
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    reader.join(timeout=60)
    assert proc.stderr is not None and proc.stderr.read() == ""
    said = []
    while not lines.empty():
        said.append(lines.get())
    goodbye = M.text("goodbye.saved", lang, command="")
    assert len(said) == 1 and said[0].startswith(goodbye), said
    assert said[0].endswith(f" -m tavli_voice.cli resume --lang {lang} --speech off"), said

    data = home / "data" / "tavli_voice"
    save = data / "autosave.json"
    loaded = storage.load(save)
    assert loaded.data is not None and not loaded.data.get("over")
    assert storage.SaveLock.holder(save) is None
    storage.SaveLock.acquire(save).release()  # nobody holds it
    kept = history.entries(data / history.FOLDER).entries
    assert [(e.ended, e.plays) for e in kept] == [("left", 2)], kept

    # resumed where it stood: our roll, after Rita's play
    out = io.StringIO()
    assert startup.main(["--speech", "off", "--lang", lang, "--resume"], out,
                        io.StringIO("q\n")) == 0, out.getvalue()
    assert M.text("prompt.roll", lang) in out.getvalue()


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
