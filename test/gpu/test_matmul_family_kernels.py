"""The kernel families of issue 23 compiled by ttc, run on a real GPU and checked against numpy.

The kernels of kernels/triton_sources.py in the configurations kernels/generate.py gave Triton:
- `int8_matmul_kernel`: int8 inputs, exact int32 accumulation and output, 128x128x64, 8 warps;
- `fp8_matmul_kernel`: A @ W^T in fp8 e5m2 (W is N x K), fp16 output, 128x128x64, 8 warps;
- `block_ptr_matmul_kernel`: block pointers, fp16 at 128x128x64 (8 warps) and fp32 with
  `input_precision="tf32x3"` at 64x64x32 (4 warps);
- `gather_matmul_kernel`: C[i] = A[rows[i]] @ B in fp16, 64x128x64, 4 warps;
- `grouped_matmul_kernel`: four fp16 problems of different shapes in one persistent launch,
  128x128x32, 4 warps;
- `persistent_descriptor_matmul_kernel`: fp16 through device-made tensor descriptors (TMA),
  persistent over the tiles, 128x128x64, 8 warps; cuda:90 only (TMA);
- `topk_kernel`: the 16 largest of each row of up to 1024 fp32 values.
All use 3 pipeline stages. ttc builds each from Triton's TTIR, TTGIR and LLVM IR for cuda:80 and
cuda:90. The sizes keep the `tt.divisibility = 16` of the TTIR's integer arguments and are no
multiples of the tiles (the grouped GEMM reads its sizes from memory: any sizes do).
"""

from __future__ import annotations

import math
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from harness import Case, build_and_check, cdiv
from test_dot_kernels import MATMUL_SIZES

pytestmark = pytest.mark.gpu

FP32_ROUNDING = 2.0**-24
FP16_ROUNDING = 2.0**-11
HOPPER_FP8_ACCUMULATION_ROUNDING = 2.0**-13
"""Hopper's fp8 tensor cores keep about 14 significant bits of the fp32 accumulator between
additions (the reason for `tl.dot`'s max_num_imprecise_acc); Triton's own sm_90 build of the fp8
matmul misses the fp32 bound by up to 6x at K = 80."""


def _accumulation_atol(k: int, per_product: float = 0.0,
                       accumulator_rounding: float = FP32_ROUNDING) -> float:
    """Six standard deviations of the error of k products of unit-variance values summed in an
    accumulator rounding each addition by `accumulator_rounding` (each input rounded with
    `per_product` relative error), as test_dot_kernels reasons."""
    return 6 * math.sqrt(k) * (k * accumulator_rounding + per_product) + 1e-6


