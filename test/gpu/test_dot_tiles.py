"""One 64x64x32 `tt.dot` tile compiled by ttc from TTGIR, launched with cupy, checked against numpy.

The kernel (`TILE`, written for this test) loads A (64x32) and B (32x64) row-major in blocked
layouts, converts them to the dot operands (through shared memory), multiplies on tensor cores
(`#ttg.nvidia_mma` v2: f16, bf16, tf32) or with FMAs (a `#ttg.blocked` accumulator, fp32 ieee),
truncates to the output type in the accumulator layout, converts to a blocked layout and stores
under a mask (`m * 64 + n < limit`): the matmul epilogue of Triton's kernels without the loop and
the pipelined shared-memory loads. Masked-off outputs must keep their NaN poison.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

pytestmark = pytest.mark.gpu

M, N, K = 64, 64, 32
MMA = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>"
FMA = "#ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>"

TILE = """\
#la = #ttg.blocked<{{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}}>
#lb = #ttg.blocked<{{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}}>
#acc = {acc}
#da = #ttg.dot_op<{{opIdx = 0, parent = #acc{k_width}}}>
#db = #ttg.dot_op<{{opIdx = 1, parent = #acc{k_width}}}>
module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32}} {{
  tt.func public @dot_tile(%pa: !tt.ptr<{t}> {{tt.divisibility = 16 : i32}}, %pb: !tt.ptr<{t}> {{tt.divisibility = 16 : i32}}, %pc: !tt.ptr<{o}> {{tt.divisibility = 16 : i32}}, %limit: i32) attributes {{noinline = false}} {{
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #acc>
    %c32 = arith.constant dense<32> : tensor<64x1xi32, #la>
    %c64 = arith.constant dense<64> : tensor<32x1xi32, #lb>
    %c64c = arith.constant dense<64> : tensor<64x1xi32, #lb>
    %ra = tt.make_range {{end = 64 : i32, start = 0 : i32}} : tensor<64xi32, #ttg.slice<{{dim = 1, parent = #la}}>>
    %ka = tt.make_range {{end = 32 : i32, start = 0 : i32}} : tensor<32xi32, #ttg.slice<{{dim = 0, parent = #la}}>>
    %ra2 = tt.expand_dims %ra {{axis = 1 : i32}} : tensor<64xi32, #ttg.slice<{{dim = 1, parent = #la}}>> -> tensor<64x1xi32, #la>
    %ka2 = tt.expand_dims %ka {{axis = 0 : i32}} : tensor<32xi32, #ttg.slice<{{dim = 0, parent = #la}}>> -> tensor<1x32xi32, #la>
    %rowa = arith.muli %ra2, %c32 : tensor<64x1xi32, #la>
    %rowab = tt.broadcast %rowa : tensor<64x1xi32, #la> -> tensor<64x32xi32, #la>
    %kab = tt.broadcast %ka2 : tensor<1x32xi32, #la> -> tensor<64x32xi32, #la>
    %offa = arith.addi %rowab, %kab : tensor<64x32xi32, #la>
    %pas = tt.splat %pa : !tt.ptr<{t}> -> tensor<64x32x!tt.ptr<{t}>, #la>
    %pta = tt.addptr %pas, %offa : tensor<64x32x!tt.ptr<{t}>, #la>, tensor<64x32xi32, #la>
    %a = tt.load %pta : tensor<64x32x!tt.ptr<{t}>, #la>
    %kb = tt.make_range {{end = 32 : i32, start = 0 : i32}} : tensor<32xi32, #ttg.slice<{{dim = 1, parent = #lb}}>>
    %nb = tt.make_range {{end = 64 : i32, start = 0 : i32}} : tensor<64xi32, #ttg.slice<{{dim = 0, parent = #lb}}>>
    %kb2 = tt.expand_dims %kb {{axis = 1 : i32}} : tensor<32xi32, #ttg.slice<{{dim = 1, parent = #lb}}>> -> tensor<32x1xi32, #lb>
    %nb2 = tt.expand_dims %nb {{axis = 0 : i32}} : tensor<64xi32, #ttg.slice<{{dim = 0, parent = #lb}}>> -> tensor<1x64xi32, #lb>
    %rowb = arith.muli %kb2, %c64 : tensor<32x1xi32, #lb>
    %rowbb = tt.broadcast %rowb : tensor<32x1xi32, #lb> -> tensor<32x64xi32, #lb>
    %nbb = tt.broadcast %nb2 : tensor<1x64xi32, #lb> -> tensor<32x64xi32, #lb>
    %offb = arith.addi %rowbb, %nbb : tensor<32x64xi32, #lb>
    %pbs = tt.splat %pb : !tt.ptr<{t}> -> tensor<32x64x!tt.ptr<{t}>, #lb>
    %ptb = tt.addptr %pbs, %offb : tensor<32x64x!tt.ptr<{t}>, #lb>, tensor<32x64xi32, #lb>
    %b = tt.load %ptb : tensor<32x64x!tt.ptr<{t}>, #lb>
    %ad = ttg.convert_layout %a : tensor<64x32x{t}, #la> -> tensor<64x32x{t}, #da>
    %bd = ttg.convert_layout %b : tensor<32x64x{t}, #lb> -> tensor<32x64x{t}, #db>
    %d = tt.dot %ad, %bd, %zero{precision} : tensor<64x32x{t}, #da> * tensor<32x64x{t}, #db> -> tensor<64x64xf32, #acc>
{truncate}    %hb = ttg.convert_layout %h : tensor<64x64x{o}, #acc> -> tensor<64x64x{o}, #lb>
    %rc = tt.make_range {{end = 64 : i32, start = 0 : i32}} : tensor<64xi32, #ttg.slice<{{dim = 1, parent = #lb}}>>
    %rc2 = tt.expand_dims %rc {{axis = 1 : i32}} : tensor<64xi32, #ttg.slice<{{dim = 1, parent = #lb}}>> -> tensor<64x1xi32, #lb>
    %rowc = arith.muli %rc2, %c64c : tensor<64x1xi32, #lb>
    %rowcb = tt.broadcast %rowc : tensor<64x1xi32, #lb> -> tensor<64x64xi32, #lb>
    %ncb = tt.broadcast %nb2 : tensor<1x64xi32, #lb> -> tensor<64x64xi32, #lb>
    %offc = arith.addi %rowcb, %ncb : tensor<64x64xi32, #lb>
    %lim = tt.splat %limit : i32 -> tensor<64x64xi32, #lb>
    %mask = arith.cmpi slt, %offc, %lim : tensor<64x64xi32, #lb>
    %pcs = tt.splat %pc : !tt.ptr<{o}> -> tensor<64x64x!tt.ptr<{o}>, #lb>
    %ptc = tt.addptr %pcs, %offc : tensor<64x64x!tt.ptr<{o}>, #lb>, tensor<64x64xi32, #lb>
    tt.store %ptc, %hb, %mask : tensor<64x64x!tt.ptr<{o}>, #lb>
    tt.return
  }}
}}
"""


@dataclass(frozen=True)
class Tile:
    name: str
    element: str
    """The operands' MLIR type; the output has the same type."""
    accumulator: str
    k_width: int
    precision: str
    rtol: float

    def ttgir(self) -> str:
        truncate = (
            "    %h = arith.truncf %d : tensor<64x64xf32, #acc> to tensor<64x64x{o}, #acc>\n"
            if self.element != "f32" else "    %h = arith.addf %d, %zero : tensor<64x64xf32, #acc>\n"
        ).format(o=self.element)
        return TILE.format(
            acc=self.accumulator, k_width=f", kWidth = {self.k_width}" if self.k_width else "",
            t=self.element, o=self.element, truncate=truncate,
            precision=f", inputPrecision = {self.precision}" if self.precision else "",
        )


