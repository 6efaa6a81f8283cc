"""The review asked for at the end of a match opens on "Review of this match." («Ανασκόπηση
αυτού του αγώνα.»): the match was just played, and its kept file's name
('20261207-214634-you-vs-rita') read aloud is a number of twenty million. ``tavli-voice review
NAME`` keeps the name, which tells the kept matches apart."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from match_support import play_to_the_end
from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice import words
from tavli_voice.ui.review_mode import ReviewMode


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_review_after_the_match_names_this_match_not_its_file(tmp_home: Path,
                                                                   lang: str) -> None:
    app, _ = play_to_the_end(tmp_home, lang=lang, kind="plakoto")
    assert app.review_question and app.history_kept is not None
    said = [e.text for e in app.command(C.Yes()) if isinstance(e, E.Notice)]
    this = words.text("review.title.this", lang)
    assert this in said, said
    assert this == ("Review of this match." if lang == "en" else "Ανασκόπηση αυτού του αγώνα.")
    assert not any(re.search(r"\d{8}", line) for line in said), said
    later = ReviewMode.open(app.history_kept, lang).start()
    assert later[0] == words.text("review.title", lang, name=app.history_kept.stem)
