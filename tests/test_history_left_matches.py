"""A match left after one play: kept in the history as left (never as won), resumable from
its save, and kept once however often it is resumed; another match with the same options
and seed, played differently, is another entry, never written over it (R9)."""

from __future__ import annotations

import io
import json
import time
from pathlib import Path

import pytest

from tavli_voice import commands as C
from tavli_voice import history, review_cli, storage
from tavli_voice import words as M
from tavli_voice.events import Phase
from tavli_voice.session import Session, new_session
from tavli_voice.ui.app import App


def play_then_quit(save: Path, choice: int) -> App:
    """A 3-point Tavli match against Rita (seed 3), the person taking play ``choice`` once,
    then quitting at their next roll."""
    app = App(new_session(kind="tavli", length=3, seed=3), lang="en", save_path=save)
    app.offer_review = False
    app.start()
    plays = 1
    made = 0
    for _ in range(200):
        if app.bot_to_act():
            app.bot_step()
            continue
        phase = app.state().phase
        if phase is Phase.ROLL:
            if made == plays:
                break
            app.command(C.Roll())
        elif phase is Phase.PLAY:
            app.command(C.ChoosePlay(min(choice, len(app.state().plays))))
        elif phase is Phase.CONFIRM:
            app.command(C.Confirm())
            made += 1
        else:
            app.command(C.No())
    app.command(C.Quit())
    return app


def listed(lang: str = "en") -> list[str]:
    out = io.StringIO()
    assert review_cli.main(["--list", "--lang", lang], out, io.StringIO()) == 0
    return out.getvalue().splitlines()[1:]


@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_match_quit_after_one_play_is_listed_as_left_and_stays_resumable(
        lang: str, tmp_home: Path) -> None:
    save = storage.data_dir() / "autosave.json"
    app = play_then_quit(save, 1)
    assert app.history_kept is not None and app.history_kept.is_file()
    kept = json.loads(app.history_kept.read_text("utf-8"))
    assert kept["ended"] == "left" and kept["turns"][0]["play"]
    lines = listed(lang)
    assert len(lines) == 1
    assert M.text("review.left", lang, a=0, b=0) in lines[0]
    won = M.text("review.finished", lang, winner="", a=0, b=0).strip()
    assert won not in lines[0] and M.text("review.finished_you", lang, a=0, b=0) not in lines[0]
    loaded = storage.load(save)
    assert loaded.data is not None and not loaded.data.get("over")  # resumable
    resumed, _events = Session.restore(loaded.data)
    assert resumed.phase is not Phase.MATCH_OVER


def test_another_match_with_the_same_seed_is_kept_beside_the_left_one_not_over_it(
        tmp_home: Path) -> None:
    folder = storage.data_dir()
    first = play_then_quit(folder / "autosave.json", 1)
    aside = folder / "match-1.json"
    (folder / "autosave.json").rename(aside)  # kept aside for a new match, as `play` does
    time.sleep(1.05)  # another second: another name
    second = play_then_quit(folder / "autosave.json", 2)
    assert first.history_kept is not None and second.history_kept is not None
    assert first.history_kept.is_file() and second.history_kept.is_file()
    assert len(listed()) == 2
    plays = [json.loads(p.read_text("utf-8"))["turns"][0]["play"]
             for p in (first.history_kept, second.history_kept)]
    assert plays[0] != plays[1]
    # the first match resumed and left again replaces its own entry only
    time.sleep(1.05)
    data = storage.load(aside).data
    assert data is not None
    session, events = Session.restore(data)
    third = App(session, lang="en", save_path=aside)
    third.offer_review = False
    third.start(events)
    third.command(C.Roll())
    third.command(C.ChoosePlay(1))
    third.command(C.Confirm())
    third.command(C.Quit())
    assert third.history_kept is not None
    names = sorted(e.path.name for e in history.entries().entries)
    assert names == sorted([second.history_kept.name, third.history_kept.name])
    kept = json.loads(third.history_kept.read_text("utf-8"))
    assert kept["turns"][0]["play"] == plays[0] and kept["ended"] == "left"
