"""``tavli-voice review``: the kept matches (:mod:`tavli_voice.history`) and their review.

- ``tavli-voice review --list`` lists the kept matches, newest first, in the
  user's language; a damaged history file is copied aside and said, and the
  others still list.
- ``tavli-voice review [NAME] [--order play] [--lang el] [--speech on|off] [--voice]
  [--scan auto|step] [--window]`` steps through the mistakes of a kept match (the newest
  when NAME is left out) through the same review as the one offered after a
  match (:mod:`tavli_voice.ui.review_mode`, run by ``tavli_voice.startup.run_review``,
  which ``tavli-voice`` hands in as ``walk``): typed keys, voice and one switch,
  with the narrator speaking; ``--window`` opens it in the board window (its buttons,
  arrows, mouse and dwell; the terminal still prints and takes typed keys).
- ``tavli-voice review --jsonl [NAME] [--side all] [--all-plays] [--lang el]``
  prints one JSON line per judged play of the chosen side (mistakes only,
  unless ``--all-plays``): ``game``, ``kind``, ``turn``, ``side``,
  ``player`` (the saved name), ``who`` (the side in words in ``--lang``, told apart from
  a namesake: "First Rita"), ``position``, ``dice``, ``played``, ``best``, ``loss``
  (equity), ``size``, ``why`` (sentences in ``--lang``). ``NAME`` is a name
  from ``--list``; the newest match when left out.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from pathlib import Path
from typing import Any, Callable, TextIO

from . import history
from .words import (capitalize, game_name, lang_from_argv, number, player_words, plural,
                    seat_words, text)
from .words.catalogs import use_argparse_language
from .words.faults import os_fault

log = logging.getLogger(__name__)


def build_parser(lang: str) -> argparse.ArgumentParser:
    """The ``review`` subcommand's options, in ``lang``."""
    use_argparse_language(lang)
    from . import arguments as A
    from .arguments import MAX_DWELL, SCALE_RANGE

    kept = number(history.MAX_KEPT, lang, "m", "acc")  # «τους διακόσιους … αγώνες»
    ap = A.Parser(prog="tavli-voice review", description=text("review.usage", lang, max=kept),
                  lang=lang)
    ap.add_argument("name", nargs="?", type=A.name(lang), default=None, metavar=text("metavar.name", lang),
                    help=text("review.opt_name", lang))
    # the list is for reading; the JSON lines judge one match's plays: never both at once
    what = ap.add_mutually_exclusive_group()
    what.add_argument("--list", action="store_true", help=text("review.opt_list", lang))
    what.add_argument("--jsonl", action="store_true", help=text("review.opt_jsonl", lang))
    ap.add_argument("--side", default=None, metavar=text("review.opt_side_metavar", lang),
                    help=text("review.opt_side", lang))
    ap.add_argument("--all-plays", action="store_true", help=text("review.opt_all_plays", lang))
    ap.add_argument("--order", choices=["size", "play"], default="size",
                    help=text("review.opt_order", lang))
    ap.add_argument("--lang", choices=["en", "el"], default=None, help=text("cli.lang", lang))
    # how the review is heard and answered: as ``tavli-voice play`` takes them
    ap.add_argument("--speech", choices=["on", "off"], default=None, help=text("cli.speech", lang))
    ap.add_argument("--voice", action="store_true", help=text("cli.voice", lang))
    ap.add_argument("--voice-engine", default=None, metavar=text("metavar.engine", lang),
                    help=text("cli.voice_engine", lang))
    ap.add_argument("--voice-confirm", choices=["never", "unsure", "always"], default="unsure",
                    help=text("cli.voice_confirm", lang))
    ap.add_argument("--barge-in", choices=["ignore", "interrupt"], default="ignore",
                    help=text("cli.barge_in", lang))
    ap.add_argument("--scan", choices=["auto", "step"], nargs="?", const="auto", default=None,
                    help=text("cli.scan", lang))  # --scan alone: one switch
    # the board window, as ``tavli-voice window`` opens a game
    ap.add_argument("--window", action="store_true", help=text("review.opt_window", lang))
    ap.add_argument("--theme", choices=["high_contrast", "classic"], default=None,
                    help=text("cli.theme", lang))  # None: the look kept, else the defaults
    ap.add_argument("--scale", type=A.number(lang, *SCALE_RANGE), default=None,
                    metavar=text("metavar.scale", lang), help=text("cli.scale", lang))
    ap.add_argument("--dwell", type=A.number(lang, 0.0, MAX_DWELL), default=None,
                    metavar=text("metavar.seconds", lang), help=text("cli.dwell", lang))
    ap.add_argument("--fullscreen", action="store_true", help=text("cli.fullscreen", lang))
    return ap


