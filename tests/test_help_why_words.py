"""The help line of ``e`` names the word to say, then what it does in other words: «e: γιατί:
τι κάνει …», never «γιατί: γιατί η …» ("why: why the …"), a word read twice in a row."""

from __future__ import annotations

import re

import pytest

from tavli_voice import events as E
from tavli_voice.narration.phrases import NarrationContext, screen_text


@pytest.mark.parametrize("lang, line", [
    ("en", "e: why: what makes the hint's play better (than yours, once you chose), or whether "
           "to take or drop a double"),
    ("el", "e: γιατί: τι κάνει καλύτερη την προτεινόμενη κίνηση (από τη δική σου, αν διάλεξες), "
           "ή αν πρέπει να δεχτείς ή να αρνηθείς έναν διπλασιασμό"),
])
def test_the_why_help_line_says_why_once(lang: str, line: str) -> None:
    shown = screen_text(E.HelpReport(0, ("why",)), NarrationContext(lang=lang)).splitlines()
    assert line in shown, shown
    assert not any(re.search(r"(\w+): \1\b", s) for s in shown), shown
