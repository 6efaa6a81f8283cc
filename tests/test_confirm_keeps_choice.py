"""A number not on offer while a chosen play waits for confirmation (mistyped, or misheard
by voice) is refused and the chosen play stays chosen: Undo and Confirm still work, and
the match resumed from its save is the same (R9: a save replays exactly)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice import storage, words
from tavli_voice.events import Phase, RejectCode
from tavli_voice.session import Session, new_session


@pytest.mark.parametrize("kind", ["portes", "plakoto", "fevga"])
def test_a_number_not_on_offer_while_confirming_keeps_the_chosen_play(kind: str) -> None:
    session = new_session(kind=kind, length=3, seed=3)
    session.start()
    for _ in range(50):  # to the person's first play, chosen
        if session.bot_to_act():
            session.bot_step()
        elif session.phase is Phase.ROLL:
            session.handle(C.Roll())
        elif session.phase is Phase.PLAY:
            session.handle(C.ChoosePlay(1))
        else:
            break
    assert session.phase is Phase.CONFIRM and session.pending is not None
    chosen, count = session.pending, len(session.plays)
    for wrong in (count + 1, 99):
        evs = session.handle(C.ChoosePlay(wrong))
        assert isinstance(evs[0], E.CommandRejected) and evs[0].code is RejectCode.NO_SUCH_PLAY
        assert session.phase is Phase.CONFIRM and session.pending == chosen
    again, _ = Session.restore(session.snapshot())  # the save replays to the same moment
    assert again.phase is Phase.CONFIRM and again.pending == chosen
    assert not isinstance(session.handle(C.Undo())[0], E.CommandRejected)
    assert session.phase is Phase.PLAY
    session.handle(C.ChoosePlay(1))
    played = session.handle(C.Confirm())
    assert any(isinstance(e, E.PlayMade) for e in played)


def test_in_the_terminal_greek_says_which_plays_there_are_and_the_choice_waits(
        tmp_home: Path) -> None:
    from tavli_voice.startup import main

    out = io.StringIO()
    main(["--game", "fevga", "--seed", "3", "--lang", "el", "--speech", "off"],
         out, io.StringIO("r\n99\nc\nq\n"))
    text = out.getvalue()
    refused = text.index("Δεν υπάρχει κίνηση 99")
    after = text[refused:].splitlines()
    assert after[1] == words.text("prompt.confirm", "el")  # still: c confirms, u undoes
    assert "Έπαιξες από" in text[refused:]  # c then played the chosen play
    assert storage.save_path().exists()
