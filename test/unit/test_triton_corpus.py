"""The corpus helpers the golden tests build on: `strip_locations` drops what MLIR drops without
`--mlir-print-debuginfo` and nothing else; `distinct_pass_dumps` keeps one dump per text."""

from __future__ import annotations

import pytest
from triton_corpus import distinct_pass_dumps, pass_dumps, strip_locations


@pytest.mark.parametrize("text,stripped", [
    ("#loc = loc(\"k.py\":3:0)\n%0 = arith.addi %a, %b : i32 loc(#loc)\n",
     "%0 = arith.addi %a, %b : i32\n"),
    ('%0 = "x loc(1)" loc(#loc1)', '%0 = "x loc(1)"'),
    ('%0 = "q\\" loc(1)" loc("f":1:2)', '%0 = "q\\" loc(1)"'),
    ('%0 = "\\\\" loc(#l)', '%0 = "\\\\"'),
    ('a loc(callsite("a(" at "b")) b loc(fused["c":1:2, "d"(e)])', "a b"),
    ("no location here", "no location here"),
])
def test_strip_locations(text: str, stripped: str) -> None:
    assert strip_locations(text) == stripped


def test_distinct_pass_dumps_keep_the_first_of_each_text() -> None:
    distinct = distinct_pass_dumps()
    assert {(d.kernel, d.text) for d in distinct} == {(d.kernel, d.text) for d in pass_dumps()}
    assert len(distinct) == len({(d.kernel, d.text) for d in distinct})
    assert [d for d in pass_dumps() if d in distinct] == list(distinct)
