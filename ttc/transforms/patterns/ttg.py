"""Canonicalization patterns and folders of `ttg` ops (Triton's ConvertLayoutOp patterns in
TritonGPU/IR/Dialect.cpp, `LocalAllocOp::fold`, `MemDescTransOp::fold`).

`convert_layout` (`CanonicalizeConvertFromConvert`): a conversion to its own type disappears.
Otherwise a conversion is folded into its producer when that producer can make any layout
directly:

- `cvt(cvt(x))` becomes `cvt(x)`;
- `cvt(splat(x))` becomes `splat(x)` in the new layout, likewise `make_range` and a splat
  `arith.constant`;
- `cvt(local_load(m))` becomes a `local_load` in the new layout, placed where the old one was;
- `cvt(histogram(x))` becomes a histogram producing the new layout;
- `cvt(reshape(x))` becomes a reshape to the new type when the reshape may reorder, has no
  efficient layout, neither side of the convert is a dot operand, and the view is cheap.

A conversion from an MMA layout to a dot operand is left alone (Triton keeps it for fused
attention).

Consumers of a conversion take its source instead (Triton's `CanonicalizeConvertFrom*`):
`reshape(cvt)` when the conversion is trivial (both layouts are the same linear layout) or the
reshape may reorder and the view is cheap; `trans(cvt)` of a trivial conversion; `gather(cvt(src),
idx)` without an efficient layout; `split(cvt(x))` when x's layout splits into the same result
layout; `histogram(cvt)`, whose mask is converted to the source's
layout; `local_alloc(cvt)` and `local_store(cvt)`; `tmem_store(cvt)` when the source's layout
maps onto tensor-memory messages. A `trans` with the identity order becomes a
conversion to its result type (which folds away when the types agree).

`warp_specialize`: results nobody uses are dropped, and the default region stops yielding them.
Its partitions op drops the captures no partition uses, and a capture passed twice is passed
once, every partition using the first argument for it (Triton's `WarpSpecializeOp::canonicalize`
and `WarpSpecializePartitionsOp::canonicalize`).

Folders: an immutable `local_alloc` of a `local_load` of a buffer of its own type is that buffer;
a `memdesc_reinterpret` to its source's type is the source;
`memdesc_trans` with the identity order is its source, and of another `memdesc_trans` composes
the two orders in place; a `memdesc_subslice` of another takes that one's source, the offsets
added, in place.
"""

from __future__ import annotations

from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, TensorType, i1
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.types import encoding_of, shape_of
from ttc.dialects.ttg import ops as ttg
from ttc.dialects.ttg.attrs import DotOperandEncodingAttr, NvidiaMmaEncodingAttr
from ttc.dialects.ttg.layout_inference import infer_split_encoding
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.dialects.ttg.ops import MemDescType
from ttc.dialects.ttng.tmem import TMEMStoreOp, is_tmem_compatible
from ttc.dialects.upstream import arith
from ttc.ir.values import defined_by, splat_scalar
from ttc.layouts.linear import LayoutError, LinearLayout
from ttc.layouts.permutation import apply_permutation
from ttc.transforms.patterns import IN_PLACE, FoldResult, PatternFn, folder, pattern, with_producer
from ttc.transforms.patterns.context import active_context
from ttc.transforms.utils import trans_order, create_op, drop_unused_results

REMAKE = (ttg.ConvertLayoutOp, tt.SplatOp, tt.MakeRangeOp, tt.HistogramOp)


def _layout(type_: Attribute) -> LinearLayout | None:
    if not isinstance(type_, TensorType) or type_.encoding is None:
        return None
    try:
        return to_linear_layout(type_.encoding, type_.get_shape())
    except LayoutError:
        return None


def is_convert_trivial(convert: Operation) -> bool:
    """Triton's `isConvertTrivial`: source and result layouts are the same linear layout."""
    src = _layout(convert.operands[0].type)
    return src is not None and src == _layout(convert.results[0].type)


def is_expensive_view(src_type: Attribute, dst_type: Attribute) -> bool:
    """Triton's `isExpensiveView`: the view moves data between threads (replication differs, or
    a thread holds another number of elements). Layouts ttc cannot describe count as expensive."""
    src, dst = _layout(src_type), _layout(dst_type)
    if src is None or dst is None:
        return True
    if src.get_free_variable_masks() != dst.get_free_variable_masks():
        return True
    return src.in_dim_size("register") != dst.in_dim_size("register")


