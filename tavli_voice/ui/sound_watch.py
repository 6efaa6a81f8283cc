"""Telling the player, in words, when the sound system goes away and comes back.

The speech sink and the microphone report to
:data:`tavli_voice.audio.device.STATUS` from their own threads;
:class:`SoundWatch` is an input *source* that the front end polls from its
main loop, so the sentence is printed and (once sound is back) spoken like
any other notice. It never returns a command: the game goes on by keyboard.
"""

from __future__ import annotations

from .. import commands as C
from ..audio.device import STATUS, SoundStatus
from .. import words as M
from .app import App


class SoundWatch:
    """A source that turns sound-system changes into notices (never a command)."""

    def __init__(self, app: App, status: SoundStatus = STATUS) -> None:
        self.app = app
        self.status = status

    def poll(self) -> C.Command | None:
        for alive in self.status.changes():
            self.app.notice(M.text("sound.back" if alive else "sound.lost", self.app.lang))
        return None

    def close(self) -> None:
        pass
