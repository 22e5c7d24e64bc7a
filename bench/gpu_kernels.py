"""GPU kernel speed: ttc's builds against Triton's own on the GPU machine (torch, triton, cupy).

Memory-bound kernels (GB/s). For each kernel at a large size (add: 2^24 fp32; softmax: 4096×1024
fp32; row_sum: 4096×4096 fp32; layer_norm: 4096×4096 fp16; cumsum: 4096×1024 fp32; transpose:
8192×8192 fp32 in 64×64 tiles; sort: 65536 rows of 256 fp32; histogram and block_histogram: 2^24
int32 values into 64 bins, with `tl.atomic_add` per element or `tl.histogram` per block; gelu,
libdevice, call (a `noinline` function), interleave (join/split), rotate (inline asm): 2^24
elements; gather: 2^19 rows of 32 fp32), `ttc compile` builds a cuda:90 cubin (from
Triton's TTIR by default, or its TTGIR or LLVM IR with --source; test/gpu/test_kernels.py's
`build`), test/gpu/launch.py launches it on torch's current stream (on cupy views of torch's
tensors, made once), and Triton 3.6 runs the same kernel from test/gpu/kernels/triton_sources.py
with the same block size and warps. Both are timed with `triton.testing.do_bench` (median) in
turn, `--rounds` times over (default 5), and each keeps the median of its rounds, so that the GPU's
clock and temperature drifting over the run fall on both builds alike (timed one after the other
once, the same build's ratio moved by up to 5% between runs). Reported in GB/s (each input read once, each output written once) with the ratio ttc/Triton, after
one correctness check of ttc's output against Triton's.

Tensor-core kernels (TFLOP/s): the matmuls of test/gpu/test_dot_kernels.py at 4096x4096x4096
(2*M*N*K flops), the tensor-descriptor (TMA) matmul of test/gpu/test_tma_kernels.py at the same
size, and flash attention at 32 heads x 4096 x 64 (4*heads*N^2*D flops). ttc compiles Triton's
sm80 IR for cuda:80 and the driver JIT-compiles its PTX; beside it runs Triton's own sm_80 PTX for
the same kernel (kernels/triton-3.6/<kernel>/sm80.ptx), loaded and launched the same way. ttc's
cuda:90 cubin (wgmma, and TMA for descriptors) runs beside Triton's native sm_90 build, the speed
a Hopper user gets from Triton. Each output is checked against Triton's sm_90 result; each ratio
is Triton's time over ttc's (above 1: ttc is faster). The descriptor matmuls have no cuda:80 build.

Issue 23's families (test/gpu/test_matmul_family_kernels.py) at 4096x4096x4096 (2*M*N*K flops,
integer operations counted alike): int8 -> int32 (128x128x64, 8 warps), fp8 e5m2 A @ W^T
(128x128x64, 8 warps), block pointers in fp16 (128x128x64, 8 warps) and fp32 tf32x3 (64x64x32,
4 warps), gathered rows C[i] = A[rows[i]] @ B (64x128x64, 4 warps), the persistent TMA matmul
(128x128x64, 8 warps, one program per SM); the grouped GEMM of four fp16 problems (M, N, K) =
(4096, 4096, 2048), (4096, 2048, 4096), (2048, 4096, 4096), (2048, 2048, 2048), 128x128x32,
4 warps, one program per SM; all 3 stages. tf32 is matmul_f32_tf32_64x64x32_w4_s3 above. Top-k
(16 of each of 65536 rows of 1024 fp32) is reported in TB/s (rows read, results written).

Usage: python bench/gpu_kernels.py [--source ttir|ttgir|llir] [--kernel NAME ...] [--rounds N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "test" / "gpu"), str(ROOT / "test" / "gpu" / "kernels")]

import cupy  # noqa: E402
import torch  # noqa: E402
import triton  # noqa: E402
import triton_sources as k  # noqa: E402
from harness import KERNELS, Case, build  # noqa: E402
from launch import Kernel, load  # noqa: E402
from test_asm_print_kernels import ROTATE_CASE  # noqa: E402
from test_atomic_kernels import CASES as ATOMIC_CASES  # noqa: E402
from test_dot_kernels import CASES as DOT_CASES  # noqa: E402
from test_function_kernels import CASES as FUNCTION_CASES  # noqa: E402
from test_kernels import CASES as TEST_CASES  # noqa: E402
from test_layout_kernels import CASES as LAYOUT_CASES  # noqa: E402
from test_math_kernels import CASES as MATH_CASES  # noqa: E402
from test_matmul_family_kernels import CASES as FAMILY_CASES  # noqa: E402
from test_shape_kernels import CASES as SHAPE_CASES  # noqa: E402
from test_tma_kernels import DESCRIPTOR_MATMUL  # noqa: E402
from triton.testing import do_bench  # noqa: E402

CASES = {case.name: case for case in (*TEST_CASES, *LAYOUT_CASES, *DOT_CASES, DESCRIPTOR_MATMUL, *ATOMIC_CASES,
                                       *MATH_CASES, *FUNCTION_CASES, *SHAPE_CASES, ROTATE_CASE,
                                       *FAMILY_CASES)}


@dataclass
class Bench:
    """One kernel: its warps, how to make its tensors, and how to launch each build of it."""

    name: str
    setup: Callable[[], dict[str, Any]]
    run_ttc: Callable[[Kernel, dict[str, Any]], None]
    run_triton: Callable[[dict[str, Any]], None]
    output: str
    bytes_moved: Callable[[dict[str, Any]], int]
    reset: Callable[[dict[str, Any]], None] | None = None  # before each correctness run


def _add() -> dict[str, Any]:
    n = 1 << 24
    x, y = (torch.randn(n, device="cuda") for _ in range(2))
    return {"n": n, "x": x, "y": y, "out": torch.empty_like(x)}


def _softmax() -> dict[str, Any]:
    a = torch.randn(4096, 1024, device="cuda")
    return {"rows": 4096, "cols": 1024, "a": a, "out": torch.empty_like(a)}


def _row_sum() -> dict[str, Any]:
    a = torch.randn(4096, 4096, device="cuda")
    return {"rows": 4096, "cols": 4096, "a": a, "out": torch.empty(4096, device="cuda")}


def _layer_norm() -> dict[str, Any]:
    rows, cols = 4096, 4096
    x = torch.randn(rows, cols, device="cuda", dtype=torch.float16)
    w, b = (torch.randn(cols, device="cuda", dtype=torch.float16) for _ in range(2))
    return {"rows": rows, "cols": cols, "x": x, "w": w, "b": b, "out": torch.empty_like(x)}


def _cumsum() -> dict[str, Any]:
    a = torch.randn(4096, 1024, device="cuda")
    return {"rows": 4096, "cols": 1024, "a": a, "out": torch.empty_like(a)}


def _transpose() -> dict[str, Any]:
    m = n = 8192
    x = torch.randn(m, n, device="cuda")
    return {"m": m, "n": n, "x": x, "out": torch.empty(n, m, device="cuda"),
            "grid": (triton.cdiv(m, 64), triton.cdiv(n, 64))}


def _sort() -> dict[str, Any]:
    rows, cols = 65536, 256
    x = torch.randn(rows, cols, device="cuda")
    return {"rows": rows, "cols": cols, "x": x, "out": torch.empty_like(x)}


ELEMENTS = 1 << 24  # the elementwise and histogram kernels' size
BINS = 64


def _histogram() -> dict[str, Any]:
    x = torch.randint(0, BINS, (ELEMENTS,), device="cuda", dtype=torch.int32)
    return {"n": ELEMENTS, "x": x, "hist": torch.zeros(BINS, device="cuda", dtype=torch.int32)}


def _zero_histogram(t: dict[str, Any]) -> None:
    t["hist"].zero_()


def _unary() -> dict[str, Any]:
    x = torch.randn(ELEMENTS, device="cuda")
    return {"n": ELEMENTS, "x": x, "out": torch.empty_like(x)}


def _call() -> dict[str, Any]:
    tensors = _unary()
    tensors["sums"] = torch.empty(triton.cdiv(ELEMENTS, 512), device="cuda")
    return tensors


def _interleave() -> dict[str, Any]:
    a, b = (torch.randn(ELEMENTS, device="cuda") for _ in range(2))
    return {"n": ELEMENTS, "a": a, "b": b, "both": torch.empty(2 * ELEMENTS, device="cuda"),
            "diff": torch.empty_like(a)}


def _rotate() -> dict[str, Any]:
    x = torch.randint(0, 2**31, (ELEMENTS,), device="cuda", dtype=torch.int32)
    return {"n": ELEMENTS, "x": x, "out": torch.empty_like(x)}


def _gather() -> dict[str, Any]:
    rows = ELEMENTS // 32
    src = torch.randn(rows, 32, device="cuda")
    idx = torch.randint(0, 32, (rows, 32), device="cuda", dtype=torch.int32)
    return {"rows": rows, "src": src, "idx": idx, "out": torch.empty_like(src)}


BENCHES = [
    Bench("add",
          _add,
          lambda kern, t: kern(triton.cdiv(t["n"], 1024), t["c_x"], t["c_y"], t["c_out"],
                               t["n"]),
          lambda t: k.add_kernel[(triton.cdiv(t["n"], 1024),)](t["x"], t["y"], t["out"], t["n"],
                                                               BLOCK=1024, num_warps=4),
          "out", lambda t: 3 * t["n"] * 4),
    Bench("softmax",
          _softmax,
          lambda kern, t: kern(t["rows"], t["c_out"], t["c_a"], t["cols"], t["cols"],
                               t["cols"]),
          lambda t: k.softmax_kernel[(t["rows"],)](t["out"], t["a"], t["cols"], t["cols"],
                                                   t["cols"], BLOCK=1024, num_warps=4),
          "out", lambda t: 2 * t["rows"] * t["cols"] * 4),
    Bench("row_sum",
          _row_sum,
          lambda kern, t: kern(t["rows"], t["c_a"], t["c_out"], t["cols"], t["cols"]),
          lambda t: k.row_sum_kernel[(t["rows"],)](t["a"], t["out"], t["cols"], t["cols"],
                                                   BLOCK=512, num_warps=4),
          "out", lambda t: t["rows"] * t["cols"] * 4 + t["rows"] * 4),
    Bench("layer_norm",
          _layer_norm,
          lambda kern, t: kern(t["rows"], t["c_x"], t["c_out"], t["c_w"], t["c_b"],
                               t["cols"], t["cols"], 1e-5),
          lambda t: k.layer_norm_kernel[(t["rows"],)](t["x"], t["out"], t["w"], t["b"],
                                                      t["cols"], t["cols"], 1e-5, BLOCK=1024,
                                                      num_warps=8),
          "out", lambda t: 2 * t["rows"] * t["cols"] * 2 + 2 * t["cols"] * 2),
    Bench("cumsum",
          _cumsum,
          lambda kern, t: kern(t["rows"], t["c_a"], t["c_out"], t["cols"], t["cols"]),
          lambda t: k.cumsum_kernel[(t["rows"],)](t["a"], t["out"], t["cols"], t["cols"],
                                                  BLOCK=1024, num_warps=4),
          "out", lambda t: 2 * t["rows"] * t["cols"] * 4),
    Bench("transpose",
          _transpose,
          lambda kern, t: kern(t["grid"], t["c_x"], t["c_out"], t["m"], t["n"], t["n"], t["m"]),
          lambda t: k.transpose_kernel[t["grid"]](t["x"], t["out"], t["m"], t["n"], t["n"],
                                                  t["m"], BLOCK=64, num_warps=4),
          "out", lambda t: 2 * t["m"] * t["n"] * 4),
    Bench("sort",
          _sort,
          lambda kern, t: kern(t["rows"], t["c_x"], t["c_out"], t["cols"], t["cols"]),
          lambda t: k.sort_kernel[(t["rows"],)](t["x"], t["out"], t["cols"], t["cols"],
                                                BLOCK=256, num_warps=4),
          "out", lambda t: 2 * t["rows"] * t["cols"] * 4),
    Bench("histogram",
          _histogram,
          lambda kern, t: kern(triton.cdiv(t["n"], 1024), t["c_x"], t["c_hist"], t["n"]),
          lambda t: k.histogram_kernel[(triton.cdiv(t["n"], 1024),)](
              t["x"], t["hist"], t["n"], NUM_BINS=BINS, BLOCK=1024, num_warps=4),
          "hist", lambda t: t["n"] * 4 + BINS * 4, _zero_histogram),
    Bench("block_histogram",
          _histogram,
          lambda kern, t: kern(triton.cdiv(t["n"], 1024), t["c_x"], t["c_hist"], t["n"]),
          lambda t: k.block_histogram_kernel[(triton.cdiv(t["n"], 1024),)](
              t["x"], t["hist"], t["n"], NUM_BINS=BINS, BLOCK=1024, num_warps=4),
          "hist", lambda t: t["n"] * 4 + BINS * 4, _zero_histogram),
    Bench("gelu",
          _unary,
          lambda kern, t: kern(triton.cdiv(t["n"], 1024), t["c_x"], t["c_out"], t["n"]),
          lambda t: k.gelu_kernel[(triton.cdiv(t["n"], 1024),)](t["x"], t["out"], t["n"],
                                                                BLOCK=1024, num_warps=4),
          "out", lambda t: 2 * t["n"] * 4),
    Bench("libdevice",
          _unary,
          lambda kern, t: kern(triton.cdiv(t["n"], 512), t["c_x"], t["c_out"], t["n"]),
          lambda t: k.libdevice_kernel[(triton.cdiv(t["n"], 512),)](t["x"], t["out"], t["n"],
                                                                    BLOCK=512, num_warps=4),
          "out", lambda t: 2 * t["n"] * 4),
    Bench("call",
          _call,
          lambda kern, t: kern(triton.cdiv(t["n"], 512), t["c_x"], t["c_out"], t["c_sums"],
                               t["n"], 1.5, 0.25),
          lambda t: k.call_kernel[(triton.cdiv(t["n"], 512),)](t["x"], t["out"], t["sums"],
                                                               t["n"], 1.5, 0.25, BLOCK=512,
                                                               num_warps=4),
          "out", lambda t: 2 * t["n"] * 4 + triton.cdiv(t["n"], 512) * 4),
    Bench("interleave",
          _interleave,
          lambda kern, t: kern(triton.cdiv(t["n"], 512), t["c_a"], t["c_b"], t["c_both"],
                               t["c_diff"], t["n"]),
          lambda t: k.interleave_kernel[(triton.cdiv(t["n"], 512),)](
              t["a"], t["b"], t["both"], t["diff"], t["n"], BLOCK=512, num_warps=4),
          "both", lambda t: 5 * t["n"] * 4),
    Bench("rotate",
          _rotate,
          lambda kern, t: kern(triton.cdiv(t["n"], 512), t["c_x"], t["c_out"], t["n"], 16),
          lambda t: k.rotate_kernel[(triton.cdiv(t["n"], 512),)](t["x"], t["out"], t["n"], 16,
                                                                 BLOCK=512, num_warps=4),
          "out", lambda t: 2 * t["n"] * 4),
    Bench("gather",
          _gather,
          lambda kern, t: kern(triton.cdiv(t["rows"], 32), t["c_src"], t["c_idx"], t["c_out"],
                               t["rows"]),
          lambda t: k.gather_kernel[(triton.cdiv(t["rows"], 32),)](
              t["src"], t["idx"], t["out"], t["rows"], ROWS=32, COLS=32, num_warps=4),
          "out", lambda t: 3 * t["rows"] * 32 * 4),
]


@dataclass
class DotBench:
    """A tensor-core kernel: its test case, tensors, launch arguments, flops and Triton launch."""

    name: str
    setup: Callable[[], dict[str, Any]]
    grid: Callable[[dict[str, Any]], tuple[int, ...]]
    args: Callable[[dict[str, Any]], list[Any]]
    run_triton_sm90: Callable[[dict[str, Any]], None]
    output: str
    flops: Callable[[dict[str, Any]], int]
    cuda80: bool = True
    """Whether ttc builds the kernel for cuda:80 (tensor descriptors need TMA: cuda:90 only)."""
    unit: str = "TFLOP/s"
    """What `flops` counts per 1e12: flops (TFLOP/s) or, for top-k, bytes moved (TB/s)."""
    atol: float = 5e-2
    """How far an output element may be from Triton's sm_90 result."""


