"""Match history: every finished or left match, kept whole for ``tavli-voice review``.

A match is kept in ``<data folder>/history/`` (beside the save: a match
saved elsewhere with ``--save`` is kept beside that file) as one JSON file named by the
date and the players (``20261205-231500-rita-vs-expert.json``). It holds the
save (:meth:`Session.snapshot`: configuration, seed, preset, players, options,
the match's scores and results) and the whole match's turns, game by game:
the position before each play (from the mover's side), the dice, the play
made (or the pass), the cube's actions and each game's result
(:class:`Journal` writes them from the session's events).

* Writes are atomic (:func:`tavli_voice.storage.save`): ``kill -9`` at any
  moment leaves every kept match whole.
* At most :data:`MAX_KEPT` matches are kept. Keeping one more removes the
  oldest, and :func:`keep` returns its name so the caller says so: nothing
  is lost silently.
* A match left and resumed later is kept once: its earlier games come from
  the entry kept when it was left, which the new entry replaces.
* A damaged history file is copied aside (:func:`storage.set_aside`; the
  file stays where it is) and reported by :func:`entries`; the others still list.

>>> history_name("2026-12-05T23:15:00", ["Rita", "Εύα / 2"])
'20261205-231500-rita-vs-εύα-2.json'
>>> history_name("2026-12-05T23:15:00", ["εσύ", "Ρίτα"], joiner="με")
'20261205-231500-εσύ-με-ρίτα.json'
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import events as E
from . import storage, userfiles

__all__ = ["FOLDER", "FORMAT", "MAX_KEPT", "Entry", "Journal", "Listing", "entries",
           "history_dir", "history_dirs", "history_name", "keep", "load_entry", "record"]

#: The history folder, inside the data folder.
FOLDER = "history"
#: How many matches are kept; keeping one more removes the oldest (and says so).
MAX_KEPT = 200
#: The format of a history file.
FORMAT = 1
#: A history file larger than this is not one (a 101-point match keeps about 1 MB).
MAX_HISTORY_BYTES = 16 << 20

_NAME = re.compile(r"^\d{8}-\d{6}-.+\.json$")


def history_dir(env: Mapping[str, str] | None = None) -> Path:
    """``<data folder>/history``."""
    return storage.data_dir(env) / FOLDER


def history_dirs(env: Mapping[str, str] | None = None) -> list[Path]:
    """:func:`history_dir`, then the history folders beside the saves a full disk moved
    elsewhere (:func:`storage.save_folders`): where ``review`` looks for a kept match."""
    return [folder / FOLDER for folder in storage.save_folders(env)]


def _slug(name: str) -> str:
    slug = re.sub(r"[^\w]+", "-", name.strip().lower()).strip("-")
    return slug[:30] or "player"


def history_name(when: str, players: Sequence[str], joiner: str = "vs") -> str:
    """The file name of a match kept at ``when`` (ISO time) between ``players``, their names
    joined by ``joiner`` (a word in the person's language: "vs", «με»)."""
    stamp = re.sub(r"[^0-9]", "", when)[:14].ljust(14, "0")
    between = f"-{_slug(joiner)}-".join(_slug(p) for p in players)
    return f"{stamp[:8]}-{stamp[8:]}-{between}.json"


# ------------------------------------------------------------------ journal

@dataclass
class Journal:
    """The match's turns, written down from the events as they happen.

    ``turns`` holds one dict per turn or cube action: ``game`` (1-based
    number), ``kind`` (portes, plakoto, fevga), ``turn`` (1-based in its
    game), ``side`` (0 or 1), and for a turn ``position`` (before the play,
    from ``side``'s side), ``dice`` and ``play`` (the notation, None for a
    pass); a cube action has ``cube`` ("double", "take", "drop") and
    ``value``; the end of a game has ``result`` ([winner, points, kind]).
    """

    turns: list[dict[str, Any]] = field(default_factory=list)
    _game: int = 0
    _kind: str = ""
    _turn: int = 0
    _position: dict[int, dict[str, Any]] = field(default_factory=dict)

    def feed(self, events: Iterable[E.Event]) -> None:
        """Write down what ``events`` tell of the match."""
        for ev in events:
            if isinstance(ev, E.GameStarted):
                self._game, self._kind, self._turn = ev.number, str(ev.game), 0
                self._position.clear()
            elif isinstance(ev, (E.TurnStarted, E.PlaysOffered)):
                self._position[ev.player] = ev.position.to_json()
            elif isinstance(ev, E.DiceRolled):
                self._turn += 1
            elif isinstance(ev, E.PlayMade):
                self._add(ev.player, position=self._position.get(ev.player),
                          dice=list(ev.dice), play=ev.play.notation)
                self._position[1 - ev.player] = ev.play.result.flip().to_json()
            elif isinstance(ev, E.TurnPassed):
                if ev.dice is None:  # closed out: passes without rolling (R4)
                    self._turn += 1
                self._add(ev.player, position=self._position.get(ev.player),
                          dice=list(ev.dice) if ev.dice else None, play=None)
            elif isinstance(ev, E.DoubleOffered):
                self._add(ev.player, cube="double", value=ev.value)
            elif isinstance(ev, E.DoubleAnswered):
                self._add(ev.player, cube="take" if ev.took else "drop", value=ev.value)
            elif isinstance(ev, E.GameOver):
                self._add(ev.winner if ev.winner is not None else 0,
                          result=[ev.winner, ev.points, str(ev.kind)])

    def _add(self, side: int, **values: Any) -> None:
        if self._game:
            self.turns.append({"game": self._game, "kind": self._kind, "turn": self._turn,
                               "side": side, **values})


# ------------------------------------------------------------------ keeping

def record(snapshot: Mapping[str, Any], turns: Sequence[Mapping[str, Any]], *, ended: str,
           when: str | None = None) -> dict[str, Any]:
    """A history record: ``ended`` is "finished" or "left"."""
    when = when or time.strftime("%Y-%m-%dT%H:%M:%S")
    return {"history": FORMAT, "when": when, "ended": ended, "save": dict(snapshot),
            "turns": [dict(t) for t in turns]}


@dataclass(frozen=True, slots=True)
class Kept:
    """What :func:`keep` did: the file written and the oldest ones removed to stay in the limit."""

    path: Path
    removed: tuple[str, ...] = ()
    replaced: str | None = None  #: the entry of the same match, kept when it was left


def _same_match(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    return bool(a.get("config") == b.get("config") and a.get("players") == b.get("players"))


def keep(snapshot: Mapping[str, Any], turns: Sequence[Mapping[str, Any]], *, ended: str,
         folder: Path | None = None, when: str | None = None,
         limit: int | None = None, names: Sequence[str] | None = None,
         joiner: str = "vs") -> Kept:
    """Keep a finished or left match; raises ``OSError`` when it cannot be written.

    The file is named by :func:`history_name` from ``names`` (the players as the
    person calls them, in their language; the saved names when None) and ``joiner``.

    When the newest kept entries hold this same match, left earlier (same
    configuration, seed and players), their games before the first one in
    ``turns`` are kept with it and that entry is replaced. Beyond ``limit``
    (:data:`MAX_KEPT`) matches, the oldest are removed: :attr:`Kept.removed`
    names them, for the caller to say.
    """
    folder = history_dir() if folder is None else folder
    data = record(snapshot, turns, ended=ended, when=when)
    if names is None:
        names = [p["name"] for p in data["save"].get("players", [])]
    earlier = _left_before(folder, data)
    if earlier is not None:
        first = min((t["game"] for t in data["turns"]), default=1 << 30)
        data["turns"] = [t for t in earlier[1]["turns"] if t.get("game", 0) < first] \
            + data["turns"]
    path = folder / history_name(data["when"], names, joiner)
    number = 2
    while path.exists() and (earlier is None or path != earlier[0]):
        path = path.with_name(f"{path.stem.rsplit('~', 1)[0]}~{number}.json")
        number += 1
    storage.save(data, path)
    replaced = None
    if earlier is not None and earlier[0] != path:
        try:
            earlier[0].unlink()
            replaced = earlier[0].name
        except OSError:
            pass
    return Kept(path, _trim(folder, MAX_KEPT if limit is None else limit, path), replaced)


#: What makes two journal lines the same turn (the position is left out: it follows from them).
_TURN_KEYS = ("game", "turn", "side", "dice", "play", "cube", "value", "result")


def _goes_on_from(old: Sequence[Mapping[str, Any]], new: Sequence[Mapping[str, Any]]) -> bool:
    """True when the turns ``new`` continue the match whose turns were ``old``: the old turns
    of the games ``new`` holds are where ``new`` begins (a resumed match replays its game).
    Another match with the same options and seed, played differently, does not."""
    first = min((t.get("game", 0) for t in new), default=1 << 30)
    tail = [t for t in old if t.get("game", 0) >= first]
    return len(tail) <= len(new) and all(
        [a.get(k) for k in _TURN_KEYS] == [b.get(k) for k in _TURN_KEYS] for a, b in zip(tail, new))


def _left_before(folder: Path, data: Mapping[str, Any]) -> tuple[Path, dict[str, Any]] | None:
    """The newest kept entry of this same match, if it was left (not finished): the same
    options, seed and players, and the turns ``data`` holds going on from it."""
    for path in _files(folder)[:10]:
        try:
            old = _read(path)
        except (OSError, ValueError):
            continue
        if old.get("ended") == "left" and _same_match(old["save"], data["save"]) \
                and _goes_on_from(old["turns"], data["turns"]):
            return path, old
    return None


def _trim(folder: Path, limit: int, keep_path: Path) -> tuple[str, ...]:
    files = _files(folder)
    removed = []
    for old in files[limit:]:
        if old == keep_path:
            continue
        try:
            old.unlink()
            removed.append(old.name)
        except OSError:
            pass
    return tuple(removed)


def _files(folder: Path) -> list[Path]:
    """The history files, newest first (by the date in their names)."""
    try:
        found = [p for p in folder.iterdir() if _NAME.match(p.name)]
    except OSError:
        return []
    return sorted(found, key=_order, reverse=True)


def _all_files() -> list[Path]:
    """The files of every folder of :func:`history_dirs`, newest first."""
    found = [path for folder in history_dirs() for path in _files(folder)]
    return sorted(found, key=_order, reverse=True)


def _order(path: Path) -> tuple[str, int]:
    """Date and time in the name, then the number of a second match kept in the same second."""
    _stem, _tilde, n = path.stem.rpartition("~")
    return path.name[:15], int(n) if _tilde and n.isdigit() else 1


# ------------------------------------------------------------------ reading

class HistoryInvalid(ValueError):
    """A history file that does not have the shape :func:`record` writes."""


def _read(path: Path) -> dict[str, Any]:
    """One history file, checked; raises ``OSError`` or :class:`HistoryInvalid`."""
    raw = userfiles.read_regular(path, MAX_HISTORY_BYTES)
    if len(raw) > MAX_HISTORY_BYTES:
        raise HistoryInvalid(f"larger than {MAX_HISTORY_BYTES} bytes")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError) as exc:
        raise HistoryInvalid(f"{type(exc).__name__}: {exc}"[:300]) from None
    check(data)
    return data  # type: ignore[no-any-return]


def check(data: object) -> None:
    """Check a history record's shape (the save inside by :func:`storage.check_save`)."""
    if not isinstance(data, dict) or data.get("history") != FORMAT:
        raise HistoryInvalid("not a history record")
    if data.get("ended") not in ("finished", "left") or not isinstance(data.get("when"), str):
        raise HistoryInvalid("ended/when missing")
    storage.check_save(data.get("save"))
    turns = data.get("turns")
    if not isinstance(turns, list):
        raise HistoryInvalid("turns must be a list")
    for i, t in enumerate(turns):
        if not isinstance(t, dict) or not isinstance(t.get("game"), int) \
                or t.get("side") not in (0, 1) or not isinstance(t.get("turn"), int):
            raise HistoryInvalid(f"turns[{i}] is not a turn")


@dataclass(frozen=True, slots=True)
class Entry:
    """One kept match, as listed."""

    path: Path
    when: str
    ended: str
    players: tuple[str, str]
    bots: tuple[str | None, str | None]
    kind: str
    preset: str
    length: int
    scores: tuple[int, int]
    plays: int  #: turns with a play


@dataclass(frozen=True, slots=True)
class Listing:
    """:func:`entries`' answer: the matches newest first, and the damaged files (with their copies)."""

    entries: tuple[Entry, ...]
    damaged: tuple[tuple[Path, Path | None], ...] = ()


def _entry(path: Path, data: Mapping[str, Any]) -> Entry:
    save = data["save"]
    players = save["players"]
    scores = save.get("checkpoint", {}).get("match", {}).get("scores", [0, 0])
    return Entry(path, data["when"], data["ended"],
                 (players[0]["name"], players[1]["name"]),
                 (players[0].get("bot"), players[1].get("bot")),
                 save["config"]["kind"], save["config"]["preset"], save["config"]["length"],
                 (int(scores[0]), int(scores[1])),
                 sum(1 for t in data["turns"] if t.get("play")))


def entries(folder: Path | None = None, damaged: str = "corrupt") -> Listing:
    """Every kept match (in ``folder``, else in every folder of :func:`history_dirs`), newest
    first; a damaged file is copied aside (named with
    ``damaged``, the word in the person's language: :func:`storage.set_aside`) and reported."""
    found: list[Entry] = []
    bad: list[tuple[Path, Path | None]] = []
    for path in _files(folder) if folder is not None else _all_files():
        try:
            info = os.stat(path)
        except OSError:
            continue
        if not stat.S_ISREG(info.st_mode):
            continue
        try:
            data = _read(path)
        except OSError:
            bad.append((path, None))
            continue
        except ValueError:
            bad.append((path, storage.set_aside(path, damaged=damaged)))
            continue
        found.append(_entry(path, data))
    return Listing(tuple(found), tuple(bad))


def earlier(path: Path, person: str, limit: int, kind: str | None = None) -> list[dict[str, Any]]:
    """Up to ``limit`` kept matches older than the one at ``path`` (in its folder), newest
    first, that ``person`` played as a person; with ``kind``, only matches of that game
    ("portes", "plakoto", "fevga" or "tavli": an error rate means little across games); damaged
    ones are left out."""
    found: list[dict[str, Any]] = []
    listed = entries(path.parent).entries  # newest first, a second match in one second after
    names = [e.path.name for e in listed]
    start = names.index(path.name) + 1 if path.name in names else 0
    for entry in listed[start:]:
        if len(found) >= limit:
            break
        if _order(entry.path) >= _order(path) or not any(
                entry.players[i] == person and entry.bots[i] is None for i in (0, 1)) \
                or kind is not None and entry.kind != kind:
            continue
        try:
            found.append(_read(entry.path))
        except (OSError, ValueError):
            continue
    return found


def load_entry(name: str | None, folder: Path | None = None) -> tuple[Path, dict[str, Any]]:
    """The kept match called ``name``, or the newest when ``name`` is None. Raises
    ``FileNotFoundError``, ``OSError`` or ``ValueError``.

    A name (from ``review --list``, with or without ``.json``) is looked up in ``folder``,
    else in the first folder of :func:`history_dirs` that has it. A name with a folder in it
    (``a/b.json``, ``../b.json``) is a path: without ``folder`` it is the file the person
    named (``tavli-voice review`` names a match kept outside the history folder by its
    path); with ``folder`` only a file in that folder is read, anything else is no match
    kept there (``FileNotFoundError``).
    """
    folders = history_dirs() if folder is None else [folder]
    if name is None:
        for path in _files(folder) if folder is not None else _all_files():
            try:
                return path, _read(path)
            except (OSError, ValueError):
                continue
        raise FileNotFoundError(str(folders[0]))
    path = Path(name)
    if not path.is_absolute() and path.parent == Path("."):
        file_name = path.name if path.name.endswith(".json") else path.name + ".json"
        path = next((f / file_name for f in folders if os.path.lexists(f / file_name)),
                    folders[0] / file_name)
    elif folder is not None and not _inside(path, folder):
        raise FileNotFoundError(errno.ENOENT, "no kept match of that name in the folder", name)
    return path, _read(path)


def _inside(path: Path, folder: Path) -> bool:
    """True when ``path`` names a file directly in ``folder`` (links and ``..`` followed)."""
    try:
        return os.path.realpath(path.parent) == os.path.realpath(folder)
    except (OSError, ValueError):
        return False
