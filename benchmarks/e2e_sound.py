"""End-to-end latency on a real sound server: the whole program, real devices, no mocks.

The game (``python -m tavli_voice.cli play``) runs as a child process whose
PortAudio reaches a PulseAudio rig (``tests/sound_rig.py``: a ``speaker``
null sink recorded from its monitor, a ``mic`` null sink whose monitor is
the default input). Both monitors are recorded with ``parec`` at 16 kHz;
keys go to the game's stdin; spoken commands are espeak-ng clips played
into the microphone sink.

Figures, per language, median and p95 over ``--runs`` trials:

* **key → first audio**: a key (``i``, the pip count) is written to stdin;
  the time until the speaker recording first rises above -45 dBFS.
* **"stop" → silence**: while the long help is being read, "stop" /
  "σταμάτα" is played into the microphone; from the end of the word (in the
  microphone recording) to the last sound on the speaker.
* **end of word → action**: a number is said while the game waits; from the
  end of the word (microphone recording) to the line naming the chosen play
  on the game's stdout (voice-activity hang-over and recognition included).
* **library lines**: lines from ALSA/PortAudio/JACK/PulseAudio on the game's
  stdout and stderr during the whole run (must be 0).

``--busy N`` keeps N processes spinning on the CPU for the whole run (the
machine has two cores: ``--busy 2`` makes both busy).

``--self-voice SECONDS`` is the speaker-into-microphone run: the speaker is
routed into the microphone as well (a laptop without a headset), voice is on
with ``--barge-in interrupt``, the game reads its help and the board over
and over for that long, and every line it prints that no key or word of
ours asked for is counted (an action on its own speech), with the times it
stopped its own speech and the times it paused and went on (its debug log);
then ``--over-narration N`` numbers per language are said over the help
being read, each at a different moment of it, and the plays they chose are
counted (right, another play, none). It runs for every ``--lang``.
``--numbers`` (any of 1 to 10, in the run's language), ``--voice`` (an
espeak-ng voice such as ``el+f3``) and ``--speed`` change the player's words
and voice, for checking that a figure holds beyond the default four numbers.
``--early-stop N`` starts N new games per language, the speaker into the
microphone, and says "stop" 0.8-1.2 s into the opening narration, before
the echo canceller has heard much of the narrator (stopped within 2.5 s or not).

    python benchmarks/e2e_sound.py [--runs 10] [--lang en el] [--busy 2]
    python benchmarks/e2e_sound.py --skip-latency --self-voice 300 --over-narration 12 --lang en el
    python benchmarks/e2e_sound.py --skip-latency --early-stop 5 --lang en el
    python benchmarks/e2e_sound.py --skip-latency --tv-noise 10 --lang en el

``--tv-noise SNR`` plays a whole match by voice (``spoken_match``): television-like noise
(``benchmarks/noise.py``'s tv) plays into the microphone all the time at SNR dB below the
player's words, the narrator talks, each play is said as its number (a seeded choice) and a
"did you say …?" is answered by voice; every play made is checked against the number said.

Times come from ``time.monotonic()``; recordings are anchored to it when
their first bytes arrive (``parec --latency-msec=10``: about ±10 ms).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

import numpy as np
from benchmarks.rig_sounds import Said, write_index
from sound_rig import (
    RECORD_RATE,
    Game,
    Recording,
    Rig,
    library_lines,
    sound_spans,
    wait_quiet,
    write_wav,
)

VOICE = {"en": "en-us", "el": "el"}
#: the player's speed in words a minute (espeak-ng ``-s``); a list so that ``--speed`` can change it
SPEED = [160]
STOP = {"en": "stop", "el": "σταμάτα"}
NUMBERS = {"en": ["three", "five", "seven", "two"], "el": ["τρία", "πέντε", "επτά", "δύο"]}
#: the last play of the opening list, on screen as "10: 8 to 2, 6 to 5 (8/2 6/5)"
PLAYS_PROMPT = "(8/2 6/5)"
#: The plays of the opening position (``--seed 3``), by number.
PLAY_TEXT = {1: "24/23 24/18", 2: "24/23 13/7", 3: "24/23 8/2", 4: "24/18 8/7", 5: "24/18 6/5",
             6: "13/7 8/7", 7: "13/7 6/5", 8: "13/6", 9: "8/7 8/2", 10: "8/2 6/5"}
#: Lines the game prints when it acts on something it heard (or thinks it heard), both languages.
ACTED = ("Chosen", "Cancelled", "Undone", "Did you say", ", then?", "Not understood", "not possible", "Nothing to list",
         "not sure what you said", "Διάλεξες", "Ακυρώθηκε", "Αναιρέθηκε", "Είπες", "Μήπως", "Δεν κατάλαβα",
         "δεν γίνεται τώρα", "Δεν είμαι σίγουρος")
CHOSEN = ("Chosen", "Διάλεξες")
NUMBER_VALUE = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "ένα": 1, "δύο": 2, "τρία": 3, "τέσσερα": 4, "τέσσερις": 4, "πέντε": 5,
                "έξι": 6, "επτά": 7, "εφτά": 7, "οκτώ": 8, "οχτώ": 8, "εννέα": 9, "εννιά": 9, "δέκα": 10}
#: The start of "did you say …?" and the player's answers to it (True: it was the number said).
ASKED = {"en": "Did you say ", "el": "Είπες "}
#: Printed when the voice engine has loaded and the game listens.
READY = {"en": "Voice is ready.", "el": "Η φωνή είναι έτοιμη."}
ANSWER = {"en": {True: "yes", False: "no"}, "el": {True: "ναι", False: "όχι"}}
#: The player's answers to a question that names «σωστά» and «λάθος» (the Greek question in a noisy room,
#: ``voice.did_you_say_noisy``): a player says what the game tells them to say.
NAMED_ANSWER = {True: "σωστά", False: "λάθος"}
#: The player's words said in a spoken match (``--keep-sounds``: paired with the game's sounds, ``rig_sounds``).
SAID: list[Said] = []


def say(rig: Rig, path: Path, text: str, kind: str, number: int | None = None, offered: int | None = None) -> None:
    """Play ``path`` (the word ``text``) into the microphone and note when (``SAID``; ``offered``: the plays on
    offer then)."""
    start = time.time()
    rig.play_into_mic(path)
    SAID.append(Said(start, time.time(), text, kind, number, offered))


def answer_to(question: str, lang: str, ours: bool) -> str:
    """What the player says to the game's ``question`` line (``ours``: it asks about the number said):
    «σωστά»/«λάθος» when the question names them, else ``ANSWER[lang]``.

    >>> answer_to("Είπες τρία; Πες σωστά ή λάθος.", "el", True), answer_to("Μήπως εννιά; Σωστά ή λάθος;", "el", False)
    ('σωστά', 'λάθος')
    >>> answer_to("Είπες τρία; Πες ναι ή όχι.", "el", False), answer_to("Did you say six? Say yes or no.", "en", True)
    ('όχι', 'yes')
    """
    return NAMED_ANSWER[ours] if NAMED_ANSWER[True] in question.lower() else ANSWER[lang][ours]


def clip(text: str, lang: str, folder: Path) -> tuple[Path, float]:
    """An espeak-ng WAV of ``text`` and its length in seconds (voice ``VOICE[lang]``, ``SPEED`` words a minute)."""
    path = folder / f"{lang}-{abs(hash((text, VOICE[lang], SPEED[0])))}.wav"
    if not path.exists():
        subprocess.run(["espeak-ng", "-v", VOICE[lang], "-s", str(SPEED[0]), "-w", str(path), text], check=True)
    import wave
    with wave.open(str(path)) as w:
        return path, w.getnframes() / w.getframerate()


def first_sound_after(rec: Recording, t: float, timeout: float = 5.0) -> float | None:
    """Monotonic time of the first sound on ``rec`` after time ``t``."""
    deadline = time.monotonic() + timeout
    start = max(0, int((t - rec.started_at) * RECORD_RATE))
    while time.monotonic() < deadline:
        # a sound already going on at ``t`` (the recording lags a little) is not the answer
        spans = [sp for sp in sound_spans(rec.so_far()[start:], threshold_db=-45.0) if sp[0] > 0.005]
        if spans:
            return rec.started_at + start / RECORD_RATE + spans[0][0]
        time.sleep(0.01)
    return None


def last_sound(rec: Recording, after: float, until: float) -> float | None:
    """Monotonic end of the last sound on ``rec`` between ``after`` and ``until``."""
    samples = rec.so_far()
    a = max(0, int((after - rec.started_at) * RECORD_RATE))
    b = max(a, int((until - rec.started_at) * RECORD_RATE))
    spans = sound_spans(samples[a:b], threshold_db=-45.0)
    if not spans:
        return None
    return rec.started_at + a / RECORD_RATE + spans[-1][1]


def silence_from(rec: Recording, after: float, gap_s: float = 0.3) -> float | None:
    """Monotonic start of the first silence of at least ``gap_s`` on ``rec`` after ``after``."""
    samples = rec.so_far()
    a = max(0, int((after - rec.started_at) * RECORD_RATE))
    frame = RECORD_RATE // 100
    chunk = samples[a:]
    count = len(chunk) // frame
    if count == 0:
        return None
    level = 10 * np.log10(np.mean(chunk[: count * frame].reshape(count, frame).astype(np.float64) ** 2,
                                  axis=1) + 1e-12)
    need = int(gap_s * 100)
    run = 0
    for i, db in enumerate(level):
        run = run + 1 if db <= -45.0 else 0
        if run >= need:
            return rec.started_at + (a + (i - need + 1) * frame) / RECORD_RATE
    return None


def quiet(game: Game, speaker: Recording) -> None:
    for _ in range(3):
        game.send(".")
        try:
            wait_quiet(speaker, 0.5, timeout=10)
            return
        except TimeoutError:
            continue
    raise TimeoutError("the game never went quiet")


def stats(values: list[float]) -> str:
    if not values:
        return "no data"
    ms = sorted(v * 1000 for v in values)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return (f"median {statistics.median(ms):6.0f} ms   p95 {p95:6.0f} ms   (n={len(ms)})   "
            f"all: {' '.join(f'{v:.0f}' for v in ms)}")


#: Over these (seconds) a trial is slow: with ``--trace`` its part of the game's log is printed.
SLOW = {"key": 0.15, "stop": 0.3, "word": 0.25}


def run_language(rig: Rig, lang: str, runs: int, folder: Path,
                 figures: tuple[str, ...] = ("key", "stop", "word"),
                 engine: str = "auto", trace: bool = False) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {"key": [], "stop": [], "word": []}
    home = Path(tempfile.mkdtemp(prefix=f"tavli-bench-{lang}-"))
    trials: list[tuple[str, float, float | None]] = []  # figure, its start, its end (None: none)
    if trace:
        os.environ["TAVLI_LOG_LEVEL"] = "DEBUG"
    with rig.record("speaker.monitor") as speaker, rig.record("mic.monitor") as mic:
        game = Game(rig, ["--game", "portes", "--seed", "3", "--no-save", "--lang", lang, "--voice",
                          "--voice-confirm", "never", "--barge-in", "ignore", "--voice-engine", engine], home)
        try:
            game.wait_for(PLAYS_PROMPT, timeout=30)
            # the figures are of a game that listens: its engine loads meanwhile (``--figures
            # loading`` measures keys pressed then)
            game.wait_for(READY[lang], timeout=60)
            time.sleep(0.3)
            quiet(game, speaker)
            for _ in range(runs if "key" in figures else 0):  # key -> first audio
                sent = game.send("i")
                first = first_sound_after(speaker, sent)
                trials.append(("key", sent, first))
                if first is not None:
                    out["key"].append(first - sent)
                quiet(game, speaker)
            stop_path, _ = clip(STOP[lang], lang, folder)
            for _ in range(runs if "stop" in figures else 0):  # spoken stop -> silence
                game.send("h")
                started = first_sound_after(speaker, time.monotonic() - 0.05)
                time.sleep(1.0)
                said_at = time.monotonic()
                rig.play_into_mic(stop_path)
                time.sleep(3.0)
                word_end = last_sound(mic, said_at, time.monotonic())
                silent = silence_from(speaker, word_end - 0.2) if word_end is not None else None
                if started is None or word_end is None:
                    continue
                if silent is None or silent > time.monotonic() - 0.5:
                    out.setdefault("stop_missed", []).append(1.0)  # still talking 2.5 s later
                    trials.append(("stop", word_end, None))
                else:
                    out["stop"].append(max(0.0, silent - word_end))
                    trials.append(("stop", word_end, max(word_end, silent)))
                quiet(game, speaker)
            for k in range(runs if "word" in figures else 0):  # end of word -> action
                word = NUMBERS[lang][k % len(NUMBERS[lang])]
                path, _ = clip(word, lang, folder)
                said_at = time.monotonic()
                rig.play_into_mic(path)
                try:
                    acted = game.wait_for(PLAY_TEXT[NUMBER_VALUE[word]], after=said_at, timeout=8)
                except TimeoutError:
                    out.setdefault("word_missed", []).append(1.0)
                    trials.append(("word", said_at, None))
                    quiet(game, speaker)
                    continue
                time.sleep(0.3)
                word_end = last_sound(mic, said_at, acted + 0.2)
                if word_end is not None:
                    out["word"].append(acted - word_end)
                    trials.append(("word", word_end, acted))
                game.send("u")  # undo: the plays are offered again
                game.wait_for(PLAYS_PROMPT, after=acted, timeout=8)
                time.sleep(0.2)
                quiet(game, speaker)
        finally:
            game.close()
    noise = library_lines(game.text()) + library_lines("\n".join(game.err))
    out["noise"] = [float(len(noise))]
    out["underruns"] = underruns(home)
    if trace:
        print_trace(home, lang, trials)
    if noise:
        print("  library lines:", *noise[:5], sep="\n    ")
    return out


def printed(game: Game, needle: str) -> float | None:
    """When a line containing ``needle`` was printed so far (None: not yet)."""
    return next((at for at, line in list(game.lines) if needle in line), None)


def while_loading(rig: Rig, lang: str, starts: int, engine: str = "auto",
                  trace: bool = False) -> dict[str, list[float]]:
    """Keys pressed while the voice engine loads, over ``starts`` new games.

    From the plays prompt until "Voice is ready." is printed, the narration is
    cut (``.``) and the pip count asked for (``i``) again and again; a trial
    counts when its first audio came before the engine was ready. Also counted:
    the speaker's underruns (ALSA's recover lines in the game's log) from the
    start to the end of loading, each an audible gap in the opening narration.
    """
    out: dict[str, list[float]] = {"loading_key": [], "loading_underruns": [], "loading_s": []}
    # the underruns are ALSA's lines in the game's log, written from INFO on
    os.environ["TAVLI_LOG_LEVEL"] = "DEBUG" if trace else os.environ.get("TAVLI_LOG_LEVEL", "INFO")
    for _ in range(starts):
        home = Path(tempfile.mkdtemp(prefix=f"tavli-bench-load-{lang}-"))
        trials: list[tuple[str, float, float | None]] = []
        with rig.record("speaker.monitor") as speaker:
            game = Game(rig, ["--game", "portes", "--seed", "3", "--no-save", "--lang", lang, "--voice",
                              "--voice-confirm", "never", "--barge-in", "ignore", "--voice-engine", engine], home)
            try:
                game.wait_for(PLAYS_PROMPT, timeout=30)
                while True:
                    game.send(".")
                    try:
                        wait_quiet(speaker, 0.15, timeout=5)
                    except TimeoutError:
                        continue
                    sent = game.send("i")
                    first = first_sound_after(speaker, sent)
                    ready = printed(game, READY[lang])
                    if ready is not None and (first is None or ready <= first):
                        break
                    trials.append(("key", sent, first))
                    if first is not None:
                        out["loading_key"].append(first - sent)
                ready = game.wait_for(READY[lang], timeout=60)
                out["loading_s"].append(ready - game.launched)
            finally:
                game.close()
        loaded_at = next((at for at, line in game_log(home) if "loaded in" in line), None)
        out["loading_underruns"].append(float(sum(
            1 for at, line in game_log(home)
            if "snd_pcm_recover" in line and (loaded_at is None or at <= loaded_at))))
        if trace:
            print_trace(home, lang, trials)
    return out


def self_voice(rig: Rig, seconds: float, lang: str, folder: Path, trials: int = 12,
               barge_in: str = "interrupt", trace: bool = False) -> dict[str, int]:
    """Speaker routed into the microphone, barge-in on: does the game act on its own voice?

    ``seconds`` of narration with nobody talking (every line the game prints
    on its own, and every time it stops its own speech, is counted), then
    ``trials`` numbers said by the player over the help being read, each at a
    different moment of it: how many chose their play, chose another one, or
    were not acted on. With ``barge_in="ignore"`` (only "stop" counts over
    the narrator) the numbers are not said: only the narration alone is run.
    """
    import random

    home = Path(tempfile.mkdtemp(prefix=f"tavli-bench-self-{lang}-"))
    os.environ["TAVLI_LOG_LEVEL"] = "DEBUG"  # the game logs every stop it obeys: self-interruptions
    loop = rig.loopback()
    if barge_in != "interrupt":
        trials = 0
    result = {"acted": 0, "self_stops": 0, "right": 0, "wrong": 0, "missed": 0, "trials": trials,
              "trial_stops": 0, "self_pauses": 0, "asked_right": 0, "asked_wrong": 0, "other_commands": 0}
    try:
        with rig.record("speaker.monitor") as speaker:
            game = Game(rig, ["--game", "portes", "--seed", "3", "--no-save", "--lang", lang, "--voice",
                              "--barge-in", barge_in, "--voice-confirm", "never"], home)
            try:
                game.wait_for(PLAYS_PROMPT, timeout=60)
                start = time.monotonic()
                before = len(game.lines)
                keys = 0
                while time.monotonic() - start < seconds:
                    try:
                        game.send("a" if keys % 2 else "h")  # the whole board, the help
                    except (BrokenPipeError, OSError):
                        print(f"the game ended by itself after {time.monotonic() - start:.0f} s; "
                              "its last lines:", *game.text().splitlines()[-8:], sep="\n    ")
                        return result
                    keys += 1
                    time.sleep(6.0)
                talked = len(sound_spans(speaker.so_far()))
                lines = [line for at, line in game.lines[before:]]
                # what our keys print: help and board lines; anything else is the game acting alone
                acted = [line for line in lines if any(w in line for w in ACTED)]
                sound = sum(b - a for a, b in sound_spans(speaker.so_far()))
                stops = self_stops(home)
                pauses = log_lines(home, "the narrator goes on")
                result["acted"], result["self_stops"], result["self_pauses"] = len(acted), len(stops), len(pauses)
                print(f"self-voice ({lang}, barge-in {barge_in}, speaker into microphone): "
                      f"{time.monotonic() - start:.0f} s, {keys} keys, {sound:.0f} s of speech in "
                      f"{talked} stretches; lines the game printed on its own: {len(acted)}; "
                      f"times it stopped its own speech (barge-in or 'stop' heard): {len(stops)}; "
                      f"paused and went on: {len(pauses)}")
                for line in stops[:5]:
                    print("   ", line)
                for line in acted[:10]:
                    print("   ", line)
                if not trials:
                    return result
                # the player's numbers over the narration still choose plays
                rng = random.Random(7)
                outcomes = []
                posted_before = len(log_lines(home, "over the narrator: '"))
                said_times: list[tuple[str, float, float | None]] = []
                for k in range(trials):
                    word = NUMBERS[lang][k % len(NUMBERS[lang])]
                    path, _ = clip(word, lang, folder)
                    quiet(game, speaker)
                    stops_before = len(self_stops(home))
                    game.send("h")
                    time.sleep(0.8 + rng.uniform(0.0, 2.0))  # somewhere in the first sentences of the help
                    said = time.monotonic()
                    rig.play_into_mic(path)
                    outcome = over_narration_outcome(rig, game, speaker, lang, word, said, folder)
                    # commands acted on at once that are neither this number nor an answer to a question
                    others = [line for line in log_lines(home, "over the narrator: '")[posted_before:]
                              if "doubtful" not in line and "asked back" not in line and f"'{word}'" not in line
                              and not any(f" {c} (" in line for c in ("Yes", "No", "ChoosePlay"))]
                    posted_before = len(log_lines(home, "over the narrator: '"))
                    result["other_commands"] += len(others)
                    for line in others:
                        print("    another command acted on:", line[24:])
                    result[outcome] += 1
                    outcomes.append(f"{word}:{outcome}")
                    said_times.append((f"number {word} {outcome}", said, None))
                    if trace and outcome != "right":
                        for at, line in game.lines:
                            if at >= said:
                                print(f"    [{lang}] {word} {outcome} +{(at - said) * 1000:.0f} ms printed: "
                                      f"{line[:120]}")
                    result["trial_stops"] += len(self_stops(home)) - stops_before
                    if outcome in ("right", "asked_right", "wrong"):
                        acted_at = time.monotonic()
                        game.send("u")  # undo: the plays are offered again
                        game.wait_for(PLAYS_PROMPT, after=acted_at, timeout=15)
                print(f"    the player's numbers said over the narration ({lang}): "
                      f"{result['right'] + result['asked_right']}/{trials} chose their play "
                      f"({result['right']} at once, {result['asked_right']} after 'did you say …?' and 'yes'), "
                      f"{result['wrong']} another play, {result['asked_wrong']} asked back as another word "
                      f"(answered 'no'), {result['missed']} not acted on; other commands acted on: "
                      f"{result['other_commands']}; stops during them: {result['trial_stops']}")
                print("    " + " ".join(outcomes))
                if trace:  # the log of each number not chosen at once (these trials have no end time)
                    print_trace(home, lang, [t for t in said_times if not t[0].endswith(" right")], 4.0)
            finally:
                game.close()
        noise = library_lines(game.text()) + library_lines("\n".join(game.err))
        print(f"    library lines: {len(noise)}")
    finally:
        rig.unload(loop)
    return result


def early_stop(rig: Rig, lang: str, folder: Path, trials: int, trace: bool = False) -> dict[str, int]:
    """Speaker routed into the microphone, barge-in on: "stop" said early in the opening narration.

    For each trial a new game starts (its echo canceller has heard nothing
    yet); "stop" / "σταμάτα" is played into the microphone 0.8-1.2 s after the
    speaker's first sound; the trial counts as stopped when the game's
    listener posted a stop within 2.5 s of the word's start (its log) and the
    speaker then fell silent for 0.3 s.
    """
    import random

    rng = random.Random(11)
    loop = rig.loopback()
    os.environ["TAVLI_LOG_LEVEL"] = "DEBUG"
    result = {"early_trials": trials, "early_stopped": 0}
    path, length = clip(STOP[lang], lang, folder)
    outcomes = []
    try:
        for _ in range(trials):
            home = Path(tempfile.mkdtemp(prefix=f"tavli-bench-early-{lang}-"))
            with rig.record("speaker.monitor") as speaker:
                began = time.monotonic()
                game = Game(rig, ["--game", "portes", "--seed", "3", "--no-save", "--lang", lang, "--voice",
                                  "--barge-in", "interrupt", "--voice-confirm", "never"], home)
                try:
                    first = first_sound_after(speaker, began, timeout=30.0)
                    if first is None:
                        outcomes.append("no-narration")
                        continue
                    wait = first + rng.uniform(0.8, 1.2) - time.monotonic()
                    time.sleep(max(0.0, wait))
                    said = time.monotonic()
                    rig.play_into_mic(path)
                    time.sleep(max(0.0, said + 3.0 - time.monotonic()))
                    posted = [at for at, line in game_log(home)
                              if said <= at <= said + 2.5 and "StopSpeech" in line and "voice " in line]
                    silent = silence_from(speaker, said + length)
                    stopped = bool(posted) and silent is not None and silent <= said + 2.5
                    result["early_stopped"] += stopped
                    why = "" if stopped else (
                        f"(stop posted {f'+{posted[0] - said:.1f} s' if posted else 'no'}, "
                        f"speaker silent {f'+{silent - said:.1f} s' if silent is not None else 'no'})")
                    outcomes.append(f"{said - first:.1f}s:{'stopped' if stopped else 'missed'}{why}")
                    if trace and not stopped:
                        print_trace(home, lang, [("early stop", said, None)], 2.5)
                finally:
                    game.close()
    finally:
        rig.unload(loop)
    print(f"early stop ({lang}, speaker into microphone, a new game each time): "
          f"{result['early_stopped']}/{trials} stopped within 2.5 s   " + " ".join(outcomes))
    return result


def over_narration_outcome(rig: Rig, game: Game, speaker: Recording, lang: str, word: str, said: float,
                           folder: Path) -> str:
    """What the game did with ``word`` said over the narration at ``said``.

    "right": its play chosen at once; "asked_right": the game asked "did you
    say …?" with this number, the player said yes and the play was chosen;
    "asked_wrong": it asked with another word and the player said no;
    "wrong": another play chosen; "missed": nothing.
    """
    play = PLAY_TEXT[NUMBER_VALUE[word]]
    begun = time.monotonic()
    while time.monotonic() < begun + 10 * game.stretch():
        lines = [line for at, line in game.lines if at >= said]
        if any(play in line for line in lines):
            return "right"
        if any(c in line for line in lines for c in CHOSEN):
            return "wrong"
        asked = [(heard, line) for heard, line in ((asked_about(line, lang), line) for line in lines)
                 if heard is not None]
        if asked:
            ours = NUMBER_VALUE.get(asked[0][0]) == NUMBER_VALUE[word]
            wait_quiet(speaker, 0.4, timeout=10)  # the question is said before the answer
            answer, _ = clip(answer_to(asked[0][1], lang, ours), lang, folder)
            answered = time.monotonic()
            rig.play_into_mic(answer)
            if not ours:
                # after the "no" the game may ask about its runner-up at once ("nine, then?"): answered too
                runner = runner_up_asked(game, lang, answered)
                if runner is not None:
                    wait_quiet(speaker, 0.4, timeout=10)
                    line = next((line for at, line in list(game.lines)
                                 if at >= answered and asked_about(line, lang) == runner), "")
                    answer, _ = clip(answer_to(line, lang, NUMBER_VALUE.get(runner) == NUMBER_VALUE[word]), lang,
                                     folder)
                    rig.play_into_mic(answer)
                return "asked_wrong"
            try:
                game.wait_for(play, after=answered, timeout=8)
                return "asked_right"
            except TimeoutError:
                return "missed"
        time.sleep(0.02)
    return "missed"


def runner_up_asked(game: Game, lang: str, since: float, timeout: float = 4.0) -> str | None:
    """The runner-up the game asks about after a "no" answered at ``since`` ("nine, then?"), None when it says
    "cancelled" (the number is said again) or nothing in ``timeout`` s (stretched)."""
    from tavli_voice import words

    cancelled = words.text("voice.cancelled", lang)
    deadline = time.monotonic() + timeout * game.stretch()
    while time.monotonic() < deadline:
        for at, line in list(game.lines):
            if at >= since and line.startswith(cancelled):
                return None
            if at >= since and asked_about(line, lang) is not None:
                return asked_about(line, lang)
        time.sleep(0.02)
    return None


def game_log(home: Path) -> list[tuple[float, str]]:
    """The game's log lines with their ``time.monotonic()`` (the log stamps wall time, to the ms)."""
    from datetime import datetime

    logs = list(home.rglob("tavli-voice.log"))
    if not logs:
        return []
    shift = time.time() - time.monotonic()
    out: list[tuple[float, str]] = []
    for line in logs[0].read_text(errors="replace").splitlines():
        try:
            at = datetime.strptime(line[:23], "%Y-%m-%d %H:%M:%S,%f").timestamp() - shift
        except ValueError:
            continue  # a continued line (a traceback)
        out.append((at, line[24:]))
    return out


