"""How `tritongpu-accelerate-matmul` handles a `tt.dot_scaled` on targets without scaled MMA.

Mirrors Triton 3.6's `DecomposeScaledBlocked` pattern (lib/Dialect/TritonGPU/Transforms/
DecomposeScaledBlocked.cpp) and the `transposeDots` step of AccelerateMatmul.cpp, which NVIDIA
targets before Blackwell (no tcgen05 scaled MMA, no sm_120 `mma.sync` with block scales) rely on:

- `transpose_scaled_dots` (`transposeDots`), before any pattern: a scaled dot whose only scale
  is B's is rewritten as the transposed product, `trans(dot_scaled(trans(B), trans(A),
  trans(C)))`, so that the scaled operand is A (the MMA takes A from registers, where the
  scaling happens);
- `decompose_scaled_dot` (the pattern): a `tt.dot_scaled` whose result is not in an MMA layout
  (and whose operands are packed along K) becomes a `tt.dot` of 16-bit operands. The compute
  type (`compute_type`) is f16 when either operand is fp16, else bf16. Each operand is upcast
  (`ttg.fp4_to_fp` along K for e2m1, `tt.fp_to_fp` for the others); a scaled operand is then
  multiplied by its e8m0 scale, turned into a power of two of the compute type (`scale_to_16`:
  the byte shifted into the exponent field, through f32 for f16) and repeated over the 32 K
  elements each scale covers (`broadcast_scale`: expand dims in a default blocked layout,
  broadcast to 32, transpose the new dimension next to K, reshape). Unless the dot is
  `fastMath`, elements whose scale is 0xFF become NaN (`mask_nan`). Both operands are converted
  to `#ttg.dot_op` of the dot's layout, and the new `tt.dot` (which `BlockedToMMA` puts on the
  tensor cores next) is converted back to the scaled dot's type.

New ops take the location Triton gives them: that of the operand, of its scale, or of the dot.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.context import Context
from xdsl.dialects.builtin import (
    BFloat16Type,
    DenseArrayBase,
    DenseIntOrFPElementsAttr,
    Float16Type,
    Float32Type,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    TensorType,
    i32,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from ttc.dialects.tt.ops import DotScaledOp
from ttc.dialects.tt.types import ScaleDotElemType, encoding_of
from ttc.dialects.ttg import ops as ttg
from ttc.dialects.ttg.attrs import DotOperandEncodingAttr, NvidiaMmaEncodingAttr
from ttc.dialects.ttg.default_blocked import default_blocked
from ttc.dialects.ttg.layout_inference import infer_fp4_to_fp_encoding, infer_reshape_encoding, infer_trans_encoding
from ttc.dialects.ttg.ops import lookup_num_ctas, lookup_threads_per_warp
from ttc.dialects.ttg.warp_specialize import lookup_num_warps
from ttc.ir.diagnostics import op_error
from ttc.ir.literals import bits_to_float
from ttc.ir.walk import walk
from ttc.layouts.permutation import apply_permutation
from ttc.transforms.patterns.context import active_context
from ttc.transforms.tritongpu_utils import slice_encoding, with_encoding
from ttc.transforms.utils import create_constant, create_op, value_location

CMPI_EQ = 0
"""`arith.cmpi`'s predicate number for `eq`."""
SCALE_GROUP = 32
"""How many elements along K share one e8m0 scale."""
SCALE_NAN = 0xFF
"""The e8m0 encoding of NaN."""
NAN_BITS = {Float16Type: 0x7E00, BFloat16Type: 0x7FC0}
"""The quiet NaN of each compute type, as bits (what `APFloat::getNaN` gives)."""


# --------------------------------------------------------------------------------------------
# Small builders
# --------------------------------------------------------------------------------------------


def _tensor(value: SSAValue) -> TensorType[Attribute]:
    type_ = value.type
    assert isinstance(type_, TensorType)
    return type_  # pyright: ignore[reportUnknownVariableType]


def _retyped(type_: TensorType[Attribute], element: Attribute) -> TensorType[Attribute]:
    return TensorType(element, type_.get_shape(), type_.encoding)


def _emit(
    rewriter: PatternRewriter,
    location: Attribute,
    name: str,
    operands: Sequence[SSAValue],
    result: Attribute,
    properties: dict[str, Attribute] | None = None,
) -> SSAValue:
    """Insert the op `name` at the rewriter's insertion point, at `location`; its result."""
    op = create_op(active_context(), name, operands, [result], properties)
    op.location = location
    rewriter.insert(op)
    return op.results[0]


def _order_attr(order: Sequence[int]) -> DenseArrayBase:
    return DenseArrayBase.from_list(i32, list(order))