TORCH_DTYPES = {"fp16": torch.float16, "bf16": torch.bfloat16, "fp32": torch.float32}


def matmul_bench(case: Case) -> DotBench:
    """The 4096-cubed matmul in `case`'s configuration (read off its name and parameters)."""
    dtype = TORCH_DTYPES[case.params[0][1][1:]]
    bm, bn, bk = (int(v) for v in case.name.split("_w")[0].rsplit("_", 1)[1].split("x"))
    relu = case.name.endswith("_relu")
    precision = "ieee" if "_ieee_" in case.name else "tf32"
    size = 4096

    def setup() -> dict[str, Any]:
        a, b = (torch.randn(size, size, device="cuda").to(dtype) for _ in range(2))
        return {"a": a, "b": b, "c": torch.empty(size, size, device="cuda", dtype=dtype)}

    return DotBench(
        case.name, setup,
        lambda t: (triton.cdiv(size, bm) * triton.cdiv(size, bn),),
        lambda t: [t["c_a"], t["c_b"], t["c_c"], size, size, size, size, size, size],
        lambda t: k.matmul_kernel[(triton.cdiv(size, bm) * triton.cdiv(size, bn),)](
            t["a"], t["b"], t["c"], size, size, size, size, 1, size, 1, size, 1, BM=bm, BN=bn,
            BK=bk, GROUP_M=8, RELU=relu, PRECISION=precision, num_warps=case.num_warps,
            num_stages=case.num_stages),
        "c", lambda t: 2 * size**3)


