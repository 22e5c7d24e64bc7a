"""What reductions, scans and layout conversions need, read off linear layouts.

Mirrors the helpers of Triton's lib/Analysis/Utility.cpp that both the shared-memory allocation and
the lowering consult, so the two always agree:

* `ReduceGeometry` (Triton's `ReduceOpHelper`): which register/lane/warp bits of the source layout
  move along the reduced axis, how many warps hold distinct data along it, and the shape of the
  scratch buffer for the cross-warp step (the source shape with the axis replaced by that count).
* `ScanGeometry` (Triton's `ScanLoweringHelper`): the same for `tt.scan` on a blocked layout, and
  its scratch size.
* `ConversionKind` / `conversion_kind` (Triton's `minimalCvtLayout`, `cvtReordersRegisters`,
  `cvtNeedsWarpShuffle`, `cvtNeedsSharedMemory`): quotient the conversion map by the block, warp and
  lane dimensions it leaves untouched; a conversion within warps is shuffled when it takes at most
  one register-lane transposition (`ttc.layouts.warp_shuffle`), else it goes through shared memory.
* `shared_conversion` / `conversion_scratch_bytes` (Triton's `getNumScratchElemsSwizzledCvt`): the
  swizzled buffer of a conversion through shared memory (`ttc.layouts.swizzling`), one round of it.
* `gather_is_warp_local` / `gather_scratch_bytes` (Triton's `GatherLoweringHelper`): whether a
  `tt.gather` can shuffle within warps, and otherwise the scratch holding its whole source.

Everything is computed from `ttc.dialects.ttg.linear_layouts.to_linear_layout`, the one layout description.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import prod

from xdsl.dialects.builtin import TensorType
from xdsl.ir import Attribute

from ttc.dialects.tt.types import bit_width, is_ptr
from ttc.dialects.ttg.attrs import BlockedEncodingAttr
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.layouts.linear import LayoutError, LinearLayout
from ttc.layouts.order import bases_per_dim, contig_per_thread
from ttc.layouts.swizzling import (
    SharedConversion,
    plan_shared_conversion,
    without_broadcast_registers,
)
from ttc.layouts.utils import minimal_conversion
from ttc.layouts.warp_shuffle import mixed_transpositions

REGISTER, LANE, WARP, BLOCK = "register", "lane", "warp", "block"


def memory_bytes(element: Attribute) -> int:
    """Bytes one element takes in a reduce/scan scratch buffer (sub-byte types take a byte)."""
    return (bit_width(element) + 7) // 8


def conversion_bitwidth(element: Attribute) -> int:
    """Triton's `getBitwidth` for conversions: pointers are 64 bits, nothing is under 8."""
    return 64 if is_ptr(element) else max(bit_width(element), 8)


def tensor_layout(tensor: TensorType) -> LinearLayout:
    """The linear layout of a tensor type's encoding over its shape."""
    return to_linear_layout(tensor.encoding, tensor.get_shape())


def conversion_is_warp_synchronous(src: LinearLayout, dst: LinearLayout) -> bool:
    """Every warp reads back only what it wrote (Triton's `isCvtDimSync` over warps), so a
    conversion through shared memory needs a warp barrier, not a CTA one, between its phases."""
    if not src.has_in_dim(WARP):
        return True
    conversion = dst.invert_and_compose(src)
    free_src, free_dst = src.get_free_variable_masks(), dst.get_free_variable_masks()
    return (
        conversion.is_trivial_over([WARP])
        and free_src.get(WARP, 0) == 0
        and free_dst.get(WARP, 0) == 0
    )


def _bits_along(layout: LinearLayout, in_dim: str, axis: int) -> tuple[list[int], list[int]]:
    """Split the non-free bits of `in_dim` into those moving only along `axis` and the others.

    Raises `LayoutError` for a bit that moves along `axis` and another dimension at once (no
    shuffle or shared-memory scheme of the reduction handles that).
    """
    if not layout.has_in_dim(in_dim):
        return [], []
    free = layout.get_free_variable_masks()[in_dim]
    along, across = [], []
    for bit in range(layout.in_dim_size_log2(in_dim)):
        basis = layout.get_basis(in_dim, bit)
        assert isinstance(basis, tuple)
        if not any(basis) or free >> bit & 1:
            continue
        if basis[axis] == 0:
            across.append(bit)
        elif all(v == 0 for i, v in enumerate(basis) if i != axis):
            along.append(bit)
        else:
            raise LayoutError(
                f"{in_dim} bit {bit} moves along axis {axis} and another dimension at once"
            )
    return along, across