def print_trace(home: Path, lang: str, trials: list[tuple[str, float, float | None]],
                missed_s: float = 5.0) -> None:
    """For each slow or missed trial, the game's log lines from its start to its end (ms from the start)."""
    lines = game_log(home)
    for figure, start, end in trials:
        if end is not None and end - start <= SLOW.get(figure, 0.0):
            continue
        until = (end if end is not None else start + missed_s) + 0.1
        took = f"{(end - start) * 1000:.0f} ms" if end is not None else "missed"
        print(f"  [{lang}] slow {figure}: {took}")
        for at, line in lines:
            if start - 0.3 <= at <= until:
                print(f"    {(at - start) * 1000:+6.0f} {line[:160]}")


def underruns(home: Path) -> list[float]:
    """[all underruns, those while speech was queued] from the game's log (logged when it closes)."""
    import re

    for log in home.rglob("tavli-voice.log"):
        found = re.findall(r"audio output: (\d+) underruns \((\d+) in speech\)", log.read_text(errors="replace"))
        if found:
            return [float(found[-1][0]), float(found[-1][1])]
    return [0.0, 0.0]


def log_lines(home: Path, needle: str) -> list[str]:
    """Lines of the game's log (TAVLI_LOG_LEVEL=DEBUG) that contain ``needle``."""
    logs = list(home.rglob("tavli-voice.log"))
    if not logs:
        return []
    return [line for line in logs[0].read_text(errors="replace").splitlines() if needle in line]


