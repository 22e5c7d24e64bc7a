"""tt.reduce and ttg.convert_layout lowered to LLVM, PTX and (when ptxas is found) cubin.

The oracle kernels' structure is compared with Triton 3.6's own PTX for the same TTGIR: the same
number of barriers, butterfly shuffles and shared-memory accesses, and the same `ttg.shared`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from nvidia_tools import target_ptx
from xdsl.dialects.builtin import ModuleOp

from ttc.ir.errors import TtcError
from ttc.pipelines.registry import get_pass
from ttc.targets.llvmir import emit_llvm_ir
from ttc.targets.nvidia.libdevice import find_libdevice, link_libdevice
from ttc.targets.nvidia.ptx import nvptx_data_layout
from ttc.targets.nvidia.ptxas import find_ptxas, ptx_to_cubin
from ttc_parse import parse_module

KERNELS = Path(__file__).parents[2] / "gpu" / "kernels" / "triton-3.6"
PTX_VERSION = 80


def _ptxas_available() -> bool:
    try:
        find_ptxas()
    except TtcError:
        return False
    return True


def lower(module: ModuleOp, cc: int) -> ModuleOp:
    for flag, options in [
        ("convert-scf-to-cf", {}),
        ("allocate-shared-memory-nv", {"compute_capability": cc, "ptx_version": PTX_VERSION}),
        ("convert-triton-gpu-to-llvm", {"compute_capability": cc, "ptx_version": PTX_VERSION}),
    ]:
        cls = get_pass(flag)
        assert cls is not None
        cls(**options).apply(None, module)  # type: ignore[arg-type]
    return module


def to_ptx(module: ModuleOp, cc: int) -> str:
    """The module's PTX as the target makes it: libdevice linked in when it calls `__nv_*`, O3,
    then code generation."""
    ir = emit_llvm_ir(
        module, triple="nvptx64-nvidia-cuda", data_layout=nvptx_data_layout(cc, PTX_VERSION),
        nvvm_reflect_ftz=True,
    )
    if "@__nv_" in ir:
        try:
            find_libdevice(None)
        except TtcError:
            pytest.skip("the kernel calls libdevice, and there is none on this machine")
    return target_ptx(link_libdevice(ir), cc=cc, ptx_version=PTX_VERSION)


def structure(ptx: str) -> dict[str, int]:
    return {
        "barriers": len(re.findall(r"\b(?:bar\.sync|barrier\.sync)\b", ptx)),
        "butterflies": len(re.findall(r"shfl\.sync\.bfly", ptx)),
        "shared stores": len(re.findall(r"\bst\.shared|\bstmatrix\.", ptx)),
        "shared loads": len(re.findall(r"\bld\.shared|\bldmatrix\.", ptx)),
    }


@pytest.mark.parametrize("kernel", ["softmax", "row_sum", "layer_norm"])
@pytest.mark.parametrize("arch", ["sm80", "sm90"])
def test_oracle_kernels_match_tritons_ptx_structure(kernel: str, arch: str) -> None:
    cc = int(arch[2:])
    module = lower(parse_module((KERNELS / kernel / f"{arch}.ttgir").read_text()), cc)
    meta = json.loads((KERNELS / kernel / f"{arch}.meta.json").read_text())
    assert module.attributes["ttg.shared"].value.data == meta["shared"]
    ptx = to_ptx(module, cc)
    assert structure(ptx) == structure((KERNELS / kernel / f"{arch}.ptx").read_text())
    if _ptxas_available():
        assert ptx_to_cubin(ptx, cc=cc)


TILE = """
#tile = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %iout: !tt.ptr<i32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #tile}>>
    %c = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #tile}>>
    %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #tile}>> -> tensor<32x1xi32, #tile>
    %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #tile}>> -> tensor<1x64xi32, #tile>
    %rb = tt.broadcast %r2 : tensor<32x1xi32, #tile> -> tensor<32x64xi32, #tile>
    %cb = tt.broadcast %c2 : tensor<1x64xi32, #tile> -> tensor<32x64xi32, #tile>
    %i = arith.xori %rb, %cb : tensor<32x64xi32, #tile>
    %x = arith.sitofp %i : tensor<32x64xi32, #tile> to tensor<32x64xf32, #tile>
    %red:2 = "tt.reduce"(%x, %i) <{axis = AXIS : i32}> ({
    ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
      %gt = arith.cmpf ogt, %a, %b : f32
      %v = arith.select %gt, %a, %b : f32
      %vi = arith.select %gt, %ai, %bi : i32
      tt.reduce.return %v, %vi : f32, i32
    }) : (tensor<32x64xf32, #tile>, tensor<32x64xi32, #tile>) -> (tensor<Nxf32, #ttg.slice<{dim = AXIS, parent = #tile}>>, tensor<Nxi32, #ttg.slice<{dim = AXIS, parent = #tile}>>)
    %o = tt.make_range {end = N : i32, start = 0 : i32} : tensor<Nxi32, #ttg.slice<{dim = AXIS, parent = #tile}>>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<N x!tt.ptr<f32>, #ttg.slice<{dim = AXIS, parent = #tile}>>
    %q = tt.addptr %p, %o : tensor<N x!tt.ptr<f32>, #ttg.slice<{dim = AXIS, parent = #tile}>>, tensor<Nxi32, #ttg.slice<{dim = AXIS, parent = #tile}>>
    tt.store %q, %red#0 : tensor<N x!tt.ptr<f32>, #ttg.slice<{dim = AXIS, parent = #tile}>>
    %ip = tt.splat %iout : !tt.ptr<i32> -> tensor<N x!tt.ptr<i32>, #ttg.slice<{dim = AXIS, parent = #tile}>>
    %iq = tt.addptr %ip, %o : tensor<N x!tt.ptr<i32>, #ttg.slice<{dim = AXIS, parent = #tile}>>, tensor<Nxi32, #ttg.slice<{dim = AXIS, parent = #tile}>>
    tt.store %iq, %red#1 : tensor<N x!tt.ptr<i32>, #ttg.slice<{dim = AXIS, parent = #tile}>>
    tt.return
  }
}
"""


def _argmax_kernel(axis: int) -> ModuleOp:
    n = 64 if axis == 0 else 32
    return parse_module(TILE.replace("AXIS", str(axis)).replace("N x", f"{n}x").replace("N", str(n)))


def test_argmax_across_warps_uses_scratch_for_both_operands() -> None:
    module = lower(_argmax_kernel(0), 90)
    assert module.attributes["ttg.shared"].value.data == 4 * 64 * (4 + 4)
    ptx = to_ptx(module, 90)
    counts = structure(ptx)
    # each thread holds 8 columns: lanes 8 and 16 within the warp, for both operands; then the
    # 4 x 64 partials take 2 rounds of 128 threads, each a butterfly over the 4 warps (2 steps)
    assert counts["butterflies"] == 8 * 2 * 2 + 2 * 2 * 2
    assert counts["barriers"] == 2
    assert counts["shared stores"] > 0 and counts["shared loads"] > 0
    if _ptxas_available():
        assert ptx_to_cubin(ptx, cc=90)


def test_reduction_within_warps_needs_no_shared_memory() -> None:
    module = lower(_argmax_kernel(1), 80)
    assert module.attributes["ttg.shared"].value.data == 0
    counts = structure(to_ptx(module, 80))
    # two rows per thread, each over lanes 1, 2 and 4, for both operands
    assert counts == {"barriers": 0, "butterflies": 2 * 3 * 2, "shared stores": 0, "shared loads": 0}


CONVERT = """
#rows = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows2 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [0, 1]}>
#cols = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%out: !tt.ptr<i32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #ttg.slice<{dim = 1, parent = #rows}>>
    %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<4xi32, #ttg.slice<{dim = 1, parent = #rows}>> -> tensor<4x1xi32, #rows>
    %v = tt.broadcast %r2 : tensor<4x1xi32, #rows> -> tensor<4x128xi32, #rows>
    %w = ttg.convert_layout %v : tensor<4x128xi32, #rows> -> tensor<4x128xi32, #DST>
    %p = tt.splat %out : !tt.ptr<i32> -> tensor<4x128x!tt.ptr<i32>, #DST>
    %q = tt.addptr %p, %w : tensor<4x128x!tt.ptr<i32>, #DST>, tensor<4x128xi32, #DST>
    tt.store %q, %w : tensor<4x128x!tt.ptr<i32>, #DST>
    tt.return
  }
}
"""


@pytest.mark.parametrize(
    ("dst", "shared", "barriers"),
    [("rows2", 0, 0), ("cols", 4 * 128 * 4, 1)],
)
def test_convert_layout_routes(dst: str, shared: int, barriers: int) -> None:
    module = lower(parse_module(CONVERT.replace("#DST", f"#{dst}")), 90)
    assert module.attributes["ttg.shared"].value.data == shared
    ptx = to_ptx(module, 90)
    counts = structure(ptx)
    assert counts["barriers"] == barriers
    assert (counts["shared stores"] > 0) == bool(shared)
    if _ptxas_available():
        assert ptx_to_cubin(ptx, cc=90)


def test_unsupported_combiner_is_a_located_error() -> None:
    text = TILE.replace("arith.cmpf ogt, %a, %b : f32", "arith.cmpf ogt, %a, %b : f32\n      %e = math.isnan %a : f32")
    text = text.replace("AXIS", "1").replace("N x", "32x").replace("N", "32")
    module = parse_module(text, "k.mlir")
    with pytest.raises(TtcError) as info:
        lower(module, 90)
    assert info.value.message == "cannot lower 'math.isnan' for cuda:90"
    isnan_line = next(n for n, line in enumerate(text.splitlines(), 1) if "math.isnan" in line)
    assert info.value.location is not None and info.value.location.line == isnan_line
