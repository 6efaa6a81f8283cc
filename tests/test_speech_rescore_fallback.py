"""The Greek engine's fall-back that only adds: Whisper's own clear choice among the phrases pocketsphinx did not
propose is asked back, and the proposals are otherwise decided as without the fall-back (fixed scores, no engine)."""

from __future__ import annotations

from tavli_voice.commands import ChoosePlay, Command, No, QueryPoint
from tavli_voice.speech.engine_rescore import OVERRULED_SCORE, WEIGHT, Evidence, decide, decide_fallen_back
from tavli_voice.speech.grammar import PHASE_COMMANDS, Options, Phrase, phrases
from tavli_voice.speech.heard import Heard
from tavli_voice.speech.listen_decide import should_confirm

ITEMS = phrases(Options(plays=30, commands=PHASE_COMMANDS["play"]), "el")
TURN = ITEMS


def phrase(command: Command) -> Phrase:
    return next(p for p in ITEMS if p.command == command)


def fallen_back(first: Command, acoustic: dict[Command, float], whisper: dict[Command, float],
                decoy: Command | None = None, score: float = 0.9) -> Evidence:
    """Evidence after the fall-back: the proposals (``acoustic``) and the phrases added, each scored by Whisper."""
    chosen = tuple(phrase(c) for c in whisper if c != decoy)
    heard = tuple(whisper[c] for c in whisper if c != decoy)
    if decoy is not None:
        chosen += (Phrase(("όχι",), decoy, decoy=True),)  # a command word not on offer
        heard += (whisper[decoy],)
    return Evidence(Heard(phrase(first).text, first, score, 0.0, "pocketsphinx"), acoustic, chosen, heard,
                    fell_back=True)


def test_a_phrase_pocketsphinx_missed_that_whisper_clearly_prefers_is_asked_back() -> None:
    found = fallen_back(ChoosePlay(8), {ChoosePlay(8): 0.0, ChoosePlay(2): -0.5},
                        {ChoosePlay(8): -3.9, ChoosePlay(2): -4.4, QueryPoint(23): -3.2, ChoosePlay(3): -5.0})
    heard = decide_fallen_back(found, 0.5, turn=TURN)
    assert heard.command == QueryPoint(23) and heard.score == OVERRULED_SCORE and should_confirm(heard, "unsure")
    # Whisper ahead by less than the margin: the proposals decide, pocketsphinx's first, asked back
    kept = decide_fallen_back(found, 1.0, turn=TURN)
    assert kept.command == ChoosePlay(8) and should_confirm(kept, "unsure")


def test_the_proposals_are_decided_as_without_the_fall_back() -> None:
    """A phrase added close behind Whisper's best proposal never moves it, nor re-weighs the proposals."""
    proposals = {ChoosePlay(8): 0.0, ChoosePlay(2): -0.05}
    whisper = {ChoosePlay(8): -4.2, ChoosePlay(2): -3.6}
    found = fallen_back(ChoosePlay(8), proposals, {**whisper, QueryPoint(23): -3.3, ChoosePlay(3): -3.7})
    alone = decide(fallen_back(ChoosePlay(8), proposals, whisper), WEIGHT, turn=TURN)
    heard = decide_fallen_back(found, 0.5, turn=TURN)
    assert (heard.command, heard.score) == (alone.command, alone.score) and heard.command == ChoosePlay(8)
    # weighed all together at a lighter pocketsphinx weight, the added phrase would have won
    assert decide(found, 1.0).command == QueryPoint(23)


def test_a_decoy_whisper_prefers_never_takes_the_number() -> None:
    found = fallen_back(ChoosePlay(2), {ChoosePlay(2): 0.0}, {ChoosePlay(2): -4.0, No(): -2.0}, decoy=No())
    heard = decide_fallen_back(found, 0.5, turn=TURN)
    assert heard.command == ChoosePlay(2)

