"""The Portes judge benchmark keeps each decision's loss, so two nets compare paired."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import portes_gnubg  # noqa: E402

JUDGED = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "portes_decisions_gnubg_2ply.jsonl"


@pytest.mark.skipif(not JUDGED.exists(), reason="the shared judged decisions are not beside the project")
def test_losses_file_and_paired_difference(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "random.json"
    portes_gnubg.main(["--file", str(JUDGED), "--limit", "40", "--bots", "random", "--losses", str(out)])
    random_losses = json.loads(out.read_text())
    assert len(random_losses) == 40 and all(x >= 0.0 for x in random_losses)
    mean_line = capsys.readouterr().out.splitlines()[-1]
    assert f"{1000.0 * sum(random_losses) / 40:7.1f} mp" in mean_line
    # the expert's net against the random player on the same decisions loses less
    portes_gnubg.main(["--file", str(JUDGED), "--limit", "40", "--bots", "expert0", "--against", str(out)])
    said = capsys.readouterr().out.splitlines()[-1]
    assert said.startswith("against random.json: -") and "40 decisions" in said


def test_paired_needs_the_same_decisions() -> None:
    with pytest.raises(SystemExit):
        portes_gnubg.paired([0.1, 0.2], [0.1], "other")
