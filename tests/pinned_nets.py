"""The Fevga net shipped until 2026-12-07 (kept as a yardstick: ``benchmarks/yardsticks/expert-2026-12-06-fevga.npz``),
for the tests whose positions were found with it: they check how the reasons and the search work on a net's
judgement, not which net is shipped, so a new ``models/fevga.npz`` does not move them."""

from __future__ import annotations

from pathlib import Path

from tavli_voice.bots.expert import ExpertBot
from tavli_voice.bots.net import Net

PREVIOUS_FEVGA_PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "yardsticks" / "expert-2026-12-06-fevga.npz"
PINNED_FEVGA = Net.load(PREVIOUS_FEVGA_PATH)
#: the expert at 0-ply with that net in Fevga
PINNED_FEVGA_EXPERT = ExpertBot(0, search=False, nets={"fevga": PINNED_FEVGA})
