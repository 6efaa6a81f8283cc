"""Autosave and resume cost as a match grows: whole-match log vs checkpoint + game log.

Two figures, each for the old save layout (version 1: the whole match's log,
replayed from the first roll) and the current one (version 2: the match state
at the start of the current game plus that game's log):

1. **Resume**: a match played until its whole log holds ``--entries``
   entries (10,000 by default); the time to read, check and restore each
   layout (median of ``--repeat`` runs).
2. **Autosave per turn**: a ``--points``-point match (101 by default)
   between two bots (``--bots``, strong vs strong by default); every bot
   decision is saved both ways (``Session.snapshot`` → JSON → atomic write
   with fsync, as the game does) and the mean time per save and the save's
   size are printed per tenth of the match, first to last.

Both layouts are written by the same code; the old one is rebuilt from the
commands played, so the figures compare layouts, not code versions.

Usage::

    python benchmarks/saves.py                       # 10,000 entries; 101 points strong:strong
    python benchmarks/saves.py --points 25 --bots rita:rita
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tavli_voice import events as E  # noqa: E402
from tavli_voice import storage  # noqa: E402
from tavli_voice.session import Phase, Session, _encode, new_session  # noqa: E402


def step(session: Session, full_log: list[list[Any]]) -> None:
    """One bot decision, also kept in a whole-match log (the old layout)."""
    cmd = session.bot_command()
    events = session.handle(cmd)
    if events and not isinstance(events[0], E.CommandRejected):
        full_log.append(_encode(cmd))


def old_layout(session: Session, full_log: list[list[Any]]) -> dict[str, Any]:
    data = session.snapshot()
    del data["checkpoint"]
    data["version"] = 1
    data["log"] = list(full_log)
    return data


def bench_resume(entries: int, repeat: int, seed: int, folder: Path) -> None:
    s = new_session("tavli", length=1001, seed=seed,
                    players=(E.PlayerInfo("a", "random"), E.PlayerInfo("b", "random")))
    s.start()
    full: list[list[Any]] = []
    while len(full) < entries and s.phase is not Phase.MATCH_OVER:
        step(s, full)
    print(f"resume: a match of {s.match.games_played + 1} games, whole log {len(full)} entries, "
          f"current game's log {len(s.log)} entries (random vs random, seed {seed})")
    for name, data in (("version 1, whole log", old_layout(s, full)),
                       ("version 2, checkpoint", s.snapshot())):
        path = storage.save(data, folder / f"resume-{data['version']}.json")
        times = []
        for _ in range(repeat):
            t0 = time.perf_counter()
            loaded = storage.load(path)
            assert loaded.data is not None, loaded.reason
            restored, _ = Session.restore(loaded.data)
            times.append(time.perf_counter() - t0)
            assert restored.position == s.position and restored.dice == s.dice
        print(f"  {name:24s} {path.stat().st_size:>9,d} bytes   resume "
              f"{statistics.median(times) * 1000:9.1f} ms (median of {repeat})")


def bench_autosave(points: int, bots: tuple[str, str], seed: int, folder: Path) -> None:
    s = new_session("tavli", length=points, seed=seed,
                    players=(E.PlayerInfo("a", bots[0]), E.PlayerInfo("b", bots[1])))
    s.start()
    full: list[list[Any]] = []
    rows: list[tuple[int, float, float, int, int]] = []  # game, old s, new s, old size, new size
    old_path, new_path = folder / "old.json", folder / "new.json"
    started = time.perf_counter()
    while s.phase is not Phase.MATCH_OVER:
        step(s, full)
        t0 = time.perf_counter()
        storage.save(old_layout(s, full), old_path)
        t1 = time.perf_counter()
        storage.save(s.snapshot(), new_path)
        t2 = time.perf_counter()
        rows.append((s.match.games_played, t1 - t0, t2 - t1, old_path.stat().st_size,
                     new_path.stat().st_size))
    print(f"autosave: {points}-point match, {bots[0]} vs {bots[1]} (seed {seed}): "
          f"{s.match.games_played} games, {len(rows)} decisions, score {s.match.scores}, "
          f"{time.perf_counter() - started:.0f} s")
    print("  tenth   decisions   whole log: ms/save   bytes    checkpoint: ms/save   bytes")
    tenth = max(1, len(rows) // 10)
    for i in range(0, len(rows), tenth):
        part = rows[i:i + tenth]
        print(f"  {i // tenth + 1:>5d}   {len(part):>9d}   "
              f"{statistics.mean(r[1] for r in part) * 1000:>18.2f}   {part[-1][3]:>7,d}    "
              f"{statistics.mean(r[2] for r in part) * 1000:>18.2f}   {part[-1][4]:>7,d}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--entries", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--points", type=int, default=101)
    ap.add_argument("--bots", default="strong:strong")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--skip", choices=["resume", "autosave"], default=None)
    args = ap.parse_args(argv)
    first, _, second = args.bots.partition(":")
    with tempfile.TemporaryDirectory() as tmp:
        if args.skip != "resume":
            bench_resume(args.entries, args.repeat, args.seed, Path(tmp))
        if args.skip != "autosave":
            bench_autosave(args.points, (first, second or first), args.seed, Path(tmp))
    return 0


if __name__ == "__main__":
    sys.exit(main())
