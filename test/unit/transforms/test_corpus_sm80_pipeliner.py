"""ttc's software-pipelining passes reproduce Triton 3.6's own output on the sm80 per-pass dumps
of the GPU-test matmuls and flash attention: every run of each pass below, on the IR Triton gave
it, compared byte for byte after SSA renaming, and the canonicalize and loop-aware CSE runs on the
pipelined loops. The number of stages is the kernel's (`_s<N>` in
its name; attention uses 3)."""

from __future__ import annotations

import pytest
from corpus_dumps import (
    PIPELINER_FLAGS,
    PassCase,
    assert_pass_matches,
    pass_cases,
    pipeliner_options,
)

FLAGS = set(PIPELINER_FLAGS)
POST_PIPELINE = {"canonicalize", "triton-loop-aware-cse"}
"""Passes checked on the pipelined loops (runs whose input has async copies and no LLVM dialect)."""
CASES = pass_cases(FLAGS, arch="sm80") + [
    c
    for c in pass_cases(POST_PIPELINE, arch="sm80")
    if "ttg.async_copy_global_to_local" in c.before and "llvm.func" not in c.before
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_pass_matches_triton(case: PassCase) -> None:
    assert_pass_matches(case, pipeliner_options(case))


def test_every_kernel_is_covered() -> None:
    for flag in FLAGS:
        assert sum(c.flag == flag for c in CASES) == 9, flag
    # make_ttgir canonicalizes three times and runs loop-aware CSE twice after the pipeliner.
    for flag, runs in {"canonicalize": 27, "triton-loop-aware-cse": 18}.items():
        assert sum(c.flag == flag for c in CASES) == runs, flag
