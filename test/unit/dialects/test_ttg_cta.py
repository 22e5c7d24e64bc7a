"""Triton's `getShapePerCTA` (`ttc.layouts.cga.shape_per_cta`) and the CTA-layout readers of
`ttc.dialects.ttg.cta` (`getCTALayout`, `getCTASplitNum`, `getShapePerCTA(Type)`)."""

from __future__ import annotations

import pytest
from xdsl.dialects.builtin import TensorType, f16
from xdsl.ir import Attribute
from xdsl.parser import Parser

from ttc.dialects.context import make_context
from ttc.dialects.ttg.attrs import CTALayout
from ttc.dialects.ttg.cta import cta_layout_of, cta_split_num, shape_per_cta_of
from ttc.layouts.cga import shape_per_cta

CTA = "CTAsPerCGA = [2, 2], CTASplitNum = [2, 1], CTAOrder = [0, 1]"
BLOCKED = (
    "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], "
    f"order = [1, 0], {CTA}}}>"
)


def parse_attr(text: str) -> Attribute:
    return Parser(make_context(), text).parse_attribute()


@pytest.mark.parametrize(
    ("split", "shape", "expected"),
    [
        ((2, 4), (128, 64), (64, 16)),
        # Triton's `min()` clamp: a dimension smaller than its split keeps one element per CTA.
        ((4, 2), (2, 1), (1, 1)),
        ((8,), (4,), (1,)),
        # A split shorter than the shape gains leading ones (a pipelined buffer's stages) ...
        ((2, 2), (3, 64, 32), (3, 32, 16)),
        # ... and a longer one loses its leading entries (a slice of a memory descriptor).
        ((4, 2, 2), (64, 32), (32, 16)),
        ((), (), ()),
    ],
)
def test_shape_per_cta(split: tuple[int, ...], shape: tuple[int, ...], expected: tuple[int, ...]) -> None:
    assert shape_per_cta(split, shape) == expected


def test_cta_layout_of_encoding_and_default() -> None:
    blocked = parse_attr(BLOCKED)
    assert cta_layout_of(blocked, 2) == CTALayout((2, 2), (2, 1), (0, 1))
    assert cta_layout_of(None, 3) == CTALayout.default(3) == CTALayout((1, 1, 1), (1, 1, 1), (2, 1, 0))


@pytest.mark.parametrize(("dim", "expected"), [(0, CTALayout((2,), (1,), (0,))), (1, CTALayout((2,), (2,), (0,)))])
def test_cta_layout_of_slice_drops_its_dimension(dim: int, expected: CTALayout) -> None:
    sliced = parse_attr(f"#ttg.slice<{{dim = {dim}, parent = {BLOCKED}}}>")
    assert cta_layout_of(sliced, 1) == expected


def test_cta_layout_of_dot_operand_is_its_parents() -> None:
    mma = (
        "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], "
        f"{CTA}, instrShape = [16, 8]}}>"
    )
    operand = parse_attr(f"#ttg.dot_op<{{opIdx = 0, parent = {mma}, kWidth = 2}}>")
    assert cta_layout_of(operand, 2) == CTALayout((2, 2), (2, 1), (0, 1))


def test_shape_per_cta_of_a_tensor_type() -> None:
    assert shape_per_cta_of(TensorType(f16, [1, 64], parse_attr(BLOCKED))) == (1, 64)
    assert shape_per_cta_of(TensorType(f16, [128, 64], parse_attr(BLOCKED))) == (64, 64)
    assert shape_per_cta_of(TensorType(f16, [128, 64])) == (128, 64)


def test_cta_split_num_of_tensor_memory() -> None:
    tmem = parse_attr("#ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 1, CGALayout = [[1, 0]]>")
    assert cta_split_num(tmem, 2) == (2, 1)
