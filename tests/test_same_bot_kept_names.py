"""A bot against the same bot is told apart where a person reads the kept match: its history
file name ("…-first-rita-vs-second-rita", «…-πρώτη-ρίτα-με-δεύτερη-ρίτα»), ``review --list``
("The first Rita against the second Rita", «Πρώτη Ρίτα – Δεύτερη Ρίτα») and the reasons of
``review --jsonl`` with its "who", where each said "rita-vs-rita" / "Rita". An entry kept
under the old name is still found and replaced when its match goes on."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from tavli_voice import events as E
from tavli_voice import history, review_cli, startup, storage
from tavli_voice.session import Session, new_session
from tavli_voice.ui.app import App

EXPECTED = {
    "en": ("first-rita-vs-second-rita", "The first Rita against the second Rita",
           "The first Rita won 1 to 0", ("First Rita", "Second Rita"),
           r"(?<!first )(?<!second )\bRita"),
    "el": ("πρώτη-ρίτα-με-δεύτερη-ρίτα", "Πρώτη Ρίτα – Δεύτερη Ρίτα",
           "κέρδισε η πρώτη Ρίτα 1 προς 0", ("Πρώτη Ρίτα", "Δεύτερη Ρίτα"),
           r"(?<!πρώτη )(?<!δεύτερη )(?<!πρώτης )(?<!δεύτερης )Ρίτ"),
}


@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_match_of_rita_against_rita_is_kept_listed_and_judged_with_each_told_apart(
        tmp_home: Path, lang: str) -> None:
    stem, players, result, who, bare = EXPECTED[lang]
    out = io.StringIO()
    assert startup.main(["--players", "rita,rita", "--points", "1", "--game", "portes",
                         "--seed", "2", "--speech", "off", "--lang", lang], out,
                        io.StringIO("")) == 0, out.getvalue()
    [kept] = history.entries().entries
    assert kept.ended == "finished" and kept.path.stem.endswith("-" + stem), kept.path

    out = io.StringIO()
    assert review_cli.main(["--list", "--lang", lang], out, io.StringIO()) == 0
    line = out.getvalue().splitlines()[1]
    assert f"  {players}  " in line and f"  {result}  " in line, line

    out = io.StringIO()
    assert review_cli.main(["--jsonl", "--side", "all", "--lang", lang], out, io.StringIO()) == 0
    judged = [json.loads(x) for x in out.getvalue().splitlines()]
    assert {j["side"] for j in judged} == {0, 1}
    for j in judged:
        assert j["who"] == who[j["side"]]
        for sentence in j["why"]:
            assert not re.search(bare, sentence), sentence  # each Rita named by seat


def test_a_left_entry_kept_under_the_old_name_is_replaced_when_its_match_goes_on(
        tmp_home: Path) -> None:
    seats = (E.PlayerInfo("Rita", "rita"), E.PlayerInfo("Rita", "rita"))
    save = storage.data_dir() / "autosave.json"
    app = App(new_session("portes", length=1, seed=2, players=seats), save_path=save)
    app.start()
    for _ in range(12):
        app.bot_step()
    app.stopped()  # left: kept in the history
    assert app.history_kept is not None
    old = app.history_kept.with_name(app.history_kept.name.replace(
        "first-rita-vs-second-rita", "rita-vs-rita"))
    app.history_kept.rename(old)  # as kept before seats were told apart

    data = storage.load(save).data
    assert data is not None
    session, events = Session.restore(data)
    again = App(session, save_path=save)
    again.start(events)
    while not again.finished:
        again.bot_step()
    [kept] = history.entries().entries
    assert kept.ended == "finished" and kept.path.stem.endswith("-first-rita-vs-second-rita")
    assert not old.exists()
    assert [t["turn"] for t in json.loads(kept.path.read_text("utf-8"))["turns"]][:3] == [1, 2, 3]
