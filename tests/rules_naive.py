"""A slow, independent legal-play generator written straight from rules.md.

Test helper only (not a test file): the fuzz and fixture tests compare
``tavli_voice.rules.legal_plays`` against it. It shares nothing with the
engine's move generator: the board is a tuple of 24 *stacks*, each a tuple of
owners from bottom to top (+1 the mover, -1 the opponent), so a Plakoto pin is
simply ``(-1, +1)`` (one of theirs under one of ours) and freeing a pinned
checker is just taking the top one off. Every rule is written the literal way:

- R4 Portes: land on empty, own, or a single opposing checker (hit → bar);
  bar checkers enter first on point 25 − die.
- R5.2 Plakoto: land on empty, on a stack whose *top* is ours, or on a stack
  that is exactly one opposing checker (pin). A pinned checker is never on top,
  so it never moves; a pinner (top of a stack with something under it) cannot
  be pinned.
- R6 / R5.3: bear off only when every checker of ours on the board (pinned
  ones included) is on points 1–6; overshoot only from the highest point
  holding any checker of ours.
- R7.1 Fevga: land only on empty or own points. R7.2: until a checker of ours
  is on point 11 or lower or borne off, only the front-most checker moves.
  R7.3: no single step may make six consecutive points along the
  opponent's path all ours while an opposing checker still stands before
  them (looked for over the whole board, not just around the step), and
  under ``tavlucky`` we may never come to hold all of 24–19.
- R2 / R5.4: a step that ends the game (Plakoto mother rules of the preset)
  ends the sequence; such sequences are always offered and left out of the
  maximum-usage and larger-die computation of the other sequences.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterator

from tavli_voice.rules import Position

Stack = tuple[int, ...]
# (stacks for points 1..24, (our bar, their bar), (our off, their off))
State = tuple[tuple[Stack, ...], tuple[int, int], tuple[int, int]]


def state_of(pos: Position) -> State:
    """The naive state of an engine position (read through its public fields)."""
    stacks = []
    for top, under in zip(pos.points, pos.pins):
        sign = 1 if top > 0 else -1
        stacks.append(((under,) if under else ()) + (sign,) * abs(top))
    return tuple(stacks), pos.bar, pos.off


def key_of(st: State) -> str:
    """The fixtures' result form: ``json.dumps([points, bar, off])`` compact."""
    parts = []
    for stack in st[0]:
        if not stack:
            parts.append("0")
        elif len(set(stack)) == 2:  # a pin: [top, under]
            under = stack[0]
            top = sum(stack[1:])
            parts.append(f"[{top},{under}]")
        else:
            parts.append(str(sum(stack)))
    return (f"[[{','.join(parts)}],[{st[1][0]},{st[1][1]}],[{st[2][0]},{st[2][1]}]]")


def opp_path_point(j: int) -> int:
    """Fevga: the opponent's point j in our numbering (R1)."""
    return ((j + 11) % 24) + 1


def _ours_on(stack: Stack) -> int:
    return sum(1 for c in stack if c == 1)


def _landable(game: str, stack: Stack) -> bool:
    if not stack:
        return True
    if game == "portes":
        return stack[0] == 1 or stack == (-1,)
    if game == "plakoto":
        return stack[-1] == 1 or stack == (-1,)
    return stack[0] == 1  # fevga: one checker holds a point


def fevga_blocks(stacks: tuple[Stack, ...], preset: str) -> set[tuple[int, ...]]:
    """R7.3: every forbidden block on the board (as opponent-path start points).

    Any six consecutive points of the opponent's path held by us with an
    opposing checker still before them; under ``tavlucky`` also our 24–19.
    """
    held = [False] + [1 in stacks[opp_path_point(j) - 1] for j in range(1, 25)]
    theirs = [False] + [-1 in stacks[opp_path_point(j) - 1] for j in range(1, 25)]
    found: set[tuple[int, ...]] = set()
    for b in range(1, 20):
        if all(held[b:b + 6]) and any(theirs[b + 6:25]):
            found.add((0, b))
    if preset == "tavlucky" and all(1 in stacks[p - 1] for p in range(19, 25)):
        found.add((1, 19))
    return found


def fevga_forbidden(before: tuple[Stack, ...], after: tuple[Stack, ...], preset: str) -> bool:
    """R7.3 checked over the whole board: does this step *make* a forbidden block?

    (A block that already stood before the step cannot appear in play, since
    opposing checkers never move back behind a block; in hand-made positions
    it does not forbid unrelated steps.)
    """
    return bool(fevga_blocks(after, preset) - fevga_blocks(before, preset))


