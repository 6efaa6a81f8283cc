"""The end of a match speaks to the player's way in (``App.way_in``): a typed player is told the
command that reviews the kept match later, a voice or one-switch player, who types nothing, only
that it is kept, and the question or the scan menu that follows names what to say or pick
(English and Greek; seeded dice, user folders in ``tmp_path``, a recording speaker)."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest

from match_support import play_to_the_end
from tavli_voice import events as E
from tavli_voice.narration.narrator import Narrator
from tavli_voice.narration.speaker import RecordingSpeaker
from tavli_voice.narration.speechtext import clean_for_speech
from tavli_voice.ui.app import App

KEPT = {"en": "The match is kept in the history.", "el": "Ο αγώνας κρατήθηκε στο ιστορικό."}


def _voice(app: App) -> None:
    app.voice_input = True


def _switch(app: App) -> None:
    app.list_plays = False  # the terminal's scanning: the scanner reads the options


def _spoken_end(tmp_home: Path, lang: str, setup: Callable[[App], None] | None
                ) -> tuple[App, list[str], list[str]]:
    """The notices from the match's end on, and what the narrator said of them, cleaned for
    speech as the speech engine says it."""
    speaker = RecordingSpeaker(auto_finish=True)

    def with_speech(app: App) -> None:
        app.narrator = Narrator(speaker)
        if setup is not None:
            setup(app)

    app, seen = play_to_the_end(tmp_home, lang, setup=with_speech)
    for _ in range(400):
        app.pump()
    over = next(i for i, e in enumerate(seen) if isinstance(e, E.MatchOver))
    notices = [e.text for e in seen[over:] if isinstance(e, E.Notice)]
    spoken = [clean_for_speech(u.text, lang) for u in speaker.spoken()]
    start = max(i for i, t in enumerate(spoken) if t in [clean_for_speech(n, lang) for n in notices[:1]])
    return app, notices, spoken[start:]


@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_typed_player_is_told_the_command_that_reviews_the_match_later(
        tmp_home: Path, lang: str) -> None:
    app, notices, spoken = _spoken_end(tmp_home, lang, None)
    after = {"en": "The match is kept in the history; review it with: ",
             "el": "Ο αγώνας κρατήθηκε στο ιστορικό· δες τα λάθη με: "}[lang]
    assert notices[0].startswith(after) and " review " in notices[0], notices
    assert app.way_in == "keys"


@pytest.mark.parametrize("lang", ["en", "el"])
@pytest.mark.parametrize("way, setup", [("voice", _voice), ("switch", _switch)])
def test_a_voice_or_switch_player_hears_no_command_to_type(
        tmp_home: Path, lang: str, way: str, setup: Callable[[App], None]) -> None:
    app, notices, spoken = _spoken_end(tmp_home, lang, setup)
    assert notices[0] == KEPT[lang], notices
    assert spoken[0] == KEPT[lang], spoken
    # neither a command line on screen nor its sounds in speech («την εντολή ριβιού»)
    for line in notices + spoken:
        assert "review " not in line and "ριβιού" not in line and "εντολή" not in line, line
    assert app.way_in == way
