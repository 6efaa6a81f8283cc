"""The real program against a real sound server (PulseAudio null sinks; no mocks).

The game runs as a child process whose PortAudio reaches PulseAudio through
ALSA's pulse plugin (``tests/sound_rig.py``). What it says is recorded from
the speaker sink; spoken commands are espeak-ng clips played into the
microphone sink. Skipped with the reason where PulseAudio is not installed;
under ``CI=true`` a missing rig is a failure.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from sound_rig import (
    RECORD_RATE,
    Game,
    Recording,
    Rig,
    alsa_pulse_plugin,
    library_lines,
    missing_tools,
    sound_spans,
    wait_quiet,
)
from speech_helpers import espeak_file

ON_CI = os.environ.get("CI") == "true"
PLAY = ["play", "--game", "portes", "--seed", "3", "--no-save"]


def _unavailable() -> str | None:
    missing = missing_tools()
    if missing:
        return f"PulseAudio tools not installed: {', '.join(missing)}"
    if not alsa_pulse_plugin():
        return "ALSA's pulse plugin (libasound2-plugins) is not installed"
    if not Path("/usr/bin/espeak-ng").exists() and not any(
            (Path(p) / "espeak-ng").exists() for p in os.environ.get("PATH", "").split(os.pathsep)):
        return "espeak-ng is not installed"
    return None


def _start(rig: Rig) -> Rig:
    problem = _unavailable()
    if problem is None:
        try:
            rig.start()
        except RuntimeError as exc:
            problem = str(exc)
    if problem is not None:
        if ON_CI:
            pytest.fail(f"the sound rig is needed under CI: {problem}")
        pytest.skip(problem)
    return rig


@pytest.fixture(scope="module")
def rig() -> Iterator[Rig]:
    """The shared rig (started if it is not up; left running for the other tests)."""
    yield _start(Rig())


@pytest.fixture()
def own_rig(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Rig]:
    """A rig of the test's own, which the test may kill and restart."""
    rig = _start(Rig(tmp_path_factory.mktemp("rig")))
    yield rig
    rig.stop()


def game(rig: Rig, tmp_path: Path, lang: str, *extra: str) -> Game:
    return Game(rig, PLAY[1:] + ["--lang", lang, *extra], tmp_path / "home")


def no_noise(g: Game) -> None:
    """Nothing from an audio library on the screen (stdout) nor on stderr."""
    assert library_lines(g.text()) == []
    assert library_lines("\n".join(g.err)) == [], g.err


def transcribe_en(samples: np.ndarray) -> str:
    """Free English transcription with pocketsphinx (the project's offline engine) and its own model."""
    import pocketsphinx

    decoder = pocketsphinx.Decoder(loglevel="FATAL")
    decoder.start_utt()
    decoder.process_raw((np.clip(samples, -1, 1) * 32767).astype("<i2").tobytes(), False, True)
    decoder.end_utt()
    hyp = decoder.hyp()
    return hyp.hypstr if hyp is not None else ""


def speaker_log(home: Path) -> list[str]:
    """The speaker's lines in the game's log (``TAVLI_LOG_LEVEL=DEBUG``): each utterance's start and end."""
    path = home / "data" / "tavli_voice" / "tavli-voice.log"
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return []
    return [line for line in text.splitlines() if "speak #" in line]


def told_since(g: Game, home: Path, after: int) -> str:
    """For a wait that timed out: the speaker's log since line ``after`` and the lines just before
    it, then the game's last printed lines."""
    log = speaker_log(home)
    return ("\n".join(log[after:]) + "\nbefore it:\n" + "\n".join(log[max(0, after - 8):after])
            + "\nits last printed lines:\n" + "\n".join(line for _, line in g.lines[-15:]))


