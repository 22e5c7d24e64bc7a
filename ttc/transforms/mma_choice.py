"""Which NVIDIA MMA instruction a `tt.dot` takes on Hopper: wgmma or mma.sync, by measurement.

Triton's `getMMAVersionSafe` gives every dot that `supportMMA(dot, 3)` accepts on cc 9x the
wgmma (MMA v3) path; the others get mma.sync (MMA v2), as on cc 80. On an H200 that choice loses
for some dots: the same TTIR built through the cc 80 path (mma.sync, cp.async, ldmatrix) runs
2-2.8 times faster for tf32 and int8 matmuls (docs/architecture.md, "Choosing wgmma or mma.sync on
Hopper", has the measurements).

`MmaChoice` (`ttc.ir.target`) is how `tritongpu-accelerate-matmul` decides (its `mma-choice` option):

- `wgmma`: Triton's rule, the default of the bare pass so that Triton's lit RUN lines keep their
  meaning;
- `auto`: the measured cost model `prefers_mma_sync`, the default of ttc's `ttgir` pipeline;
- `mma-sync`: mma.sync for every dot, as the same TTIR gets on cc 80.

`prefers_mma_sync(dot)` names the reason the model puts a wgmma-capable dot on mma.sync, or
None when wgmma is kept (f16, bf16 and fp8 matmuls, where ttc's wgmma code is at or above
Triton's). Only what was measured across kernels is in the rule: the operand element type. No
tile-shape term is in it: tf32 lost at 64x64x32 and int8 at 128x128x64, so the data shows no
size at which either wins. Persistent loops stay on wgmma: with ttc's wgmma code caught up, the
persistent grouped GEMM runs as fast there as on mma.sync (53.4 against 53.7 TFLOP/s).
"""

from __future__ import annotations

from xdsl.dialects.builtin import Float32Type, IntegerType, TensorType
from xdsl.ir import Operation

from ttc.ir.target import MmaChoice


def _operand_element(dot: Operation, index: int) -> object:
    type_ = dot.operands[index].type
    assert isinstance(type_, TensorType)
    return type_.get_element_type()


def prefers_mma_sync(dot: Operation) -> str | None:
    """Why mma.sync beats wgmma for `dot` on an H200, or None when wgmma is kept.

    - tf32 (f32 operands, the only f32 dots wgmma takes): 136 against 49 TFLOP/s (2.74-2.84x
      Triton's cuda:90 code once chosen);
    - int8 operands: 400 against 172 TFLOP/s (2.29-2.31x).
    """
    a = _operand_element(dot, 0)
    if isinstance(a, Float32Type):
        return "tf32 operands"
    if isinstance(a, IntegerType) and a.width.data == 8:
        return "int8 operands"
    return None


def choose_mma_sync(choice: MmaChoice, dot: Operation) -> str | None:
    """Why a dot wgmma could take gets mma.sync under `choice`, or None to keep wgmma."""
    if choice == "mma-sync":
        return "mma-choice=mma-sync"
    if choice == "auto":
        return prefers_mma_sync(dot)
    return None
