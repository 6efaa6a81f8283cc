"""The spoken match's kept sounds are paired by time with the rig player's words and the game's decisions."""

from __future__ import annotations

import json
import time
import wave
from datetime import datetime
from pathlib import Path

import numpy as np

from benchmarks.rig_sounds import Said, index, log_times, parse_name, who_said, write_index

T0 = datetime(2026, 12, 7, 4, 0, 0).timestamp()


def stamp(t: float) -> str:
    """``t`` as the game's log writes it (local time, to the ms)."""
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(t)) + f",{round((t % 1) * 1000):03d}"


def made_up_log() -> list[str]:
    listener = "DEBUG tavli_voice.speech.listener: voice utterance:"
    return [
        f"{stamp(T0 + 2.30)} {listener} 'three' ChoosePlay (0.52, whisper+crop, 300 ms) listener behind by 400 ms",
        f"{stamp(T0 + 2.31)} INFO tavli_voice.ui.voice_input: voice decision: heard 'three' as ChoosePlay(number=3), "
        "score 0.52, whisper+crop; crop 0.1-0.8 s of 0.9 s, 4.9 dB over the noise; share 0.61, 0.85 needed to act "
        "at once; asked back: noisy (score 0.52)",
        f"{stamp(T0 + 2.40)} DEBUG tavli_voice.speech.listen_guess: voice: guessing after 20 ms of quiet, "
        "listener behind by 9000 ms",
        f"{stamp(T0 + 5.50)} {listener} 'yes' Yes (0.90, whisper+crop, 200 ms) listener behind by 300 ms",
        f"{stamp(T0 + 5.51)} INFO tavli_voice.ui.voice_input: voice decision: heard 'yes' as Yes(), score 0.90, "
        "whisper+crop; crop 0.1-0.5 s of 0.6 s, 12.0 dB over the noise; share 0.93, 0.70 needed to act at once; "
        "the answer to the open question about ChoosePlay(number=8)",
        f"{stamp(T0 + 9.00)} {listener} 'five' ChoosePlay (0.30, whisper+crop, 200 ms) listener behind by 100 ms",
        "a continued line (a traceback) has no time",
    ]


def test_each_sound_is_paired_with_the_word_said_over_it_and_what_the_game_did() -> None:
    # the player says "eight" 0.5-1.2 s, "yes" 4.6-5.0 s; the game hears "three" at 2.3 s, 0.4 s behind, from a
    # 0.9 s sound (1.0-1.9 s: mostly after the word, but overlapping it), "yes" at 5.5 s, and at 9.0 s "five" from
    # the television (nothing said then)
    said = [Said(T0 + 0.5, T0 + 1.2, "eight", "number", 8, 11), Said(T0 + 4.6, T0 + 5.0, "yes", "answer", 8, 11)]
    sounds = [parse_name(Path(f"{T0 + t:.3f}-whisper+crop-{text}-{score}.wav"))
              for t, text, score in ((9.0, "five", "0.30"), (2.299, "three", "0.52"), (5.499, "yes", "0.90"))]
    assert all(s is not None for s in sounds)
    seconds = {s.path: length for s, length in zip(sounds, (0.5, 0.9, 0.6)) if s is not None}
    records = index([s for s in sounds if s is not None], said, log_times(made_up_log()), seconds)
    assert [r["heard"] for r in records] == ["three", "yes", "five"]  # in time order
    three, yes, five = records
    assert (three["said"], three["number"], three["said_kind"], three["offered"]) == ("eight", 8, "number", 11)
    assert three["lag_s"] == 0.4  # the listener's line, not the guesser's 9 s
    assert abs(three["end"] - (T0 + 1.899)) < 0.01 and abs(three["start"] - (T0 + 0.999)) < 0.01
    assert (three["did"], three["snr_db"], three["share"]) == ("asked", 4.9, 0.61)
    assert (yes["said"], yes["said_kind"], yes["did"], yes["snr_db"]) == ("yes", "answer", "answer", 12.0)
    assert (five["said"], five["number"], five["did"], five["decision"]) == (None, None, "none", None)


def test_the_word_overlapping_most_is_chosen() -> None:
    said = [Said(10.0, 10.5, "two", "number", 2), Said(11.0, 12.0, "no", "answer")]
    assert who_said(said, 10.4, 11.3) == said[1]  # widened by the slack 0.3 s: 0.4 s of "two", 0.6 s of "no"
    assert who_said(said, 10.0, 10.6) == said[0]
    assert who_said(said, 13.0, 14.0) is None


def test_names_that_are_not_dumped_sounds_are_left_out(tmp_path: Path) -> None:
    assert parse_name(Path("notes.wav")) is None
    assert parse_name(Path("1765.5-whisper-double-talk.npz")) is None
    rate = 16000
    with wave.open(str(tmp_path / f"{T0 + 2.299:.3f}-whisper+crop-three-0.52.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(np.zeros(int(0.9 * rate), dtype=np.int16).tobytes())
    (tmp_path / "other.wav").write_bytes(b"")
    log = tmp_path / "tavli-voice.log"
    log.write_text("\n".join(made_up_log()) + "\n")
    out = tmp_path / "index.jsonl"
    records = write_index(tmp_path, [Said(T0 + 0.5, T0 + 1.2, "eight", "number", 8)], log, out)
    assert [json.loads(line) for line in out.read_text().splitlines()] == records
    assert len(records) == 1 and records[0]["said"] == "eight" and records[0]["did"] == "asked"


def test_a_rule_on_the_rig_sounds_counts_a_wrong_play_its_snr_floor_holds_off() -> None:
    from benchmarks.voice_rig_sounds import acts, rig_kind

    # "sixteen" heard as "six" by both engines, sure of it, 5.55 dB over the noise (a rig sound)
    six = {"said_kind": "number", "meant": "select 16", "snr": 5.55, "decided": "low_in_noise", "because": None,
           "whisper": [["select 6", 0.9696], ["select 16", 0.0304]], "whisper_own": -2.075,
           "moonshine": [["select 6", 0.9105], ["select 16", 0.0895]]}
    assert acts(six, 0.9, 0.65, 6.0) is None
    assert acts(six, 0.9, 0.65, 5.0) == "select 6" and rig_kind(six, "select 6") == "wrong play"
    assert acts(six, 0.95, 0.65, None) is None and acts(six, 0.9, 0.98, None) is None
    assert rig_kind({**six, "meant": "select 26"}, "select 20") == "prefix"  # "twenty" of "twenty six": held
    assert rig_kind(six, "select 16") == "right" and rig_kind(six, "yes") == "answer"
    # the engines disagreeing, or a word asked back for another reason, is never acted on by the rule
    assert acts({**six, "moonshine": [["select 16", 0.95], ["select 6", 0.05]]}, 0.5, 0.0, None) is None
    assert acts({**six, "decided": "sure"}, 0.5, 0.0, None) is None