def voice_decisions(home: Path) -> list[str]:
    """The game's ``voice decision:`` log lines (INFO), each as its time of day and what follows."""
    return [f"{line[11:23]} {line.split(' voice decision: ', 1)[1]}" for line in log_lines(home, " voice decision: ")]


def self_stops(home: Path) -> list[str]:
    """The stops the game's listener posted so far (its log, TAVLI_LOG_LEVEL=DEBUG)."""
    logs = list(home.rglob("tavli-voice.log"))
    if not logs:
        return []
    text = logs[0].read_text(errors="replace")
    return [line for line in text.splitlines() if "StopSpeech" in line and "voice " in line]


#: What a spoken match with noise counts, per number said (the voice benchmark's outcomes).
MATCH_OUTCOMES = ("right", "asked_right", "asked_wrong", "wrong", "missed")


def tv_noise_file(lang: str, snr: float, folder: Path, seconds: float = 60.0, seed: int = 5) -> Path:
    """A WAV of ``seconds`` of television-like noise (``benchmarks/noise.py``'s tv: a voice reading
    over music-like tones) at ``snr`` dB below the player's words.

    The level is set from the player's clips of the numbers 1 to 10 (their speech part, as
    ``noise.speech_mask`` finds it), so that the words played into the microphone over this
    noise have that SNR there.
    """
    import noise as sound

    from tavli_voice.speech import audio
    from tavli_voice.speech.words import number_text

    powers = []
    for k in range(1, 11):
        path, _ = clip(number_text(k, lang), lang, folder)
        x = audio.load(path).astype(np.float64)
        powers.append(float(np.mean(x[sound.speech_mask(x)] ** 2)))
    rng = np.random.default_rng(seed)
    tv = sound.noise("tv", int(seconds * RECORD_RATE), rng, {"tv": sound.espeak_talk(sound.TV_TALK, folder)})
    tv = tv * np.sqrt(float(np.mean(powers)) / 10 ** (snr / 10))
    out = folder / f"tv-{lang}-{snr:g}dB.wav"
    write_wav(out, tv)
    return out


