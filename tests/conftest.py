"""What many test modules share: the shared folder, the espeak-ng marker, the slow marker.

* :func:`shared_dir` — the ``shared/`` folder beside the checkout (rule-book
  fixtures, recorded speech), or wherever ``$TAVLI_SHARED`` points.
  :func:`need_shared` skips a test with a reason when a file there is
  missing, and fails it under ``CI`` (CI always has the folder).
* ``@pytest.mark.espeak`` — the test speaks with espeak-ng; skipped with a
  reason when espeak-ng is not installed (``.ci/run`` installs it).
* ``@pytest.mark.slow`` — long seeded fuzz runs; the README's test command
  and CI run them; ``-m "not slow"`` leaves them out while working.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

HAVE_ESPEAK = shutil.which("espeak-ng") is not None


def shared_dir() -> Path:
    """``shared/`` beside the checkout (or ``$TAVLI_SHARED``)."""
    env = os.environ.get("TAVLI_SHARED")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "shared"


def need_shared(path: Path, what: str) -> Path:
    """``path`` (inside the shared folder) if it exists; else skip, or fail under CI."""
    if not path.exists():
        msg = (f"{what} not found at {path}: put shared/ beside the repository "
               "or set TAVLI_SHARED")
        if os.environ.get("CI"):
            pytest.fail(msg)
        pytest.skip(msg)
    return path


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "espeak: speaks with espeak-ng (skipped without it)")
    config.addinivalue_line("markers", "slow: long seeded fuzz runs (CI runs them)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if HAVE_ESPEAK:
        return
    skip = pytest.mark.skip(reason="espeak-ng is not installed (.ci/run installs it)")
    for item in items:
        if "espeak" in item.keywords:
            item.add_marker(skip)
