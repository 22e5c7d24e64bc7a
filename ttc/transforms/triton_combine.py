"""`triton-combine`: Triton's peephole combines (Dialect/Triton/Transforms/Combine.cpp, .td).

Applied with MLIR's greedy driver (folding on, as in Triton):
- `addi(d, dot(a, b, 0))` / `addi(dot(a, b, 0), d)` -> `dot(a, b, d)`, and the same for `addf`
  when the dot has `maxNumImpreciseAcc = 0`; the dot must have no other use and its accumulator
  must be a zero constant;
- `addptr(addptr(p, a), b)` -> `addptr(p, addi(a, b))` when the offsets have one type that is
  64 bits wide, or are constants (or splats of constants) whose sum does not overflow; the
  outer addptr's alignment hints (`tt.divisibility`, ...) carry over;
- `select(c, load(p, splat(c), ..), other)` -> `load(p, splat(c), other)`;
- `addf(d, dot_scaled(a, b, 0))` (either order) -> `dot_scaled(a, b, d)`;
- `reduce(mulf(broadcast(x), broadcast(y)), axis = 1)` summing with an `addf` of at most 32
  bits, where x is (M, K, 1) broadcast along its last dimension to N >= 16 and y is (1, K, N)
  broadcast along its first to M >= 16 -> `dot(reshape(x), reshape(y), 0)`;
- a `reshape` to one dimension whose users are all reductions or histograms may reorder
  elements (`allow_reorder`);
- `reshape(descriptor_load)` that only drops leading unit dimensions is the load, retyped.
"""

from __future__ import annotations


