"""The `ttg` dialect object: the ops and attributes of Triton's TritonGPU dialect in ttc.

Gathers what `ttc.dialects.ttg.ops` (types, layout conversion, shared-memory ops) and the modules
beside it define (`ttg_fp4`, `ttg_indexed`, `ttg_pipeline`, `ttg_reinterpret`, `ttg_warp_specialize`), as Triton's `TritonGPUOps.td` lists them in one
dialect; `ttc.ir.context.make_context` registers it.
"""

from __future__ import annotations

from xdsl.ir import Dialect

from ttc.dialects.ttg.ops import TTG as _CORE
from ttc.dialects.ttg.fp4 import FP4_OPS
from ttc.dialects.ttg.indexed import INDEXED_OPS
from ttc.dialects.ttg.pipeline import PIPELINE_OPS
from ttc.dialects.ttg.reinterpret import REINTERPRET_OPS
from ttc.dialects.ttg.warp_specialize import WARP_SPECIALIZE_OPS

TTG = Dialect(
    "ttg",
    [*_CORE.operations, *FP4_OPS, *INDEXED_OPS, *PIPELINE_OPS, *REINTERPRET_OPS, *WARP_SPECIALIZE_OPS],
    list(_CORE.attributes),
)
