"""Find a bot by name: ``make_bot("rita", seed=3)`` (Latin or Greek names).

The levels, weakest first (:data:`BOT_NAMES`): ``random``, ``rita``, ``strong``
(the fixed yardstick) and ``expert`` (the trained nets). What they are called
and how they are described, in English and Greek, is in the words catalogue
(``level.<name>``, ``cli.opponent``): bots hold no sentences.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable

from .base import Bot
from .random_bot import RandomBot
from .rita import RitaBot
from .strong import StrongBot

log = logging.getLogger(__name__)


def _expert(seed: int | str) -> Bot:
    from .expert import ExpertBot  # numpy and the weights load only when asked for

    return ExpertBot(seed)


#: Canonical bot names, weakest first.
BOT_NAMES = ("random", "rita", "strong", "expert")

#: The bot that answers hints and puts its play first in the list.
HINT_BOT = "expert"

_FACTORIES: dict[str, Callable[[int | str], Bot]] = {
    "random": RandomBot,
    "rita": RitaBot,
    "strong": StrongBot,
    "expert": _expert,
}

#: Other spellings (Greek, with or without accent) → canonical name.
ALIASES = {
    "τυχαίο": "random", "τυχαιο": "random", "τυχαίος": "random", "τυχαιος": "random",
    "ρίτα": "rita", "ριτα": "rita",
    "δυνατό": "strong", "δυνατο": "strong", "δυνατός": "strong", "δυνατος": "strong",
    "έμπειρος": "expert", "εμπειρος": "expert", "έμπειρο": "expert", "εμπειρο": "expert",
}


#: What to run to put damaged or missing weights back (said with ``weights.unusable``).
REINSTALL_COMMAND = "pip install --force-reinstall tavli_voice"


def unusable_games(games: Iterable[str]) -> list[str]:
    """Those of ``games`` whose expert weights do not load (the strong bot plays them
    instead), in the order given; why each fails goes to the log.

    Each game's weights are read and checked once a run (:func:`.net.load_model`).
    """
    from .net import weights_problem

    failed = []
    for game in dict.fromkeys(games):
        problem = weights_problem(game)
        if problem is not None:
            log.warning("%s; the strong bot plays in its place", problem)
            failed.append(game)
    return failed


def is_bot_name(name: str) -> bool:
    """True when ``name`` names a bot (any case, Latin or Greek)."""
    key = name.strip().lower()
    return ALIASES.get(key, key) in _FACTORIES


def unknown_bot_message(name: str, lang: str = "en") -> str:
    """"Unknown bot" in ``lang`` (en or el), with the names that exist."""
    names = ", ".join(BOT_NAMES)
    if lang == "el":
        return f"άγνωστο μποτ «{name}»· διάλεξε ένα από: {names}"
    return f"unknown bot {name!r}; choose one of: {names}"


def bot_name(name: str) -> str:
    """The canonical name for ``name`` (any case, Latin or Greek); ValueError if unknown."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in _FACTORIES:
        raise ValueError(unknown_bot_message(name))
    return key


def make_bot(name: str, seed: int | str = 0) -> Bot:
    """A new bot called ``name`` with its own RNG seeded by ``seed``."""
    return _FACTORIES[bot_name(name)](seed)