from xdsl.context import Context
from xdsl.dialects import arith as xarith
from xdsl.dialects.builtin import (
    FloatAttr,
    IntegerAttr,
    ModuleOp,
    NoneAttr,
    TensorType,
    UnitAttr,
    f32,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.types import bit_width, encoding_of, shape_of
from ttc.dialects.ttg.layout_inference import infer_reshape_encoding
from ttc.ir.values import constant_scalar, defined_by
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.patterns.context import active_context
from ttc.transforms.patterns.greedy import apply_patterns_greedily
from ttc.transforms.utils import create_constant, create_op, element_type, int_width, normalize_int


def _is_zero(value: SSAValue) -> bool:
    got = constant_scalar(value)
    return got is not None and got == 0


def combine_dot_add(op: Operation, rewriter: PatternRewriter) -> bool:
    """add(d, dot(a, b, 0)) -> dot(a, b, d), either operand order (addf also for dot_scaled)."""
    dot_classes = (tt.DotOp, tt.DotScaledOp) if isinstance(op, xarith.AddfOp) else (tt.DotOp,)
    for dot_value, addend in ((op.operands[1], op.operands[0]), (op.operands[0], op.operands[1])):
        owner = dot_value.owner
        dot = owner if isinstance(owner, dot_classes) else None
        if dot is None or not _is_zero(dot.operands[2]) or not dot.results[0].has_one_use():
            continue
        if isinstance(dot, tt.DotOp) and isinstance(op, xarith.AddfOp):
            imprecise = dot.properties.get("maxNumImpreciseAcc")
            if isinstance(imprecise, IntegerAttr) and imprecise.value.data != 0:
                continue
        operands = list(dot.operands)
        operands[2] = addend
        new = create_op(
            active_context(),
            dot.name,
            operands,
            [op.results[0].type],
            dict(dot.properties),
            dict(dot.attributes),
        )
        rewriter.insert(new)
        rewriter.replace(op, [], list(new.results))
        return True
    return False


def _constant_offset(value: SSAValue) -> int | None:
    splat = defined_by(value, tt.SplatOp)
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


ADDPTR_KEPT_ATTRIBUTES = ("tt.divisibility", "tt.contiguity", "tt.constancy", "tt.pointee_type")
"""The discardable attributes of the outer addptr that the combined one keeps."""


def combine_addptr(op: Operation, rewriter: PatternRewriter) -> bool:
    """addptr(addptr(p, a), b) -> addptr(p, addi(a, b))."""
    inner = defined_by(op.operands[0], tt.AddPtrOp)
    if inner is None or not offsets_combinable(inner.operands[1], op.operands[1]):
        return False
    ctx = active_context()
    offsets = [inner.operands[1], op.operands[1]]
    add = create_op(ctx, "arith.addi", offsets, [offsets[0].type])
    rewriter.insert(add)
    kept = {k: v for k, v in op.attributes.items() if k in ADDPTR_KEPT_ATTRIBUTES}
    new = create_op(
        ctx, "tt.addptr", [inner.operands[0], add.results[0]], [op.results[0].type], None, kept
    )
    rewriter.insert(new)
    rewriter.replace(op, [], list(new.results))
    return True


def combine_select_masked_load(op: Operation, rewriter: PatternRewriter) -> bool:
    """select(c, load(p, splat(c), ..), other) -> load(p, splat(c), other)."""
    cond, true_value, false_value = op.operands
    load = defined_by(true_value, tt.LoadOp)
    if load is None or len(load.operands) < 2:
        return False
    splat = defined_by(load.operands[1], tt.SplatOp)
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
    rewriter.insert(new)
    rewriter.replace(op, [], list(new.results))
    return True


def _broadcasts_only_along(broadcast: Operation, axis: int) -> bool:
    source, result = shape_of(broadcast.operands[0].type), shape_of(broadcast.results[0].type)
    return all((s != r) == (i == axis) for i, (s, r) in enumerate(zip(source, result)))


def _sums_with_addf(reduce: Operation) -> bool:
    """The combiner is one `arith.addf` of at most 32 bits (and the terminator)."""
    region = reduce.regions[0]
    block = region.blocks.first
    if block is None or block is not region.blocks.last:
        return False
    ops = list(block.ops)
    return (
        len(ops) == 2
        and isinstance(ops[0], xarith.AddfOp)
        and bit_width(ops[0].results[0].type) <= 32
    )


def combine_broadcast_mul_reduce(op: Operation, rewriter: PatternRewriter) -> bool:
    """sum(x[:, :, None] * y[None, :, :], 1) -> dot(x, y)."""
    source = op.operands[0]
    axis = op.properties["axis"]
    if len(shape_of(source.type)) != 3 or not isinstance(axis, IntegerAttr) or axis.value.data != 1:
        return False
    if not _sums_with_addf(op):
        return False
    mul = defined_by(source, xarith.MulfOp)
    if mul is None:
        return False
    lhs, rhs = (defined_by(value, tt.BroadcastOp) for value in mul.operands)
    if lhs is None or rhs is None:
        return False
    if not _broadcasts_only_along(lhs, 2) or not _broadcasts_only_along(rhs, 0):
        return False
    lhs_shape, rhs_shape = shape_of(lhs.results[0].type), shape_of(rhs.results[0].type)
    if lhs_shape[2] < 16 or rhs_shape[0] < 16:
        return False
    ctx = active_context()
    operands: list[SSAValue] = []
    for broadcast, keep in ((lhs, slice(None, -1)), (rhs, slice(1, None))):
        value = broadcast.operands[0]
        value_type = value.type
        assert isinstance(value_type, TensorType)
        shape = value_type.get_shape()[keep]
        encoding = encoding_of(value_type)
        reshaped = NoneAttr() if encoding is None else infer_reshape_encoding(
            value_type.get_shape(), encoding, shape
        )
        if reshaped is None:
            return False
        reshape = create_op(ctx, "tt.reshape", [value], [TensorType(value_type.element_type, shape, reshaped)])
        rewriter.insert(reshape)
        operands.append(reshape.results[0])
    lhs_source = lhs.operands[0].type
    assert isinstance(lhs_source, TensorType)
    acc_type = TensorType(lhs_source.element_type, [lhs_shape[0], rhs_shape[2]])
    zero = create_constant(ctx, FloatAttr(0.0, f32), f32)
    rewriter.insert(zero)
    acc = tt.SplatOp(zero.results[0], acc_type)
    rewriter.insert(acc)
    dot = create_op(ctx, "tt.dot", [*operands, acc.results[0]], [op.results[0].type])
    rewriter.insert(dot)
    rewriter.replace(op, [], list(dot.results))
    return True


def allow_reorder_before_reduction(op: Operation, rewriter: PatternRewriter) -> bool:
    """A 1-D reshape used only by reductions and histograms may reorder its elements."""
    if "allow_reorder" in op.properties or len(shape_of(op.results[0].type)) != 1:
        return False
    if any(not isinstance(use.operation, (tt.ReduceOp, tt.HistogramOp)) for use in op.results[0].uses):
        return False
    op.properties["allow_reorder"] = UnitAttr()
    rewriter.notify_op_modified(op)
    return True


def rank_reduce_descriptor_load(op: Operation, rewriter: PatternRewriter) -> bool:
    """reshape(descriptor_load) dropping only leading unit dimensions -> the load, retyped."""
    load = defined_by(op.operands[0], tt.DescriptorLoadOp)
    if load is None or not load.results[0].has_one_use():
        return False
    load_shape, shape = shape_of(load.results[0].type), shape_of(op.results[0].type)
    dropped = len(load_shape) - len(shape)
    if dropped <= 0 or any(d != 1 for d in load_shape[:dropped]) or load_shape[dropped:] != shape:
        return False
    retyped = rewriter.replace_value_with_new_type(load.results[0], op.results[0].type)
    rewriter.replace(op, [], [retyped])
    return True


def combine_reshape(op: Operation, rewriter: PatternRewriter) -> bool:
    return allow_reorder_before_reduction(op, rewriter) or rank_reduce_descriptor_load(op, rewriter)


COMBINE_PATTERNS = {
    "tt.reduce": combine_broadcast_mul_reduce,
    "tt.reshape": combine_reshape,
    "arith.addi": combine_dot_add,
    "arith.addf": combine_dot_add,
    "tt.addptr": combine_addptr,
    "arith.select": combine_select_masked_load,
}


def apply_combine_patterns(op: Operation, rewriter: PatternRewriter) -> bool:
    pattern = COMBINE_PATTERNS.get(op.name)
    return pattern is not None and pattern(op, rewriter)


class TritonCombinePass(
    TtcPass, name="triton-combine", summary="Combine ops: dot+add, addptr chains, select of masked load"
):
    """Combine dot+add, nested addptrs and select of masked loads."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        apply_patterns_greedily(ctx, op.body, apply_combine_patterns)
