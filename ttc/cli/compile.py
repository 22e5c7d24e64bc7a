"""`ttc compile`: a kernel from TTIR (or any later stage) to a GPU binary, as `triton.compile` does.

The output's suffix says how far to go: `.ttir`, `.ttgir` (MLIR after that stage), `.llir`/`.ll`
(O3 LLVM IR), `.ptx`, `.cubin`, or whatever other artifacts the target produces. `--dump-dir`
keeps every stage as `<kernel>.<suffix>` plus `<kernel>.json` (name, parameters, warps, threads per
block, shared memory: what a launcher needs). `--mlir-timing` reports each pass and each back-end
step. The output file is written only when the whole compile succeeds.

Compiles go through the compile cache (`ttc.cache`, in `TTC_CACHE_DIR`) unless `--no-cache` is
given: a hit writes the stored output, kept stages and metadata without loading the compiler.

`run_compile` is shared with `ttc translate`: it reads the input, runs the driver with MLIR
diagnostics (source line and caret), prints the timing report, and writes the output.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ttc.cache import CompileCache
from ttc.cli.common import read_input, run_command, write_output
from ttc.compile_driver import (
    DEFAULT_NUM_CTAS,
    DEFAULT_NUM_STAGES,
    CompileOptions,
)
from ttc.ir.errors import PassFailure, TtcError, UsageError

if TYPE_CHECKING:
    from ttc.pipelines.runner import Timing

MLIR_OUTPUT_SUFFIXES = {".ttir": "ttir", ".ttgir": "ttgir"}


def ptxas_option(function: click.decorators.FC) -> click.decorators.FC:
    """`--ptxas PATH` (NVIDIA targets)."""
    return click.option(
        "--ptxas", metavar="PATH", default=None,
        help="ptxas to run for cubin (default: TTC_PTXAS, the nvidia-cuda-nvcc wheel, PATH, "
             "/usr/local/cuda/bin).")(function)


def timing_option(function: click.decorators.FC) -> click.decorators.FC:
    """`--mlir-timing`."""
    return click.option(
        "--mlir-timing", "timing", is_flag=True,
        help="Print the seconds spent parsing, in each pass and in each back-end step (LLVM "
             "opt, PTX codegen, ptxas) to stderr.")(function)


def tools(ptxas: str | None) -> dict[str, str]:
    """The tool paths given on the command line, for the target."""
    return {"ptxas": ptxas} if ptxas else {}


def run_compile(input_path: str, output: str, options: CompileOptions,
                dump_dir: str | None = None, cache: CompileCache | None = None) -> int:
    """Compile `input_path` to `output` with diagnostics and timing, through `cache` if given;
    return the exit code."""
    from ttc.compile_driver import compile_source
    from ttc.ir.diagnostics import DiagnosticPrinter, diagnostic_handler, use_color

    text, filename = read_input(input_path)
    printer = DiagnosticPrinter()
    printer.add_source(filename, text)
    if dump_dir is not None:
        options.keep = dump_writer(dump_dir)
    try:
        with diagnostic_handler(printer.print):
            compiled = compile_source(text, filename, options, cache)
        write_output(output, compiled.output)
        code = 0
    except PassFailure:
        code = 1
    except TtcError as error:
        printer.print_error(error)
        code = error.exit_code
    if options.timing is not None:
        options.timing.report(sys.stderr, use_color(sys.stderr))
    return code


def dump_writer(dump_dir: str) -> Callable[[str, str | bytes], None]:
    """Writes each stage into `dump_dir`, created when the first stage is ready."""
    directory = Path(dump_dir)

    def keep(name: str, data: str | bytes) -> None:
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise TtcError(f"cannot create dump directory '{dump_dir}': "
                           f"{error.strerror or error}") from None
        write_output(str(directory / name), data)

    return keep


@click.command("compile", context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("input_path", metavar="INPUT", default="-")
@click.option("--target", "target_text", required=True, metavar="TARGET",
              help="Target string, e.g. cuda:80 or cuda:90 (`ttc list targets`).")
@click.option("-o", "output", required=True, metavar="FILE",
              help="Output file; its suffix picks the result: .ttir, .ttgir, .llir/.ll, .ptx, "
                   ".cubin.")
@click.option("--num-warps", type=click.IntRange(min=1), default=None,
              help="Warps per program (default: the module's ttg.num-warps, else 4).")
@click.option("--num-stages", type=click.IntRange(min=1), default=DEFAULT_NUM_STAGES,
              show_default=True, help="Software-pipelining stages.")
@click.option("--num-ctas", type=click.IntRange(min=1), default=DEFAULT_NUM_CTAS,
              show_default=True, help="CTAs per cluster.")
@click.option("--dump-dir", metavar="DIR", default=None,
              help="Keep every stage in DIR as <kernel>.ttir/.ttgir/.llir/.ptx/.cubin and "
                   "<kernel>.json (launch metadata).")
@click.option("--pipelines-file", metavar="FILE", default=None,
              help="Read the stages from FILE instead of pipelines.yaml.")
@click.option("--verify-each", is_flag=True,
              help="Verify the module after every pass (default: after every stage).")
@click.option("--no-cache", is_flag=True,
              help="Compile even when the compile cache (TTC_CACHE_DIR) holds the result, and "
                   "store nothing there.")
@timing_option
@ptxas_option
def compile_command(input_path: str, target_text: str, output: str, num_warps: int | None,
                    num_stages: int, num_ctas: int, dump_dir: str | None,
                    pipelines_file: str | None, verify_each: bool, no_cache: bool, timing: bool,
                    ptxas: str | None) -> None:
    """Compile INPUT (TTIR, TTGIR, the LLVM dialect or LLVM IR; '-' for stdin) for a GPU."""

    def body() -> int:
        from ttc.targets.base import parse_target

        target = parse_target(target_text, tools(ptxas))
        suffixes = dict(MLIR_OUTPUT_SUFFIXES)
        for artifact in target.artifacts:
            suffixes.update(dict.fromkeys(artifact.suffixes, artifact.name))
        until = suffixes.get(Path(output).suffix)
        if until is None and (other := _other_targets_artifact(Path(output).suffix)):
            produced = ", ".join(a.name for a in target.artifacts)
            raise UsageError(f"target {target.string} cannot produce {other} (the output name "
                             f"'{output}' asks for it); it produces {produced}")
        if until is None:
            raise UsageError(f"cannot tell what to produce from the output name '{output}': "
                             f"use one of {', '.join(suffixes)}")
        options = CompileOptions(
            target=target, until=until, num_warps=num_warps, num_stages=num_stages,
            num_ctas=num_ctas, pipelines_file=pipelines_file, verify_each=verify_each,
            timing=_timing() if timing else None)
        return run_compile(input_path, output, options, dump_dir,
                           None if no_cache else CompileCache())

    run_command(body)


def _timing() -> Timing:
    from ttc.pipelines.runner import Timing

    return Timing()


def _other_targets_artifact(suffix: str) -> str | None:
    """`'cubin' (a cuda artifact)` when `suffix` names an artifact of some target family."""
    from ttc.targets.base import target_classes

    for family, cls in target_classes().items():
        for artifact in cls.artifacts:
            if suffix in artifact.suffixes:
                return f"'{artifact.name}' (a {family} artifact)"
    return None
