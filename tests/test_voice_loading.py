"""The voice source starts at once and loads its engine meanwhile: the game does not wait,
the player hears when voice is ready (or why it cannot be), and words said before then
are recognised once the engine is there."""

from __future__ import annotations

import threading
import time
from typing import Any

import numpy as np
import pytest

from speech_helpers import in_silence
from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice.rules import MatchConfig
from tavli_voice.session import Session
from tavli_voice.speech import listener as listener_module
from tavli_voice.speech import recognizer as recognizer_module
from tavli_voice.audio.capture import ArraySource, AudioUnavailable
from tavli_voice.speech.heard import EngineUnavailable, Heard
from tavli_voice.speech.loading import LoadingEngine
from tavli_voice.speech.recognizer import Instead
from tavli_voice.ui.app import App
from tavli_voice.ui.voice_input import VoiceSource, voice_source


class FirstOffered:
    """An engine that hears the first phrase on offer (and remembers the sound it was given)."""

    name = "pocketsphinx"  # no second, quick engine for "stop" is built beside it

    def __init__(self) -> None:
        self.heard: list[int] = []

    def recognize(self, audio: Any, items: tuple[Any, ...]) -> Heard:
        self.heard.append(len(audio))
        return Heard(items[0].text, items[0].command, 0.9, 7.0, self.name)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def a_word() -> np.ndarray:
    """Half a second of loud sound between quiet stretches: one utterance for the detector."""
    rng = np.random.default_rng(3)
    return in_silence((0.1 * rng.standard_normal(8000)).astype(np.float32), before=0.6, after=0.8)


class Spoken(ArraySource):
    """The microphone: one word, then silence until the test ends (the listener keeps running)."""

    def __init__(self) -> None:
        super().__init__(a_word())
        self.started = False
        self.said = threading.Event()

    def start(self) -> None:
        self.started = True

    def read(self, timeout: float = 0.1) -> Any:
        block = super().read(timeout)
        if self._pos >= 1.15 * 16000:  # the word is over (the listener waits from its end on)
            self.said.set()
        if block is None:
            self.exhausted = False
            time.sleep(0.02)
            return np.zeros(320, dtype=np.float32)
        return block

    def stop(self) -> None:
        pass


