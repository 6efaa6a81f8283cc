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
