"""Speech out: clean-up, real espeak-ng synthesis into a RecordingSink, fallbacks,
earcons and the settings file. Headless: no audio device is used."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
import time
import wave
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings as hsettings, strategies as st

from tavli_voice.words import SPEECH_FALLBACK_MESSAGES
from tavli_voice.narration import backend
from tavli_voice.narration.backend import fallback_message, make_speaker
from tavli_voice.audio.earcons import EARCONS, earcon
from tavli_voice.narration.narrator import Narrator
from tavli_voice.narration.priorities import Priority, Verbosity
from tavli_voice.narration.settings import (
    SettingsStatus, SpeechSettings, default_settings_path, load_speech_settings, read_section,
    save_speech_settings, write_section,
)
from tavli_voice.narration.speaker import (
    EngineSpeaker, EspeakProcessSynth, EspeakSpeaker, PlaybackBuffer, Pyttsx3Synth, RecordingSink,
    SilentSpeaker, SynthesisError, parse_wav_stream,
)
from tavli_voice.narration.speechtext import SPEAKABLE_PUNCTUATION, clean_for_speech, speak_play
from tavli_voice.narration.utterance import Pause, Utterance, VoiceKind

needs_espeak = pytest.mark.espeak

SENTENCES = {
    "en": ["Your dice: six and five.", "Opponent played 13/7* 8/7.", "No legal play: you are closed out.",
           "You win the game, 2 points."],
    "el": ["Τα ζάρια σας: έξι και πέντε.", "Ο αντίπαλος έπαιξε 13/7* 8/7.", "Εξάρες!",
           "Δεν υπάρχει κίνηση: είστε κλεισμένος."],
}


def rms(x: np.ndarray) -> float:
    return float(np.sqrt(np.mean(np.square(x)))) if x.size else 0.0


# ------------------------------------------------------------------ clean-up
class TestCleanForSpeech:
    @pytest.mark.parametrize("text, lang, spoken", [
        ("13/7*", "en", "from 13 to 7, hitting"),
        ("13/7*", "el", "από το 13 στο 7 με χτύπημα"),
        ("24/18 13/8", "en", "from 24 to 18, from 13 to 8"),
        ("bar/22", "en", "from the bar to 22"),
        ("bar/22", "el", "από την μπάρα στο 22"),
        ("6/off", "en", "from 6, bearing off"),
        ("6/off", "el", "από το 6 έξω"),
        ("8/5(2)", "en", "from 8 to 5, two checkers"),
        ("8/5(2)", "el", "δύο πούλια από το 8 στο 5"),
        ("13/7^", "en", "from 13 to 7, pinning"),  # R1: Plakoto pin
        ("13/7^", "el", "από το 13 στο 7 με πλάκωμα"),
        ("24/18*/13", "en", "from 24 to 18, hitting, to 13"),
        ("Dice: 6-5", "en", "Dice: 6 5"),
        ("θέσεις 1–6", "el", "θέσεις 1 έως 6"),
        ("1. 24/18\n2. 24/13", "en", "1, from 24 to 18. 2, from 24 to 13."),
        ("- one\n- two", "en", "one. two."),
        ("α & β", "el", "α και β"),
        ("Εξάρες!", "el", "Εξάρες!"),
        ("six and five", "en", "six and five"),
    ])
    def test_table(self, text: str, lang: str, spoken: str) -> None:
        assert clean_for_speech(text, lang) == spoken

    def test_speak_play(self) -> None:
        assert speak_play("24/18 13/8", "el") == "από το 24 στο 18, από το 13 στο 8"

    def test_unknown_language(self) -> None:
        with pytest.raises(ValueError):
            clean_for_speech("x", "fr")

    @hsettings(max_examples=300, deadline=None)
    @given(st.text(alphabet=st.characters(exclude_categories=["Cs"]), max_size=60),
           st.sampled_from(["en", "el"]))
    def test_only_words_digits_and_pause_punctuation(self, text: str, lang: str) -> None:
        out = clean_for_speech(text, lang)
        bad = [c for c in out if not (c.isalnum() or c == " " or c in SPEAKABLE_PUNCTUATION)]
        assert bad == [] and "_" not in out and out == out.strip()

    @needs_espeak
    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_espeak_never_reads_symbol_names(self, lang: str) -> None:
        """What reaches espeak-ng must not be read as "slash", "asterisk", "circumflex"."""
        text = clean_for_speech("13/7* 8/7^ 6-5 bar/22 6/off", lang)
        phonemes = subprocess.run(["espeak-ng", "-q", "-x", "-v", lang], input=text.encode(),
                                  capture_output=True, check=True).stdout.decode()
        raw = subprocess.run(["espeak-ng", "-q", "-x", "-v", lang], input=b"13/7*",
                             capture_output=True, check=True).stdout.decode()
        assert "sl'aS" in raw  # espeak would say "slash" for the raw notation
        for name in ("sl'aS", "ast@r", "s'3:kVmfl", "d'aS"):
            assert name not in phonemes


# -------------------------------------------------------------- synthesis
@needs_espeak
class TestEspeakSynthesis:
    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_every_sentence_yields_audio(self, lang: str) -> None:
        sink = RecordingSink()
        speaker = EspeakSpeaker(sink)
        try:
            for sentence in SENTENCES[lang]:
                sink.clear()
                speaker.speak(Utterance.from_text(sentence, lang=lang))
                assert speaker.wait_idle(10)
                audio = sink.audio()
                assert audio.size > 0.3 * 22050, sentence
                assert rms(audio) > 0.02, sentence
                assert np.all(np.isfinite(audio)) and np.max(np.abs(audio)) <= 1.0
            assert speaker.last_error is None
        finally:
            speaker.close()

    def test_languages_sound_different(self) -> None:
        synth = EspeakProcessSynth()
        en, rate = synth.synthesize("six and five", lang="en", rate=175, pitch=50)
        el, _ = synth.synthesize("έξι και πέντε", lang="el", rate=175, pitch=50)
        assert rate == 22050 and en.size and el.size and en.size != el.size

    def test_greek_text_with_english_voice_is_not_silent(self) -> None:
        audio, _ = EspeakProcessSynth().synthesize("εξάρες", lang="el", rate=175, pitch=50)
        assert rms(audio) > 0.02

    def test_text_starting_with_dash_is_spoken_not_an_option(self) -> None:
        audio, _ = EspeakProcessSynth().synthesize("-3 pips", lang="en", rate=175, pitch=50)
        assert audio.size > 0

    def test_unknown_voice_raises(self) -> None:
        with pytest.raises(SynthesisError):
            EspeakProcessSynth().synthesize("hello", lang="xx-none", rate=175, pitch=50)

    def test_pauses_earcon_and_order(self) -> None:
        sink = RecordingSink()
        speaker = EspeakSpeaker(sink)
        try:
            speaker.speak(Utterance(("Plays", Pause(400), "one"), earcon="dice"))
            assert speaker.wait_idle(10)
        finally:
            speaker.close()
        chunks = [c for c, _ in sink.chunks]
        assert len(chunks) == 4
        assert np.array_equal(chunks[0], earcon("dice"))
        assert chunks[2].size == 400 * 22050 // 1000 and not chunks[2].any()
        assert rms(chunks[1]) > 0.02 and rms(chunks[3]) > 0.02

    def test_earcons_off_and_volume(self) -> None:
        loud, quiet = RecordingSink(), RecordingSink()
        a = EspeakSpeaker(loud)
        b = EspeakSpeaker(quiet, volume=0.25, earcons=False)
        try:
            for sp in (a, b):
                sp.speak(Utterance.from_text("six and five", earcon="your_turn"))
                assert sp.wait_idle(10)
        finally:
            a.close()
            b.close()
        assert len(loud.chunks) == 2 and len(quiet.chunks) == 1
        assert rms(quiet.audio()) == pytest.approx(0.25 * rms(loud.chunks[1][0]), rel=0.05)

    def test_system_voice_differs_from_game_voice(self) -> None:
        sinks = {}
        for kind in VoiceKind:
            sink = RecordingSink()
            sp = EspeakSpeaker(sink)
            sp.speak(Utterance.from_text("Settings saved.", voice=kind))
            assert sp.wait_idle(10)
            sp.close()
            sinks[kind] = sink.audio()
        assert not np.array_equal(sinks[VoiceKind.GAME], sinks[VoiceKind.SYSTEM])

    def test_cancel_stops_at_once_and_nothing_plays_after(self) -> None:
        now = [0.0]
        sink = RecordingSink(clock=lambda: now[0])  # time stands still: audio "plays" forever
        sp = EspeakSpeaker(sink)
        try:
            sp.speak(Utterance.from_items([f"item {i}" for i in range(1, 7)], lang="en"))
            deadline = time.monotonic() + 5
            while "play" not in sink.log and time.monotonic() < deadline:
                time.sleep(0.001)
            assert sp.is_speaking() and sink.is_playing()
            sp.cancel()
            assert not sp.is_speaking() and not sink.is_playing()
            stop_at = len(sink.log)
            time.sleep(0.15)  # the worker would have synthesised the rest by now
            assert sink.log[stop_at - 1] == "stop" and len(sink.log) == stop_at
        finally:
            sp.close()

    def test_speaking_state_follows_playback_clock(self) -> None:
        now = [0.0]
        sink = RecordingSink(clock=lambda: now[0])
        sp = EspeakSpeaker(sink, poll_s=0.001)
        try:
            sp.speak(Utterance.from_text("six and five"))
            deadline = time.monotonic() + 5
            while not sink.chunks and time.monotonic() < deadline:
                time.sleep(0.001)
            time.sleep(0.02)
            assert sp.is_speaking()
            now[0] = 100.0  # the audio has been heard
            assert sp.wait_idle(2)
        finally:
            sp.close()

    def test_narrator_end_to_end_to_a_wav_file(self, tmp_path: Path) -> None:
        sink = RecordingSink()
        speaker = EspeakSpeaker(sink)
        changes: list[bool] = []
        n = Narrator(speaker, settings=SpeechSettings(lang="el"), on_speaking_changed=changes.append)
        try:
            n.say(Utterance.from_text("Τα ζάρια σας: 6 5.", lang="el", turn=1, earcon="dice"))
            n.say(Utterance.from_text("Παίξατε 13/7* 8/7.", lang="el", turn=1))
            n.say(Utterance.from_text("Game over.", lang="en", turn=1, priority=Priority.IMPORTANT))
            deadline = time.monotonic() + 10
            while n.is_speaking() and time.monotonic() < deadline:
                n.pump()
                time.sleep(0.002)
            n.pump()
        finally:
            n.close()
        assert changes == [True, False]
        assert len(sink.chunks) == 4  # earcon + three sentences
        path = tmp_path / "narration.wav"
        sink.write_wav(path)
        with wave.open(str(path)) as w:
            assert w.getnframes() > 22050 and w.getframerate() == 22050


class TestPyttsx3:
    def test_pyttsx3_synthesises_both_languages_quietly(self, capfd: pytest.CaptureFixture[str]) -> None:
        pytest.importorskip("pyttsx3")
        synth = Pyttsx3Synth()
        try:
            en, rate = synth.synthesize("six and five", lang="en", rate=175, pitch=50)
            el, _ = synth.synthesize("έξι και πέντε", lang="el", rate=175, pitch=50)
        except SynthesisError as exc:
            pytest.skip(f"pyttsx3 unusable here: {exc}")
        assert rate == 22050 and rms(en) > 0.02 and rms(el) > 0.02
        assert "Audio saved" not in capfd.readouterr().out


# ---------------------------------------------------------------- fallbacks
class TestFallback:
    def test_speech_off_is_silent_without_message(self) -> None:
        sp, key = make_speaker(SpeechSettings(enabled=False), "en")
        assert isinstance(sp, SilentSpeaker) and key is None

    @pytest.mark.parametrize("lang", ["en", "el"])
    def test_missing_espeak(self, lang: str) -> None:
        sp, key = make_speaker(SpeechSettings(), lang, finder=lambda name: None)
        assert isinstance(sp, SilentSpeaker) and key == backend.NO_ESPEAK
        assert "espeak-ng" in fallback_message(key, lang)

    def test_broken_engine_means_no_voice(self) -> None:
        sp, key = make_speaker(SpeechSettings(), "en", finder=lambda name: "/bin/false",
                               sink=RecordingSink())
        assert isinstance(sp, SilentSpeaker) and key == backend.NO_VOICE

    @needs_espeak
    @pytest.mark.parametrize("problem", [backend.NO_AUDIO, backend.NO_PORTAUDIO])
    def test_missing_audio(self, problem: str) -> None:
        sp, key = make_speaker(SpeechSettings(), "el", audio_probe=lambda: problem)
        assert isinstance(sp, SilentSpeaker) and key == problem

    @needs_espeak
    def test_injected_sink_gives_a_real_speaker(self) -> None:
        sp, key = make_speaker(SpeechSettings(rate=200), "el", sink=RecordingSink())
        assert isinstance(sp, EngineSpeaker) and key is None
        sp.close()

    def test_this_machine_probe_does_not_raise(self) -> None:
        assert backend.probe_audio() in (None, backend.NO_AUDIO, backend.NO_PORTAUDIO)

    def test_messages_complete_in_both_languages(self) -> None:
        for key, texts in SPEECH_FALLBACK_MESSAGES.items():
            assert set(texts) == {"en", "el"}, key
            assert re.search("[α-ωΑ-Ω]", texts["el"]) and texts["en"].isascii()
        assert fallback_message(backend.NO_AUDIO, "fr") == SPEECH_FALLBACK_MESSAGES[backend.NO_AUDIO]["en"]


# ------------------------------------------------------------- audio sinks
class TestSinks:
    def test_playback_buffer_fills_blocks_across_chunks(self) -> None:
        buf = PlaybackBuffer()
        buf.push(np.arange(1, 4, dtype=np.float32))
        buf.push(np.arange(4, 6, dtype=np.float32))
        assert buf.fill(4).tolist() == [1, 2, 3, 4] and buf.pending == 1
        assert buf.fill(3).tolist() == [5, 0, 0] and buf.pending == 0
        buf.push(np.ones(10, dtype=np.float32))
        buf.clear()
        assert buf.fill(2).tolist() == [0, 0]

    def test_parse_wav_rejects_garbage(self) -> None:
        with pytest.raises(SynthesisError):
            parse_wav_stream(b"not a wav" * 10)

    def test_recording_sink_resamples_when_joining(self) -> None:
        sink = RecordingSink()
        sink.play(np.ones(100, dtype=np.float32), 11025)
        assert sink.audio(22050).size == 200

    def test_sounddevice_sink_on_a_null_alsa_device(self, tmp_path: Path) -> None:
        """Smoke test of the real PortAudio path with ALSA's null device (no sound card)."""
        if not Path("/usr/share/alsa/alsa.conf").exists():
            pytest.skip("no ALSA configuration")
        conf = tmp_path / "asound.conf"
        conf.write_text("</usr/share/alsa/alsa.conf>\npcm.!default { type null }\n")
        script = textwrap.dedent("""
            import time, numpy as np
            from tavli_voice.narration.backend import probe_audio
            from tavli_voice.narration.speaker import SoundDeviceSink
            problem = probe_audio()
            if problem is not None:
                print("SKIP", problem)
                raise SystemExit(0)
            sink = SoundDeviceSink()
            sink.open()
            sink.play(np.zeros(22050, dtype=np.float32), 22050)
            sink.stop()
            assert not sink.is_playing()
            sink.play(np.zeros(2205, dtype=np.float32), 44100)
            deadline = time.monotonic() + 3
            while sink.is_playing() and time.monotonic() < deadline:
                time.sleep(0.01)
            assert not sink.is_playing()
            sink.close()
            print("OK")
        """)
        env = dict(os.environ, ALSA_CONFIG_PATH=str(conf))
        proc = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True,
                              timeout=30)
        if proc.stdout.startswith("SKIP"):
            pytest.skip(f"no PortAudio/ALSA null device here: {proc.stdout.strip()}")
        assert proc.returncode == 0 and "OK" in proc.stdout, proc.stderr


