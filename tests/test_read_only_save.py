"""A match saved on a read-only disk (a locked memory stick, a folder mounted read-only) can be
resumed: it is copied to the data folder, said, and the file on the disk is left as it is."""

from __future__ import annotations

import io
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tavli_voice import startup, storage
from tavli_voice import words as M
from tavli_voice.ui import saved
from tavli_voice.ui.guard import os_error_text


@pytest.fixture
def stick(tmp_path: Path) -> Iterator[Path]:
    """A tmpfs at ``tmp_path/stick``, writable until :func:`read_only` (needs root)."""
    folder = tmp_path / "stick"
    folder.mkdir()
    if os.geteuid() != 0 or subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(folder)],
            capture_output=True).returncode != 0:
        pytest.skip("mounting a tmpfs needs root")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], capture_output=True)


def read_only(folder: Path) -> None:
    subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)


@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_match_on_a_read_only_disk_with_its_lock_file_is_resumed_from_a_copy(
        lang: str, stick: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAVLI_VOICE_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(saved, "program", lambda *a, **k: "tavli-voice")
    save = stick / "m.json"
    startup.main(["--save", str(save), "--seed", "3", "--speech", "off", "--lang", lang],
                 io.StringIO(), io.StringIO("q\n"))
    assert storage.SaveLock.lock_path(save).exists()  # left by the match that saved it
    before = save.read_bytes()
    read_only(stick)
    out = io.StringIO()
    code = startup.main(["--resume", "--save", str(save), "--speech", "off", "--lang", lang],
                        out, io.StringIO("q\n"))
    copy = tmp_path / "data" / "m.json"
    lines = out.getvalue().splitlines()
    assert code == 0, lines
    assert lines[0] == M.text("save.lock_failed", lang, lock=str(storage.SaveLock.lock_path(save)),
                              error=os_error_text(OSError(30, "Read-only file system"), lang),
                              new=str(copy))
    assert lines[1].startswith(M.text("match.resumed", lang, game=M.game_name("tavli", lang),
                                      length=M.plural("board.length", 5, lang)).split(":")[0])
    assert f"tavli-voice resume --save {copy} --lang {lang} --speech off" in lines[-1]
    assert save.read_bytes() == before
    loaded = storage.load(copy)
    assert loaded.data is not None and loaded.data["log"][:len(storage.load(save).data["log"])] \
        == storage.load(save).data["log"]  # type: ignore[index]
