"""Capture Triton 3.6's IR for the GPU-test kernels (run on the GPU machine only).

Each kernel is launched once on real tensors with TRITON_CACHE_DIR pointing at an empty folder,
so its TTIR carries the specialisation users get (`tt.divisibility = 16` on aligned pointers and
integers divisible by 16). The sizes are chosen so that the integer arguments are divisible by 16
(ttc's tests then use sizes that keep that property but are not multiples of the block). The IR of
every stage, for cuda:90 and cuda:80, is written to `<out>/<kernel>/`. For the kernels named with
`--passes` (`--passes-sm90`), the IR before every pass of the cuda:80 (cuda:90) pipeline
(`MLIR_ENABLE_DUMP=1`) is kept too, as `sm80.passes.mlir.gz` (`sm90.passes.mlir.gz`).

Usage: python generate.py OUT_DIR [--only NAME ...] [--passes NAME ...] [--passes-sm90 NAME ...]
"""

import argparse
import glob
import gzip
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager

parser = argparse.ArgumentParser()
parser.add_argument("out")
parser.add_argument("--only", nargs="*", default=None, help="only these kernels")
parser.add_argument("--passes", nargs="*", default=(), help="also dump every pass for cuda:80")
parser.add_argument("--passes-sm90", nargs="*", default=(), help="also dump every pass for cuda:90")
ARGS = parser.parse_args()
OUT = ARGS.out
CACHE = tempfile.mkdtemp(prefix="triton-cache-")
os.environ["TRITON_CACHE_DIR"] = CACHE

import torch  # noqa: E402
import triton  # noqa: E402
from triton.backends.compiler import GPUTarget  # noqa: E402

import triton_sources as k  # noqa: E402

dev = "cuda"
MATMUL_CONFIGS = ((64, 64, 32, 4, 2, False), (128, 128, 64, 8, 3, False), (128, 64, 32, 4, 4, True))


def matmul_launch(dtype: torch.dtype, bm: int, bn: int, bk: int, warps: int, stages: int,
                  relu: bool, precision: str) -> Callable[[], None]:
    m, n, kk = 512, 256, 128
    a = torch.randn(m, kk, device=dev).to(dtype)
    b = torch.randn(kk, n, device=dev).to(dtype)
    c = torch.empty(m, n, device=dev, dtype=dtype)
    grid = (triton.cdiv(m, bm) * triton.cdiv(n, bn),)
    return lambda: k.matmul_kernel[grid](a, b, c, m, n, kk, a.stride(0), a.stride(1), b.stride(0),
                                         b.stride(1), c.stride(0), c.stride(1), BM=bm, BN=bn, BK=bk,
                                         GROUP_M=8, RELU=relu, PRECISION=precision,
                                         num_warps=warps, num_stages=stages)


def attention_launch() -> Callable[[], None]:
    heads, n_ctx, d = 4, 512, 64
    q, kk, v = (torch.randn(heads, n_ctx, d, device=dev, dtype=torch.float16) for _ in range(3))
    o = torch.empty_like(q)
    grid = (triton.cdiv(n_ctx, 128), heads)
    return lambda: k.attention_kernel[grid](q, kk, v, o, 0.125, n_ctx, q.stride(0), q.stride(1),
                                            BLOCK_M=128, BLOCK_N=64, HEAD_DIM=d, num_warps=4,
                                            num_stages=3)


def descriptor_matmul_launch() -> Callable[[], None]:
    """The tensor-descriptor matmul: 128x128x64 tiles, 8 warps, 3 stages; descriptors are made on
    the device in the global scratch memory Triton's allocator hands out."""
    m, n, kk = 512, 256, 128
    a = torch.randn(m, kk, device=dev, dtype=torch.float16)
    b = torch.randn(kk, n, device=dev, dtype=torch.float16)
    c = torch.empty(m, n, device=dev, dtype=torch.float16)
    triton.set_allocator(lambda size, align, stream: torch.empty(size, device=dev, dtype=torch.int8))
    grid = (triton.cdiv(m, 128), triton.cdiv(n, 128))
    return lambda: k.matmul_descriptor_kernel[grid](a, b, c, m, n, kk, BM=128, BN=128, BK=64,
                                                    num_warps=8, num_stages=3)