def wait_spoken_to_the_end(g: Game, home: Path, after: int, timeout: float = 30.0) -> list[str]:
    """Wait until the game has started speaking since log line ``after`` and its last utterance played to
    the end (the speaker's own word, not a stretch of silence: under load a sentence can pause mid-way);
    the speaker's log lines since ``after``.

    ``timeout`` is for a quiet machine and stretches with the load, as the rig's other waits do.
    """
    begun = time.monotonic()
    while time.monotonic() < begun + timeout * g.stretch():
        lines = speaker_log(home)[after:]
        started = [m.group(1) for m in (re.search(r"speak #(\d+) \(", line) for line in lines) if m]
        if started and any(f"speak #{started[-1]}: played to the end" in line for line in lines):
            return lines
        if g.proc.poll() is not None:
            break
        time.sleep(0.05)
    raise TimeoutError(f"the speaker did not finish in {time.monotonic() - begun:.1f} s; its log since the "
                       f"key:\n" + told_since(g, home, after))


def wait_speaking(g: Game, home: Path, after: int, timeout: float = 30.0) -> str:
    """Wait until an utterance begun since the speaker's log line ``after`` has handed its first sound
    to the sink (the speaker's own word); that utterance's number.

    ``timeout`` is for a quiet machine and stretches with the load, as the rig's other waits do.
    """
    begun = time.monotonic()
    while time.monotonic() < begun + timeout * g.stretch():
        lines = speaker_log(home)[after:]
        begun_here = {m.group(1) for m in (re.search(r"speak #(\d+) \(", line) for line in lines) if m}
        sounding = [m.group(1) for m in (re.search(r"speak #(\d+): first audio", line) for line in lines)
                    if m and m.group(1) in begun_here]
        if sounding:
            return sounding[-1]
        if g.proc.poll() is not None:
            break
        time.sleep(0.05)
    raise TimeoutError(f"the speaker did not begin in {time.monotonic() - begun:.1f} s; its log since the "
                       f"key:\n" + told_since(g, home, after))


def heard(samples: np.ndarray) -> float:
    """Seconds of sound in ``samples`` (the spans louder than the rig's threshold)."""
    return sum(b - a for a, b in sound_spans(samples))


def wait_heard(g: Game, rec: Recording, seconds: float, since: int = 0, timeout: float = 20.0) -> float:
    """Wait until the recording holds ``seconds`` of sound after sample ``since``; the seconds heard.

    A measure of sound, not of time: under load the speech can pause mid-way and the recording lags,
    and a fixed sleep then holds less of it. ``timeout`` is for a quiet machine and stretches with
    the load; on it, what was heard is returned (the caller's assertion says what was missing).
    """
    begun = time.monotonic()
    so_far = 0.0
    while time.monotonic() < begun + timeout * g.stretch():
        so_far = heard(rec.so_far()[since:])
        if so_far >= seconds or g.proc.poll() is not None:
            break
        time.sleep(0.05)
    return so_far


