"""A file name holding bytes that are not UTF-8 is written into "continue it with: …" so that
pasting the command into bash names that very file (``$'\\xff'``), where it printed
``'\\udcff…'``, which bash takes as other bytes."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tavli_voice import startup
from tavli_voice.ui.saved import shell_word

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")


def bash_words(line: str) -> list[bytes]:
    """The words bash makes of ``line`` pasted after a command name, as bytes."""
    proc = subprocess.run(["bash", "-c", f"set -- {line}; printf '%s\\0' \"$@\""],
                          capture_output=True, check=True, env={"LC_ALL": "C.UTF-8"})
    return proc.stdout.split(b"\0")[:-1]


@pytest.mark.parametrize("raw", [b"\xff.json", b"a b\xfe\x80.json", b"it's \xc3.json",
                                 b"\xce\xb1\xff\\x41.json", b"tab\there.json", b"plain.json",
                                 "οι αγώνες μου.json".encode()])
def test_a_shell_word_pasted_into_bash_gives_the_same_bytes(raw: bytes) -> None:
    word = shell_word(os.fsdecode(raw))
    word.encode("utf-8")  # printable as it is: no lone surrogate left in it
    assert bash_words(word) == [raw]


@pytest.mark.parametrize("lang", ["en", "el"])
def test_continue_it_with_names_a_save_whose_name_is_not_utf8_so_bash_finds_it(
        tmp_home: Path, lang: str) -> None:
    raw = os.fsencode(tmp_home) + b"/m\xff\xfe.json"
    out = io.StringIO()
    code = startup.main(["--save", os.fsdecode(raw), "--seed", "3", "--speech", "off",
                         "--lang", lang], out, io.StringIO("1\nq\n"))
    assert code == 0, out.getvalue()
    assert os.path.exists(raw)
    last = out.getvalue().splitlines()[-1]
    assert last.startswith("Goodbye." if lang == "en" else "Γεια σου."), last
    assert "\\udc" not in last, last
    command = last.split(": ", 1)[1]
    words = bash_words(command.split(" resume ", 1)[1])  # after the program's name
    assert words[:2] == [b"--save", raw], words
