"""Matmuls and flash attention compiled by ttc, run on a real GPU and checked against numpy.

The kernels are `matmul_kernel` and `attention_kernel` of kernels/triton_sources.py in the
configurations kernels/generate.py gave Triton:
- fp16 and bf16 inputs with fp32 accumulation at 64x64x32 (4 warps, 2 stages), 128x128x64
  (8 warps, 3 stages) and 128x64x32 (4 warps, 4 stages, ReLU epilogue);
- fp32 inputs with tf32 and with ieee precision;
- the forward pass of flash attention (fp16, head dim 64, 128x64 blocks).

ttc builds them from Triton's TTIR for cuda:80 (PTX) and cuda:90 (cubin), from Triton's sm80 and
sm90 TTGIR (our lowering only: mma.sync, and wgmma with operands in NVMMA-swizzled shared memory)
and from Triton's LLVM IR (our back end only).

The sizes keep the `tt.divisibility = 16` the TTIR was specialised for, and M, N, K and the
sequence length are not multiples of the tiles. References are computed in float64 from the very
inputs the kernel saw (rounded to fp16, bf16 or tf32), and the tolerance follows from the rounding
of the inputs and of the output.
"""

from __future__ import annotations

import math
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from harness import Case, build_and_check, cdiv, from_bfloat16_bits, to_bfloat16_bits, to_tf32

pytestmark = pytest.mark.gpu

MATMUL_SIZES = ((16, 16, 16), (208, 144, 80), (1040, 528, 272))
"""(M, N, K): one tile, then sizes that are multiples of 16 and of no tile."""

ATTENTION_SIZES = ((1, 16), (2, 208), (3, 1040))
"""(heads, sequence length)."""

UNIT_ROUNDING = {"fp16": 2.0**-11, "bf16": 2.0**-8, "fp32": 2.0**-24}
"""Half the distance between 1 and the next value of each storage type."""


def _device_operand(values: np.ndarray, dtype: str) -> tuple[Any, np.ndarray]:
    """The cupy array the kernel reads (bf16 as raw bits) and the float64 values it holds."""
    import cupy

    if dtype == "bf16":
        bits = to_bfloat16_bits(values)
        return cupy.asarray(bits), from_bfloat16_bits(bits).astype(np.float64)
    stored = values.astype(np.float16 if dtype == "fp16" else np.float32)
    return cupy.asarray(stored), stored.astype(np.float64)


def _host_result(out: Any, dtype: str) -> np.ndarray:
    host = out.get()
    return from_bfloat16_bits(host).astype(np.float64) if dtype == "bf16" else host.astype(np.float64)


def _empty(shape: tuple[int, ...], dtype: str) -> Any:
    """An output buffer filled with NaN, so an element the kernel never writes fails the check."""
    import cupy

    if dtype == "bf16":
        return cupy.full(shape, 0x7FC0, dtype=cupy.uint16)
    return cupy.full(shape, np.nan, dtype=cupy.float16 if dtype == "fp16" else cupy.float32)


def check_matmul(dtype: str, block: tuple[int, int], relu: bool, precision: str, kernel: Any,
                 size: tuple[int, int, int], rng: np.random.Generator) -> None:
    m, n, k = size
    a, a_values = _device_operand(rng.standard_normal((m, k), dtype=np.float32), dtype)
    b, b_values = _device_operand(rng.standard_normal((k, n), dtype=np.float32), dtype)
    c = _empty((m, n), dtype)
    grid = cdiv(m, block[0]) * cdiv(n, block[1])
    kernel(grid, a, b, c, m, n, k, k, n, n)
    tf32 = dtype == "fp32" and precision == "tf32"
    if tf32:
        a_values = to_tf32(a_values.astype(np.float32)).astype(np.float64)
        b_values = to_tf32(b_values.astype(np.float32)).astype(np.float64)
    expected = a_values @ b_values
    if relu:
        expected = np.maximum(expected, 0.0)
    # Errors of a sum of k products of unit-variance values grow like sqrt(k): the fp32
    # accumulation's (2^-24 per add, bounded generously by k of them), and for tf32 an input
    # conversion that may truncate where we round (up to 2^-10 relative per input, 2^-9 per
    # product). Six standard deviations keep 30,000 outputs clear of chance; a wrong element is
    # off by the size of the result (about sqrt(k)). The output's own rounding is `rtol`.
    per_product = 2.0**-9 if tf32 else 0.0
    atol = 6 * math.sqrt(k) * (k * UNIT_ROUNDING["fp32"] + per_product) + 1e-6
    np.testing.assert_allclose(_host_result(c, dtype), expected,
                               rtol=2 * UNIT_ROUNDING[dtype], atol=atol)


