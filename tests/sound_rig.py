"""A real sound server for tests and benchmarks: PulseAudio with a speaker and a microphone.

The rig is one PulseAudio daemon (run as the current user, root included,
with its own socket in ``Rig.folder``) with two null sinks:

* ``speaker`` — the default output. Whatever the game plays lands here and
  is recorded from its monitor, ``speaker.monitor`` (:meth:`Rig.record`).
* ``mic`` — clips played into it (:meth:`Rig.play_into_mic`) come out of
  its monitor, ``mic.monitor``, which is the default input: the game hears
  them as if spoken into a microphone.

Programs reach it through ALSA's pulse plugin (PortAudio → ALSA ``default``
→ pulse): :meth:`Rig.env` gives the environment for a child process, with
``PULSE_SERVER`` set to the rig's socket and ``HOME`` set to a folder whose
``.asoundrc`` routes ALSA's default device to pulse. Nothing outside the
rig's folder and that home is touched, so other programs on the machine
keep their own sound set-up.

``Rig.loopback()`` routes the speaker into the microphone as well (a laptop
without a headset): the game then hears its own voice.

Command line (used by ``.ci/run``)::

    python tests/sound_rig.py start|stop|status
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import wave
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np

DEFAULT_FOLDER = Path(os.environ.get("TAVLI_SOUND_RIG", "/tmp/tavli-sound-rig"))
PACKAGES = ("pulseaudio", "pactl", "parec", "paplay")
ASOUNDRC = "pcm.!default { type pulse }\nctl.!default { type pulse }\n"
RECORD_RATE = 16000


def missing_tools() -> list[str]:
    """The rig's programs that are not installed (empty when the rig can run)."""
    return [name for name in PACKAGES if shutil.which(name) is None]


def alsa_pulse_plugin() -> bool:
    """True when ALSA's pulse plugin (libasound2-plugins) is installed."""
    roots = [Path("/usr/lib"), Path("/usr/lib64"), Path("/usr/local/lib")]
    return any(any(root.glob("**/alsa-lib/libasound_module_pcm_pulse.so")) for root in roots if root.is_dir())


