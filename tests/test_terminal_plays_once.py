"""The terminal writes each play once, in words, so a screen reader reads it once: the list,
the play chosen and the play made ("1: from 24 to 23, from 24 to 20", never "… (24/23
24/20)" after it); ``--notation`` writes the notation after the words, and the resume command keeps it."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

#: a play's notation, "(24/23 24/20)", «(μπάρα/22 6/έξω)»
NOTATION = re.compile(r"\([^()]*\d/")


class Keys(io.StringIO):
    """Stdin typing ``script`` then nothing (end of input leaves, the match saved)."""

    def __init__(self, script: list[str]) -> None:
        super().__init__("".join(line + "\n" for line in script))


def run(args: list[str], script: list[str], tmp_path: Path) -> list[str]:
    from tavli_voice.startup import main

    out = io.StringIO()
    main(args + ["--speech", "off", "--save", str(tmp_path / "save.json")], out=out,
         inp=Keys(script))
    return out.getvalue().splitlines()


@pytest.mark.parametrize("lang, listed, chosen, made", [
    ("en", "1: from 24 to 23, from 24 to 20", "Chosen: from 24 to 23, from 24 to 20.",
     "You played from 24 to 23, from 24 to 20."),
    ("el", "1: από το 24 στο 23, από το 24 στο 20", "Διάλεξες: από το 24 στο 23, από το 24 στο 20.",
     "Έπαιξες από το 24 στο 23, από το 24 στο 20."),
])
def test_each_play_is_written_once_in_words(lang: str, listed: str, chosen: str, made: str,
                                            tmp_path: Path) -> None:
    lines = run(["--game", "portes", "--points", "1", "--seed", "5", "--lang", lang],
                ["r", "1", "c", "q"], tmp_path)
    plays = [line for line in lines if re.match(r"\d+: ", line)]
    assert len(plays) == 16 and plays[0] == listed, lines
    assert not [line for line in lines if NOTATION.search(line)], lines
    assert any(line.startswith(chosen) for line in lines), lines
    assert made in lines, lines


@pytest.mark.parametrize("lang", ["en", "el"])
def test_notation_after_the_words_on_request_and_kept_by_the_resume_command(
        lang: str, tmp_path: Path) -> None:
    lines = run(["--game", "portes", "--points", "1", "--seed", "5", "--lang", lang,
                 "--notation"], ["r", "q"], tmp_path)
    plays = [line for line in lines if re.match(r"\d+: ", line)]
    assert len(plays) == 16 and plays[0].endswith(" (24/23 24/20)"), plays
    resume = next(line for line in lines if "resume" in line)
    assert "--notation" in resume, resume


@pytest.mark.parametrize("lang, chosen, prompt", [
    ("en", "Chosen: from 24 to 23, from 24 to 20.", "Type c to confirm, u to undo."),
    ("el", "Διάλεξες: από το 24 στο 23, από το 24 στο 20.",
     "Γράψε c για επιβεβαίωση, u για αναίρεση."),
])
def test_a_chosen_play_is_confirmed_by_the_prompt_alone(lang: str, chosen: str, prompt: str,
                                                        tmp_path: Path) -> None:
    """"Chosen: … Confirm or undo." then "Type c to confirm, u to undo." asked the same twice:
    the line names the play, the prompt after it says how to confirm or undo."""
    lines = run(["--game", "portes", "--points", "1", "--seed", "5", "--lang", lang],
                ["r", "1", "q"], tmp_path)
    at = lines.index(chosen)
    assert lines[at + 1] == prompt, lines[at:at + 2]


@pytest.mark.parametrize("lang, only", [
    ("en", "Only one play is possible, from 24 to 20, because the first checker, on 24, must pass "
           "the opponent's starting point before another may leave."),
    ("el", "Μόνο μία κίνηση γίνεται, από το 24 στο 20, γιατί το πρώτο πούλι, στη θέση 24, πρέπει "
           "να περάσει την αφετηρία του αντιπάλου πριν φύγει άλλο."),
])
def test_the_only_play_is_confirmed_by_the_prompt_alone(lang: str, only: str,
                                                        tmp_path: Path) -> None:
    """"… Confirm to play it." then "Type c to confirm, u to undo.": the prompt asks alone."""
    lines = run(["--game", "fevga", "--points", "1", "--seed", "3", "--lang", lang],
                ["r", "q"], tmp_path)
    at = lines.index(only)
    assert lines[at + 1] in ("Type c to confirm, u to undo.",
                             "Γράψε c για επιβεβαίωση, u για αναίρεση."), lines[at:at + 2]
