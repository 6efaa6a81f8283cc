"""A turn costs at most ``voice_noise.QUESTIONS_IN_A_TURN`` questions about words heard; then the game stops asking
about guesses in that turn and says what works instead (say it again, type it, l for the plays, or the switch), in
English and Greek at every verbosity. Nothing doubtful is acted on, a yes to the last question still plays, a word
heard sure still acts, resign is still asked, and the count starts again once a play is made. No audio: the words
heard are made ``Heard`` values on a fake clock."""

from __future__ import annotations


import pytest

from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice.narration.priorities import Verbosity
from tavli_voice.session import Phase
from tavli_voice.speech.heard import Heard
from tavli_voice.speech.words import number_text
from tavli_voice.ui import voice_decision
from tavli_voice.ui.voice_input import VoiceSource
from tavli_voice.ui.voice_noise import QUESTIONS_IN_A_TURN, TurnQuestions, given_up
from tavli_voice.words import text
from test_voice_source import _Clock, make

ENGINE = "whisper+crop"
ONE, THREE, TWO, FOUR = C.ChoosePlay(1), C.ChoosePlay(3), C.ChoosePlay(2), C.ChoosePlay(4)
#: "one" heard with "three" next likeliest: after a "no" the runner-up "Three, then?" is asked
ONE_THEN_THREE = {ONE: 0.5, THREE: 0.3, TWO: 0.15, FOUR: 0.05}
#: "two" heard with "four" next likeliest (0.35 of the 0.6 left: over the 0.5 needed to ask it)
TWO_THEN_FOUR = {TWO: 0.4, FOUR: 0.35, C.ChoosePlay(5): 0.25}


@pytest.fixture(autouse=True)
def _runner_up_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    # the runner-up's question is asked whenever likely, in both languages: it counts like the others
    monkeypatch.setattr(voice_decision, "RUNNER_UP_NEEDED", {ENGINE: 0.5})
    monkeypatch.setattr(voice_decision, "BOTH_NEEDED", {})


class _Turn:
    """A voice source in the player's turn, on a fake clock, and what the player heard."""

    def __init__(self, lang: str = "en", verbosity: Verbosity = Verbosity.NORMAL, scanning: bool = False) -> None:
        self.lang = lang
        self.clock = _Clock()
        self.app, self.listener, self.out, _, self.seen = make(lang)
        self.app.verbosity = verbosity
        self.app.list_plays = not scanning
        self.source = VoiceSource(self.app, self.listener, self.out, clock=self.clock)
        self.to_play()

    def to_play(self) -> None:
        app = self.app
        while app.bot_to_act():
            app.bot_step()
        if app.session.phase is Phase.ROLL:
            app.command(C.Roll())
        assert app.session.phase is Phase.PLAY and len(app.session.plays) >= 5

    def said(self) -> list[str]:
        return [e.text for e in self.seen if isinstance(e, E.Notice)]

    def questions(self) -> list[str]:
        asked = (text("voice.did_you_say", self.lang, text="\0").split("\0")[0],
                 text("voice.runner_up", self.lang, text="\0").split("\0")[1][:4],
                 text("voice.runner_up_terse", self.lang, text="\0").split("\0")[1][:4])
        return [line for line in self.said() if line.startswith(asked[0]) or asked[1] in line or asked[2] in line]

    def hear(self, heard: Heard) -> object:
        self.clock.now += 2.0
        self.out.put(heard)
        return self.source.poll()

    def unsure(self, number: int, shares: dict[C.Command, float] | None = None, score: float = 0.3) -> object:
        shares = shares or {C.ChoosePlay(number): 1.0}
        total = sum(shares.values())
        ranked = tuple(sorted(((c, v / total) for c, v in shares.items()), key=lambda cv: -cv[1]))
        return self.hear(Heard(number_text(number, self.lang), C.ChoosePlay(number), score, 20.0, ENGINE,  # type: ignore[arg-type]
                               began=self.clock.now + 1.5, shares=ranked))

    def answer(self, yes: bool, score: float = 0.9, rival: tuple[C.Command, float] | None = None) -> object:
        word = {("en", True): "yes", ("en", False): "no", ("el", True): "σωστά", ("el", False): "λάθος"}
        return self.hear(Heard(word[self.lang, yes], C.Yes() if yes else C.No(), score, 20.0, ENGINE,
                               began=self.clock.now + 1.5, rival=rival))

    def three_asked(self) -> None:
        """"one" asked and refused, its runner-up "three" asked and refused, "two" said again and asked."""
        assert self.unsure(1, ONE_THEN_THREE) is None and self.source.held == ONE
        assert self.answer(False) is None and self.source.held == THREE  # the runner-up's question
        assert self.answer(False) is None and self.source.held is None
        assert self.unsure(2, TWO_THEN_FOUR) is None and self.source.held == TWO
        assert len(self.questions()) == QUESTIONS_IN_A_TURN == 3


