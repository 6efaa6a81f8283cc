"""Nothing lost, nothing crashes: saves that cannot be written, two copies, damaged saves,
symlinks, checkpoints, hostile input to ``moves`` and ``play``, signals and full outputs.

Each test feeds the exact input that once failed and checks the words the user
gets (English and Greek) and that the save is whole or kept aside.
"""

from __future__ import annotations

import errno
import io
import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import termios
import time
from pathlib import Path
from typing import IO, Any

import pytest

from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice import storage, userfiles
from tavli_voice.moves_cli import answer_line, run_jsonl
from tavli_voice.rules import Position
from tavli_voice.session import Phase, Session, new_session
from tavli_voice.ui.app import App
from tavli_voice.ui.guard import visible
from tavli_voice.ui.keys import UnknownInput, parse_line

ROOT = Path(__file__).resolve().parents[1]
OPENING = Position.initial("portes").to_json()


def bots_session(seed: int = 1, preset: str = "tavlucky", length: int = 3) -> Session:
    return new_session("tavli", length=length, preset=preset, seed=seed,
                       players=(E.PlayerInfo("a", "random"), E.PlayerInfo("b", "random")))


def texts(app: App) -> list[str]:
    seen: list[str] = []
    app.subscribe(lambda evs: seen.extend(e.text for e in evs if isinstance(e, E.Notice)))
    return seen


def env_for(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ, TAVLI_VOICE_HOME=str(tmp_path / "home"), LANG="en_US.UTF-8",
               PYTHONPATH=str(ROOT), XDG_DATA_HOME=str(tmp_path / "xdg"),
               XDG_CONFIG_HOME=str(tmp_path / "xdgc"), HOME=str(tmp_path / "h"))
    env.update(extra)
    return env


def ctrl_c_once_seen(proc: subprocess.Popen[bytes], stream: IO[bytes] | None,
                     seen_last: bytes) -> tuple[bytes, bytes]:
    """Reads ``proc``'s ``stream`` until ``seen_last`` has come, then Ctrl-C: what the
    program printed after it (output, errors); the program killed if it outlives the test."""
    try:
        assert stream is not None
        seen = b""
        while seen_last not in seen:
            line = stream.readline()
            assert line, seen  # the program got that far
            seen += line
        proc.send_signal(signal.SIGINT)
        return proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.fixture()
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Fallback folders inside tmp_path only (never the real home)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "h"))
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    return tmp_path


# --------------------------------------------------------------- 1: failing saves

