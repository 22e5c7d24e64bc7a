"""Shared-memory allocation, liveness and barrier insertion (Triton's Allocation and Membar)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from xdsl.dialects.builtin import ModuleOp

from ttc.analysis.allocation import allocate_module
from ttc.analysis.liveness import Liveness
from ttc.analysis.lowering_helpers import (
    ConversionKind,
    ReduceGeometry,
    ScanGeometry,
    conversion_kind,
    gather_is_warp_local,
)
from ttc.analysis.membar import insert_barriers
from ttc.ir.errors import TtcError
from ttc.layouts.blocked import blocked_to_linear
from ttc.pipelines.registry import get_pass
from ttc_parse import parse_module

KERNELS = Path(__file__).parents[2] / "gpu" / "kernels" / "triton-3.6"

HEADER = """
#row = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#tile = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#col = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
"""


def _module(body: str, warps: int = 4) -> ModuleOp:
    return parse_module(
        HEADER + f'module attributes {{"ttg.num-warps" = {warps} : i32}} {{\n{body}\n}}'
    )


def _run(module: ModuleOp, flag: str, **options: object) -> None:
    cls = get_pass(flag)
    assert cls is not None
    cls(**options).apply(None, module)  # type: ignore[arg-type]


@pytest.mark.parametrize("kernel", ["softmax", "row_sum", "layer_norm"])
@pytest.mark.parametrize("arch", ["sm80", "sm90"])
def test_oracle_kernels_get_tritons_shared_size(kernel: str, arch: str) -> None:
    module = parse_module((KERNELS / kernel / f"{arch}.ttgir").read_text())
    _run(module, "convert-scf-to-cf")
    _run(module, "allocate-shared-memory-nv", compute_capability=int(arch[2:]), ptx_version=80)
    expected = json.loads((KERNELS / kernel / f"{arch}.meta.json").read_text())["shared"]
    assert module.attributes["ttg.shared"].value.data == expected
    offsets = [
        op.attributes["allocation.offset"].value.data
        for op in module.walk()
        if "allocation.offset" in op.attributes
    ]
    assert offsets and all(o == 0 for o in offsets)


REDUCE = """
tt.func @f(%x: tensor<32x64xf32, #tile>, %i: tensor<32x64xi32, #tile>) {{
  %r:2 = "tt.reduce"(%x, %i) <{{axis = {axis} : i32}}> ({{
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %v = arith.maxnumf %a, %b : f32
    tt.reduce.return %v, %ai : f32, i32
  }}) : (tensor<32x64xf32, #tile>, tensor<32x64xi32, #tile>) -> (tensor<{n}xf32, #ttg.slice<{{dim = {axis}, parent = #tile}}>>, tensor<{n}xi32, #ttg.slice<{{dim = {axis}, parent = #tile}}>>)
  tt.return
}}
"""


@pytest.mark.parametrize(("axis", "size"), [(0, 4 * 64 * (4 + 4)), (1, 0)])
def test_reduce_scratch_follows_warps_along_the_axis(axis: int, size: int) -> None:
    module = _module(REDUCE.format(axis=axis, n=64 if axis == 0 else 32))
    allocation = allocate_module(module)
    assert allocation.shared_memory_size == size


def test_reduce_geometry_reads_lane_and_warp_bits_from_the_layout() -> None:
    module = _module(REDUCE.format(axis=0, n=64))
    reduce = next(op for op in module.walk() if op.name == "tt.reduce")
    geometry = ReduceGeometry.of(reduce.operands[0].type, 0)  # type: ignore[arg-type]
    assert geometry.lane_bits == (3, 4)  # lanes 8 and 16 step along dim 0
    assert geometry.warp_bits == (0, 1)
    assert geometry.scratch_shape == (4, 64)
    assert geometry.scratch_order == (0, 1)
    rows = ReduceGeometry.of(reduce.operands[0].type, 1)  # type: ignore[arg-type]
    assert rows.lane_bits == (0, 1, 2) and rows.is_warp_synchronous


def test_scan_scratch_matches_tritons_formula() -> None:
    module = _module(
        """
