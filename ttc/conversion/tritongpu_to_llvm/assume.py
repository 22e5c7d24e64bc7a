"""`llvm.intr.assume` in TTGIR (what `tl.assume` builds) through convert-triton-gpu-to-llvm.

The op is already in the LLVM dialect, which Triton's conversion target holds legal: only its
condition, a scalar `i1`, is replaced by its lowered value, and the op stays where it was so that
LLVM's optimizer can use the fact (`call void @llvm.assume(i1 %c)` in the LLVM IR).
"""

from __future__ import annotations

from xdsl.ir import Operation

from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.dialects.upstream import llvm


@lowers("llvm.intr.assume")
def _assume(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, llvm.AssumeOp)
    lw.emit(llvm.AssumeOp(lw.scalar(op.cond)))
