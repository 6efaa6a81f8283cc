"""The three games as one protocol with a few hooks (R4, R5, R7).

Differences live in the hooks of :class:`Game` subclasses, never in
``if game == …`` chains elsewhere: which checkers may move (Portes' bar rule
R4, Fevga's first checker R7.2), where a checker may land and what landing
does (hit R4, pin R5.2, one checker holds a point R7.1), which steps a game
forbids after the fact (Fevga's prime R7.3) and which steps end the game at
once (Plakoto's mother R5.4).

The move generator works on a flat, mutable *state* list for speed:

=========  ==============================================
index      meaning
=========  ==============================================
0          mover's checkers borne off
1 … 24     top stack on that point (+ mover, − opponent)
25         mover's checkers on the bar
26         opponent's checkers on the bar
27         opponent's checkers borne off
28 … 51    pinned checker under point p at ``PIN + p``
=========  ==============================================
"""

from __future__ import annotations

from typing import Iterator

from .outcome import Outcome, OutcomeKind, stake
from .position import (CHECKERS, GAME_ALIASES, GameName, Position, fevga_opponent_point, game_name,
                       opponent_point)
from .reasons import PassReason, Reason
from .steps import landings

S_OFF = 0
S_BAR = 25
S_OPP_BAR = 26
S_OPP_OFF = 27
PIN = 27  # pins[p] lives at state[PIN + p]
STATE_LEN = 52

# Fevga: mover point of the opponent's point j, and the inverse.
_FEVGA_MOVER_OF_OPP = [0] + [fevga_opponent_point(j) for j in range(1, 25)]
_FEVGA_OPP_OF_MOVER = [0] * 25
for _j in range(1, 25):
    _FEVGA_OPP_OF_MOVER[_FEVGA_MOVER_OF_OPP[_j]] = _j


def to_state(pos: Position) -> list[int]:
    """The flat state list of a position (see module docstring)."""
    s = [0] * STATE_LEN
    s[S_OFF] = pos.off[0]
    s[1:25] = pos.points
    s[S_BAR] = pos.bar[0]
    s[S_OPP_BAR] = pos.bar[1]
    s[S_OPP_OFF] = pos.off[1]
    s[PIN + 1:PIN + 25] = pos.pins
    return s


def from_state(s: list[int] | tuple[int, ...], like: Position) -> Position:
    """A :class:`Position` (same game, preset, cube as ``like``) from a state."""
    return Position(like.game, like.preset, tuple(s[1:25]), tuple(s[PIN + 1:PIN + 25]),
                    (s[S_BAR], s[S_OPP_BAR]), (s[S_OFF], s[S_OPP_OFF]), like.cube)


