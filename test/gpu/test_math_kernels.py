"""Math kernels compiled by ttc, launched with cupy on a real GPU and checked against torch.

* gelu: `tl.erf` (math.erf, a libdevice call);
* libdevice: tanh, pow and log1p through `tt.extern_elementwise`, a symmetric clamp, precise
  sqrt and division, and the high half of a 32-bit product (`tt.mulhiui`);
* fp8: a round trip through f8E5M2, compared bit for bit with torch's `float8_e5m2` conversion.

Each kernel is built for cuda:80 (PTX) and cuda:90 (cubin) from each of Triton's stages (`ttir`,
`ttgir`, `llir`; see harness.py), except fp8, which needs the cvt instructions of sm_89: Triton
cannot build its sm_80 version, and ttc refuses it with a located error (test/lit/compile). Sizes
keep the `tt.divisibility = 16` of the TTIR without being multiples of the block; outputs are
poisoned (NaN) beforehand.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from harness import OUTPUT_SUFFIX, Case, build_and_check, cdiv

pytestmark = pytest.mark.gpu

PARAMS = (("x_ptr", "*fp32"), ("out_ptr", "*fp32"), ("n", "i32"))


def check_gelu(kernel: Any, n: int, rng: np.random.Generator) -> None:
    import cupy
    import torch

    x = (rng.standard_normal(n) * 3).astype(np.float32)
    out = cupy.full(n, np.nan, dtype=cupy.float32)
    kernel(cdiv(n, 1024), cupy.asarray(x), out, n)
    expected = torch.nn.functional.gelu(torch.from_numpy(x).double()).numpy()
    # 1 + erf(x / sqrt(2)) cancels for negative x: its f32 rounding (6e-8) times x / 2 is absolute
    np.testing.assert_allclose(out.get(), expected, rtol=1e-5, atol=1e-6)


def mulhi_mod16(offs: np.ndarray) -> np.ndarray:
    """`umulhi(offs * 2654435761, offs + 7) % 16` in uint32 arithmetic, as the kernel does."""
    a = (offs.astype(np.uint64) * 2654435761) & 0xFFFFFFFF
    b = offs.astype(np.uint64) + 7
    return ((a * b) >> 32) % 16


def check_libdevice(kernel: Any, n: int, rng: np.random.Generator) -> None:
    import cupy
    import torch

    x = (rng.standard_normal(n) * 2).astype(np.float32)
    out = cupy.full(n, np.nan, dtype=cupy.float32)
    kernel(cdiv(n, 512), cupy.asarray(x), out, n)
    t = torch.from_numpy(x).double()
    expected = (torch.tanh(t) + t.abs() ** 1.5 + torch.log1p(t.abs())
                + t.clamp(-0.5, 0.5) + t.abs().sqrt() + t / 3).numpy()
    expected += mulhi_mod16(np.arange(n)).astype(np.float64)
    np.testing.assert_allclose(out.get(), expected, rtol=1e-5, atol=1e-5)


def fp8_inputs(n: int, rng: np.random.Generator) -> np.ndarray:
    """Normal values over f8E5M2's range, its subnormals and the ties between them, signed zeros,
    NaN, and values up to where rounding to nearest still gives the largest finite e5m2
    (above it torch gives inf, cvt's satfinite the largest finite)."""
    specials = np.array([0.0, -0.0, np.nan, 2.0**-16, -(2.0**-16), 2.0**-17, 3 * 2.0**-17,
                         2.0**-15 * 1.125, 57344.0, -57344.0, 61439.0, 1.125, 1.375, -1.625],
                        dtype=np.float32)
    scale = np.exp2(rng.uniform(-18, 15.8, n)).astype(np.float32)
    x = (rng.choice([-1.0, 1.0], n) * scale).astype(np.float32)
    x[: min(n, len(specials))] = specials[: min(n, len(specials))]
    return x


def check_fp8(kernel: Any, n: int, rng: np.random.Generator) -> None:
    import cupy
    import torch

    x = fp8_inputs(n, rng)
    out = cupy.full(n, np.nan, dtype=cupy.float32)
    kernel(cdiv(n, 1024), cupy.asarray(x), out, n)
    expected = torch.from_numpy(x).to(torch.float8_e5m2).to(torch.float32).numpy()
    got = out.get()
    nan = np.isnan(expected)
    np.testing.assert_array_equal(np.isnan(got), nan)
    np.testing.assert_array_equal(got[~nan].view(np.uint32), expected[~nan].view(np.uint32))


CASES = (
    Case("gelu", PARAMS, 4, (16, 1024 * 3 + 16 * 5, 16 * 12345), check_gelu),
    Case("libdevice", PARAMS, 4, (16, 512 * 5 + 16 * 3, 16 * 12345), check_libdevice),
    Case("fp8", PARAMS, 4, (16, 1024 * 2 + 16 * 9, 16 * 12345), check_fp8),
)
SM90_ONLY = {"fp8"}


@pytest.mark.parametrize("cc", sorted(OUTPUT_SUFFIX), ids=lambda cc: f"cuda:{cc}")
@pytest.mark.parametrize("source", ["ttir", "ttgir", "llir"])
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_math_kernel(case: Case, source: str, cc: int, compute_capability: int,
                     tmp_path: Path) -> None:
    if cc != 90 and case.name in SM90_ONLY:
        pytest.skip("fp8 conversions need sm_89 or newer (Triton cannot build it for sm_80)")
    build_and_check(case, source, cc, compute_capability, tmp_path)