def attention_bench(case: Case) -> DotBench:
    heads, n_ctx, head_dim = 32, 4096, 64

    def setup() -> dict[str, Any]:
        q, kk, v = (torch.randn(heads, n_ctx, head_dim, device="cuda", dtype=torch.float16)
                    for _ in range(3))
        return {"q": q, "k": kk, "v": v, "o": torch.empty_like(q)}

    grid = (triton.cdiv(n_ctx, 128), heads)
    return DotBench(
        case.name, setup, lambda t: grid,
        lambda t: [t["c_q"], t["c_k"], t["c_v"], t["c_o"], 0.125, n_ctx, n_ctx * head_dim,
                   head_dim],
        lambda t: k.attention_kernel[grid](t["q"], t["k"], t["v"], t["o"], 0.125, n_ctx,
                                           n_ctx * head_dim, head_dim, BLOCK_M=128, BLOCK_N=64,
                                           HEAD_DIM=head_dim, num_warps=case.num_warps,
                                           num_stages=case.num_stages),
        "o", lambda t: 4 * heads * n_ctx * n_ctx * head_dim)


def descriptor_matmul_bench(case: Case) -> DotBench:
    """The 4096-cubed fp16 matmul through tensor descriptors (TMA), 128x128x64 tiles, 8 warps."""
    size, block = 4096, 128

    def setup() -> dict[str, Any]:
        triton.set_allocator(lambda n, align, stream: torch.empty(n, device="cuda", dtype=torch.int8))
        a, b = (torch.randn(size, size, device="cuda", dtype=torch.float16) for _ in range(2))
        return {"a": a, "b": b, "c": torch.empty(size, size, device="cuda", dtype=torch.float16)}

    grid = (triton.cdiv(size, block), triton.cdiv(size, block))
    return DotBench(
        case.name, setup, lambda t: grid,
        lambda t: [t["c_a"], t["c_b"], t["c_c"], size, size, size],
        lambda t: k.matmul_descriptor_kernel[grid](t["a"], t["b"], t["c"], size, size, size,
                                                   BM=block, BN=block, BK=64, num_warps=8,
                                                   num_stages=3),
        "c", lambda t: 2 * size**3, cuda80=False)


