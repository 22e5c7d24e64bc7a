"""Which SQMMA instructions a `ttmg.squad_dot` issues, and with which operands and registers.

Mirrors `convertSQMMADotImpl` of FlagTree's `DotOpToLLVM/SQMMA.cpp`, as plain integer functions
that both the LLVM lowering (`sqmma_lowering`) and the offline model (test/unit) use:

- the squads: warp `w` belongs to squad `w // 4`, which sits at `squadM = squad % (W0 / 4)`,
  `squadN = (squad // (W0 / 4)) % W1` and owns the `M x N` sub-tiles at
  `(squadM * M + repM * tileM, squadN * N + repN * tileN)`, where `tileM = M * W0 / 4` and
  `tileN = N * W1` are the CTA tile;
- each sub-tile takes `ceil(K / instK)` instructions, step `k` reading A at `(row, k * instK)` and B
  at `(k * instK, col)`;
- the sub-tile's accumulator is `V = M * N / 128` consecutive registers of each thread, starting at
  `V * (repN + repsN * repM)` (the SQMMA layout repeats its tile in registers, N first).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ttc.targets.musa.sqmma_encoding import SQUAD_WARPS

SQUAD_THREADS = SQUAD_WARPS * 32


@dataclass(frozen=True)
class SqmmaStep:
    """One SQMMA instruction of a squad: operand origins relative to the squad's own origin
    (`squad_origin`), and the first accumulator register."""

    a_origin: tuple[int, int]
    b_origin: tuple[int, int]
    first_register: int
    accumulate: bool
    """False for the first K step of a sub-tile when the dot has no accumulator input."""


def squad_origin(warp: int, warps_per_cta: Sequence[int],
                 instr_mn: Sequence[int]) -> tuple[int, int]:
    """(row, col) of the first sub-tile of the squad that warp `warp` belongs to."""
    squads_m = warps_per_cta[0] // SQUAD_WARPS
    squad = warp // SQUAD_WARPS
    return (squad % squads_m) * instr_mn[0], (squad // squads_m) % warps_per_cta[1] * instr_mn[1]


def accumulator_registers(instr_mn: Sequence[int]) -> int:
    """V: accumulator registers per thread for one SQMMA instruction."""
    return instr_mn[0] * instr_mn[1] // SQUAD_THREADS


def sqmma_steps(shape_mnk: Sequence[int], instr_mnk: Sequence[int],
                warps_per_cta: Sequence[int], use_accumulator: bool = True) -> list[SqmmaStep]:
    """Every instruction one squad issues for an `M x N x K` dot, in issue order."""
    m, n, k = shape_mnk
    inst_m, inst_n, inst_k = instr_mnk
    tile_m = inst_m * warps_per_cta[0] // SQUAD_WARPS
    tile_n = inst_n * warps_per_cta[1]
    reps_m, reps_n = max(1, m // tile_m), max(1, n // tile_n)
    per_tile = accumulator_registers((inst_m, inst_n))
    steps = []
    for rep_m in range(reps_m):
        for rep_n in range(reps_n):
            row, col = rep_m * tile_m, rep_n * tile_n
            for step in range(-(-k // inst_k)):
                steps.append(SqmmaStep((row, step * inst_k), (step * inst_k, col),
                                       per_tile * (rep_n + reps_n * rep_m),
                                       use_accumulator or step > 0))
    return steps
