"""Terminal key events → switch presses and releases (terminals send no key release).

Which key is which switch (:func:`key_roles`), and :class:`KeyRepeatFilter`:
a held key's auto-repeat is one press, a bouncy switch's burst is one press,
and with *hold to pick* a held key is a press until its repeats stop.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Mapping

from ..scanning import ScanSettings, Switch
from .term_keys import normalise_key

#: Key events closer than this are one key's auto-repeat (terminals repeat
#: every 30–50 ms once repeating; a person cannot press twice this fast).
REPEAT_GAP = 0.12
#: Longest wait between a key going down and its first auto-repeat
#: (X11 default 660 ms, Linux console 250 ms, macOS ~500 ms).
REPEAT_DELAY = 0.8
#: A burst of key events over within this time is one press of a bouncy switch
#: (bounce lasts a few ms; a held key's auto-repeat lasts longer).
BOUNCE = 0.05


def key_roles(settings: ScanSettings) -> dict[str, Switch]:
    """Which key is which switch.

    The settings name the keys (``pick_key``, ``next_key``). In step mode
    with the default keys, space moves and Enter picks (the first, biggest
    key does the frequent thing: moving); keys the user set are used as set.
    """
    pick, nxt = normalise_key(settings.pick_key), normalise_key(settings.next_key)
    if settings.mode == "step" and (pick, nxt) == ("space", "enter"):
        pick, nxt = "enter", "space"
    roles = {pick: Switch.PICK}
    if nxt != pick:
        roles[nxt] = Switch.NEXT
    return roles



@dataclass(frozen=True, slots=True)
class SwitchAction:
    """A switch going down (``press``) or up (``release``) at time ``t``."""

    kind: Literal["press", "release"]
    switch: Switch
    t: float


@dataclass
class _Burst:
    """Key events of one key close together: a tap, or a held key's auto-repeat."""

    times: list[float]
    resolved: bool = False  # its press was sent, or it is known to send none
    held: bool = False      # hold mode: a press was sent and its release is due
    follows: bool = False   # repeats that began soon after the previous burst ended


class KeyRepeatFilter:
    """Terminal key events → switch presses (terminals have no key release).

    Without hold to pick: a key event starts a *burst*; events of the same
    key each within ``repeat_gap`` of the last are auto-repeat and join it.
    A burst is one press at the time of its first event. A burst that starts
    within ``repeat_delay`` of the previous burst's end is the auto-repeat of
    a key held since then and is no press at all, so holding a key down is
    exactly one press — unless it is over within ``bounce`` (a new press of a
    switch whose contacts bounce). With keyboard repeat turned off (common
    for people with tremor) every key event is simply a press. A lone event is confirmed as a press once
    ``repeat_gap`` has passed with no repeat (:meth:`poll`); meanwhile
    :attr:`pending` is true and the caller holds the scanner's clock, so the
    press still picks the option that was highlighted when it was made.

    With hold to pick (``hold=True``): a held key is recognised when its
    auto-repeat starts (within ``repeat_delay`` of the first event, then
    fast repeats); it is a press from its first event until the repeats stop
    (the release). A tap is a press released at once — too short to pick.
    """

    def __init__(self, roles: Mapping[str, Switch], *, hold: bool = False,
                 repeat_gap: float = REPEAT_GAP, repeat_delay: float = REPEAT_DELAY,
                 bounce: float = BOUNCE) -> None:
        self.roles = dict(roles)
        self.bounce = bounce
        self.hold = hold
        self.repeat_gap = repeat_gap
        self.repeat_delay = repeat_delay
        self._bursts: dict[str, _Burst] = {}
        self._ended: dict[str, float] = {}

    @property
    def pending(self) -> bool:
        """True while a key event is not yet known to be a press, a hold or a repeat."""
        return any(not b.resolved for b in self._bursts.values())

    def _joins(self, burst: _Burst, t: float) -> bool:
        gap = t - burst.times[-1]
        if gap <= self.repeat_gap:
            return True
        return (self.hold and not burst.resolved and len(burst.times) == 1
                and gap <= self.repeat_delay)

    def feed(self, key: str, t: float) -> list[SwitchAction]:
        """A key event at ``t``; returns the switch actions now known (maybe none)."""
        switch = self.roles.get(key)
        if switch is None:
            return []
        burst = self._bursts.get(key)
        out: list[SwitchAction] = []
        if burst is not None and self._joins(burst, t):
            burst.times.append(t)
            fast = t - burst.times[-2] <= self.repeat_gap
            if fast and not burst.resolved and not burst.follows:
                if self.hold:  # it repeats: the key is held down
                    burst.resolved = burst.held = True
                    out.append(SwitchAction("press", switch, burst.times[0]))
                elif self._continues(key, burst):
                    burst.follows = True  # a held key's repeat, or a bouncy new press
                else:
                    burst.resolved = True
                    out.append(SwitchAction("press", switch, burst.times[0]))
            return out
        if burst is not None:
            out += self._close(key)
        self._bursts[key] = _Burst([t])
        return out

    def _continues(self, key: str, burst: _Burst) -> bool:
        """True if ``burst`` is the auto-repeat of a key held since the previous burst."""
        ended = self._ended.get(key)
        return ended is not None and burst.times[0] - ended <= self.repeat_delay

    def poll(self, t: float) -> list[SwitchAction]:
        """Time passes: close the bursts that ended (and say the presses they make)."""
        out: list[SwitchAction] = []
        for key, burst in list(self._bursts.items()):
            lone = self.hold and not burst.resolved and len(burst.times) == 1
            wait = self.repeat_delay if lone else self.repeat_gap
            if t - burst.times[-1] > wait:
                out += self._close(key)
        out.sort(key=lambda a: a.t)
        return out

    def _close(self, key: str) -> list[SwitchAction]:
        burst = self._bursts.pop(key)
        switch = self.roles[key]
        self._ended[key] = burst.times[-1]
        if burst.held:
            return [SwitchAction("release", switch, burst.times[-1])]
        if burst.resolved:
            return []
        if burst.follows:  # auto-repeat of the key held since the last burst: no press,
            # unless it was over at once (a switch that bounces on a new press)
            if burst.times[-1] - burst.times[0] <= self.bounce:
                return [SwitchAction("press", switch, burst.times[0])]
            return []
        if self.hold:  # taps: presses too short to pick
            out: list[SwitchAction] = []
            for t in burst.times:
                out += [SwitchAction("press", switch, t), SwitchAction("release", switch, t)]
            return out
        return [SwitchAction("press", switch, burst.times[0])]
