"""Kernels compiled by ttc, launched with cupy on a real GPU and checked against numpy.

Each kernel (add, softmax, row_sum, layer_norm, cumsum) is built for each target (cuda:80 as PTX,
cuda:90 as cubin) from each of Triton's stages (`ttir`, `ttgir`, `llir`; see harness.py).

Each build is launched at several sizes that keep the `tt.divisibility = 16` the TTIR was
specialised for (sizes and strides divisible by 16) without being multiples of the block, with the
outputs poisoned (NaN) beforehand. A kernel ttc cannot build fails here, loudly.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from harness import OUTPUT_SUFFIX, Case, build_and_check, cdiv

pytestmark = pytest.mark.gpu


def check_add(kernel: Any, n: int, rng: np.random.Generator) -> None:
    import cupy

    x, y = (rng.standard_normal(n, dtype=np.float32) for _ in range(2))
    out = cupy.full(n, np.nan, dtype=cupy.float32)
    kernel(cdiv(n, 1024), cupy.asarray(x), cupy.asarray(y), out, n)
    np.testing.assert_allclose(out.get(), x + y, rtol=1e-6, atol=0)


def check_softmax(kernel: Any, shape: tuple[int, int], rng: np.random.Generator) -> None:
    import cupy

    rows, cols = shape
    a = rng.standard_normal(shape, dtype=np.float32)
    out = cupy.full(shape, np.nan, dtype=cupy.float32)
    kernel(rows, out, cupy.asarray(a), cols, cols, cols)
    e = np.exp(a.astype(np.float64) - a.max(axis=1, keepdims=True))
    np.testing.assert_allclose(out.get(), e / e.sum(axis=1, keepdims=True), rtol=1e-5, atol=1e-7)


def check_row_sum(kernel: Any, shape: tuple[int, int], rng: np.random.Generator) -> None:
    import cupy

    rows, cols = shape
    a = rng.standard_normal(shape, dtype=np.float32)
    out = cupy.full(rows, np.nan, dtype=cupy.float32)
    kernel(rows, cupy.asarray(a), out, cols, cols)
    np.testing.assert_allclose(out.get(), a.astype(np.float64).sum(axis=1), rtol=1e-4, atol=1e-3)


def check_layer_norm(kernel: Any, shape: tuple[int, int], rng: np.random.Generator) -> None:
    import cupy

    rows, cols = shape
    eps = 1e-5
    x = rng.standard_normal(shape).astype(np.float16)
    w = rng.standard_normal(cols).astype(np.float16)
    b = rng.standard_normal(cols).astype(np.float16)
    y = cupy.full(shape, np.nan, dtype=cupy.float16)
    kernel(rows, cupy.asarray(x), y, cupy.asarray(w), cupy.asarray(b), cols, cols, eps)
    x32 = x.astype(np.float32)
    mean = x32.mean(axis=1, keepdims=True)
    rstd = 1 / np.sqrt(((x32 - mean) ** 2).mean(axis=1, keepdims=True) + eps)
    expected = (x32 - mean) * rstd * w.astype(np.float32) + b.astype(np.float32)
    np.testing.assert_allclose(y.get().astype(np.float32), expected, rtol=1e-2, atol=1e-2)


def check_cumsum(kernel: Any, shape: tuple[int, int], rng: np.random.Generator) -> None:
    import cupy

    rows, cols = shape
    a = rng.standard_normal(shape, dtype=np.float32)
    out = cupy.full(shape, np.nan, dtype=cupy.float32)
    kernel(rows, cupy.asarray(a), out, cols, cols)
    np.testing.assert_allclose(out.get(), np.cumsum(a, axis=1, dtype=np.float64), rtol=1e-5, atol=1e-4)


CASES = (
    Case("add", (("x_ptr", "*fp32"), ("y_ptr", "*fp32"), ("out_ptr", "*fp32"), ("n", "i32")),
         4, (16, 98304 + 16 * 7, 16 * 12345), check_add),
    Case("softmax", (("out_ptr", "*fp32"), ("in_ptr", "*fp32"), ("in_row_stride", "i32"),
                     ("out_row_stride", "i32"), ("n_cols", "i32")),
         4, ((1, 16), (37, 784), (130, 1008)), check_softmax),
    Case("row_sum", (("in_ptr", "*fp32"), ("out_ptr", "*fp32"), ("row_stride", "i32"),
                     ("n_cols", "i32")),
         4, ((3, 16), (5, 3008), (64, 4000)), check_row_sum),
    Case("layer_norm", (("x_ptr", "*fp16"), ("y_ptr", "*fp16"), ("w_ptr", "*fp16"),
                        ("b_ptr", "*fp16"), ("row_stride", "i32"), ("n_cols", "i32"),
                        ("eps", "fp32")),
         8, ((1, 16), (7, 2064), (33, 4112)), check_layer_norm),
    Case("cumsum", (("in_ptr", "*fp32"), ("out_ptr", "*fp32"), ("row_stride", "i32"),
                    ("n_cols", "i32")),
         4, ((1, 16), (37, 1008), (130, 784)), check_cumsum),
)


@pytest.mark.parametrize("cc", sorted(OUTPUT_SUFFIX), ids=lambda cc: f"cuda:{cc}")
@pytest.mark.parametrize("source", ["ttir", "ttgir", "llir"])
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_kernel(case: Case, source: str, cc: int, compute_capability: int,
                tmp_path: Path) -> None:
    build_and_check(case, source, cc, compute_capability, tmp_path)
