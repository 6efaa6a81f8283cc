"""Why the hint's play is better: the "why" command by keyboard, voice and one
switch, the coach's note with its reasons, and every reason said checked against the board.

The reasons come from ``bots/reasons.py`` (one function for the hint and the coach); the
check here recomputes each fact a reason states with the slow, obvious count of
``test_reasons_facts.py`` (naive stacks, the naive move generator, R2, R4, R5.2, R7).
"""

from __future__ import annotations

import io
import random
import re
import sys
from pathlib import Path

import pytest

import rules_naive as naive
from speech_helpers import espeak, needs_espeak
from test_reasons_facts import naive_blocked, naive_hits, naive_runs
from test_reasons_fevga import naive_fevga_blocks
from test_reasons_checker import check_against_naive as check_one_checker
from test_reasons_lookahead import check_against_naive
from test_session import FixedDice
from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice.bots.reasons import Kind, differences
from tavli_voice.narration.phrases import phrase, screen_text
from tavli_voice.narration.pieces import NarrationContext
from tavli_voice.rules import Play, Position, legal_plays
from tavli_voice.scanning import ManualClock, ScanSettings, Switch, make_scanner
from tavli_voice.session import Phase, SessionOptions, new_session
from tavli_voice.ui.app import App
from tavli_voice.ui.keys import parse_line
from tavli_voice.ui.scan_driver import ScanDriver
from tavli_voice.words import text

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.reasons import clear_mistakes as benchmark_mistakes  # noqa: E402

