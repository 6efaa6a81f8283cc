"""The ``tavli-voice`` command line: one dispatcher, each subcommand in its own module.

``tavli-voice`` alone starts a 5-point Tavli match against Rita in the terminal.
"""

from __future__ import annotations

import errno
import os
import signal
import sys
from typing import Any, Callable, Literal

# One BLAS thread for the bots' nets unless the user chose otherwise (see blas.py);
# this must happen before numpy is first imported.
from . import blas  # noqa: F401
from .ui.guard import (interrupted_starting, pause_at, release_ctrl_c, say_goodbye,
                       start_up_interrupts)

SUBCOMMANDS = ("play", "resume", "moves", "hear", "models", "enroll", "window", "review")


def _play(argv: list[str]) -> int:
    from .startup import main as play_main
    return play_main(argv)


def _resume(argv: list[str]) -> int:
    """``tavli-voice resume [NAME] [options]``: the autosave, or a match kept under NAME."""
    from .startup import main as play_main
    return play_main(["--resume"] + argv, prog="tavli-voice resume")


def _window(argv: list[str]) -> int:
    from .startup import main as play_main
    return play_main(argv, window=True, prog="tavli-voice window")


def _moves(argv: list[str]) -> int:
    from .moves_cli import main as moves_main
    return moves_main(argv)


def _review(argv: list[str]) -> int:
    from .review_cli import main as review_main
    from .startup import run_review  # the walk: the same App and front ends as a game
    return review_main(argv, walk=run_review)


def game_decision(heard: Any, lang: str = "en") -> tuple[Literal["now", "ask"], str, str]:
    """What a game does with ``heard`` said on its own, the rule it writes in the session log
    (``ui.voice_decision.decide``), and the same said in ``lang`` (``Decision.said``): no question open, the
    plays offered long before the word, nothing refused, confirm "unsure", the room not noisy. So a sure word
    under ``ACT_SNR_DB`` over the noise, or a point under ``POINT_SNR_DB``, is "ask" although its score alone
    would act on it.

    >>> from tavli_voice.commands import ChoosePlay
    >>> from tavli_voice.speech.heard import Heard
    >>> game_decision(Heard("six", ChoosePlay(6), 0.9, 0.0, "whisper+crop", snr=3.0))[:2]
    ('ask', 'asked back: 3.0 dB over the noise (7.0 needed to act at once)')
    """
    from .ui.voice_decision import Action, VoiceState, decide
    decision = decide(heard, VoiceState(), lambda command: False)
    return ("now" if decision.action is Action.ACT else "ask"), decision.rule, decision.said(lang)


def _speech(name: str, **options: object) -> Callable[[list[str]], int]:
    def run(argv: list[str]) -> int:
        try:
            from .speech import cli as speech_cli
        except ImportError as exc:  # the speech package or an engine is missing
            from .words import default_lang, text
            print(text("cli.no_voice", default_lang(), name=name, error=exc), file=sys.stderr)
            return 2
        from .logfile import log_to_file
        log_to_file()  # engine warnings go to the log; the command says them in the user's words
        fn: Callable[..., int] = getattr(speech_cli, f"{name}_main")
        return fn(argv, **options)
    return run


_TABLE: dict[str, Callable[[list[str]], int]] = {
    "play": _play,
    "resume": _resume,
    "window": _window,
    "moves": _moves,
    "review": _review,
    "hear": _speech("hear", decision=game_decision),  # what the game would do with each word
    "models": _speech("models"),
    "enroll": _speech("enroll"),
}


#: The commands that play or review a match: Ctrl-C ends their start-up at once, until the
#: match's front end takes it (:func:`release_ctrl_c`).
_GAMES = ("play", "resume", "window", "review")