class Loop:
    """A WAV played into the microphone sink over and over until :meth:`stop`."""

    def __init__(self, rig: Rig, path: Path) -> None:
        import threading

        self.rig, self.path = rig, path
        self.done = threading.Event()
        self.proc: subprocess.Popen[bytes] | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.done.is_set():
            self.proc = self.rig.play_into_mic(self.path, wait=False)
            while self.proc.poll() is None and not self.done.is_set():
                time.sleep(0.05)

    def stop(self) -> None:
        self.done.set()
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.thread.join(timeout=2)


#: The game's questions about a word heard: "did you say …?", and after a "no" the runner-up's "nine, then?".
QUESTIONS = ("voice.did_you_say", "voice.runner_up", "voice.runner_up_terse", "voice.did_you_say_noisy",
             "voice.runner_up_noisy", "voice.runner_up_terse_noisy")

#: What the game says when a turn has cost its questions and it stops asking (ui/voice_noise.given_up).
GIVEN_UP = ("voice.given_up", "voice.given_up_terse", "voice.given_up_scan", "voice.given_up_scan_terse")


def given_up(line: str, lang: str) -> bool:
    """Whether ``line`` is the game saying it stops asking about the number this turn (the player types it).

    >>> given_up("Cannot make out your number: say it again or type it; l lists the plays.", "en")
    True
    >>> given_up("Cancelled. Nothing was done.", "en")
    False
    """
    from tavli_voice import words

    return any(line.startswith(words.text(key, lang)) for key in GIVEN_UP)


