"""Rank the expert's search settings decision by decision, judged two rolls deep.

Whole games are a noisy judge of a search setting: two settings of one net choose
the same play in most decisions, and the dice of the rest swamp the difference
(``bots_compare.py`` needs hundreds of pairs to tell 0.05 points a game apart). Here
the decisions come from seeded games of the expert at 0-ply against a yardstick
(``--against``, the frozen ``expert-2026`` by default; both sides' decisions are
kept), each setting (``MARGIN/WIDTH`` as in ``bots_compare.py``) chooses in every
one, and wherever a setting's play differs from the first setting's, both plays are
valued two rolls deep (:func:`two_ply`): each of the opponent's 21 rolls answered by
their best reply at 0-ply, and that reply valued by the same net one roll deeper
(:meth:`ExpertBot.lookahead_many`: our 21 rolls, our best reply to each). The gain
of a setting is the mean over all decisions of that value of its play minus the
first setting's (equity a decision, ± its standard error), and it comes with the
setting's CPU time a decision (median, 95th percentile; the aim: median < 50 ms,
p95 < 200 ms, as ``bots_speed.py`` reports).

The judge looks deeper than any setting, but it is the same net: a gain here is a
reason to play the setting in matches (``expert_matches.py``), not a proof. Seeds
101-108 are the matches' held-out seeds; tune on others::

    python benchmarks/search_judge.py --game plakoto --games 20 --seed 7000 \\
        --settings 0.08/3 0.16/5 0.25/7
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

from tavli_voice import blas  # noqa: F401  (one BLAS thread; before numpy is imported)

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/ as a package

from benchmarks.bots_compare import search_setting  # noqa: E402
from benchmarks.expert_matches import yardstick_path  # noqa: E402
from tavli_voice.bots.expert import ROLL_WEIGHTS, ROLLS, ExpertBot  # noqa: E402
from tavli_voice.bots.fastgen import result_states  # noqa: E402
from tavli_voice.bots.features import Boards  # noqa: E402
from tavli_voice.bots.net import Net, model_source  # noqa: E402
from tavli_voice.bots.playouts import Decision  # noqa: E402
from tavli_voice.rules import DiceSource, Play, Position, game_outcome, legal_plays  # noqa: E402
from tavli_voice.rules.games import PIN, S_BAR, S_OFF, S_OPP_BAR, S_OPP_OFF  # noqa: E402


def game_decisions(me: ExpertBot, other: ExpertBot, game: str, games: int, seed: int
                   ) -> list[Decision]:
    """Every decision with two or more plays of ``games`` seeded games of ``me`` against
    ``other`` (``me`` moving first in the even games), both sides' decisions."""
    out: list[Decision] = []
    for g in range(games):
        dice = DiceSource(f"search-judge:{game}:{seed}:{g}")
        pos = Position.initial(game, "tavlucky")
        side = g % 2
        for _ in range(1000):
            roll = dice.roll()
            plays = tuple(legal_plays(pos, roll))
            if plays:
                if len(plays) > 1:
                    out.append((pos, roll, plays))
                mover = me if side == 0 else other
                pos = mover.choose_play(pos, roll, plays).result
                if game_outcome(pos) is not None:
                    break
            pos, side = pos.flip(), side ^ 1
    return out


def reply_position(like: Position, row: tuple[int, ...]) -> Position:
    """A quick-generator result state of ``like``'s side to move, as the result
    :class:`Position` of that move (the mover's view, as :attr:`Play.result`)."""
    a = np.array([row], dtype=np.int32)
    pins = a[:, PIN + 1:PIN + 25] if like.game == "plakoto" else np.zeros((1, 24), np.int32)
    return Boards(like.game, a[:, 1:25], pins, a[:, [S_BAR, S_OPP_BAR]],
                  a[:, [S_OFF, S_OPP_OFF]], like=like).position(0)


def two_ply(judge: ExpertBot, play: Play) -> float:
    """``play``'s equity for its mover two rolls deep: the opponent's best reply (by the
    net at 0-ply) to each of their 21 rolls, valued for them one roll deeper
    (:meth:`ExpertBot.lookahead_many`); a pass leaves the board to us as it was."""
    if game_outcome(play.result) is not None:
        return float(judge.equities([play])[0])
    opp = play.result.flip()
    replies: list[Play] = []
    for roll in ROLLS:
        states = result_states(opp, roll)
        if states:
            best = states[int(np.argmax(judge.state_equities(opp, states)))]
            replies.append(Play((), reply_position(opp, best), ""))
        else:  # they pass: their "result" is the board as it is, with us to roll
            replies.append(Play((), opp, ""))
    return -float(ROLL_WEIGHTS @ judge.lookahead_many(replies))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=["portes", "plakoto", "fevga"], required=True)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=7000)
    ap.add_argument("--against", default="expert-2026",
                    help="the yardstick the decisions' games are played against")
    ap.add_argument("--net", type=Path, help="the expert's weights (default: the shipped ones)")
    ap.add_argument("--settings", type=search_setting, nargs="+", required=True,
                    metavar="MARGIN/WIDTH", help="the first is the one the others are measured by")
    args = ap.parse_args(argv)
    net = Net.load(args.net or model_source(args.game), args.game)
    me = ExpertBot(args.seed, search=False, nets={args.game: net})
    path = yardstick_path(args.game, args.against)
    if path is None:
        raise SystemExit("--against names an expert's weights (a file or expert-2026)")
    other = ExpertBot(args.seed + 1, search=False, nets={args.game: Net.load(path, args.game)})
    t0 = time.time()
    ds = game_decisions(me, other, args.game, args.games, args.seed)
    print(f"{args.game}: {len(ds)} decisions of {args.games} games at 0-ply against {path}"
          f" ({(time.time() - t0) / 60:.1f} min)", flush=True)
    judge = ExpertBot(args.seed, search=False, nets={args.game: net})
    valued: dict[Position, float] = {}

    def value(play: Play) -> float:
        if play.result not in valued:
            valued[play.result] = two_ply(judge, play)
        return valued[play.result]

    chosen: list[list[int]] = []
    for margin, width in args.settings:
        bot = ExpertBot(args.seed, search=True, nets={args.game: net}, margin=margin, width=width)
        picks: list[int] = []
        ms: list[float] = []
        for _pos, _roll, plays in ds:
            c = time.process_time()
            scored = bot.scored(plays)
            ms.append(1000 * (time.process_time() - c))
            picks.append(int(np.argmax(scored)))
        chosen.append(picks)
        q = statistics.quantiles(ms, n=20)
        gains = np.array([value(plays[k]) - value(plays[b]) if k != b else 0.0
                          for (_p, _r, plays), k, b in zip(ds, picks, chosen[0])])
        differ = int(np.count_nonzero(np.array(picks) != np.array(chosen[0])))
        se = gains.std(ddof=1) / math.sqrt(len(gains))
        print(f"{margin:g}/{width}: CPU a decision median {statistics.median(ms):6.2f} ms "
              f"p95 {q[18]:7.2f} ms; differs from the first in {differ} of {len(ds)}; "
              f"two rolls deep {gains.mean():+.5f} ± {se:.5f} a decision "
              f"({(time.time() - t0) / 60:.1f} min)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