def launches() -> Iterator[tuple[str, str, Callable[[], None]]]:
    """(directory name, kernel function name, launch) for every kernel."""
    n = 98304 + 16 * 7
    x, y, o = (torch.randn(n, device=dev) for _ in range(3))
    yield "add", "add_kernel", lambda: k.add_kernel[(triton.cdiv(n, 1024),)](x, y, o, n, BLOCK=1024, num_warps=4)
    rows, cols = 4096, 1024
    a = torch.randn(rows, cols, device=dev)
    b = torch.empty_like(a)
    yield "softmax", "softmax_kernel", lambda: k.softmax_kernel[(rows,)](b, a, a.stride(0), b.stride(0), cols, BLOCK=1024, num_warps=4)
    rs_in = torch.randn(rows, 3008, device=dev)
    rs_out = torch.empty(rows, device=dev)
    yield "row_sum", "row_sum_kernel", lambda: k.row_sum_kernel[(rows,)](rs_in, rs_out, rs_in.stride(0), 3008, BLOCK=512, num_warps=4)
    ln_x = torch.randn(rows, 2048 + 16, device=dev, dtype=torch.float16)
    ln_y = torch.empty_like(ln_x)
    w = torch.randn(2048 + 16, device=dev, dtype=torch.float16)
    bb = torch.randn(2048 + 16, device=dev, dtype=torch.float16)
    cs_in = torch.randn(rows, 1008, device=dev)
    cs_out = torch.empty_like(cs_in)
    yield "cumsum", "cumsum_kernel", lambda: k.cumsum_kernel[(rows,)](cs_in, cs_out, cs_in.stride(0), 1008, BLOCK=1024, num_warps=4)
    yield "layer_norm", "layer_norm_kernel", lambda: k.layer_norm_kernel[(rows,)](ln_x, ln_y, w, bb, ln_x.stride(0), 2048 + 16, 1e-5, BLOCK=1024, num_warps=8)
    for dtype, tag in ((torch.float16, "f16"), (torch.bfloat16, "bf16")):
        for bm, bn, bk, warps, stages, relu in MATMUL_CONFIGS:
            name = f"matmul_{tag}_{bm}x{bn}x{bk}_w{warps}_s{stages}" + ("_relu" if relu else "")
            yield name, "matmul_kernel", matmul_launch(dtype, bm, bn, bk, warps, stages, relu, "tf32")
    yield "matmul_f32_tf32_64x64x32_w4_s3", "matmul_kernel", matmul_launch(torch.float32, 64, 64, 32, 4, 3, False, "tf32")
    yield "matmul_f32_ieee_32x32x16_w4_s2", "matmul_kernel", matmul_launch(torch.float32, 32, 32, 16, 4, 2, False, "ieee")
    yield "attention", "attention_kernel", attention_launch()
    yield "matmul_descriptor", "matmul_descriptor_kernel", descriptor_matmul_launch()
    yield from issue8_launches()
    yield from issue23_launches()


def issue8_launches() -> Iterator[tuple[str, str, Callable[[], None]]]:
    """The kernels of every op family the lowering covers (atomics, libdevice, calls, join and
    split, inline asm, printing, gather, transpose, sort, fp8)."""
    n = 4096 + 16 * 5
    xi = torch.randint(0, 64, (n,), device=dev, dtype=torch.int32)
    hist = torch.zeros(64, device=dev, dtype=torch.int32)
    yield "histogram", "histogram_kernel", lambda: k.histogram_kernel[(triton.cdiv(n, 1024),)](xi, hist, n, NUM_BINS=64, BLOCK=1024, num_warps=4)
    yield "block_histogram", "block_histogram_kernel", lambda: k.block_histogram_kernel[(triton.cdiv(n, 1024),)](xi, hist, n, NUM_BINS=64, BLOCK=1024, num_warps=4)
    f = torch.randn(n, device=dev)
    h = torch.randn(n, device=dev, dtype=torch.float16)
    ints = torch.zeros(32, device=dev, dtype=torch.int32)
    floats = torch.zeros(4, device=dev)
    halves = torch.zeros(4, device=dev, dtype=torch.float16)
    swap, cas, old = (torch.zeros(n, device=dev, dtype=torch.int32) for _ in range(3))
    yield "atomic_ops", "atomic_ops_kernel", lambda: k.atomic_ops_kernel[(triton.cdiv(n, 256),)](xi, f, h, ints, floats, halves, swap, cas, old, n, BLOCK=256, num_warps=4)
    out = torch.empty_like(f)
    yield "gelu", "gelu_kernel", lambda: k.gelu_kernel[(triton.cdiv(n, 1024),)](f, out, n, BLOCK=1024, num_warps=4)
    yield "libdevice", "libdevice_kernel", lambda: k.libdevice_kernel[(triton.cdiv(n, 512),)](f, out, n, BLOCK=512, num_warps=4)
    yield "call", "call_kernel", lambda: k.call_kernel[(triton.cdiv(n, 512),)](f, out, out, n, 1.5, 0.25, BLOCK=512, num_warps=4)
    both = torch.empty(2 * n, device=dev)
    yield "interleave", "interleave_kernel", lambda: k.interleave_kernel[(triton.cdiv(n, 512),)](f, out, both, f, n, BLOCK=512, num_warps=4)
    u = torch.randint(0, 2**31, (n,), device=dev, dtype=torch.int32)
    yield "rotate", "rotate_kernel", lambda: k.rotate_kernel[(triton.cdiv(n, 512),)](u, swap, n, 16, BLOCK=512, num_warps=4)
    yield "print", "print_kernel", lambda: k.print_kernel[(1,)](xi, 16, BLOCK=32, num_warps=1)
    rows = 256
    src = torch.randn(rows, 32, device=dev)
    idx = torch.randint(0, 32, (rows, 32), device=dev, dtype=torch.int32)
    gathered = torch.empty_like(src)
    yield "gather", "gather_kernel", lambda: k.gather_kernel[(triton.cdiv(rows, 32),)](src, idx, gathered, rows, ROWS=32, COLS=32, num_warps=4)
    tm, tn = 1024 + 16, 512 + 16
    tx = torch.randn(tm, tn, device=dev)
    ty = torch.empty(tn, tm, device=dev)
    yield "transpose", "transpose_kernel", lambda: k.transpose_kernel[(triton.cdiv(tm, 64), triton.cdiv(tn, 64))](tx, ty, tm, tn, tx.stride(0), ty.stride(0), BLOCK=64, num_warps=4)
    sx = torch.randn(1024, 256, device=dev)
    sy = torch.empty_like(sx)
    yield "sort", "sort_kernel", lambda: k.sort_kernel[(1024,)](sx, sy, 240, sx.stride(0), BLOCK=256, num_warps=4)
    yield "fp8", "fp8_kernel", lambda: k.fp8_kernel[(triton.cdiv(n, 1024),)](f, out, n, BLOCK=1024, num_warps=4)