def asked_about(line: str, lang: str) -> str | None:
    """The words a question of the game's asks about (``QUESTIONS``), lower case; None when ``line`` is none.

    >>> asked_about("Did you say six? Say yes or no.", "en"), asked_about("Nine, then? Say yes or no.", "en")
    ('six', 'nine')
    >>> asked_about("Μήπως εννιά; Πες ναι ή όχι.", "el"), asked_about("Είπες τρία; Πες ναι ή όχι.", "el")
    ('εννιά', 'τρία')
    >>> asked_about("Cancelled. Nothing was done.", "en") is None
    True
    """
    from tavli_voice import words

    for key in QUESTIONS:
        head, tail = words.text(key, lang, text="\0").split("\0")
        mark = re.split(r"(?<=[?;])", tail, maxsplit=1)[0]  # ", then?", "?", ";"
        if line.lower().startswith(head.lower()) and mark in line[len(head):]:
            return line[len(head):].split(mark, 1)[0].strip().lower() or None
    return None


def played_marks(lang: str) -> tuple[str, ...]:
    """How the game's line for the player's play begins: "You played …", or for a play that only bears off "You bore
    off …" (``str.startswith`` takes the tuple): a bear-off is a play made too, not a number still to type.

    >>> "Μάζεψες ένα από το 5 (5/off).".startswith(played_marks("el")), played_marks("en")
    (True, ('You played ', 'You bore off '))
    """
    from tavli_voice import words

    return tuple(words.text(key, lang, **{arg: "\0"}).split("\0")[0]
                 for key, arg in (("play.made.you", "play"), ("play.bore_off.you", "checkers")))


def is_number(heard: str, k: int, lang: str) -> bool:
    """Whether ``heard`` (the game's "did you say …?" text) is the number ``k``."""
    from tavli_voice.speech.words import number_variants

    said = {" ".join(v) for v in number_variants(k, lang)} | {str(k)}
    return heard.strip().lower() in said


def spoken_match(rig: Rig, lang: str, folder: Path, snr: float | None, seed: str = "3", points: int = 1,
                 opponent: str = "random", tries: int = 3, max_turns: int = 80,
                 trace: bool = False, keep_sounds: Path | None = None) -> dict[str, Any]:
    """A whole match played by voice: every play said as its number into the microphone.

    Television-like noise (``tv_noise_file``; ``snr`` None: none) plays into the microphone the
    whole time; the narrator speaks on the speaker (the player cuts a long list with ``.``,
    the way a player presses a key to stop it, and waits for quiet before speaking). The rolls
    are keys; each play is a seeded choice among the listed numbers, said with espeak-ng.
    A "did you say …?" is answered "yes"/"no" by voice («σωστά»/«λάθος» when it names them: ``answer_to``); a
    number not acted on is said again (``tries`` times, then typed). Counted per number said: ``MATCH_OUTCOMES``,
    and whether the match finished.

    ``keep_sounds``: the game writes every sound it recognises there (``TAVLI_VOICE_DUMP``) and
    ``<folder>/index-<lang>.jsonl`` pairs each with the player's word it holds and what the game did
    (``rig_sounds.write_index``).
    """
    import random

    from tavli_voice import words
    from tavli_voice.speech.words import number_text

    rng = random.Random(seed)
    home = Path(tempfile.mkdtemp(prefix=f"tavli-bench-match-{lang}-"))
    if trace:
        os.environ["TAVLI_LOG_LEVEL"] = "DEBUG"
    keep_sounds = keep_from(keep_sounds, lang)
    roll = words.text("prompt.roll", lang)
    roll_double = words.text("prompt.roll_double", lang)
    choose = words.text("prompt.choose", lang, n=999).split("999")[0]
    choose_one = words.text("prompt.choose_one", lang)
    # a long list told as groups: its prompt offers "l for the list of all N plays by number"
    grouped = words.text("prompt.choose_grouped", lang, n=999).split("999")[0]
    confirm = words.text("prompt.confirm", lang)  # the only play possible, e.g. from the bar
    played = played_marks(lang)
    asked = words.text("voice.did_you_say", lang, text="\0").split("\0")[0]
    won = (words.text("match.won.you", lang, a=0, b=0).split("0")[0],
           words.text("match.won.other", lang, who="\0", a=0, b=0).split("0")[0].split("\0")[1].strip())
    result: dict[str, Any] = dict.fromkeys(MATCH_OUTCOMES, 0) | {
        "turns": 0, "typed": 0, "finished": 0, "seconds": 0, "picks_cancelled": 0, "given_up": 0,
        "per_turn": []}  # per_turn: the game's questions in each turn said
    began = time.monotonic()
    loop = Loop(rig, tv_noise_file(lang, snr, folder)) if snr is not None else None
    try:
        with rig.record("speaker.monitor") as speaker:
            game = Game(rig, ["--game", "portes", "--seed", seed, "--points", str(points), "--opponent", opponent,
                              "--no-save", "--no-confirm", "--lang", lang, "--voice", "--barge-in", "ignore"], home)
            try:
                game.wait_for(READY[lang], timeout=90)
                seen = 0
                while result["turns"] < max_turns:
                    event = next_event(game, seen, {"won": won, "roll": (roll, roll_double),
                                                     "choose": (choose, choose_one, grouped), "confirm": (confirm,)})
                    lines = [line for _, line in list(game.lines)]
                    if event is None:
                        print(f"  [{lang}] the game stopped waiting for us; its last lines:", *lines[-8:],
                              sep="\n    ")
                        break
                    kind, at = event
                    # this turn's lines begin after the last event read (its roll, or the play before)
                    turn_began, seen = seen, at + 1
                    if kind == "won":
                        result["finished"] = 1
                        print(f"  [{lang}] {lines[at]}")
                        break
                    if kind == "roll":
                        game.send("r")
                        continue
                    if kind == "confirm":  # nothing to say: the player confirms the only play by key
                        game.send("c")
                        continue
                    result["turns"] += 1
                    prompt = lines[at]
                    told = next(text for text in (choose_one, grouped, choose) if prompt.startswith(text))
                    count = 1 if told == choose_one else count_of(prompt[len(told):], lang)
                    lines, listed = listed_plays(game, lines, turn_began, at, count)
                    unbidden = [i for i in range(at + 1, len(lines)) if lines[i].startswith(played)]
                    if unbidden:  # a play made before the player said anything this turn
                        result["wrong"] += 1
                        print(f"  [{lang}] turn {result['turns']}: a play made before a word was said: "
                              f"{lines[unbidden[0]]!r}")
                        seen = unbidden[0] + 1
                        continue
                    k = rng.randint(1, min(count, 30))
                    play = listed.get(k)  # None: the only play, not listed
                    try:
                        outcomes = say_play(rig, game, speaker, lang, k, play, folder, played, asked, tries, home,
                                            count)
                    except BrokenPipeError:  # the game closed: the match ended on this turn's play
                        lines = [line for _, line in list(game.lines)]
                        ended = [line for line in lines[at:] if any(text and text in line for text in won)]
                        result["finished"] = int(bool(ended))
                        print(f"  [{lang}] turn {result['turns']}: said {number_text(k, lang)!r} for {play}: "
                              f"the game closed before this turn's outcome was read; its last lines:",
                              *lines[-4:], sep="\n    ")
                        break
                    for outcome in outcomes:
                        result[outcome] += 1
                    if outcomes[-1] == "missed":
                        asked_at = list(game.lines)[at][0]
                        if any(t >= asked_at and line.startswith(played) for t, line in list(game.lines)):
                            print(f"  [{lang}] turn {result['turns']}: a play made after the tries, not typed")
                        else:  # the player types it: the game must make it (a question left open
                            # when it is typed is dropped, not answered by a later "yes")
                            result["typed"] += 1
                            if not type_play(game, k, played, result, lang):
                                break
                    if trace or outcomes != ["right"]:
                        print(f"  [{lang}] turn {result['turns']}: said {number_text(k, lang)!r} for {play}: "
                              f"{' then '.join(outcomes)}")
                    lines = [line for _, line in list(game.lines)]
                    seen = max(i for i, line in enumerate(lines) if line.startswith(played)) + 1
                    # the game's questions this turn, asked again ones too, and whether it stopped asking
                    asks = [line for line in lines[at:seen] if asked_about(line, lang) is not None]
                    result["per_turn"].append(len(asks))
                    result["given_up"] += any(given_up(line, lang) for line in lines[at:seen])
            finally:
                game.close()
    finally:
        if loop is not None:
            loop.stop()
        keep_until(keep_sounds, lang, home)
    result["seconds"] = round(time.monotonic() - began)
    result |= listener_counts(home)
    return result