def new_app(lang: str) -> tuple[App, list[E.Event]]:
    session = Session(MatchConfig(1, "portes", "tavlucky", 4),
                      (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita")))
    app = App(session, lang=lang)
    seen: list[E.Event] = []
    app.subscribe(seen.extend)
    app.start()
    while app.bot_to_act():
        app.bot_step()
    return app, seen


def notices(seen: list[E.Event]) -> list[str]:
    return [e.text for e in seen if isinstance(e, E.Notice)]


@pytest.fixture
def mic(monkeypatch: pytest.MonkeyPatch) -> Spoken:
    spoken = Spoken()
    monkeypatch.setattr(listener_module, "Microphone", lambda: spoken)
    return spoken


def blocked_engine(monkeypatch: pytest.MonkeyPatch, make: Any) -> tuple[threading.Event, list[str]]:
    """``choose_engine`` waits for the returned event, then gives ``make()`` (or raises what it raises)."""
    gate = threading.Event()
    calls: list[str] = []

    def choose(name: str | None, lang: str, *args: Any, **kw: Any) -> Any:
        calls.append(lang)
        assert gate.wait(20)
        return make()

    monkeypatch.setattr(recognizer_module, "choose_engine", choose)
    return gate, calls


def started(app: App, lang: str, **kw: Any) -> tuple[VoiceSource | None, str | None]:
    """``voice_source`` on a thread: it must return while the engine is still loading."""
    result: list[tuple[VoiceSource | None, str | None]] = []
    thread = threading.Thread(target=lambda: result.append(voice_source(app, lang, **kw)), daemon=True)
    thread.start()
    thread.join(3)
    assert result, "the voice source waited for the engine to load"
    return result[0]


def poll_until(source: VoiceSource, seen: list[E.Event], count: int, timeout: float = 10) -> C.Command | None:
    """Poll like the main loop until a command comes or ``count`` notices were said."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        command = source.poll()
        if command is not None or len(notices(seen)) >= count or source.closed:
            return command
        time.sleep(0.01)
    return None


def test_the_game_goes_on_while_the_engine_loads_and_a_word_said_meanwhile_is_acted_on(
        monkeypatch: pytest.MonkeyPatch, mic: Spoken) -> None:
    engine = FirstOffered()
    gate, calls = blocked_engine(monkeypatch, lambda: engine)
    app, seen = new_app("en")
    source: VoiceSource | None = None
    try:
        source, problem = started(app, "en")
        assert source is not None and problem is None and mic.started
        assert mic.said.wait(10)  # the word was said while loading
        time.sleep(0.2)
        assert source.poll() is None and notices(seen) == [] and engine.heard == []
        wanted = source.listener.options
        gate.set()
        command = poll_until(source, seen, 99)
        assert notices(seen) == ["Voice is ready."]  # said before the held word is acted on
        from tavli_voice.speech.grammar import phrases
        assert command == phrases(wanted, "en")[0].command
        assert len(engine.heard) == 1 and 0.4 * 16000 < engine.heard[0] < 1.2 * 16000
        assert calls == ["en"]
    finally:
        gate.set()
        if source is not None:
            source.close()


def test_greek_players_hear_that_voice_is_ready_in_greek(monkeypatch: pytest.MonkeyPatch,
                                                          mic: Spoken) -> None:
    gate, _ = blocked_engine(monkeypatch, FirstOffered)
    app, seen = new_app("el")
    source, _ = started(app, "el")
    try:
        assert source is not None
        gate.set()
        poll_until(source, seen, 1)
        assert notices(seen)[0] == "Η φωνή είναι έτοιμη."
    finally:
        source.close() if source is not None else None


def test_an_engine_that_cannot_load_is_said_then_and_voice_stops(monkeypatch: pytest.MonkeyPatch,
                                                                   mic: Spoken) -> None:
    def fail() -> Any:
        raise EngineUnavailable("engine_missing", engine="whisper", detail="pip install ctranslate2")

    gate, _ = blocked_engine(monkeypatch, fail)
    app, seen = new_app("en")
    source, problem = started(app, "en")
    assert source is not None and problem is None
    assert mic.said.wait(10)
    gate.set()
    assert poll_until(source, seen, 1) is None
    assert notices(seen) == ["The speech recogniser whisper is not installed: pip install ctranslate2. "
                             "Voice input is off; the keyboard still works."]
    assert source.closed
    time.sleep(0.3)  # the word held meanwhile is not answered with "not understood"
    assert source.poll() is None and len(notices(seen)) == 1


def test_a_stand_in_engine_is_named_when_voice_is_ready(monkeypatch: pytest.MonkeyPatch, mic: Spoken) -> None:
    gate, _ = blocked_engine(monkeypatch, lambda: Instead(FirstOffered(), "pocketsphinx+whisper",
                                                          "pip install ctranslate2"))
    app, seen = new_app("el")
    source, _ = started(app, "el")
    try:
        gate.set()
        assert source is not None
        poll_until(source, seen, 1)
        assert notices(seen)[0] == (
            "Η μηχανή αναγνώρισης ομιλίας pocketsphinx+whisper δεν μπορεί να τρέξει εδώ (pip install "
            "ctranslate2), οπότε ακούει στη θέση της η μηχανή pocketsphinx. Η φωνή είναι έτοιμη.")
    finally:
        source.close() if source is not None else None


def test_without_a_microphone_nothing_is_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> Any:
        raise AudioUnavailable("mic_missing", "no input device")

    monkeypatch.setattr(listener_module, "Microphone", missing)
    gate, calls = blocked_engine(monkeypatch, FirstOffered)
    gate.set()
    app, _ = new_app("en")
    source, problem = started(app, "en")
    time.sleep(0.2)
    assert source is None and calls == []
    assert problem == "No microphone was found, so voice input is off. The keyboard still works."


def test_a_mistyped_engine_name_is_said_at_once(monkeypatch: pytest.MonkeyPatch, mic: Spoken) -> None:
    app, _ = new_app("en")
    source, problem = voice_source(app, "en", engine="wisper")
    assert source is None and not mic.started
    assert problem is not None and problem.startswith("Unknown speech recogniser wisper. Choose one of: auto,")


def test_sound_held_while_loading_counts_the_wait_in_its_time() -> None:
    gate = threading.Event()
    clock = Clock()
    engine = LoadingEngine(lambda: (gate.wait(10), FirstOffered())[1], clock=clock)
    engine.start()
    results: list[Heard] = []
    waiting = threading.Thread(target=lambda: results.append(
        engine.recognize(np.zeros(800, dtype=np.float32), (C_PHRASE,))))
    waiting.start()
    time.sleep(0.1)
    assert results == [] and engine.name == "loading" and not engine.ready
    clock.now += 2.5
    gate.set()
    waiting.join(10)
    assert engine.name == "pocketsphinx" and engine.load_s == pytest.approx(2.5)
    assert results[0].command == C.Roll() and results[0].ms == pytest.approx(2507.0)


def test_a_failed_load_recognises_nothing_and_keeps_the_reason() -> None:
    def fail() -> Any:
        raise EngineUnavailable("engine_missing", engine="whisper", detail="x")

    told: list[tuple[Any, Any]] = []
    engine = LoadingEngine(fail, lambda e, err: told.append((e, err)))
    engine.start()
    heard = engine.recognize(np.zeros(800, dtype=np.float32), (C_PHRASE,))
    assert heard.command is None and heard.reason == "nothing" and engine.name == "none"
    assert told[0][0] is None and isinstance(told[0][1], EngineUnavailable)


def _roll_phrase() -> Any:
    from tavli_voice.speech.grammar import Options, phrases

    return phrases(Options(commands=frozenset({"roll"})), "en")[0]


C_PHRASE = _roll_phrase()


def test_the_thread_that_built_the_engine_stays_until_the_engine_is_closed() -> None:
    engine = LoadingEngine(FirstOffered)
    engine.start()
    assert engine.wait(5)
    thread = engine._thread
    assert thread is not None
    time.sleep(0.05)
    assert thread.is_alive()  # a Whisper model whose building thread ended decides several times slower
    engine.close()
    thread.join(5)
    assert not thread.is_alive()


def test_closing_the_voice_source_lets_the_loading_thread_end(monkeypatch: pytest.MonkeyPatch,
                                                              mic: Spoken) -> None:
    gate, _ = blocked_engine(monkeypatch, FirstOffered)
    gate.set()
    app, seen = new_app("en")
    source, _ = started(app, "en")
    assert source is not None
    poll_until(source, seen, 1)
    loading = source.listener.engine
    assert isinstance(loading, LoadingEngine) and loading.ready and loading._thread is not None
    source.close()
    loading._thread.join(5)
    assert not loading._thread.is_alive()


def test_stop_over_the_narrator_has_its_quick_engine_while_the_main_one_loads(
        monkeypatch: pytest.MonkeyPatch, mic: Spoken) -> None:
    from tavli_voice.speech.engine_sphinx import SphinxRecognizer

    class Slow(FirstOffered):
        name = "whisper"

    gate, _ = blocked_engine(monkeypatch, Slow)
    app, seen = new_app("en")
    source, _ = started(app, "en")
    assert source is not None
    try:
        end = time.monotonic() + 10
        while source.listener.fast_engine is None and time.monotonic() < end:
            time.sleep(0.01)
        assert isinstance(source.listener.fast_engine, SphinxRecognizer)  # the main engine is still loading
        assert source.listener.engine.name == "loading"
        gate.set()
        poll_until(source, seen, 1)
        assert source.listener.engine.name == "whisper"
        assert isinstance(source.listener.fast_engine, SphinxRecognizer)
    finally:
        gate.set()
        source.close()


def test_a_pocketsphinx_main_engine_needs_no_second_quick_one(monkeypatch: pytest.MonkeyPatch,
                                                              mic: Spoken) -> None:
    gate, _ = blocked_engine(monkeypatch, FirstOffered)  # named "pocketsphinx"
    gate.set()
    app, seen = new_app("en")
    source, _ = started(app, "en")
    assert source is not None
    poll_until(source, seen, 1)
    assert source.listener.fast_engine is None
    source.close()


def test_closing_while_loading_drops_the_held_sound_at_once() -> None:
    gate = threading.Event()
    engine = LoadingEngine(lambda: (gate.wait(20), FirstOffered())[1])
    engine.start()
    results: list[Heard] = []
    waiting = threading.Thread(target=lambda: results.append(
        engine.recognize(np.zeros(800, dtype=np.float32), (C_PHRASE,))), daemon=True)
    waiting.start()
    time.sleep(0.05)
    assert results == []
    engine.close()  # the game quits while the engine still loads
    waiting.join(5)
    assert not waiting.is_alive() and results[0].command is None and results[0].reason == "nothing"
    gate.set()
    assert engine.wait(5) and engine.recognize(np.zeros(800, dtype=np.float32), (C_PHRASE,)).command == C.Roll()


def test_quitting_with_a_word_held_for_the_loading_engine_does_not_wait_for_it(
        monkeypatch: pytest.MonkeyPatch, mic: Spoken) -> None:
    gate, calls = blocked_engine(monkeypatch, FirstOffered)
    app, seen = new_app("en")
    source, _ = started(app, "en")
    assert source is not None
    listener = source.listener
    assert mic.said.wait(10)  # the word was said while loading: it is held for the engine
    time.sleep(0.3)
    assert source.poll() is None and calls == ["en"]
    thread = listener._thread
    assert thread is not None and thread.is_alive()
    closing = threading.Thread(target=source.close, daemon=True)
    closing.start()
    closing.join(1.5)  # the listener's own join would give up only after 2 s
    assert not closing.is_alive() and not thread.is_alive()
    gate.set()
