"""Every sound file read is bounded: regular files only, the header first, at most 10 s.

FIFOs, devices and folders are refused at once; a long or huge WAV is refused from its header
without reading its sound; ``hear`` answers within a second on any file, its memory bounded,
and its JSON lines are always UTF-8. Everything runs in temporary folders.
"""

from __future__ import annotations

import io
import json
import os
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tavli_voice.audio.wav import MAX_SECONDS, AudioFileError, read_wav, write_wav
from tavli_voice.speech.audio import load

RATE = 16000


def wav_header(data_bytes: int, rate: int = RATE, channels: int = 1, bits: int = 16) -> bytes:
    """A PCM WAV header announcing ``data_bytes`` of sound."""
    frame = channels * bits // 8
    fmt = struct.pack("<HHIIHH", 1, channels, rate, rate * frame, frame, bits)
    return (b"RIFF" + struct.pack("<I", min(36 + data_bytes, 0xFFFFFFFF)) + b"WAVE" + b"fmt "
            + struct.pack("<I", 16) + fmt + b"data" + struct.pack("<I", min(data_bytes, 0xFFFFFFFF)))


def sparse_wav(path: Path, size: int) -> Path:
    """A WAV of ``size`` bytes that takes no room on disk (its sound is a hole of zeros)."""
    with open(path, "wb") as handle:
        handle.write(wav_header(size - 44))
        handle.truncate(size)
    return path


def tone(seconds: float, rate: int = RATE) -> np.ndarray:
    rng = np.random.default_rng(7)
    return (0.3 * np.sin(np.arange(int(seconds * rate)) * 0.2) + 0.01 * rng.standard_normal(int(seconds * rate)))


def user_env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    for name, sub in (("HOME", "home"), ("XDG_DATA_HOME", "data"), ("XDG_CONFIG_HOME", "config"),
                      ("XDG_CACHE_HOME", "cache"), ("XDG_STATE_HOME", "state")):
        (tmp_path / sub).mkdir(exist_ok=True)
        env[name] = str(tmp_path / sub)
    env.pop("TAVLI_VOICE_HOME", None)
    return env


class TestReadWav:
    def test_a_short_wav_is_read_whole(self, tmp_path: Path) -> None:
        write_wav(tmp_path / "a.wav", tone(0.5), RATE)
        samples, rate = read_wav(tmp_path / "a.wav")
        assert rate == RATE and len(samples) == RATE // 2

    def test_a_fifo_is_refused_at_once_without_waiting_for_a_writer(self, tmp_path: Path) -> None:
        fifo = tmp_path / "fifo.wav"
        os.mkfifo(fifo)
        result: list[BaseException | None] = []

        def read() -> None:
            try:
                read_wav(fifo)
                result.append(None)
            except AudioFileError as err:
                result.append(err)

        thread = threading.Thread(target=read, daemon=True)
        thread.start()
        thread.join(2.0)
        if thread.is_alive():  # unblock the reader before failing
            with open(fifo, "wb"):
                pass
            pytest.fail("reading a FIFO waited for a writer")
        assert isinstance(result[0], AudioFileError) and result[0].key == "not_regular"

    @pytest.mark.parametrize("path", ["/dev/zero", "/dev/null", "FOLDER"])
    def test_devices_and_folders_are_refused(self, tmp_path: Path, path: str) -> None:
        target = tmp_path if path == "FOLDER" else Path(path)
        with pytest.raises(AudioFileError) as err:
            read_wav(target)
        assert err.value.key == "not_regular"

    def test_a_symlink_to_a_device_is_refused(self, tmp_path: Path) -> None:
        (tmp_path / "link.wav").symlink_to("/dev/zero")
        with pytest.raises(AudioFileError) as err:
            read_wav(tmp_path / "link.wav")
        assert err.value.key == "not_regular"

    def test_a_ten_minute_wav_is_refused_from_its_header_saying_how_long(self, tmp_path: Path) -> None:
        path = sparse_wav(tmp_path / "long.wav", 44 + 600 * RATE * 2)
        start = time.perf_counter()
        with pytest.raises(AudioFileError) as err:
            read_wav(path)
        assert time.perf_counter() - start < 0.5
        assert err.value.key == "too_long"
        assert err.value.values == {"seconds": 600, "limit": int(MAX_SECONDS)}

    def test_the_limit_is_ten_seconds(self, tmp_path: Path) -> None:
        write_wav(tmp_path / "ok.wav", np.zeros(int(MAX_SECONDS * RATE)), RATE)
        assert len(read_wav(tmp_path / "ok.wav")[0]) == MAX_SECONDS * RATE
        write_wav(tmp_path / "over.wav", np.zeros(int(MAX_SECONDS * RATE) + RATE), RATE)
        with pytest.raises(AudioFileError) as err:
            read_wav(tmp_path / "over.wav")
        assert err.value.values == {"seconds": 11, "limit": 10}

    def test_a_streamed_size_counts_what_the_file_holds(self, tmp_path: Path) -> None:
        path = tmp_path / "streamed.wav"
        header = bytearray(wav_header(0))
        header[40:44] = struct.pack("<I", 0xFFFFFFFF)  # espeak-ng --stdout's placeholder
        path.write_bytes(bytes(header) + np.zeros(RATE, dtype="<i2").tobytes())
        assert len(read_wav(path)[0]) == RATE
        with open(path, "r+b") as handle:
            handle.truncate(44 + 60 * RATE * 2)
        with pytest.raises(AudioFileError) as err:
            read_wav(path)
        assert err.value.values["seconds"] == 60

    @pytest.mark.parametrize("content, key", [
        (b"hello\n", "not_wav"),
        (b"", "not_wav"),
        (b"RIFF\x00\x00\x00\x00WAVE", "damaged"),
        (wav_header(0)[:36], "damaged"),
        (wav_header(100, rate=10**9), "damaged"),
        (wav_header(100, channels=0), "damaged"),
    ])
    def test_damaged_files_are_refused_with_a_key(self, tmp_path: Path, content: bytes, key: str) -> None:
        (tmp_path / "bad.wav").write_bytes(content)
        with pytest.raises(AudioFileError) as err:
            read_wav(tmp_path / "bad.wav")
        assert err.value.key == key

    def test_a_header_only_wav_has_no_sound(self, tmp_path: Path) -> None:
        (tmp_path / "empty.wav").write_bytes(wav_header(0))
        assert len(read_wav(tmp_path / "empty.wav")[0]) == 0
        with pytest.raises(AudioFileError) as err:
            load(tmp_path / "empty.wav")
        assert err.value.key == "empty"

    def test_a_missing_file(self, tmp_path: Path) -> None:
        with pytest.raises(AudioFileError) as err:
            read_wav(tmp_path / "nothing.wav")
        assert err.value.key == "missing"


