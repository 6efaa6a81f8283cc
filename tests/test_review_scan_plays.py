"""A switch user trying a mistake again in the review meets its plays as in a game: a few one
by one, more by the checker moved ("From 13: 32 plays", as the mistake is read to them), a
checker's plays one pick away or in groups, Back returning to the review's list (a mistake of
2-2 read all 43 plays one after another)."""

from __future__ import annotations

from pathlib import Path

import pytest

from match_support import play_to_the_end
from tavli_voice import commands as C
from tavli_voice.rules.playgroups import group_plays
from tavli_voice.scanning import ListMode, ScanSettings
from tavli_voice.scanning.cost import scan_cost_tree
from tavli_voice.scanning.modes import is_command
from tavli_voice.ui.app import App
from tavli_voice.ui.review_mode import review_scan_root


@pytest.fixture
def home(tmp_home: Path) -> Path:
    return tmp_home


def reviewed(home: Path) -> App:
    """A 1-point Portes match the person plays with the last play on the list each turn,
    reviewed on to its first mistake with more plays than a switch user's list limit."""
    app, _ = play_to_the_end(home)
    app.command(C.Yes())
    assert app.review is not None
    for _ in app.review.walk.mistakes:
        if len(app.state().plays) > ScanSettings().list_limit:
            return app
        app.command(C.Next())
    raise AssertionError("no mistake with many plays")


def _try_again(root: ListMode) -> ListMode:
    plays = root.choose([o.key for o in root.options].index("try_again"))
    assert isinstance(plays, ListMode)
    return plays


def test_try_again_offers_a_long_list_by_the_checker_moved(home: Path) -> None:
    app = reviewed(home)
    view = app.state()
    settings = ScanSettings()
    root = review_scan_root(view, settings)
    plays = _try_again(root)
    labels = [o.label("en") for o in plays.options]
    assert labels[-1] == "Back" and len(labels) < len(view.plays)
    assert labels[0].startswith("From ") and labels[0].endswith(" plays")
    groups = group_plays(view.plays)
    assert len(labels) == len(groups) + 1
    assert labels[0] == f"From {groups[0].source}: {len(groups[0])} plays"
    assert plays.choose(len(labels) - 1) is root  # Back: the review's list again
    # every play is reached, each in a few picks, where one long list cost a pass of all
    reached = {c for c in _commands(plays)}
    assert reached == {C.ChoosePlay(n) for n in range(1, len(view.plays) + 1)}
    costs = [scan_cost_tree(plays, C.ChoosePlay(n), settings)
             for n in range(1, len(view.plays) + 1)]
    assert all(c is not None for c in costs)
    assert max(c.steps for c in costs if c is not None) < len(view.plays) // 2


def _commands(mode: ListMode, depth: int = 0) -> list[C.Command]:
    found: list[C.Command] = []
    for i, option in enumerate(mode.options):
        if option.is_back:
            continue
        choice = mode.choose(i)
        if is_command(choice):
            found.append(choice)
        elif isinstance(choice, ListMode) and depth < 4:
            found += _commands(choice, depth + 1)
    return found


def test_a_checker_opens_its_plays_and_a_pick_tries_that_play(home: Path) -> None:
    app = reviewed(home)
    mode: object = _try_again(review_scan_root(app.state(), ScanSettings())).choose(0)
    while isinstance(mode, ListMode):
        assert mode.options[-1].is_back
        mode = mode.choose(0)
    assert is_command(mode) and isinstance(mode, C.ChoosePlay)
    assert app.command(mode)  # the review answers the play tried


def test_a_few_plays_stay_one_list(home: Path) -> None:
    app = reviewed(home)
    plays = _try_again(review_scan_root(app.state(), ScanSettings(list_limit=30)))
    assert [o.key for o in plays.options] == ["play"] * len(app.state().plays) + ["back"]