PLAYERS = (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita"))
NOTATION = re.compile(r"[A-Za-z/*^]")


def spoken(event: E.Event, lang: str) -> str:
    """The words the narrator says for ``event`` (pauses left out)."""
    ctx = NarrationContext(lang=lang, players=PLAYERS, listener=0)
    return " ".join(s for s in phrase(event, ctx).segments if isinstance(s, str))


def to_play(session_seed: int, game: str = "portes", **opts: bool):  # type: ignore[no-untyped-def]
    """A session (you against Rita) at your first turn with more than one play."""
    s = new_session(game, 1, seed=session_seed, options=SessionOptions(**opts))
    s.start()
    for _ in range(200):
        if s.phase is Phase.PLAY and len(s.plays) > 1 and not s.bot_to_act():
            return s
        if s.bot_to_act():
            s.bot_step()
        elif s.phase is Phase.ROLL:
            s.handle(C.Roll())
        elif s.phase is Phase.PLAY:
            s.handle(C.ChoosePlay(1))
        else:
            s.handle(C.Confirm())
    raise AssertionError("no turn with a choice")


def to_play_with_reasons():  # type: ignore[no-untyped-def]
    """The first seeded session (from seed 5) whose first choice has reasons why the hint
    beats the next best play (a close call has none)."""
    for seed in range(5, 60):
        s = to_play(seed)
        (report,) = s.handle(C.Why())
        if isinstance(report, E.WhyReport) and report.reasons:
            return s
    raise AssertionError("no seeded turn with reasons")


# ------------------------------------------------------------------ the session
class TestWhyInTheSession:
    def test_before_choosing_it_compares_with_the_play_most_likely_considered(self) -> None:
        s = to_play(5)
        hint = s.plays[s.suggested_number() - 1]
        (report,) = s.handle(C.Why())
        assert isinstance(report, E.WhyReport) and not report.chosen
        assert report.hint == hint and report.other in s.plays and report.other != hint
        assert s.phase is Phase.PLAY  # a question: nothing changes
        true = set(differences(s.position, report.other, hint))
        assert {(r.kind, r.mine, r.better, r.points) for r in report.reasons} <= {
            (str(d.kind), d.mine, d.better, d.points) for d in true}

    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_before_choosing_it_speaks_of_the_next_best_play_not_yours(self, lang: str) -> None:
        """Nothing chosen: the intro names the next best play, the reasons "the other play";
        no "if you played … instead", no "your play" or "after yours"."""
        s = to_play_with_reasons()
        (report,) = s.handle(C.Why())
        assert isinstance(report, E.WhyReport) and not report.chosen and report.reasons
        ctx = NarrationContext(lang=lang, players=PLAYERS, listener=0)
        said = screen_text(report, ctx)
        assert said.startswith(text("why.intro.next", lang, hint="", other="").split(":")[0])
        assert text("why.intro.next", lang, hint="", other="").split(". ")[1].split(":")[0] in said
        own = (["your play", "yours", "instead"] if lang == "en" else
               ["κίνησή σου", "δική σου", "Αν έπαιζες"])
        for words in own:
            assert words.lower() not in said.lower(), said
        other = "the other play" if lang == "en" else "άλλη"
        assert other in said.lower(), said
        chosen = E.WhyReport(report.player, report.hint, report.other, True, report.reasons)
        mine = screen_text(chosen, ctx)
        assert ("your play" if lang == "en" else "κίνησή σου") in mine.lower(), mine

    def test_after_choosing_it_compares_with_the_chosen_play_then_the_last_play(self) -> None:
        s = to_play(5)
        hint_n = s.suggested_number()
        other = 1 if hint_n != 1 else 2
        s.handle(C.ChoosePlay(other))
        (report,) = s.handle(C.Why())
        assert isinstance(report, E.WhyReport) and report.chosen
        assert report.other == s.plays[other - 1] and report.hint == s.plays[hint_n - 1]
        s.handle(C.Confirm())
        while s.bot_to_act():
            s.bot_step()
        assert s.phase is Phase.ROLL and "why" in s.available()
        (again,) = s.handle(C.Why())  # before rolling again: the play just made
        assert again == report

    def test_the_hints_own_play_and_a_refusal_before_any_play(self) -> None:
        s = to_play(5)
        s.handle(C.ChoosePlay(s.suggested_number()))
        (report,) = s.handle(C.Why())
        assert report == E.WhyReport(0, s.pending, None, True)
        assert spoken(report, "en") == "Your play is the hint's play."
        fresh = new_session("portes", 1, seed=5)
        fresh.start()
        if fresh.phase is Phase.ROLL and not fresh.bot_to_act():
            assert "why" not in fresh.available()
            (refused,) = fresh.handle(C.Why())
            assert isinstance(refused, E.CommandRejected)

    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_a_forced_play_has_nothing_to_compare_R2(self, lang: str) -> None:
        """Fevga's first checker must pass the opponent's start: 5 and 1 from the start is
        one play, waiting for confirmation. "why" says there is only one play, then and
        after it is made, not that the player's play is the hint's."""
        s = new_session("fevga", 1, seed=5)
        s.start()
        s.set_position(Position.initial("fevga"), to_move=0)
        s.dice_source = FixedDice([(5, 1)])  # type: ignore[assignment]
        s.handle(C.Roll())
        assert [p.notation for p in s.plays] == ["24/18"] and s.phase is Phase.CONFIRM
        ctx = NarrationContext(lang=lang, players=PLAYERS, listener=0)
        (report,) = s.handle(C.Why())
        assert screen_text(report, ctx) == text("why.only", lang)
        s.handle(C.Confirm())
        while s.bot_to_act():
            s.bot_step()
        (after,) = s.handle(C.Why())
        assert screen_text(after, ctx) == text("why.only", lang)

    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_two_plays_valued_alike_are_said_to_be_alike_R7(self, lang: str) -> None:
        """A Plakoto race already lost whatever is played (the expert's exact bear-off
        values are -1 for both plays): "why" says either will do, not that the hint's play
        is better for the position as a whole, before choosing and after."""
        s = new_session("plakoto", 1, seed=5)
        s.start()
        pts = [6, 7, 0, 0, 1] + [0] * 18 + [-2]
        s.set_position(Position.from_json({"game": "plakoto", "preset": "tavlucky",
                                           "points": pts, "bar": [0, 0], "off": [1, 13]}),
                       to_move=0)
        s.dice_source = FixedDice([(4, 2)])  # type: ignore[assignment]
        s.handle(C.Roll())
        assert sorted(p.notation for p in s.plays) == ["5/1 2/off", "5/off"]
        ctx = NarrationContext(lang=lang, players=PLAYERS, listener=0)
        (before,) = s.handle(C.Why())
        assert isinstance(before, E.WhyReport) and before.same and not before.reasons
        said = screen_text(before, ctx)
        assert said.endswith(text("why.other.same", lang)), said
        assert text("why.none", lang) not in said
        s.handle(C.ChoosePlay(3 - s.suggested_number()))
        (after,) = s.handle(C.Why())
        assert isinstance(after, E.WhyReport) and after.chosen and after.same
        assert screen_text(after, ctx).endswith(text("why.same", lang))

    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_a_bear_off_within_the_experts_error_says_what_tells_the_plays_apart_R6(
            self, lang: str) -> None:
        """A Plakoto bear-off, 5-1: 5/off 3/2 against the hint's 5/off 1/off, 0.002 apart (below
        what a reason may explain): "why" says the plays are nearly alike and names what still
        tells them apart, the checkers borne off (1 against 2) and the rolls each needs to bear
        off the rest (6.1 either way), not that no single reason stands out."""
        s = new_session("plakoto", 1, seed=5)
        s.start()
        pts = [8, 5, 1, 0, 1] + [0] * 16 + [-2, 0, -10]
        s.set_position(Position.from_json({"game": "plakoto", "preset": "tavlucky",
                                           "points": pts, "bar": [0, 0], "off": [0, 3]}),
                       to_move=0)
        s.dice_source = FixedDice([(5, 1)])  # type: ignore[assignment]
        s.handle(C.Roll())
        assert s.plays[s.suggested_number() - 1].notation == "5/off 1/off"
        s.handle(C.ChoosePlay([p.notation for p in s.plays].index("5/off 3/2") + 1))
        (why,) = s.handle(C.Why())
        assert isinstance(why, E.WhyReport) and why.close and not why.same
        assert [(r.kind, r.mine, r.better) for r in why.reasons] == [("off", 1, 2),
                                                                    ("bearoff", 61, 61)]
        said = screen_text(why, NarrationContext(lang=lang, players=PLAYERS, listener=0))
        assert text("why.close", lang) in said and text("why.none", lang) not in said, said
        expected = {"en": ("Checkers borne off: 2 after the hint's play, 1 after yours",
                           "about 6.1 rolls after your play, 6.1 after the hint's play"),
                    "el": ("Μαζεμένα πούλια: 2 με την προτεινόμενη κίνηση, 1 με τη δική σου",
                           "6,1 ζαριές με την κίνησή σου, 6,1 με την προτεινόμενη")}[lang]
        assert all(part in said for part in expected), said

    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_the_coach_note_carries_the_reasons(self, lang: str) -> None:
        s = to_play(7, coach=True)
        before, plays = s.position, s.plays
        from tavli_voice.bots.expert import ExpertBot

        eq = ExpertBot(0, search=False).equities(plays)
        worst = int(eq.argmin())
        assert eq.max() - eq[worst] >= 0.08  # a clear mistake on offer
        s.handle(C.ChoosePlay(worst + 1))
        notes = [e for e in s.handle(C.Confirm()) if isinstance(e, E.CoachNote)]
        assert len(notes) == 1 and notes[0].reasons is not None
        note = notes[0]
        true = {(str(d.kind), d.mine, d.better, d.points)
                for d in differences(before, plays[worst], note.better)}
        assert {(r.kind, r.mine, r.better, r.points) for r in note.reasons} <= true
        said = spoken(note, lang)
        if note.reasons:
            assert text("why.none", lang) not in said
        else:
            assert text("why.none", lang) in said
        if lang == "el":
            assert not NOTATION.search(said), said

    def test_the_answer_is_left_out_of_the_history(self) -> None:
        """History repeats what happened in the game: the why answer, like the hint, is not in it."""
        s = to_play(5)
        app = App(s)
        before = list(app.recent)
        assert any(isinstance(e, E.WhyReport) for e in app.command(C.Why()))
        assert any(isinstance(e, E.HintReport) for e in app.command(C.Hint()))
        assert list(app.recent) == before
        (history,) = app.command(C.History())
        assert isinstance(history, E.HistoryReport)
        assert not any(isinstance(e, (E.WhyReport, E.HintReport)) for e in history.events)
        app.command(C.ChoosePlay(1))
        app.command(C.Confirm())  # the play made is history
        assert any(isinstance(e, E.PlayMade) for e in app.recent)


# ------------------------------------------------------------------ keyboard
class TestByKeyboard:
    def test_the_keys_and_words(self) -> None:
        for line in ("e", "E", "why", "explain", "γιατί", "ΓΙΑΤΙ", "ε"):
            assert parse_line(line) == C.Why(), line

    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_why_in_the_terminal(self, lang: str, tmp_path: Path,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
        from tavli_voice.startup import main

        for var in ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME",
                    "XDG_CACHE_HOME"):
            monkeypatch.setenv(var, str(tmp_path))
        keys = io.StringIO("\n".join(["r", "e", "2", "e", "c", "e", "q"]) + "\n")
        out = io.StringIO()
        main(["--game", "portes", "--seed", "5", "--lang", lang, "--speech", "off",
              "--save", str(tmp_path / "save.json")], out=out, inp=keys)
        shown = out.getvalue()
        considered = text("why.intro.next", lang, hint="", other="").split(":")[0]
        chosen = text("why.intro.chosen", lang, hint="", other="").split(":")[0]
        best = text("why.best", lang)
        assert considered in shown or best in shown, shown
        assert shown.count(chosen) + shown.count(best) >= 2, shown  # chosen, then just made


# ------------------------------------------------------------------ voice
@needs_espeak
@pytest.mark.parametrize("lang,voice,word", [("en", "en-us", "why"), ("el", "el", "γιατί")])
def test_why_by_voice(lang: str, voice: str, word: str) -> None:
    from tavli_voice.speech.engine_sphinx import SphinxRecognizer
    from tavli_voice.speech.grammar import options_from, phrases

    s = to_play(5)
    engine = SphinxRecognizer(lang)  # type: ignore[arg-type]
    options = options_from(s.available(), len(s.plays))
    heard = engine.recognize(espeak(word, voice), phrases(options, lang))  # type: ignore[arg-type]
    assert heard.command == C.Why()
    (report,) = s.handle(heard.command)
    assert isinstance(report, E.WhyReport)


# ------------------------------------------------------------------ one switch
def test_why_by_one_switch() -> None:
    """Automatic scanning: press the one switch on Menu, then on the "why" option."""
    clock = ManualClock()
    session = to_play(5)
    app = App(session)
    heard: list[E.Event] = []
    app.subscribe(heard.extend)
    driver = ScanDriver(app, make_scanner(ScanSettings()), clock)
    driver.begin()
    for _ in range(3000):
        if any(isinstance(e, E.WhyReport) for e in heard):
            break
        h = driver.highlighted
        if h is not None and h.option.key in ("why", "menu"):
            clock.advance(0.6)
            driver.press(Switch.PICK)
        else:
            clock.advance(0.2)
            driver.tick()
    reports = [e for e in heard if isinstance(e, E.WhyReport)]
    assert reports and session.phase is Phase.PLAY


# ------------------------------------------------------------------ every reason true
def naive_value(kind: Kind, game: str, before: Position, after: Position) -> int:
    """The value of one fact after a play, recomputed from naive stacks."""
    stacks, bar, off = naive.state_of(after)
    blocked = {p for p in range(1, 25) if naive_blocked(game, stacks[p - 1])}
    old_stacks = naive.state_of(before)[0]
    old = {p for p in range(1, 25) if naive_blocked(game, old_stacks[p - 1])}
    home = range(13, 19) if game == "fevga" else range(19, 25)
    plakoto = game == "plakoto"
    pinned = (sum(1 for s in stacks if s and s[0] == -1 and s[-1] == 1),
              sum(1 for s in stacks if s and s[0] == 1 and s[-1] == -1))
    plain: dict[Kind, object] = {
        Kind.MADE: len(blocked - old),
        Kind.GIVEN_UP: len(old - blocked),
        Kind.ANCHOR: len([p for p in blocked if p in home]),
        Kind.CAPTURED: pinned[0] if plakoto else bar[1],
        Kind.LOST: pinned[1] if plakoto else bar[0],
        Kind.THEIR_MOTHER: int(plakoto and stacks[0][:1] == (-1,) and stacks[0][-1:] == (1,)),
        Kind.START_LEFT: sum(len(stacks[p - 1]) for p in range(19, 25)
                             if stacks[p - 1][:1] == (1,)) if game == "fevga" else 0,
        Kind.PIPS: naive_pips(game, stacks, bar),
        Kind.OFF: off[0],
        Kind.GAPS: naive_gaps(stacks, bar),
    }
    if kind in plain:
        return int(plain[kind])  # type: ignore[call-overload]
    if kind in (Kind.MARS_LOST, Kind.MARS_WON):  # the expert's own chance, read off its net
        from tavli_voice.bots.expert import ExpertBot
        from tavli_voice.bots.net import LOSE_G, WIN_G

        out = ExpertBot(0, search=False).net(game).evaluate([after])
        return round(100 * float(out[0, LOSE_G if kind is Kind.MARS_LOST else WIN_G]))
    if kind in (Kind.PRIME, Kind.WALL):
        return naive_runs(after)[0 if kind is Kind.PRIME else 1]
    if kind is Kind.BEAROFF:  # both sides bearing off (R6): tenths of the rolls we need
        # the table's values are checked against the rules' own plays in test_reasons_bearoff
        from tavli_voice.bots.reason_bearoff import expected_rolls

        ours = [p for p in range(1, 25) for c in stacks[p - 1] if c == 1]
        theirs = [naive_their_pip(game, p) for p in range(1, 25) for c in stacks[p - 1] if c == -1]
        if bar[0] or bar[1] or any(1 in s and -1 in s for s in stacks) or max(ours + theirs, default=0) > 6:
            return 0
        return round(10 * expected_rolls([ours.count(p) for p in range(1, 7)]))
    if kind in (Kind.FRONT, Kind.START_BLOCK):  # Fevga: points held in front (R7.1)
        return len(naive_fevga_blocks(after)[0 if kind is Kind.FRONT else 1])
    if game == "fevga":  # no hitting or pinning in Fevga (R7.1)
        return 0
    if kind is Kind.SHOTS:
        return naive_hits(after)[1]
    assert kind is Kind.MOTHER_RISK
    lone = plakoto and stacks[23] == (1,)
    return naive_hits(after)[0].get(24, 0) if lone else 0


def naive_gaps(stacks: list[naive.Stack], bar: tuple[int, int]) -> int:
    """Bearing off (R4: none of ours on the bar or above 6): empty home points below our
    highest; else 0."""
    ours = [p for p in range(1, 25) if 1 in stacks[p - 1]]
    if bar[0] or not ours or max(ours) > 6:
        return 0
    return sum(1 for p in range(1, max(ours)) if p not in ours)


def naive_pips(game: str, stacks: list[naive.Stack], bar: tuple[int, int]) -> int:
    """Our pips minus theirs, each checker counted from its own side (R1)."""
    ours = sum(p * sum(1 for c in stacks[p - 1] if c == 1) for p in range(1, 25)) + 25 * bar[0]
    theirs = sum(naive_their_pip(game, p) * sum(1 for c in stacks[p - 1] if c == -1)
                 for p in range(1, 25)) + 25 * bar[1]
    return ours - theirs


def naive_their_pip(game: str, ours: int) -> int:
    """How far the opponent's checker on our point ``ours`` is from bearing off (R1)."""
    return naive.opp_path_point(ours) if game == "fevga" else 25 - ours


def clear_mistakes(game: str, count: int, seed: int) -> list[tuple[Position, tuple[int, int],
                                                                     Play, object]]:
    """``count`` clear mistakes (by the coach) of bot rita playing against expert: the
    benchmark's own seeded games (``benchmarks/reasons.py``), all of them found."""
    found = benchmark_mistakes(game, count, seed)
    assert len(found) == count, f"only {len(found)} clear mistakes"
    return list(found)


def test_every_reason_said_for_ten_portes_mistakes_is_true() -> None:
    """The quick form of the check below: ten of Rita's clear mistakes in Portes."""
    check_mistakes("portes", 10, 4, at_least=2)


@pytest.mark.slow
@pytest.mark.parametrize("game,seed", [("portes", 1), ("plakoto", 2), ("fevga", 3)])
def test_every_reason_said_for_fifty_clear_mistakes_is_true(game: str, seed: int) -> None:
    """Rita against the expert: each reason the coach gives states a true fact (recomputed
    from naive stacks), and every one of the 50 gets at least one reason (the honest "no
    single reason stands out" is said for none of them)."""
    check_mistakes(game, 50, seed, at_least=50)


def check_mistakes(game: str, count: int, seed: int, at_least: int) -> None:
    given = 0
    for before, _dice, mine, note in clear_mistakes(game, count, seed):
        assert note.why is not None  # type: ignore[attr-defined]
        better = note.better  # type: ignore[attr-defined]
        reasons = note.why.reasons  # type: ignore[attr-defined]
        for r in reasons:
            assert r.better != r.mine
            if r.kind is Kind.LOOKAHEAD:  # one roll ahead: the slow count over every roll
                check_against_naive(mine.result, better.result)
                continue
            if r.kind is Kind.CHECKER:  # one checker moved: the slow search over every pair
                assert check_one_checker(mine.result, better.result) == r, (before, r)
                continue
            assert r.mine == naive_value(r.kind, game, before, mine.result), (before, r)
            assert r.better == naive_value(r.kind, game, before, better.result), (before, r)
            if r.kind in (Kind.MADE, Kind.ANCHOR):
                assert r.points  # the points named are those made or held
            if r.kind in (Kind.FRONT, Kind.START_BLOCK):  # held by the play with more only
                i = 0 if r.kind is Kind.FRONT else 1
                more, fewer = ((better, mine) if r.better > r.mine else (mine, better))
                held, other = naive_fevga_blocks(more.result)[i], naive_fevga_blocks(fewer.result)[i]
                assert r.points == tuple(p for p in held if p not in other), (before, r)
                assert r.points, (before, r)  # more points held: some the other play lacks
        event = E.CoachNote(0, better, 5, note.equity_loss,  # type: ignore[attr-defined]
                            tuple(E.ReasonFact(str(d.kind), d.mine, d.better, d.points)
                                  for d in reasons))
        for lang in ("en", "el"):
            said = spoken(event, lang)
            assert (text("why.none", lang) in said) == (not reasons), said
            if lang == "el":
                assert not NOTATION.search(said), said
        given += bool(reasons)
    assert given >= at_least  # reasons are really said, not only the honest line


# ------------------------------------------------------------------ which reasons are said
def decisions(game: str, n: int, seed: int) -> list[tuple[Position, tuple[Play, ...]]]:
    """``n`` seeded decisions (a position and its plays, more than one) from random play-outs."""
    rng = random.Random(seed)
    out: list[tuple[Position, tuple[Play, ...]]] = []
    while len(out) < n:
        p = Position.initial(game)
        for _turn in range(rng.randint(2, 80)):
            plays = legal_plays(p, (rng.randint(1, 6), rng.randint(1, 6)))
            if not plays:
                p = p.flip()
                continue
            play = rng.choice(plays)
            if play.ends_game or play.result.off[0] == 15:
                break
            p = play.result.flip()
        else:
            plays = legal_plays(p, (rng.randint(1, 6), rng.randint(1, 6)))
            if len(plays) > 1:
                out.append((p, plays))
    return out


def test_points_are_no_reason_in_a_bear_off() -> None:
    """Once no checker can meet another (a race), giving up a point only brings checkers
    home: no point, prime, wall or anchor reason is said (R4 bearing off)."""
    from rules_support import pos
    from tavli_voice.bots.reasons import POINT_KINDS, explain, in_contact

    race = pos("portes", {6: 2, 5: 3, 4: 2, 3: 3, 2: 3, 1: 2, 24: -15})
    assert not in_contact(race) and in_contact(Position.initial("portes"))
    assert in_contact(pos("portes", {6: 14, 3: 1, 5: -1, 24: -14}))  # theirs on 5 must pass 6
    point_diffs = 0
    for dice in ((6, 1), (5, 4), (2, 2), (4, 3)):
        plays = legal_plays(race, dice)
        for mine in plays:
            for better in plays:
                kinds = {d.kind for d in differences(race, mine, better)}
                point_diffs += bool(kinds & POINT_KINDS)
                said = explain(race, mine, better, 0.01).reasons
                assert not {d.kind for d in said} & POINT_KINDS, (dice, mine, better, said)
    assert point_diffs > 0  # the facts differ; they are just not said


def test_a_hit_is_not_said_again_as_the_race() -> None:
    """R4: a hit sends a checker back, so the pips it costs are the hit's reason, not a
    second one; the hit is still said when it explains the difference."""
    from tavli_voice.bots.reasons import why

    from tavli_voice.bots.expert import ExpertBot

    expert = ExpertBot(0, search=False)
    hits_said = compared = 0
    for before, plays in decisions("portes", 40, 31):
        best = plays[int(expert.equities(plays).argmax())]
        # the plays that hit more or less than the best: the race differs by the hit
        for mine in [p for p in plays if p.result.bar[1] != best.result.bar[1]][:2]:
            ex = why(before, plays, mine)
            assert ex is not None
            compared += 1
            kinds = {d.kind for d in ex.reasons}
            assert not (kinds & {Kind.CAPTURED, Kind.LOST} and Kind.PIPS in kinds), ex
            hits_said += bool(kinds & {Kind.CAPTURED, Kind.LOST})
    assert compared >= 5 and hits_said > 0


def test_fevga_says_reasons_only_when_they_explain_most_of_the_difference() -> None:
    """Fevga's weights explain little (R² 0.07): the reasons said explain together at least
    MOST_BY_GAME of the difference (more than elsewhere), else the honest line; and each
    weighted reason points the way the expert's own equities of the turn's plays do (the
    plays with the better play's value of that fact are worth more, on average, than those
    with the other play's)."""
    from tavli_voice.bots.expert import ExpertBot
    from tavli_voice.bots.reasons import EXACT, MOST, MOST_BY_GAME, bearing_off, facts, why
    from tavli_voice.bots.reasons import _values as values

    expert = ExpertBot(0, search=False)
    honest = told = agree = weighted = 0
    for before, plays in decisions("fevga", 30, 32):
        eq = expert.equities(plays)
        kept = [values(facts(p.result), before) for p in plays]
        for mine in plays[:3]:
            ex = why(before, plays, mine, bot=expert)
            if ex is None:
                continue
            if ex.reasons and not bearing_off(before):
                # the expert's own look ahead or one checker explains at least half, the weights more
                own = ex.reasons[0].kind in (Kind.LOOKAHEAD, Kind.CHECKER)
                most = MOST if own else MOST_BY_GAME["fevga"]
                assert sum(ex.shares) >= most - 0.015, ex
            for d in ex.reasons:
                if d.kind in EXACT or d.kind in (Kind.LOOKAHEAD, Kind.CHECKER):  # the expert's own
                    continue
                with_better = [e for e, v in zip(eq, kept, strict=True) if v[d.kind][0] == d.better]
                with_mine = [e for e, v in zip(eq, kept, strict=True) if v[d.kind][0] == d.mine]
                weighted += 1
                agree += sum(with_better) / len(with_better) > sum(with_mine) / len(with_mine)
            told += bool(ex.reasons)
            honest += not ex.reasons
    assert told >= 5 and honest >= 5
    assert agree >= 0.9 * weighted and weighted >= 5


def test_several_points_made_or_given_up_are_said_in_the_plural() -> None:
    """«κλείνει πόρτες στο 12 και στο 5», «χαλάει τις πόρτες …»; one point stays singular."""
    from types import SimpleNamespace as D

    from tavli_voice.words import player_words
    from tavli_voice.words.reasons import say_reasons

    rita = player_words("Rita", "rita", 1, "el")
    two = say_reasons("portes", [D(kind="made", mine=0, better=2, points=(12, 5))], "el", rita)
    one = say_reasons("portes", [D(kind="made", mine=0, better=1, points=(5,))], "el", rita)
    gone = say_reasons("plakoto", [D(kind="given_up", mine=2, better=0, points=(8, 6))], "el",
                       rita)
    assert two == "Η προτεινόμενη κίνηση κλείνει πόρτες στο 12 και στο 5."
    assert one == "Η προτεινόμενη κίνηση κλείνει πόρτα στο 5."
    assert gone == "Η κίνησή σου χαλάει τις πόρτες στο 8 και στο 6."
    en = say_reasons("portes", [D(kind="made", mine=0, better=2, points=(12, 5))], "en", rita)
    assert en == "The hint's play makes points 12 and 5."
