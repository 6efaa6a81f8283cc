"""What a new player meets: every refusal and forced move says the rule behind it.

Refused steps name the rule in the way (R2, R4–R8), odd numbers get the range
or the step asked for, in English and Greek, through the session's words and
through the terminal as a person types.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice import storage
from tavli_voice.narration.phrases import screen_text
from tavli_voice.narration.pieces import NarrationContext
from tavli_voice.rules import Cube, MatchConfig, Position, TimerRules
from tavli_voice.rules.blocked import StepRefusal, why_no_step
from tavli_voice.session import Phase, Session
from tavli_voice.ui.keys import UnknownInput, parse_line

PLAYERS = (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita"))
M_HISTORY = {"en": "The last messages:", "el": "Τα τελευταία μηνύματα:"}

#: Plakoto (R5.2): your checkers pinned on 16 and 15, two on 19, eleven on 13.
PINNED = [-13] + [0] * 11 + [11, 0, [-1, 1], [-1, 1], 0, 0, 2] + [0] * 5


def position(game: str, points: list[object]) -> Position:
    return Position.from_json({"game": game, "points": points})


class Dice:
    def __init__(self, *rolls: tuple[int, int]) -> None:
        self.rolls = list(rolls)

    def roll(self) -> tuple[int, int]:
        return self.rolls.pop(0)


def pinned_session(dice: tuple[int, int] = (5, 3)) -> Session:
    s = Session(MatchConfig(3, "plakoto", "tavlucky", 1, TimerRules()), PLAYERS)
    s.start()
    s.set_position(position("plakoto", PINNED), to_move=0)
    s.dice_source = Dice(dice)  # type: ignore[assignment]
    s.handle(C.Roll())
    assert s.phase is Phase.PLAY and s.dice == dice
    return s


def said(s: Session, cmd: C.Command, lang: str) -> str:
    ctx = NarrationContext(lang=lang, players=s.players)  # type: ignore[arg-type]
    return "\n".join(screen_text(e, ctx) for e in s.handle(cmd))


def rejected(s: Session, cmd: C.Command) -> E.CommandRejected:
    events = s.handle(cmd)
    assert len(events) == 1 and isinstance(events[0], E.CommandRejected), events
    return events[0]


# ------------------------------------------------ 3: refused steps and their rule
class TestRefusedStepReasons:
    def test_rules_name_the_rule_in_the_way(self) -> None:
        pos = position("plakoto", PINNED)
        assert why_no_step(pos, (5, 3), 16) == (StepRefusal.PINNED, {})
        assert why_no_step(pos, (5, 3), 20) == (StepRefusal.NOT_YOURS, {})
        assert why_no_step(pos, (5, 3), 19, 15) == (StepRefusal.DISTANCE,
                                                    {"distance": 4, "dice": (5, 3)})
        assert why_no_step(pos, (5, 3), 19, 16) == (StepRefusal.HELD, {})
        assert why_no_step(pos, (5, 3), 19, 21) == (StepRefusal.BACKWARDS, {})
        assert why_no_step(pos, (5, 3), 19, 11) == (StepRefusal.ONE_DIE_AT_A_TIME,
                                                    {"distance": 8})
        assert why_no_step(pos, (5, 3), 13, 0) == (StepRefusal.CANNOT_BEAR_OFF, {"outside": 19})

    def test_fevga_first_checker_and_portes_bar(self) -> None:
        # R7.2: one checker ran to 14, short of the opponent's start (our 12): it moves first
        moved = position("fevga", [0] * 11 + [-15, 0, 1] + [0] * 9 + [14])
        assert why_no_step(moved, (6, 4), 24) == (StepRefusal.FIRST_CHECKER, {"front": 14})
        portes = Position.from_json({"game": "portes", "points": [-15] + [0] * 4 + [5] + [0] * 6
                                     + [5] + [0] * 10 + [4], "bar": [1, 0]})
        assert why_no_step(portes, (6, 4), 13) == (StepRefusal.BAR_FIRST, {"checkers": 1})

    @pytest.mark.parametrize("lang, expected", [
        ("en", "No checker can move from 16: your checker there is pinned, and a pinned checker "
               "cannot move. You can move from 19 or 13."),
        ("el", "Από το 16 δεν κινείται κανένα πούλι: το πούλι σου εκεί είναι πλακωμένο, και "
               "πλακωμένο πούλι δεν κινείται. Μπορείς να παίξεις από το 19 ή το 13.")])
    def test_pinned_checker_says_it_is_pinned_R5_2(self, lang: str, expected: str) -> None:
        s = pinned_session()
        assert rejected(s, C.FromPoint(16)).get("why") == "pinned"
        assert said(pinned_session(), C.FromPoint(16), lang) == expected

    @pytest.mark.parametrize("lang, expected", [
        ("en", "The checker on 19 cannot go to 15: 19 to 15 is 4, and the dice are 5 and 3."),
        ("el", "Από το 19 δεν πας στο 15: από το 19 στο 15 είναι 4, και τα ζάρια είναι 5 και 3.")])
    def test_wrong_distance_says_the_distance_and_the_dice_R2(self, lang: str,
                                                               expected: str) -> None:
        s = pinned_session()
        s.handle(C.FromPoint(19))
        assert said(s, C.ToPoint(15), lang) == expected

    @pytest.mark.parametrize("lang, held, left", [
        ("en", "The checker on 19 cannot go to 16: the opponent holds 16.",
         "The checker on 13 cannot go to 9: 13 to 9 is 4, and the die left is 3."),
        ("el", "Από το 19 δεν πας στο 16: το 16 το κρατάει ο αντίπαλος.",
         "Από το 13 δεν πας στο 9: από το 13 στο 9 είναι 4, και έμεινε το 3.")])
    def test_held_point_and_the_die_left_after_a_step(self, lang: str, held: str,
                                                      left: str) -> None:
        s = pinned_session()
        s.handle(C.FromPoint(19))
        assert said(s, C.ToPoint(16), lang) == held
        s.handle(C.ToPoint(14))
        s.handle(C.FromPoint(13))
        assert said(s, C.ToPoint(9), lang) == left

    def test_every_refusal_has_words_in_both_languages(self) -> None:
        from tavli_voice import words as M

        for why in StepRefusal:
            e = E.CommandRejected(E.RejectCode.ILLEGAL_STEP,
                                  (("distance", 4), ("dice", (5, 3)), ("front", 14),
                                   ("outside", 19), ("point", 15), ("source", 19),
                                   ("targets", (14, 16)), ("why", why.value)))
            for lang in ("en", "el"):
                text = screen_text(e, NarrationContext(lang=lang, players=PLAYERS))
                assert text.count(":") >= 1 and "{" not in text, (why, lang, text)
                assert text != M.text("reject.illegal_step", lang, source="19", point="15")


# ------------------------------------------------------------- 6: odd numbers
class TestOddNumbers:
    @pytest.mark.parametrize("line, number", [("-3", -3), ("0", 0),
                                              ("12345678901234567890", 12345678901234567890)])
    def test_a_negative_or_long_number_is_a_play_number(self, line: str, number: int) -> None:
        assert parse_line(line) == C.ChoosePlay(number)

    @pytest.mark.parametrize("line", ["--3", "-", "9" * 5000, "- 3"])
    def test_no_number_stays_unknown(self, line: str) -> None:
        with pytest.raises(UnknownInput):
            parse_line(line)

    @pytest.mark.parametrize("lang, expected", [
        ("en", "There is no play {n}: choose 1 to 4."),
        ("el", "Δεν υπάρχει κίνηση {n}: διάλεξε από 1 έως 4.")])
    @pytest.mark.parametrize("n", [-3, 0, 12345678901234567890])
    def test_out_of_range_gives_the_range(self, lang: str, expected: str, n: int) -> None:
        s = pinned_session()
        assert said(s, C.ChoosePlay(n), lang) == expected.format(n=n)

    @pytest.mark.parametrize("lang, picked, stepped", [
        ("en", "There is no play 0: you are moving step by step. From 19: to 14.",
         "There is no play 0: you are moving step by step. Move a checker from 14 or 13."),
        ("el", "Δεν υπάρχει κίνηση 0: παίζεις βήμα βήμα. Από το 19: στο 14.",
         "Δεν υπάρχει κίνηση 0: παίζεις βήμα βήμα. Διάλεξε πούλι: από το 14 ή το 13.")])
    def test_zero_mid_step_answers_for_the_step(self, lang: str, picked: str,
                                                stepped: str) -> None:
        s = pinned_session()
        s.handle(C.FromPoint(19))
        assert said(s, C.ChoosePlay(0), lang) == picked
        s.handle(C.ToPoint(14))
        assert said(s, C.ChoosePlay(0), lang) == stepped

    @pytest.mark.parametrize("lang, expected", [
        ("en", "There is nothing to cancel: no checker is picked up. To take back the steps "
               "already made, type u."),
        ("el", "Δεν υπάρχει τίποτα για ακύρωση: δεν έχεις διαλέξει πούλι. Για να πάρεις πίσω "
               "τα βήματα που έκανες, γράψε u.")])
    def test_cancel_after_a_step_points_to_undo(self, lang: str, expected: str) -> None:
        s = pinned_session()
        from tavli_voice import words as M

        # nothing made yet: the plain answer
        assert said(s, C.Cancel(), lang) == M.text("reject.nothing_to_cancel", lang)
        s.handle(C.FromPoint(19))
        s.handle(C.ToPoint(14))
        assert said(s, C.Cancel(), lang) == expected
        undone = s.handle(C.Undo())
        assert isinstance(undone[0], E.Undone)


# ---------------------------------------------------- through the terminal
def terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, save: dict[str, object] | None,
             lines: list[str], lang: str, *extra: str) -> str:
    for name in ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    path = tmp_path / "save.json"
    args = ["--speech", "off", "--lang", lang, "--save", str(path), *extra]
    if save is not None:
        storage.save(save, path)
        args.append("--resume")
    from tavli_voice.startup import main
    out = io.StringIO()
    main(args, out=out, inp=io.StringIO("\n".join(lines) + "\nq\ny\n"))
    return out.getvalue()


def pinned_save(dice: tuple[int, int] = (5, 3)) -> dict[str, object]:
    """A saved Plakoto match at the pinned position with ``dice`` rolled (seed searched)."""
    for seed in range(500):
        s = Session(MatchConfig(3, "plakoto", "tavlucky", seed, TimerRules()), PLAYERS)
        s.start()
        s.set_position(position("plakoto", PINNED), to_move=0)
        s.handle(C.Roll())
        if s.dice in (dice, dice[::-1]):
            return json.loads(json.dumps(s.snapshot()))  # type: ignore[no-any-return]
    raise AssertionError("no seed rolls the dice")


class TestTerminal:
    @pytest.mark.parametrize("lang, lines", [
        ("en", ["No checker can move from 16: your checker there is pinned",
                ": 19 to 15 is 4, and the dice are 5 and 3.",
                "There is no play 0: you are moving step by step. From 19: to 14.",
                "To take back the steps already made, type u."]),
        ("el", ["Από το 16 δεν κινείται κανένα πούλι: το πούλι σου εκεί είναι πλακωμένο",
                ": από το 19 στο 15 είναι 4, και τα ζάρια είναι 5 και 3.",
                "Δεν υπάρχει κίνηση 0: παίζεις βήμα βήμα. Από το 19: στο 14.",
                "Για να πάρεις πίσω τα βήματα που έκανες, γράψε u."])])
    def test_refused_steps_and_odd_numbers_typed(self, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch, lang: str,
                                                 lines: list[str]) -> None:
        out = terminal(tmp_path, monkeypatch, pinned_save(),
                       ["f 16", "f 19", "t 15", "0", "t 14", "άκυρο"], lang)
        for line in lines:
            assert line in out, (line, out)

    @pytest.mark.parametrize("lang, answer", [("en", "There is no play {n}: choose 1 to "),
                                              ("el", "Δεν υπάρχει κίνηση {n}: διάλεξε από 1 έως ")])
    def test_negative_and_long_numbers_give_the_range(self, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch, lang: str,
                                                      answer: str) -> None:
        out = terminal(tmp_path, monkeypatch, pinned_save(), ["-3", "1" * 20], lang)
        assert answer.format(n=-3) in out and answer.format(n="1" * 20) in out
        assert "I do not know" not in out and "Δεν ξέρω" not in out


def grouped_save() -> dict[str, object]:
    """A saved Portes match at the start with 2 and 2 rolled: 75 plays, told as groups."""
    for seed in range(500):
        s = Session(MatchConfig(3, "portes", "tavlucky", seed, TimerRules()), PLAYERS)
        s.start()
        s.set_position(Position.initial("portes"), to_move=0)
        s.handle(C.Roll())
        if s.dice == (2, 2):
            return json.loads(json.dumps(s.snapshot()))  # type: ignore[no-any-return]
    raise AssertionError("no seed rolls 2 and 2")


class TestGroupedPlays:
    @pytest.mark.parametrize("lang, grouped, numbered", [
        ("en", "Choose a play: f and a point, then a number or t and a point; l for the list of "
               "all 75 plays by number, or h for help.", "Choose a play, 1 to 75, or h for help."),
        ("el", "Διάλεξε κίνηση: f και μια θέση, μετά έναν αριθμό ή t και μια θέση· l για τη λίστα "
               "με όλες τις εβδομήντα πέντε κινήσεις και τους αριθμούς τους, ή h για βοήθεια.",
         "Διάλεξε κίνηση, από 1 έως 75, ή h για βοήθεια.")])
    def test_plays_told_as_groups_are_not_offered_by_numbers_not_shown(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, grouped: str,
            numbered: str) -> None:
        """A long list told as groups shows no numbers, so the prompt offers f, l and h, not
        '1 to 75'; once l has listed them all, the numbers are offered."""
        out = terminal(tmp_path, monkeypatch, grouped_save(), ["", "l", ""], lang)
        lines = out.splitlines()
        listed = lines.index(next(line for line in lines if line.startswith("1: ")))
        before, after = lines[:listed], lines[listed:]  # before and after l listed them
        assert grouped in before and numbered not in before, out
        assert any(line.startswith("75: ") for line in after), out
        assert numbered in after and grouped not in after, out


class TestSavedMatchQuestion:
    @pytest.mark.parametrize("lang, typed, bye, resumed", [
        ("en", "q", "Goodbye.", "Match resumed"), ("en", "quit", "Goodbye.", "Match resumed"),
        ("el", "q", "Γεια σου.", "Ο αγώνας συνεχίζεται"),
        ("el", "έξοδος", "Γεια σου.", "Ο αγώνας συνεχίζεται")])
    def test_q_at_the_resume_or_new_question_leaves_the_saved_match_as_it_was(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, typed: str,
            bye: str, resumed: str) -> None:
        """A new player who types q, as they may at any time, leaves at once; the question
        asked again names q too."""
        for name in ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME",
                     "XDG_CACHE_HOME"):
            monkeypatch.setenv(name, str(tmp_path / name.lower()))
        path = tmp_path / "save.json"
        storage.save(grouped_save(), path)
        before = path.read_bytes()
        from tavli_voice.startup import main
        out = io.StringIO()
        code = main(["--speech", "off", "--lang", lang, "--save", str(path)], out=out,
                    inp=io.StringIO(f"what\n{typed}\nr\n"))
        said = out.getvalue().splitlines()
        assert code == 0 and said[-1] == bye, said
        assert not any(resumed in line for line in said), said
        again = {"en": "Type r to resume the saved match, n to start a new one, or q to leave.",
                 "el": "Γράψε r για να συνεχίσεις τον αποθηκευμένο αγώνα, n για νέο αγώνα, ή q "
                       "για έξοδο."}[lang]
        assert again in said, said
        assert path.read_bytes() == before  # the saved match as it was


# ------------------------------------------------- 5: resigning says its price
class TestResignPrice:
    @pytest.mark.parametrize("lang, length, expected", [
        ("en", 5, "Resign this game? That gives Rita 1 point, and the score would be you 0, "
                  "Rita 1. Yes or no."),
        ("el", 5, "Παραιτείσαι από αυτή την παρτίδα; Έτσι η Ρίτα παίρνει έναν πόντο και το σκορ "
                  "γίνεται εσύ 0, η Ρίτα 1. Ναι ή όχι;"),
        ("en", 1, "Resign this game? That gives Rita 1 point and the match, you 0, Rita 1. "
                  "Yes or no."),
        ("el", 1, "Παραιτείσαι από αυτή την παρτίδα; Έτσι η Ρίτα παίρνει έναν πόντο και κερδίζει "
                  "τον αγώνα, εσύ 0, η Ρίτα 1. Ναι ή όχι;")])
    def test_the_points_and_the_score_before_asking_R9(self, lang: str, length: int,
                                                        expected: str) -> None:
        s = Session(MatchConfig(length, "portes", "tavlucky", 3, TimerRules()), PLAYERS)
        s.start()
        while s.bot_to_act():
            s.bot_step()
        ctx = NarrationContext(lang=lang, players=s.players, listener=0)  # type: ignore[arg-type]
        asked = s.handle(C.Resign())
        assert [screen_text(e, ctx) for e in asked] == [expected]
        over = [e for e in s.handle(C.Yes()) if isinstance(e, E.GameOver)][0]
        assert isinstance(asked[0], E.QuestionAsked)
        assert (over.points, over.scores) == (asked[0].value, asked[0].scores)

    def test_the_price_follows_the_cube_vog(self) -> None:
        s = Session(MatchConfig(7, "portes", "vog", 5, TimerRules()),
                    (E.PlayerInfo("Anna"), E.PlayerInfo("Babis")))
        s.start()
        s.set_position(Position.initial("portes", "vog").with_cube(Cube(4, "mover")), to_move=0)
        asked = s.handle(C.Resign())[0]
        assert isinstance(asked, E.QuestionAsked) and asked.value == 4
        assert asked.scores == (0, 4) and not asked.ends_match
        ctx = NarrationContext(lang="en", players=s.players, listener=None)
        assert "That gives Babis 4 points" in screen_text(asked, ctx)


# ------------------------------------- 7: mars explained once; history after resume
class TestWordsANewPlayerMeets:
    def mars(self, s: Session) -> E.GameOver:
        pts = [1] + [0] * 10 + [-15] + [0] * 12
        s.set_position(Position.from_json({"game": "portes", "points": pts, "off": [14, 0]}),
                       to_move=0)
        s.dice_source = Dice((3, 1))  # type: ignore[assignment]
        s.handle(C.Roll())
        s.handle(C.ChoosePlay(1))
        return [e for e in s.handle(C.Confirm()) if isinstance(e, E.GameOver)][0]

    @pytest.mark.parametrize("lang, first, second", [
        ("en", "You win the game with a mars (a double win): 2 points.",
         "You win the game with a mars: 2 points."),
        ("el", "Κερδίζεις την παρτίδα με μαρς (διπλή νίκη) και παίρνεις 2 πόντους.",
         "Κερδίζεις την παρτίδα με μαρς και παίρνεις 2 πόντους.")])
    def test_mars_is_explained_the_first_time_R4(self, lang: str, first: str,
                                                 second: str) -> None:
        s = Session(MatchConfig(7, "portes", "tavlucky", 1, TimerRules()), PLAYERS)
        s.start()
        ctx = NarrationContext(lang=lang, players=s.players, listener=0)  # type: ignore[arg-type]
        one = self.mars(s)
        assert one.first_of_kind and screen_text(one, ctx).startswith(first)
        two = self.mars(s)
        assert not two.first_of_kind and screen_text(two, ctx).startswith(second)

    @pytest.mark.parametrize("lang, resumed", [("en", "Match resumed"),
                                               ("el", "Ο αγώνας συνεχίζεται")])
    def test_history_after_resume_lists_the_moves_first(self, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch,
                                                        lang: str, resumed: str) -> None:
        first = terminal(tmp_path, monkeypatch, None, ["r", "1", "c", "r"], lang,
                         "--game", "portes", "--seed", "3")
        made = [x for x in first.splitlines() if x.startswith(("You played", "Έπαιξες"))]
        assert made
        out = terminal(tmp_path, monkeypatch, None, ["w"], lang, "--resume")
        history = out.split(M_HISTORY[lang], 1)[1].splitlines()
        where = [i for i, x in enumerate(history) if x.startswith(resumed)]
        assert where, history
        assert made[0] in history[:where[0]], history


# ------------------------------------------- 4: forced plays and passes say why
class TestForcedPlaysSayWhy:
    @pytest.mark.parametrize("lang, expected", [
        ("en", "Only one play is possible, from 24 to 14 (24/14), because the first checker, on 24, must pass "
               "the opponent's starting point before another may leave. Confirm to play it."),
        ("el", "Μόνο μία κίνηση γίνεται, από το 24 στο 14 (24/14), γιατί το πρώτο πούλι, στη θέση 24, πρέπει να "
               "περάσει την αφετηρία του αντιπάλου πριν φύγει άλλο. Επιβεβαίωσε για να "
               "παιχτεί.")])
    def test_fevga_first_checker_R7_2(self, lang: str, expected: str) -> None:
        s = Session(MatchConfig(3, "fevga", "tavlucky", 2, TimerRules()), PLAYERS)
        s.start()
        s.set_position(Position.initial("fevga"), to_move=0)
        s.dice_source = Dice((6, 4))  # type: ignore[assignment]
        ctx = NarrationContext(lang=lang, players=s.players, listener=0)  # type: ignore[arg-type]
        pending = [e for e in s.handle(C.Roll()) if isinstance(e, E.PlayPending)]
        assert [screen_text(e, ctx) for e in pending] == [expected]

    def test_a_forced_play_with_no_rule_behind_it_says_none(self) -> None:
        # R2: 6-5 from 15 with 9 and 10 open to one path only: no bar, no first checker
        s = Session(MatchConfig(3, "portes", "tavlucky", 2, TimerRules()), PLAYERS)
        s.start()
        pts = [3, 3, 3, 3, 2, 0, 0, 0, 0, -2, 0, 0, 0, 0, 1] + [0] * 8 + [-13]
        s.set_position(Position.from_json({"game": "portes", "points": pts}), to_move=0)
        s.dice_source = Dice((6, 5))  # type: ignore[assignment]
        pending = [e for e in s.handle(C.Roll()) if isinstance(e, E.PlayPending)]
        assert len(pending) == 1 and pending[0].forced and pending[0].why == ()
        ctx = NarrationContext(lang="en", players=s.players, listener=0)  # type: ignore[arg-type]
        assert screen_text(pending[0], ctx).startswith(
            "Only one play is possible: from 15 to 4 (15/4).")

    @pytest.mark.parametrize("lang, expected", [
        ("en", "You lose your turn: a checker on 15 is still outside the home board, so bearing "
               "off is not allowed yet, and that checker cannot move: it could only land on 9 or "
               "10, and the opponent holds both."),
        ("el", "Χάνεις τη σειρά σου: υπάρχει ακόμα πούλι στη θέση 15, έξω από το σπίτι, οπότε "
               "δεν επιτρέπεται το μάζεμα, και αυτό το πούλι δεν κινείται: θα πήγαινε μόνο στο 9 "
               "ή 10, και τα κρατάει ο αντίπαλος.")])
    def test_a_pass_says_why_the_outside_checker_is_stuck_R6(self, lang: str,
                                                            expected: str) -> None:
        s = Session(MatchConfig(3, "portes", "tavlucky", 2, TimerRules()), PLAYERS)
        s.start()
        pts = [3, 3, 3, 3, 2, 0, 0, 0, -2, -2, 0, 0, 0, 0, 1] + [0] * 8 + [-11]
        s.set_position(Position.from_json({"game": "portes", "points": pts}), to_move=0)
        s.dice_source = Dice((6, 5))  # type: ignore[assignment]
        ctx = NarrationContext(lang=lang, players=s.players, listener=0)  # type: ignore[arg-type]
        passed = [e for e in s.handle(C.Roll()) if isinstance(e, E.TurnPassed)]
        assert [screen_text(e, ctx) for e in passed] == [expected]

    def test_a_pinned_outside_checker_is_said_pinned_R5_2(self) -> None:
        s = Session(MatchConfig(3, "plakoto", "tavlucky", 2, TimerRules()), PLAYERS)
        s.start()
        pts = [0, 14, -2, -2] + [0] * 4 + [[-1, 1]] + [0] * 14 + [-10]
        s.set_position(Position.from_json({"game": "plakoto", "points": pts}), to_move=0)
        s.dice_source = Dice((6, 5))  # type: ignore[assignment]
        passed = [e for e in s.handle(C.Roll()) if isinstance(e, E.TurnPassed)]
        assert len(passed) == 1 and dict(passed[0].stuck).get("why") == "pinned"
        ctx = NarrationContext(lang="en", players=s.players, listener=0)  # type: ignore[arg-type]
        assert "and that checker cannot move: your checker there is pinned" in \
            screen_text(passed[0], ctx)


@pytest.mark.parametrize("lang, refused", [
    ("en", "I do not know “maybe”. Type y for yes, n for no."),
    ("el", "Δεν ξέρω την εντολή «ίσως». Γράψε y για ναι, n για όχι.")])
def test_a_line_that_answers_no_question_says_the_answers_it_takes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, refused: str) -> None:
    """At "Resign this game? Yes or no." a word that is no answer is told the answers (the
    question is not printed again), not only to type h, which lists every command."""
    word = {"en": "maybe", "el": "ίσως"}[lang]
    out = terminal(tmp_path, monkeypatch, None, ["o", word, "n"], lang, "--points", "1")
    assert refused in out.splitlines(), out
