"""Judge Portes decisions with GNU Backgammon at n-ply (2 by default), resumable.

Two jobs, both run inside gnubg's embedded Python (gnubg is a tool of the
benchmarks and of training only, never of the installed program)::

    # re-judge a decisions file (every legal result of every line at 2-ply)
    JUDGE_IN=../shared/fixtures/portes_decisions_gnubg.jsonl JUDGE_OUT=judged-2ply.jsonl \\
        gnubg -t -q -p benchmarks/portes_judge.py

    # make a new decisions file: seeded Portes games played by gnubg 0-ply
    # (its best play 9 times in 10, one of its top five otherwise), each
    # non-forced decision judged at 0-ply and at JUDGE_PLY
    JUDGE_MAKE=200 JUDGE_SEED=7 JUDGE_OUT=my-decisions.jsonl \\
        gnubg -t -q -p benchmarks/portes_judge.py

Settings come from the environment: ``JUDGE_PLY`` (default 2), ``JUDGE_LIMIT``
(only the first N input lines), ``JUDGE_REPO`` (the checkout, default the
current folder). The output is appended line by line and flushed, so a run
stopped at any moment is resumed by starting it again: lines (or games)
already in ``JUDGE_OUT`` are skipped.

Each output line has the format of ``shared/fixtures/portes_decisions_gnubg_2ply.jsonl``:
``equities`` at the judge's ply, ``equities0`` at 0-ply, ``gnubg_best`` (the
result gnubg 0-ply chooses), ``judge`` (e.g. ``"2-ply"``), ``game`` and
``turn``. Equity is cubeless with a mars worth 2 (``tavlucky``), for the side
that moved; evaluations are deterministic (no noise). ``benchmarks/portes_gnubg.py
--file OUT`` then scores our bots on it, and gnubg 0-ply itself.

Files made with ``JUDGE_MAKE`` are for measuring: keep them out of training
(the training labels come from other seeds; see ``models/README.md``).
"""

from __future__ import annotations

import json
import os
import random
import sys
import time

sys.path.insert(0, os.environ.get("JUDGE_REPO", os.getcwd()))

from tavli_voice.rules import Position, game_outcome, legal_plays  # noqa: E402
from training.gnubg_label import gnubg_board, mover_probs, tav_equity  # noqa: E402  (one home for gnubg's board)


def equity_of_probs(probs: tuple[float, ...]) -> float:
    """The mover's cubeless equity (mars = 2) from gnubg's probabilities for the side on roll."""
    return tav_equity(mover_probs(probs))


def exact_equity(pos: Position) -> float | None:
    out = game_outcome(pos)
    if out is None:
        return None
    sign = 1.0 if out.winner == 0 else -1.0
    return sign * (2.0 if out.points >= 2 else 1.0)


class Judge:
    """Evaluates results at 0-ply and at the judge's ply (inside gnubg)."""

    def __init__(self, gnubg: object, ply: int) -> None:
        self.g = gnubg
        self.ci = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)  # type: ignore[attr-defined]
        self.ec0 = gnubg.evalcontext(0, 0, 0, 1, 0.0)  # type: ignore[attr-defined]
        self.ecn = gnubg.evalcontext(0, ply, 0, 1, 0.0)  # type: ignore[attr-defined]

    def equity(self, pos: Position, n_ply: bool) -> float:
        e = exact_equity(pos)
        if e is not None:
            return e
        probs = self.g.evaluate(gnubg_board(pos), self.ci, self.ecn if n_ply else self.ec0)  # type: ignore[attr-defined]
        return round(equity_of_probs(probs), 5)

    def line(self, pos: Position, dice: tuple[int, int], ply: int, game: int, turn: int) -> dict[str, object] | None:
        plays = legal_plays(pos, dice)
        results = {pl.result.result_key(): pl.result for pl in plays}
        if len(results) < 2:
            return None
        eq0 = {k: self.equity(r, False) for k, r in results.items()}
        eqn = {k: self.equity(r, True) for k, r in results.items()}
        best0 = max(eq0, key=lambda k: eq0[k])
        return {"position": pos.to_json(), "dice": list(dice), "equities": eqn, "gnubg_best": best0,
                "game": game, "turn": turn, "equities0": eq0, "judge": f"{ply}-ply"}


