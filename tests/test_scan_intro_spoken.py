"""The terminal's one-switch scanning says how the switch works aloud as well as on screen
when speech is on: the intro goes through the narrator, queued before the game's first
messages and the first option read, never replaced by a highlight (fake speaker, manual
clock, seeded dice, user folders in ``tmp_path``)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tavli_voice import words
from tavli_voice.narration.narrator import Narrator
from tavli_voice.narration.priorities import Priority
from tavli_voice.narration.speaker import RecordingSpeaker
from tavli_voice.scanning import ManualClock
from tavli_voice.session import new_session
from tavli_voice.ui.app import App
from tavli_voice.ui.scan_input import key_word, run_scanning


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name, sub in (("HOME", "h"), ("XDG_DATA_HOME", "xd"), ("XDG_CONFIG_HOME", "xc"),
                      ("XDG_CACHE_HOME", "xk"), ("XDG_STATE_HOME", "xs")):
        (tmp_path / sub).mkdir()
        monkeypatch.setenv(name, str(tmp_path / sub))
    monkeypatch.delenv("TAVLI_VOICE_HOME", raising=False)
    return tmp_path


class Keys:
    """No key pressed for ``reads`` reads (the clock runs on), then Ctrl-C."""

    def __init__(self, clock: ManualClock, reads: int) -> None:
        self.clock, self.reads = clock, reads

    def read(self, timeout: float) -> list[tuple[str, float]]:
        self.reads -= 1
        if self.reads < 0:
            raise KeyboardInterrupt
        self.clock.advance(timeout)
        return []


def scan_with_speech(lang: str, mode: str, home: Path, *, finish: bool = True
                     ) -> tuple[list[str], RecordingSpeaker]:
    speaker = RecordingSpeaker(auto_finish=finish)
    app = App(new_session("portes", 1, seed=3), lang=lang, narrator=Narrator(speaker),
              save_path=None)
    out = io.StringIO()
    clock = ManualClock()
    code = run_scanning(app, None, mode, keys=Keys(clock, 300), clock=clock, out=out,
                        settings_path=home / "settings.json")
    assert code == 130  # ended by Ctrl-C (the keys), as a shell expects
    return out.getvalue().splitlines(), speaker


@pytest.mark.parametrize("lang", ["en", "el"])
@pytest.mark.parametrize("mode", ["auto", "step"])
def test_the_intro_is_spoken_before_the_first_option(home: Path, lang: str, mode: str) -> None:
    printed, speaker = scan_with_speech(lang, mode, home)
    # the default keys: space picks in one-switch scanning; in step mode space moves on
    pick, nxt = ("space", "enter") if mode == "auto" else ("enter", "space")
    key = "scanui.intro_step" if mode == "step" else "scanui.intro_auto"
    intro = [words.text(key, lang, pick=key_word(pick, lang), next=key_word(nxt, lang)),
             words.text("scanui.leave_unsaved", lang, menu=words.text("scan.menu", lang),
                        quit=words.text("scan.quit", lang))]
    assert printed[:2] == intro
    said = speaker.spoken()
    told = [u for u in said if u.tag == "scan_intro"]
    # the printed intro, word for word and once, in the user's language, as messages
    assert [u.text for u in told] == intro
    assert all(u.priority is Priority.MESSAGE and u.lang == lang for u in told)
    # before anything else is said: the game's first messages and the first option read
    assert said[:2] == told
    assert any(u.tag == "scan" for u in said[2:])


def test_no_highlight_is_said_over_the_intro(home: Path) -> None:
    """While the intro is still being said (the fake speaker never finishes), automatic
    scanning waits for the narrator: no option is read and nothing cuts the intro."""
    _printed, speaker = scan_with_speech("en", "auto", home, finish=False)
    said = speaker.spoken()
    assert [u.tag for u in said] == ["scan_intro"]
    assert not any(u.tag == "scan" for u in said)


def test_speech_off_prints_the_intro_and_says_nothing(home: Path) -> None:
    app = App(new_session("portes", 1, seed=3), lang="el", narrator=None, save_path=None)
    out = io.StringIO()
    clock = ManualClock()
    assert run_scanning(app, None, "auto", keys=Keys(clock, 50), clock=clock, out=out,
                        settings_path=home / "settings.json") == 130
    first = out.getvalue().splitlines()[0]
    assert first.startswith("Σάρωση με διακόπτη")
