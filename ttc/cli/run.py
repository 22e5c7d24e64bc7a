"""`ttc run -- COMMAND...`: run an unmodified program or test command with ttc compiling its
Triton kernels (the `ttc.triton` integration, switched on in every Python process it starts).

The command inherits `TTC_TRITON=1`, the integration's options as `TTC_*` variables, and a
PYTHONPATH that starts with ttc's start-up hook (`ttc/triton/startup/sitecustomize.py`); its exit
code is `ttc run`'s.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import click

from ttc.cli.common import run_command
from ttc.ir.errors import TtcError
from ttc.ir.target import MMA_CHOICES, MmaChoice

STARTUP_DIR = str(Path(__file__).resolve().parent.parent / "triton" / "startup")
"""The directory whose `sitecustomize` installs ttc into Triton in each Python process."""


@click.command("run", context_settings={"help_option_names": ["-h", "--help"],
                                        "allow_interspersed_args": False})
@click.option("--target", metavar="TARGET",
              help="Compile the MLIR stages for this target (a cuda one of `ttc list targets`); "
                   "default: the GPU's.")
@click.option("--pipelines-file", metavar="FILE",
              help="The pipelines.yaml whose ttir, ttgir and llir pipelines run.")
@click.option("--dump-dir", metavar="DIR", help="Keep every stage of every kernel in DIR.")
@click.option("--fallback", is_flag=True,
              help="Let Triton compile, with a warning, a kernel ttc cannot compile.")
@click.option("--compile-log", metavar="FILE",
              help="Append one JSON line per kernel compiled (kernel, ok, seconds, error).")
@click.option("--no-cache", is_flag=True,
              help="Neither look kernels up in nor add them to ttc's compile cache.")
@click.option("--mma", type=click.Choice(MMA_CHOICES), default=None,
              help="How cuda:9x picks wgmma or mma.sync for a dot: auto (ttc's measured cost "
                   "model, the default), wgmma (Triton's choice) or mma-sync.")
@click.argument("command", nargs=-1, required=True, type=click.UNPROCESSED)
def run(target: str | None, pipelines_file: str | None, dump_dir: str | None,
        fallback: bool, compile_log: str | None, no_cache: bool, mma: MmaChoice | None,
        command: tuple[str, ...]) -> None:
    """Run COMMAND with ttc compiling every @triton.jit kernel of its Python processes.

    \b
      ttc run -- python train.py --epochs 1
      ttc run --dump-dir build/ -- pytest -q tests/
    """
    from ttc.triton.options import IntegrationOptions

    def body() -> int:
        options = IntegrationOptions(target, pipelines_file, dump_dir, fallback, compile_log,
                                     not no_cache, mma)
        env = dict(os.environ)
        env.update(options.environment())
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [STARTUP_DIR, env.get("PYTHONPATH")]))
        try:
            return subprocess.call(list(command), env=env)
        except OSError as error:
            raise TtcError(f"cannot run '{command[0]}': {error.strerror or error}",
                           exit_code=2) from None

    run_command(body)
