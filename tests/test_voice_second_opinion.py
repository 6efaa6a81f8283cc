"""English's second opinion: Moonshine base-en weighs Whisper's likeliest commands again where Whisper would ask back.

The word asked back ("Did you say …?") is the likeliest of Whisper's three likeliest commands by both engines'
log-shares added up; a word Whisper would act on at once is never changed, so nothing more is acted on wrongly.
Moonshine that cannot load is said in the log and in every result (``Instead``), never left out silently.
"""

from __future__ import annotations

import copy
import dataclasses
import logging
from pathlib import Path

import numpy as np
import pytest

from speech_helpers import espeak, fsdd, needs_espeak, needs_fsdd
from tavli_voice.commands import ChoosePlay, No, Roll, StopSpeech
from tavli_voice.speech import engine_moonshine, listen_decide
from tavli_voice.speech.audio import Samples
from tavli_voice.speech.crop import DECOY_HANDICAP, SECOND_OPINION, SpeechCrop, load_detector
from tavli_voice.speech.engine_moonshine import MoonshineScorer, transcript
from tavli_voice.speech.fusion import with_second
from tavli_voice.speech.grammar import PHASE_COMMANDS, Options, Phrase, phrases
from tavli_voice.speech.heard import EngineUnavailable, Heard
from tavli_voice.speech.listen_decide import UNSURE_BELOW, decoys, on_offer_only
from tavli_voice.speech.listener import should_confirm
from tavli_voice.speech.recognizer import Instead
from tests.test_voice_noise import whisper_or_skip

PLAY = Options(plays=9, commands=PHASE_COMMANDS["play"])


def moonshine_or_skip() -> MoonshineScorer:
    try:
        return MoonshineScorer()
    except EngineUnavailable as problem:
        pytest.skip(f"Moonshine cannot load: {problem.values}")


@pytest.fixture(scope="module")
def engine(english_engine):  # type: ignore[no-untyped-def]
    """The engine a game chooses for English (``conftest.english_engine``: user folders of its own)."""
    return english_engine


class Scripted:
    """An engine whose phrase scores are given (by the command each phrase means); counts its calls."""

    def __init__(self, name: str, by_command: dict[object, float]) -> None:
        self.name = name
        self.by_command = by_command
        self.calls: list[tuple[Phrase, ...]] = []

    def scores(self, audio: Samples, items: tuple[Phrase, ...]) -> np.ndarray:
        self.calls.append(items)
        return np.array([self.by_command.get(p.command, -9.0) for p in items])

    def recognize(self, audio: Samples, items: tuple[Phrase, ...]) -> Heard:
        raise AssertionError("the crop scores the views itself")


