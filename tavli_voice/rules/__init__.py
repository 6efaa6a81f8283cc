"""The pure rules core: positions, dice, the three games, legal plays, reasons,
scoring and the match (``docs/rules.md`` R0–R10). No I/O here.
"""

from .chooser import StepChooser, apply_steps, play_for_result
from .dice import Dice, check_dice
from .games import Game, find_game, game_outcome
from .match import (ROTATION, DiceSource, MatchConfig, MatchState, Opening, TimerRules,
                    game_seed, opening)
from .movegen import Turn, analyse, has_legal_play, is_closed_out, legal_plays
from .notation import AmbiguousPlayError, IllegalPlayError, NotationError, parse_play
from .outcome import Outcome, OutcomeKind, drop_outcome, resign_outcome
from .plays import Play, Step, moves_of, notation
from .position import BAR, GAMES, OFF, PRESETS, Cube, GameName, Point, Position, Preset
from .reasons import PassReason, Reason

__all__ = [
    "Dice", "GAMES", "Game", "find_game", "ROTATION", "DiceSource", "MatchConfig", "MatchState",
    "Opening", "TimerRules", "game_seed", "opening", "StepChooser", "Turn", "analyse",
    "apply_steps", "check_dice", "has_legal_play", "is_closed_out", "legal_plays",
    "play_for_result", "AmbiguousPlayError", "IllegalPlayError", "NotationError",
    "parse_play", "Outcome", "OutcomeKind", "drop_outcome", "game_outcome",
    "resign_outcome", "Play", "Step", "moves_of", "notation", "BAR", "OFF", "PRESETS",
    "Cube", "GameName", "Point", "Position", "Preset", "PassReason", "Reason",
]