def transposed_type(value: SSAValue, order: Sequence[int], anchor: Operation) -> TensorType[Attribute]:
    """The type of `tt.trans` of `value` by `order` (Triton's `TransOp` type inference)."""
    type_ = _tensor(value)
    shape = type_.get_shape()
    encoding = type_.encoding
    if encoding_of(type_) is not None:
        inferred = infer_trans_encoding(encoding, shape, order)
        if inferred is None:
            raise op_error(anchor, f"cannot transpose the layout {encoding} by {list(order)}")
        encoding = inferred
    return TensorType(type_.get_element_type(), apply_permutation(shape, order), encoding)


def transpose(
    rewriter: PatternRewriter, value: SSAValue, order: Sequence[int], anchor: Operation
) -> SSAValue:
    """A `tt.trans` of `value` by `order`, at `value`'s location."""
    result = transposed_type(value, order, anchor)
    return _emit(rewriter, value_location(value), "tt.trans", [value], result, {"order": _order_attr(order)})


def reshape(
    rewriter: PatternRewriter, value: SSAValue, shape: Sequence[int], anchor: Operation
) -> SSAValue:
    """A `tt.reshape` of `value` to `shape` in the layout that renames its registers (Triton's
    `ReshapeOp` builder without reordering)."""
    type_ = _tensor(value)
    encoding = type_.encoding
    if encoding_of(type_) is not None:
        inferred = infer_reshape_encoding(type_.get_shape(), encoding, shape)
        if inferred is None:
            raise op_error(anchor, f"cannot reshape the layout {encoding} to {list(shape)}")
        encoding = inferred
    result = TensorType(type_.get_element_type(), list(shape), encoding)
    return _emit(rewriter, value_location(value), "tt.reshape", [value], result)


def convert(rewriter: PatternRewriter, value: SSAValue, type_: Attribute, location: Attribute) -> SSAValue:
    """A `ttg.convert_layout` of `value` to `type_`."""
    return _emit(rewriter, location, "ttg.convert_layout", [value], type_)


def _splat_constant(
    rewriter: PatternRewriter, location: Attribute, type_: TensorType[Attribute], bits: int
) -> SSAValue:
    """An `arith.constant` of `type_` whose every element has the bit pattern `bits`."""
    element = type_.get_element_type()
    if isinstance(element, IntegerType):
        attr = DenseIntOrFPElementsAttr.from_list(type_, [bits])  # pyright: ignore[reportArgumentType]
    else:
        attr = DenseIntOrFPElementsAttr.from_list(type_, [bits_to_float(bits, element)])  # pyright: ignore[reportArgumentType]
    op = create_constant(active_context(), attr, type_)
    op.location = location
    rewriter.insert(op)
    return op.results[0]


# --------------------------------------------------------------------------------------------
# transposeDots
# --------------------------------------------------------------------------------------------


def transpose_scaled_dots(ctx: Context, module: ModuleOp) -> None:
    """Triton's `transposeDots`: a scaled dot with a scale on B only becomes the transposed
    scaled dot of trans(B) x trans(A) + trans(C), transposed back."""
    dots = [
        op for op in walk(module)
        if isinstance(op, DotScaledOp) and op.a_scale is None and op.b_scale is not None
    ]
    for dot in dots:
        _transpose_scaled_dot(ctx, dot)


def _transpose_scaled_dot(ctx: Context, dot: DotScaledOp) -> None:
    order = (1, 0)
    block = dot.parent
    assert block is not None

    def trans(value: SSAValue) -> SSAValue:
        op = create_op(ctx, "tt.trans", [value], [transposed_type(value, order, dot)], {"order": _order_attr(order)})
        op.location = value_location(value)
        block.insert_op_before(op, dot)
        return op.results[0]

    a, b, c = trans(dot.a), trans(dot.b), trans(dot.c)
    assert dot.b_scale is not None
    properties = {
        "a_elem_type": dot.b_elem_type,
        "b_elem_type": dot.a_elem_type,
        "fastMath": dot.fastMath,
    }
    new_dot = DotScaledOp.build(
        operands=[b, a, c, dot.b_scale, None],
        result_types=[c.type],
        properties=properties,
    )
    new_dot.location = dot.location
    block.insert_op_before(new_dot, dot)
    back = trans(new_dot.results[0])
    back.owner.location = dot.location  # pyright: ignore[reportAttributeAccessIssue]
    dot.results[0].replace_all_uses_with(back)
    dot.detach()
    dot.erase()


# --------------------------------------------------------------------------------------------
# DecomposeScaledBlocked
# --------------------------------------------------------------------------------------------


