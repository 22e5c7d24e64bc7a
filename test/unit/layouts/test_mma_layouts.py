"""Linear layouts of `#ttg.nvidia_mma` and `#ttg.dot_op` (ttc.layouts.mma), the dot-operand
shared swizzle and memory order (ttc.dialects.ttg.shared_swizzle), and the orders read off layouts
(ttc.layouts.order)."""

from __future__ import annotations

import pytest
from xdsl.dialects.builtin import Float16Type, Float32Type, IntegerType, TensorType

from ttc.analysis.lowering_helpers import ConversionKind, conversion_kind
from ttc.dialects.ttg.attrs import (
    BlockedEncodingAttr,
    CTALayout,
    DotOperandEncodingAttr,
    NvidiaMmaEncodingAttr,
)
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.dialects.ttg.shared_swizzle import (
    order_for_memory,
    swizzle_for_mma_operand,
    swizzled_shared_for_dot_operand,
)
from ttc.layouts.linear import LayoutError
from ttc.layouts.mma import nvidia_dot_operand_to_linear
from ttc.layouts.order import elems_per_thread, layout_order, thread_order, warp_order

MMA_V2 = NvidiaMmaEncodingAttr.make(2, 0, [4, 1], [16, 8])
MMA_V3 = NvidiaMmaEncodingAttr.make(3, 0, [4, 1], [16, 64, 16])


def _bases(encoding, shape, dim):  # type: ignore[no-untyped-def]
    return to_linear_layout(encoding, shape).bases[dim]


def test_mma_v2_accumulator_tile() -> None:
    # mma.sync m16n8: lane = 4 * row + column pair; two adjacent columns per register pair, and
    # rows 8 apart in the next register; warps stack along M.
    assert _bases(MMA_V2, [64, 16], "register") == [[0, 1], [8, 0], [0, 8]]
    assert _bases(MMA_V2, [64, 16], "lane") == [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]
    assert _bases(MMA_V2, [64, 16], "warp") == [[16, 0], [32, 0]]


def test_mma_v3_warps_run_down_m() -> None:
    # Hopper warps of a warp group are column-major: [4, 1] puts them along M, 16 rows each.
    assert _bases(MMA_V3, [64, 64], "warp") == [[16, 0], [32, 0]]
    assert _bases(MMA_V3, [64, 64], "register")[:3] == [[0, 1], [8, 0], [0, 8]]


def test_dot_operands_broadcast_warps_along_k() -> None:
    a = DotOperandEncodingAttr.make(0, NvidiaMmaEncodingAttr.make(2, 0, [2, 2], [16, 8]), 2)
    b = DotOperandEncodingAttr.make(1, NvidiaMmaEncodingAttr.make(2, 0, [2, 2], [16, 8]), 2)
    # A: warps split M (warpsPerCTA[0] = 2) and repeat along K; B: warps split N.
    assert _bases(a, [32, 32], "warp") == [[0, 0], [16, 0]]
    assert _bases(b, [32, 32], "warp") == [[0, 8], [0, 0]]
    # kWidth consecutive K elements per register, then the rest of the tile; repetitions run
    # along K first (the operands' repetition order is K-major).
    assert _bases(a, [32, 32], "register")[:3] == [[0, 1], [8, 0], [0, 8]]
    assert _bases(b, [32, 32], "register")[:3] == [[1, 0], [8, 0], [16, 0]]


def test_hopper_operand_b_has_no_register_layout() -> None:
    cga = ((1, 1), (1, 1), (1, 0))
    with pytest.raises(LayoutError, match="shared memory"):
        nvidia_dot_operand_to_linear([64, 64], 1, 2, 3, [4, 1], cga)


def test_fma_operand_holds_all_of_k_per_thread() -> None:
    parent = BlockedEncodingAttr.make([1, 1], [8, 4], [2, 2], [1, 0])
    layout = to_linear_layout(DotOperandEncodingAttr.make(0, parent), [16, 32])
    assert elems_per_thread(layout) == (1, 32)
    assert all(b[1] == 0 for b in layout.bases["lane"] + layout.bases["warp"])


def test_accumulator_to_operand_a_stays_in_registers() -> None:
    # The f16 accumulator of an mma.sync already has operand A's distribution (kWidth 2).
    src = to_linear_layout(MMA_V2, [64, 64])
    dst = to_linear_layout(DotOperandEncodingAttr.make(0, MMA_V2, 2), [64, 64])
    assert conversion_kind(src, dst) is ConversionKind.REGISTERS


