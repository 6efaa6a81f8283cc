"""The Greek engine hears the short answers to "did you say …?" with a television in the room.

In the Greek spoken match with a television 10 dB under the player, the player's «ναι» was heard 2 times
in 44 (benchmarks/results/e2e-sound-el-losses.txt): with 0.2 s of margin each side of a 0.2-0.3 s word the
crop handed the engines as much television talk as word, and both took it for a longer command word.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import noise as sound  # noqa: E402
from speech_helpers import espeak, needs_espeak  # noqa: E402
from tavli_voice import commands as C  # noqa: E402
from tavli_voice.speech.audio import RATE  # noqa: E402
from tavli_voice.speech.grammar import PHASE_COMMANDS, Options  # noqa: E402
from tavli_voice.speech.heard import Heard  # noqa: E402

#: What may be said while "did you say …?" is open in the play phase (as the voice source offers it).
ASKED = Options(plays=20, commands=frozenset(PHASE_COMMANDS["play"] - {"leave"}) | {"yes", "no"})


def greek_engine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """The game's Greek engine (the crop around pocketsphinx and the multilingual Whisper), or a skip."""
    from tavli_voice.speech.engine_whisper import find_weights
    from tavli_voice.speech.recognizer import choose_engine

    if find_weights(lang="el") is None:
        pytest.skip("no multilingual Whisper installed (the README's whisper-multilingual extra)")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    return choose_engine(None, "el", profile=tmp_path / "voice")


class Lengths:
    """An engine that keeps the length of every sound it is given (what the crop passed on)."""

    name = "lengths"

    def __init__(self) -> None:
        self.seconds: list[float] = []

    def recognize(self, audio: np.ndarray, items: tuple[object, ...]) -> Heard:
        self.seconds.append(len(audio) / RATE)
        return Heard("", None, 0.0, 0.0, self.name, "nothing")


def with_television(word: np.ndarray, snr: float, seed: int, folder: Path) -> tuple[np.ndarray, np.ndarray]:
    """(``word`` with television-like talk ``snr`` dB under it and 0.5 s each side, the talk alone)."""
    sources = {"tv": sound.espeak_talk(sound.TV_TALK, folder)}
    mixed, talk = sound.mix(word, "tv", snr, np.random.default_rng([40, seed]), sources=sources)
    return mixed, talk


class TestGreekCropMargin:
    def test_the_greek_crop_keeps_less_around_the_word_than_the_english(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        from tavli_voice.speech.crop import MARGIN_BY_LANG, MARGIN_S, QUIET_MARGIN

        engine = greek_engine(tmp_path, monkeypatch)
        assert engine.margin_s == MARGIN_BY_LANG["el"] < MARGIN_S
        assert engine.quiet_margin_s == QUIET_MARGIN["el"] == MARGIN_S  # a quiet room keeps soft edges
        assert "en" not in MARGIN_BY_LANG and "en" not in QUIET_MARGIN  # English keeps its measured margin

    @needs_espeak
    def test_the_crop_keeps_the_narrow_margin_in_noise_and_the_wide_one_in_a_quiet_room(self, tmp_path: Path) -> None:
        from tavli_voice.speech.crop import GAP_S, SpeechCrop, load_detector

        heard = Lengths()
        crop = SpeechCrop(heard, load_detector(), margin_s=0.05, quiet_margin_s=0.2, gap_s=GAP_S["el"],
                          rescale=False)
        word = espeak("ναι", "el", 175)
        silence = np.zeros(RATE // 2, dtype=np.float32)
        crop.recognize(np.concatenate([silence, word, silence]), ())
        crop.recognize(with_television(word, 20.0, 1, tmp_path)[0], ())
        quiet, noisy = heard.seconds
        assert quiet - noisy >= 0.2  # 0.2 s each side against 0.05 (the detector's edges vary a little)


@needs_espeak
class TestGreekAnswersWithATelevision:
    @pytest.mark.parametrize("rate", [140, 175, 210])
    def test_yes_with_a_television_20_db_under_it_is_heard_as_yes_and_the_television_alone_is_not(
            self, rate: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        from tavli_voice.speech.listen_decide import recognize

        engine = greek_engine(tmp_path, monkeypatch)
        mixed, talk = with_television(espeak("ναι", "el", rate), 20.0, rate, tmp_path)
        assert recognize(engine, mixed, ASKED, "el").command == C.Yes()
        assert recognize(engine, talk, ASKED, "el").command != C.Yes()

    @pytest.mark.parametrize("rate", [140, 175, 210])
    def test_no_with_a_television_20_db_under_it_is_heard_as_no(
            self, rate: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        from tavli_voice.speech.listen_decide import recognize

        engine = greek_engine(tmp_path, monkeypatch)
        mixed, _ = with_television(espeak("όχι", "el", rate), 20.0, rate, tmp_path)
        assert recognize(engine, mixed, ASKED, "el").command == C.No()


def with_babble(word: np.ndarray, snr: float, seed: int, folder: Path) -> np.ndarray:
    """``word`` with people talking (``noise.BABBLE_TALK``, Greek and English) ``snr`` dB under it, 0.5 s each side."""
    sources = {"babble": sound.espeak_talk(sound.BABBLE_TALK, folder)}
    mixed, _ = sound.mix(word, "babble", snr, np.random.default_rng([40, seed]), sources=sources)
    return mixed


@needs_espeak
class TestGreekAnswersWithPeopleTalking:
    """People talking 10 dB under a «ναι»: the crop joined their talk to it (over 0.7 s of sound for a 0.25 s word)
    and the engines took it for a command word; while a question is open the crop keeps only the answer's loudest
    part (``crop.ANSWER_WITHIN_DB``)."""

    def test_yes_with_people_talking_10_db_under_it_answers_the_question(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        from tavli_voice.speech.listen_decide import recognize
        from tavli_voice.ui.voice_decision import Action, VoiceState, decide

        engine = greek_engine(tmp_path, monkeypatch)
        heard = recognize(engine, with_babble(espeak("ναι", "el", 210), 10.0, 21, tmp_path), ASKED, "el")
        assert heard.command == C.Yes()
        decision = decide(heard, VoiceState(held=C.ChoosePlay(7), asked_at=0.0, offered_at=-10.0), lambda c: False)
        assert decision.action is Action.ANSWER

    def test_the_crop_keeps_only_the_answer_while_a_question_is_open(self, tmp_path: Path) -> None:
        from tavli_voice.speech.crop import ANSWER_LONGEST_S, ANSWER_WITHIN_DB, GAP_S, SpeechCrop, load_detector
        from tavli_voice.speech.grammar import phrases
        from tavli_voice.speech.listen_decide import decoys

        heard = Lengths()
        crop = SpeechCrop(heard, load_detector(), margin_s=0.05, quiet_margin_s=0.2, gap_s=GAP_S["el"], rescale=False,
                          answer_within_db=ANSWER_WITHIN_DB["el"])
        mixed = with_babble(espeak("ναι", "el", 210), 10.0, 21, tmp_path)
        crop.recognize(mixed, phrases(ASKED, "el"))
        play = Options(plays=20, commands=PHASE_COMMANDS["play"] - {"leave"})
        crop.recognize(mixed, phrases(play, "el"))
        offered = phrases(play, "el")
        crop.recognize(mixed, offered + decoys(play, "el", offered))
        asked, playing, as_the_game = heard.seconds
        assert asked < 0.5 < ANSWER_LONGEST_S < playing  # the talk joined to the word only with no yes and no
        # the game listens for a yes and a no (decoys) while a play is chosen too: its words get the tight crop
        assert as_the_game < 0.5