@dataclass(frozen=True)
class ReduceGeometry:
    """How a `tt.reduce` over `axis` of a tensor in `layout` splits into thread/warp/CTA steps."""

    layout: LinearLayout
    shape: tuple[int, ...]
    axis: int
    lane_bits: tuple[int, ...]
    """Lane bits moving along the axis (butterfly shuffles over `1 << bit`)."""
    warp_bits: tuple[int, ...]
    """Warp bits moving along the axis (the cross-warp step combines these)."""

    @staticmethod
    def of(tensor: TensorType, axis: int) -> ReduceGeometry:
        layout = tensor_layout(tensor)
        if layout.has_in_dim(BLOCK) and layout.in_dim_size(BLOCK) > 1:
            block_along, _ = _bits_along(layout, BLOCK, axis)
            if block_along:
                raise LayoutError("a reduction across CTAs is not supported")
        _bits_along(layout, REGISTER, axis)  # registers mixing the axis with another dim: raise
        lane_bits, _ = _bits_along(layout, LANE, axis)
        warp_bits, _ = _bits_along(layout, WARP, axis)
        return ReduceGeometry(layout, tuple(tensor.get_shape()), axis, tuple(lane_bits), tuple(warp_bits))

    @property
    def intra_warp_size(self) -> int:
        """Lanes with distinct data along the axis (Triton's `getIntraWarpSizeWithUniqueData`)."""
        return 1 << len(self.lane_bits)

    @property
    def inter_warp_size(self) -> int:
        """Warps with distinct data along the axis (`getInterWarpSizeWithUniqueData`)."""
        return 1 << len(self.warp_bits)

    @property
    def is_warp_synchronous(self) -> bool:
        """All data of one reduction lives in one warp: no shared memory is needed."""
        return not self.warp_bits

    @property
    def scratch_shape(self) -> tuple[int, ...]:
        """Triton's `getScratchRepShape`: the source shape with the axis cut to the warp count."""
        if self.is_warp_synchronous:
            return ()
        shape = list(self.shape)
        shape[self.axis] = self.inter_warp_size
        return tuple(shape)

    @property
    def scratch_order(self) -> tuple[int, ...]:
        """Dimension order of the scratch buffer, axis first (`getOrderWithAxisAtBeginning`)."""
        rest = [d for d in _layout_order(self.layout) if d != self.axis]
        return (self.axis, *rest)

    def scratch_elements(self) -> int:
        return prod(self.scratch_shape) if self.scratch_shape else 0

    def scratch_bytes(self, elements: Sequence[Attribute]) -> int:
        """Triton's `ReduceOpHelper::getScratchSizeInBytes` (operands packed one after another)."""
        return self.scratch_elements() * sum(memory_bytes(e) for e in elements)


def _layout_order(layout: LinearLayout) -> list[int]:
    """Tensor dimensions from fastest to slowest varying (Triton's `getOrder` via the layout):
    the dimension the first register (then lane, warp) bits move along comes first."""
    rank = layout.num_out_dims
    order: list[int] = []
    for in_dim in (REGISTER, LANE, WARP, BLOCK):
        if not layout.has_in_dim(in_dim):
            continue
        for bit in range(layout.in_dim_size_log2(in_dim)):
            basis = layout.get_basis(in_dim, bit)
            assert isinstance(basis, tuple)
            for d, v in enumerate(basis):
                if v and d not in order:
                    order.append(d)
    order += [d for d in range(rank - 1, -1, -1) if d not in order]
    return order


