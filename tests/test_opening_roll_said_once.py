"""R3: the opening roll's heading is said once, however many ties come before a winner.

A screen reader reads each line aloud: two ties in a row were two sentences both starting
"Opening roll: both …" (the same sentence twice when the same double came again); the ties
after the first now start "Again:", as the deciding roll after a tie does.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tavli_voice import events as E
from tavli_voice.narration.phrases import NarrationContext, screen_text

YOU_RITA = (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita"))
HEADING = {"en": "Opening roll", "el": "Ποιος αρχίζει"}


def started(rolls: tuple[tuple[int, int], ...], lang: str, listener: int | None = 0) -> str:
    event = E.GameStarted("plakoto", 1, 1, "opening_roll", rolls, None)
    return screen_text(event, NarrationContext(lang=lang, listener=listener, players=YOU_RITA))


@pytest.mark.parametrize("lang,expected", [
    ("en", "Opening roll: both 3, roll again. Again: both 3, roll again. Again: both 5, roll again. "
           "Again: you 3, Rita 4."),
    ("el", "Ποιος αρχίζει: 3 και οι δύο, ξαναρίχνετε. Ξανά: 3 και οι δύο, ξαναρίχνετε. "
           "Ξανά: 5 και οι δύο, ξαναρίχνετε. Ξανά: εσύ 3, η Ρίτα 4."),
])
def test_ties_in_a_row_say_the_heading_once_and_never_one_sentence_twice(lang: str, expected: str) -> None:
    text = started(((3, 3), (3, 3), (5, 5), (3, 4)), lang)
    assert expected in text, text
    assert text.count(HEADING[lang]) == 1
    sentences = [s for s in text.split(". ") if s]
    assert len(sentences) == len(set(sentences)), text


def test_ties_between_two_computer_players_say_they_roll_again() -> None:
    text = started(((6, 6), (2, 2), (1, 4)), "el", listener=None)
    assert "Ποιος αρχίζει: 6 και οι δύο, ξαναρίχνουν. Ξανά: 2 και οι δύο, ξαναρίχνουν. Ξανά:" in text, text


def test_a_seeded_match_with_two_opening_ties_prints_the_heading_once(tmp_path: Path) -> None:
    """Seed 80's first Plakoto game opens with 3-3, then 5-5, then 3-4 (Rita starts)."""
    from tavli_voice.startup import main

    out = io.StringIO()
    main(["--game", "plakoto", "--opponent", "rita", "--seed", "80", "--speech", "off",
          "--save", str(tmp_path / "save.json")], out=out, inp=io.StringIO("q\ny\n"))
    text = out.getvalue()
    assert "Opening roll: both 3, roll again. Again: both 5, roll again. Again: you 3, Rita 4." in text, text
    assert text.count("Opening roll") == 1
