"""Bots: ``random``, Rita the beginner, the strong bot (the yardstick) and the expert nets.

Bots see only :mod:`tavli_voice.rules`. Every bot takes a seed for its own
RNG and never sees future dice. Use :func:`make_bot`:

>>> from tavli_voice.rules import Position, legal_plays
>>> bot = make_bot("ρίτα", seed=1)
>>> pos = Position.initial("portes")
>>> plays = legal_plays(pos, (6, 5))
>>> bot.choose_play(pos, (6, 5), plays) in plays
True
"""

from .base import Bot, can_double, cube_value
from .cube import CubePolicy, win_chance
from .evaluation import WIN, evaluate, pre_roll_score, static_score
from .expert import ExpertBot
from .random_bot import RandomBot
from .ranking import best_play, rank_plays, score_plays
from .registry import ALIASES, BOT_NAMES, HINT_BOT, bot_name, is_bot_name, make_bot
from .rita import RitaBot
from .strong import StrongBot

__all__ = [
    "Bot", "can_double", "cube_value", "CubePolicy", "win_chance", "WIN", "evaluate",
    "pre_roll_score", "static_score", "RandomBot", "best_play", "rank_plays",
    "score_plays", "ALIASES", "BOT_NAMES", "bot_name", "make_bot", "RitaBot", "StrongBot",
    "ExpertBot", "HINT_BOT", "is_bot_name",
]