tt.func @f(%x: tensor<1024xf32, #row>) {
  %r = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    %v = arith.addf %a, %b : f32
    tt.scan.return %v : f32
  }) : (tensor<1024xf32, #row>) -> tensor<1024xf32, #row>
  tt.return
}"""
    )
    scan = next(op for op in module.walk() if op.name == "tt.scan")
    geometry = ScanGeometry.of(scan.operands[0].type, 0)  # type: ignore[arg-type]
    # 4 warps x 1 non-axis thread x 1 non-axis element x 2 blocks along the axis (1024 / 512)
    assert geometry.scratch_elements() == 8
    assert allocate_module(module).shared_memory_size == 8 * 4


def test_scan_scratch_counts_only_warps_with_distinct_data() -> None:
    # 64 elements over a 128-element tile: the second warp bit broadcasts, so 2 warps (not 4)
    # hold distinct data along the axis and the scratch has one slot per such warp.
    module = _module(
        """
tt.func @f(%x: tensor<64xf32, #col>) {
  %r = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    %v = arith.addf %a, %b : f32
    tt.scan.return %v : f32
  }) : (tensor<64xf32, #col>) -> tensor<64xf32, #col>
  tt.return
}"""
    )
    scan = next(op for op in module.walk() if op.name == "tt.scan")
    geometry = ScanGeometry.of(scan.operands[0].type, 0)  # type: ignore[arg-type]
    assert (geometry.warps, geometry.threads, geometry.contig) == ((2,), (32,), (1,))
    assert geometry.scratch_elements() == 2
    assert allocate_module(module).shared_memory_size == 2 * 4


def test_conversion_kinds() -> None:
    def blocked(spt, tpw, wpc):  # type: ignore[no-untyped-def]
        return blocked_to_linear((4, 128), spt, tpw, wpc, [1, 0])

    rows = blocked([1, 4], [1, 32], [4, 1])  # warp w holds row w, 4 neighbours per lane
    assert conversion_kind(rows, rows) is ConversionKind.REGISTERS
    pairs = blocked([1, 2], [1, 32], [4, 1])  # same rows; one register bit trades with a lane bit
    assert conversion_kind(rows, pairs) is ConversionKind.WARP_SHUFFLE
    strided = blocked([1, 1], [1, 32], [4, 1])  # lanes take neighbours: two register-lane swaps,
    assert conversion_kind(rows, strided) is ConversionKind.SHARED_MEMORY  # cheaper in memory
    columns = blocked([1, 4], [4, 8], [1, 4])  # warps split the columns instead
    assert conversion_kind(rows, columns) is ConversionKind.SHARED_MEMORY


def test_liveness_extends_through_loop_back_edges() -> None:
    module = _module(
        """
tt.func @f(%x: i32) -> i32 {
  %c = arith.constant 1 : i32
  cf.br ^bb1(%x : i32)
^bb1(%v: i32):
  %w = arith.addi %v, %c : i32
  %done = arith.cmpi eq, %w, %c : i32
  cf.cond_br %done, ^bb2, ^bb1(%w : i32)
^bb2:
  tt.return %w : i32
}"""
    )
    func = next(op for op in module.walk() if op.name == "tt.func")
    liveness = Liveness(func)
    constant = next(op for op in func.walk() if op.name == "arith.constant")
    live = liveness.live_operations(constant.results[0])
    names = sorted(op.name for op in live)
    # live in the entry block from its definition on, through the whole loop block, not after
    assert names == ["arith.addi", "arith.cmpi", "arith.constant", "cf.br", "cf.cond_br"]


def test_membar_inserts_one_barrier_between_reductions_sharing_scratch() -> None:
    body = """
