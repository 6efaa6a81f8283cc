"""The name given to ``tavli-voice review`` (and :func:`history.load_entry`): a name is
looked up in the history folder, a name with a folder in it is the path the person typed,
and a folder asked for is never left; no name ends in a traceback, in English or Greek."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from tavli_voice import history, review_cli
from tavli_voice import words as M
from tavli_voice.arguments import shown
from tavli_voice.session import new_session


def kept(folder: Path, when: str = "2026-12-05T23:15:00") -> Path:
    """A match left after no play, kept in ``folder``."""
    return history.keep(new_session(kind="portes", length=1, seed=5).snapshot(), [],
                        ended="left", folder=folder, when=when).path


def review(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = review_cli.main(argv, out, err, walk=lambda *_: 0)  # the walk once a match opens
    return code, out.getvalue(), err.getvalue()


def test_a_name_with_dot_dot_never_reads_outside_the_folder_asked_for(
        tmp_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_home / "history"
    inside = kept(folder)
    outside = kept(tmp_home / "elsewhere")
    monkeypatch.chdir(folder)
    for name in (f"../elsewhere/{outside.name}", str(outside), f"sub/../../elsewhere/{outside.stem}"):
        with pytest.raises(FileNotFoundError):
            history.load_entry(name, folder)
    assert history.load_entry(inside.stem, folder)[0] == folder / inside.name
    assert history.load_entry(str(inside), folder)[0] == inside  # its own file, by its path
    assert history.load_entry(f"../history/{inside.name}", folder)[1]["ended"] == "left"


@pytest.mark.parametrize("lang", ["en", "el"])
@pytest.mark.parametrize("name", ["..", "../x", "../..", "a/b", "./", "x/../../y", "../" * 40 + "z"])
def test_review_of_an_odd_name_says_no_such_match_in_words(
        lang: str, name: str, tmp_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kept(history.history_dir())
    work = tmp_home / "w"
    work.mkdir()
    monkeypatch.chdir(work)
    for what in ([name], ["--jsonl", name]):
        code, out, err = review([*what, "--lang", lang])
        assert code == 1 and out == ""
        assert "Traceback" not in err and err.count("\n") == 1, err
        said = err.strip()  # no such match, or a folder that is no kept match
        assert said == M.text("review.no_match", lang, name=shown(name, None)) \
            or said.startswith(M.text("review.bad_match", lang, name=shown(name, None), error="")), said


@pytest.mark.parametrize("lang", ["en", "el"])
def test_review_reads_a_kept_match_by_the_path_the_person_gives(
        lang: str, tmp_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A match kept beside a ``--save`` elsewhere is named by its path after the match."""
    outside = kept(tmp_home / "elsewhere" / "history")
    monkeypatch.chdir(tmp_home / "elsewhere")
    code, out, err = review(["--jsonl", os.path.join("history", outside.name), "--lang", lang])
    assert code == 0 and err == ""  # a match of no plays: no lines
    code, out, err = review(["--jsonl", outside.stem, "--lang", lang])  # not in the history folder
    assert code == 1 and err.strip() == M.text("review.no_match", lang, name=outside.stem)


@pytest.mark.parametrize("lang", ["en", "el"])
def test_review_list_says_a_file_stands_where_the_history_folder_goes_and_leaves_it(
        lang: str, tmp_home: Path) -> None:
    folder = history.history_dir()
    folder.parent.mkdir(parents=True)
    folder.write_text("my notes\n")
    code, out, err = review(["--list", "--lang", lang])
    assert (code, err) == (0, "")
    assert out.strip() == M.text("review.list_blocked", lang, path=str(folder))
    assert folder.read_text() == "my notes\n"


@pytest.mark.parametrize("lang", ["en", "el"])
@pytest.mark.parametrize("damage", [{"position": "x"}, {"dice": "ab"}, {"cube": "double", "value": "a"}])
def test_a_kept_match_with_a_damaged_turn_is_said_in_words_of_the_language(
        lang: str, damage: dict[str, object], tmp_home: Path) -> None:
    from tavli_voice import startup

    turn = {"game": 1, "kind": "portes", "turn": 1, "side": 0, "dice": [6, 1],
            "play": "24/23 24/18", "position": {"game": "portes", "preset": "tavlucky", "points": [
                -2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2],
                "bar": [0, 0], "off": [0, 0]}}
    path = history.keep(new_session(kind="portes", length=1, seed=5).snapshot(), [{**turn, **damage}],
                        ended="left", folder=history.history_dir()).path
    said = M.text("review.bad_match", lang, name=path.stem, error=M.text("review.not_a_match", lang))
    runs = [["--jsonl", "--all-plays"], ["--speech", "off"]]
    for run in runs:
        out, err = io.StringIO(), io.StringIO()
        code = review_cli.main([path.stem, *run, "--lang", lang], out, err, io.StringIO("q\n"),
                               walk=startup.run_review)
        if code == 0:  # a turn this review does not read: nothing to say of it
            assert err.getvalue() == "" and "Traceback" not in out.getvalue()
            continue
        assert code == 1 and err.getvalue().strip() == said, err.getvalue()
