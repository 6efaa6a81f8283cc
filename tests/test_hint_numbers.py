"""The hint names a number the player can use (R2): none on a list told aloud as groups, and
the play's number in the shorter list offered once a checker is picked on a long turn."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice.events import Phase
from tavli_voice.narration.phrases import phrase, screen_text
from tavli_voice.rules import MatchConfig
from tavli_voice.rules.playgroups import group_of, group_plays, group_source
from tavli_voice.session import Session
from tavli_voice.ui.app import App


def long_turn(lang: str, fits: Callable[[Session], bool]) -> App:
    """A seeded Portes match played on with play 1 until the person's turn ``fits``."""
    for seed in range(1, 80):
        app = App(Session(MatchConfig(5, "portes", "tavlucky", seed),
                          (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita"))), lang=lang)
        app.start()
        for _ in range(60):
            while app.bot_to_act():
                app.bot_step()
            if app.finished:
                break
            if app.phase is Phase.ROLL:
                app.command(C.Roll())
            elif app.phase is Phase.PLAY and fits(app.session):
                return app
            elif app.phase is Phase.PLAY:
                app.command(C.ChoosePlay(1))
            elif app.phase is Phase.CONFIRM:
                app.command(C.Confirm())
    raise AssertionError("no seed reaches such a turn")


def hint(app: App) -> tuple[E.HintReport, str, str]:
    """The hint report of ``app``'s turn, said (speech) and shown (screen)."""
    report = next(e for e in app.command(C.Hint()) if isinstance(e, E.HintReport))
    ctx = app.context()
    return report, " ".join(str(seg) for seg in phrase(report, ctx).segments), screen_text(report, ctx)


def numbers(text: str, lang: str) -> list[str]:
    """The play numbers a hint names ("play 7" / «κίνηση 7»)."""
    word = "play " if lang == "en" else "κίνηση "
    return [part.split()[0].strip(",.:") for part in text.split(word)[1:]]


@pytest.mark.parametrize("lang", ["en", "el"])
def test_r2_the_spoken_hint_on_a_13_to_15_play_list_told_as_groups_names_no_number(lang: str) -> None:
    """13 plays or more are told aloud as groups with no numbers; the spoken hint says the play
    in words for every play of the list, the first twelve too (it said "play 7", never said)."""
    app = long_turn(lang, lambda s: 13 <= len(s.plays) <= 15 and s.suggested_number() <= 12)
    report, said, shown = hint(app)
    assert numbers(said, lang) == [], said
    assert said.startswith("Hint: from" if lang == "en" else "Συμβουλή: από"), said
    assert report.number <= 12 and report.count == len(app.session.plays)
    # on screen the list of up to 20 plays is numbered: the number stays there
    assert numbers(shown, lang) == [str(report.number)], shown


def grouped(s: Session) -> bool:
    """A turn above the grouping limit where the hint's group is numbered apart, at another
    place than in the whole list, and another group is numbered too."""
    if len(s.plays) <= s.options.group_above:
        return False
    n = s.suggested_number()
    group = group_of(s.plays, group_source(s.plays[n - 1]))
    others = [g for g in group_plays(s.plays) if g is not group and 1 < len(g) <= 12]
    return (group is not None and len(group) <= s.options.group_above
            and group.numbers.index(n) + 1 != n and bool(others))


@pytest.mark.parametrize("lang", ["en", "el"])
def test_r2_with_its_checker_picked_the_hint_names_the_play_number_in_the_group(lang: str) -> None:
    """A checker picked on a long turn numbers its group's plays 1, 2 …: the hint names the
    play's number there (it named its number in the whole list), and that number chooses it."""
    app = long_turn(lang, grouped)
    s = app.session
    best = s.plays[s.suggested_number() - 1]
    app.command(C.FromPoint(group_source(best)))
    report, said, shown = hint(app)
    local = app.state().numbered.index(best) + 1
    assert numbers(said, lang) == [str(local)], said
    assert numbers(shown, lang) == [str(local)], shown
    app.command(C.ChoosePlay(local))
    assert app.phase is Phase.CONFIRM and s.pending == best


@pytest.mark.parametrize("lang", ["en", "el"])
def test_r2_with_another_checker_picked_the_hint_says_how_to_reach_the_play(lang: str) -> None:
    """With another group open the hint's play is not among its numbers: the hint says undo, then
    its number in the whole list, which then chooses it; aloud (no numbers said) undo alone."""
    app = long_turn(lang, grouped)
    s = app.session
    best = s.plays[s.suggested_number() - 1]
    other = next(g for g in group_plays(s.plays)
                 if g.source != group_source(best) and 1 < len(g) <= 12)
    app.command(C.FromPoint(other.source))
    assert app.state().numbered and best not in app.state().numbered
    report, said, shown = hint(app)
    undo = "undo" if lang == "en" else "αναίρεση"
    assert undo in shown and numbers(shown, lang) == [str(report.number)], shown
    assert undo in said, said
    app.command(C.Undo())
    app.command(C.ChoosePlay(report.number))
    assert app.phase is Phase.CONFIRM and s.pending == best
