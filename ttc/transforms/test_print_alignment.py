"""`test-print-alignment`: Triton's test pass that reports the axis info of every op result.

Mirrors Triton's test/lib/Analysis/TestAxisInfo.cpp: for each result of each op in each function,
a remark at the op reads `contiguity = [...], divisibility = [...], constancy = [...],
constant_value = ...` (see ttc.analysis.axis_info). Used with `-verify-diagnostics`.
"""

from __future__ import annotations


from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

from ttc.analysis.axis_info import ModuleAxisInfo
from ttc.dialects.tt import ops as tt
from ttc.ir.diagnostics import emit_remark
from ttc.ir.walk import walk
from ttc.pipelines.pass_base import TtcPass


class TestPrintAlignmentPass(
    TtcPass, name="test-print-alignment", summary="Print the axis info (contiguity, divisibility, constancy) of values"
):
    """Emit the axis info of every op result as a remark."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        analysis = ModuleAxisInfo(op)
        for func in walk(op):
            if not isinstance(func, tt.FuncOp):
                continue
            for inner in walk(func):
                if inner is func:
                    continue
                for result in inner.results:
                    emit_remark(inner, analysis.get(result).remark())
