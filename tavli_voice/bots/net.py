"""A small numpy neural network that values Tavli result positions.

One hidden layer (sigmoid) and five sigmoid outputs, all for the side that
just moved (the opponent to roll next), in GNU Backgammon's order:

=====  =========================================================
0      the mover wins the game
1      the mover wins 2 points or more (mars; in Plakoto a mother win)
2      the mover wins 3 points (``vog`` κοκς / Tapa mother win)
3      the mover loses 2 points or more
4      the mover loses 3 points
=====  =========================================================

The equity (points a game, cubeless) follows from them: ``2·win − 1 +
mars won − mars lost`` (+ triples under ``vog``). A turn's candidate plays are
valued together: one feature matrix, two matrix products.

Weights are ``.npz`` files (float32) in the top-level ``models/`` folder of
the repository, installed with the package as ``tavli_voice/models``
(``$TAVLI_VOICE_MODELS``, when set, names a folder read instead). They are
checked once when loaded (:func:`check_arrays`): a zip of ``.npy`` arrays
only (never a pickle), the arrays a net needs with the shapes the game's
features ask for, finite values and the game they were trained for. Weights
that fail raise :class:`WeightsError`, which the bots answer by playing at the
strong level instead (:meth:`.expert.ExpertBot.usable`).
"""

from __future__ import annotations

import io
import os
import zipfile
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from tavli_voice.rules import Position, game_outcome

from .base import cube_value
from .features import FloatArray, features, n_features

N_OUT = 5
#: Rows per matrix product (see :meth:`Net.forward`).
BLOCK = 48
#: Output index → (sign, points) contributions beyond the plain win/loss.
WIN, WIN_G, WIN_BG, LOSE_G, LOSE_BG = range(N_OUT)


#: Largest weight file read (bytes; the largest installed is 1.3 MB) …
MAX_FILE_BYTES = 32 * 1024 * 1024
#: … and the most its arrays may unpack to.
MAX_UNPACKED_BYTES = 256 * 1024 * 1024
#: The arrays every net has, and those it may have.
REQUIRED_ARRAYS = ("game", "w1", "b1", "w2", "b2")
OPTIONAL_ARRAYS = ("meta", "ws")
#: Environment variable naming a folder to read the weights from instead of the package.
MODELS_VARIABLE = "TAVLI_VOICE_MODELS"


class WeightsError(ValueError):
    """A game's weights cannot be used: missing, damaged or for something else.

    ``game`` is the game asked for, ``source`` where they were looked for.
    """

    def __init__(self, game: str, reason: str, source: str = "") -> None:
        super().__init__(f"expert weights for {game} unusable ({source or 'no file'}): {reason}")
        self.game = game
        self.reason = reason
        self.source = source


def _sigmoid(x: FloatArray) -> FloatArray:
    out = 1.0 / (1.0 + np.exp(-np.clip(x, -40.0, 40.0)))
    return out.astype(np.float32, copy=False)


