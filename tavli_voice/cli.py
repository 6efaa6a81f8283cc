"""The ``tavli-voice`` command line (filled in as front ends land)."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script."""
    args = sys.argv[1:] if argv is None else argv
    print("tavli-voice: not ready yet", args)
    return 0
