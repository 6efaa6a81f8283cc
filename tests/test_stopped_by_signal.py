"""A match stopped by SIGTERM or SIGHUP (a closed terminal window, a logout) is kept as "q"
leaves it: saved as it stood, in the history as left (resumable), its lock released, and a
short line says how to continue it; the program ends quietly (0), where it ended 143 and
kept nothing in the history."""

from __future__ import annotations

import io
import os
import queue
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tavli_voice import history, startup, storage
from tavli_voice import words as M

ROOT = Path(__file__).resolve().parents[1]


def user_env(home: Path) -> dict[str, str]:
    env = dict(os.environ, HOME=str(home), PYTHONPATH=str(ROOT), LANG="C.UTF-8")
    env.pop("TAVLI_VOICE_HOME", None)
    for name in ("DATA", "CONFIG", "CACHE", "STATE"):
        env[f"XDG_{name}_HOME"] = str(home / name.lower())
    return env


def lines_of(proc: subprocess.Popen[str]) -> tuple[queue.Queue[str], threading.Thread]:
    """Every line the program prints, as it prints it (the thread ends with the output)."""
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line.rstrip("\n"))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    return lines, reader


def wait_for(lines: queue.Queue[str], wanted: str) -> list[str]:
    seen = []
    while True:
        line = lines.get(timeout=60)
        seen.append(line)
        if line == wanted:
            return seen


@pytest.mark.parametrize(("lang", "sig"), [("en", signal.SIGTERM), ("el", signal.SIGHUP),
                                           ("en", signal.SIGHUP)])
def test_a_match_stopped_by_a_signal_is_saved_kept_as_left_and_unlocked(
        tmp_home: Path, lang: str, sig: int) -> None:
    stop_mid_match(tmp_home, lang, sig, 128 + sig, "stopped.saved")  # as shells expect


def stop_mid_match(home: Path, lang: str, sig: int, code: int, said_key: str) -> None:
    """A match in its second turn stopped by ``sig``: it ends with ``code`` saying
    ``said_key``, saved, kept in the history as left, unlocked, and resumes where it stood."""
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
        os.kill(proc.pid, sig)
        assert proc.wait(timeout=60) == code
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    reader.join(timeout=60)
    assert proc.stderr is not None and proc.stderr.read() == ""
    said = []
    while not lines.empty():
        said.append(lines.get())
    stopped = M.text(said_key, lang, command="")
    assert len(said) == 1 and said[0].startswith(stopped), said
    assert said[0].endswith(f" -m tavli_voice.cli resume --lang {lang} --speech off"), said

    data = home / "data" / "tavli_voice"
    save = data / "autosave.json"
    loaded = storage.load(save)
    assert loaded.data is not None and not loaded.data.get("over")
    assert storage.SaveLock.holder(save) is None
    storage.SaveLock.acquire(save).release()  # nobody holds it
    kept = history.entries(data / history.FOLDER).entries
    assert [(e.ended, e.plays) for e in kept] == [("left", 2)], kept

    # resumed where it stood: our roll, after Rita's play (no new match's opening roll)
    out = io.StringIO()
    assert startup.main(["--speech", "off", "--lang", lang, "--resume"], out,
                        io.StringIO("q\n")) == 0, out.getvalue()
    assert M.text("prompt.roll", lang) in out.getvalue()
    assert M.text("prompt.choose", lang, n=10) not in out.getvalue()
