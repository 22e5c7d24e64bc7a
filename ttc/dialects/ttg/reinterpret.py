"""`ttg.memdesc_reinterpret`: the bytes of a shared-memory buffer viewed with another type.

Mirrors `TTG_MemDescReinterpretOp` of Triton's `TritonGPUOps.td` and its verifier in
`lib/Dialect/TritonGPU/IR/Ops.cpp`. The result may change the shape, element type and encoding,
but must stay within the bytes the source owns:

- same memory space and mutability; the result is a whole buffer, not a subview;
- a source subview must not be sliced across CTAs (a `block` basis beyond its shape);
- the result's footprint (the `offset` size of its layout times the element bytes, times its
  pipeline stages) fits in the source's;
- reinterpreting a subview, the result fits in the offsets the subview owns contiguously from its
  start (offsets no logical element maps to count as owned).

- padded layouts: both sides padded with the same byte pattern, and the source no subview;
  partitioned layouts are not reinterpreted.

The footprints come from the encodings' linear layouts (Triton's `toLinearLayoutIgnoringPadding`);
In tensor memory the footprints count 32-bit `col`umns instead of bytes, and the result may use
neither more rows than the source view nor rows of the allocation the source subview leaves out.
"""

from __future__ import annotations

from math import prod
from typing import TYPE_CHECKING

from xdsl.irdl import (
    IRDLOperation,
    operand_def,
    result_def,
    traits_def,
)
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt.types import bit_width
from ttc.dialects.ttg.attrs import ints
from ttc.dialects.ttg.ops import MemDescType, layout_dims, memdesc_layout
from ttc.dialects.ttg.shared_attrs import (
    PaddedSharedEncodingAttr,
    PartitionedSharedEncodingAttr,
)
from ttc.dialects.ttng.attrs import (
    TensorMemoryEncodingAttr,
    TensorMemoryScalesEncodingAttr,
    TensorMemorySpaceAttr,
)
from ttc.dialects.ttng.tmem import tmem_layout, tmem_rows
from ttc.ir.op_definition import op_definition
from ttc.layouts.tmem import nonzero_basis_mask

if TYPE_CHECKING:
    from ttc.layouts.linear import LinearLayout


def _is_subview(memdesc: MemDescType) -> bool:
    """The layout-ranked part of the shape differs from the allocation's."""
    return layout_dims(memdesc.get_shape(), memdesc.encoding) != layout_dims(
        memdesc.get_alloc_shape(), memdesc.encoding
    )


def _contiguous_from_zero(vectors: list[int], size: int) -> int:
    """The largest power of two `n` such that offsets `0..n-1` all lie in span(`vectors`) (Triton's
    `contiguousElemsAlongOutputDim`), at most `size`."""
    from ttc.layouts.swizzling import rank

    spanned = rank(vectors)
    bit = 1
    while bit < size:
        if rank([*vectors, bit]) != spanned:
            return bit
        bit <<= 1
    return size


