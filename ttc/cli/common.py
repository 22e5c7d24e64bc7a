"""Helpers every `ttc` subcommand shares: reading input, reporting errors, running a command.

* `read_input(path)`: a file's text, or stdin's for `-`; an unreadable or non-UTF-8 input is a
  `TtcError` (exit 1), like mlir-opt's "could not open input file".
* `run_command(body)`: calls `body()` (which returns an exit code) on a thread with a deep stack
  (`ttc.ir.stack.call_with_deep_stack`), prints any `TtcError` it raises as an MLIR diagnostic, and turns a bug
  into one `internal error` line (a traceback only with `TTC_DEBUG=1`); exits with 0, 1 (input or
  compile error) or 2 (usage error). `exit_code_of(body)` does the same but returns the code (a
  batch's worker runs each compile through it).

A command runs with room for the parser's `MAX_REGION_DEPTH` levels of nesting
(`ttc.ir.stack`). This module imports neither xDSL nor the dialects until an error is reported,
so a command that needs no compiler (a compile-cache hit) starts quickly.
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from ttc.ir.errors import PassFailure, TtcError
from ttc.ir.stack import call_with_deep_stack

if TYPE_CHECKING:
    from ttc.ir.diagnostics import DiagnosticPrinter

STDIN_NAME = "<stdin>"


def read_input(path: str) -> tuple[str, str]:
    """(text, name for diagnostics) of `path`, or of stdin when `path` is `-`."""
    if path == "-":
        data = sys.stdin.buffer.read()
        name = STDIN_NAME
    else:
        name = path
        try:
            data = Path(path).read_bytes()
        except FileNotFoundError:
            raise TtcError(f"could not open input file '{path}': No such file or directory") \
                from None
        except IsADirectoryError:
            raise TtcError(f"could not open input file '{path}': Is a directory") from None
        except OSError as error:
            raise TtcError(f"could not open input file '{path}': {error.strerror}") from None
    try:
        return data.decode("utf-8"), name
    except UnicodeDecodeError as error:
        raise TtcError(f"input file '{name}' is not valid UTF-8 (byte {error.start})") from None


def report_error(error: TtcError, printer: DiagnosticPrinter | None = None) -> None:
    """Print a TtcError as an MLIR diagnostic on stderr."""
    from ttc.ir.diagnostics import DiagnosticPrinter

    (printer or DiagnosticPrinter()).print_error(error)


def run_command(body: Callable[[], int]) -> NoReturn:
    """Run a subcommand body and exit with its code, reporting errors without tracebacks."""
    sys.exit(exit_code_of(body))


def exit_code_of(body: Callable[[], int]) -> int:
    """`body()`'s exit code on a deep stack, with what it raises reported on stderr as a code."""
    try:
        code = call_with_deep_stack(body)
    except PassFailure:
        code = 1
    except TtcError as error:
        report_error(error)
        code = error.exit_code
    except KeyboardInterrupt:
        code = 130
    except RecursionError:
        sys.stderr.write("error: the input is nested too deeply for ttc to process\n")
        code = 1
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        code = 1
    except Exception as error:  # noqa: BLE001 - a bug in ttc must not become a traceback
        if os.environ.get("TTC_DEBUG") == "1":
            traceback.print_exc()
            hint = ""
        else:
            hint = " (set TTC_DEBUG=1 for a traceback)"
        sys.stderr.write(f"error: internal error: {type(error).__name__}: {error}{hint}\n")
        code = 1
    return code
