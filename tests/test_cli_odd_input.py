"""The command line given odd input: a closed input, odd options and files, answered in a
sentence in the user's language with nothing lost (R9)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest


@pytest.mark.parametrize(("lang", "said"), [("en", "argument --jsonl: not allowed with argument --list"),
                                            ("el", "το --jsonl δεν επιτρέπεται μαζί με το --list")])
def test_review_list_and_jsonl_together_are_refused_in_words(
        lang: str, said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from tavli_voice import review_cli
    monkeypatch.setenv("TAVLI_VOICE_HOME", str(tmp_path))
    out = io.StringIO()
    with pytest.raises(SystemExit) as stop:
        review_cli.main(["--list", "--jsonl", "--lang", lang], out, io.StringIO())
    assert stop.value.code == 2 and out.getvalue() == ""  # no human list passed off as JSON
    assert said in capsys.readouterr().err
