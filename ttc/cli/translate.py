"""`ttc translate`: TTGIR, the LLVM dialect or LLVM IR to LLVM IR, PTX or cubin (triton-translate).

TTGIR first goes through the target's `llir` stage; the LLVM dialect is translated by ttc's own
emitter (or, with `--via=mlir`, by upstream MLIR's `translateModuleToLLVMIR` through its Python
bindings, the optional `mlir` extra); LLVM IR text (detected from its content, whatever the file's
name) goes straight to the back end. A binary result (cubin) is written to standard output only
when `-o -` asks for it explicitly.
"""

from __future__ import annotations

import click

from ttc.cli.common import run_command
from ttc.cli.compile import ptxas_option, timing_option
from ttc.cli.jobs import run_compile, tools
from ttc.ir.errors import UsageError

TRANSLATE_INPUTS = ("ttgir", "llvm", "llvmir")


@click.command("translate", context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("input_path", metavar="INPUT", default="-")
@click.option("--to", "to", required=True, metavar="KIND",
              help="What to produce: llvmir, ptx or cubin (NVIDIA targets).")
@click.option("--target", "target_text", required=True, metavar="TARGET",
              help="Target string, e.g. cuda:80 or cuda:90 (`ttc list targets`).")
@click.option("-o", "output", default=None, metavar="FILE",
              help="Output file (default: stdout, text results only; '-o -' forces stdout).")
@click.option("--via", type=click.Choice(["ttc", "mlir"]), default="ttc", show_default=True,
              help="Who translates the LLVM dialect to LLVM IR: ttc's emitter, or upstream "
                   "MLIR's (needs `pip install 'ttc[mlir]'`).")
@click.option("--pipelines-file", metavar="FILE", default=None,
              help="Read the llir stage from FILE instead of pipelines.yaml.")
@timing_option
@ptxas_option
def translate(input_path: str, to: str, target_text: str, output: str | None, via: str,
              pipelines_file: str | None, timing: bool, ptxas: str | None) -> None:
    """Translate INPUT ('-' for stdin) to LLVM IR, PTX or cubin."""

    def body() -> int:
        from ttc.compile_driver import CompileOptions
        from ttc.pipelines.runner import Timing
        from ttc.targets.base import parse_target

        target = parse_target(target_text, tools(ptxas))
        artifact = target.artifact(to)
        if artifact.binary and output is None:
            raise UsageError(f"refusing to write a binary {artifact.name} to standard output: "
                             "pass -o FILE (or -o - to force it)")
        translator = None
        if via == "mlir":
            from ttc.targets.mlir_bindings import upstream_translator

            translator = upstream_translator()
        options = CompileOptions(target=target, until=artifact.name,
                                 pipelines_file=pipelines_file,
                                 timing=Timing() if timing else None,
                                 accept=TRANSLATE_INPUTS, translator=translator)
        return run_compile(input_path, output or "-", options)

    run_command(body)
