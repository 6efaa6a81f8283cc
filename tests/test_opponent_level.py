"""Changing the computer opponent's level during a match (key v, "opponent", scan menu)."""

from __future__ import annotations

import pytest

from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice.bots.base import Bot
from tavli_voice.command_table import by_name, typed_word
from tavli_voice.narration.phrases import NarrationContext, screen_text
from tavli_voice.rules import MatchConfig
from tavli_voice.session import Session
from tavli_voice.ui.board.scan_menu import session_scan_menu
from tavli_voice.ui.keys import parse_line


def human_to_roll(players: tuple[E.PlayerInfo, E.PlayerInfo], seed: int = 4) -> Session:
    """A session brought to a roll phase where the person (seat 0) is to act."""
    s = Session(MatchConfig(3, "plakoto", "tavlucky", seed), players)
    s.start()
    for _ in range(200):
        if s.phase is E.Phase.ROLL and s.actor() == 0:
            return s
        if s.bot_to_act():
            s.bot_step()
        elif s.phase is E.Phase.PLAY:
            s.handle(C.ChoosePlay(1))
        else:
            s.handle(C.Roll() if s.phase is E.Phase.ROLL else C.Confirm())
    raise AssertionError("never reached the person's roll")


VS_RITA = (E.PlayerInfo("you"), E.PlayerInfo("rita", "rita"))


def test_the_level_steps_through_every_bot_and_back() -> None:
    s = human_to_roll(VS_RITA)
    seen = []
    for _ in range(4):
        (ev,) = s.handle(C.ChangeOpponent())
        assert isinstance(ev, E.OpponentChanged) and ev.player == 1
        assert s.players[1].bot == ev.bot and s.state().players[1].bot == ev.bot
        seen.append(ev.bot)
    assert seen == ["strong", "expert", "random", "rita"]


def test_the_new_level_makes_the_opponents_decisions(monkeypatch: pytest.MonkeyPatch) -> None:
    s = human_to_roll(VS_RITA)
    s.handle(C.ChangeOpponent())  # strong
    s.handle(C.Roll())
    while s.phase is not E.Phase.ROLL or s.actor() != 1:
        s.handle(C.ChoosePlay(1) if s.phase is E.Phase.PLAY else C.Confirm())
        if s.bot_to_act():
            break
    assert s.bot_to_act()
    made: list[str] = []
    import tavli_voice.session as session_module

    real = session_module.make_bot

    def spy(name: str, seed: int | str = 0) -> Bot:
        made.append(name)
        return real(name, seed=seed)

    monkeypatch.setattr(session_module, "make_bot", spy)
    s.bot_step()
    assert made == ["strong"]


@pytest.mark.parametrize("players", [
    (E.PlayerInfo("a"), E.PlayerInfo("b")),
    (E.PlayerInfo("rita", "rita"), E.PlayerInfo("strong", "strong")),
])
def test_refused_without_exactly_one_computer_player(players: tuple[E.PlayerInfo, E.PlayerInfo]
                                                     ) -> None:
    s = Session(MatchConfig(3, "plakoto", "tavlucky", 4), players)
    s.start()
    (ev,) = s.handle(C.ChangeOpponent())
    assert isinstance(ev, E.CommandRejected) and ev.code is E.RejectCode.NO_BOT_OPPONENT
    assert "opponent" not in s.available()
    for lang in ("en", "el"):
        text = screen_text(ev, NarrationContext(lang=lang))
        assert text and text != screen_text(E.CommandRejected(E.RejectCode.UNKNOWN_COMMAND),
                                            NarrationContext(lang=lang))


def test_only_before_the_persons_roll() -> None:
    s = human_to_roll(VS_RITA)
    assert "opponent" in s.available()
    s.handle(C.Roll())
    if s.phase is E.Phase.PLAY:
        assert "opponent" not in s.available()
        (ev,) = s.handle(C.ChangeOpponent())
        assert isinstance(ev, E.CommandRejected) and ev.code is E.RejectCode.NOT_NOW
        assert s.players[1].bot == "rita"


def test_a_save_keeps_the_new_level_and_still_replays() -> None:
    s = human_to_roll(VS_RITA)
    s.handle(C.ChangeOpponent())
    s.handle(C.ChangeOpponent())  # expert
    s.handle(C.Roll())
    data = s.snapshot()
    assert data["players"][1]["bot"] == "expert"
    assert all(entry[0] != "opponent" for entry in data["log"] if isinstance(entry[0], str))
    again, _ = Session.restore(data)
    assert again.players[1].bot == "expert" and again.position == s.position
    assert again.phase is s.phase and again.dice == s.dice


@pytest.mark.parametrize("lang,words", [
    ("en", ("expert", "neural network")),
    ("el", ("έμπειρος", "νευρωνικό δίκτυο")),
])
def test_said_with_the_levels_description(lang: str, words: tuple[str, ...]) -> None:
    text = screen_text(E.OpponentChanged(1, "expert"), NarrationContext(lang=lang))
    assert all(w in text for w in words), text


def test_one_key_one_word_and_one_scan_option() -> None:
    assert parse_line("v") == C.ChangeOpponent()
    assert typed_word("opponent") == C.ChangeOpponent()
    assert typed_word("αντίπαλος") == C.ChangeOpponent()
    assert by_name("opponent").spoken["en"] and by_name("opponent").spoken["el"]
    s = human_to_roll(VS_RITA)
    assert C.ChangeOpponent() in session_scan_menu(s.state()).commands


def test_the_scan_option_has_its_own_label_in_both_languages() -> None:
    from tavli_voice.scanning.options import command_option
    from tavli_voice.scanning.words import label

    option = command_option(C.ChangeOpponent())
    en, el = (label(option.key, option.args, lang) for lang in ("en", "el"))
    assert "opponent" in en.lower() and "αντιπάλου" in el and en != el