tt.func @f(%x: tensor<1024xf32, #row>) -> f32 {
  %m = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.maxnumf %a, %b : f32
    tt.reduce.return %r : f32
  }) : (tensor<1024xf32, #row>) -> f32
  %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.addf %a, %b : f32
    tt.reduce.return %r : f32
  }) : (tensor<1024xf32, #row>) -> f32
  %t = arith.addf %m, %s : f32
  tt.return %t : f32
}"""
    module = _module(body)
    insert_barriers(module)
    func = next(op for op in module.walk() if op.name == "tt.func")
    top = [op.name for op in func.regions[0].block.ops]
    assert top == ["tt.reduce", "ttg.barrier", "tt.reduce", "arith.addf", "tt.return"]
    insert_barriers(module)  # idempotent: the barrier already separates the two
    assert [op.name for op in func.regions[0].block.ops] == top


def test_membar_after_async_wait() -> None:
    module = _module(
        """
tt.func @f() {
  ttg.async_wait {num = 0 : i32}
  tt.return
}"""
    )
    insert_barriers(module)
    func = next(op for op in module.walk() if op.name == "tt.func")
    assert [op.name for op in func.regions[0].block.ops] == ["ttg.async_wait", "ttg.barrier", "tt.return"]


def test_reduction_across_ctas_is_a_located_error() -> None:
    text = """
#split = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CTAsPerCGA = [2], CTASplitNum = [2], CTAOrder = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 2 : i32} {
  tt.func @f(%x: tensor<1024xf32, #split>) {
    %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<1024xf32, #split>) -> f32
    tt.return
  }
}"""
    module = parse_module(text, "split.mlir")
    with pytest.raises(TtcError) as info:
        allocate_module(module)
    assert info.value.message == (
        "cannot size the shared memory of 'tt.reduce': a reduction across CTAs is not supported"
    )
    assert info.value.location is not None and info.value.location.line == 5


GATHER = """
tt.func @f(%x: tensor<{src_shape}xf32, #src>, %i: tensor<{idx_shape}xi32, #idx>) {{
  %g = tt.gather %x[%i] {{axis = {axis} : i32}} : (tensor<{src_shape}xf32, #src>, tensor<{idx_shape}xi32, #idx>) -> tensor<{idx_shape}xf32, #idx>
  tt.return
}}
"""
ROWS_IN_WARPS = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>"
COLUMNS_IN_WARPS = "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>"


@pytest.mark.parametrize(
    ("src", "idx", "axis", "warp_local"),
    [
        (ROWS_IN_WARPS, ROWS_IN_WARPS, 1, True),  # each row in one warp, the same lanes
        (ROWS_IN_WARPS, ROWS_IN_WARPS, 0, False),  # columns span the 4 warps
        (COLUMNS_IN_WARPS, COLUMNS_IN_WARPS, 0, True),
        (COLUMNS_IN_WARPS, ROWS_IN_WARPS, 0, False),  # other warps hold the indices' columns
    ],
)
def test_gather_scratch_is_the_source_unless_warp_local(src: str, idx: str, axis: int, warp_local: bool) -> None:
    body = GATHER.format(src_shape="32x32", idx_shape="32x32", axis=axis)
    module = parse_module(
        f'#src = {src}\n#idx = {idx}\nmodule attributes {{"ttg.num-warps" = 4 : i32}} {{\n{body}\n}}'
    )
    gather = next(op for op in module.walk() if op.name == "tt.gather")
    assert gather_is_warp_local(gather.operands[0].type, gather.operands[1].type, axis) == warp_local  # type: ignore[arg-type]
    assert allocate_module(module).shared_memory_size == (0 if warp_local else 32 * 32 * 4)


@pytest.mark.parametrize("arch", ["sm80", "sm90"])
def test_interleave_kernel_gets_tritons_shared_size(arch: str) -> None:
    module = parse_module((KERNELS / "interleave" / f"{arch}.ttgir").read_text())
    _run(module, "convert-scf-to-cf")
    _run(module, "allocate-shared-memory-nv", compute_capability=int(arch[2:]), ptx_version=80)
    expected = json.loads((KERNELS / "interleave" / f"{arch}.meta.json").read_text())["shared"]
    assert module.attributes["ttg.shared"].value.data == expected
