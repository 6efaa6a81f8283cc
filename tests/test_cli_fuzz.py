"""A seeded fuzz over the command line: every subcommand and option, odd values, closed streams.

Each run is ``tavli-voice …`` as a user would type it, in a temporary home,
with no sound server and no display: it must end within
:data:`LIMIT` seconds, print no Python traceback, and exit with 0, 1, 2 or
130. A refused value must say so on the error stream. The small version runs
with the others; the big one is ``@pytest.mark.slow``.

Left out on purpose: ``models fetch`` (it downloads), a valid ``--players``
pair (a whole bot match is a long run, not a hang) and the board window,
which stays open until closed: ``window`` and ``--window`` are fuzzed on the
parser only (:func:`test_window_parser`).
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: Longest a run may take (seconds).
LIMIT = 10.0

#: Values no option expects.
ODD = ["-1", "0", "-100000", "10001", "99999999999999999999999", "nan", "inf", "-inf", "1e309",
       "", " ", "\udcff\udcfe", "a\udc80b", "x" * 5000, "0x10", "٣", "-", "--", "\n", "é" * 300,
       "/", ".", "..", "/dev/null", "/dev/zero", "%s%n", "{0}", "rita,rita,rita", ","]

#: Each subcommand's options: name → good values (None: a flag that takes no value).
PLAY: dict[str, list[str] | None] = {
    "--game": ["portes", "fevga"], "--points": ["1", "3"], "--preset": ["vog", "traditional"],
    "--opponent": ["random", "friend"], "--players": [], "--seed": ["7", "σπόρος"],
    "--lang": ["en", "el"], "--speech": ["off", "on"], "--verbosity": ["terse", "chatty"],
    "--rate": ["80", "450"], "--volume": ["0", "1"], "--numbering": ["mover"],
    "--scan": ["auto", "step"], "--voice-engine": ["templates"],
    "--voice-confirm": ["always"], "--barge-in": ["interrupt"], "--theme": ["classic"],
    "--scale": ["0.75"], "--dwell": ["0.5"], "--resume-name": ["kept"], "--save": ["my.json"],
    "--timer": None, "--words": None, "--notation": None, "--voice": None, "--fullscreen": None, "--resume": None,
    "--watch": None, "--suggest": None, "--coach": None, "--no-confirm": None, "--no-save": None,
}
MOVES: dict[str, list[str] | None] = {
    "--dice": ["6 5", "1 1"], "--jsonl": None, "--lang": ["el"], "--wait": ["0", "0.5"],
    "--bot": ["rita", "random"], "--seed": ["3"],
}
HEAR: dict[str, list[str] | None] = {
    "--lang": ["en", "el"], "--options": ["0", "12"], "--engine": ["templates"],
    "--phase": ["turn"], "--commands": ["roll"], "--step": None, "--models": ["models"],
    "--profile": ["profile"],
}
MODELS: dict[str, list[str] | None] = {"--models": ["models"], "--lang": ["el"]}
ENROLL: dict[str, list[str] | None] = {
    "--lang": ["el"], "--takes": ["1"], "--numbers": ["0"], "--commands": ["roll"],
    "--steps": None, "--profile": ["profile"],
}
TABLE = {"play": PLAY, "resume": PLAY, "moves": MOVES, "hear": HEAR, "models": MODELS,
         "enroll": ENROLL}
#: What a subcommand may take before its options.
POSITIONAL = {"resume": ["kept", "../x"], "moves": ["pos.json", "missing.json", "/dev/null"],
              "hear": ["missing.wav", "pos.json", "/dev/null"], "models": ["list"],
              "play": [], "enroll": []}
POSITION = '{"game": "portes", "points": [2,0,0,0,0,-5,0,-3,0,0,0,5,-5,0,0,0,3,0,5,0,0,0,0,-2]}'


def value(rng: random.Random, good: list[str]) -> list[str]:
    """An odd value most of the time, sometimes a good one."""
    if good and rng.random() < 0.3:
        return rng.choice(good).split(" ")
    return [rng.choice(ODD)]


def command(rng: random.Random, sub: str | None = None) -> list[str]:
    """One seeded command line (without the program name)."""
    sub = sub or rng.choice(sorted(TABLE))
    argv = [sub]
    if POSITIONAL[sub] and rng.random() < 0.7:
        argv.append(rng.choice(POSITIONAL[sub] + ODD[:12]))
    options = TABLE[sub]
    for name in rng.sample(sorted(options), k=rng.randint(1, min(3, len(options)))):
        good = options[name]
        if good is None:
            argv.append(name)
            continue
        argv += [name] + value(rng, good) * (2 if name == "--dice" else 1)
    if sub in ("play", "resume") and rng.random() < 0.7:
        argv += ["--speech", "off"]
    return argv


def run(tmp_path: Path, argv: list[str], rng: random.Random) -> tuple[float, Any, bool]:
    """Run ``argv`` with a random standard input (data, empty, closed) and maybe no output."""
    (tmp_path / "pos.json").write_text(POSITION)
    env = dict(os.environ, HOME=str(tmp_path / "h"), XDG_DATA_HOME=str(tmp_path / "d"),
               XDG_CONFIG_HOME=str(tmp_path / "c"), XDG_CACHE_HOME=str(tmp_path / "k"),
               XDG_STATE_HOME=str(tmp_path / "s"), TAVLI_VOICE_HOME=str(tmp_path / "t"),
               LANG=rng.choice(["en_US.UTF-8", "el_GR.UTF-8", "C"]), PYTHONPATH=str(ROOT),
               SDL_AUDIODRIVER="dummy", SDL_VIDEODRIVER="dummy",
               PULSE_SERVER=str(tmp_path / "no-sound-server"), DISPLAY="")
    if rng.random() < 0.2:
        env["PYTHONIOENCODING"] = rng.choice(["ascii", "latin-1"])
    stdin_kind = rng.choice(["data", "empty", "closed"])
    close_out = rng.random() < 0.2
    data = rng.choice([b"r\n1\n\xff\xfe\nq\n", b'{"position": 1}\n' * 3, b"\x00" * 100, b""])

    def close() -> None:
        if stdin_kind == "closed":
            os.close(0)
        if close_out:
            os.close(1)

    started = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "tavli_voice.cli",
                           *[os.fsencode(a) for a in argv]],
                          input=data if stdin_kind == "data" else None,
                          stdin=None if stdin_kind == "data" else subprocess.DEVNULL,
                          capture_output=True, env=env, cwd=tmp_path, timeout=LIMIT * 3,
                          preexec_fn=close)
    return time.monotonic() - started, proc, close_out


def fuzz(tmp_path: Path, seed: int, runs: int) -> None:
    rng = random.Random(seed)
    problems: list[str] = []
    for i in range(runs):
        argv = command(rng)
        folder = tmp_path / f"run{i}"
        folder.mkdir()
        elapsed, proc, no_output = run(folder, argv, rng)
        out = proc.stdout + proc.stderr
        if b"Traceback" in out or proc.returncode not in (0, 1, 2, 130):
            problems.append(f"{argv!r}: exit {proc.returncode}\n{out[-1500:]!r}")
        elif elapsed > LIMIT:
            problems.append(f"{argv!r}: {elapsed:.1f} s")
        elif proc.returncode == 2 and not (proc.stderr + proc.stdout).strip() and not no_output:
            problems.append(f"{argv!r}: refused in silence")
    assert not problems, "\n\n".join(problems)


def test_command_line_fuzz_small(tmp_path: Path) -> None:
    fuzz(tmp_path, seed=38, runs=12)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_command_line_fuzz(tmp_path: Path, seed: int) -> None:
    fuzz(tmp_path, seed=1000 + seed, runs=60)


@pytest.mark.parametrize("seed", range(3))
def test_window_parser(seed: int) -> None:
    """``window`` and ``--window`` share the parser: odd values are refused, never a traceback."""
    from tavli_voice.startup import build_parser
    rng = random.Random(seed)
    for _ in range(200):
        argv = command(rng, "play")[1:]
        lang = rng.choice(["en", "el"])
        err = io.StringIO()  # the real error stream writes undecodable bytes as escapes
        try:
            with contextlib.redirect_stderr(err):
                build_parser(lang, "tavli-voice window").parse_args(argv + ["--window"])
        except SystemExit as ended:
            assert ended.code == 2
            assert err.getvalue().strip()
