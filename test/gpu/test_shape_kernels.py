"""Join, split, reshape and gather kernels compiled by ttc, run on a real GPU, checked against numpy.

- `interleave_kernel` (kernels/triton_sources.py): `tl.interleave` (tt.join + tt.reshape) of two
  loaded blocks, stored, and `tl.split` of the joined tensor back into its halves, whose
  difference is stored.
- `gather_kernel`: `tl.gather` along the columns of a 32x32 tile. Triton's pipeline gives the
  gather a warp-local layout (one shuffle per element).

Both are built for cuda:80 (PTX) and cuda:90 (cubin) from Triton's TTIR (our passes), from its
TTGIR (our lowering) and from its LLVM IR (our back end). Two more builds of the gather come from
Triton's sm80 TTGIR with the gather's layout replaced, to run the lowering's other paths: the
load's layout (each row over 8 lanes with 4 elements per thread: shuffles from 4 registers and
selects) and a layout whose columns are spread over the warps (through shared memory).

Sizes keep the `tt.divisibility = 16` of the TTIR (multiples of 16) and are not multiples of the
blocks (512 elements, 32 rows); outputs are poisoned beforehand.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from harness import KERNELS, OUTPUT_SUFFIX, Case, build_and_check, cdiv, skip_without_hopper, ttc

pytestmark = pytest.mark.gpu

INTERLEAVE_BLOCK = 512
GATHER_ROWS = GATHER_COLS = 32


def check_interleave(kernel: Any, n: int, rng: np.random.Generator) -> None:
    import cupy

    a, b = (rng.standard_normal(n, dtype=np.float32) for _ in range(2))
    out = cupy.full(2 * n, np.nan, dtype=cupy.float32)
    diff = cupy.full(n, np.nan, dtype=cupy.float32)
    kernel(cdiv(n, INTERLEAVE_BLOCK), cupy.asarray(a), cupy.asarray(b), out, diff, n)
    expected = np.empty(2 * n, dtype=np.float32)
    expected[0::2], expected[1::2] = a, b
    np.testing.assert_array_equal(out.get(), expected)
    np.testing.assert_array_equal(diff.get(), b - a)


def check_gather(kernel: Any, rows: int, rng: np.random.Generator) -> None:
    import cupy

    src = rng.standard_normal((rows, GATHER_COLS), dtype=np.float32)
    idx = rng.integers(0, GATHER_COLS, size=(rows, GATHER_COLS), dtype=np.int32)
    out = cupy.full((rows, GATHER_COLS), np.nan, dtype=cupy.float32)
    kernel(cdiv(rows, GATHER_ROWS), cupy.asarray(src), cupy.asarray(idx), out, rows)
    np.testing.assert_array_equal(out.get(), np.take_along_axis(src, idx, axis=1))


POINTERS_AND_N = (("a_ptr", "*fp32"), ("b_ptr", "*fp32"), ("out_ptr", "*fp32"),
                  ("diff_ptr", "*fp32"), ("n", "i32"))
CASES = (
    Case("interleave", POINTERS_AND_N, 4, (16, 3 * INTERLEAVE_BLOCK + 16 * 5, 16 * 777),
         check_interleave),
    Case("gather", (("src_ptr", "*fp32"), ("idx_ptr", "*i32"), ("out_ptr", "*fp32"),
                    ("n_rows", "i32")),
         4, (16, 48, 16 * 63), check_gather),
)


@pytest.mark.parametrize("cc", sorted(OUTPUT_SUFFIX), ids=lambda cc: f"cuda:{cc}")
@pytest.mark.parametrize("source", ["ttir", "ttgir", "llir"])
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_shape_kernel(case: Case, source: str, cc: int, compute_capability: int,
                      tmp_path: Path) -> None:
    build_and_check(case, source, cc, compute_capability, tmp_path)


GATHER_LAYOUT = ("#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], "
                 "warpsPerCTA = [4, 1], order = [1, 0]}>")
"""The layout Triton's sm80 TTGIR gives the gather (and only the gather)."""

GATHER_VARIANTS = {
    # The load's layout: a row over 8 lanes, 4 elements per thread.
    "registers_and_lanes": "#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = "
                           "[4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>",
    # Each warp holds 8 of the 32 columns: the gather goes through shared memory.
    "across_warps": "#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], "
                    "warpsPerCTA = [1, 4], order = [0, 1]}>",
}


@pytest.mark.parametrize("cc", sorted(OUTPUT_SUFFIX), ids=lambda cc: f"cuda:{cc}")
@pytest.mark.parametrize("variant", sorted(GATHER_VARIANTS))
def test_gather_layouts(variant: str, cc: int, compute_capability: int, tmp_path: Path) -> None:
    skip_without_hopper(cc, compute_capability)
    from launch import load

    text = (KERNELS / "gather" / "sm80.ttgir").read_text()
    assert text.count(GATHER_LAYOUT) == 1
    source = tmp_path / "gather.ttgir"
    source.write_text(text.replace(GATHER_LAYOUT, GATHER_VARIANTS[variant]).replace(
        'ttg.target = "cuda:80"', f'ttg.target = "cuda:{cc}"'))
    binary = tmp_path / f"gather{OUTPUT_SUFFIX[cc]}"
    dump = tmp_path / "dump"
    ttc("compile", str(source), f"--target=cuda:{cc}", "--num-warps=4", "-o", str(binary),
        "--dump-dir", str(dump))
    metadata = json.loads((dump / "gather.gather_kernel.json").read_text())
    if variant == "across_warps":
        assert metadata["shared"] >= GATHER_ROWS * GATHER_COLS * 4
    kernel = load(binary, metadata)
    rng = np.random.default_rng(1)
    for rows in CASES[1].sizes:
        check_gather(kernel, rows, rng)
