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
Triton's tensor-memory branch needs `#ttng.tensor_memory_encoding`, which ttc does not have yet.
"""

from __future__ import annotations

from math import prod
from typing import TYPE_CHECKING

from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    result_def,
    traits_def,
)
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt_types import bit_width
from ttc.dialects.ttg import MemDescType, layout_dims, memdesc_layout
from ttc.dialects.ttg_attrs import ints
from ttc.dialects.ttg_shared_attrs import (
    PaddedSharedEncodingAttr,
    PartitionedSharedEncodingAttr,
)

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


@irdl_op_definition
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
        src_layout, dst_layout = memdesc_layout(src), memdesc_layout(dst)
        if src_layout is None or dst_layout is None:
            return
        src_shape = layout_dims(src.get_shape(), src.encoding)
        for basis in src_layout.bases.get("block", []):
            if any(component >= size for component, size in zip(basis, src_shape)):
                raise VerifyException("cannot reinterpret a source subview sliced across CTAs")
        src_bits, dst_bits = bit_width(src.element_type), bit_width(dst.element_type)
        src_offsets = src_layout.in_dim_size("offset")
        src_stride = -(-src_offsets * src_bits // 8)
        dst_stride = -(-dst_layout.in_dim_size("offset") * dst_bits // 8)
        dst_shape = layout_dims(dst.get_shape(), dst.encoding)
        src_stages = prod(src.get_shape()[: len(src.get_shape()) - len(src_shape)])
        dst_stages = prod(dst.get_shape()[: len(dst.get_shape()) - len(dst_shape)])
        requested, available = dst_stride * dst_stages, src_stride * src_stages
        if requested > available:
            raise VerifyException(
                f"result shared-memory footprint ({requested} bytes) exceeds the source view "
                f"({available} bytes)"
            )
        if not _is_subview(src):
            return
        owned = _owned_offsets(src_layout, src_shape)
        contiguous = _contiguous_from_zero(owned, src_offsets)
        units = -(-contiguous * src_bits // 8)
        if contiguous == src_offsets:
            units = available
        if requested > units:
            raise VerifyException(
                "result shared-memory footprint includes offsets not owned by the source subview "
                f"({requested} bytes requested; {units} contiguous bytes available)"
            )


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


def _owned_offsets(layout: LinearLayout, shape: tuple[int, ...]) -> list[int]:
    """The offsets spanning what a subview of `shape` owns: those of its elements, and those no
    element of the allocation maps to (holes the allocation owns anyway)."""
    logical = [dim for dim in layout.out_dims if dim != "block"]
    inverse = layout.pseudo_invert()
    offset = inverse.out_dims.index("offset")
    owned = [
        basis[offset]
        for dim, size in zip(logical, shape)
        for basis in inverse.bases[dim][: size.bit_length() - 1]
    ]
    logical_index = [layout.out_dims.index(dim) for dim in logical]
    for bit, basis in enumerate(layout.bases["offset"]):
        if not any(basis[i] for i in logical_index):
            owned.append(1 << bit)
    return owned


REINTERPRET_OPS: tuple[type[IRDLOperation], ...] = (MemDescReinterpretOp,)
"""The ops of this module, for the `ttg` dialect."""
