"""How much scanning a choice costs: scan steps (highlight moves) and presses.

The benchmark (``benchmarks/scanning.py``) compares linear, group and
step-by-step choice of plays with these functions; they need no clock and no
rules engine. The costs are those of the real option trees built by
:mod:`.options` and :mod:`.steps`, walked the way a user who knows what they
want would walk them: at each level wait (auto) or step (two switches) to
the wanted option and pick it, never using Back or Undo.

* automatic scanning: reaching option ``i`` of a level costs ``i`` steps
  and 1 press (the pick);
* step scanning: ``i`` steps, each a NEXT press, plus the pick: ``i + 1``.
"""

from __future__ import annotations

from typing import Iterable, Mapping, NamedTuple, Sequence

from tavli_voice.commands import ChoosePlay, Command, Repeat

from .modes import ListMode, ScanAdjust, ScanMode, ScanOption, group_options, is_command
from .settings import ScanSettings
from .steps import UNDO_STEP, StepMode, StepOrder, normalise_sequences


class ScanCost(NamedTuple):
    """Scan steps (highlight moves) and switch presses for one choice."""

    steps: int
    presses: int


def level_cost(index: int, settings: ScanSettings) -> ScanCost:
    """Cost of picking option ``index`` of one level."""
    if index < 0:
        raise ValueError(f"option index must be 0 or more, got {index}")
    if settings.mode == "step":
        return ScanCost(index, index + 1)
    return ScanCost(index, 1)


def scan_cost_linear(n_options: int, target_index: int, settings: ScanSettings) -> ScanCost:
    """Cost of picking item ``target_index`` (0-based) of a flat list of ``n_options``."""
    if not 0 <= target_index < n_options:
        raise ValueError(f"target {target_index} is not one of {n_options} options")
    return level_cost(target_index, settings)


def scan_costs_all(root: ScanMode, settings: ScanSettings, *,
                   max_depth: int = 12) -> dict[Command, ScanCost]:
    """The cheapest cost of every command reachable from ``root``, in one pass.

    Cheapest means fewest steps, then fewest presses. Back, Undo last step
    and settings changes are never used. Stages of step-by-step choice that
    are reached by several routes (different orders of the same steps) are
    worked out once (keyed by the steps chosen so far).
    """
    memo: dict[object, dict[Command, ScanCost]] = {}

    def costs(mode: ScanMode, depth: int) -> dict[Command, ScanCost]:
        key = _memo_key(mode)
        if key is not None and key in memo:
            return memo[key]
        best: dict[Command, ScanCost] = {}
        for index, option in enumerate(mode.options):
            if option.is_back or option is UNDO_STEP or option.adjust is not None:
                continue
            here = level_cost(index, settings)
            choice = mode.choose(index)
            below: dict[Command, ScanCost]
            if is_command(choice):
                below = {choice: ScanCost(0, 0)}
            elif isinstance(choice, ScanAdjust) or depth >= max_depth:
                continue
            else:
                below = costs(choice, depth + 1)  # type: ignore[arg-type]
            for command, rest in below.items():
                total = ScanCost(here.steps + rest.steps, here.presses + rest.presses)
                if command not in best or total < best[command]:
                    best[command] = total
        if key is not None:
            memo[key] = best
        return best

    return costs(root, 0)


def _memo_key(mode: ScanMode) -> object | None:
    """A key for stages of one step-by-step tree; ``None`` (no memo) for other modes."""
    if isinstance(mode, StepMode):
        return (id(mode.table), mode.chosen, mode.source)
    return None


def scan_cost_tree(root: ScanMode, target: Command, settings: ScanSettings, *,
                   max_depth: int = 12) -> ScanCost | None:
    """Cheapest way from ``root`` to the option emitting ``target``; ``None`` if unreachable."""
    return scan_costs_all(root, settings, max_depth=max_depth).get(target)


def _fillers(count: int) -> tuple[ScanOption, ...]:
    """Stand-ins for the non-play options around the plays (Undo, Describe, Menu …)."""
    return tuple(ScanOption("repeat", command=Repeat()) for _ in range(count))


def scan_cost_group(n_options: int, target_index: int, settings: ScanSettings, *,
                    leading: int = 0, trailing: int = 0,
                    preferred: int | None = None) -> ScanCost:
    """Cost of picking item ``target_index`` of ``n_options`` by group scanning.

    Groups of ``settings.group_size`` as :func:`~.modes.group_options` makes
    them; ``leading``/``trailing`` other options stand before/after the
    groups; ``preferred`` (0-based) is offered first on its own, as
    :func:`~.options.build_root` does with the bot's suggestion.
    """
    if not 0 <= target_index < n_options:
        raise ValueError(f"target {target_index} is not one of {n_options} options")
    items = [ScanOption("play", (str(i + 1),), command=ChoosePlay(i + 1))
             for i in range(n_options)]
    grouped = group_options(items, settings.group_size)
    first = () if preferred is None else (ScanOption("suggested", (str(preferred + 1),),
                                                     command=ChoosePlay(preferred + 1)),)
    root = ListMode(_fillers(leading) + first + grouped + _fillers(trailing))
    cost = scan_cost_tree(root, ChoosePlay(target_index + 1), settings)
    assert cost is not None
    return cost


def scan_cost_steps(sequences: Mapping[Sequence[Sequence[int]], int]
                    | Iterable[tuple[Sequence[Sequence[int]], int]],
                    target_play: int, settings: ScanSettings, *,
                    preferred: int | None = None, leading: int = 0, trailing: int = 0,
                    finish_forced: bool = True, order: StepOrder = "frequency") -> ScanCost:
    """Cost of making play ``target_play`` (0-based, as in ``sequences``) step by step.

    ``sequences`` maps each legal step order to its play index (see
    :mod:`.steps`); the cheapest order is taken. ``preferred`` is the play
    whose steps are offered first; ``leading``/``trailing`` count other
    options around the first stage's sources.
    """
    table = normalise_sequences(sequences)
    if target_play not in {idx for _seq, idx in table}:
        raise ValueError(f"play {target_play} has no step sequence")
    mode = StepMode(table, preferred=preferred, lead=_fillers(leading),
                    extras=_fillers(trailing), finish_forced=finish_forced, order=order)
    cost = scan_cost_tree(mode, ChoosePlay(target_play + 1), settings)
    assert cost is not None
    return cost


def scan_costs_steps_all(sequences: Mapping[Sequence[Sequence[int]], int]
                         | Iterable[tuple[Sequence[Sequence[int]], int]],
                         settings: ScanSettings, *, preferred: int | None = None,
                         leading: int = 0, trailing: int = 0, finish_forced: bool = True,
                         order: StepOrder = "frequency") -> dict[int, ScanCost]:
    """:func:`scan_cost_steps` for every play at once: 0-based play index → cost."""
    mode = StepMode(normalise_sequences(sequences), preferred=preferred, lead=_fillers(leading),
                    extras=_fillers(trailing), finish_forced=finish_forced, order=order)
    return {command.number - 1: cost
            for command, cost in scan_costs_all(mode, settings).items()
            if isinstance(command, ChoosePlay)}
