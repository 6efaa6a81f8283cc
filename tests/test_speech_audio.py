"""Sound files, resampling, decoder input and voice-activity detection."""

from __future__ import annotations

import struct
from pathlib import Path

import numpy as np
import pytest

from tavli_voice.speech import audio
from tavli_voice.audio.capture import ArraySource, AudioUnavailable, Microphone
from tavli_voice.speech.vad import EnergyVad, Onset, Utterance, VadSettings


def tone(freq: float, seconds: float, rate: int = 16000, level: float = 0.3) -> np.ndarray:
    t = np.arange(int(seconds * rate)) / rate
    return (level * np.sin(2 * np.pi * freq * t)).astype(np.float32)


def peak_hz(samples: np.ndarray, rate: int) -> float:
    spectrum = np.abs(np.fft.rfft(samples * np.hanning(len(samples))))
    return float(np.fft.rfftfreq(len(samples), 1 / rate)[np.argmax(spectrum)])


def wav_bytes(data: bytes, rate: int, bits: int, channels: int, fmt: int = 1) -> bytes:
    fmt_chunk = struct.pack("<HHIIHH", fmt, channels, rate, rate * channels * bits // 8, channels * bits // 8, bits)
    body = b"WAVE" + b"fmt " + struct.pack("<I", len(fmt_chunk)) + fmt_chunk
    body += b"LIST" + struct.pack("<I", 4) + b"INFO"  # an extra chunk to skip
    body += b"data" + struct.pack("<I", len(data)) + data
    return b"RIFF" + struct.pack("<I", len(body)) + body


class TestFiles:
    def test_16_bit_round_trip(self, tmp_path: Path) -> None:
        x = tone(440, 0.2)
        audio.write_wav(tmp_path / "a.wav", x)
        y, rate = audio.read_wav(tmp_path / "a.wav")
        assert rate == 16000 and np.max(np.abs(y - x)) < 1e-4

    @pytest.mark.parametrize("bits,fmt,dtype", [(8, 1, None), (24, 1, None), (32, 1, "<i4"), (32, 3, "<f4")])
    def test_other_sample_formats_and_stereo(self, tmp_path: Path, bits: int, fmt: int, dtype: str | None) -> None:
        x = tone(300, 0.1, 8000, 0.5)
        stereo = np.repeat(x, 2)
        if bits == 8:
            data = np.round(stereo * 127 + 128).astype(np.uint8).tobytes()
        elif bits == 24:
            ints = np.round(stereo * (2**23 - 1)).astype("<i4")
            data = b"".join(int(v).to_bytes(3, "little", signed=True) for v in ints)
        elif fmt == 3:
            data = stereo.astype("<f4").tobytes()
        else:
            data = np.round(stereo * (2**31 - 1)).astype("<i4").tobytes()
        (tmp_path / "b.wav").write_bytes(wav_bytes(data, 8000, bits, 2, fmt))
        y, rate = audio.read_wav(tmp_path / "b.wav")
        assert rate == 8000 and len(y) == len(x)
        assert np.max(np.abs(y - x)) < 0.02

    def test_not_a_wav_is_a_clear_error(self, tmp_path: Path) -> None:
        (tmp_path / "c.wav").write_bytes(b"hello")
        with pytest.raises(audio.AudioFileError):
            audio.read_wav(tmp_path / "c.wav")

    @pytest.mark.parametrize("rate", [8000, 11025, 22050, 44100, 48000])
    def test_any_rate_is_resampled_to_16k_keeping_pitch(self, rate: int) -> None:
        x = tone(1000, 0.5, rate)
        y = audio.to_rate(x, rate)
        assert abs(len(y) - 8000) <= 1
        assert abs(peak_hz(y, 16000) - 1000) < 5
        assert abs(np.sqrt(np.mean(y**2)) - np.sqrt(np.mean(x**2))) < 0.01

    def test_decoder_input_is_trimmed_padded_and_repeatable(self) -> None:
        x = np.concatenate([np.zeros(16000, np.float32), tone(500, 0.3), np.zeros(16000, np.float32)])
        raw = audio.for_decoder(x)
        assert raw == audio.for_decoder(x)
        samples = len(raw) // 2
        assert 0.3 * 16000 + 2 * 0.2 * 16000 <= samples < 0.3 * 16000 + 2 * 0.2 * 16000 + 0.1 * 16000
        ints = np.frombuffer(raw, "<i2")
        assert 5 < np.std(ints[:1000]) < 50  # faint noise floor, not digital silence


    def test_decoder_input_is_at_one_level_whatever_the_speaker(self) -> None:
        loud, quiet = tone(500, 0.3, level=0.3), tone(500, 0.3, level=0.01)
        assert np.percentile(np.abs(audio.normalise(quiet)), 99.9) == pytest.approx(audio.LEVEL, rel=0.01)
        assert np.percentile(np.abs(audio.normalise(loud)), 99.9) == pytest.approx(audio.LEVEL, rel=0.01)
        whisper = tone(500, 0.3, level=1e-5)  # 40 dB of gain at most: near-silence stays quiet
        assert np.max(np.abs(audio.normalise(whisper))) <= 1e-5 * 100 * 1.01
        a, b = (np.frombuffer(audio.for_decoder(x), "<i2").astype(int) for x in (quiet, quiet * 20))
        assert len(a) == len(b) and np.max(np.abs(a - b)) <= 1  # any level in, the same PCM out (to rounding)
        assert audio.normalise(np.zeros(0, np.float32)).size == 0


class TestVad:
    def stream(self, *parts: tuple[str, float]) -> np.ndarray:
        rng = np.random.default_rng(3)
        out = []
        for kind, seconds in parts:
            n = int(seconds * 16000)
            out.append(tone(300, seconds) * np.hanning(n).astype(np.float32) ** 0.1 if kind == "tone"
                       else 0.001 * rng.standard_normal(n).astype(np.float32))
        return np.concatenate(out)

    def run(self, samples: np.ndarray, settings: VadSettings = VadSettings(), muted_from: float = 99.0):
        vad = EnergyVad(settings)
        events = []
        for k in range(0, len(samples), 320):
            events += vad.feed(samples[k:k + 320], muted=k / 16000 >= muted_from)
        return events + vad.flush()

    def test_two_words_two_utterances_with_onsets(self) -> None:
        events = self.run(self.stream(("quiet", 0.5), ("tone", 0.4), ("quiet", 0.5), ("tone", 0.3), ("quiet", 0.5)))
        kinds = [type(e) for e in events]
        assert kinds == [Onset, Utterance, Onset, Utterance]
        first = events[1]
        assert isinstance(first, Utterance)
        assert 0.3 <= first.start <= 0.5 and 0.9 <= first.end <= 1.2
        assert abs(events[0].time - 0.5) < 0.05

    def test_a_short_gap_inside_a_word_does_not_split_it(self) -> None:
        events = self.run(self.stream(("quiet", 0.5), ("tone", 0.3), ("quiet", 0.08), ("tone", 0.3), ("quiet", 0.5)))
        assert sum(isinstance(e, Utterance) for e in events) == 1

    def test_clicks_are_dropped(self) -> None:
        events = self.run(self.stream(("quiet", 0.5), ("tone", 0.05), ("quiet", 0.5)))
        assert not any(isinstance(e, Utterance) for e in events)

    def test_speech_while_the_narrator_speaks_is_marked(self) -> None:
        events = self.run(self.stream(("quiet", 0.5), ("tone", 0.4), ("quiet", 0.5)), muted_from=0.6)
        utterances = [e for e in events if isinstance(e, Utterance)]
        assert len(utterances) == 1 and utterances[0].muted

    def test_steady_noise_raises_the_floor_instead_of_triggering(self) -> None:
        rng = np.random.default_rng(5)
        noise = (0.02 * rng.standard_normal(3 * 16000)).astype(np.float32)
        assert not any(isinstance(e, Utterance) for e in self.run(noise))


class TestCapture:
    def test_array_source_gives_blocks_then_ends(self) -> None:
        source = ArraySource(np.zeros(1000, np.float32), block_s=0.02)
        blocks = []
        while (block := source.read()) is not None:
            blocks.append(block)
        assert sum(len(b) for b in blocks) == 1000 and source.exhausted

    def test_no_microphone_is_one_clear_message_key(self) -> None:
        class NoDevices:
            @staticmethod
            def query_devices(device=None, kind=None):
                raise RuntimeError("Error querying device -1")

        with pytest.raises(AudioUnavailable) as err:
            Microphone(sd=NoDevices).start()  # type: ignore[arg-type]
        assert err.value.key == "mic_missing"

    def test_this_machine_without_a_microphone(self) -> None:
        try:
            mic = Microphone()
            mic.start()
        except AudioUnavailable as err:
            assert err.key in ("mic_missing", "portaudio_missing")
        else:  # pragma: no cover - a machine with a microphone
            mic.stop()
