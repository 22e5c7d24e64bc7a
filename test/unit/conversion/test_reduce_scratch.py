"""The scratch regions of a multi-operand `tt.reduce` (Triton's `getSmemBases`), checked by running.

A reduction across warps keeps one region per operand in shared memory, packed one after the
other. With operands of different widths (the value and index of `tl.max(x, return_indices=True)`
on `int8`), a narrow region placed first leaves the next one misaligned whenever the number of
slots is not a multiple of the width ratio: a `st.shared.b32` at byte 2 faults on the GPU. The
kernels below run under `SimtInterpreter`, which fails on any access not aligned to its size.
"""

from __future__ import annotations

import numpy as np
import pytest

from test_reduce_convert_lowering import lower
from test_scan_lowering import run_kernel
from ttc_parse import parse_module

_NUMPY = {"i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64}


def argmax_kernel(n: int, value: str) -> str:
    """`max` with indices over `n` elements of `value` (ties to the lower index), one CTA of 4
    warps; the maximum goes to `out0[0]` and its index to `out1[0]`."""
    tensor = lambda t: f"tensor<{n}x{t}, #L>"  # noqa: E731
    return f"""#L = #ttg.blocked<{{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}}>
module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32}} {{
  tt.func public @argmax(%in0: !tt.ptr<{value}>, %in1: !tt.ptr<i32>, %out0: !tt.ptr<{value}>, %out1: !tt.ptr<i32>) attributes {{noinline = false}} {{
    %i = tt.make_range {{end = {n} : i32, start = 0 : i32}} : {tensor("i32")}
    %p = tt.splat %in0 : !tt.ptr<{value}> -> {tensor(f"!tt.ptr<{value}>")}
    %q = tt.addptr %p, %i : {tensor(f"!tt.ptr<{value}>")}, {tensor("i32")}
    %x = tt.load %q : {tensor(f"!tt.ptr<{value}>")}
    %r:2 = "tt.reduce"(%x, %i) <{{axis = 0 : i32}}> ({{
    ^bb0(%a: {value}, %ai: i32, %b: {value}, %bi: i32):
      %eq = arith.cmpi eq, %a, %b : {value}
      %lt = arith.cmpi slt, %ai, %bi : i32
      %tie = arith.andi %eq, %lt : i1
      %gt = arith.cmpi sgt, %a, %b : {value}
      %take = arith.ori %gt, %tie : i1
      %v = arith.select %take, %a, %b : {value}
      %vi = arith.select %take, %ai, %bi : i32
      tt.reduce.return %v, %vi : {value}, i32
    }}) : ({tensor(value)}, {tensor("i32")}) -> ({value}, i32)
    tt.store %out0, %r#0 : !tt.ptr<{value}>
    tt.store %out1, %r#1 : !tt.ptr<i32>
    tt.return
  }}
}}
"""


# 64 elements leave two warps with data: 2 slots, so an i8 region first would put the i32 one at
# byte 2 (i16: byte 4, aligned by luck); 128 and 512 fill 4 slots.
@pytest.mark.parametrize("n", [64, 128, 512])
@pytest.mark.parametrize("value", ["i8", "i16", "i64"])
def test_max_with_indices_across_warps_is_aligned_and_exact(value: str, n: int) -> None:
    module = lower(parse_module(argmax_kernel(n, value)), 90)
    assert module.attributes["ttg.shared"].value.data > 0  # the reduction crosses warps
    rng = np.random.default_rng(n)
    x = rng.integers(-10, 10, n).astype(_NUMPY[value])
    got_value, got_index = run_kernel(module, [x, np.zeros(n, np.int32)])
    assert got_value[0] == x.max()
    assert got_index[0] == int(np.argmax(x))