def check_attention(kernel: Any, size: tuple[int, int], rng: np.random.Generator) -> None:
    heads, n_ctx = size
    head_dim, block_m, sm_scale = 64, 128, 0.125
    shape = (heads, n_ctx, head_dim)
    q, q_values = _device_operand(rng.standard_normal(shape, dtype=np.float32), "fp16")
    k, k_values = _device_operand(rng.standard_normal(shape, dtype=np.float32), "fp16")
    v, v_values = _device_operand(rng.standard_normal(shape, dtype=np.float32), "fp16")
    o = _empty(shape, "fp16")
    kernel((cdiv(n_ctx, block_m), heads), q, k, v, o, sm_scale, n_ctx, n_ctx * head_dim, head_dim)
    scores = np.einsum("hmd,hnd->hmn", q_values, k_values) * sm_scale
    weights = np.exp(scores - scores.max(axis=2, keepdims=True))
    weights /= weights.sum(axis=2, keepdims=True)
    expected = np.einsum("hmn,hnd->hmd", weights, v_values)
    # The kernel rounds the probabilities to fp16 before the second dot, as Triton's tutorial does.
    np.testing.assert_allclose(_host_result(o, "fp16"), expected, rtol=1e-2, atol=1e-2)


MATMUL_PARAMS = ("a_ptr", "b_ptr", "c_ptr", "M", "N", "K", "stride_am", "stride_bk", "stride_cm")


def matmul_case(dtype: str, bm: int, bn: int, bk: int, warps: int, stages: int,
                relu: bool = False, precision: str = "tf32") -> Case:
    tag = {"fp16": "f16", "bf16": "bf16", "fp32": "f32"}[dtype]
    name = f"matmul_{tag}" + (f"_{precision}" if dtype == "fp32" else "")
    name += f"_{bm}x{bn}x{bk}_w{warps}_s{stages}" + ("_relu" if relu else "")
    params = tuple((p, f"*{dtype}" if p.endswith("_ptr") else "i32") for p in MATMUL_PARAMS)
    return Case(name, params, warps, MATMUL_SIZES,
                partial(check_matmul, dtype, (bm, bn), relu, precision),
                function="matmul_kernel", num_stages=stages)


CASES = (
    *(matmul_case(dtype, *config)
      for dtype in ("fp16", "bf16")
      for config in ((64, 64, 32, 4, 2), (128, 128, 64, 8, 3), (128, 64, 32, 4, 4, True))),
    matmul_case("fp32", 64, 64, 32, 4, 3, precision="tf32"),
    matmul_case("fp32", 32, 32, 16, 4, 2, precision="ieee"),
    Case("attention", (("q_ptr", "*fp16"), ("k_ptr", "*fp16"), ("v_ptr", "*fp16"),
                       ("o_ptr", "*fp16"), ("sm_scale", "fp32"), ("N_CTX", "i32"),
                       ("stride_h", "i32"), ("stride_m", "i32")),
         4, ATTENTION_SIZES, check_attention),
)

BUILDS = (("ttir", 80), ("ttir", 90), ("ttgir", 80), ("ttgir", 90), ("llir", 80), ("llir", 90))
"""(source, cc): every stage for cuda:80 and cuda:90."""


@pytest.mark.parametrize(("source", "cc"), BUILDS, ids=lambda v: f"cuda:{v}" if isinstance(v, int) else v)
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_dot_kernel(case: Case, source: str, cc: int, compute_capability: int,
                    tmp_path: Path) -> None:
    build_and_check(case, source, cc, compute_capability, tmp_path)
