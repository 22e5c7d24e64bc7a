"""`ttg.convert_layout` lowered and run thread by thread (`llvm_sim`): every destination register
must hold its element, with no shared-memory race, through each route (registers, warp shuffles,
swizzled shared memory in one or several rounds, ldmatrix/stmatrix)."""

from __future__ import annotations

import numpy as np
import pytest

from ttc.transforms.allocate_shared_memory import AllocateSharedMemoryNvPass
from ttc_parse import parse_module

from llvm_sim import WARP, Simulator
from op_lowering import lower, lowering_over

MODULE = """
#src = {src}
#dst = {dst}
module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = {warps} : i32, "ttg.threads-per-warp" = 32 : i32}} {{
  tt.func @f(%arg0: tensor<{shape}x{element}, #src>) {{
    %0 = ttg.convert_layout %arg0 : tensor<{shape}x{element}, #src> -> tensor<{shape}x{element}, #dst>
    tt.return
  }}
}}
"""


def _value(index: np.ndarray, element: str) -> np.ndarray:
    """A value identifying each element (as many bits as the type has)."""
    if element == "i1":
        return (index ^ (index >> 3) ^ (index >> 6)) & 1
    width = {"i8": 8, "f16": 16, "bf16": 16, "i16": 16, "f32": 32, "i32": 32, "i64": 64}.get(element, 64)
    return (index * 2654435761 + 17) & ((1 << width) - 1) if width < 64 else index * 8 + 4096


