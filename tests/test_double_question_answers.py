"""The double's question names the answers each front end takes: the window's buttons and a
switch's scan offer Take and Drop only; the terminal and the voice take yes and no too."""

from __future__ import annotations

import pytest

from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice import words as M
from tavli_voice.narration.phrases import NarrationContext, phrase, screen_text
from tavli_voice.ui.board.navigation import ACTION_COMMANDS
from tavli_voice.ui.keys import parse_line

ASK = E.QuestionAsked(0, "take", 2)


def spoken(ctx: NarrationContext) -> str:
    return " ".join(str(seg) for seg in phrase(ASK, ctx).segments)


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_window_and_a_switch_name_the_take_and_drop_buttons(lang: str) -> None:
    take, drop = M.text("board.take", lang), M.text("board.drop", lang)
    window = screen_text(ASK, NarrationContext(lang=lang, show_keys=False, window=True))
    switch = spoken(NarrationContext(lang=lang, list_plays=False))
    for said in (window, switch):
        assert said.endswith(f"{take} {M.text('word.or', lang)} {drop}."), said
        assert ("Yes" if lang == "en" else "Ναι") not in said, said
    assert ACTION_COMMANDS["take"] == C.Take() and ACTION_COMMANDS["drop"] == C.Drop()


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_terminal_and_the_voice_still_ask_for_yes_or_no(lang: str) -> None:
    yes, no = ("yes", "no") if lang == "en" else ("ναι", "όχι")
    for said in (screen_text(ASK, NarrationContext(lang=lang)), spoken(NarrationContext(lang=lang))):
        assert said.lower().count(yes) == 1 and f" {no} " in said.lower(), said
    assert parse_line(yes) == C.Yes() and parse_line(no) == C.No()
