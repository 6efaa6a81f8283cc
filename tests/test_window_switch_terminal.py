"""The terminal beside a board window a switch scans: what a screen reader reads there says
the switch's actions, as the terminal's own scanning does (the plays not listed by number,
no typed key named), in English and Greek (SDL dummy driver)."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

pytest.importorskip("pygame")

from window_helpers import FAST_SCAN, press_through, to_my_roll  # noqa: E402

from tavli_voice import events as E  # noqa: E402
from tavli_voice.events import Phase  # noqa: E402
from tavli_voice.rules import MatchConfig  # noqa: E402
from tavli_voice.scanning import ManualClock  # noqa: E402
from tavli_voice.session import Session  # noqa: E402
from tavli_voice.ui.app import App  # noqa: E402
from tavli_voice.ui.board.window import BoardWindow  # noqa: E402
from tavli_voice.ui.terminal import TerminalPlayer  # noqa: E402
from tavli_voice.ui.typed_lines import prompt_line  # noqa: E402

#: typed keys a switch user cannot press, as the keyboard's prompts name them
TYPED = re.compile(r"\b(Type|Γράψε|h for help|h για βοήθεια|a number|έναν αριθμό)\b")


@pytest.mark.parametrize("lang,intro,roll,play", [
    ("en", "The board window is open: pick with the switch", "Pick “Roll” with the switch.",
     "Pick your play with the switch as the options are highlighted."),
    ("el", "Το παράθυρο του ταμπλό άνοιξε: διάλεξε με τον διακόπτη",
     "Διάλεξε «Ρίξε τα ζάρια» με τον διακόπτη.",
     "Διάλεξε την κίνησή σου με τον διακόπτη καθώς φωτίζονται οι επιλογές.")])
def test_the_terminal_beside_a_scanned_window_says_the_switchs_actions(
        window_home: Path, lang: str, intro: str, roll: str, play: str) -> None:
    out = io.StringIO()
    app = App(Session(MatchConfig(1, "portes", "tavlucky", 47),
                      (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita"))), lang=lang)
    player = TerminalPlayer(app, out, io.StringIO(""))
    typed = player.typed_source()
    clock = ManualClock()
    win = BoardWindow(app, sources=[typed], bot_delay=0, clock=clock, scan_settings=FAST_SCAN)
    win.open()
    try:
        to_my_roll(app, win)
        win.frame()
        press_through(win, clock, ["roll"])
        assert app.state().phase is Phase.PLAY and len(app.state().plays) > 1
        win.frame()
        lines = out.getvalue().splitlines()
        assert sum(line.startswith(intro) for line in lines) == 1, lines
        assert roll in lines and play in lines, lines
        assert not [line for line in lines if TYPED.search(line)], lines
        # the plays are not listed by number: the scan reads them
        assert not [line for line in lines if re.match(r"\s*\d+[.)]", line)], lines
        assert prompt_line(app, False) == play
    finally:
        typed.close()
        win.close()


@pytest.mark.parametrize("lang,confirm,take", [
    ("en", "Pick “Confirm” or “Undo” with the switch.", "Pick “Take” or “Drop” with the switch."),
    ("el", "Διάλεξε «Επιβεβαίωση» ή «Αναίρεση» με τον διακόπτη.",
     "Διάλεξε «Δέχομαι» ή «Αρνούμαι» με τον διακόπτη.")])
def test_a_switch_users_prompts_name_the_scan_options(lang: str, confirm: str, take: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    app = App(Session(MatchConfig(1, "portes", "tavlucky", 47),
                      (E.PlayerInfo("you"), E.PlayerInfo("Rita", "rita"))), lang=lang)
    app.switch_input, app.list_plays = True, False
    view = app.state()
    monkeypatch.setattr(app, "state", lambda: replace(view, phase=Phase.CONFIRM))
    assert prompt_line(app, False) == confirm
    monkeypatch.setattr(app, "state", lambda: replace(view, phase=Phase.ANSWER))
    assert prompt_line(app, False) == take
    app.switch_input, app.list_plays = False, True  # the keyboard's own prompt
    assert TYPED.search(prompt_line(app, False) or "")
