"""Moonshine base-en scoring given phrases (``speech/engine_moonshine.py``): the files found in the installed wheel,
the phrases spelled as Whisper writes them, and a model that cannot load named in ``EngineUnavailable``.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from speech_helpers import fsdd, needs_fsdd
from tavli_voice.commands import ChoosePlay
from tavli_voice.speech import engine_moonshine
from tavli_voice.speech.engine_moonshine import MoonshineScorer, transcript
from tavli_voice.speech.grammar import PHASE_COMMANDS, Options, Phrase, phrases
from tavli_voice.speech.heard import EngineUnavailable

PLAY = Options(plays=9, commands=PHASE_COMMANDS["play"])


def moonshine_or_skip() -> MoonshineScorer:
    try:
        return MoonshineScorer()
    except EngineUnavailable as problem:
        pytest.skip(f"Moonshine cannot load: {problem.values}")


class TestMoonshineScorer:
    def test_phrases_are_spelled_as_whisper_writes_a_transcript(self) -> None:
        assert transcript(Phrase(("twenty", "three"), ChoosePlay(23))) == " Twenty three."

    @needs_fsdd
    def test_the_number_said_scores_best_among_the_plays_in_a_quiet_room(self) -> None:
        moon = moonshine_or_skip()
        items = tuple(p for p in phrases(PLAY, "en") if isinstance(p.command, ChoosePlay))
        for digit, speaker in ((3, "jackson"), (7, "lucas")):
            scores = moon.scores(fsdd(digit, speaker, 41), items)
            assert items[int(np.argmax(scores))].command == ChoosePlay(digit)
            assert scores.shape == (len(items),) and np.all(scores < 0)

    def test_a_folder_without_the_model_raises_engine_unavailable_naming_what_is_missing(
            self, tmp_path: Path) -> None:
        pytest.importorskip("onnxruntime")
        with pytest.raises(EngineUnavailable) as caught:
            MoonshineScorer(tmp_path)
        assert caught.value.key == "engine_missing" and caught.value.values["engine"] == "moonshine"
        assert "encoder_model.ort" in str(caught.value.values["detail"])
        assert "pip install moonshine-cpp onnxruntime" in str(caught.value.values["detail"])
        for name in engine_moonshine.FILES:
            (tmp_path / name).write_bytes(b"not a model")
        with pytest.raises(EngineUnavailable) as caught:
            MoonshineScorer(tmp_path)
        assert str(caught.value.values["detail"]).startswith("encoder_model.ort: ")

    def test_without_the_package_the_reason_names_it(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(engine_moonshine.importlib.util, "find_spec", lambda name: None)
        with pytest.raises(EngineUnavailable) as caught:
            engine_moonshine.model_folder()
        assert "moonshine-cpp" in str(caught.value.values["detail"])
