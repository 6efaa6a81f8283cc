"""Background speech (a television across the room) and answers said over the narrator's reading.

The level gate (``speech/listen_level.py``) drops sound much quieter than the
player's words before it is recognised; with ``barge_in="ignore"`` an answer
said over the narrator counts when what was played does not explain it.
"""

from __future__ import annotations

import queue

import numpy as np
import pytest

from speech_helpers import espeak, in_silence, needs_espeak
from tavli_voice.audio.echo import EchoGate
from tavli_voice.audio.sinks import PlayedAudio
from tavli_voice.commands import ChoosePlay, Roll, Yes
from tavli_voice.speech.audio import RATE
from tavli_voice.speech.grammar import Options
from tavli_voice.speech.heard import Heard
from tavli_voice.speech.listen_level import LevelGate, utterance_level
from tavli_voice.speech.listener import Listener, ListenerTuning

PLAYS = Options(plays=9)
#: a "did you say …?" open in the play phase: yes, no, and what was on offer
ASKED = Options(plays=3, commands=frozenset({"yes", "no", "roll"}))
#: a news reader's sentence, as television-like talk (its pauses and syllables start utterances)
NEWS = "and now the news. the minister said on tuesday that the new bridge will open in the spring"


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Engine:
    """Hears every sound as ``command`` (sure), and counts the sounds it was given."""

    def __init__(self, command: object = ChoosePlay(3), score: float = 1.0) -> None:
        self.command, self.score = command, score
        self.calls: list[float] = []

    def recognize(self, audio: np.ndarray, items: tuple[object, ...]) -> Heard:
        self.calls.append(utterance_level(audio, RATE))
        return Heard(type(self.command).__name__.lower(), self.command, self.score, 1.0, "whisper")  # type: ignore[arg-type]


def run(listener: Listener, clock: Clock, mic: np.ndarray, speaking_until: float = -1.0, start: float = 0.0) -> float:
    """Feed ``mic`` in 20 ms blocks from ``start`` (the narrator speaks until ``speaking_until``); its end."""
    block = RATE // 50
    for k in range(0, len(mic), block):
        clock.now = start + (k + block) / RATE
        listener.is_speaking = lambda: clock.now < speaking_until
        listener.process(mic[k:k + block], captured_end=clock.now)
    listener.flush()
    return start + len(mic) / RATE


def posted(out: queue.Queue[object]) -> list[object]:
    items = []
    while not out.empty():
        item = out.get_nowait()
        if isinstance(item, Heard) and item.command is not None:
            items.append(item.command)
    return items


def at_db(x: np.ndarray, db: float) -> np.ndarray:
    """``x`` scaled so that its ``utterance_level`` is ``db`` dBFS."""
    return (x * 10 ** ((db - utterance_level(x, RATE)) / 20)).astype(np.float32)


class TestLevelGate:
    def test_before_anything_is_known_nothing_is_background(self) -> None:
        assert LevelGate().background(-70.0) is None

    def test_sound_well_under_the_players_words_is_background_and_their_word_is_not(self) -> None:
        gate = LevelGate(player_gap_db=8.0)
        for level in (-18.0, -21.0, -15.0):
            gate.learn(level)
        assert gate.player == -18.0
        assert gate.background(-27.0) == "quieter than the player"
        assert gate.background(-25.0) is None  # a word said 7 dB softer than usual still counts
        assert gate.background(-10.0) is None

    def test_before_the_player_is_known_the_rooms_long_run_level_decides(self) -> None:
        gate = LevelGate(floor_gap_db=8.0, floor_known_s=10.0)
        rng = np.random.default_rng(3)
        hum = (0.01 * rng.standard_normal(9 * RATE)).astype(np.float32)  # -40 dBFS
        gate.hear(hum, RATE)
        assert gate.floor is None and gate.background(-39.0) is None  # 9 s: not known yet
        gate.hear(hum[:2 * RATE], RATE)
        assert gate.floor == pytest.approx(-40.0, abs=0.5)
        assert gate.background(-34.0) == "hardly above the room's sound"
        assert gate.background(-30.0) is None
        gate.reset()
        assert gate.floor is None


