"""Where every Portes result leaves both sides bearing off, everything the expert values (the
hint, its ranked list, the coach, the review, the reasons and its look one roll ahead) uses the
exact bear-off equity its own choice plays by (bots/bearoff.py, bots/expert.py)."""

from __future__ import annotations

import random
import threading

import numpy as np
import pytest

from rules_support import by_notation, pos
from tavli_voice import review
from tavli_voice.bots import bearoff, coach, expert, reasons
from tavli_voice.bots.bearoff import both_bearing_off, race_equity, race_win_chance
from tavli_voice.bots.expert import ROLL_WEIGHTS, ROLLS, ExpertBot
from tavli_voice.bots.fastgen import result_states
from tavli_voice.bots.features import Boards
from tavli_voice.bots.net import result_equities
from tavli_voice.rules import Position, legal_plays
from tavli_voice.rules.games import S_BAR, S_OFF, S_OPP_BAR, S_OPP_OFF

#: Both bearing off, where the shipped net alone prefers another play: (points, off, dice,
#: the exact best; the second is gnubg 2-ply's best in
#: shared/fixtures/portes_decisions_gnubg_2ply.jsonl, the first one of seeded_bear_offs(11, …))
FIXED = [
    ({2: 1, 3: 2, 4: 3, 5: 2, 6: 1, 19: -2, 20: -1, 21: -3, 22: -2, 23: -3, 24: -1}, (6, 3), (1, 5),
     "5/off 2/1"),
    ({2: 1, 3: 1, 4: 2, 22: -1, 24: -3}, (11, 11), (1, 6), "4/off 3/2"),
]


def seeded_bear_offs(seed: int, n: int) -> list[tuple[Position, tuple[int, int]]]:
    """``n`` seeded Portes positions with both sides bearing off and a choice of plays."""
    rng = random.Random(seed)
    out: list[tuple[Position, tuple[int, int]]] = []
    while len(out) < n:
        ours, theirs = rng.randint(2, 15), rng.randint(1, 15)
        cells: dict[int, int] = {}
        for _ in range(ours):
            k = rng.randint(1, 6)
            cells[k] = cells.get(k, 0) + 1
        for _ in range(theirs):
            k = rng.randint(19, 24)
            cells[k] = cells.get(k, 0) - 1
        p = pos("portes", cells, off=(15 - ours, 15 - theirs))
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        if len(legal_plays(p, dice)) >= 2:
            out.append((p, dice))
    return out


@pytest.mark.parametrize(("cells", "off", "dice", "best"), FIXED)
def test_the_hint_the_ranking_the_coach_and_the_review_name_the_bots_exact_best(
        cells: dict[int, int], off: tuple[int, int], dice: tuple[int, int], best: str) -> None:
    p = pos("portes", cells, off=off)
    plays = list(by_notation(p, dice).values())
    bot = ExpertBot(0, search=False)
    net_eq = result_equities(bot.net("portes"), [q.result for q in plays])
    assert plays[int(np.argmax(net_eq))].notation != best  # the net alone would say another
    exact = np.array([race_equity(q.result) for q in plays])
    assert np.array_equal(bot.equities(plays), exact)
    hint = ExpertBot(0).choose_play(p, dice, plays)  # the session's hint is the bot's play
    assert hint.notation == best
    assert bot.ranked(p, plays)[0] == hint
    worst = plays[int(np.argmin(exact))]
    mistake = coach.judge(plays, worst, threshold=0.0, bot=bot, before=p)
    assert mistake is not None and mistake.better == hint
    assert mistake.equity_loss == round(float(exact.max() - exact.min()), 2)
    win = race_win_chance(hint.result) - race_win_chance(worst.result)
    assert mistake.win_gain == max(0, round(100 * win))
    turn = {"game": 1, "turn": 1, "side": 0, "position": p.to_json(), "dice": list(dice),
            "play": worst.notation}
    (judged,) = review.judge([turn], [0], bot=bot, reasons=False)
    assert judged.best == hint
    assert judged.loss == pytest.approx(float(exact.max() - exact.min()))
    assert reasons.runner_up(plays, bot=bot) == bot.ranked(p, plays)[1]
    against = reasons.against_hint(p, plays, hint, bot=bot)
    assert against is not None and against[0] == bot.ranked(p, plays)[1]
    second = race_equity(bot.ranked(p, plays)[1].result)
    assert against[1].equity_loss == pytest.approx(float(exact.max()) - second)
    assert against[1].equity_loss > 0


def test_on_seeded_bear_offs_the_hint_is_the_coachs_and_the_reviews_best() -> None:
    bot = ExpertBot(0, search=False)
    for p, dice in seeded_bear_offs(4545, 30):
        plays = legal_plays(p, dice)
        exact = np.array([race_equity(q.result) for q in plays])
        hint = ExpertBot(0).choose_play(p, dice, plays)
        assert race_equity(hint.result) == pytest.approx(exact.max(), abs=1e-12)
        assert race_equity(bot.ranked(p, plays)[0].result) == pytest.approx(exact.max(),
                                                                            abs=1e-12)
        mistake = coach.judge(plays, hint, threshold=0.0, bot=bot)
        assert mistake is None  # the bot's own play is never the coach's mistake


