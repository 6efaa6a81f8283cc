"""Whisper's tokens made in Python (speech/bpe.py) and its model read from a folder (model_folder).

The game builds its voice engine while it already answers keys and speaks;
building must not hold Python's lock for long. These tests pin that the
Python tokenizer gives exactly the ``tokenizers`` library's ids for what the
engine spells, that it reads the tables in slices, and that split model files
are joined once into the cache folder for ctranslate2 to read.
"""

from __future__ import annotations

import json
import logging
import random
from pathlib import Path

import pytest

from tavli_voice.speech import bpe as bpe_module
from tavli_voice.speech.bpe import SLICE, ByteLevelBPE
from tavli_voice.speech.grammar import ALL_POINTS, PHASE_COMMANDS, Options, phrases

tokenizers = pytest.importorskip("tokenizers", reason="the whisper extra (tokenizers) is not installed")


def installed(lang: str):
    from tavli_voice.speech.engine_whisper import find_weights

    weights = find_weights(lang=lang)  # type: ignore[arg-type]
    if weights is None or (lang == "el" and not weights.multilingual):
        pytest.skip(f"no Whisper model for {lang} installed (the README's whisper extras)")
    return weights


@pytest.fixture(scope="module", params=["en", "el"])
def model(request):
    """(language, tokenizer.json text, the library's tokenizer, ours) for each installed model."""
    weights = installed(request.param)
    text = weights.read("tokenizer.json").decode("utf-8")
    return request.param, text, tokenizers.Tokenizer.from_str(text), ByteLevelBPE.from_tokenizer_json(text)


def library_ids(tok, text: str) -> list[int]:
    return list(tok.encode(text, add_special_tokens=False).ids)


def spelled_texts(lang: str) -> set[str]:
    """Every transcript the Whisper engine scores for the phrases of every phase (and the step words)."""
    options = [Options(plays=120, commands=commands) for commands in PHASE_COMMANDS.values()]
    options.append(Options(plays=0, from_points=ALL_POINTS, to_points=ALL_POINTS))
    texts: set[str] = set()
    for option in options:
        for phrase in phrases(option, lang):  # type: ignore[arg-type]
            text = phrase.text
            texts.add(" " + text[:1].upper() + text[1:] + ".")
            texts.add(" " + text)
    texts.update(f" {n}." for n in range(1, 121))
    return texts


def test_the_ids_of_every_spelled_phrase_are_the_tokenizers_librarys(model) -> None:
    lang, _, library, ours = model
    for phrase_lang in ("en", "el"):
        texts = spelled_texts(phrase_lang)
        assert len(texts) > 200
        wrong = [t for t in sorted(texts) if ours.encode(t) != library_ids(library, t)]
        assert wrong == [], f"{lang} model, {phrase_lang} phrases"


def test_random_latin_and_greek_text_gets_the_librarys_ids(model) -> None:
    _, _, library, ours = model
    alphabet = ("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                "αβγδεζηθικλμνξοπρστυφχψωςάέήίόύώϊϋΐΰΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΆΈΉΊΌΎΏ"
                "0123456789 .,;?!'-_\n\t\"()/«»")
    rng = random.Random(15)
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 24)))
        assert ours.encode(text) == library_ids(library, text), repr(text)
    for text in ("it's", "we'll", "don't 'stop'", "  two  spaces", "tab\tend ", "x__y", "ένα, δύο; τρία!"):
        assert ours.encode(text) == library_ids(library, text), repr(text)


def test_special_tokens_and_decoding_match_the_library(model) -> None:
    _, _, library, ours = model
    for token in ("<|startoftranscript|>", "<|transcribe|>", "<|notimestamps|>", "<|endoftext|>", "<|el|>",
                  "Ġseven", "not a token"):
        assert ours.token_to_id(token) == library.token_to_id(token), token
    ids = library_ids(library, " Πέντε. Seven.")
    assert ours.decode(ids) == " Πέντε. Seven."


