"""`test-print-allocation`: Triton's test pass that reports the shared-memory plan as remarks.

Mirrors Triton's test/lib/Analysis/TestAllocation.cpp: for each function, a remark with its name at
the function; at each op with a scratch (or, for a call, virtual) buffer `scratch offset = N, size =
M` (`virtual offset = ...`); at each op whose result owns an explicit buffer `offset = N, size = M`;
(one remark per buffer of a partitioned allocation); the function's own scratch buffer, when it
holds a `ttg.warp_specialize`; and finally `size = N`, the function's arena, at the function. Used
with `-verify-diagnostics`. With `get-scratch-size-function=ValidConstant` every op takes a 128-byte
scratch buffer instead; `partition-size` gives the size of a physical shared-memory partition.
"""

from __future__ import annotations

from dataclasses import field
from typing import Literal

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation

from ttc.analysis.allocation import BufferKind, allocate_module, default_scratch_size
from ttc.ir.diagnostics import emit_remark
from ttc.ir.walk import walk
from ttc.pipelines.pass_base import TtcPass


class TestPrintAllocationPass(
    TtcPass, name="test-print-allocation", summary="Print the result of the shared-memory allocation analysis"
):
    """Emit every function's shared-memory offsets and sizes as remarks."""

    get_scratch_size_function: Literal["None", "ValidConstant"] = field(
        default="None",
        metadata={"help": "scratch sizes: the default ones, or 128 bytes for every op (ValidConstant)"},
    )

    partition_size: int = field(
        default=0,
        metadata={"help": "shared-memory partition size in bytes (0: not partitioned)"},
    )

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        sizes = _every_op_128 if self.get_scratch_size_function == "ValidConstant" else default_scratch_size
        allocation = allocate_module(op, sizes, self.partition_size)
        for plan in allocation.functions.values():
            function = plan.function
            emit_remark(function, function.sym_name.data)  # type: ignore[attr-defined]
            for inner in walk(function, region_first=True):
                scratch = plan.scratch_buffer(inner)
                if scratch is not None:
                    kind = "virtual" if scratch.kind is BufferKind.VIRTUAL else "scratch"
                    emit_remark(inner, f"{kind} offset = {scratch.offset}, size = {scratch.size}")
                for result in inner.results:
                    for buffer in plan.value_buffers.get(result, []):
                        emit_remark(inner, f"offset = {buffer.offset}, size = {buffer.size}")
            emit_remark(function, f"size = {plan.shared_memory_size}")


def _every_op_128(op: Operation) -> int:
    """Triton's test scratch-size function `ValidConstant`: 128 bytes for every op."""
    return 128
