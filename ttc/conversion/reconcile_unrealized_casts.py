"""`reconcile-unrealized-casts`: MLIR's ReconcileUnrealizedCasts pass
(mlir/lib/Conversion/ReconcileUnrealizedCasts).

Partial conversions leave `builtin.unrealized_conversion_cast` ops where a value of one type
stands in for another. This pass folds them away: a cast whose results nobody uses is erased; a
cast of another cast's results is replaced by one cast of the original inputs; a cast whose
inputs already have its result types is replaced by its inputs. A cast still used after that
cannot be reconciled and is a located error, as in MLIR.

ttc's lowering does not leave casts behind, so on its output the pass finds nothing to do; it
exists so that Triton's RUN lines (`... -convert-triton-gpu-to-llvm -reconcile-unrealized-casts`)
and hand-written IR with casts work.
"""

from __future__ import annotations


from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, UnrealizedConversionCastOp
from xdsl.ir import Operation, SSAValue

from ttc.ir.errors import TtcError
from ttc.ir.locations import source_location
from ttc.ir.walk import walk
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.utils import erase_op


def _source_cast(cast: UnrealizedConversionCastOp) -> UnrealizedConversionCastOp | None:
    """The cast whose results, all and in order, are `cast`'s inputs."""
    inputs = list(cast.inputs)
    if not inputs:
        return None
    owner = inputs[0].owner
    if isinstance(owner, UnrealizedConversionCastOp) and list(owner.outputs) == inputs:
        return owner
    return None


def _fold(cast: UnrealizedConversionCastOp) -> bool:
    """Simplify one cast; whether anything changed."""
    if all(not result.uses for result in cast.outputs):
        erase_op(cast)
        return True
    inputs: list[SSAValue] = list(cast.inputs)
    source = _source_cast(cast)
    if source is not None:
        inputs = list(source.inputs)
    if [v.type for v in inputs] == [r.type for r in cast.outputs]:
        for result, value in zip(cast.outputs, inputs, strict=True):
            result.replace_all_uses_with(value)
        erase_op(cast)
        return True
    if source is not None:
        assert cast.parent is not None
        merged = UnrealizedConversionCastOp.get(inputs, [r.type for r in cast.outputs])
        merged.location = cast.location
        cast.parent.insert_op_before(merged, cast)
        for result, new in zip(cast.outputs, merged.outputs, strict=True):
            result.replace_all_uses_with(new)
        erase_op(cast)
        return True
    return False


def reconcile_unrealized_casts(module: Operation) -> None:
    changed = True
    while changed:
        changed = False
        for op in list(walk(module, reverse=True)):
            if isinstance(op, UnrealizedConversionCastOp) and op.parent is not None:
                changed |= _fold(op)
    for op in walk(module):
        if isinstance(op, UnrealizedConversionCastOp):
            raise TtcError(
                "failed to legalize operation 'builtin.unrealized_conversion_cast' that was "
                "explicitly marked illegal",
                location=source_location(op.location),
            )


class ReconcileUnrealizedCastsPass(
    TtcPass, name="reconcile-unrealized-casts", summary="Simplify and eliminate unrealized conversion casts"
):
    """Fold `builtin.unrealized_conversion_cast` chains; fail on any that stay live."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        reconcile_unrealized_casts(op)
