"""A whole bot-against-bot game narrated to audio, in both languages (issue 4).

Real synthesis through espeak-ng, no playback: the sound device is replaced by a
RecordingSink that keeps what would have been played.
"""

from __future__ import annotations

import time
import wave
from pathlib import Path

import pytest

from tavli_voice import events as E
from tavli_voice.narration.narrator import Narrator
from tavli_voice.narration.phrases import phrase
from tavli_voice.narration.speaker import EngineSpeaker, EspeakProcessSynth, RecordingSink
from tavli_voice.rules import MatchConfig
from tavli_voice.session import Session
from tavli_voice.ui.app import App

pytestmark = pytest.mark.espeak


def narrated_game(lang: str, tmp_path: Path) -> tuple[App, RecordingSink, list[E.Event]]:
    sink = RecordingSink()
    speaker = EngineSpeaker(EspeakProcessSynth(), sink, rate=450)
    narrator = Narrator(speaker)
    session = Session(MatchConfig(1, "portes", "tavlucky", 21),
                      (E.PlayerInfo("Rita", "rita"), E.PlayerInfo("Strong", "strong")))
    app = App(session, lang=lang, narrator=narrator)
    seen: list[E.Event] = []
    app.subscribe(seen.extend)

    def drain() -> None:
        end = time.monotonic() + 30
        while (narrator.pending() or narrator.is_speaking()) and time.monotonic() < end:
            narrator.pump()
            speaker.wait_idle(timeout=5)
        narrator.pump()

    app.start()
    drain()
    while app.bot_to_act():
        app.bot_step()
        drain()
    narrator.close()
    return app, sink, seen


@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_whole_game_is_narrated_to_a_file(lang: str, tmp_path: Path) -> None:
    app, sink, seen = narrated_game(lang, tmp_path)
    assert app.finished and any(isinstance(e, E.MatchOver) for e in seen)
    out = tmp_path / f"game-{lang}.wav"
    sink.write_wav(out)
    with wave.open(str(out)) as w:
        seconds = w.getnframes() / w.getframerate()
    # every play of the game was spoken: far more than a few seconds of speech
    plays = sum(isinstance(e, E.PlayMade) for e in seen)
    assert plays > 10 and seconds > plays * 0.5
    # what was spoken is what the phrasers said, in order, nothing skipped
    spoken = [u for u in app.narrator.history()]  # type: ignore[union-attr]
    assert len(spoken) >= plays


@pytest.mark.parametrize("lang", ["en", "el"])
def test_every_event_type_of_a_game_yields_audio(lang: str, tmp_path: Path) -> None:
    session = Session(MatchConfig(1, "plakoto", "traditional", 5),
                      (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita")))
    app = App(session, lang=lang)
    seen: list[E.Event] = []
    app.subscribe(seen.extend)
    app.start()
    from tavli_voice import commands as C
    for cmd in (C.Describe("brief"), C.Describe(), C.QueryPoint(24), C.QueryQuarter(4),
                C.PipCount(), C.Score(), C.Help(), C.ChoosePlay(99)):
        app.command(cmd)
    while not app.finished:
        if app.bot_to_act():
            app.bot_step()
            continue
        phase = session.phase.value
        app.command({"roll": C.Roll(), "play": C.ChoosePlay(1), "confirm": C.Confirm()}
                    .get(phase, C.No()))
    first: dict[type, E.Event] = {}
    for ev in seen:
        first.setdefault(type(ev), ev)
    assert len(first) >= 12
    synth = EspeakProcessSynth()
    ctx = app.context()
    for cls, ev in first.items():
        utterance = phrase(ev, ctx)  # type: ignore[arg-type]
        if not utterance.text.strip():
            continue  # e.g. the plays offered to a bot: nothing to say
        samples, rate = synth.synthesize(utterance.text, lang=lang, rate=300, pitch=50)
        assert len(samples) > rate * 0.2, f"{cls.__name__} gave no audio in {lang}"


@pytest.mark.parametrize(("lang", "text", "number"), [("en", "seven", 7), ("el", "πέντε", 5),
                                                      ("en", "three", 3), ("el", "έξι", 6)])
def test_round_trip_narrated_number_is_recognised(lang: str, text: str, number: int) -> None:
    """What the narrator says, the project's own recognizer understands (issue 4, item 6)."""
    from tavli_voice import commands as C
    from tavli_voice.narration.utterance import Utterance
    from tavli_voice.speech.audio import RATE
    from tavli_voice.speech.grammar import Options
    from tavli_voice.speech.recognizer import choose_engine, recognize

    sink = RecordingSink()
    speaker = EngineSpeaker(EspeakProcessSynth(), sink)
    speaker.speak(Utterance.from_text(text, lang=lang))
    assert speaker.wait_idle(timeout=20)
    speaker.close()
    audio = sink.audio(RATE)
    assert len(audio) > RATE * 0.2
    heard = recognize(choose_engine(None, lang), audio,  # type: ignore[arg-type]
                      Options(plays=9, commands=frozenset({"roll", "undo"})), lang)  # type: ignore[arg-type]
    assert heard.command == C.ChoosePlay(number), heard
