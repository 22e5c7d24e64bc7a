"""The SQMMA accumulator layout: both spellings, the closed form of the thread mapping, printing."""

from __future__ import annotations

import pytest

from ttc.dialects.context import make_context
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.ir.parser import TtcParser
from ttc.targets.musa.sqmma_encoding import (
    MthreadsSqmmaEncodingAttr,
    MusaSqmmaEncodingAttr,
    sqmma_to_linear,
)

CASES = [((4, 1), (32, 32)), ((8, 1), (32, 32)), ((4, 2), (16, 64)), ((8, 2), (64, 64)),
         ((16, 1), (128, 128)), ((4, 1), (64, 16))]


def owner(row: int, col: int, warps: tuple[int, int], m: int, n: int) -> tuple[int, int]:
    """(thread, value index) holding C[row, col] of one CTA tile, computed directly: lanes 8 along
    N and 4 along M, values 8 columns apart then 16 rows apart, a squad's warps 4 rows apart,
    squads along M then N."""
    squad_m, r = divmod(row, m)
    squad_n, c = divmod(col, n)
    lane = 8 * (r % 4) + c % 8
    warp = 4 * (squad_m + (warps[0] // 4) * squad_n) + (r // 4) % 4
    value = c // 8 + (n // 8) * (r // 16)
    return 32 * warp + lane, value


@pytest.mark.parametrize(("warps", "mn"), CASES)
def test_closed_form_and_bijection(warps: tuple[int, int], mn: tuple[int, int]) -> None:
    m, n = mn
    shape = (m * warps[0] // 4, n * warps[1])
    layout = sqmma_to_linear(shape, warps, m, n, ((1, 1), (1, 1), (1, 0)))
    assert layout.is_invertible()
    lanes = layout.in_dim_size("lane")
    for register in range(layout.in_dim_size("register")):
        for lane in range(lanes):
            for warp in range(layout.in_dim_size("warp")):
                out = layout.apply({"register": register, "lane": lane, "warp": warp, "block": 0})
                assert owner(out["dim0"], out["dim1"], warps, m, n) == (warp * lanes + lane, register)


def _parse(text: str) -> object:
    parser = TtcParser(make_context(), text, "<test>")
    return parser.parse_attribute()


def test_both_spellings_are_one_layout() -> None:
    old = _parse("#triton_gpu.mthreads_sqmma<{versionMajor = 3, versionMinor = 1, "
                 "warpsPerCTA = [4, 1], instrShape = [8, 32, 32]}>")
    new = _parse("#ttg.musa_sqmma<{versionMajor = 3, versionMinor = 1, "
                 "warpsPerCTA = [4, 1], instrShape = [32, 32, 32]}>")
    assert isinstance(old, MthreadsSqmmaEncodingAttr) and isinstance(new, MusaSqmmaEncodingAttr)
    assert old.instr_mnk == new.instr_mnk == (32, 32, 32)
    assert to_linear_layout(old, (64, 64)) == to_linear_layout(new, (64, 64))
    assert str(old) == ("#ttg.mthreads_sqmma<{versionMajor = 3, versionMinor = 1, "
                        "warpsPerCTA = [4, 1], instrShape = [8, 32, 32]}>")
    assert MthreadsSqmmaEncodingAttr.make((4, 1), (32, 32, 32)) == old
    assert MusaSqmmaEncodingAttr.make((4, 1), (32, 32, 32)) == new


def test_larger_tensor_repeats_n_first() -> None:
    layout = sqmma_to_linear((64, 64), (4, 1), 32, 32, ((1, 1), (1, 1), (1, 0)))
    registers = [layout.apply({"register": 1 << b, "lane": 0, "warp": 0, "block": 0})
                 for b in range(layout.in_dim_size_log2("register"))]
    assert [(r["dim0"], r["dim1"]) for r in registers] == [(0, 8), (0, 16), (16, 0), (0, 32),
                                                           (32, 0)]
