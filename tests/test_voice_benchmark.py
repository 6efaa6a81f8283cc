"""The voice benchmark's sound conditions (benchmarks/noise.py) and what ``hear`` says a game would do.

FSDD recordings: Free Spoken Digit Dataset, CC BY-SA 4.0 (shared/speech/fsdd-dev).
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import noise as sound  # noqa: E402
from speech_helpers import espeak_file, fsdd, game_in_the_play_phase, needs_espeak, needs_fsdd  # noqa: E402
from tavli_voice.speech import audio  # noqa: E402
from tavli_voice.speech.cli import hear_main  # noqa: E402
from tavli_voice.speech.heard import Heard  # noqa: E402


def talkers(seed: int) -> dict[str, list[np.ndarray]]:
    """Made stand-ins for espeak-ng talkers: tone bursts at different rates and pitches."""
    rng = np.random.default_rng(seed)
    out = []
    for k in range(3):
        t = np.arange(2 * sound.RATE) / sound.RATE
        burst = np.sin(2 * np.pi * (150 + 40 * k) * t) * (np.sin(2 * np.pi * (3 + k) * t) > 0)
        out.append(burst + 0.05 * rng.standard_normal(len(t)))
    return {"babble": out, "tv": out[:1]}


def word(seed: int = 0) -> np.ndarray:
    """A made word: 0.4 s of a voiced-like sound with an envelope (no files needed)."""
    rng = np.random.default_rng(seed)
    t = np.arange(int(0.4 * sound.RATE)) / sound.RATE
    x = sum(np.sin(2 * np.pi * 130 * h * t) / h for h in range(1, 12)) * np.sin(np.pi * t / t[-1]) ** 2
    return (0.3 * x + 0.003 * rng.standard_normal(len(t))).astype(np.float32)


def measured_snr(clean: np.ndarray, mixed: np.ndarray, pad: int) -> float:
    """SNR over the word's frames within 30 dB of its loudest (found by tavli_voice's own frame energy)."""
    energy = audio.frame_energy_db(clean)
    mask = np.zeros(len(clean), dtype=bool)
    for k in np.nonzero(energy > energy.max() - 30)[0]:
        mask[k * 160: k * 160 + 400] = True
    noise = mixed[pad: pad + len(clean)].astype(np.float64) - clean
    return float(10 * np.log10(np.mean(clean[mask].astype(np.float64) ** 2) / np.mean(noise[mask] ** 2)))


class TestMix:
    @pytest.mark.parametrize("kind", sound.NOISES)
    def test_same_seed_same_bytes_other_seed_other_bytes(self, kind: str) -> None:
        speech, sources = word(), talkers(1)
        first, _ = sound.mix(speech, kind, 10, np.random.default_rng(5), sources=sources)
        again, _ = sound.mix(speech, kind, 10, np.random.default_rng(5), sources=sources)
        other, _ = sound.mix(speech, kind, 10, np.random.default_rng(6), sources=sources)
        assert first.tobytes() == again.tobytes()
        assert first.tobytes() != other.tobytes()

    @pytest.mark.parametrize("kind", sound.NOISES)
    @pytest.mark.parametrize("snr", [0.0, 5.0, 10.0, 20.0])
    def test_snr_measured_back_over_the_speech_part(self, kind: str, snr: float) -> None:
        speech = word(3)
        mixed, _ = sound.mix(speech, kind, snr, np.random.default_rng(int(snr)), pad_s=0.5, sources=talkers(2))
        assert abs(measured_snr(speech, mixed, int(0.5 * sound.RATE)) - snr) < 0.5

    @needs_fsdd
    def test_snr_on_a_real_recording(self) -> None:
        speech = fsdd(7, "jackson", 3)
        mixed, _ = sound.mix(speech, "pink", 5, np.random.default_rng(0), pad_s=0.3)
        assert abs(measured_snr(speech, mixed, int(0.3 * sound.RATE)) - 5) < 0.5

    def test_noise_is_heard_around_the_word(self) -> None:
        speech = word()
        mixed, noise = sound.mix(speech, "white", 10, np.random.default_rng(0), pad_s=0.5)
        pad = int(0.5 * sound.RATE)
        assert len(mixed) == len(speech) + 2 * pad
        assert np.mean(mixed[:pad] ** 2) > 0.1 * np.mean(noise[pad:-pad] ** 2)
        quiet, _ = sound.mix(speech, None, 10, np.random.default_rng(0), pad_s=0.5)
        assert not quiet[:pad].any() and np.array_equal(quiet[pad:-pad], speech)

    def test_pink_noise_falls_by_3_db_an_octave(self) -> None:
        x = sound.pink(1 << 16, np.random.default_rng(0))
        power = np.abs(np.fft.rfft(x)) ** 2
        f = np.fft.rfftfreq(len(x), 1 / sound.RATE)
        low, high = power[(f > 500) & (f < 1000)].mean(), power[(f > 1000) & (f < 2000)].mean()
        assert 2.0 < 10 * np.log10(low / high) < 4.0

    def test_unknown_noise_is_refused(self) -> None:
        with pytest.raises(ValueError, match="unknown noise"):
            sound.noise("rain", 100, np.random.default_rng(0))


class TestFilters:
    def test_band_8k_leaves_no_energy_above_4_khz(self) -> None:
        mixed, _ = sound.mix(word(), "white", 0, np.random.default_rng(0))
        assert sound.band_energy_db(mixed, 4000) > -10  # white noise: a third of the energy is up there
        phone = sound.telephone(mixed)
        assert sound.band_energy_db(phone, 4000) < -100
        assert sound.band_energy_db(phone, 0) > -1  # the rest is kept

    def test_room_lengthens_the_decay(self) -> None:
        speech = word()
        padded = np.concatenate([speech, np.zeros(sound.RATE, dtype=np.float32)])
        wet = sound.in_room(padded, np.random.default_rng(0), rt60=0.5)
        dry_decay, wet_decay = sound.decay_time(padded), sound.decay_time(wet)
        assert wet_decay > dry_decay + 0.15, (dry_decay, wet_decay)

    def test_room_response_decays_by_60_db_in_rt60(self) -> None:
        h = sound.room_response(np.random.default_rng(1), rt60=0.4)
        assert len(h) == int(0.4 * sound.RATE)
        head = np.mean(h[int(0.01 * sound.RATE): int(0.05 * sound.RATE)] ** 2)
        end = np.mean(h[int(0.35 * sound.RATE):] ** 2)
        assert 10 * np.log10(head / end) > 40
        assert np.array_equal(h, sound.room_response(np.random.default_rng(1), rt60=0.4))


@needs_espeak
def test_hear_says_what_a_game_would_do(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """"act": "ask" with every destructive command and every unsure one, "now" otherwise."""
    for name in ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    out = io.StringIO()
    files = [str(espeak_file(t, "en-us")) for t in ("resign", "seven", "undo", "three")]
    assert hear_main(["--engine", "pocketsphinx", "--phase", "play", *files], out) == 0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines[0]["command"] == {"name": "resign"} and lines[0]["act"] == "ask"
    for line in lines:
        assert line["act"] == ("ask" if line.get("ask") else "now")
        assert (line["act"] == "now") == (line["score"] >= 0.5 and line["command"] != {"name": "resign"})


def _heard(number: int | None, score: float) -> Heard:
    from tavli_voice.commands import ChoosePlay

    return Heard(str(number or ""), None if number is None else ChoosePlay(number), score, 1.0, "test")


@pytest.mark.parametrize("first, again, meant, column", [
    ((3, 0.9), None, 3, "right at once"),
    ((3, 0.1), None, 3, "right with one question"),
    ((5, 0.9), None, 3, "acted on wrongly"),
    ((None, 0.0), None, 3, "not right after two attempts"),
    ((5, 0.1), (3, 0.9), 3, "right with one question"),      # asked, no, then right at once
    ((5, 0.1), (3, 0.1), 3, "right with two questions"),
    ((5, 0.1), (7, 0.9), 3, "acted on wrongly"),              # the repeat acted on wrongly
    ((5, 0.1), (5, 0.9), 3, "not right after two attempts"),  # the refused word again: asked back
    ((5, 0.1), (7, 0.1), 3, "not right after two attempts"),
    ((5, 0.1), (None, 0.0), 3, "not right after two attempts"),
])
def test_a_conversation_is_counted_in_its_column(first: tuple, again: tuple | None, meant: int,
                                                  column: str) -> None:
    from benchmarks.voice import CONVERSATION_COLUMNS, conversation_outcome

    one = _heard(*first)
    two = None if again is None else _heard(*again)
    assert column in CONVERSATION_COLUMNS
    assert conversation_outcome(one, one.text == str(meant), two,
                                two is not None and two.text == str(meant)) == column


class _Preferring:
    """A made engine: the first of its preferences among the phrases it is given, at its score."""

    def __init__(self, prefer: list[tuple[int, float]]) -> None:
        self.prefer = prefer
        self.given: list[tuple[str, ...]] = []

    def recognize(self, _sound: np.ndarray, items: tuple) -> Heard:
        self.given.append(tuple(p.text for p in items))
        offered = {getattr(p.command, "number", None) for p in items}
        return _heard(*next((n, s) for n, s in self.prefer if n in offered))


def test_the_repeat_is_said_only_after_a_wrong_question_and_heard_without_the_refused_word() -> None:
    from benchmarks.voice import converse
    from tavli_voice.commands import ChoosePlay
    from tavli_voice.speech.grammar import Options, phrases

    items = phrases(Options(plays=9), "en")
    said: list[int] = []

    def again() -> np.ndarray:
        said.append(1)
        return word(1)

    engine = _Preferring([(5, 0.9), (3, 0.9)])  # hears "five" sure whenever it may
    first = _heard(5, 0.1)  # asked back, and wrong: "three" was said
    assert converse(engine, first, ChoosePlay(3), items, again) == {
        "whole list": "not right after two attempts", "refused left out": "right with one question",
        "both attempts": "right with one question"}
    assert said == [1]
    assert "five" in engine.given[0] and "five" not in engine.given[1] and "three" in engine.given[1]
    assert len(engine.given) == 2  # the list without the refused word is heard once for both modes
    # right at once, or acted on wrongly: nothing is said again
    assert set(converse(engine, _heard(3, 0.9), ChoosePlay(3), items, again).values()) == {"right at once"}
    assert set(converse(engine, _heard(5, 0.9), ChoosePlay(3), items, again).values()) == {"acted on wrongly"}
    assert said == [1] and len(engine.given) == 2


@needs_fsdd
def test_the_english_repeat_is_the_speakers_next_take_of_the_digit_in_the_same_part(tmp_path: Path) -> None:
    from benchmarks.voice import FSDD, repeat_sound

    for take, other in ((12, 13), (39, 0), (45, 46), (49, 40)):
        again = repeat_sound("en", f"3_lucas_{take}.wav", FSDD, tmp_path)
        assert np.array_equal(again, fsdd(3, "lucas", other))
        assert not np.array_equal(again, fsdd(3, "lucas", take))


def test_the_repeat_heard_is_told_for_the_jsonl_with_its_share_over_both_attempts() -> None:
    """``converse``'s details: the repeat heard without the refused command, its score, whether it was
    right and unsure, and the likeliest command over both attempts with its share (``fusion.with_first``)."""
    import dataclasses

    from benchmarks.voice import converse
    from tavli_voice.commands import ChoosePlay
    from tavli_voice.speech.grammar import Options, phrases

    items = phrases(Options(plays=9), "en")
    first = dataclasses.replace(_heard(5, 0.1), shares=((ChoosePlay(5), 0.5), (ChoosePlay(3), 0.3),
                                                        (ChoosePlay(7), 0.2)))

    class _Sharing(_Preferring):
        def recognize(self, sound: np.ndarray, items: tuple) -> Heard:
            heard = super().recognize(sound, items)
            return dataclasses.replace(heard, shares=((heard.command, 0.6), (ChoosePlay(7), 0.4)))

    details: dict[str, object] = {}
    converse(_Sharing([(5, 0.9), (3, 0.2)]), first, ChoosePlay(3), items, lambda: word(1), None, details)
    assert details["command"] == {"name": "select", "number": 3} and details["right"] is True
    assert details["unsure"] is True and details["score"] == 0.2 and details["engine"] == "test"
    # three: 0.3 x 0.6 = 0.18, seven: 0.2 x 0.4 = 0.08 (five, refused, left out)
    assert details["both"] == details["command"] and details["both_share"] == pytest.approx(0.18 / 0.26, abs=1e-4)
    assert details["first_shares"] == [({"name": "select", "number": 5}, 0.5), ({"name": "select", "number": 3}, 0.3),
                                       ({"name": "select", "number": 7}, 0.2)]
    assert details["shares"] == [({"name": "select", "number": 3}, 0.6), ({"name": "select", "number": 7}, 0.4)]
    told: dict[str, object] = {}
    converse(_Sharing([(3, 0.9)]), _heard(3, 0.9), ChoosePlay(3), items, lambda: word(1), None, told)
    assert told == {}  # right at once: nothing said again


def test_a_decoy_heard_in_the_repeat_is_not_on_offer_as_in_the_game() -> None:
    """With the play phase's decoys (``--decoys``), a yes heard when the number is said again is "not on offer",
    as the game says it: never taken for a play, nor weighed with the first attempt."""
    import dataclasses

    from benchmarks.voice import converse
    from tavli_voice.commands import ChoosePlay, Yes
    from tavli_voice.speech.grammar import Options, Phrase, phrases

    offered = phrases(Options(plays=9), "en")
    items = (*offered, Phrase(("yes",), Yes(), decoy=True))
    first = dataclasses.replace(_heard(5, 0.1), shares=((ChoosePlay(5), 0.5), (Yes(), 0.3), (ChoosePlay(3), 0.2)))

    class _Agreeing:
        def recognize(self, _sound: np.ndarray, _items: tuple) -> Heard:
            return Heard("yes", Yes(), 0.45, 1.0, "test", shares=((Yes(), 0.95), (ChoosePlay(3), 0.05)))

    details: dict[str, object] = {}
    talk = converse(_Agreeing(), first, ChoosePlay(3), items, lambda: word(1), None, details, None, offered)
    assert details["command"] is None and details["both"] is None
    assert set(talk.values()) == {"not right after two attempts"}


def test_the_runner_up_is_told_with_the_repeat_heard_without_both_refused() -> None:
    """``converse``'s runner-up: the first attempt's next likeliest number after the "no", its share without the
    refused one, whether right, and the repeat heard against the list without both, as the game decides it."""
    import dataclasses

    from benchmarks.voice import converse
    from tavli_voice.commands import ChoosePlay
    from tavli_voice.speech.grammar import Options, phrases

    items = phrases(Options(plays=9), "en")
    first = dataclasses.replace(_heard(5, 0.1), shares=((ChoosePlay(5), 0.5), (ChoosePlay(7), 0.3),
                                                        (ChoosePlay(3), 0.2)))
    engine = _Preferring([(5, 0.9), (7, 0.9), (3, 0.2)])
    runner: dict[str, object] = {}
    converse(engine, first, ChoosePlay(3), items, lambda: word(1), None, None, runner)
    assert runner["command"] == {"name": "select", "number": 7} and runner["right"] is False
    assert runner["share"] == pytest.approx(0.6)
    assert "five" not in engine.given[-1] and "seven" not in engine.given[-1]
    assert runner["again"] == "asked right"  # "three" heard unsure: asked back, then right
    assert runner["again_unsure"] is True and runner["again_engine"] == "test" and runner["again_both"] is None
    sure = _Preferring([(5, 0.9), (7, 0.9), (8, 0.9)])
    converse(sure, first, ChoosePlay(3), items, lambda: word(1), None, None, runner)
    assert runner["again"] == "acts wrong"
    right_away: dict[str, object] = {}
    converse(engine, first, ChoosePlay(7), items, lambda: word(1), None, None, right_away)
    assert right_away["right"] is True
    untold: dict[str, object] = {}
    converse(engine, _heard(5, 0.1), ChoosePlay(3), items, lambda: word(1), None, None, untold)
    assert untold == {}  # no shares told: no runner-up


def test_the_choice_hears_the_number_said_again_among_the_refused_words_next_likeliest_numbers() -> None:
    """``--choice``: after the "no" to "five", the number said again is heard against the two (three) likeliest other
    play numbers of the first attempt alone, and beside the decoys, each told with whether the game acts on it."""
    import dataclasses

    from benchmarks.voice import converse
    from tavli_voice.commands import ChoosePlay, No
    from tavli_voice.speech.grammar import Options, Phrase, phrases

    items = (*phrases(Options(plays=9), "en"), Phrase(("no",), No(), decoy=True))
    first = dataclasses.replace(_heard(5, 0.1), shares=((ChoosePlay(5), 0.5), (No(), 0.2), (ChoosePlay(7), 0.15),
                                                        (ChoosePlay(3), 0.1), (ChoosePlay(1), 0.05)))
    engine = _Preferring([(5, 0.9), (3, 0.9), (7, 0.2)])
    choice: dict[str, object] = {}
    converse(engine, first, ChoosePlay(7), items, lambda: word(1), None, None, None, None, choice)
    two, three = choice["choice"]["2"], choice["choice"]["3"]  # type: ignore[index]
    assert two["named"] == [{"name": "select", "number": 7}, {"name": "select", "number": 3}]
    assert two["meant_named"] is True and len(three["named"]) == 3
    assert ("three", "seven") in engine.given and ("three", "seven", "no") in engine.given
    assert two["alone"]["command"] == {"name": "select", "number": 3} and two["alone"]["right"] is False
    assert two["alone"]["acts"] is True  # "three" heard sure among the two
    untold: dict[str, object] = {}
    converse(engine, first, ChoosePlay(5), items, lambda: word(1), None, None, None, None, untold)
    assert untold == {}  # "five" asked back and right: no "no", nothing said again


@pytest.mark.parametrize("first, heard, full, needed, agrees, column", [
    ("right at once", None, None, 0.5, True, "right at once"),
    ("right after asking back", None, None, 0.5, True, "right with one question"),
    ("no answer", None, None, 0.5, True, "not right"),
    ("asked, then wrong", (8, True, 0.7), 8, 0.5, True, "right with one question"),
    ("asked, then wrong", (8, True, 0.7), 8, 0.8, True, "right with two questions"),  # asked back, right
    ("asked, then wrong", (8, True, 0.7), 3, 0.5, True, "right with two questions"),  # the whole list heard 3
    ("asked, then wrong", (8, True, 0.7), 3, 0.5, False, "right with one question"),
    ("asked, then wrong", (3, False, 0.9), 3, 0.5, True, "acted on wrongly"),  # "eight" said, not named
    ("asked, then wrong", (3, False, 0.4), 3, 0.5, True, "not right"),
])
def test_the_choice_after_a_no_is_counted_in_its_column(first: str, heard: tuple | None, full: int | None,
                                                         needed: float, agrees: bool, column: str) -> None:
    from benchmarks.voice_choice import COLUMNS, choice_outcome

    line: dict = {"outcome": first}
    if heard is not None:
        number, right, share = heard
        line["again"] = {"command": {"name": "select", "number": full}, "choice": {"2": {"alone": {
            "command": {"name": "select", "number": number}, "right": right,
            "both": {"name": "select", "number": number}, "both_share": share}}}}
    assert column in COLUMNS
    assert choice_outcome(line, "2", "alone", needed, agrees) == column


@pytest.mark.parametrize("today, runner, needed, column, said_again", [
    ("right at once", None, 0.3, "right at once", False),
    ("right with one question", None, 0.3, "right with one question", False),  # asked and right
    ("right with one question", {"share": 0.2, "right": True, "again": "acts right"}, 0.3,
     "right with one question", True),  # runner-up too unlikely: the repeat acted on at once
    ("not right after two attempts", {"share": 0.2, "right": True, "again": "not right"}, 0.3, "not right", True),
    ("not right after two attempts", {"share": 0.5, "right": True, "again": "not right"}, 0.3,
     "right with two questions", False),
    ("right with two questions", {"share": 0.5, "right": False, "again": "asked right"}, 0.3,
     "right with three questions", True),
    ("right with one question", {"share": 0.5, "right": False, "again": "acts wrong"}, 0.3, "acted on wrongly", True),
    ("right with one question", {"share": 0.5, "right": False, "again": "not right"}, 2.0,
     "right with one question", True),  # never asked: the game as before
])
def test_the_runner_up_flow_is_counted_in_its_column(today: str, runner: dict | None, needed: float, column: str,
                                                      said_again: bool) -> None:
    from benchmarks.voice import RUNNER_UP_COLUMNS, runner_up_outcome

    assert column in RUNNER_UP_COLUMNS
    assert runner_up_outcome(today, runner, needed) == (column, said_again)


@needs_fsdd
def test_another_offset_takes_other_fsdd_files_at_the_same_step() -> None:
    from benchmarks.voice import FSDD, fsdd_files

    first, other = fsdd_files(FSDD, 5), fsdd_files(FSDD, 5, 2)
    assert len(first) == len(other) > 0
    assert not {p for p, *_ in first} & {p for p, *_ in other}
    every = fsdd_files(FSDD, 1)
    assert other == every[2::5]


def test_the_repeat_rule_is_tried_again_from_recorded_lines(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """voice_repeat_rule.py counts, from --jsonl lines, the unsure repeats a rule would act on, right / wrong:
    a wrong one nearly sure alone is caught only by a higher share over both."""
    from benchmarks.voice_repeat_rule import main

    three, five = {"name": "select", "number": 3}, {"name": "select", "number": 5}

    def line(clip: str, command: dict, right: bool, share: float, score: float, unsure: bool = True) -> str:
        return json.dumps({"lang": "el", "condition": "white 10 dB", "clip": clip, "held_out": False, "again": {
            "command": command, "score": score, "right": right, "unsure": unsure, "doubtful": False,
            "both": command, "both_share": share}})

    path = tmp_path / "run.jsonl"
    path.write_text("\n".join([line("a", three, True, 0.95, 0.42), line("b", five, False, 0.88, 0.41),
                               line("c", three, True, 0.99, 0.9, unsure=False),
                               json.dumps({"lang": "el", "condition": "white 10 dB", "clip": "d"})]) + "\n")
    assert main([str(path), "--shares", "0.85,0.9", "--alone", "0.4"]) == 0
    out = capsys.readouterr().out
    assert "el white 10 dB: 2 candidates of 3 repeats, 1 right" in out
    assert out.splitlines()[-1].split() == ["0.40", "1/1", "1/0"]


def test_the_repeat_rule_counts_only_the_repeats_of_the_engine_asked_for(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture) -> None:
    """voice_repeat_rule.py --engine: only the repeats that engine decided (Moonshine's second opinion renames the
    English engine whisper+crop+moonshine where it weighed the repeat), candidates and repeats alike."""
    from benchmarks.voice_repeat_rule import main

    three = {"name": "select", "number": 3}

    def line(clip: str, engine: str, right: bool, share: float) -> str:
        return json.dumps({"lang": "en", "condition": "babble 10 dB", "clip": clip, "held_out": False, "again": {
            "command": three, "score": 0.45, "engine": engine, "right": right, "unsure": True, "doubtful": False,
            "both": three, "both_share": share}})

    path = tmp_path / "run.jsonl"
    path.write_text("\n".join([line("a", "whisper+crop+moonshine", True, 0.95),
                               line("b", "whisper+crop", False, 0.99),
                               line("c", "whisper+crop+moonshine", False, 0.7)]) + "\n")
    assert main([str(path), "--engine", "whisper+crop+moonshine", "--shares", "0.5,0.9", "--alone", "0"]) == 0
    out = capsys.readouterr().out
    assert "en babble 10 dB: 2 candidates of 2 repeats, 1 right" in out
    assert out.splitlines()[-1].split() == ["0.00", "1/1", "1/0"]
    assert main([str(path), "--shares", "0.5,0.9", "--alone", "0"]) == 0
    assert "3 candidates of 3 repeats" in capsys.readouterr().out


def test_the_repeat_rule_meets_the_repeats_as_the_game_does_after_the_runner_up() -> None:
    """voice_repeat_rule.py --after-runner-up R: where the first attempt's runner-up had at least R it was asked
    first; right, nothing is said again; refused, the repeat is the number heard without both."""
    from benchmarks.voice_repeat_rule import candidates

    three, eight = {"name": "select", "number": 3}, {"name": "select", "number": 8}

    def line(clip: str, share: float, right: bool) -> dict:
        return {"lang": "en", "condition": "tv 10 dB", "clip": clip, "again": {
            "command": three, "score": 0.45, "engine": "e", "right": False, "unsure": True, "doubtful": False,
            "both": three, "both_share": 0.95, "runner_up": {
                "command": eight, "share": share, "right": right, "again": "asked right", "again_command": eight,
                "again_score": 0.4, "again_engine": "e", "again_unsure": True, "again_both": eight,
                "again_both_share": 0.7}}}

    lines = [line("runner-up right", 0.6, True), line("runner-up refused", 0.6, False), line("not asked", 0.2, False)]
    assert [c[3] for c in candidates(lines)["en tv 10 dB"]] == ["runner-up right", "runner-up refused", "not asked"]
    assert candidates(lines, runner_up=0.3)["en tv 10 dB"] == [(0.7, 0.4, True, "runner-up refused"),
                                                              (0.95, 0.45, False, "not asked")]


def test_the_repeat_rule_can_ask_for_the_repeats_own_share_and_two_commands_weighed_in_each_attempt() -> None:
    from benchmarks.voice_repeat_rule import candidates

    three, five, seven = ({"name": "select", "number": n} for n in (3, 5, 7))

    def line(clip: str, first: list, shares: list) -> dict:
        return {"lang": "el", "condition": "quiet", "clip": clip, "command": five, "again": {
            "command": three, "score": 0.45, "right": True, "unsure": True, "doubtful": False, "both": three,
            "both_share": 0.95, "first_shares": first, "shares": shares}}

    lines = [line("wide", [(five, 0.5), (three, 0.3), (seven, 0.2)], [(three, 0.9), (seven, 0.1)]),
             line("faint", [(five, 0.5), (three, 0.3), (seven, 0.2)], [(three, 0.6), (seven, 0.4)]),
             line("narrow", [(five, 0.6), (three, 0.4)], [(three, 0.9), (seven, 0.1)])]
    assert [c[3] for c in candidates(lines)["el quiet"]] == ["wide", "faint", "narrow"]
    assert [c[3] for c in candidates(lines, own=0.8)["el quiet"]] == ["wide", "narrow"]
    assert [c[3] for c in candidates(lines, own=0.8, weighed=2)["el quiet"]] == ["wide"]


def test_the_runner_up_rule_is_tabulated_again_from_recorded_lines(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture) -> None:
    """voice_repeat_rule.py --runner-up: from --jsonl lines, each share R's table; a runner-up under R is not asked
    (the word is said again as today), one at R or over is, and right saves the player saying it again."""
    from benchmarks.voice_repeat_rule import main

    def line(clip: str, outcome: str, again: dict | None = None, held_out: bool = False) -> str:
        return json.dumps({"lang": "en", "condition": "babble 10 dB", "clip": clip, "held_out": held_out,
                           "outcome": outcome, **({"again": again} if again else {})})

    path = tmp_path / "run.jsonl"
    path.write_text("\n".join([
        line("a", "right at once"),
        line("b", "asked, then wrong", {"outcome": "not right after two attempts",
                                        "runner_up": {"share": 0.45, "right": True, "again": "not right"}}),
        line("c", "asked, then wrong", {"outcome": "right with two questions",
                                        "runner_up": {"share": 0.8, "right": False, "again": "asked right"}}),
        line("d", "asked, then wrong", {"outcome": "not right after two attempts"}, held_out=True)]) + "\n")
    assert main([str(path), "--runner-up", "0.3,0.5,2", "--held-out", "tuning"]) == 0
    rows = [x.split() for x in capsys.readouterr().out.splitlines() if x.startswith("  en babble")]
    # condition R n right at-once 1q 2q 3q wrong not again, the runner-up asked and right
    assert [r[4:] for r in rows] == [
        ["0.30", "3", "100.0", "33.3", "0.0", "33.3", "33.3", "0.0", "0.0", "33.3", "66.7", "33.3"],
        ["0.50", "3", "66.7", "33.3", "0.0", "0.0", "33.3", "0.0", "33.3", "66.7", "33.3", "0.0"],
        ["2.00", "3", "66.7", "33.3", "0.0", "33.3", "0.0", "0.0", "33.3", "66.7", "0.0", "0.0"]]


def _word(score: float = 0.9, shares: int = 2, snr: float | None = None, doubtful: bool = False,
          number: int | None = 1) -> Heard:
    """Play ``number`` as English Whisper with the crop hears it: its score, ``shares`` commands weighed (one:
    the engine weighed it alone), ``snr`` dB over the noise (None: a quiet room)."""
    from tavli_voice.commands import ChoosePlay, Hint

    command = None if number is None else ChoosePlay(number)
    weighed = ((command, 1.0),) if shares == 1 else ((command, score), (Hint(), 1.0 - score))
    return Heard("one" if number else "", command, score if number else 0.0, 20.0, "whisper+crop",
                 reason="" if number else "no_match", doubtful=doubtful, snr=snr,
                 shares=weighed if number else ())


@pytest.mark.parametrize("word, game_column, score_column", [
    (_word(1.0, shares=1, snr=5.1), "right after asking back", "right at once"),  # under ACT_SNR_DB
    (_word(1.0, shares=1, snr=8.2), "right at once", "right at once"),            # loud enough
    (_word(1.0, shares=1, snr=None), "right at once", "right at once"),           # no noise measured
    (_word(0.9, shares=2, snr=5.1), "right after asking back", "right at once"),  # two weighed, as low
    (_word(0.3, shares=2, snr=20.0), "right after asking back", "right after asking back"),  # unsure
    (_word(0.9, doubtful=True), "right after asking back", "right after asking back"),  # over the narrator
    (_word(number=None), "no answer", "no answer"),
])
def test_the_benchmark_counts_a_word_as_the_game_decides_it_at_a_fresh_play_question(
        word: Heard, game_column: str, score_column: str) -> None:
    """The benchmark's column for a word said rightly is what the game's voice source does with the same word
    (acts on it, asks "did you say …?", or says it was not understood); the score alone (``should_confirm``,
    the benchmark before) acts on a word heard 5.1 dB over the noise that the game asks back."""
    from benchmarks.voice import record_outcome

    app, source, _, out, _ = game_in_the_play_phase()
    out.put(word)
    done = source.poll()
    game = "right at once" if done == word.command and done is not None else \
        "right after asking back" if word.command is not None and source.held == word.command else "no answer"
    assert record_outcome(word, True) == game == game_column
    assert record_outcome(word, True, "score") == score_column
    wrong = {"right at once": "acted on wrongly", "right after asking back": "asked, then wrong"}
    assert record_outcome(word, False) == wrong.get(game_column, game_column)


def test_a_repeat_the_engine_weighed_alone_low_over_the_noise_is_asked_back_as_the_game_does() -> None:
    """After "did you say five?" — "no", three said again and heard as the lone candidate 5.1 dB over the
    noise: the game asks it back (``ACT_SNR_DB``), so it is right with two questions, not one; 8.2 dB over
    the noise it is acted on at once, and heard wrong there it is a wrong play acted on."""
    from benchmarks.voice import conversation_outcome

    first = _word(0.3, number=5)
    low, loud = _word(1.0, shares=1, snr=5.1, number=3), _word(1.0, shares=1, snr=8.2, number=3)
    for both in (False, True):
        assert conversation_outcome(first, False, low, True, both) == "right with two questions"
        assert conversation_outcome(first, False, loud, True, both) == "right with one question"
        assert conversation_outcome(first, False, low, False, both) == "not right after two attempts"
        assert conversation_outcome(first, False, loud, False, both) == "acted on wrongly"


def test_with_points_on_offer_the_play_phase_hears_them_and_counts_them_as_the_game_decides() -> None:
    """``--points``: "from"/"to" points beside the plays (as the game offers a checker's pick); a point heard in
    noise is counted asked back as the game asks it back, and the second table acts on it at once as before."""
    from benchmarks.voice import play_options, points_acted_on, record_outcome
    from tavli_voice import commands as C
    from tavli_voice.speech.grammar import phrases
    from tavli_voice.ui import voice_decision

    heard = {p.command for p in phrases(play_options(9, 24), "el")}
    assert {C.FromPoint(21), C.ToPoint(3), C.ChoosePlay(9)} <= heard and C.FromPoint(25) not in heard
    assert not any(isinstance(c, C.FromPoint) for c in (p.command for p in phrases(play_options(9), "el")))
    point = Heard("από είκοσι μία", C.FromPoint(21), 1.0, 0.0, "pocketsphinx+whisper+crop", snr=10.6)
    assert record_outcome(point, False) == "asked, then wrong"
    assert points_acted_on(point, False) == "acted on wrongly"
    assert points_acted_on(point, True) == "right at once"
    assert voice_decision.POINT_SNR_DB == 21.0  # put back after the second table
    number = Heard("είκοσι έξι", C.ChoosePlay(6), 1.0, 0.0, "pocketsphinx+whisper+crop")
    assert record_outcome(number, True) == points_acted_on(number, True) == "right at once"
