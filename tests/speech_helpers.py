"""Shared helpers for the speech tests: espeak-ng clips and FSDD recordings.

espeak-ng speaks into WAV files in a temporary folder made at test time;
FSDD recordings (Free Spoken Digit Dataset, CC BY-SA 4.0) are read from
``shared/speech/fsdd-dev`` beside the repository.
"""

from __future__ import annotations

import hashlib
import subprocess
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from conftest import shared_dir
from tavli_voice.speech import audio

FSDD = shared_dir() / "speech" / "fsdd-dev"
_CLIPS = Path(tempfile.mkdtemp(prefix="tavli-speech-tests-"))

needs_espeak = pytest.mark.espeak
needs_fsdd = pytest.mark.skipif(not FSDD.is_dir(), reason=f"FSDD recordings not found at {FSDD}")


def espeak_file(text: str, voice: str = "en-us", speed: int = 160) -> Path:
    """A WAV file (22.05 kHz, as espeak-ng writes it) of ``text`` spoken by ``voice``."""
    name = hashlib.sha1(f"{voice}|{speed}|{text}".encode()).hexdigest()[:16]
    path = _CLIPS / f"{name}.wav"
    if not path.exists():
        subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed), "-w", str(path), text], check=True)
    return path


@lru_cache(maxsize=None)
def espeak(text: str, voice: str = "en-us", speed: int = 160) -> np.ndarray:
    """``text`` spoken by espeak-ng, as 16 kHz samples."""
    return audio.load(espeak_file(text, voice, speed))


def fsdd(digit: int, speaker: str, take: int) -> np.ndarray:
    """One FSDD recording (8 kHz on disk) as 16 kHz samples."""
    return audio.load(FSDD / f"{digit}_{speaker}_{take}.wav")


def in_silence(samples: np.ndarray, before: float = 0.5, after: float = 0.6, noise: float = 0.0005,
               seed: int = 0) -> np.ndarray:
    """``samples`` with quiet room noise around them, as a microphone would hear them."""
    rng = np.random.default_rng(seed)
    out = np.concatenate([np.zeros(int(before * audio.RATE)), samples, np.zeros(int(after * audio.RATE))])
    return (out + noise * rng.standard_normal(len(out))).astype(np.float32)


def game_in_the_play_phase(lang: str = "en") -> tuple[Any, Any, Any, Any, list[Any]]:
    """A one-point Portes match against Rita whose player has rolled: the app, its voice source, the stand-in
    listener the source tells its options, the queue of words heard, and every event the game said."""
    import queue

    from tavli_voice import commands as C
    from tavli_voice import events as E
    from tavli_voice.rules import MatchConfig
    from tavli_voice.session import Phase, Session
    from tavli_voice.ui.app import App
    from tavli_voice.ui.voice_input import VoiceSource

    class Listener:
        options: Any = None

        def set_options(self, options: Any) -> None:
            self.options = options

        def stop(self) -> None:
            pass

    app = App(Session(MatchConfig(1, "portes", "tavlucky", 4), (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita"))),
              lang=lang)
    seen: list[E.Event] = []
    app.subscribe(seen.extend)
    listener = Listener()
    out: "queue.Queue[object]" = queue.Queue()
    source = VoiceSource(app, listener, out)
    app.start()
    while app.bot_to_act():
        app.bot_step()
    if app.session.phase is Phase.ROLL:
        app.command(C.Roll())
    assert app.session.phase is Phase.PLAY
    return app, source, listener, out, seen