SIZE = 4096
"""M = N = K of the issue-23 matmul benchmarks."""


def _sms() -> int:
    return torch.cuda.get_device_properties(0).multi_processor_count


def _operands(dtype: torch.dtype, c_dtype: torch.dtype) -> dict[str, Any]:
    """Two SIZE x SIZE inputs (random bytes for int8, normal values otherwise) and an output."""
    if dtype == torch.int8:
        a, b = (torch.randint(-128, 128, (SIZE, SIZE), device="cuda", dtype=dtype)
                for _ in range(2))
    else:
        a, b = (torch.randn(SIZE, SIZE, device="cuda").to(dtype) for _ in range(2))
    return {"a": a, "b": b, "c": torch.empty(SIZE, SIZE, device="cuda", dtype=c_dtype)}


def family_matmul_bench(case: Case, kernel: Any, dtype: torch.dtype, c_dtype: torch.dtype,
                        block: tuple[int, int, int], warps: int, constexprs: dict[str, Any],
                        grid_2d: bool = False, atol: float = DotBench.atol) -> DotBench:
    """A 4096-cubed matmul of an issue-23 family (int8, fp8 A @ W^T, block pointers), whose
    parameters are three matrices, then M, N, K and the three row strides (all SIZE)."""
    bm, bn, bk = block
    tiles = (triton.cdiv(SIZE, bm), triton.cdiv(SIZE, bn))
    grid = tiles if grid_2d else (tiles[0] * tiles[1],)
    sizes = [SIZE] * 6

    def run_triton(t: dict[str, Any]) -> None:
        kernel[grid](t["a"], t["b"], t["c"], *sizes, BM=bm, BN=bn, BK=bk, num_warps=warps,
                     num_stages=3, **constexprs)

    return DotBench(case.name, lambda: _operands(dtype, c_dtype),
                    lambda t: grid, lambda t: [t["c_a"], t["c_b"], t["c_c"], *sizes], run_triton,
                    "c", lambda t: 2 * SIZE**3, atol=atol)


