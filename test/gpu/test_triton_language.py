"""The Triton language through ttc.triton, family by family, on the GPU: block pointers, tensor
descriptors made on the host and on the device (ranks 1-5, every element width, load, store,
atomic reductions, gather/scatter, descriptors made in loops, `tl.dot` on them), Philox random
numbers, fp8 and fp64 `tl.dot`, and pipelined loads whose masked lanes read a non-zero `other`.

Each test launches real `@triton.jit` kernels (triton_language_kernels.py) compiled by ttc for
the MLIR target cuda:80 and cuda:90 (PTX and cubin for the GPU present), at sizes that are not
multiples of the blocks, and checks the results against torch. Skipped without torch, Triton or
a CUDA GPU; a target whose capability is above the GPU's is skipped, and so is an fp8 type that
Triton itself refuses at the target's capability.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")
triton = pytest.importorskip("triton")
if not torch.cuda.is_available():
    pytest.skip("GPU test: no CUDA device for torch", allow_module_level=True)

import triton_language_kernels as k  # noqa: E402
from triton.backends.compiler import GPUTarget  # noqa: E402
from triton.backends.nvidia.compiler import CUDABackend  # noqa: E402
from triton.tools.tensor_descriptor import TensorDescriptor  # noqa: E402

import ttc.triton  # noqa: E402

pytestmark = pytest.mark.gpu

FP8_NAMES = {torch.float8_e4m3fn: "fp8e4nv", torch.float8_e5m2: "fp8e5"}
"""Triton's names of torch's fp8 types."""

WIDTH_DTYPES = {
    1: [torch.int8, torch.uint8, torch.float8_e4m3fn, torch.float8_e5m2],
    2: [torch.int16, torch.uint16, torch.float16, torch.bfloat16],
    4: [torch.int32, torch.uint32, torch.float32],
    8: [torch.int64, torch.uint64, torch.float64],
}
"""Every element type Triton accepts on a tensor, by width in bytes."""

BITS = {1: torch.int8, 2: torch.int16, 4: torch.int32, 8: torch.int64}

RANK_CASES = {
    # rank: (sizes, padded last size (16-byte aligned rows), block)
    1: ((1000,), 1000, (128,)),
    2: ((37, 100), 104, (16, 32)),
    3: ((5, 19, 40), 44, (2, 8, 16)),
    4: ((3, 5, 7, 20), 24, (2, 2, 4, 8)),
    5: ((2, 3, 5, 7, 12), 16, (2, 2, 2, 4, 8)),
}
"""Tensors of each rank for the descriptor copies: no size a multiple of its block."""


def _cc(target: str) -> int:
    return int(target.partition(":")[2])


@pytest.fixture(params=["cuda:80", "cuda:90"])
def target(request: pytest.FixtureRequest, tmp_path: Path,
           monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """ttc compiles every kernel of the test for this MLIR target, into a fresh Triton cache
    (kernels that make descriptors on the device get their global scratch from torch)."""
    major, minor = torch.cuda.get_device_capability()
    if _cc(request.param) > 10 * major + minor:
        pytest.skip(f"{request.param} code does not run on this sm_{major}{minor} GPU")
    monkeypatch.setenv("TRITON_CACHE_DIR", str(tmp_path / "cache"))
    ttc.triton.install(target=request.param)
    triton.set_allocator(_global_scratch)
    yield request.param
    ttc.triton.uninstall()


def _global_scratch(size: int, alignment: int, stream: int | None) -> torch.Tensor:
    """Global scratch for kernels that make tensor descriptors on the device."""
    return torch.empty(size, device="cuda", dtype=torch.int8)


def built_by_ttc(kernel: object, target: str) -> None:
    """Assert that ttc built `kernel` for `target` (Triton's own TTGIR names the GPU's)."""
    assert f'ttg.target = "{target}"' in kernel.asm["ttgir"]


def triton_refuses(dtype: torch.dtype, target: str) -> bool:
    """Whether Triton's CUDA backend rejects fp8 type `dtype` at `target`'s capability (its
    options list the fp8 types each capability supports: fp8e4nv needs sm_89 or later)."""
    if dtype not in FP8_NAMES:
        return False
    options = CUDABackend(GPUTarget("cuda", _cc(target), 32)).parse_options({})
    return FP8_NAMES[dtype] not in options.supported_fp8_dtypes


def padded(sizes: tuple[int, ...], inner: int, dtype: torch.dtype, fill: float = 0) -> torch.Tensor:
    """A tensor of `sizes` whose rows are `inner` elements apart (a view of a larger one)."""
    base = torch.full((*sizes[:-1], inner), fill, device="cuda", dtype=dtype)
    return base[..., :sizes[-1]]


def random_bits(sizes: tuple[int, ...], inner: int, dtype: torch.dtype) -> torch.Tensor:
    """A padded tensor of `dtype` holding random bits (NaNs included for floats)."""
    base = torch.randint(0, 256, (*sizes[:-1], inner * dtype.itemsize), device="cuda",
                         dtype=torch.uint8)
    return base.view(dtype)[..., :sizes[-1]]


def as_bits(x: torch.Tensor) -> torch.Tensor:
    return x.view(BITS[x.dtype.itemsize])


def tile_grid(sizes: tuple[int, ...], block: tuple[int, ...]) -> tuple[list[int], int]:
    """The tile counts T1..T4 of the kernels' last four dimensions, and the number of tiles."""
    counts = [triton.cdiv(s, b) for s, b in zip(sizes, block, strict=True)]
    inner = ([1] * 5 + counts)[-4:]
    return inner, math.prod(counts)


