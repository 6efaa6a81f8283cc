"""A word that came through a narrow band (an 8 kHz microphone: nothing above 4 kHz) is scored on the crop and the crop
pre-emphasized ("bright", ``fusion.brightened``) instead of the crop and its band (``crop.NARROW_VIEWS``): the band
view of such a sound is the crop again. A full-band sound keeps ``crop.VIEWS``. The scores are a scripted engine's;
what is checked is which views it was given."""

from __future__ import annotations

import numpy as np
import pytest

from speech_helpers import espeak, needs_espeak
from tavli_voice.commands import ChoosePlay
from tavli_voice.speech.audio import RATE, Samples
from tavli_voice.speech.crop import NARROW_VIEWS, VIEWS, SpeechCrop, load_detector
from tavli_voice.speech.fusion import band_limited, brightened, narrow_band, view
from tavli_voice.speech.grammar import Phrase
from tavli_voice.speech.heard import Heard

ITEMS = (Phrase(("seven",), ChoosePlay(7)), Phrase(("one",), ChoosePlay(1)))


class Recording:
    """Scores "seven" over "one" on every view, and keeps each view it was given."""

    name = "whisper"

    def __init__(self) -> None:
        self.heard: list[np.ndarray] = []

    def scores(self, audio: Samples, items: tuple[Phrase, ...]) -> np.ndarray:
        self.heard.append(np.asarray(audio, dtype=np.float32).copy())
        return np.array([-1.0 if p.command == ChoosePlay(7) else -3.0 for p in items])

    def recognize(self, audio: Samples, items: tuple[Phrase, ...]) -> Heard:
        raise AssertionError("the crop scores the views itself")


def eight_khz(x: np.ndarray) -> np.ndarray:
    """``x`` as an 8 kHz microphone gives it at 16 kHz: nothing above 4 kHz."""
    spectrum = np.fft.rfft(np.asarray(x, dtype=np.float64))
    f = np.fft.rfftfreq(len(x), 1 / RATE)
    return np.fft.irfft(spectrum * (f < 3900), len(x)).astype(np.float32)


def seven() -> np.ndarray:
    rng = np.random.default_rng(3)
    pad = np.zeros(8000)
    x = np.concatenate([pad, espeak("seven"), pad])
    return (x + 0.002 * rng.standard_normal(len(x))).astype(np.float32)


def test_english_hears_a_narrow_band_word_on_the_crop_and_its_bright_view() -> None:
    assert VIEWS["en"] == ("crop", "band") and NARROW_VIEWS["en"] == ("crop", "bright")


def test_narrow_band_tells_an_8_khz_sound_from_a_full_band_one() -> None:
    rng = np.random.default_rng(1)
    noise = rng.standard_normal(RATE).astype(np.float32)
    assert not narrow_band(noise) and narrow_band(eight_khz(noise))
    assert not narrow_band(np.zeros(RATE, dtype=np.float32))  # silence: no band to tell


def test_the_bright_view_lifts_the_upper_band_at_the_same_level() -> None:
    t = np.arange(RATE) / RATE
    low, high = np.sin(2 * np.pi * 200 * t), np.sin(2 * np.pi * 3000 * t)
    x = (low + 0.1 * high).astype(np.float32)
    y = brightened(x)
    assert float(np.std(y)) == pytest.approx(float(np.std(x)), rel=1e-4)
    spectrum = np.abs(np.fft.rfft(y))
    assert spectrum[3000] > spectrum[200]  # 3 kHz over 200 Hz once pre-emphasized, 20 dB under it before
    assert np.array_equal(view("crop", x), x) and np.allclose(view("band", x), band_limited(x))


@needs_espeak
@pytest.mark.parametrize("narrow", [True, False])
def test_the_crop_scores_the_bright_view_only_where_the_sound_is_narrow(narrow: bool) -> None:
    engine = Recording()
    cropped = SpeechCrop(engine, load_detector(), views=VIEWS["en"])  # type: ignore[arg-type]
    cropped.narrow_views = NARROW_VIEWS["en"]
    x = eight_khz(seven()) if narrow else seven()
    heard = cropped.recognize(x, ITEMS)
    assert heard.command == ChoosePlay(7) and cropped.last_span is not None
    assert heard.narrow is narrow  # told to the decision (listen_decide.DECOY_RUNNER_UP_ASKED_BACK)
    first, second = engine.heard[0], engine.heard[1]
    expected = brightened(first) if narrow else band_limited(first)
    assert np.allclose(second, expected, atol=1e-6)


@needs_espeak
def test_without_narrow_views_a_narrow_sound_keeps_the_views() -> None:
    engine = Recording()
    cropped = SpeechCrop(engine, load_detector(), views=VIEWS["en"])  # type: ignore[arg-type]
    cropped.recognize(eight_khz(seven()), ITEMS)
    assert np.allclose(engine.heard[1], band_limited(engine.heard[0]), atol=1e-6)
