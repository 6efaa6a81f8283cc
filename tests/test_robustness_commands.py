"""The commands a player is told to type ("continue it with: …", "review it with: …") work when
pasted into a shell as they are, wherever the match was saved: a folder with spaces and Greek
letters in its name, a --save outside the data folder."""

from __future__ import annotations

import io
import shlex
from pathlib import Path

import pytest

from tavli_voice.cli import main as cli_main
from tavli_voice.startup import main as play_main


def play(*argv: str, typed: str = "") -> str:
    out = io.StringIO()
    code = play_main(["--speech", "off", *argv], out=out, inp=io.StringIO(typed))
    assert code == 0, out.getvalue()[-2000:]
    return out.getvalue()


def told(said: str, after: str) -> list[str]:
    """The command at the end of the line that says ``after``, split as a shell splits it,
    from the subcommand on (the program is named as it was started)."""
    line = next(line for line in said.splitlines() if after in line)
    words = shlex.split(line.split(after, 1)[1].rstrip("."))
    return words[next(i for i, w in enumerate(words) if w in ("resume", "review")):]


@pytest.fixture
def folder(tmp_home: Path) -> Path:
    """A folder of the player's own, its name with a space and Greek letters."""
    mine = tmp_home / "οι αγώνες μου"
    mine.mkdir()
    return mine


@pytest.mark.parametrize("lang, after", [("en", "continue it with: "), ("el", "συνέχισέ τον με: ")])
def test_resume_command_keeps_a_save_path_with_spaces_in_one_word(
        folder: Path, lang: str, after: str) -> None:
    save = folder / "σώσιμο 1.json"
    said = play("--lang", lang, "--seed", "1", "--save", str(save), typed="q\n")
    words = told(said, after)
    assert words[:3] == ["resume", "--save", str(save)], words
    assert save.is_file()