#: Output errors that mean "the output cannot take any more" (a full disk, a dead terminal).
_OUTPUT_FULL = (errno.ENOSPC, errno.EIO, errno.EFBIG, getattr(errno, "EDQUOT", errno.ENOSPC))


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script."""
    previous = start_up_interrupts(sys.argv[1:] if argv is None else list(argv),
                                   standard_streams)
    try:
        pause_at("entry")
        return _main(argv)
    except BrokenPipeError:  # the reader went away (``… | head``): end quietly
        _silence_stdout()
        return 0
    except KeyboardInterrupt:  # Ctrl-C after the game gave the keyboard back: the goodbye
        say_goodbye()
        _silence_stdout()
        return 130
    except OSError as exc:
        if exc.errno not in _OUTPUT_FULL:
            raise
        _silence_stdout()  # ``> /dev/full``: say so once, on the error stream
        from .words import default_lang, text
        from .words.faults import os_fault
        try:
            lang = default_lang()
            print(text("output.failed", lang, error=os_fault(exc, lang)), file=sys.stderr)
        except OSError:
            pass
        return 1
    finally:
        if previous is not None and signal.getsignal(signal.SIGINT) is interrupted_starting:
            signal.signal(signal.SIGINT, previous)


def standard_streams() -> None:
    """Standard streams the program can always use, whatever it was started with.

    A stream closed by the caller (``<&-``, ``>&-``) is opened on the null
    device: input ends at once, output goes nowhere, and the descriptor is not
    reused by a file the program opens (where a library's output would land).
    Text the output's encoding cannot hold (Greek to an ASCII or Latin-1
    terminal) is written with backslash escapes instead of ending the program.
    """
    for fd, name, mode in ((0, "stdin", "r"), (1, "stdout", "w"), (2, "stderr", "w")):
        try:
            os.fstat(fd)
        except OSError:  # closed: the lowest free descriptor is this one
            try:
                got = os.open(os.devnull, os.O_RDWR)
            except OSError:
                continue
            if got != fd:
                os.dup2(got, fd)
                os.close(got)
        if getattr(sys, name) is None:
            setattr(sys, name, open(fd, mode, encoding="utf-8", closefd=False))
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):  # not a text file of ours (tests)
            pass


def _silence_stdout() -> None:
    """No second error when Python flushes standard output at exit."""
    try:
        sys.stdout = open(os.devnull, "w")
    except OSError:
        pass


def _main(argv: list[str] | None) -> int:
    args = _command_first(sys.argv[1:] if argv is None else list(argv))
    if args and args[0] in _TABLE:
        if args[0] not in _GAMES:
            release_ctrl_c()  # the command's own Ctrl-C from the start (a listening loop's)
        return _TABLE[args[0]](args[1:])
    if args[_lang_options(args):][:1] in (["-h"], ["--help"], ["help"]):  # ``--lang el --help`` too
        from .words import lang_from_argv, text
        print(text("cli.usage", lang_from_argv(args)))
        return 0
    if "--version" in args or "-V" in args:  # anywhere among the options (``--lang el --version``)
        from . import __version__
        from .words import lang_from_argv, text
        print(text("cli.version", lang_from_argv(args), version=__version__))
        return 0
    word = args[_lang_options(args):][:1]
    if word and not word[0].startswith("-"):  # ``play`` takes no words: a mistyped command
        return _unknown_command(word[0], args)
    return _play(args)


def _unknown_command(word: str, args: list[str]) -> int:
    """Say that ``word`` is no command, and the command it is closest to (exit code 2).

    >>> import contextlib, io
    >>> err = io.StringIO()
    >>> with contextlib.redirect_stderr(err):
    ...     _unknown_command("reveiw", ["reveiw", "--lang", "en"])
    2
    >>> print(err.getvalue(), end="")
    tavli-voice: “reveiw” is not a command (did you mean review?); tavli-voice --help lists them.
    """
    import difflib

    from .arguments import shown
    from .words import lang_from_argv, text

    lang = lang_from_argv(args)
    close = difflib.get_close_matches(word.lower(), SUBCOMMANDS + ("help",), n=1, cutoff=0.6)
    print(text("cli.unknown_command", lang, word=shown(word),
               close=text("cli.did_you_mean", lang, name=close[0]) if close else ""),
          file=sys.stderr)
    return 2


def _command_first(args: list[str]) -> list[str]:
    """The command word first, when only the language was chosen before it.

    >>> _command_first(["--lang", "el", "review", "--list"])
    ['review', '--lang', 'el', '--list']
    >>> _command_first(["--lang=el", "moves", "p.json"])
    ['moves', '--lang=el', 'p.json']
    >>> _command_first(["--game", "fevga", "--lang", "el"])
    ['--game', 'fevga', '--lang', 'el']
    """
    at = _lang_options(args)
    if 0 < at < len(args) and args[at] in _TABLE:
        return [args[at]] + args[:at] + args[at + 1:]
    return args


def _lang_options(args: list[str]) -> int:
    """How many of the first ``args`` only choose the language.

    >>> _lang_options(["--lang", "el", "--help"]), _lang_options(["--lang=en", "--lang", "el"])
    (2, 3)
    >>> _lang_options(["--help", "--lang", "el"]), _lang_options(["--lang"])
    (0, 0)
    """
    at = 0
    while at < len(args):
        if args[at] == "--lang" and at + 1 < len(args):
            at += 2
        elif args[at].startswith("--lang="):
            at += 1
        else:
            break
    return at


if __name__ == "__main__":  # ``python -m tavli_voice.cli``: the module start-up imports too, so
    from tavli_voice.cli import main as entry  # that the game takes Ctrl-C from the handler set
    sys.exit(entry())