class Rig:
    """One PulseAudio daemon with ``speaker`` and ``mic`` null sinks (see module doc)."""

    def __init__(self, folder: Path = DEFAULT_FOLDER) -> None:
        self.folder = Path(folder)
        self.socket = self.folder / "native"
        self.server = f"unix:{self.socket}"
        self.home = self.folder / "home"

    # -------------------------------------------------------------- daemon
    def _script(self) -> str:
        return "\n".join([
            f"load-module module-native-protocol-unix socket={self.socket} auth-anonymous=1",
            ("load-module module-null-sink sink_name=speaker rate=48000 channels=1 "
             "sink_properties=device.description=Speaker"),
            ("load-module module-null-sink sink_name=mic rate=16000 channels=1 "
             "sink_properties=device.description=Microphone"),
            "set-default-sink speaker",
            "set-default-source mic.monitor",
            "",
        ])

    def pactl(self, *args: str, timeout: float = 5.0) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["pactl", "-s", self.server, *args], capture_output=True, text=True,
                              timeout=timeout * stretch(), check=False)

    def is_up(self) -> bool:
        """The daemon answers and has both sinks."""
        if not self.socket.exists() or shutil.which("pactl") is None:
            return False
        try:
            sinks = self.pactl("list", "short", "sinks")
        except subprocess.TimeoutExpired:
            return False
        names = {line.split("\t")[1] for line in sinks.stdout.splitlines() if "\t" in line}
        return sinks.returncode == 0 and {"speaker", "mic"} <= names

    def start(self, timeout: float = 10.0) -> None:
        """Start the daemon unless it is up (RuntimeError when it cannot start)."""
        if self.is_up():
            return
        missing = missing_tools()
        if missing:
            raise RuntimeError(f"PulseAudio tools missing: {', '.join(missing)}")
        self.folder.mkdir(parents=True, exist_ok=True)
        self.home.mkdir(parents=True, exist_ok=True)
        (self.home / ".asoundrc").write_text(ASOUNDRC)
        script = self.folder / "rig.pa"
        script.write_text(self._script())
        self.socket.unlink(missing_ok=True)  # a stale socket of a killed daemon blocks bind()
        log = open(self.folder / "pulse.log", "ab")  # noqa: SIM115 - handed to the daemon
        env = dict(os.environ, HOME=str(self.home))
        # -n: no default.pa (no hardware probing); --daemonize=no: we keep the pid;
        # --exit-idle-time=-1: never quit when no client is connected.
        proc = subprocess.Popen(
            ["pulseaudio", "-n", "-F", str(script), "--daemonize=no", "--exit-idle-time=-1",
             "--use-pid-file=no", "--disallow-exit", "--log-target=stderr"],
            stdin=subprocess.DEVNULL, stdout=log, stderr=log, env=env, start_new_session=True)
        log.close()
        (self.folder / "pid").write_text(str(proc.pid))
        begun = time.monotonic()
        while time.monotonic() < begun + timeout * stretch():  # a busy machine starts it slower
            if self.is_up():
                return
            if proc.poll() is not None:
                break
            time.sleep(0.1)
        raise RuntimeError(f"PulseAudio did not start; see {self.folder / 'pulse.log'}")

    def pid(self) -> int | None:
        try:
            return int((self.folder / "pid").read_text())
        except (OSError, ValueError):
            return None

    def stop(self) -> None:
        """Kill the daemon (as a crash would: no goodbye to its clients)."""
        pid = self.pid()
        if pid is not None:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            for _ in range(50):
                try:
                    os.kill(pid, 0)
                except ProcessLookupError:
                    break
                try:
                    os.waitpid(pid, os.WNOHANG)
                except ChildProcessError:
                    pass
                time.sleep(0.05)
        (self.folder / "pid").unlink(missing_ok=True)
        self.socket.unlink(missing_ok=True)

    # ------------------------------------------------------------ clients
    def env(self, home: Path | None = None, base: dict[str, str] | None = None) -> dict[str, str]:
        """Environment for a program that must use the rig (its own ``home`` if given)."""
        home = home or self.home
        home.mkdir(parents=True, exist_ok=True)
        (home / ".asoundrc").write_text(ASOUNDRC)
        env = dict(os.environ if base is None else base)
        # the cache (Whisper's joined model, 145 MB) is the rig's, made once for all its games
        env.update(PULSE_SERVER=self.server, HOME=str(home), XDG_DATA_HOME=str(home / "data"),
                   XDG_CONFIG_HOME=str(home / "config"), XDG_STATE_HOME=str(home / "state"),
                   XDG_CACHE_HOME=str(self.folder / "cache"))
        env.pop("SDL_AUDIODRIVER", None)
        return env

    @contextmanager
    def record(self, source: str = "speaker.monitor") -> Iterator[Recording]:
        """Record ``source`` while the block runs; the samples are in ``.samples`` after it."""
        rec = Recording(self, source)
        rec.start()
        try:
            yield rec
        finally:
            rec.stop()

    def play_into_mic(self, path: Path, wait: bool = True) -> subprocess.Popen[bytes]:
        """Play a WAV file into the microphone sink (the game hears it)."""
        proc = subprocess.Popen(["paplay", "-s", self.server, "-d", "mic", str(path)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if wait:
            proc.wait(timeout=30)
        return proc

    def loopback(self, latency_ms: int = 30) -> int:
        """Route the speaker into the microphone too; returns the module index."""
        out = self.pactl("load-module", "module-loopback", "source=speaker.monitor", "sink=mic",
                         f"latency_msec={latency_ms}", "adjust_time=0", "source_dont_move=true", "sink_dont_move=true")
        if out.returncode != 0:
            raise RuntimeError(f"loopback failed: {out.stderr.strip()}")
        return int(out.stdout.strip())

    def unload(self, index: int) -> None:
        self.pactl("unload-module", str(index))


class Recording:
    """A ``parec`` process recording one source as 16 kHz mono; times in ``time.monotonic``."""

    def __init__(self, rig: Rig, source: str) -> None:
        self.rig = rig
        self.source = source
        self.path = rig.folder / f"rec-{os.getpid()}-{time.monotonic_ns()}.raw"
        self.samples = np.zeros(0, dtype=np.float32)
        self.started_at = 0.0
        self._proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.rig.folder.mkdir(parents=True, exist_ok=True)
        out = open(self.path, "wb")  # noqa: SIM115 - handed to parec
        self._proc = subprocess.Popen(
            ["parec", "-s", self.rig.server, "-d", self.source, f"--rate={RECORD_RATE}", "--channels=1",
             "--format=s16le", "--raw", "--latency-msec=10"],
            stdout=out, stderr=subprocess.DEVNULL)
        out.close()
        # parec writes from its first buffer on: wait for the first bytes to anchor time 0
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and self.path.stat().st_size == 0:
            time.sleep(0.005)
        self.started_at = time.monotonic() - self.path.stat().st_size / 2 / RECORD_RATE

    def so_far(self) -> np.ndarray:
        """What was recorded until now (float32, 16 kHz)."""
        data = self.path.read_bytes()
        data = data[: len(data) - len(data) % 2]
        return np.frombuffer(data, dtype="<i2").astype(np.float32) / 32768

    def stop(self) -> None:
        if self._proc is not None:
            self._proc.terminate()
            try:
                self._proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self._proc.kill()
            self._proc = None
        self.samples = self.so_far()
        self.path.unlink(missing_ok=True)


def sound_spans(samples: np.ndarray, rate: int = RECORD_RATE, threshold_db: float = -45.0,
                frame_s: float = 0.01) -> list[tuple[float, float]]:
    """Start and end times (s) of the stretches louder than ``threshold_db`` dBFS.

    Gaps shorter than 0.3 s are bridged (pauses between words).
    """
    n = max(1, int(rate * frame_s))
    count = len(samples) // n
    if count == 0:
        return []
    frames = samples[: count * n].reshape(count, n).astype(np.float64)
    level = 10 * np.log10(np.mean(frames ** 2, axis=1) + 1e-12)
    loud = level > threshold_db
    spans: list[tuple[float, float]] = []
    for i in np.nonzero(loud)[0]:
        t = i * frame_s
        if spans and t - spans[-1][1] < 0.3:
            spans[-1] = (spans[-1][0], t + frame_s)
        else:
            spans.append((t, t + frame_s))
    return spans


def write_wav(path: Path, samples: np.ndarray, rate: int = RECORD_RATE) -> None:
    pcm = (np.clip(samples, -1, 1) * 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(pcm.tobytes())


def main(argv: list[str]) -> int:
    rig = Rig()
    verb = argv[0] if argv else "status"
    if verb == "start":
        rig.start()
        print(f"sound rig up: {rig.server}")
        return 0
    if verb == "stop":
        rig.stop()
        return 0
    up = rig.is_up()
    print("sound rig up" if up else "sound rig down")
    return 0 if up else 1



#: How long the game may take from launch to its first printed line on a quiet machine (an
#: allowance, not a measurement: it loads the echo canceller and a recognizer); a slower start
#: means a busy machine, and the later waits stretch by as much.
NOMINAL_START_S = 3.0
#: Waits stretch at most this much: a game that is stuck, not slow, still fails.
MAX_STRETCH = 8.0


def machine_load() -> float:
    """Runnable processes per core over the last minute (1.0: every core busy)."""
    try:
        return os.getloadavg()[0] / max(1, os.cpu_count() or 1)
    except OSError:
        return 1.0


def stretch(measured_s: float | None = None, nominal_s: float = NOMINAL_START_S) -> float:
    """How much longer than on a quiet machine a wait may take now.

    The larger of the load per core and how much slower than ``nominal_s``
    something just measured was (the game's start), capped at ``MAX_STRETCH``.
    """
    slow = measured_s / nominal_s if measured_s is not None and nominal_s > 0 else 1.0
    return min(MAX_STRETCH, max(1.0, machine_load(), slow))


class Game:
    """The real program (``python -m tavli_voice.cli play …``) on the rig, driven through stdin.

    Every line it prints is kept with the ``time.monotonic()`` it arrived;
    stderr is kept apart (it must stay empty of library noise).
    """

    def __init__(self, rig: Rig, args: list[str], home: Path, python: str = sys.executable,
                 cwd: Path | None = None) -> None:
        import threading

        self.lines: list[tuple[float, str]] = []
        self.err: list[str] = []
        self._lock = threading.Lock()
        self.launched = time.monotonic()
        env = rig.env(home)
        repo = Path(__file__).resolve().parents[1]
        env["PYTHONPATH"] = str(repo) + os.pathsep + env.get("PYTHONPATH", "")
        env["PYTHONUNBUFFERED"] = "1"
        # --notation: the plays listed with their notation ("(8/2 6/5)"), which the rig reads back
        self.proc = subprocess.Popen([python, "-m", "tavli_voice.cli", "play", "--notation", *args],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     env=env, cwd=str(cwd or repo))
        self._threads = [threading.Thread(target=self._read, args=(self.proc.stdout, self.lines), daemon=True),
                         threading.Thread(target=self._read_err, daemon=True)]
        for t in self._threads:
            t.start()

    def _read(self, stream: object, into: list[tuple[float, str]]) -> None:
        for raw in iter(stream.readline, b""):  # type: ignore[attr-defined]
            with self._lock:
                into.append((time.monotonic(), raw.decode("utf-8", "replace").rstrip("\n")))

    def _read_err(self) -> None:
        assert self.proc.stderr is not None
        for raw in iter(self.proc.stderr.readline, b""):
            with self._lock:
                self.err.append(raw.decode("utf-8", "replace").rstrip("\n"))

    def send(self, line: str) -> float:
        """Type ``line`` and Enter; returns when it was sent (taken before writing: the game's
        answer may be read before the write returns)."""
        assert self.proc.stdin is not None
        sent = time.monotonic()
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()
        return sent

    def text(self) -> str:
        with self._lock:
            return "\n".join(line for _, line in self.lines)

    def started_in(self) -> float | None:
        """Seconds from launch to the first printed line (None before it)."""
        with self._lock:
            return self.lines[0][0] - self.launched if self.lines else None

    def stretch(self) -> float:
        """How much slower than on a quiet machine this game runs now (see :func:`stretch`)."""
        return stretch(self.started_in())

    def wait_for(self, needle: str, timeout: float = 20.0, after: float = 0.0) -> float:
        """Wait until a line containing ``needle`` is printed (after ``after``); its time.

        ``timeout`` is for a quiet machine: it stretches with the load and with
        how slowly this game started (at most ``MAX_STRETCH`` times); a game
        that has exited fails at once.
        """
        begun = time.monotonic()
        while time.monotonic() < begun + timeout * self.stretch():
            with self._lock:
                for at, line in self.lines:
                    if at >= after and needle in line:
                        return at
            if self.proc.poll() is not None and not any(t.is_alive() for t in self._threads[:1]):
                break
            time.sleep(0.01)
        raise TimeoutError(f"{needle!r} not printed in {time.monotonic() - begun:.1f} s (load per core "
                           f"{machine_load():.1f}, started in {self.started_in()} s); output so far:\n"
                           f"{self.text()}\n{self.err}")

    def close(self, timeout: float = 10.0) -> int:
        if self.proc.poll() is None:
            try:
                self.send("q")
            except (BrokenPipeError, OSError):
                pass
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for t in self._threads:
            t.join(timeout=2)
        return self.proc.returncode


#: Lines the audio libraries print (ALSA, PortAudio, JACK, PulseAudio clients).
LIBRARY_NOISE = ("ALSA lib", "Expression '", "PortAudio", "pa_linux_alsa", "jack", "Jack", "JACK",
                 "snd_pcm", "pulse", "Connection failure", "underrun")


def library_lines(text: str) -> list[str]:
    """The lines of ``text`` that come from an audio library."""
    return [line for line in text.splitlines() if any(n in line for n in LIBRARY_NOISE)]


def wait_quiet(rec: Recording, quiet_s: float = 0.8, timeout: float = 30.0,
               threshold_db: float = -45.0, sound_after: int | None = None, on_its_way_s: float = 0.15) -> float:
    """Wait until the recording has been silent for ``quiet_s``; the time sound last stopped.

    With ``sound_after`` (a sample index), first wait for sound after it.
    ``timeout`` is for a quiet machine and stretches with the load.

    The silence counts only once the recording reaches ``on_its_way_s``
    past the moment of the call: it lags a little, and sound already on its
    way then (in the game's output buffer and the server's) may not be in it
    yet. Measured: with 0.3 s of lag allowed, the next key was sent at once
    after the last answer was stopped, the two answers ran into one sound and
    the new one was not found.
    """
    begun = time.monotonic()
    while time.monotonic() < begun + timeout * stretch():
        samples = rec.so_far()
        spans = sound_spans(samples, threshold_db=threshold_db)
        if sound_after is not None:
            spans = [s for s in spans if s[1] > sound_after / RECORD_RATE]
            if not spans:
                time.sleep(0.05)
                continue
        heard_until = spans[-1][1] if spans else 0.0
        recorded = len(samples) / RECORD_RATE
        now = time.monotonic()
        # parec has caught up with the call (after a second, within 0.3 s of now will do: a
        # recording whose clock runs a little slow never reaches the wall clock)
        current = rec.started_at + recorded >= (begun + on_its_way_s if now - begun < 1.0 else now - 0.3)
        if current and recorded - heard_until >= quiet_s and (spans or recorded > 3):
            return rec.started_at + heard_until
        time.sleep(0.05)
    raise TimeoutError("the speaker never went quiet")


if __name__ == "__main__":  # last: main() uses everything above
    sys.exit(main(sys.argv[1:]))