def test_the_tables_are_parsed_a_slice_at_a_time(model, monkeypatch) -> None:
    """No single parse of a whole table: each is a short call, letting the game's other threads in."""
    _, text, _, whole = model
    sizes: list[int] = []
    real = json.loads

    def counting(s, *args, **kwargs):
        sizes.append(len(s))
        return real(s, *args, **kwargs)

    monkeypatch.setattr(bpe_module.json, "loads", counting)
    sliced = ByteLevelBPE.from_tokenizer_json(text)
    assert len(sizes) >= 2 * (50000 // SLICE)  # the vocabulary and the merges, 2,000 entries a call
    assert max(sizes) < len(text) / 10
    assert sliced.vocab == whole.vocab and sliced.ranks == whole.ranks and sliced.specials == whole.specials


def test_a_file_not_pretty_printed_is_read_whole_to_the_same_tables(model) -> None:
    _, text, _, pretty = model
    compact = ByteLevelBPE.from_tokenizer_json(json.dumps(json.loads(text), ensure_ascii=False))
    assert compact.vocab == pretty.vocab and compact.ranks == pretty.ranks and compact.specials == pretty.specials


def test_a_tokenizer_of_another_kind_is_refused() -> None:
    other = {"added_tokens": [{"id": 0, "content": "<s>"}], "normalizer": {"type": "NFC"},
             "pre_tokenizer": {"type": "Metaspace"}, "model": {"type": "Unigram", "vocab": []}}
    with pytest.raises(ValueError):
        ByteLevelBPE.from_tokenizer_json(json.dumps(other, indent=2))


def test_text_with_other_numerals_goes_to_the_library_and_gets_its_ids(caplog) -> None:
    from tavli_voice.speech.engine_whisper import _Tokens

    weights = installed("en")
    text = weights.read("tokenizer.json").decode("utf-8")
    library = tokenizers.Tokenizer.from_str(text)
    tokens = _Tokens(text)
    for odd in (" x² Ⅻ.", " ½"):
        assert not ByteLevelBPE.plain(odd)
        assert tokens.encode(odd) == library_ids(library, odd)
    assert ByteLevelBPE.plain(" Πέντε.") and tokens.encode(" Πέντε.") == library_ids(library, " Πέντε.")


# ------------------------------------------------------------------ the model's folder

def fake_weights(root: Path, split: bool):
    from tavli_voice.speech.engine_whisper import Weights

    first, second = root / "wheel1", root / "wheel2"
    first.mkdir(parents=True)
    second.mkdir(parents=True)
    (first / "config.json").write_text("{}")
    (first / "vocabulary.json").write_text("[]")
    (first / "tokenizer.json").write_text("{}")
    if split:
        (first / "model.bin.part1").write_bytes(b"A" * 1000)
        (second / "model.bin.part2").write_bytes(b"B" * 500)
        model = (first / "model.bin.part1", second / "model.bin.part2")
    else:
        (first / "model.bin").write_bytes(b"AB" * 300)
        model = (first / "model.bin",)
    return Weights("test", {"model.bin": model, "config.json": (first / "config.json",),
                            "vocabulary.json": (first / "vocabulary.json",),
                            "tokenizer.json": (first / "tokenizer.json",)})


def test_whole_files_in_one_folder_are_read_from_there(tmp_path) -> None:
    from tavli_voice.speech.engine_whisper import model_folder

    weights = fake_weights(tmp_path / "pkg", split=False)
    assert model_folder(weights, cache=tmp_path / "cache") == tmp_path / "pkg" / "wheel1"
    assert not (tmp_path / "cache").exists()


def test_split_files_are_joined_once_into_the_cache(tmp_path) -> None:
    from tavli_voice.speech.engine_whisper import model_folder

    weights = fake_weights(tmp_path / "pkg", split=True)
    cache = tmp_path / "cache"
    stale = cache / "whisper-test-0000000000000000"
    stale.mkdir(parents=True)
    folder = model_folder(weights, cache=cache)
    assert folder is not None and folder.parent == cache
    assert (folder / "model.bin").read_bytes() == b"A" * 1000 + b"B" * 500
    assert (folder / "config.json").read_text() == "{}" and (folder / "vocabulary.json").read_text() == "[]"
    assert not stale.exists()  # an older join of the same model is removed
    written = (folder / "model.bin").stat().st_mtime_ns
    assert model_folder(weights, cache=cache) == folder  # the second game finds it made
    assert (folder / "model.bin").stat().st_mtime_ns == written
    assert [p.name for p in cache.iterdir()] == [folder.name]  # nothing half-written left


def test_a_cache_that_cannot_be_written_is_logged_and_memory_is_used(tmp_path, caplog) -> None:
    from tavli_voice.speech.engine_whisper import model_folder

    weights = fake_weights(tmp_path / "pkg", split=True)
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    with caplog.at_level(logging.WARNING, logger="tavli_voice.speech.engine_whisper"):
        assert model_folder(weights, cache=blocked / "cache") is None
    assert "from memory" in caplog.text and "could not be joined" in caplog.text


def test_a_bpe_with_settings_this_encoder_does_not_follow_is_refused(model) -> None:
    _, text, _, _ = model
    document = json.loads(text)
    for key, value in (("dropout", 0.1), ("continuing_subword_prefix", "##"), ("byte_fallback", True)):
        changed = json.loads(text)
        changed["model"][key] = value
        with pytest.raises(ValueError):
            ByteLevelBPE.from_tokenizer_json(json.dumps(changed, indent=2))
    document["pre_tokenizer"]["use_regex"] = False
    with pytest.raises(ValueError):
        ByteLevelBPE.from_tokenizer_json(json.dumps(document, indent=2))


def test_a_damaged_join_in_the_cache_is_removed_and_the_model_loads_from_memory(tmp_path, monkeypatch,
                                                                                  caplog) -> None:
    from tavli_voice.speech import engine_whisper

    weights = installed("el")
    damaged = tmp_path / "whisper-base-damaged"
    damaged.mkdir()
    for name in ("model.bin", "config.json", "vocabulary.json"):
        (damaged / name).write_bytes(b"\x00" * 64)
    monkeypatch.setattr(engine_whisper, "model_folder", lambda w, cache=None: damaged)
    with caplog.at_level(logging.WARNING, logger="tavli_voice.speech.engine_whisper"):
        engine = engine_whisper.WhisperRecognizer(weights, "el")
    assert engine._model.is_multilingual
    assert not damaged.exists() and "did not load from" in caplog.text and "that join is removed" in caplog.text
