"""The shared-memory layouts a dot operand is staged through (Triton's
`SwizzledSharedEncodingAttr::get(dotOpEnc, shape, order, CTALayout, eltTy, needTrans)` builder and
`getOrderForMemory`).

`order_for_memory` is the element order (`ttc.layouts.order`), unless the fastest thread dimension
holds a single element per thread, in which case the thread order (`getOrderForMemory`).

`swizzled_shared_for_dot_operand` is the swizzle for an operand of an NVIDIA MMA (versions 2 and 3):
rows of `perPhase = max(1024 / (bits * K), 1)` share a phase, where K is the per-CTA extent of the
memory's fastest dimension; `vec = 4 * kWidth` elements stay together along K and the MMA reads 8
rows (`mmaStride`); the two swap when the operand is transposed or its memory order is not K-major;
`maxPhase = max(min(mmaStride, 1024 / (vec * bits)), 1) / perPhase` (at least 1). Other parents
get the unswizzled `vec = perPhase = maxPhase = 1`.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import TensorType
from xdsl.ir import Attribute

from ttc.dialects.tt.types import bit_width
from ttc.dialects.ttg.attrs import (
    CTALayout,
    DotOperandEncodingAttr,
    NvidiaMmaEncodingAttr,
    SwizzledSharedEncodingAttr,
)
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.layouts.divide import divide_left
from ttc.layouts.mma import dot_operand_order, mma_tile
from ttc.layouts.order import contig_per_thread, elems_per_thread, layout_order, thread_order

SHARED_BANK_BITS = 1024
"""32 banks of 4 bytes: the bits one shared-memory wavefront covers."""


def order_for_memory(tensor: TensorType[Attribute]) -> tuple[int, ...]:
    """Triton's `getOrderForMemory`: the dimension order to store a distributed tensor in."""
    layout = to_linear_layout(tensor.encoding, tensor.get_shape())
    order, threads = layout_order(layout), thread_order(layout)
    if order != threads and elems_per_thread(layout)[threads[0]] == 1:
        return threads
    return order


def swizzle_for_mma_operand(
    op_idx: int,
    k_width: int,
    shape_per_cta: Sequence[int],
    order: Sequence[int],
    bits: int,
    need_trans: bool = False,
) -> tuple[int, int, int]:
    """`(vec, perPhase, maxPhase)` of an NVIDIA MMA operand (Triton's NVIDIA builder)."""
    k = shape_per_cta[order[0]]
    per_phase = max(SHARED_BANK_BITS // (bits * k), 1)
    mma_stride, vec = 8, 4 * k_width
    if need_trans:
        vec, mma_stride = mma_stride, vec
    rank = len(order)
    k_dim = rank - 1 if op_idx == 0 else rank - 2
    if order[0] != k_dim:
        vec, mma_stride = mma_stride, vec
    max_phase = max(min(mma_stride, SHARED_BANK_BITS // (vec * bits)), 1)
    return vec, per_phase, max(max_phase // per_phase, 1)


def swizzled_shared_for_mma_operand(
    op_idx: int,
    k_width: int,
    shape: Sequence[int],
    order: Sequence[int],
    cta: CTALayout,
    bits: int,
    need_trans: bool = False,
) -> SwizzledSharedEncodingAttr:
    """The `#ttg.swizzled_shared` a tensor of `shape` is stored in to be read as NVIDIA MMA
    operand `op_idx` with `k_width` (Triton's `SwizzledSharedEncodingAttr::get(opIdx, kWidth, ...)`
    builder)."""
    per_cta = [s // min(s, n) for s, n in zip(shape, cta.cta_split_num)]
    vec, per_phase, max_phase = swizzle_for_mma_operand(op_idx, k_width, per_cta, order, bits, need_trans)
    return SwizzledSharedEncodingAttr.make(vec, per_phase, max_phase, order, cta)


def swizzled_shared_for_dot_operand(
    dot: DotOperandEncodingAttr,
    shape: Sequence[int],
    order: Sequence[int],
    cta: CTALayout,
    element: Attribute,
    need_trans: bool = False,
) -> SwizzledSharedEncodingAttr:
    """The `#ttg.swizzled_shared` a tensor of `shape` is stored in to be read as operand `dot`."""
    parent = dot.parent
    if not isinstance(parent, NvidiaMmaEncodingAttr) or not (parent.is_ampere or parent.is_hopper):
        return SwizzledSharedEncodingAttr.make(1, 1, 1, order, cta)
    return swizzled_shared_for_mma_operand(
        dot.op_idx.data, dot.k_width.data, shape, order, cta, bit_width(element), need_trans
    )


def swizzle_dot_operand_like(tensor: TensorType[Attribute], cta: CTALayout) -> SwizzledSharedEncodingAttr | None:
    """Triton's `swizzleDotOperandLike`: when `tensor`'s layout starts with the registers and lanes
    of an NVIDIA MMA operand microtile (8 rows of `4 * kWidth` along its thread order, `kWidth`
    being its contiguous elements per thread), the swizzle of that operand; else None.

    This gives a dot operand reached through a layout change before the dot (a `tt.trans` or a
    reshape of a `#ttg.linear` tensor) the same swizzled buffer as one converted to it directly.
    """
    shape = tensor.get_shape()
    rank = len(shape)
    if rank < 2:
        return None
    layout = to_linear_layout(tensor.encoding, shape)
    order = thread_order(layout)
    op_idx = next((i for i in (0, 1) if dot_operand_order(i, rank, k_contig=True) == order), None)
    if op_idx is None:
        return None
    k_width = contig_per_thread(layout)[order[0]]
    microtile = [1] * rank
    microtile[order[0]] = 4 * k_width
    microtile[order[1]] = 8
    tile = mma_tile(microtile, k_width, order, range(rank))
    if divide_left(layout, tile) is None:
        return None
    return swizzled_shared_for_mma_operand(
        op_idx, k_width, shape, order, cta, bit_width(tensor.get_element_type())
    )
