"""Whisper runs on the same kernels (AVX-512) wherever the CPU has them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tavli_voice.speech import engine_whisper as ew

ALL = "processor\t: 0\nflags\t\t: fpu sse2 avx avx2 " + " ".join(ew.AVX512_FLAGS) + " avx512_vnni\n"


def test_a_cpu_with_avx512_gets_those_kernels(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ew.ISA_VARIABLE, raising=False)
    info = tmp_path / "cpuinfo"
    info.write_text(ALL)
    ew.choose_isa(info)
    assert ew.os.environ[ew.ISA_VARIABLE] == "AVX512"


def test_a_cpu_without_all_avx512_flags_keeps_ctranslate2s_choice(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ew.ISA_VARIABLE, raising=False)
    info = tmp_path / "cpuinfo"
    info.write_text(ALL.replace(" avx512bw", ""))
    ew.choose_isa(info)
    assert ew.ISA_VARIABLE not in ew.os.environ
    ew.choose_isa(tmp_path / "missing")  # no /proc: nothing set, nothing raised
    assert ew.ISA_VARIABLE not in ew.os.environ


def test_the_users_own_choice_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ew.ISA_VARIABLE, "AVX2")
    info = tmp_path / "cpuinfo"
    info.write_text(ALL)
    ew.choose_isa(info)
    assert ew.os.environ[ew.ISA_VARIABLE] == "AVX2"


def test_the_kernels_in_force_are_told(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """choose_isa says which kernels it left in force: AVX-512 where the CPU has them, the user's
    own, or None where ctranslate2 chooses."""
    info = tmp_path / "cpuinfo"
    info.write_text(ALL)
    monkeypatch.delenv(ew.ISA_VARIABLE, raising=False)
    assert ew.choose_isa(info) == "AVX512" == ew.isa_in_force()
    monkeypatch.setenv(ew.ISA_VARIABLE, "AVX2")
    assert ew.choose_isa(info) == "AVX2" == ew.isa_in_force()
    monkeypatch.delenv(ew.ISA_VARIABLE)
    info.write_text(ALL.replace(" avx512bw", ""))
    assert ew.choose_isa(info) is None and ew.isa_in_force() is None


def test_the_voice_benchmarks_header_names_the_whisper_kernels_that_ran(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The header of benchmarks/voice.py's tables names the kernels as the log does."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from benchmarks.voice import engine_said

    class Engine:
        name = "whisper+crop"
        views = ("whole", "cropped")

    monkeypatch.setenv(ew.ISA_VARIABLE, "AVX512")
    assert engine_said(Engine()) == ("engine whisper+crop (views whole+cropped); "
                                     "Whisper kernels AVX512")
    monkeypatch.delenv(ew.ISA_VARIABLE)
    assert engine_said(object()).endswith("; Whisper kernels chosen by ctranslate2")
