"""The speech policy: NarrationQueue and Narrator, driven by hand (no audio).

NVDA-style: a RecordingSpeaker stands in for the synth, the test says when an
utterance has been heard (``finish``) and pumps by hand, and every assertion
is the exact sequence of speak/cancel calls.
"""

from __future__ import annotations

import dataclasses
import threading
import time

import pytest

from tavli_voice.narration.narrator import Narrator
from tavli_voice.narration.priorities import Priority, Verbosity
from tavli_voice.narration.queue import NarrationQueue
from tavli_voice.narration.settings import SpeechSettings
from tavli_voice.narration.speaker import RecordingSpeaker
from tavli_voice.narration.utterance import Pause, Utterance, VoiceKind

IMP, MSG, TXT = Priority.IMPORTANT, Priority.MESSAGE, Priority.TEXT


def u(text: str, priority: Priority = MSG, turn: int = 1, **kw: object) -> Utterance:
    return Utterance.from_text(text, priority=priority, turn=turn, **kw)  # type: ignore[arg-type]


def texts(items: object) -> list[str]:
    return [x.text for x in items]  # type: ignore[attr-defined]


class TestPriority:
    def test_order_and_leaf(self) -> None:
        assert TXT < MSG < IMP
        assert [v.value for v in Verbosity] == ["terse", "normal", "chatty"]


class TestUtterance:
    def test_from_text_and_text(self) -> None:
        x = Utterance.from_text("Your dice: 6 5.", lang="el", turn=4, earcon="dice")
        assert x.segments == ("Your dice: 6 5.",)
        assert (x.priority, x.voice, x.lang, x.turn, x.earcon) == (MSG, VoiceKind.GAME, "el", 4, "dice")
        assert x.text == "Your dice: 6 5."

    def test_from_items_puts_pauses_between(self) -> None:
        x = Utterance.from_items(["one", "two", "three"], intro="Plays:", pause_ms=300)
        assert x.segments == ("Plays:", Pause(300), "one", Pause(300), "two", Pause(300), "three")
        assert x.text == "Plays: one two three"

    def test_validation(self) -> None:
        with pytest.raises(ValueError):
            Utterance(("x",), lang="fr")
        with pytest.raises(TypeError):
            Utterance(["x"])  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            Utterance((3,))  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            Pause(-1)

    def test_frozen_and_hashable(self) -> None:
        x = u("a")
        with pytest.raises(dataclasses.FrozenInstanceError):
            x.turn = 3  # type: ignore[misc]
        assert x == u("a") and hash(x) == hash(u("a"))

    def test_empty(self) -> None:
        assert Utterance(("  ", Pause(100))).is_empty
        assert not Utterance((), earcon="dice").is_empty


