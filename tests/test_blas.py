"""One BLAS thread for the nets: the program and the benchmarks set it before numpy is imported."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Prints OPENBLAS_NUM_THREADS as it stood when numpy was first imported (OpenBLAS reads it
# then and never again), importing the module named in argv[2] and then the bots.
PROBE = """
import importlib, os, sys
sys.path.insert(0, sys.argv[1])
seen = []
class Watch:
    def find_spec(self, name, path=None, target=None):
        if name == "numpy" and not seen:
            seen.append(os.environ.get("OPENBLAS_NUM_THREADS", "unset"))
        return None
sys.meta_path.insert(0, Watch())
module = importlib.import_module(sys.argv[2])
import tavli_voice.bots  # for a module that loads the nets only when they are used
print(seen[0] if seen else "numpy never imported")
"""


def numpy_saw(module: str, given: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    if given is not None:
        env["OPENBLAS_NUM_THREADS"] = given
    out = subprocess.run([sys.executable, "-c", PROBE, str(ROOT), module], env=env, cwd=ROOT,
                         capture_output=True, text=True, check=True)
    return out.stdout.strip()


@pytest.mark.parametrize("module", ["tavli_voice.cli", "benchmarks.bots", "benchmarks.bots_compare",
                                    "benchmarks.bots_curve", "benchmarks.bots_speed",
                                    "benchmarks.expert_matches", "benchmarks.fevga_losses"])
def test_numpy_starts_with_one_blas_thread_unless_told_otherwise(module: str) -> None:
    assert numpy_saw(module, None) == "1"
    assert numpy_saw(module, "2") == "2"


def test_the_gnubg_match_pins_blas_before_it_loads_the_bots() -> None:
    # the module itself imports no numpy (gnubg's own Python runs it); its main() pins first
    text = (ROOT / "benchmarks" / "portes_vs_gnubg.py").read_text(encoding="utf-8")
    main = text[text.index("def main("):]
    assert main.index("from tavli_voice import blas") < main.index("from tavli_voice.bots import")