def issue23_launches() -> Iterator[tuple[str, str, Callable[[], None]]]:
    """The matmul families of issue 23 (int8, fp8 e5m2, block pointers in f16 and tf32x3, gathered
    rows, a persistent grouped GEMM of 4 problems, a persistent TMA matmul) and top-k. Every size
    and stride is a multiple of 16 (num_problems, 4, is not), as in the other launches."""
    m, n, kk = 512, 256, 128
    a8, b8 = (torch.randint(-128, 128, shape, device=dev, dtype=torch.int8) for shape in ((m, kk), (kk, n)))
    c32 = torch.empty(m, n, device=dev, dtype=torch.int32)
    tiles = triton.cdiv(m, 128) * triton.cdiv(n, 128)
    yield "matmul_i8_128x128x64_w8_s3", "int8_matmul_kernel", lambda: k.int8_matmul_kernel[(tiles,)](a8, b8, c32, m, n, kk, kk, n, n, BM=128, BN=128, BK=64, GROUP_M=8, num_warps=8, num_stages=3)
    af8, wf8 = (torch.randn(shape, device=dev).to(torch.float8_e5m2) for shape in ((m, kk), (n, kk)))
    c16 = torch.empty(m, n, device=dev, dtype=torch.float16)
    yield "matmul_fp8e5_128x128x64_w8_s3", "fp8_matmul_kernel", lambda: k.fp8_matmul_kernel[(tiles,)](af8, wf8, c16, m, n, kk, kk, kk, n, BM=128, BN=128, BK=64, GROUP_M=8, num_warps=8, num_stages=3)
    a16, b16 = (torch.randn(shape, device=dev, dtype=torch.float16) for shape in ((m, kk), (kk, n)))
    yield "block_ptr_matmul_f16_128x128x64_w8_s3", "block_ptr_matmul_kernel", lambda: k.block_ptr_matmul_kernel[(triton.cdiv(m, 128), triton.cdiv(n, 128))](a16, b16, c16, m, n, kk, kk, n, n, BM=128, BN=128, BK=64, PRECISION="tf32", num_warps=8, num_stages=3)
    a32, b32 = (torch.randn(shape, device=dev) for shape in ((m, kk), (kk, n)))
    c32f = torch.empty(m, n, device=dev)
    yield "block_ptr_matmul_f32_tf32x3_64x64x32_w4_s3", "block_ptr_matmul_kernel", lambda: k.block_ptr_matmul_kernel[(triton.cdiv(m, 64), triton.cdiv(n, 64))](a32, b32, c32f, m, n, kk, kk, n, n, BM=64, BN=64, BK=32, PRECISION="tf32x3", num_warps=4, num_stages=3)
    rows = torch.randint(0, m, (m,), device=dev, dtype=torch.int32)
    yield "gather_matmul_f16_64x128x64_w4_s3", "gather_matmul_kernel", lambda: k.gather_matmul_kernel[(triton.cdiv(m, 64) * triton.cdiv(n, 128),)](a16, rows, b16, c16, m, n, kk, kk, n, n, BM=64, BN=128, BK=64, GROUP_M=8, num_warps=4, num_stages=3)
    problems = [tuple(torch.randn(shape, device=dev, dtype=torch.float16) for shape in ((pm, pk), (pk, pn), (pm, pn))) for pm, pn, pk in ((256, 128, 64), (128, 256, 128), (512, 128, 32), (128, 128, 256))]
    addresses = torch.tensor([t.data_ptr() for p in problems for t in p], device=dev, dtype=torch.int64)
    sizes = torch.tensor([d for p in problems for d in (p[0].shape[0], p[1].shape[1], p[0].shape[1])], device=dev, dtype=torch.int32)
    yield "grouped_matmul_f16_128x128x32_w4_s3", "grouped_matmul_kernel", lambda: k.grouped_matmul_kernel[(8,)](addresses, sizes, len(problems), BM=128, BN=128, BK=32, num_warps=4, num_stages=3)
    triton.set_allocator(lambda size, align, stream: torch.empty(size, device=dev, dtype=torch.int8))
    yield "persistent_descriptor_matmul", "persistent_descriptor_matmul_kernel", lambda: k.persistent_descriptor_matmul_kernel[(4,)](a16, b16, c16, m, n, kk, BM=128, BN=128, BK=64, num_warps=8, num_stages=3)
    x = torch.randn(64, 1024, device=dev)
    top = torch.empty(64, 16, device=dev)
    yield "topk", "topk_kernel", lambda: k.topk_kernel[(64,)](x, top, 1008, x.stride(0), BLOCK=1024, K=16, num_warps=4)


