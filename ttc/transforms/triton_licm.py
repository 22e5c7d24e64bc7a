"""`triton-licm`: Triton's loop-invariant code motion (LoopInvariantCodeMotion.cpp).

MLIR's LICM (see licm.py), plus hoisting of `tt.load`s: a load whose only memory effect is a read
(not a volatile one) and whose operands are loop invariant leaves an `scf.for` whose own effects,
nested ops included, are reads at most. Since the loop may run zero times, the
hoisted load is predicated on the trip-count check `lb < ub`: its mask becomes
`splat(lb < ub) & mask` (or just the splat when it had no mask), built right before the loop.
"""

from __future__ import annotations


from xdsl.context import Context
from xdsl.dialects.builtin import IntegerAttr, IntegerType, ModuleOp, TensorType, i1
from xdsl.ir import Attribute, Operation, SSAValue

from ttc.dialects.tt import ops as tt
from ttc.dialects.upstream import scf
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.licm import is_hoistable_pure
from ttc.transforms.utils import (
    EffectCache,
    create_op,
    is_memory_effect_free_or_only_reads,
    move_before,
    move_loop_invariant_code,
    post_order_loops,
)

CMPI_SLT = 2


def _mask_type(ptr_type: Attribute) -> Attribute:
    if isinstance(ptr_type, TensorType):
        return TensorType(i1, ptr_type.get_shape(), ptr_type.encoding)
    return i1


class TritonLicmPass(
    TtcPass, name="triton-licm", summary="MLIR's LICM plus hoisting of tt.load guarded by the trip count"
):
    """LICM that also hoists loads out of `scf.for` loops under a trip-count guard."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        # Hoisting an op out of a loop changes the effects of that loop only: the op, and the
        # guard of a load (effect-free), stay inside every enclosing op.
        effects = EffectCache()
        for loop in post_order_loops(op):
            hoist_loads = isinstance(loop, scf.ForOp) and is_memory_effect_free_or_only_reads(loop, effects)

            def should_move(candidate: Operation) -> bool:
                if isinstance(candidate, tt.LoadOp):
                    return hoist_loads and is_memory_effect_free_or_only_reads(candidate, effects)
                return is_hoistable_pure(candidate, effects)

            def move(candidate: Operation, loop: Operation = loop) -> None:
                if isinstance(candidate, tt.LoadOp):
                    self._guard_load(ctx, candidate, loop)
                move_before(candidate, loop)
                effects.forget(loop)

            move_loop_invariant_code(loop, should_move, move)

    @staticmethod
    def _guard_load(ctx: Context, load: Operation, loop: Operation) -> None:
        """Predicate `load` on `lb < ub` of `loop`, building the mask before the loop."""
        block = loop.parent
        assert block is not None
        lb, ub = loop.operands[0], loop.operands[1]
        properties: dict[str, Attribute] = {"predicate": IntegerAttr(CMPI_SLT, IntegerType(64))}
        cond = create_op(ctx, "arith.cmpi", [lb, ub], [i1], properties)
        block.insert_op_before(cond, loop)
        mask: SSAValue = cond.results[0]
        mask_type = _mask_type(load.operands[0].type)
        if isinstance(mask_type, TensorType):
            splat = tt.SplatOp(mask, mask_type)
            block.insert_op_before(splat, loop)
            mask = splat.results[0]
        operands = list(load.operands)
        if len(operands) > 1:
            combined = create_op(ctx, "arith.andi", [mask, operands[1]], [mask_type])
            block.insert_op_before(combined, loop)
            operands[1] = combined.results[0]
        else:
            operands.append(mask)
        segments = load.properties.get("operandSegmentSizes")
        load.operands = operands
        if segments is not None:
            sizes = [1, 1, 1 if len(operands) > 2 else 0]
            load.properties["operandSegmentSizes"] = type(segments).from_list(  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
                segments.elt_type, sizes  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
            )
