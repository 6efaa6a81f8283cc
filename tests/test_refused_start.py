"""A start refused for its options (a bad ``--players``) is said before anything is made: no
lock file, no log, no folder, and a saved match is left exactly as it was."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tavli_voice import startup, storage

ROOT = Path(__file__).resolve().parents[1]


def files_under(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_bad_players_option_leaves_an_empty_home_empty(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    env = dict(os.environ, HOME=str(home), PYTHONPATH=str(ROOT), LANG="C.UTF-8")
    env.pop("TAVLI_VOICE_HOME", None)
    for name in ("DATA", "CONFIG", "CACHE", "STATE"):
        env[f"XDG_{name}_HOME"] = str(home / name.lower())
    proc = subprocess.run([sys.executable, "-m", "tavli_voice.cli", "play", "--players", "rita",
                           "--speech", "off"], stdin=subprocess.DEVNULL, capture_output=True,
                          env=env, cwd=ROOT, timeout=60)
    assert proc.returncode == 2, proc
    assert b"--players takes two names" in proc.stdout
    assert list(home.rglob("*")) == []


@pytest.mark.parametrize(("lang", "players", "said"), [
    ("en", "rita", "--players takes two names"),
    ("el", "you,zzz", "Ο αγώνας δεν μπορεί να ξεκινήσει"),
])
def test_a_refused_start_beside_a_saved_match_leaves_no_lock_and_the_save_as_it_was(
        tmp_home: Path, lang: str, players: str, said: str) -> None:
    assert startup.main(["--seed", "3", "--speech", "off"], io.StringIO(),
                        io.StringIO("1\nq\n")) == 0
    folder = storage.data_dir()
    lock = storage.SaveLock.lock_path(storage.save_path())
    lock.unlink()  # as after a match whose lock file was cleared
    before = files_under(tmp_home)
    out = io.StringIO()
    code = startup.main(["--players", players, "--speech", "off", "--lang", lang], out,
                        io.StringIO("n\n"))
    assert code == 2
    assert said in out.getvalue(), out.getvalue()
    assert not lock.exists()
    assert files_under(tmp_home) == before
    assert folder.is_dir()
