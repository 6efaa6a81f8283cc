"""An unfinished match that cannot be moved aside for a new one stays where it was, in one
place: no second copy of it is left beside it under a kept match's name (R9)."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tavli_voice import startup, storage, userfiles
from tavli_voice import words as M
from tavli_voice.ui import saved
from tavli_voice.ui.guard import os_error_text


@pytest.mark.parametrize("links", [True, False])
def test_a_file_whose_name_cannot_be_removed_is_not_left_in_two_places(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, links: bool) -> None:
    path, target = tmp_path / "autosave.json", tmp_path / "match-1.json"
    path.write_bytes(b'{"version":2,"log":[]}')
    unlink = os.unlink
    refused = PermissionError(1, "Operation not permitted", str(path))

    def guarded(name: object, *args: object, **kwargs: object) -> None:
        if Path(str(name)) == path:
            raise refused
        unlink(name, *args, **kwargs)  # type: ignore[arg-type]

    def no_links(*_: object, **__: object) -> None:
        raise OSError(1, "hard links not supported")

    monkeypatch.setattr(os, "unlink", guarded)
    if not links:
        monkeypatch.setattr(os, "link", no_links)
    with pytest.raises(PermissionError):
        userfiles.move_to_new(path, target)
    assert not target.exists() and path.read_bytes() == b'{"version":2,"log":[]}'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["autosave.json"]


@pytest.fixture
def immutable(tmp_path: Path) -> Iterator[list[Path]]:
    """Files made immutable with chattr +i (skipped where that cannot be done); undone after."""
    made: list[Path] = []
    probe = tmp_path / "probe"
    probe.write_text("x")
    if shutil.which("chattr") is None or subprocess.run(
            ["chattr", "+i", str(probe)], capture_output=True).returncode != 0:
        pytest.skip("chattr +i is not available here (needs root and a file system with it)")
    subprocess.run(["chattr", "-i", str(probe)], check=True)
    yield made
    for path in made:
        subprocess.run(["chattr", "-i", str(path)], capture_output=True)


@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_saved_match_that_cannot_be_moved_starts_no_new_match_and_leaves_no_copy(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, immutable: list[Path]) -> None:
    monkeypatch.setenv("TAVLI_VOICE_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(saved, "program", lambda *a, **k: "tavli-voice")
    startup.main(["--seed", "3", "--speech", "off", "--lang", lang], io.StringIO(), io.StringIO("q\n"))
    save = storage.data_dir() / "autosave.json"
    before = save.read_bytes()
    subprocess.run(["chattr", "+i", str(save)], check=True)
    immutable.append(save)
    out = io.StringIO()
    code = startup.main(["--seed", "4", "--speech", "off", "--lang", lang], out, io.StringIO("n\nq\n"))
    error = os_error_text(PermissionError(1, "Operation not permitted"), lang)
    assert code == 1
    assert M.text("saved.not_kept", lang, path=str(save), error=error,
                  command=f"tavli-voice resume --lang {lang} --speech off") in out.getvalue()
    assert save.read_bytes() == before
    assert saved.kept_matches(save.parent) == []  # no copy under a kept match's name
