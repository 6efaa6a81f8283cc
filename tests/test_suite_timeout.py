"""A test that hangs fails with a time-out and the run goes on: it never stalls CI.

pytest-timeout (in the ``test`` extra, so ``.ci/run`` installs it) stops each test after
the ``timeout`` set in pyproject.toml's ``[tool.pytest.ini_options]``.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_project_gives_every_test_a_time_limit_and_ci_installs_the_plugin() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert any(dep.startswith("pytest-timeout") for dep in project["project"]["optional-dependencies"]["test"])
    limit = int(project["tool"]["pytest"]["ini_options"]["timeout"])
    # well above the slowest real test (about 2 minutes on a busy machine), well below a stalled CI job
    assert 300 <= limit <= 1800
    assert "'.[whisper,whisper-multilingual,test]'" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_a_hanging_test_fails_on_its_time_limit_and_the_next_test_still_runs(tmp_path: Path) -> None:
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    (tmp_path / "test_hang.py").write_text(
        "import time\n\n"
        "def test_hangs():\n    time.sleep(60)\n\n"
        "def test_after():\n    assert True\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--timeout", "1",
                          "-c", str(tmp_path / "pytest.ini"), "--rootdir", str(tmp_path), str(tmp_path)],
                         capture_output=True, text=True, cwd=tmp_path, timeout=50)
    out = run.stdout + run.stderr
    assert run.returncode == 1, out
    assert "Failed: Timeout (>1.0s)" in out, out
    assert "1 failed, 1 passed" in out, out
