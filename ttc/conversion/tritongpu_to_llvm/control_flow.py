"""Unstructured branches (MLIR's ControlFlowToLLVM): `cf.br`/`cf.cond_br` → `llvm.br`/`llvm.cond_br`
with tensor operands packed into one `!llvm.struct` each (returns and calls: `functions.py`)."""

from __future__ import annotations

from xdsl.ir import Operation

from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.dialects import llvm


@lowers("cf.br")
def _br(lw: FunctionLowering, op: Operation) -> None:
    (dest,) = op.successors
    lw.emit(llvm.BrOp(lw.blocks[dest], *(lw.pack(v) for v in op.operands)))


@lowers("cf.cond_br")
def _cond_br(lw: FunctionLowering, op: Operation) -> None:
    cond = lw.scalar(op.operands[0])
    true_dest, false_dest = op.successors
    true_args = [lw.pack(v) for v in op.then_arguments]  # type: ignore[attr-defined]
    false_args = [lw.pack(v) for v in op.else_arguments]  # type: ignore[attr-defined]
    lw.emit(
        llvm.CondBrOp(
            operands=[cond, true_args, false_args],
            successors=[lw.blocks[true_dest], lw.blocks[false_dest]],
        )
    )