@pytest.mark.parametrize("lang, after", [("en", "review it with: "), ("el", "δες τα λάθη με: ")])
def test_review_command_after_a_match_saved_outside_the_data_folder_opens_that_match(
        folder: Path, capsys: pytest.CaptureFixture[str], lang: str, after: str) -> None:
    save = folder / "σώσιμο 2.json"
    said = play("--lang", lang, "--seed", "3", "--points", "1", "--game", "portes",
                "--no-confirm", "--save", str(save), typed="r\n1\n" * 400)
    words = told(said, after)
    (kept,) = (folder / "history").iterdir()
    assert words == ["review", str(kept)], words
    capsys.readouterr()
    assert cli_main(words + ["--lang", lang, "--jsonl"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") >= 1 and '"played"' in out


@pytest.mark.parametrize("argv", [["--lang", "el", "--help"], ["--lang=el", "help"],
                                  ["--help", "--lang", "el"], ["--lang", "el", "-h"]])
def test_help_after_the_language_lists_the_commands_in_that_language(
        tmp_home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        argv: list[str]) -> None:
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert cli_main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("χρήση: tavli-voice [ΕΝΤΟΛΗ]"), out[:200]
    assert "  review " in out and "tavli-voice play [-h]" not in out


@pytest.mark.parametrize("answer, resumed", [("νέο", False), ("Νέο αγώνα", False), ("n", False),
                                             ("συνέχισε", True), ("υ", True), ("ρ", True)])
def test_a_saved_match_waiting_takes_the_words_its_greek_question_says(
        tmp_home: Path, answer: str, resumed: bool) -> None:
    play("--lang", "el", "--seed", "1", "--points", "5", typed="q\n")
    said = play("--lang", "el", "--seed", "2", "--points", "3", typed=f"{answer}\nq\n")
    lines = said.splitlines()
    assert lines[0].startswith("Υπάρχει αποθηκευμένος αγώνας που δεν τελείωσε"), lines[:2]
    assert not lines[1].startswith("Γράψε r για να συνεχίσεις"), lines[:2]  # not asked again
    assert ("στους 5 πόντους" if resumed else "στους τρεις πόντους") in lines[1 if resumed else 2]


def test_a_match_kept_where_a_full_data_folder_moved_the_save_is_listed_and_reviewed(
        tmp_home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_home / "data"
    blocked.write_text("a file where the data folder should be")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked))
    said = play("--lang", "el", "--seed", "3", "--points", "1", "--game", "portes",
                "--no-confirm", typed="r\n1\n" * 400)
    assert "tavli_voice-saves" in said
    (kept,) = (tmp_home / "tavli_voice-saves" / "history").iterdir()
    capsys.readouterr()
    assert cli_main(["review", "--list", "--lang", "el"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert listed[1].startswith(kept.stem + "  "), listed
    assert cli_main(["review", kept.stem, "--lang", "el", "--jsonl"]) == 0
    assert '"played"' in capsys.readouterr().out
    assert blocked.read_text() == "a file where the data folder should be"


@pytest.mark.parametrize("name", ["nosuch", "κάτι άλλο"])
def test_resuming_a_name_that_is_not_kept_says_so_and_leaves_no_file_named_after_it(
        tmp_home: Path, name: str) -> None:
    from tavli_voice import storage
    play("--lang", "el", "--seed", "1", typed="q\n")
    before = sorted(p.name for p in storage.data_dir().iterdir())
    out = io.StringIO()
    assert play_main(["--resume", name, "--speech", "off", "--lang", "el"], out=out,
                     inp=io.StringIO(""), prog="tavli-voice resume") == 1
    assert out.getvalue().startswith("Δεν υπάρχει αποθηκευμένος αγώνας για συνέχεια"), out.getvalue()
    assert sorted(p.name for p in storage.data_dir().iterdir()) == before


@pytest.mark.parametrize("lang, lost, won", [
    ("en", "  You against Rita  Portes, 1 point  Rita won 2 to 0  ",
     "  You against Rita  Portes, 1 point  You won 2 to 0  "),
    ("el", "  Εσύ – Ρίτα  Πόρτες, ένας πόντος  κέρδισε η Ρίτα 2 προς 0  ",
     "  Εσύ – Ρίτα  Πόρτες, ένας πόντος  κέρδισες 2 προς 0  ")])
def test_the_list_of_kept_matches_calls_the_person_you_as_the_review_does(
        tmp_home: Path, capsys: pytest.CaptureFixture[str], lang: str, lost: str, won: str) -> None:
    import json

    from tavli_voice import history
    play("--lang", lang, "--seed", "3", "--points", "1", "--game", "portes", "--no-confirm",
         typed="r\n1\n" * 400)
    (kept,) = history.history_dir().iterdir()
    capsys.readouterr()
    assert cli_main(["review", "--list", "--lang", lang]) == 0
    assert lost in capsys.readouterr().out
    data = json.loads(kept.read_text(encoding="utf-8"))
    scores = data["save"]["checkpoint"]["match"]["scores"]
    assert scores == [0, 2]
    data["save"]["checkpoint"]["match"]["scores"] = [2, 0]
    kept.write_text(json.dumps(data), encoding="utf-8")
    assert cli_main(["review", "--list", "--lang", lang]) == 0
    assert won in capsys.readouterr().out


@pytest.mark.parametrize("lang, typed, said", [
    ("en", "ll\ny\n", "You left the table. Rita wins the match; the score stood at you 0, Rita 0."),
    ("el", "ll\nναι\n", "Έφυγες από το τραπέζι. Η Ρίτα κερδίζει τον αγώνα· το σκορ ήταν εσύ 0, η Ρίτα 0.")])
def test_leaving_the_table_says_the_score_where_the_match_stopped_not_as_a_winning_score(
        tmp_home: Path, lang: str, typed: str, said: str) -> None:
    out = play("--lang", lang, "--seed", "4", typed=typed)
    assert said in out.splitlines(), out[-600:]