@op_definition
class MemDescReinterpretOp(IRDLOperation):
    """`ttg.memdesc_reinterpret %m : !ttg.memdesc<A> -> !ttg.memdesc<B>`."""

    name = "ttg.memdesc_reinterpret"

    src = operand_def(MemDescType)
    result = result_def(MemDescType)

    traits = traits_def(Pure())
    assembly_format = "$src attr-dict `:` type($src) `->` type($result)"

    def verify_(self) -> None:
        src, dst = self.src.type, self.result.type
        assert isinstance(src, MemDescType) and isinstance(dst, MemDescType)
        _check_padding(src, dst)
        if src.memory_space != dst.memory_space:
            raise VerifyException("source and result must have the same memory space")
        if src.is_mutable != dst.is_mutable:
            raise VerifyException("source and result must have the same mutability")
        if _is_subview(dst):
            raise VerifyException("result must not be a subview")
        tmem = isinstance(src.memory_space, TensorMemorySpaceAttr)
        src_layout, dst_layout = _allocation_layout(src), _allocation_layout(dst)
        if src_layout is None or dst_layout is None:
            return
        src_shape = layout_dims(src.get_shape(), src.encoding)
        for basis in src_layout.bases.get("block", []):
            if any(component >= size for component, size in zip(basis, src_shape)):
                raise VerifyException("cannot reinterpret a source subview sliced across CTAs")
        if tmem:
            _check_tmem_rows(src, dst, src_layout, dst_layout)
        address, unit_bits = ("col", 32) if tmem else ("offset", 8)
        space, units = ("tensor-memory column", "columns") if tmem else ("shared-memory", "bytes")
        src_bits, dst_bits = bit_width(src.element_type), bit_width(dst.element_type)
        src_addresses = src_layout.in_dim_size(address)
        src_stride = -(-src_addresses * src_bits // unit_bits)
        dst_stride = -(-dst_layout.in_dim_size(address) * dst_bits // unit_bits)
        dst_shape = layout_dims(dst.get_shape(), dst.encoding)
        src_stages = prod(src.get_shape()[: len(src.get_shape()) - len(src_shape)])
        dst_stages = prod(dst.get_shape()[: len(dst.get_shape()) - len(dst_shape)])
        requested, available = dst_stride * dst_stages, src_stride * src_stages
        if requested > available:
            raise VerifyException(
                f"result {space} footprint ({requested} {units}) exceeds the source view "
                f"({available} {units})"
            )
        if not _is_subview(src):
            return
        owned = _owned_offsets(src_layout, src_shape, address)
        contiguous = _contiguous_from_zero(owned, src_addresses)
        contiguous_units = -(-contiguous * src_bits // unit_bits)
        if contiguous == src_addresses:
            contiguous_units = available
        if requested > contiguous_units:
            kind = "columns" if tmem else "offsets"
            raise VerifyException(
                f"result {space} footprint includes {kind} not owned by the source subview "
                f"({requested} {units} requested; {contiguous_units} contiguous {units} "
                "available)"
            )


def _allocation_layout(memdesc: MemDescType) -> LinearLayout | None:
    """The layout of the whole allocation, padding aside (`toLinearLayoutIgnoringPadding`)."""
    encoding = memdesc.encoding
    if isinstance(encoding, TensorMemoryEncodingAttr | TensorMemoryScalesEncodingAttr):
        return encoding.to_linear_layout(layout_dims(memdesc.get_alloc_shape(), encoding))
    return memdesc_layout(memdesc)


def _check_tmem_rows(
    src: MemDescType, dst: MemDescType, src_layout: LinearLayout, dst_layout: LinearLayout
) -> None:
    """The result uses no more TMEM rows than the source (`getTmemAllocSizes`), and none of the
    allocation's rows the source subview leaves out."""
    src_rows, dst_rows = tmem_rows(src), tmem_rows(dst)
    if dst_rows > src_rows:
        raise VerifyException(
            f"result tensor-memory row footprint ({dst_rows}) exceeds the source view "
            f"({src_rows})"
        )
    hidden = nonzero_basis_mask(src_layout, "row") & ~nonzero_basis_mask(tmem_layout(src), "row")
    if nonzero_basis_mask(dst_layout, "row") & hidden:
        raise VerifyException("result accesses tensor-memory rows outside the source subview")


def _pad_pattern(memdesc: MemDescType) -> dict[int, int]:
    """A padded layout's (interval -> padding) in bytes, the first padding of an interval kept."""
    encoding = memdesc.encoding
    assert isinstance(encoding, PaddedSharedEncodingAttr)
    size = bit_width(memdesc.element_type) // 8
    pattern: dict[int, int] = {}
    for interval, padding in zip(ints(encoding.intervals), ints(encoding.paddings)):
        pattern.setdefault(interval * size, padding * size)
    return pattern


def _check_padding(src: MemDescType, dst: MemDescType) -> None:
    """Padded layouts leave holes: both sides padded alike, or neither; no padded subview."""
    if isinstance(src.encoding, PartitionedSharedEncodingAttr) or isinstance(
        dst.encoding, PartitionedSharedEncodingAttr
    ):
        raise VerifyException("cannot reinterpret partitioned shared layouts")
    padded = isinstance(src.encoding, PaddedSharedEncodingAttr)
    if padded != isinstance(dst.encoding, PaddedSharedEncodingAttr):
        raise VerifyException("cannot reinterpret between padded and non-padded layouts")
    if not padded:
        return
    if _is_subview(src):
        raise VerifyException("cannot reinterpret a padded source subview")
    if list(_pad_pattern(src).items()) != list(_pad_pattern(dst).items()):
        raise VerifyException("cannot reinterpret with different padding pattern")


def _owned_offsets(layout: LinearLayout, shape: tuple[int, ...], address: str) -> list[int]:
    """The addresses (`offset`s, or TMEM `col`umns) spanning what a subview of `shape` owns: those
    of its elements, and those no element of the allocation maps to (holes the allocation owns
    anyway)."""
    logical = [dim for dim in layout.out_dims if dim != "block"]
    inverse = layout.pseudo_invert()
    offset = inverse.out_dims.index(address)
    owned = [
        basis[offset]
        for dim, size in zip(logical, shape)
        for basis in inverse.bases[dim][: size.bit_length() - 1]
    ]
    logical_index = [layout.out_dims.index(dim) for dim in logical]
    for bit, basis in enumerate(layout.bases[address]):
        if not any(basis[i] for i in logical_index):
            owned.append(1 << bit)
    return owned


REINTERPRET_OPS: tuple[type[IRDLOperation], ...] = (MemDescReinterpretOp,)
"""The ops of this module, for the `ttg` dialect."""
