"""ttc's passes of Hopper's wgmma path reproduce Triton 3.6's own output on the sm90 per-pass dumps
(the corpus kernels and the GPU-test matmuls, attention and the descriptor matmul): every run of
`tritongpu-accelerate-matmul` (wgmma with shared-memory operands, a register A for attention's
second dot), both runs of `tritongpu-optimize-dot-operands`, and `triton-nvidia-gpu-fence-insertion`
(a fence hoisted out of attention's loop), each on the IR Triton gave it, compared byte for byte
after SSA renaming."""

from __future__ import annotations

import pytest
from corpus_dumps import PassCase, assert_pass_matches, pass_cases

FLAGS = {
    "tritongpu-accelerate-matmul",
    "tritongpu-optimize-dot-operands",
    "triton-nvidia-gpu-fence-insertion",
}
CASES = pass_cases(FLAGS)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_pass_matches_triton(case: PassCase) -> None:
    assert_pass_matches(case, {})


def test_every_kernel_is_covered() -> None:
    kernels = {c.kernel for c in CASES}
    assert {"attention", "matmul_f16_128x128x64_w8_s3", "matmul_descriptor"} <= kernels
    for flag, runs in {"tritongpu-accelerate-matmul": 1, "tritongpu-optimize-dot-operands": 2,
                       "triton-nvidia-gpu-fence-insertion": 1}.items():
        for kernel in kernels:
            assert sum(c.flag == flag and c.kernel == kernel for c in CASES) == runs, (flag, kernel)


def test_attention_fence_is_hoisted_out_of_the_loop() -> None:
    """The one dump where the fence matters: Q is stored to shared memory from registers before
    the loop, so the fence goes before the loop, not before the dot inside it."""
    (case,) = [c for c in CASES if c.id == "attention-55-triton-nvidia-gpu-fence-insertion"]
    lines = case.after.splitlines()
    fence = next(i for i, line in enumerate(lines) if "ttng.fence_async_shared" in line)
    assert "scf.for" in lines[fence + 1]
    assert "ttng.fence_async_shared" not in case.before
