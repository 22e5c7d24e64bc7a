"""Pointer, mask and padding tensors of a block access, shared by the two make_ttir passes that
turn block accesses into loads and stores through tensors of pointers.

Mirrors the `RewritedInfo` helpers of Triton's RewriteTensorPointer.cpp and their copies in
RewriteTensorDescriptorToPointer.cpp (`getExpandedOffsetWithRange`, `generatePtr`,
`generateMask`, `generateOther`): for a block of shape `S` at i64 element offsets `o` of a tensor
with i64 `shape` and `strides`,

- dimension `d` contributes `expand(splat(o[d]) + extsi(make_range(0, S[d])))`, a tensor of
  rank `len(S)` whose only non-unit dimension is `d`;
- the pointers are `splat(base)` advanced, dimension by dimension, by
  `broadcast(range_d * splat(strides[d]))` (the stride is splatted in the expanded shape, so the
  divisibility of the stride stays visible to axis analysis);
- the mask of the checked dimensions is the `and` of `broadcast(0 <= range_d < shape[d])`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

from xdsl.context import Context
from xdsl.dialects.builtin import (
    AnyFloat,
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IntegerAttr,
    TensorType,
    i1,
    i32,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue

from ttc.dialects.tt.types import PointerType
from ttc.transforms.utils import create_constant, create_op

CMPI_SLT = 2
CMPI_SGE = 5


class BlockBuilder:
    """Inserts new ops before `anchor`, at `anchor`'s location (an OpBuilder set before an op)."""

    def __init__(self, ctx: Context, anchor: Operation) -> None:
        self.ctx = ctx
        self.anchor = anchor

    def insert(self, op: Operation) -> SSAValue:
        op.location = self.anchor.location
        block = self.anchor.parent
        assert block is not None
        block.insert_op_before(op, self.anchor)
        return op.results[0]

    def insert_op(self, op: Operation) -> Operation:
        """Insert `op` as it is (its location kept)."""
        block = self.anchor.parent
        assert block is not None
        block.insert_op_before(op, self.anchor)
        return op

    def value(self, name: str, operands: Sequence[SSAValue], type_: Attribute, **props: Attribute) -> SSAValue:
        return self.insert(create_op(self.ctx, name, operands, [type_], properties=props))

    def constant(self, attr: Attribute, type_: Attribute) -> SSAValue:
        return self.insert(create_constant(self.ctx, attr, type_))

    def extsi_i64(self, value: SSAValue) -> SSAValue:
        """`arith.extsi` to i64 (Triton builds one whatever the width, i64 included, as does
        `castToI64`'s createOrFold; the folder then drops an i64 → i64 one)."""
        if value.type == i64:
            return value
        return self.value("arith.extsi", [value], i64)

    def splat(self, value: SSAValue, type_: Attribute) -> SSAValue:
        return self.value("tt.splat", [value], type_)

    def broadcast(self, value: SSAValue, type_: Attribute) -> SSAValue:
        return self.value("tt.broadcast", [value], type_)

    def andi(self, lhs: SSAValue, rhs: SSAValue) -> SSAValue:
        return self.value("arith.andi", [lhs, rhs], lhs.type)

    def cmpi(self, predicate: int, lhs: SSAValue, rhs: SSAValue) -> SSAValue:
        assert isinstance(lhs.type, TensorType)
        result = TensorType(i1, lhs.type.get_shape())
        return self.value("arith.cmpi", [lhs, rhs], result, predicate=IntegerAttr(predicate, 64))


def expand_to_rank(b: BlockBuilder, value: SSAValue, rank: int, dim: int) -> SSAValue:
    """A 1-D tensor expanded to `rank` dimensions, its elements along `dim` (Triton's
    `expandOffsets`: one `tt.expand_dims` per other dimension, in increasing order)."""
    for axis in range(rank):
        if axis == dim:
            continue
        assert isinstance(value.type, TensorType)
        shape = list(value.type.get_shape())
        shape.insert(axis, 1)
        value = b.value(
            "tt.expand_dims", [value], TensorType(value.type.get_element_type(), shape), axis=IntegerAttr(axis, i32)
        )
    return value


