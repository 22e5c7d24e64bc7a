"""Lowering single ops outside a function, for the tests that run the result in `llvm_sim`.

`lowering_over(tensor, ...)` is a `FunctionLowering` whose block takes `tensor`'s registers as its
arguments (what lowering the function around it would have bound); `lower(lw, op)` then emits `op`
through its registered lowering into that block.
"""

from __future__ import annotations

from xdsl.builder import Builder, InsertPoint
from xdsl.dialects.builtin import TensorType
from xdsl.ir import Block, Operation, SSAValue

from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering
from ttc.conversion.tritongpu_to_llvm.registry import lowering_for
from ttc.ir.target import TargetInfo


def lowering_over(tensor: SSAValue, cc: int, num_warps: int,
                  first: Operation) -> tuple[FunctionLowering, Block]:
    """A lowering for cuda:`cc` with `num_warps` warps, its block's arguments bound to the
    registers of `tensor`; `first` is the op the registers are typed for."""
    lw = FunctionLowering(TargetInfo.cuda(cc, 80), Builder(InsertPoint.at_end(Block())),
                          num_warps=num_warps)
    lw.current = first
    assert isinstance(tensor.type, TensorType)
    block = Block(arg_types=[lw.llvm_type(tensor.type)] * lw.num_regs(tensor.type))
    lw.builder = Builder(InsertPoint.at_end(block))
    lw.bind(tensor, list(block.args))
    return lw, block


def lower(lw: FunctionLowering, op: Operation) -> None:
    """Emit `op` through the lowering registered for it."""
    lw.current = op
    lowering = lowering_for(op.name)
    assert lowering is not None
    lowering(lw, op)
