"""Each TTIR pass reproduces Triton 3.6's own output on the real pass dumps of the corpus."""

from __future__ import annotations

import pytest
from corpus_dumps import PassCase, normalize, pass_cases, pass_class
from triton_corpus import assert_same_text

from ttc.dialects.context import make_context
from ttc.ir.printer import print_module
from ttc_parse import parse_module

FLAGS = {
    "canonicalize",
    "cse",
    "inline",
    "sccp",
    "symbol-dce",
    "triton-combine",
    "triton-licm",
    "triton-loop-aware-cse",
    "triton-loop-unroll",
    "triton-reorder-broadcast",
}
CASES = pass_cases(FLAGS)

_LLVM_CANONICALIZE = (
    "canonicalize on the LLVM dialect: the LLVM ops' folders (llvm.shl of constants, "
    "llvm.bitcast to the same type, llvm.extractvalue of an llvm.insertvalue chain, ...) and "
    "the LLVM dialect's constant materialization are missing"
)
KNOWN_GAPS = {
    "add-61-canonicalize": _LLVM_CANONICALIZE,
    "matmul_64x64x32_w4_s2-65-canonicalize": _LLVM_CANONICALIZE,
    **{f"{kernel}-65-canonicalize": _LLVM_CANONICALIZE for kernel in (
        "matmul_f16_128x128x64_w8_s3", "matmul_f16_64x64x32_w4_s2", "matmul_f32_tf32_64x64x32_w4_s3")},
    "matmul_bf16_128x64x32_w4_s4_relu-66-canonicalize": _LLVM_CANONICALIZE,
    "attention-70-canonicalize": _LLVM_CANONICALIZE,
    "attention-00-inline": (
        "value numbering: after inlining, ttc numbers the values inside tt.reduce's region "
        "differently from MLIR's printer"
    ),
    "matmul_descriptor-64-canonicalize": _LLVM_CANONICALIZE,
}
"""Runs ttc does not reproduce yet, each strict so that it fails loudly (XPASS) once it does."""


def _case_param(case: PassCase) -> object:
    gap = KNOWN_GAPS.get(case.id)
    marks = [pytest.mark.xfail(reason=gap, strict=True)] if gap else []
    return pytest.param(case, id=case.id, marks=marks)


@pytest.mark.parametrize("case", [_case_param(case) for case in CASES])
def test_pass_matches_triton(case: PassCase) -> None:
    ctx = make_context()
    module = parse_module(case.before, case.id, ctx=ctx)
    expected = print_module(parse_module(case.after, case.id))
    pass_class(case.flag)().apply(ctx, module)
    got, want = normalize(print_module(module)), normalize(expected)
    assert_same_text(got, want)


def test_corpus_has_cases_for_every_pass() -> None:
    assert {c.flag for c in CASES} == FLAGS
