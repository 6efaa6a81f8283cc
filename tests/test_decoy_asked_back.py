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
    """"take" 0.40: "six" at 0.30 is over half of it, at 0.15 under (DECOY_ASKED_BACK 0.5)."""
    assert DECOY_ASKED_BACK[ENGINE] == 0.5
    heard = Heard("take", Take(), 0.3, 90.0, ENGINE, shares=((Take(), 0.40), (ChoosePlay(6), number_share),
                                                             (Yes(), 0.30 - number_share)))
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
