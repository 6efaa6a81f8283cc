"""A save whose options hold values that cannot be used (``group_above: -5``, a number where
true or false goes, no bot's name) is resumed with those options at their defaults, each
said in words, the match playable and nothing else in it changed; where -5 was taken as it
was and a wrong type set the whole match aside as damaged."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from tavli_voice import commands as C
from tavli_voice import savefile, startup, storage
from tavli_voice.events import Phase
from tavli_voice.session import Session, SessionOptions, new_session


def played(options: SessionOptions | None = None) -> Session:
    s = new_session("portes", length=3, seed=3, options=options)
    s.start()
    for _ in range(8):
        s.handle({Phase.ROLL: C.Roll(), Phase.PLAY: C.ChoosePlay(1),
                  Phase.CONFIRM: C.Confirm()}.get(s.phase, C.No()))
    return s


@pytest.mark.parametrize(("bad", "value"), [
    ("group_above", -5), ("group_above", 0), ("group_above", 10**6), ("group_above", True),
    ("group_above", "12"), ("group_above", 12.5), ("suggest_top", -1), ("suggest_top", 0),
    ("coach", 1), ("confirm_plays", None), ("hint_bot", "nobody"), ("hint_bot", 3),
])
def test_an_option_that_cannot_be_used_takes_its_default_and_the_rest_stays(
        bad: str, value: Any) -> None:
    original = played(SessionOptions(coach=True, group_above=20, suggest_top=2))
    data = json.loads(json.dumps(original.snapshot()))
    data["options"][bad] = value
    storage.check_save(data)  # not a damaged match
    session, _ = Session.restore(data)
    assert session.options_reset == {bad: value}
    assert getattr(session.options, bad) == getattr(SessionOptions(), bad)
    kept = {k: v for k, v in original.snapshot()["options"].items() if k != bad}
    assert {k: v for k, v in session.snapshot()["options"].items() if k != bad} == kept
    assert session.position == original.position and session.phase is original.phase


def test_usable_options_are_not_reported() -> None:
    data = played(SessionOptions(group_above=999, suggest_top=1)).snapshot()
    assert savefile.unusable_options(data["options"], SessionOptions()) == {}
    session, _ = Session.restore(data)
    assert session.options_reset == {} and session.options.group_above == 999


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["The saved match's setting group_above held -5, which cannot be used; its "
            "default, 12, is used instead.",
            "The saved match's setting coach held 1, which cannot be used; its default, off, "
            "is used instead."]),
    ("el", ["Η ρύθμιση group_above του αποθηκευμένου αγώνα είχε την τιμή -5, που δεν γίνεται "
            "να χρησιμοποιηθεί· ισχύει η προεπιλογή της, 12.",
            "Η ρύθμιση coach του αποθηκευμένου αγώνα είχε την τιμή 1, που δεν γίνεται να "
            "χρησιμοποιηθεί· ισχύει η προεπιλογή της, όχι."]),
])
def test_resuming_such_a_save_says_each_default_taken_and_plays_on(
        tmp_home: Path, lang: str, said: list[str]) -> None:
    assert startup.main(["--seed", "3", "--speech", "off"], io.StringIO(),
                        io.StringIO("1\nc\nq\n")) == 0
    save = storage.save_path()
    data = json.loads(save.read_text("utf-8"))
    data["options"].update(group_above=-5, coach=1)
    save.write_text(json.dumps(data), "utf-8")
    out = io.StringIO()
    code = startup.main(["--resume", "--speech", "off", "--lang", lang], out, io.StringIO("r\nq\n"))
    assert code == 0, out.getvalue()
    lines = out.getvalue().splitlines()
    assert sorted(lines[:2]) == sorted(said), lines
    assert not list(save.parent.glob("*damaged*")) and not list(save.parent.glob("*χαλασμένο*"))
    again = json.loads(save.read_text("utf-8"))  # the next save holds the defaults
    assert again["options"]["group_above"] == 12 and again["options"]["coach"] is False
    assert again["log"][:3] == data["log"][:3] and again["checkpoint"] == data["checkpoint"]
