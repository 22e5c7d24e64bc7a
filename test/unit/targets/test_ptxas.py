"""ptxas discovery, version rules and cubin assembly (the last skipped when no ptxas exists)."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from corpus_llvm import final_llvm_module
from nvidia_tools import target_ptx

from ttc.ir.errors import TtcError
from ttc.targets import llvmir
from ttc.targets.nvidia import ptxas
from ttc.targets.nvidia.ptx import TRIPLE


def fake_tool(tmp_path: Path, name: str = "ptxas") -> Path:
    tool = tmp_path / name
    tool.write_text("#!/bin/sh\necho 'Cuda compilation tools, release 12.8, V12.8.93'\n")
    tool.chmod(tool.stat().st_mode | stat.S_IEXEC)
    return tool


def test_explicit_argument_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TTC_PTXAS", str(fake_tool(tmp_path, "from-env")))
    assert ptxas.find_ptxas(str(fake_tool(tmp_path))) == tmp_path / "ptxas"
    assert ptxas.find_ptxas(None) == tmp_path / "from-env"


def test_bad_explicit_path_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TTC_PTXAS", raising=False)
    with pytest.raises(TtcError, match="--ptxas is not an executable file: /no/ptxas"):
        ptxas.find_ptxas("/no/ptxas")


def test_missing_ptxas_names_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TTC_PTXAS", raising=False)
    monkeypatch.setenv("PATH", "/nonexistent")
    monkeypatch.setattr(ptxas, "_wheel_candidates", lambda: [])
    monkeypatch.setattr(ptxas.Path, "is_file", lambda self: False)
    with pytest.raises(TtcError, match="nvidia-cuda-nvcc-cu12"):
        ptxas.find_ptxas(None)


def test_version_of_a_ptxas(tmp_path: Path) -> None:
    assert ptxas.ptxas_version(fake_tool(tmp_path)) == (12, 8)


@pytest.mark.parametrize(
    ("cuda", "ptx"), [((12, 4), 84), ((12, 8), 87), ((12, 9), 88), ((13, 0), 90), ((13, 1), 91)]
)
def test_ptx_version_rules(cuda: tuple[int, int], ptx: int) -> None:
    assert ptxas.ptx_version_for(cuda) == ptx


def test_debug_flag_is_stripped_from_target_only() -> None:
    text = ".target sm_90a, debug\n// debug, kept\n"
    assert ptxas.strip_debug_target(text) == ".target sm_90a\n// debug, kept\n"


def test_triton_flags() -> None:
    args = ptxas.ptxas_arguments(90, Path("k.ptx"), Path("k.cubin"))
    assert args == ["-lineinfo", "-v", "--regAllocOptLevel=2", "--gpu-name=sm_90a", "k.ptx", "-o", "k.cubin"]


def test_no_fused_multiply_add_and_extra_options() -> None:
    args = ptxas.ptxas_arguments(80, Path("k.ptx"), Path("k.cubin"), fmad=False,
                                 extra=["--maxrregcount=64"])
    assert args == ["-lineinfo", "--fmad=false", "-v", "--regAllocOptLevel=2", "--maxrregcount=64",
                    "--gpu-name=sm_80", "k.ptx", "-o", "k.cubin"]


def real_ptxas() -> Path:
    try:
        return ptxas.find_ptxas(None)
    except TtcError:
        pytest.skip("no ptxas installed")


@pytest.mark.parametrize(
    ("kernel", "cc"), [("add", 80), ("add", 90), ("matmul_64x64x32_w4_s2", 90)]
)
def test_ptxas_accepts_our_ptx(kernel: str, cc: int) -> None:
    tool = real_ptxas()
    version = min(ptxas.ptx_version_for(ptxas.ptxas_version(tool)), 87)
    ir = llvmir.emit_llvm_ir(final_llvm_module(kernel), triple=TRIPLE)
    cubin = ptxas.ptx_to_cubin(target_ptx(ir, cc=cc, ptx_version=version), cc=cc)
    assert cubin[:4] == b"\x7fELF"


def test_ptxas_errors_are_reported() -> None:
    real_ptxas()
    with pytest.raises(TtcError, match="ptxas failed"):
        ptxas.ptx_to_cubin(".version 8.0\n.target sm_80\nthis is not ptx\n", cc=80)
