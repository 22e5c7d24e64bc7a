"""Canonicalization patterns of `ttg.convert_layout` (Triton's ConvertLayoutOp patterns in
TritonGPU/IR/Ops.cpp, `canonicalizeConvertFromConvert`).

A conversion to its own type disappears. Otherwise a conversion is folded into its producer when
that producer can make any layout directly:

- `cvt(cvt(x))` becomes `cvt(x)`;
- `cvt(splat(x))` becomes `splat(x)` in the new layout, likewise `make_range` and a splat
  `arith.constant`;
- `cvt(local_load(m))` becomes a `local_load` in the new layout, placed where the old one was.

A conversion from an MMA layout to a dot operand is left alone (Triton keeps it for fused
attention).
"""

from __future__ import annotations

from xdsl.dialects.builtin import DenseIntOrFPElementsAttr
from xdsl.ir import Operation
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from ttc.dialects.tt_types import encoding_of
from ttc.dialects.ttg_attrs import DotOperandEncodingAttr, NvidiaMmaEncodingAttr
from ttc.transforms.patterns import pattern
from ttc.transforms.patterns.context import active_context
from ttc.transforms.utils import create_op, splat_scalar

REMAKE = ("ttg.convert_layout", "tt.splat", "tt.make_range")


@pattern("ttg.convert_layout")
def fold_convert(op: Operation, rewriter: PatternRewriter) -> bool:
    src = op.operands[0]
    result_type = op.results[0].type
    if src.type == result_type:
        rewriter.replace(op, [], [src])
        return True
    if isinstance(encoding_of(result_type), DotOperandEncodingAttr) and isinstance(
        encoding_of(src.type), NvidiaMmaEncodingAttr
    ):
        return False
    arg = src.owner
    if not isinstance(arg, Operation):
        return False
    ctx = active_context()
    if arg.name in REMAKE:
        operands = arg.operands[:1] if arg.name == "ttg.convert_layout" else arg.operands
        new = create_op(ctx, arg.name, operands, [result_type], dict(arg.properties), dict(arg.attributes))
        rewriter.replace(op, [new])
        return True
    if arg.name == "arith.constant":
        value = arg.properties.get("value")
        if not isinstance(value, DenseIntOrFPElementsAttr) or splat_scalar(value) is None:
            return False
        # Same shape and element type: the dense data stays, the type gains the new layout.
        new_value = DenseIntOrFPElementsAttr(result_type, value.data)  # pyright: ignore[reportArgumentType]
        new = create_op(ctx, "arith.constant", [], [result_type], {"value": new_value})
        rewriter.replace(op, [new])
        return True
    if arg.name == "ttg.local_load":
        new = create_op(ctx, arg.name, arg.operands, [result_type], dict(arg.properties), dict(arg.attributes))
        rewriter.insert_op(new, InsertPoint.before(arg))
        rewriter.replace(op, [], [new.results[0]])
        return True
    return False
