"""Kernels compiled by ttc, launched with cupy on a real GPU and checked against numpy.

For each kernel (add, softmax, row_sum, layer_norm, cumsum: Triton-language sources in
kernels/triton_sources.py, Triton 3.6's IR of every stage in kernels/triton-3.6/<kernel>/) and
each target (cuda:80 as PTX, which the driver JIT-compiles on newer GPUs; cuda:90 as cubin), the
binary comes from one of three sources:

* `ttir`: Triton's TTIR through the whole of `ttc compile` (our passes, lowering and back end);
* `ttgir`: Triton's TTGIR through `ttc compile` (our lowering and back end only);
* `llir`: Triton's LLVM IR through `ttc translate` (our back end only; this checks the launcher).

Each build is launched at several sizes that keep the `tt.divisibility = 16` the TTIR was
specialised for (sizes and strides divisible by 16) without being multiples of the block, with the
outputs poisoned (NaN) beforehand. A kernel ttc cannot build fails here, loudly.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytestmark = pytest.mark.gpu

KERNELS = Path(__file__).resolve().parent / "kernels" / "triton-3.6"
OUTPUT_SUFFIX = {80: ".ptx", 90: ".cubin"}
SCRATCH = [{"name": "global_scratch", "type": "*i8"}, {"name": "profile_scratch", "type": "*i8"}]


def cdiv(a: int, b: int) -> int:
    return -(-a // b)


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


@dataclass(frozen=True)
class Case:
    """A kernel: its parameters (Triton signature types), warps, sizes to try, and the check."""

    name: str
    params: tuple[tuple[str, str], ...]
    num_warps: int
    sizes: tuple[Any, ...]
    check: Callable[[Any, Any, np.random.Generator], None]

    def signature(self) -> list[dict[str, str]]:
        return [{"name": n, "type": t} for n, t in self.params] + SCRATCH


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


def ttc(*args: str) -> None:
    """Run the ttc CLI; a failure fails the test with ttc's diagnostics."""
    result = subprocess.run([sys.executable, "-m", "ttc", *args], capture_output=True, text=True,
                            check=False)
    if result.returncode != 0:
        pytest.fail(f"ttc {' '.join(args)} exited {result.returncode}:\n{result.stderr}",
                    pytrace=False)


def build(case: Case, source: str, cc: int, tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    """The binary for `case` from `source` (ttir, ttgir, llir) for cuda:<cc>, and its metadata."""
    stem = KERNELS / case.name / f"sm{cc}"
    binary = tmp_path / f"{case.name}{OUTPUT_SUFFIX[cc]}"
    if source == "llir":
        ttc("translate", f"{stem}.llir", f"--to={OUTPUT_SUFFIX[cc][1:]}", f"--target=cuda:{cc}",
            "-o", str(binary))
        triton = json.loads(Path(f"{stem}.meta.json").read_text())
        metadata = {"name": triton["name"], "threads_per_block": 32 * triton["num_warps"],
                    "shared": triton["shared"], "params": case.signature()}
        return binary, metadata
    dump = tmp_path / "dump"
    ttc("compile", f"{stem}.{source}", f"--target=cuda:{cc}", f"--num-warps={case.num_warps}",
        "-o", str(binary), "--dump-dir", str(dump))
    metadata = json.loads((dump / f"{case.name}_kernel.json").read_text())
    assert metadata["params"] == case.signature()
    assert metadata["threads_per_block"] == 32 * case.num_warps
    return binary, metadata


@pytest.mark.parametrize("cc", sorted(OUTPUT_SUFFIX), ids=lambda cc: f"cuda:{cc}")
@pytest.mark.parametrize("source", ["ttir", "ttgir", "llir"])
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_kernel(case: Case, source: str, cc: int, compute_capability: int,
                tmp_path: Path) -> None:
    if cc == 90 and compute_capability // 10 != 9:
        pytest.skip(f"an sm_90a cubin needs a Hopper GPU (this one is sm_{compute_capability})")
    from launch import load

    binary, metadata = build(case, source, cc, tmp_path)
    kernel = load(binary, metadata)
    rng = np.random.default_rng(0)
    for size in case.sizes:
        case.check(kernel, size, rng)