class Game:
    """One Tavli game: its names and the hooks the move generator calls."""

    name: str = ""
    greek: str = ""
    aliases: tuple[str, ...] = ()
    has_bar = False
    #: Marks a landing that captures in notation: ``*`` hit, ``^`` pin (R1).
    capture_mark = ""

    #: The other player's home, as a quarter of this player's numbering (1 = points 1–6).
    their_home_quarter = 4
    #: Landing on a lone checker pins it (R5.2) rather than hitting it (R4).
    pins = False

    # --- hooks ---------------------------------------------------------------
    def opponent_point(self, point: int) -> int:
        """R1: the other player's point ``point`` (0–25) in this player's numbering.

        Their bar (25) and borne-off tray (0) stay 25 and 0.
        """
        if point in (0, 25):
            return point
        return opponent_point(self.name, point)

    def sources(self, s: list[int]) -> Iterator[int]:
        """Points the mover may move a checker from now, highest first."""
        for p in range(24, 0, -1):
            if s[p] > 0:
                yield p

    def can_land(self, s: list[int], dst: int) -> bool:
        """May a mover's checker stop on board point ``dst`` (1–24)?"""
        raise NotImplementedError

    def apply(self, s: list[int], src: int, dst: int) -> bool:
        """Move one checker ``src``→``dst`` in place; True when it captured."""
        if src == S_BAR:
            s[S_BAR] -= 1
        else:
            s[src] -= 1
        if dst == 0:
            s[S_OFF] += 1
        else:
            s[dst] += 1
        return False

    def step_allowed(self, s_after: list[int], dst: int) -> bool:
        """Extra check on the state after a step (Fevga's prime, R7.3)."""
        return True

    def ends_game(self, s_before: list[int], s_after: list[int], src: int, dst: int,
                  preset: str) -> bool:
        """Does this step end the game at once (Plakoto's mother, R2/R5.4)?"""
        return False

    def pass_reason(self, s: list[int], dice_set: tuple[int, ...],
                    dice: tuple[int, int]) -> Reason | None:
        """R8: this game's own reason why no step is possible from ``s`` (None: the common ones)."""
        return None

    def pins_mother(self, before: Position, after: Position) -> bool:
        """Did the play from ``before`` to ``after`` pin the other player's mother (R5.4)?"""
        return False

    def mother_outcome(self, pos: Position, stake: int) -> Outcome | None:
        """R5.4: the game's end by a pinned mother, seen from ``pos``'s mover (None: not over)."""
        return None

    def first_checker(self, s: list[int]) -> int | None:
        """R7.2: the point of the one checker that must move first, None when any may."""
        return None

    def may_bear_off(self, s: list[int]) -> bool:
        """R6: all the mover's checkers still on the board are in points 1–6."""
        if s[S_BAR]:
            return False
        for p in range(7, 25):
            if s[p] > 0 or s[PIN + p] == 1:
                return False
        return True

    # --- derived -------------------------------------------------------------
    def destination(self, s: list[int], src: int, die: int) -> int:
        """Where ``die`` takes a checker from ``src``; -1 when it may not (R4, R6)."""
        dst = src - die
        if dst >= 1:
            return dst if self.can_land(s, dst) else -1
        if not self.may_bear_off(s):
            return -1
        if dst == 0:
            return 0
        # Overshoot (R6): only from the highest occupied point, pinned included.
        for p in range(src + 1, 7):
            if s[p] > 0 or s[PIN + p] == 1:
                return -1
        return 0


class Portes(Game):
    """Portes (R4): hitting, the bar, entering into the opponent's home."""

    name = "portes"
    greek = "πόρτες"
    aliases = GAME_ALIASES[GameName.PORTES]
    has_bar = True
    capture_mark = "*"

    def sources(self, s: list[int]) -> Iterator[int]:
        if s[S_BAR]:  # R4: enter every bar checker first
            yield S_BAR
            return
        yield from Game.sources(self, s)

    def can_land(self, s: list[int], dst: int) -> bool:
        return s[dst] >= -1

    def pass_reason(self, s: list[int], dice_set: tuple[int, ...],
                    dice: tuple[int, int]) -> Reason | None:
        """R4/R8: a checker on the bar that cannot enter."""
        if not s[S_BAR]:
            return None
        if all(s[p] <= -2 for p in range(19, 25)):
            return Reason.make(PassReason.CLOSED_OUT, checkers=s[S_BAR])
        return Reason.make(PassReason.BAR_ENTRY_BLOCKED, checkers=s[S_BAR],
                           points=tuple(sorted({25 - d for d in dice_set}, reverse=True)))

    def apply(self, s: list[int], src: int, dst: int) -> bool:
        if src == S_BAR:
            s[S_BAR] -= 1
        else:
            s[src] -= 1
        if dst == 0:
            s[S_OFF] += 1
            return False
        if s[dst] == -1:  # hit a blot: it goes to its owner's bar
            s[dst] = 1
            s[S_OPP_BAR] += 1
            return True
        s[dst] += 1
        return False


