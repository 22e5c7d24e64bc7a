"""An offline model of SQMMA that executes the lowering's plan and shows it computes C = A·B.

No MUSA hardware exists here, so the hardware is modelled from its public description (MUTE's
descriptor bits and accumulator layout, FlagTree's TME swizzle):

- shared memory is a byte array; the TME writes a tile row-major, each 256-byte line swizzled
  at granularity SG (`swizzle`), and SQMMA reads through the same swizzle;
- a descriptor is MUTE's 32-bit word: start address in bits 0-17, leading stride type
  (B8 = 1 ... B256 = 6) in bits 18-20, swizzle granularity in bits 21-22;
- one instruction multiplies the `M x K` and `K x N` tiles its descriptors name and adds the
  product to the squad's accumulator fragments, thread `32 w + l` holding value `j` at row
  `l // 8 + 4 w + 16 (j // (N / 8))`, column `l % 8 + 8 (j % (N / 8))` of the tile.

The plan (`ttc.targets.musa.sqmma_plan`: squad origins, operand origins per K step, first
registers) drives the model exactly as it drives the LLVM lowering; the threads' registers are
then read back through the `#ttg.musa_sqmma` linear layout, as the rest of the compiler reads
them, and must equal A·B.
"""

from __future__ import annotations

import numpy as np
import pytest

from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.targets.musa.sqmma_encoding import MusaSqmmaEncodingAttr
from ttc.targets.musa.sqmma_plan import (
    SQUAD_THREADS,
    accumulator_registers,
    sqmma_steps,
    squad_origin,
)

SWIZZLE_LINE = 256
SWIZZLE_STRIDE = 256
SG_CODES = {0: 0, 16: 1, 32: 2, 64: 3}
LEAD_CODES = {8: 1, 16: 2, 32: 3, 64: 4, 128: 5, 256: 6}