def test_narrated_speech_reaches_the_speaker_and_says_the_answer(rig: Rig, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAVLI_LOG_LEVEL", "DEBUG")  # the speaker logs when each utterance starts and ends
    home = tmp_path / "home"
    with rig.record() as rec:
        g = game(rig, tmp_path, "en")
        try:
            g.wait_for("Choose a play")
            g.send(".")  # stop the opening narration
            wait_quiet(rec, 0.5)
            start = len(rec.so_far())
            before = len(speaker_log(home))
            g.send("i")  # "Pips: you 167, Rita 167. The race is level."
            g.wait_for("Pips")
            log = wait_spoken_to_the_end(g, home, before)
            # the recording lags the speaker: what it played has arrived once it has been quiet a while
            wait_quiet(rec, 0.8, sound_after=start)
            answer = rec.so_far()[start:]
        finally:
            g.close()
    spans = sound_spans(answer)
    assert spans, f"nothing was heard on the speaker; its log: {log}"
    spoken = spans[-1][1] - spans[0][0]
    assert 2.5 < spoken < 12.0, (spans, log)  # one sentence and a short one, at 175 words a minute
    assert float(np.sqrt(np.mean(answer[int(spans[0][0] * RECORD_RATE):] ** 2))) > 0.01
    words = transcribe_en(answer).split()
    assert "hundred" in words and "sixty" in words, (words, spans, log)
    no_noise(g)


@pytest.mark.parametrize("lang,number,undo", [("en", "three", "undo"), ("el", "τρία", "αναίρεση")])
def test_spoken_number_and_command_reach_the_game(rig: Rig, tmp_path: Path, lang: str, number: str,
                                                  undo: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAVLI_LOG_LEVEL", "DEBUG")  # the speaker logs when each utterance starts
    voice = "en-us" if lang == "en" else "el"
    with rig.record() as rec:
        # pocketsphinx: the sound path is under test here, not the slower English default engine
        g = game(rig, tmp_path, lang, "--voice", "--voice-confirm", "never", "--voice-engine", "pocketsphinx")
        try:
            g.wait_for("(8/2 6/5)")
            # the list is being read (not about to be, under load: it would then be read over the number)
            wait_speaking(g, tmp_path / "home", 0)
            g.send(".")
            wait_quiet(rec, 0.6)
            said = time.monotonic()
            rig.play_into_mic(espeak_file(number, voice))
            g.wait_for("24/23 8/2", after=said, timeout=30)  # play 3 of the list
            g.send(".")
            wait_quiet(rec, 1.0)
            said = time.monotonic()
            rig.play_into_mic(espeak_file(undo, voice))
            g.wait_for("(8/2 6/5)", after=said, timeout=30)  # the plays are offered again
        finally:
            g.close()
    no_noise(g)


@pytest.mark.parametrize("lang,lost,back", [
    ("en", "The sound stopped", "The sound is back"),
    ("el", "Ο ήχος σταμάτησε", "Ο ήχος επέστρεψε"),
])
def test_a_killed_sound_server_is_said_and_play_goes_on(own_rig: Rig, tmp_path: Path, lang: str,
                                                        lost: str, back: str) -> None:
    g = game(own_rig, tmp_path, lang)
    try:
        g.wait_for("(8/2 6/5)")
        killed = time.monotonic()
        own_rig.stop()
        g.wait_for(lost, after=killed, timeout=10)
        sent = g.send("3")
        g.wait_for("24/23 8/2", after=sent, timeout=10)  # the keyboard still plays
        own_rig.start()
        g.wait_for(back, after=sent, timeout=15)
        with own_rig.record() as rec:
            g.send("i")
            spoken = wait_heard(g, rec, 0.5)
        assert spoken >= 0.5, f"no speech after the sound server came back ({spoken:.2f} s heard)"
    finally:
        g.close()
    no_noise(g)


#: Lines the game prints when it acts on something it heard (or thinks it heard).
ACTED = ("Chosen", "Cancelled", "Undone", "Did you say", "Not understood", "not possible", "Nothing to list",
         "You rolled")


#: Each reading of the help or the board is heard for this long before the next key (4 keys: about 22 s).
READ_S = 5.5


def test_its_own_voice_through_the_loudspeaker_is_not_taken_for_the_player(own_rig: Rig, tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Laptop speakers, no headset: the speaker is routed into the microphone, barge-in is on.

    Every wait is on the game's own words (its printed lines, the speaker's log) or on sound in the
    recording, never a fixed sleep: under load a fixed sleep held less of the narration and a number
    could be said before the help was being read.
    """
    monkeypatch.setenv("TAVLI_LOG_LEVEL", "DEBUG")  # the speaker logs when each utterance starts and ends
    home = tmp_path / "home"
    own_rig.loopback()
    with own_rig.record() as rec:
        g = game(own_rig, tmp_path, "en", "--voice", "--barge-in", "interrupt", "--voice-confirm", "never")
        try:
            listed = g.wait_for("(8/2 6/5)", timeout=60)
            g.wait_for("for help", after=listed, timeout=60)  # the whole list printed, then the prompt
            # and read to the end: a key typed during the reading waits for it
            settled = time.monotonic() + 90 * g.stretch()
            while time.monotonic() < settled:
                told = len(wait_spoken_to_the_end(g, home, 0, timeout=90))
                time.sleep(1.5 * g.stretch())  # nothing more begun since: the game is quiet
                if len(speaker_log(home)) == told:
                    break
            start = len(rec.so_far())
            before = len(g.lines)
            for key in ("h", "a", "h", "a"):  # the help and the whole board, read aloud
                logged = len(speaker_log(home))
                g.send(key)
                number = wait_speaking(g, home, logged)
                at = len(rec.so_far())
                begun = time.monotonic()
                # READ_S of it heard, or the reading over (it played to the end, or was stopped)
                while time.monotonic() < begun + 3 * READ_S * g.stretch():
                    if heard(rec.so_far()[at:]) >= READ_S or g.proc.poll() is not None:
                        break
                    if any(f"speak #{number}: played to the end" in line for line in speaker_log(home)[logged:]):
                        break
                    if any(f"speak #{int(number) + 1} (" in line for line in speaker_log(home)[logged:]):
                        break  # something else was said instead
                    time.sleep(0.05)
            spoken = heard(rec.so_far()[start:])
            acted = [line for _, line in g.lines[before:] if any(word in line for word in ACTED)]
            # the player says a number while the help is being read: the play is chosen; a player
            # not understood over the narration says it again (the benchmark counts how often)
            logged = len(speaker_log(home))
            g.send("h")
            wait_speaking(g, home, logged)
            wait_heard(g, rec, 1.0, since=len(rec.so_far()))  # well into the help
            said = time.monotonic()
            own_rig.play_into_mic(espeak_file("five", "en-us"))
            try:
                g.wait_for("24/18 6/5", after=said, timeout=10)
            except TimeoutError:
                g.send(".")
                wait_quiet(rec, 0.5)
                said = time.monotonic()
                own_rig.play_into_mic(espeak_file("five", "en-us"))
                try:
                    g.wait_for("24/18 6/5", after=said, timeout=15)
                except TimeoutError:
                    # a number said again while "did you say five?" is open is asked back, never
                    # played at once: the player answers the question
                    g.wait_for("Did you say five?", after=said, timeout=1)
                    said = time.monotonic()
                    own_rig.play_into_mic(espeak_file("yes", "en-us"))
                    g.wait_for("24/18 6/5", after=said, timeout=15)
        finally:
            g.close()
    assert spoken > 15.0, spoken  # it really talked most of the time
    assert acted == [], acted
    no_noise(g)


SINK_SCRIPT = """
import sys, time
import numpy as np
from tavli_voice.audio.sinks import SoundDeviceSink
sink = SoundDeviceSink(latency=0.5)
sink.open()
tone = (0.3 * np.sin(2 * np.pi * 300 * np.arange(22050 * 4) / 22050)).astype(np.float32)
sink.play(tone, 22050)
time.sleep(2.0)
print(time.monotonic(), flush=True)
sink.flush()
time.sleep(1.5)
sink.close()
"""


def test_a_flush_drops_what_the_device_still_holds(own_rig: Rig, tmp_path: Path) -> None:
    """A half-second output buffer: after flush() the speaker is silent at once, not half a second later."""
    import subprocess
    import sys

    env = own_rig.env(tmp_path / "home")
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[1])
    with own_rig.record() as rec:
        out = subprocess.run([sys.executable, "-c", SINK_SCRIPT], env=env, capture_output=True, text=True,
                             timeout=60, check=True)
        stopped = float(out.stdout.strip().splitlines()[-1])
        # the recording lags the speaker: the tone is all in once it has been quiet a while
        wait_quiet(rec, 0.5, sound_after=0)
        samples = rec.so_far()
    spans = sound_spans(samples)
    assert spans, "the tone was not heard"
    tone_end = rec.started_at + spans[0][1]
    assert tone_end - stopped < 0.2, (tone_end - stopped, spans)  # the 0.5 s buffer was dropped