def collect(name: str, kernel_fn_name: str, suffix: str) -> None:
    dest = os.path.join(OUT, name)
    os.makedirs(dest, exist_ok=True)
    for path in glob.glob(os.path.join(CACHE, "*", f"{kernel_fn_name}.*")):
        ext = path.rsplit(".", 1)[1]
        if ext in ("ttir", "ttgir", "llir", "ptx", "json"):
            target = os.path.join(dest, f"{suffix}.{ext}" if ext != "json" else f"{suffix}.meta.json")
            shutil.copy(path, target)


def clear_cache() -> None:
    for d in glob.glob(os.path.join(CACHE, "*")):
        shutil.rmtree(d)


@contextmanager
def pass_dump(dump_to: str | None) -> Iterator[None]:
    """With `dump_to`, Triton's per-pass IR dump (written to the process's stderr) goes there,
    gzipped when the block ends."""
    if dump_to is None:
        yield
        return
    saved_stderr = os.dup(2)
    os.environ["MLIR_ENABLE_DUMP"] = "1"
    sink = os.open(dump_to, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    sys.stderr.flush()
    os.dup2(sink, 2)
    try:
        yield
    finally:
        sys.stderr.flush()
        os.dup2(saved_stderr, 2)
        os.close(sink)
        os.close(saved_stderr)
        os.environ.pop("MLIR_ENABLE_DUMP", None)
        with open(dump_to, "rb") as raw, gzip.open(dump_to + ".gz", "wb") as packed:
            shutil.copyfileobj(raw, packed)
        os.remove(dump_to)


def as_sm80(fn_name: str, launch: Callable[[], None]) -> None:
    """Compile `launch`'s specialisation for cuda:80 (pretending the GPU is sm_80)."""
    driver = triton.runtime.driver.active
    real_target = driver.get_current_target
    driver.get_current_target = lambda: GPUTarget("cuda", 80, 32)
    fn = getattr(k, fn_name)
    try:
        fn.device_caches.clear()
        try:
            launch()
        except Exception as e:  # launching sm_80 code on Hopper may fail after compiling; IR is kept
            print(f"{fn_name}: sm80 launch: {type(e).__name__}: {str(e)[:200]}")
    finally:
        driver.get_current_target = real_target
        fn.device_caches.clear()


for name, fn_name, launch in launches():
    if ARGS.only and name not in ARGS.only:
        continue
    clear_cache()
    getattr(k, fn_name).device_caches.clear()
    os.makedirs(os.path.join(OUT, name), exist_ok=True)
    with pass_dump(os.path.join(OUT, name, "sm90.passes.mlir") if name in ARGS.passes_sm90 else None):
        launch()
        torch.cuda.synchronize()
    collect(name, fn_name, "sm90")
    clear_cache()
    with pass_dump(os.path.join(OUT, name, "sm80.passes.mlir") if name in ARGS.passes else None):
        as_sm80(fn_name, launch)
    collect(name, fn_name, "sm80")
    print(name, sorted(os.listdir(os.path.join(OUT, name))), flush=True)
