"""`ttg.local_store` then `ttg.local_load` of one buffer, lowered and run thread by thread
(`llvm_sim`): every register must read back its own element, with no shared-memory race, whether
the store is `stmatrix` (sm_90 on, where the layouts permit, as Triton's `lowerLdStMatrix`) or
plain vector stores, and the buffer must hold the same bytes after either."""

from __future__ import annotations

import numpy as np
import pytest

from ttc.dialects.ttg.ops import LocalAllocOp, LocalLoadOp, LocalStoreOp
from ttc.dialects.upstream import nvvm
from ttc.transforms.allocate_shared_memory import AllocateSharedMemoryNvPass
from ttc_parse import parse_module

from llvm_sim import WARP, Simulator
from op_lowering import lower, lowering_over

MODULE = """
#reg = {layout}
#shared = {shared}
#smem = #ttg.shared_memory
module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = {warps} : i32, "ttg.threads-per-warp" = 32 : i32}} {{
  tt.func @f(%x: tensor<{shape}x{element}, #reg>) {{
    %buffer = ttg.local_alloc : () -> !ttg.memdesc<{shape}x{element}, #shared, #smem, mutable>
    ttg.local_store %x, %buffer : tensor<{shape}x{element}, #reg> -> !ttg.memdesc<{shape}x{element}, #shared, #smem, mutable>
    %y = ttg.local_load %buffer : !ttg.memdesc<{shape}x{element}, #shared, #smem, mutable> -> tensor<{shape}x{element}, #reg>
    tt.return
  }}
}}
"""

MMA_V3 = "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>"
MMA_V2 = "#ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]}>"
NVMMA_128 = "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>"
NVMMA_128_T = "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>"
SWIZZLED = "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>"


def round_trip(layout: str, shared: str, shape: str, element: str, cc: int) -> Simulator:
    """Lower the store, a barrier and the load for `cc`, run them; every loaded register must equal
    the stored one."""
    module = parse_module(MODULE.format(layout=layout, shared=shared, shape=shape, element=element,
                                        warps=4))
    AllocateSharedMemoryNvPass(compute_capability=cc).apply(None, module)  # type: ignore[arg-type]
    func = next(iter(module.body.block.ops))
    ops = [op for op in func.walk() if isinstance(op, LocalAllocOp | LocalStoreOp | LocalLoadOp)]
    lw, block = lowering_over(func.regions[0].block.args[0], cc, 4, ops[0])
    for op in ops:
        if isinstance(op, LocalLoadOp):
            lw.emit(nvvm.Barrier0Op())  # what membar puts between the store and the load
        lower(lw, op)
    shared_bytes = module.attributes["ttg.shared"].value.data  # type: ignore[attr-defined]
    sim = Simulator(4 * WARP, shared_bytes)
    width = {"f16": 16, "f32": 32, "i8": 8}[element]
    for reg, arg in enumerate(block.args):
        sim.set(arg, ((np.arange(4 * WARP, dtype=np.uint64) * 131 + reg * 7 + 1)
                      & ((1 << width) - 1)))
    sim.run(block)
    loaded = ops[-1].results[0]
    for reg, value in enumerate(lw.regs(loaded)):
        assert np.array_equal(np.asarray(sim.get(value), dtype=np.uint64),
                              np.asarray(sim.get(block.args[reg]), dtype=np.uint64)), f"register {reg}"
    return sim


@pytest.mark.parametrize("shared", [NVMMA_128, NVMMA_128_T, SWIZZLED],
                         ids=["nvmma128", "nvmma128_transposed", "swizzled"])
@pytest.mark.parametrize(("layout", "shape"), [(MMA_V3, "64x64"), (MMA_V2, "64x64")],
                         ids=["mma_v3", "mma_v2"])
def test_stmatrix_on_hopper_only(layout: str, shape: str, shared: str) -> None:
    hopper = round_trip(layout, shared, shape, "f16", 90)
    ampere = round_trip(layout, shared, shape, "f16", 80)
    assert hopper.counts.get("nvvm.stmatrix", 0) > 0
    assert ampere.counts.get("nvvm.stmatrix", 0) == 0
    # The buffer holds the same bytes either way: plain stores are the reference for stmatrix.
    assert np.array_equal(hopper.smem, ampere.smem)


@pytest.mark.parametrize("element", ["f32", "i8"])
def test_other_widths_round_trip(element: str) -> None:
    round_trip(MMA_V2, "#ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>",
               "64x32", element, 90)
