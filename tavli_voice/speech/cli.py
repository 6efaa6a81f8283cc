"""Command-line parts of speech input, for the ``tavli-voice`` console script.

- ``hear_main``:   ``tavli-voice hear [--lang en|el] [--options N] [--engine E] FILE.wav ...``
- ``models_main``: ``tavli-voice models [list | fetch NAME]``
- ``enroll_main``: ``tavli-voice enroll [--lang en|el] [--takes 3] [--numbers 12]``

Each takes the arguments after the subcommand and returns an exit code:
0 done, 1 something could not be done (said on stderr in the chosen
language), 2 bad arguments.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Callable, TextIO

from .audio import AudioFileError, load
from .capture import AudioUnavailable, Microphone
from .engine_templates import TemplateStore, profile_dir
from .enroll import DEFAULT_COMMANDS, enrol, enrolment_words, microphone_recorder
from .grammar import ALL_POINTS, PHASE_COMMANDS, PLAIN_COMMANDS, Options, phrases
from .heard import EngineUnavailable
from .messages import message
from .models import CATALOGUE, FetchError, Opener, _urlopen, fetch, installed, search_dirs, user_models_dir
from .recognizer import ENGINES, choose_engine
from .words import LANGS, QUERY_WORDS, Lang

#: Phase whose commands ``hear`` offers besides the plays, unless --commands says.
#: "turn" (roll, play and yes/no together): earlier the default offered only
#: the play phase's commands without roll/yes/no, so "ρίξε", "ναι" and "όχι"
#: could only be heard as something else.
DEFAULT_PHASE = "turn"


def _say_error(key: str, language: Lang, stream: TextIO, /, **values: object) -> None:
    print(message(key, language, **values), file=stream)


def _hear_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tavli-voice hear",
                                     description="Recognise recorded files as if N plays were on offer.")
    parser.add_argument("files", nargs="+", metavar="FILE.wav")
    parser.add_argument("--lang", choices=LANGS, default="en")
    parser.add_argument("--options", type=int, default=9, metavar="N", help="plays on offer (default 9)")
    parser.add_argument("--engine", choices=ENGINES, default="auto")
    parser.add_argument("--phase", choices=sorted(PHASE_COMMANDS), default=DEFAULT_PHASE,
                        help=f"offer the commands of this phase of a turn (default {DEFAULT_PHASE}: "
                             "roll, play and yes/no together)")
    parser.add_argument("--commands", default=None,
                        help="commands on offer instead, comma separated ('' for none)")
    parser.add_argument("--step", action="store_true", help="also accept 'from N' / 'to N' (points 0-25)")
    parser.add_argument("--models", type=Path, default=None, help="folder with Vosk models")
    parser.add_argument("--profile", type=Path, default=None, help="voice profile folder (enrolled words)")
    return parser


def hear_main(argv: list[str], out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """``tavli-voice hear``: one JSON line per file (see the module docstring)."""
    try:
        args = _hear_parser().parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    lang: Lang = args.lang
    names = PHASE_COMMANDS[args.phase] if args.commands is None else \
        frozenset(n for n in args.commands.split(",") if n)
    unknown = names - PLAIN_COMMANDS - set(QUERY_WORDS)
    if unknown or args.options < 0:
        print(f"tavli-voice hear: unknown commands {sorted(unknown)}" if unknown else
              "tavli-voice hear: --options must be 0 or more", file=err)
        return 2
    points = ALL_POINTS if args.step else frozenset()
    options = Options(plays=args.options, commands=names, from_points=points, to_points=points)
    try:
        engine = choose_engine(args.engine, lang, args.models, args.profile)
    except EngineUnavailable as problem:
        _say_error(problem.key, lang, err, **problem.values)
        return 1
    items = phrases(options, lang)
    status = 0
    for name in args.files:
        try:
            audio = load(name)
        except (OSError, AudioFileError) as problem:
            print(json.dumps({"file": name, "error": message("file_unreadable", lang, file=name, detail=problem)},
                             ensure_ascii=False), file=out)
            status = 1
            continue
        heard = engine.recognize(audio, items)
        print(json.dumps({"file": name, **heard.to_json()}, ensure_ascii=False), file=out)
    return status


def models_main(argv: list[str], out: TextIO = sys.stdout, err: TextIO = sys.stderr,
                opener: Opener = _urlopen, env: dict[str, str] | None = None) -> int:
    """``tavli-voice models [list]`` lists models; ``models fetch NAME`` downloads one (online only)."""
    parser = argparse.ArgumentParser(prog="tavli-voice models", description="List or fetch Vosk models.")
    parser.add_argument("action", nargs="?", choices=("list", "fetch"), default="list")
    parser.add_argument("name", nargs="?", help="model to fetch")
    parser.add_argument("--models", type=Path, default=None, help="extra folder to search / fetch into")
    parser.add_argument("--lang", choices=LANGS, default="en", help="language of the messages")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    lang: Lang = args.lang
    if args.action == "fetch":
        if not args.name:
            print("tavli-voice models fetch: which model? " + ", ".join(CATALOGUE), file=err)
            return 2
        dest = args.models if args.models is not None else user_models_dir(env)
        try:
            path = fetch(args.name, dest, opener)
        except FetchError as problem:
            _say_error(problem.key, lang, err, **problem.values)
            return 1
        print(message("models_fetched", lang, name=args.name, where=path), file=out)
        return 0
    found = installed(args.models, env)
    # a model in another language (the tests' Korean one) is no use to a player
    playable = [m for m in found if m.lang in LANGS]
    others = [m for m in found if m.lang not in LANGS]
    if playable:
        print(message("models_installed", lang), file=out)
        for model in playable:
            print("  " + model.describe(), file=out)
    else:
        where = ", ".join(str(d) for d in search_dirs(args.models, env))
        print(message("models_none", lang, where=where), file=out)
    if others:
        print(message("models_other", lang), file=out)
        for model in others:
            print("  " + model.describe(), file=out)
    print(message("models_known", lang), file=out)
    for name, (model_lang, size) in CATALOGUE.items():
        print(f"  {name}\t{model_lang}\t~{size} MB", file=out)
    return 0


def enroll_main(argv: list[str], out: TextIO = sys.stdout, err: TextIO = sys.stderr,
                microphone: Callable[[], Microphone] = Microphone) -> int:
    """``tavli-voice enroll``: record the player's own words from the microphone."""
    parser = argparse.ArgumentParser(prog="tavli-voice enroll",
                                     description="Record your own words so the game knows your voice.")
    parser.add_argument("--lang", choices=LANGS, default="en")
    parser.add_argument("--takes", type=int, default=3, help="times to say each word (default 3)")
    parser.add_argument("--numbers", type=int, default=12, help="record numbers 1..N (default 12)")
    parser.add_argument("--commands", default=",".join(DEFAULT_COMMANDS), help="commands to record")
    parser.add_argument("--steps", action="store_true", help="also record from/to, bar, off and points")
    parser.add_argument("--profile", type=Path, default=None, help="voice profile folder")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    lang: Lang = args.lang
    names = [n for n in args.commands.split(",") if n]
    if set(names) - PLAIN_COMMANDS or args.takes < 1 or args.numbers < 0:
        print("tavli-voice enroll: bad --commands, --takes or --numbers", file=err)
        return 2
    store = TemplateStore(args.profile if args.profile is not None else profile_dir())
    mic = microphone()
    try:
        mic.start()
    except AudioUnavailable as problem:
        _say_error(problem.key, lang, err)
        return 1
    words = enrolment_words(lang, args.numbers, names, args.steps)

    def say(text: str) -> None:
        print(text, file=out, flush=True)

    say(message("enroll_intro", lang, takes=args.takes))
    saved = 0
    try:
        saved = enrol(store, lang, words, args.takes, microphone_recorder(mic), say)
    except KeyboardInterrupt:
        kept = sum(len(store.takes(lang, w)) for w in words)
        say(message("enroll_stopped", lang, count=kept, where=store.root / lang))
        return 1
    finally:
        mic.stop()
    say(message("enroll_done", lang, count=saved, where=store.root / lang))
    return 0