@dataclass
class Net:
    """Weights of one game's net and what produced them (``meta``)."""

    game: str
    w1: FloatArray
    b1: FloatArray
    w2: FloatArray
    b2: FloatArray
    meta: dict[str, str] = field(default_factory=dict)
    #: optional linear path from the inputs straight to the output logits
    ws: FloatArray | None = None

    @classmethod
    def new(cls, game: str, hidden: int = 80, seed: int = 0) -> Net:
        """A freshly initialised net (small random weights from ``seed``).

        In the games whose last feature is the strong bot's judgement
        (:data:`.features.KNOWLEDGE_GAMES`) the net starts *as* that judgement: a
        linear path carries it to the win output, and the hidden layer's output
        weights start at zero, so training learns corrections to it.
        """
        from .features import KNOWLEDGE_GAMES

        rng = np.random.default_rng(seed)
        n_in = n_features(game)
        w1 = rng.normal(0.0, 1.0 / np.sqrt(n_in), (n_in, hidden)).astype(np.float32)
        w2 = rng.normal(0.0, 1.0 / np.sqrt(hidden), (hidden, N_OUT)).astype(np.float32)
        b2 = np.zeros(N_OUT, np.float32)
        ws = None
        if game in KNOWLEDGE_GAMES:
            w2[:] = 0.0
            ws = np.zeros((n_in, N_OUT), np.float32)
            ws[-1, WIN] = 2.0            # win ≈ the strong judgement's winning chance
            b2[[WIN_G, LOSE_G]] = -2.0    # mars rare to start with
            b2[[WIN_BG, LOSE_BG]] = -4.0
        return cls(game, w1, np.zeros(hidden, np.float32), w2, b2, ws=ws)

    # ---------------------------------------------------------------- values
    def forward(self, x: FloatArray) -> tuple[FloatArray, FloatArray]:
        """Hidden activations and outputs for the feature rows ``x``.

        Rows go through in blocks of :data:`BLOCK`: a bigger product makes the BLAS
        library start threads, which costs far more than it saves at this size
        (20 times slower on a busy two-core machine).
        """
        if len(x) > BLOCK:
            parts = [self.forward(x[i:i + BLOCK]) for i in range(0, len(x), BLOCK)]
            return (np.concatenate([p[0] for p in parts]),
                    np.concatenate([p[1] for p in parts]))
        h = _sigmoid(x @ self.w1 + self.b1)
        z = h @ self.w2 + self.b2
        if self.ws is not None:
            z = z + x @ self.ws
        return h, _sigmoid(z)

    def outputs(self, x: FloatArray) -> FloatArray:
        """The five probabilities per row of ``x``."""
        return self.forward(x)[1]

    def evaluate(self, positions: Sequence[Position]) -> FloatArray:
        """Outputs for result positions (see module docstring)."""
        return self.outputs(features(positions))

    def equities(self, positions: Sequence[Position]) -> NDArray[np.float64]:
        """Cubeless equity of each result position for the side that just moved."""
        if not positions:
            return np.zeros(0)
        return equity(self.evaluate(positions), positions[0].preset)

    # ------------------------------------------------------------ persistence
    def save(self, path: str | Path) -> None:
        """Write the weights and ``meta`` to an ``.npz`` file."""
        meta = np.array([f"{k}={v}" for k, v in sorted(self.meta.items())], dtype=np.str_)
        arrays: dict[str, Any] = {"game": np.array(self.game), "w1": self.w1, "b1": self.b1,
                                  "w2": self.w2, "b2": self.b2, "meta": meta}
        if self.ws is not None:
            arrays["ws"] = self.ws
        np.savez_compressed(path, **arrays)

    @classmethod
    def load(cls, source: str | Path | bytes, game: str | None = None) -> Net:
        """Read weights written by :meth:`save` (a path or the file's bytes).

        Checked before use (:func:`check_arrays`); ``game``, when given, must be the
        game they were made for. :class:`WeightsError` (a ValueError) when they fail.
        """
        label = "" if isinstance(source, bytes) else str(source)
        want = game or "?"
        data = source if isinstance(source, bytes) else _read_bounded(Path(source), want)
        arrays = _unpack(data, want, label)
        return cls._from_arrays(arrays, game, label)

    @classmethod
    def _from_arrays(cls, arrays: dict[str, np.ndarray[Any, Any]], game: str | None,
                     label: str) -> Net:
        check_arrays(arrays, game, label)
        name = str(arrays["game"])
        meta: dict[str, str] = {}
        if "meta" in arrays:
            meta = dict(str(s).split("=", 1) for s in arrays["meta"])
        ws = arrays["ws"].astype(np.float32) if "ws" in arrays else None
        return cls(name, arrays["w1"].astype(np.float32), arrays["b1"].astype(np.float32),
                   arrays["w2"].astype(np.float32), arrays["b2"].astype(np.float32), meta, ws)


def _read_bounded(path: Path, game: str) -> bytes:
    """The bytes of a regular weight file no bigger than :data:`MAX_FILE_BYTES`."""
    try:
        info = path.stat()
    except OSError as exc:
        raise WeightsError(game, f"cannot be read ({exc.strerror or exc})", str(path)) from exc
    import stat
    if not stat.S_ISREG(info.st_mode):
        raise WeightsError(game, "not a regular file", str(path))
    if info.st_size > MAX_FILE_BYTES:
        raise WeightsError(game, f"{info.st_size} bytes, more than weights take", str(path))
    try:
        with path.open("rb") as f:
            return f.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise WeightsError(game, f"cannot be read ({exc.strerror or exc})", str(path)) from exc