def sound() -> np.ndarray:
    """Espeak-ng's "seven" in faint noise: the scripted engines decide what is heard in it."""
    rng = np.random.default_rng(5)
    pad = np.zeros(8000)
    x = np.concatenate([pad, espeak("seven"), pad])
    return (x + 0.001 * rng.standard_normal(len(x))).astype(np.float32)


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

    @needs_fsdd
    def test_the_decoder_written_out_once_as_onnx_scores_as_the_ort_file_does(
            self, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
        pytest.importorskip("onnxruntime")
        items = tuple(phrases(PLAY, "en"))
        ort_file = MoonshineScorer(plain=False)
        with caplog.at_level(logging.INFO, logger="tavli_voice.speech.engine_moonshine"):
            plain = MoonshineScorer(cache=tmp_path)
        assert plain.decoder_file.parent == tmp_path and plain.decoder_file.suffix == ".onnx"
        assert ort_file.decoder_file.name == "decoder_model_merged.ort"
        assert any("written out as ONNX" in r.getMessage() for r in caplog.records)
        x = fsdd(4, "lucas", 42)
        assert np.allclose(plain.scores(x, items), ort_file.scores(x, items), atol=1e-4)
        written = plain.decoder_file.stat().st_mtime_ns
        assert MoonshineScorer(cache=tmp_path).decoder_file.stat().st_mtime_ns == written  # once

    def test_a_cache_that_cannot_be_written_leaves_the_ort_decoder_running_and_says_why(
            self, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
        pytest.importorskip("onnxruntime")
        (tmp_path / "a file").write_text("")
        with caplog.at_level(logging.WARNING, logger="tavli_voice.speech.engine_moonshine"):
            moon = MoonshineScorer(cache=tmp_path / "a file" / "cache")
        assert moon.decoder_file.name == "decoder_model_merged.ort"
        assert any("cannot be written out" in r.getMessage() for r in caplog.records)

    def test_graphs_without_a_name_are_named_and_nothing_else_changes(self) -> None:
        from tavli_voice.speech.engine_moonshine import _fields, _message, named_graphs

        def message(*fields: tuple[int, int, bytes]) -> bytes:
            return _message(list(fields))

        branch = message((1, 2, message((4, 2, b"Add"))))  # a graph with one node and no name
        node = message((4, 2, b"If"), (5, 2, message((1, 2, b"then_branch"), (6, 2, branch))))
        weights = bytes(range(256)) * 3  # an initializer's bytes, over 127: a two-byte length
        model = message((1, 0, b"\x08"), (7, 2, message((1, 2, node), (2, 2, b"main"), (5, 2, weights))))
        out = _fields(named_graphs(model))
        assert out[0] == (1, 0, b"\x08")
        graph = _fields(out[1][2])
        assert graph[1:] == [(2, 2, b"main"), (5, 2, weights)]
        attribute = _fields(_fields(graph[0][2])[1][2])
        assert _fields(attribute[1][2]) == [(1, 2, message((4, 2, b"Add"))), (2, 2, b"branch_1")]

    def test_without_the_package_the_reason_names_it(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(engine_moonshine.importlib.util, "find_spec", lambda name: None)
        with pytest.raises(EngineUnavailable) as caught:
            engine_moonshine.model_folder()
        assert "moonshine-cpp" in str(caught.value.values["detail"])


class TestSecondOpinion:
    def test_the_fused_order_puts_the_second_engines_choice_first_and_keeps_the_others_shares(self) -> None:
        fused = with_second([("a", 0.4), ("b", 0.35), ("c", 0.15), ("d", 0.1)], [("c", 0.9), ("a", 0.05)], 3)
        assert [c for c, _ in fused] == ["c", "a", "d", "b"]
        assert sum(s for _, s in fused) == pytest.approx(1.0) and dict(fused)["d"] == 0.1

    @needs_espeak
    def test_a_word_whisper_is_unsure_of_is_asked_back_as_the_fused_first(self) -> None:
        whisper = Scripted("whisper", {ChoosePlay(1): -1.0, ChoosePlay(7): -1.3, ChoosePlay(5): -1.6})
        moon = Scripted("moonshine", {ChoosePlay(7): -0.5, ChoosePlay(1): -3.0, ChoosePlay(5): -2.0})
        crop = SpeechCrop(whisper, load_detector(), views=("crop", "band"), second=moon,  # type: ignore[arg-type]
                          second_top=SECOND_OPINION["en"])
        alone = SpeechCrop(whisper, load_detector(), views=("crop", "band"))  # type: ignore[arg-type]
        items = phrases(PLAY, "en")
        x = sound()
        before, after = alone.recognize(x, items), crop.recognize(x, items)
        assert before.command == ChoosePlay(1) and should_confirm(before, "unsure")
        assert after.command == ChoosePlay(7) and after.text == "seven" and should_confirm(after, "unsure")
        assert after.score == before.score and after.engine == "whisper+crop+moonshine"
        # asked back below Whisper's own line under the new engine name too (not the 0.3 of an engine not listed)
        assert UNSURE_BELOW["whisper+crop+moonshine"] == UNSURE_BELOW["whisper+crop"]
        assert [c for c, _ in after.shares[:3]] == [ChoosePlay(7), ChoosePlay(5), ChoosePlay(1)]
        assert moon.calls and {p.command for p in moon.calls[0]} == {ChoosePlay(1), ChoosePlay(7), ChoosePlay(5)}
        assert "moonshine: candidates" in after.why and "'seven' asked back" in after.why

    @needs_espeak
    def test_a_word_whisper_acts_on_at_once_is_never_changed(self) -> None:
        whisper = Scripted("whisper", {ChoosePlay(1): -0.5, ChoosePlay(7): -4.0, Roll(): -5.0})
        moon = Scripted("moonshine", {ChoosePlay(7): -0.1})
        crop = SpeechCrop(whisper, load_detector(), views=("crop", "band"), second=moon)  # type: ignore[arg-type]
        alone = SpeechCrop(whisper, load_detector(), views=("crop", "band"))  # type: ignore[arg-type]
        items = phrases(PLAY, "en")
        x = sound()
        heard = crop.recognize(x, items)
        assert heard.command == ChoosePlay(1) and not should_confirm(heard, "unsure")
        assert heard == dataclasses.replace(alone.recognize(x, items), ms=heard.ms)
        assert not moon.calls and heard.engine == "whisper+crop"

    @needs_espeak
    def test_a_fused_first_that_would_be_acted_on_at_once_leaves_whispers_word_asked_back(self) -> None:
        whisper = Scripted("whisper", {ChoosePlay(1): -1.0, StopSpeech(): -1.3, ChoosePlay(5): -1.6})
        moon = Scripted("moonshine", {StopSpeech(): -0.2, ChoosePlay(1): -3.0, ChoosePlay(5): -3.0})
        crop = SpeechCrop(whisper, load_detector(), views=("crop", "band"), second=moon)  # type: ignore[arg-type]
        heard = crop.recognize(sound(), phrases(PLAY, "en"))
        assert moon.calls and heard.command == ChoosePlay(1) and should_confirm(heard, "unsure")
        assert heard.why.endswith("would be acted on at once, 'one' kept"), heard.why

    @needs_espeak
    def test_a_stop_whisper_is_unsure_of_is_obeyed_as_whisper_heard_it(self) -> None:
        whisper = Scripted("whisper", {StopSpeech(): -1.0, ChoosePlay(1): -1.2, ChoosePlay(5): -1.6})
        moon = Scripted("moonshine", {ChoosePlay(1): -0.2})
        crop = SpeechCrop(whisper, load_detector(), views=("crop", "band"), second=moon)  # type: ignore[arg-type]
        heard = crop.recognize(sound(), phrases(PLAY, "en"))
        assert heard.command == StopSpeech() and heard.score < 0.5 and not moon.calls


class TestDecoys:
    """While a play is chosen the command words not on offer are listened for too (``listen_decide.decoys``); one
    heard is "not possible now" and the player's number is lost. Moonshine weighs a decoy yes or no among Whisper's
    likeliest commands under the same ``DECOY_HANDICAP`` as Whisper: its vote makes such a word the one heard only
    where it was clearly said."""

    @staticmethod
    def play_items() -> tuple[tuple[Phrase, ...], tuple[Phrase, ...]]:
        offered = phrases(PLAY, "en")
        return offered + decoys(PLAY, "en", offered), offered

    @needs_espeak
    def test_a_decoy_no_among_whispers_three_likeliest_that_moonshine_slightly_prefers_is_not_heard(
            self, monkeypatch: pytest.MonkeyPatch) -> None:
        items, offered = self.play_items()
        assert any(p.decoy and p.command == No() for p in items) and DECOY_HANDICAP["moonshine"] == 0.5
        whisper = Scripted("whisper", {ChoosePlay(1): -1.0, ChoosePlay(5): -1.3, No(): -1.1})
        moon = Scripted("moonshine", {No(): -0.6, ChoosePlay(5): -1.0, ChoosePlay(1): -3.0})
        crop = SpeechCrop(whisper, load_detector(), views=("crop", "band"), second=moon,  # type: ignore[arg-type]
                          second_top=SECOND_OPINION["en"])
        alone = SpeechCrop(whisper, load_detector(), views=("crop", "band"))  # type: ignore[arg-type]
        x = sound()
        before = alone.recognize(x, items)
        assert [c for c, _ in before.shares[:3]] == [ChoosePlay(1), ChoosePlay(5), No()]  # "no" 0.5 under Whisper's
        heard = on_offer_only(crop.recognize(x, items), offered)
        assert heard.command == ChoosePlay(5) and heard.text == "five" and should_confirm(heard, "unsure")
        assert heard.score == before.score and heard.rival is not None and heard.rival[0] == No()
        assert {p.command for p in moon.calls[0]} == {ChoosePlay(1), ChoosePlay(5), No()}
        monkeypatch.setitem(DECOY_HANDICAP, "moonshine", 0.0)  # Moonshine's "no" as it scored it: the number lost
        monkeypatch.setattr(listen_decide, "DECOY_ASKED_BACK", {})  # unless the unsure "no" were asked back as it
        lost = on_offer_only(crop.recognize(x, items), offered)
        assert lost.command is None and lost.reason == "not_on_offer" and lost.text == "no"

    @needs_espeak
    def test_a_decoy_no_is_heard_as_itself_when_moonshine_is_sure_of_it_and_as_a_number_moonshine_prefers(
            self) -> None:
        items, offered = self.play_items()
        x = sound()
        for whisper_no, moonshine_first, heard_as in ((-0.6, No(), None), (-0.6, ChoosePlay(1), ChoosePlay(1)),
                                                      (-1.1, No(), None)):
            whisper = Scripted("whisper", {No(): whisper_no, ChoosePlay(1): -1.3, ChoosePlay(5): -1.6})
            moon = Scripted("moonshine", {moonshine_first: -0.1})
            crop = SpeechCrop(whisper, load_detector(), views=("crop", "band"),  # type: ignore[arg-type]
                              second=moon, second_top=SECOND_OPINION["en"])
            heard = on_offer_only(crop.recognize(x, items), offered)
            assert moon.calls and No() in {p.command for p in moon.calls[0]}
            assert heard.command == heard_as and heard.reason == ("not_on_offer" if heard_as is None else "")


class TestOnRealSpeech:
    @needs_fsdd
    @needs_espeak
    def test_a_number_said_with_a_television_on_is_asked_back_right_only_with_the_second_opinion(
            self, engine, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        from benchmarks import noise as sound
        from benchmarks.voice import in_condition
        if getattr(engine, "second", None) is None:
            pytest.skip("Moonshine is not installed: pip install moonshine-cpp onnxruntime")
        sources = {"tv": sound.espeak_talk(sound.TV_TALK, tmp_path)}
        # FSDD 3_jackson_0 with a television 10 dB under it, as benchmarks/voice.py --noise tv --snr 10 --step 4
        # --part tuning mixes it (its 41st clip: noise seed [40, 40]): Whisper alone asks "seven?"
        x = in_condition(fsdd(3, "jackson", 0), ("tv", 10.0, False, None), np.random.default_rng([40, 40]),
                         np.zeros(1), 0.5, sources)
        items = phrases(PLAY, "en")
        alone = copy.copy(engine)
        alone.second = None
        before, after = alone.recognize(x, items), engine.recognize(x, items)
        assert before.command == ChoosePlay(7) and should_confirm(before, "unsure")
        assert after.command == ChoosePlay(3) and should_confirm(after, "unsure")
        assert after.engine == "whisper+crop+moonshine" and before.engine == "whisper+crop"

    @needs_fsdd
    @needs_espeak
    def test_a_nine_said_with_a_television_on_is_asked_back_not_lost_to_the_decoy_no(
            self, engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
        from benchmarks import noise as sound
        from benchmarks.voice import in_condition
        if getattr(engine, "second", None) is None:
            pytest.skip("Moonshine is not installed: pip install moonshine-cpp onnxruntime")
        sources = {"tv": sound.espeak_talk(sound.TV_TALK, tmp_path)}
        # FSDD 9_jackson_44 with a television 10 dB under it, mixed as benchmarks/voice.py --noise tv --snr 10
        # mixes a held-out clip (noise seed [40, 41]); chosen on Whisper's AVX-512 kernels (engine_whisper.choose_isa),
        # where take 45 had Whisper rank "nine" first by itself
        x = in_condition(fsdd(9, "jackson", 44), ("tv", 10.0, False, None), np.random.default_rng([40, 41]),
                         np.zeros(1), 0.5, sources)
        items, offered = TestDecoys.play_items()
        heard = on_offer_only(engine.recognize(x, items), offered)
        # Whisper puts the decoy "no" (-3.6) ahead of "nine" (-4.3); Moonshine's vote decides
        assert heard.command == ChoosePlay(9) and should_confirm(heard, "unsure"), heard.why
        assert heard.why.endswith("'nine' asked back"), heard.why
        monkeypatch.setitem(DECOY_HANDICAP, "moonshine", 0.0)
        monkeypatch.setattr(listen_decide, "DECOY_ASKED_BACK", {})  # unless the unsure "no" were asked back as it
        lost = on_offer_only(engine.recognize(x, items), offered)
        assert lost.command is None and lost.reason == "not_on_offer" and lost.text == "no", lost.why

    @needs_fsdd
    def test_words_acted_on_at_once_in_a_quiet_room_are_whispers_own(self, engine) -> None:  # type: ignore[no-untyped-def]
        items = phrases(PLAY, "en")
        alone = copy.copy(engine)
        alone.second = None
        for digit, speaker in ((2, "jackson"), (6, "lucas"), (9, "jackson")):
            x = np.concatenate([np.zeros(8000), fsdd(digit, speaker, 44), np.zeros(8000)]).astype(np.float32)
            heard, own = engine.recognize(x, items), alone.recognize(x, items)
            if not should_confirm(own, "unsure"):
                assert (heard.command, heard.score, heard.engine) == (own.command, own.score, "whisper+crop")


class TestNoSilentFallBack:
    def test_moonshine_that_cannot_load_is_said_in_the_log_and_every_result_and_whisper_decides(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
        def missing() -> MoonshineScorer:
            raise EngineUnavailable("engine_missing", engine="moonshine",
                                    detail="moonshine-cpp: pip install moonshine-cpp onnxruntime")

        from tavli_voice.speech import recognizer
        monkeypatch.setattr(recognizer, "_second_opinion", missing)
        with caplog.at_level(logging.WARNING, logger="tavli_voice.speech.recognizer"):
            engine = whisper_or_skip(tmp_path, monkeypatch)
        assert isinstance(engine, Instead) and engine.wanted == "whisper+crop+moonshine"
        assert engine.name == "whisper+crop"
        assert "pip install moonshine-cpp onnxruntime" in engine.why
        assert any("moonshine" in r.getMessage() and "cannot load" in r.getMessage() for r in caplog.records)
        from tavli_voice.ui.voice_input import _stand_in
        assert _stand_in(engine) is engine  # the game says it once, as for any engine standing in
        heard = engine.recognize(espeak("four"), phrases(PLAY, "en"))
        assert heard.command == ChoosePlay(4) and heard.engine == "whisper+crop"
        assert heard.note.startswith("whisper+crop+moonshine: ") and "pip install moonshine-cpp" in heard.note
