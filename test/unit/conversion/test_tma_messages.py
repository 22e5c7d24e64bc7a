"""How TMA copies split a shared buffer into boxes: the message count, each box's origin in
tensor coordinates and its offset in the NVMMA-swizzled buffer (boxes are stored one after the
other, so box i starts i box sizes in)."""

from __future__ import annotations

from math import prod

import pytest
from xdsl.dialects.builtin import Float16Type, Float32Type, IntegerType

from ttc.conversion.tritongpu_to_llvm.tma import tma_messages
from ttc.dialects.ttg.attrs import (
    CTALayout,
    NVMMASharedEncodingAttr,
    SwizzledSharedEncodingAttr,
)
from ttc.dialects.ttg.ops import MemDescType
from ttc.layouts.linear import LayoutError

F16, F32 = Float16Type(), Float32Type()


def _messages(shape, element, swizzle, bits, *, transposed=False, fp4=False, alloc=None):
    cta = CTALayout.default(len(shape))
    encoding = NVMMASharedEncodingAttr.make(swizzle, transposed, bits, fp4, cta)
    return tma_messages(MemDescType.make(shape, element, encoding, mutable=True, alloc_shape=alloc))


def _origins(messages):
    return [tuple(messages.to_coords.apply({"msg": i}).values()) for i in range(messages.count)]


def _offsets(messages):
    return [messages.to_offset.apply({"msg": i})["offset"] for i in range(messages.count)]


@pytest.mark.parametrize(
    ("shape", "element", "swizzle", "bits", "box", "origins"),
    [
        # the box is the swizzle width wide: 64 f16 for 128 bytes
        ((128, 64), F16, 128, 16, (128, 64), [(0, 0)]),
        ((64, 128), F16, 128, 16, (64, 64), [(0, 0), (0, 64)]),
        # 32 f32 for 128 bytes, eight boxes along the columns
        ((32, 256), F32, 128, 32, (32, 32), [(0, 32 * i) for i in range(8)]),
        # at most 256 rows per box; boxes count along dim0 first
        ((512, 64), F16, 64, 16, (256, 32), [(0, 0), (256, 0), (0, 32), (256, 32)]),
        # 3-D: 2x16x32 boxes of a 64-byte swizzle
        ((2, 16, 64), F16, 64, 16, (2, 16, 32), [(0, 0, 0), (0, 0, 32)]),
    ],
)
def test_boxes(shape, element, swizzle, bits, box, origins) -> None:
    messages = _messages(shape, element, swizzle, bits)
    assert messages.count == len(origins)
    assert _origins(messages) == origins
    assert _offsets(messages) == [i * prod(box) for i in range(messages.count)]


def test_view_of_a_larger_allocation() -> None:
    """A buffer of a multi-buffered allocation: offsets are those of its own allocation shape."""
    messages = _messages((64, 128), F16, 128, 16, alloc=(3, 64, 128))
    assert _offsets(messages) == [0, 4096]


def test_fp4_padded_coordinates_count_elements() -> None:
    """An fp4-padded buffer holds two 4-bit values per byte, each 64-byte row half padding: the
    global coordinates of its boxes count unpacked elements, and a 64x64 box takes 64x128 bytes."""
    messages = _messages((64, 128), IntegerType(8), 128, 8, fp4=True)
    assert messages.count == 2
    assert _origins(messages) == [(0, 0), (0, 128)]
    assert _offsets(messages) == [0, 64 * 128]


def test_needs_an_nvmma_buffer() -> None:
    encoding = SwizzledSharedEncodingAttr.make(1, 1, 1, [1, 0])
    with pytest.raises(LayoutError, match="nvmma_shared"):
        tma_messages(MemDescType.make((16, 16), F16, encoding, mutable=True))
