"""``tavli-voice play``: the line-oriented terminal player, screen-reader first.

One event per line, no box drawing, no cursor tricks, no colour. Typed lines
become commands through :mod:`.keys`; everything the session says comes back
as events and is printed with :func:`~tavli_voice.narration.phrases.screen_text`
(and spoken by the narrator when speech is on). Optional inputs plug in as
*sources* polled by the same loop: voice commands and switch scanning.
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import os
import select
import sys
import time
from pathlib import Path
from typing import Callable, Protocol, TextIO

from .. import commands as C
from .. import events as E
from .. import storage
from ..bots.registry import BOT_NAMES, is_bot_name, levels_help, unknown_bot_message
from ..narration import messages as M
from ..narration.priorities import Verbosity
from ..rules import MatchConfig, TimerRules
from ..session import Phase, Session, SessionOptions
from .app import App
from .keys import UnknownInput, parse_line

BOTS = BOT_NAMES

log = logging.getLogger(__name__)


class Source(Protocol):
    """An extra input (voice, switch): returns a command when it has one."""

    def poll(self) -> C.Command | None: ...

    def close(self) -> None: ...


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    """The options of ``tavli-voice play``, their help in ``lang``."""
    def h(key: str) -> str:
        return M.text(f"cli.{key}", lang)

    ap = argparse.ArgumentParser(prog="tavli-voice play", description=h("description"))
    ap.add_argument("--game", default="tavli", choices=["tavli", "portes", "plakoto", "fevga"],
                    help=h("game"))
    ap.add_argument("--points", type=int, default=None, help=h("points"))
    ap.add_argument("--preset", default=None, choices=["tavlucky", "traditional", "vog"],
                    help=h("preset"))
    ap.add_argument("--opponent", default="rita", choices=list(BOTS) + ["friend"],
                    help=f"{h('opponent')}: {levels_help(lang)}")
    ap.add_argument("--players", default=None, help=h("players"))
    ap.add_argument("--seed", default=None, help=h("seed"))
    ap.add_argument("--lang", choices=["en", "el"], default=None, help=h("lang"))
    ap.add_argument("--timer", action="store_true", help=h("timer"))
    ap.add_argument("--speech", choices=["on", "off"], default=None, help=h("speech"))
    ap.add_argument("--verbosity", choices=["terse", "normal", "chatty"], default=None,
                    help=h("verbosity"))
    ap.add_argument("--rate", type=int, default=None, help=h("rate"))
    ap.add_argument("--volume", type=float, default=None, help=h("volume"))
    ap.add_argument("--words", action="store_true", help=h("words"))
    ap.add_argument("--scan", choices=["auto", "step"], default=None, help=h("scan"))
    ap.add_argument("--voice", action="store_true", help=h("voice"))
    ap.add_argument("--voice-engine", default=None, help=h("voice_engine"))
    ap.add_argument("--voice-confirm", choices=["never", "unsure", "always"], default="unsure",
                    help=h("voice_confirm"))
    ap.add_argument("--barge-in", choices=["ignore", "interrupt"], default="ignore",
                    help=h("barge_in"))
    ap.add_argument("--window", action="store_true", help=h("window"))
    ap.add_argument("--theme", choices=["high_contrast", "classic"], default="high_contrast",
                    help=h("theme"))
    ap.add_argument("--scale", type=float, default=1.0, help=h("scale"))
    ap.add_argument("--dwell", type=float, default=None, help=h("dwell"))
    ap.add_argument("--fullscreen", action="store_true", help=h("fullscreen"))
    ap.add_argument("--resume", action="store_true", help=h("resume"))
    ap.add_argument("--suggest", action="store_true", help=h("suggest"))
    ap.add_argument("--coach", action="store_true", help=h("coach"))
    ap.add_argument("--no-confirm", action="store_true", help=h("no_confirm"))
    ap.add_argument("--save", default=None, help=h("save"))
    ap.add_argument("--no-save", action="store_true", help=h("no_save"))
    return ap


def _players(args: argparse.Namespace, lang: str) -> tuple[E.PlayerInfo, E.PlayerInfo]:
    def seat(name: str) -> E.PlayerInfo:
        from ..bots import bot_name
        bot = bot_name(name)
        return E.PlayerInfo(M.player_words(bot, bot, 0, lang).name, bot)

    if args.players:
        parts = args.players.split(",")
        if len(parts) != 2:
            raise ValueError("--players takes two names, like rita,strong")
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


class TerminalPlayer:
    """The read–apply–print loop over one :class:`App`."""

    def __init__(self, app: App, out: TextIO, inp: TextIO, *,
                 sources: list[Source] | None = None, show_prompts: bool = True) -> None:
        self.app = app
        self.out = out
        self.inp = inp
        self.sources = sources or []
        self.show_prompts = show_prompts
        app.subscribe(self.print_events)

    # ---------------------------------------------------------- output
    def say(self, line: str) -> None:
        """Print one line and flush (screen readers read whole lines)."""
        self.out.write(line + "\n")
        self.out.flush()

    def print_events(self, events: list[E.Event]) -> None:
        from ..narration.phrases import screen_text

        ctx = self.app.context()
        for ev in events:
            text = screen_text(ev, ctx)  # type: ignore[arg-type]
            for line in text.splitlines():
                if line.strip():
                    self.say(line)

    def prompt(self) -> None:
        """What the person may do now, in one line."""
        s = self.app.session
        lang = self.app.lang
        if s.phase is Phase.ROLL:
            key = "prompt.roll_double" if "double" in s.available() else "prompt.roll"
            self.say(M.text(key, lang))
        elif s.phase is Phase.PLAY:
            if s.source is not None:
                self.say(M.text("prompt.to", lang))
            elif s.chooser is not None and s.chooser.chosen:
                self.say(M.text("prompt.from", lang))
            elif len(s.plays) == 1:
                self.say(M.text("prompt.choose_one", lang))
            else:
                self.say(M.text("prompt.choose", lang, n=len(s.plays)))
        elif s.phase is Phase.CONFIRM:
            self.say(M.text("prompt.confirm", lang))
        elif s.phase is Phase.ANSWER:
            self.say(M.text("prompt.take", lang))
        elif s.phase is Phase.ASK:
            self.say(M.text("prompt.yes_no", lang))

    # ------------------------------------------------------------ input
    def _next_command(self) -> C.Command | None:
        """Block until a command arrives from the keyboard or another source; None = EOF."""
        while True:
            for src in self.sources:
                cmd = src.poll()
                if cmd is not None:
                    return cmd
            self.app.tick(time.monotonic())
            if self.app.finished or self.app.quit:
                return C.Quit()
            line = self._readline(0.05 if self.sources or self.app.session.config.timer.enabled
                                  else None)
            if line is None:
                continue
            if line == "":
                return None
            try:
                cmd = parse_line(line)
            except UnknownInput as exc:
                key = "input.needs_number" if exc.kind == "needs_number" else "input.unknown"
                self.say(M.text(key, self.app.lang, text=exc.text))
                continue
            if cmd is None:  # Enter alone confirms a pending play, else repeats the prompt
                if self.app.session.phase is Phase.CONFIRM:
                    return C.Confirm()
                self.prompt()
                continue
            return cmd

    def _readline(self, timeout: float | None) -> str | None:
        """A line, "" at end of input, None when ``timeout`` passed first."""
        if timeout is not None:
            try:
                ready, _, _ = select.select([self.inp], [], [], timeout)
            except (ValueError, OSError, TypeError):  # not a real file (tests): just read
                ready = [self.inp]
            if not ready:
                return None
        line = self.inp.readline()
        if line == "":
            return ""
        return line.rstrip("\n") or " "

    # ------------------------------------------------------------- loop
    def run(self, events: list[E.Event] | None = None) -> int:
        """Play until the match ends or the person quits; 0 on a normal end."""
        app = self.app
        app.start(events)
        try:
            while not app.finished and not app.quit:
                while app.bot_to_act():
                    app.bot_step()
                    app.pump()
                if app.finished or app.quit:
                    break
                if self.show_prompts:
                    self.prompt()
                cmd = self._next_command()
                if cmd is None:  # end of input: leave, the match stays saved
                    app.command(C.Quit())
                    break
                try:
                    app.command(cmd)
                except BrokenPipeError:
                    raise  # nobody is reading any more: the CLI ends quietly
                except Exception:  # the edge: log it, say it, keep the game going
                    log.exception("command %r failed", cmd)
                    self.say(M.text("error.internal", app.lang))
        except KeyboardInterrupt:
            self.say(M.text("goodbye.saved", app.lang))
        finally:
            for src in self.sources:
                src.close()
        return 0


def _speech(args: argparse.Namespace, lang: str, say: Callable[[str], None]):  # type: ignore[no-untyped-def]
    """A narrator, or None when speech is off or cannot work (said once, in words)."""
    from ..narration.backend import fallback_message, make_speaker
    from ..narration.narrator import Narrator
    from ..narration.settings import default_settings_path, load_speech_settings

    settings, _status = load_speech_settings(default_settings_path())
    changes: dict[str, object] = {"lang": lang}
    if args.speech is not None:
        changes["enabled"] = args.speech == "on"
    if args.verbosity:
        changes["verbosity"] = Verbosity(args.verbosity)
    if args.rate:
        changes["rate"] = args.rate
    if args.volume is not None:
        changes["volume"] = args.volume
    settings = dataclasses.replace(settings, **changes)  # type: ignore[arg-type]
    if not settings.enabled:
        return None, settings
    speaker, problem = make_speaker(settings, lang)
    if problem:
        say(fallback_message(problem, lang))
        return None, settings
    narrator = Narrator(speaker, settings=settings)
    return narrator, settings


def _run_window(app: App, args: argparse.Namespace, sources: list[Source],
                resumed_events: list[E.Event] | None, say: Callable[[str], None]) -> int:
    """The board window on the same app; 2 when there is no display."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner for screen readers
    try:
        from ..scanning import load_scan_settings, save_scan_settings
        from ..narration.settings import default_settings_path
        from .board.window import run_window
    except ImportError as exc:
        say(M.text("window.unavailable", app.lang, error=str(exc)))
        return 2
    path = default_settings_path()
    settings = load_scan_settings(path).settings

    def keep(changed: object) -> None:  # "slower"/"faster" picked while scanning
        save_scan_settings(path, changed)  # type: ignore[arg-type]

    return run_window(app, scan=args.scan, scan_settings=settings, sources=sources,
                      resumed_events=resumed_events, theme=args.theme, scale=args.scale,
                      dwell=args.dwell, fullscreen=args.fullscreen, on_scan_settings=keep)