def five(values: tuple[int, ...], fill: int) -> list[int]:
    """`values` right-aligned in five slots (the kernels' last dimensions)."""
    return ([fill] * 5 + list(values))[-5:]


def rank_copy_operands(rank: int) -> tuple[tuple[int, ...], tuple[int, ...], torch.Tensor,
                                           torch.Tensor]:
    """The sizes and block of RANK_CASES[rank], a padded random source and a padded NaN
    destination for the descriptor copy kernels."""
    sizes, inner, block = RANK_CASES[rank]
    src = padded(sizes, inner, torch.float32)
    src.copy_(torch.randn(sizes, device="cuda"))
    return sizes, block, src, padded(sizes, inner, torch.float32, fill=math.nan)


def block_sizes(block: tuple[int, ...]) -> dict[str, int]:
    """The copy kernels' block constexprs B0..B4 for `block`, right-aligned."""
    return dict(zip(("B0", "B1", "B2", "B3", "B4"), five(block, 1), strict=True))


# Block pointers.


@pytest.mark.parametrize("padding", ["zero", "nan"])
def test_block_ptr_padding(target: str, padding: str) -> None:
    m, n, bm, bn = 37, 20, 16, 32
    x = torch.randn(m, n, device="cuda")
    out = torch.empty(triton.cdiv(m, bm) * bm, bn, device="cuda")
    kernel = k.block_ptr_padding[(triton.cdiv(m, bm),)](x, out, m, n, BM=bm, BN=bn,
                                                       PADDING=padding)
    expected = torch.full_like(out, math.nan if padding == "nan" else 0.0)
    expected[:m, :n] = x
    torch.testing.assert_close(out, expected, equal_nan=True, rtol=0, atol=0)
    built_by_ttc(kernel, target)


def test_block_ptr_advance_in_loop(target: str) -> None:
    m, n, bm, bn = 45, 300, 16, 64
    x = torch.randn(m, n, device="cuda")
    out = torch.full((m + 3,), math.nan, device="cuda")
    kernel = k.block_ptr_row_sums[(triton.cdiv(m, bm),)](x, out, m, n, BM=bm, BN=bn)
    torch.testing.assert_close(out[:m], x.sum(dim=1), rtol=1e-5, atol=1e-4)
    assert out[m:].isnan().all()
    built_by_ttc(kernel, target)


