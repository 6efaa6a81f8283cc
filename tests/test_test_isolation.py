"""Tests and the programs they start never use the real user's folders (tests/conftest.py)."""

from __future__ import annotations

import os
import pwd
import subprocess
import sys
from pathlib import Path

from tavli_voice import history, storage, userfiles

ROOT = Path(__file__).resolve().parents[1]
REAL_HOME = Path(pwd.getpwuid(os.getuid()).pw_dir)


def test_every_user_folder_is_inside_this_tests_temporary_home(user_folders: Path) -> None:
    assert Path(os.environ["HOME"]) == user_folders
    assert "TAVLI_VOICE_HOME" not in os.environ
    for folder in (userfiles.data_dir(), userfiles.config_dir(), storage.save_path(), history.history_dir()):
        assert folder.is_relative_to(user_folders), folder
        assert not folder.is_relative_to(REAL_HOME), folder
    assert not userfiles.cache_dir().is_relative_to(REAL_HOME)


def test_two_tests_do_not_share_a_data_folder(user_folders: Path, session_cache: Path) -> None:
    # the other test's home was a different folder; the cache is the session's
    assert userfiles.data_dir().is_relative_to(user_folders)
    assert userfiles.cache_dir() == session_cache / userfiles.APP
    storage.data_dir().mkdir(parents=True)
    (storage.data_dir() / "mark").write_text("x")
    assert not any(p.name == "mark" for p in REAL_HOME.glob(".local/share/tavli_voice/*"))


def test_a_program_a_test_starts_saves_in_the_temporary_home(user_folders: Path) -> None:
    code = ("from tavli_voice import storage, userfiles; "
            "print(storage.save_path()); print(userfiles.settings_path()); print(userfiles.cache_dir())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         cwd=ROOT, check=True).stdout.split()
    assert len(out) == 3
    assert Path(out[0]).is_relative_to(user_folders) and Path(out[1]).is_relative_to(user_folders)
    assert not any(Path(p).is_relative_to(REAL_HOME) for p in out)
