"""The listener: simulated microphone → VAD → recogniser → queue, narrator echo, barge-in."""

from __future__ import annotations

import queue

import numpy as np
import pytest

from speech_helpers import espeak, in_silence, needs_espeak
from tavli_voice.commands import ChoosePlay, Resign, Roll, StopSpeech
from tavli_voice.speech.audio import RATE, resample
from tavli_voice.audio.capture import ArraySource, AudioUnavailable
from tavli_voice.speech.engine_sphinx import SphinxRecognizer
from tavli_voice.speech.grammar import Options
from tavli_voice.speech.heard import Heard
from tavli_voice.speech.listener import Listener, VoiceProblem, command_of, explain, should_confirm

TURN = Options(plays=9, commands=frozenset({"roll", "undo"}))


@pytest.fixture(scope="module")
def engine() -> SphinxRecognizer:
    return SphinxRecognizer("en")


class Clock:
    """Stream time as the test feeds blocks (the listener asks it when checking the narrator)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def feed(listener: Listener, clock: Clock, samples: np.ndarray, rate: int = RATE) -> None:
    block = rate // 50
    for k in range(0, len(samples), block):
        clock.now = k / rate
        listener.process(samples[k:k + block])
    listener.flush()


def drain(out: "queue.Queue[object]") -> list[object]:
    items = []
    while not out.empty():
        items.append(out.get_nowait())
    return items


@needs_espeak
class TestListening:
    def test_words_become_queued_commands(self, engine: SphinxRecognizer) -> None:
        out: queue.Queue[object] = queue.Queue()
        clock = Clock()
        listener = Listener(engine, "en", out, clock=clock)
        listener.set_options(TURN)
        feed(listener, clock, np.concatenate([in_silence(espeak("seven")), in_silence(espeak("roll"), seed=1)]))
        heard = drain(out)
        assert [command_of(h) for h in heard] == [ChoosePlay(7), Roll()]
        assert all(isinstance(h, Heard) and h.ms >= 0 for h in heard)

    def test_the_narrators_voice_is_ignored_but_stop_always_works(self, engine: SphinxRecognizer) -> None:
        out: queue.Queue[object] = queue.Queue()
        clock = Clock()
        speaking_until = 3.0
        listener = Listener(engine, "en", out, lambda: clock.now < speaking_until, clock=clock)
        listener.set_options(TURN)
        stream = np.concatenate([in_silence(espeak("seven")), in_silence(espeak("stop"), seed=1),
                                 np.zeros(RATE, np.float32), in_silence(espeak("three"), seed=2)])
        assert len(stream) / RATE > speaking_until + 1.5
        feed(listener, clock, stream)
        assert [command_of(h) for h in drain(out)] == [StopSpeech(), ChoosePlay(3)]

    def test_barge_in_interrupts_the_narrator_at_once(self, engine: SphinxRecognizer) -> None:
        out: queue.Queue[object] = queue.Queue()
        clock = Clock()
        listener = Listener(engine, "en", out, lambda: clock.now < 1.0, barge_in="interrupt", clock=clock)
        listener.set_options(TURN)
        feed(listener, clock, in_silence(espeak("five")))
        first, second = drain(out)
        assert isinstance(first, Heard) and first.command == StopSpeech() and first.reason == "barge_in"
        assert command_of(second) == ChoosePlay(5)

    def test_push_to_talk(self, engine: SphinxRecognizer) -> None:
        out: queue.Queue[object] = queue.Queue()
        listener = Listener(engine, "en", out)
        listener.set_options(TURN)
        listener.push_to_talk(True)
        listener.process(espeak("eight"))
        assert out.empty()
        listener.push_to_talk(False)
        assert command_of(out.get_nowait()) == ChoosePlay(8)

    def test_a_thread_with_a_44_khz_source(self, engine: SphinxRecognizer) -> None:
        out: queue.Queue[object] = queue.Queue()
        stream = resample(in_silence(espeak("four")), RATE, 44100)
        listener = Listener(engine, "en", out, source=ArraySource(stream, rate=44100))
        listener.set_options(TURN)
        listener.start()
        item = out.get(timeout=20)
        listener.stop()
        assert command_of(item) == ChoosePlay(4)

    def test_options_change_between_turns(self, engine: SphinxRecognizer) -> None:
        out: queue.Queue[object] = queue.Queue()
        clock = Clock()
        listener = Listener(engine, "en", out, clock=clock)
        listener.set_options(Options(commands=frozenset({"roll"})))
        feed(listener, clock, in_silence(espeak("roll")))
        listener.set_options(Options(plays=3))
        feed(listener, clock, in_silence(espeak("roll")))
        first, second = drain(out)
        assert command_of(first) == Roll() and command_of(second) != Roll()


class TestProblemsAndWords:
    def test_no_microphone_on_this_machine(self, engine: SphinxRecognizer) -> None:
        listener = Listener(engine, "en", queue.Queue())
        try:
            listener.start()
        except AudioUnavailable as err:
            assert err.key in ("mic_missing", "portaudio_missing")
        else:  # pragma: no cover - a machine with a microphone
            listener.stop()

    def test_a_failing_source_posts_one_problem(self, engine: SphinxRecognizer) -> None:
        class Broken:
            rate = RATE

            def read(self, timeout: float = 0.1):
                raise AudioUnavailable("mic_missing", "unplugged")

        out: queue.Queue[object] = queue.Queue()
        listener = Listener(engine, "en", out, source=Broken())
        listener.start()
        problem = out.get(timeout=5)
        listener.stop()
        assert problem == VoiceProblem("mic_failed", "unplugged")

    def test_explain_what_can_be_said(self) -> None:
        heard = Heard("", None, 0.0, 3.0, "pocketsphinx", "nothing")
        assert explain(heard, Options(plays=7, commands=frozenset({"roll"})), "en") == \
            "Not understood: say a number from 1 to 7, or say roll, repeat, stop, help."
        unsure = Heard("seven", None, 0.02, 3.0, "templates", "unsure")
        assert explain(unsure, Options(plays=7), "el").startswith("Δεν είμαι σίγουρος τι είπες: πες έναν αριθμό")

    def test_confirmation_policy(self) -> None:
        sure = Heard("seven", ChoosePlay(7), 0.9, 1.0)
        unsure = Heard("seven", ChoosePlay(7), 0.1, 1.0)
        resign = Heard("resign", Resign(), 0.9, 1.0)
        assert not should_confirm(sure, "unsure") and should_confirm(unsure, "unsure")
        assert not should_confirm(unsure, "never") and should_confirm(sure, "always")
        assert should_confirm(resign, "never")  # destructive: always confirmed (R9)
        assert not should_confirm(Heard("", None, 0, 1), "always")


class _SaysYes:
    """An engine that hears "yes" in any sound (the test is about when, not what)."""

    name = "templates"

    def recognize(self, audio: np.ndarray, items: tuple[object, ...]) -> Heard:
        from tavli_voice.commands import Yes

        return Heard("yes", Yes(), 0.9, 1.0, self.name)


def test_what_is_posted_carries_when_its_sound_began() -> None:
    """``Heard.began`` is the monotonic time the sound began (the answer is tied to the question then open)."""
    out: queue.Queue[object] = queue.Queue()
    clock = Clock()
    listener = Listener(_SaysYes(), "en", out, clock=clock)  # type: ignore[arg-type]
    listener.set_options(Options(commands=frozenset({"yes", "no"})))
    rng = np.random.default_rng(3)
    word = (0.2 * rng.standard_normal(int(0.4 * RATE))).astype(np.float32)
    feed(listener, clock, in_silence(word, before=1.2, after=0.8, seed=3))
    heard = [h for h in drain(out) if isinstance(h, Heard)]
    assert [h.text for h in heard] == ["yes"]
    assert heard[0].began is not None and abs(heard[0].began - 1.2) < 0.05


def test_push_to_talk_marks_the_key_press_as_the_start() -> None:
    out: queue.Queue[object] = queue.Queue()
    clock = Clock()
    listener = Listener(_SaysYes(), "en", out, clock=clock)  # type: ignore[arg-type]
    listener.set_options(Options(commands=frozenset({"yes", "no"})))
    clock.now = 7.5
    listener.push_to_talk(True)
    clock.now = 8.0
    listener.process(np.full(RATE // 2, 0.1, np.float32))
    listener.push_to_talk(False)
    heard = out.get_nowait()
    assert isinstance(heard, Heard) and heard.began == 7.5


def test_the_listener_is_busy_while_it_hears_or_recognises_a_sound_and_not_before_or_after() -> None:
    """``busy()`` tells the voice source that a result is still to come (it holds "twenty" for it)."""
    out: queue.Queue[object] = queue.Queue()
    clock = Clock()
    seen: list[bool] = []

    class _Notes(_SaysYes):
        def recognize(self, audio: np.ndarray, items: tuple[object, ...]) -> Heard:
            seen.append(listener.busy())
            return super().recognize(audio, items)

    listener = Listener(_Notes(), "en", out, clock=clock)  # type: ignore[arg-type]
    listener.set_options(Options(commands=frozenset({"yes", "no"})))
    rng = np.random.default_rng(5)
    word = (0.2 * rng.standard_normal(int(0.4 * RATE))).astype(np.float32)
    sound = in_silence(word, before=1.0, after=0.8, seed=5)
    block = RATE // 50
    during: list[bool] = []
    for k in range(0, len(sound), block):
        clock.now = k / RATE
        listener.process(sound[k:k + block])
        during.append(listener.busy())
    assert not any(during[:40])  # the quiet before the word (0.8 s)
    assert all(during[55:65])  # inside the word
    assert not during[-1]  # the word recognised and posted: nothing more to come
    assert seen and all(seen)
    assert [h.text for h in drain(out) if isinstance(h, Heard)] == ["yes"]


@needs_espeak
def test_twenty_and_three_split_by_a_pause_reach_the_game_as_twenty_three(engine: SphinxRecognizer) -> None:
    """ "twenty", 0.2 s of quiet, "three" (0.56 s between the words, espeak's own quiet included):
    the listener ends the utterance after "twenty" (its hang-over is 0.15 s) and posts each word;
    the voice source joins them and asks back "twenty three" (pocketsphinx is unsure of it), where
    it asked "twenty" and then "three"."""
    from tavli_voice import commands as C
    from tavli_voice import events as E
    from tavli_voice.rules import MatchConfig
    from tavli_voice.session import Phase, Session
    from tavli_voice.ui.app import App
    from tavli_voice.ui.voice_input import VoiceSource

    session = Session(MatchConfig(1, "portes", "tavlucky", 2), (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita")))
    app = App(session, lang="en")
    app.start()
    for _ in range(60):
        if app.bot_to_act():
            app.bot_step()
            continue
        if session.phase is Phase.PLAY and len(session.plays) >= 24:
            break
        step = {Phase.ROLL: C.Roll(), Phase.PLAY: C.ChoosePlay(1), Phase.CONFIRM: C.Confirm()}
        app.command(step.get(session.phase, C.No()))
    assert session.phase is Phase.PLAY and len(session.plays) >= 24
    asked: list[str] = []
    app.subscribe(lambda events: asked.extend(e.text for e in events if isinstance(e, E.Notice)))
    out: queue.Queue[object] = queue.Queue()
    clock = Clock()
    listener = Listener(engine, "en", out, clock=clock)
    source = VoiceSource(app, listener, out, clock=clock)
    words = np.concatenate([espeak("twenty"), np.zeros(int(0.2 * RATE), np.float32), espeak("three")])
    sound = in_silence(words, before=0.6, after=2.0, seed=7)
    block = RATE // 50
    made = []
    for k in range(0, len(sound), block):
        clock.now = k / RATE
        listener.process(sound[k:k + block])
        command = source.poll()
        if command is not None:
            made.append(command)
    assert made == [] or made == [C.ChoosePlay(23)]
    assert C.ChoosePlay(20) not in made and C.ChoosePlay(3) not in made
    assert [a for a in asked if a.startswith("Did you say")] == ([] if made else
                                                                 ["Did you say twenty three? Say yes or no."])
