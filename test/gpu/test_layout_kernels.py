"""Kernels whose speed rests on layout conversions, compiled by ttc and checked against numpy.

- `transpose_kernel`: a 64x64 fp32 tile loaded row by row, `tl.trans`, stored row by row of the
  transposed output: one `ttg.convert_layout` across warps through a swizzled shared buffer.
- `sort_kernel`: each row of up to 256 fp32 sorted ascending with `tl.sort` (a bitonic network of
  reshapes and xor-reductions, within warps and across them through shared memory).

Each is built for cuda:80 (PTX) and cuda:90 (cubin) from each of Triton's stages (`ttir`,
`ttgir`, `llir`; harness.py), at sizes divisible by 16 (the `tt.divisibility` the TTIR was
specialised for) but not by the block, with the outputs poisoned (NaN) beforehand.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from harness import OUTPUT_SUFFIX, Case, build_and_check, cdiv

pytestmark = pytest.mark.gpu

TILE = 64
SORT_BLOCK = 256


def check_transpose(kernel: Any, shape: tuple[int, int], rng: np.random.Generator) -> None:
    import cupy

    m, n = shape
    x = rng.standard_normal(shape, dtype=np.float32)
    out = cupy.full((n, m), np.nan, dtype=cupy.float32)
    kernel((cdiv(m, TILE), cdiv(n, TILE)), cupy.asarray(x), out, m, n, n, m)
    np.testing.assert_array_equal(out.get(), x.T)


def check_sort(kernel: Any, shape: tuple[int, int], rng: np.random.Generator) -> None:
    import cupy

    rows, cols = shape
    stride = SORT_BLOCK
    x = rng.standard_normal((rows, stride), dtype=np.float32)
    x[:, cols:] = np.nan  # beyond n_cols: neither read nor written
    out = cupy.full((rows, stride), np.nan, dtype=cupy.float32)
    kernel(rows, cupy.asarray(x), out, cols, stride)
    got = out.get()
    np.testing.assert_array_equal(got[:, :cols], np.sort(x[:, :cols], axis=1))
    assert np.isnan(got[:, cols:]).all()


CASES = (
    Case("transpose", (("x_ptr", "*fp32"), ("out_ptr", "*fp32"), ("m", "i32"), ("n", "i32"),
                       ("stride_x", "i32"), ("stride_out", "i32")),
         4, ((16, 48), (208, 336), (1008, 784)), check_transpose),
    Case("sort", (("x_ptr", "*fp32"), ("out_ptr", "*fp32"), ("n_cols", "i32"),
                  ("row_stride", "i32")),
         4, ((1, 16), (37, 208), (1030, 256)), check_sort),
)


@pytest.mark.parametrize("cc", sorted(OUTPUT_SUFFIX), ids=lambda cc: f"cuda:{cc}")
@pytest.mark.parametrize("source", ["ttir", "ttgir", "llir"])
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_layout_kernel(case: Case, source: str, cc: int, compute_capability: int,
                       tmp_path: Path) -> None:
    build_and_check(case, source, cc, compute_capability, tmp_path)
