"""The `ttc` command: a click group whose subcommands live one per module and load on demand.

`ttc --version` and `ttc --help` import neither xDSL nor the dialects, so they start quickly; a
subcommand's module (and with it the compiler) is imported only when that subcommand runs.
"""

from __future__ import annotations

import gc
import importlib
import importlib.util

import click

from ttc import __version__
from ttc.ir.stack import collect_rarely

SUBCOMMANDS: dict[str, tuple[str, str, str]] = {
    "opt": ("ttc.cli.opt", "opt", "Parse, verify and transform Triton IR (a drop-in triton-opt)."),
    "translate": ("ttc.cli.translate", "translate", "Translate to LLVM IR, PTX or cubin."),
    "compile": ("ttc.cli.compile", "compile_command", "Compile TTIR (or later) to a GPU binary."),
    "layout": ("ttc.cli.layout", "layout", "Draw which thread and register holds each element."),
    "list": ("ttc.cli.list_cmd", "list_group", "List passes, pipelines and targets."),
    "run": ("ttc.cli.run", "run", "Run a command with ttc compiling its Triton kernels."),
}


def _available(module_name: str) -> bool:
    return importlib.util.find_spec(module_name) is not None


class LazyGroup(click.Group):
    """A group that imports a subcommand's module only when the subcommand is used."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [name for name, (module, _, _) in SUBCOMMANDS.items() if _available(module)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in SUBCOMMANDS:
            return None
        module_name, attr, _ = SUBCOMMANDS[cmd_name]
        if not _available(module_name):
            return None
        return getattr(importlib.import_module(module_name), attr)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, SUBCOMMANDS[name][2]) for name in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="ttc")
def cli() -> None:
    """ttc: a Triton compiler driver (triton-opt and triton-translate in one command)."""


def main() -> None:
    """Console-script entry point.

    A ttc process is short-lived and builds hundreds of op and attribute classes at import, which
    triggers many young-generation collections that free nothing; collecting as rarely as a
    compile does (`ttc.ir.stack.collect_rarely`) trims start-up by tens of milliseconds. When the command is done, every
    object is frozen (`gc.freeze`): the interpreter's shutdown then skips its final collection of
    all of them (a sixth of a cold compile's CPU time), and the OS frees the memory at once.
    """
    collect_rarely()
    try:
        cli()
    finally:
        gc.freeze()
