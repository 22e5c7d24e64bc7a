"""Folders and canonicalization patterns of `tt` ops, as Triton's Ops.cpp and Canonicalize.td
define them.

Folders: `splat` of a constant is a dense splat; `expand_dims`/`reshape`/`broadcast`/`trans` of a
splat constant are splats of the new shape; `broadcast` and `reshape` (without `allow_reorder`)
to the same type are no-ops; `trans` with the identity order is a no-op and `trans(trans(x))`
composes the orders in place; `make_range(s, s+1)` is `dense<s>`; `addptr(p, 0)` is `p`;
`advance(p, 0, ..)` is `p`; `bitcast` to the same type is a no-op; `fp_to_fp` of a same type or
of a signed zero folds.
Patterns: `expand_dims(splat)`, `reshape(splat)` and `broadcast(splat)` become splats;
`expand_dims(broadcast(x))` becomes `broadcast(expand_dims(x))`; `reshape(expand_dims(x))`
back to x's type is x; `reshape(reshape(x))` one
reshape; `broadcast(broadcast(x))` one broadcast; loads and stores with an all-true splat mask
drop it, a load with an all-false mask becomes its `other`, a store with one is erased;
`int_to_ptr(ptr_to_int(p))` becomes `bitcast(p)`, and `int_to_ptr(x + c)` for a constant byte
offset `c` that is a whole number of elements becomes `addptr(int_to_ptr(x), c / size)`.
"""

from __future__ import annotations

import math

from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IntegerAttr,
    TensorType,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.types import PointerType, bit_width, with_element_type
from ttc.dialects.upstream import arith
from ttc.ir.values import constant_value, defined_by, splat_scalar
from ttc.layouts.permutation import apply_permutation
from ttc.transforms.patterns import IN_PLACE, FoldResult, folder, pattern, with_producer
from ttc.transforms.patterns.context import active_context, emit_like
from ttc.transforms.utils import trans_order, create_constant, create_op, element_type, is_int_attr, scalar_attr


def _resized_splat(attr: Attribute | None, type_: Attribute) -> Attribute | None:
    """`resizeSplat`: the splat `attr` re-typed to `type_`, or None when `attr` is no splat."""
    if not isinstance(attr, DenseIntOrFPElementsAttr):
        return None
    value = splat_scalar(attr)
    return None if value is None else scalar_attr(value, type_)


