"""A play's notation on screen is written in the person's language (R1: the bar and off in
its words, «μπάρα/20 17/11», «3/έξω(2)»), in the scan labels and trail and in ``tavli-voice
moves``; the JSON lines keep the R1 notation a program reads."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tavli_voice.scanning import ScanOption
from tavli_voice.ui.board.scanview import shown_label, written_label

ROOT = Path(__file__).resolve().parents[1]
#: The mover has a checker on the bar (6-5: ``bar/20 17/11`` first).
ON_BAR = {"game": "portes", "points": [1, 0, 0, 0, 0, -5, 0, -3, 0, 0, 0, 5, -5, 0, 0, 0, 3, 0, 5, 0, 0, 0, 0, -2],
          "bar": [1, 0], "off": [0, 0]}
#: Three checkers left on the 3 point (6-5: ``3/off(2)``).
BEARING_OFF = {"game": "portes", "points": [0, 0, 3] + [0] * 16 + [-15, 0, 0, 0, 0],
               "bar": [0, 0], "off": [12, 0]}
WRITTEN = {"en": ("bar/20 17/11", "3/off(2)"), "el": ("μπάρα/20 17/11", "3/έξω(2)")}


def moves(stdin: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tavli_voice.cli", "moves", *args],
                          input=stdin, capture_output=True, text=True, encoding="utf-8", cwd=ROOT,
                          timeout=60, env=dict(os.environ, PYTHONPATH=str(ROOT)), check=False)


@pytest.mark.parametrize("lang", ["en", "el"])
def test_r1_scan_labels_and_trail_write_bar_and_off_in_the_persons_language(lang: str) -> None:
    bar, off = WRITTEN[lang]
    assert shown_label(ScanOption("play", ("bar/20 17/11",)), lang).endswith(f"({bar})")
    assert shown_label(ScanOption("suggested", ("3/off(2)",)), lang).endswith(f"({off})")
    assert written_label(ScanOption("play_it", ("bar/20 17/11",)), lang).endswith(bar)
    assert written_label(ScanOption("plays_group", (1, 4, "3/off(2)")), lang).endswith(off)
    if lang == "el":
        assert "bar" not in shown_label(ScanOption("play_it", ("bar/20 17/11",)), lang)


@pytest.mark.parametrize("lang", ["en", "el"])
def test_r1_moves_lists_plays_with_bar_and_off_in_the_persons_language(lang: str) -> None:
    bar, off = WRITTEN[lang]
    listed = moves(json.dumps(ON_BAR), "-", "--dice", "6", "5", "--lang", lang)
    assert listed.returncode == 0 and listed.stdout.startswith(f"1. {bar}\n")
    listed = moves(json.dumps(BEARING_OFF), "-", "--dice", "6", "5", "--lang", lang)
    assert listed.returncode == 0 and listed.stdout == f"1. {off}\n"


def test_r1_moves_jsonl_keeps_the_notation_a_program_reads_in_greek_too() -> None:
    line = json.dumps({"position": ON_BAR, "dice": [6, 5]})
    done = moves(line + "\n", "--jsonl", "--lang", "el")
    assert json.loads(done.stdout)["plays"][0]["notation"] == "bar/20 17/11"
