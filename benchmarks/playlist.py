"""What a listener pays to reach a play: ``python benchmarks/playlist.py``.

Seeded turns of each game (positions reached by random legal plays, seeded
dice), aiming at a given play: the expert's choice and a random legal play.
Every sentence heard is the program's own (``narration.phrases`` in English,
speech form); a listener stops listening as soon as the play or its group
has been said. Two ways of offering a long list:

* **old** — today's list until this change: plays 1 to 9 read, then "And N
  more"; a play further on needs the whole list asked for ("plays") and
  heard from the start; then its number over the whole list (up to 216).
* **new** — the list told as groups by the checker moved, the first one
  said whole and the rest as point and count ("From 24: 9 plays. 13: 12,
  8: 3."), each play heard in its short form ("24 to 18, 13 to 8");
  "from 24" says that checker's destinations, then (12 or fewer) its plays
  numbered in the group; "to 18" takes a step (alone when one checker can
  go there), after which the plays it leads to are numbered when 12 or
  fewer. Every way the session takes is tried (:func:`new_paths`); the
  listener takes the one with the fewest words within 20 s of listening,
  then the least listening (:func:`best_path`); ``--paths`` prints them.

Turns of up to 12 plays are read whole (their number is said) unless the
play comes after 20 s of listening, when it is chosen step by step.
Columns: **words** the player says, **keys** typed (Enter counted),
**heard s** seconds of speech heard before the play can be chosen (at
espeak-ng's 175 words a minute, 0.25 s between list items), and for switch
scanning over the real scan menus (:mod:`tavli_voice.scanning.cost`, Hint,
Describe and Repeat on the top level too): **1-switch presses** (picks in
automatic scanning), **auto steps** (highlight moves waited for) and
**2-switch presses** (next and pick). The old scan menu is one flat list;
the new one the default, by the checker moved.
"""

from __future__ import annotations

import argparse
import re
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tavli_voice import commands as C  # noqa: E402
from tavli_voice import events as E  # noqa: E402
from tavli_voice.bots import make_bot  # noqa: E402
from tavli_voice.narration import phrases as P  # noqa: E402
from tavli_voice.narration.pieces import NarrationContext, PresentationReason, Say  # noqa: E402
from tavli_voice.rules import Play, Position, Step  # noqa: E402
from tavli_voice.rules.chooser import StepChooser  # noqa: E402
from tavli_voice.rules.movegen import legal_plays  # noqa: E402
from tavli_voice.rules.playgroups import group_plays  # noqa: E402
from tavli_voice.scanning import PlayChoice, ScanMenu, ScanSettings, build_root  # noqa: E402
from tavli_voice.scanning.cost import scan_costs_all  # noqa: E402
from tavli_voice.ui.board.scan_menu import play_sequences  # noqa: E402

WPM = 175
PAUSE_S = 0.25
#: The most listening a play should need before it can be chosen (seconds of speech heard).
BUDGET_S = 20.0
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
    full = said(offered, NarrationContext(reason=PresentationReason.REPEAT))[:1]
    speech = Say(NarrationContext(), speech=True)  # today's items: "1: from 24 to 18, from 13 to 8"
    full += [f"{n}: {speech.play(p, 0)}" for n, p in enumerate(offered.plays, start=1)]
    count = len(offered.plays)
    if count <= OLD_LIMIT or target <= OLD_LIMIT:
        heard = full[:1 + target]
        return number_words(target), len(str(target)) + 1, seconds(heard)
    first = full[:1 + OLD_LIMIT] + [f"And {count - OLD_LIMIT} more. "
                                    "Ask for the list of plays to hear them all."]
    heard = first + full[:1 + target]
    return 1 + number_words(target), 2 + len(str(target)) + 1, seconds(heard)


Utterance = tuple[str, int]  # ("from", 24), ("to", 18), ("number", 3)


def utterance_words(u: Utterance) -> int:
    """Words in one thing the player says: "from 24" → 3, "to bar"… → 2, "3" → 1."""
    kind, value = u
    return number_words(value) if kind == "number" else 1 + _point_words(value)


def utterance_keys(u: Utterance) -> int:
    """Keys typed for it, Enter counted: "f 24⏎" → 5, "t off⏎", "3⏎" → 2."""
    kind, value = u
    if kind == "number":
        return len(str(value)) + 1
    return 3 + (3 if value in (0, 25) else len(str(value)))


def utterance_text(u: Utterance) -> str:
    kind, value = u
    point = {25: "bar", 0: "off"}.get(value, str(value))
    return str(value) if kind == "number" else f"{kind} {point}"


Path = tuple[tuple[Utterance, ...], tuple[str, ...]]  # what the player says, the lines heard


def as_commands(spoken: tuple[Utterance, ...]) -> list[C.Command]:
    """The session's commands for what the player says ("from 24" → FromPoint(24) …)."""
    make = {"from": C.FromPoint, "to": C.ToPoint, "number": C.ChoosePlay}
    return [make[kind](value) for kind, value in spoken]  # type: ignore[abstract]


