"""The swizzled buffer of a layout conversion (`ttc.layouts.swizzling`): F2 helpers, the vector
each side moves, bank conflicts counted lane by lane, and the rounds that size the scratch."""

from __future__ import annotations

import pytest

from ttc.conversion.tritongpu_to_llvm.shared_transfer import RegisterOffsets, plan_vectors
from ttc.layouts.blocked import blocked_to_linear
from ttc.layouts.linear import LinearLayout
from ttc.layouts.mma import nvidia_mma_to_linear
from ttc.layouts.swizzling import (
    FlatLayout,
    Instruction,
    SideAccess,
    complement,
    compute_segment,
    intersection,
    nullspace,
    optimal_swizzling_ld_st,
    plan_shared_conversion,
    reduced_echelon,
    vector_basis_ld_st,
    without_broadcast_registers,
)

CGA = ((1, 1), (1, 1), (1, 0))


def _blocked(shape, spt, tpw, wpc, order) -> LinearLayout:
    return blocked_to_linear(shape, spt, tpw, wpc, order)


def _span(vectors) -> set[int]:
    span = {0}
    for v in vectors:
        span |= {s ^ v for s in span}
    return span


def test_nullspace_is_orthogonal_and_complete() -> None:
    vectors = [0b1011, 0b0110, 0b1101]
    basis = nullspace(vectors, 4)
    assert len(basis) + len(reduced_echelon(vectors)) == 4
    for x in basis:
        for v in vectors:
            assert bin(x & v).count("1") % 2 == 0


def test_complement_completes_a_basis() -> None:
    vectors = [0b0011, 0b0101]
    extra = complement(vectors, 4)
    assert all(bin(e).count("1") == 1 for e in extra)
    assert len(_span(vectors + extra)) == 16


def test_intersection_of_unit_vectors_keeps_the_first_order_and_of_others_spans() -> None:
    assert intersection([8, 1, 4], [4, 8, 2], 4) == [8, 4]
    common = intersection([0b011, 0b100], [0b111, 0b001], 3)
    assert _span(common) == _span([0b011, 0b100]) & _span([0b111, 0b001])


def test_segment_pairs_the_lanes_only_one_side_uses() -> None:
    # Store lanes walk bits 0-1, load lanes bits 2-3; bit 4 is free.
    segment = compute_segment([1, 2], [4, 8], [], 5, 3)
    assert segment == [16, 1 ^ 4, 2 ^ 8]


