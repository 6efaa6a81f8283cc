"""The session driven by scripted commands: whole games, undo, resign,
passes (R8), mother pin and draw (R5.4), mars (R4), cube (R9.1), timer (R9),
autosave and resume mid-turn (R3 replay).
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice import storage
from tavli_voice.rules import Cube, MatchConfig, Position, TimerRules
from tavli_voice.session import Phase, Session, SessionOptions

FRIENDS = (E.PlayerInfo("Anna"), E.PlayerInfo("Babis"))


class FixedDice:
    """Dice that come from a list (then a fixed fallback), for exact scenarios."""

    def __init__(self, rolls: list[tuple[int, int]]) -> None:
        self.rolls = list(rolls)

    def roll(self) -> tuple[int, int]:
        return self.rolls.pop(0) if self.rolls else (6, 5)

    def one(self) -> int:
        return 3


def session(kind: str = "portes", preset: str = "tavlucky", length: int = 3, seed: int = 1,
            players: tuple[E.PlayerInfo, E.PlayerInfo] = FRIENDS, timer: bool = False,
            **opts: bool) -> Session:
    s = Session(MatchConfig(length, kind, preset, seed, TimerRules(enabled=timer)), players,
                SessionOptions(**opts))
    s.start()
    return s


def kinds(events: list[E.Event]) -> list[str]:
    return [type(e).__name__ for e in events]


def of(events: list[E.Event], cls: type) -> list:
    return [e for e in events if isinstance(e, cls)]


def play_out(s: Session, limit: int = 5000) -> list[E.Event]:
    """Humans always take play 1 and confirm; bots act for themselves."""
    out: list[E.Event] = []
    for _ in range(limit):
        if s.phase is Phase.MATCH_OVER:
            return out
        if s.bot_to_act():
            out += s.bot_step()
        elif s.phase is Phase.ROLL:
            out += s.handle(C.Roll())
        elif s.phase is Phase.PLAY:
            out += s.handle(C.ChoosePlay(1))
        elif s.phase is Phase.CONFIRM:
            out += s.handle(C.Confirm())
        elif s.phase is Phase.ANSWER:
            out += s.handle(C.Take())
        else:
            out += s.handle(C.No())
        assert not of(out[-3:], E.CommandRejected), out[-3:]
    raise AssertionError("match did not finish")


class TestWholeMatches:
    @pytest.mark.parametrize("preset", ["tavlucky", "traditional", "vog"])
    def test_bot_match_reaches_the_length_R9(self, preset: str) -> None:
        s = session("tavli", preset, length=5, seed=3,
                    players=(E.PlayerInfo("Rita", "rita"), E.PlayerInfo("Strong", "strong")))
        events = play_out(s)
        over = of(events, E.MatchOver)
        assert len(over) == 1 and max(over[0].scores) >= 5
        games = [e.game for e in of(events, E.GameStarted)]
        expected = ("portes", "plakoto", "fevga") if preset != "vog" else ("portes", "plakoto")
        # R9 rotation (the first GameStarted came from start())
        assert [s.config.game_name(i) for i in range(len(games) + 1)][1:] == games
        assert set(games) <= set(expected)

    @pytest.mark.parametrize("game", ["portes", "plakoto", "fevga"])
    def test_person_against_rita_single_game(self, game: str) -> None:
        s = session(game, length=1, seed=11,
                    players=(E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita")))
        events = play_out(s)
        assert of(events, E.GameOver)[0].game == game
        assert s.phase is Phase.MATCH_OVER


class TestTurns:
    def test_undo_returns_to_the_start_of_the_turn(self) -> None:
        s = session()
        start = s.position
        first = s.handle(C.ChoosePlay(2))
        assert kinds(first) == ["PlayPending"]
        back = s.handle(C.Undo())
        assert kinds(back) == ["Undone", "PlaysOffered"]
        assert s.position == start and s.phase is Phase.PLAY
        made = s.handle(C.ChoosePlay(1)) + s.handle(C.Confirm())
        assert of(made, E.PlayMade)[0].play == s.plays[0] if s.plays else True

    def test_no_undo_after_confirm(self) -> None:
        s = session()
        s.handle(C.ChoosePlay(1))
        s.handle(C.Confirm())
        rejected = s.handle(C.Undo())
        assert kinds(rejected) == ["CommandRejected"] and rejected[0].code == "no_undo"

    def test_step_by_step_builds_a_legal_play(self) -> None:
        s = session()
        dice = s.dice
        assert dice is not None
        chooser_plays = s.plays
        src = s.chooser.sources()[0]  # type: ignore[union-attr]
        evs = s.handle(C.FromPoint(src))
        assert kinds(evs) == ["StepOptions"] and evs[0].source == src
        evs = s.handle(C.ToPoint(evs[0].points[0]))
        while not of(evs, E.PlayPending):
            assert of(evs, E.StepTaken)
            nxt = of(evs, E.StepOptions)[-1].points[0]
            opts = s.handle(C.FromPoint(nxt))
            evs = s.handle(C.ToPoint(opts[0].points[0]))
        assert of(evs, E.PlayPending)[0].play in chooser_plays

    def test_bad_commands_are_rejected_and_change_nothing(self) -> None:
        s = session()
        before = (s.position, s.phase, s.dice)
        assert s.handle(C.ChoosePlay(999))[0].code == "no_such_play"
        assert s.handle(C.Roll())[0].code == "not_now"
        assert s.handle(C.FromPoint(3))[0].code == "no_checker_to_move"
        assert s.handle(C.Take())[0].code == "no_double"
        assert (s.position, s.phase, s.dice) == before

    def test_a_step_from_or_to_a_point_that_does_not_exist_says_so_R1(self) -> None:
        """Points are 1-24, the bar 25 (from only) and off 0 (to only): "f 30", "from off",
        "t 30" and "to the bar" are no such point, not "no checker of yours there"."""
        s = session()
        before = (s.position, s.phase, s.dice)
        sources = s.chooser.sources()  # type: ignore[union-attr]
        for cmd, step in ((C.FromPoint(30), "from"), (C.FromPoint(0), "from"),
                          (C.ToPoint(30), "to"), (C.ToPoint(25), "to"), (C.ToPoint(-1), "to")):
            (refused,) = s.handle(cmd)
            assert refused.code == "no_such_point", cmd
            assert refused.get("point") == cmd.point and refused.get("step") == step
            assert refused.get("sources", ()) == (sources if step == "from" else ())
        s.handle(C.FromPoint(sources[0]))
        assert s.handle(C.ToPoint(30))[0].code == "no_such_point"  # a checker picked too
        assert (s.position, s.phase, s.dice) == before
        assert s.handle(C.FromPoint(25))[0].code == "no_checker_to_move"  # the bar exists

    def test_resign_asks_first_and_scores_one_R9(self) -> None:
        s = session(length=3)
        mover = s.to_move
        asked = s.handle(C.Resign())
        assert kinds(asked) == ["QuestionAsked"] and asked[0].kind == "resign"
        assert kinds(s.handle(C.No()))[0] in ("PlaysOffered", "TurnStarted")
        s.handle(C.Resign())
        done = s.handle(C.Yes())
        over = of(done, E.GameOver)[0]
        assert over.kind == "resign" and over.points == 1 and over.winner == 1 - mover

    def test_queries_do_not_change_state(self) -> None:
        s = session()
        before = (s.position, s.phase, s.dice, list(s.log))
        for q in (C.Describe("brief"), C.Describe(), C.Describe("full"), C.QueryPoint(13),
                  C.QueryQuarter(1), C.PipCount(), C.Score(), C.ListPlays(), C.Help(),
                  C.Hint()):
            assert s.handle(q)
        assert (s.position, s.phase, s.dice, list(s.log)) == before
        assert of(s.handle(C.PipCount()), E.PipReport)[0].pips == (167, 167)


def position(game: str, points: list, bar=(0, 0), off=(0, 0), preset: str = "tavlucky") -> Position:
    return Position.from_json({"game": game, "preset": preset, "points": points,
                               "bar": list(bar), "off": list(off)})


class TestScenarios:
    def test_closed_out_passes_without_rolling_R4(self) -> None:
        s = session()
        pts = [-3, 0, 0, 0, 0, 14] + [0] * 12 + [-2] * 6
        evs = s.set_position(position("portes", pts, bar=(1, 0)), to_move=0)
        passed = of(evs, E.TurnPassed)[0]
        assert passed.dice is None and passed.reason.code.value == "closed_out"
        assert s.to_move == 1 and s.phase is Phase.ROLL

    def test_bar_entry_blocked_R8(self) -> None:
        s = session()
        pts = [-3, 0, 0, 0, 0, 14] + [0] * 12 + [-2, -2, -2, -2, -2, 0]
        s.set_position(position("portes", pts, bar=(1, 0), off=(0, 2)), to_move=0)
        s.dice_source = FixedDice([(2, 3)])  # type: ignore[assignment]
        evs = s.handle(C.Roll())
        passed = of(evs, E.TurnPassed)[0]
        assert passed.reason.code.value == "bar_entry_blocked"
        assert passed.reason.get("points") == (23, 22)

    def test_mother_pin_ends_the_game_tavlucky_R5_4(self) -> None:
        s = session("plakoto")
        pts = [-1, 0, 2, 0, 0, 0, 0, 0, 0, -14] + [0] * 13 + [13]
        s.set_position(position("plakoto", pts), to_move=0)
        s.dice_source = FixedDice([(2, 5)])  # type: ignore[assignment]
        s.handle(C.Roll())
        pin = next(i for i, p in enumerate(s.plays, 1) if p.ends_game)
        s.handle(C.ChoosePlay(pin))
        evs = s.handle(C.Confirm())
        assert of(evs, E.MotherPinned)[0].ends_game
        over = of(evs, E.GameOver)[0]
        assert (over.winner, over.points, over.kind) == (0, 2, "mother")

    def test_both_mothers_pinned_is_a_draw_traditional_R5_5(self) -> None:
        s = session("plakoto", "traditional")
        pts = [-1, 0, 2, 0, 0, 0, 0, 0, 0, 12, 0, 0, 0, 0, -13] + [0] * 8 + [[-1, 1]]
        s.set_position(position("plakoto", pts, preset="traditional"), to_move=0)
        s.dice_source = FixedDice([(2, 1)])  # type: ignore[assignment]
        s.handle(C.Roll())
        pin = next(i for i, p in enumerate(s.plays, 1) if p.ends_game)
        s.handle(C.ChoosePlay(pin))
        evs = s.handle(C.Confirm())
        over = of(evs, E.GameOver)[0]
        assert (over.winner, over.points, over.kind) == (None, 0, "draw")
        assert s.match.scores == (0, 0)
        # R3: after a draw the starter is decided by a fresh opening roll
        assert of(evs, E.GameStarted)[0].why == "opening_roll"

    def test_mars_scores_two_R4(self) -> None:
        s = session()
        pts = [1] + [0] * 10 + [-15] + [0] * 12
        s.set_position(position("portes", pts, off=(14, 0)), to_move=0)
        s.dice_source = FixedDice([(3, 1)])  # type: ignore[assignment]
        s.handle(C.Roll())
        s.handle(C.ChoosePlay(1))
        over = of(s.handle(C.Confirm()), E.GameOver)[0]
        assert (over.winner, over.points, over.kind) == (0, 2, "mars")

    def test_cube_take_then_drop_vog_R9_1(self) -> None:
        s = session("portes", "vog", length=5)
        s.handle(C.ChoosePlay(1))
        s.handle(C.Confirm())  # opening dice were played at once (R3 vog)
        assert s.phase is Phase.ROLL and "double" in s.available()
        doubler = s.to_move
        evs = s.handle(C.Double())
        assert kinds(evs) == ["DoubleOffered", "QuestionAsked"] and s.actor() == 1 - doubler
        s.handle(C.Take())
        assert s.position.cube == Cube(2, "opponent") and "double" not in s.available()
        s.handle(C.Roll())
        while s.phase is not Phase.ROLL:
            s.handle(C.ChoosePlay(1))
            s.handle(C.Confirm())
        # the taker owns the cube now and may redouble
        assert s.to_move == 1 - doubler and s.position.cube == Cube(2, "mover")
        s.handle(C.Double())
        over = of(s.handle(C.Drop()), E.GameOver)[0]
        assert (over.winner, over.points, over.kind) == (1 - doubler, 2, "drop")

    @pytest.mark.parametrize("behind", [False, True])
    def test_the_hint_answers_a_double_with_the_experts_take_or_drop_R9_1(
            self, behind: bool) -> None:
        """Asked for a hint while a double waits, the expert says take or drop, as it would
        answer that double itself; nothing changes and the question stays open."""
        from tavli_voice.bots import make_bot

        s = session("portes", "vog", length=5)
        s.handle(C.ChoosePlay(1))
        s.handle(C.Confirm())
        if behind:  # the doubler has one checker left to bear off, the taker fifteen far back
            s.set_position(position("portes", [1] + [0] * 22 + [-15], off=(14, 0), preset="vog"))
        s.handle(C.Double())
        taker, before = s.actor(), (s.position, s.phase, list(s.log))
        (hint,) = s.handle(C.Hint())
        expert = make_bot("expert").cube_take(s.position.flip(), s._scores_for(taker), 5)
        assert hint == E.CubeHintReport(taker, expert) and hint.take is not behind
        assert (s.position, s.phase, list(s.log)) == before and s.actor() == taker
        assert "hint" in s.available()

    @pytest.mark.parametrize("score,reason", [(0, "stake"), (3, "match")])
    def test_why_at_a_double_gives_the_experts_answer_and_what_it_rests_on_R9_1(
            self, score: int, reason: str) -> None:
        """Why while a double waits: the expert's take or drop as the hint says it, and
        whether a drop would lose the match or the stake decides."""
        from tavli_voice.narration.phrases import screen_text
        from tavli_voice.narration.pieces import NarrationContext

        s = session("portes", "vog", length=5)
        s.handle(C.ChoosePlay(1))
        s.handle(C.Confirm())
        if score:  # the doubler at 3 of 5 owns a cube on 2: a drop gives them the match
            doubler = s.to_move
            s.match = replace(s.match, scores=(3, 0) if doubler == 0 else (0, 3))
            s.set_position(replace(s.position, cube=Cube(2, "mover")))
        s.handle(C.Double())
        taker, before = s.actor(), (s.position, s.phase, list(s.log))
        (hint,) = s.handle(C.Hint())
        (why,) = s.handle(C.Why())
        assert why == E.CubeHintReport(taker, hint.take, reason) and hint.reason is None
        assert (s.position, s.phase, list(s.log)) == before and "why" in s.available()
        for lang, said in (("en", "Dropping would lose you the match anyway." if score else
                            "twice the stake"),
                           ("el", "χάνεις τον αγώνα έτσι κι αλλιώς" if score else "στο διπλάσιο")):
            text = screen_text(why, NarrationContext(lang=lang, players=s.players))
            assert said in text and "no plays" not in text, text


class TestTimer:
    def test_warning_timeout_and_three_in_a_row_R9(self) -> None:
        s = session(timer=True)
        s.handle(C.ChoosePlay(1))
        s.handle(C.Confirm())
        slow = s.to_move
        t = 0.0
        seen: list[E.Event] = []
        for _ in range(400):
            if s.to_move == slow:
                seen += s.tick(t)
                t += 5.0
            elif s.phase is Phase.ROLL:
                s.handle(C.Roll())
            elif s.phase is Phase.PLAY:
                s.handle(C.ChoosePlay(1))
            elif s.phase is Phase.CONFIRM:
                s.handle(C.Confirm())
            if of(seen, E.GameOver):
                break
        assert of(seen, E.TimeWarning)
        outs = of(seen, E.TimedOut)
        assert [o.count for o in outs][:3] == [1, 2, 3][:len(outs[:3])]
        over = of(seen, E.GameOver)[0]
        assert over.kind == "timeout" and over.winner == 1 - slow

    def test_timer_off_by_default(self) -> None:
        s = session()
        assert s.tick(0.0) == [] and s.tick(10_000.0) == []


class TestSaveAndResume:
    def test_resume_mid_turn_replays_exactly_R3(self, tmp_path) -> None:
        a = session("tavli", length=3, seed=42)
        for cmd in (C.ChoosePlay(1), C.Confirm(), C.Roll()):
            a.handle(cmd)
        assert a.phase is Phase.PLAY
        path = storage.save(a.snapshot(), tmp_path / "autosave.json")
        loaded = storage.load(path)
        assert loaded.data is not None
        b, events = Session.restore(loaded.data)
        assert events[0].resumed and (b.dice, b.plays, b.phase) == (a.dice, a.plays, a.phase)
        for _ in range(60):  # the same future, dice included
            cmd = {Phase.ROLL: C.Roll(), Phase.PLAY: C.ChoosePlay(1),
                   Phase.CONFIRM: C.Confirm()}.get(a.phase, C.No())
            assert a.handle(cmd) == b.handle(cmd)

    def test_corrupt_save_is_kept_aside(self, tmp_path) -> None:
        path = tmp_path / "autosave.json"
        path.write_text("{ not json", encoding="utf-8")
        loaded = storage.load(path)
        assert loaded.data is None and loaded.problem == "save_corrupt"
        assert loaded.kept_as is not None and loaded.kept_as.read_text() == "{ not json"
        assert path.read_text() == "{ not json"  # a copy: the save stays where it was

    def test_bad_save_data_is_a_value_error(self) -> None:
        with pytest.raises(ValueError):
            Session.restore({"version": 1, "config": {}})
        good = session().snapshot()
        good["log"] = [["select", 99]]
        with pytest.raises(ValueError):
            Session.restore(json.loads(json.dumps(good)))


def test_suggestions_put_the_strong_bots_play_first() -> None:
    plain = session("portes", seed=7)
    hinted = session("portes", seed=7, suggestions=True)
    assert set(plain.plays) == set(hinted.plays) and plain.dice == hinted.dice
    offered = of(hinted.handle(C.ListPlays()), E.PlaysOffered)[0]
    assert offered.suggested == 1
    hint = of(hinted.handle(C.Hint()), E.HintReport)[0]
    assert hint.number == 1 and hint.play == hinted.plays[0]
    assert of(plain.handle(C.ListPlays()), E.PlaysOffered)[0].suggested is None


def test_leaving_the_table_loses_the_whole_match_R9() -> None:
    s = session("tavli", length=5)
    leaver = s.to_move
    assert kinds(s.handle(C.Leave())) == ["QuestionAsked"]
    assert s.handle(C.No()) and s.phase is not Phase.MATCH_OVER  # changed their mind
    s.handle(C.Leave())
    over = of(s.handle(C.Yes()), E.MatchOver)[0]
    assert over.left and over.winner == 1 - leaver and s.phase is Phase.MATCH_OVER
    again, _ = Session.restore(s.snapshot())  # a resumed save stays over
    assert again.phase is Phase.MATCH_OVER
