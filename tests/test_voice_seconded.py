"""A word both English engines put first is acted on at once in noise: Whisper+crop and Moonshine base-en.

A word the game would ask back for the noise around it alone (under ``ACT_SNR_DB`` over it) or for its score
alone is acted on at once when Moonshine, weighing Whisper's likeliest commands again on the same crop, puts the
same command first with at least ``SECONDED_SHARE`` of them, Whisper gave it at least ``SECONDED_OWN``, and it
stood at least ``SECONDED_SNR_DB`` over the noise (``voice_decision._seconded``). The crop asks Moonshine about a
word Whisper is sure of only where it stood under ``crop.SECOND_UNDER_SNR_DB``, and never changes such a word.
"""

from __future__ import annotations

import numpy as np
import pytest

from speech_helpers import espeak, fsdd, needs_espeak, needs_fsdd
from tavli_voice import commands as C
from tavli_voice.speech.crop import SECOND_UNDER_SNR_DB, SpeechCrop, load_detector
from tavli_voice.speech.grammar import PHASE_COMMANDS, Options, phrases
from tavli_voice.speech.heard import Heard
from tavli_voice.ui.voice_decision import (ACT_SNR_DB, SECONDED_OWN, SECONDED_SHARE, SECONDED_SNR_DB, Action,
                                           Decision, Reason, VoiceState, decide)
from tests.test_voice_noise import noisy
from tests.test_voice_second_opinion import Scripted

PLAY = Options(plays=9, commands=PHASE_COMMANDS["play"])


def never_refused(command: C.Command) -> bool:
    return False


def six(score: float = 0.9, snr: float | None = 6.5, seconded: tuple[float, float] | None = (0.95, 0.97), *,
        command: C.Command = C.ChoosePlay(6), floored: bool = False) -> Heard:
    """A word as the English engine hands it over: Whisper's shares, its SNR, both engines' shares of it."""
    return Heard("six", command, score, 0.0, "whisper+crop+moonshine", began=20.0, snr=snr, seconded=seconded,
                 shares=((command, 0.95), (C.ChoosePlay(5), 0.05)), floored=floored)


class TestTheDecision:
    def test_a_word_low_over_the_noise_that_both_put_first_is_acted_on_at_once(self) -> None:
        decision = decide(six(), VoiceState(), never_refused)
        assert decision.reason is Reason.SECONDED and decision.action is Action.ACT
        assert decision.rule == (f"acted on at once: likeliest by both engines, shares 0.95 and 0.97 "
                                 f"({SECONDED_OWN:.2f} and {SECONDED_SHARE:.2f} enough), 6.5 dB over the noise "
                                 f"({SECONDED_SNR_DB:.1f} enough)")

    def test_a_word_unsure_by_its_score_alone_that_both_put_first_is_acted_on_at_once(self) -> None:
        heard = six(score=0.4, snr=8.5, seconded=(SECONDED_OWN, SECONDED_SHARE))
        assert decide(heard, VoiceState(), never_refused).reason is Reason.SECONDED

    @pytest.mark.parametrize("heard, reason", [
        (six(seconded=None), Reason.LOW_IN_NOISE),  # Moonshine put another command first
        (six(snr=SECONDED_SNR_DB - 0.1), Reason.LOW_IN_NOISE),  # under the floor (the rig's wrong plays: 4.9, 5.1)
        (six(snr=5.1), Reason.LOW_IN_NOISE),
        (six(seconded=(0.95, SECONDED_SHARE - 0.01)), Reason.LOW_IN_NOISE),
        (six(score=0.4, snr=8.5, seconded=(SECONDED_OWN - 0.01, 0.97)), Reason.UNSURE),
        (six(score=0.3, snr=8.5, floored=True), Reason.UNSURE),  # under Whisper's floor: asked back as before
        (six(score=0.4, command=C.Resign()), Reason.UNSURE),  # destructive: always asked
    ])
    def test_short_of_any_limit_the_word_is_asked_back_as_before(self, heard: Heard, reason: Reason) -> None:
        decision = decide(heard, VoiceState(), never_refused)
        assert decision.reason is reason and decision.action is Action.ASK_BACK

    def test_the_other_rules_still_apply(self) -> None:
        assert decide(six(), VoiceState(), lambda c: True).reason is Reason.REFUSED_BEFORE
        assert decide(six(), VoiceState(held=C.ChoosePlay(3), asked_at=10.0), never_refused).reason \
            is Reason.OVER_QUESTION
        point = six(command=C.FromPoint(6))
        assert decide(point, VoiceState(), never_refused).reason is Reason.POINT_IN_NOISE
        # over ACT_SNR_DB a word sure by its score is sure, seconded or not
        assert decide(six(snr=ACT_SNR_DB + 1), VoiceState(), never_refused).reason is Reason.SURE

    def test_the_decision_is_said_in_english_and_greek(self) -> None:
        decision = Decision(Reason.SECONDED, {"own": 0.95, "second": 0.97, "needed_own": 0.65, "needed": 0.9,
                                              "snr": 6.5, "needed_snr": 6.0})
        assert decision.said("en") == ("acted on at once: both recognisers found it likeliest, with shares 0.95 "
                                       "and 0.97 (0.65 and 0.90 enough), 6.5 dB over the noise (6.0 enough)")
        assert decision.said("el") == ("γίνεται αμέσως: και οι δύο αναγνωρίσεις τη βρήκαν πιθανότερη, με μερίδια "
                                       "0,95 και 0,97 (αρκούν 0,65 και 0,90), 6,5 ντεσιμπέλ πάνω από τον θόρυβο "
                                       "(αρκούν 6,0)")


