"""A one-switch player's review reads, at a mistake of a few plays (23 or fewer), the two that
matter, the play made and the expert's play with what the mistake cost, and says the rest are
under Try again, where a typed player hears every play numbered before the prompt (English and
Greek; a seeded match played to its end, user folders in ``tmp_path``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from match_support import play_to_the_end
from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice.review_walk import loss_words
from tavli_voice.scanning import ListMode, ScanSettings
from tavli_voice.ui.app import App
from tavli_voice.ui.review_mode import review_scan_root

NUMBERED = re.compile(r"\d+: ")


def _first_mistake(tmp_home: Path, lang: str, switch: bool) -> tuple[App, list[str]]:
    def way(app: App) -> None:
        app.list_plays = not switch

    app, _ = play_to_the_end(tmp_home, lang, setup=way)
    said = [e.text for e in app.command(C.Yes()) if isinstance(e, E.Notice)]
    assert app.review is not None and len(app.state().plays) <= 23
    return app, said


def _reached(mode: ListMode, depth: int = 0) -> set[C.Command]:
    """Every command picked somewhere under ``mode`` (its groups opened, Back left alone)."""
    found: set[C.Command] = set()
    for i, option in enumerate(mode.options):
        if option.is_back:
            continue
        choice = mode.choose(i)
        if isinstance(choice, ListMode) and depth < 4:
            found |= _reached(choice, depth + 1)
        elif not isinstance(choice, ListMode):
            found.add(choice)  # type: ignore[arg-type]
    return found


@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_switch_player_hears_the_play_made_and_the_experts_not_the_whole_list(
        tmp_home: Path, lang: str) -> None:
    app, said = _first_mistake(tmp_home, lang, switch=True)
    assert app.review is not None
    walk = app.review.walk
    mistake = walk.mistakes[0]
    n = len(app.state().plays)
    assert not any(NUMBERED.match(line) for line in said), said
    made = walk.play_words(mistake, mistake.played, past=True)
    best = walk.play_words(mistake, mistake.best)
    tail = said[-4:]
    assert tail[0] == ("Your play: " if lang == "en" else "Η κίνησή σου: ") + made + "."
    assert tail[1] == ("The expert's play: " if lang == "en"
                       else "Η κίνηση του έμπειρου παίκτη: ") + best + "."
    assert tail[2].endswith(loss_words(mistake.loss, lang) + "."), tail
    from tavli_voice.words import number
    assert tail[3] == ({"en": f"All {n} plays are under Try again.",
                        "el": f"Όλες οι {number(n, 'el', 'f', 'nom', speech=True)} κινήσεις "
                              "είναι στο «Δοκίμασε ξανά»."}[lang])
    # the others on demand: Try again still opens every play of the turn
    root = review_scan_root(app.state(), ScanSettings())
    plays = root.choose([o.key for o in root.options].index("try_again"))
    assert isinstance(plays, ListMode)
    assert _reached(plays) == {C.ChoosePlay(k) for k in range(1, n + 1)}
    # and the list whole when asked for
    listed = [e.text for e in app.command(C.ListPlays()) if isinstance(e, E.Notice)]
    assert sum(bool(NUMBERED.match(line)) for line in listed) == n


@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_typed_player_still_hears_every_play_numbered(tmp_home: Path, lang: str) -> None:
    app, said = _first_mistake(tmp_home, lang, switch=False)
    n = len(app.state().plays)
    assert [line.split(":")[0] for line in said if NUMBERED.match(line)] == \
        [str(k) for k in range(1, n + 1)]
