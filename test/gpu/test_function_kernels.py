"""Kernels that call device functions (`tt.call` of a `noinline` function), compiled by ttc and
checked against numpy on a real GPU, for cuda:80 (PTX) and cuda:90 (cubin), from Triton's TTIR and
TTGIR. Sizes keep `tt.divisibility = 16` but are not multiples of the block."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from harness import OUTPUT_SUFFIX, Case, build_and_check, cdiv

pytestmark = pytest.mark.gpu

CALL_BLOCK = 512


def check_call(kernel: Any, n: int, rng: np.random.Generator) -> None:
    import cupy

    scale, shift = np.float32(1.5), np.float32(-0.25)
    x = rng.standard_normal(n, dtype=np.float32)
    programs = cdiv(n, CALL_BLOCK)
    out = cupy.full(n, np.nan, dtype=cupy.float32)
    sums = cupy.full(programs, np.nan, dtype=cupy.float32)
    kernel(programs, cupy.asarray(x), out, sums, n, scale, shift)
    np.testing.assert_allclose(out.get(), x * scale + shift, rtol=1e-6, atol=1e-6)
    padded = np.zeros(programs * CALL_BLOCK, dtype=np.float64)
    padded[:n] = x
    np.testing.assert_allclose(sums.get(), padded.reshape(programs, CALL_BLOCK).sum(axis=1),
                               rtol=1e-4, atol=1e-4)


CASES = (
    Case("call", (("x_ptr", "*fp32"), ("out_ptr", "*fp32"), ("sum_ptr", "*fp32"), ("n", "i32"),
                  ("scale", "fp32"), ("shift", "fp32")),
         4, (16, 4096 + 16 * 5, 16 * 777), check_call),
)


@pytest.mark.parametrize("cc", sorted(OUTPUT_SUFFIX), ids=lambda cc: f"cuda:{cc}")
@pytest.mark.parametrize("source", ["ttir", "ttgir"])
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_function_kernel(case: Case, source: str, cc: int, compute_capability: int,
                         tmp_path: Path) -> None:
    build_and_check(case, source, cc, compute_capability, tmp_path)
