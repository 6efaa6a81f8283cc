"""The save format, in one place: a save is built, checked and read here.

A save is the JSON object :meth:`tavli_voice.session.Session.snapshot`
writes (R3: the seed plus every choice), version 2::

    {"version": 2,
     "config": {"length", "kind", "preset", "seed", "timer": {...}},
     "players": [{"name", "bot"}, {"name", "bot"}],
     "options": {the session's options},
     "checkpoint": {"match": MatchState.to_json(), "turn": n},
     "log": [the current game's commands, time-outs and set positions],
     "over": true or false}

Version 1 saves (no checkpoint: the whole match's log) are still read.

* :func:`build` makes one (for :meth:`Session.snapshot`);
* :func:`check_save` checks one whole against the format, shape, types and
  ranges of every field and log entry, and raises :class:`SaveInvalid`
  naming the fault (:func:`tavli_voice.storage.check_save` gives it the
  session's options);
* :func:`read` turns one into the values a session is rebuilt from
  (:meth:`Session.restore`, which also replays the log);
* :func:`unusable_options` names the options whose saved value cannot be used (the
  wrong type, out of range: ``group_above: -5``); the session takes their defaults
  and says so, so the match stays playable.

>>> from tavli_voice.events import PlayerInfo
>>> from tavli_voice.rules import MatchConfig
>>> from tavli_voice.session import SessionOptions
>>> data = build(MatchConfig(3, "portes", "tavlucky", 7), (PlayerInfo("Ann", None), PlayerInfo("Rita", "rita")),
...              SessionOptions(coach=True), {"match": {"scores": [0, 0], "games_played": 0, "results": []},
...              "turn": 0}, [["roll"]], over=False)
>>> data["options"]["coach"], data["options"]["confirm_plays"]
(True, True)
>>> check_save(data, SessionOptions())
>>> saved = read(data)
>>> saved.config.length, [p.name for p in saved.players], saved.options["coach"], saved.log
(3, ['Ann', 'Rita'], True, [['roll']])
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from .events import PlayerInfo
from .rules import MatchConfig, TimerRules

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

__all__ = ["MAX_LOG", "OPTION_RANGES", "SAVE_VERSION", "SaveInvalid", "Saved", "build",
           "check_save", "read", "unusable_options"]

#: The version :func:`build` writes; :func:`read` also reads version 1.
SAVE_VERSION = 2
#: Longest log a save may hold (one game's log is a few hundred entries).
MAX_LOG = 1_000_000


def build(config: MatchConfig, players: Sequence[PlayerInfo], options: DataclassInstance,
          checkpoint: Mapping[str, Any], log: Sequence[Any], *, over: bool) -> dict[str, Any]:
    """A save of the match ``config`` between ``players`` (R3: everything needed to resume exactly).

    ``options`` (the session's options) are kept field by field, by name.
    """
    t = config.timer
    return {
        "version": SAVE_VERSION,
        "config": {"length": config.length, "kind": config.kind,
                   "preset": config.preset, "seed": config.seed,
                   "timer": {"enabled": t.enabled, "roll_seconds": t.roll_seconds,
                             "play_seconds": t.play_seconds,
                             "timeouts_to_lose": t.timeouts_to_lose}},
        "players": [{"name": p.name, "bot": p.bot} for p in players],
        "options": {f.name: getattr(options, f.name) for f in fields(options)},
        "checkpoint": dict(checkpoint),
        "log": list(log),
        "over": over,
    }


@dataclass(frozen=True, slots=True)
class Saved:
    """A save read back (:func:`read`): what a session is rebuilt from."""

    version: int
    config: MatchConfig
    players: tuple[PlayerInfo, PlayerInfo]
    options: dict[str, Any]  #: the session's options by name
    log: list[Any]
    checkpoint: dict[str, Any] | None  #: None in a version 1 save (replay the match from its start)


def read(data: Mapping[str, Any]) -> Saved:
    """The values of a save; ValueError (naming the fault) when it lacks a part.

    Check the data first with :func:`check_save`; whether the log replays is
    :meth:`tavli_voice.session.Session.restore`'s part.
    """
    try:
        version = data.get("version")
        if version not in (1, 2):
            raise ValueError("unknown save version")
        c = data["config"]
        timer = TimerRules(**c.get("timer", {}))
        config = MatchConfig(int(c["length"]), str(c["kind"]), str(c["preset"]),
                             c["seed"], timer)
        players = tuple(PlayerInfo(str(p["name"]), p.get("bot")) for p in data["players"])
        if len(players) != 2:
            raise ValueError("a match has two players")
        options = data.get("options", {})
        log = list(data["log"])
        checkpoint = data["checkpoint"] if version == 2 else None
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"save data is incomplete: {exc}") from None
    return Saved(int(version), config, (players[0], players[1]), options, log, checkpoint)



class SaveInvalid(ValueError):
    """The save does not have the shape :func:`build` writes (says where)."""


def _fail(where: str, what: str) -> SaveInvalid:
    return SaveInvalid(f"{where}: {what}")


#: The whole-number options and the values they take (``group_above`` as ``--group-above``).
OPTION_RANGES: dict[str, tuple[int, int]] = {"group_above": (1, 999), "suggest_top": (1, 100)}


def unusable_options(options: Mapping[str, Any], defaults: DataclassInstance) -> dict[str, Any]:
    """The options of ``defaults``' fields whose value in ``options`` cannot be used (the
    wrong type, out of :data:`OPTION_RANGES`, no bot's name), with that value.

    >>> from tavli_voice.session import SessionOptions
    >>> unusable_options({"group_above": -5, "coach": 1, "suggest_top": 2}, SessionOptions())
    {'group_above': -5, 'coach': 1}
    """
    from .bots import bot_name

    known = {f.name for f in fields(defaults)}
    bad: dict[str, Any] = {}
    for key, value in options.items():
        if key not in known:
            continue
        default = getattr(defaults, key)
        if key == "hint_bot":
            try:
                bot_name(value if isinstance(value, str) else "")
            except ValueError:
                bad[key] = value
        elif isinstance(default, bool):
            if not isinstance(value, bool):
                bad[key] = value
        elif isinstance(default, int):
            low, high = OPTION_RANGES.get(key, (-(1 << 31), 1 << 31))
            if not _is_int(value, low, high):
                bad[key] = value
        elif not isinstance(value, type(default)):
            bad[key] = value
    return bad


def _is_int(x: object, low: int, high: int) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and low <= x <= high


def _is_number(x: object, low: float, high: float) -> bool:
    return (isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)
            and low <= x <= high)


def _object(value: object, where: str, allowed: set[str], required: set[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(where, "must be an object")
    unknown = set(value) - allowed
    if unknown:
        raise _fail(where, f"unknown field(s) {sorted(unknown)!r:.80}")
    missing = required - set(value)
    if missing:
        raise _fail(where, f"missing {sorted(missing)!r}")
    return value


def _check_match_state(value: object, where: str) -> None:
    m = _object(value, where, {"scores", "games_played", "previous_winner", "crawford_game",
                               "results"}, {"scores", "games_played", "results"})
    scores = m["scores"]
    if not isinstance(scores, list) or len(scores) != 2 \
            or not all(_is_int(s, 0, 1 << 20) for s in scores):
        raise _fail(where + ".scores", "must be two scores")
    if not _is_int(m["games_played"], 0, 1 << 20):
        raise _fail(where + ".games_played", "must be a count")
    if m.get("previous_winner") not in (None, 0, 1) or isinstance(m.get("previous_winner"), bool):
        raise _fail(where + ".previous_winner", "must be 0, 1 or null")
    crawford = m.get("crawford_game")
    if crawford is not None and not _is_int(crawford, 0, 1 << 20):
        raise _fail(where + ".crawford_game", "must be a game index or null")
    results = m["results"]
    if not isinstance(results, list) or len(results) != m["games_played"]:
        raise _fail(where + ".results", "must list every game played")
    from .rules.outcome import OutcomeKind
    from .rules.position import GAMES

    kinds = {k.value for k in OutcomeKind}
    for i, r in enumerate(results):
        if (not isinstance(r, list) or len(r) != 4 or r[0] not in GAMES
                or r[1] not in (None, 0, 1) or isinstance(r[1], bool)
                or not _is_int(r[2], 0, 1 << 20) or r[3] not in kinds):
            raise _fail(f"{where}.results[{i}]", "must be [game, winner, points, kind]")


def _check_entry(entry: object, i: int) -> None:
    from . import commands as C
    from .rules import Position

    where = f"log[{i}]"
    if not isinstance(entry, list) or not entry or not isinstance(entry[0], str):
        raise _fail(where, "must be a list starting with a command name")
    name = entry[0]
    if name == "timeout":
        if len(entry) != 1:
            raise _fail(where, "a time-out has no arguments")
        return
    if name == "position":
        if len(entry) != 3 or not _is_int(entry[2], 0, 1):
            raise _fail(where, "must be [\"position\", {...}, 0 or 1]")
        try:
            Position.from_json(entry[1])
        except ValueError as exc:
            raise _fail(where, str(exc)[:200]) from None
        return
    cls = C.COMMAND_NAMES.get(name)
    if cls is None:
        raise _fail(where, f"unknown command {name[:40]!r}")
    wanted = [f.name for f in fields(cls)]
    args = entry[1:]
    if len(args) != len(wanted) or wanted not in ([], ["number"], ["point"]):
        raise _fail(where, f"{name} takes {len(wanted)} argument(s)")
    if wanted == ["number"] and not _is_int(args[0], 1, 100_000):
        raise _fail(where, "a play number is a whole number from 1")
    if wanted == ["point"] and not _is_int(args[0], 0, 25):
        raise _fail(where, "a point is a whole number from 0 to 25")


def check_save(data: object, options: DataclassInstance) -> None:
    """Check a whole save against the format; raise :class:`SaveInvalid` naming the fault.

    This checks shape, types and ranges of every field and log entry
    (positions fully, through :meth:`Position.from_json`). ``options`` is
    the session's options at their defaults: a save's options may name only
    their fields; a value that cannot be used is no fault of the match (its default is
    taken, and said: :func:`unusable_options`). Whether the log replays is
    :meth:`Session.restore`'s part.
    """
    from .bots import bot_name
    from .rules.match import MAX_MATCH_LENGTH, seed_text_ok
    from .rules.position import GAMES, PRESETS

    top = _object(data, "save", {"version", "config", "players", "options", "log", "over",
                                 "checkpoint"}, {"version", "config", "players", "log"})
    version = top["version"]
    if version not in (1, 2) or isinstance(version, bool):
        raise _fail("version", "unknown save version")
    c = _object(top["config"], "config", {"length", "kind", "preset", "seed", "timer"},
                {"length", "kind", "preset", "seed"})
    if not _is_int(c["length"], 1, MAX_MATCH_LENGTH):
        raise _fail("config.length", "must be a whole number of points from 1")
    if c["kind"] not in ("tavli",) + GAMES:
        raise _fail("config.kind", "unknown kind of match")
    if c["preset"] not in PRESETS:
        raise _fail("config.preset", "unknown preset")
    seed = c["seed"]
    if not (_is_int(seed, -(1 << 63), 1 << 63) or (isinstance(seed, str) and seed_text_ok(seed))):
        raise _fail("config.seed", "must be a number or a short text")
    if "timer" in c:
        t = _object(c["timer"], "config.timer", {"enabled", "roll_seconds", "play_seconds",
                                                 "timeouts_to_lose"}, set())
        if "enabled" in t and not isinstance(t["enabled"], bool):
            raise _fail("config.timer.enabled", "must be true or false")
        for key in ("roll_seconds", "play_seconds"):
            if key in t and not _is_number(t[key], 1, 86_400):
                raise _fail(f"config.timer.{key}", "must be seconds from 1 to 86400")
        if "timeouts_to_lose" in t and not _is_int(t["timeouts_to_lose"], 1, 1000):
            raise _fail("config.timer.timeouts_to_lose", "must be a whole number from 1")
    players = top["players"]
    if not isinstance(players, list) or len(players) != 2:
        raise _fail("players", "a match has two players")
    for i, p in enumerate(players):
        p = _object(p, f"players[{i}]", {"name", "bot"}, {"name"})
        if not isinstance(p["name"], str) or len(p["name"]) > 200:
            raise _fail(f"players[{i}].name", "must be a short text")
        bot = p.get("bot")
        if bot is not None:
            if not isinstance(bot, str):
                raise _fail(f"players[{i}].bot", "must be a bot's name or null")
            try:
                bot_name(bot)
            except ValueError:
                raise _fail(f"players[{i}].bot", f"unknown bot {bot[:40]!r}") from None
    if "options" in top:
        known = {f.name for f in fields(options)}  # the options the session has now
        _object(top["options"], "options", known, set())
    if "over" in top and not isinstance(top["over"], bool):
        raise _fail("over", "must be true or false")
    if version == 2:
        cp = _object(top.get("checkpoint"), "checkpoint", {"match", "turn"}, {"match", "turn"})
        _check_match_state(cp["match"], "checkpoint.match")
        if not _is_int(cp["turn"], 0, 1 << 40):
            raise _fail("checkpoint.turn", "must be a turn count")
    elif "checkpoint" in top:
        raise _fail("checkpoint", "only in version 2")
    log = top["log"]
    if not isinstance(log, list) or len(log) > MAX_LOG:
        raise _fail("log", f"must be a list of at most {MAX_LOG} entries")
    for i, entry in enumerate(log):
        _check_entry(entry, i)
