"""Start-up wiring: command-line options → session, narrator, inputs, front end.

``tavli-voice play`` (and ``tavli-voice`` alone), ``resume`` and ``window`` all
start here. This module builds the pieces and hands them to a front end —
the line-oriented :class:`~tavli_voice.ui.terminal.TerminalPlayer`, terminal
switch scanning (:mod:`tavli_voice.ui.scan_input`) or the board window
(:mod:`tavli_voice.ui.board.window`) — and tidies up after it. The front ends
themselves know nothing about options, files or speech engines.
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import os
import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from . import arguments as A
from . import events as E
from . import storage, userfiles
from .logfile import log_to_file
from .ui.guard import pause_at, release_ctrl_c
from . import words as M
from .rules.position import PRESET_GAMES
from .words.catalogs import use_argparse_language
from .narration.play_settings import DEFAULT_GROUP_ABOVE, GROUP_ABOVE_RANGE
from .narration.priorities import Verbosity
from .rules import MatchConfig, TimerRules
from .rules.match import MAX_MATCH_LENGTH, MAX_SEED_TEXT
from .bots.registry import BOT_NAMES, is_bot_name, unknown_bot_message
from .session import Session, SessionOptions
from .ui import saved

if TYPE_CHECKING:
    from .narration.narrator import Narrator
    from .narration.play_settings import PlaySettings
    from .narration.settings import SpeechSettings
    from .scanning import Clock
    from .ui.app import App, Source
    from .ui.term_keys import KeySource

from .arguments import MAX_DWELL as MAX_DWELL  # longest --dwell, in seconds

pause_at("imports")  # a test's Ctrl-C here falls in the middle of this module's import

#: Bots a seat can be given on the command line (the levels, weakest first).
BOTS = BOT_NAMES

log = logging.getLogger(__name__)


def build_parser(lang: str = "en", prog: str = "tavli-voice play") -> argparse.ArgumentParser:
    """The options of ``tavli-voice play`` (or ``window``, ``resume``), their help in ``lang``
    (argparse's own words too)."""
    from .narration.settings import RATE_RANGE, SpeechSettings
    from .arguments import SCALE_RANGE

    use_argparse_language(lang)
    DEFAULT_RATE = SpeechSettings().rate

    def h(key: str) -> str:
        return M.text(f"cli.{key}", lang)

    def mv(key: str) -> str:
        return M.text(f"metavar.{key}", lang)

    ap = A.Parser(prog=prog, description=h("description"), lang=lang)
    ap.add_argument("--game", default="tavli", choices=["tavli", "portes", "plakoto", "fevga"],
                    help=h("game"))
    ap.add_argument("--points", type=A.whole_number(lang, 1, MAX_MATCH_LENGTH), default=None,
                    metavar=mv("points"), help=M.text("cli.points", lang, MAX_MATCH_LENGTH))
    ap.add_argument("--preset", default=None, choices=["tavlucky", "traditional", "vog"],
                    help=h("preset"))
    ap.add_argument("--opponent", default="rita", choices=list(BOTS) + ["friend"],
                    help=h("opponent"))
    ap.add_argument("--players", default=None, metavar=mv("players"), help=h("players"))
    ap.add_argument("--seed", type=A.seed(lang), default=None, metavar=mv("seed"),
                    help=M.text("cli.seed", lang, M.number(MAX_SEED_TEXT, lang, "m", "acc")))
    ap.add_argument("--lang", choices=["en", "el"], default=None, help=h("lang"))
    ap.add_argument("--timer", action="store_true", help=h("timer"))
    ap.add_argument("--speech", choices=["on", "off"], default=None, help=h("speech"))
    ap.add_argument("--verbosity", choices=["terse", "normal", "chatty"], default=None,
                    help=h("verbosity"))
    ap.add_argument("--rate", type=A.whole_number(lang, *RATE_RANGE), default=None,
                    metavar=mv("rate"), help=M.text("cli.rate", lang, *RATE_RANGE, DEFAULT_RATE))
    ap.add_argument("--volume", type=A.number(lang, 0.0, 1.0), default=None,
                    metavar=mv("volume"), help=h("volume"))
    ap.add_argument("--words", action="store_true", help=h("words"))
    ap.add_argument("--notation", action="store_true", help=h("notation"))
    ap.add_argument("--numbering", choices=["mine", "mover"], default="mine",
                    help=h("numbering"))
    ap.add_argument("--scan", choices=["auto", "step"], nargs="?", const="auto", default=None,
                    help=h("scan"))  # --scan alone: one switch
    ap.add_argument("--voice", action="store_true", help=h("voice"))
    ap.add_argument("--voice-engine", default=None, metavar=mv("engine"), help=h("voice_engine"))
    ap.add_argument("--voice-confirm", choices=["never", "unsure", "always"], default="unsure",
                    help=h("voice_confirm"))
    ap.add_argument("--barge-in", choices=["ignore", "interrupt"], default="ignore",
                    help=h("barge_in"))
    ap.add_argument("--window", action="store_true", help=h("window"))
    # None: the look last chosen in the window (kept in the settings file), else the defaults
    ap.add_argument("--theme", choices=["high_contrast", "classic"], default=None,
                    help=h("theme"))
    ap.add_argument("--scale", type=A.number(lang, *SCALE_RANGE), default=None,
                    metavar=mv("scale"), help=h("scale"))
    ap.add_argument("--dwell", type=A.number(lang, 0.0, MAX_DWELL), default=None,
                    metavar=mv("seconds"), help=h("dwell"))
    ap.add_argument("--fullscreen", action="store_true", help=h("fullscreen"))
    ap.add_argument("--resume", action="store_true", help=h("resume"))
    ap.add_argument("--resume-name", type=A.name(lang), default=None, metavar=mv("name"),
                    help=h("resume_name"))
    if prog.endswith(" resume"):  # ``tavli-voice resume [NAME]``: the name before or after the options
        ap.add_argument("name", nargs="?", type=A.name(lang), default=None, metavar=mv("name"),
                        help=h("resume_name"))
    ap.add_argument("--watch", action="store_true", help=h("watch"))
    ap.add_argument("--suggest", action=argparse.BooleanOptionalAction, default=None,
                    help=h("suggest"))
    ap.add_argument("--group-above", type=A.whole_number(lang, *GROUP_ABOVE_RANGE), default=None,
                    metavar=mv("plays"), help=M.text("cli.group_above", lang, *GROUP_ABOVE_RANGE,
                                                  DEFAULT_GROUP_ABOVE))
    ap.add_argument("--coach", action="store_true", help=h("coach"))
    ap.add_argument("--no-confirm", action="store_true", help=h("no_confirm"))
    ap.add_argument("--save", type=A.name(lang), default=None, metavar=mv("file"), help=h("save"))
    ap.add_argument("--no-save", action="store_true", help=h("no_save"))
    return ap


def players_from_args(args: argparse.Namespace, lang: str) -> tuple[E.PlayerInfo, E.PlayerInfo]:
    """The two seats the options ask for (``--players``, else you and ``--opponent``)."""
    def seat(name: str) -> E.PlayerInfo:
        from .bots import bot_name
        bot = bot_name(name)
        return E.PlayerInfo(M.player_words(bot, bot, 0, lang).name, bot)

    if args.players is not None:  # "" is refused in words, never taken for no --players
        parts = args.players.split(",")
        if len(parts) != 2:
            raise ValueError(M.text("error.players", lang))
        for part in parts:  # two bots: a name that is no bot is a mistake, not a person
            if not is_bot_name(part):
                raise ValueError(unknown_bot_message(part.strip(), lang))
        return seat(parts[0]), seat(parts[1])
    me = M.text("player.you", lang) if "player.you" in M.MESSAGES else "you"
    if args.opponent == "friend":
        return E.PlayerInfo(M.text("player.first", lang) if "player.first" in M.MESSAGES
                            else "1"), E.PlayerInfo(M.text("player.second", lang)
                                                    if "player.second" in M.MESSAGES else "2")
    return E.PlayerInfo(me), seat(args.opponent)


#: Options that say how this player plays (language, speech, input, window), not what
#: the match is: the save does not keep them, so the resume command carries them.
WAY_OF_PLAYING = ("lang", "speech", "verbosity", "rate", "volume", "words", "notation",
                  "numbering", "scan", "voice", "voice_engine", "voice_confirm", "barge_in",
                  "window", "theme", "scale", "dwell", "fullscreen")  # each is --name-with-dashes


def shows_notation(args: argparse.Namespace) -> bool:
    """Whether a play's notation (24/21) follows its words on screen. A screen reader reads a
    line whole, so the terminal writes each play once, in words ("from 24 to 21"), unless
    ``--notation``; the board window lists plays the same way (players read words), and
    ``--words`` keeps the words alone even with ``--notation``. A review (``tavli-voice
    review``, which has no ``--notation``) shows plays in words.

    >>> ap = build_parser("en")
    >>> [shows_notation(ap.parse_args(a)) for a in ([], ["--notation"], ["--window"],
    ...                                               ["--window", "--notation"],
    ...                                               ["--notation", "--words"])]
    [False, True, False, True, False]
    """
    return bool(getattr(args, "notation", False) and not getattr(args, "words", False))


def way_of_playing(args: argparse.Namespace, parser: argparse.ArgumentParser) -> str:
    """The options of :data:`WAY_OF_PLAYING` given other than their defaults, as they
    would be typed (``" --voice --numbering mover"``; ``""`` when none were).

    >>> ap = build_parser("en")
    >>> way_of_playing(ap.parse_args(["--numbering", "mover", "--voice", "--seed", "3"]), ap)
    ' --numbering mover --voice'
    """
    flags: list[str] = []
    for dest in WAY_OF_PLAYING:
        value = getattr(args, dest, None)
        if value is None or value == parser.get_default(dest):
            continue
        flag = "--" + dest.replace("_", "-")
        flags.append(flag if value is True else f"{flag} {shlex.quote(str(value))}")
    return "".join(" " + f for f in flags)


def make_narrator(args: argparse.Namespace, lang: str, say: "SayLine"
                  ) -> tuple["Narrator | None", "SpeechSettings"]:
    """A narrator, or None when speech is off or cannot work (said once, in words)."""
    from .narration.backend import fallback_message, make_speaker
    from .narration.narrator import Narrator
    from .narration.settings import default_settings_path, load_speech_settings

    settings, _status = load_speech_settings(default_settings_path())
    changes: dict[str, object] = {"lang": lang}
    if args.speech is not None:
        changes["enabled"] = args.speech == "on"
    if args.verbosity:
        changes["verbosity"] = Verbosity(args.verbosity)
    if args.rate is not None:
        changes["rate"] = args.rate
    if args.volume is not None:
        changes["volume"] = args.volume
    settings = dataclasses.replace(settings, **changes)  # type: ignore[arg-type]
    if not settings.enabled:
        return None, settings
    pause_at("speech")  # the speech engine is loaded next
    speaker, problem = make_speaker(settings, lang)
    if problem:
        say(fallback_message(problem, lang))
        return None, settings
    return Narrator(speaker, settings=settings), settings


def run_window(app: "App", args: argparse.Namespace, sources: "list[Source]",
               resumed_events: list[E.Event] | None, say: "SayLine", *,
               opening: list[E.Event] | None = None) -> int:
    """The board window on the same app; 2 when there is no display. ``opening`` (the
    review's first sentences) is published once the window is open, so it shows them."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner for screen readers
    try:
        from .narration.settings import default_settings_path
        from .scanning import ScanSettings, load_scan_settings, save_scan_speed
        from .ui.board.theme import load_look, save_look
        from .ui.board.window import run_window as open_window
    except ImportError as exc:
        say(M.text("window.unavailable", app.lang, error=str(exc)))
        return 2
    path = default_settings_path()
    saved_settings = load_scan_settings(path).settings
    # scanning only when asked for: --scan, or scanning saved as on
    settings = None
    if args.scan:
        settings = dataclasses.replace(saved_settings, mode=args.scan)
    elif saved_settings.enabled:
        settings = saved_settings

    def keep(changed: ScanSettings) -> None:  # "slower"/"faster" picked while scanning
        save_scan_speed(path, changed)  # the file keeps its mode (--scan is for this match)

    # the look last chosen (F2, + and −, the scan menu's Settings) unless given this time
    kept_theme, kept_scale = load_look(path)
    theme = args.theme or kept_theme or "high_contrast"
    scale = args.scale if args.scale is not None else kept_scale or 1.0

    def keep_look(name: str, size: float) -> None:
        save_look(path, name, size)

    waiting = list(opening or ())

    def first_frame(_win: object) -> None:
        release_ctrl_c()  # the window is open: its Ctrl-C keeps the match as left
        if waiting:
            app.publish(waiting[:], "where_am_i")
            waiting.clear()

    return open_window(app, scan=args.scan, scan_settings=settings, sources=sources,
                       resumed_events=resumed_events, theme=theme, scale=scale,
                       dwell=args.dwell, fullscreen=args.fullscreen, on_scan_settings=keep,
                       on_display=keep_look,
                       on_frame=first_frame)


def saved_scan_mode() -> str | None:
    """The saved scanning mode when the person saved scanning as on, else None."""
    try:
        from .narration.settings import default_settings_path
        from .scanning import load_scan_settings
    except ImportError:
        return None
    settings = load_scan_settings(default_settings_path()).settings
    return settings.mode if settings.enabled else None


def _interactive(inp: TextIO) -> bool:
    """True when ``inp`` is a terminal a person types at."""
    try:
        return inp.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def ask_about_saved(path: Path, args: argparse.Namespace, lang: str, inp: TextIO,
                    say: "SayLine") -> str:
    """"resume", "new", "quit" (q, as at any other time), "unanswered" (the input ended
    before an answer) or "" (nothing to ask: the save is finished or unreadable).

    A saved, unfinished match is never replaced silently (R9): a person is
    asked; a bot match keeps the save aside.
    """
    loaded = storage.load(path, damaged=M.text("saved.damaged_name", lang))
    if loaded.data is None:  # unreadable: load() kept it aside and a new match is fine
        if loaded.kept_as is not None:
            say(M.text("resume.corrupt", lang, path=str(loaded.kept_as),
                       command=f"{saved.program()} play"))
        return ""
    if loaded.data.get("over"):
        return ""
    if args.players is not None:
        return "new"
    config = loaded.data.get("config", {})
    game = M.game_name(str(config.get("kind", "tavli")), lang, str(config.get("preset", "")))
    length = M.plural("board.length", int(config.get("length", 1) or 1), lang)
    say(M.text("saved.ask", lang, game=game, length=length))
    while True:
        line = inp.readline()
        if line == "":  # end of input (Ctrl-D, a closed pipe): neither match is chosen
            return "unanswered"
        word = line.strip().lower()
        if word in _RESUME_ANSWERS:
            return "resume"
        if word in _NEW_ANSWERS + ("no", "όχι", "οχι"):
            return "new"
        if word in _QUIT_ANSWERS:  # leave, the saved match as it was
            return "quit"
        say(M.text("saved.again", lang))


#: Answers to "a saved match is waiting: r to resume, n for a new match": the letter, the
#: Greek letter on its key, and the words the question says ("συνέχισέ τον", "νέο αγώνα").
_RESUME_ANSWERS = ("r", "y", "ρ", "υ", "resume", "yes", "continue", "ναι", "συνέχεια", "συνεχεια",
                   "συνέχισε", "συνεχισε", "συνέχισέ τον", "συνεχισε τον")
_WATCH_ANSWERS = ("w", "ς", "watch", "παρακολούθηση", "παρακολουθηση")
_NEW_ANSWERS = ("n", "ν", "new", "νέο", "νεο", "νέος", "νεος", "new match", "νέο αγώνα", "νεο αγωνα",
                "νέος αγώνας", "νεος αγωνας")
_QUIT_ANSWERS = ("q", "quit", "έξοδος", "εξοδος")


def claim_save(save_path: Path, args: argparse.Namespace, say: "SayLine", inp: TextIO,
               lang: str) -> tuple[Path, storage.SaveLock | None, str | None]:
    """Lock the save this copy will write: (path, lock, what to do instead: "watch"/"quit").

    When another running copy holds the save, a new match is saved beside it
    (said); a resume asks whether to watch that match, start a new one or leave.
    """
    try:
        return save_path, storage.SaveLock.acquire(save_path), None
    except storage.LockUnavailable as exc:
        return _save_unlockable(save_path, exc, args, say, lang)
    except storage.MatchOpenElsewhere as busy:
        pid = str(busy.pid) if busy.pid else "?"
        if args.watch:
            return save_path, None, "watch"
        if args.resume:
            say(M.text("save.locked", lang, pid=pid, path=str(save_path)))
            answer = inp.readline().strip().lower()
            if answer in _WATCH_ANSWERS:
                return save_path, None, "watch"
            if answer not in _NEW_ANSWERS:
                return save_path, None, "quit"
            args.resume = False
            args.resume_name = None
        other = storage.other_save_path(save_path)
        try:
            lock: storage.SaveLock | None = storage.SaveLock.acquire(other)
        except storage.MatchOpenElsewhere:  # taken in the meantime: play on, unlocked
            lock = None
        say(M.text("save.locked_new", lang, pid=pid, path=str(save_path), new=str(other)))
        return other, lock, None


def _save_unlockable(save_path: Path, exc: OSError, args: argparse.Namespace, say: "SayLine",
                     lang: str) -> tuple[Path, storage.SaveLock | None, str | None]:
    """The lock of ``save_path`` cannot be used: this copy saves under another name (said),
    so two copies never write one save; a resumed match is copied there first. A folder
    nothing can be written in (read-only) gives way to the first folder that works
    (:func:`storage.fallback_folders`), so a match there can still be resumed."""
    from .ui.guard import os_error_text

    lock: storage.SaveLock | None = None
    other = save_path
    if not storage.usable_folder(save_path.parent):
        other = next((folder / save_path.name for folder in storage.fallback_folders(save_path)),
                     save_path)
    if other == save_path or os.path.lexists(other):
        other = storage.other_save_path(other)
    for _ in range(20):
        try:
            lock = storage.SaveLock.acquire(other)
            break
        except (storage.MatchOpenElsewhere, storage.LockUnavailable):
            other = storage.other_save_path(other)
    if args.resume:
        try:
            userfiles.atomic_write_bytes(
                other, userfiles.read_regular(save_path, storage.MAX_SAVE_BYTES))
        except OSError:
            pass  # resuming reads the copy's absence and says so
    say(M.text("save.lock_failed", lang, lock=str(storage.SaveLock.lock_path(save_path)),
               error=os_error_text(exc, lang), new=str(other)))
    return other, lock, None


def play_settings(suggest: bool | None, group_above: int | None = None) -> "PlaySettings":
    """The saved play-list settings; ``--suggest``/``--no-suggest`` and ``--group-above N``
    change them and are saved."""
    from .narration.play_settings import load_play_settings, save_play_settings

    path = userfiles.settings_path()
    settings = load_play_settings(path)
    changed = dataclasses.replace(
        settings, suggest=settings.suggest if suggest is None else suggest,
        group_above=settings.group_above if group_above is None else group_above)
    if changed != settings:
        settings = changed
        try:
            save_play_settings(settings, path)
        except OSError as exc:  # kept for this match only; the match goes on
            log.warning("play settings not saved to %s: %s", path, exc)
    return settings


def say_settings_problem(lang: str, say: "SayLine") -> str | None:
    """A damaged settings file is said once at start (and copied aside), never silently replaced.

    Returns the same news for speech (the place in words, not the path spelled out), or None.
    """
    path = userfiles.settings_path()
    problem, copy = userfiles.check_settings(path, M.text("saved.damaged_name", lang))
    if problem is userfiles.DocumentProblem.CORRUPT:
        say(M.text("settings.damaged", lang, path=str(path), copy=str(copy)))
        return M.text("settings.damaged.spoken", lang)
    if problem is userfiles.DocumentProblem.UNREADABLE:
        say(M.text("settings.unreadable", lang, path=str(path)))
        return M.text("settings.unreadable.spoken", lang)
    return None


def _tolerant(stream: TextIO, errors: str) -> None:
    """Let a real standard stream pass any text (shown with escapes, never a crash)."""
    try:
        stream.reconfigure(errors=errors)  # type: ignore[attr-defined]
    except (AttributeError, ValueError, OSError):  # not a text file of ours (tests, pipes)
        pass


class SayLine:
    """Print one line to ``out`` and flush (screen readers read whole lines)."""

    def __init__(self, out: TextIO) -> None:
        self.out = out

    def __call__(self, line: str) -> None:
        self.out.write(line + "\n")
        self.out.flush()


#: What :func:`new_match_options` gives: the seats, the preset and the length.
NewMatch = tuple[tuple[E.PlayerInfo, E.PlayerInfo], str, int]


def new_match_options(args: argparse.Namespace, lang: str) -> NewMatch:
    """The seats, preset and length of the new match the options ask for; ValueError with a
    sentence in ``lang`` when they do not go together (an unknown bot, a game the preset
    does not play)."""
    players = players_from_args(args, lang)
    preset = args.preset or "tavlucky"
    length = args.points if args.points is not None else 5
    if not isinstance(length, int) or length < 1:
        raise ValueError(M.text("error.match_length", lang))
    if args.game != "tavli" and args.game not in PRESET_GAMES.get(preset, (args.game,)):
        raise ValueError(M.text("error.preset_game", lang, game=M.game_name(args.game, lang),
                                preset=M.preset_short_name(preset, lang)))
    return players, preset, length


def open_session(args: argparse.Namespace, lang: str, save_path: Path | None,
                 say: SayLine, new_match: NewMatch | None = None
                 ) -> tuple[Session, list[E.Event] | None] | int:
    """The session the options ask for (new or resumed), or an exit code after saying why;
    ``new_match``: :func:`new_match_options` when already checked."""
    command = saved.program()
    try:
        if args.resume:
            loaded = storage.load(save_path, damaged=M.text("saved.damaged_name", lang))
            if loaded.data is None:
                if loaded.reason:
                    log.warning("save %s set aside: %s", save_path, loaded.reason)
                if loaded.problem == "save_unreadable":
                    say(M.text("resume.unreadable", lang, path=str(save_path),
                               error=M.text("save.why.unreadable", lang)))
                    return 1
                if loaded.problem == "not_a_save":
                    say(M.text("save.refused", lang, path=str(save_path),
                               why=M.text(f"save.why.{loaded.why}", lang)))
                    return 2
                key = "resume.corrupt" if loaded.problem == "save_corrupt" else "resume.none"
                say(M.text(key, lang, path=A.shown(str(loaded.kept_as or save_path), None),
                           command=f"{command} play"))
                folder = save_path.parent if save_path else storage.data_dir()
                kept_names = [kept_name(folder / f"{name}.json")
                              for name in saved.kept_matches(folder)]
                if kept_names and loaded.problem != "save_corrupt":
                    say(M.text("resume.kept", lang, names=", ".join(kept_names),
                               command=f"{command} resume"))
                return 1
            try:
                if loaded.data.get("over"):  # a finished match is not continued
                    say(M.text("resume.finished", lang, path=str(save_path),
                               command=f"{command} play"))
                    return 1
                return Session.restore(loaded.data)
            except ValueError as exc:
                log.warning("save %s does not replay: %s", save_path, exc)
                kept = storage.set_aside(save_path, damaged=M.text("saved.damaged_name", lang)) \
                    if save_path and save_path.exists() else None
                say(M.text("resume.corrupt", lang, path=str(kept or save_path),
                           command=f"{command} play"))
                return 1
        players, preset, length = new_match or new_match_options(args, lang)
        seed: int | str = args.seed if args.seed is not None else \
            int.from_bytes(os.urandom(4), "big")
        config = MatchConfig(length, args.game, preset, seed, TimerRules(enabled=args.timer))
        plays = play_settings(args.suggest, args.group_above)
        options = SessionOptions(confirm_plays=not args.no_confirm, suggestions=plays.suggest,
                                 coach=args.coach, group_above=plays.group_above)
        return Session(config, players, options), None
    except ValueError as exc:
        say(M.text("error.options", lang, error=str(exc)))
        return 2


def say_options_reset(session: Session, lang: str, say: SayLine) -> list[str]:
    """Say each option a resumed save held a value of that cannot be used (``group_above:
    -5``) and the default taken instead, so the match plays on. What was said."""
    import json

    from .session import SessionOptions
    from .ui.guard import visible

    def shown(value: object) -> str:
        if isinstance(value, bool):
            return M.text("resume.option_on" if value else "resume.option_off", lang)
        try:
            return visible(json.dumps(value, ensure_ascii=False))
        except (TypeError, ValueError):
            return visible(repr(value))

    defaults = SessionOptions()
    lines = [M.text("resume.option_reset", lang, name=name, value=shown(value),
                    default=shown(getattr(defaults, name)))
             for name, value in session.options_reset.items()]
    for line in lines:
        say(line)
    return lines


def say_unusable_weights(session: Session, lang: str, say: SayLine) -> str | None:
    """Say which games' expert weights are missing or damaged (checked once, before the
    first move): the strong player stands in for the expert there, and a reinstall fixes it.
    Returns what was said (the narrator says it too), or None."""
    from .bots.registry import REINSTALL_COMMAND, unusable_games

    failed = unusable_games(session.config.game_name(i) for i in range(3))
    if not failed:
        return None
    names = ", ".join(M.game_name(g, lang, session.config.preset) for g in failed)
    notice = M.text("weights.unusable", lang, games=names, command=REINSTALL_COMMAND)
    say(notice)
    return notice


def input_sources(app: "App", args: argparse.Namespace, lang: str, say: SayLine) -> "list[Source]":
    """The extra inputs the options ask for (voice), and the sound watch; problems are said in words."""
    sources: list[Source] = []
    if app.narrator is not None or args.voice:  # the sound system going and coming back, in words
        from .ui.sound_watch import SoundWatch
        sources.append(SoundWatch(app))
    if args.voice:
        pause_at("voice")  # the listening engine is loaded next
        from .ui.voice_input import voice_source
        src, problem = voice_source(app, lang, engine=args.voice_engine,
                                    confirm=args.voice_confirm, barge_in=args.barge_in)
        if problem:
            say(problem)
        if src is not None:
            sources.append(src)
    return sources


def run_review(path: Path, sides: list[int], args: argparse.Namespace, lang: str,
               out: TextIO, err: TextIO, inp: TextIO, *, keys: "KeySource | None" = None,
               clock: "Clock | None" = None) -> int:
    """``tavli-voice review [NAME]``: the kept match at ``path`` reviewed (``sides`` judged)
    through the same App, review mode and front ends as the review after a match: typed keys,
    ``--voice``, one switch (``--scan`` or scanning saved as on; ``keys`` and ``clock`` stand
    in for the terminal's keys and the real clock) and the narrator (``--speech``). Nothing
    is written: stopping at any moment loses nothing."""
    from .session import Session
    from .ui.app import App
    from .ui.review_mode import ReviewMode
    from .ui.terminal import TerminalPlayer

    say = SayLine(out)
    log_to_file(lambda where: say(M.text("log.failed", lang, path=str(where))))
    for name in ("verbosity", "rate", "volume"):  # speech as saved, unless the options say
        if not hasattr(args, name):
            setattr(args, name, None)
    try:  # "The expert is judging your plays" / "… Rita's plays" (a bot match, --side)
        from . import history
        from .review_walk import judging
        say(judging(history.load_entry(str(path))[1]["save"]["players"], sides, lang))
        review = ReviewMode.open(path, lang, order=args.order, sides=sides)
        session, _ = Session.restore(review.walk.save)
    except (OSError, ValueError) as exc:
        log.warning("kept match %s cannot be reviewed: %s", path, exc)
        from .words.faults import os_fault  # in words: the details are in the log
        why = os_fault(exc, lang) if isinstance(exc, OSError) else M.text("review.not_a_match", lang)
        print(M.text("review.bad_match", lang, name=path.stem, error=why), file=err)
        return 1
    if out is sys.stdout and (args.speech != "off" or args.voice):
        from .audio.device import divert_c_stderr, quiet_alsa
        quiet_alsa()
        divert_c_stderr()
    narrator, settings = make_narrator(args, lang, say)
    app = App(session, lang=lang, narrator=narrator, save_path=None,
              verbosity=settings.verbosity, screen_notation=shows_notation(args))
    app.program = saved.program()
    app.switch_input = bool(args.scan or saved_scan_mode())  # the review offers scan items
    opening = app.begin_review(review)
    pump = narrator.start_pump_thread() if narrator is not None else None
    try:
        sources = input_sources(app, args, lang, say)
        player = TerminalPlayer(app, out, inp, sources=sources)
        if getattr(args, "window", False):  # the board window, the terminal still typing
            typed = player.typed_source()
            try:
                code = run_window(app, args, [*sources, typed], None, say, opening=opening)
            finally:
                typed.close()
            if code != 2:  # 2: no display; the review goes on in the terminal
                return code
        scan = args.scan or saved_scan_mode()
        if scan:
            from .ui.scan_input import run_scanning
            app.list_plays = False
            release_ctrl_c()  # the scanner's Ctrl-C from here
            return run_scanning(app, player, mode=scan, events=opening, keys=keys, clock=clock,
                                out=out if keys is not None else None)
        release_ctrl_c()  # the terminal's Ctrl-C from here
        return player.run(opening)
    finally:
        if pump is not None:
            pump.stop()
        if narrator is not None:
            narrator.close()


def main(argv: list[str], out: TextIO | None = None, inp: TextIO | None = None, *,
         window: bool = False, prog: str = "tavli-voice play") -> int:
    """Entry point of ``tavli-voice play`` (``window``: of ``tavli-voice window``).

    SIGTERM and SIGHUP end the program like Ctrl-C does (the terminal's modes
    are given back on the way out; the match is saved after every command).
    """
    from .ui.guard import ending_signals

    with ending_signals():
        return _main(argv, out, inp, window=window, prog=prog)


def _main(argv: list[str], out: TextIO | None, inp: TextIO | None, *, window: bool,
          prog: str) -> int:
    if inp is None:
        inp = sys.stdin
        _tolerant(inp, "surrogateescape")  # invalid UTF-8 is shown, never a crash
    if out is None:
        out = sys.stdout
        _tolerant(out, "backslashreplace")  # Greek on a Latin-1 terminal: escapes, no crash
    lang = M.lang_from_argv(argv)
    ap = build_parser(lang, prog)
    args = ap.parse_args(argv)
    _take_name(ap, args, lang)
    args.window = args.window or window
    lang = args.lang or lang
    say = SayLine(out)
    new_match = _checked_first(args, lang, say)
    if isinstance(new_match, int):
        return new_match
    log_to_file(lambda path: say(M.text("log.failed", lang, path=str(path))))

    save_path = None if args.no_save else (Path(args.save) if args.save else storage.save_path())
    command = saved.program()
    resume_command = f"{command} resume"
    if args.resume_name:  # ``tavli-voice resume NAME``: a match kept aside under a name
        args.resume = True
        save_path = saved.named_save(args.resume_name)
        resume_command = f"{command} resume {saved.shell_word(args.resume_name)}"
    elif args.save:
        resume_command = f"{command} resume --save {saved.shell_word(args.save)}"
    settings_notice = say_settings_problem(lang, say)
    save_path, refused = saved.choose_save(
        save_path, resume=args.resume or args.watch, lang=lang, say=say,
        plain=not (args.save or args.resume_name))
    if refused is not None:
        return refused
    if args.save and save_path is not None and save_path != Path(args.save):  # said where
        resume_command = f"{command} resume --save {saved.shell_word(save_path)}"
    way = way_of_playing(args, build_parser(lang, prog))
    lock: storage.SaveLock | None = None
    # a resume with no such match says so below and makes no lock file, nor a folder for it
    if save_path is not None and not (args.resume and not os.path.lexists(save_path)):
        claimed, lock, instead = claim_save(save_path, args, say, inp, lang)
        if instead == "watch":
            from .ui.watch import watch
            return watch(save_path, say, inp, lang)
        if instead == "quit":  # «Γεια σας» to two people at one keyboard
            both = "" if args.players is not None or args.opponent != "friend" else ".both"
            say(M.text("goodbye" + both, lang))
            return 1
        if claimed != save_path:
            save_path = claimed
            resume_command = f"{command} resume --save {saved.shell_word(save_path)}"
    resume_command += way
    if args.watch:  # nobody else plays it: watching it is resuming it
        args.resume = True
    try:
        return _play(args, lang, save_path, lock, resume_command, way, say, out, inp,
                     notices=[settings_notice] if settings_notice else [], new_match=new_match)
    finally:
        if lock is not None:
            lock.release()


def _take_name(ap: argparse.ArgumentParser, args: argparse.Namespace, lang: str) -> None:
    """``tavli-voice resume NAME``: the match kept under NAME is resumed (two names: refused)."""
    name = getattr(args, "name", None)
    if name is not None:
        if args.resume_name is not None and args.resume_name != name:
            ap.error(M.text("cli.two_names", lang, a=name, b=args.resume_name))
        args.resume, args.resume_name = True, name


def _checked_first(args: argparse.Namespace, lang: str, say: SayLine) -> NewMatch | None | int:
    """A new match's options, checked before anything is made (a refused start leaves no
    lock, no log and no folder behind, and a saved match where it is): the options, None
    for a resumed match, or 2 after saying why none can start."""
    if args.resume or args.resume_name or args.watch:
        return None
    try:
        return new_match_options(args, lang)
    except ValueError as exc:
        say(M.text("error.options", lang, error=str(exc)))
        return 2


def kept_name(path: Path) -> str:
    """How ``tavli-voice resume NAME`` finds the match kept aside at ``path``: its name when it
    is in the data folder, else its path (``--save`` in another folder), written so that it can
    be pasted into a shell.

    >>> kept_name(Path("/elsewhere/match-20261201-151300.json"))
    '/elsewhere/match-20261201-151300.json'
    >>> kept_name(Path("match-1.json"))
    './match-1.json'
    """
    try:
        usual = path.parent.samefile(storage.data_dir())
    except OSError:
        usual = False
    if usual:
        return path.stem
    shown = os.path.join(".", path.name) if path.parent == Path(".") else str(path)
    return saved.shell_word(shown)  # "./match-1.json": a path, not a name in the data folder


def _answer_about_saved(args: argparse.Namespace, lang: str, save_path: Path,
                        resume_command: str, way: str, say: SayLine, inp: TextIO) -> int | None:
    """Ask about an unfinished saved match: resume it, keep it aside for a new one, or leave
    (the exit code); None to go on with the match."""
    answer = ask_about_saved(save_path, args, lang, inp, say)
    if answer == "quit":  # «Γεια σας» to two people at one keyboard
        say(M.text("goodbye" + (".both" if args.opponent == "friend" else ""), lang))
        return 0
    if answer == "unanswered":  # no match is played and the saved one is not touched
        say(M.text("saved.unanswered", lang, command=resume_command))
        return 1
    if answer == "resume":
        args.resume = True
    elif answer == "new":
        from .ui.guard import signals_held
        try:
            with signals_held():  # Ctrl-C waits until the save has its new name
                name = saved.keep_aside(save_path, lang=lang)
        except OSError as exc:  # the unfinished match stays as it is: no new match over it
            from .ui.guard import os_error_text
            log.warning("the unfinished match could not be kept aside: %s", exc)
            say(M.text("saved.not_kept", lang, path=str(save_path),
                       error=os_error_text(exc, lang), command=resume_command))
            return 1
        name = kept_name(save_path.with_name(f"{name}.json"))
        say(M.text("saved.kept", lang, name=name,
                   command=f"{saved.program()} resume {name}{way}"))
    return None


def _new_match(args: argparse.Namespace, lang: str, save_path: Path | None, resume_command: str,
               way: str, say: SayLine, inp: TextIO,
               checked: NewMatch | None = None) -> NewMatch | None | int:
    """The new match's options, checked once before anything (options that cannot start a
    match leave a saved one where it is; ``checked``: already checked), then the question
    about a saved unfinished match; None when a match is resumed, or the exit code after
    saying why none is played."""
    if args.resume:
        return None
    try:
        new_match = checked or new_match_options(args, lang)
    except ValueError as exc:
        say(M.text("error.options", lang, error=str(exc)))
        return 2
    if save_path is not None and save_path.exists():
        code = _answer_about_saved(args, lang, save_path, resume_command, way, say, inp)
        if code is not None:
            return code
    return None if args.resume else new_match  # "r": the saved match is resumed


def _play(args: argparse.Namespace, lang: str, save_path: Path | None,
          lock: storage.SaveLock | None, resume_command: str, way: str, say: SayLine, out: TextIO,
          inp: TextIO, *, notices: list[str] | None = None,
          new_match: NewMatch | None = None) -> int:
    """The match itself; ``notices`` were printed before the narrator was made (spoken here);
    ``new_match``: the new match's options, checked already."""
    from .ui.app import App
    from .ui.guard import Stopped
    from .ui.terminal import TerminalPlayer

    command = saved.program()
    checked = _new_match(args, lang, save_path, resume_command, way, say, inp, new_match)
    if isinstance(checked, int):
        return checked
    opened = open_session(args, lang, save_path, say, checked)
    if isinstance(opened, int):
        return opened
    session, resumed_events = opened
    notices = [*(notices or ()), *say_options_reset(session, lang, say)]
    weights_notice = say_unusable_weights(session, lang, say)

    if out is sys.stdout and (args.speech != "off" or args.voice):
        # the audio libraries print to fd 2 from their own threads: to the log, never the screen
        from .audio.device import divert_c_stderr, quiet_alsa
        quiet_alsa()
        divert_c_stderr()
    narrator, settings = make_narrator(args, lang, say)
    spoken = [*(notices or ()), *([weights_notice] if weights_notice is not None else [])]
    if narrator is not None and spoken:  # spoken before the match starts
        from .narration.priorities import Priority
        from .narration.utterance import Utterance
        for notice in spoken:
            narrator.say(Utterance.from_text(notice, lang=lang, priority=Priority.IMPORTANT))
    app = App(session, lang=lang, narrator=narrator, save_path=save_path,
              verbosity=settings.verbosity, screen_notation=shows_notation(args))
    app.mover_numbering = args.numbering == "mover"
    # "Review your mistakes?" when a person's match ends and someone is there to answer
    # (not for lines piped in: a script ends with the match as before)
    app.offer_review = bool(_interactive(inp) or args.voice or args.scan or args.window)
    app.program = command
    app.resume_command = resume_command
    app.resume_way = way
    app.lock = lock
    pump = narrator.start_pump_thread() if narrator is not None else None
    try:
        sources = input_sources(app, args, lang, say)
        # the terminal prints every event, also while the window is open (a
        # screen-reader user may follow both)
        player = TerminalPlayer(app, out, inp, sources=sources)
        if args.window:
            typed = player.typed_source()  # the terminal takes the window's commands too
            app.end_choices = True  # the match's end as buttons: Review, New match, Quit
            try:
                code = run_window(app, args, [*sources, typed], resumed_events, say)
            finally:
                typed.close()  # nothing typed is left over for the shell
            if code != 2:  # 2: no display; the game goes on in the terminal
                return code
        scan = args.scan or saved_scan_mode()
        if scan:
            from .ui.scan_input import run_scanning
            app.list_plays = False  # the scanner speaks each option; a list first would delay it
            app.end_choices = True  # the match's end scanned as Review, New match, Quit
            release_ctrl_c()  # the scanner's Ctrl-C from here: the match kept as left
            code = run_scanning(app, player, mode=scan, events=resumed_events)
        else:
            release_ctrl_c()  # the terminal's Ctrl-C from here: the match kept as left
            code = player.run(resumed_events)
    except Stopped as stop:  # SIGTERM, SIGHUP: the match kept as left, the lock released on the way out
        line = app.stopped()
        try:
            say(line)
        except (OSError, ValueError):  # the terminal is gone (a hang-up)
            pass
        return stop.signum + 128  # the shell's way to tell a program stopped by a signal
    finally:
        if pump is not None:
            pump.stop()
        if narrator is not None:
            narrator.close()
        if app.lock is not None and app.lock is not lock:
            app.lock.release()  # a save moved to another folder holds its own lock
    if app.finished and session.match.winner is not None:
        return 0
    return code
