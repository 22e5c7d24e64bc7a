"""The wgmma (MMA v3) layout choices: instruction shapes, and the NVMMA shared buffers a reshape
can be moved into."""

from __future__ import annotations

import pytest
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float8E4M3FNType,
    Float16Type,
    Float32Type,
    Float64Type,
    i8,
)

from ttc.dialects.ttg.attrs import CTALayout, NVMMASharedEncodingAttr
from ttc.dialects.ttg.layout_inference import infer_memdesc_reshape_nvmma
from ttc.transforms.mma_v3_layout import mma_v3_instr_shape


@pytest.mark.parametrize(
    ("shape", "element", "warps", "expected"),
    [
        ((128, 128), Float16Type(), 4, (16, 128, 16)),
        ((128, 256), BFloat16Type(), 8, (16, 256, 16)),
        ((64, 128), Float16Type(), 8, (16, 64, 16)),  # two warp groups split N
        ((64, 512), Float16Type(), 4, (16, 256, 16)),  # at most 256
        ((64, 64), Float32Type(), 4, (16, 64, 8)),  # tf32: K = 8
        ((64, 64), Float8E4M3FNType(), 4, (16, 64, 32)),
        ((64, 256), i8, 4, (16, 128, 32)),  # i8 widths stop at 224
        ((64, 32), Float16Type(), 32, (16, 8, 16)),  # more warps than tiles: at least 8
    ],
)
def test_instr_shape(shape: tuple[int, int], element: object, warps: int, expected: tuple[int, int, int]) -> None:
    assert mma_v3_instr_shape(shape, element, warps) == expected  # pyright: ignore[reportArgumentType]


@pytest.mark.parametrize("m", [64, 128, 256])
@pytest.mark.parametrize("n", [8, 16, 32, 64, 128, 256, 512])
@pytest.mark.parametrize("warps", [4, 8, 16])
def test_instr_shape_tiles_n(m: int, n: int, warps: int) -> None:
    """n divides N, is a wgmma width, and fits the N one warp group covers."""
    _, width, k = mma_v3_instr_shape((m, n), Float16Type(), warps)
    groups_along_n = max(warps // (m // 16), 1)
    assert n % width == 0 and width % 8 == 0 and width <= 256 and k == 16
    assert width <= max(n // groups_along_n, 8)


def test_instr_shape_rejects_other_types() -> None:
    with pytest.raises(ValueError, match="no wgmma instruction shape"):
        mma_v3_instr_shape((64, 64), Float64Type(), 4)


def test_reshape_keeps_nvmma_when_rows_merge() -> None:
    """A 32x1x4x64 buffer seen as 128x64 keeps its 64-element rows and their swizzle."""
    flat = NVMMASharedEncodingAttr.make(64, False, 16)
    inner = infer_memdesc_reshape_nvmma((128, 64), flat, (32, 1, 4, 64))
    assert inner == NVMMASharedEncodingAttr.make(64, False, 16, cta_layout=CTALayout.default(4))


def test_reshape_of_the_contiguous_dimension_is_not_nvmma() -> None:
    flat = NVMMASharedEncodingAttr.make(128, False, 16)
    assert infer_memdesc_reshape_nvmma((64, 128), flat, (128, 64)) is None
