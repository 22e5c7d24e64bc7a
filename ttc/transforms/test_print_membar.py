"""`test-print-membar`: Triton's test pass that runs the barrier analysis on TTGIR.

Mirrors Triton's test/lib/Analysis/TestMembar.cpp: the shared-memory allocation is computed and
`ttg.barrier local`s are inserted where `ttc.analysis.membar` finds a read-after-write, write-after-read
or write-after-write hazard; the printed module shows them.
"""

from __future__ import annotations


from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

from ttc.analysis.membar import insert_barriers
from ttc.pipelines.pass_base import TtcPass


class TestPrintMembarPass(
    TtcPass, name="test-print-membar", summary="Insert the barriers the shared-memory accesses need (Membar analysis)"
):
    """Insert the barriers shared-memory accesses need."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        insert_barriers(op)
