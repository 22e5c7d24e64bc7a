"""Pieces of tritongpu-optimize-thread-locality beyond the Triton 3.6 oracle cases: the 3-D
layout and shape it builds, multi-CTA layouts, the neutral elements, and a second run."""

from __future__ import annotations

import math

from xdsl.dialects import arith as xarith
from xdsl.dialects.builtin import Float32Type, TensorType

from ttc.dialects.context import make_context
from ttc.dialects.ttg.attrs import BlockedEncodingAttr, CTALayout, ints
from ttc.dialects.upstream.arith import AddiOp
from ttc.ir.printer import print_module
from ttc.transforms.tritongpu_optimize_thread_locality import (
    NEUTRAL_ELEMENTS,
    TritonGPUOptimizeThreadLocalityPass,
    locality_encoding,
    locality_shape,
    single_cta_default,
    warp_local_gather_encoding,
)
from ttc_parse import parse_module

LOOP = """
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%p: tensor<32x64x!tt.ptr<f32>, #blocked>, %n: i32) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %cst = arith.constant dense<1.000000e+00> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %0 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %cst) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>)  : i32 {
      %1 = tt.load %p : tensor<32x64x!tt.ptr<f32>, #blocked>
      %2 = "tt.reduce"(%1) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %3 = arith.mulf %a, %b : f32
        tt.reduce.return %3 : f32
      }) : (tensor<32x64xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %4 = arith.mulf %acc, %2 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %4 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    tt.return %0 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}
"""


def _run(text: str) -> str:
    ctx = make_context()
    module = parse_module(text, "case", ctx=ctx)
    TritonGPUOptimizeThreadLocalityPass().apply(ctx, module)
    return print_module(module)


def test_locality_encoding_moves_the_axis_registers_to_a_new_innermost_dim() -> None:
    blocked = BlockedEncodingAttr.make([2, 4], [2, 16], [2, 2], [1, 0])
    encoding = locality_encoding(blocked, 1)
    assert ints(encoding.size_per_thread) == (2, 1, 4)
    assert ints(encoding.threads_per_warp) == (2, 16, 1)
    assert ints(encoding.warps_per_cta) == (2, 2, 1)
    assert ints(encoding.order) == (2, 1, 0)
    assert locality_shape([32, 128], 1, 4) == [32, 32, 4]


def test_multi_cta_layout_gets_a_trailing_unsplit_dim() -> None:
    cta = CTALayout((2, 1), (2, 1), (1, 0))
    encoding = locality_encoding(BlockedEncodingAttr.make([1, 4], [1, 32], [4, 1], [1, 0], cta), 1)
    assert encoding.cta_layout == CTALayout((2, 1, 1), (2, 1, 1), (1, 0, 2))
    # One CTA: the order of the cluster means nothing, and Triton 3.6 prints none.
    assert single_cta_default(CTALayout((1, 1, 1), (1, 1, 1), (1, 0, 2))) == CTALayout.default(3)


def test_neutral_elements() -> None:
    assert NEUTRAL_ELEMENTS[xarith.AddfOp] == 0.0 and NEUTRAL_ELEMENTS[xarith.MulfOp] == 1.0
    assert NEUTRAL_ELEMENTS[xarith.MaximumfOp] == NEUTRAL_ELEMENTS[xarith.MaxnumfOp] == -math.inf
    assert NEUTRAL_ELEMENTS[xarith.MinimumfOp] == NEUTRAL_ELEMENTS[xarith.MinnumfOp] == math.inf
    assert AddiOp not in NEUTRAL_ELEMENTS


def test_product_accumulator_and_second_run() -> None:
    once = _run(LOOP)
    assert "arith.constant dense<1.000000e+00> : tensor<32x16xf32, #ttg.slice<{dim = 2" in once
    assert "tensor<32x16x4xf32" in once
    # A second run only lets the greedy driver drop the dead original reduce and update: the new
    # in-loop reduction reads a reshape, not a load, so nothing is rewritten twice.
    twice = _run(once)
    assert twice.count("tt.reshape") == 1
    assert twice.count('"tt.reduce"') == 2
    assert _run(twice) == twice


def test_gather_layout_spreads_leftover_lanes_over_other_dims() -> None:
    src = TensorType(Float32Type(), [8, 64], BlockedEncodingAttr.make([1, 4], [4, 8], [4, 1], [1, 0]))
    encoding = warp_local_gather_encoding(src, 0, 4, 32)
    # 8 rows take 8 lanes; the other 4 go along dim 1; all warps along dim 1.
    assert ints(encoding.threads_per_warp) == (8, 4)
    assert ints(encoding.warps_per_cta) == (1, 4)
    assert ints(encoding.size_per_thread) == (1, 1)
    assert ints(encoding.order) == (0, 1)