def gather_matmul_bench(case: Case) -> DotBench:
    """C[i] = A[rows[i]] @ B at 4096 cubed, rows drawn at random from A's 4096, 64x128x64 tiles."""
    grid = (triton.cdiv(SIZE, 64) * triton.cdiv(SIZE, 128),)

    def setup() -> dict[str, Any]:
        tensors = _operands(torch.float16, torch.float16)
        tensors["rows"] = torch.randint(0, SIZE, (SIZE,), device="cuda", dtype=torch.int32)
        return tensors

    return DotBench(
        case.name, setup, lambda t: grid,
        lambda t: [t["c_a"], t["c_rows"], t["c_b"], t["c_c"], *[SIZE] * 6],
        lambda t: k.gather_matmul_kernel[grid](t["a"], t["rows"], t["b"], t["c"], *[SIZE] * 6,
                                               BM=64, BN=128, BK=64, GROUP_M=8, num_warps=4,
                                               num_stages=3),
        "c", lambda t: 2 * SIZE**3)


GROUPED_PROBLEMS = ((4096, 4096, 2048), (4096, 2048, 4096), (2048, 4096, 4096), (2048, 2048, 2048))
"""(M, N, K) of the grouped GEMM's four problems."""


def grouped_matmul_bench(case: Case) -> DotBench:
    """The four GROUPED_PROBLEMS in one persistent launch of one program per SM, 128x128x32
    tiles; the C matrices are views of one buffer, which the check compares."""

    def setup() -> dict[str, Any]:
        outputs = torch.empty(sum(m * n for m, n, _ in GROUPED_PROBLEMS), device="cuda",
                              dtype=torch.float16)
        addresses, sizes, operands, offset = [], [], [], 0
        for m, n, kk in GROUPED_PROBLEMS:
            a, b = (torch.randn(shape, device="cuda", dtype=torch.float16)
                    for shape in ((m, kk), (kk, n)))
            c = outputs[offset:offset + m * n]
            offset += m * n
            addresses += [a.data_ptr(), b.data_ptr(), c.data_ptr()]
            sizes += [m, n, kk]
            operands.append((a, b))
        return {"c": outputs, "addresses": torch.tensor(addresses, device="cuda"),
                "sizes": torch.tensor(sizes, device="cuda", dtype=torch.int32),
                "operands": operands}  # kept alive: the addresses point into them

    return DotBench(
        case.name, setup, lambda t: (_sms(),),
        lambda t: [t["c_addresses"], t["c_sizes"], len(GROUPED_PROBLEMS)],
        lambda t: k.grouped_matmul_kernel[(_sms(),)](t["addresses"], t["sizes"],
                                                     len(GROUPED_PROBLEMS), BM=128, BN=128,
                                                     BK=32, num_warps=4, num_stages=3),
        "c", lambda t: sum(2 * m * n * kk for m, n, kk in GROUPED_PROBLEMS))


