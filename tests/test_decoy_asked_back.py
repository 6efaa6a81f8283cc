"""A command word not on offer (a decoy) heard unsure, an offered command nearly as likely: that command is asked
back ("did you say nine?"), never acted on; a sure decoy, or one far ahead, is still "not possible now"
(``listen_decide.on_offer_only``, ``DECOY_ASKED_BACK``)."""

from __future__ import annotations

import dataclasses

import pytest

from tavli_voice.commands import ChoosePlay, Drop, No, StopSpeech, Take, Yes
from tavli_voice.speech import listen_decide
from tavli_voice.speech.grammar import Phrase
from tavli_voice.speech.heard import Heard
from tavli_voice.speech.listen_decide import DECOY_ASKED_BACK, UNSURE_BELOW, on_offer_only
from tavli_voice.ui import voice_decision

OFFERED = (Phrase(("six",), ChoosePlay(6)), Phrase(("nine",), ChoosePlay(9)), Phrase(("one",), ChoosePlay(1)))
ENGINE = "whisper+crop+moonshine"

#: FSDD 9_lucas_29 in the voice benchmark's reverberant room (RT60 0.5 s): the shares the game's engine gave it.
NINE_AS_NO = Heard("no", No(), 0.419, 120.0, ENGINE, shares=((No(), 0.454), (ChoosePlay(9), 0.447),
                                                             (ChoosePlay(1), 0.089)), snr=51.7, own=-3.86)


def decided(heard: Heard) -> voice_decision.Decision:
    return voice_decision.decide(heard, voice_decision.VoiceState(), lambda command: False)


def test_an_unsure_decoy_with_a_number_nearly_as_likely_asks_that_number_back() -> None:
    heard = on_offer_only(NINE_AS_NO, OFFERED)
    assert (heard.text, heard.command, heard.reason) == ("nine", ChoosePlay(9), "")
    assert heard.rival == (No(), pytest.approx(0.454 / 0.447))
    assert decided(heard).action is voice_decision.Action.ASK_BACK
    assert "the decoy 'no' unsure" in heard.why


def test_a_sure_decoy_is_still_not_on_offer() -> None:
    sure = dataclasses.replace(NINE_AS_NO, score=UNSURE_BELOW[ENGINE])
    heard = on_offer_only(sure, OFFERED)
    assert heard.command is None and heard.reason == "not_on_offer"


@pytest.mark.parametrize(("number_share", "asked"), [(0.30, True), (0.15, False)])
def test_the_offered_command_needs_its_part_of_the_decoys_share(number_share: float, asked: bool) -> None:
    """"take" 0.40: "six" at 0.30 is over half of it, at 0.15 under (DECOY_ASKED_BACK 0.5), with "yes" (0.20) between
    them (a number right behind the decoy is asked back at any part: DECOY_RUNNER_UP_ASKED_BACK)."""
    assert DECOY_ASKED_BACK[ENGINE] == 0.5
    heard = Heard("take", Take(), 0.3, 90.0, ENGINE, shares=((Take(), 0.40), (ChoosePlay(6), number_share),
                                                             (Yes(), 0.20)))
    out = on_offer_only(heard, OFFERED)
    assert (out.command == ChoosePlay(6)) is asked
    assert (out.reason == "not_on_offer") is not asked


def test_a_decoy_with_no_offered_command_among_its_shares_is_not_on_offer() -> None:
    heard = dataclasses.replace(NINE_AS_NO, shares=((No(), 0.7), (Yes(), 0.3)))
    assert on_offer_only(heard, OFFERED).reason == "not_on_offer"


def test_an_engine_without_the_rule_keeps_every_decoy_not_on_offer() -> None:
    heard = dataclasses.replace(NINE_AS_NO, engine="pocketsphinx+whisper+crop")
    assert "pocketsphinx+whisper+crop" not in DECOY_ASKED_BACK
    assert on_offer_only(heard, OFFERED).reason == "not_on_offer"


def test_an_offered_word_is_kept_as_heard() -> None:
    heard = dataclasses.replace(NINE_AS_NO, text="nine", command=ChoosePlay(9))
    assert on_offer_only(heard, OFFERED) is heard


def test_stop_is_never_what_an_unsure_decoy_becomes() -> None:
    """"stop" is acted on whatever its score (listen_decide.should_confirm): a decoy "drop" with "stop" next is
    still "not possible now", or the next offered command is asked back."""
    offered = OFFERED + (Phrase(("stop",), StopSpeech()),)
    heard = Heard("drop", Drop(), 0.35, 80.0, ENGINE, shares=((Drop(), 0.59), (StopSpeech(), 0.41)))
    assert on_offer_only(heard, offered).reason == "not_on_offer"
    nine_next = dataclasses.replace(heard, shares=((Drop(), 0.5), (StopSpeech(), 0.26), (ChoosePlay(9), 0.25)))
    assert on_offer_only(nine_next, offered).command == ChoosePlay(9)


