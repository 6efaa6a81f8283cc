"""How long a new player waits when the game starts with voice on.

Starts ``tavli-voice play --voice`` as a new user would (a fresh home folder,
nothing saved) with sound through a PulseAudio rig (``tests/sound_rig.py``: a
speaker and a microphone), and times from the start of the process to:

- the first line it prints (the match's opening, then the first prompt);
- "Voice is ready." («Η φωνή είναι έτοιμη.»), when the engine has loaded.

``--said WORD@SECONDS`` plays an espeak-ng clip of WORD into the microphone at
that time after the start, e.g. before the engine is ready, and prints every
line, so it can be seen whether it was acted on. ``--root`` runs another copy of
the code (e.g. the main branch) for a before/after comparison::

    python benchmarks/voice_start.py --lang el --runs 3
    python benchmarks/voice_start.py --lang el --root /work/main --runs 3
    python benchmarks/voice_start.py --lang el --speech off --said βοήθεια@1.2 --lines
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from sound_rig import Rig  # noqa: E402

READY = ("Voice is ready.", "Η φωνή είναι έτοιμη.")


def run_once(rig: Rig, root: Path, args: argparse.Namespace, folder: Path) -> list[tuple[float, str]]:
    """One start of the game: (seconds since the start, line) for every line printed."""
    home = Path(tempfile.mkdtemp(prefix="home", dir=folder))
    env = rig.env(home)
    env["XDG_CACHE_HOME"] = str(home / "cache")
    command = [sys.executable, "-m", "tavli_voice.cli", "play", "--lang", args.lang, "--voice", "--no-save",
               "--seed", "5"] + (["--speech", args.speech] if args.speech else [])
    start = time.monotonic()
    proc = subprocess.Popen(command, cwd=root, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL)
    lines: list[tuple[float, str]] = []

    def read() -> None:
        assert proc.stdout is not None
        for raw in proc.stdout:
            lines.append((time.monotonic() - start, raw.decode("utf-8", "replace").rstrip()))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    for said in args.said:
        word, at = said.rsplit("@", 1)
        clip = folder / f"{abs(hash((word, args.lang)))}.wav"
        if not clip.exists():
            subprocess.run(["espeak-ng", "-v", "el" if args.lang == "el" else "en-us", "-w", str(clip), word],
                           check=True)
        while time.monotonic() - start < float(at):
            time.sleep(0.01)
        rig.play_into_mic(clip, wait=False)
    while time.monotonic() - start < args.wait and not any(line in READY for _, line in lines):
        time.sleep(0.05)
    time.sleep(args.after)
    assert proc.stdin is not None
    proc.stdin.write(b"q\n")
    proc.stdin.close()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
    reader.join(2)
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", choices=["en", "el"], default="el")
    parser.add_argument("--root", type=Path, default=ROOT, help="the copy of the code to run")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--speech", choices=["on", "off"], default=None)
    parser.add_argument("--said", action="append", default=[], metavar="WORD@SECONDS")
    parser.add_argument("--wait", type=float, default=20.0, help="longest wait for voice to be ready (s)")
    parser.add_argument("--after", type=float, default=1.5, help="seconds to go on after it is ready")
    parser.add_argument("--lines", action="store_true", help="print every line of each run")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="tavli-voice-start-"))
    rig = Rig(folder / "rig")
    rig.start()
    first: list[float] = []
    ready: list[float] = []
    try:
        for run in range(args.runs):
            lines = run_once(rig, args.root, args, folder)
            at_first = lines[0][0] if lines else float("nan")
            at_ready = next((t for t, line in lines if line in READY), float("nan"))
            first.append(at_first)
            ready.append(at_ready)
            print(f"run {run + 1}: first line {at_first * 1000:6.0f} ms, voice ready {at_ready * 1000:6.0f} ms"
                  f" (load {os.getloadavg()[0]:.1f})", flush=True)
            if args.lines:
                for t, line in lines:
                    print(f"  {t * 1000:7.0f} ms  {line}")
    finally:
        rig.stop()
    print(f"{args.root} --lang {args.lang}: first line median {statistics.median(first) * 1000:.0f} ms, "
          f"voice ready median {statistics.median(ready) * 1000:.0f} ms over {args.runs} runs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