@folder("tt.splat")
def fold_splat(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    value = consts[0]
    if not isinstance(value, IntegerAttr | FloatAttr):
        return None
    return [scalar_attr(value.value.data, op.results[0].type)]


@folder("tt.expand_dims")
def fold_expand_dims(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    attr = _resized_splat(consts[0], op.results[0].type)
    return None if attr is None else [attr]


@folder("tt.reshape")
def fold_reshape(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    source = op.operands[0]
    if source.type == op.results[0].type and "allow_reorder" not in op.properties:
        return [source]
    attr = _resized_splat(consts[0], op.results[0].type)
    return None if attr is None else [attr]


@folder("tt.broadcast")
def fold_broadcast(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    source = op.operands[0]
    if source.type == op.results[0].type:
        return [source]
    attr = _resized_splat(consts[0], op.results[0].type)
    return None if attr is None else [attr]


@folder("tt.trans")
def fold_trans(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    source = op.operands[0]
    order = trans_order(op)
    if order == list(range(len(order))) and source.type == op.results[0].type:
        return [source]
    inner = source.owner
    if isinstance(inner, tt.TransOp):
        inner_order = trans_order(inner)
        attr = op.properties["order"]
        op.properties["order"] = type(attr).from_list(  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
            attr.elt_type, apply_permutation(inner_order, order)  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
        )
        op.operands = [inner.operands[0]]
        return IN_PLACE
    attr = _resized_splat(consts[0], op.results[0].type)
    return None if attr is None else [attr]


@folder("tt.make_range")
def fold_make_range(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    start = op.properties["start"]
    end = op.properties["end"]
    assert isinstance(start, IntegerAttr) and isinstance(end, IntegerAttr)
    if start.value.data + 1 != end.value.data:
        return None
    return [scalar_attr(start.value.data, op.results[0].type)]


@folder("tt.addptr")
def fold_addptr_zero(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    return [op.operands[0]] if is_int_attr(consts[1], 0, op.operands[1].type) else None


@folder("tt.advance")
def fold_advance_zero(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    offsets = zip(op.operands[1:], consts[1:], strict=True)
    if all(is_int_attr(attr, 0, value.type) for value, attr in offsets):
        return [op.operands[0]]
    return None


@folder("tt.bitcast")
def fold_bitcast(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    source = op.operands[0]
    return [source] if source.type == op.results[0].type else None


@folder("tt.fp_to_fp")
def fold_fp_to_fp(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    source = op.operands[0]
    if source.type == op.results[0].type:
        return [source]
    value = splat_scalar(consts[0])
    if isinstance(value, float) and value == 0.0:
        return [scalar_attr(math.copysign(0.0, value), op.results[0].type)]
    return None


# --------------------------------------------------------------------------------------------
# Patterns
# --------------------------------------------------------------------------------------------


def replace_with_new(
    rewriter: PatternRewriter,
    op: Operation,
    name: str,
    operands: list[SSAValue],
    properties: dict[str, Attribute] | None = None,
) -> Operation:
    """Replace `op` by a new op `name` of the same result type, inserted at the rewriter."""
    new = emit_like(rewriter, op, name, operands, properties)
    rewriter.replace(op, [], list(new.results))
    return new


@pattern("tt.expand_dims", "tt.reshape", "tt.broadcast")
@with_producer(tt.SplatOp)
def view_of_splat(op: Operation, splat: tt.SplatOp, rewriter: PatternRewriter) -> bool:
    """expand_dims/reshape/broadcast(splat(x)) -> splat(x)."""
    if isinstance(op, tt.ReshapeOp) and "efficient_layout" in op.properties:
        return False
    replace_with_new(rewriter, op, "tt.splat", [splat.operands[0]])
    return True


@pattern("tt.expand_dims")
@with_producer(tt.BroadcastOp)
def expand_dims_of_broadcast(op: Operation, broadcast: tt.BroadcastOp, rewriter: PatternRewriter) -> bool:
    """expand_dims(broadcast(x)) -> broadcast(expand_dims(x))."""
    source = broadcast.operands[0]
    source_type = source.type
    result_type = op.results[0].type
    assert isinstance(source_type, TensorType) and isinstance(result_type, TensorType)
    axis = op.properties["axis"]
    assert isinstance(axis, IntegerAttr)
    shape = list(source_type.get_shape())
    shape.insert(axis.value.data, 1)
    expanded_type = TensorType(source_type.element_type, shape, result_type.encoding)
    ctx = active_context()
    expand = create_op(ctx, "tt.expand_dims", [source], [expanded_type], dict(op.properties))
    rewriter.insert(expand)
    replace_with_new(rewriter, op, "tt.broadcast", [expand.results[0]])
    return True


@pattern("tt.reshape")
@with_producer(tt.ExpandDimsOp)
def reshape_of_expand_dims(op: Operation, expand: tt.ExpandDimsOp, rewriter: PatternRewriter) -> bool:
    """reshape(expand_dims(x)) -> x when it restores x's type and may not reorder."""
    if "efficient_layout" in op.properties or "allow_reorder" in op.properties:
        return False
    if expand.operands[0].type != op.results[0].type:
        return False
    rewriter.replace(op, [], [expand.operands[0]])
    return True


@pattern("tt.reshape")
@with_producer(tt.ReshapeOp)
def reshape_of_reshape(op: Operation, inner: tt.ReshapeOp, rewriter: PatternRewriter) -> bool:
    """reshape(reshape(x)) -> reshape(x), allowing reorder when either did."""
    if "efficient_layout" in op.properties:
        return False
    properties = {k: v for k, v in op.properties.items() if k == "allow_reorder"}
    if "allow_reorder" in inner.properties:
        properties["allow_reorder"] = inner.properties["allow_reorder"]
    replace_with_new(rewriter, op, "tt.reshape", [inner.operands[0]], properties)
    return True


@pattern("tt.broadcast")
@with_producer(tt.BroadcastOp)
def broadcast_of_broadcast(op: Operation, inner: tt.BroadcastOp, rewriter: PatternRewriter) -> bool:
    """broadcast(broadcast(x)) -> broadcast(x)."""
    replace_with_new(rewriter, op, "tt.broadcast", [inner.operands[0]])
    return True


def _splat_mask(op: Operation, index: int) -> bool | None:
    """The value of a splat constant mask operand (from `arith.constant`), else None."""
    if len(op.operands) <= index:
        return None
    mask = op.operands[index]
    owner = mask.owner
    if not isinstance(owner, arith.ConstantOp):
        return None
    attr = constant_value(mask)
    if not isinstance(attr, DenseIntOrFPElementsAttr):
        return None
    value = splat_scalar(attr)
    return None if value is None else bool(value)


def _insert_unmasked(op: Operation, rewriter: PatternRewriter, keep: int) -> Operation:
    """A copy of the load or store `op` on its first `keep` operands (the mask and what follows
    dropped from its operands and segment sizes), inserted at the rewriter."""
    properties = dict(op.properties)
    segments = properties.get("operandSegmentSizes")
    if segments is not None:
        sizes = list(segments.get_values())  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType, reportUnknownArgumentType]
        sizes = [s if i < keep else 0 for i, s in enumerate(sizes)]
        properties["operandSegmentSizes"] = type(segments).from_list(  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
            segments.elt_type, sizes  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
        )
    new = create_op(
        active_context(), op.name, list(op.operands[:keep]), list(op.result_types), properties, dict(op.attributes)
    )
    rewriter.insert(new)
    return new


@pattern("tt.load")
def canonicalize_masked_load(op: Operation, rewriter: PatternRewriter) -> bool:
    """load(p, splat(1), ..) -> load(p, ..); load(p, splat(0), other) -> other."""
    mask = _splat_mask(op, 1)
    if mask is None:
        return False
    if mask:
        rewriter.replace(op, [], list(_insert_unmasked(op, rewriter, 1).results))
        return True
    if len(op.operands) < 3:
        return False
    rewriter.replace(op, [], [op.operands[2]])
    return True


@pattern("tt.store")
def canonicalize_masked_store(op: Operation, rewriter: PatternRewriter) -> bool:
    """store(p, v, splat(1)) -> store(p, v); store(p, v, splat(0)) -> nothing."""
    mask = _splat_mask(op, 2)
    if mask is None:
        return False
    if mask:
        _insert_unmasked(op, rewriter, 2)
    rewriter.erase(op)
    return True


@pattern("tt.int_to_ptr")
def int_to_ptr_of_ptr_to_int(op: Operation, rewriter: PatternRewriter) -> bool:
    """int_to_ptr(ptr_to_int(p)) -> bitcast(p) (which folds away when the types agree)."""
    inner = defined_by(op.operands[0], tt.PtrToIntOp)
    if inner is None:
        return False
    replace_with_new(rewriter, op, "tt.bitcast", [inner.operands[0]])
    return True


@pattern("tt.int_to_ptr")
def int_to_ptr_of_constant_add(op: Operation, rewriter: PatternRewriter) -> bool:
    """int_to_ptr(addi(x, c)) -> addptr(int_to_ptr(x), c / element size) when the constant byte
    offset `c` is a whole number of pointee elements."""
    add = defined_by(op.operands[0], arith.AddiOp)
    if add is None:
        return False
    value, offset = add.operands
    constant = defined_by(offset, arith.ConstantOp)
    byte_offset = None if constant is None else splat_scalar(constant_value(offset))
    if not isinstance(byte_offset, int):
        return False
    result_type = op.results[0].type
    pointer = element_type(result_type)
    assert isinstance(pointer, PointerType)
    element_bytes = max(1, bit_width(pointer.pointee_type) // 8)
    if byte_offset % element_bytes:
        return False
    ctx = active_context()
    base = create_op(ctx, "tt.int_to_ptr", [value], [result_type])
    rewriter.insert(base)
    offset_type = with_element_type(result_type, element_type(offset.type))
    elements = byte_offset // element_bytes
    step = create_constant(ctx, scalar_attr(elements, offset_type), offset_type)
    rewriter.insert(step)
    replace_with_new(rewriter, op, "tt.addptr", [base.results[0], step.results[0]])
    return True
