"""Shared-memory access plans simulated thread by thread: every register must read the buffer
offset the shared layout assigns to its element, for plain vector accesses and for ldmatrix."""

from __future__ import annotations

import pytest

from ttc.conversion.tritongpu_to_llvm.shared_transfer import (
    RegisterOffsets,
    compose_register,
    plan_ldmatrix,
    plan_vectors,
)
from ttc.layouts.blocked import blocked_to_linear
from ttc.layouts.mma import nvidia_dot_operand_to_linear
from ttc.layouts.shared import swizzled_shared_to_linear

CGA = ((1, 1), (1, 1), (1, 0))


def _xor(images, value: int) -> int:
    out = 0
    for i, image in enumerate(images):
        if value >> i & 1:
            out ^= image
    return out


def _expected(layout, shared_inverse, reg: int, lane: int, warp: int) -> int:
    coords = layout.apply({"register": reg, "lane": lane, "warp": warp, "block": 0})
    return shared_inverse.apply(coords)["offset"]


def _setup(layout, shape, vec, per_phase, max_phase):
    shared = swizzled_shared_to_linear(shape, vec, per_phase, max_phase, (1, 0), CGA)
    inverse = shared.pseudo_invert()
    return RegisterOffsets.of(layout, inverse.sublayout(["dim0", "dim1"], ["offset"])), inverse


def _dot_a(shape):
    return nvidia_dot_operand_to_linear(shape, 0, 2, 2, (2, 2), CGA)


def _dot_b(shape):
    return nvidia_dot_operand_to_linear(shape, 1, 2, 2, (2, 2), CGA)


@pytest.mark.parametrize(
    ("layout", "shape", "swizzle", "vec"),
    [
        (blocked_to_linear([64, 32], [1, 8], [8, 4], [4, 1], [1, 0]), (64, 32), (8, 2, 4), 8),
        (blocked_to_linear([32, 64], [1, 8], [4, 8], [4, 1], [1, 0]), (32, 64), (8, 1, 8), 8),
        (_dot_a((64, 32)), (64, 32), (8, 2, 4), 2),
        (blocked_to_linear([64, 32], [1, 8], [8, 4], [4, 1], [1, 0]), (64, 32), (4, 1, 8), 4),
    ],
)
def test_vector_plan_reads_each_register_from_its_offset(layout, shape, swizzle, vec) -> None:
    offsets, inverse = _setup(layout, shape, *swizzle)
    plan = plan_vectors(offsets, 0, 8, allow_permutation=True)
    assert 1 << len(plan.inner) == vec
    for lane in range(32):
        for warp in range(4):
            thread = _xor(offsets.lane, lane) ^ _xor(offsets.warp, warp)
            for outer in range(1 << len(plan.outer)):
                bits = [outer >> i & 1 for i in range(len(plan.outer))]
                start = thread ^ _xor([offsets.reg[b] for b in plan.outer], outer)
                for e in range(vec):
                    reg = compose_register(plan.outer, bits) | compose_register(
                        plan.inner, [e >> i & 1 for i in range(len(plan.inner))]
                    )
                    original = offsets.registers[reg]
                    assert start + e == _expected(layout, inverse, original, lane, warp)


@pytest.mark.parametrize(
    ("layout", "shape", "swizzle", "transpose"),
    [
        (_dot_a((64, 32)), (64, 32), (8, 2, 4), False),
        (_dot_b((32, 64)), (32, 64), (8, 1, 8), True),
        (_dot_a((128, 64)), (128, 64), (8, 1, 8), False),
    ],
)
def test_ldmatrix_plan_matches_the_hardware_distribution(layout, shape, swizzle, transpose) -> None:
    offsets, inverse = _setup(layout, shape, *swizzle)
    plans = [plan_ldmatrix(offsets, 0, 16, t) for t in (False, True)]
    plan = next(p for p in plans if p is not None)
    assert plan.transpose is transpose
    rows = [offsets.reg[i] for i in plan.row_regs] + list(
        offsets.lane[:2] if transpose else offsets.lane[2:]
    )
    lane_images = rows + [offsets.reg[i] for i in plan.matrices]
    word = plan.row_regs if transpose else plan.word
    for warp in range(4):
        for outer in range(1 << len(plan.outer)):
            constant = _xor([offsets.reg[b] for b in plan.outer], outer)
            # The row address each lane supplies (hardware: lane 8j + r gives row r of matrix j).
            address = [_xor(lane_images, lane) ^ _xor(offsets.warp, warp) ^ constant for lane in range(32)]
            for lane in range(32):
                for j in range(1 << len(plan.matrices)):
                    for e in range(2):
                        if transpose:
                            element = address[8 * j + 2 * (lane % 4) + e] + lane // 4
                        else:
                            element = address[8 * j + lane // 4] + 2 * (lane % 4) + e
                        reg = (
                            compose_register(plan.outer, [outer >> i & 1 for i in range(len(plan.outer))])
                            | compose_register(plan.matrices, [j >> i & 1 for i in range(len(plan.matrices))])
                            | compose_register(word, [e])
                        )
                        assert element == _expected(layout, inverse, offsets.registers[reg], lane, warp)


def test_ldmatrix_needs_sixteen_contiguous_bytes() -> None:
    layout = blocked_to_linear([64, 32], [1, 8], [8, 4], [4, 1], [1, 0])
    offsets, _ = _setup(layout, (64, 32), 8, 2, 4)
    assert plan_ldmatrix(offsets, 0, 16, False) is None
    assert plan_ldmatrix(offsets, 0, 16, True) is None