def keep_from(keep_sounds: Path | None, lang: str) -> Path | None:
    """From now on the game writes every sound it recognises into ``keep_sounds/lang`` (None: not kept), logging
    at DEBUG (the listener's lag dates each sound), and the player's words are noted afresh (``SAID``)."""
    if keep_sounds is None:
        return None
    folder = keep_sounds / lang
    folder.mkdir(parents=True, exist_ok=True)
    os.environ["TAVLI_LOG_LEVEL"] = "DEBUG"
    os.environ["TAVLI_VOICE_DUMP"] = str(folder)
    SAID.clear()
    return folder


def keep_until(folder: Path | None, lang: str, home: Path) -> None:
    """No more sounds kept; ``folder/index-<lang>.jsonl`` pairs those kept with the player's words
    (``rig_sounds.write_index``, from the game's log in ``home``)."""
    if folder is None:
        return
    os.environ.pop("TAVLI_VOICE_DUMP", None)
    logs = list(home.rglob("tavli-voice.log"))
    records = write_index(folder, SAID, logs[0] if logs else None, folder / f"index-{lang}.jsonl")
    print(f"  [{lang}] {len(records)} sounds kept in {folder}, "
          f"{sum(r['said_kind'] == 'number' for r in records)} of them with the player's numbers")


def type_play(game: Game, k: int, played: tuple[str, ...], result: dict[str, Any], lang: str) -> bool:
    """The player types play ``k``; False (and the game's last lines printed) when no play follows.

    A checker picked by a word not the player's (the television, the narrator) leaves a shorter list whose
    numbers are not the whole list's: then the pick is cancelled (as the game's prompt says) and the number
    typed again, once (counted in ``picks_cancelled``)."""
    for attempt in range(2):
        if attempt:
            result["picks_cancelled"] += 1
            game.send("cancel")
            time.sleep(1.0)
        sent = game.send(str(k))
        deadline = time.monotonic() + 10 * game.stretch()
        while time.monotonic() < deadline:
            if any(at >= sent and line.startswith(played) for at, line in list(game.lines)):
                return True
            time.sleep(0.01)
    lines = [line for _, line in list(game.lines)]
    print(f"  [{lang}] typed {k}, no play made; the game's last lines:", *lines[-10:], sep="\n    ")
    return False


def listener_counts(home: Path) -> dict[str, int]:
    """What the game's listener dropped and took, from its log (``--trace``: at DEBUG; else empty):
    sounds dropped as background, words dropped over the narrator (not "stop", or not a sure
    answer), answers taken over the narrator, and its longest lag behind the microphone (ms)."""
    logs = list(home.rglob("tavli-voice.log"))
    if not logs:
        return {}
    text = logs[0].read_text(errors="replace")
    behind = [float(m) for m in re.findall(r"listener behind by (\d+) ms", text)]
    return {"background": text.count("dropped as background"),
            "dropped_over_narrator": text.count("voice over the narrator, not stop")
            + text.count("voice over the narrator, not a sure answer"),
            "answers_over_narrator": text.count("voice answer over the narrator"),
            "behind_max_ms": round(max(behind, default=0.0))}


def next_event(game: Game, seen: int, marks: dict[str, tuple[str, ...]],
               timeout: float = 60.0) -> tuple[str, int] | None:
    """The first of the game's lines from index ``seen`` on that holds one of ``marks``' texts:
    (its mark, its index); None if the game ends or prints none in ``timeout`` s (stretched)."""
    deadline = time.monotonic() + timeout * game.stretch()
    while time.monotonic() < deadline:
        lines = [line for _, line in list(game.lines)]
        for i in range(seen, len(lines)):
            for kind, texts in marks.items():
                if any(text in lines[i] for text in texts):
                    return kind, i
        if game.proc.poll() is not None:
            return None
        time.sleep(0.05)
    return None


def count_of(text: str, lang: str) -> int:
    """The count that begins ``text``, in digits or in words ("21 plays", «είκοσι μία κινήσεις»).

    >>> count_of("21 plays, or h for help.", "en"), count_of("είκοσι μία κινήσεις και", "el")
    (21, 21)
    >>> count_of("είκοσι κινήσεις", "el"), count_of("δύο κινήσεις", "el")
    (20, 2)
    """
    from tavli_voice.speech.words import folded, number_variants, written_forms

    words = text.split()
    if words and words[0].rstrip(",").isdigit():
        return int(words[0].rstrip(","))
    said = folded(text)
    for n in range(200, 0, -1):  # the longest first: "twenty one" before "twenty"
        if any(said.startswith(folded(form)) for variant in number_variants(n, lang)  # type: ignore[arg-type]
               for form in written_forms(variant, lang)):  # type: ignore[arg-type]
            return n
    raise ValueError(f"no count at the start of {text!r}")


