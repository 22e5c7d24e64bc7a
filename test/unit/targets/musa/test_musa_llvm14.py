"""Every MUSA output of Triton 3.6's vector-add, softmax, layer-norm and matmul is LLVM 14 IR.

The vendor toolchain is LLVM 14 based, so the IR must parse and verify with LLVM 14's `llvm-as`
(`-opaque-pointers`, as the vendor llc reads it). Debian's llvm-14 package provides
`llvm-as-14`; without it the test is skipped.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from ttc.compile_driver import CompileOptions, compile_source
from ttc.targets.base import parse_target

REPO = Path(__file__).resolve().parents[4]
KERNELS = {
    "add": REPO / "test/corpus/triton-3.6/add/sm90.ttir",
    "matmul": REPO / "test/corpus/triton-3.6/matmul_64x64x32_w4_s2/sm90.ttir",
    "softmax": REPO / "test/gpu/kernels/triton-3.6/softmax/sm90.ttir",
    "layer_norm": REPO / "test/gpu/kernels/triton-3.6/layer_norm/sm90.ttir",
}
LLVM_AS = shutil.which("llvm-as-14") or shutil.which("llvm-as", path="/usr/lib/llvm-14/bin")


def musa_llvm_ir(path: Path) -> str:
    options = CompileOptions(target=parse_target("musa:31"), until="llvmir")
    output = compile_source(path.read_text(), str(path), options).output
    assert isinstance(output, str)
    return output


@pytest.mark.skipif(LLVM_AS is None, reason="LLVM 14's llvm-as (Debian llvm-14) is not installed")
@pytest.mark.parametrize("kernel", sorted(KERNELS))
def test_llvm14_accepts_the_musa_ir(kernel: str, tmp_path: Path) -> None:
    text = musa_llvm_ir(KERNELS[kernel])
    assert 'target triple = "mtgpu-mt-musa"' in text
    assert "define cc 102 void @" in text and "!musa.annotations" in text
    assert " asm " not in text and "nvvm" not in text
    source = tmp_path / f"{kernel}.ll"
    source.write_text(text)
    assert LLVM_AS is not None
    result = subprocess.run([LLVM_AS, "-opaque-pointers", str(source), "-o", str(tmp_path / "k.bc")],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    if kernel == "matmul":
        assert "@llvm.musa.sqmma.fmma.m64n64k32.mma(" in text
        assert "call void @llvm.musa.sqmma.wait()" in text
