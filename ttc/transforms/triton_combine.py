"""`triton-combine`: Triton's peephole combines (Dialect/Triton/Transforms/Combine.cpp, .td).

Applied with MLIR's greedy driver (folding on, as in Triton):
- `addi(d, dot(a, b, 0))` / `addi(dot(a, b, 0), d)` -> `dot(a, b, d)`, and the same for `addf`
  when the dot has `maxNumImpreciseAcc = 0`; the dot must have no other use and its accumulator
  must be a zero constant;
- `addptr(addptr(p, a), b)` -> `addptr(p, addi(a, b))` when the offsets have one type that is
  64 bits wide, or are constants (or splats of constants) whose sum does not overflow;
- `select(c, load(p, splat(c), ..), other)` -> `load(p, splat(c), other)`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import IntegerAttr, ModuleOp
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.patterns.context import active_context
from ttc.transforms.patterns.greedy import apply_patterns_greedily
from ttc.transforms.utils import (
    defined_by,
    constant_scalar,
    create_op,
    element_type,
    int_width,
    normalize_int,
)


def _is_zero(value: SSAValue) -> bool:
    got = constant_scalar(value)
    return got is not None and got == 0


def combine_dot_add(op: Operation, rewriter: PatternRewriter) -> bool:
    """add(d, dot(a, b, 0)) -> dot(a, b, d), either operand order."""
    for dot_value, addend in ((op.operands[1], op.operands[0]), (op.operands[0], op.operands[1])):
        dot = defined_by(dot_value, "tt.dot")
        if dot is None or not _is_zero(dot.operands[2]) or not dot.results[0].has_one_use():
            continue
        if op.name == "arith.addf":
            imprecise = dot.properties.get("maxNumImpreciseAcc")
            if isinstance(imprecise, IntegerAttr) and imprecise.value.data != 0:
                continue
        new = create_op(
            active_context(),
            "tt.dot",
            [dot.operands[0], dot.operands[1], addend],
            [op.results[0].type],
            dict(dot.properties),
            dict(dot.attributes),
        )
        rewriter.insert_op(new)
        rewriter.replace(op, [], list(new.results))
        return True
    return False


def _constant_offset(value: SSAValue) -> int | None:
    splat = defined_by(value, "tt.splat")
    if splat is not None:
        value = splat.operands[0]
    got = constant_scalar(value)
    return None if got is None or isinstance(got, float) else int(got)


def offsets_combinable(first: SSAValue, second: SSAValue) -> bool:
    """Triton's `isAddPtrOffsetCombinable`."""
    if first.type != second.type:
        return False
    elem = element_type(first.type)
    if int_width(elem) == 64:
        return True
    a, b = _constant_offset(first), _constant_offset(second)
    if a is None or b is None:
        return False
    a, b = normalize_int(a, elem), normalize_int(b, elem)
    return normalize_int(a + b, elem) == a + b


def combine_addptr(op: Operation, rewriter: PatternRewriter) -> bool:
    """addptr(addptr(p, a), b) -> addptr(p, addi(a, b))."""
    inner = defined_by(op.operands[0], "tt.addptr")
    if inner is None or not offsets_combinable(inner.operands[1], op.operands[1]):
        return False
    ctx = active_context()
    offsets = [inner.operands[1], op.operands[1]]
    add = create_op(ctx, "arith.addi", offsets, [offsets[0].type])
    rewriter.insert_op(add)
    new = create_op(ctx, "tt.addptr", [inner.operands[0], add.results[0]], [op.results[0].type])
    rewriter.insert_op(new)
    rewriter.replace(op, [], list(new.results))
    return True


def combine_select_masked_load(op: Operation, rewriter: PatternRewriter) -> bool:
    """select(c, load(p, splat(c), ..), other) -> load(p, splat(c), other)."""
    cond, true_value, false_value = op.operands
    load = defined_by(true_value, "tt.load")
    if load is None or len(load.operands) < 2:
        return False
    splat = defined_by(load.operands[1], "tt.splat")
    if splat is None or splat.operands[0] is not cond:
        return False
    properties: dict[str, Attribute] = dict(load.properties)
    segments = properties.get("operandSegmentSizes")
    if segments is not None:
        properties["operandSegmentSizes"] = type(segments).from_list(  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
            segments.elt_type, [1, 1, 1]  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
        )
    new = create_op(
        active_context(),
        "tt.load",
        [load.operands[0], load.operands[1], false_value],
        [op.results[0].type],
        properties,
        dict(load.attributes),
    )
    rewriter.insert_op(new)
    rewriter.replace(op, [], list(new.results))
    return True


COMBINE_PATTERNS = {
    "arith.addi": combine_dot_add,
    "arith.addf": combine_dot_add,
    "tt.addptr": combine_addptr,
    "arith.select": combine_select_masked_load,
}


def apply_combine_patterns(op: Operation, rewriter: PatternRewriter) -> bool:
    pattern = COMBINE_PATTERNS.get(op.name)
    return pattern is not None and pattern(op, rewriter)


@dataclass(frozen=True)
class TritonCombinePass(TtcPass):
    """Combine dot+add, nested addptrs and select of masked loads."""

    name: ClassVar[str] = "triton-combine"
    summary: ClassVar[str] = "Combine ops: dot+add, addptr chains, select of masked load"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        apply_patterns_greedily(ctx, op.body, apply_combine_patterns)