@needs_espeak
class TestTelevisionAcrossTheRoom:
    def listener(self, engine: Engine, **kw: object) -> tuple[queue.Queue[object], Clock, Listener]:
        out: queue.Queue[object] = queue.Queue()
        clock = Clock()
        listener = Listener(engine, "en", out, clock=clock, tuning=ListenerTuning(speculate_s=None),  # type: ignore[arg-type]
                            **kw)  # type: ignore[arg-type]
        listener.set_options(PLAYS)
        return out, clock, listener

    def test_talk_20_db_under_the_players_words_does_not_start_an_utterance(self) -> None:
        engine = Engine()
        out, clock, listener = self.listener(engine)
        word = at_db(espeak("three"), -18.0)
        end = run(listener, clock, in_silence(word, before=0.5, after=0.6))
        end = run(listener, clock, in_silence(at_db(espeak("five"), -19.0), before=0.5, after=0.6), start=end)
        assert posted(out) == [ChoosePlay(3), ChoosePlay(3)] and len(engine.calls) == 2
        news = at_db(espeak(NEWS, voice="en-gb"), -38.0)  # the television, 20 dB under the player
        end = run(listener, clock, in_silence(news, before=0.3, after=0.6), start=end)
        assert listener.background >= 1  # the news reader started utterances ...
        assert len(engine.calls) == 2 and posted(out) == []  # ... none was recognised
        run(listener, clock, in_silence(word, before=0.5, after=0.6), start=end)
        assert posted(out) == [ChoosePlay(3)]  # the player's word at its usual level still counts

    def test_the_players_word_over_the_television_counts_and_the_television_alone_does_not(
            self, tmp_path: object) -> None:
        # no word known yet: the benchmarks' television (a news reader over a tune) plays all
        # along, 10 dB under the player's word; the room's long-run level decides
        from benchmarks import noise as sound

        rng = np.random.default_rng(7)
        sources = {"tv": sound.espeak_talk(sound.TV_TALK, tmp_path)}  # type: ignore[arg-type]
        word = espeak("three")
        mixed, tv = sound.mix(word, "tv", 10, rng, pad_s=0.6, sources=sources)
        player = mixed - tv  # the word alone, padded
        long_tv = sound.noise("tv", 14 * RATE, rng, sources)
        long_tv = (long_tv * np.sqrt(np.mean(tv ** 2) / np.mean(long_tv ** 2))).astype(np.float32)
        engine = Engine()
        out, clock, listener = self.listener(engine)
        end = run(listener, clock, long_tv[:12 * RATE])
        assert listener.background >= 1  # the news reader started utterances, dropped
        before = len(engine.calls)
        mic = long_tv[12 * RATE:12 * RATE + len(player)] + player
        run(listener, clock, mic.astype(np.float32), start=end)
        assert len(engine.calls) == before + 1  # the word, recognised
        assert ChoosePlay(3) in posted(out)

    def test_a_word_inside_the_televisions_long_utterance_is_stamped_with_its_own_start(
            self, tmp_path: object) -> None:
        # the television keeps the detector in speech for seconds; the player's word said in
        # it begins where the word does (a "no" stamped with the television's start was taken
        # for an answer given before the question and dropped)
        from benchmarks import noise as sound

        rng = np.random.default_rng(9)
        sources = {"tv": sound.espeak_talk(sound.TV_TALK, tmp_path)}  # type: ignore[arg-type]
        tv = sound.noise("tv", 6 * RATE, rng, sources)
        tv = at_db(tv, -27.0) + (0.0003 * rng.standard_normal(len(tv))).astype(np.float32)
        word = at_db(espeak("three"), -18.0)
        at = int(2.5 * RATE)
        mic = tv.copy()
        mic[at:at + len(word)] += word
        engine = Engine()
        out, clock, listener = self.listener(engine)
        assert listener.level_gate is not None
        for level in (-18.0, -19.0):  # the player's two words before
            listener.level_gate.learn(level)
        run(listener, clock, mic)
        heard = [h for h in list(out.queue) if isinstance(h, Heard) and h.command is not None]
        assert [h.command for h in heard] == [ChoosePlay(3)]
        word_start = 2.5 + int(np.flatnonzero(np.abs(word) > 0.01)[0]) / RATE
        # (the television's utterance ends on the gate's cut-off before the word, so the word starts
        # its own where it rises 12 dB over the floor: a little into the soft "th" under the television)
        assert heard[0].began is not None and word_start - 0.2 <= heard[0].began <= word_start + 0.1

    def test_off_every_sound_is_recognised(self) -> None:
        engine = Engine()
        out, clock, listener = self.listener(engine)
        listener.level_gate = None
        end = run(listener, clock, in_silence(at_db(espeak("three"), -18.0), before=0.5, after=0.6))
        end = run(listener, clock, in_silence(at_db(espeak("three"), -18.0), before=0.5, after=0.6), start=end)
        run(listener, clock, in_silence(at_db(espeak(NEWS, voice="en-gb"), -38.0), before=0.3, after=0.6), start=end)
        assert len(engine.calls) > 2 and listener.background == 0


