"""A kept match's name (the history file ``tavli-voice review NAME`` opens) is in the
person's language: a Greek player reads no Latin letters in it, and names kept earlier
with "vs" still list and open (R9: the match's record)."""

from __future__ import annotations

import errno
import io
import os
import re
import time
from pathlib import Path

import pytest

from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice import history, review_cli, storage
from tavli_voice.events import Phase
from tavli_voice.session import new_session
from tavli_voice.ui.app import App


@pytest.fixture
def home(tmp_home: Path) -> Path:
    """Every user folder inside ``tmp_path``."""
    return tmp_home


def finish_a_match(home: Path, lang: str, seed: int = 5) -> tuple[App, list[str]]:
    """A 1-point Portes match against Rita, the person taking the first play each turn;
    the App at the end and every notice said."""
    app = App(new_session(kind="portes", length=1, seed=seed), lang=lang,
              save_path=storage.data_dir() / "autosave.json")
    app.offer_review = False
    said: list[str] = []
    app.subscribe(lambda evs: said.extend(e.text for e in evs if isinstance(e, E.Notice)))
    app.start()
    for _ in range(2000):
        if app.finished:
            break
        if app.bot_to_act():
            app.bot_step()
            continue
        phase = app.state().phase
        if phase is Phase.ROLL:
            app.command(C.Roll())
        elif phase is Phase.PLAY:
            app.command(C.ChoosePlay(1))
        elif phase is Phase.CONFIRM:
            app.command(C.Confirm())
        else:
            app.command(C.No())
    assert app.session.phase is Phase.MATCH_OVER
    return app, said


def test_a_greek_players_kept_match_is_named_in_greek_letters_and_old_names_still_open(
        home: Path) -> None:
    app, said = finish_a_match(home, "el")
    assert app.history_kept is not None and app.history_kept.exists()
    stem = app.history_kept.stem
    assert re.fullmatch(r"\d{8}-\d{6}-εσύ-με-ρίτα", stem), stem
    told = next(line for line in said if line.startswith("Ο αγώνας κρατήθηκε στο ιστορικό"))
    assert told.endswith(f" review {stem}")
    assert not re.search(r"[A-Za-z]", stem)
    # a match kept earlier with "vs" still lists and opens beside it
    folder = app.history_kept.parent
    old = folder / "20261201-101500-you-vs-rita.json"
    old.write_bytes(app.history_kept.read_bytes())
    listed = [e.path.name for e in history.entries(folder).entries]
    assert listed == [app.history_kept.name, old.name]  # newest first, both readable
    for name in (old.stem, app.history_kept.stem):
        path, data = history.load_entry(name, folder)
        assert path.exists() and data["ended"] == "finished"
    out, err = io.StringIO(), io.StringIO()
    assert review_cli.main(["--list", "--lang", "el"], out, err) == 0, err.getvalue()
    lines = out.getvalue().splitlines()
    assert any(line.startswith(old.stem + "  ") for line in lines), lines
    assert any(line.startswith(app.history_kept.stem + "  ") for line in lines), lines


def test_an_english_players_kept_match_keeps_its_english_name(home: Path) -> None:
    app, _ = finish_a_match(home, "en")
    assert app.history_kept is not None
    assert re.fullmatch(r"\d{8}-\d{6}-you-vs-rita", app.history_kept.stem)


def test_the_names_joiner_and_the_unnamed_person_are_words_in_both_languages() -> None:
    from tavli_voice.words import text

    assert history.history_name("2026-12-05T23:15:00", [text("review.file_you", "el"), "Ρίτα"],
                                text("review.file_vs", "el")) == "20261205-231500-εσύ-με-ρίτα.json"
    assert history.history_name("2026-12-05T23:15:00", [text("review.file_you", "en"), "Rita"],
                                text("review.file_vs", "en")) == "20261205-231500-you-vs-rita.json"


# ------------------------------------- an unfinished match kept aside for a new one (R9)
def play_cli(args: list[str], lines: list[str]) -> str:
    """``tavli-voice ARGS --speech off`` with typed ``lines``; everything printed."""
    from tavli_voice import startup
    from tavli_voice.cli import main as cli_main

    out = io.StringIO()
    real = startup.main

    def main(argv: list[str], *_: object, **kw: object) -> int:
        return real(argv, out, io.StringIO("\n".join(lines) + "\n"), **kw)  # type: ignore[arg-type]

    startup.main = main  # type: ignore[assignment]
    try:
        code = cli_main((args if args[:1] == ["resume"] else ["play"] + args) + ["--speech", "off"])
    finally:
        startup.main = real  # type: ignore[assignment]
    return out.getvalue() + f"[exit {code}]"