class TestSaveThatCannotBeWritten:
    @pytest.mark.parametrize("lang, failed, moved", [
        ("en", "could not be saved in", "It is saved in"),
        ("el", "δεν αποθηκεύτηκε στο", "Από τώρα αποθηκεύεται στο")])
    def test_data_folder_is_a_file_is_said_and_saved_elsewhere(
            self, isolated: Path, lang: str, failed: str, moved: str) -> None:
        blocker = isolated / "data"
        blocker.write_text("not a folder")
        app = App(bots_session(), lang=lang, save_path=blocker / "autosave.json")
        said = texts(app)
        app.start()
        assert len(said) == 1 and failed in said[0] and moved in said[0]
        assert ("a file stands where the folder should be" if lang == "en"
                else "στη θέση του φακέλου υπάρχει αρχείο") in said[0]
        new = app.save_path
        assert new is not None and new.parent == isolated / "xdg" / "tavli_voice"
        assert f"tavli-voice resume --save {new}" in said[0]
        for _ in range(30):
            app.bot_step()
        restored, _ = Session.restore(json.loads(new.read_text()))
        assert (restored.position, restored.turn_counter) == (app.session.position,
                                                              app.session.turn_counter)
        assert app.saved and len(said) == 1  # said once, not at every move
        assert blocker.read_text() == "not a folder"

    def test_moved_save_names_the_command_that_started_the_program(self, isolated: Path) -> None:
        blocker = isolated / "data"
        blocker.write_text("not a folder")
        app = App(bots_session(), lang="en", save_path=blocker / "autosave.json")
        app.program, app.resume_way = "/opt/tv/bin/tavli-voice", " --lang en --numbering mover"
        said = texts(app)
        app.start()
        new = app.save_path
        assert new is not None and new.parent == isolated / "xdg" / "tavli_voice"
        assert app.resume_command == (f"/opt/tv/bin/tavli-voice resume --save {new}"
                                      " --lang en --numbering mover")
        assert app.resume_command in said[0]

    def test_nowhere_to_save_is_said_and_goodbye_claims_nothing(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(storage, "fallback_folders", lambda failed: [])
        blocker = tmp_path / "data"
        blocker.write_text("x")
        session = new_session("portes", seed=3)
        app = App(session, lang="el", save_path=blocker / "autosave.json")
        said = texts(app)
        lines: list[str] = []
        from tavli_voice.narration.phrases import screen_text
        app.subscribe(lambda evs: lines.extend(screen_text(e, app.context()) for e in evs))
        app.start()
        assert said == ["Ο αγώνας δεν αποθηκεύτηκε στο " + str(blocker / "autosave.json")
                        + ": στη θέση του φακέλου υπάρχει αρχείο. Δεν δουλεύει ούτε άλλος "
                        "φάκελος, οπότε οι κινήσεις από εδώ και πέρα δεν αποθηκεύονται. Το "
                        "παιχνίδι συνεχίζεται."]
        assert not app.saved
        app.command(C.Quit())
        assert lines[-1] == "Γεια σου." and not any("αποθηκεύτηκε;" in x for x in lines)
        # the folder comes back: said once more, and saving goes on
        blocker.unlink()
        blocker.mkdir()
        app.command(C.Describe("brief"))
        assert said[-1] == f"Ο αγώνας αποθηκεύεται ξανά, στο {blocker / 'autosave.json'}."
        assert (blocker / "autosave.json").exists()

    def test_full_disk_keeps_the_old_save_whole(self, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(storage, "fallback_folders", lambda failed: [])
        path = tmp_path / "autosave.json"
        app = App(new_session("portes", seed=4), lang="en", save_path=path)
        said = texts(app)
        app.start()
        before = path.read_bytes()
        real_write = os.write

        def full(fd: int, data: Any) -> int:
            if fd > 2:
                raise OSError(errno.ENOSPC, "No space left on device")
            return real_write(fd, data)

        monkeypatch.setattr(os, "write", full)
        app.command(C.ChoosePlay(1))
        monkeypatch.setattr(os, "write", real_write)
        assert said and "the disk is full" in said[0] and "not saved" in said[0]
        assert path.read_bytes() == before  # the last good save is whole
        assert [p.name for p in tmp_path.iterdir()] == ["autosave.json"]  # no temp file left
        Session.restore(json.loads(before))

    @pytest.mark.skipif(os.geteuid() != 0, reason="mounting a tmpfs needs root")
    def test_a_really_full_tmpfs(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        small = tmp_path / "small"
        small.mkdir()
        if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(small)],
                          capture_output=True).returncode != 0:
            pytest.skip("cannot mount a tmpfs here")
        try:
            monkeypatch.setattr(storage, "fallback_folders", lambda failed: [tmp_path / "ok"])
            (tmp_path / "ok").mkdir()
            path = small / "autosave.json"
            # (seed 4: you start, so play 1 is yours to choose)
            app = App(new_session("portes", seed=4), lang="en", save_path=path)
            said = texts(app)
            app.start()
            good = path.read_bytes()
            fd = os.open(small / "filler", os.O_WRONLY | os.O_CREAT)
            try:  # fill the disk to the last byte
                for size in (4096, 512, 1):
                    try:
                        while True:
                            os.write(fd, b"\0" * size)
                    except OSError:
                        pass
            finally:
                os.close(fd)
            app.command(C.ChoosePlay(1))
            assert said and "the disk is full" in said[0]
            assert path.read_bytes() == good
            assert app.save_path == tmp_path / "ok" / "autosave.json"
            assert Session.restore(json.loads(app.save_path.read_text()))[0].phase \
                is app.session.phase
        finally:
            subprocess.run(["umount", str(small)], capture_output=True)

    @pytest.mark.skipif(os.geteuid() != 0, reason="mounting a tmpfs needs root")
    def test_read_only_folder(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        ro = tmp_path / "ro"
        ro.mkdir()
        if subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", str(ro)],
                          capture_output=True).returncode != 0:
            pytest.skip("cannot mount a tmpfs here")
        try:
            monkeypatch.setattr(storage, "fallback_folders", lambda failed: [])
            app = App(new_session("portes", seed=5), lang="en", save_path=ro / "autosave.json")
            said = texts(app)
            app.start()
            assert "the folder is read-only" in said[0] and not app.saved
        finally:
            subprocess.run(["umount", str(ro)], capture_output=True)

    def test_fallback_folders_are_real_and_private(self, isolated: Path) -> None:
        failed = isolated / "nope" / "autosave.json"
        folders = storage.fallback_folders(failed)
        assert folders[0] == isolated / "xdg" / "tavli_voice"
        temp = [f for f in folders if f.parent == isolated / "tmp"]
        assert temp and (temp[0].stat().st_mode & 0o777) == 0o700

    def test_fallback_folders_start_in_the_chosen_data_folder(
            self, isolated: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("TAVLI_VOICE_HOME", str(isolated / "mine"))
        folders = storage.fallback_folders(Path("/proc/tavli.json"))
        assert folders[0] == isolated / "mine"
        assert isolated / "xdg" / "tavli_voice" not in folders  # the folder not chosen
        assert not (isolated / "xdg").exists()


# ------------------------------------------------------------------- 2: the lock

class TestLock:
    def test_second_copy_is_refused_and_told_who(self, tmp_path: Path) -> None:
        path = tmp_path / "autosave.json"
        first = storage.SaveLock.acquire(path)
        assert first.held
        with pytest.raises(storage.MatchOpenElsewhere) as busy:
            storage.SaveLock.acquire(path)
        assert busy.value.pid == os.getpid()
        assert storage.SaveLock.holder(path) == os.getpid()
        assert storage.other_save_path(path) == tmp_path / "autosave-2.json"
        first.release()
        assert storage.SaveLock.holder(path) is None
        storage.SaveLock.acquire(path).release()

    def test_a_killed_copy_leaves_no_stale_lock(self, tmp_path: Path) -> None:
        path = tmp_path / "autosave.json"
        code = (f"import sys,time; sys.path.insert(0, {str(ROOT)!r});"
                "from pathlib import Path; from tavli_voice import storage;"
                f"l = storage.SaveLock.acquire(Path({str(path)!r})); print('held', flush=True);"
                "time.sleep(60)")
        proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE)
        try:
            assert proc.stdout is not None and proc.stdout.readline() == b"held\n"
            assert storage.SaveLock.holder(path) == proc.pid
        finally:
            proc.kill()
            proc.wait()
        storage.SaveLock.acquire(path).release()

    def _resume(self, tmp_path: Path, answer: str, lang: str = "en") -> tuple[int, str]:
        from tavli_voice.startup import main
        out = io.StringIO()
        code = main(["--resume", "--speech", "off", "--lang", lang, "--save",
                     str(tmp_path / "autosave.json")], out=out, inp=io.StringIO(answer))
        return code, out.getvalue()

    @pytest.mark.parametrize("lang, asked", [
        ("en", "This match is open in another tavli-voice (process {pid}), which saves it in "
               "{path}. Type w to watch it, n to start a new match, or q to leave."),
        ("el", "Αυτός ο αγώνας είναι ανοιχτός σε άλλο tavli-voice (διεργασία {pid}), που τον "
               "αποθηκεύει στο {path}. Γράψε w για να τον παρακολουθήσεις, n για νέο αγώνα ή q "
               "για έξοδο.")])
    def test_resume_while_open_elsewhere_asks_and_can_leave(self, tmp_path: Path, lang: str,
                                                           asked: str) -> None:
        path = tmp_path / "autosave.json"
        storage.save(new_session("portes", seed=1).snapshot(), path)
        before = path.read_bytes()
        lock = storage.SaveLock.acquire(path)
        try:
            code, out = self._resume(tmp_path, "q\n", lang)
        finally:
            lock.release()
        assert code == 1
        assert out.splitlines()[0] == asked.format(pid=os.getpid(), path=path)
        assert path.read_bytes() == before

    def test_new_match_while_open_elsewhere_is_saved_beside(self, tmp_path: Path) -> None:
        path = tmp_path / "autosave.json"
        s = new_session("portes", seed=1)
        s.start()
        storage.save(s.snapshot(), path)
        before = path.read_bytes()
        lock = storage.SaveLock.acquire(path)
        try:
            code, out = self._resume(tmp_path, "n\nq\n")
        finally:
            lock.release()
        assert f"this new match is saved in {tmp_path / 'autosave-2.json'}" in out
        assert path.read_bytes() == before
        assert json.loads((tmp_path / "autosave-2.json").read_text())["log"] is not None

    def test_watch_follows_the_other_copy(self, tmp_path: Path) -> None:
        path = tmp_path / "autosave.json"
        app = App(new_session("portes", seed=2), lang="en", save_path=path)
        app.lock = storage.SaveLock.acquire(path)
        app.start()
        from tavli_voice.ui.watch import Watcher
        lines: list[str] = []
        watcher = Watcher(path, lines.append, "en")
        assert watcher.refresh() and any("Score" in x or "score" in x for x in lines)
        lines.clear()
        app.command(C.ChoosePlay(1))
        app.command(C.Confirm())
        time.sleep(0.01)
        watcher.refresh()
        assert lines and watcher.session is not None
        assert watcher.session.position == app.session.position
        code, out = self._resume(tmp_path, "w\nd\nq\n")
        assert code == 0 and out.splitlines()[1].startswith("Watching the match in")
        assert out.splitlines()[-1] == "You stopped watching."
        app.lock.release()

    def test_two_real_copies(self, tmp_path: Path) -> None:
        env = env_for(tmp_path)
        args = [sys.executable, "-m", "tavli_voice.cli", "play", "--game", "portes", "--seed",
                "3", "--speech", "off"]
        first = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, env=env, cwd=ROOT)
        try:
            save = tmp_path / "home" / "autosave.json"
            end = time.monotonic() + 30
            while not save.exists() and time.monotonic() < end:
                time.sleep(0.1)
            assert save.exists()
            before = save.read_bytes()
            second = subprocess.run(args, input=b"q\n", capture_output=True, env=env, cwd=ROOT,
                                    timeout=60)
            text = second.stdout.decode()
            assert f"Another tavli-voice (process {first.pid}) is playing the match saved in " \
                   f"{save}; this new match is saved in {save.with_name('autosave-2.json')}." \
                   in text
            assert save.read_bytes() == before
        finally:
            assert first.stdin is not None
            first.communicate(b"q\n", timeout=60)


