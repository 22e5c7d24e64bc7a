"""The blocked-layout tables of the seed documents, reproduced from linear layouts.

Seed 004 (and seed 003, quoting Triton's own documentation) draws a 16x16 tensor with
`sizePerThread = [2, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 2], order = [1, 0]`: each
number is the thread holding that element. Seed 004 then splits a 32x32 tensor over 4 CTAs
(`CTAsPerCGA = [2, 2], CTASplitNum = [2, 2], CTAOrder = [1, 0]`), each CTA drawing the same table.
The rows below are copied verbatim from the seeds; the seeds elide the middle rows ("..."), which
follow the stated rule (rows 2k and 2k+1 hold threads 4k..4k+3, and 32 more for the second warp).
"""

from __future__ import annotations

from seed import SEED_PARAMS, seed_layout

from ttc.layouts.blocked import blocked_to_linear
from ttc.layouts.render import ownership

SEED_ROWS_16X16 = {
    0: "[ 0 0 1 1 2 2 3 3 ; 32 32 33 33 34 34 35 35 ]",
    1: "[ 0 0 1 1 2 2 3 3 ; 32 32 33 33 34 34 35 35 ]",
    2: "[ 4 4 5 5 6 6 7 7 ; 36 36 37 37 38 38 39 39 ]",
    3: "[ 4 4 5 5 6 6 7 7 ; 36 36 37 37 38 38 39 39 ]",
    14: "[ 28 28 29 29 30 30 31 31 ; 60 60 61 61 62 62 63 63 ]",
    15: "[ 28 28 29 29 30 30 31 31 ; 60 60 61 61 62 62 63 63 ]",
}


def seed_row(text: str) -> list[int]:
    """`[ 0 0 1 1 ; 32 32 ]` -> [0, 0, 1, 1, 32, 32]: the `;` separates the two warps' halves."""
    return [int(tok) for tok in text.strip("[] ").replace(";", " ").split()]


def seed_rule(row: int, col: int) -> int:
    """The seed's table, elided rows included: 2x2 blocks, 4 threads per row, warp 1 on the right."""
    return 4 * (row // 2) + (col % 8) // 2 + 32 * (col // 8)


def thread_table(layout_shape: tuple[int, int], **params: object) -> list[list[set[tuple[int, int]]]]:
    """For each element, the set of (block, thread) holding it."""
    layout = blocked_to_linear(layout_shape, **params)  # type: ignore[arg-type]
    table = ownership(layout)
    return [[{(o.block, o.thread) for o in cell} for cell in row] for row in table.rows]


def test_seed_rule_matches_the_verbatim_rows() -> None:
    for row, text in SEED_ROWS_16X16.items():
        assert [seed_rule(row, c) for c in range(16)] == seed_row(text)


def test_16x16_over_two_warps_verbatim_rows() -> None:
    table = thread_table((16, 16), **SEED_PARAMS)
    for row, text in SEED_ROWS_16X16.items():
        assert [next(iter(cell))[1] for cell in table[row]] == seed_row(text)


def test_16x16_over_two_warps_full_table() -> None:
    table = thread_table((16, 16), **SEED_PARAMS)
    for r in range(16):
        for c in range(16):
            assert table[r][c] == {(0, seed_rule(r, c))}, (r, c)


def test_16x16_registers_walk_each_2x2_block_row_major() -> None:
    table = ownership(seed_layout((16, 16)))
    for r in range(16):
        for c in range(16):
            (owner,) = table.rows[r][c]
            assert owner.register == 2 * (r % 2) + c % 2
            assert owner.warp == c // 8


def test_four_cta_example() -> None:
    table = thread_table(
        (32, 32),
        **SEED_PARAMS,
        ctas_per_cga=[2, 2],
        cta_split_num=[2, 2],
        cta_order=[1, 0],
    )
    # CTA [i,j] is drawn at block row i, block column j; with CTAOrder = [1, 0] its id is 2i + j.
    for r in range(32):
        for c in range(32):
            block = 2 * (r // 16) + c // 16
            assert table[r][c] == {(block, seed_rule(r % 16, c % 16))}, (r, c)
    for row, text in SEED_ROWS_16X16.items():
        for block_row in range(2):
            threads = [next(iter(cell))[1] for cell in table[16 * block_row + row]]
            assert threads[:16] == seed_row(text)
            assert threads[16:] == seed_row(text)
