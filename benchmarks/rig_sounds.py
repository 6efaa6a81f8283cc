"""The game's recognised sounds of a spoken match on the sound rig, each paired with what the rig's player said.

The game writes every sound it recognises as a WAV (``TAVLI_VOICE_DUMP=FOLDER``, named
``<time>-<engine>-<text>-<score>.wav``, the time when it was recognised); ``benchmarks/e2e_sound.py
--keep-sounds FOLDER`` sets that folder for the game it starts and notes each word its player says
(``Said``: wall-clock start and end, the word, the number it means). :func:`index` pairs the two by time:

* the sound's end is the time it was recognised less the listener's lag then (its log's next "listener
  behind by N ms" line of ``tavli_voice.speech.listener``), its start that less the WAV's length;
* the player's word is the one whose time overlaps the sound most (none: the television or the narrator);
* what the game did is its next ``voice decision:`` line for that text (the rule, the noise measure, the share).

One JSON line a sound (:func:`write_index`): the labelled noisy words that ``benchmarks/voice_rig_sounds.py``
scores again offline.
"""

from __future__ import annotations

import dataclasses
import json
import re
import wave
from datetime import datetime
from pathlib import Path
from typing import Any


@dataclasses.dataclass(frozen=True, slots=True)
class Said:
    """A word the rig's player said into the microphone: wall-clock ``start``/``end`` (``time.time()``),
    the ``text``, its ``kind`` ("number" or "answer") and, for a number, its value (for an answer: the
    number the question was about, when it was ours); ``offered``: the plays on offer then."""

    start: float
    end: float
    text: str
    kind: str
    number: int | None = None
    offered: int | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class Dumped:
    """A sound the game wrote (``TAVLI_VOICE_DUMP``): its file, when it was recognised, the engine, text and score."""

    path: Path
    at: float
    engine: str
    text: str
    score: float


_NAME = re.compile(r"^(?P<at>\d+\.\d+)-(?P<engine>[^-]+)-(?P<text>.*)-(?P<score>-?\d+\.\d+)\.wav$")


def parse_name(path: Path) -> Dumped | None:
    """The parts of a dumped sound's name (None: not one).

    >>> d = parse_name(Path("1765000000.250-whisper+crop-twenty_one-0.41.wav"))
    >>> d.at, d.engine, d.text, d.score
    (1765000000.25, 'whisper+crop', 'twenty one', 0.41)
    """
    m = _NAME.match(path.name)
    if m is None:
        return None
    return Dumped(path, float(m["at"]), m["engine"], m["text"].replace("_", " "), float(m["score"]))


def wav_seconds(path: Path) -> float:
    """The length of a WAV file in seconds (0 when it cannot be read)."""
    try:
        with wave.open(str(path)) as w:
            return w.getnframes() / w.getframerate()
    except (OSError, EOFError, wave.Error):
        return 0.0


def log_times(lines: list[str]) -> list[tuple[float, str]]:
    """The game's log lines (``%Y-%m-%d %H:%M:%S,%f`` first) as (wall-clock time, the rest); others left out."""
    out: list[tuple[float, str]] = []
    for line in lines:
        try:
            at = datetime.strptime(line[:23], "%Y-%m-%d %H:%M:%S,%f").timestamp()
        except ValueError:
            continue
        out.append((at, line[24:]))
    return out


_BEHIND = re.compile(r"tavli_voice\.speech\.listener: .*listener behind by (\d+) ms")
_DECISION = re.compile(r"voice decision: heard (?P<text>'[^']*'|\"[^\"]*\"|None) as (?P<command>\S+?),? score")


def lag_after(log: list[tuple[float, str]], at: float, within: float = 3.0) -> float | None:
    """The listener's lag (s) on its first line at or after ``at`` (within ``within`` s) that tells it."""
    for t, line in log:
        if at - 0.005 <= t <= at + within:
            m = _BEHIND.search(line)
            if m:
                return int(m[1]) / 1000
    return None