def narrator_played(text: str, start: float) -> tuple[PlayedAudio, np.ndarray]:
    """The narrator says ``text`` from ``start`` (what the speaker played, and the voice)."""
    voice = espeak(text)
    played = PlayedAudio(RATE, keep_s=30.0)
    for k in range(0, len(voice), 320):
        played.add(start + k / RATE, voice[k:k + 320])
    return played, voice


@needs_espeak
class TestAnAnswerOverTheNarratorsReading:
    """``barge_in="ignore"``: over the narrator only "stop" counted; an answer to its question
    (or a play's number over a long list) said while it is read counts now, the narrator's own
    voice still never."""

    def play(self, engine: Engine, through_the_speaker: bool, tuning: ListenerTuning = ListenerTuning(),
             known: bool = True) -> list[object]:
        played, voice = narrator_played("Did you say three? Say yes or no.", 0.1)
        speaking_until = 0.1 + len(voice) / RATE
        mic = np.zeros(int((speaking_until + 1.0) * RATE), dtype=np.float32)
        if through_the_speaker:  # a laptop without a headset: the narrator is the sound heard
            at = int(0.14 * RATE)
            mic[at:at + len(voice)] += 0.5 * voice
        else:  # the player says "yes" while the question is still read (heard on headphones), in
            # a voice of their own, before the narrator's own "yes" (the echo check would find it)
            word = espeak("yes", voice="en-us+f3")
            at = int(0.3 * RATE)
            mic[at:at + len(word)] += word
        mic += (0.0005 * np.random.default_rng(5).standard_normal(len(mic))).astype(np.float32)
        out: queue.Queue[object] = queue.Queue()
        clock = Clock()
        listener = Listener(engine, "en", out, clock=clock, echo=EchoGate(played.between, played.rate),  # type: ignore[arg-type]
                            barge_in="ignore", tuning=tuning)
        listener.set_options(ASKED)
        if known and listener.level_gate is not None:  # the player's level, from two words said before
            for _ in range(2):
                listener.level_gate.learn(utterance_level(espeak("yes", voice="en-us+f3"), RATE))
        run(listener, clock, mic, speaking_until=speaking_until)
        return posted(out)

    def test_yes_said_over_the_question_is_taken(self) -> None:
        assert self.play(Engine(Yes(), score=0.3), through_the_speaker=False) == [Yes()]

    def test_a_sure_play_number_over_the_list_is_taken(self) -> None:
        assert self.play(Engine(ChoosePlay(2)), through_the_speaker=False) == [ChoosePlay(2)]

    def test_before_the_player_or_the_room_is_known_a_number_over_it_is_not_but_yes_is(self) -> None:
        # on the sound rig a television's talk over the opening narration, in the first seconds,
        # was heard as a sure "ten" and play 10 was made before the player said anything
        assert self.play(Engine(ChoosePlay(2)), through_the_speaker=False, known=False) == []
        assert self.play(Engine(Yes(), score=0.3), through_the_speaker=False, known=False) == [Yes()]

    def test_an_unsure_number_or_another_command_over_it_is_not(self) -> None:
        assert self.play(Engine(ChoosePlay(2), score=0.2), through_the_speaker=False) == []
        assert self.play(Engine(Roll()), through_the_speaker=False) == []

    def test_the_narrators_own_voice_through_the_speaker_is_never_an_answer(self) -> None:
        assert self.play(Engine(Yes()), through_the_speaker=True) == []
        assert self.play(Engine(ChoosePlay(2)), through_the_speaker=True) == []

    def test_off_only_stop_counts_over_the_narrator(self) -> None:
        off = ListenerTuning(answers_over_narrator=False)
        assert self.play(Engine(Yes(), score=0.3), through_the_speaker=False, tuning=off) == []
