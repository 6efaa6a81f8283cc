"""The rule that acts on an unsure word said again after a "no", tried again from recorded runs.

``benchmarks/voice.py --repeat --jsonl FILE`` records, for each word asked back and wrong, the repeat
heard without the refused command ("again": its command, score, whether right and unsure, and the
likeliest command over both attempts with its share, ``fusion.with_first``). This prints, for each
condition, how many of the unsure repeats the rule ``voice_decision.SURE_WITH_FIRST`` would act on at
once, right / wrong, for every pair (share over both needed, the repeat's own score needed): a wrong one
is a wrong play acted on, a right one a word right with one question instead of two. Nothing is heard
again, so it takes a second.

    .venv/bin/python benchmarks/voice_repeat_rule.py /tmp/el-tuning.jsonl --alone 0.3,0.4,0.45

``--runner-up 0,0.3,0.5,2`` tabulates instead the runner-up asked after a "no" (``voice_decision.RUNNER_UP_NEEDED``)
for each share R, with ``--held-out`` choosing the part.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

#: Commands never acted on without asking (``listen_decide.DESTRUCTIVE``), by their table names.
DESTRUCTIVE_NAMES = frozenset({"resign", "drop", "quit"})


def candidates(lines: Iterable[dict], own: float = 0.0, weighed: int = 0, engine: str | None = None,
               runner_up: float | None = None) -> dict[str, list[tuple[float, float, bool, str]]]:
    """By language and condition: (share over both, the repeat's own score, right, clip) of each repeat the rule
    could act on: heard unsure, not doubtful nor destructive, and the command both attempts find likeliest;
    with ``own``, only those whose repeat gave its command at least this share alone, and with ``weighed``,
    only those where each attempt weighed at least this many commands besides the refused one (lines
    written with each attempt's shares); with ``engine``, only repeats that engine decided (its name as the game
    looks it up in ``voice_decision.BOTH_NEEDED``: "whisper+crop+moonshine" where Moonshine weighed the repeat
    again; lines written with the repeat's engine). With ``runner_up``, the repeats as the game meets them when it
    asks about the first attempt's runner-up from this share on (``voice_decision.RUNNER_UP_NEEDED``): none where
    that runner-up was right (a yes), the number said again heard without both where it was refused (the
    runner-up's "again_*" fields), the repeat as before where none was asked (``own`` and ``weighed`` unused).

    >>> line = {"lang": "el", "condition": "quiet", "clip": "a", "again": {"command": {"name": "select", "number": 3},
    ...         "score": 0.4, "right": True, "unsure": True, "doubtful": False,
    ...         "both": {"name": "select", "number": 3}, "both_share": 0.9}}
    >>> candidates([line, {"condition": "quiet", "clip": "b"}])
    {'el quiet': [(0.9, 0.4, True, 'a')]}
    >>> candidates([line], engine="whisper+crop+moonshine")
    {}
    >>> told = {**line["again"], "runner_up": {"share": 0.5, "right": False, "again": "asked right", "again_score": 0.3,
    ...         "again_command": line["again"]["command"], "again_unsure": True, "again_engine": "e",
    ...         "again_both": line["again"]["command"], "again_both_share": 0.8}}
    >>> candidates([{**line, "again": told}], runner_up=0.3), candidates([{**line, "again": told}], runner_up=0.6)
    ({'el quiet': [(0.8, 0.3, True, 'a')]}, {'el quiet': [(0.9, 0.4, True, 'a')]})
    """
    out: dict[str, list[tuple[float, float, bool, str]]] = {}
    for line in lines:
        again = repeat_of(line, runner_up)
        if not again or not again.get("unsure") or again.get("doubtful") or again.get("both") is None:
            continue
        if again["both"] != again["command"] or again["command"] is None \
                or again["command"]["name"] in DESTRUCTIVE_NAMES:
            continue
        if engine is not None and again.get("engine") != engine:
            continue
        if own or weighed:
            mine = dict((json.dumps(c), v) for c, v in again.get("shares", ()))
            refused = json.dumps(line.get("command"))
            if mine.get(json.dumps(again["command"]), 0.0) < own or min(
                    sum(1 for c, _ in again.get(key, ()) if json.dumps(c) != refused)
                    for key in ("first_shares", "shares")) < weighed:
                continue
        out.setdefault(f"{line.get('lang', '')} {line['condition']}".strip(), []).append(
            (float(again["both_share"]), float(again["score"]), bool(again["right"]), line["clip"]))
    return out


def repeat_of(line: dict, runner_up: float | None = None) -> dict | None:
    """``line``'s repeat (its "again"), or with ``runner_up`` the repeat as the game meets it when it asks about the
    first attempt's runner-up from that share on: None where the runner-up was right, the number said again heard
    without both where it was refused (the runner-up's "again_*" fields)."""
    again = line.get("again")
    runner = (again or {}).get("runner_up")
    if runner_up is None or runner is None or float(runner["share"]) < runner_up:
        return again
    if runner["right"]:
        return None  # "Nine, then?" "Yes": nothing said again
    return {"command": runner["again_command"], "score": runner["again_score"], "engine": runner["again_engine"],
            "unsure": runner["again_unsure"], "doubtful": False, "both": runner["again_both"],
            "right": runner["again"] in ("acts right", "asked right"), "both_share": runner["again_both_share"]}


def grid(seen: list[tuple[float, float, bool, str]], shares: list[float],
         alone: list[float]) -> list[list[tuple[int, int]]]:
    """(right, wrong) acted on for each (share over both needed, own score needed): rows alone, columns shares.

    >>> grid([(0.9, 0.5, True, "a"), (0.9, 0.2, False, "b")], [0.85], [0.0, 0.4])
    [[(1, 1)], [(1, 0)]]
    """
    return [[(sum(1 for b, s, r, _ in seen if b >= t and s >= a and r),
              sum(1 for b, s, r, _ in seen if b >= t and s >= a and not r)) for t in shares] for a in alone]


#: What the first attempt's outcome (``record_outcome``) is in CONVERSATION_COLUMNS when nothing was said again.
_FIRST_ONLY = {"right at once": "right at once", "right after asking back": "right with one question",
               "acted on wrongly": "acted on wrongly", "no answer": "not right after two attempts",
               "asked, then wrong": "not right after two attempts"}


def runner_up_rows(lines: Iterable[dict], needed: list[float]) -> dict[str, list[dict[str, float]]]:
    """By language and condition, for each share R in ``needed``: the percentages of ``benchmarks/voice.py``'s
    RUNNER_UP_COLUMNS when the first attempt's runner-up is asked after a "no" from R on (lines written with
    ``--repeat``: the repeat's "outcome" as the game decides it today and its "runner_up").

    >>> asked = {"condition": "quiet", "outcome": "asked, then wrong", "again": {"outcome": "not right after two "
    ...          "attempts", "runner_up": {"share": 0.6, "right": True, "again": "not right"}}}
    >>> rows = runner_up_rows([asked, {"condition": "quiet", "outcome": "right at once"}], [0.5, 2.0])["quiet"]
    >>> rows[0]["right with two questions"], rows[1]["not right"], rows[1]["said again"]
    (50.0, 50.0, 50.0)
    """
    from benchmarks.voice import RUNNER_UP_COLUMNS, runner_up_outcome

    seen: dict[str, list[tuple[str, dict | None]]] = {}
    for line in lines:
        again = line.get("again") or {}
        today = again.get("outcome") or _FIRST_ONLY[line["outcome"]]
        seen.setdefault(f"{line.get('lang', '')} {line['condition']}".strip(), []).append(
            (today, again.get("runner_up")))
    out: dict[str, list[dict[str, float]]] = {}
    for condition, words in seen.items():
        for r in needed:
            counts = dict.fromkeys((*RUNNER_UP_COLUMNS, "runner-up asked", "runner-up right"), 0.0)
            for today, runner in words:
                column, said_again = runner_up_outcome(today, runner, r)
                counts[column] += 100 / len(words)
                counts["said again"] += 100 * said_again / len(words)
                asked = runner is not None and float(runner["share"]) >= r
                counts["runner-up asked"] += 100 * asked / len(words)
                counts["runner-up right"] += 100 * (asked and bool(runner and runner["right"])) / len(words)
            out.setdefault(condition, []).append(counts)
    return out


def print_runner_up(lines: list[dict], needed: list[float]) -> None:
    """``runner_up_rows`` as one table: right in all, by questions, acted on wrongly, not right, said again."""
    print("the runner-up asked after a no when its share without the refused one is >= R (R above 1: never, the "
          "game as before); % of the words: right in all, at once, after 1, 2 or 3 questions; acted on wrongly; not "
          "right; the number said again; the runner-up asked about, and right")
    print(f"  {'condition':24s} {'R':>5s} {'n':>5s} {'right':>6s} {'at once':>7s} {'1 q':>5s} {'2 q':>5s} "
          f"{'3 q':>5s} {'wrong':>6s} {'not':>5s} {'again':>6s} {'runner-up asked, right':>22s}")
    counts: dict[str, int] = {}
    for line in lines:
        key = f"{line.get('lang', '')} {line['condition']}".strip()
        counts[key] = counts.get(key, 0) + 1
    for condition, rows in runner_up_rows(lines, needed).items():
        for r, row in zip(needed, rows):
            right = sum(row[c] for c in ("right at once", "right with one question", "right with two questions",
                                         "right with three questions"))
            print(f"  {condition:24s} {r:5.2f} {counts[condition]:5d} {right:6.1f} {row['right at once']:7.1f} "
                  f"{row['right with one question']:5.1f} {row['right with two questions']:5.1f} "
                  f"{row['right with three questions']:5.1f} {row['acted on wrongly']:6.1f} {row['not right']:5.1f} "
                  f"{row['said again']:6.1f} {row['runner-up asked']:15.1f} {row['runner-up right']:6.1f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("jsonl", nargs="+", type=Path, help="--jsonl files of benchmarks/voice.py --repeat")
    parser.add_argument("--shares", default="0.5,0.7,0.85,0.9,0.95", help="shares over both needed")
    parser.add_argument("--alone", default="0,0.3,0.4,0.45", help="the repeat's own scores needed")
    parser.add_argument("--held-out", choices=("all", "tuning", "held-out"), default="all",
                        help="only the clips of this part (the 'held_out' field)")
    parser.add_argument("--wrong", action="store_true", help="also list each wrong candidate")
    parser.add_argument("--own", type=float, default=0.0,
                        help="only repeats that gave their command at least this share alone")
    parser.add_argument("--weighed", type=int, default=0,
                        help="only repeats where each attempt weighed at least this many commands besides the "
                             "refused one (of the five likeliest written)")
    parser.add_argument("--engine", default=None,
                        help="only repeats this engine decided, e.g. whisper+crop+moonshine (Moonshine weighed the "
                             "repeat again: voice_decision.BOTH_NEEDED's key) or whisper+crop")
    parser.add_argument("--after-runner-up", type=float, default=None,
                        help="the repeats as the game meets them when it asks about the first attempt's runner-up "
                             "from this share on (voice_decision.RUNNER_UP_NEEDED, e.g. 0.3): none where it was "
                             "right, heard without both where it was refused (lines written with its again_* fields)")
    parser.add_argument("--runner-up", default=None,
                        help="instead: the runner-up asked after a no, for these shares R (e.g. 0,0.3,0.5,2)")
    args = parser.parse_args(argv)
    shares = [float(x) for x in args.shares.split(",")]
    alone = [float(x) for x in args.alone.split(",")]
    lines = [json.loads(text) for path in args.jsonl for text in path.read_text(encoding="utf-8").splitlines()]
    lines = [x for x in lines if args.held_out == "all" or bool(x.get("held_out")) == (args.held_out == "held-out")]
    if args.runner_up is not None:
        print_runner_up(lines, [float(x) for x in args.runner_up.split(",")])
        return 0
    asked_wrong: dict[str, int] = {}
    for line in lines:
        again = repeat_of(line, args.after_runner_up)
        if again is not None and again.get("command") is not None \
                and (args.engine is None or again.get("engine") == args.engine):
            key = f"{line.get('lang', '')} {line['condition']}".strip()
            asked_wrong[key] = asked_wrong.get(key, 0) + 1
    print("unsure repeats whose command both attempts find likeliest: acted on at once right/wrong, by the "
          "share over both needed (columns) and the repeat's own score needed (rows)")
    print(f"repeats decided by {args.engine}" if args.engine else "repeats decided by any engine")
    if args.after_runner_up is not None:
        print(f"the first attempt's runner-up asked from a share of {args.after_runner_up} on: no repeat where it was "
              "right, the repeat heard without both where it was refused")
    for condition, seen in candidates(lines, args.own, args.weighed, args.engine, args.after_runner_up).items():
        print(f"\n  {condition}: {len(seen)} candidates of {asked_wrong.get(condition, 0)} repeats, "
              f"{sum(1 for x in seen if x[2])} right")
        print(f"  {'alone >=':>10s} " + " ".join(f"{t:>7.2f}" for t in shares))
        for a, row in zip(alone, grid(seen, shares, alone)):
            print(f"  {a:>10.2f} " + " ".join(f"{r:>3d}/{w:<3d}" for r, w in row))
        if args.wrong:
            for b, s, _r, clip in sorted(x for x in seen if not x[2]):
                print(f"    wrong: share over both {b:.3f}, alone {s:.3f}: {clip}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