# ----------------------------------------------------------------- earcons
class TestEarcons:
    @pytest.mark.parametrize("name", sorted(EARCONS))
    def test_short_soft_deterministic(self, name: str) -> None:
        a = earcon(name)
        assert a.dtype == np.float32 and 0.05 * 22050 < a.size < 0.5 * 22050
        assert np.all(np.isfinite(a)) and np.max(np.abs(a)) == pytest.approx(0.5, abs=1e-3)
        assert abs(float(a[0])) < 0.05 and abs(float(a[-1])) < 0.05  # no clicks
        earcon.cache_clear()
        assert np.array_equal(a, earcon(name))  # seeded: the same every time
        assert not a.flags.writeable

    def test_the_earcons_a_game_needs_exist(self) -> None:
        assert {"your_turn", "dice", "not_understood", "error"} <= set(EARCONS)


# ----------------------------------------------------------------- settings
class TestSettings:
    def test_round_trip(self, tmp_path: Path) -> None:
        path = tmp_path / "cfg" / "settings.json"
        s = SpeechSettings(enabled=False, verbosity=Verbosity.TERSE, rate=230, volume=0.6,
                           earcons=False, lang="el")
        save_speech_settings(s, path)
        loaded, status = load_speech_settings(path)
        assert loaded == s and status is SettingsStatus.OK

    def test_missing_file_gives_defaults(self, tmp_path: Path) -> None:
        loaded, status = load_speech_settings(tmp_path / "none.json")
        assert loaded == SpeechSettings() and status is SettingsStatus.MISSING

    @pytest.mark.parametrize("content", ["{not json", "[1, 2]", "", "\xff\xfe"])
    def test_corrupt_file_gives_defaults_and_flag(self, tmp_path: Path, content: str) -> None:
        path = tmp_path / "settings.json"
        path.write_text(content, encoding="latin-1")
        loaded, status = load_speech_settings(path)
        assert loaded == SpeechSettings() and status is SettingsStatus.CORRUPT
        save_speech_settings(SpeechSettings(rate=200), path)
        assert load_speech_settings(path) == (SpeechSettings(rate=200), SettingsStatus.OK)
        assert len(list(tmp_path.glob("settings.json.corrupt-*"))) == 1

    def test_bad_values_default_only_those_fields(self, tmp_path: Path) -> None:
        path = tmp_path / "settings.json"
        path.write_text(json.dumps({"speech": {"rate": "fast", "volume": 3, "lang": "el",
                                               "enabled": "yes", "verbosity": "chatty", "x": 1}}))
        loaded, status = load_speech_settings(path)
        assert status is SettingsStatus.INVALID
        assert loaded == SpeechSettings(lang="el", verbosity=Verbosity.CHATTY)

    def test_other_sections_survive(self, tmp_path: Path) -> None:
        path = tmp_path / "settings.json"
        write_section(path, "scanning", {"step_ms": 1500})
        save_speech_settings(SpeechSettings(lang="el"), path)
        write_section(path, "voice", {"engine": "vosk"})
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert doc["scanning"] == {"step_ms": 1500} and doc["voice"] == {"engine": "vosk"}
        assert doc["speech"]["lang"] == "el"
        assert read_section(path, "scanning") == ({"step_ms": 1500}, SettingsStatus.OK)

    def test_default_path(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.delenv("TAVLI_VOICE_HOME", raising=False)
        monkeypatch.setenv("XDG_CONFIG_HOME", "/x/cfg")
        assert default_settings_path() == Path("/x/cfg/tavli_voice/settings.json")
        monkeypatch.delenv("XDG_CONFIG_HOME")
        monkeypatch.setenv("HOME", "/home/a")
        assert default_settings_path() == Path("/home/a/.config/tavli_voice/settings.json")
        # one folder for everything when $TAVLI_VOICE_HOME is set
        assert default_settings_path({"TAVLI_VOICE_HOME": "/tv"}) == Path("/tv/settings.json")

    def test_validation(self) -> None:
        with pytest.raises(ValueError):
            SpeechSettings(rate=10)
        with pytest.raises(ValueError):
            SpeechSettings(volume=1.5)
        with pytest.raises(ValueError):
            SpeechSettings(lang="de")