def test_after_the_third_question_a_no_gives_the_ways_that_work_and_no_guess_is_asked_again_this_turn() -> None:
    turn = _Turn()
    log = list(turn.app.session.log)
    turn.three_asked()
    # "four", the runner-up of "two", is likely enough to be asked, but the turn has had its questions
    assert turn.answer(False) is None and turn.source.held is None
    assert turn.said()[-1] == given_up("en") == text("voice.given_up", "en")
    assert "type the number" in turn.said()[-1] and "press l" in turn.said()[-1]
    # the number said again and heard unsure: not asked, not acted on; the short sentence
    assert turn.unsure(2, TWO_THEN_FOUR) is None and turn.source.held is None
    assert turn.said()[-1] == given_up("en", again=True) == text("voice.given_up_terse", "en")
    assert turn.unsure(4, score=0.2) is None and turn.source.held is None
    assert len(turn.questions()) == 3 and turn.app.session.log == log
    # a word heard sure still acts ("say it again" works when it is heard)
    assert turn.hear(Heard("five", C.ChoosePlay(5), 0.95, 20.0, ENGINE, began=turn.clock.now + 1.5)) \
        == C.ChoosePlay(5)


def test_a_yes_to_the_third_question_still_plays_it() -> None:
    turn = _Turn()
    turn.three_asked()
    assert turn.answer(True) == TWO
    assert text("voice.given_up", "en") not in turn.said()


def test_an_unsure_yes_or_another_word_over_the_third_question_is_not_asked_again() -> None:
    turn = _Turn()
    turn.three_asked()
    # an unsure yes with a no close behind would ask the question again: the game stops asking instead
    assert turn.answer(True, score=0.3, rival=(C.No(), 0.6)) is None and turn.source.held is None
    assert turn.said()[-1] == text("voice.given_up", "en") and len(turn.questions()) == 3
    # the question is dropped: a yes now answers nothing, and no play is made from it
    assert turn.answer(True) == C.Yes()
    other = _Turn()
    other.three_asked()
    # a number heard sure over the question is asked back as the answer misheard: not in this turn any more
    assert other.hear(Heard("four", FOUR, 0.95, 20.0, ENGINE, began=other.clock.now + 1.5)) is None
    assert other.source.held is None and other.said()[-1] == text("voice.given_up", "en")


def test_resign_is_still_asked_after_the_turns_questions() -> None:
    turn = _Turn()
    turn.three_asked()
    turn.answer(False)
    assert turn.hear(Heard("resign", C.Resign(), 0.9, 20.0, ENGINE, began=turn.clock.now + 1.5)) is None
    assert turn.source.held == C.Resign() and turn.said()[-1].startswith("Did you say resign?")


def test_the_count_starts_again_once_a_play_is_made() -> None:
    turn = _Turn()
    turn.three_asked()
    turn.answer(False)
    played = turn.hear(Heard("five", C.ChoosePlay(5), 0.95, 20.0, ENGINE, began=turn.clock.now + 1.5))
    before = turn.app.turn
    turn.app.command(played)  # type: ignore[arg-type]
    if turn.app.session.phase is Phase.CONFIRM:
        turn.app.command(C.Confirm())
    turn.to_play()
    assert turn.app.turn > before
    asked = len(turn.questions())
    assert turn.unsure(1, ONE_THEN_THREE) is None and turn.source.held == ONE
    assert len(turn.questions()) == asked + 1 and turn.said()[-1].startswith("Did you say one?")


@pytest.mark.parametrize("verbosity", list(Verbosity))
@pytest.mark.parametrize("scanning", [False, True])
def test_greek_players_hear_it_in_greek_at_every_verbosity(verbosity: Verbosity, scanning: bool) -> None:
    turn = _Turn("el", verbosity, scanning)
    turn.three_asked()
    assert turn.answer(False) is None and turn.source.held is None
    said = turn.said()[-1]
    assert said == given_up("el", verbosity, scanning=scanning)
    key = "voice.given_up" + ("_scan" if scanning else "") + ("_terse" if verbosity is Verbosity.TERSE else "")
    assert said == text(key, "el") and said != text(key, "en")
    assert "αριθμό" in said and ("διακόπτη" in said if scanning else "γράψ" in said and " l " in said)
    assert turn.unsure(2, TWO_THEN_FOUR) is None and turn.source.held is None
    assert turn.said()[-1] == given_up("el", verbosity, scanning=scanning, again=True)


def test_the_sentences_in_both_languages_name_the_ways_that_work_and_the_short_ones_are_shorter() -> None:
    for lang in ("en", "el"):
        for scanning in (False, True):
            full, short = given_up(lang, scanning=scanning), given_up(lang, Verbosity.TERSE, scanning=scanning)
            assert given_up(lang, Verbosity.CHATTY, scanning=scanning) == full
            assert len(short) < len(full) and given_up(lang, scanning=scanning, again=True) == short
    assert "switch" in given_up("en", scanning=True) and "l" not in given_up("en", scanning=True).split()


def test_turn_questions_count_per_turn() -> None:
    asked = TurnQuestions()
    for _ in range(QUESTIONS_IN_A_TURN):
        assert asked.may_ask(7)
        asked.asked(7)
    assert not asked.may_ask(7)
    assert asked.give_up(7) and not asked.give_up(7)
    assert asked.may_ask(8) and asked.give_up(8)  # another turn: counted afresh, told in full again
