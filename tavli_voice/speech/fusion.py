"""Hearing one word several ways: the candidates' scores on several views of the sound, added up.

One view of a noisy word can mislead Whisper where another does not: the crop
to the loudest speech keeps the word but also the noise under it; the same crop
band-limited to 250-3800 Hz leaves out a television's bass line and the hiss above
the voice. ``fused_scores`` scores the turn's phrases on each view (the engine's
``scores``: mean log-probability per token of each phrase) and averages them, so
a phrase must sound right in every view to win. ``decide`` then takes the most
probable phrase and its share of the phrases scored, as the Whisper engine does
for one view.

>>> import numpy as np
>>> x = np.sin(2 * np.pi * 100 * np.arange(1600) / 16000).astype(np.float32)
>>> float(np.abs(band_limited(x)).max()) < 0.01  # 100 Hz is below the band
True
>>> decide(np.array([-1.0, -3.0, -1.0]), ["a", "b", "a"])
(0, 0.9...)
>>> rival(np.array([-1.0, -3.0, -1.0, -2.0]), ["yes", "nine", "yes", "no"], 0)
('no', 0.18...)

A word said again after a "no" is weighed with the first attempt (``with_first``): the two
attempts' shares multiplied over the commands weighed in both, the refused one left out.

>>> first = command_shares(np.array([-1.0, -1.5, -4.0]), ["three", "eight", "two"])
>>> again = command_shares(np.array([-1.2, -1.0]), ["two", "eight"])
>>> with_first(first, again, "three")
('eight', 0.93...)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from .audio import RATE, Samples
from .grammar import Phrase

#: The band kept by ``band_limited`` (Hz): a voice's formants, without a television's bass or hiss above 4 kHz.
BAND_LOW_HZ, BAND_HIGH_HZ = 250.0, 3800.0

Scorer = Callable[[Samples, tuple[Phrase, ...]], npt.NDArray[np.float64]]


def band_limited(audio: Samples, low_hz: float = BAND_LOW_HZ, high_hz: float = BAND_HIGH_HZ) -> Samples:
    """``audio`` with nothing below ``low_hz`` or above ``high_hz`` (float32, same length)."""
    x = np.asarray(audio, dtype=np.float64)
    spectrum = np.fft.rfft(x)
    f = np.fft.rfftfreq(len(x), 1 / RATE)
    out: Samples = np.fft.irfft(spectrum * ((f >= low_hz) & (f <= high_hz)), len(x)).astype(np.float32)
    return out


#: The "bright" view's pre-emphasis: each sample less this part of the one before (a first-order high-pass lifting
#: the upper formants about 6 dB an octave), so that a word heard through a narrow band (an 8 kHz microphone: nothing
#: above 4 kHz) in a reverberant room keeps its consonants' cues (``brightened``; ``crop.NARROW_VIEWS``).
BRIGHT_PRE = 0.95
#: Where the sound holds less than this much of its energy above NARROW_ABOVE_HZ (dB), it came through a narrow band
#: (an 8 kHz microphone, a telephone, a Bluetooth headset's voice channel): ``narrow_band``.
NARROW_DB, NARROW_ABOVE_HZ = -50.0, 4000.0


def brightened(audio: Samples, pre: float = BRIGHT_PRE) -> Samples:
    """``audio`` pre-emphasized (each sample less ``pre`` of the one before) at its own level (float32, same length).

    >>> t = np.arange(1600) / 16000
    >>> low, high = np.sin(2 * np.pi * 100 * t), np.sin(2 * np.pi * 3000 * t)
    >>> spectrum = np.abs(np.fft.rfft(brightened((low + 0.1 * high).astype(np.float32))))
    >>> bool(spectrum[300] > spectrum[10])  # 3 kHz (bin 300) now over 100 Hz (bin 10), 20 dB under it before
    True
    """
    x = np.asarray(audio, dtype=np.float64)
    if not len(x):
        return np.asarray(audio, dtype=np.float32)
    y = np.concatenate([x[:1], x[1:] - pre * x[:-1]])
    level = float(np.std(y))
    out: Samples = (y * (float(np.std(x)) / level if level > 0 else 1.0)).astype(np.float32)
    return out


def narrow_band(audio: Samples) -> bool:
    """Whether ``audio`` came through a narrow band: under NARROW_DB of its energy above NARROW_ABOVE_HZ.

    >>> t = np.arange(16000) / 16000
    >>> voice, hiss = np.sin(2 * np.pi * 300 * t), np.sin(2 * np.pi * 5000 * t)
    >>> narrow_band(voice), narrow_band(voice + 0.1 * hiss)
    (True, False)
    """
    spectrum = np.abs(np.fft.rfft(np.asarray(audio, dtype=np.float64))) ** 2
    total = float(spectrum.sum())
    if total <= 0:
        return False
    above = float(spectrum[np.fft.rfftfreq(len(audio), 1 / RATE) > NARROW_ABOVE_HZ].sum())
    return bool(10 * np.log10(above / total + 1e-300) < NARROW_DB)


def view(name: str, audio: Samples) -> Samples:
    """The view ``name`` of ``audio``: "crop" (as it is), "band" (``band_limited``), "bright" (``brightened``)."""
    return band_limited(audio) if name == "band" else brightened(audio) if name == "bright" else audio


def fused_scores(score: Scorer, views: Sequence[Samples], items: tuple[Phrase, ...],
                 again: Scorer | None = None) -> npt.NDArray[np.float64]:
    """The mean over ``views`` of each phrase's score (``score(view, items)``, -inf: not scored).

    A phrase left unscored in a view (pruned there by the engine's beam) is left out (-inf), unless it
    scored better than the best phrase scored in every view (by their mean) on a view that kept it: then
    it is scored on the views that left it out, alone with the others so kept (``again``, default
    ``score``). The band leaves out the hiss of "seven": there Whisper's beam dropped " 57." early,
    where on the crop it was the likeliest by far, and "fifty seven" was acted on as "fifty", which
    both views kept (benchmarks/results/voice-en-prefix-numbers.txt). Only such a rival: every phrase
    pruned somewhere scored again would spread the share over unlikely ones and ask back a sure "twenty".
    When no phrase is scored in every view, the first view's scores stand.
    """
    each = [np.array(score(view, items), dtype=np.float64) for view in views]
    everywhere = np.logical_and.reduce([np.isfinite(values) for values in each])
    if len(each) > 1 and everywhere.any():
        best = int(np.argmax(np.where(everywhere, np.sum(each, axis=0), -np.inf)))
        ahead = ~everywhere & np.logical_or.reduce([values > values[best] for values in each])
        for view, values in zip(views, each):
            missing = np.nonzero(ahead & ~np.isfinite(values))[0]
            if len(missing):
                values[missing] = np.asarray((again or score)(view, tuple(items[i] for i in missing)),
                                             dtype=np.float64)
    with np.errstate(invalid="ignore"):
        mean = np.sum(each, axis=0) / len(each)
    if not np.isfinite(mean).any():
        return each[0]
    return np.where(np.isfinite(mean), mean, -np.inf)


def decide(scores: npt.NDArray[np.float64], meanings: Sequence[Any]) -> tuple[int, float]:
    """(index of the best score, its share of the phrases scored), counting every phrase that
    means the same (``meanings``: each phrase's command) as the best one."""
    best = int(np.argmax(scores))
    probs = np.exp(scores - scores[best])
    same = np.array([m == meanings[best] for m in meanings])
    return best, float(probs[same].sum() / probs.sum())


def rival(scores: npt.NDArray[np.float64], meanings: Sequence[Any], best: int) -> tuple[Any, float] | None:
    """The likeliest command other than ``meanings[best]`` and its probability over the best one's
    phrases' (None: every phrase scored means the same)."""
    probs = np.exp(np.asarray(scores, dtype=np.float64) - scores[best])
    totals: dict[int, float] = {}
    for i, p in enumerate(probs):
        if p > 0:
            key = next((j for j in totals if meanings[j] == meanings[i]), i)
            totals[key] = totals.get(key, 0.0) + float(p)
    mine = next(j for j in totals if meanings[j] == meanings[best])
    others = [(p, j) for j, p in totals.items() if j != mine]
    if not others:
        return None
    p, j = max(others)
    return meanings[j], p / totals[mine]


def command_shares(scores: npt.NDArray[np.float64], meanings: Sequence[Any]) -> tuple[tuple[Any, float], ...]:
    """Each command of ``meanings`` (one a phrase) scored and its share of the probability over the phrases
    scored (``scores``, -inf: not scored), the phrases that mean the same added up; likeliest first.

    >>> command_shares(np.array([-1.0, -1.0, -np.inf]), ["a", "b", "c"])
    (('a', 0.5), ('b', 0.5))
    """
    values = np.asarray(scores, dtype=np.float64)
    if not len(values) or not np.isfinite(values).any():
        return ()
    probs = np.exp(values - values.max())
    total = float(probs.sum())
    out: dict[Any, float] = {}
    for meaning, p in zip(meanings, probs):
        if p > 0:
            out[meaning] = out.get(meaning, 0.0) + float(p) / total
    return tuple(sorted(out.items(), key=lambda pair: -pair[1]))


def with_first(first: Sequence[tuple[Any, float]], again: Sequence[tuple[Any, float]],
               refused: Any) -> tuple[Any, float] | None:
    """The likeliest command over both attempts and its share: the product of each command's share in
    ``first`` (the attempt refused with a "no", ``refused`` left out) and in ``again`` (the word said
    again), made to sum to 1, over the commands weighed in either. A command one attempt did not weigh
    (pruned, or not proposed) counts there as much as the least likely one it weighed, so a command is
    never surer for having been left out (None: an attempt weighed nothing but ``refused``).

    >>> with_first([("a", 0.6), ("b", 0.4)], [("c", 1.0)], "a")
    ('c', 0.5)
    """
    before = {command: share for command, share in first if command != refused}
    after = {command: share for command, share in again if command != refused}
    if not before or not after:
        return None
    least_before, least_after = min(before.values()), min(after.values())
    both = {command: before.get(command, least_before) * after.get(command, least_after)
            for command in {*before, *after}}
    total = sum(both.values())
    if total <= 0:
        return None
    best = max(both, key=lambda command: (both[command], command in after))
    return best, both[best] / total


def with_unweighed(shares: Sequence[tuple[Any, float]], meanings: Sequence[Any]) -> tuple[tuple[Any, float], ...]:
    """``shares`` (an engine's command shares, likeliest first) with every command of ``meanings`` it did not weigh
    (pruned) added at the least share it weighed, made to sum to 1 again, likeliest first (those weighed first
    among equals): so a second engine can weigh every command, none surer for having been left out.

    >>> with_unweighed([("a", 0.6), ("b", 0.4)], ["a", "b", "c", "a"])
    (('a', 0.428...), ('b', 0.285...), ('c', 0.285...))
    """
    if not shares:
        return tuple(shares)
    least = min(share for _, share in shares)
    out = dict(shares)
    for meaning in meanings:
        out.setdefault(meaning, least)
    total = sum(out.values())
    return tuple(sorted(((command, share / total) for command, share in out.items()), key=lambda pair: -pair[1]))


def with_second(first: Sequence[tuple[Any, float]], second: Sequence[tuple[Any, float]],
                top: int) -> tuple[tuple[Any, float], ...]:
    """``first`` (an engine's command shares, likeliest first) with its ``top`` likeliest commands weighed again by a
    second engine's shares of them (``second``): each of them by the product of its two shares (its log-shares
    added up), made to sum to what they had in ``first``; the other commands keep theirs; likeliest first. A
    command ``second`` did not weigh counts there as much as the least likely one it weighed.

    >>> with_second([("a", 0.5), ("b", 0.3), ("c", 0.1), ("d", 0.1)], [("b", 0.8), ("a", 0.1), ("c", 0.1)], 3)
    (('b', 0.7...), ('a', 0.1...), ('d', 0.1), ('c', 0.0...))
    """
    listed = list(first[:top])
    given = {command: share for command, share in second if share > 0}
    least = min(given.values()) if given else 1.0
    products = {command: share * given.get(command, least) for command, share in listed}
    total, mass = sum(products.values()), sum(share for _, share in listed)
    if total <= 0:
        return tuple(first)
    weighed = [(command, mass * product / total) for command, product in products.items()]
    return tuple(sorted([*weighed, *first[top:]], key=lambda pair: -pair[1]))