class TestNarrationQueue:
    def test_messages_and_important_share_one_fifo(self) -> None:
        """R2/R8: the dice are said before the reason the turn passed."""
        q = NarrationQueue()
        q.enqueue(u("dice 6 5"))
        q.enqueue(u("no legal play", IMP))
        q.enqueue(u("opponent rolls"))
        spoken = []
        while (x := q.next()) is not None:
            spoken.append(x.text)
            q.done()
        assert spoken == ["dice 6 5", "no legal play", "opponent rolls"]

    def test_next_only_when_free(self) -> None:
        q = NarrationQueue()
        q.enqueue(u("a"))
        q.enqueue(u("b"))
        assert q.next() == u("a")
        assert q.next() is None
        assert q.done() == u("a")
        assert q.next() == u("b")

    def test_text_replaced_by_newest_pending(self) -> None:
        q = NarrationQueue()
        q.enqueue(u("msg"))
        q.next()
        for cue in ("play 1", "play 2", "play 3"):
            assert q.enqueue(u(cue, TXT)) is False
        assert texts(q.pending) == ["play 3"]

    def test_text_cuts_text_being_spoken(self) -> None:
        q = NarrationQueue()
        q.enqueue(u("play 1", TXT))
        q.next()
        assert q.enqueue(u("play 2", TXT)) is True
        assert q.current is None
        assert q.next() == u("play 2", TXT)

    def test_text_does_not_cut_a_message(self) -> None:
        q = NarrationQueue()
        q.enqueue(u("msg"))
        q.next()
        assert q.enqueue(u("cue", TXT)) is False
        assert q.current == u("msg")

    def test_interrupt_drops_stale_and_text_never_important(self) -> None:
        q = NarrationQueue()
        q.enqueue(u("old dice", MSG, turn=1))
        q.next()
        q.enqueue(u("old play", MSG, turn=1))
        q.enqueue(u("blocked: no play", IMP, turn=1))
        q.enqueue(u("cue", TXT, turn=2))
        q.enqueue(u("your dice", MSG, turn=2))
        assert q.interrupt(2) is True  # current "old dice" is stale
        assert q.current is None
        assert texts(q.pending) == ["blocked: no play", "your dice"]
        assert q.turn == 2

    def test_interrupt_keeps_current_important(self) -> None:
        q = NarrationQueue()
        q.enqueue(u("game over", IMP, turn=1))
        q.next()
        assert q.interrupt(5) is False
        assert q.current == u("game over", IMP, turn=1)

    def test_interrupt_same_turn_message_survives_text_does_not(self) -> None:
        q = NarrationQueue()
        q.enqueue(u("cue", TXT, turn=3))
        q.next()
        q.enqueue(u("your dice", MSG, turn=3))
        assert q.interrupt(3) is True
        assert texts(q.pending) == ["your dice"]

    def test_drop_stale_keeps_current_turn_text(self) -> None:
        q = NarrationQueue()
        q.enqueue(u("old", MSG, turn=1))
        q.enqueue(u("cue", TXT, turn=2))
        q.enqueue(u("err", IMP, turn=1))
        assert q.drop_stale(2) is False
        assert texts(q.pending) == ["cue", "err"]

    def test_stale_on_arrival(self) -> None:
        q = NarrationQueue()
        q.interrupt(4)
        q.enqueue(u("late", MSG, turn=3))
        q.enqueue(u("late error", IMP, turn=3))
        assert texts(q.pending) == ["late error"]
        assert texts(q.history()) == ["late", "late error"]

    def test_cancel_drops_everything(self) -> None:
        q = NarrationQueue()
        q.enqueue(u("a", IMP))
        q.next()
        q.enqueue(u("b"))
        assert texts(q.cancel()) == ["a", "b"]
        assert q.is_idle
        assert texts(q.history()) == ["a", "b"]

    def test_history_excludes_text_and_is_bounded(self) -> None:
        q = NarrationQueue(history_size=3)
        for i in range(5):
            q.enqueue(u(f"m{i}"))
        q.enqueue(u("cue", TXT))
        assert texts(q.history()) == ["m2", "m3", "m4"]
        assert q.last() == u("m4")

    def test_empty_is_ignored(self) -> None:
        q = NarrationQueue()
        assert q.enqueue(Utterance((" ",))) is False
        assert q.is_idle and q.history() == ()


