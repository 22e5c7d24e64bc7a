"""One compile of `ttc compile` (and `ttc translate`): its settings, its job, and running it.

`CompileSettings` holds a command's options, shared by its inputs and sent to batch workers
(`ttc.cli.batch`); a `Job` is one input with its output and depfile; `run_compile` reads the
input, runs the driver with MLIR diagnostics (source line and caret), prints the timing report,
and writes the output, its depfile and, with `--dump-dir`, every stage (`dump_writer`).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ttc.cache import CompileCache
from ttc.cli.common import read_input
from ttc.cli.depfile import make_rule
from ttc.compile_driver import CompileOptions
from ttc.ir.errors import PassFailure, TtcError
from ttc.ir.target import MmaChoice
from ttc.outputs import dump_writer, write_output

if TYPE_CHECKING:
    from ttc.pipelines.runner import Timing


def tools(ptxas: str | None) -> dict[str, str]:
    """The tool paths given on the command line, for the target."""
    return {"ptxas": ptxas} if ptxas else {}


@dataclass(frozen=True)
class CompileSettings:
    """The options of one `ttc compile` command, shared by its inputs (and sent to workers)."""

    target_text: str
    ptxas: str | None
    until: str
    num_warps: int | None
    num_stages: int
    num_ctas: int
    mma: MmaChoice | None
    pipelines_file: str | None
    verify_each: bool
    timing: bool
    dump_dir: str | None
    cache: bool = True

    def compile_cache(self) -> CompileCache | None:
        """The compile cache the compiles go through (None with `--no-cache`)."""
        return CompileCache() if self.cache else None

    def options(self) -> CompileOptions:
        """Fresh driver options (a new Timing for each compile)."""
        from ttc.targets.base import parse_target

        return CompileOptions(
            target=parse_target(self.target_text, tools(self.ptxas)), until=self.until,
            num_warps=self.num_warps, num_stages=self.num_stages, num_ctas=self.num_ctas,
            mma=self.mma, pipelines_file=self.pipelines_file, verify_each=self.verify_each,
            timing=_timing() if self.timing else None)


@dataclass(frozen=True)
class Job:
    """One input, where its output goes, and where its Make rule goes (None: no depfile)."""

    input_path: str
    output: str
    depfile: str | None = None


def run_compile(input_path: str, output: str, options: CompileOptions,
                dump_dir: str | None = None, depfile: str | None = None,
                cache: CompileCache | None = None) -> int:
    """Compile `input_path` to `output` with diagnostics and timing, through `cache` if given;
    return the exit code.

    With `depfile`, the Make rule of `output` is written there once the output is.
    """
    from ttc.compile_driver import compile_source
    from ttc.ir.diagnostics import DiagnosticPrinter, diagnostic_handler, use_color

    text, filename = read_input(input_path)
    printer = DiagnosticPrinter()
    printer.add_source(filename, text)
    if dump_dir is not None:
        options.keep = dump_writer(dump_dir, dump_prefix(input_path, output))
    try:
        with diagnostic_handler(printer.print):
            compiled = compile_source(text, filename, options, cache)
        write_output(output, compiled.output)
        if depfile is not None:
            write_output(depfile, make_rule(output, dependencies(input_path, options)))
        code = 0
    except PassFailure:
        code = 1
    except TtcError as error:
        printer.print_error(error)
        code = error.exit_code
    if options.timing is not None:
        options.timing.report(sys.stderr, use_color(sys.stderr))
    return code


def dependencies(input_path: str, options: CompileOptions) -> list[str]:
    """The files a compile reads: its input (unless stdin) and the pipelines file."""
    from ttc.pipelines.location import default_pipelines_file

    pipelines = options.pipelines_file or str(default_pipelines_file())
    return ([input_path] if input_path != "-" else []) + [pipelines]


def dump_prefix(input_path: str, output: str) -> str | None:
    """What dump names start with: the output's stem, else the input's (None for stdin to stdout).

    Builds that write different outputs keep their dumps apart in one folder; a build that writes
    the same output again replaces them, as it replaces the output.
    """
    for path in (output, input_path):
        if path != "-":
            return Path(path).stem
    return None


def _timing() -> Timing:
    from ttc.pipelines.runner import Timing

    return Timing()