def notation(play: str) -> str:
    """The notation of a play as the game prints it: "from 13 to 6 (13/6)" -> "13/6" (as is without one)."""
    return play[play.rindex(" (") + 2:-1] if play.endswith(")") and " (" in play else play


def listed_plays(game: Game, lines: list[str], began: int, at: int, count: int) -> tuple[list[str], dict[int, str]]:
    """The game's lines and this turn's ``count`` plays by number, listed with ``l`` when the turn
    groups them by checker (a play made meanwhile is left to the caller to find in the lines)."""
    listed = turn_plays(lines, began, at)
    if len(listed) < count:
        sent = game.send("l")
        try:
            game.wait_for(f"{count}: ", after=sent, timeout=10)
        except TimeoutError:
            pass  # a play made before the list, or the game stopped
        time.sleep(0.1)
        lines = [line for _, line in list(game.lines)]
        listed = numbered(lines)
    return lines, listed


def turn_plays(lines: list[str], began: int, at: int) -> dict[int, str]:
    """The plays listed by number in this turn's lines (``began`` to the prompt at ``at``), by number.

    Only this turn's: a turn whose plays are grouped by checker ("From 22: 8 plays. …") lists
    none, and an earlier turn's list read instead gave each number another play (a play made
    right was counted as acted on wrongly).
    """
    return numbered(lines[began:at])


def numbered(lines: list[str]) -> dict[int, str]:
    """The plays listed just before the end of ``lines`` ("3: 24 to 23, 8 to 2 (24/23 8/2)"), by
    number, in notation."""
    out: dict[int, str] = {}
    for line in reversed(lines):
        head, _, rest = line.partition(": ")
        if not (head.isdigit() and rest):
            if out:
                break
            continue
        if int(head) in out:
            break
        # "8 to 2, 6 to 5 (8/2 6/5)": the play as heard, then its notation
        out[int(head)] = notation(rest)
    return out


def say_play(rig: Rig, game: Game, speaker: Recording, lang: str, k: int, play: str | None, folder: Path,
             played: tuple[str, ...], asked: str, tries: int, home: Path | None = None,
             offered: int | None = None) -> list[str]:
    """Say the number ``k`` (its play ``play``; None: any) until the game acts; what it did each time.

    On a wrong play, the game's last ``voice decision:`` lines (its log in ``home``, at INFO) are
    printed with it: what was heard, the scores and the rule that acted, i.e. the cause.

    The last is "right" (the play chosen at once), "asked_right" ("did you say k?" or, after a "no", "k, then?",
    "yes", the play), "wrong" (another play made) or "missed" (not acted on in ``tries`` tries); before it, an
    "asked_wrong" for each question about another word (answered "no"; said again once the game says so).
    When the game says it stops asking about the number this turn (``given_up``), no more tries: "missed".
    The number is said again as soon as the game answers that it heard something else ("“yes” is
    not possible now", "not understood"), as a player would, not after the whole wait.
    """
    from tavli_voice import words
    from tavli_voice.speech.words import number_text

    heard_else = (words.text("voice.not_now", lang, text="\0", hint="\0").split("\0")[1].strip(),
                  words.text("voice.not_understood", lang, hint="\0").split("\0")[0].strip(),
                  words.text("voice.unsure", lang, hint="\0").split("\0")[0].strip())
    cancelled = words.text("voice.cancelled", lang)
    path, _ = clip(number_text(k, lang), lang, folder)
    out: list[str] = []
    start = time.monotonic()  # a play made between tries (on an answer heard late) counts too
    for _ in range(tries):
        game.send(".")  # the player stops a long reading of the list, then speaks
        try:
            wait_quiet(speaker, 0.4, timeout=15)
        except TimeoutError:
            pass
        said = time.monotonic()
        if not any(at >= start and line.startswith(played) for at, line in list(game.lines)):
            say(rig, path, number_text(k, lang), "number", k, offered)  # (not again once a play was made: judged below)
        begun, yes, answered, refused = time.monotonic(), False, 0, False
        first_said = said
        while time.monotonic() < begun + 12 * game.stretch():
            lines = [line for at, line in list(game.lines) if at >= first_said]
            made = [line for at, line in list(game.lines) if at >= start and line.startswith(played)]
            if made:
                right = play is None or notation(made[0].rstrip(".")) == play
                if not right:
                    print(f"  [{lang}] {time.strftime('%H:%M:%S')} said {k} for {play}, the game made: {made[0]!r}; "
                          "its lines since:",
                          *[f"{(t - first_said) * 1000:+6.0f} {line}" for t, line in list(game.lines)
                            if t >= first_said - 0.5], sep="\n    ")
                    if home is not None:
                        print(f"  [{lang}] the game's last voice decisions:", *voice_decisions(home)[-3:],
                              sep="\n    ")
                return out + [("asked_right" if yes else "right") if right else "wrong"]
            # every question is answered, the newest first: a "yes" to "did you say six?" heard
            # after the game asked again ("did you say one?") must not go unanswered by us
            # (a "did you say …?" or, after a "no", the runner-up's "nine, then?": ``asked_about``)
            question = [(heard, line) for heard, line in ((asked_about(line, lang), line) for line in lines)
                        if heard is not None]
            if any(given_up(line, lang) for line in lines):
                return out + ["missed"]  # the game stops asking this turn and says to type: typed at once
            if len(question) == answered and any(t >= said and (any(h in line for h in heard_else)
                                                                or refused and line.startswith(cancelled))
                                                 for t, line in list(game.lines)):
                break  # heard as another word or not at all, or every guess refused: said again
            if len(question) > answered:
                answered = len(question)
                ours = is_number(question[-1][0], k, lang)
                try:
                    wait_quiet(speaker, 0.4, timeout=10)  # the question is said before the answer
                except TimeoutError:
                    pass
                reply = answer_to(question[-1][1], lang, ours)
                answer, _ = clip(reply, lang, folder)
                said = time.monotonic()
                say(rig, answer, reply, "answer", k if ours else None, offered)
                if not ours:  # the game asks about its runner-up next, or says "cancelled"
                    out.append("asked_wrong")
                    refused, begun = True, time.monotonic()
                    continue
                yes = True
            time.sleep(0.02)
    return out + ["missed"]


def print_match(rig: Rig, langs: list[str], folder: Path, snr: float | None, seed: str, points: int,
                trace: bool, answers: list[str] | None = None, max_turns: int = 80,
                keep_sounds: Path | None = None) -> None:
    """For each language, play ``spoken_match`` and print its counts on one line (``snr`` None: no match);
    ``answers``: the player's yes and no in the first language, in place of the usual ones; ``max_turns``: the
    player's turns said before the match is left unfinished."""
    if answers and langs:
        ANSWER[langs[0]] = {True: answers[0], False: answers[1]}
    for lang in langs if snr is not None else []:
        print_one_match(rig, lang, folder, snr, seed, points, trace, max_turns, keep_sounds)


