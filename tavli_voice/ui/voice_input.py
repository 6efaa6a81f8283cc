"""Voice commands as an input *source* for the terminal and the window (issue 6).

The :class:`~tavli_voice.speech.listener.Listener` runs on its own thread and
posts what it heard to a queue; :meth:`VoiceSource.poll`, called by the
front end's main loop, drains it. After every batch of events the source
tells the listener what may be said now (the numbers of the plays on offer,
"from"/"to" points of the step-by-step choice, the commands available), which
keeps a small offline recognizer accurate. Anything not understood is
answered with what can be said instead; a missing microphone or engine is
said once and the game goes on with the keyboard.
"""

from __future__ import annotations

import logging
import queue
from typing import Any, Literal, cast

from .. import commands as C
from .. import events as E
from ..session import Phase
from .app import App

log = logging.getLogger(__name__)


#: "point N"/"quarter N" would add 28 phrases to every turn's grammar; "leave" (lose the
#: whole match) is too grave for a misheard word: keys and the scanning menu only.
NOT_BY_VOICE = frozenset({"point", "quarter", "leave"})


class VoiceSource:
    """Listener output → commands, with the options kept up to date.

    A command that must be confirmed (resign, drop and quit always; an unsure
    one when ``confirm`` is "unsure"; every one when "always") is held back:
    the player hears "Did you say …? Say yes or no", the grammar shrinks to
    yes and no, and only "yes" lets the command through.
    """

    def __init__(self, app: App, listener: Any, out: "queue.Queue[Any]",
                 confirm: str = "unsure") -> None:
        self.app = app
        self.listener = listener
        self.out = out
        self.confirm = confirm
        self.closed = False
        self.held: C.Command | None = None
        app.subscribe(self._on_events)
        self.refresh()

    def options(self) -> Any:
        """What may be said now, from the session's state."""
        from ..speech.grammar import options_from

        s = self.app.session
        from_points: tuple[int, ...] = ()
        to_points: tuple[int, ...] = ()
        if s.phase is Phase.PLAY and s.chooser is not None:
            from_points = s.chooser.sources()
            if s.source is not None:
                to_points = tuple(st.to_point for st in s.chooser.destinations(s.source))
            else:
                to_points = tuple({st.to_point for st in s.chooser.options()})
        names = [n for n in s.available() if n not in NOT_BY_VOICE]
        return options_from(names, len(s.plays), from_points, to_points)

    def refresh(self) -> None:
        """Tell the listener what the session accepts now."""
        from ..speech.grammar import Options

        try:
            if self.held is not None:
                self.listener.set_options(Options(commands=frozenset({"yes", "no"})))
                return
            self.listener.set_options(self.options())
        except ValueError:  # a command without voice words: leave it to the keyboard
            log.exception("voice options")

    def _on_events(self, events: list[E.Event]) -> None:
        if any(not isinstance(e, E.Notice) for e in events):
            self.refresh()

    def poll(self) -> C.Command | None:
        """The next command heard, if any (never blocks)."""
        from ..speech.heard import Heard
        from ..speech.listener import VoiceProblem, explain, should_confirm
        from ..words import text

        while not self.closed:
            try:
                item = self.out.get_nowait()
            except queue.Empty:
                return None
            if isinstance(item, VoiceProblem):
                self.app.notice(text("voice." + item.key, self._lang(), detail=item.detail))
                self.close()
                return None
            if isinstance(item, Heard):
                if item.command is None:
                    self.app.notice(explain(item, self.listener.options, self._lang()))
                    continue
                if self.held is not None:
                    return self._answer(item.command)
                if should_confirm(item, self.confirm):  # type: ignore[arg-type]
                    self.held = item.command
                    self.refresh()
                    self.app.notice(text("voice.did_you_say", self._lang(), text=item.text))
                    continue
                return item.command
        return None

    def _answer(self, command: C.Command) -> C.Command | None:
        """Yes lets the held command through; anything else drops it."""
        held, self.held = self.held, None
        self.refresh()
        if isinstance(command, (C.Yes, C.Confirm)):
            if isinstance(held, C.Resign):
                # the session asks again for a resign: the spoken yes answers both
                self.app.command(held)
                return C.Yes()
            return held
        from ..words import text
        self.app.notice(text("voice.cancelled", self._lang()))
        return None

    def push_to_talk(self, pressed: bool) -> None:
        """Push-to-talk: the audio while the key is held is one utterance."""
        if not self.closed:
            self.listener.push_to_talk(pressed)

    def _lang(self) -> Literal["en", "el"]:
        return cast(Literal["en", "el"], self.app.lang)

    def close(self) -> None:
        """Stop listening."""
        if not self.closed:
            self.closed = True
            try:
                self.listener.stop()
            except Exception:  # closing must never fail the game
                log.exception("stopping the listener")


def voice_source(app: App, lang_name: str, engine: str | None = None, *,
                 confirm: str = "unsure", barge_in: str = "ignore"
                 ) -> tuple[VoiceSource | None, str | None]:
    """A started voice source, or ``None`` and one sentence saying why not."""
    lang = cast(Literal["en", "el"], lang_name)
    try:
        from ..speech.listener import Listener
        from ..speech.recognizer import choose_engine
        from ..words import text
    except ImportError as exc:
        return None, f"{exc}"
    try:
        recognizer = choose_engine(engine, lang)
    except Exception as exc:  # EngineUnavailable and friends carry a message key
        key = getattr(exc, "key", "engine_unavailable")
        kw = getattr(exc, "values", {}) or {}
        try:
            return None, text("voice." + key, lang, **kw)
        except Exception:
            return None, str(exc)
    out: "queue.Queue[Any]" = queue.Queue()
    speaking = app.narrator.is_speaking if app.narrator is not None else (lambda: False)
    listener = Listener(recognizer, lang, out, speaking,
                        barge_in=barge_in)  # type: ignore[arg-type]
    source = VoiceSource(app, listener, out, confirm=confirm)
    try:
        listener.start()
    except Exception as exc:  # AudioUnavailable: no microphone or PortAudio
        key = getattr(exc, "key", "no_microphone")
        source.closed = True
        try:
            return None, text("voice." + key, lang)
        except Exception:
            return None, str(exc)
    return source, None
