"""Triton 3.6's TTGIR of the tensor-descriptor matmul, lowered and translated by ttc, issues the
same TMA, mbarrier, tensormap, elect and wgmma instructions in the same order as Triton's own PTX
(test/gpu/kernels/triton-3.6/matmul_descriptor/sm90.ptx).

CTA barriers are left out of the comparison: ttc's membar tells apart the barriers of one
allocation (`memdesc_index` by constants) where Triton 3.6's inserts a `bar.sync` between their
initialisations.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

KERNEL = Path(__file__).resolve().parents[2] / "gpu" / "kernels" / "triton-3.6" / "matmul_descriptor"
INSTRUCTIONS = re.compile(
    r"^\s*(?:@!?%p\d+\s+)?((?:cp\.async\.bulk|cp\.reduce\.async\.bulk|mbarrier|tensormap|elect|"
    r"wgmma|fence)[\w.:]*)",
    re.MULTILINE,
)


def _instructions(ptx: str) -> list[str]:
    return INSTRUCTIONS.findall(ptx)


def _ttc(*args: str, stdin: str | None = None) -> str:
    result = subprocess.run([sys.executable, "-m", "ttc", *args], input=stdin, capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.skipif(not KERNEL.exists(), reason="no Triton 3.6 kernels")
def test_descriptor_matmul_ptx_matches_triton() -> None:
    llvm_dialect = _ttc("opt", str(KERNEL / "sm90.ttgir"), "--pipeline=llir", "--target=cuda:90")
    ptx = _ttc("translate", "-", "--to=ptx", "--target=cuda:90", stdin=llvm_dialect)
    ours = _instructions(ptx)
    assert ours == _instructions((KERNEL / "sm90.ptx").read_text())
    assert ours.count("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes") == 6
