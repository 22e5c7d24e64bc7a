"""A small PyTorch program with its own Triton kernels, run by Triton alone and then through ttc.

    python examples/triton_program.py            # both runs, compared (needs a GPU and Triton)
    ttc run -- python examples/triton_program.py --only-current   # one run, kernels from ttc

The kernels (a fused scale-and-add, a row softmax, a tiled matmul with a ReLU epilogue and a
layer norm) run on sizes that are not multiples of their blocks. The first run compiles them with
Triton's own pipeline, then `ttc.triton.install()` switches the compiler, and the same launches
compile again with ttc (their cache keys differ, so nothing is reused). The script prints, for
each kernel, the largest difference between the two runs and against torch, and exits with 1 if
a result is wrong.
"""

from __future__ import annotations

import argparse
import sys

import torch
import triton
import triton.language as tl


@triton.jit
def scale_add(x_ptr, y_ptr, out_ptr, alpha, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, alpha * x + y, mask=mask)


@triton.jit
def softmax_rows(x_ptr, out_ptr, cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offsets = tl.arange(0, BLOCK)
    mask = offsets < cols
    x = tl.load(x_ptr + row * stride + offsets, mask=mask, other=-float("inf"))
    e = tl.exp(x - tl.max(x, axis=0))
    tl.store(out_ptr + row * stride + offsets, e / tl.sum(e, axis=0), mask=mask)


@triton.jit
def matmul_relu(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :],
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + kk[:, None] * N + rn[None, :],
                    mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
    c = tl.maximum(acc, 0.0).to(tl.float16)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], c, mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def layer_norm(x_ptr, w_ptr, b_ptr, out_ptr, cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offsets = tl.arange(0, BLOCK)
    mask = offsets < cols
    x = tl.load(x_ptr + row * cols + offsets, mask=mask, other=0.0)
    mean = tl.sum(x, axis=0) / cols
    centered = tl.where(mask, x - mean, 0.0)
    rstd = 1.0 / tl.sqrt(tl.sum(centered * centered, axis=0) / cols + eps)
    w = tl.load(w_ptr + offsets, mask=mask)
    b = tl.load(b_ptr + offsets, mask=mask)
    tl.store(out_ptr + row * cols + offsets, centered * rstd * w + b, mask=mask)


def run_kernels(inputs: dict[str, torch.Tensor]) -> dict[str, torch.Tensor]:
    """Launch every kernel on the inputs; their outputs by kernel name."""
    x, y = inputs["x"], inputs["y"]
    out = {"scale_add": torch.empty_like(x)}
    scale_add[(triton.cdiv(x.numel(), 1024),)](x, y, out["scale_add"], 0.5, x.numel(), BLOCK=1024)
    rows = inputs["rows"]
    out["softmax_rows"] = torch.empty_like(rows)
    softmax_rows[(rows.shape[0],)](rows, out["softmax_rows"], rows.shape[1], rows.stride(0),
                                   BLOCK=triton.next_power_of_2(rows.shape[1]))
    a, b = inputs["a"], inputs["b"]
    (m, k), n = a.shape, b.shape[1]
    out["matmul_relu"] = torch.empty((m, n), device=a.device, dtype=torch.float16)
    matmul_relu[(triton.cdiv(m, 64), triton.cdiv(n, 64))](a, b, out["matmul_relu"], m, n, k,
                                                          BM=64, BN=64, BK=32)
    w, bias = inputs["w"], inputs["bias"]
    out["layer_norm"] = torch.empty_like(rows)
    layer_norm[(rows.shape[0],)](rows, w, bias, out["layer_norm"], rows.shape[1], 1e-5,
                                 BLOCK=triton.next_power_of_2(rows.shape[1]))
    torch.cuda.synchronize()
    return out


def references(inputs: dict[str, torch.Tensor]) -> dict[str, torch.Tensor]:
    """What torch computes for each kernel."""
    rows = inputs["rows"]
    return {
        "scale_add": 0.5 * inputs["x"] + inputs["y"],
        "softmax_rows": torch.softmax(rows, dim=1),
        "matmul_relu": torch.relu(inputs["a"].float() @ inputs["b"].float()).half(),
        "layer_norm": torch.nn.functional.layer_norm(rows, (rows.shape[1],), inputs["w"],
                                                     inputs["bias"], 1e-5),
    }


def make_inputs() -> dict[str, torch.Tensor]:
    generator = torch.Generator(device="cuda").manual_seed(0)

    def randn(*shape: int, dtype: torch.dtype = torch.float32) -> torch.Tensor:
        return torch.randn(*shape, device="cuda", generator=generator).to(dtype)

    return {"x": randn(100_003), "y": randn(100_003), "rows": randn(333, 777),
            "a": randn(300, 200, dtype=torch.float16), "b": randn(200, 150, dtype=torch.float16),
            "w": randn(777), "bias": randn(777)}


def check(results: dict[str, torch.Tensor], expected: dict[str, torch.Tensor], label: str) -> bool:
    ok = True
    for name, value in results.items():
        error = (value.float() - expected[name].float()).abs().max().item()
        tolerance = 2e-2 if value.dtype == torch.float16 else 1e-4
        ok &= error <= tolerance
        print(f"{name:>13}: max |{label}| = {error:.3g}" + ("" if error <= tolerance else "  WRONG"))
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only-current", action="store_true",
                        help="run once with whichever compiler is installed (e.g. under ttc run)")
    args = parser.parse_args()
    inputs = make_inputs()
    expected = references(inputs)
    if args.only_current:
        return 0 if check(run_kernels(inputs), expected, "result - torch") else 1
    import ttc.triton

    ttc.triton.uninstall()
    by_triton = run_kernels(inputs)
    ttc.triton.install()
    by_ttc = run_kernels(inputs)
    ttc.triton.uninstall()
    ok = check(by_triton, expected, "Triton - torch")
    ok &= check(by_ttc, expected, "ttc - torch")
    ok &= check(by_ttc, by_triton, "ttc - Triton")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