# ---------------------------------------------------------- 3: damaged saves

def _good_save() -> dict[str, Any]:
    s = new_session("tavli", length=3, seed=9)
    s.start()
    s.handle(C.ChoosePlay(1))
    return json.loads(json.dumps(s.snapshot()))


def _bad(change: str) -> dict[str, Any]:
    data = _good_save()
    if change == "select":
        data["log"].append(["select"])
    elif change == "position":
        data["log"].append(["position"])
    elif change == "point x":
        data["log"].append(["point", "x"])
    elif change == "nested":
        data["log"].append([[["roll"]]])
    elif change == "bot list":
        data["players"][1]["bot"] = []
    elif change == "timer strings":
        data["config"]["timer"] = {"enabled": "yes", "roll_seconds": "45"}
    elif change == "side 5":
        data["log"].append(["position", OPENING, 5])
    elif change == "bar 5":
        data["log"].append(["position", {**OPENING, "bar": [5, 0]}, 0])
    elif change == "cube 3":
        data["config"]["preset"] = "vog"
        data["log"].append(["position", {**OPENING, "preset": "vog",
                                         "cube": {"value": 3, "owner": None}}, 0])
    elif change == "select 99":  # well formed, but does not replay
        data["log"].append(["select", 99])
    return data


BAD_SAVES = ["select", "position", "point x", "nested", "bot list", "timer strings", "side 5",
             "bar 5", "cube 3"]


