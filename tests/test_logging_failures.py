"""A log that cannot be written (a full disk) falls silent and is said once, never a
traceback on the player's screen; no temporary folder at all never crashes a save."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tavli_voice import storage

ROOT = Path(__file__).resolve().parents[1]

#: A bot match whose log file is /dev/full (every write: "No space left on device") and
#: whose expert weights are damaged, so warnings are logged all along the match.
SCRIPT = r"""
import logging, os, sys
from tavli_voice import startup, userfiles
userfiles.open_append_private = lambda path: os.open("/dev/full", os.O_WRONLY)
code = startup.main(["--players", "expert,rita", "--game", "portes", "--points", "1",
                     "--seed", "3", "--speech", "off", "--no-save", "--lang", sys.argv[1]])
for i in range(100):
    logging.getLogger("tavli_voice.test").warning("after the match %d", i)
sys.exit(code)
"""

TOLD = {"en": "cannot be written any more (the disk may be full); the game goes on without it.",
        "el": "δεν γράφεται πια (ίσως γέμισε ο δίσκος)· το παιχνίδι συνεχίζει χωρίς αυτό."}


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_full_log_disk_is_said_once_and_prints_no_traceback(tmp_path: Path, lang: str) -> None:
    models = tmp_path / "models"
    models.mkdir()
    (models / "portes.npz").write_bytes(b"")  # damaged: its warning is the first log line
    env = dict(os.environ, TAVLI_VOICE_HOME=str(tmp_path / "home"), HOME=str(tmp_path / "h"),
               XDG_DATA_HOME=str(tmp_path / "xdg"), XDG_CONFIG_HOME=str(tmp_path / "xdgc"),
               TAVLI_VOICE_MODELS=str(models), PYTHONPATH=str(ROOT), LANG="C.UTF-8")
    proc = subprocess.run([sys.executable, "-c", SCRIPT, lang], env=env, capture_output=True,
                          text=True, timeout=120, cwd=tmp_path)
    assert "Logging error" not in proc.stderr and "Traceback" not in proc.stderr, proc.stderr
    assert proc.stderr == ""
    told = [x for x in proc.stdout.splitlines() if x.endswith(TOLD[lang])]
    assert len(told) == 1 and str(tmp_path / "home") in told[0]
    assert proc.returncode == 0  # the match was played to its end


def test_the_handler_that_failed_lets_go_and_stays_quiet(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    import logging

    from tavli_voice.logfile import QuietHandler
    told: list[str] = []
    stream = open("/dev/full", "a", encoding="utf-8") if os.path.exists("/dev/full") else None
    if stream is None:
        pytest.skip("needs /dev/full (Linux)")
    handler = QuietHandler(stream, told.append)
    log = logging.getLogger("tavli_voice.test.quiet")
    log.addHandler(handler)
    log.propagate = False
    try:
        for i in range(50):
            log.error("problem %d", i)
        handler.flush()
    finally:
        log.removeHandler(handler)
        handler.close()
    assert told == ["No space left on device"] and handler.failed and stream.closed
    assert capsys.readouterr().err == ""


def test_a_working_log_keeps_every_line(tmp_path: Path) -> None:
    import logging

    from tavli_voice.logfile import QuietHandler
    told: list[str] = []
    path = tmp_path / "ok.log"
    handler = QuietHandler(open(path, "a", encoding="utf-8"), told.append)
    log = logging.getLogger("tavli_voice.test.ok")
    log.addHandler(handler)
    log.propagate = False
    try:
        for i in range(5):
            log.error("line %d", i)
    finally:
        log.removeHandler(handler)
        handler.close()
    assert path.read_text().splitlines() == [f"line {i}" for i in range(5)] and told == []


def test_no_usable_temporary_folder_leaves_the_other_fallbacks(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def none_usable() -> str:
        raise FileNotFoundError(2, "No usable temporary directory found in ['/tmp']")

    monkeypatch.setenv("HOME", str(tmp_path / "h"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("TAVLI_VOICE_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(tempfile, "gettempdir", none_usable)
    with pytest.raises(FileNotFoundError):  # what used to end the turn
        tempfile.gettempdir()
    failed = tmp_path / "home" / "autosave.json"
    folders = storage.fallback_folders(failed)
    assert folders and all(str(f).startswith(str(tmp_path)) for f in folders)
    assert isinstance(storage.saves_to_resume(), list)
