"""Reasons (bots/reasons.py): the time to explain one decision, and the weights' fit.

Default: for seeded decisions of each game (two or more legal plays), times
``reasons.why`` (the expert's 0-ply equities of the turn's plays, the facts of
the best play and of the play compared, the ranking) and prints the median and
95th percentile in milliseconds, wall clock and this process's CPU time (on a
machine shared with other jobs the wall clock counts their time too). Target:
median under 50 ms.

``--fit``: fits :data:`tavli_voice.bots.reasons.WEIGHTS` to the expert's 0-ply
equity differences between the best play and up to three other plays of
seeded decisions (each weight held to its natural sign), then validates on
decisions of other seeds: R² of the predicted differences, and for the clear
mistakes (a loss of at least the coach's threshold) how often a reason is
given and how often the largest named fact really points to the better play.
Prints the weights to paste into the module.

``--examples N``: bot ``rita`` plays seeded games against ``expert`` until she
has made 50 clear mistakes (by the coach's threshold) in each game; prints N
of them per game (and up to two more that say the bear-off rolls, a pin or the one
checker that tells the plays apart) with the
position, the dice, both plays and the coach's note with its reasons as said in
English and in Greek, then how many of the 50 get
a reason rather than "no single reason stands out".

``--unexplained N``: the same 50 mistakes, then N of those given no reason per
game, each with the facts that differ and each fact's part of the equity
difference by the weights (what a new fact would have to explain).

``--agreement N``: for N seeded playout decisions per game in contact (three plays
or more), every pair of the best play and a play a clear mistake behind (the coach's
threshold): how many get a reason, and for how many of the weighted reasons said the
expert's mean equity of the turn's plays with the better play's value of that fact is
higher than with the other play's (the fact points the way the expert does).

Usage::

    python benchmarks/reasons.py                 # 100 decisions per game
    python benchmarks/reasons.py --fit --decisions 600
    python benchmarks/reasons.py --examples 5
    python benchmarks/reasons.py --unexplained 10 --games fevga
    python benchmarks/reasons.py --agreement 300 --games fevga
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

# One BLAS thread, as the program runs (tavli_voice/cli.py): with worker threads the nets'
# small products took 10-100 times longer on this busy two-core machine, and the timing
# measured the threads, not the explaining. Set before numpy is first imported.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

from tavli_voice import events as E
from tavli_voice.bots import make_bot, reasons
from tavli_voice.bots.coach import THRESHOLD, Mistake, judge
from tavli_voice.bots.expert import ExpertBot
from tavli_voice.bots.playouts import random_decisions
from tavli_voice.bots.reasons import NATURAL_SIGN, Kind
from tavli_voice.narration.phrases import phrase
from tavli_voice.narration.pieces import NarrationContext
from tavli_voice.rules import Play, Position, legal_plays

GAMES = ("portes", "plakoto", "fevga")
#: The fitted kinds: not the expert's own chances, look ahead or one checker, nor the exact
#: bear-off rolls.
KINDS = [k for k in Kind
         if k not in reasons.EXACT and k not in (Kind.BEAROFF, Kind.LOOKAHEAD, Kind.CHECKER)]
#: A race fit draws this many times the decisions asked for and keeps the races.
RACE_DRAW = 6


def game_decisions(game: str, n: int, seed: int) -> list[tuple[Position, tuple[int, int],
                                                                  tuple[Play, ...]]]:
    """``n`` of rita's decisions (two or more plays) in seeded games against expert: the
    positions the coach judges, unlike random playouts'."""
    rng = random.Random(f"reasons-games:{game}:{seed}")
    rita, expert = make_bot("rita", seed=seed), make_bot("expert", seed=seed)
    out: list[tuple[Position, tuple[int, int], tuple[Play, ...]]] = []
    while len(out) < n:
        p, mover = Position.initial(game), rng.randrange(2)
        for _turn in range(400):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = tuple(legal_plays(p, dice))
            if not plays:
                p, mover = p.flip(), 1 - mover
                continue
            play = (rita if mover == 0 else expert).choose_play(p, dice, plays)
            if mover == 0 and len(plays) >= 2:
                # rita's play first: the comparison the coach makes
                out.append((p, dice, (play,) + tuple(q for q in plays if q != play)))
                if len(out) == n:
                    return out
            if play.ends_game or play.result.off[0] == 15:
                break
            p, mover = play.result.flip(), 1 - mover
    return out