@dataclass(frozen=True)
class ScanGeometry:
    """`tt.scan` on a blocked layout (Triton's `ScanLoweringHelper`).

    As in Triton, the per-dimension counts are those of the source's linear layout with its
    broadcast registers removed (a `LinearEncodingAttr`'s `getContigPerThread`, `getThreadsPerWarp`
    and `getWarpsPerCTA`, broadcast bases skipped), so a tensor smaller than the blocked tile
    counts only the threads and warps holding distinct data.
    """

    encoding: BlockedEncodingAttr
    shape: tuple[int, ...]
    axis: int
    contig: tuple[int, ...]
    threads: tuple[int, ...]
    warps: tuple[int, ...]

    @staticmethod
    def of(tensor: TensorType, axis: int) -> ScanGeometry:
        encoding = tensor.encoding
        if not isinstance(encoding, BlockedEncodingAttr):
            raise LayoutError("a scan needs a #ttg.blocked source layout")
        layout = without_broadcast_registers(tensor_layout(tensor))
        return ScanGeometry(
            encoding,
            tuple(tensor.get_shape()),
            axis,
            contig_per_thread(layout),
            bases_per_dim(layout, LANE),
            bases_per_dim(layout, WARP),
        )

    @property
    def axis_warps_with_unique_data(self) -> int:
        return self.warps[self.axis]

    def _blocks(self, dim: int) -> int:
        tile = self.contig[dim] * self.threads[dim] * self.warps[dim]
        return -(-self.shape[dim] // tile)

    def scratch_elements(self) -> int:
        """Triton's `getScratchSizeInElems`."""
        non_axis_threads = prod(self.threads) // self.threads[self.axis]
        non_axis_contig = prod(self.contig) // self.contig[self.axis]
        non_axis_blocks = prod(self._blocks(d) for d in range(len(self.shape)) if d != self.axis)
        return prod(self.warps) * non_axis_threads * non_axis_contig * self._blocks(self.axis) * non_axis_blocks

    def scratch_bytes(self, elements: Sequence[Attribute]) -> int:
        """Triton's `ScanLoweringHelper::getScratchSizeInBytes` (0 when one warp holds the axis)."""
        if self.axis_warps_with_unique_data == 1:
            return 0
        return sum(memory_bytes(e) for e in elements) * self.scratch_elements()


class ConversionKind(enum.Enum):
    """What moving a tensor from one layout to another takes."""

    REGISTERS = "registers"
    """Only registers move within each thread."""
    WARP_SHUFFLE = "warp-shuffle"
    """Data moves between the lanes of each warp, never between warps."""
    SHARED_MEMORY = "shared-memory"
    """Data moves between warps (or CTAs): it goes through shared memory."""


def elements_per_cta(layout: LinearLayout) -> int:
    """Distinct elements one CTA holds (the tensor's size over the CTAs splitting it)."""
    if not layout.has_in_dim(BLOCK):
        return layout.total_out_dim_size
    split_bits = layout.in_dim_size_log2(BLOCK) - layout.get_free_variable_masks()[BLOCK].bit_count()
    return layout.total_out_dim_size >> split_bits


@lru_cache(maxsize=4096)
def conversion_kind(src: LinearLayout, dst: LinearLayout) -> ConversionKind:
    """Which of registers, warp shuffles or shared memory a conversion needs.

    Memoised: the layout passes ask it of the same few layout pairs for every candidate
    conversion (remove-layout-conversions' cost model, most of all), linear layouts are immutable
    values, and the answer composes and inverts them (milliseconds each)."""
    remaining = [d for d in minimal_conversion(src, dst).out_dims]
    if remaining in ([], [REGISTER]):
        return ConversionKind.REGISTERS
    if remaining == [REGISTER, LANE]:
        try:
            shuffles = mixed_transpositions(
                without_broadcast_registers(src), without_broadcast_registers(dst)
            )
        except LayoutError:
            return ConversionKind.SHARED_MEMORY
        if shuffles < 2:
            return ConversionKind.WARP_SHUFFLE
    return ConversionKind.SHARED_MEMORY


def shared_conversion(
    src: LinearLayout, dst: LinearLayout, element: Attribute, compute_capability: int | None
) -> SharedConversion:
    """The swizzled buffer and accesses of a conversion through shared memory."""
    return plan_shared_conversion(
        without_broadcast_registers(src),
        without_broadcast_registers(dst),
        conversion_bitwidth(element),
        compute_capability,
    )


def conversion_scratch_bytes(
    src: TensorType, dst: TensorType, compute_capability: int | None
) -> int:
    """Shared memory a `ttg.convert_layout` needs: one round of its swizzled buffer per CTA, or
    nothing when it stays in registers or warps."""
    src_layout, dst_layout = tensor_layout(src), tensor_layout(dst)
    if conversion_kind(src_layout, dst_layout) is not ConversionKind.SHARED_MEMORY:
        return 0
    plan = shared_conversion(src_layout, dst_layout, src.element_type, compute_capability)
    return plan.elements * conversion_bitwidth(src.element_type) // 8


def gather_is_warp_local(src: TensorType, indices: TensorType, axis: int) -> bool:
    """Triton's `GatherLoweringHelper::isWarpLocal`: every column along the gather axis, in the
    source and in the indices, lies within one warp, the same one for both, and the same lanes
    hold the same columns; then the gather needs shuffles only, no shared memory."""
    src_layout, idx_layout = tensor_layout(src), tensor_layout(indices)
    gather_dim = f"dim{axis}"
    other_dims = [f"dim{d}" for d in range(len(src.get_shape())) if d != axis]
    if not src_layout.sublayout_is_zero([BLOCK, WARP], [gather_dim]):
        return False
    if not idx_layout.sublayout_is_zero([BLOCK, WARP], [gather_dim]):
        return False
    if src_layout.sublayout([BLOCK, WARP], other_dims) != idx_layout.sublayout([BLOCK, WARP], other_dims):
        return False
    return src_layout.sublayout([LANE], other_dims) == idx_layout.sublayout([LANE], other_dims)


def gather_scratch_bytes(src: TensorType, indices: TensorType, axis: int) -> int:
    """Triton's `GatherLoweringHelper::getScratchSizeInBytes`: none for a warp-local gather, else
    the whole source tensor (sub-byte elements take a byte)."""
    if gather_is_warp_local(src, indices, axis):
        return 0
    return prod(src.get_shape()) * memory_bytes(src.element_type)