def _log_to_file() -> None:
    """Problems go to a log file in the data folder, never onto the player's screen."""
    root = logging.getLogger()
    if root.handlers:  # already configured (tests, an embedding program)
        return
    try:
        folder = storage.data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.FileHandler(folder / "tavli-voice.log", encoding="utf-8")
    except OSError:
        handler = logging.NullHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(logging.WARNING)


def main(argv: list[str], out: TextIO | None = None, inp: TextIO | None = None) -> int:
    """Entry point of ``tavli-voice play`` (and of ``tavli-voice`` alone)."""
    out = sys.stdout if out is None else out
    inp = sys.stdin if inp is None else inp
    wanted = argv[argv.index("--lang") + 1] if "--lang" in argv[:-1] else None
    lang = wanted if wanted in ("en", "el") else M.default_lang()
    args = build_parser(lang).parse_args(argv)
    lang = args.lang or lang
    _log_to_file()

    def say(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    save_path = None if args.no_save else (Path(args.save) if args.save else storage.save_path())
    resumed_events: list[E.Event] | None = None
    try:
        if args.resume:
            loaded = storage.load(save_path)
            if loaded.data is None:
                key = "resume.corrupt" if loaded.problem == "save_corrupt" else "resume.none"
                say(M.text(key, lang, path=str(loaded.kept_as or save_path)))
                return 1
            try:
                session, resumed_events = Session.restore(loaded.data)
            except ValueError:
                kept = storage.set_aside(save_path) if save_path and save_path.exists() else None
                say(M.text("resume.corrupt", lang, path=str(kept or save_path)))
                return 1
        else:
            players = _players(args, lang)
            preset = args.preset or "tavlucky"
            length = args.points if args.points is not None else 5
            seed: int | str = args.seed if args.seed is not None else \
                int.from_bytes(os.urandom(4), "big")
            config = MatchConfig(length, args.game, preset, seed,
                                 TimerRules(enabled=args.timer))
            options = SessionOptions(confirm_plays=not args.no_confirm, suggestions=args.suggest,
                                     coach=args.coach)
            session = Session(config, players, options)
    except ValueError as exc:
        say(M.text("error.options", lang, error=str(exc)))
        return 2

    narrator, settings = _speech(args, lang, say)
    app = App(session, lang=lang, narrator=narrator, save_path=save_path,
              verbosity=settings.verbosity, screen_notation=not args.words)
    pump = narrator.start_pump_thread() if narrator is not None else None
    sources: list[Source] = []
    if args.voice:
        from .voice_input import voice_source
        src, problem = voice_source(app, lang, engine=args.voice_engine,
                                    confirm=args.voice_confirm, barge_in=args.barge_in)
        if problem:
            say(problem)
        if src is not None:
            sources.append(src)
    if args.window:
        code = _run_window(app, args, sources, resumed_events, say)
        if code != 2:  # 2: no display; the game goes on in the terminal
            if pump is not None:
                pump.stop()
            if narrator is not None:
                narrator.close()
            return code
    player = TerminalPlayer(app, out, inp, sources=sources)
    if args.scan:
        from .scan_input import run_scanning
        app.list_plays = False  # the scanner speaks each option; a list first would delay it
        code = run_scanning(app, player, mode=args.scan, events=resumed_events)
    else:
        code = player.run(resumed_events)
    if pump is not None:
        pump.stop()
    if narrator is not None:
        narrator.close()
    if app.finished and session.match.winner is not None:
        return 0
    return code
