"""The shared-memory encoding of a tensor descriptor, adapted to one access (Triton's
`updateEncodingForShape` of DescriptorMemoryLayouts.cpp and `getEncodingFromDescriptor` of
TritonNvidiaGPU/Transforms/TMAUtilities.cpp), and the structured-control-flow values a descriptor
flows through (Triton's `getTiedArgs`).

A descriptor's block may have more dimensions than the tensor one access moves (a rank-reducing
load of a `1x64x32` block into a `64x32` tensor) or fewer: the encoding keeps its swizzle and is
given a CTA layout (and, for `#ttg.swizzled_shared`, an order) of the access's rank. Leading
dimensions are the ones dropped or added; added ones are of size 1 and not split over CTAs.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from xdsl.dialects import scf
from xdsl.dialects.builtin import TensorType
from xdsl.ir import Attribute, BlockArgument, Operation, OpResult, SSAValue

from ttc.dialects.tt.types import TensorDescType
from ttc.dialects.ttg.attrs import (
    CTALayout,
    NVMMASharedEncodingAttr,
    SwizzledSharedEncodingAttr,
)
from ttc.ir.errors import TtcError
from ttc.ir.locations import source_location


def cta_layout_for_rank(cta: CTALayout, rank: int) -> CTALayout:
    """Triton's `updateCTALayoutForShape`: drop the leading dimensions of `cta`, or add leading
    dimensions holding a single CTA, until it has `rank` dimensions."""
    old = len(cta.cta_order)
    if old >= rank:
        drop = old - rank
        return CTALayout(
            cta.ctas_per_cga[drop:],
            cta.cta_split_num[drop:],
            tuple(o - drop for o in cta.cta_order if o >= drop),
        )
    add = rank - old
    return CTALayout(
        (1,) * add + cta.ctas_per_cga,
        (1,) * add + cta.cta_split_num,
        tuple(o + add for o in cta.cta_order) + tuple(range(add - 1, -1, -1)),
    )


def _order_for_rank(order: Sequence[int], rank: int) -> tuple[int, ...]:
    """A swizzled layout's order for `rank` dimensions: new leading dimensions slowest-first
    ahead, dimensions beyond the rank dropped."""
    added = tuple(rank - i - 1 for i in range(max(rank - len(order), 0)))
    return added + tuple(o for o in order if o < rank)


def encoding_for_shape(op: Operation | None, encoding: Attribute, shape: Sequence[int]) -> Attribute:
    """Triton's `updateEncodingForShape`: `encoding` for a tensor of `shape`."""
    rank = len(shape)
    if isinstance(encoding, NVMMASharedEncodingAttr):
        return NVMMASharedEncodingAttr.make(
            encoding.swizzling_byte_width.data,
            encoding.is_transposed,
            encoding.element_bit_width.data,
            encoding.is_fp4_padded,
            cta_layout_for_rank(encoding.cta_layout, rank),
        )
    if isinstance(encoding, SwizzledSharedEncodingAttr):
        return SwizzledSharedEncodingAttr.make(
            encoding.vec.data,
            encoding.per_phase.data,
            encoding.max_phase.data,
            _order_for_rank([o.data for o in encoding.order.data], rank),
            cta_layout_for_rank(encoding.cta_layout, rank),
        )
    raise TtcError(
        "Internal Error: Unhandled tensor descriptor encoding",
        source_location(op.location) if op is not None else None,
    )


def encoding_from_descriptor(op: Operation, tensor: TensorType[Attribute], desc: SSAValue) -> Attribute:
    """Triton's `getEncodingFromDescriptor`: the descriptor's encoding for the accessed tensor."""
    desc_type = desc.type
    assert isinstance(desc_type, TensorDescType)
    block = desc_type.block_type
    if not isinstance(block.encoding, NVMMASharedEncodingAttr | SwizzledSharedEncodingAttr):
        raise TtcError(
            "Internal Error: Tensor descriptor should have encoding set",
            source_location(op.location),
        )
    if tuple(block.get_shape()) == tuple(tensor.get_shape()):
        return block.encoding
    return encoding_for_shape(op, block.encoding, tensor.get_shape())


def tied_values(op: Operation, index: int) -> list[SSAValue]:
    """Triton's `getTiedArgs`: the values of an `scf.for`/`while`/`if` that must share a type."""
    if isinstance(op, scf.ForOp):
        body = op.body.block
        assert body.last_op is not None
        return [body.args[index + 1], op.results[index], body.last_op.operands[index],
                op.iter_args[index]]  # fmt: skip
    if isinstance(op, scf.WhileOp):
        before, after = op.before_region.block, op.after_region.block
        assert before.last_op is not None
        return [before.args[index], op.results[index], before.last_op.operands[index + 1],
                op.arguments[index], after.args[index]]  # fmt: skip
    if isinstance(op, scf.IfOp):
        values: list[SSAValue] = []
        for region in op.regions:
            for block in region.blocks:
                if isinstance(block.last_op, scf.YieldOp):
                    values.append(block.last_op.operands[index])
        return [*values, op.results[index]]
    return []


def tied_groups(value: SSAValue) -> Iterator[list[SSAValue]]:
    """The groups of values tied to `value` (`tied_values`) through its uses as a loop's init or
    a yielded value, and through its definition as a loop or `scf.if` result or a loop's block
    argument: the neighbours a descriptor's type propagates to."""
    for use in list(value.uses):
        user = use.operation
        if isinstance(user, scf.ForOp):
            yield tied_values(user, use.index - 3)
        elif isinstance(user, scf.WhileOp):
            yield tied_values(user, use.index)
        elif isinstance(user, scf.YieldOp) and (parent := user.parent_op()) is not None:
            yield tied_values(parent, use.index)
    if isinstance(value, OpResult) and isinstance(value.op, scf.ForOp | scf.WhileOp | scf.IfOp):
        yield tied_values(value.op, value.index)
    elif isinstance(value, BlockArgument):
        parent = value.block.parent_op()
        if isinstance(parent, scf.ForOp):
            yield tied_values(parent, value.index - 1)
        elif isinstance(parent, scf.WhileOp):
            yield tied_values(parent, value.index)
