"""A kept match's name (the history file ``tavli-voice review NAME`` opens) is in the
person's language: a Greek player reads no Latin letters in it, and names kept earlier
with "vs" still list and open (R9: the match's record)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice import history, review_cli, storage
from tavli_voice.events import Phase
from tavli_voice.session import new_session
from tavli_voice.ui.app import App


@pytest.fixture
def home(tmp_home: Path) -> Path:
    """Every user folder inside ``tmp_path``."""
    return tmp_home


def finish_a_match(home: Path, lang: str, seed: int = 5) -> tuple[App, list[str]]:
    """A 1-point Portes match against Rita, the person taking the first play each turn;
    the App at the end and every notice said."""
    app = App(new_session(kind="portes", length=1, seed=seed), lang=lang,
              save_path=storage.data_dir() / "autosave.json")
    app.offer_review = False
    said: list[str] = []
    app.subscribe(lambda evs: said.extend(e.text for e in evs if isinstance(e, E.Notice)))
    app.start()
    for _ in range(2000):
        if app.finished:
            break
        if app.bot_to_act():
            app.bot_step()
            continue
        phase = app.state().phase
        if phase is Phase.ROLL:
            app.command(C.Roll())
        elif phase is Phase.PLAY:
            app.command(C.ChoosePlay(1))
        elif phase is Phase.CONFIRM:
            app.command(C.Confirm())
        else:
            app.command(C.No())
    assert app.session.phase is Phase.MATCH_OVER
    return app, said


def test_a_greek_players_kept_match_is_named_in_greek_letters_and_old_names_still_open(
        home: Path) -> None:
    app, said = finish_a_match(home, "el")
    assert app.history_kept is not None and app.history_kept.exists()
    stem = app.history_kept.stem
    assert re.fullmatch(r"\d{8}-\d{6}-εσύ-με-ρίτα", stem), stem
    told = next(line for line in said if line.startswith("Ο αγώνας κρατήθηκε στο ιστορικό"))
    assert told.endswith(f" review {stem}")
    assert not re.search(r"[A-Za-z]", stem)
    # a match kept earlier with "vs" still lists and opens beside it
    folder = app.history_kept.parent
    old = folder / "20261201-101500-you-vs-rita.json"
    old.write_bytes(app.history_kept.read_bytes())
    listed = [e.path.name for e in history.entries(folder).entries]
    assert listed == [app.history_kept.name, old.name]  # newest first, both readable
    for name in (old.stem, app.history_kept.stem):
        path, data = history.load_entry(name, folder)
        assert path.exists() and data["ended"] == "finished"
    out, err = io.StringIO(), io.StringIO()
    assert review_cli.main(["--list", "--lang", "el"], out, err) == 0, err.getvalue()
    lines = out.getvalue().splitlines()
    assert any(line.startswith(old.stem + "  ") for line in lines), lines
    assert any(line.startswith(app.history_kept.stem + "  ") for line in lines), lines


def test_an_english_players_kept_match_keeps_its_english_name(home: Path) -> None:
    app, _ = finish_a_match(home, "en")
    assert app.history_kept is not None
    assert re.fullmatch(r"\d{8}-\d{6}-you-vs-rita", app.history_kept.stem)


def test_the_names_joiner_and_the_unnamed_person_are_words_in_both_languages() -> None:
    from tavli_voice.words import text

    assert history.history_name("2026-12-05T23:15:00", [text("review.file_you", "el"), "Ρίτα"],
                                text("review.file_vs", "el")) == "20261205-231500-εσύ-με-ρίτα.json"
    assert history.history_name("2026-12-05T23:15:00", [text("review.file_you", "en"), "Rita"],
                                text("review.file_vs", "en")) == "20261205-231500-you-vs-rita.json"
