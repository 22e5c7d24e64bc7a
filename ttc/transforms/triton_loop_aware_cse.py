"""`triton-loop-aware-cse`: Triton's LoopAwareCSE.cpp.

Plain CSE cannot merge two `scf.for` iter_args that always hold the same value, since each is a
distinct block argument. This pass proves such pairs: two iter_args are equal when their inits
are the same value and, assuming the pair equal, their yielded values are computed by the same
side-effect-free ops from equal operands (checked recursively inside the loop body). The second
of each pair is replaced by the first, inside the loop and in the loop's results; then MLIR's CSE
runs over the module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue

from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.cse import eliminate_common_subexpressions
from ttc.transforms.utils import defined_outside, is_memory_effect_free


class ValueEquivalence:
    """Equivalence of two values of one loop body under assumed-equal pairs (with memo)."""

    def __init__(self, loop: Operation) -> None:
        self.loop = loop
        self.assumed: set[tuple[SSAValue, SSAValue]] = set()

    def equal(self, a: SSAValue, b: SSAValue) -> bool:
        if a is b or (a, b) in self.assumed or (b, a) in self.assumed:
            return True
        op_a, op_b = a.owner, b.owner
        if not isinstance(op_a, Operation) or not isinstance(op_b, Operation):
            return False
        if defined_outside(a, self.loop) or defined_outside(b, self.loop):
            return False
        if (
            op_a.name != op_b.name
            or op_a.regions
            or op_b.regions
            or not is_memory_effect_free(op_a)
            or op_a.properties != op_b.properties
            or op_a.attributes != op_b.attributes
            or op_a.result_types != op_b.result_types
            or len(op_a.operands) != len(op_b.operands)
            or op_a.results.index(a) != op_b.results.index(b)  # pyright: ignore[reportArgumentType]
        ):
            return False
        self.assumed.add((a, b))
        if all(self.equal(x, y) for x, y in zip(op_a.operands, op_b.operands, strict=True)):
            return True
        self.assumed.discard((a, b))
        return False


def merge_equal_iter_args(loop: Operation) -> bool:
    """Replace the later of every provably equal pair of iter_args of the scf.for `loop`."""
    body = loop.regions[0].blocks.first
    assert body is not None
    yield_op = body.last_op
    assert yield_op is not None
    inits, args = list(loop.operands[3:]), list(body.args[1:])
    changed = False
    merged: set[int] = set()
    for j in range(len(args)):
        for i in range(j):
            if i in merged or inits[i] is not inits[j]:
                continue
            equivalence = ValueEquivalence(loop)
            equivalence.assumed.add((args[i], args[j]))
            if equivalence.equal(yield_op.operands[i], yield_op.operands[j]):
                args[j].replace_all_uses_with(args[i])
                loop.results[j].replace_all_uses_with(loop.results[i])
                merged.add(j)
                changed = True
                break
    return changed


@dataclass(frozen=True)
class TritonLoopAwareCsePass(TtcPass):
    """Merge provably equal loop iter_args, then run CSE."""

    name: ClassVar[str] = "triton-loop-aware-cse"
    summary: ClassVar[str] = "CSE that also merges loop iter_args equal on every iteration"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for loop in [o for o in op.walk(region_first=True) if o.name == "scf.for"]:
            merge_equal_iter_args(loop)
        eliminate_common_subexpressions(op)
