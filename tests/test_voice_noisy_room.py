"""Telling the player once that the room is too noisy for the voice (ui/voice_noise.py): the rule
on words heard poorly and "no"s, its quiet time on a fake clock, its words in English and Greek,
and the voice source saying it through the narrator once no question is open."""

from __future__ import annotations

import queue
import random
import re
from pathlib import Path

import pytest

from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice.narration.narrator import Narrator
from tavli_voice.narration.priorities import Verbosity
from tavli_voice.narration.speaker import RecordingSpeaker
from tavli_voice.rules import MatchConfig
from tavli_voice.session import Phase, Session
from tavli_voice.speech.heard import Heard
from tavli_voice.ui import voice_noise as N
from tavli_voice.ui.app import App
from tavli_voice.ui.voice_input import VoiceSource
from tavli_voice.ui.voice_noise import NoiseWatch, advice, snr_of
from tavli_voice.words import text


class _Clock:
    def __init__(self, now: float = 100.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def _poor(rng: random.Random) -> float:
    return round(rng.uniform(4.0, N.POOR_SNR_DB - 0.2), 1)


def _good(rng: random.Random) -> float:
    return round(rng.uniform(N.GOOD_SNR_DB, 30.0), 1)


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name, sub in (("HOME", "home"), ("XDG_DATA_HOME", "data"), ("XDG_CONFIG_HOME", "config"),
                      ("XDG_STATE_HOME", "state"), ("XDG_CACHE_HOME", "cache")):
        monkeypatch.setenv(name, str(tmp_path / sub))


class TestSnrOf:
    def test_the_crops_measure_is_read_and_none_without_it(self) -> None:
        # the crop's words, as the session log shows them (benchmarks/results/e2e-sound-tv-match.txt)
        said = Heard("one", C.ChoosePlay(1), 1.0, 20.0, "whisper+crop",
                     why="crop 0.00-1.03 s of 1.22 s, 9.6 dB over the noise; candidates 'one' -5.71 (1.00)",
                     snr=9.6)
        assert snr_of(said) == 9.6
        assert snr_of(Heard("one", C.ChoosePlay(1), 1.0, 20.0, why="crop 0.00-0.58 s of 0.58 s")) is None
        assert snr_of(Heard("", None, 0.0, 1.0, reason="nothing")) is None


class TestNoiseWatch:
    def test_poor_words_tell_once_then_not_within_the_quiet_time_then_again(self) -> None:
        rng = random.Random(48)
        clock = _Clock()
        watch = NoiseWatch(clock)
        said = [watch.word(_poor(rng)) for _ in range(N.POOR_OF_RECENT)]
        assert said[:-1] == [None] * (N.POOR_OF_RECENT - 1) and said[-1] is not None
        assert "under 10 dB" in said[-1]
        watch.told()
        for _ in range(10):  # still noisy, a minute later: not again
            clock.now += 6.0
            assert watch.word(_poor(rng)) is None
        clock.now = 100.0 + N.QUIET_S
        assert watch.word(_poor(rng)) is not None  # the quiet time is over and it is still noisy

    def test_a_room_that_stays_noisy_is_told_less_and_less_often(self) -> None:
        rng = random.Random(5)
        clock = _Clock()
        watch = NoiseWatch(clock)
        times = []
        for _ in range(2000):  # a word every 6 s for over three hours, the television on throughout
            clock.now += 6.0
            if watch.word(_poor(rng)) is not None:
                watch.told()
                times.append(clock.now)
        gaps = [b - a for a, b in zip(times, times[1:])]
        assert len(times) >= 4
        assert all(later >= 2 * earlier - 6.0 for earlier, later in zip(gaps, gaps[1:]))
        assert gaps[0] >= N.QUIET_S and gaps[1] >= 2 * N.QUIET_S

    def test_better_then_worse_again_tells_again_within_the_quiet_time(self) -> None:
        rng = random.Random(7)
        clock = _Clock()
        watch = NoiseWatch(clock)
        for _ in range(N.POOR_OF_RECENT):
            why = watch.word(_poor(rng))
        assert why is not None
        watch.told()
        clock.now += 30.0
        for _ in range(N.GOOD_IN_A_ROW - 1):  # not yet better: two good words
            assert watch.word(_good(rng)) is None
        assert watch.word(12.0) is None  # between poor and good: the good run starts again
        assert [watch.word(_poor(rng)) for _ in range(N.POOR_OF_RECENT)][-1] is None
        for _ in range(N.GOOD_IN_A_ROW):  # the television turned down
            assert watch.word(_good(rng)) is None
        clock.now += 30.0
        said = [watch.word(_poor(rng)) for _ in range(N.POOR_OF_RECENT)]
        assert said[-1] is not None  # up again: told again, a minute after the first time

    def test_one_louder_word_does_not_hide_the_room_and_unmeasured_words_count_neither_way(self) -> None:
        watch = NoiseWatch(_Clock())
        assert watch.word(8.0) is None
        assert watch.word(None) is None
        assert watch.word(16.0) is None
        assert watch.word(None) is None
        assert watch.word(9.0) is None
        assert watch.word(7.0) == "3 of the last 4 words under 10 dB over the noise (8.0, 16.0, 9.0, 7.0)"
        quiet = NoiseWatch(_Clock())
        assert [quiet.word(s) for s in (8.0, 16.0, 9.0, 17.0, 8.5, 21.0)] == [None] * 6

    def test_two_noes_in_one_turn_tell_and_noes_in_two_turns_do_not(self) -> None:
        watch = NoiseWatch(_Clock())
        assert watch.refused((1, "play")) is None
        assert watch.refused((2, "play")) is None  # another turn
        assert watch.refused((2, "play")) == "2 noes to 'did you say' in one turn"
        watch.told()
        assert watch.refused((3, "play")) is None and watch.refused((3, "play")) is None

    def test_noes_in_a_quiet_room_are_not_blamed_on_noise(self) -> None:
        watch = NoiseWatch(_Clock())
        for snr in (22.0, 18.5, 25.0):
            assert watch.word(snr) is None
        assert watch.refused((1, "play")) is None and watch.refused((1, "play")) is None
        assert watch.word(8.0) is None  # one word heard poorly: the room is not known quiet now
        assert watch.refused((1, "play")) == "3 noes to 'did you say' in one turn"


class TestAdvice:
    def test_english_and_greek_come_from_the_words_catalogue_and_terse_is_shorter(self) -> None:
        for lang in ("en", "el"):
            normal, terse = advice(lang), advice(lang, Verbosity.TERSE)
            assert normal == text("voice.noisy", lang) == advice(lang, Verbosity.CHATTY)
            assert terse == text("voice.noisy_terse", lang)
            assert len(terse) < len(normal)
        assert "microphone" in advice("en") and "television" in advice("en")
        assert "μικρόφωνο" in advice("el") and "τηλεόραση" in advice("el") and "αριθμό" in advice("el")
        assert advice("el") != advice("en")


class _Listener:
    options = None

    def set_options(self, options: object) -> None:
        self.options = options

    def stop(self) -> None:
        pass


def _started(clock: _Clock, session: Session, lang: str = "en", verbosity: Verbosity = Verbosity.NORMAL
             ) -> tuple[App, RecordingSpeaker, "queue.Queue[object]", VoiceSource, list[E.Event]]:
    """``session`` started in an app heard through a voice source fed by the returned queue."""
    speaker = RecordingSpeaker(auto_finish=True)
    app = App(session, lang=lang, narrator=Narrator(speaker), verbosity=verbosity)
    seen: list[E.Event] = []
    app.subscribe(seen.extend)
    out: "queue.Queue[object]" = queue.Queue()
    source = VoiceSource(app, _Listener(), out, clock=clock)
    app.start()
    return app, speaker, out, source, seen


def _in_play(clock: _Clock, lang: str = "en", verbosity: Verbosity = Verbosity.NORMAL
             ) -> tuple[App, RecordingSpeaker, "queue.Queue[object]", VoiceSource, list[E.Event]]:
    session = Session(MatchConfig(1, "portes", "tavlucky", 4),
                      (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita")))
    app, speaker, out, source, seen = _started(clock, session, lang, verbosity)
    while app.bot_to_act():
        app.bot_step()
    if app.session.phase is Phase.ROLL:
        app.command(C.Roll())
    assert app.session.phase is Phase.PLAY and len(app.session.plays) >= 2
    return app, speaker, out, source, seen


def _word(said: str, command: C.Command, score: float, began: float, snr: float | None) -> Heard:
    why = "crop 0.00-0.60 s of 0.80 s" + ("" if snr is None else f", {snr:.1f} dB over the noise")
    return Heard(said, command, score, 20.0, "whisper+crop", began=began, why=why, snr=snr)


def _told(seen: list[E.Event], lang: str = "en") -> int:
    return sum(isinstance(e, E.Notice) and e.text == advice(lang) for e in seen)


def test_poor_words_are_told_once_after_the_question_is_answered_and_spoken_by_the_narrator(caplog) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(3)
    clock = _Clock()
    app, speaker, out, source, seen = _in_play(clock)
    caplog.set_level("INFO", logger="tavli_voice.ui.voice_input")
    # two unsure numbers in television noise, each asked back and refused
    for i, number in enumerate((2, 1)):
        clock.now += 2.0
        out.put(_word("two" if number == 2 else "one", C.ChoosePlay(number), 0.4, clock.now - 0.5, _poor(rng)))
        assert source.poll() is None and source.held == C.ChoosePlay(number)
        assert _told(seen) == 0
        clock.now += 2.0
        out.put(_word("no", C.No(), 0.9, clock.now - 0.5, _poor(rng)))
        assert source.poll() is None and source.held is None
        if i == 0:
            assert _told(seen) == 0  # two poor words and one no so far
    assert _told(seen) == 1
    notices = [e.text for e in seen if isinstance(e, E.Notice)]
    # after the "no" is answered, never in the middle of a question
    assert notices[-2:] == [text("voice.cancelled", "en"), advice("en")]
    assert any(u.text == advice("en") for u in speaker.spoken())
    assert any("the room is noisy" in r.getMessage() for r in caplog.records)
    # more poor words within the quiet time: not again
    for _ in range(6):
        clock.now += 3.0
        out.put(_word("two", C.ChoosePlay(2), 0.4, clock.now - 0.5, _poor(rng)))
        source.poll()
        clock.now += 2.0
        out.put(_word("no", C.No(), 0.9, clock.now - 0.5, _poor(rng)))
        source.poll()
    assert _told(seen) == 1
    # minutes later, still noisy: told again
    clock.now += N.QUIET_S
    for _ in range(N.POOR_OF_RECENT):
        clock.now += 2.0
        out.put(_word("two", C.ChoosePlay(2), 0.4, clock.now - 0.5, _poor(rng)))
        source.poll()
        clock.now += 2.0
        out.put(_word("no", C.No(), 0.9, clock.now - 0.5, None))
        source.poll()
    assert _told(seen) == 2


def test_two_noes_in_one_turn_are_told_in_greek_and_well_heard_words_never_are() -> None:
    clock = _Clock()
    app, speaker, out, source, seen = _in_play(clock, lang="el")
    for number, said in ((2, "δύο"), (1, "ένα")):  # heard well (no noise measure), refused twice
        clock.now += 2.0
        out.put(_word(said, C.ChoosePlay(number), 0.4, clock.now - 0.5, None))
        assert source.poll() is None
        clock.now += 2.0
        out.put(_word("όχι", C.No(), 0.9, clock.now - 0.5, None))
        assert source.poll() is None
    assert _told(seen, "el") == 1
    assert any(u.text == advice("el") for u in speaker.spoken())

    quiet_clock = _Clock()
    _, _, out, source, seen = _in_play(quiet_clock)
    rng = random.Random(5)
    # a quiet room: each word stands well over the noise, and is refused (as many as one turn asks about)
    for number in (2, 1, 2, 1, 2)[:N.QUESTIONS_IN_A_TURN]:
        quiet_clock.now += 2.0
        out.put(_word("two" if number == 2 else "one", C.ChoosePlay(number), 0.4, quiet_clock.now - 0.5,
                      _good(rng)))
        assert source.poll() is None and source.held == C.ChoosePlay(number)
        quiet_clock.now += 2.0
        out.put(_word("no", C.No(), 0.9, quiet_clock.now - 0.5, _good(rng)))
        assert source.poll() is None and source.held is None
    assert not any(isinstance(e, E.Notice) and e.text in (advice("en"), advice("el")) for e in seen)


def test_terse_players_hear_the_short_sentence() -> None:
    rng = random.Random(11)
    clock = _Clock()
    _, speaker, out, source, seen = _in_play(clock, verbosity=Verbosity.TERSE)
    for _ in range(N.POOR_OF_RECENT):
        clock.now += 2.0
        # not understood at all: said so, and counted as heard poorly
        out.put(Heard("", None, 0.1, 20.0, "whisper+crop", reason="no_match", began=clock.now - 0.5,
                      snr=_poor(rng)))
        assert source.poll() is None
    short = advice("en", Verbosity.TERSE)
    assert [e.text for e in seen if isinstance(e, E.Notice)].count(short) == 1
    assert any(u.text == short for u in speaker.spoken())


def _room_heard_noisy(clock: _Clock, out: "queue.Queue[object]", source: VoiceSource, rng: random.Random) -> None:
    """Words not understood, each standing poorly over the noise: the room is noisy (and the player told so)."""
    for _ in range(N.POOR_OF_RECENT):
        clock.now += 2.0
        out.put(Heard("", None, 0.1, 20.0, "whisper+crop", reason="no_match", began=clock.now - 0.5,
                      snr=_poor(rng)))
        assert source.poll() is None
    assert source.noise.noisy()


def _room_heard(clock: _Clock, out: "queue.Queue[object]", source: VoiceSource, levels: list[float]) -> None:
    """Words not understood, standing ``levels`` dB over the noise."""
    for snr in levels:
        clock.now += 2.0
        out.put(Heard("", None, 0.1, 20.0, "whisper+crop", reason="no_match", began=clock.now - 0.5, snr=snr))
        assert source.poll() is None


def _noisy_or_quiet(clock: _Clock, out: "queue.Queue[object]", source: VoiceSource, rng: random.Random,
                    noisy: bool) -> None:
    """The room heard noisy, or known to be quiet (every one of the last words well over the noise)."""
    if noisy:
        _room_heard_noisy(clock, out, source, rng)
    else:
        _room_heard(clock, out, source, [_good(rng) for _ in range(N.RECENT)])
        assert source.noise.quiet()


def _asked(seen: list[E.Event], lang: str) -> list[str]:
    head = text("voice.did_you_say", lang, text="\0").split("\0")[0]
    return [e.text for e in seen if isinstance(e, E.Notice) and e.text.startswith(head)]


@pytest.mark.parametrize("noisy", [False, True])
@pytest.mark.parametrize("lang", ["en", "el"])
def test_in_a_noisy_room_the_greek_question_asks_for_sosta_or_lathos_and_both_answers_are_taken(
        lang: str, noisy: bool) -> None:
    from tavli_voice.speech.words import number_text

    rng = random.Random(17)
    clock = _Clock()
    app, _, out, source, seen = _in_play(clock, lang=lang)
    if noisy:
        _room_heard_noisy(clock, out, source, rng)
    else:  # a quiet room: every word well over the noise
        _room_heard(clock, out, source, [_good(rng) for _ in range(N.RECENT)])
        assert source.noise.quiet()
    two, one = number_text(2, lang), number_text(1, lang)
    clock.now += 2.0
    out.put(_word(two, C.ChoosePlay(2), 0.4, clock.now - 0.5, _poor(rng) if noisy else _good(rng)))
    assert source.poll() is None and source.held == C.ChoosePlay(2)
    question = {"en": "Did you say two? Say yes or no.",
                "el": f"Είπες δύο; Πες {'σωστά ή λάθος' if noisy else 'ναι ή όχι'}."}[lang]
    assert _asked(seen, lang) == [question]
    # «όχι» to a question naming «λάθος» is still a no; then «ναι» to the next one is still a yes
    clock.now += 2.0
    out.put(_word({"en": "no", "el": "όχι"}[lang], C.No(), 0.9, clock.now - 0.5, None))
    assert source.poll() is None and source.held is None
    clock.now += 2.0
    out.put(_word(one, C.ChoosePlay(1), 0.4, clock.now - 0.5, None))
    assert source.poll() is None and source.held == C.ChoosePlay(1)
    assert _asked(seen, lang)[-1] == question.replace(two, one)
    clock.now += 2.0
    out.put(_word({"en": "yes", "el": "ναι"}[lang], C.Yes(), 0.9, clock.now - 0.5, None))
    assert source.poll() == C.ChoosePlay(1)


@pytest.mark.parametrize("noisy", [False, True])
@pytest.mark.parametrize("lang", ["en", "el"])
def test_in_a_noisy_room_the_greek_resign_question_asks_for_sosta_or_lathos_and_nai_still_answers_it(
        lang: str, noisy: bool) -> None:
    """R9: the session's own question about resigning takes the noisy form too (its price said first)."""
    clock = _Clock()
    app, speaker, out, source, seen = _in_play(clock, lang=lang)
    _noisy_or_quiet(clock, out, source, random.Random(19), noisy)
    assert app.noisy_answers is noisy
    app.command(C.Resign())
    asked = [u.text for u in speaker.spoken()][-1]
    tail = {"en": "Yes or no.", "el": "Σωστά ή λάθος;" if noisy else "Ναι ή όχι;"}[lang]
    assert asked.startswith(text("ask.resign", lang).split(";")[0].split("?")[0]) and asked.endswith(tail), asked
    clock.now += 2.0
    out.put(_word({"en": "yes", "el": "ναι"}[lang], C.Yes(), 0.9, clock.now - 0.5, 16.0))
    answer = source.poll()
    assert answer == C.Yes()
    app.command(answer)
    assert any(isinstance(e, E.GameOver) for e in seen)


@pytest.mark.parametrize("noisy", [False, True])
def test_a_word_not_understood_while_the_greek_question_is_open_is_answered_with_the_words_it_asks_for(
        noisy: bool) -> None:
    rng = random.Random(23)
    clock = _Clock()
    _, _, out, source, seen = _in_play(clock, lang="el")
    if noisy:
        _room_heard_noisy(clock, out, source, rng)
    clock.now += 2.0
    out.put(_word("δύο", C.ChoosePlay(2), 0.4, clock.now - 0.5, _poor(rng) if noisy else _good(rng)))
    assert source.poll() is None and source.held == C.ChoosePlay(2)
    clock.now += 2.0
    out.put(Heard("", None, 0.1, 20.0, "whisper+crop", reason="no_match", began=clock.now - 0.5,
                  snr=_poor(rng) if noisy else _good(rng)))
    assert source.poll() is None
    said = [e.text for e in seen if isinstance(e, E.Notice)][-1]
    assert said.startswith("Δεν κατάλαβα:")
    named = ("σωστά", "λάθος") if noisy else ("ναι", "όχι")
    assert f"πες {named[0]}, {named[1]}," in said or f"ή πες {named[0]}, {named[1]}," in said, said
    unnamed = ("ναι", "όχι") if noisy else ("σωστά", "λάθος")
    assert not any(re.search(rf"\b{word}\b", said) for word in unnamed), said


@pytest.mark.parametrize("noisy", [False, True])
@pytest.mark.parametrize("lang", ["en", "el"])
def test_another_word_while_the_leave_question_is_open_is_told_to_answer_with_the_words_the_room_hears_best(
        lang: str, noisy: bool) -> None:
    """R9: "roll" heard while "Leave the table …?" waits is refused with "answer yes or no first", in a noisy
    Greek room «σωστά ή λάθος», as the question itself asks; the spoken help names them first too."""
    rng = random.Random(29)
    clock = _Clock()
    app, speaker, out, source, seen = _in_play(clock, lang=lang)
    _noisy_or_quiet(clock, out, source, rng, noisy)
    app.command(C.Leave())
    assert app.session.phase is Phase.ASK
    clock.now += 2.0
    out.put(_word({"en": "roll", "el": "ρίξε"}[lang], C.Roll(), 0.95, clock.now - 0.5, _good(rng)))
    heard = source.poll()
    assert heard == C.Roll() and app.noisy_answers is noisy
    app.command(heard)
    refused = [u.text for u in speaker.spoken()][-1]
    assert refused == {"en": "Not now: answer yes or no first.",
                       "el": f"Όχι τώρα: πρώτα απάντησε {'σωστά ή λάθος' if noisy else 'ναι ή όχι'}."}[lang]
    app.command(C.Help())
    helped = " ".join(u.text for u in speaker.spoken()[-1:])
    named = {"en": ("yes", "no"), "el": ("σωστά ή ναι", "λάθος ή όχι") if noisy else ("ναι", "όχι")}[lang]
    assert all(re.search(rf"\b{word}\b", helped) for word in named), helped
    if lang == "el" and not noisy:
        assert "σωστά" not in helped and "λάθος" not in helped, helped
    assert app.session.phase is Phase.ASK  # still waiting for the answer


@pytest.mark.parametrize("noisy", [False, True])
@pytest.mark.parametrize("lang", ["en", "el"])
def test_in_a_noisy_room_the_greek_take_question_asks_for_sosta_or_lathos_and_sosta_takes_the_double(
        lang: str, noisy: bool) -> None:
    clock = _Clock()
    session = Session(MatchConfig(5, "portes", "vog", 4), (E.PlayerInfo("Anna"), E.PlayerInfo("Nikos")))
    app, speaker, out, source, seen = _started(clock, session, lang)
    app.command(C.ChoosePlay(1))
    app.command(C.Confirm())  # the opening dice are played at once (vog)
    assert app.session.phase is Phase.ROLL and "double" in app.session.available()
    _noisy_or_quiet(clock, out, source, random.Random(29), noisy)
    assert app.noisy_answers is noisy
    app.command(C.Double())
    asked = [u.text for u in speaker.spoken()][-1]
    tail = {"en": "Yes to take, no to drop.",
            "el": "Σωστά για να δεχτείς, λάθος για να αρνηθείς." if noisy else
            "Ναι για να δεχτείς, όχι για να αρνηθείς."}[lang]
    assert asked.endswith(tail), asked
    clock.now += 2.0
    out.put(_word({"en": "yes", "el": "σωστά"}[lang], C.Yes(), 0.9, clock.now - 0.5, 16.0))
    answer = source.poll()
    assert answer == C.Yes()
    app.command(answer)
    assert [e.took for e in seen if isinstance(e, E.DoubleAnswered)] == [True]


@pytest.mark.parametrize("unclear", [False, True])
def test_an_unsure_yes_after_a_word_not_on_offer_while_the_question_waited_asks_it_again(unclear: bool) -> None:
    """On the rig with a television on, the "no" to "did you say two?" came out as the decoy "undo" (said not
    possible), and the "eight" said next as "yes" at 0.47: it made play 2. After such a word an unsure yes asks the
    question again and a sure one answers it; with no word between, the unsure yes answers the question as before."""
    clock = _Clock()
    app, _, out, source, seen = _in_play(clock)
    clock.now += 2.0
    out.put(_word("two", C.ChoosePlay(2), 0.4, clock.now - 0.5, 14.0))
    assert source.poll() is None and source.held == C.ChoosePlay(2)
    if unclear:
        clock.now += 2.0
        out.put(Heard("undo", None, 0.3, 20.0, "whisper+crop", reason="not_on_offer", began=clock.now - 0.5,
                      snr=10.5))
        assert source.poll() is None and source.held == C.ChoosePlay(2)
    clock.now += 2.0
    out.put(_word("yes", C.Yes(), 0.47, clock.now - 0.5, 7.1))
    if not unclear:
        assert source.poll() == C.ChoosePlay(2)
        return
    assert source.poll() is None and source.held == C.ChoosePlay(2)
    assert _asked(seen, "en") == ["Did you say two? Say yes or no."] * 2
    clock.now += 2.0
    out.put(_word("yes", C.Yes(), 0.9, clock.now - 0.5, 14.0))
    assert source.poll() == C.ChoosePlay(2)


@pytest.mark.parametrize(("levels", "named"), [
    ([12.4, 10.3, 13.8, 9.1], "σωστά ή λάθος"),  # a television 10 dB under the player: neither noisy nor quiet
    ([], "σωστά ή λάθος"),  # no word's level measured yet
    ([21.0, 16.2, 25.5, 15.0], "ναι ή όχι"),  # every word well over the noise: a quiet room
    ([21.0, 16.2, 25.5, 14.9], "σωστά ή λάθος"),
])
def test_the_greek_question_names_sosta_or_lathos_unless_the_room_is_known_to_be_quiet(
        levels: list[float], named: str) -> None:
    clock = _Clock()
    app, _, out, source, seen = _in_play(clock, lang="el")
    _room_heard(clock, out, source, levels)
    assert not source.noise.noisy() and source.noise.quiet() is (named == "ναι ή όχι")
    clock.now += 2.0
    out.put(_word("δύο", C.ChoosePlay(2), 0.4, clock.now - 0.5, levels[-1] if levels else None))
    assert source.poll() is None and source.held == C.ChoosePlay(2)
    assert _asked(seen, "el") == [f"Είπες δύο; Πες {named}."]
    # whichever is named, «ναι» and «σωστά» both answer it
    clock.now += 2.0
    out.put(_word("σωστά" if named == "ναι ή όχι" else "ναι", C.Yes(), 0.9, clock.now - 0.5, None))
    assert source.poll() == C.ChoosePlay(2)


@pytest.mark.parametrize(("levels", "noisy_form"), [
    ([12.4, 10.3, 13.8, 9.1], True),  # a television 10 dB under the player: neither noisy nor quiet
    ([], True),  # no word's level measured yet
    ([21.0, 16.2, 25.5, 15.0], False),  # every word well over the noise: a quiet room
    ([21.0, 16.2, 25.5, 14.9], True),
])
def test_the_games_own_greek_questions_name_sosta_or_lathos_unless_the_room_is_known_to_be_quiet(
        levels: list[float], noisy_form: bool) -> None:
    """R9: resigning's question and the review offer follow the rule of "did you say …?"
    (``NoiseWatch.noisy_answers``), not only a room heard noisy."""
    clock = _Clock()
    app, speaker, out, source, _ = _in_play(clock, lang="el")
    _room_heard(clock, out, source, levels)
    assert not source.noise.noisy() and app.noisy_answers is noisy_form
    assert app._review_offer() == text("review.offer_noisy" if noisy_form else "review.offer", "el")
    app.command(C.Resign())
    asked = [u.text for u in speaker.spoken()][-1]
    assert asked.endswith("Σωστά ή λάθος;" if noisy_form else "Ναι ή όχι;"), asked