class Plakoto(Game):
    """Plakoto (R5), Tapa under ``vog``: pinning and the mother."""

    name = "plakoto"
    greek = "πλακωτό"
    aliases = GAME_ALIASES[GameName.PLAKOTO]
    capture_mark = "^"
    pins = True

    def can_land(self, s: list[int], dst: int) -> bool:
        v = s[dst]
        # own or empty, or a lone opposing checker that is not itself pinning (R5.2)
        return v >= 0 or (v == -1 and s[PIN + dst] == 0)

    def apply(self, s: list[int], src: int, dst: int) -> bool:
        s[src] -= 1
        if s[src] == 0 and s[PIN + src]:  # the last pinner left: free the checker
            s[src] = s[PIN + src]
            s[PIN + src] = 0
        if dst == 0:
            s[S_OFF] += 1
            return False
        if s[dst] == -1:  # lone opposing checker: pin it
            s[dst] = 1
            s[PIN + dst] = -1
            return True
        s[dst] += 1
        return False

    def pass_reason(self, s: list[int], dice_set: tuple[int, ...],
                    dice: tuple[int, int]) -> Reason | None:
        """R5.2/R8: a pinned checker would have had a move."""
        pinned = tuple(p for p in range(24, 0, -1) if s[PIN + p] == 1)
        if pinned and any(p - d >= 1 and self.can_land(s, p - d)
                          for p in pinned for d in dice_set):
            return Reason.make(PassReason.PINNED, points=pinned)
        return None

    def pins_mother(self, before: Position, after: Position) -> bool:
        """R5.4: the other player's last checker on their start (our point 1) is now pinned."""
        return after.pins[0] == -1 and before.pins[0] != -1

    def mother_outcome(self, pos: Position, stake: int) -> Outcome | None:
        """R5.4/R5.5: a pinned mother ends the game (a draw when both are pinned)."""
        return mother_pin_outcome(pos, stake)

    def ends_game(self, s_before: list[int], s_after: list[int], src: int, dst: int,
                  preset: str) -> bool:
        """R5.4 / R2: a step that ends the game ends the turn at once."""
        pinned_mother_now = dst == 1 and s_after[PIN + 1] == -1 and s_before[PIN + 1] == 0
        if preset == "tavlucky":
            return pinned_mother_now
        if pinned_mother_now:
            if s_after[PIN + 24] == 1:  # both mothers pinned: a draw
                return True
            return s_after[24] <= 0  # no checker left on the own start: a win
        # traditional / vog: the last checker leaves the start while their mother is pinned
        return src == 24 and s_after[24] == 0 and s_after[PIN + 1] == -1


class Fevga(Game):
    """Fevga (R7): one checker holds a point, the first checker, no prime."""

    name = "fevga"
    greek = "φεύγα"
    aliases = GAME_ALIASES[GameName.FEVGA]
    their_home_quarter = 3  # R1: their points 1–6 are our 13–18

    def sources(self, s: list[int]) -> Iterator[int]:
        if s[S_OFF] == 0:
            passed = False
            for p in range(1, 12):
                if s[p] > 0:
                    passed = True
                    break
            if not passed:  # R7.2: only the front-most checker moves
                for p in range(12, 25):
                    if s[p] > 0:
                        yield p
                        return
                return
        yield from Game.sources(self, s)

    def can_land(self, s: list[int], dst: int) -> bool:
        return s[dst] >= 0  # R7.1: one checker holds a point

    def first_checker(self, s: list[int]) -> int | None:
        """R7.2: until a checker passes the opponent's start, only the front-most one moves."""
        if s[S_OFF] or any(s[p] > 0 for p in range(1, 12)):
            return None
        return next(self.sources(s), None)

    def step_allowed(self, s_after: list[int], dst: int) -> bool:
        """R7.3: no six-point block along the opponent's path with anyone behind it."""
        if dst == 0 or s_after[dst] != 1:
            return True  # no point newly held: no new block
        return not makes_prime(s_after, dst, self._preset)

    def pass_reason(self, s: list[int], dice_set: tuple[int, ...],
                    dice: tuple[int, int]) -> Reason | None:
        """R7.2/R7.3/R8: the first checker cannot move, or every move would make a prime."""
        sources = tuple(self.sources(s))
        blocks: list[tuple[int, ...]] = []
        landable = False
        for _die, _src, dst, _cap, t in landings(self, s, dice_set):
            landable = True
            blocks.extend(prime_blocks(t, dst, self._preset))
        first_rule = s[0] == 0 and not any(s[p] > 0 for p in range(1, 12))
        if first_rule and not landable and sources:
            return Reason.make(PassReason.FIRST_CHECKER_BLOCKED, point=sources[0], dice=dice)
        if landable and blocks:
            return Reason.make(PassReason.PRIME_RULE, points=blocks[0])
        return None

    _preset = "tavlucky"

    def bound(self, preset: str) -> "Fevga":
        """A Fevga with the preset's prime rule (R7.3)."""
        g = Fevga()
        g._preset = preset
        return g


