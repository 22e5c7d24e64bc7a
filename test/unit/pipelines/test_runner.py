"""The pass runner: failures become diagnostics, IR dumps and timing follow MLIR's format."""

from __future__ import annotations

import io
from typing import ClassVar

import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

from ttc.ir.diagnostics import Diagnostic, diagnostic_handler, emit_error, emit_remark, op_error
from ttc.ir.errors import TtcError
from ttc.pipelines.pass_base import TtcPass
from ttc.pipelines.runner import PassFailure, RunOptions, Timing, run_passes


class _Name:
    """Gives the test pass its flag from outside its class body, so the registry (which takes
    only classes that define `name` themselves) does not list it."""

    name: ClassVar[str] = "runner-unit-test-behave"


class Behave(_Name, TtcPass):
    """Does what `mode` says: nothing, remark, emit an error, raise one, or crash."""

    mode: str = "ok"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if self.mode == "remark":
            emit_remark(op, "looked at it")
        elif self.mode == "emit":
            emit_error(op, "emitted")
        elif self.mode == "raise":
            raise op_error(op, "raised")
        elif self.mode == "crash":
            raise ZeroDivisionError("division by zero")


def _run(modes: list[str], **kwargs: object) -> tuple[list[Diagnostic], str, bool]:
    stream = io.StringIO()
    seen: list[Diagnostic] = []
    options = RunOptions(print_ir=lambda m: "module {\n}\n", dump_stream=stream,
                         **kwargs)  # type: ignore[arg-type]
    failed = False
    with diagnostic_handler(seen.append):
        try:
            run_passes([Behave(mode) for mode in modes], ModuleOp([]), Context(), options)
        except PassFailure:
            failed = True
    return seen, stream.getvalue(), failed


def test_passes_run_in_order_and_remarks_do_not_fail() -> None:
    seen, dumps, failed = _run(["ok", "remark"], print_after_all=True)
    assert not failed
    assert [d.message for d in seen] == ["looked at it"]
    header = ("// -----// IR Dump After Behave (runner-unit-test-behave) "
              "('builtin.module' operation) //----- //\nmodule {\n}\n\n")
    assert dumps == header * 2


@pytest.mark.parametrize(("mode", "message"), [
    ("emit", "emitted"),
    ("raise", "raised"),
    ("crash", "internal error in pass 'runner-unit-test-behave': ZeroDivisionError: "
              "division by zero (set TTC_DEBUG=1 for a traceback)"),
])
def test_failures_stop_the_run_and_dump_after_failure(mode: str, message: str) -> None:
    seen, dumps, failed = _run(["ok", mode, "remark"], print_before_all=True,
                               print_after_failure=True)
    assert failed
    assert [d.message for d in seen] == [message]
    assert dumps.count("IR Dump Before Behave") == 2
    assert "// -----// IR Dump After Behave Failed (runner-unit-test-behave) " in dumps


def test_verifier_failure_after_a_pass() -> None:
    def verify(module: ModuleOp) -> None:
        raise TtcError("'tt.foo' op is broken")

    timing = Timing()
    seen, _, failed = _run(["ok"], verify=verify, timing=timing)
    assert failed and seen[0].message == "'tt.foo' op is broken"
    names = [name for name, _ in timing.rows()]
    assert names == ["Behave (runner-unit-test-behave)", "Verifier", "Rest", "Total"]


def test_timing_report_plain_text() -> None:
    timing = Timing()
    timing.add("Parser", 0.5)
    stream = io.StringIO()
    timing.report(stream, color=False)
    text = stream.getvalue()
    assert "... Execution time report ..." in text
    assert "  ----Wall Time----  ----Name----" in text
    assert "Parser" in text and text.rstrip().endswith("Total")
    coloured = io.StringIO()
    timing.report(coloured, color=True)
    assert "Parser" in coloured.getvalue()