def compute_type(a: ScaleDotElemType, b: ScaleDotElemType) -> Attribute:
    """Triton's `getComputeType`: f16 when either operand is fp16, else bf16."""
    return Float16Type() if ScaleDotElemType.FP16 in (a, b) else BFloat16Type()


def scale_shift(compute: Attribute) -> tuple[int, Attribute]:
    """The integer width and float type an e8m0 scale is shifted into for `compute`: its bits
    land on the exponent of bf16 directly, of f32 for f16 (whose exponent is too narrow), so the
    shift is the mantissa width of that type."""
    if isinstance(compute, BFloat16Type):
        return 7, compute
    return 23, Float32Type()


def scale_to_16(
    rewriter: PatternRewriter, scale: SSAValue, compute: Attribute
) -> SSAValue:
    """Triton's `scaleTo16`: the e8m0 bytes of `scale` as powers of two of `compute`."""
    location = value_location(scale)
    type_ = _tensor(scale)
    shift, wide = scale_shift(compute)
    assert isinstance(wide, BFloat16Type | Float32Type)
    int_type = IntegerType(wide.bitwidth)
    wide_ints = _retyped(type_, int_type)
    extended = _emit(rewriter, location, "arith.extui", [scale], wide_ints)
    amount_op = create_constant(active_context(), IntegerAttr(shift, int_type), int_type)
    amount_op.location = location
    rewriter.insert(amount_op)
    amount = _emit(rewriter, location, "tt.splat", [amount_op.results[0]], wide_ints)
    shifted = _emit(rewriter, location, "arith.shli", [extended, amount], wide_ints)
    value = _emit(rewriter, location, "tt.bitcast", [shifted], _retyped(type_, wide))
    if wide != compute:
        value = _emit(rewriter, location, "arith.truncf", [value], _retyped(type_, compute))
    return value


def broadcast_scale(
    rewriter: PatternRewriter, dot: Operation, scale: SSAValue, dim: int
) -> SSAValue:
    """Triton's `broadcastScale`: `scale` (one value per group of 32 along `dim`) repeated over
    its group, in the shape of the operand it scales."""
    location = value_location(scale)
    type_ = _tensor(scale)
    shape = list(type_.get_shape())
    rank = len(shape)
    blocked = default_blocked(
        [*shape, 1],
        lookup_num_warps(dot),
        lookup_threads_per_warp(dot),
        lookup_num_ctas(dot),
    )
    sliced = convert(rewriter, scale, with_encoding(type_, slice_encoding(rank, blocked)), location)
    expanded = _emit(
        rewriter, location, "tt.expand_dims", [sliced],
        TensorType(type_.get_element_type(), [*shape, 1], blocked),
        {"axis": IntegerAttr(rank, i32)},
    )
    wide = _emit(
        rewriter, location, "tt.broadcast", [expanded],
        TensorType(type_.get_element_type(), [*shape, SCALE_GROUP], blocked),
    )
    order = list(range(rank))
    order.insert(dim + 1, rank)
    transposed = transpose(rewriter, wide, order, dot)
    shape[dim] *= SCALE_GROUP
    return reshape(rewriter, transposed, shape, dot)


def mask_nan(
    rewriter: PatternRewriter, dot: DotScaledOp, mxfp: SSAValue, scale: SSAValue, dim: int
) -> SSAValue:
    """Triton's `maskNan`: NaN where the scale is 0xFF (e8m0's NaN), unless the dot is fastMath."""
    if dot.fastMath.value.data:
        return mxfp
    location = value_location(scale)
    scale_type = _tensor(scale)
    all_ones = _splat_constant(rewriter, location, scale_type, SCALE_NAN)
    is_nan = _emit(
        rewriter, location, "arith.cmpi", [scale, all_ones], _retyped(scale_type, IntegerType(1)),
        {"predicate": IntegerAttr(CMPI_EQ, IntegerType(64))},
    )
    condition = broadcast_scale(rewriter, dot, is_nan, dim)
    condition = convert(
        rewriter, condition, with_encoding(condition.type, _tensor(mxfp).encoding), location
    )
    mxfp_type = _tensor(mxfp)
    element = mxfp_type.get_element_type()
    nan = _splat_constant(rewriter, location, mxfp_type, NAN_BITS[type(element)])
    return _emit(rewriter, location, "arith.select", [condition, nan, mxfp], mxfp_type)


