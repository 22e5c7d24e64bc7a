"""f64 `tt.dot` on tensor cores (Triton 3.6's MMAv2 f64 path), checked by running the lowering.

Triton 3.6 gives an f64 dot the same `#ttg.nvidia_mma` v2 layout as any other (`instrShape =
[16, 8]`, operands with `kWidth = 1`) and covers each 16 x 8 x 16 tile with one
`mma.sync.m16n8k16.f64` on sm_90, or with eight `mma.sync.m8n8k4.f64` on sm_80 (the upper and
lower 8 rows for each group of 4 K, in one inline-asm statement whose accumulators are tied).
The kernels below load A, B and C straight into the dot's layouts, multiply and store; the
lowered function runs under `SimtInterpreter`, which executes those `mma.sync` forms with the PTX
ISA's fragments, and the result must be A @ B + C exactly (small integers).
"""

from __future__ import annotations

import numpy as np
import pytest

from test_reduce_convert_lowering import lower
from test_scan_lowering import run_kernel
from ttc_parse import parse_module


def _load(name: str, arg: str, rows: int, cols: int, layout: str) -> list[str]:
    """Lines loading a row-major `rows x cols` f64 matrix at `%arg` in `layout` into `%name`."""
    t = lambda shape, e: f"tensor<{shape}x{e}, {layout}>"  # noqa: E731
    row_s = f"tensor<{rows}xi32, #ttg.slice<{{dim = 1, parent = {layout}}}>>"
    col_s = f"tensor<{cols}xi32, #ttg.slice<{{dim = 0, parent = {layout}}}>>"
    full, ptrs = t(f"{rows}x{cols}", "i32"), t(f"{rows}x{cols}", "!tt.ptr<f64>")
    return [
        f"%{name}_r = tt.make_range {{end = {rows} : i32, start = 0 : i32}} : {row_s}",
        f"%{name}_c = tt.make_range {{end = {cols} : i32, start = 0 : i32}} : {col_s}",
        f"%{name}_r2 = tt.expand_dims %{name}_r {{axis = 1 : i32}} : {row_s} -> {t(f'{rows}x1', 'i32')}",
        f"%{name}_c2 = tt.expand_dims %{name}_c {{axis = 0 : i32}} : {col_s} -> {t(f'1x{cols}', 'i32')}",
        f"%{name}_n = arith.constant dense<{cols}> : {t(f'{rows}x1', 'i32')}",
        f"%{name}_rn = arith.muli %{name}_r2, %{name}_n : {t(f'{rows}x1', 'i32')}",
        f"%{name}_rb = tt.broadcast %{name}_rn : {t(f'{rows}x1', 'i32')} -> {full}",
        f"%{name}_cb = tt.broadcast %{name}_c2 : {t(f'1x{cols}', 'i32')} -> {full}",
        f"%{name}_off = arith.addi %{name}_rb, %{name}_cb : {full}",
        f"%{name}_p = tt.splat %{arg} : !tt.ptr<f64> -> {ptrs}",
        f"%{name}_q = tt.addptr %{name}_p, %{name}_off : {ptrs}, {full}",
        f"%{name} = tt.load %{name}_q : {ptrs}",
    ]


def f64_dot_kernel(m: int, n: int, k: int, warps: tuple[int, int], cc: int) -> str:
    """`out2 = in0 @ in1 + in2` for row-major f64 matrices, in Triton 3.6's MMA v2 layouts."""
    lines = [
        *_load("a", "in0", m, k, "#A"), *_load("b", "in1", k, n, "#B"), *_load("c", "in2", m, n, "#mma"),
        f"%d = tt.dot %a, %b, %c : tensor<{m}x{k}xf64, #A> * tensor<{k}x{n}xf64, #B> -> tensor<{m}x{n}xf64, #mma>",
        f"%o = tt.splat %out2 : !tt.ptr<f64> -> tensor<{m}x{n}x!tt.ptr<f64>, #mma>",
        f"%oq = tt.addptr %o, %c_off : tensor<{m}x{n}x!tt.ptr<f64>, #mma>, tensor<{m}x{n}xi32, #mma>",
        f"tt.store %oq, %d : tensor<{m}x{n}x!tt.ptr<f64>, #mma>",
    ]
    args = ", ".join(f"%{io}{i}: !tt.ptr<f64>" for io in ("in", "out") for i in range(3))
    body = "\n    ".join(lines)
    return f"""#mma = #ttg.nvidia_mma<{{versionMajor = 2, versionMinor = 0, warpsPerCTA = [{warps[0]}, {warps[1]}], instrShape = [16, 8]}}>
#A = #ttg.dot_op<{{opIdx = 0, parent = #mma, kWidth = 1}}>
#B = #ttg.dot_op<{{opIdx = 1, parent = #mma, kWidth = 1}}>
module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = {warps[0] * warps[1]} : i32, ttg.target = "cuda:{cc}", "ttg.threads-per-warp" = 32 : i32}} {{
  tt.func public @dot({args}) {{
    {body}
    tt.return
  }}
}}
"""


def _mmas(module: object) -> list[str]:
    return [
        line.strip()
        for op in module.walk()  # type: ignore[attr-defined]
        if op.name == "llvm.inline_asm"
        for line in op.properties["asm_string"].data.split("\n")
        if line.strip().startswith("mma.sync")
    ]


@pytest.mark.parametrize("cc", [80, 90])
@pytest.mark.parametrize(
    ("m", "n", "k", "warps"),
    [(16, 8, 16, (1, 1)), (32, 32, 32, (2, 2)), (64, 64, 16, (2, 2)), (16, 16, 64, (1, 4)),
     # smaller than the 16 x 8 tile: the layout repeats rows and columns, one tile covers it
     (2, 4, 32, (1, 1)), (8, 2, 16, (1, 1))],
)
def test_f64_dot_is_exact(m: int, n: int, k: int, warps: tuple[int, int], cc: int) -> None:
    module = lower(parse_module(f64_dot_kernel(m, n, k, warps, cc)), cc)
    tiles = max(m // (16 * warps[0]), 1) * max(n // (8 * warps[1]), 1) * (k // 16)
    shapes = {line.split()[0] for line in _mmas(module)}
    if cc == 90:
        assert shapes == {"mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64"}
        assert len(_mmas(module)) == tiles
    else:
        assert shapes == {"mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64"}
        assert len(_mmas(module)) == 8 * tiles
    rng = np.random.default_rng(m + n + k)
    a, b, c = (rng.integers(-8, 8, shape).astype(np.float64) for shape in ((m, k), (k, n), (m, n)))
    *_, d = run_kernel(module, [a, b, c])
    np.testing.assert_array_equal(d, a @ b + c)
