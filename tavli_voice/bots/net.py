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
the repository, installed with the package as ``tavli_voice/models``.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from tavli_voice.rules import Position

from .features import FloatArray, features, n_features

N_OUT = 5
#: Rows per matrix product (see :meth:`Net.forward`).
BLOCK = 48
#: Output index → (sign, points) contributions beyond the plain win/loss.
WIN, WIN_G, WIN_BG, LOSE_G, LOSE_BG = range(N_OUT)


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
        meta = np.array([f"{k}={v}" for k, v in sorted(self.meta.items())])
        arrays: dict[str, Any] = {"game": np.array(self.game), "w1": self.w1, "b1": self.b1,
                                  "w2": self.w2, "b2": self.b2, "meta": meta}
        if self.ws is not None:
            arrays["ws"] = self.ws
        np.savez_compressed(path, **arrays)

    @classmethod
    def load(cls, source: str | Path | bytes) -> Net:
        """Read weights written by :meth:`save` (a path or the file's bytes)."""
        handle: Any = io.BytesIO(source) if isinstance(source, bytes) else source
        with np.load(handle, allow_pickle=False) as z:
            meta = dict(str(s).split("=", 1) for s in z["meta"]) if "meta" in z else {}
            ws = z["ws"].astype(np.float32) if "ws" in z else None
            net = cls(str(z["game"]), z["w1"].astype(np.float32), z["b1"].astype(np.float32),
                      z["w2"].astype(np.float32), z["b2"].astype(np.float32), meta, ws)
        if net.w1.shape[0] != n_features(net.game):
            raise ValueError(f"{net.game} weights expect {net.w1.shape[0]} inputs, the "
                             f"features have {n_features(net.game)}")
        return net


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


def model_source(game: str) -> str:
    """Where ``game``'s weights are read from: the installed package ``tavli_voice.models``
    (a wheel, or an editable install's mapping), else the top-level ``models/`` of a
    source checkout. FileNotFoundError when neither has them."""
    name = MODEL_FILES[game]
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
    return Path(model_source(game)).read_bytes()


def load_model(game: str) -> Net:
    """The expert net for ``game``, loaded once from the installed package."""
    net = _CACHE.get(game)
    if net is None:
        net = Net.load(model_bytes(game))
        _CACHE[game] = net
    return net
