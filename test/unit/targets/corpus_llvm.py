"""Triton 3.6's LLVM-dialect dumps from the corpus, parsed once per test session.

The sm90 pass dumps hold the module before every pass; from `convert-warp-specialize-to-llvm` on,
the module is pure `llvm` + `nvvm` dialect (Triton's input to LLVM IR translation at the end).
"""

from __future__ import annotations

from functools import cache

from triton_corpus import CORPUS, pass_dumps
from xdsl.dialects.builtin import ModuleOp

from ttc_parse import parse_module

KERNELS = ("add", "matmul_64x64x32_w4_s2")
FIRST_LLVM_ONLY_PASS = "convert-warp-specialize-to-llvm"


@cache
def llvm_dialect_dumps(kernel: str) -> tuple[tuple[str, str], ...]:
    """(pass flag, module text) for each dump that is pure llvm/nvvm dialect."""
    dumps: list[tuple[str, str]] = []
    for dump in pass_dumps(kernel):
        if dumps or dump.flag == FIRST_LLVM_ONLY_PASS:
            dumps.append((dump.flag, dump.text))
    return tuple(dumps)


@cache
def final_llvm_module(kernel: str) -> ModuleOp:
    """The module Triton translates to LLVM IR (the dump before `enable-line-info`)."""
    flag, text = llvm_dialect_dumps(kernel)[-1]
    module = parse_module(text, f"{kernel}/{flag}.mlir")
    module.verify()
    return module


def corpus_file(kernel: str, name: str) -> str:
    return (CORPUS / kernel / name).read_text()
