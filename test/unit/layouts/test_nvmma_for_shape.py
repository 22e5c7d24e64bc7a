"""The `#ttg.nvmma_shared` Triton picks for a tensor shape and order (its shape-based builder)."""

from __future__ import annotations

import pytest

from ttc.dialects.ttg.attrs import CTALayout, NVMMASharedEncodingAttr
from ttc.layouts.shared import nvmma_swizzle_bytes


@pytest.mark.parametrize(
    ("per_cta", "bits", "expected"),
    [
        ((128, 64), 16, 128),  # 128-byte rows
        ((64, 32), 16, 64),  # 64-byte rows
        ((64, 16), 16, 32),  # 32-byte rows
        ((64, 8), 16, 0),  # 16-byte rows: no swizzle
        ((64, 48), 16, 32),  # 96 bytes: the widest width dividing it
        ((4, 128), 16, 0),  # fewer than 8 rows
        ((2, 4, 64), 16, 128),  # the outer dimensions together make 8 rows
        ((64,), 32, 0),  # rank 1
    ],
)
def test_swizzle_width_follows_the_contiguous_bytes(per_cta, bits, expected) -> None:
    order = tuple(range(len(per_cta) - 1, -1, -1))
    assert nvmma_swizzle_bytes(per_cta, order, bits, False) == expected


def test_fp4_padding_doubles_the_row() -> None:
    assert nvmma_swizzle_bytes((64, 32), (1, 0), 8, False) == 32
    assert nvmma_swizzle_bytes((64, 32), (1, 0), 8, True) == 64


def test_column_major_order_is_transposed() -> None:
    attr = NVMMASharedEncodingAttr.for_shape((64, 128), (0, 1), CTALayout.default(2), 16)
    assert attr.is_transposed and attr.swizzling_byte_width.data == 128


def test_the_width_is_chosen_per_cta() -> None:
    split = CTALayout((1, 2), (1, 2), (1, 0))
    attr = NVMMASharedEncodingAttr.for_shape((64, 128), (1, 0), split, 16)
    assert attr.swizzling_byte_width.data == 128 and attr.cta_layout == split
    halved = NVMMASharedEncodingAttr.for_shape((64, 64), (1, 0), split, 16)
    assert halved.swizzling_byte_width.data == 64
