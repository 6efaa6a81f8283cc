"""Seeded fuzzing of what comes from outside: ``moves --jsonl`` lines, typed lines in
``play``, and damaged save files.

Every run is reproducible (``derandomize``); example counts are modest so the
file runs in seconds. What must hold: one answer per input line and no
traceback; a save either resumes or is set aside with a message.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tavli_voice import commands as C
from tavli_voice import events as E
from tavli_voice.moves_cli import run_jsonl
from tavli_voice.rules import Position
from tavli_voice.session import new_session
from tavli_voice.ui.app import App
from tavli_voice.ui.keys import UnknownInput, parse_line
from tavli_voice.ui.terminal import TerminalPlayer

pytestmark = pytest.mark.slow

FUZZ = settings(derandomize=True, max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

OPENING = Position.initial("portes").to_json()
GOOD = json.dumps({"position": OPENING, "dice": [6, 5]})

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=4),
    max_leaves=12)


def _mutate(value: Any, path: list[int], new: Any) -> Any:
    """``value`` with the node reached by ``path`` (indices into its children) replaced."""
    if not path:
        return new
    if isinstance(value, dict) and value:
        keys = sorted(value)
        key = keys[path[0] % len(keys)]
        return {**value, key: _mutate(value[key], path[1:], new)}
    if isinstance(value, list) and value:
        i = path[0] % len(value)
        return value[:i] + [_mutate(value[i], path[1:], new)] + value[i + 1:]
    return new


# ------------------------------------------------------------- moves --jsonl

line_bytes = st.one_of(
    st.binary(max_size=60).map(lambda b: b.replace(b"\n", b" ")),
    st.builds(lambda p, v: json.dumps(_mutate(json.loads(GOOD), p, v)).encode(),
              st.lists(st.integers(0, 30), max_size=5), json_values),
    st.builds(lambda n: b"[" * n + b"]" * (n // 2), st.integers(0, 3000)),
    st.just(GOOD.encode()),
)


@FUZZ
@given(st.lists(line_bytes, min_size=1, max_size=8))
def test_moves_jsonl_answers_every_line(lines: list[bytes]) -> None:
    out = io.StringIO()
    stream = io.BufferedReader(io.BytesIO(b"\n".join(lines) + b"\n"))  # type: ignore[arg-type]
    assert run_jsonl(stream, out) == 0  # type: ignore[arg-type]
    answers = out.getvalue().splitlines()
    assert len(answers) == sum(1 for raw in lines if raw.strip())
    for text in answers:
        text.encode("utf-8")  # strict: no lone surrogates
        parsed = json.loads(text)
        assert isinstance(parsed, dict) and (("plays" in parsed) != ("error" in parsed))


# --------------------------------------------------------- the play command line

typed = st.text(st.characters(blacklist_characters="\n\r"), max_size=30) | st.sampled_from(
    ["²", "①", "9" * 5000, "\x1b]0;x\x07", "f ²", "p 99999999", "t", "r", "1", "c", "u", "l",
     "d", "p 13", "k 9", "dd", "o", "n", "y", "w", "m", "\udcff\udcfe"])


@FUZZ
@given(st.lists(typed, min_size=1, max_size=12))
def test_play_command_line_answers_every_unknown_line(lines: list[str]) -> None:
    def parsed(line: str) -> C.Command | None | str:
        try:
            return parse_line(line)
        except UnknownInput:
            return "unknown"

    kinds = [parsed(line) for line in lines]
    assume(not any(isinstance(k, (C.Quit, C.Leave)) for k in kinds))
    session = new_session("portes", seed=11, players=(E.PlayerInfo("you"),
                                                      E.PlayerInfo("Rita", "rita")))
    app = App(session, lang="en")
    out = io.StringIO()
    player = TerminalPlayer(app, out, io.StringIO("\n".join(lines) + "\n"))
    assert player.run() == 0
    text = out.getvalue()
    unknown = len(re.findall(r"^(I do not know “|“.*” needs a point number)", text, re.M))
    assert unknown == kinds.count("unknown")
    assert "Something went wrong" not in text and "Traceback" not in text
    assert not re.search(r"[\x00-\x09\x0b-\x1f\x7f\ud800-\udfff]", text)


# ------------------------------------------------------------------- saves

def _save_data() -> dict[str, Any]:
    s = new_session("tavli", length=3, seed=4, preset="vog")
    s.start()
    for cmd in (C.ChoosePlay(1), C.Confirm(), C.Roll(), C.ChoosePlay(1)):
        s.handle(cmd)
    return json.loads(json.dumps(s.snapshot()))


SAVE = _save_data()


@FUZZ
@given(st.lists(st.integers(0, 40), max_size=6), json_values,
       st.sampled_from(["replace", "drop", "append", "bytes"]), st.binary(max_size=40))
def test_a_damaged_save_resumes_or_is_set_aside(tmp_path_factory: pytest.TempPathFactory,
                                                path_in: list[int], value: Any, how: str,
                                                junk: bytes) -> None:
    from tavli_voice.startup import main

    folder = tmp_path_factory.mktemp("save")
    save = folder / "autosave.json"
    if how == "replace":
        raw = json.dumps(_mutate(SAVE, path_in, value)).encode()
    elif how == "drop":
        data = dict(SAVE)
        data.pop(sorted(data)[path_in[0] % len(data)] if path_in else "log")
        raw = json.dumps(data).encode()
    elif how == "append":
        raw = json.dumps({**SAVE, "log": SAVE["log"] + [value]}).encode()
    else:
        text = json.dumps(SAVE).encode()
        cut = (path_in[0] * 97) % len(text) if path_in else 0
        raw = text[:cut] + junk + text[cut:]
    save.write_bytes(raw)
    out = io.StringIO()
    code = main(["--resume", "--speech", "off", "--save", str(save)], out=out,
                inp=io.StringIO("q\n"))
    said = out.getvalue()
    kept = list(Path(folder).glob("autosave.json.corrupt-*"))
    if code == 1:
        assert said.startswith("The saved match could not be read. It was kept aside as ")
        assert len(kept) == 1 and kept[0].read_bytes() == raw
    else:
        assert code == 0 and not kept and "Goodbye" in said