@pytest.mark.parametrize("lang,prefix", [("el", "αγώνας-"), ("en", "match-")])
def test_an_unfinished_match_kept_for_a_new_one_is_named_in_the_players_language(
        home: Path, monkeypatch: pytest.MonkeyPatch, lang: str, prefix: str) -> None:
    from tavli_voice import words as M
    from tavli_voice.ui import saved

    monkeypatch.setattr(saved, "program", lambda *a, **k: "tavli-voice")
    play_cli(["--game", "portes", "--points", "3", "--seed", "4", "--lang", lang], ["q"])
    folder = storage.data_dir()
    autosave = (folder / "autosave.json").read_bytes()
    text = play_cli(["--game", "fevga", "--lang", lang], ["n", "q"])
    kept = saved.kept_matches(folder)
    assert len(kept) == 1 and re.fullmatch(re.escape(prefix) + r"\d{8}-\d{6}", kept[0]), kept
    assert (folder / f"{kept[0]}.json").read_bytes() == autosave  # moved whole
    if lang == "el":
        assert not re.search(r"[A-Za-z]", kept[0])
    # the command to continue it repeats how this person plays (here the language, no speech)
    said = M.text("saved.kept", lang, name=kept[0],
                  command=f"tavli-voice resume {kept[0]} --lang {lang} --speech off")
    assert said in text.splitlines(), text
    # the name before or after the options
    resumed = play_cli(["resume", "--lang", lang, kept[0]], ["q"])
    assert M.text("match.resumed", lang, game=M.game_name("portes", lang),
                  length=M.plural("board.length", 3, lang)) in resumed


