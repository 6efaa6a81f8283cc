"""Dice, who starts, and the match (R3, R9, R9.1).

Everything here is pure: dice come from a :class:`DiceSource` made from a
seed, one per game (R3), so a game replays exactly from its seed and its
choices. Players are 0 and 1 (absolute, unlike a position's mover).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from .outcome import Outcome
from .position import PRESET_GAMES

ROTATION = ("portes", "plakoto", "fevga")
#: Longest match in points (R9); the command line and the save check share it.
MAX_MATCH_LENGTH = 10_000
#: Longest seed given as text (characters); the command line and the save check share it.
MAX_SEED_TEXT = 200


def seed_text_ok(seed: str) -> bool:
    """Whether ``seed`` can seed a match and be saved: UTF-8 text, at most :data:`MAX_SEED_TEXT`.

    >>> seed_text_ok("3"), seed_text_ok("x" * 201), seed_text_ok("\\udcff")
    (True, False, False)
    """
    if len(seed) > MAX_SEED_TEXT:
        return False
    try:
        seed.encode("utf-8")
    except UnicodeEncodeError:  # bytes that were not UTF-8 (surrogate escapes)
        return False
    return True


class DiceSource:
    """Seedable dice for one game (R3)."""

    def __init__(self, seed: int | str) -> None:
        self._rng = random.Random(str(seed))

    def one(self) -> int:
        """One die."""
        return self._rng.randint(1, 6)

    def roll(self) -> tuple[int, int]:
        """Two dice."""
        return (self.one(), self.one())

    def non_double(self) -> tuple[int, int]:
        """Two different dice, uniformly (R3 tavlucky: the Portes winner's first turn)."""
        a = self.one()
        b = self._rng.randint(1, 5)
        if b >= a:
            b += 1
        return (a, b)


def game_seed(match_seed: int | str, game_index: int) -> str:
    """The dice seed of game ``game_index`` of a match (R3: one source per game)."""
    return f"{match_seed}:{game_index}"


@dataclass(frozen=True, slots=True)
class Opening:
    """How a game starts (R3): who, the opening rolls shown, and the first dice.

    ``rolls`` are the one-die-each rolls ``(player 0's, player 1's)``, ties
    included, when the start was decided by rolling. ``first_dice`` is given
    when the starter does not roll for the first turn; ``None`` means the
    starter rolls two dice as usual.
    """

    starter: int
    rolls: tuple[tuple[int, int], ...] = ()
    first_dice: tuple[int, int] | None = None
    why: str = "opening_roll"  #: "opening_roll" or "previous_winner"


def opening(preset: str, game: str, dice: DiceSource, previous_winner: int | None,
            first_game: bool) -> Opening:
    """R3: decide who starts a game and with which dice.

    ``previous_winner`` is ``None`` for the first game and after a draw.
    """
    roll_for_start = first_game or previous_winner is None or preset == "vog"
    if roll_for_start:
        rolls: list[tuple[int, int]] = []
        while True:
            a, b = dice.one(), dice.one()
            rolls.append((a, b))
            if a != b:
                break
        starter = 0 if a > b else 1
        plays_opening = preset == "vog" or (preset == "tavlucky" and game == "portes")
        return Opening(starter, tuple(rolls), (a, b) if plays_opening else None, "opening_roll")
    assert previous_winner is not None
    first = dice.non_double() if (preset == "tavlucky" and game == "portes") else None
    return Opening(previous_winner, (), first, "previous_winner")


@dataclass(frozen=True, slots=True)
class TimerRules:
    """R9 timer, as data. Off by default for this project's users."""

    enabled: bool = False
    roll_seconds: float = 45.0
    play_seconds: float = 45.0
    timeouts_to_lose: int = 3


@dataclass(frozen=True, slots=True)
class MatchConfig:
    """What the players agreed (R9): length, games, preset, seed, timer."""

    length: int = 5
    kind: str = "tavli"  #: "tavli" (rotation) or one game's name
    preset: str = "tavlucky"
    seed: int | str = 0
    timer: TimerRules = field(default_factory=TimerRules)

    def __post_init__(self) -> None:
        if not isinstance(self.length, int) or self.length < 1:
            raise ValueError("a match is at least 1 point long")
        if self.length > MAX_MATCH_LENGTH:
            raise ValueError(f"a match is at most {MAX_MATCH_LENGTH} points long")
        if isinstance(self.seed, str) and not seed_text_ok(self.seed):
            raise ValueError(f"a seed is a text of at most {MAX_SEED_TEXT} characters")
        games = PRESET_GAMES.get(self.preset)
        if games is None:
            raise ValueError(f"unknown preset {self.preset!r}")
        if self.kind != "tavli" and self.kind not in games:
            raise ValueError(f"{self.kind} is not played under the {self.preset} preset")

    def game_name(self, index: int) -> str:
        """R9 rotation: Portes, Plakoto, Fevga, then Portes again (vog: Portes, Tapa)."""
        if self.kind != "tavli":
            return self.kind
        games = ROTATION if self.preset != "vog" else PRESET_GAMES["vog"]
        return games[index % len(games)]


@dataclass(frozen=True, slots=True)
class MatchState:
    """Scores and history of a match (R9), immutable; ``record`` returns a new one."""

    config: MatchConfig
    scores: tuple[int, int] = (0, 0)
    games_played: int = 0
    previous_winner: int | None = None
    crawford_game: int | None = None  #: index of the Crawford game, once known
    results: tuple[tuple[str, int | None, int, str], ...] = ()

    @property
    def next_game(self) -> str:
        """The game to play next."""
        return self.config.game_name(self.games_played)

    @property
    def winner(self) -> int | None:
        """The match winner, once a player reaches the length."""
        for p in (0, 1):
            if self.scores[p] >= self.config.length:
                return p
        return None

    @property
    def is_over(self) -> bool:
        """True once somebody reached the agreed length."""
        return self.winner is not None

    def to_json(self) -> dict[str, Any]:
        """The match as saved (a save's ``checkpoint.match``); :meth:`from_json` reads it back.

        >>> m = MatchState(MatchConfig(3, "portes"), (1, 0), 1, 0, None, (("portes", 0, 1, "single"),))
        >>> m.to_json()["scores"], m.to_json()["results"]
        ([1, 0], [['portes', 0, 1, 'single']])
        >>> MatchState.from_json(m.config, m.to_json()) == m
        True
        """
        return {"scores": list(self.scores), "games_played": self.games_played,
                "previous_winner": self.previous_winner, "crawford_game": self.crawford_game,
                "results": [list(r) for r in self.results]}

    @classmethod
    def from_json(cls, config: MatchConfig, data: dict[str, Any]) -> "MatchState":
        """The match :meth:`to_json` wrote, for ``config`` (checked first by ``storage.check_save``)."""
        results = tuple((str(g), w, int(p), str(k)) for g, w, p, k in data["results"])
        scores = data["scores"]
        return cls(config, (int(scores[0]), int(scores[1])), int(data["games_played"]),
                   data.get("previous_winner"), data.get("crawford_game"), results)

    def record(self, game: str, outcome: Outcome) -> "MatchState":
        """Add a finished game (``outcome.winner`` is an absolute player or None)."""
        scores = list(self.scores)
        if outcome.winner is not None:
            scores[outcome.winner] += outcome.points
        crawford = self.crawford_game
        if crawford is None and outcome.winner is not None:
            before = self.scores[outcome.winner]
            if before < self.config.length - 1 <= scores[outcome.winner] < self.config.length:
                crawford = self.games_played + 1
        return replace(self, scores=(scores[0], scores[1]), games_played=self.games_played + 1,
                       previous_winner=outcome.winner, crawford_game=crawford,
                       results=self.results + ((game, outcome.winner, outcome.points,
                                                outcome.kind.value),))

    def doubling_allowed(self) -> bool:
        """R9.1: vog only, and never in the Crawford game."""
        return self.config.preset == "vog" and self.crawford_game != self.games_played
