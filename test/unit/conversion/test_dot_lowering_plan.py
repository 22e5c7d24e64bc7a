"""A numeric self-check of the `tt.dot` lowerings' register choices, without a GPU.

`plan_mma_v2` says which registers (by the coordinates they hold in thread 0) feed each
`mma.sync`. The check runs that plan on numbers: every thread's registers are filled from random
integer matrices through the layouts, each instruction is executed as the PTX ISA defines it (the
warp's 32 lanes contribute their fragments, `g = lane / 4`, `t = lane % 4`: A word j holds row
g + 8 (j % 2), columns t v + 4 v (j / 2) + e; B word j rows t v + 4 v j + e, column g;
accumulator element i row g + 8 (i / 2), column 2 t + i % 2; f64 has 8 A and 4 B registers of one
element, K 16), and the accumulator registers
written back through the result layout must equal A @ B + C everywhere.
"""

from __future__ import annotations

import numpy as np
import pytest

from ttc.conversion.tritongpu_to_llvm.dot_mma import plan_mma_v2
from ttc.conversion.tritongpu_to_llvm.dot_operands import RegisterTable
from ttc.dialects.ttg.attrs import BlockedEncodingAttr, DotOperandEncodingAttr, NvidiaMmaEncodingAttr
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.layouts.linear import LinearLayout


def _thread(layout: LinearLayout, lane: int, warp: int, reg: int) -> tuple[int, ...]:
    return tuple(layout.apply({"register": reg, "lane": lane, "warp": warp, "block": 0}).values())


def _tables(layout: LinearLayout, data: np.ndarray, warps: int) -> dict[tuple[int, int], RegisterTable]:
    """Each thread's registers of `data`, looked up by thread-0 coordinates."""
    regs = layout.in_dim_size("register")
    return {
        (warp, lane): RegisterTable(layout, [data[_thread(layout, lane, warp, r)] for r in range(regs)])
        for warp in range(warps)
        for lane in range(32)
    }