class TestTheCrop:
    def test_every_word_the_rule_may_act_on_is_weighed_by_the_second_engine(self) -> None:
        assert SECOND_UNDER_SNR_DB >= ACT_SNR_DB > SECONDED_SNR_DB

    @needs_espeak
    def test_a_word_whisper_is_sure_of_under_the_noise_limit_is_weighed_never_changed(self) -> None:
        whisper = Scripted("whisper", {C.ChoosePlay(7): -0.5, C.ChoosePlay(1): -4.0, C.Roll(): -5.0})
        items = phrases(PLAY, "en")
        x = noisy(espeak("seven"), "white", 3.0, seed=3).astype(np.float32)
        for their_first, seconded in ((C.ChoosePlay(7), True), (C.ChoosePlay(1), False)):
            moon = Scripted("moonshine", {their_first: -0.1})
            crop = SpeechCrop(whisper, load_detector(), views=("crop", "band"), second=moon)  # type: ignore[arg-type]
            heard = crop.recognize(x, items)
            assert heard.snr is not None and heard.snr < SECOND_UNDER_SNR_DB, heard.why
            assert heard.command == C.ChoosePlay(7) and heard.score >= 0.5 and moon.calls
            assert heard.engine == "whisper+crop+moonshine"
            assert (heard.seconded is not None) is seconded
            if heard.seconded is not None:
                assert heard.seconded[0] == dict(heard.shares)[C.ChoosePlay(7)] and heard.seconded[1] > 0.9


class TestDecoys:
    """While a play is chosen the game also listens for the command words not on offer, yes and no among them
    (``listen_decide.decoys``), so that they are heard as what they are; they are no open question."""

    def test_the_play_phase_listens_for_yes_and_no_as_decoys(self) -> None:
        from tavli_voice.speech.crop import asks_yes_or_no
        from tavli_voice.speech.listen_decide import decoys

        offered = phrases(PLAY, "en")
        extra = decoys(PLAY, "en", offered)
        assert {C.Yes(), C.No()} <= {p.command for p in extra} and all(p.decoy for p in extra)
        assert not any(p.decoy for p in offered)
        assert not asks_yes_or_no(offered + extra)
        question = Options(plays=0, commands=PHASE_COMMANDS["ask"])
        assert asks_yes_or_no(phrases(question, "en") + decoys(question, "en", phrases(question, "en")))

    @needs_espeak
    @pytest.mark.parametrize("phase, weighed", [("play", True), ("ask", False)])
    def test_a_word_asked_back_while_a_play_is_chosen_gets_the_second_opinion(self, phase: str,
                                                                             weighed: bool) -> None:
        from tavli_voice.speech.listen_decide import decoys

        options = PLAY if phase == "play" else Options(plays=9, commands=PHASE_COMMANDS["ask"])
        offered = phrases(options, "en")
        items = offered + decoys(options, "en", offered)
        whisper = Scripted("whisper", {C.ChoosePlay(7): -1.0, C.ChoosePlay(1): -1.1, C.Yes(): -1.2})
        moon = Scripted("moonshine", {C.ChoosePlay(7): -0.1})
        crop = SpeechCrop(whisper, load_detector(), views=("crop", "band"), second=moon)  # type: ignore[arg-type]
        heard = crop.recognize(noisy(espeak("seven"), "white", 10.0, seed=3).astype(np.float32), items)
        assert bool(moon.calls) is weighed, heard.why
        assert heard.engine == ("whisper+crop+moonshine" if weighed else "whisper+crop"), heard.engine


