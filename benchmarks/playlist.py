"""What a listener pays to reach a play: ``python benchmarks/playlist.py``.

Seeded turns of each game (positions reached by random legal plays, seeded
dice), aiming at a given play: the expert's choice and a random legal play.
Every sentence heard is the program's own (``narration.phrases`` in English,
speech form); a listener stops listening as soon as the play or its group
has been said. Two ways of offering a long list:

* **old** — today's list until this change: plays 1 to 9 read, then "And N
  more"; a play further on needs the whole list asked for ("plays") and
  heard from the start; then its number over the whole list (up to 216).
* **new** — the list told as groups by the checker moved ("From 24: 9
  plays. …"); "from 24" then the play's number inside its group; a group of
  more than 12 is narrowed step by step ("to 18") until 12 or fewer are left,
  read and numbered.

Turns of up to 12 plays (nothing left unread past 3) are the same both ways.
Columns: **words** the player says, **keys** typed (Enter counted),
**heard s** seconds of speech heard before the play can be chosen (at
espeak-ng's 175 words a minute, 0.25 s between list items).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tavli_voice import events as E  # noqa: E402
from tavli_voice.bots import make_bot  # noqa: E402
from tavli_voice.narration import phrases as P  # noqa: E402
from tavli_voice.narration.pieces import NarrationContext, PresentationReason  # noqa: E402
from tavli_voice.rules import Play, Position, Step  # noqa: E402
from tavli_voice.rules.chooser import StepChooser  # noqa: E402
from tavli_voice.rules.movegen import legal_plays  # noqa: E402
from tavli_voice.rules.playgroups import group_plays  # noqa: E402

WPM = 175
PAUSE_S = 0.25
OLD_LIMIT = 9
_ONES = 20


def number_words(n: int) -> int:
    """Words in an English number said aloud: 7 → 1, 35 → 2, 122 → 4 ("one hundred twenty two")."""
    if n < _ONES:
        return 1
    if n < 100:
        return 1 if n % 10 == 0 else 2
    return 2 + (number_words(n % 100) if n % 100 else 0)


def seconds(texts: list[str]) -> float:
    return sum(len(t.split()) for t in texts) * 60 / WPM + PAUSE_S * max(len(texts) - 1, 0)


def said(event: E.Event, ctx: NarrationContext) -> list[str]:
    return [s for s in P.phrase(event, ctx).segments if isinstance(s, str)]


def old_cost(offered: E.PlaysOffered, target: int) -> tuple[int, int, float]:
    """Words, keys and seconds heard with the list cut at 9 and "And N more"."""
    full = said(offered, NarrationContext(reason=PresentationReason.REPEAT))
    count = len(offered.plays)
    if count <= OLD_LIMIT or target <= OLD_LIMIT:
        heard = full[:1 + target]
        return number_words(target), len(str(target)) + 1, seconds(heard)
    first = full[:1 + OLD_LIMIT] + [f"And {count - OLD_LIMIT} more. "
                                    "Ask for the list of plays to hear them all."]
    heard = first + full[:1 + target]
    return 1 + number_words(target), 2 + len(str(target)) + 1, seconds(heard)


def new_cost(offered: E.PlaysOffered, target: int, limit: int = 12) -> tuple[int, int, float]:
    """Words, keys and seconds heard with the list told as groups (as the session offers it).

    "from" the group's point; a group of up to ``limit`` plays is read and the
    play picked by its number there; a larger one is narrowed a step at a time
    ("to 18", then "from 13" …) until the plays left are read and numbered.
    """
    ctx = NarrationContext()
    lines = said(offered, ctx)
    if len(lines) == 1 + len(offered.plays):  # read whole: no groups
        return number_words(target), len(str(target)) + 1, seconds(lines[:1 + target])
    plays, play = offered.plays, offered.plays[target - 1]
    groups = group_plays(plays)
    g = next(i for i, grp in enumerate(groups) if target in grp.numbers)
    source = groups[g].source
    summary = lines[-2].split(". ")
    heard = lines[:-2] + [". ".join(summary[:g + 1])]
    chooser = StepChooser(offered.position, offered.dice, plays)
    words, keys = _from(source)
    left: tuple[Play, ...] = tuple(plays[n - 1] for n in groups[g].numbers)
    while len(left) > limit:  # a step towards the play: where the checker goes
        dests = chooser.destinations(source)
        heard += said(E.StepOptions(0, source, tuple(d.to_point for d in dests)), ctx)
        step = next(d for d in dests if _keeps(chooser, d, play))
        chooser.choose(step.from_point, step.to_point)
        words, keys = words + 1 + _point_words(step.to_point), keys + 3 + len(str(step.to_point))
        done = chooser.complete()
        if done is not None:
            return words, keys, seconds(heard)
        left = chooser.remaining()
        if len(left) > limit:
            source = next(src for src in chooser.sources()
                          if any(_keeps(chooser, d, play) for d in chooser.destinations(src)))
            heard += said(E.StepOptions(0, None, chooser.sources()), ctx)
            more = _from(source)
            words, keys = words + more[0], keys + more[1]
            continue
        heard += said(E.StepOptions(0, None, chooser.sources(), left), ctx)[:1]
        break
    else:
        heard += said(E.StepOptions(0, source, (), left), ctx)[:1]
    local = left.index(play) + 1
    heard += [said(E.StepOptions(0, source, (), left), ctx)[1]]
    heard += said(E.StepOptions(0, source, (), left), ctx)[2:2 + local]
    return words + number_words(local), keys + len(str(local)) + 1, seconds(heard)


def _point_words(point: int) -> int:
    return 1 if point in (0, 25) else number_words(point)


def _from(source: int) -> tuple[int, int]:
    """Words and keys for "from <point>" ("f 13" and Enter)."""
    return 1 + _point_words(source), 2 + (3 if source == 25 else len(str(source))) + 1


def _keeps(chooser: StepChooser, step: Step, play: Play) -> bool:
    """Does taking ``step`` still lead to ``play``?"""
    chooser.choose(step.from_point, step.to_point)
    try:
        return play in chooser.remaining()
    finally:
        chooser.undo()


def turns(game: str, count: int, seed: int) -> list[tuple[Position, tuple[int, int]]]:
    rng = random.Random(seed)
    out = []
    pos = Position.initial(game)
    while len(out) < count:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(pos, dice)
        if len(plays) > 1:
            out.append((pos, dice))
        pos = (rng.choice(plays).result if plays else pos).flip()
        if pos.pip_count() == 0 or pos.flip().pip_count() == 0:
            pos = Position.initial(game)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=60, help="turns per game")
    ap.add_argument("--seed", type=int, default=43)
    args = ap.parse_args(argv)
    expert = make_bot("expert", seed=args.seed)
    rng = random.Random(args.seed)
    rows: dict[tuple[str, str, str], list[tuple[int, int, float]]] = {}
    for game in ("portes", "plakoto", "fevga"):
        for pos, dice in turns(game, args.turns, args.seed):
            plays = legal_plays(pos, dice)
            offered = E.PlaysOffered(0, dice, plays, pos)
            aims = {"expert": plays.index(expert.choose_play(pos, dice, plays)) + 1,
                    "random": rng.randrange(len(plays)) + 1}
            for aim, target in aims.items():
                rows.setdefault((game, aim, "old"), []).append(old_cost(offered, target))
                rows.setdefault((game, aim, "new"), []).append(new_cost(offered, target))
    print(f"{'game':8} {'aim':7} {'list':4} {'words med':>9} {'keys med':>8} "
          f"{'heard med s':>11} {'heard max s':>11} {'> 20 s':>6}")
    for (game, aim, way), costs in rows.items():
        words = statistics.median(c[0] for c in costs)
        keys = statistics.median(c[1] for c in costs)
        heard = [c[2] for c in costs]
        print(f"{game:8} {aim:7} {way:4} {words:9.1f} {keys:8.1f} {statistics.median(heard):11.1f} "
              f"{max(heard):11.1f} {sum(h > 20 for h in heard):6d}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