def test_the_number_made_of_an_unsure_decoy_is_marked_unsure_its_score_kept() -> None:
    """The number asked back carries ``Heard.unsure`` (not a score lowered under the line): asked back under the
    "unsure" policy whatever its score, acted on under "never" as any word heard unsure."""
    heard = on_offer_only(dataclasses.replace(NINE_AS_NO, score=0.499), OFFERED)
    assert heard.unsure and heard.score == 0.499
    assert listen_decide.should_confirm(heard, "unsure") and not listen_decide.should_confirm(heard, "never")
    assert not on_offer_only(NINE_AS_NO, OFFERED + (Phrase(("no",), No()),)).unsure  # "no" on offer: kept as heard


def test_a_word_marked_unsure_is_asked_back_however_high_its_score() -> None:
    marked = Heard("nine", ChoosePlay(9), 0.9, 90.0, ENGINE, unsure=True, snr=30.0)
    assert listen_decide.should_confirm(marked, "unsure")
    assert not listen_decide.should_confirm(dataclasses.replace(marked, unsure=False), "unsure")
    assert decided(marked).action is voice_decision.Action.ASK_BACK
    assert decided(dataclasses.replace(marked, unsure=False)).action is voice_decision.Action.ACT


#: FSDD 9_lucas_16 and 9_jackson_3 ("nine") in the room of the bar (reverberation, an 8 kHz band, pink noise at
#: 15 dB): the shares the game's engine gave them (benchmarks/results/voice-en-after-no.txt).
NINE_BEHIND_NO = Heard("no", No(), 0.35, 120.0, ENGINE, narrow=True, shares=(
    (No(), 0.6688), (ChoosePlay(9), 0.0866), (ChoosePlay(5), 0.077), (ChoosePlay(1), 0.0668), (Yes(), 0.0412)))
ONE_BEHIND_YES = Heard("no", No(), 0.23, 120.0, ENGINE, narrow=True, shares=(
    (No(), 0.3769), (Yes(), 0.1854), (ChoosePlay(1), 0.1515), (ChoosePlay(9), 0.1362)))


def test_a_number_right_behind_an_unsure_decoy_is_asked_back_however_far_behind() -> None:
    """"nine" at 0.13 of the "no" it came out as, no other word between them, through a narrow band: asked back,
    never acted on."""
    heard = on_offer_only(NINE_BEHIND_NO, OFFERED)
    assert (heard.command, heard.unsure) == (ChoosePlay(9), True)
    assert decided(heard).action is voice_decision.Action.ASK_BACK
    assert on_offer_only(dataclasses.replace(NINE_BEHIND_NO, score=UNSURE_BELOW[ENGINE]), OFFERED).reason == \
        "not_on_offer"  # a sure "no" stays itself


def test_a_number_right_behind_an_unsure_decoy_in_a_full_band_sound_needs_its_part() -> None:
    """With a television (full band) the decoy is often its own talk, and the number behind it any number."""
    assert on_offer_only(dataclasses.replace(NINE_BEHIND_NO, narrow=False), OFFERED).reason == "not_on_offer"


def test_a_number_behind_another_word_too_is_not_asked_back_for_an_unsure_decoy() -> None:
    """"one" with "yes" between it and the "no" (the number said was "nine"): "not possible now", as before."""
    assert on_offer_only(ONE_BEHIND_YES, OFFERED).reason == "not_on_offer"


def test_only_a_play_number_right_behind_a_decoy_is_asked_back_at_any_part(monkeypatch: pytest.MonkeyPatch) -> None:
    """Another command on offer right behind, or an engine without the rule: the part DECOY_ASKED_BACK is needed."""
    from tavli_voice.commands import Hint

    hint = dataclasses.replace(NINE_BEHIND_NO, shares=((No(), 0.6688), (Hint(), 0.0866), (ChoosePlay(9), 0.07)))
    assert on_offer_only(hint, OFFERED + (Phrase(("hint",), Hint()),)).reason == "not_on_offer"
    monkeypatch.setattr(listen_decide, "DECOY_RUNNER_UP_ASKED_BACK", frozenset())
    assert on_offer_only(NINE_BEHIND_NO, OFFERED).reason == "not_on_offer"