def convert(src: str, dst: str, shape: str, element: str, warps: int, cc: int) -> Simulator:
    module = parse_module(MODULE.format(src=src, dst=dst, shape=shape, element=element, warps=warps))
    AllocateSharedMemoryNvPass(compute_capability=cc).apply(None, module)  # type: ignore[arg-type]
    func = next(iter(module.body.block.ops))
    op = next(o for o in func.walk() if o.name == "ttg.convert_layout")
    lw, block = lowering_over(op.operands[0], cc, warps, op)
    lower(lw, op)
    source = op.operands[0].type
    shared = module.attributes.get("ttg.shared")
    sim = Simulator(warps * WARP, shared.value.data if shared is not None else 0)  # type: ignore[attr-defined]

    def indices(layout, reg: int) -> np.ndarray:
        out = np.zeros(warps * WARP, dtype=np.int64)
        sizes = [layout.out_dim_size(d) for d in layout.out_dims]
        for t in range(warps * WARP):
            coords = layout.apply({"register": reg, "lane": t % WARP, "warp": t // WARP, "block": 0})
            flat, stride = 0, 1
            for d, size in zip(layout.out_dims, sizes, strict=True):
                flat += coords[d] * stride
                stride *= size
            out[t] = flat
        return out

    src_layout, dst_layout = lw.layout(source), lw.layout(op.results[0].type)
    for reg, arg in enumerate(block.args):
        sim.set(arg, _value(indices(src_layout, reg), element).astype(np.uint64))
    sim.run(block)
    for reg, value in enumerate(lw.regs(op.results[0])):
        expected = _value(indices(dst_layout, reg), element).astype(np.uint64)
        got = np.asarray(sim.get(value), dtype=np.uint64)
        assert np.array_equal(got, expected), f"register {reg}: {got[:8]} != {expected[:8]}"
    sim.shared_bytes = shared.value.data if shared is not None else 0  # type: ignore[attr-defined]
    return sim


def blocked(spt, tpw, wpc, order) -> str:
    return (
        f"#ttg.blocked<{{sizePerThread = {list(spt)}, threadsPerWarp = {list(tpw)}, "
        f"warpsPerCTA = {list(wpc)}, order = {list(order)}}}>"
    )


ROWS = blocked([1, 4], [8, 4], [2, 2], [1, 0])
COLS = blocked([4, 1], [4, 8], [2, 2], [0, 1])
MMA = "#ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]}>"


@pytest.mark.parametrize("element", ["i32", "f16", "i8", "i1", "f32"])
@pytest.mark.parametrize("cc", [80, 90])
def test_shared_memory_rows_to_columns(element: str, cc: int) -> None:
    sim = convert(ROWS, COLS, "32x32", element, 4, cc)
    assert sim.counts.get("nvvm.barrier0", 0) >= 1


def test_transpose_tile_is_bank_conflict_free_and_full_size() -> None:
    a = blocked([4, 1], [16, 2], [1, 4], [0, 1])
    b = blocked([1, 4], [2, 16], [4, 1], [1, 0])
    sim = convert(a, b, "64x64", "f32", 4, 90)
    assert sim.shared_bytes == 64 * 64 * 4
    assert sim.counts["llvm.store"] == 32 * 1 and sim.counts["llvm.load"] == 32


def test_multi_round_with_ldmatrix_in_one_warp() -> None:
    a = blocked([1, 32], [32, 1], [1, 1], [1, 0])
    b = blocked([4, 8], [8, 4], [1, 1], [1, 0])
    sim = convert(a, b, "32x32", "f32", 1, 80)
    # Three register bits are common to both layouts: eight rounds of one v4 store and one
    # ldmatrix.x4 each, a warp synchronisation after each store and between rounds.
    assert sim.counts["nvvm.ldmatrix"] == 8 and sim.counts["llvm.store"] == 8
    assert sim.counts["nvvm.bar.warp.sync"] == 15
    assert sim.shared_bytes == 32 * 32 * 4 // 8


def test_stmatrix_on_hopper() -> None:
    a = MMA
    b = blocked([1, 8], [4, 8], [4, 1], [1, 0])
    sim = convert(a, b, "64x64", "f16", 4, 90)
    assert sim.counts.get("nvvm.stmatrix", 0) > 0


@pytest.mark.parametrize("element", ["i32", "f16", "i8", "i1", "i64"])
@pytest.mark.parametrize(
    ("a", "b"),
    [
        (blocked([32, 1], [1, 32], [1, 1], [1, 0]), blocked([16, 2], [2, 16], [1, 1], [1, 0])),
        (blocked([32, 1], [1, 32], [1, 1], [0, 1]), blocked([16, 2], [2, 16], [1, 1], [0, 1])),
    ],
)
def test_warp_shuffles(a: str, b: str, element: str) -> None:
    sim = convert(a, b, "32x32", element, 1, 80)
    assert sim.counts.get("nvvm.shfl.sync", 0) > 0
    assert "llvm.store" not in sim.counts


@pytest.mark.parametrize("element", ["i32", "i1", "f16"])
def test_packed_shuffle_of_linear_layouts(element: str) -> None:
    a = "#ttg.linear<{register=[[1, 0], [2, 0], [4, 0]], lane=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp=[], block=[]}>"
    b = "#ttg.linear<{register=[[1, 0], [2, 0], [0, 1]], lane=[[4, 0], [0, 2], [0, 4], [0, 8], [0, 16]], warp=[], block=[]}>"
    sim = convert(a, b, "8x32", element, 1, 80)
    expected = {"i32": 4, "i1": 1, "f16": 2}[element]
    assert sim.counts["nvvm.shfl.sync"] == expected


@pytest.mark.parametrize(
    ("a", "b", "shape", "warps"),
    [
        (MMA, blocked([1, 4], [32, 1], [1, 4], [1, 0]), "32x16", 4),
        (blocked([1], [32], [1], [0]), "#ttg.slice<{dim = 0, parent = " + blocked([1, 4], [4, 8], [1, 1], [1, 0]) + "}>", "32", 1),
        (blocked([1], [32], [1], [0]), "#ttg.slice<{dim = 1, parent = " + blocked([1, 4], [4, 8], [1, 1], [1, 0]) + "}>", "32", 1),
        (blocked([1], [32], [1], [0]), blocked([4], [32], [1], [0]), "32", 1),
        (blocked([1, 16], [4, 8], [4, 1], [1, 0]), blocked([16, 1], [8, 4], [1, 4], [0, 1]), "128x128", 4),
        (blocked([2], [32], [8], [0]), blocked([1], [32], [8], [0]), "1", 8),
        (blocked([1, 4], [8, 4], [2, 2], [1, 0]), blocked([1, 4], [16, 2], [2, 2], [1, 0]), "32x32", 4),
        (blocked([1, 1], [32, 1], [4, 1], [1, 0]), blocked([1, 1], [1, 32], [1, 4], [1, 0]), "64x64", 4),
    ],
)
@pytest.mark.parametrize("element", ["i32", "i8", "f16"])
def test_conversions_keep_every_element(a: str, b: str, shape: str, warps: int, element: str) -> None:
    convert(a, b, shape, element, warps, 80)
    convert(b, a, shape, element, warps, 90)
