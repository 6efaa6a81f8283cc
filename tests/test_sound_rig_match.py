"""A short Greek match played by voice through the sound rig with a television on (slow).

The game runs as a child process on a rig of its own (``tests/sound_rig.py``);
``benchmarks/e2e_sound.py``'s ``spoken_match`` says every play's number into
the microphone with television-like noise 10 dB under the player's words, and
answers "did you say …?" by voice. Every play made must be the one said.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sound_rig import Rig

from test_sound_rig import _start

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture()
def own_rig(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Rig]:
    rig = _start(Rig(tmp_path_factory.mktemp("rig")))
    yield rig
    rig.stop()


@pytest.mark.slow
def test_a_greek_spoken_match_with_a_television_on_makes_every_play_said(
        own_rig: Rig, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    import e2e_sound

    res = e2e_sound.spoken_match(own_rig, "el", tmp_path, snr=10.0, seed="3", points=1, max_turns=3)
    assert res["turns"] == 3, res
    assert res["wrong"] == 0 and res["missed"] == 0, res  # every play said was made, none typed
    assert res["right"] + res["asked_right"] == 3, res
