"""Atomics and histograms compiled by ttc, launched with cupy on a real GPU and checked against numpy.

* `histogram`: one `tl.atomic_add` of 1 per element into a global 64-bin histogram;
* `block_histogram`: a per-program `tl.histogram` (masked: the last program's tail is not counted)
  added into the global histogram with one atomic per bin;
* `atomic_ops`: every `tt.atomic_rmw` kind into four slots per kind (element `i` goes to slot
  `i % 4`): signed and unsigned max/min, and/or/xor, f32 and f16 `fadd`, then `exch` and `cas` on
  one address per element.

Each is built for cuda:80 (PTX) and cuda:90 (cubin) from each of Triton's stages (see harness.py)
and launched at sizes divisible by 16 (what the TTIR was specialised for) but not by the block.
Every slot is checked: the integer ones exactly against the same reduction in numpy, starting
from random initial values; the float sums with a tolerance (the order of the additions is the
hardware's).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from harness import OUTPUT_SUFFIX, Case, build_and_check, cdiv

pytestmark = pytest.mark.gpu

BINS = 64
HISTOGRAM_BLOCK = 1024
ATOMIC_BLOCK = 256
SLOTS = 4


def _bincount(values: np.ndarray) -> np.ndarray:
    return np.bincount(values, minlength=BINS).astype(np.int32)


def check_histogram(kernel: Any, n: int, rng: np.random.Generator) -> None:
    import cupy

    x = rng.integers(0, BINS, n, dtype=np.int32)
    start = rng.integers(0, 1000, BINS, dtype=np.int32)
    hist = cupy.asarray(start)
    kernel(cdiv(n, HISTOGRAM_BLOCK), cupy.asarray(x), hist, n)
    np.testing.assert_array_equal(hist.get(), start + _bincount(x))


def check_block_histogram(kernel: Any, n: int, rng: np.random.Generator) -> None:
    import cupy

    # Skewed values, so some bins get many more counts than others.
    x = np.minimum(rng.geometric(0.05, n) - 1, BINS - 1).astype(np.int32)
    start = rng.integers(0, 1000, BINS, dtype=np.int32)
    hist = cupy.asarray(start)
    kernel(cdiv(n, HISTOGRAM_BLOCK), cupy.asarray(x), hist, n)
    np.testing.assert_array_equal(hist.get(), start + _bincount(x))


def _per_slot(values: np.ndarray, reduce: Any) -> np.ndarray:
    return np.array([reduce(values[s::SLOTS]) for s in range(SLOTS)])


def check_atomic_ops(kernel: Any, n: int, rng: np.random.Generator) -> None:
    import cupy

    programs = cdiv(n, ATOMIC_BLOCK)
    padded = programs * ATOMIC_BLOCK
    info = np.iinfo(np.int32)
    x = rng.integers(info.min, info.max, n, dtype=np.int32, endpoint=True)
    f = rng.standard_normal(n, dtype=np.float32)
    # Quarters in [-1, 1]: every partial f16 sum below 512 is exact, whatever the order.
    h = (rng.integers(-4, 5, n) / 4).astype(np.float16)
    ints = rng.integers(info.min, info.max, 8 * SLOTS, dtype=np.int32, endpoint=True)
    floats = rng.standard_normal(SLOTS, dtype=np.float32)
    halves = (rng.integers(-8, 9, SLOTS) / 4).astype(np.float16)
    swap = rng.integers(info.min, info.max, padded, dtype=np.int32, endpoint=True)
    cas = rng.integers(0, 3, padded, dtype=np.int32)
    poison = np.int32(-123456789)

    d_ints, d_floats, d_halves = cupy.asarray(ints), cupy.asarray(floats), cupy.asarray(halves)
    d_swap, d_cas = cupy.asarray(swap), cupy.asarray(cas)
    d_old = cupy.full(padded, poison, dtype=cupy.int32)
    kernel(programs, cupy.asarray(x), cupy.asarray(f), cupy.asarray(h), d_ints, d_floats,
           d_halves, d_swap, d_cas, d_old, n)

    u = x.view(np.uint32)
    got = d_ints.get()
    start = ints.reshape(8, SLOTS)
    expected = [
        np.maximum(start[0], _per_slot(x, np.max)),
        np.minimum(start[1], _per_slot(x, np.min)),
        np.maximum(start[2].view(np.uint32), _per_slot(u, np.max)).view(np.int32),
        np.minimum(start[3].view(np.uint32), _per_slot(u, np.min)).view(np.int32),
        start[4] & _per_slot(x, np.bitwise_and.reduce),
        start[5] | _per_slot(x, np.bitwise_or.reduce),
        start[6] ^ _per_slot(x, np.bitwise_xor.reduce),
        start[7],  # no kind writes the last four slots
    ]
    for kind, (row, want) in enumerate(zip(got.reshape(8, SLOTS), expected, strict=True)):
        np.testing.assert_array_equal(row, want.astype(np.int32), err_msg=f"integer kind {kind}")

    float_sums = floats.astype(np.float64) + _per_slot(f.astype(np.float64), np.sum)
    np.testing.assert_allclose(d_floats.get(), float_sums, rtol=1e-5, atol=1e-5 * n)
    half_sums = halves.astype(np.float64) + _per_slot(h.astype(np.float64), np.sum)
    np.testing.assert_allclose(d_halves.get().astype(np.float64), half_sums, rtol=1e-3, atol=0.25)

    # exch: one address per element, so each old value is that address's initial value and the
    # element's value replaces it; the masked-off tail is untouched.
    old, swapped = d_old.get(), d_swap.get()
    np.testing.assert_array_equal(old[:n], swap[:n])
    np.testing.assert_array_equal(old[n:], np.full(padded - n, poison))
    np.testing.assert_array_equal(swapped[:n], x)
    np.testing.assert_array_equal(swapped[n:], swap[n:])

    # cas has no mask: every element of every program compares with `i % 3` and, where equal,
    # swaps in its value (0 past `n`, where the load's `other` fills in).
    loaded = np.concatenate([x, np.zeros(padded - n, dtype=np.int32)])
    hit = cas == np.arange(padded, dtype=np.int32) % 3
    np.testing.assert_array_equal(d_cas.get(), np.where(hit, loaded, cas))


CASES = (
    Case("histogram", (("x_ptr", "*i32"), ("hist_ptr", "*i32"), ("n", "i32")),
         4, (16, HISTOGRAM_BLOCK * 5 + 16 * 3, 16 * 12345), check_histogram),
    Case("block_histogram", (("x_ptr", "*i32"), ("hist_ptr", "*i32"), ("n", "i32")),
         4, (16, HISTOGRAM_BLOCK * 5 + 16 * 3, 16 * 12345), check_block_histogram),
    Case("atomic_ops", (("x_ptr", "*i32"), ("f_ptr", "*fp32"), ("h_ptr", "*fp16"),
                        ("ints_ptr", "*i32"), ("floats_ptr", "*fp32"), ("halves_ptr", "*fp16"),
                        ("swap_ptr", "*i32"), ("cas_ptr", "*i32"), ("old_ptr", "*i32"),
                        ("n", "i32")),
         4, (16, ATOMIC_BLOCK * 7 + 48, 16 * 3001), check_atomic_ops),
)


@pytest.mark.parametrize("cc", sorted(OUTPUT_SUFFIX), ids=lambda cc: f"cuda:{cc}")
@pytest.mark.parametrize("source", ["ttir", "ttgir", "llir"])
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_atomic_kernel(case: Case, source: str, cc: int, compute_capability: int,
                       tmp_path: Path) -> None:
    build_and_check(case, source, cc, compute_capability, tmp_path)