def test_the_exact_win_chance_matches_the_equity_when_no_mars_is_possible() -> None:
    for p, dice in seeded_bear_offs(77, 20):
        for q in legal_plays(p, dice):
            if q.result.off[0] and q.result.off[1] and both_bearing_off(q.result):
                eq = race_equity(q.result)
                assert eq == pytest.approx(2 * race_win_chance(q.result) - 1, abs=1e-12)


def test_state_equities_of_bear_off_rows_are_exact_and_of_contact_rows_the_nets() -> None:
    bot = ExpertBot(0)
    p, _ = seeded_bear_offs(9, 1)[0]
    opp = legal_plays(p, (6, 5))[0].result.flip()
    rows = [s for roll in ROLLS for s in result_states(opp, roll)]
    got = bot.state_equities(opp, rows)
    a = np.array(rows, dtype=np.int32)
    boards = Boards("portes", a[:, 1:25], np.zeros((len(a), 24), np.int32),
                    a[:, [S_BAR, S_OPP_BAR]], a[:, [S_OFF, S_OPP_OFF]], like=opp)
    positions = [boards.position(i) for i in range(len(a))]
    assert np.allclose(got, [race_equity(r) for r in positions], atol=1e-12)
    start = Position.initial("portes")
    contact = [s for roll in ROLLS[:3] for s in result_states(start, roll)]
    net = bot.state_equities(start, contact)
    a = np.array(contact, dtype=np.int32)
    boards = Boards("portes", a[:, 1:25], np.zeros((len(a), 24), np.int32),
                    a[:, [S_BAR, S_OPP_BAR]], a[:, [S_OFF, S_OPP_OFF]], like=start)
    expected = result_equities(bot.net("portes"), [boards.position(i) for i in range(len(a))])
    assert np.allclose(net, expected, atol=1e-5)


def test_the_look_ahead_in_a_bear_off_is_the_exact_best_reply_to_each_roll() -> None:
    bot = ExpertBot(0)
    for p, dice in seeded_bear_offs(11, 4):
        play = legal_plays(p, dice)[0]
        if not both_bearing_off(play.result):
            continue
        opp = play.result.flip()
        want = 0.0
        for roll, w in zip(ROLLS, ROLL_WEIGHTS):
            replies = legal_plays(opp, roll)
            want -= float(w) * max(race_equity(r.result) for r in replies)
        assert bot.lookahead(play) == pytest.approx(want, abs=1e-12)


def test_near_a_bear_off_is_a_race_or_few_checkers_outside_either_home() -> None:
    assert not bearoff.near_bear_off(Position.initial("portes"))
    race = pos("portes", {12: 5, 5: 10, 13: -15})
    assert bearoff.near_bear_off(race)
    few_out = pos("portes", {20: 2, 6: 13, 5: -2, 24: -13})  # contact, two out each
    assert bearoff.near_bear_off(few_out)
    many_out = pos("portes", {20: 6, 6: 9, 5: -2, 24: -13})
    assert not bearoff.near_bear_off(many_out)
    on_bar = pos("portes", {6: 14, 24: -15}, bar=(1, 0))
    assert not bearoff.near_bear_off(on_bar)


def test_the_tables_warm_up_once_in_the_background_and_a_caller_waits_for_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    started = threading.Event()
    release = threading.Event()
    builds: list[int] = []

    def slow_build() -> object:
        builds.append(1)
        started.set()
        release.wait(5)
        return ("keys", "off", "first")

    monkeypatch.setattr(bearoff, "_build", slow_build)
    monkeypatch.setattr(bearoff, "_built", [])
    monkeypatch.setattr(bearoff, "_warming", [])
    bearoff.warm_up()
    assert started.wait(5)
    bearoff.warm_up()  # already building: no second thread
    assert len(bearoff._warming) == 1
    got: list[object] = []
    waiter = threading.Thread(target=lambda: got.append(bearoff._tables()))
    waiter.start()
    waiter.join(0.2)
    assert waiter.is_alive() and not got  # waits for the build under way
    release.set()
    waiter.join(5)
    bearoff._warming[0].join(5)
    assert got == [("keys", "off", "first")] and builds == [1]
    assert bearoff._tables() is got[0]


def test_the_expert_starts_the_warm_up_in_a_race_only(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    monkeypatch.setattr(expert, "warm_up", lambda: calls.append(1))
    bot = ExpertBot(0, search=False)
    start = Position.initial("portes")
    bot.choose_play(start, (3, 1), legal_plays(start, (3, 1)))
    assert calls == []
    race = pos("portes", {12: 5, 5: 10, 13: -15})
    bot.choose_play(race, (3, 1), legal_plays(race, (3, 1)))
    assert calls == [1]


