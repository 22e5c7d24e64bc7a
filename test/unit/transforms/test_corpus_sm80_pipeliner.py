"""ttc's software-pipelining passes reproduce Triton 3.6's own output on the sm80 per-pass dumps
of the GPU-test matmuls and flash attention: every run of each pass below, on the IR Triton gave
it, compared byte for byte after SSA renaming, and the canonicalize and loop-aware CSE runs on the
pipelined loops. The number of stages is the kernel's (`_s<N>` in
its name; attention uses 3)."""

from __future__ import annotations

import re

import pytest
from corpus_dumps import PassCase, assert_pass_matches, pass_cases


STAGED = {"tritongpu-assign-latencies", "tritongpu-pipeline"}
FLAGS = {"tritongpu-assign-latencies", "tritongpu-schedule-loops", "tritongpu-pipeline"}
POST_PIPELINE = {"canonicalize", "triton-loop-aware-cse"}
"""Passes checked on the pipelined loops (runs whose input has async copies and no LLVM dialect)."""
CASES = pass_cases(FLAGS, arch="sm80") + [
    c
    for c in pass_cases(POST_PIPELINE, arch="sm80")
    if "ttg.async_copy_global_to_local" in c.before and "llvm.func" not in c.before
]


def num_stages(kernel: str) -> int:
    match = re.search(r"_s(\d+)", kernel)
    return int(match.group(1)) if match else 3


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_pass_matches_triton(case: PassCase) -> None:
    options = {"num_stages": num_stages(case.kernel)} if case.flag in STAGED else {}
    assert_pass_matches(case, options)


def test_every_kernel_is_covered() -> None:
    for flag in FLAGS:
        assert sum(c.flag == flag for c in CASES) == 9, flag
    # make_ttgir canonicalizes three times and runs loop-aware CSE twice after the pipeliner.
    for flag, runs in {"canonicalize": 27, "triton-loop-aware-cse": 18}.items():
        assert sum(c.flag == flag for c in CASES) == runs, flag
