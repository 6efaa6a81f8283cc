"""Find a bot by name: ``make_bot("rita", seed=3)`` (Latin or Greek names)."""

from __future__ import annotations

from typing import Callable

from .base import Bot
from .random_bot import RandomBot
from .rita import RitaBot
from .strong import StrongBot

#: Canonical bot names, weakest first.
BOT_NAMES = ("random", "rita", "strong")

_FACTORIES: dict[str, Callable[[int | str], Bot]] = {
    "random": RandomBot,
    "rita": RitaBot,
    "strong": StrongBot,
}

#: Other spellings (Greek, with or without accent) → canonical name.
ALIASES = {
    "τυχαίο": "random", "τυχαιο": "random", "τυχαίος": "random", "τυχαιος": "random",
    "ρίτα": "rita", "ριτα": "rita",
    "δυνατό": "strong", "δυνατο": "strong", "δυνατός": "strong", "δυνατος": "strong",
}


def bot_name(name: str) -> str:
    """The canonical name for ``name`` (any case, Latin or Greek); ValueError if unknown."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in _FACTORIES:
        raise ValueError(f"unknown bot {name!r}; expected one of: {', '.join(BOT_NAMES)}")
    return key


def make_bot(name: str, seed: int | str = 0) -> Bot:
    """A new bot called ``name`` with its own RNG seeded by ``seed``."""
    return _FACTORIES[bot_name(name)](seed)
