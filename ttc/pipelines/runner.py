"""Runs a list of passes on a module, as MLIR's PassManager does for `mlir-opt`.

Around each pass it can dump the IR to stderr in MLIR's format
(`// -----// IR Dump After CSE (cse) ('builtin.module' operation) //----- //`), time it for
`--mlir-timing`, and verify the module afterwards (MLIR's default `-verify-each`).

A pass fails when it raises a `TtcError` (reported as a located diagnostic) or emits an error
through `ttc.ir.diagnostics.emit_error`. Any other exception is a bug in the pass: it is reported
as `internal error in pass 'x': ...` without a traceback unless `TTC_DEBUG=1`. Either way the run
stops and `PassFailure` is raised once the diagnostics have been emitted.

The banner names a pass by its class name, as MLIR names it by its C++ class (`Canonicalizer`).
"""

from __future__ import annotations

import os
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import IO

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

from ttc.ir.diagnostics import Diagnostic, current_error_count, emit
from ttc.ir.errors import PassFailure, TtcError
from ttc.pipelines.pass_base import TtcPass


class Timing:
    """Wall-clock seconds per named step, merged by name in order of first use (MLIR's list view)."""

    def __init__(self) -> None:
        self.start = time.perf_counter()
        self.seconds: dict[str, float] = {}

    def add(self, name: str, seconds: float) -> None:
        """Add `seconds` to the step `name`."""
        self.seconds[name] = self.seconds.get(name, 0.0) + seconds

    def rows(self) -> list[tuple[str, float]]:
        """(name, seconds) per step, then `Rest` (time not in any step) and `Total`."""
        total = time.perf_counter() - self.start
        rows = list(self.seconds.items())
        rows.append(("Rest", max(0.0, total - sum(self.seconds.values()))))
        rows.append(("Total", total))
        return rows

    def report(self, stream: IO[str], color: bool) -> None:
        """Write MLIR's execution-time report (a rich table when `color`)."""
        rows = self.rows()
        total = rows[-1][1] or 1e-12
        if color:
            from rich.console import Console
            from rich.table import Table

            table = Table(title="Execution time report", title_justify="left")
            table.add_column("Wall time (s)", justify="right")
            table.add_column("%", justify="right")
            table.add_column("Name")
            for name, seconds in rows:
                style = "bold" if name == "Total" else None
                table.add_row(f"{seconds:.4f}", f"{100 * seconds / total:.1f}", name, style=style)
            Console(file=stream).print(table)
            return
        bar = "===" + "-" * 73 + "==="
        lines = [
            bar,
            " " * 25 + "... Execution time report ...",
            bar,
            f"  Total Execution Time: {rows[-1][1]:.4f} seconds",
            "",
            "  ----Wall Time----  ----Name----",
        ]
        for name, seconds in rows:
            lines.append(f"  {seconds:8.4f} ({100 * seconds / total:5.1f}%)  {name}")
        stream.write("\n".join(lines) + "\n")
        stream.flush()


@dataclass
class RunOptions:
    """What to do around each pass.

    `print_ir` renders the module for the dumps (the caller's printing flags); `verify` checks the
    module after each pass and raises a located `TtcError` if it is invalid. The IR is dumped
    before/after every pass (`print_before_all`/`print_after_all`) or only around the passes whose
    flags `print_before`/`print_after` name (mlir-opt's `-mlir-print-ir-before=cse,...`).
    """

    print_ir: Callable[[ModuleOp], str]
    verify: Callable[[ModuleOp], None] | None = None
    print_before_all: bool = False
    print_after_all: bool = False
    print_before: frozenset[str] = frozenset()
    print_after: frozenset[str] = frozenset()
    print_after_failure: bool = False
    timing: Timing | None = None
    dump_stream: IO[str] = field(default_factory=lambda: sys.stderr)


def pass_label(instance: TtcPass) -> str:
    """`ClassName (flag)`, as MLIR's IR dumps and timing report name a pass."""
    return f"{type(instance).__name__} ({instance.name})"


def _dump(options: RunOptions, module: ModuleOp, when: str, instance: TtcPass) -> None:
    cls = type(instance).__name__
    header = f"// -----// IR Dump {when.replace('{}', cls)} ({instance.name}) "
    text = options.print_ir(module).removesuffix("\n")
    options.dump_stream.write(f"{header}('builtin.module' operation) //----- //\n{text}\n\n")
    options.dump_stream.flush()


def run_passes(passes: Sequence[TtcPass], module: ModuleOp, ctx: Context,
               options: RunOptions) -> None:
    """Apply `passes` to `module` in order; raise PassFailure after reporting the first failure."""
    for instance in passes:
        if options.print_before_all or instance.name in options.print_before:
            _dump(options, module, "Before {}", instance)
        errors_before = current_error_count()
        start = time.perf_counter()
        failed = False
        try:
            instance.apply(ctx, module)
        except TtcError as error:
            emit(Diagnostic.from_error(error))
            failed = True
        except Exception as error:  # noqa: BLE001 - a bug in a pass must not become a traceback
            if os.environ.get("TTC_DEBUG") == "1":
                traceback.print_exc()
            hint = "" if os.environ.get("TTC_DEBUG") == "1" else " (set TTC_DEBUG=1 for a traceback)"
            emit(Diagnostic("error", f"internal error in pass '{instance.name}': "
                                     f"{type(error).__name__}: {error}{hint}"))
            failed = True
        if options.timing is not None:
            options.timing.add(pass_label(instance), time.perf_counter() - start)
        failed = failed or current_error_count() > errors_before
        if not failed and options.verify is not None:
            start = time.perf_counter()
            try:
                options.verify(module)
            except TtcError as error:
                emit(Diagnostic.from_error(error))
                failed = True
            if options.timing is not None:
                options.timing.add("Verifier", time.perf_counter() - start)
        if failed:
            if options.print_after_failure:
                _dump(options, module, "After {} Failed", instance)
            raise PassFailure(instance.name)
        if options.print_after_all or instance.name in options.print_after:
            _dump(options, module, "After {}", instance)