class TestOnRealSpeech:
    """FSDD tuning takes mixed as ``benchmarks/voice.py --lang en --part tuning --step 4`` mixes them (noise seed
    ``[seed, index]``, index in that list), as ``benchmarks/voice_moonshine_act.py`` measured them."""

    @staticmethod
    def heard(engine, digit: int, speaker: str, take: int, kind: str, snr: float, seed: list[int]) -> Heard:  # type: ignore[no-untyped-def]
        from benchmarks.voice import in_condition

        if getattr(engine, "second", None) is None:
            pytest.skip("Moonshine is not installed: pip install moonshine-cpp onnxruntime")
        x = in_condition(fsdd(digit, speaker, take), (kind, snr, False, None), np.random.default_rng(seed),
                         np.zeros(1), 0.5, {})
        return engine.recognize(x, phrases(PLAY, "en"))  # type: ignore[no-any-return]

    @needs_fsdd
    def test_a_six_both_engines_agree_on_6_9_db_over_pink_noise_is_acted_on_at_once(self, english_engine) -> None:  # type: ignore[no-untyped-def]
        heard = self.heard(english_engine, 6, "lucas", 21, "pink", 5.0, [41, 113])
        assert heard.command == C.ChoosePlay(6) and heard.snr is not None and heard.snr < ACT_SNR_DB
        decision = decide(heard, VoiceState(), never_refused)
        assert decision.reason is Reason.SECONDED and decision.action is Action.ACT, (heard.why, heard.seconded)

    @needs_fsdd
    def test_a_nine_whisper_hears_as_five_and_moonshine_as_nine_is_asked_back(self, english_engine) -> None:  # type: ignore[no-untyped-def]
        heard = self.heard(english_engine, 9, "lucas", 6, "white", 10.0, [41, 179])
        assert heard.seconded is None and "moonshine: candidates 'nine'" in heard.why, heard.why
        assert decide(heard, VoiceState(), never_refused).action is Action.ASK_BACK

    @needs_fsdd
    def test_a_two_both_engines_agree_on_under_the_floor_is_asked_back(self, english_engine) -> None:  # type: ignore[no-untyped-def]
        heard = self.heard(english_engine, 2, "lucas", 36, "pink", 5.0, [41, 37])
        assert heard.command == C.ChoosePlay(2) and heard.seconded is not None, heard.why
        assert heard.seconded[0] >= SECONDED_OWN and heard.seconded[1] >= SECONDED_SHARE
        assert heard.snr is not None and heard.snr < SECONDED_SNR_DB
        decision = decide(heard, VoiceState(), never_refused)
        assert decision.reason is Reason.LOW_IN_NOISE and decision.action is Action.ASK_BACK


class TestTheFit:
    """``benchmarks/voice_moonshine_act.py --fit``: which lines it weighs and what they were without the rule."""

    @staticmethod
    def line(decided: str, whisper: list, moonshine: list, **more: object) -> dict:
        return {"decided": decided, "because": "score", "whisper": whisper, "moonshine": moonshine,
                "whisper_own": -2.0, "heard": whisper[0][0], "meant": "select 6", "outcome": "right at once", **more}

    def test_only_words_asked_back_for_the_noise_or_the_score_alone_with_two_commands_both_put_first(self) -> None:
        from benchmarks.voice_moonshine_act import agreed, noise_only, without_rule

        both = [["select 6", 0.9], ["select 5", 0.1]]
        assert agreed(self.line("low_in_noise", both, both)) == ("select 6", 0.9, 0.9)
        assert agreed(self.line("low_in_noise", both, both[::-1])) is None  # Moonshine put five first
        assert agreed(self.line("low_in_noise", [["select 6", 1.0]], [["select 6", 1.0]])) is None  # lone
        assert noise_only(self.line("unsure", both, both)) and noise_only(self.line("seconded", both, both))
        assert not noise_only(self.line("unsure", both, both, whisper_own=-4.5))  # under Whisper's floor
        assert not noise_only(self.line("unsure", both, both, because="destructive"))
        assert not noise_only(self.line("sure", both, both))
        assert without_rule(self.line("seconded", both, both)) == "right after asking back"
        assert without_rule(self.line("seconded", both, both, meant="select 5")) == "asked, then wrong"
