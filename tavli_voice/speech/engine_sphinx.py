"""pocketsphinx engine: the default, works right after ``pip install``, offline.

The pocketsphinx wheel ships an English acoustic model. The decoder gets a
small dictionary built from ``lexicon.py`` (English words from the CMU
dictionary; Greek words spelled in English phones) and, per set of phrases,
one flat JSGF grammar. Grammars are cached by phrase set (a turn's grammar is
reused for every utterance in that turn).

Audio is decoded as a whole utterance (``full_utt=True``: cepstral mean
normalisation over the utterance), trimmed and padded with 0.2 s of silence
and a faint noise floor (``audio.for_decoder``). With ``remove_noise_below``
the front end's own noise removal (the acoustic model's setting) is on for an
utterance whose edges (``EDGE_S`` each side: the noise around the word that
the crop keeps) are less than that many dB under the whole, its noise estimate
started afresh for every utterance, so the same sound always decodes the same
way.

The score of a result is its margin over the best hypothesis that means
another command, from the decoder's n-best list (see ``confidence``): the
decoder's own posterior (``hyp.prob``) was about the same for right and wrong
results.
"""

from __future__ import annotations

import hashlib
import math
import tempfile
import time
from collections import OrderedDict
from pathlib import Path
from typing import Callable

import numpy as np

from .audio import RATE, Samples, for_decoder
from .grammar import Phrase, jsgf, lookup
from .heard import EngineUnavailable, Heard
from .lexicon import pronunciations
from .words import Lang

#: How many grammars stay loaded in the decoder.
CACHE_SIZE = 16
#: Hypotheses of the n-best list looked at for a rival (another command).
NBEST = 30
#: Seconds at each end of the sound heard taken for the noise around the word (``edges_db``).
EDGE_S = 0.1
#: ``remove_noise_below`` of the pocketsphinx that proposes Greek words to Whisper (``recognizer``'s
#: pocketsphinx+whisper): its noise removal on a crop whose edges are less than 15 dB under the whole (white
#: and pink noise at 10 dB: 6-12 dB; espeak-ng Greek in quiet: 19 dB and more for 95% of the crops). On the
#: voice benchmark's Greek tuning voices (benchmarks/greek_noise.py, 207 clips a condition) right at once or
#: after asking back white 10 dB 78.3% -> 80.2% (right at once 66 -> 77 clips), pink 10 dB 88.4% -> 88.4%
#: (103 -> 110 at once), quiet 90.8% -> 90.8% (121 -> 120 at once), acted on wrongly none before or after;
#: held out (214 clips) white 73.8% -> 78.5%, pink 83.6% -> 84.6% with one acted on wrongly («σημείο
#: δεκατέσσερις» as «δεκατρείς», none before), quiet 91.6% -> 91.1% (benchmarks/results/voice-el-noise-removal.txt).
RESCORED_REMOVE_NOISE_BELOW = 15.0
#: Margin (in the decoder's log units, base 1.0001) at which the confidence is 0.5.
#: Measured with "did you say …?" below 0.5: espeak-ng Greek voices and variants
#: (21 settings, numbers 1-30 + commands): asks for 31% of right results and lets
#: 12 of 161 wrong ones through, where the decoder's posterior below 0.3 asked for
#: 46% and let 18 through; FSDD digits: 42% asked and 16 of 99 through, against
#: 41% and 24.
MARGIN_HALF = 500.0
_LOG_BASE = math.log(1.0001)


def confidence(margin: float) -> float:
    """0..1 from the margin of the best hypothesis over its best rival (inf: no rival)."""
    if margin == math.inf:
        return 1.0
    return max(0.0, margin) / (max(0.0, margin) + MARGIN_HALF)


