"""The save format's one home (tavli_voice/savefile.py): built, checked and read in one module.

``Session.snapshot`` builds through :func:`savefile.build`, ``Session.restore``
reads through :func:`savefile.read` and ``storage.check_save`` checks through
:func:`savefile.check_save`, so the three agree on the layout (R3: a save is
the seed plus every choice).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields

import pytest

from tavli_voice import commands as C
from tavli_voice import savefile, storage
from tavli_voice.events import Phase
from tavli_voice.session import Session, SessionOptions, new_session


def played(seed: int = 3) -> Session:
    """A 3-point Tavli match a few commands in, with options that are not the defaults."""
    s = new_session("tavli", length=3, seed=seed, options=SessionOptions(coach=True, group_above=20))
    s.start()
    for _ in range(12):
        cmd = {Phase.ROLL: C.Roll(), Phase.PLAY: C.ChoosePlay(1),
               Phase.CONFIRM: C.Confirm()}.get(s.phase, C.No())
        s.handle(cmd)
    return s


def test_snapshot_is_the_built_layout_and_reads_back_R3() -> None:
    s = played()
    data = json.loads(json.dumps(s.snapshot()))
    assert list(data) == ["version", "config", "players", "options", "checkpoint", "log", "over"]
    assert data["version"] == savefile.SAVE_VERSION
    assert list(data["options"]) == [f.name for f in fields(SessionOptions)]
    storage.check_save(data)
    saved = savefile.read(data)
    assert (saved.config, saved.players, saved.log, saved.checkpoint) == \
        (s.config, s.players, s.log, s.checkpoint)
    assert SessionOptions(**saved.options) == s.options
    again, _ = Session.restore(data)
    assert again.snapshot() == s.snapshot()


def test_a_version_1_save_has_no_checkpoint_to_read() -> None:
    data = played().snapshot()
    del data["checkpoint"]
    data["version"] = 1
    savefile.check_save(data, SessionOptions())
    assert savefile.read(data).checkpoint is None


@pytest.mark.parametrize(("change", "message"), [
    ({"version": 3}, "unknown save version"),
    ({"players": [{"name": "one"}]}, "a match has two players"),
    ({"log": None}, "save data is incomplete"),
    ({"config": {"length": 3}}, "save data is incomplete"),
])
def test_read_names_what_a_save_lacks(change: dict[str, object], message: str) -> None:
    data = {**played().snapshot(), **change}
    with pytest.raises(ValueError, match=message):
        savefile.read(data)


def test_the_options_a_save_may_hold_are_the_given_options_fields() -> None:
    @dataclass(frozen=True)
    class Fewer:
        coach: bool = False

    data = played().snapshot()
    data["options"] = {"coach": True}
    savefile.check_save(data, Fewer())
    data["options"] = {"coach": True, "suggestions": False}
    with pytest.raises(savefile.SaveInvalid, match="options: unknown field"):
        savefile.check_save(data, Fewer())
    storage.check_save(data)  # the session has both options
    data["options"] = {"coach": "yes"}  # a value that cannot be used: the default, said
    storage.check_save(data)
    session, _ = Session.restore(data)
    assert session.options.coach is False and session.options_reset == {"coach": "yes"}