def done_lines(path: str) -> list[dict[str, object]]:
    """The complete lines already written (a torn last line is dropped and rewritten)."""
    if not os.path.exists(path):
        return []
    good: list[dict[str, object]] = []
    with open(path, "rb") as f:
        data = f.read()
    keep = 0
    for raw in data.split(b"\n"):
        if not raw.endswith(b"}"):
            break
        try:
            good.append(json.loads(raw))
        except ValueError:
            break
        keep += len(raw) + 1
    if keep < len(data):
        with open(path, "r+b") as f:
            f.truncate(keep)
    return good


def rejudge(judge: Judge, ply: int, src: str, out: str, limit: int | None) -> None:
    with open(src, encoding="utf-8") as f:
        lines = [json.loads(s) for s in f if s.strip()]
    if limit:
        lines = lines[:limit]
    start = len(done_lines(out))
    t0 = time.monotonic()
    with open(out, "a", encoding="utf-8") as f:
        for i in range(start, len(lines)):
            rec = lines[i]
            pos = Position.from_json(rec["position"])
            d = rec["dice"]
            judged = judge.line(pos, (d[0], d[1]), ply, int(rec.get("game", i)), int(rec.get("turn", 0)))
            if judged is None:
                continue
            f.write(json.dumps(judged, separators=(",", ":")) + "\n")
            f.flush()
            if (i + 1) % 50 == 0:
                print(f"{i + 1}/{len(lines)} lines, {time.monotonic() - t0:.0f} s", file=sys.stderr, flush=True)


def make(judge: Judge, ply: int, games: int, seed: int, out: str) -> None:
    done = done_lines(out)
    games_done = {int(r["game"]) for r in done}  # type: ignore[call-overload]
    t0 = time.monotonic()
    with open(out, "a", encoding="utf-8") as f:
        for g in range(games):
            game_id = seed * 100000 + g
            rng = random.Random(f"portes-judge:{seed}:{g}")
            if game_id in games_done:
                continue
            pos = Position.initial("portes")
            for turn in range(1000):
                a, b = rng.randint(1, 6), rng.randint(1, 6)
                while turn == 0 and a == b:
                    a, b = rng.randint(1, 6), rng.randint(1, 6)
                plays = legal_plays(pos, (a, b))
                if not plays:
                    pos = pos.flip()
                    continue
                judged = judge.line(pos, (a, b), ply, game_id, turn)
                if judged is None:
                    choice = plays[0].result
                else:
                    f.write(json.dumps(judged, separators=(",", ":")) + "\n")
                    eq0: dict[str, float] = judged["equities0"]  # type: ignore[assignment]
                    ranked = sorted(eq0, key=lambda k: -eq0[k])
                    pick = ranked[rng.randrange(min(5, len(ranked)))] if rng.random() < 0.1 else ranked[0]
                    choice = next(pl.result for pl in plays if pl.result.result_key() == pick)
                if game_outcome(choice) is not None:
                    break
                pos = choice.flip()
            f.flush()
            print(f"game {g + 1}/{games}, {time.monotonic() - t0:.0f} s", file=sys.stderr, flush=True)


def main() -> None:  # pragma: no cover - runs inside gnubg
    import gnubg  # type: ignore[import-not-found]

    ply = int(os.environ.get("JUDGE_PLY", "2"))
    out = os.environ["JUDGE_OUT"]
    judge = Judge(gnubg, ply)
    if os.environ.get("JUDGE_MAKE"):
        make(judge, ply, int(os.environ["JUDGE_MAKE"]), int(os.environ.get("JUDGE_SEED", "1")), out)
    else:
        limit = os.environ.get("JUDGE_LIMIT")
        rejudge(judge, ply, os.environ["JUDGE_IN"], out, int(limit) if limit else None)


if __name__ == "__main__":  # pragma: no cover
    main()
