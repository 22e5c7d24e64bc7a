"""The Hopper helpers of the software pipeliner: which loads go through TMA, which need an extra
buffer for an asynchronous wgmma, and which layout conversions count as no-ops for async dots."""

from __future__ import annotations

from xdsl.ir import Operation

from ttc.dialects.context import make_context
from ttc.transforms.pipeline_loads import (
    can_pipeline_tma_load,
    load_requires_additional_buffer,
    must_load_to_registers,
)
from ttc.transforms.wgmma_pipeline import is_noop
from ttc_parse import parse_module

HEADER = """
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvt = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#small = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
"""


def ops_of(body: str) -> dict[str, Operation]:
    """The ops of `body` (a function) by the name of their first result."""
    module = parse_module(HEADER + body + "}\n", "test", ctx=make_context())
    found: dict[str, Operation] = {}
    for op in module.walk():
        if op.results and op.results[0].name_hint:
            found[op.results[0].name_hint] = op
    return found


def test_tma_copies_need_128_byte_slots() -> None:
    ops = ops_of("""
  tt.func @f(%d4: !tt.tensordesc<tensor<4x8xf16, #small>>, %d8: !tt.tensordesc<tensor<8x8xf16, #small>>, %i: i32) {
    %v4 = tt.descriptor_load %d4[%i, %i] : !tt.tensordesc<tensor<4x8xf16, #small>> -> tensor<4x8xf16, #blocked>
    %v8 = tt.descriptor_load %d8[%i, %i] : !tt.tensordesc<tensor<8x8xf16, #small>> -> tensor<8x8xf16, #blocked>
    tt.return
  }
""")
    assert not can_pipeline_tma_load(ops["v4"])
    assert can_pipeline_tma_load(ops["v8"])


def test_wgmma_operand_through_a_view_needs_an_extra_buffer() -> None:
    ops = ops_of("""
  tt.func @f(%pa: tensor<64x64x!tt.ptr<f16>, #blocked>, %pb: tensor<64x64x!tt.ptr<f16>, #blocked>,
             %acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a = tt.load %pa : tensor<64x64x!tt.ptr<f16>, #blocked>
    %sa = ttg.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #nv, #smem>
    %b = tt.load %pb : tensor<64x64x!tt.ptr<f16>, #blocked>
    %sb = ttg.local_alloc %b : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #nv, #smem>
    %tb = ttg.memdesc_trans %sb {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #nv, #smem> -> !ttg.memdesc<64x64xf16, #nvt, #smem>
    %d = ttng.warp_group_dot %sa, %tb, %acc : !ttg.memdesc<64x64xf16, #nv, #smem> * !ttg.memdesc<64x64xf16, #nvt, #smem> -> tensor<64x64xf32, #mma>
    %c = tt.load %pa : tensor<64x64x!tt.ptr<f16>, #blocked>
    %e = arith.addf %c, %c : tensor<64x64xf16, #blocked>
    tt.return %d : tensor<64x64xf32, #mma>
  }
""")
    assert load_requires_additional_buffer(ops["a"])
    assert load_requires_additional_buffer(ops["b"])
    assert must_load_to_registers(ops["c"])
    assert not load_requires_additional_buffer(ops["c"])


def test_only_data_moving_conversions_break_async_dots() -> None:
    ops = ops_of("""
  tt.func @f(%x: tensor<64x64xf32, #mma>) {
    %same = ttg.convert_layout %x : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #ttg.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}>>
    %moved = ttg.convert_layout %x : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
    tt.return
  }
""")
    assert is_noop(ops["same"])
    assert not is_noop(ops["moved"])