def _run_mma_plan(mma, k_width: int, per_reg: int, m: int, n: int, k: int, batch: int = 0, k_regs: int = 2) -> int:  # type: ignore[no-untyped-def]
    outer = [batch] if batch else []
    a_l = to_linear_layout(DotOperandEncodingAttr.make(0, mma, k_width), [*outer, m, k])
    b_l = to_linear_layout(DotOperandEncodingAttr.make(1, mma, k_width), [*outer, k, n])
    d_l = to_linear_layout(mma, [*outer, m, n])
    plan = plan_mma_v2(a_l, b_l, d_l, k_width, per_reg, k_regs)
    assert plan is not None
    rng = np.random.default_rng(0)
    a = rng.integers(-8, 8, [*outer, m, k]).astype(np.float64)
    b = rng.integers(-8, 8, [*outer, k, n]).astype(np.float64)
    c = rng.integers(-8, 8, [*outer, m, n]).astype(np.float64)
    warps = d_l.in_dim_size("warp")
    a_t, b_t, c_t = _tables(a_l, a, warps), _tables(b_l, b, warps), _tables(d_l, c, warps)
    acc = {key: {co: table.get(co) for co in table.distinct()} for key, table in c_t.items()}
    kk = 4 * per_reg * k_regs
    for step in plan:
        for warp in range(warps):
            tile_a, tile_b, tile_c = np.zeros((16, kk)), np.zeros((kk, 8)), np.zeros((16, 8))
            for lane in range(32):
                g, t = lane // 4, lane % 4
                for j, word in enumerate(step.a):
                    for e, co in enumerate(word):
                        tile_a[g + 8 * (j % 2), t * per_reg + 4 * per_reg * (j // 2) + e] = a_t[warp, lane].get(co)
                for j, word in enumerate(step.b):
                    for e, co in enumerate(word):
                        tile_b[t * per_reg + 4 * per_reg * j + e, g] = b_t[warp, lane].get(co)
                for i, co in enumerate(step.acc):
                    tile_c[g + 8 * (i // 2), 2 * t + i % 2] = acc[warp, lane][co]
            tile_d = tile_a @ tile_b + tile_c
            for lane in range(32):
                g, t = lane // 4, lane % 4
                for i, co in enumerate(step.acc):
                    acc[warp, lane][co] = tile_d[g + 8 * (i // 2), 2 * t + i % 2]
    expected = a @ b + c
    seen = np.zeros(expected.shape, dtype=bool)
    for (warp, lane), table in c_t.items():
        for r, co in enumerate(table.coords):
            where = _thread(d_l, lane, warp, r)
            assert acc[warp, lane][co] == expected[where], (warp, lane, r)
            seen[where] = True
    assert seen.all()
    return len(plan)


def _mma(warps: list[int], instr: list[int] | None = None) -> NvidiaMmaEncodingAttr:
    return NvidiaMmaEncodingAttr.make(2, 0, warps, instr or [16, 8])


@pytest.mark.parametrize(
    ("warps", "k_width", "per_reg", "mnk", "count"),
    [
        ([2, 2], 2, 2, (64, 64, 32), 16),  # f16/bf16, the 64x64x32 4-warp matmul: 16 mma per K loop
        ([4, 2], 2, 2, (128, 128, 64), 64),  # f16, 128x128x64 on 8 warps (Triton: 64)
        ([2, 2], 1, 1, (64, 64, 32), 32),  # tf32 m16n8k8 (Triton: 32)
        ([4, 1], 4, 4, (64, 32, 64), 8),  # i8 m16n8k32
        ([1, 1], 4, 2, (16, 8, 64), 4),  # f16 with kWidth 4: two instructions per 32-wide K block
        ([4, 1], 2, 2, (16, 16, 16), 2),  # fewer rows than warps: warps hold copies
        ([1, 4], 2, 2, (32, 64, 16), 4),
    ],
)
def test_mma_plan_computes_the_matmul(warps: list[int], k_width: int, per_reg: int, mnk: tuple[int, int, int], count: int) -> None:
    assert _run_mma_plan(_mma(warps), k_width, per_reg, *mnk) == count


@pytest.mark.parametrize(("warps", "mnk", "count"), [([2, 2], (64, 64, 64), 32), ([1, 4], (16, 64, 32), 4)])
def test_f64_mma_plan_computes_the_matmul(warps: list[int], mnk: tuple[int, int, int], count: int) -> None:
    """f64: kWidth 1, one element a register, 4 B registers (K 16) per m16n8k16 (Triton: 32
    instructions for the 64x64x64 dot on 2x2 warps)."""
    assert _run_mma_plan(_mma(warps), 1, 1, *mnk, k_regs=4) == count


def test_mma_plan_with_a_batch_dimension() -> None:
    assert _run_mma_plan(_mma([2, 2, 1], [1, 16, 8]), 2, 2, 32, 16, 16, batch=4) == 4


def test_mma_plan_refuses_foreign_layouts() -> None:
    mma = _mma([2, 2])
    a = to_linear_layout(DotOperandEncodingAttr.make(0, mma, 2), [32, 32])
    b = to_linear_layout(DotOperandEncodingAttr.make(1, mma, 2), [32, 32])
    d = to_linear_layout(mma, [32, 32])
    assert plan_mma_v2(a, b, d, 2, 2) is not None
    # Operands laid out for another warp grid, or blocked: no instruction can take them.
    other = _mma([4, 1])
    assert plan_mma_v2(to_linear_layout(DotOperandEncodingAttr.make(0, other, 2), [32, 32]), b, d, 2, 2) is None
    blocked = to_linear_layout(BlockedEncodingAttr.make([1, 1], [8, 4], [2, 2], [1, 0]), [32, 32])
    assert plan_mma_v2(blocked, b, d, 2, 2) is None
    # kWidth 2 operands read as tf32 (one element per register): the lanes do not match.
    assert plan_mma_v2(a, b, d, 1, 1) is None


TF32_DOT = """\
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tf32(%x: f32, %y: f32, %out: !tt.ptr<f32>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<16x8xf32, #mma>
    %a = tt.splat %x : f32 -> tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    %b = tt.splat %y : f32 -> tensor<16x8xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
    %d = tt.dot %a, %b, %zero, inputPrecision = tf32 : tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<16x8xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<16x8xf32, #mma>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<16x8x!tt.ptr<f32>, #mma>
    tt.store %p, %d : tensor<16x8x!tt.ptr<f32>, #mma>
    tt.return
  }
}
"""


def test_emitted_operands_come_from_their_own_tensor() -> None:
    """A and B hold elements at the same coordinates (A[0, 0] and B[0, 0]); each instruction's
    A words must be packed from A's registers and its B words from B's (the tf32 case, one
    element per word, once reused A's word for B)."""
    from ttc.conversion.tritongpu_to_llvm.convert import ConvertTritonGPUToLLVMPass
    from ttc.dialects.context import make_context
    from ttc_parse import parse_module

    ctx = make_context()
    module = parse_module(TF32_DOT, "tf32.mlir", ctx=ctx)
    ConvertTritonGPUToLLVMPass(compute_capability=80).apply(ctx, module)

    def source(word):  # noqa: ANN001, ANN202 - xDSL values
        cast = word.owner  # llvm.bitcast of a vector built by insertelement
        return cast.operands[0].owner.operands[1]

    mmas = [op for op in module.walk() if op.name == "llvm.inline_asm"
            and "mma.sync" in op.properties["asm_string"].data]
    assert len(mmas) == 2
    func = next(op for op in module.walk() if op.name == "llvm.func")
    x, y = func.regions[0].blocks.first.args[:2]
    for mma in mmas:
        a_words, b_words = mma.operands[4:8], mma.operands[8:10]
        assert {source(w) for w in a_words} == {x}
        assert {source(w) for w in b_words} == {y}
