"""``tavli-voice moves``: the engine's command line, for tools and tests (R10).

- ``tavli-voice moves POSITION.json --dice 6 5`` prints the legal plays
  (``-`` for the file: the position is read from standard input).
- ``tavli-voice moves --jsonl`` reads ``{"position": {...}, "dice": [a, b]}``
  lines on standard input and writes one JSON line per non-blank input line,
  in order: ``{"plays": [...], "reason": null}``; a bad line gets
  ``{"error": "..."}`` and the run goes on. With ``--bot NAME`` each answer also
  has ``"choice"``: the index in ``"plays"`` of the play that bot picks
  (``null`` when none).

Whatever comes in, what goes out is one valid UTF-8 JSON object per line:
undecodable bytes, lone surrogates, nesting too deep to parse, lines longer
than :data:`MAX_LINE` each get an ``error`` answer, and error texts are
shortened and made printable. A position file is read up to
:data:`MAX_FILE` bytes; a pipe or FIFO that sends nothing gets a message
after :data:`WAIT_NOTICE` seconds and is given up after ``--wait`` seconds.
"""

from __future__ import annotations

import contextlib
import io
import json
import logging
import os
import stat
import sys
import threading
from typing import TYPE_CHECKING, Any, BinaryIO, TextIO

from .words import lang_from_argv, text
from .words.catalogs import use_argparse_language
from .words.faults import os_fault, position_fault
from . import arguments as A
from .rules import Position, analyse
from .rules.position import GameOverError

if TYPE_CHECKING:
    from .bots import Bot

log = logging.getLogger(__name__)

#: Longest input line (bytes); a position is well under 2 kB.
MAX_LINE = 1 << 20
#: Largest position file read (bytes).
MAX_FILE = 1 << 20
#: Seconds without data from a pipe before saying what is awaited.
WAIT_NOTICE = 2.0
#: Longest error text in an answer (characters).
MAX_ERROR = 300
#: Longest ``--wait`` for a pipe or FIFO (seconds).
MAX_WAIT = 3600.0


def answer(obj: Any, bot: Bot | None = None) -> dict[str, Any]:
    """The JSON answer for one parsed input object (raises ValueError if it is bad)."""
    if not isinstance(obj, dict):
        raise ValueError("each line must be an object with 'position' and 'dice'")
    if "position" not in obj or "dice" not in obj:
        raise ValueError("each line needs 'position' and 'dice'")
    pos = Position.from_json(obj["position"])
    pos.check_in_play()
    dice = check_dice(obj["dice"])
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


def check_dice(dice: object) -> tuple[int, int]:
    """Two whole numbers 1–6 (``true`` is not a 1, ``1.0`` not a die); ValueError otherwise."""
    if (not isinstance(dice, (list, tuple)) or len(dice) != 2
            or not all(type(d) is int and 1 <= d <= 6 for d in dice)):
        raise ValueError("'dice' must be a list of two numbers from 1 to 6")
    return (dice[0], dice[1])


def _printable(message: str) -> str:
    """An error text safe for any JSON reader: no lone surrogates, shortened."""
    if len(message) > MAX_ERROR:
        message = message[:MAX_ERROR - 1] + "…"
    return message.encode("utf-8", "backslashreplace").decode("utf-8")


def answer_line(raw: bytes, bot: Bot | None = None, lang: str = "en") -> dict[str, Any]:
    """The answer for one input line (bytes, without the newline); never raises. An
    ``"error"`` is said in ``lang``."""
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return {"error": text("fault.line.not_text", lang, byte=exc.start + 1)}
    try:
        return answer(json.loads(line), bot)
    except json.JSONDecodeError as exc:
        log.info("moves: a line is not JSON: %s", exc)  # the parser's English detail
        return {"error": text("fault.line.not_json", lang, column=exc.colno)}
    except RecursionError:
        return {"error": text("fault.line.nested", lang)}
    except ValueError as exc:
        return {"error": _printable(position_fault(exc, lang))}
    except Exception as exc:  # one bad line must never end the run
        log.exception("moves: unexpected failure on a line")
        return {"error": _printable(text("fault.line.internal", lang, name=type(exc).__name__))}


def encode_answer(out: dict[str, Any]) -> str:
    """One output line: compact JSON, readable Greek, always encodable as UTF-8."""
    line = json.dumps(out, ensure_ascii=False, separators=(",", ":"))
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        line = json.dumps(out, ensure_ascii=True, separators=(",", ":"))
    return line + "\n"


