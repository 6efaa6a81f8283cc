"""``tavli-voice moves``: the engine's command line, for tools and tests (R10).

- ``tavli-voice moves POSITION.json --dice 6 5`` prints the legal plays.
- ``tavli-voice moves --jsonl`` reads ``{"position": {...}, "dice": [a, b]}``
  lines on standard input and writes one JSON line per input line, in order:
  ``{"plays": [...], "reason": null}``; a bad line gets ``{"error": "..."}``
  and the run goes on. With ``--bot NAME`` each answer also has ``"choice"``:
  the index in ``"plays"`` of the play that bot picks (``null`` when none).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any, TextIO

from .words import lang_from_argv, text
from .words.catalogs import use_argparse_language
from .rules import Position, analyse

if TYPE_CHECKING:
    from .bots import Bot


def answer(obj: Any, bot: Bot | None = None) -> dict[str, Any]:
    """The JSON answer for one parsed input object (raises ValueError if it is bad)."""
    if not isinstance(obj, dict):
        raise ValueError("each line must be an object with 'position' and 'dice'")
    if "position" not in obj or "dice" not in obj:
        raise ValueError("each line needs 'position' and 'dice'")
    pos = Position.from_json(obj["position"])
    dice = obj["dice"]
    if not isinstance(dice, list):
        raise ValueError("'dice' must be a list of two numbers from 1 to 6")
    turn = analyse(pos, dice)
    out: dict[str, Any] = {"plays": [p.to_json() for p in turn.plays],
                           "reason": turn.reason.to_json() if turn.reason else None}
    if bot is not None:
        choice = None
        if turn.plays:
            play = bot.choose_play(pos, turn.dice, turn.plays)
            choice = turn.plays.index(play)
        out["choice"] = choice
    return out


def run_jsonl(stdin: TextIO, stdout: TextIO, bot: Bot | None = None) -> int:
    """Answer every non-blank input line with one output line."""
    for line in stdin:
        if not line.strip():
            continue
        try:
            out = answer(json.loads(line), bot)
        except json.JSONDecodeError as exc:
            out = {"error": f"line is not valid JSON: {exc.msg}"}
        except ValueError as exc:
            out = {"error": str(exc)}
        stdout.write(json.dumps(out, ensure_ascii=False, separators=(",", ":")) + "\n")
        stdout.flush()
    return 0


def main(argv: list[str]) -> int:
    """Entry point of ``tavli-voice moves``."""
    lang = lang_from_argv(argv)
    use_argparse_language(lang)
    ap = argparse.ArgumentParser(prog="tavli-voice moves",
                                 description=text("moves.description", lang))
    ap.add_argument("position", nargs="?", metavar=text("metavar.file", lang),
                    help=text("moves.position", lang))
    ap.add_argument("--dice", nargs=2, type=int, metavar=("A", "B"), help=text("moves.dice", lang))
    ap.add_argument("--jsonl", action="store_true", help=text("moves.jsonl", lang))
    ap.add_argument("--lang", choices=["en", "el"], default=None, help=text("cli.lang", lang))
    ap.add_argument("--bot", default=None, help=text("moves.bot", lang))
    ap.add_argument("--seed", default="0", help=text("moves.seed", lang))
    args = ap.parse_args(argv)
    bot = None
    if args.bot is not None:
        from .bots import make_bot
        from .bots.registry import is_bot_name, unknown_bot_message
        if not is_bot_name(args.bot):
            print(unknown_bot_message(args.bot, lang), file=sys.stderr)
            return 2
        bot = make_bot(args.bot, seed=args.seed)
    if args.jsonl:
        return run_jsonl(sys.stdin, sys.stdout, bot)
    if not args.position or not args.dice:
        ap.print_usage(sys.stderr)
        print(text("moves.usage", lang), file=sys.stderr)
        return 2
    try:
        with open(args.position, encoding="utf-8") as fh:
            pos = Position.from_json(fh.read())
        turn = analyse(pos, args.dice)
    except OSError as exc:
        print(text("moves.cannot_read", lang, path=args.position, error=exc.strerror),
              file=sys.stderr)
        return 2
    except ValueError as exc:
        print(text("moves.bad_position", lang, error=exc), file=sys.stderr)
        return 2
    for i, play in enumerate(turn.plays, start=1):
        print(f"{i}. {play.notation}")
    if turn.reason is not None:
        print(text("moves.reason", lang,
                   reason=json.dumps(turn.reason.to_json(), ensure_ascii=False)))
    if not turn.plays:
        print(text("moves.none", lang))
    return 0
