"""Head to head in Portes: one of our bots against GNU Backgammon 0-ply, resumable.

Money play, cubeless, a mars worth 2 (``tavlucky``). Games come in pairs on
the same dice: in one our bot starts, in the other gnubg does, so luck
cancels out as far as it can. gnubg plays every decision by its cubeless
0-ply equity over our engine's legal results (the same evaluation that
labelled the Portes net's training data); it runs as a separate process
(``gnubg -t -p``, this file's ``--serve`` mode) answering one position per
line, so gnubg stays a tool of the benchmarks, never of the installed program.

    python benchmarks/portes_vs_gnubg.py --pairs 1000 --seed 1 --out h2h.jsonl
    python benchmarks/portes_vs_gnubg.py --report h2h.jsonl

Each finished game is appended to ``--out`` (one JSON line: pair, who started,
our points, gnubg's points); starting the same command again resumes after
the last whole game. The report gives our share of all points won, the mean
points a game with its standard error (pairs as the unit), and the games'
count.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Sequence

# gnubg runs this file without __file__: it is given the checkout in JUDGE_REPO.
REPO = Path(os.environ["JUDGE_REPO"]) if "__file__" not in globals() else Path(__file__).resolve().parents[1]
GNUBG = shutil.which("gnubg") or "/usr/games/gnubg"


def serve() -> None:  # pragma: no cover - runs inside gnubg's embedded Python
    """Answer lines of boards (JSON lists of gnubg boards) with their 0-ply equities."""
    import gnubg  # type: ignore[import-not-found]

    ci = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
    ec = gnubg.evalcontext(0, 0, 0, 1, 0.0)
    out = sys.stdout
    out.write("GNUBG-READY\n")
    out.flush()
    for line in sys.stdin:
        boards = json.loads(line)
        eqs = []
        for b in boards:
            w, wg, _wbg, lg, _lbg = gnubg.evaluate((tuple(b[0]), tuple(b[1])), ci, ec)[:5]
            eqs.append(2.0 * (1.0 - w) - 1.0 + lg - wg)  # the mover's equity; gnubg's side on roll is the opponent
        out.write(json.dumps(eqs) + "\n")
        out.flush()


class Gnubg:
    """A gnubg process evaluating result positions for the side that just moved."""

    def __init__(self) -> None:
        env = dict(os.environ, GNUBG_SERVE="1", JUDGE_REPO=str(REPO))
        self.proc = subprocess.Popen([GNUBG, "-t", "-q", "-p", str(REPO / "benchmarks" / "portes_vs_gnubg.py")],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
                                     cwd=str(REPO))
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.strip() == "GNUBG-READY":
                return
        raise SystemExit(f"gnubg did not start ({GNUBG})")

    def equities(self, boards: list[Any]) -> list[float]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(boards) + "\n")
        self.proc.stdin.flush()
        return [float(e) for e in json.loads(self.proc.stdout.readline())]

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=10)


def play_game(bot: Any, gnubg: Gnubg, dice_rng: random.Random, bot_starts: bool) -> tuple[int, int, int]:
    """(our points, gnubg's points, decisions) of one game."""
    from tavli_voice.rules import Position, game_outcome, legal_plays
    from training.gnubg_label import gnubg_board

    pos = Position.initial("portes")
    ours = bot_starts
    decisions = 0
    for turn in range(2000):
        a, b = dice_rng.randint(1, 6), dice_rng.randint(1, 6)
        while turn == 0 and a == b:
            a, b = dice_rng.randint(1, 6), dice_rng.randint(1, 6)
        plays = legal_plays(pos, (a, b))
        if plays:
            if len(plays) == 1:
                choice = plays[0]
            elif ours:
                choice = bot.choose_play(pos, (a, b), plays)
                decisions += 1
            else:
                seen: dict[str, Any] = {}
                for pl in plays:
                    seen.setdefault(pl.result.result_key(), pl)
                keys = list(seen)
                finished = {k: game_outcome(seen[k].result) for k in keys}
                live = [k for k in keys if finished[k] is None]
                eqs = dict(zip(live, gnubg.equities([gnubg_board(seen[k].result) for k in live])))
                for k in keys:
                    out = finished[k]
                    if out is not None:
                        eqs[k] = (1.0 if out.winner == 0 else -1.0) * (2.0 if out.points >= 2 else 1.0) + 10.0
                choice = seen[max(keys, key=lambda k: eqs[k])]
            out = game_outcome(choice.result)
            if out is not None:
                pts = 2 if out.points >= 2 else 1
                mover_won = out.winner == 0
                we_won = mover_won == ours
                return (pts, 0, decisions) if we_won else (0, pts, decisions)
            pos = choice.result
        pos = pos.flip()
        ours = not ours
    raise RuntimeError("a game of over 2,000 turns")


def report(path: Path) -> str:
    rows = [json.loads(s) for s in path.read_text(encoding="utf-8").splitlines() if s.strip().endswith("}")]
    if not rows:
        return "no games yet"
    ours = sum(r["ours"] for r in rows)
    theirs = sum(r["gnubg"] for r in rows)
    by_pair: dict[int, float] = {}
    for r in rows:
        by_pair[r["pair"]] = by_pair.get(r["pair"], 0.0) + r["ours"] - r["gnubg"]
    pairs = [v / 2.0 for v in by_pair.values()]
    mean = statistics.fmean(pairs)
    se = statistics.stdev(pairs) / math.sqrt(len(pairs)) if len(pairs) > 1 else float("nan")
    bot = rows[0].get("bot", "?")
    return (f"{bot} against gnubg 0-ply, Portes, cubeless, mars 2: {len(rows)} games ({len(by_pair)} pairs); "
            f"points {ours}-{theirs} = {100.0 * ours / max(1, ours + theirs):.1f}% of the points; "
            f"{mean:+.3f} ± {se:.3f} points a game (standard error over pairs)")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bot", default="expert")
    ap.add_argument("--pairs", type=int, default=1000, help="pairs of games on the same dice (default 1000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, help="JSON lines, one per game (appended; resumed)")
    ap.add_argument("--report", type=Path, help="only print the figures of an --out file")
    a = ap.parse_args(argv)
    if a.report:
        print(report(a.report))
        return 0
    if a.out is None:
        ap.error("--out is needed to play")
    sys.path.insert(0, str(REPO))
    from tavli_voice import blas  # noqa: F401  (one BLAS thread; before numpy is imported)
    from tavli_voice.bots import make_bot

    done: set[tuple[int, bool]] = set()
    if a.out.exists():
        text = a.out.read_text(encoding="utf-8")
        whole = text if text.endswith("\n") else text[: text.rfind("\n") + 1]
        if whole != text:
            a.out.write_text(whole, encoding="utf-8")
        done = {(r["pair"], r["bot_starts"]) for r in (json.loads(s) for s in whole.splitlines() if s.strip())}
    gnubg = Gnubg()
    t0 = time.monotonic()
    try:
        with a.out.open("a", encoding="utf-8") as f:
            for pair in range(a.pairs):
                for bot_starts in (True, False):
                    if (pair, bot_starts) in done:
                        continue
                    bot = make_bot(a.bot, a.seed * 1_000_003 + pair)
                    dice = random.Random(f"portes-vs-gnubg:{a.seed}:{pair}")
                    ours, theirs, n = play_game(bot, gnubg, dice, bot_starts)
                    f.write(json.dumps({"pair": pair, "bot_starts": bot_starts, "ours": ours, "gnubg": theirs,
                                        "decisions": n, "bot": a.bot, "seed": a.seed}) + "\n")
                    f.flush()
                if (pair + 1) % 25 == 0:
                    print(f"{pair + 1} pairs, {time.monotonic() - t0:.0f} s: {report(a.out)}", flush=True)
    finally:
        gnubg.close()
    print(report(a.out))
    return 0


if __name__ == "__main__":
    if os.environ.get("GNUBG_SERVE"):
        serve()
    else:
        sys.exit(main())
