"""The user's files are never moved, overwritten or lost, and nothing of theirs blocks the game.

Every case is made in ``tmp_path`` with ``HOME`` and ``XDG_*`` pointed there;
each checks the words the user gets (English and Greek), that the game goes
on or ends with a message, and that the user's file is untouched (same bytes,
same inode).
"""

from __future__ import annotations

import io
import json
import os
import re
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tavli_voice import storage, userfiles
from tavli_voice.session import new_session
from tavli_voice.startup import main

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Home, data, config and temporary folders all inside ``tmp_path``."""
    for name, sub in (("HOME", "h"), ("XDG_DATA_HOME", "xd"), ("XDG_CONFIG_HOME", "xc"),
                      ("XDG_CACHE_HOME", "xk")):
        (tmp_path / sub).mkdir()
        monkeypatch.setenv(name, str(tmp_path / sub))
    monkeypatch.delenv("TAVLI_VOICE_HOME", raising=False)
    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "tmp"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def fingerprint(path: Path) -> tuple[int, int, bytes | None]:
    info = os.lstat(path)
    data = path.read_bytes() if stat.S_ISREG(info.st_mode) else None
    return info.st_ino, info.st_mode, data


def run(argv: list[str], typed: str = "q\n") -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv + ["--speech", "off"], out=out, inp=io.StringIO(typed))
    return code, out.getvalue()


def a_save(seed: int = 1) -> dict[str, object]:
    return new_session("portes", seed=seed).snapshot()


REFUSED = {"en": "cannot be used for a saved match", "el": "δεν μπορεί να χρησιμοποιηθεί"}


def make_target(tmp_path: Path, kind: str) -> Path:
    if kind == "text file":
        path = tmp_path / "victim.txt"
        path.write_text("my precious notes\n")
    elif kind == "other json":
        path = tmp_path / "other.json"
        path.write_text('{"name": "another program"}')
    elif kind == "folder":
        path = tmp_path / "Documents"
        path.mkdir()
        (path / "letter.txt").write_text("dear")
    elif kind == "fifo":
        path = tmp_path / "pipe"
        os.mkfifo(path)
    elif kind == "link to fifo":
        os.mkfifo(tmp_path / "pipe")
        path = tmp_path / "link.json"
        path.symlink_to(tmp_path / "pipe")
    elif kind == "link to folder":
        (tmp_path / "Documents").mkdir()
        path = tmp_path / "docs.json"
        path.symlink_to(tmp_path / "Documents")
    else:
        raise AssertionError(kind)
    return path


KINDS = ["text file", "other json", "folder", "fifo", "link to fifo", "link to folder"]


class TestSavePathsNotOurs:
    @pytest.mark.parametrize("kind", KINDS)
    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_play_refuses_and_leaves_it(self, tmp_path: Path, kind: str, lang: str) -> None:
        path = make_target(tmp_path, kind)
        before = fingerprint(path)
        started = time.monotonic()
        code, said = run(["--game", "portes", "--lang", lang, "--save", str(path)])
        assert time.monotonic() - started < 10  # a FIFO never blocks
        assert code == 2 and REFUSED[lang] in said and str(path) in said
        assert fingerprint(path) == before
        assert sorted(p.name for p in path.parent.iterdir() if "corrupt" in p.name) == []

    @pytest.mark.parametrize("kind", ["text file", "other json", "fifo", "link to fifo"])
    def test_resume_refuses_and_leaves_it(self, tmp_path: Path, kind: str) -> None:
        path = make_target(tmp_path, kind)
        before = fingerprint(path)
        code, said = run(["--resume", "--save", str(path)])
        assert code == 2 and REFUSED["en"] in said
        assert fingerprint(path) == before

    def test_resume_by_name_of_another_json(self, tmp_path: Path) -> None:
        path = make_target(tmp_path, "other json")
        before = fingerprint(path)
        code, said = run(["--resume", "--resume-name", "other.json"])
        assert code == 2 and "not a tavli-voice save" in said and fingerprint(path) == before

    @pytest.mark.parametrize("target, why", [("/dev/null", "not an ordinary file"),
                                             ("/", "it is a folder"),
                                             ("x" * 300, "the name is too long")])
    def test_system_paths_and_long_names(self, target: str, why: str) -> None:
        before = os.stat(target).st_ino if os.path.exists(target) else None
        code, said = run(["--game", "portes", "--save", target])
        assert code == 2 and why in said
        if before is not None:
            assert os.stat(target).st_ino == before

    def test_a_save_of_ours_under_any_name_is_used(self, tmp_path: Path) -> None:
        path = tmp_path / "mine.json"
        storage.save(a_save(), path)
        code, said = run(["--resume", "--save", str(path)])
        assert code in (0, 1) and REFUSED["en"] not in said and "Portes" in said

    def test_refusal_codes(self, tmp_path: Path) -> None:
        assert storage.refusal(tmp_path / "new.json") is None
        (tmp_path / "empty.json").write_bytes(b"")
        assert storage.refusal(tmp_path / "empty.json") is None
        assert storage.refusal(make_target(tmp_path, "text file")) == "not_a_save"
        assert storage.refusal(tmp_path / "victim.txt" / "x.json") is None  # saved elsewhere

    def test_a_data_folder_that_is_a_file_moves_the_save(self, tmp_path: Path) -> None:
        (tmp_path / "xd" / "tavli_voice").write_text("not a folder")
        code, said = run(["--game", "portes"], "r\nq\n")
        assert "It is saved in" in said and REFUSED["en"] not in said
        assert (tmp_path / "xd" / "tavli_voice").read_text() == "not a folder"
        assert storage.load(tmp_path / "h" / "tavli_voice-saves" / "autosave.json").data


class TestDamagedSaveIsCopied:
    @pytest.mark.parametrize("lang, words", [
        ("en", "The saved match could not be read. It was kept aside as "),
        ("el", "Ο αποθηκευμένος αγώνας δεν μπόρεσε να διαβαστεί. Κρατήθηκε ως ")])
    def test_resume_copies_and_leaves_the_file(self, tmp_path: Path, lang: str,
                                               words: str) -> None:
        path = tmp_path / "mine.json"
        path.write_text('{"version":2,"config":{"length"')  # ours, cut short
        before = fingerprint(path)
        code, said = run(["--resume", "--lang", lang, "--save", str(path)])
        assert code == 1 and said.startswith(words)
        damaged = "corrupt" if lang == "en" else "χαλασμένο"  # the copy named in the language
        copies = list(tmp_path.glob(f"mine.json.{damaged}-*"))
        assert len(copies) == 1 and copies[0].read_bytes() == before[2]
        assert fingerprint(path) == before
        run(["--resume", "--lang", lang, "--save", str(path)])  # again: no second copy
        assert list(tmp_path.glob("mine.json.*-*")) == copies

    @pytest.mark.parametrize("lang, damaged", [("en", "corrupt"), ("el", "χαλασμένο")])
    def test_a_save_larger_than_a_read_is_moved_aside_whole_and_the_new_match_saves_beside_it(
            self, tmp_path: Path, lang: str, damaged: str) -> None:
        path = tmp_path / "xd" / "tavli_voice" / "autosave.json"
        path.parent.mkdir(parents=True)
        size = storage.MAX_SAVE_BYTES + (3 << 20) + 5
        with open(path, "wb") as stream:  # sparse: marks at both ends, a hole between
            stream.write(b'{"version":2,"log":[')
            stream.seek(size - 4)
            stream.write(b"end]")
        inode = os.stat(path).st_ino
        code, said = run(["--game", "portes", "--lang", lang], "q\n")
        kept = list(path.parent.glob(f"autosave.json.{damaged}-*"))
        assert len(kept) == 1 and os.stat(kept[0]).st_ino == inode  # moved, never copied
        assert str(kept[0]) in said.splitlines()[0]
        with open(kept[0], "rb") as stream:
            whole = stream.read()
        assert len(whole) == size and whole.startswith(b'{"version":2,"log":[')
        assert whole.endswith(b"end]") and whole.count(0) == size - 24
        assert storage.load(path).data is not None  # the new match, saved at the usual place

    def test_a_kept_copy_resumed_is_not_copied_or_renamed(self, tmp_path: Path) -> None:
        (tmp_path / "kept").mkdir()
        path = tmp_path / "kept" / "autosave.json.corrupt-20261201-101010"
        path.write_text("{")
        before = fingerprint(path)
        loaded = storage.load(path)
        assert loaded.problem == "save_corrupt" and loaded.kept_as == path
        assert fingerprint(path) == before and list(path.parent.iterdir()) == [path]


def forbid_reading(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``path`` as a user who may not read it sees it (chmod 0, also when tests run as root)."""
    path.chmod(0)
    real = userfiles.read_regular

    def read(p: Path, limit: int) -> bytes:
        if Path(p) == path:
            raise PermissionError(13, "Permission denied", str(p))
        return real(p, limit)

    monkeypatch.setattr(userfiles, "read_regular", read)


