"""The words catalogue: one table, one lookup, both languages, used by inputs and outputs."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tavli_voice import words
from tavli_voice.words import ENTRIES, LANGS, SECTIONS, placeholders, text

PACKAGE = Path(words.__file__).resolve().parent.parent


class TestOneTable:
    def test_every_section_is_in_the_table_under_its_prefix(self) -> None:
        for prefix, section in SECTIONS.items():
            for key, texts in section.items():
                assert ENTRIES[prefix + key] is texts

    def test_every_entry_in_both_languages_with_the_same_fields(self) -> None:
        for key, texts in ENTRIES.items():
            assert set(texts) == set(LANGS), key
            assert placeholders(texts["en"]) == placeholders(texts["el"]), key

    def test_one_lookup_for_every_section(self) -> None:
        assert text("board.roll", "el") == "Ρίξε"
        assert text("scan.from", "el", 13) == "Από το 13"
        assert text("scan.scan_interval", "el", 1.5) == "Χρόνος σάρωσης 1,5 δευτερόλεπτα."
        assert text("scan.scan_interval_one", "en", 1.0) == "Scan interval 1 second."
        assert text("voice.hint_one", "el") == "πες ένα"
        assert text("scankey.space", "el") == "διάστημα"
        assert text("speechoff.speech_unavailable_no_audio", "en").startswith("Speech is off")
        assert text("symbol.from_bar", "el") == "από την μπάρα"

    def test_unknown_key_and_language_are_errors(self) -> None:
        with pytest.raises(KeyError):
            text("no.such.key", "en")
        with pytest.raises(ValueError):
            text("board.roll", "fr")

    def test_the_catalogue_lives_outside_narration(self) -> None:
        import importlib.util
        assert importlib.util.find_spec("tavli_voice.narration.messages") is None
        assert words.__name__ == "tavli_voice.words"


def _word_imports_from_narration(path: Path) -> list[str]:
    """Imports in ``path`` that fetch words from ``narration`` (its old ``messages``)."""
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = {alias.name for alias in node.names}
            if node.module.endswith("narration.messages") or (
                    node.module.endswith("narration") and "messages" in names):
                found.append(node.module)
        elif isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.endswith("narration.messages")]
    return found


class TestInputsTakeWordsFromTheCatalogue:
    @pytest.mark.parametrize("module", ["speech", "scanning", "ui/keys.py", "ui/voice_input.py",
                                        "ui/scan_input.py", "ui/board"])
    def test_inputs_never_import_narration_for_words(self, module: str) -> None:
        root = PACKAGE / module
        files = [root] if root.is_file() else sorted(root.rglob("*.py"))
        assert files
        for f in files:
            assert not _word_imports_from_narration(f), f