def decision_after(log: list[tuple[float, str]], at: float, text: str, within: float = 3.0) -> str | None:
    """The first ``voice decision:`` line at or after ``at`` (within ``within`` s) for ``text``, from "heard" on."""
    for t, line in log:
        if at - 0.005 <= t <= at + within and "voice decision: " in line:
            m = _DECISION.search(line)
            if m and m["text"].strip("'\"") == text:
                return line.split("voice decision: ", 1)[1]
    return None


def did(decision: str | None) -> str:
    """What the game did with a word, from its decision line's rule: acted, asked, answer, dropped, refused or none.

    >>> did("heard 'two' as ChoosePlay(number=2), score 0.23, ...; asked back: unsure (score 0.23, confirm unsure)")
    'asked'
    >>> did("heard 'no' as No(), score 0.27, ...; the answer to the open question about ChoosePlay(number=2)")
    'answer'
    >>> did("heard 'yes' as None, score 0.27, ...; not understood (not_on_offer): said so")
    'refused'
    """
    if decision is None:
        return "none"
    rule = decision.rsplit("; ", 1)[-1]
    for mark, what in (("dropped", "dropped"), ("answer to the open question", "answer"), ("asked back", "asked"),
                       ("not understood", "refused"), ("not now", "refused"), ("acted", "acted")):
        if mark in rule:
            return what
    return "acted" if " as None" not in decision else "refused"


def decision_figures(decision: str | None) -> dict[str, Any]:
    """The noise measure (dB) and the share of a decision line (None where it has none).

    >>> decision_figures("heard 'yes' ...; crop 0.22-0.81 s of 1.28 s, 5.9 dB over the noise; share 0.46, 0.85 needed")
    {'snr_db': 5.9, 'share': 0.46}
    """
    if decision is None:
        return {"snr_db": None, "share": None}
    snr = re.search(r"(-?\d+(?:\.\d+)?) dB over the noise", decision)
    share = re.search(r"share (\d+(?:\.\d+)?)", decision)
    return {"snr_db": float(snr[1]) if snr else None, "share": float(share[1]) if share else None}


def who_said(said: list[Said], start: float, end: float, slack: float = 0.3) -> Said | None:
    """The player's word that overlaps [``start``, ``end``] (widened by ``slack``) the most; None: none does."""
    best, overlap = None, 0.0
    for s in said:
        o = min(end + slack, s.end) - max(start - slack, s.start)
        if o > overlap:
            best, overlap = s, o
    return best


def index(sounds: list[Dumped], said: list[Said], log: list[tuple[float, str]],
          seconds: dict[Path, float] | None = None) -> list[dict[str, Any]]:
    """One record a dumped sound, in time order: the sound, its estimated time, the player's word it holds and
    what the game did (``seconds``: each file's length; read from the file where missing)."""
    out = []
    for d in sorted(sounds, key=lambda d: d.at):
        length = (seconds or {}).get(d.path)
        if length is None:
            length = wav_seconds(d.path)
        lag = lag_after(log, d.at)
        end = d.at - (lag or 0.0)
        start = end - length
        s = who_said(said, start, end)
        decision = decision_after(log, d.at, d.text)
        out.append({"wav": d.path.name, "at": round(d.at, 3), "start": round(start, 3), "end": round(end, 3),
                    "lag_s": lag, "engine": d.engine, "heard": d.text, "score": d.score,
                    "said": None if s is None else s.text, "said_kind": None if s is None else s.kind,
                    "number": None if s is None else s.number, "offered": None if s is None else s.offered,
                    "did": did(decision)}
                   | decision_figures(decision) | {"decision": decision})
    return out


def write_index(folder: Path, said: list[Said], log_path: Path | None, out: Path) -> list[dict[str, Any]]:
    """:func:`index` of the sounds in ``folder`` against ``said`` and the game's log, written to ``out`` as JSONL."""
    sounds = [d for d in (parse_name(p) for p in sorted(folder.glob("*.wav"))) if d is not None]
    lines = log_path.read_text(errors="replace").splitlines() if log_path is not None and log_path.exists() else []
    records = index(sounds, said, log_times(lines))
    out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))
    return records