def persistent_descriptor_bench(case: Case) -> DotBench:
    """The 4096-cubed fp16 TMA matmul, persistent: one program per SM over 128x128x64 tiles."""

    def setup() -> dict[str, Any]:
        triton.set_allocator(lambda n, align, stream: torch.empty(n, device="cuda", dtype=torch.int8))
        return _operands(torch.float16, torch.float16)

    return DotBench(
        case.name, setup, lambda t: (_sms(),),
        lambda t: [t["c_a"], t["c_b"], t["c_c"], SIZE, SIZE, SIZE],
        lambda t: k.persistent_descriptor_matmul_kernel[(_sms(),)](
            t["a"], t["b"], t["c"], SIZE, SIZE, SIZE, BM=128, BN=128, BK=64, num_warps=8,
            num_stages=3),
        "c", lambda t: 2 * SIZE**3, cuda80=False)


def topk_bench(case: Case) -> DotBench:
    """`tl.topk` of 16 over 65536 rows of 1024 fp32 values, in TB/s (rows read, top-k written)."""
    rows, cols = 65536, 1024

    def setup() -> dict[str, Any]:
        return {"x": torch.randn(rows, cols, device="cuda"),
                "out": torch.empty(rows, 16, device="cuda")}

    return DotBench(
        case.name, setup, lambda t: (rows,), lambda t: [t["c_x"], t["c_out"], cols, cols],
        lambda t: k.topk_kernel[(rows,)](t["x"], t["out"], cols, cols, BLOCK=1024, K=16,
                                         num_warps=4),
        "out", lambda t: rows * (cols + 16) * 4, unit="TB/s")


