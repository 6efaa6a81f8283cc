"""The sound rig's waits stretch with how busy the machine is, within a cap (no sound server needed)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import sound_rig
from sound_rig import MAX_STRETCH, NOMINAL_START_S, machine_load, stretch


def test_a_quiet_machine_waits_the_nominal_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "getloadavg", lambda: (0.3, 0.3, 0.3))
    assert stretch() == 1.0
    assert stretch(NOMINAL_START_S / 2) == 1.0  # a fast start never shortens a wait


def test_waits_stretch_with_the_load_per_core(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    monkeypatch.setattr(os, "getloadavg", lambda: (9.0, 8.0, 7.0))
    assert machine_load() == pytest.approx(4.5)
    assert stretch() == pytest.approx(4.5)


def test_waits_stretch_with_a_slow_start(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "getloadavg", lambda: (0.5, 0.5, 0.5))
    assert stretch(3 * NOMINAL_START_S) == pytest.approx(3.0)


def test_a_stuck_game_still_fails_in_bounded_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "getloadavg", lambda: (500.0, 500.0, 500.0))
    assert stretch(1000.0) == MAX_STRETCH


def test_a_game_that_exited_fails_at_once(monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    import subprocess
    import sys
    import threading
    import time

    game = sound_rig.Game.__new__(sound_rig.Game)
    game.lines, game.err, game._lock = [], [], threading.Lock()
    game.launched = time.monotonic()
    game.proc = subprocess.Popen([sys.executable, "-c", "print('bye')"], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, stdin=subprocess.PIPE)
    game._threads = [threading.Thread(target=game._read, args=(game.proc.stdout, game.lines), daemon=True)]
    game._threads[0].start()
    game.proc.wait()
    game._threads[0].join()
    begun = time.monotonic()
    with pytest.raises(TimeoutError, match="not printed"):
        game.wait_for("never printed", timeout=30.0)
    assert time.monotonic() - begun < 2.0
    assert game.started_in() is not None


def test_the_rig_script_runs_as_a_command(tmp_path: Path) -> None:
    """``python tests/sound_rig.py status`` (as .ci/run calls it) answers, whether or not
    a rig is up, without a traceback: everything it uses is defined before it runs."""
    import subprocess
    import sys

    script = Path(__file__).with_name("sound_rig.py")
    folder = tmp_path / "dead-rig"
    folder.mkdir()
    (folder / "native").write_text("")  # a socket path with no server: pactl is asked
    env = dict(os.environ, TAVLI_SOUND_RIG=str(folder))
    out = subprocess.run([sys.executable, str(script), "status"], capture_output=True,
                         text=True, env=env, timeout=120)
    assert "Traceback" not in out.stderr, out.stderr
    assert out.stdout.strip() in ("sound rig up", "sound rig down")