def run_hear(tmp_path: Path, *args: str, timeout: float = 60) -> tuple[subprocess.CompletedProcess[bytes], float]:
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "tavli_voice.cli", "hear", "--engine", "pocketsphinx", *args],
                          capture_output=True, timeout=timeout, env=user_env(tmp_path), cwd=tmp_path)
    return proc, time.perf_counter() - start


class TestHear:
    def test_special_files_long_files_and_good_files_each_get_a_line(self, tmp_path: Path) -> None:
        os.mkfifo(tmp_path / "fifo.wav")
        (tmp_path / "folder.wav").mkdir()
        sparse_wav(tmp_path / "long.wav", 44 + 600 * RATE * 2)
        write_wav(tmp_path / "ok.wav", tone(0.4), RATE)
        proc, _ = run_hear(tmp_path, "fifo.wav", "/dev/zero", "folder.wav", "long.wav", "ok.wav", timeout=120)
        lines = [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines()]
        assert proc.returncode == 1 and [line["file"] for line in lines] == \
            ["fifo.wav", "/dev/zero", "folder.wav", "long.wav", "ok.wav"]
        for line in lines[:3]:
            assert "not an ordinary file (a folder, a device or a pipe)" in line["error"]
        assert "it lasts 600 seconds, and at most 10 seconds are read" in lines[3]["error"]
        assert "error" not in lines[4] and lines[4]["engine"] == "pocketsphinx"

    def test_messages_are_in_the_language_heard(self, tmp_path: Path) -> None:
        (tmp_path / "folder.wav").mkdir()
        proc, _ = run_hear(tmp_path, "--lang", "el", "folder.wav")
        line = json.loads(proc.stdout.decode("utf-8"))
        assert line["error"] == ("Δεν μπορώ να διαβάσω το αρχείο ήχου folder.wav: δεν είναι κανονικό αρχείο "
                                 "(είναι φάκελος, συσκευή ή σωλήνωση).")

    def test_a_two_gigabyte_sparse_wav_is_answered_at_once_in_little_memory(self, tmp_path: Path) -> None:
        """Resident memory over the program's own start-up, and time over a small file's answer."""
        sparse_wav(tmp_path / "huge.wav", 2 << 30)
        write_wav(tmp_path / "small.wav", tone(0.3), RATE)
        probe = ("import resource, sys, time\n"
                 "from tavli_voice.speech.cli import hear_main\n"
                 "base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
                 "start = time.perf_counter()\n"
                 "code = hear_main(['--engine', 'pocketsphinx'] + sys.argv[1:])\n"
                 "took = time.perf_counter() - start\n"
                 "peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
                 "print(code, took, (peak - base) / 1024, file=sys.stderr)\n")
        answers = {}
        for name in ("small.wav", "huge.wav"):
            proc = subprocess.run([sys.executable, "-c", probe, name], capture_output=True, timeout=120,
                                  env=user_env(tmp_path), cwd=tmp_path)
            code, took, grown_mb = proc.stderr.decode().split()[-3:]
            answers[name] = (int(code), float(took), float(grown_mb), proc.stdout.decode("utf-8"))
        assert answers["huge.wav"][0] == 1 and "at most 10 seconds" in answers["huge.wav"][3]
        assert answers["huge.wav"][2] < 100  # MB over the baseline of its own imports
        assert answers["huge.wav"][1] < answers["small.wav"][1] + 1.0

    def test_a_file_name_that_is_not_utf8_makes_a_utf8_json_line(self, tmp_path: Path) -> None:
        name = b"\xff.wav"
        write_wav(os.path.join(os.fsencode(tmp_path), name).decode("utf-8", "surrogateescape"), tone(0.3), RATE)
        proc = subprocess.run([sys.executable.encode(), b"-m", b"tavli_voice.cli", b"hear", b"--engine",
                               b"pocketsphinx", name, b"missing-\xfe.wav"],
                              capture_output=True, timeout=60, env=user_env(tmp_path), cwd=tmp_path)
        lines = [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines()]
        assert [line["file"] for line in lines] == ["\\xff.wav", "missing-\\xfe.wav"]
        assert "there is no such file" in lines[1]["error"]


