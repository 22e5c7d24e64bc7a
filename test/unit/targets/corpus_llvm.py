"""Triton 3.6's LLVM-dialect dumps from the corpus, parsed once per test session.

The sm90 pass dumps hold the module before every pass; from `convert-warp-specialize-to-llvm` on,
the module is pure `llvm` + `nvvm` dialect (Triton's input to LLVM IR translation at the end).
"""

from __future__ import annotations

import gzip
import re
from functools import cache
from pathlib import Path

import pytest
from xdsl.dialects.builtin import ModuleOp

from ttc.ir.parser import parse_module

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "triton-3.6"
if not CORPUS.is_dir():
    CORPUS = Path("/work/shared/corpus/triton-3.6")

KERNELS = ("add", "matmul_64x64x32_w4_s2")
SECTION = re.compile(r"^// -----// IR Dump Before (.*)$", re.MULTILINE)
FIRST_LLVM_ONLY_PASS = "convert-warp-specialize-to-llvm"


@cache
def llvm_dialect_dumps(kernel: str) -> tuple[tuple[str, str], ...]:
    """(pass flag, module text) for each dump that is pure llvm/nvvm dialect."""
    path = CORPUS / kernel / "sm90.passes.mlir.gz"
    if not path.is_file():
        pytest.skip(f"corpus dump {path} not present")
    parts = SECTION.split(gzip.decompress(path.read_bytes()).decode())
    dumps: list[tuple[str, str]] = []
    for header, body in zip(parts[1::2], parts[2::2], strict=True):
        flag = header.split(" (", 1)[1].split(")", 1)[0]
        if dumps or flag == FIRST_LLVM_ONLY_PASS:
            dumps.append((flag, body))
    return tuple(dumps)


@cache
def final_llvm_module(kernel: str) -> ModuleOp:
    """The module Triton translates to LLVM IR (the dump before `enable-line-info`)."""
    flag, text = llvm_dialect_dumps(kernel)[-1]
    module = parse_module(text, f"{kernel}/{flag}.mlir")
    module.verify()
    return module


def corpus_file(kernel: str, name: str) -> str:
    path = CORPUS / kernel / name
    if not path.is_file():
        pytest.skip(f"corpus file {path} not present")
    return path.read_text()
