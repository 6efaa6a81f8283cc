"""Asked-for answers: a new request cuts the previous answer; --no-save says nothing about saving.

Driven through the real App and Narrator with a RecordingSpeaker (the test
says when an utterance has been heard), so every assertion is the exact
sequence of what the speaker was told.
"""

from __future__ import annotations

import io
from pathlib import Path

from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice.narration.narrator import Narrator
from tavli_voice.narration.priorities import Priority
from tavli_voice.narration.queue import NarrationQueue
from tavli_voice.narration.speaker import RecordingSpeaker
from tavli_voice.narration.utterance import Utterance
from tavli_voice.rules import MatchConfig
from tavli_voice.session import Session
from tavli_voice.ui.app import App


def utt(text: str, tag: str, priority: Priority = Priority.MESSAGE, turn: int = 1) -> Utterance:
    return Utterance.from_text(text, priority=priority, turn=turn, tag=tag)


class TestQueue:
    def test_a_new_request_drops_pending_and_current_answers_but_keeps_game_events(self) -> None:
        q = NarrationQueue()
        q.enqueue(utt("help text", "HelpReport"))
        q.enqueue(utt("Rita rolled 6 5", "DiceRolled"))
        q.enqueue(utt("the board", "PositionReport"))
        assert q.next() is not None and q.current is not None and q.current.tag == "HelpReport"
        assert q.interrupt(1) is True  # the help being spoken is cut
        assert [u.tag for u in q.pending] == ["DiceRolled"]

    def test_a_refusal_is_an_answer_too(self) -> None:
        q = NarrationQueue()
        q.enqueue(utt("Not now", "CommandRejected", Priority.IMPORTANT))
        q.enqueue(utt("You win", "GameOver", Priority.IMPORTANT))
        q.interrupt(1)
        assert [u.tag for u in q.pending] == ["GameOver"]

    def test_the_game_moving_on_by_itself_does_not_drop_answers(self) -> None:
        q = NarrationQueue()
        q.enqueue(utt("the board", "PositionReport", turn=3))
        q.drop_stale(3)
        assert [u.tag for u in q.pending] == ["PositionReport"]


def app_with_speaker(save: Path | None) -> tuple[App, RecordingSpeaker]:
    session = Session(MatchConfig(1, "portes", "tavlucky", 21),
                      (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita")))
    speaker = RecordingSpeaker()
    app = App(session, lang="en", narrator=Narrator(speaker), save_path=save)
    app.start()
    return app, speaker


def test_keys_h_d_d_i_cut_each_answer_and_the_last_starts_at_once(tmp_path: Path) -> None:
    app, speaker = app_with_speaker(tmp_path / "save.json")
    while speaker.is_speaking():  # hear the opening to the end
        speaker.finish()
        app.pump()
    speaker.log.clear()
    for cmd in (C.Help(), C.Describe("normal"), C.Describe("normal"), C.PipCount()):
        app.command(cmd)
    spoken = [u.tag for kind, u in speaker.log if kind == "speak" and u is not None]
    cancels = [kind for kind, _ in speaker.log].count("cancel")
    assert spoken == ["HelpReport", "PositionReport", "PositionReport", "PipReport"]
    assert cancels == 3
    assert speaker.current is not None and speaker.current.tag == "PipReport"
    assert app.narrator is not None and app.narrator.pending() == ()


def test_no_save_never_says_the_match_is_saved(tmp_path: Path) -> None:
    app, speaker = app_with_speaker(None)
    app.command(C.Quit())
    said = [u.text for kind, u in speaker.log if kind == "speak" and u is not None]
    said += [u.text for u in (app.narrator.pending() if app.narrator else ())]
    assert any(t.startswith("Goodbye") for t in said)
    assert not any("saved" in t for t in said)


def test_no_save_on_the_command_line(tmp_path: Path) -> None:
    from tavli_voice.startup import main

    out = io.StringIO()
    main(["--game", "portes", "--speech", "off", "--no-save", "--seed", "4"], out=out,
         inp=io.StringIO("q\n"))
    assert "Goodbye." in out.getvalue()
    assert "saved" not in out.getvalue()


def test_streamed_synthesis_gives_the_same_audio_in_pieces() -> None:
    import shutil

    import numpy as np
    import pytest

    from tavli_voice.narration.speaker import (
        EngineSpeaker,
        EspeakProcessSynth,
        RecordingSink,
    )

    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed")
    text = "Pips: you 167, Rita 167. The race is level."
    synth = EspeakProcessSynth()
    whole, rate = synth.synthesize(text, lang="en", rate=175, pitch=50)
    pieces = list(synth.stream(text, lang="en", rate=175, pitch=50))
    assert len(pieces) > 3 and all(r == rate for _, r in pieces)
    assert np.array_equal(np.concatenate([p for p, _ in pieces]), whole)
    sink = RecordingSink()
    speaker = EngineSpeaker(synth, sink, stream=True)
    try:
        speaker.speak(Utterance.from_text(text))
        assert speaker.wait_idle(10)
    finally:
        speaker.close()
    # all of it from just before its first sound: espeak-ng's leading silence (~50 ms) is left out
    first = int(np.flatnonzero(np.abs(whole) > 10 ** (-50 / 20))[0]) - int(0.003 * rate)
    assert first > 0.04 * rate and not np.any(np.abs(whole[:first]) > 0.01)
    assert len(sink.chunks) > 3 and np.array_equal(sink.audio(rate), whole[first:])