def new_paths(offered: E.PlaysOffered, target: int, limit: int = 12) -> list[Path]:
    """Every way the session lets a player reach play ``target``, with the lines heard.

    As the session offers them: a turn of up to ``limit`` plays is read whole
    and picked by number; a longer one is told as groups. From there, "from"
    a point says its checker's destinations, then its plays numbered when no
    more than ``limit``; "to" a point takes a step (alone, when one checker
    can go there); after a step the plays it still leads to are numbered when
    no more than ``limit``. A listener stops listening as soon as what they
    need has been said.
    """
    ctx = NarrationContext()
    lines = said(offered, ctx)
    plays, play = offered.plays, offered.plays[target - 1]
    chooser = StepChooser(offered.position, offered.dice, plays)
    out: list[Path] = []
    if len(lines) == 1 + len(plays):  # read whole: no groups
        out.append(((("number", target),), tuple(lines[:1 + target])))
        top = lines[:1]
        before_step = {src: top for src in chooser.sources()}
    else:
        summary = re.split(r"(?<=[.,]) ", lines[-2])  # "From 24: 8 plays. 20: 10, 13: 6."
        groups = group_plays(plays)
        before_step = {grp.source: lines[:-2] + [" ".join(summary[:i + 1])]
                       for i, grp in enumerate(groups)}
        if offered.suggested is not None and offered.suggested == target:
            out.append(((("number", target),), tuple(lines[:2])))
    grouped = len(plays) > limit  # the session numbers shorter lists only then
    limit = limit if grouped else 0
    for source in chooser.sources():
        heard = before_step.get(source, lines[:1])
        _walk(chooser, source, play, ctx, limit, (("from", source),), tuple(heard), out,
              numbered=_group_plays(plays, source))
        step = _alone(chooser, source, play)
        if step is not None:  # "to 8" alone at once
            _stepped(chooser, step, play, ctx, limit, (("to", step.to_point),), tuple(heard), out)
    return out


def _group_plays(plays: tuple[Play, ...], source: int) -> tuple[Play, ...]:
    group = next((g for g in group_plays(plays) if g.source == source), None)
    return tuple(plays[n - 1] for n in group.numbers) if group is not None else ()


def _alone(chooser: StepChooser, source: int, play: Play) -> Step | None:
    """The step from ``source`` towards ``play`` when its destination is reached by one checker only."""
    for step in chooser.destinations(source):
        if _keeps(chooser, step, play):
            froms = {s.from_point for s in chooser.options() if s.to_point == step.to_point}
            if len(froms) == 1:
                return step
    return None


def _walk(chooser: StepChooser, source: int, play: Play, ctx: NarrationContext, limit: int,
          said_: tuple[Utterance, ...], heard: tuple[str, ...], out: list[Path], *,
          numbered: tuple[Play, ...]) -> None:
    """Paths on from "from ``source``" (the checker picked, its destinations said)."""
    if not any(_keeps(chooser, d, play) for d in chooser.destinations(source)):
        return
    numbered = numbered if 0 < len(numbered) <= limit else ()
    points = tuple(d.to_point for d in chooser.destinations(source))
    options = said(E.StepOptions(0, source, points, numbered), ctx)
    if play in numbered:
        local = numbered.index(play) + 1
        out.append((said_ + (("number", local),), heard + tuple(options[:2 + local])))
    for step in chooser.destinations(source):
        if _keeps(chooser, step, play):
            _stepped(chooser, step, play, ctx, limit, said_ + (("to", step.to_point),),
                     heard + (_until(options[0], step.to_point),), out)


def _stepped(chooser: StepChooser, step: Step, play: Play, ctx: NarrationContext, limit: int,
             said_: tuple[Utterance, ...], heard: tuple[str, ...], out: list[Path]) -> None:
    """Paths on from taking ``step`` (the plays it leads to numbered, when few)."""
    chooser.choose(step.from_point, step.to_point)
    try:
        if chooser.complete() is not None:
            out.append((said_, heard))
            return
        left = chooser.remaining()
        numbered = left if 0 < len(left) <= limit else ()
        sources = chooser.sources()
        options = said(E.StepOptions(0, None, sources, numbered), ctx)
        if play in numbered:
            local = numbered.index(play) + 1
            out.append((said_ + (("number", local),), heard + tuple(options[:2 + local])))
        for source in sources:
            _walk(chooser, source, play, ctx, limit, said_ + (("from", source),),
                  heard + (_until(options[0], source),), out, numbered=())
            alone = _alone(chooser, source, play)
            if alone is not None:
                _stepped(chooser, alone, play, ctx, limit, said_ + (("to", alone.to_point),),
                         heard + (_until(options[0], source),), out)
    finally:
        chooser.undo()


def best_path(paths: list[Path]) -> Path:
    """The listener's way: fewest words within :data:`BUDGET_S` of listening, then least
    listening; when none is within it, least listening."""
    within = [p for p in paths if seconds(list(p[1])) <= BUDGET_S]
    if within:
        return min(within, key=lambda p: (sum(map(utterance_words, p[0])), seconds(list(p[1]))))
    return min(paths, key=lambda p: seconds(list(p[1])))


