"""In-process compile time of Triton kernels: Triton 3.6 alone against ttc through `ttc.triton`.

Each kernel below (the families Triton's language tests exercise most: elementwise, reductions,
scans, atomics, transposes, libdevice math, casts, and matmuls at two tile sizes) is compiled
`--runs` times by `triton.compile` for `--target` (no GPU needed: Triton's frontend makes the
TTIR and stops at the cubin), once with Triton's own stages and once with ttc installed (its
compile cache off, so that every round compiles), each with an empty Triton cache. It prints per kernel the median wall and CPU seconds of both (CPU time
of this process: the frontend, the passes and LLVM; ptxas runs in a child process and is only in
the wall time), their ratio, and the medians over the kernels.

Usage: python bench/compile_vs_triton.py [--runs N] [--target cuda:90] [--json FILE]
Needs Triton (pip install 'ttc[triton]') and ptxas.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import triton
import triton.language as tl
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource


@triton.jit
def add(x, y, z, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(z + offsets, tl.load(x + offsets, mask=mask) + tl.load(y + offsets, mask=mask), mask=mask)


@triton.jit
def softmax(x, y, stride, n, BLOCK: tl.constexpr):
    row, cols = tl.program_id(0), tl.arange(0, BLOCK)
    v = tl.load(x + row * stride + cols, mask=cols < n, other=-float("inf"))
    e = tl.exp(v - tl.max(v, 0))
    tl.store(y + row * stride + cols, e / tl.sum(e, 0), mask=cols < n)


@triton.jit
def layer_norm(x, y, w, b, stride, n, eps, BLOCK: tl.constexpr):
    row, cols = tl.program_id(0), tl.arange(0, BLOCK)
    mask = cols < n
    v = tl.load(x + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    centred = tl.where(mask, v - tl.sum(v, 0) / n, 0.0)
    scale = 1 / tl.sqrt(tl.sum(centred * centred, 0) / n + eps)
    out = centred * scale * tl.load(w + cols, mask=mask) + tl.load(b + cols, mask=mask)
    tl.store(y + row * stride + cols, out, mask=mask)


@triton.jit
def matmul(a, b, c, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        rk = k + tl.arange(0, BK)
        lhs = tl.load(a + rm[:, None] * K + rk[None, :],
                      mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
        rhs = tl.load(b + rk[:, None] * N + rn[None, :],
                      mask=(rk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(lhs, rhs, acc)
    tl.store(c + rm[:, None] * N + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def row_sums(x, y, ROWS: tl.constexpr, COLS: tl.constexpr):
    tile = tl.load(x + tl.arange(0, ROWS)[:, None] * COLS + tl.arange(0, COLS)[None, :])
    tl.store(y + tl.arange(0, ROWS), tl.sum(tile, 1))


@triton.jit
def prefix_sum(x, y, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    tl.store(y + offsets, tl.cumsum(tl.load(x + offsets), 0))


@triton.jit
def histogram_add(x, bins, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    tl.atomic_add(bins + offsets % 7, tl.load(x + offsets))


@triton.jit
def transpose(x, y, BLOCK: tl.constexpr):
    rows, cols = tl.arange(0, BLOCK)[:, None], tl.arange(0, BLOCK)[None, :]
    tl.store(y + cols * BLOCK + rows, tl.load(x + rows * BLOCK + cols))


@triton.jit
def libdevice_math(x, y, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    v = tl.load(x + offsets)
    tl.store(y + offsets, tl.sin(v) * tl.exp2(v) + tl.erf(v) / (1 + tl.abs(v)))


@triton.jit
def leaky_relu_bf16(x, y, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    v = tl.load(x + offsets, mask=offsets < n)
    tl.store(y + offsets, tl.where(v > 0, v, v * 0.1).to(tl.bfloat16), mask=offsets < n)


_F32_2 = {"x": "*fp32", "y": "*fp32"}
_MATMUL = {"a": "*fp16", "b": "*fp16", "c": "*fp16", "M": "i32", "N": "i32", "K": "i32",
           "BM": "constexpr", "BN": "constexpr", "BK": "constexpr"}
KERNELS: list[tuple[str, Callable[..., Any], dict[str, str], dict[str, int], int]] = [
    ("add", add, {"x": "*fp32", "y": "*fp32", "z": "*fp32", "n": "i32", "BLOCK": "constexpr"},
     {"BLOCK": 1024}, 4),
    ("softmax", softmax, {**_F32_2, "stride": "i32", "n": "i32", "BLOCK": "constexpr"},
     {"BLOCK": 1024}, 4),
    ("layer_norm", layer_norm, {"x": "*fp16", "y": "*fp16", "w": "*fp16", "b": "*fp16",
                                "stride": "i32", "n": "i32", "eps": "fp32", "BLOCK": "constexpr"},
     {"BLOCK": 1024}, 4),
    ("matmul 128x128x64", matmul, _MATMUL, {"BM": 128, "BN": 128, "BK": 64}, 8),
    ("matmul 64x64x32", matmul, _MATMUL, {"BM": 64, "BN": 64, "BK": 32}, 4),
    ("row sums 32x64", row_sums, {**_F32_2, "ROWS": "constexpr", "COLS": "constexpr"},
     {"ROWS": 32, "COLS": 64}, 4),
    ("prefix sum", prefix_sum, {"x": "*i32", "y": "*i32", "BLOCK": "constexpr"}, {"BLOCK": 512}, 4),
    ("atomic add", histogram_add, {"x": "*fp32", "bins": "*fp32", "BLOCK": "constexpr"},
     {"BLOCK": 256}, 4),
    ("transpose 32x32", transpose, {**_F32_2, "BLOCK": "constexpr"}, {"BLOCK": 32}, 4),
    ("libdevice math", libdevice_math, {**_F32_2, "BLOCK": "constexpr"}, {"BLOCK": 256}, 4),
    ("bf16 leaky relu", leaky_relu_bf16, {"x": "*fp32", "y": "*bf16", "n": "i32",
                                          "BLOCK": "constexpr"}, {"BLOCK": 512}, 4),
]


def compile_times(target: GPUTarget, runs: int) -> dict[str, tuple[float, float]]:
    """Per kernel, the median (wall, CPU) seconds of `runs` compiles, after one warm-up round."""
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name, *_ in KERNELS}
    for round_ in range(runs + 1):
        os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp(prefix="ttc-bench-cache-")
        for name, fn, signature, constexprs, warps in KERNELS:
            wall, cpu = time.perf_counter(), time.process_time()
            triton.compile(ASTSource(fn, signature, constexprs), target=target,
                           options={"num_warps": warps, "num_stages": 3})
            if round_:
                samples[name].append((time.perf_counter() - wall, time.process_time() - cpu))
    return {name: (statistics.median(w for w, _ in s), statistics.median(c for _, c in s))
            for name, s in samples.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--target", default="cuda:90")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON here")
    args = parser.parse_args()
    backend, _, arch = args.target.partition(":")
    target = GPUTarget(backend, int(arch), 32)
    alone = compile_times(target, args.runs)

    import ttc.triton

    ttc.triton.install(target=args.target, cache=False)
    with_ttc = compile_times(target, args.runs)
    ttc.triton.uninstall()

    print(f"{'kernel':20} {'Triton wall':>11} {'ttc wall':>9} {'ratio':>6} "
          f"{'Triton CPU':>10} {'ttc CPU':>8} {'ratio':>6}")
    for name in alone:
        (tw, tc), (w, c) = alone[name], with_ttc[name]
        print(f"{name:20} {tw:11.3f} {w:9.3f} {w / tw:6.2f} {tc:10.3f} {c:8.3f} {c / tc:6.2f}")
    medians = [statistics.median(t[i] for t in table.values())
               for table in (alone, with_ttc) for i in (0, 1)]
    print(f"{'median':20} {medians[0]:11.3f} {medians[2]:9.3f} {medians[2] / medians[0]:6.2f} "
          f"{medians[1]:10.3f} {medians[3]:8.3f} {medians[3] / medians[1]:6.2f}")
    if args.json:
        args.json.write_text(json.dumps({"triton": alone, "ttc": with_ttc}, indent=2) + "\n")


if __name__ == "__main__":
    main()