def _unpack(data: bytes, game: str, label: str) -> dict[str, np.ndarray[Any, Any]]:
    """The arrays of an ``.npz`` file's bytes: a zip of ``.npy`` members, bounded, no pickle."""
    if len(data) > MAX_FILE_BYTES:
        raise WeightsError(game, "larger than weights take", label)
    if not data:
        raise WeightsError(game, "the file is empty", label)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            members = zf.infolist()
            names = [m.filename for m in members]
            if not names or any(not n.endswith(".npy") or "/" in n for n in names):
                raise WeightsError(game, "not a file of weights (unexpected contents)", label)
            if sum(m.file_size for m in members) > MAX_UNPACKED_BYTES:
                raise WeightsError(game, "unpacks to more than weights take", label)
            bad = zf.testzip()
            if bad is not None:
                raise WeightsError(game, f"damaged (member {bad} fails its check)", label)
        with np.load(io.BytesIO(data), allow_pickle=False) as z:
            return {k: z[k] for k in z.files}
    except WeightsError:
        raise
    except (zipfile.BadZipFile, zlib.error, ValueError, OSError, EOFError, KeyError,
            NotImplementedError, RuntimeError) as exc:
        raise WeightsError(game, f"damaged ({type(exc).__name__}: {exc})"[:300], label) from exc


def check_arrays(arrays: dict[str, np.ndarray[Any, Any]], game: str | None = None,
                 label: str = "") -> None:
    """WeightsError unless ``arrays`` make a usable net (for ``game`` when given).

    >>> net = Net.new("portes", hidden=4)
    >>> arrays = {"game": np.array("portes"), "w1": net.w1, "b1": net.b1, "w2": net.w2,
    ...           "b2": net.b2}
    >>> check_arrays(arrays, "portes")
    >>> check_arrays(arrays, "fevga")
    Traceback (most recent call last):
    ...
    tavli_voice.bots.net.WeightsError: expert weights for fevga unusable (no file): made for portes, not fevga
    """
    want = game or "?"
    missing = [k for k in REQUIRED_ARRAYS if k not in arrays]
    if missing:
        raise WeightsError(want, f"arrays missing: {', '.join(missing)}", label)
    extra = sorted(set(arrays) - set(REQUIRED_ARRAYS) - set(OPTIONAL_ARRAYS))
    if extra:
        raise WeightsError(want, f"unexpected arrays: {', '.join(extra)}", label)
    g = arrays["game"]
    if g.dtype.kind != "U" or g.shape != ():
        raise WeightsError(want, "the game's name is not a name", label)
    made_for = str(g)
    if made_for not in MODEL_FILES:
        raise WeightsError(want, f"made for an unknown game {made_for[:40]!r}", label)
    if game is not None and made_for != game:
        raise WeightsError(want, f"made for {made_for}, not {game}", label)
    n_in = n_features(made_for)
    w1 = arrays["w1"]
    hidden = w1.shape[1] if w1.ndim == 2 else -1
    shapes = {"w1": (n_in, hidden), "b1": (hidden,), "w2": (hidden, N_OUT), "b2": (N_OUT,),
              "ws": (n_in, N_OUT)}
    if w1.ndim != 2 or not 1 <= hidden <= 4096:
        raise WeightsError(want, f"w1 has shape {w1.shape}, not ({n_in}, hidden units)", label)
    for key, shape in shapes.items():
        if key not in arrays:
            continue
        a = arrays[key]
        if a.dtype.kind != "f":
            raise WeightsError(want, f"{key} holds {a.dtype}, not numbers", label)
        if a.shape != shape:
            raise WeightsError(want, f"{key} has shape {a.shape}, not {shape}", label)
        if not np.isfinite(a).all():
            raise WeightsError(want, f"{key} holds values that are not finite", label)
    if "meta" in arrays:
        m = arrays["meta"]
        # an empty meta written before it was typed as text is an empty float array
        if m.ndim != 1 or (m.size and (m.dtype.kind != "U" or any("=" not in str(s) for s in m))):
            raise WeightsError(want, "meta is not a list of key=value", label)