def offset_range(b: BlockBuilder, block_shape: Sequence[int], offset: SSAValue, dim: int) -> SSAValue:
    """Triton's `getExpandedOffsetWithRange`: the i64 element offsets of the block along `dim`."""
    size = block_shape[dim]
    row = TensorType(i64, [size])
    splat = b.splat(offset, row)
    rng = b.value(
        "tt.make_range", [], TensorType(i32, [size]), start=IntegerAttr(0, i32), end=IntegerAttr(size, i32)
    )
    wide = b.value("arith.extsi", [rng], row)
    return expand_to_rank(b, b.value("arith.addi", [splat, wide], row), len(block_shape), dim)


def add_strided(
    b: BlockBuilder, ptr: SSAValue, ranges: SSAValue, stride: SSAValue, block_shape: Sequence[int]
) -> SSAValue:
    """`ptr` advanced by one dimension's `ranges * stride` (Triton's per-dimension step of
    `generatePtr`)."""
    stride_splat = b.splat(stride, ranges.type)
    scaled = b.value("arith.muli", [ranges, stride_splat], ranges.type)
    broadcast = b.broadcast(scaled, TensorType(i64, block_shape))
    return b.value("tt.addptr", [ptr, broadcast], ptr.type)


def splat_base(b: BlockBuilder, base: SSAValue, block_shape: Sequence[int]) -> SSAValue:
    """The base pointer splatted to the block's shape."""
    assert isinstance(base.type, PointerType)
    return b.splat(base, TensorType(base.type, block_shape))


def dimension_mask(b: BlockBuilder, ranges: SSAValue, bound: SSAValue, block_shape: Sequence[int]) -> SSAValue:
    """`broadcast(0 <= ranges < bound)` over the block (one dimension of Triton's `generateMask`)."""
    zero = b.constant(IntegerAttr(0, i64), i64)
    lower = b.cmpi(CMPI_SGE, ranges, b.splat(zero, ranges.type))
    upper = b.cmpi(CMPI_SLT, ranges, b.splat(bound, ranges.type))
    inside = b.andi(lower, upper)
    return b.broadcast(inside, TensorType(i1, block_shape))


def bounds_mask(
    b: BlockBuilder, checks: Iterable[tuple[Callable[[], SSAValue], SSAValue]], block_shape: Sequence[int]
) -> SSAValue | None:
    """The `and` of `dimension_mask` over `(ranges, bound)` checks, each one and-ed as soon as it
    is built (Triton's mask loop); `ranges` is produced on demand. None for no check."""
    mask: SSAValue | None = None
    for ranges, bound in checks:
        dim_mask = dimension_mask(b, ranges(), bound, block_shape)
        mask = dim_mask if mask is None else b.andi(mask, dim_mask)
    return mask


def padding_attr(element: Attribute, nan: bool) -> Attribute:
    """The scalar padding value of `element`: zero (Triton's `getZeroAttr`) or, for a float,
    the quiet NaN of `APFloat::getNaN`."""
    if isinstance(element, AnyFloat):
        return FloatAttr(math.nan if nan else 0.0, element)
    return IntegerAttr(0, element)  # pyright: ignore[reportArgumentType]


def splat_constant(b: BlockBuilder, element: Attribute, block_shape: Sequence[int], nan: bool) -> SSAValue:
    """A dense splat constant of zeros (or NaNs) in the block's shape."""
    tensor = TensorType(element, block_shape)
    value = 0.0 if isinstance(element, AnyFloat) else 0
    if nan:
        value = math.nan
    return b.constant(DenseIntOrFPElementsAttr.from_list(tensor, [value]), tensor)  # pyright: ignore[reportArgumentType]
