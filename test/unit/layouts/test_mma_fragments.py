"""`#ttg.nvidia_mma` (version 2) and its `#ttg.dot_op` operands against the PTX ISA.

The oracle is written from the PTX ISA's "Matrix Fragments for mma.m16n8k16 with floating point
type" and "... for mma.m16n8k8" (tf32) tables and the `ldmatrix` description, independently of
`ttc.layouts.mma`: with `groupID = lane >> 2` and `threadID_in_group = lane % 4`, fragment element
`i` of a lane sits at the (row, col) the functions below give. The contract the `tt.dot` lowering
relies on is that register `i` of one instruction tile is fragment element `i`, and that
repetitions of the tile follow the layout's repetition order (K fastest for the operands, N
fastest for the accumulator).
"""

from __future__ import annotations

import pytest

from ttc.dialects.ttg.attrs import DotOperandEncodingAttr, NvidiaMmaEncodingAttr
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.layouts.linear import LinearLayout

Coord = tuple[int, int]


def _group(lane: int) -> int:
    return lane >> 2


def _in_group(lane: int) -> int:
    return lane % 4


def ptx_a_m16n8k16(lane: int, i: int) -> Coord:
    """a0..a7 of `mma.m16n8k16` (.f16/.bf16): rows groupID / groupID + 8, columns
    threadID_in_group * 2 + (i & 1), plus 8 for a4..a7."""
    row = _group(lane) + (8 if i in (2, 3, 6, 7) else 0)
    col = _in_group(lane) * 2 + (i & 1) + (8 if i >= 4 else 0)
    return row, col


def ptx_b_m16n8k16(lane: int, i: int) -> Coord:
    """b0..b3: rows (K) threadID_in_group * 2 + (i & 1), plus 8 for b2, b3; column groupID."""
    return _in_group(lane) * 2 + (i & 1) + (8 if i >= 2 else 0), _group(lane)


def ptx_c_m16n8(lane: int, i: int) -> Coord:
    """c0..c3 (the same for k8 and k16): row groupID, plus 8 for c2, c3; columns
    threadID_in_group * 2 + (i & 1)."""
    return _group(lane) + (8 if i >= 2 else 0), _in_group(lane) * 2 + (i & 1)


def ptx_a_m16n8k8_tf32(lane: int, i: int) -> Coord:
    """a0..a3 of `mma.m16n8k8` .tf32: row groupID, plus 8 for a1, a3; column threadID_in_group,
    plus 4 for a2, a3."""
    return _group(lane) + (8 if i in (1, 3) else 0), _in_group(lane) + (4 if i >= 2 else 0)


def ptx_b_m16n8k8_tf32(lane: int, i: int) -> Coord:
    """b0, b1: row (K) threadID_in_group, plus 4 for b1; column groupID."""
    return _in_group(lane) + 4 * i, _group(lane)


def ldmatrix_x4(lane: int, matrix: int, element: int) -> Coord:
    """`ldmatrix.sync.aligned.m8n8.x4.b16`: lane t receives, of each 8x8 matrix, row t / 4,
    elements (t % 4) * 2 and (t % 4) * 2 + 1 (in the matrix's own coordinates)."""
    return lane // 4, (lane % 4) * 2 + element


def _at(layout: LinearLayout, register: int, lane: int, warp: int = 0) -> Coord:
    out = layout.apply({"register": register, "lane": lane, "warp": warp, "block": 0})
    return out["dim0"], out["dim1"]


def _mma(warps: list[int]) -> NvidiaMmaEncodingAttr:
    return NvidiaMmaEncodingAttr.make(2, 0, warps, [16, 8])


def _dot(op_idx: int, k_width: int, warps: list[int] | None = None) -> DotOperandEncodingAttr:
    return DotOperandEncodingAttr.make(op_idx, _mma(warps or [1, 1]), k_width)


ONE_TILE = [
    ("A m16n8k16", _dot(0, 2), [16, 16], ptx_a_m16n8k16, 8),
    ("B m16n8k16", _dot(1, 2), [16, 8], ptx_b_m16n8k16, 4),
    ("C m16n8", _mma([1, 1]), [16, 8], ptx_c_m16n8, 4),
    ("A m16n8k8 tf32", _dot(0, 1), [16, 8], ptx_a_m16n8k8_tf32, 4),
    ("B m16n8k8 tf32", _dot(1, 1), [8, 8], ptx_b_m16n8k8_tf32, 2),
]