@pytest.mark.parametrize(
    ("op_idx", "k_width", "shape", "order", "bits", "expected"),
    [
        (0, 2, [64, 32], [1, 0], 16, (8, 2, 4)),  # K fastest: vec along K
        (1, 2, [32, 64], [1, 0], 16, (8, 1, 8)),  # N fastest for B: vec and stride swap
        (0, 2, [64, 64], [0, 1], 16, (8, 1, 8)),  # column-major A
        (0, 1, [64, 16], [1, 0], 32, (4, 2, 4)),  # tf32
        (1, 4, [64, 128], [1, 0], 8, (8, 1, 16)),  # int8 B
        (1, 2, [16, 128], [0, 1], 16, (8, 4, 2)),  # short K packs 4 rows per phase
    ],
)
def test_swizzle_matches_triton(
    op_idx: int, k_width: int, shape: list[int], order: list[int], bits: int,
    expected: tuple[int, int, int],
) -> None:
    assert swizzle_for_mma_operand(op_idx, k_width, shape, order, bits) == expected


def test_transposed_operand_swaps_vec_and_stride() -> None:
    # vec = 4 * kWidth = 16 along K, 8 rows per MMA; a transposed read trades the two, and a
    # non-K-major order trades them (back).
    assert swizzle_for_mma_operand(0, 4, [64, 64], [1, 0], 16) == (16, 1, 4)
    assert swizzle_for_mma_operand(0, 4, [64, 64], [1, 0], 16, need_trans=True) == (8, 1, 8)
    assert swizzle_for_mma_operand(0, 4, [64, 64], [0, 1], 16, need_trans=True) == (16, 1, 4)
    assert swizzle_for_mma_operand(0, 1, [64, 64], [1, 0], 16, need_trans=True) == (8, 1, 4)


def test_swizzled_shared_per_cta_and_parents() -> None:
    cta = CTALayout((2, 1), (2, 1), (1, 0))
    mma = NvidiaMmaEncodingAttr.make(2, 0, [4, 1], [16, 8], cta)
    dot = DotOperandEncodingAttr.make(0, mma, 2)
    # K = 32 of the per-CTA tile (split along M only): perPhase 2, the CTA layout carried over.
    shared = swizzled_shared_for_dot_operand(dot, [128, 32], [1, 0], cta, Float16Type())
    assert (shared.vec.data, shared.per_phase.data, shared.max_phase.data) == (8, 2, 4)
    assert shared.cta_layout == cta
    fma = DotOperandEncodingAttr.make(0, BlockedEncodingAttr.make([1, 1], [8, 4], [2, 2], [1, 0]))
    plain = swizzled_shared_for_dot_operand(fma, [32, 32], [1, 0], CTALayout.default(2), Float32Type())
    assert (plain.vec.data, plain.per_phase.data, plain.max_phase.data) == (1, 1, 1)


def test_order_for_memory_prefers_thread_order_for_single_elements() -> None:
    # One element per thread, lanes running down dim 0: registers repeat along dim 1 first, but
    # memory follows the lanes.
    column = BlockedEncodingAttr.make([1, 1], [32, 1], [4, 1], [0, 1])
    tensor = TensorType(Float16Type(), [128, 16], column)
    layout = to_linear_layout(column, [128, 16])
    assert layout_order(layout) == (1, 0)
    assert thread_order(layout) == (0, 1)
    assert order_for_memory(tensor) == (0, 1)
    row = BlockedEncodingAttr.make([1, 8], [8, 4], [4, 1], [1, 0])
    assert order_for_memory(TensorType(IntegerType(8), [64, 32], row)) == (1, 0)


def test_warp_order_and_broadcast_elements() -> None:
    layout = to_linear_layout(BlockedEncodingAttr.make([1, 4], [4, 8], [1, 4], [0, 1]), [16, 64])
    # Along dim 1 the tile (4 * 8 * 4 = 128) overflows 64: the second warp basis broadcasts and
    # is skipped by the warp order; dim 0 repeats 4 times in registers.
    assert warp_order(layout) == (1, 0)
    assert elems_per_thread(layout) == (4, 4)
