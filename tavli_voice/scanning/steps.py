"""Step-by-step choice of a play: the checker, then where it goes, die by die.

When a turn has more plays than fit one short pass, a switch user picks the
play one step at a time: first the source point ("From 13"), then the
destination ("To 7"), then the next checker, and so on. Only choices that
lead to a legal play are offered, because the choices are read off the legal
*step sequences* themselves (R2: every legal order of every legal play).

The input is generic, so this module does not depend on the rules engine: a
mapping from step sequences — tuples of ``(from_point, to_point)`` pairs in
the mover's numbering, bar = 25, off = 0 (R1) — to the 0-based index of the
play they make. Different orders of the same steps are different keys with
the same index (R2: one play per resulting position). When the chosen steps
complete a sequence, the mode answers ``ChoosePlay(index + 1)`` (1-based, as
the session numbers plays).

Ordering puts the likely choice first: the preferred play's next step (the
strong bot's suggestion, if given), then the source reached by the most
distinct plays, then the higher point (the back checkers first, as plays are
written, R1). Destinations are ordered the same way.

A checker with one place to go (every checker under a double, a checker that
can only bear off) takes that step as soon as it is picked: the step is said
as every step is ("From 24 to 23; 1, 1 and 1 to play"), and "Undo last step"
takes it back, so no pick goes on a list of one destination.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable, Literal, Mapping, Sequence

from tavli_voice.commands import ChoosePlay

from .modes import BACK_OPTION, Choice, ScanMode, ScanOption, follow

#: The bar and borne off, in the mover's numbering (R1).
BAR = 25
OFF = 0

StepPair = tuple[int, int]
StepSequence = tuple[StepPair, ...]
SequenceTable = tuple[tuple[StepSequence, int], ...]

UNDO_STEP = ScanOption("undo_step")


def normalise_sequences(sequences: Mapping[Sequence[Sequence[int]], int]
                        | Iterable[tuple[Sequence[Sequence[int]], int]]) -> SequenceTable:
    """Check and freeze the input: ``{((24, 18), (18, 13)): 0, …}`` → a table.

    Accepts a mapping or an iterable of ``(sequence, index)`` pairs; raises
    ``ValueError`` naming the fault for an empty sequence, a point outside
    0–25, a step that does not move, or a negative index.
    """
    items = sequences.items() if isinstance(sequences, Mapping) else sequences
    table: list[tuple[StepSequence, int]] = []
    seen: dict[StepSequence, int] = {}
    for raw, index in items:
        steps = tuple((int(a), int(b)) for a, b in raw)
        if not steps:
            raise ValueError("a step sequence must have at least one step")
        for a, b in steps:
            if not (1 <= a <= BAR and OFF <= b <= 24) or a == b:
                raise ValueError(f"bad step {a}/{b} in {steps} (from 1–25, to 0–24)")
        if isinstance(index, bool) or not isinstance(index, int) or index < 0:
            raise ValueError(f"play index must be a non-negative integer, got {index!r}")
        if steps in seen:
            if seen[steps] != index:
                raise ValueError(f"sequence {steps} maps to plays {seen[steps]} and {index}")
            continue
        seen[steps] = index
        table.append((steps, index))
    return tuple(table)


def source_option(point: int) -> ScanOption:
    """"From 13", or "From the bar" for 25."""
    return ScanOption("from_bar" if point == BAR else "from", (point,))


def destination_option(point: int) -> ScanOption:
    """"To 7", or "Bear off" for 0."""
    return ScanOption("to_off" if point == OFF else "to", (point,))


StepOrder = Literal["frequency", "point"]


def _ranked(counts: dict[int, set[int]], preferred_first: int | None,
            order: StepOrder = "frequency") -> tuple[int, ...]:
    """Points ordered: the preferred one, then by number of plays (unless ``order`` is
    ``"point"``), then the higher point."""
    if order == "point":
        return tuple(sorted(counts, key=lambda p: (p != preferred_first, -p)))
    return tuple(sorted(counts, key=lambda p: (p != preferred_first, -len(counts[p]), -p)))


@dataclass(frozen=True, slots=True)
class StepMode:
    """One stage of step-by-step choice (a :class:`~.modes.ScanMode`).

    * ``table``: the legal sequences (see :func:`normalise_sequences`).
    * ``chosen``: the steps picked so far; ``source``: a source picked whose
      destination is being chosen (``None`` while choosing a source).
    * ``preferred``: a 0-based play index offered first (the bot's choice).
    * ``lead``/``extras``: other options (Undo, Describe, Menu …) shown
      before/after the sources at the first stage only.
    * ``finish_forced``: when every play still possible is the same one,
      answer it at once instead of asking for the remaining forced steps; and
      when a checker picked has one destination, take that step at once.
    * ``order``: ``"frequency"`` (default: most plays first, then higher
      point) or ``"point"`` (higher point first only, for comparison).
    * ``parent``: the mode to return to from the first stage ("Back" is added
      only when there is one).

    Stages: the first offers ``lead + sources + extras (+ Back)``; a later
    source stage offers ``sources + Undo last step``; a destination stage
    offers ``destinations + Back``.
    """

    table: SequenceTable
    chosen: StepSequence = ()
    source: int | None = None
    preferred: int | None = None
    lead: tuple[ScanOption, ...] = ()
    extras: tuple[ScanOption, ...] = ()
    finish_forced: bool = True
    order: StepOrder = "frequency"
    parent: ScanMode | None = field(default=None, compare=False, repr=False)
    base_trail: tuple[ScanOption, ...] = ()
    options: tuple[ScanOption, ...] = field(init=False, compare=False, repr=False)
    _points: tuple[int, ...] = field(init=False, compare=False, repr=False)
    _offset: int = field(init=False, compare=False, repr=False)

    @classmethod
    def build(cls, sequences: Mapping[Sequence[Sequence[int]], int]
              | Iterable[tuple[Sequence[Sequence[int]], int]], **kwargs: object) -> StepMode:
        """The first stage, from raw sequences (keyword arguments as the fields)."""
        return cls(normalise_sequences(sequences), **kwargs)  # type: ignore[arg-type]

    def __post_init__(self) -> None:
        if self.source is None:
            points = self._sources()
            steps = tuple(source_option(p) for p in points)
            if self.chosen:
                lead: tuple[ScanOption, ...] = ()
                tail: tuple[ScanOption, ...] = (UNDO_STEP,)
            else:
                lead = self.lead
                tail = self.extras + ((BACK_OPTION,) if self.parent is not None else ())
        else:
            points = self._destinations(self.source)
            steps = tuple(destination_option(p) for p in points)
            lead, tail = (), (BACK_OPTION,)
        object.__setattr__(self, "_points", points)
        object.__setattr__(self, "_offset", len(lead))
        object.__setattr__(self, "options", lead + steps + tail)

    # -- what is still possible -------------------------------------------------

    def _continuing(self) -> list[tuple[StepSequence, int]]:
        """Sequences that start with the chosen steps and go on further."""
        k = len(self.chosen)
        return [(seq, idx) for seq, idx in self.table if len(seq) > k and seq[:k] == self.chosen]

    def plays_left(self) -> frozenset[int]:
        """0-based indices of the plays still reachable from this stage."""
        k = len(self.chosen)
        return frozenset(idx for seq, idx in self._continuing()
                         if self.source is None or seq[k][0] == self.source)

    def _preferred_next(self, candidates: list[tuple[StepSequence, int]], slot: int,
                        default_rank: tuple[int, ...]) -> int | None:
        """The preferred play's next point (``slot`` 0 = source, 1 = destination)."""
        if self.preferred is None:
            return None
        k = len(self.chosen)
        mine = {seq[k][slot] for seq, idx in candidates if idx == self.preferred}
        for point in default_rank:
            if point in mine:
                return point
        return None

    def _sources(self) -> tuple[int, ...]:
        k = len(self.chosen)
        candidates = self._continuing()
        counts: dict[int, set[int]] = {}
        for seq, idx in candidates:
            counts.setdefault(seq[k][0], set()).add(idx)
        default = _ranked(counts, None, self.order)
        return _ranked(counts, self._preferred_next(candidates, 0, default), self.order)

    def _destinations(self, source: int) -> tuple[int, ...]:
        k = len(self.chosen)
        candidates = [(s, i) for s, i in self._continuing() if s[k][0] == source]
        counts: dict[int, set[int]] = {}
        for seq, idx in candidates:
            counts.setdefault(seq[k][1], set()).add(idx)
        default = _ranked(counts, None, self.order)
        return _ranked(counts, self._preferred_next(candidates, 1, default), self.order)

    # -- the mode protocol -------------------------------------------------------

    @property
    def trail(self) -> tuple[ScanOption, ...]:
        """The base trail, then "From a", "To b" for each chosen step (and the source)."""
        steps: list[ScanOption] = []
        for a, b in self.chosen:
            steps += [source_option(a), destination_option(b)]
        if self.source is not None:
            steps.append(source_option(self.source))
        return self.base_trail + tuple(steps)

    def choose(self, index: int) -> Choice:
        """Pick option ``index``: the next stage, ``ChoosePlay(n)``, or a generic option."""
        option = self.options[index]
        position = index - self._offset
        if not 0 <= position < len(self._points):
            if option is UNDO_STEP:
                return replace(self, chosen=self.chosen[:-1], source=None)
            if option.is_back and self.source is not None:
                return replace(self, source=None)
            return follow(option, self)
        point = self._points[position]
        if self.source is None:
            picked = replace(self, source=point)
            return self._finish(picked.plays_left()) or picked.only_destination_taken()
        chosen = self.chosen + ((self.source, point),)
        for seq, idx in self.table:
            if seq == chosen:
                return ChoosePlay(idx + 1)
        following = replace(self, chosen=chosen, source=None)
        return self._finish(following.plays_left()) or following

    def only_destination_taken(self) -> Choice:
        """At a destination stage with one destination (and ``finish_forced``), that step
        taken: the next stage or the play; else this stage itself."""
        if self.finish_forced and self.source is not None and len(self._points) == 1:
            return self.choose(0)
        return self

    def _finish(self, plays: frozenset[int]) -> ChoosePlay | None:
        """``ChoosePlay`` when only one play remains and forced steps are finished for the user."""
        if self.finish_forced and len(plays) == 1:
            return ChoosePlay(next(iter(plays)) + 1)
        return None