def equity(out: FloatArray, preset: str = "tavlucky") -> NDArray[np.float64]:
    """Points a game for the mover from the five outputs (rows)."""
    o = out.astype(np.float64)
    e = 2.0 * o[:, WIN] - 1.0 + o[:, WIN_G] - o[:, LOSE_G]
    if preset == "vog":
        e = e + o[:, WIN_BG] - o[:, LOSE_BG]
    return e


def swap(out: FloatArray) -> FloatArray:
    """The same outputs seen from the other side."""
    res = np.empty_like(out)
    res[..., WIN] = 1.0 - out[..., WIN]
    res[..., WIN_G] = out[..., LOSE_G]
    res[..., WIN_BG] = out[..., LOSE_BG]
    res[..., LOSE_G] = out[..., WIN_G]
    res[..., LOSE_BG] = out[..., WIN_BG]
    return res


MODEL_FILES = {"portes": "portes.npz", "plakoto": "plakoto.npz", "fevga": "fevga.npz"}
_CACHE: dict[str, Net] = {}
#: Games whose weights failed their check, with why (checked once a run).
_FAILED: dict[str, WeightsError] = {}


def model_source(game: str) -> str:
    """Where ``game``'s weights are read from: the folder ``$TAVLI_VOICE_MODELS`` names when
    set, else the installed package ``tavli_voice.models`` (a wheel, or an editable
    install's mapping), else the top-level ``models/`` of a source checkout.
    FileNotFoundError when none has them."""
    name = MODEL_FILES[game]
    chosen = os.environ.get(MODELS_VARIABLE)
    if chosen:
        path = Path(chosen) / name
        if path.is_file():
            return str(path)
        raise FileNotFoundError(f"no expert weights for {game}: {path} is missing")
    try:
        ref = resources.files("tavli_voice.models").joinpath(name)
        if ref.is_file():
            return str(ref)
    except ModuleNotFoundError:
        pass
    local = Path(__file__).resolve().parents[2] / "models" / name
    if local.is_file():
        return str(local)
    raise FileNotFoundError(f"no expert weights for {game}: {name} is not installed")


def model_bytes(game: str) -> bytes:
    """The installed weight file for ``game`` (see :func:`model_source`)."""
    return _read_bounded(Path(model_source(game)), game)


def load_model(game: str) -> Net:
    """The expert net for ``game``, loaded and checked once from the installed package.

    :class:`WeightsError` when the weights are missing or fail their check (the
    same error again on every later call: they are not read twice).
    """
    net = _CACHE.get(game)
    if net is not None:
        return net
    failed = _FAILED.get(game)
    if failed is not None:
        raise failed
    try:
        try:
            source = model_source(game)
        except FileNotFoundError as exc:
            raise WeightsError(game, "missing", str(exc).split(": ", 1)[-1]) from exc
        net = Net.load(source, game)
    except WeightsError as exc:
        _FAILED[game] = exc
        raise
    _CACHE[game] = net
    return net


def weights_problem(game: str) -> WeightsError | None:
    """Why ``game``'s expert weights cannot be used, or None when they load."""
    try:
        load_model(game)
    except WeightsError as exc:
        return exc
    return None


def forget_models() -> None:
    """Drop the loaded and failed weights, so the next use reads the files again."""
    _CACHE.clear()
    _FAILED.clear()


def result_equities(net: Net, results: Sequence[Position]) -> NDArray[np.float64]:
    """Cubeless equity of result positions for the side that just moved, by ``net``
    (0-ply); a finished game is worth exactly its points (in stakes)."""
    if not results:
        return np.zeros(0)
    eq = net.equities(results)
    for i, r in enumerate(results):
        out = game_outcome(r)
        if out is not None:
            eq[i] = 0.0 if out.winner is None else (
                out.points if out.winner == 0 else -out.points) / cube_value(r)
    return eq
