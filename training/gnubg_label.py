"""Label Portes positions with GNU Backgammon's 0-ply evaluation (runs inside gnubg).

The Portes expert net is distilled from gnubg: this script plays Portes
games with our own rules engine (``tavli_voice.rules``), choosing gnubg's
best play (its cubeless 0-ply equity, a mars worth 2 as under ``tavlucky``)
nine times in ten and one of its top five otherwise, for variety. Every
candidate result of every decision is written with gnubg's five
probabilities for the side that just moved, so the net learns to tell
plays apart where it matters. The positions come only from these games.

Run it with gnubg's embedded Python; settings come from the environment::

    LABEL_SEED=3 LABEL_GAMES=200 LABEL_OUT=/work/train/portes/labels-3.csv \\
    PYTHONPATH=/path/to/repo gnubg -t -q -p training/gnubg_label.py

``LABEL_PLY`` (default 0) labels at a deeper ply: at 2-ply (deterministic) a candidate
costs about 13 ms on an idle core, a game about 8-10 s (1,193 results for one game).

Output: CSV lines ``game,turn,points×24,bar×2,off×2,p×5`` (mover's view,
gnubg's order: win, win mars, win triple, lose mars, lose triple).
"""

from __future__ import annotations

import os
import random
import sys

sys.path.insert(0, os.environ.get("LABEL_REPO", os.getcwd()))

from tavli_voice.rules import Position, game_outcome, legal_plays


def gnubg_board(pos: Position) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """gnubg's board for a result position: the opponent is on roll.

    gnubg's ``board[1]`` is the side on roll and ``board[0]`` the other, each
    indexed by its own point − 1 with the bar at 24.
    """
    pts = pos.points
    mover = [0] * 25
    opp = [0] * 25
    for p in range(1, 25):
        v = pts[p - 1]
        if v > 0:
            mover[p - 1] = v
        elif v < 0:
            opp[(25 - p) - 1] = -v
    mover[24] = pos.bar[0]
    opp[24] = pos.bar[1]
    return (tuple(mover), tuple(opp))


def mover_probs(probs: tuple[float, ...]) -> list[float]:
    """gnubg's probabilities for the side on roll → the side that just moved."""
    w, wg, wbg, lg, lbg = probs[:5]
    return [1.0 - w, lg, lbg, wg, wbg]


def exact(pos: Position) -> list[float] | None:
    """The true outputs of a finished game, else None."""
    out = game_outcome(pos)
    if out is None:
        return None
    won = out.winner == 0
    m = out.points >= 2
    return [1.0, float(m), 0.0, 0.0, 0.0] if won else [0.0, 0.0, 0.0, float(m), 0.0]


def tav_equity(p: list[float]) -> float:
    """Cubeless equity with a mars worth 2 (``tavlucky``)."""
    return 2.0 * p[0] - 1.0 + p[1] - p[3]


def main() -> None:  # pragma: no cover - runs inside gnubg
    import gnubg  # type: ignore[import-not-found]

    seed = int(os.environ.get("LABEL_SEED", "1"))
    games = int(os.environ.get("LABEL_GAMES", "100"))
    out_path = os.environ["LABEL_OUT"]
    rng = random.Random(f"gnubg-label:{seed}")
    ci = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
    ec = gnubg.evalcontext(0, int(os.environ.get("LABEL_PLY", "0")), 0, 1, 0.0)
    with open(out_path, "a") as f:
        for g in range(games):
            pos = Position.initial("portes")
            for turn in range(1000):
                a, b = rng.randint(1, 6), rng.randint(1, 6)
                while turn == 0 and a == b:
                    a, b = rng.randint(1, 6), rng.randint(1, 6)
                plays = legal_plays(pos, (a, b))
                if not plays:
                    pos = pos.flip()
                    continue
                if len(plays) == 1:
                    choice = plays[0]
                else:
                    scored = []
                    for pl in plays:
                        r = pl.result
                        p = exact(r)
                        if p is None:
                            p = mover_probs(gnubg.evaluate(gnubg_board(r), ci, ec))
                        scored.append((tav_equity(p), pl))
                        f.write(",".join([str(seed * 100000 + g), str(turn)]
                                         + [str(v) for v in r.points]
                                         + [str(v) for v in r.bar] + [str(v) for v in r.off]
                                         + [f"{v:.5f}" for v in p]) + "\n")
                    scored.sort(key=lambda sp: -sp[0])
                    if rng.random() < 0.1:
                        choice = scored[rng.randrange(min(5, len(scored)))][1]
                    else:
                        choice = scored[0][1]
                if game_outcome(choice.result) is not None:
                    break
                pos = choice.result.flip()
            f.flush()


if __name__ == "__main__":  # pragma: no cover
    main()