def _rebuild(
    rewriter: PatternRewriter,
    op: Operation,
    operands: list[SSAValue],
    properties: dict[str, Attribute] | None = None,
) -> None:
    """Replace `op` by a new op of its name and result types on `operands`, inserted before it,
    keeping its properties unless `properties` are given (as Triton's builders do, discardable
    attributes are dropped)."""
    new = create_op(
        active_context(),
        op.name,
        operands,
        list(op.result_types),
        dict(op.properties) if properties is None else properties,
    )
    rewriter.replace(op, [new])


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
    if isinstance(arg, REMAKE):
        operands = arg.operands[:1] if isinstance(arg, ttg.ConvertLayoutOp) else arg.operands
        new = create_op(ctx, arg.name, operands, [result_type], dict(arg.properties), dict(arg.attributes))
        rewriter.replace(op, [new])
        return True
    if isinstance(arg, arith.ConstantOp):
        value = arg.properties.get("value")
        if not isinstance(value, DenseIntOrFPElementsAttr) or splat_scalar(value) is None:
            return False
        # Same shape and element type: the dense data stays, the type gains the new layout.
        new_value = DenseIntOrFPElementsAttr(result_type, value.data)  # pyright: ignore[reportArgumentType]
        new = create_op(ctx, "arith.constant", [], [result_type], {"value": new_value})
        rewriter.replace(op, [new])
        return True
    if isinstance(arg, ttg.LocalLoadOp):
        new = create_op(ctx, arg.name, arg.operands, [result_type], dict(arg.properties), dict(arg.attributes))
        rewriter.insert(new, InsertPoint.before(arg))
        rewriter.replace(op, [], [new.results[0]])
        return True
    if isinstance(arg, tt.ReshapeOp):
        if (
            "allow_reorder" not in arg.properties
            or "efficient_layout" in arg.properties
            or is_expensive_view(arg.operands[0].type, result_type)
            or isinstance(encoding_of(src.type), DotOperandEncodingAttr)
            or isinstance(encoding_of(result_type), DotOperandEncodingAttr)
        ):
            return False
        properties = {"allow_reorder": arg.properties["allow_reorder"]}
        new = create_op(ctx, arg.name, [arg.operands[0]], [result_type], properties)
        rewriter.replace(op, [new])
        return True
    return False


# --------------------------------------------------------------------------------------------
# Consumers of a conversion
# --------------------------------------------------------------------------------------------


@pattern("tt.reshape")
@with_producer(ttg.ConvertLayoutOp)
def reshape_of_convert(op: Operation, convert: ttg.ConvertLayoutOp, rewriter: PatternRewriter) -> bool:
    """reshape(cvt(x)) -> reshape(x)."""
    if not is_convert_trivial(convert) and (
        is_expensive_view(convert.operands[0].type, op.results[0].type)
        or "allow_reorder" not in op.properties
    ):
        return False
    _rebuild(rewriter, op, [convert.operands[0]])
    return True


@pattern("tt.trans")
def trans_of_convert(op: Operation, rewriter: PatternRewriter) -> bool:
    """trans(x, identity) -> cvt(x); trans(cvt(x)) of a trivial conversion -> trans(x)."""
    if trans_order(op) == list(range(len(trans_order(op)))):
        new = ttg.ConvertLayoutOp(op.operands[0], op.results[0].type)
        rewriter.replace(op, [new])
        return True
    convert = defined_by(op.operands[0], ttg.ConvertLayoutOp)
    if convert is None or not is_convert_trivial(convert):
        return False
    _rebuild(rewriter, op, [convert.operands[0]])
    return True


@pattern("tt.gather")
@with_producer(ttg.ConvertLayoutOp)
def gather_of_convert(op: Operation, convert: ttg.ConvertLayoutOp, rewriter: PatternRewriter) -> bool:
    """gather(cvt(src), idx) -> gather(src, idx), unless the gather has an efficient layout."""
    if "efficient_layout" in op.properties:
        return False
    _rebuild(rewriter, op, [convert.operands[0], op.operands[1]])
    return True


@pattern("tt.split")
@with_producer(ttg.ConvertLayoutOp)
def split_of_convert(op: Operation, convert: ttg.ConvertLayoutOp, rewriter: PatternRewriter) -> bool:
    """split(cvt(x)) -> split(x) when x's layout splits into the same result layout."""
    source = convert.operands[0].type
    encoding = encoding_of(source)
    if encoding is None:
        return False
    if infer_split_encoding(encoding, shape_of(source)) != encoding_of(op.results[0].type):
        return False
    _rebuild(rewriter, op, [convert.operands[0]])
    return True


@pattern("tt.histogram")
@with_producer(ttg.ConvertLayoutOp)
def histogram_of_convert(op: Operation, convert: ttg.ConvertLayoutOp, rewriter: PatternRewriter) -> bool:
    """histogram(cvt(x), mask) -> histogram(x, cvt(mask))."""
    source = convert.operands[0]
    operands = [source]
    if len(op.operands) > 1:
        source_type = source.type
        assert isinstance(source_type, TensorType)
        mask_type = TensorType(i1, source_type.get_shape(), source_type.encoding)
        mask = ttg.ConvertLayoutOp(op.operands[1], mask_type)
        rewriter.insert(mask)
        operands.append(mask.results[0])
    _rebuild(rewriter, op, operands)
    return True


@pattern("ttg.local_alloc", "ttg.local_store")
@with_producer(ttg.ConvertLayoutOp)
def memory_op_of_convert(op: Operation, convert: ttg.ConvertLayoutOp, rewriter: PatternRewriter) -> bool:
    """local_alloc(cvt(x)) -> local_alloc(x) (without its alignment, as Triton rebuilds it);
    local_store(cvt(x), m) -> local_store(x, m)."""
    _rebuild(rewriter, op, [convert.operands[0], *op.operands[1:]], {})
    return True