def swizzle(address: int, granularity: int) -> int:
    """FlagTree's `doTMESwizzle` on a byte address within a tile (granularity 0: none)."""
    if granularity == 0:
        return address
    line, rest = divmod(address, SWIZZLE_LINE)
    sector = rest // granularity
    sector ^= line % (SWIZZLE_STRIDE // granularity)
    return line * SWIZZLE_LINE + sector * granularity + address % granularity


class SharedMemory:
    """Bytes of shared memory holding row-major tiles written by the (modelled) TME."""

    def __init__(self, size: int) -> None:
        self.data = np.zeros(size, dtype=np.uint8)

    def tme_write(self, base: int, tile: np.ndarray, granularity: int) -> None:
        raw = np.ascontiguousarray(tile).view(np.uint8).reshape(-1)
        for offset, byte in enumerate(raw):
            self.data[base + swizzle(offset, granularity)] = byte

    def read_tile(self, descriptor: int, base: int, rows: int, cols: int, full_cols: int,
                  dtype: np.dtype) -> np.ndarray:
        """The `rows x cols` tile a descriptor names (its start and stride, un-swizzled)."""
        start = descriptor & ((1 << 18) - 1)
        lead = {v: k for k, v in LEAD_CODES.items()}[(descriptor >> 18) & 7]
        granularity = {v: k for k, v in SG_CODES.items()}[(descriptor >> 21) & 3]
        size = dtype.itemsize
        assert lead == full_cols * size
        out = np.empty((rows, cols), dtype=dtype)
        for r in range(rows):
            for c in range(cols):
                logical = start - base + r * lead + c * size
                physical = base + swizzle(logical, granularity)
                out[r, c] = self.data[physical:physical + size].view(dtype)[0]
        return out


def descriptor(address: int, lead_bytes: int, granularity: int) -> int:
    """MUTE's `SqmmaDescriptor` word."""
    assert address < 1 << 18
    return address | LEAD_CODES[lead_bytes] << 18 | SG_CODES[granularity] << 21


def fragment_position(thread: int, value: int, instr_n: int) -> tuple[int, int]:
    """The SQMMA hardware's accumulator fragment: where value `value` of squad thread `thread`
    sits in the instruction's tile."""
    warp, lane = divmod(thread, 32)
    return (lane // 8 + 4 * warp + 16 * (value // (instr_n // 8)),
            lane % 8 + 8 * (value % (instr_n // 8)))


def run_squad_dot(a: np.ndarray, b: np.ndarray, warps: tuple[int, int],
                  instr: tuple[int, int, int], granularity: int) -> np.ndarray:
    """Execute the plan on the modelled hardware; C read back through the layout."""
    m, k = a.shape
    n = b.shape[1]
    memory = SharedMemory(a.nbytes + b.nbytes)
    a_base, b_base = 0, a.nbytes
    memory.tme_write(a_base, a, granularity)
    memory.tme_write(b_base, b, granularity)
    layout = to_linear_layout(MusaSqmmaEncodingAttr.make(warps, instr), (m, n))
    num_threads = 32 * warps[0] * warps[1]
    registers = np.zeros((num_threads, layout.in_dim_size("register")), dtype=np.float32)
    per_tile = accumulator_registers(instr[:2])
    size = a.dtype.itemsize
    for squad_first in range(0, num_threads, SQUAD_THREADS):
        row0, col0 = squad_origin(squad_first // 32, warps, instr[:2])
        for step in sqmma_steps((m, n, k), instr, warps):
            (ar, ac), (br, bc) = step.a_origin, step.b_origin
            desc_a = descriptor(a_base + ((row0 + ar) * k + ac) * size, k * size, granularity)
            desc_b = descriptor(b_base + (br * n + col0 + bc) * size, n * size, granularity)
            tile_a = memory.read_tile(desc_a, a_base, instr[0], instr[2], k, a.dtype)
            tile_b = memory.read_tile(desc_b, b_base, instr[2], instr[1], n, b.dtype)
            product = tile_a.astype(np.float32) @ tile_b.astype(np.float32)
            for thread in range(SQUAD_THREADS):
                for value in range(per_tile):
                    r, c = fragment_position(thread, value, instr[1])
                    registers[squad_first + thread, step.first_register + value] += product[r, c]
    c_out = np.full((m, n), np.nan, dtype=np.float32)
    for thread in range(num_threads):
        warp, lane = divmod(thread, 32)
        for reg in range(registers.shape[1]):
            out = layout.apply({"register": reg, "lane": lane, "warp": warp, "block": 0})
            c_out[out["dim0"], out["dim1"]] = registers[thread, reg]
    return c_out


@pytest.mark.parametrize(("shape", "warps", "instr", "granularity"), [
    ((32, 32, 32), (4, 1), (32, 32, 32), 0),      # the slide's tile
    ((32, 32, 32), (4, 1), (32, 32, 16), 32),     # two K steps, 32-byte swizzle
    ((64, 64, 32), (4, 1), (64, 64, 32), 16),     # the corpus matmul's tile
    ((64, 128, 32), (4, 2), (32, 64, 16), 0),     # two squads side by side, repeats along M
    ((128, 64, 64), (8, 1), (64, 64, 64), 64),    # two squads stacked along M
])
def test_sqmma_plan_computes_a_times_b(shape: tuple[int, int, int], warps: tuple[int, int],
                                       instr: tuple[int, int, int], granularity: int) -> None:
    m, n, k = shape
    rng = np.random.default_rng(sum(shape) + granularity)
    a = rng.standard_normal((m, k)).astype(np.float16)
    b = rng.standard_normal((k, n)).astype(np.float16)
    c = run_squad_dot(a, b, warps, instr, granularity)
    expected = a.astype(np.float32) @ b.astype(np.float32)
    np.testing.assert_allclose(c, expected, rtol=1e-5, atol=1e-4)


def test_the_model_catches_a_wrong_register_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """Numbering the repeated tiles' registers M first (not the layout's N first) is caught."""
    import sys

    from ttc.targets.musa.sqmma_plan import SqmmaStep
    from ttc.targets.musa.sqmma_plan import sqmma_steps as planned

    def m_first(shape, instr, warps, use_accumulator=True):  # type: ignore[no-untyped-def]
        tile_m, tile_n = instr[0] * warps[0] // 4, instr[1] * warps[1]
        reps_m, per_tile = shape[0] // tile_m, accumulator_registers(instr[:2])
        return [SqmmaStep(s.a_origin, s.b_origin,
                          per_tile * (s.a_origin[0] // tile_m + reps_m * (s.b_origin[1] // tile_n)),
                          s.accumulate)
                for s in planned(shape, instr, warps, use_accumulator)]

    monkeypatch.setattr(sys.modules[__name__], "sqmma_steps", m_first)
    a = np.ones((64, 32), dtype=np.float16)
    b = np.arange(32 * 128, dtype=np.float16).reshape(32, 128) / 64
    c = run_squad_dot(a, b, (4, 1), (32, 64, 32), 0)
    assert not np.allclose(c, a.astype(np.float32) @ b.astype(np.float32))
