"""Capture Triton 3.6's IR for the GPU-test kernels (run on the GPU machine only).

Each kernel is launched once on real tensors with TRITON_CACHE_DIR pointing at an empty folder,
so its TTIR carries the specialisation users get (`tt.divisibility = 16` on aligned pointers and
integers divisible by 16). The sizes are chosen so that the integer arguments are divisible by 16
(ttc's tests then use sizes that keep that property but are not multiples of the block). The IR of
every stage, for cuda:90 and cuda:80, is written to `<out>/<kernel>/`.

Usage: python generate.py OUT_DIR
"""

import glob
import os
import shutil
import sys
import tempfile

OUT = sys.argv[1]
CACHE = tempfile.mkdtemp(prefix="triton-cache-")
os.environ["TRITON_CACHE_DIR"] = CACHE

import torch  # noqa: E402
import triton  # noqa: E402
from triton.backends.compiler import GPUTarget  # noqa: E402

import triton_sources as k  # noqa: E402

dev = "cuda"


def launches():
    n = 98304 + 16 * 7
    x, y, o = (torch.randn(n, device=dev) for _ in range(3))
    yield "add", 4, lambda: k.add_kernel[(triton.cdiv(n, 1024),)](x, y, o, n, BLOCK=1024, num_warps=4)
    rows, cols = 4096, 1024
    a = torch.randn(rows, cols, device=dev)
    b = torch.empty_like(a)
    yield "softmax", 4, lambda: k.softmax_kernel[(rows,)](b, a, a.stride(0), b.stride(0), cols, BLOCK=1024, num_warps=4)
    rs_in = torch.randn(rows, 3008, device=dev)
    rs_out = torch.empty(rows, device=dev)
    yield "row_sum", 4, lambda: k.row_sum_kernel[(rows,)](rs_in, rs_out, rs_in.stride(0), 3008, BLOCK=512, num_warps=4)
    ln_x = torch.randn(rows, 2048 + 16, device=dev, dtype=torch.float16)
    ln_y = torch.empty_like(ln_x)
    w = torch.randn(2048 + 16, device=dev, dtype=torch.float16)
    bb = torch.randn(2048 + 16, device=dev, dtype=torch.float16)
    cs_in = torch.randn(rows, 1008, device=dev)
    cs_out = torch.empty_like(cs_in)
    yield "cumsum", 4, lambda: k.cumsum_kernel[(rows,)](cs_in, cs_out, cs_in.stride(0), 1008, BLOCK=1024, num_warps=4)
    yield "layer_norm", 8, lambda: k.layer_norm_kernel[(rows,)](ln_x, ln_y, w, bb, ln_x.stride(0), 2048 + 16, 1e-5, BLOCK=1024, num_warps=8)


def collect(name: str, kernel_fn_name: str, suffix: str) -> None:
    dest = os.path.join(OUT, name)
    os.makedirs(dest, exist_ok=True)
    for path in glob.glob(os.path.join(CACHE, "*", f"{kernel_fn_name}.*")):
        ext = path.rsplit(".", 1)[1]
        if ext in ("ttir", "ttgir", "llir", "ptx", "json"):
            target = os.path.join(dest, f"{suffix}.{ext}" if ext != "json" else f"{suffix}.meta.json")
            shutil.copy(path, target)


for name, warps, launch in launches():
    fn_name = f"{name}_kernel"
    for d in glob.glob(os.path.join(CACHE, "*")):
        shutil.rmtree(d)
    launch()
    torch.cuda.synchronize()
    collect(name, fn_name, "sm90")
    # The same specialisation compiled for cuda:80: pretend the current target is sm_80 and
    # compile without launching.
    for d in glob.glob(os.path.join(CACHE, "*")):
        shutil.rmtree(d)
    driver = triton.runtime.driver.active
    real_target = driver.get_current_target
    driver.get_current_target = lambda: GPUTarget("cuda", 80, 32)
    try:
        fn = getattr(k, fn_name)
        fn.device_caches.clear()
        try:
            launch()
        except Exception as e:  # launching sm_80 code on Hopper may fail after compiling; IR is kept
            print(f"{name}: sm80 launch: {type(e).__name__}: {e}")
    finally:
        driver.get_current_target = real_target
        getattr(k, fn_name).device_caches.clear()
    collect(name, fn_name, "sm80")
    print(name, sorted(os.listdir(os.path.join(OUT, name))))
