"""The few words only the board window shows, in English and Greek side by side.

Game events are worded by ``narration`` (``screen_text`` / ``messages``);
this table holds the window's own labels: buttons, headings, the no-display
message. The table itself (``BOARD_WORDS``) lives with every other word in
``narration/messages.py``; a test checks that every key has both languages
and the same placeholders.
"""

from __future__ import annotations

import string
from typing import Any
from ...narration.messages import BOARD_WORDS

LANGS = ("en", "el")

WORDS = BOARD_WORDS  # the words live in narration/messages.py


def word(key: str, lang: str = "en", **kw: Any) -> str:
    """The label ``key`` in ``lang`` (English for an unknown language)."""
    table = WORDS[key]
    return table.get(lang, table["en"]).format(**kw)


def placeholders(template: str) -> set[str]:
    """Names of the ``{…}`` fields of a template (for the completeness test)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def game_title(game: str, lang: str, preset: str | None = None) -> str:
    """A game's name from ``narration.messages`` (the game key itself as fallback)."""
    try:
        from ...narration.messages import game_name
        return game_name(game, lang, preset)
    except Exception:  # messages not there yet or unknown language
        return game.capitalize()


def player_name(name: str, bot: str | None, index: int, lang: str) -> str:
    """How to show a player, from ``narration.messages`` when present."""
    try:
        from ...narration.messages import player_words
        return player_words(name, bot, index, lang).name
    except Exception:
        return name or f"Player {index + 1}"