@pytest.mark.parametrize(
    ("encoding", "shape", "fragment", "count"),
    [case[1:] for case in ONE_TILE],
    ids=[case[0] for case in ONE_TILE],
)
def test_one_instruction_tile_is_the_ptx_fragment(encoding, shape, fragment, count) -> None:  # type: ignore[no-untyped-def]
    layout = to_linear_layout(encoding, shape)
    assert layout.in_dim_size("register") == count
    for lane in range(32):
        for i in range(count):
            assert _at(layout, i, lane) == fragment(lane, i), (lane, i)


def test_operand_a_is_ldmatrix_x4_of_its_four_8x8_matrices() -> None:
    # A 16x16 f16 tile read by one ldmatrix.x4: matrix j starts at rows 8 * (j % 2), columns
    # 8 * (j // 2), and lands in the lane's i32 register j (elements 2j and 2j + 1).
    layout = to_linear_layout(_dot(0, 2), [16, 16])
    for lane in range(32):
        for matrix in range(4):
            for element in range(2):
                row, col = ldmatrix_x4(lane, matrix, element)
                expected = (row + 8 * (matrix % 2), col + 8 * (matrix // 2))
                assert _at(layout, 2 * matrix + element, lane) == expected


def test_operand_b_is_ldmatrix_of_its_k_major_8x8_matrices() -> None:
    # B 16x8 stored N-major with K contiguous: matrix j holds K rows 8j..8j+7 transposed, so a
    # lane's register 2j + e is K = 8j + (t % 4) * 2 + e, N = t / 4.
    layout = to_linear_layout(_dot(1, 2), [16, 8])
    for lane in range(32):
        for matrix in range(2):
            for element in range(2):
                n, k = ldmatrix_x4(lane, matrix, element)
                assert _at(layout, 2 * matrix + element, lane) == (k + 8 * matrix, n)


@pytest.mark.parametrize(("warps", "shape"), [([2, 2], [64, 64]), ([4, 1], [128, 32]), ([1, 4], [32, 64])])
def test_repetitions_and_warps_of_f16_operands_and_accumulator(warps: list[int], shape: list[int]) -> None:
    m, n = shape
    k = 32
    warps_m, warps_n = warps
    a = to_linear_layout(_dot(0, 2, warps), [m, k])
    b = to_linear_layout(_dot(1, 2, warps), [k, n])
    c = to_linear_layout(_mma(warps), [m, n])
    rep_m, rep_n, rep_k = m // (16 * warps_m), n // (8 * warps_n), k // 16
    for warp in range(warps_m * warps_n):
        # Warps are row-major over warpsPerCTA: N varies fastest.
        wm, wn = warp // warps_n, warp % warps_n
        for lane in range(32):
            for rm in range(rep_m):
                for rk in range(rep_k):
                    for i in range(8):
                        row, col = ptx_a_m16n8k16(lane, i)
                        register = (rm * rep_k + rk) * 8 + i
                        expected = (row + 16 * (wm + warps_m * rm), col + 16 * rk)
                        assert _at(a, register, lane, warp) == expected
            for rn in range(rep_n):
                for rk in range(rep_k):
                    for i in range(4):
                        row, col = ptx_b_m16n8k16(lane, i)
                        register = (rn * rep_k + rk) * 4 + i
                        expected = (row + 16 * rk, col + 8 * (wn + warps_n * rn))
                        assert _at(b, register, lane, warp) == expected
            for rm in range(rep_m):
                for rn in range(rep_n):
                    for i in range(4):
                        row, col = ptx_c_m16n8(lane, i)
                        register = (rm * rep_n + rn) * 4 + i
                        expected = (row + 16 * (wm + warps_m * rm), col + 8 * (wn + warps_n * rn))
                        assert _at(c, register, lane, warp) == expected


def test_tf32_operands_repeat_along_k_first() -> None:
    a = to_linear_layout(_dot(0, 1, [2, 2]), [64, 32])
    for lane in range(32):
        for rm in range(2):
            for rk in range(4):
                for i in range(4):
                    row, col = ptx_a_m16n8k8_tf32(lane, i)
                    assert _at(a, (rm * 4 + rk) * 4 + i, lane, 2) == (row + 16 + 32 * rm, col + 8 * rk)


def test_operand_warps_broadcast_along_k() -> None:
    # Every warp of a row of warps holds the same A elements; of a column, the same B elements.
    a = to_linear_layout(_dot(0, 2, [2, 2]), [32, 32])
    b = to_linear_layout(_dot(1, 2, [2, 2]), [32, 32])
    for register in range(a.in_dim_size("register")):
        assert _at(a, register, 5, 0) == _at(a, register, 5, 1)
        assert _at(b, register, 5, 0) == _at(b, register, 5, 2)