FP8_ATOL = 1.0
"""Hopper's fp8 wgmma keeps about 14 bits of the accumulator per instruction (32 products), so at
K = 4096 Triton's sm_90 result strays from an fp32-exact sum by about 2^-13 * K / 8 = 0.06
(one standard deviation; up to 0.36 over the 16M elements was measured on the H200); the cuda:80
builds upcast to fp16 and accumulate in full fp32."""

FAMILY = {case.name: case for case in FAMILY_CASES}
FAMILY_BENCHES = [
    family_matmul_bench(FAMILY["matmul_i8_128x128x64_w8_s3"], k.int8_matmul_kernel, torch.int8,
                        torch.int32, (128, 128, 64), 8, {"GROUP_M": 8}),
    family_matmul_bench(FAMILY["matmul_fp8e5_128x128x64_w8_s3"], k.fp8_matmul_kernel,
                        torch.float8_e5m2, torch.float16, (128, 128, 64), 8, {"GROUP_M": 8},
                        atol=FP8_ATOL),
    family_matmul_bench(FAMILY["block_ptr_matmul_f16_128x128x64_w8_s3"],
                        k.block_ptr_matmul_kernel, torch.float16, torch.float16, (128, 128, 64),
                        8, {"PRECISION": "tf32"}, grid_2d=True),
    family_matmul_bench(FAMILY["block_ptr_matmul_f32_tf32x3_64x64x32_w4_s3"],
                        k.block_ptr_matmul_kernel, torch.float32, torch.float32, (64, 64, 32), 4,
                        {"PRECISION": "tf32x3"}, grid_2d=True),
    gather_matmul_bench(FAMILY["gather_matmul_f16_64x128x64_w4_s3"]),
    grouped_matmul_bench(FAMILY["grouped_matmul_f16_128x128x32_w4_s3"]),
    persistent_descriptor_bench(FAMILY["persistent_descriptor_matmul"]),
    topk_bench(FAMILY["topk"]),
]
"""Issue 23's families (tf32 is DOT_CASES' matmul_f32_tf32_64x64x32_w4_s3)."""

DOT_BENCHES = [attention_bench(case) if case.name == "attention" else matmul_bench(case)
               for case in DOT_CASES] + [descriptor_matmul_bench(DESCRIPTOR_MATMUL),
                                         *FAMILY_BENCHES]


def interleaved_medians(runs: Sequence[Callable[[], Any]], rounds: int) -> list[float]:
    """Median milliseconds of each of `runs`: every round times each run once (`do_bench`'s
    median), one after the other, and each run keeps the median of its rounds."""
    samples: list[list[float]] = [[] for _ in runs]
    for _ in range(rounds):
        for sample, run in zip(samples, runs):
            sample.append(do_bench(run, return_mode="median"))
    return [statistics.median(sample) for sample in samples]


def triton_sm80_kernel(case: Case) -> Kernel:
    """Triton's own sm_80 PTX of `case`, with the metadata Triton wrote for it."""
    meta = json.loads((KERNELS / case.name / "sm80.meta.json").read_text())
    return load(KERNELS / case.name / "sm80.ptx",
                {"name": meta["name"], "threads_per_block": 32 * meta["num_warps"],
                 "shared": meta["shared"], "params": case.signature()})


