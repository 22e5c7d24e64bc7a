"""Unstructured branches (MLIR's ControlFlowToLLVM): `cf.br`/`cf.cond_br` → `llvm.br`/`llvm.cond_br`
with tensor operands packed into one `!llvm.struct` each (returns and calls: `functions.py`). A
branch's `llvm.loop_annotation` becomes the LLVM branch's `loop_annotation` (Triton's
`fixUpLoopAnnotation`), which LLVM IR writes as `!llvm.loop` metadata."""

from __future__ import annotations

from xdsl.ir import Operation

from ttc.conversion.scf_to_cf import LOOP_ANNOTATION
from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.dialects.upstream import llvm


@lowers("cf.br")
def _br(lw: FunctionLowering, op: Operation) -> None:
    (dest,) = op.successors
    _annotated(lw.emit(llvm.BrOp(lw.blocks[dest], *(lw.pack(v) for v in op.operands))), op)


@lowers("cf.cond_br")
def _cond_br(lw: FunctionLowering, op: Operation) -> None:
    cond = lw.scalar(op.operands[0])
    true_dest, false_dest = op.successors
    true_args = [lw.pack(v) for v in op.then_arguments]  # type: ignore[attr-defined]
    false_args = [lw.pack(v) for v in op.else_arguments]  # type: ignore[attr-defined]
    _annotated(lw.emit(
        llvm.CondBrOp(
            operands=[cond, true_args, false_args],
            successors=[lw.blocks[true_dest], lw.blocks[false_dest]],
        )
    ), op)


def _annotated(branch: Operation, source: Operation) -> None:
    if (annotation := source.attributes.get(LOOP_ANNOTATION)) is not None:
        branch.attributes["loop_annotation"] = annotation
