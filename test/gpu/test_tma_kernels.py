"""TMA and mbarrier kernels on a Hopper GPU: our own TTGIR kernels of kernels/tma/ (device-made
descriptors, TMA loads signalled on mbarriers, phase flips in a loop, TMA stores, zero fill and
clipping at the edges) and Triton 3.6's tensor-descriptor matmul, each compiled by ttc for
cuda:90 and checked against numpy.

The host-descriptor kernel takes CUtensorMaps encoded by the driver (`tma_descriptor.py`). Our
kernels fence with `ttng.fence_async_shared` where generic and async-proxy shared-memory
accesses meet. TMA needs 16-byte aligned global rows: the sizes keep rows a multiple of 16 bytes.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from harness import Case, build_and_check, cdiv, skip_without_hopper, ttc

pytestmark = pytest.mark.gpu

OWN_KERNELS = Path(__file__).resolve().parent / "kernels" / "tma"


def load_own(name: str, tmp_path: Path) -> Any:
    """Compile kernels/tma/<name>.ttgir for cuda:90 and load `<name>_kernel`."""
    from launch import load

    binary = tmp_path / f"{name}.cubin"
    dump = tmp_path / "dump"
    ttc("compile", str(OWN_KERNELS / f"{name}.ttgir"), "--target=cuda:90", "-o", str(binary),
        "--dump-dir", str(dump))
    metadata = json.loads((dump / f"{name}.{name}_kernel.json").read_text())
    return load(binary, metadata)


@pytest.mark.parametrize("size", [(64, 128), (256, 384), (100, 200)], ids=str)
def test_tma_scale(size: tuple[int, int], compute_capability: int, tmp_path: Path) -> None:
    """A 64x128 f16 tile per program in by TMA (two boxes), doubled, out by TMA; the last tiles of
    (100, 200) are partly outside the matrix."""
    import cupy

    skip_without_hopper(90, compute_capability)
    kernel = load_own("tma_scale", tmp_path)
    m, n = size
    x = np.random.default_rng(0).standard_normal((m, n)).astype(np.float16)
    out = cupy.full((m, n), np.nan, dtype=cupy.float16)
    kernel((cdiv(m, 64), cdiv(n, 128)), cupy.asarray(x), out, m, n)
    np.testing.assert_array_equal(out.get(), x * np.float16(2))


@pytest.mark.parametrize("size", [(32, 64), (96, 640), (70, 200)], ids=str)
def test_tma_rowsum(size: tuple[int, int], compute_capability: int, tmp_path: Path) -> None:
    """Every 32x64 f32 tile of a row stripe through one buffer and one mbarrier (its phase flips
    each tile); columns past K arrive as zeros, rows past M are not stored."""
    import cupy

    skip_without_hopper(90, compute_capability)
    kernel = load_own("tma_rowsum", tmp_path)
    m, k = size
    x = np.random.default_rng(1).standard_normal((m, k)).astype(np.float32)
    out = cupy.full((m, 64), np.nan, dtype=cupy.float32)
    kernel(cdiv(m, 32), cupy.asarray(x), out, m, k)
    padded = np.zeros((m, cdiv(k, 64) * 64), dtype=np.float64)
    padded[:, :k] = x
    expected = padded.reshape(m, -1, 64).sum(axis=1)
    np.testing.assert_allclose(out.get(), expected, rtol=1e-5, atol=1e-5 * math.sqrt(k))


@pytest.mark.parametrize("size", [(64, 128), (192, 256), (100, 200)], ids=str)
def test_tma_host_descriptors(size: tuple[int, int], compute_capability: int,
                              tmp_path: Path) -> None:
    """A copy through descriptors encoded on the host (`nvTmaDesc` parameters, by value): 64x64
    boxes with a 128-byte swizzle, zero-filled and clipped at the edges."""
    import cupy
    from tma_descriptor import TmaDescriptor

    skip_without_hopper(90, compute_capability)
    kernel = load_own("tma_host_copy", tmp_path)
    m, n = size
    x = cupy.asarray(np.random.default_rng(2).standard_normal((m, n)).astype(np.float16))
    out = cupy.full((m, n), np.nan, dtype=cupy.float16)
    source = TmaDescriptor.tiled(x, (64, 64), 128)
    target = TmaDescriptor.tiled(out, (64, 64), 128)
    kernel((cdiv(m, 64), cdiv(n, 128)), source, target)
    np.testing.assert_array_equal(out.get(), x.get())


def check_descriptor_matmul(kernel: Any, size: tuple[int, int, int],
                            rng: np.random.Generator) -> None:
    import cupy

    m, n, k = size
    a = rng.standard_normal((m, k)).astype(np.float16)
    b = rng.standard_normal((k, n)).astype(np.float16)
    c = cupy.full((m, n), np.nan, dtype=cupy.float16)
    kernel((cdiv(m, 128), cdiv(n, 128)), cupy.asarray(a), cupy.asarray(b), c, m, n, k)
    expected = a.astype(np.float64) @ b.astype(np.float64)
    np.testing.assert_allclose(c.get().astype(np.float64), expected, rtol=2.0**-10,
                               atol=6 * math.sqrt(k) * k * 2.0**-24 + 1e-3)


DESCRIPTOR_MATMUL = Case(
    "matmul_descriptor",
    (("a_ptr", "*fp16"), ("b_ptr", "*fp16"), ("c_ptr", "*fp16"), ("M", "i32"), ("N", "i32"),
     ("K", "i32")),
    8, ((512, 256, 128), (200, 136, 72)), check_descriptor_matmul,
)


@pytest.mark.parametrize("source", ["ttir", "ttgir", "llir"])
def test_descriptor_matmul(source: str, compute_capability: int, tmp_path: Path) -> None:
    """Triton's TMA matmul (device-made descriptors, mbarriers, wgmma, a TMA store) from its TTIR
    (our passes and lowering), its TTGIR (a 3-stage pipeline; our lowering) and its LLVM IR (our
    back end and launcher only)."""
    build_and_check(DESCRIPTOR_MATMUL, source, 90, compute_capability, tmp_path)