@pytest.mark.parametrize("b_layout", ["row-major", "column-major"])
def test_block_ptr_dot(target: str, b_layout: str) -> None:
    m, n, kk, bm, bn, bk = 100, 90, 70, 64, 64, 32
    a = torch.randn(m, kk, device="cuda", dtype=torch.float16)
    b = (torch.randn(kk, n, device="cuda", dtype=torch.float16) if b_layout == "row-major"
         else torch.randn(n, kk, device="cuda", dtype=torch.float16).T)
    c_rows = torch.full((m, 96), math.nan, device="cuda")
    c = c_rows[:, :n]
    order = (1, 0) if b_layout == "row-major" else (0, 1)
    grid = (triton.cdiv(m, bm), triton.cdiv(n, bn))
    kernel = k.block_ptr_matmul[grid](a, b, c, m, n, kk, *a.stride(), *b.stride(), c.stride(0),
                                      BM=bm, BN=bn, BK=bk, B_ORDER=order, num_stages=3)
    torch.testing.assert_close(c, a.float() @ b.float(), rtol=1e-2, atol=1e-2)
    assert c_rows[:, n:].isnan().all()
    built_by_ttc(kernel, target)


# Tensor descriptors made on the host (TensorDescriptor) and on the device.


@pytest.mark.parametrize("rank", sorted(RANK_CASES))
def test_host_descriptor_rank(target: str, rank: int) -> None:
    sizes, block, src, dst = rank_copy_operands(rank)
    counts, tiles = tile_grid(sizes, block)
    kernel = k.host_desc_copy[(tiles,)](
        TensorDescriptor.from_tensor(src, list(block)),
        TensorDescriptor.from_tensor(dst, list(block)), *counts, RANK=rank, **block_sizes(block))
    assert torch.equal(dst, src)
    built_by_ttc(kernel, target)


@pytest.mark.parametrize("width", sorted(WIDTH_DTYPES))
def test_host_descriptor_element_types(target: str, width: int) -> None:
    sizes, block = (37, 100), (16, 64)
    counts, tiles = tile_grid(sizes, block)
    for dtype in WIDTH_DTYPES[width]:
        if triton_refuses(dtype, target):
            continue
        src = random_bits(sizes, 112, dtype)
        dst = padded(sizes, 112, BITS[width], fill=-1).view(dtype)
        kernel = k.host_desc_copy[(tiles,)](
            TensorDescriptor.from_tensor(src, list(block)),
            TensorDescriptor.from_tensor(dst, list(block)), *counts, RANK=2,
            B0=1, B1=1, B2=1, B3=block[0], B4=block[1])
        assert torch.equal(as_bits(dst), as_bits(src)), dtype
        built_by_ttc(kernel, target)


def test_host_descriptor_nan_padding(target: str) -> None:
    m, n, bm, bn = 37, 20, 16, 32
    x = padded((m, n), 24, torch.float32)
    x.copy_(torch.randn(m, n, device="cuda"))
    out = torch.empty(triton.cdiv(m, bm) * bm, bn, device="cuda")
    desc = TensorDescriptor.from_tensor(x, [bm, bn], padding="nan")
    kernel = k.host_desc_padding[(triton.cdiv(m, bm),)](desc, out, BM=bm, BN=bn)
    expected = torch.full_like(out, math.nan)
    expected[:m, :n] = x
    torch.testing.assert_close(out, expected, equal_nan=True, rtol=0, atol=0)
    built_by_ttc(kernel, target)


REDUCTIONS = {
    "add": torch.add, "min": torch.minimum, "max": torch.maximum,
    "and": torch.bitwise_and, "or": torch.bitwise_or, "xor": torch.bitwise_xor,
}


