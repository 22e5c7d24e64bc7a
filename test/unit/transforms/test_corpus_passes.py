"""Each TTIR pass reproduces Triton 3.6's own output on the real pass dumps of the corpus."""

from __future__ import annotations

import difflib

import pytest
from corpus_dumps import PassCase, normalize, pass_cases, pass_class

from ttc.ir.context import make_context
from ttc.ir.errors import TtcError
from ttc.ir.parser import parse_module
from ttc.ir.printer import print_module

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


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_pass_matches_triton(case: PassCase) -> None:
    ctx = make_context()
    try:
        module = parse_module(case.before, case.id, ctx=ctx)
        expected = print_module(parse_module(case.after, case.id))
    except TtcError as err:
        pytest.skip(f"input not parseable by ttc yet: {err}")
    pass_class(case.flag)().apply(ctx, module)
    got, want = normalize(print_module(module)), normalize(expected)
    diff = "\n".join(difflib.unified_diff(want.splitlines(), got.splitlines(), lineterm=""))
    assert got == want, diff


def test_corpus_has_cases_for_every_pass() -> None:
    assert {c.flag for c in CASES} == FLAGS