def profile_with_damaged_takes(root: Path) -> Path:
    """An English profile: "one" with two good takes, and one damaged take of each kind."""
    from tavli_voice.speech.engine_templates import TemplateStore

    store = TemplateStore(root)
    store.add("en", "one", tone(0.5).astype(np.float32))
    store.add("en", "one", tone(0.6).astype(np.float32))
    folder = root / "en" / "one"
    (folder / "take-abc.wav").write_text("not a recording\n")  # a text file under an odd name
    (folder / "take-3.wav").write_bytes(wav_header(0))  # a header with no samples
    (folder / "take-4.wav").mkdir()  # a folder
    os.mkfifo(folder / "take-5.wav")  # a FIFO
    return root


class TestEnrolledTakes:
    def test_damaged_takes_are_left_out_and_logged_the_good_ones_kept(
            self, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
        from tavli_voice.speech.engine_templates import TemplateRecognizer, TemplateStore, skipped_message

        store = TemplateStore(profile_with_damaged_takes(tmp_path / "voice"))
        with caplog.at_level("WARNING"):
            recognizer = TemplateRecognizer.from_store(store, "en")
        assert len(recognizer.templates["one"]) == 2
        assert sorted(path.name for path, _ in recognizer.skipped) == \
            ["take-3.wav", "take-4.wav", "take-5.wav", "take-abc.wav"]
        assert caplog.text.count("enrolled take") == 4
        message = skipped_message(recognizer.skipped, "el")
        assert message is not None and message.startswith(
            "Μένουν έξω τέσσερις ηχογραφήσεις των λέξεών σου· η πρώτη, ")

    def test_a_take_with_an_odd_name_does_not_stop_new_takes(self, tmp_path: Path) -> None:
        from tavli_voice.speech.engine_templates import TemplateStore

        store = TemplateStore(profile_with_damaged_takes(tmp_path / "voice"))
        assert store.add("en", "one", tone(0.5).astype(np.float32)).name == "take-6.wav"
        assert [p.name for p in store.takes("en", "one")][-1] == "take-abc.wav"

    def test_hear_says_it_once_and_the_default_engine_still_answers(self, tmp_path: Path) -> None:
        profile = profile_with_damaged_takes(tmp_path / "voice")
        write_wav(tmp_path / "ok.wav", tone(0.4), RATE)
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "tavli_voice.cli", "hear", "--profile", str(profile),
                               "ok.wav", "ok.wav"], capture_output=True, timeout=120, env=user_env(tmp_path),
                              cwd=tmp_path)
        assert time.perf_counter() - start < 120
        err = proc.stderr.decode("utf-8")
        assert proc.returncode == 0, err
        assert err.count("recordings of your words are left out") == 1 and "Traceback" not in err
        lines = [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines()]
        assert len(lines) == 2 and all("error" not in line for line in lines)

    def test_with_every_take_damaged_the_general_engine_decides(self, tmp_path: Path) -> None:
        from tavli_voice.speech.cli import hear_main

        profile = profile_with_damaged_takes(tmp_path / "voice")
        for good in ("take-1.wav", "take-2.wav"):
            (profile / "en" / "one" / good).write_text("gone\n")
        write_wav(tmp_path / "ok.wav", tone(0.4), RATE)
        out, err = io.StringIO(), io.StringIO()
        assert hear_main(["--engine", "auto", "--profile", str(profile), str(tmp_path / "ok.wav")], out, err) == 0
        assert "6 recordings of your words are left out" in err.getvalue()
        assert "error" not in json.loads(out.getvalue())
        out, err = io.StringIO(), io.StringIO()
        assert hear_main(["--engine", "templates", "--profile", str(profile), str(tmp_path / "ok.wav")],
                         out, err) == 1
        assert err.getvalue().startswith("None of the recordings of your words in ")
        assert "(6 in all) can be used" in err.getvalue()