class TestNarrator:
    def make(self, **kw: object) -> tuple[Narrator, RecordingSpeaker, list[bool]]:
        sp = RecordingSpeaker()
        changes: list[bool] = []
        n = Narrator(sp, on_speaking_changed=changes.append, **kw)  # type: ignore[arg-type]
        return n, sp, changes

    def test_exact_sequence_with_manual_pump(self) -> None:
        n, sp, changes = self.make()
        n.say(u("Opponent rolled 6 5", turn=1))
        n.say(u("Opponent played 13/7 8/7", turn=1))
        n.say(u("Opponent cannot bear off", IMP, turn=1))
        n.say(u("Your dice: 3 1", turn=2))
        assert sp.transcript() == ["speak:Opponent rolled 6 5"]
        n.pump()  # still speaking: nothing happens
        assert sp.transcript() == ["speak:Opponent rolled 6 5"]
        sp.finish()
        n.pump()
        assert sp.transcript()[-1] == "speak:Opponent played 13/7 8/7"
        # The player types at turn 2: the stale play is cut, IMPORTANT stays.
        n.interrupt(2)
        assert sp.transcript() == [
            "speak:Opponent rolled 6 5",
            "speak:Opponent played 13/7 8/7",
            "cancel",
            "speak:Opponent cannot bear off",
        ]
        sp.finish()
        n.pump()
        assert sp.transcript()[-1] == "speak:Your dice: 3 1"
        sp.finish()
        n.pump()
        assert not n.is_speaking()
        assert changes == [True, False]

    def test_important_is_never_cut_by_interrupt(self) -> None:
        n, sp, _ = self.make()
        n.say(u("You win the game", IMP, turn=9))
        n.interrupt(10)
        n.interrupt(11)
        assert sp.transcript() == ["speak:You win the game"]
        assert sp.is_speaking()

    def test_text_replaced_by_newest(self) -> None:
        n, sp, _ = self.make()
        n.say(u("play 1", TXT))
        n.say(u("play 2", TXT))
        n.say(u("play 3", TXT))
        assert sp.transcript() == [
            "speak:play 1", "cancel", "speak:play 2", "cancel", "speak:play 3",
        ]

    def test_text_waits_behind_message_and_only_newest_survives(self) -> None:
        n, sp, _ = self.make()
        n.say(u("Your dice 6 6"))
        n.say(u("play 1", TXT))
        n.say(u("play 2", TXT))
        sp.finish()
        n.pump()
        assert sp.transcript() == ["speak:Your dice 6 6", "speak:play 2"]

    def test_stop_silences_everything_but_keeps_history(self) -> None:
        n, sp, changes = self.make()
        n.say(u("error", IMP))
        n.say(u("more"))
        n.stop()
        assert sp.transcript() == ["speak:error", "cancel"]
        assert not n.is_speaking()
        assert texts(n.history()) == ["error", "more"]
        assert changes == [True, False]

    def test_repeat_says_last_again_once_in_history(self) -> None:
        n, sp, _ = self.make()
        assert n.repeat() is False
        n.say(u("Your dice: 6 5", turn=3))
        sp.finish()
        n.interrupt(4)
        assert n.repeat() is True
        assert sp.transcript() == ["speak:Your dice: 6 5", "speak:Your dice: 6 5"]
        assert sp.spoken()[-1].turn == 4  # not stale for the turn the player is on
        assert texts(n.history()) == ["Your dice: 6 5"]

    def test_drop_stale_on_new_game(self) -> None:
        n, sp, _ = self.make()
        n.say(u("a", turn=1))
        n.say(u("b", turn=1))
        n.drop_stale(2)
        assert sp.transcript() == ["speak:a", "cancel"]
        assert n.pending() == ()

    def test_verbosity_and_settings_reach_speaker(self) -> None:
        s = SpeechSettings(verbosity=Verbosity.CHATTY, rate=220, volume=0.5, earcons=False, lang="el")
        n, sp, _ = self.make(settings=s)
        assert n.verbosity is Verbosity.CHATTY and n.lang == "el"
        assert sp.settings == {"rate": 220, "volume": 0.5, "earcons": False}
        n.apply_settings(dataclasses.replace(s, rate=150))
        assert sp.settings["rate"] == 150

    def test_auto_finishing_speaker_drains_at_once(self) -> None:
        sp = RecordingSpeaker(auto_finish=True)
        n = Narrator(sp)
        for i in range(3):
            n.say(u(f"m{i}"))
        assert sp.transcript() == ["speak:m0", "speak:m1", "speak:m2"]
        assert not n.is_speaking()

    def test_listener_may_call_back_into_narrator(self) -> None:
        n, sp, _ = self.make()
        seen: list[bool] = []
        n.add_speaking_listener(lambda on: seen.append(n.is_speaking()))
        n.say(u("x"))
        sp.finish()
        n.pump()
        assert seen == [True, False]

    def test_pump_thread_advances_queue(self) -> None:
        sp = RecordingSpeaker()
        n = Narrator(sp)
        pump = n.start_pump_thread(0.005)
        try:
            n.say(u("a"))
            n.say(u("b"))
            sp.finish()
            deadline = time.monotonic() + 2.0
            while len(sp.spoken()) < 2 and time.monotonic() < deadline:
                time.sleep(0.005)
        finally:
            pump.stop()
        assert sp.transcript() == ["speak:a", "speak:b"]

    def test_many_threads_say_without_deadlock(self) -> None:
        sp = RecordingSpeaker(auto_finish=True)
        n = Narrator(sp)

        def worker(k: int) -> None:
            for i in range(50):
                n.say(u(f"{k}-{i}"))
                n.pump()

        threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(5)
        assert len(sp.spoken()) == 200
