"""GPU kernel speed: ttc's builds against Triton's own on the GPU machine (torch, triton, cupy).

For each kernel at a large size (add: 2^24 fp32; softmax: 4096×1024 fp32; row_sum: 4096×4096 fp32;
layer_norm: 4096×4096 fp16; cumsum: 4096×1024 fp32), `ttc compile` builds a cuda:90 cubin (from
Triton's TTIR by default, or its TTGIR or LLVM IR with --source; test/gpu/test_kernels.py's
`build`), test/gpu/launch.py launches it on torch's current stream (on cupy views of torch's
tensors, made once), and Triton 3.6 runs the same kernel from test/gpu/kernels/triton_sources.py
with the same block size and warps. Both are timed with `triton.testing.do_bench` (median),
reported in GB/s (each input read once, each output written once) with the ratio ttc/Triton, after
one correctness check of ttc's output against Triton's.

Usage: python bench/gpu_kernels.py [--source ttir|ttgir|llir] [--kernel NAME ...]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "test" / "gpu"), str(ROOT / "test" / "gpu" / "kernels")]

import cupy  # noqa: E402
import torch  # noqa: E402
import triton  # noqa: E402
import triton_sources as k  # noqa: E402
from launch import Kernel, load  # noqa: E402
from test_kernels import CASES as TEST_CASES  # noqa: E402
from test_kernels import build  # noqa: E402
from triton.testing import do_bench  # noqa: E402

CASES = {case.name: case for case in TEST_CASES}


@dataclass
class Bench:
    """One kernel: its warps, how to make its tensors, and how to launch each build of it."""

    name: str
    setup: Callable[[], dict[str, Any]]
    run_ttc: Callable[[Kernel, dict[str, Any]], None]
    run_triton: Callable[[dict[str, Any]], None]
    output: str
    bytes_moved: Callable[[dict[str, Any]], int]


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
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", choices=["ttir", "ttgir", "llir"], default="ttir",
                        help="which of Triton's IRs ttc starts from (default: ttir)")
    parser.add_argument("--kernel", action="append", choices=[b.name for b in BENCHES],
                        help="only these kernels (default: all)")
    args = parser.parse_args()
    print(f"{'kernel':<11} {'ttc ms':>8} {'ttc GB/s':>9} {'triton ms':>10} "
          f"{'triton GB/s':>12} {'ttc/triton':>11}")
    for bench in BENCHES:
        if args.kernel and bench.name not in args.kernel:
            continue
        with tempfile.TemporaryDirectory(prefix=f"ttc-bench-{bench.name}-") as tmp:
            kernel = load(*build(CASES[bench.name], args.source, 90, Path(tmp)))
            tensors = bench.setup()
            tensors.update({f"c_{name}": cupy.asarray(value) for name, value in
                            list(tensors.items()) if isinstance(value, torch.Tensor)})
            stream = cupy.cuda.Stream.from_external(torch.cuda.current_stream())
            with stream:
                bench.run_ttc(kernel, tensors)
                torch.cuda.synchronize()
                ours = tensors[bench.output].clone()
                bench.run_triton(tensors)
                torch.cuda.synchronize()
                torch.testing.assert_close(ours, tensors[bench.output], rtol=1e-2, atol=1e-2)
                ttc_ms = do_bench(lambda: bench.run_ttc(kernel, tensors), return_mode="median")
            triton_ms = do_bench(lambda: bench.run_triton(tensors), return_mode="median")
        moved = bench.bytes_moved(tensors)
        print(f"{bench.name:<11} {ttc_ms:8.4f} {moved / ttc_ms / 1e6:9.1f} {triton_ms:10.4f} "
              f"{moved / triton_ms / 1e6:12.1f} {triton_ms / ttc_ms:11.2f}")


if __name__ == "__main__":
    main()