def damaged_vosk_model(folder: Path, damage: str, name: str = "vosk-model-small-en-us-0.15") -> Path:
    """A model folder in Vosk's layout, damaged in one way."""
    model = folder / name
    for part in ("am", "conf", "graph"):
        (model / part).mkdir(parents=True)
    if damage == "fifo":
        os.mkfifo(model / "am" / "final.mdl")  # Kaldi would wait for a writer
    else:
        (model / "am" / "final.mdl").write_bytes(b"\x00" * 100)
    return model


class TestVoskModels:
    def test_models_are_not_searched_in_the_current_folder(self, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
        from tavli_voice.speech.models import find_model, search_dirs

        damaged_vosk_model(tmp_path / "models", "junk")
        monkeypatch.chdir(tmp_path)
        env = {"TAVLI_VOICE_HOME": str(tmp_path / "home")}
        assert search_dirs(None, env) == [tmp_path / "home" / "models"]
        assert find_model("en", None, env, packages=False) is None
        damaged_vosk_model(tmp_path / "home" / "models", "junk")
        found = find_model("en", None, env, packages=False)
        assert found is not None and found.path == tmp_path / "home" / "models" / "vosk-model-small-en-us-0.15"

    @pytest.mark.parametrize("damage", ["junk", "fifo"])
    def test_a_damaged_model_is_said_not_a_crash_nor_a_hang(self, tmp_path: Path, damage: str) -> None:
        damaged_vosk_model(tmp_path / "mine", damage, "vosk-model-el-gr-0.7")
        write_wav(tmp_path / "ok.wav", tone(0.4), RATE)
        proc = subprocess.run([sys.executable, "-m", "tavli_voice.cli", "hear", "--engine", "vosk",
                               "--models", "mine", "--lang", "el", "ok.wav"],
                              capture_output=True, timeout=60, env=user_env(tmp_path), cwd=tmp_path)
        err = proc.stderr.decode("utf-8")
        assert proc.returncode == 1 and "Traceback" not in err
        assert "Το μοντέλο Vosk vosk-model-el-gr-0.7 στο mine/vosk-model-el-gr-0.7 δεν φορτώνεται" in err

    def test_the_automatic_choice_goes_on_without_a_damaged_model(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        from tavli_voice.speech import engine_whisper
        from tavli_voice.speech.recognizer import Instead, choose_engine

        monkeypatch.setattr(engine_whisper, "PACKAGED", ())
        damaged_vosk_model(tmp_path / "mine", "fifo")
        engine = choose_engine(None, "en", tmp_path / "mine", profile=tmp_path / "voice")
        assert isinstance(engine, Instead) and engine.name == "pocketsphinx"
        assert "vosk model vosk-model-small-en-us-0.15: am/final.mdl is not an ordinary file" in engine.why


def test_hear_on_an_endless_pipe_answers_at_once(tmp_path: Path) -> None:
    """``hear /dev/stdin`` fed by a writer that never stops: refused as a pipe, nothing read."""
    writer = subprocess.Popen([sys.executable, "-c", "import sys\nwhile True: sys.stdout.buffer.write(b'RIFF' * 4096)"],
                              stdout=subprocess.PIPE)
    try:
        proc = subprocess.run([sys.executable, "-m", "tavli_voice.cli", "hear", "--engine", "pocketsphinx",
                               "/dev/stdin"], stdin=writer.stdout, capture_output=True, timeout=60,
                              env=user_env(tmp_path), cwd=tmp_path)
    finally:
        writer.kill()
        writer.wait()
    line = json.loads(proc.stdout.decode("utf-8"))
    assert proc.returncode == 1 and "not an ordinary file" in line["error"]


def test_the_game_says_left_out_recordings_once_when_voice_is_ready(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``--voice``, damaged takes are said with "Voice is ready." and the voice goes on."""
    from test_voice_loading import FirstOffered, Spoken, blocked_engine, new_app, notices, poll_until, started

    from tavli_voice.speech import listener as listener_module
    from tavli_voice.speech.engine_templates import TemplateRecognizer, TemplateStore
    from tavli_voice.speech.recognizer import EnrolledFirst

    spoken = Spoken()
    monkeypatch.setattr(listener_module, "Microphone", lambda: spoken)
    store = TemplateStore(profile_with_damaged_takes(tmp_path / "voice"))
    gate, _ = blocked_engine(monkeypatch, lambda: EnrolledFirst(
        TemplateRecognizer.from_store(store, "en", allow_empty=True), FirstOffered()))  # type: ignore[arg-type]
    app, seen = new_app("en")
    source, problem = started(app, "en")
    try:
        assert source is not None and problem is None
        gate.set()
        poll_until(source, seen, 1)
        said = notices(seen)
        assert len(said) == 1 and said[0].startswith("4 recordings of your words are left out; the first, ")
        assert said[0].endswith("Voice is ready.") and not source.closed
    finally:
        if source is not None:
            source.close()


def test_a_long_file_is_refused_in_greek_saying_how_long(tmp_path: Path) -> None:
    sparse_wav(tmp_path / "long.wav", 44 + 600 * RATE * 2)
    out, err = io.StringIO(), io.StringIO()
    from tavli_voice.speech.cli import hear_main

    assert hear_main(["--engine", "pocketsphinx", "--lang", "el", str(tmp_path / "long.wav")], out, err) == 1
    assert json.loads(out.getvalue())["error"].endswith(
        "διαρκεί 600 δευτερόλεπτα, ενώ διαβάζονται το πολύ 10 (μία λέξη ή φράση): κράτησε μόνο το "
        "κομμάτι με τη λέξη.")


class TestHearLoadsNoEngineForFilesItRefuses:
    """The default engine (Whisper, seconds to load) is loaded only for a file that reads as audio."""

    def files(self, tmp_path: Path) -> list[str]:
        os.mkfifo(tmp_path / "fifo.wav")
        (tmp_path / "folder.wav").mkdir()
        (tmp_path / "text.wav").write_text("not a sound")
        sparse_wav(tmp_path / "long.wav", 44 + 600 * RATE * 2)
        return [str(tmp_path / n) for n in ("missing.wav", "fifo.wav", "folder.wav", "text.wav",
                                            "long.wav")] + ["/dev/zero"]

    def test_refused_files_are_answered_without_loading_an_engine(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        from tavli_voice.speech import cli

        def no_engine(*args: object, **kwargs: object) -> None:
            raise AssertionError("an engine was loaded for files that are all refused")

        monkeypatch.setattr(cli, "choose_engine", no_engine)
        out, err = io.StringIO(), io.StringIO()
        files = self.files(tmp_path)
        started = time.monotonic()
        assert cli.hear_main(["--lang", "el", *files], out, err) == 1
        assert time.monotonic() - started < 1.0
        lines = [json.loads(line) for line in out.getvalue().splitlines()]
        assert [line["file"] for line in lines] == files
        assert all(line["error"].startswith("Δεν μπορώ να διαβάσω το αρχείο ήχου ") for line in lines)

    def test_the_engine_is_loaded_once_at_the_first_sound_and_refusals_come_first(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        from tavli_voice.speech import cli

        loaded: list[str | None] = []
        real = cli.choose_engine

        def counting(name: str | None, *args: Any, **kwargs: Any) -> Any:
            loaded.append(name)
            return real("pocketsphinx", *args, **kwargs)

        monkeypatch.setattr(cli, "choose_engine", counting)
        write_wav(tmp_path / "ok.wav", tone(0.5), RATE)
        write_wav(tmp_path / "ok2.wav", tone(0.7), RATE)
        files = self.files(tmp_path)[:2] + [str(tmp_path / "ok.wav"), str(tmp_path / "ok2.wav")]
        out, err = io.StringIO(), io.StringIO()
        assert cli.hear_main(files, out, err) == 1
        lines = [json.loads(line) for line in out.getvalue().splitlines()]
        assert [line["file"] for line in lines] == files
        assert ["error" in line for line in lines] == [True, True, False, False]
        assert loaded == ["auto"]
