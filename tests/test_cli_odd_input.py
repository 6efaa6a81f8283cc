"""The command line given odd input: a closed input, odd options and files, answered in a
sentence in the user's language with nothing lost (R9)."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
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


ROOT = Path(__file__).resolve().parents[1]
OPENING = ('{"game": "portes", "points": [2,0,0,0,0,-5,0,-3,0,0,0,5,-5,0,0,0,3,0,5,0,0,0,0,-2], '
           '"bar": [0,0], "off": [0,0]}')


def moves(stdin: bytes | int, *args: str) -> subprocess.CompletedProcess[bytes]:
    """``tavli-voice moves ARGS`` run as a user runs it, ``stdin`` its bytes or a descriptor."""
    feed = {"input": stdin} if isinstance(stdin, bytes) else {"stdin": stdin}
    return subprocess.run([sys.executable, "-m", "tavli_voice.cli", "moves", *args],
                          capture_output=True, cwd=ROOT, timeout=60,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), **feed)  # type: ignore[call-overload]


@pytest.mark.parametrize("lang", ["en", "el"])
def test_r10_moves_dash_reads_the_position_from_standard_input(lang: str, tmp_path: Path) -> None:
    from_file = tmp_path / "θέση με κενά.json"
    from_file.write_text(OPENING, encoding="utf-8")
    listed = moves(b"", str(from_file), "--dice", "6", "5", "--lang", lang)
    piped = moves(OPENING.encode(), "-", "--dice", "6", "5", "--lang", lang)
    assert piped.returncode == 0 and piped.stdout == listed.stdout
    assert piped.stdout.decode().startswith("1. 19/14 17/11\n")
    bad = moves(b"\xff{", "-", "--dice", "6", "5", "--lang", lang)
    assert bad.returncode == 2
    assert bad.stderr.decode().strip() == "tavli-voice moves: " + M.text("fault.not_text", lang)
    odd = moves(b"", "\udcff.json", "--dice", "6", "5", "--lang", lang)  # a name not UTF-8
    assert odd.returncode == 2 and "\\xff.json" in odd.stderr.decode()


def test_r10_moves_dash_gives_up_on_a_silent_pipe_in_words_and_ends_cleanly() -> None:
    read_end, write_end = os.pipe()  # a writer that never writes nor closes
    try:
        proc = moves(read_end, "-", "--dice", "6", "5", "--wait", "1", "--lang", "el")
    finally:
        os.close(read_end)
        os.close(write_end)
    said = proc.stderr.decode()
    assert proc.returncode == 2, said  # not an abort of the waiting read at the end
    assert M.text("moves.gave_up", "el", path=M.text("moves.stdin", "el"), seconds="1") in said
    assert "Fatal" not in said and "Traceback" not in said


@pytest.mark.parametrize(("argv", "said"), [
    (["reveiw"], "tavli-voice: “reveiw” is not a command (did you mean review?); tavli-voice --help "
                 "lists them."),
    (["--lang", "el", "moevs"], "tavli-voice: το «moevs» δεν είναι εντολή (μήπως εννοείς moves;)· "
                                "το tavli-voice --help τις δείχνει."),
    (["\udcff", "--lang", "el"], "tavli-voice: το «\\xff» δεν είναι εντολή· το tavli-voice --help "
                                 "τις δείχνει.")])
def test_a_mistyped_command_is_named_with_the_closest_command(
        argv: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    from tavli_voice.cli import main
    assert main(argv) == 2
    assert capsys.readouterr().err == said + "\n"  # not "play: unrecognized arguments"


def test_r10_moves_jsonl_says_each_bad_line_in_greek_under_lang_el() -> None:
    from tavli_voice.moves_cli import MAX_LINE, run_jsonl
    lines = [b"x", b"[]", b"{}", b"\xff", b'{"position": {"game": "x"}, "dice": [1, 2]}',
             b'{"position": ' + OPENING.encode() + b', "dice": [1, 9]}', b"[" * (MAX_LINE + 1)]
    out = io.StringIO()
    assert run_jsonl(io.BytesIO(b"\n".join(lines) + b"\n"), out, lang="el") == 0  # type: ignore[arg-type]
    said = [json.loads(line)["error"] for line in out.getvalue().splitlines()]
    assert said == [M.text("fault.line.not_json", "el", column=1),
                    M.text("fault.line.object", "el"), M.text("fault.line.needs", "el"),
                    M.text("fault.line.not_text", "el", byte=1),
                    M.text("fault.unknown_game", "el", name="x"), M.text("fault.dice", "el"),
                    M.text("fault.line.too_long", "el", limit="1")]
    assert not any(re.search(r"\b(line|each|must|is|the)\b", s) for s in said), said


@pytest.mark.parametrize(("argv", "lang"), [(["play", "--save", ""], "en"), (["resume", "", "--lang", "el"], "el"),
                                            (["resume", "--resume-name", " "], "en"),
                                            (["review", "", "--lang", "el"], "el")])
def test_an_empty_file_or_match_name_is_refused_not_taken_for_the_autosave(
        argv: list[str], lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from tavli_voice.cli import main
    monkeypatch.setenv("TAVLI_VOICE_HOME", str(tmp_path))
    with pytest.raises(SystemExit) as stop:
        main(argv + ["--speech", "off"])
    assert stop.value.code == 2 and M.text("arg.empty", lang) in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []  # no save, no lock, no log made


@pytest.mark.parametrize("lang", ["en", "el"])
def test_review_list_with_a_match_name_says_the_name_is_not_taken(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from tavli_voice import review_cli
    monkeypatch.setenv("TAVLI_VOICE_HOME", str(tmp_path))
    out = io.StringIO()
    with pytest.raises(SystemExit) as stop:
        review_cli.main(["--list", "μου", "--lang", lang], out, io.StringIO())
    assert stop.value.code == 2 and out.getvalue() == ""  # not the list with the name left out
    assert M.text("review.list_alone", lang, name="μου") in capsys.readouterr().err


@pytest.mark.parametrize("lang", ["en", "el"])
def test_resume_a_name_with_a_folder_is_that_path_never_a_same_named_match_in_the_data_folder(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAVLI_VOICE_HOME", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    run_play(["--seed", "4", "--lang", lang], "q\n")  # data/autosave.json
    before = (tmp_path / "data" / "autosave.json").read_bytes()
    resumed = M.text("match.resumed", lang, game="", length="").split(":")[0] + ":"
    code, text = run_play(["--resume-name", "elsewhere/autosave", "--lang", lang], "q\n")
    assert code == 1 and resumed not in text
    assert M.text("resume.none", lang, path="elsewhere/autosave.json", command="x").split("\n")[0] in text
    assert not (tmp_path / "elsewhere").exists()
    assert (tmp_path / "data" / "autosave.json").read_bytes() == before
    code, text = run_play(["--resume-name", "data/autosave", "--lang", lang], "q\n")  # the path as meant
    assert code == 0 and resumed in text


@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_match_name_that_is_not_utf8_is_shown_as_its_byte_in_resume_and_review(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tavli_voice import review_cli
    monkeypatch.setenv("TAVLI_VOICE_HOME", str(tmp_path))
    name = b"\xffa".decode("utf-8", "surrogateescape")  # as the shell passes such bytes
    code, text = run_play(["--resume-name", name, "--lang", lang], "q\n")
    assert code == 1
    assert M.text("resume.none", lang, path=f"{tmp_path}/\\xffa.json") in text
    assert "\\udc" not in text
    err = io.StringIO()
    assert review_cli.main([name, "--jsonl", "--lang", lang], io.StringIO(), err) == 1
    assert err.getvalue() == M.text("review.no_match", lang, name="\\xffa") + "\n"


def test_r10_the_readme_says_moves_dash_reads_standard_input_and_the_command_does() -> None:
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "`tavli-voice moves - --dice 6 5` reads the position from standard input" in readme
    done = moves(OPENING.encode(), "-", "--dice", "6", "5")
    assert done.returncode == 0 and done.stdout.startswith(b"1. 19/14 17/11\n")


@pytest.mark.parametrize("lang", ["en", "el"])
def test_an_empty_players_option_is_refused_in_words_not_taken_for_none(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAVLI_VOICE_HOME", str(tmp_path))
    run_play(["--seed", "4", "--lang", lang], "q\n")
    save = tmp_path / "autosave.json"
    before = save.read_bytes()
    code, text = run_play(["--players", "", "--lang", lang], "r\nq\n")
    assert code == 2
    assert text == M.text("error.options", lang, error=M.text("error.players", lang)) + "\n"
    assert save.read_bytes() == before and saved.kept_matches(tmp_path) == []
    code, text = run_play(["--players", "", "--no-save", "--lang", lang], "q\n")  # nothing saved
    assert code == 2 and M.text("error.players", lang) in text


@pytest.mark.parametrize("lang", ["en", "el"])
def test_save_in_a_folder_that_is_not_there_is_refused_before_anything_is_made(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAVLI_VOICE_HOME", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    code, text = run_play(["--save", "nodir/x.json", "--lang", lang], "q\n")
    assert code == 2
    assert text == M.text("save.no_folder", lang, folder="nodir", mkdir="mkdir -p nodir") + "\n"
    code, text = run_play(["--resume", "--save", "nodir/x.json", "--lang", lang], "q\n")
    assert code == 1 and text.startswith(M.text("resume.none", lang, path="nodir/x.json"))
    assert not (tmp_path / "nodir").exists()  # no folder, no lock file


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs Linux's /proc")
@pytest.mark.parametrize("lang", ["en", "el"])
def test_save_where_nothing_can_be_written_says_where_before_the_match_starts(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAVLI_VOICE_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setattr(saved, "program", lambda *a, **k: "tavli-voice")
    code, text = run_play(["--save", "/proc/tavli.json", "--seed", "2", "--lang", lang], "q\n")
    moved = tmp_path / "data" / "tavli.json"  # the data folder the person chose, not ~/.local/share
    assert code == 0 and moved.read_bytes().startswith(b'{"version":')
    assert not (tmp_path / "home" / ".local").exists()
    first = text.splitlines()[0]
    assert first == M.text("save.unwritable_new", lang, path="/proc/tavli.json", new=str(moved))
    assert "/proc/tavli.json" not in "".join(text.splitlines()[1:])  # not said again at a save
    assert f"tavli-voice resume --save {moved}" in text


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_new_matchs_options_are_checked_once_and_a_bad_one_said_once_in_words(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAVLI_VOICE_HOME", str(tmp_path))
    checked: list[str] = []
    check = startup.new_match_options

    def counted(args: object, lang: str) -> object:
        checked.append(lang)
        return check(args, lang)  # type: ignore[arg-type]

    monkeypatch.setattr(startup, "new_match_options", counted)
    wrong = M.text("error.options", lang, error=M.text("error.preset_game", lang,
                   game=M.game_name("fevga", lang), preset=M.preset_short_name("vog", lang)))
    code, text = run_play(["--game", "fevga", "--preset", "vog", "--lang", lang], "q\n")
    assert (code, text.count(wrong), text.strip(), checked) == (2, 1, wrong, [lang])
    assert not (tmp_path / "autosave.json").exists()
    run_play(["--seed", "4", "--lang", lang], "q\n")  # a saved match, then a new one over it
    before = (tmp_path / "autosave.json").read_bytes()
    checked.clear()
    code, text = run_play(["--game", "fevga", "--preset", "vog", "--lang", lang], "n\n")
    assert (code, text.count(wrong), text.strip(), checked) == (2, 1, wrong, [lang])
    assert (tmp_path / "autosave.json").read_bytes() == before and saved.kept_matches(tmp_path) == []
    checked.clear()
    code, text = run_play(["--seed", "5", "--points", "3", "--lang", lang], "n\nq\n")
    assert code == 0 and checked == [lang]  # asked about the saved match, then started: once
    assert M.text("error.options", lang, error="").strip() not in text
