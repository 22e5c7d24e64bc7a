"""PTX from Triton's LLVM-dialect kernels through our emitter and llvmlite, against the corpus.

For each kernel and architecture the PTX must hold what Triton's own PTX holds: the one
`.visible .entry`, the `.reqntid`, the parameter count, the 128-bit global loads of `add`, and
the wgmma/ldmatrix/cp.async instructions of the sm90 matmul.
"""

from __future__ import annotations

import re

import pytest
from corpus_llvm import corpus_file, final_llvm_module
from nvidia_tools import target_ptx

from ttc.ir.errors import TtcError
from ttc.targets.llvmir import emit_llvm_ir
from ttc.targets.nvidia.ptx import TRIPLE, fix_ptx, llvm_ir_to_ptx, ptx_kernel_name, sm_arch

pytest.importorskip("llvmlite")

FACTS = {
    "entry": r"^\.visible \.entry (\w+)\(",
    "reqntid": r"^\.reqntid (\d+)",
    "params": r"^\s*\.param ",
    "ld.global.v4.b32": r"ld\.global\.v4\.b32",
    "st.global.v4.b32": r"st\.global\.v4\.b32",
    "wgmma.mma_async": r"wgmma\.mma_async",
    "ldmatrix": r"ldmatrix\.sync",
    "cp.async.cg": r"cp\.async\.cg",
}


def facts(ptx: str) -> dict[str, object]:
    return {
        name: re.findall(pattern, ptx, re.MULTILINE)
        if name in ("entry", "reqntid")
        else len(re.findall(pattern, ptx, re.MULTILINE))
        for name, pattern in FACTS.items()
    }


def compile_kernel(kernel: str, cc: int) -> str:
    ir = emit_llvm_ir(final_llvm_module(kernel), triple=TRIPLE)
    return target_ptx(ir, cc=cc, ptx_version=87)


@pytest.mark.parametrize(
    ("kernel", "cc", "corpus_cc"),
    [("add", 90, 90), ("add", 80, 80), ("matmul_64x64x32_w4_s2", 90, 90)],
)
def test_kernel_ptx_matches_triton(kernel: str, cc: int, corpus_cc: int) -> None:
    ptx = compile_kernel(kernel, cc)
    expected = corpus_file(kernel, f"sm{corpus_cc}.ptx")
    assert facts(ptx) == facts(expected)
    assert re.search(r"^\.version 8\.7$", ptx, re.MULTILINE)
    assert re.search(rf"^\.target {sm_arch(cc)}$", ptx, re.MULTILINE)


def test_fix_ptx_rewrites_version_target_and_debug() -> None:
    ptx = "//\n.version 8.5\n.target sm_90, debug\n.address_size 64\n"
    assert fix_ptx(ptx, cc=90, ptx_version=86) == (
        "//\n.version 8.6\n.target sm_90a\n.address_size 64\n"
    )


def test_kernel_name_requires_exactly_one_entry() -> None:
    assert ptx_kernel_name(".visible .entry k(\n)") == "k"
    with pytest.raises(TtcError, match="found none"):
        ptx_kernel_name(".visible .func f()")
    with pytest.raises(TtcError, match="found a, b"):
        ptx_kernel_name(".visible .entry a(\n)\n.visible .entry b(\n)")


def test_ptx_does_not_depend_on_what_the_process_compiled_before() -> None:
    """Each module gets its own target machine: a shared one numbers the call sequences of all
    the modules it emitted (`// callseq 1` in the second compile of a kernel with a call)."""
    ir = ("declare i32 @vprintf(ptr, ptr)\n\n"
          "define ptx_kernel void @k() {\n  %1 = call i32 @vprintf(ptr null, ptr null)\n"
          "  ret void\n}\n")
    first = llvm_ir_to_ptx(ir, cc=90, ptx_version=87)
    assert "callseq 0" in first
    assert llvm_ir_to_ptx(ir, cc=90, ptx_version=87) == first


def test_invalid_llvm_ir_is_a_ttc_error() -> None:
    with pytest.raises(TtcError, match="invalid LLVM IR"):
        llvm_ir_to_ptx("define void @k() {\n  ret i32 0\n}\n", cc=90, ptx_version=87)