#: Runs the interactive review of a kept match: (path, sides, options, lang, out, err, in)
#: to the exit code (``tavli_voice.startup.run_review``).
WalkRunner = Callable[[Path, list[int], argparse.Namespace, str, TextIO, TextIO, TextIO], int]


def main(argv: list[str], out: TextIO | None = None, err: TextIO | None = None,
         inp: TextIO | None = None, *, walk: WalkRunner | None = None) -> int:
    """Entry point of ``tavli-voice review``; ``walk`` runs the interactive review (without
    it only ``--list`` and ``--jsonl`` work)."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    inp = sys.stdin if inp is None else inp
    from . import arguments as A

    lang = lang_from_argv(argv)
    ap = build_parser(lang)
    args = ap.parse_args(argv)
    lang = args.lang or lang
    if args.list:
        if args.name is not None:  # a name would be left out of the list without a word
            ap.error(text("review.list_alone", lang, name=A.shown(args.name)))
        return list_matches(lang, out, err)
    if args.jsonl:
        return jsonl(args, lang, out, err)
    if walk is None:
        ap.error("--list, --jsonl")
    opened = _open(args, lang, err)
    if isinstance(opened, int):
        return opened
    path, _data, sides = opened
    return walk(path, sides, args, lang, out, err, inp)


def _date(when: str) -> str:
    return when.replace("T", " ")[:16]


#: The name a person who plays alone keeps in a match (``startup.players_from_args``): "you".
_YOU = ("", "you", "εσύ")


def list_matches(lang: str, out: TextIO, err: TextIO) -> int:
    """Print the kept matches, newest first; say each damaged file and its copy."""
    listing = history.entries(damaged=text("saved.damaged_name", lang))
    for path, copy in listing.damaged:
        if copy is None:
            print(text("review.unreadable", lang, path=str(path)), file=err)
        else:
            print(text("review.damaged", lang, path=str(path), copy=str(copy)), file=err)
    if not listing.entries:
        folder = history.history_dir()
        if os.path.lexists(folder) and not folder.is_dir():  # a file where the folder goes
            print(text("review.list_blocked", lang, path=str(folder)), file=out)
        else:
            print(text("review.list_empty", lang, path=str(folder)), file=out)
        return 0
    print(text("review.list_header", lang, n=number(len(listing.entries), lang, "m"),  # αγώνες
               max=number(history.MAX_KEPT, lang, "m", "acc")), file=out)
    for e in listing.entries:
        you = [e.bots[i] is None and e.players[i].strip().lower() in _YOU for i in (0, 1)]
        seats = list(zip(e.players, e.bots))  # a bot against itself: «Πρώτη Ρίτα – Δεύτερη Ρίτα»
        names = [text("review.you", lang) if you[i] else seat_words(seats, i, lang).name
                 for i in (0, 1)]
        if lang == "en" and not any(you) and \
                names[0] != player_words(e.players[0], e.bots[0], 0, lang).name:
            # "The first Rita against the second Rita", as the review says them
            names = [capitalize(seat_words(seats, 0, lang).subject),
                     seat_words(seats, 1, lang).subject]
        a, b = e.scores
        if e.ended == "finished":
            win = 0 if a > b else 1
            if you[win]:
                result = text("review.finished_you", lang, a=max(a, b), b=min(a, b))
            else:
                winner = seat_words(seats, win, lang).subject
                result = text("review.finished", lang, winner=winner, a=max(a, b), b=min(a, b))
            result = capitalize(result) if lang == "en" else result
        else:
            result = text("review.left", lang, a=a, b=b)
        print(text("review.list_line", lang, name=e.path.stem, date=_date(e.when),
                   players=text("review.vs", lang, a=names[0], b=names[1]),
                   game=game_name(e.kind, lang, e.preset),
                   length=plural("count.point", e.length, lang),
                   result=result, plays=plural("count.play", e.plays, lang)), file=out)
    return 0


def _sides(value: str | None, players: list[dict[str, Any]], lang: str) -> list[int]:
    if value is None:
        people = [i for i, p in enumerate(players) if p.get("bot") is None]
        return people[:1] or [0]
    if value == "all":
        return [0, 1]
    if value in ("0", "1"):
        return [int(value)]
    raise ValueError(text("review.bad_side", lang, value=value[:40]))


def _open(args: argparse.Namespace, lang: str,
          err: TextIO) -> tuple[Path, dict[str, Any], list[int]] | int:
    """The kept match asked for and the sides to judge, or the exit code after saying why not."""
    from . import arguments as A
    try:
        path, data = history.load_entry(args.name)
    except FileNotFoundError:
        if args.name is None:
            print(text("review.none_kept", lang), file=err)
        else:
            print(text("review.no_match", lang, name=A.shown(args.name, None)), file=err)
        return 1
    except (OSError, ValueError) as exc:  # said in words, the details in the log
        log.info("cannot review %s: %s", args.name, str(exc)[:300])
        why = os_fault(exc, lang) if isinstance(exc, OSError) else text("review.not_a_match", lang)
        print(text("review.bad_match", lang, name=A.shown(args.name or "", None), error=why), file=err)
        return 1
    try:
        sides = _sides(args.side, data["save"]["players"], lang)
    except ValueError as exc:
        print(f"tavli-voice review: {exc}", file=err)
        return 2
    return path, data, sides


def jsonl(args: argparse.Namespace, lang: str, out: TextIO, err: TextIO) -> int:
    """Print one JSON line per judged play (see the module docstring)."""
    from .review import judge, reason_sentences, size

    opened = _open(args, lang, err)
    if isinstance(opened, int):
        return opened
    path, data, sides = opened
    players = data["save"]["players"]
    from .review_walk import listener_of, side_words

    listener = listener_of(players, sides)
    try:
        for j in judge(data["turns"], sides, explain_all=args.all_plays):
            if not (j.mistake or args.all_plays):
                continue
            other = 1 - j.side
            line = {
                "game": j.game, "kind": j.kind, "turn": j.turn, "side": j.side,
                "player": players[j.side]["name"],
                # as a person reads it, told apart from a namesake: "First Rita"
                "who": text("review.you", lang) if j.side == listener else
                side_words(players, j.side, lang).name,
                "position": j.position.to_json(),
                "dice": list(j.dice), "played": j.played.notation, "best": j.best.notation,
                "loss": round(j.loss, 4), "size": size(j.loss),
                "why": reason_sentences(
                    j, lang, players[other]["name"], players[other].get("bot"), other,
                    player=None if j.side == listener else side_words(players, j.side, lang),
                    opponent=side_words(players, other, lang)),
            }
            print(json.dumps(line, ensure_ascii=False), file=out, flush=False)
    except ValueError as exc:  # a damaged turn: said in words, the details in the log
        log.info("cannot review %s: %s", path, str(exc)[:300])
        print(text("review.bad_match", lang, name=path.stem, error=text("review.not_a_match", lang)),
              file=err)
        return 1
    out.flush()
    return 0
