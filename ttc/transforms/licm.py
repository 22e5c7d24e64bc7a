"""`loop-invariant-code-motion`: MLIR's LICM over Triton's loops.

Mirrors mlir/lib/Transforms/LoopInvariantCodeMotion.cpp: for every `scf.for` and `scf.while`,
innermost first, top-level ops of the loop body that are free of memory effects, speculatable,
and use only values defined outside the loop are moved right before the loop; users of a moved
op are then reconsidered.
"""

from __future__ import annotations


from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation

from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.utils import (
    EffectCache,
    is_memory_effect_free,
    is_speculatable,
    move_before,
    move_loop_invariant_code,
    post_order_loops,
)


def is_hoistable_pure(op: Operation, cache: EffectCache | None = None) -> bool:
    """MLIR LICM's default criterion: no memory effects and speculatable."""
    return is_memory_effect_free(op, cache) and is_speculatable(op)


class LoopInvariantCodeMotionPass(
    TtcPass, name="loop-invariant-code-motion", summary="Hoist loop invariant instructions outside of the loop"
):
    """Hoist loop-invariant, side-effect-free ops out of scf loops."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        effects = EffectCache()  # a hoist changes the effects of the loop it leaves, no other

        def move(candidate: Operation, loop: Operation) -> None:
            move_before(candidate, loop)
            effects.forget(loop)

        for loop in post_order_loops(op):
            move_loop_invariant_code(
                loop, lambda o: is_hoistable_pure(o, effects), lambda o, l=loop: move(o, l)
            )
