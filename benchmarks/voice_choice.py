"""After a "no", the number said again heard among the refused word's next likeliest numbers, from recorded runs.

``benchmarks/voice.py --repeat --choice --jsonl FILE`` records, for each word asked back and wrong, the number said
again heard against the refused word's 2 and 3 likeliest other play numbers alone ("alone") and beside the decoys
("decoys"), as a game would hear it after saying "Eight or five? Say it again." (``voice.choose_again``). This prints,
for each way and share T, what such a game makes of every word:

  right at once; right with one question (asked and right, or asked, "no", the number said again among those named
  and acted on at once, rightly); right with two questions (the number said again asked back and right); acted on
  wrongly (on either attempt); not right.

The number said again is acted on at once when it is one of those named, its share over both attempts
(``fusion.with_first``, the refused word left out) is at least T and, with "agrees", the same number was heard
likeliest against the whole list without the refused one; else it is asked back ("Did you say eight?"). Every
yes and no is taken as heard rightly. Beside it, the game as it is (``voice_decision.RUNNER_UP_NEEDED``: "Eight,
then?", then the number said again), from the same file. Nothing is heard again, so it takes a second.

    .venv/bin/python benchmarks/voice_choice.py /tmp/en-bar-tuning.jsonl --shares 0.5,0.6,0.7
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

#: The columns printed, in order.
COLUMNS = ("right at once", "right with one question", "right with two questions", "acted on wrongly", "not right")


def choice_outcome(line: dict, size: str, kind: str, needed: float, agrees: bool) -> str:
    """One of COLUMNS for the word of ``line`` (a ``--jsonl`` line) when, after a "no", ``size`` numbers are named
    and the number said again is heard among them (``kind``: "alone" or "decoys") and acted on at ``needed``.

    >>> line = {"outcome": "asked, then wrong", "again": {"command": {"number": 8}, "choice": {"2": {"alone": {
    ...     "command": {"number": 8}, "right": True, "both": {"number": 8}, "both_share": 0.7}}}}}
    >>> choice_outcome(line, "2", "alone", 0.6, True), choice_outcome(line, "2", "alone", 0.8, True)
    ('right with one question', 'right with two questions')
    >>> line["again"]["command"] = {"number": 3}
    >>> choice_outcome(line, "2", "alone", 0.6, True), choice_outcome(line, "2", "alone", 0.6, False)
    ('right with two questions', 'right with one question')
    """
    first = line["outcome"]
    if first in ("right at once", "acted on wrongly"):
        return first
    if first == "right after asking back":
        return "right with one question"
    if first == "no answer":
        return "not right"
    heard = (line.get("again") or {}).get("choice", {}).get(size, {}).get(kind)
    if heard is None or heard["command"] is None:
        return "not right"
    acts = heard["both"] == heard["command"] and (heard["both_share"] or 0.0) >= needed \
        and (not agrees or line["again"].get("command") == heard["command"])
    if acts:
        return "right with one question" if heard["right"] else "acted on wrongly"
    return "right with two questions" if heard["right"] else "not right"


def today_outcome(line: dict, needed: float) -> str:
    """One of COLUMNS for the word of ``line`` as the game decides it today: after a "no", the runner-up asked when
    its share is at least ``needed`` ("Eight, then?"), else (or after a no to it too) the number said again."""
    from benchmarks.voice import runner_up_outcome

    first = line["outcome"]
    if first != "asked, then wrong":
        return choice_outcome(line, "2", "alone", 2.0, True)
    again = line.get("again") or {}
    today = again.get("outcome", "not right after two attempts")
    said, _ = runner_up_outcome(today, again.get("runner_up"), needed)
    return {"right with three questions": "right with two questions", "not right after two attempts":
            "not right"}.get(said, said)


def table(lines: list[dict], shares: list[float], runner_up: float) -> list[tuple[str, Counter[str]]]:
    """(label, outcomes counted) for the game as it is and each way, size, share and agreement of ``choice_outcome``."""
    rows = [(f"today: runner-up asked at {runner_up:g}", Counter(today_outcome(line, runner_up) for line in lines))]
    for size in ("2", "3"):
        for kind in ("alone", "decoys"):
            for agrees in (True, False):
                for needed in shares:
                    label = f"{size} named, {kind}, {'agrees, ' if agrees else ''}T {needed:g}"
                    rows.append((label, Counter(choice_outcome(line, size, kind, needed, agrees) for line in lines)))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("jsonl", type=Path, help="a voice.py --repeat --choice --jsonl file")
    parser.add_argument("--shares", default="0.5,0.6,0.7,0.8,0.9", help="the shares over both attempts T tried")
    parser.add_argument("--runner-up", type=float, default=0.3,
                        help="the game's share for asking the runner-up (voice_decision.RUNNER_UP_NEEDED)")
    args = parser.parse_args(argv)
    lines = [json.loads(text) for text in args.jsonl.read_text(encoding="utf-8").splitlines() if text.strip()]
    for condition in dict.fromkeys(line["condition"] for line in lines):
        seen = [line for line in lines if line["condition"] == condition]
        print(f"{condition} ({len(seen)} words; %)")
        print(f"  {'after a no':40}" + "".join(f"{c:>26}" for c in COLUMNS) + f"{'at most one question':>22}")
        for label, counts in table(seen, [float(s) for s in args.shares.split(",")], args.runner_up):
            cells = [100.0 * counts[c] / len(seen) for c in COLUMNS]
            print(f"  {label:40}" + "".join(f"{v:26.1f}" for v in cells) + f"{cells[0] + cells[1]:22.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