class TestUnreadableSave:
    def test_resume_says_unreadable_not_damaged(self, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
        path = tmp_path / "xd" / "tavli_voice" / "autosave.json"
        storage.save(a_save(), path)
        forbid_reading(path, monkeypatch)
        before = fingerprint(path)
        for lang, words in (("en", "may not be read"), ("el", "δεν επιτρέπεται να διαβαστεί")):
            code, said = run(["--resume", "--lang", lang])
            assert code == 1 and words in said and "kept aside" not in said
        assert storage.load(path).problem == "save_unreadable"
        assert list(path.parent.glob("*corrupt*")) == []
        path.chmod(0o600)
        assert fingerprint(path)[2] == before[2]

    def test_a_new_match_is_saved_beside_it(self, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
        path = tmp_path / "xd" / "tavli_voice" / "autosave.json"
        storage.save(a_save(), path)
        data = path.read_bytes()
        forbid_reading(path, monkeypatch)
        code, said = run(["--game", "portes"], "r\nq\n")
        assert "this new match is saved in" in said and "autosave-2.json" in said
        path.chmod(0o600)
        assert path.read_bytes() == data
        assert storage.load(path.with_name("autosave-2.json")).data is not None


class TestResumeFindsTheNewest:
    def test_a_save_moved_by_a_full_disk_is_found_and_named(self, tmp_path: Path) -> None:
        usual = tmp_path / "xd" / "tavli_voice" / "autosave.json"
        storage.save(a_save(1), usual)
        os.utime(usual, (time.time() - 3600, time.time() - 3600))
        moved = tmp_path / "h" / "tavli_voice-saves" / "autosave.json"
        storage.save(a_save(2), moved)
        assert storage.saves_to_resume() == [moved, usual]
        for lang, words in (("en", "Resuming the newest saved match, in "),
                            ("el", "Συνεχίζεται ο πιο πρόσφατος αποθηκευμένος αγώνας, στο ")):
            code, said = run(["--resume", "--lang", lang])
            assert said.startswith(words + str(moved))

    def test_the_usual_save_when_it_is_newest_is_not_announced(self, tmp_path: Path) -> None:
        usual = tmp_path / "xd" / "tavli_voice" / "autosave.json"
        storage.save(a_save(1), usual)
        code, said = run(["--resume"])
        assert "Resuming the newest" not in said and "Portes" in said


class TestLockThatCannotBeTaken:
    @pytest.mark.parametrize("blocker", ["folder", "fifo"])
    def test_second_copy_saves_elsewhere_and_says_so(self, tmp_path: Path,
                                                     blocker: str) -> None:
        path = tmp_path / "game.json"
        lock = storage.SaveLock.lock_path(path)
        if blocker == "folder":
            lock.mkdir()
        else:
            os.mkfifo(lock)
        storage.save(a_save(1), path)
        before = fingerprint(path)
        with pytest.raises(storage.LockUnavailable):
            storage.SaveLock.acquire(path)
        code, said = run(["--game", "portes", "--save", str(path)], "n\nq\n")
        assert "cannot be used" in said and "game-2.json" in said
        assert fingerprint(path) == before
        assert storage.load(tmp_path / "game-2.json").data is not None

    def test_a_resume_goes_on_in_a_copy(self, tmp_path: Path) -> None:
        path = tmp_path / "game.json"
        storage.SaveLock.lock_path(path).mkdir()
        storage.save(a_save(1), path)
        before = fingerprint(path)
        code, said = run(["--resume", "--lang", "el", "--save", str(path)])
        assert "Το αρχείο κλειδώματος" in said and "game-2.json" in said
        assert fingerprint(path) == before
        assert storage.load(tmp_path / "game-2.json").data is not None


DAMAGED = {"en": "corrupt", "el": "χαλασμένο"}


def settings_copies(folder: Path) -> list[Path]:
    """The damaged settings files kept aside in ``folder``, oldest first."""
    return sorted(p for p in folder.iterdir() if p.name.startswith("settings.json."))


class TestSettingsFile:
    @pytest.mark.parametrize("raw", [b"{not json", b'{"speech": {"volume": NaN}}', b"[1]"])
    @pytest.mark.parametrize("lang, words", [("en", "is damaged, so the default settings are used"),
                                             ("el", "είναι χαλασμένο")])
    def test_damaged_settings_are_copied_and_said(self, tmp_path: Path, raw: bytes, lang: str,
                                                  words: str) -> None:
        path = tmp_path / "xc" / "tavli_voice" / "settings.json"
        path.parent.mkdir(parents=True)
        path.write_bytes(raw)
        before = fingerprint(path)
        code, said = run(["--no-save", "--game", "portes", "--lang", lang])
        [copy] = settings_copies(path.parent)  # named as a damaged save's copy is, in the language
        assert copy.name.startswith(f"settings.json.{DAMAGED[lang]}-") and storage.damaged_copy(copy.name)
        assert words in said and str(copy) in said and ("Portes" in said or "Πόρτες" in said)
        assert fingerprint(path) == before
        assert copy.read_bytes() == raw

    @pytest.mark.parametrize("lang, default, kept", [
        ("en", "so the default settings are used", "Your old file is kept as"),
        ("el", "γι' αυτό χρησιμοποιούνται οι προεπιλεγμένες ρυθμίσεις",
         "Το παλιό σου αρχείο κρατήθηκε ως")])
    def test_the_damaged_settings_line_says_defaults_and_the_old_file_plainly(
            self, tmp_path: Path, lang: str, default: str, kept: str) -> None:
        path = tmp_path / "xc" / "tavli_voice" / "settings.json"
        path.parent.mkdir(parents=True)
        path.write_bytes(b'{"speech": {"rate": ')
        _code, said = run(["--no-save", "--game", "portes", "--lang", lang])
        line = said.splitlines()[0]
        [copy] = settings_copies(path.parent)
        assert line.startswith(("The settings file", "Το αρχείο ρυθμίσεων")), line
        assert default in line and f"{kept} {copy}." in line and str(path) in line, line
        assert copy.read_bytes() == b'{"speech": {"rate": '
        words = line.replace(str(copy), "").replace(str(path), "")
        if lang == "el":  # nothing Latin but the two paths
            assert not re.search(r"[A-Za-z]", words), words

    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_a_damaged_settings_file_is_said_once_and_a_new_damage_gets_a_new_copy(
            self, tmp_path: Path, lang: str) -> None:
        path = tmp_path / "xc" / "tavli_voice" / "settings.json"
        path.parent.mkdir(parents=True)
        path.write_bytes(b"{first damage")
        said = [run(["--no-save", "--game", "portes", "--lang", lang])[1] for _ in range(3)]
        [copy] = settings_copies(path.parent)
        assert copy.name.startswith(f"settings.json.{DAMAGED[lang]}-")
        assert [str(copy) in s for s in said] == [True, False, False]
        assert not any(str(path) in s for s in said[1:]), said[1]
        assert copy.read_bytes() == b"{first damage" and path.read_bytes() == b"{first damage"
        path.write_bytes(b"[second damage]")  # damaged again, another way: said again
        _code, again = run(["--no-save", "--game", "portes", "--lang", lang])
        [second] = [p for p in settings_copies(path.parent) if p != copy]
        assert str(second) in again and second.read_bytes() == b"[second damage]"
        other = "el" if lang == "en" else "en"  # a copy kept in either language is said once
        assert str(path) not in run(["--no-save", "--game", "portes", "--lang", other])[1]
        assert copy.read_bytes() == b"{first damage"  # the first copy is never overwritten
        assert str(path) not in run(["--no-save", "--game", "portes", "--lang", lang])[1]

    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_scanning_leaves_the_damaged_file_to_the_one_start_message(
            self, tmp_path: Path, lang: str) -> None:
        from tavli_voice.ui.scan_input import load_settings

        path = tmp_path / "settings.json"
        said: list[str] = []
        for raw in (b"{not json", b"[1]"):
            path.write_bytes(raw)
            settings, _ = load_settings(path, "step", said.append, lang)
            assert settings.mode == "step"
        assert said == []  # the start said it (once), not scanning a second time
        path.write_text('{"scanning": [1]}')  # the scanning section alone: scanning says it
        load_settings(path, "auto", said.append, lang)
        assert len(said) == 1 and ("scanning" in said[0] or "σάρωσης" in said[0]), said

    @pytest.mark.parametrize("lang, place", [("en", "in your settings folder"),
                                             ("el", "στον φάκελο ρυθμίσεων")])
    @pytest.mark.parametrize("damage", ["corrupt", "unreadable"])
    def test_the_settings_problem_is_spoken_with_its_place_in_words(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, place: str,
            damage: str) -> None:
        from tavli_voice.narration import backend
        from tavli_voice.narration.speaker import RecordingSpeaker
        from tavli_voice.narration.speechtext import clean_for_speech

        speaker = RecordingSpeaker(auto_finish=True)
        monkeypatch.setattr(backend, "make_speaker", lambda settings, lang: (speaker, None))
        path = tmp_path / "xc" / "tavli_voice" / "settings.json"
        if damage == "corrupt":
            path.parent.mkdir(parents=True)
            path.write_bytes(b"{not json")
        else:
            path.mkdir(parents=True)  # a folder where the file should be
        out = io.StringIO()
        main(["--no-save", "--game", "portes", "--lang", lang, "--speech", "on"], out=out,
             inp=io.StringIO("q\n"))
        assert str(path) in out.getvalue().splitlines()[0]  # the screen keeps the path
        spoken = [clean_for_speech(u.text, lang) for u in speaker.spoken()]
        about = [t for t in spoken if place in t]
        assert len(about) == 1, spoken
        assert about[0].startswith(("The settings file", "Το αρχείο ρυθμίσεων")), about
        for wrong in ("data folder", "δεδομένων", "settings.json", "tavli"):
            assert wrong not in about[0], about
        if lang == "el":
            assert not re.search(r"[A-Za-z]", about[0]), about

    def test_a_fifo_as_settings_or_save_does_not_hang(self, tmp_path: Path) -> None:
        data = tmp_path / "xd" / "tavli_voice"
        conf = tmp_path / "xc" / "tavli_voice"
        data.mkdir(parents=True)
        conf.mkdir(parents=True)
        os.mkfifo(conf / "settings.json")
        os.mkfifo(data / "autosave.json")
        env = dict(os.environ, PYTHONPATH=str(ROOT), LANG="en_US.UTF-8")
        for verb in ("play", "resume"):
            proc = subprocess.run([sys.executable, "-m", "tavli_voice.cli", verb, "--speech",
                                   "off", "--game", "portes"], input=b"q\n",
                                  capture_output=True, env=env, timeout=60)
            said = proc.stdout.decode()
            assert "settings file" in said and "not an ordinary file" in said
            assert b"Traceback" not in proc.stderr
        assert stat.S_ISFIFO(os.lstat(conf / "settings.json").st_mode)

    def test_nan_is_not_a_setting(self, tmp_path: Path) -> None:
        path = tmp_path / "settings.json"
        path.write_text('{"speech": {"volume": NaN}}')
        assert userfiles.read_document(path)[1] is userfiles.DocumentProblem.CORRUPT


class TestNoSave:
    @pytest.mark.parametrize("lang, words", [("en", "With --no-save there is no saved match"),
                                             ("el", "Με το --no-save δεν υπάρχει")])
    def test_resume_with_no_save_is_explained(self, lang: str, words: str) -> None:
        code, said = run(["--resume", "--no-save", "--lang", lang])
        assert code == 2 and said.startswith(words) and "None" not in said


def test_json_of_a_save_is_what_looks_like_one() -> None:
    raw = json.dumps(a_save()).encode()
    assert storage.looks_like_save(raw) and storage.looks_like_save(raw[:40])
    assert not storage.looks_like_save(b'{"speech": {}}')


class TestFinishedMatchNotKept:
    @pytest.mark.parametrize("lang, kept, finished", [
        ("en", "The finished match could not be kept as ", "is finished; there is nothing to "
         "continue"),
        ("el", "Ο αγώνας που τελείωσε δεν κρατήθηκε ως ", "έχει τελειώσει· δεν υπάρχει τίποτα")])
    def test_names_last_match_and_is_not_resumed(self, tmp_path: Path, lang: str, kept: str,
                                                 finished: str) -> None:
        folder = tmp_path / "xd" / "tavli_voice"
        (folder / "last-match.json").mkdir(parents=True)
        (folder / "last-match.json" / "keep.txt").write_text("mine")
        code, said = run(["--players", "random,random", "--points", "1", "--seed", "1",
                          "--game", "portes", "--lang", lang], "")
        line = next(x for x in said.splitlines() if x.startswith(kept))
        assert str(folder / "last-match.json") in line and str(folder / "autosave.json") in line
        assert not (tmp_path / "h" / "tavli_voice-saves").exists()  # not moved elsewhere
        assert json.loads((folder / "autosave.json").read_text())["over"] is True
        assert (folder / "last-match.json" / "keep.txt").read_text() == "mine"
        code, said = run(["--resume", "--lang", lang])
        assert code == 1 and finished in said
        code, said = run(["--game", "portes", "--lang", lang], "q\n")  # a new match, no question
        assert "not finished" not in said and "δεν τελείωσε" not in said
        assert json.loads((folder / "autosave.json").read_text())["over"] is False
