"""The pieces of `tritongpu-accelerate-matmul`'s scaled-dot decomposition (Triton's
`DecomposeScaledBlocked`): the compute type, the e8m0 scale as a power of two, the unpacked e2m1
layout, and NaN splats."""

from __future__ import annotations

import math

import pytest
from xdsl.dialects.builtin import BFloat16Type, DenseIntOrFPElementsAttr, Float16Type, Float32Type, TensorType

from ttc.dialects.tt.types import ScaleDotElemType
from ttc.dialects.ttg.attrs import BlockedEncodingAttr, LinearEncodingAttr
from ttc.dialects.ttg.layout_inference import infer_fp4_to_fp_encoding
from ttc.ir.literals import bits_to_float, dense_is_splat
from ttc.transforms.decompose_scaled_dot import NAN_BITS, compute_type, scale_shift

E = ScaleDotElemType


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (E.E2M1, E.BF16, BFloat16Type),
        (E.E4M3, E.E5M2, BFloat16Type),
        (E.FP16, E.E2M1, Float16Type),
        (E.E5M2, E.FP16, Float16Type),
    ],
)
def test_compute_type_is_f16_only_with_an_fp16_operand(a: E, b: E, expected: type) -> None:
    assert isinstance(compute_type(a, b), expected)


@pytest.mark.parametrize("compute", [BFloat16Type(), Float16Type()])
def test_a_shifted_e8m0_byte_is_its_power_of_two(compute: BFloat16Type | Float16Type) -> None:
    shift, wide = scale_shift(compute)
    assert isinstance(wide, BFloat16Type | Float32Type)
    for exponent in range(1, 255):
        value = bits_to_float(exponent << shift, wide)
        assert value == 2.0 ** (exponent - 127)
    # 0xFF lands on an infinity or NaN pattern; the decomposition masks it to NaN separately.
    assert not math.isfinite(bits_to_float(0xFF << shift, wide))


def test_nan_bits_are_quiet_nans() -> None:
    for element_class, bits in NAN_BITS.items():
        assert math.isnan(bits_to_float(bits, element_class()))


def test_a_nan_splat_is_a_splat() -> None:
    type_ = TensorType(BFloat16Type(), [4, 4])
    nan = DenseIntOrFPElementsAttr.from_list(type_, [bits_to_float(0x7FC0, BFloat16Type())])  # pyright: ignore[reportArgumentType]
    assert dense_is_splat(nan)
    mixed = DenseIntOrFPElementsAttr.from_list(type_, [1.0] * 15 + [2.0])  # pyright: ignore[reportArgumentType]
    assert not dense_is_splat(mixed)


def test_unpacked_layout_asks_for_the_order_over_the_result_shape() -> None:
    # 64x32 bytes, one per thread along K with 32 lanes: over the source shape the registers
    # step along M (the order puts M first), over the 64x64 result they step along K first, so
    # the builder (which asks with the result's shape) keeps a blocked layout with two
    # elements per thread along K.
    source = BlockedEncodingAttr.make([1, 1], [1, 32], [4, 1], [1, 0])
    over_source = infer_fp4_to_fp_encoding(source, (64, 32), 1, forward=True)
    assert isinstance(over_source, LinearEncodingAttr)
    over_result = infer_fp4_to_fp_encoding(source, (64, 32), 1, forward=True, order_shape=(64, 64))
    assert over_result == BlockedEncodingAttr.make([1, 2], [1, 32], [4, 1], [1, 0])
