"""Hand-written evaluation of a position, one function per game (R4, R5, R7).

Every evaluation reads a *result* position: the board right after the
mover's play, still seen from that mover (``Play.result``), with the
opponent to roll next. Bigger is better for that mover. Scores are in
"pip-like" units: one pip of race lead is worth about 1, a made home point a
few, a pinned opponent checker a few dozen. A finished game (``game_outcome``)
is worth :data:`WIN` per point, so it always outranks any position.

The per-game parts live in :mod:`.eval_portes`, :mod:`.eval_plakoto` and
:mod:`.eval_fevga`; their weights are frozen dataclasses so a benchmark or a
test can try others without touching globals.

>>> from tavli_voice.rules import Position
>>> evaluate(Position.initial("portes")) == evaluate(Position.initial("portes"))
True
"""

from __future__ import annotations

from typing import Any, Callable

from tavli_voice.rules import Position, game_outcome

from .eval_fevga import FevgaWeights, evaluate_fevga
from .eval_plakoto import PlakotoWeights, evaluate_plakoto
from .eval_portes import PortesWeights, evaluate_portes

#: Score of a won game, per point won (R4, R5.4, R5.5, R7.4).
WIN = 10_000.0

Weights = PortesWeights | PlakotoWeights | FevgaWeights
Evaluator = Callable[[Position], float]

DEFAULT_WEIGHTS: dict[str, Weights] = {
    "portes": PortesWeights(),
    "plakoto": PlakotoWeights(),
    "fevga": FevgaWeights(),
}


def outcome_score(position: Position) -> float | None:
    """``±WIN × points`` if the game is over in ``position`` (0 for a draw), else None."""
    out = game_outcome(position)
    if out is None:
        return None
    if out.winner is None:
        return 0.0
    return WIN * out.points if out.winner == 0 else -WIN * out.points


#: Each game's evaluation, by game name.
_EVALUATE: dict[str, Callable[[Position, Any], float]] = {
    "portes": evaluate_portes,
    "plakoto": evaluate_plakoto,
    "fevga": evaluate_fevga,
}


def static_score(position: Position, weights: Weights | None = None) -> float:
    """The game's hand-written evaluation, without the game-over check.

    ``weights`` of another game than the position's are ignored (the game's defaults are used).
    """
    game = position.game
    default = DEFAULT_WEIGHTS[game]
    chosen = weights if isinstance(weights, type(default)) else default
    return _EVALUATE[game](position, chosen)


def evaluate(position: Position, weights: Weights | None = None) -> float:
    """Score a result position for its mover (opponent to roll next).

    A game already decided scores ``±WIN × points``; otherwise the game's own
    evaluation (:func:`static_score`).
    """
    done = outcome_score(position)
    if done is not None:
        return done
    return static_score(position, weights)


def pre_roll_score(position: Position, weights: Weights | None = None) -> float:
    """Score for the mover of ``position`` *before* they roll (used for the cube, R9.1).

    The evaluations read positions with the other side to roll, so this is
    minus the opponent's score of the same board.
    """
    return -evaluate(position.flip(), weights)
