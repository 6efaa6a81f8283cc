"""Command-line parts of speech input, for the ``tavli-voice`` console script.

- ``hear_main``:   ``tavli-voice hear [--lang en|el] [--options N] [--engine E] [--phase P] FILE.wav ...``
  (one JSON line per file, heard as the game hears it in phase P, "play" unless said: the phrases on offer
  and, as decoys, the command words not on offer; a decoy heard is ``"reason": "not_on_offer"`` with
  ``"say"``, the sentence the game says then, in the ``--lang`` language; ``"act"`` is ``"now"`` or
  ``"ask"``, what is done with the command heard, absent when nothing was understood, and ``"ask": true``
  when it is ``"ask"``; ``"snr"``, the dB the word stood over the noise around it
  (``Heard.snr``), null when not measured. ``hear_main``'s ``decision`` decides it: by default by
  the score alone (``score_decision``: unsure, or a destructive command, is
  asked back); the ``tavli-voice hear`` command passes the game's own decision
  (``tavli_voice.cli``), which also writes its ``"rule"``, as the session log does (English),
  and ``"why"``, the same said in the ``--lang`` language)
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
from typing import Callable, Literal, TextIO

from .audio import AudioFileError, load
from ..audio.capture import AudioUnavailable, Microphone
from .engine_templates import TemplateStore, profile_dir, skipped_message
from .enroll import DEFAULT_COMMANDS, enrol, enrolment_words, microphone_recorder
from .grammar import ALL_POINTS, PHASE_COMMANDS, PLAIN_COMMANDS, Options
from .heard import EngineUnavailable, Heard, Recognizer
from .listen_decide import explain, not_on_offer, recognize, should_confirm
from .. import arguments as A
from ..command_table import NOT_BY_VOICE
from ..words import ENTRIES, lang_from_argv, plural, text
from ..words.catalogs import use_argparse_language
from .models import CATALOGUE, FetchError, Opener, _urlopen, fetch, installed, search_dirs, user_models_dir
from .recognizer import ENGINES, Instead, choose_engine, skipped_takes
from .words import LANGS, MAX_NUMBER, QUERY_WORDS, Lang

#: Most times ``enroll --takes`` asks for each word.
MAX_TAKES = 20

#: What is done with a command heard, said in ``lang``: ``("now" | "ask", the rule that decided it as the session
#: log writes it (English), the same said in ``lang``)``; "" and "" when it names no rule.
Act = Literal["now", "ask"]
Decision = Callable[[Heard, Lang], tuple[Act, str, str]]


def score_decision(heard: Heard, lang: Lang = "en") -> tuple[Act, str, str]:
    """The score rule alone (``listener.should_confirm`` with confirm "unsure"): "ask" when unsure or
    destructive, else "now"; it names no rule ("", "")."""
    return ("ask" if should_confirm(heard, "unsure") else "now"), "", ""


#: Phase whose commands ``hear`` offers besides the plays, unless --commands says: "play", what the game
#: listens for while a play is chosen. As in the game the command words not on offer are listened for too
#: (``listen_decide.decoys``), so "roll", "ναι" or "όχι" said there is heard as what it is and reported not
#: possible now (``"reason": "not_on_offer"`` and the game's sentence as ``"say"``); ``--phase turn`` offers
#: the roll, the plays and yes/no together.
DEFAULT_PHASE = "play"


def shown_name(name: str) -> str:
    """A file name as valid text: bytes that are not UTF-8 (kept by Python as lone
    surrogates) are written as ``\\xff``, so a JSON line is always UTF-8.

    >>> shown_name(b"\\xff.wav".decode("utf-8", "surrogateescape"))
    '\\\\xff.wav'
    """
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def json_line(value: dict[str, object]) -> str:
    """One JSON line, readable text (Greek as itself) and always valid UTF-8."""
    line = json.dumps(value, ensure_ascii=False)
    return line.encode("utf-8", "backslashreplace").decode("utf-8")


def _say_error(key: str, language: Lang, stream: TextIO, /, **values: object) -> None:
    print(text("voice." + key, language, **values), file=stream)


def _hear_parser(ui: Lang = "en") -> argparse.ArgumentParser:
    """The options of ``hear``, their help in ``ui`` (``--lang`` is the language heard and of the
    messages, by default ``ui``: the one asked for, else the locale's, as everywhere)."""
    use_argparse_language(ui)
    parser = A.Parser(prog="tavli-voice hear", description=text("hear.description", ui), lang=ui)
    parser.add_argument("files", nargs="+", metavar=text("metavar.file", ui) + ".wav",
                        help=text("hear.files", ui))
    parser.add_argument("--lang", choices=LANGS, default=ui, help=text("hear.lang", ui))
    parser.add_argument("--options", type=A.whole_number(ui, 0, MAX_NUMBER), default=9, metavar="N",
                        help=text("hear.options", ui))
    parser.add_argument("--engine", choices=ENGINES, default="auto", help=text("hear.engine", ui))
    parser.add_argument("--phase", choices=sorted(PHASE_COMMANDS), default=DEFAULT_PHASE,
                        help=text("hear.phase", ui, phase=DEFAULT_PHASE))
    parser.add_argument("--commands", default=None, metavar=text("metavar.commands", ui),
                        help=text("hear.commands", ui))
    parser.add_argument("--step", action="store_true", help=text("hear.step", ui))
    parser.add_argument("--models", type=A.path(ui), default=None, metavar=text("metavar.folder", ui),
                        help=text("hear.models", ui))
    parser.add_argument("--profile", type=A.path(ui), default=None, metavar=text("metavar.folder", ui),
                        help=text("hear.profile", ui))
    return parser


def hear_main(argv: list[str], out: TextIO = sys.stdout, err: TextIO = sys.stderr,
              decision: Decision = score_decision) -> int:
    """``tavli-voice hear``: one JSON line per file (see the module docstring); ``decision`` says what is
    done with each command heard (its rule, when it names one, is written as ``"rule"``)."""
    try:
        args = _hear_parser(lang_from_argv(argv)).parse_args(argv)  # type: ignore[arg-type]
    except SystemExit as exit_:
        return int(exit_.code or 0)
    lang: Lang = args.lang
    names = PHASE_COMMANDS[args.phase] - NOT_BY_VOICE if args.commands is None else \
        frozenset(n for n in args.commands.split(",") if n)  # the phase's commands as the game listens for them
    unknown = names - PLAIN_COMMANDS - set(QUERY_WORDS)
    if unknown or args.options < 0:
        print(text("hear.unknown_commands", lang, names=", ".join(sorted(unknown))) if unknown
              else text("hear.bad_options", lang), file=err)
        return 2
    points = ALL_POINTS if args.step else frozenset()
    options = Options(plays=args.options, commands=names, from_points=points, to_points=points)
    # the engine (Whisper takes seconds) is loaded at the first file that reads as audio:
    # a missing, refused or damaged file is answered at once, and alone needs no engine
    engine: Recognizer | None = None
    before_roll = args.commands is None and args.phase == "roll"
    status = 0
    for name in args.files:
        shown = shown_name(name)
        try:
            audio = load(name)
        except AudioFileError as problem:
            detail = text("voice.audio_" + problem.key, lang, **problem.values)
            print(json_line({"file": shown, "error": text("voice.file_unreadable", lang, file=shown, detail=detail)}),
                  file=out)
            out.flush()
            status = 1
            continue
        if engine is None:
            try:
                engine = _hear_engine(args, lang, err)
            except EngineUnavailable as problem:
                _say_error(problem.key, lang, err, **problem.values)
                return 1
        heard = recognize(engine, audio, options, lang)  # the phrases on offer and the decoys, as the game
        line = {"file": shown, **heard.to_json()}
        line["snr"] = None if heard.snr is None else round(heard.snr, 1)  # dB over the noise around the word
        if heard.command is not None:
            act, rule, why = decision(heard, lang)
            if act == "ask":
                line["ask"] = True  # "did you say …?" before acting on it
            line["act"] = act
            if rule:
                line["rule"] = rule
            if why:
                line["why"] = why
        elif heard.reason == "not_on_offer":
            line["say"] = not_on_offer(heard, options, lang, before_roll=before_roll)
        else:  # not understood: what the game says then
            line["say"] = explain(heard, options, lang)
        print(json_line(line), file=out)
    return status


def _hear_engine(args: argparse.Namespace, lang: Lang, err: TextIO) -> Recognizer:
    """The engine ``hear`` was asked for, with what it skipped or stands in for said on ``err``."""
    engine = choose_engine(args.engine, lang, args.models, args.profile)
    skipped = skipped_message(skipped_takes(engine), lang)
    if skipped:
        print(skipped, file=err)
    instead = engine if isinstance(engine, Instead) else getattr(engine, "general", None)
    if isinstance(instead, Instead):
        _say_error("engine_instead", lang, err, wanted=instead.wanted, why=instead.why, engine=instead.name)
    return engine


def models_main(argv: list[str], out: TextIO = sys.stdout, err: TextIO = sys.stderr,
                opener: Opener = _urlopen, env: dict[str, str] | None = None) -> int:
    """``tavli-voice models [list]`` lists models; ``models fetch NAME`` downloads one (online only)."""
    ui: Lang = lang_from_argv(argv, env)  # type: ignore[assignment]
    use_argparse_language(ui)
    parser = A.Parser(prog="tavli-voice models", description=text("models.description", ui), lang=ui)
    parser.add_argument("action", nargs="?", choices=("list", "fetch"), default="list",
                        metavar="list|fetch", help=text("models.action", ui))
    parser.add_argument("name", nargs="?", metavar=text("metavar.name", ui), help=text("models.name", ui))
    parser.add_argument("--models", type=A.path(ui), default=None, metavar=text("metavar.folder", ui),
                        help=text("models.models", ui))
    parser.add_argument("--lang", choices=LANGS, default=ui, help=text("models.lang", ui))
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    lang: Lang = args.lang
    if args.action == "fetch":
        if not args.name:
            print(text("models.which", lang, names=", ".join(CATALOGUE)), file=err)
            return 2
        dest = args.models if args.models is not None else user_models_dir(env)
        try:
            path = fetch(args.name, dest, opener)
        except FetchError as problem:
            _say_error(problem.key, lang, err, **problem.values)
            return 1
        print(text("voice.models_fetched", lang, name=args.name, where=path), file=out)
        return 0
    found = installed(args.models, env)
    # a model in another language (the tests' Korean one) is no use to a player
    playable = [m for m in found if m.lang in LANGS]
    others = [m for m in found if m.lang not in LANGS]
    if playable:
        print(text("voice.models_installed", lang), file=out)
        for model in playable:
            print("  " + model.describe(), file=out)
    else:
        where = ", ".join(str(d) for d in search_dirs(args.models, env))
        print(text("voice.models_none", lang, where=where), file=out)
    if others:
        print(text("voice.models_other", lang), file=out)
        for model in others:
            print("  " + model.describe(), file=out)
    from .engine_whisper import all_weights
    whisper = all_weights(args.models)
    if whisper:
        print(text("voice.models_whisper", lang), file=out)
        for weights in whisper:
            print(f"  whisper {weights.name}\t{', '.join(weights.languages())}\t{weights.size_mb():.0f} MB", file=out)
    print(text("voice.models_known", lang), file=out)
    for name, (model_lang, size) in CATALOGUE.items():
        print(f"  {name}\t{model_lang}\t~{size} MB", file=out)
    return 0


def enroll_main(argv: list[str], out: TextIO = sys.stdout, err: TextIO = sys.stderr,
                microphone: Callable[[], Microphone] = Microphone) -> int:
    """``tavli-voice enroll``: record the player's own words from the microphone."""
    ui: Lang = lang_from_argv(argv)  # type: ignore[assignment]
    use_argparse_language(ui)
    parser = A.Parser(prog="tavli-voice enroll", description=text("enroll.description", ui), lang=ui)
    parser.add_argument("--lang", choices=LANGS, default=ui, help=text("enroll.lang", ui))
    parser.add_argument("--takes", type=A.whole_number(ui, 1, MAX_TAKES), default=3,
                        metavar=text("metavar.times", ui),
                        help=text("enroll.takes", ui))
    parser.add_argument("--numbers", type=A.whole_number(ui, 0, MAX_NUMBER), default=12, metavar="N",
                        help=text("enroll.numbers", ui))
    parser.add_argument("--commands", default=",".join(DEFAULT_COMMANDS), metavar=text("metavar.commands", ui),
                        help=text("enroll.commands", ui))
    parser.add_argument("--steps", action="store_true", help=text("enroll.steps", ui))
    parser.add_argument("--profile", type=A.path(ui), default=None, metavar=text("metavar.folder", ui),
                        help=text("enroll.profile", ui))
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    lang: Lang = args.lang
    names = [n for n in args.commands.split(",") if n]
    if set(names) - PLAIN_COMMANDS or args.takes < 1 or args.numbers < 0:
        print(text("enroll.bad", lang), file=err)
        return 2
    store = TemplateStore(args.profile if args.profile is not None else profile_dir())
    mic = microphone()
    try:
        mic.start()
    except AudioUnavailable as problem:  # said for recording, not for a game the keyboard still plays
        own = f"enroll_{problem.key}"
        _say_error(own if f"voice.{own}" in ENTRIES else problem.key, lang, err)
        return 1
    words = enrolment_words(lang, args.numbers, names, args.steps)

    def say(line: str) -> None:
        print(line, file=out, flush=True)

    say(text("voice.enroll_intro", lang, takes=plural("count.time", args.takes, lang)))
    saved = 0
    try:
        saved = enrol(store, lang, words, args.takes, microphone_recorder(mic), say)
    except KeyboardInterrupt:
        kept = sum(len(store.takes(lang, w)) for w in words)
        say(text("voice.enroll_stopped", lang, count=plural("count.recording", kept, lang),
                 where=store.root / lang))
        return 1
    finally:
        mic.stop()
    say(text("voice.enroll_done", lang, count=plural("count.recording", saved, lang),
             where=store.root / lang))
    return 0