TILES = (
    Tile("f16", "f16", MMA, 2, "", 1e-2),
    Tile("bf16", "bf16", MMA, 2, "", 2e-2),
    Tile("tf32", "f32", MMA, 1, "tf32", 1e-2),
    Tile("fma", "f32", FMA, 0, "", 1e-5),
)


def _to_device(values: np.ndarray, element: str) -> np.ndarray:
    """The array the kernel reads: f16/f32 as themselves, bf16 as its 16 bits (round to nearest
    even)."""
    if element == "f16":
        return values.astype(np.float16)
    if element == "bf16":
        bits = values.astype(np.float32).view(np.uint32)
        return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)
    return values.astype(np.float32)


def _from_device(values: np.ndarray, element: str) -> np.ndarray:
    if element == "bf16":
        return (values.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    return values.astype(np.float64)


def _poison(element: str) -> int | float:
    return 0x7FC0 if element == "bf16" else np.nan


@pytest.mark.parametrize("tile", TILES, ids=lambda tile: tile.name)
def test_dot_tile(tile: Tile, tmp_path: Path) -> None:
    import cupy
    from launch import load

    source = tmp_path / "dot_tile.ttgir"
    source.write_text(tile.ttgir())
    binary, dump = tmp_path / "dot_tile.ptx", tmp_path / "dump"
    result = subprocess.run(
        [sys.executable, "-m", "ttc", "compile", str(source), "--target=cuda:80", "-o", str(binary),
         "--dump-dir", str(dump)], capture_output=True, text=True, check=False,
    )
    if result.returncode != 0:
        pytest.fail(f"ttc compile failed:\n{result.stderr}", pytrace=False)
    kernel = load(binary, json.loads((dump / "dot_tile.dot_tile.json").read_text()))
    rng = np.random.default_rng(0)
    a = _to_device(rng.standard_normal((M, K)), tile.element)
    b = _to_device(rng.standard_normal((K, N)), tile.element)
    expected = _from_device(a, tile.element) @ _from_device(b, tile.element)
    limit = M * N - 100
    out = cupy.full((M, N), _poison(tile.element), dtype=a.dtype)
    kernel(1, cupy.asarray(a), cupy.asarray(b), out, limit)
    got = _from_device(out.get(), tile.element).reshape(-1)
    np.testing.assert_allclose(got[:limit], expected.reshape(-1)[:limit], rtol=tile.rtol,
                               atol=tile.rtol * np.sqrt(K))
    assert np.isnan(got[limit:]).all()