def _lines(stream: BinaryIO) -> Any:
    """Input lines as bytes; an over-long line comes as ``None`` (its rest skipped)."""
    while True:
        raw = stream.readline(MAX_LINE + 1)
        if not raw:
            return
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            while True:  # skip to the end of that line
                rest = stream.readline(MAX_LINE)
                if not rest or rest.endswith(b"\n"):
                    break
            yield None
            continue
        yield raw.rstrip(b"\r\n")


def run_jsonl(stdin: TextIO | BinaryIO, stdout: TextIO, bot: Bot | None = None,
              lang: str = "en") -> int:
    """Answer every non-blank input line with one output line (errors said in ``lang``)."""
    binary: Any
    if hasattr(stdin, "buffer"):
        binary = stdin.buffer  # the real standard input: bytes, decoded line by line
    elif isinstance(stdin, io.TextIOBase):
        binary = _TextAsBytes(stdin)
    else:
        binary = stdin
    for raw in _lines(binary):
        if raw is None:
            out: dict[str, Any] = {"error": text("fault.line.too_long", lang,
                                                 limit=f"{MAX_LINE / (1 << 20):g}")}
        elif not raw.strip():
            continue
        else:
            out = answer_line(raw, bot, lang)
        stdout.write(encode_answer(out))
        stdout.flush()
    return 0


