"""The linear layout of a `ttg` encoding attribute (Triton's `toLinearLayout(shape, layout)`).

A thin adapter: it reads the parameters of the attribute classes in `ttc.dialects.ttg.attrs` (and
`ttc.dialects.ttg.shared_attrs`; a padded layout gives its linear component, padding aside) and
calls the conversion functions, which take plain values. An encoding defined outside
`ttc.dialects` (a target's own, such as MUSA's SQMMA layout) converts itself: it implements
`EncodingWithLinearLayout`. Encodings without a conversion yet raise a `LayoutError` naming them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol, runtime_checkable

from xdsl.ir import Attribute

from ttc.dialects.ttg.attrs import (
    BlockedEncodingAttr,
    CTALayout,
    DotOperandEncodingAttr,
    GenericLinearEncodingAttr,
    LayoutEncoding,
    LinearEncodingAttr,
    NvidiaMmaEncodingAttr,
    NVMMASharedEncodingAttr,
    SharedLinearEncodingAttr,
    SliceEncodingAttr,
    SwizzledSharedEncodingAttr,
    ints,
)
from ttc.dialects.ttg.shared_attrs import (
    PaddedSharedEncodingAttr,
    PartitionedSharedEncodingAttr,
)
from ttc.layouts.blocked import blocked_to_linear, slice_to_linear
from ttc.layouts.linear import LayoutError, LinearLayout
from ttc.layouts.linear_encoding import linear_encoding_to_linear
from ttc.layouts.mma import (
    fma_dot_operand_to_linear,
    nvidia_dot_operand_to_linear,
    nvidia_mma_to_linear,
)
from ttc.layouts.padded import padded_component
from ttc.layouts.shared import (
    nvmma_shared_to_linear,
    shared_linear_to_linear,
    swizzled_shared_to_linear,
)
from ttc.layouts.utils import standard_out_dim_names


@runtime_checkable
class EncodingWithLinearLayout(Protocol):
    """An encoding attribute that gives its own linear layout (Triton's `toLinearLayout` method)."""

    def to_linear_layout(self, shape: Sequence[int]) -> LinearLayout: ...


def to_linear_layout(encoding: Attribute, shape: Sequence[int]) -> LinearLayout:
    """The layout from (register, lane, warp, block) to the coordinates of a `shape` tensor; for a
    shared encoding, from (offset, block) to the coordinates of a `shape` buffer.

    Memoised for ttc's own encodings: passes ask for the same (encoding, shape) pairs over and
    over, attributes are immutable and hashable, and a LinearLayout never changes once built. An
    encoding that converts itself (a target's, `EncodingWithLinearLayout`) is asked each time."""
    shape = tuple(shape)
    if isinstance(encoding, LayoutEncoding) and encoding.rank != len(shape):
        raise LayoutError(
            f"the layout has rank {encoding.rank}, but the tensor shape "
            f"{'x'.join(map(str, shape))} has rank {len(shape)}"
        )
    if isinstance(encoding, EncodingWithLinearLayout):
        return encoding.to_linear_layout(shape)
    return _to_linear_layout(encoding, shape)


def _cga(cta: CTALayout) -> tuple[Sequence[int], Sequence[int], Sequence[int]]:
    """The CTAs-per-CGA, CTA split and CTA order arrays the layout builders take."""
    return (cta.ctas_per_cga, cta.cta_split_num, cta.cta_order)


@lru_cache(maxsize=4096)
def _to_linear_layout(encoding: Attribute, shape: tuple[int, ...]) -> LinearLayout:
    if isinstance(encoding, BlockedEncodingAttr):
        cta = encoding.cta_layout
        return blocked_to_linear(
            shape,
            ints(encoding.size_per_thread),
            ints(encoding.threads_per_warp),
            ints(encoding.warps_per_cta),
            ints(encoding.order),
            cta.ctas_per_cga,
            cta.cta_split_num,
            cta.cta_order,
        )
    if isinstance(encoding, SliceEncodingAttr):
        parent = encoding.parent
        return slice_to_linear(shape, encoding.dim.data, lambda s: to_linear_layout(parent, s))
    if isinstance(encoding, LinearEncodingAttr | GenericLinearEncodingAttr):
        return linear_encoding_to_linear(encoding.bases(), shape)
    if isinstance(encoding, NvidiaMmaEncodingAttr):
        return nvidia_mma_to_linear(
            shape,
            encoding.version_major.data,
            ints(encoding.warps_per_cta),
            ints(encoding.instr_shape),
            _cga(encoding.cta_layout),
        )
    if isinstance(encoding, DotOperandEncodingAttr):
        return _dot_operand_to_linear(encoding, shape)
    if isinstance(encoding, SwizzledSharedEncodingAttr | NVMMASharedEncodingAttr | SharedLinearEncodingAttr):
        return _shared_to_linear(encoding, shape)
    if isinstance(encoding, PaddedSharedEncodingAttr):
        return _padded_component(encoding, shape)
    if isinstance(encoding, PartitionedSharedEncodingAttr):
        return _partitioned_shared(encoding, shape)
    name = getattr(encoding, "name", type(encoding).__name__)
    raise LayoutError(f"no linear-layout conversion for #{name} yet")


def _dot_operand_to_linear(encoding: DotOperandEncodingAttr, shape: tuple[int, ...]) -> LinearLayout:
    parent, op_idx = encoding.parent, encoding.op_idx.data
    if isinstance(parent, NvidiaMmaEncodingAttr):
        return nvidia_dot_operand_to_linear(
            shape,
            op_idx,
            encoding.k_width.data,
            parent.version_major.data,
            ints(parent.warps_per_cta),
            _cga(parent.cta_layout),
        )
    if isinstance(parent, BlockedEncodingAttr):
        return fma_dot_operand_to_linear(
            shape,
            op_idx,
            ints(parent.size_per_thread),
            ints(parent.threads_per_warp),
            ints(parent.warps_per_cta),
            ints(parent.order),
            _cga(parent.cta_layout),
        )
    name = getattr(parent, "name", type(parent).__name__)
    raise LayoutError(f"no linear-layout conversion for #ttg.dot_op of #{name} yet")


def _padded_component(encoding: PaddedSharedEncodingAttr, shape: tuple[int, ...]) -> LinearLayout:
    """The linear component of a padded layout, padding aside (Triton's
    `toLinearLayoutIgnoringPadding`); it covers exactly one buffer shape."""
    if ints(encoding.shape) != shape:
        raise LayoutError(
            f"the #ttg.padded_shared layout covers {'x'.join(map(str, ints(encoding.shape)))}, "
            f"not the buffer shape {'x'.join(map(str, shape))}"
        )
    return padded_component(encoding.bases(), ints(encoding.shape))


def _partitioned_shared(encoding: PartitionedSharedEncodingAttr, shape: tuple[int, ...]) -> LinearLayout:
    """Triton's `partitionedSharedToLinearLayout`: the tensor is cut along `partitionDim` into
    `numPartitions * numGroups` pieces, piece `g * numPartitions + p` is group `g` of buffer `p`.
    The result maps (`offset` within a buffer, `partition`, `block`) to coordinates; a padded
    piece layout contributes its linear component (its padding is applied per buffer)."""
    dim = encoding.partition_dim.data
    piece_shape = list(shape)
    piece_shape[dim] //= encoding.num_logical_pieces
    inner = encoding.partition_layout
    if isinstance(inner, PaddedSharedEncodingAttr):
        piece = padded_component(inner.bases(), ints(inner.shape))
    else:
        piece = to_linear_layout(inner, piece_shape)
    out_dim = standard_out_dim_names(len(shape))[dim]
    partitions = LinearLayout.identity_1d(encoding.num_partitions.data, "partition", out_dim)
    groups = LinearLayout.identity_1d(encoding.num_groups.data, "offset", out_dim)
    return piece * partitions * groups


def _shared_to_linear(encoding: Attribute, shape: tuple[int, ...]) -> LinearLayout:
    if isinstance(encoding, SwizzledSharedEncodingAttr):
        return swizzled_shared_to_linear(
            shape,
            encoding.vec.data,
            encoding.per_phase.data,
            encoding.max_phase.data,
            ints(encoding.order),
            _cga(encoding.cta_layout),
        )
    if isinstance(encoding, NVMMASharedEncodingAttr):
        return nvmma_shared_to_linear(
            shape,
            encoding.swizzling_byte_width.data,
            encoding.is_transposed,
            encoding.element_bit_width.data,
            encoding.is_fp4_padded,
            _cga(encoding.cta_layout),
        )
    assert isinstance(encoding, SharedLinearEncodingAttr)
    return shared_linear_to_linear(encoding.bases(), shape)