def _fp16(rng: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray:
    return rng.standard_normal(shape, dtype=np.float32).astype(np.float16)


def check_int8(kernel: Any, size: tuple[int, int, int], rng: np.random.Generator) -> None:
    import cupy

    m, n, k = size
    a = rng.integers(-128, 128, (m, k), dtype=np.int8)
    b = rng.integers(-128, 128, (k, n), dtype=np.int8)
    c = cupy.full((m, n), -1, dtype=cupy.int32)
    kernel(cdiv(m, 128) * cdiv(n, 128), cupy.asarray(a), cupy.asarray(b), c, m, n, k, k, n, n)
    np.testing.assert_array_equal(c.get(), a.astype(np.int64) @ b.astype(np.int64))


def _e5m2(rng: np.random.Generator, shape: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Random fp8 e5m2 values as their bytes and as float64 (e5m2 is fp16's upper byte)."""
    bits = (_fp16(rng, shape).view(np.uint16) >> 8).astype(np.uint8)
    return bits, (bits.astype(np.uint16) << 8).view(np.float16).astype(np.float64)


def check_fp8(kernel: Any, size: tuple[int, int, int], rng: np.random.Generator) -> None:
    import cupy

    m, n, k = size
    a, a_values = _e5m2(rng, (m, k))
    w, w_values = _e5m2(rng, (n, k))
    c = cupy.full((m, n), np.nan, dtype=cupy.float16)
    kernel(cdiv(m, 128) * cdiv(n, 128), cupy.asarray(a), cupy.asarray(w), c, m, n, k, k, k, n)
    np.testing.assert_allclose(c.get().astype(np.float64), a_values @ w_values.T,
                               rtol=2 * FP16_ROUNDING,
                               atol=_accumulation_atol(k, accumulator_rounding=(
                                   HOPPER_FP8_ACCUMULATION_ROUNDING)))


def check_block_ptr(dtype: str, block: tuple[int, int], kernel: Any, size: tuple[int, int, int],
                    rng: np.random.Generator) -> None:
    import cupy

    m, n, k = size
    storage = np.float16 if dtype == "fp16" else np.float32
    a = rng.standard_normal((m, k), dtype=np.float32).astype(storage)
    b = rng.standard_normal((k, n), dtype=np.float32).astype(storage)
    c = cupy.full((m, n), np.nan, dtype=storage)
    kernel((cdiv(m, block[0]), cdiv(n, block[1])), cupy.asarray(a), cupy.asarray(b), c, m, n, k,
           k, n, n)
    # tf32x3 keeps about 21 bits of each product (big*big + big*small + small*big).
    per_product = 2.0**-20 if dtype == "fp32" else 0.0
    rounding = FP16_ROUNDING if dtype == "fp16" else FP32_ROUNDING
    np.testing.assert_allclose(c.get().astype(np.float64), a.astype(np.float64) @ b,
                               rtol=2 * rounding, atol=_accumulation_atol(k, per_product))


def check_gather(kernel: Any, size: tuple[int, int, int], rng: np.random.Generator) -> None:
    import cupy

    m, n, k = size
    source_rows = 2 * m + 3
    a, b = _fp16(rng, (source_rows, k)), _fp16(rng, (k, n))
    rows = rng.integers(0, source_rows, m, dtype=np.int32)
    c = cupy.full((m, n), np.nan, dtype=cupy.float16)
    kernel(cdiv(m, 64) * cdiv(n, 128), cupy.asarray(a), cupy.asarray(rows), cupy.asarray(b), c,
           m, n, k, k, n, n)
    np.testing.assert_allclose(c.get().astype(np.float64), a[rows].astype(np.float64) @ b,
                               rtol=2 * FP16_ROUNDING, atol=_accumulation_atol(k))


GROUPED_PROBLEMS = (((16, 16, 16), (100, 300, 40), (1, 129, 257), (260, 72, 8)),
                    ((1040, 528, 272), (208, 144, 80), (129, 1, 33), (300, 260, 100)))
"""Sets of four (M, N, K) problems; the number of programs is the size index's value below."""


def check_grouped(kernel: Any, size: tuple[int, int], rng: np.random.Generator) -> None:
    import cupy

    problem_set, programs = size
    problems = [(_fp16(rng, (m, k)), _fp16(rng, (k, n)), cupy.full((m, n), np.nan, cupy.float16))
                for m, n, k in GROUPED_PROBLEMS[problem_set]]
    device = [(cupy.asarray(a), cupy.asarray(b), c) for a, b, c in problems]
    addresses = cupy.asarray([x.data.ptr for arrays in device for x in arrays], dtype=cupy.int64)
    sizes = cupy.asarray([d for m, n, k in GROUPED_PROBLEMS[problem_set] for d in (m, n, k)],
                         dtype=cupy.int32)
    kernel(programs, addresses, sizes, len(problems))
    for (a, b, _), (_, _, c) in zip(problems, device):
        np.testing.assert_allclose(c.get().astype(np.float64), a.astype(np.float64) @ b,
                                   rtol=2 * FP16_ROUNDING, atol=_accumulation_atol(a.shape[1]))


def check_persistent_descriptor(kernel: Any, size: tuple[int, int, int],
                                rng: np.random.Generator) -> None:
    import cupy

    m, n, k = size
    a, b = _fp16(rng, (m, k)), _fp16(rng, (k, n))
    c = cupy.full((m, n), np.nan, dtype=cupy.float16)
    programs = min(7, cdiv(m, 128) * cdiv(n, 128))
    kernel(programs, cupy.asarray(a), cupy.asarray(b), c, m, n, k)
    np.testing.assert_allclose(c.get().astype(np.float64), a.astype(np.float64) @ b,
                               rtol=2 * FP16_ROUNDING, atol=_accumulation_atol(k))


def check_topk(kernel: Any, size: tuple[int, int], rng: np.random.Generator) -> None:
    import cupy

    rows, n_cols = size
    x = rng.standard_normal((rows, 1024), dtype=np.float32)
    out = cupy.full((rows, 16), np.nan, dtype=cupy.float32)
    kernel(rows, cupy.asarray(x), out, n_cols, 1024)
    np.testing.assert_array_equal(out.get(), -np.sort(-x[:, :n_cols], axis=1)[:, :16])


MATMUL = ("M", "N", "K", "stride_am", "stride_bk", "stride_cm")


def _params(pointers: dict[str, str], ints: tuple[str, ...] = MATMUL) -> tuple[tuple[str, str], ...]:
    return (*pointers.items(), *((name, "i32") for name in ints))


INT8 = Case("matmul_i8_128x128x64_w8_s3",
            _params({"a_ptr": "*i8", "b_ptr": "*i8", "c_ptr": "*i32"}), 8, MATMUL_SIZES,
            check_int8, function="int8_matmul_kernel")
FP8 = Case("matmul_fp8e5_128x128x64_w8_s3",
           _params({"a_ptr": "*fp8e5", "w_ptr": "*fp8e5", "c_ptr": "*fp16"},
                   ("M", "N", "K", "stride_am", "stride_wn", "stride_cm")),
           8, MATMUL_SIZES, check_fp8, function="fp8_matmul_kernel")
BLOCK_PTR_F16 = Case("block_ptr_matmul_f16_128x128x64_w8_s3",
                     _params({"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16"}), 8,
                     MATMUL_SIZES, partial(check_block_ptr, "fp16", (128, 128)),
                     function="block_ptr_matmul_kernel")
BLOCK_PTR_TF32X3 = Case("block_ptr_matmul_f32_tf32x3_64x64x32_w4_s3",
                        _params({"a_ptr": "*fp32", "b_ptr": "*fp32", "c_ptr": "*fp32"}), 4,
                        MATMUL_SIZES, partial(check_block_ptr, "fp32", (64, 64)),
                        function="block_ptr_matmul_kernel")
GATHER = Case("gather_matmul_f16_64x128x64_w4_s3",
              _params({"a_ptr": "*fp16", "rows_ptr": "*i32", "b_ptr": "*fp16", "c_ptr": "*fp16"}),
              4, MATMUL_SIZES, check_gather, function="gather_matmul_kernel")
GROUPED = Case("grouped_matmul_f16_128x128x32_w4_s3",
               (("addresses_ptr", "*i64"), ("sizes_ptr", "*i32"), ("num_problems", "i32")), 4,
               ((0, 3), (1, 132)), check_grouped, function="grouped_matmul_kernel")
PERSISTENT_DESCRIPTOR = Case("persistent_descriptor_matmul",
                             _params({"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16"},
                                     ("M", "N", "K")),
                             8, MATMUL_SIZES, check_persistent_descriptor)
TOPK = Case("topk", (("x_ptr", "*fp32"), ("out_ptr", "*fp32"), ("n_cols", "i32"),
                     ("row_stride", "i32")), 4, ((1, 16), (5, 1008), (33, 1024)), check_topk)

CASES = (INT8, FP8, BLOCK_PTR_F16, BLOCK_PTR_TF32X3, GATHER, GROUPED, PERSISTENT_DESCRIPTOR, TOPK)
CUDA90_ONLY = {PERSISTENT_DESCRIPTOR.name}
"""Tensor descriptors need TMA: no cuda:80 build."""

BUILDS = (("ttir", 80), ("ttir", 90), ("ttgir", 80), ("ttgir", 90), ("llir", 80), ("llir", 90))


@pytest.mark.parametrize(("source", "cc"), BUILDS, ids=lambda v: f"cuda:{v}" if isinstance(v, int) else v)
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_matmul_family_kernel(case: Case, source: str, cc: int, compute_capability: int,
                              tmp_path: Path) -> None:
    if cc == 80 and case.name in CUDA90_ONLY:
        pytest.skip("tensor descriptors need TMA (cuda:90)")
    build_and_check(case, source, cc, compute_capability, tmp_path)
