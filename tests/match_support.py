"""A scripted match for the review tests (not a test file).

:func:`play_to_the_end` plays a seeded 1-point match against Rita with the person always taking
the last play on the list (often a mistake), so the match's review has mistakes to step through.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice.events import Phase
from tavli_voice.session import new_session
from tavli_voice.ui.app import App


def play_to_the_end(home: Path, lang: str = "en", seed: int = 5,
                    offer: bool = True, kind: str = "portes",
                    setup: Callable[[App], None] | None = None) -> tuple[App, list[E.Event]]:
    """A 1-point match (Portes unless ``kind``), the person always taking the last play on the list against
    Rita, saved in ``home``; returns the App at the end (asking whether to review when ``offer``) and every
    event published. ``setup`` sets the App up before the match starts (the player's way in)."""
    app = App(new_session(kind=kind, length=1, seed=seed), lang=lang,
              save_path=home / "match.json")
    app.offer_review = offer
    if setup is not None:
        setup(app)
    seen: list[E.Event] = []
    app.subscribe(seen.extend)
    app.start()
    play_on_to_the_end(app)
    assert app.session.phase is Phase.MATCH_OVER
    return app, seen


def play_on_to_the_end(app: App, after_each: Callable[[], None] | None = None) -> None:
    """Plays a started match on until it ends or asks whether to review, the person always
    taking the last play on the list; ``after_each`` runs after every step (a window's frame)."""
    for _ in range(2000):
        if app.finished or app.review_question:
            return
        if app.bot_to_act():
            app.bot_step()
        else:
            view = app.state()
            if view.phase is Phase.ROLL:
                app.command(C.Roll())
            elif view.phase is Phase.PLAY:
                app.command(C.ChoosePlay(len(view.plays)))
            elif view.phase is Phase.CONFIRM:
                app.command(C.Confirm())
            else:
                app.command(C.No())
        if after_each is not None:
            after_each()
