"""The terminal with a long list told as groups (R2): the hint names keys that reach the play,
and how to choose is said once."""

from __future__ import annotations

import io

import pytest

from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice import words as M
from tavli_voice.events import Phase
from tavli_voice.rules import MatchConfig
from tavli_voice.session import Session
from tavli_voice.ui.app import App
from tavli_voice.ui.keys import parse_line
from tavli_voice.ui.terminal import TerminalPlayer


def grouped_turn(lang: str) -> tuple[App, TerminalPlayer, io.StringIO]:
    """A seeded Portes match played on with play 1 until the person's plays are told as groups."""
    for seed in range(1, 40):
        app = App(Session(MatchConfig(5, "portes", "tavlucky", seed),
                          (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita"))), lang=lang)
        out = io.StringIO()
        term = TerminalPlayer(app, out, io.StringIO())
        app.start()
        for _ in range(40):
            while app.bot_to_act():
                app.bot_step()
                app.pump()
            if app.finished:
                break
            if app.phase is Phase.ROLL:
                app.command(C.Roll())
            elif app.phase is Phase.PLAY and term.plays_grouped:
                return app, term, out
            elif app.phase is Phase.PLAY:
                app.command(C.ChoosePlay(1))
            elif app.phase is Phase.CONFIRM:
                app.command(C.Confirm())
    raise AssertionError("no seed reaches a turn told as groups")


@pytest.mark.parametrize("lang", ["en", "el"])
def test_r2_the_hint_on_a_grouped_list_says_the_play_and_keys_that_reach_it(lang: str) -> None:
    """The grouped list shows no play numbers: the hint says the play in words, then f and its
    group's point and its number in the group; typing those keys chooses the hinted play."""
    app, term, out = grouped_turn(lang)
    seen: list[E.Event] = []
    app.subscribe(seen.extend)
    start = len(out.getvalue())
    app.command(C.Hint())
    hint = out.getvalue()[start:].strip()
    report = next(ev for ev in seen if isinstance(ev, E.HintReport))
    words = "Hint: from " if lang == "en" else "Συμβουλή: από το "
    assert hint.startswith(words), hint
    assert ("play " + str(report.number)) not in hint and ("κίνηση " + str(report.number)) not in hint
    typed = hint.split(". Type " if lang == "en" else ". Γράψε ")[1]
    first, rest = typed.split(" then " if lang == "en" else " και μετά ")
    local = rest.split(" ")[0]
    assert first.startswith("f ") and local.isdigit(), hint
    assert f" {report.number}, " in rest, hint  # its number in the whole list, last
    app.command(parse_line(first))
    app.command(parse_line(local))
    assert app.phase is Phase.CONFIRM and app.session.pending == report.play, hint


@pytest.mark.parametrize("lang", ["en", "el"])
def test_r2_how_to_choose_from_groups_is_said_once(lang: str) -> None:
    """The list told as groups ends with the prompt alone, which says the steps, the list and
    help, where a line saying the steps came just before it."""
    app, term, out = grouped_turn(lang)
    term.prompt()
    lines = out.getvalue().splitlines()
    assert M.text("plays.groups_hint_screen", lang) not in lines
    assert lines[-1].startswith(M.text("prompt.choose_grouped", lang, n="X").split(" l ")[0])
    assert sum(line.count(" f ") for line in lines[-2:]) == 1, lines[-3:]


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_spoken_hint_on_a_list_told_aloud_as_groups_says_the_play_in_words(lang: str) -> None:
    """Aloud, a list longer than the spoken limit is told as groups with no numbers: the
    spoken hint says the play in words ("from 10 to 5"), the words that choose it by voice,
    and no play number; a short list's hint still says its number."""
    from tavli_voice.narration.phrases import NarrationContext, phrase
    from tavli_voice.rules import Position
    from tavli_voice.rules.movegen import legal_plays

    play = legal_plays(Position.initial("portes"), (6, 5))[0]
    ctx = NarrationContext(lang=lang)
    spoken = " ".join(str(seg) for seg in phrase(E.HintReport(0, 20, play), ctx).segments)
    assert spoken.startswith("Hint: from 24" if lang == "en" else "Συμβουλή: από το 24"), spoken
    assert "20" not in spoken, spoken
    short = " ".join(str(seg) for seg in phrase(E.HintReport(0, 3, play), ctx).segments)
    assert ("play 3" if lang == "en" else "κίνηση 3") in short, short