class TestDamagedSaves:
    @pytest.mark.parametrize("change", BAD_SAVES)
    def test_schema_refuses_and_sets_aside(self, tmp_path: Path, change: str) -> None:
        path = tmp_path / "autosave.json"
        text = json.dumps(_bad(change))
        path.write_text(text)
        with pytest.raises(storage.SaveInvalid):
            storage.check_save(json.loads(text))
        loaded = storage.load(path)
        assert loaded.data is None and loaded.problem == "save_corrupt"
        assert loaded.kept_as is not None and loaded.kept_as.read_text() == text
        assert path.read_text() == text  # copied aside: the file stays where it was

    @pytest.mark.parametrize("change", BAD_SAVES + ["select 99"])
    @pytest.mark.parametrize("lang, words", [
        ("en", "The saved match could not be read. It was kept aside as "),
        ("el", "Ο αποθηκευμένος αγώνας δεν μπόρεσε να διαβαστεί. Κρατήθηκε ως ")])
    def test_resume_says_so_in_words(self, tmp_path: Path, change: str, lang: str,
                                     words: str) -> None:
        from tavli_voice.startup import main
        path = tmp_path / "autosave.json"
        text = json.dumps(_bad(change))
        path.write_text(text)
        out = io.StringIO()
        code = main(["--resume", "--speech", "off", "--lang", lang, "--save", str(path)],
                    out=out, inp=io.StringIO("q\n"))
        assert code == 1 and out.getvalue().startswith(words)
        damaged = "corrupt" if lang == "en" else "χαλασμένο"  # the copy named in the language
        kept = list(tmp_path.glob(f"autosave.json.{damaged}-*"))
        assert len(kept) == 1 and kept[0].read_text() == text and path.read_text() == text
        assert str(kept[0]) in out.getvalue()

    @pytest.mark.parametrize("raw", [b"\xff\xfe", b"[" * 100_000, b"null", b"{}",
                                     b'{"version": true}'])
    def test_unreadable_bytes(self, tmp_path: Path, raw: bytes) -> None:
        path = tmp_path / "autosave.json"
        path.write_bytes(raw)
        loaded = storage.load(path)
        assert loaded.problem == "save_corrupt" and loaded.kept_as is not None
        assert loaded.kept_as.read_bytes() == raw

    def test_a_watcher_never_moves_a_bad_save(self, tmp_path: Path) -> None:
        path = tmp_path / "autosave.json"
        path.write_text("{")
        assert storage.load(path, keep_bad=False).problem == "save_corrupt"
        assert path.read_text() == "{"


# ------------------------------------------------------------ 4: safe files

class TestSafeFiles:
    @pytest.mark.parametrize("planted", ["autosave.tmp", "autosave.json.tmp",
                                         ".autosave.json.tmp"])
    def test_save_never_writes_through_a_symlink(self, tmp_path: Path, planted: str) -> None:
        victim = tmp_path / "victim.txt"
        victim.write_text("precious")
        (tmp_path / planted).symlink_to(victim)
        path = storage.save({"x": 1}, tmp_path / "autosave.json")
        assert victim.read_text() == "precious"
        assert json.loads(path.read_text()) == {"x": 1} and not path.is_symlink()

    def test_settings_never_write_through_a_symlink(self, tmp_path: Path) -> None:
        victim = tmp_path / "victim.txt"
        victim.write_text("precious")
        (tmp_path / "settings.json.tmp").symlink_to(victim)
        userfiles.write_section(tmp_path / "settings.json", "speech", {"rate": 200})
        assert victim.read_text() == "precious"

    def test_log_file_refuses_a_symlink(self, tmp_path: Path) -> None:
        victim = tmp_path / "victim.txt"
        victim.write_text("precious")
        (tmp_path / "tavli-voice.log").symlink_to(victim)
        with pytest.raises(OSError):
            userfiles.open_append_private(tmp_path / "tavli-voice.log")
        env = env_for(tmp_path, TAVLI_VOICE_HOME=str(tmp_path))
        proc = subprocess.run([sys.executable, "-m", "tavli_voice.cli", "play", "--no-save",
                               "--speech", "off", "--game", "portes"], input=b"zzz\nq\n",
                              capture_output=True, env=env, cwd=ROOT, timeout=60)
        assert proc.returncode == 0 and victim.read_text() == "precious"

    def test_one_settings_module_keeps_a_bad_file_aside(self, tmp_path: Path) -> None:
        from tavli_voice.narration.settings import SpeechSettings, load_speech_settings, \
            save_speech_settings
        from tavli_voice.scanning import ScanSettings, load_scan_settings, save_scan_settings
        path = tmp_path / "settings.json"
        path.write_bytes(b"[" * 5000)
        assert load_scan_settings(path).problem is not None
        kept = save_scan_settings(path, ScanSettings(interval=2.0))
        assert kept is not None and kept.name.startswith("settings.json.corrupt-")
        assert kept.read_bytes() == b"[" * 5000
        save_speech_settings(SpeechSettings(rate=200), path)
        assert load_speech_settings(path)[0].rate == 200
        assert load_scan_settings(path).settings.interval == 2.0

    def test_tavli_voice_home_holds_everything(self) -> None:
        env = {"TAVLI_VOICE_HOME": "/tv"}
        assert storage.save_path(env) == Path("/tv/autosave.json")
        assert userfiles.settings_path(env) == Path("/tv/settings.json")


# ------------------------------------------------------- 5: checkpoints