@pytest.mark.parametrize("lang", ["en", "el"])
def test_resume_takes_a_kept_name_before_or_after_its_options_and_refuses_two_names(
        home: Path, lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    from tavli_voice import words as M

    folder = storage.data_dir()
    for args in (["resume", "no-such-match", "--lang", lang], ["resume", "--lang", lang, "no-such-match"]):
        assert M.text("resume.none", lang, path=str(folder / "no-such-match.json")) in play_cli(args, [])
    with pytest.raises(SystemExit):
        play_cli(["resume", "--lang", lang, "one", "--resume-name", "two"], [])
    assert M.text("cli.two_names", lang, a="one", b="two") in capsys.readouterr().err


def test_matches_kept_under_either_languages_name_list_by_time_and_resume(
        home: Path) -> None:
    from tavli_voice.ui import saved

    play_cli(["--game", "portes", "--points", "3", "--seed", "4", "--lang", "el"], ["q"])
    folder = storage.data_dir()
    data = (folder / "autosave.json").read_bytes()
    (folder / "match-20261201-151300.json").write_bytes(data)  # kept before names were Greek
    (folder / "αγώνας-20261130-090000.json").write_bytes(data)
    (folder / "αγώνας-20261202-090000.json").write_bytes(data)
    assert saved.kept_matches(folder) == ["αγώνας-20261130-090000", "match-20261201-151300",
                                          "αγώνας-20261202-090000"]
    assert all(storage.owned_name(folder / f"{n}.json") for n in saved.kept_matches(folder))
    (folder / "autosave.json").unlink()
    told = play_cli(["resume", "--lang", "el"], [])  # no autosave: the kept ones are named
    assert "αγώνας-20261130-090000, match-20261201-151300, αγώνας-20261202-090000" in told
    for name in ("match-20261201-151300", "αγώνας-20261202-090000"):
        assert "Ο αγώνας συνεχίζεται" in play_cli(["resume", name, "--lang", "el"], ["q"])


def test_the_kept_names_prefixes_are_the_words_catalogues_in_every_language() -> None:
    from tavli_voice import words as M
    from tavli_voice.ui import saved

    assert set(storage.KEPT_PREFIXES) == {M.text("saved.file_name", lang) + "-"
                                          for lang in M.LANGS} == set(saved.PREFIXES.values())


def test_keeping_aside_never_replaces_a_file_even_one_made_after_the_check(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two matches kept the same second, and a file that appears between the look and the
    move (another copy of the program): each keeps its own bytes under its own name."""
    from tavli_voice.ui import saved

    now = time.mktime((2026, 12, 6, 7, 30, 0, 0, 0, -1))
    save = tmp_path / "autosave.json"
    save.write_bytes(b'{"first": 1}')
    assert saved.keep_aside(save, now, "el") == "αγώνας-20261206-073000" and not save.exists()
    save.write_bytes(b'{"second": 2}')
    raced = tmp_path / "αγώνας-20261206-073000-1.json"
    real_exists = Path.exists

    def exists(path: Path) -> bool:  # the name looks free, then another program takes it
        if path == raced and not real_exists(path):
            path.write_bytes(b'{"other": 3}')
            return False
        return real_exists(path)

    monkeypatch.setattr(Path, "exists", exists)
    name = saved.keep_aside(save, now, "el")
    monkeypatch.undo()
    assert name == "αγώνας-20261206-073000-2" and not save.exists()
    assert (tmp_path / "αγώνας-20261206-073000.json").read_bytes() == b'{"first": 1}'
    assert raced.read_bytes() == b'{"other": 3}'
    assert (tmp_path / f"{name}.json").read_bytes() == b'{"second": 2}'


def test_a_folder_without_hard_links_keeps_the_match_by_an_exclusive_copy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tavli_voice.ui import saved

    save = tmp_path / "autosave.json"
    save.write_bytes(b'{"match": 1}')

    def no_links(*_: object, **__: object) -> None:
        raise OSError(errno.EPERM, "hard links not supported")

    monkeypatch.setattr(os, "link", no_links)
    name = saved.keep_aside(save, 0.0, "en")
    assert name.startswith("match-") and not save.exists()
    assert (tmp_path / f"{name}.json").read_bytes() == b'{"match": 1}'


@pytest.mark.parametrize("lang", ["el", "en"])
def test_when_the_match_cannot_be_kept_aside_no_new_match_is_started_over_it(
        home: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    from tavli_voice import words as M
    from tavli_voice.ui import saved
    from tavli_voice.ui.guard import os_error_text

    play_cli(["--game", "portes", "--points", "3", "--seed", "4", "--lang", lang], ["q"])
    save = storage.data_dir() / "autosave.json"
    before = save.read_bytes()
    full = OSError(errno.ENOSPC, "No space left on device")

    def fails(*_: object, **__: object) -> None:
        raise full

    monkeypatch.setattr(os, "link", fails)
    monkeypatch.setattr(saved.shutil, "copyfileobj", fails)
    text = play_cli(["--game", "fevga", "--lang", lang], ["n", "q"])
    assert text.endswith("[exit 1]")
    assert M.text("saved.not_kept", lang, path=str(save), error=os_error_text(full, lang),
                  command=f"{saved.program()} resume --lang {lang} --speech off") in text
    assert save.read_bytes() == before and saved.kept_matches(save.parent) == []
    assert [p.name for p in save.parent.glob("*.json")] == ["autosave.json"]


# ------------------------------------------------- a damaged save's copy, in the language
@pytest.mark.parametrize("lang,word", [("el", "χαλασμένο"), ("en", "corrupt")])
def test_a_damaged_saves_copy_is_named_in_the_players_language_and_made_once(
        home: Path, lang: str, word: str) -> None:
    from tavli_voice import words as M

    play_cli(["--game", "portes", "--points", "3", "--seed", "4", "--lang", lang], ["q"])
    save = storage.data_dir() / "autosave.json"
    raw = save.read_bytes()[:300]
    save.write_bytes(raw)
    told = play_cli(["resume", "--lang", lang], [])
    copies = sorted(save.parent.glob("autosave.json.*-*"))
    assert len(copies) == 1 and re.fullmatch(rf"autosave\.json\.{word}-\d{{8}}-\d{{6}}",
                                             copies[0].name), copies
    assert copies[0].read_bytes() == raw and save.read_bytes() == raw  # nothing moved away
    assert M.text("resume.corrupt", lang, path=str(copies[0]),
                  command=f"{saved_program()} play") in told
    assert storage.owned_name(copies[0]) and storage.set_aside(copies[0]) == copies[0]
    # the other language's player reads the same damage: the one copy is named, not a second
    other = "en" if lang == "el" else "el"
    again = play_cli(["resume", "--lang", other], [])
    assert sorted(save.parent.glob("autosave.json.*-*")) == copies
    assert str(copies[0]) in again


def saved_program() -> str:
    from tavli_voice.ui import saved

    return saved.program()


def test_a_damaged_history_file_is_copied_aside_under_the_greek_word_in_greek(
        home: Path) -> None:
    app, _ = finish_a_match(home, "el")
    assert app.history_kept is not None
    raw = app.history_kept.read_bytes()[:400]
    app.history_kept.write_bytes(raw)
    out, err = io.StringIO(), io.StringIO()
    assert review_cli.main(["--list", "--lang", "el"], out, err) == 0
    copies = list(app.history_kept.parent.glob(app.history_kept.name + ".*"))
    assert len(copies) == 1 and ".json.χαλασμένο-" in copies[0].name, copies
    assert copies[0].read_bytes() == raw and str(copies[0]) in err.getvalue()
    assert not re.search(r"[A-Za-z]", copies[0].name.replace(".json.", ""))


def test_the_damaged_copies_words_are_the_words_catalogues_in_every_language() -> None:
    from tavli_voice import words as M

    assert set(storage.DAMAGED_WORDS) == {M.text("saved.damaged_name", lang) for lang in M.LANGS}
