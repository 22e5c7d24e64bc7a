"""ttc's software-pipelining passes reproduce Triton 3.6's own output on the sm90 (Hopper) per-pass
dumps: the corpus kernels, and the GPU-test matmuls (cp.async into `#ttg.nvmma_shared` buffers
feeding asynchronous `ttng.warp_group_dot`s), flash attention (a synchronous and an asynchronous
wgmma in one loop) and the tensor-descriptor matmul (TMA copies with mbarrier rings). Every run of
each pass, on the IR Triton gave it, is compared byte for byte after SSA renaming. The number of
stages is the kernel's (`_s<N>` in its name; the others use 3)."""

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
CASES = pass_cases(FLAGS, arch="sm90")


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_pass_matches_triton(case: PassCase) -> None:
    assert_pass_matches(case, pipeliner_options(case))


def test_every_kernel_is_covered() -> None:
    kernels = {c.kernel for c in CASES}
    assert {"attention", "matmul_descriptor", "matmul_f16_128x128x64_w8_s3"} <= kernels
    for flag in FLAGS:
        assert sum(c.flag == flag for c in CASES) == len(kernels), flag


def test_pipelined_ir_uses_hopper_ops() -> None:
    """The expected outputs exercise what the sm90 pipeliner adds to the sm80 one."""
    outputs = {c.kernel: c.after for c in CASES if c.flag == "tritongpu-pipeline"}
    assert "ttng.async_tma_copy_global_to_local" in outputs["matmul_descriptor"]
    assert "ttng.wait_barrier" in outputs["matmul_descriptor"]
    assert "isAsync = true" in outputs["matmul_f16_64x64x32_w4_s2"]
    assert "pendings = 1" in outputs["matmul_f16_64x64x32_w4_s2"]