class _TextAsBytes:
    """A text stream (tests' StringIO) read as UTF-8 bytes."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def readline(self, limit: int = -1) -> bytes:
        return self.stream.readline(limit).encode("utf-8", "surrogateescape")


#: The file name that stands for standard input, as in most command lines.
STDIN = "-"


def read_position_file(path: str, lang: str, wait: float, stdin: BinaryIO | None = None) -> str:
    """The text of a position file, at most :data:`MAX_FILE` bytes; OSError/ValueError else.

    A regular file is read at once. Anything else (a FIFO, ``/dev/stdin``, a
    device, and :data:`STDIN`, ``stdin`` or else standard input) is read in the
    background: after :data:`WAIT_NOTICE` seconds of silence a message on standard
    error says what is awaited, and after ``wait`` seconds the read is given up
    (``TimeoutError``).
    """
    if path == STDIN:
        if stdin is None:  # unbuffered: a read still waiting when the program ends holds no lock
            stdin = open(sys.stdin.fileno(), "rb", buffering=0, closefd=False)
        data = _read_slow(text("moves.stdin", lang), lang, wait, stdin)
        if len(data) > MAX_FILE:
            raise _TooBig()
        return data.decode("utf-8")
    info = os.stat(path)
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(21, os.strerror(21), path)
    if stat.S_ISREG(info.st_mode):
        if info.st_size > MAX_FILE:
            raise _TooBig()
        with open(path, "rb") as stream:
            data = stream.read(MAX_FILE + 1)
    else:
        data = _read_slow(path, lang, wait)
    if len(data) > MAX_FILE:
        raise _TooBig()
    return data.decode("utf-8")


class _TooBig(ValueError):
    pass


def _read_slow(path: str, lang: str, wait: float, given: BinaryIO | None = None) -> bytes:
    """Up to :data:`MAX_FILE` + 1 bytes of the file at ``path``, or of ``given`` (left open)."""
    box: dict[str, Any] = {}

    def reader() -> None:
        try:
            # a FIFO blocks in open() until a writer comes
            with (open(path, "rb") if given is None else contextlib.nullcontext(given)) as stream:
                chunks: list[bytes] = []
                size = 0
                while size <= MAX_FILE:
                    chunk = stream.read(min(65536, MAX_FILE + 1 - size))
                    if not chunk:
                        break
                    chunks.append(chunk)
                    size += len(chunk)
                box["data"] = b"".join(chunks)
        except BaseException as exc:  # noqa: BLE001 (handed to the main thread)
            box["error"] = exc

    thread = threading.Thread(target=reader, name="moves-read", daemon=True)
    thread.start()
    thread.join(min(WAIT_NOTICE, wait))
    if thread.is_alive():
        print(text("moves.waiting", lang, path=path), file=sys.stderr, flush=True)
        thread.join(max(0.0, wait - WAIT_NOTICE))
    if thread.is_alive():
        raise TimeoutError(path)
    if "error" in box:
        raise box["error"]
    data: bytes = box["data"]
    return data


def say_stand_in(name: str, lang: str) -> None:
    """For the expert, say on standard error which games' weights are missing or damaged
    (the strong player answers for it there) and how to get them back; others say nothing."""
    from .bots.registry import REINSTALL_COMMAND, bot_name, unusable_games
    from .rules.position import GAMES
    from .words import game_name

    if bot_name(name) != "expert":
        return
    failed = unusable_games(GAMES)
    if failed:
        names = ", ".join(game_name(g, lang) for g in failed)
        print(text("weights.unusable", lang, games=names, command=REINSTALL_COMMAND), file=sys.stderr)


def main(argv: list[str]) -> int:
    """Entry point of ``tavli-voice moves``."""
    lang = lang_from_argv(argv)
    use_argparse_language(lang)
    ap = A.Parser(prog="tavli-voice moves", description=text("moves.description", lang), lang=lang)
    ap.add_argument("position", nargs="?", metavar=text("metavar.file", lang),
                    help=text("moves.position", lang))
    ap.add_argument("--dice", nargs=2, type=A.whole_number(lang, 1, 6), metavar=("A", "B"),
                    help=text("moves.dice", lang))
    ap.add_argument("--jsonl", action="store_true", help=text("moves.jsonl", lang))
    ap.add_argument("--lang", choices=["en", "el"], default=None, help=text("cli.lang", lang))
    ap.add_argument("--wait", type=A.number(lang, 0.0, MAX_WAIT), default=60.0,
                    metavar=text("metavar.seconds", lang), help=text("moves.wait", lang, MAX_WAIT))
    ap.add_argument("--bot", type=A.text(lang, 100), default=None,
                    metavar=text("metavar.bot", lang), help=text("moves.bot", lang))
    ap.add_argument("--seed", type=A.seed(lang), default="0", metavar=text("metavar.seed", lang),
                    help=text("moves.seed", lang))
    args = ap.parse_args(argv)
    bot = None
    if args.bot is not None:
        from .bots import make_bot
        from .bots.registry import is_bot_name, unknown_bot_message
        if not is_bot_name(args.bot):
            print(unknown_bot_message(args.bot, lang), file=sys.stderr)
            return 2
        from .logfile import log_to_file
        log_to_file()  # a bot's warnings go to the log; what the user must know is said in words
        bot = make_bot(args.bot, seed=args.seed)
    if args.jsonl:
        if bot is not None:
            say_stand_in(args.bot, lang)
        return run_jsonl(sys.stdin, sys.stdout, bot, lang)
    if not args.position or not args.dice:
        ap.print_usage(sys.stderr)
        print(text("moves.usage", lang), file=sys.stderr)
        return 2
    shown = text("moves.stdin", lang) if args.position == STDIN else \
        args.position.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    try:
        dice = check_dice(args.dice)
        pos = Position.from_json(read_position_file(args.position, lang, args.wait))
        pos.check_in_play()
        turn = analyse(pos, dice)
    except TimeoutError:
        print(text("moves.gave_up", lang, path=shown, seconds=f"{args.wait:g}"), file=sys.stderr)
        return 2
    except _TooBig:
        print(text("moves.too_big", lang, path=shown, limit=f"{MAX_FILE / (1 << 20):g}"), file=sys.stderr)
        return 2
    except GameOverError as over:
        print(text("moves.game_over_mover" if over.side == 0 else "moves.game_over_opponent",
                   lang), file=sys.stderr)
        return 2
    except OSError as exc:
        print(text("moves.cannot_read", lang, path=shown, error=os_fault(exc, lang)),
              file=sys.stderr)
        return 2
    except (ValueError, RecursionError) as exc:
        log.info("moves: %s: %s", shown, exc)  # the English detail, for the log
        print(text("moves.bad_position", lang, error=_printable(position_fault(exc, lang))),
              file=sys.stderr)
        return 2
    from .words.notation import written_play  # bar and off in the reader's words

    for i, play in enumerate(turn.plays, start=1):
        print(f"{i}. {written_play(play.notation, lang)}")
    if turn.reason is not None:
        print(text("moves.reason", lang,
                   reason=json.dumps(turn.reason.to_json(), ensure_ascii=False)))
    if not turn.plays:
        print(text("moves.none", lang))
    return 0
