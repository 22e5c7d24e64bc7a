"""`ttng.warp_group_dot`'s partial accumulator (Triton's `needsPartialAccumulator`): an fp8 dot
into f32 whose `maxNumImpreciseAcc` is at most its K extent accumulates in a separate register
set that the lowering adds to the real accumulator in f32."""

from __future__ import annotations

import pytest

from ttc.dialects.ttng.ops import WarpGroupDotOp
from ttc_parse import parse_module

DOT = """
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 16, 32]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = BITS}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = BITS}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @k(%c: tensor<64x16xACC, #mma>) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x128xIN, #sa, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<128x16xIN, #sb, #smem, mutable>
    %d = ttng.warp_group_dot %a, %b, %c {ATTRS} : !ttg.memdesc<64x128xIN, #sa, #smem, mutable> * !ttg.memdesc<128x16xIN, #sb, #smem, mutable> -> tensor<64x16xACC, #mma>
    tt.return
  }
}
"""


def _dot(element: str, acc: str, imprecise: int | None) -> WarpGroupDotOp:
    attrs = "inputPrecision = 0 : i32" + (
        f", maxNumImpreciseAcc = {imprecise} : i32" if imprecise is not None else ""
    )
    bits = "8" if element.startswith("f8") else "16"
    text = DOT.replace("IN", element).replace("ACC", acc).replace("ATTRS", attrs).replace("BITS", bits)
    (dot,) = [op for op in parse_module(text).walk() if isinstance(op, WarpGroupDotOp)]
    return dot


@pytest.mark.parametrize(
    ("element", "acc", "imprecise", "expected"),
    [
        ("f8E5M2", "f32", 32, True),
        ("f8E4M3FN", "f32", 64, True),
        ("f8E5M2", "f32", 128, True),  # the whole K extent: still one add at the end
        ("f8E5M2", "f32", 256, False),  # beyond K: wgmma's own accumulation throughout
        ("f8E5M2", "f16", 32, False),  # an f16 accumulator has no precise form to add into
        ("f16", "f32", 32, False),  # only fp8 accumulates imprecisely
    ],
)
def test_needs_partial_accumulator(element: str, acc: str, imprecise: int, expected: bool) -> None:
    assert _dot(element, acc, imprecise).needs_partial_accumulator() is expected
