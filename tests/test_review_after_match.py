"""The review offered at the end of a match, in the same session and front end (R9: the
match's record), stepped through by commands: keys, voice and one switch alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice.events import Phase
from tavli_voice.rules import legal_plays
from tavli_voice.session import new_session
from tavli_voice.ui.app import App

OFFER = {"en": "Review your mistakes? Yes or no.", "el": "Να δούμε τα λάθη σου; Ναι ή όχι."}


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every user folder inside ``tmp_path``."""
    monkeypatch.delenv("TAVLI_VOICE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    for name in ("DATA", "CONFIG", "CACHE", "STATE"):
        monkeypatch.setenv(f"XDG_{name}_HOME", str(tmp_path / name.lower()))
    return tmp_path


def notices(events: list[E.Event]) -> list[str]:
    return [e.text for e in events if isinstance(e, E.Notice)]


def play_to_the_end(home: Path, lang: str = "en", seed: int = 5,
                    offer: bool = True) -> tuple[App, list[E.Event]]:
    """A 1-point Portes match, the person always taking the last play on the list (often a
    mistake) against Rita; returns the App at the end and every event published."""
    app = App(new_session(kind="portes", length=1, seed=seed), lang=lang,
              save_path=home / "match.json")
    app.offer_review = offer
    seen: list[E.Event] = []
    app.subscribe(seen.extend)
    app.start()
    for _ in range(2000):
        if app.finished or app.review_question:
            break
        if app.bot_to_act():
            app.bot_step()
            continue
        view = app.state()
        if view.phase is Phase.ROLL:
            app.command(C.Roll())
        elif view.phase is Phase.PLAY:
            app.command(C.ChoosePlay(len(view.plays)))
        elif view.phase is Phase.CONFIRM:
            app.command(C.Confirm())
        else:
            app.command(C.No())
    assert app.session.phase is Phase.MATCH_OVER
    return app, seen


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_end_of_a_match_asks_and_yes_steps_through_the_mistakes(home: Path,
                                                                     lang: str) -> None:
    app, seen = play_to_the_end(home, lang)
    over = next(i for i, e in enumerate(seen) if isinstance(e, E.MatchOver))
    assert notices(seen[over:])[-1] == OFFER[lang]  # asked after the match is over
    assert not app.finished and app.state().phase is Phase.ASK
    assert app.state().available[:2] == ("yes", "no")
    said = notices(app.command(C.Yes()))
    title = "Review of " if lang == "en" else "Ανασκόπηση του αγώνα "
    assert any(line.startswith(title) for line in said)
    review = app.review
    assert review is not None and review.mistakes >= 2, said
    first = "Mistake 1 of" if lang == "en" else "Λάθος 1 από"
    assert any(line.startswith(first) for line in said)
    view = app.state()
    mistake = review.walk.mistakes[0]
    assert view.phase is Phase.REVIEW and view.dice == mistake.dice
    assert view.plays == legal_plays(mistake.position, mistake.dice)
    assert "previous" not in view.available and "next" in view.available
    second = "Mistake 2 of" if lang == "en" else "Λάθος 2 από"
    assert any(line.startswith(second) for line in notices(app.command(C.Next())))
    assert "previous" in app.state().available
    assert any(line.startswith(first) for line in notices(app.command(C.Previous())))
    best = view.plays.index(mistake.best) + 1
    right = "Right: " if lang == "en" else "Σωστά: "
    answer = notices(app.command(C.ChoosePlay(best)))
    assert answer[0].startswith(right) and mistake.best.notation in answer[0]
    wrong = view.plays.index(mistake.played) + 1
    assert not notices(app.command(C.ChoosePlay(wrong)))[0].startswith(right)
    end = notices(app.command(C.EndReview()))
    assert end[0] == ("End of the review." if lang == "en" else "Τέλος της ανασκόπησης.")
    assert app.finished and app.review is None and app.state().phase is Phase.MATCH_OVER


def test_no_ends_the_match_without_a_review(home: Path) -> None:
    app, _ = play_to_the_end(home)
    assert notices(app.command(C.No())) == []
    assert app.finished and app.review is None


def test_next_past_the_last_mistake_ends_the_review_with_the_summary(home: Path) -> None:
    app, _ = play_to_the_end(home)
    app.command(C.Yes())
    assert app.review is not None
    for _ in range(app.review.mistakes - 1):
        app.command(C.Next())
    said = notices(app.command(C.Next()))
    assert said[0] == "End of the review."
    assert "mistakes in" in said[1] and "equity lost per decision" in said[1]
    assert app.finished


def test_without_the_offer_the_match_simply_ends(home: Path) -> None:
    app, seen = play_to_the_end(home, offer=False)
    assert app.finished and OFFER["en"] not in notices(seen)