def run_dot_bench(bench: DotBench, source: str, rounds: int) -> None:
    """Time ttc's cuda:80 build beside Triton's sm_80 PTX and ttc's cuda:90 cubin beside
    Triton's native sm_90 build, after checking ttc's outputs against Triton's."""
    with tempfile.TemporaryDirectory(prefix=f"ttc-bench-{bench.name}-") as tmp:
        case = CASES[bench.name]
        ours90 = load(*build(case, source, 90, Path(tmp)))
        pairs = [(load(*build(case, source, 80, Path(tmp))), triton_sm80_kernel(case))] if bench.cuda80 else []
        tensors = bench.setup()
        tensors.update({f"c_{name}": _cupy_view(value) for name, value in
                        list(tensors.items()) if isinstance(value, torch.Tensor)})
        grid, args = bench.grid(tensors), bench.args(tensors)
        stream = cupy.cuda.Stream.from_external(torch.cuda.current_stream())
        bench.run_triton_sm90(tensors)
        torch.cuda.synchronize()
        reference = tensors[bench.output].clone()
        with stream:
            ours = [ours90, *(kernel for pair in pairs for kernel in pair)]
            for kernel in ours:
                kernel(grid, *args)
                torch.cuda.synchronize()
                torch.testing.assert_close(tensors[bench.output], reference, rtol=2e-2,
                                           atol=bench.atol)
            *times, sm90_ms = interleaved_medians(
                [*(lambda kernel=kernel: kernel(grid, *args) for kernel in ours),
                 lambda: bench.run_triton_sm90(tensors)], rounds)
    flops = bench.flops(tensors)
    tflops = [flops / ms / 1e9 for ms in (*times, sm90_ms)]
    if bench.cuda80:
        t90, t80, s80, s90 = tflops
        sm80 = f"{t80:9.1f} {s80:11.1f} {times[2] / times[1]:9.2f}"
    else:
        t90, s90 = tflops
        sm80 = f"{'-':>9} {'-':>11} {'-':>9}"
    label = bench.name if bench.unit == "TFLOP/s" else f"{bench.name} ({bench.unit})"
    print(f"{label:<34} {sm80} {t90:9.1f} {s90:11.1f} {sm90_ms / times[0]:9.2f}")


def _cupy_view(tensor: torch.Tensor) -> Any:
    """A cupy array over a torch tensor's memory; bf16 and fp8, which cupy lacks, as their raw
    16-bit words and bytes."""
    if tensor.dtype == torch.bfloat16:
        tensor = tensor.view(torch.int16)
    elif tensor.dtype == torch.float8_e5m2:
        tensor = tensor.view(torch.uint8)
    return cupy.asarray(tensor)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", choices=["ttir", "ttgir", "llir"], default="ttir",
                        help="which of Triton's IRs ttc starts from (default: ttir)")
    parser.add_argument("--kernel", action="append",
                        choices=[b.name for b in BENCHES] + [b.name for b in DOT_BENCHES],
                        help="only these kernels (default: all)")
    parser.add_argument("--rounds", type=int, default=5,
                        help="times each build is timed, in turn with the others (default: 5)")
    args = parser.parse_args()
    benches = [b for b in BENCHES if not args.kernel or b.name in args.kernel]
    if benches:
        print(f"{'kernel':<15} {'ttc ms':>8} {'ttc GB/s':>9} {'triton ms':>10} "
              f"{'triton GB/s':>12} {'ttc/triton':>11}")
    for bench in benches:
        with tempfile.TemporaryDirectory(prefix=f"ttc-bench-{bench.name}-") as tmp:
            kernel = load(*build(CASES[bench.name], args.source, 90, Path(tmp)))
            tensors = bench.setup()
            tensors.update({f"c_{name}": cupy.asarray(value) for name, value in
                            list(tensors.items()) if isinstance(value, torch.Tensor)})
            stream = cupy.cuda.Stream.from_external(torch.cuda.current_stream())
            with stream:
                if bench.reset:
                    bench.reset(tensors)
                bench.run_ttc(kernel, tensors)
                torch.cuda.synchronize()
                ours = tensors[bench.output].clone()
                if bench.reset:
                    bench.reset(tensors)
                bench.run_triton(tensors)
                torch.cuda.synchronize()
                torch.testing.assert_close(ours, tensors[bench.output], rtol=1e-2, atol=1e-2)
                ttc_ms, triton_ms = interleaved_medians(
                    [lambda: bench.run_ttc(kernel, tensors), lambda: bench.run_triton(tensors)],
                    args.rounds)
        moved = bench.bytes_moved(tensors)
        print(f"{bench.name:<15} {ttc_ms:8.4f} {moved / ttc_ms / 1e6:9.1f} {triton_ms:10.4f} "
              f"{moved / triton_ms / 1e6:12.1f} {triton_ms / ttc_ms:11.2f}")
    dot_benches = [b for b in DOT_BENCHES if not args.kernel or b.name in args.kernel]
    if dot_benches:
        print(f"\n{'kernel (TFLOP/s)':<34} {'ttc cuda:80':>9} {'triton sm80':>11} {'ratio':>9} "
              f"{'ttc cuda:90':>9} {'triton sm90':>11} {'ratio':>9}")
    for bench in dot_benches:
        run_dot_bench(bench, args.source, args.rounds)


if __name__ == "__main__":
    main()