def prime_blocks(s: list[int] | tuple[int, ...], dst: int, preset: str) -> list[tuple[int, ...]]:
    """Forbidden blocks (mover points, along the opponent's path) that contain ``dst`` (R7.3)."""
    found: list[tuple[int, ...]] = []
    mover_of = _FEVGA_MOVER_OF_OPP
    k = _FEVGA_OPP_OF_MOVER[dst]
    for b in range(max(1, k - 5), min(k, 19) + 1):
        if all(s[mover_of[j]] > 0 for j in range(b, b + 6)):
            if any(s[mover_of[j]] < 0 for j in range(b + 6, 25)):
                found.append(tuple(mover_of[j] for j in range(b + 5, b - 1, -1)))
    if preset == "tavlucky" and 19 <= dst <= 24 and all(s[p] > 0 for p in range(19, 25)):
        found.append((24, 23, 22, 21, 20, 19))
    return found


def makes_prime(s: list[int] | tuple[int, ...], dst: int, preset: str) -> bool:
    """True when holding ``dst`` completes a block R7.3 forbids.

    Most calls are settled by the run of held points through ``dst`` along the
    opponent's path: shorter than six, no block of six can contain ``dst``, and
    only ``tavlucky``'s whole-home-board block is left to check.
    """
    mover_of = _FEVGA_MOVER_OF_OPP
    k = _FEVGA_OPP_OF_MOVER[dst]
    lo = hi = k
    while lo > 1 and s[mover_of[lo - 1]] > 0:
        lo -= 1
    while hi < 24 and s[mover_of[hi + 1]] > 0:
        hi += 1
    if hi - lo >= 5:
        return bool(prime_blocks(s, dst, preset))
    return preset == "tavlucky" and 19 <= dst <= 24 and all(s[p] > 0 for p in range(19, 25))


_GAMES: dict[str, Game] = {g.name: g for g in (Portes(), Plakoto(), Fevga())}


def find_game(name: str) -> Game:
    """The game called ``name`` (Latin or Greek, any case); ValueError if none."""
    return _GAMES[game_name(name).value]


def game_for(pos: Position) -> Game:
    """The hooks for ``pos`` (Fevga bound to the position's preset)."""
    g = _GAMES[pos.game]
    if isinstance(g, Fevga):
        return _FEVGA_BY_PRESET[pos.preset]
    return g


_FEVGA_BY_PRESET = {p: Fevga().bound(p) for p in ("tavlucky", "traditional", "vog")}


# --- game end and points (R4, R5.4, R5.5, R7.4, R9) ---------------------------

def _wins_from(pos: Position) -> Outcome | None:
    """Has the mover of ``pos`` won (or drawn)? Points from the preset (R4, R5, R7)."""
    vog = pos.preset == "vog"
    if pos.off[0] == CHECKERS:
        if pos.off[1] > 0:
            return Outcome(0, 1 * stake(pos), OutcomeKind.SINGLE)
        in_home = any(pos.theirs(p) for p in range(1, 7))
        if vog and (pos.bar[1] > 0 or in_home):
            return Outcome(0, 3 * stake(pos), OutcomeKind.TRIPLE)
        return Outcome(0, 2 * stake(pos), OutcomeKind.MARS)
    return game_for(pos).mother_outcome(pos, stake(pos))


def mother_pin_outcome(pos: Position, stake: int) -> Outcome | None:
    """R5.4/R5.5: the game ends when the mover has pinned the other player's mother."""
    if pos.pins[0] != -1:
        return None
    # the opponent's checker pinned on their start (mover's point 1) is their mother
    own_mother_pinned = pos.pins[23] == 1
    if pos.preset == "tavlucky":
        return Outcome(0, 1 if own_mother_pinned else 2, OutcomeKind.MOTHER)
    if own_mother_pinned:
        return Outcome(None, 0, OutcomeKind.DRAW)
    if pos.mine(24) == 0:
        return Outcome(0, (3 if pos.preset == "vog" else 2) * stake, OutcomeKind.MOTHER)
    return None


def game_outcome(position: Position) -> Outcome | None:
    """The outcome if the game is over in ``position``, else ``None``."""
    mine = _wins_from(position)
    if mine is not None:
        return mine
    theirs = _wins_from(position.flip())
    return theirs.swapped() if theirs is not None else None
