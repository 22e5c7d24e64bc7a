"""Whether this machine has NVIDIA's ptxas and libdevice, for the tests that need them; PTX of
freshly emitted LLVM IR as the target makes it.

Both tools are looked up as ttc looks them up (`ttc.targets.nvidia`: `TTC_PTXAS`/`TTC_LIBDEVICE`,
the `nvidia-cuda-nvcc` wheel that the `test` extra installs, `PATH`, `/usr/local/cuda`), so a test
skips, saying why, exactly where ttc would stop with "not found"; `needs_ptxas` and
`needs_libdevice` are the marks that do it.

`target_ptx` runs the target's two LLVM steps on emitted (unoptimised) LLVM IR: O3 (make_llir),
then code generation (make_ptx, which does not optimise the IR again).
"""

from __future__ import annotations

from functools import cache

import pytest

from ttc.ir.errors import TtcError
from ttc.targets.nvidia.libdevice import find_libdevice
from ttc.targets.nvidia.ptx import llvm_ir_to_ptx, optimize_llvm_ir
from ttc.targets.nvidia.ptxas import find_ptxas


@cache
def have_ptxas() -> bool:
    """Whether ttc finds a ptxas to run."""
    try:
        find_ptxas()
    except TtcError:
        return False
    return True


@cache
def have_libdevice() -> bool:
    """Whether ttc finds libdevice.10.bc to link."""
    try:
        find_libdevice(None)
    except TtcError:
        return False
    return True


needs_ptxas = pytest.mark.skipif(
    not have_ptxas(), reason="no ptxas on this machine (`pip install -e '.[test]'` brings one)")
needs_libdevice = pytest.mark.skipif(
    not have_libdevice(),
    reason="no libdevice on this machine (`pip install -e '.[test]'` brings one)")


def target_ptx(llvm_ir: str, *, cc: int, ptx_version: int) -> str:
    """The PTX of emitted LLVM IR through the target's O3 and code-generation steps."""
    optimized = optimize_llvm_ir(llvm_ir, cc=cc, ptx_version=ptx_version)
    return llvm_ir_to_ptx(optimized, cc=cc, ptx_version=ptx_version)