def _opp_mother_pinned(stacks: tuple[Stack, ...]) -> bool:
    s = stacks[0]
    return len(s) >= 2 and s[0] == -1 and s[-1] == 1


def _own_mother_pinned(stacks: tuple[Stack, ...]) -> bool:
    s = stacks[23]
    return len(s) >= 2 and s[0] == 1 and s[-1] == -1


def ends_game(before: State, after: State, preset: str) -> bool:
    """R5.4 / R2: does this Plakoto step end the game at once?"""
    b, a = before[0], after[0]
    newly = _opp_mother_pinned(a) and not _opp_mother_pinned(b)
    if preset == "tavlucky":
        return newly
    if newly:
        return _own_mother_pinned(a) or _ours_on(a[23]) == 0
    return _opp_mother_pinned(a) and _ours_on(b[23]) > 0 and _ours_on(a[23]) == 0


def _all_home(st: State) -> bool:
    if st[1][0]:
        return False
    return not any(1 in st[0][p - 1] for p in range(7, 25))


def _move(game: str, st: State, src: int, dst: int) -> State:
    stacks = list(st[0])
    bar = list(st[1])
    off = list(st[2])
    if src == 25:
        bar[0] -= 1
    else:
        assert stacks[src - 1][-1] == 1
        stacks[src - 1] = stacks[src - 1][:-1]
    if dst == 0:
        off[0] += 1
    else:
        target = stacks[dst - 1]
        if game == "portes" and target == (-1,):
            bar[1] += 1
            target = ()
        stacks[dst - 1] = target + (1,)
    return tuple(stacks), (bar[0], bar[1]), (off[0], off[1])


def single_steps(game: str, preset: str, st: State, die: int) -> Iterator[tuple[int, int, State]]:
    """Every legal single step with ``die``: (from, to, state after)."""
    stacks = st[0]
    if game == "portes" and st[1][0]:
        dst = 25 - die
        if _landable(game, stacks[dst - 1]):
            yield 25, dst, _move(game, st, 25, dst)
        return
    sources = [p for p in range(24, 0, -1) if stacks[p - 1] and stacks[p - 1][-1] == 1]
    if game == "fevga":
        passed = st[2][0] > 0 or any(1 in stacks[p - 1] for p in range(1, 12))
        if not passed:
            sources = [min(sources)] if sources else []
    for src in sources:
        dst = src - die
        if dst >= 1:
            if not _landable(game, stacks[dst - 1]):
                continue
        else:
            if not _all_home(st):
                continue
            if dst < 0 and any(1 in stacks[p - 1] for p in range(src + 1, 7)):
                continue
            dst = 0
        after = _move(game, st, src, dst)
        if game == "fevga" and fevga_forbidden(stacks, after[0], preset):
            continue
        yield src, dst, after


def legal_results(pos: Position, dice: tuple[int, int]) -> tuple[set[str], set[str]]:
    """(every legal result key, the keys of game-ending plays) for ``pos`` and ``dice``."""
    game, preset = pos.game, pos.preset

    @lru_cache(maxsize=None)
    def rest(st: State, left: tuple[int, ...]) -> frozenset[tuple[State, int, bool]]:
        out: set[tuple[State, int, bool]] = set()
        moved = False
        for die in set(left):
            remaining = list(left)
            remaining.remove(die)
            for _src, _dst, after in single_steps(game, preset, st, die):
                moved = True
                if game == "plakoto" and ends_game(st, after, preset):
                    out.add((after, 1, True))
                    continue
                for final, n, ending in rest(after, tuple(sorted(remaining))):
                    out.add((final, n + 1, ending))
        if not moved:
            out.add((st, 0, False))
        return frozenset(out)

    a, b = dice
    left = (a,) * 4 if a == b else (a, b)
    start = state_of(pos)
    seqs: set[tuple[State, int, int, bool]] = set()
    for die in set(left):
        remaining = list(left)
        remaining.remove(die)
        for _src, _dst, after in single_steps(game, preset, start, die):
            if game == "plakoto" and ends_game(start, after, preset):
                seqs.add((after, 1, die, True))
                continue
            for final, n, ending in rest(after, tuple(sorted(remaining))):
                seqs.add((final, n + 1, die, ending))
    endings = {key_of(f) for f, _n, _d, e in seqs if e}
    normal = [(f, n, d) for f, n, d, e in seqs if not e]
    kept: set[str] = set()
    if normal:
        most = max(n for _f, n, _d in normal)
        best = [(f, d) for f, n, d in normal if n == most]
        if most == 1 and a != b and any(d == max(a, b) for _f, d in best):
            best = [(f, d) for f, d in best if d == max(a, b)]
        kept = {key_of(f) for f, _d in best}
    return kept | endings, endings
