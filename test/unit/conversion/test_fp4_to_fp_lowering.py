"""`ttg.fp4_to_fp` lowered and run thread by thread (`llvm_sim`): every e2m1 code of every i8
register becomes the right bf16/f16 bits, low nibble first, in the result's register order."""

from __future__ import annotations

import numpy as np
import pytest

from ttc.conversion.tritongpu_to_llvm.fp_conversions import E2M1_DECODING, E2m1Decoding
from ttc_parse import parse_module

from llvm_sim import WARP, Simulator
from op_lowering import lower, lowering_over

E2M1_MAGNITUDES = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0]
"""The e2m1 values of codes 0-7 (sign clear): exponent bias 1, one mantissa bit, one subnormal."""

MODULE = """
#src = #ttg.blocked<{{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}}>
#dst = #ttg.blocked<{{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}}>
module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32}} {{
  tt.func @f(%arg0: tensor<8x16xi8, #src>) {{
    %0 = ttg.fp4_to_fp %arg0 {{axis = 1 : i32}} : tensor<8x16xi8, #src> -> tensor<8x32x{element}, #dst>
    tt.return
  }}
}}
"""


def _float_bits(value: float, element: str) -> int:
    if element == "f16":
        return int(np.array(value, dtype=np.float16).view(np.uint16))
    return int(np.array(value, dtype=np.float32).view(np.uint32)) >> 16  # exact in bf16


@pytest.mark.parametrize("element", ["bf16", "f16"])
def test_reference_decoding_gives_every_e2m1_value(element: str) -> None:
    decoding = next(d for t, d in E2M1_DECODING.items() if t().name == element)
    for nibble in range(16):
        value = E2M1_MAGNITUDES[nibble & 7] * (-1.0 if nibble & 8 else 1.0)
        assert decoding.bits(nibble) == _float_bits(value, element), nibble


def test_decoding_constants() -> None:
    assert E2m1Decoding(7, 127).half == 0x3F00  # bf16 0.5
    assert E2m1Decoding(10, 15).half == 0x3800  # f16 0.5


@pytest.mark.parametrize("element", ["bf16", "f16"])
def test_lowering_unpacks_both_nibbles_in_register_order(element: str) -> None:
    module = parse_module(MODULE.format(element=element))
    op = next(o for o in module.walk() if o.name == "ttg.fp4_to_fp")
    lw, block = lowering_over(op.operands[0], 90, 1, op)
    lower(lw, op)
    sim = Simulator(WARP, 0)
    # Thread t, register r holds byte (t * 7 + r * 37) & 0xFF: every byte value in some thread.
    threads = np.arange(WARP, dtype=np.uint64)
    inputs = [(threads * 7 + r * 37) & 0xFF for r in range(len(block.args))]
    for arg, data in zip(block.args, inputs, strict=True):
        sim.set(arg, data)
    sim.run(block)
    decoding = next(d for t, d in E2M1_DECODING.items() if t().name == element)
    results = lw.regs(op.results[0])
    assert len(results) == 2 * len(inputs)
    for r, data in enumerate(inputs):
        low, high = (np.asarray(sim.get(results[2 * r + k]), dtype=np.uint64) for k in range(2))
        for t in range(WARP):
            byte = int(data[t])
            assert int(low[t]) == decoding.bits(byte & 0xF), (r, t)
            assert int(high[t]) == decoding.bits(byte >> 4), (r, t)