@pattern("ttng.tmem_store")
def tmem_store_of_convert(op: Operation, rewriter: PatternRewriter) -> bool:
    """tmem_store(cvt(x), m) -> tmem_store(x, m) when x's layout maps onto TMEM messages."""
    assert isinstance(op, TMEMStoreOp)
    convert = defined_by(op.src, ttg.ConvertLayoutOp)
    source = convert.operands[0].type if convert is not None else None
    dst = op.dst.type
    if not isinstance(source, TensorType) or not isinstance(dst, MemDescType):
        return False
    if not is_tmem_compatible(op, source, dst):
        return False
    assert convert is not None
    _rebuild(rewriter, op, [convert.operands[0] if v is op.src else v for v in op.operands])
    return True


# --------------------------------------------------------------------------------------------
# Folders
# --------------------------------------------------------------------------------------------


@folder("ttg.local_alloc")
def fold_local_alloc_of_local_load(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    result_type = op.results[0].type
    if not op.operands or not isinstance(result_type, MemDescType) or result_type.is_mutable:
        return None
    load = defined_by(op.operands[0], ttg.LocalLoadOp)
    if load is None or load.operands[0].type != result_type:
        return None
    return [load.operands[0]]


@folder("ttg.memdesc_reinterpret")
def fold_identity_reinterpret(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    """A reinterpretation to the source's own type is the source (`MemDescReinterpretOp::fold`)."""
    if op.results[0].type == op.operands[0].type:
        return [op.operands[0]]
    return None


@folder("ttg.memdesc_trans")
def fold_memdesc_trans(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    order = trans_order(op)
    if order == list(range(len(order))):
        return [op.operands[0]]
    inner = defined_by(op.operands[0], ttg.MemDescTransOp)
    if inner is None:
        return None
    attr = op.properties["order"]
    inner_order = trans_order(inner)
    op.properties["order"] = type(attr).from_list(  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
        attr.elt_type, apply_permutation(inner_order, order)  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
    )
    op.operands = [inner.operands[0]]
    return IN_PLACE


@folder("ttg.memdesc_subslice")
def fold_subslice_chain(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    """subslice(subslice(x, a), b) -> subslice(x, a + b), in place."""
    inner = defined_by(op.operands[0], ttg.MemDescSubsliceOp)
    if inner is None:
        return None
    attr = op.properties["offsets"]
    outer_offsets = _offsets(op)
    inner_offsets = _offsets(inner)
    op.properties["offsets"] = type(attr).from_list(  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
        attr.elt_type, [a + b for a, b in zip(inner_offsets, outer_offsets, strict=True)]  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
    )
    op.operands = [inner.operands[0]]
    return IN_PLACE


def _offsets(op: Operation) -> list[int]:
    return [int(v) for v in op.properties["offsets"].get_values()]  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType, reportUnknownVariableType]


CONVERT_LAYOUT_CANONICALIZATION: dict[str, tuple[PatternFn, ...]] = {
    "ttg.convert_layout": (fold_convert,),
    "tt.reshape": (reshape_of_convert,),
    "tt.trans": (trans_of_convert,),
    "tt.gather": (gather_of_convert,),
    "tt.split": (split_of_convert,),
    "tt.histogram": (histogram_of_convert,),
    "ttg.local_alloc": (memory_op_of_convert,),
    "ttg.local_store": (memory_op_of_convert,),
    "ttng.tmem_store": (tmem_store_of_convert,),
}
"""Triton's `ConvertLayoutOp::getCanonicalizationPatterns` (the patterns above), keyed by the op
each one matches, for passes that apply exactly that set (other ops' patterns excluded)."""


@pattern("ttg.warp_specialize")
def remove_unused_warp_specialize_results(op: Operation, rewriter: PatternRewriter) -> bool:
    return drop_unused_results(op, rewriter, (0,))


@pattern("ttg.warp_specialize.partitions")
def remove_unused_and_duplicate_captures(op: Operation, rewriter: PatternRewriter) -> bool:
    entries = [region.blocks.first for region in op.regions]
    if any(block is None for block in entries):
        return False
    first_index: dict[SSAValue, int] = {}
    dropped: list[int] = []
    for index, capture in enumerate(op.operands):
        if all(not block.args[index].uses for block in entries):  # type: ignore[union-attr]
            dropped.append(index)
        elif capture in first_index:
            for block in entries:
                block.args[index].replace_all_uses_with(block.args[first_index[capture]])  # type: ignore[union-attr]
            dropped.append(index)
        else:
            first_index[capture] = index
    if not dropped:
        return False
    for block in entries:
        for index in reversed(dropped):
            block.erase_arg(block.args[index])  # type: ignore[union-attr]
    op.operands = [v for i, v in enumerate(op.operands) if i not in dropped]
    rewriter.handle_operation_modification(op)
    return True
