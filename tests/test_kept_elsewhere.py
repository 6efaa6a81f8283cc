"""An unfinished match kept aside beside a ``--save`` file in another folder is named by its
path in the command that continues it, and that command works (R9: what the program says
to type finds the match)."""

from __future__ import annotations

import io
import shlex
from pathlib import Path

import pytest

from tavli_voice import startup
from tavli_voice import words as M
from tavli_voice.ui import saved


def play(argv: list[str], typed: str) -> tuple[int, str]:
    out = io.StringIO()
    code = startup.main(argv + ["--speech", "off"], out, io.StringIO(typed))
    return code, out.getvalue()


def said_command(text: str, lang: str) -> list[str]:
    """The words of the "continue it later with: …" command said when a match was kept aside."""
    start = M.text("saved.kept", lang, name="\0", command="\0").split("\0")[-2]
    line = next(line for line in text.splitlines() if start in line)
    return shlex.split(line.split(start, 1)[1])


@pytest.mark.parametrize("lang", ["en", "el"])
@pytest.mark.parametrize("where", ["other", "here"])
def test_a_match_kept_aside_beside_a_save_elsewhere_is_continued_by_the_command_said(
        lang: str, where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAVLI_VOICE_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(saved, "program", lambda *a, **k: "tavli-voice")
    (tmp_path / "mine").mkdir()
    monkeypatch.chdir(tmp_path / "mine" if where == "here" else tmp_path)
    save = "foo.json" if where == "here" else str(tmp_path / "mine" / "foo.json")
    play(["--save", save, "--seed", "3", "--points", "3", "--lang", lang], "q\n")
    code, text = play(["--save", save, "--seed", "4", "--lang", lang], "n\nq\n")
    kept = next((tmp_path / "mine").glob(saved.PREFIXES[lang] + "*.json"))
    shown = f"./{kept.name}" if where == "here" else str(kept)
    assert M.text("saved.kept", lang, name=shown,
                  command=f"tavli-voice resume {shown} --lang {lang} --speech off") in text
    command = said_command(text, lang)
    assert command[:3] == ["tavli-voice", "resume", shown]
    code, text = play(["--resume-name", command[2], "--lang", lang], "q\n")
    assert code == 0 and M.text("match.resumed", lang, game=M.game_name("tavli", lang),
                                length=M.plural("board.length", 3, lang)) in text
    Path(save).unlink()  # no autosave there: resume names the kept one by the same path
    code, text = play(["--resume", "--save", save, "--lang", lang], "q\n")
    assert code == 1 and M.text("resume.kept", lang, names=shown,
                                command="tavli-voice resume") in text


@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_match_kept_aside_in_the_data_folder_is_still_named_by_its_name(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAVLI_VOICE_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(saved, "program", lambda *a, **k: "tavli-voice")
    play(["--seed", "3", "--lang", lang], "q\n")
    code, text = play(["--seed", "4", "--lang", lang], "n\nq\n")
    name = saved.kept_matches(tmp_path / "data")[0]
    assert said_command(text, lang)[:3] == ["tavli-voice", "resume", name]