class SphinxRecognizer:
    """pocketsphinx with a flat grammar of the phrases valid now."""

    name = "pocketsphinx"

    def __init__(self, lang: Lang, clock: Callable[[], float] = time.perf_counter,
                 remove_noise_below: float | None = None) -> None:
        try:
            import pocketsphinx
        except ImportError as err:  # pragma: no cover - a declared dependency
            raise EngineUnavailable("engine_missing", engine=self.name, detail=str(err)) from err
        self.lang: Lang = lang
        self.remove_noise_below = remove_noise_below
        self._clock = clock
        self._ps = pocketsphinx
        self._words: set[str] = set()
        self._searches: OrderedDict[str, None] = OrderedDict()
        self._decoder = self._make_decoder()

    def _make_decoder(self) -> "object":
        ps = self._ps
        model = Path(ps.get_model_path("en-us/en-us"))
        # The model's feat.params turns on noise removal, whose noise estimate
        # carries over from one utterance to the next: the same clip decoded
        # twice could give two answers. Decoder input has a known noise floor
        # (audio.for_decoder), so it is turned off, through a copy of the file
        # (feat.params overrides settings given to the decoder); with
        # ``remove_noise_below`` the front end is made again before each
        # utterance (``recognize``), noise removal on or off, which also starts
        # its estimate afresh.
        params = (model / "feat.params").read_text().replace("-remove_noise yes", "-remove_noise no")
        self._tmp = tempfile.TemporaryDirectory(prefix="tavli-sphinx-")
        featparams = Path(self._tmp.name) / "feat.params"
        featparams.write_text(params)
        # lw=1: grammar transitions weigh less against the acoustics (espeak-ng
        # English in a 12-play turn 84 -> 87 of 92; FSDD about the same).
        config = ps.Config(hmm=str(model), featparams=str(featparams), dict=None, lm=None, lw=1.0,
                           loglevel="FATAL")
        return ps.Decoder(config)

    def _ensure_words(self, items: tuple[Phrase, ...]) -> None:
        new = {w for p in items for w in p.words} - self._words
        if not new:
            return
        decoder = self._decoder
        ordered = sorted(new)
        for i, word in enumerate(ordered):
            prons = pronunciations(word, self.lang)
            last = i == len(ordered) - 1
            for k, phones in enumerate(prons):
                key = word if k == 0 else f"{word}({k + 1})"
                decoder.add_word(key, phones, last and k == len(prons) - 1)  # type: ignore[attr-defined]
        self._words |= new

    def _activate(self, items: tuple[Phrase, ...]) -> None:
        grammar = jsgf(items)
        key = "g" + hashlib.sha1(grammar.encode()).hexdigest()[:16]
        decoder = self._decoder
        if key in self._searches:
            self._searches.move_to_end(key)
        else:
            self._ensure_words(items)
            decoder.add_jsgf_string(key, grammar)  # type: ignore[attr-defined]
            self._searches[key] = None
            if len(self._searches) > CACHE_SIZE:
                old, _ = self._searches.popitem(last=False)
                decoder.remove_search(old)  # type: ignore[attr-defined]
        decoder.activate_search(key)  # type: ignore[attr-defined]

    def recognize(self, audio: Samples, items: tuple[Phrase, ...]) -> Heard:
        """Decode one utterance against ``items``."""
        start = self._clock()
        self._activate(items)
        decoder = self._decoder
        if self.remove_noise_below is not None:  # the noise estimate of this utterance alone (about 0.03 ms)
            config = decoder.config  # type: ignore[attr-defined]
            config["remove_noise"] = edges_db(audio) < self.remove_noise_below
            decoder.reinit_feat(config)  # type: ignore[attr-defined]
        decoder.start_utt()  # type: ignore[attr-defined]
        decoder.process_raw(for_decoder(audio), False, True)  # type: ignore[attr-defined]
        decoder.end_utt()  # type: ignore[attr-defined]
        hyp = decoder.hyp()  # type: ignore[attr-defined]
        text = hyp.hypstr.strip() if hyp is not None else ""
        phrase = lookup(items, text) if text else None
        if phrase is None:
            ms = (self._clock() - start) * 1000
            return Heard(text, None, 0.0, ms, self.name, "nothing" if not text else "no_match")
        best = _log_units(float(hyp.score))
        rival = next((s for p, s in self.candidates(items) if p.command != phrase.command), None)
        score = confidence(math.inf if rival is None else best - rival)
        ms = (self._clock() - start) * 1000
        return Heard(phrase.text, phrase.command, score, ms, self.name)

    def candidates(self, items: tuple[Phrase, ...], depth: int = NBEST) -> list[tuple[Phrase, float]]:
        """The phrases of the last utterance's n-best list (first ``depth`` paths), best first.

        Each phrase once, with its best path score in the decoder's log units
        (base 1.0001; higher is more probable). Empty when nothing was decoded.
        """
        out: dict[str, tuple[Phrase, float]] = {}
        for _, path in zip(range(depth), self._decoder.nbest() or ()):  # type: ignore[attr-defined]
            phrase = lookup(items, path.hypstr.strip()) if path is not None else None
            if phrase is not None and phrase.text not in out:
                out[phrase.text] = (phrase, _log_units(float(path.score)))
        return list(out.values())


def edges_db(audio: Samples, edge_s: float = EDGE_S) -> float:
    """How far (dB) the first and last ``edge_s`` of ``audio`` are under its whole power (inf: too short to tell).

    >>> import numpy as np
    >>> word = np.concatenate([np.zeros(1600), np.ones(8000), np.zeros(1600)]).astype(np.float32)
    >>> edges_db(word) > 60, round(edges_db(word + 1.0), 1), edges_db(word[:3000])
    (True, 5.0, inf)
    """
    x = np.asarray(audio, dtype=np.float64)
    edge = int(edge_s * RATE)
    if len(x) < 4 * edge:
        return math.inf
    around = np.concatenate([x[:edge], x[-edge:]])
    return float(10 * np.log10((np.mean(x ** 2) + 1e-12) / (np.mean(around ** 2) + 1e-12)))


def _log_units(probability: float) -> float:
    """A decoder path score (as the bindings give it, a probability) in log units of base 1.0001."""
    return math.log(max(probability, 1e-300)) / _LOG_BASE