def _reduction_operands(dtype: torch.dtype, bm: int, bn: int
                        ) -> tuple[torch.Tensor, torch.Tensor, tuple[int, int]]:
    """A 37 x 50 tensor of `dtype` (rows 52 apart) and the values reduced into it, dense over
    the whole grid of bm x bn blocks."""
    m, n = 37, 50
    grid = (triton.cdiv(m, bm), triton.cdiv(n, bn))
    if dtype.is_floating_point:
        x, values = torch.randn(m, n, device="cuda"), torch.randn(grid[0] * bm, grid[1] * bn,
                                                                  device="cuda")
    else:
        x = torch.randint(-1000, 1000, (m, n), device="cuda")
        values = torch.randint(-1000, 1000, (grid[0] * bm, grid[1] * bn), device="cuda")
    target_tensor = padded((m, n), 52, dtype)
    target_tensor.copy_(x.to(dtype))
    return target_tensor, values.to(dtype), grid


@pytest.mark.parametrize("op,dtype", [("add", torch.float32), ("max", torch.int64),
                                      ("and", torch.int32), ("xor", torch.int32),
                                      ("xor", torch.int64)], ids=str)
def test_host_descriptor_atomic(target: str, op: str, dtype: torch.dtype) -> None:
    bm, bn = 16, 32
    x, values, grid = _reduction_operands(dtype, bm, bn)
    expected = REDUCTIONS[op](x, values[:x.shape[0], :x.shape[1]])
    kernel = k.host_desc_atomic[grid](TensorDescriptor.from_tensor(x, [bm, bn]), values,
                                      values.stride(0), OP=op, BM=bm, BN=bn)
    torch.testing.assert_close(x, expected, rtol=1e-6, atol=1e-6)
    built_by_ttc(kernel, target)


@pytest.mark.parametrize("op,dtype", [("add", torch.int32), ("min", torch.int32),
                                      ("or", torch.int64), ("and", torch.int64),
                                      ("min", torch.int64)], ids=str)
def test_device_descriptor_atomic(target: str, op: str, dtype: torch.dtype) -> None:
    bm, bn = 16, 32
    x, values, grid = _reduction_operands(dtype, bm, bn)
    expected = REDUCTIONS[op](x, values[:x.shape[0], :x.shape[1]])
    kernel = k.device_desc_atomic[grid](x, values, *x.shape, x.stride(0), values.stride(0),
                                        OP=op, BM=bm, BN=bn)
    assert torch.equal(x, expected)
    built_by_ttc(kernel, target)


