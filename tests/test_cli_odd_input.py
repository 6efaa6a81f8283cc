"""The command line given odd input: a closed input, odd options and files, answered in a
sentence in the user's language with nothing lost (R9)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tavli_voice import startup
from tavli_voice import words as M
from tavli_voice.bots.registry import unknown_bot_message
from tavli_voice.ui import saved


def run_play(argv: list[str], typed: str) -> tuple[int, str]:
    out = io.StringIO()
    code = startup.main(argv + ["--speech", "off"], out, io.StringIO(typed))
    return code, out.getvalue()


@pytest.mark.parametrize("lang", ["en", "el"])
def test_r9_end_of_input_at_the_saved_match_question_starts_nothing_and_keeps_the_save(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAVLI_VOICE_HOME", str(tmp_path))
    monkeypatch.setattr(saved, "program", lambda *a, **k: "tavli-voice")
    run_play(["--game", "portes", "--points", "3", "--seed", "4", "--lang", lang], "q\n")
    save = tmp_path / "autosave.json"
    before = save.read_bytes()
    code, text = run_play(["--points", "7", "--lang", lang], "")  # Ctrl-D at the question
    assert code == 1
    assert M.text("saved.unanswered", lang,
                  command=f"tavli-voice resume --lang {lang} --speech off") in text
    assert M.text("match.resumed", lang, game=M.game_name("portes", lang),
                  length=M.plural("board.length", 3, lang)) not in text
    assert save.read_bytes() == before and saved.kept_matches(tmp_path) == []


@pytest.mark.parametrize("lang", ["en", "el"])
def test_r9_options_that_cannot_start_a_match_leave_the_saved_one_in_place(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAVLI_VOICE_HOME", str(tmp_path))
    run_play(["--seed", "4", "--lang", lang], "q\n")
    save = tmp_path / "autosave.json"
    before = save.read_bytes()
    code, text = run_play(["--players", "rita,nobody", "--lang", lang], "n\n")
    assert code == 2
    assert M.text("error.options", lang, error=unknown_bot_message("nobody", lang)) in text
    assert save.read_bytes() == before and saved.kept_matches(tmp_path) == []  # not moved aside


@pytest.mark.parametrize("lang", ["en", "el"])
def test_r9_an_empty_file_named_by_save_holds_no_match_and_is_not_kept_aside(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAVLI_VOICE_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(saved, "program", lambda *a, **k: "tavli-voice")
    mine = tmp_path / "my match.json"
    mine.write_bytes(b"")  # made with ``touch`` to save there
    code, text = run_play(["--resume", "--save", str(mine), "--lang", lang], "q\n")
    assert code == 1 and text.startswith(M.text("resume.none", lang, path=str(mine)))
    code, text = run_play(["--save", str(mine), "--seed", "2", "--lang", lang], "q\n")
    assert code == 0 and M.text("resume.corrupt", lang, path="", command="").split(":")[0] not in text
    assert {p.name for p in tmp_path.iterdir()} <= {"data", "my match.json", "my match.json.lock"}
    assert mine.read_bytes().startswith(b'{"version":')  # the new match is saved in it


@pytest.mark.parametrize(("lang", "said"), [("en", "argument --jsonl: not allowed with argument --list"),
                                            ("el", "το --jsonl δεν επιτρέπεται μαζί με το --list")])
def test_review_list_and_jsonl_together_are_refused_in_words(
        lang: str, said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from tavli_voice import review_cli
    monkeypatch.setenv("TAVLI_VOICE_HOME", str(tmp_path))
    out = io.StringIO()
    with pytest.raises(SystemExit) as stop:
        review_cli.main(["--list", "--jsonl", "--lang", lang], out, io.StringIO())
    assert stop.value.code == 2 and out.getvalue() == ""  # no human list passed off as JSON
    assert said in capsys.readouterr().err