def upcast_operand(
    rewriter: PatternRewriter, dot: DotScaledOp, op_idx: int, compute: Attribute
) -> SSAValue:
    """Step 0 of Triton's `scaleArg`: operand `op_idx` in `compute` (e2m1 unpacked along K)."""
    value = dot.a if op_idx == 0 else dot.b
    elem = ScaleDotElemType.from_attr(dot.a_elem_type if op_idx == 0 else dot.b_elem_type)
    type_ = _tensor(value)
    rank = len(type_.get_shape())
    k_dim = rank - 1 if op_idx == 0 else rank - 2
    location = value_location(value)
    if elem == ScaleDotElemType.E2M1:
        shape = list(type_.get_shape())
        shape[k_dim] *= 2
        encoding = type_.encoding
        if encoding_of(type_) is not None:
            inferred = infer_fp4_to_fp_encoding(
                encoding, type_.get_shape(), k_dim, forward=True, order_shape=shape
            )
            if inferred is None:
                raise op_error(dot, f"cannot unpack e2m1 operand {op_idx} in the layout {encoding}")
            encoding = inferred
        return _emit(
            rewriter, location, "ttg.fp4_to_fp", [value], TensorType(compute, shape, encoding),
            {"axis": IntegerAttr(k_dim, i32)},
        )
    if isinstance(type_.get_element_type(), IntegerType):
        raise op_error(
            dot, f"cannot upcast the {elem.name.lower()} operand {op_idx} of this scaled dot to {compute}"
        )
    return _emit(rewriter, location, "tt.fp_to_fp", [value], _retyped(type_, compute))


def scale_operand(
    rewriter: PatternRewriter, dot: DotScaledOp, op_idx: int, compute: Attribute
) -> SSAValue:
    """Triton's `scaleArg`: operand `op_idx` upcast to `compute` and multiplied by its scale
    (NaN where the scale is), or just upcast when it has none."""
    value = upcast_operand(rewriter, dot, op_idx, compute)
    scale = dot.a_scale if op_idx == 0 else dot.b_scale
    if scale is None:
        return value
    rank = len(_tensor(value).get_shape())
    k_dim = rank - 1 if op_idx == 0 else rank - 2
    if op_idx == 1:
        # The scale of B comes as [N, K / 32], like A's: transposed to B's orientation first.
        scale = transpose(rewriter, scale, [*range(rank - 2), rank - 1, rank - 2], dot)
    broadcast = broadcast_scale(rewriter, dot, scale_to_16(rewriter, scale, compute), k_dim)
    broadcast = convert(rewriter, broadcast, value.type, value_location(scale))
    location = value_location(dot.a if op_idx == 0 else dot.b)
    scaled = _emit(rewriter, location, "arith.mulf", [value, broadcast], value.type)
    return mask_nan(rewriter, dot, scaled, scale, k_dim)


def dot_operand(rewriter: PatternRewriter, dot: Operation, op_idx: int, value: SSAValue) -> SSAValue:
    """Triton's `cvtDotOperand`: `value` as operand `op_idx` of the dot's own layout."""
    parent = _tensor(dot.results[0]).encoding
    kind = DotOperandEncodingAttr.make(op_idx, parent)  # pyright: ignore[reportArgumentType]
    return convert(rewriter, value, with_encoding(value.type, kind), value_location(value))


def decompose_scaled_dot(dot: Operation, rewriter: PatternRewriter) -> bool:
    """Triton's `DecomposeScaledBlocked` pattern: a `tt.dot_scaled` outside MMA layouts becomes
    a `tt.dot` of upcast, scaled operands."""
    if not isinstance(dot, DotScaledOp):
        return False
    if isinstance(encoding_of(dot.d.type), NvidiaMmaEncodingAttr):
        return False
    if not dot.lhs_k_pack.value.data or not dot.rhs_k_pack.value.data:
        return False
    if encoding_of(dot.d.type) is None:
        return False
    compute = compute_type(
        ScaleDotElemType.from_attr(dot.a_elem_type), ScaleDotElemType.from_attr(dot.b_elem_type)
    )
    a = dot_operand(rewriter, dot, 0, scale_operand(rewriter, dot, 0, compute))
    b = dot_operand(rewriter, dot, 1, scale_operand(rewriter, dot, 1, compute))
    new_dot = create_op(active_context(), "tt.dot", [a, b, dot.c], [dot.d.type])
    new_dot.location = dot.location
    rewriter.insert(new_dot)
    back = ttg.ConvertLayoutOp(new_dot.results[0], dot.d.type)
    back.location = dot.location
    rewriter.replace_op(dot, back)
    return True


__all__ = [
    "broadcast_scale",
    "compute_type",
    "decompose_scaled_dot",
    "mask_nan",
    "scale_operand",
    "scale_to_16",
    "transpose_scaled_dots",
]