def _gather_scatter_case(rows_per_program: int = 16, bn: int = 32
                         ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor,
                                    tuple[int, int]]:
    """src (50 x 100, rows 104 apart), dst filled with -1, 48 distinct row indices and the
    expected dst: within each group of indices, row rows[R-1-i] of dst gets row rows[i] of src
    plus one."""
    m, n, r = 50, 100, rows_per_program
    src = padded((m, n), 104, torch.float32)
    src.copy_(torch.randn(m, n, device="cuda"))
    dst = padded((m, n), 104, torch.float32, fill=-1)
    rows = torch.randperm(m, device="cuda")[:48].to(torch.int32)
    expected = dst.clone()
    groups = rows.view(-1, r).long()
    expected[groups.flip(1).reshape(-1)] = src[groups.reshape(-1)] + 1
    return src, dst, rows, expected, (rows.numel() // r, triton.cdiv(n, bn))


def skip_gather_without_gather4(target: str) -> None:
    """Triton 3.6 lowers descriptor gather/scatter to TMA gather4/scatter4 from sm_90 on, which
    ptxas accepts for sm_100 only: on cuda:90 Triton has no result to match (ttc refuses with a
    located error); below sm_90 both rewrite them to pointer loads and stores."""
    if _cc(target) == 90:
        pytest.skip("Triton 3.6's sm_90 build of descriptor gather/scatter needs sm_100 (gather4)")


def test_host_descriptor_gather_scatter(target: str) -> None:
    skip_gather_without_gather4(target)
    src, dst, rows, expected, grid = _gather_scatter_case()
    kernel = k.host_desc_gather_scatter[grid](TensorDescriptor.from_tensor(src, [1, 32]),
                                              TensorDescriptor.from_tensor(dst, [1, 32]), rows,
                                              R=16, BN=32)
    assert torch.equal(dst, expected)
    built_by_ttc(kernel, target)


def test_device_descriptor_gather_scatter(target: str) -> None:
    skip_gather_without_gather4(target)
    src, dst, rows, expected, grid = _gather_scatter_case()
    kernel = k.device_desc_gather_scatter[grid](src, dst, rows, *src.shape, src.stride(0), R=16,
                                                BN=32)
    assert torch.equal(dst, expected)
    built_by_ttc(kernel, target)


def _matmul_operands() -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """fp16 a (100 x 72) and b (72 x 88), and c, whose rows are all 16-byte aligned."""
    a = torch.randn(100, 72, device="cuda", dtype=torch.float16)
    b = torch.randn(72, 88, device="cuda", dtype=torch.float16)
    return a, b, torch.full((100, 88), math.nan, device="cuda")


def test_host_descriptor_dot(target: str) -> None:
    a, b, c = _matmul_operands()
    bm, bn, bk = 64, 64, 32
    grid = (triton.cdiv(a.shape[0], bm), triton.cdiv(b.shape[1], bn))
    kernel = k.host_desc_matmul[grid](
        TensorDescriptor.from_tensor(a, [bm, bk]), TensorDescriptor.from_tensor(b, [bk, bn]),
        TensorDescriptor.from_tensor(c, [bm, bn]), a.shape[1], BM=bm, BN=bn, BK=bk,
        num_stages=3)
    torch.testing.assert_close(c, a.float() @ b.float(), rtol=1e-2, atol=1e-2)
    built_by_ttc(kernel, target)


def test_device_descriptor_dot(target: str) -> None:
    a, b, c = _matmul_operands()
    bm, bn, bk = 64, 64, 32
    grid = (triton.cdiv(a.shape[0], bm), triton.cdiv(b.shape[1], bn))
    kernel = k.device_desc_matmul[grid](a, b, c, a.shape[0], b.shape[1], a.shape[1],
                                        a.stride(0), b.stride(0), c.stride(0), BM=bm, BN=bn,
                                        BK=bk, num_stages=3)
    torch.testing.assert_close(c, a.float() @ b.float(), rtol=1e-2, atol=1e-2)
    built_by_ttc(kernel, target)


@pytest.mark.parametrize("rank", sorted(RANK_CASES))
def test_device_descriptor_rank(target: str, rank: int) -> None:
    sizes, block, src, dst = rank_copy_operands(rank)
    counts, tiles = tile_grid(sizes, block)
    strides = five(src.stride()[:-1], 0)[1:]
    kernel = k.device_desc_copy[(tiles,)](
        src, dst, *five(sizes, 1), *strides, *counts, RANK=rank, **block_sizes(block))
    assert torch.equal(dst, src)
    built_by_ttc(kernel, target)


def test_device_descriptor_nan_padding(target: str) -> None:
    m, n, bm, bn = 37, 20, 16, 32
    x = padded((m, n), 24, torch.float32)
    x.copy_(torch.randn(m, n, device="cuda"))
    out = torch.empty(triton.cdiv(m, bm) * bm, bn, device="cuda")
    kernel = k.device_desc_padding[(triton.cdiv(m, bm),)](x, out, m, n, x.stride(0), BM=bm,
                                                          BN=bn, PADDING="nan")
    expected = torch.full_like(out, math.nan)
    expected[:m, :n] = x
    torch.testing.assert_close(out, expected, equal_nan=True, rtol=0, atol=0)
    built_by_ttc(kernel, target)


def test_device_descriptor_made_in_loop(target: str) -> None:
    batches, m, n, bm, bn = 5, 37, 60, 16, 32
    x = torch.randn(batches, m, n, device="cuda")
    out = torch.full((m, n), math.nan, device="cuda")
    grid = (triton.cdiv(m, bm), triton.cdiv(n, bn))
    kernel = k.device_desc_in_loop[grid](x, out, batches, m, n, x.stride(0), x.stride(1),
                                         BM=bm, BN=bn)
    torch.testing.assert_close(out, x.sum(dim=0), rtol=1e-5, atol=1e-5)
    built_by_ttc(kernel, target)


# Random numbers: Philox 4x32 with 10 rounds, keyed by the seed, counting from the offset.


def philox(seed: int, offsets: np.ndarray) -> np.ndarray:
    """The four 32-bit outputs of Philox4x32-10 (Salmon et al., SC'11) for counters
    (offset low word, offset high word, 0, 0) and key (seed low word, seed high word)."""
    mask = np.uint64(0xFFFFFFFF)
    offsets = offsets.astype(np.uint64)
    c = [offsets & mask, offsets >> np.uint64(32), np.zeros_like(offsets), np.zeros_like(offsets)]
    key = [np.uint64(seed & 0xFFFFFFFF), np.uint64((seed >> 32) & 0xFFFFFFFF)]
    m0, m1 = np.uint64(0xD2511F53), np.uint64(0xCD9E8D57)
    w0, w1 = np.uint64(0x9E3779B9), np.uint64(0xBB67AE85)
    for _ in range(10):
        p0, p1 = m0 * c[0], m1 * c[2]
        c = [(p1 >> np.uint64(32)) ^ c[1] ^ key[0], p1 & mask,
             (p0 >> np.uint64(32)) ^ c[3] ^ key[1], p0 & mask]
        key = [(key[0] + w0) & mask, (key[1] + w1) & mask]
    return np.stack(c).astype(np.uint32)


def uniform(bits: np.ndarray) -> np.ndarray:
    """Triton's map of 32 random bits to [0, 1): the bits as int32 folded onto the non-negative
    numbers, times (2**23 - 1) / 2**23 * 2**-31."""
    x = bits.view(np.int32).astype(np.int64)
    x = np.where(x < 0, -x - 1, x)
    return (x.astype(np.float32) * np.float32(4.6566127342e-10)).astype(np.float32)


@pytest.mark.parametrize("seed,start", [(1234, 17), (2**40 + 77, 2**33 + 5)],
                         ids=["int32", "int64"])
def test_random(target: str, seed: int, start: int) -> None:
    n, block = 1000, 256
    ints = torch.empty(n, device="cuda", dtype=torch.int32)
    ints4 = torch.empty(4, n, device="cuda", dtype=torch.int32)
    uniforms = torch.empty(n, device="cuda")
    normals = torch.empty(n, device="cuda")
    kernel = k.random_streams[(triton.cdiv(n, block),)](seed, start, ints, ints4, uniforms,
                                                       normals, n, BLOCK=block)
    streams = philox(seed, np.arange(start, start + n, dtype=np.uint64))
    assert np.array_equal(ints.cpu().numpy().view(np.uint32), streams[0])
    assert np.array_equal(ints4.cpu().numpy().view(np.uint32), streams)
    u1, u2 = uniform(streams[0]), uniform(streams[1])
    np.testing.assert_allclose(uniforms.cpu().numpy(), u1, rtol=1e-6, atol=0)
    radius = np.sqrt(-2.0 * np.log(np.maximum(np.float64(1e-7), u1)))
    np.testing.assert_allclose(normals.cpu().numpy(), radius * np.cos(2 * np.pi * u2),
                               rtol=1e-4, atol=1e-4)
    built_by_ttc(kernel, target)


# tl.dot on fp8 and fp64 operands; loads pipelined with a non-zero `other`.


@pytest.mark.parametrize("dtype", [torch.float8_e4m3fn, torch.float8_e5m2, torch.float64],
                         ids=str)
def test_dot_operand_types(target: str, dtype: torch.dtype) -> None:
    if triton_refuses(dtype, target):
        pytest.skip(f"Triton refuses {FP8_NAMES[dtype]} at {target}")
    m, n, kk = 50, 45, 70
    a = torch.randn(m, kk, device="cuda").to(dtype)
    b = torch.randn(kk, n, device="cuda").to(dtype)
    out_dtype = torch.float64 if dtype == torch.float64 else torch.float32
    c = torch.full((m, n), math.nan, device="cuda", dtype=out_dtype)
    bk = 16 if dtype == torch.float64 else 32
    grid = (triton.cdiv(m, 32), triton.cdiv(n, 32))
    kernel = k.masked_matmul[grid](a, b, c, m, n, kk, a.stride(0), b.stride(0), c.stride(0),
                                   BM=32, BN=32, BK=bk, A_OTHER=0.0, B_OTHER=0.0)
    expected = a.to(out_dtype) @ b.to(out_dtype)
    tolerance = 1e-12 if dtype == torch.float64 else 2e-2
    torch.testing.assert_close(c, expected, rtol=tolerance, atol=tolerance * math.sqrt(kk))
    built_by_ttc(kernel, target)


def test_bf16_to_fp8e5(target: str) -> None:
    """bf16 rounded to fp8e5: cvt instructions on cuda:90, integer operations on cuda:80 (the
    software form, which agrees with rounding to nearest even off ties, inside e5m2's normal
    range); torch's conversion gives the expected bytes."""
    n = 5000
    bits = torch.randint(0, 1 << 16, (4 * n,), device="cuda", dtype=torch.int32).to(torch.int16)
    x = bits.view(torch.bfloat16)
    magnitude = x.float().abs()
    tie = (bits & 0x1F) == 0x10
    keep = (magnitude >= 2.0**-14) & (magnitude <= 57344) & ~tie
    x = x[keep][:n].contiguous()
    out = torch.empty(x.numel(), device="cuda", dtype=torch.float8_e5m2)
    kernel = k.bf16_to_fp8e5[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK=256)
    assert torch.equal(out.view(torch.uint8), x.to(torch.float8_e5m2).view(torch.uint8))
    built_by_ttc(kernel, target)


def test_pipelined_dot_loads_with_other(target: str) -> None:
    m, n, kk, bm, bn, bk = 100, 90, 70, 64, 64, 32
    a = torch.randn(m, kk, device="cuda", dtype=torch.float16)
    b = torch.randn(kk, n, device="cuda", dtype=torch.float16)
    c = torch.empty(m, n, device="cuda")
    grid = (triton.cdiv(m, bm), triton.cdiv(n, bn))
    kernel = k.masked_matmul[grid](a, b, c, m, n, kk, a.stride(0), b.stride(0), c.stride(0),
                                   BM=bm, BN=bn, BK=bk, A_OTHER=1.0, B_OTHER=2.0, num_stages=3)
    padding = triton.cdiv(kk, bk) * bk - kk  # each padded K lane adds 1.0 * 2.0
    torch.testing.assert_close(c, a.float() @ b.float() + 2.0 * padding, rtol=1e-2, atol=1e-2)
    built_by_ttc(kernel, target)


def test_pipelined_loads_with_other(target: str) -> None:
    m, n, bm, bn = 45, 300, 16, 64
    x = torch.randn(m, n, device="cuda")
    out = torch.empty(m, device="cuda")
    kernel = k.padded_row_sums[(triton.cdiv(m, bm),)](x, out, m, n, BM=bm, BN=bn, OTHER=0.5,
                                                     num_stages=3)
    padding = triton.cdiv(n, bn) * bn - n
    torch.testing.assert_close(out, x.sum(dim=1) + 0.5 * padding, rtol=1e-5, atol=1e-4)
    built_by_ttc(kernel, target)
