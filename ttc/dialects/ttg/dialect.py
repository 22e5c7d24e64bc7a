"""The `ttg` dialect object: the ops and attributes of Triton's TritonGPU dialect in ttc.

Gathers what `ops` (types, layout conversion, shared-memory ops) and the modules beside it define
(`fp4`, `indexed`, `pipeline`, `reinterpret`, `warp_specialize`, and `legacy`'s older spellings),
as Triton's `TritonGPUOps.td` lists them in one dialect; `ttc.dialects.context.make_context`
registers it.
"""

from __future__ import annotations

from xdsl.ir import Dialect

from ttc.dialects.ttg.fp4 import FP4_OPS
from ttc.dialects.ttg.indexed import INDEXED_OPS
from ttc.dialects.ttg.legacy import LEGACY_TTG_ATTRS, LEGACY_TTG_OPS
from ttc.dialects.ttg.ops import CORE_ATTRS, CORE_OPS
from ttc.dialects.ttg.pipeline import PIPELINE_OPS
from ttc.dialects.ttg.reinterpret import REINTERPRET_OPS
from ttc.dialects.ttg.warp_specialize import WARP_SPECIALIZE_OPS

TTG = Dialect(
    "ttg",
    [*CORE_OPS, *FP4_OPS, *INDEXED_OPS, *PIPELINE_OPS, *REINTERPRET_OPS, *WARP_SPECIALIZE_OPS,
     *LEGACY_TTG_OPS],
    [*CORE_ATTRS, *LEGACY_TTG_ATTRS],
)
"""The one `ttg` dialect object, which `ttc.dialects.context.make_context` registers."""