class TestCheckpoints:
    @pytest.mark.parametrize("seed, preset", [(0, "tavlucky"), (1, "traditional"), (2, "vog")])
    def test_resume_from_checkpoint_is_exact(self, seed: int, preset: str) -> None:
        s = bots_session(seed, preset, length=3)
        s.start()
        n = 0
        longest = 0
        while s.phase is not Phase.MATCH_OVER:
            s.bot_step()
            n += 1
            longest = max(longest, len(s.log))
            if n % 5 == 0 and s.phase is not Phase.MATCH_OVER:
                data = json.loads(json.dumps(s.snapshot()))
                storage.check_save(data)
                r, _ = Session.restore(data)
                assert (r.position, r.phase, r.dice, r.to_move, r.turn_counter, r.match, r.log,
                        r.game_number, r.plays) == \
                    (s.position, s.phase, s.dice, s.to_move, s.turn_counter, s.match, s.log,
                     s.game_number, s.plays)
        assert s.match.games_played >= 2 and longest < n  # the log is one game's, not all
        over, _ = Session.restore(json.loads(json.dumps(s.snapshot())))
        assert over.phase is Phase.MATCH_OVER and over.match == s.match

    def test_old_saves_without_checkpoint_still_resume(self) -> None:
        s = new_session("portes", seed=5)
        s.start()
        for cmd in (C.ChoosePlay(1), C.Confirm(), C.Roll()):
            s.handle(cmd)
        data = s.snapshot()
        data["version"] = 1
        del data["checkpoint"]
        storage.check_save(data)
        r, _ = Session.restore(data)
        assert (r.position, r.dice, r.phase) == (s.position, s.dice, s.phase)

    def test_the_command_that_ends_a_game_is_not_logged_in_the_next(self) -> None:
        s = new_session("portes", length=3, seed=8)
        s.start()
        s.handle(C.Resign())
        s.handle(C.Yes())
        assert s.match.games_played == 1 and s.log == []
        r, _ = Session.restore(json.loads(json.dumps(s.snapshot())))
        assert (r.match, r.position, r.phase) == (s.match, s.position, s.phase)


# ------------------------------------------------------ 6: moves --jsonl / FILE

GOOD_LINE = json.dumps({"position": OPENING, "dice": [6, 5]}).encode()


def run_moves(stdin: bytes, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "tavli_voice.cli", "moves", *args],
                          input=stdin, capture_output=True, cwd=ROOT, timeout=timeout,
                          env=dict(os.environ, LANG="en_US.UTF-8", PYTHONPATH=str(ROOT)))


def answers(raw: bytes) -> list[dict[str, Any]]:
    text = raw.decode("utf-8")  # strict: the output is always valid UTF-8
    out = [json.loads(line) for line in text.splitlines()]
    for item in out:
        json.dumps(item, ensure_ascii=False).encode("utf-8")  # no lone surrogates inside
    return out


