"""LLVM IR for MUSA: the shared LLVM-dialect translation with MUSA's triple, data layout and kernel
ABI, then made readable by the vendor's LLVM 14 (FlagTree's `MUSATranslation.cpp` regex rewrites
and FTnew's `_llvm_compat`).

Kernels use calling convention 102 (`MTGPU_KERNEL`, printed `cc 102` so that upstream LLVM parses
it) and are listed in `!musa.annotations` with their `maxntidx`. LLVM 14 predates some syntax the
shared translation writes: `captures(none)` is LLVM 14's `nocapture`, and the flags and
attributes LLVM 14 does not know (`nneg`, `disjoint`, `samesign`, `range(...)`, `memory(...)`)
are dropped, as the vendor's compatibility pass does. Pointers stay opaque (`ptr`), which the
vendor llc reads with `--opaque-pointers`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ttc.targets.llvmir import KernelABI, emit_llvm_ir

if TYPE_CHECKING:
    from xdsl.dialects.builtin import ModuleOp

TRIPLE = "mtgpu-mt-musa"
DATA_LAYOUT = ("e-p:64:64:64:64-p1:64:64:64:64-p2:64:64:64:64-p3:32:32-p4:32:32-p5:64:64-i64:64-"
               "v16:16-v24:32-v32:32-v48:64-v96:128")
"""MUSA's data layout (FlagTree's `attach_datalayout`): address space 3 (shared) has 32-bit pointers."""

MUSA_KERNEL_ABI = KernelABI(calling_convention="cc 102", annotations="musa.annotations")

_LLVM14_REWRITES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bcaptures\(none\)"), "nocapture"),
    (re.compile(r" (?:nneg|disjoint|samesign)\b"), ""),
    (re.compile(r" range\([^)]*\)"), ""),
    (re.compile(r" memory\([^)]*\)"), ""),
)


def llvm14_compatible(llvm_ir: str) -> str:
    """`llvm_ir` in the syntax LLVM 14 reads (see the module docstring)."""
    for pattern, replacement in _LLVM14_REWRITES:
        llvm_ir = pattern.sub(replacement, llvm_ir)
    return llvm_ir


def emit_musa_llvm_ir(module: ModuleOp) -> str:
    """A lowered module (builtin and llvm ops only) as LLVM 14 compatible IR for mtgpu-mt-musa."""
    return llvm14_compatible(
        emit_llvm_ir(module, triple=TRIPLE, data_layout=DATA_LAYOUT, kernel_abi=MUSA_KERNEL_ABI))