def new_cost(offered: E.PlaysOffered, target: int, limit: int = 12) -> tuple[int, int, float]:
    """Words, keys and seconds heard along the listener's way (:func:`best_path`)."""
    words, _, keys, heard = new_way(offered, target, limit)
    return words, keys, heard


def new_way(offered: E.PlaysOffered, target: int, limit: int = 12
            ) -> tuple[int, str, int, float]:
    """Words, what is said ("from 24, to 18, 2"), keys and seconds heard."""
    spoken, heard = best_path(new_paths(offered, target, limit))
    return (sum(map(utterance_words, spoken)), ", ".join(map(utterance_text, spoken)),
            sum(map(utterance_keys, spoken)), seconds(list(heard)))


def _until(prompt: str, point: int) -> str:
    """``prompt`` up to where it names ``point`` (a listener who knows the step stops there)."""
    name = {25: "bar", 0: "off"}.get(point, str(point))
    tokens = prompt.split()
    for i, token in enumerate(tokens[1:], start=1):
        if token.strip(".,:;") == name:
            return " ".join(tokens[:i + 1])
    return prompt


def _point_words(point: int) -> int:
    return 1 if point in (0, 25) else number_words(point)


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


def scan_presses(offered: E.PlaysOffered, targets: list[int]
                 ) -> dict[str, list[tuple[int, int, int]]]:
    """Two-switch presses, automatic-scanning steps and one-switch presses to each target,
    flat list against new.

    ``old``: every play in one flat list (the scan menu's ``list`` layout);
    ``new``: the default, by the checker moved (:class:`CheckerMode`). The
    costs are the real option trees walked the shortest way (:mod:`scanning.cost`).
    """
    seqs = play_sequences(offered.position, offered.dice, offered.plays)
    menu = ScanMenu(commands=(C.Hint(), C.Describe(), C.Repeat()), plays=tuple(
        PlayChoice(p.notation, "", tuple(seqs[i]) if seqs is not None else ())
        for i, p in enumerate(offered.plays)))
    out: dict[str, list[tuple[int, int, int]]] = {}
    for way, choice in (("old", "list"), ("new", "auto")):
        step = ScanSettings(mode="step", play_choice=choice)  # type: ignore[arg-type]
        auto = ScanSettings(mode="auto", play_choice=choice)  # type: ignore[arg-type]
        by_step = scan_costs_all(build_root(menu, step), step)
        by_auto = scan_costs_all(build_root(menu, auto), auto)
        out[way] = [(by_step[C.ChoosePlay(t)].presses, by_auto[C.ChoosePlay(t)].steps,
                     by_auto[C.ChoosePlay(t)].presses) for t in targets]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=60, help="turns per game")
    ap.add_argument("--seed", type=int, default=43)
    ap.add_argument("--paths", action="store_true",
                    help="print what the listener says for each aim (new list), not the table")
    args = ap.parse_args(argv)
    expert = make_bot("expert", seed=args.seed)
    rng = random.Random(args.seed)
    rows: dict[tuple[str, str, str], list[tuple[int, int, float, int, int, int]]] = {}
    for game in ("portes", "plakoto", "fevga"):
        for pos, dice in turns(game, args.turns, args.seed):
            plays = legal_plays(pos, dice)
            offered = E.PlaysOffered(0, dice, plays, pos)
            aims = {"expert": plays.index(expert.choose_play(pos, dice, plays)) + 1,
                    "random": rng.randrange(len(plays)) + 1}
            scans = scan_presses(offered, list(aims.values()))
            for i, (aim, target) in enumerate(aims.items()):
                if args.paths:
                    words, text, _, heard = new_way(offered, target)
                    print(f"{game:8} {aim:7} {dice[0]}-{dice[1]} {len(plays):3d} plays  "
                          f"#{target:<3d} {words} words {heard:5.1f} s  {text}")
                    continue
                rows.setdefault((game, aim, "old"), []).append(
                    old_cost(offered, target) + scans["old"][i])
                rows.setdefault((game, aim, "new"), []).append(
                    new_cost(offered, target) + scans["new"][i])
    if args.paths:
        return 0
    print(f"{'game':8} {'aim':7} {'list':4} {'words med':>9} {'keys med':>8} "
          f"{'heard med s':>11} {'heard max s':>11} {'> 20 s':>6} {'1-switch presses':>16} "
          f"{'auto steps':>10} {'2-switch presses med/max':>24}")
    for (game, aim, way), costs in rows.items():
        words = statistics.median(c[0] for c in costs)
        keys = statistics.median(c[1] for c in costs)
        heard = [c[2] for c in costs]
        presses = [c[3] for c in costs]
        print(f"{game:8} {aim:7} {way:4} {words:9.1f} {keys:8.1f} {statistics.median(heard):11.1f} "
              f"{max(heard):11.1f} {sum(h > BUDGET_S for h in heard):6d} "
              f"{statistics.median(c[5] for c in costs):16.1f} "
              f"{statistics.median(c[4] for c in costs):10.1f} "
              f"{statistics.median(presses):>18.1f} /{max(presses):4d}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
