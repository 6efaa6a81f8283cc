"""Why a turn passed or was shortened (R8), as structured data.

The engine reports a :class:`Reason` (a :class:`PassReason` code plus
details); only ``narration/`` turns it into words.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any


class PassReason(enum.Enum):
    """R8 codes. The first group passes the turn; the last three shorten it."""

    CLOSED_OUT = "closed_out"
    BAR_ENTRY_BLOCKED = "bar_entry_blocked"
    ALL_BLOCKED = "all_blocked"
    FIRST_CHECKER_BLOCKED = "first_checker_blocked"
    PRIME_RULE = "prime_rule"
    PINNED = "pinned"
    CANNOT_BEAR_OFF = "cannot_bear_off"
    ONLY_ONE_DIE = "only_one_die"
    LARGER_DIE_RULE = "larger_die_rule"
    PARTIAL_DOUBLE = "partial_double"

    @property
    def is_pass(self) -> bool:
        """True when the whole turn is lost (not merely shortened)."""
        return self not in (PassReason.ONLY_ONE_DIE, PassReason.LARGER_DIE_RULE,
                            PassReason.PARTIAL_DOUBLE)


@dataclass(frozen=True, slots=True)
class Reason:
    """A reason code and its details (points, dice …), JSON-friendly.

    ``details`` holds plain values: ``points`` (tuple of points), ``dice``,
    ``die``/``other`` (only one die), ``played``/``of`` (partial double),
    ``point`` (the checker that blocks bearing off, Fevga's front checker),
    ``checkers`` (how many are on the bar: closed out, bar entry blocked) and
    ``why`` (a nested :class:`Reason` for the die that could not be played).
    """

    code: PassReason
    details: tuple[tuple[str, Any], ...] = field(default=())

    @classmethod
    def make(cls, code: PassReason, **details: Any) -> "Reason":
        """Build a reason; details are stored sorted by name."""
        return cls(code, tuple(sorted(details.items())))

    def get(self, name: str, default: Any = None) -> Any:
        """One detail by name."""
        for k, v in self.details:
            if k == name:
                return v
        return default

    def to_json(self) -> dict[str, Any]:
        """``{"code": "...", ...details}`` as in ``tavli-voice moves --jsonl``."""
        out: dict[str, Any] = {"code": self.code.value}
        for k, v in self.details:
            if isinstance(v, Reason):
                out[k] = v.to_json()
            elif isinstance(v, tuple):
                out[k] = list(v)
            else:
                out[k] = v
        return out
