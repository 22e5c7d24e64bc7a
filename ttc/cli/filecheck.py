"""The `FileCheck` command: LLVM's FileCheck, as lit RUN lines name it, run by the Python port.

Triton's and MLIR's lit tests pipe into `FileCheck`; the `filecheck` package (in ttc's `test`
extra) installs its command as `filecheck`, so a user's Triton-style suite found no `FileCheck`.
ttc installs this console script under LLVM's name. It runs the Python port with the arguments
given, after the words of `FILECHECK_OPTS` (as LLVM's FileCheck adds that variable's options,
which Triton's lit setup uses for `--enable-var-scope`). Without the package it says what to
install and exits with 2.
"""

from __future__ import annotations

import os
import shlex
import sys

OPTIONS_VARIABLE = "FILECHECK_OPTS"


def arguments(argv: list[str], environ: dict[str, str] | os._Environ[str]) -> list[str]:
    """`argv` (program name first) with the options of FILECHECK_OPTS added after the name."""
    return [argv[0], *shlex.split(environ.get(OPTIONS_VARIABLE, "")), *argv[1:]]


def main() -> None:
    """Console-script entry point."""
    try:
        from filecheck.main import main as run_filecheck
    except ImportError:
        sys.stderr.write("error: FileCheck needs the Python 'filecheck' package: "
                         "pip install 'ttc[test]'\n")
        sys.exit(2)
    try:
        argv = arguments(sys.argv, os.environ)
    except ValueError as error:
        sys.stderr.write(f"error: cannot read {OPTIONS_VARIABLE}: {error}\n")
        sys.exit(2)
    run_filecheck(argv)