def print_one_match(rig: Rig, lang: str, folder: Path, snr: float, seed: str, points: int, trace: bool,
                    max_turns: int = 80, keep_sounds: Path | None = None) -> None:
    res = spoken_match(rig, lang, folder, snr, seed, points, trace=trace, max_turns=max_turns,
                       keep_sounds=keep_sounds)
    said = sum(res[k] for k in ("right", "asked_right", "wrong", "missed"))
    print(f"[{lang}] spoken match, tv noise at {snr:g} dB: "
          f"{'finished' if res['finished'] else 'NOT finished'} in {res['seconds']} s, {res['turns']} plays; "
          f"right at once {res['right']}/{said}, right after asking {res['asked_right']}, "
          f"asked with another word {res['asked_wrong']}, acted on wrongly {res['wrong']}, "
          f"not acted on (typed) {res['missed']}; questions asked {res['asked_right'] + res['asked_wrong']}"
          + (f"; a checker picked by another voice cancelled {res['picks_cancelled']} times"
             if res.get("picks_cancelled") else ""))
    per_turn: list[int] = res.get("per_turn", [])
    if per_turn:
        print(f"[{lang}]   the game's questions: {sum(per_turn)} in {len(per_turn)} turns, at most "
              f"{max(per_turn)} in a turn, {sum(per_turn) / len(per_turn):.2f} a turn; it stopped asking and said "
              f"to type in {res['given_up']} turns")
    if "background" in res:
        print(f"[{lang}]   listener: {res['background']} sounds dropped as background, "
              f"{res['dropped_over_narrator']} words dropped over the narrator, "
              f"{res['answers_over_narrator']} answers taken over it, at most {res['behind_max_ms']} ms behind")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--lang", nargs="+", default=["en", "el"])
    ap.add_argument("--busy", type=int, default=0, help="processes keeping the CPU busy")
    ap.add_argument("--self-voice", type=float, default=None,
                    help="seconds of the speaker-into-mic run (0: only the numbers over the narration)")
    ap.add_argument("--over-narration", type=int, default=12,
                    help="numbers the player says over the narration after the self-voice run, per language")
    ap.add_argument("--self-voice-barge-in", default="interrupt", choices=["interrupt", "ignore"],
                    help="the game's --barge-in in the self-voice run (ignore: only the narration alone)")
    ap.add_argument("--early-stop", type=int, default=0, metavar="N",
                    help="per language, N new games with the speaker into the microphone, 'stop' said "
                         "0.8-1.2 s into the opening narration (the echo canceller has heard nothing before)")
    ap.add_argument("--skip-latency", action="store_true")
    ap.add_argument("--engine", default="auto", help="voice engine (as --voice-engine)")
    ap.add_argument("--answers", nargs=2, metavar=("YES", "NO"), default=None,
                    help="the player's words for yes and no (the first --lang's; default yes/no, ναι/όχι), e.g. "
                         "σωστά λάθος, the words the Greek noisy-room advice names")
    ap.add_argument("--trace", action="store_true",
                    help="log at DEBUG and print the game's log around every slow or missed trial")
    ap.add_argument("--numbers", nargs="+", default=None, metavar="WORD",
                    help="the numbers said (1 to 10, in the language of the run; default: "
                         + ", ".join(NUMBERS["en"]) + " / " + ", ".join(NUMBERS["el"]) + ")")
    ap.add_argument("--voice", default=None,
                    help="the player's espeak-ng voice, e.g. el+f3 or en-us+m5 (default: "
                         + " / ".join(VOICE.values()) + ")")
    ap.add_argument("--speed", type=int, default=SPEED[0], help="the player's words a minute")
    ap.add_argument("--figures", nargs="+", default=["key", "stop", "word"],
                    choices=["key", "stop", "word", "loading"],
                    help="loading: keys pressed while the voice engine loads, over --runs new games "
                         "(not by default)")
    ap.add_argument("--tv-noise", type=float, default=None, metavar="SNR",
                    help="a whole match played by voice with television-like noise in the microphone at SNR dB "
                         "below the player's words (per --lang; --match-points, --match-seed)")
    ap.add_argument("--match-points", type=int, default=1)
    ap.add_argument("--match-seed", default="3")
    ap.add_argument("--match-turns", type=int, default=80,
                    help="the player's turns said before the match is left unfinished (default 80, ~13 min; "
                         "the seeded random plays often need more)")
    ap.add_argument("--keep-sounds", type=Path, default=None, metavar="FOLDER",
                    help="in the spoken match, keep every sound the game recognises in FOLDER/<lang> as a WAV, "
                         "with index-<lang>.jsonl pairing each with the player's word it holds and what the "
                         "game did (benchmarks/rig_sounds.py)")
    args = ap.parse_args()
    for lang in args.lang:
        if args.numbers:
            unknown = [w for w in args.numbers if w not in NUMBER_VALUE]
            if unknown:
                ap.error(f"not a number from 1 to 10: {' '.join(unknown)}")
            NUMBERS[lang] = list(args.numbers)
        if args.voice:
            VOICE[lang] = args.voice
    SPEED[0] = args.speed
    rig = Rig()
    rig.start()
    folder = Path(tempfile.mkdtemp(prefix="tavli-bench-clips-"))
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.busy)]
    try:
        load = Path("/proc/loadavg").read_text().split()[:3] if Path("/proc/loadavg").exists() else []
        print(f"sound rig {rig.server}; engine {args.engine}; {args.busy} busy processes; "
              f"player's voice {' / '.join(VOICE[lang] for lang in args.lang)} at {SPEED[0]} words a minute; "
              f"{args.runs} runs per figure; "
              f"load average before: {' '.join(load)}")
        if not args.skip_latency and "loading" in args.figures:
            for lang in args.lang:
                res = while_loading(rig, lang, args.runs, args.engine, args.trace)
                print(f"[{lang}] key -> first audio while the voice loads   {stats(res['loading_key'])}")
                print(f"[{lang}] start -> voice ready   {stats(res['loading_s'])}")
                print(f"[{lang}] underruns from start to loaded, per game: "
                      f"{' '.join(str(int(n)) for n in res['loading_underruns'])}")
        if not args.skip_latency and set(args.figures) - {"loading"}:
            for lang in args.lang:
                res = run_language(rig, lang, args.runs, folder, tuple(args.figures), args.engine,
                                   args.trace)
                print(f"[{lang}] key -> first audio      {stats(res['key'])}")
                print(f"[{lang}] 'stop' -> silence       {stats(res['stop'])}"
                      f"   not stopped within 2.5 s: {len(res.get('stop_missed', []))}")
                print(f"[{lang}] end of word -> action   {stats(res['word'])}"
                      f"   number not acted on: {len(res.get('word_missed', []))}")
                print(f"[{lang}] library lines on screen {int(res['noise'][0])}")
                print(f"[{lang}] output underruns        {int(res['underruns'][0])} "
                      f"({int(res['underruns'][1])} while speech was queued)")
        print_match(rig, args.lang, folder, args.tv_noise, args.match_seed, args.match_points, args.trace,
                    args.answers, args.match_turns, args.keep_sounds)
        for lang in args.lang if args.early_stop else []:
            early_stop(rig, lang, folder, args.early_stop, args.trace)
        if args.self_voice is not None:
            totals: dict[str, int] = {}
            for lang in args.lang:
                for key, value in self_voice(rig, args.self_voice, lang, folder, args.over_narration,
                                              args.self_voice_barge_in, args.trace).items():
                    totals[key] = totals.get(key, 0) + value
            if totals:
                print(f"self-voice, all languages: {totals['acted']} lines printed on its own, "
                      f"{totals['self_stops']} stops of its own speech, {totals['self_pauses']} pauses that went on; "
                      f"numbers over the narration "
                      f"{totals['right'] + totals['asked_right']}/{totals['trials']} right "
                      f"({100 * (totals['right'] + totals['asked_right']) / max(1, totals['trials']):.0f}%; "
                      f"{totals['asked_right']} of them after asking back), "
                      f"{totals['wrong']} wrong play, {totals['asked_wrong']} asked back as another word, "
                      f"{totals['missed']} not acted on, {totals['other_commands']} other commands acted on")
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
