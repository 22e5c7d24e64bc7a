"""ttc's TTIR→TTGIR passes reproduce Triton 3.6's own output on the corpus pass dumps (sm90,
4 warps): every run of convert-triton-to-tritongpu, tritongpu-coalesce,
tritongpu-remove-layout-conversions, tritongpu-optimize-thread-locality and
tritongpu-reduce-data-duplication in the vector-add and matmul pipelines."""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

import pytest

from ttc.ir.context import make_context
from ttc.ir.parser import parse_module
from ttc.ir.printer import print_module
from ttc.pipelines.registry import get_pass

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "transforms"))
from corpus_dumps import PassCase, normalize, pass_cases  # noqa: E402

OPTIONS: dict[str, dict[str, object]] = {
    "convert-triton-to-tritongpu": {"target": "cuda:90", "num_warps": 4},
    "tritongpu-coalesce": {},
    "tritongpu-remove-layout-conversions": {},
    "tritongpu-optimize-thread-locality": {},
    "tritongpu-reduce-data-duplication": {},
}
CASES = pass_cases(set(OPTIONS))


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_pass_matches_triton(case: PassCase) -> None:
    ctx = make_context()
    module = parse_module(case.before, case.id, ctx=ctx)
    expected = print_module(parse_module(case.after, case.id))
    cls = get_pass(case.flag)
    assert cls is not None
    cls(**OPTIONS[case.flag]).apply(ctx, module)  # pyright: ignore[reportCallIssue]
    got, want = normalize(print_module(module)), normalize(expected)
    diff = "\n".join(difflib.unified_diff(want.splitlines(), got.splitlines(), lineterm=""))
    assert got == want, diff


def test_corpus_covers_every_pass() -> None:
    assert {c.flag for c in CASES} == set(OPTIONS)
    assert sum(c.flag == "tritongpu-remove-layout-conversions" for c in CASES) == 6