#: Where the fit's decisions come from: "playouts" (seeded random playouts) or "games"
#: (rita's decisions against expert, seeds other than the examples').
SOURCE = ["playouts"]


def pairs(game: str, n: int, seed: int, bot: ExpertBot,
          race: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Fact differences (better − other) and the expert's equity differences less the part
    its own mars chances explain exactly (:data:`reasons.EXACT`); in a race (``race``) the
    race decisions among ``RACE_DRAW`` times as many, else the decisions in contact."""
    rng = random.Random(f"reasons-fit:{game}:{seed}")
    xs: list[list[float]] = []
    ys: list[float] = []
    many = n * (RACE_DRAW if race else 1)
    if SOURCE[0] == "games":
        drawn = game_decisions(game, many, 100 + seed)
    else:
        drawn = random_decisions(game, many, seed, keep=0.3, label="reasons")
    for before, _dice, plays in drawn:
        if len(plays) < 2 or reasons.in_contact(before) == race:
            continue
        eq = bot.equities(plays)
        best = int(np.argmax(eq))
        others = [i for i in range(len(plays)) if i != best]
        chosen = [0] if SOURCE[0] == "games" and best != 0 else []
        for i in chosen + rng.sample([i for i in others if i not in chosen],
                                     min(3 - len(chosen), len(others) - len(chosen))):
            diffs = {d.kind: d for d in reasons.differences(before, plays[i], plays[best])}
            exact = sum(reasons.EXACT[d.kind] * (d.better - d.mine) for d in
                        reasons.mars_differences(plays[i].result, plays[best].result, bot))
            xs.append([float(diffs[k].better - diffs[k].mine) if k in diffs else 0.0
                       for k in KINDS])
            ys.append(float(eq[best] - eq[i]) - exact)
    return np.array(xs), np.array(ys)


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Least squares with every weight held to its natural sign (wrong sign: left out)."""
    active = [j for j, k in enumerate(KINDS) if np.any(x[:, j])]
    while True:
        w = np.zeros(len(KINDS))
        if active:
            sol, *_ = np.linalg.lstsq(x[:, active], y, rcond=None)
            w[active] = sol
        wrong = [j for j in active if w[j] * NATURAL_SIGN[KINDS[j]] < 0]
        if not wrong:
            return w
        worst = min(wrong, key=lambda j: w[j] * NATURAL_SIGN[KINDS[j]])
        active.remove(worst)


def run_fit(n: int, games: tuple[str, ...] = GAMES) -> None:
    bot = ExpertBot(0, search=False)
    report = []
    for race in (False, True):
        print("RACE_WEIGHTS = {" if race else "WEIGHTS = {")
        for game in games:
            x, y = pairs(game, n, 1, bot, race)
            w = fit(x, y)
            xv, yv = pairs(game, n // 2, 2, bot, race)
            pred = xv @ w
            r2 = 1.0 - float(np.sum((yv - pred) ** 2) / np.sum((yv - yv.mean()) ** 2))
            entries = ", ".join(f"Kind.{KINDS[j].name}: {w[j]:.4f}"
                                for j in range(len(KINDS)) if w[j])
            print(f'    "{game}": {{{entries}}},')
            report.append(f"{game}{' race' if race else ''}: fitted on {len(y)} pairs, "
                          f"validated on {len(yv)}: R2 {r2:.2f}")
        print("}")
    print("\n".join(report))


def run_timing(n: int) -> None:
    bot = ExpertBot(0, search=False)
    for game in GAMES:
        decisions = [d for d in random_decisions(game, n, 5, keep=0.3, label="reasons-time")
                     if len(d[2]) >= 2]
        times, cpu = [], []
        given = 0
        for before, _dice, plays in decisions:
            chosen = plays[len(plays) // 2]
            reasons._hit_counts.cache_clear()  # no help from an earlier decision
            reasons.blocked_rolls.cache_clear()
            t, c = time.perf_counter(), time.process_time()
            ex = reasons.why(before, plays, chosen, bot=bot)
            times.append(1000.0 * (time.perf_counter() - t))
            cpu.append(1000.0 * (time.process_time() - c))
            given += bool(ex is not None and ex.reasons)
        times.sort()
        cpu.sort()
        print(f"{game}: {len(times)} decisions, median {statistics.median(times):.1f} ms "
              f"(CPU {statistics.median(cpu):.1f} ms), 95th {times[int(0.95 * (len(times) - 1))]:.1f}"
              f" ms (CPU {cpu[int(0.95 * (len(cpu) - 1))]:.1f} ms), reasons given {given}")


#: The person making the mistakes (listener, "you") and the opponent who may hit.
PLAYERS = (E.PlayerInfo("Rita", "rita"), E.PlayerInfo("Expert", "expert"))
SEEDS = {"portes": 1, "plakoto": 2, "fevga": 3}

Mistake_ = tuple[Position, tuple[int, int], Play, Mistake]


def clear_mistakes(game: str, count: int, seed: int) -> list[Mistake_]:
    """``count`` clear mistakes (the coach's judgement) of rita playing seeded games against expert."""
    rng = random.Random(seed)
    rita, expert = make_bot("rita", seed=seed), make_bot("expert", seed=seed)
    found: list[Mistake_] = []
    for _game in range(200):
        p, mover = Position.initial(game), rng.randrange(2)
        for _turn in range(400):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = legal_plays(p, dice)
            if not plays:
                p, mover = p.flip(), 1 - mover
                continue
            play = (rita if mover == 0 else expert).choose_play(p, dice, plays)
            if mover == 0:
                note = judge(plays, play, before=p)
                if note is not None:
                    found.append((p, dice, play, note))
                    if len(found) == count:
                        return found
            if play.ends_game or play.result.off[0] == 15:
                break
            p, mover = play.result.flip(), 1 - mover
    return found


def board(p: Position) -> str:
    """The position from the mover's side: each point's checkers (+ the mover's, − the
    opponent's; [top, under] for a pin), then the bars and the checkers off."""
    cells = [f"{i}:{v}" for i, v in enumerate(p.points_json(), start=1) if v]
    return f"{' '.join(cells)} | bar {p.bar[0]}/{p.bar[1]} off {p.off[0]}/{p.off[1]}"


def said(note: Mistake, lang: str) -> str:
    """The coach's note for ``note`` as the narrator says it to Rita."""
    assert note.why is not None
    event = E.CoachNote(0, note.better, note.win_gain, note.equity_loss,
                        tuple(E.ReasonFact(str(d.kind), d.mine, d.better, d.points)
                              for d in note.why.reasons))
    ctx = NarrationContext(lang=lang, players=PLAYERS, listener=0)
    return " ".join(s for s in phrase(event, ctx).segments if isinstance(s, str))


def run_unexplained(shown: int, games: tuple[str, ...], count: int = 50) -> None:
    for game in games:
        mistakes = clear_mistakes(game, count, SEEDS[game])
        left = [m for m in mistakes if m[3].why is None or not m[3].why.reasons]
        print(f"== {game}: {len(left)} of {len(mistakes)} clear mistakes given no reason")
        for n, (before, dice, mine, note) in enumerate(left[:shown], start=1):
            better = note.better
            diffs = (reasons.differences(before, mine, better)
                     + reasons.mars_differences(mine.result, better.result))
            race = not reasons.in_contact(before)
            parts = reasons.contributions(game, diffs, race=race)
            said = ", ".join(f"{d.kind} {d.mine}->{d.better} {c:+.3f}" for c, d in parts)
            print(f"{n}. {board(before)}; dice {dice[0]}-{dice[1]}; rita {mine.notation}, "
                  f"hint {better.notation}, loss {note.equity_loss:.3f}"
                  f"{' (race)' if race else ''}\n   {said}")


def run_agreement(n: int, games: tuple[str, ...]) -> None:
    bot = ExpertBot(0, search=False)
    for game in games:
        pairs_ = given = said = agree = 0
        per: dict[str, list[int]] = {}
        for before, _dice, plays in random_decisions(game, n, 2, keep=0.3, label="reasons"):
            if len(plays) < 3 or not reasons.in_contact(before):
                continue
            eq = bot.equities(plays)
            best = int(np.argmax(eq))
            values = [reasons._values(reasons.facts(p.result), before) for p in plays]
            for i, play in enumerate(plays):
                loss = float(eq[best] - eq[i])
                if i == best or loss < THRESHOLD:
                    continue
                pairs_ += 1
                ex = reasons.explain(before, play, plays[best], loss, bot=bot)
                given += bool(ex.reasons)
                for d in ex.reasons:
                    if d.kind in reasons.EXACT or d.kind in (Kind.LOOKAHEAD, Kind.CHECKER):
                        # the expert's own equities, not a weighted fact
                        continue
                    good = [float(e) for e, v in zip(eq, values) if v[d.kind][0] == d.better]
                    bad = [float(e) for e, v in zip(eq, values) if v[d.kind][0] == d.mine]
                    ok = statistics.mean(good) > statistics.mean(bad)
                    said += 1
                    agree += ok
                    per.setdefault(str(d.kind), [0, 0])[0] += ok
                    per[str(d.kind)][1] += 1
        kinds = ", ".join(f"{k} {a}/{t}" for k, (a, t) in sorted(per.items()))
        print(f"{game}: {pairs_} clear pairs, a reason for {given}; {agree} of {said} weighted "
              f"reasons point the way the turn's plays do ({kinds})")


#: Kinds of reason shown among the examples even past the first N (when any is said).
SHOWN_TOO = (Kind.BEAROFF, Kind.CAPTURED, Kind.LOST, Kind.CHECKER)


def run_examples(shown: int, count: int = 50) -> None:
    for game in GAMES:
        mistakes = clear_mistakes(game, count, SEEDS[game])
        given = [m for m in mistakes if m[3].why is not None and m[3].why.reasons]
        # the examples: those with reasons first, then the honest line, in the order played
        examples = (given + [m for m in mistakes if m not in given])[:shown]
        print(f"== {game}: seed {SEEDS[game]}, {len(mistakes)} clear mistakes of rita against expert")
        # and up to two more that say the exact bear-off rolls, where checkers are pinned or
        # the one checker that tells the plays apart
        also = [m for m in given if m not in examples and m[3].why is not None
                and any(d.kind in SHOWN_TOO for d in m[3].why.reasons)][:2]
        for n, (before, dice, mine, note) in enumerate(examples + also, start=1):
            print(f"{n}. {board(before)}; dice {dice[0]}-{dice[1]}; rita played {mine.notation}, "
                  f"the hint {note.better.notation} (loss {note.equity_loss:.2f})")
            for lang in ("en", "el"):
                print(f"   {lang}: {said(note, lang)}")
        print(f"{game}: a reason given for {len(given)} of {len(mistakes)} clear mistakes "
              f"({100 * len(given) // max(1, len(mistakes))}%), the honest line for the rest")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fit", action="store_true", help="fit and validate the weights")
    ap.add_argument("--decisions", type=int, default=100)
    ap.add_argument("--examples", type=int, metavar="N",
                    help="N real examples per game of rita's clear mistakes, in both languages")
    ap.add_argument("--unexplained", type=int, metavar="N",
                    help="N of rita's clear mistakes given no reason per game, with their facts")
    ap.add_argument("--agreement", type=int, metavar="N",
                    help="N playout decisions per game: reasons said against the turn's plays")
    ap.add_argument("--from-games", action="store_true",
                    help="fit on rita's decisions against expert, not random playouts")
    ap.add_argument("--games", default=",".join(GAMES), help="games for --unexplained and --fit")
    args = ap.parse_args(argv)
    if args.from_games:
        SOURCE[0] = "games"
    if args.agreement is not None:
        run_agreement(args.agreement, tuple(args.games.split(",")))
    elif args.unexplained is not None:
        run_unexplained(args.unexplained, tuple(args.games.split(",")))
    elif args.examples is not None:
        run_examples(args.examples)
    elif args.fit:
        run_fit(args.decisions, tuple(args.games.split(",")))
    else:
        run_timing(args.decisions)
    return 0


if __name__ == "__main__":
    sys.exit(main())