def _banks_per_access(side: SideAccess, bits: int, registers: int, warp: int = 0) -> int:
    """The most wavefronts one access instruction of `side` needs: conflict-free, one per 128
    bytes the warp moves (1 for 32-bit accesses, 4 for 128-bit ones)."""
    offsets = RegisterOffsets(side.reg, side.lane, side.warp, tuple(range(registers)))
    plan = plan_vectors(offsets, 0, 128 // bits, allow_permutation=True)
    access_bytes = (1 << len(plan.inner)) * bits // 8
    lanes_per_phase = 32 if access_bytes <= 4 else 128 // access_bytes
    worst = 0
    for outer in range(1 << len(plan.outer)):
        reg_offset = 0
        for k, bit in enumerate(plan.outer):
            if outer >> k & 1:
                reg_offset ^= side.reg[bit]
        wavefronts = 0
        for phase in range(0, 32, lanes_per_phase):
            words: dict[int, set[int]] = {}
            for lane in range(phase, phase + lanes_per_phase):
                offset = reg_offset
                for k, image in enumerate(side.lane):
                    if lane >> k & 1:
                        offset ^= image
                for k, image in enumerate(side.warp):
                    if warp >> k & 1:
                        offset ^= image
                first = offset * bits // 8 // 4
                for word in range(first, first + max(access_bytes // 4, 1)):
                    words.setdefault(word % 32, set()).add(word)
            wavefronts += max(len(w) for w in words.values())
        worst = max(worst, wavefronts)
    return worst


TRANSPOSE = (
    _blocked((64, 64), (4, 1), (16, 2), (1, 4), (0, 1)),
    _blocked((64, 64), (1, 4), (2, 16), (4, 1), (1, 0)),
)


@pytest.mark.parametrize("bits", [32, 16, 8])
def test_transpose_is_bank_conflict_free_both_ways(bits: int) -> None:
    src, dst = TRANSPOSE
    plan = plan_shared_conversion(src, dst, bits, None)
    assert plan.swizzle.smem.rounds == 1 and plan.elements == 64 * 64
    for side in (plan.store, plan.load):
        assert _banks_per_access(side, bits, 1 << len(side.reg)) == 1


def test_half_precision_transpose_reads_with_ldmatrix_trans() -> None:
    src, dst = TRANSPOSE
    plan = plan_shared_conversion(src, dst, 16, 80)
    assert plan.swizzle.store is Instruction.SHARED and plan.swizzle.load is Instruction.MATRIX_TRANS
    assert len(plan.swizzle.smem.vector) == 3  # 128-bit stores: four phases of 8 lanes
    assert _banks_per_access(plan.store, 16, 32) == 4


def test_an_unswizzled_row_major_buffer_would_conflict() -> None:
    # What ttc did before: the source's 16 lanes along dim0 of a 64-wide row-major buffer all
    # fall in one bank.
    src, _ = TRANSPOSE
    flat = FlatLayout.of(src)
    row_major = SideAccess(
        tuple((v % 64) * 64 + v // 64 for v in flat.register),
        tuple((v % 64) * 64 + v // 64 for v in flat.lane),
        tuple((v % 64) * 64 + v // 64 for v in flat.warp),
        (tuple(range(32)),),
    )
    assert _banks_per_access(row_major, 32, 32) >= 16


def test_common_registers_make_the_vector() -> None:
    a = _blocked((32, 32), (1, 4), (8, 4), (2, 2), (1, 0))
    b = _blocked((32, 32), (1, 4), (16, 2), (2, 2), (1, 0))
    vector, fills = vector_basis_ld_st(FlatLayout.of(a), FlatLayout.of(b), 32)
    assert len(vector) == 2 and fills is None
    plan = plan_shared_conversion(a, b, 32, 80)
    assert plan.swizzle.smem.vector == tuple(vector)
    assert _banks_per_access(plan.store, 32, 4) == 4 and _banks_per_access(plan.load, 32, 4) == 4


def test_bytes_fill_a_bank_word_from_the_other_sides_warps() -> None:
    # No register is common: the load side's registers that are the store side's warps make a
    # four-byte word, so the loads are 32-bit and the stores single bytes.
    a = _blocked((128, 128), (1, 16), (4, 8), (4, 1), (1, 0))
    b = _blocked((128, 128), (16, 1), (8, 4), (1, 4), (0, 1))
    flat_a, flat_b = FlatLayout.of(a), FlatLayout.of(b)
    vector, fills = vector_basis_ld_st(flat_a, flat_b, 8)
    assert fills is False
    assert vector == [v for v in flat_b.register if v in flat_a.warp][:2]
    smem = optimal_swizzling_ld_st(flat_a, flat_b, 8)
    assert smem.elements == 128 * 128 and smem.rounds == 1


def test_registers_common_to_both_sides_become_rounds() -> None:
    a = _blocked((32, 32), (1, 32), (32, 1), (1, 1), (1, 0))
    b = _blocked((32, 32), (4, 8), (8, 4), (1, 1), (1, 0))
    plan = plan_shared_conversion(a, b, 32, 80)
    assert plan.swizzle.load is Instruction.MATRIX and plan.swizzle.store is Instruction.SHARED
    assert plan.swizzle.smem.rounds == 8 and plan.elements == 128
    # Every register is moved in exactly one round, on both sides.
    for side in (plan.store, plan.load):
        moved = [r for round_registers in side.rounds for r in round_registers]
        assert sorted(moved) == list(range(32))
    # The target-independent sizing (plain ld/st, Triton's generic allocation) vectorises the
    # stores over two of those registers and keeps one round in four times the space.
    generic = plan_shared_conversion(a, b, 32, None)
    assert generic.swizzle.smem.rounds == 2 and generic.elements == 512


def test_stmatrix_only_from_sm90() -> None:
    mma = nvidia_mma_to_linear((64, 64), 2, (2, 2), (16, 8), CGA)
    rows = _blocked((64, 64), (1, 8), (4, 8), (4, 1), (1, 0))
    src, dst = without_broadcast_registers(mma), without_broadcast_registers(rows)
    assert plan_shared_conversion(src, dst, 16, 90).swizzle.store is Instruction.MATRIX
    assert plan_shared_conversion(src, dst, 16, 80).swizzle.store is Instruction.SHARED