class TestMovesJsonl:
    def test_every_hostile_line_gets_one_answer(self) -> None:
        lines = [GOOD_LINE, b"[" * 1000, b"\xff\xfe" + GOOD_LINE, GOOD_LINE,
                 b'{"\\ud800": 1}', b'{"position": {"game": "portes", "\\udfff\xc3": 1}}',
                 b'{"position": ' + json.dumps(OPENING).encode() + b', "dice": [true, true]}',
                 b'{"position": ' + json.dumps({**OPENING, "preset": "vog",
                                                "cube": {"value": 3}}).encode()
                 + b', "dice": [1, 2]}',
                 b"\x1b]0;owned\x07", b"9" * 5000, GOOD_LINE]
        proc = run_moves(b"\n".join(lines) + b"\n", "--jsonl")
        assert proc.returncode == 0 and b"Traceback" not in proc.stderr
        out = answers(proc.stdout)
        assert len(out) == len(lines)
        assert [("plays" in o) for o in out] == [True, False, False, True, False, False, False,
                                                 False, False, False, True]
        assert out[1]["error"] == "line is nested too deeply"
        assert out[2]["error"] == "line is not valid UTF-8 (byte 1)"
        assert "dice" in out[6]["error"] and "power of two" in out[7]["error"]
        assert "\x1b" not in proc.stdout.decode()

    def test_an_endless_line_is_refused_not_swallowed(self) -> None:
        from tavli_voice import moves_cli
        big = b"[" * (moves_cli.MAX_LINE + 10) + b"\n" + GOOD_LINE + b"\n"
        out = io.StringIO()
        run_jsonl(io.BufferedReader(io.BytesIO(big)), out)  # type: ignore[arg-type]
        got = [json.loads(x) for x in out.getvalue().splitlines()]
        assert "longer than" in got[0]["error"] and "plays" in got[1]

    def test_answer_line_never_raises(self) -> None:
        assert answer_line(b'{"position": 1e999, "dice": [1, 1]}')["error"]
        assert answer_line(b'{"position": {"game": [1]}, "dice": [1, 1]}')["error"]

    def test_dev_zero_is_refused_quickly(self) -> None:
        proc = run_moves(b"", "/dev/zero", "--dice", "6", "5", timeout=30)
        assert proc.returncode == 2
        assert "/dev/zero is larger than 1 MB; a position file" in proc.stderr.decode()

    def test_a_position_file_too_big_is_refused_with_its_size_in_greek_words(
            self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        from tavli_voice import moves_cli
        from tavli_voice.cli import main
        big = tmp_path / "θέση.json"
        with open(big, "wb") as stream:  # sparse, one byte over the limit
            stream.truncate(moves_cli.MAX_FILE + 1)
        assert main(["moves", str(big), "--dice", "6", "5", "--lang", "el"]) == 2
        said = capsys.readouterr().err.strip()
        assert said == f"tavli-voice moves: το {big} είναι μεγαλύτερο από 1 MB· ένα αρχείο ταμπλό " \
                       "είναι πολύ μικρότερο.", said
        latin = said.replace(str(big), "").replace("tavli-voice moves", "").replace("MB", "")
        assert not re.search(r"[A-Za-z]", latin), latin  # no English word such as "bytes"

    def test_a_silent_fifo_gets_a_message_and_an_end(self, tmp_path: Path) -> None:
        fifo = tmp_path / "fifo"
        os.mkfifo(fifo)
        start = time.monotonic()
        proc = run_moves(b"", str(fifo), "--dice", "6", "5", "--wait", "3", timeout=30)
        err = proc.stderr.decode()
        assert proc.returncode == 2 and time.monotonic() - start < 20
        assert f"waiting for a position from {fifo}" in err
        assert f"nothing came from {fifo} in 3 seconds" in err

    def test_a_fifo_that_sends_works(self, tmp_path: Path) -> None:
        fifo = tmp_path / "fifo"
        os.mkfifo(fifo)
        proc = subprocess.Popen([sys.executable, "-m", "tavli_voice.cli", "moves", str(fifo),
                                 "--dice", "6", "5"], stdout=subprocess.PIPE, cwd=ROOT,
                                env=dict(os.environ, PYTHONPATH=str(ROOT)))
        with open(fifo, "w") as f:
            f.write(json.dumps(OPENING))
        out, _ = proc.communicate(timeout=60)
        assert proc.returncode == 0 and b"1. 24/18 13/8" in out


# ------------------------------------------------------------ 7: play input

class TestPlayInput:
    @pytest.mark.parametrize("line", ["²", "①", "f ²", "p ①", "9" * 5000, "t" + "9" * 5000])
    def test_odd_digits_are_unknown_not_a_crash(self, line: str) -> None:
        with pytest.raises(UnknownInput):
            parse_line(line)

    @pytest.mark.parametrize("lang, start", [("en", "I do not know “"),
                                             ("el", "Δεν ξέρω την εντολή «")])
    @pytest.mark.parametrize("line, shown", [
        ("²", "²"), ("①", "①"), ("9" * 5000, "9" * 39 + "…"),
        ("\x1b]0;owned\x07", "\\x1b]0;owned\\x07"), ("\x1b[2J\x1b[H", "\\x1b[2J\\x1b[H"),
        ("a\u202eb", "a\\u202eb")])
    def test_the_ordinary_answer_shortened_and_visible(self, tmp_path: Path, lang: str, start: str,
                                                       line: str, shown: str) -> None:
        from tavli_voice.startup import main
        out = io.StringIO()
        main(["--game", "portes", "--speech", "off", "--no-save", "--lang", lang], out=out,
             inp=io.StringIO(line + "\nq\n"))
        answer = [x for x in out.getvalue().splitlines() if x.startswith(start)]
        assert len(answer) == 1 and answer[0].startswith(start + shown)
        assert "\x1b" not in out.getvalue() and "\x07" not in out.getvalue()

    @pytest.mark.parametrize("lang_env", ["en_US.UTF-8", "C", "C.UTF-8", "POSIX", "strict"])
    def test_invalid_utf8_in_any_locale(self, tmp_path: Path, lang_env: str) -> None:
        env = env_for(tmp_path, LANG=lang_env, LC_ALL=lang_env) if lang_env != "strict" \
            else env_for(tmp_path, PYTHONIOENCODING="utf-8:strict")
        proc = subprocess.run([sys.executable, "-m", "tavli_voice.cli", "play", "--no-save",
                               "--speech", "off", "--game", "portes", "--lang", "en"],
                              input=b"\xff\xfe\x80abc\nq\n", capture_output=True, env=env,
                              cwd=ROOT, timeout=60)
        assert proc.returncode == 0 and b"Traceback" not in proc.stderr
        assert "I do not know “\\xff\\xfe\\x80abc”" in proc.stdout.decode("utf-8", "replace")

    def test_greek_on_a_latin1_terminal_does_not_crash(self, tmp_path: Path) -> None:
        env = env_for(tmp_path, PYTHONIOENCODING="latin-1")
        proc = subprocess.run([sys.executable, "-m", "tavli_voice.cli", "play", "--no-save",
                               "--speech", "off", "--game", "portes", "--lang", "el"],
                              input=b"zz\nq\n", capture_output=True, env=env, cwd=ROOT,
                              timeout=60)
        assert proc.returncode == 0 and b"Traceback" not in proc.stderr

    def test_visible(self) -> None:
        assert visible("\udcff") == "\\xff"
        assert visible("ok ρίξε") == "ok ρίξε"
        assert len(visible("x" * 1000)) == 40


# ------------------------------------------------------- 8: exact types in positions

class TestPositionTypes:
    @pytest.mark.parametrize("dice", [[True, True], [True, 2], [1.0, 2], [0, 1], [7, 1],
                                      [10 ** 4000, 1], "12", [1, 2, 3]])
    def test_dice(self, dice: Any) -> None:
        from tavli_voice.moves_cli import answer, check_dice
        with pytest.raises(ValueError):
            check_dice(dice)
        with pytest.raises(ValueError):
            answer({"position": OPENING, "dice": dice})
        from tavli_voice.rules import analyse
        if isinstance(dice, list):
            with pytest.raises(ValueError):
                analyse(Position.initial("portes"), dice)

    @pytest.mark.parametrize("value", [3, 0, -2, 10 ** 4000, 8192, True, 2.0, "2"])
    def test_cube(self, value: Any) -> None:
        data = {**OPENING, "preset": "vog", "cube": {"value": value, "owner": None}}
        with pytest.raises(ValueError) as err:
            Position.from_json(data)
        assert len(str(err.value)) < 200

    def test_good_cubes(self) -> None:
        for value in (1, 2, 64, 4096):
            data = {**OPENING, "preset": "vog", "cube": {"value": value, "owner": "mover"}}
            assert Position.from_json(data).cube.value == value  # type: ignore[union-attr]

    @pytest.mark.parametrize("field, value", [("bar", [True, 0]), ("off", [16, 0]),
                                              ("off", [10 ** 4000, 0])])
    def test_counts(self, field: str, value: Any) -> None:
        with pytest.raises(ValueError) as err:
            Position.from_json({**OPENING, field: value})
        assert len(str(err.value)) < 200

    def test_huge_point(self) -> None:
        points = list(OPENING["points"])
        points[1] = 10 ** 4000
        with pytest.raises(ValueError) as err:
            Position.from_json({**OPENING, "points": points})
        assert "at most 15" in str(err.value)


# ------------------------------------------------- 9: signals and outputs

def _spawn_scan(tmp_path: Path) -> tuple[subprocess.Popen[bytes], int, int]:
    master, slave = pty.openpty()
    env = env_for(tmp_path)
    proc = subprocess.Popen([sys.executable, "-m", "tavli_voice.cli", "play", "--game", "portes",
                             "--seed", "3", "--speech", "off", "--scan", "step"],
                            stdin=slave, stdout=slave, stderr=slave, env=env, cwd=ROOT,
                            start_new_session=True)
    return proc, master, slave


def _drain(master: int, until: bytes, timeout: float = 30) -> bytes:
    seen = b""
    end = time.monotonic() + timeout
    while until not in seen and time.monotonic() < end:
        r, _, _ = select.select([master], [], [], 0.2)
        if r:
            try:
                seen += os.read(master, 4096)
            except OSError:
                break
    return seen


def _cbreak(slave: int) -> bool:
    lflag = termios.tcgetattr(slave)[3]
    return not lflag & termios.ICANON and not lflag & termios.ECHO


class TestSignalsAndOutputs:
    @pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
    def test_terminal_modes_come_back_after(self, tmp_path: Path, sig: int) -> None:
        proc, master, slave = _spawn_scan(tmp_path)
        try:
            before = termios.tcgetattr(slave)
            end = time.monotonic() + 20
            while not _cbreak(slave) and time.monotonic() < end:
                time.sleep(0.05)
            assert _cbreak(slave)
            proc.send_signal(sig)
            assert proc.wait(timeout=20) == 128 + sig  # the match kept as left, then the usual code
            assert termios.tcgetattr(slave) == before
        finally:
            if proc.poll() is None:
                proc.kill()
            os.close(master)
            os.close(slave)

    def test_ctrl_z_and_fg(self, tmp_path: Path) -> None:
        """Like a shell with job control: the game in its own foreground group on a pty."""
        launcher = (
            "import os, signal, subprocess, sys\n"
            "signal.signal(signal.SIGTTOU, signal.SIG_IGN)\n"
            "p = subprocess.Popen(sys.argv[1:], process_group=0)\n"
            "os.tcsetpgrp(0, p.pid)\n"
            "print('PID', p.pid, flush=True)\n"
            "while True:\n"
            "    _, st = os.waitpid(p.pid, os.WUNTRACED | os.WCONTINUED)\n"
            "    if os.WIFSTOPPED(st): print('STOPPED', flush=True)\n"
            "    elif not os.WIFCONTINUED(st):\n"
            "        print('EXIT', os.waitstatus_to_exitcode(st), flush=True); break\n")
        env = env_for(tmp_path)
        pid, master = pty.fork()
        if pid == 0:  # the child: session leader with the pty as its terminal
            os.chdir(ROOT)
            os.execve(sys.executable, [sys.executable, "-c", launcher, sys.executable, "-m",
                                       "tavli_voice.cli", "play", "--game", "portes", "--seed",
                                       "3", "--speech", "off", "--scan", "step"], env)
        try:
            before = termios.tcgetattr(master)
            seen = _drain(master, b"PID ")
            seen += _drain(master, b"\n")
            game = int(seen.split(b"PID ")[1].split()[0])

            def cbreak() -> bool:
                end = time.monotonic() + 20
                while time.monotonic() < end:
                    lflag = termios.tcgetattr(master)[3]
                    if not lflag & termios.ICANON and not lflag & termios.ECHO:
                        return True
                    _drain(master, b"\0", 0.05)
                return False

            assert cbreak()
            os.kill(game, signal.SIGTSTP)
            assert b"STOPPED" in _drain(master, b"STOPPED")
            assert termios.tcgetattr(master) == before  # the shell gets its echo back
            os.kill(game, signal.SIGCONT)
            assert cbreak()  # and the game its keys again
            os.kill(game, signal.SIGTERM)
            ended = _drain(master, b"EXIT")
            end = time.monotonic() + 5
            while not re.search(rb"EXIT -?\d+\s", ended) and time.monotonic() < end:
                ended += _drain(master, b"\n", 0.5)
            assert b"EXIT 143" in ended  # stopped: the match kept as left, then the usual code
            assert termios.tcgetattr(master) == before
        finally:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
            os.waitpid(pid, 0)
            os.close(master)

    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_ctrl_c_during_start_up_says_goodbye(self, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str],
                                                 lang: str) -> None:
        from tavli_voice import cli, startup

        def interrupted(*a: object, **k: object) -> object:
            raise KeyboardInterrupt

        monkeypatch.setattr(startup, "make_narrator", interrupted)
        assert cli.main(["play", "--no-save", "--lang", lang]) == 130
        captured = capsys.readouterr()
        assert "Traceback" not in captured.err
        assert captured.out == {"en": "Goodbye.\n", "el": "Γεια σου.\n"}[lang]

    @pytest.mark.parametrize("stage, args, lang", [
        ("entry", [], "en"), ("entry", [], "el"),
        ("imports", [], "en"), ("imports", ["--lang", "el"], "el"),
        ("speech", ["--speech", "on"], "en"), ("speech", ["--speech", "on", "--lang", "el"], "el"),
        ("voice", ["--voice"], "en"), ("voice", ["--voice", "--lang", "el"], "el"),
        ("imports", ["--opponent", "friend", "--lang", "el"], "el.both"),
    ])
    def test_ctrl_c_at_each_stage_of_start_up(self, tmp_path: Path, stage: str,
                                              args: list[str], lang: str) -> None:
        """Ctrl-C while the program imports its libraries, loads speech or a listening engine:
        the goodbye in the user's language (``LANG`` or ``--lang``), code 130, no traceback."""
        env = env_for(tmp_path, TAVLI_VOICE_PAUSE_AT=stage,
                      LANG="el_GR.UTF-8" if lang.startswith("el") else "en_US.UTF-8")
        proc = subprocess.Popen([sys.executable, "-m", "tavli_voice.cli", "play", "--no-save",
                                 "--speech", "off", *args],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=env, cwd=ROOT)
        out, err = ctrl_c_once_seen(proc, proc.stderr, b"paused at " + stage.encode())
        goodbye = {"en": "Goodbye.", "el": "Γεια σου.", "el.both": "Γεια σας."}[lang]
        assert proc.returncode == 130, err
        assert out.decode() == goodbye + "\n"
        assert b"Traceback" not in err and b"Error" not in err, err

    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_ctrl_c_inside_a_library_that_catches_it_still_says_goodbye(self, tmp_path: Path,
                                                                        lang: str) -> None:
        """numpy's C import turns a Ctrl-C that falls inside it into an ImportError ("Importing
        the numpy C-extensions failed"): start-up's Ctrl-C raises nothing there to catch."""
        script = ("import sys\n"
                  "from tavli_voice import cli\n"
                  "def play(argv):\n"
                  "    try:\n"
                  "        cli.pause_at('library')\n"
                  "    except BaseException as exc:  # as numpy's C import does\n"
                  "        raise ImportError('the C extensions failed') from exc\n"
                  "    return 0\n"
                  "cli._TABLE['play'] = play\n"
                  f"sys.exit(cli.main(['play', '--lang', '{lang}']))\n")
        proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, cwd=ROOT,
                                env=env_for(tmp_path, TAVLI_VOICE_PAUSE_AT="library"))
        out, err = ctrl_c_once_seen(proc, proc.stderr, b"paused at library\n")
        assert (proc.returncode, err) == (130, b"")
        assert out.decode() == {"en": "Goodbye.\n", "el": "Γεια σου.\n"}[lang]

    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_ctrl_c_at_the_question_about_a_saved_match_keeps_it(self, tmp_path: Path,
                                                                 lang: str) -> None:
        from tavli_voice import words as M

        env = env_for(tmp_path)
        play = [sys.executable, "-m", "tavli_voice.cli", "play", "--speech", "off",
                "--lang", lang]
        subprocess.run(play + ["--seed", "3"], input=b"q\n", capture_output=True, env=env,
                       cwd=ROOT, timeout=60, check=True)  # a match left unfinished
        save = tmp_path / "home" / "autosave.json"
        kept = save.read_bytes()
        proc = subprocess.Popen(play, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=env, cwd=ROOT)
        asked = M.text("saved.ask", lang, game="", length="").split(":")[0].encode()
        out, err = ctrl_c_once_seen(proc, proc.stdout, asked)
        assert proc.returncode == 130 and b"Traceback" not in err, err
        assert out.decode() == M.text("goodbye", lang) + "\n"
        assert save.read_bytes() == kept  # the saved match as it was, still to resume
        assert sorted(p.name for p in save.parent.glob("*.json")) == ["autosave.json"]

    @pytest.mark.parametrize("args", [["play", "--no-save", "--speech", "off", "--game", "portes"],
                                      ["moves", "-", "--dice", "6", "5"]])
    def test_a_full_output_device_ends_with_a_message(self, tmp_path: Path,
                                                      args: list[str]) -> None:
        if args[0] == "moves":
            pos = tmp_path / "pos.json"
            pos.write_text(json.dumps(OPENING))
            args = ["moves", str(pos), "--dice", "6", "5"]
        env = env_for(tmp_path)
        with open("/dev/full", "w") as full:
            proc = subprocess.run([sys.executable, "-m", "tavli_voice.cli", *args],
                                  input=b"q\n", stdout=full, stderr=subprocess.PIPE, env=env,
                                  cwd=ROOT, timeout=60)
        err = proc.stderr.decode()
        assert proc.returncode == 1 and "Traceback" not in err
        assert "tavli-voice: cannot write the output: No space left on device." in err
